/* test_players.c: the computer players: every turn they choose is legal,
 * in every shipped game; they judge every position they meet as the
 * match does; the search tree is kept from one turn to the next. */
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
        bool mine = rm_state_to_move(rm_match_state(&m)) == 0;
        if (!mine) {
            play_index(&m, rm_player_choose(other, &m));
            continue;
        }
        int forced = rm_match_turns(&m)->n == 1;
        if (searches > 0 && !forced)
            expected = rm_player_tree_visits(me, rm_state_hash(rm_match_state(&m)), m.n - last);
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
    long expected = rm_player_tree_visits(me, rm_state_hash(rm_match_state(&m)), 1);
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
            play_index(&m, rm_player_choose(p[rm_state_to_move(rm_match_state(&m))], &m));
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
            int i = rm_player_choose(p[rm_state_to_move(&before)], &m);
            if (i < 0 || i >= l->n)
                fail_msg("%s, %s, turn %d: index %d of %d turns", file, spec, m.n + 1, i, l->n);
            play_index(&m, i);
            if (!legal_outcome(g, &before, rm_state_hash(rm_match_state(&m)), r))
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

/* ---- results: one owner ---- */

/* Replays the lines a player looks at on a match of their own, to ask the
 * match the result of every position the player decides a result of. */
typedef struct agreement {
    const char *what;
    const rm_match *game;      /* the game the player was asked about */
    rm_match ref;              /* the same game, then the line looked at */
    long checked;
    long by_rule[RM_BY_NO_MEMORY + 1];
    /* the turns of the reference's positions, listed once each: the
     * position at index i of the line, by its hash */
    int ncache;
    rm_turnlist *cache;
    uint64_t *cached;
} agreement;

/* The legal turns of position I of A->ref, listed again only when the
 * line has changed there: by the order property (movegen.h), a listing
 * of a position is good for the same position met again. */
static const rm_turnlist *listed(agreement *a, int i)
{
    if (i >= a->ncache) {
        int n = 2 * i + 64;
        a->cache = realloc(a->cache, (size_t)n * sizeof *a->cache);
        a->cached = realloc(a->cached, (size_t)n * sizeof *a->cached);
        assert_true(a->cache && a->cached);
        for (int k = a->ncache; k < n; k++) {
            rm_turnlist_init(&a->cache[k]);
            a->cached[k] = 0;
        }
        a->ncache = n;
    }
    const rm_state *st = &a->ref.states[i];
    if (a->cached[i] != rm_state_hash(st) || a->cache[i].n == 0) {
        assert_true(rm_legal_turns(a->ref.g, st, &a->cache[i]) >= 0);
        a->cached[i] = rm_state_hash(st);
    }
    return &a->cache[i];
}

/* Brings A->ref to the position H ends with: back to the longest prefix
 * of H it shares, then on by the turns that reach H's next positions. */
static void follow(agreement *a, const rm_history *h)
{
    int base = a->game->n; /* H's positions 0..base are the game's */
    if (h->n < base + 1)
        fail_msg("%s: the history has %d positions, the game %d", a->what, h->n, base + 1);
    for (int i = 0; i <= base; i++)
        if (h->e[i].hash != rm_state_hash(&a->game->states[i]))
            fail_msg("%s: position %d of the history is not the game's", a->what, i);
    int common = base + 1;
    while (common < h->n && common <= a->ref.n &&
           rm_state_hash(&a->ref.states[common]) == h->e[common].hash)
        common++;
    rm_match_undo(&a->ref, a->ref.n - (common - 1));
    /* (the results of the positions on the way were checked when the
     * player met them: the ones before a position are ongoing) */
    for (int i = common; i < h->n; i++) {
        const rm_turnlist *l = listed(a, i - 1);
        int k = 0;
        while (k < l->n && l->turns[k].hash != h->e[i].hash)
            k++;
        if (k == l->n)
            fail_msg("%s: the player went on where the rules have no such turn (position %d)",
                     a->what, i);
        assert_int_equal(rm_match_play(&a->ref, rm_turn_moves(l, k), l->turns[k].n), 0);
    }
}

static void agree(void *ctx, const rm_state *st, const rm_history *h, int result)
{
    agreement *a = ctx;
    follow(a, h);
    assert_true(rm_state_hash(rm_match_state(&a->ref)) == rm_state_hash(st));
    int want = rm_match_result(&a->ref);
    if (want != result)
        fail_msg("%s: the player judged %d, the match %d (%s) after %d turns", a->what, result,
                 want, a->ref.why, a->ref.n);
    a->checked++;
    a->by_rule[a->ref.end.rule]++;
}

/* A random playout from the position of M, by the RNG seed SEED, and the
 * same random turns played on a copy of M: they meet the same positions,
 * which both judge alike, and end alike. */
static void playout_agrees(const rm_game *g, const rm_match *m, uint64_t seed, agreement *a)
{
    rm_history h;
    rm_history_init(&h);
    assert_int_equal(rm_history_copy(&h, &m->hist), 0);
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_state st = *rm_match_state(m);
    uint64_t rng = seed;
    int turns = 0;
    int r = rm_playout(g, &st, &h, &l, &rng, -1, &turns);
    follow(a, &h); /* the playout's line, turn by turn */
    assert_int_equal(a->ref.n, m->n + turns);
    /* every position before the last goes on, as the playout found */
    for (int t = turns - 1; t >= 0; t--) {
        assert_int_equal(rm_match_undo(&a->ref, 1), 1);
        assert_int_equal(a->ref.n, m->n + t);
        assert_int_equal(rm_match_result(&a->ref), RM_ONGOING);
    }
    follow(a, &h);
    assert_int_equal(rm_match_result(&a->ref), r);
    a->by_rule[a->ref.end.rule]++;
    a->checked += turns + 1;
    /* and by the RNG: the match's list is the playout's, in its order */
    rng = seed;
    rm_match_undo(&a->ref, a->ref.n - m->n);
    while (rm_match_result(&a->ref) == RM_ONGOING) {
        const rm_turnlist *ml = rm_match_turns(&a->ref);
        int i = rm_rng_below(&rng, ml->n);
        assert_int_equal(rm_match_play(&a->ref, rm_turn_moves(ml, i), ml->turns[i].n), 0);
    }
    assert_int_equal(a->ref.n, m->n + turns);
    rm_turnlist_free(&l);
    rm_history_free(&h);
}

