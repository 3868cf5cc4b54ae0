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
 * not read is an error "position string, character N: ..." under the
 * character where it goes wrong, reported to D, whose source (D->src,
 * not NULL) is G's text. Returns the number of errors. */
int rm_check_example_positions_to(const rm_game *g, rm_diag *d);

#endif
