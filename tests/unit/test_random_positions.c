/* test_random_positions.c: the executor's walks against each other on
 * positions placed at random, which no game from the start need reach,
 * over every shipped game and every value of each of its options.
 *
 * A position is placed through the position API (rm_state_set, its
 * counters set): a random number of each kind's pieces (at most the
 * game's) on random points, stacked where the kind stacks, some of the
 * rest in hand where the kind has a hand, a random side to move, each
 * side in a random phase with a random count of turns in it. It must
 * read back from its position string as it was; it is kept when the
 * reference lists its turns (not too many ways to play). On each:
 * - the list against the turns played and the general walk, and against
 *   counting and picking, every index picked (walk_helpers.h);
 * - the bit kernel's count and the positions its turns reach against
 *   the list, on one word and on two (rm_set_bit_kernel_two_words)
 *   where the board fits one, and the two kernels' turns one by one;
 * - where the solver finds the positions before a position by unmoves
 *   (rm_solve_unmoves), its forward pass and its unmoves agree: each
 *   turn of the position into its own tier is found back from the
 *   child, once, and each position found back from the position has one
 *   turn to it.
 * The seed is printed, and a failure names the game, its options and
 * the position string. RIMAU_THOROUGH=1 places more positions.
 */
#include "walk_helpers.h"

#include "players.h"
#include "solve.h"

#define SEED 20260428u
#define MAX_LISTED 60000  /* the general walk's positions compared */
#define MAX_BEFORE 8192   /* positions before one position, by unmoves */

/* The positions placed for each game and option value. */
static int placed(void)
{
    return thorough() ? 200 : quick() ? 12 : 20;
}

/* Whether pieces of kind K can be in hand: it starts there, or a
 * turn drops it. */
static bool has_hand(const rm_game *g, int k)
{
    if (g->kinds[k].hand > 0)
        return true;
    for (int i = 0; i < g->rules.naction_rules; i++)
        if (g->rules.actions[i].type == RM_DROP && g->rules.actions[i].kind == k)
            return true;
    return false;
}

/* A random position of G into ST (see the top). */
static void place(const rm_game *g, uint64_t *rng, rm_state *st)
{
    rm_position pos;
    memset(&pos, 0, sizeof pos);
    memset(pos.kind, -1, sizeof pos.kind);
    int npoints = g->board.npoints, nfree = npoints, free[RM_MAX_POINTS];
    for (int p = 0; p < npoints; p++)
        free[p] = p;
    for (int k = 0; k < g->nkinds; k++) {
        int most = g->kinds[k].count, on = rm_rng_below(rng, most + 1), put = 0, last = -1;
        for (int i = 0; i < on; i++, put++) {
            if (last >= 0 && g->kinds[k].stacks && rm_rng_below(rng, 3) == 0) {
                pos.count[last]++; /* onto the stack of the piece before */
                continue;
            }
            if (nfree == 0)
                break;
            int j = rm_rng_below(rng, nfree);
            last = free[j];
            free[j] = free[--nfree];
            pos.kind[last] = (int8_t)k;
            pos.count[last] = 1;
        }
        int rest = most - put;
        if (has_hand(g, k))
            pos.hand[k] = rm_rng_below(rng, 2) ? rest : rm_rng_below(rng, rest + 1);
    }
    pos.to_move = rm_rng_below(rng, 2);
    int turns[2];
    for (int s = 0; s < 2; s++) {
        pos.phase[s] = g->rules.side_first_phase[s] + rm_rng_below(rng, g->rules.side_nphases[s]);
        turns[s] = rm_rng_below(rng, rm_phase_turns_counted(&g->rules.phases[pos.phase[s]]) + 1);
    }
    rm_state_set(g, st, &pos);
    rm_state_set_clock(g, st, rm_rng_below(rng, 100), turns);
    /* (drawn only in a game that counts: the others' positions stay as
     * they were) */
    if (g->rules.counting) {
        int stall[2], quiet = rm_rng_below(rng, g->rules.quiet_after + 1);
        for (int s = 0; s < 2; s++)
            stall[s] = rm_rng_below(rng, g->rules.stall_after[s] + 1);
        rm_state_set_counters(g, st, stall, quiet);
    }
}

