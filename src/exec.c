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

static void prepare_patterns(rm_game *g);

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
    prepare_patterns(g);
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

/* ---- the undo log ----
 *
 * The turn generator makes each move on one working state and takes it
 * back afterwards, instead of copying the state for every candidate: every
 * change of a point or of a hand made while generating is logged first. */

enum { UNDO_CELL, UNDO_HAND };

typedef struct undo {
    uint8_t what;              /* UNDO_* */
    uint8_t at;                /* the point, or the kind of the hand */
    int8_t kind;               /* what the point held before (-1 empty) */
    uint8_t count;             /* ... and how many; the hand's old size */
} undo;

/* At most RM_MAX_TURN_MOVES moves of a turn, each changing at most 64
 * points (its two ends and up to 62 pieces leapt over). */
#define UNDO_MAX (RM_MAX_TURN_MOVES * 64 + 512)

typedef struct undo_log {
    int n;
    undo e[UNDO_MAX];
} undo_log;

/* ---- changing a state ---- */

/* Sets the pieces on P to N of kind K (N = 0: empty), logging the old
 * contents in LOG unless it is NULL. */
static inline void set_cell(const rm_game *g, rm_state *st, undo_log *log, int p, int k, int n)
{
    int old = st->kind[p];
    if (log)
        log->e[log->n++] = (undo){ UNDO_CELL, (uint8_t)p, (int8_t)old, st->count[p] };
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

static inline void add_piece(const rm_game *g, rm_state *st, undo_log *log, int p, int k)
{
    set_cell(g, st, log, p, k, st->kind[p] == k ? st->count[p] + 1 : 1);
}

static inline void take_piece(const rm_game *g, rm_state *st, undo_log *log, int p)
{
    set_cell(g, st, log, p, st->kind[p], st->count[p] - 1);
}

static inline void set_hand(const rm_game *g, rm_state *st, undo_log *log, int k, int n)
{
    if (log)
        log->e[log->n++] = (undo){ UNDO_HAND, (uint8_t)k, 0, st->hand[k] };
    st->hash ^= g->zob_hand[k] * st->hand[k];
    st->hand[k] = (uint8_t)n;
    st->hash ^= g->zob_hand[k] * st->hand[k];
}

/* Takes back the changes logged since the log held MARK entries. */
static void undo_to(const rm_game *g, rm_state *st, undo_log *log, int mark)
{
    while (log->n > mark) {
        const undo *u = &log->e[--log->n];
        if (u->what == UNDO_CELL)
            set_cell(g, st, NULL, u->at, u->kind, u->count);
        else
            set_hand(g, st, NULL, u->at, u->count);
    }
}

/* The hash change of taking one piece off P, and of adding one of kind K
 * onto P (empty, or holding K), without making the change. */
static inline uint64_t take_delta(const rm_game *g, const rm_state *st, int p)
{
    uint64_t z = g->zob_cell[p][st->kind[p]];
    return z * st->count[p] ^ z * (uint64_t)(st->count[p] - 1);
}

static inline uint64_t add_delta(const rm_game *g, const rm_state *st, int p, int k)
{
    uint64_t z = g->zob_cell[p][k];
    return st->kind[p] == k ? z * st->count[p] ^ z * (uint64_t)(st->count[p] + 1) : z;
}

static int side_hand(const rm_game *g, const uint8_t *hand, int side)
{
    const rm_side *sd = &g->sides[side];
    int n = 0;
    for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
        n += hand[k];
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

/* ---- ending a turn ----
 *
 * Ending a turn changes only the turn counters, the side to move and the
 * phases (and so the hash), and reads only the hands: these functions
 * work on a copy of those fields, so that the generator can learn what
 * ending a turn does to the hash without copying a state. */

typedef struct rm_clock {
    uint64_t hash;
    uint16_t turn;
    uint8_t to_move;
    uint8_t phase[2];
    uint8_t phase_turns[2];
} rm_clock;

static inline rm_clock clock_of(const rm_state *st)
{
    return (rm_clock){ st->hash, st->turn, st->to_move, { st->phase[0], st->phase[1] },
                       { st->phase_turns[0], st->phase_turns[1] } };
}

static inline void clock_store(rm_state *st, const rm_clock *c)
{
    st->hash = c->hash;
    st->turn = c->turn;
    st->to_move = c->to_move;
    memcpy(st->phase, c->phase, sizeof st->phase);
    memcpy(st->phase_turns, c->phase_turns, sizeof st->phase_turns);
}

/* Moves each side on to its next phase while the one in force has ended. */
static void advance_phases(const rm_game *g, rm_clock *c, const uint8_t *hand)
{
    const rm_rules *r = &g->rules;
    for (int s = 0; s < 2; s++) {
        for (;;) {
            const rm_phase *ph = &r->phases[c->phase[s]];
            if (ph->end == RM_END_NEVER ||
                c->phase[s] + 1 >= r->side_first_phase[s] + r->side_nphases[s])
                break;
            bool ended = (ph->end == RM_END_HAND_EMPTY && side_hand(g, hand, s) == 0) ||
                         (ph->end == RM_END_AFTER_TURNS && c->phase_turns[s] >= ph->end_turns);
            if (!ended)
                break;
            c->hash ^= g->zob_phase[s][c->phase[s]] ^ g->zob_pturn[s] * c->phase_turns[s];
            c->phase[s]++;
            c->phase_turns[s] = 0;
            c->hash ^= g->zob_phase[s][c->phase[s]];
        }
    }
}

static void clock_end_turn(const rm_game *g, rm_clock *c, const uint8_t *hand)
{
    int s = c->to_move;
    c->turn++;
    /* Count the side's turns in its phase only as far as they matter (to
     * pick the turn line, or to end the phase): beyond that, positions
     * that differ only in the count are the same position, so that they
     * can repeat. */
    const rm_phase *ph = &g->rules.phases[c->phase[s]];
    int matters = ph->nturns - 1;
    if (ph->end == RM_END_AFTER_TURNS && ph->end_turns > matters)
        matters = ph->end_turns;
    if (c->phase_turns[s] < matters) {
        c->hash ^= g->zob_pturn[s] * c->phase_turns[s];
        c->phase_turns[s]++;
        c->hash ^= g->zob_pturn[s] * c->phase_turns[s];
    }
    c->hash ^= g->zob_side[s];
    c->to_move = (uint8_t)(1 - s);
    c->hash ^= g->zob_side[c->to_move];
    advance_phases(g, c, hand);
}

static void end_turn(const rm_game *g, rm_state *st)
{
    rm_clock c = clock_of(st);
    clock_end_turn(g, &c, st->hand);
    clock_store(st, &c);
}

/* What ending the turn does to the hash of ST once one piece of kind
 * DROPPED (-1: none) has left the hand. */
static uint64_t end_turn_delta(const rm_game *g, const rm_state *st, int dropped)
{
    rm_clock c = clock_of(st);
    uint8_t hand[RM_MAX_KINDS];
    memcpy(hand, st->hand, sizeof hand);
    if (dropped >= 0)
        hand[dropped]--;
    clock_end_turn(g, &c, hand);
    return c.hash ^ st->hash;
}

/* What taking one piece of kind K from the hand of ST to drop it, then
 * ending the turn, do to its hash (the point it is dropped on aside). */
static uint64_t drop_delta(const rm_game *g, const rm_state *st, int k)
{
    uint64_t z = g->zob_hand[k];
    return z * st->hand[k] ^ z * (uint64_t)(st->hand[k] - 1) ^ end_turn_delta(g, st, k);
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
        rm_clock c = clock_of(st);
        advance_phases(g, &c, st->hand);
        clock_store(st, &c);
        st->hash = rm_hash(g, st);
    }
}

/* ---- applying moves ---- */

/* Plays one move, logging its changes in LOG unless it is NULL; jumped
 * pieces of deferred captures are added to DEAD. */
static void apply_move(const rm_game *g, rm_state *st, undo_log *log, const rm_move *m,
                       rm_set *dead)
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

static void remove_dead(const rm_game *g, rm_state *st, undo_log *log, const rm_set *dead)
{
    SET_FOREACH(p, dead) {
        take_piece(g, st, log, p);
    }
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
    apply_moves(g, st, moves, n);
    end_turn(g, st);
}

int rm_apply_checked(const rm_game *g, rm_state *st, rm_move *moves, int n)
{
    const rm_board *b = &g->board;
    int side = st->to_move;
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
        apply_move(g, st, NULL, m, NULL);
    }
    end_turn(g, st);
    return 0;
}

