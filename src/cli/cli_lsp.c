/* cli_lsp.c: rimau lsp, a Language Server Protocol server (LSP 3.17) for
 * .game files over standard input and output: the command and its
 * --help, the loop that reads the messages, the lifecycle (initialize,
 * shutdown, exit) and the table of methods. The methods are answered in
 * cli_lsp_docs.c (the documents and their diagnostics), cli_lsp_lang.c
 * (hover, completion, definition, references, outline) and
 * cli_lsp_actions.c (quick fixes, code lenses, commands, formatting);
 * cli_lsp_io.c is the transport (cli_lsp_impl.h). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_lsp_impl.h"
#include "cli_paths.h"

/* Where the session is. */
enum { STARTING, RUNNING, SHUT_DOWN };

typedef struct server {
    lsp_io io;
    lsp_docs docs;
    int state;
} server;

typedef void (*request_fn)(lsp_io *io, lsp_docs *ds, json_t *id, const json_t *params);
typedef void (*notification_fn)(lsp_io *io, lsp_docs *ds, const json_t *params);

static const struct {
    const char *method;
    request_fn run;
} requests[] = {
    { "textDocument/hover", lsp_hover },
    { "textDocument/completion", lsp_completion },
    { "textDocument/definition", lsp_definition },
    { "textDocument/references", lsp_references },
    { "textDocument/documentSymbol", lsp_document_symbol },
    { "textDocument/codeAction", lsp_code_action },
    { "textDocument/codeLens", lsp_code_lens },
    { "textDocument/formatting", lsp_formatting },
    { "workspace/executeCommand", lsp_execute_command },
};

static const struct {
    const char *method;
    notification_fn run;
} notifications[] = {
    { "textDocument/didOpen", lsp_did_open },
    { "textDocument/didChange", lsp_did_change },
    { "textDocument/didClose", lsp_did_close },
    { "textDocument/didSave", lsp_did_save },
};

/* The answer to initialize: the capabilities, in the position encoding
 * the client offers (UTF-8 when it can, else UTF-16, LSP's default). */
static void initialize(server *s, json_t *id, const json_t *params)
{
    json_t *encodings = json_object_get(json_object_get(json_object_get(params, "capabilities"),
                                                        "general"),
                                        "positionEncodings");
    size_t i;
    json_t *e;
    s->io.utf8 = false;
    json_array_foreach(encodings, i, e)
        if (json_is_string(e) && strcmp(json_string_value(e), "utf-8") == 0)
            s->io.utf8 = true;
    json_t *caps = json_pack(
        "{s:s, s:{s:b, s:i, s:{s:b}}, s:b, s:{s:[s, s]}, s:b, s:b, s:b, s:{s:[s]},"
        " s:{s:b}, s:{s:[s, s]}}",
        "positionEncoding", s->io.utf8 ? "utf-8" : "utf-16",
        "textDocumentSync", "openClose", 1, "change", 2, "save", "includeText", 1,
        "hoverProvider", 1,
        "completionProvider", "triggerCharacters", " ", "=",
        "definitionProvider", 1,
        "referencesProvider", 1,
        "documentSymbolProvider", 1,
        "codeActionProvider", "codeActionKinds", "quickfix",
        "codeLensProvider", "resolveProvider", 0,
        "executeCommandProvider", "commands", "rimau.runExample", "rimau.perft");
    json_object_set_new(caps, "documentFormattingProvider", json_true());
    lsp_reply(&s->io, id,
              json_pack("{s:o, s:{s:s, s:s}}", "capabilities", caps, "serverInfo", "name",
                        "rimau", "version", PACKAGE_VERSION));
    s->state = RUNNING;
}

