/* exec.c: the generic executor (see exec.h). */
#include "exec.h"

#include <stdlib.h>
#include <string.h>

/* ---- hashing ---- */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void exec_prepare(rm_game *g)
{
    uint64_t seed = 0x52494D4155ull; /* fixed: hashes are the same in every run */
    for (int p = 0; p < RM_MAX_POINTS; p++)
        for (int k = 0; k < RM_MAX_KINDS; k++)
            g->zob_cell[p][k] = splitmix(&seed) | 1;
    for (int k = 0; k < RM_MAX_KINDS; k++)
        g->zob_hand[k] = splitmix(&seed) | 1;
    for (int s = 0; s < 2; s++) {
        g->zob_side[s] = splitmix(&seed);
        g->zob_pturn[s] = splitmix(&seed) | 1;
        for (int f = 0; f < RM_MAX_PHASES; f++)
            g->zob_phase[s][f] = splitmix(&seed);
    }
}

uint64_t rm_hash(const rm_game *g, const rm_state *st)
{
    uint64_t h = g->zob_side[st->to_move];
    for (int p = 0; p < g->board.npoints; p++)
        if (st->kind[p] >= 0)
            h ^= g->zob_cell[p][st->kind[p]] * st->count[p];
    for (int k = 0; k < g->nkinds; k++)
        h ^= g->zob_hand[k] * st->hand[k];
    for (int s = 0; s < 2; s++)
        h ^= g->zob_phase[s][st->phase[s]] ^ g->zob_pturn[s] * st->phase_turns[s];
    return h;
}

/* ---- changing a state ---- */

/* Sets the pieces on P to N of kind K (N = 0: empty). */
static inline void set_cell(const rm_game *g, rm_state *st, int p, int k, int n)
{
    int old = st->kind[p];
    if (old >= 0) {
        st->hash ^= g->zob_cell[p][old] * st->count[p];
        st->on_board[old] -= st->count[p];
        set_del(&st->occ[g->kinds[old].side], p);
    }
    if (n > 0) {
        st->kind[p] = (int8_t)k;
        st->count[p] = (uint8_t)n;
        st->hash ^= g->zob_cell[p][k] * (uint64_t)n;
        st->on_board[k] += (uint8_t)n;
        set_add(&st->occ[g->kinds[k].side], p);
    } else {
        st->kind[p] = -1;
        st->count[p] = 0;
    }
}

static inline void add_piece(const rm_game *g, rm_state *st, int p, int k)
{
    set_cell(g, st, p, k, st->kind[p] == k ? st->count[p] + 1 : 1);
}

static inline void take_piece(const rm_game *g, rm_state *st, int p)
{
    set_cell(g, st, p, st->kind[p], st->count[p] - 1);
}

static inline void set_hand(const rm_game *g, rm_state *st, int k, int n)
{
    st->hash ^= g->zob_hand[k] * st->hand[k];
    st->hand[k] = (uint8_t)n;
    st->hash ^= g->zob_hand[k] * st->hand[k];
}

static int side_hand(const rm_game *g, const rm_state *st, int side)
{
    const rm_side *sd = &g->sides[side];
    int n = 0;
    for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
        n += st->hand[k];
    return n;
}

int rm_side_pieces(const rm_game *g, const rm_state *st, int side)
{
    const rm_side *sd = &g->sides[side];
    int n = 0;
    for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
        n += st->hand[k] + st->on_board[k];
    return n;
}

/* Moves each side on to its next phase while the one in force has ended. */
static void advance_phases(const rm_game *g, rm_state *st)
{
    const rm_rules *r = &g->rules;
    for (int s = 0; s < 2; s++) {
        for (;;) {
            const rm_phase *ph = &r->phases[st->phase[s]];
            bool ended = (ph->end == RM_END_HAND_EMPTY && side_hand(g, st, s) == 0) ||
                         (ph->end == RM_END_AFTER_TURNS && st->phase_turns[s] >= ph->end_turns);
            if (!ended || st->phase[s] + 1 >= r->side_first_phase[s] + r->side_nphases[s])
                break;
            st->hash ^= g->zob_phase[s][st->phase[s]] ^ g->zob_pturn[s] * st->phase_turns[s];
            st->phase[s]++;
            st->phase_turns[s] = 0;
            st->hash ^= g->zob_phase[s][st->phase[s]];
        }
    }
}

