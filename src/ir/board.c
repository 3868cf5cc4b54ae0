/* board.c: board geometry (points, links, lines, rays) and its builder. */
#include "board.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS 1e-9

/* A sequence of points given as one line, by a generator or by hand. */
struct seg {
    int *pts;
    int n;
    bool generated;
    rm_span at;
};

struct rm_board_builder {
    rm_diag *diag;
    int npoints;
    rm_point points[RM_MAX_POINTS];
    rm_span point_at[RM_MAX_POINTS];
    bool reported[RM_MAX_POINTS];  /* an error about the point was printed */
    bool full_reported;
    int nsegs, capsegs;
    struct seg *segs;
};

/* ---- names ---- */

int board_lattice_name(int col, int row, char out[RM_NAME_MAX])
{
    if (col < 0 || col >= RM_MAX_GRID || row < 1 || row > 99)
        return -1;
    snprintf(out, RM_NAME_MAX, "%c%d", 'a' + col, row);
    return 0;
}

int board_parse_lattice_name(const char *name, int *col, int *row)
{
    if (name[0] < 'a' || name[0] > 'z' || name[1] < '1' || name[1] > '9')
        return -1;
    int r = 0;
    const char *p = name + 1;
    for (; *p >= '0' && *p <= '9'; p++) {
        r = r * 10 + (*p - '0');
        if (r > 99)
            return -1;
    }
    if (*p)
        return -1;
    *col = name[0] - 'a';
    *row = r;
    return 0;
}

/* ---- builder ---- */

rm_board_builder *bb_new(rm_diag *diag)
{
    rm_board_builder *bb = calloc(1, sizeof *bb);
    if (bb)
        bb->diag = diag;
    return bb;
}

void bb_free(rm_board_builder *bb)
{
    if (!bb)
        return;
    for (int i = 0; i < bb->nsegs; i++)
        free(bb->segs[i].pts);
    free(bb->segs);
    free(bb);
}

int bb_find(const rm_board_builder *bb, const char *name)
{
    for (int i = 0; i < bb->npoints; i++)
        if (strcmp(bb->points[i].name, name) == 0)
            return i;
    return -1;
}

void bb_offer_points(const rm_board_builder *bb, rm_suggest *s)
{
    for (int i = 0; i < bb->npoints; i++)
        rm_suggest_offer(s, bb->points[i].name);
}

static int find_place(const rm_board_builder *bb, double x, double y)
{
    for (int i = 0; i < bb->npoints; i++)
        if (fabs(bb->points[i].x - x) < EPS && fabs(bb->points[i].y - y) < EPS)
            return i;
    return -1;
}

/* Column and row of a place, when it lies on the unit lattice. */
static void lattice_of(double x, double y, int *col, int *row)
{
    double rx = floor(x + 0.5), ry = floor(y + 0.5);
    bool on = fabs(x - rx) < EPS && fabs(y - ry) < EPS && rx >= 0 && ry >= 0 &&
              rx < RM_MAX_GRID && ry < 99;
    *col = on ? (int)rx : -1;
    *row = on ? (int)ry + 1 : -1;
}

static int add_point(rm_board_builder *bb, const char *name, double x, double y, rm_span at)
{
    if (bb->npoints == RM_MAX_POINTS) {
        if (!bb->full_reported)
            diag_error(bb->diag, at, "the board has more than %d points, the limit",
                       RM_MAX_POINTS);
        bb->full_reported = true;
        return -1;
    }
    rm_point *p = &bb->points[bb->npoints];
    snprintf(p->name, sizeof p->name, "%s", name);
    p->x = x;
    p->y = y;
    lattice_of(x, y, &p->col, &p->row);
    bb->point_at[bb->npoints] = at;
    return bb->npoints++;
}

int bb_point(rm_board_builder *bb, const char *name, double x, double y, rm_span at)
{
    if (strlen(name) >= RM_NAME_MAX) {
        diag_error(bb->diag, at, "point name '%s' is longer than %d bytes", name,
                   RM_NAME_MAX - 1);
        return -1;
    }
    static const char *const predefined[] = { "all", "centre", "center", "central-square",
                                              "around-centre", "around-center" };
    for (size_t i = 0; i < sizeof predefined / sizeof predefined[0]; i++)
        if (strcmp(name, predefined[i]) == 0) {
            diag_error(bb->diag, at, "'%s' is the name of a predefined region; choose another", name);
            return -1;
        }
    int old = bb_find(bb, name);
    if (old >= 0) {
        diag_error(bb->diag, at, "point '%s' is already on the board", name);
        diag_note(bb->diag, bb->point_at[old], "'%s' was defined here", name);
        return -1;
    }
    old = find_place(bb, x, y);
    if (old >= 0) {
        diag_error(bb->diag, at, "point '%s' is at (%g, %g), the place of point '%s'", name, x,
                   y, bb->points[old].name);
        return -1;
    }
    return add_point(bb, name, x, y, at);
}

