/* test_lsp.c: a scripted editor session with rimau lsp (make check).
 *
 * Starts "$RIMAU lsp" with pipes, drives it as an editor would
 * (initialize, open a valid and a broken document, change them, hover,
 * completion, definition, references, the outline, quick fixes, code
 * lenses and their commands, shutdown, exit) and checks every answer
 * against what tests/lsp/session.game says, worked out by hand: the
 * positions in the comments are 0-based lines and columns of that file.
 * Then the bad input: no JSON, wrong lengths, unknown documents and
 * methods, a message over the limit, the lifecycle's errors and exit
 * statuses. Prints "ok" or "FAIL" per check and exits 1 on a failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* In a sanitizer build, LeakSanitizer looks at this client's memory too,
 * and the checks build their expected values inline (json_string(...) in
 * a json_equal): the client's leaks are not what is tested. The server,
 * rimau itself, keeps its leak check: a leak there makes its exit status
 * non-zero, which the lifecycle's checks see. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "detect_leaks=0";
}

static int failures, checks;

static void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", ok ? "ok" : "FAIL");
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    checks++;
    failures += !ok;
    fflush(stdout);
}

/* ---- the server ---- */

typedef struct server {
    pid_t pid;
    int to, from;              /* its standard input, its standard output */
    json_t *queue;             /* notifications read while waiting for a response */
} server;

static const char *rimau, *srcdir;

static void start(server *s)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        perror("pipe");
        exit(99);
    }
    s->pid = fork();
    if (s->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(rimau, rimau, "lsp", (char *)NULL);
        perror(rimau);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    s->to = in[1];
    s->from = out[0];
    s->queue = json_array();
}

static void write_all(server *s, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(s->to, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            perror("write to rimau lsp");
            exit(99);
        }
        p += w;
        n -= (size_t)w;
    }
}

static void send_raw(server *s, const char *text)
{
    write_all(s, text, strlen(text));
}

/* MSG (its reference taken) framed, with "jsonrpc": "2.0". */
static void send(server *s, json_t *msg)
{
    json_object_set_new(msg, "jsonrpc", json_string("2.0"));
    char *text = json_dumps(msg, JSON_COMPACT);
    char head[64];
    snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", strlen(text));
    send_raw(s, head);
    send_raw(s, text);
    free(text);
    json_decref(msg);
}

static int next_id = 1;

static int request(server *s, const char *method, json_t *params)
{
    int id = next_id++;
    send(s, json_pack("{s:i, s:s, s:o}", "id", id, "method", method, "params",
                      params ? params : json_object()));
    return id;
}

static void notify(server *s, const char *method, json_t *params)
{
    send(s, json_pack("{s:s, s:o}", "method", method, "params", params ? params : json_object()));
}

/* One byte of the server's output; -1 at its end or after 30 s. */
static int get_byte(server *s)
{
    struct pollfd p = { s->from, POLLIN, 0 };
    if (poll(&p, 1, 30000) <= 0)
        return -1;
    unsigned char c;
    return read(s->from, &c, 1) == 1 ? c : -1;
}

/* One message of the server, or NULL at the end of its output. Fails
 * the run when its output is not a framed message: the server must write
 * nothing else. */
static json_t *receive(server *s)
{
    char head[256];
    size_t n = 0;
    int c;
    while (n < 4 || memcmp(head + n - 4, "\r\n\r\n", 4) != 0) {
        if ((c = get_byte(s)) < 0)
            return NULL;
        if (n + 1 >= sizeof head) {
            check(false, "the server writes a header line of over %zu bytes", sizeof head);
            exit(1);
        }
        head[n++] = (char)c;
    }
    head[n] = '\0';
    long len;
    if (sscanf(head, "Content-Length: %ld\r\n", &len) != 1 || len <= 0) {
        check(false, "the server writes something else than a framed message: '%s'", head);
        exit(1);
    }
    char *body = malloc((size_t)len + 1);
    for (long i = 0; i < len; i++) {
        if ((c = get_byte(s)) < 0) {
            check(false, "the server's message is shorter than its Content-Length");
            exit(1);
        }
        body[i] = (char)c;
    }
    body[len] = '\0';
    json_error_t err;
    json_t *msg = json_loads(body, 0, &err);
    if (!msg || !json_equal(json_object_get(msg, "jsonrpc"), json_string("2.0")))
        check(false, "the server's message is JSON-RPC 2.0: %s", body);
    free(body);
    return msg;
}

/* The response to ID (its "result" or "error" object is in it); the
 * notifications before it are queued. */
static json_t *response(server *s, json_t *id)
{
    for (;;) {
        json_t *msg = receive(s);
        if (!msg) {
            check(false, "a response to id %s comes before the server's output ends",
                  json_dumps(id, JSON_ENCODE_ANY));
            exit(1);
        }
        if (json_object_get(msg, "method")) {
            json_array_append_new(s->queue, msg);
            continue;
        }
        if (json_equal(json_object_get(msg, "id"), id))
            return msg;
        check(false, "an unexpected response: %s", json_dumps(msg, JSON_COMPACT));
        json_decref(msg);
    }
}

