/* bitgen.c: the bit kernel (see bitgen.h): a game's tables, made from
 * its IR and the derive step's bit layout, and the choice of the code
 * that counts and plays turns on them: bitgen_words.h, on point sets of
 * one word (bitgen_w1.c) and of two (bitgen_w2.c). Bit states are made
 * of states and back in bitstate.c. */
#include "bitgen.h"
#include "bitgen_impl.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "moves.h"
#include "turns.h"

static _Atomic bool kernel_off, portable, two_words;
static void (*_Atomic native_hook)(rm_bits *k);

void bits_set_native_hook(void (*hook)(rm_bits *k))
{
    atomic_store_explicit(&native_hook, hook, memory_order_relaxed);
}

void rm_set_bit_kernel(bool on)
{
    atomic_store_explicit(&kernel_off, !on, memory_order_relaxed);
}

void rm_set_bit_kernel_portable(bool on)
{
    atomic_store_explicit(&portable, on, memory_order_relaxed);
}

void rm_set_bit_kernel_two_words(bool on)
{
    atomic_store_explicit(&two_words, on, memory_order_relaxed);
}

#ifdef RM_BITS_X86
/* Whether the kernels made now use the code for processors with POPCNT
 * and BMI2: where the processor has them, unless RIMAU_PORTABLE is set
 * (or rm_set_bit_kernel_portable), and not on AMD's Zen 1 and 2, whose
 * pdep and pext are microcoded (a hundred times slower). */
static bool use_x86(void)
{
    if (atomic_load_explicit(&portable, memory_order_relaxed))
        return false;
    const char *env = getenv("RIMAU_PORTABLE");
    if (env && *env && strcmp(env, "0") != 0)
        return false;
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2") &&
           !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
}
#endif

bool rm_bits_x86(void)
{
#ifdef RM_BITS_X86
    return use_x86();
#else
    return false;
#endif
}

size_t rm_bits_state_size(const rm_bits *k)
{
    return k->size;
}

int rm_bits_words(const rm_bits *k)
{
    return k->words;
}

/* ---- the tables of a game ---- */

/* The way (index into k->shift) of a link from bit A to bit B, adding a
 * way for its difference when there is room; -1 when there is none, or
 * when the difference is a word or more (the shifts of bitgen_words.h
 * take 1 to 63: such a link's rays are walked point by point). */
static int way_of(rm_bits *k, int a, int b)
{
    int s = b - a;
    for (int d = 0; d < k->ndirs; d++)
        if (k->shift[d] == s)
            return d;
    if (k->ndirs == RM_BITS_MAX_DIRS || s == 0 || s >= 64 || s <= -64)
        return -1;
    k->shift[k->ndirs] = s;
    return k->ndirs++;
}

/* The way of a link from bit FROM to bit TO, or -1. */
static int find_way(const rm_bits *k, int from, int to)
{
    for (int d = 0; d < k->ndirs; d++)
        if (k->shift[d] == to - from)
            return d;
    return -1;
}

static void bit_set(uint64_t *w, int b)
{
    w[b >> 6] |= (uint64_t)1 << (b & 63);
}

/* The ways and the rays: a way for each difference of bits a link of
 * the board makes (the layout's shifts first, both ways round, so that
 * the ways of a board come in a fixed order), each ray's points as bits,
 * and the rays every link of which goes one way (ray_way), in that
 * way's FROM set. */
