/* state.c: states: making them, reading them, playing moves on them (see
 * state.h and state_impl.h). */
#include "state_impl.h"

#include <assert.h>

/* The walk of one ray that a capture takes (moves.h), over sets of
 * points, for huff_candidates. */
#define MV(name) huff_ray_##name
#define MV_PT uint16_t
#define MV_SET const rm_set *
#define MV_IN set_has
#include "moves.h"

uint64_t rm_hash(const rm_game *g, const rm_state *st)
{
    uint64_t h = g->zob.side[st->to_move];
    for (int p = 0; p < g->board.npoints; p++)
        if (st->kind[p] >= 0)
            h ^= g->zob.cell[p][st->kind[p]] * st->count[p];
    for (int k = 0; k < g->nkinds; k++)
        h ^= g->zob.hand[k] * st->hand[k];
    for (int s = 0; s < 2; s++)
        h ^= g->zob.phase[s][st->phase[s]] ^ g->zob.pturn[s] * st->phase_turns[s] ^
             g->zob.stall[s] * st->stall[s];
    return h ^ g->zob.quiet * st->quiet ^ g->zob.pass_end[st->pass_end] ^
           huff_hash(g, &st->huff);
}

bool rm_state_sound(const rm_game *g, const rm_state *st)
{
    int on_board[RM_MAX_KINDS] = { 0 };
    rm_set occ[2];
    set_clear(&occ[0]);
    set_clear(&occ[1]);
    for (int p = 0; p < g->board.npoints; p++) {
        int k = st->kind[p];
        if (k < -1 || k >= g->nkinds || (k < 0) != (st->count[p] == 0))
            return false;
        if (k >= 0) {
            on_board[k] += st->count[p];
            set_add(&occ[g->kinds[k].side], p);
        }
    }
    for (int k = 0; k < g->nkinds; k++)
        if (on_board[k] != st->on_board[k])
            return false;
    if (st->pass_end != 0 && st->pass_end != RM_BLOCKED_PASS_LOSES &&
        st->pass_end != RM_BLOCKED_PASS_DRAWS)
        return false;
    rm_set huffed = st->huff;
    set_minus(&huffed, &occ[1 - st->to_move]); /* (only the other side's pieces are huffed) */
    return set_equal(&occ[0], &st->occ[0]) && set_equal(&occ[1], &st->occ[1]) &&
           !set_any(&huffed) && st->hash == rm_hash(g, st);
}

void rm_state_position(const rm_game *g, const rm_state *st, rm_position *pos)
{
    memset(pos, 0, sizeof *pos);
    memcpy(pos->kind, st->kind, sizeof pos->kind);
    memcpy(pos->count, st->count, sizeof pos->count);
    for (int k = 0; k < g->nkinds; k++)
        pos->hand[k] = st->hand[k];
    pos->to_move = st->to_move;
    pos->phase[0] = st->phase[0];
    pos->phase[1] = st->phase[1];
    pos->huff = st->huff;
}

/* ---- ending a turn ---- */

void end_turn(const rm_game *g, rm_state *st, const rm_move *m, int n)
{
    rm_clock c = clock_of(st);
    bool counted = turn_counted(g, st);
    clock_end_turn(g, &c, st->hand);
    if (counted)
        clock_count(g, &c, st->to_move, moves_advance(g, st->to_move, m, n), moves_capture(m, n));
    clock_store(st, &c);
}

uint64_t drop_delta(const rm_game *g, const rm_state *st, int k)
{
    uint64_t z = g->zob.hand[k];
    return z * st->hand[k] ^ z * (uint64_t)(st->hand[k] - 1) ^ end_turn_delta(g, st, k);
}

/* ---- making states ---- */

