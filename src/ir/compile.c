/* compile.c: checks a syntax tree and lowers it into the game IR
 * (compile.h). Owns the entry, compile_game, and the order in which the
 * parts of a file are compiled; the metadata, the board, the sides with
 * their pieces and forwards, the setup, options and `if` blocks; and
 * game_free. The rules are compile_rules.c's, the examples
 * compile_examples.c's, what names stand for compile_names.c's
 * (compile_impl.h).
 *
 * Every semantic error points at the node it concerns; checking goes on
 * after an error so that one run reports as many as it can, and the IR is
 * thrown away if any occurred.
 */
#include "compile_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "layout.h"

/* ---- metadata ---- */

static void add_text(compiler *c, char **list, int *n, const rm_node *at, const char *text,
                     const char *what)
{
    if (*n == RM_MAX_TEXTS) {
        diag_error(c->d, at->span, "more than %d %s, the limit", RM_MAX_TEXTS, what);
        return;
    }
    list[(*n)++] = xstrdup(text);
}

static void compile_meta(compiler *c, const rm_node *n, const rm_node **game_at,
                         const rm_node **origin_at)
{
    rm_game *g = c->g;
    switch (n->kind) {
    case N_GAME:
        if (*game_at) {
            diag_error(c->d, n->span, "the game is named twice");
            diag_note(c->d, (*game_at)->span, "first named here");
            return;
        }
        if (!n->text[0])
            diag_error(c->d, n->span, "the game's name is empty");
        *game_at = n;
        g->name = xstrdup(n->text);
        break;
    case N_ORIGIN:
        if (*origin_at) {
            diag_error(c->d, n->span, "the origin is given twice");
            diag_note(c->d, (*origin_at)->span, "first given here");
            return;
        }
        *origin_at = n;
        g->origin = xstrdup(n->text);
        break;
    case N_ALIAS:
        for (int i = 0; i < n->nkids; i++)
            add_text(c, g->aliases, &g->naliases, n->kids[i], n->kids[i]->text, "aliases");
        break;
    case N_SOURCE:
        add_text(c, g->sources, &g->nsources, n, n->text, "sources");
        break;
    case N_NOTE:
        add_text(c, g->notes, &g->nnotes, n, n->text, "notes");
        break;
    default:
        break;
    }
}

/* ---- board ---- */

/* Column and row of a lattice name, or an error. */
static int lattice_ref(compiler *c, const rm_node *name, int *col, int *row)
{
    if (board_parse_lattice_name(name->text, col, row) == 0)
        return 0;
    diag_error(c->d, name->span,
               "'%s' is not a lattice point name: a column letter and a row number, "
               "like a1 or c5",
               name->text);
    return -1;
}

/* Checks the words of GRID, the 'x' between its numbers and its diagonals;
 * returns the diagonals (RM_DIAG_*), none when the word names none. */
static int grid_words(compiler *c, const rm_node *grid)
{
    if (grid->text && strcmp(grid->text, "x") != 0)
        diag_error(c->d, grid->span3,
                   "expected 'x' between the columns and rows of a grid, not '%s'", grid->text);
    const rm_node *d = grid->nkids ? grid->kids[grid->nkids - 1] : NULL;
    if (!d || d->kind != N_DIAGONALS || strcmp(d->text, "none") == 0)
        return RM_DIAG_NONE;
    if (strcmp(d->text, "all") == 0)
        return RM_DIAG_ALL;
    if (strcmp(d->text, "alternate") == 0)
        return RM_DIAG_ALTERNATE;
    diag_error(c->d, d->span, "diagonals are none, all or alternate, not '%s'", d->text);
    return RM_DIAG_NONE;
}

/* The way TRIANGLE points (RM_POINT_*), or -1 after reporting a wrong word. */
static int triangle_way(compiler *c, const rm_node *triangle)
{
    const char *way = triangle->text;
    int w = compass_way(way);
    if (w < 0)
        diag_error(c->d, triangle->span3, "a triangle points up, down, left or right, not '%s'",
                   way);
    return w;
}

