/* test_position.c: position strings (position.h): every position of
 * random games of every shipped game, with every option value, written
 * and read back gives the same state and hash; bad strings are refused
 * with the place of the fault. */
#include "helpers.h"

#include "position.h"

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

/* Writes the position ST and reads it back; lists its turns in L. */
static int round_trip(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx)
{
    char *text = rm_position_string(g, st);
    assert_non_null(text);
    rm_state back;
    char err[512];
    int at = -1;
    if (rm_parse_position_string(g, text, &back, &at, err, sizeof err) != 0)
        fail_msg("%s: '%s' at %d: %s", g->name, text, at, err);
    assert_same_state(g, st, &back, text);
    char *again = rm_position_string(g, &back);
    assert_string_equal(text, again);
    free(again);
    free(text);
    return rm_legal_turns(g, st, l);
}

/* Random games of G (3 with its default options, 2 with another value),
 * every position written and read back; *CTX counts them. */
static void round_trips(const rm_game *g, const char *what, int i, void *ctx)
{
    if (g->rules.present)
        *(long *)ctx += random_walks(g, strchr(what, ' ') ? 2 : 3, 61, (uint64_t)i * 7919 + 1,
                                     round_trip, NULL);
}

static void position__random_games_of_every_shipped_game_and_option__read_back_the_same(void **state)
{
    (void)state;
    long checked = 0;
    int nfiles = for_each_shipped_game(round_trips, &checked);
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
        { "8\xc3\xa9" "3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1", 1,
          "not ASCII (its byte 0xC3) is no piece's symbol (the pieces: T tiger, m man)" },
        { "8\x01" "3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1", 1,
          "a control character (byte 0x01)" },
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
