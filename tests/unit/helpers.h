/* helpers.h: shared helpers of the unit tests. */
#ifndef RIMAU_TEST_HELPERS_H
#define RIMAU_TEST_HELPERS_H

#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <dirent.h>

#include "rimau.h"
#include "exec.h"

enum { SHIPPED_MAX = 64 };

/* Whether the tests run at their full size: RIMAU_THOROUGH=1, as make
 * check-slow runs them (tests/check-thorough.sh). make check runs the
 * tests that play every shipped game at a smaller size, the same checks
 * on fewer games and positions, to stay within its time. */
static inline int thorough(void)
{
    const char *e = getenv("RIMAU_THOROUGH");
    return e != NULL && strcmp(e, "1") == 0;
}

/* Whether they run at a smaller size still: RIMAU_QUICK=1, as CI's
 * sanitizer stage runs make check (tests/check-*.sh read it too). The
 * coverage build has run the same checks at make check's size by then;
 * a sanitizer looks for faults of memory, which show on every path a
 * smaller run takes, not in how many games it plays. */
static inline int quick(void)
{
    const char *e = getenv("RIMAU_QUICK");
    return !thorough() && e != NULL && strcmp(e, "1") == 0;
}

static inline int compare_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The file names of the games in $srcdir/SUB (*.game), sorted, in NAMES;
 * *DIR gets their folder. Returns their number. */
static inline int games_in(const char *sub, char names[SHIPPED_MAX][256], char dir[4096])
{
    const char *srcdir = getenv("srcdir");
    snprintf(dir, 4096, "%s/%s", srcdir ? srcdir : ".", sub);
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("cannot open %s; is srcdir set?", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < SHIPPED_MAX) {
        size_t len = strlen(e->d_name);
        if (len >= 6 && len < 256 && strcmp(e->d_name + len - 5, ".game") == 0)
            memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    return n;
}

/* A new empty folder under TMPDIR (else /tmp) named after NAME; its path
 * in DIR. */
static inline void new_folder_named(char dir[512], const char *name)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, 512, "%s/rimau-%s-XXXXXX", t && t[0] ? t : "/tmp", name);
    assert_non_null(mkdtemp(dir));
}

/* Removes DIR and what it holds (files, links, empty folders). */
static inline void remove_folder(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char p[1024];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (rmdir(p) != 0)
            unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

/* The shipped games ($srcdir/games/ *.game): games_in("games"). */
static inline int shipped_games(char names[SHIPPED_MAX][256], char dir[4096])
{
    return games_in("games", names, dir);
}

/* Loads the file PATH of G with value V of G's option O; it must load. */
static inline rm_game *load_with_value(const char *path, const rm_game *g, int o, int v)
{
    rm_choices c = { 1, { g->options[o].name }, { g->options[o].values[v] } };
    rm_game *h = rm_load_file_with(path, &c, stderr, NULL);
    assert_non_null(h);
    return h;
}

/* Calls VISIT(G, WHAT, *I, CTX) on the game of the file PATH (named
 * NAME) loaded with its default options, then with each other value of
 * each option, one option at a time; WHAT names the game and the value
 * ("NAME -o n=v"), *I counts the calls (a seed). */
typedef void game_visit(const rm_game *g, const char *what, int i, void *ctx);
static inline void for_each_option_value(const char *path, const char *name, game_visit *visit,
                                         void *ctx, int *i)
{
    rm_game *g = rm_load_file(path, stderr, NULL);
    if (!g)
        fail_msg("cannot load %s; is srcdir set?", path);
    visit(g, name, (*i)++, ctx);
    for (int o = 0; o < g->noptions; o++)
        for (int v = 0; v < g->options[o].nvalues; v++) {
            if (v == g->options[o].chosen)
                continue;
            rm_game *h = load_with_value(path, g, o, v);
            char what[1024];
            snprintf(what, sizeof what, "%.200s -o %.200s=%.200s", name, g->options[o].name,
                     g->options[o].values[v]);
            visit(h, what, (*i)++, ctx);
            rm_game_destroy(h);
        }
    rm_game_destroy(g);
}

/* for_each_option_value on every game of $srcdir/SUB. Returns the files. */
static inline int for_each_game_in(const char *sub, game_visit *visit, void *ctx)
{
    static char names[SHIPPED_MAX][256];
    char dir[4096];
    int nfiles = games_in(sub, names, dir), i = 0;
    for (int f = 0; f < nfiles; f++) {
        char path[8192];
        if (snprintf(path, sizeof path, "%s/%s", dir, names[f]) >= (int)sizeof path)
            fail_msg("the path of %s is too long", names[f]);
        for_each_option_value(path, names[f], visit, ctx, &i);
    }
    return nfiles;
}

/* for_each_option_value on every shipped game. Returns the files. */
static inline int for_each_shipped_game(game_visit *visit, void *ctx)
{
    return for_each_game_in("games", visit, ctx);
}

/* The listed turns of a position by the hash of the position each leads
 * to: the first index of each hash, found in time that does not grow
 * with the list. (The start of Madranggam lists 66,045 turns: a scan of
 * the list for each of them took most of test_bits' time.) */
typedef struct turn_index {
    size_t mask; /* the slots, less one (a power of two) */
    int *slot;   /* a turn's index plus one; 0: empty */
} turn_index;

static inline void turn_index_free(turn_index *x)
{
    free(x->slot);
    x->slot = NULL;
    x->mask = 0;
}

/* Indexes the turns of L (any index held before is dropped). */
static inline void turn_index_make(turn_index *x, const rm_turnlist *l)
{
    size_t want = 16;
    while (want < 2 * (size_t)l->n)
        want *= 2;
    if (!x->slot || x->mask != want - 1) {
        free(x->slot);
        x->slot = calloc(want, sizeof *x->slot);
        assert_non_null(x->slot);
        x->mask = want - 1;
    } else {
        memset(x->slot, 0, want * sizeof *x->slot);
    }
    for (int j = 0; j < l->n; j++) {
        uint64_t h = l->turns[j].hash;
        size_t s = (size_t)(h ^ (h >> 29)) & x->mask;
        while (x->slot[s] != 0 && l->turns[x->slot[s] - 1].hash != h)
            s = (s + 1) & x->mask;
        if (x->slot[s] == 0)
            x->slot[s] = j + 1;
    }
}

/* The first index of L's turns that leads to the position of hash H, or
 * L->n when none does; X must index L as it is. */
static inline int turn_index_find(const turn_index *x, const rm_turnlist *l, uint64_t h)
{
    size_t s = (size_t)(h ^ (h >> 29)) & x->mask;
    while (x->slot[s] != 0) {
        if (l->turns[x->slot[s] - 1].hash == h)
            return x->slot[s] - 1;
        s = (s + 1) & x->mask;
    }
    return l->n;
}

/* Plays GAMES random games of G, from its start, of at most PLIES turns,
 * the turns drawn with SEED. VISIT(G, ST, L, CTX) is called on each
 * position and leaves its legal turns in L; it returns their number,
 * and a game stops where it is 0 or less. Returns the positions visited. */
typedef int position_visit(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx);
static inline long random_walks(const rm_game *g, int games, int plies, uint64_t seed,
                                position_visit *visit, void *ctx)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    long positions = 0;
    for (int k = 0; k < games; k++) {
        rm_state st;
        rm_initial(g, &st);
        for (int ply = 0; ply < plies; ply++) {
            int n = visit(g, &st, &l, ctx);
            positions++;
            if (n <= 0)
                break;
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            int i = (int)((seed >> 33) % (uint64_t)n);
            rm_apply(g, &st, rm_turn_moves(&l, i), l.turns[i].n);
        }
    }
    rm_turnlist_free(&l);
    return positions;
}

