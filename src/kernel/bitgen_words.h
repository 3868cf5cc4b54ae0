/* bitgen_words.h: the bit kernel's counting and playing on point sets of
 * BW words (1 or 2), for bitgen_w1.c and bitgen_w2.c (and their x86
 * builds), which define BW and include it once each, and for a game's
 * native kernel (bitgen_native.c), in which a game's numbers are
 * constants (KC, bitgen_impl.h) and each of its turn patterns has its
 * own copy of the counting and playing code.
 *
 * A point set is a word (BW 1) or a 128-bit integer (BW 2), so that
 * moving every piece of a set one link along a way is one shift. The
 * order of the turns of a position: the step's alternatives in turn;
 * within one, way by way (the layout's shifts), then bit by bit, then
 * the exception rays piece by piece; then the distinct chains in the
 * order the walk first reaches them. */
#include "bitgen_impl.h"

#include "turns.h"

#if BW == 1
typedef uint64_t bb;
#ifndef F
#define F(name) name##_w1
#endif
static inline bb LD(const uint64_t *p)
{
    return p[0];
}
static inline void STO(uint64_t *p, bb x)
{
    p[0] = x;
}
static inline int PC(bb x)
{
    return pop64(x);
}
static inline int SEL(bb x, int k)
{
    return sel64(x, k);
}
#elif BW == 2
__extension__ typedef unsigned __int128 bb;
#ifndef F
#define F(name) name##_w2
#endif
static inline bb LD(const uint64_t *p)
{
    return (bb)p[0] | (bb)p[1] << 64;
}
static inline void STO(uint64_t *p, bb x)
{
    p[0] = (uint64_t)x;
    p[1] = (uint64_t)(x >> 64);
}
static inline int PC(bb x)
{
    return pop64((uint64_t)x) + pop64((uint64_t)(x >> 64));
}
static inline int SEL(bb x, int k)
{
    int c = pop64((uint64_t)x);
    return k < c ? sel64((uint64_t)x, k) : 64 + sel64((uint64_t)(x >> 64), k - c);
}
#else
#error "BW must be 1 or 2"
#endif

#if BW == 1
static inline bb B1(int i)
{
    return (bb)1 << i;
}
static inline bool HAS(bb x, int i)
{
    return (int)(x >> i) & 1;
}
#else
/* (a word at a time: cheaper than a shift of 128 bits by any amount) */
static inline bb B1(int i)
{
    uint64_t b = (uint64_t)1 << (i & 63);
    return i < 64 ? (bb)b : (bb)b << 64;
}
static inline bool HAS(bb x, int i)
{
    uint64_t w = i < 64 ? (uint64_t)x : (uint64_t)(x >> 64);
    return (w >> (i & 63)) & 1;
}
#endif
static inline int LOW(bb x)
{
#if BW == 1
    return __builtin_ctzll(x);
#else
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
#endif
}
/* X moved one link along way D, and one link back. */
#if BW == 1
static inline bb FWD(const rm_bits *k, bb x, int d)
{
    return (x << KC(k, lsh)[d]) >> KC(k, rsh)[d];
}
static inline bb BACK(const rm_bits *k, bb x, int d)
{
    return (x >> KC(k, lsh)[d]) << KC(k, rsh)[d];
}
#else
/* (a shift of 128 bits by 1 to 63, word by word: a way's shift is never
 * 0 nor as much as a word, so the compiler's test for a shift of 64 or
 * more is left out; the way's sign told apart by a branch that goes the
 * same way each time a loop over the ways comes round) */
static inline bb SHL(bb x, int n)
{
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    return (bb)(lo << n) | (bb)(hi << n | lo >> (64 - n)) << 64;
}
static inline bb SHR(bb x, int n)
{
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    return (bb)(lo >> n | hi << (64 - n)) | (bb)(hi >> n) << 64;
}
static inline bb FWD(const rm_bits *k, bb x, int d)
{
    return KC(k, lsh)[d] ? SHL(x, KC(k, lsh)[d]) : SHR(x, KC(k, rsh)[d]);
}
static inline bb BACK(const rm_bits *k, bb x, int d)
{
    return KC(k, lsh)[d] ? SHR(x, KC(k, lsh)[d]) : SHL(x, KC(k, rsh)[d]);
}
#endif

/* ---- the pieces of a bit state ---- */

static inline bb kind_set(const rm_bstate *s, int kind)
{
    return LD(&s->w[kind * BW]);
}

/* The points holding a piece. */
static inline bb all_set(const rm_bits *k, const rm_bstate *s)
{
    bb x = 0;
    for (int kind = 0; kind < KC(k, nkinds); kind++)
        x |= kind_set(s, kind);
    return x;
}

/* The points holding a kind of the mask KINDS. */
static inline bb kinds_set(const rm_bstate *s, unsigned kinds)
{
    bb x = 0;
    for (; kinds; kinds &= kinds - 1)
        x |= kind_set(s, __builtin_ctz(kinds));
    return x;
}

