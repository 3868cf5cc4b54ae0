/* describe.h: a game's facts in words: the text of rimau info (its
 * sources, board, sides and pieces, options, how it starts and ends),
 * for the command line and the web page alike. */
#ifndef RIMAU_DESCRIBE_H
#define RIMAU_DESCRIBE_H

#include <stdio.h>

#include "game.h"

/* Writes G's facts to OUT, a fact a line ("name:     ...", "points:   37",
 * "option:   NAME = A (in force) | B  -- DOC", "first:    ..."). */
void rm_describe(FILE *out, const rm_game *g);

/* Writes the kinds of the win by a region GL to OUT, parted by ", ". */
void rm_describe_goal_kinds(FILE *out, const rm_game *g, const rm_goal *gl);

/* The pieces of kind K on the board at the start. */
int rm_kind_on_board(const rm_game *g, int k);

/* The words of a side's forward way (rm_side's forward_way) and of what a
 * side with no legal turn does (RM_BLOCKED_*). */
extern const char *const rm_forward_words[4];
extern const char *const rm_blocked_words[RM_BLOCKED_RULES];

#endif
