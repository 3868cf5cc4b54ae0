/* set.h: fixed-size sets of points (bitsets over point indices). */
#ifndef RIMAU_SET_H
#define RIMAU_SET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define RM_MAX_POINTS 256              /* points on one board */
#define RM_SET_WORDS (RM_MAX_POINTS / 64)

typedef struct rm_set {
    uint64_t w[RM_SET_WORDS];
} rm_set;

static inline void set_clear(rm_set *s) { memset(s, 0, sizeof *s); }
static inline void set_add(rm_set *s, int p) { s->w[p >> 6] |= (uint64_t)1 << (p & 63); }
static inline void set_del(rm_set *s, int p) { s->w[p >> 6] &= ~((uint64_t)1 << (p & 63)); }
static inline bool set_has(const rm_set *s, int p) { return (s->w[p >> 6] >> (p & 63)) & 1; }
static inline bool set_equal(const rm_set *a, const rm_set *b) { return !memcmp(a, b, sizeof *a); }

/* The number of members of a word: inline, where __builtin_popcountll
 * calls a library routine unless the target has an instruction for it. */
static inline int word_count(uint64_t w)
{
    w -= (w >> 1) & 0x5555555555555555ull;
    w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
    w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((w * 0x0101010101010101ull) >> 56);
}

/* The members of a word, and the place of its K-th member (K below
 * their number): instructions where the code is compiled for them
 * (popcnt, BMI2's pdep: a file under #pragma GCC target, as the bit
 * kernel's and the solver's x86 copies are; WebAssembly has a popcount,
 * not pdep), else branch-free arithmetic on its bytes (__builtin_popcountll
 * would call a library routine). */
static inline int pop64(uint64_t x)
{
#if defined __POPCNT__ || defined __wasm__ /* (WebAssembly's i64.popcnt) */
    return __builtin_popcountll(x);
#else
    return word_count(x);
#endif
}

static inline int sel64(uint64_t x, int k)
{
#if defined __BMI2__
    return __builtin_ctzll(__builtin_ia32_pdep_di((uint64_t)1 << k, x));
#else
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t c = x - ((x >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full; /* the members of each byte */
    uint64_t upto = c * ones;                    /* ... of it and the bytes below */
    /* the bytes whose running count is at most K: those below the one
     * that holds the K-th member */
    uint64_t below = ((((uint64_t)k * ones) | highs) - upto) & highs;
    int byte = (int)(((below >> 7) * ones) >> 56);
    int before = byte ? (int)(upto >> (8 * (byte - 1)) & 0xFF) : 0;
    unsigned b = (unsigned)(x >> (8 * byte)) & 0xFF;
    for (int i = k - before; i > 0; i--)
        b &= b - 1;
    return 8 * byte + __builtin_ctz(b);
#endif
}

static inline int set_count(const rm_set *s)
{
    int n = 0;
    for (int i = 0; i < RM_SET_WORDS; i++)
        n += word_count(s->w[i]);
    return n;
}

static inline bool set_any(const rm_set *s)
{
    uint64_t w = 0;
    for (int i = 0; i < RM_SET_WORDS; i++)
        w |= s->w[i];
    return w != 0;
}

/* Whether A and B have a member in common. */
static inline bool set_meets(const rm_set *a, const rm_set *b)
{
    uint64_t w = 0;
    for (int i = 0; i < RM_SET_WORDS; i++)
        w |= a->w[i] & b->w[i];
    return w != 0;
}

static inline void set_union(rm_set *a, const rm_set *b)
{
    for (int i = 0; i < RM_SET_WORDS; i++)
        a->w[i] |= b->w[i];
}

static inline void set_minus(rm_set *a, const rm_set *b)
{
    for (int i = 0; i < RM_SET_WORDS; i++)
        a->w[i] &= ~b->w[i];
}

/* The first member at or after P, or -1. */
static inline int set_next(const rm_set *s, int p)
{
    if (p < 0)
        p = 0;
    for (int i = p >> 6; i < RM_SET_WORDS; i++) {
        uint64_t w = s->w[i];
        if (i == p >> 6)
            w &= ~(uint64_t)0 << (p & 63);
        if (w)
            return i * 64 + __builtin_ctzll(w);
    }
    return -1;
}

#define SET_FOREACH(p, s) for (int p = set_next((s), 0); p >= 0; p = set_next((s), p + 1))

#endif
