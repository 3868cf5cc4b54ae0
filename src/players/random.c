/* random.c: random playouts: a game played to its end by uniformly random
 * turns, the random player's way and the MCTS player's estimate. */
#include "players_impl.h"

int pl_playout(rm_player *p, const rm_game *g, rm_state *st, rm_history *h, rm_turnlist *l,
               uint64_t *rng, int max_turns, int *turns)
{
    int t = 0;
    rm_turn_cache_prepare(g); /* (once per game: then a load) */
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