/* The kind on bit B (there is one). */
static inline int kind_at(const rm_bits *k, const rm_bstate *s, int b)
{
    for (int kind = 0; kind < KC(k, nkinds); kind++)
        if (HAS(kind_set(s, kind), b))
            return kind;
    return -1;
}

static inline uint8_t *heights(const rm_bits *k, rm_bstate *s)
{
    return (uint8_t *)&s->w[KC(k, hoff)];
}

/* Takes one piece of KIND off bit B (its hash and count kept). */
static inline void take(const rm_bits *k, rm_bstate *s, int kind, int b)
{
    uint64_t z = KC(k, zk)[kind][b];
    s->on_board[kind]--;
    if (KC(k, stacks)) {
        uint8_t *h = heights(k, s);
        int c = h[b];
        s->hash ^= z * (uint64_t)c ^ z * (uint64_t)(c - 1);
        h[b] = (uint8_t)(c - 1);
        if (c > 1)
            return;
    } else {
        s->hash ^= z;
    }
    s->w[kind * BW + (b >> 6)] &= ~((uint64_t)1 << (b & 63));
}

/* Adds one piece of KIND onto bit B (empty, or holding KIND). */
static inline void add(const rm_bits *k, rm_bstate *s, int kind, int b)
{
    uint64_t z = KC(k, zk)[kind][b];
    s->on_board[kind]++;
    if (KC(k, stacks)) {
        uint8_t *h = heights(k, s);
        int c = h[b];
        s->hash ^= z * (uint64_t)c ^ z * (uint64_t)(c + 1);
        h[b] = (uint8_t)(c + 1);
    } else {
        s->hash ^= z;
    }
    s->w[kind * BW + (b >> 6)] |= (uint64_t)1 << (b & 63);
}

static inline void move_piece(const rm_bits *k, rm_bstate *s, int kind, int from, int to)
{
    take(k, s, kind, from);
    add(k, s, kind, to);
}

static inline void drop_piece(const rm_bits *k, rm_bstate *s, int kind, int b)
{
    uint64_t z = k->g->zob.hand[kind];
    s->hash ^= z * s->hand[kind] ^ z * (uint64_t)(s->hand[kind] - 1);
    s->hand[kind]--;
    add(k, s, kind, b);
}

/* The points a piece of A's kind may enter: empty ones, and its stacks
 * when A enters stacks. */
static inline bb enterable(const bact *a, bb empty, bb own_kind)
{
    return a->stack ? empty | own_kind : empty;
}

/* The walks of one ray (moves.h) on these point sets: a ray's points are
 * bits. */
#define MV(name) mv_##name
#define MV_PT uint8_t
#define MV_SET bb
#define MV_IN HAS
#include "moves.h"

/* ---- the turns along exception rays ----
 *
 * The rays of an action its ways do not cover (bact.xr), piece by piece
 * (bit order), ray by ray, as the reference walks a ray. Counts the
 * turns of A there; with OUT, plays the one of index WANT on OUT (the
 * state S itself) and returns WANT + 1 once it is reached. */
static int xwalk(const rm_bits *k, const bact *a, const rm_bstate *s, bb empty, int want,
                 rm_bstate *out)
{
    const rm_board *board = &k->g->board;
    int kind = a->kind, n = 0;
    bb own = kind_set(s, kind);
    bb pieces = own & LD(a->xmask);
    bb targets = kinds_set(s, a->targets);
    bb enter = enterable(a, empty, own);
    for (; pieces; pieces &= pieces - 1) {
        int b = LOW(pieces), p = KC(k, point_of)[b];
        for (uint32_t r = board->ray_off[p]; r < board->ray_off[p + 1]; r++) {
            if (!KP(k, a, xr)[r])
                continue;
            const uint8_t *pts = k->rbits + board->rays[r].off;
            int len = board->rays[r].len;
            switch (a->type) {
            case RM_STEP:
                if (mv_step(pts, enter)) {
                    if (out && n == want) {
                        move_piece(k, out, kind, b, pts[0]);
                        return want + 1;
                    }
                    n++;
                }
                break;
            case RM_SLIDE:
                for (int i = 0, stops = mv_slide(pts, len, empty); i < stops; i++) {
                    if (out && n == want) {
                        move_piece(k, out, kind, b, pts[i]);
                        return want + 1;
                    }
                    n++;
                }
                break;
            case RM_LEAP:
                if (mv_leap(pts, len, targets, enter)) {
                    if (out && n == want) {
                        move_piece(k, out, kind, b, pts[1]);
                        return want + 1;
                    }
                    n++;
                }
                break;
            case RM_CAPTURE: {
                int j = mv_capture(pts, len, a->lines, targets, empty);
                if (j > 0) {
                    if (out && n == want) {
                        take(k, out, kind, b);
                        for (int i = 0; i < j; i++)
                            take(k, out, kind_at(k, out, pts[i]), pts[i]);
                        add(k, out, kind, pts[j]);
                        return want + 1;
                    }
                    n++;
                }
                break;
            }
            default: /* (xmask holds the rays of these four kinds alone) */
                assert(!"xwalk: a kind that does not move along rays");
                break;
            }
        }
    }
    return n;
}

