/* test_players.c: the computer players: every turn they choose is legal,
 * in every shipped game; they judge every position they meet as the
 * match does; the search tree is kept from one turn to the next. */
#include "walk_helpers.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "match.h"
#include "players.h"
#include "notation.h"
#include "position.h"
#include "bitgen.h"

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
        rm_player *p[2] = { player(g, spec, (uint64_t)(100 + 2 * k)), player(g, spec, (uint64_t)(101 + 2 * k)) };
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
            /* random: many whole games; the searching players: fewer,
             * shorter. (A game the bit kernel does not play, Fanorona's,
             * plays every playout on lists, and a board of more than 50
             * points makes every turn dearer: make check gives these
             * fewer turns, make check-slow all.) */
            bool searching = s > 0;
            bool dear = !rm_bits_get(g) || g->board.npoints > 50;
            /* (RIMAU_QUICK=1, the sanitizer build's run: a third of the
             * turns) */
            int games = searching ? (thorough() ? 2 : 1)
                                  : (thorough() ? 10 : 1);
            int searched = thorough() ? 40 : !rm_bits_get(g) ? 2 : dear ? 15 : 30;
            if (quick())
                searched = (searched + 2) / 3;
            long turns = play_checked(g, names[f], specs[s], games,
                                      searching ? searched : quick() ? 150 : 400, &r);
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
    turn_index *index; /* of each listing, by the hash each turn leads to */
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
        a->index = realloc(a->index, (size_t)n * sizeof *a->index);
        assert_true(a->cache && a->cached && a->index);
        for (int k = a->ncache; k < n; k++) {
            rm_turnlist_init(&a->cache[k]);
            a->cached[k] = 0;
            a->index[k] = (turn_index){ 0, NULL };
        }
        a->ncache = n;
    }
    const rm_state *st = &a->ref.states[i];
    if (a->cached[i] != rm_state_hash(st) || a->cache[i].n == 0) {
        assert_true(rm_legal_turns(a->ref.g, st, &a->cache[i]) >= 0);
        a->cached[i] = rm_state_hash(st);
        turn_index_make(&a->index[i], &a->cache[i]);
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
        int k = turn_index_find(&a->index[i - 1], l, h->e[i].hash);
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
    /* and by the RNG, where the reference generator plays the playout
     * (the bit kernel draws from turns in an order of its own, uniformly:
     * test_bits.c): the match's list is the playout's, in its order */
    rm_set_bit_kernel(false);
    assert_int_equal(rm_history_copy(&h, &m->hist), 0);
    st = *rm_match_state(m);
    rng = seed;
    int again = 0;
    r = rm_playout(g, &st, &h, &l, &rng, -1, &again);
    rm_set_bit_kernel(true);
    rng = seed;
    rm_match_undo(&a->ref, a->ref.n - m->n);
    while (rm_match_result(&a->ref) == RM_ONGOING) {
        const rm_turnlist *ml = rm_match_turns(&a->ref);
        int i = rm_rng_below(&rng, ml->n);
        assert_int_equal(rm_match_play(&a->ref, rm_turn_moves(ml, i), ml->turns[i].n), 0);
    }
    assert_int_equal(a->ref.n, m->n + again);
    assert_int_equal(rm_match_result(&a->ref), r);
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
                        int most, agreement *a)
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
    /* At most MOST positions of the game are asked about: each playout
     * from one goes on to the end of the game, so a long game (1,000
     * turns of a 40-a-side board) is still followed to its end by the
     * playouts of its first positions. */
    int checks = 0;
    for (;;) {
        if (checks == most)
            break;
        if (m.n % stride == 0 || rm_match_result(&m) != RM_ONGOING) {
            checks++;
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
    if (rm_match_result(&m) != RM_ONGOING)
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
                    snprintf(path, sizeof path, "%.4000s/%.255s", dir, names[f]);
                    var = load_with_value(path, g, o, v);
                }
                snprintf(what, sizeof what, "%.150s%s%.150s%s%.150s", names[f], o >= 0 ? " -o " : "",
                         o >= 0 ? g->options[o].name : "", o >= 0 ? "=" : "",
                         o >= 0 ? g->options[o].values[v] : "");
                /* (make check: 2 positions of each game's default, 1 of
                 * each other value; make check-slow: 1,000 of each;
                 * RIMAU_QUICK=1: 1 of each) */
                game_agrees(var, what, 1000 + (uint64_t)f * 17 + (uint64_t)v,
                            thorough() ? 40 : quick() ? 400 : 300,
                            thorough() ? 1000 : o < 0 && !quick() ? 2 : 1, &a);
                rm_match_free(&a.ref);
                memset(&a.ref, 0, sizeof a.ref);
                /* The listings are of this game's rules: the next game, or
                 * the next value of an option, can have the same position
                 * at the same index (the same hash) with other turns. */
                for (int k = 0; k < a.ncache; k++)
                    a.cache[k].n = 0;
                if (var != g)
                    rm_game_destroy(var);
            }
        }
        rm_game_destroy(g);
    }
    rm_game_destroy(first);
    for (int k = 0; k < a.ncache; k++) {
        rm_turnlist_free(&a.cache[k]);
        turn_index_free(&a.index[k]);
    }
    free(a.cache);
    free(a.cached);
    free(a.index);
    /* Positions of every kind of end were met: a test of all of them. */
    for (int r = RM_BY_NONE; r <= RM_BY_BLOCKED; r++)
        if (r != RM_BY_LOSING_NUMBER && r != RM_BY_TURN_LIMIT && a.by_rule[r] == 0)
            fail_msg("no position ended by rule %d was met", r);
    assert_true(a.checked > 10000);
    assert_true(files >= 15);
}

