/* cli_play.c: rimau play: its options, --resume (the record a game goes
 * on from), its --help, and the game loop: the players' turns in order
 * (a human's at the prompt, cli_play_prompt.c; the computer's here),
 * what is said after each, Ctrl-C, the result and the record at the end
 * (cli_play_record.c). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_paths.h"
#include "cli_play_impl.h"

static void on_sigint(int sig)
{
    (void)sig;
    play_interrupted = 1;
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
        cli_draw_match(&m, o->colour);
    /* The record's path is tried before the first turn: a game is not
     * played to find out at its end that it cannot be saved. */
    if (play_save_progress(o, &m, true) != 0) {
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
    play_interrupted = 0;
    sigaction(SIGINT, &sa, &old_sa);
    while ((result = rm_match_result(&m)) == RM_ONGOING) {
        rm_search_info info = { 0 };
        play_show_status(&m);
        const rm_state *st = rm_match_state(&m);
        int side = rm_state_to_move(st);
        if (o->player[side] == PLAYER_HUMAN) {
            if (!play_human_turn(o, &m, tty)) {
                stopped = true;
                break;
            }
        } else {
            play_thinking_start();
            int i = rm_player_choose(o->computer[side], &m);
            play_thinking_stop();
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
        play_save_progress(o, &m, false);
        /* (an undo at the prompt may have changed whose turn it was) */
        side = rm_state_to_move(&m.states[m.n - 1]);
        /* (a side's name may be plural or not: "buffaloes played", "vulture played") */
        printf("%d. %s played %s", m.n, g->sides[side].name, m.texts[m.n - 1]);
        play_say_captures(&m);
        putchar('\n');
        if (info.capped) /* a seed no longer says which turn comes: say so */
            fprintf(stderr, "rimau play: note: turn %d: %s stopped at its time cap\n", m.n,
                    rm_player_spec(o->computer[side]));
        if (!o->quiet)
            cli_draw_match(&m, o->colour);
        if (play_interrupted) {
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
               play_interrupted ? "interrupted: " : "", m.n, CLI_S(m.n));
    } else {
        printf("result: %s (%s) after %d turn%s\n", rm_result_text(g, result, res, sizeof res),
               m.why, m.n, CLI_S(m.n));
    }
    status = play_save_record(o, &m, result);
    /* Quitting and the end of input are no error; Ctrl-C exits as a
     * program it stopped does. */
    if (!status && failed)
        status = EXIT_INVALID;
    if (!status && play_interrupted)
        status = 128 + SIGINT;
    rm_match_free(&m);
    return status;
}

/* The value of option NAME (as "--save") at ARGV[*I]: after its '=', or
 * the next argument (then *I moves on to it); NULL when there is none. */
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
    char *found = tag ? cli_record_game(o->resume, tag, rm_record_tag(&o->rec, "File")) : NULL;
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
    cli_record_choices(&o->rec, &o->choices);
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

/* play's own options, for "did you mean" (they are read by hand). */
static const struct option play_options[] = {
    { "option", required_argument, NULL, 0 },   { "position", required_argument, NULL, 0 },
    { "save", required_argument, NULL, 0 },     { "resume", required_argument, NULL, 0 },
    { "force", no_argument, NULL, 0 },          { "seed", required_argument, NULL, 0 },
    { "quiet", no_argument, NULL, 0 },          { "color", optional_argument, NULL, 0 },
    { "help", no_argument, NULL, 0 },           { NULL, 0, NULL, 0 },
};

/* "; did you mean ..." for the --NAME=VALUE ARG whose NAME is no side of
 * G: among the sides (as --SIDE=VALUE) and play's own options. */
static const char *side_hint(const rm_game *g, const char *arg, char *buf)
{
    struct option opts[RM_MAX_SIDES + sizeof play_options / sizeof play_options[0]];
    size_t n = 0;
    for (int s = 0; s < g->nsides && s < RM_MAX_SIDES; s++)
        opts[n++] = (struct option){ g->sides[s].name, required_argument, NULL, 0 };
    for (size_t i = 0; play_options[i].name; i++)
        opts[n++] = play_options[i];
    opts[n] = (struct option){ 0 };
    return cli_option_hint(arg, opts, buf);
}

static int cmd_play(int argc, char **argv)
{
    struct play_opts o;
    memset(&o, 0, sizeof o);
    o.in = stdin;
    cli_args args = { .cmd = &cli_cmd_play,
                      .takes = CLI_OPTION | CLI_POSITION | CLI_SEED | CLI_COLOR | CLI_QUIET | CLI_KERNEL,
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
            return cli_usage("play", "unknown option '%s'%s", a,
                             cli_option_hint(a, play_options, (char[RM_SUGGEST_TEXT]){ 0 }));
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
    if (!o.resume && cli_game_missing(o.file, load, stderr))
        return EXIT_INVALID;
    if (!o.resume)
        o.file = load;
    /* (a game at the prompt waits for no compiler: auto takes a native
     * kernel from the cache alone) */
    int status = cli_kernel_start(&args, false);
    if (status != 0) {
        resume_free(&o);
        return status;
    }
    rm_game *g = rm_load_file_with(load, &o.choices, stderr, NULL);
    if (!g) {
        resume_free(&o);
        return EXIT_INVALID;
    }
    if ((status = cli_kernel_check(&args, g)) != 0) {
        rm_game_destroy(g);
        resume_free(&o);
        return status;
    }
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
            char arg[4096];
            snprintf(arg, sizeof arg, "--%s", side_args[i]);
            status = cli_usage("play", "unknown option '%s' (the sides are %s and %s)%s", arg,
                               g->sides[0].name, g->sides[1].name,
                               side_hint(g, arg, (char[RM_SUGGEST_TEXT]){ 0 }));
            rm_game_destroy(g);
            resume_free(&o);
            return status;
        }
        o.player_text[s] = eq + 1;
    }
    /* (a perfect player solves the game as it is made: its progress) */
    cli_solve_line line;
    cli_solve_line_start(&line, o.quiet);
    rm_player_options po = { .solve_progress = cli_solve_line_draw, .ctx = &line };
    for (int s = 0; s < 2 && status == 0; s++) {
        char err[256];
        o.player[s] = strcmp(o.player_text[s], "human") == 0 ? PLAYER_HUMAN : PLAYER_COMPUTER;
        if (o.player[s] == PLAYER_COMPUTER &&
            !(o.computer[s] = rm_player_new_with(g, o.player_text[s], o.seed + (uint64_t)s, &po,
                                                 err, sizeof err))) {
            cli_solve_line_clear(&line);
            /* The library lists the computer players; play has humans too. */
            char *list = strstr(err, "(players: "), *hint = strstr(err, "; did you mean ");
            if (list && (!hint || hint > list)) {
                if (hint)
                    *hint = '\0'; /* (play's own, with human) */
                status = cli_usage("play", "%.*s(players: human, %s%s", (int)(list - err), err,
                                   list + strlen("(players: "),
                                   rm_player_hint(o.player_text[s], "human",
                                                  (char[RM_SUGGEST_TEXT]){ 0 }));
            }
            else
                status = cli_usage("play", "%s", err);
        }
    }
    cli_solve_line_clear(&line);
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
    "At a terminal, a line says how long the computer has been thinking, and the\n"
    "status line before each turn is shortened to the terminal's width.\n"
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
    KERNEL_HELP("when cached (play builds none)")
    "      --position STRING     start at this position string (not with --save or\n"
    "                            --resume)\n"
    "      --save RECORD         write the game record to RECORD: each turn is\n"
    "                            added to its end as it is played (on disk within a\n"
    "                            second)\n"
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
    "  -q, --quiet               do not draw the board after each turn (nor the\n"
    "                            progress of perfect's solve)\n"
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
