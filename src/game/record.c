/* record.c: reading and writing game records (see record.h). */
#define _POSIX_C_SOURCE 200809L
#include "record.h"

#include "files.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char *dup_range(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

void rm_record_free(rm_record *rec)
{
    for (int i = 0; i < rec->ntags; i++) {
        free(rec->key[i]);
        free(rec->value[i]);
    }
    for (int i = 0; i < rec->nturns; i++)
        free(rec->turns[i]);
    free(rec->turns);
    free(rec->at);
    memset(rec, 0, sizeof *rec);
}

const char *rm_record_tag(const rm_record *rec, const char *key)
{
    for (int i = 0; i < rec->ntags; i++)
        if (strcmp(rec->key[i], key) == 0)
            return rec->value[i];
    return NULL;
}

static int add_turn(rm_record *rec, const char *s, size_t n, rm_span at)
{
    if (rec->nturns == rec->cap) {
        int cap = rec->cap ? rec->cap * 2 : 64;
        char **t = realloc(rec->turns, (size_t)cap * sizeof *t);
        if (!t)
            return -1;
        rec->turns = t;
        rm_span *a = realloc(rec->at, (size_t)cap * sizeof *a);
        if (!a)
            return -1;
        rec->at = a;
        rec->cap = cap;
    }
    char *copy = dup_range(s, n);
    if (!copy)
        return -1;
    rec->turns[rec->nturns] = copy;
    rec->at[rec->nturns] = at;
    rec->nturns++;
    return 0;
}

/* Parses a tag line [Key "value"] at text[i..eol). */
static int parse_tag(const rm_source *src, size_t i, size_t eol, rm_record *rec, rm_diag *d)
{
    const char *t = src->text;
    size_t k = i + 1;
    while (k < eol && isspace((unsigned char)t[k]))
        k++;
    size_t key0 = k;
    while (k < eol && (isalnum((unsigned char)t[k]) || t[k] == '_' || t[k] == '-'))
        k++;
    size_t key1 = k;
    while (k < eol && isspace((unsigned char)t[k]))
        k++;
    if (key1 == key0 || k >= eol || t[k] != '"') {
        diag_error(d, (rm_span){ (uint32_t)i, (uint32_t)eol },
                   "a tag is written [Key \"value\"]");
        return -1;
    }
    size_t v0 = ++k;
    while (k < eol && t[k] != '"')
        k += t[k] == '\\' && k + 1 < eol ? 2 : 1; /* \" and \\ stand for " and \ */
    if (k >= eol) {
        diag_error(d, (rm_span){ (uint32_t)(v0 - 1), (uint32_t)eol }, "unterminated tag value");
        return -1;
    }
    size_t v1 = k++;
    while (k < eol && isspace((unsigned char)t[k]))
        k++;
    if (k >= eol || t[k] != ']') {
        diag_error(d, (rm_span){ (uint32_t)k, (uint32_t)k + 1 }, "expected ']' to close the tag");
        return -1;
    }
    if (rec->ntags == RM_MAX_TAGS) {
        diag_error(d, (rm_span){ (uint32_t)i, (uint32_t)eol }, "more than %d tags", RM_MAX_TAGS);
        return -1;
    }
    rec->key[rec->ntags] = dup_range(t + key0, key1 - key0);
    rec->value[rec->ntags] = dup_range(t + v0, v1 - v0);
    if (rec->value[rec->ntags]) { /* undo the escapes */
        char *v = rec->value[rec->ntags], *w = v;
        for (; *v; v++)
            if (*v == '\\' && v[1]) {
                v++;
                *w++ = *v == 'n' ? '\n' : *v;
            } else {
                *w++ = *v;
            }
        *w = '\0';
    }
    if (!rec->key[rec->ntags] || !rec->value[rec->ntags]) {
        free(rec->key[rec->ntags]);
        free(rec->value[rec->ntags]);
        diag_file_error(d, "out of memory");
        return -1;
    }
    rec->ntags++;
    return 0;
}

