/* test_solve.c: the solver (solve.h) against an exhaustive search.
 *
 * On small games (tests/games/solve-*.game, and Kaooa), every position
 * the start leads to is searched exhaustively: a position the solver
 * says is won (lost) in D plies is won (lost) by a search to depth D and
 * not to depth D - 1, and a drawn one is neither won nor lost by a
 * search deeper than any win. The solve with the board's symmetries
 * gives every position the value and distance the solve without them
 * gives, and each of its tiers holds as many positions as the other's
 * positions of that tier make classes (the tiers over by their pieces
 * too, whose aliases are skipped without a pass), and so does the solve that keeps each tier's turns instead of
 * finding them backwards (unmoves), and so does the solve whose counts of
 * turns saturate at once (each counted again by generating the turns).
 * The count of the positions the start reaches (rm_solver_reach) is the
 * breadth-first search's, by value, and its classes' with symmetry. A
 * tier of more than 2^32 positions (Adugo's start) numbers them: every
 * index, past 2^32 too, is the index of the position it decodes to (or
 * of its class). rm_solver_verify finds no fault in a solve and finds a value
 * planted wrong. A database folder gives back what was solved into it,
 * and refuses a damaged file and another game's: a change of any byte of
 * a tier file, one of another version. Nothing is written through a link
 * planted in the folder, and one solve at a time writes into it (another
 * process's lock is named; the threads of one process wait their turn).
 */
/* (the ranking of a tier: lay_out, encode, decode; before cmocka, whose
 * fail() is a macro, and so with helpers.h's feature macro) */
#define _POSIX_C_SOURCE 200809L
#include "solve_impl.h"

#include "helpers.h"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "exec.h"
#include "files.h"
#include "match.h"
#include "players.h"
#include "position.h"
#include "solve.h"

enum { UNKNOWN = 3 };

/* ---- an exhaustive search, remembered by position and depth ---- */

typedef struct memo {
    uint64_t *key;
    uint8_t *val;
    size_t cap;
    /* a list of turns for each depth, kept from one search to the next
     * (allocating one at each node was most of the search's time under
     * AddressSanitizer) */
    rm_turnlist *lists;
    int nlists;
} memo;

static int flip(int v)
{
    return v == RM_VALUE_WIN ? RM_VALUE_LOSS : v == RM_VALUE_LOSS ? RM_VALUE_WIN : v;
}

/* The value of ST for its side to move that a search DEPTH plies deep
 * proves: RM_VALUE_WIN or RM_VALUE_LOSS, RM_VALUE_DRAW where the game is
 * over drawn, UNKNOWN otherwise. Results without history, the turn
 * limit never reached (the turns are not counted). */
static int search(const rm_game *g, const rm_state *st, int depth, memo *m)
{
    uint64_t key = (rm_state_hash(st) ^ (uint64_t)depth * (uint64_t)0x9E3779B97F4A7C15ull) | 1;
    size_t j = (size_t)(key * 0xC2B2AE3D27D4EB4Full >> 20) & (m->cap - 1);
    while (m->key[j] && m->key[j] != key)
        j = (j + 1) & (m->cap - 1);
    if (m->key[j] == key)
        return m->val[j];
    if (depth >= m->nlists) {
        rm_turnlist *more = realloc(m->lists, (size_t)(depth + 1) * sizeof *more);
        assert_non_null(more);
        for (int k = m->nlists; k <= depth; k++)
            rm_turnlist_init(&more[k]);
        m->lists = more;
        m->nlists = depth + 1;
    }
    rm_turnlist *l = &m->lists[depth]; /* (the deeper searches use other lists) */
    int side = rm_state_to_move(st);
    int r = rm_result(g, st, NULL, l, NULL), v;
    assert_true(r != RM_FAILED);
    if (r != RM_ONGOING) {
        v = r == RM_DRAW ? RM_VALUE_DRAW : r == side ? RM_VALUE_WIN : RM_VALUE_LOSS;
    } else if (depth == 0) {
        v = UNKNOWN;
    } else {
        bool all_lose = true;
        v = UNKNOWN;
        for (int i = 0; i < l->n; i++) {
            rm_state next = *st;
            rm_apply(g, &next, rm_turn_moves(l, i), l->turns[i].n);
            rm_state_set_clock(g, &next, 0, (int[2]){ rm_state_phase_turns(&next, 0),
                                                      rm_state_phase_turns(&next, 1) });
            int c = search(g, &next, depth - 1, m);
            int us = rm_state_to_move(&next) == side ? c : flip(c);
            if (us == RM_VALUE_WIN) {
                v = RM_VALUE_WIN;
                all_lose = false;
                break;
            }
            if (us != RM_VALUE_LOSS)
                all_lose = false;
        }
        if (all_lose)
            v = RM_VALUE_LOSS;
    }
    /* (the table is large enough for these games: it never fills) */
    m->key[j] = key;
    m->val[j] = (uint8_t)v;
    return v;
}

/* ---- the positions the start leads to ---- */

typedef struct reach {
    rm_state *st;
    int n, cap;
    uint64_t *seen; /* the hashes met, open-addressed (0: a free slot) */
    uint8_t *used;
    size_t mask;
} reach;

/* Whether H was met before; notes it if not. */
static bool seen_hash(reach *r, uint64_t h)
{
    size_t s = (size_t)(h ^ (h >> 31)) & r->mask;
    for (; r->used[s]; s = (s + 1) & r->mask)
        if (r->seen[s] == h)
            return true;
    r->used[s] = 1;
    r->seen[s] = h;
    return false;
}

/* Every position FROM leads to (at most MAX), breadth first. */
static void reachable_from(const rm_game *g, const rm_state *from, reach *r, int max)
{
    r->cap = max;
    r->st = malloc((size_t)max * sizeof *r->st);
    assert_non_null(r->st);
    r->mask = 1;
    while (r->mask < 2 * (size_t)max)
        r->mask <<= 1;
    r->seen = calloc(r->mask, sizeof *r->seen);
    r->used = calloc(r->mask, 1);
    assert_true(r->seen && r->used);
    r->mask--;
    r->n = 0;
    r->st[r->n++] = *from;
    seen_hash(r, rm_state_hash(&r->st[0]));
    rm_turnlist l;
    rm_turnlist_init(&l);
    for (int at = 0; at < r->n; at++) {
        const rm_state *st = &r->st[at];
        if (rm_result(g, st, NULL, &l, NULL) != RM_ONGOING)
            continue;
        for (int i = 0; i < l.n && r->n < max; i++) {
            rm_state next = *st;
            rm_apply(g, &next, rm_turn_moves(&l, i), l.turns[i].n);
            rm_state_set_clock(g, &next, 0, (int[2]){ rm_state_phase_turns(&next, 0),
                                                      rm_state_phase_turns(&next, 1) });
            if (!seen_hash(r, rm_state_hash(&next)))
                r->st[r->n++] = next;
        }
    }
    rm_turnlist_free(&l);
    free(r->seen);
    free(r->used);
}

/* Every position the start of G leads to (at most MAX). */
static void reachable(const rm_game *g, reach *r, int max)
{
    rm_state start;
    rm_initial(g, &start);
    reachable_from(g, &start, r, max);
}

static rm_solver *solve_lean(const rm_game *g, bool symmetry, bool unmoves, const char *db,
                             int count_cap, int threads, bool lean)
{
    char err[512];
    rm_solve_options o = { 0 };
    o.lean = lean;
    o.wide_from = lean ? 3 : 0; /* (lean: the distances widened early, as past 255) */
    o.threads = threads;
    o.no_symmetry = !symmetry;
    o.no_unmoves = !unmoves;
    o.db = db;
    o.count_cap = count_cap;
    rm_solver *s = rm_solve(g, &o, err, sizeof err);
    if (!s)
        fail_msg("%s: %s", g->name, err);
    return s;
}

