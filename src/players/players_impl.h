/* players_impl.h: what the players' files share: the player itself, and
 * the parts each file gives the others.
 *
 *   players.c    making a player from its text, and choosing a turn
 *   random.c     random playouts and the random player
 *   evaluate.c   the evaluation of a position
 *   mcts.c       UCT Monte Carlo tree search
 *   alphabeta.c  iterative-deepening alpha-beta
 *
 * Every result a player meets is decided by rm_result, through
 * pl_result, with the game's history up to the position (p->hist): a
 * search, a playout and the match judge every position alike.
 */
#ifndef RIMAU_PLAYERS_IMPL_H
#define RIMAU_PLAYERS_IMPL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "players.h"
#include "solve.h"

enum { P_RANDOM, P_MCTS, P_AB, P_PERFECT };

/* A transposition table entry of the alpha-beta player. */
typedef struct tt_entry {
    uint64_t hash;
    float score;
    int8_t depth;
    int8_t flag;                  /* 0 exact, 1 lower bound, 2 upper bound */
    int16_t best;
} tt_entry;

#define TT_SIZE (1u << 18)
#define AB_MAX_DEPTH 32

/* A node of the search tree: the position after the turn that leads to it.
 * Its children are made all at once when it is first expanded. */
typedef struct node {
    uint64_t hash;
    int first_child, nchildren;   /* -1: not expanded */
    uint32_t visits;
    double wins;                  /* for the side that played the turn into it */
    int8_t mover;                 /* the side that played that turn */
    int8_t proven;                /* 1: the mover wins whatever the play, -1: it loses, 0: not known */
    int16_t turn;                 /* its index among the parent's turns (rm_legal_turns' order) */
    int16_t end;                  /* proven: the plies from this position to the end (0: it is over) */
    float mm;                     /* for the mover: the minimax of the evaluations below */
} node;

struct rm_player {
    int kind;
    char *spec;
    const rm_game *g;
    uint64_t rng;
    long iterations;              /* budget in iterations, or 0 */
    int cutoff;                   /* mcts: playouts stop after this many turns; 0: never */
    double seconds;               /* budget in time, or 0 */
    double cap;                   /* a budget in iterations or depth: the most seconds of a turn */
    node *nodes;
    int nnodes, capnodes;
    int *map;                     /* scratch of reroot: old node index -> new */
    int capmap;
    int chosen;                   /* the root's child played last time, or -1 */
    int root_turn;                /* the turn number of the root's position */
    rm_search_info info;
    rm_turnlist scratch, playout;
    int depth;                    /* ab: fixed depth, or 0 */
    int ext_limit;                /* ab: no extension from this ply on */
    tt_entry *tt;
    rm_turnlist lists[AB_MAX_DEPTH + 2];
    double deadline;              /* of the turn being chosen (pl_start_clock) */
    bool stopped;                 /* past the deadline (or out of memory, or halted): the
                                   * search unwinds */
    atomic_bool halt;             /* rm_player_stop was called (from any thread) */
    bool cut;                     /* the budget of time was cut to the limits' max_seconds */
    rm_solver *owned;             /* perfect: its own solve (SOLVER), freed with it; NULL
                                   * when SOLVER is borrowed (rm_player_limits) */
    long work;                    /* listing work since the clock was last read */
    rm_turnlist other;            /* scratch: the turns of the side not to move */
    int me;                       /* the side to move at the root of a search */
    rm_history hist;              /* the game's positions up to the one searched now */
    rm_set points;                /* every point of the board */
    const rm_bits *bits;          /* the game's bit kernel, or NULL (bitgen.h) */
    rm_btally *tally;             /* (with BITS) scratch for its counts */
    const rm_solver *solver;      /* perfect: the game solved */
    rm_observe_fn observe;        /* tests: told of every result decided */
    void *observe_ctx;
    rm_progress_fn progress;      /* analysis: told of every depth searched */
    void *progress_ctx;
    /* ab with a progress function: the principal variation below each
     * ply (pv[ply][0..pvlen[ply]), turn indices), kept during the search */
    int16_t pv[AB_MAX_DEPTH + 2][AB_MAX_DEPTH + 2];
    int pvlen[AB_MAX_DEPTH + 2];
};

/* ---- players.c ---- */

/* Starts the clock of a turn that may take SECONDS. */
void pl_start_clock(rm_player *p, double seconds);
/* Counts the work of a position whose turns were listed (WORK: the
 * list's, l->work) or counted (the count), reading the clock now and
 * then; true once the turn's deadline has passed or the player was
 * stopped (p->stopped). Every listing of a search comes here
 * (pl_result, the playouts, the evaluation). */
bool pl_time_up(rm_player *p, long work);
/* Whether rm_player_stop was called; sets p->stopped when it was. */
bool pl_halted(rm_player *p);
/* Fills p->info's capped and halted at the end of a search: COUNTED
 * when the budget was iterations or depth. */
void pl_note_stop(rm_player *p, bool counted);
/* The result of ST, the last position of p->hist, by rm_result; its
 * legal turns are in L when the game goes on. */
int pl_result(rm_player *p, const rm_state *st, rm_turnlist *l);
/* pl_result where the turns need not be listed: the result of ST, and
 * in *TURNS the number of its legal turns when the game goes on (counted
 * by the bit kernel where it can, else listed into L). */
int pl_result_count(rm_player *p, const rm_state *st, rm_turnlist *l, int *turns);
/* Adds ST, reached by a turn, to p->hist; -1 when out of memory. */
int pl_push(rm_player *p, const rm_state *st);
/* Sets p->hist to the positions of the game M so far; -1 when out of
 * memory. */
int pl_note_history(rm_player *p, const rm_match *m);

/* ---- random.c ---- */

/* rm_playout, telling P's observer (P may be NULL) of each result, and
 * stopping (RM_ONGOING) once P's turn is past its deadline. */
int pl_playout(rm_player *p, const rm_game *g, rm_state *st, rm_history *h, rm_turnlist *l,
               uint64_t *rng, int max_turns, int *turns);

/* ---- evaluate.c ---- */

/* The evaluation of ST for the side to move, whose legal turns are L,
 * in units of a side's whole material (10): positive when it stands
 * better. */
double pl_evaluate(rm_player *p, const rm_state *st, const rm_turnlist *l);
/* The same, for a side to move with MOBILITY legal turns. */
double pl_evaluate_mobility(rm_player *p, const rm_state *st, int mobility);
/* An evaluation E on the scale of a playout's value, from 0 (lost) to 1
 * (won). */
double pl_squash(double e);
/* What a draw is worth to SIDE, on the scale of a playout's value (a
 * win 1, a loss 0), and as a score of alpha-beta to the side to move in
 * ST. */
double pl_draw_value(const rm_player *p, int side);
double pl_draw_score(const rm_player *p, const rm_state *st);

/* ---- mcts.c ---- */

int pl_choose_mcts(rm_player *p, rm_match *m);

/* ---- alphabeta.c ---- */

int pl_choose_ab(rm_player *p, rm_match *m);
/* The alpha-beta score of ST, the last position of p->hist, to the side
 * to move: DEPTH plies, then the captures (quiescence). PLY is its
 * distance from the root of the search. */
double pl_search(rm_player *p, const rm_state *st, int depth, int ply, double alpha,
                 double beta);

#endif
