/* web_api.h: the library for the web page, as plain C functions over one
 * game in play (built to WebAssembly by make web; the page calls them
 * through emscripten's ccall, a Web Worker its own copy for the computer's
 * turns). Layer: a client of the library beside the command line
 * (src/cli): it includes no file of it and no JSON.
 *
 * Strings given are read during the call only. Every string returned (a
 * const char *) is the module's: it is valid until the next call of any
 * web_ function, never NULL ("" when there is nothing to say or on
 * failure), and is not freed by the caller; the page copies it at once
 * (UTF8ToString). A function that fails returns -1 (or "") and leaves its
 * message in web_message().
 *
 * Points are numbered in the board's order (web_points), as the SVG's
 * data-point attributes number them. */
#ifndef RIMAU_WEB_API_H
#define RIMAU_WEB_API_H

/* Loads the game of TEXT under the name NAME (the name its messages and
 * its record give it) with the option values OPTIONS ("NAME=VALUE" lines;
 * NULL or "": the defaults), and starts it. 0; or -1 when the text is not
 * a valid game (the game loaded before is kept), with the diagnostics in
 * web_message() exactly as rimau check prints them for a file of that
 * name: "NAME:LINE:COL: error: MESSAGE", the line and a caret. The
 * warnings rimau check would print are in web_message() after a success. */
int web_load(const char *name, const char *text, const char *options);
/* The message of the last call that failed, or web_load's warnings. */
const char *web_message(void);

/* The loaded game: its name; its sides' names, one a line; its points'
 * names, one a line, in the board's order; its options, one a line:
 * NAME, a tab, its values joined by '|', a tab, the value in force, a
 * tab, its documentation (or nothing); its facts as rimau info prints
 * them. */
const char *web_name(void);
const char *web_sides(void);
const char *web_points(void);
const char *web_options(void);
const char *web_info(void);

/* The legal turns now, one a line, in the order of rm_legal_turns: the
 * turn in notation, a tab, then its moves as the points one clicks to
 * make them, a group a move joined by blanks: a letter (d a drop, m a
 * step, slide, leap or relocation, x a capture and the captures that
 * chain after it, r a removal) and the points, joined by '.': "d12",
 * "m3.8", "x3.13.23", "r7". A turn of no move is "-" with no group.
 * Nothing when the game is over. */
const char *web_turns(void);
/* Plays the turn written TEXT (notation); 0, or -1 with the reason. A
 * turn played that is not the next one undone forgets the undone turns. */
int web_play(const char *text);
/* Plays the turns of TEXT (blanks or ';' between them, "12." numbers
 * skipped); 0, or -1 naming the first one that is not legal (those
 * before it are played). */
int web_play_many(const char *text);
/* Takes back the last turn / plays again the last one taken back: 1, or 0
 * when there is none. */
int web_undo(void);
int web_redo(void);
/* Turns played, and turns that web_redo can play again. */
int web_turns_played(void);
int web_turns_undone(void);
/* The side to move now (0 or 1). */
int web_to_move(void);
/* The turns played, one a line: the number, a tab, the side that played
 * it, a tab, the turn, a tab, the points it took pieces on ("c3, d4 (2)",
 * or nothing). */
const char *web_history(void);

/* Starts the game again from where it started (its start, or the
 * position string web_set_position set): no turn played, none to undo. */
void web_restart(void);

/* The position string now (doc/notation.md). */
const char *web_position(void);
/* Starts the game again at the position string TEXT (no turn played, none
 * to undo); 0, or -1 with "character N: why", the text and a caret. */
int web_set_position(const char *text);

/* The board now as SVG for a page (no XML declaration), drawn by
 * render.c as rimau show --svg draws it, with the last turn marked as
 * rimau replay marks it; NAMES: each point's name written beside it. */
const char *web_svg(int names);

/* "" while the game goes on; else its result in words, as rimau play ends:
 * "tigers win (buffaloes cannot move) after 42 turns", "draw (...)", or
 * "the game cannot go on: ..." when its turns cannot be listed. */
const char *web_result(void);

/* The turn the player PLAYER ("mcts", "ab", "random", or a whole player
 * text of players.h, "mcts:20000") chooses now, in notation, within MS
 * milliseconds when PLAYER gives no budget; SEED makes it reproducible.
 * "" with the reason when the game is over or PLAYER is not a player. The
 * turn is not played. "perfect" plays by web_solve's solve (the game
 * must be solved first). */
const char *web_choose(const char *player, int ms, double seed);

/* Solves the game (solve.h: retrograde analysis, in memory, one thread)
 * from where it started, so that the player "perfect" can play it: 0,
 * or -1 with the reason when it is not taken, needs more than MEGABYTES
 * of memory, or takes more than SECONDS. The solve is kept until the next
 * web_load or web_set_position; a second call returns at once. */
int web_solve(double seconds, int megabytes);
/* Whether the game is solved (1) or not (0). */
int web_solved(void);
/* The solve's summary: "crows win in 15 plies (3,932 positions solved in
 * 0.05 s)"; "" when the game is not solved. */
const char *web_solve_summary(void);
/* The value of the position now for the side to move, by the solve:
 * "crows win in 13 plies", "draw", "" when not solved (or the position is
 * in no solved tier). */
const char *web_value(void);

/* The number of sequences of DEPTH turns (1 to 6) from the position now,
 * in decimal; "" with the reason when they cannot be counted. */
const char *web_perft(int depth);

/* The verdicts of the game's examples (doc/language.md), one a line, in
 * the file's order: the example's name, a tab, "ok"; or its name, a tab,
 * "FAILED", a tab, the line of the step that fails, a tab, why (as rimau
 * validate says it). Each example runs with the option values the game
 * was loaded with, those its own `with` lines give replaced (rimau
 * validate -o with these values runs it so first, then with the other
 * values of the options it leaves open). Nothing when it has none. */
const char *web_validate(void);

/* The record of the game so far (game records of record.h, as rimau play
 * --save writes it; [Result "*"] while it goes on), the sides played by
 * PLAYER0 and PLAYER1 ("human", "mcts"...). */
const char *web_record(const char *player0, const char *player1);

/* Reads the game record TEXT (record.h) under the name NAME: one a line,
 * "game", a tab and the file of its game (its File tag, else the last
 * part of its Game tag's path); "option", a tab, "NAME=VALUE" for each
 * Option tag; "result", a tab and its Result tag; "turn", a tab and a
 * turn, for each turn. "" with the diagnostics in web_message() when the
 * record is not one ("NAME:LINE:COL: error: ...", as rimau replay prints
 * them), or has no Game tag. The game loaded is kept. */
const char *web_read_record(const char *name, const char *text);

/* Random playouts from the start for SECONDS (as rimau bench plays them,
 * on one thread): turns a second. -1 when the game has no rules. */
double web_bench(double seconds);

#endif
