/* result.c: how a game ends (see result.h). */
#include "result.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- repetitions ---- */

void rm_history_init(rm_history *h)
{
    h->n = h->cap = 0;
    h->e = NULL;
    h->last = NULL;
}

void rm_history_free(rm_history *h)
{
    free(h->e);
    free(h->last);
    rm_history_init(h);
}

/* Makes room for one more position; -1 when out of memory. */
int rm_history_grow(rm_history *h)
{
    if (!h->last) {
        h->last = malloc(RM_HISTORY_SLOTS * sizeof *h->last);
        if (!h->last)
            return -1;
        rm_exec_count_allocation();
        for (int i = 0; i < RM_HISTORY_SLOTS; i++)
            h->last[i] = -1;
    }
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 256;
        rm_history_entry *e = realloc(h->e, (size_t)cap * sizeof *e);
        if (!e)
            return -1;
        rm_exec_count_allocation();
        h->e = e;
        h->cap = cap;
    }
    return 0;
}

int rm_history_reserve(rm_history *h, int n)
{
    if (h->n == h->cap && rm_history_grow(h) != 0)
        return -1;
    if (n > h->cap) {
        rm_history_entry *e = realloc(h->e, (size_t)n * sizeof *e);
        if (!e)
            return -1;
        rm_exec_count_allocation();
        h->e = e;
        h->cap = n;
    }
    return 0;
}

void rm_history_truncate(rm_history *h, int n)
{
    while (h->n > n) {
        const rm_history_entry *e = &h->e[--h->n];
        h->last[rm_history_slot(e->hash)] = e->prev;
    }
}

int rm_history_start(rm_history *h, const rm_state *st)
{
    /* Emptying the slots at once is faster than taking back each of
     * many positions. */
    if (h->n > RM_HISTORY_SLOTS / 16) {
        for (int i = 0; i < RM_HISTORY_SLOTS; i++)
            h->last[i] = -1;
        h->n = 0;
    }
    rm_history_truncate(h, 0);
    return rm_history_push(h, st);
}

int rm_history_copy(rm_history *dst, const rm_history *src)
{
    rm_history_truncate(dst, 0);
    for (int i = 0; i < src->n; i++) {
        if ((dst->n < dst->cap && dst->last ? 0 : rm_history_grow(dst)) != 0)
            return -1;
        dst->e[i] = src->e[i];
        dst->last[rm_history_slot(src->e[i].hash)] = i;
        dst->n++;
    }
    return 0;
}

/* ---- results ---- */

static int decide(rm_outcome *out, int result, rm_end_rule rule, int side, int count)
{
    if (out)
        *out = (rm_outcome){ result, rule, side, count };
    return result;
}

/* The counting rules of rule 2 (result.h), on the counters COUNTS
 * (rm_state_stall of each side, rm_state_quiet) and the pieces of each
 * side PIECES: RM_ONGOING when neither applies. */
static int counting_rules(const rm_game *g, const uint8_t *counts, const int pieces[2],
                          rm_outcome *out)
{
    const rm_rules *r = &g->rules;
    for (int s = 0; s < 2; s++)
        if (r->stall_after[s] > 0 && counts[s] >= r->stall_after[s])
            return decide(out, 1 - s, RM_BY_STALLING, s, r->stall_after[s]);
    if (r->quiet_after > 0 && counts[2] >= r->quiet_after) {
        int more = pieces[0] > pieces[1] ? 0 : pieces[1] > pieces[0] ? 1 : -1;
        return decide(out, more >= 0 ? more : RM_DRAW, RM_BY_MORE_PIECES, more, r->quiet_after);
    }
    return RM_ONGOING;
}