static int compile_board(compiler *c, const rm_node *board)
{
    int errors = c->d->errors;
    rm_board_builder *bb = bb_new(c->d);
    if (!bb) {
        diag_file_error(c->d, "out of memory");
        return -1;
    }
    /* Points and generators first, so that lines may name any point. */
    for (int i = 0; i < board->nkids; i++) {
        const rm_node *n = board->kids[i];
        int col = 0, row = 1, diagonals, way;
        switch (n->kind) {
        case N_POINT:
            bb_point(bb, n->text, n->x, n->y, n->span2);
            break;
        case N_GRID:
            diagonals = grid_words(c, n);
            if (n->nkids && n->kids[0]->kind == N_NAME
                && lattice_ref(c, n->kids[0], &col, &row) != 0)
                break;
            if (n->n < 1 || n->n2 < 1 || n->n > RM_MAX_GRID || n->n2 > RM_MAX_GRID) {
                diag_error(c->d, n->span2, "a grid has 1 to %d columns and rows, not %ld x %ld",
                           RM_MAX_GRID, n->n, n->n2);
                break;
            }
            bb_grid(bb, (int)n->n, (int)n->n2, col, row, diagonals, n->span);
            break;
        case N_TRIANGLE:
            way = triangle_way(c, n);
            if (lattice_ref(c, n->kids[0], &col, &row) != 0)
                break;
            if (n->n < 1 || n->n > RM_MAX_GRID) {
                diag_error(c->d, n->span2, "a triangle's depth is 1 to %d, not %ld", RM_MAX_GRID,
                           n->n);
                break;
            }
            if (way < 0)
                break;
            bb_triangle(bb, col, row, way, (int)n->n, n->span);
            break;
        default:
            break;
        }
    }
    for (int i = 0; i < board->nkids; i++) {
        const rm_node *n = board->kids[i];
        if (n->kind != N_LINE)
            continue;
        int pts[RM_MAX_POINTS + 1], np = 0;
        bool ok = true;
        for (int k = 0; k < n->nkids; k++) {
            int p = bb_find(bb, n->kids[k]->text);
            if (p < 0) {
                rm_suggest s;
                rm_suggest_start(&s, n->kids[k]->text);
                bb_offer_points(bb, &s);
                diag_error(c->d, n->kids[k]->span, "unknown point '%s'%s", n->kids[k]->text,
                           rm_suggest_text(&s, (char[RM_SUGGEST_TEXT]){ 0 }, RM_SUGGEST_TEXT));
                ok = false;
            } else if (np <= RM_MAX_POINTS) {
                pts[np++] = p;
            }
        }
        if (np > RM_MAX_POINTS) {
            diag_error(c->d, n->span, "a line has more than %d points", RM_MAX_POINTS);
            ok = false;
        }
        if (ok)
            bb_line(bb, pts, np, n->span);
    }
    int rc = -1;
    if (c->d->errors == errors)
        rc = bb_finish(bb, &c->g->board, board->span);
    bb_free(bb);
    return rc;
}

/* ---- sides and pieces ---- */

static void side_forward_stmt(compiler *c, const rm_node *n, int s);

/* Whether a new WHAT (WHATS, more than one) named NAME, written at AT,
 * may be defined: not when OLD is the index of one of that name (first
 * defined at FIRST[OLD]), nor when the N defined reach MAX; reports why
 * not. */
static bool may_define(compiler *c, rm_span at, const char *what, const char *whats,
                       const char *name, int old, const rm_span *first, int n, int max)
{
    if (old >= 0) {
        diag_error(c->d, at, "%s '%s' is already defined", what, name);
        diag_note(c->d, first[old], "first defined here");
        return false;
    }
    if (n == max) {
        diag_error(c->d, at, "more than %d %s, the limit", max, whats);
        return false;
    }
    return true;
}