static void end_turn(const rm_game *g, rm_state *st)
{
    int s = st->to_move;
    st->turn++;
    /* Count the side's turns in its phase only as far as they matter (to
     * pick the turn line, or to end the phase): beyond that, positions
     * that differ only in the count are the same position, so that they
     * can repeat. */
    const rm_phase *ph = rm_side_phase(g, st, s);
    int matters = ph->nturns - 1;
    if (ph->end == RM_END_AFTER_TURNS && ph->end_turns > matters)
        matters = ph->end_turns;
    if (st->phase_turns[s] < matters) {
        st->hash ^= g->zob_pturn[s] * st->phase_turns[s];
        st->phase_turns[s]++;
        st->hash ^= g->zob_pturn[s] * st->phase_turns[s];
    }
    st->hash ^= g->zob_side[s];
    st->to_move = (uint8_t)(1 - s);
    st->hash ^= g->zob_side[st->to_move];
    advance_phases(g, st);
}

void rm_state_set(const rm_game *g, rm_state *st, const int8_t *kind, const uint8_t *count,
                  const int *hand, int to_move, const int phase[2])
{
    memset(st, 0, sizeof *st);
    memset(st->kind, -1, sizeof st->kind);
    for (int p = 0; p < g->board.npoints; p++)
        if (kind[p] >= 0) {
            int k = kind[p];
            st->kind[p] = (int8_t)k;
            st->count[p] = count[p];
            st->on_board[k] += count[p];
            set_add(&st->occ[g->kinds[k].side], p);
        }
    for (int k = 0; k < g->nkinds; k++)
        st->hand[k] = (uint8_t)hand[k];
    st->to_move = (uint8_t)to_move;
    for (int s = 0; s < 2 && g->rules.present; s++)
        st->phase[s] = (uint8_t)(phase[s] >= 0 ? phase[s] : g->rules.side_first_phase[s]);
    st->hash = rm_hash(g, st);
}

void rm_initial(const rm_game *g, rm_state *st)
{
    int hand[RM_MAX_KINDS] = { 0 };
    const int first_phases[2] = { -1, -1 };
    for (int k = 0; k < g->nkinds; k++)
        hand[k] = g->kinds[k].hand;
    rm_state_set(g, st, g->setup_kind, g->setup_count, hand,
                 g->rules.present ? g->rules.first : 0, first_phases);
    if (g->rules.present) {
        advance_phases(g, st);
        st->hash = rm_hash(g, st);
    }
}

/* ---- applying moves ---- */

static const uint16_t *ray_at(const rm_game *g, int p, int ray, int *len)
{
    const rm_ray *r = &g->board.rays[g->board.ray_off[p] + ray];
    *len = r->len;
    return g->board.ray_pts + r->off;
}

/* Plays one move; jumped pieces of deferred captures are added to DEAD. */
static void apply_move(const rm_game *g, rm_state *st, const rm_move *m, rm_set *dead)
{
    int len;
    switch (m->type) {
    case RM_MV_DROP:
        set_hand(g, st, m->kind, st->hand[m->kind] - 1);
        add_piece(g, st, m->to, m->kind);
        break;
    case RM_MV_MOVE:
        take_piece(g, st, m->from);
        add_piece(g, st, m->to, m->kind);
        break;
    case RM_MV_CAPTURE: {
        const uint16_t *pts = ray_at(g, m->from, m->ray, &len);
        take_piece(g, st, m->from);
        add_piece(g, st, m->to, m->kind);
        for (int i = 0; i < m->jumped; i++) {
            if (m->flags & RM_MVF_DEFER)
                set_add(dead, pts[i]);
            else
                take_piece(g, st, pts[i]);
        }
        break;
    }
    case RM_MV_REMOVE:
        take_piece(g, st, m->from);
        break;
    default:
        break;
    }
}

static void remove_dead(const rm_game *g, rm_state *st, rm_set *dead)
{
    SET_FOREACH(p, dead) {
        take_piece(g, st, p);
    }
    set_clear(dead);
}

void rm_apply(const rm_game *g, rm_state *st, const rm_move *moves, int n)
{
    rm_set dead;
    set_clear(&dead);
    for (int i = 0; i < n; i++) {
        apply_move(g, st, &moves[i], &dead);
        bool chain_goes_on = i + 1 < n && moves[i + 1].type == RM_MV_CAPTURE &&
                             (moves[i + 1].flags & RM_MVF_CHAIN);
        if (!chain_goes_on)
            remove_dead(g, st, &dead);
    }
    end_turn(g, st);
}

