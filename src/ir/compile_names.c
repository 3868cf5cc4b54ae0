/* compile_names.c: what the names a file writes stand for, for the
 * compile step's files (compile_impl.h): points and regions (sets of
 * points evaluated, with the warnings of rows, columns and centres that
 * surprise; region statements), options and their values, the words of
 * a compass way and of a direction filter, and the lookups of game.h,
 * piece kinds and sides by name (game_kind, game_side). The lowest of
 * the compile step's files: it calls none of the others.
 */
#include "compile_impl.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- points ---- */

static void unknown_point(compiler *c, const rm_node *name, const rm_board *b)
{
    const char *hint = GAME_HINT(c->g, GAME_POINTS, name->text);
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
            diag_error(c->d, name->span, "unknown point '%s' (the board has columns a to %c)%s",
                       name->text, 'a' + maxcol, hint);
        else if (row > maxrow)
            diag_error(c->d, name->span, "unknown point '%s' (the board has rows 1 to %d)%s",
                       name->text, maxrow, hint);
        else
            diag_error(c->d, name->span, "unknown point '%s' (no point of the board is there)%s",
                       name->text, hint);
        return;
    }
    diag_error(c->d, name->span, "unknown point '%s'%s", name->text, hint);
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
            diag_error(c->d, n->span, "unknown point or region '%s'%s", n->text,
                       GAME_HINT(c->g, GAME_POINTS | GAME_REGIONS, n->text));
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
int eval_set(compiler *c, const rm_node *set, rm_set *out)
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

void compile_region(compiler *c, const rm_node *n)
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

/* ---- options and their values ---- */

int find_option(const rm_game *g, const char *name)
{
    for (int i = 0; i < g->noptions; i++)
        if (strcmp(g->options[i].name, name) == 0)
            return i;
    return -1;
}

int find_value(const rm_option *o, const char *value)
{
    for (int i = 0; i < o->nvalues; i++)
        if (strcmp(o->values[i], value) == 0)
            return i;
    return -1;
}

/* Lists the values of option O into BUF (NAME_LIST_SIZE bytes). */
const char *value_list(const rm_option *o, char *buf)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < o->nvalues && used < NAME_LIST_SIZE; i++)
        used += (size_t)snprintf(buf + used, NAME_LIST_SIZE - used, "%s%s", i ? ", " : "",
                                 SHOWN(o->values[i]));
    return buf;
}

/* ---- words ---- */

/* The way a compass word names (RM_POINT_*), or -1. */
int compass_way(const char *word)
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

/* The bit (RM_DIR_*) of a word of a direction filter, or 0. */
int dir_word(const char *word)
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

/* ---- piece kinds and sides ---- */

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

/* ---- did you mean ---- */

const char *game_hint(const rm_game *g, unsigned what, int side, const char *word, char *buf)
{
    rm_suggest s;
    rm_suggest_start(&s, word);
    const rm_board *b = &g->board;
    for (int i = 0; (what & GAME_POINTS) && i < b->npoints; i++)
        rm_suggest_offer(&s, b->points[i].name);
    for (int i = 0; (what & GAME_REGIONS) && i < b->nregions; i++)
        rm_suggest_offer(&s, b->regions[i].name);
    for (int i = 0; (what & GAME_KINDS) && i < g->nkinds; i++)
        rm_suggest_offer(&s, g->kinds[i].name);
    for (int i = 0; (what & GAME_SIDES) && i < g->nsides; i++)
        rm_suggest_offer(&s, g->sides[i].name);
    for (int i = 0; (what & GAME_OPTIONS) && i < g->noptions; i++)
        rm_suggest_offer(&s, g->options[i].name);
    for (int i = 0; (what & GAME_PHASES) && i < g->rules.nphases; i++)
        if (side < 0 || g->rules.phases[i].side == side)
            rm_suggest_offer(&s, g->rules.phases[i].name);
    return rm_suggest_text(&s, buf, RM_SUGGEST_TEXT);
}

const char *option_hint(const rm_option *o, const char *word, char *buf)
{
    rm_suggest s;
    rm_suggest_start(&s, word);
    for (int i = 0; i < o->nvalues; i++)
        rm_suggest_offer(&s, o->values[i]);
    return rm_suggest_text(&s, buf, RM_SUGGEST_TEXT);
}
