/* retro.c: solving a tier by retrograde analysis (see solve.h): the
 * forward pass over its positions, the positions before a position
 * (unmoves, or the turns kept), the backward pass, and solve_key, which
 * solves the tiers a tier leads to first. */
#define _GNU_SOURCE /* (fallocate's holes, where Linux has them) */
#include "solve_impl.h"
#include "moves.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- solving a tier ---- */

/* The value for the side to move of the child position BS of a position
 * whose side to move is SIDE, from its tier (solved): RM_VALUE_*, and
 * its distance. */
int child_value(rm_solver *s, const tier *t, const rm_bstate *bs, int side, int *dist)
{
    u128 sets[MAXS];
    sets_of(s, bs, sets);
    uint64_t j = encode(s, t, sets, bs->to_move);
    int v = get_val(t, j);
    *dist = get_dist(t, j);
    if (bs->to_move != side && v != RM_VALUE_DRAW)
        v = v == RM_VALUE_WIN ? RM_VALUE_LOSS : RM_VALUE_WIN;
    return v;
}

/* The working arrays of a tier being solved: 2 bytes a position (its
 * COUNT and STATE), or 1 where the counts' bytes would pass --memory,
 * and the positions waiting in the buckets. A position is decided when
 * its value is no longer UNDECIDED (the tier's values hold that while it
 * is solved; what is left is a draw).
 *
 * A position's count of turns not known to lose is kept in a byte, or
 * in 4 bits of its state (lean): at CAP (255, or 15) or more it
 * saturates, and when one of its turns is found to lose it is counted
 * again, by generating its turns (open_turns). Its longest losing turn
 * into another tier is not kept either: the lost positions that have one
 * (LOSES_OUT) generate their turns again when their last turn not known
 * to lose goes. Turns within the tier need no keeping: they are found in
 * order of distance, so the last is the longest. */
enum {
    COUNT = 15,                /* (lean) turns not (yet) known to lose for the side to move,
                                * up to CAP */
    PUSHED_BACK = 16,          /* waits, won, pushed by the backward pass (at its least
                                * distance: the pass goes by distance) */
    PUSHED_LOST = 32,          /* waits, lost: every turn loses (counted again, the turns
                                * kept may still tell it of the last child's other turns) */
    LOSES_OUT = 64,            /* has a turn into another tier that loses */
    INNER = 128,               /* has a turn within the tier: going back may reach it */
    /* (never both pushed:) over, decided when popped, with OVER_WON if won */
    OVER = PUSHED_BACK | PUSHED_LOST,
    OVER_WON = LOSES_OUT,
    /* an alias, or a position drawn over: never told (its value stays
     * UNDECIDED, a draw once the tier is solved) */
    SKIP = PUSHED_LOST,
};
#define UNDECIDED 3 /* (the fourth value of 2 bits) */

typedef struct work {
    pthread_mutex_t lock;      /* (the forward pass's threads, at the buckets) */
    uint8_t *cnt;              /* turns not (yet) known to lose for the side to move, up to CAP;
                                * NULL: lean, in the state's COUNT */
    int cap;
    uint64_t *edges;           /* (child << 32 | parent) within the tier */
    size_t nedges, capedges;
    uint32_t *off, *from;      /* the parents of each position: from[off[i] .. off[i+1]) */
    bool wide;                 /* a tier of 2^32 positions or more: the buckets hold 8 bytes a
                                * position, else 4 */
    struct bucket *bucket;     /* positions to decide, by distance */
    int nbuckets;
    int spill;                 /* the scratch file the buckets' blocks go to (-1: none) */
    size_t blk;                /* positions a block */
    uint64_t spilled;          /* its length */
    uint8_t *io;               /* (a block read back) */
    uint8_t *state;            /* COUNT, PUSHED_BACK, PUSHED_LOST, LOSES_OUT, INNER */
    uint64_t inner;            /* the positions INNER not yet decided: none left, going back
                                * decides the rest without looking for the positions before
                                * them (a tier where every position is over: no turn stays) */
    rm_btally *tally;          /* (open_turns) */
    rm_turnlist l;
} work;

static inline uint32_t get_open(const work *w, uint64_t i)
{
    return w->cnt ? w->cnt[i] : w->state[i] & (uint32_t)COUNT;
}

/* (N at most W->cap) */
static inline void set_open(work *w, uint64_t i, uint32_t n)
{
    if (w->cnt)
        w->cnt[i] = (uint8_t)n;
    else
        w->state[i] = (uint8_t)((w->state[i] & ~(uint32_t)COUNT) | n);
}

static bool grow(void **p, size_t *cap, size_t n, size_t each)
{
    if (n < *cap)
        return true;
    size_t c = *cap ? 2 * *cap : 4096;
    void *q = realloc(*p, c * each);
    if (!q)
        return false;
    *p = q;
    *cap = c;
    return true;
}

/* ---- the buckets ----
 *
 * Each distance's positions waiting, in the order they were pushed.
 * Where the tier is solved lean with a database (or the tests ask), a
 * bucket keeps at most BLOCK positions in memory: the others are in the
 * solve's scratch file (made in the database's folder and removed at
 * once, so that nothing is left of it), in blocks appended as they fill,
 * read back in turn when the bucket is gone through, and given back to
 * the file system then (a hole punched). */
enum { BLOCK = 1 << 14 }; /* (positions a block, unless the tests ask for fewer) */

typedef struct bucket {
    void *mem;                 /* its last positions (all of them where nothing spills) */
    size_t n, cap;             /* of MEM */
    uint64_t *block;           /* where its blocks are in the scratch file, in order */
    size_t nblock, capblock;
} bucket;

static size_t bucket_size(const work *w, int d)
{
    return w->bucket[d].nblock * w->blk + w->bucket[d].n;
}

static size_t entry_bytes(const work *w)
{
    return w->wide ? sizeof(uint64_t) : sizeof(uint32_t);
}

static inline uint64_t entry_at(const work *w, const void *p, size_t q)
{
    return w->wide ? ((const uint64_t *)p)[q] : ((const uint32_t *)p)[q];
}

/* The positions Q0 .. Q0 + N of bucket D into OUT; false when the
 * scratch file cannot be read (the solve failed). */
static bool bucket_read(rm_solver *s, work *w, int d, size_t q0, size_t n, uint64_t *out)
{
    const bucket *b = &w->bucket[d];
    size_t e = entry_bytes(w);
    for (size_t k = 0; k < n;) {
        size_t q = q0 + k, blk = q / w->blk;
        if (blk >= b->nblock) {
            out[k++] = entry_at(w, b->mem, q - b->nblock * w->blk);
            continue;
        }
        /* (the rest of block BLK, or of the window) */
        size_t from = q % w->blk, m = w->blk - from < n - k ? w->blk - from : n - k;
        if (pread(w->spill, w->io, m * e, (off_t)(b->block[blk] + from * e)) != (ssize_t)(m * e)) {
            fail(s, "cannot read back the positions waiting from %s: %s", s->o.db,
                 errno ? strerror(errno) : "the scratch file was cut short");
            return false;
        }
        for (size_t j = 0; j < m; j++)
            out[k + j] = entry_at(w, w->io, j);
        k += m;
    }
    return true;
}

static bool push(rm_solver *s, work *w, int d, uint64_t i)
{
    if (d >= DIST_MAX)
        d = DIST_MAX - 1;
    if (d >= w->nbuckets) {
        int n = d + 64;
        bucket *b = realloc(w->bucket, (size_t)n * sizeof *b);
        if (!b) {
            fail(s, "out of memory");
            return false;
        }
        memset(b + w->nbuckets, 0, (size_t)(n - w->nbuckets) * sizeof *b);
        w->bucket = b;
        w->nbuckets = n;
    }
    bucket *b = &w->bucket[d];
    size_t e = entry_bytes(w);
    if (w->spill >= 0 && b->n == w->blk) {
        /* a block to the scratch file */
        if (!grow((void **)&b->block, &b->capblock, b->nblock, sizeof *b->block))
            fail(s, "out of memory");
        else if (pwrite(w->spill, b->mem, w->blk * e, (off_t)w->spilled) != (ssize_t)(w->blk * e))
            fail(s, "cannot write into %s (the positions waiting): %s", s->o.db,
                 errno ? strerror(errno) : "the disk is full");
        if (s->failed)
            return false;
        b->block[b->nblock++] = w->spilled;
        w->spilled += w->blk * e;
        b->n = 0;
    }
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        void *m = realloc(b->mem, cap * e);
        if (!m) {
            fail(s, "out of memory");
            return false;
        }
        b->mem = m;
        b->cap = cap;
    }
    if (w->wide)
        ((uint64_t *)b->mem)[b->n++] = i;
    else
        ((uint32_t *)b->mem)[b->n++] = (uint32_t)i;
    return true;
}

