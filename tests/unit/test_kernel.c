/* test_kernel.c: the kernel (state, movegen, turns, result), through
 * small hand-made games: the legal turns of a position and their order,
 * the state a turn leads to, phases, the ends of a game and the history
 * of repetitions, hashing and turn notation.
 *
 * Most games are a row of points (grid N x 1) or a small grid; tigers and
 * men stand for the two sides. Legal turns are compared as their texts,
 * sorted and joined by blanks, so a failure shows the whole list.
 */
#include "turn_helpers.h" /* (first: helpers.h asks for POSIX's names) */

#include <stdbool.h>

#include "bitgen.h"
#include "match.h"
#include "position.h"

/* ---- helpers ---- */

/* TEXT, a game that must load. */
static rm_game *load(const char *text)
{
    return load_ok(text);
}

static int kind_of(const rm_game *g, const char *name)
{
    int k = game_kind(g, name);
    if (k < 0)
        fail_msg("no piece kind '%s'", name);
    return k;
}

static int side_of(const rm_game *g, const char *name)
{
    int s = game_side(g, name);
    if (s < 0)
        fail_msg("no side '%s'", name);
    return s;
}

static const char *phase_name(const rm_game *g, const rm_state *st, const char *side)
{
    return rm_side_phase(g, st, side_of(g, side))->name;
}

static void match_play(rm_match *m, const char *text)
{
    char err[256];
    if (rm_match_play_text(m, text, err, sizeof err) != 0)
        fail_msg("turn '%s' refused: %s", text, err);
}

static void count_emit(void *ctx, const rm_state *after, const rm_move *moves, int n,
                       bool captured)
{
    (void)after;
    (void)moves;
    (void)n;
    (void)captured;
    ++*(int *)ctx;
}

/* Every move sequence rm_generate emits, before merging. */
static int count_sequences(const rm_game *g, const rm_state *st)
{
    int n = 0;
    rm_generate(g, st, count_emit, &n);
    return n;
}

/* A game on a row of WIDTH points: one tiger kind and one man kind, the
 * setup SETUP, the tigers' turn line(s) TIGERS; the men step. */
#define ROW_GAME                                                                   \
    "game \"test\"\n"                                                              \
    "board { grid %d x 1 }\n"                                                      \
    "side tigers { piece tiger %d }\n"                                             \
    "side men { piece man %d%s }\n"                                                \
    "setup { %s }\n"                                                               \
    "phase hunt of tigers { %s }\n"                                                \
    "phase move of men { turn step man }\n"

static rm_game *row_game(int width, int tigers, int men, bool men_stack, const char *setup,
                         const char *tiger_rules)
{
    return loadf(ROW_GAME, width, tigers, men, men_stack ? " stacks" : "", setup, tiger_rules);
}

/* ---- drop ---- */

/* TOTAL men, set up by SETUP, play MEN_TURN; a tiger stands on e1. */
static rm_game *drop_game(int total, const char *stacks, const char *setup, const char *men_turn)
{
    return loadf("game \"test\"\n"
                 "board { grid 5 x 1 }\n"
                 "side tigers { piece tiger 1 }\n"
                 "side men { piece man %d%s }\n"
                 "setup { tiger at e1; %s }\n"
                 "rules { first men }\n"
                 "phase play of men { %s }\n"
                 "phase hunt of tigers { turn step tiger }\n",
                 total, stacks, setup, men_turn);
}

static void drop__empty_board__onto_every_empty_point(void **state)
{
    (void)state;
    rm_game *g = drop_game(3, "", "man in hand 3", "turn drop man");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1 b1 c1 d1");
    play(g, &st, "b1");
    assert_point(g, &st, "b1", "man", 1);
    assert_int_equal(rm_state_hand(&st, kind_of(g, "man")), 2);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 1);
    assert_int_equal(rm_state_to_move(&st), side_of(g, "tigers"));
    assert_int_equal(rm_state_turn(&st), 1);
    rm_game_destroy(g);
}

static void drop__occupied_point__is_not_a_destination(void **state)
{
    (void)state;
    rm_game *g = drop_game(3, "", "man at b1; man in hand 2", "turn drop man");
    rm_state st = start(g);
    /* b1 holds a man, e1 the tiger */
    assert_string_equal(legal(g, &st), "a1 c1 d1");
    rm_game_destroy(g);
}

static void drop__in_set__only_onto_points_of_the_set(void **state)
{
    (void)state;
    rm_game *g = drop_game(3, "", "man in hand 3", "turn drop man in a1 c1 e1");
    rm_state st = start(g);
    /* e1 is in the set but holds the tiger */
    assert_string_equal(legal(g, &st), "a1 c1");
    rm_game_destroy(g);
}

static void drop__while_fewer_than__stops_at_the_limit(void **state)
{
    (void)state;
    rm_game *g = drop_game(3, "", "man at a1; man in hand 2",
                           "turn drop man while fewer than 2 on board or step man");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1 b1 c1 d1");
    play(g, &st, "c1");
    play(g, &st, "e1-d1");
    /* two men on the board now: no drop, though one is still in hand */
    assert_int_equal(rm_state_hand(&st, kind_of(g, "man")), 1);
    assert_string_equal(legal(g, &st), "a1-b1 c1-b1");
    rm_game_destroy(g);
}

static void drop__own_point__only_when_the_kind_stacks(void **state)
{
    (void)state;
    rm_game *g = drop_game(3, "", "man at a1; man in hand 2", "turn drop man");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "b1 c1 d1");
    rm_game_destroy(g);

    g = drop_game(3, " stacks", "man at a1; man in hand 2", "turn drop man");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1 b1 c1 d1");
    play(g, &st, "a1");
    assert_point(g, &st, "a1", "man", 2);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 2);
    assert_int_equal(rm_state_hand(&st, kind_of(g, "man")), 1);
    rm_game_destroy(g);
}

/* ---- step ---- */

static void step__grid__adjacent_empty_points_along_lines_only(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 3 x 3 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 2 }\n"
                      "setup { tiger at b3; man at b2 c2 }\n"
                      "rules { first men }\n"
                      "phase move of men { turn step man }\n"
                      "phase hunt of tigers { turn step tiger }\n");
    rm_state st = start(g);
    /* no diagonals on this grid; not onto the tiger (b3) nor the other man */
    assert_string_equal(legal(g, &st), "b2-a2 b2-b1 c2-c1 c2-c3");
    play(g, &st, "b2-b1");
    assert_point(g, &st, "b2", NULL, 0);
    assert_point(g, &st, "b1", "man", 1);
    rm_game_destroy(g);
}

static void step__alternate_diagonals__only_where_a_diagonal_runs(void **state)
{
    (void)state;
    const char *text = "game \"test\"\n"
                       "board { grid 3 x 3 diagonals alternate }\n"
                       "side tigers { piece tiger 1 }\n"
                       "side men { piece man 1 }\n"
                       "setup { tiger at %s; man at c3 }\n"
                       "phase hunt of tigers { turn step tiger }\n"
                       "phase move of men { turn step man }\n";
    /* b1: column and row sum to an odd number, no diagonal through it */
    rm_game *g = loadf(text, "b1");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "b1-a1 b1-b2 b1-c1");
    rm_game_destroy(g);
    /* b2, the centre: both diagonals; c3 holds the man */
    g = loadf(text, "b2");
    st = start(g);
    assert_string_equal(legal(g, &st), "b2-a1 b2-a2 b2-a3 b2-b1 b2-b3 b2-c1 b2-c2");
    rm_game_destroy(g);
}

static void step__own_stack__joins_it_and_leaves_the_rest(void **state)
{
    (void)state;
    rm_game *g = drop_game(3, " stacks", "man 2 at a1; man at b1", "turn step man");
    rm_state st = start(g);
    assert_point(g, &st, "a1", "man", 2);
    assert_string_equal(legal(g, &st), "a1-b1 b1-a1 b1-c1");
    play(g, &st, "a1-b1");
    assert_point(g, &st, "a1", "man", 1);
    assert_point(g, &st, "b1", "man", 2);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 3);
    rm_game_destroy(g);
}

/* ---- slide ---- */

static void slide__open_line__any_distance_stopping_before_a_piece(void **state)
{
    (void)state;
    rm_game *g = row_game(7, 1, 2, false, "tiger at d1; man at b1 g1", "turn slide tiger");
    rm_state st = start(g);
    /* not onto or past b1 (so never a1), not onto g1 */
    assert_string_equal(legal(g, &st), "d1-c1 d1-e1 d1-f1");
    play(g, &st, "d1-f1");
    assert_point(g, &st, "d1", NULL, 0);
    assert_point(g, &st, "f1", "tiger", 1);
    rm_game_destroy(g);
}

/* ---- leap without capture ---- */

static const char leap_text[] = "game \"test\"\n"
                                "board { grid 5 x 1 }\n"
                                "side women { piece child 1; piece woman 1 }\n"
                                "side men { piece man %d }\n"
                                "setup { child at c1; woman at b1; man at %s }\n"
                                "phase play of women { turn leap child over woman }\n"
                                "phase move of men { turn step man }\n";

static void leap__over_adjacent_woman__lands_beyond_and_she_stays(void **state)
{
    (void)state;
    rm_game *g = loadf(leap_text, 1, "d1");
    rm_state st = start(g);
    /* over the woman on b1 to a1; not over the man on d1, not a woman */
    assert_string_equal(legal(g, &st), "c1-a1");
    play(g, &st, "c1-a1");
    assert_point(g, &st, "c1", NULL, 0);
    assert_point(g, &st, "b1", "woman", 1);
    assert_point(g, &st, "a1", "child", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "woman")), 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 1);
    rm_game_destroy(g);
}

static void leap__landing_point_taken__none(void **state)
{
    (void)state;
    rm_game *g = loadf(leap_text, 2, "a1 d1");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "");
    rm_game_destroy(g);
}

/* ---- capture by the short leap ---- */

static void capture__adjacent_enemy__lands_beyond_and_takes_it(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 2, false, "tiger at a1; man at b1 e1",
                          "turn step tiger or capture tiger");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1");
    play(g, &st, "a1xc1");
    assert_point(g, &st, "a1", NULL, 0);
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "c1", "tiger", 1);
    assert_point(g, &st, "e1", "man", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 1);
    assert_int_equal(rm_side_pieces(g, &st, side_of(g, "men")), 1);
    rm_game_destroy(g);
}

static void capture__enemy_at_board_edge__none(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 2, false, "tiger at b1; man at a1 e1",
                          "turn step tiger or capture tiger");
    rm_state st = start(g);
    /* nothing lies beyond a1 */
    assert_string_equal(legal(g, &st), "b1-c1");
    rm_game_destroy(g);
}

static void capture__landing_point_occupied__none(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 2, 2, false, "tiger at a1 c1; man at b1 e1",
                          "turn step tiger or capture tiger");
    rm_state st = start(g);
    /* each tiger would land on the other */
    assert_string_equal(legal(g, &st), "c1-d1");
    rm_game_destroy(g);
}

static void capture__over_stack__takes_one_piece(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 3, true, "tiger at a1; man 2 at b1; man at e1",
                          "turn capture tiger");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1");
    play(g, &st, "a1xc1");
    assert_point(g, &st, "b1", "man", 1);
    assert_point(g, &st, "c1", "tiger", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 2);
    rm_game_destroy(g);
}

/* ---- capture of lines ---- */

static void capture__line_of_three_with_lines_odd__takes_all_three(void **state)
{
    (void)state;
    rm_game *g = row_game(7, 1, 4, false, "tiger at a1; man at b1 c1 d1 g1",
                          "turn step tiger or capture tiger over man lines odd");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xe1");
    play(g, &st, "a1xe1");
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "c1", NULL, 0);
    assert_point(g, &st, "d1", NULL, 0);
    assert_point(g, &st, "e1", "tiger", 1);
    assert_point(g, &st, "g1", "man", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 1);
    rm_game_destroy(g);
}

