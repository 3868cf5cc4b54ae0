/* moves.h: the one description of each move kind (rm_action_type).
 *
 * What a drop, a step, a slide, a leap and a capture may do is written
 * here once, and every walk of the executor asks it: the reference
 * generator's list, count and pick walks (movegen.c), the bit kernel's
 * count, play and chain walks on one and two words (bitgen.c,
 * bitgen_words.h), the solver's forward pass and unmoves (src/solve),
 * and the derive step (derive.c), which weighs which turns may meet.
 * A new move kind, or a new word for one, changes its rule here, and a
 * walk whose loop cannot take it refuses the game when it is compiled
 * (the bit kernel's kernel_knows), never counts it as nothing.
 *
 * Two parts:
 * 1. The rules on numbers and flags, which every walk calls, whatever
 *    its loop (point by point, or a whole board at a time with shifts):
 *    which lines a capture may jump, how far its run is looked along,
 *    what a moving piece may enter, which rays a direction filter lets
 *    through, what a chain 'not back' may not jump first, how many
 *    points of a ray a kind looks at, which two actions' turns may meet.
 * 2. The walks of one ray, point by point, over an abstract point set:
 *    a file defines MV(name) (the names of its copies), MV_PT (the type
 *    of a ray's points, as it numbers them), MV_SET (a set of points:
 *    a bit board, or a view of a state) and MV_IN(set, point), then
 *    includes this header again; the functions are inlined into its
 *    loops, so each walk keeps its own speed.
 */
#ifndef RIMAU_MOVES_H
#define RIMAU_MOVES_H

#include <stdbool.h>
#include <stdint.h>

#include "rules.h"

/* The words an action may carry beyond its kind, one bit each
 * (rm_action_words): what a walk must know to play the action exactly.
 * Each fast walk says which it knows (the bit kernel, the walks of one
 * move, the solver's unmoves), and an action with a word it does not
 * know is left to the reference walk when the game is compiled, never
 * played wrong. A new word of the language adds its bit here and sets it
 * below; the fast walks refuse it until each is taught it (adds it to
 * the set it names). */
enum {
    RM_WORD_TARGETS = 1 << 0,      /* LEAP, CAPTURE, REMOVE: the kinds jumped or taken */
    RM_WORD_LINES = 1 << 1,        /* CAPTURE: lines of other lengths than one piece */
    RM_WORD_CHAIN = 1 << 2,        /* CAPTURE: chains (may stop, must go on) */
    RM_WORD_AT_END = 1 << 3,       /* CAPTURE chains: the jumped leave at the end */
    RM_WORD_NOT_BACK = 1 << 4,     /* CAPTURE chains: not back */
    RM_WORD_FINAL_STEP = 1 << 5,   /* CAPTURE: a final step */
    RM_WORD_TO_EMPTY = 1 << 6,     /* DROP, STEP, LEAP: to empty */
    RM_WORD_FEWER_THAN = 1 << 7,   /* DROP: while fewer than N are on the board */
    RM_WORD_DIRECTIONS = 1 << 8,   /* STEP, SLIDE, LEAP, CAPTURE: a direction filter */
    RM_WORD_REGION = 1 << 9,       /* DROP, RELOCATE: where to; REMOVE: from where */
    RM_WORD_FURTHER_STEP = 1 << 10,/* CAPTURE: the final step only where it could go on */
    RM_WORD_BY = 1 << 11,          /* CAPTURE: by approach or withdrawal, not by a jump */
    RM_WORDS_ALL = (1 << 12) - 1   /* every word the language has: for the tests, which
                                    * ask that some game carries each; a walk names
                                    * the words it knows one by one */
};

/* The words action A carries (RM_WORD_*). */
static inline unsigned rm_action_words(const rm_action_rule *a)
{
    return (a->targets ? RM_WORD_TARGETS : 0u) |
           (a->type == RM_CAPTURE && a->lines != (UINT64_C(1) << 1) ? RM_WORD_LINES : 0u) |
           (a->chain != RM_CHAIN_NONE ? RM_WORD_CHAIN : 0u) |
           (a->remove_at_end ? RM_WORD_AT_END : 0u) | (a->not_back ? RM_WORD_NOT_BACK : 0u) |
           (a->final_step ? RM_WORD_FINAL_STEP : 0u) | (a->to_empty ? RM_WORD_TO_EMPTY : 0u) |
           (a->fewer_than >= 0 ? RM_WORD_FEWER_THAN : 0u) |
           (a->dirs || a->dir_allow ? RM_WORD_DIRECTIONS : 0u) |
           (a->has_region ? RM_WORD_REGION : 0u) |
           (a->further_step ? RM_WORD_FURTHER_STEP : 0u) | (a->by ? RM_WORD_BY : 0u);
}

