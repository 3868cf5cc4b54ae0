/* layout.c: the bit layout of a board (see layout.h).
 *
 * The layout is the best of several candidates, compared by whether they
 * fit in two words (more is the general path, where bit sets are not
 * used), then by their exceptions, then their words, then their bits:
 * - lattices: for a scale K of 1, 2 or 4 and both ways round (rows along
 *   x or along y), the points whose coordinates times K are whole numbers
 *   are lattice points; each row width W from the lattice's columns up
 *   gives them bit row * W + column. Every link between two lattice points
 *   is then a shift of its class: a vector (dx, dy) is dy*K*W + dx*K.
 * - no point placed at first, for boards with no lattice at all;
 * - the points in their order, bit = index: the fallback.
 * The points a candidate leaves out (off the lattice: Kaooa's star, the
 * half-unit points of some boards) are placed one at a time, the one
 * with the most links to placed points whose class has a shift first
 * (then to placed points, then links), on the free bit where the most of
 * its links to placed points fit their class's shift (the lowest such
 * bit). Then, while it helps, a point with an exception moves to the
 * free bit where the most of its links fit, or trades bits with a point
 * when that makes more of their links fit. Each class's shift is the
 * commonest difference of bits among its links; the others are its
 * exceptions. Nothing depends on anything but the board, so a board gets
 * the same layout every time. */
#include "layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LATTICE_EPS 1e-6    /* how far from a whole number a lattice coordinate may be */
#define MAX_WIDTH_EXTRA 8   /* the widest row tried: the lattice's columns and this many */
#define IMPROVE_ROUNDS 4

typedef struct work {
    const rm_board *b;
    rm_layout_link *links;  /* by link: its ends in its class's way, and its class */
    int nclasses;
    rm_layout_class *classes;
    int *by_class;          /* the links sorted by class: class c's are */
    int *class_off;         /* by_class[class_off[c] .. class_off[c+1]) */
    int *inc_off, *inc;     /* the links of point p: inc[inc_off[p] .. inc_off[p+1]) */
    int *diffs;             /* scratch: one per link */
    int *shift;             /* by class, while a candidate is built */
    bool *shift_set;
} work;

typedef struct cand {
    int bit[RM_MAX_POINTS];             /* -1: not placed yet */
    int16_t point[RM_LAYOUT_MAX_BITS];  /* -1: free */
    int width;
    int limit;                          /* the bits that placing may use */
    int exceptions, words, bits;
} cand;

static int words_of(int bits)
{
    return bits > 0 ? (bits + 63) / 64 : 1;
}

/* ---- classes of links ---- */

/* Groups the links by vector, each turned to point up (or right when
 * level); vectors within 1/RM_LINE_SLACK of a link's length of a class's
 * are that class's. */
static int make_classes(work *w)
{
    const rm_board *b = w->b;
    for (int i = 0; i < b->nlinks; i++) {
        int p = b->links[i][0], q = b->links[i][1];
        double vx = b->points[q].x - b->points[p].x, vy = b->points[q].y - b->points[p].y;
        double tol = hypot(vx, vy) / RM_LINE_SLACK;
        if (vy < -tol || (fabs(vy) <= tol && vx < 0)) {
            int t = p;
            p = q;
            q = t;
            vx = -vx;
            vy = -vy;
        }
        int c = 0;
        while (c < w->nclasses &&
               !(fabs(w->classes[c].dx - vx) <= tol && fabs(w->classes[c].dy - vy) <= tol))
            c++;
        if (c == w->nclasses) {
            w->classes[c] = (rm_layout_class){ vx, vy, 0, 0, 0 };
            w->nclasses++;
        }
        w->classes[c].nlinks++;
        w->links[i] = (rm_layout_link){ (uint16_t)p, (uint16_t)q, (uint16_t)c, false };
    }
    int at = 0;
    for (int c = 0; c < w->nclasses; c++) {
        w->class_off[c] = at;
        for (int i = 0; i < b->nlinks; i++)
            if (w->links[i].cls == c)
                w->by_class[at++] = i;
    }
    w->class_off[w->nclasses] = at;
    at = 0;
    for (int p = 0; p < b->npoints; p++) {
        w->inc_off[p] = at;
        for (int i = 0; i < b->nlinks; i++)
            if (b->links[i][0] == p || b->links[i][1] == p)
                w->inc[at++] = i;
    }
    w->inc_off[b->npoints] = at;
    return 0;
}