static rm_solver *solve_threaded(const rm_game *g, bool symmetry, bool unmoves, const char *db,
                                 int count_cap, int threads)
{
    return solve_lean(g, symmetry, unmoves, db, count_cap, threads, false);
}

static rm_solver *solve_capped(const rm_game *g, bool symmetry, bool unmoves, const char *db,
                               int count_cap)
{
    return solve_threaded(g, symmetry, unmoves, db, count_cap, 1);
}

static rm_solver *solve_how(const rm_game *g, bool symmetry, bool unmoves, const char *db)
{
    return solve_capped(g, symmetry, unmoves, db, 0);
}

static rm_solver *solve(const rm_game *g, bool symmetry, const char *db)
{
    return solve_how(g, symmetry, true, db);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The pass of rm_solver_reach from FROM, against the positions the
 * breadth-first search R found from there (all of them): without symmetry it counts
 * R's positions, by the values the solver gives them, and its longest win
 * is theirs; with symmetry it counts their classes (the solver's, as
 * rm_solver_class numbers them). */
static void reach_agrees(const rm_game *g, rm_solver *s, rm_solver *plain, const rm_state *from,
                         const reach *r)
{
    char err[512];
    rm_solve_reach a, b;
    if (rm_solver_reach(plain, from, &b, err, sizeof err) != 0 ||
        rm_solver_reach(s, from, &a, err, sizeof err) != 0)
        fail_msg("%s: rm_solver_reach: %s", g->name, err);
    uint64_t n[3] = { 0, 0, 0 }, cn[3] = { 0, 0, 0 };
    int longest = 0;
    uint64_t *ids = malloc((size_t)r->n * sizeof *ids);
    assert_non_null(ids);
    for (int i = 0; i < r->n; i++) {
        int d, v = rm_solver_value(plain, &r->st[i], &d);
        n[v]++;
        if (v == RM_VALUE_WIN && d > longest)
            longest = d;
        ids[i] = rm_solver_class(s, &r->st[i]) << 2 | (uint64_t)v;
    }
    qsort(ids, (size_t)r->n, sizeof *ids, cmp_u64);
    uint64_t classes = 0;
    for (int i = 0; i < r->n; i++)
        if (i == 0 || ids[i] >> 2 != ids[i - 1] >> 2) {
            classes++;
            cn[ids[i] & 3]++;
        }
    free(ids);
    if (b.positions != (uint64_t)r->n || b.won != n[RM_VALUE_WIN] || b.lost != n[RM_VALUE_LOSS] ||
        b.drawn != n[RM_VALUE_DRAW] || b.longest != longest)
        fail_msg("%s: the pass reaches %llu positions (won %llu, lost %llu, drawn %llu, longest "
                 "%d), the search %d (%llu, %llu, %llu, %d)",
                 g->name, (unsigned long long)b.positions, (unsigned long long)b.won,
                 (unsigned long long)b.lost, (unsigned long long)b.drawn, b.longest, r->n,
                 (unsigned long long)n[1], (unsigned long long)n[2], (unsigned long long)n[0],
                 longest);
    if (a.positions != classes || a.won != cn[RM_VALUE_WIN] || a.lost != cn[RM_VALUE_LOSS] ||
        a.drawn != cn[RM_VALUE_DRAW] || a.longest != longest)
        fail_msg("%s: with symmetry the pass reaches %llu classes (won %llu, lost %llu, drawn "
                 "%llu, longest %d), the search %llu (%llu, %llu, %llu, %d)",
                 g->name, (unsigned long long)a.positions, (unsigned long long)a.won,
                 (unsigned long long)a.lost, (unsigned long long)a.drawn, a.longest,
                 (unsigned long long)classes, (unsigned long long)cn[1], (unsigned long long)cn[2],
                 (unsigned long long)cn[0], longest);
    /* the position it names is won in as many plies */
    int d;
    assert_int_equal(rm_solver_value(plain, &b.longest_at, &d), RM_VALUE_WIN);
    assert_int_equal(d, longest);
    assert_int_equal(rm_solver_value(s, &a.longest_at, &d), RM_VALUE_WIN);
    assert_int_equal(d, longest);
}

/* Each tier of the solve with symmetry S holds one position a class: as
 * many as the classes of the positions of the same tier without it
 * (PLAIN), each counted once by the index its positions encode to. */
static void classes_agree(const rm_game *g, const rm_solver *s, const rm_solver *plain)
{
    for (int ti = 0; ti < plain->ntiers; ti++) {
        const tier *pt = plain->tiers[ti];
        const tier *t = find_tier(s, &pt->key);
        if (!t)
            fail_msg("%s: tier %s is solved without symmetry only", g->name, pt->name);
        uint64_t *seen = calloc(t->size / 64 + 1, sizeof *seen), classes = 0;
        assert_non_null(seen);
        for (uint64_t i = 0; i < pt->size; i++) {
            u128 sets[MAXS];
            int side = decode(plain, pt, i, sets);
            if (side < 0)
                continue;
            uint64_t c = encode(s, t, sets, side);
            assert_true(c < t->size);
            if (!(seen[c / 64] >> (c % 64) & 1))
                classes++;
            seen[c / 64] |= (uint64_t)1 << (c % 64);
        }
        free(seen);
        /* no position is in a tier past a phase's end, which the estimate
         * leaves out */
        for (int side = 0; side < 2; side++)
            if (ends_within(s, &t->key, side))
                fail_msg("%s: tier %s is past a phase's end", g->name, t->name);
        if (classes != t->won + t->lost + t->drawn)
            fail_msg("%s: tier %s holds %llu classes, with symmetry %llu positions (won %llu, "
                     "lost %llu, drawn %llu)",
                     g->name, t->name, (unsigned long long)classes,
                     (unsigned long long)(t->won + t->lost + t->drawn), (unsigned long long)t->won,
                     (unsigned long long)t->lost, (unsigned long long)t->drawn);
    }
}

/* Every position G's start leads to: the solver's value is the search's. */
static void agrees_with_search(const rm_game *g, int max_positions, bool saturated)
{
    rm_solver *s = solve(g, true, NULL);
    rm_solver *plain = solve(g, false, NULL);
    /* the turns within each tier kept, not found backwards: with and
     * without symmetry */
    rm_solver *edges = solve_how(g, true, false, NULL);
    rm_solver *edges_plain = solve_how(g, false, false, NULL);
    /* every count saturated at 1: each position with a turn counted again
     * when a turn of it is found to lose (by unmoves, and kept turns; the
     * counts in the states, lean, and the distances made 2 bytes from
     * distance 3 on, as past 255); where not SATURATED, the solves above
     * stand in */
    rm_solver *recounted = saturated ? solve_lean(g, true, true, NULL, 1, 1, true) : s;
    rm_solver *edges_recounted = saturated ? solve_capped(g, true, false, NULL, 1) : edges;
    /* on 3 threads: each bucket going back shared out among them; lean,
     * its counts in the states, saturated at 15 */
    rm_solver *threaded = solve_lean(g, true, true, NULL, 0, 3, true);
    classes_agree(g, s, plain);
    rm_solve_stats st;
    rm_solver_stats(s, &st);
    reach r;
    reachable(g, &r, max_positions);
    memo m = { calloc((size_t)1 << 22, sizeof(uint64_t)), calloc((size_t)1 << 22, 1),
               (size_t)1 << 22, NULL, 0 };
    assert_true(m.key && m.val);
    int won = 0, lost = 0, drawn = 0;
    /* (the search is most of the test's time: make check proves one
     * position in four by it, every one where the rows are not the
     * defaults' or RIMAU_THOROUGH is set; RIMAU_QUICK=1, the sanitizer
     * build's run, one in eight of every row; the solves agree on all) */
    int every = thorough() ? 1 : quick() ? 8 : saturated ? 4 : 1;
    for (int i = 0; i < r.n; i++) {
        int d, pd, v = rm_solver_value(s, &r.st[i], &d);
        int pv = rm_solver_value(plain, &r.st[i], &pd);
        if (v < 0)
            fail_msg("%s: a position the start leads to is not solved", g->name);
        if (v != pv || d != pd)
            fail_msg("%s: the solve with symmetry says %d in %d, without %d in %d", g->name, v, d,
                     pv, pd);
        int ed, epd, ev = rm_solver_value(edges, &r.st[i], &ed),
                     epv = rm_solver_value(edges_plain, &r.st[i], &epd);
        if (v != ev || d != ed || v != epv || d != epd)
            fail_msg("%s: the solve by unmoves says %d in %d, keeping the turns %d in %d (%d in %d "
                     "without symmetry)",
                     g->name, v, d, ev, ed, epv, epd);
        int rd, erd, rv = rm_solver_value(recounted, &r.st[i], &rd),
                     erv = rm_solver_value(edges_recounted, &r.st[i], &erd);
        if (v != rv || d != rd || v != erv || d != erd)
            fail_msg("%s: the solve says %d in %d, with its counts saturated %d in %d (keeping "
                     "the turns %d in %d)",
                     g->name, v, d, rv, rd, erv, erd);
        int td, tv = rm_solver_value(threaded, &r.st[i], &td);
        if (v != tv || d != td)
            fail_msg("%s: the solve says %d in %d, on 3 threads %d in %d", g->name, v, d, tv, td);
        if (i % every != 0)
            continue;
        if (v == RM_VALUE_DRAW) {
            int a = search(g, &r.st[i], st.longest + 2, &m);
            if (a == RM_VALUE_WIN || a == RM_VALUE_LOSS)
                fail_msg("%s: a drawn position is %s by search", g->name,
                         a == RM_VALUE_WIN ? "won" : "lost");
            drawn++;
            continue;
        }
        if (search(g, &r.st[i], d, &m) != v)
            fail_msg("%s: a position %s in %d plies is not so by a search that deep", g->name,
                     v == RM_VALUE_WIN ? "won" : "lost", d);
        if (d > 0 && search(g, &r.st[i], d - 1, &m) == v)
            fail_msg("%s: a position %s in %d plies is so sooner by search", g->name,
                     v == RM_VALUE_WIN ? "won" : "lost", d);
        won += v == RM_VALUE_WIN;
        lost += v == RM_VALUE_LOSS;
    }
    print_message("%-40s %6d positions (1 in %d searched): %d won, %d lost, %d drawn (longest "
                  "win %d)\n",
                  g->name, r.n, every, won, lost, drawn, st.longest);
    if (r.n < max_positions) { /* (the search found every position) */
        reach_agrees(g, s, plain, &r.st[0], &r);
        /* and from the position after the start's first turn: the other
         * side to move, whose positions a tier numbers after the first
         * side's, so that its turns within the tier go back in the order
         * of the pass (on the smaller games: the search costs) */
        if (r.n < 10000) {
            reach after;
            reachable_from(g, &r.st[1], &after, max_positions);
            reach_agrees(g, s, plain, &after.st[0], &after);
            free(after.st);
        }
    }
    assert_true(won > 0 && lost > 0);
    free(m.key);
    free(m.val);
    for (int k = 0; k < m.nlists; k++)
        rm_turnlist_free(&m.lists[k]);
    free(m.lists);
    free(r.st);
    rm_solver_free(s);
    rm_solver_free(plain);
    rm_solver_free(edges);
    rm_solver_free(edges_plain);
    rm_solver_free(threaded);
    if (saturated)
        rm_solver_free(recounted);
    if (saturated)
        rm_solver_free(edges_recounted);
}

static rm_game *load_test_game(const char *file, const char *option, const char *value)
{
    const char *dir = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", file);
    rm_choices c = { option ? 1 : 0, { option }, { value } };
    rm_game *g = rm_load_file_with(path, &c, stderr, NULL);
    if (!g)
        fail_msg("cannot load %s", path);
    return g;
}

static void solve__small_games__agree_with_exhaustive_search(void **state)
{
    (void)state;
    static const struct {
        const char *file, *option, *value;
        int max; /* positions the start leads to, searched */
    } games[] = {
        { "tests/games/solve-hare.game", NULL, NULL, 60000 },
        { "tests/games/solve-hare.game", "hare-chains", "no", 60000 },
        { "tests/games/solve-hare.game", "hounds-blocked", "pass-in-phase", 60000 },
        { "tests/games/solve-drops.game", NULL, NULL, 60000 },
        { "tests/games/solve-slide.game", NULL, NULL, 60000 },
        { "tests/games/solve-stacks.game", NULL, NULL, 12000 },
        { "tests/games/solve-stacks.game", "stacks", "tigers", 12000 },
        { "tests/games/solve-stacks.game", "stacks", "both", 12000 },
        { "tests/games/solve-escape.game", NULL, NULL, 60000 },
        { "tests/games/solve-escape.game", "hounds-fill", "yes", 60000 },
        { "games/kaooa.game", NULL, NULL, 60000 },
        { "games/kaooa.game", "capture", "compulsory", 60000 },
        /* a blocked vulture passes while the crows drop: a rule of a phase */
        { "games/kaooa.game", "vulture-blocked", "pass-while-crows-drop", 60000 },
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        rm_game *g = load_test_game(games[i].file, games[i].option, games[i].value);
        /* (the solves with saturated counts: of each game's defaults in
         * make check, of every row in make check-slow) */
        agrees_with_search(g, games[i].max, thorough() || !games[i].option);
        rm_game_destroy(g);
    }
}

/* Solved lean (each count in its state byte, saturated at 15; the
 * distances widened early, as past 255) with the positions waiting in
 * the scratch file in blocks of 3, on one thread and on three, a game
 * writes the same files, byte for byte, as solved with all in memory;
 * and no scratch file is left in the folder. */
static void solve__lean__writes_the_files_of_a_solve_in_memory(void **state)
{
    (void)state;
    static const struct {
        const char *file, *option, *value;
    } games[] = {
        { "tests/games/solve-hare.game", NULL, NULL },
        { "tests/games/solve-drops.game", NULL, NULL },
        { "tests/games/solve-stacks.game", NULL, NULL }, /* (its turns kept) */
        { "games/kaooa.game", NULL, NULL },
    };
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        rm_game *g = load_test_game(games[gi].file, games[gi].option, games[gi].value);
        char plain[512], lean[512];
        new_folder_named(plain, "plain");
        rm_solver_free(solve(g, true, plain));
        for (int threads = 1; threads <= 3; threads += 2) {
            new_folder_named(lean, "lean");
            char err[512];
            rm_solve_options o = { 0 };
            o.db = lean;
            o.lean = true;
            o.wide_from = 3;
            o.spill_block = 3;
            o.threads = threads;
            rm_solver *s = rm_solve(g, &o, err, sizeof err);
            if (!s)
                fail_msg("%s lean: %s", g->name, err);
            rm_solver_free(s);
            DIR *dp = opendir(plain), *dl = opendir(lean);
            assert_non_null(dp);
            assert_non_null(dl);
            int files = 0, lean_files = 0;
            for (struct dirent *e; (e = readdir(dl));)
                if (e->d_name[0] != '.' || strcmp(e->d_name, ".lock") == 0)
                    lean_files++;
                else if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
                    fail_msg("%s lean: %s is left in the folder", g->name, e->d_name);
            for (struct dirent *e; (e = readdir(dp));) {
                if (strstr(e->d_name, ".tier") == NULL)
                    continue;
                char a[1100], b[1100];
                snprintf(a, sizeof a, "%s/%s", plain, e->d_name);
                snprintf(b, sizeof b, "%s/%s", lean, e->d_name);
                size_t na = 0, nb = 0;
                char *pa = rm_in_read(a, (size_t)1 << 30, &na, err, sizeof err),
                     *pb = rm_in_read(b, (size_t)1 << 30, &nb, err, sizeof err);
                if (!pa || !pb || na != nb || memcmp(pa, pb, na) != 0)
                    fail_msg("%s lean on %d threads: %s differs", g->name, threads, e->d_name);
                free(pa);
                free(pb);
                files++;
            }
            closedir(dp);
            closedir(dl);
            assert_true(files > 0);
            assert_int_equal(lean_files, files + 1); /* (and .lock) */
        }
        rm_game_destroy(g);
    }
}