/* What a check gets: the position, its listed turns, and the names that
 * reproduce it. */
typedef struct placed_position {
    const rm_game *g;
    const rm_state *st;
    const rm_turnlist *l;
    const char *what;          /* the game, its options and the position string */
} placed_position;

typedef long position_check(const placed_position *p, void *ctx);

/* Places placed() positions of G (named WHAT) with a seed of its own
 * (from SEED and I), and calls CHECK on each that reads back and whose
 * turns the reference lists. Prints what it kept and what CHECK
 * counted (the positions it compared). */
static void each_placed(const rm_game *g, const char *what, int i, position_check *check,
                        void *ctx, long *totals)
{
    uint64_t rng = SEED + (uint64_t)i * 7919;
    rm_turnlist l;
    rm_turnlist_init(&l);
    long kept = 0, compared = 0;
    for (int n = 0; n < placed(); n++) {
        rm_state st, back;
        place(g, &rng, &st);
        char *ps = rm_position_string(g, &st);
        assert_non_null(ps);
        char where[1024], err[256];
        snprintf(where, sizeof where, "%s, position '%s' (seed %u)", what, ps, SEED);
        int at;
        if (rm_parse_position_string(g, ps, &back, &at, err, sizeof err) != 0)
            fail_msg("%s: its string does not read back: %s (at %d)", where, err, at);
        assert_same_state(g, &back, &st, where, "the position read back");
        free(ps);
        if (rm_legal_turns(g, &st, &l) < 0)
            continue; /* (too many ways to play) */
        kept++;
        compared += check(&(placed_position){ g, &st, &l, where }, ctx);
    }
    rm_turnlist_free(&l);
    print_message("%-50s %5ld kept of %5d placed, %5ld compared\n", what, kept, placed(),
                  compared);
    totals[0] += kept;
    totals[1] += compared;
}

/* Calls VISIT on every shipped game and option value, which adds to
 * TOTALS the positions it kept and those it compared (COMPARED says
 * which), and prints them. */
static void every_game(game_visit *visit, long totals[2], const char *compared)
{
    totals[0] = totals[1] = 0;
    assert_true(for_each_shipped_game(visit, totals) >= 20);
    /* and the test game of the rules that count turns, whose counters
     * are placed at random too */
    const char *dir = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/games/counters.game", dir ? dir : ".");
    int i = 0;
    for_each_option_value(path, "tests/games/counters.game", visit, totals, &i);
    print_message("%ld positions, %ld %s\n", totals[0], totals[1], compared);
}

/* ---- the list, the general walk, counting and picking ---- */

static legal_positions ref;

static long list_check(const placed_position *p, void *ctx)
{
    (void)ctx;
    if (p->l->n <= MAX_LISTED)
        list_matches_walks(p->g, p->st, p->l, &ref, p->what);
    rm_tally tally;
    rm_count_turns(p->g, p->st, &tally);
    return count_and_pick_match_list(p->g, p->st, p->l, &tally, -1, p->what) > 0;
}

static void list_game(const rm_game *g, const char *what, int i, void *ctx)
{
    each_placed(g, what, i, list_check, NULL, ctx);
}

static void random_positions__list__as_the_general_walk_and_count_and_pick(void **state)
{
    (void)state;
    long totals[2];
    legal_positions_init(&ref, MAX_LISTED);
    every_game(list_game, totals, "counted");
    legal_positions_free(&ref);
    /* most positions are kept, and most counted */
    assert_true(totals[0] > 100L * placed());
    assert_true(totals[1] > totals[0] / 2);
}

/* ---- the bit kernel, on one word and on two ---- */

