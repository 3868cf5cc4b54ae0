/* state.h: a position of a game in play, behind a small API.
 *
 * A state is a plain value of fixed size, copied to make a move. Its
 * layout belongs to the state module (state.c, state_impl.h and the
 * generator, movegen.c, which walks it): everywhere else the fields are
 * out of reach (their names are mangled, and tests/check-layers.sh fails
 * on any use of them), and a state is read through the functions below,
 * so that the layout can change without touching the players, the match,
 * the notation or the command line.
 */
#ifndef RIMAU_STATE_H
#define RIMAU_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "game.h"

#define RM_MAX_TURN_MOVES 128  /* moves in one turn, chains included */

/* Inside the state module the fields have their names; outside, names no
 * one can write by accident. */
#ifdef RM_STATE_MODULE
#define RM_FIELD(name) name
#else
#define RM_FIELD(name) rm_private_##name##_
#endif

typedef struct rm_state {
    uint64_t RM_FIELD(hash);           /* Zobrist hash of everything but the turn number */
    uint16_t RM_FIELD(turn);           /* turns played */
    uint8_t RM_FIELD(to_move);         /* the side to move */
    uint8_t RM_FIELD(phase)[2];        /* each side's phase (index into rules.phases) */
    uint8_t RM_FIELD(phase_turns)[2];  /* turns each side has played in its phase, counted only as far as the phase needs */
    /* ---- the counters of the rules that count turns (rules.h), 0 in a
     * game without them; in the hash, not in rm_state_progress ---- */
    uint8_t RM_FIELD(stall)[2];        /* turns each side has played in a row without advancing */
    uint8_t RM_FIELD(quiet);           /* turns played in a row without a capture */
    /* ---- */
    /* A pass that ends the game (SIDE when blocked pass then lose|draw): */
    uint8_t RM_FIELD(pass_end);        /* RM_BLOCKED_PASS_LOSES or _DRAWS: the last turn was that
                                        * rule's pass, by the side not to move, and the game is
                                        * over; 0: none */
    uint8_t RM_FIELD(hand)[RM_MAX_KINDS];
    uint8_t RM_FIELD(on_board)[RM_MAX_KINDS];
    rm_set RM_FIELD(occ)[2];           /* the points holding each side's pieces */
    int8_t RM_FIELD(kind)[RM_MAX_POINTS];   /* the kind on each point, -1 empty */
    uint8_t RM_FIELD(count)[RM_MAX_POINTS]; /* how many pieces (a stack when more than one) */
    /* -- huffing (captures huffed by opponent): the pieces of the side
     * that moved last that the side to move must huff, one of them, as its
     * turn's first move; empty but after such a turn (huff.h's words in
     * state.c: huff_candidates, huff_follow) -- */
    rm_set RM_FIELD(huff);
} rm_state;

/* One move of a turn. */
enum { RM_MV_DROP, RM_MV_MOVE, RM_MV_CAPTURE, RM_MV_REMOVE };
enum {
    RM_MVF_CHAIN = 1,          /* a capture continuing the capture before it */
    RM_MVF_DEFER = 2           /* the jumped pieces leave when the chain ends */
};
typedef struct rm_move {
    uint8_t type;              /* RM_MV_* */
    uint8_t flags;             /* RM_MVF_* */
    uint8_t kind;              /* the piece dropped, moved or taken */
    uint8_t from, to;          /* points (DROP: to only; REMOVE: from only) */
    uint8_t ray;               /* CAPTURE: the ray of FROM it leaps along */
    uint8_t jumped;            /* CAPTURE: the number of points leapt over */
} rm_move;

/* ---- making states ---- */

/* The position at the start of G. */
void rm_initial(const rm_game *g, rm_state *st);
/* The position POS (pos->to_move -1: the side that moves first; a phase
 * of -1: the side's first phase), no turn played. */