static void compile_side(compiler *c, const rm_node *n)
{
    rm_game *g = c->g;
    if (!may_define(c, n->span2, "side", "sides", n->text, game_side(g, n->text), c->side_at,
                    g->nsides, RM_MAX_SIDES))
        return;
    int s = g->nsides++;
    c->side_at[s] = n->span2;
    g->sides[s].name = xstrdup(n->text);
    g->sides[s].first_kind = g->nkinds;
    int npieces = 0;
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *p = n->kids[i];
        if (p->kind == N_FORWARD) {
            side_forward_stmt(c, p, s);
            continue;
        }
        npieces++;
        if (!may_define(c, p->span, "piece kind", "piece kinds", p->text, game_kind(g, p->text),
                        c->kind_at, g->nkinds, RM_MAX_KINDS))
            continue;
        if (p->n < 1 || p->n > RM_MAX_PIECES) {
            diag_error(c->d, p->span2, "a side has 1 to %d pieces of a kind, not %ld",
                       RM_MAX_PIECES, p->n);
            continue;
        }
        int k = g->nkinds++;
        c->kind_at[k] = p->span;
        rm_kind *kd = &g->kinds[k];
        kd->name = xstrdup(p->text);
        kd->side = s;
        kd->count = (int)p->n;
        kd->stacks = (p->flags & RM_PIECE_STACKS) != 0;
        kd->stacks_in_play = kd->stacks && !(p->flags & RM_PIECE_SETUP_ONLY);
        if (p->nkids) {
            const rm_node *sym = p->kids[p->nkids - 1];
            unsigned char ch = (unsigned char)sym->text[0];
            if (!ch || sym->text[1] || ch <= ' ' || ch >= 0x7f || ch == '.')
                diag_error(c->d, sym->span,
                           "a symbol is one printable ASCII character other than '.'");
            else
                kd->symbol = (char)ch;
        }
        g->sides[s].nkinds++;
    }
    if (g->sides[s].nkinds == 0 && npieces == 0)
        diag_error(c->d, n->span2, "side '%s' has no pieces", n->text);
}

/* ---- a side's forward ---- */

/* Checks the words of a side's statement N other than 'piece': it must
 * be 'forward WAY' or 'forward toward SET', once; the set is evaluated
 * by compile_forwards, once the regions are known. */
static void side_forward_stmt(compiler *c, const rm_node *n, int s)
{
    if (strcmp(n->text, "forward") != 0) {
        diag_error(c->d, n->span2, "a side block holds 'piece KIND COUNT' and 'forward ...', "
                   "not '%s'", n->text);
        return;
    }
    c->forward_written[s] = true;
    if (c->forward_at[s]) {
        diag_error(c->d, n->span, "side '%s' has its forward given twice", c->g->sides[s].name);
        diag_note(c->d, c->forward_at[s]->span, "first given here");
        return;
    }
    bool toward = strcmp(n->text2, "toward") == 0;
    if (!toward && compass_way(n->text2) < 0) {
        diag_error(c->d, n->span3, "a side's forward is up, down, left, right or 'toward SET', "
                   "not '%s'", n->text2);
        return;
    }
    if (toward && n->nkids == 0) {
        diag_error(c->d, n->span, "'forward toward' needs the points to move toward: forward "
                   "toward SET (a row, a region, points)");
        return;
    }
    if (!toward && n->nkids > 0) {
        diag_error(c->d, n->kids[0]->span, "'forward %s' takes no points; to move toward "
                   "points, write: forward toward SET", n->text2);
        return;
    }
    c->forward_at[s] = n;
}

/* Gives each side with a forward statement its forward (rm_side). */
static void compile_forwards(compiler *c)
{
    for (int s = 0; s < c->g->nsides; s++) {
        const rm_node *n = c->forward_at[s];
        rm_side *sd = &c->g->sides[s];
        if (!n)
            continue;
        if (n->nkids == 0) {
            sd->forward = RM_FORWARD_COMPASS;
            sd->forward_way = (uint8_t)compass_way(n->text2);
            continue;
        }
        if (eval_set(c, n->kids[0], &sd->forward_set) != 0)
            continue;
        if (set_count(&sd->forward_set) == 0) {
            diag_error(c->d, n->kids[0]->span, "side '%s' moves forward toward no point: the set "
                       "is empty", sd->name);
            continue;
        }
        sd->forward = RM_FORWARD_TOWARD;
    }
}

