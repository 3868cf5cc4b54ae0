/* solve.c: retrograde analysis (see solve.h). */
#define _POSIX_C_SOURCE 200809L
#include "solve.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bitgen.h"
#include "files.h"

__extension__ typedef unsigned __int128 u128;

#define MAXK RM_BITS_MAX_KINDS
/* A position's sets: one a kind (the points it holds), then, where
 * pieces stack, one a layer: the points with stacks of at least 2, 3, ...
 * pieces (of any kind: a stack is of one kind) */
#define MAXUP 31
#define MAXS (MAXK + MAXUP)
#define MAX_SYMS 64                 /* symmetries of a board kept (else none is used) */
#define MAX_SYM_SETS 20000000ull    /* placements of the first kind tabled for symmetry */
#define MAX_TIER ((uint64_t)UINT32_MAX - 1) /* positions of one tier */
#define NONE UINT32_MAX
#define DIST_MAX 65535

/* ---- point sets of up to 128 bits ---- */

static inline u128 ld2(const uint64_t w[2])
{
    return (u128)w[0] | (u128)w[1] << 64;
}

static inline void st2(uint64_t w[2], u128 x)
{
    w[0] = (uint64_t)x;
    w[1] = (uint64_t)(x >> 64);
}

static inline int pc2(u128 x)
{
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

static inline int low2(u128 x)
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static inline u128 bit2(int b)
{
    return (u128)1 << b;
}

/* The K-th member of X (K below their number). */
static inline int select2(u128 x, int k)
{
    for (int i = 0; i < k; i++)
        x &= x - 1;
    return low2(x);
}

/* ---- tiers ---- */

/* What a tier is: the pieces of each kind on the board and in hand, each
 * side's phase and the turns counted in it. */
typedef struct tkey {
    uint8_t on_board[MAXK], hand[MAXK];
    uint8_t phase[2], phase_turns[2];
} tkey;

/* The placements of C pieces of one kind on the board, up to symmetry:
 * the classes, by the colex rank of a set among the board's points. */
typedef struct symtab {
    int count;
    uint64_t nsets;
    uint32_t *class_of;        /* by rank: its class */
    uint8_t *sym_of;           /* by rank: a symmetry taking the set to its class's set */
    uint32_t nclasses;
    u128 *class_set;           /* by class: its set */
    uint64_t *stab;            /* by class: the symmetries that keep its set (bit per symmetry) */
} symtab;

typedef struct tier {
    tkey key;
    int nk, order[MAXK];       /* the kinds on the board, the first one (fewest placements) first */
    uint64_t nfirst;           /* the placements of the first kind: classes, or sets */
    uint64_t mult[MAXK];       /* by place in ORDER (from 1): the placements of that kind */
    uint64_t rest;             /* the product of MULT */
    uint64_t per_side, size;
    long double want;          /* the positions it would have (when more than a tier may) */
    const symtab *sym;         /* NULL: every placement kept */
    uint8_t *val;              /* 2 bits a position, 4 a byte (RM_VALUE_*) */
    uint16_t *dist;
    uint64_t won, lost, drawn, aliases;
    int longest;
    bool loaded, solving;
    bool unmoves;              /* the positions before a position are generated, not kept */
    int nnext;
    tkey *next;                /* the tiers its turns lead to (besides itself) */
    char name[160];
} tier;

struct rm_solver {
    const rm_game *g;
    const rm_bits *k;
    rm_solve_options o;
    int nbits, npoints;
    u128 board;
    bool stacks[MAXK];         /* by kind: its pieces may share a point */
    int nup;                   /* the layers of stacks kept (0 where nothing stacks): the sets
                                * are the MAXK kinds' and then these (nsets) */
    uint64_t binom[129][129];  /* saturated at UINT64_MAX */
    /* the board's symmetries: perm[s][bit] */
    int nsyms;
    uint8_t (*perm)[RM_BITS_MAX_WORDS * 64];
    uint8_t compose[MAX_SYMS][MAX_SYMS]; /* compose[a][b]: b, then a */
    symtab *symtabs[129];      /* by count of the first kind */
    /* the tiers, in the order they were solved, and a table to find them */
    int ntiers, captiers;
    tier **tiers;
    int ndone;
    int *done;                 /* the tiers in the order they were finished */
    int *slot;
    int nslots;
    size_t bytes, peak;
    uint64_t rules_hash;
    char options[512];
    double started;
    char *err;
    size_t errsize;
    bool failed;
    /* the database's folder: its lock (see "the lock of a database's folder") */
    bool db_held;              /* the process's turn at databases (db_mutex) is this solve's */
    int lock_fd;               /* DIR/.lock, open; -1: none */
    int lock_errno;            /* why it is open to read only (or not at all) */
    short lock_type;           /* F_UNLCK, F_RDLCK or F_WRLCK: the lock held */
    bool unsynced;             /* tiers renamed into the folder since its last sync */
};

static double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fail(rm_solver *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void fail(rm_solver *s, const char *fmt, ...)
{
    if (s->failed)
        return;
    s->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, s->errsize, fmt, ap);
    va_end(ap);
}

/* Whether the caller's stop function stops the solve now (which then
 * fails). */
static bool halted(rm_solver *s)
{
    if (!s->failed && s->o.stop && s->o.stop(s->o.ctx))
        fail(s, "the solve was stopped before its end");
    return s->failed;
}

/* Memory: what the solve holds, against what it may. */
static void *take_mem(rm_solver *s, size_t n, const char *what)
{
    if (s->bytes + n > s->o.memory) {
        fail(s, "solving needs more than the %.1f GiB of memory given (%s: %.1f GiB more); "
                "give more with --memory, or see rimau solve --estimate",
             (double)s->o.memory / (1 << 30), what, (double)n / (1 << 30));
        return NULL;
    }
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        fail(s, "out of memory (%s: %.1f GiB)", what, (double)n / (1 << 30));
        return NULL;
    }
    s->bytes += n;
    if (s->bytes > s->peak)
        s->peak = s->bytes;
    return p;
}

static void give_mem(rm_solver *s, void *p, size_t n)
{
    if (p) {
        free(p);
        s->bytes -= n;
    }
}