void rm_state_set(const rm_game *g, rm_state *st, const rm_position *pos);
/* Sets the counters of ST: TURN turns played, and PHASE_TURNS[s] turns
 * played by side s in its phase (its hash kept up to date). */
void rm_state_set_clock(const rm_game *g, rm_state *st, int turn, const int phase_turns[2]);
/* Sets the counters of ST (rules.h's stall_after, quiet_after): STALL[s]
 * turns played by side s in a row without advancing, QUIET turns in a row
 * without a capture (its hash kept up to date). Each is kept at 0 in a
 * game without its rule, and at most the rule's number. */
void rm_state_set_counters(const rm_game *g, rm_state *st, const int stall[2], int quiet);
/* The most turns a side's phase PH counts (rm_state_phase_turns stays at
 * or below it). */
int rm_phase_turns_counted(const rm_phase *ph);
/* The same position with SIDE to move (its hash kept up to date). */
void rm_state_set_to_move(const rm_game *g, rm_state *st, int side);
/* The same position with its last turn a pass that ended the game by
 * the rule PASS_END (0: none; see rm_state_pass_end), its hash kept up
 * to date. */
void rm_state_set_pass_end(const rm_game *g, rm_state *st, int pass_end);

/* ---- reading states ---- */

/* The hash of ST worked out from its contents (rm_state_hash is the one
 * kept up to date move by move; the two are equal). */
uint64_t rm_hash(const rm_game *g, const rm_state *st);
/* Whether ST is whole: each point's kind and count agree (a count of
 * 0 exactly on the empty points), the pieces of each kind on the board
 * add up to its on_board count, each side's point set holds exactly its
 * pieces' points, and the hash is rm_hash's. For the internal
 * assertions (assert: debug and sanitizer builds) and the tests. */
bool rm_state_sound(const rm_game *g, const rm_state *st);

static inline uint64_t rm_state_hash(const rm_state *st) { return st->RM_FIELD(hash); }
/* Turns played since the state was made. */
static inline int rm_state_turn(const rm_state *st) { return st->RM_FIELD(turn); }
static inline int rm_state_to_move(const rm_state *st) { return st->RM_FIELD(to_move); }
/* SIDE's phase: an index into g->rules.phases. */
static inline int rm_state_phase(const rm_state *st, int side) { return st->RM_FIELD(phase)[side]; }
/* The turns SIDE has played in its phase, as far as they are counted. */
static inline int rm_state_phase_turns(const rm_state *st, int side)
{
    return st->RM_FIELD(phase_turns)[side];
}
/* The turns SIDE has played in a row without advancing, and the turns
 * played in a row without a capture (0 in a game without their rules). */
static inline int rm_state_stall(const rm_state *st, int side) { return st->RM_FIELD(stall)[side]; }
static inline int rm_state_quiet(const rm_state *st) { return st->RM_FIELD(quiet); }
/* RM_BLOCKED_PASS_LOSES or RM_BLOCKED_PASS_DRAWS when the last turn was
 * the pass of a blocked side (the side not to move) whose rule ends the
 * game after it; 0 otherwise. */
static inline int rm_state_pass_end(const rm_state *st) { return st->RM_FIELD(pass_end); }
/* Pieces of kind K in hand, and on the board. */
static inline int rm_state_hand(const rm_state *st, int k) { return st->RM_FIELD(hand)[k]; }
static inline int rm_state_on_board(const rm_state *st, int k) { return st->RM_FIELD(on_board)[k]; }
/* The kind on point P (-1: empty), and how many pieces stand there. */
static inline int rm_state_kind(const rm_state *st, int p) { return st->RM_FIELD(kind)[p]; }
static inline int rm_state_count(const rm_state *st, int p) { return st->RM_FIELD(count)[p]; }
/* The points of the pieces the side to move must huff one of as its
 * turn's first move (captures huffed by opponent); mostly none. */