void rm_state_set(const rm_game *g, rm_state *st, const rm_position *pos)
{
    memset(st, 0, sizeof *st);
    memset(st->kind, -1, sizeof st->kind);
    for (int p = 0; p < g->board.npoints; p++)
        if (pos->kind[p] >= 0) {
            int k = pos->kind[p];
            st->kind[p] = (int8_t)k;
            st->count[p] = pos->count[p];
            st->on_board[k] += pos->count[p];
            set_add(&st->occ[g->kinds[k].side], p);
        }
    for (int k = 0; k < g->nkinds; k++)
        st->hand[k] = (uint8_t)pos->hand[k];
    st->to_move = (uint8_t)(pos->to_move >= 0 ? pos->to_move : g->rules.first);
    for (int s = 0; s < 2 && g->rules.present; s++)
        st->phase[s] = (uint8_t)(pos->phase[s] >= 0 ? pos->phase[s] : g->rules.side_first_phase[s]);
    for (int i = 0; i < RM_SET_WORDS; i++)
        st->huff.w[i] = pos->huff.w[i] & st->occ[1 - st->to_move].w[i];
    st->hash = rm_hash(g, st);
    assert(rm_state_sound(g, st));
}

void rm_state_set_clock(const rm_game *g, rm_state *st, int turn, const int phase_turns[2])
{
    st->turn = (uint16_t)turn;
    for (int s = 0; s < 2; s++)
        st->phase_turns[s] = (uint8_t)phase_turns[s];
    st->hash = rm_hash(g, st);
}

void rm_state_set_counters(const rm_game *g, rm_state *st, const int stall[2], int quiet)
{
    for (int s = 0; s < 2; s++)
        st->stall[s] = (uint8_t)(g->rules.stall_after[s] > 0 && stall[s] > 0
                                     ? stall[s] < g->rules.stall_after[s] ? stall[s]
                                                                          : g->rules.stall_after[s]
                                     : 0);
    int most = g->rules.quiet_after;
    st->quiet = (uint8_t)(most > 0 && quiet > 0 ? quiet < most ? quiet : most : 0);
    st->hash = rm_hash(g, st);
}

int rm_phase_turns_counted(const rm_phase *ph)
{
    int matters = ph->nturns - 1;
    if (ph->end == RM_END_AFTER_TURNS && ph->end_turns > matters)
        matters = ph->end_turns;
    return matters > 255 ? 255 : matters;
}

void rm_state_set_to_move(const rm_game *g, rm_state *st, int side)
{
    if (side != st->to_move)
        huff_clear(g, st); /* (the huffed pieces are those of the side not to move) */
    st->hash ^= g->zob.side[st->to_move] ^ g->zob.side[side];
    st->to_move = (uint8_t)side;
}

void rm_state_set_pass_end(const rm_game *g, rm_state *st, int pass_end)
{
    st->hash ^= g->zob.pass_end[st->pass_end] ^ g->zob.pass_end[pass_end];
    st->pass_end = (uint8_t)pass_end;
}

void rm_initial(const rm_game *g, rm_state *st)
{
    rm_position pos;
    memcpy(pos.kind, g->setup_kind, sizeof pos.kind);
    memcpy(pos.count, g->setup_count, sizeof pos.count);
    for (int k = 0; k < RM_MAX_KINDS; k++)
        pos.hand[k] = k < g->nkinds ? g->kinds[k].hand : 0;
    pos.to_move = g->rules.present ? g->rules.start : 0;
    pos.phase[0] = pos.phase[1] = -1;
    set_clear(&pos.huff);
    rm_state_set(g, st, &pos);
    if (g->rules.present) {
        rm_clock c = clock_of(st);
        advance_phases(g, &c, st->hand);
        clock_store(st, &c);
        st->hash = rm_hash(g, st);
    }
}

/* ---- playing moves ---- */

void apply_move(const rm_game *g, rm_state *st, undo_log *log, const rm_move *m, rm_set *dead)
{
    switch (m->type) {
    case RM_MV_DROP:
        set_hand(g, st, log, m->kind, st->hand[m->kind] - 1);
        add_piece(g, st, log, m->to, m->kind);
        break;
    case RM_MV_MOVE:
        take_piece(g, st, log, m->from);
        add_piece(g, st, log, m->to, m->kind);
        break;
    case RM_MV_CAPTURE: {
        const rm_board *b = &g->board;
        const uint16_t *pts = b->ray_pts + b->rays[b->ray_off[m->from] + m->ray].off;
        take_piece(g, st, log, m->from);
        add_piece(g, st, log, m->to, m->kind);
        for (int i = 0; i < m->jumped; i++) {
            if (m->flags & RM_MVF_DEFER)
                set_add(dead, pts[i]);
            else
                take_piece(g, st, log, pts[i]);
        }
        break;
    }
    case RM_MV_REMOVE:
        take_piece(g, st, log, m->from);
        break;
    default:
        break;
    }
}

