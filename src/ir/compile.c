/* compile.c: checks a syntax tree and lowers it into the game IR.
 *
 * Every semantic error points at the node it concerns; checking goes on
 * after an error so that one run reports as many as it can, and the IR is
 * thrown away if any occurred.
 */
#include "compile.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "layout.h"

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

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (!p) {
        fputs("rimau: out of memory\n", stderr);
        exit(EXIT_FAILURE);
    }
    return memcpy(p, s, n);
}

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

static void unknown_point(compiler *c, const rm_node *name, const rm_board *b)
{
    int maxcol = -1, maxrow = 0, col, row;
    int np = b ? b->npoints : 0;
    for (int i = 0; i < np; i++) {
        if (b->points[i].col > maxcol)
            maxcol = b->points[i].col;
        if (b->points[i].row > maxrow)
            maxrow = b->points[i].row;
    }
    if (maxcol >= 0 && board_parse_lattice_name(name->text, &col, &row) == 0) {
        if (col > maxcol)
            diag_error(c->d, name->span, "unknown point '%s' (the board has columns a to %c)",
                       name->text, 'a' + maxcol);
        else if (row > maxrow)
            diag_error(c->d, name->span, "unknown point '%s' (the board has rows 1 to %d)",
                       name->text, maxrow);
        else
            diag_error(c->d, name->span, "unknown point '%s' (no point of the board is there)",
                       name->text);
        return;
    }
    diag_error(c->d, name->span, "unknown point '%s'", name->text);
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
    if (strcmp(way, "up") == 0)
        return RM_POINT_UP;
    if (strcmp(way, "down") == 0)
        return RM_POINT_DOWN;
    if (strcmp(way, "left") == 0)
        return RM_POINT_LEFT;
    if (strcmp(way, "right") == 0)
        return RM_POINT_RIGHT;
    diag_error(c->d, triangle->span3, "a triangle points up, down, left or right, not '%s'", way);
    return -1;
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
                diag_error(c->d, n->kids[k]->span, "unknown point '%s'", n->kids[k]->text);
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

/* ---- regions ---- */

/* Warns, once a file, of a centre region (centre, central-square,
 * around-centre) used on a board that is not symmetric about its centre
 * point: the centre is the middle of the board's extent (its bounding
 * box), which on a lopsided board is not the middle a reader sees. A
 * point has its opposite when a point lies within 1/RM_LINE_SLACK of the
 * board's extent of its reflection through the centre. */
static void warn_centre(compiler *c, const rm_node *n)
{
    const rm_board *b = &c->g->board;
    if (c->centre_warned || b->centre < 0)
        return;
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (int p = 0; p < b->npoints; p++) {
        x0 = fmin(x0, b->points[p].x);
        x1 = fmax(x1, b->points[p].x);
        y0 = fmin(y0, b->points[p].y);
        y1 = fmax(y1, b->points[p].y);
    }
    double slack = fmax(x1 - x0, y1 - y0) / RM_LINE_SLACK;
    const rm_point *ctr = &b->points[b->centre];
    for (int p = 0; p < b->npoints; p++) {
        double mx = 2 * ctr->x - b->points[p].x, my = 2 * ctr->y - b->points[p].y;
        bool opposite = false;
        for (int q = 0; q < b->npoints && !opposite; q++)
            opposite = fabs(b->points[q].x - mx) <= slack && fabs(b->points[q].y - my) <= slack;
        if (opposite)
            continue;
        c->centre_warned = true;
        diag_warning(c->d, n->span,
                     "'%s' %s point '%s', the middle of the board's extent (x %g to %g, "
                     "y %g to %g), but the board is not symmetric about it: no point is "
                     "opposite '%s'",
                     n->text,
                     strcmp(n->text, "centre") == 0 || strcmp(n->text, "center") == 0
                         ? "is" : "is taken around",
                     ctr->name, x0, x1, y0, y1, b->points[p].name);
        return;
    }
}

/* Where the lattice name of point P puts it against item N, rows or
 * columns LO to HI: 1 in them, 0 not, -1 when its name is no lattice name. */
static int named_in(const rm_node *n, int lo, int hi, const rm_point *p)
{
    int col, row;
    if (board_parse_lattice_name(p->name, &col, &row) != 0)
        return -1;
    int at = n->kind == N_ROWS ? row : col;
    return at >= lo && at <= hi;
}

/* Item N (rows or columns LO to HI, columns counted from 0 for 'a') in
 * words: "row 3 is the points at y = 2". */
static void item_words(const rm_node *n, int lo, int hi, char *buf, size_t size)
{
    if (n->kind == N_ROWS && lo == hi)
        snprintf(buf, size, "row %d is the points at y = %d", lo, lo - 1);
    else if (n->kind == N_ROWS)
        snprintf(buf, size, "rows %d to %d are the points at y = %d to %d", lo, hi, lo - 1, hi - 1);
    else if (lo == hi)
        snprintf(buf, size, "column %c is the points at x = %d", 'a' + lo, lo);
    else
        snprintf(buf, size, "columns %c to %c are the points at x = %d to %d", 'a' + lo, 'a' + hi,
                 lo, hi);
}

/* Checks the rows or columns LO to HI of item N, whose points are S,
 * against the points' names: rows and columns go by coordinates, so a
 * point named on the lattice elsewhere than it stands surprises. Warns
 * of the first point the item holds that its name puts elsewhere and the
 * first it leaves out that its name puts in it; when S is empty, says so
 * in an error, with the point left out. */
static void check_item_names(compiler *c, const rm_node *n, int lo, int hi, const rm_set *s)
{
    const rm_board *b = &c->g->board;
    int held = -1, left = -1;
    for (int p = 0; p < b->npoints; p++) {
        int named = named_in(n, lo, hi, &b->points[p]);
        if (named == 0 && held < 0 && set_has(s, p))
            held = p;
        if (named == 1 && left < 0 && !set_has(s, p))
            left = p;
    }
    bool rows = n->kind == N_ROWS, one = lo == hi;
    char words[96], where[64] = "";
    item_words(n, lo, hi, words, sizeof words);
    if (left >= 0)
        snprintf(where, sizeof where, " (at %c = %g)", rows ? 'y' : 'x',
                 rows ? b->points[left].y : b->points[left].x);
    if (set_count(s) == 0) {
        const char *what = rows ? (one ? "this row" : "these rows")
                                : (one ? "this column" : "these columns");
        if (left < 0)
            diag_error(c->d, n->span, "no point of the board is in %s", what);
        else
            diag_error(c->d, n->span,
                       "no point of the board is in %s (%s, by their coordinates, not their "
                       "names: '%s' is at %c = %g)",
                       what, words, b->points[left].name, rows ? 'y' : 'x',
                       rows ? b->points[left].y : b->points[left].x);
        return;
    }
    if (held < 0 && left < 0)
        return;
    const char *it = one ? "it" : "they";
    if (held >= 0 && left >= 0)
        diag_warning(c->d, n->span,
                     "%s, by their coordinates, not their names: %s %s '%s', and not '%s'%s",
                     words, it, one ? "holds" : "hold", b->points[held].name,
                     b->points[left].name, where);
    else if (held >= 0)
        diag_warning(c->d, n->span, "%s, by their coordinates, not their names: %s %s '%s'",
                     words, it, one ? "holds" : "hold", b->points[held].name);
    else
        diag_warning(c->d, n->span,
                     "%s, by their coordinates, not their names: %s %s not hold '%s'%s", words,
                     it, one ? "does" : "do", b->points[left].name, where);
}

static int set_item(compiler *c, const rm_node *n, rm_set *out)
{
    const rm_board *b = &c->g->board;
    set_clear(out);
    switch (n->kind) {
    case N_NAME: {
        int r = board_region(b, n->text);
        if (r >= 0) {
            *out = b->regions[r].points;
            if (b->regions[r].predefined && strcmp(n->text, "all") != 0)
                warn_centre(c, n);
            return 0;
        }
        int p = board_point(b, n->text);
        if (p >= 0) {
            set_add(out, p);
            return 0;
        }
        if (strcmp(n->text, "centre") == 0 || strcmp(n->text, "center") == 0 ||
            strncmp(n->text, "around-cent", 11) == 0 || strcmp(n->text, "central-square") == 0) {
            diag_error(c->d, n->span,
                       "the board has no centre point, so no region '%s' (the middle of its "
                       "extent is not a point)",
                       n->text);
            return -1;
        }
        if (board_parse_lattice_name(n->text, &(int){ 0 }, &(int){ 0 }) == 0)
            unknown_point(c, n, b);
        else
            diag_error(c->d, n->span, "unknown point or region '%s'", n->text);
        return -1;
    }
    case N_ROWS: {
        if (n->n > n->n2) {
            diag_error(c->d, n->span, "rows %ld to %ld: the first row is above the last", n->n,
                       n->n2);
            return -1;
        }
        for (int p = 0; p < b->npoints; p++)
            if (b->points[p].row >= n->n && b->points[p].row <= n->n2)
                set_add(out, p);
        check_item_names(c, n, (int)n->n, (int)n->n2, out);
        break;
    }
    case N_COLUMNS: {
        int lo = n->text[0] - 'a', hi = n->text2[0] - 'a';
        if (n->text[1] || n->text2[1] || lo < 0 || lo > 25 || hi < 0 || hi > 25) {
            diag_error(c->d, n->span, "a column is one letter, a to z");
            return -1;
        }
        if (lo > hi) {
            diag_error(c->d, n->span, "columns %c to %c: the first column is right of the last",
                       'a' + lo, 'a' + hi);
            return -1;
        }
        for (int p = 0; p < b->npoints; p++)
            if (b->points[p].col >= lo && b->points[p].col <= hi)
                set_add(out, p);
        check_item_names(c, n, lo, hi, out);
        break;
    }
    default:
        return -1;
    }
    return set_count(out) == 0 ? -1 : 0;
}

/* Evaluates a SET node: the union of its items, less its EXCEPT items. */
static int eval_set(compiler *c, const rm_node *set, rm_set *out)
{
    set_clear(out);
    int rc = 0;
    for (int i = 0; i < set->nkids; i++) {
        const rm_node *k = set->kids[i];
        rm_set s;
        if (k->kind == N_EXCEPT) {
            rm_set ex;
            if (eval_set(c, k, &ex) != 0)
                rc = -1;
            else
                set_minus(out, &ex);
        } else if (set_item(c, k, &s) != 0) {
            rc = -1;
        } else {
            set_union(out, &s);
        }
    }
    return rc;
}

static void compile_region(compiler *c, const rm_node *n)
{
    rm_board *b = &c->g->board;
    int r = board_region(b, n->text);
    if (r >= 0) {
        if (b->regions[r].predefined)
            diag_error(c->d, n->span2, "region '%s' is predefined", n->text);
        else
            diag_error(c->d, n->span2, "region '%s' is already defined", n->text);
        return;
    }
    if (board_point(b, n->text) >= 0) {
        diag_error(c->d, n->span2, "region '%s' has the name of a point", n->text);
        return;
    }
    rm_set s;
    if (eval_set(c, n->kids[0], &s) != 0)
        return;
    if (set_count(&s) == 0) {
        diag_error(c->d, n->kids[0]->span, "region '%s' has no points", n->text);
        return;
    }
    if (board_add_region(b, n->text, &s, false) < 0)
        diag_error(c->d, n->span2, "more than %d regions, the limit", RM_MAX_REGIONS);
}

/* ---- sides and pieces ---- */

static void side_forward_stmt(compiler *c, const rm_node *n, int s);

static void compile_side(compiler *c, const rm_node *n)
{
    rm_game *g = c->g;
    int old = game_side(g, n->text);
    if (old >= 0) {
        diag_error(c->d, n->span2, "side '%s' is already defined", n->text);
        diag_note(c->d, c->side_at[old], "first defined here");
        return;
    }
    if (g->nsides == RM_MAX_SIDES) {
        diag_error(c->d, n->span2, "more than %d sides, the limit", RM_MAX_SIDES);
        return;
    }
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
        int k = game_kind(g, p->text);
        if (k >= 0) {
            diag_error(c->d, p->span, "piece kind '%s' is already defined", p->text);
            diag_note(c->d, c->kind_at[k], "first defined here");
            continue;
        }
        if (g->nkinds == RM_MAX_KINDS) {
            diag_error(c->d, p->span, "more than %d piece kinds, the limit", RM_MAX_KINDS);
            continue;
        }
        if (p->n < 1 || p->n > RM_MAX_PIECES) {
            diag_error(c->d, p->span2, "a side has 1 to %d pieces of a kind, not %ld",
                       RM_MAX_PIECES, p->n);
            continue;
        }
        k = g->nkinds++;
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

/* The way a compass word names (RM_POINT_*), or -1. */
static int compass_way(const char *word)
{
    if (strcmp(word, "up") == 0)
        return RM_POINT_UP;
    if (strcmp(word, "down") == 0)
        return RM_POINT_DOWN;
    if (strcmp(word, "left") == 0)
        return RM_POINT_LEFT;
    if (strcmp(word, "right") == 0)
        return RM_POINT_RIGHT;
    return -1;
}

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
                diag_error(c->d, n->span2, "unknown piece kind '%s'", n->text);
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

static int find_option(const rm_game *g, const char *name)
{
    for (int i = 0; i < g->noptions; i++)
        if (strcmp(g->options[i].name, name) == 0)
            return i;
    return -1;
}

static int find_value(const rm_option *o, const char *value)
{
    for (int i = 0; i < o->nvalues; i++)
        if (strcmp(o->values[i], value) == 0)
            return i;
    return -1;
}

/* Room for a list of names shown by their start: every option, or every
 * value of one, fits. */
#define NAME_LIST_SIZE (RM_MAX_OPTIONS * (RM_SHOWN + 6))

/* Lists the values of option O into BUF (NAME_LIST_SIZE bytes). */
static const char *value_list(const rm_option *o, char *buf)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < o->nvalues && used < NAME_LIST_SIZE; i++)
        used += (size_t)snprintf(buf + used, NAME_LIST_SIZE - used, "%s%s", i ? ", " : "",
                                 SHOWN(o->values[i]));
    return buf;
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
            diag_file_error(c->d, "the game has no option '%s' (%s%s)", SHOWN(c->choices->name[i]),
                            g->noptions ? "its options: " : "it has no options", buf);
            continue;
        }
        int v = find_value(&g->options[o], c->choices->value[i]);
        if (v < 0) {
            diag_file_error(c->d, "option '%s' has no value '%s' (its values: %s)",
                            SHOWN(c->choices->name[i]), SHOWN(c->choices->value[i]),
                            value_list(&g->options[o], buf));
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
            diag_error(c->d, k->span2, "unknown option '%s' (declare it: option %s = VALUE | ...)",
                       k->text, k->text);
            continue;
        }
        int v = find_value(&c->g->options[o], k->text2);
        if (v < 0) {
            char buf[NAME_LIST_SIZE];
            diag_error(c->d, k->span, "option '%s' has no value '%s' (its values: %s)",
                       SHOWN(k->text), SHOWN(k->text2), value_list(&c->g->options[o], buf));
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

/* ---- rules ---- */

static int side_kind(compiler *c, const rm_node *at, const char *name, int side, bool own)
{
    rm_game *g = c->g;
    int k = game_kind(g, name);
    if (k < 0) {
        if (game_side(g, name) >= 0)
            diag_error(c->d, at->span, "'%s' is a side; name a piece kind", name);
        else
            diag_error(c->d, at->span, "unknown piece kind '%s'", name);
        return -1;
    }
    if (own && g->kinds[k].side != side) {
        diag_error(c->d, at->span, "'%s' belongs to side '%s', not to '%s' whose phase this is",
                   name, g->sides[g->kinds[k].side].name, g->sides[side].name);
        return -1;
    }
    if (!own && g->kinds[k].side == side) {
        diag_error(c->d, at->span, "'%s' is a piece of side '%s' itself; name an enemy kind",
                   name, g->sides[side].name);
        return -1;
    }
    return k;
}

/* The bit (RM_DIR_*) of a word of a direction filter, or 0. */
static int dir_word(const char *word)
{
    if (strcmp(word, "forward") == 0)
        return RM_DIR_FORWARD;
    if (strcmp(word, "backward") == 0)
        return RM_DIR_BACKWARD;
    if (strcmp(word, "sideways") == 0)
        return RM_DIR_SIDEWAYS;
    if (strcmp(word, "orthogonal") == 0)
        return RM_DIR_ORTHOGONAL;
    if (strcmp(word, "diagonal") == 0)
        return RM_DIR_DIAGONAL;
    return 0;
}

/* The ray classes (RM_RAY_CLASS) the filter of words DIRS lets through:
 * the words of one group (ways, lines) add up, and the two groups
 * restrict each other; a group without a word restricts nothing. */
static uint8_t dir_allow(unsigned dirs)
{
    unsigned allow = 0;
    for (unsigned cls = 0; cls < 8; cls++) {
        unsigned way = RM_RAY_WAY(cls), diagonal = RM_RAY_DIAGONAL(cls);
        bool way_ok = !(dirs & RM_DIR_WAYS) || (way != RM_WAY_NONE && (dirs >> (way - 1) & 1));
        bool line_ok = !(dirs & RM_DIR_LINES) ||
                       (dirs & (diagonal ? RM_DIR_DIAGONAL : RM_DIR_ORTHOGONAL));
        if (way_ok && line_ok)
            allow |= 1u << cls;
    }
    return (uint8_t)allow;
}

/* Checks the direction filter DIRS of action A of SIDE and stores it. */
static int compile_dirs(compiler *c, const rm_node *dirs, rm_action_rule *a, int side)
{
    static const char *const what[] = { [RM_DROP] = "a drop", [RM_REMOVE] = "a removal",
                                        [RM_RELOCATE] = "a relocation" };
    if (a->type == RM_DROP || a->type == RM_REMOVE || a->type == RM_RELOCATE) {
        diag_error(c->d, dirs->span, "%s goes along no line, so it takes no direction filter "
                   "(a filter is for step, slide, leap and capture)", what[a->type]);
        return -1;
    }
    const rm_side *sd = &c->g->sides[side];
    unsigned words = 0;
    for (int i = 0; i < dirs->nkids; i++) {
        const rm_node *w = dirs->kids[i];
        int bit = dir_word(w->text);
        if (!bit && strcmp(w->text, "not") == 0 && i + 1 < dirs->nkids &&
            strcmp(dirs->kids[i + 1]->text, "back") == 0) {
            diag_error(c->d, w->span, "'not back' is said of a chain: write it after 'chain' "
                       "(capture KIND chain not back)");
            return -1;
        }
        if (!bit) {
            diag_error(c->d, w->span, "unknown direction '%s' (a filter's words are forward, "
                       "backward, sideways, orthogonal and diagonal)", SHOWN(w->text));
            return -1;
        }
        if (words & (unsigned)bit) {
            diag_error(c->d, w->span, "'%s' is given twice in this filter", w->text);
            return -1;
        }
        if ((bit & RM_DIR_WAYS) && sd->forward == RM_FORWARD_NONE) {
            if (c->forward_written[side])
                return -1; /* its forward is wrong, and said so */
            diag_error(c->d, w->span, "side '%s' has no forward, so no move of it is '%s'; give "
                       "it one in its side block: forward up, down, left or right, or forward "
                       "toward SET", sd->name, w->text);
            return -1;
        }
        words |= (unsigned)bit;
    }
    a->dirs = (uint8_t)words;
    a->dir_allow = dir_allow(words);
    return 0;
}

static int compile_action(compiler *c, const rm_node *n, int side)
{
    rm_game *g = c->g;
    rm_rules *r = &g->rules;
    rm_action_rule a;
    memset(&a, 0, sizeof a);
    a.fewer_than = -1;
    a.lines = 1u << 1;
    bool is_remove = n->flags == RM_ACT_REMOVE;
    static const uint8_t types[] = { RM_DROP, RM_STEP, RM_SLIDE, RM_LEAP, RM_CAPTURE, RM_REMOVE,
                                     RM_RELOCATE };
    a.type = types[n->flags];
    rm_node name = { .span = n->span2 };
    int k = side_kind(c, &name, n->text, side, !is_remove);
    if (k < 0)
        return -1;
    a.kind = (uint8_t)k;
    if (is_remove)
        a.targets = (uint16_t)(1u << k);
    if (a.type == RM_CAPTURE)
        for (int j = 0; j < g->nkinds; j++)
            if (g->kinds[j].side != side)
                a.targets |= (uint16_t)(1u << j);
    bool chain_seen = false, removing_seen = false;
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *p = n->kids[i];
        switch (p->kind) {
        case N_OVER:
            a.targets = 0;
            for (int j = 0; j < p->nkids; j++) {
                int t = game_kind(g, p->kids[j]->text);
                if (t < 0 && dir_word(p->kids[j]->text)) {
                    diag_error(c->d, p->kids[j]->span, "'%s' is a direction, not a piece kind: "
                               "a direction filter comes right after the moving kind, before "
                               "'over' (%s %s %s over ...)", p->kids[j]->text,
                               a.type == RM_LEAP ? "leap" : "capture", n->text, p->kids[j]->text);
                    return -1;
                }
                if (t < 0) {
                    diag_error(c->d, p->kids[j]->span, "unknown piece kind '%s'", p->kids[j]->text);
                    return -1;
                }
                if (a.type == RM_CAPTURE && g->kinds[t].side == side) {
                    diag_error(c->d, p->kids[j]->span, "a capture takes enemy pieces, and '%s' is "
                               "a piece of side '%s'", p->kids[j]->text, g->sides[side].name);
                    return -1;
                }
                a.targets |= (uint16_t)(1u << t);
            }
            break;
        case N_LINES: {
            bool bad = false;
            a.lines = p->flags ? UINT64_C(0xAAAAAAAAAAAAAAAA) & RM_LINES_ALL : 0; /* odd: 1, 3, ... */
            for (int j = 0; j < p->nkids; j++) {
                long len = p->kids[j]->n;
                if (len < 1 || len > RM_MAX_LINE) {
                    diag_error(c->d, p->kids[j]->span,
                               "a capture jumps lines of 1 to %d pieces, not %ld", RM_MAX_LINE, len);
                    bad = true;
                } else {
                    a.lines |= UINT64_C(1) << len;
                }
            }
            if (bad)
                return -1;
            break;
        }
        case N_CHAIN:
            chain_seen = true;
            a.chain = p->flags ? RM_CHAIN_MUST_CONTINUE : RM_CHAIN_MAY_STOP;
            if (p->text && (strcmp(p->text, "not") != 0 || strcmp(p->text2, "back") != 0)) {
                diag_error(c->d, p->span2, "after 'chain%s' comes 'not back', not '%s %s'",
                           p->flags ? " must continue" : "", SHOWN(p->text), SHOWN(p->text2));
                return -1;
            }
            a.not_back = p->text != NULL;
            break;
        case N_FINAL_STEP:
            if (strcmp(p->text, "final") != 0) {
                diag_error(c->d, p->span2, "a capture ends 'with final step', not 'with %s step'",
                           SHOWN(p->text));
                return -1;
            }
            a.final_step = true;
            break;
        case N_TO_EMPTY:
            a.to_empty = true;
            if (!g->kinds[k].stacks_in_play)
                diag_warning(c->d, p->span, "'to empty' changes nothing here: '%s' %s, so it "
                             "enters only empty points anyway", g->kinds[k].name,
                             g->kinds[k].stacks ? "stacks only in the setup" : "does not stack");
            break;
        case N_REMOVING:
            removing_seen = true;
            a.remove_at_end = p->flags != 0;
            break;
        case N_IN_SET:
            if (eval_set(c, p->kids[0], &a.region) != 0)
                return -1;
            a.has_region = true;
            break;
        case N_DIRS:
            if (compile_dirs(c, p, &a, side) != 0)
                return -1;
            break;
        case N_WHILE_FEWER:
            if (p->n < 1 || p->n > RM_MAX_PIECES) {
                diag_error(c->d, p->span, "'while fewer than' takes 1 to %d pieces", RM_MAX_PIECES);
                return -1;
            }
            a.fewer_than = (int16_t)p->n;
            break;
        default:
            break;
        }
    }
    if (removing_seen && !chain_seen)
        diag_error(c->d, n->span, "'removing at ...' says when a chain's jumped pieces leave; "
                   "this capture has no 'chain'");
    if (a.type == RM_DROP && g->kinds[k].hand == 0)
        diag_error(c->d, n->span2, "no '%s' is in hand at the start, so none can be dropped", n->text);
    if (r->naction_rules == RM_MAX_ACTION_RULES) {
        diag_error(c->d, n->span, "more than %d actions in the rules, the limit", RM_MAX_ACTION_RULES);
        return -1;
    }
    r->actions[r->naction_rules] = a;
    return r->naction_rules++;
}

