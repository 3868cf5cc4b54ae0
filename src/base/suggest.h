/* suggest.h: "did you mean": the names closest to a word that names
 * nothing, for the end of the message that says so.
 *
 * Every message that looks a name up and finds none ends, when a close
 * name exists, with "; did you mean 'X'?", "; did you mean 'X' or 'Y'?"
 * or "; did you mean 'X', 'Y' or 'Z'?", each name in single quotes (an
 * editor's quick fix reads them there: keep the shape).
 *
 * Closeness is the Damerau-Levenshtein distance (the optimal string
 * alignment one: an insertion, a deletion, a change of one character, or
 * a swap of two neighbours is one edit, so "paly" is 1 from "play"),
 * ignoring the case of ASCII letters. A name is offered only within
 * rm_suggest_limit(length of the word) edits, and fewer edits than the
 * word has characters (so no one-letter word is "corrected" into
 * another). The closest names win; when more than RM_SUGGEST_MAX tie,
 * none is offered (a guess among so many helps no one: "f3" on a board
 * of columns a to e is 1 edit from a3, b3, c3, d3 and e3). */
#ifndef RIMAU_SUGGEST_H
#define RIMAU_SUGGEST_H

#include <stddef.h>

#define RM_SUGGEST_MAX 3     /* names offered at most */
#define RM_SUGGEST_LEN 128   /* longer words and names are not compared */
/* Room for the text of three names of RM_SUGGEST_LEN bytes. */
#define RM_SUGGEST_TEXT (3 * RM_SUGGEST_LEN + 32)

/* The names offered so far, closest first. Each is copied (a name shown
 * may be made for the offer, as a path is). */
typedef struct rm_suggest {
    const char *word;
    int best;        /* the edits of the names kept; above the limit: none yet */
    int n;           /* names kept */
    int ties;        /* names at BEST edits offered, kept or not */
    char name[RM_SUGGEST_MAX][RM_SUGGEST_LEN + 1];
    char own[RM_SUGGEST_LEN + 1]; /* the word, when rm_suggest_start_n copied it */
} rm_suggest;

/* The edits allowed for a word of LEN characters: 1 up to 4, 2 up to 8,
 * 3 beyond. */
int rm_suggest_limit(size_t len);

/* The Damerau-Levenshtein distance of A and B, case aside; any number
 * above MAX stands for "more than MAX" (the walk stops there). Words
 * longer than RM_SUGGEST_LEN are MAX + 1 from everything. */
int rm_suggest_distance(const char *a, const char *b, int max);

/* Starts looking for the names closest to WORD (kept, not copied). */
void rm_suggest_start(rm_suggest *s, const char *word);

/* The same for the LEN bytes at WORD (a word within a longer text),
 * copied. Returns 0, or -1 when LEN is over RM_SUGGEST_LEN: the caller
 * then offers nothing. */
int rm_suggest_start_n(rm_suggest *s, const char *word, size_t len);

/* Offers NAME. */
void rm_suggest_offer(rm_suggest *s, const char *name);

/* Offers SHOWN, as close to the word as the closer of KEY and SHOWN is
 * (a file "kaooa.game" offered for "kaoa" by its name without ".game"). */
void rm_suggest_offer_as(rm_suggest *s, const char *key, const char *shown);

/* Offers each of the N names of NAMES. */
void rm_suggest_offer_all(rm_suggest *s, const char *const *names, size_t n);

/* The number of names to suggest (0 when none, or too many tie). */
int rm_suggest_count(const rm_suggest *s);

/* The message's end: "; did you mean 'X'?" (or two or three names), or
 * "" when none is close. Written into BUF (RM_SUGGEST_TEXT bytes suffice),
 * which is returned. */
const char *rm_suggest_text(const rm_suggest *s, char *buf, size_t size);

/* rm_suggest_text of WORD among the N names of NAMES, at once. */
const char *rm_suggest_among(const char *word, const char *const *names, size_t n, char *buf,
                             size_t size);

#endif
