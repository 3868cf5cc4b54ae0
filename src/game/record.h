/* record.h: game records, a text format in the spirit of chess's PGN.
 *
 *     [Game "games/rimau-rimau-a.game"]   the path it was played from
 *     [File "rimau-rimau-a.game"]         its name in the games folder
 *     [Name "Rimau-rimau (version A)"]
 *     [Option "NAME=VALUE"]          one per option
 *     [Player "tigers=human"]        one per side
 *     [Date "2026-11-22"]
 *     [Result "tigers win"]          or "men win", "draw", "*" (unfinished)
 *     [Termination "men cannot move"]
 *
 *     1. xb4,xc4,xd4 2. a1 3. c7-c8 ...
 *
 * Tag lines come first; then the turns, each after its number. '#' starts
 * a comment that runs to the end of the line.
 *
 * A live record is the record of a game while it is played (play --save):
 * its tags end with [Live "..."] and [Result "*"], then its turns follow
 * one a line ("12. c3-d4"), each added at the end of the file as it is
 * played (rm_record_start, rm_record_append), and there is no end mark.
 * The game's end writes the record whole again, without the Live tag. So
 * a game killed while it is played leaves a live record, which the reader
 * takes as it is: no end mark is needed, and a last line without its
 * newline (a turn being added when the kill came) is left out, with a
 * warning. Anywhere else, and in every other record, a fault is an error.
 */
#ifndef RIMAU_RECORD_H
#define RIMAU_RECORD_H

#include <stddef.h>
#include <stdio.h>

#include <stdbool.h>

#include "diag.h"
#include "files.h"
#include "match.h"

#define RM_MAX_TAGS 64
#define RM_MAX_RECORD_TURNS 65000
/* A record's size: room for its tags and the longest turns, so that every
 * record rm_record_save writes is read back (80 MiB: 65,000 turns of
 * RM_MAX_TURN_TEXT characters are some 67 MB). */
#define RM_MAX_RECORD_SIZE ((size_t)80 << 20)

typedef struct rm_record {
    int ntags;
    char *key[RM_MAX_TAGS];
    char *value[RM_MAX_TAGS];
    int nturns, cap;
    char **turns;
    rm_span *at;              /* where each turn is written */
    bool ended;               /* the turns end with '*' (an unfinished game) */
    bool live;                /* a live record: its tags hold [Live "..."] */
    rm_span cut;              /* a live record's last line, cut (no newline ends it)
                               * and left out; empty when there is none */
} rm_record;

/* Reads the record in SRC; errors go to D as FILE:LINE:COL. Returns 0, or
 * -1 after a syntax error (the turns before it are kept in REC). The cut
 * last line of a live record is left out with a warning (printed when
 * D->warn is set), not an error. */
int rm_record_parse(const rm_source *src, rm_record *rec, rm_diag *d);
void rm_record_free(rm_record *rec);
/* The first value of tag KEY, or NULL. */
const char *rm_record_tag(const rm_record *rec, const char *key);

typedef struct rm_record_info {
    const char *game_file;
    const rm_choices *choices;
    const char *players[2];
    int result;               /* RM_ONGOING, RM_DRAW or the winner */
    const char *why;
} rm_record_info;

/* Writes the record of M to PATH through a temporary file renamed into
 * place, so that PATH is never half written. Returns 0, or -1 with a
 * message in ERR. */
int rm_record_save(const char *path, const rm_match *m, const rm_record_info *info, char *err,
                   size_t errsize);

/* Writes the record of M to F, as rm_record_save writes it into its file
 * (for a record kept elsewhere than in a file: the web page's download). */
void rm_record_write(FILE *f, const rm_match *m, const rm_record_info *info);

/* Writes the live record of M, whole, to PATH as rm_record_save does
 * (with [Result "*"] whatever INFO's result), then opens it in O to add
 * turns at its end. 0, or -1 with a message in ERR (O is then closed). */
int rm_record_start(rm_out *o, const char *path, const rm_match *m, const rm_record_info *info,
                    char *err, size_t errsize);

/* Adds turn NUMBER, TEXT, to the live record open in O, as one line,
 * handed to the system (a kill loses none of it) and made durable at most
 * once a second (rm_out_sync_every: a power cut loses at most the last
 * second's turns; a game between computer players is not slowed to the
 * disk's pace). 0, or -1 with a message in ERR (O stays open: rm_out_abort). */
int rm_record_append(rm_out *o, int number, const char *text, char *err, size_t errsize);

#endif
