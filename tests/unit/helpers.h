/* helpers.h: shared helpers of the unit tests. */
#ifndef RIMAU_TEST_HELPERS_H
#define RIMAU_TEST_HELPERS_H

#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <dirent.h>

#include "rimau.h"

enum { SHIPPED_MAX = 64 };

static inline int compare_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The file names of the shipped games ($srcdir/games/ *.game), sorted, in
 * NAMES; *DIR gets their folder. Returns their number. */
static inline int shipped_games(char names[SHIPPED_MAX][256], char dir[4096])
{
    const char *srcdir = getenv("srcdir");
    snprintf(dir, 4096, "%s/games", srcdir ? srcdir : ".");
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot open %s; is srcdir set?", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < SHIPPED_MAX) {
        size_t len = strlen(e->d_name);
        if (len >= 6 && len < 256 && strcmp(e->d_name + len - 5, ".game") == 0)
            memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    return n;
}

/* Loads the shipped game FILE ($srcdir/games/FILE). */
static inline rm_game *load_shipped(const char *file)
{
    const char *dir = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/games/%s", dir ? dir : ".", file);
    int nerrors = 0;
    rm_game *g = rm_load_file(path, stderr, &nerrors);
    if (!g)
        fail_msg("cannot load %s (%d errors); is srcdir set?", path, nerrors);
    return g;
}

/* Loads a game from TEXT; the messages go to *ERRORS (freed by the caller)
 * when ERRORS is not NULL. */
static inline rm_game *load_text(const char *text, char **errors, int *nerrors)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    rm_game *g = rm_load_string("t.game", text, strlen(text), f, nerrors);
    long len = ftell(f);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    rewind(f);
    size_t got = fread(buf, 1, (size_t)len, f);
    buf[got] = '\0';
    fclose(f);
    if (errors)
        *errors = buf;
    else
        free(buf);
    return g;
}

/* Loads TEXT, which must be a valid game. */
static inline rm_game *load_ok(const char *text)
{
    char *errors = NULL;
    int n = -1;
    rm_game *g = load_text(text, &errors, &n);
    if (!g)
        fprintf(stderr, "unexpected errors:\n%s", errors);
    assert_non_null(g);
    assert_int_equal(n, 0);
    free(errors);
    return g;
}

/* Loads TEXT, which must be invalid with a message containing WANT. */
static inline void load_fails(const char *text, const char *want)
{
    char *errors = NULL;
    int n = 0;
    rm_game *g = load_text(text, &errors, &n);
    assert_null(g);
    assert_true(n > 0);
    if (!strstr(errors, want))
        fprintf(stderr, "expected '%s' in:\n%s", want, errors);
    assert_non_null(strstr(errors, want));
    free(errors);
}

/* The point named NAME, which must exist. */
static inline int pt(const rm_game *g, const char *name)
{
    int p = board_point(&g->board, name);
    if (p < 0)
        fprintf(stderr, "no point %s\n", name);
    assert_true(p >= 0);
    return p;
}

#define RIMAU_BOARD \
    "board {\n" \
    "    grid 5 x 5 at a3 diagonals alternate\n" \
    "    triangle apex c3 pointing down depth 2\n" \
    "    triangle apex c7 pointing up depth 2\n" \
    "}\n"

#endif