static void capture__line_of_three_with_lines_1__is_blocked(void **state)
{
    (void)state;
    rm_game *g = row_game(7, 2, 4, false, "tiger at a1 f1; man at b1 c1 d1 g1",
                          "turn step tiger or capture tiger");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "f1-e1");
    rm_game_destroy(g);
}

static void capture__line_of_two__is_blocked(void **state)
{
    (void)state;
    static const char *const lines[] = { "lines odd", "lines 1, 3" };
    for (int i = 0; i < 2; i++) {
        char rules[128];
        snprintf(rules, sizeof rules, "turn step tiger or capture tiger over man %s", lines[i]);
        rm_game *g = row_game(7, 2, 3, false, "tiger at a1 f1; man at b1 c1 g1", rules);
        rm_state st = start(g);
        /* a1 may not take b1 c1 (two), nor b1 alone (c1 is no landing point) */
        assert_string_equal(legal(g, &st), "f1-e1");
        rm_game_destroy(g);
    }
}

static void capture__line_with_gap__is_not_one_line(void **state)
{
    (void)state;
    rm_game *g = row_game(7, 1, 4, false, "tiger at a1; man at b1 d1 e1 g1",
                          "turn step tiger or capture tiger over man lines odd");
    rm_state st = start(g);
    /* b1, d1, e1 are not a line of three: only b1 is taken, landing on the gap */
    assert_string_equal(legal(g, &st), "a1xc1");
    play(g, &st, "a1xc1");
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "d1", "man", 1);
    assert_point(g, &st, "e1", "man", 1);
    rm_game_destroy(g);
}

/* A line of 65 men, longer than the 64 bits of an action's line mask. */
static void capture__line_of_65_with_lines_1__is_blocked(void **state)
{
    (void)state;
    /* Was a bug: the shift of the line mask by 64 or more was undefined. */
    enum { N = 67 };
    static char text[1 << 14];
    size_t used = 0;
#define ADD(...) used += (size_t)snprintf(text + used, sizeof text - used, __VA_ARGS__)
    ADD("game \"test\"\nboard {\n");
    for (int i = 1; i <= N; i++)
        ADD("point p%d at %d 0\n", i, i);
    ADD("line");
    for (int i = 1; i <= N; i++)
        ADD(" p%d", i);
    ADD("\n}\nside tigers { piece tiger 1 }\nside men { piece man %d }\nsetup {\ntiger at p1\nman at",
        N - 2);
    for (int i = 2; i < N; i++)
        ADD(" p%d", i);
    ADD("\n}\nphase hunt of tigers { turn capture tiger }\nphase move of men { turn step man }\n");
#undef ADD
    assert_true(used < sizeof text);
    rm_game *g = load(text);
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "");
    rm_game_destroy(g);
}

/* ---- chains ---- */

static const char *chain_row(const char *capture)
{
    static char rules[128];
    snprintf(rules, sizeof rules, "turn %s", capture);
    return rules;
}

static void chain__may_stop__one_and_two_capture_turns_legal(void **state)
{
    (void)state;
    rm_game *g = row_game(7, 1, 3, false, "tiger at a1; man at b1 d1 g1",
                          chain_row("capture tiger chain"));
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1 a1xc1xe1");
    play(g, &st, "a1xc1xe1");
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "d1", NULL, 0);
    assert_point(g, &st, "e1", "tiger", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 1);
    rm_game_destroy(g);
}

static void chain__without_chain__one_capture_only(void **state)
{
    (void)state;
    rm_game *g = row_game(7, 1, 3, false, "tiger at a1; man at b1 d1 g1",
                          chain_row("capture tiger"));
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1");
    rm_game_destroy(g);
}

static void chain__must_continue__only_the_full_chain(void **state)
{
    (void)state;
    rm_game *g = row_game(7, 1, 3, false, "tiger at a1; man at b1 d1 g1",
                          chain_row("capture tiger chain must continue"));
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1xe1");
    rm_game_destroy(g);
}

/* On a grid a short leap always lands on points of one parity, the jumped
 * points on the other, so the chain that comes back to a point emptied
 * before starts with a line of three: a1 takes b1 c1 d1, then e2, d3, and
 * could land on c1 by taking c2. */
static const char grid_chain_text[] = "game \"test\"\n"
                                      "board { grid 5 x 5 }\n"
                                      "side tigers { piece tiger 1 }\n"
                                      "side men { piece man 6 }\n"
                                      "setup { tiger at a1; man at b1 c1 d1 e2 d3 c2 }\n"
                                      "phase hunt of tigers { turn capture tiger lines 1, 3 chain "
                                      "removing at %s }\n"
                                      "phase move of men { turn step man }\n";

static void chain__removing_at_once__may_land_on_point_emptied_before(void **state)
{
    (void)state;
    rm_game *g = loadf(grid_chain_text, "once");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xe1 a1xe1xe3 a1xe1xe3xc3 a1xe1xe3xc3xc1");
    play(g, &st, "a1xe1xe3xc3xc1");
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 0);
    assert_point(g, &st, "c1", "tiger", 1);
    rm_game_destroy(g);
}

static void chain__removing_at_end__cannot_land_on_point_emptied_before(void **state)
{
    (void)state;
    rm_game *g = loadf(grid_chain_text, "end");
    rm_state st = start(g);
    /* c1's man is still there until the chain ends */
    assert_string_equal(legal(g, &st), "a1xe1 a1xe1xe3 a1xe1xe3xc3");
    play(g, &st, "a1xe1xe3xc3");
    /* and then every jumped man is gone */
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "c1", NULL, 0);
    assert_point(g, &st, "d1", NULL, 0);
    assert_point(g, &st, "e2", NULL, 0);
    assert_point(g, &st, "d3", NULL, 0);
    assert_point(g, &st, "c2", "man", 1);
    assert_point(g, &st, "c3", "tiger", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 1);
    rm_game_destroy(g);
}

static void chain__removing_at_end__never_jumps_a_piece_twice(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 2, false, "tiger at a1; man at b1 e1",
                          chain_row("capture tiger chain removing at end"));
    rm_state st = start(g);
    /* back over b1 to a1 would jump the man on b1 a second time */
    assert_string_equal(legal(g, &st), "a1xc1");
    rm_game_destroy(g);
}

static void chain__removing_at_once__jumps_a_stack_twice(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 3, true, "tiger at a1; man 2 at b1; man at e1",
                          chain_row("capture tiger chain removing at once"));
    rm_state st = start(g);
    /* the second jump over b1 takes the second man of the stack */
    assert_string_equal(legal(g, &st), "a1xc1 a1xc1xa1");
    play(g, &st, "a1xc1xa1");
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "a1", "tiger", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 1);
    rm_game_destroy(g);
}

/* ---- remove and relocate ---- */

static const char remove_text[] = "game \"test\"\n"
                                  "board { grid 3 x 3 }\n"
                                  "side tigers { piece tiger 2 }\n"
                                  "side men { piece man 4 }\n"
                                  "setup { tiger at a1 c3; man at b1 b2 c1 c2 }\n"
                                  "phase opening of tigers { turn %s; ends after 1 turn }\n"
                                  "phase hunt of tigers { turn step tiger }\n"
                                  "phase move of men { turn step man }\n";

static void remove__three_times__one_turn_per_set_of_three(void **state)
{
    (void)state;
    rm_game *g = loadf(remove_text, "remove man 3 times");
    rm_state st = start(g);
    /* 4 x 3 x 2 orders, C(4,3) = 4 positions */
    assert_int_equal(count_sequences(g, &st), 24);
    assert_int_equal(count_legal(g, &st), 4);
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_int_equal(rm_legal_turns(g, &st, &l), 4);
    for (int i = 0; i < l.n; i++) {
        assert_int_equal(l.turns[i].n, 3);
        for (int j = 0; j < 3; j++)
            assert_int_equal(rm_turn_moves(&l, i)[j].type, RM_MV_REMOVE);
        rm_state after = st;
        rm_apply(g, &after, rm_turn_moves(&l, i), l.turns[i].n);
        assert_int_equal(rm_state_on_board(&after, kind_of(g, "man")), 1);
    }
    rm_turnlist_free(&l);
    play(g, &st, "xc2,xb1,xc1");
    assert_point(g, &st, "b2", "man", 1);
    assert_point(g, &st, "b1", NULL, 0);
    rm_game_destroy(g);
}

static void remove__then_relocate_optional__adds_each_relocation(void **state)
{
    (void)state;
    rm_game *g = loadf(remove_text, "remove man 3 times then relocate tiger optional");
    rm_state st = start(g);
    /* after the removals 9 - 2 tigers - 1 man = 6 points are empty */
    assert_int_equal(count_legal(g, &st), 4 * (1 + 2 * 6));
    play(g, &st, "xb1,xb2,xc1,c3-b1");
    assert_point(g, &st, "c3", NULL, 0);
    assert_point(g, &st, "b1", "tiger", 1);
    assert_point(g, &st, "c2", "man", 1);
    rm_game_destroy(g);
}

static void remove__rimau_rimau_a_opening__choose_three_times_relocations(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    rm_state st = start(g);
    /* 9 men on the board: C(9,3) = 84 removals; then 37 points - 2 tigers
     * - 6 men = 29 empty points for either tiger, or no relocation */
    assert_int_equal(g->board.npoints, 37);
    assert_int_equal(count_legal(g, &st), 84 * (1 + 2 * 29));
    rm_game_destroy(g);
}

static void remove__in_set__only_pieces_of_the_set(void **state)
{
    (void)state;
    rm_game *g = loadf(remove_text, "remove man in b1 b2 a3");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "xb1 xb2");
    rm_game_destroy(g);
}

static void relocate__to_set__only_empty_points_of_the_set(void **state)
{
    (void)state;
    rm_game *g = loadf(remove_text, "relocate tiger to a2 a3 b1");
    rm_state st = start(g);
    /* b1 holds a man */
    assert_string_equal(legal(g, &st), "a1-a2 a1-a3 c3-a2 c3-a3");
    rm_game_destroy(g);
}

/* ---- compulsory captures ---- */

static void compulsory__capture_available__only_capturing_turns(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 2, false, "tiger at c1; man at a1 d1",
                          "turn step tiger or capture tiger");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "c1-b1 c1xe1");
    rm_game_destroy(g);

    g = row_game(5, 1, 2, false, "tiger at c1; man at a1 d1",
                 "turn step tiger or capture tiger; captures compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "c1xe1");
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256] = "";
    assert_int_equal(rm_parse_turn(g, &st, "c1-b1", moves, &n, err, sizeof err), -1);
    assert_non_null(strstr(err, "compulsory"));
    rm_game_destroy(g);
}

/* ---- huffing ---- */

/* Two tigers on a row of six: the one on b1 could take c1, the one on f1
 * could not; HUFF is the phase's huffing line. */
static rm_game *huff_game(const char *huff)
{
    static char rules[128];
    snprintf(rules, sizeof rules, "turn step tiger or capture tiger; %s", huff);
    return row_game(6, 2, 2, false, "tiger at b1 f1; man at c1", rules);
}

static void huff__at_once__the_mover_is_lost_where_it_stepped_else_the_one_that_could(void **state)
{
    (void)state;
    rm_game *g = huff_game("captures huffed at once");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "b1-a1,xa1 b1xd1 f1-e1,xb1");
    rm_state other = st;
    play(g, &st, "b1-a1,xa1");
    assert_point(g, &st, "a1", NULL, 0);
    assert_point(g, &st, "b1", NULL, 0);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "tiger")), 1);
    rm_set none = rm_state_huff(&st);
    assert_false(set_any(&none));
    play(g, &other, "f1-e1,xb1");
    assert_point(g, &other, "b1", NULL, 0);
    assert_point(g, &other, "e1", "tiger", 1);
    rm_game_destroy(g);
}

