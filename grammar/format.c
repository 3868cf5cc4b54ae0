/* format.c: the canonical layout of a .game file (format.h, rimau fmt).
 *
 * Where, and on what. The layout is decided on the scanner's tokens
 * (lexer.l), with what lies between two tokens (blanks, line breaks,
 * comments, a ';' that ends nothing) read here from the text. The
 * syntax tree of src/lang cannot do it: it keeps no comment, no line
 * break, nor how a number or a name was written. So the formatter is in
 * the grammar's folder, the lowest layer that sees the scanner. The file
 * is parsed first (rm_parse): a file with a syntax error is refused with
 * its messages, never laid out half understood.
 *
 * What it may change: the blanks only. Every token is copied byte for
 * byte (a string with its line breaks and escapes), every comment and
 * every line break is kept, except blank lines beyond one in a row (and
 * those after a '{', before a '}' and at the ends of the file), a ';'
 * followed on its line by nothing or by a '}' (the end of the line or
 * the brace ends the statement as well), and a byte-order mark. None of
 * them changes the tokens the scanner gives the parser, the ends of
 * statements included: a line break that ends a statement stays, and one
 * that does not (after '{', ',', '=' or another end) stays and still ends
 * nothing. Before the text is returned it is scanned again and its
 * tokens and comments compared with the file's (same_items): a
 * difference is an internal error, and nothing is returned.
 *
 * The layout, as the shipped games are written:
 *   - 4 spaces of indentation per open block; a line that begins with
 *     '}' closes its block first; a line that goes on with a statement
 *     (after ',' or '=') one level more;
 *   - one space between two tokens, none before ',' and ';';
 *   - one-line blocks on lines that follow each other and begin with the
 *     same word (side tigers { piece tiger 4 } / side goats { ... }) have
 *     their '{' one above the other (own-line comments between them do
 *     not break the run; a blank line or another statement does);
 *   - an own-line comment takes the indentation of its place; a trailing
 *     comment keeps its column when that leaves two spaces after the
 *     code, else it goes two spaces after the code (columns count
 *     characters, a tab to the next multiple of 8);
 *   - at most one blank line in a row; no trailing blanks; one '\n' at
 *     the end of every line, CR LF ends of lines as '\n'.
 * Line breaks are the author's: fmt neither joins nor splits lines, so
 * a long line stays long and short blocks stay on one line.
 */
#include "format.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "lexer_extra.h"
#include "parser.h"

int rmyylex(RMYYSTYPE *lval, RMYYLTYPE *lloc, void *scanner);

enum {
    INDENT = 4,      /* spaces per level */
    COMMENT_GAP = 2, /* the fewest spaces between code and its comment */
    TAB = 8,
};

/* What a file is made of, in order: its tokens (the separators the
 * scanner makes included), its comments and its line breaks. */
enum { IT_TOKEN, IT_COMMENT, IT_NEWLINE };
typedef struct item {
    int kind;
    int code;       /* IT_TOKEN: the token's code (parser.h) */
    bool solid;     /* IT_TOKEN: written in the file (not a separator a
                     * line break, a '}' or the end makes) */
    uint32_t start; /* its bytes in the text (a comment without its */
    uint32_t end;   /* trailing blanks) */
} item;

typedef struct items {
    item *v;
    int n, cap;
} items;

static bool push(items *l, item it)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 256;
        item *v = realloc(l->v, (size_t)cap * sizeof *v);
        if (!v)
            return false;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = it;
    return true;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Adds the comments and line breaks of TEXT[from, to), text the scanner
 * skipped between two tokens (blanks, line breaks, comments, a ';' that
 * ends nothing). */
static bool push_gap(items *l, const char *text, uint32_t from, uint32_t to)
{
    for (uint32_t p = from; p < to; p++) {
        if (text[p] == '\n') {
            if (!push(l, (item){ IT_NEWLINE, 0, false, p, p + 1 }))
                return false;
        } else if (text[p] == '#') {
            uint32_t q = p;
            while (q < to && text[q] != '\n')
                q++;
            uint32_t e = q;
            while (e > p && is_blank(text[e - 1]))
                e--;
            if (!push(l, (item){ IT_COMMENT, 0, false, p, e }))
                return false;
            p = q - 1;
        }
    }
    return true;
}

/* The items of SRC in *L. 0; -1 when out of memory or when the scanner
 * reports an error (which a file that parsed does not have). */
