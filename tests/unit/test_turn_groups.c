/* test_turn_groups.c: turns that one line stands for (rm_turn_groups,
 * rm_format_group in notation.h), and turns of several drops read in
 * any order, parted by blanks, or with too few drops (rm_parse_turn). */
#include "turn_helpers.h" /* (first: helpers.h asks for POSIX's names) */

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Men drop two pieces a turn on a 3 x 2 board whose b1 holds the tiger:
 * any two of the 5 empty points, C(5, 2) = 10 turns; with EACH_SIDE,
 * one on the left column and one on the right instead (4 turns). */
static rm_game *two_drops(bool each_side)
{
    return loadf("game \"test\"\n"
                 "board { grid 3 x 2 }\n"
                 "region left = a1, a2\n"
                 "region right = c1, c2\n"
                 "side tigers { piece tiger 1 }\n"
                 "side men { piece man 4 }\n"
                 "setup { tiger at b1 }\n"
                 "rules { first men }\n"
                 "phase enter of men { turn %s; ends when hand empty }\n"
                 "phase move of men { turn step man }\n"
                 "phase hunt of tigers { turn step tiger }\n",
                 each_side ? "drop man in left then drop man in right" : "drop man 2 times");
}

/* The groups of the start's turns (SHOWN: those to group, or NULL), the
 * first one's line in TEXT. */
static int groups_of_start(const rm_game *g, rm_turnlist *l, const bool *shown,
                           rm_turn_group *groups, int *group_of, char *text, size_t size)
{
    rm_state st = start(g);
    assert_true(rm_legal_turns(g, &st, l) >= 0);
    int n = rm_turn_groups(l, shown, groups, group_of);
    text[0] = '\0';
    if (n > 0)
        rm_format_group(g, l, &groups[0], text, size);
    return n;
}

static void groups__every_pair_of_points__is_one_line(void **state)
{
    (void)state;
    rm_game *g = two_drops(false);
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_turn_group groups[RM_MAX_TURN_GROUPS];
    int group_of[64];
    char text[256];
    assert_int_equal(groups_of_start(g, &l, NULL, groups, group_of, text, sizeof text), 1);
    assert_int_equal(l.n, 10);
    for (int i = 0; i < l.n; i++)
        assert_int_equal(group_of[i], 0);
    assert_int_equal(groups[0].nturns, 10);
    assert_int_equal(groups[0].k, 2);
    assert_int_equal(groups[0].nfixed, 0);
    assert_int_equal(groups[0].npoints, 5);
    assert_string_equal(text, "2 drops on any of the 5 points a1 c1 a2 b2 c2 (10 turns, e.g. a1,c1)");
    rm_turnlist_free(&l);
    rm_game_destroy(g);
}

static void groups__turns_narrowed_to_a_point__keep_it_in_each(void **state)
{
    (void)state;
    rm_game *g = two_drops(false);
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_turn_group groups[RM_MAX_TURN_GROUPS];
    int group_of[64];
    char text[256];
    rm_state st = start(g);
    assert_true(rm_legal_turns(g, &st, &l) >= 0);
    bool shown[64] = { false };
    int b2 = pt(g, "b2"), n = 0;
    for (int i = 0; i < l.n; i++)
        for (int j = 0; j < l.turns[i].n; j++)
            if (rm_turn_moves(&l, i)[j].to == b2)
                shown[i] = true, n++;
    assert_int_equal(n, 4); /* b2 and any other of the 4 empty points */
    assert_int_equal(groups_of_start(g, &l, shown, groups, group_of, text, sizeof text), 1);
    assert_int_equal(groups[0].nturns, 4);
    assert_int_equal(groups[0].nfixed, 1);
    for (int i = 0; i < l.n; i++)
        assert_int_equal(group_of[i], shown[i] ? 0 : -1);
    assert_string_equal(text, "2 drops: on b2, and 1 on any of the 4 points a1 c1 a2 c2 (4 turns, "
                              "e.g. a1,b2)");
    rm_turnlist_free(&l);
    rm_game_destroy(g);
}

static void groups__one_drop_on_each_side__is_no_group(void **state)
{
    (void)state;
    rm_game *g = two_drops(true);
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_turn_group groups[RM_MAX_TURN_GROUPS];
    int group_of[64];
    char text[256];
    /* 4 pairs of the 4 points a1 a2 c1 c2, of their 6: not every pair */
    assert_int_equal(groups_of_start(g, &l, NULL, groups, group_of, text, sizeof text), 0);
    assert_int_equal(l.n, 4);
    for (int i = 0; i < l.n; i++)
        assert_int_equal(group_of[i], -1);
    rm_turnlist_free(&l);
    rm_game_destroy(g);
}

static void parse__drops_in_any_order_or_parted_by_blanks__are_one_turn(void **state)
{
    (void)state;
    rm_game *g = two_drops(false);
    rm_state st = start(g);
    const char *texts[] = { "a1,c2", "c2,a1", "a1 c2", "c2  a1", " c2 , a1 " };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        rm_move moves[RM_MAX_TURN_MOVES];
        int n = 0;
        char err[256] = "", text[64];
        if (rm_parse_turn(g, &st, texts[i], moves, &n, err, sizeof err) != 0)
            fail_msg("'%s': %s", texts[i], err);
        rm_format_turn(g, moves, n, text, sizeof text);
        assert_string_equal(text, "a1,c2");
    }
    rm_game_destroy(g);
}

static void parse__too_few_drops__says_how_many_the_turn_places(void **state)
{
    (void)state;
    rm_game *g = two_drops(false);
    rm_state st = start(g);
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256] = "";
    assert_int_equal(rm_parse_turn(g, &st, "a1", moves, &n, err, sizeof err), -1);
    assert_string_equal(err, "not a legal turn here: this turn places 2 pieces; you gave 1");
    rm_game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(groups__every_pair_of_points__is_one_line),
        cmocka_unit_test(groups__turns_narrowed_to_a_point__keep_it_in_each),
        cmocka_unit_test(groups__one_drop_on_each_side__is_no_group),
        cmocka_unit_test(parse__drops_in_any_order_or_parted_by_blanks__are_one_turn),
        cmocka_unit_test(parse__too_few_drops__says_how_many_the_turn_places),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
