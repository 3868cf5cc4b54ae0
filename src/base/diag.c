/* diag.c: source files and GNU-style diagnostics. */
#include "diag.h"

#include "files.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void diag_init(rm_diag *d, const rm_source *src, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->src = src;
    d->out = out;
    d->max_errors = 50;
}

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

int source_from_string(rm_source *src, const char *path, const char *text, size_t len)
{
    memset(src, 0, sizeof *src);
    src->path = dup_string(path);
    src->text = malloc(len + 1);
    if (!src->path || !src->text) {
        source_free(src);
        return -1;
    }
    memcpy(src->text, text, len);
    src->text[len] = '\0';
    src->len = len;
    return 0;
}

int source_read(rm_source *src, const char *path, rm_diag *d)
{
    return source_read_limit(src, path, d, RM_MAX_FILE_SIZE);
}

int source_read_limit(rm_source *src, const char *path, rm_diag *d, size_t limit)
{
    memset(src, 0, sizeof *src);
    char err[4400]; /* (room for a path of 4096 bytes and its reason) */
    size_t len = 0;
    char *buf = rm_in_read(path, limit, &len, err, sizeof err);
    if (!buf) {
        /* "cannot read PATH: REASON" as "PATH: error: cannot open: REASON" */
        const char *shown = path[0] ? path : "''", *reason = err;
        size_t skip = strlen("cannot read ") + strlen(shown) + 2;
        if (strncmp(err, "cannot read ", 12) == 0 && strlen(err) >= skip &&
            strncmp(err + 12, shown, strlen(shown)) == 0 && strncmp(err + skip - 2, ": ", 2) == 0)
            reason = err + skip;
        if (d->out)
            fprintf(d->out, "%s: error: cannot open: %s\n", shown, reason);
        d->errors++;
        return -1;
    }
    buf[len] = '\0';
    src->text = buf;
    src->len = len;
    src->path = dup_string(path);
    if (!src->path) {
        source_free(src);
        d->errors++;
        return -1;
    }
    return 0;
}

void source_free(rm_source *src)
{
    free(src->path);
    free(src->text);
    memset(src, 0, sizeof *src);
}

void source_advance(const rm_source *src, rm_cursor *at, uint32_t offset, int *line, int *col)
{
    if (offset > src->len)
        offset = (uint32_t)src->len;
    if (offset < at->offset)
        *at = source_cursor();
    int l = at->line, c = at->col;
    for (uint32_t i = at->offset; i < offset; i++) {
        unsigned char ch = (unsigned char)src->text[i];
        if (ch == '\n') {
            l++;
            c = 1;
        } else if ((ch & 0xC0) != 0x80) { /* count characters, not UTF-8 bytes */
            c++;
        }
    }
    *at = (rm_cursor){ offset, l, c };
    *line = l;
    *col = c;
}

void source_position(const rm_source *src, uint32_t offset, int *line, int *col)
{
    rm_cursor at = source_cursor();
    source_advance(src, &at, offset, line, col);
}

/* Prints the source line holding OFFSET and a caret line under [start,end). */
static void print_excerpt(FILE *out, const rm_source *src, rm_span at)
{
    uint32_t start = at.start > src->len ? (uint32_t)src->len : at.start;
    uint32_t bol = start, eol = start;
    while (bol > 0 && src->text[bol - 1] != '\n')
        bol--;
    while (eol < src->len && src->text[eol] != '\n')
        eol++;
    if (eol > bol && src->text[eol - 1] == '\r')
        eol--;
    /* Source line, with control characters shown as spaces so that the
     * caret stays aligned and the terminal is not disturbed. */
    fputs("    ", out);
    for (uint32_t i = bol; i < eol; i++) {
        unsigned char ch = (unsigned char)src->text[i];
        fputc(ch == '\t' ? '\t' : (ch < 0x20 || ch == 0x7f) ? ' ' : ch, out);
    }
    fputs("\n    ", out);
    for (uint32_t i = bol; i < start; i++) {
        unsigned char ch = (unsigned char)src->text[i];
        if (ch == '\t')
            fputc('\t', out);
        else if ((ch & 0xC0) != 0x80)
            fputc(' ', out);
    }
    fputc('^', out);
    uint32_t end = at.end < eol ? at.end : eol;
    for (uint32_t i = start + 1; i < end; i++)
        if (((unsigned char)src->text[i] & 0xC0) != 0x80)
            fputc('~', out);
    fputc('\n', out);
}

const char *diag_shown(const char *name, rm_shown *buf)
{
    size_t len = strlen(name);
    if (len <= RM_SHOWN)
        return name;
    len = RM_SHOWN;
    while (len > 0 && ((unsigned char)name[len] & 0xC0) == 0x80)
        len--; /* name[len] continues a character: cut before it starts */
    memcpy(buf->text, name, len);
    memcpy(buf->text + len, "...", 4);
    return buf->text;
}

/* Prints and sinks one message whose count is already taken. */
static void emit(rm_diag *d, const char *kind, bool located, rm_span at, const char *text)
{
    if (d->sink) {
        rm_diag_msg m = { kind, located && d->src, at, text };
        d->sink(d->sink_ctx, &m);
    }
    if (!d->out)
        return;
    if (!located) {
        fprintf(d->out, "%s: %s: %s\n", d->src ? d->src->path : "rimau", kind, text);
        return;
    }
    if (d->src) {
        int line, col;
        source_position(d->src, at.start, &line, &col);
        fprintf(d->out, "%s:%d:%d: %s: %s\n", d->src->path, line, col, kind, text);
        print_excerpt(d->out, d->src, at);
    } else {
        fprintf(d->out, "rimau: %s: %s\n", kind, text);
    }
}

/* Whether a message of KIND is shown, after counting it. */
static bool take(rm_diag *d, const char *kind)
{
    if (kind[0] == 'w' && !d->warn)
        return false;
    if (kind[0] == 'e')
        d->errors++;
    else if (kind[0] == 'w')
        d->warnings++;
    if (!d->out && !d->sink)
        return false;
    if (d->max_errors && d->errors > d->max_errors) {
        if (d->errors == d->max_errors + 1 && d->out)
            fprintf(d->out, "%s: note: too many errors, stopping here\n",
                    d->src ? d->src->path : "rimau");
        return false;
    }
    return true;
}

void diag_verror(rm_diag *d, const char *kind, rm_span at, const char *fmt, va_list ap)
{
    if (!take(d, kind))
        return;
    char text[8192]; /* (longer messages are cut: names in them are SHOWN) */
    vsnprintf(text, sizeof text, fmt, ap);
    emit(d, kind, true, at, text);
}

void diag_forward(rm_diag *d, const rm_diag_msg *m, const char *prefix)
{
    if (!m->located && m->kind[0] == 'e') {
        diag_file_error(d, "%s%s", prefix, m->text);
        return;
    }
    if (!take(d, m->kind))
        return;
    char text[8192 + 512];
    snprintf(text, sizeof text, "%s%s", prefix, m->text);
    emit(d, m->kind, m->located, m->at, text);
}

void diag_error(rm_diag *d, rm_span at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, "error", at, fmt, ap);
    va_end(ap);
}

void diag_note(rm_diag *d, rm_span at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, "note", at, fmt, ap);
    va_end(ap);
}

void diag_warning(rm_diag *d, rm_span at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, "warning", at, fmt, ap);
    va_end(ap);
}

void diag_file_error(rm_diag *d, const char *fmt, ...)
{
    va_list ap;
    d->errors++;
    if (!d->out && !d->sink)
        return;
    char text[8192 + 512];
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    emit(d, "error", false, (rm_span){ 0, 0 }, text);
}
