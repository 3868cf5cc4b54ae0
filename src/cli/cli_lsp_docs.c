/* cli_lsp_docs.c: rimau lsp's open documents: their text as the editor
 * changes it, their index and game, and their diagnostics (the errors
 * and warnings rimau check gives, under every option value). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli_lsp_impl.h"
#include "rimau.h"
#include "validate.h"

static const char *uri_of(const json_t *params)
{
    json_t *td = json_object_get(params, "textDocument");
    return json_string_value(json_object_get(td, "uri"));
}

static lsp_doc *find(lsp_docs *ds, const char *uri)
{
    for (int i = 0; uri && i < ds->n; i++)
        if (strcmp(ds->docs[i].uri, uri) == 0)
            return &ds->docs[i];
    return NULL;
}

lsp_doc *lsp_doc_find(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    const char *uri = uri_of(params);
    lsp_doc *d = find(ds, uri);
    if (!d && id) {
        if (!uri)
            lsp_error(io, id, LSP_INVALID_PARAMS, "no textDocument.uri in the parameters");
        else
            lsp_error(io, id, LSP_INVALID_PARAMS, "unknown document '%.200s': open it first",
                      uri);
    }
    return d;
}

/* The byte offset of PARAMS's position in D (an InvalidParams response
 * to ID and -1 when there is none). */
static long doc_offset(lsp_io *io, const lsp_doc *d, json_t *id, const json_t *params)
{
    long o = lsp_offset(io, &d->src, json_object_get(params, "position"));
    if (o < 0)
        lsp_error(io, id, LSP_INVALID_PARAMS, "no position {line, character} in the parameters");
    return o;
}

lsp_doc *lsp_doc_at(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params, uint32_t *at)
{
    lsp_doc *d = lsp_doc_find(io, ds, id, params);
    if (!d)
        return NULL;
    long o = doc_offset(io, d, id, params);
    if (o < 0)
        return NULL;
    *at = (uint32_t)o;
    return d;
}

/* The name messages give the document: its path for a file: URI, else
 * the URI. */
static const char *doc_path(const char *uri)
{
    return strncmp(uri, "file://", 7) == 0 ? uri + 7 : uri;
}

/* ---- diagnostics ---- */

typedef struct collect {
    lsp_io *io;
    const rm_source *src;
    json_t *list;              /* the diagnostics */
    json_t *last;              /* the last error or warning, for its notes */
    const char *uri;
} collect;

static void sink(void *ctx, const rm_diag_msg *m)
{
    collect *c = ctx;
    rm_span at = m->located ? m->at : (rm_span){ 0, 0 };
    json_t *range = lsp_range(c->io, c->src, at);
    if (m->kind[0] == 'n' && c->last) {
        json_t *related = json_object_get(c->last, "relatedInformation");
        if (!related) {
            related = json_array();
            json_object_set_new(c->last, "relatedInformation", related);
        }
        json_array_append_new(related, json_pack("{s:{s:s, s:o}, s:s}", "location", "uri",
                                                 c->uri, "range", range, "message", m->text));
        return;
    }
    int severity = m->kind[0] == 'e' ? 1 : m->kind[0] == 'w' ? 2 : 3;
    json_t *diag = json_pack("{s:o, s:i, s:s, s:s}", "range", range, "severity", severity,
                             "source", "rimau", "message", m->text);
    json_array_append_new(c->list, diag);
    c->last = m->kind[0] == 'n' ? NULL : diag;
}

/* Checks D's text as rimau check does, under every option value; keeps
 * its game when it compiles; publishes its diagnostics. */
static void analyse(lsp_io *io, lsp_doc *d)
{
    rm_index_free(d->index);
    d->index = rm_index_new(&d->src);
    collect c = { io, &d->src, json_array(), NULL, d->uri };
    rm_diag diag;
    diag_init(&diag, &d->src, NULL);
    diag.warn = true;
    diag.max_errors = 100; /* (as many as an editor shows; rimau check stops at 50) */
    diag.sink = sink;
    diag.sink_ctx = &c;
    rm_game *g = NULL;
    if (d->src.len > RM_MAX_FILE_SIZE)
        diag_file_error(&diag, "the text is larger than the limit of %u bytes", RM_MAX_FILE_SIZE);
    else
        g = rm_check_all(&d->src, NULL, &diag);
    if (g)
        rm_check_example_positions_to(g, &diag);
    if (g) {
        if (d->game)
            rm_game_destroy(d->game);
        d->game = g;
    }
    d->game_current = g != NULL;
    json_t *params = json_pack("{s:s, s:o}", "uri", d->uri, "diagnostics", c.list);
    if (d->version >= 0)
        json_object_set_new(params, "version", json_integer(d->version));
    lsp_notify(io, "textDocument/publishDiagnostics", params);
}