static int scan(const rm_source *src, items *l)
{
    memset(l, 0, sizeof *l);
    rm_arena *arena = arena_new();
    if (!arena)
        return -1;
    rm_diag quiet;
    diag_init(&quiet, src, NULL);
    rm_lexer *lx = arena_alloc(arena, sizeof *lx);
    if (lexer_init(lx, src, arena, &quiet) != 0) {
        lexer_fini(lx);
        arena_free(arena);
        return -1;
    }
    const char *s = src->text;
    uint32_t pos = lx->offset; /* (after a byte-order mark) */
    int rc = 0;
    for (;;) {
        RMYYSTYPE val;
        RMYYLTYPE loc;
        int code = rmyylex(&val, &loc, lx->scanner);
        if (code == RMYYEOF)
            break;
        if (code == RMYYerror || code == RMYYUNDEF || quiet.errors > 0) {
            rc = -1;
            break;
        }
        bool solid = code != SEP || (loc.end > loc.start && s[loc.start] == ';');
        if (solid && !push_gap(l, s, pos, loc.start)) {
            rc = -1;
            break;
        }
        if (!push(l, (item){ IT_TOKEN, code, solid, loc.start, loc.end })) {
            rc = -1;
            break;
        }
        if (solid)
            pos = loc.end;
    }
    if (rc == 0 && (quiet.errors > 0 || !push_gap(l, s, pos, (uint32_t)src->len)))
        rc = -1;
    lexer_fini(lx);
    arena_free(arena);
    if (rc != 0) {
        free(l->v);
        memset(l, 0, sizeof *l);
    }
    return rc;
}

/* Whether A (in text TA) and B (in TB) are the same tokens, separators
 * included, and the same comments at the same places: line breaks aside,
 * the same items. */
static bool same_items(const items *a, const char *ta, const items *b, const char *tb)
{
    int i = 0, j = 0;
    for (;;) {
        while (i < a->n && a->v[i].kind == IT_NEWLINE)
            i++;
        while (j < b->n && b->v[j].kind == IT_NEWLINE)
            j++;
        if (i == a->n || j == b->n)
            return i == a->n && j == b->n;
        const item *x = &a->v[i++], *y = &b->v[j++];
        if (x->kind != y->kind || x->code != y->code)
            return false;
        if (x->kind == IT_TOKEN && x->code == SEP)
            continue; /* (';', a line break or nothing: the same end) */
        if (x->end - x->start != y->end - y->start ||
            memcmp(ta + x->start, tb + y->start, x->end - x->start) != 0)
            return false;
    }
}

/* ---- the lines ---- */

typedef struct line {
    int t0, t1;      /* its tokens: indices into the token list [t0, t1) */
    int comment;     /* its comment (an index into the items), or -1 */
    int ccol;        /* the comment's column in the file (0 first) */
    int indent;      /* levels */
    bool goes_on;    /* it goes on with the statement of the line before */
    int align;       /* spaces before its first '{' (0: one, as anywhere) */
} line;

typedef struct layout {
    const char *text;
    uint32_t first;  /* where the text begins (after a byte-order mark) */
    const items *it;
    int *tok;        /* the solid tokens kept: indices into the items */
    int ntok;
    line *lines;
    int nlines, caplines;
    char *out;       /* the result */
    size_t len, cap;
    bool nomem;
} layout;

/* The column after TEXT[0, N) written from column COL. */
static int advance(int col, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n')
            col = 0;
        else if (c == '\t')
            col = (col / TAB + 1) * TAB;
        else if ((c & 0xC0) != 0x80) /* characters, not UTF-8 bytes */
            col++;
    }
    return col;
}

static const item *tok_at(const layout *f, int t)
{
    return &f->it->v[f->tok[t]];
}

static int code_at(const layout *f, int t)
{
    return tok_at(f, t)->code;
}

static bool new_line(layout *f, int t0)
{
    if (f->nlines == f->caplines) {
        int cap = f->caplines ? f->caplines * 2 : 128;
        line *v = realloc(f->lines, (size_t)cap * sizeof *v);
        if (!v)
            return false;
        f->lines = v;
        f->caplines = cap;
    }
    f->lines[f->nlines++] = (line){ t0, t0, -1, 0, 0, false, 0 };
    return true;
}

/* Splits the items into lines of tokens and comments; drops the ';'
 * that end nothing (those last on their line or before a '}'). */
