/* test_compile.c: the compile step: setup, hands, stacks, symbols,
 * regions, options, rules, the semantic errors, and the estimate of each
 * turn line's ways to play with the warnings it gives. */
#include "helpers.h"

#include <math.h>

#define SIDES "side tigers { piece tiger 2 }\nside men { piece man 24 }\n"

static void compile__setup__pieces_on_their_points(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"x\"\n" RIMAU_BOARD SIDES
                         "setup {\n tiger at c3 c7\n man at central-square\n man in hand 15\n}\n");
    int tiger = game_kind(g, "tiger"), man = game_kind(g, "man");
    assert_int_equal(g->setup_kind[pt(g, "c3")], tiger);
    assert_int_equal(g->setup_kind[pt(g, "c7")], tiger);
    assert_int_equal(g->setup_kind[pt(g, "c5")], man);
    assert_int_equal(g->setup_kind[pt(g, "b4")], man);
    assert_int_equal(g->setup_kind[pt(g, "a1")], -1);
    assert_int_equal(g->kinds[man].hand, 15);
    assert_int_equal(g->kinds[tiger].hand, 0);
    rm_game_destroy(g);
}

static void compile__unplaced_pieces__start_in_hand(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"x\"\n" RIMAU_BOARD SIDES "setup { man at around-centre }\n");
    assert_int_equal(g->kinds[game_kind(g, "man")].hand, 16);
    assert_int_equal(g->kinds[game_kind(g, "tiger")].hand, 2);
    rm_game_destroy(g);
}

static void compile__stacks__several_pieces_on_a_point(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"x\"\n" RIMAU_BOARD
                         "side tigers { piece tiger 2 stacks }\nside men { piece man 24 }\n"
                         "setup { tiger 2 at centre }\n");
    assert_int_equal(g->setup_count[pt(g, "c5")], 2);
    assert_true(g->kinds[0].stacks);
    assert_int_equal(g->kinds[0].hand, 0);
    rm_game_destroy(g);
}

static void compile__symbols__first_side_upper_others_lower(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"x\"\nboard { grid 3 x 3 }\n"
                         "side tigers { piece tiger 1\n piece tom 1 }\n"
                         "side men { piece man 1\n piece boy 1 symbol \"#\" }\n");
    assert_int_equal(g->kinds[0].symbol, 'T');
    assert_int_equal(g->kinds[1].symbol, 'O'); /* 'T' is taken: the next letter */
    assert_int_equal(g->kinds[2].symbol, 'm');
    assert_int_equal(g->kinds[3].symbol, '#');
    rm_game_destroy(g);
}

static void compile__file_regions__rows_columns_and_except(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"x\"\nboard {\n grid 5 x 5\n region home = rows 1 to 2, column e except e1\n"
                         " region left = columns a to b\n region both = home left\n}\n"
                         "side s { piece p 1 }\n");
    const rm_board *b = &g->board;
    int home = board_region(b, "home"), left = board_region(b, "left"), both = board_region(b, "both");
    assert_true(home >= 0 && left >= 0 && both >= 0);
    assert_int_equal(set_count(&b->regions[home].points), 10 + 3 - 1);
    assert_false(set_has(&b->regions[home].points, pt(g, "e1")));
    assert_true(set_has(&b->regions[home].points, pt(g, "e5")));
    assert_int_equal(set_count(&b->regions[left].points), 10);
    assert_int_equal(set_count(&b->regions[both].points), 12 + 10 - 4);
    rm_game_destroy(g);
}

static void compile__metadata__kept(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"G\"\nalias \"A\", \"B\"\norigin \"O\"\nsource \"S1\"\nsource \"S2\"\n"
                         "note \"N\"\nboard { grid 2 x 2 }\nside s { piece p 1 }\n");
    assert_string_equal(g->name, "G");
    assert_int_equal(g->naliases, 2);
    assert_string_equal(g->origin, "O");
    assert_int_equal(g->nsources, 2);
    assert_string_equal(g->sources[1], "S2");
    assert_int_equal(g->nnotes, 1);
    rm_game_destroy(g);
}

