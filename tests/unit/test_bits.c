/* test_bits.c: the bit kernel (bitgen.h) against the reference generator
 * (movegen.h), over every shipped game and every value of each of its
 * options.
 *
 * Random games are walked with the reference; at each position,
 * - the bit state made of it gives the same position back, with the same
 *   hash and the same progress digest;
 * - where the kernel counts the turns, their number is the reference
 *   list's, and the positions its turns lead to are the list's, one for
 *   one: the same hashes, and the same positions field by field;
 * Perft to depth 3 is the same with the kernel as without it, from the
 * start and along a random game. Random playouts drawn from the kernel's
 * counts draw each listed turn about equally often (a chi-square test),
 * and end as often in each result as the reference's playouts do.
 */
#include "walk_helpers.h"

#include "exec.h"
#include "players.h"

#include <math.h>

typedef struct stats {
    const char *what;
    const rm_bits *k;
    long positions, counted, turns;
    rm_turnlist ref;
    turn_index index; /* of the position's listed turns */
} stats;

/* The checks at one position (random_walks' visit): leaves the legal
 * turns in L. */
static int check_position(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx)
{
    stats *x = ctx;
    int n = rm_legal_turns(g, st, l);
    if (rm_result(g, st, NULL, &x->ref, NULL) != RM_ONGOING)
        n = 0; /* (the game is over: the walk stops) */
    x->positions++;
    bits_give_back(g, x->k, st, x->what);
    if (n <= 0)
        return n;
    int c = bits_match_list(g, x->k, st, l, &x->index, x->what);
    x->counted += c > 0;
    x->turns += c;
    return n;
}

/* The walks of each game: 3 of up to 400 turns (1 of 250 for the
 * portable code's second pass). */
static int walks = 3, walk_turns = 400;

static void walk_game(const rm_game *g, const char *what, int i, void *ctx)
{
    long *totals = ctx;
    stats x = { what, rm_bits_get(g), 0, 0, 0, { 0 }, { 0 } };
    if (!x.k)
        return;
    rm_turnlist_init(&x.ref);
    random_walks(g, walks, walk_turns, (uint64_t)i * 7 + 3, check_position, &x);
    rm_turnlist_free(&x.ref);
    turn_index_free(&x.index);
    print_message("%-60s %6ld positions, %6ld counted (%3.0f%%), %7ld turns\n", what, x.positions,
                  x.counted, 100.0 * (double)x.counted / (double)(x.positions ? x.positions : 1),
                  x.turns);
    totals[0] += x.positions;
    totals[1] += x.counted;
}

static void bits__every_shipped_game__the_reference_turns(void **state)
{
    (void)state;
    /* (RIMAU_QUICK=1, the sanitizer build's run: one walk of each) */
    if (quick())
        walks = 1;
    long totals[2] = { 0, 0 };
    int files = for_each_shipped_game(walk_game, totals);
    assert_true(files >= 20);
    assert_true(totals[1] > totals[0] / 2);
}

/* The same with the kernel's portable code (where the machine would use
 * the code for POPCNT and BMI2: bitgen_w1x.c, bitgen_w2x.c). */
static void bits__portable_code__the_reference_turns(void **state)
{
    rm_set_bit_kernel_portable(true);
    int w = walks, wt = walk_turns;
    walks = 1, walk_turns = 250;
    bits__every_shipped_game__the_reference_turns(state);
    walks = w, walk_turns = wt;
    rm_set_bit_kernel_portable(false);
}

/* ---- perft ---- */

/* The perft of ST to DEPTH with the kernel on and off: the same count,
 * and the same failure. */
static void assert_same_perft(const rm_game *g, const rm_state *st, int depth, const char *what)
{
    rm_turnlist lists[8];
    for (int i = 0; i < 8; i++)
        rm_turnlist_init(&lists[i]);
    bool fa = false, fb = false;
    rm_set_bit_kernel(true);
    uint64_t a = rm_perft(g, st, depth, lists, &fa);
    rm_set_bit_kernel(false);
    uint64_t b = rm_perft(g, st, depth, lists, &fb);
    rm_set_bit_kernel(true);
    if (a != b || fa != fb)
        fail_msg("%s: perft %d is %llu with the kernel, %llu without (turn %d)", what, depth,
                 (unsigned long long)a, (unsigned long long)b, rm_state_turn(st));
    for (int i = 0; i < 8; i++)
        rm_turnlist_free(&lists[i]);
}

typedef struct perft_walk {
    const char *what;
    int checked;
} perft_walk;

/* Every tenth position of a random game: perft 3 where its turns are few
 * enough, else 2. */
static int perft_visit(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx)
{
    perft_walk *x = ctx;
    int n = rm_legal_turns(g, st, l);
    if (rm_state_turn(st) % 10 == 0 && n >= 0) {
        assert_same_perft(g, st, n > 0 && n <= 60 ? 3 : 2, x->what);
        x->checked++;
    }
    rm_turnlist r;
    rm_turnlist_init(&r);
    if (rm_result(g, st, NULL, &r, NULL) != RM_ONGOING)
        n = 0;
    rm_turnlist_free(&r);
    return n;
}