static int make_ways(rm_bits *k, const rm_board *b)
{
    const rm_layout *lay = k->g->layout;
    k->ndirs = 0;
    for (int c = 0; c < lay->nclasses; c++) {
        if (lay->classes[c].ncovered == 0 || lay->classes[c].shift == 0)
            continue;
        int s = lay->classes[c].shift;
        way_of(k, 0, s);
        way_of(k, 0, -s);
    }
    uint32_t nrays = b->ray_off[b->npoints];
    uint32_t npts = 0;
    for (uint32_t r = 0; r < nrays; r++)
        if (b->rays[r].off + b->rays[r].len > npts)
            npts = b->rays[r].off + b->rays[r].len;
    k->ray_way = malloc((nrays ? nrays : 1) * sizeof *k->ray_way);
    k->rbits = malloc(npts ? npts : 1);
    if (!k->ray_way || !k->rbits)
        return -1;
    for (uint32_t i = 0; i < npts; i++)
        k->rbits[i] = (uint8_t)k->bit_of[b->ray_pts[i]];
    for (int p = 0; p < b->npoints; p++) {
        int bp = k->bit_of[p];
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const uint8_t *pts = k->rbits + b->rays[r].off;
            int len = b->rays[r].len;
            int d = way_of(k, bp, pts[0]);
            for (int i = 1; i < len; i++)
                if (way_of(k, pts[i - 1], pts[i]) != d)
                    d = -1;
            k->ray_way[r] = (int8_t)d;
        }
    }
    /* A regular ray must end where its way's FROM set says so: the last
     * point of a ray must have no regular ray that way (along another
     * line whose links happen to be the same shift), or the shifts would
     * carry a piece from one line onto the other. Such rays are walked
     * point by point instead, until none is left. */
    for (bool changed = true; changed;) {
        changed = false;
        memset(k->from, 0, sizeof k->from);
        for (int p = 0; p < b->npoints; p++)
            for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++)
                if (k->ray_way[r] >= 0)
                    bit_set(k->from[k->ray_way[r]], k->bit_of[p]);
        for (int p = 0; p < b->npoints; p++)
            for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
                int d = k->ray_way[r];
                if (d < 0)
                    continue;
                int last = k->rbits[b->rays[r].off + b->rays[r].len - 1];
                if (k->from[d][last >> 6] >> (last & 63) & 1) {
                    k->ray_way[r] = -1;
                    changed = true;
                }
            }
    }
    for (int d = 0; d < k->ndirs; d++) {
        k->lsh[d] = (uint8_t)(k->shift[d] > 0 ? k->shift[d] : 0);
        k->rsh[d] = (uint8_t)(k->shift[d] < 0 ? -k->shift[d] : 0);
    }
    /* the links, for the neighbours of a set of points */
    k->xnbr = calloc((size_t)k->nbits, sizeof *k->xnbr);
    if (!k->xnbr)
        return -1;
    for (int p = 0; p < b->npoints; p++) {
        int bp = k->bit_of[p];
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            int q = k->rbits[b->rays[r].off];
            int d = find_way(k, bp, q);
            if (d >= 0) {
                bit_set(k->link_from[d], bp);
            } else {
                bit_set(k->xlink, bp);
                bit_set(k->xnbr[bp], q);
            }
        }
    }
    return 0;
}

/* Whether the action A of SIDE may move along ray R (its direction filter). */
static bool allowed(const rm_game *g, const rm_action_rule *a, int side, uint32_t r)
{
    return rm_ray_allowed(a, g->sides[side].ray_class[r]);
}

/* The tables of A's moves piece by piece (bact.piece): the first one
 * or two points of each allowed ray of each point. False when a point
 * has more rays than a table holds, or out of memory. */
static bool make_piece_tables(rm_bits *k, bact *a, int side)
{
    const rm_board *b = &k->g->board;
    a->piece = calloc((size_t)k->nbits, sizeof *a->piece);
    if (!a->piece)
        return false;
    for (int p = 0; p < b->npoints; p++) {
        bpiece *pc = &a->piece[k->bit_of[p]];
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            if (!allowed(k->g, a->rule, side, r))
                continue;
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            bit_set(pc->nbr, k->bit_of[pts[0]]);
            if (b->rays[r].len < 2)
                continue;
            if (pc->npairs == RM_BITS_MAX_DIRS) {
                free(a->piece);
                a->piece = NULL;
                return false;
            }
            pc->over[pc->npairs] = k->bit_of[pts[0]];
            pc->land[pc->npairs++] = k->bit_of[pts[1]];
        }
    }
    /* paired: the pairs in the order of the points leapt over are in the
     * order of the points landed on */
    for (int bit = 0; bit < k->nbits && k->words == 1; bit++) {
        bpiece *pc = &a->piece[bit];
        pc->paired = true;
        for (int i = 0; i < pc->npairs; i++) {
            pc->omask |= (uint64_t)1 << pc->over[i];
            pc->lmask |= (uint64_t)1 << pc->land[i];
            for (int j = 0; j < pc->npairs; j++)
                if ((pc->over[i] < pc->over[j]) != (pc->land[i] < pc->land[j]))
                    pc->paired = false;
        }
    }
    return true;
}