/* ---- the turn cache ---- */

/* The lists L (lent by the cache) and R (generated) are the same, turn
 * for turn. */
static void assert_same_list(const rm_turnlist *l, const rm_turnlist *r, const char *what)
{
    if (l->n != r->n || l->pass != r->pass || l->work != r->work)
        fail_msg("%s: %d turns (pass %d, work %ld) where the generator lists %d (%d, %ld)", what,
                 l->n, l->pass, l->work, r->n, r->pass, r->work);
    for (int i = 0; i < l->n; i++) {
        const rm_turn *a = &l->turns[i], *b = &r->turns[i];
        if (a->hash != b->hash || a->n != b->n || a->captured != b->captured ||
            (a->n > 0 && memcmp(rm_turn_moves(l, i), rm_turn_moves(r, i),
                                a->n * sizeof(rm_move)) != 0))
            fail_msg("%s: turn %d of %d is not the generator's", what, i, l->n);
    }
}

/* Plays PLAYOUTS seeded random games of ON (its cache made) and OFF (the
 * same game, its cache off) side by side: every position has the same
 * result and the same turns, and the same turn is played in both; then
 * rm_playout gives the same result and length in both. Returns the
 * listings the cache lent. */
static long playouts_agree(const rm_game *on, const rm_game *off, const char *what, int playouts,
                           uint64_t seed)
{
    long lent = 0;
    rm_turnlist l1, l2;
    rm_history h1, h2;
    rm_turnlist_init(&l1);
    rm_turnlist_init(&l2);
    rm_history_init(&h1);
    rm_history_init(&h2);
    for (int k = 0; k < playouts; k++) {
        rm_state s1, s2;
        rm_initial(on, &s1);
        rm_initial(off, &s2);
        assert_int_equal(rm_history_start(&h1, &s1), 0);
        assert_int_equal(rm_history_start(&h2, &s2), 0);
        uint64_t rng = seed + (uint64_t)k;
        for (int t = 0; t < 3000; t++) {
            int r1 = rm_result(on, &s1, &h1, &l1, NULL);
            int r2 = rm_result(off, &s2, &h2, &l2, NULL);
            if (r1 != r2)
                fail_msg("%s, playout %d, turn %d: result %d with the cache, %d without", what,
                         k, t, r1, r2);
            if (r1 != RM_ONGOING)
                break;
            lent += l1.turns != l1.own_turns;
            assert_true(l2.turns == l2.own_turns);
            char where[768];
            snprintf(where, sizeof where, "%.500s, playout %d, turn %d", what, k, t);
            assert_same_list(&l1, &l2, where);
            int i = rm_rng_below(&rng, l1.n);
            rm_apply(on, &s1, rm_turn_moves(&l1, i), l1.turns[i].n);
            rm_apply(off, &s2, rm_turn_moves(&l2, i), l2.turns[i].n);
            assert_true(rm_state_hash(&s1) == rm_state_hash(&s2));
            assert_int_equal(rm_history_push(&h1, &s1), 0);
            assert_int_equal(rm_history_push(&h2, &s2), 0);
        }
        uint64_t g1 = seed + 7919 * (uint64_t)k, g2 = g1;
        int t1, t2;
        rm_initial(on, &s1);
        rm_initial(off, &s2);
        assert_int_equal(rm_history_start(&h1, &s1), 0);
        assert_int_equal(rm_history_start(&h2, &s2), 0);
        int r1 = rm_playout(on, &s1, &h1, &l1, &g1, -1, &t1);
        int r2 = rm_playout(off, &s2, &h2, &l2, &g2, -1, &t2);
        if (r1 != r2 || t1 != t2)
            fail_msg("%s: rm_playout ends %d after %d turns with the cache, %d after %d without",
                     what, r1, t1, r2, t2);
    }
    rm_turnlist_free(&l1);
    rm_turnlist_free(&l2);
    rm_history_free(&h1);
    rm_history_free(&h2);
    return lent;
}

