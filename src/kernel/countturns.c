/* countturns.c: the number of legal turns of a position and the k-th
 * of them, without the list (rm_count_turns, rm_pick_turn; see
 * movegen.h), where every turn is one move. It walks the state's layout
 * (state_impl.h) with the generator's walks of one ray (movegen_impl.h,
 * moves.h), in the order movegen.c lists the same turns. */
#include "state_impl.h"
#include "movegen_impl.h"

#include "movegen.h"

#include <limits.h>
#include <stdatomic.h>

/* ---- counting and picking (see movegen.h) ----
 *
 * The walk below goes over the one-move turns of an action in the order
 * single_moves lists them (piece by piece in point order, then ray by
 * ray; drops and removals point by point), with the same tests, but
 * writes nothing: it counts them, or stops at the one wanted. A plain
 * step (no direction filter, no stacks) counts each piece's turns at
 * once as its empty neighbours (the rays of a point go to different
 * neighbours when no turn merges: derive.c), and looks along the rays
 * only of the piece whose turns hold the one wanted. Counting notes each
 * piece's turns in the tally, so that picking goes straight to the
 * piece. */

static _Atomic bool counting_off;

void rm_set_count_turns(bool on)
{
    atomic_store_explicit(&counting_off, !on, memory_order_relaxed);
}

/* What the turns of one action by one piece depend on, worked out once
 * for all of its pieces. */
typedef struct walk {
    const rm_game *g;
    const rm_state *st;
    const rm_action_rule *a;
    const uint8_t *cls;        /* filter_classes, or NULL */
    int kind, nw;              /* nw: the words of a set the board uses */
    bool stack, plain_step, quick;
    rm_set empty, targets;     /* (targets: captures only) */
    points enter, vacant, over;/* the walks of one ray's sets (moves.h) */
} walk;

#if defined __GNUC__
__attribute__((always_inline))
#endif
static inline void walk_init(walk *w, const rm_game *g, const rm_state *st, const rm_action_rule *a,
                      int side)
{
    w->g = g;
    w->st = st;
    w->a = a;
    w->cls = a->dir_allow ? g->sides[side].ray_class : NULL;
    w->kind = a->kind;
    w->nw = (g->board.npoints + 63) >> 6;
    w->stack = enters_stacks(g, a);
    w->enter = enter_points(st, a->kind, w->stack);
    w->vacant = empty_points(st);
    w->over = piece_points(st, a->targets, NULL);
    w->plain_step = a->type == RM_STEP && !w->stack;
    w->quick = w->plain_step && !w->cls; /* a piece's turns are its empty neighbours */
    if (w->plain_step)
        for (int i = 0; i < w->nw; i++)
            w->empty.w[i] = ~(st->occ[0].w[i] | st->occ[1].w[i]);
    if (a->type == RM_CAPTURE)
        w->targets = target_points(g, st, a);
}

/* Records the K-th turn's move in *M, or counts one more turn: the body
 * of every loop below. N counts the turns passed, WANT is the index of
 * the one wanted (INT_MAX: none). */
#define TURN(...)                                                                                   \
    do {                                                                                            \
        if (n == want) {                                                                            \
            *m = (rm_move){ __VA_ARGS__ };                                                          \
            return n + 1;                                                                           \
        }                                                                                           \
        n++;                                                                                        \
    } while (0)

/* The turns of W's action by the piece on P (of its kind), up to the one
 * of index WANT: their number when there are no more than WANT, else
 * WANT + 1 with that turn's move in *M. */