static void make_action(rm_bits *k, int i)
{
    const rm_game *g = k->g;
    const rm_board *b = &g->board;
    const rm_action_rule *r = &g->rules.actions[i];
    bact *a = &k->act[i];
    int side = g->kinds[r->kind].side;
    a->rule = r;
    a->type = r->type;
    a->kind = r->kind;
    a->side = (uint8_t)side;
    a->chain = r->chain;
    a->remove_at_end = r->remove_at_end;
    a->not_back = r->not_back;
    a->final_step = r->final_step;
    a->walk = rm_chains(r);
    a->stack = rm_enters_stacks(g->kinds[r->kind].stacks_in_play, r);
    a->lines = r->lines;
    a->short_jump = rm_jumps_one(r->lines);
    a->fewer_than = r->fewer_than;
    a->targets = r->targets;
    a->ntargets = 0;
    for (int t = 0; t < g->nkinds; t++)
        if (r->targets >> t & 1)
            a->target[a->ntargets++] = (uint8_t)t;
    a->foes = 0;
    for (int t = 0; t < g->nkinds; t++)
        if ((r->targets >> t & 1) && g->kinds[t].side != side)
            a->foes |= (uint16_t)(1u << t);
    for (int bit = 0; bit < k->nbits; bit++) {
        int p = k->point_of[bit];
        if (p >= 0 && (!r->has_region || set_has(&r->region, p)))
            bit_set(a->region, bit);
    }
    /* The links of a ray the action looks along (0: all of them). */
    int need = rm_ray_reach(r);
    bool moves = rm_moves_along_rays(r);
    uint32_t nrays = b->ray_off[b->npoints];
    a->xr = calloc(nrays ? nrays : 1, 1);
    if (!a->xr) {
        k->fits = false; /* (out of memory: the kernel is not used) */
        return;
    }
    for (int p = 0; moves && p < b->npoints; p++) {
        int bp = k->bit_of[p];
        for (uint32_t ray = b->ray_off[p]; ray < b->ray_off[p + 1]; ray++) {
            if (!allowed(g, r, side, ray))
                continue;
            int len = b->rays[ray].len;
            const uint8_t *pts = k->rbits + b->rays[ray].off;
            int d;
            if (need == 0) {
                d = k->ray_way[ray];
            } else if (len < need) {
                continue; /* (no such move along it) */
            } else {
                d = find_way(k, bp, pts[0]);
                if (need == 2 && d >= 0 && find_way(k, pts[0], pts[1]) != d)
                    d = -1;
            }
            if (d >= 0) {
                bit_set(a->afrom[d], bp);
            } else {
                a->xr[ray] = 1;
                bit_set(a->xmask, bp);
            }
        }
    }
    a->ndirs = 0;
    for (int d = 0; d < k->ndirs; d++)
        if (a->afrom[d][0] | a->afrom[d][1])
            a->dir[a->ndirs++] = (uint8_t)d;
    if (rm_one_hop(r) && make_piece_tables(k, a, side))
        a->few = g->kinds[r->kind].count <= PER_PIECE_MAX;
}

/* Two alternatives of one step whose turns may reach one position: as
 * derive.c's merge, with chains and final steps left to the chain walk,
 * which merges its own. */
static bool alts_merge(const rm_game *g, const rm_step_rule *s)
{
    for (int i = 0; i < s->nalts; i++)
        for (int j = i + 1; j < s->nalts; j++)
            if (rm_alts_may_meet(&g->rules.actions[s->alt[i]], &g->rules.actions[s->alt[j]]))
                return true;
    return false;
}

static void make_pattern(rm_bits *k, const rm_phase *ph, const rm_turn_rule *tr, bpat *pt,
                         bool overlap)
{
    const rm_game *g = k->g;
    const rm_step_rule *s = &tr->steps[0];
    pt->how = HOW_LIST;
    pt->compulsory = ph->compulsory;
    pt->drops_compulsory = ph->drops_compulsory;
    pt->nalts = s->nalts;
    pt->any_walk = false;
    for (int i = 0; i < s->nalts; i++) {
        pt->alt[i] = s->alt[i];
        pt->any_walk |= k->act[s->alt[i]].walk;
    }
    if (tr->nsteps != 1 || overlap || ph->compulsory_per_piece)
        return;
    if (s->min == 1 && s->max == 1) {
        if (!alts_merge(g, s))
            pt->how = HOW_SINGLE;
        return;
    }
    /* the same drop taken several times: the sets of points */
    const rm_action_rule *a = &g->rules.actions[s->alt[0]];
    if (s->nalts == 1 && s->min == s->max && s->min >= 2 && a->type == RM_DROP &&
        !k->act[s->alt[0]].stack && a->fewer_than < 0) {
        pt->how = HOW_CHOOSE;
        pt->choose = s->min;
    }
}

