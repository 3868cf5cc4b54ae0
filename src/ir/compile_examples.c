/* compile_examples.c: the example blocks of a file checked and lowered
 * into the game's examples (rm_example): their `with` lines, their steps
 * and the positions they set; and the error for an example written
 * inside `if`.
 */
#include "compile_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find_phase(const rm_game *g, int side, const char *name)
{
    const rm_rules *r = &g->rules;
    for (int i = r->side_first_phase[side]; i < r->side_first_phase[side] + r->side_nphases[side]; i++)
        if (strcmp(r->phases[i].name, name) == 0)
            return i;
    return -1;
}

static int example_kind(compiler *c, const rm_node *n)
{
    int k = game_kind(c->g, n->text);
    if (k < 0)
        diag_error(c->d, n->span2, "unknown piece kind '%s'%s", n->text,
                   GAME_HINT(c->g, GAME_KINDS, n->text));
    return k;
}

static int example_side(compiler *c, const rm_node *n)
{
    int s = game_side(c->g, n->text);
    if (s < 0)
        diag_error(c->d, n->span2, "unknown side '%s'%s", n->text,
                   GAME_HINT(c->g, GAME_SIDES, n->text));
    return s;
}

static int side_phase(compiler *c, const rm_node *n, int s)
{
    int f = find_phase(c->g, s, n->text2);
    if (f < 0)
        diag_error(c->d, n->span, "side '%s' has no phase '%s'%s", n->text, n->text2,
                   game_hint(c->g, GAME_PHASES, s, n->text2, (char[RM_SUGGEST_TEXT]){ 0 }));
    return f;
}

static rm_position *compile_position(compiler *c, const rm_node *n)
{
    rm_game *g = c->g;
    rm_position *pos = calloc(1, sizeof *pos);
    if (!pos) {
        diag_file_error(c->d, "out of memory");
        return NULL;
    }
    memset(pos->kind, -1, sizeof pos->kind);
    pos->to_move = -1;
    pos->phase[0] = pos->phase[1] = -1;
    int on_board[RM_MAX_KINDS] = { 0 };
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *k = n->kids[i];
        int kind, s;
        rm_set set;
        switch (k->kind) {
        case N_PLACE:
            if (k->n < 1) {
                diag_error(c->d, k->span3, "the number of pieces per point must be at least 1");
                break;
            }
            if ((kind = example_kind(c, k)) < 0 || eval_set(c, k->kids[0], &set) != 0)
                break;
            SET_FOREACH(p, &set) {
                if (pos->kind[p] >= 0 && pos->kind[p] != kind) {
                    diag_error(c->d, k->span, "point %s already holds a %s", g->board.points[p].name,
                               g->kinds[pos->kind[p]].name);
                    break;
                }
                int now = pos->kind[p] == kind ? pos->count[p] : 0;
                if (now + k->n > 1 && !g->kinds[kind].stacks) {
                    diag_error(c->d, k->span, "two pieces on %s, but '%s' does not stack",
                               g->board.points[p].name, k->text);
                    break;
                }
                pos->kind[p] = (int8_t)kind;
                pos->count[p] = (uint8_t)(now + k->n > 255 ? 255 : now + k->n);
                on_board[kind] += pos->count[p] - now;
            }
            break;
        case N_HAND:
            if (k->n < 0)
                diag_error(c->d, k->span3, "a hand cannot hold a negative number of pieces");
            else if ((kind = example_kind(c, k)) >= 0)
                pos->hand[kind] = (int)(k->n > 255 ? 255 : k->n);
            break;
        case N_TO_MOVE:
            if ((s = example_side(c, k)) >= 0)
                pos->to_move = s;
            break;
        case N_IN_PHASE:
            if ((s = example_side(c, k)) >= 0 && s < 2)
                pos->phase[s] = side_phase(c, k, s);
            break;
        default:
            break;
        }
    }
    /* A position holds no piece the game does not have. */
    for (int k = 0; k < g->nkinds; k++)
        if (on_board[k] + pos->hand[k] > g->kinds[k].count)
            diag_error(c->d, n->span,
                       "%d '%s' on the board and %d in hand make %d, but the game has %d",
                       on_board[k], SHOWN(g->kinds[k].name), pos->hand[k],
                       on_board[k] + pos->hand[k], g->kinds[k].count);
    return pos;
}

/* The count an example statement states (empty N, K in hand N, turns N,
 * turn N): 0 or more; -1 after an error. */
