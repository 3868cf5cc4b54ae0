/* notation.h: turns as text.
 *
 * A drop is the point ("c4"), or KIND@POINT when the side has several
 * kinds; a step, slide, leap or relocation is FROM-TO ("c3-c4"); a
 * capture FROMxTO ("c3xc5"), a chain of captures by one piece
 * "a1xc3xe5"; a removal xPOINT ("xb4"). The moves of one turn are joined
 * by commas: "xb4,xc4,xd4,c7-a1". A turn in which no move is made (all
 * of its steps optional) is "-".
 */
#ifndef RIMAU_NOTATION_H
#define RIMAU_NOTATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exec.h"

#define RM_MAX_TURN_TEXT 1024 /* a buffer for most turns' texts: they may be longer */

/* Writes the turn into BUF of SIZE bytes (NUL-terminated when SIZE > 0);
 * returns the length of its whole text, which is cut when that is SIZE or
 * more (as snprintf). */
size_t rm_format_turn(const rm_game *g, const rm_move *moves, int n, char *buf, size_t size);
/* The whole text of the turn, allocated (NULL when out of memory). A turn
 * of 128 drops of kinds with long names has a text of hundreds of KB. */
char *rm_turn_text(const rm_game *g, const rm_move *moves, int n);

/* Finds the legal turn of ST written TEXT (blanks are ignored, but blanks
 * between two moves part them as a comma does: "a1 b1" is "a1,b1"; moves
 * of a turn may come in any order that makes a legal sequence). Returns 0
 * and stores its moves; -1 with a message in ERR when the turn is read but not
 * legal; -2 when the text cannot be read as a turn at all (an unknown
 * point, not turn notation). The legal turns are those the rules allow
 * in ST (rm_legal_turns): whether the game is over is not asked here
 * (rm_match_parse_turn asks it). */
int rm_parse_turn(const rm_game *g, const rm_state *st, const char *text, rm_move *moves,
                  int *n, char *err, size_t errsize);
/* The same with the legal turns of ST already listed in L (by
 * rm_legal_turns, or rm_match_turns). */
int rm_parse_turn_in(const rm_game *g, const rm_state *st, const rm_turnlist *l,
                     const char *text, rm_move *moves, int *n, char *err, size_t errsize);

/* Turns that one line can stand for, for people to read: every choice of
 * K drops of one kind (or K removals) among a set of points, as Tiger and
 * Buffaloes' 1,820 first turns, 4 drops on any of 16 points. The points
 * in every turn of the group (NFIXED, as a point the list was narrowed
 * to) come first in POINTS, the others after them, each part in the
 * board's order. */
typedef struct rm_turn_group {
    int first;                 /* the index of its first turn in the list */
    int nturns;                /* C(npoints - nfixed, k - nfixed) */
    int type;                  /* RM_MV_DROP or RM_MV_REMOVE */
    int kind;                  /* the kind dropped (drops) */
    int k;                     /* the moves of each turn, 2 or more */
    int nfixed, npoints;
    uint8_t points[RM_MAX_POINTS];
} rm_turn_group;

#define RM_MAX_TURN_GROUPS 16

/* Finds the groups of the turns of L that SHOWN marks (NULL: every turn):
 * sets GROUP_OF[i] (L->n of them) to the group of turn i, or -1 when it
 * is in none, and returns the number of groups written into GROUPS (at
 * most RM_MAX_TURN_GROUPS); -1 when out of memory (GROUP_OF all -1). A
 * group has two turns or more, and exactly the turns it says. */
int rm_turn_groups(const rm_turnlist *l, const bool *shown, rm_turn_group *groups, int *group_of);
/* Writes the group as a line into BUF of SIZE bytes ("4 drops on any of
 * the 16 points a1 b1 ... (1,820 turns, e.g. a1,b1,c1,d1)"); returns its
 * whole length, as rm_format_turn. */
size_t rm_format_group(const rm_game *g, const rm_turnlist *l, const rm_turn_group *gr, char *buf,
                       size_t size);

#endif
