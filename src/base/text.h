/* text.h: a string that grows as it is written, for the texts a module
 * builds piece by piece (a position's string, a native kernel's
 * constants). Start from { 0 } (or with a buffer of CAP bytes); once
 * memory runs out FAILED is set and nothing more is written; free S when
 * done. */
#ifndef RIMAU_TEXT_H
#define RIMAU_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct rm_text {
    char *s;
    size_t len, cap;
    bool failed;
} rm_text;

static inline void rm_text_put(rm_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline void rm_text_put(rm_text *t, const char *fmt, ...)
{
    while (!t->failed) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->cap ? t->s + t->len : NULL, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = true;
            return;
        }
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = (t->cap + (size_t)n + 1) * 2;
        char *s = realloc(t->s, cap);
        if (!s) {
            t->failed = true;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
}

#endif
