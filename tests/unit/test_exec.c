/* test_exec.c: the executor, action by action, on small hand-made boards. */
#include "helpers.h"

#include "exec.h"
#include "match.h"
#include "notation.h"

/* A game on a 5 x 5 alquerque board with tigers and men, whose tiger turn
 * and setup are given. */
static rm_game *hunt(const char *tiger_turn, const char *setup, const char *extra)
{
    char text[4096];
    snprintf(text, sizeof text,
             "game \"t\"\nboard { grid 5 x 5 diagonals alternate }\n"
             "side tigers { piece tiger 2 stacks }\nside men { piece man 12 stacks\n piece woman 1 }\n"
             "setup { %s }\nrules { first tigers }\n"
             "phase hunting of tigers { turn %s\n %s }\n"
             "phase moving of men { turn step man or step woman }\n",
             setup, tiger_turn, extra);
    return load_ok(text);
}

/* The legal turns of the start, as text sorted and joined by spaces. */
static char *turns_of(const rm_game *g, const rm_state *st)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    int n = rm_legal_turns(g, st, &l);
    assert_true(n >= 0);
    char **texts = calloc((size_t)n + 1, sizeof *texts);
    size_t total = 1;
    for (int i = 0; i < n; i++) {
        char buf[RM_MAX_TURN_TEXT];
        rm_format_turn(g, rm_turn_moves(&l, i), l.turns[i].n, buf, sizeof buf);
        texts[i] = strdup(buf);
        total += strlen(buf) + 1;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (strcmp(texts[j], texts[i]) < 0) {
                char *t = texts[i];
                texts[i] = texts[j];
                texts[j] = t;
            }
    char *out = calloc(total, 1);
    for (int i = 0; i < n; i++) {
        strcat(out, i ? " " : "");
        strcat(out, texts[i]);
        free(texts[i]);
    }
    free(texts);
    rm_turnlist_free(&l);
    return out;
}

static void expect_turns(const rm_game *g, const rm_state *st, const char *want)
{
    char *got = turns_of(g, st);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "turns: got '%s'\n     want '%s'\n", got, want);
    assert_string_equal(got, want);
    free(got);
}

static bool legal(const rm_game *g, const rm_state *st, const char *turn)
{
    rm_move m[RM_MAX_TURN_MOVES];
    int n;
    char err[256];
    return rm_parse_turn(g, st, turn, m, &n, err, sizeof err) == 0;
}

static void play(const rm_game *g, rm_state *st, const char *turn)
{
    rm_move m[RM_MAX_TURN_MOVES];
    int n;
    char err[256];
    if (rm_parse_turn(g, st, turn, m, &n, err, sizeof err) != 0)
        fprintf(stderr, "%s: %s\n", turn, err);
    assert_int_equal(rm_parse_turn(g, st, turn, m, &n, err, sizeof err), 0);
    rm_apply(g, st, m, n);
    assert_true(st->hash == rm_hash(g, st));
}

static void step__to_adjacent_empty_points_only(void **state)
{
    (void)state;
    rm_game *g = hunt("step tiger", "tiger at a1 e5\n man at b1", "");
    rm_state st;
    rm_initial(g, &st);
    /* a1: b1 is taken, a2 and b2 (diagonal) are free; e5: d5, e4, d4 */
    expect_turns(g, &st, "a1-a2 a1-b2 e5-d4 e5-d5 e5-e4");
    rm_game_destroy(g);
}

static void step__onto_own_stack__when_the_kind_stacks(void **state)
{
    (void)state;
    rm_game *g = hunt("step tiger", "tiger at a1 a2\n man at b1 b2", "");
    rm_state st;
    rm_initial(g, &st);
    assert_true(legal(g, &st, "a1-a2"));
    play(g, &st, "a1-a2");
    assert_int_equal(st.count[pt(g, "a2")], 2);
    assert_int_equal(st.kind[pt(g, "a1")], -1);
    rm_game_destroy(g);
}

static void slide__any_distance_through_empty_points(void **state)
{
    (void)state;
    rm_game *g = hunt("slide tiger", "tiger at a1\n man at d1 c3", "");
    rm_state st;
    rm_initial(g, &st);
    /* east to b1 c1 (d1 blocks), north a2..a5, north-east b2 (c3 blocks) */
    expect_turns(g, &st, "a1-a2 a1-a3 a1-a4 a1-a5 a1-b1 a1-b2 a1-c1");
    rm_game_destroy(g);
}

