/* fuzz_summarize.c: the reader of selfplay's JSON lines, on the input as a
 * whole file, as rimau summarize reads each file: every line is counted
 * once, as blank, a game or an error, never split or half read; and each
 * game read, written again as selfplay writes it, reads back the same,
 * its option values too. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "cli_json.h"

static void same(const cli_outcome *a, const cli_outcome *b)
{
    if (a->index != b->index || a->seed != b->seed || a->winner != b->winner ||
        a->turns != b->turns || a->captures != b->captures)
        abort();
    for (int s = 0; s < 2; s++)
        if (strcmp(a->side[s], b->side[s]) != 0 || strcmp(a->player[s], b->player[s]) != 0)
            abort();
    if (!a->options != !b->options ||
        (a->options && (a->options->n != b->options->n || !cli_options_hold(a->options, b->options))))
        abort();
}

static int check_game(const cli_outcome *o, const char *file, long lineno, void *ctx)
{
    (void)file;
    (void)lineno;
    ++*(long *)ctx;
    if (o->index < 0 || o->turns < 0 || o->captures < 0 || o->winner < -1 || o->winner > 1)
        abort();
    char why[256];
    int col;
    char *line = cli_outcome_line(o, why, sizeof why);
    if (!line) {
        /* a line of the input near the limit, with fewer blanks than the
         * writer puts, may not fit once written; nothing else may fail */
        if (!strstr(why, "a line may have"))
            abort();
        return 0;
    }
    cli_outcome back;
    if (cli_outcome_read(line, strlen(line), &back, why, sizeof why, &col) != 0)
        abort();
    same(o, &back);
    cli_outcome_free(&back);
    free(line);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    long games = 0;
    cli_json_counts c;
    int rc = cli_json_read_file(f, "fuzz.json", NULL, check_game, &games, &c);
    fclose(f);
    long lines = data[size - 1] != '\n';
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    if (c.lines != lines || c.games != games || c.refused != 0 ||
        c.blank + c.games + c.bad != c.lines || (rc == 0) != (c.bad == 0))
        abort();
    return 0;
}
