/* test_suggest.c: "did you mean" (suggest.h): the distance, the limit
 * by length, ties, and the one shape of the message's end. */
#include "helpers.h"

#include "suggest.h"

/* The text suggested for WORD among the NULL-ended NAMES. */
static const char *among(const char *word, const char *const *names)
{
    static char buf[RM_SUGGEST_TEXT];
    size_t n = 0;
    while (names[n])
        n++;
    return rm_suggest_among(word, names, n, buf, sizeof buf);
}

static void distance__each_edit__counts_one(void **state)
{
    (void)state;
    assert_int_equal(rm_suggest_distance("play", "play", 5), 0);
    assert_int_equal(rm_suggest_distance("paly", "play", 5), 1);   /* a swap */
    assert_int_equal(rm_suggest_distance("mvoes", "moves", 5), 1); /* a swap */
    assert_int_equal(rm_suggest_distance("seeds", "seed", 5), 1);  /* a deletion */
    assert_int_equal(rm_suggest_distance("sed", "seed", 5), 1);    /* an insertion */
    assert_int_equal(rm_suggest_distance("humen", "human", 5), 1); /* a change */
    assert_int_equal(rm_suggest_distance("", "abc", 5), 3);
    assert_int_equal(rm_suggest_distance("abc", "", 5), 3);
    /* kitten -> sitting: k/s, e/i, + g */
    assert_int_equal(rm_suggest_distance("kitten", "sitting", 5), 3);
    /* two swaps apart: 2 */
    assert_int_equal(rm_suggest_distance("abcd", "badc", 5), 2);
    /* a swap and a change */
    assert_int_equal(rm_suggest_distance("tgiers", "tigerz", 5), 2);
}

static void distance__case__is_ignored(void **state)
{
    (void)state;
    assert_int_equal(rm_suggest_distance("PLAY", "play", 5), 0);
    assert_int_equal(rm_suggest_distance("Tigres", "tigers", 5), 1);
}

static void distance__past_the_bound__is_more_than_it(void **state)
{
    (void)state;
    assert_true(rm_suggest_distance("abcdefgh", "zyxwvuts", 2) > 2);
    assert_true(rm_suggest_distance("a", "abcdef", 2) > 2); /* by the lengths alone */
    char longer[RM_SUGGEST_LEN + 2];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    assert_true(rm_suggest_distance(longer, longer, 3) > 3);
}

static void limit__grows_with_the_length(void **state)
{
    (void)state;
    assert_int_equal(rm_suggest_limit(1), 1);
    assert_int_equal(rm_suggest_limit(4), 1);
    assert_int_equal(rm_suggest_limit(5), 2);
    assert_int_equal(rm_suggest_limit(8), 2);
    assert_int_equal(rm_suggest_limit(9), 3);
    assert_int_equal(rm_suggest_limit(40), 3);
}

static void suggest__one_close_name__is_named(void **state)
{
    (void)state;
    const char *commands[] = { "perft", "play", "replay", "selfplay", "solve", NULL };
    assert_string_equal(among("paly", commands), "; did you mean 'play'?");
    const char *prompt[] = { "moves", "show", "undo", "save", "board", "hint", "help", "quit",
                             NULL };
    assert_string_equal(among("mvoes", prompt), "; did you mean 'moves'?");
    assert_string_equal(among("QUIT", prompt), "; did you mean 'quit'?");
}

static void suggest__unrelated_names__are_not_named(void **state)
{
    (void)state;
    const char *commands[] = { "perft", "play", "replay", "selfplay", "solve", NULL };
    assert_string_equal(among("xyzzy", commands), "");
    /* 2 edits are too many for 4 letters, fine for 5 to 8 */
    const char *names[] = { "tigers", "bear", NULL };
    assert_string_equal(among("boar", names), "; did you mean 'bear'?");
    assert_string_equal(among("bxxr", names), "");
    assert_string_equal(among("tgirs", names), "; did you mean 'tigers'?");
    /* a one-letter word: never another letter, only itself in capitals */
    const char *letters[] = { "a", "B", NULL };
    assert_string_equal(among("c", letters), "");
    assert_string_equal(among("b", letters), "; did you mean 'B'?");
    assert_string_equal(among("", letters), "");
}