static void perft_game(const rm_game *g, const char *what, int i, void *ctx)
{
    if (!rm_bits_get(g))
        return;
    perft_walk x = { what, 0 };
    /* (RIMAU_QUICK=1: half the walk) */
    random_walks(g, 1, quick() ? 60 : 120, (uint64_t)i * 13 + 5, perft_visit, &x);
    *(int *)ctx += x.checked;
}

static void bits__perft_of_every_shipped_game__as_the_reference(void **state)
{
    (void)state;
    int checked = 0;
    assert_true(for_each_shipped_game(perft_game, &checked) >= 20);
    assert_true(checked > 200);
}

/* ---- drawing turns ---- */

/* The chi-square statistic of counts C[0..N) against a uniform draw,
 * and the most it may be for N - 1 degrees of freedom, far in the tail
 * (a draw this far off comes about once in a million). */
static double chi_square(const long *c, int n, long total)
{
    double e = (double)total / n, x = 0;
    for (int i = 0; i < n; i++)
        x += ((double)c[i] - e) * ((double)c[i] - e) / e;
    return x;
}

static double chi_square_limit(int df)
{
    return df + 7.0 * sqrt(2.0 * df) + 12.0;
}

typedef struct draws {
    const char *what;
    uint64_t rng;
    int positions;
} draws;

/* At a few positions of a random game: one turn played by rm_playout
 * (on the kernel where it counts) many times reaches each listed turn's
 * position about equally often. */
static int draw_visit(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx)
{
    draws *x = ctx;
    int n = rm_legal_turns(g, st, l);
    rm_turnlist scratch;
    rm_turnlist_init(&scratch);
    bool over = rm_result(g, st, NULL, &scratch, NULL) != RM_ONGOING;
    if (!over && n >= 2 && n <= 150 && rm_state_turn(st) % 7 == 3) {
        static long count[150];
        memset(count, 0, sizeof count);
        long samples = 80L * n;
        rm_history h;
        rm_history_init(&h);
        for (long k = 0; k < samples; k++) {
            rm_state next = *st;
            int turns = 0;
            assert_int_equal(rm_history_start(&h, &next), 0);
            rm_playout(g, &next, &h, &scratch, &x->rng, 1, &turns);
            assert_int_equal(turns, 1);
            int j = 0;
            while (j < n && l->turns[j].hash != rm_state_hash(&next))
                j++;
            if (j == n)
                fail_msg("%s: a playout went where no listed turn goes (turn %d)", x->what,
                         rm_state_turn(st));
            count[j]++;
        }
        rm_history_free(&h);
        double chi = chi_square(count, n, samples);
        if (chi > chi_square_limit(n - 1))
            fail_msg("%s: the playout's draws are not uniform over the %d listed turns (chi "
                     "square %.1f, turn %d)",
                     x->what, n, chi, rm_state_turn(st));
        x->positions++;
    }
    rm_turnlist_free(&scratch);
    return over ? 0 : n;
}

static void draw_game(const rm_game *g, const char *what, int i, void *ctx)
{
    if (strchr(what, ' ') || !rm_bits_get(g))
        return; /* (each game's default options) */
    draws x = { what, (uint64_t)i * 7919 + 1, 0 };
    random_walks(g, 1, 60, (uint64_t)i + 11, draw_visit, &x);
    *(int *)ctx += x.positions;
}

static void bits__playouts_draw__each_listed_turn_equally(void **state)
{
    (void)state;
    int positions = 0;
    assert_true(for_each_shipped_game(draw_game, &positions) >= 20);
    assert_true(positions >= 40);
}

/* ---- whole playouts ---- */

typedef struct tally3 {
    long games, results[3];
    double turns, turns2;
} tally3;

static void play_many(const rm_game *g, long games, long max_turns, uint64_t seed, tally3 *t)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_history h;
    rm_history_init(&h);
    memset(t, 0, sizeof *t);
    long all = 0;
    for (long i = 0; i < games && all < max_turns; i++) {
        rm_state st;
        rm_initial(g, &st);
        assert_int_equal(rm_history_start(&h, &st), 0);
        int turns = 0;
        int r = rm_playout(g, &st, &h, &l, &seed, -1, &turns);
        assert_true(r != RM_FAILED && r != RM_ONGOING);
        t->results[r < 0 ? 2 : r]++;
        t->games++;
        t->turns += turns;
        t->turns2 += (double)turns * turns;
        all += turns;
    }
    rm_history_free(&h);
    rm_turnlist_free(&l);
}

/* Playouts on the kernel and on the reference end as often in each
 * result (a chi-square test of the two splits) and last as long (their
 * means within five standard errors). */
