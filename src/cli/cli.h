/* cli.h: what the command line's files share. */
#ifndef RIMAU_CLI_H
#define RIMAU_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "cli_args.h"
#include "match.h"
#include "notation.h"
#include "position.h"
#include "render.h"
#include "rimau.h"
#include "solve.h"

struct rm_record;

/* The commands, each defined beside its code: check and validate
 * (cli_check.c); info, show and list (cli_info.c); compile, moves and
 * perft (cli_rules.c); play (cli_play.c); replay (cli_replay.c);
 * selfplay and summarize (cli_selfplay.c); engine and analyse
 * (cli_engine.c); bench (cli_bench.c); solve (cli_solve.c); fmt
 * (cli_fmt.c); lsp (cli_lsp.c). cli.c lists them. */
extern const command cli_cmd_analyse, cli_cmd_bench, cli_cmd_check, cli_cmd_compile,
    cli_cmd_engine, cli_cmd_fmt, cli_cmd_info, cli_cmd_list, cli_cmd_lsp, cli_cmd_moves,
    cli_cmd_perft, cli_cmd_play,
    cli_cmd_replay, cli_cmd_selfplay, cli_cmd_show, cli_cmd_solve, cli_cmd_summarize,
    cli_cmd_validate;


/* ---- the games commands work on (cli_games.c) ---- */

/* Plays the turns of TEXT (separated by blanks or ';'; "12." numbers are
 * skipped) on M; prints the error and returns EXIT_INVALID on a bad one. */
int cli_play_turns(rm_match *m, const char *text, const char *what);
/* Sets M to the position string TEXT (no turn played); prints a located
 * error naming WHAT (the option) and returns EXIT_INVALID on a bad one. */
int cli_set_position(rm_match *m, const char *text, const char *what);
/* Prints "position: STRING" for ST. */
void cli_put_position(FILE *out, const rm_game *g, const rm_state *st);

/* The games folder: $RIMAU_GAMES, or the installed one (the source
 * tree's, for the program built there before it is installed). */
const char *cli_games_dir(void);
/* The file a game argument names: ARG itself when it is a file, else the
 * installed game ARG or ARG.game. Returns BUF or ARG. */
const char *cli_game_file(const char *arg, char *buf, size_t size);
/* "; did you mean 'X'?" (suggest.h) for a game argument ARG that names
 * no file, or "": among the .game files of ARG's folder (the current
 * one for a bare name; unless INSTALLED), shown as ARG's folder and the
 * file's name, and, for a bare name, the games of the games folder, shown
 * by the names cli_game_file finds them by (kaooa). Into BUF
 * (RM_SUGGEST_TEXT bytes). */
const char *cli_game_hint(const char *arg, bool installed, char *buf);
/* When FILE, what cli_game_file made of ARG, does not exist and a game's
 * name is close to ARG: says so, as the loader would but with the names
 * (FILE: error: cannot open: ...; did you mean 'X'?), to OUT unless it is
 * NULL, and returns true. Else false: the loader says what is wrong. */
bool cli_game_missing(const char *arg, const char *file, FILE *out);
/* Loads the game ARG names (see cli_game_file), errors to stderr. */
rm_game *cli_load(const char *arg, const rm_choices *choices);
/* The game file a record (at RECORD_PATH) names, from its Game tag GAME
 * and its File tag FILE (or NULL): GAME as written or beside the record,
 * else FILE in the games folder; else GAME, to report it. NULL when out
 * of memory; free it. */
char *cli_record_game(const char *record_path, const char *game, const char *file);
/* Adds the options REC's [Option "NAME=VALUE"] tags choose to CHOICES
 * (their texts are split in place, and live as long as REC). */
void cli_record_choices(struct rm_record *rec, rm_choices *choices);

/* Loads the one game the arguments after the options name (optind on),
 * with A's option values. NULL with *STATUS: EXIT_USAGE after a usage
 * error (no file, or more than one), EXIT_INVALID after the loader's. */
