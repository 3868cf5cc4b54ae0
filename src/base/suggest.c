/* suggest.c: "did you mean": the names closest to a word (suggest.h). */
#include "suggest.h"

#include <stdio.h>
#include <string.h>

int rm_suggest_limit(size_t len)
{
    return len <= 4 ? 1 : len <= 8 ? 2 : 3;
}

static unsigned char fold(char c)
{
    unsigned char u = (unsigned char)c;
    return u >= 'A' && u <= 'Z' ? (unsigned char)(u - 'A' + 'a') : u;
}

static int min2(int a, int b)
{
    return a < b ? a : b;
}

int rm_suggest_distance(const char *a, const char *b, int max)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > RM_SUGGEST_LEN || lb > RM_SUGGEST_LEN)
        return max + 1;
    if ((la > lb ? la - lb : lb - la) > (size_t)max)
        return max + 1; /* (each extra character costs an edit) */
    /* Three rows of the table of distances between prefixes: the one
     * before the last (for swaps), the last and this one. */
    int rows[3][RM_SUGGEST_LEN + 1];
    int *before = rows[0], *last = rows[1], *row = rows[2];
    for (size_t j = 0; j <= lb; j++)
        last[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        row[0] = (int)i;
        int least = row[0];
        for (size_t j = 1; j <= lb; j++) {
            int same = fold(a[i - 1]) == fold(b[j - 1]);
            int d = min2(min2(last[j] + 1, row[j - 1] + 1), last[j - 1] + !same);
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) &&
                fold(a[i - 2]) == fold(b[j - 1]))
                d = min2(d, before[j - 2] + 1); /* two neighbours swapped */
            row[j] = d;
            least = min2(least, d);
        }
        if (least > max)
            return max + 1; /* (no later row is smaller) */
        int *t = before;
        before = last;
        last = row;
        row = t;
    }
    return last[lb];
}

void rm_suggest_start(rm_suggest *s, const char *word)
{
    memset(s, 0, sizeof *s);
    s->word = word;
    s->best = rm_suggest_limit(strlen(word)) + 1;
}

int rm_suggest_start_n(rm_suggest *s, const char *word, size_t len)
{
    if (len > RM_SUGGEST_LEN)
        return -1;
    rm_suggest_start(s, "");
    memcpy(s->own, word, len);
    s->own[len] = '\0';
    s->word = s->own;
    s->best = rm_suggest_limit(len) + 1;
    return 0;
}

void rm_suggest_offer_as(rm_suggest *s, const char *key, const char *shown)
{
    size_t len = strlen(s->word);
    int limit = rm_suggest_limit(len);
    if (len < 2) /* fewer edits than characters: a one-letter word only by its case */
        limit = 0;
    else if ((size_t)limit >= len)
        limit = (int)len - 1;
    if (strlen(shown) > RM_SUGGEST_LEN)
        return;
    int d = rm_suggest_distance(s->word, key, limit);
    if (key != shown)
        d = min2(d, rm_suggest_distance(s->word, shown, limit));
    if (d > limit || d > s->best)
        return;
    for (int i = 0; i < s->n && d == s->best; i++)
        if (strcmp(s->name[i], shown) == 0)
            return; /* (offered twice: one name) */
    if (d < s->best) {
        s->best = d;
        s->n = s->ties = 0;
    }
    s->ties++;
    if (s->n < RM_SUGGEST_MAX)
        strcpy(s->name[s->n++], shown);
}

void rm_suggest_offer(rm_suggest *s, const char *name)
{
    rm_suggest_offer_as(s, name, name);
}

void rm_suggest_offer_all(rm_suggest *s, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (names[i])
            rm_suggest_offer(s, names[i]);
}

int rm_suggest_count(const rm_suggest *s)
{
    return s->ties > RM_SUGGEST_MAX ? 0 : s->n;
}

const char *rm_suggest_text(const rm_suggest *s, char *buf, size_t size)
{
    int n = rm_suggest_count(s);
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < n && used < size; i++) {
        const char *before = i == 0 ? "; did you mean " : i == n - 1 ? " or " : ", ";
        int k = snprintf(buf + used, size - used, "%s'%s'%s", before, s->name[i],
                         i == n - 1 ? "?" : "");
        if (k < 0 || (size_t)k >= size - used) {
            buf[0] = '\0'; /* (cut, it would name something else: nothing) */
            return buf;
        }
        used += (size_t)k;
    }
    return buf;
}

const char *rm_suggest_among(const char *word, const char *const *names, size_t n, char *buf,
                             size_t size)
{
    rm_suggest s;
    rm_suggest_start(&s, word);
    rm_suggest_offer_all(&s, names, n);
    return rm_suggest_text(&s, buf, size);
}
