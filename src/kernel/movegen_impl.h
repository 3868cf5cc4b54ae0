/* movegen_impl.h: what the generator (movegen.c) and its turn cache
 * (turncache.c, see movegen.h) share: the cache's layout and how a
 * position is found in it. rm_legal_turns asks the cache first
 * (cache_lend, movegen.c); turncache.c builds it by listing positions.
 * For those two files alone: it reads a state's fields (include
 * state_impl.h first). */
#ifndef RIMAU_MOVEGEN_IMPL_H
#define RIMAU_MOVEGEN_IMPL_H

#include "movegen.h"

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
           memcmp(a->phase, b->phase, sizeof a->phase) == 0 &&
           memcmp(a->phase_turns, b->phase_turns, sizeof a->phase_turns) == 0 &&
           memcmp(a->hand, b->hand, sizeof a->hand) == 0 &&
           memcmp(a->on_board, b->on_board, sizeof a->on_board) == 0 &&
           memcmp(a->occ, b->occ, sizeof a->occ) == 0 &&
           memcmp(a->kind, b->kind, sizeof a->kind) == 0 &&
           memcmp(a->count, b->count, sizeof a->count) == 0;
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


#endif
