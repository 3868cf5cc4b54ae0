/* test_position.c: position strings (position.h): every position of
 * random games of every shipped game, with every option value, written
 * and read back gives the same state and hash; bad strings are refused
 * with the place of the fault. */
#include "helpers.h"

#include "position.h"

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Whether A and B are the same position, counters included. */
static void assert_same_state(const rm_game *g, const rm_state *a, const rm_state *b,
                              const char *text)
{
    bool same = rm_state_hash(a) == rm_state_hash(b) && rm_state_turn(a) == rm_state_turn(b) &&
                rm_state_to_move(a) == rm_state_to_move(b);
    for (int s = 0; s < 2 && same; s++)
        same = rm_state_phase(a, s) == rm_state_phase(b, s) &&
               rm_state_phase_turns(a, s) == rm_state_phase_turns(b, s);
    for (int k = 0; k < g->nkinds && same; k++)
        same = rm_state_hand(a, k) == rm_state_hand(b, k) &&
               rm_state_on_board(a, k) == rm_state_on_board(b, k);
    for (int p = 0; p < g->board.npoints && same; p++)
        same = rm_state_kind(a, p) == rm_state_kind(b, p) && rm_state_count(a, p) == rm_state_count(b, p);
    if (!same)
        fail_msg("%s: '%s' reads back as another position", g->name, text);
    assert_true(rm_state_hash(b) == rm_hash(g, b));
}

/* Plays GAMES random games of G of at most TURNS turns; writes and reads
 * back every position. Returns the positions checked. */
static long round_trips(const rm_game *g, int games, int turns, uint64_t seed)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    long checked = 0;
    for (int i = 0; i < games; i++) {
        rm_state st;
        rm_initial(g, &st);
        for (int t = 0; t <= turns; t++) {
            char *text = rm_position_string(g, &st);
            assert_non_null(text);
            rm_state back;
            char err[512];
            int at = -1;
            if (rm_parse_position_string(g, text, &back, &at, err, sizeof err) != 0)
                fail_msg("%s: '%s' at %d: %s", g->name, text, at, err);
            assert_same_state(g, &st, &back, text);
            char *again = rm_position_string(g, &back);
            assert_string_equal(text, again);
            free(again);
            free(text);
            checked++;
            int n = rm_legal_turns(g, &st, &l);
            if (n <= 0)
                break;
            int k = (int)(next_random(&seed) % (uint64_t)n);
            rm_apply(g, &st, rm_turn_moves(&l, k), l.turns[k].n);
        }
    }
    rm_turnlist_free(&l);
    return checked;
}

static void position__random_games_of_every_shipped_game_and_option__read_back_the_same(void **state)
{
    (void)state;
    static char names[SHIPPED_MAX][256];
    char dir[4096];
    int nfiles = shipped_games(names, dir);
    long checked = 0;
    for (int f = 0; f < nfiles; f++) {
        char path[8192];
        if (snprintf(path, sizeof path, "%s/%s", dir, names[f]) >= (int)sizeof path)
            fail_msg("the path of %s is too long", names[f]);
        rm_game *g = rm_load_file(path, stderr, NULL);
        assert_non_null(g);
        if (g->rules.present)
            checked += round_trips(g, 3, 60, (uint64_t)f * 7919 + 1);
        for (int o = 0; o < g->noptions; o++)
            for (int v = 0; v < g->options[o].nvalues; v++) {
                if (v == g->options[o].chosen)
                    continue;
                rm_game *h = load_with_value(path, g, o, v);
                if (h->rules.present)
                    checked += round_trips(h, 2, 60, (uint64_t)(f * 31 + v) + 5);
                rm_game_destroy(h);
            }
        rm_game_destroy(g);
    }
    assert_true(nfiles >= 15);
    assert_true(checked > 2000);
}

static void position__start_of_rimau_rimau_a__is_written_as_documented(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    rm_state st;
    rm_initial(g, &st);
    char *text = rm_position_string(g, &st);
    assert_string_equal(text, "8T3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1");
    free(text);
    rm_game_destroy(g);
}

/* Each bad string is refused, at the offset given. */
static void position__bad_strings__are_refused_where_they_go_wrong(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    static const struct {
        const char *text;
        int at;
        const char *says;
    } cases[] = {
        { "", 0, "ends before the board" },
        { "8T3mmm2mmm2mmm3T7 m15 tigers opening,dropping 1", 17, "covers 36 points" },
        { "8T3mmm2mmm2mmm3T9 m15 tigers opening,dropping 1", 16, "pass the board's last point" },
        { "8Q3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1", 1, "no piece has the symbol 'Q'" },
        { "8T[2]3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1", 1, "do not stack" },
        { "8T3mmm2mmm2mmm3T8 m16 tigers opening,dropping 1", 0, "the game has 24" },
        { "8T3mmm2mmm2mmm3T8 m15 lions opening,dropping 1", 22, "no side is named 'lions'" },
        { "8T3mmm2mmm2mmm3T8 m15 tigers hunting,moving:3 1", 44, "it counts at most 0" },
        { "8T3mmm2mmm2mmm3T8 m15 tigers dropping,dropping 1", 29, "no phase 'dropping'" },
        { "8T3mmm2mmm2mmm3T8 m15 tigers opening,dropping 0", 46, "numbered from 1" },
        { "8T3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1 x", 48, "more after" },
        { "8T3mmm2mmm2mmm3T8 m15 tigers opening", 36, "expected ','" },
        { "8T3mmm2mmm2mmm3T8 (lion)2 tigers opening,dropping 1", 18, "no piece is named 'lion'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rm_state st;
        char err[512] = "";
        int at = -1;
        if (rm_parse_position_string(g, cases[i].text, &st, &at, err, sizeof err) == 0)
            fail_msg("'%s' was read", cases[i].text);
        if (!strstr(err, cases[i].says) || at != cases[i].at)
            fail_msg("'%s': at %d: %s (expected at %d: ...%s...)", cases[i].text, at, err,
                     cases[i].at, cases[i].says);
    }
    /* (NAME) names a kind too */
    rm_state st;
    char err[512];
    int at;
    assert_int_equal(rm_parse_position_string(g, "8(tiger)3mmm2mmm2mmm3T8 (man)15 tigers opening,dropping 1",
                                              &st, &at, err, sizeof err), 0);
    rm_game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(position__random_games_of_every_shipped_game_and_option__read_back_the_same),
        cmocka_unit_test(position__start_of_rimau_rimau_a__is_written_as_documented),
        cmocka_unit_test(position__bad_strings__are_refused_where_they_go_wrong),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
