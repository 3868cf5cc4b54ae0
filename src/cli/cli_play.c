/* cli_play.c: playing a game at the terminal, and replaying records. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#include "cli.h"
#include "cli_paths.h"
#include "notation.h"
#include "players.h"
#include "record.h"
#include "render.h"

enum { PLAYER_HUMAN, PLAYER_COMPUTER };

#define MAX_LINE 4096

/* Set by Ctrl-C (SIGINT) during a game: the game stops, saved, after the
 * line being read or the turn being thought. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* Reads one line of at most MAX_LINE bytes into BUF; a longer line is
 * read to its end and reported. Returns 1, 0 at end of input, -1 for
 * a line that was too long, or -2 when Ctrl-C interrupted it. */
static int read_line(FILE *in, char *buf, size_t size)
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
    if (c == EOF && interrupted) {
        clearerr(in);
        return -2;
    }
    if (c == EOF && n == 0 && !too_long)
        return 0;
    return too_long ? -1 : 1;
}

/* Draws the position now; in colour, with the last turn marked. */
static void draw(const rm_match *m, bool colour)
{
    const rm_game *g = m->g;
    rm_position pos;
    rm_state_position(g, rm_match_state(m), &pos);
    rm_view v = { pos.kind, pos.count, pos.hand };
    uint8_t mark[RM_MAX_POINTS];
    if (colour)
        cli_last_turn_marks(m, mark);
    cli_draw(g, &v, colour && m->n > 0 ? mark : NULL, colour);
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

static void show_status(const rm_match *m)
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
 * that lost it ("takes e6; men: 17 on the board, 4 in hand"), or nothing
 * when it took nothing. */
static void say_captures(const rm_match *m)
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
        printf("%s%s", taken ? ", " : " takes ", g->board.points[p].name);
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

static void play_help(void)
{
    printf("Type a turn in notation, or a command:\n"
           "  a drop:    c4  (or kind@c4)      a step or slide:  c3-c4\n"
           "  a capture: c3xc5, a chain c3xc5xe5  a removal:      xb4\n"
           "  the moves of one turn joined by commas: xb4,xc4,xd4,c7-a1\n"
           "commands:\n"
           "  moves [POINT]  list the legal turns (of the piece on POINT, or ending there)\n"
           "  show [POINT]   draw the board with the points those turns go to marked\n"
           "  board          draw the board again, and print its position string\n"
           "  undo           take back your last turn (and the computer's since)\n"
           "  save [FILE]    save the game so far (to the --save file by default)\n"
           "  hint           ask the computer for a turn (the opponent's player, or ab:1s)\n"
           "  help           this text\n"
           "  quit           stop the game (with --save, it is saved)\n");
}

struct play_opts {
    FILE *in;                 /* where the humans' lines come from */
    const char *file;
    rm_choices choices;
    int player[2];
    const char *player_text[2];
    rm_player *computer[2];
    const char *save;
    bool force;                /* --force: replace a file that is not a record */
    bool save_failed;          /* a save during the game failed (said once) */
    /* The live record at o->save (see record.h): open to add turns at its
     * end, holding live_n turns; rewritten whole at the start, after an
     * undo, and once at the end (a finished record). */
    rm_out live;
    bool live_open;
    int live_n;
    int retry_at;              /* after a failure: the turn at which a whole
                                * write is tried again (the count doubles) */
    char *save_buf;            /* o->save when the prompt's 'save FILE' chose it */
    uint64_t seed;
    bool quiet;
    bool colour;               /* boards in colour (--color) */
    bool sandbox;              /* cli_play_input (the fuzz target): no file is written,
                                * and a hint is a search of depth 1, not a second */
    /* --resume: the turns of the record the game goes on from */
    const char *resume;
    const char *position;      /* --position: the game starts there */
    rm_record rec;
    rm_source rec_src;
    int resume_turns;          /* how many of rec's turns are played first */
};

/* What a record of O's game says beside its turns. */
static rm_record_info record_info(const struct play_opts *o, int result, const char *why)
{
    return (rm_record_info){ o->file, &o->choices, { o->player_text[0], o->player_text[1] },
                             result, why };
}

/* While a record is written whole, a kill by SIGTERM, SIGHUP, SIGQUIT or
 * Ctrl-C waits for the write to end (its temporary file renamed into
 * place or removed): only SIGKILL can leave a temporary file, and the next
 * write of the same record removes it (rm_out_open). */
static void hold_signals(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGQUIT);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

static void release_signals(const sigset_t *old)
{
    pthread_sigmask(SIG_SETMASK, old, NULL);
}

static int save_whole(const char *path, const rm_match *m, const rm_record_info *info, char *err,
                      size_t errsize)
{
    sigset_t old;
    hold_signals(&old);
    int rc = rm_record_save(path, m, info, err, errsize);
    release_signals(&old);
    return rc;
}

/* Closes the live record, as it is (its turns are on disk already). */
static void live_close(struct play_opts *o)
{
    if (!o->live_open)
        return;
    char err[512];
    /* (a failure here loses nothing: the record is written whole next) */
    (void)rm_out_commit(&o->live, err, sizeof err);
    o->live_open = false;
}

/* Is PATH the file the live record is open on (another name of it, say)? */
static bool is_live_file(const struct play_opts *o, const char *path)
{
    struct stat a, b;
    return o->live_open && stat(path, &a) == 0 && fstat(o->live.fd, &b) == 0 &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static int save_record(struct play_opts *o, rm_match *m, int result)
{
    if (!o->save)
        return 0;
    live_close(o);
    char err[512], other[MAX_LINE + 1];
    rm_record_info info = record_info(o, result, m->why);
    const char *path = o->save;
    bool tty = o->in == stdin && isatty(STDIN_FILENO);
    while ((path != o->save && cli_output_ok(path, CLI_OUT_RECORD, o->force, err, sizeof err) != 0) ||
           save_whole(path, m, &info, err, sizeof err) != 0) {
        fprintf(stderr, "rimau play: %s\n", err);
        /* At a terminal, the game is not lost: offer another place. */
        if (tty) {
            printf("save the record to another file (an empty line: do not save)? ");
            fflush(stdout);
            if (read_line(o->in, other, sizeof other) == 1 && other[0]) {
                path = other;
                continue;
            }
        }
        fprintf(stderr, "rimau play: the game is not saved; its turns:");
        for (int i = 0; i < m->n; i++)
            fprintf(stderr, " %d. %s", i + 1, m->texts[i]);
        fputc('\n', stderr);
        return EXIT_INVALID;
    }
    if (!o->quiet)
        printf("saved the record to %s\n", path);
    return 0;
}

/* Keeps the record at O->save up to date as the game is played, so that a
 * game whose process is killed leaves a record of every turn played: a
 * turn is added at the end of the live record (one line, made durable,
 * whatever the game's length); the record is written whole (a live
 * record, through a temporary file renamed into place) when it is not
 * open yet or no longer holds the game's turns (REWRITE: after an undo).
 * Says so once when it cannot; the game goes on, a whole write is tried
 * again when the game's turns have doubled, and at the end (save_record).
 * Returns -1 when it cannot. */
static int save_progress(struct play_opts *o, const rm_match *m, bool rewrite)
{
    if (!o->save)
        return 0;
    char err[512];
    if (o->live_open && !rewrite) {
        if (m->n == o->live_n)
            return 0;
        if (m->n == o->live_n + 1) {
            if (rm_record_append(&o->live, m->n, m->texts[m->n - 1], err, sizeof err) == 0) {
                o->live_n = m->n;
                return 0;
            }
            rm_out_abort(&o->live);
            o->live_open = false;
            goto failed;
        }
    }
    if (o->save_failed && m->n < o->retry_at)
        return -1;
    live_close(o);
    rm_record_info info = record_info(o, RM_ONGOING, "");
    sigset_t old;
    hold_signals(&old);
    int rc = rm_record_start(&o->live, o->save, m, &info, err, sizeof err);
    release_signals(&old);
    if (rc == 0) {
        o->live_open = true;
        o->live_n = m->n;
        if (o->save_failed)
            fprintf(stderr, "rimau play: the record is saved to %s again (%d turns)\n",
                    o->save, m->n);
        o->save_failed = false;
        return 0;
    }
failed:
    if (!o->save_failed)
        fprintf(stderr, "rimau play: %s%s\n", err,
                m->n > 0 ? " (the game goes on; it is saved when it can be, and at its end)" : "");
    o->save_failed = true;
    o->retry_at = m->n > 0 ? 2 * m->n : 1;
    return -1;
}

/* The width of the terminal: $COLUMNS, else the terminal's, else 80. */
static int term_width(void)
{
    const char *c = getenv("COLUMNS");
    if (c && atoi(c) > 0)
        return atoi(c);
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

/* The prompt's 'moves [POINT]': how many legal turns, then the turns in
 * columns as wide as the terminal. */
static void list_moves(rm_match *m, const char *arg)
{
    const rm_game *g = m->g;
    int p = -1;
    if (*arg) {
        p = board_point(&g->board, arg);
        if (p < 0) {
            printf("'%s': unknown point; 'moves' lists all the legal turns, 'moves c7' those "
                   "of the piece on c7 or ending there\n", arg);
            return;
        }
    }
    const rm_turnlist *l = rm_match_turns(m);
    int n = 0, n_texts = 0, widest = 0;
    char **texts = calloc((size_t)l->n + 1, sizeof *texts);
    for (int i = 0; texts && i < l->n; i++) {
        if (p >= 0 && !cli_turn_touches(l, i, p))
            continue;
        n++;
        char *t = rm_turn_text(g, rm_turn_moves(l, i), l->turns[i].n);
        if (!t)
            break;
        texts[n_texts++] = t;
        if ((int)strlen(t) > widest)
            widest = (int)strlen(t);
    }
    if (p >= 0)
        printf("%d legal turn%s of the piece on %s or ending there\n", n, n == 1 ? "" : "s", arg);
    else
        printf("%d legal turn%s\n", n, n == 1 ? "" : "s");
    if (n_texts < n)
        printf("(out of memory: %d of them shown)\n", n_texts);
    int width = term_width(), colw = widest + 2;
    int cols = colw > 0 && width / colw > 0 ? width / colw : 1;
    int rows = (n_texts + cols - 1) / cols;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int i = c * rows + r;
            if (i >= n_texts)
                break;
            bool last = c == cols - 1 || i + rows >= n_texts;
            if (last)
                fputs(texts[i], stdout);
            else
                printf("%-*s", colw, texts[i]);
        }
        putchar('\n');
    }
    for (int i = 0; i < n_texts; i++)
        free(texts[i]);
    free(texts);
}

/* The prompt's 'show [POINT]': the board with the points marked where the
 * legal turns (of the piece on POINT, or ending there) go. */
static void show_moves(const struct play_opts *o, rm_match *m, const char *arg)
{
    const rm_game *g = m->g;
    int p = *arg ? board_point(&g->board, arg) : -1;
    if (*arg && p < 0) {
        printf("'%s': unknown point; 'show' marks where the legal turns go, 'show c7' where "
               "those of the piece on c7 or ending there go\n", arg);
        return;
    }
    uint8_t mark[RM_MAX_POINTS];
    rm_position pos;
    rm_state_position(g, rm_match_state(m), &pos);
    rm_view v = { pos.kind, pos.count, pos.hand };
    int n = cli_reach_marks(g, rm_match_turns(m), p, mark);
    cli_draw(g, &v, mark, o->colour);
    if (p >= 0)
        printf("%d legal turn%s of the piece on %s or ending there\n", n, CLI_S(n), arg);
    else
        printf("%d legal turn%s\n", n, CLI_S(n));
}

/* The prompt's 'save [FILE]': the game so far to FILE, else to the
 * --save file, else to a new file named after the game and the time;
 * without --save, the file it chose is where the game is saved from then
 * on. */
static void save_now(struct play_opts *o, const rm_match *m, const char *arg)
{
    char name[512], err[512];
    const char *path = *arg ? arg : o->save;
    if (!path) {
        const char *base = strrchr(o->file, '/');
        base = base ? base + 1 : o->file;
        size_t len = strcspn(base, ".");
        time_t now = time(NULL);
        char stamp[32];
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
        snprintf(name, sizeof name, "%.*s-%s.rec", (int)(len < 200 ? len : 200), base, stamp);
        path = name;
    }
    if (path != o->save && cli_output_ok(path, CLI_OUT_RECORD, o->force, err, sizeof err) != 0) {
        printf("the game is not saved: %s\n", err);
        return;
    }
    bool first = !o->save;
    if (first) {
        free(o->save_buf);
        o->save = o->save_buf = strdup(path);
        if (!o->save) {
            printf("the game is not saved: out of memory\n");
            return;
        }
        path = o->save;
    }
    if (path == o->save || is_live_file(o, path)) {
        /* The record kept after every turn: written whole again, live. */
        o->save_failed = false;
        if (save_progress(o, m, true) != 0) {
            printf("the game is not saved (the message above)\n");
            return;
        }
    } else {
        rm_record_info info = record_info(o, RM_ONGOING, "");
        if (save_whole(path, m, &info, err, sizeof err) != 0) {
            printf("the game is not saved: %s\n", err);
            return;
        }
    }
    printf("saved the game so far (%d turn%s) to %s\n", m->n, m->n == 1 ? "" : "s", path);
    if (first)
        printf("from now on, it is saved there after every turn\n");
}

/* A line that is no turn because a blank stands between two words (as
 * "quit now"): turns have blanks only next to ',', '-', 'x' or '@'. */
static bool blank_between_words(const char *p)
{
    for (const char *q = p; *q; q++) {
        if (!isspace((unsigned char)*q) || q == p)
            continue;
        const char *r = q;
        while (isspace((unsigned char)*r))
            r++;
        char before = q[-1], after = *r;
        if (!after || isspace((unsigned char)before))
            continue;
        if (!strchr(",-x@", before) && !strchr(",-x@", after))
            return true;
    }
    return false;
}

/* Undo at the prompt: back to the position before the last turn a human
 * played, taking back the computer's turns since with it. */
static void undo_turn(struct play_opts *o, rm_match *m)
{
    int target = -1;
    for (int j = m->n - 1; j >= 0 && target < 0; j--)
        if (o->player[rm_state_to_move(&m->states[j])] == PLAYER_HUMAN)
            target = j;
    if (target < 0) {
        printf("nothing to undo\n");
        return;
    }
    int k = rm_match_undo(m, m->n - target);
    printf("took back %d turn%s\n", k, k > 1 ? "s" : "");
    /* (the record, which has those turns, is written again without them) */
    save_progress(o, m, true);
    if (!o->quiet)
        draw(m, o->colour);
    show_status(m);
}

#ifdef HAVE_LIBEDIT
/* Tab completion at the prompt: the legal turns of the match being
 * played, and the commands. */
static rm_match *completing;

static char *complete_next(const char *text, int state)
{
    static const char *const commands[] = { "moves", "show", "undo", "save", "board", "help", "quit" };
    const int ncommands = (int)(sizeof commands / sizeof commands[0]);
    static int i;
    if (state == 0)
        i = 0;
    size_t len = strlen(text);
    const rm_turnlist *l = rm_match_turns(completing);
    for (; i < l->n; ) {
        char *t = rm_turn_text(completing->g, rm_turn_moves(l, i), l->turns[i].n);
        i++;
        if (t && strncmp(t, text, len) == 0)
            return t;
        free(t);
    }
    for (; i < l->n + ncommands; ) {
        const char *c = commands[i++ - l->n];
        if (strncmp(c, text, len) == 0)
            return strdup(c);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, complete_next);
}

/* Reads a line at the terminal with line editing and history; returns
 * as read_line does. */
static int edit_line(rm_match *m, const char *prompt, char *buf, size_t size)
{
    static bool ready;
    if (!ready) {
        rl_readline_name = "rimau";
        rl_attempted_completion_function = complete;
        rl_completer_word_break_characters = (char *)" \t";
        /* (stdout is a stream that keeps control characters off the
         * terminal, with no file descriptor: libedit needs the terminal's;
         * it shows only the prompt, of a side's name, and what is typed) */
        int fd = dup(STDOUT_FILENO);
        FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!out) {
            if (fd >= 0)
                close(fd);
            return read_line(stdin, buf, size);
        }
        fflush(stdout);
        rl_instream = stdin;
        rl_outstream = out;
        ready = true;
    }
    completing = m;
    fflush(stdout);
    char *line = readline(prompt);
    if (interrupted) {
        free(line);
        return -2;
    }
    if (!line)
        return 0;
    int r = 1;
    if (strlen(line) >= size)
        r = -1;
    else
        strcpy(buf, line);
    if (*line)
        add_history(line);
    free(line);
    return r;
}
#endif