static json_t *answer(server *s, int id)
{
    json_t *jid = json_integer(id);
    json_t *r = response(s, jid);
    json_decref(jid);
    return r;
}

/* The next notification METHOD (queued or read). */
static json_t *notification(server *s, const char *method)
{
    for (size_t i = 0; i < json_array_size(s->queue); i++) {
        json_t *m = json_array_get(s->queue, i);
        if (strcmp(json_string_value(json_object_get(m, "method")), method) == 0) {
            json_incref(m);
            json_array_remove(s->queue, i);
            return m;
        }
    }
    for (;;) {
        json_t *msg = receive(s);
        if (!msg) {
            check(false, "a %s notification comes before the server's output ends", method);
            exit(1);
        }
        const char *m = json_string_value(json_object_get(msg, "method"));
        if (m && strcmp(m, method) == 0)
            return msg;
        json_array_append_new(s->queue, msg);
    }
}

/* The server's exit status, once its input is closed. */
static int finish(server *s)
{
    close(s->to);
    int status;
    while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
        ;
    close(s->from);
    json_decref(s->queue);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* ---- helpers of the checks ---- */

static json_t *pos(int line, int character)
{
    return json_pack("{s:i, s:i}", "line", line, "character", character);
}

static json_t *range(int l1, int c1, int l2, int c2)
{
    return json_pack("{s:o, s:o}", "start", pos(l1, c1), "end", pos(l2, c2));
}

static bool is_range(const json_t *r, int l1, int c1, int l2, int c2)
{
    json_t *want = range(l1, c1, l2, c2);
    bool same = json_equal(r, want);
    json_decref(want);
    return same;
}

static const char *URI = "file:///session/session.game";
static const char *BROKEN = "file:///session/broken.game";

static json_t *at(const char *uri, int line, int character)
{
    return json_pack("{s:{s:s}, s:o}", "textDocument", "uri", uri, "position",
                     pos(line, character));
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(99);
    }
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return strdup(buf);
}

/* The result of request METHOD with PARAMS. */
static json_t *ask(server *s, const char *method, json_t *params)
{
    json_t *r = answer(s, request(s, method, params));
    json_t *result = json_object_get(r, "result");
    if (!result) {
        check(false, "%s answers a result, not %s", method, json_dumps(r, JSON_COMPACT));
        result = json_null();
    }
    json_incref(result);
    json_decref(r);
    return result;
}

/* The error code of the answer to request METHOD with PARAMS (0: none). */
static int ask_error(server *s, const char *method, json_t *params)
{
    json_t *r = answer(s, request(s, method, params));
    int code = (int)json_integer_value(json_object_get(json_object_get(r, "error"), "code"));
    json_decref(r);
    return code;
}

static const char *hover_text(server *s, const char *uri, int line, int character)
{
    static char text[8192];
    json_t *r = ask(s, "textDocument/hover", at(uri, line, character));
    const char *v = json_string_value(json_object_get(json_object_get(r, "contents"), "value"));
    snprintf(text, sizeof text, "%s", v ? v : "(none)");
    json_decref(r);
    return text;
}

/* The labels of a completion at LINE:CHARACTER, sorted, joined by ' '. */
static const char *completion(server *s, const char *uri, int line, int character)
{
    static char out[4096];
    json_t *r = ask(s, "textDocument/completion", at(uri, line, character));
    json_t *items = json_object_get(r, "items");
    const char *labels[256];
    size_t n = 0;
    for (size_t i = 0; i < json_array_size(items) && n < 256; i++)
        labels[n++] = json_string_value(json_object_get(json_array_get(items, i), "label"));
    for (size_t i = 1; i < n; i++) /* (insertion sort: a few words) */
        for (size_t j = i; j > 0 && strcmp(labels[j - 1], labels[j]) > 0; j--) {
            const char *t = labels[j];
            labels[j] = labels[j - 1];
            labels[j - 1] = t;
        }
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? " " : "", labels[i]);
    json_decref(r);
    return out;
}

/* Whether LIST (of Locations) is exactly the ranges given, as
 * "l1:c1-l2:c2 ..." in order. */
static bool locations(const json_t *list, const char *uri, const char *want)
{
    char got[2048] = "";
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *loc = json_array_get(list, i);
        const json_t *r = json_object_get(loc, "range");
        const json_t *a = json_object_get(r, "start"), *b = json_object_get(r, "end");
        if (strcmp(json_string_value(json_object_get(loc, "uri")), uri) != 0)
            return false;
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d:%d-%d:%d", i ? " " : "",
                 (int)json_integer_value(json_object_get(a, "line")),
                 (int)json_integer_value(json_object_get(a, "character")),
                 (int)json_integer_value(json_object_get(b, "line")),
                 (int)json_integer_value(json_object_get(b, "character")));
    }
    if (strcmp(got, want) != 0)
        printf("# got:  %s\n# want: %s\n", got, want);
    return strcmp(got, want) == 0;
}

/* ---- the session ---- */

/* The broken document: an unknown point (q9, after a character of four
 * UTF-8 bytes, two UTF-16 units), another (c9), and one only the option
 * value 'big' brings (d4). */
