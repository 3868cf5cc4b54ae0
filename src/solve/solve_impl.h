/* solve_impl.h: the inside of the solver (solve.h), for its files: point
 * sets of 128 bits, a tier and the solver, and what each file gives the
 * others. rank.c numbers the positions of a tier, db.c reads and writes
 * the database, retro.c solves a tier, solve.c makes the solver and
 * answers for it (solve.h); blockade.c needs none of this. */
#ifndef RIMAU_SOLVE_IMPL_H
#define RIMAU_SOLVE_IMPL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bitgen.h"
#include "clock.h"
#include "set.h"
#include "solve.h"

__extension__ typedef unsigned __int128 u128;

#define MAXK RM_BITS_MAX_KINDS
/* A position's sets: one a kind (the points it holds), then, where
 * pieces stack, one a layer: the points with stacks of at least 2, 3, ...
 * pieces (of any kind: a stack is of one kind) */
#define MAXUP 31
#define MAXS (MAXK + MAXUP)
#define MAX_SYMS 64                 /* symmetries of a board kept (else none is used) */
#define MAX_SYM_SETS 20000000ull    /* placements of the first kind tabled for symmetry */
/* The positions of one tier: where the positions before a position are
 * found by unmoves, 2^48 (a position and its distance share a word of the
 * forward pass; memory, --memory, stops a solve long before); where the
 * turns within the tier are kept, fewer than 2^32 (a turn is two positions
 * in a word, and a position's turns are found by 32-bit offsets). */
#define MAX_TIER ((uint64_t)1 << 48)
#define MAX_TIER_KEPT ((uint64_t)UINT32_MAX - 1)
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

/* The members of a set of 128 bits (pop64, set.h: inline, where
 * __builtin_popcountll called libgcc's routine, 13% of a solve of Tiger
 * and Buffaloes). */
static inline int pc2(u128 x)
{
    return pop64((uint64_t)x) + pop64((uint64_t)(x >> 64));
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
    uint64_t lo = (uint64_t)x;
    int n = pop64(lo);
    return k < n ? sel64(lo, k) : 64 + sel64((uint64_t)(x >> 64), k - n);
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
    uint8_t *dist;             /* DWIDTH bytes a position, the machine's order (get_dist: a
                                * tier mapped from its file may hold them at an odd address) */
    uint8_t dwidth;            /* 2 while solved; from its file (db.c): 0 (every distance 0),
                                * 1 (all below 256) or 2 */
    void *map;                 /* (db.c) its file, mapped: VAL and DIST point into it */
    size_t maplen;
    uint64_t won, lost, drawn, aliases;
    int longest;
    bool loaded, solving;
    uint64_t *seen, *todo;     /* (reach.c, while it counts) a bit a position: reached, to follow */
    bool placed;               /* (reach.c) put in the order of its pass */
    bool unmoves;              /* the positions before a position are generated, not kept
                                * (set by plan_tier) */
    int nnext;
    tkey *next;                /* the tiers its turns lead to (besides itself) */
    char name[160];
} tier;

struct rm_solver {
    const rm_game *g;
    const rm_bits *k;
    bool x86;                  /* ranks with POPCNT and BMI2 (rank_x.c): rm_bits_x86 */
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
    bool count_only;           /* (the estimate) tiers are laid out to count their
                                * positions: no table of classes is made */
    uint64_t classes[129];     /* by count of the first kind: its classes, counted (0: not yet) */
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
    /* where the time goes (clock_phase): the phase the clock now counts
     * (PHASE_*), since when, and the seconds of each so far */
    int phase;
    double phase_at;
    double phase_seconds[3];
    char *err;
    size_t errsize;
    bool failed;
    /* the database's folder: its lock (see "the lock of a database's folder", db.c) */
    bool db_held;              /* the process's turn at databases (db_mutex) is this solve's */
    int lock_fd;               /* DIR/.lock, open; -1: none */
    int lock_errno;            /* why it is open to read only (or not at all) */
    short lock_type;           /* F_UNLCK, F_RDLCK or F_WRLCK: the lock held */
    bool unsynced;             /* tiers renamed into the folder since its last sync */
    /* a solve by levels (levels.c): every tier but OWN is another rank's,
     * read from the folder, never solved here */
    bool by_levels;
    const tkey *own;           /* the tier this rank is solving; NULL: none */
};

static inline int get_val(const tier *t, uint64_t i)
{
    return t->val[i >> 2] >> (2 * (i & 3)) & 3;
}

static inline int get_dist(const tier *t, uint64_t i)
{
    if (t->dwidth == 2) {
        uint16_t d;
        memcpy(&d, t->dist + 2 * i, sizeof d);
        return d;
    }
    return t->dwidth ? t->dist[i] : 0;
}

/* Sets position I's distance to D; false when D does not fit T's width
 * (a tier read from its file). */
