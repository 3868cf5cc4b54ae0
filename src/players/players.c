/* players.c: the random player and UCT Monte Carlo tree search. */
#define _POSIX_C_SOURCE 200809L
#include "players.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { P_RANDOM, P_MCTS, P_AB };

/* A transposition table entry of the alpha-beta player. */
typedef struct tt_entry {
    uint64_t hash;
    float score;
    int8_t depth;
    int8_t flag;                  /* 0 exact, 1 lower bound, 2 upper bound */
    int16_t best;
} tt_entry;

#define TT_SIZE (1u << 18)
#define AB_MAX_DEPTH 32

/* A node of the search tree: the position after the turn that leads to it.
 * Its children are made all at once when it is first expanded. */
typedef struct node {
    uint64_t hash;
    int first_child, nchildren;   /* -1: not expanded */
    uint32_t visits;
    double wins;                  /* for the side that played the turn into it */
    int8_t mover;                 /* the side that played that turn */
    int16_t turn;                 /* its index among the parent's turns */
    float mm;                     /* for the mover: the minimax of the evaluations below */
} node;

struct rm_player {
    int kind;
    char *spec;
    const rm_game *g;
    uint64_t rng;
    long iterations;              /* budget in iterations, or 0 */
    int cutoff;                   /* mcts: playouts stop after this many turns; 0: never */
    double seconds;               /* budget in time, or 0 */
    node *nodes;
    int nnodes, capnodes;
    int *map;                     /* scratch of reroot: old node index -> new */
    int capmap;
    int chosen;                   /* the root's child played last time, or -1 */
    int root_turn;                /* the turn number of the root's position */
    rm_search_info info;
    rm_turnlist scratch, playout;
    int depth;                    /* ab: fixed depth, or 0 */
    int ext_limit;                /* ab: no extension from this ply on */
    tt_entry *tt;
    rm_turnlist lists[AB_MAX_DEPTH + 2];
    double deadline;
    bool stopped;
    long visited;
    rm_turnlist other;            /* scratch: the turns of the side not to move */
    int me;                       /* the side to move at the root of a search */
    uint64_t *hist;               /* the hashes of the game's positions so far, sorted */
    int nhist, caphist;
    uint64_t line[AB_MAX_DEPTH + 2]; /* ab: the hashes of the line searched, by ply */
    rm_set points;                /* every point of the board */
};

/* The evaluation, in units of a side's whole material (10): each side's
 * mobility (the logarithm of its number of legal turns, so that the last
 * turns left to a side count most: a side that cannot move has lost), its
 * room (the empty points its pieces reach through empty points, as a
 * share of the board) and how close its pieces stand to the other side's
 * (the mean distance, in links, of each piece to the nearest enemy). The
 * weights were chosen by playing ab:3 against random in Rimau-rimau A. */
#define W_MOBILITY 0.5
#define W_ROOM 1.0
#define W_DISTANCE 0.3
/* What a draw is worth to the side a player searches for: CONTEMPT less
 * than an even position, so that a player making no progress tries
 * something else rather than repeat positions, while one whose every
 * line loses still takes a draw. */
#define CONTEMPT 1.5
/* Alpha-beta looks one ply further where the side to move has at most
 * AB_EXTEND turns (it may be about to be blocked), and goes on with the
 * captures for at most AB_QDEPTH plies past its depth (quiescence). */
#define AB_EXTEND 2
#define AB_QDEPTH 4
/* MCTS: the exploration constant of UCT; an evaluation E becomes the
 * value 1/(1+exp(-E/SQUASH)) of a playout cut short; a node's value mixes
 * its mean result with the minimax of its children's evaluations in this
 * proportion (implicit minimax backups). */
#define UCT_C 0.5
#define SQUASH 0.5
#define MINIMAX 0.4

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

