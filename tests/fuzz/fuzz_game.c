/* fuzz_game.c: the .game front end (lexer, parser, compile step), then a
 * few turns of the game it describes, and its examples. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "exec.h"
#include "validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_game *g = rm_load_string("fuzz.game", (const char *)data, size, NULL, NULL);
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