static void turn_cache__every_shipped_game__same_lists_same_playouts(void **state)
{
    (void)state;
    static char names[SHIPPED_MAX][256];
    char dir[4096], path[4400], what[768];
    int files = shipped_games(names, dir);
    long lent = 0;
    int cached_games = 0;
    rm_turnlist l1, l2;
    rm_turnlist_init(&l1);
    rm_turnlist_init(&l2);
    for (int f = 0; f < files; f++) {
        rm_game *g = load_shipped(names[f]);
        snprintf(path, sizeof path, "%.4000s/%.255s", dir, names[f]);
        for (int o = -1; o < g->noptions; o++) {
            for (int v = o < 0 ? 0 : 1; v < (o < 0 ? 1 : g->options[o].nvalues); v++) {
                rm_game *on = o < 0 ? rm_load_file(path, stderr, NULL) : load_with_value(path, g, o, v);
                rm_game *off = o < 0 ? rm_load_file(path, stderr, NULL) : load_with_value(path, g, o, v);
                assert_non_null(on);
                assert_non_null(off);
                snprintf(what, sizeof what, "%.255s%s%.200s%s%.200s", names[f],
                         o >= 0 ? " -o " : "", o >= 0 ? g->options[o].name : "",
                         o >= 0 ? "=" : "", o >= 0 ? g->options[o].values[v] : "");
                rm_turn_cache_disable(off);
                rm_turn_cache_prepare(off);
                assert_null(rm_turn_cache_position(off, 0));
                if (!on->rules.present) {
                    rm_game_destroy(on);
                    rm_game_destroy(off);
                    continue;
                }
                rm_turn_cache_prepare(on);
                /* every cached list is the generator's, turn for turn */
                const rm_state *st;
                int i = 0;
                for (; (st = rm_turn_cache_position(on, i)) != NULL; i++) {
                    assert_true(rm_legal_turns(on, st, &l1) >= 0);
                    assert_true(l1.turns != l1.own_turns); /* lent */
                    assert_true(rm_legal_turns(off, st, &l2) >= 0);
                    assert_true(l2.turns == l2.own_turns);
                    char where[1024];
                    snprintf(where, sizeof where, "%s, cached position %d", what, i);
                    assert_same_list(&l1, &l2, where);
                }
                cached_games += i > 0;
                if (o < 0 && (strcmp(names[f], "rimau-rimau-a.game") == 0 ||
                              strcmp(names[f], "madranggam.game") == 0 ||
                              strcmp(names[f], "tiger-and-buffaloes.game") == 0 ||
                              strcmp(names[f], "rimau-rimau-two-tigers.game") == 0))
                    if (i == 0)
                        fail_msg("%s: no position cached", what);
                lent += playouts_agree(on, off, what, 4, 500 + (uint64_t)f * 31 + (uint64_t)v);
                rm_game_destroy(on);
                rm_game_destroy(off);
            }
        }
        rm_game_destroy(g);
    }
    rm_turnlist_free(&l1);
    rm_turnlist_free(&l2);
    assert_true(cached_games >= 4);
    assert_true(lent > 0);
}

