/* cli_play_prompt.c: a human's turn in rimau play: the prompt (with
 * libedit at a terminal: line editing, history, tab completion of the
 * legal turns and the commands), a turn typed in notation, and the
 * prompt's commands (moves, show, board, save, undo, hint, help, quit). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#include "cli_play_impl.h"
#include "notation.h"

static void play_help(void)
{
    printf("Type a turn in notation, or a command:\n"
           "  a drop:    c4  (or kind@c4)      a step or slide:  c3-c4\n"
           "  a capture: c3xc5, a chain c3xc5xe5  a removal:      xb4\n"
           "  the moves of one turn joined by commas or blanks, in any order:\n"
           "    xb4,xc4,xd4,c7-a1  or  a1 b1 c1 d1\n"
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

/* "; did you mean 'X'?" for a line whose first word, WLEN bytes of P, is
 * close to a command of the prompt, shown with the rest of the line ARG;
 * or "". Into BUF (RM_SUGGEST_TEXT bytes). */
static const char *command_hint(const char *p, size_t wlen, const char *arg, char *buf)
{
    static const char *const commands[] = { "moves", "show", "undo", "save", "board",
                                            "hint",  "help", "quit" };
    char shown[RM_SUGGEST_LEN + 1];
    buf[0] = '\0';
    rm_suggest s;
    if (rm_suggest_start_n(&s, p, wlen) != 0)
        return buf;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        /* (only the commands that take what follows: 'mvoes c7', not 'undo c7') */
        bool takes = i < 4 && strcmp(commands[i], "undo") != 0;
        if (*arg && !takes)
            continue;
        if ((size_t)snprintf(shown, sizeof shown, "%s%s%s", commands[i], *arg ? " " : "", arg) <
            sizeof shown)
            rm_suggest_offer_as(&s, commands[i], shown);
    }
    return rm_suggest_text(&s, buf, RM_SUGGEST_TEXT);
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
                   "of the piece on c7 or ending there%s\n", arg,
                   GAME_HINT(g, GAME_POINTS, arg));
            return;
        }
    }
    const rm_turnlist *l = rm_match_turns(m);
    int n = 0, n_texts = 0, widest = 0;
    char **texts = calloc((size_t)l->n + 1, sizeof *texts);
    /* turns that are every choice of N drops among some points: a line
     * each, after the count */
    bool *listed = malloc((size_t)l->n + 1);
    int *group_of = malloc(((size_t)l->n + 1) * sizeof *group_of), ngroups = -1;
    rm_turn_group groups[RM_MAX_TURN_GROUPS];
    for (int i = 0; listed && i < l->n; i++)
        listed[i] = p < 0 || cli_turn_touches(l, i, p);
    if (listed && group_of)
        ngroups = rm_turn_groups(l, listed, groups, group_of);
    for (int i = 0; texts && i < l->n; i++) {
        if (p >= 0 && !cli_turn_touches(l, i, p))
            continue;
        n++;
        if (ngroups > 0 && group_of[i] >= 0)
            continue;
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
    int grouped = 0;
    for (int k = 0; k < ngroups; k++) {
        cli_put_group(stdout, g, l, &groups[k], play_term_width());
        putchar('\n');
        grouped += groups[k].nturns;
    }
    free(listed);
    free(group_of);
    if (n_texts + grouped < n)
        printf("(out of memory: %d of them shown)\n", n_texts + grouped);
    int width = play_term_width(), colw = widest + 2;
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
               "those of the piece on c7 or ending there go%s\n", arg,
               GAME_HINT(g, GAME_POINTS, arg));
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
    if (path == o->save || play_is_live_file(o, path)) {
        /* The record kept after every turn: written whole again, live. */
        o->save_failed = false;
        if (play_save_progress(o, m, true) != 0) {
            printf("the game is not saved (the message above)\n");
            return;
        }
    } else {
        rm_record_info info = play_record_info(o, RM_ONGOING, "");
        if (play_save_whole(path, m, &info, err, sizeof err) != 0) {
            printf("the game is not saved: %s\n", err);
            return;
        }
    }
    printf("saved the game so far (%d turn%s) to %s\n", m->n, m->n == 1 ? "" : "s", path);
    if (first)
        printf("from now on, it is saved there after every turn\n");
}

/* A line that may be no turn because a blank stands between two words
 * (as "quit now"), unless they are moves ("a1 b1"). */
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
    play_save_progress(o, m, true);
    if (!o->quiet)
        cli_draw_match(m, o->colour);
    play_show_status(m);
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
 * as play_read_line does. */
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
            return play_read_line(stdin, buf, size);
        }
        fflush(stdout);
        rl_instream = stdin;
        rl_outstream = out;
        ready = true;
    }
    completing = m;
    fflush(stdout);
    char *line = readline(prompt);
    if (play_interrupted) {
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
int play_human_turn(struct play_opts *o, rm_match *m, bool tty)
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
            r = play_read_line(in, line, sizeof line);
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
            /* (a perfect opponent's solve serves: the game is not solved
             * again for a hint) */
            rm_player_options po = { .solver = o->player[other] != PLAYER_HUMAN && o->computer[other]
                                                   ? rm_player_solver(o->computer[other])
                                                   : NULL };
            rm_player *hp = rm_player_new_with(m->g, spec, o->seed, &po, err, sizeof err);
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
            cli_draw_match(m, o->colour);
            play_show_status(m);
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
        char hint[RM_SUGGEST_TEXT];
        command_hint(p, wlen, arg, hint);
        char err[512];
        rm_move mv[RM_MAX_TURN_MOVES];
        int nmv;
        if (blank_between_words(p) && rm_match_parse_turn(m, p, mv, &nmv, err, sizeof err) == -2) {
            printf("'%s': not a turn or a command (%s); type 'help' for help%s\n", p, err, hint);
            continue;
        }
        if (rm_match_play_text(m, p, err, sizeof err) != 0) {
            /* a misspelt command is not read as a turn ("mvoes": unknown
             * point 'mvoes'), nor a hint followed by more words */
            if (*hint)
                printf("'%s': not a turn or a command%s\n", p, hint);
            else if (strstr(err, "; did you mean "))
                printf("'%s': %s\n", p, err);
            else
                printf("'%s': %s; type 'moves' for the legal turns, 'help' for help\n", p, err);
            continue;
        }
        return 1;
    }
}
