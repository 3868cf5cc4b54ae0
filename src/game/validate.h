/* validate.h: running a game's examples (the facts its sources state). */
#ifndef RIMAU_VALIDATE_H
#define RIMAU_VALIDATE_H

#include <stddef.h>

#include "game.h"

/* Runs example EX of G. Returns 0 when every assertion holds, or -1 with
 * the line of the failing step in *LINE and a message in MSG. */
int rm_run_example(const rm_game *g, const rm_example *ex, int *line, char *msg, size_t size);

#endif