/* ---- counting and picking ---- */

/* Plays PLAYOUTS seeded random games of G, counting where rm_count_turns
 * can and listing as well: every position has the same result either
 * way; where the turns are counted, their number is the list's, and the
 * turn picked at the first, the last and a random index is the list's
 * there, found through the tally's pieces or by walking them; the random
 * turn is played. Then rm_playout, counting on and
 * off, gives the same positions one by one, the same result and length.
 * Returns the positions whose turns were counted. */
static long counted_playouts_agree(const rm_game *g, const char *what, int playouts, uint64_t seed)
{
    long counted = 0;
    rm_turnlist l, l2;
    rm_history h, h2;
    rm_turnlist_init(&l);
    rm_turnlist_init(&l2);
    rm_history_init(&h);
    rm_history_init(&h2);
    for (int k = 0; k < playouts; k++) {
        rm_state st;
        rm_initial(g, &st);
        assert_int_equal(rm_history_start(&h, &st), 0);
        uint64_t rng = seed + (uint64_t)k;
        for (int t = 0; t < 3000; t++) {
            rm_tally tally;
            rm_outcome o1, o2;
            int r1 = rm_result_tally(g, &st, &h, &l2, &tally, &o1);
            int r2 = rm_result(g, &st, &h, &l, &o2);
            if (r1 != r2 || o1.rule != o2.rule)
                fail_msg("%s, playout %d, turn %d: result %d (rule %d) counting, %d (%d) listing",
                         what, k, t, r1, (int)o1.rule, r2, (int)o2.rule);
            if (r1 != RM_ONGOING)
                break;
            int i = rm_rng_below(&rng, l.n);
            if (tally.n > 0) {
                char where[1024];
                snprintf(where, sizeof where, "%s, playout %d, turn %d", what, k, t);
                counted += count_and_pick_match_list(g, &st, &l, &tally, i, where) > 0;
            }
            rm_apply(g, &st, rm_turn_moves(&l, i), l.turns[i].n);
            assert_int_equal(rm_history_push(&h, &st), 0);
        }
        rm_state s1, s2;
        uint64_t g1 = seed + 7919 * (uint64_t)k, g2 = g1;
        int t1, t2;
        rm_initial(g, &s1);
        rm_initial(g, &s2);
        assert_int_equal(rm_history_start(&h, &s1), 0);
        assert_int_equal(rm_history_start(&h2, &s2), 0);
        int r1 = rm_playout(g, &s1, &h, &l, &g1, -1, &t1);
        rm_set_count_turns(false);
        int r2 = rm_playout(g, &s2, &h2, &l2, &g2, -1, &t2);
        rm_set_count_turns(true);
        if (r1 != r2 || t1 != t2)
            fail_msg("%s: rm_playout ends %d after %d turns counting, %d after %d listing", what,
                     r1, t1, r2, t2);
        assert_int_equal(rm_history_length(&h), rm_history_length(&h2));
        for (int j = 0; j < rm_history_length(&h); j++)
            if (h.e[j].hash != h2.e[j].hash)
                fail_msg("%s: rm_playout's position %d differs counting and listing", what, j);
    }
    rm_turnlist_free(&l);
    rm_turnlist_free(&l2);
    rm_history_free(&h);
    rm_history_free(&h2);
    return counted;
}