/* A game whose rules count turns (tests/games/counters.game): the
 * solver does not rank its counters, and refuses it, saying why. */
/* A blocked side's pass stays in its tier even in a phase whose turns
 * all leave it (drops that cannot be made: Tiger and Buffaloes' third
 * placing turn, 3 drops with 1 buffalo in hand): unmoves find the
 * position it was made from. (Placing tiers are solved by unmoves since
 * 91aaa1a; make check-slow's random positions met this one.) */
static void solve__unmoves__find_a_pass_where_every_turn_leaves(void **state)
{
    (void)state;
    rm_game *g = load_test_game("games/tiger-and-buffaloes.game", NULL, NULL);
    rm_state parent, child, before[8];
    int at;
    char err[256];
    assert_int_equal(rm_parse_position_string(g, "bb1b1bb1b1bbb2b T3b1 buffaloes moving,placing:2 1",
                                              &parent, &at, err, sizeof err),
                     0);
    assert_int_equal(rm_parse_position_string(g, "bb1b1bb1b1bbb2b T3b1 tigers moving,placing:2 1",
                                              &child, &at, err, sizeof err),
                     0);
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_int_equal(rm_legal_turns(g, &parent, &l), 1);
    assert_true(l.pass && l.turns[0].hash == rm_state_hash(&child));
    rm_turnlist_free(&l);
    assert_int_equal(rm_solve_unmoves(g, &child, before, 8), 1);
    assert_true(rm_state_hash(&before[0]) == rm_state_hash(&parent));
    rm_game_destroy(g);
}