static void report(rm_solver *s, const tier *t, uint64_t done, int stage)
{
    halted(s);
    if (!s->o.progress)
        return;
    rm_solve_progress p = { s->ntiers, t->name, t->size - t->aliases, done, stage,
                            t->won, t->lost, t->drawn, t->longest, t->loaded };
    s->o.progress(s->o.ctx, &p);
}

/* ---- the forward pass ----
 *
 * It decides the positions that are over, and those whose turns all
 * lead out of the tier, and keeps the turns within it. Each position is
 * looked at alone, so threads share the positions of a tier (-j): each
 * keeps what it finds in its own lists, merged when all are done, but
 * for the positions it pushes, put in the buckets a batch at a time
 * (under the work's lock; one thread puts each at once). A
 * position with a turn into a tier not solved yet waits (DEFERRED) while
 * that tier is solved, then is looked at again; on one thread the tier is
 * solved at once instead. */

typedef struct scan {
    rm_solver *s;
    tier *t;
    work *w;
    bool alone;                /* one thread: solve a missing tier at once */
    const uint64_t *list;      /* the positions to look at: LIST[from .. to), or */
    uint64_t from, to;         /* (LIST NULL) the positions from .. to */
    uint64_t *edges;           /* (child << 32 | parent) within the tier */
    size_t nedges, capedges;
    uint64_t *pushes;          /* (distance << 48 | position) to decide */
    size_t npushes, cappushes;
    uint64_t *deferred;
    size_t ndeferred, capdeferred;
    tkey *missing;
    size_t nmissing, capmissing;
    tkey *next;                /* the other tiers the turns lead to */
    size_t nnext, capnext;
    /* the other tier the last turn out of the tier led to (most turns of
     * a tier lead to one or two others: found again without hashing,
     * noted in NEXT already) */
    tkey last_key;
    tier *last_tier;
    uint64_t aliases;
    uint64_t inner;            /* the positions looked at with a turn within the tier */
    rm_btally *tally;
    rm_turnlist l;
    bool failed;
    char err[512];
} scan;

static void scan_fail(scan *sc, const char *what)
{
    if (!sc->failed)
        snprintf(sc->err, sizeof sc->err, "%s", what);
    sc->failed = true;
}

/* (a position is below MAX_TIER, 2^48, and a distance below 2^16) */
#define PUSH_SHIFT 48

/* SC's pushes into the tier's buckets; false when out of memory (the
 * solve failed). On threads, the caller holds the work's lock. */
static bool flush_pushes(scan *sc)
{
    for (size_t q = 0; q < sc->npushes; q++)
        if (!push(sc->s, sc->w, (int)(sc->pushes[q] >> PUSH_SHIFT),
                  sc->pushes[q] & (((uint64_t)1 << PUSH_SHIFT) - 1)))
            return false;
    sc->npushes = 0;
    return true;
}

/* (pushes a thread keeps before it puts them in the buckets; the
 * tests' blocks where they ask for small ones) */
enum { PUSH_BATCH = 1 << 16 };

/* (one thread: straight into the buckets; on threads, a batch at a
 * time: the order within a bucket then varies, the values and distances
 * do not) */
static void scan_push(scan *sc, int d, uint64_t i)
{
    if (d >= DIST_MAX)
        d = DIST_MAX - 1;
    if (sc->alone) {
        if (!push(sc->s, sc->w, d, i))
            scan_fail(sc, "out of memory");
        return;
    }
    size_t batch = sc->s->o.spill_block > 0 ? (size_t)sc->s->o.spill_block : PUSH_BATCH;
    if (sc->npushes >= batch) {
        pthread_mutex_lock(&sc->w->lock);
        bool ok = flush_pushes(sc);
        pthread_mutex_unlock(&sc->w->lock);
        if (!ok)
            scan_fail(sc, "out of memory");
    }
    if (!grow((void **)&sc->pushes, &sc->cappushes, sc->npushes, sizeof *sc->pushes))
        scan_fail(sc, "out of memory");
    else
        sc->pushes[sc->npushes++] = (uint64_t)d << PUSH_SHIFT | i;
}

/* Notes that a turn leads to tier KEY. */
static void note_next(scan *sc, const tkey *key)
{
    for (size_t i = sc->nnext; i > 0; i--)
        if (memcmp(&sc->next[i - 1], key, sizeof *key) == 0)
            return;
    if (!grow((void **)&sc->next, &sc->capnext, sc->nnext, sizeof *sc->next))
        scan_fail(sc, "out of memory");
    else
        sc->next[sc->nnext++] = *key;
}

/* Looks at position I of the tier: false when it must wait for a tier. */
static bool scan_position(scan *sc, uint64_t i)
{
    rm_solver *s = sc->s;
    tier *t = sc->t;
    work *w = sc->w;
    const rm_game *g = s->g;
    u128 sets[MAXS];
    int side = position_at(s, t, i, sets);
    if (side < 0) {
        w->state[i] = SKIP; /* (another position of its class stands for it, or none is) */
        sc->aliases++;
        return true;
    }
    rm_bstate bs, child;
    rm_state st;
    rm_outcome out;
    make_state(s, t, sets, side, &bs);
    int r = rm_bits_result(g, s->k, &bs, NULL, sc->tally, &sc->l, &st, &out);
    if (r == RM_FAILED) {
        char why[160], msg[400];
        snprintf(msg, sizeof msg, "a position of tier %s cannot be listed: %s", t->name,
                 rm_turns_failure(&sc->l, why, sizeof why));
        scan_fail(sc, msg);
        return true;
    }
    if (r != RM_ONGOING) {
        if (r == RM_DRAW) {
            w->state[i] = SKIP;
        } else {
            w->state[i] = OVER | (r == side ? OVER_WON : 0);
            scan_push(sc, 0, i);
        }
        return true;
    }
    size_t size = rm_bits_state_size(s->k);
    int n = turn_count(sc->tally, &sc->l);
    size_t mark = sc->nedges;
    uint32_t cnt = 0;
    int maxd = -1, win = -1;
    bool inner = false;
    for (int j = 0; j < n && !sc->failed; j++) {
        play_turn(s, size, &bs, sc->tally, &sc->l, &st, j, &child);
        tkey ck;
        key_of(s, &child, &ck);
        if (memcmp(&ck, &t->key, sizeof ck) == 0) {
            cnt++;
            inner = true;
            if (t->unmoves)
                continue; /* (the turn is found again backwards: unmoves) */
            u128 cs[MAXS];
            sets_of(s, &child, cs);
            uint64_t c = encode(s, t, cs, child.to_move);
            if (!grow((void **)&sc->edges, &sc->capedges, sc->nedges, sizeof *sc->edges))
                scan_fail(sc, "out of memory (the turns within a tier)");
            else
                sc->edges[sc->nedges++] = c << 32 | i;
            continue;
        }
        tier *ct;
        if (sc->last_tier && memcmp(&ck, &sc->last_key, sizeof ck) == 0) {
            ct = sc->last_tier; /* (noted in NEXT already) */
        } else {
            ct = find_tier(s, &ck);
            if (ct && ct->solving) {
                char msg[400];
                snprintf(msg, sizeof msg, "internal error: tier %s leads back to tier %s", t->name,
                         ct->name);
                scan_fail(sc, msg);
                break;
            }
            if (!ct && sc->alone && !(ct = solve_key(s, &ck))) {
                sc->failed = true; /* (s->err says why) */
                break;
            }
            if (!ct) {
                /* on threads: the position waits for the tier */
                sc->nedges = mark;
                if (!grow((void **)&sc->missing, &sc->capmissing, sc->nmissing,
                          sizeof *sc->missing) ||
                    !grow((void **)&sc->deferred, &sc->capdeferred, sc->ndeferred,
                          sizeof *sc->deferred)) {
                    scan_fail(sc, "out of memory");
                    return true;
                }
                sc->missing[sc->nmissing++] = ck;
                sc->deferred[sc->ndeferred++] = i;
                return false;
            }
            note_next(sc, &ck);
            sc->last_key = ck;
            sc->last_tier = ct;
        }
        /* the child's value turned to our side: WIN, the turn wins for us */
        int d, v = child_value(s, ct, &child, side, &d);
        if (v == RM_VALUE_LOSS) {
            if (d > maxd)
                maxd = d;
        } else if (v == RM_VALUE_WIN) {
            cnt++;
            if (win < 0 || d < win)
                win = d;
        } else {
            cnt++; /* a draw: never a loss for us */
        }
    }
    uint8_t b = 0;
    if (maxd >= 0 && cnt > 0 && win < 0)
        b |= LOSES_OUT; /* (it may be lost later: its longest loss is found again) */
    if (inner) {
        b |= INNER;
        sc->inner++;
    }
    w->state[i] = b;
    set_open(w, i, cnt < (uint32_t)w->cap ? cnt : (uint32_t)w->cap);
    if (win >= 0)
        scan_push(sc, win + 1, i);
    else if (cnt == 0)
        scan_push(sc, maxd + 1, i);
    return true;
}

