/* cli_json.c: the JSON line of a tournament's game, written and read with
 * jansson, strictly: a line is one JSON object with no duplicate key and
 * nothing after it, in valid UTF-8; every key a game needs is there with
 * a value of its type and range, and "options" (a game's option values),
 * when it is there, an object of strings. Other keys are read past, so
 * that a later Rimau may add keys without making its files unreadable
 * here.
 *
 * Seeds are full uint64, which a JSON integer (jansson's long long) cannot
 * hold, so they are written as strings of digits. Earlier Rimau wrote them
 * as bare numbers: those up to 2^63 - 1 read as integers, and for the
 * larger ones, which jansson refuses, the line is read again with the
 * seed's digits in quotes.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli_json.h"

static int bad(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- writing ---- */

static bool valid_utf8(const char *s)
{
    json_t *j = json_string(s); /* (jansson's one public check of UTF-8) */
    json_decref(j);
    return j != NULL;
}

char *cli_outcome_line(const cli_outcome *o, char *why, size_t whysize)
{
    for (int s = 0; s < 2; s++) {
        if (!valid_utf8(o->side[s]) || !valid_utf8(o->player[s])) {
            bad(why, whysize, "\"%s\" holds a name that is not valid UTF-8, as JSON text must be",
                valid_utf8(o->side[s]) ? "players" : "sides");
            return NULL;
        }
    }
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
    json_error_t e;
    json_t *j = json_pack_ex(&e, 0, "{s:I, s:s, s:[s, s], s:[s, s], s:s?, s:i, s:i}", "game",
                             (json_int_t)o->index + 1, "seed", seed, "sides", o->side[0],
                             o->side[1], "players", o->player[0], o->player[1], "winner",
                             o->winner < 0 ? NULL : o->side[o->winner], "turns", o->turns,
                             "captures", o->captures);
    if (!j) {
        bad(why, whysize, "%s", e.text);
        return NULL;
    }
    json_t *opts = o->options && o->options->n > 0 ? json_object() : NULL;
    for (int i = 0; opts && i < o->options->n; i++)
        if (json_object_set_new(opts, o->options->name[i], json_string(o->options->value[i])) != 0) {
            json_decref(opts);
            json_decref(j);
            bad(why, whysize, "an option's name or value is not valid UTF-8, or out of memory");
            return NULL;
        }
    if (opts && json_object_set_new(j, "options", opts) != 0) {
        json_decref(j);
        bad(why, whysize, "out of memory");
        return NULL;
    }
    /* flags 0: the keys in the order packed, ", " and ": " between items,
     * one line, UTF-8 as it is */
    char *line = json_dumps(j, 0);
    json_decref(j);
    if (!line)
        bad(why, whysize, "out of memory");
    else if (strlen(line) > CLI_JSON_MAX_LINE) {
        bad(why, whysize, "the line would be %zu bytes, more than the %d a line may have",
            strlen(line), CLI_JSON_MAX_LINE);
        free(line);
        line = NULL;
    }
    return line;
}

/* ---- reading ---- */

static size_t skip_blanks(const char *s, size_t len, size_t i)
{
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
        i++;
    return i;
}

/* The span [*START, *END) of the digits of a bare "seed": NUMBER in LINE,
 * as earlier Rimau wrote it; false when there is none. */
static bool bare_seed(const char *line, size_t len, size_t *start, size_t *end)
{
    static const char key[] = "\"seed\"";
    for (size_t i = 0; i + sizeof key - 1 <= len; i++) {
        if (memcmp(line + i, key, sizeof key - 1) != 0)
            continue;
        size_t k = skip_blanks(line, len, i + sizeof key - 1);
        if (k >= len || line[k] != ':')
            continue;
        size_t d = k = skip_blanks(line, len, k + 1);
        while (k < len && line[k] >= '0' && line[k] <= '9')
            k++;
        if (k > d) {
            *start = d;
            *end = k;
            return true;
        }
    }
    return false;
}

/* Parses LINE again with the seed's digits [A, B) in quotes. On failure,
 * *E tells where in LINE, not in the quoted copy. */
static json_t *parse_quoted_seed(const char *line, size_t len, size_t a, size_t b, json_error_t *e)
{
    char *copy = malloc(len + 2);
    if (!copy)
        return NULL;
    memcpy(copy, line, a);
    copy[a] = '"';
    memcpy(copy + a + 1, line + a, b - a);
    copy[b + 1] = '"';
    memcpy(copy + b + 2, line + b, len - b);
    json_t *j = json_loadb(copy, len + 2, JSON_REJECT_DUPLICATES, e);
    free(copy);
    if (!j && e->column > 0) /* (the quotes are one column each) */
        e->column -= e->position > (int)b + 1 ? 2 : e->position > (int)a ? 1 : 0;
    return j;
}