static const char *const RULES =
    "game \"x\"\nboard { grid 3 x 3 }\nside tigers { piece tiger 1 }\nside men { piece man 3 }\n"
    "setup { tiger at b2\n man at a1 a2 a3 }\n"
    "option jump = no | yes\n"
    "rules { first men\n men lose with 1 pieces\n draw after 50 turns }\n"
    "phase hunting of tigers {\n if jump = no { turn step tiger } else { turn step tiger or capture tiger chain } }\n"
    "phase moving of men { turn step man }\n";

static void compile__rules__phases_actions_and_ends(void **state)
{
    (void)state;
    rm_game *g = load_ok(RULES);
    const rm_rules *r = &g->rules;
    assert_true(r->present);
    assert_int_equal(r->first, game_side(g, "men"));
    assert_int_equal(r->lose_with[game_side(g, "men")], 1);
    assert_int_equal(r->draw_after, 50);
    assert_int_equal(r->draw_repeat, RM_DEFAULT_DRAW_REPEAT);
    assert_int_equal(r->nphases, 2);
    assert_string_equal(r->phases[0].name, "hunting");
    assert_int_equal(r->phases[0].turns[0].steps[0].nalts, 1);
    rm_game_destroy(g);
}

/* The class of the ray from the point named FROM through the point
 * named TO for side S (which must exist). */
static int ray_class_of(const rm_game *g, int s, const char *from, const char *to)
{
    const rm_board *b = &g->board;
    int p = pt(g, from), q = pt(g, to);
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++)
        if (b->ray_next[r] == q)
            return g->sides[s].ray_class[r];
    fail_msg("no ray from %s through %s", from, to);
    return -1;
}

static void compile__forward_and_filters__in_the_ir_with_each_ray_classed(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"t\"\n" RIMAU_BOARD
                         "side tigers { piece tiger 1; forward down }\n"
                         "side men { piece man 2\n forward toward row 1, e5 }\n"
                         "side others { piece other 1 }\n"
                         "setup { tiger at c5\n man at a5 c1\n other at e9 }\n");
    const rm_side *t = &g->sides[0], *m = &g->sides[1], *o = &g->sides[2];
    assert_int_equal(t->forward, RM_FORWARD_COMPASS);
    assert_int_equal(t->forward_way, RM_POINT_DOWN);
    assert_int_equal(m->forward, RM_FORWARD_TOWARD);
    assert_int_equal(set_count(&m->forward_set), 4); /* a1 c1 e1 and e5 */
    assert_true(set_has(&m->forward_set, pt(g, "e5")));
    assert_int_equal(o->forward, RM_FORWARD_NONE);
    /* down the lower triangle: its sides slope (diagonal), its middle
     * line and its rows do not */
    assert_int_equal(ray_class_of(g, 0, "c3", "b2"), RM_RAY_CLASS(RM_WAY_FORWARD, 1));
    assert_int_equal(ray_class_of(g, 0, "c3", "c2"), RM_RAY_CLASS(RM_WAY_FORWARD, 0));
    assert_int_equal(ray_class_of(g, 0, "b2", "c2"), RM_RAY_CLASS(RM_WAY_SIDEWAYS, 0));
    assert_int_equal(ray_class_of(g, 0, "b2", "c3"), RM_RAY_CLASS(RM_WAY_BACKWARD, 1));
    /* the upper triangle: up its side, along its row */
    assert_int_equal(ray_class_of(g, 0, "b8", "a9"), RM_RAY_CLASS(RM_WAY_BACKWARD, 1));
    assert_int_equal(ray_class_of(g, 0, "a9", "c9"), RM_RAY_CLASS(RM_WAY_SIDEWAYS, 0));
    /* toward row 1 or e5: from c5 (2 from e5), d5 is 1 from e5; from b2
     * (sqrt 2 from a1 and c1), a1 is in the set and c2 is 1 from c1 */
    assert_int_equal(ray_class_of(g, 1, "c5", "d5"), RM_RAY_CLASS(RM_WAY_FORWARD, 0));
    assert_int_equal(ray_class_of(g, 1, "b2", "a1"), RM_RAY_CLASS(RM_WAY_FORWARD, 1));
    assert_int_equal(ray_class_of(g, 1, "b2", "c2"), RM_RAY_CLASS(RM_WAY_FORWARD, 0));
    assert_int_equal(ray_class_of(g, 1, "c2", "b2"), RM_RAY_CLASS(RM_WAY_BACKWARD, 0));
    /* a side without a forward: only the lines */
    assert_int_equal(ray_class_of(g, 2, "c3", "b2"), RM_RAY_CLASS(RM_WAY_NONE, 1));
    assert_int_equal(ray_class_of(g, 2, "c3", "c2"), RM_RAY_CLASS(RM_WAY_NONE, 0));
    rm_game_destroy(g);

    g = load_ok("game \"t\"\nboard { grid 3 x 3 }\n"
                "side a { piece p 1; forward up }\nside b { piece q 1 }\n"
                "setup { p at a1\n q at c3 }\n"
                "phase x of a { turn step p forward, orthogonal or capture p sideways or step p }\n"
                "phase y of b { turn slide q diagonal }\n");
    const rm_action_rule *acts = g->rules.actions;
    assert_int_equal(acts[0].dirs, RM_DIR_FORWARD | RM_DIR_ORTHOGONAL);
    assert_int_equal(acts[0].dir_allow, 1u << RM_RAY_CLASS(RM_WAY_FORWARD, 0));
    assert_int_equal(acts[1].dirs, RM_DIR_SIDEWAYS);
    assert_int_equal(acts[1].dir_allow, 1u << RM_RAY_CLASS(RM_WAY_SIDEWAYS, 0) |
                                            1u << RM_RAY_CLASS(RM_WAY_SIDEWAYS, 1));
    assert_int_equal(acts[2].dirs, 0);
    assert_int_equal(acts[2].dir_allow, 0); /* no filter: every ray */
    assert_int_equal(acts[3].dirs, RM_DIR_DIAGONAL);
    for (int cls = 0; cls < 8; cls++)
        assert_int_equal(acts[3].dir_allow >> cls & 1, RM_RAY_DIAGONAL(cls));
    rm_game_destroy(g);
}

