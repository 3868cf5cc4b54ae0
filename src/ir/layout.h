/* layout.h: the bit layout of a board, worked out by the derive step.
 *
 * A layout numbers the points of a board with bits of one or more 64-bit
 * words so that the links of the board become shifts. The links are
 * grouped in classes by their vector (the coordinates of their second
 * point less those of their first, the first taken so that the vector
 * points up, or right when it is level); each class has one shift, and a
 * link p -> q of the class is covered when bit(q) = bit(p) + shift. A link
 * no shift covers is an exception, for per-point tables. Bits that hold no
 * point are ghosts. The layout minimises the exceptions, then the words,
 * then the bits (see layout.c and doc/design.md, "Bit layouts").
 *
 * A shift may carry a point of one row onto a point of the next (the rows
 * have no padding): whoever shifts a set of points by a class's shift
 * keeps only the points that have a covered link of the class (the points
 * of the class's links' first ends) first.
 */
#ifndef RIMAU_LAYOUT_H
#define RIMAU_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

#define RM_LAYOUT_MAX_BITS 512 /* the most bits a layout spans */

/* A class of links: those with one vector. */
typedef struct rm_layout_class {
    double dx, dy;             /* the vector of its links, from their first point */
    int shift;                 /* bit(second) - bit(first) of its covered links */
    int nlinks;                /* its links */
    int ncovered;              /* of those, the ones its shift covers */
} rm_layout_class;

/* A link of the board, in the way of its class. */
typedef struct rm_layout_link {
    uint16_t from, to;         /* its points: to - from is its class's vector */
    uint16_t cls;              /* its class */
    bool covered;              /* bit(to) = bit(from) + the class's shift */
} rm_layout_link;

typedef struct rm_layout {
    int bits;                  /* bits spanned: the highest bit of a point, plus one */
    int words;                 /* 64-bit words: 1 up to 64 bits, 2 up to 128; more is
                                * the general path */
    int width;                 /* bits per row when drawn: the lattice's row, or 8 */
    int nexceptions;           /* links no shift covers */
    uint16_t bit[RM_MAX_POINTS];          /* the bit of each point */
    int16_t point[RM_LAYOUT_MAX_BITS];    /* the point at each bit; -1: a ghost */
    int nclasses;
    rm_layout_class *classes;
    rm_layout_link *links;     /* by the index of the link in board.links */
} rm_layout;

/* Works out the layout of board B into OUT (freed with layout_free). The
 * same board gives the same layout every time. Returns 0, or -1 when out
 * of memory. */
int layout_derive(const rm_board *b, rm_layout *out);
void layout_free(rm_layout *l);

#endif