static void compile_turn(compiler *c, const rm_node *n, rm_phase *ph)
{
    if (ph->nturns == RM_MAX_PATTERNS) {
        diag_error(c->d, n->span, "a phase has at most %d turn lines", RM_MAX_PATTERNS);
        return;
    }
    rm_turn_rule *t = &ph->turns[ph->nturns++];
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *st = n->kids[i];
        if (t->nsteps == RM_MAX_STEPS) {
            diag_error(c->d, st->span, "a turn has at most %d steps joined by 'then'", RM_MAX_STEPS);
            return;
        }
        rm_step_rule *s = &t->steps[t->nsteps++];
        if (st->n2 < 1) {
            diag_error(c->d, st->span2, "a step taken %ld times is never taken; for a step that "
                       "may be left out write 'optional' or 'at most N times'", st->n2);
            continue;
        }
        if (st->n < 0 || st->n > st->n2 || st->n2 > RM_MAX_REPEAT) {
            diag_error(c->d, st->span2, "a step is taken from 0 up to %d times, and its least "
                       "number first; not %ld to %ld", RM_MAX_REPEAT, st->n, st->n2);
            continue;
        }
        s->min = (uint8_t)st->n;
        s->max = (uint8_t)st->n2;
        for (int j = 0; j < st->nkids; j++) {
            if (s->nalts == RM_MAX_ALTS) {
                diag_error(c->d, st->kids[j]->span, "a step has at most %d alternatives", RM_MAX_ALTS);
                break;
            }
            int a = compile_action(c, st->kids[j], ph->side);
            if (a >= 0)
                s->alt[s->nalts++] = (uint8_t)a;
        }
    }
}