static void count_turns__every_shipped_game__the_lists_turns_same_playouts(void **state)
{
    (void)state;
    static char names[SHIPPED_MAX][256];
    char dir[4096], path[4400], what[768];
    int files = shipped_games(names, dir);
    long counted = 0, two_tigers = 0;
    for (int f = 0; f < files; f++) {
        rm_game *g = load_shipped(names[f]);
        snprintf(path, sizeof path, "%.4000s/%.255s", dir, names[f]);
        for (int o = -1; o < g->noptions; o++) {
            for (int v = o < 0 ? 0 : 1; v < (o < 0 ? 1 : g->options[o].nvalues); v++) {
                rm_game *h = o < 0 ? rm_load_file(path, stderr, NULL) : load_with_value(path, g, o, v);
                assert_non_null(h);
                snprintf(what, sizeof what, "%.255s%s%.200s%s%.200s", names[f],
                         o >= 0 ? " -o " : "", o >= 0 ? g->options[o].name : "",
                         o >= 0 ? "=" : "", o >= 0 ? g->options[o].values[v] : "");
                if (h->rules.present) {
                    long c = counted_playouts_agree(h, what, 4, 900 + (uint64_t)f * 37 + (uint64_t)v);
                    counted += c;
                    if (strcmp(names[f], "rimau-rimau-two-tigers.game") == 0)
                        two_tigers += c;
                }
                rm_game_destroy(h);
            }
        }
        rm_game_destroy(g);
    }
    /* the counting path is taken, in the game it was made for above all */
    assert_true(counted > 10000);
    assert_true(two_tigers > 1000);
}

/* ---- the time cap ---- */

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What a player's first turn of a game did, one bit each. */
enum {
    CAP_LEGAL = 1,             /* it chose a legal turn */
    CAP_CAPPED = 2,            /* it says the time cap stopped it */
    CAP_WITHIN_20S = 4,        /* (of a cap of a second at most) */
    CAP_SEARCHED = 8,          /* it finished an iteration, or a depth */
    CAP_KILLED = 64            /* it went on for 120 s: the alarm ended it */
};

/* Has the player SPEC choose the first turn of G, in a child process that
 * an alarm kills after 120 s, so that a player that does not stop fails
 * the test rather than hang it; returns what it did. */
static int first_turn_apart(const rm_game *g, const char *spec)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(120);
        char err[256];
        rm_player *p = rm_player_new(g, spec, 1, err, sizeof err);
        rm_match m;
        if (!p || rm_match_init(&m, g) != 0)
            _exit(100);
        double t0 = seconds_now();
        int k = rm_player_choose(p, &m);
        double t = seconds_now() - t0;
        rm_search_info info;
        rm_player_info(p, &info);
        const rm_turnlist *l = rm_match_turns(&m);
        _exit((k >= 0 && k < l->n ? CAP_LEGAL : 0) | (info.capped ? CAP_CAPPED : 0) |
              (t < 20 ? CAP_WITHIN_20S : 0) |
              (info.visits > 0 || info.depth > 0 ? CAP_SEARCHED : 0));
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 100)
        fail_msg("cannot make the player %s", spec);
    return WIFEXITED(status) ? WEXITSTATUS(status) : CAP_KILLED;
}

/* A budget of iterations or depth far past what a turn can do stops at
 * the cap the text gives, with a legal turn: the most visited (mcts), the
 * best of the last depth searched to its end (ab). */
static void players__huge_budgets__stop_at_the_time_cap(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    const int all = CAP_LEGAL | CAP_CAPPED | CAP_WITHIN_20S | CAP_SEARCHED;
    /* (half a second for MCTS: under ASan, at a load of 16 on the 2
     * cores, 200 ms of the clock once finished no iteration; a second for
     * alpha-beta: under ASan, with the other cores busy, its first depth
     * once took more than 200 ms of the clock) */
    assert_int_equal(first_turn_apart(g, "mcts:100000000/500ms"), all);
    assert_int_equal(first_turn_apart(g, "mcts:100000000/500ms:5"), all);
    assert_int_equal(first_turn_apart(g, "ab:32/1s"), all);
    rm_game_destroy(g);
}

/* One random playout can be long: up to 65,000 turns, each listing the
 * turns of a position, here a step taken 6 times (a few milliseconds):
 * minutes. The cap stops the playout; with no iteration finished, the
 * turn is the one judged best. (The root has two turns: a drop on a1 or
 * b1, so that the search, not the rule of a single turn, decides.) */
