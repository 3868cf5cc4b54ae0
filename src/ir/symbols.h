/* symbols.h: the names of a .game text and where they are written, for
 * the tools that read a file as it is edited (the language server, and
 * the web page's editor later): each name's definitions and references,
 * the name under a place in the text, and the outline of the file.
 *
 * An index reads the syntax tree alone (rm_parse_partial): it is made for
 * a file with errors too, from the statements that parse.
 */
#ifndef RIMAU_SYMBOLS_H
#define RIMAU_SYMBOLS_H

#include <stdbool.h>
#include <stdint.h>

#include "ast.h"
#include "diag.h"

/* What a name stands for. */
typedef enum rm_sym_kind {
    RM_SYM_POINT,
    RM_SYM_REGION,
    RM_SYM_KIND,               /* a piece kind */
    RM_SYM_SIDE,
    RM_SYM_PHASE,
    RM_SYM_OPTION,
    RM_SYM_VALUE,              /* a value of an option (name: the option, value: it) */
    RM_SYM_EXAMPLE,
    RM_SYM__COUNT
} rm_sym_kind;

/* "point", "region", "kind", ... */
const char *rm_sym_kind_name(rm_sym_kind kind);

/* One place a name is written. */
typedef struct rm_symref {
    rm_sym_kind kind;
    const char *name;          /* the name (an option's, for a VALUE) */
    const char *value;         /* VALUE: the value; else NULL */
    rm_span at;                /* the name as written */
    bool def;                  /* where it is defined (declared) */
} rm_symref;

/* What the outline shows. */
typedef enum rm_outline_kind {
    RM_OUT_GAME, RM_OUT_BOARD, RM_OUT_POINT, RM_OUT_REGION, RM_OUT_SIDE, RM_OUT_KIND,
    RM_OUT_SETUP, RM_OUT_OPTION, RM_OUT_RULES, RM_OUT_PHASE, RM_OUT_TURN, RM_OUT_EXAMPLE,
    RM_OUT_IF
} rm_outline_kind;

/* An entry of the outline: a block or a statement that names something,
 * with the entries inside it. */
typedef struct rm_outline {
    rm_outline_kind kind;
    const char *name;          /* what the outline shows */
    const char *detail;        /* a second line ("of tigers"), or NULL */
    rm_span span;              /* the whole statement or block */
    rm_span name_at;           /* its name, inside SPAN */
    int parent;                /* index of the entry it is in, or -1 */
} rm_outline;

typedef struct rm_index {
    const rm_source *src;
    rm_arena *arena;
    rm_node *root;             /* the tree; NULL when nothing parsed */
    int nrefs, caprefs;
    rm_symref *refs;           /* in the order of the text */
    int noutline, capoutline;
    rm_outline *outline;       /* parents before their entries */
} rm_index;

/* Indexes SRC, which must outlive the index. NULL on no memory. */
rm_index *rm_index_new(const rm_source *src);
void rm_index_free(rm_index *ix);

/* The reference or definition whose name holds byte OFFSET (or ends
 * there), or NULL. */
const rm_symref *rm_index_at(const rm_index *ix, uint32_t offset);
/* Whether the file defines a name of KIND named NAME (a value: VALUE of
 * option NAME). */
bool rm_index_defines(const rm_index *ix, rm_sym_kind kind, const char *name, const char *value);
/* Whether two places name one thing. */
bool rm_symref_same(const rm_symref *a, const rm_symref *b);
/* The statements that make the points of a board without naming them
 * (grid, triangle), in the order of the text: stores up to MAX of their
 * spans in OUT and returns how many. A point without a `point`
 * statement is defined by them. */
int rm_index_point_makers(const rm_index *ix, rm_span *out, int max);

/* The word (a name or keyword: letters, digits, _ - ') around byte
 * OFFSET of SRC, or an empty span at OFFSET. */
rm_span rm_word_at(const rm_source *src, uint32_t offset);

#endif