static void huff__by_opponent__remembered_and_huffed_first_by_the_other_side(void **state)
{
    (void)state;
    rm_game *g = huff_game("captures huffed by opponent");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "b1-a1 b1xd1 f1-e1");
    rm_state captured = st;
    play(g, &captured, "b1xd1");
    rm_set none = rm_state_huff(&captured);
    assert_false(set_any(&none));
    play(g, &st, "b1-a1");
    rm_set huff = rm_state_huff(&st);
    assert_int_equal(set_count(&huff), 1);
    assert_true(set_has(&huff, board_point(&g->board, "a1")));
    assert_true(rm_hash(g, &st) == rm_state_hash(&st));
    /* the position string keeps the pieces to huff */
    char *text = rm_position_string(g, &st);
    assert_non_null(text);
    assert_non_null(strstr(text, " huff:a1"));
    rm_state back;
    int at;
    char err[256];
    assert_int_equal(rm_parse_position_string(g, text, &back, &at, err, sizeof err), 0);
    assert_true(rm_state_hash(&back) == rm_state_hash(&st));
    free(text);
    assert_string_equal(legal(g, &st), "xa1,c1-b1 xa1,c1-d1");
    play(g, &st, "xa1,c1-b1");
    huff = rm_state_huff(&st);
    assert_false(set_any(&huff));
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "tiger")), 1);
    rm_game_destroy(g);
}

static void compulsory__no_capture_available__steps_stay_legal(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 2, false, "tiger at c1; man at a1 e1",
                          "turn step tiger or capture tiger; captures compulsory");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "c1-b1 c1-d1");
    rm_game_destroy(g);
}

/* ---- direction filters ---- */

/* A 5 x 5 grid with every diagonal: geese (GEESE_SIDE: their pieces and
 * forward) set up by SETUP play GEESE; a fox whose forward is down plays
 * FOX; FIRST moves first. */
static rm_game *dir_game(const char *geese_side, const char *setup, const char *geese,
                         const char *fox, const char *first)
{
    return loadf("game \"test\"\n"
                 "board { grid 5 x 5 diagonals all }\n"
                 "side geese { %s }\n"
                 "side foxes { piece fox 1; forward down }\n"
                 "setup { %s }\n"
                 "rules { first %s }\n"
                 "phase move of geese { %s }\n"
                 "phase hunt of foxes { %s }\n",
                 geese_side, setup, first, geese, fox);
}

/* A turn line and the legal turns it gives. */
typedef struct dir_case {
    const char *turn, *want;
} dir_case;

/* Checks each of the N CASES: with its turn line for MOVER ("geese" or
 * "foxes", who move first; the other side steps), the turns of the start
 * of the dir_game of GEESE_SIDE and SETUP are its WANT. */
static void check_dir_cases(const char *geese_side, const char *setup, const char *mover,
                            const dir_case *cases, size_t n)
{
    bool geese = strcmp(mover, "geese") == 0;
    for (size_t i = 0; i < n; i++) {
        rm_game *g = dir_game(geese_side, setup, geese ? cases[i].turn : "turn step goose",
                              geese ? "turn step fox" : cases[i].turn, mover);
        rm_state st = start(g);
        const char *got = legal(g, &st);
        if (strcmp(got, cases[i].want) != 0)
            fail_msg("%s: '%s', expected '%s'", cases[i].turn, got, cases[i].want);
        rm_game_destroy(g);
    }
}

/* The geese's turns with a lone goose on c3 (the fox far on a4, on none
 * of its lines), for a forward and a turn line. */
static const char *lone_goose(const char *forward, const char *turn)
{
    char side[64];
    snprintf(side, sizeof side, "piece goose 1; %s", forward);
    rm_game *g = dir_game(side, "goose at c3; fox at a4", turn, "turn step fox", "geese");
    rm_state st = start(g);
    const char *out = legal(g, &st);
    rm_game_destroy(g);
    return out;
}

static void filter__step_each_word__the_moves_it_names(void **state)
{
    (void)state;
    /* forward up: c4 straight up, b4 and d4 up the diagonals */
    static const struct {
        const char *forward, *turn, *want;
    } cases[] = {
        { "forward up", "turn step goose forward", "c3-b4 c3-c4 c3-d4" },
        { "forward up", "turn step goose backward", "c3-b2 c3-c2 c3-d2" },
        { "forward up", "turn step goose sideways", "c3-b3 c3-d3" },
        { "forward up", "turn step goose forward, sideways", "c3-b3 c3-b4 c3-c4 c3-d3 c3-d4" },
        { "forward up", "turn step goose orthogonal", "c3-b3 c3-c2 c3-c4 c3-d3" },
        { "forward up", "turn step goose diagonal", "c3-b2 c3-b4 c3-d2 c3-d4" },
        { "forward up", "turn step goose forward, orthogonal", "c3-c4" },
        { "forward up", "turn step goose orthogonal forward", "c3-c4" },
        { "forward up", "turn step goose backward, diagonal", "c3-b2 c3-d2" },
        { "forward up", "turn step goose sideways, diagonal", "" },
        { "forward up", "turn step goose orthogonal, diagonal",
          "c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4" },
        { "forward down", "turn step goose forward, orthogonal", "c3-c2" },
        { "forward left", "turn step goose forward, orthogonal", "c3-b3" },
        { "forward right", "turn step goose forward", "c3-d2 c3-d3 c3-d4" },
        { "forward right", "turn step goose sideways", "c3-c2 c3-c4" },
        /* toward a row: as up, for a point below it */
        { "forward toward row 5", "turn step goose forward", "c3-b4 c3-c4 c3-d4" },
        /* a side without a forward may still filter lines */
        { "", "turn step goose diagonal", "c3-b2 c3-b4 c3-d2 c3-d4" },
        /* turns of several moves, walked move by move */
        { "forward up", "turn step goose forward, orthogonal 2 times", "c3-c4,c4-c5" },
        { "forward up", "turn step goose backward, diagonal optional", "- c3-b2 c3-d2" },
        { "forward up", "turn slide goose forward, orthogonal optional", "- c3-c4 c3-c5" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *got = lone_goose(cases[i].forward, cases[i].turn);
        if (strcmp(got, cases[i].want) != 0)
            fail_msg("%s, %s: '%s', expected '%s'", cases[i].forward, cases[i].turn, got,
                     cases[i].want);
    }
}

static void filter__toward_a_point__nearer_is_forward_as_near_is_sideways(void **state)
{
    (void)state;
    /* toward c3 from b1 (sqrt 5 away): c1 (2), b2 and c2 (sqrt 2) are
     * nearer; a2 is sqrt 5 away too; a1 (sqrt 8) is farther */
    static const dir_case cases[] = {
        { "turn step goose forward", "b1-b2 b1-c1 b1-c2" },
        { "turn step goose sideways", "b1-a2" },
        { "turn step goose backward", "b1-a1" },
        { "turn step goose forward, diagonal", "b1-c2" },
    };
    check_dir_cases("piece goose 1; forward toward c3", "goose at b1; fox at e5", "geese", cases,
                    sizeof cases / sizeof *cases);
}

static void filter__slide__only_along_the_lines_it_allows(void **state)
{
    (void)state;
    assert_string_equal(lone_goose("forward up", "turn slide goose forward, orthogonal"),
                        "c3-c4 c3-c5");
    /* down the diagonals: to a1 and to e1 (the fox is on a4, on neither) */
    assert_string_equal(lone_goose("forward up", "turn slide goose backward, diagonal"),
                        "c3-a1 c3-b2 c3-d2 c3-e1");
}

static void filter__leap__only_along_the_lines_it_allows(void **state)
{
    (void)state;
    /* c3 over c4 to c5 is forward, over b3 to a3 sideways; b3 over c4 to
     * d5 is forward, over c3 to d3 sideways; c4's leaps go back */
    static const dir_case cases[] = {
        { "turn leap goose forward over goose", "b3-d5 c3-c5" },
        { "turn leap goose forward, orthogonal over goose", "c3-c5" },
        { "turn leap goose sideways over goose", "b3-d3 c3-a3" },
        { "turn leap goose over goose", "b3-d3 b3-d5 c3-a3 c3-c5 c4-a2 c4-c2" },
        { "turn leap goose forward over goose optional", "- b3-d5 c3-c5" },
    };
    check_dir_cases("piece goose 3; forward up", "goose at c3 c4 b3; fox at e1", "geese", cases,
                    sizeof cases / sizeof *cases);
}

static void filter__capture__only_along_the_lines_it_allows(void **state)
{
    (void)state;
    /* the fox on c3 (its forward is down) can take c2 to c1 (forward),
     * c4 to c5 and b4 to a5 (backward), d3 to e3 (sideways) */
    static const dir_case cases[] = {
        { "turn capture fox", "c3xa5 c3xc1 c3xc5 c3xe3" },
        { "turn capture fox orthogonal", "c3xc1 c3xc5 c3xe3" },
        { "turn capture fox diagonal", "c3xa5" },
        { "turn capture fox forward", "c3xc1" },
        { "turn capture fox backward", "c3xa5 c3xc5" },
        { "turn capture fox backward, orthogonal", "c3xc5" },
        { "turn capture fox sideways over goose", "c3xe3" },
        { "turn capture fox sideways chain", "c3xe3" },
    };
    check_dir_cases("piece goose 4; forward up", "goose at c2 c4 b4 d3; fox at c3", "foxes", cases,
                    sizeof cases / sizeof *cases);
}

static void filter__chain__every_capture_obeys_the_filter(void **state)
{
    (void)state;
    /* the fox on a1 takes b1 to c1 (sideways, for a fox going down), then
     * c2 to c3 (up: backward) or d2 to e3 (backward, diagonal) */
    static const dir_case cases[] = {
        { "turn capture fox orthogonal chain", "a1xc1 a1xc1xc3" },
        { "turn capture fox sideways chain", "a1xc1" },
        { "turn capture fox sideways, backward chain", "a1xc1 a1xc1xc3 a1xc1xe3" },
        { "turn capture fox orthogonal chain must continue", "a1xc1xc3" },
        { "turn capture fox sideways chain must continue", "a1xc1" },
        { "turn capture fox diagonal chain", "" },
    };
    check_dir_cases("piece goose 3; forward up", "goose at b1 c2 d2; fox at a1", "foxes", cases,
                    sizeof cases / sizeof *cases);
}

static void filter__stacks__a_step_onto_a_stack_and_a_chain_over_one(void **state)
{
    (void)state;
    rm_game *g = dir_game("piece goose 4 stacks; forward up", "goose 2 at c3; goose at c2 c4; "
                          "fox at a4", "turn step goose forward, orthogonal", "turn step fox",
                          "geese");
    rm_state st = start(g);
    /* onto the stack from below, from the stack onto c4, on from c4 */
    assert_string_equal(legal(g, &st), "c2-c3 c3-c4 c4-c5");
    play(g, &st, "c3-c4");
    assert_point(g, &st, "c3", "goose", 1);
    assert_point(g, &st, "c4", "goose", 2);
    rm_game_destroy(g);

    /* the fox takes one goose of the stack on c4, landing on c3; back
     * over the stack to c5 is backward for it */
    g = dir_game("piece goose 2 stacks; forward up", "goose 2 at c4; fox at c5",
                 "turn step goose", "turn capture fox chain", "foxes");
    st = start(g);
    assert_string_equal(legal(g, &st), "c5xc3 c5xc3xc5");
    rm_game_destroy(g);
    g = dir_game("piece goose 2 stacks; forward up", "goose 2 at c4; fox at c5",
                 "turn step goose", "turn capture fox forward chain", "foxes");
    st = start(g);
    assert_string_equal(legal(g, &st), "c5xc3");
    play(g, &st, "c5xc3");
    assert_point(g, &st, "c4", "goose", 1);
    rm_game_destroy(g);
}

static void filter__captures_compulsory__only_captures_the_filter_allows(void **state)
{
    (void)state;
    /* the goose on c4 can be taken by going up, backward for the fox: not
     * a capture its filter allows, so its steps stay legal */
    rm_game *g = dir_game("piece goose 2; forward up", "goose at c4 a1; fox at c3",
                          "turn step goose",
                          "turn step fox forward or capture fox forward; captures compulsory",
                          "foxes");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "c3-b2 c3-c2 c3-d2");
    rm_game_destroy(g);
    /* one it allows: the only legal turn */
    g = dir_game("piece goose 2; forward up", "goose at c4 c2; fox at c3", "turn step goose",
                 "turn step fox forward or capture fox forward; captures compulsory", "foxes");
    st = start(g);
    assert_string_equal(legal(g, &st), "c3xc1");
    rm_game_destroy(g);
}

