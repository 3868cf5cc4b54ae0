/* position.c: position strings (see position.h and doc/notation.md). */
#include "position.h"

#include "text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing (into an rm_text, text.h) ---- */

/* Whether kind K is written by its symbol (else as "(NAME)"). */
static bool by_symbol(const rm_game *g, int k)
{
    char c = g->kinds[k].symbol;
    return c > ' ' && c < 0x7f && !isdigit((unsigned char)c) && !strchr("[]()*,:", c);
}

static void put_kind(rm_text *o, const rm_game *g, int k)
{
    if (by_symbol(g, k))
        rm_text_put(o, "%c", g->kinds[k].symbol);
    else
        rm_text_put(o, "(%s)", g->kinds[k].name);
}

char *rm_position_string(const rm_game *g, const rm_state *st)
{
    rm_text o = { malloc(64), 0, 64, false };
    if (!o.s)
        return NULL;
    o.s[0] = '\0';
    int empty = 0;
    for (int p = 0; p < g->board.npoints; p++) {
        int k = rm_state_kind(st, p);
        if (k < 0) {
            empty++;
            continue;
        }
        if (empty)
            rm_text_put(&o, "%d", empty);
        empty = 0;
        put_kind(&o, g, k);
        if (rm_state_count(st, p) > 1)
            rm_text_put(&o, "[%d]", rm_state_count(st, p));
    }
    if (empty)
        rm_text_put(&o, "%d", empty);
    rm_text_put(&o, " ");
    bool any = false;
    for (int k = 0; k < g->nkinds; k++)
        if (rm_state_hand(st, k) > 0) {
            put_kind(&o, g, k);
            rm_text_put(&o, "%d", rm_state_hand(st, k));
            any = true;
        }
    rm_text_put(&o, "%s %s ", any ? "" : "-", g->sides[rm_state_to_move(st)].name);
    if (g->rules.present) {
        for (int s = 0; s < 2; s++) {
            rm_text_put(&o, "%s%s", s ? "," : "", g->rules.phases[rm_state_phase(st, s)].name);
            if (rm_state_phase_turns(st, s) > 0)
                rm_text_put(&o, ":%d", rm_state_phase_turns(st, s));
        }
    } else {
        rm_text_put(&o, "-");
    }
    rm_text_put(&o, " %d", rm_state_turn(st) + 1);
    if (g->rules.counting) {
        const char *sep = " ";
        for (int s = 0; s < 2; s++)
            if (g->rules.stall_after[s] > 0) {
                rm_text_put(&o, "%s%s:%d", sep, g->sides[s].name, rm_state_stall(st, s));
                sep = ",";
            }
        if (g->rules.quiet_after > 0)
            rm_text_put(&o, "%scapture:%d", sep, rm_state_quiet(st));
    }
    if (rm_state_pass_end(st))
        rm_text_put(&o, " %s", rm_state_pass_end(st) == RM_BLOCKED_PASS_DRAWS ? "passed:draw" : "passed:lose");
    rm_set huff = rm_state_huff(st);
    const char *sep = " huff:";
    SET_FOREACH(p, &huff) {
        rm_text_put(&o, "%s%s", sep, g->board.points[p].name);
        sep = ",";
    }
    if (o.failed) {
        free(o.s);
        return NULL;
    }
    return o.s;
}

/* ---- reading ---- */

typedef struct reader {
    const rm_game *g;
    const char *text;
    const char *p;           /* the next character */
    const char *bad;         /* where the error is */
    char *err;
    size_t errsize;
} reader;

static int fail(reader *r, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader *r, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, r->errsize, fmt, ap);
    va_end(ap);
    r->bad = at;
    return -1;
}

static void skip_blanks(reader *r)
{
    while (*r->p == ' ' || *r->p == '\t')
        r->p++;
}

/* A number from 0 to MAX at r->p, read into *N; -1 after a message when
 * there is none or it is too big (WHAT names it). */
static int number(reader *r, long max, const char *what, long *n)
{
    const char *start = r->p;
    if (!isdigit((unsigned char)*r->p))
        return fail(r, start, "expected %s (a number)", what);
    long v = 0;
    while (isdigit((unsigned char)*r->p)) {
        v = v * 10 + (*r->p - '0');
        if (v > max)
            return fail(r, start, "%s is at most %ld", what, max);
        r->p++;
    }
    *n = v;
    return 0;
}