static void *scan_run(void *arg)
{
    scan *sc = arg;
    for (uint64_t k = sc->from; k < sc->to && !sc->failed && !sc->s->failed; k++) {
        uint64_t i = sc->list ? sc->list[k] : k;
        if (sc->alone && (i & 0xFFFF) == 0)
            report(sc->s, sc->t, i, 0);
        scan_position(sc, i);
    }
    return NULL;
}

/* Merges what scan SC found into the tier's work; false when out of
 * memory. */
static bool merge_scan(rm_solver *s, work *w, scan *sc)
{
    if (sc->nedges) {
        size_t need = w->nedges + sc->nedges;
        if (need > w->capedges) {
            size_t cap = w->capedges ? w->capedges : 1 << 16;
            while (cap < need)
                cap *= 2;
            if (s->bytes + (cap - w->capedges) * sizeof *w->edges > s->o.memory) {
                fail(s, "solving needs more than the %.1f GiB of memory given (the turns within "
                        "one tier: %zu); give more with --memory, or see rimau solve --estimate",
                     (double)s->o.memory / (1 << 30), need);
                return false;
            }
            uint64_t *e = realloc(w->edges, cap * sizeof *e);
            if (!e) {
                fail(s, "out of memory (the turns within a tier)");
                return false;
            }
            s->bytes += (cap - w->capedges) * sizeof *e;
            if (s->bytes > s->peak)
                s->peak = s->bytes;
            w->edges = e;
            w->capedges = cap;
        }
        memcpy(w->edges + w->nedges, sc->edges, sc->nedges * sizeof *sc->edges);
        w->nedges = need;
    }
    sc->nedges = 0;
    return flush_pushes(sc);
}

static void free_scan(scan *sc)
{
    free(sc->next);
    free(sc->edges);
    free(sc->pushes);
    free(sc->deferred);
    free(sc->missing);
    free(sc->tally);
    rm_turnlist_free(&sc->l);
}

/* Before T's arrays are taken: the tiers the turns of a sample of T's
 * positions (one in size / 4096) lead to, solved first, so that few
 * positions of its pass wait (on threads), or solve a tier within it,
 * which would hold T's arrays meanwhile. */
static void discover(rm_solver *s, tier *t)
{
    rm_btally *tally = malloc(sizeof *tally);
    rm_turnlist l;
    rm_turnlist_init(&l);
    if (!tally) {
        fail(s, "out of memory");
        return;
    }
    size_t size = rm_bits_state_size(s->k);
    uint64_t step = t->size / 4096 + 1;
    for (uint64_t i = 0; i < t->size && !s->failed; i += step) {
        u128 sets[MAXS];
        int side = decode(s, t, i, sets);
        rm_bstate bs, child;
        rm_state st;
        if (side < 0)
            continue;
        make_state(s, t, sets, side, &bs);
        if (rm_bits_result(s->g, s->k, &bs, NULL, tally, &l, &st, NULL) != RM_ONGOING)
            continue;
        int n = turn_count(tally, &l);
        for (int j = 0; j < n && !s->failed; j++) {
            play_turn(s, size, &bs, tally, &l, &st, j, &child);
            tkey ck;
            key_of(s, &child, &ck);
            if (memcmp(&ck, &t->key, sizeof ck) != 0 && !find_tier(s, &ck))
                solve_key(s, &ck);
        }
    }
    free(tally);
    rm_turnlist_free(&l);
}

static bool forward(rm_solver *s, tier *t, work *w)
{
    int nth = s->o.threads > 1 ? s->o.threads : 1;
    if ((uint64_t)nth > t->size / 1024 + 1)
        nth = (int)(t->size / 1024 + 1); /* (a small tier: fewer threads) */
    scan *sc = calloc((size_t)nth, sizeof *sc);
    if (!sc) {
        fail(s, "out of memory");
        return false;
    }
    for (int i = 0; i < nth; i++) {
        sc[i] = (scan){ .s = s, .t = t, .w = w, .alone = nth == 1 };
        rm_turnlist_init(&sc[i].l);
        sc[i].tally = malloc(sizeof *sc[i].tally);
        if (!sc[i].tally)
            fail(s, "out of memory");
    }
    uint64_t *list = NULL; /* the positions that waited, for the next round */
    uint64_t nlist = t->size;
    for (int round = 0; !s->failed && nlist > 0; round++) {
        /* share the positions out, run, and merge */
        for (int i = 0; i < nth; i++) {
            sc[i].list = list;
            sc[i].from = nlist * (uint64_t)i / (uint64_t)nth;
            sc[i].to = nlist * (uint64_t)(i + 1) / (uint64_t)nth;
        }
        if (nth == 1) {
            scan_run(&sc[0]);
        } else {
            pthread_t th[256];
            int started = 0;
            for (int i = 0; i < nth; i++)
                if (pthread_create(&th[i], NULL, scan_run, &sc[i]) == 0)
                    started++;
                else
                    break;
            for (int i = started; i < nth; i++)
                scan_run(&sc[i]); /* (a thread that could not start: run here) */
            for (int i = 0; i < started; i++)
                pthread_join(th[i], NULL);
            report(s, t, round ? t->size : t->size / 2, 0);
        }
        size_t ndeferred = 0;
        for (int i = 0; i < nth && !s->failed; i++) {
            if (sc[i].failed)
                fail(s, "%s", sc[i].err[0] ? sc[i].err : "out of memory");
            else if (!merge_scan(s, w, &sc[i]))
                break;
            t->aliases += sc[i].aliases;
            w->inner += sc[i].inner;
            sc[i].aliases = sc[i].inner = 0;
            ndeferred += sc[i].ndeferred;
        }
        if (s->failed || ndeferred == 0)
            break;
        /* solve the tiers the deferred positions wait for, then look at
         * them again */
        for (int i = 0; i < nth && !s->failed; i++)
            for (size_t q = 0; q < sc[i].nmissing && !s->failed; q++)
                if (!find_tier(s, &sc[i].missing[q]))
                    solve_key(s, &sc[i].missing[q]);
        free(list);
        list = malloc(ndeferred * sizeof *list);
        if (!list) {
            fail(s, "out of memory");
            break;
        }
        nlist = 0;
        for (int i = 0; i < nth; i++) {
            if (sc[i].ndeferred) /* (else its list may be NULL) */
                memcpy(list + nlist, sc[i].deferred, sc[i].ndeferred * sizeof *list);
            nlist += sc[i].ndeferred;
            sc[i].ndeferred = sc[i].nmissing = 0;
        }
    }
    report(s, t, t->size, 0);
    free(list);
    for (int i = 0; i < nth && !s->failed; i++)
        for (size_t q = 0; q < sc[i].nnext; q++) {
            bool known = false;
            for (int e = 0; e < t->nnext && !known; e++)
                known = memcmp(&t->next[e], &sc[i].next[q], sizeof(tkey)) == 0;
            if (known)
                continue;
            tkey *nx = realloc(t->next, (size_t)(t->nnext + 1) * sizeof *nx);
            if (!nx) {
                fail(s, "out of memory");
                break;
            }
            t->next = nx;
            t->next[t->nnext++] = sc[i].next[q];
        }
    for (int i = 0; i < nth; i++)
        free_scan(&sc[i]);
    free(sc);
    return !s->failed;
}

