/* cli_output.c: what the command line prints cannot drive the terminal.
 *
 * Names, sources, notes, record tags and JSON player names come from
 * files someone else may have written, and reach standard output and
 * standard error through many printf calls. A control character among
 * them (ESC starting a sequence that clears the screen, sets the title or
 * writes the clipboard) would act on the user's terminal. So both streams
 * pass through a filter that writes every control character but newline
 * and tab (and carriage return on standard error, for the progress line)
 * as \xHH: C0 controls, DEL, and the C1 controls U+0080..U+009F, which
 * some terminals obey in UTF-8 too. Rimau itself writes no control
 * sequences, so nothing it means to print is lost.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

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

void cli_guard_output(void)
{
    static guard out_guard, err_guard;
    fflush(stdout);
    fflush(stderr);
    FILE *o = guarded(STDOUT_FILENO, false, &out_guard, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
    FILE *e = guarded(STDERR_FILENO, true, &err_guard, _IONBF);
    /* (glibc's stdout and stderr can be assigned; without a stream the
     * output is left as it is rather than lost) */
    if (o)
        stdout = o;
    if (e)
        stderr = e;
}