static bool split_lines(layout *f)
{
    f->tok = malloc((size_t)(f->it->n ? f->it->n : 1) * sizeof *f->tok);
    if (!f->tok || !new_line(f, 0))
        return false;
    for (int i = 0; i < f->it->n; i++) {
        const item *x = &f->it->v[i];
        line *l = &f->lines[f->nlines - 1];
        if (x->kind == IT_NEWLINE) {
            if (!new_line(f, f->ntok))
                return false;
        } else if (x->kind == IT_COMMENT) {
            uint32_t bol = x->start;
            while (bol > 0 && f->text[bol - 1] != '\n')
                bol--;
            if (bol == 0)
                bol = f->first;
            l->comment = i;
            l->ccol = advance(0, f->text + bol, x->start - bol);
        } else if (x->solid) {
            f->tok[f->ntok++] = i;
            l->t1 = f->ntok;
        }
    }
    /* the ';' that end nothing (the tokens move down in place) */
    int w = 0;
    for (int k = 0; k < f->nlines; k++) {
        line *l = &f->lines[k];
        int t0 = w;
        for (int t = l->t0; t < l->t1; t++)
            if (code_at(f, t) != SEP || (t + 1 < l->t1 && code_at(f, t + 1) != '}'))
                f->tok[w++] = f->tok[t];
        l->t0 = t0;
        l->t1 = w;
    }
    f->ntok = w;
    return true;
}

/* Sets each line's indentation. */
static void indent_lines(layout *f)
{
    int depth = 0, prev = 0; /* open blocks; the last token before the line */
    for (int k = 0; k < f->nlines; k++) {
        line *l = &f->lines[k];
        l->goes_on = prev == ',' || prev == '=';
        int lead = 0;
        while (l->t0 + lead < l->t1 && code_at(f, l->t0 + lead) == '}')
            lead++;
        l->indent = (depth > lead ? depth - lead : 0) + (l->goes_on ? 1 : 0);
        for (int t = l->t0; t < l->t1; t++) {
            int c = code_at(f, t);
            if (c == '{')
                depth++;
            else if (c == '}' && depth > 0)
                depth--;
            prev = c;
        }
    }
}

/* The width of the tokens [T0, T1) written on one line, or -1 when one
 * of them holds a line break. */
static int tokens_width(const layout *f, int t0, int t1)
{
    int w = 0;
    for (int t = t0; t < t1; t++) {
        const item *x = tok_at(f, t);
        if (memchr(f->text + x->start, '\n', x->end - x->start))
            return -1;
        if (t > t0 && x->code != ',' && x->code != SEP)
            w++;
        w = advance(w, f->text + x->start, x->end - x->start);
    }
    return w;
}

/* The width of the head of line L (its tokens before its first '{')
 * when L is a whole block on one line (a statement that begins the line,
 * whose first '{' is closed by the line's last token), else -1. */
static int block_head(const layout *f, const line *l)
{
    if (l->goes_on || l->t0 == l->t1)
        return -1;
    int open = -1;
    for (int t = l->t0; t < l->t1 && open < 0; t++) {
        if (code_at(f, t) == '{')
            open = t;
        else if (code_at(f, t) == '}')
            return -1;
    }
    if (open <= l->t0)
        return -1;
    int depth = 0;
    for (int t = open; t < l->t1; t++) {
        int c = code_at(f, t);
        depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        if (depth == 0 && t + 1 < l->t1)
            return -1; /* something after the block */
    }
    return depth == 0 ? tokens_width(f, l->t0, open) : -1;
}

/* Whether lines A and B begin with the same word. */
static bool same_first(const layout *f, const line *a, const line *b)
{
    const item *x = tok_at(f, a->t0), *y = tok_at(f, b->t0);
    return x->code == y->code && x->end - x->start == y->end - y->start &&
           memcmp(f->text + x->start, f->text + y->start, x->end - x->start) == 0;
}

/* Aligns the '{' of the runs of one-line blocks. */
static void align_blocks(layout *f)
{
    int run[256], head[256], n = 0;
    for (int k = 0; k <= f->nlines; k++) {
        const line *l = k < f->nlines ? &f->lines[k] : NULL;
        if (l && l->t0 == l->t1 && l->comment >= 0)
            continue; /* an own-line comment: the run goes on */
        int w = l ? block_head(f, l) : -1;
        bool joins = w >= 0 && n > 0 && n < 256 && f->lines[run[0]].indent == l->indent &&
                     same_first(f, &f->lines[run[0]], l);
        if (!joins) {
            int most = 0;
            for (int i = 0; i < n; i++)
                most = head[i] > most ? head[i] : most;
            for (int i = 0; n > 1 && i < n; i++)
                f->lines[run[i]].align = most - head[i] + 1;
            n = 0;
        }
        if (w >= 0 && n < 256) {
            run[n] = k;
            head[n++] = w;
        }
    }
}