static void capture__short_leap__over_one_to_the_empty_point_beyond(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger", "tiger at a1\n man at a2 b1 b2 c1", "");
    rm_state st;
    rm_initial(g, &st);
    /* a2 -> a3 free; b2 -> c3 free; b1 -> c1 is taken */
    expect_turns(g, &st, "a1xa3 a1xc3");
    play(g, &st, "a1xa3");
    assert_int_equal(st.kind[pt(g, "a2")], -1);
    assert_int_equal(st.on_board[game_kind(g, "man")], 3);
    rm_game_destroy(g);
}

static void capture__at_the_board_edge__has_no_landing_point(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger", "tiger at a2\n man at a1 b2", "");
    rm_state st;
    rm_initial(g, &st);
    /* over a1 there is no point beyond; over b2 lands on c2 */
    expect_turns(g, &st, "a2xc2");
    rm_game_destroy(g);
}

static void capture__odd_lines__three_taken_two_block(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger lines odd", "tiger at a1 e1\n man at a2 a3 a4 b1 c1", "");
    rm_state st;
    rm_initial(g, &st);
    /* a1: a2 a3 a4 then a5 empty: a line of 3; b1 c1 then d1: 2 block;
     * e1: d1 empty, nothing to leap */
    expect_turns(g, &st, "a1xa5");
    play(g, &st, "a1xa5");
    assert_int_equal(st.on_board[game_kind(g, "man")], 2);
    assert_int_equal(st.kind[pt(g, "a3")], -1);
    rm_game_destroy(g);
}

static void capture__line_with_a_gap__is_not_one_line(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger lines 1, 3", "tiger at a1\n man at a2 a4", "");
    rm_state st;
    rm_initial(g, &st);
    expect_turns(g, &st, "a1xa3");
    rm_game_destroy(g);
}

static void capture__without_chain__one_leap(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger", "tiger at a1\n man at a2 a4", "");
    rm_state st;
    rm_initial(g, &st);
    assert_true(legal(g, &st, "a1xa3"));
    assert_false(legal(g, &st, "a1xa3xa5"));
    rm_game_destroy(g);
}

static void capture__chain__may_stop_after_any_capture(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger chain", "tiger at a1\n man at a2 a4", "");
    rm_state st;
    rm_initial(g, &st);
    expect_turns(g, &st, "a1xa3 a1xa3xa5");
    rm_game_destroy(g);
}

static void capture__chain_must_continue__no_stopping(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger chain must continue", "tiger at a1\n man at a2 a4", "");
    rm_state st;
    rm_initial(g, &st);
    expect_turns(g, &st, "a1xa3xa5");
    rm_game_destroy(g);
}

static void capture__removal_at_once__chain_lands_on_an_emptied_point(void **state)
{
    (void)state;
    /* a1 x a3 (over a2), a3 x c3 (over b3), c3 x a1? no line. Use a loop
     * back over the emptied a2: c1 x a1 needs b1; then a1 x a3 crosses a2. */
    const char *setup = "tiger at c3\n man at b3 a2 b1";
    rm_game *once = hunt("capture tiger chain", setup, "");
    rm_game *end = hunt("capture tiger chain removing at end", setup, "");
    rm_state s1, s2;
    rm_initial(once, &s1);
    rm_initial(end, &s2);
    /* c3 x a3 (over b3), a3 x a1 (over a2), a1 x c1 (over b1) in both;
     * c3 x a3 x a1 x c1 ... then c1 has no more. Landing back on c3 needs a
     * piece between: none. So both readings agree here: */
    assert_true(legal(once, &s1, "c3xa3xa1xc1"));
    assert_true(legal(end, &s2, "c3xa3xa1xc1"));
    rm_game_destroy(once);
    rm_game_destroy(end);

    /* A chain that must leap a piece twice: a1 x a3 (over a2), a3 x a1
     * back over a2 again: only when a2 stays (at end) is it blocked, and
     * at once a2 is gone so there is nothing to leap. Landing on the
     * emptied start: c3 x a5 (b4), a5 x a3 (a4), a3 x c3 (b3): back on
     * the start point. */
    once = hunt("capture tiger chain", "tiger at c3\n man at b4 a4 b3", "");
    rm_initial(once, &s1);
    assert_true(legal(once, &s1, "c3xa5xa3xc3"));
    play(once, &s1, "c3xa5xa3xc3");
    assert_int_equal(s1.kind[pt(once, "c3")], game_kind(once, "tiger"));
    assert_int_equal(s1.on_board[game_kind(once, "man")], 0);
    rm_game_destroy(once);
}

