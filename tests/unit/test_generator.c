/* test_generator.c: the turn generator against itself, over every shipped
 * game and every value of each of its options.
 *
 * rm_legal_turns lists the turns of a one-step pattern without making
 * them, working out the hash of the position each reaches, and merges
 * turns by position only where the pattern may need it. These tests walk
 * random games and check, at every position, that
 * - each listed turn's hash is the hash of the position rm_apply reaches,
 *   and that hash is the one rm_hash computes from scratch;
 * - the same moves, checked and filled in by rm_apply_checked, reach the
 *   same position;
 * - the set of positions listed is exactly the set that every move
 *   sequence of the general walk (rm_generate) reaches, after compulsory
 *   captures;
 * - the turns listed are no more than the derive step's estimate of the
 *   partial turns of the turn line in force (rm_turn_rule.log10_ways).
 * Perft to depth 2, from the start and along a random game, is the same
 * with turns counted at its last ply (bulk perft) as with them listed.
 * And listing is bounded: the shipped games stay far below the limit of
 * work, a position past it is refused within seconds, and the time limit
 * stops a listing that takes too long.
 */
#include "walk_helpers.h"

#include "exec.h"
#include "moves.h"

#include <math.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#define MAX_POSITIONS 60000

static legal_positions ref;

/* Whether the turn line T has a chain of captures that takes each piece
 * from a new point (its targets do not stack in play, or leave at the
 * chain's end). The estimate counts such a chain as one line of captures, though
 * it branches where the enemy stands in a lattice around the capturing
 * piece: it is no bound there (doc/language.md, "Too many ways to play"),
 * and Komikan's puma among its dogs passes it in play. */
static bool branching_chain(const rm_game *g, const rm_turn_rule *t)
{
    for (int s = 0; s < t->nsteps; s++)
        for (int k = 0; k < t->steps[s].nalts; k++) {
            const rm_action_rule *a = &g->rules.actions[t->steps[s].alt[k]];
            if (a->type != RM_CAPTURE || a->chain == RM_CHAIN_NONE)
                continue;
            bool stacks = false;
            for (int j = 0; j < g->nkinds; j++)
                if (a->targets >> j & 1)
                    stacks |= g->kinds[j].stacks_in_play;
            if (!stacks || a->remove_at_end)
                return true;
        }
    return false;
}

/* Checks that the N turns of ST are within the estimate of the partial
 * turns of the turn line in force: a bound that the turns of real
 * positions keep to (a distinct turn is at least one partial turn), but
 * for chains that branch (above). */
static void check_estimate(const rm_game *g, const rm_state *st, int n, const char *what)
{
    int side = rm_state_to_move(st);
    const rm_phase *ph = rm_side_phase(g, st, side);
    int t = rm_state_phase_turns(st, side);
    const rm_turn_rule *line = &ph->turns[t < ph->nturns ? t : ph->nturns - 1];
    if (branching_chain(g, line))
        return;
    double ways = line->log10_ways;
    if (log10(n) > ways + 1e-9)
        fail_msg("%s: %d turns, more than the estimate of 10^%.2f", what, n, ways);
}

/* Checks the position ST of G; returns the number of turns it has. */
static int check_position(const rm_game *g, const rm_state *st, rm_turnlist *l, const char *what)
{
    if (rm_result(g, st, NULL, l, NULL) != RM_ONGOING)
        return 0; /* a finished game: no turn to play */
    int n = l->n;
    if (n < 0 || n > MAX_POSITIONS)
        return 0; /* too many ways to play: nothing to compare */
    check_estimate(g, st, n, what);
    list_matches_walks(g, st, l, &ref, what);
    return n;
}

/* check_position as random_walks calls it: CTX is the game's name. */
static int check_visit(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx)
{
    int n = check_position(g, st, l, ctx);
    /* a shipped game never comes near the limit of work */
    if (n > 0 && l->work > RM_MAX_GEN_WORK / 100)
        fail_msg("%s: a position took %ld units of work to list", (const char *)ctx, l->work);
    return n;
}