static json_t *parse(const char *line, size_t len, char *why, size_t whysize, int *col)
{
    json_error_t e;
    json_t *j = json_loadb(line, len, JSON_REJECT_DUPLICATES, &e);
    size_t a, b;
    /* a number too big for jansson, at the digits of the seed: an old line */
    if (!j && json_error_code(&e) == json_error_numeric_overflow && bare_seed(line, len, &a, &b) &&
        e.position > (int)a && e.position <= (int)b)
        j = parse_quoted_seed(line, len, a, b, &e);
    if (!j) {
        bad(why, whysize, "%s", e.text);
        *col = e.column > 0 ? e.column : 0;
    }
    return j;
}

static json_t *get(json_t *j, const char *key, char *why, size_t size)
{
    json_t *v = json_object_get(j, key);
    if (!v)
        bad(why, size, "the key \"%s\" is missing", key);
    return v;
}

static int get_int(json_t *j, const char *key, json_int_t min, json_int_t max, json_int_t *out,
                   char *why, size_t size)
{
    json_t *v = get(j, key, why, size);
    if (!v)
        return -1;
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max)
        return bad(why, size, "\"%s\" is not a whole number from %lld to %lld", key,
                   (long long)min, (long long)max);
    *out = json_integer_value(v);
    return 0;
}

