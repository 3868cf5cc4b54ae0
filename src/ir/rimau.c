/* rimau.c: the library API: load a .game file and compile it. */
#include "rimau.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "compile.h"


/* Parses and compiles SRC; with WARN, warnings are reported too, and
 * their number is stored in *NWARNINGS when it is not NULL. */
static rm_game *load(rm_source *src, const rm_choices *choices, FILE *err, int *nerrors,
                     bool warn, int *nwarnings)
{
    rm_diag d;
    diag_init(&d, src, err);
    d.warn = warn;
    rm_game *g = NULL;
    rm_arena *arena = arena_new();
    if (!arena) {
        diag_file_error(&d, "out of memory");
    } else {
        rm_node *root = rm_parse(src, arena, &d);
        if (root)
            g = compile_game(root, choices, arena, &d);
    }
    arena_free(arena);
    if (nerrors)
        *nerrors = d.errors;
    if (nwarnings)
        *nwarnings = d.warnings;
    return g;
}

rm_game *rm_load_file(const char *path, FILE *err, int *nerrors)
{
    return rm_load_file_with(path, NULL, err, nerrors);
}

/* Reads PATH and loads it, as load does. */
static rm_game *load_file(const char *path, const rm_choices *choices, FILE *err, int *nerrors,
                          bool warn, int *nwarnings)
{
    rm_source src;
    rm_diag d;
    diag_init(&d, NULL, err);
    if (nwarnings)
        *nwarnings = 0;
    if (source_read(&src, path, &d) != 0) {
        if (nerrors)
            *nerrors = d.errors;
        return NULL;
    }
    rm_game *g = load(&src, choices, err, nerrors, warn, nwarnings);
    source_free(&src);
    if (g) {
        g->path = malloc(strlen(path) + 1);
        if (g->path)
            strcpy(g->path, path);
    }
    return g;
}

rm_game *rm_load_file_with(const char *path, const rm_choices *choices, FILE *err,
                           int *nerrors)
{
    return load_file(path, choices, err, nerrors, false, NULL);
}

rm_game *rm_check_file(const char *path, const rm_choices *choices, FILE *err, int *nerrors,
                       int *nwarnings)
{
    return load_file(path, choices, err, nerrors, true, nwarnings);
}

rm_game *rm_load_string(const char *path, const char *text, size_t len, FILE *err,
                        int *nerrors)
{
    return rm_load_string_with(path, text, len, NULL, err, nerrors);
}

/* Loads TEXT as load does, with warnings when WARN. */
static rm_game *load_string(const char *path, const char *text, size_t len,
                            const rm_choices *choices, FILE *err, int *nerrors)
{
    rm_source src;
    if (len > RM_MAX_FILE_SIZE) {
        if (err)
            fprintf(err, "%s: error: the text is larger than the limit of %u bytes\n", path,
                    RM_MAX_FILE_SIZE);
        if (nerrors)
            *nerrors = 1;
        return NULL;
    }
    if (source_from_string(&src, path, text, len) != 0) {
        if (err)
            fprintf(err, "%s: error: out of memory\n", path);
        if (nerrors)
            *nerrors = 1;
        return NULL;
    }
    rm_game *g = load(&src, choices, err, nerrors, false, NULL);
    source_free(&src);
    return g;
}

rm_game *rm_load_string_with(const char *path, const char *text, size_t len,
                             const rm_choices *choices, FILE *err, int *nerrors)
{
    return load_string(path, text, len, choices, err, nerrors);
}

void rm_game_destroy(rm_game *g)
{
    game_free(g);
}