static void mcts__a_long_playout__stops_at_the_time_cap(void **state)
{
    (void)state;
    rm_game *g = load_ok("game \"long playouts\"\n"
                         "board { grid 16 x 16 diagonals all }\n"
                         "side a {\n piece p 1\n piece s 1\n}\n"
                         "side b { piece q 1 }\n"
                         "setup {\n p at h8\n q at a16\n s in hand 1\n}\n"
                         "rules {\n draw after 65000 turns\n draw on repetition 100\n}\n"
                         "phase start of a {\n turn drop s in a1 b1\n ends when hand empty\n}\n"
                         "phase walk of a { turn step p 6 times }\n"
                         "phase walk of b { turn step q 6 times }\n");
    assert_int_equal(first_turn_apart(g, "mcts:1/1s"), CAP_LEGAL | CAP_CAPPED | CAP_WITHIN_20S);
    rm_game_destroy(g);
}

/* Within the cap (30 s unless given), a budget is spent whole and the
 * player says it was not capped: with a seed, it is reproducible. */
static void players__within_the_cap__spend_their_budget(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    static const char *const specs[] = { "mcts:50", "mcts:50/1000s", "ab:1", "ab:2/1000s" };
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        rm_player *p = player(g, specs[i], 1);
        assert_true(rm_player_choose(p, &m) >= 0);
        rm_search_info info;
        rm_player_info(p, &info);
        assert_false(info.capped);
        if (strncmp(specs[i], "mcts", 4) == 0)
            assert_int_equal(info.visits, 50);
        else
            assert_int_equal(info.depth, specs[i][3] - '0');
        rm_player_free(p);
    }
    rm_match_free(&m);
    rm_game_destroy(g);
}

/* Every player takes a time; a cap follows a count, never a time. */
static void players__specs__take_times_and_caps(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    static const char *const good[] = { "random", "random:1s", "random:20ms", "mcts:20000/5s",
                                        "mcts:200/500ms:3", "ab:6/10s", "ab:3", "mcts:2s" };
    static const char *const bad[] = { "random:3", "random:fast", "mcts:2s/5s", "mcts:100/5",
                                       "mcts:100/", "ab:2s/1s", "ab:33/1s", "ab:3/0s" };
    char err[256];
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        rm_player_free(player(g, good[i], 1));
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (rm_player_new(g, bad[i], 1, err, sizeof err))
            fail_msg("'%s' was taken for a player", bad[i]);
    rm_game_destroy(g);
}

/* ---- winning soon, losing late ---- */

enum { AB_DEPTHS = 40 };

/* A match of Rimau-rimau version A (the men lose with 3 pieces) started
 * at the position string TEXT. */
static void start_at(rm_match *m, const rm_game *g, const char *text)
{
    rm_state st;
    int at;
    char err[256];
    if (rm_parse_position_string(g, text, &st, &at, err, sizeof err) != 0)
        fail_msg("%s: character %d: %s", text, at + 1, err);
    assert_int_equal(rm_match_init(m, g), 0);
    rm_match_restart(m, &st);
}

/* The text of the turn SPEC chooses at the position TEXT, with SEED. */
static void first_choice(const rm_game *g, const char *text, const char *spec, uint64_t seed,
                         char *out, size_t size)
{
    rm_match m;
    start_at(&m, g, text);
    rm_player *p = player(g, spec, seed);
    int k = rm_player_choose(p, &m);
    const rm_turnlist *l = rm_match_turns(&m);
    assert_true(k >= 0 && k < l->n);
    char *t = rm_turn_text(g, rm_turn_moves(l, k), l->turns[k].n);
    assert_non_null(t);
    snprintf(out, size, "%s", t);
    free(t);
    rm_player_free(p);
    rm_match_free(&m);
}

/* Tigers on a3 and b4, four men (b3 and three far off on row 9): a3xc3
 * takes the fourth man from last and wins now; every other turn still
 * looks won (the men are caught on b3: a step to c3 is taken by b4), and
 * random playouts from it are won nearly always. Every player takes the
 * win now. (The search once saw no difference and stepped about.) */
#define WIN_IN_1 "6Tm4T21mmm - tigers hunting,moving 1"
/* The same with the tiger on a4: no capture yet; a4-a3 sets the trap and
 * wins on the third ply, whatever the men do. */
#define WIN_IN_3 "7m3TT21mmm - tigers hunting,moving 1"

