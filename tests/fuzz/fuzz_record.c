/* fuzz_record.c: the game record reader, then a replay of its turns. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "match.h"
#include "record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_game *g = fuzz_game();
    rm_source src;
    if (!g || source_from_string(&src, "fuzz.rec", (const char *)data, size) != 0)
        return 0;
    rm_diag d;
    diag_init(&d, &src, NULL);
    rm_record rec;
    rm_record_parse(&src, &rec, &d);
    rm_record_tag(&rec, "Game");
    rm_match m;
    if (rm_match_init(&m, g) == 0) {
        char err[512];
        for (int i = 0; i < rec.nturns; i++)
            if (rm_match_play_text(&m, rec.turns[i], err, sizeof err) != 0)
                break;
        rm_match_result(&m);
        rm_match_free(&m);
    }
    rm_record_free(&rec);
    source_free(&src);
    return 0;
}
