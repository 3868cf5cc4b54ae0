/* cli_lsp_impl.h: what the files of rimau lsp share.
 *
 *   cli_lsp.c          the command, its --help, the loop that reads
 *                      messages, initialize, shutdown and exit, and the
 *                      table of methods
 *   cli_lsp_lang.c     what the editor asks of the language: hover,
 *                      completion, definition, references, the outline
 *   cli_lsp_actions.c  what the editor runs: quick fixes, code lenses and
 *                      their commands (an example, perft), formatting
 *   cli_lsp_docs.c     the open documents, their changes and their
 *                      diagnostics
 *   cli_lsp_io.c       the transport (Content-Length framed JSON-RPC on
 *                      standard input and output), positions and ranges
 *
 * The calls go one way: cli_lsp.c calls the others; cli_lsp_lang.c and
 * cli_lsp_actions.c call cli_lsp_docs.c; all call cli_lsp_io.c.
 * What is not protocol (the names of a file, hover texts, completion,
 * the checks) is the library's: src/ir/symbols.h, assist.h, check.h.
 */
#ifndef RIMAU_CLI_LSP_IMPL_H
#define RIMAU_CLI_LSP_IMPL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "assist.h"
#include "diag.h"
#include "game.h"
#include "symbols.h"

/* JSON-RPC and LSP error codes. */
enum {
    LSP_PARSE_ERROR = -32700,
    LSP_INVALID_REQUEST = -32600,
    LSP_METHOD_NOT_FOUND = -32601,
    LSP_INVALID_PARAMS = -32602,
    LSP_INTERNAL_ERROR = -32603,
    LSP_SERVER_NOT_INITIALIZED = -32002,
    LSP_REQUEST_FAILED = -32803
};

/* The most bytes of one message's content: a document is at most
 * RM_MAX_FILE_SIZE, and its JSON (escapes) a few times that. */
#define LSP_MAX_MESSAGE (8u * RM_MAX_FILE_SIZE)
/* The most documents open at once. */
#define LSP_MAX_DOCS 64

/* ---- cli_lsp_io.c ---- */

typedef struct lsp_io {
    FILE *in, *out;
    bool utf8;                 /* positions count UTF-8 bytes (negotiated), else UTF-16 units */
    int log_level;             /* 0: errors only, 1: also each message read (stderr) */
} lsp_io;

/* Reads one message's content into *BODY (NUL-terminated, free it) and
 * its length into *LEN. Returns 1, 0 at the end of the input, or -1
 * after a bad header or a content over LSP_MAX_MESSAGE (skipped; *ERR
 * says why). */
int lsp_read(lsp_io *io, char **body, size_t *len, char *err, size_t errsize);
/* Writes MSG (its reference is taken) as one framed message. */
void lsp_send(lsp_io *io, json_t *msg);
/* A response to request ID: RESULT (its reference is taken; NULL: null). */
void lsp_reply(lsp_io *io, json_t *id, json_t *result);
/* An error response to ID (NULL: null). */
void lsp_error(lsp_io *io, json_t *id, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A notification METHOD with PARAMS (its reference is taken). */
void lsp_notify(lsp_io *io, const char *method, json_t *params);
/* window/showMessage (TYPE 1 error, 2 warning, 3 info) and
 * window/logMessage, and the same line on standard error. */
void lsp_show(lsp_io *io, int type, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void lsp_log(lsp_io *io, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The byte offset of the LSP position POS ({line, character}) in SRC;
 * a character past the end of its line is the end of the line, a line
 * past the end is the end of the text. -1 when POS is not a position. */
long lsp_offset(const lsp_io *io, const rm_source *src, const json_t *pos);
/* The LSP position of byte OFFSET of SRC, and the range of SPAN. */
json_t *lsp_position(const lsp_io *io, const rm_source *src, uint32_t offset);
json_t *lsp_range(const lsp_io *io, const rm_source *src, rm_span span);

/* ---- cli_lsp_docs.c ---- */

typedef struct lsp_doc {
    char *uri;
    rm_source src;             /* path: the file's name in messages */
    long version;
    rm_index *index;           /* of the text as it is now */
    rm_game *game;             /* the last text that compiled, or NULL */
    bool game_current;         /* ... and it is the text as it is now */
} lsp_doc;

typedef struct lsp_docs {
    int n;
    lsp_doc docs[LSP_MAX_DOCS];
} lsp_docs;

/* The document URI names, or NULL (an error response to ID is then
 * sent, unless ID is NULL). */
lsp_doc *lsp_doc_find(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
/* The document URI names and the byte offset of PARAMS's position in it,
 * in *AT; or NULL, an error response to ID sent (InvalidParams when the
 * position is not in the document). */
lsp_doc *lsp_doc_at(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params, uint32_t *at);
void lsp_did_open(lsp_io *io, lsp_docs *ds, const json_t *params);
void lsp_did_change(lsp_io *io, lsp_docs *ds, const json_t *params);
void lsp_did_close(lsp_io *io, lsp_docs *ds, const json_t *params);
void lsp_did_save(lsp_io *io, lsp_docs *ds, const json_t *params);
void lsp_docs_free(lsp_docs *ds);
/* D's game compiled with CHOICES (NULL when it does not compile so); free it. */
rm_game *lsp_doc_game_with(const lsp_doc *d, const rm_choices *choices);

/* ---- cli_lsp_lang.c ---- */

void lsp_hover(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
void lsp_completion(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
void lsp_definition(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
void lsp_references(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
void lsp_document_symbol(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);

/* ---- cli_lsp_actions.c ---- */

void lsp_formatting(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
void lsp_code_action(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
void lsp_code_lens(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
void lsp_execute_command(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);

#endif