static uint64_t key_hash(const tkey *k)
{
    const uint8_t *b = (const uint8_t *)k;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < sizeof *k; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static tier *find_tier(const rm_solver *s, const tkey *key)
{
    if (!s->nslots)
        return NULL;
    for (uint64_t j = key_hash(key) & (uint64_t)(s->nslots - 1);; j = (j + 1) & (uint64_t)(s->nslots - 1)) {
        int i = s->slot[j];
        if (i < 0)
            return NULL;
        if (memcmp(&s->tiers[i]->key, key, sizeof *key) == 0)
            return s->tiers[i];
    }
}

static int add_tier(rm_solver *s, tier *t)
{
    if (s->ntiers == s->captiers) {
        int cap = s->captiers ? 2 * s->captiers : 64;
        tier **nt = realloc(s->tiers, (size_t)cap * sizeof *nt);
        if (nt)
            s->tiers = nt;
        int *nd = realloc(s->done, (size_t)cap * sizeof *nd);
        if (nd)
            s->done = nd;
        if (!nt || !nd)
            return -1;
        s->captiers = cap;
    }
    if (2 * (s->ntiers + 1) > s->nslots) {
        int n = s->nslots ? 2 * s->nslots : 256;
        int *slot = malloc((size_t)n * sizeof *slot);
        if (!slot)
            return -1;
        for (int j = 0; j < n; j++)
            slot[j] = -1;
        for (int i = 0; i < s->ntiers; i++) {
            uint64_t j = key_hash(&s->tiers[i]->key) & (uint64_t)(n - 1);
            while (slot[j] >= 0)
                j = (j + 1) & (uint64_t)(n - 1);
            slot[j] = i;
        }
        free(s->slot);
        s->slot = slot;
        s->nslots = n;
    }
    s->tiers[s->ntiers] = t;
    uint64_t j = key_hash(&t->key) & (uint64_t)(s->nslots - 1);
    while (s->slot[j] >= 0)
        j = (j + 1) & (uint64_t)(s->nslots - 1);
    s->slot[j] = s->ntiers++;
    return 0;
}

/* ---- ranking ---- */

/* The colex rank of the set X among the points of FREE. */
static uint64_t rank_in(const rm_solver *s, u128 x, u128 free)
{
    uint64_t r = 0;
    int i = 1;
    for (; x; x &= x - 1, i++) {
        int p = pc2(free & (bit2(low2(x)) - 1));
        r += s->binom[p][i];
    }
    return r;
}

/* The I-th largest member (counting from 1) of the set whose colex rank
 * is *R, its members below TOP + 1: the largest P with binom(P, I) <= *R
 * (else I - 1), taken off *R. */
static int colex_digit(const rm_solver *s, uint64_t *r, int i, int top)
{
    int p = top;
    while (p >= i && s->binom[p][i] > *r)
        p--;
    if (s->binom[p][i] > *r)
        p = i - 1;
    *r -= s->binom[p][i];
    return p;
}

/* The set of C points of FREE (M of them) whose colex rank is R. */
static u128 unrank_in(const rm_solver *s, uint64_t r, int c, u128 free, int m)
{
    u128 x = 0;
    int top = m - 1;
    for (int i = c; i >= 1; i--) {
        int p = colex_digit(s, &r, i, top);
        x |= bit2(select2(free, p));
        top = p - 1;
    }
    return x;
}

/* The point sets of a position: one a kind, then the layers of stacks. */
static int nsets(const rm_solver *s)
{
    return MAXK + s->nup;
}

/* A kind that stacks is placed as a multiset: C pieces on the M points
 * of FREE, taken in order with repeats e1 <= e2 <= ... <= eC, are the
 * C-set {e1, e2 + 1, ..., eC + C - 1} of M + C - 1 numbers, ranked in
 * colex order (so there are binom(M + C - 1, C) placements). The height
 * of the stack on a point is 1 + the layers (SETS[MAXK ..]) it is in. */
static int height_at(const rm_solver *s, const u128 *sets, int b)
{
    int h = 1;
    for (int j = 0; j < s->nup && (sets[MAXK + j] >> b & 1); j++)
        h++;
    return h;
}

static uint64_t rank_stacks(const rm_solver *s, const u128 *sets, u128 x, u128 free)
{
    uint64_t r = 0;
    int i = 0;
    for (; x; x &= x - 1) {
        int b = low2(x), e = pc2(free & (bit2(b) - 1));
        for (int h = height_at(s, sets, b); h > 0; h--, i++)
            r += s->binom[e + i][i + 1];
    }
    return r;
}

/* The placement of C pieces of one kind on the M points of FREE whose
 * rank is R: its points (returned) and its stacks, added to the layers of
 * SETS. */
static u128 unrank_stacks(const rm_solver *s, uint64_t r, int c, u128 free, int m, u128 *sets)
{
    u128 x = 0;
    int top = m + c - 2, b = -1, h = 0;
    for (int i = c; i >= 1; i--) {
        int q = colex_digit(s, &r, i, top);
        top = q - 1;
        int nb = select2(free, q - (i - 1));
        if (nb == b) {
            if (h - 1 < s->nup)
                sets[MAXK + h - 1] |= bit2(b);
            h++;
        } else {
            b = nb, h = 1;
            x |= bit2(b);
        }
    }
    return x;
}

static u128 apply_sym(const rm_solver *s, int g, u128 x)
{
    if (g == 0)
        return x;
    u128 y = 0;
    for (; x; x &= x - 1)
        y |= bit2(s->perm[g][low2(x)]);
    return y;
}

/* The rank of the kinds after the first (SETS by kind) in tier T, the
 * first kind's set being FIRST. The kinds that stack come last, each
 * placed on the points the others leave. */
static uint64_t rest_rank(const rm_solver *s, const tier *t, const u128 *sets, u128 first)
{
    u128 free = s->board & ~first;
    uint64_t r = 0, m = 1;
    for (int i = 1; i < t->nk; i++) {
        int kind = t->order[i];
        u128 x = sets[kind];
        if (s->stacks[kind]) {
            r += m * rank_stacks(s, sets, x, free);
        } else {
            r += m * rank_in(s, x, free);
            free &= ~x;
        }
        m *= t->mult[i];
    }
    return r;
}

/* The index of the position (SETS, SIDE to move) in tier T: one for each
 * class of symmetric positions, the least of the class. */
static uint64_t encode(const rm_solver *s, const tier *t, const u128 *sets, int side)
{
    uint64_t base = (uint64_t)side * t->per_side;
    if (t->nk == 0)
        return base;
    u128 first = sets[t->order[0]];
    if (s->stacks[t->order[0]]) /* (every kind on the board stacks: none kept aside) */
        return base + rank_stacks(s, sets, first, s->board) * t->rest + rest_rank(s, t, sets, 0);
    uint64_t r1 = rank_in(s, first, s->board);
    if (!t->sym)
        return base + r1 * t->rest + rest_rank(s, t, sets, first);
    const symtab *y = t->sym;
    uint32_t c = y->class_of[r1];
    int g = y->sym_of[r1];
    uint64_t best = UINT64_MAX;
    for (uint64_t m = y->stab[c]; m; m &= m - 1) {
        int h = s->compose[__builtin_ctzll(m)][g];
        u128 img[MAXS];
        for (int i = 1; i < t->nk; i++)
            img[t->order[i]] = apply_sym(s, h, sets[t->order[i]]);
        for (int j = 0; j < s->nup; j++)
            img[MAXK + j] = apply_sym(s, h, sets[MAXK + j]);
        uint64_t r = rest_rank(s, t, img, y->class_set[c]);
        if (r < best)
            best = r;
    }
    return base + (uint64_t)c * t->rest + best;
}

/* The sets of the position of index I of tier T, and its side to move;
 * -1 when I stands for no position (two kinds that stack placed on one
 * point). */
static int decode(const rm_solver *s, const tier *t, uint64_t i, u128 *sets)
{
    int side = (int)(i / t->per_side);
    i %= t->per_side;
    for (int k = 0; k < nsets(s); k++)
        sets[k] = 0;
    if (t->nk == 0)
        return side;
    uint64_t f = i / t->rest, r = i % t->rest;
    int k0 = t->order[0], c0 = t->key.on_board[k0];
    u128 first, free = s->board, stacked = 0;
    int m = s->npoints;
    if (s->stacks[k0]) {
        first = stacked = unrank_stacks(s, f, c0, s->board, s->npoints, sets);
    } else {
        first = t->sym ? t->sym->class_set[f] : unrank_in(s, f, c0, s->board, s->npoints);
        free &= ~first;
        m -= c0;
    }
    sets[k0] = first;
    for (int j = 1; j < t->nk; j++) {
        int kind = t->order[j], c = t->key.on_board[kind];
        uint64_t rj = r % t->mult[j];
        r /= t->mult[j];
        if (s->stacks[kind]) {
            u128 x = unrank_stacks(s, rj, c, free, m, sets);
            if (x & stacked)
                side = -1;
            stacked |= x;
            sets[kind] = x;
        } else {
            u128 x = unrank_in(s, rj, c, free, m);
            sets[kind] = x;
            free &= ~x;
            m -= c;
        }
    }
    return side;
}

/* The position of index I of tier T into SETS, and its side to move: -1
 * when I stands for none, or for one of a class of symmetric positions
 * that another index stands for. */
static int position_at(const rm_solver *s, const tier *t, uint64_t i, u128 *sets)
{
    int side = decode(s, t, i, sets);
    if (side < 0 || (t->sym && encode(s, t, sets, side) != i))
        return -1;
    return side;
}

static void key_of(const rm_solver *s, const rm_bstate *bs, tkey *key)
{
    memset(key, 0, sizeof *key);
    for (int i = 0; i < s->g->nkinds; i++) {
        key->on_board[i] = bs->on_board[i];
        key->hand[i] = bs->hand[i];
    }
    memcpy(key->phase, bs->phase, 2);
    memcpy(key->phase_turns, bs->phase_turns, 2);
}

static void sets_of(const rm_solver *s, const rm_bstate *bs, u128 *sets)
{
    for (int i = 0; i < MAXK; i++) {
        uint64_t w[2] = { 0, 0 };
        if (i < s->g->nkinds)
            rm_bits_kind_points(s->k, bs, i, w);
        sets[i] = ld2(w);
    }
    if (s->nup == 0)
        return;
    const uint8_t *height = rm_bits_heights(s->k, bs);
    for (int j = 0; j < s->nup; j++)
        sets[MAXK + j] = 0;
    for (int b = 0; b < s->nbits; b++)
        for (int j = 0; j + 2 <= height[b] && j < s->nup; j++)
            sets[MAXK + j] |= bit2(b);
}

static void make_state(const rm_solver *s, const tier *t, const u128 *sets, int side, rm_bstate *bs)
{
    uint64_t w[MAXK][2];
    for (int i = 0; i < MAXK; i++)
        st2(w[i], sets[i]);
    uint8_t height[RM_BITS_MAX_WORDS * 64];
    if (s->nup > 0)
        for (int b = 0; b < s->nbits; b++)
            height[b] = (uint8_t)height_at(s, sets, b);
    rm_bits_make(s->k, bs, (const uint64_t(*)[2])w, s->nup > 0 ? height : NULL, t->key.hand, side,
                 t->key.phase, t->key.phase_turns);
}

static inline int get_val(const tier *t, uint64_t i)
{
    return t->val[i >> 2] >> (2 * (i & 3)) & 3;
}

static inline void set_val(tier *t, uint64_t i, int v)
{
    t->val[i >> 2] = (uint8_t)((t->val[i >> 2] & ~(3 << (2 * (i & 3)))) | v << (2 * (i & 3)));
}

/* ---- symmetries of the board ----
 *
 * The permutations of the points that take each line onto a line (in its
 * order or reversed), each region an action uses onto itself, and, for a
 * side whose actions have direction filters, each ray onto a ray of the
 * same class. Found by a search that maps the points in breadth-first
 * order from the first, each next to a point mapped before it, keeping
 * links. */

typedef struct symsearch {
    const rm_game *g;
    int n;
    int *order, *parent;       /* the points in breadth-first order, and the point before */
    int *img;                  /* the image of each point (-1: not yet) */
    bool *used;
    int *inv;                  /* an invariant of each point: its rays, and the lengths of its lines */
    rm_solver *s;
} symsearch;

static bool linked(const rm_board *b, int p, int q)
{
    return board_adjacent(b, p, q);
}

/* The ray of P whose first point is Q, or -1. */
static int ray_to(const rm_board *b, int p, int q)
{
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++)
        if (b->ray_next[r] == q)
            return (int)r;
    return -1;
}

/* Whether the full map IMG keeps the lines, the regions and the ray
 * classes that matter. */
static bool keeps_rules(const symsearch *x)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    /* every ray goes onto a ray of the same length (so every line onto a
     * line), of the same class for a side with filters */
    bool filters[2] = { false, false };
    for (int i = 0; i < g->rules.naction_rules; i++)
        if (g->rules.actions[i].dir_allow)
            filters[g->kinds[g->rules.actions[i].kind].side] = true;
    for (int p = 0; p < b->npoints; p++)
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            int q = ray_to(b, x->img[p], x->img[pts[0]]);
            if (q < 0 || b->rays[q].len != b->rays[r].len)
                return false;
            const uint16_t *qp = b->ray_pts + b->rays[q].off;
            for (int i = 0; i < b->rays[r].len; i++)
                if (qp[i] != x->img[pts[i]])
                    return false;
            for (int side = 0; side < 2; side++)
                if (filters[side] && g->sides[side].ray_class[r] != g->sides[side].ray_class[q])
                    return false;
        }
    for (int i = 0; i < g->rules.naction_rules; i++) {
        const rm_action_rule *a = &g->rules.actions[i];
        if (!a->has_region)
            continue;
        for (int p = 0; p < b->npoints; p++)
            if (set_has(&a->region, p) != set_has(&a->region, x->img[p]))
                return false;
    }
    return true;
}

static void sym_found(symsearch *x)
{
    rm_solver *s = x->s;
    if (s->nsyms > MAX_SYMS)
        return;
    if (s->nsyms == MAX_SYMS) {
        s->nsyms++; /* (too many: none is used) */
        return;
    }
    for (int bit = 0; bit < RM_BITS_MAX_WORDS * 64; bit++)
        s->perm[s->nsyms][bit] = (uint8_t)bit;
    for (int p = 0; p < x->n; p++)
        s->perm[s->nsyms][rm_bits_bit_of(s->k, p)] = (uint8_t)rm_bits_bit_of(s->k, x->img[p]);
    s->nsyms++;
}

static void sym_search(symsearch *x, int at)
{
    if (x->s->nsyms > MAX_SYMS)
        return;
    if (at == x->n) {
        if (keeps_rules(x))
            sym_found(x);
        return;
    }
    const rm_board *b = &x->g->board;
    int p = x->order[at];
    for (int q = 0; q < x->n; q++) {
        if (x->used[q] || x->inv[q] != x->inv[p])
            continue;
        if (x->parent[at] >= 0 && !linked(b, x->img[x->parent[at]], q))
            continue;
        bool ok = true;
        for (int i = 0; i < at && ok; i++) {
            int r = x->order[i];
            ok = linked(b, p, r) == linked(b, q, x->img[r]);
        }
        if (!ok)
            continue;
        x->img[p] = q;
        x->used[q] = true;
        sym_search(x, at + 1);
        x->used[q] = false;
        x->img[p] = -1;
    }
}

static int find_symmetries(rm_solver *s)
{
    const rm_board *b = &s->g->board;
    int n = b->npoints;
    s->perm = calloc(MAX_SYMS, sizeof *s->perm);
    symsearch x = { s->g, n, malloc((size_t)n * sizeof(int)), malloc((size_t)n * sizeof(int)),
                    malloc((size_t)n * sizeof(int)), calloc((size_t)n, sizeof(bool)),
                    malloc((size_t)n * sizeof(int)), s };
    if (!s->perm || !x.order || !x.parent || !x.img || !x.used || !x.inv) {
        free(x.order), free(x.parent), free(x.img), free(x.used), free(x.inv);
        return -1;
    }
    for (int p = 0; p < n; p++) {
        int inv = board_degree(b, p) * 1000;
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++)
            inv += b->rays[r].len * b->rays[r].len;
        x.inv[p] = inv;
        x.img[p] = -1;
    }
    /* breadth-first order over the links (every component in turn) */
    int head = 0, tail = 0;
    bool *seen = calloc((size_t)n, sizeof(bool));
    if (!seen) {
        free(x.order), free(x.parent), free(x.img), free(x.used), free(x.inv);
        return -1;
    }
    for (int start = 0; start < n; start++) {
        if (seen[start])
            continue;
        seen[start] = true;
        x.order[tail] = start;
        x.parent[tail++] = -1;
        while (head < tail) {
            int p = x.order[head++];
            for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
                int q = b->ray_next[r];
                if (!seen[q]) {
                    seen[q] = true;
                    x.order[tail] = q;
                    x.parent[tail++] = p;
                }
            }
        }
    }
    free(seen);
    s->nsyms = 0;
    sym_search(&x, 0);
    free(x.order), free(x.parent), free(x.img), free(x.used), free(x.inv);
    if (s->nsyms > MAX_SYMS || s->nsyms < 1 || s->o.no_symmetry)
        s->nsyms = 1; /* the identity alone */
    /* the identity first */
    for (int i = 0; i < s->nsyms; i++) {
        bool id = true;
        for (int bit = 0; bit < s->nbits && id; bit++)
            id = s->perm[i][bit] == bit;
        if (id && i) {
            uint8_t tmp[RM_BITS_MAX_WORDS * 64];
            memcpy(tmp, s->perm[0], sizeof tmp);
            memcpy(s->perm[0], s->perm[i], sizeof tmp);
            memcpy(s->perm[i], tmp, sizeof tmp);
        }
    }
    for (int bit = 0; bit < RM_BITS_MAX_WORDS * 64; bit++)
        s->perm[0][bit] = (uint8_t)bit;
    for (int a = 0; a < s->nsyms; a++)
        for (int c = 0; c < s->nsyms; c++) {
            uint8_t ab[RM_BITS_MAX_WORDS * 64];
            for (int bit = 0; bit < s->nbits; bit++)
                ab[bit] = s->perm[a][s->perm[c][bit]];
            s->compose[a][c] = 0;
            for (int e = 0; e < s->nsyms; e++)
                if (memcmp(ab, s->perm[e], (size_t)s->nbits) == 0)
                    s->compose[a][c] = (uint8_t)e;
        }
    return 0;
}