rm_player *rm_player_new(const rm_game *g, const char *spec, uint64_t seed, char *err,
                         size_t errsize)
{
    rm_player *p = calloc(1, sizeof *p);
    char *copy = malloc(strlen(spec) + 1);
    if (!p || !copy) {
        free(p);
        free(copy);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    strcpy(copy, spec);
    p->spec = copy;
    p->g = g;
    for (int q = 0; q < g->board.npoints; q++)
        set_add(&p->points, q);
    p->rng = seed ^ 0x5DEECE66Dull;
    p->chosen = -1;
    rm_turnlist_init(&p->scratch);
    rm_turnlist_init(&p->playout);
    rm_turnlist_init(&p->other);
    for (int i = 0; i < AB_MAX_DEPTH + 2; i++)
        rm_turnlist_init(&p->lists[i]);
    const char *colon = strchr(spec, ':');
    size_t name = colon ? (size_t)(colon - spec) : strlen(spec);
    if (name == 6 && strncmp(spec, "random", 6) == 0 && !colon) {
        p->kind = P_RANDOM;
        return p;
    }
    if (name == 4 && strncmp(spec, "mcts", 4) == 0) {
        p->kind = P_MCTS;
        p->seconds = 1.0;
        if (colon) {
            /* mcts:BUDGET or mcts:BUDGET:CUTOFF */
            char budget[64];
            const char *second = strchr(colon + 1, ':');
            size_t blen = second ? (size_t)(second - colon - 1) : strlen(colon + 1);
            if (blen >= sizeof budget)
                blen = sizeof budget - 1;
            memcpy(budget, colon + 1, blen);
            budget[blen] = '\0';
            if (second) {
                char *cend;
                long c = strtol(second + 1, &cend, 10);
                if (cend == second + 1 || *cend || c < 1 || c > 100000) {
                    snprintf(err, errsize, "'%s': a playout limit is a number of turns from 1 to "
                             "100000 (mcts:200:50)", spec);
                    rm_player_free(p);
                    return NULL;
                }
                p->cutoff = (int)c;
            }
            char *end;
            double v = strtod(budget, &end);
            p->seconds = 0;
            if (end == budget || v <= 0 || v > 1e9) {
                snprintf(err, errsize, "'%s': a budget is a number of iterations, or of seconds "
                         "with 's' (mcts:20000, mcts:2s, mcts:500ms)", spec);
                rm_player_free(p);
                return NULL;
            }
            if (strcmp(end, "s") == 0)
                p->seconds = v;
            else if (strcmp(end, "ms") == 0)
                p->seconds = v / 1000;
            else if (*end == '\0' && v == floor(v))
                p->iterations = (long)v;
            else {
                snprintf(err, errsize, "'%s': the budget's unit is s or ms, or none for iterations",
                         spec);
                rm_player_free(p);
                return NULL;
            }
        }
        return p;
    }
    if (name == 2 && strncmp(spec, "ab", 2) == 0) {
        p->kind = P_AB;
        p->seconds = 1.0;
        if (colon) {
            char *end;
            double v = strtod(colon + 1, &end);
            p->seconds = 0;
            if (*end == '\0' && v >= 1 && v <= AB_MAX_DEPTH && v == floor(v))
                p->depth = (int)v;
            else if (strcmp(end, "s") == 0 && v > 0)
                p->seconds = v;
            else if (strcmp(end, "ms") == 0 && v > 0)
                p->seconds = v / 1000;
            else {
                snprintf(err, errsize, "'%s': the budget of ab is a depth (1 to %d) or a time "
                         "(ab:2s, ab:500ms)", spec, AB_MAX_DEPTH);
                rm_player_free(p);
                return NULL;
            }
        }
        p->tt = calloc(TT_SIZE, sizeof *p->tt);
        if (!p->tt) {
            snprintf(err, errsize, "out of memory");
            rm_player_free(p);
            return NULL;
        }
        return p;
    }
    snprintf(err, errsize, "unknown player '%s' (players: human, random, mcts[:N|:Ns][:L], "
             "ab[:DEPTH|:Ns])", spec);
    rm_player_free(p);
    return NULL;
}

void rm_player_free(rm_player *p)
{
    if (!p)
        return;
    free(p->spec);
    free(p->nodes);
    free(p->map);
    free(p->tt);
    for (int i = 0; i < AB_MAX_DEPTH + 2; i++)
        rm_turnlist_free(&p->lists[i]);
    rm_turnlist_free(&p->scratch);
    rm_turnlist_free(&p->playout);
    rm_turnlist_free(&p->other);
    free(p->hist);
    free(p);
}

const char *rm_player_spec(const rm_player *p)
{
    return p->spec;
}

int rm_playout(const rm_game *g, rm_state *st, rm_turnlist *l, uint64_t *rng, int max_turns,
               int *turns)
{
    int t = 0;
    for (;;) {
        /* rm_legal_turns finds no turn in a finished game: the status is
         * looked at only then, or at the turn limit */
        int n = t == max_turns ? 0 : rm_legal_turns(g, st, l);
        if (n <= 0) {
            *turns = t;
            int r = rm_status(g, st);
            if (r != RM_ONGOING)
                return r;
            return n == 0 && t < max_turns ? 1 - st->to_move : RM_DRAW;
        }
        int i = rm_rng_below(rng, n);
        rm_apply(g, st, rm_turn_moves(l, i), l->turns[i].n);
        t++;
    }
}

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

/* ---- the evaluation ---- */

/* The number of empty points SIDE's pieces reach from point to linked
 * point through empty points: the room it has. */
static int room(const rm_player *p, const rm_state *st, int side)
{
    rm_set empty = p->points, reach = st->occ[side], frontier = st->occ[side];
    set_minus(&empty, &st->occ[0]);
    set_minus(&empty, &st->occ[1]);
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
    rm_set reached = st->occ[1 - side], ring = reached, left = st->occ[side];
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

/* The evaluation of ST for the side to move, whose legal turns are L,
 * from what the IR knows: each side's pieces (on the board and in hand)
 * as a share of its pieces at the start, counted from its losing number
 * of pieces, weighing 10; then mobility, room and distance (W_*). */
static double evaluate(rm_player *p, const rm_state *st, const rm_turnlist *l)
{
    const rm_game *g = p->g;
    int me = st->to_move, them = 1 - me, mobility = l->n;
    rm_state other = *st;
    other.to_move = (uint8_t)them;
    int theirs = rm_legal_turns(g, &other, &p->other);
    if (theirs < 0)
        theirs = mobility;
    return 10.0 * (piece_share(g, st, me) - piece_share(g, st, them)) +
           W_MOBILITY * (log1p(mobility) - log1p(theirs)) +
           W_ROOM * (room(p, st, me) - room(p, st, them)) / g->board.npoints +
           W_DISTANCE * (distance(p, st, them) - distance(p, st, me));
}

/* The evaluation of ST for SIDE; L is scratch space. */
static double evaluate_for(rm_player *p, const rm_state *st, int side, rm_turnlist *l)
{
    int n = rm_legal_turns(p->g, st, l);
    if (n <= 0)
        return n == 0 ? (st->to_move == side ? -1000.0 : 1000.0) : 0.0;
    double e = evaluate(p, st, l);
    return st->to_move == side ? e : -e;
}

/* ---- repetitions ---- */

static int cmp_hash(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Notes the positions of M so far, to see the repetitions that draw. */
static int note_history(rm_player *p, const rm_match *m)
{
    p->nhist = 0;
    if (p->g->rules.draw_repeat <= 0)
        return 0;
    if (p->caphist < m->n + 1) {
        int cap = m->n + 1 > 2 * p->caphist ? m->n + 1 : 2 * p->caphist;
        uint64_t *h = realloc(p->hist, (size_t)cap * sizeof *h);
        if (!h)
            return -1;
        p->hist = h;
        p->caphist = cap;
    }
    for (int i = 0; i <= m->n; i++)
        p->hist[i] = m->states[i].hash;
    p->nhist = m->n + 1;
    qsort(p->hist, (size_t)p->nhist, sizeof *p->hist, cmp_hash);
    return 0;
}

/* How many times the game so far has seen the position with hash H. */
static int seen_before(const rm_player *p, uint64_t h)
{
    int lo = 0, hi = p->nhist;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (p->hist[mid] < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    int k = 0;
    while (lo + k < p->nhist && p->hist[lo + k] == h)
        k++;
    return k;
}

/* ---- UCT ---- */

static double search(rm_player *p, const rm_state *st, int depth, int ply, double alpha,
                     double beta);

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
    n->turn = (int16_t)turn;
    n->mm = 0.5f;
    return p->nnodes++;
}

static double draw_value(const rm_player *p, int side);

/* An evaluation E on the scale of a playout's value, from 0 (lost) to 1
 * (won). */
static double squash(double e)
{
    return 1 / (1 + exp(-e / SQUASH));
}

/* The value of position ST to SIDE on the scale of a playout's value:
 * its evaluation squashed into [0, 1], or the result of a finished game. */
static double judge(rm_player *p, const rm_state *st, int side)
{
    int r = rm_status(p->g, st);
    if (r == RM_DRAW)
        return draw_value(p, side);
    if (r != RM_ONGOING)
        return r == side;
    return squash(evaluate_for(p, st, side, &p->playout));
}

/* Makes the children of node N, whose position is ST: one per legal turn,
 * each judged by the evaluation. */
static int expand(rm_player *p, int n, const rm_state *st)
{
    int count = rm_legal_turns(p->g, st, &p->scratch);
    if (count < 0)
        return -1;
    if (count > 32767)
        count = 32767;
    int first = p->nnodes;
    for (int i = 0; i < count; i++)
        if (new_node(p, p->scratch.turns[i].hash, st->to_move, i) < 0)
            return -1;
    p->nodes[n].first_child = first;
    p->nodes[n].nchildren = count;
    for (int i = 0; i < count; i++) {
        rm_state next = *st;
        rm_apply(p->g, &next, rm_turn_moves(&p->scratch, i), p->scratch.turns[i].n);
        p->nodes[first + i].mm = (float)judge(p, &next, st->to_move);
    }
    return 0;
}

/* The minimax values of the line of nodes PATH[0..DEPTH), from the
 * values of the children of each, bottom up. */
static void minimax_up(rm_player *p, const int *path, int depth)
{
    for (int i = depth - 1; i >= 0; i--) {
        node *x = &p->nodes[path[i]];
        if (x->first_child < 0 || x->nchildren == 0)
            continue;
        float best = 0;
        for (int k = 0; k < x->nchildren; k++)
            if (p->nodes[x->first_child + k].mm > best)
                best = p->nodes[x->first_child + k].mm;
        x->mm = x->mover == p->nodes[x->first_child].mover ? best : 1 - best;
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
        if (score > best_score) {
            best_score = score;
            best = parent->first_child + i;
        }
    }
    return best;
}

/* What a draw is worth to SIDE, on the scale of a playout's value (a
 * win 1, a loss 0). */
static double draw_value(const rm_player *p, int side)
{
    double mine = squash(-CONTEMPT);
    return side == p->me ? mine : 1 - mine;
}

/* Whether the position with hash H, reached at the end of the line of
 * nodes PATH[0..DEPTH) down the tree, draws by repetition. */
static bool repeated_in_tree(const rm_player *p, uint64_t h, const int *path, int depth)
{
    int need = p->g->rules.draw_repeat;
    if (need <= 0)
        return false;
    int k = seen_before(p, h);
    for (int j = 1; j < depth && k < need; j++)
        k += p->nodes[path[j]].hash == h;
    return k >= need;
}

/* Plays random turns from ST to the end of the game, or to the player's
 * cutoff, and returns what the playout is worth to the first side: its
 * result, or for a playout cut short with the game still going, its
 * evaluation (after the captures the side to move can make) squashed
 * into [0, 1]. */
static double playout_value(rm_player *p, rm_state *st)
{
    const rm_game *g = p->g;
    int limit = g->rules.draw_after - st->turn;
    if (limit < 0)
        limit = 0;
    bool cut = p->cutoff > 0 && p->cutoff < limit;
    if (cut)
        limit = p->cutoff;
    int turns;
    int result = rm_playout(g, st, &p->playout, &p->rng, limit, &turns);
    if (cut && turns == limit && rm_status(g, st) == RM_ONGOING) {
        double e = search(p, st, 0, 1, -1e9, 1e9);
        return squash(st->to_move == 0 ? e : -e);
    }
    return result == RM_DRAW ? draw_value(p, 0) : result == 0 ? 1.0 : 0.0;
}

/* One iteration: down the tree by UCB, expand, play out, back up. */
static int iterate(rm_player *p, const rm_state *root)
{
    const rm_game *g = p->g;
    int path[4096], depth = 0, n = 0;
    rm_state st = *root;
    path[depth++] = 0;
    bool drawn = false;
    for (;;) {
        node *cur = &p->nodes[n];
        if (rm_status(g, &st) != RM_ONGOING)
            break;
        if (depth > 1 && repeated_in_tree(p, st.hash, path, depth)) {
            drawn = true;
            break;
        }
        if (cur->first_child < 0) {
            if (expand(p, n, &st) < 0)
                return -1;
            cur = &p->nodes[n];
            if (cur->nchildren == 0)
                break;
            int c = select_child(p, n);
            /* the scratch list holds the turns just expanded */
            int t = p->nodes[c].turn;
            rm_apply(g, &st, rm_turn_moves(&p->scratch, t), p->scratch.turns[t].n);
            n = c;
            if (depth < 4096)
                path[depth++] = n;
            break;
        }
        if (cur->nchildren == 0)
            break;
        int c = select_child(p, n);
        if (rm_legal_turns(g, &st, &p->scratch) <= p->nodes[c].turn)
            return -1;
        int t = p->nodes[c].turn;
        rm_apply(g, &st, rm_turn_moves(&p->scratch, t), p->scratch.turns[t].n);
        n = c;
        if (depth < 4096)
            path[depth++] = n;
    }
    double first = drawn ? draw_value(p, 0) : playout_value(p, &st);
    minimax_up(p, path, depth);
    for (int i = 0; i < depth; i++) {
        node *x = &p->nodes[path[i]];
        x->visits++;
        x->wins += x->mover == 0 ? first : 1.0 - first;
    }
    return 0;
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
    int plies = (int)root->turn - p->root_turn, found = -1;
    if (p->nnodes > 0 && p->chosen > 0 && plies >= 1 && plies <= REUSE_MAX_PLIES)
        found = find_below(p, p->chosen, root->hash, plies - 1);
    p->chosen = -1;
    p->root_turn = root->turn;
    if (found > 0 && reroot(p, found) == 0)
        return 0;
    p->nnodes = 0;
    return new_node(p, root->hash, 1 - root->to_move, -1) < 0 ? -1 : 0;
}

/* ---- alpha-beta ---- */

/* The score to the side to move in ST of playing its turn I of L, by a
 * search of the position it leads to. */
static double score_turn(rm_player *p, const rm_state *st, const rm_turnlist *l, int i,
                         int depth, int ply, double alpha, double beta)
{
    rm_state next = *st;
    rm_apply(p->g, &next, rm_turn_moves(l, i), l->turns[i].n);
    return -search(p, &next, depth - 1, ply + 1, -beta, -alpha);
}

/* What a draw is worth to the side to move in ST. */
static double draw_score(const rm_player *p, const rm_state *st)
{
    double mine = -CONTEMPT;
    return st->to_move == p->me ? mine : -mine;
}

/* Whether reaching the position with hash H at PLY of the line searched
 * draws by repetition; notes it in the line. */
static bool repeated_in_line(rm_player *p, uint64_t h, int ply)
{
    p->line[ply] = h;
    int need = p->g->rules.draw_repeat;
    if (need <= 0)
        return false;
    int k = seen_before(p, h) + 1;
    for (int j = 1; j < ply && k < need; j++)
        k += p->line[j] == h;
    return k >= need;
}

static double search(rm_player *p, const rm_state *st, int depth, int ply, double alpha,
                     double beta)
{
    const rm_game *g = p->g;
    int r = rm_status(g, st);
    if (r == RM_DRAW)
        return draw_score(p, st);
    if (r != RM_ONGOING)
        return r == st->to_move ? 1000.0 - ply : -1000.0 + ply;
    if (repeated_in_line(p, st->hash, ply))
        return draw_score(p, st);
    if ((++p->visited & 1023) == 0 && p->deadline > 0 && now() >= p->deadline)
        p->stopped = true;
    if (p->stopped)
        return 0;
    rm_turnlist *l = &p->lists[ply];
    int n = rm_legal_turns(g, st, l);
    if (n == 0)
        return -1000.0 + ply;
    if (n < 0)
        return draw_score(p, st);
    /* A side with hardly a turn left may be about to be blocked: look one
     * ply further, as a chess program does for a king in check. */
    if (depth == 0 && n <= AB_EXTEND && ply < p->ext_limit)
        depth = 1;
    if (depth <= 0 || ply >= AB_MAX_DEPTH) {
        /* Quiescence: the side to move may stop here or take pieces, so
         * that a line is not judged in the middle of an exchange. */
        double stand = evaluate(p, st, l);
        if (depth <= -AB_QDEPTH || ply >= AB_MAX_DEPTH || stand >= beta)
            return stand;
        double best = stand;
        if (stand > alpha)
            alpha = stand;
        for (int i = 0; i < n && alpha < beta; i++) {
            if (!l->turns[i].captured)
                continue;
            double v = score_turn(p, st, l, i, depth, ply, alpha, beta);
            if (p->stopped)
                return 0;
            if (v > best)
                best = v;
            if (v > alpha)
                alpha = v;
        }
        return best;
    }
    tt_entry *e = &p->tt[st->hash & (TT_SIZE - 1)];
    int first = -1;
    if (e->hash == st->hash) {
        if (e->depth >= depth) {
            if (e->flag == 0 || (e->flag == 1 && e->score >= beta) ||
                (e->flag == 2 && e->score <= alpha))
                return e->score;
        }
        if (e->best < n)
            first = e->best;
    }
    double a0 = alpha, best = -1e9;
    int best_i = 0;
    for (int k = -1; k < n; k++) {
        /* the table's move first, then the others in the list's order */
        int i;
        if (k == -1) {
            if (first < 0)
                continue;
            i = first;
        } else {
            i = k;
            if (i == first)
                continue;
        }
        double v = score_turn(p, st, l, i, depth, ply, alpha, beta);
        if (p->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_i = i;
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    e->hash = st->hash;
    e->score = (float)best;
    e->depth = (int8_t)depth;
    e->flag = (int8_t)(best <= a0 ? 2 : best >= beta ? 1 : 0);
    e->best = (int16_t)best_i;
    return best;
}

static int choose_ab(rm_player *p, rm_match *m)
{
    const rm_state *root = rm_match_state(m);
    const rm_turnlist *l = rm_match_turns(m);
    int max_depth = p->depth > 0 ? p->depth : AB_MAX_DEPTH;
    p->deadline = p->depth > 0 ? 0 : now() + p->seconds;
    p->stopped = false;
    if (note_history(p, m) < 0)
        return -1;
    /* Scores of draws depend on the game so far: none is kept. */
    memset(p->tt, 0, TT_SIZE * sizeof *p->tt);
    p->me = root->to_move;
    p->line[0] = root->hash;
    int best = 0;
    for (int d = 1; d <= max_depth; d++) {
        double bv = -1e9;
        int bi = 0;
        rm_turnlist *rl = &p->lists[AB_MAX_DEPTH + 1];
        int n = rm_legal_turns(p->g, root, rl);
        for (int i = 0; i < n; i++) {
            p->ext_limit = 2 * d < AB_MAX_DEPTH ? 2 * d : AB_MAX_DEPTH;
            double v = score_turn(p, root, rl, i, d, 0, bv, 1e9);
            if (p->stopped)
                break;
            if (v > bv) {
                bv = v;
                bi = i;
            }
        }
        if (p->stopped)
            break;
        best = bi;
        if (bv >= 900 || bv <= -900)
            break; /* a forced result is found */
    }
    return best < l->n ? best : 0;
}

int rm_player_choose(rm_player *p, rm_match *m)
{
    const rm_turnlist *l = rm_match_turns(m);
    memset(&p->info, 0, sizeof p->info);
    if (l->n <= 0)
        return -1;
    if (p->kind == P_RANDOM || l->n == 1)
        return p->kind == P_RANDOM ? rm_rng_below(&p->rng, l->n) : 0;
    if (p->kind == P_AB)
        return choose_ab(p, m);
    const rm_state *root = rm_match_state(m);
    if (prepare_root(p, root) < 0 || note_history(p, m) < 0)
        return -1;
    p->me = root->to_move;
    p->ext_limit = 0;
    p->info.reused = p->nodes[0].visits;
    double deadline = p->seconds > 0 ? now() + p->seconds : 0;
    for (long it = 0;; it++) {
        if (p->iterations > 0 && it >= p->iterations)
            break;
        if (deadline > 0 && (it & 15) == 0 && now() >= deadline && it > 0)
            break;
        if (iterate(p, root) < 0)
            break;
    }
    const node *r = &p->nodes[0];
    p->info.visits = r->visits;
    p->info.nodes = p->nnodes;
    if (r->first_child < 0)
        return rm_rng_below(&p->rng, l->n);
    /* The most visited turn. */
    int best = 0;
    uint32_t most = 0;
    for (int i = 0; i < r->nchildren; i++) {
        const node *c = &p->nodes[r->first_child + i];
        if (c->visits > most) {
            most = c->visits;
            best = c->turn;
            p->chosen = r->first_child + i;
        }
    }
    /* The match's list and the tree's come from the same generator in the
     * same order, so the index carries over. */
    return best < l->n ? best : 0;
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