static void solve__rules_that_count_turns__are_refused(void **state)
{
    (void)state;
    rm_game *g = load_test_game("tests/games/counters.game", NULL, NULL);
    char err[512];
    rm_solve_options o = { 0 };
    assert_null(rm_solve(g, &o, err, sizeof err));
    assert_non_null(strstr(err, "has a rule that counts turns"));
    rm_game_destroy(g);
}

/* ---- verify ---- */

/* A game whose blocked side passes and then has lost is refused, with
 * its reason. */
static void solve__pass_that_ends_the_game__refused_with_its_reason(void **state)
{
    (void)state;
    rm_game *g = load_test_game("tests/games/blocked-ends.game", "tiger-then", "pass-lose");
    char err[512];
    rm_solve_options o = { 0 };
    assert_null(rm_solve(g, &o, err, sizeof err));
    assert_non_null(strstr(err, "pass then"));
    rm_game_destroy(g);
}

static void solve__verify__passes_a_solve_and_finds_a_planted_fault(void **state)
{
    (void)state;
    rm_game *g = load_test_game("tests/games/solve-drops.game", NULL, NULL);
    rm_solver *s = solve(g, true, NULL);
    char err[512];
    assert_int_equal(rm_solver_verify(s, NULL, NULL, err, sizeof err), 0);
    /* a won position said lost, and a lost one said won one ply too late */
    reach r;
    reachable(g, &r, 5000);
    int planted = 0;
    for (int i = 0; i < r.n && planted < 2; i++) {
        int d, v = rm_solver_value(s, &r.st[i], &d);
        if (v == (planted == 0 ? RM_VALUE_WIN : RM_VALUE_LOSS)) {
            assert_int_equal(rm_solver_set_value(s, &r.st[i], planted == 0 ? RM_VALUE_LOSS : v,
                                                 planted == 0 ? d : d + 1),
                             0);
            planted++;
        }
    }
    assert_int_equal(planted, 2);
    assert_true(rm_solver_verify(s, NULL, NULL, err, sizeof err) >= 2);
    assert_non_null(strstr(err, "position"));
    free(r.st);
    rm_solver_free(s);
    rm_game_destroy(g);
}

/* ---- the database ---- */

/* Turns over the bits of the byte of PATH at AT. */
static void flip_byte(const char *path, long at)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    int c = fgetc(f);
    assert_true(c != EOF);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    assert_int_equal(fputc(c ^ 0xFF, f), c ^ 0xFF);
    assert_int_equal(fclose(f), 0);
}

/* The first file of DIR whose name ends in .tier, in PATH. */
static void a_tier_file(const char *dir, char *path, size_t size)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    path[0] = 0;
    while ((e = readdir(d)) != NULL)
        if (strstr(e->d_name, ".tier") && !path[0])
            snprintf(path, size, "%s/%s", dir, e->d_name);
    closedir(d);
    assert_true(path[0] != 0);
}

static void solve__database__gives_back_its_values_and_refuses_bad_files(void **state)
{
    (void)state;
    char dir[512];
    new_folder_named(dir, "solve");
    rm_game *g = load_test_game("tests/games/solve-drops.game", NULL, NULL);
    rm_solver *a = solve(g, true, dir), *b = solve(g, true, dir), *c = solve(g, true, NULL);
    rm_solve_stats sa, sb, sc;
    rm_solver_stats(a, &sa);
    rm_solver_stats(b, &sb);
    rm_solver_stats(c, &sc);
    assert_int_equal(sa.loaded, 0);
    assert_int_equal(sb.loaded, sb.tiers); /* every tier read back */
    /* the tiers solved and read are their files, mapped: the solve holds
     * none of them, and at most the tiers being solved at once */
    assert_int_equal(a->bytes, 0);
    assert_int_equal(b->bytes, 0);
    assert_true(c->bytes > 0 && sa.memory < sc.memory);
    reach r;
    reachable(g, &r, 5000);
    for (int i = 0; i < r.n; i++) {
        int da, db, dc, va = rm_solver_value(a, &r.st[i], &da), vb = rm_solver_value(b, &r.st[i], &db);
        int vc = rm_solver_value(c, &r.st[i], &dc);
        assert_int_equal(va, vb);
        assert_int_equal(da, db);
        assert_int_equal(va, vc);
        assert_int_equal(da, dc);
    }
    free(r.st);
    rm_solver_free(c);
    /* the positions reached, counted over the tiers read back (in the
     * folder's order, not the order they were solved in) as over those
     * solved */
    char err[512];
    rm_state start;
    rm_initial(g, &start);
    rm_solve_reach ra, rb;
    assert_int_equal(rm_solver_reach(a, &start, &ra, err, sizeof err), 0);
    assert_int_equal(rm_solver_reach(b, &start, &rb, err, sizeof err), 0);
    assert_true(ra.positions > 0 && ra.won > 0);
    assert_true(ra.positions == rb.positions && ra.won == rb.won && ra.lost == rb.lost &&
                ra.drawn == rb.drawn && ra.longest == rb.longest && ra.tiers == rb.tiers);
    rm_solver_free(a);
    rm_solver_free(b);
    rm_solve_options o = { 0 };
    o.db = dir;
    /* another game's folder */
    rm_game *other = load_test_game("tests/games/solve-hare.game", NULL, NULL);
    assert_null(rm_solve(other, &o, err, sizeof err));
    assert_non_null(strstr(err, "is a solve of another game"));
    rm_game_destroy(other);
    /* a damaged file */
    char path[4200];
    a_tier_file(dir, path, sizeof path);
    struct stat sta;
    assert_int_equal(stat(path, &sta), 0);
    flip_byte(path, (long)sta.st_size - 9);
    assert_null(rm_solve(g, &o, err, sizeof err));
    assert_non_null(strstr(err, "damaged"));
    /* (the folder and its files go, its lock too) */
    remove_folder(dir);
    rm_game_destroy(g);
}

