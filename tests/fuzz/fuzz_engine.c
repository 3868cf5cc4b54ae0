/* fuzz_engine.c: the request reader of rimau engine: the input is the
 * lines a program sends, the fuzz game in play from the start. Every line
 * gets exactly one answer, a JSON object on one line with "ok" or
 * "error", in order.
 *
 * Every request is taken, go, load, stop and position among them, as
 * the engine started with no option takes it (no --allow-paths: a load
 * names an installed game or sends a text, never a path), so that no
 * input reads a file the fuzzer did not write, nor writes one. The lines
 * are taken as the engine's reading thread takes them when they come
 * faster than the answers: a stop ends every go taken before it that is
 * not answered yet. Each input's work is kept small, for a million
 * inputs a processor hour: only its first FUZZ_LINES lines are taken; the
 * engine thinks at most FUZZ_THINK seconds a go, and only the first
 * FUZZ_SEARCHES gos of an input search (each is answered as it is taken;
 * the later ones wait with the lines after them, and a stop, the input's
 * or one taken after its last line, ends them at their start). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fuzz_common.h"
#include "cli.h"

#define FUZZ_THINK 0.0005
#define FUZZ_SEARCHES 1
#define FUZZ_LINES 32

/* Whether LINE[0..LEN) is a request whose cmd is "go". */
static bool is_go(const char *line, size_t len)
{
    json_t *req = json_loadb(line, len, JSON_REJECT_DUPLICATES, NULL);
    const char *cmd = json_string_value(json_object_get(req, "cmd"));
    bool go = cmd && strcmp(cmd, "go") == 0;
    json_decref(req);
    return go;
}

/* Answers every request waiting. */
static void answer_all(cli_engine *e, FILE *out)
{
    while (cli_engine_answer(e, out))
        ;
}

/* Takes LINE[0..LEN), making room first when the queue is full. */
static void take(cli_engine *e, const char *line, size_t len, FILE *out)
{
    while (!cli_engine_take(e, line, len))
        if (!cli_engine_answer(e, out))
            abort(); /* (a full queue with nothing in it) */
}

/* Checks the answers OUT[0..LEN): WANT lines, each one JSON object with
 * "id" and either "ok" or "error". */
static void check(const char *out, size_t len, size_t want)
{
    size_t lines = 0;
    for (const char *p = out; p < out + len;) {
        const char *nl = memchr(p, '\n', (size_t)(out + len - p));
        if (!nl)
            abort(); /* an answer without its end of line */
        json_t *a = json_loadb(p, (size_t)(nl - p), JSON_REJECT_DUPLICATES, NULL);
        if (!json_is_object(a) || !json_object_get(a, "id") ||
            !json_object_get(a, "ok") == !json_object_get(a, "error"))
            abort();
        json_decref(a);
        lines++;
        p = nl + 1;
    }
    if (lines != want)
        abort(); /* a line with no answer, or with two */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    cli_engine_setup setup = { .max_think = FUZZ_THINK, .game = fuzz_game() };
    cli_engine *e = cli_engine_new(&setup);
    if (!f || !e || !cli_engine_loaded(e))
        abort();
    size_t taken = 0;
    int gos = 0;
    for (char *p = text; p < text + size && taken < FUZZ_LINES;) {
        char *nl = memchr(p, '\n', (size_t)(text + size - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(text + size - p);
        take(e, p, len, f);
        taken++;
        if (is_go(p, len) && ++gos <= FUZZ_SEARCHES)
            answer_all(e, f);
        p += len + 1;
    }
    static const char stop[] = "{\"cmd\": \"stop\"}";
    take(e, stop, sizeof stop - 1, f);
    taken++;
    answer_all(e, f);
    cli_engine_free(e);
    fclose(f);
    if (getenv("FUZZ_ENGINE_SHOW")) /* (to see the answers of an input) */
        fwrite(out, 1, outlen, stderr);
    check(out, outlen, taken);
    free(out);
    free(text);
    return 0;
}
