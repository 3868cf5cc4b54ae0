/* mcts.c: UCT Monte Carlo tree search, with implicit minimax backups of
 * the evaluation, playouts that may be cut short and judged by a short
 * alpha-beta search, results worth more the sooner they are won, proven
 * wins and losses backed up the tree, and the tree kept from one turn to
 * the next. */
#include "players_impl.h"
#include "clock.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The exploration constant of UCT; a node's value mixes its mean result
 * with the minimax of its children's evaluations in this proportion
 * (implicit minimax backups). */
#define UCT_C 0.5
#define MINIMAX 0.4

/* A game won T plies after the root of the search is worth
 * 1 - QUICK * T / (T + QUICK_PLIES) to its winner, and the rest to its
 * loser: a win now is worth 1, one QUICK_PLIES plies away QUICK / 2 less,
 * a far one QUICK less. So among lines that all win, the search takes the
 * one that wins soonest, and a loser the one that holds out longest.
 * Everything else, a draw or an evaluation squashed into [0, 1], is
 * squeezed into [QUICK, 1 - QUICK] (undecided()): any win is worth more
 * than any position not yet won, however good it looks, and any loss
 * less than any other. */
#define QUICK 0.03
#define QUICK_PLIES 40.0

/* A value V in [0, 1] that is not a win or a loss (a draw, an
 * evaluation), on the scale of a playout's value: between the worst win
 * and the best loss. */
static double undecided(double v)
{
    return QUICK + (1 - 2 * QUICK) * v;
}

static int new_node(rm_player *p, uint64_t hash, int mover, int turn)
{
    if (p->nnodes == p->capnodes) {
        int cap = p->capnodes ? p->capnodes * 2 : 4096;
        node *nn = realloc(p->nodes, (size_t)cap * sizeof *nn);
        if (!nn)
            return -1;
        p->nodes = nn;
        p->capnodes = cap;
    }
    node *n = &p->nodes[p->nnodes];
    n->hash = hash;
    n->first_child = -1;
    n->nchildren = 0;
    n->visits = 0;
    n->wins = 0;
    n->mover = (int8_t)mover;
    n->proven = 0;
    n->turn = (int16_t)turn;
    n->end = 0;
    n->mm = 0.5f;
    return p->nnodes++;
}

/* What a game finished with RESULT, PLIES plies after the root of the
 * search, is worth to SIDE, on the scale of a playout's value (a win
 * about 1, a loss about 0: QUICK above). */
static double result_value(const rm_player *p, int result, int side, int plies)
{
    /* (a position whose turns cannot be listed is worth what a draw is:
     * the search has nothing better to say of it) */
    if (result == RM_DRAW || result == RM_FAILED)
        return undecided(pl_draw_value(p, side));
    double later = QUICK * plies / (plies + QUICK_PLIES);
    return result == side ? 1 - later : later;
}

/* Node X's position is over, won by WINNER (RM_DRAW or RM_FAILED: not a
 * proof). */
static void prove_over(node *x, int winner)
{
    if (winner == 0 || winner == 1) {
        x->proven = (int8_t)(winner == x->mover ? 1 : -1);
        x->end = 0;
    }
}

/* The value of position ST, reached from the last position of p->hist,
 * PLIES plies after the root, to SIDE on the scale of a playout's value:
 * the result of a finished game, or its evaluation squashed into [0, 1].
 * The result of rm_result is in *R. */
static double judge(rm_player *p, const rm_state *st, int side, int plies, int *r)
{
    int mark = rm_history_length(&p->hist);
    double v;
    *r = RM_ONGOING;
    if (pl_push(p, st) != 0) {
        v = undecided(pl_draw_value(p, side)); /* out of memory: nothing better to say */
    } else {
        int turns;
        *r = pl_result_count(p, st, &p->playout, &turns);
        if (*r != RM_ONGOING) {
            v = result_value(p, *r, side, plies);
        } else {
            double e = pl_evaluate_mobility(p, st, turns);
            v = undecided(pl_squash(rm_state_to_move(st) == side ? e : -e));
        }
    }
    rm_history_truncate(&p->hist, mark);
    return v;
}