/* The kernel whose cache header is C. */
static rm_bits *kernel_of(rm_exec_cache *c)
{
    return (rm_bits *)((char *)c - offsetof(rm_bits, base));
}

static void destroy_kernel(rm_exec_cache *c)
{
    rm_bits *k = kernel_of(c);
    for (int i = 0; i < RM_MAX_ACTION_RULES; i++) {
        free(k->act[i].piece);
        free(k->act[i].xr);
    }
    free(k->ray_way);
    free(k->rbits);
    free(k->xnbr);
    if (k->native_close)
        k->native_close(k->native_so);
    free(k);
}

static void destroy_nothing(rm_exec_cache *c)
{
    (void)c;
}

/* The kernel of a game it does not fit: shared, never freed. */
static rm_bits no_kernel = { .base = { destroy_nothing }, .fits = false };

/* The words of an action the kernel plays exactly (moves.h): every word
 * the language has today. */
#define KERNEL_WORDS \
    (RM_WORD_TARGETS | RM_WORD_LINES | RM_WORD_CHAIN | RM_WORD_AT_END | RM_WORD_NOT_BACK | \
     RM_WORD_FINAL_STEP | RM_WORD_TO_EMPTY | RM_WORD_FEWER_THAN | RM_WORD_DIRECTIONS | \
     RM_WORD_REGION)

/* Whether the kernel does action rule R exactly: an action type, a way
 * of chaining or a word (moves.h) it has no code for is refused when the
 * kernel is made, and the game left to the reference walk (fail closed:
 * never a turn counted as none). */
static bool kernel_knows(const rm_action_rule *r)
{
    return rm_action_known(r, KERNEL_WORDS);
}

const char *rm_bits_refusal(const rm_game *g)
{
    const rm_layout *lay = g->layout;
    if (!g->rules.present)
        return "has no rules of play";
    if (!lay || lay->words > RM_BITS_MAX_WORDS || lay->bits > RM_BITS_MAX_WORDS * 64)
        return "has a board of more than 128 bits, which the bit kernel does not take";
    if (g->nkinds > RM_BITS_MAX_KINDS)
        return "has more than 8 kinds of piece, which the bit kernel does not take";
    if (g->nsides != 2)
        return "has more than two sides, which the bit kernel does not take";
    for (int i = 0; i < g->nkinds; i++)
        if (g->kinds[i].stacks_in_play && g->kinds[i].count >= 255)
            return "has a kind of 255 or more pieces that stack in play, which the bit kernel "
                   "does not take"; /* (a stack could fill: may_enter's limit) */
    for (int f = 0; f < g->rules.nphases; f++)
        if (g->rules.phases[f].huff != RM_HUFF_NONE)
            return "huffs (captures huffed ...), which the bit kernel does not play: its "
                   "positions remember pieces to huff";
    for (int i = 0; i < g->rules.naction_rules; i++)
        if (!kernel_knows(&g->rules.actions[i]))
            return "has an action the bit kernel cannot play yet (a word of the language it "
                   "was not taught)";
    return NULL;
}

/* Makes the kernel of G; &no_kernel when it does not fit, NULL when out
 * of memory. */