static inline rm_set rm_state_huff(const rm_state *st) { return st->RM_FIELD(huff); }
/* The points holding SIDE's pieces. */
static inline rm_set rm_state_points(const rm_state *st, int side) { return st->RM_FIELD(occ)[side]; }
/* The phase in force for SIDE. */
static inline const rm_phase *rm_side_phase(const rm_game *g, const rm_state *st, int side)
{
    return &g->rules.phases[st->RM_FIELD(phase)[side]];
}

/* Pieces of SIDE on the board and in hand. */
static inline int rm_side_pieces(const rm_game *g, const rm_state *st, int side)
{
    const rm_side *sd = &g->sides[side];
    int n = 0;
    for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
        n += st->RM_FIELD(hand)[k] + st->RM_FIELD(on_board)[k];
    return n;
}
/* Whether SIDE has a piece on the board or in hand (rm_side_pieces > 0,
 * without counting them). */
static inline bool rm_side_has_pieces(const rm_game *g, const rm_state *st, int side)
{
    uint64_t h[2], b[2];
    memcpy(h, st->RM_FIELD(hand), sizeof h);
    memcpy(b, st->RM_FIELD(on_board), sizeof b);
    const uint64_t *m = g->sides[side].kind_mask;
    return (((h[0] | b[0]) & m[0]) | ((h[1] | b[1]) & m[1])) != 0;
}
/* The contents of ST as a position (what rm_state_set takes). */
void rm_state_position(const rm_game *g, const rm_state *st, rm_position *pos);
/* A digest of what a turn that cannot be undone changes: the pieces of
 * each kind in hand and on the board (pieces only leave the game, hands
 * only shrink), the phases (they only advance) and the turns counted in
 * them (they only grow until the next phase). Positions with different
 * digests are different positions; and once a turn has changed what it
 * digests, no position before that turn comes back. */
_Static_assert(RM_MAX_KINDS == 16, "rm_state_progress reads the hands and counts as two words each");
/* The digest of hands H0 (kinds 0-7, a byte each) and H1 (kinds 8-15),
 * counts on the board B0 and B1, PHASE and PHASE_TURNS: rm_state_progress
 * and rm_bits_progress (bitgen.h) give the same one for one position. */
static inline uint64_t rm_progress_digest(uint64_t h0, uint64_t h1, uint64_t b0, uint64_t b1,
                                          const uint8_t phase[2], const uint8_t phase_turns[2])
{
    uint64_t d = (uint64_t)phase[0] | (uint64_t)phase[1] << 8 | (uint64_t)phase_turns[0] << 16 |
                 (uint64_t)phase_turns[1] << 24;
    d ^= h0 * 0x9E3779B97F4A7C15ull;
    d ^= h1 * 0xC2B2AE3D27D4EB4Full;
    d ^= b0 * 0x165667B19E3779F9ull;
    d ^= b1 * 0xD6E8FEB86659FD93ull;
    return d;
}
static inline uint64_t rm_state_progress(const rm_state *st)
{
    uint64_t w[4];
    memcpy(w, st->RM_FIELD(hand), 2 * sizeof *w);
    memcpy(w + 2, st->RM_FIELD(on_board), 2 * sizeof *w);
    return rm_progress_digest(w[0], w[1], w[2], w[3], st->RM_FIELD(phase),
                              st->RM_FIELD(phase_turns));
}

/* ---- playing moves ---- */

/* Plays the moves of one turn on ST (moves of a legal turn, as listed). */
void rm_apply(const rm_game *g, rm_state *st, const rm_move *moves, int n);
/* The same for moves that do not come from the generator (a typed turn):
 * each move is first checked to be possible at all (a piece to move, a
 * piece in hand to drop, pieces to leap over, a point it may enter: empty,
 * or its own stack when its kind stacks in play); returns -1, with ST in an
 * unspecified state, when one is not. Fills in the kind, ray and jumped
 * count of each move. */
int rm_apply_checked(const rm_game *g, rm_state *st, rm_move *moves, int n);

#ifndef RM_STATE_MODULE
#undef RM_FIELD
#endif

#endif