static int example_count(compiler *c, const rm_node *k)
{
    if (k->n < 0) {
        diag_error(c->d, k->span, "a count is 0 or more, not %ld", k->n);
        return -1;
    }
    return (int)k->n;
}

/* Checks and records the `with` lines of example N in EX; false when one
 * names a value other than the one in force, so that the example is not
 * compiled under these options (rimau validate runs it under its own). */
static bool example_withs(compiler *c, const rm_node *n, rm_example *ex)
{
    rm_game *g = c->g;
    const rm_node *with_at[RM_MAX_OPTIONS];
    bool match = true;
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *k = n->kids[i];
        if (k->kind != N_WITH)
            continue;
        int o = find_option(g, k->text), v;
        if (o < 0) {
            diag_error(c->d, k->span2, "unknown option '%s'%s", k->text,
                       GAME_HINT(g, GAME_OPTIONS, k->text));
            continue;
        }
        if ((v = find_value(&g->options[o], k->text2)) < 0) {
            char buf[NAME_LIST_SIZE];
            diag_error(c->d, k->span, "option '%s' has no value '%s' (its values: %s)%s",
                       SHOWN(k->text), SHOWN(k->text2), value_list(&g->options[o], buf),
                       OPTION_HINT(&g->options[o], k->text2));
            continue;
        }
        int w = 0;
        while (w < ex->nwith && strcmp(ex->with_name[w], k->text) != 0)
            w++;
        if (w < ex->nwith) {
            diag_error(c->d, k->span, "option '%s' is fixed twice in this example", SHOWN(k->text));
            diag_note(c->d, with_at[w]->span, "first fixed here");
            continue;
        }
        with_at[ex->nwith] = k;
        ex->with_name[ex->nwith] = xstrdup(k->text);
        ex->with_value[ex->nwith++] = xstrdup(k->text2);
        if (v != g->options[o].chosen)
            match = false;
    }
    return match;
}

void compile_example(compiler *c, const rm_node *n)
{
    rm_game *g = c->g;
    if (g->nexamples == RM_MAX_EXAMPLES) {
        diag_error(c->d, n->span2, "more than %d examples, the limit", RM_MAX_EXAMPLES);
        return;
    }
    if (!g->examples) {
        g->examples = calloc(RM_MAX_EXAMPLES, sizeof *g->examples);
        if (!g->examples) {
            diag_file_error(c->d, "out of memory");
            return;
        }
    }
    for (int i = 0; i < g->nexamples; i++)
        if (strcmp(g->examples[i].name, n->text) == 0) {
            diag_error(c->d, n->span2, "another example is named \"%s\"", n->text);
            return;
        }
    rm_example *ex = &g->examples[g->nexamples++];
    int col;
    ex->name = xstrdup(n->text);
    source_advance(c->d->src, &c->at, n->span.start, &ex->line, &col);
    if (!example_withs(c, n, ex)) {
        ex->off = true;
        return;
    }
    ex->steps = calloc((size_t)n->nkids + 1, sizeof *ex->steps);
    if (!ex->steps) {
        diag_file_error(c->d, "out of memory");
        return;
    }
    if (!g->rules.present)
        diag_error(c->d, n->span2, "an example needs rules to play: the game has no phase");
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *k = n->kids[i];
        rm_example_step *st = &ex->steps[ex->nsteps];
        memset(st, 0, sizeof *st);
        source_advance(c->d->src, &c->at, k->span.start, &st->line, &st->col);
        bool ok = true;
        switch (k->kind) {
        case N_QUOTE:
            ex->nquotes++;
            continue;
        case N_WITH: /* checked by example_withs */
            continue;
        case N_AFTER:
        case N_LEGAL:
            st->op = k->kind == N_AFTER ? RM_EX_AFTER : k->flags ? RM_EX_ILLEGAL : RM_EX_LEGAL;
            st->text = xstrdup(k->text);
            break;
        case N_POSITION:
            st->op = RM_EX_POSITION;
            st->pos = compile_position(c, k);
            ok = st->pos != NULL;
            break;
        case N_POSITION_STRING: /* read by the executor, when the example runs */
            st->op = RM_EX_POSITION;
            st->text = xstrdup(k->text);
            break;
        case N_EMPTY:
            if (k->nkids == 0) { /* "empty N", not "empty SET" */
                st->op = RM_EX_EMPTY_COUNT;
                ok = (st->a = example_count(c, k)) >= 0;
            } else {
                st->op = RM_EX_EMPTY_SET;
                ok = eval_set(c, k->kids[0], &st->set) == 0;
            }
            break;
        case N_HOLDS:
            st->op = RM_EX_HOLDS;
            ok = (st->a = example_kind(c, k)) >= 0 && eval_set(c, k->kids[0], &st->set) == 0;
            break;
        case N_IN_HAND:
        case N_ON_BOARD:
            st->op = k->kind == N_IN_HAND ? RM_EX_IN_HAND : RM_EX_ON_BOARD;
            ok = (st->a = example_kind(c, k)) >= 0 && (st->b = example_count(c, k)) >= 0;
            break;
        case N_TO_MOVE:
            st->op = RM_EX_TO_MOVE;
            ok = (st->a = example_side(c, k)) >= 0;
            break;
        case N_IN_PHASE:
            st->op = RM_EX_IN_PHASE;
            ok = (st->a = example_side(c, k)) >= 0 && st->a < 2 &&
                 (st->b = side_phase(c, k, st->a)) >= 0;
            break;
        case N_TURN_NO:
        case N_TURN_COUNT:
            st->op = k->kind == N_TURN_NO ? RM_EX_TURN_NO : RM_EX_TURN_COUNT;
            ok = (st->a = example_count(c, k)) >= 0;
            break;
        case N_RESULT:
            st->op = RM_EX_RESULT;
            if (strcmp(k->text, "draw") == 0 && !k->flags) {
                st->a = RM_DRAW;
            } else if (k->flags && strcmp(k->text, "none") == 0) {
                st->a = RM_ONGOING;
            } else if (k->flags) {
                diag_error(c->d, k->span, "write 'result SIDE wins', 'result draw' or 'result none'");
                ok = false;
            } else {
                ok = (st->a = example_side(c, k)) >= 0;
            }
            break;
        default:
            continue;
        }
        if (ok)
            ex->nsteps++;
        else
            free(st->text);
    }
}