/* Makes the children of node N, whose position ST goes on and has the
 * legal turns L: one per turn, each judged by the evaluation, PLIES plies
 * after the root; those whose game is over are proven. */
static int expand(rm_player *p, int n, const rm_state *st, const rm_turnlist *l, int plies)
{
    int count = l->n > 32767 ? 32767 : l->n;
    int first = p->nnodes, mover = rm_state_to_move(st);
    for (int i = 0; i < count; i++)
        if (new_node(p, l->turns[i].hash, mover, i) < 0)
            return -1;
    p->nodes[n].first_child = first;
    p->nodes[n].nchildren = count;
    /* (cut short by the deadline, the children left keep a neutral value) */
    for (int i = 0; i < count && !p->stopped; i++) {
        rm_state next = *st;
        rm_apply(p->g, &next, rm_turn_moves(l, i), l->turns[i].n);
        int r;
        p->nodes[first + i].mm = (float)judge(p, &next, mover, plies, &r);
        if (r != RM_ONGOING)
            prove_over(&p->nodes[first + i], r);
    }
    return 0;
}

/* The minimax values and the proofs of the line of nodes PATH[0..DEPTH),
 * from those of the children of each, bottom up. A node is won for the
 * side to move there when one of its children is (soonest: the child
 * that ends first), and lost when all of them are (at the latest). */
static void minimax_up(rm_player *p, const int *path, int depth)
{
    for (int i = depth - 1; i >= 0; i--) {
        node *x = &p->nodes[path[i]];
        if (x->first_child < 0 || x->nchildren == 0)
            continue;
        float best = 0;
        int win = INT_MAX, loss = -1;
        bool all_lost = x->nchildren < 32767; /* (else not every turn has a child) */
        for (int k = 0; k < x->nchildren; k++) {
            const node *c = &p->nodes[x->first_child + k];
            if (c->mm > best)
                best = c->mm;
            if (c->proven > 0 && c->end < win)
                win = c->end;
            if (c->proven >= 0)
                all_lost = false;
            else if (c->end > loss)
                loss = c->end;
        }
        bool same = x->mover == p->nodes[x->first_child].mover;
        x->mm = same ? best : 1 - best;
        if (win != INT_MAX || all_lost) {
            int won = win != INT_MAX ? 1 : -1, end = (win != INT_MAX ? win : loss) + 1;
            x->proven = (int8_t)(same ? won : -won);
            x->end = (int16_t)(end < INT16_MAX ? end : INT16_MAX);
        }
    }
}

/* The child of N with the best upper confidence bound, its mean value
 * mixed with its minimax value. */
static int select_child(const rm_player *p, int n)
{
    const node *parent = &p->nodes[n];
    double logn = log((double)parent->visits + 1);
    int best = -1;
    double best_score = -1e300;
    for (int i = 0; i < parent->nchildren; i++) {
        const node *c = &p->nodes[parent->first_child + i];
        double q = c->visits == 0 ? c->mm
                                  : (1 - MINIMAX) * c->wins / c->visits + MINIMAX * c->mm;
        double score = q + UCT_C * sqrt(logn / (c->visits + 1));
        if (c->proven < 0) /* a proven loss, only when every turn loses: the latest */
            score = -1e299 + c->end;
        if (score > best_score) {
            best_score = score;
            best = parent->first_child + i;
        }
    }
    return best;
}

/* Plays random turns from ST, the last position of p->hist and PLIES
 * plies after the root, to the end of the game, or to the player's
 * cutoff, and returns what the playout is worth to the first side: its
 * result, or for a playout cut short with the game still going, its
 * evaluation (after the captures the side to move can make) squashed into
 * [0, 1]. */
static double playout_value(rm_player *p, rm_state *st, int plies)
{
    int turns;
    int r = pl_playout(p, p->g, st, &p->hist, &p->playout, &p->rng,
                       p->cutoff > 0 ? p->cutoff : -1, &turns);
    if (r == RM_ONGOING) {
        double e = pl_search(p, st, 0, 1, -1e9, 1e9);
        return undecided(pl_squash(rm_state_to_move(st) == 0 ? e : -e));
    }
    return result_value(p, r, 0, plies + turns);
}