/* ---- the database's files, whole or refused; its folder's lock ---- */

/* A new empty folder for one case; its path in DIR. */
static void new_folder(char dir[512])
{
    new_folder_named(dir, "solve");
}

/* The bytes of PATH, in a new buffer; their number in *N. */
static uint8_t *bytes_of(const char *path, long *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    *n = ftell(f);
    rewind(f);
    uint8_t *b = malloc((size_t)*n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)*n, f), (size_t)*n);
    fclose(f);
    return b;
}

/* Writes the N bytes at B over PATH, in place. */
static void put_bytes(const char *path, const uint8_t *b, long n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, (size_t)n, f), (size_t)n);
    assert_int_equal(fclose(f), 0);
}

/* Sets the byte of PATH at AT to C. */
static void set_byte(const char *path, long at, int c)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    assert_int_equal(fputc(c, f), c);
    assert_int_equal(fclose(f), 0);
}

/* The largest tier file of DIR (the first by name of those), in PATH. */
static void largest_tier_file(const char *dir, char *path, size_t size)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    long best = -1;
    char best_name[256] = "";
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".tier") != 0)
            continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat sb;
        assert_int_equal(stat(p, &sb), 0);
        if ((long)sb.st_size > best ||
            ((long)sb.st_size == best && strcmp(e->d_name, best_name) < 0)) {
            best = (long)sb.st_size;
            snprintf(best_name, sizeof best_name, "%s", e->d_name);
        }
    }
    closedir(d);
    assert_true(best > 0);
    snprintf(path, size, "%s/%s", dir, best_name);
}

/* rm_solve of G with the database DIR fails, saying each of the texts
 * (up to three; NULL: none). */
static void refused(const rm_game *g, const char *dir, const char *what, const char *a,
                    const char *b, const char *c)
{
    rm_solve_options o = { 0 };
    o.db = dir;
    char err[2048];
    rm_solver *s = rm_solve(g, &o, err, sizeof err);
    if (s) {
        rm_solver_free(s);
        fail_msg("%s: the solve read it", what);
    }
    const char *want[3] = { a, b, c };
    for (int i = 0; i < 3; i++)
        if (want[i] && !strstr(err, want[i]))
            fail_msg("%s: '%s' is not in the message: %s", what, want[i], err);
}

/* The header of a tier file: db_header in solve_impl.h (the format's
 * number after the 8 bytes of DB_MAGIC). */
enum { HEADER_BYTES = (int)sizeof(db_header), FORMAT_AT = 8 };

static void solve__database__refuses_a_change_of_any_byte(void **state)
{
    (void)state;
    char dir[512], path[700], what[900];
    new_folder(dir);
    rm_game *g = load_test_game("tests/games/solve-drops.game", NULL, NULL);
    rm_solver_free(solve(g, true, dir));
    largest_tier_file(dir, path, sizeof path);
    long n;
    uint8_t *orig = bytes_of(path, &n);
    assert_true(n > HEADER_BYTES + 8 + 40); /* (a header, next tiers, values, a checksum) */
    /* every byte in turn, each bit and all eight: the header (its counts
     * too), the next tiers, the values, the distances, the checksum */
    for (long at = 0; at < n; at++) {
        int mask = at % 9 == 8 ? 0xFF : 1 << (at % 9);
        set_byte(path, at, orig[at] ^ mask);
        snprintf(what, sizeof what, "byte %ld of %ld of %s ^ 0x%02x", at, n, path, mask);
        refused(g, dir, what, path, "damaged", "delete it");
        set_byte(path, at, orig[at]);
    }
    /* cut short, one byte more */
    put_bytes(path, orig, n - 1);
    refused(g, dir, "a file cut short", path, "damaged", NULL);
    orig[n] = 0;
    put_bytes(path, orig, n + 1);
    refused(g, dir, "a file one byte longer", path, "damaged", NULL);
    /* a file of format 1 (the same layout but for distances of 2 bytes
     * each, the FNV-1a of all but the header last): another version's,
     * unless it is damaged too */
    db_header hd;
    memcpy(&hd, orig, sizeof hd);
    assert_true(hd.dist_width <= 2);
    long at_dist = HEADER_BYTES + hd.nnext * (long)sizeof(tkey) + (long)(hd.size + 3) / 4;
    long n1 = at_dist + 2 * (long)hd.size + 8;
    uint8_t *old = calloc((size_t)n1, 1);
    assert_non_null(old);
    memcpy(old, orig, (size_t)at_dist);
    for (uint64_t i = 0; i < hd.size; i++) {
        uint16_t d = 0;
        if (hd.dist_width == 2)
            memcpy(&d, orig + at_dist + 2 * (long)i, sizeof d);
        else if (hd.dist_width == 1)
            d = orig[at_dist + (long)i];
        memcpy(old + at_dist + 2 * (long)i, &d, sizeof d);
    }
    hd.format = 1;
    hd.dist_width = 0;
    memcpy(old, &hd, sizeof hd);
    uint64_t h = 0xcbf29ce484222325ull;
    for (long i = HEADER_BYTES; i < n1 - 8; i++)
        h = (h ^ old[i]) * 0x100000001b3ull;
    memcpy(old + n1 - 8, &h, sizeof h);
    put_bytes(path, old, n1);
    char versions[64];
    snprintf(versions, sizeof versions, "database format 1, this one %d", RM_SOLVE_FORMAT);
    refused(g, dir, "a file of format 1", path, "written by another version of rimau", versions);
    old[n1 - 20] ^= 4;
    put_bytes(path, old, n1);
    refused(g, dir, "a damaged file of format 1", path, "damaged", NULL);
    free(old);
    /* whole again: read whole */
    put_bytes(path, orig, n);
    rm_solver *s = solve(g, true, dir);
    rm_solve_stats st;
    rm_solver_stats(s, &st);
    assert_int_equal(st.loaded, st.tiers);
    rm_solver_free(s);
    free(orig);
    remove_folder(dir);
    rm_game_destroy(g);
}

static void solve__database__writes_through_no_link(void **state)
{
    (void)state;
    char ref[512], dir[512], away[512], p[1024], q[1024], target[1024];
    char names[64][256];
    new_folder(ref);
    new_folder(away);
    rm_game *g = load_test_game("tests/games/solve-drops.game", NULL, NULL);
    rm_solver_free(solve(g, true, ref));
    /* the tiers' names */
    int nnames = 0;
    DIR *d = opendir(ref);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL && nnames < 64)
        if (strstr(e->d_name, ".tier"))
            snprintf(names[nnames++], sizeof names[0], "%s", e->d_name);
    closedir(d);
    assert_true(nnames > 1);
    /* links at each tier's .part (the temporary name of format 1) */
    new_folder(dir);
    snprintf(target, sizeof target, "%s/part", away);
    for (int i = 0; i < nnames; i++) {
        snprintf(p, sizeof p, "%s/%.200s.part", dir, names[i]);
        assert_int_equal(symlink(target, p), 0);
    }
    rm_solver_free(solve(g, true, dir));
    assert_int_equal(access(target, F_OK), -1);
    remove_folder(dir);
    /* a dangling link at a tier's name: refused, nothing written */
    new_folder(dir);
    snprintf(p, sizeof p, "%s/%s", dir, names[0]);
    snprintf(target, sizeof target, "%s/tier", away);
    assert_int_equal(symlink(target, p), 0);
    refused(g, dir, "a dangling link at a tier's name", p, "symbolic link", "not replaced");
    assert_int_equal(access(target, F_OK), -1);
    /* a link to a file that is not a tier: refused, the file as it was */
    snprintf(target, sizeof target, "%s/precious", away);
    put_bytes(target, (const uint8_t *)"precious", 8);
    unlink(p);
    assert_int_equal(symlink(target, p), 0);
    refused(g, dir, "a link to another file at a tier's name", p, "not a rimau solve file", NULL);
    long n;
    uint8_t *b = bytes_of(target, &n);
    assert_true(n == 8 && memcmp(b, "precious", 8) == 0);
    free(b);
    unlink(target);
    remove_folder(dir);
    /* the lock file a link, or a FIFO */
    new_folder(dir);
    snprintf(p, sizeof p, "%s/.lock", dir);
    snprintf(target, sizeof target, "%s/lock", away);
    assert_int_equal(symlink(target, p), 0);
    refused(g, dir, "a link at the lock file", ".lock", "symbolic link", "remove it");
    assert_int_equal(access(target, F_OK), -1);
    unlink(p);
    assert_int_equal(mkfifo(p, 0666), 0);
    refused(g, dir, "a FIFO at the lock file", ".lock", "a FIFO", "remove it");
    snprintf(q, sizeof q, "%s/%s", dir, names[0]);
    assert_int_equal(access(q, F_OK), -1); /* (nothing solved) */
    remove_folder(dir);
    remove_folder(away);
    remove_folder(ref);
    rm_game_destroy(g);
}