/* ---- generating turns ----
 *
 * Two ways, which give the same turns in the same order:
 * - a pattern of one step taken once, whose turns are single moves, is
 *   listed move by move, each with the hash of the position it leads to
 *   worked out without making the move (single_moves);
 * - any other pattern (several steps, repeats, chains of captures) is
 *   walked depth first (gen_steps), each move made on one working state
 *   and taken back after. */

typedef struct gen {
    const rm_game *g;
    const rm_turn_rule *tr;
    rm_state *st;              /* the working state */
    int side;
    int nmoves;
    int captures;
    rm_move moves[RM_MAX_TURN_MOVES];
    rm_turnlist *list;         /* listing legal turns: add them here */
    rm_emit_fn emit;           /* otherwise: give each sequence to EMIT */
    void *ctx;
    bool canonical;            /* repeated drops and removals in increasing point order */
    long budget;               /* partial turns still allowed */
    int step_begin;            /* x->nmoves when the current step began */
    /* What ending the turn does to the hash, for the hands it was worked
     * out for: only the hands change it while a turn is generated. */
    bool end_known;
    uint64_t end_delta;
    uint8_t end_hand[RM_MAX_KINDS];
    undo_log log;
} gen;

static void add_turn(rm_turnlist *l, uint64_t hash, const rm_move *moves, int n, bool captured,
                     bool dedup);

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