int bb_lattice_point(rm_board_builder *bb, int col, int row, rm_span at)
{
    double x = col, y = row - 1;
    int p = find_place(bb, x, y);
    char name[RM_NAME_MAX];
    if (p >= 0) {
        /* A generator's point where a point was written by hand: the same
         * point only when it has the lattice name. */
        if (board_lattice_name(col, row, name) == 0 && strcmp(name, bb->points[p].name) != 0) {
            if (!bb->reported[p])
                diag_error(bb->diag, bb->point_at[p],
                           "point '%s' stands at the place of the lattice point '%s', which a "
                           "grid or triangle makes; name it '%s' or move it",
                           bb->points[p].name, name, name);
            bb->reported[p] = true;
            return -1;
        }
        return p;
    }
    if (board_lattice_name(col, row, name) != 0) {
        diag_error(bb->diag, at,
                   "this reaches beyond the named lattice (columns a to z, rows 1 to 99); "
                   "place the board further up or right with 'at'");
        return -1;
    }
    p = bb_find(bb, name);
    if (p >= 0) {
        if (!bb->reported[p])
            diag_error(bb->diag, at, "point '%s' is defined elsewhere at (%g, %g), not at (%g, %g)",
                       name, bb->points[p].x, bb->points[p].y, x, y);
        bb->reported[p] = true;
        return -1;
    }
    return add_point(bb, name, x, y, at);
}

static void add_seg(rm_board_builder *bb, const int *pts, int n, bool generated, rm_span at)
{
    for (int i = 0; i < n; i++)
        if (pts[i] < 0)
            return; /* an error was reported for the point */
    if (bb->nsegs == bb->capsegs) {
        int cap = bb->capsegs ? bb->capsegs * 2 : 32;
        struct seg *s = realloc(bb->segs, (size_t)cap * sizeof *s);
        if (!s)
            return;
        bb->segs = s;
        bb->capsegs = cap;
    }
    int *copy = malloc((size_t)n * sizeof *copy);
    if (!copy)
        return;
    memcpy(copy, pts, (size_t)n * sizeof *copy);
    bb->segs[bb->nsegs++] = (struct seg){ copy, n, generated, at };
}

void bb_line(rm_board_builder *bb, const int *pts, int n, rm_span at)
{
    if (n < 2) {
        diag_error(bb->diag, at, "a line needs at least two points");
        return;
    }
    add_seg(bb, pts, n, false, at);
}

/* Adds the generated line through the lattice points (c0,r0), (c0+dc,r0+dr), ... */
static void lattice_seg(rm_board_builder *bb, int c0, int r0, int dc, int dr, int n, rm_span at)
{
    int pts[RM_MAX_GRID * 4];
    for (int i = 0; i < n; i++)
        pts[i] = bb_lattice_point(bb, c0 + i * dc, r0 + i * dr, at);
    if (n >= 2)
        add_seg(bb, pts, n, true, at);
}