/* One human turn; returns 1 to go on, 0 to stop (quit, end of input or
 * Ctrl-C). */
static int human_turn(struct play_opts *o, rm_match *m, bool tty)
{
    char line[MAX_LINE + 1];
    FILE *in = o->in;
    for (;;) {
        char prompt[80];
        snprintf(prompt, sizeof prompt, "%s> ", m->g->sides[rm_state_to_move(rm_match_state(m))].name);
        int r;
#ifdef HAVE_LIBEDIT
        if (tty) {
            r = edit_line(m, prompt, line, sizeof line);
        } else
#endif
        {
            if (tty) {
                fputs(prompt, stdout);
                fflush(stdout);
            }
            r = read_line(in, line, sizeof line);
        }
        if (r == -2)
            return 0;
        if (r == 0) {
            printf("end of input: the game stops here\n");
            return 0;
        }
        if (r < 0) {
            printf("that line is longer than %d characters; type a turn or 'help'\n", MAX_LINE);
            continue;
        }
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        char *e = p + strlen(p);
        while (e > p && isspace((unsigned char)e[-1]))
            *--e = '\0';
        if (!*p || *p == '#')
            continue;
        /* the command's word, and what follows it */
        size_t wlen = strcspn(p, " \t");
        char *arg = p + wlen;
        while (isspace((unsigned char)*arg))
            arg++;
        if (strcmp(p, "quit") == 0 || strcmp(p, "q") == 0)
            return 0;
        if (strcmp(p, "help") == 0 || strcmp(p, "?") == 0) {
            play_help();
            continue;
        }
        if (strcmp(p, "hint") == 0) {
            /* the computer opponent's player, or a second of alpha-beta;
             * a player of its own, not to disturb the opponent's search */
            int other = 1 - rm_state_to_move(rm_match_state(m));
            const char *spec = o->player[other] != PLAYER_HUMAN ? o->player_text[other]
                               : o->sandbox                         ? "ab:1"
                                                                    : "ab:1s";
            char err[512];
            rm_player *hp = rm_player_new(m->g, spec, o->seed, err, sizeof err);
            int i = hp ? rm_player_choose(hp, m) : -1;
            const rm_turnlist *l = rm_match_turns(m);
            if (i >= 0 && i < l->n) {
                printf("hint (%s): ", spec);
                cli_put_turn(stdout, m->g, rm_turn_moves(l, i), l->turns[i].n);
                printf("\n");
            } else {
                printf("no hint: %s\n", hp ? "out of memory" : err);
            }
            rm_player_free(hp);
            continue;
        }
        if (strcmp(p, "board") == 0) {
            draw(m, o->colour);
            show_status(m);
            cli_put_position(stdout, m->g, rm_match_state(m));
            continue;
        }
        if (wlen == 5 && strncmp(p, "moves", 5) == 0 && !strchr(arg, ' ')) {
            list_moves(m, arg);
            continue;
        }
        if (wlen == 4 && strncmp(p, "show", 4) == 0 && !strchr(arg, ' ')) {
            show_moves(o, m, arg);
            continue;
        }
        if (wlen == 4 && strncmp(p, "save", 4) == 0 && !strchr(arg, ' ')) {
            if (o->sandbox)
                printf("save: no file is written here\n");
            else
                save_now(o, m, arg);
            continue;
        }
        if (strcmp(p, "undo") == 0) {
            undo_turn(o, m);
            continue;
        }
        if (blank_between_words(p)) {
            printf("'%s': not a turn or a command (blanks in a turn stand only next to ',', "
                   "'-', 'x' or '@'); type 'help' for help\n", p);
            continue;
        }
        char err[512];
        if (rm_match_play_text(m, p, err, sizeof err) != 0) {
            printf("'%s': %s; type 'moves' for the legal turns, 'help' for help\n", p, err);
            continue;
        }
        return 1;
    }
}