static const char *broken =
    "game \"B\"\n"
    "note \"\xF0\x9F\x90\x85\"; region r = q9\n"
    "board {\n"
    "    grid 3 x 3\n"
    "}\n"
    "side a { piece x 1 }\n"
    "side b { piece y 1 }\n"
    "option size = small | big\n"
    "setup {\n"
    "    if size = big { x at d4 } else { x at a1 }\n"
    "    y at c9\n"
    "}\n";

/* The diagnostic of LIST whose message is MSG, or NULL. */
static json_t *diagnostic(json_t *list, const char *msg)
{
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *d = json_array_get(list, i);
        if (strcmp(json_string_value(json_object_get(d, "message")), msg) == 0)
            return d;
    }
    return NULL;
}

static json_t *open_doc(server *s, const char *uri, const char *text, int version)
{
    notify(s, "textDocument/didOpen",
           json_pack("{s:{s:s, s:s, s:i, s:s}}", "textDocument", "uri", uri, "languageId",
                     "rimau", "version", version, "text", text));
    return notification(s, "textDocument/publishDiagnostics");
}

static json_t *diags_of(json_t *note, const char *uri, int version)
{
    json_t *p = json_object_get(note, "params");
    check(strcmp(json_string_value(json_object_get(p, "uri")), uri) == 0 &&
              json_integer_value(json_object_get(p, "version")) == version,
          "diagnostics of %s version %d", uri, version);
    return json_object_get(p, "diagnostics");
}

