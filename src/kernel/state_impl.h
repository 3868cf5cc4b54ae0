/* state_impl.h: the inside of the state module, for state.c and the
 * generator (movegen.c, and its turn cache, turncache.c) only: changes
 * of a state logged for taking them back, their hash changes worked out
 * without making them, and the end of a turn.
 *
 * It must be the first header such a file includes: it gives the state's
 * fields their names (RM_STATE_MODULE).
 */
#ifndef RIMAU_STATE_IMPL_H
#define RIMAU_STATE_IMPL_H

#ifdef RIMAU_STATE_H
#error "state_impl.h must be included before state.h"
#endif
#define RM_STATE_MODULE
#include "state.h"

#include <string.h>

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

/* At most RM_MAX_TURN_MOVES moves of a turn, each changing at most
 * RM_MAX_LINE + 2 points (its two ends and the pieces leapt over). */
#define UNDO_MAX (RM_MAX_TURN_MOVES * (RM_MAX_LINE + 2) + 512)

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
        st->hash ^= g->zob.cell[p][old] * st->count[p];
        st->on_board[old] -= st->count[p];
        set_del(&st->occ[g->kinds[old].side], p);
    }
    if (n > 0) {
        st->kind[p] = (int8_t)k;
        st->count[p] = (uint8_t)n;
        st->hash ^= g->zob.cell[p][k] * (uint64_t)n;
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
    st->hash ^= g->zob.hand[k] * st->hand[k];
    st->hand[k] = (uint8_t)n;
    st->hash ^= g->zob.hand[k] * st->hand[k];
}

/* Takes back the changes logged since the log held MARK entries. */
static inline void undo_to(const rm_game *g, rm_state *st, undo_log *log, int mark)
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
    uint64_t z = g->zob.cell[p][st->kind[p]];
    return z * st->count[p] ^ z * (uint64_t)(st->count[p] - 1);
}

static inline uint64_t add_delta(const rm_game *g, const rm_state *st, int p, int k)
{
    uint64_t z = g->zob.cell[p][k];
    return st->kind[p] == k ? z * st->count[p] ^ z * (uint64_t)(st->count[p] + 1) : z;
}

/* Plays one move, logging its changes in LOG unless it is NULL; jumped
 * pieces of deferred captures are added to DEAD. */
void apply_move(const rm_game *g, rm_state *st, undo_log *log, const rm_move *m, rm_set *dead);
/* Takes the pieces of DEAD off the board (one from each point). */
void remove_dead(const rm_game *g, rm_state *st, undo_log *log, const rm_set *dead);

/* ---- huffing (captures huffed ..., language.md) ----
 *
 * A piece "could capture" when, at the start of its side's turn (after
 * the turn's own huff, if any), a capture action of the turn line in
 * force could make its first capture from its point. */

/* The points of the pieces of the side to move of ST that could capture,
 * when its phase huffs (else none). */
rm_set huff_candidates(const rm_game *g, const rm_state *st);
/* The points C moved to by MOVES[0..N): each piece followed. */
rm_set huff_follow(rm_set c, const rm_move *moves, int n);
/* Where the first piece MOVES[0..N) moves (a step, slide, leap or
 * relocation) ends the turn; -1: the turn moves none. */
int huff_mover(const rm_move *moves, int n);

/* The hash keys of the points of H (pieces to huff). */
static inline uint64_t huff_hash(const rm_game *g, const rm_set *h)
{
    uint64_t z = 0;
    SET_FOREACH(p, h) {
        z ^= g->zob.huff[p];
    }
    return z;
}

/* Makes H the pieces to huff of ST, its hash kept up to date. */
void huff_set(const rm_game *g, rm_state *st, const rm_set *h);
static inline void huff_clear(const rm_game *g, rm_state *st)
{
    if (set_any(&st->huff)) {
        st->hash ^= huff_hash(g, &st->huff);
        set_clear(&st->huff);
    }
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
    uint8_t stall[2];          /* the counters (clock_count) */
    uint8_t quiet;
} rm_clock;

