/* rules.h: the rule part of the game IR: phases, turn patterns, action
 * rules, ends and options, as flat tables the executor reads.
 *
 * A side plays its phases in the order the file gives them. A phase has
 * one or more turn patterns (its first turn uses the first, its second the
 * second, ..., the last one repeats) and an end condition. A turn pattern
 * is a sequence of steps; a step is taken between min and max times, each
 * time by one of its alternative actions.
 */
#ifndef RIMAU_RULES_H
#define RIMAU_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "set.h"

#define RM_MAX_SIDES 4         /* sides of a game: every per-side array */
#define RM_MAX_PHASES 16       /* phases over all sides */
#define RM_MAX_PATTERNS 8      /* turn patterns in one phase */
#define RM_MAX_STEPS 8         /* steps in one turn pattern */
#define RM_MAX_ALTS 8          /* alternative actions in one step */
#define RM_MAX_ACTION_RULES 64 /* action rules in the whole game */
#define RM_MAX_REPEAT 32       /* most times one step is taken */
#define RM_MAX_OPTIONS 16
#define RM_MAX_VALUES 8        /* values of one option */
#define RM_MAX_LINE 62         /* the longest line of pieces a capture jumps: the
                                * bits 1..62 of rm_action_rule.lines (a capture
                                * ray has its two ends and the line between) */
#define RM_LINES_ALL ((UINT64_C(1) << (RM_MAX_LINE + 1)) - 2) /* every length 1..RM_MAX_LINE */

/* The executor's limits on one position, which the derive step weighs
 * each turn pattern against: the generator tries at most
 * RM_MAX_PARTIAL_TURNS partial turns (RM_MAX_GEN_STEPS, movegen.h) and
 * a turn holds at most RM_MAX_MOVES_IN_TURN moves (RM_MAX_TURN_MOVES,
 * state.h). They are repeated here because the IR may not see the
 * executor; cli_rules.c asserts that they agree. */
#define RM_MAX_PARTIAL_TURNS 4000000
#define RM_MAX_MOVES_IN_TURN 128

typedef enum rm_action_type {
    RM_DROP,      /* a piece from hand onto an empty point (or its own stack, see to_empty) */
    RM_STEP,      /* a piece to the next point along a line */
    RM_SLIDE,     /* a piece any distance along a line through empty points */
    RM_LEAP,      /* a piece over one adjacent piece, without capturing it */
    RM_CAPTURE,   /* a piece over a line of enemy pieces, taking them */
    RM_REMOVE,    /* an enemy piece taken off the board, from anywhere */
    RM_RELOCATE   /* an own piece picked up and put on any empty point */
} rm_action_type;

enum { RM_CHAIN_NONE, RM_CHAIN_MAY_STOP, RM_CHAIN_MUST_CONTINUE };

/* How a capture 'by' takes (rm_action_rule.by), one bit each: the run of
 * enemy pieces in line just past the point a step ends on (approach), or
 * just behind the point it leaves (withdrawal). */
enum { RM_BY_APPROACH = 1, RM_BY_WITHDRAWAL = 2 };

/* The words of a direction filter (rm_action_rule.dirs), one bit each.
 * The first three say where a move goes relative to its side's forward,
 * the last two which lines it goes along. */
enum {
    RM_DIR_FORWARD = 1,
    RM_DIR_BACKWARD = 2,
    RM_DIR_SIDEWAYS = 4,
    RM_DIR_ORTHOGONAL = 8,
    RM_DIR_DIAGONAL = 16
};
#define RM_DIR_WAYS (RM_DIR_FORWARD | RM_DIR_BACKWARD | RM_DIR_SIDEWAYS)
#define RM_DIR_LINES (RM_DIR_ORTHOGONAL | RM_DIR_DIAGONAL)

/* The class of a ray for a side (rm_side.ray_class, derived): the way it
 * leaves its point relative to the side's forward (RM_WAY_NONE when the
 * side has none), and whether its line is diagonal (not parallel to an
 * axis): RM_RAY_CLASS(way, diagonal), 0 to 7. A filter lets through a
 * set of classes (rm_action_rule.dir_allow, bit c for class c). */
enum { RM_WAY_NONE, RM_WAY_FORWARD, RM_WAY_BACKWARD, RM_WAY_SIDEWAYS };
#define RM_RAY_CLASS(way, diagonal) ((way) << 1 | (diagonal))
#define RM_RAY_WAY(cls) ((cls) >> 1)
#define RM_RAY_DIAGONAL(cls) ((cls) & 1)

