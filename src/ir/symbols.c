/* symbols.c: the names of a .game text and where they are written
 * (symbols.h), read from its syntax tree. */
#include "symbols.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *rm_sym_kind_name(rm_sym_kind kind)
{
    static const char *const names[RM_SYM__COUNT] = {
        "point", "region", "kind", "side", "phase", "option", "value", "example"
    };
    return kind < RM_SYM__COUNT ? names[kind] : "?";
}

static bool word_start(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c >= 0x80;
}

static bool word_char(unsigned char c)
{
    return word_start(c) || (c >= '0' && c <= '9') || c == '\'' || c == '-';
}

rm_span rm_word_at(const rm_source *src, uint32_t offset)
{
    const unsigned char *t = (const unsigned char *)src->text;
    uint32_t len = (uint32_t)src->len;
    if (offset > len)
        offset = len;
    uint32_t start = offset, end = offset;
    while (start > 0 && word_char(t[start - 1]))
        start--;
    while (end < len && word_char(t[end]))
        end++;
    /* (a number is no word: the word starts at its first letter) */
    while (start < end && !word_start(t[start]))
        start++;
    if (start > offset)
        return (rm_span){ offset, offset };
    return (rm_span){ start, end };
}

/* The span of the word WORD written in AT (the first, or the LAST), out
 * of comments and strings; an empty span when it is not there. */
static rm_span find_word(const rm_source *src, rm_span at, const char *word, bool last)
{
    const char *t = src->text;
    size_t wl = strlen(word);
    rm_span found = { 0, 0 };
    for (uint32_t i = at.start; i < at.end && i < src->len;) {
        unsigned char c = (unsigned char)t[i];
        if (c == '#') {
            while (i < at.end && t[i] != '\n')
                i++;
        } else if (c == '"') {
            for (i++; i < at.end && t[i] != '"'; i++)
                if (t[i] == '\\')
                    i++;
            i++;
        } else if (word_start(c)) {
            uint32_t s = i;
            while (i < src->len && word_char((unsigned char)t[i]))
                i++;
            if (i - s == wl && memcmp(t + s, word, wl) == 0) {
                found = (rm_span){ s, i };
                if (!last)
                    break;
            }
        } else if (c >= '0' && c <= '9') {
            while (i < src->len && (word_char((unsigned char)t[i]) || t[i] == '.'))
                i++;
        } else {
            i++;
        }
    }
    return found;
}

static bool has(rm_span s)
{
    return s.end > s.start;
}

/* ---- building ---- */

static void add_ref(rm_index *ix, rm_sym_kind kind, const char *name, const char *value,
                    rm_span at, bool def)
{
    if (!name || !has(at))
        return;
    if (ix->nrefs == ix->caprefs) {
        int cap = ix->caprefs ? 2 * ix->caprefs : 64;
        rm_symref *r = realloc(ix->refs, (size_t)cap * sizeof *r);
        if (!r)
            return;
        ix->refs = r;
        ix->caprefs = cap;
    }
    ix->refs[ix->nrefs++] = (rm_symref){ kind, name, value, at, def };
}

static const char *fmt(rm_index *ix, const char *f, ...) __attribute__((format(printf, 2, 3)));
static const char *fmt(rm_index *ix, const char *f, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return arena_strndup(ix->arena, buf, strlen(buf));
}

static int add_outline(rm_index *ix, rm_outline_kind kind, const char *name, const char *detail,
                       rm_span span, rm_span name_at, int parent)
{
    if (!name)
        return parent;
    if (ix->noutline == ix->capoutline) {
        int cap = ix->capoutline ? 2 * ix->capoutline : 32;
        rm_outline *o = realloc(ix->outline, (size_t)cap * sizeof *o);
        if (!o)
            return parent;
        ix->outline = o;
        ix->capoutline = cap;
    }
    if (!has(name_at))
        name_at = (rm_span){ span.start, span.start };
    ix->outline[ix->noutline] = (rm_outline){ kind, name, detail, span, name_at, parent };
    return ix->noutline++;
}

