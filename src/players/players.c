/* players.c: making a player from its text, and asking it for a turn
 * (see players.h); the players themselves are in random.c, mcts.c and
 * alphabeta.c, and what their searches share (the clock of a turn,
 * stopping, results) in search.c. */
#define _POSIX_C_SOURCE 200809L
#include "players_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- a player's text ---- */

/* A budget: a count (iterations or depth) or a time, and after a count
 * the cap on the time of a turn. */
typedef struct budget {
    double count;                 /* 0: none */
    double seconds;               /* 0: none */
    double cap;                   /* 0: not given */
} budget;

/* Reads a time, "2s" or "500ms", into *SECONDS; false when TEXT is not one. */
static bool read_time(const char *text, double *seconds)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || !(v > 0) || v > 1e9)
        return false;
    if (strcmp(end, "s") == 0)
        *seconds = v;
    else if (strcmp(end, "ms") == 0)
        *seconds = v / 1000;
    else
        return false;
    return true;
}

/* Reads TEXT, a budget: N (a whole count), a time, or N/TIME (a count and
 * a time cap). False when it is none of them. */
static bool read_budget(const char *text, budget *b)
{
    *b = (budget){ 0, 0, 0 };
    const char *slash = strchr(text, '/');
    if (slash && !read_time(slash + 1, &b->cap))
        return false;
    char count[64];
    size_t n = slash ? (size_t)(slash - text) : strlen(text);
    if (n >= sizeof count)
        return false;
    memcpy(count, text, n);
    count[n] = '\0';
    if (!slash && read_time(count, &b->seconds))
        return true;
    char *end;
    double v = strtod(count, &end);
    if (end == count || *end || !(v >= 1) || v > 1e9 || v != floor(v))
        return false;
    b->count = v;
    return true;
}

/* random, or random:TIME: a time it never needs (it chooses at once),
 * taken so that every player takes a time. */
static int parse_random(rm_player *p, const char *spec, const char *arg, char *err,
                        size_t errsize)
{
    p->kind = P_RANDOM;
    if (arg && !read_time(arg, &p->seconds)) {
        snprintf(err, errsize, "'%s': random chooses at once; its only budget is a time, "
                 "which it never needs (random:1s)", SHOWN(spec));
        return -1;
    }
    return 0;
}

/* mcts, mcts:BUDGET or mcts:BUDGET:CUTOFF */
static int parse_mcts(rm_player *p, const char *spec, const char *arg, char *err,
                      size_t errsize)
{
    p->kind = P_MCTS;
    p->seconds = 1.0;
    if (!arg)
        return 0;
    char text[64];
    const char *second = strchr(arg, ':');
    size_t blen = second ? (size_t)(second - arg) : strlen(arg);
    if (blen >= sizeof text) { /* not cut: its end (the unit) matters */
        snprintf(err, errsize, "'%s': the budget is longer than %d characters", SHOWN(spec),
                 (int)sizeof text - 1);
        return -1;
    }
    memcpy(text, arg, blen);
    text[blen] = '\0';
    if (second) {
        char *cend;
        long c = strtol(second + 1, &cend, 10);
        if (cend == second + 1 || *cend || c < 1 || c > 100000) {
            snprintf(err, errsize, "'%s': a playout limit is a number of turns from 1 to "
                     "100000 (mcts:200:50)", SHOWN(spec));
            return -1;
        }
        p->cutoff = (int)c;
    }
    budget b;
    if (!read_budget(text, &b)) {
        snprintf(err, errsize, "'%s': a budget is a number of iterations, or of seconds with "
                 "'s' or 'ms', and after iterations a time cap (mcts:20000, mcts:2s, mcts:500ms, "
                 "mcts:20000/5s)", SHOWN(spec));
        return -1;
    }
    p->iterations = (long)b.count;
    p->seconds = b.seconds;
    if (b.cap > 0)
        p->cap = b.cap;
    return 0;
}

