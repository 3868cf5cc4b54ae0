/* lexer_extra.h: the scanner's state, shared by lexer.l and parser.y. */
#ifndef RIMAU_LEXER_EXTRA_H
#define RIMAU_LEXER_EXTRA_H

#include "ast.h"

typedef struct rm_lexer {
    const rm_source *src;
    rm_arena *arena;
    rm_diag *diag;
    uint32_t offset;     /* byte offset of the next character */
    int last;            /* last token returned, 0 at the start */
    int depth;           /* open braces */
    int fatal;           /* an error that ends the scan was reported */
    int pending_sep;     /* a newline after '}' waits to see whether 'else' follows */
    uint32_t pending_at; /* ... where that newline is */
    uint32_t str_start;  /* where the string being read began */
    int cursor;          /* 1: the text ends at a cursor (rm_expected_at): the
                          * end gives PROBE, then CURSOR, a token no rule
                          * takes, then the end of the file; 2: PROBE given;
                          * 3: CURSOR given */
    int probe;           /* the token tried at the cursor */
    size_t buf_len;
    char buf[RM_MAX_TOKEN + 2];
    void *scanner;       /* yyscan_t */
    void *buffer;        /* YY_BUFFER_STATE */
} rm_lexer;

int lexer_init(rm_lexer *lx, const rm_source *src, rm_arena *arena, rm_diag *diag);
void lexer_fini(rm_lexer *lx);
void lexer_buf_add(rm_lexer *lx, const char *s, size_t n);

#endif