/* Random games of G (3 with its default options, 2 with another value),
 * every position checked; *CTX counts them. */
static void walk(const rm_game *g, const char *what, int i, void *ctx)
{
    *(long *)ctx += random_walks(g, strchr(what, ' ') ? 2 : 3, 80, (uint64_t)i + 1, check_visit,
                                 (void *)what);
}

static void generator__every_shipped_game_and_option__turns_match_the_general_walk(void **state)
{
    (void)state;
    long positions = 0;
    int files = for_each_shipped_game(walk, &positions);
    assert_true(files >= 15);
    assert_true(positions > 1000);
}

/* Perft to depth 2 from ST with turns counted and then listed: the same
 * number both ways (the last ply is counted where it can be, bulk perft).
 * Returns the turns of ST, listed into L; *COUNTED notes a position whose
 * turns rm_count_turns counts. */
typedef struct bulk_walk {
    const char *what;
    long counted;
} bulk_walk;

static int bulk_visit(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx)
{
    bulk_walk *b = ctx;
    rm_turnlist lists[2];
    rm_turnlist_init(&lists[0]);
    rm_turnlist_init(&lists[1]);
    bool failed_on = false, failed_off = false;
    uint64_t on = rm_perft(g, st, 2, lists, &failed_on);
    rm_set_count_turns(false);
    uint64_t off = rm_perft(g, st, 2, lists, &failed_off);
    rm_set_count_turns(true);
    rm_turnlist_free(&lists[0]);
    rm_turnlist_free(&lists[1]);
    if (on != off || failed_on != failed_off)
        fail_msg("%s, turn %d: perft 2 is %llu counting, %llu listing", b->what,
                 rm_state_turn(st), (unsigned long long)on, (unsigned long long)off);
    rm_tally t;
    b->counted += rm_count_turns(g, st, &t) > 0;
    return rm_legal_turns(g, st, l);
}

/* Perft 2 from the start of G and along a random game of it. */
static void bulk_game(const rm_game *g, const char *what, int i, void *ctx)
{
    bulk_walk *b = ctx;
    b->what = what;
    random_walks(g, 1, 24, (uint64_t)i + 7, bulk_visit, b);
}

static void perft__counting_on_or_off__same_counts_on_every_shipped_game(void **state)
{
    (void)state;
    bulk_walk b = { NULL, 0 };
    int files = for_each_shipped_game(bulk_game, &b);
    assert_true(files >= 15);
    assert_true(b.counted > 100);
}

/* The same for the direction filters' test game, whose filters the
 * shipped games may not all use: each move, each capture of a chain,
 * listed by one way is listed by the other. */
/* walk on every option value of the test game FILE (tests/games/FILE),
 * from seed I: the positions walked. */
static long walk_test_game(const char *file, int i)
{
    const char *dir = getenv("srcdir");
    char path[4096], what[300];
    snprintf(path, sizeof path, "%s/tests/games/%s", dir ? dir : ".", file);
    snprintf(what, sizeof what, "tests/games/%s", file);
    long positions = 0;
    for_each_option_value(path, what, walk, &positions, &i);
    return positions;
}

static void generator__direction_filters__turns_match_the_general_walk(void **state)
{
    (void)state;
    assert_true(walk_test_game("directions.game", 7) > 500);
}

/* The same for huffing's test game, under each reading: a turn that
 * huffs at once, the opponent's turn that begins with the huff, each
 * listed as the general walk makes it and as rm_apply plays it. */
static void generator__huffing__turns_match_the_general_walk(void **state)
{
    (void)state;
    assert_true(walk_test_game("huff.game", 11) > 100);
}

/* Games that use the rules narrowing or extending a move ('not back',
 * 'with final step', 'stacks in setup', 'to empty', compulsory captures
 * per piece, compulsory drops), alone and together. */
