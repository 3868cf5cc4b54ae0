/* perft.h: counting the sequences of turns from a position, the test of a
 * generator against other implementations (tests/perft/perft.tsv). */
#ifndef RIMAU_PERFT_H
#define RIMAU_PERFT_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "result.h"

/* The number of sequences of DEPTH turns from ST: distinct turns at each
 * position, and none from a position where the game is over (rm_result
 * without repetitions). The last ply is counted, not made: where the
 * position qualifies, by rm_count_turns (rm_result_tally), else as the
 * length of its list. LISTS holds DEPTH turn lists of scratch space.
 * Sets *FAILED when a position had too many ways to play. */
uint64_t rm_perft(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                  bool *failed);

/* The same, counted for each turn of ST apart: EACH gets every turn, in
 * the order of rm_legal_turns, with the sequences that begin with it.
 * Returns the total. */
/* Set (by a signal handler, say) to stop a count as soon as it can: the
 * functions above then return the sequences counted so far, less than
 * the whole count. */
extern volatile sig_atomic_t rm_perft_stop;

typedef void (*rm_divide_fn)(void *ctx, const rm_move *moves, int n, uint64_t count);
uint64_t rm_perft_divide(const rm_game *g, const rm_state *st, int depth, rm_turnlist *lists,
                         bool *failed, rm_divide_fn each, void *ctx);

#endif
