/* assist.c: hover and completion over a .game text (assist.h). */
#include "assist.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "keywords.h"

bool rm_in_comment_or_string(const rm_source *src, uint32_t offset)
{
    bool in_string = false, in_comment = false;
    for (uint32_t i = 0; i < offset && i < src->len; i++) {
        char c = src->text[i];
        if (in_comment) {
            in_comment = c != '\n';
        } else if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = false;
        } else if (c == '#') {
            in_comment = true;
        } else if (c == '"') {
            in_string = true;
        }
    }
    return in_string || in_comment;
}

/* ---- hover ---- */

/* Text appended to a buffer, cut at its end. */
typedef struct out {
    char *buf;
    size_t size, used;
} out;

static void put(out *o, const char *f, ...) __attribute__((format(printf, 2, 3)));
static void put(out *o, const char *f, ...)
{
    if (o->used + 1 >= o->size)
        return;
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(o->buf + o->used, o->size - o->used, f, ap);
    va_end(ap);
    if (n > 0)
        o->used = o->used + (size_t)n < o->size ? o->used + (size_t)n : o->size - 1;
}

/* The points of S by name, "a1, b2, c3". */
static void put_points(out *o, const rm_board *b, const rm_set *s)
{
    const char *sep = "";
    SET_FOREACH(p, s) {
        if (p >= b->npoints)
            break;
        put(o, "%s%s", sep, b->points[p].name);
        sep = " ";
    }
}

static void hover_point(out *o, const rm_game *g, const char *name)
{
    const rm_board *b = &g->board;
    int p = board_point(b, name);
    if (p < 0) {
        put(o, "point `%s` (not on the board)", name);
        return;
    }
    const rm_point *pt = &b->points[p];
    put(o, "**point %s** at (%g, %g)", pt->name, pt->x, pt->y);
    if (p == b->centre)
        put(o, ", the centre");
    put(o, "\n\nlinked to (%d): ", set_count(&b->adjacent[p]));
    put_points(o, b, &b->adjacent[p]);
    put(o, "\n\nlines through it:");
    for (int l = 0; l < b->nlines; l++) {
        bool on = false;
        for (uint32_t i = b->line_off[l]; i < b->line_off[l + 1]; i++)
            on |= b->line_pts[i] == p;
        if (!on)
            continue;
        put(o, "\n- ");
        for (uint32_t i = b->line_off[l]; i < b->line_off[l + 1]; i++)
            put(o, "%s%s", i > b->line_off[l] ? " " : "", b->points[b->line_pts[i]].name);
    }
}

static void hover_region(out *o, const rm_game *g, const char *name)
{
    int r = board_region(&g->board, name);
    if (r < 0) {
        put(o, "region `%s`", name);
        return;
    }
    const rm_region *rg = &g->board.regions[r];
    put(o, "**region %s**%s: %d point%s\n\n", rg->name, rg->predefined ? " (predefined)" : "",
        set_count(&rg->points), set_count(&rg->points) == 1 ? "" : "s");
    put_points(o, &g->board, &rg->points);
}

static void hover_kind(out *o, const rm_game *g, const char *name)
{
    int k = game_kind(g, name);
    if (k < 0) {
        put(o, "piece kind `%s`", name);
        return;
    }
    const rm_kind *kd = &g->kinds[k];
    put(o, "**piece %s** of side **%s**: %d piece%s", kd->name, g->sides[kd->side].name, kd->count,
        kd->count == 1 ? "" : "s");
    int on_board = 0;
    for (int p = 0; p < g->board.npoints; p++)
        if (g->setup_kind[p] == k)
            on_board += g->setup_count[p];
    put(o, "; at the start %d on the board, %d in hand", on_board, kd->hand);
    if (kd->stacks)
        put(o, "; stacks%s", kd->stacks_in_play ? "" : " in setup");
    put(o, "; drawn as `%c`", kd->symbol);
}

static void hover_side(out *o, const rm_game *g, const char *name)
{
    int s = game_side(g, name);
    if (s < 0) {
        put(o, "side `%s`", name);
        return;
    }
    const rm_side *sd = &g->sides[s];
    put(o, "**side %s**%s\n\npieces:", sd->name,
        g->rules.present && g->rules.first == s ? ", moves first" : "");
    for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
        put(o, " %s (%d)", g->kinds[k].name, g->kinds[k].count);
    put(o, "\n\nphases:");
    for (int p = 0; p < g->rules.nphases; p++)
        if (g->rules.phases[p].side == s)
            put(o, " %s", g->rules.phases[p].name);
}

static void hover_option(out *o, const rm_game *g, const char *name)
{
    for (int i = 0; g && i < g->noptions; i++) {
        const rm_option *op = &g->options[i];
        if (strcmp(op->name, name) != 0)
            continue;
        put(o, "**option %s**", op->name);
        if (op->doc)
            put(o, ": %s", op->doc);
        put(o, "\n\nvalues:");
        for (int v = 0; v < op->nvalues; v++)
            put(o, " %s%s", op->values[v], v == 0 ? " (the default)" : "");
        return;
    }
    put(o, "option `%s`", name);
}

