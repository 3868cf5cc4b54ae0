/* fuzz_engine.c: the request reader of rimau engine: the input is the
 * lines a program sends, after a load of the fuzz game. Every line gets
 * exactly one answer, a JSON object on one line with "ok" or "error".
 * Lines naming "go" or "load" are skipped, and so is any line with a \u
 * escape (which could spell them): a player's search takes its budget's
 * time, which only slows the fuzzing down, and a load could name any file
 * (a FIFO, /dev/zero); the game is the fuzz game. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "fuzz_common.h"
#include "cli.h"

/* The fuzz game written to a file once, for the load request. */
static const char *game_file(void)
{
    static char path[] = "/tmp/rimau-fuzz-engine-XXXXXX";
    static bool made;
    if (!made) {
        int fd = mkstemp(path);
        if (fd < 0)
            abort();
        size_t n = sizeof fuzz_game_text - 1;
        if (write(fd, fuzz_game_text, n) != (ssize_t)n)
            abort();
        close(fd);
        made = true;
    }
    return path;
}

/* Sends LINE[0..LEN) to E and checks the one answer. */
static void send(cli_engine *e, const char *line, size_t len)
{
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    if (!f)
        return;
    cli_engine_line(e, line, len, f);
    fclose(f);
    if (outlen == 0 || out[outlen - 1] != '\n' || memchr(out, '\n', outlen) != out + outlen - 1)
        abort();
    json_t *a = json_loadb(out, outlen - 1, 0, NULL);
    if (!json_is_object(a) || !json_object_get(a, "id") ||
        !json_object_get(a, "ok") == !json_object_get(a, "error"))
        abort();
    json_decref(a);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    cli_engine e;
    cli_engine_init(&e);
    char load[128];
    snprintf(load, sizeof load, "{\"cmd\": \"load\", \"game\": \"%s\"}", game_file());
    send(&e, load, strlen(load));
    if (!e.g) /* the fuzz game must load, or nothing is fuzzed */
        abort();
    char *p = text;
    while (!e.quit && p < text + size) {
        char *nl = memchr(p, '\n', (size_t)(text + size - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(text + size - p);
        p[len] = '\0';
        if (len > 0 && !strstr(p, "go") && !strstr(p, "load") && !strstr(p, "\\u"))
            send(&e, p, len);
        p += len + 1;
    }
    cli_engine_free(&e);
    free(text);
    return 0;
}