static bool symbol_taken(const rm_game *g, char ch)
{
    for (int k = 0; k < g->nkinds; k++)
        if (g->kinds[k].symbol == ch)
            return true;
    return false;
}

/* Gives every kind without a symbol one: a letter of its name, upper case
 * for the first side and lower case for the others. */
static void assign_symbols(compiler *c)
{
    rm_game *g = c->g;
    for (int k = 0; k < g->nkinds; k++)
        for (int j = 0; j < k; j++)
            if (g->kinds[k].symbol && g->kinds[k].symbol == g->kinds[j].symbol)
                diag_error(c->d, c->kind_at[k], "pieces '%s' and '%s' have the same symbol '%c'",
                           g->kinds[j].name, g->kinds[k].name, g->kinds[k].symbol);
    for (int k = 0; k < g->nkinds; k++) {
        rm_kind *kd = &g->kinds[k];
        if (kd->symbol)
            continue;
        int (*conv)(int) = kd->side == 0 ? toupper : tolower;
        for (const char *s = kd->name; *s && !kd->symbol; s++)
            if (isalpha((unsigned char)*s) && !symbol_taken(g, (char)conv((unsigned char)*s)))
                kd->symbol = (char)conv((unsigned char)*s);
        for (char ch = 'a'; ch <= 'z' && !kd->symbol; ch++)
            if (!symbol_taken(g, (char)conv(ch)))
                kd->symbol = (char)conv(ch);
        if (!kd->symbol)
            kd->symbol = '?';
    }
}

/* ---- setup ---- */

static void compile_setup(compiler *c, const rm_node *setup)
{
    rm_game *g = c->g;
    const rm_board *b = &g->board;
    int placed[RM_MAX_KINDS] = { 0 };
    const rm_node *hand_at[RM_MAX_KINDS] = { NULL };
    const rm_node *over_at[RM_MAX_KINDS] = { NULL };
    for (int i = 0; setup && i < setup->nkids; i++) {
        const rm_node *n = setup->kids[i];
        if (n->kind == N_PLACE && n->n < 1) {
            diag_error(c->d, n->span3, "the number of pieces per point must be at least 1");
            continue;
        }
        if (n->kind == N_HAND && n->n < 0) {
            diag_error(c->d, n->span3, "a hand cannot hold a negative number of pieces");
            continue;
        }
        int k = game_kind(g, n->text);
        if (k < 0) {
            if (game_side(g, n->text) >= 0)
                diag_error(c->d, n->span2, "'%s' is a side; the setup names piece kinds",
                           n->text);
            else
                diag_error(c->d, n->span2, "unknown piece kind '%s'%s", n->text,
                           GAME_HINT(g, GAME_KINDS, n->text));
            continue;
        }
        if (n->kind == N_HAND) {
            if (hand_at[k]) {
                diag_error(c->d, n->span, "the hand of '%s' is given twice", n->text);
                continue;
            }
            hand_at[k] = n;
            g->kinds[k].hand = (int)n->n;
            continue;
        }
        rm_set s;
        if (eval_set(c, n->kids[0], &s) != 0)
            continue;
        if (n->n > 1 && !g->kinds[k].stacks) {
            diag_error(c->d, n->span,
                       "%ld pieces per point, but '%s' does not stack (add 'stacks' to the "
                       "piece to allow it)",
                       n->n, n->text);
            continue;
        }
        /* A point listed twice in one statement is stacked twice. */
        int times[RM_MAX_POINTS] = { 0 };
        const rm_node *set = n->kids[0];
        for (int j = 0; j < set->nkids; j++)
            if (set->kids[j]->kind == N_NAME && board_point(b, set->kids[j]->text) >= 0)
                times[board_point(b, set->kids[j]->text)]++;
        SET_FOREACH(p, &s) {
            int add = (int)n->n * (times[p] > 1 ? times[p] : 1);
            if (g->setup_kind[p] >= 0 && g->setup_kind[p] != k) {
                diag_error(c->d, n->span,
                           "point %s already holds a %s; a point holds pieces of one kind",
                           b->points[p].name, g->kinds[g->setup_kind[p]].name);
                continue;
            }
            int now = g->setup_kind[p] == k ? g->setup_count[p] : 0;
            if (now + add > 1 && !g->kinds[k].stacks) {
                diag_error(c->d, n->span,
                           "two pieces on %s, but '%s' does not stack (add 'stacks' to the "
                           "piece to allow it)",
                           b->points[p].name, n->text);
                continue;
            }
            if (now + add > RM_MAX_PIECES)
                add = RM_MAX_PIECES - now;
            g->setup_kind[p] = (int8_t)k;
            g->setup_count[p] = (uint8_t)(now + add);
            placed[k] += add;
            if (placed[k] > g->kinds[k].count && !over_at[k]) {
                over_at[k] = n;
                diag_error(c->d, n->span, "more pieces of '%s' placed (%d) than the game has (%d)",
                           n->text, placed[k], g->kinds[k].count);
            }
        }
    }
    for (int k = 0; k < g->nkinds; k++) {
        rm_kind *kd = &g->kinds[k];
        if (over_at[k])
            continue;
        if (!hand_at[k]) {
            kd->hand = kd->count - placed[k];
        } else if (placed[k] + kd->hand != kd->count) {
            diag_error(c->d, hand_at[k]->span,
                       "%d '%s' placed and %d in hand make %d, but the game has %d", placed[k],
                       kd->name, kd->hand, placed[k] + kd->hand, kd->count);
        }
    }
}

