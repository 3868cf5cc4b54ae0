/* movegen_impl.h: what the generator (movegen.c) and its turn cache
 * (turncache.c, see movegen.h) share: rm_legal_turns asks the cache
 * first. */
#ifndef RIMAU_MOVEGEN_IMPL_H
#define RIMAU_MOVEGEN_IMPL_H

#include "movegen.h"

/* Lends L the cached list of ST in G, if there is one (L is cleared):
 * false when there is none. */
bool cache_lend(const rm_game *g, const rm_state *st, rm_turnlist *l);

#endif