/* Plays G with the players of O, reading the humans' lines from O->in. */
static int play_match(struct play_opts *o, rm_game *g)
{
    rm_match m;
    int status = 0;
    if (rm_match_init(&m, g) != 0) {
        fprintf(stderr, "rimau play: out of memory\n");
        return EXIT_INVALID;
    }
    bool tty = o->in == stdin && isatty(STDIN_FILENO);
    if (o->position && cli_set_position(&m, o->position, "--position") != 0) {
        rm_match_free(&m);
        return EXIT_INVALID;
    }
    for (int i = 0; i < o->resume_turns; i++) {
        char err[512];
        if (rm_match_play_text(&m, o->rec.turns[i], err, sizeof err) != 0) {
            if (i == o->resume_turns - 1 && !o->rec.ended && !o->rec.live) {
                /* the last turn of a record cut off: not whole (a live
                 * record's cut line was left out by the reader: there, a
                 * whole line is a whole turn) */
                fprintf(stderr, "%s: note: the record is cut off in turn %d: the game goes on "
                        "from turn %d\n", o->resume, i + 1, i + 1);
                break;
            }
            rm_diag d;
            diag_init(&d, &o->rec_src, stderr);
            diag_error(&d, o->rec.at[i], "turn %d '%s': %s: the game cannot go on from this record",
                       i + 1, SHOWN(o->rec.turns[i]), err);
            rm_match_free(&m);
            return EXIT_INVALID;
        }
    }
    /* A record whose result its turns do not give is wrong somewhere:
     * going on with it would replace it. ('*' claims no result: a live
     * record's game may have ended before its record was written whole.) */
    const char *claimed = o->resume ? rm_record_tag(&o->rec, "Result") : NULL;
    int now = claimed ? rm_match_result(&m) : RM_FAILED;
    char given[128];
    if (now != RM_FAILED && strcmp(claimed, "*") != 0 &&
        strcmp(claimed, rm_result_text(g, now, given, sizeof given)) != 0) {
        rm_diag d;
        diag_init(&d, &o->rec_src, stderr);
        d.warn = true;
        const char *tag = strstr(o->rec_src.text, "[Result");
        rm_span at = { tag ? (uint32_t)(tag - o->rec_src.text) : 0, 0 };
        at.end = at.start + (tag ? 7 : 0);
        if (!o->force) {
            diag_error(&d, at, "the record's result is '%s', but its turns give '%s': it is not "
                       "resumed (--force goes on from its turns)", SHOWN(claimed), given);
            rm_match_free(&m);
            return EXIT_INVALID;
        }
        diag_warning(&d, at, "the record's result is '%s', but its turns give '%s': going on "
                     "from its turns (--force)", SHOWN(claimed), given);
    }
    if (o->resume)
        printf("%s: going on after turn %d\n", o->resume, m.n);
    printf("%s: %s (%s) against %s (%s)\n", g->name, g->sides[0].name, o->player_text[0],
           g->sides[1].name, o->player_text[1]);
    if (tty)
        printf("Type 'help' for help.\n");
    if (!o->quiet)
        draw(&m, o->colour);
    /* The record's path is tried before the first turn: a game is not
     * played to find out at its end that it cannot be saved. */
    if (save_progress(o, &m, true) != 0) {
        rm_match_free(&m);
        return EXIT_INVALID;
    }
    int result;
    bool stopped = false, failed = false;
    /* Ctrl-C stops the game as quitting does, saved, but exits 130. */
    struct sigaction sa, old_sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    interrupted = 0;
    sigaction(SIGINT, &sa, &old_sa);
    while ((result = rm_match_result(&m)) == RM_ONGOING) {
        rm_search_info info = { 0 };
        show_status(&m);
        const rm_state *st = rm_match_state(&m);
        int side = rm_state_to_move(st);
        if (o->player[side] == PLAYER_HUMAN) {
            if (!human_turn(o, &m, tty)) {
                stopped = true;
                break;
            }
        } else {
            int i = rm_player_choose(o->computer[side], &m);
            const rm_turnlist *l = rm_match_turns(&m);
            if (i < 0 || i >= l->n || rm_match_play(&m, rm_turn_moves(l, i), l->turns[i].n) != 0) {
                fprintf(stderr, "rimau play: out of memory\n");
                stopped = failed = true;
                break;
            }
            rm_player_info(o->computer[side], &info);
        }
        /* Saved before anything is printed: a reader that goes away (a
         * closed pipe kills the process) loses no turn. */
        save_progress(o, &m, false);
        /* (an undo at the prompt may have changed whose turn it was) */
        side = rm_state_to_move(&m.states[m.n - 1]);
        printf("%d. %s plays %s", m.n, g->sides[side].name, m.texts[m.n - 1]);
        say_captures(&m);
        putchar('\n');
        if (info.capped) /* a seed no longer says which turn comes: say so */
            fprintf(stderr, "rimau play: note: turn %d: %s stopped at its time cap\n", m.n,
                    rm_player_spec(o->computer[side]));
        if (!o->quiet)
            draw(&m, o->colour);
        if (interrupted) {
            stopped = true;
            break;
        }
    }
    sigaction(SIGINT, &old_sa, NULL);
    char res[128];
    if (result == RM_FAILED) {
        /* not a result: an error, and the game so far is kept unfinished */
        fprintf(stderr, "rimau play: error: after turn %d: %s: the game cannot go on\n", m.n,
                m.why);
        result = RM_ONGOING;
        stopped = failed = true;
    } else if (stopped) {
        result = RM_ONGOING;
        printf("%sthe game is not finished (%d turn%s played)\n",
               interrupted ? "interrupted: " : "", m.n, CLI_S(m.n));
    } else {
        printf("result: %s (%s) after %d turn%s\n", rm_result_text(g, result, res, sizeof res),
               m.why, m.n, CLI_S(m.n));
    }
    status = save_record(o, &m, result);
    /* Quitting and the end of input are no error; Ctrl-C exits as a
     * program it stopped does. */
    if (!status && failed)
        status = EXIT_INVALID;
    if (!status && interrupted)
        status = 128 + SIGINT;
    rm_match_free(&m);
    return status;
}


