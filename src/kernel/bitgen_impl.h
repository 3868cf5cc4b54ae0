/* bitgen_impl.h: the inside of the bit kernel (bitgen.h), for bitgen.c
 * and the code it includes for each size of point set
 * (bitgen_words.h): a game's tables.
 *
 * Point sets are kept as pairs of words (uint64_t[2]) whatever the
 * layout's size; the code for one word reads the first alone. */
#ifndef RIMAU_BITGEN_IMPL_H
#define RIMAU_BITGEN_IMPL_H

#include "bitgen.h"
#include "game.h"

#include <assert.h>

#if defined __BMI2__ && !defined RM_NATIVE
#include <immintrin.h>
#elif defined __BMI2__
/* (the native kernel's text leaves out immintrin.h, whose thousands of
 * lines would take most of its compile time) */
#define _pdep_u64 __builtin_ia32_pdep_di
#define _pext_u64 __builtin_ia32_pext_di
#endif

/* How the kernel takes a turn pattern. */
enum {
    HOW_LIST,                  /* the reference lists its turns */
    HOW_SINGLE,                /* one action a turn, or a chain */
    HOW_CHOOSE                 /* one drop taken N times: the sets of N points */
};

/* An action's moves from one point, for the kinds whose pieces are few
 * (bact.few): looked up piece by piece rather than shifted way by
 * way. */
typedef struct bpiece {
    uint64_t nbr[2];           /* STEP: the first points of its allowed rays */
    uint8_t npairs;            /* LEAP, CAPTURE over one piece: its allowed rays of two */
    uint8_t over[RM_BITS_MAX_DIRS], land[RM_BITS_MAX_DIRS]; /* points or more: the first two */
    /* on one word: the points leapt over and landed on, when the k-th of
     * one goes with the k-th of the other (then BMI2's pext and pdep
     * find the landings at once) */
    bool paired;
    uint64_t omask, lmask;
} bpiece;

/* An action rule, as the kernel plays it. */
typedef struct bact {
    const rm_action_rule *rule;
    uint8_t type;              /* rm_action_type */
    uint8_t kind, side;
    uint8_t chain;             /* RM_CHAIN_* */
    bool walk;                 /* its turns are chains, or end with a final step: the chain walk */
    bool stack;                /* its piece may enter a stack of its kind */
    bool short_jump;           /* CAPTURE: over one piece alone */
    bool remove_at_end, not_back, final_step;
    int16_t fewer_than;
    uint16_t targets;          /* the kinds it leaps over or takes (bit per kind) */
    uint16_t foes;             /* of those, the other side's (REMOVE) */
    uint8_t ntargets, target[RM_BITS_MAX_KINDS];
    uint64_t lines;
    uint8_t ndirs, dir[RM_BITS_MAX_DIRS];       /* the ways its pieces may go */
    uint64_t afrom[RM_BITS_MAX_DIRS][2];        /* each way: the points with a regular ray
                                                 * along it that its filter allows */
    uint64_t region[2];        /* DROP, RELOCATE: where to; REMOVE: where from */
    bool few;                  /* its kind has at most PER_PIECE_MAX pieces, and PIECE:
                                * counted piece by piece */
    bpiece *piece;             /* STEP, LEAP, CAPTURE over one piece: by bit, its moves from
                                * each point, for counting piece by piece and for the chain
                                * walk; NULL: none (out of memory, or too many rays) */
    /* its exceptions: the allowed rays that its ways do not cover (xr[r]
     * for ray r), walked point by point, and the points that have some */
    uint8_t *xr;
    uint64_t xmask[2];
} bact;

/* A kind of at most this many pieces is counted piece by piece, and its
 * chains are begun from every piece, without looking for a first
 * capture way by way. */
#define PER_PIECE_MAX 4

/* A turn pattern, as the kernel takes it. */
typedef struct bpat {
    uint8_t how;               /* HOW_* */
    uint8_t nalts;
    uint8_t alt[RM_MAX_ALTS];  /* its step's alternatives (indices of actions) */
    bool any_walk;             /* one of them is walked (chains) */
    uint8_t choose;            /* HOW_CHOOSE: the drops of a turn */
    bool compulsory;           /* its phase's captures are compulsory (rm_phase) */
    bool drops_compulsory;     /* ... and its drops */
} bpat;

