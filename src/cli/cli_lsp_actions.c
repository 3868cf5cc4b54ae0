/* cli_lsp_actions.c: what rimau lsp runs for the editor: quick fixes of
 * misspelt names, the code lenses of a file (each example run, perft 1
 * to 3 from the start) and their commands, and formatting. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "format.h"
#include "cli_lsp_impl.h"
#include "match.h"
#include "perft.h"
#include "rimau.h"
#include "validate.h"

/* ---- formatting ---- */

/* The whole document in rimau fmt's layout (rm_format, grammar/format.h):
 * one edit, or none when it is laid out already. */
void lsp_formatting(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    lsp_doc *d = lsp_doc_find(io, ds, id, params);
    if (!d)
        return;
    rm_diag diag;
    diag_init(&diag, &d->src, NULL);
    char *text = NULL;
    size_t len = 0;
    if (rm_format(&d->src, &text, &len, &diag) != 0 || !text) {
        free(text);
        lsp_error(io, id, LSP_REQUEST_FAILED, "the file has errors: it cannot be formatted");
        return;
    }
    json_t *edits = json_array();
    if (len != d->src.len || memcmp(text, d->src.text, len) != 0)
        json_array_append_new(edits, json_pack("{s:o, s:s%}", "range",
                                               lsp_range(io, &d->src,
                                                         (rm_span){ 0, (uint32_t)d->src.len }),
                                               "newText", text, len));
    free(text);
    lsp_reply(io, id, edits);
}

/* ---- quick fixes ---- */

/* The names a message ending "; did you mean 'X'?" or "; did you mean
 * 'X' or 'Y'?" (or 'X', 'Y' or 'Z') offers: stored in NAMES (each a
 * NUL-terminated copy in BUF), their number returned. */
static int suggestions(const char *msg, char names[][128], int max)
{
    const char *p = strstr(msg, "; did you mean '");
    if (!p)
        return 0;
    p += strlen("; did you mean ");
    int n = 0;
    while (*p == '\'' && n < max) {
        const char *end = strchr(p + 1, '\'');
        if (!end || (size_t)(end - p - 1) >= sizeof names[0])
            return 0;
        memcpy(names[n], p + 1, (size_t)(end - p - 1));
        names[n][end - p - 1] = '\0';
        n++;
        p = end + 1;
        if (strncmp(p, " or ", 4) == 0)
            p += 4;
        else if (strncmp(p, ", ", 2) == 0)
            p += 2;
        else
            break;
    }
    return strcmp(p, "?") == 0 ? n : 0;
}

void lsp_code_action(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    lsp_doc *d = lsp_doc_find(io, ds, id, params);
    if (!d)
        return;
    json_t *diags = json_object_get(json_object_get(params, "context"), "diagnostics");
    json_t *actions = json_array();
    size_t i;
    json_t *diag;
    json_array_foreach(diags, i, diag) {
        const char *msg = json_string_value(json_object_get(diag, "message"));
        json_t *range = json_object_get(diag, "range");
        if (!msg || !json_is_object(range))
            continue;
        char names[8][128];
        int n = suggestions(msg, names, 8);
        for (int k = 0; k < n; k++) {
            char title[200];
            snprintf(title, sizeof title, "Replace with '%s'", names[k]);
            json_t *edit = json_pack("{s:{s:[{s:O, s:s}]}}", "changes", d->uri, "range", range,
                                     "newText", names[k]);
            json_array_append_new(actions,
                                  json_pack("{s:s, s:s, s:[O], s:b, s:o}", "title", title, "kind",
                                            "quickfix", "diagnostics", diag, "isPreferred", k == 0,
                                            "edit", edit));
        }
    }
    lsp_reply(io, id, actions);
}

/* ---- code lenses and their commands ---- */

void lsp_code_lens(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    lsp_doc *d = lsp_doc_find(io, ds, id, params);
    if (!d)
        return;
    json_t *lenses = json_array();
    json_array_append_new(lenses, json_pack("{s:o, s:{s:s, s:s, s:[s]}}", "range",
                                            lsp_range(io, &d->src, (rm_span){ 0, 0 }), "command",
                                            "title", "perft 1-3", "command", "rimau.perft",
                                            "arguments", d->uri));
    for (int i = 0; i < d->index->nrefs; i++) {
        const rm_symref *r = &d->index->refs[i];
        if (!r->def || r->kind != RM_SYM_EXAMPLE)
            continue;
        json_array_append_new(lenses, json_pack("{s:o, s:{s:s, s:s, s:[s, s]}}", "range",
                                                lsp_range(io, &d->src, r->at), "command", "title",
                                                "run example", "command", "rimau.runExample",
                                                "arguments", d->uri, r->name));
    }
    lsp_reply(io, id, lenses);
}

/* Runs the example NAME of D; the verdict in MSG. 0 passed, 1 failed,
 * -1 not run (MSG says why). */