rm_game *cli_load_arg(const cli_args *a, int argc, char **argv, int *status);
/* Loads FILE with A's option values for A's command, checks it has
 * rules, and starts M at A's --position (unless none), then plays A's
 * --after (unless none). NULL after a message, *STATUS EXIT_INVALID. */
rm_game *cli_load_position(const cli_args *a, const char *file, rm_match *m, int *status);

/* Writes the whole text of a turn to OUT (however long). */
void cli_put_turn(FILE *out, const rm_game *g, const rm_move *moves, int n);
/* Writes the line that stands for a group of turns (rm_format_group),
 * cut into lines of WIDTH columns at most (0: one line). */
void cli_put_group(FILE *out, const rm_game *g, const rm_turnlist *l, const rm_turn_group *gr,
                   int width);

/* The kinds of file the command line writes, to tell its own files from
 * others before replacing one. */
typedef enum cli_output { CLI_OUT_RECORD, CLI_OUT_JSON } cli_output;
/* Whether the output file PATH may be written: when it does not exist, or
 * is a plain file (not a symbolic link, device, FIFO or folder) that is
 * empty or holds a file of KIND that Rimau wrote; any other plain file
 * only with FORCE. Otherwise says why in ERR and returns -1. */
int cli_output_ok(const char *path, cli_output kind, bool force, char *err, size_t errsize);

/* Writes the N bytes of IN to OUT (room for 6 * N bytes) with every control
 * character but newline and tab (and carriage return when ALLOW_CR) as
 * \xHH, and the C1 controls U+0080..U+009F as \u00HH; *PENDING_C2 carries a
 * 0xC2 byte over to the next call. Returns the bytes written. */
size_t cli_escape_controls(const char *in, size_t n, char *out, bool *pending_c2, bool allow_cr);
/* Sends standard output and standard error through that filter, so that
 * text from files (names, tags) cannot drive the terminal. */
void cli_guard_output(void);

/* Writes the N bytes of TEXT to OUT; when OUT is the guarded standard
 * output, its SGR sequences (ESC [ digits and ';' m) reach the terminal as
 * they are, and the rest is filtered as all output is. */
void cli_put_sgr(FILE *out, const char *text, size_t n);

/* ---- a solve's progress at a terminal (cli_progress.c) ---- */

/* The line that shows the tier a solve is at and how far through it is,
 * on standard error, redrawn in place with '\r'. */
typedef struct cli_solve_line {
    bool on;                   /* drawn: standard error is a terminal, and no -q */
    int width;                 /* of the line drawn (0: none is shown) */
} cli_solve_line;
/* Starts LINE, on when standard error is a terminal and not QUIET. */
void cli_solve_line_start(cli_solve_line *line, bool quiet);
/* Draws the progress P (a solve's rm_solve_progress_fn: CTX is the line). */
void cli_solve_line_draw(void *ctx, const rm_solve_progress *p);
/* Blanks the line out (when one is shown), the cursor left at its start. */
void cli_solve_line_clear(cli_solve_line *line);

/* ---- boards at the terminal (cli_draw.c) ---- */

/* Whether boards are drawn in colour: always, never, or (auto) when
 * standard output is a terminal, NO_COLOR is unset or empty and TERM is
 * not "dumb". */
bool cli_colour_on(cli_colour when);
/* Draws V (the pieces of G) as text on standard output, with the marks
 * MARK ([point]: RENDER_* bits of render.h, or NULL), in colour when
 * COLOUR. Without colour and marks it is exactly render_text. */
void cli_draw(const rm_game *g, const rm_view *v, const uint8_t *mark, bool colour);
/* Marks, in MARK ([point], cleared first), the points the last turn of M
 * moved from, to or dropped on (RENDER_LAST) and those whose pieces it
 * took (RENDER_TAKEN); nothing when no turn was played. */
void cli_last_turn_marks(const rm_match *m, uint8_t *mark);
/* Does turn I of L belong to the piece on point P, drop a piece on P (a
 * drop of several), remove it, or end on P? */
