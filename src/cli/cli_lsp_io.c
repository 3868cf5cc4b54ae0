/* cli_lsp_io.c: rimau lsp's transport: Content-Length framed JSON-RPC
 * messages on standard input and output, and LSP positions (lines and
 * UTF-16 code units, or UTF-8 bytes when negotiated) as byte offsets. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli_lsp_impl.h"

/* One header line, without its CR LF, into BUF; 1, 0 at the end of the
 * input, -1 when the line is longer than BUF (the rest of it is
 * skipped). */
static int read_line(FILE *in, char *buf, size_t size)
{
    size_t n = 0;
    int c;
    bool over = false;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n + 1 < size)
            buf[n++] = (char)c;
        else
            over = true;
    }
    if (c == EOF && n == 0)
        return 0;
    if (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    return over ? -1 : 1;
}

/* Skips LEN bytes of IN; 0, or -1 at the end of the input. */
static int skip(FILE *in, size_t len)
{
    char buf[4096];
    while (len > 0) {
        size_t n = fread(buf, 1, len < sizeof buf ? len : sizeof buf, in);
        if (n == 0)
            return -1;
        len -= n;
    }
    return 0;
}

int lsp_read(lsp_io *io, char **body, size_t *len, char *err, size_t errsize)
{
    char line[1024];
    long long length = -1;
    bool bad = false, any = false;
    *body = NULL;
    for (;;) {
        int r = read_line(io->in, line, sizeof line);
        if (r == 0)
            return 0; /* (a header cut short by the end: nothing to answer) */
        if (r < 0) {
            bad = true;
            snprintf(err, errsize, "a header line is longer than %zu bytes", sizeof line - 1);
            continue;
        }
        if (line[0] == '\0') {
            if (any)
                break;
            continue; /* blank lines between messages */
        }
        any = true;
        /* A header may follow the tail of a message whose length was
         * given short: find the name in the line. */
        const char *cl = strstr(line, "Content-Length:");
        if (!cl) {
            char *colon = strchr(line, ':');
            if (!colon || colon == line) {
                bad = true;
                snprintf(err, errsize, "not a header line: '%.60s'", line);
            }
            continue; /* (Content-Type and other headers are taken as they are) */
        }
        const char *v = cl + strlen("Content-Length:");
        while (*v == ' ' || *v == '\t')
            v++;
        char *end;
        errno = 0;
        long long n = isdigit((unsigned char)*v) ? strtoll(v, &end, 10) : -1;
        if (n < 0 || errno || *end != '\0') {
            bad = true;
            snprintf(err, errsize, "Content-Length is not a number: '%.40s'", v);
            continue;
        }
        length = n;
    }
    if (length < 0) {
        if (!bad)
            snprintf(err, errsize, "a message without Content-Length");
        return -1;
    }
    if ((unsigned long long)length > LSP_MAX_MESSAGE) {
        snprintf(err, errsize, "a message of %lld bytes, over the limit of %u", length,
                 LSP_MAX_MESSAGE);
        return skip(io->in, (size_t)length) == 0 ? -1 : 0;
    }
    char *buf = malloc((size_t)length + 1);
    if (!buf) {
        snprintf(err, errsize, "out of memory for a message of %lld bytes", length);
        return skip(io->in, (size_t)length) == 0 ? -1 : 0;
    }
    size_t got = fread(buf, 1, (size_t)length, io->in);
    if (got < (size_t)length) {
        free(buf);
        return 0; /* the input ended inside the message */
    }
    buf[length] = '\0';
    *body = buf;
    *len = (size_t)length;
    if (bad)
        lsp_log(io, "rimau lsp: %s (the header's Content-Length is used)", err);
    return 1;
}

void lsp_send(lsp_io *io, json_t *msg)
{
    if (!msg)
        return;
    json_object_set_new(msg, "jsonrpc", json_string("2.0"));
    char *text = json_dumps(msg, JSON_COMPACT | JSON_ENSURE_ASCII);
    json_decref(msg);
    if (!text) {
        fprintf(stderr, "rimau lsp: out of memory writing a message\n");
        return;
    }
    fprintf(io->out, "Content-Length: %zu\r\n\r\n%s", strlen(text), text);
    fflush(io->out);
    free(text);
}