static void compile_phase(compiler *c, const rm_node *n, const rm_node **phase_at)
{
    rm_game *g = c->g;
    rm_rules *r = &g->rules;
    int side = game_side(g, n->text2);
    if (side < 0) {
        rm_span at = n->span3;
        if (game_kind(g, n->text2) >= 0)
            diag_error(c->d, at, "'%s' is a piece kind; a phase belongs to a side", n->text2);
        else
            diag_error(c->d, at, "unknown side '%s'", n->text2);
        return;
    }
    for (int i = 0; i < r->nphases; i++)
        if (r->phases[i].side == side && strcmp(r->phases[i].name, n->text) == 0) {
            diag_error(c->d, n->span2, "side '%s' already has a phase '%s'", n->text2, n->text);
            return;
        }
    if (r->nphases == RM_MAX_PHASES) {
        diag_error(c->d, n->span2, "more than %d phases, the limit", RM_MAX_PHASES);
        return;
    }
    phase_at[r->nphases] = n;
    rm_phase *ph = &r->phases[r->nphases++];
    ph->name = xstrdup(n->text);
    ph->side = (uint8_t)side;
    const rm_node *ends = NULL;
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *k = n->kids[i];
        switch (k->kind) {
        case N_TURN:
            compile_turn(c, k, ph);
            break;
        case N_ENDS:
            if (ends) {
                diag_error(c->d, k->span, "the phase's end is given twice");
                break;
            }
            ends = k;
            if (k->flags == 0) {
                ph->end = RM_END_HAND_EMPTY;
            } else if (k->n < 1 || k->n > 255) {
                diag_error(c->d, k->span2, "a phase ends after 1 to 255 turns, not %ld", k->n);
            } else {
                ph->end = RM_END_AFTER_TURNS;
                ph->end_turns = (uint16_t)k->n;
            }
            break;
        case N_BEFORE_PLAY:
            if (strcmp(k->text, "before") != 0 || strcmp(k->text2, "play") != 0)
                diag_error(c->d, k->span, "expected 'before play' or '{' after the phase's side, "
                           "not '%s %s'", SHOWN(k->text), SHOWN(k->text2));
            else
                ph->before_play = true;
            break;
        case N_COMPULSORY:
            if (k->flags == 1 && strcmp(k->text, "per") != 0) {
                diag_error(c->d, k->span2, "write 'captures compulsory per piece', not "
                           "'captures compulsory %s piece'", SHOWN(k->text));
            } else if (k->flags == 2 && strcmp(k->text, "drops") != 0) {
                diag_error(c->d, k->span2, "'%s compulsory': only captures and drops are made "
                           "compulsory ('captures compulsory', 'drops compulsory')",
                           SHOWN(k->text));
            } else if (k->flags == 2) {
                ph->drops_compulsory = true;
            } else {
                bool per_piece = k->flags == 1;
                if (per_piece ? ph->compulsory : ph->compulsory_per_piece)
                    diag_error(c->d, k->span, "captures are made compulsory both for the side "
                               "and per piece in this phase; keep one of the two lines");
                else if (per_piece)
                    ph->compulsory_per_piece = true;
                else
                    ph->compulsory = true;
            }
            break;
        default:
            break;
        }
    }
    if (ph->nturns == 0)
        diag_error(c->d, n->span2, "phase '%s' has no turn (add: turn ACTION ...)", n->text);
}

