/* search.c: what every player's search shares (players_impl.h): the
 * clock of a turn and its stop, and the results of the positions a
 * search meets, with the history they are decided from. It calls no
 * player: the players call it. */
#define _POSIX_C_SOURCE 200809L
#include "players_impl.h"
#include "clock.h"

#include <time.h>

/* ---- the time of a turn ----
 *
 * A search reads the clock once its positions have cost PL_CLOCK_EVERY
 * units of listing work (movegen.h) since the last reading: every
 * millisecond or so, and at once after a position whose turns took long
 * to list, so that a turn overruns its deadline by one listing at most.
 * Each position counts PL_POSITION_WORK units besides its listing, for
 * what else the player does with it (copies, the evaluation). */
#define PL_CLOCK_EVERY (1L << 16)
#define PL_POSITION_WORK 64

void pl_start_clock(rm_player *p, double seconds)
{
    p->deadline = rm_seconds() + seconds;
    p->stopped = false;
    p->work = 0;
    pl_halted(p);
}

bool pl_halted(rm_player *p)
{
    if (atomic_load_explicit(&p->halt, memory_order_relaxed))
        p->stopped = true;
    return p->stopped;
}

void rm_player_stop(rm_player *p)
{
    atomic_store_explicit(&p->halt, true, memory_order_relaxed);
}

void pl_note_stop(rm_player *p, bool counted)
{
    p->info.halted = atomic_load_explicit(&p->halt, memory_order_relaxed);
    p->info.capped = p->stopped && !p->info.halted && (counted || p->cut);
}

bool pl_time_up(rm_player *p, long work)
{
    if (pl_halted(p))
        return true;
    p->work += PL_POSITION_WORK + work;
    if (p->work >= PL_CLOCK_EVERY) {
        p->work = 0;
        if (p->deadline > 0 && rm_seconds() >= p->deadline)
            p->stopped = true;
    }
    return p->stopped;
}

/* ---- results and the history they are decided from ---- */

int pl_result(rm_player *p, const rm_state *st, rm_turnlist *l)
{
    int r = rm_result(p->g, st, &p->hist, l, NULL);
    pl_time_up(p, l->work);
    if (p->observe)
        p->observe(p->observe_ctx, st, &p->hist, r);
    return r;
}

int pl_result_count(rm_player *p, const rm_state *st, rm_turnlist *l, int *turns)
{
    if (!p->bits) {
        int r = pl_result(p, st, l);
        *turns = l->n;
        return r;
    }
    rm_bstate bs;
    rm_state listed;
    rm_bits_from_state(p->bits, st, &bs);
    int r = rm_bits_result(p->g, p->bits, &bs, &p->hist, p->tally, l, &listed, NULL);
    *turns = p->tally->n > 0 ? p->tally->n : l->n;
    pl_time_up(p, p->tally->n > 0 ? p->tally->n : l->work);
    if (p->observe)
        p->observe(p->observe_ctx, st, &p->hist, r);
    return r;
}

int pl_push(rm_player *p, const rm_state *st)
{
    return rm_history_push(&p->hist, st);
}

int pl_note_history(rm_player *p, const rm_match *m)
{
    return rm_history_copy(&p->hist, &m->hist);
}