/* The table of the placements of C pieces up to symmetry; NULL when
 * there are too many placements to table (or no symmetry). */
static const symtab *symtab_of(rm_solver *s, int c)
{
    if (s->nsyms == 1 || c <= 0 || s->binom[s->npoints][c] > MAX_SYM_SETS)
        return NULL;
    if (s->symtabs[c])
        return s->symtabs[c];
    symtab *y = calloc(1, sizeof *y);
    uint64_t n = s->binom[s->npoints][c];
    if (!y)
        return NULL;
    y->count = c;
    y->nsets = n;
    y->class_of = malloc(n * sizeof *y->class_of);
    y->sym_of = malloc(n);
    y->class_set = malloc(n * sizeof *y->class_set);
    y->stab = malloc(n * sizeof *y->stab);
    if (!y->class_of || !y->sym_of || !y->class_set || !y->stab) {
        free(y->class_of), free(y->sym_of), free(y->class_set), free(y->stab), free(y);
        return NULL;
    }
    for (uint64_t r = 0; r < n; r++) {
        if ((r & 0xFFFF) == 0xFFFF && halted(s)) {
            free(y->class_of), free(y->sym_of), free(y->class_set), free(y->stab), free(y);
            return NULL;
        }
        u128 x = unrank_in(s, r, c, s->board, s->npoints);
        uint64_t best = r;
        int bg = 0;
        for (int g = 1; g < s->nsyms; g++) {
            uint64_t q = rank_in(s, apply_sym(s, g, x), s->board);
            if (q < best) {
                best = q;
                bg = g;
            }
        }
        if (best == r) {
            uint32_t cls = y->nclasses++;
            y->class_of[r] = cls;
            y->class_set[cls] = x;
            y->stab[cls] = 0;
            for (int g = 0; g < s->nsyms; g++)
                if (apply_sym(s, g, x) == x)
                    y->stab[cls] |= (uint64_t)1 << g;
        } else {
            y->class_of[r] = y->class_of[best]; /* (best < r: its class is known) */
        }
        y->sym_of[r] = (uint8_t)bg;
    }
    s->symtabs[c] = y;
    return y;
}

/* ---- the layout of a tier ---- */

static void name_tier(const rm_solver *s, tier *t)
{
    const rm_game *g = s->g;
    size_t at = 0;
    t->name[0] = 0;
    for (int i = 0; i < g->nkinds && at < sizeof t->name; i++)
        at += (size_t)snprintf(t->name + at, sizeof t->name - at, "%s%.20s %d+%d", i ? ", " : "",
                               g->kinds[i].name, t->key.on_board[i], t->key.hand[i]);
    for (int side = 0; side < 2 && at < sizeof t->name; side++) {
        const rm_phase *ph = &g->rules.phases[t->key.phase[side]];
        at += (size_t)snprintf(t->name + at, sizeof t->name - at, "%s%.20s", side ? "/" : "; ",
                               ph->name);
        if (t->key.phase_turns[side])
            at += (size_t)snprintf(t->name + at, sizeof t->name - at, "(%d)",
                                   t->key.phase_turns[side]);
    }
}

/* Works out how tier T numbers its positions; false when it has too many. */
static bool lay_out(rm_solver *s, tier *t)
{
    const rm_game *g = s->g;
    name_tier(s, t);
    t->nk = 0;
    t->sym = NULL;
    /* the kinds that do not stack, the one of fewest placements first (its
     * placements are tabled by class of symmetry), then those that stack */
    int first = -1, total = 0, nstacking = 0;
    for (int i = 0; i < g->nkinds; i++) {
        int c = t->key.on_board[i];
        if (c > 0 && s->stacks[i]) {
            nstacking++;
            continue;
        }
        total += c;
        if (c > 0 && (first < 0 || s->binom[s->npoints][c] < s->binom[s->npoints][t->key.on_board[first]]))
            first = i;
    }
    if (first >= 0)
        t->order[t->nk++] = first;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < g->nkinds; i++)
            if (i != first && t->key.on_board[i] > 0 && s->stacks[i] == (pass == 1))
                t->order[t->nk++] = i;
    long double size = 1;
    t->rest = 1;
    t->nfirst = 1;
    int free = s->npoints;
    if (total + nstacking > s->npoints) {
        size = 0; /* (no position: more pieces than points) */
    } else {
        for (int j = 0; j < t->nk; j++) {
            int kind = t->order[j], c = t->key.on_board[kind];
            uint64_t n;
            if (s->stacks[kind]) {
                if (free + c - 1 > 128)
                    return false;
                n = s->binom[free + c - 1][c];
            } else {
                n = s->binom[free][c];
                if (j == 0 && (t->sym = symtab_of(s, c)))
                    n = t->sym->nclasses;
                free -= c;
            }
            size *= (long double)n;
            if (j == 0) {
                t->nfirst = n;
            } else {
                t->mult[j] = n;
                t->rest *= n;
            }
        }
    }
    t->want = 2 * size;
    if (2 * size > (long double)MAX_TIER)
        return false;
    t->per_side = (uint64_t)size;
    t->size = 2 * t->per_side;
    return true;
}

/* ---- the database ----
 *
 * Tier T of a solve with --db DIR is the file DIR/KEY.tier (KEY: T's key
 * in hex), in the byte order of the machine that wrote it:
 *
 *   the header (db_header)     what it solves: the game, its options, a
 *                              digest of the rules, the tier; its totals
 *   the tiers it leads to      nnext keys
 *   the values                 2 bits a position
 *   the distances              2 bytes a position
 *   the checksum               8 bytes: the CRC-64 of every byte before it
 *
 * It is written through files.h: a temporary file of its own beside it,
 * synced and renamed into place, so that it is whole or absent. A file is
 * read in this order: its first bytes (DB_MAGIC), its format, its length
 * against the one its header gives, its checksum, and only then what its
 * header says (the game, the rules, the tier), then its totals against
 * its values. So a change of any byte is "damaged", never read.
 *
 * The checksum is CRC-64 with the polynomial of ECMA-182, bits reflected,
 * as xz's (its check value, of "123456789": 0x995dc9bbdf1939fa), eight
 * bytes at a time. The polynomial is (x+1)^2 times primitive polynomials
 * of degrees 15, 15, 15 and 17: it detects every change of an odd number
 * of bits, every change within 64 bits in a row, and every change of two
 * bits fewer than 8,589,606,914 bits (about 1 GB) apart; another change
 * passes with a chance of 2^-64. FNV-1a, the checksum of format 1 (over
 * the values alone), is certain only of a change within one byte, and
 * runs at half the speed.
 */

#define DB_MAGIC "RIMAUSLV"
#define DB_LOCK ".lock"           /* the lock file of a database's folder */
#define DB_MAX_NEXT (1 << 20)      /* tiers one tier may lead to, as read */
#define FNV_BASIS 0xcbf29ce484222325ull

typedef struct db_header {
    char magic[8];
    uint32_t format, symmetric;
    uint64_t rules_hash;
    tkey key;
    uint8_t pad[4];
    uint64_t size, won, lost, drawn, aliases;
    int32_t longest, nnext;
    char game[128];
    char options[512];
} db_header;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t crc_table[8][256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

/* The tables of CRC-64 eight bytes at a time: crc_table[0][b] is the CRC
 * of byte B (with the register zero), crc_table[k][b] that of byte B
 * followed by K zero bytes. */
static void crc_init(void)
{
    for (int b = 0; b < 256; b++) {
        uint64_t c = (uint64_t)b;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? c >> 1 ^ 0xC96C5795D7870F42ull : c >> 1;
        crc_table[0][b] = c;
    }
    for (int k = 1; k < 8; k++)
        for (int b = 0; b < 256; b++)
            crc_table[k][b] = crc_table[k - 1][b] >> 8 ^ crc_table[0][crc_table[k - 1][b] & 0xFF];
}

/* The 8 bytes at P as a number, the first the lowest. */
static inline uint64_t load_le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

/* The CRC-64 of the N bytes at P following bytes whose CRC-64 is CRC (0
 * for none): crc64(crc64(0, a), b) is the CRC of a then b. */
static uint64_t crc64(uint64_t crc, const void *p, size_t n)
{
    pthread_once(&crc_once, crc_init);
    const uint8_t *b = p;
    uint64_t c = ~crc;
    for (; n > 0 && ((uintptr_t)b & 7) != 0; n--)
        c = crc_table[0][(c ^ *b++) & 0xFF] ^ c >> 8;
    for (; n >= 8; n -= 8, b += 8) {
        c ^= load_le64(b);
        c = crc_table[7][c & 0xFF] ^ crc_table[6][c >> 8 & 0xFF] ^ crc_table[5][c >> 16 & 0xFF] ^
            crc_table[4][c >> 24 & 0xFF] ^ crc_table[3][c >> 32 & 0xFF] ^
            crc_table[2][c >> 40 & 0xFF] ^ crc_table[1][c >> 48 & 0xFF] ^ crc_table[0][c >> 56];
    }
    for (; n > 0; n--)
        c = crc_table[0][(c ^ *b++) & 0xFF] ^ c >> 8;
    return ~c;
}

/* A digest of the compiled rules the values depend on (not the turn
 * limit, which the solve ignores). */
static uint64_t rules_digest(const rm_game *g)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const rm_board *b = &g->board;
    h = fnv(h, &b->npoints, sizeof b->npoints);
    for (int p = 0; p < b->npoints; p++)
        h = fnv(h, b->points[p].name, strlen(b->points[p].name));
    uint32_t nrays = b->ray_off[b->npoints];
    h = fnv(h, b->ray_off, (size_t)(b->npoints + 1) * sizeof *b->ray_off);
    for (uint32_t r = 0; r < nrays; r++)
        h = fnv(h, b->ray_pts + b->rays[r].off, b->rays[r].len * sizeof *b->ray_pts);
    h = fnv(h, &g->nkinds, sizeof g->nkinds);
    for (int i = 0; i < g->nkinds; i++) {
        const rm_kind *k = &g->kinds[i];
        h = fnv(h, k->name, strlen(k->name));
        int v[5] = { k->side, k->count, k->stacks, k->stacks_in_play, k->hand };
        h = fnv(h, v, sizeof v);
    }
    for (int side = 0; side < 2 && side < g->nsides; side++) {
        uint32_t n = nrays ? nrays : 0;
        if (g->sides[side].ray_class)
            h = fnv(h, g->sides[side].ray_class, n);
    }
    const rm_rules *r = &g->rules;
    int v[8] = { r->first, r->nphases, r->naction_rules, r->start, r->draw_repeat, r->both_blocked,
                 0, 0 };
    h = fnv(h, v, sizeof v);
    h = fnv(h, r->lose_with, sizeof r->lose_with);
    h = fnv(h, r->blocked, sizeof r->blocked);
    for (int f = 0; f < r->nphases; f++) {
        const rm_phase *ph = &r->phases[f];
        int w[8] = { ph->side, ph->nturns, ph->end, ph->end_turns, ph->compulsory, ph->before_play,
                     ph->compulsory_per_piece, ph->drops_compulsory };
        h = fnv(h, w, sizeof w);
        for (int t = 0; t < ph->nturns; t++) {
            h = fnv(h, &ph->turns[t].nsteps, sizeof ph->turns[t].nsteps);
            h = fnv(h, ph->turns[t].steps, sizeof ph->turns[t].steps);
        }
    }
    for (int i = 0; i < r->naction_rules; i++) {
        const rm_action_rule *a = &r->actions[i];
        int w[12] = { a->type, a->kind, a->targets, a->chain, a->remove_at_end, a->not_back,
                      a->final_step, a->to_empty, a->fewer_than, a->dir_allow, a->has_region, 0 };
        h = fnv(h, w, sizeof w);
        h = fnv(h, &a->lines, sizeof a->lines);
        if (a->has_region)
            h = fnv(h, &a->region, sizeof a->region);
    }
    h = fnv(h, g->setup_kind, (size_t)b->npoints);
    h = fnv(h, g->setup_count, (size_t)b->npoints);
    return h;
}