void remove_dead(const rm_game *g, rm_state *st, undo_log *log, const rm_set *dead)
{
    SET_FOREACH(p, dead) {
        take_piece(g, st, log, p);
    }
}

/* ---- huffing (captures huffed ...) ---- */

rm_set huff_candidates(const rm_game *g, const rm_state *st)
{
    rm_set c;
    set_clear(&c);
    int side = st->to_move;
    const rm_phase *ph = &g->rules.phases[st->phase[side]];
    if (!g->rules.present || ph->huff == RM_HUFF_NONE)
        return c;
    const rm_board *b = &g->board;
    const rm_turn_rule *tr = &ph->turns[st->phase_turns[side] < ph->nturns ? st->phase_turns[side]
                                                                           : ph->nturns - 1];
    rm_set empty, pieces = st->occ[0];
    set_union(&pieces, &st->occ[1]);
    for (int i = 0; i < RM_SET_WORDS; i++)
        empty.w[i] = ~pieces.w[i];
    for (int s = 0; s < tr->nsteps; s++)
        for (int i = 0; i < tr->steps[s].nalts; i++) {
            const rm_action_rule *a = &g->rules.actions[tr->steps[s].alt[i]];
            if (a->type != RM_CAPTURE)
                continue;
            rm_set targets;
            set_clear(&targets);
            SET_FOREACH(p, &pieces) {
                if (a->targets >> st->kind[p] & 1)
                    set_add(&targets, p);
            }
            SET_FOREACH(p, &st->occ[side]) {
                if (st->kind[p] != a->kind || set_has(&c, p))
                    continue;
                for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
                    const uint16_t *pts = b->ray_pts + b->rays[r].off;
                    if (rm_ray_allowed(a, g->sides[side].ray_class[r]) &&
                        huff_ray_capture(pts, b->rays[r].len, a->lines, &targets, &empty) > 0) {
                        set_add(&c, p);
                        break;
                    }
                }
            }
        }
    return c;
}

rm_set huff_follow(rm_set c, const rm_move *moves, int n)
{
    for (int i = 0; i < n; i++)
        if ((moves[i].type == RM_MV_MOVE || moves[i].type == RM_MV_CAPTURE) &&
            set_has(&c, moves[i].from)) {
            set_del(&c, moves[i].from);
            set_add(&c, moves[i].to);
        }
    return c;
}

int huff_mover(const rm_move *moves, int n)
{
    int at = -1;
    for (int i = 0; i < n; i++)
        if (moves[i].type == RM_MV_MOVE && (at < 0 || moves[i].from == at))
            at = moves[i].to;
    return at;
}

void huff_set(const rm_game *g, rm_state *st, const rm_set *h)
{
    st->hash ^= huff_hash(g, &st->huff) ^ huff_hash(g, h);
    st->huff = *h;
}

/* Whether moves M[0..N) capture. */
static bool any_capture(const rm_move *m, int n)
{
    for (int i = 0; i < n; i++)
        if (m[i].type == RM_MV_CAPTURE)
            return true;
    return false;
}

/* The start of a turn of MOVES[0..N) on ST for huffing: the pieces the
 * side to move had to huff are forgotten, the one its first move huffs
 * taken off; returns the index of the side's own first move. With
 * 'captures huffed by opponent', *C gets the pieces that could capture
 * from there when the turn has own moves and captures nothing (else
 * none). */
static int huff_begin(const rm_game *g, rm_state *st, const rm_move *moves, int n, rm_set *c)
{
    int own = 0;
    set_clear(c);
    if (set_any(&st->huff)) {
        if (n > 0 && moves[0].type == RM_MV_REMOVE && set_has(&st->huff, moves[0].from) &&
            st->kind[moves[0].from] >= 0) {
            apply_move(g, st, NULL, &moves[0], NULL);
            own = 1;
        }
        huff_clear(g, st);
    }
    if (g->rules.present && rm_side_phase(g, st, st->to_move)->huff == RM_HUFF_BY_OPPONENT &&
        n > own && !any_capture(moves + own, n - own))
        *c = huff_candidates(g, st);
    return own;
}