/* ---- unmoves ----
 *
 * In a tier where every turn that stays in the tier is one step, slide,
 * leap or relocation of one piece (or a pass), the positions before a
 * position are found backwards: each piece of the side that moved is
 * put back where a turn of its action could have come from. A candidate
 * is kept only when that turn is legal there: the direction filters are
 * looked at as the forward turn would, and where captures or drops are
 * compulsory, or for a pass, the reference lists the candidate's turns.
 * Then the forward pass need only count each position's turns within the
 * tier, not keep them: some 9 bytes a position instead of some 100.
 *
 * With symmetry, a class P before the class C is found as many times as
 * positions of P turn into C's representative; P turns into positions of
 * C that many times |Stab(P)| / |Stab(C)| (orbit counting), which is what
 * the forward pass counted. */

/* Whether every turn of pattern TR makes an irreversible change: one of
 * its steps, taken at least once, only drops, captures or removes. */
static bool always_leaves(const rm_game *g, const rm_turn_rule *tr)
{
    for (int st = 0; st < tr->nsteps; st++) {
        const rm_step_rule *sr = &tr->steps[st];
        if (sr->min < 1)
            continue;
        bool all = true;
        for (int i = 0; i < sr->nalts && all; i++) {
            int ty = g->rules.actions[sr->alt[i]].type;
            all = ty == RM_DROP || ty == RM_CAPTURE || ty == RM_REMOVE;
        }
        if (all)
            return true;
    }
    return false;
}

static bool moves_piece(int type)
{
    return type == RM_STEP || type == RM_SLIDE || type == RM_LEAP || type == RM_RELOCATE;
}

/* The pattern SIDE plays in tier T, and whether its turns may stay in T. */
static const rm_turn_rule *pattern_of(const rm_solver *s, const tier *t, int side, bool *stays)
{
    const rm_phase *ph = &s->g->rules.phases[t->key.phase[side]];
    int n = t->key.phase_turns[side] < ph->nturns ? t->key.phase_turns[side] : ph->nturns - 1;
    const rm_turn_rule *tr = &ph->turns[n];
    /* a turn counted in the phase moves to the next tier (its count), and
     * so does one that always changes what never comes back */
    *stays = t->key.phase_turns[side] >= rm_phase_turns_counted(ph) && !always_leaves(s->g, tr);
    return tr;
}

/* Whether SIDE's phase can end within the tier of KEY. A phase that ends
 * when the side's hand is empty ends by the turn that empties it, which
 * leaves a tier whose key holds pieces in hand; one that ends after N of
 * its turns ends by a turn the key counts (rm_phase_turns_counted is at
 * least N). So only a tier already past the end is left, which no turn
 * reaches (the end of every turn moves a side on to its next phase). */
bool ends_within(const rm_solver *s, const tkey *key, int side)
{
    const rm_game *g = s->g;
    const rm_phase *ph = &g->rules.phases[key->phase[side]];
    if (!ph->may_end)
        return false;
    if (ph->end == RM_END_HAND_EMPTY) {
        const rm_side *sd = &g->sides[side];
        int n = 0;
        for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
            n += key->hand[k];
        return n == 0;
    }
    if (ph->end == RM_END_AFTER_TURNS)
        return key->phase_turns[side] >= ph->end_turns;
    return true;
}

/* The words of a moving action (moves.h) unmoves play back exactly. */
#define UNMOVE_WORDS (RM_WORD_TARGETS | RM_WORD_DIRECTIONS | RM_WORD_REGION | RM_WORD_TO_EMPTY)

/* Whether tier T can be solved by unmoves. */
bool can_unmove(const rm_solver *s, const tier *t)
{
    const rm_game *g = s->g;
    if (s->nup > 0)
        return false; /* (a turn undone may come off a stack, or onto one) */
    for (int side = 0; side < 2; side++) {
        const rm_phase *ph = &g->rules.phases[t->key.phase[side]];
        if (ph->before_play || ends_within(s, &t->key, side) || ph->compulsory_per_piece)
            return false;
        bool stays;
        const rm_turn_rule *tr = pattern_of(s, t, side, &stays);
        if (!stays)
            continue;
        if (tr->nsteps != 1 || tr->steps[0].min != 1 || tr->steps[0].max != 1)
            return false;
        const rm_step_rule *sr = &tr->steps[0];
        for (int i = 0; i < sr->nalts; i++)
            if (moves_piece(g->rules.actions[sr->alt[i]].type) &&
                !rm_action_known(&g->rules.actions[sr->alt[i]], UNMOVE_WORDS))
                return false; /* (a word unmoves do not know: the kept turns instead) */
        for (int i = 0; i < sr->nalts; i++)
            for (int j = i + 1; j < sr->nalts; j++) {
                const rm_action_rule *a = &g->rules.actions[sr->alt[i]];
                const rm_action_rule *c = &g->rules.actions[sr->alt[j]];
                if (moves_piece(a->type) && moves_piece(c->type) && rm_alts_may_meet(a, c))
                    return false; /* (two ways to one position: the forward pass merges) */
            }
    }
    return true;
}

bool plan_tier(rm_solver *s, tier *t)
{
    if (!lay_out(s, t))
        return false;
    t->unmoves = !s->o.no_unmoves && can_unmove(s, t);
    return t->unmoves || t->size <= MAX_TIER_KEPT;
}

static int stabilizer(const rm_solver *s, const u128 *sets)
{
    int n = 0;
    for (int g = 0; g < s->nsyms; g++) {
        bool same = true;
        for (int k = 0; k < nsets(s) && same; k++) {
            if (k >= s->g->nkinds && k < MAXK)
                continue;
            u128 x = sets[k];
            /* (one member's image first: most symmetries move it out) */
            same = !x || ((x >> s->perm[g][low2(x)] & 1) && apply_sym(s, g, x) == x);
        }
        n += same;
    }
    return n;
}

/* Whether the first kind's set of index I of tier T (laid out by the
 * classes of that set: T->sym) has no symmetry but the identity. */
static bool first_set_alone(const tier *t, uint64_t i)
{
    uint64_t m = t->sym->stab[i % t->per_side / t->rest];
    return (m & (m - 1)) == 0;
}

/* The symmetries that map the position SETS, of index I in tier T, onto
 * itself. They map its first kind's set onto itself too, so where the
 * class of that set (from I: rank.c) has no symmetry but the identity,
 * neither has the position, which most have. */
static int stabilizer_at(const rm_solver *s, const tier *t, uint64_t i, const u128 *sets)
{
    if (t->sym && t->nk > 0 && s->nup == 0 && first_set_alone(t, i))
        return 1;
    return stabilizer(s, sets);
}

typedef struct before {
    uint64_t *idx;             /* the classes before */
    uint32_t *count;           /* and the unmoves into each */
    uint8_t *stab;             /* and the symmetries that map each onto itself (with symmetry) */
    int n, cap;
    rm_btally *tally;
    rm_turnlist l;
} before;

/* Whether the turn of the position PSETS (SIDE to move) that leads to the
 * position of hash CHILD is legal by the reference's list. */
static bool listed_turn(rm_solver *s, const tier *t, const u128 *psets, int side, uint64_t child,
                        before *b, bool pass)
{
    rm_bstate bs;
    rm_state st;
    make_state(s, t, psets, side, &bs);
    rm_bits_to_state(s->k, &bs, &st);
    int n = rm_legal_turns(s->g, &st, &b->l);
    if (n <= 0 || (pass && !b->l.pass))
        return false;
    for (int i = 0; i < n; i++)
        if (b->l.turns[i].hash == child)
            return true;
    return false;
}

