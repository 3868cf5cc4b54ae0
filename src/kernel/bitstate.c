/* bitstate.c: the bit kernel's states (rm_bstate) made of states and
 * back, and the end of a turn on a bit state by the state module's
 * clock. Part of the state module: it reads rm_state's fields
 * (state_impl.h), which the rest of the bit kernel (bitgen.c,
 * bitgen_words.h) never does. */
#include "state_impl.h"

#include "bitgen.h"
#include "bitgen_impl.h"

#include <string.h>

/* ---- bit states and states ---- */

void rm_bits_from_state(const rm_bits *k, const rm_state *st, rm_bstate *out)
{
    memset(out, 0, k->size);
    out->hash = st->hash;
    out->turn = st->turn;
    out->to_move = st->to_move;
    memcpy(out->phase, st->phase, sizeof out->phase);
    memcpy(out->phase_turns, st->phase_turns, sizeof out->phase_turns);
    out->pass_end = st->pass_end;
    for (int i = 0; i < k->nkinds; i++) {
        out->hand[i] = st->hand[i];
        out->on_board[i] = st->on_board[i];
    }
    if (k->counting) {
        uint8_t *c = (uint8_t *)out + k->coff;
        c[0] = st->stall[0];
        c[1] = st->stall[1];
        c[2] = st->quiet;
    }
    uint8_t *height = (uint8_t *)&out->w[k->hoff];
    for (int p = 0; p < k->g->board.npoints; p++) {
        if (st->kind[p] < 0)
            continue;
        int bit = k->bit_of[p];
        out->w[st->kind[p] * k->words + (bit >> 6)] |= (uint64_t)1 << (bit & 63);
        if (k->stacks)
            height[bit] = st->count[p];
    }
}

void rm_bits_to_state(const rm_bits *k, const rm_bstate *bs, rm_state *out)
{
    memset(out, 0, sizeof *out);
    memset(out->kind, -1, sizeof out->kind);
    out->hash = bs->hash;
    out->turn = bs->turn;
    out->to_move = bs->to_move;
    memcpy(out->phase, bs->phase, sizeof out->phase);
    memcpy(out->phase_turns, bs->phase_turns, sizeof out->phase_turns);
    out->pass_end = bs->pass_end;
    for (int i = 0; i < k->nkinds; i++) {
        out->hand[i] = bs->hand[i];
        out->on_board[i] = bs->on_board[i];
    }
    const uint8_t *c = rm_bits_counters(k, bs);
    out->stall[0] = c[0];
    out->stall[1] = c[1];
    out->quiet = c[2];
    const uint8_t *height = (const uint8_t *)&bs->w[k->hoff];
    for (int kind = 0; kind < k->nkinds; kind++)
        for (int i = 0; i < k->words; i++)
            for (uint64_t w = bs->w[kind * k->words + i]; w; w &= w - 1) {
                int bit = i * 64 + __builtin_ctzll(w);
                int p = k->point_of[bit];
                out->kind[p] = (int8_t)kind;
                out->count[p] = k->stacks ? height[bit] : 1;
                set_add(&out->occ[k->kside[kind]], p);
            }
}

/* ---- the end of a turn ---- */

void bits_end_turn_slow(const rm_bits *k, rm_bstate *s)
{
    rm_clock c = { s->hash, s->turn, s->to_move, { s->phase[0], s->phase[1] },
                   { s->phase_turns[0], s->phase_turns[1] }, { 0, 0 }, 0 };
    clock_end_turn(k->g, &c, s->hand);
    s->hash = c.hash;
    s->turn = c.turn;
    s->to_move = c.to_move;
    memcpy(s->phase, c.phase, sizeof s->phase);
    memcpy(s->phase_turns, c.phase_turns, sizeof s->phase_turns);
}


/* ---- the counters ---- */

const uint8_t *rm_bits_counters(const rm_bits *k, const rm_bstate *bs)
{
    static const uint8_t none[3] = { 0, 0, 0 };
    return k->counting ? (const uint8_t *)bs + k->coff : none;
}

/* The sum of the levels of SIDE's pieces in S (stacks counted by their
 * height), and the pieces of SIDE on the board. */
static long side_level(const rm_bits *k, const rm_bstate *s, int side)
{
    const uint8_t *height = (const uint8_t *)&s->w[k->hoff];
    long sum = 0;
    for (int kind = 0; kind < k->nkinds; kind++) {
        if (k->kside[kind] != side)
            continue;
        for (int i = 0; i < k->words; i++)
            for (uint64_t w = s->w[kind * k->words + i]; w; w &= w - 1) {
                int bit = i * 64 + __builtin_ctzll(w);
                sum += (long)k->level[side][bit] * (k->stacks ? height[bit] : 1);
            }
    }
    return sum;
}

static int side_on_board(const rm_bits *k, const rm_bstate *s, int side)
{
    int n = 0;
    for (int kind = 0; kind < k->nkinds; kind++)
        if (k->kside[kind] == side)
            n += s->on_board[kind];
    return n;
}

/* The turn advanced when the sum of its side's levels rose (the
 * reference's moves_advance, from the moves), and captured when the
 * other side has fewer pieces on the board (moves_capture). */
void bits_play_counting(const rm_bits *k, rm_bstate *s, const rm_btally *t, int i)
{
    const rm_game *g = k->g;
    int side = s->to_move;
    if (g->rules.phases[s->phase[side]].before_play) {
        k->play_uncounted(k, s, t, i);
        return;
    }
    bool levels = g->rules.stall_after[side] > 0;
    long before = levels ? side_level(k, s, side) : 0;
    int foes = side_on_board(k, s, 1 - side);
    k->play_uncounted(k, s, t, i);
    bool advanced = levels && side_level(k, s, side) > before;
    bool captured = side_on_board(k, s, 1 - side) < foes;
    uint8_t *cnt = (uint8_t *)s + k->coff;
    rm_clock c = { s->hash, s->turn, s->to_move, { s->phase[0], s->phase[1] },
                   { s->phase_turns[0], s->phase_turns[1] }, { cnt[0], cnt[1] }, cnt[2] };
    clock_count(g, &c, side, advanced, captured);
    s->hash = c.hash;
    cnt[0] = c.stall[0];
    cnt[1] = c.stall[1];
    cnt[2] = c.quiet;
}
