/* rank.c: the positions of a tier as numbers (see solve.h): point sets,
 * the table of a solve's tiers, ranking and unranking, the symmetries of
 * the board and the layout of a tier. */
#define _POSIX_C_SOURCE 200809L
#include "solve_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tiers ---- */

static uint64_t key_hash(const tkey *k)
{
    const uint8_t *b = (const uint8_t *)k;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < sizeof *k; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

tier *find_tier(const rm_solver *s, const tkey *key)
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

int add_tier(rm_solver *s, tier *t)
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

#define F(name) name##_portable
#include "rank_words.h"
#undef F

uint64_t encode_stab(const rm_solver *s, const tier *t, const u128 *sets, int side, int *stab)
{
#ifdef RM_RANK_X
    if (s->x86)
        return encode_x(s, t, sets, side, stab);
#endif
    return encode_portable(s, t, sets, side, stab);
}

uint64_t encode(const rm_solver *s, const tier *t, const u128 *sets, int side)
{
    return encode_stab(s, t, sets, side, NULL);
}

int decode(const rm_solver *s, const tier *t, uint64_t i, u128 *sets)
{
#ifdef RM_RANK_X
    if (s->x86)
        return decode_x(s, t, i, sets);
#endif
    return decode_portable(s, t, i, sets);
}

/* The position of index I of tier T into SETS, and its side to move: -1
 * when I stands for none, or for one of a class of symmetric positions
 * that another index stands for. */
int position_at(const rm_solver *s, const tier *t, uint64_t i, u128 *sets)
{
    int side = decode(s, t, i, sets);
    if (side < 0 || (t->sym && encode(s, t, sets, side) != i))
        return -1;
    return side;
}

void sets_of(const rm_solver *s, const rm_bstate *bs, u128 *sets)
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

void make_state(const rm_solver *s, const tier *t, const u128 *sets, int side, rm_bstate *bs)
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

/* ---- symmetries of the board ----
 *
 * The permutations of the points that take each line onto a line (in its
 * order or reversed), each region an action uses or a side wins by
 * onto itself, and, for a side whose actions have direction filters, each
 * ray onto a ray of the same class. Found by a search that maps the points in breadth-first
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
int ray_to(const rm_board *b, int p, int q)
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
    /* and each win by a region's set onto itself */
    for (int i = 0; i < g->rules.ngoals; i++)
        for (int p = 0; p < b->npoints; p++)
            if (set_has(&g->rules.goals[i].set, p) != set_has(&g->rules.goals[i].set, x->img[p]))
                return false;
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

int find_symmetries(rm_solver *s)
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

/* Whether the placements of C pieces of the first kind are put in
 * classes: there are symmetries, and few enough placements to table. */
static bool tabled(const rm_solver *s, int c)
{
    return s->nsyms > 1 && c > 0 && s->binom[s->npoints][c] <= MAX_SYM_SETS;
}

/* The table of the placements of C pieces up to symmetry; NULL when
 * there are too many placements to table (or no symmetry). */
static const symtab *symtab_of(rm_solver *s, int c)
{
    if (!tabled(s, c))
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
        u128 x = unrank_in_portable(s, r, c, s->board, s->npoints);
        uint64_t best = r;
        int bg = 0;
        for (int g = 1; g < s->nsyms; g++) {
            uint64_t q = rank_in_portable(s, apply_sym(s, g, x), s->board);
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

/* The sets of C points that the symmetry G keeps (maps onto
 * themselves): the unions of whole cycles of G on the board's points, C
 * points in all, so the coefficient of x^C in the product over its
 * cycles of (1 + x^length). C is at most half the points (so no count
 * passes the binomial that tabled() bounds). */
static uint64_t sets_kept(const rm_solver *s, int g, int c)
{
    uint64_t ways[129] = { 1 };
    bool seen[RM_BITS_MAX_WORDS * 64] = { false };
    for (u128 left = s->board; left; left &= left - 1) {
        int len = 0;
        for (int b = low2(left); !seen[b]; b = s->perm[g][b], len++)
            seen[b] = true;
        for (int d = c; d >= len && len > 0; d--)
            ways[d] += ways[d - len];
    }
    return ways[c];
}

/* The classes of placements of C pieces of the first kind, as the table
 * of symtab_of would have them, without making it: by Burnside's lemma,
 * the number of orbits of a group is the mean over its members of the
 * sets each keeps. (Placing C pieces or leaving C points free has as
 * many classes: the complement commutes with every symmetry.) A table is
 * made after all if the mean is not whole, which only a set of
 * symmetries that is not a group could give. */
static uint64_t classes_counted(rm_solver *s, int c)
{
    if (s->classes[c])
        return s->classes[c];
    int k = c <= s->npoints - c ? c : s->npoints - c;
    uint64_t sum = 0;
    for (int g = 0; g < s->nsyms; g++)
        sum += sets_kept(s, g, k);
    if (sum % (uint64_t)s->nsyms == 0) {
        s->classes[c] = sum / (uint64_t)s->nsyms;
    } else {
        const symtab *y = symtab_of(s, c);
        s->classes[c] = y ? y->nclasses : s->binom[s->npoints][c];
    }
    return s->classes[c];
}

uint64_t first_classes(rm_solver *s, int c, bool count, const symtab **table)
{
    *table = NULL;
    if (!tabled(s, c))
        return s->binom[s->npoints][c];
    if (count)
        return classes_counted(s, c);
    *table = symtab_of(s, c);
    return *table ? (*table)->nclasses : s->binom[s->npoints][c];
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

/* Works out how tier T numbers its positions; false when it has too many.
 * With S->count_only, only how many (T->sym is left NULL). */
bool lay_out(rm_solver *s, tier *t)
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
                n = j == 0 ? first_classes(s, c, s->count_only, &t->sym) : s->binom[free][c];
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