/* ---- counting the turns of one action ---- */

/* Adds a row of turns (AT: a way or a piece's bit; X: the pieces or the
 * points reached; C of them) to alternative I of T as row *ROWS (a row
 * of none is written over by the next). The caller keeps the number of
 * rows in a local and stores it in T at the end: a count kept in T would
 * make each row wait for the store of the one before. */
static inline void add_row(rm_btally *t, int i, int *rows, int at, bb x, int c)
{
    int r = *rows;
    t->row_n[i][r] = (uint8_t)c;
    t->row_at[i][r] = (uint8_t)at;
    STO(t->m[i][r], x);
    *rows = r + (c != 0);
}

/* The turns of A (no chain), alternative I of T, in S, with EMPTY its
 * empty points; the turns of one move along one ray go into rows. */
KINLINE int alt_count(const rm_bits *k, const bact *a, const rm_bstate *s, bb empty, rm_btally *t,
                     int i)
{
    int kind = a->kind, n = 0, rows = 0;
    bb own = kind_set(s, kind);
    t->nrows[i] = 0;
    switch (a->type) {
    case RM_DROP:
        if (s->hand[kind] == 0 || (a->fewer_than >= 0 && s->on_board[kind] >= a->fewer_than))
            return 0;
        return PC(enterable(a, empty, own) & LD(a->region));
    case RM_STEP:
    case RM_LEAP:
    case RM_CAPTURE: {
        if (a->type == RM_CAPTURE && !a->short_jump)
            goto lines;
        bb to = a->type == RM_CAPTURE ? empty : enterable(a, empty, own);
        /* piece by piece for a kind of few pieces (a loop whose length
         * changes from turn to turn costs its mispredicted end: ways in
         * the same number every time come out cheaper, but for a few) */
        t->by_piece[i] = a->few;
        if (t->by_piece[i]) {
            bb over = kinds_set(s, a->targets);
            for (bb x = own; x; x &= x - 1) {
                int p = LOW(x);
                const bpiece *pc = &KP(k, a, piece)[p];
                bb y = 0;
                if (a->type == RM_STEP) {
                    y = LD(pc->nbr) & to;
                } else {
#if BW == 1 && defined __BMI2__
                    if (pc->paired) {
                        y = _pdep_u64(_pext_u64(over, pc->omask) & _pext_u64(to, pc->lmask),
                                      pc->lmask);
                    } else
#endif
                    for (int j = 0; j < pc->npairs; j++)
                        y |= (bb)((unsigned)(over >> pc->over[j]) & (unsigned)(to >> pc->land[j]) & 1u)
                             << pc->land[j];
                }
                int c = PC(y);
                add_row(t, i, &rows, p, y, c);
                n += c;
            }
            t->nrows[i] = (uint8_t)rows;
            return n; /* (the tables hold every ray: no exception to walk) */
        }
        if (a->type == RM_STEP) {
            for (int j = 0; j < a->ndirs; j++) {
                int d = a->dir[j];
                bb x = own & LD(a->afrom[d]) & BACK(k, to, d);
                int c = PC(x);
                add_row(t, i, &rows, d, x, c);
                n += c;
            }
        } else {
            bb over = kinds_set(s, a->targets);
            for (int j = 0; j < a->ndirs; j++) {
                int d = a->dir[j];
                bb x = own & LD(a->afrom[d]) & BACK(k, over & BACK(k, to, d), d);
                int c = PC(x);
                add_row(t, i, &rows, d, x, c);
                n += c;
            }
        }
        t->nrows[i] = (uint8_t)rows;
        break;
    }
    case RM_SLIDE:
        for (int j = 0; j < a->ndirs; j++) {
            int d = a->dir[j];
            bb cont = LD(KC(k, from)[d]);
            for (bb r = FWD(k, own & LD(a->afrom[d]), d) & empty; r; r = FWD(k, r & cont, d) & empty)
                n += PC(r);
        }
        break;
    case RM_REMOVE:
        return PC(kinds_set(s, a->foes) & LD(a->region));
    case RM_RELOCATE:
        return PC(own) * PC(empty & LD(a->region));
    default: /* (never: make_kernel refuses a kind kernel_knows does not) */
        assert(!"alt_count: an action of an unknown kind");
        return 0;
    }
    if (own & LD(a->xmask))
        n += xwalk(k, a, s, empty, -1, NULL);
    return n;
lines:
    /* a capture over lines of other lengths: the runs of targets, one
     * length after the other */
    {
        bb over = kinds_set(s, a->targets);
        for (int j = 0; j < a->ndirs; j++) {
            int d = a->dir[j];
            bb cont = LD(KC(k, from)[d]);
            bb run = FWD(k, own & LD(a->afrom[d]), d) & over;
            for (int len = 1; run && len <= RM_MAX_LINE; len++) {
                if (rm_line_allowed(a->lines, len))
                    n += PC(FWD(k, run & cont, d) & empty);
                run = FWD(k, run & cont, d) & over;
            }
        }
        if (own & LD(a->xmask))
            n += xwalk(k, a, s, empty, -1, NULL);
        return n;
    }
}