static void compile__option_choice__selects_the_branch(void **state)
{
    (void)state;
    rm_choices c = { 1, { "jump" }, { "yes" } };
    rm_game *g = rm_load_string("t.game", RULES, strlen(RULES), NULL, NULL);
    assert_non_null(g);
    assert_int_equal(g->options[0].chosen, 0);
    rm_game_destroy(g);
    /* the same text from a file, with the choice */
    char path[] = "/tmp/rimau-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(RULES, f);
    fclose(f);
    g = rm_load_file_with(path, &c, NULL, NULL);
    assert_non_null(g);
    assert_int_equal(g->options[0].chosen, 1);
    const rm_step_rule *st = &g->rules.phases[0].turns[0].steps[0];
    assert_int_equal(st->nalts, 2);
    assert_int_equal(g->rules.actions[st->alt[1]].chain, RM_CHAIN_MAY_STOP);
    rm_game_destroy(g);
    rm_choices bad = { 1, { "jump" }, { "maybe" } };
    int n = 0;
    assert_null(rm_load_file_with(path, &bad, NULL, &n));
    assert_int_equal(n, 1);
    unlink(path);
}

/* A file whose example names a point and a phase that only board = big
 * makes, and says so with `with`. */
static const char *const PINNED =
    "game \"x\"\noption board = small | big\n"
    "board {\n grid 3 x 3\n if board = big {\n  point z at 3 3\n  line c3 z\n } }\n"
    "side a { piece p 1 }\nside b { piece q 1 }\nsetup { p at a1\n q at c3 }\n"
    "phase x of a { turn step p }\n"
    "if board = big { phase y of b { turn step q } } else { phase w of b { turn step q } }\n"
    "example \"z\" {\n with board = big\n empty z\n b in phase y\n}\n"
    "example \"any\" {\n empty b1\n}\n";