/* The value of 1 to 20 decimal digits S[0..N) when it fits in a uint64. */
static bool digits(const char *s, size_t n, uint64_t *out)
{
    if (n < 1 || n > 20)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (d > 9 || v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

/* A string of digits, as written now, or a JSON integer, as in old files. */
static int get_seed(json_t *j, uint64_t *seed, char *why, size_t size)
{
    json_t *v = get(j, "seed", why, size);
    if (!v)
        return -1;
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *seed = (uint64_t)json_integer_value(v);
        return 0;
    }
    if (json_is_string(v) && digits(json_string_value(v), json_string_length(v), seed))
        return 0;
    return bad(why, size, "\"seed\" is not a string of digits, or a whole number, from 0 to %" PRIu64,
               UINT64_MAX);
}

static int get_names(json_t *j, const char *key, json_t *names[2], char *why, size_t size)
{
    json_t *v = get(j, key, why, size);
    if (!v)
        return -1;
    if (!json_is_array(v) || json_array_size(v) != 2)
        return bad(why, size, "\"%s\" is not a list of two names", key);
    for (int s = 0; s < 2; s++)
        if (!json_is_string(names[s] = json_array_get(v, (size_t)s)))
            return bad(why, size, "\"%s\" is not a list of two names", key);
    return 0;
}

static int get_winner(json_t *j, json_t *sides[2], int *winner, char *why, size_t size)
{
    json_t *v = get(j, "winner", why, size);
    if (!v)
        return -1;
    *winner = json_equal(v, sides[0]) ? 0 : json_equal(v, sides[1]) ? 1 : -1;
    if (*winner < 0 && !json_is_null(v))
        return bad(why, size, "\"winner\" is not one of the sides, nor null (a draw)");
    return 0;
}

/* The optional "options": an object of the game's option names and the
 * values played, each a string; its values into VALUES (OPTS's order), N
 * of them. */
static int get_options(json_t *j, json_t **opts, json_t *values[RM_MAX_OPTIONS], int *n,
                       char *why, size_t size)
{
    *n = 0;
    *opts = json_object_get(j, "options");
    if (!*opts)
        return 0;
    if (!json_is_object(*opts))
        return bad(why, size, "\"options\" is not an object of option names and values");
    const char *k;
    json_t *v;
    json_object_foreach(*opts, k, v) {
        if (!json_is_string(v))
            return bad(why, size, "\"options\" is not an object of option names and values");
        if (*n == RM_MAX_OPTIONS)
            return bad(why, size, "\"options\" has more than %d options", RM_MAX_OPTIONS);
        values[(*n)++] = v;
    }
    return 0;
}

/* Copies TEXT (LEN bytes and a NUL) to *P and moves *P on; returns the copy. */
static const char *keep(char **p, const char *text, size_t len)
{
    char *at = *p;
    memcpy(at, text, len + 1); /* (no NUL inside: jansson refuses \u0000) */
    *p += len + 1;
    return at;
}

/* Copies the four names, and the options' names and values, into one
 * block that O owns (the options first, when there are any). */
static int keep_names(cli_outcome *o, json_t *side[2], json_t *player[2], json_t *opts,
                      json_t *values[RM_MAX_OPTIONS], int nopts, char *why, size_t size)
{
    json_t *all[4] = { side[0], side[1], player[0], player[1] };
    size_t total = 0;
    for (int i = 0; i < 4; i++)
        total += json_string_length(all[i]) + 1;
    const char *k;
    json_t *v;
    json_object_foreach(opts, k, v)
        total += strlen(k) + json_string_length(v) + 2;
    size_t head = nopts > 0 ? sizeof(rm_choices) : 0;
    char *p = o->names = malloc(head + total);
    if (!p)
        return bad(why, size, "out of memory");
    rm_choices *options = nopts > 0 ? (rm_choices *)(void *)p : NULL;
    p += head;
    const char **to[4] = { &o->side[0], &o->side[1], &o->player[0], &o->player[1] };
    for (int i = 0; i < 4; i++)
        *to[i] = keep(&p, json_string_value(all[i]), json_string_length(all[i]));
    int i = 0;
    json_object_foreach(opts, k, v) {
        options->name[i] = keep(&p, k, strlen(k));
        options->value[i] = keep(&p, json_string_value(values[i]), json_string_length(values[i]));
        i++;
    }
    if (options)
        options->n = nopts;
    o->options = options;
    return 0;
}

static int take(json_t *j, cli_outcome *o, char *why, size_t size)
{
    if (!json_is_object(j))
        return bad(why, size, "the line is not a JSON object");
    json_int_t game, turns, captures;
    json_t *side[2], *player[2], *opts, *values[RM_MAX_OPTIONS];
    int nopts;
    if (get_int(j, "game", 1, LONG_MAX, &game, why, size) || get_seed(j, &o->seed, why, size) ||
        get_names(j, "sides", side, why, size) || get_names(j, "players", player, why, size) ||
        get_winner(j, side, &o->winner, why, size) ||
        get_int(j, "turns", 0, INT_MAX, &turns, why, size) ||
        get_int(j, "captures", 0, INT_MAX, &captures, why, size) ||
        get_options(j, &opts, values, &nopts, why, size))
        return -1;
    if (json_equal(side[0], side[1]))
        return bad(why, size, "the two \"sides\" have the same name");
    o->index = (long)(game - 1);
    o->turns = (int)turns;
    o->captures = (int)captures;
    return keep_names(o, side, player, opts, values, nopts, why, size);
}

int cli_outcome_read(const char *line, size_t len, cli_outcome *o, char *why, size_t whysize,
                     int *col)
{
    memset(o, 0, sizeof *o);
    *col = 0;
    json_t *j = parse(line, len, why, whysize, col);
    if (!j)
        return -1;
    int rc = take(j, o, why, whysize);
    json_decref(j);
    return rc;
}

void cli_outcome_free(cli_outcome *o)
{
    free(o->names);
    o->names = NULL;
    o->options = NULL;
}

bool cli_options_hold(const rm_choices *have, const rm_choices *want)
{
    for (int k = 0; k < want->n; k++) {
        int i = 0;
        while (have && i < have->n && strcmp(have->name[i], want->name[k]) != 0)
            i++;
        if (!have || i == have->n || strcmp(have->value[i], want->value[k]) != 0)
            return false;
    }
    return true;
}

/* ---- files of lines ---- */

cli_line cli_json_getline(FILE *f, char *buf, size_t *len, bool *newline)
{
    size_t n = 0;
    bool long_line = false;
    int c;
    while ((c = getc_unlocked(f)) != EOF && c != '\n') {
        if (n < CLI_JSON_MAX_LINE)
            buf[n++] = (char)c;
        else
            long_line = true;
    }
    *len = n;
    *newline = c == '\n';
    if (c == EOF && n == 0)
        return CLI_LINE_END;
    return long_line ? CLI_LINE_LONG : CLI_LINE_OK;
}

void cli_json_report(FILE *err, const char *file, long lineno, int col, const char *why)
{
    if (!err)
        return;
    if (col > 0)
        fprintf(err, "%s:%ld:%d: error: %s\n", file, lineno, col, why);
    else
        fprintf(err, "%s:%ld: error: %s\n", file, lineno, why);
}

int cli_json_read_file(FILE *f, const char *file, FILE *err, cli_outcome_fn each, void *ctx,
                       cli_json_counts *counts)
{
    memset(counts, 0, sizeof *counts);
    char *line = malloc(CLI_JSON_MAX_LINE);
    if (!line) {
        if (err)
            fprintf(err, "%s: error: out of memory\n", file);
        return -1;
    }
    size_t len;
    bool newline;
    cli_line got;
    while ((got = cli_json_getline(f, line, &len, &newline)) != CLI_LINE_END) {
        long lineno = ++counts->lines;
        char why[256];
        int col;
        cli_outcome o;
        if (got == CLI_LINE_LONG) {
            snprintf(why, sizeof why, "the line is longer than the %d bytes a game's line may have",
                     CLI_JSON_MAX_LINE);
            cli_json_report(err, file, lineno, 0, why);
            counts->bad++;
        } else if (skip_blanks(line, len, 0) == len) {
            counts->blank++;
        } else if (cli_outcome_read(line, len, &o, why, sizeof why, &col) != 0) {
            cli_json_report(err, file, lineno, col, why);
            counts->bad++;
        } else {
            if (each(&o, file, lineno, ctx) == 0)
                counts->games++;
            else
                counts->refused++;
            cli_outcome_free(&o);
        }
    }
    free(line);
    return counts->bad || counts->refused ? -1 : 0;
}