typedef struct rm_action_rule {
    uint8_t type;             /* rm_action_type */
    uint8_t kind;             /* the piece kind that acts (is dropped, moves, captures) */
    uint16_t targets;         /* LEAP, CAPTURE, REMOVE: the kinds jumped or taken (bit k) */
    uint64_t lines;           /* CAPTURE: bit k set when a line of k pieces may be jumped
                               * (1 <= k <= RM_MAX_LINE) */
    uint8_t chain;            /* CAPTURE: RM_CHAIN_* */
    bool remove_at_end;       /* CAPTURE chains: jumped pieces leave when the chain ends */
    bool not_back;            /* CAPTURE chains: a capture may not first jump the point the
                               * capture before it jumped last */
    bool final_step;          /* CAPTURE: when the capture (or chain) stops, the piece may
                               * end the turn with one step from where it landed */
    bool further_step;        /* CAPTURE with final_step: only when the piece could capture
                               * again from where it stopped ('with further step') */
    uint8_t by;               /* CAPTURE: 0, a jump over the line taken; else RM_BY_*: a step
                               * that takes the run in line ahead of it (approach) or
                               * behind it (withdrawal) ('by approach, withdrawal') */
    bool to_empty;            /* DROP, STEP, LEAP: only onto empty points, though the kind stacks */
    int16_t fewer_than;       /* DROP: only while fewer than this many of the kind are on the board; -1 */
    uint8_t dirs;             /* STEP, SLIDE, LEAP, CAPTURE: the words of its direction filter
                               * (RM_DIR_*); 0: none */
    uint8_t dir_allow;        /* the ray classes (RM_RAY_CLASS) the filter lets through, bit c
                               * for class c; 0: every ray (no filter) */
    bool has_region;          /* DROP, RELOCATE: destinations; REMOVE: sources */
    rm_set region;
} rm_action_rule;

typedef struct rm_step_rule {
    uint8_t min, max;         /* times the step is taken */
    uint8_t nalts;
    uint8_t alt[RM_MAX_ALTS]; /* indices of action rules */
} rm_step_rule;

typedef struct rm_turn_rule {
    uint8_t nsteps;
    rm_step_rule steps[RM_MAX_STEPS];
    /* Derived by derive_game (derive.c) for the turn generator: */
    bool single;              /* one step taken once: a turn is one action (or one chain,
                               * or a capture and its final step) */
    bool merge;               /* two different turns may reach the same position */
    bool countable;           /* its turns can be counted and the k-th made without listing
                               * them (movegen.h, rm_count_turns): single, no merging, its
                               * phase's captures not compulsory per piece, no final step */
    double log10_ways;        /* log10 of an estimate of its partial turns in one position
                               * (derive_turn_ways): how close it comes to the generator's limit */
} rm_turn_rule;

enum { RM_END_NEVER, RM_END_HAND_EMPTY, RM_END_AFTER_TURNS };

/* Huffing (captures huffed ...): what becomes of a piece that could
 * capture when its side's turn captures nothing (language.md). */
enum { RM_HUFF_NONE, RM_HUFF_AT_ONCE, RM_HUFF_BY_OPPONENT };

/* What a side to move with no legal turn does (SIDE when blocked ...):
 * it loses, passes, or draws; or it plays one pass, after which the game
 * is over: it has lost (PASS_LOSES) or the game is drawn (PASS_DRAWS). */
enum {
    RM_BLOCKED_LOSES,
    RM_BLOCKED_PASSES,
    RM_BLOCKED_DRAWS,
    RM_BLOCKED_PASS_LOSES,
    RM_BLOCKED_PASS_DRAWS
};
#define RM_BLOCKED_RULES 5
/* Whether the rule R makes a blocked side pass (its one turn is '-'). */
#define RM_BLOCKED_IS_PASS(r) ((r) == RM_BLOCKED_PASSES || (r) >= RM_BLOCKED_PASS_LOSES)