static void gen_steps(gen *x, int step, int done);

/* Whether another move fits in the turn and in the undo log. */
static inline bool room(const gen *x)
{
    return x->nmoves < RM_MAX_TURN_MOVES && x->log.n + 64 <= UNDO_MAX;
}

/* What ending the turn does to the hash of the working state: worked out
 * again only when the hands differ from the last time (only they change
 * it while a turn is generated). */
static uint64_t end_delta(gen *x)
{
    if (!x->end_known || memcmp(x->end_hand, x->st->hand, sizeof x->end_hand) != 0) {
        x->end_delta = end_turn_delta(x->g, x->st, -1);
        memcpy(x->end_hand, x->st->hand, sizeof x->end_hand);
        x->end_known = true;
    }
    return x->end_delta;
}

/* Whether a move made now at STEP (DONE moves into it) would end the
 * turn, whose turn is then listed: the last step, which cannot repeat. */
static inline bool last_move(const gen *x, int step, int done)
{
    const rm_step_rule *s = &x->tr->steps[step];
    return x->list && step == x->tr->nsteps - 1 && done + 1 >= s->min && done + 1 >= s->max;
}

/* Lists the turn the moves so far and M make, leading to the position
 * with hash H (the end of the turn in it), without making M. It spends
 * the budget as gen_steps would: two calls, then the turn. */
static void list_last(gen *x, const rm_move *m, uint64_t h)
{
    if (!room(x) || x->budget <= 0)
        return;
    x->budget--;
    if (x->budget <= 0)
        return;
    x->budget--;
    x->moves[x->nmoves] = *m;
    add_turn(x->list, h, x->moves, x->nmoves + 1, x->captures > 0, true);
}

/* Makes move M on the working state, goes on from there, and takes it back. */
static void make_and_continue(gen *x, const rm_move *m, int step, int done)
{
    if (!room(x))
        return;
    int mark = x->log.n;
    apply_move(x->g, x->st, &x->log, m, NULL);
    x->moves[x->nmoves++] = *m;
    gen_steps(x, step, done + 1);
    x->nmoves--;
    undo_to(x->g, x->st, &x->log, mark);
}

static bool may_enter(const rm_game *g, const rm_state *st, int p, int k)
{
    return st->kind[p] < 0 || (st->kind[p] == k && g->kinds[k].stacks && st->count[p] < 255);
}

static void gen_drop(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    const rm_state *st = x->st;
    if (st->hand[a->kind] == 0)
        return;
    if (a->fewer_than >= 0 && st->on_board[a->kind] >= a->fewer_than)
        return;
    bool last = last_move(x, step, done);
    uint64_t base = last ? st->hash ^ drop_delta(g, st, a->kind) : 0;
    for (int p = first_point(x, RM_MV_DROP, a->kind); p < g->board.npoints; p++) {
        if (a->has_region && !set_has(&a->region, p))
            continue;
        if (!may_enter(g, st, p, a->kind))
            continue;
        rm_move m = { RM_MV_DROP, 0, a->kind, 0, (uint8_t)p, 0, 0 };
        if (last)
            list_last(x, &m, base ^ add_delta(g, st, p, a->kind));
        else
            make_and_continue(x, &m, step, done);
    }
}

