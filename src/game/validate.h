/* validate.h: running a game's examples (the facts its sources state). */
#ifndef RIMAU_VALIDATE_H
#define RIMAU_VALIDATE_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "game.h"

/* Runs example EX of G. Returns 0 when every assertion holds, or -1 with
 * the line of the failing step in *LINE and a message in MSG. */
int rm_run_example(const rm_game *g, const rm_example *ex, int *line, char *msg, size_t size);

/* The position strings of G's examples read as rm_run_example reads them,
 * so that a typo in one is found by rimau check too: each one that does
 * not read is an error "PATH:LINE:COL: error: position string, character
 * N: ..." under the character where it goes wrong, on ERR (unless NULL).
 * TEXT[0..LEN) is G's text (NULL: read from the file PATH, only when a
 * string does not read). Returns the number of errors. */
int rm_check_example_positions(const rm_game *g, const char *path, const char *text,
                               size_t len, FILE *err);
/* The same, reported to D, whose source (D->src, not NULL) is G's text. */
int rm_check_example_positions_to(const rm_game *g, rm_diag *d);

#endif