/* SIDE when blocked lose|pass|draw */
static void compile_blocked(compiler *c, const rm_node *k)
{
    rm_rules *r = &c->g->rules;
    const rm_node *word = k->kids[0];
    if (strcmp(word->text, "blocked") != 0) {
        diag_error(c->d, word->span, "expected 'blocked' after 'when', not '%s'", SHOWN(word->text));
        return;
    }
    int s = game_side(c->g, k->text);
    if (s < 0) {
        diag_error(c->d, k->span, "unknown side '%s'", SHOWN(k->text));
        return;
    }
    const char *w = k->text2;
    if (strcmp(w, "lose") == 0 || strcmp(w, "loses") == 0)
        r->blocked[s] = RM_BLOCKED_LOSES;
    else if (strcmp(w, "pass") == 0 || strcmp(w, "passes") == 0)
        r->blocked[s] = RM_BLOCKED_PASSES;
    else if (strcmp(w, "draw") == 0 || strcmp(w, "draws") == 0)
        r->blocked[s] = RM_BLOCKED_DRAWS;
    else
        diag_error(c->d, k->span2, "a blocked side loses, passes or draws, not '%s'", SHOWN(k->text2));
}

/* when both blocked draw | when both blocked SIDE wins */
static void compile_both_blocked(compiler *c, const rm_node *k)
{
    const rm_node *both = k->kids[0], *word = k->kids[1];
    if (strcmp(both->text, "both") != 0 || strcmp(word->text, "blocked") != 0) {
        diag_error(c->d, both->span, "expected 'when both blocked', not 'when %s %s'",
                   SHOWN(both->text), SHOWN(word->text));
        return;
    }
    if (!k->text2) {
        c->g->rules.both_blocked = RM_DRAW;
        return;
    }
    int s = game_side(c->g, k->text2);
    if (s < 0)
        diag_error(c->d, k->span2, "unknown side '%s'", SHOWN(k->text2));
    else
        c->g->rules.both_blocked = s;
}