/* Copies the game M into A->ref. */
static void reference(agreement *a, const rm_game *g, const rm_match *m)
{
    rm_match_free(&a->ref);
    assert_int_equal(rm_match_init(&a->ref, g), 0);
    for (int i = 0; i < m->n; i++) {
        char err[256];
        if (rm_match_play_text(&a->ref, m->texts[i], err, sizeof err) != 0)
            fail_msg("%s: turn %d '%s': %s", a->what, i + 1, m->texts[i], err);
    }
    a->game = m;
}

/* Plays a random game of G and, every STRIDE turns, asks a random
 * playout, an MCTS player and an alpha-beta player about the position:
 * each result they decide on the way is the match's. */
static void game_agrees(const rm_game *g, const char *what, uint64_t seed, int stride,
                        agreement *a)
{
    static const char *const specs[] = { "mcts:6", "mcts:12:8", "ab:2" };
    rm_player *p[3];
    for (int i = 0; i < 3; i++) {
        p[i] = player(g, specs[i], seed + (uint64_t)i);
        rm_player_observe(p[i], agree, a);
    }
    a->what = what;
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    uint64_t rng = seed;
    for (;;) {
        if (m.n % stride == 0 || rm_match_result(&m) != RM_ONGOING) {
            reference(a, g, &m);
            assert_int_equal(rm_match_result(&a->ref), rm_match_result(&m));
            playout_agrees(g, &m, rng ^ 0x5A5A, a);
            /* (not where the turns are thousands: the reference match
             * lists them again for every line alpha-beta looks at) */
            for (int i = 0; i < 3 && rm_match_result(&m) == RM_ONGOING &&
                            rm_match_turns(&m)->n <= 300;
                 i++)
                rm_player_choose(p[i], &m);
        }
        if (rm_match_result(&m) != RM_ONGOING)
            break;
        const rm_turnlist *l = rm_match_turns(&m);
        play_index(&m, rm_rng_below(&rng, l->n));
    }
    a->by_rule[m.end.rule]++;
    rm_match_free(&m);
    for (int i = 0; i < 3; i++)
        rm_player_free(p[i]);
}

static void results__match_playout_mcts_ab__agree_on_every_position(void **state)
{
    (void)state;
    static char names[SHIPPED_MAX][256];
    char dir[4096], what[512];
    int files = shipped_games(names, dir);
    agreement a;
    memset(&a, 0, sizeof a);
    assert_int_equal(rm_match_init(&a.ref, load_shipped(names[0])), 0);
    rm_game *first = (rm_game *)a.ref.g;
    for (int f = 0; f < files; f++) {
        rm_game *g = load_shipped(names[f]);
        /* every value of every option, the others at their defaults */
        for (int o = -1; o < g->noptions; o++) {
            for (int v = o < 0 ? 0 : 1; v < (o < 0 ? 1 : g->options[o].nvalues); v++) {
                rm_game *var = g;
                if (o >= 0) {
                    char path[8192];
                    snprintf(path, sizeof path, "%s/%s", dir, names[f]);
                    rm_choices c = { 1, { g->options[o].name }, { g->options[o].values[v] } };
                    var = rm_load_file_with(path, &c, stderr, NULL);
                    assert_non_null(var);
                }
                snprintf(what, sizeof what, "%s%s%s%s%s", names[f], o >= 0 ? " -o " : "",
                         o >= 0 ? g->options[o].name : "", o >= 0 ? "=" : "",
                         o >= 0 ? g->options[o].values[v] : "");
                game_agrees(var, what, 1000 + (uint64_t)f * 17 + (uint64_t)v, 40, &a);
                rm_match_free(&a.ref);
                memset(&a.ref, 0, sizeof a.ref);
                if (var != g)
                    rm_game_destroy(var);
            }
        }
        rm_game_destroy(g);
    }
    rm_game_destroy(first);
    for (int k = 0; k < a.ncache; k++)
        rm_turnlist_free(&a.cache[k]);
    free(a.cache);
    free(a.cached);
    /* Positions of every kind of end were met: a test of all of them. */
    for (int r = RM_BY_NONE; r <= RM_BY_BLOCKED; r++)
        if (r != RM_BY_LOSING_NUMBER && r != RM_BY_TURN_LIMIT && a.by_rule[r] == 0)
            fail_msg("no position ended by rule %d was met", r);
    assert_true(a.checked > 10000);
    assert_true(files >= 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(players__in_every_shipped_game__choose_only_legal_turns),
        cmocka_unit_test(results__match_playout_mcts_ab__agree_on_every_position),
        cmocka_unit_test(mcts__reroots_on_the_reply__keeping_the_subtree_visits),
        cmocka_unit_test(mcts__one_ply_down_reuses__elsewhere_starts_afresh),
        cmocka_unit_test(mcts__same_seed_and_budget__same_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
