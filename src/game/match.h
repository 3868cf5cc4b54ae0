/* match.h: a game being played: its states turn by turn, the text of each
 * turn, undo, and its result (decided by rm_result, result.h, from the
 * game's history). */
#ifndef RIMAU_MATCH_H
#define RIMAU_MATCH_H

#include "exec.h"

typedef struct rm_match {
    const rm_game *g;
    int n;                /* turns played */
    int cap;
    rm_state *states;     /* states[0] is the start, states[n] the position now */
    char **texts;         /* texts[i]: turn i+1 in notation */
    rm_history hist;      /* the positions so far, for repetitions */
    /* The position after LIST_AT turns (-1: none yet) as rm_result saw
     * it: its result, the rule that decided it, and its legal turns (none
     * once the game is over). */
    int list_at;
    int result;
    rm_outcome end;
    rm_turnlist list;
    char why[160];        /* how the game ended, after rm_match_result */
} rm_match;

int rm_match_init(rm_match *m, const rm_game *g);
void rm_match_free(rm_match *m);
static inline const rm_state *rm_match_state(const rm_match *m)
{
    return &m->states[m->n];
}
/* Plays a turn given by its moves; -1 when out of memory. */
int rm_match_play(rm_match *m, const rm_move *moves, int n);
/* Finds the legal turn written TEXT in the position now, as
 * rm_parse_turn_in does (0, -1 or -2), but -1 when the game is over. */
int rm_match_parse_turn(rm_match *m, const char *text, rm_move *moves, int *n, char *err,
                        size_t errsize);
/* Plays the turn written TEXT; -1 with a message in ERR if it is not legal. */
int rm_match_play_text(rm_match *m, const char *text, char *err, size_t errsize);
/* Plays the turns of TEXT, separated by blanks or ';' (blanks next to a
 * comma stay inside a turn; numbers like "12." are skipped). Returns -1
 * with "turn N 'TEXT': why" in ERR at the first one that is not legal. */
int rm_match_play_many(rm_match *m, const char *text, char *err, size_t errsize);
/* Starts the game again from START, no turn played. */
void rm_match_restart(rm_match *m, const rm_state *start);
/* Takes back up to TURNS turns; returns how many were taken back. */
int rm_match_undo(rm_match *m, int turns);
/* The legal turns now (empty when the game is over, or when they cannot
 * be generated: then m->list.too_many or m->list.failed is set). They are
 * computed once per position, in the order of rm_legal_turns: the list
 * stays valid until the next play or undo. */
const rm_turnlist *rm_match_turns(rm_match *m);
/* RM_ONGOING, RM_DRAW or the winning side, by rm_result; m->end holds
 * the rule that decided it and m->why says it in words. */
int rm_match_result(rm_match *m);

/* What turn I+1 of M did (played from states[I] to states[I+1], 0 <= I <
 * M->n), as its pictures and its line in a list of turns show it: its
 * moves and captures as arrows (from, to), the points a piece was put on,
 * and on each point the pieces of the other side it took (worked out from
 * the two positions, so that leaps over several points and removals are
 * all seen). */
typedef struct rm_turn_marks {
    int narrows;
    uint8_t arrows[RM_MAX_TURN_MOVES][2];
    bool dropped[RM_MAX_POINTS];
    int lost[RM_MAX_POINTS];   /* pieces taken on each point */
    int ntaken;                /* the points where pieces were taken */
} rm_turn_marks;
void rm_match_turn_marks(const rm_match *m, int i, rm_turn_marks *t);

#endif