static void tier_path(const rm_solver *s, const tier *t, char *buf, size_t size)
{
    char hex[2 * sizeof(tkey) + 1];
    const uint8_t *b = (const uint8_t *)&t->key;
    for (size_t i = 0; i < sizeof(tkey); i++)
        snprintf(hex + 2 * i, 3, "%02x", b[i]);
    snprintf(buf, size, "%s/%s.tier", s->o.db, hex);
}

static void header_of(const rm_solver *s, const tier *t, db_header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, DB_MAGIC, 8);
    h->format = RM_SOLVE_FORMAT;
    h->symmetric = (uint32_t)(s->nsyms > 1);
    h->rules_hash = s->rules_hash;
    h->key = t->key;
    h->size = t->size;
    h->won = t->won, h->lost = t->lost, h->drawn = t->drawn, h->aliases = t->aliases;
    h->longest = t->longest;
    h->nnext = t->nnext;
    snprintf(h->game, sizeof h->game, "%s", s->g->name);
    snprintf(h->options, sizeof h->options, "%s", s->options);
}

static size_t val_bytes(const tier *t)
{
    return (size_t)((t->size + 3) / 4);
}

/* ---- the lock of a database's folder ----
 *
 * A solve with --db DIR (rimau solve, the perfect player) locks the file
 * DIR/.lock with fcntl's record lock, from before it reads the folder to
 * the end of rm_solve: a read lock while it only reads, a write lock from
 * the first tier it must solve (and write) on. So any number of solves
 * may read a folder at once, one alone writes into it, and none reads
 * while one writes. A solve that finds the lock it needs taken stops at
 * once: "DIR is in use by another rimau (pid N, solving into it)", the
 * process that holds it read from the lock (fcntl's, unlike flock's,
 * says who). The lock file is made with O_NOFOLLOW and must be a regular
 * file: a link, a FIFO or a device planted there is refused, never
 * followed. It is never removed (two solves would then lock two files).
 * A folder that cannot be written, and has no lock file, is read without
 * a lock (nothing can be written there).
 *
 * fcntl's locks are a process's, not a thread's, so in one process the
 * solves with a database take turns: each holds db_mutex from the lock's
 * start to its end (the perfect players of a tournament, in its threads,
 * wait for each other, and the first to come solves what the others
 * read).
 */

static pthread_mutex_t db_mutex = PTHREAD_MUTEX_INITIALIZER;

/* Opens DIR/.lock, made when missing: to read and write, else (a folder
 * or lock file that cannot be written) to read, else (no lock file in a
 * folder that cannot be written) not at all. false with a message when
 * what is there is not a regular file, or cannot be opened. */
static bool lock_open(rm_solver *s)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/" DB_LOCK, s->o.db);
    s->lock_fd = -1;
    struct stat sb;
    /* (a FIFO or a device is not even opened) */
    if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        fail(s, "cannot lock %s: %s is %s, not a lock file: remove it", s->o.db, path,
             S_ISLNK(sb.st_mode)    ? "a symbolic link"
             : S_ISDIR(sb.st_mode)  ? "a folder"
             : S_ISFIFO(sb.st_mode) ? "a FIFO"
             : S_ISSOCK(sb.st_mode) ? "a socket"
                                    : "a device");
        return false;
    }
    int fd = s->o.read_only ? -1 : open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
    if (s->o.read_only)
        errno = EROFS; /* (a solve read only makes no file: it locks the one there, if any) */
    if (fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) {
        s->lock_errno = errno;
        fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0 && errno == ENOENT)
            return true; /* (read without a lock: nothing can be written) */
    }
    if (fd < 0) {
        fail(s, "cannot lock %s: %s: %s", s->o.db, path,
             errno == ELOOP ? "it is a symbolic link, not a lock file: remove it" : strerror(errno));
        return false;
    }
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        fail(s, "cannot lock %s: %s is not a regular file: remove it", s->o.db, path);
        return false;
    }
    s->lock_fd = fd;
    return true;
}

/* Takes the lock of TYPE (F_RDLCK, or F_WRLCK: a read lock held is made
 * a write lock at once, or kept); false, with a message naming the
 * process that holds it, when another process does. */
static bool lock_take(rm_solver *s, short type)
{
    if (s->lock_type == type || s->lock_type == F_WRLCK)
        return true;
    if (s->lock_fd < 0 || (type == F_WRLCK && s->lock_errno != 0)) {
        if (type == F_RDLCK)
            return true;
        fail(s, "cannot write into %s: %s", s->o.db, strerror(s->lock_errno));
        return false;
    }
    for (int tries = 0; tries < 3; tries++) {
        struct flock l = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
        if (fcntl(s->lock_fd, F_SETLK, &l) == 0) {
            s->lock_type = type;
            return true;
        }
        if (errno != EAGAIN && errno != EACCES) {
            fail(s, "cannot lock %s: %s/" DB_LOCK ": %s", s->o.db, s->o.db, strerror(errno));
            return false;
        }
        struct flock who = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
        if (fcntl(s->lock_fd, F_GETLK, &who) != 0)
            break;
        if (who.l_type == F_UNLCK)
            continue; /* (let go of since): again */
        fail(s, "%s is in use by another rimau (pid %ld, %s): wait for it to end, or use another "
                "folder",
             s->o.db, (long)who.l_pid, who.l_type == F_WRLCK ? "solving into it" : "reading it");
        return false;
    }
    fail(s, "%s is in use by another rimau: wait for it to end, or use another folder", s->o.db);
    return false;
}

/* Lets go of the folder's lock and of the process's turn. */
static void lock_release(rm_solver *s)
{
    if (s->lock_fd >= 0)
        close(s->lock_fd); /* (which lets go of the lock) */
    s->lock_fd = -1;
    s->lock_type = F_UNLCK;
    if (s->db_held) {
        s->db_held = false;
        pthread_mutex_unlock(&db_mutex);
    }
}

/* ---- writing and reading a tier ---- */

/* Writes the N bytes at P to F (unless a write failed before: the stream
 * keeps its error for rm_out_commit) and adds them to *CRC. */
static void write_summed(FILE *f, const void *p, size_t n, uint64_t *crc)
{
    *crc = crc64(*crc, p, n);
    if (n > 0 && !ferror(f))
        fwrite(p, 1, n, f);
}

/* Writes tier T to the database (no database: nothing). */
static void save_tier(rm_solver *s, const tier *t)
{
    if (!s->o.db)
        return;
    char path[4096], err[4400];
    tier_path(s, t, path, sizeof path);
    db_header h;
    header_of(s, t, &h);
    rm_out o;
    if (rm_out_open_flags(&o, path, DB_MAGIC, false, RM_OUT_NO_FOLDER_SYNC, err, sizeof err) != 0) {
        fail(s, "%s", err);
        return;
    }
    FILE *f = rm_out_stream(&o);
    uint64_t crc = 0;
    write_summed(f, &h, sizeof h, &crc);
    write_summed(f, t->next, (size_t)t->nnext * sizeof *t->next, &crc);
    write_summed(f, t->val, val_bytes(t), &crc);
    write_summed(f, t->dist, (size_t)t->size * sizeof *t->dist, &crc);
    if (!ferror(f))
        fwrite(&crc, sizeof crc, 1, f);
    /* (the folder is synced once, at the end of the solve: sync_folder) */
    if (rm_out_commit(&o, err, sizeof err) != 0)
        fail(s, "%s", err);
    else
        s->unsynced = true;
}

/* Makes the tiers written into the folder durable (their names: each
 * file was synced before its rename). */
static void sync_folder(rm_solver *s)
{
    if (!s->unsynced)
        return;
    s->unsynced = false;
    char path[4200];
    snprintf(path, sizeof path, "%s/" DB_LOCK, s->o.db);
    if (rm_sync_folder_of(path) != 0)
        fail(s, "cannot write into %s: %s", s->o.db, strerror(errno));
}

/* Reads N bytes of F into DST (NULL: only to sum them), adding them to
 * *CRC, or with FNV to *FNV_SUM (format 1); false when F ends first or
 * cannot be read. */
static bool read_summed(FILE *f, void *dst, uint64_t n, uint64_t *crc, uint64_t *fnv_sum)
{
    uint8_t scratch[16384];
    uint8_t *to = dst;
    while (n > 0) {
        size_t k = to ? (n < ((size_t)1 << 20) ? (size_t)n : (size_t)1 << 20)
                      : (n < sizeof scratch ? (size_t)n : sizeof scratch);
        uint8_t *at = to ? to : scratch;
        if (fread(at, 1, k, f) != k)
            return false;
        if (fnv_sum)
            *fnv_sum = fnv(*fnv_sum, at, k);
        else
            *crc = crc64(*crc, at, k);
        if (to)
            to += k;
        n -= k;
    }
    return true;
}

/* The length of a tier file of this format whose header is H; 0 when the
 * header's size or number of next tiers cannot be a tier's. */
static uint64_t file_length(const db_header *h)
{
    if (h->size > MAX_TIER || h->size % 2 != 0 || h->nnext < 0 || h->nnext > DB_MAX_NEXT)
        return 0;
    return sizeof *h + (uint64_t)h->nnext * sizeof(tkey) + (h->size + 3) / 4 + 2 * h->size + 8;
}

/* Whether F, read up to the end of its header H, is whole as a file of
 * format 1 (the same header and layout, then the FNV-1a of all but the
 * header), LENGTH bytes long. */
static bool whole_format1(FILE *f, const db_header *h, uint64_t length)
{
    uint64_t want = file_length(h);
    if (want == 0 || want != length)
        return false;
    uint64_t sum = FNV_BASIS, stored;
    return read_summed(f, NULL, length - sizeof *h - 8, NULL, &sum) &&
           fread(&stored, sizeof stored, 1, f) == 1 && stored == sum;
}

/* Whether the totals of header H are those of T's values, and each value
 * is one (the bits past the last position none); then the tiers T leads
 * to are this game's. */
static bool totals_agree(const rm_solver *s, const tier *t, const db_header *h)
{
    /* 32 values a word: the low bit of each (a win), the high bit (a loss) */
    const uint64_t low = 0x5555555555555555ull;
    uint64_t won = 0, lost = 0;
    int longest = 0;
    size_t nbytes = val_bytes(t);
    for (size_t j = 0; j < nbytes; j += 8) {
        uint64_t w = 0;
        if (j + 8 <= nbytes)
            w = load_le64(t->val + j);
        else
            for (size_t k = 0; j + k < nbytes; k++)
                w |= (uint64_t)t->val[j + k] << (8 * k);
        if (w == 0)
            continue;
        uint64_t wins = w & low, losses = w >> 1 & low;
        if ((wins & losses) != 0)
            return false; /* (3: no value) */
        won += (uint64_t)__builtin_popcountll(wins);
        lost += (uint64_t)__builtin_popcountll(losses);
        for (; wins != 0; wins &= wins - 1) {
            uint64_t i = 4 * (uint64_t)j + (uint64_t)__builtin_ctzll(wins) / 2;
            if (i < t->size && t->dist[i] > longest)
                longest = t->dist[i];
        }
    }
    for (uint64_t i = t->size; i < 4 * (uint64_t)nbytes; i++)
        if (get_val(t, i) != 0)
            return false; /* (a value past the last position) */
    if (h->won != won || h->lost != lost || h->longest != longest || h->drawn > t->size ||
        h->aliases > t->size || h->drawn + h->aliases != t->size - won - lost)
        return false;
    for (int e = 0; e < t->nnext; e++) {
        const tkey *k = &t->next[e];
        if (memcmp(k, &t->key, sizeof *k) == 0 || k->phase[0] >= s->g->rules.nphases ||
            k->phase[1] >= s->g->rules.nphases)
            return false;
        for (int i = s->g->nkinds; i < MAXK; i++)
            if (k->on_board[i] || k->hand[i])
                return false;
    }
    return true;
}

