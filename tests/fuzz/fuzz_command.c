/* fuzz_command.c: the interactive command reader of rimau play: the input
 * is what the humans type, line by line, on both sides. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool quiet;
    if (!quiet) { /* the game's drawing is not what is tested */
        if (!freopen("/dev/null", "w", stdout))
            return 0;
        quiet = true;
    }
    rm_game *g = fuzz_game();
    if (!g || size == 0)
        return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    cli_play_input(g, in);
    fclose(in);
    return 0;
}