/* ---- shifts ---- */

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Sets each class's shift to the commonest difference of bits among its
 * links whose ends are both placed (on a tie the smallest in size, then
 * the positive one); a class with no such link has none. Returns the
 * links the shifts cover. */
static int fit_shifts(work *w, const cand *c)
{
    int covered = 0;
    for (int k = 0; k < w->nclasses; k++) {
        int n = 0;
        for (int j = w->class_off[k]; j < w->class_off[k + 1]; j++) {
            const rm_layout_link *l = &w->links[w->by_class[j]];
            if (c->bit[l->from] >= 0 && c->bit[l->to] >= 0)
                w->diffs[n++] = c->bit[l->to] - c->bit[l->from];
        }
        w->shift_set[k] = n > 0;
        if (!n)
            continue;
        qsort(w->diffs, (size_t)n, sizeof *w->diffs, compare_int);
        int best = w->diffs[0], best_n = 0;
        for (int i = 0; i < n;) {
            int j = i;
            while (j < n && w->diffs[j] == w->diffs[i])
                j++;
            int d = w->diffs[i];
            if (j - i > best_n || (j - i == best_n && (abs(d) < abs(best) ||
                                                      (abs(d) == abs(best) && d > best)))) {
                best = d;
                best_n = j - i;
            }
            i = j;
        }
        w->shift[k] = best;
        covered += best_n;
    }
    return covered;
}

/* The links of P to placed points that its class's shift (or a class
 * with no shift yet, when LOOSE) would cover were P on bit AT. */
static int fits_at(const work *w, const cand *c, int p, int at, bool loose)
{
    int n = 0;
    for (int j = w->inc_off[p]; j < w->inc_off[p + 1]; j++) {
        const rm_layout_link *l = &w->links[w->inc[j]];
        int other = l->from == p ? l->to : l->from;
        if (c->bit[other] < 0)
            continue;
        int d = l->from == p ? c->bit[other] - at : at - c->bit[other];
        if (w->shift_set[l->cls] ? w->shift[l->cls] == d : loose)
            n++;
    }
    return n;
}

/* The free bit of C where P would have the most links covered (fits_at
 * with LOOSE), more than *BEST; -1 when none has more. *BEST gets the
 * number covered there. */
static int best_free_bit(const work *w, const cand *c, int p, bool loose, int *best)
{
    int at = -1;
    for (int i = 0; i < c->limit; i++)
        if (c->point[i] < 0) {
            int n = fits_at(w, c, p, i, loose);
            if (n > *best) {
                at = i;
                *best = n;
            }
        }
    return at;
}

static void place(cand *c, int p, int at)
{
    c->bit[p] = at;
    c->point[at] = (int16_t)p;
}

/* Places the points C leaves out, as the top of the file says. */
static void place_rest(work *w, cand *c)
{
    const rm_board *b = w->b;
    fit_shifts(w, c);
    for (;;) {
        int p = -1, most = -1;
        for (int q = 0; q < b->npoints; q++) {
            if (c->bit[q] >= 0)
                continue;
            int placed = 0, fixed = 0;
            for (int j = w->inc_off[q]; j < w->inc_off[q + 1]; j++) {
                const rm_layout_link *l = &w->links[w->inc[j]];
                bool on = c->bit[l->from == q ? l->to : l->from] >= 0;
                placed += on;
                fixed += on && w->shift_set[l->cls];
            }
            /* the links to placed points whose class has a shift, then
             * the links to placed points, then the links */
            int key = (fixed * 1024 + placed) * 1024 + (w->inc_off[q + 1] - w->inc_off[q]);
            if (key > most) {
                p = q;
                most = key;
            }
        }
        if (p < 0)
            return;
        int best = -1;
        place(c, p, best_free_bit(w, c, p, true, &best));
        /* the first link of a class sets its shift */
        for (int j = w->inc_off[p]; j < w->inc_off[p + 1]; j++) {
            const rm_layout_link *l = &w->links[w->inc[j]];
            if (!w->shift_set[l->cls] && c->bit[l->from] >= 0 && c->bit[l->to] >= 0) {
                w->shift_set[l->cls] = true;
                w->shift[l->cls] = c->bit[l->to] - c->bit[l->from];
            }
        }
    }
}