/* Loads the shipped game FILE ($srcdir/games/FILE). */
static inline rm_game *load_shipped(const char *file)
{
    const char *dir = getenv("srcdir");
    char path[4096];
    if (snprintf(path, sizeof path, "%s/games/%s", dir ? dir : ".", file) >= (int)sizeof path)
        fail_msg("the path of %s is too long", file);
    int nerrors = 0;
    rm_game *g = rm_load_file(path, stderr, &nerrors);
    if (!g)
        fail_msg("cannot load %s (%d errors); is srcdir set?", path, nerrors);
    return g;
}

static inline int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts H[0..N) and drops repeats; returns the new count. */
static inline int distinct(uint64_t *h, int n)
{
    qsort(h, (size_t)n, sizeof *h, compare_u64);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (k == 0 || h[k - 1] != h[i])
            h[k++] = h[i];
    return k;
}

/* The positions the legal turns of a state reach, found by the general
 * walk of the executor (rm_generate), apart from the turn lists that the
 * executor's fast path builds and the players choose from. */
typedef struct legal_positions {
    int n, cap;
    int walked;                /* the move sequences the walk reported */
    uint64_t *hash;            /* sorted and distinct once found */
    bool *captured;
    bool *dropped;             /* the sequence drops a piece */
    int *piece;                /* the point its first move moves from; -1: a drop, a removal, none */
    bool full;
} legal_positions;

static inline void legal_positions_init(legal_positions *r, int cap)
{
    r->n = r->walked = 0;
    r->cap = cap;
    r->full = false;
    r->hash = malloc((size_t)cap * sizeof *r->hash);
    r->captured = malloc((size_t)cap * sizeof *r->captured);
    r->dropped = malloc((size_t)cap * sizeof *r->dropped);
    r->piece = malloc((size_t)cap * sizeof *r->piece);
    assert_non_null(r->hash);
    assert_non_null(r->captured);
    assert_non_null(r->dropped);
    assert_non_null(r->piece);
}

static inline void legal_positions_free(legal_positions *r)
{
    free(r->hash);
    free(r->captured);
    free(r->dropped);
    free(r->piece);
}

