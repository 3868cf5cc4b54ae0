/* test_chains.c: the rules that narrow or extend what a move may do, and
 * their combinations with stacks, chains and compulsory captures:
 * 'chain ... not back', 'with final step', 'stacks in setup', 'to empty',
 * 'captures compulsory per piece' and 'drops compulsory'; and captures by
 * approach and by withdrawal ('capture KIND by ...'), their chains and
 * paika under 'captures compulsory'.
 *
 * As in test_kernel.c, the legal turns of a position are compared as
 * their texts, sorted and joined by blanks; each expected list is worked
 * out by hand in the comment above it.
 */
#include "turn_helpers.h"
#include "bitgen.h"

/* A game on a row of WIDTH points: tigers and men (MEN_OPTS after the
 * men's count, as " stacks"), the setup SETUP, the tigers' phase TIGERS;
 * the men step. */
#define ROW_GAME                                                                   \
    "game \"test\"\n"                                                              \
    "board { grid %d x 1 }\n"                                                      \
    "side tigers { piece tiger 2 }\n"                                              \
    "side men { piece man %d%s }\n"                                                \
    "setup { %s }\n"                                                               \
    "phase hunt of tigers { %s }\n"                                                \
    "phase move of men { turn step man }\n"

/* ---- chain ... not back ---- */

static void not_back__stack_is_not_jumped_straight_back(void **state)
{
    (void)state;
    /* a1 takes one man of b1's stack, landing on c1; without 'not back'
     * it may jump b1 again, straight back to a1 */
    rm_game *g = loadf(ROW_GAME, 5, 3, " stacks", "tiger at a1; man 2 at b1; man at e1",
                       "turn capture tiger chain");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1 a1xc1xa1");
    rm_game_destroy(g);

    g = loadf(ROW_GAME, 5, 3, " stacks", "tiger at a1; man 2 at b1; man at e1",
              "turn capture tiger chain not back");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1");
    refused(g, &st, "a1xc1xa1", "move 2: a chain may not jump straight back over b1");
    rm_game_destroy(g);
}

static void not_back__must_continue__goes_on_the_other_way_only(void **state)
{
    (void)state;
    /* from c1 the chain may go back over b1 (one man left) or on over d1 */
    rm_game *g = loadf(ROW_GAME, 5, 4, " stacks", "tiger at a1; man 2 at b1; man at d1",
                       "turn capture tiger chain must continue");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1xa1 a1xc1xe1");
    rm_game_destroy(g);

    g = loadf(ROW_GAME, 5, 4, " stacks", "tiger at a1; man 2 at b1; man at d1",
              "turn capture tiger chain must continue not back");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1xe1");
    play(g, &st, "a1xc1xe1");
    assert_point(g, &st, "b1", "man", 1);
    assert_point(g, &st, "d1", NULL, 0);
    rm_game_destroy(g);
}

/* A 3 x 3 grid: a tiger on a1, a stack of two men on b1 and single men on
 * c2, b3 and a2, around the edge. */
#define RING_GAME                                                          \
    "game \"test\"\n"                                                      \
    "board { grid 3 x 3 }\n"                                               \
    "side tigers { piece tiger 1 }\n"                                      \
    "side men { piece man 5 stacks }\n"                                    \
    "setup { tiger at a1; man 2 at b1; man at c2 b3 a2 }\n"                \
    "phase hunt of tigers { turn capture tiger chain %s }\n"               \
    "phase move of men { turn step man }\n"

static void not_back__stack_jumped_again_round_a_loop(void **state)
{
    (void)state;
    /* Not back, removed at once: round the edge a1 c1 c3 a3 a1 and over
     * b1 again to c1 (b1's second man: the last capture jumped a2, not
     * b1); or the other way round a1 a3 c3 c1 a1, which ends there
     * (going on would jump b1 straight back) in the position a1xc1xc3xa3xa1
     * reaches. The turns: a1xc1, ...xc3, ...xa3, ...xa1, ...xc1, a1xa3,
     * ...xc3, ...xc1: 8. */
    rm_game *g = loadf(RING_GAME, "not back");
    rm_state st = start(g);
    assert_int_equal(count_legal(g, &st), 8);
    refused(g, &st, "a1xc1xa1", "a chain may not jump straight back over b1");
    play(g, &st, "a1xc1xc3xa3xa1xc1");
    assert_int_equal(rm_state_on_board(&st, game_kind(g, "man")), 0);
    assert_point(g, &st, "c1", "tiger", 1);
    rm_game_destroy(g);
}