/* ---- options and conditional blocks ---- */

static void compile_option(compiler *c, const rm_node *n)
{
    rm_game *g = c->g;
    for (int i = 0; i < g->noptions; i++)
        if (strcmp(g->options[i].name, n->text) == 0) {
            diag_error(c->d, n->span2, "option '%s' is already declared", n->text);
            return;
        }
    if (g->noptions == RM_MAX_OPTIONS) {
        diag_error(c->d, n->span2, "more than %d options, the limit", RM_MAX_OPTIONS);
        return;
    }
    if (n->nkids > RM_MAX_VALUES) {
        diag_error(c->d, n->span, "an option has at most %d values", RM_MAX_VALUES);
        return;
    }
    rm_option *o = &g->options[g->noptions++];
    o->name = xstrdup(n->text);
    o->doc = n->text2 ? xstrdup(n->text2) : NULL;
    for (int i = 0; i < n->nkids; i++) {
        for (int j = 0; j < i; j++)
            if (strcmp(o->values[j], n->kids[i]->text) == 0)
                diag_error(c->d, n->kids[i]->span, "value '%s' is listed twice", n->kids[i]->text);
        o->values[o->nvalues++] = xstrdup(n->kids[i]->text);
    }
    o->chosen = 0;
}

static void apply_choices(compiler *c)
{
    rm_game *g = c->g;
    char buf[NAME_LIST_SIZE];
    for (int i = 0; c->choices && i < c->choices->n; i++) {
        int o = find_option(g, c->choices->name[i]);
        if (o < 0) {
            size_t used = 0;
            buf[0] = '\0';
            for (int k = 0; k < g->noptions && used < sizeof buf; k++)
                used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", k ? ", " : "",
                                         SHOWN(g->options[k].name));
            diag_file_error(c->d, "the game has no option '%s' (%s%s)%s",
                            SHOWN(c->choices->name[i]),
                            g->noptions ? "its options: " : "it has no options", buf,
                            GAME_HINT(g, GAME_OPTIONS, c->choices->name[i]));
            continue;
        }
        int v = find_value(&g->options[o], c->choices->value[i]);
        if (v < 0) {
            diag_file_error(c->d, "option '%s' has no value '%s' (its values: %s)%s",
                            SHOWN(c->choices->name[i]), SHOWN(c->choices->value[i]),
                            value_list(&g->options[o], buf),
                            OPTION_HINT(&g->options[o], c->choices->value[i]));
            continue;
        }
        g->options[o].chosen = v;
    }
}