static char *find_game_in(const char *record_path, const char *game, const char *file);

/* Adds the options REC's [Option "NAME=VALUE"] tags choose to CHOICES
 * (their texts are split in place, and live as long as REC). */
static void record_choices(rm_record *rec, rm_choices *choices)
{
    for (int i = 0; i < rec->ntags && choices->n < RM_MAX_OPTIONS; i++) {
        char *eq = strchr(rec->value[i], '=');
        if (strcmp(rec->key[i], "Option") == 0 && eq) {
            *eq = '\0';
            choices->name[choices->n] = rec->value[i];
            choices->value[choices->n++] = eq + 1;
        }
    }
}

/* The value of option NAME (as "--save") at ARGV[*I]: after its '=', or
 * the next argument (then *I moves on to it); NULL when there is none. */
/* Adds the option values GIVEN (replay's -o) to CHOICES, REC's own: a
 * value the record's Option tags do not say is GIVEN's, and one they say
 * must be GIVEN's. 0, or -1 after an error at the tag (D, in SRC). */
static int agree_choices(rm_choices *choices, const rm_choices *given, const rm_source *src,
                         rm_diag *d)
{
    int n = choices->n;
    for (int k = 0; k < given->n; k++) {
        int i = 0;
        while (i < n && strcmp(choices->name[i], given->name[k]) != 0)
            i++;
        if (i == n && choices->n < RM_MAX_OPTIONS) {
            choices->name[choices->n] = given->name[k];
            choices->value[choices->n++] = given->value[k];
        } else if (i < n && strcmp(choices->value[i], given->value[k]) != 0) {
            /* (the tag's text, "[Option "NAME=": where the record says it) */
            char tag[200];
            snprintf(tag, sizeof tag, "[Option \"%s=", given->name[k]);
            const char *at = strstr(src->text, tag);
            rm_span span = { at ? (uint32_t)(at - src->text) : 0, 0 };
            span.end = span.start + (at ? (uint32_t)strlen(tag) - 1 : 0);
            diag_error(d, span, "the record's game was played with %s=%s, not with -o %s=%s",
                       SHOWN(choices->name[i]), SHOWN(choices->value[i]), SHOWN(given->name[k]),
                       SHOWN(given->value[k]));
            return -1;
        }
    }
    return 0;
}