/* A kind at r->p: its symbol or (NAME). */
static int kind(reader *r, int *k)
{
    const rm_game *g = r->g;
    const char *start = r->p;
    if (*r->p == '(') {
        const char *close = strchr(r->p, ')');
        const char *blank = strpbrk(r->p, " \t");
        if (!close || (blank && blank < close))
            return fail(r, start, "'(' without its ')': write a piece's name as (NAME)");
        for (int i = 0; i < g->nkinds; i++)
            if (strlen(g->kinds[i].name) == (size_t)(close - r->p - 1) &&
                memcmp(g->kinds[i].name, r->p + 1, (size_t)(close - r->p - 1)) == 0) {
                *k = i;
                r->p = close + 1;
                return 0;
            }
        return fail(r, start, "no piece is named '%.*s'", (int)(close - r->p - 1), r->p + 1);
    }
    for (int i = 0; i < g->nkinds; i++)
        if (by_symbol(g, i) && g->kinds[i].symbol == *r->p) {
            *k = i;
            r->p++;
            return 0;
        }
    char list[256] = "";
    size_t len = 0;
    for (int i = 0; i < g->nkinds && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%c %s", i ? ", " : "",
                                g->kinds[i].symbol, g->kinds[i].name);
    unsigned char c = (unsigned char)*r->p;
    if (c >= 0x80)
        return fail(r, start, "a character that is not ASCII (its byte 0x%02X) is no piece's "
                    "symbol (the pieces: %s)", c, list);
    if (c < 0x20 || c == 0x7F)
        return fail(r, start, "a control character (byte 0x%02X) is no piece's symbol (the "
                    "pieces: %s)", c, list);
    return fail(r, start, "no piece has the symbol '%c' (the pieces: %s)", c, list);
}

/* The end of the field at r->p. */
static const char *field_end(const reader *r)
{
    return r->p + strcspn(r->p, " \t");
}

/* The next field must start here. */
static int need_field(reader *r, const char *what)
{
    skip_blanks(r);
    if (!*r->p)
        return fail(r, r->p, "the string ends before %s", what);
    return 0;
}

static int read_board(reader *r, rm_position *pos)
{
    const rm_game *g = r->g;
    int npoints = g->board.npoints;
    int p = 0;
    const char *end = field_end(r);
    while (r->p < end) {
        const char *at = r->p;
        if (isdigit((unsigned char)*r->p)) {
            long n;
            if (number(r, 1000, "a count of empty points", &n) != 0)
                return -1;
            if (n == 0)
                return fail(r, at, "a count of empty points is at least 1");
            if (p + n > npoints)
                return fail(r, at, "%ld empty point%s from point %d pass%s the board's last "
                            "point (it has %d)", n, n == 1 ? "" : "s", p + 1, n == 1 ? "es" : "",
                            npoints);
            p += (int)n;
            continue;
        }
        int k;
        if (kind(r, &k) != 0)
            return -1;
        long n = 1;
        if (*r->p == '[') {
            r->p++;
            if (number(r, RM_MAX_PIECES, "the height of a stack", &n) != 0)
                return -1;
            if (*r->p != ']')
                return fail(r, r->p, "expected ']' after the height of a stack");
            r->p++;
            if (n < 2)
                return fail(r, at, "a stack holds at least 2 pieces");
            if (!g->kinds[k].stacks)
                return fail(r, at, "a stack of %ld: %s pieces do not stack", n, g->kinds[k].name);
        }
        if (p >= npoints)
            return fail(r, at, "a piece past the board's last point (it has %d)", npoints);
        pos->kind[p] = (int8_t)k;
        pos->count[p] = (uint8_t)n;
        p++;
    }
    if (p < npoints)
        return fail(r, r->p, "the board part covers %d point%s; the board has %d", p,
                    p == 1 ? "" : "s", npoints);
    return 0;
}

static int read_hand(reader *r, rm_position *pos)
{
    const char *end = field_end(r);
    if (*r->p == '-' && end == r->p + 1) {
        r->p++;
        return 0;
    }
    bool seen[RM_MAX_KINDS] = { false };
    while (r->p < end) {
        const char *at = r->p;
        int k;
        if (kind(r, &k) != 0)
            return -1;
        if (seen[k])
            return fail(r, at, "%s pieces are given twice in hand", r->g->kinds[k].name);
        seen[k] = true;
        long n;
        if (number(r, RM_MAX_PIECES, "the pieces in hand after a symbol", &n) != 0)
            return -1;
        pos->hand[k] = (int)n;
    }
    return 0;
}

static int read_side(reader *r, rm_position *pos)
{
    const rm_game *g = r->g;
    const char *end = field_end(r);
    for (int s = 0; s < g->nsides && s < 2; s++)
        if (strlen(g->sides[s].name) == (size_t)(end - r->p) &&
            memcmp(g->sides[s].name, r->p, (size_t)(end - r->p)) == 0) {
            pos->to_move = s;
            r->p = end;
            return 0;
        }
    return fail(r, r->p, "no side is named '%.*s' (the side to move: %s or %s)", (int)(end - r->p),
                r->p, g->sides[0].name, g->nsides > 1 ? g->sides[1].name : g->sides[0].name);
}

