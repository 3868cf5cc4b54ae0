/* fuzz_turn.c: the turn notation parser: the first line of the input is
 * played as turns (as --after), the rest is read as one turn. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "match.h"
#include "notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rm_game *g = fuzz_game();
    char *text = fuzz_text(data, size);
    if (!g || !text) {
        free(text);
        return 0;
    }
    char *nl = strchr(text, '\n');
    const char *turn = "";
    if (nl) {
        *nl = '\0';
        turn = nl + 1;
    }
    rm_match m;
    if (rm_match_init(&m, g) == 0) {
        char err[512];
        /* A rejected turn says which and why: "turn N 'TEXT': REASON". */
        err[0] = '\0';
        if (rm_match_play_many(&m, text, err, sizeof err) != 0 &&
            (strncmp(err, "turn ", 5) != 0 || !strstr(err, "': ") || strstr(err, "': ")[3] == '\0'))
            abort();
        rm_move moves[RM_MAX_TURN_MOVES];
        int n;
        err[0] = '\0';
        int rc = rm_parse_turn(g, rm_match_state(&m), turn, moves, &n, err, sizeof err);
        if (rc == 0) {
            char buf[RM_MAX_TURN_TEXT];
            rm_format_turn(g, moves, n, buf, sizeof buf);
        } else if (err[0] == '\0' || strcmp(err, "not a legal turn here") == 0) {
            abort(); /* refused without a reason */
        }
        rm_match_result(&m);
        rm_match_undo(&m, 3);
        rm_match_free(&m);
    }
    free(text);
    return 0;
}
