/* derive.c: the derive step (see derive.h). */
#include "derive.h"

#include "layout.h"
#include "moves.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Zobrist keys ---- */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The keys are the same in every run and for every game (a fixed seed),
 * so that hashes, and the order of anything sorted by them, are too. The
 * keys multiplied by a count are odd, so that no count makes one zero. */
static void derive_zobrist(rm_zobrist *z)
{
    uint64_t seed = 0x52494D4155ull;
    for (int p = 0; p < RM_MAX_POINTS; p++)
        for (int k = 0; k < RM_MAX_KINDS; k++)
            z->cell[p][k] = splitmix(&seed) | 1;
    for (int k = 0; k < RM_MAX_KINDS; k++)
        z->hand[k] = splitmix(&seed) | 1;
    for (int s = 0; s < 2; s++) {
        z->side[s] = splitmix(&seed);
        z->pturn[s] = splitmix(&seed) | 1;
        for (int f = 0; f < RM_MAX_PHASES; f++)
            z->phase[s][f] = splitmix(&seed);
    }
    /* (after the others, which stay as they were before these were added) */
    for (int s = 0; s < 2; s++)
        z->stall[s] = splitmix(&seed) | 1;
    z->quiet = splitmix(&seed) | 1;
    /* (after the others, which are as they were before it) */
    z->pass_end[0] = 0;
    for (int r = 1; r < RM_BLOCKED_RULES; r++)
        z->pass_end[r] = splitmix(&seed);
    /* (after the others: the keys above are those of every game before huffing) */
    for (int p = 0; p < RM_MAX_POINTS; p++)
        z->huff[p] = splitmix(&seed);
}

/* ---- the generator's flags of each turn pattern ---- */

/* Whether a phase can end (it has an end, and a phase of its side comes
 * after it); whether a turn pattern is one step taken once, and whether
 * two of its turns may reach one position, which needs the turns to be
 * merged by position (rm_alts_may_meet, moves.h). Chains, and captures
 * 'with final step', take the general walk, which always merges; a line with a final step is marked to merge all
 * the same, as a capture and a step may reach one position two ways.
 * Whether its turns can be counted without listing them follows
 * (countable). */
static void derive_phases(rm_game *g)
{
    bool overlap = board_rays_overlap(&g->board);
    for (int f = 0; f < g->rules.nphases; f++) {
        rm_phase *ph = &g->rules.phases[f];
        int side = ph->side;
        ph->may_end = ph->end != RM_END_NEVER &&
                      f + 1 < g->rules.side_first_phase[side] + g->rules.side_nphases[side];
        for (int t = 0; t < ph->nturns; t++) {
            rm_turn_rule *tr = &ph->turns[t];
            const rm_step_rule *s = &tr->steps[0];
            tr->single = tr->nsteps == 1 && s->min == 1 && s->max == 1;
            tr->merge = overlap;
            for (int i = 0; tr->single && i < s->nalts; i++) {
                if (g->rules.actions[s->alt[i]].final_step)
                    tr->merge = true;
                for (int j = i + 1; j < s->nalts; j++) {
                    const rm_action_rule *a = &g->rules.actions[s->alt[i]];
                    const rm_action_rule *c = &g->rules.actions[s->alt[j]];
                    if (rm_alts_may_meet(a, c))
                        tr->merge = true;
                }
            }
            /* One move a turn, each a different position, and the
             * compulsory rules by turn: the k-th turn can be found by
             * counting (a chain's alternative only while it has no first
             * capture: rm_count_turns looks). */
            tr->countable = tr->single && !tr->merge && !ph->compulsory_per_piece && !ph->huff;
        }
    }
}

/* ---- the ways to play a turn pattern ----
 *
 * The generator walks a pattern's steps depth first (movegen.c): each way
 * to take a step is tried after each way to take the steps before it, so
 * the partial turns of a pattern are the product over its steps of the
 * ways to take each step 0, 1, ... up to its most times. One time of a
 * step is one move of any of its alternatives. Repeated drops and
 * removals of one kind are listed in increasing point order, so that k
 * of them are a choice of k points or pieces, C(N, k); other repeats
 * multiply. The counts are worked in log10, where they cannot overflow:
 * C(255, 32) is about 10^41. */