static void flatten(compiler *c, rm_node *n);

/* Appends the statements of KIDS to OUT, replacing each IF by the
 * statements of the branch the options choose. */
static void splice(compiler *c, rm_node *out, rm_node **kids, int nkids)
{
    for (int i = 0; i < nkids; i++) {
        rm_node *k = kids[i];
        if (k->kind == N_OPTION && out->kind != N_FILE) {
            diag_error(c->d, k->span, "options are declared at the top level, outside 'if'");
            continue;
        }
        if (k->kind != N_IF) {
            flatten(c, k);
            ast_add(c->arena, out, k);
            continue;
        }
        int o = find_option(c->g, k->text);
        if (o < 0) {
            diag_error(c->d, k->span2, "unknown option '%s' (declare it: option %s = VALUE | ...)%s",
                       k->text, k->text, GAME_HINT(c->g, GAME_OPTIONS, k->text));
            continue;
        }
        int v = find_value(&c->g->options[o], k->text2);
        if (v < 0) {
            char buf[NAME_LIST_SIZE];
            diag_error(c->d, k->span, "option '%s' has no value '%s' (its values: %s)%s",
                       SHOWN(k->text), SHOWN(k->text2), value_list(&c->g->options[o], buf),
                       OPTION_HINT(&c->g->options[o], k->text2));
            continue;
        }
        rm_node *branch = v == c->g->options[o].chosen ? k->kids[0]
                          : k->nkids > 1               ? k->kids[1]
                                                       : NULL;
        if (branch)
            splice(c, out, branch->kids, branch->nkids);
    }
}

/* Replaces the IF statements under N by the branches in force. */
static void flatten(compiler *c, rm_node *n)
{
    if (n->nkids == 0)
        return;
    bool any = false;
    for (int i = 0; i < n->nkids; i++)
        any |= n->kids[i]->kind == N_IF || n->kids[i]->nkids > 0;
    if (!any)
        return;
    rm_node **kids = n->kids;
    int nkids = n->nkids;
    n->kids = NULL;
    n->nkids = n->capkids = 0;
    splice(c, n, kids, nkids);
}

/* ---- the whole file ---- */

/* Keeps the block N (WHAT: board, setup) in *AT, the file's one, or
 * reports it as a second. */
static void one_block(rm_diag *d, const rm_node **at, const rm_node *n, const char *what)
{
    if (*at) {
        diag_error(d, n->span, "a second %s; a game has one %s block", what, what);
        diag_note(d, (*at)->span, "the first %s is here", what);
    } else {
        *at = n;
    }
}

