/* cli_play_term.c: what the files of rimau play share at the terminal:
 * the status line before a turn (whose turn, the phase, each side's
 * pieces), "thinking..." while the computer thinks, what a turn took,
 * one line of the humans' input, and the flag Ctrl-C sets. It calls no
 * other file of play. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

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

/* SIDE's pieces in POS: on the board, in hand. */
static void side_pieces(const rm_game *g, const rm_position *pos, int side, int *board, int *hand)
{
    *board = *hand = 0;
    for (int p = 0; p < g->board.npoints; p++)
        if (pos->count[p] > 0 && pos->kind[p] >= 0 && g->kinds[pos->kind[p]].side == side)
            *board += pos->count[p];
    for (int k = 0; k < g->nkinds; k++)
        if (g->kinds[k].side == side)
            *hand += pos->hand[k];
}

/* "17 on the board, 4 in hand": SIDE's pieces in POS. */
static void side_counts(const rm_game *g, const rm_position *pos, int side, char *buf, size_t size)
{
    int board, hand;
    side_pieces(g, pos, side, &board, &hand);
    if (hand > 0)
        snprintf(buf, size, "%d on the board, %d in hand", board, hand);
    else
        snprintf(buf, size, "%d on the board", board);
}

int play_term_width(void)
{
    const char *c = getenv("COLUMNS");
    if (c && atoi(c) > 0)
        return atoi(c);
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

/* The columns TEXT takes: one a character (UTF-8's continuation bytes
 * take none). */
static int columns(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    return n;
}

/* Cuts TEXT to WIDTH columns (at least 4) at a character's start, "..."
 * standing for what is cut. */
static void cut_to(char *text, int width)
{
    if (columns(text) <= width)
        return;
    int n = 0;
    char *p = text;
    for (; *p; p++)
        if (((unsigned char)*p & 0xC0) != 0x80 && n++ == width - 3)
            break;
    strcpy(p, "..."); /* (the 4 columns or more after P hold 4 bytes) */
}

void play_show_status(const rm_match *m)
{
    const rm_game *g = m->g;
    const rm_state *st = rm_match_state(m);
    int side = rm_state_to_move(st);
    const rm_phase *ph = rm_side_phase(g, st, side);
    char head[4096], line[8192];
    if (ph->before_play)
        snprintf(head, sizeof head, "before play: %s to move (%s)", g->sides[side].name, ph->name);
    else
        snprintf(head, sizeof head, "turn %d: %s to move (%s)", rm_state_turn(st) + 1,
                 g->sides[side].name, ph->name);
    rm_position pos;
    rm_state_position(g, st, &pos);
    char counts[2][64];
    int board[2], hand[2];
    for (int s = 0; s < 2; s++) {
        side_counts(g, &pos, s, counts[s], sizeof counts[s]);
        side_pieces(g, &pos, s, &board[s], &hand[s]);
    }
    snprintf(line, sizeof line, "%s - %s: %s; %s: %s", head, g->sides[0].name, counts[0],
             g->sides[1].name, counts[1]);
    /* too wide for the terminal: the counts in short ("tigers 0+3,
     * buffaloes 4+7 (board+hand)"), and cut if still too wide */
    int width = play_term_width();
    if (columns(line) > width) {
        if (hand[0] + hand[1] > 0)
            snprintf(line, sizeof line, "%s - %s %d+%d, %s %d+%d (board+hand)", head,
                     g->sides[0].name, board[0], hand[0], g->sides[1].name, board[1], hand[1]);
        else
            snprintf(line, sizeof line, "%s - %s %d, %s %d", head, g->sides[0].name, board[0],
                     g->sides[1].name, board[1]);
        cut_to(line, width < 20 ? 20 : width);
    }
    printf("%s\n", line);
}

/* "thinking... 1.2s": a thread that writes it every tenth of a second
 * straight to the terminal (the text is the program's own), until it is
 * told to stop; SHOWN, the length of the text on the line. */
static struct thinking {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool running, stop;
    int shown;
    struct timespec start;
} think = { .lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER };

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

static void put_raw(const char *text, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDOUT_FILENO, text, n);
        if (w <= 0)
            return; /* (a line of progress is not worth an error) */
        text += w;
        n -= (size_t)w;
    }
}

static void *thinking_loop(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&think.lock);
    while (!think.stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&think.wake, &think.lock, &until);
        if (think.stop)
            break;
        char text[64];
        int n = snprintf(text, sizeof text, "\rthinking... %.1fs", since(&think.start));
        put_raw(text, (size_t)n);
        think.shown = n - 1;
    }
    pthread_mutex_unlock(&think.lock);
    return NULL;
}

void play_thinking_start(void)
{
    if (think.running || !isatty(STDOUT_FILENO))
        return;
    fflush(stdout);
    think.stop = false;
    think.shown = 0;
    clock_gettime(CLOCK_MONOTONIC, &think.start);
    /* the thread takes no signal: Ctrl-C goes to the game's thread */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    think.running = pthread_create(&think.thread, NULL, thinking_loop, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void play_thinking_stop(void)
{
    if (!think.running)
        return;
    pthread_mutex_lock(&think.lock);
    think.stop = true;
    pthread_cond_signal(&think.wake);
    pthread_mutex_unlock(&think.lock);
    pthread_join(think.thread, NULL);
    think.running = false;
    if (think.shown > 0) { /* blanks over it, and back to the line's start */
        char blank[80];
        int n = think.shown < (int)sizeof blank - 2 ? think.shown : (int)sizeof blank - 2;
        blank[0] = '\r';
        memset(blank + 1, ' ', (size_t)n);
        blank[n + 1] = '\r';
        put_raw(blank, (size_t)n + 2);
    }
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