static const char *const narrowed_games[] = {
    "game \"bagh\"\n"
    "board { grid 5 x 5 diagonals alternate }\n"
    "side tigers { piece tiger 2 }\n"
    "side goats { piece goat 20 stacks in setup }\n"
    "setup { tiger at c1 c5; goat 5 at b2 d2 b4 d4 }\n"
    "phase hunt of tigers { turn step tiger or capture tiger chain not back with final step\n"
    "  captures compulsory per piece }\n"
    "phase move of goats { turn step goat }\n",

    "game \"cows\"\n"
    "board { grid 5 x 5 diagonals alternate }\n"
    "side tigers { piece tiger 2 }\n"
    "side cows { piece cow 16 stacks }\n"
    "setup { tiger at c3; tiger in hand 1; cow 2 at a1 e1; cow in hand 12 }\n"
    "phase hunt of tigers { turn drop tiger or step tiger or capture tiger chain must continue "
    "not back\n  captures compulsory per piece; drops compulsory }\n"
    "phase graze of cows { turn drop cow to empty or step cow or leap cow over cow to empty\n"
    "  drops compulsory }\n",

    "game \"steps\"\n"
    "board { grid 4 x 4 }\n"
    "side tigers { piece tiger 2 }\n"
    "side men { piece man 10 stacks }\n"
    "setup { tiger at a1 d4; man 2 at b2 c3; man at b3 c2 a3 d2 }\n"
    "phase hunt of tigers { turn step tiger or capture tiger chain not back removing at end "
    "with final step then step tiger optional\n  captures compulsory per piece }\n"
    "phase move of men { turn drop man or step man to empty or leap man over tiger to empty }\n",

    "game \"vulture\"\n"
    "board { grid 5 x 5 diagonals alternate }\n"
    "side vulture { piece vulture 1 }\n"
    "side crows { piece crow 7 }\n"
    "setup { vulture at c3; crow in hand 7 }\n"
    "rules { first crows }\n"
    "phase hunt of vulture { turn step vulture or capture vulture with final step }\n"
    "phase fly of crows { turn drop crow or step crow; drops compulsory }\n",

    /* every new rule of issue 17 at once: filters, chains, stacks,
     * compulsory rules, a blocked side that passes, placing before play */
    "game \"all\"\n"
    "board { grid 5 x 5 diagonals alternate }\n"
    "side tigers { piece tiger 2; forward down }\n"
    "side goats { piece goat 14 stacks in setup; forward up }\n"
    "setup { goat 2 at b2 d2 c1; goat in hand 8 }\n"
    "rules { first goats; goats when blocked pass; tigers when blocked pass }\n"
    "phase place of tigers before play { turn drop tiger in row 5 2 times; ends after 1 turn }\n"
    "phase hunt of tigers { turn step tiger or capture tiger forward, sideways chain not back "
    "with final step\n  captures compulsory per piece }\n"
    "phase enter of goats { turn drop goat to empty or step goat forward, orthogonal\n"
    "  drops compulsory; ends when hand empty }\n"
    "phase move of goats { turn step goat forward, sideways }\n",
};

static void generator__narrowing_rules__turns_match_the_general_walk(void **state)
{
    (void)state;
    long positions = 0;
    for (size_t i = 0; i < sizeof narrowed_games / sizeof *narrowed_games; i++) {
        rm_game *g = load_ok(narrowed_games[i]);
        positions += random_walks(g, 6, 80, 7 * i + 1, check_visit, g->name);
        rm_game_destroy(g);
    }
    assert_true(positions > 300);
}

/* A pattern whose turns may merge (a step and a slide of one kind reach
 * the same points) lists each position once. */
static void generator__step_or_slide__lists_each_position_once(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"t\"\n" RIMAU_BOARD
                         "side tigers { piece tiger 1 }\n"
                         "side men { piece man 1 }\n"
                         "setup { tiger at c5\n man at a3 }\n"
                         "phase hunt of tigers { turn step tiger or slide tiger }\n"
                         "phase move of men { turn step man }\n");
    rm_state st;
    rm_initial(g, &st);
    rm_turnlist l;
    rm_turnlist_init(&l);
    /* From c5, the centre: four points up (to c9) and four down (to c1),
     * two each way along the row, two along each diagonal but one towards
     * the man on a3: 19 points. Each of the 8 steps reaches a point a
     * slide reaches too: 27 sequences, 19 positions. */
    int n = check_position(g, &st, &l, "step or slide");
    assert_int_equal(n, 19);
    assert_int_equal(ref.walked, 27);
    rm_turnlist_free(&l);
    rm_game_destroy(g);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What listing the first position of tests/limits/slow-chains.game did,
 * one bit each. */