static void removing_at_end__stack_is_jumped_once_though_pieces_remain(void **state)
{
    (void)state;
    /* Removed at the end, b1 is jumped once in a chain: the chain round
     * the edge stops on a1 and b1 keeps one man. Each turn: a1xc1, ...xc3,
     * ...xa3, ...xa1 and a1xa3, ...xc3, ...xc1, ...xa1, the last two
     * chains reaching one position: 7. */
    rm_game *g = loadf(RING_GAME, "removing at end");
    rm_state st = start(g);
    assert_int_equal(count_legal(g, &st), 7);
    refused(g, &st, "a1xc1xc3xa3xa1xc1", "not a legal turn here");
    play(g, &st, "a1xc1xc3xa3xa1");
    assert_point(g, &st, "b1", "man", 1);
    assert_point(g, &st, "a1", "tiger", 1);
    assert_int_equal(rm_state_on_board(&st, game_kind(g, "man")), 1);
    rm_game_destroy(g);

    /* so 'not back' changes nothing there */
    g = loadf(RING_GAME, "not back removing at end");
    st = start(g);
    assert_int_equal(count_legal(g, &st), 7);
    rm_game_destroy(g);
}

/* ---- with final step ---- */

static void final_step__optional_step_from_where_the_capture_lands(void **state)
{
    (void)state;
    /* a1 takes b1 and lands on c1; then may step to b1 (emptied) or d1 */
    rm_game *g = loadf(ROW_GAME, 5, 2, "", "tiger at a1; man at b1 e1",
                       "turn capture tiger with final step");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1 a1xc1,c1-b1 a1xc1,c1-d1");
    play(g, &st, "a1xc1,c1-d1");
    assert_point(g, &st, "a1", NULL, 0);
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "d1", "tiger", 1);
    assert_int_equal(rm_state_on_board(&st, game_kind(g, "man")), 1);
    rm_game_destroy(g);
}

static void final_step__after_a_chain_removed_at_end__onto_a_point_it_emptied(void **state)
{
    (void)state;
    /* The chain's men leave before the step: after a1xc1xe1 the tiger
     * may step back onto d1. After a1xc1, d1's man is still there. */
    rm_game *g = loadf(ROW_GAME, 7, 3, "", "tiger at a1; man at b1 d1 g1",
                       "turn capture tiger chain removing at end with final step");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st),
                        "a1xc1 a1xc1,c1-b1 a1xc1xe1 a1xc1xe1,e1-d1 a1xc1xe1,e1-f1");
    play(g, &st, "a1xc1xe1,e1-d1");
    assert_point(g, &st, "d1", "tiger", 1);
    assert_point(g, &st, "b1", NULL, 0);
    assert_int_equal(rm_state_on_board(&st, game_kind(g, "man")), 1);
    rm_game_destroy(g);
}

static void final_step__captures_compulsory__the_step_after_a_capture_stays(void **state)
{
    (void)state;
    /* The tiger on g1 can only step; compulsory captures leave the
     * captures, final steps included, and drop g1-f1. */
    rm_game *g = loadf(ROW_GAME, 7, 2, "", "tiger at a1 g1; man at b1 e1",
                       "turn step tiger or capture tiger with final step");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1 a1xc1,c1-b1 a1xc1,c1-d1 g1-f1");
    rm_game_destroy(g);

    g = loadf(ROW_GAME, 7, 2, "", "tiger at a1 g1; man at b1 e1",
              "turn step tiger or capture tiger with final step; captures compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1 a1xc1,c1-b1 a1xc1,c1-d1");
    rm_game_destroy(g);
}

/* ---- stacks in setup ---- */

static const char setup_stacks_text[] = "game \"test\"\n"
                                        "board { grid 4 x 1 }\n"
                                        "side tigers { piece tiger 1 }\n"
                                        "side cattle { piece cow 4 %s }\n"
                                        "setup { tiger at d1; cow 3 at c1; cow in hand 1 }\n"
                                        "phase hunt of tigers { turn step tiger or capture tiger }\n"
                                        "phase graze of cattle { turn drop cow or step cow }\n";

