/* cli_lsp_lang.c: what rimau lsp tells the editor of the language:
 * hover, completion, definition, references and the outline, as LSP
 * answers; the answers themselves are the library's (symbols.h,
 * assist.h). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli_lsp_impl.h"

void lsp_hover(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    uint32_t o;
    lsp_doc *d = lsp_doc_at(io, ds, id, params, &o);
    if (!d)
        return;
    char text[16384];
    rm_span at = rm_hover(&d->src, d->index, d->game, o, text, sizeof text);
    if (!text[0]) {
        lsp_reply(io, id, NULL);
        return;
    }
    lsp_reply(io, id,
              json_pack("{s:{s:s, s:s}, s:o}", "contents", "kind", "markdown", "value", text,
                        "range", lsp_range(io, &d->src, at)));
}

/* LSP's CompletionItemKind of what a completion offers. */
static int item_kind(int kind)
{
    switch (kind) {
    case RM_COMPLETE_KEYWORD: return 14; /* Keyword */
    case RM_SYM_POINT: return 21;        /* Constant */
    case RM_SYM_REGION: return 22;       /* Struct */
    case RM_SYM_KIND: return 7;          /* Class */
    case RM_SYM_SIDE: return 9;          /* Module */
    case RM_SYM_PHASE: return 3;         /* Function */
    case RM_SYM_OPTION: return 10;       /* Property */
    case RM_SYM_VALUE: return 20;        /* EnumMember */
    default: return 1;                   /* Text */
    }
}

void lsp_completion(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    uint32_t o;
    lsp_doc *d = lsp_doc_at(io, ds, id, params, &o);
    if (!d)
        return;
    enum { MAX = 512 };
    rm_completion *items = malloc(MAX * sizeof *items);
    if (!items) {
        lsp_error(io, id, LSP_INTERNAL_ERROR, "out of memory");
        return;
    }
    rm_span replace;
    int n = rm_complete(&d->src, d->index, d->game, o, items, MAX, &replace);
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list, json_pack("{s:s, s:i, s:s, s:{s:o, s:s}}", "label",
                                              items[i].label, "kind", item_kind(items[i].kind),
                                              "detail", items[i].detail, "textEdit", "range",
                                              lsp_range(io, &d->src, replace), "newText",
                                              items[i].label));
    free(items);
    lsp_reply(io, id, json_pack("{s:b, s:o}", "isIncomplete", 0, "items", list));
}

static json_t *location(lsp_io *io, const lsp_doc *d, rm_span at)
{
    return json_pack("{s:s, s:o}", "uri", d->uri, "range", lsp_range(io, &d->src, at));
}

/* The name at PARAMS's position, or NULL (a null answer then sent). */
static const rm_symref *symbol_at(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params,
                                  lsp_doc **dp)
{
    uint32_t o;
    lsp_doc *d = lsp_doc_at(io, ds, id, params, &o);
    if (!d)
        return NULL;
    const rm_symref *r = rm_index_at(d->index, o);
    if (!r)
        lsp_reply(io, id, NULL);
    *dp = d;
    return r;
}

void lsp_definition(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    lsp_doc *d;
    const rm_symref *r = symbol_at(io, ds, id, params, &d);
    if (!r)
        return;
    json_t *list = json_array();
    for (int i = 0; i < d->index->nrefs; i++) {
        const rm_symref *x = &d->index->refs[i];
        if (x->def && rm_symref_same(x, r))
            json_array_append_new(list, location(io, d, x->at));
    }
    /* A point no statement names: the grid or triangle that makes it. */
    if (json_array_size(list) == 0 && r->kind == RM_SYM_POINT) {
        rm_span makers[16];
        int n = rm_index_point_makers(d->index, makers, 16);
        for (int i = 0; i < n; i++)
            json_array_append_new(list, location(io, d, makers[i]));
    }
    lsp_reply(io, id, list);
}

void lsp_references(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    lsp_doc *d;
    const rm_symref *r = symbol_at(io, ds, id, params, &d);
    if (!r)
        return;
    json_t *ctx = json_object_get(params, "context");
    bool decl = json_is_true(json_object_get(ctx, "includeDeclaration"));
    json_t *list = json_array();
    for (int i = 0; i < d->index->nrefs; i++) {
        const rm_symref *x = &d->index->refs[i];
        if (rm_symref_same(x, r) && (decl || !x->def))
            json_array_append_new(list, location(io, d, x->at));
    }
    lsp_reply(io, id, list);
}

/* LSP's SymbolKind of an outline entry. */
static int symbol_kind(rm_outline_kind k)
{
    switch (k) {
    case RM_OUT_GAME: return 1;    /* File */
    case RM_OUT_BOARD: return 3;   /* Namespace */
    case RM_OUT_POINT: return 14;  /* Constant */
    case RM_OUT_REGION: return 18; /* Array */
    case RM_OUT_SIDE: return 5;    /* Class */
    case RM_OUT_KIND: return 8;    /* Field */
    case RM_OUT_SETUP: return 3;   /* Namespace */
    case RM_OUT_OPTION: return 10; /* Enum */
    case RM_OUT_RULES: return 3;   /* Namespace */
    case RM_OUT_PHASE: return 12;  /* Function */
    case RM_OUT_TURN: return 6;    /* Method */
    case RM_OUT_EXAMPLE: return 24; /* Event */
    case RM_OUT_IF: return 2;      /* Module */
    }
    return 13;
}

void lsp_document_symbol(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    lsp_doc *d = lsp_doc_find(io, ds, id, params);
    if (!d)
        return;
    const rm_index *ix = d->index;
    json_t **made = calloc((size_t)ix->noutline + 1, sizeof *made);
    json_t *top = json_array();
    if (!made) {
        lsp_error(io, id, LSP_INTERNAL_ERROR, "out of memory");
        json_decref(top);
        return;
    }
    /* (parents come before their entries) */
    for (int i = 0; i < ix->noutline; i++) {
        const rm_outline *e = &ix->outline[i];
        json_t *s = json_pack("{s:s, s:i, s:o, s:o, s:[]}", "name", e->name, "kind",
                              symbol_kind(e->kind), "range", lsp_range(io, &d->src, e->span),
                              "selectionRange", lsp_range(io, &d->src, e->name_at), "children");
        if (e->detail)
            json_object_set_new(s, "detail", json_string(e->detail));
        made[i] = s;
        json_t *into = e->parent >= 0 && e->parent < i && made[e->parent]
                           ? json_object_get(made[e->parent], "children")
                           : top;
        json_array_append_new(into, s);
    }
    free(made);
    lsp_reply(io, id, top);
}
