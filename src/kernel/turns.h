/* turns.h: turn lists: the distinct legal turns of a position, as the
 * generator (movegen.h) lists them, with the moves of each and the hash
 * of the position it leads to.
 *
 * A list grows to the size its positions need and is then reused without
 * allocating: benchmarks count the allocations (rm_exec_allocations).
 */
#ifndef RIMAU_TURNS_H
#define RIMAU_TURNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "state.h"

#define RM_MAX_TURNS 200000      /* distinct legal turns of one position */

typedef struct rm_turn {
    uint64_t hash;             /* of the state the turn leads to */
    uint32_t off;              /* its moves: list->moves[off .. off+n) */
    uint16_t n;
    bool captured;
} rm_turn;

typedef struct rm_turnlist {
    int n, cap;
    /* The turns and their moves, read only: the list's own arrays
     * (own_turns, own_moves), or a cached list of the game's that
     * rm_legal_turns lends (movegen.h: the turn cache), shared by every
     * thread and never written. Writing goes through own_*, after
     * rm_turnlist_clear has pointed these back at them. */
    const rm_turn *turns;
    size_t nmoves, capmoves;
    const rm_move *moves;
    rm_turn *own_turns;        /* CAP turns */
    rm_move *own_moves;        /* CAPMOVES moves */
    /* the hashes seen, an open-addressing set cleared by bumping the stamp */
    uint32_t seen_cap, seen_n, stamp;
    uint64_t *seen_hash;
    uint32_t *seen_stamp;
    bool failed;               /* out of memory, too many ways to play, or an unknown kind */
    bool too_many;             /* past the generator's limits (movegen.h), or RM_MAX_TURNS turns */
    bool too_slow;             /* (too_many too) listing took longer than its time limit */
    bool unknown;              /* the rules have an action of a kind the generator does not know */
    long work;                 /* the units of work listing took (movegen.h) */
    bool pass;                 /* the one turn is a pass: the side to move is blocked and passes */
} rm_turnlist;

void rm_turnlist_init(rm_turnlist *l);
void rm_turnlist_free(rm_turnlist *l);
/* Empties L for the turns of a new position (and takes back a lent list:
 * L's turns are its own again). */
void rm_turnlist_clear(rm_turnlist *l);
/* Makes room in L for TURNS turns of MOVES moves in all, so that
 * listing that many allocates nothing more (L is cleared); -1 when out of
 * memory. */
int rm_turnlist_reserve(rm_turnlist *l, int turns, size_t moves);
/* Adds a turn of MOVES[0..N), leading to the position with hash HASH, to
 * L; with DEDUP, only when no turn listed since the last clear leads
 * there. Sets l->failed when out of memory or past RM_MAX_TURNS (or when
 * L holds a lent list: it is cleared first). */
void rm_turnlist_add(rm_turnlist *l, uint64_t hash, const rm_move *moves, int n, bool captured,
                     bool dedup);
static inline const rm_move *rm_turn_moves(const rm_turnlist *l, int i)
{
    return l->moves + l->turns[i].off;
}
/* The point of the piece turn I moves: the one its first move moves (a
 * step, slide, leap, relocation or capture), which compulsory captures
 * per piece go by; -1 when the turn begins with a drop or a removal, or
 * has no move. */
static inline int rm_turn_piece(const rm_turnlist *l, int i)
{
    const rm_move *m = rm_turn_moves(l, i);
    if (l->turns[i].n == 0 || (m->type != RM_MV_MOVE && m->type != RM_MV_CAPTURE))
        return -1;
    return m->from;
}
/* Whether turn I drops a piece (compulsory drops go by it). */
static inline bool rm_turn_drops(const rm_turnlist *l, int i)
{
    const rm_move *m = rm_turn_moves(l, i);
    for (int k = 0; k < l->turns[i].n; k++)
        if (m[k].type == RM_MV_DROP)
            return true;
    return false;
}

/* How many times turn lists and game histories (result.h) have allocated
 * memory (growing): benchmarks show that it stays the same over a run of
 * playouts. */
uint64_t rm_exec_allocations(void);
/* Counts one such allocation. */
void rm_exec_count_allocation(void);

#endif
