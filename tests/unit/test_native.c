/* test_native.c: a game's native kernel (native.h) against the generic
 * one, on the same game loaded twice: perft 3, the count and every turn
 * of the positions of seeded walks (turn by turn, the same order), and
 * seeded playouts (the same results, lengths and last positions).
 *
 * make check builds two games natively at -O0, which compiles in a
 * third of the default -O2's time (the compiler is most of the test's
 * time, and make check has 2 s of CPU for it): Two Tigers on one word,
 * Satoel on two words, with chains of captures. The games whose pieces
 * stack (Bagh bandi) or whose rules count turns (Lau kata kati) are left
 * to RIMAU_THOROUGH=1 (make check-slow, tests/check-native.sh), which builds
 * every shipped game under every option value at the default flags, and
 * compares random positions too. Each
 * test skips when there is no C compiler. The cache is a temporary
 * folder (XDG_CACHE_HOME). */
#include "helpers.h"

#include "bitgen.h"
#include "native.h"
#include "players.h"

static char cache[512];

/* Whether a C compiler can be run (else the tests skip). */
static int have_compiler(void)
{
    const char *cc = getenv("RIMAU_CC");
    char cmd[600];
    snprintf(cmd, sizeof cmd, "%s --version > /dev/null 2>&1", cc && *cc ? cc : "cc");
    return system(cmd) == 0;
}

/* The game of PATH with CHOICES, loaded with its kernel made as MODE
 * says; it must load. */
static rm_game *load_as(const char *path, const rm_choices *choices, rm_native_mode mode)
{
    rm_set_bit_kernel_native(mode);
    rm_game *g = rm_load_file_with(path, choices, stderr, NULL);
    assert_non_null(g);
    (void)rm_bits_get(g); /* (the kernel made now, as MODE says) */
    rm_set_bit_kernel_native(RM_NATIVE_OFF);
    return g;
}

typedef struct twins {
    const rm_game *gen, *nat;
    const rm_bits *kg, *kn;
    rm_btally *tg, *tn;
    size_t size;
    const char *what;
} twins;

/* Both kernels count BS alike, and each turn leads to the same state;
 * their count. */
static int same_turns(twins *w, const rm_bstate *bs, bool every_turn)
{
    int n = rm_bits_count(w->kg, bs, w->tg), m = rm_bits_count(w->kn, bs, w->tn);
    if (n != m)
        fail_msg("%s: the native kernel counts %d turns, the generic %d", w->what, m, n);
    for (int i = 0; every_turn && i < n; i++) {
        rm_bstate a, b;
        rm_bits_copy(w->size, &a, bs);
        rm_bits_copy(w->size, &b, bs);
        rm_bits_play(w->kg, &a, w->tg, i);
        rm_bits_play(w->kn, &b, w->tn, i);
        if (memcmp(&a, &b, w->size) != 0)
            fail_msg("%s: turn %d of %d leads elsewhere on the native kernel", w->what, i, n);
    }
    return n;
}

/* Seeded walks from the start: each position's count and every turn
 * alike. A walk goes on by the reference's turns, through the positions
 * the kernel leaves to the reference (the opening turns of many games:
 * a walk that stopped there would check nothing). */
static void same_walks(twins *w, int walks, int turns)
{
    rm_state st;
    rm_bstate bs;
    rm_turnlist l;
    rm_turnlist_init(&l);
    uint64_t rng = 12345;
    int counted = 0;
    for (int k = 0; k < walks; k++) {
        rm_initial(w->gen, &st);
        for (int turn = 0; turn < turns; turn++) {
            rm_bits_from_state(w->kg, &st, &bs);
            counted += same_turns(w, &bs, true) > 0;
            int n = rm_legal_turns(w->gen, &st, &l);
            if (n <= 0)
                break;
            int i = rm_rng_below(&rng, n);
            rm_apply(w->gen, &st, rm_turn_moves(&l, i), l.turns[i].n);
        }
    }
    rm_turnlist_free(&l);
    if (counted == 0)
        fail_msg("%s: the walks met no position the kernel counts", w->what);
}