/* End rules 1 to 5, which read the pieces in hand and on the board
 * (HAND and ON_BOARD, a byte a kind, WORDS words of eight: every kind
 * past the game's is 0), the counters COUNTS (three bytes, counting_rules),
 * the points of each win by a region that hold its kinds (HELD, by
 * goal; read only when the game has such wins), the side to move, the
 * turns played and the history: RM_ONGOING when none applies; and
 * before them, the end of a game whose last turn was a blocked side's
 * pass that ends it (PASS_END, rm_state_pass_end, by the side not to
 * move, TO_MOVE). Both kinds of state come here. */
#if defined __GNUC__
__attribute__((always_inline))
#endif
static inline int rules_before_turns(const rm_game *g, const uint8_t *hand, const uint8_t *on_board,
                                     int words, const uint8_t *counts, int turn, int to_move,
                                     int pass_end, const int *held,
                                     const rm_history *h, rm_outcome *out)
{
    const rm_rules *r = &g->rules;
    if (pass_end)
        return decide(out, pass_end == RM_BLOCKED_PASS_DRAWS ? RM_DRAW : to_move,
                      RM_BY_BLOCKED_PASS, 1 - to_move, 0);
    uint64_t hw[2] = { 0, 0 }, bw[2] = { 0, 0 };
    memcpy(&hw[0], hand, 8);
    memcpy(&bw[0], on_board, 8);
    if (words == 2) {
        memcpy(&hw[1], hand + 8, 8);
        memcpy(&bw[1], on_board + 8, 8);
    }
    for (int s = 0; s < 2; s++) {
        const rm_side *sd = &g->sides[s];
        const uint64_t *m = sd->kind_mask;
        if ((((hw[0] | bw[0]) & m[0]) | ((hw[1] | bw[1]) & m[1])) == 0)
            return decide(out, 1 - s, RM_BY_NO_PIECES, s, 0);
        if (r->lose_with[s] >= 0) {
            int n = 0;
            int end = sd->first_kind + sd->nkinds;
            for (int k = sd->first_kind; k < end && k < RM_MAX_KINDS; k++)
                n += hand[k] + on_board[k];
            if (n <= r->lose_with[s])
                return decide(out, 1 - s, RM_BY_LOSING_NUMBER, s, n);
        }
    }
    if (r->counting) {
        int pieces[2] = { 0, 0 };
        for (int s = 0; s < 2; s++) {
            const rm_side *sd = &g->sides[s];
            for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds && k < 8 * words; k++)
                pieces[s] += hand[k] + on_board[k];
        }
        int c = counting_rules(g, counts, pieces, out);
        if (c != RM_ONGOING)
            return c;
    }
    /* rule 3: a win by a region; when wins of both sides hold (only in a
     * position set up so: a side's pieces reach or fill a set on its own
     * turns alone), the side that played last, not to move, wins */
    if (r->ngoals > 0) {
        int won = -1;
        for (int i = 0; i < r->ngoals; i++) {
            const rm_goal *gl = &r->goals[i];
            bool holds = gl->fills ? held[i] == gl->npoints : held[i] > 0;
            if (holds && (won < 0 || (r->goals[won].side == to_move && gl->side != to_move)))
                won = i;
        }
        if (won >= 0)
            return decide(out, r->goals[won].side, RM_BY_GOAL, r->goals[won].side, won);
    }
    if (turn >= r->draw_after)
        return decide(out, RM_DRAW, RM_BY_TURN_LIMIT, -1, r->draw_after);
    if (h && r->draw_repeat > 0) {
        int seen = rm_history_repeats(h);
        if (seen >= r->draw_repeat)
            return decide(out, RM_DRAW, RM_BY_REPETITION, -1, seen);
    }
    return RM_ONGOING;
}

/* Rules 6 and 7, once the rules before them leave the game going: the
 * legal turns of ST, listed into L. */