static void capture__removal_at_end__no_piece_jumped_twice(void **state)
{
    (void)state;
    /* Two men in a row a2, and a4: a1 x a3 (a2), a3 x a5 (a4); then a5 x a3
     * over a4 again would need a4 gone (at once) and a3 empty: at once a4
     * is gone, so nothing to leap; at end a4 is dead and may not be leapt. */
    rm_game *g = hunt("capture tiger chain removing at end", "tiger at a1\n man at a2 b2", "");
    rm_state st;
    rm_initial(g, &st);
    /* a1 x a3 over a2; from a3: over b2? a3-b2-c1 is a diagonal (a3 even): c1 empty: a1xa3xc1.
     * Then from c1 over b2 again (c1-b2-a3) is not allowed: b2 is dead. */
    assert_true(legal(g, &st, "a1xa3xc1"));
    assert_false(legal(g, &st, "a1xa3xc1xa3"));
    play(g, &st, "a1xa3xc1");
    assert_int_equal(st.on_board[game_kind(g, "man")], 0);
    rm_game_destroy(g);

    g = hunt("capture tiger chain", "tiger at a1\n man at a2 b2", "");
    rm_initial(g, &st);
    assert_true(legal(g, &st, "a1xa3xc1"));
    rm_game_destroy(g);
}

static void capture__over_a_stack__takes_one_piece(void **state)
{
    (void)state;
    rm_game *g = hunt("capture tiger", "tiger at a1\n man 2 at a2", "");
    rm_state st;
    rm_initial(g, &st);
    play(g, &st, "a1xa3");
    assert_int_equal(st.kind[pt(g, "a2")], game_kind(g, "man"));
    assert_int_equal(st.count[pt(g, "a2")], 1);
    assert_int_equal(st.on_board[game_kind(g, "man")], 1);
    rm_game_destroy(g);
}

static void capture__compulsory__other_turns_are_illegal(void **state)
{
    (void)state;
    rm_game *g = hunt("step tiger or capture tiger", "tiger at a1\n man at a2", "captures compulsory");
    rm_state st;
    rm_initial(g, &st);
    expect_turns(g, &st, "a1xa3");
    assert_false(legal(g, &st, "a1-b1"));
    rm_game_destroy(g);
    g = hunt("step tiger or capture tiger", "tiger at a1\n man at a2", "");
    rm_initial(g, &st);
    expect_turns(g, &st, "a1-b1 a1-b2 a1xa3");
    rm_game_destroy(g);
}

static void leap__without_capture__the_piece_stays(void **state)
{
    (void)state;
    rm_game *g = hunt("leap tiger over woman", "tiger at a1\n woman at a2\n man at b1", "");
    rm_state st;
    rm_initial(g, &st);
    expect_turns(g, &st, "a1-a3");
    play(g, &st, "a1-a3");
    assert_int_equal(st.kind[pt(g, "a2")], game_kind(g, "woman"));
    rm_game_destroy(g);
}

static void remove__three_times__one_turn_per_set_of_points(void **state)
{
    (void)state;
    rm_game *g = hunt("remove man 3 times", "tiger at a1\n man at b1 c1 d1 e1 a5", "");
    rm_state st;
    rm_initial(g, &st);
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_int_equal(rm_legal_turns(g, &st, &l), 10); /* C(5,3) */
    rm_turnlist_free(&l);
    assert_true(legal(g, &st, "xe1,xb1,xc1")); /* any order is read */
    rm_game_destroy(g);
}