typedef struct kernels {
    const rm_bits *k, *k2;     /* the game's kernel; one of two words for a copy of it */
    const rm_game *g2;
    turn_index index;
} kernels;

/* The kernels K (of one word) and K2 (of two) count the same turns of
 * ST and play each to the same position: the same code on wider words,
 * the same turns in the same order. */
static void kernels_agree(const placed_position *p, const rm_bits *k, const rm_bits *k2)
{
    static rm_btally t, t2;
    rm_bstate bs, bs2, c, c2;
    rm_bits_from_state(k, p->st, &bs);
    rm_bits_from_state(k2, p->st, &bs2);
    int n = rm_bits_count(k, &bs, &t), n2 = rm_bits_count(k2, &bs2, &t2);
    if (n != n2)
        fail_msg("%s: the kernel counts %d turns on one word, %d on two", p->what, n, n2);
    for (int i = 0; i < n; i++) {
        rm_bits_copy(rm_bits_state_size(k), &c, &bs);
        rm_bits_copy(rm_bits_state_size(k2), &c2, &bs2);
        rm_bits_play(k, &c, &t, i);
        rm_bits_play(k2, &c2, &t2, i);
        rm_state a, b;
        rm_bits_to_state(k, &c, &a);
        rm_bits_to_state(k2, &c2, &b);
        char where[64];
        snprintf(where, sizeof where, "turn %d of %d on one word and on two", i, n);
        assert_same_state(p->g, &a, &b, p->what, where);
    }
}

static long bits_check(const placed_position *p, void *ctx)
{
    kernels *x = ctx;
    bits_give_back(p->g, x->k, p->st, p->what);
    int c = bits_match_list(p->g, x->k, p->st, p->l, &x->index, p->what);
    if (x->k2) {
        char what[1200];
        snprintf(what, sizeof what, "%s, the kernel on two words", p->what);
        bits_give_back(x->g2, x->k2, p->st, what);
        bits_match_list(x->g2, x->k2, p->st, p->l, &x->index, what);
        kernels_agree(p, x->k, x->k2);
    }
    return c > 0;
}

static void bits_game(const rm_game *g, const char *what, int i, void *ctx)
{
    kernels x = { rm_bits_get(g), NULL, NULL, { 0 } };
    if (!x.k)
        return;
    rm_game *g2 = NULL;
    if (rm_bits_words(x.k) == 1) {
        /* the same game again, its kernel made on two words */
        rm_choices c = { g->noptions, { NULL }, { NULL } };
        for (int o = 0; o < g->noptions; o++) {
            c.name[o] = g->options[o].name;
            c.value[o] = g->options[o].values[g->options[o].chosen];
        }
        g2 = rm_load_file_with(g->path, &c, stderr, NULL);
        assert_non_null(g2);
        rm_set_bit_kernel_two_words(true);
        x.k2 = rm_bits_get(g2);
        rm_set_bit_kernel_two_words(false);
        assert_non_null(x.k2);
        assert_int_equal(rm_bits_words(x.k2), 2);
        x.g2 = g2;
    }
    each_placed(g, what, i, bits_check, &x, ctx);
    turn_index_free(&x.index);
    rm_game_destroy(g2);
}

static void random_positions__bit_kernel__as_the_list_on_one_word_and_two(void **state)
{
    (void)state;
    long totals[2];
    every_game(bits_game, totals, "counted by the kernel");
    assert_true(totals[1] > totals[0] / 2);
}

/* ---- the solver: its forward pass and its unmoves ---- */

typedef struct solver_check {
    rm_state before[MAX_BEFORE];
    rm_turnlist l;
} solver_check;

/* The positions before ST by unmoves into X->before; their number, -1
 * where the solver does not find them so. */
static int unmoves_of(const rm_game *g, const rm_state *st, solver_check *x, const char *what)
{
    int n = rm_solve_unmoves(g, st, x->before, MAX_BEFORE);
    if (n > MAX_BEFORE)
        fail_msg("%s: %d positions before it, more than the test holds", what, n);
    return n;
}