/* Reads the rest of tier file F (PATH, LENGTH bytes long) of this format,
 * whose header H was read: T's values when the file is whole and T's. */
static void read_tier(rm_solver *s, tier *t, FILE *f, const db_header *hp, uint64_t length,
                      const char *path)
{
    db_header h = *hp, want;
    header_of(s, t, &want);
    uint64_t expected = file_length(&h);
    if (expected == 0 || expected != length) {
        fail(s, "%s is damaged (its length, %llu bytes, is not the one its header gives): delete "
                "it and solve again",
             path, (unsigned long long)length);
        return;
    }
    bool same_rules = h.rules_hash == want.rules_hash &&
                      strncmp(h.game, want.game, sizeof h.game) == 0 &&
                      strncmp(h.options, want.options, sizeof h.options) == 0;
    bool ours = same_rules && h.symmetric == want.symmetric && h.size == t->size &&
                memcmp(&h.key, &t->key, sizeof h.key) == 0;
    uint64_t crc = crc64(0, &h, sizeof h), stored = 0;
    bool read_ok;
    if (ours) {
        t->val = take_mem(s, val_bytes(t), "a tier's values");
        t->dist = take_mem(s, (size_t)t->size * sizeof *t->dist, "a tier's distances");
        t->nnext = h.nnext;
        t->next = malloc((size_t)(t->nnext ? t->nnext : 1) * sizeof *t->next);
        if (!t->val || !t->dist || !t->next) {
            fail(s, "out of memory (the tier in %s)", path);
            return;
        }
        read_ok = read_summed(f, t->next, (uint64_t)t->nnext * sizeof *t->next, &crc, NULL) &&
                  read_summed(f, t->val, val_bytes(t), &crc, NULL) &&
                  read_summed(f, t->dist, t->size * sizeof *t->dist, &crc, NULL);
    } else {
        read_ok = read_summed(f, NULL, length - sizeof h - 8, &crc, NULL);
    }
    read_ok = read_ok && fread(&stored, sizeof stored, 1, f) == 1;
    if (!read_ok) {
        fail(s, "cannot read %s: %s", path, ferror(f) ? strerror(errno) : "it was cut short");
        return;
    }
    if (stored != crc) {
        fail(s, "%s is damaged (its checksum is wrong): delete it and solve again", path);
        return;
    }
    /* whole: what it says can be believed */
    h.game[sizeof h.game - 1] = 0;
    h.options[sizeof h.options - 1] = 0;
    if (!same_rules) {
        fail(s, "%s is a solve of %.60s%s%.200s, not of these rules (%.60s%s%.200s): solve into "
                "another folder, or delete it",
             path, h.game, h.options[0] ? " -o " : "", h.options, want.game,
             want.options[0] ? " -o " : "", want.options);
    } else if (h.symmetric != want.symmetric) {
        fail(s, "%s was solved %s symmetry: solve into another folder", path,
             h.symmetric ? "with" : "without");
    } else if (!ours) {
        fail(s, "%s holds another tier than its name says: delete it and solve again", path);
    } else if (!totals_agree(s, t, &h)) {
        fail(s, "%s is damaged (its totals or its next tiers disagree with its values): delete "
                "it and solve again",
             path);
    } else {
        t->won = h.won, t->lost = h.lost, t->drawn = h.drawn, t->aliases = h.aliases;
        t->longest = h.longest;
    }
}

/* Reads tier T from the database; false when it is not there. A file
 * that is another game's, another version's or damaged fails the solve. */
static bool load_tier(rm_solver *s, tier *t)
{
    if (!s->o.db)
        return false;
    char path[4096], why[4400];
    tier_path(s, t, path, sizeof path);
    struct stat sb;
    if (stat(path, &sb) != 0 && errno == ENOENT)
        return false; /* (a dangling link too: the save refuses it) */
    FILE *f = rm_in_open(path, why, sizeof why);
    if (!f) {
        fail(s, "%s", why);
        return false;
    }
    db_header h;
    bool full = fstat(fileno(f), &sb) == 0 && fread(&h, sizeof h, 1, f) == 1;
    if (!full || memcmp(h.magic, DB_MAGIC, 8) != 0) {
        fail(s, "%s is damaged, or not a rimau solve file (%s): delete it and solve again", path,
             full ? "its first bytes are wrong" : "it is shorter than a header");
    } else if (h.format != RM_SOLVE_FORMAT) {
        if (h.format == 1 && whole_format1(f, &h, (uint64_t)sb.st_size))
            fail(s, "%s was written by another version of rimau (database format %u, this one "
                    "%d): solve into another folder",
                 path, h.format, RM_SOLVE_FORMAT);
        else
            fail(s, "%s is damaged, or was written by another version of rimau (database format "
                    "%u, this one %d): delete it and solve again, or solve into another folder",
                 path, h.format, RM_SOLVE_FORMAT);
    } else {
        read_tier(s, t, f, &h, (uint64_t)sb.st_size, path);
    }
    fclose(f);
    if (s->failed)
        return false;
    t->loaded = true;
    return true;
}

/* ---- solving a tier ---- */

static tier *solve_key(rm_solver *s, const tkey *key);

/* The value for the side to move of the child position BS of a position
 * whose side to move is SIDE, from its tier (solved): RM_VALUE_*, and
 * its distance. */
static int child_value(rm_solver *s, const tier *t, const rm_bstate *bs, int side, int *dist)
{
    u128 sets[MAXS];
    sets_of(s, bs, sets);
    uint64_t j = encode(s, t, sets, bs->to_move);
    int v = get_val(t, j);
    *dist = t->dist[j];
    if (bs->to_move != side && v != RM_VALUE_DRAW)
        v = v == RM_VALUE_WIN ? RM_VALUE_LOSS : RM_VALUE_WIN;
    return v;
}

/* The working arrays of a tier being solved. */
typedef struct work {
    uint32_t *cnt;             /* turns not (yet) known to lose for the side to move */
    uint16_t *maxd;            /* the longest distance of those known to */
    uint64_t *edges;           /* (child << 32 | parent) within the tier */
    size_t nedges, capedges;
    uint32_t *off, *from;      /* the parents of each position: from[off[i] .. off[i+1]) */
    uint32_t **bucket;         /* positions to decide, by distance */
    size_t *nbucket, *capbucket;
    int nbuckets;
    uint8_t *final;            /* 1: decided; 2: over, decided when popped; 0: open */
} work;

