/* cli_json.h: the JSON lines of rimau selfplay --json, one object a game,
 * written and read (by summarize and --resume) with jansson. */
#ifndef RIMAU_CLI_JSON_H
#define RIMAU_CLI_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rimau.h"

/* The longest line written or read, its newline not counted. A real game's
 * line is some 150 bytes; the bound keeps what a corrupt file makes the
 * reader hold small, and selfplay checks before its first game that its
 * lines fit, so summarize reads back every line selfplay writes. */
#define CLI_JSON_MAX_LINE 65536

/* One game's outcome, as its line holds it. */
typedef struct cli_outcome {
    long index;               /* the game's number less one */
    uint64_t seed;
    const char *side[2];      /* the sides' names */
    const char *player[2];    /* who played each side */
    int winner;               /* side index, or -1 for a draw */
    int turns;
    int captures;
    char *names;              /* the names' storage when read (cli_outcome_free) */
    const rm_choices *options; /* the game's options and the values played; NULL: none
                                * (a game without options, or a line of an earlier Rimau) */
} cli_outcome;

/* The line of O, without its newline, in keys game, seed, sides, players,
 * winner, turns, captures, and options (an object of names and values)
 * when O has options; the seed is a string of digits (a JSON integer
 * cannot hold every uint64). The caller frees it. NULL, with the reason in
 * WHY, when a name is not valid UTF-8 or the line would be longer than
 * CLI_JSON_MAX_LINE. */
char *cli_outcome_line(const cli_outcome *o, char *why, size_t whysize);

/* Reads the LEN bytes at LINE (one line, without its newline; no NUL is
 * needed after it) into O, whose names then live until cli_outcome_free.
 * Returns 0, or -1 with the reason in WHY and in *COL its column (in
 * characters, from 1), or 0 when the reason is about no one place. */
int cli_outcome_read(const char *line, size_t len, cli_outcome *o, char *why, size_t whysize,
                     int *col);
void cli_outcome_free(cli_outcome *o);
/* Whether every option WANT names has WANT's value in HAVE (NULL: no
 * options): true when WANT names none. */
bool cli_options_hold(const rm_choices *have, const rm_choices *want);

/* What cli_json_getline read. */
typedef enum { CLI_LINE_END, CLI_LINE_OK, CLI_LINE_LONG } cli_line;
/* Reads the next line of F into BUF (CLI_JSON_MAX_LINE bytes), its length
 * into *LEN and whether it ended in a newline (not at the end of the file)
 * into *NEWLINE. CLI_LINE_LONG: the line is longer than BUF, and the rest
 * of it was skipped. CLI_LINE_END: nothing was left, or F could not be
 * read (ferror tells). Single-threaded: F is read unlocked. */
cli_line cli_json_getline(FILE *f, char *buf, size_t *len, bool *newline);

/* Prints WHY about line LINENO of FILE on ERR (nothing when ERR is NULL)
 * as FILE:LINE:COL: error: WHY, or FILE:LINE: error: WHY when COL is 0. */
void cli_json_report(FILE *err, const char *file, long lineno, int col, const char *why);

/* What cli_json_read_file found in a file. */
typedef struct cli_json_counts {
    long lines;               /* every line, blank or not */
    long blank;               /* lines of nothing but blanks, skipped */
    long games;               /* good lines EACH took */
    long refused;             /* good lines EACH refused */
    long bad;                 /* malformed lines and lines too long */
} cli_json_counts;

/* Called with each good line's game; returns 0, or -1 after saying why
 * it does not count it. */
typedef int (*cli_outcome_fn)(const cli_outcome *o, const char *file, long lineno, void *ctx);

/* Reads the game lines of F, named FILE in messages: passes each game to
 * EACH; reports each malformed line on ERR (when not NULL) as
 * FILE:LINE[:COL]: error: REASON and goes on with the next. A last line
 * without newline is read as any other. Fills *COUNTS; returns 0 when
 * every line that is not blank was a game EACH took, -1 otherwise. */
int cli_json_read_file(FILE *f, const char *file, FILE *err, cli_outcome_fn each, void *ctx,
                       cli_json_counts *counts);

#endif