bool cli_turn_touches(const rm_turnlist *l, int i, int p);
/* Marks, in MARK ([point], cleared first), where the turns of L go: the
 * points they move or drop a piece to (RENDER_REACH) and those they remove
 * a piece from (RENDER_TAKEN); with P >= 0, only the turns that touch P
 * (cli_turn_touches), and P itself (RENDER_CHOSEN). Returns the number of
 * turns marked. */
int cli_reach_marks(const rm_game *g, const rm_turnlist *l, int p, uint8_t *mark);
/* Draws the position of M now; in colour (COLOUR), with the last turn
 * marked. */
void cli_draw_match(const rm_match *m, bool colour);

/* Plays G with humans on both sides, reading their lines from IN, quietly
 * (the interactive command reader, as the fuzzer drives it): 'save' writes
 * no file and 'hint' searches to depth 1, so that no input costs time or
 * leaves anything behind. */
int cli_play_input(rm_game *g, FILE *in);

/* rimau engine (cli_engine.c, doc/engine.md): the game in play between
 * requests, and the requests read but not yet answered. */
typedef struct cli_engine cli_engine;
/* What the engine's command line allows its requests. */
typedef struct cli_engine_setup {
    const char *db;       /* --db: the perfect player's database folder (NULL: none) */
    bool solve;           /* --solve: solve the tiers missing from DB, into DB */
    bool allow_paths;     /* --allow-paths: load takes a file's path */
    double max_think;     /* --max-think: the most seconds a go takes (0: the default) */
    const rm_game *game;  /* a game in play from the start, borrowed (the caller destroys it
                           * after the engine), or NULL */
    const rm_choices *choices; /* -o: the option values of a load that names none, or NULL */
} cli_engine_setup;
/* The default of --max-think, in seconds. */
#define CLI_ENGINE_MAX_THINK 10.0
/* NULL when out of memory. */
cli_engine *cli_engine_new(const cli_engine_setup *setup);
void cli_engine_free(cli_engine *e);
/* Takes the request LINE[0..LEN) (one line, its end of line taken off or
 * not) to be answered after those taken before it. A stop or quit acts
 * at once: every go taken before it ends now (the one running, with its
 * best turn so far) or at its start. False, with nothing taken, when
 * too many requests wait (cli_engine_answer makes room). Safe on one
 * thread while another answers. */
bool cli_engine_take(cli_engine *e, const char *line, size_t len);
/* Answers the oldest request taken and not answered with one line on
 * OUT; false when none waits. */
bool cli_engine_answer(cli_engine *e, FILE *out);
/* cli_engine_take, then cli_engine_answer until none waits. */
void cli_engine_line(cli_engine *e, const char *line, size_t len, FILE *out);
/* Whether a game is loaded; whether a quit was answered. */
bool cli_engine_loaded(const cli_engine *e);
bool cli_engine_done(const cli_engine *e);
/* Reads requests from IN on a thread of their own while the answers,
 * searches included, are written to OUT in order, until the end of IN
 * (every request answered) or a quit. 0, or -1 when a thread cannot
 * start. */
int cli_engine_run(cli_engine *e, FILE *in, FILE *out);

/* replay --svg DIR: one picture per position of M, DIR/000.svg (the
 * start) to DIR/N.svg; replay --html FILE: one page stepping through
 * them, with the turn list, the captures and RESULT. Each file is written
 * whole through files.h, or not at all: an existing file is replaced only
 * when Rimau's replay wrote it, or with FORCE; every picture's path is
 * checked before the first is written. NAMES: each point's name written
 * beside it (--names). 0, or -1 after a message. */
int cli_replay_svg(const rm_match *m, const char *dir, bool force, bool names);
int cli_replay_html(const rm_match *m, const char *file, const char *result, bool force,
                    bool names);
/* Checks, before any work, that the outputs SVG_DIR and HTML_FILE (each
 * NULL when not asked for) can be written. 0, or -1 after a message. */
int cli_replay_check(const char *svg_dir, const char *html_file, bool force);

#endif