/* A board given by points, lines from o at (2, 1) to: p at (3, 3), up
 * and right (diagonal); r at (2, 2), up; q at (0, 1), left; w at (1, 4),
 * up and left, as far from p as o is; t at (3, 1.0000001), right within
 * the tolerance (10^-6 of the link's length): orthogonal, and sideways
 * for a side going up; u at (2.01, 0), down, 0.01 to the right: beyond
 * it, so diagonal, and forward for a side going right. The fox is on s,
 * at (1, 0). */
static const char points_text[] =
    "game \"test\"\n"
    "board {\n"
    "    point o at 2 1\n    point p at 3 3\n    point r at 2 2\n    point q at 0 1\n"
    "    point w at 1 4\n    point t at 3 1.0000001\n    point u at 2.01 0\n"
    "    point s at 1 0\n"
    "    line o p\n    line o r\n    line q o\n    line o w\n    line o t\n    line o u\n"
    "    line s o\n"
    "}\n"
    "side geese { piece goose 1; forward %s }\n"
    "side foxes { piece fox 1 }\n"
    "setup { goose at o; fox at s }\n"
    "phase move of geese { turn step goose %s }\n"
    "phase hunt of foxes { turn step fox }\n";

static void filter__board_of_points__directions_from_coordinates(void **state)
{
    (void)state;
    static const struct {
        const char *forward, *filter, *want;
    } cases[] = {
        { "up", "forward", "o-p o-r o-w" },
        { "up", "sideways", "o-q o-t" },
        { "up", "backward", "o-u" },
        { "up", "orthogonal", "o-q o-r o-t" },
        { "up", "diagonal", "o-p o-u o-w" },
        { "up", "forward, diagonal", "o-p o-w" },
        { "left", "forward", "o-q o-w" },
        { "right", "forward", "o-p o-t o-u" },
        { "right", "forward, orthogonal", "o-t" },
        { "right", "backward, orthogonal", "o-q" },
        { "right", "sideways", "o-r" },
        /* toward p, sqrt 5 from o: p, r and t are nearer, w as near, q
         * and u farther */
        { "toward p", "forward", "o-p o-r o-t" },
        { "toward p", "sideways", "o-w" },
        { "toward p", "backward", "o-q o-u" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        rm_game *g = loadf(points_text, cases[i].forward, cases[i].filter);
        rm_state st = start(g);
        const char *got = legal(g, &st);
        if (strcmp(got, cases[i].want) != 0)
            fail_msg("forward %s, step goose %s: '%s', expected '%s'", cases[i].forward,
                     cases[i].filter, got, cases[i].want);
        rm_game_destroy(g);
    }
}

static void filter__illegal_direction__the_message_says_which_way_it_goes(void **state)
{
    (void)state;
    rm_game *g = dir_game("piece goose 1; forward up", "goose at c3; fox at a4",
                          "turn step goose forward, sideways", "turn step fox", "geese");
    rm_state st = start(g);
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[512] = "";
    assert_int_equal(rm_parse_turn(g, &st, "c3-b2", moves, &n, err, sizeof err), -1);
    if (!strstr(err, "(for geese: c3 to b2 is backward and diagonal)"))
        fail_msg("unexpected message '%s'", err);
    assert_int_equal(rm_parse_turn(g, &st, "c3-b4", moves, &n, err, sizeof err), 0);
    rm_game_destroy(g);
}

/* ---- phases ---- */

static const char phase_text[] = "game \"test\"\n"
                                 "board { grid %d x 1 }\n"
                                 "side tigers { piece tiger 1 }\n"
                                 "side men { piece man %d }\n"
                                 "setup { tiger at %s }\n"
                                 "rules { first men }\n"
                                 "phase placing of men { %s }\n"
                                 "phase moving of men { turn step man }\n"
                                 "phase hunt of tigers { turn step tiger }\n";

static void phase__ends_when_hand_empty__next_phase_after_last_drop(void **state)
{
    (void)state;
    rm_game *g = loadf(phase_text, 5, 2, "e1", "turn drop man; ends when hand empty");
    rm_state st = start(g);
    assert_string_equal(phase_name(g, &st, "men"), "placing");
    play(g, &st, "a1");
    assert_string_equal(phase_name(g, &st, "men"), "placing");
    play(g, &st, "e1-d1");
    assert_string_equal(legal(g, &st), "b1 c1 e1");
    play(g, &st, "c1");
    assert_int_equal(rm_state_hand(&st, kind_of(g, "man")), 0);
    assert_string_equal(phase_name(g, &st, "men"), "moving");
    assert_string_equal(phase_name(g, &st, "tigers"), "hunt");
    play(g, &st, "d1-e1");
    assert_string_equal(legal(g, &st), "a1-b1 c1-b1 c1-d1");
    rm_game_destroy(g);
}

static void phase__ends_after_one_turn__next_phase_with_pieces_in_hand(void **state)
{
    (void)state;
    rm_game *g = loadf(phase_text, 5, 2, "e1", "turn drop man; ends after 1 turn");
    rm_state st = start(g);
    play(g, &st, "a1");
    assert_string_equal(phase_name(g, &st, "men"), "moving");
    assert_int_equal(rm_state_phase_turns(&st, side_of(g, "men")), 0);
    assert_int_equal(rm_state_hand(&st, kind_of(g, "man")), 1);
    play(g, &st, "e1-d1");
    /* no drop any more, though a man is in hand */
    assert_string_equal(legal(g, &st), "a1-b1");
    rm_game_destroy(g);
}

static void phase__several_turn_lines__used_in_order_last_repeats(void **state)
{
    (void)state;
    rm_game *g = loadf(phase_text, 7, 4, "g1",
                       "turn drop man 2 times; turn drop man; ends when hand empty");
    rm_state st = start(g);
    /* first turn: two drops on 6 empty points */
    assert_int_equal(count_legal(g, &st), 15);
    assert_int_equal(count_sequences(g, &st), 30);
    play(g, &st, "a1,b1");
    assert_int_equal(rm_state_hand(&st, kind_of(g, "man")), 2);
    play(g, &st, "g1-f1");
    /* second turn: the second line, one drop */
    assert_string_equal(legal(g, &st), "c1 d1 e1 g1");
    play(g, &st, "c1");
    play(g, &st, "f1-g1");
    /* third turn: the last line again */
    assert_string_equal(legal(g, &st), "d1 e1 f1");
    play(g, &st, "f1");
    assert_string_equal(phase_name(g, &st, "men"), "moving");
    rm_game_destroy(g);
}

/* ---- the end of a game ---- */

static void end__side_without_legal_turn__loses(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 2, false, "tiger at a1; man at b1 c1",
                          "turn step tiger or capture tiger");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "");
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_outcome o;
    assert_int_equal(rm_result(g, &st, NULL, &l, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_BLOCKED);
    assert_int_equal(o.side, side_of(g, "tigers"));
    rm_turnlist_free(&l);
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    assert_int_equal(rm_match_result(&m), side_of(g, "men"));
    assert_non_null(strstr(m.why, "cannot move"));
    rm_match_free(&m);
    rm_game_destroy(g);
}

static void end__side_without_pieces__loses(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 1, false, "tiger at a1; man at b1",
                          "turn step tiger or capture tiger");
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    assert_int_equal(rm_match_result(&m), RM_ONGOING);
    match_play(&m, "a1xc1");
    assert_int_equal(rm_match_result(&m), side_of(g, "tigers"));
    assert_int_equal(m.end.rule, RM_BY_NO_PIECES);
    assert_non_null(strstr(m.why, "no pieces"));
    assert_int_equal(rm_match_turns(&m)->n, 0);
    rm_match_free(&m);
    rm_game_destroy(g);
}

static void end__loses_with_n_pieces__at_that_number(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 7 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 3 }\n"
                      "setup { tiger at a1; man at b1 d1 g1 }\n"
                      "rules { men lose with 1 pieces }\n"
                      "phase hunt of tigers { turn step tiger or capture tiger }\n"
                      "phase move of men { turn step man }\n");
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    match_play(&m, "a1xc1");
    /* two men left: not yet */
    assert_int_equal(rm_match_result(&m), RM_ONGOING);
    match_play(&m, "g1-f1");
    match_play(&m, "c1xe1");
    assert_int_equal(rm_side_pieces(g, rm_match_state(&m), side_of(g, "men")), 1);
    assert_int_equal(rm_match_result(&m), side_of(g, "tigers"));
    rm_match_free(&m);
    rm_game_destroy(g);
}

static void end__draw_after_n_turns__drawn_when_played(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 5 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 1 }\n"
                      "setup { tiger at a1; man at e1 }\n"
                      "rules { draw after 3 turns }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man }\n");
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    match_play(&m, "a1-b1");
    match_play(&m, "e1-d1");
    assert_int_equal(rm_match_result(&m), RM_ONGOING);
    match_play(&m, "b1-a1");
    assert_int_equal(rm_match_result(&m), RM_DRAW);
    assert_int_equal(m.end.rule, RM_BY_TURN_LIMIT);
    assert_int_equal(rm_match_turns(&m)->n, 0);
    rm_match_free(&m);
    rm_game_destroy(g);
}

static void end__draw_on_repetition__third_time_the_position_is_seen(void **state)
{
    (void)state;
    /* Was a bug: the turn count in the phase made every position new. */
    rm_game *g = load("game \"test\"\n"
                      "board { grid 5 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 1 }\n"
                      "setup { tiger at a1; man at e1 }\n"
                      "rules { draw on repetition 3 }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man }\n");
    static const char *const cycle[] = { "a1-b1", "e1-d1", "b1-a1", "d1-e1" };
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    for (int i = 0; i < 4; i++)
        match_play(&m, cycle[i]);
    assert_true(rm_state_hash(&m.states[4]) == rm_state_hash(&m.states[0]));
    /* seen twice */
    assert_int_equal(rm_match_result(&m), RM_ONGOING);
    for (int i = 0; i < 4; i++)
        match_play(&m, cycle[i]);
    assert_int_equal(rm_match_result(&m), RM_DRAW);
    assert_non_null(strstr(m.why, "repeated"));
    rm_match_free(&m);
    rm_game_destroy(g);
}

static void end__draw_on_repetition_never__a_repeated_position_goes_on(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 5 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 1 }\n"
                      "setup { tiger at a1; man at e1 }\n"
                      "rules { draw on repetition never }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man }\n");
    static const char *const cycle[] = { "a1-b1", "e1-d1", "b1-a1", "d1-e1" };
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < 4; i++)
            match_play(&m, cycle[i]);
    assert_int_equal(rm_match_result(&m), RM_ONGOING);
    rm_match_free(&m);
    rm_game_destroy(g);
}

/* Tigers on a row of 4 with men; BLOCKED is the rules block's text. The
 * men move first. */
static rm_game *blocked_game(const char *setup, const char *blocked)
{
    return loadf("game \"test\"\n"
                 "board { grid 4 x 1 }\n"
                 "side tigers { piece tiger 1 }\n"
                 "side men { piece man 3 }\n"
                 "setup { %s }\n"
                 "rules { first men; %s }\n"
                 "phase hunt of tigers { turn step tiger }\n"
                 "phase move of men { turn step man }\n",
                 setup, blocked);
}