/* The hash of the working state with the piece on P taken off and the
 * turn ended, for listing the last moves of the turn by P (see
 * move_to); 0 when the move would not be the last. */
static uint64_t leaving_hash(gen *x, int p, int step, int done)
{
    if (!last_move(x, step, done))
        return 0;
    return x->st->hash ^ end_delta(x) ^ take_delta(x->g, x->st, p);
}

/* Moves the piece of KIND on FROM to TO and goes on; or, when the move
 * ends the turn (LEAVING, from leaving_hash, is not 0), lists the turn.
 * (Should a leaving hash be 0, the move is made: slower, as right.) */
static void move_to(gen *x, int kind, int from, int to, int step, int done, uint64_t leaving)
{
    rm_move m = { RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)from, (uint8_t)to, 0, 0 };
    if (leaving)
        list_last(x, &m, leaving ^ add_delta(x->g, x->st, to, kind));
    else
        make_and_continue(x, &m, step, done);
}

static void gen_moves(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    const rm_state *st = x->st;
    SET_FOREACH(p, &st->occ[x->side]) {
        if (st->kind[p] != a->kind)
            continue;
        uint64_t leaving = leaving_hash(x, p, step, done);
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            int len = b->rays[r].len;
            switch (a->type) {
            case RM_STEP:
                if (may_enter(g, st, pts[0], a->kind))
                    move_to(x, a->kind, p, pts[0], step, done, leaving);
                break;
            case RM_SLIDE:
                for (int i = 0; i < len && st->kind[pts[i]] < 0; i++)
                    move_to(x, a->kind, p, pts[i], step, done, leaving);
                break;
            case RM_LEAP:
                if (len >= 2 && st->kind[pts[0]] >= 0 && (a->targets >> st->kind[pts[0]] & 1) &&
                    may_enter(g, st, pts[1], a->kind))
                    move_to(x, a->kind, p, pts[1], step, done, leaving);
                break;
            default:
                break;
            }
        }
    }
}

/* Ends a chain: its deferred pieces leave, and the turn goes on. */
static void finish_chain(gen *x, const rm_set *dead, int step, int done)
{
    if (!set_any(dead)) {
        gen_steps(x, step, done + 1);
        return;
    }
    int mark = x->log.n;
    remove_dead(x->g, x->st, &x->log, dead);
    gen_steps(x, step, done + 1);
    undo_to(x->g, x->st, &x->log, mark);
}

/* The number of pieces a capture from P along ray R would leap over (0:
 * none can be taken that way). */
static inline int capture_run(const rm_game *g, const rm_state *st, const rm_action_rule *a,
                              const uint16_t *pts, int len, const rm_set *dead)
{
    int k = 0;
    while (k < len && st->kind[pts[k]] >= 0 && (a->targets >> st->kind[pts[k]] & 1) &&
           !(dead && set_has(dead, pts[k])))
        k++;
    if (k == 0 || k == len || k > 62 || !(a->lines >> k & 1) || st->kind[pts[k]] >= 0)
        return 0;
    return k;
}

/* The points holding pieces that action A may leap over or take: the
 * pieces of each side that has a kind among A's targets. A piece none of
 * whose neighbours is in the set cannot capture. */
static inline rm_set target_points(const rm_game *g, const rm_state *st, const rm_action_rule *a)
{
    rm_set t;
    set_clear(&t);
    for (int k = 0; k < g->nkinds; k++)
        if (a->targets >> k & 1)
            set_union(&t, &st->occ[g->kinds[k].side]);
    return t;
}

/* Captures by the piece on P; returns whether there was one. TARGETS,
 * when not NULL, holds the target_points of the working state, and the
 * caller has checked that P has a neighbour among them; when NULL, they
 * are worked out here. */
