/* evaluate.c: the evaluation of a position, which the players use where a
 * search stops short of the end of the game; doc/selfplay.md describes
 * it. It judges positions where the game goes on: results are rm_result's. */
#include "players_impl.h"

#include <math.h>

/* The evaluation, in units of a side's whole material (10): each side's
 * mobility (the logarithm of its number of legal turns, so that the last
 * turns left to a side count most), its room (the empty points its
 * pieces reach through empty points, as a share of the board) and how
 * close its pieces stand to the other side's (the mean distance, in
 * links, of each piece to the nearest enemy). The weights were chosen by
 * playing ab:3 against random in Rimau-rimau A. */
#define W_MOBILITY 0.5
#define W_ROOM 1.0
#define W_DISTANCE 0.3
/* What a draw is worth to the side a player searches for: CONTEMPT less
 * than an even position, so that a player making no progress tries
 * something else rather than repeat positions, while one whose every
 * line loses still takes a draw. */
#define CONTEMPT 1.5
/* An evaluation E becomes the value 1/(1+exp(-E/SQUASH)) of a playout
 * cut short. */
#define SQUASH 0.5

/* SIDE's pieces (on the board and in hand) as a share of its pieces at
 * the start, both counted from its losing number of pieces: 1 while it
 * has all of them, 0 when it has lost by losing pieces. */
static double piece_share(const rm_game *g, const rm_state *st, int side)
{
    int start = 0;
    for (int k = g->sides[side].first_kind; k < g->sides[side].first_kind + g->sides[side].nkinds;
         k++)
        start += g->kinds[k].count;
    int now = rm_side_pieces(g, st, side);
    int floor = g->rules.lose_with[side] > 0 ? g->rules.lose_with[side] : 0;
    return start > floor ? (double)(now - floor) / (start - floor) : 1.0;
}

/* The number of empty points SIDE's pieces reach from point to linked
 * point through empty points: the room it has. */
static int room(const rm_player *p, const rm_state *st, int side)
{
    rm_set mine = rm_state_points(st, side), theirs = rm_state_points(st, 1 - side);
    rm_set empty = p->points, reach = mine, frontier = mine;
    set_minus(&empty, &mine);
    set_minus(&empty, &theirs);
    int count = 0;
    for (;;) {
        rm_set next;
        board_neighbours(&p->g->board, &frontier, &next);
        set_minus(&next, &reach);
        for (int i = 0; i < RM_SET_WORDS; i++)
            next.w[i] &= empty.w[i];
        int k = set_count(&next);
        if (k == 0)
            return count;
        count += k;
        set_union(&reach, &next);
        frontier = next;
    }
}

/* The mean distance from SIDE's pieces on the board to the nearest piece
 * of the other side (0 when either has none on the board). */
static double distance(const rm_player *p, const rm_state *st, int side)
{
    /* Rings around the other side's pieces, one link further each time:
     * the pieces of SIDE in ring D are D links from the nearest one. */
    rm_set reached = rm_state_points(st, 1 - side), ring = reached,
           left = rm_state_points(st, side);
    int n = 0, sum = 0;
    for (int d = 0; d < 255 && set_any(&ring) && set_any(&left); d++) {
        rm_set hit = left;
        for (int i = 0; i < RM_SET_WORDS; i++)
            hit.w[i] &= ring.w[i];
        int k = set_count(&hit);
        sum += d * k;
        n += k;
        set_minus(&left, &hit);
        rm_set next;
        board_neighbours(&p->g->board, &ring, &next);
        set_minus(&next, &reached);
        set_union(&reached, &next);
        ring = next;
    }
    return n ? (double)sum / n : 0;
}

/* room and distance on the bit kernel's point sets, the same numbers */
static int count2(const uint64_t w[2])
{
    return word_count(w[0]) + word_count(w[1]);
}

