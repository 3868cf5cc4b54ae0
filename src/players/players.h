/* players.h: computer players over any game: they choose one of the legal
 * turns of a game in play. Layer: players, above the executor.
 *
 * A player is made from a text: "random" ("random:1s": a time it never
 * needs), "mcts" (a second of search), "mcts:20000" (iterations),
 * "mcts:2s" or "mcts:500ms" (time), with ":L" after the budget
 * ("mcts:1000:1") playouts cut after L turns and judged by the
 * evaluation, "ab" (a second of alpha-beta), "ab:3" (depth) or "ab:2s"
 * (time). doc/selfplay.md describes the evaluation.
 *
 * A budget in iterations or depth is also capped in time: a turn stops
 * after RM_PLAYER_CAP seconds whatever is left of it, or after the cap
 * written after the budget ("mcts:20000/5s", "ab:6/500ms"), with the most
 * visited turn (mcts) or the best of the last depth searched to its end
 * (ab). Within the cap, such a player with a seed is reproducible; a turn
 * the cap cut short says so in rm_search_info.
 */
#ifndef RIMAU_PLAYERS_H
#define RIMAU_PLAYERS_H

#include <stddef.h>
#include <stdint.h>

#include "match.h"
#include "solve.h"

typedef struct rm_player rm_player;

/* The time cap of a turn whose budget is in iterations or depth, in
 * seconds: no budget on any game makes a turn last longer (give or take
 * one listing of a position's turns, movegen.h). */
#define RM_PLAYER_CAP 30.0

/* Makes the player SPEC describes, for game G; NULL with a message in ERR
 * when SPEC is not a player. SEED makes its choices reproducible. */
rm_player *rm_player_new(const rm_game *g, const char *spec, uint64_t seed, char *err,
                         size_t errsize);
/* "; did you mean 'X'?" (suggest.h) for SPEC, which names no player,
 * among the players' names and ALSO (a player a program adds, as play's
 * human; or NULL), or "": into BUF (RM_SUGGEST_TEXT bytes). An unknown
 * player's ERR ends with it already (without ALSO). */
const char *rm_player_hint(const char *spec, const char *also, char *buf);

/* What a program that runs players for others (rimau engine) allows
 * them, whatever their text asks. */
typedef struct rm_player_limits {
    /* The most seconds a turn takes (0: no limit but RM_PLAYER_CAP): a
     * longer budget of time is cut to it, and a budget of iterations or
     * depth is capped by it. */
    double max_seconds;
    /* The solve a perfect player plays by, borrowed (it must outlive the
     * player). With limits, a player never solves nor reads a file: the
     * text "perfect" needs SOLVER, and "perfect:DIR" is refused. */
    const struct rm_solver *solver;
} rm_player_limits;

/* rm_player_new within LIMITS (NULL: none, as rm_player_new). */
rm_player *rm_player_new_limited(const rm_game *g, const char *spec, uint64_t seed,
                                 const rm_player_limits *limits, char *err, size_t errsize);

/* How a player is made, besides its text: its limits, who is told how
 * the solve goes that a perfect player makes as it is made (the program
 * draws it: a player writes nothing), and a solve of the game it may use
 * instead (the one another player of the same text made: a tournament's
 * games, a hint, need not solve the game again). */
typedef struct rm_player_options {
    const rm_player_limits *limits;      /* NULL: none */
    rm_solve_progress_fn solve_progress; /* told of each tier solved (NULL: nothing) */
    void *ctx;                           /* SOLVE_PROGRESS's */
    const rm_solver *solver;             /* a perfect player's solve of the game, kept by the
                                          * caller while the player lives (NULL: it solves) */
} rm_player_options;

/* rm_player_new with the options O (NULL: none, as rm_player_new). */
rm_player *rm_player_new_with(const rm_game *g, const char *spec, uint64_t seed,
                              const rm_player_options *o, char *err, size_t errsize);