/* Handles one message; returns the exit status when it is exit, else -1. */
static int handle(server *s, const char *body, size_t len)
{
    json_error_t jerr;
    json_t *msg = json_loadb(body, len, 0, &jerr);
    if (!msg) {
        lsp_error(&s->io, NULL, LSP_PARSE_ERROR, "not JSON: %s (at character %d)", jerr.text,
                  jerr.position);
        return -1;
    }
    json_t *id = json_object_get(msg, "id");
    json_t *method = json_object_get(msg, "method");
    json_t *params = json_object_get(msg, "params");
    int status = -1;
    if (!json_is_object(msg)) {
        lsp_error(&s->io, NULL, LSP_INVALID_REQUEST, "a message is a JSON object");
    } else if (!json_is_string(json_object_get(msg, "jsonrpc")) ||
               strcmp(json_string_value(json_object_get(msg, "jsonrpc")), "2.0") != 0) {
        lsp_error(&s->io, id, LSP_INVALID_REQUEST, "not JSON-RPC 2.0 (\"jsonrpc\": \"2.0\")");
    } else if (id && !json_is_integer(id) && !json_is_string(id)) {
        lsp_error(&s->io, NULL, LSP_INVALID_REQUEST, "an id is a number or a string");
    } else if (!method && id && (json_object_get(msg, "result") || json_object_get(msg, "error"))) {
        ; /* a response: the server sends no requests, so none is awaited */
    } else if (!json_is_string(method)) {
        lsp_error(&s->io, id, LSP_INVALID_REQUEST, "no method");
    } else if (params && !json_is_object(params) && !json_is_array(params)) {
        lsp_error(&s->io, id, LSP_INVALID_REQUEST, "params is an object or an array");
    } else {
        const char *m = json_string_value(method);
        if (s->io.log_level)
            fprintf(stderr, "rimau lsp: %s\n", m);
        if (strcmp(m, "exit") == 0) {
            status = s->state == SHUT_DOWN ? 0 : 1;
        } else if (!id) { /* a notification */
            if (s->state != RUNNING)
                ; /* before initialize and after shutdown, dropped */
            else
                for (size_t i = 0; i < sizeof notifications / sizeof notifications[0]; i++)
                    if (strcmp(m, notifications[i].method) == 0) {
                        if (json_is_object(params))
                            notifications[i].run(&s->io, &s->docs, params);
                        else
                            lsp_log(&s->io, "rimau lsp: %s without params: ignored", m);
                    }
            /* (others, initialized and $/ ones included, need nothing) */
        } else if (strcmp(m, "initialize") == 0) {
            if (s->state != STARTING)
                lsp_error(&s->io, id, LSP_INVALID_REQUEST, "initialize comes once");
            else
                initialize(s, id, params);
        } else if (s->state == STARTING) {
            lsp_error(&s->io, id, LSP_SERVER_NOT_INITIALIZED, "initialize first");
        } else if (s->state == SHUT_DOWN) {
            lsp_error(&s->io, id, LSP_INVALID_REQUEST, "the server is shut down: only exit now");
        } else if (strcmp(m, "shutdown") == 0) {
            s->state = SHUT_DOWN;
            lsp_reply(&s->io, id, NULL);
        } else {
            size_t i, n = sizeof requests / sizeof requests[0];
            for (i = 0; i < n; i++)
                if (strcmp(m, requests[i].method) == 0)
                    break;
            if (i == n)
                lsp_error(&s->io, id, LSP_METHOD_NOT_FOUND, "unknown method '%.100s'", m);
            else if (!json_is_object(params))
                lsp_error(&s->io, id, LSP_INVALID_PARAMS, "%s takes an object of parameters", m);
            else
                requests[i].run(&s->io, &s->docs, id, params);
        }
    }
    json_decref(msg);
    return status;
}

static int cmd_lsp(int argc, char **argv)
{
    static const struct option opts[] = {
        { "stdio", no_argument, NULL, 's' },
        { "verbose", no_argument, NULL, 'v' },
        { 0 },
    };
    cli_args a = { .cmd = &cli_cmd_lsp, .takes = 0 };
    int ch, status = 0;
    bool verbose = false;
    while ((ch = cli_next_opt(&a, argc, argv, "v", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'v')
            verbose = true;
    }
    if (optind < argc)
        return cli_usage("lsp", "no arguments are taken: the server talks on standard input "
                         "and output");
    /* The protocol goes to the descriptor itself: standard output's stream
     * escapes control characters (cli_output.c), and the headers end in
     * CR LF. Nothing else writes to standard output. */
    FILE *out = fdopen(dup(STDOUT_FILENO), "w");
    if (!out) {
        fprintf(stderr, "rimau lsp: cannot write to standard output\n");
        return EXIT_INVALID;
    }
    server *s = calloc(1, sizeof *s);
    if (!s) {
        fclose(out);
        fprintf(stderr, "rimau lsp: out of memory\n");
        return EXIT_INVALID;
    }
    s->io = (lsp_io){ stdin, out, false, verbose };
    status = -1;
    while (status < 0) {
        char *body, err[256];
        size_t len;
        int r = lsp_read(&s->io, &body, &len, err, sizeof err);
        if (r == 0) { /* the input ended without exit */
            status = s->state == SHUT_DOWN ? 0 : 1;
            break;
        }
        if (r < 0) {
            lsp_error(&s->io, NULL, LSP_PARSE_ERROR, "%s", err);
            fprintf(stderr, "rimau lsp: %s\n", err);
            continue;
        }
        status = handle(s, body, len);
        free(body);
    }
    lsp_docs_free(&s->docs);
    free(s);
    fclose(out);
    return status;
}

const command cli_cmd_lsp = {
    "lsp", cmd_lsp, "serve an editor: a language server for .game files",
    "[OPTION]...\n"
    "Run a Language Server Protocol server (LSP 3.17) for .game files on\n"
    "standard input and output, for an editor to start: diagnostics (rimau\n"
    "check's errors and warnings, under every value of the file's options) on\n"
    "open and on every change, hover (a keyword's meaning, a point's links and\n"
    "lines, a region's points, a kind's side and count, an option's values),\n"
    "completion, go to definition, find references, the outline, quick fixes\n"
    "of misspelt names, and code lenses that run an example or perft 1-3\n"
    "(commands rimau.runExample and rimau.perft). Messages are JSON-RPC 2.0,\n"
    "each after a 'Content-Length: N' header and a blank line; positions\n"
    "count UTF-16 code units unless the client offers utf-8. Logs go to\n"
    "standard error, never to standard output.\n"
    "\n"
    "      --stdio     talk on standard input and output (the default and only way)\n"
    "  -v, --verbose   log the method of each message read to standard error\n"
    "  -h, --help      display this help and exit\n"
    "\n"
    "Exit status: 0 after shutdown and exit, 1 on exit without shutdown or\n"
    "when the input ends first, 2 on a usage error.\n"
    "\n"
    "See " RIMAU_DOC_DIR "/lsp.md. Example, by hand:\n"
    "  printf 'Content-Length: 58\\r\\n\\r\\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}' | rimau lsp\n"
};