static inline bool set_dist(tier *t, uint64_t i, int d)
{
    if (t->dwidth == 2) {
        uint16_t v = (uint16_t)d;
        memcpy(t->dist + 2 * i, &v, sizeof v);
        return true;
    }
    if (d >= (t->dwidth ? 256 : 1))
        return false;
    if (t->dwidth)
        t->dist[i] = (uint8_t)d;
    return true;
}

static inline void set_val(tier *t, uint64_t i, int v)
{
    t->val[i >> 2] = (uint8_t)((t->val[i >> 2] & ~(3 << (2 * (i & 3)))) | v << (2 * (i & 3)));
}

/* ---- the small helpers of ranking the other files call too, inline
 * (as calls, some 150 million in a solve of Tiger and Buffaloes, they
 * cost it about 2%) ---- */

/* The point sets of a position: one a kind, then the layers of stacks. */
static inline int nsets(const rm_solver *s)
{
    return MAXK + s->nup;
}

/* The height of the stack on point B: 1 + the layers (SETS[MAXK ..]) it
 * is in. */
static inline int height_at(const rm_solver *s, const u128 *sets, int b)
{
    int h = 1;
    for (int j = 0; j < s->nup && (sets[MAXK + j] >> b & 1); j++)
        h++;
    return h;
}

static inline u128 apply_sym(const rm_solver *s, int g, u128 x)
{
    if (g == 0)
        return x;
    u128 y = 0;
    for (; x; x &= x - 1)
        y |= bit2(s->perm[g][low2(x)]);
    return y;
}

static inline void key_of(const rm_solver *s, const rm_bstate *bs, tkey *key)
{
    memset(key, 0, sizeof *key);
    for (int i = 0; i < s->g->nkinds; i++) {
        key->on_board[i] = bs->on_board[i];
        key->hand[i] = bs->hand[i];
    }
    memcpy(key->phase, bs->phase, 2);
    memcpy(key->phase_turns, bs->phase_turns, 2);
}

/* The number of turns of a position rm_bits_result listed: into TALLY
 * where the kernel listed them, else into L (the reference's). */
static inline int turn_count(const rm_btally *tally, const rm_turnlist *l)
{
    return tally->n > 0 ? tally->n : l->n;
}

/* The position after turn J of BS into CHILD: J of TALLY where the
 * kernel listed the turns, else of L (the reference's, from ST). SIZE:
 * rm_bits_state_size, asked once a position (a call, not inline). */
static inline void play_turn(const rm_solver *s, size_t size, const rm_bstate *bs,
                             const rm_btally *tally, const rm_turnlist *l, const rm_state *st,
                             int j, rm_bstate *child)
{
    if (tally->n > 0) {
        rm_bits_copy(size, child, bs);
        rm_bits_play(s->k, child, tally, j);
    } else {
        rm_state next = *st;
        rm_apply(s->g, &next, rm_turn_moves(l, j), l->turns[j].n);
        rm_bits_from_state(s->k, &next, child);
    }
}

/* ---- solve.c: a solver ---- */

/* A solver of G with the options O that has solved nothing yet (the
 * tests of ranking make one, and the solve by levels); NULL with ERR
 * when it does not take G. */
rm_solver *new_solver(const rm_game *g, const rm_solve_options *o, char *err, size_t errsize);
/* The tier of the position S solves from: its options' root, or the
 * start. */
void root_key(const rm_solver *s, tkey *key);

/* ---- budget.c: failing, stopping, memory, the clock ---- */

/* Fails the solve with the message FMT (the first failure's is kept). */
void fail(rm_solver *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether the caller's stop function stops the solve now (which then
 * fails). */
bool halted(rm_solver *s);
/* N bytes, zeroed, counted against the memory given; NULL (the solve
 * failed) past it or when out of memory. */
/* Whether N bytes more (WHAT) fit beside HELD; else the solve fails
 * saying what it needs. take_mem asks it of the bytes held. */
bool room_for(rm_solver *s, size_t held, size_t n, const char *what);
void *take_mem(rm_solver *s, size_t n, const char *what);
void give_mem(rm_solver *s, void *p, size_t n);
/* The phases a solve's time is counted in (rm_solve_stats): the rest
 * (tiers found, ranked, read and written), the forward passes, and the
 * passes going back. */
enum { PHASE_OTHER, PHASE_FORWARD, PHASE_BACK };
/* From now on S's clock counts PHASE; the phase it counted (to give back
 * to it: a forward pass on one thread solves the tiers it meets in
 * passes of their own). Only the solve's own thread calls it. */
int clock_phase(rm_solver *s, int phase);

/* ---- rank.c: tiers, ranking, symmetries, the layout of a tier ---- */

tier *find_tier(const rm_solver *s, const tkey *key);
int add_tier(rm_solver *s, tier *t);
/* The index of the position (SETS, SIDE to move) in tier T. */
uint64_t encode(const rm_solver *s, const tier *t, const u128 *sets, int side);
/* The same, and in *STAB the symmetries that map the position onto
 * itself where T is laid out by classes (T->sym), else 0. */