void rm_player_free(rm_player *p);
/* The player's text, as given. */
const char *rm_player_spec(const rm_player *p);

/* Chooses a turn of the position M is in (which must have a legal turn):
 * returns its index in rm_match_turns(M), or -1 when out of memory. (The
 * players list turns themselves: an index carries over between two lists
 * of one position, which rm_legal_turns gives in the same order.) */
int rm_player_choose(rm_player *p, rm_match *m);
/* Stops P's search: the one rm_player_choose runs now on another thread
 * ends at once (within a millisecond or so, or one listing of a
 * position's turns) with its best turn so far, as when its time is up,
 * and so does every later one: P is stopped for good. Safe to call from
 * any thread while P exists. */
void rm_player_stop(rm_player *p);

/* What the last search of an mcts player did, for tests and debugging.
 * An mcts player keeps its tree from one turn to the next: the subtree of
 * the position it finds itself in, if the previous search reached it
 * through the turn chosen then. */
typedef struct rm_search_info {
    long reused;   /* visits of the root kept from the previous search (0: a new tree) */
    long visits;   /* visits of the root after the search */
    long nodes;    /* nodes of the tree after the search */
    int depth;     /* ab: the last depth searched to its end */
    bool capped;   /* the time cap stopped a budget of iterations or depth, or a budget
                    * of time cut to the limits' max_seconds ran out */
    bool halted;   /* rm_player_stop ended the search */
} rm_search_info;
void rm_player_info(const rm_player *p, rm_search_info *info);
/* The visits of the node of an mcts player's tree that is PLIES plies
 * below the root and whose position has HASH; -1 when there is none. */
long rm_player_tree_visits(const rm_player *p, uint64_t hash, int plies);

/* Plays random turns from ST, the last position of the history H, until
 * the game ends, as a game would (rm_result, repetitions included), or
 * MAX_TURNS turns are played (-1: no such limit). Returns the result:
 * RM_DRAW or the winning side, or RM_ONGOING when stopped by MAX_TURNS.
 * The turns played are in *TURNS, and their positions added to H. L is
 * scratch space (no allocation once it and H have grown). */
int rm_playout(const rm_game *g, rm_state *st, rm_history *h, rm_turnlist *l, uint64_t *rng,
               int max_turns, int *turns);

/* For tests: FN is told of every result the player decides (by
 * rm_result), with the position, the history that led to it from the
 * start of the game (its last position is ST), and the result. */
typedef void (*rm_observe_fn)(void *ctx, const rm_state *st, const rm_history *h, int result);
void rm_player_observe(rm_player *p, rm_observe_fn fn, void *ctx);

/* For analysis (rimau analyse): each time an ab player has searched a
 * depth to its end, FN is told that DEPTH, the SCORE of its best turn for
 * the side to move (about -10 to 10 from the evaluation; a win in N plies
 * scores 1000 - N, a loss -1000 + N) and the principal variation: NPV
 * turns, PV[0] an index in the position's legal turns, each next one an
 * index in the legal turns of the position the turns before it lead to
 * (rm_legal_turns' order). The variation may stop short of DEPTH where
 * the search took a score from its table. Other players tell nothing. */
typedef void (*rm_progress_fn)(void *ctx, int depth, double score, const int *pv, int npv);
void rm_player_on_progress(rm_player *p, rm_progress_fn fn, void *ctx);

/* The solve a perfect player plays by (solve.h), or NULL for any other
 * player. */
const struct rm_solver *rm_player_solver(const rm_player *p);

static inline uint64_t rm_rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The number DRAW of rm_rng_next as a uniform integer in [0, n). */
static inline int rm_rng_scale(uint64_t draw, int n)
{
    return (int)(((draw >> 32) * (uint64_t)n) >> 32);
}

/* A uniform integer in [0, n). */
static inline int rm_rng_below(uint64_t *s, int n)
{
    return rm_rng_scale(rm_rng_next(s), n);
}

#endif