static bool gen_captures_from(gen *x, const rm_action_rule *a, int p, bool continuing,
                              const rm_set *targets, const rm_set *dead, int step, int done)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    bool found = false;
    if (!room(x))
        return false;
    rm_set here;
    if (!targets) {
        here = target_points(g, x->st, a);
        if (!set_meets(&b->adjacent[p], &here))
            return false;
        targets = &here;
    }
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
        /* a capture along R leaps over a target first */
        if (!set_has(targets, b->ray_next[r]))
            continue;
        const uint16_t *pts = b->ray_pts + b->rays[r].off;
        int k = capture_run(g, x->st, a, pts, b->rays[r].len, dead);
        if (k == 0)
            continue;
        found = true;
        rm_set d = *dead;
        rm_move m = { RM_MV_CAPTURE, (uint8_t)((continuing ? RM_MVF_CHAIN : 0) |
                                               (a->remove_at_end ? RM_MVF_DEFER : 0)),
                      a->kind, (uint8_t)p, (uint8_t)pts[k], (uint8_t)(r - b->ray_off[p]),
                      (uint8_t)k };
        int mark = x->log.n;
        apply_move(g, x->st, &x->log, &m, &d);
        x->moves[x->nmoves++] = m;
        x->captures++;
        if (a->chain == RM_CHAIN_NONE) {
            finish_chain(x, &d, step, done);
        } else {
            if (a->chain == RM_CHAIN_MAY_STOP)
                finish_chain(x, &d, step, done);
            bool more = gen_captures_from(x, a, pts[k], true, NULL, &d, step, done);
            if (a->chain == RM_CHAIN_MUST_CONTINUE && !more)
                finish_chain(x, &d, step, done);
        }
        x->captures--;
        x->nmoves--;
        undo_to(g, x->st, &x->log, mark);
    }
    return found;
}

static void gen_captures(gen *x, const rm_action_rule *a, int step, int done)
{
    rm_set dead, targets = target_points(x->g, x->st, a);
    set_clear(&dead);
    SET_FOREACH(p, &x->st->occ[x->side]) {
        if (x->st->kind[p] == a->kind && set_meets(&x->g->board.adjacent[p], &targets))
            gen_captures_from(x, a, p, false, &targets, &dead, step, done);
    }
}

static void gen_removes(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_state *st = x->st;
    int lowest = -1;
    for (int k = 0; k < x->g->nkinds && lowest < 0; k++)
        if (a->targets >> k & 1)
            lowest = first_point(x, RM_MV_REMOVE, k);
    bool last = last_move(x, step, done);
    uint64_t base = last ? st->hash ^ end_delta(x) : 0;
    SET_FOREACH(p, &st->occ[1 - x->side]) {
        if (p < lowest || !(a->targets >> st->kind[p] & 1))
            continue;
        if (a->has_region && !set_has(&a->region, p))
            continue;
        rm_move m = { RM_MV_REMOVE, 0, (uint8_t)st->kind[p], (uint8_t)p, 0, 0, 0 };
        if (last)
            list_last(x, &m, base ^ take_delta(x->g, st, p));
        else
            make_and_continue(x, &m, step, done);
    }
}

static void gen_relocates(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    const rm_state *st = x->st;
    SET_FOREACH(p, &st->occ[x->side]) {
        if (st->kind[p] != a->kind)
            continue;
        uint64_t leaving = leaving_hash(x, p, step, done);
        for (int q = 0; q < g->board.npoints; q++) {
            if (q == p || st->kind[q] >= 0 || (a->has_region && !set_has(&a->region, q)))
                continue;
            move_to(x, a->kind, p, q, step, done, leaving);
        }
    }
}

/* One action of a step, by the general walk. */
static void gen_action(gen *x, const rm_action_rule *a, int step, int done)
{
    switch (a->type) {
    case RM_DROP:
        gen_drop(x, a, step, done);
        break;
    case RM_STEP:
    case RM_SLIDE:
    case RM_LEAP:
        gen_moves(x, a, step, done);
        break;
    case RM_CAPTURE:
        gen_captures(x, a, step, done);
        break;
    case RM_REMOVE:
        gen_removes(x, a, step, done);
        break;
    case RM_RELOCATE:
        gen_relocates(x, a, step, done);
        break;
    default:
        break;
    }
}

static void gen_steps(gen *x, int step, int done)
{
    if (x->budget <= 0)
        return;
    x->budget--;
    if (step == x->tr->nsteps) {
        if (x->list) {
            add_turn(x->list, x->st->hash ^ end_delta(x), x->moves, x->nmoves, x->captures > 0,
                     true);
            return;
        }
        rm_clock saved = clock_of(x->st);
        end_turn(x->g, x->st);
        x->emit(x->ctx, x->st, x->moves, x->nmoves, x->captures > 0);
        clock_store(x->st, &saved);
        return;
    }
    const rm_step_rule *s = &x->tr->steps[step];
    int saved = x->step_begin;
    int begin = done == 0 ? x->nmoves : saved;
    if (done >= s->min)
        gen_steps(x, step + 1, 0);
    x->step_begin = begin;
    if (done < s->max)
        for (int i = 0; i < s->nalts; i++)
            gen_action(x, &x->g->rules.actions[s->alt[i]], step, done);
    x->step_begin = saved;
}