static int read_phases(reader *r, rm_position *pos, int phase_turns[2])
{
    const rm_game *g = r->g;
    const rm_rules *ru = &g->rules;
    if (!ru->present) {
        if (*r->p == '-' && field_end(r) == r->p + 1) {
            r->p++;
            return 0;
        }
        return fail(r, r->p, "the game has no phases: write '-'");
    }
    for (int s = 0; s < 2; s++) {
        const char *at = r->p;
        size_t len = strcspn(r->p, ":, \t");
        if (len == 0)
            return fail(r, at, "expected the phase of %s", g->sides[s].name);
        int ph = -1;
        for (int i = ru->side_first_phase[s]; i < ru->side_first_phase[s] + ru->side_nphases[s]; i++)
            if (strlen(ru->phases[i].name) == len && memcmp(ru->phases[i].name, at, len) == 0)
                ph = i;
        if (ph < 0) {
            char list[256] = "";
            size_t n = 0;
            for (int i = ru->side_first_phase[s];
                 i < ru->side_first_phase[s] + ru->side_nphases[s] && n < sizeof list; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s",
                                      i > ru->side_first_phase[s] ? ", " : "", ru->phases[i].name);
            return fail(r, at, "%s have no phase '%.*s' (their phases: %s)", g->sides[s].name,
                        (int)len, at, list);
        }
        r->p += len;
        pos->phase[s] = ph;
        phase_turns[s] = 0;
        if (*r->p == ':') {
            r->p++;
            const char *nat = r->p;
            long n;
            if (number(r, 1000, "the turns played in a phase", &n) != 0)
                return -1;
            int most = rm_phase_turns_counted(&ru->phases[ph]);
            if (n > most)
                return fail(r, nat, "%ld turns in phase %s: it counts at most %d", n,
                            ru->phases[ph].name, most);
            phase_turns[s] = (int)n;
        }
        if (s == 0) {
            if (*r->p != ',')
                return fail(r, r->p, "expected ',' and the phase of %s", g->sides[1].name);
            r->p++;
        }
    }
    return 0;
}

/* The counts after the turn number, in a game whose rules count turns:
 * SIDE:N (turns SIDE has played in a row without advancing) and
 * capture:N (turns in a row without a capture), parted by ','. */
static int read_counts(reader *r, int stall[2], int *quiet)
{
    const rm_game *g = r->g;
    const rm_rules *ru = &g->rules;
    bool seen[3] = { false, false, false };
    for (;;) {
        const char *at = r->p;
        size_t len = strcspn(r->p, ":, \t");
        int which = -1;
        if (len == 7 && memcmp(at, "capture", 7) == 0 && ru->quiet_after > 0)
            which = 2;
        for (int s = 0; s < 2 && which < 0; s++)
            if (ru->stall_after[s] > 0 && strlen(g->sides[s].name) == len &&
                memcmp(g->sides[s].name, at, len) == 0)
                which = s;
        if (which < 0) {
            char list[256] = "";
            size_t n = 0;
            for (int s = 0; s < 2; s++)
                if (ru->stall_after[s] > 0)
                    n += (size_t)snprintf(list + n, sizeof list - n, "%s%s:N", n ? ", " : "",
                                          g->sides[s].name);
            if (ru->quiet_after > 0 && n < sizeof list)
                snprintf(list + n, sizeof list - n, "%scapture:N", n ? ", " : "");
            return fail(r, at, "'%.*s' is no count of this game (its counts: %s)", (int)len, at,
                        list);
        }
        if (seen[which])
            return fail(r, at, "the count '%.*s' is given twice", (int)len, at);
        seen[which] = true;
        r->p += len;
        if (*r->p != ':')
            return fail(r, r->p, "expected ':' and the count after '%.*s'", (int)len, at);
        r->p++;
        const char *nat = r->p;
        long n;
        int most = which == 2 ? ru->quiet_after : ru->stall_after[which];
        if (number(r, 1000, "a count of turns", &n) != 0)
            return -1;
        if (n > most)
            return fail(r, nat, "%ld turns: the rule ends the game at %d", n, most);
        if (which == 2)
            *quiet = (int)n;
        else
            stall[which] = (int)n;
        if (*r->p != ',')
            return 0;
        r->p++;
    }
}

/* The optional last field, "huff:POINT,POINT...": the pieces of the side
 * that moved last that the side to move must huff one of. */
