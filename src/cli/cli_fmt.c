/* cli_fmt.c: rimau fmt: .game files in their canonical layout
 * (grammar/format.c), printed, checked (--check) or written back in
 * place (--write). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "diag.h"
#include "files.h"
#include "format.h"

enum { FMT_PRINT, FMT_CHECK, FMT_WRITE };

#define STDIN_NAME "<stdin>"

/* Reads standard input whole into SRC, as source_read reads a file (the
 * same limit). 0, or -1 after a message. */
static int read_stdin(rm_source *src)
{
    size_t cap = 65536, len = 0;
    char *buf = malloc(cap + 1);
    const char *why = NULL;
    while (buf && !why) {
        size_t got = fread(buf + len, 1, cap - len, stdin);
        len += got;
        if (len > RM_MAX_FILE_SIZE)
            why = "it is larger than the limit of a .game file";
        else if (got == 0)
            break;
        else if (len == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
    }
    if (!why && ferror(stdin))
        why = strerror(errno ? errno : EIO);
    if (!why && (!buf || len == cap))
        why = "out of memory";
    if (!why && source_from_string(src, STDIN_NAME, buf, len) != 0)
        why = "out of memory";
    free(buf);
    if (why) {
        fprintf(stderr, "%s: error: cannot read: %s\n", STDIN_NAME, why);
        return -1;
    }
    return 0;
}

/* Writes TEXT[0, N) to standard output as it is: through the guard
 * that keeps control characters off a terminal when it is one, else
 * byte for byte (a file's carriage returns in strings, say, kept). */
static int put_text(const char *text, size_t n)
{
    if (isatty(STDOUT_FILENO)) {
        fwrite(text, 1, n, stdout);
        return fflush(stdout) == 0 ? 0 : -1;
    }
    if (fflush(stdout) != 0)
        return -1;
    while (n > 0) {
        ssize_t w = write(STDOUT_FILENO, text, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        text += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Rewrites PATH with TEXT[0, N) through a temporary file in its folder
 * renamed over it (files.h), with PATH's mode. 0, or -1 after a
 * message (PATH as it was). */
static int write_back(const char *path, const char *text, size_t n)
{
    struct stat sb;
    if (lstat(path, &sb) != 0) {
        fprintf(stderr, "%s: error: cannot write: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(sb.st_mode)) {
        fprintf(stderr, "%s: error: not written: fmt --write rewrites plain files only%s\n", path,
                S_ISLNK(sb.st_mode) ? " (this is a symbolic link: give the file it points to)"
                                    : "");
        return -1;
    }
    char err[4400];
    rm_out o;
    if (rm_out_open(&o, path, NULL, true, err, sizeof err) != 0) {
        fprintf(stderr, "rimau fmt: %s\n", err);
        return -1;
    }
    if (fchmod(o.fd, sb.st_mode & 07777) != 0) {
        fprintf(stderr, "rimau fmt: cannot write %s: cannot keep its mode: %s\n", path,
                strerror(errno));
        rm_out_abort(&o);
        return -1;
    }
    fwrite(text, 1, n, rm_out_stream(&o));
    if (rm_out_commit(&o, err, sizeof err) != 0) {
        fprintf(stderr, "rimau fmt: %s\n", err);
        return -1;
    }
    return 0;
}

/* Formats the file ARG ("-": standard input) as MODE asks. 0: done (and,
 * for --check, formatted already); 1: not formatted (--check); -1: an
 * error, said. */
static int fmt_one(const char *arg, int mode)
{
    bool in = strcmp(arg, "-") == 0;
    rm_source src;
    rm_diag d;
    diag_init(&d, NULL, stderr);
    if (in ? read_stdin(&src) != 0 : source_read(&src, arg, &d) != 0)
        return -1;
    diag_init(&d, &src, stderr);
    char *out;
    size_t len;
    int rc = 0;
    if (rm_format(&src, &out, &len, &d) != 0) {
        rc = -1;
    } else {
        bool same = len == src.len && memcmp(out, src.text, len) == 0;
        if (mode == FMT_CHECK) {
            if (!same) {
                printf("%s\n", in ? STDIN_NAME : arg);
                rc = 1;
            }
        } else if (mode == FMT_WRITE) {
            if (!same && write_back(arg, out, len) != 0)
                rc = -1;
        } else if (put_text(out, len) != 0) {
            fprintf(stderr, "rimau fmt: cannot write the standard output: %s\n",
                    strerror(errno ? errno : EIO));
            rc = -1;
        }
        free(out);
    }
    source_free(&src);
    return rc;
}

static int cmd_fmt(int argc, char **argv)
{
    static const struct option opts[] = {
        { "check", no_argument, NULL, 'c' },
        { "write", no_argument, NULL, 'w' },
        { 0 },
    };
    cli_args a = { .cmd = &cli_cmd_fmt, .takes = 0 };
    int ch, status = 0;
    bool check = false, write = false;
    while ((ch = cli_next_opt(&a, argc, argv, NULL, opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'c')
            check = true;
        else if (ch == 'w')
            write = true;
    }
    if (check && write)
        return cli_usage("fmt", "%s", "--check and --write do not go together");
    if (optind >= argc)
        return cli_usage("fmt", "%s", "no .game file given ('-' reads standard input)");
    int stdin_uses = 0;
    for (int i = optind; i < argc; i++)
        stdin_uses += strcmp(argv[i], "-") == 0;
    if (write && stdin_uses > 0)
        return cli_usage("fmt", "%s", "--write cannot rewrite standard input ('-')");
    if (stdin_uses > 1)
        return cli_usage("fmt", "%s", "standard input ('-') can be read once");
    int mode = check ? FMT_CHECK : write ? FMT_WRITE : FMT_PRINT;
    int rc = 0;
    for (int i = optind; i < argc; i++) {
        int r = fmt_one(argv[i], mode);
        if (r != 0)
            rc = EXIT_INVALID;
    }
    return rc;
}

const command cli_cmd_fmt = {
    "fmt", cmd_fmt, "lay .game files out canonically",
    "[--check | --write] FILE...\n"
    "Lay each .game FILE ('-': standard input) out in the canonical layout:\n"
    "four spaces per block, one space between words, at most one blank line,\n"
    "the braces of one-line blocks in a row aligned, comments kept where they\n"
    "are. Only blanks change: the tokens, comments and line breaks stay, so\n"
    "the game means what it meant. A file with a syntax error is refused with\n"
    "its errors and left as it is. Prints the formatted text by default.\n"
    "\n"
    "      --check  print nothing but the names of the files not in the layout;\n"
    "               exit status 1 if there is one (for CI)\n"
    "      --write  rewrite the files not in the layout, in place (a temporary\n"
    "               file renamed over each, its mode kept)\n"
    "  -h, --help   display this help and exit\n"
    "\n"
    "Exit status: 0 on success, 1 if a file has an error (or, with --check, is\n"
    "not in the layout), 2 on a usage error.\n"
    "\n"
    "Example:\n"
    "  rimau fmt --check games/*.game\n"
};