static int result_of(const rm_game *g, const rm_state *st, rm_outcome *o)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    int r = rm_result(g, st, NULL, &l, o);
    rm_turnlist_free(&l);
    return r;
}

static void end__blocked_by_default__the_side_loses(void **state)
{
    (void)state;
    rm_game *g = blocked_game("tiger at b1; man at c1 d1", "");
    rm_state st = start(g);
    rm_outcome o;
    assert_int_equal(result_of(g, &st, &o), side_of(g, "tigers"));
    assert_int_equal(o.rule, RM_BY_BLOCKED);
    assert_int_equal(o.side, side_of(g, "men"));
    rm_game_destroy(g);
}

static void end__blocked_draws__the_game_is_drawn(void **state)
{
    (void)state;
    rm_game *g = blocked_game("tiger at b1; man at c1 d1", "men when blocked draw");
    rm_state st = start(g);
    rm_outcome o;
    assert_int_equal(result_of(g, &st, &o), RM_DRAW);
    assert_int_equal(o.rule, RM_BY_BLOCKED);
    assert_int_equal(o.side, side_of(g, "men"));
    rm_game_destroy(g);
}

/* ---- the rules that count turns ---- */

/* A row of five: a tiger at the left, whose forward is right; men who
 * step either way and are taken by a short leap. */
static rm_game *counting_game(const char *setup, const char *rules)
{
    return loadf("game \"test\"\n"
                 "board { grid 5 x 1 }\n"
                 "side tigers { piece tiger 1; forward right }\n"
                 "side men { piece man 2 }\n"
                 "setup { %s }\n"
                 "rules { %s }\n"
                 "phase hunt of tigers { turn step tiger or capture tiger }\n"
                 "phase move of men { turn step man }\n",
                 setup, rules);
}

/* Plays TEXT on ST, checking the state's hash against rm_hash and the
 * listed turn's. */
static void play_counted(const rm_game *g, rm_state *st, const char *text)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_true(rm_legal_turns(g, st, &l) > 0);
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256];
    if (rm_parse_turn(g, st, text, moves, &n, err, sizeof err) != 0)
        fail_msg("'%s' refused: %s", text, err);
    rm_state after = *st;
    rm_apply(g, &after, moves, n);
    assert_true(rm_state_hash(&after) == rm_hash(g, &after));
    bool listed = false;
    for (int i = 0; i < l.n; i++)
        listed |= l.turns[i].hash == rm_state_hash(&after);
    assert_true(listed);
    rm_turnlist_free(&l);
    *st = after;
}