/* Moves points with exceptions to free bits where more of their links
 * fit, while that helps. */
static void improve(work *w, cand *c)
{
    const rm_board *b = w->b;
    for (int round = 0; round < IMPROVE_ROUNDS; round++) {
        fit_shifts(w, c);
        bool moved = false;
        for (int p = 0; p < b->npoints; p++) {
            int now = fits_at(w, c, p, c->bit[p], false);
            if (now == w->inc_off[p + 1] - w->inc_off[p])
                continue;
            int best = now, at = best_free_bit(w, c, p, false, &best);
            if (at >= 0) {
                c->point[c->bit[p]] = -1;
                place(c, p, at);
                moved = true;
                continue;
            }
            for (int q = 0; q < b->npoints; q++) {
                if (q == p)
                    continue;
                int bp = c->bit[p], bq = c->bit[q];
                int before = now + fits_at(w, c, q, bq, false);
                place(c, p, bq);
                place(c, q, bp);
                if (fits_at(w, c, p, bq, false) + fits_at(w, c, q, bp, false) > before) {
                    moved = true;
                    break;
                }
                place(c, p, bp);
                place(c, q, bq);
            }
        }
        if (!moved)
            return;
    }
}

/* Fills C's exceptions, words and bits. */
static void score(work *w, cand *c)
{
    c->exceptions = w->b->nlinks - fit_shifts(w, c);
    c->bits = 0;
    for (int p = 0; p < w->b->npoints; p++)
        if (c->bit[p] + 1 > c->bits)
            c->bits = c->bit[p] + 1;
    c->words = words_of(c->bits);
}

static bool better(const cand *a, const cand *b)
{
    if ((a->words > 2) != (b->words > 2))
        return a->words <= 2;
    if (a->exceptions != b->exceptions)
        return a->exceptions < b->exceptions;
    if (a->words != b->words)
        return a->words < b->words;
    return a->bits < b->bits;
}

static void cand_clear(cand *c, int width, int limit)
{
    for (int p = 0; p < RM_MAX_POINTS; p++)
        c->bit[p] = -1;
    for (int i = 0; i < RM_LAYOUT_MAX_BITS; i++)
        c->point[i] = -1;
    c->width = width;
    c->limit = limit;
}

/* The bits the placing of the points left out may use: the lattice's
 * and one more word, at least as many as the points. */
static int limit_for(int span, int npoints)
{
    int n = (span > npoints ? span : npoints) + 64;
    n = (n + 63) / 64 * 64;
    return n < RM_LAYOUT_MAX_BITS ? n : RM_LAYOUT_MAX_BITS;
}

static void finish(work *w, cand *c, cand *best, bool *have)
{
    place_rest(w, c);
    improve(w, c);
    score(w, c);
    if (!*have || better(c, best)) {
        *best = *c;
        *have = true;
    }
}

/* The lattice coordinates of P at scale K, rows along x (or along y when
 * TURN): false when P is off the lattice. */
static bool lattice_xy(const rm_point *pt, int k, bool turn, long *x, long *y)
{
    double fx = (turn ? pt->y : pt->x) * k, fy = (turn ? pt->x : pt->y) * k;
    double rx = floor(fx + 0.5), ry = floor(fy + 0.5);
    if (fabs(fx - rx) > LATTICE_EPS || fabs(fy - ry) > LATTICE_EPS)
        return false;
    if (fabs(rx) > 1e6 || fabs(ry) > 1e6)
        return false;
    *x = (long)rx;
    *y = (long)ry;
    return true;
}