static void compile_rules(compiler *c, const rm_node *file)
{
    rm_game *g = c->g;
    rm_rules *r = &g->rules;
    r->first = 0;
    r->draw_after = RM_DEFAULT_DRAW_AFTER;
    r->draw_repeat = RM_DEFAULT_DRAW_REPEAT;
    r->both_blocked = RM_DRAW;
    for (int s = 0; s < RM_MAX_SIDES; s++) {
        r->lose_with[s] = -1;
        r->blocked[s] = RM_BLOCKED_LOSES;
    }
    const rm_node *phase_at[RM_MAX_PHASES];
    const rm_node *first_at = NULL;
    bool any_phase = false;
    for (int i = 0; i < file->nkids; i++) {
        const rm_node *n = file->kids[i];
        if (n->kind == N_PHASE) {
            any_phase = true;
            compile_phase(c, n, phase_at);
        } else if (n->kind == N_RULES) {
            for (int j = 0; j < n->nkids; j++) {
                const rm_node *k = n->kids[j];
                int s;
                switch (k->kind) {
                case N_FIRST:
                    if (first_at)
                        diag_error(c->d, k->span, "who moves first is given twice");
                    first_at = k;
                    s = game_side(g, k->text);
                    if (s < 0)
                        diag_error(c->d, k->span, "unknown side '%s'", k->text);
                    else
                        r->first = s;
                    break;
                case N_LOSE_WITH:
                    s = game_side(g, k->text);
                    if (s < 0)
                        diag_error(c->d, k->span, "unknown side '%s'", k->text);
                    else if (k->n < 0 || k->n > 255 * RM_MAX_KINDS)
                        diag_error(c->d, k->span2, "a number of pieces from 0 up, not %ld", k->n);
                    else
                        r->lose_with[s] = (int)k->n;
                    break;
                case N_DRAW_AFTER:
                    if (k->n < 1 || k->n > 65000)
                        diag_error(c->d, k->span2, "a game is drawn after 1 to 65000 turns, not %ld", k->n);
                    else
                        r->draw_after = (int)k->n;
                    break;
                case N_DRAW_REPEAT:
                    if (k->text) {
                        if (strcmp(k->text, "never") == 0)
                            r->draw_repeat = 0;
                        else
                            diag_error(c->d, k->span2,
                                       "a position repeats 2 to 100 times, or never, not '%s'",
                                       SHOWN(k->text));
                    } else if (k->n < 2 || k->n > 100)
                        diag_error(c->d, k->span2, "a position repeats 2 to 100 times, not %ld", k->n);
                    else
                        r->draw_repeat = (int)k->n;
                    break;
                case N_BLOCKED:
                    compile_blocked(c, k);
                    break;
                case N_BOTH_BLOCKED:
                    compile_both_blocked(c, k);
                    break;
                default:
                    break;
                }
            }
        }
    }
    if (!any_phase)
        return;
    r->present = true;
    if (g->nsides != 2) {
        diag_error(c->d, (rm_span){ 0, 0 }, "the rules are for games of two sides; this one has %d",
                   g->nsides);
        return;
    }
    /* Each side's phases, in the order written; all of a side's phases but
     * the last must end, and the last may not. */
    rm_phase sorted[RM_MAX_PHASES];
    const rm_node *sorted_at[RM_MAX_PHASES];
    int n = 0;
    for (int s = 0; s < g->nsides; s++) {
        r->side_first_phase[s] = n;
        for (int i = 0; i < r->nphases; i++)
            if (r->phases[i].side == s) {
                sorted_at[n] = phase_at[i];
                sorted[n++] = r->phases[i];
            }
        r->side_nphases[s] = n - r->side_first_phase[s];
        if (r->side_nphases[s] == 0) {
            diag_error(c->d, (rm_span){ 0, 0 },
                       "side '%s' has no phase, so it can never move (add: phase NAME of %s { turn ... })",
                       g->sides[s].name, g->sides[s].name);
            continue;
        }
        for (int i = r->side_first_phase[s]; i < n; i++) {
            bool last = i == n - 1;
            if (!last && sorted[i].end == RM_END_NEVER)
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' never ends, so phase '%s' of side '%s' can never start "
                           "(add: ends when hand empty, or ends after N turns)",
                           sorted[i].name, sorted[i + 1].name, g->sides[s].name);
            if (last && sorted[i].end != RM_END_NEVER)
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' ends, but side '%s' has no phase after it", sorted[i].name,
                           g->sides[s].name);
            if (sorted[i].before_play && i != r->side_first_phase[s])
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' is played before play, so it must be the first phase of "
                           "side '%s'", sorted[i].name, g->sides[s].name);
            else if (sorted[i].before_play && last)
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' is played before play, so it must end and a phase of side "
                           "'%s' must follow it (add: ends after N turns, or ends when hand empty)",
                           sorted[i].name, g->sides[s].name);
        }
    }
    memcpy(r->phases, sorted, (size_t)n * sizeof *sorted);
    memcpy(c->phase_node, sorted_at, (size_t)n * sizeof *sorted_at);
    /* The phases played before play come first: the first side's, then the other's. */
    r->start = r->first;
    if (r->side_nphases[0] > 0 && r->side_nphases[1] > 0 &&
        !r->phases[r->side_first_phase[r->first]].before_play &&
        r->phases[r->side_first_phase[1 - r->first]].before_play)
        r->start = 1 - r->first;
}

