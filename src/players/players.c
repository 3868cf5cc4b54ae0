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
    tt_entry *tt;
    rm_turnlist lists[AB_MAX_DEPTH + 2];
    double deadline;
    bool stopped;
    long visited;
};

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
    p->rng = seed ^ 0x5DEECE66Dull;
    p->chosen = -1;
    rm_turnlist_init(&p->scratch);
    rm_turnlist_init(&p->playout);
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
        for (int i = 0; i < AB_MAX_DEPTH + 2; i++)
            rm_turnlist_init(&p->lists[i]);
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
        int r = rm_status(g, st);
        if (r != RM_ONGOING) {
            *turns = t;
            return r;
        }
        if (t == max_turns) {
            *turns = t;
            return RM_DRAW;
        }
        int n = rm_legal_turns(g, st, l);
        if (n <= 0) {
            *turns = t;
            return n == 0 ? 1 - st->to_move : RM_DRAW;
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

/* ---- UCT ---- */

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
    return p->nnodes++;
}

/* Makes the children of node N, whose position is ST: one per legal turn. */
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
    return 0;
}

/* The child of N with the best upper confidence bound. */
static int select_child(const rm_player *p, int n)
{
    const node *parent = &p->nodes[n];
    double logn = log((double)parent->visits + 1);
    int best = -1;
    double best_score = -1;
    for (int i = 0; i < parent->nchildren; i++) {
        const node *c = &p->nodes[parent->first_child + i];
        double score = c->visits == 0 ? 1e9 - i
                                       : c->wins / c->visits + 1.4 * sqrt(logn / c->visits);
        if (score > best_score) {
            best_score = score;
            best = parent->first_child + i;
        }
    }
    return best;
}

/* One iteration: down the tree by UCB, expand, play out, back up. */
static int iterate(rm_player *p, const rm_state *root)
{
    const rm_game *g = p->g;
    int path[4096], depth = 0, n = 0;
    rm_state st = *root;
    path[depth++] = 0;
    for (;;) {
        node *cur = &p->nodes[n];
        if (rm_status(g, &st) != RM_ONGOING)
            break;
        if (cur->first_child < 0) {
            if (expand(p, n, &st) < 0)
                return -1;
            cur = &p->nodes[n];
            if (cur->nchildren == 0)
                break;
            int c = cur->first_child + rm_rng_below(&p->rng, cur->nchildren);
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
    int turns;
    int limit = g->rules.draw_after - st.turn;
    if (limit < 0)
        limit = 0;
    bool cut = p->cutoff > 0 && p->cutoff < limit;
    if (cut)
        limit = p->cutoff;
    int result = rm_playout(g, &st, &p->playout, &p->rng, limit, &turns);
    /* What the playout is worth to the first side: a result, or for a
     * playout cut short with the game still going, 1/2 plus half the
     * difference of the sides' shares of their pieces. */
    double first;
    if (cut && turns == limit && rm_status(g, &st) == RM_ONGOING)
        first = 0.5 + 0.5 * (piece_share(g, &st, 0) - piece_share(g, &st, 1));
    else
        first = result == RM_DRAW ? 0.5 : result == 0 ? 1.0 : 0.0;
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

/* The evaluation of ST for the side to move, from what the IR knows:
 * each side's pieces (on the board and in hand) as a share of its pieces
 * at the start, how far each is from its losing number of pieces, and the
 * side to move's mobility. */
static double evaluate(rm_player *p, const rm_state *st, int mobility)
{
    int me = st->to_move, them = 1 - me;
    return 10.0 * (piece_share(p->g, st, me) - piece_share(p->g, st, them)) +
           0.05 * (mobility > 40 ? 40 : mobility);
}

static double search(rm_player *p, const rm_state *st, int depth, int ply, double alpha,
                     double beta)
{
    const rm_game *g = p->g;
    int r = rm_status(g, st);
    if (r != RM_ONGOING)
        return r == RM_DRAW ? 0.0 : (r == st->to_move ? 1000.0 - ply : -1000.0 + ply);
    if ((++p->visited & 1023) == 0 && p->deadline > 0 && now() >= p->deadline)
        p->stopped = true;
    if (p->stopped)
        return 0;
    rm_turnlist *l = &p->lists[ply];
    int n = rm_legal_turns(g, st, l);
    if (n == 0)
        return -1000.0 + ply;
    if (n < 0)
        return 0;
    if (depth == 0 || ply >= AB_MAX_DEPTH)
        return evaluate(p, st, n);
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
        /* the table's move first, then captures, then the rest */
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
        rm_state next = *st;
        rm_apply(g, &next, rm_turn_moves(l, i), l->turns[i].n);
        double v = -search(p, &next, depth - 1, ply + 1, -beta, -alpha);
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
    int best = 0;
    for (int d = 1; d <= max_depth; d++) {
        double bv = -1e9;
        int bi = 0;
        rm_turnlist *rl = &p->lists[AB_MAX_DEPTH + 1];
        int n = rm_legal_turns(p->g, root, rl);
        for (int i = 0; i < n; i++) {
            rm_state next = *root;
            rm_apply(p->g, &next, rm_turn_moves(rl, i), rl->turns[i].n);
            double v = -search(p, &next, d - 1, 1, -1e9, -bv);
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
    if (prepare_root(p, root) < 0)
        return -1;
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