static void add_before(rm_solver *s, const tier *t, const u128 *psets, int side, before *b)
{
    int stab = 1;
    uint64_t j = encode_stab(s, t, psets, side, &stab);
    for (int i = 0; i < b->n; i++)
        if (b->idx[i] == j) {
            b->count[i]++;
            return;
        }
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        uint64_t *ni = realloc(b->idx, (size_t)cap * sizeof *ni);
        if (ni)
            b->idx = ni;
        uint32_t *nc = realloc(b->count, (size_t)cap * sizeof *nc);
        if (nc)
            b->count = nc;
        uint8_t *ns = realloc(b->stab, (size_t)cap * sizeof *ns);
        if (ns)
            b->stab = ns;
        if (!ni || !nc || !ns) {
            fail(s, "out of memory");
            return;
        }
        b->cap = cap;
    }
    /* (a position and its class's least have stabilizers of one size:
     * the position found is taken, not the class decoded) */
    b->stab[b->n] = (uint8_t)(stab > 0 ? stab : s->nsyms > 1 ? stabilizer(s, psets) : 1);
    b->idx[b->n] = j;
    b->count[b->n++] = 1;
}

/* A set of the points of a position, as the walks of one ray (moves.h)
 * read it: the solver's sets are bits of the kernel's layout. */
typedef struct bitpoints {
    u128 bits;
    const rm_bits *k;
} bitpoints;

static inline bool bitpoints_has(const bitpoints *v, int p)
{
    return v->bits >> rm_bits_bit_of(v->k, p) & 1;
}

#define MV(name) unmove_##name
#define MV_PT uint16_t
#define MV_SET const bitpoints *
#define MV_IN bitpoints_has
#include "moves.h"

/* Whether the piece of action A (of SIDE) now on Q (bit QB) may have come
 * from C (bit CB), J + 1 points away along the ray of C through NEXT:
 * in the position before (C held it, Q was empty), the move along that
 * ray is one A makes and ends on Q. EMPTY and TARGETS: the empty points
 * and A's targets now. (No kind stacks where unmoves are used.) */
static bool came_from(const rm_solver *s, const rm_action_rule *a, int side, int c, int next, int q,
                      int j, u128 empty, u128 targets, int qb, int cb)
{
    const rm_board *board = &s->g->board;
    int r = ray_to(board, c, next);
    if (r < 0 || !rm_ray_allowed(a, s->g->sides[side].ray_class[r]))
        return false;
    const uint16_t *pts = board->ray_pts + board->rays[r].off;
    int len = board->rays[r].len;
    if (j >= len || pts[j] != q)
        return false;
    u128 moved = bit2(qb) | bit2(cb);
    bitpoints was = { empty ^ moved, s->k };
    bitpoints over = { a->targets >> a->kind & 1 ? targets ^ moved : targets, s->k };
    switch (a->type) {
    case RM_STEP:
        return unmove_step(pts, &was);
    case RM_SLIDE:
        return j < unmove_slide(pts, len, &was);
    case RM_LEAP:
        return unmove_leap(pts, len, &over, &was);
    default:
        return false;
    }
}

/* The classes before position I of tier T, by a turn within the tier,
 * into B, each with the number of its turns into I's class. */
static void unmoves(rm_solver *s, const tier *t, uint64_t i, before *b)
{
    const rm_game *g = s->g;
    const rm_board *board = &g->board;
    b->n = 0;
    u128 sets[MAXS];
    int side = decode(s, t, i, sets), m = 1 - side;
    bool stays;
    const rm_turn_rule *tr = pattern_of(s, t, m, &stays);
    /* (the parent is in the child's tier: its phases are the child's) */
    bool passes = rm_blocked_rule(&g->rules, t->key.phase, m) == RM_BLOCKED_PASSES;
    /* a blocked side's pass stays in the tier even where its turns all
     * leave it (a placing phase whose drops cannot be made) */
    if (!stays && !passes)
        return;
    const rm_phase *ph = &g->rules.phases[t->key.phase[m]];
    bool check = ph->compulsory || ph->drops_compulsory;
    u128 occ = 0;
    for (int k = 0; k < g->nkinds; k++)
        occ |= sets[k];
    u128 empty = s->board & ~occ;
    uint64_t child = 0;
    if (check || passes) {
        rm_bstate cs;
        make_state(s, t, sets, side, &cs);
        child = cs.hash;
    }
    /* a pass: the same board, the other side to move, blocked */
    if (passes && listed_turn(s, t, sets, m, child, b, true))
        add_before(s, t, sets, m, b);
    const rm_step_rule *sr = &tr->steps[0];
    for (int ai = 0; ai < sr->nalts && tr->nsteps == 1 && stays; ai++) {
        const rm_action_rule *a = &g->rules.actions[sr->alt[ai]];
        if (!moves_piece(a->type))
            continue;
        int kind = a->kind;
        u128 targets = 0;
        for (int k = 0; k < g->nkinds; k++)
            if (a->targets >> k & 1)
                targets |= sets[k];
        for (u128 x = sets[kind]; x; x &= x - 1) {
            int qb = low2(x), q = rm_bits_point_at(s->k, qb);
            /* the points the piece may have come from */
            int from[RM_MAX_POINTS], nfrom = 0;
            if (a->type == RM_RELOCATE) {
                if (a->has_region && !set_has(&a->region, q))
                    continue;
                for (u128 e = empty; e; e &= e - 1)
                    from[nfrom++] = rm_bits_point_at(s->k, low2(e));
            }
            /* the points along each ray of Q it may have come from (a
             * step: the first; a slide: the empty ones; a leap: the
             * second), each kept when the move from there to Q is one
             * the action makes (moves.h) in the position before */
            for (uint32_t r = board->ray_off[q]; r < board->ray_off[q + 1] && a->type != RM_RELOCATE;
                 r++) {
                const uint16_t *pts = board->ray_pts + board->rays[r].off;
                int len = board->rays[r].len;
                int j0 = a->type == RM_LEAP ? 1 : 0, j1 = a->type == RM_SLIDE ? len : j0 + 1;
                for (int j = j0; j < j1 && j < len && (empty >> rm_bits_bit_of(s->k, pts[j]) & 1);
                     j++) {
                    int c = pts[j], cb = rm_bits_bit_of(s->k, c);
                    if (came_from(s, a, m, c, j ? pts[j - 1] : q, q, j, empty, targets, qb, cb))
                        from[nfrom++] = c;
                }
            }
            for (int f = 0; f < nfrom && !s->failed; f++) {
                u128 psets[MAXS];
                /* (the sets the position has: MAXS is 39, with room for
                 * the layers of stacks, which unmoves never meet) */
                memcpy(psets, sets, (size_t)nsets(s) * sizeof *psets);
                psets[kind] = (psets[kind] & ~bit2(qb)) | bit2(rm_bits_bit_of(s->k, from[f]));
                if (check && !listed_turn(s, t, psets, m, child, b, false))
                    continue;
                add_before(s, t, psets, m, b);
            }
        }
    }
    if (s->nsyms > 1) {
        int sc = stabilizer_at(s, t, i, sets);
        for (int j = 0; j < b->n; j++) {
            int sp = b->stab[j];
            if ((b->count[j] * (uint32_t)sp) % (uint32_t)sc != 0) {
                fail(s, "internal error: unmoves of tier %s do not divide by symmetry", t->name);
                return;
            }
            b->count[j] = b->count[j] * (uint32_t)sp / (uint32_t)sc;
        }
    }
}

/* Tier T's distances, 1 byte each while it is solved, made 2 bytes each
 * (a distance past 255 was reached); false when that does not fit (the
 * solve fails). */
static bool widen(rm_solver *s, tier *t)
{
    if (t->dwidth != 1)
        return false;
    uint8_t *wide = take_mem(s, (size_t)t->size * 2, "a tier's distances, past 255");
    if (!wide)
        return false;
    for (uint64_t i = 0; i < t->size; i++) {
        uint16_t d = t->dist[i];
        memcpy(wide + 2 * i, &d, sizeof d);
    }
    give_mem(s, t->dist, (size_t)t->size);
    t->dist = wide;
    t->dwidth = 2;
    return true;
}

/* Pops position I at distance D of the backward pass: its value is
 * settled (in V: won if it still has a turn not known to lose, else
 * lost). The side to move in it, or -1 when it was settled before. */