static void stacks_in_setup__no_stack_formed_in_play(void **state)
{
    (void)state;
    /* The tiger takes one cow of the stack on c1 and lands on b1. Then a
     * cow may be dropped on a1 or d1 and step from c1 to d1; where cows
     * stack in play, a cow may be dropped on c1 too. */
    rm_game *g = loadf(setup_stacks_text, "stacks");
    rm_state st = start(g);
    play(g, &st, "d1xb1");
    assert_point(g, &st, "c1", "cow", 2);
    assert_string_equal(legal(g, &st), "a1 c1 c1-d1 d1");
    rm_game_destroy(g);

    g = loadf(setup_stacks_text, "stacks in setup");
    st = start(g);
    assert_true(g->kinds[game_kind(g, "cow")].stacks);
    assert_false(g->kinds[game_kind(g, "cow")].stacks_in_play);
    assert_string_equal(legal(g, &st), "d1xb1");
    play(g, &st, "d1xb1");
    assert_point(g, &st, "c1", "cow", 2);
    assert_string_equal(legal(g, &st), "a1 c1-d1 d1");
    refused(g, &st, "c1", "c1 is taken");
    /* a move from the stack moves one cow */
    play(g, &st, "c1-d1");
    assert_point(g, &st, "c1", "cow", 1);
    assert_point(g, &st, "d1", "cow", 1);
    play(g, &st, "b1-a1");
    refused(g, &st, "d1-c1", "c1 is taken");
    rm_game_destroy(g);
}

/* ---- to empty ---- */

static const char to_empty_text[] = "game \"test\"\n"
                                    "board { grid 5 x 1 }\n"
                                    "side tigers { piece tiger 1 }\n"
                                    "side cattle { piece cow 5 stacks }\n"
                                    "setup { tiger at e1; cow at a1; cow 2 at b1; cow in hand 2 }\n"
                                    "rules { first cattle }\n"
                                    "phase graze of cattle { turn %s }\n"
                                    "phase hunt of tigers { turn step tiger }\n";

static void to_empty__drop_step_and_leap_enter_no_stack(void **state)
{
    (void)state;
    /* Cows on a1 and b1 (two); c1 and d1 empty. Each action enters the
     * stack on b1 (or a1) without 'to empty', and not with it. */
    rm_game *g = loadf(to_empty_text, "drop cow or step cow or leap cow over cow");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1 a1-b1 a1-c1 b1 b1-a1 b1-c1 c1 d1");
    rm_game_destroy(g);

    g = loadf(to_empty_text, "drop cow to empty or step cow or leap cow over cow");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1 a1-c1 b1-a1 b1-c1 c1 d1");
    refused(g, &st, "a1", "a1 holds a cow, and here a cow is dropped on only an empty point");
    rm_game_destroy(g);

    g = loadf(to_empty_text, "drop cow or step cow to empty or leap cow over cow");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1 a1-c1 b1 b1-c1 c1 d1");
    refused(g, &st, "a1-b1", "b1 holds a cow, and here a cow moves to only an empty point");
    rm_game_destroy(g);

    /* a leap from c1 over b1 would land on a1's cow */
    g = loadf(to_empty_text, "drop cow or step cow or leap cow over cow to empty");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1 a1-b1 a1-c1 b1 b1-a1 b1-c1 c1 d1");
    play(g, &st, "c1");
    play(g, &st, "e1-d1");
    assert_string_equal(legal(g, &st), "a1 a1-b1 b1 b1-a1 b1-c1 c1 c1-b1 e1");
    refused(g, &st, "a1-c1", "c1 holds a cow, and here a cow moves to only an empty point");
    rm_game_destroy(g);
    g = loadf(to_empty_text, "drop cow or step cow or leap cow over cow");
    st = start(g);
    play(g, &st, "c1");
    play(g, &st, "e1-d1");
    assert_string_equal(legal(g, &st), "a1 a1-b1 a1-c1 b1 b1-a1 b1-c1 c1 c1-a1 c1-b1 e1");
    rm_game_destroy(g);
}

/* ---- captures compulsory per piece ---- */

/* A 5 x 5 grid: a tiger on a1 that can take b1's man, a tiger on e5 that
 * cannot take; the tigers' phase is TIGERS. */
static const char per_piece_text[] = "game \"test\"\n"
                                     "board { grid 5 x 5 }\n"
                                     "side tigers { piece tiger 2 }\n"
                                     "side men { piece man 3 stacks }\n"
                                     "setup { tiger at a1 e5; man %s at b1; man at %s }\n"
                                     "phase hunt of tigers { %s }\n"
                                     "phase move of men { turn step man }\n";

