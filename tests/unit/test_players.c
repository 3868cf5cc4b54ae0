/* test_players.c: the computer players: every turn they choose is legal,
 * in every shipped game; the search tree is kept from one turn to the
 * next. */
#include "helpers.h"

#include "match.h"
#include "players/players.h"

static rm_player *player(const rm_game *g, const char *spec, uint64_t seed)
{
    char err[256];
    rm_player *p = rm_player_new(g, spec, seed, err, sizeof err);
    if (!p)
        fail_msg("%s: %s", spec, err);
    return p;
}

/* Plays turn K of the position M is in. */
static void play_index(rm_match *m, int k)
{
    const rm_turnlist *l = rm_match_turns(m);
    assert_true(k >= 0 && k < l->n);
    assert_int_equal(rm_match_play(m, rm_turn_moves(l, k), l->turns[k].n), 0);
}

/* An mcts player against random: at each of its searches after the first,
 * the root starts with the visits its node had in the previous tree (two
 * plies down, or four after a forced turn), and the search adds exactly
 * its budget of visits. */
static void mcts__reroots_on_the_reply__keeping_the_subtree_visits(void **state)
{
    (void)state;
    rm_game *g = load_shipped("tiger-and-buffaloes.game");
    rm_player *me = player(g, "mcts:400", 11), *other = player(g, "random", 12);
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    int searches = 0, reused = 0, last = 0;
    long expected = 0;
    while (rm_match_result(&m) == RM_ONGOING && m.n < 60) {
        bool mine = rm_match_state(&m)->to_move == 0;
        if (!mine) {
            play_index(&m, rm_player_choose(other, &m));
            continue;
        }
        int forced = rm_match_turns(&m)->n == 1;
        if (searches > 0 && !forced)
            expected = rm_player_tree_visits(me, rm_match_state(&m)->hash, m.n - last);
        int k = rm_player_choose(me, &m);
        rm_search_info info;
        rm_player_info(me, &info);
        if (!forced) {
            if (searches == 0)
                assert_int_equal(info.reused, 0);
            else if (expected > 0) {
                assert_int_equal(info.reused, expected);
                reused++;
            } else
                assert_int_equal(info.reused, 0);
            assert_int_equal(info.visits, info.reused + 400);
            searches++;
            last = m.n;
        }
        play_index(&m, k);
    }
    /* The tree is kept at nearly every turn (the reply was searched). */
    assert_true(searches >= 10);
    assert_true(reused >= searches * 3 / 4);
    rm_match_free(&m);
    rm_player_free(me);
    rm_player_free(other);
    rm_game_destroy(g);
}

/* Asked again after its own turn (as when a side moves twice in a row),
 * the player goes on from the child it chose; in a position its tree does
 * not reach, it starts afresh. */
static void mcts__one_ply_down_reuses__elsewhere_starts_afresh(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    rm_player *me = player(g, "mcts:300", 5);
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    char err[256];
    assert_int_equal(rm_match_play_many(&m, "xc4,xb4,xd4 c4 c7-d7", err, sizeof err), 0);
    int k = rm_player_choose(me, &m);
    rm_search_info info;
    rm_player_info(me, &info);
    assert_int_equal(info.visits, 300);
    play_index(&m, k);
    long expected = rm_player_tree_visits(me, rm_match_state(&m)->hash, 1);
    assert_true(expected > 0);
    play_index(&m, rm_player_choose(me, &m));
    rm_player_info(me, &info);
    assert_int_equal(info.reused, expected);
    assert_int_equal(info.visits, expected + 300);
    /* Back to the start: not below the last root. */
    rm_match_undo(&m, m.n);
    rm_player_choose(me, &m);
    rm_player_info(me, &info);
    assert_int_equal(info.reused, 0);
    assert_int_equal(info.visits, 300);
    rm_match_free(&m);
    rm_player_free(me);
    rm_game_destroy(g);
}

/* Reusing the tree keeps a player reproducible: the same seed and budget
 * choose the same turns. */