void bb_grid(rm_board_builder *bb, int cols, int rows, int col, int row, int diagonals,
             rm_span at)
{
    if (cols < 1 || rows < 1 || cols > RM_MAX_GRID || rows > RM_MAX_GRID) {
        diag_error(bb->diag, at, "a grid has 1 to %d columns and rows, not %d x %d",
                   RM_MAX_GRID, cols, rows);
        return;
    }
    if (col + cols > RM_MAX_GRID || row + rows - 1 > 99) {
        diag_error(bb->diag, at,
                   "this grid reaches beyond column z or row 99; the lattice names points "
                   "a1 to z99");
        return;
    }
    if ((long)cols * rows > RM_MAX_POINTS) {
        diag_error(bb->diag, at, "a %d x %d grid has more than %d points, the limit", cols,
                   rows, RM_MAX_POINTS);
        return;
    }
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            bb_lattice_point(bb, col + c, row + r, at);
    for (int r = 0; r < rows; r++)
        lattice_seg(bb, col, row + r, 1, 0, cols, at);
    for (int c = 0; c < cols; c++)
        lattice_seg(bb, col + c, row, 0, 1, rows, at);
    if (diagonals == RM_DIAG_NONE)
        return;
    /* Rising diagonals start on the bottom row or the left column, falling
     * ones on the top row or the left column. */
    for (int k = -(rows - 1); k < cols; k++) {
        int c = k > 0 ? k : 0, r = k > 0 ? 0 : -k;
        int n = (cols - c < rows - r) ? cols - c : rows - r;
        if (diagonals == RM_DIAG_ALL || (c + r) % 2 == 0)
            lattice_seg(bb, col + c, row + r, 1, 1, n, at);
    }
    for (int k = -(rows - 1); k < cols; k++) {
        int c = k > 0 ? k : 0, r = k > 0 ? rows - 1 : rows - 1 + k;
        int n = (cols - c < r + 1) ? cols - c : r + 1;
        if (diagonals == RM_DIAG_ALL || (c + r) % 2 == 0)
            lattice_seg(bb, col + c, row + r, 1, -1, n, at);
    }
}

void bb_triangle(rm_board_builder *bb, int apex_col, int apex_row, int way, int depth,
                 rm_span at)
{
    if (depth < 1 || depth > RM_MAX_GRID) {
        diag_error(bb->diag, at, "a triangle's depth is 1 to %d, not %d", RM_MAX_GRID, depth);
        return;
    }
    /* (along, across): the way the rows go, and the way along a row. */
    int ac = 0, ar = 0, xc = 0, xr = 0;
    switch (way) {
    case RM_POINT_UP:    ar = 1;  xc = 1; break;
    case RM_POINT_DOWN:  ar = -1; xc = 1; break;
    case RM_POINT_LEFT:  ac = -1; xr = 1; break;
    default:             ac = 1;  xr = 1; break;
    }
    /* All of it on the named lattice, or one error for the triangle. */
    for (int k = 0; k <= depth; k++)
        for (int side = -1; side <= 1; side++) {
            char name[RM_NAME_MAX];
            if (board_lattice_name(apex_col + k * ac + side * k * xc,
                                   apex_row + k * ar + side * k * xr, name) != 0) {
                diag_error(bb->diag, at,
                           "this triangle reaches beyond the named lattice (columns a to z, "
                           "rows 1 to 99); place the board further up or right with 'at'");
                return;
            }
        }
    int apex = bb_lattice_point(bb, apex_col, apex_row, at);
    int left[RM_MAX_GRID + 1], mid[RM_MAX_GRID + 1], right[RM_MAX_GRID + 1];
    left[0] = mid[0] = right[0] = apex;
    for (int k = 1; k <= depth; k++) {
        int c = apex_col + k * ac, r = apex_row + k * ar;
        left[k] = bb_lattice_point(bb, c - k * xc, r - k * xr, at);
        mid[k] = bb_lattice_point(bb, c, r, at);
        right[k] = bb_lattice_point(bb, c + k * xc, r + k * xr, at);
        int row[3] = { left[k], mid[k], right[k] };
        add_seg(bb, row, 3, true, at);
    }
    add_seg(bb, left, depth + 1, true, at);
    add_seg(bb, mid, depth + 1, true, at);
    add_seg(bb, right, depth + 1, true, at);
}

/* ---- finishing ---- */

struct link_info {
    int a, b;              /* a < b */
    int partner[2];        /* link continuing straight on at a, at b; -1 none */
    int line;
    int seg;               /* first segment giving it */
};

struct finisher {
    rm_board_builder *bb;
    rm_board *out;
    int16_t *id;           /* link id of (a,b): id[a * n + b], -1 none */
    struct link_info *links;
    int nlinks, caplinks;
    int *adj_off, *adj;    /* links at each point */
    bool failed;
};

static int cmp_place(const void *x, const void *y)
{
    const rm_point *p = x, *q = y;
    if (fabs(p->y - q->y) > EPS)
        return p->y < q->y ? -1 : 1;
    if (fabs(p->x - q->x) > EPS)
        return p->x < q->x ? -1 : 1;
    return 0;
}