static int read_huff(reader *r, rm_position *pos)
{
    const rm_game *g = r->g;
    if (strncmp(r->p, "huff:", 5) != 0)
        return fail(r, r->p, "more after the turn number (only 'huff:POINT,...' may follow)");
    r->p += 5;
    bool huffs = false;
    for (int f = 0; f < g->rules.nphases; f++)
        huffs |= g->rules.phases[f].huff == RM_HUFF_BY_OPPONENT;
    if (!huffs)
        return fail(r, r->p - 5, "no piece is huffed by the opponent in this game");
    int side = 1 - pos->to_move;
    for (;;) {
        const char *at = r->p;
        size_t len = strcspn(r->p, ", \t");
        int p = -1;
        for (int i = 0; i < g->board.npoints && p < 0; i++)
            if (strlen(g->board.points[i].name) == len && memcmp(g->board.points[i].name, at, len) == 0)
                p = i;
        if (p < 0)
            return fail(r, at, "no point is named '%.*s'", (int)len, at);
        if (pos->kind[p] < 0 || g->kinds[pos->kind[p]].side != side || pos->count[p] != 1)
            return fail(r, at, "a piece to huff is one piece of %s, the side that moved last, "
                        "and %s holds none", g->sides[side].name, g->board.points[p].name);
        set_add(&pos->huff, p);
        r->p += len;
        if (*r->p != ',')
            return 0;
        r->p++;
    }
}

int rm_parse_position_string(const rm_game *g, const char *text, rm_state *st, int *at,
                             char *err, size_t errsize)
{
    reader r = { g, text, text, text, err, errsize };
    rm_position pos;
    memset(&pos, 0, sizeof pos);
    memset(pos.kind, -1, sizeof pos.kind);
    pos.to_move = 0;
    pos.phase[0] = pos.phase[1] = -1;
    int phase_turns[2] = { 0, 0 };
    int stall[2] = { 0, 0 }, quiet = 0;
    long turn = 1;
    int pass_end = 0;
    int rc = -1;
    if (need_field(&r, "the board") == 0 && read_board(&r, &pos) == 0 &&
        need_field(&r, "the pieces in hand ('-' for none)") == 0 && read_hand(&r, &pos) == 0 &&
        need_field(&r, "the side to move") == 0 && read_side(&r, &pos) == 0 &&
        need_field(&r, "the phases") == 0 && read_phases(&r, &pos, phase_turns) == 0 &&
        need_field(&r, "the turn number") == 0) {
        const char *tat = r.p;
        if (number(&r, 65535, "the turn number", &turn) == 0) {
            if (turn == 0)
                fail(&r, tat, "turns are numbered from 1");
            else if (*r.p && *r.p != ' ' && *r.p != '\t')
                fail(&r, r.p, "expected the turn number (a number)");
            else {
                skip_blanks(&r);
                int counts = 0;
                if (*r.p && g->rules.counting && strncmp(r.p, "passed:", 7) != 0 &&
                    strncmp(r.p, "huff:", 5) != 0) {
                    counts = read_counts(&r, stall, &quiet);
                    skip_blanks(&r);
                }
                /* a field after a blocked side's pass that ended the game */
                const char *end = r.p;
                while (*end && *end != ' ' && *end != '\t')
                    end++;
                size_t len = (size_t)(end - r.p);
                if (counts == 0 && len == 11 && memcmp(r.p, "passed:lose", 11) == 0)
                    pass_end = RM_BLOCKED_PASS_LOSES;
                else if (counts == 0 && len == 11 && memcmp(r.p, "passed:draw", 11) == 0)
                    pass_end = RM_BLOCKED_PASS_DRAWS;
                if (pass_end) {
                    r.p = end;
                    skip_blanks(&r);
                }
                /* the pieces the side to move must huff one of */
                int hrc = 0;
                if (counts == 0 && strncmp(r.p, "huff:", 5) == 0) {
                    hrc = read_huff(&r, &pos);
                    if (hrc == 0)
                        skip_blanks(&r);
                }
                if (counts != 0 || hrc != 0)
                    ; /* (a message already) */
                else if (*r.p)
                    fail(&r, r.p, pass_end ? "more after the pass that ended the game"
                                  : g->rules.counting ? "more after the counts"
                                                      : "more after the turn number (only "
                                                        "'passed:lose', 'passed:draw' or "
                                                        "'huff:POINT,...' may follow it)");
                else
                    rc = 0;
            }
        }
    }
    if (rc == 0) {
        for (int k = 0; k < g->nkinds; k++) {
            int n = pos.hand[k];
            for (int p = 0; p < g->board.npoints; p++)
                if (pos.kind[p] == k)
                    n += pos.count[p];
            if (n > g->kinds[k].count) {
                rc = fail(&r, text, "%d %s pieces on the board and in hand: the game has %d", n,
                          g->kinds[k].name, g->kinds[k].count);
                break;
            }
        }
    }
    if (rc != 0) {
        *at = (int)(r.bad - text);
        return -1;
    }
    rm_state_set(g, st, &pos);
    rm_state_set_clock(g, st, (int)turn - 1, phase_turns);
    if (g->rules.counting)
        rm_state_set_counters(g, st, stall, quiet);
    rm_state_set_pass_end(g, st, pass_end);
    *at = 0;
    return 0;
}
