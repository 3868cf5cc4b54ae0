/* players.c: making a player from its text, and asking it for a turn
 * (see players.h); the players themselves are in random.c, mcts.c and
 * alphabeta.c. */
#define _POSIX_C_SOURCE 200809L
#include "players_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double pl_now(void)
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
    rm_history_init(&p->hist);
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
            if (blen >= sizeof budget) { /* not cut: its end (the unit) matters */
                snprintf(err, errsize, "'%s': the budget is longer than %d characters",
                         SHOWN(spec), (int)sizeof budget - 1);
                rm_player_free(p);
                return NULL;
            }
            memcpy(budget, colon + 1, blen);
            budget[blen] = '\0';
            if (second) {
                char *cend;
                long c = strtol(second + 1, &cend, 10);
                if (cend == second + 1 || *cend || c < 1 || c > 100000) {
                    snprintf(err, errsize, "'%s': a playout limit is a number of turns from 1 to "
                             "100000 (mcts:200:50)", SHOWN(spec));
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
                         "with 's' (mcts:20000, mcts:2s, mcts:500ms)", SHOWN(spec));
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
                         SHOWN(spec));
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
                         "(ab:2s, ab:500ms)", SHOWN(spec), AB_MAX_DEPTH);
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
             "ab[:DEPTH|:Ns])", SHOWN(spec));
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
    rm_history_free(&p->hist);
    free(p);
}

const char *rm_player_spec(const rm_player *p)
{
    return p->spec;
}

/* ---- results and the history they are decided from ---- */

int pl_result(rm_player *p, const rm_state *st, rm_turnlist *l)
{
    int r = rm_result(p->g, st, &p->hist, l, NULL);
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

void rm_player_observe(rm_player *p, rm_observe_fn fn, void *ctx)
{
    p->observe = fn;
    p->observe_ctx = ctx;
}

/* ---- choosing ---- */

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
    int i = p->kind == P_AB ? pl_choose_ab(p, m) : pl_choose_mcts(p, m);
    return i < l->n ? i : (i < 0 ? -1 : 0);
}
