/* fuzz_game.c: the .game front end (lexer, parser, compile step), then a
 * few turns of the game it describes, and its examples. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "exec.h"
#include "validate.h"

/* Every message of a file that does not load names where and why:
 * "fuzz.game:LINE:COL: error: REASON" (or a note or warning), each
 * followed by its excerpt, indented; at least one is an error. */
static void check_messages(const char *out, size_t len)
{
    bool error = false;
    for (const char *p = out; p < out + len;) {
        const char *eol = memchr(p, '\n', (size_t)(out + len - p));
        if (!eol)
            abort(); /* a message cut mid-line */
        if (strncmp(p, "    ", 4) != 0) {
            int line = 0, col = 0, at = 0;
            char kind[8] = "";
            if (sscanf(p, "fuzz.game:%d:%d: %7[a-z]: %n", &line, &col, kind, &at) != 3 || at == 0)
                if (sscanf(p, "fuzz.game: %7[a-z]: %n", kind, &at) != 1 || at == 0)
                    abort(); /* a message that does not say where */
            if (p + at >= eol || line < 0 || col < 0)
                abort(); /* a message that does not say why */
            error |= strcmp(kind, "error") == 0;
        }
        p = eol + 1;
    }
    if (!error)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f)
        return 0;
    rm_game *g = rm_load_string("fuzz.game", (const char *)data, size, f, NULL);
    fclose(f);
    if (!g)
        check_messages(out, len);
    free(out);
    if (!g)
        return 0;
    if (g->rules.present) {
        rm_state st;
        rm_turnlist l;
        rm_turnlist_init(&l);
        rm_initial(g, &st);
        uint64_t seed = size;
        for (int ply = 0; ply < 16; ply++) {
            int n = rm_legal_turns(g, &st, &l);
            if (n <= 0)
                break;
            seed = seed * 6364136223846793005ull + 1;
            int i = (int)((seed >> 33) % (uint64_t)n);
            rm_apply(g, &st, rm_turn_moves(&l, i), l.turns[i].n);
            if (rm_state_hash(&st) != rm_hash(g, &st))
                abort(); /* the incremental hash drifted */
        }
        rm_turnlist_free(&l);
        for (int i = 0; i < g->nexamples && i < 4; i++) {
            int line;
            char msg[256];
            rm_run_example(g, &g->examples[i], &line, msg, sizeof msg);
        }
    }
    rm_game_destroy(g);
    return 0;
}
