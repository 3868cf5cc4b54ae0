/* check.c: a file checked under every value of its options (check.h). */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "compile.h"

/* The value BASE gives option NAME, or NULL. */
static const char *fixed(const rm_choices *base, const char *name)
{
    for (int i = 0; i < base->n; i++)
        if (strcmp(base->name[i], name) == 0)
            return base->value[i];
    return NULL;
}

int rm_option_variants(const rm_option *opts, int nopts, const rm_choices *base,
                       rm_choices *out, int *option, int *value)
{
    int n = 0;
    out[n] = *base;
    if (option)
        option[n] = value[n] = -1;
    n++;
    for (int o = 0; o < nopts && o < RM_MAX_OPTIONS; o++) {
        if (fixed(base, opts[o].name))
            continue;
        for (int v = 1; v < opts[o].nvalues && v < RM_MAX_VALUES; v++) {
            rm_choices c = *base;
            if (c.n == RM_MAX_OPTIONS)
                break;
            c.name[c.n] = opts[o].name;
            c.value[c.n++] = opts[o].values[v];
            if (option) {
                option[n] = o;
                value[n] = v;
            }
            out[n++] = c;
        }
    }
    return n;
}

/* The messages of the first compile, to tell a variant's new ones. */
typedef struct seen_msg {
    char kind;
    rm_span at;
    char *text;
} seen_msg;

typedef struct checker {
    rm_diag *d;                /* where every message goes */
    seen_msg *seen;
    int nseen, capseen;
    const char *prefix;        /* a variant's "with option 'X' = 'Y': " */
    bool keep_notes;           /* the message the next notes belong to was kept */
} checker;

static bool was_seen(const checker *k, const rm_diag_msg *m)
{
    for (int i = 0; i < k->nseen; i++)
        if (k->seen[i].kind == m->kind[0] && k->seen[i].at.start == m->at.start &&
            k->seen[i].at.end == m->at.end && strcmp(k->seen[i].text, m->text) == 0)
            return true;
    return false;
}

/* The first compile's sink: remembers each message and reports it. */
static void first_sink(void *ctx, const rm_diag_msg *m)
{
    checker *k = ctx;
    if (k->nseen == k->capseen) {
        int cap = k->capseen ? 2 * k->capseen : 16;
        seen_msg *s = realloc(k->seen, (size_t)cap * sizeof *s);
        if (s) {
            k->seen = s;
            k->capseen = cap;
        }
    }
    if (k->nseen < k->capseen) {
        size_t len = strlen(m->text) + 1;
        char *text = malloc(len);
        if (text) {
            memcpy(text, m->text, len);
            k->seen[k->nseen++] = (seen_msg){ m->kind[0], m->at, text };
        }
    }
    diag_forward(k->d, m, "");
}

/* A variant's sink: reports what the first compile did not, named. */
static void variant_sink(void *ctx, const rm_diag_msg *m)
{
    checker *k = ctx;
    if (m->kind[0] == 'n') {
        if (k->keep_notes)
            diag_forward(k->d, m, "");
        return;
    }
    k->keep_notes = !was_seen(k, m);
    if (k->keep_notes)
        diag_forward(k->d, m, k->prefix);
}

/* Parses and compiles SRC with CHOICES, reporting to a diag whose sink
 * is SINK; the game, or NULL. With OPTS, the file's options (top-level
 * OPTION statements) are stored in OPTS (room for RM_MAX_OPTIONS) and
 * their number in *NOPTS, their names and values in ARENA_OUT's arena,
 * which the caller frees. */
static rm_game *compile_with(const rm_source *src, const rm_choices *choices, bool warn,
                             void (*sink)(void *, const rm_diag_msg *), checker *k,
                             rm_option *opts, int *nopts, rm_arena **arena_out)
{
    rm_diag vd;
    diag_init(&vd, src, NULL);
    vd.max_errors = 0;
    vd.warn = warn;
    vd.sink = sink;
    vd.sink_ctx = k;
    rm_arena *arena = arena_new();
    if (!arena) {
        diag_file_error(&vd, "out of memory");
        return NULL;
    }
    rm_game *g = NULL;
    rm_node *root = rm_parse(src, arena, &vd);
    if (root && opts) {
        for (int i = 0; i < root->nkids && *nopts < RM_MAX_OPTIONS; i++) {
            const rm_node *n = root->kids[i];
            if (n->kind != N_OPTION)
                continue;
            rm_option *o = &opts[(*nopts)++];
            memset(o, 0, sizeof *o);
            o->name = (char *)n->text;
            for (int v = 0; v < n->nkids && o->nvalues < RM_MAX_VALUES; v++)
                o->values[o->nvalues++] = (char *)n->kids[v]->text;
        }
    }
    if (root)
        g = compile_game(root, choices, arena, &vd);
    if (arena_out)
        *arena_out = arena;
    else
        arena_free(arena);
    return g;
}

rm_game *rm_check_all(const rm_source *src, const rm_choices *given, rm_diag *d)
{
    static const rm_choices none = { 0 };
    if (!given)
        given = &none;
    checker k = { .d = d };
    rm_option opts[RM_MAX_OPTIONS];
    int nopts = 0;
    rm_arena *arena = NULL;
    rm_game *g = compile_with(src, given, d->warn, first_sink, &k, opts, &nopts, &arena);
    rm_choices variants[RM_MAX_VARIANTS];
    int option[RM_MAX_VARIANTS], value[RM_MAX_VARIANTS];
    int n = nopts ? rm_option_variants(opts, nopts, given, variants, option, value) : 0;
    for (int i = 1; i < n; i++) {
        char prefix[2 * RM_SHOWN + 64];
        snprintf(prefix, sizeof prefix, "with option '%s' = '%s': ", SHOWN(opts[option[i]].name),
                 SHOWN(opts[option[i]].values[value[i]]));
        k.prefix = prefix;
        k.keep_notes = false;
        rm_game *vg = compile_with(src, &variants[i], d->warn, variant_sink, &k, NULL, NULL, NULL);
        if (vg)
            game_free(vg);
    }
    if (arena)
        arena_free(arena);
    for (int i = 0; i < k.nseen; i++)
        free(k.seen[i].text);
    free(k.seen);
    return g;
}
