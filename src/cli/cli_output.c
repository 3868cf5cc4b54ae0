/* cli_output.c: what the command line writes: text that cannot drive the
 * terminal, and files only where it may replace them.
 *
 * Names, sources, notes, record tags and JSON player names come from
 * files someone else may have written, and reach standard output and
 * standard error through many printf calls. A control character among
 * them (ESC starting a sequence that clears the screen, sets the title or
 * writes the clipboard) would act on the user's terminal. So both streams
 * pass through a filter that writes every control character but newline
 * and tab (and carriage return on standard error, for the progress line)
 * as \xHH: C0 controls, DEL, and the C1 controls U+0080..U+009F, which
 * some terminals obey in UTF-8 too. The one exception is the colour of a
 * board (--color): cli_put_sgr lets the SGR sequences of a drawing through,
 * and only those (they set colours and attributes, nothing else), while
 * the rest of its text is filtered as everything else.
 *
 * And it replaces no file that is not its own: cli_output_ok says
 * whether a record or a JSON file may be written at a path.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "files.h"

size_t cli_escape_controls(const char *in, size_t n, char *out, bool *pending_c2, bool allow_cr)
{
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)in[i];
        if (*pending_c2) {
            *pending_c2 = false;
            if (c >= 0x80 && c <= 0x9F) { /* U+0080..U+009F: a C1 control */
                memcpy(out + k, "\\u00", 4);
                out[k + 4] = hex[c >> 4];
                out[k + 5] = hex[c & 15];
                k += 6;
                continue;
            }
            out[k++] = (char)0xC2;
        }
        if (c == 0xC2) {
            *pending_c2 = true;
        } else if ((c < 0x20 && c != '\n' && c != '\t' && !(c == '\r' && allow_cr)) || c == 0x7F) {
            out[k++] = '\\';
            out[k++] = 'x';
            out[k++] = hex[c >> 4];
            out[k++] = hex[c & 15];
        } else {
            out[k++] = (char)c;
        }
    }
    return k;
}

typedef struct guard {
    int fd;
    bool allow_cr;
    bool pending_c2;           /* a 0xC2 byte waits for the next one */
} guard;

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static ssize_t guard_write(void *cookie, const char *buf, size_t size)
{
    guard *g = cookie;
    char out[6 * 512];
    size_t done = 0;
    while (done < size) {
        size_t chunk = size - done < 512 ? size - done : 512;
        size_t k = cli_escape_controls(buf + done, chunk, out, &g->pending_c2, g->allow_cr);
        if (write_all(g->fd, out, k) != 0)
            return done > 0 ? (ssize_t)done : -1;
        done += chunk;
    }
    return (ssize_t)size;
}

static int guard_close(void *cookie)
{
    guard *g = cookie;
    if (g->pending_c2) { /* a lone 0xC2 at the very end */
        g->pending_c2 = false;
        char c = (char)0xC2;
        return write_all(g->fd, &c, 1);
    }
    return 0;
}

static FILE *guarded(int fd, bool allow_cr, guard *g, int mode)
{
    *g = (guard){ fd, allow_cr, false };
    cookie_io_functions_t io = { NULL, guard_write, NULL, guard_close };
    FILE *f = fopencookie(g, "w", io);
    if (f)
        setvbuf(f, NULL, mode, 0);
    return f;
}

static guard out_guard, err_guard;
static FILE *guarded_stdout; /* stdout once it is guarded */

/* The length of the SGR sequence at P (N bytes left): ESC [, digits and
 * ';', then 'm'; 0 when P holds none. */
static size_t sgr_length(const char *p, size_t n)
{
    if (n < 3 || p[0] != '\033' || p[1] != '[')
        return 0;
    for (size_t i = 2; i < n; i++) {
        if (p[i] == 'm')
            return i + 1;
        if (!((p[i] >= '0' && p[i] <= '9') || p[i] == ';') || i > 64)
            return 0;
    }
    return 0;
}

void cli_put_sgr(FILE *out, const char *text, size_t n)
{
    if (out != guarded_stdout || out != stdout) {
        fwrite(text, 1, n, out);
        return;
    }
    /* the text after what the stream holds: filtered by the guard's own
     * rule (and state), the SGR sequences as they are */
    fflush(out);
    char buf[6 * 512];
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        size_t sgr = sgr_length(text + i, n - i), run = 0;
        if (!sgr)
            while (i + run < n && run < 512 && !sgr_length(text + i + run, n - i - run))
                run++;
        if (k + (sgr ? sgr + 1 : 6 * run) > sizeof buf) {
            if (write_all(out_guard.fd, buf, k) != 0)
                return;
            k = 0;
        }
        if (sgr) {
            if (out_guard.pending_c2) { /* a 0xC2 before ESC is no C1 control */
                out_guard.pending_c2 = false;
                buf[k++] = (char)0xC2;
            }
            memcpy(buf + k, text + i, sgr);
            k += sgr;
            i += sgr;
        } else {
            k += cli_escape_controls(text + i, run, buf + k, &out_guard.pending_c2, false);
            i += run;
        }
    }
    write_all(out_guard.fd, buf, k);
}

void cli_guard_output(void)
{
    fflush(stdout);
    fflush(stderr);
    FILE *o = guarded(STDOUT_FILENO, false, &out_guard, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
    FILE *e = guarded(STDERR_FILENO, true, &err_guard, _IONBF);
    /* (glibc's stdout and stderr can be assigned; without a stream the
     * output is left as it is rather than lost) */
    if (o)
        stdout = guarded_stdout = o;
    if (e)
        stderr = e;
}

int cli_output_ok(const char *path, cli_output kind, bool force, char *err, size_t errsize)
{
    static const char *const starts[] = { "[Game \"", "{\"game\": " };
    return rm_out_check(path, starts[kind], force, err, errsize);
}
