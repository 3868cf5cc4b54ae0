/* test_bits.c: the bit kernel (bitgen.h) against the reference generator
 * (movegen.h), over every shipped game and every value of each of its
 * options.
 *
 * Random games are walked with the reference; at each position,
 * - the bit state made of it gives the same position back, with the same
 *   hash and the same progress digest;
 * - where the kernel counts the turns, their number is the reference
 *   list's, and the positions its turns lead to are the list's, one for
 *   one: the same hashes, and the same positions field by field;
 * Perft to depth 3 is the same with the kernel as without it, from the
 * start and along a random game. Random playouts drawn from the kernel's
 * counts draw each listed turn about equally often (a chi-square test),
 * and end as often in each result as the reference's playouts do.
 */
#include "helpers.h"

#include "bitgen.h"
#include "exec.h"
#include "notation.h"
#include "position.h"
#include "players/players.h"

#include <math.h>

/* The contents of ST, every field the API gives. */
typedef struct snapshot {
    rm_position pos;
    uint64_t hash;
    int turn, phase_turns[2];
} snapshot;

static void snap(const rm_game *g, const rm_state *st, snapshot *s)
{
    memset(s, 0, sizeof *s);
    rm_state_position(g, st, &s->pos);
    s->hash = rm_state_hash(st);
    s->turn = rm_state_turn(st);
    for (int i = 0; i < 2; i++)
        s->phase_turns[i] = rm_state_phase_turns(st, i);
}

static void assert_same_state(const rm_game *g, const rm_state *a, const rm_state *b,
                              const char *what, const char *where)
{
    snapshot x, y;
    snap(g, a, &x);
    snap(g, b, &y);
    if (memcmp(&x, &y, sizeof x) != 0)
        fail_msg("%s: %s: the kernel's position differs from the reference's", what, where);
    if (rm_state_progress(a) != rm_state_progress(b))
        fail_msg("%s: %s: progress digests differ", what, where);
}

typedef struct stats {
    const char *what;
    const rm_bits *k;
    long positions, counted, turns;
    rm_turnlist ref;
} stats;

/* The checks at one position (random_walks' visit): leaves the legal
 * turns in L. */
static int check_position(const rm_game *g, const rm_state *st, rm_turnlist *l, void *ctx)
{
    stats *x = ctx;
    int n = rm_legal_turns(g, st, l);
    if (rm_result(g, st, NULL, &x->ref, NULL) != RM_ONGOING)
        n = 0; /* (the game is over: the walk stops) */
    x->positions++;
    rm_bstate bs, child;
    setvbuf(stdout, NULL, _IOLBF, 0);
    rm_bits_from_state(x->k, st, &bs);
    if (bs.hash != rm_hash(g, st))
        fail_msg("%s: the bit state's hash is not the position's", x->what);
    if (rm_bits_progress(&bs) != rm_state_progress(st))
        fail_msg("%s: the bit state's progress digest is not the position's", x->what);
    rm_state back;
    rm_bits_to_state(x->k, &bs, &back);
    assert_same_state(g, &back, st, x->what, "the bit state made back");
    if (n <= 0)
        return n;
    static rm_btally t;
    int c = rm_bits_count(x->k, &bs, &t);
    if (c == 0)
        return n;
    x->counted++;
    x->turns += c;
    if (c != l->n) {
        char *ps = rm_position_string(g, st);
        print_error("position %s\n", ps);
        free(ps);
        for (int e = 0; e < t.nalts; e++)
            print_error("  alt %d: %d turns, %d rows\n", e, t.alt_n[e], t.nrows[e]);
        for (int e = 0; e < l->n; e++) {
            char *tt = rm_turn_text(g, rm_turn_moves(l, e), l->turns[e].n);
            print_error("  listed %d: %s\n", e, tt);
            free(tt);
        }
    }
    if (c != l->n)
        fail_msg("%s: the kernel counts %d turns, the reference lists %d (turn %d)", x->what, c,
                 l->n, rm_state_turn(st));
    size_t size = rm_bits_state_size(x->k);
    static long seen[RM_MAX_TURNS], stamp;
    stamp++;
    for (int i = 0; i < c; i++) {
        rm_bits_copy(size, &child, &bs);
        rm_bits_play(x->k, &child, &t, i);
        int j = 0;
        while (j < l->n && l->turns[j].hash != child.hash)
            j++;
        if (j == l->n)
            fail_msg("%s: the kernel's turn %d of %d leads to no listed position (turn %d)",
                     x->what, i, c, rm_state_turn(st));
        if (seen[j] == stamp) {
            char *ps = rm_position_string(g, st);
            print_error("position %s\n", ps);
            free(ps);
            for (int e = 0; e < l->n; e++) {
                char *tt = rm_turn_text(g, rm_turn_moves(l, e), l->turns[e].n);
                print_error("  listed %d: %s %016llx\n", e, tt, (unsigned long long)l->turns[e].hash);
                free(tt);
            }
            for (int e = 0; e < c; e++) {
                rm_bstate o;
                rm_bits_copy(size, &o, &bs);
                rm_bits_play(x->k, &o, &t, e);
                print_error("  kernel %d: %016llx\n", e, (unsigned long long)o.hash);
            }
            fail_msg("%s: two of the kernel's turns lead to listed turn %d", x->what, j);
        }
        seen[j] = stamp;
        rm_state mine, theirs = *st;
        rm_bits_to_state(x->k, &child, &mine);
        rm_apply(g, &theirs, rm_turn_moves(l, j), l->turns[j].n);
        assert_same_state(g, &mine, &theirs, x->what, "a turn's position");
        if (child.hash != rm_hash(g, &mine))
            fail_msg("%s: a turn's hash is not its position's", x->what);
    }
    return n;
}

static void walk_game(const rm_game *g, const char *what, int i, void *ctx)
{
    long *totals = ctx;
    stats x = { what, rm_bits_get(g), 0, 0, 0, { 0 } };
    if (!x.k)
        return;
    rm_turnlist_init(&x.ref);
    random_walks(g, 3, 400, (uint64_t)i * 7 + 3, check_position, &x);
    rm_turnlist_free(&x.ref);
    print_message("%-60s %6ld positions, %6ld counted (%3.0f%%), %7ld turns\n", what, x.positions,
                  x.counted, 100.0 * (double)x.counted / (double)(x.positions ? x.positions : 1),
                  x.turns);
    totals[0] += x.positions;
    totals[1] += x.counted;
}

static void bits__every_shipped_game__the_reference_turns(void **state)
{
    (void)state;
    long totals[2] = { 0, 0 };
    int files = for_each_shipped_game(walk_game, totals);
    assert_true(files >= 20);
    assert_true(totals[1] > totals[0] / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bits__every_shipped_game__the_reference_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