static int settle(rm_solver *s, tier *t, work *w, int d, uint64_t i, int *v)
{
    if (get_val(t, i) != UNDECIDED)
        return -1;
    uint8_t b = w->state[i];
    if (b & INNER)
        w->inner--;
    if ((b & OVER) == OVER)
        *v = b & OVER_WON ? RM_VALUE_WIN : RM_VALUE_LOSS;
    else
        *v = get_open(w, i) > 0 ? RM_VALUE_WIN : RM_VALUE_LOSS;
    set_val(t, i, *v);
    if (t->dwidth == 1 && (d > 255 || (s->o.wide_from > 0 && d >= s->o.wide_from)))
        widen(s, t);
    set_dist(t, i, d);
    return (int)(i / t->per_side);
}

/* The turns of position P (not over) not known to lose for its side to
 * move, counted by generating them: a turn within the tier loses once the
 * position it leads to is decided lost for P's side; and into *OUTMAX, the
 * longest of its turns into other tiers that lose (-1: none). */
static uint32_t open_turns(rm_solver *s, tier *t, work *w, uint64_t p, int *outmax)
{
    const rm_game *g = s->g;
    *outmax = -1;
    if (!w->tally && !(w->tally = malloc(sizeof *w->tally))) {
        fail(s, "out of memory");
        return 0;
    }
    u128 sets[MAXS];
    int side = decode(s, t, p, sets);
    rm_bstate bs, child;
    rm_state st;
    make_state(s, t, sets, side, &bs);
    if (rm_bits_result(g, s->k, &bs, NULL, w->tally, &w->l, &st, NULL) != RM_ONGOING) {
        fail(s, "internal error: tier %s: a position counted again is over", t->name);
        return 0;
    }
    size_t size = rm_bits_state_size(s->k);
    int n = turn_count(w->tally, &w->l);
    uint32_t open = 0;
    for (int j = 0; j < n; j++) {
        play_turn(s, size, &bs, w->tally, &w->l, &st, j, &child);
        tkey ck;
        key_of(s, &child, &ck);
        if (memcmp(&ck, &t->key, sizeof ck) == 0) {
            u128 cs[MAXS];
            sets_of(s, &child, cs);
            uint64_t c = encode(s, t, cs, child.to_move);
            int cv = get_val(t, c) == UNDECIDED ? RM_VALUE_DRAW : get_val(t, c);
            bool loses = cv == (child.to_move == side ? RM_VALUE_LOSS : RM_VALUE_WIN);
            open += !loses;
            continue;
        }
        const tier *ct = find_tier(s, &ck);
        int d;
        if (!ct) {
            fail(s, "internal error: tier %s leads to a tier not solved", t->name);
            return 0;
        }
        if (child_value(s, ct, &child, side, &d) != RM_VALUE_LOSS)
            open++;
        else if (d > *outmax)
            *outmax = d;
    }
    return open;
}

/* Position P, whose turns not known to lose are all gone, the last at
 * distance D: lost, at one more than its longest losing turn. */
static void push_lost(rm_solver *s, tier *t, work *w, int d, uint64_t p, int outmax)
{
    if (outmax < 0 && (w->state[p] & LOSES_OUT))
        open_turns(s, t, w, p, &outmax);
    push(s, w, (outmax > d ? outmax : d) + 1, p);
    w->state[p] |= PUSHED_LOST;
}

/* Tells position P that COUNT of its turns reach a position of SIDE
 * settled at distance D with value V: P is won at once by a turn to a
 * position its side wins, lost when its last turn not known to lose goes.
 * (The positions are settled in order of distance, so D is never less
 * than at the tells before.) */
static void tell(rm_solver *s, tier *t, work *w, int d, int side, int v, uint64_t p,
                 uint32_t count)
{
    if (get_val(t, p) != UNDECIDED || (w->state[p] & PUSHED_LOST) || s->failed)
        return; /* (decided, over, an alias, or pushed lost) */
    int pside = (int)(p / t->per_side);
    int pv = side == pside ? v : v == RM_VALUE_WIN ? RM_VALUE_LOSS : RM_VALUE_WIN;
    if (pv == RM_VALUE_WIN) {
        if (!(w->state[p] & PUSHED_BACK)) /* (a later push would come no sooner) */
            push(s, w, d + 1, p);
        w->state[p] |= PUSHED_BACK;
        return;
    }
    uint32_t left = get_open(w, p);
    if (left == (uint32_t)w->cap) {
        /* saturated: counted again, this turn's loss known */
        int outmax;
        uint32_t open = open_turns(s, t, w, p, &outmax);
        set_open(w, p, open < (uint32_t)w->cap ? open : (uint32_t)w->cap);
        if (open == 0)
            push_lost(s, t, w, d, p, outmax);
    } else if (left < count) {
        fail(s, "internal error: tier %s: a position has fewer turns than lead back to it",
             t->name);
    } else {
        set_open(w, p, left - count);
        if (left == count)
            push_lost(s, t, w, d, p, -1);
    }
}

/* Makes W's scratch file in the database's folder, removed at once (it
 * is the open file's alone); false, with the solve failed, when it
 * cannot be made. */
static bool open_spill(rm_solver *s, const tier *t, work *w)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.spill-%ld-%lx", s->o.db, (long)getpid(),
             (unsigned long)(uintptr_t)t);
    w->io = malloc(w->blk * sizeof(uint64_t));
    w->spill = w->io ? open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600) : -1;
    if (w->spill < 0) {
        fail(s, "cannot make a scratch file in %s: %s", s->o.db,
             w->io ? strerror(errno) : "out of memory");
        return false;
    }
    unlink(path);
    return true;
}

/* Lets go of bucket D, gone through: its memory, and its blocks in the
 * scratch file. */
static void drop_bucket(work *w, int d)
{
    bucket *b = &w->bucket[d];
#if defined FALLOC_FL_PUNCH_HOLE && !defined __EMSCRIPTEN__ /* (its headers, not its library) */
    for (size_t k = 0; k < b->nblock; k++)
        (void)fallocate(w->spill, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)b->block[k],
                        (off_t)(w->blk * entry_bytes(w)));
#endif
    free(b->mem);
    free(b->block);
    memset(b, 0, sizeof *b);
}

/* Going back by unmoves on threads (-j): the positions before each
 * position of a batch of a bucket are found by the threads, each its
 * share of the batch, and kept in order; then the batch's positions are
 * settled and their parents told one by one, in the bucket's order, as
 * on one thread. Finding them reads nothing the telling changes (the
 * tier's rules and ranking), so the values and distances are the same
 * (a position already decided is not unmoved; one decided within the
 * batch is unmoved for nothing). */
typedef struct unmove_job {
    rm_solver *s;
    const tier *t;
    const work *w;
    const uint64_t *pos;       /* the positions of a bucket FROM .. TO, from POS[0] */
    size_t from, to;
    before b;
    uint64_t *idx;             /* the positions before them, in order */
    uint32_t *count;
    size_t n, capidx, capcount;
    size_t *end;               /* by position (from FROM): the end of its share of IDX */
    bool failed;
} unmove_job;

enum { UNMOVE_BATCH = 4096 };  /* positions a thread unmoves at a time, at most */

static void *unmoves_run(void *arg)
{
    unmove_job *j = arg;
    j->n = 0;
    for (size_t q = j->from; q < j->to && !j->failed; q++) {
        uint64_t i = j->pos[q - j->from];
        if (get_val(j->t, i) == UNDECIDED && j->w->inner > 0) {
            unmoves(j->s, j->t, i, &j->b);
            for (int e = 0; e < j->b.n && !j->failed; e++, j->n++) {
                if (!grow((void **)&j->idx, &j->capidx, j->n, sizeof *j->idx) ||
                    !grow((void **)&j->count, &j->capcount, j->n, sizeof *j->count)) {
                    j->failed = true;
                    break;
                }
                j->idx[j->n] = j->b.idx[e];
                j->count[j->n] = j->b.count[e];
            }
        }
        j->end[q - j->from] = j->n;
    }
    return NULL;
}