/* Holds a lock of TYPE on DIR/.lock in a child process (another rimau),
 * until *RELEASE is closed; returns the child. */
static pid_t hold_lock(const char *dir, short type, int *release)
{
    int ready[2], go[2];
    assert_int_equal(pipe(ready), 0);
    assert_int_equal(pipe(go), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(ready[0]);
        close(go[1]);
        char p[1024];
        snprintf(p, sizeof p, "%s/.lock", dir);
        int fd = open(p, O_RDWR | O_CREAT, 0666);
        struct flock l = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
        if (fd < 0 || fcntl(fd, F_SETLKW, &l) != 0)
            _exit(1);
        char c = 1;
        if (write(ready[1], &c, 1) != 1)
            _exit(1);
        while (read(go[0], &c, 1) > 0)
            ;
        _exit(0);
    }
    close(ready[1]);
    close(go[0]);
    char c;
    assert_int_equal(read(ready[0], &c, 1), 1);
    close(ready[0]);
    *release = go[1];
    return pid;
}

static void let_go(pid_t pid, int release)
{
    close(release);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

enum { JOBS = 4 };

typedef struct solve_job {
    const rm_game *g;
    const char *dir;
    pthread_barrier_t *start;
    rm_solver *s;
    char err[512];
} solve_job;

static void *solve_run(void *arg)
{
    solve_job *j = arg;
    rm_solve_options o = { 0 };
    o.db = j->dir;
    pthread_barrier_wait(j->start);
    j->s = rm_solve(j->g, &o, j->err, sizeof j->err);
    return NULL;
}

static void solve__database__one_solve_writes_a_folder_at_a_time(void **state)
{
    (void)state;
    char dir[512], p[1024], want[1024];
    new_folder(dir);
    rm_game *kaooa = load_test_game("games/kaooa.game", NULL, NULL);
    /* threads of one process (a tournament's perfect players), started
     * at once: each waits its turn, so one solves, the others read */
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, JOBS), 0);
    solve_job jobs[JOBS];
    pthread_t th[JOBS];
    for (int i = 0; i < JOBS; i++) {
        jobs[i] = (solve_job){ kaooa, dir, &start, NULL, "" };
        assert_int_equal(pthread_create(&th[i], NULL, solve_run, &jobs[i]), 0);
    }
    for (int i = 0; i < JOBS; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&start);
    rm_solve_stats first, st;
    int loaded = 0;
    for (int i = 0; i < JOBS; i++) {
        if (!jobs[i].s)
            fail_msg("threads solving into one folder: %s", jobs[i].err);
        rm_solver_stats(jobs[i].s, &st);
        if (i == 0)
            first = st;
        assert_int_equal(st.won, first.won);
        loaded += st.loaded;
        rm_solver_free(jobs[i].s);
    }
    assert_int_equal(loaded, (JOBS - 1) * first.tiers); /* one solved, the others read */
    rm_game_destroy(kaooa);
    remove_folder(dir);
    new_folder(dir);
    rm_game *g = load_test_game("tests/games/solve-drops.game", NULL, NULL);
    rm_solver_free(solve(g, true, dir));
    /* another process solving into it: refused at once, naming it */
    int release;
    pid_t pid = hold_lock(dir, F_WRLCK, &release);
    snprintf(want, sizeof want, "%s is in use by another rimau (pid %ld, solving into it)", dir,
             (long)pid);
    refused(g, dir, "a folder another process writes", want, NULL, NULL);
    let_go(pid, release);
    /* another process reading it: read alongside it, but not written */
    pid = hold_lock(dir, F_RDLCK, &release);
    rm_solver_free(solve(g, true, dir));
    a_tier_file(dir, p, sizeof p);
    assert_int_equal(unlink(p), 0);
    snprintf(want, sizeof want, "%s is in use by another rimau (pid %ld, reading it)", dir,
             (long)pid);
    refused(g, dir, "a folder another process reads, with a tier to write", want, NULL, NULL);
    assert_int_equal(access(p, F_OK), -1);
    let_go(pid, release);
    /* let go of: solved, and the tier written again */
    rm_solver_free(solve(g, true, dir));
    assert_int_equal(access(p, F_OK), 0);
    remove_folder(dir);
    rm_game_destroy(g);
}

/* ---- the perfect player ---- */

/* Plays G with players A and B (for sides 0 and 1); returns the result
 * and the turns in *TURNS. */
static int play_out(const rm_game *g, rm_player *a, rm_player *b, int *turns)
{
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    while (rm_match_result(&m) == RM_ONGOING && m.n < 400) {
        rm_player *p = rm_state_to_move(rm_match_state(&m)) == 0 ? a : b;
        int k = rm_player_choose(p, &m);
        const rm_turnlist *l = rm_match_turns(&m);
        assert_true(k >= 0 && k < l->n);
        assert_int_equal(rm_match_play(&m, rm_turn_moves(l, k), l->turns[k].n), 0);
    }
    int r = rm_match_result(&m);
    *turns = m.n;
    rm_match_free(&m);
    return r;
}

static rm_player *perfect_player(const rm_game *g, uint64_t seed)
{
    char err[512];
    rm_player *p = rm_player_new(g, "perfect", seed, err, sizeof err);
    if (!p)
        fail_msg("perfect: %s", err);
    return p;
}

/* Perfect against perfect ends as the solve says the start ends, in as
 * many turns; perfect against random never ends worse for perfect. */
static void perfect_plays(const char *file)
{
    rm_game *g = load_test_game(file, NULL, NULL);
    rm_player *p0 = perfect_player(g, 1), *p1 = perfect_player(g, 2);
    rm_state start;
    rm_initial(g, &start);
    int d, v = rm_solver_value(rm_player_solver(p0), &start, &d);
    int side = rm_state_to_move(&start);
    int want = v == RM_VALUE_DRAW ? RM_DRAW : v == RM_VALUE_WIN ? side : 1 - side;
    int turns, r = play_out(g, p0, p1, &turns);
    if (want == RM_DRAW) {
        assert_true(r == RM_DRAW || r == RM_ONGOING);
    } else {
        assert_int_equal(r, want);
        assert_int_equal(turns, d); /* (the plies: turns played before play too) */
    }
    char err[256];
    for (int k = 0; k < 6; k++) {
        rm_player *rnd = rm_player_new(g, "random", (uint64_t)k + 7, err, sizeof err);
        assert_non_null(rnd);
        int pside = k % 2;
        r = play_out(g, pside == 0 ? p0 : rnd, pside == 0 ? rnd : p1, &turns);
        int won = v == RM_VALUE_WIN ? side : v == RM_VALUE_LOSS ? 1 - side : -1;
        if (won == pside)
            assert_int_equal(r, pside); /* perfect wins what is won for it */
        if (won == -1)
            assert_true(r != 1 - pside); /* and never loses a draw */
        rm_player_free(rnd);
    }
    rm_player_free(p0);
    rm_player_free(p1);
    rm_game_destroy(g);
}

