/* turns.c: turn lists (see turns.h). */
#include "turns.h"

#include <stdlib.h>
#include <string.h>

static _Atomic uint64_t allocations;

uint64_t rm_exec_allocations(void)
{
    return allocations;
}

void rm_exec_count_allocation(void)
{
    allocations++;
}

void rm_turnlist_init(rm_turnlist *l)
{
    memset(l, 0, sizeof *l);
}

void rm_turnlist_free(rm_turnlist *l)
{
    free(l->own_turns);
    free(l->own_moves);
    free(l->seen_hash);
    free(l->seen_stamp);
    memset(l, 0, sizeof *l);
}

void rm_turnlist_clear(rm_turnlist *l)
{
    l->n = 0;
    l->nmoves = 0;
    l->turns = l->own_turns;
    l->moves = l->own_moves;
    l->seen_n = 0;
    l->failed = false;
    l->too_many = false;
    l->too_slow = false;
    l->unknown = false;
    l->pass = false;
    l->work = 0;
    if (++l->stamp == 0) { /* the stamps wrapped: clear them once */
        if (l->seen_stamp)
            memset(l->seen_stamp, 0, l->seen_cap * sizeof *l->seen_stamp);
        l->stamp = 1;
    }
}

/* Adds H to the set of hashes seen; false when it was there already. */
static bool seen_add(rm_turnlist *l, uint64_t h)
{
    if (2 * (l->seen_n + 1) > l->seen_cap) {
        uint32_t cap = l->seen_cap ? l->seen_cap * 2 : 4096;
        allocations += 2;
        uint64_t *nh = malloc(cap * sizeof *nh);
        uint32_t *ns = calloc(cap, sizeof *ns);
        if (!nh || !ns) {
            free(nh);
            free(ns);
            l->failed = true;
            return false;
        }
        for (uint32_t i = 0; i < l->seen_cap; i++)
            if (l->seen_stamp[i] == l->stamp) {
                uint32_t j = (uint32_t)(l->seen_hash[i] * 0x9E3779B97F4A7C15ull >> 32) & (cap - 1);
                while (ns[j])
                    j = (j + 1) & (cap - 1);
                nh[j] = l->seen_hash[i];
                ns[j] = 1;
            }
        free(l->seen_hash);
        free(l->seen_stamp);
        l->seen_hash = nh;
        l->seen_stamp = ns;
        l->seen_cap = cap;
        l->stamp = 1;
    }
    uint32_t j = (uint32_t)(h * 0x9E3779B97F4A7C15ull >> 32) & (l->seen_cap - 1);
    while (l->seen_stamp[j] == l->stamp) {
        if (l->seen_hash[j] == h)
            return false;
        j = (j + 1) & (l->seen_cap - 1);
    }
    l->seen_hash[j] = h;
    l->seen_stamp[j] = l->stamp;
    l->seen_n++;
    return true;
}

int rm_turnlist_reserve(rm_turnlist *l, int turns, size_t moves)
{
    if (turns > l->cap) {
        rm_turn *t = realloc(l->own_turns, (size_t)turns * sizeof *t);
        if (!t)
            return -1;
        allocations++;
        l->turns = l->own_turns = t;
        l->cap = turns;
    }
    if (moves > l->capmoves) {
        rm_move *m = realloc(l->own_moves, moves * sizeof *m);
        if (!m)
            return -1;
        allocations++;
        l->moves = l->own_moves = m;
        l->capmoves = moves;
    }
    /* the set of hashes seen, at most half full */
    uint32_t cap = 4096;
    while (cap < 2 * (uint32_t)turns)
        cap *= 2;
    if (cap > l->seen_cap) {
        uint64_t *nh = malloc(cap * sizeof *nh);
        uint32_t *ns = calloc(cap, sizeof *ns);
        if (!nh || !ns) {
            free(nh);
            free(ns);
            return -1;
        }
        allocations += 2;
        free(l->seen_hash);
        free(l->seen_stamp);
        l->seen_hash = nh;
        l->seen_stamp = ns;
        l->seen_cap = cap;
        l->seen_n = 0;
        l->stamp = 1;
    }
    rm_turnlist_clear(l);
    return 0;
}

void rm_turnlist_add(rm_turnlist *l, uint64_t hash, const rm_move *moves, int n, bool captured,
                     bool dedup)
{
    if (l->turns != l->own_turns) { /* a lent list, not cleared: never written */
        l->failed = true;
        return;
    }
    if (l->failed || (dedup && !seen_add(l, hash)))
        return;
    if (l->n == RM_MAX_TURNS) {
        l->too_many = true;
        l->failed = true;
        return;
    }
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 1024;
        allocations++;
        rm_turn *t = realloc(l->own_turns, (size_t)cap * sizeof *t);
        if (!t) {
            l->failed = true;
            return;
        }
        l->turns = l->own_turns = t;
        l->cap = cap;
    }
    /* (allocated for a turn of no move too: rm_turn_moves never points
     * into a NULL array) */
    if (l->nmoves + (size_t)n > l->capmoves || !l->own_moves) {
        size_t cap = l->capmoves ? l->capmoves * 2 : 16384;
        while (cap < l->nmoves + (size_t)n)
            cap *= 2;
        allocations++;
        rm_move *m = realloc(l->own_moves, cap * sizeof *m);
        if (!m) {
            l->failed = true;
            return;
        }
        l->moves = l->own_moves = m;
        l->capmoves = cap;
    }
    if (n == 1)
        l->own_moves[l->nmoves] = moves[0];
    else if (n > 1) /* (a turn of no move may come with no array: a pass) */
        memcpy(l->own_moves + l->nmoves, moves, (size_t)n * sizeof *moves);
    l->own_turns[l->n++] = (rm_turn){ hash, (uint32_t)l->nmoves, (uint16_t)n, captured };
    l->nmoves += (size_t)n;
}
