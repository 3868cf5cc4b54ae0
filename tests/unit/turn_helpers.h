/* turn_helpers.h: helpers of the unit tests that play turns on small
 * games: loading a game written with printf, the legal turns of a
 * position as sorted texts, playing or refusing a turn by its text, and
 * what a point holds. */
#ifndef RIMAU_TEST_TURN_HELPERS_H
#define RIMAU_TEST_TURN_HELPERS_H

#include "helpers.h"

#include "notation.h"

/* A game whose text is made with printf; it must load. */
static inline rm_game *loadf(const char *fmt, ...)
{
    static char text[1 << 14];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    assert_true(n > 0 && (size_t)n < sizeof text);
    return load_ok(text);
}

static inline int cmp_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The legal turns of ST in notation, sorted and joined by blanks (a static
 * buffer, valid until the next call). */
static inline const char *legal(const rm_game *g, const rm_state *st)
{
    static char out[1 << 16];
    rm_turnlist l;
    rm_turnlist_init(&l);
    int n = rm_legal_turns(g, st, &l);
    assert_true(n >= 0);
    char **texts = calloc((size_t)n + 1, sizeof *texts);
    assert_non_null(texts);
    for (int i = 0; i < n; i++) {
        texts[i] = rm_turn_text(g, rm_turn_moves(&l, i), l.turns[i].n);
        assert_non_null(texts[i]);
    }
    qsort(texts, (size_t)n, sizeof *texts, cmp_text);
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        used += (size_t)snprintf(out + used, sizeof out - used, "%s%s", i ? " " : "", texts[i]);
        assert_true(used < sizeof out);
        free(texts[i]);
    }
    free(texts);
    rm_turnlist_free(&l);
    return out;
}

static inline int count_legal(const rm_game *g, const rm_state *st)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    int n = rm_legal_turns(g, st, &l);
    rm_turnlist_free(&l);
    return n;
}

/* Plays the turn written TEXT on ST; fails the test if it is not legal. */
static inline void play(const rm_game *g, rm_state *st, const char *text)
{
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256];
    if (rm_parse_turn(g, st, text, moves, &n, err, sizeof err) != 0)
        fail_msg("turn '%s' refused: %s", text, err);
    rm_apply(g, st, moves, n);
    assert_true(rm_state_hash(st) == rm_hash(g, st));
}

/* Asserts that TEXT is not a legal turn in ST, and that the reason given
 * contains WHY. */
static inline void refused(const rm_game *g, const rm_state *st, const char *text, const char *why)
{
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256] = "";
    if (rm_parse_turn(g, st, text, moves, &n, err, sizeof err) != -1)
        fail_msg("turn '%s' accepted", text);
    if (!strstr(err, why))
        fail_msg("turn '%s' refused with '%s', not '%s'", text, err, why);
}

/* Asserts that the point NAME holds COUNT pieces of kind KIND (NULL: empty). */
static inline void assert_point(const rm_game *g, const rm_state *st, const char *name, const char *kind,
                         int count)
{
    int p = pt(g, name);
    int k = kind ? game_kind(g, kind) : -1;
    if (rm_state_kind(st, p) != k || rm_state_count(st, p) != (kind ? count : 0))
        fail_msg("%s holds %d %s, expected %d %s", name, rm_state_count(st, p),
                 rm_state_kind(st, p) >= 0 ? g->kinds[rm_state_kind(st, p)].name : "(nothing)",
                 kind ? count : 0, kind ? kind : "(nothing)");
}

static inline rm_state start(const rm_game *g)
{
    rm_state st;
    rm_initial(g, &st);
    return st;
}

#endif
