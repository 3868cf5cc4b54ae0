/* walk_helpers.h: the comparisons of the executor's walks on one
 * position, shared by the tests that walk random games (test_generator,
 * test_bits, test_players) and those that place pieces at random
 * (test_random_positions): the reference list (rm_legal_turns) against
 * the turns played one by one and the general walk (rm_generate),
 * against counting and picking (rm_count_turns, rm_pick_turn), and
 * against the bit kernel (rm_bits_count, rm_bits_play). Each fails the
 * test with WHAT in its message. */
#ifndef RIMAU_TEST_WALK_HELPERS_H
#define RIMAU_TEST_WALK_HELPERS_H

#include "helpers.h"

#include "bitgen.h"
#include "notation.h"
#include "position.h"

/* ---- the list against the turns played and the general walk ---- */

/* Each turn L lists of ST leads where rm_apply takes it (the hash it
 * lists, which rm_hash computes again), and rm_apply_checked on its
 * moves as well; the positions they reach, each once, are the ones the
 * general walk reaches after the compulsory rules (legal_positions_find
 * into R), unless the walk gives up. */
static inline void list_matches_walks(const rm_game *g, const rm_state *st, const rm_turnlist *l,
                                      legal_positions *r, const char *what)
{
    int n = l->n;
    uint64_t *listed = malloc((size_t)(n ? n : 1) * sizeof *listed);
    assert_non_null(listed);
    for (int i = 0; i < n; i++) {
        rm_state after = *st;
        rm_apply(g, &after, rm_turn_moves(l, i), l->turns[i].n);
        if (rm_state_hash(&after) != l->turns[i].hash || rm_hash(g, &after) != rm_state_hash(&after))
            fail_msg("%s, turn %d of %d: listed hash %016llx, applied %016llx, recomputed %016llx",
                     what, i, n, (unsigned long long)l->turns[i].hash,
                     (unsigned long long)rm_state_hash(&after), (unsigned long long)rm_hash(g, &after));
        rm_move moves[RM_MAX_TURN_MOVES];
        memcpy(moves, rm_turn_moves(l, i), (size_t)l->turns[i].n * sizeof *moves);
        rm_state checked = *st;
        assert_int_equal(rm_apply_checked(g, &checked, moves, l->turns[i].n), 0);
        assert_true(rm_state_hash(&checked) == rm_state_hash(&after));
        listed[i] = l->turns[i].hash;
    }
    int want = legal_positions_find(g, st, r);
    if (want >= 0 && want != n)
        fail_msg("%s: %d turns listed, %d positions reached by the general walk", what, n, want);
    int got = distinct(listed, n);
    assert_int_equal(got, n); /* the listed turns reach different positions */
    for (int i = 0; i < n && want >= 0; i++)
        if (listed[i] != r->hash[i])
            fail_msg("%s: the listed turns reach other positions than the general walk's", what);
    free(listed);
}

/* ---- the list against counting and picking ---- */

/* Where TALLY counted the turns of ST (rm_count_turns), their number is
 * the list L's, and the turn picked at an index is the list's there, its
 * one move the same, found through the tally's pieces and by walking them
 * (as when they outnumber RM_TALLY_PIECES): at every index when K < 0,
 * else at the first, the last and K. Returns the count (0: not counted). */
static inline int count_and_pick_match_list(const rm_game *g, const rm_state *st,
                                            const rm_turnlist *l, const rm_tally *tally, int k,
                                            const char *what)
{
    if (tally->n == 0)
        return 0;
    if (tally->n != l->n)
        fail_msg("%s: %d turns counted, %d listed", what, tally->n, l->n);
    rm_tally walked = *tally;
    for (int a = 0; a < RM_MAX_ALTS; a++)
        walked.alt_pieces[a] = -1;
    for (int j = 0; j < l->n; j++) {
        if (k >= 0 && j != 0 && j != l->n - 1 && j != k)
            continue;
        for (int how = 0; how < 2; how++) {
            rm_move m;
            rm_pick_turn(g, st, how ? &walked : tally, j, &m);
            if (l->turns[j].n != 1 || memcmp(&m, rm_turn_moves(l, j), sizeof m) != 0)
                fail_msg("%s: turn %d of %d picked%s is not the list's", what, j, l->n,
                         how ? " (pieces walked)" : "");
        }
    }
    return tally->n;
}

/* ---- the list against the bit kernel ---- */

/* The contents of a state, every field the API gives. */
typedef struct snapshot {
    rm_position pos;
    uint64_t hash;
    int turn, phase_turns[2];
    int stall[2], quiet;       /* the counters */
} snapshot;