static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    return ++*i < argc ? argv[*i] : NULL;
}

static void resume_free(struct play_opts *o)
{
    if (!o->resume)
        return;
    rm_record_free(&o->rec);
    source_free(&o->rec_src);
    o->resume = NULL;
}

/* --resume: reads O->resume, the record of a game to go on with: its
 * game file (into GAME, SIZE bytes), its options and its turns. A live
 * record (its game was killed while it was played) is read to its last
 * whole line, and a cut line left out is said so; a record that is wrong
 * is resumed only with --force (from its last good turn: going on replaces
 * the record). The record is saved again after every turn, unless --save
 * names another file. Returns 0, or an exit status after a message. */
static int read_resume(struct play_opts *o, char *game, size_t size)
{
    rm_diag d;
    diag_init(&d, NULL, stderr);
    if (source_read_limit(&o->rec_src, o->resume, &d, RM_MAX_RECORD_SIZE) != 0)
        return EXIT_INVALID;
    diag_init(&d, &o->rec_src, stderr);
    d.warn = true; /* (a live record's cut last line is left out, and said so) */
    int parsed = rm_record_parse(&o->rec_src, &o->rec, &d);
    const char *tag = rm_record_tag(&o->rec, "Game");
    char *found = tag ? find_game_in(o->resume, tag, rm_record_tag(&o->rec, "File")) : NULL;
    if (!found || strlen(found) >= size) {
        if (!tag)
            fprintf(stderr, "%s: error: the record has no [Game \"FILE\"] tag\n", o->resume);
        else
            fprintf(stderr, "%s: error: out of memory, or a game file name too long\n", o->resume);
        free(found);
        resume_free(o);
        return EXIT_INVALID;
    }
    strcpy(game, found);
    free(found);
    o->file = tag; /* the record keeps naming its game as it did */
    record_choices(&o->rec, &o->choices);
    o->resume_turns = o->rec.nturns;
    if (parsed != 0 && !o->force) {
        /* (going on would replace the record, and lose what follows) */
        fprintf(stderr, "%s: error: the record is wrong after turn %d: it is not resumed "
                "(--force goes on from there)\n", o->resume, o->rec.nturns);
        resume_free(o);
        return EXIT_INVALID;
    }
    if (parsed != 0)
        fprintf(stderr, "%s: warning: the record is wrong after turn %d: the game goes on from "
                "there (--force)\n", o->resume, o->rec.nturns);
    if (!o->save)
        o->save = o->resume;
    return 0;
}