enum {
    SLOW_REFUSED = 1,          /* rm_legal_turns returned -1 */
    SLOW_TOO_MANY = 2,
    SLOW_TOO_SLOW = 4,
    SLOW_PAST_WORK = 8,        /* its work reached RM_MAX_GEN_WORK */
    SLOW_WITHIN_60S = 16,
    SLOW_KILLED = 32           /* the alarm ended it after 120 s */
};

/* Lists the first position of tests/limits/slow-chains.game, which has
 * more ways to play than can be listed, under the time limit LIMIT, in a
 * child process that an alarm kills after 120 s: a walk that counts
 * nothing, and so never stops, fails a test rather than hang it. */
static int list_slow_chains(double limit)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(120);
        const char *dir = getenv("srcdir");
        char path[4096];
        snprintf(path, sizeof path, "%s/tests/limits/slow-chains.game", dir ? dir : ".");
        rm_game *g = rm_load_file(path, stderr, NULL);
        if (!g)
            _exit(64);
        rm_set_gen_time_limit(limit);
        rm_state st;
        rm_initial(g, &st);
        rm_turnlist l;
        rm_turnlist_init(&l);
        double t0 = seconds_now();
        int n = rm_legal_turns(g, &st, &l);
        double seconds = seconds_now() - t0;
        _exit((n == -1 ? SLOW_REFUSED : 0) | (l.too_many ? SLOW_TOO_MANY : 0) |
              (l.too_slow ? SLOW_TOO_SLOW : 0) | (l.work >= RM_MAX_GEN_WORK ? SLOW_PAST_WORK : 0) |
              (seconds < 60 ? SLOW_WITHIN_60S : 0));
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 64)
        fail_msg("cannot load tests/limits/slow-chains.game; is srcdir set?");
    return WIFEXITED(status) ? WEXITSTATUS(status) : SLOW_KILLED;
}

/* Chains of captures among stacks, which took minutes when only partial
 * turns were counted, reach the limit of work within seconds: refused as
 * too many ways to play, by the count of work, not by the clock (the time
 * limit, set to 90 s here, fires only if the work is not counted: under
 * ASan on a loaded machine the work once took more than 30 s). */
static void generator__slow_chains__refused_by_the_work_within_seconds(void **state)
{
    (void)state;
    assert_int_equal(list_slow_chains(90),
                     SLOW_REFUSED | SLOW_TOO_MANY | SLOW_PAST_WORK | SLOW_WITHIN_60S);
}

/* The time limit stops a listing that goes on too long, with its reason. */
static void generator__time_limit__stops_a_slow_listing(void **state)
{
    (void)state;
    assert_int_equal(list_slow_chains(0.001),
                     SLOW_REFUSED | SLOW_TOO_MANY | SLOW_TOO_SLOW | SLOW_WITHIN_60S);
    rm_set_gen_time_limit(0.001);
    assert_true(rm_gen_time_limit() == 0.001);
    rm_turnlist l;
    rm_turnlist_init(&l);
    l.failed = l.too_many = l.too_slow = true;
    char why[128];
    assert_string_equal(rm_turns_failure(&l, why, sizeof why),
                        "listing the turns of this position took more than 0.001 s");
    rm_set_gen_time_limit(RM_GEN_SECONDS);
    assert_true(rm_gen_time_limit() == RM_GEN_SECONDS);
}

/* An action of a kind the generator does not know (one added to
 * rules.h and to no walk) fails the listing with its reason, and is
 * neither counted nor listed as no turns by the walks of one move: the
 * first alternative of the start, then each of them, made unknown. */