static int run_example(const lsp_doc *d, const char *name, char *msg, size_t size)
{
    const rm_game *g = d->game_current ? d->game : NULL;
    if (!g) {
        snprintf(msg, size, "example \"%s\": the file has errors: fix them first", name);
        return -1;
    }
    for (int i = 0; i < g->nexamples; i++) {
        const rm_example *ex = &g->examples[i];
        if (strcmp(ex->name, name) != 0)
            continue;
        rm_game *own = NULL;
        if (ex->off) { /* for other option values: compile the game with them */
            rm_choices c = { 0 };
            for (int w = 0; w < ex->nwith && c.n < RM_MAX_OPTIONS; w++) {
                c.name[c.n] = ex->with_name[w];
                c.value[c.n++] = ex->with_value[w];
            }
            own = lsp_doc_game_with(d, &c);
            ex = NULL;
            for (int k = 0; own && k < own->nexamples; k++)
                if (!own->examples[k].off && strcmp(own->examples[k].name, name) == 0)
                    ex = &own->examples[k];
            if (!ex) {
                snprintf(msg, size, "example \"%s\": the game does not load with its options",
                         name);
                if (own)
                    rm_game_destroy(own);
                return -1;
            }
        }
        int line = 0;
        char why[1024];
        int rc = rm_run_example(own ? own : g, ex, &line, why, sizeof why);
        if (rc == 0)
            snprintf(msg, size, "example \"%s\": passed", name);
        else
            snprintf(msg, size, "example \"%s\": FAILED at line %d: %s", name, line, why);
        if (own)
            rm_game_destroy(own);
        return rc == 0 ? 0 : 1;
    }
    snprintf(msg, size, "no example \"%s\" in the file", name);
    return -1;
}

/* Perft 1 to 3 from D's start, into MSG; a depth whose count would take
 * long (the one before counted over PERFT_BOUND) is left out. */
#define PERFT_BOUND 200000
static int run_perft(const lsp_doc *d, char *msg, size_t size)
{
    const rm_game *g = d->game_current ? d->game : NULL;
    if (!g) {
        snprintf(msg, size, "perft: the file has errors: fix them first");
        return -1;
    }
    if (!g->rules.present) {
        snprintf(msg, size, "perft: the file has no phases: nothing to count");
        return -1;
    }
    rm_match m;
    if (rm_match_init(&m, g) != 0) {
        snprintf(msg, size, "perft: out of memory");
        return -1;
    }
    rm_turnlist lists[4];
    memset(lists, 0, sizeof lists);
    size_t used = (size_t)snprintf(msg, size, "perft from the start:");
    uint64_t last = 0;
    int rc = 0;
    for (int depth = 1; depth <= 3 && used < size; depth++) {
        if (last > PERFT_BOUND) {
            used += (size_t)snprintf(msg + used, size - used, "; depth %d: not counted here "
                                     "(use rimau perft)", depth);
            break;
        }
        bool failed = false;
        last = rm_perft(g, rm_match_state(&m), depth, lists, &failed);
        if (failed) {
            used += (size_t)snprintf(msg + used, size - used, "%sdepth %d: too many ways to "
                                     "play", depth > 1 ? "; " : " ", depth);
            rc = 1;
            break;
        }
        used += (size_t)snprintf(msg + used, size - used, "%sdepth %d: %" PRIu64,
                                 depth > 1 ? "; " : " ", depth, last);
    }
    for (int i = 0; i < 4; i++)
        rm_turnlist_free(&lists[i]);
    rm_match_free(&m);
    return rc;
}

void lsp_execute_command(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params)
{
    const char *command = json_string_value(json_object_get(params, "command"));
    json_t *args = json_object_get(params, "arguments");
    const char *uri = json_string_value(json_array_get(args, 0));
    if (!command || !uri) {
        lsp_error(io, id, LSP_INVALID_PARAMS, "executeCommand takes a command and the "
                  "document's URI as its first argument");
        return;
    }
    json_t *p = json_pack("{s:{s:s}}", "textDocument", "uri", uri);
    lsp_doc *d = lsp_doc_find(io, ds, id, p);
    json_decref(p);
    if (!d)
        return;
    char msg[2048];
    int rc;
    if (strcmp(command, "rimau.runExample") == 0) {
        const char *name = json_string_value(json_array_get(args, 1));
        if (!name) {
            lsp_error(io, id, LSP_INVALID_PARAMS, "rimau.runExample takes the URI and the "
                      "example's name");
            return;
        }
        rc = run_example(d, name, msg, sizeof msg);
    } else if (strcmp(command, "rimau.perft") == 0) {
        rc = run_perft(d, msg, sizeof msg);
    } else {
        lsp_error(io, id, LSP_INVALID_PARAMS, "unknown command '%.100s' (rimau.runExample, "
                  "rimau.perft)", command);
        return;
    }
    lsp_show(io, rc == 0 ? 3 : rc > 0 ? 1 : 2, "%s", msg);
    lsp_reply(io, id, json_pack("{s:b, s:s}", "ok", rc == 0, "message", msg));
}