/* log10(10^A + 10^B), with -INFINITY for none. */
static double log10_add(double a, double b)
{
    if (a < b) {
        double t = a;
        a = b;
        b = t;
    }
    if (b == -INFINITY)
        return a;
    return a + log10(1.0 + pow(10.0, b - a));
}

/* log10 C(N, K). */
static double log10_choose(int n, int k)
{
    if (k < 0 || k > n)
        return -INFINITY;
    return (lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0)) / log(10.0);
}

static double log10_count(double n)
{
    return n > 0 ? log10(n) : -INFINITY;
}

/* For each point, how far a piece on it can go: its rays (steps), its
 * rays of two points or more (leaps and captures) and the points on its
 * rays (slides); each list sorted largest first, so that N pieces reach
 * at most the sum of its first N. */
typedef struct reach {
    int npoints;
    int rays[RM_MAX_POINTS];
    int jumps[RM_MAX_POINTS];
    int slides[RM_MAX_POINTS];
} reach;

static int by_size(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

static void board_reach(const rm_board *b, reach *r)
{
    r->npoints = b->npoints;
    for (int p = 0; p < b->npoints; p++) {
        r->rays[p] = r->jumps[p] = r->slides[p] = 0;
        for (uint32_t i = b->ray_off[p]; i < b->ray_off[p + 1]; i++) {
            r->rays[p]++;
            r->jumps[p] += b->rays[i].len >= 2;
            r->slides[p] += b->rays[i].len;
        }
    }
    qsort(r->rays, (size_t)b->npoints, sizeof r->rays[0], by_size);
    qsort(r->jumps, (size_t)b->npoints, sizeof r->jumps[0], by_size);
    qsort(r->slides, (size_t)b->npoints, sizeof r->slides[0], by_size);
}

/* The sum of the N largest of V (sorted largest first). */
static double top(const int *v, int npoints, int n)
{
    double sum = 0;
    for (int i = 0; i < n && i < npoints; i++)
        sum += v[i];
    return sum;
}

/* The points A may drop or relocate to. */
static int destinations(const rm_game *g, const rm_action_rule *a)
{
    return a->has_region ? set_count(&a->region) : g->board.npoints;
}

/* The pieces A may take or jump: every piece of its target kinds; and
 * whether one of them stacks. */
static int targets(const rm_game *g, const rm_action_rule *a, bool *stacks)
{
    int n = 0;
    *stacks = false;
    for (int k = 0; k < g->nkinds; k++)
        if (a->targets >> k & 1) {
            n += g->kinds[k].count;
            *stacks |= g->kinds[k].stacks;
        }
    return n;
}

/* The pieces a removal A may choose among: its targets, on the points of
 * its region (pieces that stack may share them). */
static int removable(const rm_game *g, const rm_action_rule *a)
{
    bool stacks;
    int n = targets(g, a, &stacks);
    int room = destinations(g, a);
    return stacks || n < room ? n : room;
}

/* Whether a chain by A may jump one point more than once: a stack loses
 * one piece a capture and, its pieces leaving at once, stays in the way,
 * so the chain can bounce over it (and back) as long as it lasts. Stacks
 * that form only in the setup ('stacks in setup') are a few points that
 * only shrink: a chain among them is counted as one over single pieces,
 * as the stacks of play could otherwise be anywhere. */
static bool chain_rejumps(const rm_game *g, const rm_action_rule *a)
{
    bool stacks = false;
    for (int k = 0; k < g->nkinds; k++)
        if (a->targets >> k & 1)
            stacks |= g->kinds[k].stacks_in_play;
    return a->chain != RM_CHAIN_NONE && stacks && !a->remove_at_end;
}

/* The partial chains that follow one first capture by A; *LEN gets the
 * longest chain and *LINES the lines it may go on along after a capture.
 * Each capture takes a piece, so a chain is no longer than the targets
 * (nor than a turn's moves). A chain that may jump a point again may go
 * on along any line (back the way it came too, unless 'not back': one
 * line fewer): b + b^2 + ... + b^L.
 * A chain that takes each piece from a new point can only branch where
 * the enemy stands in a lattice around it, with every point between
 * empty: such positions are far from play, and are counted as one line
 * of captures, L partial chains. (They exist: a lone piece among 28 enemy
 * pieces on meurimueng-rimueng peuet ploh's board passes the limit.) */
static double chain_ways(const rm_game *g, const reach *r, const rm_action_rule *a, int *len,
                         int *lines)
{
    bool stacks;
    int n = targets(g, a, &stacks);
    int longest = n < RM_MAX_MOVES_IN_TURN ? n : RM_MAX_MOVES_IN_TURN;
    *len = longest;
    *lines = 1;
    if (!chain_rejumps(g, a))
        return log10_count(longest);
    *lines = r->jumps[0] - (a->not_back && r->jumps[0] > 1);
    double ways = -INFINITY;
    /* (b^0 is one way, also where no point has a line to go on along) */
    for (int l = 0; l < longest; l++)
        ways = log10_add(ways, l ? l * log10_count(*lines) : 0);
    return ways;
}

/* log10 of the moves action A has in one position. */
static double action_ways(const rm_game *g, const reach *r, const rm_action_rule *a)
{
    const rm_kind *k = &g->kinds[a->kind];
    int pieces = k->count < r->npoints ? k->count : r->npoints; /* points they stand on */
    int len, lines;
    switch (a->type) {
    case RM_DROP:
        return log10_count(destinations(g, a));
    case RM_STEP:
        return log10_count(top(r->rays, r->npoints, pieces));
    case RM_SLIDE:
        return log10_count(top(r->slides, r->npoints, pieces));
    case RM_LEAP:
        return log10_count(top(r->jumps, r->npoints, pieces));
    case RM_CAPTURE: {
        /* with a final step: each capture or chain, then no step or a
         * step along one of the most lines a point has */
        /* (by approach or withdrawal: a step that takes ahead or behind) */
        double ways = a->by ? log10_count(2 * top(r->rays, r->npoints, pieces))
                            : log10_count(top(r->jumps, r->npoints, pieces));
        if (a->chain != RM_CHAIN_NONE)
            ways += chain_ways(g, r, a, &len, &lines);
        if (a->final_step)
            ways += log10_count(1 + (r->npoints ? r->rays[0] : 0));
        return ways;
    }
    case RM_REMOVE:
        return log10_count(removable(g, a));
    case RM_RELOCATE:
        return log10_count((double)pieces * destinations(g, a));
    default:
        return -INFINITY;
    }
}

/* log10 of the ways to take step S exactly TIMES times, one time having
 * EACH (log10) ways: a choice of points or pieces for repeated drops or
 * removals, in increasing order; otherwise each time multiplies. */
static double repeat_ways(const rm_game *g, const rm_step_rule *s, int times, double each)
{
    const rm_action_rule *a = &g->rules.actions[s->alt[0]];
    if (s->nalts == 1 && a->type == RM_DROP) {
        const rm_kind *k = &g->kinds[a->kind];
        int n = destinations(g, a);
        if (times > k->hand)
            return -INFINITY;
        return k->stacks_in_play && !a->to_empty ? log10_choose(n + times - 1, times)
                                                 : log10_choose(n, times);
    }
    if (s->nalts == 1 && a->type == RM_REMOVE)
        return log10_choose(removable(g, a), times);
    return times * each;
}

/* The partial turns of step S (taken 0 to its most times), and, in W,
 * what makes them many. */
static double step_ways(const rm_game *g, const reach *r, const rm_step_rule *s, rm_ways *w)
{
    double each = -INFINITY, most = -INFINITY;
    w->action = s->nalts ? s->alt[0] : 0;
    for (int i = 0; i < s->nalts; i++) {
        double ways = action_ways(g, r, &g->rules.actions[s->alt[i]]);
        each = log10_add(each, ways);
        if (ways > most) {
            most = ways;
            w->action = s->alt[i];
        }
    }
    double ways = 0; /* taken 0 times: one way */
    for (int t = 1; t <= s->max; t++)
        ways = log10_add(ways, repeat_ways(g, s, t, each));
    const rm_action_rule *a = &g->rules.actions[w->action];
    w->times = s->max;
    w->each_log10 = each;
    w->among = w->lines = 0;
    if (s->nalts == 1 && s->max > 1 && a->type == RM_DROP) {
        w->why = RM_WAYS_DROPS;
        w->among = destinations(g, a);
    } else if (s->nalts == 1 && s->max > 1 && a->type == RM_REMOVE) {
        w->why = RM_WAYS_REMOVALS;
        w->among = removable(g, a);
    } else if (a->type == RM_CAPTURE && chain_rejumps(g, a)) {
        w->why = RM_WAYS_CHAIN;
        chain_ways(g, r, a, &w->among, &w->lines);
    } else {
        w->why = s->max > 1 ? RM_WAYS_REPEAT : RM_WAYS_MOVES;
    }
    return ways;
}

void derive_turn_ways(const rm_game *g, const rm_turn_rule *tr, rm_ways *w)
{
    static const rm_ways none = { 0 };
    reach r;
    board_reach(&g->board, &r);
    *w = none;
    w->step_log10 = -INFINITY;
    for (int i = 0; i < tr->nsteps; i++) {
        rm_ways part = none;
        double ways = step_ways(g, &r, &tr->steps[i], &part);
        w->log10 += ways;
        if (ways > w->step_log10) {
            double total = w->log10;
            *w = part;
            w->log10 = total;
            w->step = i;
            w->step_log10 = ways;
        }
    }
}

/* ---- each side's kinds, as a mask over counts per kind ---- */

static void derive_sides(rm_game *g)
{
    for (int s = 0; s < g->nsides; s++) {
        rm_side *sd = &g->sides[s];
        uint8_t bytes[2 * sizeof(uint64_t)] = { 0 };
        _Static_assert(RM_MAX_KINDS == sizeof bytes, "the kind mask covers every kind");
        for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
            bytes[k] = 0xFF;
        memcpy(sd->kind_mask, bytes, sizeof bytes);
    }
}

/* ---- each side's class of every ray ----
 *
 * A move leaves its point along a ray; its direction is that of the
 * vector V from the point to the ray's first point. Against a compass
 * forward F (a unit vector) it goes forward when V.F > EPS |V|, backward
 * when V.F < -EPS |V|, sideways otherwise; toward a set, forward when the
 * ray's first point is nearer to the set (to its nearest point) than the
 * point is by more than EPS |V|, backward when it is farther by more
 * than that, sideways otherwise. It is diagonal unless V is parallel to
 * an axis within EPS |V|. EPS is relative to the link's length, so the
 * classes do not depend on the scale of the coordinates. */

#define DIR_EPS 1e-6

/* The distance from point P to the nearest point of S. */
static double distance_to(const rm_board *b, int p, const rm_set *s)
{
    double best = INFINITY;
    SET_FOREACH(q, s) {
        double d = hypot(b->points[q].x - b->points[p].x, b->points[q].y - b->points[p].y);
        if (d < best)
            best = d;
    }
    return best;
}

/* The class (RM_RAY_CLASS) of the ray R of point P for side SD, given
 * DIST, each point's distance to SD's forward set when it has one. */
static uint8_t ray_class(const rm_board *b, const rm_side *sd, const double *dist, int p,
                         uint32_t r)
{
    int q = b->ray_next[r];
    double vx = b->points[q].x - b->points[p].x, vy = b->points[q].y - b->points[p].y;
    double len = hypot(vx, vy), tol = DIR_EPS * len;
    int diagonal = fabs(vx) > tol && fabs(vy) > tol;
    int way = RM_WAY_NONE;
    double ahead = 0; /* how far the link goes forward, in the units of the coordinates */
    if (sd->forward == RM_FORWARD_COMPASS) {
        static const double fx[] = { 0, 0, -1, 1 }, fy[] = { 1, -1, 0, 0 };
        ahead = vx * fx[sd->forward_way] + vy * fy[sd->forward_way];
    } else if (sd->forward == RM_FORWARD_TOWARD) {
        ahead = dist[p] - dist[q];
    }
    if (sd->forward != RM_FORWARD_NONE)
        way = ahead > tol ? RM_WAY_FORWARD : ahead < -tol ? RM_WAY_BACKWARD : RM_WAY_SIDEWAYS;
    return (uint8_t)RM_RAY_CLASS(way, diagonal);
}

static int derive_ray_classes(rm_game *g)
{
    const rm_board *b = &g->board;
    size_t nrays = b->npoints ? b->ray_off[b->npoints] : 0;
    for (int s = 0; s < g->nsides; s++) {
        rm_side *sd = &g->sides[s];
        sd->ray_class = malloc(nrays ? nrays : 1);
        if (!sd->ray_class)
            return -1;
        double dist[RM_MAX_POINTS];
        if (sd->forward == RM_FORWARD_TOWARD)
            for (int p = 0; p < b->npoints; p++)
                dist[p] = distance_to(b, p, &sd->forward_set);
        for (int p = 0; p < b->npoints; p++)
            for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++)
                sd->ray_class[r] = ray_class(b, sd, dist, p, r);
    }
    return 0;
}

