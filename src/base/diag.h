/* diag.h: source files and GNU-style diagnostics.
 *
 * A location is a byte span into the source text; line and column are
 * computed only when a message is printed, as "FILE:LINE:COL: error: MSG",
 * followed by the source line and a caret under the span.
 */
#ifndef RIMAU_DIAG_H
#define RIMAU_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Half-open byte range [start, end) into a source text. */
typedef struct rm_span {
    uint32_t start;
    uint32_t end;
} rm_span;

/* A source text held in memory, NUL-terminated. */
typedef struct rm_source {
    char *path;    /* as given by the user, for messages */
    char *text;
    size_t len;
} rm_source;

/* One message as a sink receives it (rm_diag.sink): its kind ("error",
 * "warning" or "note"), where it is when LOCATED (a span of the source),
 * and its text, without the file, line and column. */
typedef struct rm_diag_msg {
    const char *kind;
    bool located;
    rm_span at;
    const char *text;
} rm_diag_msg;

/* Where messages go and how many were printed. */
typedef struct rm_diag {
    const rm_source *src;  /* may be NULL: messages then carry no location */
    FILE *out;             /* NULL: count only, print nothing */
    int errors;
    int warnings;
    int max_errors;        /* stop printing after this many (0: no limit) */
    bool warn;             /* report warnings; off (diag_init): they are dropped,
                            * so that only the commands that check files show them */
    /* When set, also given each message that is printed (or would be,
     * with OUT NULL), as a structure: for a client that places the
     * messages itself (the language server). */
    void (*sink)(void *ctx, const rm_diag_msg *m);
    void *sink_ctx;
} rm_diag;

#define RM_MAX_FILE_SIZE (1u << 20) /* 1 MiB: larger .game files are refused */

void diag_init(rm_diag *d, const rm_source *src, FILE *out);

/* A name (a turn, a game's word) as a message shows it: whole when it has
 * at most RM_SHOWN bytes, else its first RM_SHOWN bytes, cut between two
 * UTF-8 characters, and "...". Names run to 4,096 bytes and turns to any
 * length; shown so, they leave room in a message for its reason. */
#define RM_SHOWN 40
typedef struct rm_shown {
    char text[RM_SHOWN + 4];
} rm_shown;
const char *diag_shown(const char *name, rm_shown *buf);
/* diag_shown into a buffer that lasts as long as the enclosing block,
 * for use inside a call: printf("'%s'", SHOWN(name)). */
#define SHOWN(name) diag_shown((name), &(rm_shown){ { 0 } })

/* Reads PATH whole into SRC. On failure prints "PATH: error: ..." to D and
 * returns -1. Files larger than RM_MAX_FILE_SIZE are refused. */
int source_read(rm_source *src, const char *path, rm_diag *d);
/* The same with a limit of LIMIT bytes (records have their own). */
int source_read_limit(rm_source *src, const char *path, rm_diag *d, size_t limit);
/* Wraps a copy of TEXT[0..LEN) under the name PATH. Returns -1 on no memory. */
int source_from_string(rm_source *src, const char *path, const char *text, size_t len);
void source_free(rm_source *src);

/* 1-based line and column (in characters, not bytes) of byte OFFSET. */
void source_position(const rm_source *src, uint32_t offset, int *line, int *col);

/* A place in a source text whose line and column are known, so that the
 * positions of many offsets asked for in increasing order cost one pass
 * over the text in all, not one pass each. */
typedef struct rm_cursor {
    uint32_t offset;
    int line;
    int col;
} rm_cursor;

/* The cursor at the start of the text. */
static inline rm_cursor source_cursor(void)
{
    return (rm_cursor){ 0, 1, 1 };
}
/* Moves AT to OFFSET (from the start when OFFSET lies behind it) and gives
 * the line and column there, as source_position does. */
void source_advance(const rm_source *src, rm_cursor *at, uint32_t offset, int *line, int *col);

void diag_error(rm_diag *d, rm_span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_note(rm_diag *d, rm_span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A warning: the file is valid, but something in it is likely wrong. It is
 * printed and counted only when d->warn is set. */
void diag_warning(rm_diag *d, rm_span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An error about the file as a whole: "FILE: error: MSG". */
void diag_file_error(rm_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void diag_verror(rm_diag *d, const char *kind, rm_span at, const char *fmt, va_list ap);
/* Reports the message M (from another rm_diag's sink) to D as its own:
 * counted, printed and given to D's sink, with PREFIX (may be "") before
 * its text. */
void diag_forward(rm_diag *d, const rm_diag_msg *m, const char *prefix);

static inline rm_span span_join(rm_span a, rm_span b)
{
    rm_span s = { a.start < b.start ? a.start : b.start, a.end > b.end ? a.end : b.end };
    return s;
}

#endif