static void compile__example_with_another_value__not_compiled(void **state)
{
    (void)state;
    /* board = small: kept (with its with line), not compiled */
    rm_game *g = load_ok(PINNED);
    assert_int_equal(g->nexamples, 2);
    assert_true(g->examples[0].off);
    assert_int_equal(g->examples[0].nsteps, 0);
    assert_int_equal(g->examples[0].nwith, 1);
    assert_string_equal(g->examples[0].with_value[0], "big");
    assert_false(g->examples[1].off);
    assert_int_equal(g->examples[1].nsteps, 1);
    rm_game_destroy(g);
    /* board = big: compiled */
    char path[] = "/tmp/rimau-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(PINNED, f);
    fclose(f);
    rm_choices big = { 1, { "board" }, { "big" } };
    g = rm_load_file_with(path, &big, NULL, NULL);
    unlink(path);
    assert_non_null(g);
    assert_false(g->examples[0].off);
    assert_int_equal(g->examples[0].nsteps, 2);
    assert_int_equal(g->examples[0].steps[0].op, RM_EX_EMPTY_SET);
    assert_int_equal(g->examples[0].steps[1].op, RM_EX_IN_PHASE);
    rm_game_destroy(g);
    /* its with lines are checked all the same */
    load_fails("game \"x\"\noption board = small | big\nboard { grid 3 x 3 }\n"
               "side a { piece p 1 }\nside b { piece q 1 }\n"
               "phase x of a { turn step p }\nphase y of b { turn step q }\n"
               "example \"z\" {\n with board = big\n with size = large\n empty z\n}\n",
               "unknown option 'size'");
}

static void compile__semantic_errors__each_reported(void **state)
{
    (void)state;
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "setup { tiger at c3 f3 }\n",
               "unknown point 'f3' (the board has columns a to e)");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "setup { tiger at c3 c5 c7 }\n",
               "more pieces of 'tiger' placed (3) than the game has (2)");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "setup { tiger 2 at centre }\n", "does not stack");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "setup { tigre at c3 }\n", "unknown piece kind 'tigre'");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "side men { piece boy 1 }\n", "side 'men' is already defined");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "side dogs { piece man 1 }\n", "piece kind 'man' is already defined");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "setup { man at central-square\n man in hand 3 }\n",
               "9 'man' placed and 3 in hand make 12, but the game has 24");
    load_fails(RIMAU_BOARD SIDES, "does not name its game");
    load_fails("game \"x\"\n" SIDES, "the game has no board");
    load_fails("game \"x\"\n" RIMAU_BOARD, "the game has no sides");
    load_fails("game \"x\"\nboard { grid 3 x 3\n region centre = a1 }\nside s { piece p 1 }\n",
               "region 'centre' is predefined");
    load_fails("game \"x\"\nboard { grid 3 x 3 }\nside s { piece p 1 }\nside t { piece q 1 }\n"
               "phase a of s { turn step p }\nphase b of s { turn step p }\nphase c of t { turn step q }\n",
               "phase 'a' never ends, so phase 'b'");
    load_fails("game \"x\"\nboard { grid 3 x 3 }\nside s { piece p 1 }\nside t { piece q 1 }\n"
               "phase a of s { turn step q }\nphase c of t { turn step q }\n",
               "'q' belongs to side 't', not to 's'");
}

/* The checks of words and numbers the grammar leaves to the compile step,
 * each at the word or number it is about. */
static void compile__words_and_numbers__checked_where_written(void **state)
{
    (void)state;
    load_fails("game \"x\"\nboard { grid 3 by 3 }\nside s { piece p 1 }\n",
               "t.game:2:16: error: expected 'x' between the columns and rows of a grid, not 'by'");
    load_fails("game \"x\"\nboard { grid 3x3 diagonals some }\nside s { piece p 1 }\n",
               "t.game:2:28: error: diagonals are none, all or alternate, not 'some'");
    load_fails("game \"x\"\nboard { grid 5 x 5\n triangle apex c5 pointing north depth 1 }\n"
               "side s { piece p 1 }\n",
               "t.game:3:28: error: a triangle points up, down, left or right, not 'north'");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "setup { man 0 at c3 }\n",
               "t.game:9:13: error: the number of pieces per point must be at least 1");
    load_fails("game \"x\"\n" RIMAU_BOARD SIDES "setup { man in hand -3 }\n",
               "t.game:9:21: error: a hand cannot hold a negative number of pieces");
    load_fails("game \"x\"\nboard { grid 3 x 3 }\nside s { piece p 1 }\nside t { piece q 1 }\n"
               "setup { p at a1\n q at c3 }\n"
               "phase a of s { turn capture p lines 1, 63 }\nphase b of t { turn step q }\n",
               "t.game:7:40: error: a capture jumps lines of 1 to 62 pieces, not 63");
    /* the words that are right give the board they name */
    rm_game *g = load_ok("game \"x\"\nboard { grid 3 x 3 diagonals all }\nside s { piece p 1 }\n");
    assert_true(board_adjacent(&g->board, pt(g, "a1"), pt(g, "b2")));
    rm_game_destroy(g);
}