/* Random positions (pieces of each kind on random points, some in hand,
 * a random side to move, phase and turns in it): the count and every
 * turn alike. */
static void same_random_positions(twins *w, int count)
{
    uint64_t rng = 777;
    const rm_game *g = w->gen;
    uint64_t board[2];
    rm_bits_board(w->kg, board);
    int nbits = 0;
    int bits[RM_BITS_MAX_WORDS * 64];
    for (int b = 0; b < RM_BITS_MAX_WORDS * 64; b++)
        if (board[b >> 6] >> (b & 63) & 1)
            bits[nbits++] = b;
    for (int p = 0; p < count; p++) {
        uint64_t sets[RM_BITS_MAX_KINDS][2] = { { 0 } };
        uint8_t hand[RM_BITS_MAX_KINDS] = { 0 }, phase[2], turns[2];
        bool used[RM_BITS_MAX_WORDS * 64] = { false };
        for (int kind = 0; kind < g->nkinds; kind++) {
            int pieces = rm_rng_below(&rng, g->kinds[kind].count + 1);
            for (int i = 0; i < pieces; i++) {
                int b = bits[rm_rng_below(&rng, nbits)];
                if (used[b] || rm_rng_below(&rng, 4) == 0) {
                    hand[kind]++; /* (a point taken, or one in four: in hand) */
                    continue;
                }
                used[b] = true;
                sets[kind][b >> 6] |= (uint64_t)1 << (b & 63);
            }
        }
        for (int s = 0; s < 2; s++) {
            phase[s] = (uint8_t)rm_rng_below(&rng, g->rules.nphases);
            turns[s] = (uint8_t)rm_rng_below(&rng, 3);
        }
        rm_bstate bs;
        rm_bits_make(w->kg, &bs, (const uint64_t(*)[2])sets, NULL, hand, rm_rng_below(&rng, 2),
                     phase, turns);
        same_turns(w, &bs, true);
    }
}

/* Seeded playouts from the start, the whole way through rm_playout:
 * the same results, lengths and last positions. */
static void same_playouts(twins *w, int count)
{
    rm_turnlist l;
    rm_history h;
    rm_turnlist_init(&l);
    rm_history_init(&h);
    for (int i = 0; i < count; i++) {
        rm_state a, b;
        uint64_t ra = (uint64_t)i + 1, rb = ra;
        int ta, tb;
        rm_initial(w->gen, &a);
        rm_history_start(&h, &a);
        int resa = rm_playout(w->gen, &a, &h, &l, &ra, 2000, &ta);
        rm_initial(w->nat, &b);
        rm_history_start(&h, &b);
        int resb = rm_playout(w->nat, &b, &h, &l, &rb, 2000, &tb);
        if (resa != resb || ta != tb || rm_state_hash(&a) != rm_state_hash(&b))
            fail_msg("%s: playout %d ends %d after %d turns on the generic kernel, %d after %d on "
                     "the native", w->what, i, resa, ta, resb, tb);
    }
    rm_turnlist_free(&l);
    rm_history_free(&h);
}

/* The game of PATH with CHOICES (WHAT names it) on both kernels, the
 * native one built with the compiler's flags FLAGS (NULL: the
 * default). */