/* Whether A is of a kind rules.h names and carries only words of KNOWN
 * (a walk's RM_WORD_* set): whether that walk can play it exactly. */
static inline bool rm_action_known(const rm_action_rule *a, unsigned known)
{
    switch (a->type) {
    case RM_DROP:
    case RM_STEP:
    case RM_SLIDE:
    case RM_LEAP:
    case RM_CAPTURE:
    case RM_REMOVE:
    case RM_RELOCATE:
        break;
    default:
        return false;
    }
    return a->chain <= RM_CHAIN_MUST_CONTINUE && (rm_action_words(a) & ~known) == 0;
}

/* A capture's run along a ray of LEN points, RUN pieces long so far,
 * may take in the next point: the ray goes on, and no line longer than
 * RM_MAX_LINE is ever jumped (looking further is no use). */
static inline bool rm_run_goes_on(int run, int len)
{
    return run < len && run <= RM_MAX_LINE;
}

/* Whether a capture whose LINES (rm_action_rule.lines) are these may
 * jump a line of RUN pieces. */
static inline bool rm_line_allowed(uint64_t lines, int run)
{
    return run >= 1 && run <= RM_MAX_LINE && (lines >> run & 1);
}

/* Whether a capture may jump the first RUN points of a ray of LEN and
 * land on the point after them (whether that point is empty is the
 * walk's to say: it knows the position). */
static inline bool rm_jump_lands(uint64_t lines, int run, int len)
{
    return run < len && rm_line_allowed(lines, run);
}

/* Whether a capture jumps one piece and no other line. */
static inline bool rm_jumps_one(uint64_t lines)
{
    return lines == (UINT64_C(1) << 1);
}

/* Whether the pieces an action drops or moves may enter a stack of
 * their kind: the kind stacks in play, and the action is not 'to empty'. */
static inline bool rm_enters_stacks(bool stacks_in_play, const rm_action_rule *a)
{
    return stacks_in_play && !a->to_empty;
}

/* Whether action A's direction filter lets a ray of class CLS through
 * (the side's rm_side.ray_class of the ray); every ray when A has none. */
static inline bool rm_ray_allowed(const rm_action_rule *a, uint8_t cls)
{
    return !a->dir_allow || (a->dir_allow >> cls & 1);
}

/* The point the next capture of a chain may not jump first, after a
 * capture whose last jumped point is LAST: LAST for a chain 'not back',
 * else none (-1). */
static inline int rm_back_after(const rm_action_rule *a, int last)
{
    return a->not_back ? last : -1;
}

/* Whether action A moves a piece along the rays of its point. */
static inline bool rm_moves_along_rays(const rm_action_rule *a)
{
    return a->type == RM_STEP || a->type == RM_SLIDE || a->type == RM_LEAP ||
           a->type == RM_CAPTURE;
}

/* The points of a ray a move of A looks at: a step its first, a leap or
 * a capture over one piece its first two, a slide, a capture over
 * longer lines or by approach or withdrawal all of them (0). */
static inline int rm_ray_reach(const rm_action_rule *a)
{
    return a->type == RM_STEP ? 1
           : a->type == RM_LEAP ||
                     (a->type == RM_CAPTURE && !a->by && rm_jumps_one(a->lines)) ? 2
                                                                                 : 0;
}

/* ---- captures by approach and by withdrawal (rm_action_rule.by) ----
 *
 * A capture by approach or withdrawal is a step to an empty neighbour
 * along a ray R of the piece's point P. By approach it takes the run of
 * target pieces on R just past the point stepped to (R's points from its
 * second on); by withdrawal the run on the ray of P opposite R (the same
 * line, the other way: rm_by_opposite), from its first point on. A run is
 * every target piece from there, one after the other, up to the first
 * point that holds none (MV(run)); it is at least one piece, or the step
 * takes nothing that way. Each way that takes is one capture: a step
 * with pieces both ahead and behind is two captures, the player's choice.
 * A chain of them is made by one piece; a capture of it may not step to a
 * point the piece has stood on in the turn (its start included), nor
 * along the line and way of the step before it (rm_by_may_step). */

/* Whether a capture by approach or withdrawal of a chain may step along
 * a ray of line LINE and way DIR (rm_ray.line, .dir) to a point the
 * piece has already stood on in the turn (VISITED) or not, after a step
 * along line PREV_LINE, way PREV_DIR (PREV_LINE -1: the chain's first
 * capture). */
