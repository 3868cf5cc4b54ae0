/* fuzz_common.h: what the fuzz targets share: a small game using every
 * kind of action, loaded once. */
#ifndef RIMAU_FUZZ_COMMON_H
#define RIMAU_FUZZ_COMMON_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "rimau.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char fuzz_game_text[] =
    "game \"fuzz\"\n"
    "board {\n grid 5 x 5 at a3 diagonals alternate\n"
    " triangle apex c3 pointing down depth 2\n triangle apex c7 pointing up depth 2\n}\n"
    "side tigers { piece tiger 2 stacks }\n"
    "side men { piece man 24 stacks\n piece woman 1 }\n"
    "setup { tiger at c3 c7\n man at central-square\n man in hand 15\n woman at a1 }\n"
    "option chain = no | yes\n"
    "rules { first tigers\n men lose with 3 pieces\n draw after 300 turns }\n"
    "phase opening of tigers { turn remove man 3 times then relocate tiger to around-centre optional\n ends after 1 turn }\n"
    "phase hunting of tigers {\n if chain = no { turn step tiger or slide tiger or capture tiger over man lines odd\n"
    " } else { turn step tiger or capture tiger over man, woman chain removing at end } }\n"
    "phase dropping of men { turn drop man or leap man over woman\n ends when hand empty }\n"
    "phase moving of men { turn step man or step woman or leap man over woman }\n";

/* The game, loaded on first use. It must load: a target whose game does
 * not load would return at once on every input and fuzz nothing, so that
 * aborts (and make check, which replays inputs through the targets, fails). */
static inline rm_game *fuzz_game(void)
{
    static rm_game *g;
    if (!g) {
        g = rm_load_string("fuzz.game", fuzz_game_text, sizeof fuzz_game_text - 1, stderr, NULL);
        if (!g)
            abort();
    }
    return g;
}

/* A NUL-terminated copy of the input (the caller frees it). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = '\0';
    }
    return s;
}

#endif