static rm_bits *make_kernel(const rm_game *g)
{
    const rm_layout *lay = g->layout;
    if (rm_bits_refusal(g))
        return &no_kernel;
    rm_bits *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->base.destroy = destroy_kernel;
    k->fits = true;
    k->g = g;
    k->words = atomic_load_explicit(&two_words, memory_order_relaxed) ? 2 : lay->words;
    k->nbits = lay->bits;
    k->nkinds = g->nkinds;
    k->side_keys = g->zob.side[0] ^ g->zob.side[1];
    for (int i = 0; i < g->nkinds; i++)
        k->stacks |= g->kinds[i].stacks;
    k->hoff = g->nkinds * k->words;
    k->size = offsetof(rm_bstate, w) + (size_t)k->hoff * sizeof(uint64_t) +
              (k->stacks ? (size_t)k->words * 64 : 0);
    for (int bit = 0; bit < RM_BITS_MAX_WORDS * 64; bit++)
        k->point_of[bit] = bit < lay->bits ? lay->point[bit] : -1;
    for (int p = 0; p < g->board.npoints; p++) {
        k->bit_of[p] = (uint8_t)lay->bit[p];
        bit_set(k->board, lay->bit[p]);
    }
    for (int kind = 0; kind < g->nkinds; kind++) {
        k->kside[kind] = (uint8_t)g->kinds[kind].side;
        k->side_kinds[g->kinds[kind].side] |= (uint16_t)(1u << kind);
        k->all_kinds |= (uint16_t)(1u << kind);
        k->side_bytes[g->kinds[kind].side] |= (uint64_t)0xFF << (8 * kind);
        for (int p = 0; p < g->board.npoints; p++)
            k->zk[kind][lay->bit[p]] = g->zob.cell[p][kind];
    }
    if (make_ways(k, &g->board) != 0) {
        destroy_kernel(&k->base);
        return NULL;
    }
    for (int i = 0; i < g->rules.naction_rules; i++)
        make_action(k, i);
    for (int i = 0; i < g->rules.ngoals; i++)
        for (int p = 0; p < g->board.npoints; p++)
            if (set_has(&g->rules.goals[i].set, p))
                bit_set(k->goal[i], lay->bit[p]);
    /* Where two rays of a point meet, every turn pattern may merge (as
     * derive.c finds): the kernel leaves those to the reference. */
    bool overlap = board_rays_overlap(&g->board);
    for (int f = 0; f < g->rules.nphases; f++) {
        const rm_phase *ph = &g->rules.phases[f];
        k->matters[f] = (uint8_t)rm_phase_turns_counted(ph);
        k->before_play[f] = ph->before_play;
        k->may_end[f] = ph->may_end;
        k->ends_in_hand[f] = ph->end == RM_END_HAND_EMPTY;
        k->nturns[f] = (uint8_t)ph->nturns;
        for (int t = 0; t < ph->nturns; t++)
            make_pattern(k, ph, &ph->turns[t], &k->pat[f][t], overlap);
    }
    if (k->words == 1)
        k->ops = (rm_bits_ops){ bits_count_w1, bits_play_w1, bits_neighbours_w1 };
    else
        k->ops = (rm_bits_ops){ bits_count_w2, bits_play_w2, bits_neighbours_w2 };
#ifdef RM_BITS_X86
    if (use_x86()) {
        if (k->words == 1)
            k->ops = (rm_bits_ops){ bits_count_w1x, bits_play_w1x, bits_neighbours_w1x };
        else
            k->ops = (rm_bits_ops){ bits_count_w2x, bits_play_w2x, bits_neighbours_w2x };
    }
#endif
    if (g->rules.counting) {
        /* the counters after the words (and heights), and each turn
         * played through bits_play_counting, which counts it */
        k->counting = true;
        k->coff = k->size;
        k->size += sizeof(uint64_t);
        for (int s = 0; s < 2; s++)
            if (g->sides[s].fwd_level)
                for (int p = 0; p < g->board.npoints; p++)
                    k->level[s][k->bit_of[p]] = g->sides[s].fwd_level[p];
        k->play_uncounted = k->ops.play;
        k->ops.play = bits_play_counting;
    }
    void (*hook)(rm_bits *) = atomic_load_explicit(&native_hook, memory_order_relaxed);
    if (hook)
        hook(k); /* (native.c, which may give K a native kernel) */
    return k;
}

