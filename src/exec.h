/* exec.h: the generic executor: a fixed-size state, the legal turns of a
 * state, applying a turn, and the result of a game.
 *
 * Generating turns allocates nothing once a turn list has grown to its
 * working size; a state is a plain value, copied to make a move.
 */
#ifndef RIMAU_EXEC_H
#define RIMAU_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

#define RM_MAX_TURN_MOVES 128  /* moves in one turn, chains included */
#define RM_MAX_GEN_STEPS 4000000 /* partial turns tried for one position */
#define RM_MAX_TURNS 200000      /* distinct legal turns of one position */

typedef struct rm_state {
    uint64_t hash;             /* Zobrist hash of everything but the turn number */
    uint16_t turn;             /* turns played */
    uint8_t to_move;           /* the side to move */
    uint8_t phase[2];          /* each side's phase (index into rules.phases) */
    uint8_t phase_turns[2];    /* turns each side has played in its phase, counted only as far as the phase needs */
    uint8_t hand[RM_MAX_KINDS];
    uint8_t on_board[RM_MAX_KINDS];
    rm_set occ[2];             /* the points holding each side's pieces */
    int8_t kind[RM_MAX_POINTS];    /* the kind on each point, -1 empty */
    uint8_t count[RM_MAX_POINTS];  /* how many pieces (a stack when more than one) */
} rm_state;

/* One move of a turn. */
enum { RM_MV_DROP, RM_MV_MOVE, RM_MV_CAPTURE, RM_MV_REMOVE };
enum {
    RM_MVF_CHAIN = 1,          /* a capture continuing the capture before it */
    RM_MVF_DEFER = 2           /* the jumped pieces leave when the chain ends */
};
typedef struct rm_move {
    uint8_t type;              /* RM_MV_* */
    uint8_t flags;             /* RM_MVF_* */
    uint8_t kind;              /* the piece dropped, moved or taken */
    uint8_t from, to;          /* points (DROP: to only; REMOVE: from only) */
    uint8_t ray;               /* CAPTURE: the ray of FROM it leaps along */
    uint8_t jumped;            /* CAPTURE: the number of points leapt over */
} rm_move;

/* A list of the distinct legal turns of a state. */
typedef struct rm_turn {
    uint64_t hash;             /* of the state the turn leads to */
    uint32_t off;              /* its moves: list->moves[off .. off+n) */
    uint16_t n;
    bool captured;
} rm_turn;

typedef struct rm_turnlist {
    int n, cap;
    rm_turn *turns;
    size_t nmoves, capmoves;
    rm_move *moves;
    /* the hashes seen, an open-addressing set cleared by bumping the stamp */
    uint32_t seen_cap, seen_n, stamp;
    uint64_t *seen_hash;
    uint32_t *seen_stamp;
    bool failed;               /* out of memory, or too many ways to play */
    bool too_many;             /* more than RM_MAX_GEN_STEPS partial turns */
} rm_turnlist;

enum { RM_ONGOING = -2, RM_DRAW = -1 };

/* How many times the executor has allocated memory (turn lists growing):
 * benchmarks show that it stays the same over a run of playouts. */
uint64_t rm_exec_allocations(void);

/* Prepares the tables the executor needs (Zobrist keys). */
void exec_prepare(rm_game *g);

void rm_initial(const rm_game *g, rm_state *st);
/* A state with KIND[p] (-1 empty) and COUNT[p] pieces on each point,
 * HAND[k] pieces of each kind in hand, TO_MOVE to move, and each side in
 * its phase PHASE[s] (-1: the side's first phase), no turn played. */
void rm_state_set(const rm_game *g, rm_state *st, const int8_t *kind, const uint8_t *count,
                  const int *hand, int to_move, const int phase[2]);
uint64_t rm_hash(const rm_game *g, const rm_state *st);
/* The phase in force for SIDE. */
static inline const rm_phase *rm_side_phase(const rm_game *g, const rm_state *st, int side)
{
    return &g->rules.phases[st->phase[side]];
}

void rm_turnlist_init(rm_turnlist *l);
void rm_turnlist_free(rm_turnlist *l);
/* Fills L with the distinct legal turns of ST (two orders of the same
 * removals, or two chains ending in the same position, are one turn).
 * Returns their number, or -1 when out of memory or when the position has
 * too many ways to play (l->too_many: more than RM_MAX_GEN_STEPS partial
 * turns or RM_MAX_TURNS turns, as "drop p 32 times" on a large board would
 * have). */
int rm_legal_turns(const rm_game *g, const rm_state *st, rm_turnlist *l);
static inline const rm_move *rm_turn_moves(const rm_turnlist *l, int i)
{
    return l->moves + l->turns[i].off;
}

/* The number of sequences of DEPTH turns from ST (distinct turns at each
 * position; a finished game has none). LISTS holds DEPTH turn lists of
 * scratch space. Sets *FAILED when a position had too many ways to play. */
uint64_t rm_perft(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                  bool *failed);

/* Every sequence of moves that makes a legal turn, before duplicates are
 * merged and compulsory captures filtered; EMIT gets each one with the
 * state it leads to. */
typedef void (*rm_emit_fn)(void *ctx, const rm_state *after, const rm_move *moves, int n,
                           bool captured);
/* Returns false when it stopped after RM_MAX_GEN_STEPS partial turns. */
bool rm_generate(const rm_game *g, const rm_state *st, rm_emit_fn emit, void *ctx);

/* Plays the moves of one turn on ST. */
void rm_apply(const rm_game *g, rm_state *st, const rm_move *moves, int n);
/* The same for moves that do not come from the generator (a typed turn):
 * each move is first checked to be possible at all (a piece to move, a
 * piece in hand to drop, pieces to leap over); returns -1, with ST in an
 * unspecified state, when one is not. Fills in the kind, ray and jumped
 * count of each move. */
int rm_apply_checked(const rm_game *g, rm_state *st, rm_move *moves, int n);

/* The result the state shows without generating turns: a side without
 * pieces, or at its losing number of pieces, has lost; the turn limit
 * draws. Returns RM_ONGOING, RM_DRAW or the winning side. */
int rm_status(const rm_game *g, const rm_state *st);
/* Pieces of SIDE on the board and in hand. */
int rm_side_pieces(const rm_game *g, const rm_state *st, int side);

#endif