static void relocate__optional__to_any_empty_point(void **state)
{
    (void)state;
    rm_game *g = hunt("remove man then relocate tiger optional", "tiger at a1 e5\n man at b1", "");
    rm_state st;
    rm_initial(g, &st);
    rm_turnlist l;
    rm_turnlist_init(&l);
    /* 1 removal x (1 + 2 tigers x 23 empty points after it) */
    assert_int_equal(rm_legal_turns(g, &st, &l), 1 + 2 * 23);
    rm_turnlist_free(&l);
    assert_true(legal(g, &st, "xb1,a1-b1"));
    assert_false(legal(g, &st, "xb1,a1-e5"));
    rm_game_destroy(g);
}

static const char *const DROPS =
    "game \"d\"\nboard { grid 3 x 3 }\nside a { piece p 4 stacks }\nside b { piece q 5 }\n"
    "setup { p in hand 4\n q in hand 5 }\n"
    "phase placing of a {\n turn drop p in row 1 2 times\n turn drop p\n ends when hand empty\n}\n"
    "phase moving of a { turn step p }\n"
    "phase placing of b { turn drop q while fewer than 2 on board }\n";

static void drop__region_repeats_and_phases(void **state)
{
    (void)state;
    rm_game *g = load_ok(DROPS);
    rm_state st;
    rm_initial(g, &st);
    /* two drops in row 1 (a1 b1 c1, stacks allowed): 6 multisets */
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_int_equal(rm_legal_turns(g, &st, &l), 6);
    assert_false(legal(g, &st, "a2,b1"));
    play(g, &st, "a1,a1");
    assert_int_equal(st.count[pt(g, "a1")], 2);
    assert_int_equal(st.hand[0], 2);
    /* b drops while fewer than 2 of its pieces are on the board */
    play(g, &st, "b2");
    /* a's second turn line: one drop anywhere */
    assert_true(legal(g, &st, "c3"));
    play(g, &st, "c3");
    play(g, &st, "b3");
    assert_int_equal(rm_legal_turns(g, &st, &l), 5 + 2); /* 5 empty points and 2 own points */
    play(g, &st, "c1");
    /* b has 2 on the board: it cannot drop, so it has no turn and loses */
    assert_int_equal(rm_legal_turns(g, &st, &l), 0);
    rm_turnlist_free(&l);
    /* a's hand is empty: its next phase is in force */
    assert_int_equal(st.phase[0], 1);
    rm_game_destroy(g);
}

static void ends__no_move_no_pieces_resignation_limit(void **state)
{
    (void)state;
    rm_game *g = hunt("step tiger or capture tiger", "tiger at a1\n man at a2 b1 b2 a3 c1 c3", "");
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    assert_int_equal(rm_match_result(&m), game_side(g, "men")); /* the tiger cannot move */
    rm_match_free(&m);
    rm_game_destroy(g);

    g = hunt("step tiger or capture tiger", "tiger at a1\n man at a2", "");
    assert_int_equal(rm_match_init(&m, g), 0);
    assert_int_equal(rm_match_result(&m), RM_ONGOING);
    char err[256];
    assert_int_equal(rm_match_play_text(&m, "a1xa3", err, sizeof err), 0);
    assert_int_equal(rm_match_result(&m), game_side(g, "tigers")); /* no men left */
    rm_match_free(&m);
    rm_game_destroy(g);
}

static void ends__repetition_and_turn_limit__draw(void **state)
{
    (void)state;
    const char *text = "game \"r\"\nboard { grid 3 x 1 }\nside a { piece p 1 }\nside b { piece q 1 }\n"
                       "setup { p at a1\n q at c1 }\nrules { draw on repetition 3\n draw after 100 turns }\n"
                       "phase go of a { turn step p }\nphase go of b { turn step q }\n";
    rm_game *g = load_ok(text);
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    char err[256];
    const char *turns[] = { "a1-b1", "c1", "b1-a1" };
    (void)turns;
    /* p and q shuttle: a1-b1, then q cannot move to b1; it has no turn */
    assert_int_equal(rm_match_play_text(&m, "a1-b1", err, sizeof err), 0);
    assert_int_equal(rm_match_result(&m), game_side(g, "a")); /* b is blocked */
    rm_match_free(&m);
    rm_game_destroy(g);

    text = "game \"r\"\nboard { grid 4 x 1 }\nside a { piece p 1 }\nside b { piece q 1 }\n"
           "setup { p at a1\n q at d1 }\nrules { draw on repetition 3\n draw after 100 turns }\n"
           "phase go of a { turn step p }\nphase go of b { turn step q }\n";
    g = load_ok(text);
    assert_int_equal(rm_match_init(&m, g), 0);
    assert_int_equal(rm_match_play_many(&m, "a1-b1 d1-c1 b1-a1 c1-d1 a1-b1 d1-c1 b1-a1", err, sizeof err), 0);
    assert_int_equal(rm_match_result(&m), RM_ONGOING);
    assert_int_equal(rm_match_play_text(&m, "c1-d1", err, sizeof err), 0);
    assert_int_equal(rm_match_result(&m), RM_DRAW); /* the start, a third time */
    rm_match_free(&m);
    rm_game_destroy(g);
}

