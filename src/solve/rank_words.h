/* rank_words.h: the ranking of a tier's positions (see rank.c), the
 * code every encode and decode runs, written once and compiled twice:
 * portable in rank.c, and for x86-64 processors with POPCNT and BMI2 in
 * rank_x.c (RANK_X: pext here, and popcnt and pdep through set.h's pop64
 * and sel64, which that file's target turns on), chosen where the bit
 * kernel would take its own code for them (rm_bits_x86). F(name) names
 * each copy's functions. */

#ifdef RANK_X
#include <immintrin.h>
#endif

/* The colex rank of the set X among the points of FREE. */
static uint64_t F(rank_in)(const rm_solver *s, u128 x, u128 free)
{
    uint64_t r = 0;
    int i = 1;
#ifdef RANK_X
    /* (X's members among FREE's, as the positions of a set of their own:
     * pext; each member's rank among them is then its place in it) */
    uint64_t f0 = (uint64_t)free, y = _pext_u64((uint64_t)x, f0);
    for (; y; y &= y - 1, i++)
        r += s->binom[__builtin_ctzll(y)][i];
    uint64_t hi = (uint64_t)(free >> 64);
    if (hi) {
        int below = __builtin_popcountll(f0);
        for (y = _pext_u64((uint64_t)(x >> 64), hi); y; y &= y - 1, i++)
            r += s->binom[below + __builtin_ctzll(y)][i];
    }
#else
    if (!(free >> 64)) { /* (a board of one word: one count a member, not two) */
        uint64_t x1 = (uint64_t)x, f1 = (uint64_t)free;
        for (; x1; x1 &= x1 - 1, i++)
            r += s->binom[pop64(f1 & ((x1 & (~x1 + 1)) - 1))][i];
        return r;
    }
    for (; x; x &= x - 1, i++) {
        int p = pc2(free & (bit2(low2(x)) - 1));
        r += s->binom[p][i];
    }
#endif
    return r;
}

/* The I-th largest member (counting from 1) of the set whose colex rank
 * is *R, its members below TOP + 1: the largest P with binom(P, I) <= *R
 * (else I - 1), taken off *R. */
static int F(colex_digit)(const rm_solver *s, uint64_t *r, int i, int top)
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
static u128 F(unrank_in)(const rm_solver *s, uint64_t r, int c, u128 free, int m)
{
    u128 x = 0;
    int top = m - 1;
    for (int i = c; i >= 1; i--) {
        int p = F(colex_digit)(s, &r, i, top);
        x |= bit2(select2(free, p));
        top = p - 1;
    }
    return x;
}

/* A kind that stacks is placed as a multiset: C pieces on the M points
 * of FREE, taken in order with repeats e1 <= e2 <= ... <= eC, are the
 * C-set {e1, e2 + 1, ..., eC + C - 1} of M + C - 1 numbers, ranked in
 * colex order (so there are binom(M + C - 1, C) placements). The height
 * of the stack on a point is 1 + the layers (SETS[MAXK ..]) it is in. */
static uint64_t F(rank_stacks)(const rm_solver *s, const u128 *sets, u128 x, u128 free)
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
static u128 F(unrank_stacks)(const rm_solver *s, uint64_t r, int c, u128 free, int m, u128 *sets)
{
    u128 x = 0;
    int top = m + c - 2, b = -1, h = 0;
    for (int i = c; i >= 1; i--) {
        int q = F(colex_digit)(s, &r, i, top);
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

/* The rank of the kinds after the first (SETS by kind) in tier T, the
 * first kind's set being FIRST. The kinds that stack come last, each
 * placed on the points the others leave. */
static uint64_t F(rest_rank)(const rm_solver *s, const tier *t, const u128 *sets, u128 first)
{
    u128 free = s->board & ~first;
    uint64_t r = 0, m = 1;
    for (int i = 1; i < t->nk; i++) {
        int kind = t->order[i];
        u128 x = sets[kind];
        if (s->stacks[kind]) {
            r += m * F(rank_stacks)(s, sets, x, free);
        } else {
            r += m * F(rank_in)(s, x, free);
            free &= ~x;
        }
        m *= t->mult[i];
    }
    return r;
}

/* The index of the position (SETS, SIDE to move) in tier T: one for each
 * class of symmetric positions, the least of the class. *STAB (unless
 * NULL): the symmetries that map the position onto itself, where T has
 * them; else 0. (The symmetries that take the first kind's set to its
 * class's are a coset of that set's stabilizer, and those among them
 * that give the least index a coset of the position's.) */
uint64_t F(encode)(const rm_solver *s, const tier *t, const u128 *sets, int side, int *stab)
{
    uint64_t base = (uint64_t)side * t->per_side;
    if (stab)
        *stab = 0;
    if (t->nk == 0)
        return base;
    u128 first = sets[t->order[0]];
    if (s->stacks[t->order[0]]) /* (every kind on the board stacks: none kept aside) */
        return base + F(rank_stacks)(s, sets, first, s->board) * t->rest + F(rest_rank)(s, t, sets, 0);
    uint64_t r1 = F(rank_in)(s, first, s->board);
    if (!t->sym)
        return base + r1 * t->rest + F(rest_rank)(s, t, sets, first);
    const symtab *y = t->sym;
    uint32_t c = y->class_of[r1];
    int g = y->sym_of[r1];
    uint64_t best = UINT64_MAX;
    int same = 0;
    for (uint64_t m = y->stab[c]; m; m &= m - 1) {
        int h = s->compose[__builtin_ctzll(m)][g];
        u128 img[MAXS];
        for (int i = 1; i < t->nk; i++)
            img[t->order[i]] = apply_sym(s, h, sets[t->order[i]]);
        for (int j = 0; j < s->nup; j++)
            img[MAXK + j] = apply_sym(s, h, sets[MAXK + j]);
        uint64_t r = F(rest_rank)(s, t, img, y->class_set[c]);
        same = r < best ? 1 : same + (r == best);
        if (r < best)
            best = r;
    }
    if (stab)
        *stab = same;
    return base + (uint64_t)c * t->rest + best;
}

/* The sets of the position of index I of tier T, and its side to move;
 * -1 when I stands for no position (two kinds that stack placed on one
 * point). */
int F(decode)(const rm_solver *s, const tier *t, uint64_t i, u128 *sets)
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
        first = stacked = F(unrank_stacks)(s, f, c0, s->board, s->npoints, sets);
    } else {
        first = t->sym ? t->sym->class_set[f] : F(unrank_in)(s, f, c0, s->board, s->npoints);
        free &= ~first;
        m -= c0;
    }
    sets[k0] = first;
    for (int j = 1; j < t->nk; j++) {
        int kind = t->order[j], c = t->key.on_board[kind];
        uint64_t rj = r % t->mult[j];
        r /= t->mult[j];
        if (s->stacks[kind]) {
            u128 x = F(unrank_stacks)(s, rj, c, free, m, sets);
            if (x & stacked)
                side = -1;
            stacked |= x;
            sets[kind] = x;
        } else {
            u128 x = F(unrank_in)(s, rj, c, free, m);
            sets[kind] = x;
            free &= ~x;
            m -= c;
        }
    }
    return side;
}

