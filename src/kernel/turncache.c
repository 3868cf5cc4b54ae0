/* turncache.c: the turn cache (see movegen.h): the lists of the positions
 * random playouts are likely to list, made once a game (by listing them:
 * it calls the generator). The generator looks a position up in it
 * (movegen_impl.h, cache_lend in movegen.c) and never calls it. Part of
 * the generator: it compares positions field by field (state_impl.h). */
#include "state_impl.h"
#include "movegen_impl.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* ---- the turn cache ----
 *
 * Every random playout of a game begins at its start position, and the
 * first turns of some games are the most expensive of all to list: the
 * tigers' compound first turn, or hundreds of ways to place the first
 * pieces. The cache holds the lists of such positions, made once and
 * lent (not copied) to every later listing of the same position: a
 * list's turns then point into the cache (turns.h).
 *
 * Which positions: those a uniformly random playout reaches with a
 * chance of at least CACHE_MIN_SHARE (the start; its children when it
 * has few turns; and so on, a walk of the tree, each child getting its
 * parent's share divided by the parent's number of turns), whose listing
 * costs at least CACHE_MIN_WORK units of work, within CACHE_MAX_BYTES in
 * all. The walk stops past CACHE_MAX_VISITS positions or CACHE_MAX_WORK
 * units of work.
 *
 * Why it changes nothing: an entry is the list rm_legal_turns made of its
 * position, whole (turns, moves, the work it took, whether it is a pass),
 * and the order of a list depends only on the game and the position's
 * contents (movegen.h). A position is found by its hash first, then by
 * all of its contents, field by field: a hash collision is a miss. Only
 * the listing is skipped: rm_result still applies every end rule before
 * it (repetitions included). */

#define CACHE_MIN_SHARE (1.0 / 64)
#define CACHE_MIN_WORK 256L
#define CACHE_MAX_BYTES ((size_t)4 << 20)
#define CACHE_MAX_VISITS 512
#define CACHE_MAX_DEPTH 16
#define CACHE_MAX_WORK 4000000L

static void cache_destroy(rm_exec_cache *base)
{
    turn_cache *c = (turn_cache *)base;
    for (int i = 0; i < c->n; i++) {
        free(c->e[i].turns);
        free(c->e[i].moves);
    }
    free(c->e);
    free(c->slot);
    free(c);
}

/* The cache of a game that has none worth keeping, or whose cache is
 * off: shared by all such games, never freed. */
static void destroy_nothing(rm_exec_cache *c)
{
    (void)c;
}
static turn_cache empty_cache = { { destroy_nothing }, 0, NULL, 0, NULL, 0, -1, false };
static turn_cache off_cache = { { destroy_nothing }, 0, NULL, 0, NULL, 0, -1, true };

/* Adds the list L of ST to C (room made by the caller); false when out
 * of memory. */
static bool cache_add(turn_cache *c, const rm_state *st, const rm_turnlist *l)
{
    cache_entry *e = &c->e[c->n];
    *e = (cache_entry){ *st, l->n, l->pass, l->work, l->nmoves, NULL, NULL };
    e->turns = malloc((size_t)(l->n > 0 ? l->n : 1) * sizeof *e->turns);
    e->moves = malloc((l->nmoves > 0 ? l->nmoves : 1) * sizeof *e->moves);
    if (!e->turns || !e->moves) {
        free(e->turns);
        free(e->moves);
        return false;
    }
    if (l->n > 0)
        memcpy(e->turns, l->turns, (size_t)l->n * sizeof *e->turns);
    if (l->nmoves > 0)
        memcpy(e->moves, l->moves, l->nmoves * sizeof *e->moves);
    c->bytes += (size_t)l->n * sizeof *e->turns + l->nmoves * sizeof *e->moves;
    if (st->turn > c->max_turn)
        c->max_turn = st->turn;
    c->n++;
    return true;
}