/* The names of the file's regions, predefined or not: a NAME of a set is
 * a region when one is so named, else a point. */
static bool is_region(const rm_index *ix, const char *name)
{
    static const char *const predefined[] = {
        "all", "centre", "center", "central-square", "around-centre", "around-center"
    };
    for (size_t i = 0; i < sizeof predefined / sizeof predefined[0]; i++)
        if (strcmp(name, predefined[i]) == 0)
            return true;
    for (int i = 0; i < ix->nrefs; i++)
        if (ix->refs[i].def && ix->refs[i].kind == RM_SYM_REGION &&
            strcmp(ix->refs[i].name, name) == 0)
            return true;
    return false;
}

/* Defines the regions first (a set may name a region written below). */
static void find_regions(rm_index *ix, const rm_node *n)
{
    if (!n)
        return;
    if (n->kind == N_REGION)
        add_ref(ix, RM_SYM_REGION, n->text, NULL, n->span2, true);
    for (int i = 0; i < n->nkids; i++)
        find_regions(ix, n->kids[i]);
}

static void walk(rm_index *ix, const rm_node *n, const rm_node *up, int parent);

static void walk_kids(rm_index *ix, const rm_node *n, int parent)
{
    for (int i = 0; i < n->nkids; i++)
        walk(ix, n->kids[i], n, parent);
}

/* Where the first (or the LAST) WORD is written in N's span. */
static rm_span word_of(const rm_index *ix, const rm_node *n, const char *word, bool last)
{
    return word ? find_word(ix->src, n->span, word, last) : (rm_span){ 0, 0 };
}