/* ---- the chain walk ----
 *
 * The chains of an action that chains captures (or ends them with a
 * final step), depth first from each piece, on copies of the state; each
 * distinct position it ends in is one turn (t->chain), as the reference
 * merges them by hash. The walk gives up (the reference lists the
 * position) past RM_BITS_MAX_CHAINS turns, RM_BITS_CHAIN_TAKES pieces
 * taken in one chain, or WALK_MAX_NODES captures tried. */

#define WALK_MAX_NODES 4096

typedef struct chainwalk {
    const rm_bits *k;
    const bact *a;
    rm_btally *t;
    int from;
    int ntaken;
    uint8_t taken[RM_BITS_CHAIN_TAKES];
    int nodes;
    bool failed;
} chainwalk;

static void record(chainwalk *w, uint64_t hash, int to)
{
    rm_btally *t = w->t;
    /* (the last ones first: a chain that stops, then goes on, ends where
     * a turn just recorded does more often than anywhere else) */
    for (int i = t->nchains - 1; i >= 0; i--)
        if (t->chain[i].hash == hash)
            return;
    if (t->nchains == RM_BITS_MAX_CHAINS) {
        w->failed = true;
        return;
    }
    rm_bchain *c = &t->chain[t->nchains++];
    c->hash = hash;
    c->kind = w->a->kind;
    c->from = (uint8_t)w->from;
    c->to = (uint8_t)to;
    c->ntaken = (uint8_t)w->ntaken;
    /* (the whole array: a copy of fixed size is a few moves, not a call) */
    memcpy(c->taken, w->taken, sizeof c->taken);
}

/* The chain has stopped with its piece on LAND in CUR, DEAD its pieces to
 * leave now: the turn, and with a final step, the turns that step on. */
static void chain_ends(chainwalk *w, const rm_bstate *cur, bb dead, int land)
{
    const rm_bits *k = w->k;
    const bact *a = w->a;
    rm_bstate fin, e;
    rm_bits_copy(KC(k, size), &fin, cur);
    for (bb x = dead; x; x &= x - 1) {
        int q = LOW(x);
        take(k, &fin, kind_at(k, &fin, q), q);
    }
    rm_bits_copy(KC(k, size), &e, &fin);
    bits_end_turn(k, &e);
    record(w, e.hash, land);
    if (!a->final_step)
        return;
    bb own = kind_set(&fin, a->kind);
    bb empty = LD(KC(k, board)) & ~kinds_set(&fin, KC(k, all_kinds));
    bb enter = k->g->kinds[a->kind].stacks_in_play ? empty | own : empty;
    const rm_board *board = &k->g->board;
    int p = KC(k, point_of)[land];
    for (uint32_t r = board->ray_off[p]; r < board->ray_off[p + 1]; r++) {
        int q = k->rbits[board->rays[r].off];
        if (!HAS(enter, q))
            continue;
        rm_bits_copy(KC(k, size), &e, &fin);
        move_piece(k, &e, a->kind, land, q);
        bits_end_turn(k, &e);
        record(w, e.hash, q);
    }
}

static bool chain_from(chainwalk *w, const rm_bstate *cur, bb dead, int c, int back);

/* Makes the capture from C over the JUMPED points to LAND on a copy of
 * CUR, and goes on as the action's chain rule says. */
static void capture(chainwalk *w, const rm_bstate *cur, bb dead, int c, const uint8_t *jumped,
                    int njumped, int land)
{
    const rm_bits *k = w->k;
    const bact *a = w->a;
    if (w->ntaken + njumped > RM_BITS_CHAIN_TAKES) {
        w->failed = true;
        return;
    }
    rm_bstate nx;
    rm_bits_copy(KC(k, size), &nx, cur);
    move_piece(k, &nx, a->kind, c, land);
    int mark = w->ntaken;
    for (int i = 0; i < njumped; i++) {
        int q = jumped[i];
        w->taken[w->ntaken++] = (uint8_t)q;
        if (a->remove_at_end)
            dead |= B1(q);
        else
            take(k, &nx, kind_at(k, &nx, q), q);
    }
    int back = a->not_back ? jumped[njumped - 1] : -1;
    switch (a->chain) {
    case RM_CHAIN_NONE:
        chain_ends(w, &nx, dead, land);
        break;
    case RM_CHAIN_MAY_STOP:
        chain_ends(w, &nx, dead, land);
        chain_from(w, &nx, dead, land, back);
        break;
    default:
        if (!chain_from(w, &nx, dead, land, back) && !w->failed)
            chain_ends(w, &nx, dead, land);
        break;
    }
    w->ntaken = mark;
}

/* A capture over a line of targets from C along way D of action A, not
 * jumping BACK first: the number of pieces jumped (their points in
 * JUMPED) and the landing point in LAND, or 0 when there is none (the ray
 * leaves the way's points, a run of a length the action does not take,
 * the landing point not empty). */