struct rm_bits {
    rm_bits_ops ops;           /* (first: bitgen.h's rm_bits_count and rm_bits_play call them) */
    rm_exec_cache base;        /* the game holds a pointer to it */
    bool fits;                 /* the kernel plays the game (else rm_bits_get gives NULL) */
    const rm_game *g;
    int words, nbits, nkinds;
    size_t size;               /* of a bit state */
    bool stacks;               /* pieces may stack: heights are kept */
    int hoff;                  /* the heights: bytes from w[hoff] */
    uint64_t board[2];         /* the bits that are points */
    uint8_t bit_of[RM_MAX_POINTS];
    int16_t point_of[RM_BITS_MAX_WORDS * 64];
    uint8_t kside[RM_BITS_MAX_KINDS];
    uint16_t side_kinds[2];    /* each side's kinds (bit per kind) */
    uint16_t all_kinds;
    uint64_t zk[RM_BITS_MAX_KINDS][RM_BITS_MAX_WORDS * 64]; /* Zobrist keys by kind and bit */
    /* the ways: each a shift of bits (of every link of the board, the
     * layout's shifts first), and the points whose ray that way is
     * regular (every link of it that shift) */
    int ndirs;
    int shift[RM_BITS_MAX_DIRS];
    uint8_t lsh[RM_BITS_MAX_DIRS], rsh[RM_BITS_MAX_DIRS]; /* the shift as a left shift then a
                                                         * right one, one of them 0 */
    uint64_t from[RM_BITS_MAX_DIRS][2];
    uint64_t link_from[RM_BITS_MAX_DIRS][2]; /* the points with a link that way */
    uint64_t xlink[2];         /* the points with a link no way covers */
    uint64_t (*xnbr)[2];       /* by bit: their points at the other end of such links */
    int8_t *ray_way;           /* by ray: its way when every link of it goes that way (and
                                * it ends where FROM says), else -1 */
    uint8_t *rbits;            /* the bits of the rays' points, as board.ray_pts */
    bact act[RM_MAX_ACTION_RULES];
    bpat pat[RM_MAX_PHASES][RM_MAX_PATTERNS];
    uint8_t nturns[RM_MAX_PHASES]; /* each phase's turn patterns (rm_phase.nturns) */
    uint64_t side_keys;        /* the Zobrist keys of both sides to move, xored */
    uint8_t matters[RM_MAX_PHASES]; /* rm_phase_turns_counted */
    bool before_play[RM_MAX_PHASES];
    bool may_end[RM_MAX_PHASES];
    bool ends_in_hand[RM_MAX_PHASES]; /* it ends when its side's hand is empty */
    uint64_t side_bytes[2];    /* each side's kinds, bytes 0xFF in a word of hands */
    /* a game whose rules count turns (rules.h): its state's counters,
     * COFF bytes from its start (stall[0], stall[1], quiet), each point's
     * level by bit for each side (rm_side.fwd_level; 0: no forward), and
     * the play of the words' code, which bits_play_counting wraps */
    bool counting;
    size_t coff;
    uint16_t level[2][RM_BITS_MAX_WORDS * 64];
    void (*play_uncounted)(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i);
    uint64_t goal[RM_MAX_GOALS][2]; /* each win by a region (rules.goals): its set's points */
    void *native_so;           /* the game's native kernel that OPS call (native.c), or NULL */
    void (*native_close)(void *so); /* what closes it, when the kernel is destroyed */
};

/* What a game's native kernel (bitgen_native.c) and its loader
 * (native.c) pass each other: the program's functions the kernel calls,
 * given at load (a table rather than symbols the program exports: the
 * program and the test programs link the library statically, and
 * export nothing), and the kernel's entry points, with the ABI and the
 * key it was built for. */
#define RM_NATIVE_ABI 1
typedef struct rm_native_calls {
    void (*end_turn_slow)(const rm_bits *k, rm_bstate *s);
} rm_native_calls;
typedef struct rm_native_entry {
    int abi;                   /* RM_NATIVE_ABI */
    size_t bits_size;          /* sizeof(rm_bits) as the kernel was compiled */
    const char *key;           /* the cache key it was built for */
    rm_bits_ops ops;
} rm_native_entry;

/* ---- one kernel text, two builds ----
 *
 * The code of bitgen_words.h and the inline functions below read a
 * game's numbers through KC(k, field): in the library, the field of the
 * kernel K; in a game's native kernel (bitgen_native.c, which native.c
 * compiles with RM_NATIVE defined), the same field of a constant copy of
 * the game's kernel (native_image, numbers only, its pointers zeroed),
 * so that the compiler folds loop counts, shifts, masks and action
 * types. The tables K points to (KP: an action's piece and exception
 * tables, the rays' bits, the game) are read from K in both. */