/* Goes down the tree from node N to the child C, whose turn is one of
 * L's, on ST; -1 when out of memory. */
static int descend(rm_player *p, rm_state *st, const rm_turnlist *l, int c)
{
    int t = p->nodes[c].turn;
    if (t >= l->n)
        return -1; /* not the list the node was made from: cannot happen */
    rm_apply(p->g, st, rm_turn_moves(l, t), l->turns[t].n);
    return pl_push(p, st);
}

/* One iteration: down the tree by UCB, expand, play out, back up. A node
 * whose game is over, or proven, is worth its result: no playout. The
 * positions met are added to p->hist and taken back at the end. An
 * iteration cut short by the deadline is not backed up. */
static int iterate(rm_player *p, const rm_state *root)
{
    int path[4096], depth = 0, n = 0, rc = 0;
    int mark = rm_history_length(&p->hist);
    rm_state st = *root;
    path[depth++] = 0;
    double first = -1;
    for (;;) {
        const node *x = &p->nodes[n];
        if (x->proven != 0) {
            int winner = x->proven > 0 ? x->mover : 1 - x->mover;
            first = result_value(p, winner, 0, depth - 1 + x->end);
            break;
        }
        int r = pl_result(p, &st, &p->scratch);
        if (p->stopped)
            break;
        if (r != RM_ONGOING) {
            prove_over(&p->nodes[n], r);
            first = result_value(p, r, 0, depth - 1);
            break;
        }
        bool leaf = p->nodes[n].first_child < 0;
        if (leaf && expand(p, n, &st, &p->scratch, depth) < 0) {
            rc = -1;
            break;
        }
        if (p->stopped)
            break;
        int c = select_child(p, n);
        if (descend(p, &st, &p->scratch, c) < 0) {
            rc = -1;
            break;
        }
        n = c;
        if (depth < 4096)
            path[depth++] = n;
        if (leaf)
            break;
    }
    if (rc == 0 && !p->stopped && first < 0)
        first = playout_value(p, &st, depth - 1);
    if (rc == 0 && !p->stopped) {
        minimax_up(p, path, depth);
        for (int i = 0; i < depth; i++) {
            node *x = &p->nodes[path[i]];
            x->visits++;
            x->wins += x->mover == 0 ? first : 1.0 - first;
        }
    }
    rm_history_truncate(&p->hist, mark);
    return rc;
}

/* ---- reusing the tree from one turn to the next ---- */

/* The most plies between the previous root and the new one that are
 * searched for the new root: our turn and the reply, with room for sides
 * that move twice in a row (compound phases) or forced turns in between. */
#define REUSE_MAX_PLIES 4

/* The node PLIES plies below N whose position has HASH, or -1. */
static int find_below(const rm_player *p, int n, uint64_t hash, int plies)
{
    const node *x = &p->nodes[n];
    if (plies == 0)
        return x->hash == hash ? n : -1;
    for (int i = 0; i < x->nchildren; i++) {
        int f = find_below(p, x->first_child + i, hash, plies - 1);
        if (f >= 0)
            return f;
    }
    return -1;
}

/* Makes node R the root: its subtree moves to the front of the array, in
 * the order it had (a node is always made after its parent, and siblings
 * are made together, so the children of a node stay contiguous and every
 * node moves down, never over one not yet moved), and the rest is
 * dropped. Returns -1 when out of memory. */
