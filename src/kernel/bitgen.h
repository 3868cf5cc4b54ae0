/* bitgen.h: the bit kernel: positions as bit boards on the board's bit
 * layout (layout.h), and their turns counted, drawn and made with whole-
 * board shifts, for the random playout, perft and every search that
 * plays many positions.
 *
 * It is a second generator beside the reference one (movegen.h), for the
 * games whose layout fits one or two 64-bit words and whose kinds are at
 * most RM_BITS_MAX_KINDS. It knows the turn patterns a random playout
 * meets all the time: one action a turn (drops, steps, slides, leaps,
 * captures over lines of pieces, removals, relocations, with direction
 * filters, regions and stacks), chains of captures ('not back', removal
 * at the end, a final step), compulsory captures and drops, and the same
 * drop taken several times; any other position (several steps of other
 * kinds, captures compulsory per piece, a blocked side, more turns or
 * longer chains than its tables hold) it leaves to the reference
 * generator, through rm_bits_to_state. What it counts is the reference's
 * list as a set, one turn for each distinct position: the same turns,
 * in an order of its own (action by action, then way by way along the
 * layout's shifts, then bit by bit), so that a turn drawn uniformly from
 * its count is drawn uniformly from the reference's list
 * (tests/unit/test_bits.c compares them on every shipped game).
 *
 * The kernel of a game is made once, on first use, and kept with the
 * game like the turn cache; rm_bits_get gives NULL for a game it does
 * not fit, or when the kernel is off (rm_set_bit_kernel). Counting and
 * playing allocate nothing.
 */
#ifndef RIMAU_BITGEN_H
#define RIMAU_BITGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "state.h"

#define RM_BITS_MAX_KINDS 8      /* kinds of a game the kernel plays */
#define RM_BITS_MAX_WORDS 2      /* words of a point set: boards of up to 128 bits */
#define RM_BITS_MAX_DIRS 16      /* ways along the layout's shifts (two a class); the
                                  * links of further classes are walked as exceptions */
#define RM_BITS_MAX_CHAINS 1024  /* distinct chains of one position */
#define RM_BITS_CHAIN_TAKES 32   /* pieces one chain takes */

/* A position on the bit layout: the fields of rm_state that a game can
 * change, then each kind's points (RM_BITS_MAX_WORDS words a kind at
 * most, as the layout needs), then, in a game whose pieces stack, the
 * height of each bit's stack (a byte a bit), then, in a game whose rules
 * count turns, rm_state's counters (a word: rm_bits_counters). Its size is the game's
 * (rm_bits_state_size: 48 bytes for the 37 points of Rimau-rimau):
 * copy it with rm_bits_copy, never by assignment (which copies the
 * whole struct); rm_bits_copy may copy a little past the size, so
 * states are always whole rm_bstate structs. */
typedef struct rm_bstate {
    uint64_t hash;             /* rm_state's hash of the same position */
    uint16_t turn;
    uint8_t to_move;
    uint8_t phase[2];
    uint8_t phase_turns[2];
    uint8_t pass_end;          /* rm_state's: the game ended by a blocked side's pass */
    uint8_t hand[RM_BITS_MAX_KINDS];
    uint8_t on_board[RM_BITS_MAX_KINDS];
    uint64_t w[RM_BITS_MAX_KINDS * RM_BITS_MAX_WORDS + RM_BITS_MAX_WORDS * 64 / 8 + 1];
} rm_bstate;

typedef struct rm_bits rm_bits;
typedef struct rm_btally rm_btally;

/* The head of a kernel (the rest is bitgen.c's): its entry points, for
 * one word or two, or a game's native kernel's (native.h). */
typedef struct rm_bits_ops {
    int (*count)(const rm_bits *k, const rm_bstate *s, rm_btally *t);
    void (*play)(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i);
    void (*neighbours)(const rm_bits *k, const uint64_t in[2], uint64_t out[2]);
} rm_bits_ops;

/* The kernel of G, made on first use (from any thread: the first made is
 * kept); NULL when G's board or kinds do not fit it, G has no rules, or
 * the kernel is off. */
const rm_bits *rm_bits_get(const rm_game *g);
/* Why G has no kernel, in words that follow the game's name ("has a
 * board of more than 128 bits"); NULL when it has one (or when only
 * memory ran out). */
const char *rm_bits_refusal(const rm_game *g);
/* The kernel off (false: rm_bits_get gives NULL) or back on, for every
 * thread: the tests compare both. */
void rm_set_bit_kernel(bool on);
/* Kernels made from now on use the portable code (true), or the code for
 * x86-64 processors with POPCNT and BMI2 where the processor has them
 * (false, the default; the environment variable RIMAU_PORTABLE set to
 * anything but 0 has the same effect as true): the tests run both. */
void rm_set_bit_kernel_portable(bool on);
/* Whether kernels made now play on the code for x86-64 processors with
 * POPCNT and BMI2 (as rm_set_bit_kernel_portable says): where they do,
 * other layers may use those instructions too (the solver's ranking). */
bool rm_bits_x86(void);
/* Kernels made from now on keep their point sets in two words even on a
 * layout of one (true), for the tests that compare the two codes. */
void rm_set_bit_kernel_two_words(bool on);

/* The bytes of a state of K's game, and copying one. */
size_t rm_bits_state_size(const rm_bits *k);
static inline void rm_bits_copy(size_t size, rm_bstate *dst, const rm_bstate *src)
{
    /* a state of up to 64 bytes (most games) as eight words: moves the
     * compiler writes out, where a copy of SIZE bytes would be a call */
    if (size <= 64) {
        uint64_t *d = (uint64_t *)dst;
        const uint64_t *s = (const uint64_t *)src;
        for (int i = 0; i < 8; i++)
            d[i] = s[i];
    } else {
        memcpy(dst, src, size);
    }
}
/* The words of a point set on K's layout (1 or 2). */
int rm_bits_words(const rm_bits *k);