/* ab, ab:DEPTH, ab:TIME or ab:DEPTH/TIME */
static int parse_ab(rm_player *p, const char *spec, const char *arg, char *err, size_t errsize)
{
    p->kind = P_AB;
    p->seconds = 1.0;
    budget b;
    if (arg && (!read_budget(arg, &b) || b.count > AB_MAX_DEPTH)) {
        snprintf(err, errsize, "'%s': the budget of ab is a depth (1 to %d) or a time, and after "
                 "a depth a time cap (ab:3, ab:2s, ab:500ms, ab:6/10s)", SHOWN(spec),
                 AB_MAX_DEPTH);
        return -1;
    }
    if (arg) {
        p->depth = (int)b.count;
        p->seconds = b.seconds;
        if (b.cap > 0)
            p->cap = b.cap;
    }
    p->tt = calloc(TT_SIZE, sizeof *p->tt);
    if (!p->tt) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return 0;
}

/* perfect or perfect:DIR: the game solved (in memory, or read from the
 * database folder DIR and completed there), and the best turn by value:
 * the quickest win, else a draw, else the longest loss. */
static int parse_perfect(rm_player *p, const char *spec, const char *arg,
                         const rm_player_options *po, char *err, size_t errsize)
{
    const rm_player_limits *limits = po ? po->limits : NULL;
    p->kind = P_PERFECT;
    if (limits) {
        /* (a player within limits touches no file, and solves nothing) */
        if (arg)
            snprintf(err, errsize, "'%s': a folder cannot be named here: the database is the "
                     "program's to choose", SHOWN(spec));
        else if (!limits->solver)
            snprintf(err, errsize, "'%s': no solve of the game is given here", SHOWN(spec));
        else
            p->solver = limits->solver;
        return p->solver ? 0 : -1;
    }
    if (po && po->solver) { /* (a solve given: the game's, already made) */
        p->solver = po->solver;
        return 0;
    }
    rm_solve_options o = { 0 };
    o.db = arg && *arg ? arg : NULL;
    if (po) {
        o.progress = po->solve_progress;
        o.ctx = po->ctx;
    }
    char why[768];
    p->owned = rm_solve(p->g, &o, why, sizeof why);
    p->solver = p->owned;
    if (!p->solver) {
        snprintf(err, errsize, "'%s': %s", SHOWN(spec), why);
        return -1;
    }
    return 0;
}

/* Makes P the player SPEC describes; -1 with a message in ERR when SPEC is
 * not a player. */
static int parse_spec(rm_player *p, const char *spec, const rm_player_options *o, char *err,
                      size_t errsize)
{
    const char *colon = strchr(spec, ':');
    size_t name = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *arg = colon ? colon + 1 : NULL;
    if (name == 6 && strncmp(spec, "random", 6) == 0)
        return parse_random(p, spec, arg, err, errsize);
    if (name == 4 && strncmp(spec, "mcts", 4) == 0)
        return parse_mcts(p, spec, arg, err, errsize);
    if (name == 2 && strncmp(spec, "ab", 2) == 0)
        return parse_ab(p, spec, arg, err, errsize);
    if (name == 7 && strncmp(spec, "perfect", 7) == 0)
        return parse_perfect(p, spec, arg, o, err, errsize);
    snprintf(err, errsize, "unknown player '%s' (players: random[:Ns], "
             "mcts[:N|:Ns|:N/Ts][:L], ab[:DEPTH|:Ns|:DEPTH/Ts], perfect[:DIR])%s", SHOWN(spec),
             rm_player_hint(spec, NULL, (char[RM_SUGGEST_TEXT]){ 0 }));
    return -1;
}

const char *rm_player_hint(const char *spec, const char *also, char *buf)
{
    static const char *const names[] = { "random", "mcts", "ab", "perfect" };
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    buf[0] = '\0';
    char shown[RM_SUGGEST_LEN + 1];
    rm_suggest s;
    if (rm_suggest_start_n(&s, spec, len) != 0)
        return buf;
    for (size_t i = 0; i < 5; i++) {
        const char *name = i < 4 ? names[i] : also;
        /* shown with what follows the name: mtcs:2s -> 'mcts:2s' */
        if (name && (size_t)snprintf(shown, sizeof shown, "%s%s", name, colon ? colon : "") <
                        sizeof shown)
            rm_suggest_offer_as(&s, name, shown);
    }
    return rm_suggest_text(&s, buf, RM_SUGGEST_TEXT);
}

rm_player *rm_player_new(const rm_game *g, const char *spec, uint64_t seed, char *err,
                         size_t errsize)
{
    return rm_player_new_limited(g, spec, seed, NULL, err, errsize);
}