/* ---- single moves ---- */

/* Adds the one-move turn M leading to the position with hash H. */
static void single(gen *x, uint64_t h, rm_move m, bool captured)
{
    if (x->budget <= 0)
        return;
    x->budget--;
    add_turn(x->list, h, &m, 1, captured, x->tr->merge);
}

/* Where single_moves writes its turns while the list has room for them
 * and they need no merging: the next free slots, and how many turns fit
 * (within the list's arrays, its limit and the budget) before single
 * has to take over. Kept in locals, so that the loops do not reload the
 * list's counts after every store. */
typedef struct sink {
    rm_turn *turn;
    rm_move *move;
    uint32_t off;              /* the index of *move in the list's moves */
    long room;
} sink;

static inline sink sink_open(const gen *x)
{
    const rm_turnlist *l = x->list;
    sink k = { NULL, NULL, 0, 0 };
    if (x->tr->merge || l->failed || !l->turns || !l->moves)
        return k;
    long room = (l->cap < RM_MAX_TURNS ? l->cap : RM_MAX_TURNS) - l->n;
    if ((long)(l->capmoves - l->nmoves) < room)
        room = (long)(l->capmoves - l->nmoves);
    if (x->budget < room)
        room = x->budget;
    if (room > 0)
        k = (sink){ l->turns + l->n, l->moves + l->nmoves, (uint32_t)l->nmoves, room };
    return k;
}

/* Counts the turns written through K into the list and the budget. */
static inline void sink_close(gen *x, sink k)
{
    if (!k.turn)
        return;
    rm_turnlist *l = x->list;
    int n = (int)(k.turn - (l->turns + l->n));
    l->n += n;
    l->nmoves += (size_t)n;
    x->budget -= n;
}

/* When the sink is full (or the turns need merging): settles it, lists M
 * by add_turn, which grows the list or merges, and opens a new sink. */
static sink put_slow(gen *x, sink k, uint64_t h, rm_move m, bool captured)
{
    sink_close(x, k);
    single(x, h, m, captured);
    return sink_open(x);
}

/* Lists the one-move turn M leading to the position with hash H. */
static inline void put(gen *x, sink *k, uint64_t h, rm_move m, bool captured)
{
    if (k->room > 0) {
        *k->move++ = m;
        *k->turn++ = (rm_turn){ h, k->off++, 1, captured };
        k->room--;
    } else {
        *k = put_slow(x, *k, h, m, captured);
    }
}

/* The turns of action A (no chain) from ROOT: BASE is the hash of ROOT
 * with the end of the turn already in it. */