/* Each side's level of every point (rm_side.fwd_level): how far forward
 * it stands, by its coordinate along a compass forward, or by its
 * distance to a forward set (nearer: farther forward); points level
 * within DIR_EPS times the board's shortest link have one level. A turn
 * advances when it raises the sum of its side's pieces' levels
 * (doc/language.md, "Counting turns"). */
static int derive_levels(rm_game *g)
{
    const rm_board *b = &g->board;
    double shortest = INFINITY;
    for (int p = 0; p < b->npoints; p++)
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            int q = b->ray_next[r];
            double len = hypot(b->points[q].x - b->points[p].x, b->points[q].y - b->points[p].y);
            if (len < shortest)
                shortest = len;
        }
    double tol = DIR_EPS * (isfinite(shortest) ? shortest : 1);
    for (int s = 0; s < g->nsides; s++) {
        rm_side *sd = &g->sides[s];
        if (sd->forward == RM_FORWARD_NONE || b->npoints == 0)
            continue;
        sd->fwd_level = malloc((size_t)b->npoints * sizeof *sd->fwd_level);
        if (!sd->fwd_level)
            return -1;
        double v[RM_MAX_POINTS];
        for (int p = 0; p < b->npoints; p++) {
            static const double fx[] = { 0, 0, -1, 1 }, fy[] = { 1, -1, 0, 0 };
            if (sd->forward == RM_FORWARD_COMPASS)
                v[p] = b->points[p].x * fx[sd->forward_way] + b->points[p].y * fy[sd->forward_way];
            else
                v[p] = -distance_to(b, p, &sd->forward_set);
        }
        /* the points from farthest back, a new level wherever the value
         * rises by more than TOL */
        int order[RM_MAX_POINTS];
        for (int p = 0; p < b->npoints; p++)
            order[p] = p;
        for (int i = 1; i < b->npoints; i++) /* (insertion sort: a board is small) */
            for (int j = i; j > 0 && v[order[j]] < v[order[j - 1]]; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        int level = 1;
        for (int i = 0; i < b->npoints; i++) {
            if (i > 0 && v[order[i]] - v[order[i - 1]] > tol)
                level++;
            sd->fwd_level[order[i]] = (uint16_t)level;
        }
    }
    return 0;
}