static void per_piece__only_the_piece_that_can_capture_must(void **state)
{
    (void)state;
    rm_game *g = loadf(per_piece_text, "1", "c3", "turn step tiger or capture tiger");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1-a2 a1xc1 e5-d5 e5-e4");
    rm_game_destroy(g);

    g = loadf(per_piece_text, "1", "c3", "turn step tiger or capture tiger; captures compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1");
    rm_game_destroy(g);

    g = loadf(per_piece_text, "1", "c3",
              "turn step tiger or capture tiger; captures compulsory per piece");
    st = start(g);
    assert_true(rm_side_phase(g, &st, 0)->compulsory_per_piece);
    assert_string_equal(legal(g, &st), "a1xc1 e5-d5 e5-e4");
    refused(g, &st, "a1-a2", "the piece on a1 can capture, so it must");
    rm_game_destroy(g);
}

static void per_piece__a_turn_is_the_turn_of_the_piece_its_first_move_moves(void **state)
{
    (void)state;
    /* A move, then maybe a step. a1-a2 then e5-e4 is a1's turn and does
     * not capture; e5-e4 then a1-a2 is e5's, which cannot capture, and
     * reaches the same position: the turn is legal. a1 stepping twice is
     * not. */
    rm_game *g = loadf(per_piece_text, "1", "c3",
                       "turn step tiger or capture tiger then step tiger optional; "
                       "captures compulsory per piece");
    rm_state st = start(g);
    rm_state one = st;
    play(g, &one, "a1-a2,e5-e4");
    assert_point(g, &one, "a2", "tiger", 1);
    assert_point(g, &one, "e4", "tiger", 1);
    refused(g, &st, "a1-a2,a2-a3", "the piece on a1 can capture, so it must");
    one = st;
    play(g, &one, "a1xc1,c1-d1");
    one = st;
    play(g, &one, "e5-e4,e4-e3");
    rm_game_destroy(g);

    /* a turn that begins with a removal is not restricted */
    g = loadf(per_piece_text, "1", "c3",
              "turn remove man optional then step tiger or capture tiger; "
              "captures compulsory per piece");
    st = start(g);
    refused(g, &st, "a1-a2", "the piece on a1 can capture, so it must");
    one = st;
    play(g, &one, "xc3,a1-a2");
    one = st;
    play(g, &one, "e5-e4");
    rm_game_destroy(g);
}

static void per_piece__with_a_chain_over_a_stack_not_back_and_a_final_step(void **state)
{
    (void)state;
    /* a1 takes one man of b1's stack, landing on c1, then may go on over
     * d1 to e1 (not back over b1). After c1 it may step to c2 (b1 and d1
     * hold men); after e1 to d1 (emptied) or e2. Its plain step a1-a2 is
     * not legal; e5's steps are. */
    rm_game *g = loadf(per_piece_text, "2", "d1",
                       "turn step tiger or capture tiger chain not back with final step; "
                       "captures compulsory per piece");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1 a1xc1,c1-c2 a1xc1xe1 a1xc1xe1,e1-d1 "
                                       "a1xc1xe1,e1-e2 e5-d5 e5-e4");
    play(g, &st, "a1xc1xe1,e1-e2");
    assert_point(g, &st, "b1", "man", 1);
    assert_point(g, &st, "e2", "tiger", 1);
    rm_game_destroy(g);
}

/* ---- drops compulsory ---- */

static const char drops_text[] = "game \"test\"\n"
                                 "board { grid 5 x 1 }\n"
                                 "side tigers { piece tiger 1 }\n"
                                 "side men { piece man 2 }\n"
                                 "setup { tiger at e1; man at a1; man in hand 1 }\n"
                                 "rules { first men }\n"
                                 "phase play of men { turn %s }\n"
                                 "phase hunt of tigers { turn step tiger }\n";

