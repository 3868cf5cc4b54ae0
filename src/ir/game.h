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
#include "suggest.h"

#define RM_MAX_KINDS 16        /* piece kinds over all sides */
#define RM_MAX_PIECES 255      /* pieces of one kind */
#define RM_MAX_TEXTS 64        /* aliases, sources, notes */

typedef struct rm_kind {
    char *name;
    int side;
    int count;                 /* pieces of this kind in the game */
    bool stacks;               /* may share a point with pieces of its kind (in the setup) */
    bool stacks_in_play;       /* ... and in play: it may enter a point holding its kind */
    char symbol;               /* letter drawn on the board */
    int hand;                  /* pieces in hand at the start */
} rm_kind;

/* A side's forward (rm_side.forward). */
enum {
    RM_FORWARD_NONE,           /* none: its filters may not say forward, backward, sideways */
    RM_FORWARD_COMPASS,        /* a way of the board's coordinates (forward_way) */
    RM_FORWARD_TOWARD          /* toward the nearest point of a set (forward_set) */
};

typedef struct rm_side {
    char *name;
    int first_kind, nkinds;    /* its kinds: kinds[first_kind .. first_kind+nkinds) */
    uint8_t forward;           /* RM_FORWARD_* */
    uint8_t forward_way;       /* COMPASS: RM_POINT_UP, _DOWN, _LEFT or _RIGHT (board.h) */
    rm_set forward_set;        /* TOWARD: the points a forward move comes nearer to */
    uint64_t kind_mask[2];     /* derived: bytes 0xFF at its kinds, over counts per kind */
    uint8_t *ray_class;        /* derived: the class of each ray of the board for this side
                                * (RM_RAY_CLASS, rules.h), by the ray's index in board.rays */
    uint16_t *fwd_level;       /* derived: how far forward each point stands for this side,
                                * 1 for the points farthest back, by the side's forward (the
                                * same for points level within DIR_EPS); NULL: no forward */
} rm_side;

/* Examples: documented facts, checked by rimau validate. Each step is run
 * in order: AFTER plays turns, POSITION replaces the position, the others
 * assert something of the position reached. */
enum {
    RM_EX_AFTER, RM_EX_POSITION, RM_EX_LEGAL, RM_EX_ILLEGAL, RM_EX_EMPTY_COUNT,
    RM_EX_EMPTY_SET, RM_EX_HOLDS, RM_EX_IN_HAND, RM_EX_ON_BOARD, RM_EX_TO_MOVE,
    RM_EX_IN_PHASE, RM_EX_TURN_NO, RM_EX_TURN_COUNT, RM_EX_RESULT
};

typedef struct rm_position {
    int8_t kind[RM_MAX_POINTS];
    uint8_t count[RM_MAX_POINTS];
    int hand[RM_MAX_KINDS];
    int to_move;               /* -1: the side that moves first */
    int phase[2];              /* -1: the side's first phase */
    rm_set huff;               /* the pieces the side to move may huff (captures huffed by
                                * opponent): points of the other side's pieces */
} rm_position;

typedef struct rm_example_step {
    int op;                    /* RM_EX_* */
    int line, col;             /* where it is written */
    int a, b;                  /* kind, side, count, phase index, result... by op */
    char *text;                /* turns (AFTER, LEGAL, ILLEGAL); a position string
                                * (POSITION without POS) */
    rm_set set;                /* EMPTY_SET, HOLDS */
    rm_position *pos;          /* POSITION { ... } */
} rm_example_step;

typedef struct rm_example {
    char *name;
    int line;
    bool off;                  /* its `with` lines do not match the options in
                                * force: not compiled (no steps), not run */
    int nwith;
    char *with_name[RM_MAX_OPTIONS];
    char *with_value[RM_MAX_OPTIONS];
    int nquotes;
    int nsteps;
    rm_example_step *steps;
} rm_example;

#define RM_MAX_EXAMPLES 256

/* The keys of a position's Zobrist hash, derived from the game by
 * derive_game (derive.c): a position's hash is the XOR of the key of
 * each kind on each point times its count, of each hand times its size,
 * of the side to move, of each side's phase, of each side's key of
 * turns played in its phase times their number, of a pass that ended
 * the game, and of each point whose piece may be huffed. */
typedef struct rm_zobrist {
    uint64_t cell[RM_MAX_POINTS][RM_MAX_KINDS];
    uint64_t hand[RM_MAX_KINDS];
    uint64_t side[2];
    uint64_t phase[2][RM_MAX_PHASES];
    uint64_t pturn[2];
    /* the counters of the rules that count turns (rules.h), times their counts */
    uint64_t stall[2];
    uint64_t quiet;
    uint64_t pass_end[RM_BLOCKED_RULES]; /* the last turn was a blocked side's pass after which
                                          * the game is over, by that side's rule (0: none) */
    uint64_t huff[RM_MAX_POINTS]; /* a piece the side to move may huff (by opponent), by point */
} rm_zobrist;

/* What the executor keeps with a game once it plays it (the turn cache,
 * movegen.h): made by the executor, read by every thread, and freed with
 * the game by its DESTROY. The IR knows only this header of it. */
typedef struct rm_exec_cache {
    void (*destroy)(struct rm_exec_cache *c);
} rm_exec_cache;

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
    int nexamples;
    rm_example *examples;
    char *path;                /* the file it was loaded from */

    rm_zobrist zob;            /* derived (derive.c) */
    struct rm_layout *layout;  /* derived: the board's bit layout (layout.h) */

    /* The executor's cache (NULL: none yet), set once and atomically
     * (rm_turn_cache_prepare, movegen.h): with the bit kernel below, the
     * two fields written after the compile step. */
    _Atomic(rm_exec_cache *) exec_cache;
    /* The bit kernel of the game (bitgen.h), made on first use and set
     * once, atomically, like the cache. */
    _Atomic(rm_exec_cache *) bit_kernel;
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

/* The names game_hint looks among (or'ed). */
enum {
    GAME_POINTS = 1 << 0,
    GAME_REGIONS = 1 << 1,
    GAME_KINDS = 1 << 2,
    GAME_SIDES = 1 << 3,
    GAME_OPTIONS = 1 << 4,
    GAME_PHASES = 1 << 5,      /* of the side SIDE, or of every side when SIDE < 0 */
};
/* "; did you mean 'X'?" (suggest.h) for WORD, which names nothing, among
 * G's names of the kinds WHAT, or "": into BUF (RM_SUGGEST_TEXT bytes). */
const char *game_hint(const rm_game *g, unsigned what, int side, const char *word, char *buf);
/* The same among the values of option O. */
const char *option_hint(const rm_option *o, const char *word, char *buf);
/* game_hint into a buffer that lasts as long as the enclosing block. */
#define GAME_HINT(g, what, word) game_hint((g), (what), -1, (word), (char[RM_SUGGEST_TEXT]){ 0 })
#define OPTION_HINT(o, word) option_hint((o), (word), (char[RM_SUGGEST_TEXT]){ 0 })

#endif
