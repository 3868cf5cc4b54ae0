/* render.h: drawing a board and the pieces on it, as text or as SVG. */
#ifndef RIMAU_RENDER_H
#define RIMAU_RENDER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game.h"

/* What stands on each point: KIND[p] (-1 empty) and COUNT[p] pieces;
 * HAND[k]: pieces of kind k in hand. */
typedef struct rm_view {
    const int8_t *kind;
    const uint8_t *count;
    const int *hand;
} rm_view;

/* The view of the game's setup. */
rm_view render_setup_view(const rm_game *g, int hand[RM_MAX_KINDS]);

/* Points as '.', pieces as their symbols (a digit after a stack's symbol
 * counts it), lines as - | / \ (X where two cross), coordinates on the
 * margins. */
void render_text(FILE *out, const rm_game *g, const rm_view *v);
void render_svg(FILE *out, const rm_game *g, const rm_view *v);

/* What a point is marked as in a text drawing (bits of rm_text_style's
 * mark). Only RENDER_REACH on an empty point shows without colour. */
enum {
    RENDER_LAST = 1,     /* a point the last turn moved from or to, or dropped on */
    RENDER_TAKEN = 2,    /* its pieces were captured by the last turn */
    RENDER_REACH = 4,    /* a turn can go there: drawn as the reach mark when empty */
    RENDER_CHOSEN = 8,   /* the point whose turns are shown */
};

/* How render_text_styled draws: the marks of the points and whether it
 * writes ANSI colour sequences (SGR: ESC [ ... m, nothing else). */
typedef struct rm_text_style {
    bool ansi;                    /* each side's pieces in its colour, stacks
                                   * underlined, the marks in colour */
    const uint8_t *mark;          /* [point]: RENDER_* bits (or NULL) */
} rm_text_style;

/* render_text with the style S (NULL: none, exactly render_text). The
 * reach mark is '*', or the first of + # @ % that no piece is drawn as. */
void render_text_styled(FILE *out, const rm_game *g, const rm_view *v, const rm_text_style *s);

/* What render_svg_marked draws over a position: the last turn. */
typedef struct rm_marks {
    const char *caption;          /* under the title, e.g. "12. c7xe5" (or NULL) */
    int narrows;
    const uint8_t (*arrows)[2];   /* moves drawn as arrows: from, to */
    const bool *dropped;          /* [point]: a piece was put there (or NULL) */
    const bool *taken;            /* [point]: its pieces were captured (or NULL) */
    bool fragment;                /* no XML declaration: for inline SVG in HTML */
    bool names;                   /* each point's name written beside it */
    bool hooks;                   /* each point's dot has class "point" and
                                   * data-point="INDEX" (its index in the board's
                                   * order), for a page to find it: the web page */
} rm_marks;

/* render_svg with the marks M (NULL: none). */
void render_svg_marked(FILE *out, const rm_game *g, const rm_view *v, const rm_marks *m);

#endif
