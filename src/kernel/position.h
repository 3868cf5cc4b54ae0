/* position.h: a position as one line of text, like chess's FEN (see
 * doc/notation.md, "Position strings"):
 *
 *   BOARD HAND SIDE PHASES TURN [COUNTS] [passed:lose|passed:draw]
 *
 * BOARD lists the points in the board's order: a number counts empty
 * points, a symbol is one piece, SYMBOL[N] a stack of N; HAND is "-" or
 * SYMBOL N for each kind with pieces in hand ("T2M15"); SIDE is the side
 * to move; PHASES each side's phase, in the order of the sides, joined by
 * ',', with ":N" when the side has played N turns of it; TURN the number
 * of the turn to play (turns played + 1); then, in a game whose rules
 * count turns, COUNTS: SIDE:N for each side that loses after turns
 * without advancing, capture:N for turns without a capture, parted by
 * ',' (optional when reading: 0); the last field only after a blocked
 * side's pass that ended the game (rm_state_pass_end). A kind whose symbol is a digit
 * or one of [ ] ( ) * , : is written (NAME); (NAME) is always accepted.
 */
#ifndef RIMAU_POSITION_H
#define RIMAU_POSITION_H

#include <stddef.h>

#include "exec.h"

/* The position string of ST, allocated (NULL when out of memory). */
char *rm_position_string(const rm_game *g, const rm_state *st);

/* Reads the position string TEXT into ST. Returns 0, or -1 with a message
 * in ERR and in *AT the offset in TEXT of what is wrong. */
int rm_parse_position_string(const rm_game *g, const char *text, rm_state *st, int *at,
                             char *err, size_t errsize);

#endif