static bool push(rm_solver *s, work *w, int d, uint32_t i)
{
    if (d >= DIST_MAX)
        d = DIST_MAX - 1;
    if (d >= w->nbuckets) {
        int n = d + 64;
        uint32_t **b = realloc(w->bucket, (size_t)n * sizeof *b);
        size_t *nb = realloc(w->nbucket, (size_t)n * sizeof *nb);
        size_t *cb = realloc(w->capbucket, (size_t)n * sizeof *cb);
        if (b)
            w->bucket = b;
        if (nb)
            w->nbucket = nb;
        if (cb)
            w->capbucket = cb;
        if (!b || !nb || !cb) {
            fail(s, "out of memory");
            return false;
        }
        for (int j = w->nbuckets; j < n; j++) {
            w->bucket[j] = NULL;
            w->nbucket[j] = w->capbucket[j] = 0;
        }
        w->nbuckets = n;
    }
    if (w->nbucket[d] == w->capbucket[d]) {
        size_t cap = w->capbucket[d] ? 2 * w->capbucket[d] : 1024;
        uint32_t *b = realloc(w->bucket[d], cap * sizeof *b);
        if (!b) {
            fail(s, "out of memory");
            return false;
        }
        w->bucket[d] = b;
        w->capbucket[d] = cap;
    }
    w->bucket[d][w->nbucket[d]++] = i;
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
 * keeps what it finds in its own lists, merged when all are done. A
 * position with a turn into a tier not solved yet waits (DEFERRED) while
 * that tier is solved, then is looked at again; on one thread the tier is
 * solved at once instead. */

typedef struct scan {
    rm_solver *s;
    tier *t;
    work *w;
    bool alone;                /* one thread: solve a missing tier at once */
    const uint32_t *list;      /* the positions to look at: LIST[from .. to), or */
    uint64_t from, to;         /* (LIST NULL) the positions from .. to */
    uint64_t *edges;           /* (child << 32 | parent) within the tier */
    size_t nedges, capedges;
    uint64_t *pushes;          /* (distance << 32 | position) to decide */
    size_t npushes, cappushes;
    uint32_t *deferred;
    size_t ndeferred, capdeferred;
    tkey *missing;
    size_t nmissing, capmissing;
    tkey *next;                /* the other tiers the turns lead to */
    size_t nnext, capnext;
    uint64_t aliases;
    rm_btally *tally;
    rm_turnlist l;
    bool failed;
    char err[512];
} scan;

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

static void scan_fail(scan *sc, const char *what)
{
    if (!sc->failed)
        snprintf(sc->err, sizeof sc->err, "%s", what);
    sc->failed = true;
}

static void scan_push(scan *sc, int d, uint32_t i)
{
    if (d >= DIST_MAX)
        d = DIST_MAX - 1;
    if (!grow((void **)&sc->pushes, &sc->cappushes, sc->npushes, sizeof *sc->pushes))
        scan_fail(sc, "out of memory");
    else
        sc->pushes[sc->npushes++] = (uint64_t)d << 32 | i;
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
        w->final[i] = true; /* (another position of its class stands for it, or none is) */
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
            w->final[i] = true; /* (its value stays RM_VALUE_DRAW, 0) */
            w->cnt[i] = 1;
        } else {
            w->cnt[i] = r == side ? 1 : 0; /* (a loss: no turn left that does not lose) */
            w->final[i] = 2; /* (over: no position comes after it, decided when popped) */
            scan_push(sc, 0, (uint32_t)i);
        }
        return true;
    }
    size_t size = rm_bits_state_size(s->k);
    int n = sc->tally->n > 0 ? sc->tally->n : sc->l.n;
    size_t mark = sc->nedges;
    uint32_t cnt = 0;
    int maxd = -1, win = -1;
    for (int j = 0; j < n && !sc->failed; j++) {
        if (sc->tally->n > 0) {
            rm_bits_copy(size, &child, &bs);
            rm_bits_play(s->k, &child, sc->tally, j);
        } else {
            rm_state next = st;
            rm_apply(g, &next, rm_turn_moves(&sc->l, j), sc->l.turns[j].n);
            rm_bits_from_state(s->k, &next, &child);
        }
        tkey ck;
        key_of(s, &child, &ck);
        if (memcmp(&ck, &t->key, sizeof ck) == 0) {
            cnt++;
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
        tier *ct = find_tier(s, &ck);
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
            if (!grow((void **)&sc->missing, &sc->capmissing, sc->nmissing, sizeof *sc->missing) ||
                !grow((void **)&sc->deferred, &sc->capdeferred, sc->ndeferred,
                      sizeof *sc->deferred)) {
                scan_fail(sc, "out of memory");
                return true;
            }
            sc->missing[sc->nmissing++] = ck;
            sc->deferred[sc->ndeferred++] = (uint32_t)i;
            return false;
        }
        note_next(sc, &ck);
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
    w->cnt[i] = cnt;
    w->maxd[i] = (uint16_t)(maxd < 0 ? 0 : maxd);
    if (win >= 0)
        scan_push(sc, win + 1, (uint32_t)i);
    else if (cnt == 0)
        scan_push(sc, maxd + 1, (uint32_t)i);
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
    for (size_t q = 0; q < sc->npushes; q++)
        if (!push(s, w, (int)(sc->pushes[q] >> 32), (uint32_t)sc->pushes[q]))
            return false;
    sc->nedges = sc->npushes = 0;
    return true;
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

/* Before a pass on threads: the tiers the turns of a sample of T's
 * positions lead to, solved first, so that few positions wait. */
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
        int n = tally->n > 0 ? tally->n : l.n;
        for (int j = 0; j < n && !s->failed; j++) {
            if (tally->n > 0) {
                rm_bits_copy(size, &child, &bs);
                rm_bits_play(s->k, &child, tally, j);
            } else {
                rm_state next = st;
                rm_apply(s->g, &next, rm_turn_moves(&l, j), l.turns[j].n);
                rm_bits_from_state(s->k, &next, &child);
            }
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
    if (nth > 1 && t->size > 4096)
        discover(s, t);
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
    uint32_t *list = NULL; /* the positions that waited, for the next round */
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
            sc[i].aliases = 0;
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

/* Whether tier T can be solved by unmoves. */
static bool can_unmove(const rm_solver *s, const tier *t)
{
    const rm_game *g = s->g;
    if (s->nup > 0)
        return false; /* (a turn undone may come off a stack, or onto one) */
    for (int side = 0; side < 2; side++) {
        const rm_phase *ph = &g->rules.phases[t->key.phase[side]];
        if (ph->before_play || ph->may_end || ph->compulsory_per_piece)
            return false;
        bool stays;
        const rm_turn_rule *tr = pattern_of(s, t, side, &stays);
        if (!stays)
            continue;
        if (tr->nsteps != 1 || tr->steps[0].min != 1 || tr->steps[0].max != 1)
            return false;
        const rm_step_rule *sr = &tr->steps[0];
        for (int i = 0; i < sr->nalts; i++)
            for (int j = i + 1; j < sr->nalts; j++) {
                const rm_action_rule *a = &g->rules.actions[sr->alt[i]];
                const rm_action_rule *c = &g->rules.actions[sr->alt[j]];
                bool step_leap = (a->type == RM_STEP && c->type == RM_LEAP) ||
                                 (a->type == RM_LEAP && c->type == RM_STEP);
                if (moves_piece(a->type) && moves_piece(c->type) && a->kind == c->kind &&
                    !step_leap)
                    return false; /* (two ways to one position: the forward pass merges) */
            }
    }
    return true;
}

static int stabilizer(const rm_solver *s, const u128 *sets)
{
    int n = 0;
    for (int g = 0; g < s->nsyms; g++) {
        bool same = true;
        for (int k = 0; k < nsets(s) && same; k++)
            same = k >= s->g->nkinds && k < MAXK ? true : apply_sym(s, g, sets[k]) == sets[k];
        n += same;
    }
    return n;
}

/* Whether the ray R of point P may be taken by action A of SIDE. */
static bool ray_ok(const rm_game *g, const rm_action_rule *a, int side, int r)
{
    return r >= 0 && (!a->dir_allow || (a->dir_allow >> g->sides[side].ray_class[r] & 1));
}

typedef struct before {
    uint32_t *idx, *count;     /* the classes before, and the unmoves into each */
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
    uint64_t j = encode(s, t, psets, side);
    for (int i = 0; i < b->n; i++)
        if (b->idx[i] == j) {
            b->count[i]++;
            return;
        }
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        uint32_t *ni = realloc(b->idx, (size_t)cap * sizeof *ni);
        if (ni)
            b->idx = ni;
        uint32_t *nc = realloc(b->count, (size_t)cap * sizeof *nc);
        if (nc)
            b->count = nc;
        if (!ni || !nc) {
            fail(s, "out of memory");
            return;
        }
        b->cap = cap;
    }
    b->idx[b->n] = (uint32_t)j;
    b->count[b->n++] = 1;
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
    if (!stays)
        return;
    const rm_phase *ph = &g->rules.phases[t->key.phase[m]];
    bool check = ph->compulsory || ph->drops_compulsory;
    u128 occ = 0;
    for (int k = 0; k < g->nkinds; k++)
        occ |= sets[k];
    u128 empty = s->board & ~occ;
    uint64_t child = 0;
    if (check || g->rules.blocked[m] == RM_BLOCKED_PASSES) {
        rm_bstate cs;
        make_state(s, t, sets, side, &cs);
        child = cs.hash;
    }
    /* a pass: the same board, the other side to move, blocked */
    if (g->rules.blocked[m] == RM_BLOCKED_PASSES && listed_turn(s, t, sets, m, child, b, true))
        add_before(s, t, sets, m, b);
    const rm_step_rule *sr = &tr->steps[0];
    for (int ai = 0; ai < sr->nalts && tr->nsteps == 1; ai++) {
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
            for (uint32_t r = board->ray_off[q]; r < board->ray_off[q + 1] && a->type != RM_RELOCATE;
                 r++) {
                const uint16_t *pts = board->ray_pts + board->rays[r].off;
                int len = board->rays[r].len;
                if (a->type == RM_STEP) {
                    if (empty >> rm_bits_bit_of(s->k, pts[0]) & 1 &&
                        ray_ok(g, a, m, ray_to(board, pts[0], q)))
                        from[nfrom++] = pts[0];
                } else if (a->type == RM_SLIDE) {
                    for (int j = 0; j < len && (empty >> rm_bits_bit_of(s->k, pts[j]) & 1); j++)
                        if (ray_ok(g, a, m, ray_to(board, pts[j], j ? pts[j - 1] : q)))
                            from[nfrom++] = pts[j];
                } else if (len >= 2 && (targets >> rm_bits_bit_of(s->k, pts[0]) & 1) &&
                           (empty >> rm_bits_bit_of(s->k, pts[1]) & 1) &&
                           ray_ok(g, a, m, ray_to(board, pts[1], pts[0]))) {
                    from[nfrom++] = pts[1]; /* a leap over pts[0] */
                }
            }
            for (int f = 0; f < nfrom && !s->failed; f++) {
                u128 psets[MAXS];
                memcpy(psets, sets, sizeof psets);
                psets[kind] = (psets[kind] & ~bit2(qb)) | bit2(rm_bits_bit_of(s->k, from[f]));
                if (check && !listed_turn(s, t, psets, m, child, b, false))
                    continue;
                add_before(s, t, psets, m, b);
            }
        }
    }
    if (s->nsyms > 1) {
        int sc = stabilizer(s, sets);
        for (int j = 0; j < b->n; j++) {
            u128 psets[MAXS];
            decode(s, t, b->idx[j], psets);
            int sp = stabilizer(s, psets);
            if ((b->count[j] * (uint32_t)sp) % (uint32_t)sc != 0) {
                fail(s, "internal error: unmoves of tier %s do not divide by symmetry", t->name);
                return;
            }
            b->count[j] = b->count[j] * (uint32_t)sp / (uint32_t)sc;
        }
    }
}

/* Pops position I at distance D of the backward pass: its value is
 * settled (in V: won if it still has a turn not known to lose, else
 * lost). The side to move in it, or -1 when it was settled before. */
static int settle(tier *t, work *w, int d, uint32_t i, int *v)
{
    if (w->final[i] == 1)
        return -1;
    w->final[i] = 1;
    *v = w->cnt[i] > 0 ? RM_VALUE_WIN : RM_VALUE_LOSS;
    set_val(t, i, *v);
    t->dist[i] = (uint16_t)d;
    return (int)(i / t->per_side);
}

/* Tells position P that COUNT of its turns reach a position of SIDE
 * settled at distance D with value V: P is won at once by a turn to a
 * position its side wins, lost when its last turn not known to lose goes. */
static void tell(rm_solver *s, tier *t, work *w, int d, int side, int v, uint32_t p,
                 uint32_t count)
{
    if (w->final[p])
        return;
    int pside = (int)(p / t->per_side);
    int pv = side == pside ? v : v == RM_VALUE_WIN ? RM_VALUE_LOSS : RM_VALUE_WIN;
    if (pv == RM_VALUE_WIN) {
        push(s, w, d + 1, p);
    } else if (w->cnt[p] < count) {
        fail(s, "internal error: tier %s: a position has fewer turns than lead back to it",
             t->name);
    } else if ((w->cnt[p] -= count) == 0) {
        int m = w->maxd[p] > d ? w->maxd[p] : d;
        push(s, w, m + 1, p);
    } else if (d > w->maxd[p]) {
        w->maxd[p] = (uint16_t)d;
    }
}

static void drop_bucket(work *w, int d)
{
    free(w->bucket[d]);
    w->bucket[d] = NULL;
    w->nbucket[d] = w->capbucket[d] = 0;
}

/* backward, with the positions before each position found by unmoves. */
static void backward_unmoves(rm_solver *s, tier *t, work *w)
{
    before b = { 0 };
    rm_turnlist_init(&b.l);
    uint64_t seen = 0;
    for (int d = 0; d < w->nbuckets && !s->failed; d++) {
        for (size_t q = 0; q < w->nbucket[d] && !s->failed; q++) {
            if ((++seen & 0xFFF) == 0 && halted(s))
                break;
            uint32_t i = w->bucket[d][q];
            int v, side = settle(t, w, d, i, &v);
            if (side < 0)
                continue;
            unmoves(s, t, i, &b);
            for (int e = 0; e < b.n && !s->failed; e++)
                tell(s, t, w, d, side, v, b.idx[e], b.count[e]);
        }
        drop_bucket(w, d);
    }
    free(b.idx);
    free(b.count);
    rm_turnlist_free(&b.l);
}

/* The parents of each position, from the turns within the tier. */
static bool reverse_edges(rm_solver *s, tier *t, work *w)
{
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
    uint64_t seen = 0;
    for (int d = 0; d < w->nbuckets && !s->failed; d++) {
        for (size_t q = 0; q < w->nbucket[d]; q++) {
            if ((++seen & 0xFFFF) == 0 && halted(s))
                break;
            uint32_t i = w->bucket[d][q];
            int v, side = settle(t, w, d, i, &v);
            if (side < 0)
                continue;
            for (uint32_t e = w->off[i]; e < w->off[i + 1] && !s->failed; e++)
                tell(s, t, w, d, side, v, w->from[e], 1);
        }
        drop_bucket(w, d);
    }
}

static void free_work(rm_solver *s, tier *t, work *w)
{
    give_mem(s, w->cnt, (size_t)t->size * sizeof *w->cnt);
    give_mem(s, w->maxd, (size_t)t->size * sizeof *w->maxd);
    give_mem(s, w->final, (size_t)t->size * sizeof *w->final);
    give_mem(s, w->edges, w->capedges * sizeof *w->edges);
    give_mem(s, w->off, (size_t)(t->size + 1) * sizeof *w->off);
    give_mem(s, w->from, (w->nedges ? w->nedges : 1) * sizeof *w->from);
    for (int d = 0; d < w->nbuckets; d++)
        free(w->bucket[d]);
    free(w->bucket);
    free(w->nbucket);
    free(w->capbucket);
}