static int link_between(struct finisher *f, int a, int b)
{
    int n = f->bb->npoints;
    return a < b ? f->id[a * n + b] : f->id[b * n + a];
}

/* Which end of link L is point P: 0 for a, 1 for b. */
static int end_of(const struct link_info *l, int p)
{
    return l->a == p ? 0 : 1;
}

/* Where P lies against the straight line from A to B (A and B apart): how
 * far OFF it the point lies, and how far ALONG it from A (negative before A). */
static void place_on(const rm_point *a, const rm_point *b, const rm_point *p, double *off,
                     double *along)
{
    double dx = b->x - a->x, dy = b->y - a->y, len = hypot(dx, dy);
    *off = fabs(dx * (p->y - a->y) - dy * (p->x - a->x)) / len;
    *along = (dx * (p->x - a->x) + dy * (p->y - a->y)) / len;
}

/* Whether P lies on the segment from A to B, between its ends: within
 * 1/RM_LINE_SLACK of the segment's length of the straight line through them. */
static bool on_segment(const rm_point *a, const rm_point *b, const rm_point *p)
{
    double off, along, len = hypot(b->x - a->x, b->y - a->y);
    place_on(a, b, p, &off, &along);
    return off <= len / RM_LINE_SLACK && along > EPS && along < len - EPS;
}

/* Whether the line SG written by hand is straight: each point between its
 * ends lies within 1/RM_LINE_SLACK of its length (the distance between its
 * ends) of the straight line through them, each further along than the one
 * before. Reports the first point that is not. */
static bool check_straight(struct finisher *f, const struct seg *sg)
{
    rm_board_builder *bb = f->bb;
    const rm_point *first = &bb->points[sg->pts[0]], *last = &bb->points[sg->pts[sg->n - 1]];
    double len = hypot(last->x - first->x, last->y - first->y), before = 0;
    for (int i = 1; i + 1 < sg->n; i++) {
        const rm_point *p = &bb->points[sg->pts[i]];
        double off, along;
        place_on(first, last, p, &off, &along);
        if (off > len / RM_LINE_SLACK) {
            diag_error(bb->diag, sg->at,
                       "line bends at point '%s': it lies %.3g from the straight line from '%s' "
                       "to '%s', more than 1/%d of that line's length (%.3g); check the points' "
                       "coordinates",
                       p->name, off, first->name, last->name, RM_LINE_SLACK, len / RM_LINE_SLACK);
            return false;
        }
        if (along <= before + EPS || along >= len - EPS) {
            diag_error(bb->diag, sg->at,
                       "line turns back at point '%s': a line lists its points in order, from "
                       "'%s' to '%s'",
                       p->name, first->name, last->name);
            return false;
        }
        before = along;
    }
    return true;
}

static int add_links(struct finisher *f)
{
    rm_board_builder *bb = f->bb;
    int n = bb->npoints;
    for (int s = 0; s < bb->nsegs; s++) {
        struct seg *sg = &bb->segs[s];
        /* An explicit line visits each point once and goes straight. */
        for (int i = 0; i < sg->n && !sg->generated; i++)
            for (int j = 0; j < i; j++)
                if (sg->pts[i] == sg->pts[j]) {
                    diag_error(bb->diag, sg->at, "line passes through point '%s' twice",
                               bb->points[sg->pts[i]].name);
                    f->failed = true;
                    goto next_seg;
                }
        if (!sg->generated && !check_straight(f, sg)) {
            f->failed = true;
            goto next_seg;
        }
        for (int i = 1; i < sg->n; i++) {
            int a = sg->pts[i - 1], b = sg->pts[i];
            if (a > b) {
                int t = a;
                a = b;
                b = t;
            }
            /* A link may not pass over a point: list it in the line. */
            bool over = false;
            for (int q = 0; q < n && !over; q++) {
                if (q == a || q == b)
                    continue;
                const rm_point *pa = &bb->points[a], *pb = &bb->points[b], *pq = &bb->points[q];
                if (on_segment(pa, pb, pq)) {
                    diag_error(bb->diag, sg->at,
                               "the line from %s to %s passes over point '%s'; a line goes "
                               "through every point it crosses", pa->name, pb->name, pq->name);
                    f->failed = true;
                    over = true;
                }
            }
            if (over)
                continue;
            int id = f->id[a * n + b];
            if (id >= 0) {
                struct seg *first = &bb->segs[f->links[id].seg];
                if (!sg->generated || !first->generated) {
                    diag_error(bb->diag, sg->at, "line reuses the link %s-%s",
                               bb->points[a].name, bb->points[b].name);
                    diag_note(bb->diag, first->at, "the link %s-%s is already made here",
                              bb->points[a].name, bb->points[b].name);
                    f->failed = true;
                }
                continue;
            }
            if (f->nlinks == f->caplinks) {
                int cap = f->caplinks ? f->caplinks * 2 : 128;
                struct link_info *nl = realloc(f->links, (size_t)cap * sizeof *nl);
                if (!nl)
                    return -1;
                f->links = nl;
                f->caplinks = cap;
            }
            f->links[f->nlinks] = (struct link_info){ a, b, { -1, -1 }, -1, s };
            f->id[a * n + b] = (int16_t)f->nlinks++;
        }
    next_seg:;
    }
    return 0;
}

