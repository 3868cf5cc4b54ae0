/* cli_play_term.c: what the files of rimau play share at the terminal:
 * the status line before a turn (whose turn, the phase, each side's
 * pieces), what a turn took, one line of the humans' input, and the flag
 * Ctrl-C sets. It calls no other file of play. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdio.h>

#include "cli_play_impl.h"

/* Set by Ctrl-C (SIGINT) during a game: the game stops, saved, after the
 * line being read or the turn being thought. */
volatile sig_atomic_t play_interrupted;

/* Reads one line of at most MAX_LINE bytes into BUF; a longer line is
 * read to its end and reported. Returns 1, 0 at end of input, -1 for
 * a line that was too long, or -2 when Ctrl-C interrupted it. */
int play_read_line(FILE *in, char *buf, size_t size)
{
    size_t n = 0;
    bool too_long = false;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n + 1 < size)
            buf[n++] = (char)c;
        else
            too_long = true;
    }
    buf[n] = '\0';
    if (c == EOF && play_interrupted) {
        clearerr(in);
        return -2;
    }
    if (c == EOF && n == 0 && !too_long)
        return 0;
    return too_long ? -1 : 1;
}

/* "17 on the board, 4 in hand": SIDE's pieces in POS. */
static void side_counts(const rm_game *g, const rm_position *pos, int side, char *buf, size_t size)
{
    int board = 0, hand = 0;
    for (int p = 0; p < g->board.npoints; p++)
        if (pos->count[p] > 0 && pos->kind[p] >= 0 && g->kinds[pos->kind[p]].side == side)
            board += pos->count[p];
    for (int k = 0; k < g->nkinds; k++)
        if (g->kinds[k].side == side)
            hand += pos->hand[k];
    if (hand > 0)
        snprintf(buf, size, "%d on the board, %d in hand", board, hand);
    else
        snprintf(buf, size, "%d on the board", board);
}

void play_show_status(const rm_match *m)
{
    const rm_game *g = m->g;
    const rm_state *st = rm_match_state(m);
    int side = rm_state_to_move(st);
    const rm_phase *ph = rm_side_phase(g, st, side);
    if (ph->before_play)
        printf("before play: %s to move (%s)", g->sides[side].name, ph->name);
    else
        printf("turn %d: %s to move (%s)", rm_state_turn(st) + 1, g->sides[side].name, ph->name);
    rm_position pos;
    rm_state_position(g, st, &pos);
    for (int s = 0; s < 2; s++) {
        char counts[64];
        side_counts(g, &pos, s, counts, sizeof counts);
        printf("%s%s: %s", s ? "; " : " - ", g->sides[s].name, counts);
    }
    putchar('\n');
}

/* After the last turn of M: what it took, and what is left of the side
 * that lost it ("and took e6; men: 17 on the board, 4 in hand"), or nothing
 * when it took nothing. */
void play_say_captures(const rm_match *m)
{
    const rm_game *g = m->g;
    if (m->n == 0)
        return;
    rm_turn_marks t;
    rm_match_turn_marks(m, m->n - 1, &t);
    int mover = rm_state_to_move(&m->states[m->n - 1]);
    int taken = 0;
    for (int p = 0; p < g->board.npoints; p++) {
        if (t.lost[p] <= 0)
            continue;
        printf("%s%s", taken ? ", " : " and took ", g->board.points[p].name);
        if (t.lost[p] > 1)
            printf(" (%d)", t.lost[p]);
        taken++;
    }
    if (!taken)
        return;
    rm_position after;
    rm_state_position(g, &m->states[m->n], &after);
    char counts[64];
    side_counts(g, &after, 1 - mover, counts, sizeof counts);
    printf("; %s: %s", g->sides[1 - mover].name, counts);
}
