/* blockade.c: the blockade search (rm_solve_blockade, see solve.h): for
 * every placement of a side's pieces, the fewest pieces of the other side
 * that leave it no turn. */
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- blockades ---- */

typedef struct blockade {
    const rm_game *g;
    int side, kind, best;      /* BEST: the fewest found so far for this placement */
    rm_turnlist *lists;        /* one a depth */
    int depth;
    long nodes;
    rm_state best_state;
} blockade;

/* The fewest blockers that stop every turn of SIDE in ST, adding to those
 * of ST (N of them); BEST is lowered when fewer are found. */
static void block_from(blockade *b, const rm_state *st, int n)
{
    if (n >= b->best || b->depth >= 120 || ++b->nodes > 2000000)
        return;
    rm_turnlist *l = &b->lists[b->depth];
    int turns = rm_legal_turns(b->g, st, l);
    if (turns < 0)
        return;
    if (turns == 0 || l->pass) {
        b->best = n;
        b->best_state = *st;
        return;
    }
    /* the points that stop turn 0: where its moves go, and what a slide
     * passes over */
    const rm_board *board = &b->g->board;
    rm_set stop;
    set_clear(&stop);
    const rm_move *m = rm_turn_moves(l, 0);
    for (int i = 0; i < l->turns[0].n; i++) {
        if (m[i].type == RM_MV_DROP || m[i].type == RM_MV_MOVE || m[i].type == RM_MV_CAPTURE)
            set_add(&stop, m[i].to);
        if (m[i].type == RM_MV_MOVE)
            for (uint32_t r = board->ray_off[m[i].from]; r < board->ray_off[m[i].from + 1]; r++) {
                const uint16_t *pts = board->ray_pts + board->rays[r].off;
                bool on = false;
                for (int k = 0; k < board->rays[r].len && !on; k++)
                    on = pts[k] == m[i].to;
                for (int k = 0; on && pts[k] != m[i].to; k++)
                    set_add(&stop, pts[k]);
            }
    }
    rm_position pos;
    rm_state_position(b->g, st, &pos);
    SET_FOREACH(p, &stop) {
        if (pos.kind[p] >= 0)
            continue;
        pos.kind[p] = (int8_t)b->kind;
        pos.count[p] = 1;
        rm_state next;
        rm_state_set(b->g, &next, &pos);
        b->depth++;
        block_from(b, &next, n + 1);
        b->depth--;
        pos.kind[p] = -1;
        pos.count[p] = 0;
    }
}

int rm_solve_blockade(const rm_game *g, const rm_state *from, int side, int kind, int within,
                      rm_blockade *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    out->fewest = -1;
    if (kind < 0 || kind >= g->nkinds || g->kinds[kind].side == side) {
        snprintf(err, errsize, "the blockers must be a kind of the other side");
        return -1;
    }
    /* SIDE's kinds and how many of each FROM has on the board */
    int nk = 0, kinds[RM_MAX_KINDS], counts[RM_MAX_KINDS], total = 0;
    for (int k = 0; k < g->nkinds; k++)
        if (g->kinds[k].side == side && rm_state_on_board(from, k) > 0) {
            kinds[nk] = k;
            counts[nk++] = rm_state_on_board(from, k);
            total += rm_state_on_board(from, k);
        }
    int n = g->board.npoints;
    if (nk == 0 || total > n || nk > 2 || total > 4) {
        snprintf(err, errsize, "the blockade search takes up to 4 pieces of up to 2 kinds on the "
                               "board for the side blocked");
        return -1;
    }
    blockade b = { g, side, kind, 0, calloc(124, sizeof(rm_turnlist)), 0, 0, { 0 } };
    if (!b.lists) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    /* every placement: the points of each kind in turn, in increasing order */
    int at[8];
    rm_position pos;
    rm_state_position(g, from, &pos);
    for (int p = 0; p < n; p++)
        if (pos.kind[p] >= 0) {
            pos.kind[p] = -1;
            pos.count[p] = 0;
        }
    for (int k = 0; k < g->nkinds; k++)
        pos.hand[k] = 0;
    pos.to_move = side;
    for (int i = 0; i < total; i++)
        at[i] = i;
    for (;;) {
        /* the placement AT: its first counts[0] points kind 0, the rest kind 1 */
        bool distinct = true;
        for (int i = 0; i < total && distinct; i++)
            for (int j = i + 1; j < total && distinct; j++)
                distinct = at[i] != at[j];
        if (distinct) {
            for (int i = 0; i < total; i++) {
                pos.kind[at[i]] = (int8_t)kinds[i < counts[0] ? 0 : 1];
                pos.count[at[i]] = 1;
            }
            rm_state st;
            rm_state_set(g, &st, &pos);
            b.best = INT32_MAX;
            b.nodes = 0;
            b.depth = 0;
            block_from(&b, &st, 0);
            out->placements++;
            if (b.best != INT32_MAX && b.best > g->kinds[kind].count) {
                out->beyond++; /* (a blockade the other side has too few pieces for) */
            } else if (b.best != INT32_MAX) {
                out->blockable++;
                if (b.best <= within)
                    out->within++;
                if (out->fewest < 0 || b.best < out->fewest) {
                    out->fewest = b.best;
                    out->example = b.best_state;
                }
                if (b.best > out->most)
                    out->most = b.best;
            }
            for (int i = 0; i < total; i++) {
                pos.kind[at[i]] = -1;
                pos.count[at[i]] = 0;
            }
        }
        /* the next placement: each kind's points increasing, kinds apart */
        int i = total - 1;
        for (; i >= 0; i--) {
            int group_end = i < counts[0] ? counts[0] : total;
            int room = n - (group_end - i);
            if (at[i] < room)
                break;
        }
        if (i < 0)
            break;
        at[i]++;
        int group_end = i < counts[0] ? counts[0] : total;
        for (int j = i + 1; j < group_end; j++)
            at[j] = at[j - 1] + 1;
        if (i < counts[0])
            for (int j = counts[0]; j < total; j++)
                at[j] = j - counts[0];
    }
    for (int i = 0; i < 124; i++)
        rm_turnlist_free(&b.lists[i]);
    free(b.lists);
    return 0;
}
