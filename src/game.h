/* game.h: the compiled game, the IR every later layer reads.
 *
 * Holds the metadata, the board (board.h), the sides and their piece
 * kinds, and the setup. Rules, phases and options come in later layers of
 * the IR and are added here as they are built.
 */
#ifndef RIMAU_GAME_H
#define RIMAU_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "rules.h"

#define RM_MAX_SIDES 4
#define RM_MAX_KINDS 16        /* piece kinds over all sides */
#define RM_MAX_PIECES 255      /* pieces of one kind */
#define RM_MAX_TEXTS 64        /* aliases, sources, notes */

typedef struct rm_kind {
    char *name;
    int side;
    int count;                 /* pieces of this kind in the game */
    bool stacks;               /* may share a point with pieces of its kind */
    char symbol;               /* letter drawn on the board */
    int hand;                  /* pieces in hand at the start */
} rm_kind;

typedef struct rm_side {
    char *name;
    int first_kind, nkinds;    /* its kinds: kinds[first_kind .. first_kind+nkinds) */
} rm_side;

typedef struct rm_game {
    char *name;
    int naliases, nsources, nnotes;
    char *aliases[RM_MAX_TEXTS];
    char *origin;
    char *sources[RM_MAX_TEXTS];
    char *notes[RM_MAX_TEXTS];

    rm_board board;

    int nsides;
    rm_side sides[RM_MAX_SIDES];
    int nkinds;
    rm_kind kinds[RM_MAX_KINDS];

    /* The setup: the kind on each point (-1 empty) and how many. */
    int8_t setup_kind[RM_MAX_POINTS];
    uint8_t setup_count[RM_MAX_POINTS];

    int noptions;
    rm_option options[RM_MAX_OPTIONS];
    rm_rules rules;

    /* Tables derived for the executor (exec_prepare in exec.c). */
    uint64_t zob_cell[RM_MAX_POINTS][RM_MAX_KINDS];
    uint64_t zob_hand[RM_MAX_KINDS];
    uint64_t zob_side[2];
    uint64_t zob_phase[2][RM_MAX_PHASES];
    uint64_t zob_pturn[2];
} rm_game;

/* Option values chosen on the command line (-o NAME=VALUE). */
typedef struct rm_choices {
    int n;
    const char *name[RM_MAX_OPTIONS];
    const char *value[RM_MAX_OPTIONS];
} rm_choices;

void game_free(rm_game *g);
/* Index of the piece kind named NAME, or -1. */
int game_kind(const rm_game *g, const char *name);
/* Index of the side named NAME, or -1. */
int game_side(const rm_game *g, const char *name);

#endif