static void walk(rm_index *ix, const rm_node *n, const rm_node *up, int parent)
{
    if (!n)
        return;
    const rm_source *src = ix->src;
    int me = parent;
    if (up && up->kind == N_IF) { /* a branch: the statements of a block */
        walk_kids(ix, n, parent);
        return;
    }
    switch (n->kind) {
    case N_GAME:
        add_outline(ix, RM_OUT_GAME, fmt(ix, "game \"%s\"", n->text), NULL, n->span,
                    n->span, parent);
        return;
    case N_BOARD:
        me = add_outline(ix, RM_OUT_BOARD, "board", NULL, n->span,
                         (rm_span){ n->span.start, n->span.start + 5 }, parent);
        break;
    case N_GRID:
        add_outline(ix, RM_OUT_POINT, fmt(ix, "grid %ld x %ld", n->n, n->n2), NULL, n->span,
                    n->span2, parent);
        break;
    case N_TRIANGLE:
        add_outline(ix, RM_OUT_POINT, "triangle", NULL, n->span, n->span, parent);
        if (n->nkids > 0 && n->kids[0] && n->kids[0]->kind == N_NAME)
            add_ref(ix, RM_SYM_POINT, n->kids[0]->text, NULL, n->kids[0]->span, false);
        return;
    case N_POINT:
        add_ref(ix, RM_SYM_POINT, n->text, NULL, n->span2, true);
        add_outline(ix, RM_OUT_POINT, fmt(ix, "point %s", n->text), NULL, n->span, n->span2,
                    parent);
        return;
    case N_LINE:
        for (int i = 0; i < n->nkids; i++)
            if (n->kids[i]->kind == N_NAME)
                add_ref(ix, RM_SYM_POINT, n->kids[i]->text, NULL, n->kids[i]->span, false);
        return;
    case N_REGION:
        me = add_outline(ix, RM_OUT_REGION, fmt(ix, "region %s", n->text), NULL, n->span,
                         n->span2, parent);
        break; /* (defined by find_regions) */
    case N_NAME:
        if (!up)
            return;
        switch (up->kind) {
        case N_SET:
        case N_EXCEPT:
        case N_GRID:
            add_ref(ix, is_region(ix, n->text) ? RM_SYM_REGION : RM_SYM_POINT, n->text, NULL,
                    n->span, false);
            break;
        case N_OVER:
        case N_GOAL:
            add_ref(ix, RM_SYM_KIND, n->text, NULL, n->span, false);
            break;
        default:
            break;
        }
        return;
    case N_SIDE:
        add_ref(ix, RM_SYM_SIDE, n->text, NULL, n->span2, true);
        me = add_outline(ix, RM_OUT_SIDE, fmt(ix, "side %s", n->text), NULL, n->span, n->span2,
                         parent);
        break;
    case N_PIECE: {
        rm_span at = word_of(ix, n, n->text, false);
        /* (the first word is 'piece', which no kind is named) */
        add_ref(ix, RM_SYM_KIND, n->text, NULL, at, true);
        add_outline(ix, RM_OUT_KIND, fmt(ix, "piece %s", n->text), fmt(ix, "%ld", n->n),
                    n->span, at, parent);
        return;
    }
    case N_SETUP:
        me = add_outline(ix, RM_OUT_SETUP, "setup", NULL, n->span,
                         (rm_span){ n->span.start, n->span.start + 5 }, parent);
        break;
    case N_PLACE:
    case N_HAND:
    case N_HOLDS:
    case N_IN_HAND:
    case N_ON_BOARD:
        add_ref(ix, RM_SYM_KIND, n->text, NULL, n->span2, false);
        break;
    case N_TO_MOVE:
    case N_RESULT:
        add_ref(ix, RM_SYM_SIDE, n->text, NULL, n->span2, false);
        break;
    case N_IN_PHASE:
        add_ref(ix, RM_SYM_SIDE, n->text, NULL, n->span2, false);
        if (n->text2)
            add_ref(ix, RM_SYM_PHASE, n->text2, NULL, word_of(ix, n, n->text2, true), false);
        break;
    case N_OPTION: {
        add_ref(ix, RM_SYM_OPTION, n->text, NULL, n->span2, true);
        const char *values = "";
        for (int i = 0; i < n->nkids; i++) {
            add_ref(ix, RM_SYM_VALUE, n->text, n->kids[i]->text, n->kids[i]->span, true);
            values = fmt(ix, "%s%s%s", values, i ? " | " : "", n->kids[i]->text);
        }
        add_outline(ix, RM_OUT_OPTION, fmt(ix, "option %s", n->text), values, n->span, n->span2,
                    parent);
        return;
    }
    case N_IF: {
        add_ref(ix, RM_SYM_OPTION, n->text, NULL, n->span2, false);
        rm_span head = { n->span.start, n->kids && n->nkids ? n->kids[0]->span.start : n->span.end };
        if (n->text2)
            add_ref(ix, RM_SYM_VALUE, n->text, n->text2, find_word(src, head, n->text2, true),
                    false);
        me = add_outline(ix, RM_OUT_IF, fmt(ix, "if %s = %s", n->text, n->text2 ? n->text2 : ""),
                         NULL, n->span, n->span2, parent);
        break;
    }
    case N_WITH:
        add_ref(ix, RM_SYM_OPTION, n->text, NULL, n->span2, false);
        if (n->text2)
            add_ref(ix, RM_SYM_VALUE, n->text, n->text2, word_of(ix, n, n->text2, true), false);
        return;
    case N_RULES:
        me = add_outline(ix, RM_OUT_RULES, "rules", NULL, n->span,
                         (rm_span){ n->span.start, n->span.start + 5 }, parent);
        break;
    case N_FIRST:
        add_ref(ix, RM_SYM_SIDE, n->text, NULL, word_of(ix, n, n->text, true), false);
        return;
    case N_LOSE_WITH:
    case N_BLOCKED:
        add_ref(ix, RM_SYM_SIDE, n->text, NULL, word_of(ix, n, n->text, false), false);
        return;
    case N_GOAL:
        add_ref(ix, RM_SYM_SIDE, n->text, NULL, word_of(ix, n, n->text, false), false);
        break;
    case N_BOTH_BLOCKED:
        if (n->text2)
            add_ref(ix, RM_SYM_SIDE, n->text2, NULL, n->span2, false);
        return;
    case N_PHASE:
        add_ref(ix, RM_SYM_PHASE, n->text, NULL, n->span2, true);
        add_ref(ix, RM_SYM_SIDE, n->text2, NULL, n->span3, false);
        me = add_outline(ix, RM_OUT_PHASE, fmt(ix, "phase %s", n->text),
                         fmt(ix, "of %s", n->text2 ? n->text2 : "?"), n->span, n->span2, parent);
        break;
    case N_TURN: {
        uint32_t e = n->span.start;
        while (e < n->span.end && e < src->len && src->text[e] != '\n')
            e++;
        add_outline(ix, RM_OUT_TURN,
                    arena_strndup(ix->arena, src->text + n->span.start, e - n->span.start), NULL,
                    n->span, (rm_span){ n->span.start, n->span.start + 4 }, parent);
        break;
    }
    case N_ACTION:
        if (n->text)
            add_ref(ix, RM_SYM_KIND, n->text, NULL, n->span2, false);
        break;
    case N_EXAMPLE:
        add_ref(ix, RM_SYM_EXAMPLE, n->text, NULL, n->span2, true);
        me = add_outline(ix, RM_OUT_EXAMPLE, fmt(ix, "example \"%s\"", n->text), NULL, n->span,
                         n->span2, parent);
        break;
    case N_COMPULSORY:
    case N_DIRS:
    case N_CHAIN:
    case N_FINAL_STEP:
    case N_DIAGONALS:
        return;
    default:
        break;
    }
    walk_kids(ix, n, me);
}

