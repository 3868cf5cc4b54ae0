/* result.h: how a game ends. rm_result is the one place where the end
 * rules of a game are decided: the match, play, replay, validate, every
 * computer player and their playouts, selfplay and perft ask it, and
 * nothing else decides a result.
 *
 * The end rules, in the order they are applied:
 * 1. a side with no pieces left loses (on the board and in hand);
 * 2. a side down to its losing number of pieces (lose with N) loses;
 * 3. a side whose pieces reach or fill a set of points (SIDE wins when
 *    KIND reaches|fills SET) wins: when wins of both sides hold, the
 *    side not to move (the one that played last) wins;
 * 4. when the turn limit (draw after N) is played, the game is drawn;
 * 5. when the position has been seen draw_repeat times (draw on
 *    repetition N), the game is drawn;
 * 6. the side to move with no legal turn loses, draws or passes (when
 *    blocked), and both sides blocked end the game;
 * 7. a position whose turns cannot be listed (too many ways to play, too
 *    long to list, or no memory) gives RM_FAILED: not a result of the game but an error,
 *    which the callers report as one (never a draw).
 */
#ifndef RIMAU_RESULT_H
#define RIMAU_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "bitgen.h"
#include "movegen.h"

/* ---- repetitions ----
 *
 * The positions of a game in order. Each knows how many times it has
 * been seen, itself included, worked out when it is added, in time that
 * does not grow with the game: among the positions since the last turn
 * that cannot be undone (a capture, a drop, a new phase:
 * rm_state_progress changes), since the ones before never come back, and
 * only among those whose hashes fall in its slot of a small table, which
 * chains each position to the one before it in its slot. Positions can
 * be taken back, last first (a search going back up its line), so all
 * are kept: a history holds the positions of the game so far, then the
 * line a player looks at. */

#define RM_HISTORY_SLOTS 1024

typedef struct rm_history_entry {
    uint64_t hash;
    uint64_t progress;         /* rm_state_progress of the position */
    int32_t since;             /* the first position after the last turn that cannot be undone */
    int32_t prev;              /* the position before it in its slot, or -1 */
    int32_t seen;              /* the times its position has been seen, itself included */
} rm_history_entry;

typedef struct rm_history {
    int n, cap;
    rm_history_entry *e;
    int32_t *last;             /* [RM_HISTORY_SLOTS]: each slot's last position, or -1 */
} rm_history;

void rm_history_init(rm_history *h);
void rm_history_free(rm_history *h);
/* Starts H with the position ST, the first of a game. Returns -1 when
 * out of memory. */
int rm_history_start(rm_history *h, const rm_state *st);
/* Adds ST, the position a turn has led to. Returns -1 when out of
 * memory (H is unchanged). Inline: a playout adds every position. */
static inline int rm_history_push(rm_history *h, const rm_state *st);
/* Makes room in H for N positions, so that a game of up to N positions
 * allocates nothing more; -1 when out of memory. */
int rm_history_reserve(rm_history *h, int n);
/* Makes DST a copy of SRC; -1 when out of memory. */
int rm_history_copy(rm_history *dst, const rm_history *src);
/* The number of positions in H. */
static inline int rm_history_length(const rm_history *h) { return h->n; }
/* Takes back the positions after the first N. */
void rm_history_truncate(rm_history *h, int n);
/* (the inside of rm_history_push) */
int rm_history_grow(rm_history *h);
static inline int rm_history_slot(uint64_t hash)
{
    return (int)(hash >> 54); /* RM_HISTORY_SLOTS = 2^10 */
}
_Static_assert(RM_HISTORY_SLOTS == 1 << 10, "rm_history_slot takes the hash's top 10 bits");

/* rm_history_push of the position whose hash is HASH and whose progress
 * digest is PROGRESS (rm_state_progress, rm_bits_progress). */
static inline int rm_history_push_key(rm_history *h, uint64_t hash, uint64_t progress)
{
    if (!(h->n < h->cap && h->last) && rm_history_grow(h) != 0)
        return -1;
    rm_history_entry *e = &h->e[h->n];
    e->hash = hash;
    e->progress = progress;
    /* the positions since the last turn that cannot be undone */
    e->since = h->n > 0 && h->e[h->n - 1].progress == e->progress ? h->e[h->n - 1].since : h->n;
    int slot = rm_history_slot(e->hash);
    e->prev = h->last[slot];
    e->seen = 1;
    for (int i = e->prev; i >= e->since; i = h->e[i].prev)
        if (h->e[i].hash == e->hash) {
            e->seen = h->e[i].seen + 1;
            break;
        }
    h->last[slot] = h->n++;
    return 0;
}