/* How many of the N positions of B are the position of hash H. */
static int times_in(const rm_state *b, int n, uint64_t h)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += rm_state_hash(&b[i]) == h;
    return k;
}

/* How many turns of ST lead to the position of hash H (L: room). */
static int turns_to(const rm_game *g, const rm_state *st, uint64_t h, rm_turnlist *l)
{
    int n = rm_legal_turns(g, st, l), k = 0;
    for (int i = 0; i < n; i++)
        k += l->turns[i].hash == h;
    return k;
}

static long solver_check_position(const placed_position *p, void *ctx)
{
    solver_check *x = ctx;
    const rm_game *g = p->g;
    /* the solver's positions: no turn played, as its tiers make them */
    rm_state st = *p->st;
    int pt[2] = { rm_state_phase_turns(&st, 0), rm_state_phase_turns(&st, 1) };
    rm_state_set_clock(g, &st, 0, pt);
    int n = unmoves_of(g, &st, x, p->what);
    if (n < 0)
        return 0;
    uint64_t tier = rm_state_progress(&st), h = rm_state_hash(&st);
    /* backwards: each position found before it has one turn to it */
    for (int i = 0; i < n; i++) {
        if (rm_state_progress(&x->before[i]) != tier)
            fail_msg("%s: unmoves found a position of another tier before it", p->what);
        if (times_in(x->before, n, rm_state_hash(&x->before[i])) != 1 ||
            turns_to(g, &x->before[i], h, &x->l) != 1) {
            char *b = rm_position_string(g, &x->before[i]);
            fail_msg("%s: unmoves found '%s' before it %d times; it has %d turns to it", p->what,
                     b, times_in(x->before, n, rm_state_hash(&x->before[i])),
                     turns_to(g, &x->before[i], h, &x->l));
        }
    }
    /* forwards: where the forward pass plays the position (it is not
     * over), each of its turns that stays in its tier is found back */
    rm_turnlist scratch;
    rm_turnlist_init(&scratch);
    bool over = rm_result(g, &st, NULL, &scratch, NULL) != RM_ONGOING;
    rm_turnlist_free(&scratch);
    for (int i = 0; i < p->l->n && !over; i++) {
        rm_state child = st;
        rm_apply(g, &child, rm_turn_moves(p->l, i), p->l->turns[i].n);
        if (rm_state_progress(&child) != tier)
            continue;
        int m = unmoves_of(g, &child, x, p->what);
        if (m < 0)
            fail_msg("%s: the tier is solved by unmoves from the position, not from its child",
                     p->what);
        if (times_in(x->before, m, h) != 1) {
            char *c = rm_position_string(g, &child), *t = rm_turn_text(g, rm_turn_moves(p->l, i),
                                                                      p->l->turns[i].n);
            fail_msg("%s: its turn %s to '%s' is found back %d times by unmoves", p->what, t, c,
                     times_in(x->before, m, h));
        }
    }
    return 1;
}

static void solver_game(const rm_game *g, const char *what, int i, void *ctx)
{
    if (!rm_bits_get(g))
        return;
    solver_check *x = malloc(sizeof *x);
    assert_non_null(x);
    rm_turnlist_init(&x->l);
    each_placed(g, what, i, solver_check_position, x, ctx);
    rm_turnlist_free(&x->l);
    free(x);
}

static void random_positions__solver_unmoves__as_its_forward_pass(void **state)
{
    (void)state;
    long totals[2];
    every_game(solver_game, totals, "in tiers solved by unmoves");
    assert_true(totals[1] > totals[0] / 5);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    print_message("random positions: seed %u, %d placed a game and option value\n", SEED,
                  placed());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_positions__list__as_the_general_walk_and_count_and_pick),
        cmocka_unit_test(random_positions__bit_kernel__as_the_list_on_one_word_and_two),
        cmocka_unit_test(random_positions__solver_unmoves__as_its_forward_pass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
