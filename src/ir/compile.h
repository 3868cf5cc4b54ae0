/* compile.h: from syntax tree to game IR (checks and lowering). */
#ifndef RIMAU_COMPILE_H
#define RIMAU_COMPILE_H

#include "ast.h"
#include "game.h"

/* Checks FILE and lowers it into a new game, whose derived tables
 * (derive.h) are filled in; NULL after reporting errors. */
rm_game *compile_game(rm_node *file, const rm_choices *choices, rm_arena *arena, rm_diag *d);

#endif