static void hash__kept_up_to_date__over_random_games(void **state)
{
    (void)state;
    char path[4096];
    const char *srcdir = getenv("srcdir");
    snprintf(path, sizeof path, "%s/games/rimau-rimau-a.game", srcdir ? srcdir : ".");
    rm_game *g = rm_load_file(path, stderr, NULL);
    assert_non_null(g);
    rm_turnlist l;
    rm_turnlist_init(&l);
    uint64_t seed = 12345;
    for (int game = 0; game < 5; game++) {
        rm_state st;
        rm_initial(g, &st);
        for (int ply = 0; ply < 300; ply++) {
            int n = rm_legal_turns(g, &st, &l);
            if (n <= 0)
                break;
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            int i = (int)((seed >> 33) % (uint64_t)n);
            rm_apply(g, &st, rm_turn_moves(&l, i), l.turns[i].n);
            assert_true(st.hash == rm_hash(g, &st));
            assert_true(st.hash == l.turns[i].hash);
        }
    }
    rm_turnlist_free(&l);
    rm_game_destroy(g);
}

static void notation__unknown_point_and_illegal_turns__are_told_apart(void **state)
{
    (void)state;
    rm_game *g = hunt("step tiger", "tiger at a1\n man at b1", "");
    rm_state st;
    rm_initial(g, &st);
    rm_move m[RM_MAX_TURN_MOVES];
    int n;
    char err[256];
    assert_int_equal(rm_parse_turn(g, &st, "a1-z9", m, &n, err, sizeof err), -2); /* not readable */
    assert_non_null(strstr(err, "unknown point 'z9'"));
    assert_int_equal(rm_parse_turn(g, &st, "a1-a3", m, &n, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a legal turn"));
    assert_int_equal(rm_parse_turn(g, &st, " a1 - a2 ", m, &n, err, sizeof err), 0);
    rm_game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step__to_adjacent_empty_points_only),
        cmocka_unit_test(step__onto_own_stack__when_the_kind_stacks),
        cmocka_unit_test(slide__any_distance_through_empty_points),
        cmocka_unit_test(capture__short_leap__over_one_to_the_empty_point_beyond),
        cmocka_unit_test(capture__at_the_board_edge__has_no_landing_point),
        cmocka_unit_test(capture__odd_lines__three_taken_two_block),
        cmocka_unit_test(capture__line_with_a_gap__is_not_one_line),
        cmocka_unit_test(capture__without_chain__one_leap),
        cmocka_unit_test(capture__chain__may_stop_after_any_capture),
        cmocka_unit_test(capture__chain_must_continue__no_stopping),
        cmocka_unit_test(capture__removal_at_once__chain_lands_on_an_emptied_point),
        cmocka_unit_test(capture__removal_at_end__no_piece_jumped_twice),
        cmocka_unit_test(capture__over_a_stack__takes_one_piece),
        cmocka_unit_test(capture__compulsory__other_turns_are_illegal),
        cmocka_unit_test(leap__without_capture__the_piece_stays),
        cmocka_unit_test(remove__three_times__one_turn_per_set_of_points),
        cmocka_unit_test(relocate__optional__to_any_empty_point),
        cmocka_unit_test(drop__region_repeats_and_phases),
        cmocka_unit_test(ends__no_move_no_pieces_resignation_limit),
        cmocka_unit_test(ends__repetition_and_turn_limit__draw),
        cmocka_unit_test(hash__kept_up_to_date__over_random_games),
        cmocka_unit_test(notation__unknown_point_and_illegal_turns__are_told_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