static int rules_of_turns(const rm_game *g, const rm_state *st, rm_turnlist *l, rm_outcome *out)
{
    const rm_rules *r = &g->rules;
    int n = rm_legal_turns(g, st, l);
    int side = rm_state_to_move(st);
    if (n < 0)
        return decide(out, RM_FAILED,
                      l->too_slow ? RM_BY_TOO_SLOW : l->too_many ? RM_BY_TOO_MANY : RM_BY_NO_MEMORY,
                      side, 0);
    uint8_t phase[2] = { (uint8_t)rm_state_phase(st, 0), (uint8_t)rm_state_phase(st, 1) };
    if (n == 0)
        return decide(out, rm_blocked_rule(r, phase, side) == RM_BLOCKED_DRAWS ? RM_DRAW : 1 - side,
                      RM_BY_BLOCKED, side, 0);
    if (l->pass && rm_blocked_rule(r, phase, side) == RM_BLOCKED_PASSES) {
        /* Both sides pass when blocked: when the other side cannot move
         * either once this one has passed, and passes too, the game ends
         * as the file says instead of going on pass after pass. (A pass
         * after which the game is over ends it by itself.) */
        rm_state after = *st;
        rm_apply(g, &after, NULL, 0);
        uint8_t then[2] = { (uint8_t)rm_state_phase(&after, 0), (uint8_t)rm_state_phase(&after, 1) };
        if (rm_blocked_rule(r, then, 1 - side) != RM_BLOCKED_PASSES)
            return decide(out, RM_ONGOING, RM_BY_NONE, -1, 0);
        int can = rm_can_move(g, &after);
        if (can < 0)
            return decide(out, RM_FAILED, RM_BY_TOO_MANY, 1 - side, 0);
        if (can == 0)
            return decide(out, r->both_blocked, RM_BY_BOTH_BLOCKED, -1, 0);
    }
    return decide(out, RM_ONGOING, RM_BY_NONE, -1, 0);
}

/* rm_result, and with T, rm_result_tally. */
static int result_of(const rm_game *g, const rm_state *st, const rm_history *h, rm_turnlist *l,
                     rm_tally *t, rm_outcome *out)
{
    uint8_t hand[RM_MAX_KINDS] = { 0 }, on_board[RM_MAX_KINDS] = { 0 };
    for (int k = 0; k < g->nkinds; k++) {
        hand[k] = (uint8_t)rm_state_hand(st, k);
        on_board[k] = (uint8_t)rm_state_on_board(st, k);
    }
    uint8_t counts[3] = { (uint8_t)rm_state_stall(st, 0), (uint8_t)rm_state_stall(st, 1),
                          (uint8_t)rm_state_quiet(st) };
    int held[RM_MAX_GOALS];
    for (int i = 0; i < g->rules.ngoals; i++) {
        const rm_goal *gl = &g->rules.goals[i];
        held[i] = 0;
        for (int p = set_next(&gl->set, 0); p >= 0; p = set_next(&gl->set, p + 1)) {
            int k = rm_state_kind(st, p);
            held[i] += k >= 0 && (gl->kinds >> k & 1);
        }
    }
    int early = rules_before_turns(g, hand, on_board, RM_MAX_KINDS / 8, counts, rm_state_turn(st),
                                   rm_state_to_move(st), rm_state_pass_end(st), held, h, out);
    if (early != RM_ONGOING)
        return early;
    /* Counted turns are at least one, and none is a pass: rule 6 and
     * both sides blocked cannot apply. Otherwise they are listed. */
    if (t && rm_count_turns(g, st, t) > 0)
        return decide(out, RM_ONGOING, RM_BY_NONE, -1, 0);
    return rules_of_turns(g, st, l, out);
}