/* The estimate of a turn line's partial turns in one position
 * (derive_turn_ways), against counts worked out by hand: steps multiply,
 * k drops or removals of one step are a choice of k points or pieces, a
 * chain over stacks removed at once may bounce (b + b^2 + ... + b^L), a
 * chain that takes each piece from a new point is one line of captures. */
static void compile__turn_ways__estimated_from_the_pattern_and_the_board(void **state)
{
    (void)state;
    /* 0 to 32 drops among 256 points: sum of C(256, j), j <= 32 */
    rm_game *g = load_ok("game \"x\"\nboard { grid 16 x 16 }\nside a { piece p 255 }\n"
                         "side b { piece q 1 }\nsetup { q at a1 }\n"
                         "phase x of a { turn drop p 32 times }\nphase y of b { turn step q }\n");
    assert_true(fabs(g->rules.phases[0].turns[0].log10_ways - 40.8315) < 0.001);
    /* one q steps along at most 4 lines, or does not: 5 */
    assert_true(fabs(g->rules.phases[1].turns[0].log10_ways - log10(5)) < 0.001);
    rm_game_destroy(g);
    /* 0 to 3 removals among 24 men, then 1 + 2 tigers x 37 points */
    g = load_shipped("rimau-rimau-a.game");
    assert_true(fabs(g->rules.phases[0].turns[0].log10_ways - 5.2415) < 0.001);
    rm_game_destroy(g);
    /* a tiger with 8 lines; 20 cows that stack: a chain of up to 20 */
    static const char chains[] =
        "game \"x\"\nboard { grid 5 x 5 diagonals alternate }\n"
        "side s { piece tiger 1 }\nside t { piece cow 20 stacks }\n"
        "setup { tiger at c3\n cow in hand 20 }\n"
        "phase x of s {\n turn step tiger or capture tiger chain\n"
        " turn step tiger or capture tiger chain removing at end }\n"
        "phase y of t { turn drop cow\n ends when hand empty }\nphase z of t { turn step cow }\n";
    g = load_ok(chains);
    assert_true(fabs(g->rules.phases[0].turns[0].log10_ways - 18.1198) < 0.001);
    assert_true(fabs(g->rules.phases[0].turns[1].log10_ways - 2.2279) < 0.001);
    rm_game_destroy(g);
}

/* The estimate with 'not back' (a chain may not go straight back: one
 * line fewer after each capture) and 'with final step' (each capture or
 * chain, then no step or a step along one of the most lines a point
 * has), worked out as above: 1 way to take the step 0 times, 8 steps,
 * 8 first captures times 1 + 7 + ... + 7^19 chains. */
static void compile__turn_ways__not_back_and_final_step(void **state)
{
    (void)state;
    static const char chains[] =
        "game \"x\"\nboard { grid 5 x 5 diagonals alternate }\n"
        "side s { piece tiger 1 }\nside t { piece cow 20 stacks }\n"
        "setup { tiger at c3\n cow in hand 20 }\n"
        "phase x of s {\n turn step tiger or capture tiger chain not back\n"
        " turn capture tiger with final step\n"
        " turn step tiger or capture tiger chain not back with final step }\n"
        "phase y of t { turn drop cow\n ends when hand empty }\nphase z of t { turn step cow }\n";
    rm_game *g = load_ok(chains);
    const rm_turn_rule *t = g->rules.phases[0].turns;
    assert_true(fabs(t[0].log10_ways - log10(1 + 8 + 8 * (pow(7, 20) - 1) / 6)) < 0.001);
    assert_true(fabs(t[1].log10_ways - log10(1 + 8 * 9)) < 0.001);
    assert_true(fabs(t[2].log10_ways - log10(1 + 8 + 8 * 9 * (pow(7, 20) - 1) / 6)) < 0.001);
    rm_game_destroy(g);
}