static void counters__stall__counts_the_side_s_turns_and_resets_on_advancing(void **state)
{
    (void)state;
    rm_game *g = counting_game("tiger at a1; man at c1 e1", "first tigers; tigers loses after 2 turns without advancing");
    rm_state st = start(g);
    int t = side_of(g, "tigers"), m = side_of(g, "men");
    play_counted(g, &st, "a1-b1"); /* forward: still 0 */
    assert_int_equal(rm_state_stall(&st, t), 0);
    play_counted(g, &st, "e1-d1"); /* the men's turns are not counted */
    assert_int_equal(rm_state_stall(&st, t), 0);
    assert_int_equal(rm_state_stall(&st, m), 0);
    play_counted(g, &st, "b1-a1"); /* backward: 1 */
    assert_int_equal(rm_state_stall(&st, t), 1);
    rm_outcome o;
    assert_int_equal(result_of(g, &st, &o), RM_ONGOING);
    play_counted(g, &st, "d1-e1");
    play_counted(g, &st, "a1-b1"); /* forward again: back to 0 */
    assert_int_equal(rm_state_stall(&st, t), 0);
    play_counted(g, &st, "e1-d1");
    play_counted(g, &st, "b1-a1");
    play_counted(g, &st, "d1-e1");
    assert_int_equal(rm_state_stall(&st, t), 1);
    /* the same pieces as two turns before, but not the same position */
    play_counted(g, &st, "a1-b1");
    play_counted(g, &st, "e1-d1");
    play_counted(g, &st, "b1-a1");
    assert_int_equal(rm_state_stall(&st, t), 1);
    rm_state again = st;
    play_counted(g, &st, "d1-e1");
    assert_false(rm_state_hash(&st) == rm_state_hash(&again));
    rm_game_destroy(g);
    g = counting_game("tiger at a1; man at c1 e1", "first tigers; tigers loses after 1 turn without advancing");
    st = start(g);
    play_counted(g, &st, "a1-b1");
    play_counted(g, &st, "e1-d1");
    play_counted(g, &st, "b1-a1");
    assert_int_equal(result_of(g, &st, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_STALLING);
    assert_int_equal(o.side, t);
    rm_game_destroy(g);
}

static void counters__more_pieces__wins_after_turns_without_capture(void **state)
{
    (void)state;
    rm_game *g = counting_game("tiger at a1; man at b1 e1",
                               "first men; more pieces wins after 3 turns without capture");
    rm_state st = start(g);
    play_counted(g, &st, "e1-d1");
    assert_int_equal(rm_state_quiet(&st), 1);
    play_counted(g, &st, "a1xc1"); /* a capture: back to 0 */
    assert_int_equal(rm_state_quiet(&st), 0);
    play_counted(g, &st, "d1-e1");
    play_counted(g, &st, "c1-b1");
    assert_int_equal(rm_state_quiet(&st), 2);
    rm_outcome o;
    assert_int_equal(result_of(g, &st, &o), RM_ONGOING);
    play_counted(g, &st, "e1-d1");
    assert_int_equal(rm_state_quiet(&st), 3);
    /* one tiger, one man: as many pieces */
    assert_int_equal(result_of(g, &st, &o), RM_DRAW);
    assert_int_equal(o.rule, RM_BY_MORE_PIECES);
    assert_int_equal(o.side, -1);
    rm_game_destroy(g);
    g = counting_game("tiger at a1; man at c1 e1", "first tigers; more pieces wins after 1 turn without capture");
    st = start(g);
    play_counted(g, &st, "a1-b1");
    assert_int_equal(result_of(g, &st, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_MORE_PIECES);
    rm_game_destroy(g);
}

static void end__blocked_passes__one_turn_of_no_move_and_play_goes_on(void **state)
{
    (void)state;
    rm_game *g = blocked_game("tiger at b1; man at c1 d1", "men when blocked pass");
    rm_state st = start(g);
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_int_equal(rm_legal_turns(g, &st, &l), 1);
    assert_true(l.pass);
    assert_int_equal(l.turns[0].n, 0);
    rm_turnlist_free(&l);
    assert_string_equal(legal(g, &st), "-");
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    uint64_t before = rm_state_hash(&st);
    play(g, &st, "-");
    /* the pass is a turn: the other side moves, the turn number goes on */
    assert_int_equal(rm_state_to_move(&st), side_of(g, "tigers"));
    assert_int_equal(rm_state_turn(&st), 1);
    assert_true(rm_state_hash(&st) != before);
    assert_point(g, &st, "b1", "tiger", 1);
    assert_string_equal(legal(g, &st), "b1-a1");
    /* a side that can move does not pass */
    play(g, &st, "b1-a1");
    assert_string_equal(legal(g, &st), "c1-b1");
    rm_game_destroy(g);
}

static void end__both_pass__neither_can_move__ends_as_the_file_says(void **state)
{
    (void)state;
    rm_game *g = blocked_game("tiger at a1; man at b1 c1 d1",
                              "men when blocked pass; tigers when blocked pass");
    rm_state st = start(g);
    rm_outcome o;
    /* a draw by default, before any pass is played */
    assert_int_equal(result_of(g, &st, &o), RM_DRAW);
    assert_int_equal(o.rule, RM_BY_BOTH_BLOCKED);
    rm_game_destroy(g);
    g = blocked_game("tiger at a1; man at b1 c1 d1",
                     "men when blocked pass; tigers when blocked pass; when both blocked tigers wins");
    st = start(g);
    assert_int_equal(result_of(g, &st, &o), side_of(g, "tigers"));
    assert_int_equal(o.rule, RM_BY_BOTH_BLOCKED);
    rm_game_destroy(g);
    /* the men pass, the tigers then lose on their own turn */
    g = blocked_game("tiger at a1; man at b1 c1 d1", "men when blocked pass");
    st = start(g);
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    play(g, &st, "-");
    assert_int_equal(result_of(g, &st, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_BLOCKED);
    rm_game_destroy(g);
}

/* The result of ST on the bit kernel, which must have G; its rule in *O. */
static int bits_result_of(const rm_game *g, const rm_state *st, rm_outcome *o)
{
    const rm_bits *k = rm_bits_get(g);
    assert_non_null(k);
    rm_bstate bs;
    rm_bits_from_state(k, st, &bs);
    rm_btally t;
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_state back;
    int r = rm_bits_result(g, k, &bs, NULL, &t, &l, &back, o);
    rm_turnlist_free(&l);
    return r;
}

static void end__a_win_by_a_region__decided_after_the_turn_before_the_turn_limit(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 4 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 2 }\n"
                      "setup { tiger at a1; man at d1 }\n"
                      "rules { first tigers; draw after 3 turns\n"
                      "    tigers wins when tiger reaches c1\n"
                      "    men wins when man fills a1, b1 }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man or drop man }\n");
    rm_state st = start(g);
    rm_outcome o;
    char buf[128];
    assert_int_equal(result_of(g, &st, &o), RM_ONGOING);
    play(g, &st, "a1-b1");
    play(g, &st, "d1-c1");
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    /* the men's man on c1 is no tiger: the tigers' region holds a tiger */
    play(g, &st, "b1-a1");
    /* turn 3, the last, is played: the men's a1 b1 are not both theirs */
    assert_int_equal(result_of(g, &st, &o), RM_DRAW);
    assert_int_equal(o.rule, RM_BY_TURN_LIMIT);
    rm_game_destroy(g);

    g = load("game \"test\"\n"
             "board { grid 4 x 1 }\n"
             "side tigers { piece tiger 1 }\n"
             "side men { piece man 2 }\n"
             "setup { tiger at a1; man at d1 }\n"
             "rules { first tigers; draw after 1 turn\n"
             "    tigers wins when tiger reaches c1, b1 }\n"
             "phase hunt of tigers { turn step tiger }\n"
             "phase move of men { turn step man }\n");
    st = start(g);
    play(g, &st, "a1-b1");
    /* reached on the last turn: a win, not the draw of the turn limit */
    assert_int_equal(result_of(g, &st, &o), side_of(g, "tigers"));
    assert_int_equal(o.rule, RM_BY_GOAL);
    assert_int_equal(o.side, side_of(g, "tigers"));
    assert_string_equal(rm_outcome_text(g, &o, buf, sizeof buf), "tigers reached c1 b1");
    assert_int_equal(bits_result_of(g, &st, &o), side_of(g, "tigers"));
    assert_int_equal(o.rule, RM_BY_GOAL);
    rm_game_destroy(g);

    /* filled: every point of the set holds one of the kinds */
    g = load("game \"test\"\n"
             "board { grid 4 x 1 }\n"
             "side tigers { piece tiger 1 }\n"
             "side men { piece man 1; piece elder 1 }\n"
             "setup { tiger at d1; man at a1; elder at c1 }\n"
             "rules { first men; men wins when man, elder fills a1, b1 }\n"
             "phase hunt of tigers { turn step tiger }\n"
             "phase move of men { turn step man or step elder }\n");
    st = start(g);
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    assert_int_equal(bits_result_of(g, &st, NULL), RM_ONGOING);
    play(g, &st, "c1-b1");
    assert_int_equal(result_of(g, &st, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_GOAL);
    assert_string_equal(rm_outcome_text(g, &o, buf, sizeof buf), "men filled a1 b1");
    assert_int_equal(bits_result_of(g, &st, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_GOAL);
    rm_game_destroy(g);
}

static void end__blocked_pass_with_compulsory_captures__still_passes(void **state)
{
    (void)state;
    rm_game *g = loadf("game \"test\"\n"
                       "board { grid 4 x 1 }\n"
                       "side tigers { piece tiger 1 }\n"
                       "side men { piece man 3 stacks }\n"
                       "setup { tiger at a1; man 2 at b1; man at c1 }\n"
                       "rules { tigers when blocked pass }\n"
                       "phase hunt of tigers { turn step tiger or capture tiger\n"
                       "    captures compulsory }\n"
                       "phase move of men { turn step man }\n");
    rm_state st = start(g);
    /* the stack on b1 cannot be jumped (c1 is taken), and a1 has no free
     * neighbour: the tigers pass */
    assert_string_equal(legal(g, &st), "-");
    play(g, &st, "-");
    /* (men stack: a man may step onto a man) */
    assert_string_equal(legal(g, &st), "b1-c1 c1-b1 c1-d1");
    rm_game_destroy(g);
}

/* The position after a pass that ended the game, ST: it is over as
 * RESULT says (the side that passed, PASSER, named), the same on the bit
 * kernel; it has no turn; its hash is its contents'; its position string
 * ends with WORD and reads back to it. */
static void assert_over_after_pass(const rm_game *g, const rm_state *st, int result, int passer,
                                   const char *word)
{
    rm_outcome o;
    assert_int_equal(result_of(g, st, &o), result);
    assert_int_equal(o.rule, RM_BY_BLOCKED_PASS);
    assert_int_equal(o.side, passer);
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_int_equal(rm_legal_turns(g, st, &l), 0);
    assert_true(rm_state_sound(g, st));
    const rm_bits *k = rm_bits_get(g);
    assert_non_null(k);
    rm_bstate bs;
    rm_bits_from_state(k, st, &bs);
    rm_btally *t = malloc(sizeof *t);
    assert_non_null(t);
    rm_state back;
    rm_outcome bo;
    assert_int_equal(rm_bits_result(g, k, &bs, NULL, t, &l, &back, &bo), result);
    assert_int_equal(bo.rule, RM_BY_BLOCKED_PASS);
    rm_bits_to_state(k, &bs, &back);
    assert_int_equal(rm_state_pass_end(&back), rm_state_pass_end(st));
    free(t);
    rm_turnlist_free(&l);
    char *text = rm_position_string(g, st);
    assert_non_null(text);
    assert_non_null(strstr(text, word));
    rm_state read;
    char err[256];
    int at;
    assert_int_equal(rm_parse_position_string(g, text, &read, &at, err, sizeof err), 0);
    assert_int_equal(rm_state_hash(&read), rm_state_hash(st));
    assert_int_equal(rm_state_pass_end(&read), rm_state_pass_end(st));
    free(text);
}

static void end__blocked_pass_then_lose__one_pass_and_then_the_side_has_lost(void **state)
{
    (void)state;
    rm_game *g = blocked_game("tiger at b1; man at c1 d1", "men when blocked pass then lose");
    rm_state st = start(g);
    /* the blocked men's one turn is the pass, and the game is not over yet */
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    assert_string_equal(legal(g, &st), "-");
    rm_turnlist lists[3];
    for (int i = 0; i < 3; i++)
        rm_turnlist_init(&lists[i]);
    bool failed = false;
    assert_int_equal(rm_perft(g, &st, 1, lists, &failed), 1);
    assert_int_equal(rm_perft(g, &st, 2, lists, &failed), 0);
    assert_false(failed);
    for (int i = 0; i < 3; i++)
        rm_turnlist_free(&lists[i]);
    uint64_t before = rm_state_hash(&st);
    play(g, &st, "-");
    assert_true(rm_state_hash(&st) != before);
    assert_int_equal(rm_state_pass_end(&st), RM_BLOCKED_PASS_LOSES);
    assert_int_equal(rm_state_to_move(&st), side_of(g, "tigers"));
    /* the tiger could step to a1, but the game is over: the men lost */
    assert_over_after_pass(g, &st, side_of(g, "tigers"), side_of(g, "men"), "passed:lose");
    rm_game_destroy(g);
}

static void end__blocked_pass_then_draw__one_pass_and_then_a_draw(void **state)
{
    (void)state;
    rm_game *g = blocked_game("tiger at b1; man at c1 d1", "men when blocked passes then draws");
    rm_state st = start(g);
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    play(g, &st, "-");
    assert_int_equal(rm_state_pass_end(&st), RM_BLOCKED_PASS_DRAWS);
    assert_over_after_pass(g, &st, RM_DRAW, side_of(g, "men"), "passed:draw");
    rm_game_destroy(g);
}

static void end__pass_then_lose__a_turn_of_optional_steps_played_empty_is_no_pass(void **state)
{
    (void)state;
    /* the men's line may be played with no move: they are never blocked,
     * and their empty turn is a turn like any */
    rm_game *g = loadf("game \"test\"\n"
                       "board { grid 4 x 1 }\n"
                       "side tigers { piece tiger 1 }\n"
                       "side men { piece man 3 }\n"
                       "setup { tiger at b1; man at c1 d1 }\n"
                       "rules { first men; men when blocked pass then lose }\n"
                       "phase hunt of tigers { turn step tiger }\n"
                       "phase move of men { turn step man optional }\n");
    rm_state st = start(g);
    rm_turnlist l;
    rm_turnlist_init(&l);
    assert_int_equal(rm_legal_turns(g, &st, &l), 1);
    assert_false(l.pass);
    rm_turnlist_free(&l);
    play(g, &st, "-");
    assert_int_equal(rm_state_pass_end(&st), 0);
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    assert_string_equal(legal(g, &st), "b1-a1");
    rm_game_destroy(g);
}

/* Tigers on a row of 4; the men drop two, then step. T, D and R are the
 * 'when blocked' statements of the tigers' phase (T), of the men's
 * dropping phase (D) and of the rules (R). */
static rm_game *phase_blocked_game(const char *t, const char *d, const char *r)
{
    return loadf("game \"test\"\n"
                 "board { grid 4 x 1 }\n"
                 "side tigers { piece tiger 1 }\n"
                 "side men { piece man 3 }\n"
                 "setup { tiger at a1; man at b1; man in hand 2 }\n"
                 "rules { first men; men when blocked lose; %s }\n"
                 "phase hunt of tigers { turn step tiger; %s }\n"
                 "phase drop of men { turn drop man; ends when hand empty; %s }\n"
                 "phase move of men { turn step man }\n",
                 r, t, d);
}

static void end__blocked_in_a_phase__own_phase_then_the_others_then_the_rules(void **state)
{
    (void)state;
    rm_outcome o;
    /* the men's dropping phase: a tiger blocked while they drop passes */
    rm_game *g = phase_blocked_game("", "tigers when blocked pass", "tigers when blocked lose");
    rm_state st = start(g);
    play(g, &st, "c1");
    assert_string_equal(phase_name(g, &st, "men"), "drop");
    assert_int_equal(result_of(g, &st, NULL), RM_ONGOING);
    assert_string_equal(legal(g, &st), "-");
    play(g, &st, "-");
    /* the men's last drop ends their dropping: the rules block's rule */
    play(g, &st, "d1");
    assert_string_equal(phase_name(g, &st, "men"), "move");
    assert_int_equal(result_of(g, &st, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_BLOCKED);
    rm_game_destroy(g);
    /* the blocked side's own phase comes before the other side's */
    g = phase_blocked_game("tigers when blocked draw", "tigers when blocked pass",
                           "tigers when blocked lose");
    st = start(g);
    play(g, &st, "c1");
    assert_int_equal(result_of(g, &st, &o), RM_DRAW);
    assert_int_equal(o.rule, RM_BY_BLOCKED);
    rm_game_destroy(g);
    /* a pass that ends the game, by the other side's phase */
    g = phase_blocked_game("", "tigers when blocked pass then lose", "tigers when blocked lose");
    st = start(g);
    play(g, &st, "c1");
    assert_string_equal(legal(g, &st), "-");
    play(g, &st, "-");
    assert_int_equal(result_of(g, &st, &o), side_of(g, "men"));
    assert_int_equal(o.rule, RM_BY_BLOCKED_PASS);
    rm_game_destroy(g);
}

/* ---- phases played before play ---- */

static void phase__before_play__not_a_turn_and_the_first_side_then_starts(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 5 x 1 }\n"
                      "side tigers { piece tiger 2 }\n"
                      "side men { piece man 2 }\n"
                      "setup { man at e1 d1 }\n"
                      "rules { first men }\n"
                      "phase place of tigers before play { turn drop tiger; ends when hand empty }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man }\n");
    rm_state st = start(g);
    assert_int_equal(rm_state_to_move(&st), side_of(g, "tigers"));
    assert_string_equal(phase_name(g, &st, "tigers"), "place");
    play(g, &st, "a1");
    /* the side keeps the move until its phase ends, and no turn is counted */
    assert_int_equal(rm_state_to_move(&st), side_of(g, "tigers"));
    assert_int_equal(rm_state_turn(&st), 0);
    play(g, &st, "b1");
    assert_int_equal(rm_state_to_move(&st), side_of(g, "men"));
    assert_int_equal(rm_state_turn(&st), 0);
    assert_string_equal(phase_name(g, &st, "tigers"), "hunt");
    assert_true(rm_state_hash(&st) == rm_hash(g, &st));
    play(g, &st, "d1-c1");
    assert_int_equal(rm_state_turn(&st), 1);
    assert_int_equal(rm_state_to_move(&st), side_of(g, "tigers"));
    rm_game_destroy(g);
}

static void phase__before_play_both_sides__first_side_places_first(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 5 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 1 }\n"
                      "rules { first men }\n"
                      "phase place of tigers before play { turn drop tiger; ends after 1 turn }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase enter of men before play { turn drop man; ends after 1 turn }\n"
                      "phase move of men { turn step man }\n");
    rm_state st = start(g);
    assert_int_equal(rm_state_to_move(&st), side_of(g, "men"));
    play(g, &st, "e1");
    assert_int_equal(rm_state_to_move(&st), side_of(g, "tigers"));
    play(g, &st, "a1");
    /* both have placed: the men, named first, play turn 1 */
    assert_int_equal(rm_state_to_move(&st), side_of(g, "men"));
    assert_int_equal(rm_state_turn(&st), 0);
    assert_string_equal(legal(g, &st), "e1-d1");
    rm_game_destroy(g);
}

/* ---- hashing ---- */

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Plays random games of G for TURNS turns in all, checking after every
 * turn that the hash kept by rm_apply is the one rm_hash computes and the
 * one the turn list predicted. */
static void check_hash_random_play(const rm_game *g, int turns, uint64_t seed)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_state st = start(g);
    assert_true(rm_state_hash(&st) == rm_hash(g, &st));
    for (int played = 0; played < turns;) {
        int n = rm_legal_turns(g, &st, &l);
        assert_true(n >= 0);
        if (n == 0) {
            st = start(g);
            continue;
        }
        int i = (int)(next_random(&seed) % (uint64_t)n);
        rm_apply(g, &st, rm_turn_moves(&l, i), l.turns[i].n);
        played++;
        if (rm_state_hash(&st) != rm_hash(g, &st) || rm_state_hash(&st) != l.turns[i].hash) {
            char buf[RM_MAX_TURN_TEXT];
            rm_format_turn(g, rm_turn_moves(&l, i), l.turns[i].n, buf, sizeof buf);
            fail_msg("after turn %d (%s): hash %016llx, rm_hash %016llx, listed %016llx",
                     rm_state_turn(&st), buf, (unsigned long long)rm_state_hash(&st),
                     (unsigned long long)rm_hash(g, &st), (unsigned long long)l.turns[i].hash);
        }
    }
    rm_turnlist_free(&l);
}

static void hash__random_play_rimau_rimau_a__incremental_equals_full(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    check_hash_random_play(g, 400, 0x9E3779B97F4A7C15ull);
    rm_game_destroy(g);
}

