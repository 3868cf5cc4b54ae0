/* derive.h: the derive step of the IR layer: the tables and flags that the
 * executor reads, worked out once from a compiled game.
 *
 * compile_game calls it last; nothing after the IR writes into a game.
 */
#ifndef RIMAU_DERIVE_H
#define RIMAU_DERIVE_H

#include "game.h"

/* Fills G's Zobrist keys (g->zob), each turn pattern's generator flags
 * (rm_turn_rule.single and .merge) and estimate of its ways to play
 * (.log10_ways), each phase's may_end, and each side's class of every
 * ray of the board (rm_side.ray_class: the way a move along it goes for
 * the side, and whether it is diagonal), and the board's bit layout
 * (g->layout, layout.h). Returns 0, or -1 when out of memory. */
int derive_game(rm_game *g);

/* What makes a turn pattern's ways to play many: the kind of its step
 * with the most partial turns. */
enum {
    RM_WAYS_MOVES,     /* its steps' choices multiply */
    RM_WAYS_REPEAT,    /* a step taken many times, with many ways each time */
    RM_WAYS_DROPS,     /* many drops: TIMES points among AMONG */
    RM_WAYS_REMOVALS,  /* many removals: TIMES pieces among AMONG */
    RM_WAYS_CHAIN      /* chained captures that may jump a stack again and again */
};

/* The estimate of a turn pattern's partial turns in one position, and
 * its largest part. */
typedef struct rm_ways {
    double log10;      /* log10 of the partial turns of the whole pattern */
    int step;          /* the step with the most partial turns */
    double step_log10; /* log10 of that step's own */
    int why;           /* RM_WAYS_*: what makes that step large */
    int action;        /* the action rule behind it (rules.actions) */
    int times;         /* the most times the step is taken */
    int among;         /* DROPS: points; REMOVALS: pieces; CHAIN: the longest chain */
    int lines;         /* CHAIN: the lines a chain may go on along after a capture */
    double each_log10; /* REPEAT: log10 of the ways to take the step once */
} rm_ways;

/* Estimates the partial turns the generator may try for pattern TR of G
 * in one position, from the pattern and the board alone: an upper bound
 * for drops, removals, relocations and moves (as many pieces as the
 * kind has, on the points with the most lines), and for chains that may
 * jump a stack again; chains that take each piece from a new point are
 * counted as one line of captures per first capture (see derive.c). */
void derive_turn_ways(const rm_game *g, const rm_turn_rule *tr, rm_ways *w);

#endif