static void generator__an_action_of_an_unknown_kind__fails_the_listing(void **state)
{
    (void)state;
    rm_game *g = load_shipped("adugo.game");
    rm_state st;
    rm_initial(g, &st);
    const rm_phase *ph = rm_side_phase(g, &st, rm_state_to_move(&st));
    const rm_step_rule *s = &ph->turns[0].steps[0];
    assert_true(ph->turns[0].countable);
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_tally t;
    assert_true(rm_legal_turns(g, &st, &l) > 0);
    assert_true(rm_count_turns(g, &st, &t) > 0);
    for (int i = 0; i < s->nalts; i++) {
        rm_action_rule *a = &g->rules.actions[s->alt[i]];
        rm_action_rule was = *a;
        a->type = (rm_action_type)(RM_RELOCATE + 7);
        assert_int_equal(rm_count_turns(g, &st, &t), 0);
        assert_int_equal(rm_legal_turns(g, &st, &l), -1);
        assert_true(l.failed && l.unknown && !l.too_many);
        char why[128];
        assert_string_equal(rm_turns_failure(&l, why, sizeof why),
                            "the rules have an action of a kind this program cannot play");
        *a = was;
        assert_true(rm_legal_turns(g, &st, &l) > 0 && !l.unknown);
    }
    rm_turnlist_free(&l);
    rm_game_destroy(g);
}

/* Each word an action carries (moves.h) makes a walk that does not know
 * it refuse the action, and the games' actions are known to the walks
 * that know every word: over every shipped game and test game, and
 * every option value, all words seen (WORDS) come to at least the ten of
 * the language today. */

static void words_of_game(const rm_game *g, const char *what, int i, void *ctx)
{
    (void)what, (void)i;
    unsigned *words = ctx;
    for (int a = 0; a < g->rules.naction_rules; a++) {
        const rm_action_rule *r = &g->rules.actions[a];
        unsigned w = rm_action_words(r);
        *words |= w;
        assert_true(rm_action_known(r, RM_WORDS_ALL));
        for (unsigned bit = 1; bit <= w; bit <<= 1)
            if (w & bit)
                assert_false(rm_action_known(r, RM_WORDS_ALL & ~bit));
    }
}

static void moves__a_word_a_walk_does_not_know__is_refused(void **state)
{
    (void)state;
    unsigned words = 0;
    for_each_shipped_game(words_of_game, &words);
    for_each_game_in("tests/games", words_of_game, &words);
    /* (no game file carries 'with final step': test_chains.c's texts do;
     * here a capture of Adugo is given one) */
    rm_game *g = load_shipped("adugo.game");
    for (int a = 0; a < g->rules.naction_rules; a++) {
        rm_action_rule r = g->rules.actions[a];
        if (r.type != RM_CAPTURE || r.final_step)
            continue;
        r.final_step = true;
        assert_true(rm_action_words(&r) & RM_WORD_FINAL_STEP);
        assert_false(rm_action_known(&r, RM_WORDS_ALL & ~RM_WORD_FINAL_STEP));
        words |= RM_WORD_FINAL_STEP;
    }
    rm_game_destroy(g);
    assert_int_equal(words, RM_WORDS_ALL);
}

static int setup(void **state)
{
    (void)state;
    legal_positions_init(&ref, MAX_POSITIONS);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    legal_positions_free(&ref);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generator__every_shipped_game_and_option__turns_match_the_general_walk),
        cmocka_unit_test(perft__counting_on_or_off__same_counts_on_every_shipped_game),
        cmocka_unit_test(generator__direction_filters__turns_match_the_general_walk),
        cmocka_unit_test(generator__huffing__turns_match_the_general_walk),
        cmocka_unit_test(generator__narrowing_rules__turns_match_the_general_walk),
        cmocka_unit_test(generator__step_or_slide__lists_each_position_once),
        cmocka_unit_test(generator__slow_chains__refused_by_the_work_within_seconds),
        cmocka_unit_test(generator__time_limit__stops_a_slow_listing),
        cmocka_unit_test(generator__an_action_of_an_unknown_kind__fails_the_listing),
        cmocka_unit_test(moves__a_word_a_walk_does_not_know__is_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