/* ---- warnings: turns with too many ways to play ---- */

/* The turn line T of the phase written at PHASE. */
static const rm_node *turn_node(const rm_node *phase, int t)
{
    for (int i = 0; i < phase->nkids; i++)
        if (phase->kids[i]->kind == N_TURN && t-- == 0)
            return phase->kids[i];
    return phase;
}

/* Says in BUF what makes the ways W many. */
static void ways_cause(const rm_game *g, const rm_ways *w, char *buf, size_t size)
{
    const rm_action_rule *a = &g->rules.actions[w->action];
    const char *kind = g->kinds[a->kind].name;
    switch (w->why) {
    case RM_WAYS_DROPS:
        snprintf(buf, size, "%d drops of %s among %d points", w->times, kind, w->among);
        break;
    case RM_WAYS_REMOVALS:
        snprintf(buf, size, "%d removals of %s among %d pieces", w->times, kind, w->among);
        break;
    case RM_WAYS_CHAIN: {
        int k = 0;
        while (k < g->nkinds && !((a->targets >> k & 1) && g->kinds[k].stacks))
            k++;
        snprintf(buf, size, "chained captures over stacks of %s, removed at once: up to %d "
                 "captures, each along any of %d lines, %s",
                 k < g->nkinds ? g->kinds[k].name : "?", w->among, w->lines,
                 a->not_back ? "never straight back" : "back over a stack included");
        break;
    }
    case RM_WAYS_REPEAT:
        if (w->each_log10 < 6)
            snprintf(buf, size, "a step taken up to %d times, with up to %.0f ways each time",
                     w->times, pow(10, w->each_log10));
        else
            snprintf(buf, size, "a step taken up to %d times, with about 10^%.0f ways each time",
                     w->times, w->each_log10);
        break;
    default:
        snprintf(buf, size, "the ways of its steps multiply");
        break;
    }
}

