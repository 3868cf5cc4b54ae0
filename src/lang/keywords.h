/* keywords.h: what each keyword of the language means, in the words of
 * doc/language.md.
 *
 * The table is made at build time from doc/language.md and
 * grammar/parser.y by src/lang/keyword-docs.sh (keyword_docs.c in the
 * build folder): the reference page is the one text, for the language
 * server's hover and for any other client.
 */
#ifndef RIMAU_KEYWORDS_H
#define RIMAU_KEYWORDS_H

#include <stddef.h>

typedef struct rm_keyword_doc {
    const char *word;          /* a keyword, or a word the grammar gives a meaning */
    const char *text;          /* Markdown: the reference's heading and first
                                * paragraph, or its table row, then the lines of
                                * the grammar that name the word */
} rm_keyword_doc;

extern const rm_keyword_doc rm_keyword_docs[];  /* sorted by word */
extern const int rm_nkeyword_docs;

/* The entry of WORD[0..LEN), or NULL when it is no keyword or word of
 * the grammar. */
const rm_keyword_doc *rm_keyword_find(const char *word, size_t len);
/* Its meaning (Markdown), or NULL. */
const char *rm_keyword_meaning(const char *word, size_t len);

#endif