typedef struct rm_phase {
    char *name;
    uint8_t side;
    uint8_t nturns;
    rm_turn_rule turns[RM_MAX_PATTERNS];
    uint8_t end;              /* RM_END_* */
    uint16_t end_turns;       /* RM_END_AFTER_TURNS: after this many turns of the side */
    bool compulsory;          /* a turn that captures must be taken when there is one */
    bool before_play;         /* played before the first turn: its turns are not turns of
                               * the game, and its side keeps the move until it ends */
    bool compulsory_per_piece;/* a piece that can capture must: the turns whose first move
                               * moves it and that do not capture are not legal */
    bool drops_compulsory;    /* a turn that drops must be taken when there is one */
    uint8_t blocked[2];       /* 'SIDE when blocked ...' written in the phase, for each side:
                               * RM_BLOCKED_* + 1 while the phase is in force; 0: not written
                               * (rm_blocked_rule says which phase decides) */
    uint8_t huff;             /* RM_HUFF_*: a turn that captures nothing, when a piece could
                               * have captured, loses one such piece at its end (AT_ONCE) or
                               * at the start of the other side's next turn (BY_OPPONENT) */
    /* Derived by derive_game (derive.c): */
    bool may_end;             /* it can end: it has an end, and a phase of its side follows */
} rm_phase;

/* A side's win by a region (SIDE wins when KIND... reaches|fills SET),
 * decided by rm_result (result.c) after every turn. */
#define RM_MAX_GOALS 8
typedef struct rm_goal {
    uint8_t side;             /* the side that wins */
    bool fills;               /* every point of SET holds one of KINDS; else some point does */
    uint16_t kinds;           /* the side's kinds that count (bit per kind) */
    int npoints;              /* the points of SET */
    rm_set set;
    char where[64];           /* SET as written, for the words of the result */
} rm_goal;

typedef struct rm_option {
    char *name;
    char *doc;
    int nvalues;
    char *values[RM_MAX_VALUES];
    int chosen;               /* index of the value in force */
} rm_option;

typedef struct rm_rules {
    bool present;             /* the file has phases: the game can be played */
    int first;                /* the side that moves first */
    int nphases;
    rm_phase phases[RM_MAX_PHASES];
    int side_first_phase[RM_MAX_SIDES], side_nphases[RM_MAX_SIDES];
    int naction_rules;
    rm_action_rule actions[RM_MAX_ACTION_RULES];
    int lose_with[RM_MAX_SIDES];    /* a side with this many pieces or fewer loses; -1: none */
    uint8_t blocked[RM_MAX_SIDES];  /* what a side to move with no legal turn does: RM_BLOCKED_*
                                     * (where no phase in force says otherwise) */
    bool phase_blocked;       /* some phase has a 'when blocked' statement */
    int both_blocked;         /* when neither side can move and both pass: RM_DRAW or the winner */
    int start;                /* the side to move at the start: the side of a phase played
                               * before play, else first */
    int draw_after;           /* turns; the game is drawn when they are played */
    int draw_repeat;          /* the game is drawn when a position is seen this often; 0: never */
    /* The rules that count turns (their counts are part of a position:
     * rm_state's counters): */
    int stall_after[RM_MAX_SIDES]; /* a side loses after this many of its turns in a row
                               * without advancing (1 to 255); 0: never */
    int quiet_after;          /* after this many turns in a row without a capture (1 to 255),
                               * the side with more pieces wins, equal is a draw; 0: never */
    bool counting;            /* one of them is in force */
    int ngoals;
    rm_goal goals[RM_MAX_GOALS]; /* the wins by a region, in the order written */
} rm_rules;

/* What SIDE, to move with no legal turn, does while side 0 is in phase
 * PHASE[0] and side 1 in PHASE[1] (indices into R->phases): the rule its
 * own phase states for it, else the rule the other side's phase states
 * for it, else the rules block's. */
static inline int rm_blocked_rule(const rm_rules *r, const uint8_t phase[2], int side)
{
    if (r->phase_blocked) {
        int own = r->phases[phase[side]].blocked[side];
        if (own)
            return own - 1;
        int other = r->phases[phase[1 - side]].blocked[side];
        if (other)
            return other - 1;
    }
    return r->blocked[side];
}

/* The result of a game: the winning side (0 or 1), or one of these.
 * Results are decided by rm_result (result.c) alone. RM_FAILED is no
 * result of the game: the program cannot go on from the position (its
 * turns cannot be listed: too many ways to play, or out of memory), an
 * error to report, never a draw. */
enum { RM_FAILED = -3, RM_ONGOING = -2, RM_DRAW = -1 };

#define RM_DEFAULT_DRAW_AFTER 1000
#define RM_DEFAULT_DRAW_REPEAT 3

#endif