int rm_apply_checked(const rm_game *g, rm_state *st, rm_move *moves, int n)
{
    const rm_board *b = &g->board;
    int side = st->to_move;
    rm_set dead;
    set_clear(&dead);
    for (int i = 0; i < n; i++) {
        rm_move *m = &moves[i];
        if (m->from >= b->npoints || m->to >= b->npoints)
            return -1;
        switch (m->type) {
        case RM_MV_DROP:
            if (m->kind >= g->nkinds || g->kinds[m->kind].side != side || st->hand[m->kind] == 0 ||
                (st->kind[m->to] >= 0 && st->kind[m->to] != m->kind) || st->count[m->to] == 255)
                return -1;
            break;
        case RM_MV_MOVE:
        case RM_MV_CAPTURE:
            if (st->kind[m->from] < 0 || g->kinds[st->kind[m->from]].side != side || m->from == m->to ||
                (st->kind[m->to] >= 0 && st->kind[m->to] != st->kind[m->from]) || st->count[m->to] == 255)
                return -1;
            m->kind = (uint8_t)st->kind[m->from];
            if (m->type == RM_MV_CAPTURE) {
                /* the ray of FROM that reaches TO, over at least one piece */
                bool found = false;
                for (uint32_t r = b->ray_off[m->from]; r < b->ray_off[m->from + 1] && !found; r++) {
                    const uint16_t *pts = b->ray_pts + b->rays[r].off;
                    for (int k = 1; k < b->rays[r].len && !found; k++)
                        if (pts[k] == m->to) {
                            for (int j = 0; j < k; j++)
                                if (st->kind[pts[j]] < 0 || g->kinds[st->kind[pts[j]]].side == side)
                                    return -1;
                            m->ray = (uint8_t)(r - b->ray_off[m->from]);
                            m->jumped = (uint8_t)k;
                            found = true;
                        }
                }
                if (!found)
                    return -1;
                /* Jumped pieces leave at once: a legal chain ends in the
                 * same position whichever way its game removes them. */
                m->flags &= RM_MVF_CHAIN;
            }
            break;
        case RM_MV_REMOVE:
            if (st->kind[m->from] < 0 || g->kinds[st->kind[m->from]].side == side)
                return -1;
            m->kind = (uint8_t)st->kind[m->from];
            break;
        default:
            return -1;
        }
        apply_move(g, st, m, &dead);
        bool chain_goes_on = i + 1 < n && moves[i + 1].type == RM_MV_CAPTURE &&
                             (moves[i + 1].flags & RM_MVF_CHAIN);
        if (!chain_goes_on)
            remove_dead(g, st, &dead);
    }
    end_turn(g, st);
    return 0;
}

/* ---- generating turns ---- */

typedef struct gen {
    const rm_game *g;
    const rm_turn_rule *tr;
    int side;
    int nmoves;
    int captures;
    rm_move moves[RM_MAX_TURN_MOVES];
    rm_emit_fn emit;
    void *ctx;
    bool canonical;            /* repeated drops and removals in increasing point order */
    long budget;               /* partial turns still allowed */
    int step_begin;            /* x->nmoves when the current step began */
} gen;

/* The lowest point a repeated drop or removal may use: repeats of one
 * step commute, so with canonical order each set of points is made once
 * (in one order) instead of in every order. */
static int first_point(const gen *x, uint8_t type, int kind)
{
    if (!x->canonical || x->nmoves == x->step_begin)
        return 0;
    const rm_move *prev = &x->moves[x->nmoves - 1];
    if (prev->type != type || prev->kind != kind)
        return 0;
    if (type == RM_MV_DROP)
        return x->g->kinds[kind].stacks ? prev->to : prev->to + 1;
    return prev->from; /* a removal: the same point again only while a stack lasts */
}

static void gen_steps(gen *x, const rm_state *st, int step, int done);

/* Takes one more move M from ST (already applied into NEXT) and goes on. */
static inline void then_continue(gen *x, const rm_state *next, const rm_move *m, int step,
                                 int done)
{
    if (x->nmoves == RM_MAX_TURN_MOVES)
        return;
    x->moves[x->nmoves++] = *m;
    gen_steps(x, next, step, done + 1);
    x->nmoves--;
}

static bool may_enter(const rm_game *g, const rm_state *st, int p, int k)
{
    return st->kind[p] < 0 || (st->kind[p] == k && g->kinds[k].stacks && st->count[p] < 255);
}

