/* cli_play_impl.h: what the files of rimau play share: the game's
 * options and state (struct play_opts), and what each file gives the
 * others. The calls go one way: cli_play.c (the command and the game
 * loop) calls cli_play_prompt.c (a human's turn), which calls
 * cli_play_record.c (the record kept as the game is played); each of
 * them calls cli_play_term.c (the status line, "thinking...", a line
 * read, Ctrl-C). */
#ifndef RIMAU_CLI_PLAY_IMPL_H
#define RIMAU_CLI_PLAY_IMPL_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "players.h"
#include "record.h"

enum { PLAYER_HUMAN, PLAYER_COMPUTER };

#define MAX_LINE 4096

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

/* ---- at the terminal (cli_play_term.c) ---- */

/* Set by Ctrl-C (SIGINT) during a game: the game stops, saved, after the
 * line being read or the turn being thought. */
extern volatile sig_atomic_t play_interrupted;
/* Reads one line of at most MAX_LINE bytes into BUF; a longer line is
 * read to its end and reported. Returns 1, 0 at end of input, -1 for
 * a line that was too long, or -2 when Ctrl-C interrupted it. */
int play_read_line(FILE *in, char *buf, size_t size);
/* The width of the terminal: $COLUMNS, else the terminal's, else 80. */
int play_term_width(void);
/* The status line before a turn: its number, the side to move, its
 * phase, and each side's pieces, shortened to fit the terminal's width. */
void play_show_status(const rm_match *m);
/* While the computer thinks, at a terminal: "thinking... 1.2s" on a line
 * of its own, updated by a thread of its own, and erased (blanks over
 * it, no control sequence) by play_thinking_stop before its turn is
 * shown. Nothing when standard output is no terminal. */
void play_thinking_start(void);
void play_thinking_stop(void);
/* After the last turn of M: what it took, and what is left of the side
 * that lost it, or nothing when it took nothing. */
void play_say_captures(const rm_match *m);

/* ---- the record (cli_play_record.c) ---- */

/* What a record of O's game says beside its turns. */
rm_record_info play_record_info(const struct play_opts *o, int result, const char *why);
/* Writes the record of M to PATH whole, the signals that would cut it
 * held. 0, or -1 with ERR. */
int play_save_whole(const char *path, const rm_match *m, const rm_record_info *info, char *err,
                    size_t errsize);
/* Is PATH the file the live record is open on (another name of it, say)? */
bool play_is_live_file(const struct play_opts *o, const char *path);
/* Keeps the record at O->save up to date after a turn (REWRITE: written
 * whole again, after an undo). -1 when it cannot (said once). */
int play_save_progress(struct play_opts *o, const rm_match *m, bool rewrite);
/* The record written whole at the end of the game, with RESULT. 0, or
 * an exit status after a message. */
int play_save_record(struct play_opts *o, rm_match *m, int result);

/* ---- a human's turn (cli_play_prompt.c) ---- */

/* One human turn; returns 1 to go on, 0 to stop (quit, end of input or
 * Ctrl-C). */
int play_human_turn(struct play_opts *o, rm_match *m, bool tty);

#endif
