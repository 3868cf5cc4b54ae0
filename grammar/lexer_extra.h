/* lexer_extra.h: the scanner's state, shared by lexer.l and parser.y. */
#ifndef RIMAU_LEXER_EXTRA_H
#define RIMAU_LEXER_EXTRA_H

#include "ast.h"

/* The statement being read: its first two tokens (0 when not read yet),
 * the text of the first when it is a name, where it starts and how many
 * of its tokens were read. The parser's messages say from it where a
 * statement written in the wrong block belongs. */
typedef struct rm_stmt_start {
    int tok[2];
    const char *name;
    uint32_t at;
    int n;
} rm_stmt_start;

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
    rm_span last_at;     /* where the last token returned is */
    int prev;            /* the token before it, and where it is */
    rm_span prev_at;
    rm_stmt_start stmt;  /* the statement being read */
    int nblocks;         /* the blocks open: for each, the first token of
                          * the statement that opened it (BOARD, RULES,
                          * PHASE...; an 'if' block's is its block's),
                          * and the statement it interrupts */
    int block[RM_MAX_NESTING + 1];
    rm_stmt_start outer[RM_MAX_NESTING + 1];
    int cursor;          /* 1: the text ends at a cursor (rm_expected_at): the
                          * end gives PROBE, then CURSOR, a token no rule
                          * takes, then the end of the file; 2: PROBE given;
                          * 3: CURSOR given */
    int probe;           /* the token tried at the cursor */
    bool skip;           /* a statement in the wrong block was reported: its
                          * tokens, its braced block whole, are skipped to
                          * the separator that ends it (rmyylex) */
    size_t buf_len;
    char buf[RM_MAX_TOKEN + 2];
    void *scanner;       /* yyscan_t */
    void *buffer;        /* YY_BUFFER_STATE */
} rm_lexer;

int lexer_init(rm_lexer *lx, const rm_source *src, rm_arena *arena, rm_diag *diag);
void lexer_fini(rm_lexer *lx);
void lexer_buf_add(rm_lexer *lx, const char *s, size_t n);
/* The kind of block the token being read stands in: 0 at the top of the
 * file, else the first token of the statement that opened the block. */
int lexer_block(const rm_lexer *lx);

#endif