static void mcts__same_seed_and_budget__same_game(void **state)
{
    (void)state;
    rm_game *g = load_shipped("tiger-and-buffaloes.game");
    char texts[2][8192];
    for (int run = 0; run < 2; run++) {
        rm_player *p[2] = { player(g, "mcts:200", 3), player(g, "mcts:150", 4) };
        rm_match m;
        assert_int_equal(rm_match_init(&m, g), 0);
        texts[run][0] = '\0';
        while (rm_match_result(&m) == RM_ONGOING && m.n < 40) {
            play_index(&m, rm_player_choose(p[rm_match_state(&m)->to_move], &m));
            strncat(texts[run], m.texts[m.n - 1], sizeof texts[run] - strlen(texts[run]) - 2);
            strcat(texts[run], " ");
        }
        rm_match_free(&m);
        rm_player_free(p[0]);
        rm_player_free(p[1]);
    }
    assert_string_equal(texts[0], texts[1]);
    rm_game_destroy(g);
}

/* Whether the position with hash H is one a legal turn of ST reaches;
 * true too when the general walk gives up (nothing to compare). */
static bool legal_outcome(const rm_game *g, const rm_state *st, uint64_t h, legal_positions *r)
{
    return legal_positions_find(g, st, r) < 0 || legal_positions_has(r, h);
}

/* Plays GAMES games of G (at most PLIES turns each) between two players
 * of SPEC and checks each turn they choose: an index of the match's list,
 * reaching a position that a legal turn reaches. Returns the turns. */
static long play_checked(const rm_game *g, const char *file, const char *spec, int games,
                         int plies, legal_positions *r)
{
    long turns = 0;
    for (int k = 0; k < games; k++) {
        rm_player *p[2] = { player(g, spec, 100 + 2 * k), player(g, spec, 101 + 2 * k) };
        rm_match m;
        assert_int_equal(rm_match_init(&m, g), 0);
        while (rm_match_result(&m) == RM_ONGOING && m.n < plies) {
            const rm_turnlist *l = rm_match_turns(&m);
            if (l->n <= 0)
                break;
            rm_state before = *rm_match_state(&m);
            int i = rm_player_choose(p[before.to_move], &m);
            if (i < 0 || i >= l->n)
                fail_msg("%s, %s, turn %d: index %d of %d turns", file, spec, m.n + 1, i, l->n);
            play_index(&m, i);
            if (!legal_outcome(g, &before, rm_match_state(&m)->hash, r))
                fail_msg("%s, %s, turn %d '%s' is not legal", file, spec, m.n, m.texts[m.n - 1]);
            turns++;
        }
        rm_match_free(&m);
        rm_player_free(p[0]);
        rm_player_free(p[1]);
    }
    return turns;
}

static void players__in_every_shipped_game__choose_only_legal_turns(void **state)
{
    (void)state;
    static const char *const specs[] = { "random", "mcts:40", "mcts:40:3", "ab:2" };
    legal_positions r;
    legal_positions_init(&r, 200000);
    static char names[SHIPPED_MAX][256];
    char dir[4096];
    int files = shipped_games(names, dir);
    for (int f = 0; f < files; f++) {
        rm_game *g = load_shipped(names[f]);
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            /* random: many whole games; the searching players: fewer, shorter */
            bool searching = s > 0;
            long turns = play_checked(g, names[f], specs[s], searching ? 2 : 20,
                                      searching ? 80 : 400, &r);
            assert_true(turns > 0);
        }
        rm_game_destroy(g);
    }
    legal_positions_free(&r);
    assert_true(files >= 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(players__in_every_shipped_game__choose_only_legal_turns),
        cmocka_unit_test(mcts__reroots_on_the_reply__keeping_the_subtree_visits),
        cmocka_unit_test(mcts__one_ply_down_reuses__elsewhere_starts_afresh),
        cmocka_unit_test(mcts__same_seed_and_budget__same_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