static void players__a_win_now__is_taken_before_any_later_one(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    static const char *const specs[] = { "mcts:100", "mcts:300", "mcts:1000:1", "ab:1", "ab:3" };
    char turn[64];
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            first_choice(g, WIN_IN_1, specs[i], seed, turn, sizeof turn);
            if (strcmp(turn, "a3xc3") != 0)
                fail_msg("%s, seed %d: %s, not the win a3xc3", specs[i], (int)seed, turn);
        }
    rm_game_destroy(g);
}

/* The scores an ab player tells, depth by depth. */
typedef struct scores {
    int n;
    int depth[AB_DEPTHS];
    double score[AB_DEPTHS];
} scores;

static void note_score(void *ctx, int depth, double score, const int *pv, int npv)
{
    (void)pv;
    (void)npv;
    scores *s = ctx;
    if (s->n < AB_DEPTHS) {
        s->depth[s->n] = depth;
        s->score[s->n++] = score;
    }
}

/* Alpha-beta scores a win N plies away 1000 - N, and stops deepening
 * once it has found one: the win now 999, the win on the third ply 997;
 * played out against itself, each comes that soon. */
static void ab__a_win__scores_by_its_distance_and_comes_that_soon(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    static const struct {
        const char *position;
        int plies;
    } cases[] = { { WIN_IN_1, 1 }, { WIN_IN_3, 3 } };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        rm_match m;
        start_at(&m, g, cases[i].position);
        rm_player *p = player(g, "ab:5", 1);
        scores s = { 0 };
        rm_player_on_progress(p, note_score, &s);
        int k = rm_player_choose(p, &m);
        assert_true(s.n > 0 && s.depth[s.n - 1] <= cases[i].plies);
        if (s.score[s.n - 1] != 1000.0 - cases[i].plies)
            fail_msg("%s: score %g at depth %d, not %g", cases[i].position, s.score[s.n - 1],
                     s.depth[s.n - 1], 1000.0 - cases[i].plies);
        rm_player_on_progress(p, NULL, NULL);
        while (rm_match_result(&m) == RM_ONGOING && m.n < 10) {
            play_index(&m, k);
            if (rm_match_result(&m) == RM_ONGOING)
                k = rm_player_choose(p, &m);
        }
        assert_int_equal(rm_match_result(&m), 0);
        assert_int_equal(m.n, cases[i].plies);
        rm_player_free(p);
        rm_match_free(&m);
    }
    rm_game_destroy(g);
}

/* mcts:300 against itself from two won endgames of Rimau-rimau version A
 * (two tigers, five or four men, men to move; a game between mcts players
 * reached them): the tigers win, and soon. Before wins were worth more
 * the sooner they came, these games took 50 and 142 turns at these seeds
 * (from 30 to 160 at others); now 4 to 8. */
/* ---- the evaluation on the bit kernel ----
 *
 * The evaluation counts the other side's turns, and floods the board for
 * room and distance, on the bit kernel where the game has one: the same
 * numbers as on point sets and lists, so alpha-beta, which evaluates
 * every leaf of its search, scores each depth alike either way. */

typedef struct ab_scores {
    int n;
    double score[8];
} ab_scores;

static void note_ab(void *ctx, int depth, double score, const int *pv, int npv)
{
    (void)depth, (void)pv, (void)npv;
    ab_scores *s = ctx;
    if (s->n < 8)
        s->score[s->n++] = score;
}

static void kernel_evaluates(const rm_game *g, const char *what, int i, void *ctx)
{
    if (strchr(what, ' '))
        return; /* (each game's default options) */
    rm_set_bit_kernel(false);
    rm_player *plain = player(g, "ab:2", 1);
    rm_set_bit_kernel(true);
    rm_player *bits = player(g, "ab:2", 1);
    rm_match m;
    assert_int_equal(rm_match_init(&m, g), 0);
    uint64_t rng = (uint64_t)i + 99;
    while (rm_match_result(&m) == RM_ONGOING && m.n < (thorough() ? 90 : 50)) {
        if (m.n % 15 == 5 && rm_match_turns(&m)->n <= 300) {
            ab_scores a = { 0 }, b = { 0 };
            rm_player_on_progress(plain, note_ab, &a);
            rm_player_on_progress(bits, note_ab, &b);
            int ka = rm_player_choose(plain, &m), kb = rm_player_choose(bits, &m);
            if (ka != kb || a.n != b.n || memcmp(a.score, b.score, sizeof a.score) != 0)
                fail_msg("%s: alpha-beta scores turn %d otherwise with the kernel's evaluation "
                         "(%g, turn %d, against %g, turn %d)",
                         what, m.n, b.n ? b.score[b.n - 1] : 0, kb, a.n ? a.score[a.n - 1] : 0,
                         ka);
            ++*(int *)ctx;
        }
        play_index(&m, rm_rng_below(&rng, rm_match_turns(&m)->n));
    }
    rm_match_free(&m);
    rm_player_free(plain);
    rm_player_free(bits);
}