static void compare_game(const char *path, const rm_choices *choices, const char *what,
                         const char *flags)
{
    if (flags)
        setenv("RIMAU_CFLAGS", flags, 1);
    else
        unsetenv("RIMAU_CFLAGS");
    rm_game *gen = load_as(path, choices, RM_NATIVE_OFF);
    rm_game *nat = load_as(path, choices, RM_NATIVE_BUILD);
    twins w = { gen, nat, rm_bits_get(gen), rm_bits_get(nat), calloc(1, sizeof(rm_btally)),
                calloc(1, sizeof(rm_btally)), 0, what };
    assert_non_null(w.tg);
    assert_non_null(w.tn);
    if (!w.kg) { /* (no bit kernel: nothing native to compare) */
        assert_false(rm_native_active(nat));
    } else {
        if (!rm_native_active(nat))
            fail_msg("%s: no native kernel: %s", what, rm_native_note());
        assert_false(rm_native_active(gen));
        w.size = rm_bits_state_size(w.kg);
        rm_turnlist lists[4];
        for (int i = 0; i < 4; i++)
            rm_turnlist_init(&lists[i]);
        rm_state st;
        rm_initial(gen, &st);
        bool fa = false, fb = false;
        uint64_t pa = rm_perft(gen, &st, 3, lists, &fa), pb = rm_perft(nat, &st, 3, lists, &fb);
        if (pa != pb || fa != fb)
            fail_msg("%s: perft 3 is %llu on the generic kernel, %llu on the native", what,
                     (unsigned long long)pa, (unsigned long long)pb);
        for (int i = 0; i < 4; i++)
            rm_turnlist_free(&lists[i]);
        same_walks(&w, thorough() ? 20 : 4, thorough() ? 300 : 120);
        same_playouts(&w, thorough() ? 40 : 8);
        if (thorough())
            same_random_positions(&w, 200);
    }
    free(w.tg);
    free(w.tn);
    rm_game_destroy(gen);
    rm_game_destroy(nat);
}

static void compare_file(const char *name, const char *flags)
{
    const char *srcdir = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/games/%s", srcdir ? srcdir : ".", name);
    rm_choices none = { 0 };
    compare_game(path, &none, name, flags);
}

static void native__two_games__play_as_the_generic_kernel(void **state)
{
    (void)state;
    if (!have_compiler())
        skip();
    compare_file("rimau-rimau-two-tigers.game", "-O0"); /* one word */
    compare_file("satoel.game", "-O0");                 /* two words, chains */
}

/* (RIMAU_THOROUGH=1) every shipped game under every option value: its
 * defaults built as a user's kernel is, the other values at -O0 */
static void native__every_shipped_game__plays_as_the_generic_kernel(void **state)
{
    (void)state;
    if (!thorough() || !have_compiler())
        skip();
    static char names[SHIPPED_MAX][256];
    char dir[4096];
    int n = shipped_games(names, dir);
    for (int f = 0; f < n; f++) {
        char path[8192];
        if (snprintf(path, sizeof path, "%s/%s", dir, names[f]) >= (int)sizeof path)
            fail_msg("the path of %s is too long", names[f]);
        rm_game *g = rm_load_file(path, stderr, NULL);
        assert_non_null(g);
        compare_game(path, &(rm_choices){ 0 }, names[f], NULL);
        for (int o = 0; o < g->noptions; o++)
            for (int v = 0; v < g->options[o].nvalues; v++) {
                if (v == g->options[o].chosen)
                    continue;
                rm_choices c = { 1, { g->options[o].name }, { g->options[o].values[v] } };
                char what[1024];
                snprintf(what, sizeof what, "%.200s -o %.200s=%.200s", names[f], g->options[o].name,
                         g->options[o].values[v]);
                /* (the other values' kernels at -O0, which compiles in a
                 * third of -O2's time: each game's -O2 build is proven on
                 * its defaults, and the numbers of each value at -O0) */
                compare_game(path, &c, what, "-O0");
            }
        rm_game_destroy(g);
    }
}

static int make_cache(void **state)
{
    (void)state;
    new_folder_named(cache, "native-cache");
    setenv("XDG_CACHE_HOME", cache, 1);
    return 0;
}

static int remove_cache(void **state)
{
    (void)state;
    char dir[600];
    if (snprintf(dir, sizeof dir, "%s/rimau", cache) < (int)sizeof dir)
        remove_folder(dir);
    remove_folder(cache);
    return 0;
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(native__two_games__play_as_the_generic_kernel),
        cmocka_unit_test(native__every_shipped_game__plays_as_the_generic_kernel),
    };
    return cmocka_run_group_tests(tests, make_cache, remove_cache);
}