static inline bool rm_by_may_step(int line, int dir, bool visited, int prev_line, int prev_dir)
{
    return !visited && !(line == prev_line && dir == prev_dir);
}

/* Whether the ray of LINE, way DIR is the ray opposite the ray of
 * R_LINE, way R_DIR at one point: the ray a withdrawal along R takes
 * along. */
static inline bool rm_by_opposite(int line, int dir, int r_line, int r_dir)
{
    return line == r_line && dir == -r_dir;
}

/* Whether a turn of A is one move from one point to one more: a step,
 * a leap, a capture over one piece (no chain or final step asked). */
static inline bool rm_one_hop(const rm_action_rule *a)
{
    return rm_ray_reach(a) > 0;
}

/* Whether a capture of A goes on past its first capture or ends with a
 * step: its turns are walked as chains. */
static inline bool rm_chains(const rm_action_rule *a)
{
    return a->type == RM_CAPTURE && (a->chain != RM_CHAIN_NONE || a->final_step);
}

/* What an action does to a position, for telling whether two actions can
 * reach the same one: a piece moves (nothing leaves the board), a piece
 * is dropped (a hand shrinks), a capture (a piece moves and enemies
 * leave), a removal (an enemy leaves, nothing moves). A kind not named
 * here is taken as a removal, which may meet any other: merging turns
 * that never meet costs time, never a wrong list. */
static inline int rm_merge_class(const rm_action_rule *a)
{
    switch (a->type) {
    case RM_STEP:
    case RM_SLIDE:
    case RM_LEAP:
    case RM_RELOCATE:
        return 0;
    case RM_DROP:
        return 1;
    case RM_CAPTURE:
        return 2;
    default:
        return 3;
    }
}

/* Whether the moves of A and C, two alternatives of one step, may reach
 * one position: one action's moves reach different positions (different
 * pieces, different points) unless the board's lines cross twice, and
 * actions of different classes do too; two of one class and one kind
 * (a step and a slide, say) may, though not a step and a leap: a step
 * ends next to its piece, a leap one point further along a ray. (Every
 * removal takes from the same foes: two removals may meet whatever
 * their kinds.) */
static inline bool rm_alts_may_meet(const rm_action_rule *a, const rm_action_rule *c)
{
    int ka = rm_merge_class(a);
    bool step_leap = (a->type == RM_STEP && c->type == RM_LEAP) ||
                     (a->type == RM_LEAP && c->type == RM_STEP);
    return ka == rm_merge_class(c) && (ka == 3 || a->kind == c->kind) && !step_leap;
}

#endif /* RIMAU_MOVES_H */

/* ---- the walks of one ray (part 2: a copy for each including file) ---- */
#ifdef MV

/* Whether a step along the ray PTS enters its first point (ENTER: the
 * points the piece may enter). */
static inline bool MV(step)(const MV_PT *pts, MV_SET enter)
{
    return MV_IN(enter, pts[0]);
}

/* The points a slide along the ray PTS[0..LEN) may stop on: PTS[0..n),
 * the empty ones before the first piece. */
static inline int MV(slide)(const MV_PT *pts, int len, MV_SET empty)
{
    int n = 0;
    while (n < len && MV_IN(empty, pts[n]))
        n++;
    return n;
}

/* Whether a leap along the ray PTS[0..LEN) goes over its first point
 * (OVER: the pieces it may leap) to its second (ENTER). */
static inline bool MV(leap)(const MV_PT *pts, int len, MV_SET over, MV_SET enter)
{
    return len >= 2 && MV_IN(over, pts[0]) && MV_IN(enter, pts[1]);
}

/* The pieces a capture along the ray PTS[0..LEN) jumps, landing on
 * PTS[n] just past them: the run of TARGETS from the first point, of a
 * length LINES allows, and an EMPTY point after it; 0 when it cannot
 * capture along the ray. */
static inline int MV(capture)(const MV_PT *pts, int len, uint64_t lines, MV_SET targets,
                              MV_SET empty)
{
    int run = 0;
    while (rm_run_goes_on(run, len) && MV_IN(targets, pts[run]))
        run++;
    return rm_jump_lands(lines, run, len) && MV_IN(empty, pts[run]) ? run : 0;
}

/* The pieces a capture by approach or withdrawal takes along the ray
 * PTS[0..LEN), which begins with the first point it may take: the run of
 * TARGETS from there, every one (0: none, it takes nothing that way). */
static inline int MV(run)(const MV_PT *pts, int len, MV_SET targets)
{
    int n = 0;
    while (n < len && MV_IN(targets, pts[n]))
        n++;
    return n;
}

#undef MV
#undef MV_PT
#undef MV_SET
#undef MV_IN
#endif