static void outcome_game(const rm_game *g, const char *what, int i, void *ctx)
{
    if (strchr(what, ' ') || !rm_bits_get(g))
        return;
    tally3 a, b;
    /* (make check: a sixth of the turns of make check-slow; RIMAU_QUICK=1,
     * the sanitizer build's run, a quarter of that: its faults show on
     * any path, not in the test's power) */
    play_many(g, 3000, thorough() ? 400000 : quick() ? 16000 : 66000, (uint64_t)i * 31 + 7, &a);
    rm_set_bit_kernel(false);
    play_many(g, a.games, 1L << 40, (uint64_t)i * 37 + 9, &b);
    rm_set_bit_kernel(true);
    double ga = (double)a.games, gb = (double)b.games, n = ga + gb, chi = 0;
    double ra[3], rb[3];
    for (int r = 0; r < 3; r++) {
        ra[r] = (double)a.results[r];
        rb[r] = (double)b.results[r];
        double col = ra[r] + rb[r];
        if (col == 0)
            continue;
        double ea = col * ga / n, eb = col * gb / n;
        chi += (ra[r] - ea) * (ra[r] - ea) / ea + (rb[r] - eb) * (rb[r] - eb) / eb;
    }
    double ma = a.turns / ga, mb = b.turns / gb;
    double va = a.turns2 / ga - ma * ma, vb = b.turns2 / gb - mb * mb;
    double se = sqrt(va / ga + vb / gb) + 1e-9;
    print_message("%-40s %5ld games: %5.1f/%5.1f/%5.1f%% against %5.1f/%5.1f/%5.1f%%, %6.1f "
                  "turns against %6.1f\n",
                  what, a.games, 100.0 * ra[0] / ga, 100.0 * ra[1] / ga, 100.0 * ra[2] / ga,
                  100.0 * rb[0] / gb, 100.0 * rb[1] / gb, 100.0 * rb[2] / gb, ma, mb);
    if (chi > chi_square_limit(2))
        fail_msg("%s: playouts end otherwise on the kernel (chi square %.1f)", what, chi);
    if (fabs(ma - mb) > 5 * se)
        fail_msg("%s: playouts last %.1f turns on the kernel, %.1f on the reference", what, ma,
                 mb);
    ++*(int *)ctx;
}

/* The games made for the tests (tests/games): the constructs they prove
 * that no shipped game uses reach the kernel's code only here; on the
 * board given by points of directions.game, slides, leaps and captures
 * with a direction filter look along rays that no way of the grid
 * covers (the exception rays, xwalk in bitgen_words.h), which no shipped
 * game has. Each position's turns and perfts as the reference's. */
static void bits__the_tests_games__the_reference_turns(void **state)
{
    (void)state;
    long totals[2] = { 0, 0 };
    assert_true(for_each_game_in("tests/games", walk_game, totals) >= 6);
    assert_true(totals[1] > 0);
    int checked = 0;
    assert_true(for_each_game_in("tests/games", perft_game, &checked) >= 6);
    assert_true(checked > 20);
}

/* Fail closed: an action the kernel has no code for (an unknown type, an
 * unknown way of chaining) is refused when the kernel is made, so that
 * the game is left to the reference walk, never counted as no turns. */
static void bits__an_action_of_an_unknown_kind__is_refused(void **state)
{
    (void)state;
    rm_game *g = load_shipped("tiger-and-buffaloes.game");
    assert_non_null(rm_bits_get(g)); /* (the kernel does the game as it is) */
    rm_game_destroy(g);
    for (int how = 0; how < 2; how++) {
        g = load_shipped("tiger-and-buffaloes.game");
        assert_true(g->rules.naction_rules > 0);
        rm_action_rule *r = &g->rules.actions[g->rules.naction_rules - 1];
        rm_action_rule was = *r;
        if (how == 0)
            r->type = (rm_action_type)(RM_RELOCATE + 7);
        else
            r->chain = RM_CHAIN_MUST_CONTINUE + 5;
        assert_null(rm_bits_get(g));
        *r = was; /* (destroyed as it was made) */
        rm_game_destroy(g);
    }
}

static void bits__playouts__end_as_the_reference_ones(void **state)
{
    (void)state;
    int games = 0;
    assert_true(for_each_shipped_game(outcome_game, &games) >= 20);
    assert_true(games >= 20);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bits__every_shipped_game__the_reference_turns),
        cmocka_unit_test(bits__portable_code__the_reference_turns),
        cmocka_unit_test(bits__perft_of_every_shipped_game__as_the_reference),
        cmocka_unit_test(bits__playouts_draw__each_listed_turn_equally),
        cmocka_unit_test(bits__playouts__end_as_the_reference_ones),
        cmocka_unit_test(bits__the_tests_games__the_reference_turns),
        cmocka_unit_test(bits__an_action_of_an_unknown_kind__is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