static int room_bits(const rm_player *p, const rm_bstate *bs, int side)
{
    uint64_t mine[2], theirs[2], empty[2], reach[2], frontier[2], next[2];
    rm_bits_points(p->bits, bs, side, mine);
    rm_bits_points(p->bits, bs, 1 - side, theirs);
    rm_bits_board(p->bits, empty);
    int count = 0;
    for (int i = 0; i < 2; i++) {
        empty[i] &= ~(mine[i] | theirs[i]);
        reach[i] = frontier[i] = mine[i];
    }
    for (;;) {
        rm_bits_neighbours(p->bits, frontier, next);
        for (int i = 0; i < 2; i++)
            next[i] &= empty[i] & ~reach[i];
        int k = count2(next);
        if (k == 0)
            return count;
        count += k;
        for (int i = 0; i < 2; i++) {
            reach[i] |= next[i];
            frontier[i] = next[i];
        }
    }
}

static double distance_bits(const rm_player *p, const rm_bstate *bs, int side)
{
    uint64_t reached[2], ring[2], left[2], next[2];
    rm_bits_points(p->bits, bs, 1 - side, reached);
    rm_bits_points(p->bits, bs, side, left);
    ring[0] = reached[0], ring[1] = reached[1];
    int n = 0, sum = 0;
    for (int d = 0; d < 255 && (ring[0] | ring[1]) && (left[0] | left[1]); d++) {
        uint64_t hit[2] = { left[0] & ring[0], left[1] & ring[1] };
        int k = count2(hit);
        sum += d * k;
        n += k;
        rm_bits_neighbours(p->bits, ring, next);
        for (int i = 0; i < 2; i++) {
            left[i] &= ~hit[i];
            next[i] &= ~reached[i];
            reached[i] |= next[i];
            ring[i] = next[i];
        }
    }
    return n ? (double)sum / n : 0;
}

double pl_evaluate_mobility(rm_player *p, const rm_state *st, int mobility)
{
    const rm_game *g = p->g;
    int me = rm_state_to_move(st), them = 1 - me, theirs = -1;
    double space, near;
    if (p->bits) {
        /* the other side's turns counted on the kernel where it can,
         * room and distance on its point sets */
        rm_bstate bs;
        rm_bits_from_state(p->bits, st, &bs);
        space = (double)(room_bits(p, &bs, me) - room_bits(p, &bs, them));
        near = distance_bits(p, &bs, them) - distance_bits(p, &bs, me);
        bs.to_move = (uint8_t)them;
        if (rm_bits_count(p->bits, &bs, p->tally) > 0) {
            theirs = p->tally->n;
            pl_time_up(p, theirs);
        }
    } else {
        space = (double)(room(p, st, me) - room(p, st, them));
        near = distance(p, st, them) - distance(p, st, me);
    }
    if (theirs < 0) {
        rm_state other = *st;
        rm_state_set_to_move(g, &other, them);
        theirs = rm_legal_turns(g, &other, &p->other);
        pl_time_up(p, p->other.work); /* (counted only: the search looks at p->stopped) */
        if (theirs < 0)
            theirs = mobility;
    }
    return 10.0 * (piece_share(g, st, me) - piece_share(g, st, them)) +
           W_MOBILITY * (log1p(mobility) - log1p(theirs)) + W_ROOM * space / g->board.npoints +
           W_DISTANCE * near;
}

double pl_evaluate(rm_player *p, const rm_state *st, const rm_turnlist *l)
{
    return pl_evaluate_mobility(p, st, l->n);
}

double pl_squash(double e)
{
    return 1 / (1 + exp(-e / SQUASH));
}

double pl_draw_value(const rm_player *p, int side)
{
    double mine = pl_squash(-CONTEMPT);
    return side == p->me ? mine : 1 - mine;
}

double pl_draw_score(const rm_player *p, const rm_state *st)
{
    double mine = -CONTEMPT;
    return rm_state_to_move(st) == p->me ? mine : -mine;
}