static void gen_drop(gen *x, const rm_state *st, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    if (st->hand[a->kind] == 0)
        return;
    if (a->fewer_than >= 0 && st->on_board[a->kind] >= a->fewer_than)
        return;
    for (int p = first_point(x, RM_MV_DROP, a->kind); p < g->board.npoints; p++) {
        if (a->has_region && !set_has(&a->region, p))
            continue;
        if (!may_enter(g, st, p, a->kind))
            continue;
        rm_state next = *st;
        rm_move m = { RM_MV_DROP, 0, a->kind, 0, (uint8_t)p, 0, 0 };
        set_hand(g, &next, a->kind, next.hand[a->kind] - 1);
        add_piece(g, &next, p, a->kind);
        then_continue(x, &next, &m, step, done);
    }
}

static void move_to(gen *x, const rm_state *st, int kind, int from, int to, int step, int done)
{
    rm_state next = *st;
    rm_move m = { RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)from, (uint8_t)to, 0, 0 };
    take_piece(x->g, &next, from);
    add_piece(x->g, &next, to, kind);
    then_continue(x, &next, &m, step, done);
}

static void gen_moves(gen *x, const rm_state *st, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    SET_FOREACH(p, &st->occ[x->side]) {
        if (st->kind[p] != a->kind)
            continue;
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            int len = b->rays[r].len;
            switch (a->type) {
            case RM_STEP:
                if (may_enter(g, st, pts[0], a->kind))
                    move_to(x, st, a->kind, p, pts[0], step, done);
                break;
            case RM_SLIDE:
                for (int i = 0; i < len && st->kind[pts[i]] < 0; i++)
                    move_to(x, st, a->kind, p, pts[i], step, done);
                break;
            case RM_LEAP:
                if (len >= 2 && st->kind[pts[0]] >= 0 && (a->targets >> st->kind[pts[0]] & 1) &&
                    may_enter(g, st, pts[1], a->kind))
                    move_to(x, st, a->kind, p, pts[1], step, done);
                break;
            default:
                break;
            }
        }
    }
}

static void finish_chain(gen *x, const rm_state *st, const rm_set *dead, int step, int done)
{
    if (set_count(dead) == 0) {
        gen_steps(x, st, step, done + 1);
        return;
    }
    rm_state next = *st;
    rm_set d = *dead;
    remove_dead(x->g, &next, &d);
    gen_steps(x, &next, step, done + 1);
}

/* Captures by the piece on P; returns whether there was one. */
static bool gen_captures_from(gen *x, const rm_state *st, const rm_action_rule *a, int p,
                              bool continuing, const rm_set *dead, int step, int done)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    bool found = false;
    if (x->nmoves == RM_MAX_TURN_MOVES)
        return false;
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
        const uint16_t *pts = b->ray_pts + b->rays[r].off;
        int len = b->rays[r].len, k = 0;
        while (k < len && st->kind[pts[k]] >= 0 && (a->targets >> st->kind[pts[k]] & 1) &&
               !set_has(dead, pts[k]))
            k++;
        if (k == 0 || k == len || k > 62 || !(a->lines >> k & 1) || st->kind[pts[k]] >= 0)
            continue;
        found = true;
        rm_state next = *st;
        rm_set d = *dead;
        rm_move m = { RM_MV_CAPTURE, (uint8_t)((continuing ? RM_MVF_CHAIN : 0) |
                                               (a->remove_at_end ? RM_MVF_DEFER : 0)),
                      a->kind, (uint8_t)p, (uint8_t)pts[k], (uint8_t)(r - b->ray_off[p]),
                      (uint8_t)k };
        apply_move(g, &next, &m, &d);
        x->moves[x->nmoves++] = m;
        x->captures++;
        if (a->chain == RM_CHAIN_NONE) {
            finish_chain(x, &next, &d, step, done);
        } else {
            if (a->chain == RM_CHAIN_MAY_STOP)
                finish_chain(x, &next, &d, step, done);
            bool more = gen_captures_from(x, &next, a, pts[k], true, &d, step, done);
            if (a->chain == RM_CHAIN_MUST_CONTINUE && !more)
                finish_chain(x, &next, &d, step, done);
        }
        x->captures--;
        x->nmoves--;
    }
    return found;
}

static void gen_captures(gen *x, const rm_state *st, const rm_action_rule *a, int step, int done)
{
    rm_set dead;
    set_clear(&dead);
    SET_FOREACH(p, &st->occ[x->side]) {
        if (st->kind[p] == a->kind)
            gen_captures_from(x, st, a, p, false, &dead, step, done);
    }
}