/* backward, with the positions before each position found by unmoves. */
static void backward_unmoves(rm_solver *s, tier *t, work *w)
{
    int nth = s->o.threads > 1 ? s->o.threads : 1;
    unmove_job *jobs = calloc((size_t)nth, sizeof *jobs);
    if (!jobs) {
        fail(s, "out of memory");
        return;
    }
    for (int k = 0; k < nth; k++) {
        jobs[k] = (unmove_job){ .s = s, .t = t, .w = w };
        rm_turnlist_init(&jobs[k].b.l);
        jobs[k].end = malloc(UNMOVE_BATCH * sizeof *jobs[k].end);
        if (!jobs[k].end)
            fail(s, "out of memory");
    }
    /* (the positions of a batch, read from their bucket) */
    uint64_t *win = malloc((size_t)nth * UNMOVE_BATCH * sizeof *win);
    if (!win)
        fail(s, "out of memory");
    for (int d = 0; d < w->nbuckets && !s->failed; d++) {
        /* (a bucket does not grow while it is gone through: every push
         * is to a farther one) */
        size_t n = bucket_size(w, d);
        /* (a small bucket shared out evenly) */
        size_t batch = (n + (size_t)nth - 1) / (size_t)nth;
        if (batch > UNMOVE_BATCH)
            batch = UNMOVE_BATCH;
        for (size_t q0 = 0; q0 < n && !s->failed; q0 += (size_t)nth * batch) {
            if (halted(s))
                break;
            size_t q1 = q0 + (size_t)nth * batch < n ? q0 + (size_t)nth * batch : n;
            if (!bucket_read(s, w, d, q0, q1 - q0, win))
                break;
            int used = 0;
            for (size_t q = q0; q < q1; q += batch, used++) {
                jobs[used].pos = win + (q - q0);
                jobs[used].from = q;
                jobs[used].to = q + batch < q1 ? q + batch : q1;
            }
            pthread_t th[256];
            int started = 0;
            if (used > 1)
                for (; started < used - 1; started++)
                    if (pthread_create(&th[started], NULL, unmoves_run, &jobs[started + 1]) != 0)
                        break;
            unmoves_run(&jobs[0]);
            for (int k = started + 1; k < used; k++)
                unmoves_run(&jobs[k]); /* (a thread that could not start: run here) */
            for (int k = 0; k < started; k++)
                pthread_join(th[k], NULL);
            for (int k = 0; k < used && !s->failed; k++) {
                unmove_job *j = &jobs[k];
                if (j->failed) {
                    fail(s, "out of memory");
                    break;
                }
                size_t e = 0;
                for (size_t q = j->from; q < j->to && !s->failed; q++) {
                    size_t end = j->end[q - j->from];
                    uint64_t i = win[q - q0];
                    int v, side = settle(s, t, w, d, i, &v);
                    for (; side >= 0 && w->inner > 0 && e < end && !s->failed; e++)
                        tell(s, t, w, d, side, v, j->idx[e], j->count[e]);
                    e = end;
                }
            }
        }
        drop_bucket(w, d);
    }
    for (int k = 0; k < nth; k++) {
        free(jobs[k].b.idx);
        free(jobs[k].b.count);
        free(jobs[k].b.stab);
        rm_turnlist_free(&jobs[k].b.l);
        free(jobs[k].idx);
        free(jobs[k].count);
        free(jobs[k].end);
    }
    free(jobs);
    free(win);
}

/* The parents of each position, from the turns within the tier. */
static bool reverse_edges(rm_solver *s, tier *t, work *w)
{
    if (w->nedges > UINT32_MAX) {
        fail(s, "tier %s has %zu turns within it, more than a tier whose turns are kept may "
                "(2^32)", t->name, w->nedges);
        return false;
    }
    w->off = take_mem(s, (size_t)(t->size + 1) * sizeof *w->off, "a tier's turns");
    w->from = take_mem(s, (w->nedges ? w->nedges : 1) * sizeof *w->from, "a tier's turns");
    if (!w->off || !w->from)
        return false;
    for (size_t e = 0; e < w->nedges; e++)
        w->off[(w->edges[e] >> 32) + 1]++;
    for (uint64_t i = 0; i < t->size; i++)
        w->off[i + 1] += w->off[i];
    for (size_t e = 0; e < w->nedges; e++) {
        uint32_t c = (uint32_t)(w->edges[e] >> 32);
        w->from[w->off[c]++] = (uint32_t)w->edges[e];
    }
    for (uint64_t i = t->size; i > 0; i--)
        w->off[i] = w->off[i - 1];
    w->off[0] = 0;
    give_mem(s, w->edges, w->capedges * sizeof *w->edges);
    w->edges = NULL;
    return true;
}

/* Going back: the positions decided, nearest the end first, decide the
 * positions before them. A position popped at distance D is won if it
 * still has a turn not known to lose (it was pushed by a winning one),
 * else lost. */
static void backward(rm_solver *s, tier *t, work *w)
{
    uint64_t seen = 0, win[4096];
    for (int d = 0; d < w->nbuckets && !s->failed; d++) {
        size_t n = bucket_size(w, d);
        for (size_t q0 = 0; q0 < n && !s->failed; q0 += 4096) {
            size_t m = n - q0 < 4096 ? n - q0 : 4096;
            if (!bucket_read(s, w, d, q0, m, win))
                break;
            for (size_t k = 0; k < m && !s->failed; k++) {
                if ((++seen & 0xFFFF) == 0 && halted(s))
                    break;
                uint64_t i = win[k];
                int v, side = settle(s, t, w, d, i, &v);
                if (side < 0)
                    continue;
                for (uint32_t e = w->off[i]; e < w->off[i + 1] && !s->failed; e++)
                    tell(s, t, w, d, side, v, w->from[e], 1);
            }
        }
        drop_bucket(w, d);
    }
}

static void free_work(rm_solver *s, tier *t, work *w)
{
    pthread_mutex_destroy(&w->lock);
    give_mem(s, w->cnt, (size_t)t->size * sizeof *w->cnt);
    give_mem(s, w->state, (size_t)t->size * sizeof *w->state);
    free(w->tally);
    rm_turnlist_free(&w->l);
    give_mem(s, w->edges, w->capedges * sizeof *w->edges);
    give_mem(s, w->off, (size_t)(t->size + 1) * sizeof *w->off);
    give_mem(s, w->from, (w->nedges ? w->nedges : 1) * sizeof *w->from);
    for (int d = 0; d < w->nbuckets; d++) {
        free(w->bucket[d].mem);
        free(w->bucket[d].block);
    }
    free(w->bucket);
    free(w->io);
    if (w->spill >= 0)
        close(w->spill);
}

/* The positions of tier T left UNDECIDED made draws (0). */
static void draw_undecided(tier *t)
{
    for (size_t b = 0; b < val_bytes(t); b++) {
        unsigned x = t->val[b], both = x & x >> 1 & 0x55;
        t->val[b] = (uint8_t)(x & ~(both * 3));
    }
}

/* Counts what tier T (solved) holds, and keeps it. */
static tier *tier_solved(rm_solver *s, tier *t)
{
    t->solving = false;
    if (s->failed)
        return NULL;
    /* what is left undecided is a draw; the totals */
    for (uint64_t i = 0; i < t->size; i++) {
        int v = get_val(t, i);
        if (v == RM_VALUE_WIN) {
            t->won++;
            if (get_dist(t, i) > t->longest)
                t->longest = get_dist(t, i);
        } else if (v == RM_VALUE_LOSS) {
            t->lost++;
        }
    }
    t->drawn = t->size - t->aliases - t->won - t->lost;
    for (int i = 0; i < s->ntiers; i++)
        if (s->tiers[i] == t)
            s->done[s->ndone++] = i;
    save_tier(s, t);
    report(s, t, t->size, 2);
    return s->failed ? NULL : t;
}

/* ---- a tier over by its pieces ----
 *
 * Where the end rules decide a game by the pieces alone (a side with no
 * pieces left, or down to its losing number: rules 1 and 2 of result.h,
 * which read only the pieces on the board and in hand, both in the
 * tier's key), every position of the tier is over with one winner, and
 * no turn is looked at: each position is won for the winner to move and
 * lost for the other, at distance 0. (Bagh-chal's tiers of 15 goats,
 * 171,648,600 positions after its sliding phase alone, where the forward
 * pass read the end rules position by position.) */

