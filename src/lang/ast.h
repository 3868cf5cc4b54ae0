/* ast.h: the syntax tree the parser builds, and the arena that holds it.
 *
 * The grammar actions only build nodes; every check happens in the compile
 * step (compile*.c), which reads this tree and writes the IR.
 */
#ifndef RIMAU_AST_H
#define RIMAU_AST_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"

typedef enum rm_node_kind {
#define X(name, str) N_##name,
#include "ast_kinds.h"
#undef X
    N__COUNT
} rm_node_kind;

/* Kinds of ACTION nodes. */
enum { RM_ACT_DROP, RM_ACT_STEP, RM_ACT_SLIDE, RM_ACT_LEAP, RM_ACT_CAPTURE, RM_ACT_REMOVE,
       RM_ACT_RELOCATE };
/* Flags of PIECE nodes. */
enum { RM_PIECE_STACKS = 1, RM_PIECE_SETUP_ONLY = 2 /* 'stacks in setup' */ };

typedef struct rm_node rm_node;
struct rm_node {
    rm_node_kind kind;
    rm_span span;
    const char *text;   /* a name or string, or NULL */
    const char *text2;
    long n, n2;         /* numbers, by kind */
    double x, y;        /* coordinates (POINT) */
    int flags;
    rm_span span2;      /* a second location, by kind (e.g. the count) */
    rm_span span3;      /* a third (PHASE: the side's name) */
    int nkids;
    int capkids;
    rm_node **kids;
};

/* A bump allocator: everything of one parse is freed at once. */
typedef struct rm_arena rm_arena;
rm_arena *arena_new(void);
void arena_free(rm_arena *a);
void *arena_alloc(rm_arena *a, size_t size);   /* zeroed; NULL on no memory */
char *arena_strndup(rm_arena *a, const char *s, size_t n);

rm_node *ast_new(rm_arena *a, rm_node_kind kind, rm_span span);
/* Appends KID (may be NULL: ignored) to N; returns N. */
rm_node *ast_add(rm_arena *a, rm_node *n, rm_node *kid);
const char *ast_kind_name(rm_node_kind kind);
void ast_dump(FILE *out, const rm_node *n, int depth);

/* The front end: parses SRC into a tree allocated in ARENA, reporting
 * syntax errors to DIAG. Returns NULL when any error was reported. */
rm_node *rm_parse(const rm_source *src, rm_arena *arena, rm_diag *diag);
/* rm_parse for a text being written (the language server): the tree of
 * the statements that parse is kept when others have syntax errors (those
 * are left out). NULL only when nothing could be read. */
rm_node *rm_parse_partial(const rm_source *src, rm_arena *arena, rm_diag *diag);
/* The tokens the grammar takes at byte OFFSET of SRC, were the text to
 * stop there: stores the printed names (rm_token_name's: "name",
 * "'board'", "'}'", ...) of up to MAX of them in NAMES and returns how
 * many, or -1 on no memory. Completion asks it what may stand at a cursor. */
int rm_expected_at(const rm_source *src, uint32_t offset, const char **names, int max);

/* The scanner alone (for tests and tools): stores up to MAX token codes
 * (parser.h's RMYY* values; SEP for an end of statement) of SRC in TOKENS,
 * up to the end of the file. Returns their number, or -1 on no memory. */
int rm_lex_tokens(const rm_source *src, rm_arena *arena, rm_diag *diag, int *tokens, int max);
/* The printed name of a token code: "name", "'{'", "\"board\"", ... */
const char *rm_token_name(int token);

#define RM_MAX_TOKEN 4096    /* longest token or string, in bytes */
#define RM_MAX_NESTING 64    /* deepest nesting of blocks */

#endif