int rm_record_parse(const rm_source *src, rm_record *rec, rm_diag *d)
{
    memset(rec, 0, sizeof *rec);
    const char *t = src->text;
    size_t n = src->len, i = 0;
    bool in_turns = false;
    while (i < n) {
        char c = t[i];
        if (c == '\n' || isspace((unsigned char)c)) {
            i++;
            continue;
        }
        if (c == '#') {
            while (i < n && t[i] != '\n')
                i++;
            continue;
        }
        if (c == '[' && !in_turns) {
            size_t eol = i;
            while (eol < n && t[eol] != '\n')
                eol++;
            if (parse_tag(src, i, eol, rec, d) != 0)
                return -1;
            if (!rec->live && strcmp(rec->key[rec->ntags - 1], "Live") == 0) {
                rec->live = true;
                /* A live record grows by whole lines: what follows its
                 * last newline is a turn that was being added when its
                 * process was killed (or the machine stopped). */
                size_t cut = n;
                while (cut > 0 && t[cut - 1] != '\n')
                    cut--;
                if (cut > eol) {
                    size_t k = cut;
                    while (k < n && isspace((unsigned char)t[k]))
                        k++;
                    if (k < n)
                        rec->cut = (rm_span){ (uint32_t)k, (uint32_t)n };
                    n = cut;
                }
            }
            i = eol;
            continue;
        }
        in_turns = true;
        size_t start = i;
        while (i < n && !isspace((unsigned char)t[i]) && t[i] != '#')
            i++;
        rm_span at = { (uint32_t)start, (uint32_t)i };
        size_t len = i - start, digits = 0;
        while (digits < len && isdigit((unsigned char)t[start + digits]))
            digits++;
        if (digits > 0 && digits + 1 == len && t[start + digits] == '.') {
            long num = strtol(t + start, NULL, 10);
            if (num != rec->nturns + 1) {
                diag_error(d, at, "turn number %ld where %d was expected", num, rec->nturns + 1);
                return -1;
            }
            continue;
        }
        if (len == 1 && t[start] == '*') {
            rec->ended = true; /* an unfinished game's end mark */
            continue;
        }
        if (rec->ended) {
            diag_error(d, at, "a turn after the end mark '*'");
            return -1;
        }
        for (size_t k = start; k < i; k++)
            if (!isprint((unsigned char)t[k])) {
                diag_error(d, at, "a turn holds a control character or a non-ASCII byte");
                return -1;
            }
        if (rec->nturns == RM_MAX_RECORD_TURNS) {
            diag_error(d, at, "more than %d turns, the limit", RM_MAX_RECORD_TURNS);
            return -1;
        }
        if (add_turn(rec, t + start, len, at) != 0) {
            diag_file_error(d, "out of memory");
            return -1;
        }
    }
    if (rec->cut.end > rec->cut.start)
        diag_warning(d, rec->cut,
                     "the last line is cut off (no newline ends it): it is left out, and the "
                     "record ends with turn %d", rec->nturns);
    return 0;
}

static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++)
        if (*s == '\n')
            fputs("\\n", f); /* (a game's name may hold one) */
        else if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else
            fputc(*s, f);
}

/* Writes the record of M to F: the tags, then the turns. A live record
 * (LIVE) has the Live tag and one turn a line, no end mark; else the
 * turns fill lines of 78 characters and an unfinished game's end with
 * '*'. */
