/* reach.c: the positions a solved game's start (or the root of the
 * solve) reaches by its rules, and their values (see rm_solver_reach in
 * solve.h).
 *
 * A tier holds every placement of its pieces with either side to move,
 * and many of them no game reaches (the side that cannot be to move
 * there, a placing order the rules rule out), so a solve's totals count
 * more than play can meet. This pass plays forward from the root over
 * the solved tiers and counts only what it reaches.
 *
 * Each tier gets two bits a position while the pass needs them: SEEN
 * (reached) and TODO (reached, its turns not yet followed). The tiers are
 * taken parents first (a tier's turns lead only to itself and to the
 * tiers after it: the reverse of the order the solve finishes them), so
 * once a tier is done nothing more reaches it: it is counted and its bits
 * are freed. Within a tier the TODO bits are swept in index order until
 * none is left (a turn within the tier may lead to a lower index). With
 * symmetry, a class is reached when any position of it is: the rules
 * treat the positions of a class alike, so a class's turns stand for
 * those of each of its positions. */
#define _POSIX_C_SOURCE 200809L
#include "solve_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pass {
    rm_solver *s;
    tier **order;              /* the tiers the root leads to, parents first */
    int n;
    size_t bytes, peak;        /* of the bits held */
    tier *current;             /* the tier being swept, and where the sweep is */
    uint64_t cursor;
    bool again;                /* a turn reached the current tier behind the sweep */
    rm_btally *tally;
    rm_turnlist l;
    rm_solve_reach *out;
    char *err;
    size_t errsize;
    bool failed;
} pass;

static void pass_fail(pass *p, const char *what, const char *tier_name)
{
    if (!p->failed)
        snprintf(p->err, p->errsize, "%s%s%.160s", what, tier_name ? ": tier " : "",
                 tier_name ? tier_name : "");
    p->failed = true;
}

static size_t bit_words(const tier *t)
{
    return (size_t)(t->size + 63) / 64;
}

/* Notes index I of tier T as reached. */
static void reach(pass *p, tier *t, uint64_t i)
{
    if (!t->seen) {
        size_t n = bit_words(t);
        if (p->s->bytes + p->bytes + 2 * n * sizeof *t->seen > p->s->o.memory) {
            pass_fail(p, "counting the positions reached needs more memory than given (2 bits a "
                         "position of each tier it reaches, besides the values); give more with "
                         "--memory", NULL);
            return;
        }
        t->seen = calloc(n, sizeof *t->seen);
        t->todo = calloc(n, sizeof *t->todo);
        if (!t->seen || !t->todo) {
            pass_fail(p, "out of memory (the positions reached)", t->name);
            return;
        }
        p->bytes += 2 * n * sizeof *t->seen;
        if (p->bytes > p->peak)
            p->peak = p->bytes;
    }
    uint64_t bit = (uint64_t)1 << (i & 63);
    if (t->seen[i >> 6] & bit)
        return;
    t->seen[i >> 6] |= bit;
    t->todo[i >> 6] |= bit;
    if (t == p->current && i <= p->cursor)
        p->again = true;
}

/* Notes the position BS as reached. */
static void reach_state(pass *p, const rm_bstate *bs)
{
    tkey key;
    key_of(p->s, bs, &key);
    tier *t = find_tier(p->s, &key);
    if (!t || !t->val) {
        pass_fail(p, "a turn leads out of the solved tiers", NULL);
        return;
    }
    u128 sets[MAXS];
    sets_of(p->s, bs, sets);
    reach(p, t, encode(p->s, t, sets, bs->to_move));
}

/* Follows the turns of position I of tier T. */
static void follow(pass *p, tier *t, uint64_t i)
{
    rm_solver *s = p->s;
    u128 sets[MAXS];
    int side = decode(s, t, i, sets);
    if (side < 0) {
        pass_fail(p, "internal error: a turn reaches an index that stands for no position",
                  t->name);
        return;
    }
    rm_bstate bs, child;
    rm_state st;
    make_state(s, t, sets, side, &bs);
    int r = rm_bits_result(s->g, s->k, &bs, NULL, p->tally, &p->l, &st, NULL);
    if (r == RM_FAILED) {
        pass_fail(p, "the turns of a position cannot be listed", t->name);
        return;
    }
    if (r != RM_ONGOING)
        return;
    size_t size = rm_bits_state_size(s->k);
    int n = turn_count(p->tally, &p->l);
    for (int j = 0; j < n && !p->failed; j++) {
        play_turn(s, size, &bs, p->tally, &p->l, &st, j, &child);
        reach_state(p, &child);
    }
}