static void hover_phase(out *o, const rm_game *g, const char *name)
{
    for (int p = 0; g && p < g->rules.nphases; p++) {
        const rm_phase *ph = &g->rules.phases[p];
        if (strcmp(ph->name, name) != 0)
            continue;
        put(o, "**phase %s** of side **%s**: %d turn line%s%s", ph->name, g->sides[ph->side].name,
            ph->nturns, ph->nturns == 1 ? "" : "s", ph->before_play ? ", before play" : "");
        return;
    }
    put(o, "phase `%s`", name);
}

rm_span rm_hover(const rm_source *src, const rm_index *ix, const rm_game *g, uint32_t offset,
                 char *buf, size_t size)
{
    out o = { buf, size, 0 };
    buf[0] = '\0';
    if (rm_in_comment_or_string(src, offset))
        return (rm_span){ offset, offset };
    const rm_symref *r = rm_index_at(ix, offset);
    if (r) {
        /* a point, region, kind or side: what the compiled game says of
         * it, or its name alone when the text does not compile */
        static const struct {
            const char *what;
            void (*hover)(out *, const rm_game *, const char *);
        } named[] = { [RM_SYM_POINT] = { "point", hover_point },
                      [RM_SYM_REGION] = { "region", hover_region },
                      [RM_SYM_KIND] = { "piece kind", hover_kind },
                      [RM_SYM_SIDE] = { "side", hover_side } };
        switch (r->kind) {
        case RM_SYM_POINT:
        case RM_SYM_REGION:
        case RM_SYM_KIND:
        case RM_SYM_SIDE:
            if (g)
                named[r->kind].hover(&o, g, r->name);
            else
                put(&o, "%s `%s`", named[r->kind].what, r->name);
            break;
        case RM_SYM_PHASE:
            hover_phase(&o, g, r->name);
            break;
        case RM_SYM_OPTION:
        case RM_SYM_VALUE:
            if (r->kind == RM_SYM_VALUE)
                put(&o, "value `%s` of ", r->value);
            hover_option(&o, g, r->name);
            break;
        case RM_SYM_EXAMPLE:
            put(&o, "**example \"%s\"**: run it with `rimau validate`", r->name);
            break;
        default:
            break;
        }
        return r->at;
    }
    rm_span w = rm_word_at(src, offset);
    const char *meaning = rm_keyword_meaning(src->text + w.start, w.end - w.start);
    if (w.end == w.start || !meaning)
        return (rm_span){ offset, offset };
    put(&o, "%s", meaning);
    return w;
}

/* ---- completion ---- */

typedef struct list {
    rm_completion *items;
    int n, max;
    const char *prefix;
    size_t prefix_len;
} list;

static void offer(list *l, const char *label, int kind, const char *detail)
{
    if (l->n == l->max || strncmp(label, l->prefix, l->prefix_len) != 0)
        return;
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->items[i].label, label) == 0)
            return;
    l->items[l->n++] = (rm_completion){ label, kind, detail };
}

/* Offers the names the index defines of KIND (VALUE: of option NAME). */
static void offer_defined(list *l, const rm_index *ix, rm_sym_kind kind, const char *option)
{
    for (int i = 0; i < ix->nrefs; i++) {
        const rm_symref *r = &ix->refs[i];
        if (!r->def || r->kind != kind)
            continue;
        if (kind == RM_SYM_VALUE) {
            if (option && strcmp(r->name, option) == 0)
                offer(l, r->value, kind, "value");
        } else {
            offer(l, r->name, kind, rm_sym_kind_name(kind));
        }
    }
}

static void offer_points(list *l, const rm_index *ix, const rm_game *g)
{
    for (int p = 0; g && p < g->board.npoints; p++)
        offer(l, g->board.points[p].name, RM_SYM_POINT, "point");
    offer_defined(l, ix, RM_SYM_POINT, NULL);
    for (int r = 0; g && r < g->board.nregions; r++)
        offer(l, g->board.regions[r].name, RM_SYM_REGION,
              g->board.regions[r].predefined ? "region (predefined)" : "region");
    offer_defined(l, ix, RM_SYM_REGION, NULL);
}

/* A word (or a single character) of the text before END, skipping
 * blanks; its span in *AT. Stops at the start of the line (and gives an
 * empty span there). */
static rm_span word_before(const rm_source *src, uint32_t end)
{
    const char *t = src->text;
    while (end > 0 && (t[end - 1] == ' ' || t[end - 1] == '\t' || t[end - 1] == '\r'))
        end--;
    if (end == 0 || t[end - 1] == '\n')
        return (rm_span){ end, end };
    rm_span w = rm_word_at(src, end - 1);
    if (w.end > w.start && w.end == end)
        return w;
    return (rm_span){ end - 1, end }; /* a number or a sign: one character */
}