static void hash__random_play_stacks_and_chains__incremental_equals_full(void **state)
{
    (void)state;
    /* drops onto stacks, captures over stacks, chains removing at end */
    rm_game *g = load("game \"test\"\n"
                      "board { grid 5 x 5 diagonals alternate }\n"
                      "side tigers { piece tiger 2 }\n"
                      "side men { piece man 20 stacks }\n"
                      "setup { tiger in hand 2; man 2 at b2 d4; man in hand 16 }\n"
                      "rules { first tigers }\n"
                      "phase placing of tigers { turn drop tiger 2 times; ends after 1 turn }\n"
                      "phase hunting of tigers { turn step tiger or capture tiger lines odd chain "
                      "removing at end }\n"
                      "phase dropping of men { turn drop man or step man }\n");
    check_hash_random_play(g, 400, 12345);
    rm_game_destroy(g);
}

/* ---- notation ---- */

static const char notation_text[] = "game \"test\"\n"
                                    "board { grid 5 x 5 }\n"
                                    "side tigers { piece tiger 1 }\n"
                                    "side men { piece man 3 }\n"
                                    "setup { tiger at a1; man at b4 c4 d4 }\n"
                                    "phase opening of tigers { turn remove man 2 times; ends after 1 turn }\n"
                                    "phase hunt of tigers { turn step tiger }\n"
                                    "phase move of men { turn step man }\n";

static void parse__removals_in_either_order__the_same_turn(void **state)
{
    (void)state;
    rm_game *g = load(notation_text);
    rm_state a = start(g), b = start(g), c = start(g);
    play(g, &a, "xb4,xc4");
    play(g, &b, "xc4,xb4");
    play(g, &c, " xc4 , xb4 ");
    assert_true(rm_state_hash(&a) == rm_state_hash(&b));
    assert_true(rm_state_hash(&a) == rm_state_hash(&c));
    for (int p = 0; p < g->board.npoints; p++)
        assert_int_equal(rm_state_kind(&a, p), rm_state_kind(&b, p));
    assert_point(g, &a, "d4", "man", 1);
    rm_game_destroy(g);
}

static void parse__moves_reaching_a_turns_position__must_be_a_way_to_play_it(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 3 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 2 }\n"
                      "setup { tiger at c1 }\n"
                      "rules { first men }\n"
                      "phase enter of men { turn drop man then step man; ends when hand empty }\n"
                      "phase move of men { turn step man }\n"
                      "phase hunt of tigers { turn step tiger }\n");
    rm_state st = start(g);
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[512];
    /* the drop on b1 alone reaches the position of a1,a1-b1 */
    assert_int_equal(rm_parse_turn(g, &st, "b1", moves, &n, err, sizeof err), -1);
    assert_non_null(strstr(err, "a1,a1-b1"));
    assert_int_equal(rm_parse_turn(g, &st, "a1,a1-b1", moves, &n, err, sizeof err), 0);
    assert_int_equal(n, 2);
    rm_game_destroy(g);
}

static void parse__capture_between_names_without_digits__reads_back(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { point top at 0 2; point mid at 0 1; point low at 0 0\n"
                      "    line top mid low }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 1 }\n"
                      "setup { tiger at top; man at mid }\n"
                      "phase hunt of tigers { turn capture tiger }\n"
                      "phase move of men { turn step man }\n");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "topxlow");
    play(g, &st, "topxlow");
    assert_point(g, &st, "low", "tiger", 1);
    assert_point(g, &st, "mid", NULL, 0);
    rm_game_destroy(g);
}

static void parse__unknown_point__rejected(void **state)
{
    (void)state;
    rm_game *g = load(notation_text);
    rm_state st = start(g);
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256] = "";
    assert_int_equal(rm_parse_turn(g, &st, "xb4,xz9", moves, &n, err, sizeof err), -2); /* not readable */
    assert_non_null(strstr(err, "unknown point"));
    assert_non_null(strstr(err, "z9"));
    rm_game_destroy(g);
}

static void parse__illegal_turn__rejected(void **state)
{
    (void)state;
    rm_game *g = load(notation_text);
    rm_state st = start(g);
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    static const char *const bad[] = {
        "xb4",        /* one removal, two are due */
        "xb4,xb4",    /* the same man twice */
        "xa1,xb4",    /* the tiger's own point */
        "xb4,xc4,xd4" /* three */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[256] = "";
        if (rm_parse_turn(g, &st, bad[i], moves, &n, err, sizeof err) != -1)
            fail_msg("'%s' was taken as a legal turn", bad[i]);
        if (!strstr(err, "not a legal turn"))
            fail_msg("'%s': unexpected message '%s'", bad[i], err);
    }
    rm_game_destroy(g);
}

static void parse__illegal_turn_from_column_x__says_not_legal(void **state)
{
    (void)state;
    /* Was a bug: a leading x was always read as a capture mark. */
    rm_game *g = load("game \"test\"\n"
                      "board { grid 26 x 1 }\n"
                      "side tigers { piece tiger 1 }\n"
                      "side men { piece man 1 }\n"
                      "setup { tiger at x1; man at a1 }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man }\n");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "x1-w1 x1-y1");
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256] = "";
    assert_int_equal(rm_parse_turn(g, &st, "x1-z1", moves, &n, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a legal turn"));
    rm_game_destroy(g);
}

static void parse__every_listed_turn__parses_back_to_it(void **state)
{
    (void)state;
    static const char *const games[] = { grid_chain_text, remove_text };
    static const char *const args[] = { "end", "remove man 3 times then relocate tiger optional" };
    for (int k = 0; k < 2; k++) {
        rm_game *g = loadf(games[k], args[k]);
        rm_state st = start(g);
        rm_turnlist l;
        rm_turnlist_init(&l);
        int n = rm_legal_turns(g, &st, &l);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            char buf[RM_MAX_TURN_TEXT], err[256];
            rm_move moves[RM_MAX_TURN_MOVES];
            int nm = 0;
            rm_format_turn(g, rm_turn_moves(&l, i), l.turns[i].n, buf, sizeof buf);
            if (rm_parse_turn(g, &st, buf, moves, &nm, err, sizeof err) != 0)
                fail_msg("'%s' is listed but refused: %s", buf, err);
            rm_state after = st;
            rm_apply(g, &after, moves, nm);
            assert_true(rm_state_hash(&after) == l.turns[i].hash);
        }
        rm_turnlist_free(&l);
        rm_game_destroy(g);
    }
}

static void format__drop_of_side_with_two_kinds__names_the_kind(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\n"
                      "board { grid 3 x 1 }\n"
                      "side women { piece child 1; piece woman 1 }\n"
                      "side men { piece man 1 }\n"
                      "setup { man at c1 }\n"
                      "phase placing of women { turn drop child or drop woman; ends when hand empty }\n"
                      "phase play of women { turn step child or step woman }\n"
                      "phase move of men { turn step man }\n");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "child@a1 child@b1 woman@a1 woman@b1");
    play(g, &st, "woman@b1");
    assert_point(g, &st, "b1", "woman", 1);
    rm_game_destroy(g);
}

static void chain__lands_back_on_its_start__legal_and_clears_the_men(void **state)
{
    (void)state;
    /* c3 x a5 (over b4), a5 x a3 (over a4), a3 x c3 (over b3): the chain
     * ends on the point it left, emptied by its first move. */
    rm_game *g = load("game \"t\"\nboard { grid 5 x 5 diagonals alternate }\n"
                      "side tigers { piece tiger 1 }\nside men { piece man 3 }\n"
                      "setup { tiger at c3; man at b4 a4 b3 }\nrules { first tigers }\n"
                      "phase hunting of tigers { turn capture tiger chain }\n"
                      "phase moving of men { turn step man }\n");
    rm_state st = start(g);
    assert_non_null(strstr(legal(g, &st), "c3xa5xa3xc3"));
    play(g, &st, "c3xa5xa3xc3");
    assert_point(g, &st, "c3", "tiger", 1);
    assert_int_equal(rm_state_on_board(&st, kind_of(g, "man")), 0);
    rm_game_destroy(g);
}

static void drop__two_times_in_a_row__one_turn_per_multiset(void **state)
{
    (void)state;
    rm_game *g = load("game \"d\"\nboard { grid 3 x 3 }\n"
                      "side a { piece p 4 stacks }\nside b { piece q 5 }\n"
                      "setup { p in hand 4\n q in hand 5 }\n"
                      "phase placing of a {\n turn drop p in row 1 2 times\n turn drop p\n"
                      " ends when hand empty\n}\n"
                      "phase moving of a { turn step p }\n"
                      "phase placing of b { turn drop q while fewer than 2 on board }\n");
    rm_state st = start(g);
    /* two drops on a1 b1 c1, stacking allowed: {a1,a1} {a1,b1} ... 6 multisets */
    assert_string_equal(legal(g, &st), "a1,a1 a1,b1 a1,c1 b1,b1 b1,c1 c1,c1");
    play(g, &st, "a1,a1");
    assert_point(g, &st, "a1", "p", 2);
    assert_int_equal(rm_state_hand(&st, kind_of(g, "p")), 2);
    rm_game_destroy(g);
}

/* ---- the order of the turns ---- */

typedef struct listing {
    uint64_t position;
    int n;
    uint64_t *turns;           /* the hashes the turns lead to, in their order */
} listing;

/* The hashes the turns of L lead to, in their order (malloc'd). */
static uint64_t *order_of(const rm_turnlist *l)
{
    uint64_t *h = malloc(((size_t)l->n + 1) * sizeof *h);
    assert_non_null(h);
    for (int i = 0; i < l->n; i++)
        h[i] = l->turns[i].hash;
    return h;
}

static void assert_same_order(const rm_game *g, const rm_state *st, const listing *before,
                              const rm_turnlist *l, const char *how)
{
    if (before->n != l->n)
        fail_msg("%s, turn %d: %d turns, %d before", how, rm_state_turn(st), l->n, before->n);
    for (int i = 0; i < l->n; i++)
        if (before->turns[i] != l->turns[i].hash)
            fail_msg("%s, turn %d: turn %d of %d is another turn than before", how,
                     rm_state_turn(st), i, l->n);
    (void)g;
}

/* Plays random turns of G; every position is listed into a list that held
 * the last position's turns, into a fresh list, and, when met before at
 * another turn, compared with its first listing: the same turns in the
 * same order each time. Returns how many positions were met again. */
static int check_order(const rm_game *g, int turns, uint64_t seed)
{
    enum { SEEN = 4096 };
    static listing seen[SEEN];
    int nseen = 0, again = 0;
    rm_turnlist l, fresh;
    rm_turnlist_init(&l);
    rm_state st = start(g);
    for (int played = 0; played < turns; played++) {
        int n = rm_legal_turns(g, &st, &l);
        assert_true(n >= 0);
        rm_turnlist_init(&fresh);
        assert_int_equal(rm_legal_turns(g, &st, &fresh), n);
        listing now = { rm_state_hash(&st), n, order_of(&l) };
        assert_same_order(g, &st, &now, &fresh, "a fresh list");
        rm_turnlist_free(&fresh);
        int k = 0;
        while (k < nseen && seen[k].position != now.position)
            k++;
        if (k < nseen) {
            assert_same_order(g, &st, &seen[k], &l, "the position met again");
            again++;
            free(now.turns);
        } else if (nseen < SEEN) {
            seen[nseen++] = now;
        } else {
            free(now.turns);
        }
        if (n == 0) {
            st = start(g);
            continue;
        }
        int i = (int)(next_random(&seed) % (uint64_t)n);
        rm_apply(g, &st, rm_turn_moves(&l, i), l.turns[i].n);
    }
    for (int k = 0; k < nseen; k++)
        free(seen[k].turns);
    rm_turnlist_free(&l);
    return again;
}