static inline int long_capture(const rm_bits *k, const bact *a, int d, int c, int back, bb targets,
                               bb empty, uint8_t *jumped, int *land)
{
    int sh = KC(k, shift)[d];
    if (!HAS(LD(a->afrom[d]), c) || c + sh == back)
        return 0;
    bb cont = LD(KC(k, from)[d]);
    int x = c, run = 0;
    for (;;) {
        if (!HAS(cont, x))
            return 0;
        x += sh;
        if (!rm_run_goes_on(run, run + 1) || !HAS(targets, x))
            break;
        jumped[run++] = (uint8_t)x;
    }
    if (!rm_line_allowed(a->lines, run) || !HAS(empty, x))
        return 0;
    *land = x;
    return run;
}

/* The captures of the piece on C in CUR (DEAD: pieces jumped that leave
 * at the end, which cannot be jumped again; BACK: the point it may not
 * jump first, or -1); whether there is one. */
static bool chain_from(chainwalk *w, const rm_bstate *cur, bb dead, int c, int back)
{
    const rm_bits *k = w->k;
    const bact *a = w->a;
    if (w->failed || ++w->nodes > WALK_MAX_NODES) {
        w->failed = true;
        return false;
    }
    bb targets = kinds_set(cur, a->targets) & ~dead;
    bb empty = LD(KC(k, board)) & ~kinds_set(cur, KC(k, all_kinds));
    bool found = false;
    if (KP(k, a, piece)) {
        /* over one piece: the action's table of the point */
        const bpiece *pc = &KP(k, a, piece)[c];
        for (int j = 0; j < pc->npairs && !w->failed; j++) {
            int q = pc->over[j], land = pc->land[j];
            if (!HAS(targets, q) || !HAS(empty, land) || q == back)
                continue;
            found = true;
            capture(w, cur, dead, c, &pc->over[j], 1, land);
        }
        return found;
    }
    uint8_t jumped[64];
    for (int j = 0; j < a->ndirs && !w->failed; j++) {
        int x, run = long_capture(k, a, a->dir[j], c, back, targets, empty, jumped, &x);
        if (run == 0)
            continue;
        found = true;
        capture(w, cur, dead, c, jumped, run, x);
    }
    if (!HAS(LD(a->xmask), c))
        return found;
    const rm_board *board = &k->g->board;
    int p = KC(k, point_of)[c];
    for (uint32_t r = board->ray_off[p]; r < board->ray_off[p + 1] && !w->failed; r++) {
        const uint8_t *pts = k->rbits + board->rays[r].off;
        int len = board->rays[r].len;
        if (!KP(k, a, xr)[r] || pts[0] == back)
            continue;
        int run = mv_capture(pts, len, a->lines, targets, empty);
        if (run == 0)
            continue;
        found = true;
        capture(w, cur, dead, c, pts, run, pts[run]);
    }
    return found;
}

/* ---- the chain walk without copies ----
 *
 * Where no piece stacks, a chain changes only where its piece stands and
 * which pieces are gone, so the walk carries those alone: the empty
 * points, the targets still to jump, the pieces jumped that leave at the
 * end (DEAD, still in the way), and the hash the turn leads to so far
 * (the end of the turn in it, and every piece jumped taken off). */

typedef struct fastwalk {
    chainwalk w;               /* the turns, the pieces taken, the limits */
    const rm_bstate *s;        /* the position the chains begin in */
} fastwalk;

static bool fast_from(fastwalk *f, int c, bb empty, bb targets, bb dead, uint64_t h, int back);

/* The chain has stopped with its piece on LAND: the turn (hash H), and
 * with a final step, the turns that step on from there (EMPTY: the empty
 * points once the dead pieces are gone). */
static void fast_end(fastwalk *f, int land, uint64_t h, bb empty)
{
    chainwalk *w = &f->w;
    const rm_bits *k = w->k;
    record(w, h, land);
    if (!w->a->final_step)
        return;
    const rm_board *board = &k->g->board;
    int p = KC(k, point_of)[land], kind = w->a->kind;
    for (uint32_t r = board->ray_off[p]; r < board->ray_off[p + 1]; r++) {
        int q = k->rbits[board->rays[r].off];
        if (HAS(empty, q))
            record(w, h ^ KC(k, zk)[kind][land] ^ KC(k, zk)[kind][q], q);
    }
}

/* The capture from C over the NJUMPED points JUMPED to LAND, and on. */
static void fast_capture(fastwalk *f, int c, const uint8_t *jumped, int njumped, int land, bb empty,
                         bb targets, bb dead, uint64_t h)
{
    chainwalk *w = &f->w;
    const rm_bits *k = w->k;
    const bact *a = w->a;
    if (w->ntaken + njumped > RM_BITS_CHAIN_TAKES) {
        w->failed = true;
        return;
    }
    int kind = a->kind, mark = w->ntaken;
    h ^= KC(k, zk)[kind][c] ^ KC(k, zk)[kind][land];
    empty = (empty | B1(c)) & ~B1(land);
    for (int i = 0; i < njumped; i++) {
        int q = jumped[i];
        w->taken[w->ntaken++] = (uint8_t)q;
        h ^= KC(k, zk)[a->ntargets == 1 ? a->target[0] : kind_at(k, f->s, q)][q];
        targets &= ~B1(q);
        if (a->remove_at_end)
            dead |= B1(q);
        else
            empty |= B1(q);
    }
    int back = a->not_back ? jumped[njumped - 1] : -1;
    switch (a->chain) {
    case RM_CHAIN_NONE:
        fast_end(f, land, h, empty | dead);
        break;
    case RM_CHAIN_MAY_STOP:
        fast_end(f, land, h, empty | dead);
        fast_from(f, land, empty, targets, dead, h, back);
        break;
    default:
        if (!fast_from(f, land, empty, targets, dead, h, back) && !w->failed)
            fast_end(f, land, h, empty | dead);
        break;
    }
    w->ntaken = mark;
}