/* Builds the cache of G (see above); NULL when out of memory. */
static turn_cache *cache_build(const rm_game *g)
{
    typedef struct node {
        rm_state st;
        double share;
        int depth;
    } node;
    turn_cache *c = calloc(1, sizeof *c);
    node *queue = malloc(CACHE_MAX_VISITS * sizeof *queue);
    if (c) {
        c->base.destroy = cache_destroy;
        c->max_turn = -1;
    }
    if (c)
        c->e = malloc(CACHE_MAX_VISITS * sizeof *c->e);
    if (!c || !queue || !c->e) {
        if (c)
            cache_destroy(&c->base);
        free(queue);
        return NULL;
    }
    rm_turnlist l;
    rm_turnlist_init(&l);
    int head = 0, tail = 0;
    long work = 0;
    bool ok = true;
    queue[tail++] = (node){ .share = 1, .depth = 0 };
    rm_initial(g, &queue[0].st);
    while (head < tail && work < CACHE_MAX_WORK && ok) {
        const node *x = &queue[head++];
        int n = rm_legal_turns(g, &x->st, &l);
        if (n < 0)
            continue;
        work += l.work;
        size_t bytes = (size_t)n * sizeof *l.turns + l.nmoves * sizeof *l.moves;
        if (l.work >= CACHE_MIN_WORK && c->bytes + bytes <= CACHE_MAX_BYTES) {
            bool known = false;
            for (int i = 0; i < c->n && !known; i++)
                known = same_state(&c->e[i].st, &x->st);
            if (!known)
                ok = cache_add(c, &x->st, &l);
        }
        if (n == 0 || x->share / n < CACHE_MIN_SHARE || x->depth == CACHE_MAX_DEPTH)
            continue;
        for (int i = 0; i < n && tail < CACHE_MAX_VISITS; i++) {
            node *y = &queue[tail++];
            y->st = x->st;
            rm_apply(g, &y->st, rm_turn_moves(&l, i), l.turns[i].n);
            y->share = x->share / n;
            y->depth = x->depth + 1;
        }
    }
    rm_turnlist_free(&l);
    free(queue);
    if (!ok || c->n == 0) {
        cache_destroy(&c->base);
        return ok ? &empty_cache : NULL;
    }
    uint32_t slots = 8;
    while (slots < 2 * (uint32_t)c->n)
        slots *= 2;
    c->mask = slots - 1;
    c->slot = malloc(slots * sizeof *c->slot);
    if (!c->slot) {
        cache_destroy(&c->base);
        return NULL;
    }
    for (uint32_t j = 0; j < slots; j++)
        c->slot[j] = (struct cache_slot){ 0, -1 };
    for (int i = 0; i < c->n; i++) {
        uint32_t j = cache_slot_of(c, c->e[i].st.hash);
        while (c->slot[j].entry >= 0)
            j = (j + 1) & c->mask;
        c->slot[j] = (struct cache_slot){ c->e[i].st.hash, i };
    }
    return c;
}

/* Attaches C to G unless G has a cache already (then C is destroyed). */
static void cache_attach(const rm_game *g, turn_cache *c)
{
    /* (the one field of a game written after the compile step: games are
     * made by the loader, never defined const) */
    _Atomic(rm_exec_cache *) *at = &((rm_game *)g)->exec_cache;
    rm_exec_cache *none = NULL;
    if (!atomic_compare_exchange_strong_explicit(at, &none, &c->base, memory_order_acq_rel,
                                                 memory_order_acquire))
        c->base.destroy(&c->base);
}

void rm_turn_cache_prepare(const rm_game *g)
{
    if (atomic_load_explicit(&g->exec_cache, memory_order_acquire))
        return;
    /* (a game whose rules count turns: a list's hashes hold the counters
     * of its position, which the cache's entries do not) */
    if (g->rules.counting) {
        cache_attach(g, &off_cache);
        return;
    }
    turn_cache *c = cache_build(g);
    if (c) /* (out of memory: no cache, as before) */
        cache_attach(g, c);
}

void rm_turn_cache_disable(rm_game *g)
{
    cache_attach(g, &off_cache);
}

const rm_state *rm_turn_cache_position(const rm_game *g, int i)
{
    const turn_cache *c = (const turn_cache *)atomic_load_explicit(&g->exec_cache,
                                                                   memory_order_acquire);
    return c && i >= 0 && i < c->n ? &c->e[i].st : NULL;
}