/* A board where no point has two points on a line (a row of two): a
 * chain over a stack can make no capture at all, and the turn's only way
 * is the step; the estimate is a number, not NaN (0 times the log of no
 * line). */
static void compile__turn_ways__a_chain_on_a_board_without_jumps(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"x\"\nboard { grid 2 x 1 }\n"
                         "side s { piece tiger 1 }\nside t { piece cow 20 stacks }\n"
                         "setup { tiger at a1\n cow 20 at b1 }\n"
                         "phase x of s { turn capture tiger chain must continue or step tiger }\n"
                         "phase y of t { turn step cow }\n");
    double ways = g->rules.phases[0].turns[0].log10_ways;
    assert_true(ways == ways); /* (not NaN) */
    assert_true(fabs(ways - log10(1 + 1)) < 0.001); /* no step, or the step */
    rm_game_destroy(g);
}

/* Two drops among the 9 points of a 3 x 3 grid: C(9, 2) = 36 ways, or
 * C(10, 2) = 45 where the second may join the first (a kind that stacks
 * in play, not dropped 'to empty'); with no drop and one: 1 + 9 more. */
static void compile__turn_ways__drops_where_stacks_may_form(void **state)
{
    (void)state;
    static const char text[] = "game \"x\"\nboard { grid 3 x 3 }\n"
                               "side s { piece p 1 }\nside t { piece cow 20 %s }\n"
                               "setup { p at a1 }\n"
                               "phase x of s { turn step p }\nphase y of t { turn drop cow%s 2 times }\n";
    static const struct { const char *stacks, *to_empty; double ways; } cases[] = {
        { "stacks", "", 1 + 9 + 45 },
        { "stacks", " to empty", 1 + 9 + 36 },
        { "stacks in setup", "", 1 + 9 + 36 },
        { "", "", 1 + 9 + 36 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char buf[512];
        snprintf(buf, sizeof buf, text, cases[i].stacks, cases[i].to_empty);
        char *errors = NULL;
        int n = 0;
        rm_game *g = load_text(buf, &errors, &n);
        free(errors);
        assert_non_null(g);
        assert_true(fabs(g->rules.phases[1].turns[0].log10_ways - log10(cases[i].ways)) < 0.001);
        rm_game_destroy(g);
    }
}

/* The words of chains, final steps, stacks and compulsory rules reach the
 * IR; a capture with a final step is one step taken once (single) whose
 * turns may merge. */
static void compile__narrowing_words__set_their_flags(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"x\"\nboard { grid 3 x 3 }\n"
                         "side s { piece tiger 1 }\n"
                         "side t { piece cow 6 stacks in setup\n piece calf 4 stacks }\n"
                         "setup { tiger at a1\n cow 3 at c3\n calf in hand 4 }\n"
                         "phase x of s {\n turn capture tiger chain not back\n"
                         " turn capture tiger chain must continue not back with final step\n"
                         " turn capture tiger\n captures compulsory per piece }\n"
                         "phase y of t {\n turn drop calf to empty or step calf to empty or "
                         "leap calf over cow to empty or step cow\n drops compulsory }\n");
    const rm_rules *r = &g->rules;
    int cow = game_kind(g, "cow"), calf = game_kind(g, "calf");
    assert_true(g->kinds[cow].stacks && !g->kinds[cow].stacks_in_play);
    assert_true(g->kinds[calf].stacks && g->kinds[calf].stacks_in_play);
    assert_int_equal(g->setup_count[pt(g, "c3")], 3);
    const rm_phase *x = &r->phases[0], *y = &r->phases[1];
    assert_true(x->compulsory_per_piece && !x->compulsory && !x->drops_compulsory);
    assert_true(y->drops_compulsory && !y->compulsory && !y->compulsory_per_piece);
    const rm_action_rule *a0 = &r->actions[x->turns[0].steps[0].alt[0]];
    const rm_action_rule *a1 = &r->actions[x->turns[1].steps[0].alt[0]];
    const rm_action_rule *a2 = &r->actions[x->turns[2].steps[0].alt[0]];
    assert_true(a0->not_back && !a0->final_step && a0->chain == RM_CHAIN_MAY_STOP);
    assert_true(a1->not_back && a1->final_step && a1->chain == RM_CHAIN_MUST_CONTINUE);
    assert_true(!a2->not_back && !a2->final_step && a2->chain == RM_CHAIN_NONE);
    assert_true(x->turns[1].single && x->turns[1].merge);
    assert_true(x->turns[2].single && !x->turns[2].merge);
    for (int i = 0; i < 3; i++)
        assert_true(r->actions[y->turns[0].steps[0].alt[i]].to_empty);
    assert_false(r->actions[y->turns[0].steps[0].alt[3]].to_empty);
    rm_game_destroy(g);
}