/* The pieces of side S (of a game of two sides). */
static int side_pieces(const rm_game *g, int s)
{
    int n = 0;
    for (int k = g->sides[s].first_kind; k < g->sides[s].first_kind + g->sides[s].nkinds; k++)
        n += g->kinds[k].count;
    return n;
}

/* Huffing multiplies the turns of phase PH: at once, each turn that
 * captures nothing by the pieces its side may give up; by the opponent,
 * each turn of the other side by the pieces it may huff first. */
static double huff_ways(const rm_game *g, const rm_phase *ph)
{
    double ways = 0;
    if (g->nsides != 2)
        return 0;
    if (ph->huff == RM_HUFF_AT_ONCE)
        ways += log10_count(side_pieces(g, ph->side));
    for (int f = 0; f < g->rules.nphases; f++)
        if (g->rules.phases[f].side != ph->side && g->rules.phases[f].huff == RM_HUFF_BY_OPPONENT) {
            ways += log10_count(side_pieces(g, 1 - ph->side));
            break;
        }
    return ways;
}

static void derive_ways(rm_game *g)
{
    for (int f = 0; f < g->rules.nphases; f++)
        for (int t = 0; t < g->rules.phases[f].nturns; t++) {
            rm_ways w;
            derive_turn_ways(g, &g->rules.phases[f].turns[t], &w);
            g->rules.phases[f].turns[t].log10_ways = w.log10 + huff_ways(g, &g->rules.phases[f]);
        }
}

int derive_game(rm_game *g)
{
    derive_zobrist(&g->zob);
    derive_phases(g);
    derive_sides(g);
    derive_ways(g);
    g->layout = malloc(sizeof *g->layout);
    if (!g->layout || layout_derive(&g->board, g->layout) != 0) {
        free(g->layout);
        g->layout = NULL;
        return -1;
    }
    if (derive_levels(g) != 0)
        return -1;
    return derive_ray_classes(g);
}