int cli_play_input(rm_game *g, FILE *in)
{
    struct play_opts o;
    memset(&o, 0, sizeof o);
    o.in = in;
    o.file = g->path ? g->path : "?";
    o.quiet = true;
    o.sandbox = true;
    o.player[0] = o.player[1] = PLAYER_HUMAN;
    o.player_text[0] = o.player_text[1] = "human";
    return play_match(&o, g);
}

static int cmd_play(int argc, char **argv)
{
    struct play_opts o;
    memset(&o, 0, sizeof o);
    o.in = stdin;
    cli_args args = { .cmd = &cli_cmd_play, .takes = CLI_OPTION | CLI_POSITION | CLI_SEED | CLI_COLOR | CLI_QUIET,
                      .seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) };
    const char *side_args[8];
    int nside_args = 0;
    /* Options are parsed by hand: the side options (--tigers=random) are
     * named after the game's sides, known only once the file is loaded. */
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        int st;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_help(&cli_cmd_play);
            return 0;
        } else if ((st = cli_common_arg(&args, argc, argv, &i)) >= 0) {
            if (st)
                return st;
        } else if (strcmp(a, "--save") == 0 || strncmp(a, "--save=", 7) == 0) {
            if (!(o.save = option_value(argc, argv, &i, "--save")))
                return cli_usage("play", "option '--save' needs a file");
        } else if (strcmp(a, "--resume") == 0 || strncmp(a, "--resume=", 9) == 0) {
            if (!(o.resume = option_value(argc, argv, &i, "--resume")))
                return cli_usage("play", "option '--resume' needs a record");
        } else if (strcmp(a, "--force") == 0) {
            o.force = true;
        } else if (strncmp(a, "--", 2) == 0 && strchr(a, '=')) {
            if (nside_args == 8)
                return cli_usage("play", "too many side options");
            side_args[nside_args++] = a + 2;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage("play", "unknown option '%s'", a);
        } else if (!o.file) {
            o.file = a;
        } else {
            return cli_usage("play", "give one .game file");
        }
    }
    o.choices = args.choices;
    o.position = args.position;
    o.seed = args.seed;
    o.quiet = args.quiet;
    o.colour = cli_colour_on(args.colour);
    if (o.position && (o.resume || o.save))
        return cli_usage("play", "a record starts at the start of its game: --position goes "
                                 "with neither --save nor --resume");
    if (o.resume && (o.file || o.choices.n > 0))
        return cli_usage("play", "with --resume, the game and its options are the record's");
    char game_buf[4096];
    if (o.resume) {
        int st = read_resume(&o, game_buf, sizeof game_buf);
        if (st != 0)
            return st;
    }
    if (!o.file)
        return cli_usage("play", "no .game file given");
    if (o.save) {
        char err[512];
        if (cli_output_ok(o.save, CLI_OUT_RECORD, o.force, err, sizeof err) != 0) {
            fprintf(stderr, "rimau play: %s\n", err);
            return EXIT_INVALID;
        }
    }
    char path[4096];
    const char *load = o.resume ? game_buf : cli_game_file(o.file, path, sizeof path);
    if (!o.resume)
        o.file = load;
    rm_game *g = rm_load_file_with(load, &o.choices, stderr, NULL);
    if (!g) {
        resume_free(&o);
        return EXIT_INVALID;
    }
    int status = 0;
    if (!g->rules.present) {
        fprintf(stderr, "%s: error: the game has no rules (no phase), so it cannot be played\n",
                o.file);
        rm_game_destroy(g);
        resume_free(&o);
        return EXIT_INVALID;
    }
    /* By default the first side is the human, the other the computer. */
    o.player_text[0] = "human";
    o.player_text[1] = "mcts";
    /* Resumed, each side keeps the player its record names. */
    for (int i = 0; o.resume && i < o.rec.ntags; i++) {
        const char *v = o.rec.value[i], *eq = strrchr(v, '=');
        for (int s = 0; eq && strcmp(o.rec.key[i], "Player") == 0 && s < 2; s++)
            if (strlen(g->sides[s].name) == (size_t)(eq - v) &&
                strncmp(g->sides[s].name, v, (size_t)(eq - v)) == 0 && strcmp(eq + 1, "?") != 0)
                o.player_text[s] = eq + 1;
    }
    for (int i = 0; i < nside_args; i++) {
        const char *eq = strchr(side_args[i], '=');
        int s = -1;
        for (int k = 0; k < 2; k++)
            if (strlen(g->sides[k].name) == (size_t)(eq - side_args[i]) &&
                strncmp(g->sides[k].name, side_args[i], (size_t)(eq - side_args[i])) == 0)
                s = k;
        if (s < 0) {
            status = cli_usage("play", "unknown option '--%s' (the sides are %s and %s)",
                               side_args[i], g->sides[0].name, g->sides[1].name);
            rm_game_destroy(g);
            resume_free(&o);
            return status;
        }
        o.player_text[s] = eq + 1;
    }
    for (int s = 0; s < 2 && status == 0; s++) {
        char err[256];
        o.player[s] = strcmp(o.player_text[s], "human") == 0 ? PLAYER_HUMAN : PLAYER_COMPUTER;
        if (o.player[s] == PLAYER_COMPUTER &&
            !(o.computer[s] = rm_player_new(g, o.player_text[s], o.seed + (uint64_t)s, err,
                                            sizeof err))) {
            /* The library lists the computer players; play has humans too. */
            char *list = strstr(err, "(players: ");
            if (list)
                status = cli_usage("play", "%.*s(players: human, %s", (int)(list - err), err,
                                   list + strlen("(players: "));
            else
                status = cli_usage("play", "%s", err);
        }
    }
    /* The game's lines go out as they are played, into a pipe or a file
     * too: a game that is killed keeps its transcript with its record. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (status == 0)
        status = play_match(&o, g);
    for (int s = 0; s < 2; s++)
        rm_player_free(o.computer[s]);
    rm_game_destroy(g);
    resume_free(&o);
    free(o.save_buf);
    return status;
}

const command cli_cmd_play = {
    "play", cmd_play, "play a game at the terminal",
    "[OPTION]... FILE\n"
    "   or: rimau play [OPTION]... --resume RECORD\n"
    "Play the game of FILE. Each side is played by a human at the terminal or by\n"
    "the computer; by default the first side of the file is the human and the\n"
    "other is 'mcts' (a second of Monte Carlo tree search a turn). The board is\n"
    "drawn after each turn (in colour, the last turn marked); type turns in\n"
    "notation or 'moves [POINT]', 'show [POINT]' (where those turns go), 'undo',\n"
    "'save [FILE]', 'board' (the board and its position string), 'hint', 'help',\n"
    "'quit' (notation: " RIMAU_DOC_DIR "/notation.md).\n"
    "With input from a pipe there is no prompt, so games can be scripted.\n"
    "\n"
    "      --SIDE=PLAYER         who plays SIDE (a side of the game): human, random,\n"
    "                            mcts (one second), mcts:N (N iterations) or\n"
    "                            mcts:Ns / mcts:Nms (a time a turn), with :L after\n"
    "                            the budget to cut playouts after L turns\n"
    "                            (mcts:200:50), ab (one second of alpha-beta),\n"
    "                            ab:D (depth D) or ab:Ns; iterations and depths\n"
    "                            stop at 30 s a turn, or at /Ns after them\n"
    "                            (mcts:20000/5s, ab:6/10s); perfect plays by the\n"
    "                            game's exact values (rimau solve), perfect:DIR by\n"
    "                            those solved into DIR\n"
    "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
    "      --position STRING     start at this position string (not with --save or\n"
    "                            --resume)\n"
    "      --save RECORD         write the game record to RECORD: each turn is\n"
    "                            added to its end as it is played, and made durable\n"
    "      --resume RECORD       go on with the game of RECORD (a record that play\n"
    "                            --save wrote, even of a game that was killed):\n"
    "                            its game, options and players (a --SIDE=PLAYER\n"
    "                            replaces one), saved again to RECORD after every\n"
    "                            turn unless --save names another file\n"
    "      --force               replace RECORD even when it is not a game record\n"
    "                            (never a link, device or FIFO); resume a record\n"
    "                            that is wrong, or whose result its turns do not\n"
    "                            give\n"
    "      --seed N              seed of the computer players (default: the clock)\n"
    "  -q, --quiet               do not draw the board after each turn\n"
    "      --color[=WHEN]        draw the board in colour: auto (the default: when\n"
    "                            standard output is a terminal, NO_COLOR is unset or\n"
    "                            empty and TERM is not dumb), always or never\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Exit status: 0 when the game is played to its end or stopped by 'quit' or the\n"
    "end of input, 130 when Ctrl-C stops it, 1 when it cannot go on or the record\n"
    "cannot be written, 2 on a usage error.\n"
    "\n"
    "Examples:\n"
    "  rimau play games/rimau-rimau-a.game\n"
    "  rimau play games/rimau-rimau-a.game --tigers=mcts:2s --men=human --save game.rec\n"
    "  rimau play --resume game.rec\n"
};

/* ---- replay ---- */

