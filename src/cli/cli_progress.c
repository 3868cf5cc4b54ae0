/* cli_progress.c: the progress line of a solve at a terminal, one line
 * on standard error redrawn in place with '\r': rimau solve's (and its
 * --verify), and the solve a perfect player makes as it is made (play,
 * selfplay, analyse), which the player passes up through
 * rm_player_options, as players write nothing. Never at rimau engine,
 * whose solves report to no one. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "cli.h"

void cli_solve_line_start(cli_solve_line *line, bool quiet)
{
    line->on = !quiet && isatty(STDERR_FILENO);
    line->width = 0;
}

void cli_solve_line_draw(void *ctx, const rm_solve_progress *p)
{
    cli_solve_line *b = ctx;
    if (!b->on)
        return;
    char line[256];
    const char *what = p->stage == 0 ? "forward" : p->stage == 1 ? "back" : "done";
    int pct = p->positions ? (int)(100.0 * (double)p->done / (double)(p->positions + 1)) : 100;
    /* (DONE counts indices, aliases of a class included, and POSITIONS
     * the classes: it passed 100%, and the bar its brackets) */
    if (p->stage > 0 || pct > 100)
        pct = 100;
    int fill = pct / 5;
    int n = snprintf(line, sizeof line, "\rtier %d %-7s [%.*s%*s] %3d%% %.120s", p->tier, what, fill,
                     "####################", 20 - fill, "", pct, p->name);
    /* (blanks over what is left of a longer line before) */
    int pad = b->width > n ? b->width - n : 0;
    fprintf(stderr, "%s%*s", line, pad, "");
    b->width = n;
    fflush(stderr);
}

void cli_solve_line_clear(cli_solve_line *line)
{
    if (line->on && line->width) {
        fprintf(stderr, "\r%*s\r", line->width, "");
        fflush(stderr);
        line->width = 0;
    }
}
