/* perft.c: counting sequences of turns (see perft.h). */
#include "perft.h"

/* Whether outcome O is a failure to list a position's turns. */
static bool listing_failed(const rm_outcome *o)
{
    return o->rule == RM_BY_TOO_MANY || o->rule == RM_BY_TOO_SLOW || o->rule == RM_BY_NO_MEMORY;
}

/* The turns of ST in L, or -1 when the game is over there (setting
 * *FAILED when it is over because its turns cannot be listed). */
static int turns_of(const rm_game *g, const rm_state *st, rm_turnlist *l, bool *failed)
{
    rm_outcome o;
    if (rm_result(g, st, NULL, l, &o) != RM_ONGOING) {
        if (listing_failed(&o))
            *failed = true;
        return -1;
    }
    return l->n;
}

/* The number of turns of ST, counted without making or listing them
 * where the position qualifies (rm_count_turns), else listed into L; 0
 * when the game is over there. The last ply of a perft: bulk counting. */
static uint64_t leaves_of(const rm_game *g, const rm_state *st, rm_turnlist *l, bool *failed)
{
    rm_tally t;
    rm_outcome o;
    if (rm_result_tally(g, st, NULL, l, &t, &o) != RM_ONGOING) {
        if (listing_failed(&o))
            *failed = true;
        return 0;
    }
    return (uint64_t)(t.n > 0 ? t.n : l->n);
}

volatile sig_atomic_t rm_perft_stop;

static uint64_t perft_plain(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                            bool *failed);

/* rm_perft on the bit kernel K (bitgen.h): the position a bit state,
 * its turns counted by the kernel and made on copies of it; the
 * positions the kernel leaves to the reference generator are listed, and
 * their turns made on states, as rm_perft does. */
static uint64_t perft_bits(const rm_game *g, const rm_bits *k, const rm_bstate *bs, int depth,
                           rm_turnlist *lists, bool *failed)
{
    if (depth <= 0)
        return 1;
    if (rm_perft_stop)
        return 0;
    rm_btally t;
    rm_state st;
    rm_outcome o;
    if (rm_bits_result(g, k, bs, NULL, &t, &lists[0], &st, &o) != RM_ONGOING) {
        if (listing_failed(&o))
            *failed = true;
        return 0;
    }
    size_t size = rm_bits_state_size(k);
    rm_bstate next;
    uint64_t total = 0;
    if (t.n > 0) {
        if (depth == 1)
            return (uint64_t)t.n;
        for (int i = 0; i < t.n; i++) {
            rm_bits_copy(size, &next, bs);
            rm_bits_play(k, &next, &t, i);
            total += perft_bits(g, k, &next, depth - 1, lists + 1, failed);
        }
        return total;
    }
    const rm_turnlist *l = &lists[0];
    if (depth == 1)
        return (uint64_t)l->n;
    for (int i = 0; i < l->n; i++) {
        rm_state after = st;
        rm_apply(g, &after, rm_turn_moves(l, i), l->turns[i].n);
        rm_bits_from_state(k, &after, &next);
        total += perft_bits(g, k, &next, depth - 1, lists + 1, failed);
    }
    return total;
}

uint64_t rm_perft(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                  bool *failed)
{
    if (depth <= 0)
        return 1;
    const rm_bits *k = rm_bits_get(g);
    if (k) {
        rm_bstate bs;
        rm_bits_from_state(k, st, &bs);
        return perft_bits(g, k, &bs, depth, lists, failed);
    }
    return perft_plain(g, st, depth, lists, failed);
}

/* rm_perft by the reference generator alone. */
static uint64_t perft_plain(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                            bool *failed)
{
    if (depth <= 0)
        return 1;
    if (rm_perft_stop)
        return 0;
    if (depth == 1)
        return leaves_of(g, st, &lists[0], failed);
    int n = turns_of(g, st, &lists[0], failed);
    if (n <= 0)
        return 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        rm_state next = *st;
        rm_apply(g, &next, rm_turn_moves(&lists[0], i), lists[0].turns[i].n);
        total += perft_plain(g, &next, depth - 1, lists + 1, failed);
    }
    return total;
}

uint64_t rm_perft_divide(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                         bool *failed, rm_divide_fn each, void *ctx)
{
    if (depth <= 0)
        return 1;
    int n = turns_of(g, st, &lists[0], failed);
    uint64_t total = 0;
    for (int i = 0; i < n && !rm_perft_stop; i++) {
        rm_state next = *st;
        const rm_move *moves = rm_turn_moves(&lists[0], i);
        rm_apply(g, &next, moves, lists[0].turns[i].n);
        uint64_t k = rm_perft(g, &next, depth - 1, lists + 1, failed);
        if (rm_perft_stop)
            break; /* (its count is not whole: not given) */
        each(ctx, moves, lists[0].turns[i].n, k);
        total += k;
    }
    return total;
}