static bool is(const rm_source *src, rm_span w, const char *word)
{
    size_t n = strlen(word);
    return w.end - w.start == n && memcmp(src->text + w.start, word, n) == 0;
}

int rm_complete(const rm_source *src, const rm_index *ix, const rm_game *g, uint32_t offset,
                rm_completion *items, int max, rm_span *replace)
{
    if (offset > src->len)
        offset = (uint32_t)src->len;
    rm_span w = rm_word_at(src, offset);
    uint32_t start = w.end > w.start ? w.start : offset;
    *replace = (rm_span){ start, offset };
    list l = { items, 0, max, src->text + start, offset - start };
    if (rm_in_comment_or_string(src, start))
        return 0;
    const char *expected[256];
    int n = rm_expected_at(src, start, expected, 256);
    bool name = false;
    int nkeywords = 0;
    for (int i = 0; i < n; i++) {
        name |= strcmp(expected[i], "name") == 0;
        nkeywords += expected[i][0] == '\'' && expected[i][1] >= 'a' && expected[i][1] <= 'z';
    }
    /* A name or any keyword (a phase's or an option's name or value, the
     * grammar's 'word'): no keyword is meant there. */
    bool word = name && nkeywords > 60;
    /* What the words before ask for: walk back over the names of a list
     * to the keyword that starts it. */
    rm_span prev = word_before(src, start), p = prev;
    int want = -1; /* an rm_sym_kind, or -1: every name */
    const char *option = NULL;
    char option_buf[RM_NAME_MAX * 16];
    for (int steps = 0; name && p.end > p.start && steps < 64; steps++) {
        if (is(src, p, "drop") || is(src, p, "step") || is(src, p, "slide") ||
            is(src, p, "leap") || is(src, p, "capture") || is(src, p, "remove") ||
            is(src, p, "relocate") || is(src, p, "over")) {
            want = RM_SYM_KIND;
            break;
        }
        if (is(src, p, "first") || is(src, p, "of") || is(src, p, "result")) {
            want = RM_SYM_SIDE;
            break;
        }
        if (is(src, p, "phase")) {
            rm_span before = word_before(src, p.start);
            want = is(src, before, "in") ? RM_SYM_PHASE : RM_SYM__COUNT; /* a new name */
            break;
        }
        if (is(src, p, "if") || is(src, p, "with")) {
            want = RM_SYM_OPTION;
            break;
        }
        if (is(src, p, "=")) {
            rm_span opt = word_before(src, p.start), kw = word_before(src, opt.start);
            if (is(src, kw, "if") || is(src, kw, "with")) {
                size_t len = opt.end - opt.start < sizeof option_buf - 1 ? opt.end - opt.start
                                                                         : sizeof option_buf - 1;
                memcpy(option_buf, src->text + opt.start, len);
                option_buf[len] = '\0';
                option = option_buf;
                want = RM_SYM_VALUE;
            } else {
                want = is(src, kw, "region") ? RM_SYM_POINT : RM_SYM__COUNT;
            }
            break;
        }
        if (is(src, p, "at") || is(src, p, "in") || is(src, p, "except") || is(src, p, "to") ||
            is(src, p, "line") || is(src, p, "apex")) {
            want = RM_SYM_POINT;
            break;
        }
        if (is(src, p, "piece") || is(src, p, "side") || is(src, p, "region") ||
            is(src, p, "point") || is(src, p, "option")) {
            want = RM_SYM__COUNT; /* a new name: nothing to offer */
            break;
        }
        p = word_before(src, p.start);
    }
    if (name) {
        if (want == RM_SYM_KIND || want == -1)
            offer_defined(&l, ix, RM_SYM_KIND, NULL);
        if (want == RM_SYM_SIDE || want == -1)
            offer_defined(&l, ix, RM_SYM_SIDE, NULL);
        if (want == RM_SYM_PHASE)
            offer_defined(&l, ix, RM_SYM_PHASE, NULL);
        if (want == RM_SYM_OPTION)
            offer_defined(&l, ix, RM_SYM_OPTION, NULL);
        if (want == RM_SYM_VALUE)
            offer_defined(&l, ix, RM_SYM_VALUE, option);
        if (want == RM_SYM_POINT || (want == -1 && prev.end > prev.start))
            offer_points(&l, ix, g);
    }
    if (!word)
        for (int i = 0; i < n; i++)
            if (expected[i][0] == '\'' && expected[i][1] >= 'a' && expected[i][1] <= 'z') {
                /* (the printed names are "'word'": the word between) */
                const rm_keyword_doc *k = rm_keyword_find(expected[i] + 1, strlen(expected[i]) - 2);
                if (k)
                    offer(&l, k->word, RM_COMPLETE_KEYWORD, "keyword");
            }
    return l.n;
}
