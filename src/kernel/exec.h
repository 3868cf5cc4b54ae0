/* exec.h: the executor, the kernel that plays any described game, in one
 * include. Its parts, each in its own files:
 *
 *   state.h    a position: its layout, behind a small API; playing moves
 *   turns.h    turn lists
 *   movegen.h  move generation: the legal turns of a position
 *   result.h   how a game ends: the one owner of the end rules, and the
 *              history of positions that repetitions are counted in
 *   perft.h    counting sequences of turns
 *
 * Above it: match.h (a game in play), notation.h, record.h, validate.h,
 * then the players and the command line.
 */
#ifndef RIMAU_EXEC_H
#define RIMAU_EXEC_H

#include "state.h"
#include "turns.h"
#include "movegen.h"
#include "result.h"
#include "perft.h"

#endif