/* Sets D's text to TEXT[0..LEN). */
static int set_text(lsp_doc *d, const char *text, size_t len)
{
    rm_source src;
    if (source_from_string(&src, doc_path(d->uri), text, len) != 0)
        return -1;
    source_free(&d->src);
    d->src = src;
    return 0;
}

void lsp_did_open(lsp_io *io, lsp_docs *ds, const json_t *params)
{
    json_t *td = json_object_get(params, "textDocument");
    const char *uri = json_string_value(json_object_get(td, "uri"));
    json_t *text = json_object_get(td, "text");
    if (!uri || !json_is_string(text)) {
        lsp_log(io, "rimau lsp: didOpen without textDocument.uri and text: ignored");
        return;
    }
    lsp_doc *d = find(ds, uri);
    if (!d) {
        if (ds->n == LSP_MAX_DOCS) {
            lsp_show(io, 1, "rimau lsp: more than %d documents open: '%.200s' is not checked",
                     LSP_MAX_DOCS, uri);
            return;
        }
        d = &ds->docs[ds->n];
        memset(d, 0, sizeof *d);
        d->uri = strdup(uri);
        if (!d->uri)
            return;
        ds->n++;
    }
    json_t *version = json_object_get(td, "version");
    d->version = json_is_integer(version) ? (long)json_integer_value(version) : -1;
    if (set_text(d, json_string_value(text), json_string_length(text)) != 0) {
        lsp_show(io, 1, "rimau lsp: out of memory for '%.200s'", uri);
        return;
    }
    analyse(io, d);
}

/* Applies one change of didChange to D: the whole text, or a range's. */
static int apply_change(lsp_io *io, lsp_doc *d, const json_t *change)
{
    json_t *text = json_object_get(change, "text");
    if (!json_is_string(text))
        return -1;
    const char *t = json_string_value(text);
    size_t tlen = json_string_length(text);
    json_t *range = json_object_get(change, "range");
    if (!range)
        return set_text(d, t, tlen);
    long a = lsp_offset(io, &d->src, json_object_get(range, "start"));
    long b = lsp_offset(io, &d->src, json_object_get(range, "end"));
    if (a < 0 || b < 0 || b < a)
        return -1;
    size_t len = d->src.len - (size_t)(b - a) + tlen;
    char *buf = malloc(len + 1);
    if (!buf)
        return -1;
    memcpy(buf, d->src.text, (size_t)a);
    memcpy(buf + a, t, tlen);
    memcpy(buf + a + tlen, d->src.text + b, d->src.len - (size_t)b);
    int rc = set_text(d, buf, len);
    free(buf);
    return rc;
}

void lsp_did_change(lsp_io *io, lsp_docs *ds, const json_t *params)
{
    lsp_doc *d = lsp_doc_find(io, ds, NULL, params);
    if (!d) {
        lsp_log(io, "rimau lsp: didChange of a document not open: ignored");
        return;
    }
    json_t *changes = json_object_get(params, "contentChanges");
    if (!json_is_array(changes)) {
        lsp_log(io, "rimau lsp: didChange without contentChanges: ignored");
        return;
    }
    size_t i;
    json_t *change;
    json_array_foreach(changes, i, change)
        if (apply_change(io, d, change) != 0) {
            lsp_show(io, 1, "rimau lsp: a change of '%.200s' could not be applied (bad range "
                     "or no memory): close and open the document again", d->uri);
            return;
        }
    json_t *version = json_object_get(json_object_get(params, "textDocument"), "version");
    if (json_is_integer(version))
        d->version = (long)json_integer_value(version);
    analyse(io, d);
}

static void doc_free(lsp_doc *d)
{
    free(d->uri);
    source_free(&d->src);
    rm_index_free(d->index);
    if (d->game)
        rm_game_destroy(d->game);
    memset(d, 0, sizeof *d);
}

void lsp_did_close(lsp_io *io, lsp_docs *ds, const json_t *params)
{
    lsp_doc *d = lsp_doc_find(io, ds, NULL, params);
    if (!d)
        return;
    lsp_notify(io, "textDocument/publishDiagnostics",
               json_pack("{s:s, s:[]}", "uri", d->uri, "diagnostics"));
    doc_free(d);
    *d = ds->docs[--ds->n];
}

void lsp_did_save(lsp_io *io, lsp_docs *ds, const json_t *params)
{
    lsp_doc *d = lsp_doc_find(io, ds, NULL, params);
    json_t *text = json_object_get(params, "text");
    if (d && json_is_string(text) && set_text(d, json_string_value(text), json_string_length(text)) == 0)
        analyse(io, d);
}

void lsp_docs_free(lsp_docs *ds)
{
    for (int i = 0; i < ds->n; i++)
        doc_free(&ds->docs[i]);
    ds->n = 0;
}

rm_game *lsp_doc_game_with(const lsp_doc *d, const rm_choices *choices)
{
    return rm_load_string_with(d->src.path, d->src.text, d->src.len, choices, NULL, NULL);
}