#ifdef RM_NATIVE
union rm_native_image {
    rm_bits bits;
    uint64_t w[(sizeof(rm_bits) + 7) / 8];
};
static const union rm_native_image native_image;   /* (defined by the game's constants) */
#define KC(k, field) (native_image.bits.field)
#define KP(k, a, field) ((k)->act[(a) - native_image.bits.act].field)
/* inlined and unrolled, so that each pattern and action is a constant
 * (the loops over an action's ways are left to the compiler: unrolled by
 * a pragma too, they made Satoel's kernel take four times as long to
 * compile, doc/design.md; the neighbours' one loop over the ways is
 * unrolled) */
#define KINLINE __attribute__((always_inline)) static inline
#define KUNROLL_ALTS _Pragma("GCC unroll 8")
#define KUNROLL_WAYS _Pragma("GCC unroll 16")
/* the kernel's one call into the program, passed at load */
static void (*native_end_turn_slow)(const rm_bits *k, rm_bstate *s);
#define bits_end_turn_slow native_end_turn_slow
#else
#define KC(k, field) ((k)->field)
#define KP(k, a, field) ((a)->field)
#define KINLINE static inline
#define KUNROLL_ALTS
#define KUNROLL_WAYS
#endif

/* Plays a turn as k->play_uncounted does, then counts it (bitstate.c). */
void bits_play_counting(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i);

void bits_neighbours_w1(const rm_bits *k, const uint64_t in[2], uint64_t out[2]);
void bits_neighbours_w2(const rm_bits *k, const uint64_t in[2], uint64_t out[2]);
int bits_count_w1(const rm_bits *k, const rm_bstate *s, rm_btally *t);
void bits_play_w1(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i);
int bits_count_w2(const rm_bits *k, const rm_bstate *s, rm_btally *t);
void bits_play_w2(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i);
/* (bitgen_w1x.c, bitgen_w2x.c: the same for x86-64 with POPCNT and BMI2) */
#if defined __x86_64__ && defined __GNUC__
#define RM_BITS_X86 1
void bits_neighbours_w1x(const rm_bits *k, const uint64_t in[2], uint64_t out[2]);
void bits_neighbours_w2x(const rm_bits *k, const uint64_t in[2], uint64_t out[2]);
int bits_count_w1x(const rm_bits *k, const rm_bstate *s, rm_btally *t);
void bits_play_w1x(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i);
int bits_count_w2x(const rm_bits *k, const rm_bstate *s, rm_btally *t);
void bits_play_w2x(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i);
#endif


/* Ends the turn of the side to move on S, as clock_end_turn. */
#ifndef RM_NATIVE
void bits_end_turn_slow(const rm_bits *k, rm_bstate *s);
/* Kernels made from now on are handed to HOOK (NULL: none), which may
 * give them a native kernel: native.c's, set by rm_set_bit_kernel_native
 * (a pointer, so that this module calls nothing of that one). */
void bits_set_native_hook(void (*hook)(rm_bits *k));
#endif
/* Whether side SIDE's phase F cannot end at the end of this turn: it
 * cannot end at all, or it ends when the side's hand is empty and the
 * side has pieces in hand. */
static inline bool bits_phase_stays(const rm_bits *k, const rm_bstate *s, int side, int f)
{
    if (!KC(k, may_end)[f])
        return true;
    if (!KC(k, ends_in_hand)[f])
        return false;
    uint64_t hand;
    memcpy(&hand, s->hand, sizeof hand);
    return (hand & KC(k, side_bytes)[side]) != 0;
}

KINLINE void bits_end_turn(const rm_bits *k, rm_bstate *s)
{
    int side = s->to_move, f = s->phase[side];
    if (!KC(k, before_play)[f] && s->phase_turns[side] >= KC(k, matters)[f] &&
        bits_phase_stays(k, s, side, f) && bits_phase_stays(k, s, 1 - side, s->phase[1 - side])) {
        s->turn++;
        s->to_move = (uint8_t)(1 - side);
        s->hash ^= KC(k, side_keys);
        return;
    }
    bits_end_turn_slow(k, s);
}

/* The pattern in force for the side to move in S, as an index of
 * k->pat read as one array (phase by phase), and the pattern of an
 * index. */
static inline int bits_pattern_at(const rm_bits *k, const rm_bstate *s)
{
    int side = s->to_move, f = s->phase[side], n = KC(k, nturns)[f];
    int t = s->phase_turns[side] < n ? s->phase_turns[side] : n - 1;
    return f * RM_MAX_PATTERNS + t;
}
#define PATTERN(k, i) (&KC(k, pat)[(i) / RM_MAX_PATTERNS][(i) % RM_MAX_PATTERNS])

#endif