static void session(void)
{
    server s;
    start(&s);
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/lsp/session.game", srcdir);
    char *text = read_text(path);

    /* Before initialize, a request is refused. */
    check(ask_error(&s, "textDocument/hover", at(URI, 0, 0)) == -32002,
          "a request before initialize: ServerNotInitialized");

    json_t *init = ask(&s, "initialize",
                       json_pack("{s:i, s:{s:{s:[s]}}}", "processId", (int)getpid(),
                                 "capabilities", "general", "positionEncodings", "utf-16"));
    json_t *caps = json_object_get(init, "capabilities");
    check(json_equal(json_object_get(caps, "positionEncoding"), json_string("utf-16")),
          "initialize: positions in UTF-16 when the client offers only that");
    check(json_is_true(json_object_get(caps, "hoverProvider")) &&
              json_is_true(json_object_get(caps, "definitionProvider")) &&
              json_is_true(json_object_get(caps, "referencesProvider")) &&
              json_is_true(json_object_get(caps, "documentSymbolProvider")) &&
              json_is_object(json_object_get(caps, "completionProvider")) &&
              json_is_object(json_object_get(caps, "codeActionProvider")) &&
              json_is_object(json_object_get(caps, "codeLensProvider")),
          "initialize: hover, definition, references, symbols, completion, actions, lenses");
    json_t *sync = json_object_get(caps, "textDocumentSync");
    check(json_integer_value(json_object_get(sync, "change")) == 2 &&
              json_is_true(json_object_get(sync, "openClose")),
          "initialize: incremental sync, open and close");
    json_t *cmds = json_object_get(json_object_get(caps, "executeCommandProvider"), "commands");
    check(json_array_size(cmds) == 2 &&
              strcmp(json_string_value(json_array_get(cmds, 0)), "rimau.runExample") == 0 &&
              strcmp(json_string_value(json_array_get(cmds, 1)), "rimau.perft") == 0,
          "initialize: the commands rimau.runExample and rimau.perft");
    bool formats = json_is_true(json_object_get(caps, "documentFormattingProvider"));
    json_decref(init);
    check(ask_error(&s, "initialize", json_object()) == -32600, "initialize twice: InvalidRequest");
    notify(&s, "initialized", NULL);

    /* The valid file: no diagnostics. */
    json_t *note = open_doc(&s, URI, text, 1);
    check(json_array_size(diags_of(note, URI, 1)) == 0, "session.game: no diagnostics");
    json_decref(note);

    /* The broken file: each error at its place; the option value that
     * breaks it named. */
    note = open_doc(&s, BROKEN, broken, 1);
    json_t *list = diags_of(note, BROKEN, 1);
    check(json_array_size(list) == 3, "broken: three diagnostics (%zu)", json_array_size(list));
    json_t *d = diagnostic(list, "unknown point 'q9' (the board has columns a to c)");
    /* line 1: note "🐅"; region r = q9: 6 + 2 (a surrogate pair) + 14 */
    check(d && is_range(json_object_get(d, "range"), 1, 22, 1, 24) &&
              json_integer_value(json_object_get(d, "severity")) == 1,
          "broken: q9 at 1:22-24 in UTF-16 units, an error");
    d = diagnostic(list, "unknown point 'c9' (the board has rows 1 to 3); did you mean 'c1', "
                         "'c2' or 'c3'?");
    check(d && is_range(json_object_get(d, "range"), 10, 9, 10, 11), "broken: c9 at 10:9-11");
    d = diagnostic(list, "with option 'size' = 'big': unknown point 'd4' (the board has "
                         "columns a to c)");
    check(d && is_range(json_object_get(d, "range"), 9, 25, 9, 27),
          "broken: d4 at 9:25-27, under size = big");
    json_decref(note);

    /* An incremental change that fixes c9, then the whole text fixed. */
    notify(&s, "textDocument/didChange",
           json_pack("{s:{s:s, s:i}, s:[{s:o, s:s}]}", "textDocument", "uri", BROKEN, "version", 2,
                     "contentChanges", "range", range(10, 9, 10, 11), "text", "c3"));
    note = notification(&s, "textDocument/publishDiagnostics");
    list = diags_of(note, BROKEN, 2);
    check(json_array_size(list) == 2 &&
              !diagnostic(list, "unknown point 'c9' (the board has rows 1 to 3); did you mean "
                                "'c1', 'c2' or 'c3'?"),
          "didChange (a range): c9 made c3, two diagnostics left");
    json_decref(note);
    char fixed[1024];
    snprintf(fixed, sizeof fixed, "%s", broken);
    char *q = strstr(fixed, "region r = q9"), *d4 = strstr(fixed, "at d4"), *c9 = strstr(fixed, "c9");
    memcpy(q + 11, "a1", 2);
    memcpy(d4 + 3, "c2", 2);
    memcpy(c9, "c3", 2);
    notify(&s, "textDocument/didChange",
           json_pack("{s:{s:s, s:i}, s:[{s:s}]}", "textDocument", "uri", BROKEN, "version", 3,
                     "contentChanges", "text", fixed));
    note = notification(&s, "textDocument/publishDiagnostics");
    check(json_array_size(diags_of(note, BROKEN, 3)) == 0, "didChange (the whole text): fixed");
    json_decref(note);
    /* ... and broken again: a side unknown to 'first' (line 13 of session). */
    notify(&s, "textDocument/didChange",
           json_pack("{s:{s:s, s:i}, s:[{s:o, s:s}]}", "textDocument", "uri", BROKEN, "version", 4,
                     "contentChanges", "range", range(0, 0, 0, 0), "text", "game \"again\"\n"));
    note = notification(&s, "textDocument/publishDiagnostics");
    list = diags_of(note, BROKEN, 4);
    check(json_array_size(list) == 1 && is_range(json_object_get(json_array_get(list, 0), "range"),
                                                 1, 0, 1, 8),
          "didChange: a second game line is an error at it (1:0-8)");
    /* its note, "first named here", at the first: game "again", 4 + 1 + 7 characters */
    json_t *rel = json_array_get(json_object_get(json_array_get(list, 0), "relatedInformation"), 0);
    check(rel && json_equal(json_object_get(rel, "message"), json_string("first named here")) &&
              is_range(json_object_get(json_object_get(rel, "location"), "range"), 0, 0, 0, 12) &&
              json_equal(json_object_get(json_object_get(rel, "location"), "uri"),
                         json_string(BROKEN)),
          "didChange: the note is the error's relatedInformation, at 0:0-12");
    json_decref(note);

    /* Hover: a keyword, from doc/language.md's text. */
    const char *h = hover_text(&s, URI, 3, 5);
    check(strstr(h, "`grid COLUMNS x ROWS [at CORNER] [diagonals none|all|alternate]`") &&
              strstr(h, "A rectangle of points with all its rows and columns as lines."),
          "hover 'grid': its section of doc/language.md");
    /* a point: c2 of a 5 x 5 grid, odd (col 2 + row 1): no diagonals */
    h = hover_text(&s, URI, 9, 14);
    check(strncmp(h, "**point c2** at (2, 1)\n\nlinked to (4): c1 b2 d2 c3\n", 45) == 0 &&
              strstr(h, "\n- a2 b2 c2 d2 e2") && strstr(h, "\n- c1 c2 c3 c4 c5"),
          "hover c2: coordinates, four links, two lines");
    h = hover_text(&s, URI, 19, 22);
    check(strcmp(h, "**region home**: 10 points\n\na1 b1 c1 d1 e1 a2 b2 c2 d2 e2") == 0,
          "hover home: rows 1 to 2, ten points");
    h = hover_text(&s, URI, 6, 22);
    check(strncmp(h, "**piece tiger** of side **tigers**: 2 pieces; at the start 2 on the "
                     "board, 0 in hand", 84) == 0,
          "hover tiger: its side and count");
    h = hover_text(&s, URI, 16, 8);
    check(strcmp(h, "**option capture**: May the tigers capture?\n\nvalues: leap (the "
                    "default) none") == 0,
          "hover capture: its question and values");
    h = hover_text(&s, URI, 27, 5);
    check(strstr(h, "**side men**") && strstr(h, "man (20)") && strstr(h, "phases: dropping moving"),
          "hover men: its kinds and phases");
    h = hover_text(&s, URI, 2, 6);
    check(strcmp(h, "(none)") == 0, "hover on '{': nothing");

    /* Completion. */
    const char *c = completion(&s, URI, 19, 9); /* "turn |drop man in home" */
    check(strcmp(c, "capture drop leap relocate remove slide step") == 0,
          "completion after 'turn': the seven actions (%s)", c);
    c = completion(&s, URI, 19, 14); /* "turn drop |man in home" */
    check(strcmp(c, "man tiger") == 0, "completion after 'drop': the kinds (%s)", c);
    c = completion(&s, URI, 13, 10); /* "first |tigers" */
    check(strcmp(c, "men tigers") == 0, "completion after 'first': the sides (%s)", c);
    c = completion(&s, URI, 16, 17); /* "if capture = |leap" */
    check(strcmp(c, "leap none") == 0, "completion after 'if capture =': its values (%s)", c);
    c = completion(&s, URI, 19, 22); /* "in h|ome" */
    check(strcmp(c, "home") == 0, "completion of 'h' in a set: the region home (%s)", c);
    c = completion(&s, URI, 29, 0); /* the end of the file */
    check(strcmp(c, "alias board example game if note option origin phase region rules setup "
                    "side source") == 0,
          "completion at the top level: the statements' keywords (%s)", c);
    c = completion(&s, URI, 20, 5); /* "e|nds when hand empty" */
    check(strcmp(c, "ends") == 0, "completion of 'e' in a phase: ends (%s)", c);

    /* Definition and references. */
    json_t *r = ask(&s, "textDocument/definition", at(URI, 19, 22));
    check(locations(r, URI, "4:11-4:15"), "definition of home: its region statement");
    json_decref(r);
    r = ask(&s, "textDocument/definition", at(URI, 9, 14));
    check(locations(r, URI, "3:4-3:34"), "definition of c2: the grid that makes it");
    json_decref(r);
    r = ask(&s, "textDocument/definition", at(URI, 16, 36));
    check(locations(r, URI, "6:20-6:25"), "definition of tiger: its piece statement");
    json_decref(r);
    r = ask(&s, "textDocument/definition", at(URI, 15, 18));
    check(locations(r, URI, "6:5-6:11"), "definition of tigers: its side");
    json_decref(r);
    r = ask(&s, "textDocument/definition", at(URI, 16, 8));
    check(locations(r, URI, "1:7-1:14"), "definition of capture: its option");
    json_decref(r);
    r = ask(&s, "textDocument/definition", at(URI, 27, 18));
    check(locations(r, URI, "18:6-18:14"), "definition of dropping: its phase");
    json_decref(r);
    r = ask(&s, "textDocument/references",
            json_pack("{s:{s:s}, s:o, s:{s:b}}", "textDocument", "uri", URI, "position",
                      pos(9, 5), "context", "includeDeclaration", 1));
    check(locations(r, URI, "6:20-6:25 9:4-9:9 16:34-16:39 16:51-16:56 16:76-16:81"),
          "references of tiger, with its declaration");
    json_decref(r);
    r = ask(&s, "textDocument/references",
            json_pack("{s:{s:s}, s:o, s:{s:b}}", "textDocument", "uri", URI, "position",
                      pos(6, 7), "context", "includeDeclaration", 0));
    check(locations(r, URI, "13:10-13:16 15:17-15:23 26:4-26:10"),
          "references of tigers, without its declaration");
    json_decref(r);

    /* The outline. */
    r = ask(&s, "textDocument/documentSymbol", json_pack("{s:{s:s}}", "textDocument", "uri", URI));
    char names[1024] = "";
    for (size_t i = 0; i < json_array_size(r); i++) {
        json_t *e = json_array_get(r, i);
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s(%zu)", i ? ", " : "",
                 json_string_value(json_object_get(e, "name")),
                 json_array_size(json_object_get(e, "children")));
    }
    check(strcmp(names, "game \"Session hunt\"(0), option capture(0), board(2), side tigers(1), "
                        "side men(1), setup(0), rules(0), phase hunting(1), phase dropping(1), "
                        "phase moving(1), example \"tigers start\"(0)") == 0,
          "documentSymbol: the outline (%s)", names);
    json_t *hunting = json_array_get(r, 7), *iff = json_array_get(json_object_get(hunting, "children"), 0);
    json_t *turns = json_object_get(iff, "children");
    check(json_equal(json_object_get(iff, "name"), json_string("if capture = leap")) &&
              json_array_size(turns) == 2 &&
              json_equal(json_object_get(json_array_get(turns, 0), "name"),
                         json_string("turn step tiger or capture tiger")) &&
              is_range(json_object_get(hunting, "range"), 15, 0, 17, 1) &&
              is_range(json_object_get(hunting, "selectionRange"), 15, 6, 15, 13) &&
              json_integer_value(json_object_get(hunting, "kind")) == 12,
          "documentSymbol: phase hunting holds its if and its two turn lines");
    json_decref(r);

    /* Formatting: rimau fmt's layout, as one edit of the whole text (a
     * block's line indented 4 spaces, one blank between words, no blank
     * line before a block's end); none when the text is laid out
     * already; a text that does not parse is refused. */
    check(formats, "initialize: formatting");
    static const char *const FMT = "file:///session/fmt.game";
    const char *loose = "game   \"f\"\nboard {\n  grid 3 x 3\n\n\n}\n";
    const char *laid_out = "game \"f\"\nboard {\n    grid 3 x 3\n}\n";
    json_decref(open_doc(&s, FMT, loose, 1));
    r = ask(&s, "textDocument/formatting",
            json_pack("{s:{s:s}, s:{s:i, s:b}}", "textDocument", "uri", FMT, "options", "tabSize",
                      4, "insertSpaces", 1));
    json_t *e0 = json_array_get(r, 0);
    check(json_array_size(r) == 1 && is_range(json_object_get(e0, "range"), 0, 0, 6, 0) &&
              json_equal(json_object_get(e0, "newText"), json_string(laid_out)),
          "formatting: one edit of the whole text, in rimau fmt's layout");
    json_decref(r);
    notify(&s, "textDocument/didChange",
           json_pack("{s:{s:s, s:i}, s:[{s:s}]}", "textDocument", "uri", FMT, "version", 2,
                     "contentChanges", "text", laid_out));
    json_decref(notification(&s, "textDocument/publishDiagnostics"));
    r = ask(&s, "textDocument/formatting",
            json_pack("{s:{s:s}, s:{s:i, s:b}}", "textDocument", "uri", FMT, "options", "tabSize",
                      4, "insertSpaces", 1));
    check(json_is_array(r) && json_array_size(r) == 0,
          "formatting: a text laid out already: no edit");
    json_decref(r);
    notify(&s, "textDocument/didChange",
           json_pack("{s:{s:s, s:i}, s:[{s:s}]}", "textDocument", "uri", FMT, "version", 3,
                     "contentChanges", "text", "game \"f\"\nboard {\n"));
    json_decref(notification(&s, "textDocument/publishDiagnostics"));
    check(ask_error(&s, "textDocument/formatting",
                    json_pack("{s:{s:s}}", "textDocument", "uri", FMT)) == -32803,
          "formatting: a text that does not parse is refused (RequestFailed)");

    /* Quick fixes of a "did you mean" message. */
    r = ask(&s, "textDocument/codeAction",
            json_pack("{s:{s:s}, s:o, s:{s:[{s:o, s:s}, {s:o, s:s}, {s:o, s:s}]}}", "textDocument",
                      "uri", URI, "range", range(9, 13, 9, 15), "context", "diagnostics", "range",
                      range(9, 13, 9, 15), "message",
                      "unknown point 'c9' (the board has rows 1 to 5); did you mean 'c3' or 'c4'?",
                      "range", range(10, 4, 10, 7), "message", "unknown kind 'mna'; did you mean 'man'?",
                      "range", range(9, 4, 9, 9), "message", "unknown point 'zz'"));
    check(json_array_size(r) == 3, "codeAction: one fix per candidate (%zu)", json_array_size(r));
    const char *want[3] = { "c3", "c4", "man" };
    int lines[3] = { 9, 9, 10 }, cols[3][2] = { { 13, 15 }, { 13, 15 }, { 4, 7 } };
    for (int i = 0; i < 3 && json_array_size(r) == 3; i++) {
        json_t *a = json_array_get(r, (size_t)i);
        json_t *edits = json_object_get(json_object_get(json_object_get(a, "edit"), "changes"), URI);
        json_t *e = json_array_get(edits, 0);
        char title[64];
        snprintf(title, sizeof title, "Replace with '%s'", want[i]);
        check(json_equal(json_object_get(a, "kind"), json_string("quickfix")) &&
                  strcmp(json_string_value(json_object_get(a, "title")), title) == 0 &&
                  json_array_size(edits) == 1 &&
                  strcmp(json_string_value(json_object_get(e, "newText")), want[i]) == 0 &&
                  is_range(json_object_get(e, "range"), lines[i], cols[i][0], lines[i], cols[i][1]),
              "codeAction %d: replace %d:%d-%d with '%s'", i, lines[i], cols[i][0], cols[i][1],
              want[i]);
    }
    json_decref(r);

    /* ... and end to end: a kind misspelt in a copy of session.game
     * ("turn step mna", line 23, columns 14-17) is published with "did
     * you mean 'man'?", and its quick fix puts 'man' there. */
    static const char *const TYPO = "file:///session/typo.game";
    char *typo = strdup(text);
    char *step = strstr(typo, "turn step man\n");
    check(step != NULL, "session.game has 'turn step man'");
    if (step)
        memcpy(step + 10, "mna", 3);
    note = open_doc(&s, TYPO, typo, 1);
    list = diags_of(note, TYPO, 1);
    json_t *typo_d = NULL;
    for (size_t i = 0; i < json_array_size(list); i++) {
        json_t *x = json_array_get(list, i);
        const char *m = json_string_value(json_object_get(x, "message"));
        if (m && strstr(m, "'mna'") && strstr(m, "; did you mean 'man'?"))
            typo_d = x;
    }
    check(typo_d && is_range(json_object_get(typo_d, "range"), 23, 14, 23, 17),
          "a misspelt kind: published at 23:14-17 with \"did you mean 'man'?\"");
    if (typo_d) {
        r = ask(&s, "textDocument/codeAction",
                json_pack("{s:{s:s}, s:o, s:{s:[O]}}", "textDocument", "uri", TYPO, "range",
                          range(23, 14, 23, 17), "context", "diagnostics", typo_d));
        json_t *fix = json_array_get(
            json_object_get(json_object_get(json_object_get(json_array_get(r, 0), "edit"),
                                            "changes"),
                            TYPO),
            0);
        check(json_array_size(r) == 1 &&
                  json_equal(json_object_get(fix, "newText"), json_string("man")) &&
                  is_range(json_object_get(fix, "range"), 23, 14, 23, 17),
              "codeAction on the published diagnostic: replace 23:14-17 with 'man'");
        json_decref(r);
    }
    json_decref(note);
    free(typo);

    /* Code lenses: perft on the first line, each example run. */
    r = ask(&s, "textDocument/codeLens", json_pack("{s:{s:s}}", "textDocument", "uri", URI));
    json_t *l0 = json_array_get(r, 0), *l1 = json_array_get(r, 1);
    check(json_array_size(r) == 2 && is_range(json_object_get(l0, "range"), 0, 0, 0, 0) &&
              json_equal(json_object_get(json_object_get(l0, "command"), "command"),
                         json_string("rimau.perft")) &&
              is_range(json_object_get(l1, "range"), 25, 8, 25, 22) &&
              json_equal(json_object_get(json_object_get(l1, "command"), "arguments"),
                         json_pack("[s, s]", URI, "tigers start")),
          "codeLens: perft at 0:0, the example at 25:8-22");
    json_t *args = json_object_get(json_object_get(l1, "command"), "arguments");
    json_t *res = ask(&s, "workspace/executeCommand",
                      json_pack("{s:s, s:O}", "command", "rimau.runExample", "arguments", args));
    check(json_is_true(json_object_get(res, "ok")) &&
              strcmp(json_string_value(json_object_get(res, "message")),
                     "example \"tigers start\": passed") == 0,
          "rimau.runExample: the example passes");
    json_decref(res);
    note = notification(&s, "window/showMessage");
    check(strcmp(json_string_value(json_object_get(json_object_get(note, "params"), "message")),
                 "example \"tigers start\": passed") == 0 &&
              json_integer_value(json_object_get(json_object_get(note, "params"), "type")) == 3,
          "rimau.runExample: the verdict shown");
    json_decref(note);
    json_decref(r);
    /* Perft 1: each tiger has four steps (c2 and c4 have no diagonals);
     * 2: a man dropped on the ten points of rows 1 and 2 less the tiger
     * there (c2 stays or moves to c1, b2, d2: 9; to c3: 10), 3*9 + 10 +
     * 4*9 = 73; 3: rimau perft's count. */
    char cmd[8192], three[64] = "?";
    snprintf(cmd, sizeof cmd, "'%s' perft '%s' 3", rimau, path);
    FILE *p = popen(cmd, "r");
    if (p && fgets(three, sizeof three, p))
        three[strcspn(three, "\n")] = '\0';
    if (p)
        pclose(p);
    char expect[256];
    snprintf(expect, sizeof expect, "perft from the start: depth 1: 8; depth 2: 73; depth 3: %s",
             three);
    res = ask(&s, "workspace/executeCommand",
              json_pack("{s:s, s:[s]}", "command", "rimau.perft", "arguments", URI));
    check(strcmp(json_string_value(json_object_get(res, "message")), expect) == 0,
          "rimau.perft: %s", json_string_value(json_object_get(res, "message")));
    json_decref(res);
    json_decref(notification(&s, "window/showMessage"));

    /* Closing a document clears its diagnostics. */
    notify(&s, "textDocument/didClose", json_pack("{s:{s:s}}", "textDocument", "uri", BROKEN));
    note = notification(&s, "textDocument/publishDiagnostics");
    check(json_array_size(json_object_get(json_object_get(note, "params"), "diagnostics")) == 0,
          "didClose: its diagnostics cleared");
    json_decref(note);
    check(ask_error(&s, "textDocument/hover", at(BROKEN, 0, 0)) == -32602,
          "hover in a closed document: InvalidParams");

    json_t *sd = ask(&s, "shutdown", NULL);
    check(json_is_null(sd), "shutdown: null");
    json_decref(sd);
    check(ask_error(&s, "textDocument/hover", at(URI, 0, 0)) == -32600,
          "a request after shutdown: InvalidRequest");
    notify(&s, "exit", NULL);
    check(finish(&s) == 0, "exit after shutdown: status 0");
    free(text);
}