static void order__same_position_at_other_turns__same_turns_in_same_order(void **state)
{
    (void)state;
    /* two tigers and two men stepping on a small grid: positions recur */
    rm_game *g = load("game \"test\"\nboard { grid 3 x 3 }\n"
                      "side tigers { piece tiger 2 }\nside men { piece man 2 }\n"
                      "setup { tiger at a1 c1; man at a3 c3 }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man }\n");
    assert_true(check_order(g, 3000, 7) > 1000);
    rm_game_destroy(g);
    const char *shipped[] = { "tiger-and-buffaloes.game", "rimau-rimau-a.game", "satoel.game" };
    for (int f = 0; f < 3; f++) {
        g = load_shipped(shipped[f]);
        check_order(g, 1500, 11 + (uint64_t)f);
        rm_game_destroy(g);
    }
}

/* ---- the history of repetitions ---- */

/* How many of the first N positions of the game STATES are the last one:
 * the plain count the history must agree with. */
static int count_seen(const uint64_t *hashes, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c += hashes[i] == hashes[n - 1];
    return c;
}

/* Random games of G, TURNS turns: after every turn, every take-back and
 * every copy, the history counts the last position's repeats as a plain
 * count over the whole game does. */
static void check_history(const rm_game *g, int turns, uint64_t seed)
{
    enum { MAX = 4096 };
    static uint64_t hashes[MAX];
    static rm_state states[MAX];
    rm_history h, c;
    rm_history_init(&h);
    rm_history_init(&c);
    rm_turnlist l;
    rm_turnlist_init(&l);
    states[0] = start(g);
    hashes[0] = rm_state_hash(&states[0]);
    assert_int_equal(rm_history_start(&h, &states[0]), 0);
    int n = 1, max_seen = 0;
    for (int played = 0; played < turns && n < MAX; played++) {
        int k = rm_legal_turns(g, &states[n - 1], &l);
        assert_true(k >= 0);
        if (k == 0 || next_random(&seed) % 50 == 0) {
            /* take back a random number of turns */
            int back = (int)(next_random(&seed) % (uint64_t)n);
            rm_history_truncate(&h, n - back);
            n -= back;
            assert_int_equal(rm_history_length(&h), n);
            assert_int_equal(rm_history_repeats(&h), count_seen(hashes, n));
            continue;
        }
        int i = (int)(next_random(&seed) % (uint64_t)k);
        states[n] = states[n - 1];
        rm_apply(g, &states[n], rm_turn_moves(&l, i), l.turns[i].n);
        hashes[n] = rm_state_hash(&states[n]);
        n++;
        assert_int_equal(rm_history_push(&h, &states[n - 1]), 0);
        int want = count_seen(hashes, n);
        if (rm_history_repeats(&h) != want)
            fail_msg("turn %d: the history says seen %d times, the game %d", n - 1,
                     rm_history_repeats(&h), want);
        if (want > max_seen)
            max_seen = want;
        if (played % 97 == 0) {
            /* a copy goes on as the original would */
            assert_int_equal(rm_history_copy(&c, &h), 0);
            assert_int_equal(rm_history_push(&c, &states[n - 1]), 0);
            assert_int_equal(rm_history_repeats(&c), want + 1);
            assert_int_equal(rm_history_repeats(&h), want);
        }
    }
    assert_true(max_seen >= 3);
    rm_turnlist_free(&l);
    rm_history_free(&h);
    rm_history_free(&c);
}

static void history__random_games_with_takebacks__repeats_as_a_plain_count(void **state)
{
    (void)state;
    rm_game *g = load("game \"test\"\nboard { grid 3 x 3 }\n"
                      "side tigers { piece tiger 2 }\nside men { piece man 2 }\n"
                      "setup { tiger at a1 c1; man at a3 c3 }\n"
                      "phase hunt of tigers { turn step tiger }\n"
                      "phase move of men { turn step man }\n");
    check_history(g, 3000, 5);
    rm_game_destroy(g);
    g = load_shipped("tiger-and-buffaloes.game");
    check_history(g, 3000, 9);
    rm_game_destroy(g);
}

static void history__capture__positions_before_it_are_not_searched(void **state)
{
    (void)state;
    rm_game *g = row_game(5, 1, 2, false, "tiger at a1; man at b1 e1", "turn capture tiger or step tiger");
    rm_history h;
    rm_history_init(&h);
    rm_state st = start(g);
    assert_int_equal(rm_history_start(&h, &st), 0);
    play(g, &st, "a1xc1");
    assert_int_equal(rm_history_push(&h, &st), 0);
    /* the capture cannot be undone: the game starts again from it */
    assert_int_equal(h.e[1].since, 1);
    play(g, &st, "e1-d1");
    assert_int_equal(rm_history_push(&h, &st), 0);
    assert_int_equal(h.e[2].since, 1);
    assert_int_equal(rm_history_repeats(&h), 1);
    rm_history_free(&h);
    rm_game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(drop__empty_board__onto_every_empty_point),
        cmocka_unit_test(drop__occupied_point__is_not_a_destination),
        cmocka_unit_test(drop__in_set__only_onto_points_of_the_set),
        cmocka_unit_test(drop__while_fewer_than__stops_at_the_limit),
        cmocka_unit_test(drop__own_point__only_when_the_kind_stacks),
        cmocka_unit_test(step__grid__adjacent_empty_points_along_lines_only),
        cmocka_unit_test(step__alternate_diagonals__only_where_a_diagonal_runs),
        cmocka_unit_test(step__own_stack__joins_it_and_leaves_the_rest),
        cmocka_unit_test(slide__open_line__any_distance_stopping_before_a_piece),
        cmocka_unit_test(leap__over_adjacent_woman__lands_beyond_and_she_stays),
        cmocka_unit_test(leap__landing_point_taken__none),
        cmocka_unit_test(capture__adjacent_enemy__lands_beyond_and_takes_it),
        cmocka_unit_test(capture__enemy_at_board_edge__none),
        cmocka_unit_test(capture__landing_point_occupied__none),
        cmocka_unit_test(capture__over_stack__takes_one_piece),
        cmocka_unit_test(capture__line_of_three_with_lines_odd__takes_all_three),
        cmocka_unit_test(capture__line_of_three_with_lines_1__is_blocked),
        cmocka_unit_test(capture__line_of_two__is_blocked),
        cmocka_unit_test(capture__line_with_gap__is_not_one_line),
        cmocka_unit_test(capture__line_of_65_with_lines_1__is_blocked),
        cmocka_unit_test(chain__may_stop__one_and_two_capture_turns_legal),
        cmocka_unit_test(chain__without_chain__one_capture_only),
        cmocka_unit_test(chain__must_continue__only_the_full_chain),
        cmocka_unit_test(chain__removing_at_once__may_land_on_point_emptied_before),
        cmocka_unit_test(chain__removing_at_end__cannot_land_on_point_emptied_before),
        cmocka_unit_test(chain__removing_at_end__never_jumps_a_piece_twice),
        cmocka_unit_test(chain__removing_at_once__jumps_a_stack_twice),
        cmocka_unit_test(chain__lands_back_on_its_start__legal_and_clears_the_men),
        cmocka_unit_test(drop__two_times_in_a_row__one_turn_per_multiset),
        cmocka_unit_test(order__same_position_at_other_turns__same_turns_in_same_order),
        cmocka_unit_test(history__random_games_with_takebacks__repeats_as_a_plain_count),
        cmocka_unit_test(history__capture__positions_before_it_are_not_searched),
        cmocka_unit_test(remove__three_times__one_turn_per_set_of_three),
        cmocka_unit_test(remove__then_relocate_optional__adds_each_relocation),
        cmocka_unit_test(remove__rimau_rimau_a_opening__choose_three_times_relocations),
        cmocka_unit_test(remove__in_set__only_pieces_of_the_set),
        cmocka_unit_test(relocate__to_set__only_empty_points_of_the_set),
        cmocka_unit_test(compulsory__capture_available__only_capturing_turns),
        cmocka_unit_test(huff__at_once__the_mover_is_lost_where_it_stepped_else_the_one_that_could),
        cmocka_unit_test(huff__by_opponent__remembered_and_huffed_first_by_the_other_side),
        cmocka_unit_test(compulsory__no_capture_available__steps_stay_legal),
        cmocka_unit_test(filter__step_each_word__the_moves_it_names),
        cmocka_unit_test(filter__toward_a_point__nearer_is_forward_as_near_is_sideways),
        cmocka_unit_test(filter__slide__only_along_the_lines_it_allows),
        cmocka_unit_test(filter__leap__only_along_the_lines_it_allows),
        cmocka_unit_test(filter__capture__only_along_the_lines_it_allows),
        cmocka_unit_test(filter__chain__every_capture_obeys_the_filter),
        cmocka_unit_test(filter__stacks__a_step_onto_a_stack_and_a_chain_over_one),
        cmocka_unit_test(filter__captures_compulsory__only_captures_the_filter_allows),
        cmocka_unit_test(filter__board_of_points__directions_from_coordinates),
        cmocka_unit_test(filter__illegal_direction__the_message_says_which_way_it_goes),
        cmocka_unit_test(phase__ends_when_hand_empty__next_phase_after_last_drop),
        cmocka_unit_test(phase__ends_after_one_turn__next_phase_with_pieces_in_hand),
        cmocka_unit_test(phase__several_turn_lines__used_in_order_last_repeats),
        cmocka_unit_test(end__side_without_legal_turn__loses),
        cmocka_unit_test(end__side_without_pieces__loses),
        cmocka_unit_test(end__loses_with_n_pieces__at_that_number),
        cmocka_unit_test(end__draw_after_n_turns__drawn_when_played),
        cmocka_unit_test(end__draw_on_repetition__third_time_the_position_is_seen),
        cmocka_unit_test(end__draw_on_repetition_never__a_repeated_position_goes_on),
        cmocka_unit_test(end__blocked_by_default__the_side_loses),
        cmocka_unit_test(end__blocked_draws__the_game_is_drawn),
        cmocka_unit_test(counters__stall__counts_the_side_s_turns_and_resets_on_advancing),
        cmocka_unit_test(counters__more_pieces__wins_after_turns_without_capture),
        cmocka_unit_test(end__blocked_passes__one_turn_of_no_move_and_play_goes_on),
        cmocka_unit_test(end__both_pass__neither_can_move__ends_as_the_file_says),
        cmocka_unit_test(end__a_win_by_a_region__decided_after_the_turn_before_the_turn_limit),
        cmocka_unit_test(end__blocked_pass_with_compulsory_captures__still_passes),
        cmocka_unit_test(end__blocked_pass_then_lose__one_pass_and_then_the_side_has_lost),
        cmocka_unit_test(end__blocked_pass_then_draw__one_pass_and_then_a_draw),
        cmocka_unit_test(end__pass_then_lose__a_turn_of_optional_steps_played_empty_is_no_pass),
        cmocka_unit_test(end__blocked_in_a_phase__own_phase_then_the_others_then_the_rules),
        cmocka_unit_test(phase__before_play__not_a_turn_and_the_first_side_then_starts),
        cmocka_unit_test(phase__before_play_both_sides__first_side_places_first),
        cmocka_unit_test(hash__random_play_rimau_rimau_a__incremental_equals_full),
        cmocka_unit_test(hash__random_play_stacks_and_chains__incremental_equals_full),
        cmocka_unit_test(parse__removals_in_either_order__the_same_turn),
        cmocka_unit_test(parse__moves_reaching_a_turns_position__must_be_a_way_to_play_it),
        cmocka_unit_test(parse__capture_between_names_without_digits__reads_back),
        cmocka_unit_test(parse__unknown_point__rejected),
        cmocka_unit_test(parse__illegal_turn__rejected),
        cmocka_unit_test(parse__illegal_turn_from_column_x__says_not_legal),
        cmocka_unit_test(parse__every_listed_turn__parses_back_to_it),
        cmocka_unit_test(format__drop_of_side_with_two_kinds__names_the_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
