/* rimau.c: the library API: load a .game file and compile it. */
#include "rimau.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "compile.h"


static rm_game *load(rm_source *src, const rm_choices *choices, FILE *err, int *nerrors)
{
    rm_diag d;
    diag_init(&d, src, err);
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
    return g;
}

rm_game *rm_load_file(const char *path, FILE *err, int *nerrors)
{
    return rm_load_file_with(path, NULL, err, nerrors);
}

rm_game *rm_load_file_with(const char *path, const rm_choices *choices, FILE *err,
                           int *nerrors)
{
    rm_source src;
    rm_diag d;
    diag_init(&d, NULL, err);
    if (source_read(&src, path, &d) != 0) {
        if (nerrors)
            *nerrors = d.errors;
        return NULL;
    }
    rm_game *g = load(&src, choices, err, nerrors);
    source_free(&src);
    if (g) {
        g->path = malloc(strlen(path) + 1);
        if (g->path)
            strcpy(g->path, path);
    }
    return g;
}

rm_game *rm_load_string(const char *path, const char *text, size_t len, FILE *err,
                        int *nerrors)
{
    rm_source src;
    if (source_from_string(&src, path, text, len) != 0) {
        if (err)
            fprintf(err, "%s: error: out of memory\n", path);
        if (nerrors)
            *nerrors = 1;
        return NULL;
    }
    rm_game *g = load(&src, NULL, err, nerrors);
    source_free(&src);
    return g;
}

void rm_game_destroy(rm_game *g)
{
    game_free(g);
}