static void gen_removes(gen *x, const rm_state *st, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    int lowest = -1;
    for (int k = 0; k < x->g->nkinds && lowest < 0; k++)
        if (a->targets >> k & 1)
            lowest = first_point(x, RM_MV_REMOVE, k);
    SET_FOREACH(p, &st->occ[1 - x->side]) {
        if (p < lowest || !(a->targets >> st->kind[p] & 1))
            continue;
        if (a->has_region && !set_has(&a->region, p))
            continue;
        rm_state next = *st;
        rm_move m = { RM_MV_REMOVE, 0, (uint8_t)st->kind[p], (uint8_t)p, 0, 0, 0 };
        take_piece(g, &next, p);
        then_continue(x, &next, &m, step, done);
    }
}

static void gen_relocates(gen *x, const rm_state *st, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    SET_FOREACH(p, &st->occ[x->side]) {
        if (st->kind[p] != a->kind)
            continue;
        for (int q = 0; q < g->board.npoints; q++) {
            if (q == p || st->kind[q] >= 0 || (a->has_region && !set_has(&a->region, q)))
                continue;
            move_to(x, st, a->kind, p, q, step, done);
        }
    }
}

static void gen_steps(gen *x, const rm_state *st, int step, int done)
{
    if (x->budget <= 0)
        return;
    x->budget--;
    if (step == x->tr->nsteps) {
        rm_state after = *st;
        end_turn(x->g, &after);
        x->emit(x->ctx, &after, x->moves, x->nmoves, x->captures > 0);
        return;
    }
    const rm_step_rule *s = &x->tr->steps[step];
    int saved = x->step_begin;
    int begin = done == 0 ? x->nmoves : saved;
    if (done >= s->min)
        gen_steps(x, st, step + 1, 0);
    x->step_begin = begin;
    if (done < s->max) {
        for (int i = 0; i < s->nalts; i++) {
            const rm_action_rule *a = &x->g->rules.actions[s->alt[i]];
            switch (a->type) {
            case RM_DROP:
                gen_drop(x, st, a, step, done);
                break;
            case RM_STEP:
            case RM_SLIDE:
            case RM_LEAP:
                gen_moves(x, st, a, step, done);
                break;
            case RM_CAPTURE:
                gen_captures(x, st, a, step, done);
                break;
            case RM_REMOVE:
                gen_removes(x, st, a, step, done);
                break;
            case RM_RELOCATE:
                gen_relocates(x, st, a, step, done);
                break;
            default:
                break;
            }
        }
    }
    x->step_begin = saved;
}

static bool generate(const rm_game *g, const rm_state *st, rm_emit_fn emit, void *ctx,
                     bool canonical)
{
    if (!g->rules.present)
        return true;
    int side = st->to_move;
    const rm_phase *ph = rm_side_phase(g, st, side);
    int t = st->phase_turns[side] < ph->nturns ? st->phase_turns[side] : ph->nturns - 1;
    gen x;
    x.g = g;
    x.tr = &ph->turns[t];
    x.side = side;
    x.nmoves = 0;
    x.captures = 0;
    x.emit = emit;
    x.ctx = ctx;
    x.canonical = canonical;
    x.step_begin = 0;
    x.budget = RM_MAX_GEN_STEPS;
    gen_steps(&x, st, 0, 0);
    return x.budget > 0;
}

bool rm_generate(const rm_game *g, const rm_state *st, rm_emit_fn emit, void *ctx)
{
    return generate(g, st, emit, ctx, false);
}

/* ---- turn lists ---- */

static _Atomic uint64_t allocations;

uint64_t rm_exec_allocations(void)
{
    return allocations;
}

void rm_turnlist_init(rm_turnlist *l)
{
    memset(l, 0, sizeof *l);
}

void rm_turnlist_free(rm_turnlist *l)
{
    free(l->turns);
    free(l->moves);
    free(l->seen_hash);
    free(l->seen_stamp);
    memset(l, 0, sizeof *l);
}