/* Finds the game file a record names: its Game tag as written, or beside
 * the record; else its File tag (or the Game tag's last part, for older
 * records) in the games folder, as rimau play NAME finds it. */
static char *find_game_in(const char *record_path, const char *game, const char *file)
{
    if (access(game, R_OK) == 0)
        return strdup(game);
    if (game[0] != '/') {
        const char *slash = strrchr(record_path, '/');
        size_t dir = slash ? (size_t)(slash - record_path + 1) : 0;
        char *p = malloc(dir + strlen(game) + 1);
        if (!p)
            return NULL;
        memcpy(p, record_path, dir);
        strcpy(p + dir, game);
        if (access(p, R_OK) == 0)
            return p;
        free(p);
    }
    const char *base = file ? file : strrchr(game, '/') ? strrchr(game, '/') + 1 : game;
    char buf[4096];
    if (*base && !strchr(base, '/') &&
        (size_t)snprintf(buf, sizeof buf, "%s/%s", cli_games_dir(), base) < sizeof buf &&
        access(buf, R_OK) == 0)
        return strdup(buf);
    return strdup(game); /* report it as written */
}

static int cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = { { "svg", required_argument, NULL, 'S' },
                                          { "html", required_argument, NULL, 'H' },
                                          { "force", no_argument, NULL, 'F' },
                                          { 0 } };
    cli_args a = { .cmd = &cli_cmd_replay, .takes = CLI_OPTION | CLI_COLOR | CLI_QUIET };
    int ch, status = 0;
    bool force = false;
    const char *svg_dir = NULL, *html_file = NULL;
    while ((ch = cli_next_opt(&a, argc, argv, NULL, opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'S')
            svg_dir = optarg;
        else if (ch == 'H')
            html_file = optarg;
        else if (ch == 'F')
            force = true;
    }
    if (argc - optind != 1)
        return cli_usage("replay", "give one record file");
    const char *path = argv[optind];
    /* The output paths are checked before any work. */
    if (cli_replay_check(svg_dir, html_file, force) != 0)
        return EXIT_INVALID;
    rm_source src;
    rm_diag d;
    diag_init(&d, NULL, stderr);
    if (source_read_limit(&src, path, &d, RM_MAX_RECORD_SIZE) != 0)
        return EXIT_INVALID;
    diag_init(&d, &src, stderr);
    d.warn = true; /* (a live record's cut last line is left out, and said so) */
    rm_record rec;
    int parsed = rm_record_parse(&src, &rec, &d);
    const char *game_tag = rm_record_tag(&rec, "Game");
    if (!game_tag) {
        if (parsed == 0)
            diag_error(&d, (rm_span){ 0, 0 }, "the record has no [Game \"FILE\"] tag");
        rm_record_free(&rec);
        source_free(&src);
        return EXIT_INVALID;
    }
    rm_choices choices = { 0 };
    record_choices(&rec, &choices);
    if (agree_choices(&choices, &a.choices, &src, &d) != 0) {
        rm_record_free(&rec);
        source_free(&src);
        return EXIT_INVALID;
    }
    char *game_path = find_game_in(path, game_tag, rm_record_tag(&rec, "File"));
    rm_game *g = game_path ? rm_load_file_with(game_path, &choices, stderr, NULL) : NULL;
    free(game_path);
    rm_match m;
    if (!g || !g->rules.present || rm_match_init(&m, g) != 0) {
        if (g && !g->rules.present)
            fprintf(stderr, "%s: error: the game has no rules, so no record can be replayed\n",
                    game_tag);
        rm_game_destroy(g);
        rm_record_free(&rec);
        source_free(&src);
        return EXIT_INVALID;
    }
    status = parsed == 0 ? 0 : EXIT_INVALID;
    for (int i = 0; i < rec.nturns; i++) {
        char err[512];
        if (rm_match_play_text(&m, rec.turns[i], err, sizeof err) != 0) {
            diag_error(&d, rec.at[i], "turn %d '%s': %s", i + 1, rec.turns[i], err);
            status = EXIT_INVALID;
            break;
        }
    }
    /* A record cut short must not pass for a whole one: Rimau writes the
     * [Result] tag first, and ends an unfinished game's turns with '*' (a
     * finished game's turns must reach its result, checked below). A live
     * record has no end mark: it holds the turns of a game stopped while
     * it was played (killed), to its last whole line. */
    const char *result_tag = rm_record_tag(&rec, "Result");
    size_t last = src.len > 0 && src.text[src.len - 1] == '\n' ? src.len - 1 : src.len;
    rm_span end = { (uint32_t)last, (uint32_t)last };
    if (status == 0 && !result_tag) {
        diag_error(&d, end, "the record has no [Result \"...\"] tag: it is cut off");
        status = EXIT_INVALID;
    } else if (status == 0 && strcmp(result_tag, "*") == 0 && !rec.ended && !rec.live) {
        diag_error(&d, end, "the record is cut off: an unfinished game's turns end with '*'");
        status = EXIT_INVALID;
    }
    int result = rm_match_result(&m);
    char res[128];
    rm_result_text(g, result, res, sizeof res);
    if (result == RM_FAILED && status == 0) {
        fprintf(stderr, "%s: error: after turn %d: %s: the game cannot be judged\n", path, m.n,
                m.why);
        status = EXIT_INVALID;
    }
    if (!a.quiet)
        draw(&m, cli_colour_on(a.colour));
    if (status != 0)
        printf("replayed %d valid turn%s; the record is wrong or cut off after them\n", m.n,
               m.n == 1 ? "" : "s");
    printf("result: %s%s%s%s after %d turn%s\n", res, m.why[0] ? " (" : "", m.why,
           m.why[0] ? ")" : "", m.n, CLI_S(m.n));
    if (svg_dir && cli_replay_svg(&m, svg_dir, force) != 0)
        status = EXIT_INVALID;
    if (html_file) {
        char full[400];
        snprintf(full, sizeof full, "%s%s%.160s%s", res, m.why[0] ? " (" : "", m.why,
                 m.why[0] ? ")" : "");
        if (cli_replay_html(&m, html_file, full, force) != 0)
            status = EXIT_INVALID;
    }
    const char *claimed = rm_record_tag(&rec, "Result");
    if (status == 0 && rec.live)
        printf("a live record: written as its game was played, and never whole at its end "
               "(the game was killed, or its record could not be written); play --resume goes "
               "on with it\n");
    /* ('*' in a live record claims no result: its game may have ended
     * before the record was written whole) */
    if (status == 0 && claimed && strcmp(claimed, res) != 0 &&
        !(rec.live && strcmp(claimed, "*") == 0)) {
        const char *tag = strstr(src.text, "[Result");
        rm_span at = { tag ? (uint32_t)(tag - src.text) : 0, 0 };
        at.end = at.start + (tag ? 7 : 0);
        diag_error(&d, at, "the record's result is '%s', but its turns give '%s'", claimed, res);
        status = EXIT_INVALID;
    }
    rm_match_free(&m);
    rm_game_destroy(g);
    rm_record_free(&rec);
    source_free(&src);
    return status;
}