/* Makes L and M continue each other at point P; false on a conflict. */
static bool pair_links(struct finisher *f, int l, int m, int p)
{
    struct link_info *L = &f->links[l], *M = &f->links[m];
    int *pl = &L->partner[end_of(L, p)], *pm = &M->partner[end_of(M, p)];
    if ((*pl >= 0 && *pl != m) || (*pm >= 0 && *pm != l))
        return false;
    *pl = m;
    *pm = l;
    return true;
}

static void pair_segments(struct finisher *f)
{
    rm_board_builder *bb = f->bb;
    for (int s = 0; s < bb->nsegs; s++) {
        struct seg *sg = &bb->segs[s];
        for (int i = 1; i + 1 < sg->n; i++) {
            int l = link_between(f, sg->pts[i - 1], sg->pts[i]);
            int m = link_between(f, sg->pts[i], sg->pts[i + 1]);
            if (l < 0 || m < 0)
                continue;
            if (!pair_links(f, l, m, sg->pts[i])) {
                diag_error(bb->diag, sg->at, "lines cross ambiguously at point '%s'",
                           bb->points[sg->pts[i]].name);
                f->failed = true;
            }
        }
    }
}

/* Joins lines that end at the same point and run straight on. */
static void pair_geometric(struct finisher *f)
{
    rm_board_builder *bb = f->bb;
    for (int p = 0; p < bb->npoints; p++) {
        for (int i = f->adj_off[p]; i < f->adj_off[p + 1]; i++) {
            int l = f->adj[i];
            struct link_info *L = &f->links[l];
            if (L->partner[end_of(L, p)] >= 0)
                continue;
            /* L runs on into the link M whose far end makes P lie on the
             * segment between the two far ends (the straightest, if several) */
            const rm_point *from = &bb->points[L->a == p ? L->b : L->a];
            int best = -1;
            double best_off = INFINITY;
            for (int j = i + 1; j < f->adj_off[p + 1]; j++) {
                int m = f->adj[j];
                struct link_info *M = &f->links[m];
                if (M->partner[end_of(M, p)] >= 0)
                    continue;
                const rm_point *to = &bb->points[M->a == p ? M->b : M->a];
                double off, along;
                place_on(from, to, &bb->points[p], &off, &along);
                off /= hypot(to->x - from->x, to->y - from->y);
                if (on_segment(from, to, &bb->points[p]) && off < best_off) {
                    best = m;
                    best_off = off;
                }
            }
            if (best >= 0)
                pair_links(f, l, best, p);
        }
    }
}

static int build_adjacency(struct finisher *f)
{
    int n = f->bb->npoints;
    f->adj_off = calloc((size_t)n + 1, sizeof *f->adj_off);
    f->adj = malloc((size_t)(2 * f->nlinks + 1) * sizeof *f->adj);
    if (!f->adj_off || !f->adj)
        return -1;
    for (int l = 0; l < f->nlinks; l++) {
        f->adj_off[f->links[l].a + 1]++;
        f->adj_off[f->links[l].b + 1]++;
    }
    for (int p = 0; p < n; p++)
        f->adj_off[p + 1] += f->adj_off[p];
    int *fill = malloc((size_t)n * sizeof *fill);
    if (!fill)
        return -1;
    memcpy(fill, f->adj_off, (size_t)n * sizeof *fill);
    for (int l = 0; l < f->nlinks; l++) {
        f->adj[fill[f->links[l].a]++] = l;
        f->adj[fill[f->links[l].b]++] = l;
    }
    free(fill);
    return 0;
}