/* Whether the position SETS (SIDE to move) of tier T has its pieces: as
 * many of each kind as its key says, on distinct points of the board. */
static bool whole_position(const rm_solver *s, const rm_game *g, const tier *t, const u128 *sets)
{
    uint64_t board[2];
    rm_bits_board(s->k, board);
    u128 all = 0, on = ld2(board);
    for (int k = 0; k < g->nkinds; k++) {
        if (pc2(sets[k]) != t->key.on_board[k] || (sets[k] & all) || (sets[k] & ~on))
            return false;
        all |= sets[k];
    }
    return true;
}

/* Whether the positions A and B (their sets) are alike by a symmetry of
 * the board. */
static bool same_class(const rm_solver *s, const rm_game *g, const u128 *a, const u128 *b)
{
    for (int y = 0; y < s->nsyms; y++) {
        bool same = true;
        for (int k = 0; k < g->nkinds && same; k++)
            same = apply_sym(s, y, a[k]) == b[k];
        if (same)
            return true;
    }
    return false;
}

/* Tier T's indices I, past 2^32 too: each the index of the position it
 * decodes to, or (an alias) of a class whose index is less; the number
 * that are not aliases. */
static int round_trips(const rm_solver *s, const rm_game *g, const tier *t, const uint64_t *idx,
                       int n)
{
    int kept = 0;
    for (int q = 0; q < n; q++) {
        u128 sets[MAXS];
        int side = decode(s, t, idx[q], sets);
        if (side != (idx[q] >= t->per_side) || !whole_position(s, g, t, sets))
            fail_msg("index %llu of tier %s decodes to no position of it",
                     (unsigned long long)idx[q], t->name);
        uint64_t e = encode(s, t, sets, side);
        if (e > idx[q] || (e < idx[q] && !t->sym))
            fail_msg("index %llu of tier %s decodes to a position of index %llu",
                     (unsigned long long)idx[q], t->name, (unsigned long long)e);
        u128 back[MAXS];
        if (e < idx[q] && (position_at(s, t, idx[q], back) != -1 ||
                           position_at(s, t, e, back) != side || !same_class(s, g, sets, back)))
            fail_msg("index %llu of tier %s is an alias of no class before it",
                     (unsigned long long)idx[q], t->name);
        kept += e == idx[q];
    }
    return kept;
}

/* The two copies of the ranking (rank_words.h): the portable one and the
 * one for POPCNT and BMI2 give each index the same position and each
 * position the same index, on a board of one word and of two, with
 * stacks, with symmetry and without, on the tier of the start and of the
 * position after a few turns. */
static void solve__ranking__the_x86_code_ranks_as_the_portable(void **state)
{
    (void)state;
#ifdef RM_RANK_X
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt") || !__builtin_cpu_supports("bmi2"))
        skip();
    static const struct {
        const char *file, *option, *value;
        const char *position; /* (NULL: the start) */
    } games[] = {
        /* two words: 93 points, a few pieces on either side of 64 */
        { "games/satoel.game", NULL, NULL, "W40W10b20bb18 - south play,play 1" },
        { "games/kaooa.game", NULL, NULL, NULL },
        { "games/tiger-and-buffaloes.game", NULL, NULL, NULL },
        { "tests/games/solve-stacks.game", "stacks", "both", NULL },
    };
    int compared = 0;
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        rm_game *g = load_test_game(games[gi].file, games[gi].option, games[gi].value);
        for (int plain = 0; plain < 2; plain++) {
            char err[256];
            rm_solver *s = new_solver(g, &(rm_solve_options){ .no_symmetry = plain }, err,
                                      sizeof err);
            if (!s)
                fail_msg("%s", err);
            rm_state st;
            rm_initial(g, &st);
            int at;
            if (games[gi].position &&
                rm_parse_position_string(g, games[gi].position, &st, &at, err, sizeof err) != 0)
                fail_msg("%s: %s", games[gi].position, err);
            uint64_t x = 0x9E3779B97F4A7C15ull + gi;
            for (int walk = 0; walk < 4; walk++) {
                rm_bstate bs;
                rm_bits_from_state(s->k, &st, &bs);
                tier t;
                memset(&t, 0, sizeof t);
                key_of(s, &bs, &t.key);
                bool laid = lay_out(s, &t);
                print_message("%s%s: tier %s, %s\n", g->name, plain ? ", no symmetry" : "",
                              t.name, laid ? "laid out" : "too large");
                for (int q = 0; q < 2000 && laid; q++) {
                    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                    uint64_t i = q == 0 ? 0 : q == 1 ? t.size - 1 : x % t.size;
                    u128 a[MAXS], b[MAXS];
                    int sa = decode_portable(s, &t, i, a), sb = decode_x(s, &t, i, b);
                    assert_int_equal(sa, sb);
                    for (int k = 0; k < nsets(s); k++)
                        if (a[k] != b[k])
                            fail_msg("%s, tier %s: index %llu decodes to other sets", g->name,
                                     t.name, (unsigned long long)i);
                    if (sa < 0)
                        continue;
                    int pa, pb, direct = 0;
                    uint64_t ea = encode_portable(s, &t, a, sa, &pa),
                             eb = encode_x(s, &t, a, sa, &pb);
                    if (ea != eb)
                        fail_msg("%s, tier %s: a position of index %llu, %llu portable, %llu x86",
                                 g->name, t.name, (unsigned long long)i, (unsigned long long)ea,
                                 (unsigned long long)eb);
                    /* the symmetries that map it onto itself, counted one by one */
                    for (int h = 0; h < s->nsyms; h++) {
                        bool same = true;
                        for (int k = 0; k < nsets(s); k++)
                            if ((k < g->nkinds || k >= MAXK) && apply_sym(s, h, a[k]) != a[k])
                                same = false;
                        direct += same;
                    }
                    if (pa != pb || pa != (t.sym ? direct : 0))
                        fail_msg("%s, tier %s: index %llu has %d symmetries, encode says %d "
                                 "portable, %d x86",
                                 g->name, t.name, (unsigned long long)i, direct, pa, pb);
                    compared++;
                }
                /* on to a later tier: a few turns on */
                rm_turnlist l;
                rm_turnlist_init(&l);
                for (int k = 0; k < 6; k++) {
                    int n = rm_legal_turns(g, &st, &l);
                    if (n <= 0)
                        break;
                    int j = (int)(x % (uint64_t)n);
                    x = x * 6364136223846793005ull + 1442695040888963407ull;
                    rm_apply(g, &st, rm_turn_moves(&l, j), l.turns[j].n);
                }
                rm_turnlist_free(&l);
            }
            rm_solver_free(s);
        }
        rm_game_destroy(g);
    }
    print_message("%d positions ranked alike\n", compared);
    assert_true(compared > 10000);
#else
    skip();
#endif
}