int rm_bits_result(const rm_game *g, const rm_bits *k, const rm_bstate *bs, const rm_history *h,
                   rm_btally *t, rm_turnlist *l, rm_state *st, rm_outcome *out)
{
    t->n = 0;
    int held[RM_MAX_GOALS];
    for (int i = 0; i < g->rules.ngoals; i++)
        held[i] = rm_bits_goal_held(k, bs, i);
    int early = rules_before_turns(g, bs->hand, bs->on_board, RM_BITS_MAX_KINDS / 8,
                                   rm_bits_counters(k, bs), bs->turn, bs->to_move,
                                   bs->pass_end, held, h, out);
    if (early != RM_ONGOING)
        return early;
    if (rm_bits_count(k, bs, t) > 0)
        return decide(out, RM_ONGOING, RM_BY_NONE, -1, 0);
    rm_bits_to_state(k, bs, st);
    return rules_of_turns(g, st, l, out);
}

int rm_result(const rm_game *g, const rm_state *st, const rm_history *h, rm_turnlist *l,
              rm_outcome *out)
{
    return result_of(g, st, h, l, NULL, out);
}

int rm_result_tally(const rm_game *g, const rm_state *st, const rm_history *h, rm_turnlist *l,
                    rm_tally *t, rm_outcome *out)
{
    t->n = 0;
    return result_of(g, st, h, l, t, out);
}

const char *rm_result_text(const rm_game *g, int result, char *buf, size_t size)
{
    if (result >= 0)
        snprintf(buf, size, "%s win", SHOWN(g->sides[result].name));
    else if (result == RM_DRAW)
        snprintf(buf, size, "draw");
    else if (result == RM_FAILED)
        snprintf(buf, size, "no result (the program cannot go on)");
    else
        snprintf(buf, size, "*");
    return buf;
}

const char *rm_result_words(const rm_game *g, int result, char *buf, size_t size)
{
    if (result == RM_ONGOING) {
        snprintf(buf, size, "unfinished");
        return buf;
    }
    return rm_result_text(g, result, buf, size);
}

const char *rm_outcome_text(const rm_game *g, const rm_outcome *o, char *buf, size_t size)
{
    /* a side's name is shown by its start, so that the rule fits */
    const char *side = o->side >= 0 ? SHOWN(g->sides[o->side].name) : "";
    switch (o->rule) {
    case RM_BY_NO_PIECES:
        snprintf(buf, size, "%s have no pieces left", side);
        break;
    case RM_BY_LOSING_NUMBER:
        snprintf(buf, size, "%s are down to %d piece%s", side, o->count, o->count == 1 ? "" : "s");
        break;
    case RM_BY_GOAL: {
        const rm_goal *gl = &g->rules.goals[o->count];
        snprintf(buf, size, "%s %s %s", side, gl->fills ? "filled" : "reached", gl->where);
        break;
    }
    case RM_BY_TURN_LIMIT:
        snprintf(buf, size, "the turn limit of %d is reached", o->count);
        break;
    case RM_BY_REPETITION:
        snprintf(buf, size, "the position is repeated %d times", o->count);
        break;
    case RM_BY_BLOCKED:
        snprintf(buf, size, "%s cannot move", side);
        break;
    case RM_BY_BOTH_BLOCKED:
        snprintf(buf, size, "neither side can move");
        break;
    case RM_BY_STALLING:
        snprintf(buf, size, "%s played %d turns in a row without advancing", side, o->count);
        break;
    case RM_BY_MORE_PIECES:
        if (o->side >= 0)
            snprintf(buf, size, "no capture in %d turns, and %s have more pieces", o->count, side);
        else
            snprintf(buf, size, "no capture in %d turns, and the sides have as many pieces",
                     o->count);
        break;
    case RM_BY_BLOCKED_PASS:
        snprintf(buf, size, "%s could not move and passed", side);
        break;
    case RM_BY_TOO_MANY:
        snprintf(buf, size, "the position has too many ways to play to list them");
        break;
    case RM_BY_TOO_SLOW:
        snprintf(buf, size, "listing the turns of the position took more than %g s",
                 rm_gen_time_limit());
        break;
    case RM_BY_NO_MEMORY:
        snprintf(buf, size, "out of memory");
        break;
    default:
        snprintf(buf, size, "%s", "");
        break;
    }
    return buf;
}