const command cli_cmd_replay = {
    "replay", cmd_replay, "check a game record and show its end",
    "[OPTION]... RECORD\n"
    "Replay the game record RECORD: check that every turn is legal, then draw the\n"
    "final position and print the result. A wrong or cut-off record is reported\n"
    "as RECORD:LINE:COL: error: ..., and the valid turns before it are replayed.\n"
    "The live record of a game killed while it was played (play --save) is valid\n"
    "to its last whole line; a last line cut in the middle is left out, with a\n"
    "warning. The game file is the record's Game tag, as written or beside the\n"
    "record, with the option values of its Option tags.\n"
    "\n"
    "  -o, --option NAME=VALUE   replay the game with this value of one of its\n"
    "                            options, where the record has no Option tag for\n"
    "                            it (a record written by hand, or before the\n"
    "                            game had the option); a record whose tag says\n"
    "                            another value is an error\n"
    "  -q, --quiet               do not draw the final position\n"
    "      --color[=WHEN]        draw it in colour, the last turn marked: auto (the\n"
    "                            default: when standard output is a terminal,\n"
    "                            NO_COLOR is unset or empty and TERM is not dumb),\n"
    "                            always, never\n"
    "      --svg DIR             draw every position as DIR/000.svg (the start),\n"
    "                            001.svg..., the last turn as arrows, captured\n"
    "                            points crossed (DIR is made when missing)\n"
    "      --html FILE           write one self-contained page that steps through\n"
    "                            the game (buttons, arrow keys, the turn list,\n"
    "                            captures, result)\n"
    "      --force               replace files that replay did not write (never a\n"
    "                            link, device or FIFO)\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Each picture and the page are written whole, or not at all: an existing file\n"
    "stays as it was when a new one cannot be written.\n"
    "\n"
    "Exit status: 0 for a valid record, 1 for an invalid one or when a picture or\n"
    "the page cannot be written, 2 on a usage error.\n"
    "\n"
    "Examples:\n"
    "  rimau replay game.rec\n"
    "  rimau replay game.rec --html game.html\n"
};