static void solve__tier_past_2_to_the_32__numbers_its_positions(void **state)
{
    (void)state;
    rm_game *g = load_test_game("games/adugo.game", NULL, NULL);
    for (int plain = 0; plain < 2; plain++) {
        char err[256];
        rm_solver *s = new_solver(g, &(rm_solve_options){ .no_symmetry = plain }, err, sizeof err);
        if (!s)
            fail_msg("%s", err);
        rm_state st;
        rm_bstate bs;
        rm_initial(g, &st);
        rm_bits_from_state(s->k, &st, &bs);
        tier t;
        memset(&t, 0, sizeof t);
        key_of(s, &bs, &t.key);
        /* laid out, not allocated: 5.5 x 10^9 classes, 2^32 past at once */
        assert_true(lay_out(s, &t));
        assert_true(can_unmove(s, &t));
        assert_true(t.size > (uint64_t)1 << 32);
        uint64_t idx[4096];
        int n = 0;
        /* about 2^32, each side's last, and spread over the tier */
        for (uint64_t d = 0; d < 64; d++) {
            idx[n++] = ((uint64_t)1 << 32) - 32 + d;
            idx[n++] = t.per_side - 1 - d;
            idx[n++] = t.size - 1 - d;
        }
        uint64_t x = 0x9E3779B97F4A7C15ull;
        while (n < 4096) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            idx[n++] = x % t.size;
        }
        int kept = round_trips(s, g, &t, idx, n);
        print_message("%s, %s: %llu positions, %d of %d indices kept\n", t.name,
                      plain ? "no symmetry" : "symmetry", (unsigned long long)t.size, kept, n);
        assert_true(kept > n / 4);
        /* the position of the start: its index, past 2^32 or not, gives it back */
        u128 sets[MAXS], back[MAXS];
        sets_of(s, &bs, sets);
        uint64_t i = encode(s, &t, sets, bs.to_move);
        assert_int_equal(position_at(s, &t, i, back), bs.to_move);
        assert_int_equal(encode(s, &t, back, bs.to_move), i);
        rm_solver_free(s);
    }
    rm_game_destroy(g);
}

static void solve__perfect_player__plays_the_solved_values(void **state)
{
    (void)state;
    perfect_plays("games/kaooa.game");
    perfect_plays("tests/games/solve-drops.game");
    perfect_plays("tests/games/solve-hare.game");
}

/* ---- the estimate ---- */

/* The estimate counts the classes of a tier's first kind by Burnside's
 * lemma; a solve tables them one placement at a time. They agree for
 * every number of pieces whose table is small enough to make here, on
 * boards of several symmetry groups (the complement taken for more
 * pieces than half the points), and with counts made by hand: the
 * points of a 5 x 5 board fall in 6 classes under its 8 symmetries
 * (the centre, the corners, the middles of the sides, the other points
 * of the sides, the inner diagonal points, the inner middles), and its
 * pairs of points in (300 + 12 + 4 * 20) / 8 = 49 (the identity keeps
 * all 300; a quarter turn none; the half turn the 12 pairs it swaps; a
 * mirror the 10 pairs of its 5 fixed points and the 10 it swaps). */
static void solve__estimate__counts_the_classes_a_solve_tables(void **state)
{
    (void)state;
    static const char *const files[] = { "games/bagh-chal.game", "games/kaooa.game",
                                         "games/fox-and-geese.game", "games/alquerque.game",
                                         "tests/games/solve-hare.game" };
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        rm_game *g = load_test_game(files[f], NULL, NULL);
        int n = g->board.npoints;
        uint64_t placements = 1; /* binom(n, c) */
        for (int c = 0; c <= n; c++) {
            if (c > 0)
                placements = placements * (uint64_t)(n - c + 1) / (uint64_t)c;
            if (placements > 60000)
                continue; /* (a table too slow to make here) */
            uint64_t counted, tabled;
            assert_int_equal(rm_solve_classes(g, c, &counted, &tabled), 0);
            if (counted != tabled)
                fail_msg("%s, %d pieces: %llu classes counted, %llu tabled", files[f], c,
                         (unsigned long long)counted, (unsigned long long)tabled);
            assert_true(counted <= placements);
        }
        uint64_t counted, tabled;
        assert_int_equal(rm_solve_classes(g, n + 1, &counted, &tabled), -1);
        if (f == 0) {
            assert_int_equal(rm_solve_classes(g, 1, &counted, &tabled), 0);
            assert_int_equal(counted, 6);
            assert_int_equal(rm_solve_classes(g, 24, &counted, &tabled), 0);
            assert_int_equal(counted, 6);
            assert_int_equal(rm_solve_classes(g, 2, &counted, &tabled), 0);
            assert_int_equal(counted, 49);
            assert_int_equal(rm_solve_classes(g, 23, &counted, &tabled), 0);
            assert_int_equal(counted, 49);
        }
        rm_game_destroy(g);
    }
}

/* A perfect player tells the program how its solve goes, through its
 * options (it writes nothing itself): every tier begun and finished,
 * the last told done; and is made as without them. */
typedef struct told {
    int calls, tiers, finished, last_stage;
} told;

static void tell(void *ctx, const rm_solve_progress *p)
{
    told *t = ctx;
    t->calls++;
    if (p->tier > t->tiers)
        t->tiers = p->tier;
    t->finished += p->stage == 2;
    t->last_stage = p->stage;
}

static void solve__perfect_player__tells_its_solves_progress(void **state)
{
    (void)state;
    rm_game *g = load_test_game("games/kaooa.game", NULL, NULL);
    told t = { 0 };
    rm_player_options o = { .solve_progress = tell, .ctx = &t };
    char err[512];
    rm_player *p = rm_player_new_with(g, "perfect", 1, &o, err, sizeof err);
    assert_non_null(p);
    rm_solve_stats st;
    rm_solver_stats(rm_player_solver(p), &st);
    assert_true(st.tiers > 1);
    assert_int_equal(t.tiers, st.tiers);
    assert_int_equal(t.finished, st.tiers);
    assert_int_equal(t.last_stage, 2);
    assert_true(t.calls > 2 * st.tiers); /* (begun, going back, done, for each) */
    /* within limits it borrows a solve, and tells nothing */
    rm_player_limits limits = { 0, rm_player_solver(p) };
    told quiet = { 0 };
    rm_player_options lo = { .limits = &limits, .solve_progress = tell, .ctx = &quiet };
    rm_player *q = rm_player_new_with(g, "perfect", 1, &lo, err, sizeof err);
    assert_non_null(q);
    assert_int_equal(quiet.calls, 0);
    rm_player_free(q);
    /* given a solve (a tournament's games, a hint), it plays by that one
     * and solves nothing, and the solve outlives it */
    told given = { 0 };
    rm_player_options go = { .solve_progress = tell, .ctx = &given, .solver = rm_player_solver(p) };
    rm_player *r = rm_player_new_with(g, "perfect", 1, &go, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(given.calls, 0);
    assert_ptr_equal(rm_player_solver(r), rm_player_solver(p));
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    assert_int_equal(rm_player_choose(r, &m), rm_player_choose(p, &m)); /* (one seed: one tie-break) */
    rm_player_free(r);
    rm_solver_stats(rm_player_solver(p), &st);
    assert_true(st.tiers > 1);
    rm_match_free(&m);
    rm_player_free(p);
    rm_game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solve__small_games__agree_with_exhaustive_search),
        cmocka_unit_test(solve__unmoves__find_a_pass_where_every_turn_leaves),
        cmocka_unit_test(solve__lean__writes_the_files_of_a_solve_in_memory),
        cmocka_unit_test(solve__rules_that_count_turns__are_refused),
        cmocka_unit_test(solve__pass_that_ends_the_game__refused_with_its_reason),
        cmocka_unit_test(solve__verify__passes_a_solve_and_finds_a_planted_fault),
        cmocka_unit_test(solve__database__gives_back_its_values_and_refuses_bad_files),
        cmocka_unit_test(solve__database__refuses_a_change_of_any_byte),
        cmocka_unit_test(solve__database__writes_through_no_link),
        cmocka_unit_test(solve__database__one_solve_writes_a_folder_at_a_time),
        cmocka_unit_test(solve__perfect_player__plays_the_solved_values),
        cmocka_unit_test(solve__perfect_player__tells_its_solves_progress),
        cmocka_unit_test(solve__estimate__counts_the_classes_a_solve_tables),
        cmocka_unit_test(solve__tier_past_2_to_the_32__numbers_its_positions),
        cmocka_unit_test(solve__ranking__the_x86_code_ranks_as_the_portable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