/* No shipped game, under any value of its options, has a turn line that
 * rimau check warns of; the file whose drops pass the limit has one. */
static void compile__shipped_games__have_no_turn_warned_of(void **state)
{
    (void)state;
    static char names[SHIPPED_MAX][256];
    char dir[4096];
    int nfiles = shipped_games(names, dir), loads = 0;
    for (int f = 0; f < nfiles; f++) {
        char path[8192];
        if (snprintf(path, sizeof path, "%s/%s", dir, names[f]) >= (int)sizeof path)
            fail_msg("the path of %s is too long", names[f]);
        int nwarnings = -1;
        rm_game *g = rm_check_file(path, NULL, stderr, NULL, &nwarnings);
        assert_non_null(g);
        assert_int_equal(nwarnings, 0);
        for (int o = 0; o < g->noptions; o++)
            for (int v = 0; v < g->options[o].nvalues; v++) {
                rm_choices c = { 1, { g->options[o].name }, { g->options[o].values[v] } };
                rm_game *h = rm_check_file(path, &c, stderr, NULL, &nwarnings);
                assert_non_null(h);
                if (nwarnings != 0)
                    fail_msg("%s -o %s=%s: %d warnings", names[f], c.name[0], c.value[0],
                             nwarnings);
                for (int p = 0; p < h->rules.nphases; p++)
                    for (int t = 0; t < h->rules.phases[p].nturns; t++)
                        assert_true(h->rules.phases[p].turns[t].log10_ways <
                                    log10(RM_MAX_PARTIAL_TURNS));
                rm_game_destroy(h);
                loads++;
            }
        rm_game_destroy(g);
    }
    assert_true(loads >= 20);
    const char *src = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/limits/too-many-turns.game", src ? src : ".");
    FILE *quiet = tmpfile();
    assert_non_null(quiet);
    int nwarnings = 0;
    rm_game *g = rm_check_file(path, NULL, quiet, NULL, &nwarnings);
    assert_non_null(g);
    assert_int_equal(nwarnings, 1);
    assert_true(ftell(quiet) > 0);
    rm_game_destroy(g);
    /* loaded to be played, it prints nothing */
    rewind(quiet);
    g = rm_load_file_with(path, NULL, quiet, NULL);
    assert_non_null(g);
    assert_int_equal(ftell(quiet), 0);
    rm_game_destroy(g);
    fclose(quiet);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compile__setup__pieces_on_their_points),
        cmocka_unit_test(compile__unplaced_pieces__start_in_hand),
        cmocka_unit_test(compile__stacks__several_pieces_on_a_point),
        cmocka_unit_test(compile__symbols__first_side_upper_others_lower),
        cmocka_unit_test(compile__file_regions__rows_columns_and_except),
        cmocka_unit_test(compile__metadata__kept),
        cmocka_unit_test(compile__rules__phases_actions_and_ends),
        cmocka_unit_test(compile__option_choice__selects_the_branch),
        cmocka_unit_test(compile__example_with_another_value__not_compiled),
        cmocka_unit_test(compile__semantic_errors__each_reported),
        cmocka_unit_test(compile__words_and_numbers__checked_where_written),
        cmocka_unit_test(compile__turn_ways__estimated_from_the_pattern_and_the_board),
        cmocka_unit_test(compile__turn_ways__not_back_and_final_step),
        cmocka_unit_test(compile__turn_ways__a_chain_on_a_board_without_jumps),
        cmocka_unit_test(compile__turn_ways__drops_where_stacks_may_form),
        cmocka_unit_test(compile__narrowing_words__set_their_flags),
        cmocka_unit_test(compile__shipped_games__have_no_turn_warned_of),
        cmocka_unit_test(compile__forward_and_filters__in_the_ir_with_each_ray_classed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