/* Plays MOVES on ST, removing the jumped pieces of a deferred chain when
 * it ends. */
static void apply_moves(const rm_game *g, rm_state *st, const rm_move *moves, int n)
{
    rm_set dead;
    set_clear(&dead);
    for (int i = 0; i < n; i++) {
        apply_move(g, st, NULL, &moves[i], &dead);
        bool chain_goes_on = i + 1 < n && moves[i + 1].type == RM_MV_CAPTURE &&
                             (moves[i + 1].flags & RM_MVF_CHAIN);
        if (!chain_goes_on && set_any(&dead)) {
            remove_dead(g, st, NULL, &dead);
            set_clear(&dead);
        }
    }
}

void rm_apply(const rm_game *g, rm_state *st, const rm_move *moves, int n)
{
    /* a turn of no move may be a blocked side's pass that ends the game */
    int pass_end = n == 0 ? pass_end_rule(g, st) : 0;
    rm_set c;
    int own = huff_begin(g, st, moves, n, &c);
    const rm_move *rest = n > own ? moves + own : NULL; /* (a pass: no moves at all) */
    apply_moves(g, st, rest, n - own);
    if (set_any(&c)) {
        c = huff_follow(c, rest, n - own);
        huff_set(g, st, &c);
    }
    end_turn(g, st, moves, n);
    if (pass_end != st->pass_end)
        rm_state_set_pass_end(g, st, pass_end);
    assert(rm_state_sound(g, st));
}

/* Whether a piece of kind K can enter P at all: an empty point, or a
 * stack of its kind with room when the kind stacks in play. */
static bool may_join(const rm_game *g, const rm_state *st, int p, int k)
{
    return st->kind[p] < 0 || (st->kind[p] == k && g->kinds[k].stacks_in_play && st->count[p] < 255);
}

int rm_apply_checked(const rm_game *g, rm_state *st, rm_move *moves, int n)
{
    const rm_board *b = &g->board;
    int side = st->to_move;
    for (int i = 0; i < n; i++)
        if (moves[i].from >= b->npoints || moves[i].to >= b->npoints)
            return -1;
    /* (a turn that huffs at once takes one of the side's own pieces off) */
    bool own_removal = g->rules.present && rm_side_phase(g, st, side)->huff == RM_HUFF_AT_ONCE;
    if (n > 0 && moves[0].type == RM_MV_REMOVE && st->kind[moves[0].from] >= 0)
        moves[0].kind = (uint8_t)st->kind[moves[0].from];
    rm_set c;
    int first = huff_begin(g, st, moves, n, &c);
    for (int i = first; i < n; i++) {
        rm_move *m = &moves[i];
        switch (m->type) {
        case RM_MV_DROP:
            if (m->kind >= g->nkinds || g->kinds[m->kind].side != side || st->hand[m->kind] == 0 ||
                !may_join(g, st, m->to, m->kind))
                return -1;
            break;
        case RM_MV_MOVE:
        case RM_MV_CAPTURE:
            if (st->kind[m->from] < 0 || g->kinds[st->kind[m->from]].side != side || m->from == m->to ||
                !may_join(g, st, m->to, st->kind[m->from]))
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
            if (st->kind[m->from] < 0 || (g->kinds[st->kind[m->from]].side == side && !own_removal))
                return -1;
            m->kind = (uint8_t)st->kind[m->from];
            break;
        default:
            return -1;
        }
        apply_move(g, st, NULL, m, NULL);
    }
    int pass_end = n == 0 ? pass_end_rule(g, st) : 0;
    if (set_any(&c)) {
        c = huff_follow(c, n > first ? moves + first : NULL, n - first);
        huff_set(g, st, &c);
    }
    end_turn(g, st, moves, n);
    if (pass_end != st->pass_end)
        rm_state_set_pass_end(g, st, pass_end);
    return 0;
}