/* Warns of each turn line whose estimated partial turns (derive.h) pass
 * the generator's limit: the file is valid, but a position can come where
 * its turns cannot be listed, an error met only in play. */
static void warn_ways(compiler *c)
{
    const rm_rules *r = &c->g->rules;
    for (int f = 0; f < r->nphases; f++)
        for (int t = 0; t < r->phases[f].nturns; t++) {
            const rm_turn_rule *tr = &r->phases[f].turns[t];
            if (tr->log10_ways <= log10(RM_MAX_PARTIAL_TURNS))
                continue;
            rm_ways w;
            char why[256];
            derive_turn_ways(c->g, tr, &w);
            ways_cause(c->g, &w, why, sizeof why);
            diag_warning(c->d, turn_node(c->phase_node[f], t)->span,
                         "this turn can have about 10^%.0f ways to play one position (%s); a "
                         "position past %d,%03d,%03d partial turns cannot be played",
                         w.log10, why, RM_MAX_PARTIAL_TURNS / 1000000,
                         RM_MAX_PARTIAL_TURNS / 1000 % 1000, RM_MAX_PARTIAL_TURNS % 1000);
        }
}


/* ---- examples ---- */

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
        diag_error(c->d, n->span2, "unknown piece kind '%s'", n->text);
    return k;
}