static int by_place(const void *a, const void *b)
{
    const rm_symref *x = a, *y = b;
    return x->at.start < y->at.start ? -1 : x->at.start > y->at.start;
}

rm_index *rm_index_new(const rm_source *src)
{
    rm_index *ix = calloc(1, sizeof *ix);
    if (!ix)
        return NULL;
    ix->src = src;
    ix->arena = arena_new();
    if (!ix->arena) {
        free(ix);
        return NULL;
    }
    rm_diag quiet;
    diag_init(&quiet, src, NULL);
    ix->root = rm_parse_partial(src, ix->arena, &quiet);
    if (ix->root) {
        find_regions(ix, ix->root);
        walk(ix, ix->root, NULL, -1);
        /* (regions were added first: put every place in text order) */
        if (ix->nrefs > 1)
            qsort(ix->refs, (size_t)ix->nrefs, sizeof *ix->refs, by_place);
    }
    return ix;
}

void rm_index_free(rm_index *ix)
{
    if (!ix)
        return;
    arena_free(ix->arena);
    free(ix->refs);
    free(ix->outline);
    free(ix);
}

const rm_symref *rm_index_at(const rm_index *ix, uint32_t offset)
{
    for (int i = 0; i < ix->nrefs; i++)
        if (ix->refs[i].at.start <= offset && offset <= ix->refs[i].at.end)
            return &ix->refs[i];
    return NULL;
}

bool rm_symref_same(const rm_symref *a, const rm_symref *b)
{
    if (a->kind != b->kind || strcmp(a->name, b->name) != 0)
        return false;
    return a->kind != RM_SYM_VALUE || strcmp(a->value, b->value) == 0;
}

bool rm_index_defines(const rm_index *ix, rm_sym_kind kind, const char *name, const char *value)
{
    rm_symref want = { kind, name, value, { 0, 0 }, true };
    for (int i = 0; i < ix->nrefs; i++)
        if (ix->refs[i].def && rm_symref_same(&ix->refs[i], &want))
            return true;
    return false;
}

static void point_makers(const rm_node *n, rm_span *out, int max, int *count)
{
    if (!n)
        return;
    if (n->kind == N_GRID || n->kind == N_TRIANGLE) {
        if (*count < max)
            out[*count] = n->span;
        (*count)++;
        return;
    }
    for (int i = 0; i < n->nkids; i++)
        point_makers(n->kids[i], out, max, count);
}

int rm_index_point_makers(const rm_index *ix, rm_span *out, int max)
{
    int count = 0;
    point_makers(ix->root, out, max, &count);
    return count < max ? count : max;
}