rm_player *rm_player_new_limited(const rm_game *g, const char *spec, uint64_t seed,
                                 const rm_player_limits *limits, char *err, size_t errsize)
{
    rm_player_options o = { .limits = limits };
    return rm_player_new_with(g, spec, seed, &o, err, errsize);
}

rm_player *rm_player_new_with(const rm_game *g, const char *spec, uint64_t seed,
                              const rm_player_options *o, char *err, size_t errsize)
{
    const rm_player_limits *limits = o ? o->limits : NULL;
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
    rm_history_init(&p->hist);
    for (int i = 0; i < AB_MAX_DEPTH + 2; i++)
        rm_turnlist_init(&p->lists[i]);
    p->cap = RM_PLAYER_CAP;
    p->bits = rm_bits_get(g);
    if (p->bits && !(p->tally = malloc(sizeof *p->tally)))
        p->bits = NULL; /* (out of memory: the reference alone) */
    atomic_init(&p->halt, false);
    if (parse_spec(p, spec, o, err, errsize) != 0) {
        rm_player_free(p);
        return NULL;
    }
    double most = limits ? limits->max_seconds : 0;
    if (most > 0) {
        if (p->cap > most)
            p->cap = most;
        if (p->seconds > most) {
            p->seconds = most;
            p->cut = true;
        }
    }
    return p;
}

void rm_player_free(rm_player *p)
{
    if (!p)
        return;
    free(p->spec);
    free(p->nodes);
    free(p->map);
    free(p->tt);
    free(p->tally);
    rm_solver_free(p->owned);
    for (int i = 0; i < AB_MAX_DEPTH + 2; i++)
        rm_turnlist_free(&p->lists[i]);
    rm_turnlist_free(&p->scratch);
    rm_turnlist_free(&p->playout);
    rm_turnlist_free(&p->other);
    rm_history_free(&p->hist);
    free(p);
}

const char *rm_player_spec(const rm_player *p)
{
    return p->spec;
}

void rm_player_observe(rm_player *p, rm_observe_fn fn, void *ctx)
{
    p->observe = fn;
    p->observe_ctx = ctx;
}

void rm_player_on_progress(rm_player *p, rm_progress_fn fn, void *ctx)
{
    p->progress = fn;
    p->progress_ctx = ctx;
}

/* ---- choosing ---- */

const rm_solver *rm_player_solver(const rm_player *p)
{
    return p->solver;
}

/* How good value V at distance D is for the side that chose it: higher
 * is better (the quickest win, then a draw, then the longest loss). */
static long goodness(int v, int d)
{
    return v == RM_VALUE_WIN ? 2000000L - d : v == RM_VALUE_DRAW ? 1000000L : d;
}

/* The perfect player: the best turn by the solve's values, ties broken
 * at random. A turn into a position not solved counts as a draw. */
static int choose_perfect(rm_player *p, rm_match *m)
{
    const rm_state *st = rm_match_state(m);
    const rm_turnlist *l = rm_match_turns(m);
    int side = rm_state_to_move(st), best = -1, ties = 0;
    long top = -1;
    for (int i = 0; i < l->n; i++) {
        rm_state next = *st;
        rm_apply(p->g, &next, rm_turn_moves(l, i), l->turns[i].n);
        int d, v = rm_solver_value(p->solver, &next, &d);
        if (v < 0)
            v = RM_VALUE_DRAW, d = 0;
        if (rm_state_to_move(&next) != side && v != RM_VALUE_DRAW)
            v = v == RM_VALUE_WIN ? RM_VALUE_LOSS : RM_VALUE_WIN;
        long good = goodness(v, d);
        if (good > top) {
            top = good;
            best = i;
            ties = 1;
        } else if (good == top && rm_rng_below(&p->rng, ++ties) == 0) {
            best = i;
        }
    }
    p->info.visits = l->n;
    return best;
}

int rm_player_choose(rm_player *p, rm_match *m)
{
    const rm_turnlist *l = rm_match_turns(m);
    memset(&p->info, 0, sizeof p->info);
    if (l->n <= 0)
        return -1;
    if (p->kind == P_RANDOM)
        return rm_rng_below(&p->rng, l->n);
    if (l->n == 1)
        return 0;
    int i = p->kind == P_AB        ? pl_choose_ab(p, m)
            : p->kind == P_PERFECT ? choose_perfect(p, m)
                                   : pl_choose_mcts(p, m);
    return i < l->n ? i : (i < 0 ? -1 : 0);
}