/* Counts the positions of T reached, by value, and keeps the longest win. */
static void count(pass *p, tier *t)
{
    rm_solve_reach *o = p->out;
    bool any = false;
    for (size_t w = 0; w < bit_words(t); w++)
        for (uint64_t x = t->seen[w]; x; x &= x - 1) {
            uint64_t i = (uint64_t)w * 64 + (uint64_t)__builtin_ctzll(x);
            any = true;
            o->positions++;
            int v = get_val(t, i);
            if (v == RM_VALUE_DRAW) {
                o->drawn++;
            } else if (v == RM_VALUE_LOSS) {
                o->lost++;
            } else {
                o->won++;
                if (get_dist(t, i) > o->longest || o->won == 1) {
                    u128 sets[MAXS];
                    rm_bstate bs;
                    int side = decode(p->s, t, i, sets);
                    make_state(p->s, t, sets, side, &bs);
                    rm_bits_to_state(p->s->k, &bs, &o->longest_at);
                    o->longest = get_dist(t, i);
                }
            }
        }
    o->tiers += any;
}

/* Sweeps tier T until every position reached has had its turns followed. */
static void sweep(pass *p, tier *t)
{
    p->current = t;
    do {
        p->again = false;
        for (size_t w = 0; w < bit_words(t) && !p->failed; w++) {
            while (t->todo[w] && !p->failed) {
                uint64_t i = (uint64_t)w * 64 + (uint64_t)__builtin_ctzll(t->todo[w]);
                t->todo[w] &= t->todo[w] - 1;
                p->cursor = i;
                follow(p, t, i);
                if ((i & 0xFFF) == 0 && p->s->o.stop && p->s->o.stop(p->s->o.ctx))
                    pass_fail(p, "the count of the positions reached was stopped before its end",
                              NULL);
            }
        }
    } while (p->again && !p->failed);
    p->current = NULL;
}

static void free_bits(pass *p, tier *t)
{
    if (t->seen)
        p->bytes -= 2 * bit_words(t) * sizeof *t->seen;
    free(t->seen);
    free(t->todo);
    t->seen = t->todo = NULL;
}

/* Puts T and the tiers it leads to into P->order, children first (a
 * depth-first post-order); the caller reverses it. */
static void place(pass *p, tier *t)
{
    if (t->placed || p->failed)
        return;
    t->placed = true;
    for (int e = 0; e < t->nnext && !p->failed; e++) {
        tier *c = find_tier(p->s, &t->next[e]);
        if (!c || !c->val)
            pass_fail(p, "a tier the solve leads to is missing", t->name);
        else
            place(p, c);
    }
    p->order[p->n++] = t;
}

int rm_solver_reach(rm_solver *s, const rm_state *from, rm_solve_reach *out, char *err,
                    size_t errsize)
{
    double started = rm_seconds();
    memset(out, 0, sizeof *out);
    err[0] = 0;
    pass p = { .s = s, .out = out, .err = err, .errsize = errsize };
    rm_turnlist_init(&p.l);
    p.tally = malloc(sizeof *p.tally);
    p.order = malloc((size_t)(s->ntiers ? s->ntiers : 1) * sizeof *p.order);
    if (!p.tally || !p.order)
        pass_fail(&p, "out of memory", NULL);
    rm_bstate root;
    rm_bits_from_state(s->k, from, &root);
    tkey key;
    key_of(s, &root, &key);
    tier *rt = find_tier(s, &key);
    if (!p.failed && (!rt || !rt->val))
        pass_fail(&p, "the position is in no solved tier", NULL);
    for (int i = 0; i < s->ntiers; i++)
        s->tiers[i]->placed = false;
    if (!p.failed)
        place(&p, rt);
    if (!p.failed)
        reach_state(&p, &root);
    /* parents first: the post-order reversed */
    for (int k = p.n - 1; k >= 0 && !p.failed; k--) {
        tier *t = p.order[k];
        if (!t->seen)
            continue; /* (no position of it reached) */
        sweep(&p, t);
        if (!p.failed)
            count(&p, t);
        free_bits(&p, t);
    }
    for (int i = 0; i < s->ntiers; i++)
        free_bits(&p, s->tiers[i]);
    free(p.order);
    free(p.tally);
    rm_turnlist_free(&p.l);
    out->symmetries = s->nsyms;
    out->memory = p.peak;
    out->seconds = rm_seconds() - started;
    return p.failed ? -1 : 0;
}