#if defined __GNUC__
__attribute__((always_inline)) /* (a call a piece costs as much as its turns) */
#endif
static inline int piece_turns(const walk *w, int p, int want, rm_move *m)
{
    const rm_board *b = &w->g->board;
    const rm_state *st = w->st;
    const rm_action_rule *a = w->a;
    int kind = w->kind, n = 0;
    if (w->plain_step) {
        int c = 0;
        for (int j = 0; j < w->nw; j++)
            c += word_count(b->adjacent[p].w[j] & w->empty.w[j]);
        if (c == 0 || (w->quick && want >= c))
            return c;
    }
    uint32_t first = b->ray_off[p], last = b->ray_off[p + 1];
    switch (a->type) {
    case RM_RELOCATE:
        for (int q = 0; q < b->npoints; q++)
            if (q != p && st->kind[q] < 0 && (!a->has_region || set_has(&a->region, q)))
                TURN(RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)p, (uint8_t)q, 0, 0);
        break;
    case RM_STEP:
        for (uint32_t r = first; r < last; r++) {
            int q = b->ray_next[r];
            if (ray_step(&b->ray_next[r], &w->enter) && ray_allowed(a, w->cls, r))
                TURN(RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)p, (uint8_t)q, 0, 0);
        }
        break;
    case RM_SLIDE:
        for (uint32_t r = first; r < last; r++) {
            if (!ray_allowed(a, w->cls, r))
                continue;
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            int len = b->rays[r].len;
            for (int i = 0, stops = ray_slide(pts, len, &w->vacant); i < stops; i++)
                TURN(RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)p, (uint8_t)pts[i], 0, 0);
        }
        break;
    case RM_LEAP:
        for (uint32_t r = first; r < last; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            if (ray_leap(pts, b->rays[r].len, &w->over, &w->enter) && ray_allowed(a, w->cls, r))
                TURN(RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)p, (uint8_t)pts[1], 0, 0);
        }
        break;
    case RM_CAPTURE:
        if (!set_meets(&b->adjacent[p], &w->targets))
            break;
        for (uint32_t r = first; r < last; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            int k = capture_run(st, a, pts, b->rays[r].len, NULL);
            if (k == 0 || !ray_allowed(a, w->cls, r))
                continue;
            TURN(RM_MV_CAPTURE, (uint8_t)(a->remove_at_end ? RM_MVF_DEFER : 0), (uint8_t)kind,
                 (uint8_t)p, (uint8_t)pts[k], (uint8_t)(r - first), (uint8_t)k);
        }
        break;
    default:
        break;
    }
    return n;
}

/* The turns of action A (of SIDE, one move each) in ST, up to the one
 * of index WANT, as piece_turns (INT_MAX counts them all). An action
 * that chains captures counts its first captures (turns of the walk,
 * never picked here). When T is not NULL, each piece with turns is noted
 * in it as ALT's, while there is room (else T->alt_pieces[ALT] is -1). */
static int action_turns(const rm_game *g, const rm_state *st, const rm_action_rule *a, int side,
                        int want, rm_move *m, rm_tally *t, int alt)
{
    const rm_board *b = &g->board;
    int kind = a->kind, n = 0;
    if (t)
        t->alt_pieces[alt] = -1;
    switch (a->type) {
    case RM_DROP: {
        if (st->hand[kind] == 0 || (a->fewer_than >= 0 && st->on_board[kind] >= a->fewer_than))
            return 0;
        bool stack = enters_stacks(g, a);
        for (int p = 0; p < b->npoints; p++)
            if ((!a->has_region || set_has(&a->region, p)) && may_enter(st, p, kind, stack))
                TURN(RM_MV_DROP, 0, (uint8_t)kind, 0, (uint8_t)p, 0, 0);
        return n;
    }
    case RM_REMOVE:
        for (int i = 0; i < RM_SET_WORDS; i++)
            for (uint64_t w = st->occ[1 - side].w[i]; w; w &= w - 1) {
                int p = i * 64 + __builtin_ctzll(w);
                if ((a->targets >> st->kind[p] & 1) && (!a->has_region || set_has(&a->region, p)))
                    TURN(RM_MV_REMOVE, 0, (uint8_t)st->kind[p], (uint8_t)p, 0, 0, 0);
            }
        return n;
    default:
        break;
    }
    walk wk;
    walk_init(&wk, g, st, a, side);
    int first = t ? t->npieces : 0, room = t ? RM_TALLY_PIECES - first : 0;
    /* (the pieces of the side point by point, as SET_FOREACH, over the
     * board's words alone) */
    for (int wi = 0; wi < wk.nw; wi++)
        for (uint64_t w = st->occ[side].w[wi]; w; w &= w - 1) {
            int p = wi * 64 + __builtin_ctzll(w);
            if (st->kind[p] != kind)
                continue;
            int c = piece_turns(&wk, p, want - n, m);
            if (c > want - n)
                return want + 1;
            if (c > 0 && t) {
                if (room-- > 0)
                    t->piece[t->npieces++] = (struct rm_tally_piece){ (uint8_t)p, (uint16_t)c };
            }
            n += c;
        }
    if (t && room >= 0) {
        t->alt_first[alt] = (int16_t)first;
        t->alt_pieces[alt] = (int16_t)(t->npieces - first);
    } else if (t) {
        t->npieces = first; /* (no room: the action's pieces are walked again) */
    }
    return n;
}

