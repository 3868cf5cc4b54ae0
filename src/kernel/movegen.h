/* movegen.h: move generation: the legal turns of a position, from the
 * turn patterns and action rules of the IR, for any described game.
 *
 * The order of the turns is part of the API: it depends only on the
 * game and on the position (its contents: pieces, hands, side to move,
 * phases), never on how the position was reached, on the turn number
 * or on what the list held before. Two listings of one position give
 * the same turns in the same order, so an index into one is an index
 * into the other: the players keep such indices from one listing of a
 * position to the next (tests/unit/test_kernel.c checks it).
 *
 * Generating turns allocates nothing once a turn list has grown to its
 * working size.
 */
#ifndef RIMAU_MOVEGEN_H
#define RIMAU_MOVEGEN_H

#include "turns.h"

/* The limits of listing the turns of one position: partial turns (each
 * move begun, as the derive step estimates them), units of work (each
 * point, piece and ray looked at, change made and move listed: a second
 * or so at most), then, as a last resort, seconds of the clock
 * (rm_set_gen_time_limit). */
#define RM_MAX_GEN_STEPS 4000000
#define RM_MAX_GEN_WORK 400000000L
#define RM_GEN_SECONDS 10.0

/* Fills L with the distinct legal turns of the side to move in ST (two
 * orders of the same removals, or two chains ending in the same position,
 * are one turn), the captures alone when captures are compulsory and one
 * can be made; with compulsory captures per piece, the turns of a piece
 * that can capture (the piece the first move moves) are its captures
 * alone (a position one of whose ways to play is allowed is legal); then,
 * with compulsory drops, the turns that drop alone when one can be made.
 * They are the turns the rules allow; whether the game is
 * over already is rm_result's to say (result.h). Returns their number,
 * or -1 when out of memory or when the position has too many ways to
 * play (l->too_many: more than RM_MAX_GEN_STEPS partial turns,
 * RM_MAX_GEN_WORK units of work or RM_MAX_TURNS turns, as "drop p 32 times" on a large board would
 * have; l->too_slow as well when listing took longer than the time
 * limit). */
int rm_legal_turns(const rm_game *g, const rm_state *st, rm_turnlist *l);
/* (A side that passes when blocked, SIDE when blocked pass, has one turn
 * when it has no other: the pass, a turn of no move; l->pass says so. A
 * position after a pass that ended the game, rm_state_pass_end, has no
 * turn.) */

/* The turn cache: the lists of the positions every random playout of a
 * game is likely to list (the start, and the positions after its first
 * turns when they are few), where listing them is expensive, made once
 * (at most a few MB) and lent to rm_legal_turns' lists from then on
 * (turns.h): exactly the turns it would list, in the same order.
 * rm_turn_cache_prepare makes it, unless G has one already (or has it
 * off); it may be called from any thread at any time (threads that
 * build at once: the first to finish attaches its cache, the others free
 * theirs; the random playout calls it), and the cache is freed with the
 * game. rm_turn_cache_disable, before any prepare, keeps G without one
 * (the tests compare both). rm_turn_cache_position gives the position of
 * entry I, NULL past the last. */
void rm_turn_cache_prepare(const rm_game *g);
void rm_turn_cache_disable(rm_game *g);
const rm_state *rm_turn_cache_position(const rm_game *g, int i);

/* ---- counting and picking ----
 *
 * Where every turn of the pattern in force is one move (its countable
 * flag, derive.c: one step taken once, no two turns reaching one
 * position, captures not compulsory per piece), the turns of a position
 * can be counted without listing them, and the k-th made alone: the
 * random playout's way. The invariant: rm_count_turns counts exactly the
 * turns rm_legal_turns would list (compulsory captures and drops
 * applied), and rm_pick_turn's k-th is the list's k-th, its one move the
 * same, so a seeded playout plays the same turns either way
 * (tests/unit/test_players.c compares them on every shipped game). */

#define RM_TALLY_PIECES 64       /* pieces a tally notes the turns of */

/* The turns of ST by each alternative action of the step in force, when
 * counted, and by each piece, so that the k-th is found at once. */
typedef struct rm_tally {
    int n;                     /* the legal turns; 0: not counted (list them) */
    int alt_n[RM_MAX_ALTS];    /* of each alternative (0 for those the compulsory rules leave out) */
    /* each alternative's pieces with turns, in order: piece[alt_first ..
     * alt_first + alt_pieces); alt_pieces -1: not noted (drops,
     * removals, no room) */
    int16_t alt_first[RM_MAX_ALTS], alt_pieces[RM_MAX_ALTS];
    int npieces;
    struct rm_tally_piece {
        uint8_t p;             /* the point of the piece */
        uint16_t n;            /* its turns */
    } piece[RM_TALLY_PIECES];
} rm_tally;

/* Counts the legal turns of ST into T and returns their number, when the
 * pattern in force is countable, it has at least one turn and an
 * alternative that chains captures has none (its turns would need the
 * walk); otherwise 0, and the turns are to be listed by rm_legal_turns
 * (a blocked side, a pass, a chain, a pattern of several moves). */
int rm_count_turns(const rm_game *g, const rm_state *st, rm_tally *t);
/* The move of turn K (0 <= K < T->n) of ST, as counted in T: the one
 * move of rm_legal_turns' turn K. */
void rm_pick_turn(const rm_game *g, const rm_state *st, const rm_tally *t, int k, rm_move *m);
/* Turns counting off (false: rm_count_turns always answers 0) or back
 * on, for every thread: the tests compare both ways. */
void rm_set_count_turns(bool on);

/* Whether the side to move in ST has a turn, without listing them or
 * counting a pass: 1 yes, 0 no, -1 cannot tell (past a limit). */
int rm_can_move(const rm_game *g, const rm_state *st);

/* Why rm_legal_turns could not list the turns of a position into L, in
 * words: "this position has too many ways to play to list them", "listing
 * the turns of this position took more than 10 s" or "out of memory". */
const char *rm_turns_failure(const rm_turnlist *l, char *buf, size_t size);

/* The time limit of listing one position's turns, in seconds, for every
 * thread (RM_GEN_SECONDS unless set; 0: none). Past it, the position has
 * too many ways to play, as past RM_MAX_GEN_WORK; only a position near
 * that limit on a slow or loaded machine gets there. Tests set it low. */
void rm_set_gen_time_limit(double seconds);
double rm_gen_time_limit(void);

/* Every sequence of moves that makes a legal turn, before duplicates are
 * merged and compulsory captures and drops filtered; EMIT gets each one with the
 * state it leads to. */
typedef void (*rm_emit_fn)(void *ctx, const rm_state *after, const rm_move *moves, int n,
                           bool captured);
/* Returns false when it stopped at a limit (partial turns, work, time). */
bool rm_generate(const rm_game *g, const rm_state *st, rm_emit_fn emit, void *ctx);

#endif