static inline int rm_history_push(rm_history *h, const rm_state *st)
{
    return rm_history_push_key(h, rm_state_hash(st), rm_state_progress(st));
}

/* How many times the last position of H has been seen, itself included. */
static inline int rm_history_repeats(const rm_history *h)
{
    return h->n > 0 ? h->e[h->n - 1].seen : 0;
}

/* ---- results ---- */

/* The rule that ended a game. */
typedef enum rm_end_rule {
    RM_BY_NONE,               /* the game goes on */
    RM_BY_NO_PIECES,          /* SIDE has no pieces left */
    RM_BY_LOSING_NUMBER,      /* SIDE is down to its losing number, COUNT pieces */
    RM_BY_GOAL,               /* SIDE's pieces reach or fill the set of its win COUNT
                               * (g->rules.goals[COUNT]) */
    RM_BY_TURN_LIMIT,         /* COUNT turns are played */
    RM_BY_REPETITION,         /* the position is seen COUNT times */
    RM_BY_BLOCKED,            /* SIDE, to move, has no legal turn (and loses or draws) */
    RM_BY_BOTH_BLOCKED,       /* neither side can move, and both pass when blocked */
    RM_BY_TOO_MANY,           /* the turns cannot be listed: too many ways to play */
    RM_BY_TOO_SLOW,           /* the turns cannot be listed: past the time limit (movegen.h) */
    RM_BY_NO_MEMORY           /* the turns cannot be listed: out of memory */
} rm_end_rule;

typedef struct rm_outcome {
    int result;               /* RM_ONGOING, RM_DRAW, the winning side or RM_FAILED */
    rm_end_rule rule;
    int side;                 /* the side the rule speaks of, or -1 */
    int count;                /* pieces, turns or times, by rule */
} rm_outcome;

/* The result of the position ST (RM_ONGOING, RM_DRAW, the winning side,
 * or RM_FAILED by rule 7), by the end rules above; the rule that decided it in *OUT when
 * OUT is not NULL. H is the game's history up to ST (its last position
 * is ST), or NULL to leave repetitions out (perft counts sequences of
 * turns, whatever they repeat). L is a turn list the legal turns of ST
 * are listed in when the rules before rule 6 leave the game going: when
 * the result is RM_ONGOING, L holds them. */
int rm_result(const rm_game *g, const rm_state *st, const rm_history *h, rm_turnlist *l,
              rm_outcome *out);

/* rm_result, which counts the legal turns of ST into T instead of
 * listing them into L where it can (rm_count_turns, movegen.h): when the
 * result is RM_ONGOING, either T->n > 0 and the turns are counted (L is
 * left as it was), or T->n == 0 and L holds them. The end rules are
 * rm_result's: the counted turns are the listed ones, and a position
 * with none is listed, so blocked sides and passes are decided as ever.
 * The random playout's way. */
int rm_result_tally(const rm_game *g, const rm_state *st, const rm_history *h, rm_turnlist *l,
                    rm_tally *t, rm_outcome *out);

/* rm_result for the bit state BS of G's kernel K (bitgen.h): the same
 * rules in the same order. When the result is RM_ONGOING, either
 * T->n > 0 and the kernel has counted the turns (play them with
 * rm_bits_play), or T->n == 0, ST holds the position as a state and L
 * its legal turns, listed by the reference generator. H is the game's
 * history up to BS (its last position), or NULL. */
int rm_bits_result(const rm_game *g, const rm_bits *k, const rm_bstate *bs, const rm_history *h,
                   rm_btally *t, rm_turnlist *l, rm_state *st, rm_outcome *out);

/* "tigers win", "draw" or "*" (not finished): a record's Result tag. */
const char *rm_result_text(const rm_game *g, int result, char *buf, size_t size);
/* The same in words, for people: "unfinished" for "*". */
const char *rm_result_words(const rm_game *g, int result, char *buf, size_t size);
/* Why the game ended, in words ("men cannot move"); "" when it goes on. */
const char *rm_outcome_text(const rm_game *g, const rm_outcome *o, char *buf, size_t size);

#endif