static void drops_compulsory__no_other_turn_while_a_drop_can_be_made(void **state)
{
    (void)state;
    rm_game *g = loadf(drops_text, "drop man or step man");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1 b1 c1 d1");
    rm_game_destroy(g);

    g = loadf(drops_text, "drop man or step man; drops compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "b1 c1 d1");
    refused(g, &st, "a1-b1", "a drop is compulsory here");
    play(g, &st, "c1");
    play(g, &st, "e1-d1");
    /* nothing in hand: the men step */
    assert_string_equal(legal(g, &st), "a1-b1 c1-b1");
    rm_game_destroy(g);

    /* no point to drop on: the men step */
    g = loadf(drops_text, "drop man in a1 or step man; drops compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1");
    rm_game_destroy(g);
}

static void drops_compulsory__after_compulsory_captures(void **state)
{
    (void)state;
    /* A tiger in hand and one on a1 that can take b1: the captures come
     * first, and the drops rule then finds no drop among them. */
    static const char text[] = "game \"test\"\n"
                               "board { grid 5 x 1 }\n"
                               "side tigers { piece tiger 2 }\n"
                               "side men { piece man 2 }\n"
                               "setup { tiger at a1; tiger in hand 1; man at %s }\n"
                               "phase hunt of tigers { turn drop tiger or step tiger or "
                               "capture tiger; %s }\n"
                               "phase move of men { turn step man }\n";
    rm_game *g = loadf(text, "b1 e1", "captures compulsory; drops compulsory");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1xc1");
    rm_game_destroy(g);

    /* no capture: the drops alone, not the step a1-b1 */
    g = loadf(text, "c1 d1", "captures compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1 b1 e1");
    rm_game_destroy(g);
    g = loadf(text, "c1 d1", "captures compulsory; drops compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "b1 e1");
    rm_game_destroy(g);
}

/* ---- captures by approach and by withdrawal ---- */

/* A game on a grid GRID with alternate diagonals: white pieces, black
 * pieces that step, the setup SETUP and white's phase WHITE. */
#define BY_GAME                                                    \
    "game \"test\"\n"                                              \
    "board { grid %s diagonals alternate }\n"                      \
    "side white { piece white 4 }\n"                               \
    "side black { piece black 12 }\n"                              \
    "setup { %s }\n"                                               \
    "phase w of white { %s }\n"                                    \
    "phase b of black { turn step black }\n"

static void by_approach__takes_the_whole_run_ahead(void **state)
{
    (void)state;
    /* a1 to b1 approaches c1 d1 (e1 empty ends the run); the plain step
     * a1-b1 is another turn: captures are not compulsory here */
    rm_game *g = loadf(BY_GAME, "6 x 1", "white at a1; black at c1 d1 f1",
                       "turn capture white by approach or step white");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1 a1-b1,xc1,xd1");
    assert_non_null(rm_bits_refusal(g)); /* (the bit kernel refuses the word) */
    refused(g, &st, "a1-b1,xc1", "");
    play(g, &st, "a1-b1,xc1,xd1");
    assert_point(g, &st, "a1", NULL, 0);
    assert_point(g, &st, "b1", "white", 1);
    assert_point(g, &st, "c1", NULL, 0);
    assert_point(g, &st, "d1", NULL, 0);
    assert_point(g, &st, "f1", "black", 1);
    rm_game_destroy(g);
    /* the first piece must be next to the point stepped to */
    g = loadf(BY_GAME, "6 x 1", "white at a1; black at d1 e1",
              "turn capture white by approach");
    st = start(g);
    assert_string_equal(legal(g, &st), "");
    rm_game_destroy(g);
}

static void by_withdrawal__takes_the_whole_run_behind(void **state)
{
    (void)state;
    /* c1 steps away from b1 a1 (to d1) and takes both; stepping toward
     * them is no capture; by approach alone nothing is taken */
    rm_game *g = loadf(BY_GAME, "5 x 1", "white at c1; black at a1 b1",
                       "turn capture white by withdrawal");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "c1-d1,xb1,xa1");
    play(g, &st, "c1-d1,xb1,xa1");
    assert_point(g, &st, "a1", NULL, 0);
    assert_point(g, &st, "b1", NULL, 0);
    assert_point(g, &st, "d1", "white", 1);
    rm_game_destroy(g);
    g = loadf(BY_GAME, "5 x 1", "white at c1; black at a1 b1", "turn capture white by approach");
    st = start(g);
    assert_string_equal(legal(g, &st), "");
    rm_game_destroy(g);
}

static void by_approach_and_withdrawal__one_step_is_two_captures(void **state)
{
    (void)state;
    /* c1 to d1: e1 ahead, or b1 a1 behind; never both */
    rm_game *g = loadf(BY_GAME, "5 x 1", "white at c1; black at a1 b1 e1",
                       "turn capture white by approach, withdrawal");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "c1-d1,xb1,xa1 c1-d1,xe1");
    refused(g, &st, "c1-d1,xe1,xb1,xa1", "");
    refused(g, &st, "c1-d1", "");
    rm_game_destroy(g);
}