static bool fast_from(fastwalk *f, int c, bb empty, bb targets, bb dead, uint64_t h, int back)
{
    chainwalk *w = &f->w;
    const rm_bits *k = w->k;
    const bact *a = w->a;
    if (w->failed || ++w->nodes > WALK_MAX_NODES) {
        w->failed = true;
        return false;
    }
    bool found = false;
    if (KP(k, a, piece)) {
        const bpiece *pc = &KP(k, a, piece)[c];
        /* (most chains stop at once: no target next to the piece) */
        if (!(LD(pc->nbr) & targets))
            return false;
        for (int j = 0; j < pc->npairs && !w->failed; j++) {
            int q = pc->over[j], land = pc->land[j];
            if (HAS(targets, q) && HAS(empty, land) && q != back) {
                found = true;
                fast_capture(f, c, &pc->over[j], 1, land, empty, targets, dead, h);
            }
        }
        return found;
    }
    uint8_t jumped[64];
    for (int j = 0; j < a->ndirs && !w->failed; j++) {
        int x, run = long_capture(k, a, a->dir[j], c, back, targets, empty, jumped, &x);
        if (run == 0)
            continue;
        found = true;
        fast_capture(f, c, jumped, run, x, empty, targets, dead, h);
    }
    if (!HAS(LD(a->xmask), c))
        return found;
    const rm_board *board = &k->g->board;
    int p = KC(k, point_of)[c];
    for (uint32_t r = board->ray_off[p]; r < board->ray_off[p + 1] && !w->failed; r++) {
        const uint8_t *pts = k->rbits + board->rays[r].off;
        int len = board->rays[r].len;
        if (!KP(k, a, xr)[r] || pts[0] == back)
            continue;
        int run = mv_capture(pts, len, a->lines, targets, empty);
        if (run == 0)
            continue;
        found = true;
        fast_capture(f, c, pts, run, pts[run], empty, targets, dead, h);
    }
    return found;
}

/* The chains of every walked alternative of PT in S into T; false when
 * the walk gave up. */
static bool walk_chains(const rm_bits *k, const bpat *pt, const rm_bstate *s, bb empty,
                        rm_btally *t)
{
    /* the hash of S with the turn ended: a capture changes no hand, so
     * ending the turn changes the hash of every chain alike */
    rm_bstate e;
    rm_bits_copy(KC(k, size), &e, s);
    bits_end_turn(k, &e);
    uint64_t root = e.hash;
    for (int i = 0; i < pt->nalts; i++) {
        const bact *a = &KC(k, act)[pt->alt[i]];
        if (!a->walk)
            continue;
        bb own = kind_set(s, a->kind);
        /* the pieces that can begin a chain */
        bb start = own;
        if (KP(k, a, piece) && PC(own) > PER_PIECE_MAX) {
            bb over = kinds_set(s, a->targets);
            start = own & LD(a->xmask);
            for (int j = 0; j < a->ndirs; j++) {
                int d = a->dir[j];
                start |= own & LD(a->afrom[d]) & BACK(k, over & BACK(k, empty, d), d);
            }
        }
        if (!KC(k, stacks)) {
            fastwalk f = { { k, a, t, 0, 0, { 0 }, 0, false }, s };
            bb targets = kinds_set(s, a->targets);
            for (; start; start &= start - 1) {
                f.w.from = LOW(start);
                fast_from(&f, f.w.from, empty, targets, 0, root, -1);
                if (f.w.failed)
                    return false;
            }
            continue;
        }
        chainwalk w = { k, a, t, 0, 0, { 0 }, 0, false };
        for (; start; start &= start - 1) {
            w.from = LOW(start);
            chain_from(&w, s, 0, w.from, -1);
            if (w.failed)
                return false;
        }
    }
    return true;
}

/* ---- counting ---- */

/* C(N, R), or a number past RM_MAX_TURNS when it is more. */
static long choose(int n, int r)
{
    if (r < 0 || r > n)
        return 0;
    long c = 1;
    for (int i = 1; i <= r; i++) {
        c = c * (n - r + i) / i; /* (exact: a product of i numbers in a row) */
        if (c > 4L * RM_MAX_TURNS)
            return 4L * RM_MAX_TURNS;
    }
    return c;
}