static void suggest__the_closest__win(void **state)
{
    (void)state;
    const char *names[] = { "rimau-rimau-two-tigers", "rimau-rimau-a", "rimau-rimau-b",
                            "rimau-rimau-plischke", NULL };
    assert_string_equal(among("rimau-rimau", names),
                        "; did you mean 'rimau-rimau-a' or 'rimau-rimau-b'?");
    const char *sides[] = { "tigres", "tigers", NULL };
    assert_string_equal(among("tigers ", sides), "; did you mean 'tigers'?");
}

static void suggest__ties__give_up_to_three_and_no_more(void **state)
{
    (void)state;
    const char *three[] = { "a3", "b3", "c3", NULL };
    assert_string_equal(among("f3", three), "; did you mean 'a3', 'b3' or 'c3'?");
    const char *five[] = { "a3", "b3", "c3", "d3", "e3", NULL };
    assert_string_equal(among("f3", five), "");
    /* a closer one after the ties wins alone */
    const char *after[] = { "a3", "b3", "c3", "d3", "F3", NULL };
    assert_string_equal(among("f3", after), "; did you mean 'F3'?");
    /* a name offered twice is one name */
    const char *twice[] = { "play", "play", NULL };
    assert_string_equal(among("paly", twice), "; did you mean 'play'?");
}

static void suggest__shown_by_a_key__compares_the_closer(void **state)
{
    (void)state;
    rm_suggest s;
    char buf[RM_SUGGEST_TEXT];
    rm_suggest_start(&s, "games/kaooa");
    rm_suggest_offer_as(&s, "games/kaooa", "games/kaooa.game");
    rm_suggest_offer_as(&s, "games/komikan", "games/komikan.game");
    assert_int_equal(rm_suggest_count(&s), 1);
    assert_string_equal(rm_suggest_text(&s, buf, sizeof buf), "; did you mean 'games/kaooa.game'?");
    /* a buffer too small for the whole text gives none, never a cut name */
    assert_string_equal(rm_suggest_text(&s, buf, 20), "");
}

/* A word within a longer text: its bytes alone are compared ("mvoes c7"
 * at the prompt: 'mvoes'); one longer than RM_SUGGEST_LEN is refused. */
static void suggest__a_word_within_a_text__is_its_bytes_alone(void **state)
{
    (void)state;
    rm_suggest s;
    const char *line = "mvoes c7";
    assert_int_equal(rm_suggest_start_n(&s, line, 5), 0);
    rm_suggest_offer(&s, "moves");
    rm_suggest_offer(&s, "show");
    char buf[RM_SUGGEST_TEXT];
    assert_string_equal(rm_suggest_text(&s, buf, sizeof buf), "; did you mean 'moves'?");
    char long_word[RM_SUGGEST_LEN + 2];
    memset(long_word, 'a', sizeof long_word);
    assert_int_equal(rm_suggest_start_n(&s, long_word, RM_SUGGEST_LEN + 1), -1);
    assert_int_equal(rm_suggest_start_n(&s, long_word, RM_SUGGEST_LEN), 0);
    assert_int_equal(rm_suggest_count(&s), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(distance__each_edit__counts_one),
        cmocka_unit_test(distance__case__is_ignored),
        cmocka_unit_test(distance__past_the_bound__is_more_than_it),
        cmocka_unit_test(limit__grows_with_the_length),
        cmocka_unit_test(suggest__one_close_name__is_named),
        cmocka_unit_test(suggest__unrelated_names__are_not_named),
        cmocka_unit_test(suggest__the_closest__win),
        cmocka_unit_test(suggest__ties__give_up_to_three_and_no_more),
        cmocka_unit_test(suggest__shown_by_a_key__compares_the_closer),
        cmocka_unit_test(suggest__a_word_within_a_text__is_its_bytes_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