/* The position ST as a bit state, and back. */
void rm_bits_from_state(const rm_bits *k, const rm_state *st, rm_bstate *out);
void rm_bits_to_state(const rm_bits *k, const rm_bstate *bs, rm_state *out);

/* The counters of BS (rm_state_stall of each side, rm_state_quiet: three
 * bytes), or three zeros in a game that counts nothing. */
const uint8_t *rm_bits_counters(const rm_bits *k, const rm_bstate *bs);

/* What rm_state_progress gives for the same position. */
static inline uint64_t rm_bits_progress(const rm_bstate *bs)
{
    uint64_t h, b;
    memcpy(&h, bs->hand, sizeof h);
    memcpy(&b, bs->on_board, sizeof b);
    return rm_progress_digest(h, 0, b, 0, bs->phase, bs->phase_turns);
}

/* ---- point sets ----
 *
 * Sets of points on K's layout, as RM_BITS_MAX_WORDS words (the second 0
 * on a layout of one word). */

/* The points holding SIDE's pieces in BS. */
void rm_bits_points(const rm_bits *k, const rm_bstate *bs, int side, uint64_t out[2]);
/* OUT: the points linked to some point of IN (IN's own points included
 * when they are linked to each other). */
void rm_bits_neighbours(const rm_bits *k, const uint64_t in[2], uint64_t out[2]);
/* Every point of the board. */
void rm_bits_board(const rm_bits *k, uint64_t out[2]);
/* The points holding KIND in BS. */
void rm_bits_kind_points(const rm_bits *k, const rm_bstate *bs, int kind, uint64_t out[2]);
/* The points of the set of the game's win by a region I (rules.goals)
 * that hold one of its kinds in BS: result.c's rule 3. */
int rm_bits_goal_held(const rm_bits *k, const rm_bstate *bs, int i);
/* The bit of point P, and the point at bit B (-1: none). */
int rm_bits_bit_of(const rm_bits *k, int p);
int rm_bits_point_at(const rm_bits *k, int b);
/* Whether pieces of K's game may stack (the state keeps heights). */
bool rm_bits_stacks(const rm_bits *k);
/* The height of the stack on each bit of BS (a byte a bit), in a game
 * whose pieces stack; NULL in any other. */
const uint8_t *rm_bits_heights(const rm_bits *k, const rm_bstate *bs);
/* Makes BS the position with the pieces of each kind on the points of
 * SETS[kind], HEIGHTS[bit] of them on a bit (in a game whose pieces
 * stack; NULL: one on each), HAND in hand, TO_MOVE to move, each side in
 * PHASE with PHASE_TURNS turns counted, no turn played; its hash worked
 * out. */
void rm_bits_make(const rm_bits *k, rm_bstate *bs, const uint64_t (*sets)[2], const uint8_t *heights,
                  const uint8_t *hand, int to_move, const uint8_t phase[2],
                  const uint8_t phase_turns[2]);

/* ---- counting and playing ---- */

/* A chain of captures, kept whole: where its piece starts and ends and
 * the points it takes a piece from (one entry a piece: a stack jumped
 * twice is there twice), and the hash of the position it leads to. */
typedef struct rm_bchain {
    uint64_t hash;
    uint8_t kind, from, to, ntaken;
    uint8_t taken[RM_BITS_CHAIN_TAKES];
} rm_bchain;

/* The turns of a position as rm_bits_count counted them. */
struct rm_btally {
    int n;                     /* the legal turns; 0: not counted (the reference lists them) */
    int pattern;               /* the turn pattern counted (the kernel's, by index) */
    int nalts;
    int alt_n[RM_MAX_ALTS];    /* the turns of each alternative action of the step in force */
    int nchains;               /* the distinct chains, after the alternatives' turns */
    int choose;                /* a repeated drop: the drops of one turn (else 0) */
    /* The alternatives whose turns are one move along one ray (steps,
     * leaps, captures over one piece) in rows: way by way, the pieces
     * that can go that way (or, for a kind of few pieces, piece by
     * piece, the points it can reach); the turns of each row. */
    uint8_t nrows[RM_MAX_ALTS];
    bool by_piece[RM_MAX_ALTS];    /* its rows are pieces (else ways) */
    uint8_t row_n[RM_MAX_ALTS][RM_BITS_MAX_DIRS];
    uint8_t row_at[RM_MAX_ALTS][RM_BITS_MAX_DIRS]; /* the way, or the piece's bit */
    uint64_t m[RM_MAX_ALTS][RM_BITS_MAX_DIRS][RM_BITS_MAX_WORDS];
    rm_bchain chain[RM_BITS_MAX_CHAINS];
};

/* Counts the legal turns of BS into T and returns their number; 0 when
 * the kernel leaves the position to the reference generator (no turn,
 * a pass, a pattern or a chain it does not know, or tables too small). */
static inline int rm_bits_count(const rm_bits *k, const rm_bstate *bs, rm_btally *t)
{
    return ((const rm_bits_ops *)k)->count(k, bs, t);
}
/* Plays turn I (0 <= I < T->n) of BS as T counted it, and ends the turn. */
static inline void rm_bits_play(const rm_bits *k, rm_bstate *bs, const rm_btally *t, int i)
{
    ((const rm_bits_ops *)k)->play(k, bs, t, i);
}

#endif