static void write_record(FILE *f, const rm_match *m, const rm_record_info *info, bool live)
{
    const rm_game *g = m->g;
    fprintf(f, "[Game \"");
    put_escaped(f, info->game_file);
    /* The file's own name, found in the games folder (like rimau play
     * NAME) when the Game tag's path does not lead to it from where the
     * record is replayed. */
    const char *base = strrchr(info->game_file, '/');
    fprintf(f, "\"]\n[File \"");
    put_escaped(f, base ? base + 1 : info->game_file);
    fprintf(f, "\"]\n[Name \"");
    put_escaped(f, g->name);
    fprintf(f, "\"]\n");
    for (int i = 0; i < g->noptions; i++) {
        fprintf(f, "[Option \"");
        put_escaped(f, g->options[i].name);
        fputc('=', f);
        put_escaped(f, g->options[i].values[g->options[i].chosen]);
        fprintf(f, "\"]\n");
    }
    for (int s = 0; s < 2; s++) {
        fprintf(f, "[Player \"");
        put_escaped(f, g->sides[s].name);
        fputc('=', f);
        put_escaped(f, info->players[s] ? info->players[s] : "?");
        fprintf(f, "\"]\n");
    }
    time_t now = time(NULL);
    struct tm tm;
    char date[32] = "?";
    if (gmtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%d", &tm);
    char res[128];
    int result = live ? RM_ONGOING : info->result;
    fprintf(f, "[Date \"%s\"]\n[Result \"", date);
    put_escaped(f, rm_result_text(g, result, res, sizeof res));
    fprintf(f, "\"]\n");
    if (!live && info->why && info->why[0]) {
        fprintf(f, "[Termination \"");
        put_escaped(f, info->why);
        fprintf(f, "\"]\n");
    }
    if (live)
        fprintf(f, "[Live \"the game is being played: each turn is added as it is played\"]\n");
    fputc('\n', f);
    if (live) {
        for (int i = 0; i < m->n; i++)
            fprintf(f, "%d. %s\n", i + 1, m->texts[i]);
        return;
    }
    int col = 0;
    for (int i = 0; i < m->n; i++) {
        char num[16];
        int w = snprintf(num, sizeof num, "%d.", i + 1);
        int need = w + 1 + (int)strlen(m->texts[i]);
        if (col > 0 && col + 1 + need > 78) {
            fputc('\n', f);
            col = 0;
        }
        col += fprintf(f, "%s%s %s", col ? " " : "", num, m->texts[i]);
    }
    if (result == RM_ONGOING)
        fprintf(f, "%s*", col ? " " : "");
    fputc('\n', f);
}

/* Writes the record of M whole to PATH (live or not). */
static int save_whole(const char *path, const rm_match *m, const rm_record_info *info, bool live,
                      char *err, size_t errsize)
{
    if (m->n > RM_MAX_RECORD_TURNS) { /* (what the reader would refuse) */
        snprintf(err, errsize, "cannot write %s: the game has %d turns, more than the %d a record holds",
                 path, m->n, RM_MAX_RECORD_TURNS);
        return -1;
    }
    /* (the caller checked PATH before the game: here only what is at it
     * now is checked again, a link or a folder never replaced) */
    rm_out o;
    if (rm_out_open(&o, path, NULL, true, err, errsize) != 0)
        return -1;
    write_record(rm_out_stream(&o), m, info, live);
    return rm_out_commit(&o, err, errsize);
}

void rm_record_write(FILE *f, const rm_match *m, const rm_record_info *info)
{
    write_record(f, m, info, false);
}

int rm_record_save(const char *path, const rm_match *m, const rm_record_info *info, char *err,
                   size_t errsize)
{
    return save_whole(path, m, info, false, err, errsize);
}

int rm_record_start(rm_out *o, const char *path, const rm_match *m, const rm_record_info *info,
                    char *err, size_t errsize)
{
    memset(o, 0, sizeof *o);
    if (save_whole(path, m, info, true, err, errsize) != 0)
        return -1;
    return rm_out_append(o, path, err, errsize);
}

int rm_record_append(rm_out *o, int number, const char *text, char *err, size_t errsize)
{
    if (number > RM_MAX_RECORD_TURNS) {
        snprintf(err, errsize, "cannot write %s: the game has %d turns, more than the %d a record holds",
                 o->path, number, RM_MAX_RECORD_TURNS);
        return -1;
    }
    /* (one write when the line fits the stream's buffer: a kill leaves the
     * line whole or not there, and a cut one is left out by the reader) */
    fprintf(rm_out_stream(o), "%d. %s\n", number, text);
    return rm_out_sync_every(o, 1.0, err, errsize);
}