#undef TURN

/* The turn pattern in force for the side to move in ST (as generate
 * picks it). */
static inline const rm_turn_rule *rule_in_force(const rm_game *g, const rm_state *st,
                                                const rm_phase **phase)
{
    int side = st->to_move;
    const rm_phase *ph = rm_side_phase(g, st, side);
    int t = st->phase_turns[side] < ph->nturns ? st->phase_turns[side] : ph->nturns - 1;
    *phase = ph;
    return &ph->turns[t];
}

int rm_count_turns(const rm_game *g, const rm_state *st, rm_tally *t)
{
    t->n = 0;
    if (!g->rules.present || atomic_load_explicit(&counting_off, memory_order_relaxed))
        return 0;
    const rm_phase *ph;
    const rm_turn_rule *tr = rule_in_force(g, st, &ph);
    if (!tr->countable || set_any(&st->huff)) /* (a turn that huffs first: listed) */
        return 0;
    int side = st->to_move;
    const rm_step_rule *s = &tr->steps[0];
    /* A chain that can begin: the walk lists its turns. Looked for first,
     * up to the first capture found, so that a position whose turns are
     * to be listed costs little more than listing them. */
    for (int i = 0; i < s->nalts; i++) {
        const rm_action_rule *a = &g->rules.actions[s->alt[i]];
        rm_move first;
        if (!one_move_walks_know(a))
            return 0; /* (listed: the depth-first walk fails on it) */
        if (a->type == RM_CAPTURE && a->chain != RM_CHAIN_NONE &&
            action_turns(g, st, a, side, 0, &first, NULL, 0) > 0)
            return 0;
    }
    int captures = 0, drops = 0;
    t->npieces = 0;
    for (int i = 0; i < s->nalts; i++) {
        const rm_action_rule *a = &g->rules.actions[s->alt[i]];
        bool chain = a->type == RM_CAPTURE && a->chain != RM_CHAIN_NONE;
        int c = chain ? 0 : action_turns(g, st, a, side, INT_MAX, NULL, t, i);
        t->alt_n[i] = c;
        captures += a->type == RM_CAPTURE ? c : 0;
        drops += a->type == RM_DROP ? c : 0;
    }
    /* the compulsory rules, as rm_legal_turns applies them: captures
     * alone when one can be made, else drops alone when one can */
    int only = ph->compulsory && captures > 0 ? RM_CAPTURE
               : ph->drops_compulsory && drops > 0 ? RM_DROP
                                                   : -1;
    long n = 0;
    for (int i = 0; i < s->nalts; i++) {
        if (only >= 0 && g->rules.actions[s->alt[i]].type != only)
            t->alt_n[i] = 0;
        n += t->alt_n[i];
    }
    t->n = n <= RM_MAX_TURNS ? (int)n : 0; /* (past the list's limit: as the list fails) */
    return t->n;
}

void rm_pick_turn(const rm_game *g, const rm_state *st, const rm_tally *t, int k, rm_move *m)
{
    const rm_phase *ph;
    const rm_step_rule *s = &rule_in_force(g, st, &ph)->steps[0];
    int side = st->to_move;
    for (int i = 0; i < s->nalts; i++) {
        if (k >= t->alt_n[i]) {
            k -= t->alt_n[i];
            continue;
        }
        const rm_action_rule *a = &g->rules.actions[s->alt[i]];
        if (t->alt_pieces[i] < 0) {
            action_turns(g, st, a, side, k, m, NULL, 0);
            return;
        }
        /* the piece whose turns hold the K-th, from the tally */
        const struct rm_tally_piece *e = &t->piece[t->alt_first[i]];
        while (k >= e->n)
            k -= e++->n;
        walk wk;
        walk_init(&wk, g, st, a, side);
        piece_turns(&wk, e->p, k, m);
        return;
    }
}