rm_game *compile_game(rm_node *file, const rm_choices *choices, rm_arena *arena, rm_diag *d)
{
    rm_game *g = calloc(1, sizeof *g);
    if (!g) {
        diag_file_error(d, "out of memory");
        return NULL;
    }
    g->board.centre = -1;
    memset(g->setup_kind, -1, sizeof g->setup_kind);
    compiler c = { .d = d, .g = g, .arena = arena, .choices = choices, .at = source_cursor() };
    const rm_node *game_at = NULL, *origin_at = NULL;
    int errors = d->errors;

    /* Options first: they choose which conditional blocks are in force. */
    for (int i = 0; i < file->nkids; i++)
        if (file->kids[i]->kind == N_OPTION)
            compile_option(&c, file->kids[i]);
    apply_choices(&c);
    examples_in_if(&c, file, NULL);
    flatten(&c, file);

    for (int i = 0; i < file->nkids; i++) {
        const rm_node *n = file->kids[i];
        switch (n->kind) {
        case N_BOARD:
            one_block(d, &c.board_node, n, "board");
            break;
        case N_SETUP:
            one_block(d, &c.setup_node, n, "setup");
            break;
        case N_SIDE:
            compile_side(&c, n);
            break;
        case N_REGION:
        case N_OPTION:
        case N_PHASE:
        case N_RULES:
        case N_EXAMPLE:
            break;
        default:
            compile_meta(&c, n, &game_at, &origin_at);
        }
    }
    if (!game_at)
        diag_error(d, (rm_span){ 0, 0 }, "the file does not name its game (add: game \"NAME\")");
    if (g->nsides == 0)
        diag_error(d, (rm_span){ 0, 0 }, "the game has no sides (add: side NAME { piece KIND COUNT })");
    if (!c.board_node) {
        diag_error(d, (rm_span){ 0, 0 }, "the game has no board (add: board { ... })");
    } else if (compile_board(&c, c.board_node) == 0) {
        /* Regions, in the order written, board blocks' and top level's. */
        for (int i = 0; i < c.board_node->nkids; i++)
            if (c.board_node->kids[i]->kind == N_REGION)
                compile_region(&c, c.board_node->kids[i]);
        for (int i = 0; i < file->nkids; i++)
            if (file->kids[i]->kind == N_REGION)
                compile_region(&c, file->kids[i]);
        int before_rules = d->errors;
        compile_forwards(&c);
        compile_setup(&c, c.setup_node);
        if (d->errors == before_rules)
            compile_rules(&c, file);
        if (d->errors == before_rules)
            for (int i = 0; i < file->nkids; i++)
                if (file->kids[i]->kind == N_EXAMPLE)
                    compile_example(&c, file->kids[i]);
    }
    assign_symbols(&c);
    if (d->errors > errors) {
        game_free(g);
        return NULL;
    }
    if (derive_game(g) != 0) {
        diag_file_error(d, "out of memory");
        game_free(g);
        return NULL;
    }
    warn_ways(&c);
    return g;
}

void game_free(rm_game *g)
{
    if (!g)
        return;
    rm_exec_cache *cache = g->exec_cache;
    if (cache)
        cache->destroy(cache);
    rm_exec_cache *kernel = g->bit_kernel;
    if (kernel)
        kernel->destroy(kernel);
    free(g->name);
    free(g->origin);
    for (int i = 0; i < g->naliases; i++)
        free(g->aliases[i]);
    for (int i = 0; i < g->nsources; i++)
        free(g->sources[i]);
    for (int i = 0; i < g->nnotes; i++)
        free(g->notes[i]);
    for (int i = 0; i < g->nsides; i++) {
        free(g->sides[i].name);
        free(g->sides[i].ray_class);
        free(g->sides[i].fwd_level);
    }
    for (int i = 0; i < g->nkinds; i++)
        free(g->kinds[i].name);
    board_free(&g->board);
    if (g->layout) {
        layout_free(g->layout);
        free(g->layout);
    }
    for (int i = 0; i < g->noptions; i++) {
        free(g->options[i].name);
        free(g->options[i].doc);
        for (int v = 0; v < g->options[i].nvalues; v++)
            free(g->options[i].values[v]);
    }
    for (int i = 0; i < g->rules.nphases; i++)
        free(g->rules.phases[i].name);
    for (int i = 0; i < g->nexamples; i++) {
        rm_example *ex = &g->examples[i];
        free(ex->name);
        for (int w = 0; w < ex->nwith; w++) {
            free(ex->with_name[w]);
            free(ex->with_value[w]);
        }
        for (int k = 0; k < ex->nsteps; k++) {
            free(ex->steps[k].text);
            free(ex->steps[k].pos);
        }
        free(ex->steps);
    }
    free(g->examples);
    free(g->path);
    free(g);
}