/* The winner of every position of tier T, when the pieces decide it;
 * else -1. The end rules are asked once, of its first position. */
static int won_by_pieces(rm_solver *s, const tier *t)
{
    for (uint64_t i = 0; i < t->size; i++) {
        u128 sets[MAXS];
        int side = position_at(s, t, i, sets);
        if (side < 0)
            continue;
        rm_bstate bs;
        rm_state st;
        rm_outcome out;
        make_state(s, t, sets, side, &bs);
        rm_btally *tally = malloc(sizeof *tally);
        rm_turnlist l;
        rm_turnlist_init(&l);
        int r = tally ? rm_bits_result(s->g, s->k, &bs, NULL, tally, &l, &st, &out) : RM_FAILED;
        free(tally);
        rm_turnlist_free(&l);
        if (r == RM_FAILED || r == RM_ONGOING || r == RM_DRAW)
            return -1;
        return out.rule == RM_BY_NO_PIECES || out.rule == RM_BY_LOSING_NUMBER ? r : -1;
    }
    return -1;
}

/* Decides every position of tier T (whose values are 0, a draw, and
 * distances 0) over, won by WINNER. An index stands for a position of
 * its own (not an alias, rank.c) wherever the first kind's class has no
 * symmetry but the identity and nothing stacks: those need no decoding. */
static void decide_over(rm_solver *s, tier *t, int winner)
{
    uint64_t block = t->nk > 0 ? t->rest : t->per_side;
    for (uint64_t b = 0; b * block < t->size; b++) {
        if ((b & 0xFF) == 0 && b) {
            report(s, t, b * block, 0);
            if (s->failed)
                return;
        }
        uint64_t from = b * block;
        int v = from / t->per_side == (uint64_t)winner ? RM_VALUE_WIN : RM_VALUE_LOSS;
        bool own = s->nup == 0 && (!t->sym || first_set_alone(t, from));
        for (uint64_t i = from; i < from + block; i++) {
            u128 sets[MAXS];
            if (own || position_at(s, t, i, sets) >= 0)
                set_val(t, i, v);
            else
                t->aliases++;
        }
    }
}

tier *solve_key(rm_solver *s, const tkey *key)
{
    if (s->failed)
        return NULL;
    tier *t = calloc(1, sizeof *t);
    if (t)
        t->key = *key;
    if (!t || add_tier(s, t) != 0) {
        free(t);
        fail(s, "out of memory");
        return NULL;
    }
    if (!plan_tier(s, t)) {
        if (t->want > (long double)MAX_TIER)
            fail(s, "tier %s has %.3Lg positions, more than a tier may (2^48); see rimau solve "
                    "--estimate",
                 t->name, t->want);
        else
            fail(s, "tier %s has %.3Lg positions, more than a tier may whose turns are kept "
                    "(compound turns, chains or stacks: %llu); see rimau solve --estimate",
                 t->name, t->want, (unsigned long long)MAX_TIER_KEPT);
        return NULL;
    }
    if (load_tier(s, t)) {
        s->done[s->ndone++] = s->ntiers - 1;
        report(s, t, t->size, 2);
        return t;
    }
    if (s->failed || halted(s))
        return NULL;
    if (s->o.read_only) {
        fail(s, "the database %s has no solve of tier %s (read only: nothing is solved)",
             s->o.db, t->name);
        return NULL;
    }
    if (s->by_levels && (!s->own || memcmp(s->own, key, sizeof *key) != 0)) {
        fail(s, "tier %s is missing from %s, where the solve of its level put it (was it "
                "removed during the solve?)",
             t->name, s->o.db);
        return NULL;
    }
    s->own = NULL; /* (the tiers it leads to are read, not solved) */
    /* a tier to solve, and to write: the folder is this solve's alone */
    if (s->o.db && !lock_take(s, F_WRLCK))
        return NULL;
    /* the tiers it leads to first, before its own arrays are taken: the
     * tiers being solved at once are then few (Bagh-chal from the start:
     * a chain of tiers of up to 1.1 x 10^9 positions each); but a tier
     * whose arrays cannot fit stops the solve at once; a tier over by
     * its pieces needs its values alone (its distances are 0), and leads
     * nowhere */
    int winner = won_by_pieces(s, t);
    t->dwidth = winner >= 0 ? 0 : 1; /* (2 once a distance passes 255: widen) */
    /* its arrays, in the order they are taken: values, distances, and
     * the working STATE */
    const struct {
        size_t n;
        const char *what;
    } arrays[3] = { { val_bytes(t), "a tier's values" },
                    { dist_bytes(t), "a tier's distances" },
                    { (size_t)t->size, "a tier being solved" } };
    size_t held = s->bytes;
    for (int k = 0; k < (winner >= 0 ? 1 : 3); held += arrays[k++].n)
        if (!room_for(s, held, arrays[k].n, arrays[k].what))
            return NULL;
    if (winner < 0)
        discover(s, t);
    if (s->failed)
        return NULL;
    t->solving = true;
    t->val = take_mem(s, arrays[0].n, arrays[0].what);
    if (!t->val)
        return tier_solved(s, t); /* (failed) */
    if (winner >= 0) {
        int was = clock_phase(s, PHASE_FORWARD);
        decide_over(s, t, winner);
        clock_phase(s, was);
        return tier_solved(s, t);
    }
    t->dist = take_mem(s, arrays[1].n, arrays[1].what);
    memset(t->val, 0xFF, arrays[0].n); /* (every position UNDECIDED) */
    work w = { .wide = t->size > UINT32_MAX, .spill = -1, .blk = BLOCK };
    pthread_mutex_init(&w.lock, NULL);
    rm_turnlist_init(&w.l);
    w.state = take_mem(s, arrays[2].n, arrays[2].what);
    /* the counts in bytes of their own where they fit, else lean: in
     * the states (recounted more often) */
    if (!s->o.lean && s->bytes + (size_t)t->size <= s->o.memory)
        w.cnt = take_mem(s, (size_t)t->size, "a tier being solved");
    /* with a database, where the buckets could pass the memory left (at
     * most one place a position): their blocks to a scratch file */
    size_t most_waiting = (size_t)t->size * entry_bytes(&w);
    if (s->o.db && w.state &&
        (s->bytes + most_waiting > s->o.memory || s->o.spill_block > 0)) {
        if (s->o.spill_block > 0)
            w.blk = (size_t)s->o.spill_block;
        open_spill(s, t, &w);
    }
    int most = w.cnt ? 255 : COUNT;
    w.cap = s->o.count_cap > 0 && s->o.count_cap < most ? s->o.count_cap : most;
    int was = clock_phase(s, PHASE_FORWARD);
    bool ahead = t->val && t->dist && w.state && !s->failed && forward(s, t, &w);
    clock_phase(s, PHASE_BACK);
    if (ahead && (t->unmoves || reverse_edges(s, t, &w))) {
        report(s, t, 0, 1);
        if (t->unmoves)
            backward_unmoves(s, t, &w);
        else
            backward(s, t, &w);
    }
    clock_phase(s, was);
    free_work(s, t, &w);
    draw_undecided(t);
    return tier_solved(s, t);
}

/* ---- for the tests ---- */

int unmoves_of(rm_solver *s, const rm_state *st, rm_state *out, int max)
{
    tier t = { 0 };
    rm_bstate bs;
    before b = { 0 };
    int n = -1;
    rm_bits_from_state(s->k, st, &bs);
    key_of(s, &bs, &t.key);
    if (plan_tier(s, &t) && t.unmoves) {
        u128 sets[MAXS];
        sets_of(s, &bs, sets);
        rm_turnlist_init(&b.l);
        unmoves(s, &t, encode(s, &t, sets, bs.to_move), &b);
        n = s->failed ? -1 : 0;
        for (int e = 0; e < b.n && n >= 0; e++) {
            int side = decode(s, &t, b.idx[e], sets);
            make_state(s, &t, sets, side, &bs);
            for (uint32_t c = 0; c < b.count[e]; c++, n++)
                if (n < max)
                    rm_bits_to_state(s->k, &bs, &out[n]);
        }
        rm_turnlist_free(&b.l);
    }
    free(b.idx);
    free(b.count);
    free(b.stab);
    return n;
}