static inline rm_clock clock_of(const rm_state *st)
{
    return (rm_clock){ st->hash, st->turn, st->to_move, { st->phase[0], st->phase[1] },
                       { st->phase_turns[0], st->phase_turns[1] }, { st->stall[0], st->stall[1] },
                       st->quiet };
}

static inline void clock_store(rm_state *st, const rm_clock *c)
{
    st->hash = c->hash;
    st->turn = c->turn;
    st->to_move = c->to_move;
    memcpy(st->phase, c->phase, sizeof st->phase);
    memcpy(st->phase_turns, c->phase_turns, sizeof st->phase_turns);
    memcpy(st->stall, c->stall, sizeof st->stall);
    st->quiet = c->quiet;
}

/* ---- the counters of the rules that count turns ----
 *
 * A turn of side S advances when it raises the sum of the levels
 * (rm_side.fwd_level) of S's pieces on the board: a piece moved ends
 * farther forward than it started (a chain: its last point against its
 * first), or a piece is dropped (every level is at least 1). A turn
 * captures when it takes a piece (a capture or a removal). The bit
 * kernel finds both from the positions before and after the turn
 * (bitgen.c), the reference from the moves (below): the same answer. */

/* Whether the moves M[0..N) of side SIDE advance. */
static inline bool moves_advance(const rm_game *g, int side, const rm_move *m, int n)
{
    const uint16_t *level = g->sides[side].fwd_level;
    if (!level)
        return false;
    long d = 0;
    for (int i = 0; i < n; i++)
        if (m[i].type == RM_MV_DROP)
            d += level[m[i].to];
        else if (m[i].type == RM_MV_MOVE || m[i].type == RM_MV_CAPTURE)
            d += (long)level[m[i].to] - (long)level[m[i].from];
    return d > 0;
}

/* Whether the moves M[0..N) take a piece. */
static inline bool moves_capture(const rm_move *m, int n)
{
    for (int i = 0; i < n; i++)
        if (m[i].type == RM_MV_CAPTURE || m[i].type == RM_MV_REMOVE)
            return true;
    return false;
}

/* The counters of C after a turn of side S that ADVANCED and CAPTURED,
 * its hash kept up to date: each rule's count goes up by one or back to
 * 0, and stays at most at the rule's number (where the game is over). */
static inline void clock_count(const rm_game *g, rm_clock *c, int s, bool advanced, bool captured)
{
    const rm_rules *r = &g->rules;
    if (r->stall_after[s] > 0) {
        int n = advanced ? 0 : c->stall[s] < r->stall_after[s] ? c->stall[s] + 1 : c->stall[s];
        c->hash ^= g->zob.stall[s] * c->stall[s] ^ g->zob.stall[s] * (uint64_t)n;
        c->stall[s] = (uint8_t)n;
    }
    if (r->quiet_after > 0) {
        int n = captured ? 0 : c->quiet < r->quiet_after ? c->quiet + 1 : c->quiet;
        c->hash ^= g->zob.quiet * c->quiet ^ g->zob.quiet * (uint64_t)n;
        c->quiet = (uint8_t)n;
    }
}

/* Whether the turn of the side to move in ST is counted: the game has
 * counting rules, and the turn is a turn of the game (its phase is not
 * played before play). */
static inline bool turn_counted(const rm_game *g, const rm_state *st)
{
    return g->rules.counting && !g->rules.phases[st->phase[st->to_move]].before_play;
}

/* What the turn of moves M[0..N) (CAPTURED: it takes a piece) does to
 * the counters of ST, as a change of its hash. */
static inline uint64_t count_delta(const rm_game *g, const rm_state *st, const rm_move *m, int n,
                                   bool captured)
{
    if (!turn_counted(g, st))
        return 0;
    rm_clock c = clock_of(st);
    clock_count(g, &c, st->to_move, moves_advance(g, st->to_move, m, n), captured);
    return c.hash ^ st->hash;
}