uint64_t encode_stab(const rm_solver *s, const tier *t, const u128 *sets, int side, int *stab);
/* The sets of the position of index I of tier T, and its side to move;
 * -1 when I stands for no position. */
int decode(const rm_solver *s, const tier *t, uint64_t i, u128 *sets);
/* (the two copies of rank_words.h, which encode and decode choose from) */
uint64_t encode_portable(const rm_solver *s, const tier *t, const u128 *sets, int side,
                         int *stab);
int decode_portable(const rm_solver *s, const tier *t, uint64_t i, u128 *sets);
#if defined __x86_64__ && defined __GNUC__
#define RM_RANK_X 1
uint64_t encode_x(const rm_solver *s, const tier *t, const u128 *sets, int side, int *stab);
int decode_x(const rm_solver *s, const tier *t, uint64_t i, u128 *sets);
#endif
/* The same, -1 also for an index not the least of its class. */
int position_at(const rm_solver *s, const tier *t, uint64_t i, u128 *sets);
void sets_of(const rm_solver *s, const rm_bstate *bs, u128 *sets);
void make_state(const rm_solver *s, const tier *t, const u128 *sets, int side, rm_bstate *bs);
/* The ray of P whose first point is Q, or -1. */
int ray_to(const rm_board *b, int p, int q);
int find_symmetries(rm_solver *s);
/* The placements of C pieces of a tier's first kind (the one tabled by
 * class): their classes under the board's symmetries, as a solve tables
 * them (into *TABLE), or when COUNT only counted (*TABLE NULL); every
 * placement (*TABLE NULL) where none is tabled: no symmetry, or too
 * many placements. */
uint64_t first_classes(rm_solver *s, int c, bool count, const symtab **table);
/* Works out how tier T numbers its positions; false when it has too many
 * (past MAX_TIER: see plan_tier for a tier whose turns are kept). With
 * S->count_only, only how many: T->sym is left NULL, and T cannot be
 * ranked. */
bool lay_out(rm_solver *s, tier *t);

/* ---- db.c: the database, the lock of its folder ---- */

/* The process's turn at databases (fcntl's locks are a process's). */
extern pthread_mutex_t db_mutex;
uint64_t rules_digest(const rm_game *g);
/* The path of tier KEY's file (of tier T's) in the database's folder. */
void key_path(const rm_solver *s, const tkey *key, char *buf, size_t size);
void tier_path(const rm_solver *s, const tier *t, char *buf, size_t size);
/* The first bytes of a tier's file. */
#define DB_MAGIC "RIMAUSLV"
/* The header of a tier's file (db.c). DIST_WIDTH (format 3 on): the
 * bytes of each distance, 0 (all 0), 1 or 2; formats 1 and 2 had 2 and
 * PAD 0 there. */
typedef struct db_header {
    char magic[8];
    uint32_t format, symmetric;
    uint64_t rules_hash;
    tkey key;
    uint8_t dist_width, pad[3];
    uint64_t size, won, lost, drawn, aliases;
    int32_t longest, nnext;
    char game[128];
    char options[512];
} db_header;
size_t val_bytes(const tier *t);
size_t dist_bytes(const tier *t);
bool lock_open(rm_solver *s);
bool lock_take(rm_solver *s, short type);
void lock_release(rm_solver *s);
/* Marks the folder as locked for S by another process of its job (rank 0
 * of a solve by levels holds the lock for every rank). */
void lock_shared(rm_solver *s);
void save_tier(rm_solver *s, tier *t);
void unmap_tier(rm_solver *s, tier *t);
void sync_folder(rm_solver *s);
bool load_tier(rm_solver *s, tier *t);

/* ---- retro.c: solving a tier ---- */

/* The value of the child position BS for the side SIDE, and its distance. */
int child_value(rm_solver *s, const tier *t, const rm_bstate *bs, int side, int *dist);
/* Whether tier T can be solved by unmoves. */
bool can_unmove(const rm_solver *s, const tier *t);
bool ends_within(const rm_solver *s, const tkey *key, int side);
/* Lays out tier T (lay_out) and decides whether it is solved by unmoves;
 * false when it has too many positions for that (past MAX_TIER, or
 * MAX_TIER_KEPT where its turns are kept). */
bool plan_tier(rm_solver *s, tier *t);
/* Solves the tier KEY (the tiers it leads to first); NULL when that fails. */
tier *solve_key(rm_solver *s, const tkey *key);
/* For the tests (rm_solve_unmoves): the positions before ST within its
 * tier by unmoves, each as many times as it has turns to ST, into
 * OUT[0..MAX); their number (past MAX too), or -1 when ST's tier is not
 * solved by unmoves. */
int unmoves_of(rm_solver *s, const rm_state *st, rm_state *out, int max);

#endif