/* The turns of S, in force pattern PT (of index AT). */
KINLINE int count_pattern(const rm_bits *k, const rm_bstate *s, rm_btally *t, const bpat *pt, int at)
{
    t->n = 0;
    t->nchains = 0;
    t->choose = 0;
    t->pattern = at;
    if (pt->how == HOW_LIST)
        return 0;
    bb empty = LD(KC(k, board)) & ~all_set(k, s);
    if (pt->how == HOW_CHOOSE) {
        const bact *a = &KC(k, act)[pt->alt[0]];
        if (s->hand[a->kind] < pt->choose)
            return 0;
        bb free = empty & LD(a->region);
        long c = choose(PC(free), pt->choose);
        if (c == 0 || c > RM_MAX_TURNS)
            return 0;
        STO(t->m[0][0], free);
        t->choose = pt->choose;
        return t->n = (int)c;
    }
    t->nalts = pt->nalts;
    int captures = 0, drops = 0;
    KUNROLL_ALTS
    for (int i = 0; i < pt->nalts; i++) {
        const bact *a = &KC(k, act)[pt->alt[i]];
        int c = a->walk ? (t->nrows[i] = 0) : alt_count(k, a, s, empty, t, i);
        t->alt_n[i] = c;
        captures += a->type == RM_CAPTURE ? c : 0;
        drops += a->type == RM_DROP ? c : 0;
    }
    if (pt->any_walk) {
        if (!walk_chains(k, pt, s, empty, t))
            return t->n = 0;
        captures += t->nchains;
    }
    int only = pt->compulsory && captures > 0 ? RM_CAPTURE
               : pt->drops_compulsory && drops > 0 ? RM_DROP
                                                   : -1;
    long n = 0;
    KUNROLL_ALTS
    for (int i = 0; i < pt->nalts; i++) {
        if (only >= 0 && KC(k, act)[pt->alt[i]].type != only)
            t->alt_n[i] = 0;
        n += t->alt_n[i];
    }
    if (only == RM_DROP)
        t->nchains = 0;
    n += t->nchains;
    if (n > RM_MAX_TURNS)
        return t->n = 0;
    return t->n = (int)n;
}

/* ---- playing ---- */

/* Plays turn I of action A (no chain), alternative J of T, on S, as
 * alt_count counted it. */
KINLINE void alt_play(const rm_bits *k, const bact *a, rm_bstate *s, const rm_btally *t, int j,
                     int i)
{
    int kind = a->kind;
    /* a move along one ray: its row first */
    for (int r = 0; r < t->nrows[j]; r++) {
        int c = t->row_n[j][r];
        if (i >= c) {
            i -= c;
            continue;
        }
        bb x = LD(t->m[j][r]);
        int at = t->row_at[j][r];
        if (a->few) { /* (t->by_piece[j]: a constant in a native kernel) */
            int to = SEL(x, i);
            if (a->type == RM_CAPTURE) {
                const bpiece *pc = &KP(k, a, piece)[at];
                int q = 0;
                while (pc->land[q] != to)
                    q++;
                take(k, s, kind, at);
                take(k, s, kind_at(k, s, pc->over[q]), pc->over[q]);
                add(k, s, kind, to);
            } else {
                move_piece(k, s, kind, at, to);
            }
            return;
        }
        int from = SEL(x, i), sh = KC(k, shift)[at];
        if (a->type == RM_STEP) {
            move_piece(k, s, kind, from, from + sh);
        } else if (a->type == RM_LEAP) {
            move_piece(k, s, kind, from, from + 2 * sh);
        } else {
            take(k, s, kind, from);
            take(k, s, kind_at(k, s, from + sh), from + sh);
            add(k, s, kind, from + 2 * sh);
        }
        return;
    }
    bb own = kind_set(s, kind);
    bb empty = LD(KC(k, board)) & ~all_set(k, s);
    switch (a->type) {
    case RM_DROP:
        drop_piece(k, s, kind, SEL(enterable(a, empty, own) & LD(a->region), i));
        return;
    case RM_STEP:
    case RM_LEAP:
        xwalk(k, a, s, empty, i, s);
        return;
    case RM_CAPTURE:
        if (a->short_jump) {
            xwalk(k, a, s, empty, i, s);
            return;
        }
        break;
    case RM_SLIDE:
        for (int q = 0; q < a->ndirs; q++) {
            int d = a->dir[q], sh = KC(k, shift)[d];
            bb cont = LD(KC(k, from)[d]);
            int dist = 1;
            for (bb r = FWD(k, own & LD(a->afrom[d]), d) & empty; r;
                 r = FWD(k, r & cont, d) & empty, dist++) {
                int c = PC(r);
                if (i < c) {
                    int to = SEL(r, i);
                    move_piece(k, s, kind, to - dist * sh, to);
                    return;
                }
                i -= c;
            }
        }
        xwalk(k, a, s, empty, i, s);
        return;
    case RM_REMOVE: {
        int b = SEL(kinds_set(s, a->foes) & LD(a->region), i);
        take(k, s, kind_at(k, s, b), b);
        return;
    }
    case RM_RELOCATE: {
        bb to = empty & LD(a->region);
        int n = PC(to);
        move_piece(k, s, kind, SEL(own, i / n), SEL(to, i % n));
        return;
    }
    default: /* (never: make_kernel refuses a kind kernel_knows does not) */
        assert(!"alt_play: an action of an unknown kind");
        return;
    }
    /* a capture over lines of other lengths */
    bb over = kinds_set(s, a->targets);
    for (int q = 0; q < a->ndirs; q++) {
        int d = a->dir[q], sh = KC(k, shift)[d];
        bb cont = LD(KC(k, from)[d]);
        bb run = FWD(k, own & LD(a->afrom[d]), d) & over;
        for (int len = 1; run && len <= RM_MAX_LINE; len++) {
            if (rm_line_allowed(a->lines, len)) {
                bb land = FWD(k, run & cont, d) & empty;
                int c = PC(land);
                if (i < c) {
                    int to = SEL(land, i), from = to - (len + 1) * sh;
                    take(k, s, kind, from);
                    for (int v = 1; v <= len; v++)
                        take(k, s, kind_at(k, s, from + v * sh), from + v * sh);
                    add(k, s, kind, to);
                    return;
                }
                i -= c;
            }
            run = FWD(k, run & cont, d) & over;
        }
    }
    xwalk(k, a, s, empty, i, s);
}