static inline void legal_positions_note(void *ctx, const rm_state *after, const rm_move *moves,
                                        int n, bool captured)
{
    legal_positions *r = ctx;
    if (r->n == r->cap) {
        r->full = true;
        return;
    }
    r->hash[r->n] = rm_state_hash(after);
    r->dropped[r->n] = false;
    for (int i = 0; i < n; i++)
        r->dropped[r->n] |= moves[i].type == RM_MV_DROP;
    r->piece[r->n] = n > 0 && (moves[0].type == RM_MV_MOVE || moves[0].type == RM_MV_CAPTURE)
                         ? moves[0].from : -1;
    r->captured[r->n++] = captured;
}

/* Finds the positions of ST's legal turns in R: those the general walk
 * reaches by move sequences that the phase's compulsory rules leave:
 * only those after a capture when captures are compulsory and one can be
 * made; when they are compulsory per piece, no sequence whose first move
 * moves a piece that begins a capturing sequence and that does not
 * capture; then, when drops are compulsory and a sequence drops, only
 * those that drop; when none is left and the side passes when blocked,
 * the pass. Returns their number, or -1 when the walk gives up
 * (too many ways to play, or more than R holds): nothing to compare. */
static inline int legal_positions_find(const rm_game *g, const rm_state *st, legal_positions *r)
{
    r->n = 0;
    r->full = false;
    if (!rm_generate(g, st, legal_positions_note, r) || r->full)
        return -1;
    r->walked = r->n;
    const rm_phase *ph = rm_side_phase(g, st, rm_state_to_move(st));
    bool any_capture = false, any_drop = false;
    bool capturing[RM_MAX_POINTS] = { false };
    for (int i = 0; i < r->n; i++) {
        any_capture |= r->captured[i];
        if (r->captured[i] && r->piece[i] >= 0)
            capturing[r->piece[i]] = true;
    }
    int k = 0;
    for (int i = 0; i < r->n; i++) {
        bool keep = !(ph->compulsory && any_capture) || r->captured[i];
        if (ph->compulsory_per_piece && !r->captured[i] && r->piece[i] >= 0 &&
            capturing[r->piece[i]])
            keep = false;
        if (keep) {
            any_drop |= r->dropped[i];
            r->hash[k] = r->hash[i];
            r->dropped[k++] = r->dropped[i];
        }
    }
    int m = 0;
    for (int i = 0; i < k; i++)
        if (!(ph->drops_compulsory && any_drop) || r->dropped[i])
            r->hash[m++] = r->hash[i];
    /* a side that passes when blocked, by the rule in force in its
     * position's phases, has the turn of no move */
    uint8_t phase[2] = { (uint8_t)rm_state_phase(st, 0), (uint8_t)rm_state_phase(st, 1) };
    if (m == 0 && RM_BLOCKED_IS_PASS(rm_blocked_rule(&g->rules, phase, rm_state_to_move(st)))) {
        rm_state passed = *st;
        rm_apply(g, &passed, NULL, 0);
        r->hash[m++] = rm_state_hash(&passed);
    }
    r->n = distinct(r->hash, m);
    return r->n;
}

/* Whether H is among the positions R holds (after legal_positions_find). */
static inline bool legal_positions_has(const legal_positions *r, uint64_t h)
{
    return bsearch(&h, r->hash, (size_t)r->n, sizeof h, compare_u64) != NULL;
}

/* Loads a game from TEXT; the messages go to *ERRORS (freed by the caller)
 * when ERRORS is not NULL. */
static inline rm_game *load_text(const char *text, char **errors, int *nerrors)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    rm_game *g = rm_load_string("t.game", text, strlen(text), f, nerrors);
    long len = ftell(f);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    rewind(f);
    size_t got = fread(buf, 1, (size_t)len, f);
    buf[got] = '\0';
    fclose(f);
    if (errors)
        *errors = buf;
    else
        free(buf);
    return g;
}

/* Loads TEXT, which must be a valid game. */
static inline rm_game *load_ok(const char *text)
{
    char *errors = NULL;
    int n = -1;
    rm_game *g = load_text(text, &errors, &n);
    if (!g)
        fprintf(stderr, "unexpected errors:\n%s", errors);
    assert_non_null(g);
    assert_int_equal(n, 0);
    free(errors);
    return g;
}

/* Loads TEXT, which must be invalid with a message containing WANT. */
static inline void load_fails(const char *text, const char *want)
{
    char *errors = NULL;
    int n = 0;
    rm_game *g = load_text(text, &errors, &n);
    assert_null(g);
    assert_true(n > 0);
    if (!strstr(errors, want))
        fprintf(stderr, "expected '%s' in:\n%s", want, errors);
    assert_non_null(strstr(errors, want));
    free(errors);
}

/* The point named NAME, which must exist. */
static inline int pt(const rm_game *g, const char *name)
{
    int p = board_point(&g->board, name);
    if (p < 0)
        fprintf(stderr, "no point %s\n", name);
    assert_true(p >= 0);
    return p;
}

#define RIMAU_BOARD \
    "board {\n" \
    "    grid 5 x 5 at a3 diagonals alternate\n" \
    "    triangle apex c3 pointing down depth 2\n" \
    "    triangle apex c7 pointing up depth 2\n" \
    "}\n"

#endif