/* Moves side S on to its next phase while the one in force has ended. */
static inline void advance_side(const rm_game *g, rm_clock *c, const uint8_t *hand, int s)
{
    const rm_rules *r = &g->rules;
    for (;;) {
        const rm_phase *ph = &r->phases[c->phase[s]];
        if (!ph->may_end)
            break;
        bool ended = false;
        if (ph->end == RM_END_HAND_EMPTY) {
            const rm_side *sd = &g->sides[s];
            int n = 0;
            for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
                n += hand[k];
            ended = n == 0;
        } else if (ph->end == RM_END_AFTER_TURNS) {
            ended = c->phase_turns[s] >= ph->end_turns;
        }
        if (!ended)
            break;
        c->hash ^= g->zob.phase[s][c->phase[s]] ^ g->zob.pturn[s] * c->phase_turns[s];
        c->phase[s]++;
        c->phase_turns[s] = 0;
        c->hash ^= g->zob.phase[s][c->phase[s]];
    }
}

/* Moves each side on to its next phase while the one in force has ended. */
static inline void advance_phases(const rm_game *g, rm_clock *c, const uint8_t *hand)
{
    for (int s = 0; s < 2; s++)
        if (g->rules.phases[c->phase[s]].may_end)
            advance_side(g, c, hand, s);
}

/* Ends the turn of the side to move, with HAND the hands after it. A
 * turn of a phase played before play is not a turn of the game: the turn
 * number stays, and the side keeps the move until the phase ends; then
 * the other side plays its own such phase, if it has one still to play,
 * or the side named first plays turn 1. */
static inline void clock_end_turn(const rm_game *g, rm_clock *c, const uint8_t *hand)
{
    int s = c->to_move;
    const rm_phase *ph = &g->rules.phases[c->phase[s]];
    bool before_play = ph->before_play;
    if (!before_play)
        c->turn++;
    /* Count the side's turns in its phase only as far as they matter (to
     * pick the turn line, or to end the phase): beyond that, positions
     * that differ only in the count are the same position, so that they
     * can repeat. */
    int matters = ph->nturns - 1;
    if (ph->end == RM_END_AFTER_TURNS && ph->end_turns > matters)
        matters = ph->end_turns;
    if (c->phase_turns[s] < matters) {
        c->hash ^= g->zob.pturn[s] * c->phase_turns[s];
        c->phase_turns[s]++;
        c->hash ^= g->zob.pturn[s] * c->phase_turns[s];
    }
    advance_phases(g, c, hand);
    int next = 1 - s;
    if (before_play) {
        if (g->rules.phases[c->phase[s]].before_play)
            next = s;
        else if (!g->rules.phases[c->phase[1 - s]].before_play)
            next = g->rules.first;
    }
    if (next != s) {
        c->hash ^= g->zob.side[s];
        c->to_move = (uint8_t)next;
        c->hash ^= g->zob.side[next];
    }
}

/* The rule under which a turn of no move by ST's side to move is the
 * pass of a blocked side that ends the game (RM_BLOCKED_PASS_LOSES or
 * _DRAWS); 0 when it is not: the side's rule is another, or its turn line
 * in force may be played with no move at all (every step optional), so
 * that such a turn is a turn like any, not a pass. */
static inline int pass_end_rule(const rm_game *g, const rm_state *st)
{
    int side = st->to_move;
    int rule = rm_blocked_rule(&g->rules, st->phase, side);
    if (rule != RM_BLOCKED_PASS_LOSES && rule != RM_BLOCKED_PASS_DRAWS)
        return 0;
    const rm_phase *ph = &g->rules.phases[st->phase[side]];
    int t = st->phase_turns[side] < ph->nturns ? st->phase_turns[side] : ph->nturns - 1;
    const rm_turn_rule *tr = &ph->turns[t];
    for (int i = 0; i < tr->nsteps; i++)
        if (tr->steps[i].min > 0)
            return rule;
    return 0;
}

/* Ends the turn of the side to move on ST, a turn of the moves
 * M[0..N), which it counts (clock_count). */
void end_turn(const rm_game *g, rm_state *st, const rm_move *m, int n);
/* What ending the turn does to the hash of ST once one piece of kind
 * DROPPED (-1: none) has left the hand. */
static inline uint64_t end_turn_delta(const rm_game *g, const rm_state *st, int dropped)
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
uint64_t drop_delta(const rm_game *g, const rm_state *st, int k);

#endif
