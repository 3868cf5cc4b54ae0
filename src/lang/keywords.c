/* keywords.c: what each keyword means (keywords.h). */
#include "keywords.h"

#include <string.h>

const rm_keyword_doc *rm_keyword_find(const char *word, size_t len)
{
    int lo = 0, hi = rm_nkeyword_docs - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const char *w = rm_keyword_docs[mid].word;
        int c = strncmp(w, word, len);
        if (c == 0 && w[len] != '\0')
            c = 1;
        if (c == 0)
            return &rm_keyword_docs[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

const char *rm_keyword_meaning(const char *word, size_t len)
{
    const rm_keyword_doc *k = rm_keyword_find(word, len);
    return k ? k->text : NULL;
}