const rm_bits *rm_bits_get(const rm_game *g)
{
    if (atomic_load_explicit(&kernel_off, memory_order_relaxed))
        return NULL;
    rm_exec_cache *c = atomic_load_explicit(&g->bit_kernel, memory_order_acquire);
    if (!c) {
        rm_bits *k = make_kernel(g);
        if (!k)
            return NULL; /* out of memory: the reference alone */
        /* (the one other field of a game written after the compile step,
         * as the turn cache: games are made by the loader, never const) */
        _Atomic(rm_exec_cache *) *at = &((rm_game *)g)->bit_kernel;
        rm_exec_cache *none = NULL;
        if (!atomic_compare_exchange_strong_explicit(at, &none, &k->base, memory_order_acq_rel,
                                                     memory_order_acquire)) {
            k->base.destroy(&k->base);
            c = none;
        } else {
            c = &k->base;
        }
    }
    const rm_bits *k = kernel_of(c);
    return k->fits ? k : NULL;
}

/* ---- point sets ---- */

void rm_bits_points(const rm_bits *k, const rm_bstate *bs, int side, uint64_t out[2])
{
    out[0] = out[1] = 0;
    for (int kind = 0; kind < k->nkinds; kind++)
        if (k->kside[kind] == side)
            for (int i = 0; i < k->words; i++)
                out[i] |= bs->w[kind * k->words + i];
}

void rm_bits_neighbours(const rm_bits *k, const uint64_t in[2], uint64_t out[2])
{
    k->ops.neighbours(k, in, out);
}

void rm_bits_board(const rm_bits *k, uint64_t out[2])
{
    out[0] = k->board[0];
    out[1] = k->board[1];
}

void rm_bits_kind_points(const rm_bits *k, const rm_bstate *bs, int kind, uint64_t out[2])
{
    out[0] = bs->w[kind * k->words];
    out[1] = k->words == 2 ? bs->w[kind * k->words + 1] : 0;
}

int rm_bits_goal_held(const rm_bits *k, const rm_bstate *bs, int i)
{
    const rm_goal *gl = &k->g->rules.goals[i];
    uint64_t w[2] = { 0, 0 };
    for (int kind = 0; kind < k->nkinds; kind++)
        if (gl->kinds >> kind & 1) {
            w[0] |= bs->w[kind * k->words];
            if (k->words == 2)
                w[1] |= bs->w[kind * k->words + 1];
        }
    return pop64(w[0] & k->goal[i][0]) + pop64(w[1] & k->goal[i][1]);
}

int rm_bits_bit_of(const rm_bits *k, int p)
{
    return k->bit_of[p];
}

int rm_bits_point_at(const rm_bits *k, int b)
{
    return b >= 0 && b < k->nbits ? k->point_of[b] : -1;
}

bool rm_bits_stacks(const rm_bits *k)
{
    return k->stacks;
}

const uint8_t *rm_bits_heights(const rm_bits *k, const rm_bstate *bs)
{
    return k->stacks ? (const uint8_t *)&bs->w[k->hoff] : NULL;
}

void rm_bits_make(const rm_bits *k, rm_bstate *bs, const uint64_t (*sets)[2], const uint8_t *heights,
                  const uint8_t *hand, int to_move, const uint8_t phase[2],
                  const uint8_t phase_turns[2])
{
    const rm_zobrist *z = &k->g->zob;
    memset(bs, 0, k->size);
    uint64_t h = z->side[to_move];
    uint8_t *height = (uint8_t *)&bs->w[k->hoff];
    for (int kind = 0; kind < k->nkinds; kind++) {
        bs->hand[kind] = hand[kind];
        h ^= z->hand[kind] * hand[kind];
        for (int i = 0; i < k->words; i++) {
            bs->w[kind * k->words + i] = sets[kind][i];
            for (uint64_t w = sets[kind][i]; w; w &= w - 1) {
                int b = i * 64 + __builtin_ctzll(w);
                int n = heights && k->stacks ? heights[b] : 1;
                h ^= k->zk[kind][b] * (uint64_t)n;
                bs->on_board[kind] = (uint8_t)(bs->on_board[kind] + n);
                if (k->stacks)
                    height[b] = (uint8_t)n;
            }
        }
    }
    for (int s = 0; s < 2; s++) {
        bs->phase[s] = phase[s];
        bs->phase_turns[s] = phase_turns[s];
        h ^= z->phase[s][phase[s]] ^ z->pturn[s] * phase_turns[s];
    }
    bs->to_move = (uint8_t)to_move;
    bs->hash = h;
}

/* ---- counting and playing (bitgen_w1.c, bitgen_w2.c) ---- */

