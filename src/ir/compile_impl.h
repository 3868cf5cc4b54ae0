/* compile_impl.h: what the compile step's files share (compile.h is its
 * API): the compiler, the state of one compile, and what each file gives
 * the others.
 *
 *   compile.c           the entry (compile_game) and the whole file's order;
 *                       the metadata, the board, the sides and their
 *                       forwards, the setup, options and `if` blocks;
 *                       game_free
 *   compile_rules.c     the rules: phases, turn lines, actions and their
 *                       direction filters, who moves first, the end rules;
 *                       the warnings of turns with too many ways to play
 *   compile_examples.c  the example blocks, and examples inside `if`
 *   compile_names.c     what the names a file writes stand for: points,
 *                       regions and sets of points, options and their
 *                       values, compass and direction words, piece kinds
 *                       and sides (game_kind, game_side)
 *
 * The calls go one way: compile.c calls the three others, and
 * compile_rules.c and compile_examples.c call compile_names.c, which
 * calls none of them (tests/check-layers.sh).
 */
#ifndef RIMAU_COMPILE_IMPL_H
#define RIMAU_COMPILE_IMPL_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"

typedef struct compiler {
    rm_diag *d;
    rm_game *g;
    rm_arena *arena;
    const rm_choices *choices;
    const rm_node *board_node;
    const rm_node *setup_node;
    bool centre_warned;        /* a centre region on a lopsided board was warned of */
    rm_span side_at[RM_MAX_SIDES];
    rm_span kind_at[RM_MAX_KINDS];
    const rm_node *forward_at[RM_MAX_SIDES]; /* each side's forward statement, or NULL */
    bool forward_written[RM_MAX_SIDES]; /* a forward statement is written, right or wrong */
    rm_cursor at;              /* where the examples' lines were last counted to */
    const rm_node *phase_node[RM_MAX_PHASES]; /* each phase of the IR, where it is written */
} compiler;

static inline char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (!p) {
        fputs("rimau: out of memory\n", stderr);
        exit(EXIT_FAILURE);
    }
    return memcpy(p, s, n);
}

/* ---- compile_names.c ---- */

/* Evaluates a SET node: the union of its items, less its EXCEPT items;
 * -1 after reporting an error. */
int eval_set(compiler *c, const rm_node *set, rm_set *out);
/* Checks a region statement N and adds its region to the board. */
void compile_region(compiler *c, const rm_node *n);
/* The index of the option named NAME, or -1. */
int find_option(const rm_game *g, const char *name);
/* The index of the value VALUE of option O, or -1. */
int find_value(const rm_option *o, const char *value);

/* Room for a list of names shown by their start: every option, or every
 * value of one, fits. */
#define NAME_LIST_SIZE (RM_MAX_OPTIONS * (RM_SHOWN + 6))

/* Lists the values of option O into BUF (NAME_LIST_SIZE bytes). */
const char *value_list(const rm_option *o, char *buf);

/* The way a compass word names (RM_POINT_*), or -1. */
int compass_way(const char *word);
/* The bit (RM_DIR_*) of a word of a direction filter, or 0. */
int dir_word(const char *word);

/* ---- compile_rules.c ---- */

/* Checks the phases and the rules block of FILE and lowers them into the
 * game's rules (rm_rules): the phases in order, who moves first and who
 * starts, the end rules. */
void compile_rules(compiler *c, const rm_node *file);
/* Warns of each turn line whose estimated partial turns (derive.h) pass
 * the generator's limit; after derive_game. */
void warn_ways(compiler *c);

/* ---- compile_examples.c ---- */

/* Checks the example N and adds it to the game's examples. */
void compile_example(compiler *c, const rm_node *n);

struct if_frame;
/* Reports each example in BRANCH that stands inside an `if` (F, the `if`
 * around BRANCH, is NULL at the top level). */
void examples_in_if(compiler *c, const rm_node *branch, const struct if_frame *f);

#endif