static int reroot(rm_player *p, int r)
{
    if (p->capmap < p->nnodes) {
        int *m = realloc(p->map, (size_t)p->capnodes * sizeof *m);
        if (!m)
            return -1;
        p->map = m;
        p->capmap = p->capnodes;
    }
    int *map = p->map, count = 0;
    for (int i = r; i < p->nnodes; i++)
        map[i] = -1;
    map[r] = -2; /* -2: in the subtree, not yet moved */
    for (int i = r; i < p->nnodes; i++) {
        if (map[i] == -1)
            continue;
        const node *x = &p->nodes[i];
        for (int c = 0; c < x->nchildren; c++)
            map[x->first_child + c] = -2;
        map[i] = count;
        p->nodes[count++] = *x;
    }
    for (int i = 0; i < count; i++)
        if (p->nodes[i].first_child >= 0)
            p->nodes[i].first_child = map[p->nodes[i].first_child];
    p->nodes[0].turn = -1;
    p->nnodes = count;
    return 0;
}

/* Prepares the tree for a search from ROOT: the subtree of the previous
 * search that reached ROOT through the turn chosen then, or a new tree. */
static int prepare_root(rm_player *p, const rm_state *root)
{
    int plies = rm_state_turn(root) - p->root_turn, found = -1;
    if (p->nnodes > 0 && p->chosen > 0 && plies >= 1 && plies <= REUSE_MAX_PLIES)
        found = find_below(p, p->chosen, rm_state_hash(root), plies - 1);
    p->chosen = -1;
    p->root_turn = rm_state_turn(root);
    if (found > 0 && reroot(p, found) == 0)
        return 0;
    p->nnodes = 0;
    return new_node(p, rm_state_hash(root), 1 - rm_state_to_move(root), -1) < 0 ? -1 : 0;
}

/* The child of the root R whose evaluation is best, for a search the
 * deadline stopped before any iteration ended (or where every turn is a
 * proven loss: the latest). */
static int best_judged(rm_player *p, const node *r)
{
    if (r->nchildren == 0)
        return 0;
    int best = r->first_child;
    for (int i = 1; i < r->nchildren; i++)
        if (p->nodes[r->first_child + i].mm > p->nodes[best].mm)
            best = r->first_child + i;
    p->chosen = best;
    return p->nodes[best].turn;
}

int pl_choose_mcts(rm_player *p, rm_match *m)
{
    const rm_state *root = rm_match_state(m);
    if (prepare_root(p, root) < 0 || pl_note_history(p, m) < 0)
        return -1;
    p->me = rm_state_to_move(root);
    p->ext_limit = 0;
    p->info.reused = p->nodes[0].visits;
    /* iterations are searched within the time cap */
    pl_start_clock(p, p->seconds > 0 ? p->seconds : p->cap);
    for (long it = 0;; it++) {
        if (p->iterations > 0 && it >= p->iterations)
            break;
        if ((it & 15) == 0 && it > 0 && rm_seconds() >= p->deadline)
            p->stopped = true;
        if (pl_halted(p) || iterate(p, root) < 0)
            break;
    }
    const node *r = &p->nodes[0];
    p->info.visits = r->visits;
    p->info.nodes = p->nnodes;
    pl_note_stop(p, p->iterations > 0);
    if (r->first_child < 0)
        return rm_rng_below(&p->rng, rm_match_turns(m)->n);
    /* The proven win that ends soonest, else the most visited turn not
     * proven lost: an index into the root's turns as rm_legal_turns lists
     * them, so into the match's list too. */
    int win = -1, most = -1;
    for (int i = r->first_child; i < r->first_child + r->nchildren; i++) {
        const node *c = &p->nodes[i];
        if (c->proven > 0 && (win < 0 || c->end < p->nodes[win].end))
            win = i;
        if (c->proven == 0 && c->visits > 0 && (most < 0 || c->visits > p->nodes[most].visits))
            most = i;
    }
    int pick = win >= 0 ? win : most;
    if (pick < 0)
        return best_judged(p, r);
    p->chosen = pick;
    return p->nodes[pick].turn;
}

void rm_player_info(const rm_player *p, rm_search_info *info)
{
    *info = p->info;
}

long rm_player_tree_visits(const rm_player *p, uint64_t hash, int plies)
{
    if (p->kind != P_MCTS || p->nnodes == 0 || plies < 0)
        return -1;
    int n = find_below(p, 0, hash, plies);
    return n < 0 ? -1 : (long)p->nodes[n].visits;
}