void lsp_reply(lsp_io *io, json_t *id, json_t *result)
{
    json_t *msg = json_object();
    json_object_set(msg, "id", id ? id : json_null());
    json_object_set_new(msg, "result", result ? result : json_null());
    lsp_send(io, msg);
}

void lsp_error(lsp_io *io, json_t *id, int code, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_t *msg = json_object();
    json_object_set(msg, "id", id ? id : json_null());
    json_object_set_new(msg, "error", json_pack("{s:i, s:s}", "code", code, "message", text));
    lsp_send(io, msg);
}

void lsp_notify(lsp_io *io, const char *method, json_t *params)
{
    json_t *msg = json_object();
    json_object_set_new(msg, "method", json_string(method));
    json_object_set_new(msg, "params", params ? params : json_null());
    lsp_send(io, msg);
}

void lsp_show(lsp_io *io, int type, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    lsp_notify(io, "window/showMessage", json_pack("{s:i, s:s}", "type", type, "message", text));
}

void lsp_log(lsp_io *io, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s\n", text);
    lsp_notify(io, "window/logMessage", json_pack("{s:i, s:s}", "type", 4, "message", text));
}

/* ---- positions ---- */

/* The length of the UTF-8 character at T[0..N): 1 for a byte that starts
 * none (it counts as one unit). */
static size_t char_len(const unsigned char *t, size_t n)
{
    size_t len = t[0] < 0x80 ? 1 : t[0] >= 0xF0 ? 4 : t[0] >= 0xE0 ? 3 : t[0] >= 0xC0 ? 2 : 1;
    if (len > n)
        return 1;
    for (size_t i = 1; i < len; i++)
        if ((t[i] & 0xC0) != 0x80)
            return 1;
    return len;
}

/* The UTF-16 code units of a character of LEN bytes. */
static long units(size_t len)
{
    return len == 4 ? 2 : 1;
}

long lsp_offset(const lsp_io *io, const rm_source *src, const json_t *pos)
{
    json_t *jl = json_object_get(pos, "line"), *jc = json_object_get(pos, "character");
    if (!json_is_integer(jl) || !json_is_integer(jc) || json_integer_value(jl) < 0 ||
        json_integer_value(jc) < 0)
        return -1;
    json_int_t line = json_integer_value(jl), character = json_integer_value(jc);
    const unsigned char *t = (const unsigned char *)src->text;
    size_t i = 0;
    for (json_int_t l = 0; l < line; l++) {
        while (i < src->len && t[i] != '\n')
            i++;
        if (i == src->len)
            return (long)src->len;
        i++;
    }
    for (json_int_t c = 0; c < character && i < src->len && t[i] != '\n';) {
        size_t len = char_len(t + i, src->len - i);
        c += io->utf8 ? (json_int_t)len : units(len);
        if (c > character)
            break; /* (inside a surrogate pair: its start) */
        i += len;
    }
    /* (a position between CR and LF is the end of the line) */
    if (i < src->len && t[i] == '\n' && i > 0 && t[i - 1] == '\r')
        i--;
    return (long)i;
}

json_t *lsp_position(const lsp_io *io, const rm_source *src, uint32_t offset)
{
    const unsigned char *t = (const unsigned char *)src->text;
    if (offset > src->len)
        offset = (uint32_t)src->len;
    long line = 0;
    size_t bol = 0;
    for (size_t i = 0; i < offset; i++)
        if (t[i] == '\n') {
            line++;
            bol = i + 1;
        }
    long character = 0;
    for (size_t i = bol; i < offset;) {
        size_t len = char_len(t + i, src->len - i);
        character += io->utf8 ? (long)len : units(len);
        i += len;
    }
    return json_pack("{s:i, s:i}", "line", (json_int_t)line, "character", (json_int_t)character);
}

json_t *lsp_range(const lsp_io *io, const rm_source *src, rm_span span)
{
    return json_pack("{s:o, s:o}", "start", lsp_position(io, src, span.start), "end",
                     lsp_position(io, src, span.end));
}