static void try_lattices(work *w, cand *c, cand *best, bool *have)
{
    const rm_board *b = w->b;
    int last_on = -1;
    for (int k = 1; k <= 4; k *= 2) {
        int on = 0;
        for (int p = 0; p < b->npoints; p++) {
            long x, y;
            on += lattice_xy(&b->points[p], k, false, &x, &y);
        }
        if (on < 2 || on == last_on)
            continue; /* no lattice, or the same points as at the scale before */
        last_on = on;
        for (int turn = 0; turn < 2; turn++) {
            long x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            bool first = true;
            for (int p = 0; p < b->npoints; p++) {
                long x, y;
                if (!lattice_xy(&b->points[p], k, turn, &x, &y))
                    continue;
                if (first || x < x0)
                    x0 = x;
                if (first || x > x1)
                    x1 = x;
                if (first || y < y0)
                    y0 = y;
                if (first || y > y1)
                    y1 = y;
                first = false;
            }
            long cols = x1 - x0 + 1, rows = y1 - y0 + 1;
            for (long width = cols; width <= cols + MAX_WIDTH_EXTRA; width++) {
                long span = (rows - 1) * width + cols;
                if (span > RM_LAYOUT_MAX_BITS)
                    break;
                /* the lattice alone takes more bits than a layout with no
                 * exception: no wider row can win */
                if (*have && best->exceptions == 0 && span >= best->bits)
                    break;
                cand_clear(c, (int)width, limit_for((int)span, b->npoints));
                for (int p = 0; p < b->npoints; p++) {
                    long x, y;
                    if (lattice_xy(&b->points[p], k, turn, &x, &y))
                        place(c, p, (int)((y - y0) * width + (x - x0)));
                }
                finish(w, c, best, have);
            }
        }
    }
}

int layout_derive(const rm_board *b, rm_layout *out)
{
    memset(out, 0, sizeof *out);
    size_t nl = b->nlinks ? (size_t)b->nlinks : 1;
    work w = { .b = b };
    w.links = calloc(nl, sizeof *w.links);
    w.classes = calloc(nl, sizeof *w.classes);
    w.by_class = malloc(nl * sizeof *w.by_class);
    w.class_off = malloc((nl + 1) * sizeof *w.class_off);
    w.inc_off = malloc(((size_t)b->npoints + 1) * sizeof *w.inc_off);
    w.inc = malloc(2 * nl * sizeof *w.inc);
    w.diffs = malloc(nl * sizeof *w.diffs);
    w.shift = malloc(nl * sizeof *w.shift);
    w.shift_set = malloc(nl * sizeof *w.shift_set);
    cand *c = malloc(sizeof *c), *best = malloc(sizeof *best);
    int rc = -1;
    if (!w.links || !w.classes || !w.by_class || !w.class_off || !w.inc_off || !w.inc ||
        !w.diffs || !w.shift || !w.shift_set || !c || !best)
        goto done;
    make_classes(&w);

    bool have = false;
    try_lattices(&w, c, best, &have);
    cand_clear(c, 8, limit_for(0, b->npoints));
    finish(&w, c, best, &have); /* every point placed one at a time */
    cand_clear(c, 8, limit_for(0, b->npoints));
    for (int p = 0; p < b->npoints; p++)
        place(c, p, p);
    finish(&w, c, best, &have);

    /* the layout: the best candidate, its shifts fitted again */
    fit_shifts(&w, best);
    out->bits = best->bits;
    out->words = best->words;
    out->width = best->width;
    for (int i = 0; i < RM_LAYOUT_MAX_BITS; i++)
        out->point[i] = i < best->bits ? best->point[i] : -1;
    for (int p = 0; p < b->npoints; p++)
        out->bit[p] = (uint16_t)best->bit[p];
    for (int k = 0; k < w.nclasses; k++)
        w.classes[k].shift = w.shift_set[k] ? w.shift[k] : 0;
    for (int i = 0; i < b->nlinks; i++) {
        rm_layout_link *l = &w.links[i];
        l->covered = best->bit[l->to] - best->bit[l->from] == w.shift[l->cls];
        w.classes[l->cls].ncovered += l->covered;
        out->nexceptions += !l->covered;
    }
    out->nclasses = w.nclasses;
    out->classes = w.classes;
    out->links = w.links;
    w.classes = NULL;
    w.links = NULL;
    rc = 0;
done:
    free(w.links);
    free(w.classes);
    free(w.by_class);
    free(w.class_off);
    free(w.inc_off);
    free(w.inc);
    free(w.diffs);
    free(w.shift);
    free(w.shift_set);
    free(c);
    free(best);
    return rc;
}

void layout_free(rm_layout *l)
{
    free(l->classes);
    free(l->links);
    l->classes = NULL;
    l->links = NULL;
}