/* An `if` around an example, and the branch the example is in. */
typedef struct if_frame {
    const rm_node *at;
    bool in_else;
    const struct if_frame *up; /* the `if` around this one, or NULL */
} if_frame;

/* Appends to BUF (of SIZE bytes, USED of them used) the `with` lines that
 * say what F and the `if`s around it say, outermost first. */
static size_t if_withs(const rm_game *g, const if_frame *f, char *buf, size_t size, size_t used)
{
    if (f->up)
        used = if_withs(g, f->up, buf, size, used);
    if (used >= size)
        return used;
    const char *sep = f->up ? " and " : "";
    const char *name = SHOWN(f->at->text), *value = SHOWN(f->at->text2);
    int o = find_option(g, f->at->text);
    const rm_option *opt = o >= 0 ? &g->options[o] : NULL;
    if (!f->in_else)
        return used + (size_t)snprintf(buf + used, size - used, "%s'with %s = %s'", sep, name,
                                       value);
    /* the else branch: every value but the if's */
    if (opt && opt->nvalues == 2 && find_value(opt, f->at->text2) >= 0)
        return used + (size_t)snprintf(buf + used, size - used, "%s'with %s = %s'", sep, name,
                                       SHOWN(opt->values[1 - find_value(opt, f->at->text2)]));
    return used + (size_t)snprintf(buf + used, size - used,
                                   "%s'with %s = VALUE' (an example for each value but '%s')", sep,
                                   name, value);
}

/* Reports each example in BRANCH, inside the `if` F (NULL at the top
 * level), and in the `if`s within it. An example stands outside `if` and
 * fixes the values it needs with `with`: rimau validate runs the examples
 * of the file as the default options make it, under the values their
 * `with` lines fix, so one that an `if` drops by default would never run. */
void examples_in_if(compiler *c, const rm_node *branch, const if_frame *f)
{
    for (int i = 0; i < branch->nkids; i++) {
        const rm_node *k = branch->kids[i];
        if (k->kind == N_IF) {
            for (int b = 0; b < k->nkids && b < 2; b++)
                examples_in_if(c, k->kids[b], &(if_frame){ k, b == 1, f });
        } else if (k->kind == N_EXAMPLE && f) {
            char buf[1024];
            if_withs(c->g, f, buf, sizeof buf, 0);
            diag_error(c->d, k->span,
                       "an example cannot stand inside 'if'; write %s in the example instead", buf);
        }
    }
}