static int example_side(compiler *c, const rm_node *n)
{
    int s = game_side(c->g, n->text);
    if (s < 0)
        diag_error(c->d, n->span2, "unknown side '%s'", n->text);
    return s;
}

static int side_phase(compiler *c, const rm_node *n, int s)
{
    int f = find_phase(c->g, s, n->text2);
    if (f < 0)
        diag_error(c->d, n->span, "side '%s' has no phase '%s'", n->text, n->text2);
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
            diag_error(c->d, k->span2, "unknown option '%s'", k->text);
            continue;
        }
        if ((v = find_value(&g->options[o], k->text2)) < 0) {
            char buf[NAME_LIST_SIZE];
            diag_error(c->d, k->span, "option '%s' has no value '%s' (its values: %s)",
                       SHOWN(k->text), SHOWN(k->text2), value_list(&g->options[o], buf));
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

static void compile_example(compiler *c, const rm_node *n)
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
static void examples_in_if(compiler *c, const rm_node *branch, const if_frame *f)
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

/* ---- the whole file ---- */

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
            if (c.board_node) {
                diag_error(d, n->span, "a second board; a game has one board block");
                diag_note(d, c.board_node->span, "the first board is here");
            } else {
                c.board_node = n;
            }
            break;
        case N_SETUP:
            if (c.setup_node) {
                diag_error(d, n->span, "a second setup; a game has one setup block");
                diag_note(d, c.setup_node->span, "the first setup is here");
            } else {
                c.setup_node = n;
            }
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

int game_kind(const rm_game *g, const char *name)
{
    for (int k = 0; k < g->nkinds; k++)
        if (strcmp(g->kinds[k].name, name) == 0)
            return k;
    return -1;
}

int game_side(const rm_game *g, const char *name)
{
    for (int s = 0; s < g->nsides; s++)
        if (strcmp(g->sides[s].name, name) == 0)
            return s;
    return -1;
}