/* Adds H to the set of hashes seen; false when it was there already. */
static bool seen_add(rm_turnlist *l, uint64_t h)
{
    if (2 * (l->seen_n + 1) > l->seen_cap) {
        uint32_t cap = l->seen_cap ? l->seen_cap * 2 : 1024;
        allocations += 2;
        uint64_t *nh = malloc(cap * sizeof *nh);
        uint32_t *ns = calloc(cap, sizeof *ns);
        if (!nh || !ns) {
            free(nh);
            free(ns);
            l->failed = true;
            return false;
        }
        for (uint32_t i = 0; i < l->seen_cap; i++)
            if (l->seen_stamp[i] == l->stamp) {
                uint32_t j = (uint32_t)(l->seen_hash[i] * 0x9E3779B97F4A7C15ull >> 32) & (cap - 1);
                while (ns[j])
                    j = (j + 1) & (cap - 1);
                nh[j] = l->seen_hash[i];
                ns[j] = 1;
            }
        free(l->seen_hash);
        free(l->seen_stamp);
        l->seen_hash = nh;
        l->seen_stamp = ns;
        l->seen_cap = cap;
        l->stamp = 1;
    }
    uint32_t j = (uint32_t)(h * 0x9E3779B97F4A7C15ull >> 32) & (l->seen_cap - 1);
    while (l->seen_stamp[j] == l->stamp) {
        if (l->seen_hash[j] == h)
            return false;
        j = (j + 1) & (l->seen_cap - 1);
    }
    l->seen_hash[j] = h;
    l->seen_stamp[j] = l->stamp;
    l->seen_n++;
    return true;
}

static void collect(void *ctx, const rm_state *after, const rm_move *moves, int n, bool captured)
{
    rm_turnlist *l = ctx;
    if (l->failed || !seen_add(l, after->hash))
        return;
    if (l->n == RM_MAX_TURNS) {
        l->too_many = true;
        l->failed = true;
        return;
    }
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        allocations++;
        rm_turn *t = realloc(l->turns, (size_t)cap * sizeof *t);
        if (!t) {
            l->failed = true;
            return;
        }
        l->turns = t;
        l->cap = cap;
    }
    if (l->nmoves + (size_t)n > l->capmoves) {
        size_t cap = l->capmoves ? l->capmoves * 2 : 256;
        while (cap < l->nmoves + (size_t)n)
            cap *= 2;
        allocations++;
        rm_move *m = realloc(l->moves, cap * sizeof *m);
        if (!m) {
            l->failed = true;
            return;
        }
        l->moves = m;
        l->capmoves = cap;
    }
    memcpy(l->moves + l->nmoves, moves, (size_t)n * sizeof *moves);
    l->turns[l->n++] = (rm_turn){ after->hash, (uint32_t)l->nmoves, (uint16_t)n, captured };
    l->nmoves += (size_t)n;
}

int rm_legal_turns(const rm_game *g, const rm_state *st, rm_turnlist *l)
{
    l->n = 0;
    l->nmoves = 0;
    l->seen_n = 0;
    l->failed = false;
    l->too_many = false;
    if (++l->stamp == 0) { /* the stamps wrapped: clear them once */
        if (l->seen_stamp)
            memset(l->seen_stamp, 0, l->seen_cap * sizeof *l->seen_stamp);
        l->stamp = 1;
    }
    if (rm_status(g, st) != RM_ONGOING)
        return 0;
    if (!generate(g, st, collect, l, true) || l->too_many) {
        l->too_many = true;
        l->failed = true;
    }
    if (l->failed)
        return -1;
    /* Compulsory captures: when a turn captures, the others are not legal. */
    if (rm_side_phase(g, st, st->to_move)->compulsory) {
        bool any = false;
        for (int i = 0; i < l->n && !any; i++)
            any = l->turns[i].captured;
        if (any) {
            int k = 0;
            for (int i = 0; i < l->n; i++)
                if (l->turns[i].captured)
                    l->turns[k++] = l->turns[i];
            l->n = k;
        }
    }
    return l->n;
}

uint64_t rm_perft(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                  bool *failed)
{
    if (depth <= 0)
        return 1;
    int n = rm_legal_turns(g, st, &lists[0]);
    if (n < 0)
        *failed = true;
    if (n <= 0 || depth == 1)
        return n > 0 ? (uint64_t)n : 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        rm_state next = *st;
        rm_apply(g, &next, rm_turn_moves(&lists[0], i), lists[0].turns[i].n);
        total += rm_perft(g, &next, depth - 1, lists + 1, failed);
    }
    return total;
}

/* ---- results ---- */

int rm_status(const rm_game *g, const rm_state *st)
{
    const rm_rules *r = &g->rules;
    for (int s = 0; s < 2; s++) {
        int n = rm_side_pieces(g, st, s);
        if (n == 0 || (r->lose_with[s] >= 0 && n <= r->lose_with[s]))
            return 1 - s;
    }
    if (st->turn >= r->draw_after)
        return RM_DRAW;
    return RM_ONGOING;
}