/* Walks the links into maximal straight lines. */
static int build_lines(struct finisher *f, rm_span board_span)
{
    rm_board_builder *bb = f->bb;
    rm_board *out = f->out;
    int cap = f->nlinks + 1;
    int *order = malloc((size_t)(f->nlinks * 2 + 2) * sizeof *order);
    out->line_off = malloc((size_t)(cap + 1) * sizeof *out->line_off);
    out->line_pts = malloc((size_t)(f->nlinks * 2 + 2) * sizeof *out->line_pts);
    if (!order || !out->line_off || !out->line_pts) {
        free(order);
        return -1;
    }
    uint32_t used = 0;
    out->nlines = 0;
    out->line_off[0] = 0;
    for (int start = 0; start < f->nlinks; start++) {
        struct link_info *S = &f->links[start];
        if (S->line >= 0)
            continue;
        int endp;
        if (S->partner[0] < 0)
            endp = S->a;
        else if (S->partner[1] < 0)
            endp = S->b;
        else
            continue; /* inside a line: reached from its end */
        if (out->nlines == RM_MAX_LINES) {
            diag_error(bb->diag, board_span, "the board has more than %d lines, the limit",
                       RM_MAX_LINES);
            free(order);
            return -1;
        }
        int n = 0, p = endp, l = start;
        order[n++] = p;
        while (l >= 0) {
            struct link_info *L = &f->links[l];
            L->line = out->nlines;
            int q = L->a == p ? L->b : L->a;
            order[n++] = q;
            int next = L->partner[end_of(L, q)];
            p = q;
            l = next;
        }
        /* Lines run left to right, or bottom to top when upright. */
        const rm_point *first = &bb->points[order[0]], *last = &bb->points[order[n - 1]];
        bool reverse = last->x < first->x - EPS || (fabs(last->x - first->x) < EPS && last->y < first->y);
        for (int i = 0; i < n; i++)
            out->line_pts[used + (uint32_t)i] = (uint16_t)(reverse ? order[n - 1 - i] : order[i]);
        used += (uint32_t)n;
        out->line_off[++out->nlines] = used;
    }
    free(order);
    for (int l = 0; l < f->nlinks; l++)
        if (f->links[l].line < 0) {
            diag_error(bb->diag, board_span, "the lines through %s-%s close into a loop",
                       bb->points[f->links[l].a].name, bb->points[f->links[l].b].name);
            return -1;
        }
    return 0;
}

struct ray_sort {
    double angle;
    rm_ray ray;
};

static int cmp_ray(const void *x, const void *y)
{
    const struct ray_sort *a = x, *b = y;
    return (a->angle > b->angle) - (a->angle < b->angle);
}