static void put(layout *f, const char *s, size_t n)
{
    if (f->nomem)
        return;
    if (f->len + n + 1 > f->cap) {
        size_t cap = f->cap ? f->cap : 4096;
        while (cap < f->len + n + 1)
            cap *= 2;
        char *p = realloc(f->out, cap);
        if (!p) {
            f->nomem = true;
            return;
        }
        f->out = p;
        f->cap = cap;
    }
    memcpy(f->out + f->len, s, n);
    f->len += n;
    f->out[f->len] = '\0';
}

static void spaces(layout *f, int n)
{
    static const char blanks[] = "                                ";
    for (; n > 0; n -= (int)sizeof blanks - 1)
        put(f, blanks, n < (int)sizeof blanks - 1 ? (size_t)n : sizeof blanks - 1);
}

/* Writes line L; returns its last token's code (0 when it has none). */
static int write_line(layout *f, const line *l)
{
    int col = l->indent * INDENT;
    spaces(f, col);
    bool aligned = false;
    for (int t = l->t0; t < l->t1; t++) {
        const item *x = tok_at(f, t);
        int gap = t == l->t0 || x->code == ',' || x->code == SEP ? 0 : 1;
        if (x->code == '{' && l->align > 0 && !aligned) {
            gap = l->align;
            aligned = true;
        }
        spaces(f, gap);
        put(f, f->text + x->start, x->end - x->start);
        col = advance(col + gap, f->text + x->start, x->end - x->start);
    }
    if (l->comment >= 0) {
        const item *c = &f->it->v[l->comment];
        if (l->t1 > l->t0)
            spaces(f, l->ccol >= col + COMMENT_GAP ? l->ccol - col : COMMENT_GAP);
        put(f, f->text + c->start, c->end - c->start);
    }
    put(f, "\n", 1);
    return l->t1 > l->t0 ? code_at(f, l->t1 - 1) : 0;
}

static void write_lines(layout *f)
{
    bool any = false, blank = false;
    int last = 0; /* the last token of the line written last */
    for (int k = 0; k < f->nlines; k++) {
        const line *l = &f->lines[k];
        if (l->t0 == l->t1 && l->comment < 0) {
            blank = true;
            continue;
        }
        if (blank && any && last != '{' && !(l->t1 > l->t0 && code_at(f, l->t0) == '}'))
            put(f, "\n", 1);
        blank = false;
        last = write_line(f, l);
        any = true;
    }
    put(f, "", 0);
}

int rm_format(const rm_source *src, char **out, size_t *out_len, rm_diag *d)
{
    *out = NULL;
    *out_len = 0;
    rm_arena *arena = arena_new();
    if (!arena) {
        diag_file_error(d, "out of memory");
        return -1;
    }
    rm_node *root = rm_parse(src, arena, d);
    arena_free(arena);
    if (!root)
        return -1; /* (its errors said) */
    items it, again = { 0 };
    if (scan(src, &it) != 0) {
        diag_file_error(d, "out of memory, or the file's tokens cannot be read again");
        return -1;
    }
    bool bom = src->len >= 3 && memcmp(src->text, "\xEF\xBB\xBF", 3) == 0;
    layout f = { .text = src->text, .first = bom ? 3 : 0, .it = &it };
    bool ok = split_lines(&f);
    if (ok) {
        indent_lines(&f);
        align_blocks(&f);
        write_lines(&f);
        ok = !f.nomem;
    }
    int rc = 0;
    if (!ok) {
        diag_file_error(d, "out of memory");
        rc = -1;
    } else {
        /* The layout keeps the tokens and comments, in order: checked. */
        rm_source result = { src->path, f.out, f.len };
        if (scan(&result, &again) != 0 || !same_items(&it, src->text, &again, f.out)) {
            diag_file_error(d, "internal error: the new layout would change the file's tokens or "
                            "comments; the file is left as it is");
            rc = -1;
        }
    }
    free(it.v);
    free(again.v);
    free(f.tok);
    free(f.lines);
    if (rc == 0) {
        *out = f.out;
        *out_len = f.len;
    } else {
        free(f.out);
    }
    return rc;
}
