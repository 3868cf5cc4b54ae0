/* assist.h: what an editor shows of a .game text as it is written: the
 * meaning of the keyword or name under the cursor (hover), and the words
 * that may stand at the cursor (completion). Read from the text, its
 * index (symbols.h) and, when the file compiles, its game. */
#ifndef RIMAU_ASSIST_H
#define RIMAU_ASSIST_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "game.h"
#include "symbols.h"

/* Whether byte OFFSET of SRC is inside a comment or a string. */
bool rm_in_comment_or_string(const rm_source *src, uint32_t offset);

/* What the word at byte OFFSET of SRC means, in Markdown, into BUF
 * (SIZE bytes): a keyword's meaning (keywords.h); a point's coordinates,
 * links and lines; a region's points; a kind's side and count; a side's
 * kinds and phases; an option's values and question; a phase's side and
 * turn lines. G (may be NULL: then only what the text says) is the game
 * the text compiles to. Returns the span of the word, empty when there
 * is nothing to say. */
rm_span rm_hover(const rm_source *src, const rm_index *ix, const rm_game *g, uint32_t offset,
                 char *buf, size_t size);

/* What a completion offers. */
typedef enum rm_completion_kind {
    RM_COMPLETE_KEYWORD = RM_SYM__COUNT /* else an rm_sym_kind */
} rm_completion_kind;

typedef struct rm_completion {
    const char *label;         /* lives as long as SRC, IX and G */
    int kind;                  /* rm_sym_kind or RM_COMPLETE_KEYWORD */
    const char *detail;        /* "keyword", "point", "kind of tigers"... */
} rm_completion;

/* The words that may stand at byte OFFSET of SRC and start as the word
 * written before OFFSET does: the keywords the grammar takes there
 * (rm_expected_at) and, where it takes a name, the names of the kind the
 * words before ask for (kinds after drop, step..., sides after first,
 * points and regions in a set, options after if and with, their values
 * after '=', phases after 'in phase'). Stores up to MAX in OUT and
 * returns how many; *REPLACE is the span of the word written so far. */
int rm_complete(const rm_source *src, const rm_index *ix, const rm_game *g, uint32_t offset,
                rm_completion *out, int max, rm_span *replace);

#endif
