/* random.c: random playouts: a game played to its end by uniformly random
 * turns, the random player's way and the MCTS player's estimate. */
#include "players_impl.h"

/* The playout on the bit kernel K of G (bitgen.h): the position kept as
 * a bit state, its turns counted and only the one drawn made; where the
 * kernel leaves a position to the reference generator, the turns are
 * listed and the one drawn played on ST, as the playout below does. */
static int playout_bits(rm_player *p, const rm_game *g, const rm_bits *k, rm_state *st,
                        rm_history *h, rm_turnlist *l, uint64_t *rng, int max_turns, int *turns)
{
    int t = 0;
    rm_bstate bs;
    rm_btally tally;
    rm_bits_from_state(k, st, &bs);
    bool observed = p && p->observe;
    for (;;) {
        /* (the random number first: its arithmetic overlaps the count's) */
        uint64_t draw = rm_rng_next(rng);
        int r = rm_bits_result(g, k, &bs, h, &tally, l, st, NULL);
        if (observed) {
            rm_bits_to_state(k, &bs, st);
            p->observe(p->observe_ctx, st, h, r);
        }
        if (r != RM_ONGOING || t == max_turns ||
            (p && pl_time_up(p, tally.n > 0 ? tally.n : l->work))) {
            rm_bits_to_state(k, &bs, st);
            *turns = t;
            return r;
        }
        if (tally.n > 0) {
            rm_bits_play(k, &bs, &tally, rm_rng_scale(draw, tally.n));
        } else {
            /* (ST holds the position: rm_bits_result made it) */
            int i = rm_rng_scale(draw, l->n);
            rm_apply(g, st, rm_turn_moves(l, i), l->turns[i].n);
            rm_bits_from_state(k, st, &bs);
        }
        t++;
        if (rm_history_push_key(h, bs.hash, rm_bits_progress(&bs)) != 0) {
            rm_bits_to_state(k, &bs, st);
            *turns = t;
            return RM_FAILED; /* out of memory: the playout cannot go on */
        }
    }
}

int pl_playout(rm_player *p, const rm_game *g, rm_state *st, rm_history *h, rm_turnlist *l,
               uint64_t *rng, int max_turns, int *turns)
{
    int t = 0;
    rm_turn_cache_prepare(g); /* (once per game: then a load) */
    const rm_bits *k = rm_bits_get(g);
    if (k)
        return playout_bits(p, g, k, st, h, l, rng, max_turns, turns);
    rm_tally tally;
    for (;;) {
        /* the turns counted where they can be (then only the one drawn
         * is made), else listed: the same turns, in the same order */
        int r = rm_result_tally(g, st, h, l, &tally, NULL);
        if (p && p->observe)
            p->observe(p->observe_ctx, st, h, r);
        if (r != RM_ONGOING || t == max_turns ||
            (p && pl_time_up(p, tally.n > 0 ? tally.n : l->work))) {
            *turns = t;
            return r;
        }
        if (tally.n > 0) {
            rm_move m;
            rm_pick_turn(g, st, &tally, rm_rng_below(rng, tally.n), &m);
            rm_apply(g, st, &m, 1);
        } else {
            int i = rm_rng_below(rng, l->n);
            rm_apply(g, st, rm_turn_moves(l, i), l->turns[i].n);
        }
        t++;
        if (rm_history_push(h, st) != 0) {
            *turns = t;
            return RM_FAILED; /* out of memory: the playout cannot go on */
        }
    }
}

int rm_playout(const rm_game *g, rm_state *st, rm_history *h, rm_turnlist *l, uint64_t *rng,
               int max_turns, int *turns)
{
    return pl_playout(NULL, g, st, h, l, rng, max_turns, turns);
}