static void evaluate__on_the_bit_kernel__scores_as_on_lists(void **state)
{
    (void)state;
    int compared = 0;
    assert_true(for_each_shipped_game(kernel_evaluates, &compared) >= 20);
    assert_true(compared >= 60);
}

static void mcts__a_won_endgame__is_won_soon(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    static const char *const positions[] = { "14m1mmmm2T2T11 - men hunting,moving 1",
                                             "15Tm1mm2m7T6 - men hunting,moving 1" };
    for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
        rm_match m;
        start_at(&m, g, positions[i]);
        rm_player *p[2] = { player(g, "mcts:300", 1), player(g, "mcts:300", 2) };
        while (rm_match_result(&m) == RM_ONGOING && m.n < 200)
            play_index(&m, rm_player_choose(p[rm_state_to_move(rm_match_state(&m))], &m));
        if (rm_match_result(&m) != 0 || m.n > 20)
            fail_msg("%s: result %d after %d turns (the tigers should win within 20)",
                     positions[i], rm_match_result(&m), m.n);
        rm_player_free(p[0]);
        rm_player_free(p[1]);
        rm_match_free(&m);
    }
    rm_game_destroy(g);
}

/* The two tests that play every shipped game run as programs of their
 * own, this file built with PLAYERS_PART 1 (test_players_legal) and 2
 * (test_players_results), so that make -j2 runs them side by side; the
 * rest are PLAYERS_PART 0 (test_players). */
#ifndef PLAYERS_PART
#define PLAYERS_PART 0
#endif

int main(void)
{
    static const struct {
        int part;
        struct CMUnitTest test;
    } all[] = {
        { 1, cmocka_unit_test(players__in_every_shipped_game__choose_only_legal_turns) },
        { 2, cmocka_unit_test(results__match_playout_mcts_ab__agree_on_every_position) },
        { 0, cmocka_unit_test(turn_cache__every_shipped_game__same_lists_same_playouts) },
        { 0, cmocka_unit_test(count_turns__every_shipped_game__the_lists_turns_same_playouts) },
        { 0, cmocka_unit_test(mcts__reroots_on_the_reply__keeping_the_subtree_visits) },
        { 0, cmocka_unit_test(mcts__one_ply_down_reuses__elsewhere_starts_afresh) },
        { 0, cmocka_unit_test(mcts__same_seed_and_budget__same_game) },
        { 0, cmocka_unit_test(players__huge_budgets__stop_at_the_time_cap) },
        { 0, cmocka_unit_test(mcts__a_long_playout__stops_at_the_time_cap) },
        { 0, cmocka_unit_test(players__within_the_cap__spend_their_budget) },
        { 0, cmocka_unit_test(players__specs__take_times_and_caps) },
        { 0, cmocka_unit_test(players__a_win_now__is_taken_before_any_later_one) },
        { 0, cmocka_unit_test(ab__a_win__scores_by_its_distance_and_comes_that_soon) },
        { 0, cmocka_unit_test(mcts__a_won_endgame__is_won_soon) },
        { 0, cmocka_unit_test(evaluate__on_the_bit_kernel__scores_as_on_lists) },
    };
    struct CMUnitTest tests[sizeof all / sizeof *all];
    size_t n = 0;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (all[i].part == PLAYERS_PART)
            tests[n++] = all[i].test;
    return _cmocka_run_group_tests("test_players", tests, n, NULL, NULL);
}