/* The native kernel's count and play: a copy of the code for each
 * pattern the game has (RM_NATIVE_PATTERNS, from its constants), in
 * which the pattern, its actions and their ways are constants. */
#ifdef RM_NATIVE_PATTERNS
#define COUNT_CASE(at) case at: return count_pattern(k, s, t, PATTERN(k, at), at);
#define PLAY_CASE(at) case at: play_pattern(k, s, t, i, PATTERN(k, at)); return;
#endif

int F(bits_count)(const rm_bits *k, const rm_bstate *s, rm_btally *t)
{
    int at = bits_pattern_at(k, s);
#ifdef RM_NATIVE_PATTERNS
    switch (at) {
    RM_NATIVE_PATTERNS(COUNT_CASE)
    default:
        /* a pattern the reference lists (RM_NATIVE_PATTERNS names every
         * other): what count_pattern does with it, without a copy of the
         * whole of it to compile */
        t->n = 0;
        t->nchains = 0;
        t->choose = 0;
        t->pattern = at;
        return 0;
    }
#else
    return count_pattern(k, s, t, PATTERN(k, at), at);
#endif
}

/* Plays turn I of S as T counted it, in pattern PT. */
KINLINE void play_pattern(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i, const bpat *pt)
{
    if (t->choose) {
        /* the I-th set of t->choose points among the free ones, by the
         * combinatorial number system */
        bb free = LD(t->m[0][0]);
        int kind = KC(k, act)[pt->alt[0]].kind, at = PC(free);
        for (int r = t->choose; r >= 1; r--) {
            /* the largest C below AT with choose(C, r) <= I, the binomials
             * carried from one C to the next (exact: choose(C + 1, r) is
             * choose(C, r) (C + 1) / (C + 1 - r); computed afresh, they
             * took most of the time of playing such a turn) */
            int c = r - 1;
            long below = 0, next = 1; /* choose(c, r), choose(c + 1, r) */
            while (c + 1 < at && next <= i) {
                c++;
                below = next;
                next = next * (c + 1) / (c + 1 - r);
            }
            i -= (int)below;
            drop_piece(k, s, kind, SEL(free, c));
            at = c;
        }
        bits_end_turn(k, s);
        return;
    }
    KUNROLL_ALTS
    for (int j = 0; j < pt->nalts; j++) {
        if (i < t->alt_n[j]) {
            alt_play(k, &KC(k, act)[pt->alt[j]], s, t, j, i);
            bits_end_turn(k, s);
            return;
        }
        i -= t->alt_n[j];
    }
    const rm_bchain *c = &t->chain[i];
    take(k, s, c->kind, c->from);
    for (int q = 0; q < c->ntaken; q++)
        take(k, s, kind_at(k, s, c->taken[q]), c->taken[q]);
    add(k, s, c->kind, c->to);
    bits_end_turn(k, s);
}

void F(bits_play)(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i)
{
#ifdef RM_NATIVE_PATTERNS
    switch (t->pattern) {
    RM_NATIVE_PATTERNS(PLAY_CASE)
    default: /* (never: a pattern the reference lists counts no turn to play) */
        assert(!"bits_play: a turn of a pattern the kernel does not count");
        return;
    }
#else
    play_pattern(k, s, t, i, PATTERN(k, t->pattern));
#endif
}

/* ---- point sets ---- */

void F(bits_neighbours)(const rm_bits *k, const uint64_t in[2], uint64_t out[2])
{
    bb x = LD(in), n = 0;
    KUNROLL_WAYS
    for (int d = 0; d < KC(k, ndirs); d++)
        n |= FWD(k, x & LD(KC(k, link_from)[d]), d);
    for (bb y = x & LD(KC(k, xlink)); y; y &= y - 1)
        n |= LD(k->xnbr[LOW(y)]);
    out[0] = (uint64_t)n;
    out[1] = BW == 2 ? (uint64_t)(n >> 32 >> 32) : 0;
}