static void single_moves(gen *x, const rm_state *root, const rm_action_rule *a, uint64_t base)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    int kind = a->kind;
    sink out = sink_open(x);
    switch (a->type) {
    case RM_DROP: {
        if (root->hand[kind] == 0 || (a->fewer_than >= 0 && root->on_board[kind] >= a->fewer_than))
            return;
        base ^= drop_delta(g, root, kind) ^ end_turn_delta(g, root, -1);
        for (int p = 0; p < b->npoints; p++) {
            if ((a->has_region && !set_has(&a->region, p)) || !may_enter(g, root, p, kind))
                continue;
            put(x, &out, base ^ add_delta(g, root, p, kind),
                (rm_move){ RM_MV_DROP, 0, (uint8_t)kind, 0, (uint8_t)p, 0, 0 }, false);
        }
        sink_close(x, out);
        return;
    }
    case RM_REMOVE:
        SET_FOREACH(p, &root->occ[1 - x->side]) {
            if (!(a->targets >> root->kind[p] & 1) || (a->has_region && !set_has(&a->region, p)))
                continue;
            put(x, &out, base ^ take_delta(g, root, p),
                (rm_move){ RM_MV_REMOVE, 0, (uint8_t)root->kind[p], (uint8_t)p, 0, 0, 0 }, false);
        }
        sink_close(x, out);
        return;
    default:
        break;
    }
    /* A step onto a kind that cannot stack needs an empty neighbour: the
     * pieces without one are passed over without looking along their rays. */
    bool plain_step = a->type == RM_STEP && !g->kinds[kind].stacks;
    rm_set empty, targets;
    for (int i = 0; i < RM_SET_WORDS; i++)
        empty.w[i] = ~(root->occ[0].w[i] | root->occ[1].w[i]);
    if (a->type == RM_CAPTURE)
        targets = target_points(g, root, a);
    SET_FOREACH(p, &root->occ[x->side]) {
        if (root->kind[p] != kind || (plain_step && !set_meets(&b->adjacent[p], &empty)))
            continue;
        uint64_t from = base ^ take_delta(g, root, p);
        rm_move m = { RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)p, 0, 0, 0 };
        uint32_t first = b->ray_off[p], last = b->ray_off[p + 1];
        switch (a->type) {
        case RM_RELOCATE:
            for (int q = 0; q < b->npoints; q++) {
                if (q == p || root->kind[q] >= 0 || (a->has_region && !set_has(&a->region, q)))
                    continue;
                m.to = (uint8_t)q;
                put(x, &out, from ^ g->zob_cell[q][kind], m, false);
            }
            break;
        case RM_STEP:
            for (uint32_t r = first; r < last; r++) {
                int q = b->ray_next[r];
                if (may_enter(g, root, q, kind)) {
                    m.to = (uint8_t)q;
                    put(x, &out, from ^ add_delta(g, root, q, kind), m, false);
                }
            }
            break;
        case RM_SLIDE:
            for (uint32_t r = first; r < last; r++) {
                const uint16_t *pts = b->ray_pts + b->rays[r].off;
                int len = b->rays[r].len;
                for (int i = 0; i < len && root->kind[pts[i]] < 0; i++) {
                    m.to = (uint8_t)pts[i];
                    put(x, &out, from ^ g->zob_cell[pts[i]][kind], m, false);
                }
            }
            break;
        case RM_LEAP:
            for (uint32_t r = first; r < last; r++) {
                const uint16_t *pts = b->ray_pts + b->rays[r].off;
                if (b->rays[r].len >= 2 && root->kind[pts[0]] >= 0 &&
                    (a->targets >> root->kind[pts[0]] & 1) && may_enter(g, root, pts[1], kind)) {
                    m.to = (uint8_t)pts[1];
                    put(x, &out, from ^ add_delta(g, root, pts[1], kind), m, false);
                }
            }
            break;
        case RM_CAPTURE:
            if (!set_meets(&b->adjacent[p], &targets))
                break;
            for (uint32_t r = first; r < last; r++) {
                const uint16_t *pts = b->ray_pts + b->rays[r].off;
                int k = capture_run(g, root, a, pts, b->rays[r].len, NULL);
                if (k == 0)
                    continue;
                uint64_t h = from ^ g->zob_cell[pts[k]][kind];
                for (int i = 0; i < k; i++)
                    h ^= take_delta(g, root, pts[i]);
                put(x, &out, h,
                    (rm_move){ RM_MV_CAPTURE, (uint8_t)(a->remove_at_end ? RM_MVF_DEFER : 0),
                               (uint8_t)kind, (uint8_t)p, (uint8_t)pts[k], (uint8_t)(r - first),
                               (uint8_t)k },
                    true);
            }
            break;
        default:
            break;
        }
    }
    sink_close(x, out);
}

static bool generate(const rm_game *g, const rm_state *st, rm_turnlist *list, rm_emit_fn emit,
                     void *ctx, bool canonical)
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
    x.list = list;
    x.emit = emit;
    x.ctx = ctx;
    x.canonical = canonical;
    x.step_begin = 0;
    x.budget = RM_MAX_GEN_STEPS;
    x.log.n = 0;
    x.end_known = false;
    rm_state work;
    x.st = &work;
    if (list && x.tr->single) {
        const rm_step_rule *s = &x.tr->steps[0];
        uint64_t base = st->hash ^ end_turn_delta(g, st, -1);
        bool copied = false;
        for (int i = 0; i < s->nalts; i++) {
            const rm_action_rule *a = &g->rules.actions[s->alt[i]];
            if (a->type != RM_CAPTURE || a->chain == RM_CHAIN_NONE) {
                single_moves(&x, st, a, base);
                continue;
            }
            if (!copied) {
                work = *st;
                copied = true;
            }
            gen_captures(&x, a, 0, 0);
        }
    } else {
        work = *st;
        gen_steps(&x, 0, 0);
    }
    return x.budget > 0;
}