static inline void snap(const rm_game *g, const rm_state *st, snapshot *s)
{
    memset(s, 0, sizeof *s);
    rm_state_position(g, st, &s->pos);
    s->hash = rm_state_hash(st);
    s->turn = rm_state_turn(st);
    for (int i = 0; i < 2; i++) {
        s->phase_turns[i] = rm_state_phase_turns(st, i);
        s->stall[i] = rm_state_stall(st, i);
    }
    s->quiet = rm_state_quiet(st);
}

/* A and B are the same position, field by field (WHERE says which). */
static inline void assert_same_state(const rm_game *g, const rm_state *a, const rm_state *b,
                                     const char *what, const char *where)
{
    snapshot x, y;
    snap(g, a, &x);
    snap(g, b, &y);
    if (memcmp(&x, &y, sizeof x) != 0)
        fail_msg("%s: %s: the positions differ", what, where);
    if (rm_state_progress(a) != rm_state_progress(b))
        fail_msg("%s: %s: progress digests differ", what, where);
}

/* The bit state K makes of ST gives ST back, its hash and progress
 * digest the position's. */
static inline void bits_give_back(const rm_game *g, const rm_bits *k, const rm_state *st,
                                  const char *what)
{
    rm_bstate bs;
    rm_bits_from_state(k, st, &bs);
    if (bs.hash != rm_hash(g, st))
        fail_msg("%s: the bit state's hash is not the position's", what);
    if (rm_bits_progress(&bs) != rm_state_progress(st))
        fail_msg("%s: the bit state's progress digest is not the position's", what);
    rm_state back;
    rm_bits_to_state(k, &bs, &back);
    assert_same_state(g, &back, st, what, "the bit state made back");
}

static inline void print_listed(const rm_game *g, const rm_state *st, const rm_turnlist *l)
{
    char *ps = rm_position_string(g, st);
    print_error("position %s\n", ps);
    free(ps);
    for (int e = 0; e < l->n; e++) {
        char *tt = rm_turn_text(g, rm_turn_moves(l, e), l->turns[e].n);
        print_error("  listed %d: %s %016llx\n", e, tt, (unsigned long long)l->turns[e].hash);
        free(tt);
    }
}

/* Where the kernel K counts the turns of ST, their number is the list
 * L's, and the positions they lead to are the list's, one for one: the
 * same hashes, and the same positions field by field. INDEX is the
 * caller's (made here). Returns the count (0: not counted). */
static inline int bits_match_list(const rm_game *g, const rm_bits *k, const rm_state *st,
                                  const rm_turnlist *l, turn_index *index, const char *what)
{
    static rm_btally t;
    rm_bstate bs, child;
    rm_bits_from_state(k, st, &bs);
    int c = rm_bits_count(k, &bs, &t);
    if (c == 0)
        return 0;
    if (c != l->n) {
        print_listed(g, st, l);
        for (int e = 0; e < t.nalts; e++)
            print_error("  alt %d: %d turns, %d rows\n", e, t.alt_n[e], t.nrows[e]);
        fail_msg("%s: the kernel counts %d turns, the reference lists %d (turn %d)", what, c,
                 l->n, rm_state_turn(st));
    }
    size_t size = rm_bits_state_size(k);
    static long seen[RM_MAX_TURNS], stamp;
    stamp++;
    turn_index_make(index, l);
    for (int i = 0; i < c; i++) {
        rm_bits_copy(size, &child, &bs);
        rm_bits_play(k, &child, &t, i);
        int j = turn_index_find(index, l, child.hash);
        if (j == l->n)
            fail_msg("%s: the kernel's turn %d of %d leads to no listed position (turn %d)", what,
                     i, c, rm_state_turn(st));
        if (seen[j] == stamp) {
            print_listed(g, st, l);
            for (int e = 0; e < c; e++) {
                rm_bstate o;
                rm_bits_copy(size, &o, &bs);
                rm_bits_play(k, &o, &t, e);
                print_error("  kernel %d: %016llx\n", e, (unsigned long long)o.hash);
            }
            fail_msg("%s: two of the kernel's turns lead to listed turn %d", what, j);
        }
        seen[j] = stamp;
        rm_state mine, theirs = *st;
        rm_bits_to_state(k, &child, &mine);
        rm_apply(g, &theirs, rm_turn_moves(l, j), l->turns[j].n);
        assert_same_state(g, &mine, &theirs, what, "a turn's position (the kernel's, the list's)");
        if (child.hash != rm_hash(g, &mine))
            fail_msg("%s: a turn's hash is not its position's", what);
    }
    return c;
}

#endif
