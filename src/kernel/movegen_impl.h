/* movegen_impl.h: what the generator (movegen.c) shares with its turn
 * cache (turncache.c, see movegen.h) and with its counting walk
 * (countturns.c): the cache's layout and how a position is found in it
 * (rm_legal_turns asks the cache first: cache_lend, movegen.c;
 * turncache.c builds it by listing positions), and the walks of one
 * move's views of a state (which rays a filter lets through, what a
 * piece may enter, moves.h's point sets). For those three files alone:
 * it reads a state's fields (include state_impl.h first). */
#ifndef RIMAU_MOVEGEN_IMPL_H
#define RIMAU_MOVEGEN_IMPL_H

#include "movegen.h"
#include "moves.h"

#include <string.h>

typedef struct cache_entry {
    rm_state st;               /* the position */
    int n;
    bool pass;
    long work;
    size_t nmoves;
    rm_turn *turns;
    rm_move *moves;
} cache_entry;

typedef struct turn_cache {
    rm_exec_cache base;        /* (first: the game holds a pointer to it) */
    int n;                     /* entries */
    cache_entry *e;
    uint32_t mask;             /* slots - 1 */
    struct cache_slot {
        uint64_t hash;
        int32_t entry;         /* -1: empty */
    } *slot;
    size_t bytes;              /* of the lists */
    int max_turn;              /* the most turns played in a cached position: a
                                * position past it is not looked up */
    bool off;                  /* rm_turn_cache_disable made it */
} turn_cache;

/* Whether A and B are the same position, every field compared. */
static inline bool same_state(const rm_state *a, const rm_state *b)
{
    return a->hash == b->hash && a->turn == b->turn && a->to_move == b->to_move &&
           a->pass_end == b->pass_end &&
           memcmp(a->phase, b->phase, sizeof a->phase) == 0 &&
           memcmp(a->phase_turns, b->phase_turns, sizeof a->phase_turns) == 0 &&
           memcmp(a->hand, b->hand, sizeof a->hand) == 0 &&
           memcmp(a->on_board, b->on_board, sizeof a->on_board) == 0 &&
           memcmp(a->occ, b->occ, sizeof a->occ) == 0 &&
           memcmp(a->kind, b->kind, sizeof a->kind) == 0 &&
           memcmp(a->count, b->count, sizeof a->count) == 0 && set_equal(&a->huff, &b->huff);
}

static inline uint32_t cache_slot_of(const turn_cache *c, uint64_t hash)
{
    return (uint32_t)(hash * 0x9E3779B97F4A7C15ull >> 32) & c->mask;
}

/* The entry of ST in C, or NULL. */
static inline const cache_entry *cache_find(const turn_cache *c, const rm_state *st)
{
    for (uint32_t j = cache_slot_of(c, st->hash); c->slot[j].entry >= 0; j = (j + 1) & c->mask)
        if (c->slot[j].hash == st->hash && same_state(&c->e[c->slot[j].entry].st, st))
            return &c->e[c->slot[j].entry];
    return NULL;
}


/* ---- what the walks of one move share (movegen.c, countturns.c) ----
 *
 * Over a state's fields: which rays a filter lets through, what a piece
 * may enter, the point sets of moves.h's walks of one ray, a capture's
 * run, and the words these walks know. */

/* Whether action A, whose filter_classes are CLS, may move along ray R. */
static inline bool ray_allowed(const rm_action_rule *a, const uint8_t *cls, uint32_t r)
{
    return !cls || rm_ray_allowed(a, cls[r]);
}

/* Whether a piece of kind K may enter P: an empty point, or, when STACK,
 * a stack of its kind with room. */
static inline bool may_enter(const rm_state *st, int p, int k, bool stack)
{
    return st->kind[p] < 0 || (stack && st->kind[p] == k && st->count[p] < 255);
}

/* Whether the pieces action A drops or moves may enter a stack of their
 * kind (moves.h). */
static inline bool enters_stacks(const rm_game *g, const rm_action_rule *a)
{
    return rm_enters_stacks(g->kinds[a->kind].stacks_in_play, a);
}

/* A set of points of a state, as the walks of one ray (moves.h) read
 * it: with PIECES, the pieces of KINDS not in DEAD (NULL: none), which
 * a leap or a capture may jump; without, the points a piece of KIND may
 * enter (may_enter; KIND -1 and no STACK: the empty points). */
typedef struct points {
    const rm_state *st;
    bool pieces;
    uint16_t kinds;
    const rm_set *dead;
    int kind;
    bool stack;
} points;

static inline bool points_has(const points *v, int p)
{
    if (!v->pieces)
        return may_enter(v->st, p, v->kind, v->stack);
    int k = v->st->kind[p];
    return k >= 0 && (v->kinds >> k & 1) && !(v->dead && set_has(v->dead, p));
}

static inline points empty_points(const rm_state *st)
{
    return (points){ st, false, 0, NULL, -1, false };
}

static inline points enter_points(const rm_state *st, int kind, bool stack)
{
    return (points){ st, false, 0, NULL, kind, stack };
}

static inline points piece_points(const rm_state *st, uint16_t kinds, const rm_set *dead)
{
    return (points){ st, true, kinds, dead, -1, false };
}

#define MV(name) ray_##name
#define MV_PT uint16_t
#define MV_SET const points *
#define MV_IN points_has
#include "moves.h"

/* The number of pieces a capture of A along the ray PTS[0..LEN) jumps,
 * not jumping DEAD (NULL: none) (0: none can be taken that way). */
static inline int capture_run(const rm_state *st, const rm_action_rule *a, const uint16_t *pts,
                              int len, const rm_set *dead)
{
    points targets = piece_points(st, a->targets, dead), empty = empty_points(st);
    return ray_capture(pts, len, a->lines, &targets, &empty);
}

/* The points holding pieces that action A may leap over or take: the
 * pieces of each side that has a kind among A's targets. A piece none of
 * whose neighbours is in the set cannot capture. */
static inline rm_set target_points(const rm_game *g, const rm_state *st, const rm_action_rule *a)
{
    rm_set t;
    set_clear(&t);
    for (int k = 0; k < g->nkinds; k++)
        if (a->targets >> k & 1)
            set_union(&t, &st->occ[g->kinds[k].side]);
    return t;
}

/* The words of an action the walks of one move play exactly (moves.h):
 * every word the language has today. */
#define ONE_MOVE_WORDS \
    (RM_WORD_TARGETS | RM_WORD_LINES | RM_WORD_CHAIN | RM_WORD_AT_END | RM_WORD_NOT_BACK | \
     RM_WORD_FINAL_STEP | RM_WORD_TO_EMPTY | RM_WORD_FEWER_THAN | RM_WORD_DIRECTIONS | \
     RM_WORD_REGION)

/* Whether the walks of one move (single_moves; action_turns, which
 * counts and picks) know the kind of A; an action they do not know
 * sends its position to the depth-first walk, which fails on it. */
static inline bool one_move_walks_know(const rm_action_rule *a)
{
    return rm_action_known(a, ONE_MOVE_WORDS);
}

#endif