static int build_rays(rm_board *out)
{
    int n = out->npoints;
    size_t nrays = 0, npts = 0;
    for (int l = 0; l < out->nlines; l++) {
        size_t m = out->line_off[l + 1] - out->line_off[l];
        nrays += 2 * (m - 1);
        npts += m * (m - 1);
    }
    out->ray_off = calloc((size_t)n + 1, sizeof *out->ray_off);
    struct ray_sort *tmp = malloc((nrays + 1) * sizeof *tmp);
    int *owner = malloc((nrays + 1) * sizeof *owner);
    out->rays = malloc((nrays + 1) * sizeof *out->rays);
    out->ray_pts = malloc((npts + 1) * sizeof *out->ray_pts);
    if (!out->ray_off || !tmp || !owner || !out->rays || !out->ray_pts) {
        free(tmp);
        free(owner);
        return -1;
    }
    size_t r = 0;
    uint32_t off = 0;
    for (int l = 0; l < out->nlines; l++) {
        const uint16_t *pts = out->line_pts + out->line_off[l];
        int m = (int)(out->line_off[l + 1] - out->line_off[l]);
        for (int i = 0; i < m; i++)
            for (int dir = -1; dir <= 1; dir += 2) {
                int len = dir > 0 ? m - 1 - i : i;
                if (len == 0)
                    continue;
                const rm_point *p = &out->points[pts[i]], *q = &out->points[pts[i + dir]];
                double a = atan2(q->y - p->y, q->x - p->x);
                if (a < -EPS)
                    a += 2 * 3.14159265358979323846;
                tmp[r].angle = a;
                tmp[r].ray = (rm_ray){ (uint16_t)l, (int8_t)dir, (uint8_t)len, off };
                owner[r] = pts[i];
                for (int k = 1; k <= len; k++)
                    out->ray_pts[off++] = pts[i + k * dir];
                out->ray_off[pts[i] + 1]++;
                r++;
            }
    }
    for (int p = 0; p < n; p++)
        out->ray_off[p + 1] += out->ray_off[p];
    /* Place each point's rays together, then sort them by angle. */
    uint32_t *fill = malloc(((size_t)n + 1) * sizeof *fill);
    struct ray_sort *by_point = malloc((nrays + 1) * sizeof *by_point);
    if (!fill || !by_point) {
        free(fill);
        free(by_point);
        free(tmp);
        free(owner);
        return -1;
    }
    memcpy(fill, out->ray_off, (size_t)n * sizeof *fill);
    for (size_t i = 0; i < r; i++)
        by_point[fill[owner[i]]++] = tmp[i];
    for (int p = 0; p < n; p++) {
        qsort(by_point + out->ray_off[p], out->ray_off[p + 1] - out->ray_off[p],
              sizeof *by_point, cmp_ray);
        for (uint32_t i = out->ray_off[p]; i < out->ray_off[p + 1]; i++)
            out->rays[i] = by_point[i].ray;
    }
    free(fill);
    free(by_point);
    free(tmp);
    free(owner);
    /* What move generation looks up most: each ray's first point, and
     * each point's neighbours as a set. */
    out->ray_next = malloc((nrays + 1) * sizeof *out->ray_next);
    out->adjacent = calloc((size_t)n + 1, sizeof *out->adjacent);
    if (!out->ray_next || !out->adjacent)
        return -1;
    for (int p = 0; p < n; p++)
        for (uint32_t i = out->ray_off[p]; i < out->ray_off[p + 1]; i++) {
            out->ray_next[i] = out->ray_pts[out->rays[i].off];
            set_add(&out->adjacent[p], out->ray_next[i]);
        }
    return 0;
}

int board_add_region(rm_board *b, const char *name, const rm_set *pts, bool predefined)
{
    if (b->nregions == RM_MAX_REGIONS)
        return -1;
    size_t len = strlen(name) + 1;
    char *copy = malloc(len);
    if (!copy)
        return -1;
    memcpy(copy, name, len);
    rm_region *r = &b->regions[b->nregions++];
    r->name = copy;
    r->points = *pts;
    r->predefined = predefined;
    return b->nregions - 1;
}

/* The centre (the point at the middle of the board's extent) and the
 * regions around it. */
static void predefine_regions(rm_board *b)
{
    rm_set all;
    set_clear(&all);
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (int p = 0; p < b->npoints; p++) {
        set_add(&all, p);
        x0 = fmin(x0, b->points[p].x);
        x1 = fmax(x1, b->points[p].x);
        y0 = fmin(y0, b->points[p].y);
        y1 = fmax(y1, b->points[p].y);
    }
    board_add_region(b, "all", &all, true);
    double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    b->centre = -1;
    for (int p = 0; p < b->npoints; p++)
        if (fabs(b->points[p].x - cx) < EPS && fabs(b->points[p].y - cy) < EPS)
            b->centre = p;
    if (b->centre < 0)
        return;
    int c = b->centre;
    rm_set one, square, around;
    set_clear(&one);
    set_add(&one, c);
    board_add_region(b, "centre", &one, true);
    board_add_region(b, "center", &one, true);
    if (board_degree(b, c) == 0)
        return; /* no unit for a central square */
    /* The unit of the central square: the shortest link at the centre. */
    double unit = INFINITY;
    for (uint32_t i = b->ray_off[c]; i < b->ray_off[c + 1]; i++) {
        const rm_point *q = &b->points[b->ray_pts[b->rays[i].off]];
        unit = fmin(unit, hypot(q->x - cx, q->y - cy));
    }
    set_clear(&square);
    for (int p = 0; p < b->npoints; p++)
        if (fabs(b->points[p].x - cx) <= unit + EPS && fabs(b->points[p].y - cy) <= unit + EPS)
            set_add(&square, p);
    around = square;
    set_del(&around, c);
    board_add_region(b, "central-square", &square, true);
    board_add_region(b, "around-centre", &around, true);
    board_add_region(b, "around-center", &around, true);
}

