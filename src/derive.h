/* derive.h: the derive step of the IR layer: the tables and flags that the
 * executor reads, worked out once from a compiled game.
 *
 * compile_game calls it last; nothing after the IR writes into a game.
 */
#ifndef RIMAU_DERIVE_H
#define RIMAU_DERIVE_H

#include "game.h"

/* Fills G's Zobrist keys (g->zob), each turn pattern's generator flags
 * (rm_turn_rule.single and .merge) and each phase's may_end. */
void derive_game(rm_game *g);

#endif