/* The error code of the next response, which answers ID (NULL: null). */
static int error_of_next(server *s, json_t *id, const char *what)
{
    json_t *r = response(s, id ? id : json_null());
    int code = (int)json_integer_value(json_object_get(json_object_get(r, "error"), "code"));
    (void)what;
    json_decref(r);
    return code;
}

static void bad_input(void)
{
    server s;
    start(&s);
    json_decref(ask(&s, "initialize", json_pack("{s:{s:{s:[s, s]}}}", "capabilities", "general",
                                                "positionEncodings", "utf-8", "utf-16")));
    notify(&s, "initialized", NULL);

    /* UTF-8 positions when offered: q9 after 6 + 4 + 14 bytes. */
    json_t *note = open_doc(&s, BROKEN, broken, 7);
    json_t *d = diagnostic(diags_of(note, BROKEN, 7),
                           "unknown point 'q9' (the board has columns a to c)");
    check(d && is_range(json_object_get(d, "range"), 1, 24, 1, 26),
          "utf-8 negotiated: q9 at 1:24-26 in bytes");
    json_decref(note);

    send_raw(&s, "Content-Length: 5\r\n\r\n{oops");
    check(error_of_next(&s, NULL, "") == -32700, "not JSON: ParseError");
    /* A length 3 bytes short: the tail runs into the next header. */
    const char *body = "{\"jsonrpc\":\"2.0\",\"id\":50,\"method\":\"shutdown\"}";
    char msg[256];
    snprintf(msg, sizeof msg, "Content-Length: %zu\r\n\r\n%s", strlen(body) - 3, body);
    send_raw(&s, msg);
    check(error_of_next(&s, NULL, "") == -32700, "a Content-Length too short: ParseError");
    check(ask_error(&s, "foo/bar", NULL) == -32601,
          "the next message read after it: an unknown method, MethodNotFound");
    send_raw(&s, "Content-Type: application/vscode-jsonrpc\r\n\r\n");
    check(error_of_next(&s, NULL, "") == -32700, "a header without Content-Length: ParseError");
    send_raw(&s, "Content-Length: 5\r\n\r\n[1,2]");
    check(error_of_next(&s, NULL, "") == -32600, "an array: InvalidRequest");
    body = "{\"id\":7,\"method\":\"hover\"}";
    snprintf(msg, sizeof msg, "Content-Length: %zu\r\n\r\n%s", strlen(body), body);
    send_raw(&s, msg);
    json_t *seven = json_integer(7);
    check(error_of_next(&s, seven, "") == -32600, "no \"jsonrpc\": \"2.0\": InvalidRequest");
    json_decref(seven);
    check(ask_error(&s, "textDocument/hover", at("file:///nowhere.game", 0, 0)) == -32602,
          "hover in an unknown document: InvalidParams");
    check(ask_error(&s, "textDocument/hover",
                    json_pack("{s:{s:s}}", "textDocument", "uri", BROKEN)) == -32602,
          "hover without a position: InvalidParams");
    check(ask_error(&s, "workspace/executeCommand",
                    json_pack("{s:s, s:[s]}", "command", "rm -rf", "arguments", BROKEN)) == -32602,
          "an unknown command: InvalidParams");
    int id = next_id++;
    send(&s, json_pack("{s:i, s:s, s:i}", "id", id, "method", "textDocument/hover", "params", 3));
    check(error_of_next(&s, json_integer(id), "") == -32600, "params a number: InvalidRequest");
    notify(&s, "textDocument/didChange",
           json_pack("{s:{s:s, s:i}, s:[]}", "textDocument", "uri", "file:///x", "version", 1,
                     "contentChanges"));
    /* A message over the limit is read past, and the next one answered. */
    send_raw(&s, "Content-Length: 9000000\r\n\r\n");
    char *junk = malloc(9000000);
    memset(junk, 'x', 9000000);
    write_all(&s, junk, 9000000);
    free(junk);
    check(error_of_next(&s, NULL, "") == -32700, "a message of 9 MB: ParseError");
    /* A text over the size of a file, and a text of 100,000 braces. */
    char *big = malloc(2u << 20);
    memset(big, '#', (2u << 20) - 1);
    big[(2u << 20) - 1] = '\0';
    note = open_doc(&s, "file:///big.game", big, 1);
    json_t *list = diags_of(note, "file:///big.game", 1);
    check(json_array_size(list) == 1 &&
              strstr(json_string_value(json_object_get(json_array_get(list, 0), "message")),
                     "larger than the limit"),
          "a text of 2 MiB: one diagnostic, too large");
    json_decref(note);
    memset(big, '{', 100000);
    big[100000] = '\0';
    note = open_doc(&s, "file:///braces.game", big, 1);
    list = diags_of(note, "file:///braces.game", 1);
    check(json_array_size(list) >= 1, "a text of 100,000 braces: diagnosed, no crash");
    json_decref(note);
    free(big);
    check(strlen(completion(&s, "file:///braces.game", 0, 50000)) < 4096,
          "completion inside the braces: answered");
    check(ask_error(&s, "shutdown", NULL) == 0, "shutdown");
    notify(&s, "exit", NULL);
    check(finish(&s) == 0, "exit after shutdown: status 0");

    /* exit without shutdown: 1; the input closed without exit: 1. */
    start(&s);
    notify(&s, "exit", NULL);
    check(finish(&s) == 1, "exit without shutdown: status 1");
    start(&s);
    check(finish(&s) == 1, "the input closed without exit: status 1");
}

int main(void)
{
    rimau = getenv("RIMAU");
    srcdir = getenv("srcdir");
    if (!rimau || !srcdir) {
        fprintf(stderr, "test_lsp: RIMAU and srcdir must be set (make check sets them)\n");
        return 99;
    }
    signal(SIGPIPE, SIG_IGN);
    session();
    bad_input();
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