int bb_finish(rm_board_builder *bb, rm_board *out, rm_span board_span)
{
    memset(out, 0, sizeof *out);
    out->centre = -1;
    if (bb->npoints == 0) {
        diag_error(bb->diag, board_span, "the board has no points");
        return -1;
    }
    int n = bb->npoints;
    /* Number the points from the bottom row up, left to right. */
    int *perm = malloc((size_t)n * sizeof *perm);
    rm_point *sorted = malloc((size_t)n * sizeof *sorted);
    struct finisher f = { bb, out, NULL, NULL, 0, 0, NULL, NULL, false };
    f.id = malloc((size_t)n * (size_t)n * sizeof *f.id);
    int rc = -1;
    if (!perm || !sorted || !f.id)
        goto done;
    memcpy(sorted, bb->points, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_place);
    for (int i = 0; i < n; i++)
        perm[bb_find(bb, sorted[i].name)] = i;
    rm_span *spans = malloc((size_t)n * sizeof *spans);
    if (!spans)
        goto done;
    for (int i = 0; i < n; i++)
        spans[perm[i]] = bb->point_at[i];
    memcpy(bb->points, sorted, (size_t)n * sizeof *sorted);
    memcpy(bb->point_at, spans, (size_t)n * sizeof *spans);
    free(spans);
    for (int s = 0; s < bb->nsegs; s++)
        for (int i = 0; i < bb->segs[s].n; i++)
            bb->segs[s].pts[i] = perm[bb->segs[s].pts[i]];

    for (int i = 0; i < n * n; i++)
        f.id[i] = -1;
    if (add_links(&f) != 0 || build_adjacency(&f) != 0)
        goto done;
    pair_segments(&f);
    pair_geometric(&f);
    if (f.failed)
        goto done;

    out->npoints = n;
    out->points = malloc((size_t)n * sizeof *out->points);
    out->nlinks = f.nlinks;
    out->links = malloc((size_t)(f.nlinks + 1) * sizeof *out->links);
    if (!out->points || !out->links)
        goto done;
    memcpy(out->points, bb->points, (size_t)n * sizeof *out->points);
    /* Links in the order of their points. */
    int k = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (f.id[a * n + b] >= 0) {
                out->links[k][0] = (uint16_t)a;
                out->links[k][1] = (uint16_t)b;
                k++;
            }
    if (build_lines(&f, board_span) != 0 || build_rays(out) != 0)
        goto done;
    predefine_regions(out);
    rc = 0;
done:
    if (rc != 0 && !f.failed && bb->diag->errors == 0)
        diag_file_error(bb->diag, "out of memory while building the board");
    free(perm);
    free(sorted);
    free(f.id);
    free(f.links);
    free(f.adj_off);
    free(f.adj);
    if (rc != 0)
        board_free(out);
    return rc;
}

/* ---- queries ---- */

void board_free(rm_board *b)
{
    free(b->points);
    free(b->links);
    free(b->line_off);
    free(b->line_pts);
    free(b->ray_off);
    free(b->rays);
    free(b->ray_pts);
    free(b->ray_next);
    free(b->adjacent);
    for (int i = 0; i < b->nregions; i++)
        free(b->regions[i].name);
    memset(b, 0, sizeof *b);
    b->centre = -1;
}

int board_point(const rm_board *b, const char *name)
{
    for (int i = 0; i < b->npoints; i++)
        if (strcmp(b->points[i].name, name) == 0)
            return i;
    return -1;
}

int board_region(const rm_board *b, const char *name)
{
    for (int i = 0; i < b->nregions; i++)
        if (strcmp(b->regions[i].name, name) == 0)
            return i;
    return -1;
}

bool board_adjacent(const rm_board *b, int p, int q)
{
    for (uint32_t i = b->ray_off[p]; i < b->ray_off[p + 1]; i++)
        if (b->ray_pts[b->rays[i].off] == q)
            return true;
    return false;
}

bool board_rays_overlap(const rm_board *b)
{
    for (int p = 0; p < b->npoints; p++) {
        rm_set seen;
        set_clear(&seen);
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            for (int i = 0; i < b->rays[r].len; i++) {
                if (set_has(&seen, pts[i]))
                    return true;
                set_add(&seen, pts[i]);
            }
        }
    }
    return false;
}