static tier *solve_key(rm_solver *s, const tkey *key)
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
    if (!lay_out(s, t)) {
        fail(s, "tier %s has %.3Lg positions, more than a tier may (%llu); see rimau solve "
                "--estimate",
             t->name, t->want, (unsigned long long)MAX_TIER);
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
    /* a tier to solve, and to write: the folder is this solve's alone */
    if (s->o.db && !lock_take(s, F_WRLCK))
        return NULL;
    t->solving = true;
    t->val = take_mem(s, val_bytes(t), "a tier's values");
    t->dist = take_mem(s, (size_t)t->size * sizeof *t->dist, "a tier's distances");
    work w = { 0 };
    w.cnt = take_mem(s, (size_t)t->size * sizeof *w.cnt, "a tier being solved");
    w.maxd = take_mem(s, (size_t)t->size * sizeof *w.maxd, "a tier being solved");
    w.final = take_mem(s, (size_t)t->size * sizeof *w.final, "a tier being solved");
    t->unmoves = !s->o.no_unmoves && can_unmove(s, t);
    if (t->val && t->dist && w.cnt && w.maxd && w.final && forward(s, t, &w) &&
        (t->unmoves || reverse_edges(s, t, &w))) {
        report(s, t, 0, 1);
        if (t->unmoves)
            backward_unmoves(s, t, &w);
        else
            backward(s, t, &w);
    }
    free_work(s, t, &w);
    t->solving = false;
    if (s->failed)
        return NULL;
    /* what is left undecided is a draw; the totals */
    for (uint64_t i = 0; i < t->size; i++) {
        int v = get_val(t, i);
        if (v == RM_VALUE_WIN) {
            t->won++;
            if (t->dist[i] > t->longest)
                t->longest = t->dist[i];
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

/* ---- the solver ---- */

/* Why the solver does not take G; NULL when it does. */
static const char *refused(const rm_game *g, const rm_bits *k)
{
    if (!g->rules.present)
        return "has no rules of play";
    if (!k)
        return "has no bit kernel (a board of more than 128 bits, or more than 8 kinds of piece)";
    for (int i = 0; i < g->nkinds; i++)
        if (g->kinds[i].stacks && g->kinds[i].count > MAXUP + 1)
            return "has a kind of more than 32 pieces that stack, which the solver does not take";
    return NULL;
}

static void options_text(const rm_game *g, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < g->noptions && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s=%s", i ? " " : "", g->options[i].name,
                               g->options[i].values[g->options[i].chosen]);
}

static rm_solver *new_solver(const rm_game *g, const rm_solve_options *o, char *err, size_t errsize)
{
    const rm_bits *k = rm_bits_get(g);
    const char *why = refused(g, k);
    if (why) {
        snprintf(err, errsize, "%.100s %s", g->name, why);
        return NULL;
    }
    rm_solver *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    s->lock_fd = -1;
    s->lock_type = F_UNLCK;
    s->g = g;
    s->k = k;
    s->o = *o;
    if (!s->o.memory)
        s->o.memory = (size_t)4 << 30;
    s->err = err;
    s->errsize = errsize;
    s->started = clock_now();
    uint64_t board[2];
    rm_bits_board(k, board);
    s->board = ld2(board);
    s->npoints = g->board.npoints;
    s->nbits = rm_bits_words(k) * 64;
    for (int i = 0; i < g->nkinds; i++) {
        s->stacks[i] = g->kinds[i].stacks;
        if (s->stacks[i] && g->kinds[i].count - 1 > s->nup)
            s->nup = g->kinds[i].count - 1;
    }
    for (int n = 0; n <= 128; n++)
        for (int r = 0; r <= 128; r++) {
            if (r == 0)
                s->binom[n][r] = 1;
            else if (n == 0)
                s->binom[n][r] = 0;
            else {
                uint64_t a = s->binom[n - 1][r - 1], b = s->binom[n - 1][r];
                s->binom[n][r] = a + b < a ? UINT64_MAX : a + b;
            }
        }
    s->rules_hash = rules_digest(g);
    options_text(g, s->options, sizeof s->options);
    if (find_symmetries(s) != 0) {
        snprintf(err, errsize, "out of memory");
        rm_solver_free(s);
        return NULL;
    }
    return s;
}

/* Solves the tiers the solved ones lead to and that are missing (a file
 * of the database deleted); false when that fails. */
static bool complete(rm_solver *s)
{
    for (int i = 0; i < s->ntiers && !s->failed; i++) {
        tier *t = s->tiers[i];
        for (int e = 0; e < t->nnext && !s->failed; e++)
            if (!find_tier(s, &t->next[e]))
                solve_key(s, &t->next[e]);
    }
    return !s->failed;
}

/* Reads every tier of the database's folder (all of them this game's:
 * another game's file fails the solve). */
static int load_all(rm_solver *s)
{
    DIR *d = opendir(s->o.db);
    if (!d && s->o.read_only)
        fail(s, "cannot read the folder %s: %s", s->o.db, strerror(errno));
    if (!d)
        return s->failed ? -1 : 0;
    struct dirent *e;
    while (!halted(s) && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len != 2 * sizeof(tkey) + 5 || strcmp(e->d_name + 2 * sizeof(tkey), ".tier") != 0)
            continue;
        tkey key;
        uint8_t *b = (uint8_t *)&key;
        bool hex = true;
        for (size_t i = 0; i < sizeof key && hex; i++) {
            unsigned v;
            hex = sscanf(e->d_name + 2 * i, "%2x", &v) == 1;
            b[i] = (uint8_t)v;
        }
        if (!hex || find_tier(s, &key))
            continue;
        /* (a dangling link, or a name not the tier's own: not a tier) */
        char path[4096];
        struct stat sb;
        tier_path(s, &(tier){ .key = key }, path, sizeof path);
        if (stat(path, &sb) != 0 && errno == ENOENT)
            continue;
        tier *t = calloc(1, sizeof *t);
        if (t)
            t->key = key;
        if (!t || add_tier(s, t) != 0) {
            free(t);
            fail(s, "out of memory");
            break;
        }
        if (!lay_out(s, t)) {
            fail(s, "%s/%s does not fit this game's board: solve into another folder", s->o.db,
                 e->d_name);
            break;
        }
        if (load_tier(s, t))
            s->done[s->ndone++] = s->ntiers - 1;
    }
    closedir(d);
    return s->failed ? -1 : 0;
}

rm_solver *rm_solve(const rm_game *g, const rm_solve_options *o, char *err, size_t errsize)
{
    if (o->read_only && !o->db) {
        snprintf(err, errsize, "a solve read only needs a database folder");
        return NULL;
    }
    rm_solver *s = new_solver(g, o, err, errsize);
    if (!s)
        return NULL;
    if (s->o.db && strlen(s->o.db) > 4000) {
        fail(s, "the path of the folder %.40s... is too long", s->o.db);
    } else if (s->o.db) {
        /* the folder, locked to read, and what it holds (read only: the
         * folder must be there, and nothing is made in it) */
        pthread_mutex_lock(&db_mutex);
        s->db_held = true;
        struct stat sb;
        if (!s->o.read_only && mkdir(s->o.db, 0777) != 0 && errno != EEXIST)
            fail(s, "cannot make the folder %s: %s", s->o.db, strerror(errno));
        else if (stat(s->o.db, &sb) != 0 || !S_ISDIR(sb.st_mode))
            fail(s, "cannot use %s as the database's folder: it is not a folder", s->o.db);
        else if (lock_open(s) && lock_take(s, F_RDLCK))
            load_all(s);
    }
    if (!s->failed) {
        rm_state st;
        rm_bstate bs;
        if (o->root)
            st = *o->root;
        else
            rm_initial(g, &st);
        rm_bits_from_state(s->k, &st, &bs);
        tkey key;
        key_of(s, &bs, &key);
        if (!find_tier(s, &key))
            solve_key(s, &key);
        complete(s);
    }
    sync_folder(s);
    lock_release(s);
    if (s->failed) {
        rm_solver_free(s);
        return NULL;
    }
    return s;
}

void rm_solver_free(rm_solver *s)
{
    if (!s)
        return;
    lock_release(s);
    for (int i = 0; i < s->ntiers; i++) {
        free(s->tiers[i]->val);
        free(s->tiers[i]->dist);
        free(s->tiers[i]->next);
        free(s->tiers[i]);
    }
    free(s->tiers);
    free(s->done);
    free(s->slot);
    for (int c = 0; c <= 128; c++)
        if (s->symtabs[c]) {
            free(s->symtabs[c]->class_of);
            free(s->symtabs[c]->sym_of);
            free(s->symtabs[c]->class_set);
            free(s->symtabs[c]->stab);
            free(s->symtabs[c]);
        }
    free(s->perm);
    free(s);
}

int rm_solver_value(const rm_solver *s, const rm_state *st, int *distance)
{
    rm_bstate bs;
    rm_bits_from_state(s->k, st, &bs);
    tkey key;
    key_of(s, &bs, &key);
    const tier *t = find_tier(s, &key);
    if (!t || t->solving || !t->val)
        return -1;
    u128 sets[MAXS];
    sets_of(s, &bs, sets);
    uint64_t i = encode(s, t, sets, bs.to_move);
    *distance = get_val(t, i) == RM_VALUE_DRAW ? 0 : t->dist[i];
    return get_val(t, i);
}

int rm_solver_set_value(rm_solver *s, const rm_state *st, int value, int distance)
{
    rm_bstate bs;
    rm_bits_from_state(s->k, st, &bs);
    tkey key;
    key_of(s, &bs, &key);
    tier *t = find_tier(s, &key);
    if (!t || !t->val)
        return -1;
    u128 sets[MAXS];
    sets_of(s, &bs, sets);
    uint64_t i = encode(s, t, sets, bs.to_move);
    set_val(t, i, value);
    t->dist[i] = (uint16_t)distance;
    return 0;
}

void rm_solver_stats(const rm_solver *s, rm_solve_stats *out)
{
    memset(out, 0, sizeof *out);
    out->tiers = s->ntiers;
    for (int i = 0; i < s->ntiers; i++) {
        const tier *t = s->tiers[i];
        out->loaded += t->loaded;
        out->positions += t->size - t->aliases;
        out->won += t->won;
        out->lost += t->lost;
        out->drawn += t->drawn;
        if (t->longest > out->longest)
            out->longest = t->longest;
    }
    out->symmetries = s->nsyms;
    out->memory = s->peak;
    out->seconds = clock_now() - s->started;
}

int rm_solver_tiers(const rm_solver *s)
{
    return s->ndone;
}

void rm_solver_tier(const rm_solver *s, int i, rm_solve_progress *out)
{
    const tier *t = s->tiers[s->done[i]];
    *out = (rm_solve_progress){ i + 1, t->name, t->size - t->aliases, t->size, 2,
                                t->won, t->lost, t->drawn, t->longest, t->loaded };
}

/* ---- checking a solve ---- */

uint64_t rm_solver_verify(const rm_solver *cs, rm_solve_progress_fn progress, void *ctx, char *err,
                          size_t errsize)
{
    rm_solver *s = (rm_solver *)cs; /* (only its scratch: no value changes) */
    const rm_game *g = s->g;
    uint64_t bad = 0;
    err[0] = 0;
    rm_btally *tally = malloc(sizeof *tally);
    rm_turnlist l;
    rm_turnlist_init(&l);
    if (!tally) {
        snprintf(err, errsize, "out of memory");
        return 1;
    }
    size_t size = rm_bits_state_size(s->k);
    for (int ti = 0; ti < s->ntiers; ti++) {
        const tier *t = s->tiers[ti];
        rm_solve_progress pr = { ti + 1, t->name, t->size - t->aliases, 0, 0, t->won, t->lost,
                                 t->drawn, t->longest, t->loaded };
        for (uint64_t i = 0; i < t->size; i++) {
            if (progress && (i & 0xFFFF) == 0) {
                pr.done = i;
                progress(ctx, &pr);
            }
            u128 sets[MAXS];
            int side = position_at(s, t, i, sets);
            if (side < 0)
                continue;
            rm_bstate bs, child;
            rm_state st;
            make_state(s, t, sets, side, &bs);
            int have = get_val(t, i), hd = t->dist[i];
            int r = rm_bits_result(g, s->k, &bs, NULL, tally, &l, &st, NULL);
            const char *why = NULL;
            int best_win = -1, worst_loss = -1, draws = 0, n = 0;
            if (r == RM_FAILED) {
                why = "its turns cannot be listed";
            } else if (r != RM_ONGOING) {
                int want = r == RM_DRAW ? RM_VALUE_DRAW : r == side ? RM_VALUE_WIN : RM_VALUE_LOSS;
                if (have != want || (want != RM_VALUE_DRAW && hd != 0))
                    why = "the game is over there, with another result";
            } else {
                n = tally->n > 0 ? tally->n : l.n;
                for (int j = 0; j < n && !why; j++) {
                    if (tally->n > 0) {
                        rm_bits_copy(size, &child, &bs);
                        rm_bits_play(s->k, &child, tally, j);
                    } else {
                        rm_state next = st;
                        rm_apply(g, &next, rm_turn_moves(&l, j), l.turns[j].n);
                        rm_bits_from_state(s->k, &next, &child);
                    }
                    tkey ck;
                    key_of(s, &child, &ck);
                    const tier *ct = find_tier(s, &ck);
                    if (!ct) {
                        why = "a turn leads out of the solved tiers";
                        break;
                    }
                    int d, v = child_value(s, ct, &child, side, &d);
                    if (v == RM_VALUE_WIN && (best_win < 0 || d < best_win))
                        best_win = d;
                    else if (v == RM_VALUE_LOSS && d > worst_loss)
                        worst_loss = d;
                    else if (v == RM_VALUE_DRAW)
                        draws++;
                }
                if (why)
                    ;
                else if (have == RM_VALUE_WIN && (best_win < 0 || hd != best_win + 1))
                    why = best_win < 0 ? "won, but no turn wins" : "won, but not in as many plies";
                else if (have == RM_VALUE_LOSS && (best_win >= 0 || draws || hd != worst_loss + 1))
                    why = best_win >= 0 || draws ? "lost, but a turn does not lose"
                                                 : "lost, but not in as many plies";
                else if (have == RM_VALUE_DRAW && (best_win >= 0 || draws == 0))
                    why = best_win >= 0 ? "drawn, but a turn wins" : "drawn, but every turn loses";
            }
            if (why) {
                if (!bad) {
                    rm_state pos;
                    rm_bits_to_state(s->k, &bs, &pos);
                    snprintf(err, errsize, "tier %s, position %llu: %s", t->name,
                             (unsigned long long)i, why);
                }
                bad++;
            }
        }
        if (progress) {
            pr.done = t->size;
            pr.stage = 2;
            progress(ctx, &pr);
        }
    }
    free(tally);
    rm_turnlist_free(&l);
    return bad;
}

/* ---- the estimate ---- */

/* Calls EACH on every tier key with at most the pieces of the game: each
 * kind on the board and in hand within its count and its hand at the
 * start, each side in any phase from its first, any turns counted. */
static void each_key(rm_solver *s, tkey *key, int kind, void (*each)(rm_solver *, const tkey *, void *),
                     void *ctx)
{
    const rm_game *g = s->g;
    if (kind < g->nkinds) {
        for (int h = 0; h <= g->kinds[kind].hand; h++)
            for (int b = 0; b + h <= g->kinds[kind].count; b++) {
                key->hand[kind] = (uint8_t)h;
                key->on_board[kind] = (uint8_t)b;
                each_key(s, key, kind + 1, each, ctx);
            }
        return;
    }
    const rm_rules *r = &g->rules;
    for (int f0 = r->side_first_phase[0]; f0 < r->side_first_phase[0] + r->side_nphases[0]; f0++)
        for (int f1 = r->side_first_phase[1]; f1 < r->side_first_phase[1] + r->side_nphases[1];
             f1++)
            for (int t0 = 0; t0 <= rm_phase_turns_counted(&r->phases[f0]); t0++)
                for (int t1 = 0; t1 <= rm_phase_turns_counted(&r->phases[f1]); t1++) {
                    key->phase[0] = (uint8_t)f0, key->phase[1] = (uint8_t)f1;
                    key->phase_turns[0] = (uint8_t)t0, key->phase_turns[1] = (uint8_t)t1;
                    each(s, key, ctx);
                }
}

static void estimate_key(rm_solver *s, const tkey *key, void *ctx)
{
    rm_solve_estimate *e = ctx;
    tier t;
    memset(&t, 0, sizeof t);
    t.key = *key;
    e->tiers++;
    if (!lay_out(s, &t)) {
        e->too_big++;
        return;
    }
    e->positions += t.size;
    if (t.size > e->largest)
        e->largest = t.size;
    /* the working arrays: 9 bytes a position, and some 12 bytes for each
     * of about 8 turns within the tier where they are kept */
    long double need = (long double)t.size * (can_unmove(s, &t) ? 9 : 9 + 96);
    if (need > e->work)
        e->work = need;
}

int rm_solve_estimate_of(const rm_game *g, bool no_symmetry, rm_solve_estimate *out, char *err,
                         size_t errsize)
{
    rm_solve_options o = { 0 };
    o.no_symmetry = no_symmetry;
    memset(out, 0, sizeof *out);
    rm_solver *s = new_solver(g, &o, err, errsize);
    if (!s)
        return -1;
    tkey key;
    memset(&key, 0, sizeof key);
    each_key(s, &key, 0, estimate_key, out);
    out->symmetries = s->nsyms;
    /* the values and distances of every tier (2 bits and 2 bytes a
     * position), and the working arrays of the tier that needs most */
    long double m = (long double)out->positions * (0.25L + 2) + out->work;
    out->memory = m > (long double)SIZE_MAX ? SIZE_MAX : (size_t)m;
    rm_solver_free(s);
    return 0;
}

/* ---- blockades ---- */

typedef struct blockade {
    const rm_game *g;
    int side, kind, best;      /* BEST: the fewest found so far for this placement */
    rm_turnlist *lists;        /* one a depth */
    int depth;
    long nodes;
    rm_state best_state;
} blockade;

/* The fewest blockers that stop every turn of SIDE in ST, adding to those
 * of ST (N of them); BEST is lowered when fewer are found. */
static void block_from(blockade *b, const rm_state *st, int n)
{
    if (n >= b->best || b->depth >= 120 || ++b->nodes > 2000000)
        return;
    rm_turnlist *l = &b->lists[b->depth];
    int turns = rm_legal_turns(b->g, st, l);
    if (turns < 0)
        return;
    if (turns == 0 || l->pass) {
        b->best = n;
        b->best_state = *st;
        return;
    }
    /* the points that stop turn 0: where its moves go, and what a slide
     * passes over */
    const rm_board *board = &b->g->board;
    rm_set stop;
    set_clear(&stop);
    const rm_move *m = rm_turn_moves(l, 0);
    for (int i = 0; i < l->turns[0].n; i++) {
        if (m[i].type == RM_MV_DROP || m[i].type == RM_MV_MOVE || m[i].type == RM_MV_CAPTURE)
            set_add(&stop, m[i].to);
        if (m[i].type == RM_MV_MOVE)
            for (uint32_t r = board->ray_off[m[i].from]; r < board->ray_off[m[i].from + 1]; r++) {
                const uint16_t *pts = board->ray_pts + board->rays[r].off;
                bool on = false;
                for (int k = 0; k < board->rays[r].len && !on; k++)
                    on = pts[k] == m[i].to;
                for (int k = 0; on && pts[k] != m[i].to; k++)
                    set_add(&stop, pts[k]);
            }
    }
    rm_position pos;
    rm_state_position(b->g, st, &pos);
    SET_FOREACH(p, &stop) {
        if (pos.kind[p] >= 0)
            continue;
        pos.kind[p] = (int8_t)b->kind;
        pos.count[p] = 1;
        rm_state next;
        rm_state_set(b->g, &next, &pos);
        b->depth++;
        block_from(b, &next, n + 1);
        b->depth--;
        pos.kind[p] = -1;
        pos.count[p] = 0;
    }
}

int rm_solve_blockade(const rm_game *g, const rm_state *from, int side, int kind, int within,
                      rm_blockade *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    out->fewest = -1;
    if (kind < 0 || kind >= g->nkinds || g->kinds[kind].side == side) {
        snprintf(err, errsize, "the blockers must be a kind of the other side");
        return -1;
    }
    /* SIDE's kinds and how many of each FROM has on the board */
    int nk = 0, kinds[RM_MAX_KINDS], counts[RM_MAX_KINDS], total = 0;
    for (int k = 0; k < g->nkinds; k++)
        if (g->kinds[k].side == side && rm_state_on_board(from, k) > 0) {
            kinds[nk] = k;
            counts[nk++] = rm_state_on_board(from, k);
            total += rm_state_on_board(from, k);
        }
    int n = g->board.npoints;
    if (nk == 0 || total > n || nk > 2 || total > 4) {
        snprintf(err, errsize, "the blockade search takes up to 4 pieces of up to 2 kinds on the "
                               "board for the side blocked");
        return -1;
    }
    blockade b = { g, side, kind, 0, calloc(124, sizeof(rm_turnlist)), 0, 0, { 0 } };
    if (!b.lists) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    /* every placement: the points of each kind in turn, in increasing order */
    int at[8];
    rm_position pos;
    rm_state_position(g, from, &pos);
    for (int p = 0; p < n; p++)
        if (pos.kind[p] >= 0) {
            pos.kind[p] = -1;
            pos.count[p] = 0;
        }
    for (int k = 0; k < g->nkinds; k++)
        pos.hand[k] = 0;
    pos.to_move = side;
    for (int i = 0; i < total; i++)
        at[i] = i;
    for (;;) {
        /* the placement AT: its first counts[0] points kind 0, the rest kind 1 */
        bool distinct = true;
        for (int i = 0; i < total && distinct; i++)
            for (int j = i + 1; j < total && distinct; j++)
                distinct = at[i] != at[j];
        if (distinct) {
            for (int i = 0; i < total; i++) {
                pos.kind[at[i]] = (int8_t)kinds[i < counts[0] ? 0 : 1];
                pos.count[at[i]] = 1;
            }
            rm_state st;
            rm_state_set(g, &st, &pos);
            b.best = INT32_MAX;
            b.nodes = 0;
            b.depth = 0;
            block_from(&b, &st, 0);
            out->placements++;
            if (b.best != INT32_MAX) {
                out->blockable++;
                if (b.best <= within)
                    out->within++;
                if (out->fewest < 0 || b.best < out->fewest) {
                    out->fewest = b.best;
                    out->example = b.best_state;
                }
                if (b.best > out->most)
                    out->most = b.best;
            }
            for (int i = 0; i < total; i++) {
                pos.kind[at[i]] = -1;
                pos.count[at[i]] = 0;
            }
        }
        /* the next placement: each kind's points increasing, kinds apart */
        int i = total - 1;
        for (; i >= 0; i--) {
            int group_end = i < counts[0] ? counts[0] : total;
            int room = n - (group_end - i);
            if (at[i] < room)
                break;
        }
        if (i < 0)
            break;
        at[i]++;
        int group_end = i < counts[0] ? counts[0] : total;
        for (int j = i + 1; j < group_end; j++)
            at[j] = at[j - 1] + 1;
        if (i < counts[0])
            for (int j = counts[0]; j < total; j++)
                at[j] = j - counts[0];
    }
    for (int i = 0; i < 124; i++)
        rm_turnlist_free(&b.lists[i]);
    free(b.lists);
    return 0;
}

/* ---- for the tests ---- */

int rm_solve_unmoves(const rm_game *g, const rm_state *st, rm_state *out, int max)
{
    char err[256];
    rm_solver *s = new_solver(g, &(rm_solve_options){ .no_symmetry = true }, err, sizeof err);
    tier t = { 0 };
    rm_bstate bs;
    before b = { 0 };
    int n = -1;
    if (s) {
        rm_bits_from_state(s->k, st, &bs);
        key_of(s, &bs, &t.key);
    }
    if (s && lay_out(s, &t) && can_unmove(s, &t)) {
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
    rm_solver_free(s);
    return n;
}