static void by_chain__never_back_nor_one_way_twice(void **state)
{
    (void)state;
    /* b1 to c1 takes d1 (approach) or a1 (withdrawal); from c1, back to
     * b1 would take a1 by approach, but b1 has been stood on */
    rm_game *g = loadf(BY_GAME, "5 x 3", "white at b1; black at a1 d1",
                       "turn capture white by approach, withdrawal chain");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "b1-c1,xa1 b1-c1,xd1");
    rm_game_destroy(g);
    /* b2 to c2 takes a2 (withdrawal); c2 to d2 would take e2 (approach),
     * but along the same line the same way */
    g = loadf(BY_GAME, "5 x 3", "white at b2; black at a2 e2",
              "turn capture white by approach, withdrawal chain");
    st = start(g);
    assert_string_equal(legal(g, &st), "b2-c2,xa2");
    rm_game_destroy(g);
    /* a chain that turns: a1-b2 takes c3, then b2-c2 takes d2, then
     * c2-c3 (onto the point it emptied) takes c1 by withdrawal; or b2-a3
     * takes c1 by withdrawal */
    g = loadf(BY_GAME, "5 x 3", "white at a1; black at c1 c3 d2",
              "turn capture white by approach, withdrawal chain");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1,xc1 a1-b2,xc3 a1-b2,xc3,b2-a3,xc1 "
                                       "a1-b2,xc3,b2-c2,xd2 a1-b2,xc3,b2-c2,xd2,c2-c3,xc1");
    rm_game_destroy(g);
    g = loadf(BY_GAME, "5 x 3", "white at a1; black at c1 c3 d2",
              "turn capture white by approach, withdrawal chain must continue");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1,xc1 a1-b2,xc3,b2-a3,xc1 "
                                       "a1-b2,xc3,b2-c2,xd2,c2-c3,xc1");
    rm_game_destroy(g);
}

static void by_paika__only_when_no_capture_can_be_made(void **state)
{
    (void)state;
    /* a capture on the board: the steps are not legal; none: they are */
    rm_game *g = loadf(BY_GAME, "5 x 3", "white at a1 e2; black at c1",
                       "turn capture white by approach, withdrawal chain or step white; "
                       "captures compulsory");
    rm_state st = start(g);
    assert_string_equal(legal(g, &st), "a1-b1,xc1");
    refused(g, &st, "a1-a2", "a capture is compulsory");
    rm_game_destroy(g);
    g = loadf(BY_GAME, "5 x 3", "white at a1; black at e1",
              "turn capture white by approach, withdrawal chain or step white; "
              "captures compulsory");
    st = start(g);
    assert_string_equal(legal(g, &st), "a1-a2 a1-b1 a1-b2");
    rm_game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(not_back__stack_is_not_jumped_straight_back),
        cmocka_unit_test(not_back__must_continue__goes_on_the_other_way_only),
        cmocka_unit_test(not_back__stack_jumped_again_round_a_loop),
        cmocka_unit_test(removing_at_end__stack_is_jumped_once_though_pieces_remain),
        cmocka_unit_test(final_step__optional_step_from_where_the_capture_lands),
        cmocka_unit_test(final_step__after_a_chain_removed_at_end__onto_a_point_it_emptied),
        cmocka_unit_test(final_step__captures_compulsory__the_step_after_a_capture_stays),
        cmocka_unit_test(stacks_in_setup__no_stack_formed_in_play),
        cmocka_unit_test(to_empty__drop_step_and_leap_enter_no_stack),
        cmocka_unit_test(per_piece__only_the_piece_that_can_capture_must),
        cmocka_unit_test(per_piece__a_turn_is_the_turn_of_the_piece_its_first_move_moves),
        cmocka_unit_test(per_piece__with_a_chain_over_a_stack_not_back_and_a_final_step),
        cmocka_unit_test(drops_compulsory__no_other_turn_while_a_drop_can_be_made),
        cmocka_unit_test(drops_compulsory__after_compulsory_captures),
        cmocka_unit_test(by_approach__takes_the_whole_run_ahead),
        cmocka_unit_test(by_withdrawal__takes_the_whole_run_behind),
        cmocka_unit_test(by_approach_and_withdrawal__one_step_is_two_captures),
        cmocka_unit_test(by_chain__never_back_nor_one_way_twice),
        cmocka_unit_test(by_paika__only_when_no_capture_can_be_made),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
