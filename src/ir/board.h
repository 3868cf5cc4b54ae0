/* board.h: the board of a game as points and lines, and its builder.
 *
 * A line is a straight sequence of points; two points are adjacent when
 * they are consecutive on a line. Every point has one ray per line through
 * it and way along that line: the points met going straight on from it,
 * nearest first. Moves use rays: a step goes to ray[0], a leap over ray[0]
 * lands on ray[1], a slide runs along the ray.
 *
 * The builder takes points, lines and generators (grids, triangles) in any
 * order; finishing merges points shared by several generators, joins lines
 * that run straight on across a join into one, and computes the rays.
 */
#ifndef RIMAU_BOARD_H
#define RIMAU_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "set.h"
#include "suggest.h"

#define RM_NAME_MAX 16        /* longest point name, with its NUL */
#define RM_MAX_LINES 1024     /* lines on one board */
#define RM_MAX_GRID 26        /* columns a..z; also the most rows a grid has */
#define RM_MAX_REGIONS 64     /* named regions, predefined ones included */
/* How far a point may lie off a straight line and still be on it: 1/100
 * of the length of the line (between its ends), so that coordinates copied
 * from a printed source, rounded to a few decimals, still make straight
 * lines, while a line through whole-number points shorter than 10 units is
 * still caught bending at a lattice point (which lies 1/length or more off
 * it). The rule of lines written by hand, of a link passing over a point
 * and of lines joining end to end. */
#define RM_LINE_SLACK 100

typedef struct rm_point {
    char name[RM_NAME_MAX];
    double x, y;              /* plane coordinates, y upwards */
    int col, row;             /* column 0 = 'a', row 1 = bottom; -1 when not on the lattice */
} rm_point;

/* The points met going straight on from a point along one line. */
typedef struct rm_ray {
    uint16_t line;            /* index of the line */
    int8_t dir;               /* +1: along the line's order, -1: against it */
    uint8_t len;              /* number of points on the ray (at least 1) */
    uint32_t off;             /* the points are ray_pts[off .. off+len) */
} rm_ray;

typedef struct rm_region {
    char *name;
    rm_set points;
    bool predefined;
} rm_region;

typedef struct rm_board {
    int npoints;
    rm_point *points;
    int nlinks;
    uint16_t (*links)[2];     /* each adjacent pair once, lower index first */
    int nlines;
    uint32_t *line_off;       /* points of line i: line_pts[line_off[i] .. line_off[i+1]) */
    uint16_t *line_pts;
    uint32_t *ray_off;        /* rays of point p: rays[ray_off[p] .. ray_off[p+1]) */
    rm_ray *rays;
    uint16_t *ray_pts;
    uint16_t *ray_next;       /* the first point of each ray (ray_pts[rays[r].off]) */
    rm_set *adjacent;         /* each point's neighbours: the first points of its rays */
    int centre;               /* the centre point, or -1 when the board has none */
    int nregions;
    rm_region regions[RM_MAX_REGIONS];
} rm_board;

void board_free(rm_board *b);
/* Index of the point named NAME, or -1. */
int board_point(const rm_board *b, const char *name);
/* Index of the region named NAME, or -1. */
int board_region(const rm_board *b, const char *name);
bool board_adjacent(const rm_board *b, int p, int q);
/* Whether two rays of one point reach one point (a board whose lines
 * cross twice): then two moves along different lines may end alike. */
bool board_rays_overlap(const rm_board *b);
/* Number of points adjacent to P (its rays). */
static inline int board_degree(const rm_board *b, int p)
{
    return (int)(b->ray_off[p + 1] - b->ray_off[p]);
}
/* OUT: the points linked to some point of S (S's own points included
 * when they are linked to each other). */
static inline void board_neighbours(const rm_board *b, const rm_set *s, rm_set *out)
{
    rm_set n;
    set_clear(&n);
    for (int i = 0; i < RM_SET_WORDS; i++)
        for (uint64_t w = s->w[i]; w; w &= w - 1)
            set_union(&n, &b->adjacent[i * 64 + __builtin_ctzll(w)]);
    *out = n;
}
static inline const uint16_t *board_ray_points(const rm_board *b, const rm_ray *r)
{
    return b->ray_pts + r->off;
}

/* Names a lattice point: column letter and row number ("c5"). Returns -1 if
 * the point is off the lattice (col outside 0..25, row below 1 or above 99). */
int board_lattice_name(int col, int row, char out[RM_NAME_MAX]);
/* Parses a lattice name into column and row; -1 if NAME is not one. */
int board_parse_lattice_name(const char *name, int *col, int *row);

/* ---- building ---- */

/* The diagonals of a grid (bb_grid). */
enum { RM_DIAG_NONE = 0, RM_DIAG_ALL = 1, RM_DIAG_ALTERNATE = 2 };
/* The way a triangle points from its apex (bb_triangle). */
enum { RM_POINT_UP = 0, RM_POINT_DOWN = 1, RM_POINT_LEFT = 2, RM_POINT_RIGHT = 3 };

typedef struct rm_board_builder rm_board_builder;

rm_board_builder *bb_new(rm_diag *diag);
void bb_free(rm_board_builder *bb);

/* An explicit point; an error if the name or the place is taken. */
int bb_point(rm_board_builder *bb, const char *name, double x, double y, rm_span at);
/* An explicit line through the named points, in order. */
void bb_line(rm_board_builder *bb, const int *pts, int n, rm_span at);
/* A COLS x ROWS grid with its lower left corner at lattice point (col,row):
 * orthogonal lines, and diagonals none, all or alternate (RM_DIAG_*):
 * alternate draws the diagonals through the corner and through every point
 * whose column and row, counted from the corner, sum to an even number. */
void bb_grid(rm_board_builder *bb, int cols, int rows, int col, int row, int diagonals,
             rm_span at);
/* A triangle ("gunung", "alas") of DEPTH rows hanging from the lattice point
 * APEX, pointing WAY (RM_POINT_*): row k holds three points, k away from
 * the apex sideways; lines: the two sides, the middle line, each row. */
void bb_triangle(rm_board_builder *bb, int apex_col, int apex_row, int way, int depth,
                 rm_span at);
/* Index of the point named NAME, or -1. */
int bb_find(const rm_board_builder *bb, const char *name);
/* Offers the name of each point of BB so far to S ("did you mean"). */
void bb_offer_points(const rm_board_builder *bb, rm_suggest *s);
/* Lattice point (col,row): found, or created with its lattice name. */
int bb_lattice_point(rm_board_builder *bb, int col, int row, rm_span at);

/* Finishes the board into OUT. Returns 0, or -1 after reporting errors. */
int bb_finish(rm_board_builder *bb, rm_board *out, rm_span board_span);

/* Adds a region to a finished board; -1 if the table is full. */
int board_add_region(rm_board *b, const char *name, const rm_set *pts, bool predefined);

#endif