bool rm_generate(const rm_game *g, const rm_state *st, rm_emit_fn emit, void *ctx)
{
    return generate(g, st, NULL, emit, ctx, false);
}

/* ---- what the generator may rely on ---- */

/* Whether two rays of one point can reach the same point: then two moves
 * along different lines may end alike. */
static bool rays_overlap(const rm_board *b)
{
    for (int p = 0; p < b->npoints; p++) {
        rm_set seen;
        set_clear(&seen);
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            for (int i = 0; i < b->rays[r].len; i++) {
                if (set_has(&seen, pts[i]))
                    return true;
                set_add(&seen, pts[i]);
            }
        }
    }
    return false;
}

/* What an action does to a position, for telling whether two actions can
 * reach the same one: a piece moves (nothing leaves the board), a piece
 * is dropped (a hand shrinks), a capture (a piece moves and enemies
 * leave), a removal (an enemy leaves, nothing moves). */
static int action_class(const rm_action_rule *a)
{
    switch (a->type) {
    case RM_STEP:
    case RM_SLIDE:
    case RM_LEAP:
    case RM_RELOCATE:
        return 0;
    case RM_DROP:
        return 1;
    case RM_CAPTURE:
        return 2;
    default:
        return 3;
    }
}

/* Derives the generator's flags of every turn pattern: whether it is one
 * step taken once, and whether two of its turns may reach one position,
 * which needs the turns to be merged by position. One action's moves
 * reach different positions (different pieces, different points) unless
 * the board's lines cross twice; actions of different classes do too;
 * two actions of one class and one kind (a step and a slide, say) may
 * overlap. Chains are always merged among themselves. */
static void prepare_patterns(rm_game *g)
{
    bool overlap = rays_overlap(&g->board);
    for (int f = 0; f < g->rules.nphases; f++) {
        rm_phase *ph = &g->rules.phases[f];
        for (int t = 0; t < ph->nturns; t++) {
            rm_turn_rule *tr = &ph->turns[t];
            const rm_step_rule *s = &tr->steps[0];
            tr->single = tr->nsteps == 1 && s->min == 1 && s->max == 1;
            tr->merge = overlap;
            for (int i = 0; tr->single && i < s->nalts; i++)
                for (int j = i + 1; j < s->nalts; j++) {
                    const rm_action_rule *a = &g->rules.actions[s->alt[i]];
                    const rm_action_rule *c = &g->rules.actions[s->alt[j]];
                    int ka = action_class(a);
                    if (ka == action_class(c) && (ka == 3 || a->kind == c->kind))
                        tr->merge = true;
                }
        }
    }
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
        uint32_t cap = l->seen_cap ? l->seen_cap * 2 : 4096;
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

/* Adds a turn of MOVES, leading to the position with hash HASH, to L;
 * with DEDUP, only when no turn listed so far leads there. */
static void add_turn(rm_turnlist *l, uint64_t hash, const rm_move *moves, int n, bool captured,
                     bool dedup)
{
    if (l->failed || (dedup && !seen_add(l, hash)))
        return;
    if (l->n == RM_MAX_TURNS) {
        l->too_many = true;
        l->failed = true;
        return;
    }
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 1024;
        allocations++;
        rm_turn *t = realloc(l->turns, (size_t)cap * sizeof *t);
        if (!t) {
            l->failed = true;
            return;
        }
        l->turns = t;
        l->cap = cap;
    }
    /* (allocated for a turn of no move too: rm_turn_moves never points
     * into a NULL array) */
    if (l->nmoves + (size_t)n > l->capmoves || !l->moves) {
        size_t cap = l->capmoves ? l->capmoves * 2 : 16384;
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
    if (n == 1)
        l->moves[l->nmoves] = moves[0];
    else
        memcpy(l->moves + l->nmoves, moves, (size_t)n * sizeof *moves);
    l->turns[l->n++] = (rm_turn){ hash, (uint32_t)l->nmoves, (uint16_t)n, captured };
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
    if (!generate(g, st, l, NULL, NULL, true) || l->too_many) {
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
