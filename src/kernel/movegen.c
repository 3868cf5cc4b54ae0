/* movegen.c: move generation (see movegen.h). Part of the state module:
 * it walks the state's layout (state_impl.h). */
#define _POSIX_C_SOURCE 200809L
#include "state_impl.h"
#include "clock.h"
#include "movegen_impl.h"

#include "movegen.h"
#include "moves.h"

#include <assert.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- generating turns ----
 *
 * Two ways, which give the same turns in the same order:
 * - a pattern of one step taken once, whose turns are single moves, is
 *   listed move by move, each with the hash of the position it leads to
 *   worked out without making the move (single_moves);
 * - any other pattern (several steps, repeats, chains of captures,
 *   captures with a final step), and any pattern when captures are
 *   compulsory per piece, is walked depth first (gen_steps), each move
 *   made on one working state and taken back after. */

typedef struct gen {
    const rm_game *g;
    const rm_turn_rule *tr;
    rm_state *st;              /* the working state */
    int side;
    int nmoves;
    int captures;
    rm_move moves[RM_MAX_TURN_MOVES];
    rm_turnlist *list;         /* listing legal turns: add them here */
    rm_emit_fn emit;           /* otherwise: give each sequence to EMIT */
    void *ctx;
    bool canonical;            /* repeated drops and removals in increasing point order */
    const rm_set *must_capture;/* compulsory captures per piece: the points of the pieces
                                * whose turns must capture (NULL: none) */
    long partial;              /* partial turns begun (see "the work of a position") */
    long work;                 /* units of work done */
    long check_at;             /* the work at which stop_here looks at the limits next */
    double deadline;           /* the clock's time past which listing stops; 0: not read yet */
    bool stopped;              /* a limit is passed: the walk unwinds */
    bool timed_out;            /* ... the deadline */
    bool unknown;              /* ... an action of a kind no walk here knows */
    int step_begin;            /* x->nmoves when the current step began */
    /* Huffing (captures huffed ...): */
    uint8_t huffs;             /* RM_HUFF_* of the phase, when a piece could capture (else
                                * RM_HUFF_NONE: no turn of the position huffs) */
    int own;                   /* the side's own first move (1 after the opponent's piece
                                * it huffs first) */
    rm_set could;              /* the points of the pieces that could capture */
    /* What ending the turn does to the hash, for the hands it was worked
     * out for: only the hands change it while a turn is generated. */
    bool end_known;
    uint64_t end_delta;
    uint8_t end_hand[RM_MAX_KINDS];
    /* The same once a piece of kind DROP_KIND has left the hands. */
    bool drop_known;
    int drop_kind;
    uint64_t drop_delta;
    uint8_t drop_hand[RM_MAX_KINDS];
    undo_log log;
} gen;

/* The lowest point a repeated drop or removal may use: repeats of one
 * step commute, so with canonical order each set of points is made once
 * (in one order) instead of in every order. */
static int first_point(const gen *x, uint8_t type, int kind)
{
    if (!x->canonical || x->nmoves == x->step_begin)
        return 0;
    const rm_move *prev = &x->moves[x->nmoves - 1];
    if (prev->type != type || prev->kind != kind)
        return 0;
    if (type == RM_MV_DROP)
        return x->g->kinds[kind].stacks_in_play ? prev->to : prev->to + 1;
    return prev->from; /* a removal: the same point again only while a stack lasts */
}

static void gen_steps(gen *x, int step, int done);

/* ---- the work of a position ----
 *
 * Listing the turns of a position stops past RM_MAX_GEN_STEPS partial
 * turns (each move begun, captures of a chain included), which the
 * derive step estimates and warns of, and past RM_MAX_GEN_WORK units of
 * work, which bound its time: each point, piece and ray the walk looks at,
 * each change it makes to the working state and each move it lists counts,
 * so that the limit takes about the same time (a second or so) whatever
 * the position. Counting partial turns alone, a position whose partial
 * turns each scanned a full board, or went on a chain of 128 captures,
 * took minutes before its limit. Both counts are the same on every
 * machine; the clock, read once every GEN_CLOCK_EVERY units (never in an
 * ordinary position), is only the last resort.
 *
 * Every count of partial turns comes with at least as many units of work,
 * so that work - partial never decreases: stop_here is called in time to
 * stop at the limit of partial turns exactly. */

#define GEN_CLOCK_EVERY (1L << 20)
_Static_assert(GEN_CLOCK_EVERY < RM_MAX_GEN_WORK && GEN_CLOCK_EVERY <= RM_MAX_GEN_STEPS,
               "the first check comes before either limit");

static _Atomic long time_limit_us = (long)(RM_GEN_SECONDS * 1e6);

void rm_set_gen_time_limit(double seconds)
{
    time_limit_us = seconds > 0 ? (long)(seconds * 1e6 + 0.5) : 0;
    if (seconds > 0 && time_limit_us == 0)
        time_limit_us = 1;
}

double rm_gen_time_limit(void)
{
    return (double)time_limit_us / 1e6;
}

/* The work at which to look at the limits next: the next reading of the
 * clock, or where the work or the partial turns could pass their limits
 * (the partial turns grow no faster than the work). */
static long next_check(const gen *x)
{
    long at = x->work + GEN_CLOCK_EVERY;
    if (at > RM_MAX_GEN_WORK)
        at = RM_MAX_GEN_WORK;
    if (at > x->work + RM_MAX_GEN_STEPS + 1 - x->partial)
        at = x->work + RM_MAX_GEN_STEPS + 1 - x->partial;
    return at;
}

/* Whether listing must stop, now that the work has reached check_at:
 * past the limit of work or the deadline, or with a list that has failed
 * (too many turns, no memory), where going on is work for nothing. The
 * clock starts at the first check, so that positions listed in less than
 * GEN_CLOCK_EVERY units never read it. */
static bool stop_here(gen *x)
{
    if (x->stopped)
        return true;
    if (x->partial > RM_MAX_GEN_STEPS || x->work >= RM_MAX_GEN_WORK ||
        (x->list && x->list->failed)) {
        x->stopped = true;
    } else {
        long limit = time_limit_us;
        double now = limit > 0 ? rm_seconds() : 0;
        if (limit > 0 && x->deadline == 0)
            x->deadline = now + (double)limit / 1e6;
        if (limit > 0 && now >= x->deadline)
            x->stopped = x->timed_out = true;
    }
    if (x->stopped) {
        x->check_at = 0; /* every later check says stop at once */
        return true;
    }
    x->check_at = next_check(x);
    return false;
}

/* The units a change of one point of the working state costs, made and
 * taken back: several times a look at a point, as measured. */
#define CHANGE_COST 4

/* Counts N units of work; true when listing must stop. */
static inline bool spend(gen *x, long n)
{
    x->work += n;
    return x->work >= x->check_at && stop_here(x);
}

/* Counts PARTIAL partial turns begun and N units of work (N >= PARTIAL);
 * true when listing must stop. */
static inline bool begin(gen *x, long partial, long n)
{
    x->partial += partial;
    return spend(x, n);
}

/* Whether another move fits in the turn and in the undo log. */
static inline bool room(const gen *x)
{
    return x->nmoves < RM_MAX_TURN_MOVES && x->log.n + 64 <= UNDO_MAX;
}

/* What ending the turn does to the hash of the working state: worked out
 * again only when the hands differ from the last time (only they change
 * it while a turn is generated). */
static uint64_t end_delta(gen *x)
{
    if (!x->end_known || memcmp(x->end_hand, x->st->hand, sizeof x->end_hand) != 0) {
        x->end_delta = end_turn_delta(x->g, x->st, -1);
        memcpy(x->end_hand, x->st->hand, sizeof x->end_hand);
        x->end_known = true;
    }
    return x->end_delta;
}

/* What dropping a piece of kind K from the hand of the working state,
 * then ending the turn, do to its hash (the point aside): the end of the
 * turn worked out again only when the hands or the kind differ from the
 * last time. */
static uint64_t drop_end_delta(gen *x, int k)
{
    const rm_state *st = x->st;
    if (!x->drop_known || x->drop_kind != k ||
        memcmp(x->drop_hand, st->hand, sizeof x->drop_hand) != 0) {
        x->drop_delta = end_turn_delta(x->g, st, k);
        memcpy(x->drop_hand, st->hand, sizeof x->drop_hand);
        x->drop_kind = k;
        x->drop_known = true;
    }
    uint64_t z = x->g->zob.hand[k];
    return z * st->hand[k] ^ z * (uint64_t)(st->hand[k] - 1) ^ x->drop_delta;
}

/* Whether a move made now at STEP (DONE moves into it) would end the
 * turn, whose turn is then listed: the last step, which cannot repeat. */
static inline bool last_move(const gen *x, int step, int done)
{
    const rm_step_rule *s = &x->tr->steps[step];
    return x->list && step == x->tr->nsteps - 1 && done + 1 >= s->min && done + 1 >= s->max &&
           !x->huffs; /* (a turn that may huff ends in gen_steps) */
}

/* Whether a turn whose first move is FIRST (NULL: no move), capturing
 * or not, may be listed: not when its piece must capture and it does not
 * (compulsory captures per piece). */
static inline bool allowed(const gen *x, const rm_move *first, bool captured)
{
    return !x->must_capture || captured || !first ||
           (first->type != RM_MV_MOVE && first->type != RM_MV_CAPTURE) ||
           !set_has(x->must_capture, first->from);
}

/* Lists the turn the moves so far and M make, leading to the position
 * with hash H (the end of the turn in it), without making M. It counts
 * the work as gen_steps would: two calls, then the moves of the turn. */
static void list_last(gen *x, const rm_move *m, uint64_t h)
{
    if (!room(x) || begin(x, 2, 2 + x->nmoves))
        return;
    if (!allowed(x, x->nmoves ? &x->moves[0] : m, x->captures > 0))
        return;
    x->moves[x->nmoves] = *m;
    rm_turnlist_add(x->list, h, x->moves, x->nmoves + 1, x->captures > 0, true);
}

/* Makes move M on the working state, goes on from there, and takes it back. */
static void make_and_continue(gen *x, const rm_move *m, int step, int done)
{
    if (!room(x))
        return;
    int mark = x->log.n;
    apply_move(x->g, x->st, &x->log, m, NULL);
    x->moves[x->nmoves++] = *m;
    if (!spend(x, CHANGE_COST * (x->log.n - mark)))
        gen_steps(x, step, done + 1);
    x->nmoves--;
    undo_to(x->g, x->st, &x->log, mark);
}

/* The ray classes of the side to move when action A has a direction
 * filter, NULL when it has none: then every ray may be used. */
static inline const uint8_t *filter_classes(const gen *x, const rm_action_rule *a)
{
    return a->dir_allow ? x->g->sides[x->side].ray_class : NULL;
}


static void gen_drop(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    const rm_state *st = x->st;
    if (st->hand[a->kind] == 0)
        return;
    if (a->fewer_than >= 0 && st->on_board[a->kind] >= a->fewer_than)
        return;
    int first = first_point(x, RM_MV_DROP, a->kind);
    if (spend(x, g->board.npoints - first))
        return;
    bool last = last_move(x, step, done);
    bool stack = enters_stacks(g, a);
    uint64_t base = last ? st->hash ^ drop_end_delta(x, a->kind) : 0;
    for (int p = first; p < g->board.npoints; p++) {
        if (a->has_region && !set_has(&a->region, p))
            continue;
        if (!may_enter(st, p, a->kind, stack))
            continue;
        rm_move m = { RM_MV_DROP, 0, a->kind, 0, (uint8_t)p, 0, 0 };
        if (last)
            list_last(x, &m, base ^ add_delta(g, st, p, a->kind));
        else
            make_and_continue(x, &m, step, done);
    }
}

/* The hash of the working state with the piece on P taken off and the
 * turn ended, for listing the last moves of the turn by P (see
 * move_to); 0 when the move would not be the last. */
static uint64_t leaving_hash(gen *x, int p, int step, int done)
{
    if (!last_move(x, step, done))
        return 0;
    return x->st->hash ^ end_delta(x) ^ take_delta(x->g, x->st, p);
}

/* Moves the piece of KIND on FROM to TO and goes on; or, when the move
 * ends the turn (LEAVING, from leaving_hash, is not 0), lists the turn.
 * (Should a leaving hash be 0, the move is made: slower, as right.) */
static void move_to(gen *x, int kind, int from, int to, int step, int done, uint64_t leaving)
{
    rm_move m = { RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)from, (uint8_t)to, 0, 0 };
    if (leaving)
        list_last(x, &m, leaving ^ add_delta(x->g, x->st, to, kind));
    else
        make_and_continue(x, &m, step, done);
}

static void gen_moves(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    const rm_state *st = x->st;
    const uint8_t *cls = filter_classes(x, a);
    points enter = enter_points(st, a->kind, enters_stacks(g, a)), empty = empty_points(st);
    points over = piece_points(st, a->targets, NULL);
    long looked = 0;
    SET_FOREACH(p, &st->occ[x->side]) {
        looked++;
        if (st->kind[p] != a->kind)
            continue;
        looked += b->ray_off[p + 1] - b->ray_off[p];
        uint64_t leaving = leaving_hash(x, p, step, done);
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            if (!ray_allowed(a, cls, r))
                continue;
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            int len = b->rays[r].len;
            switch (a->type) {
            case RM_STEP:
                if (ray_step(pts, &enter))
                    move_to(x, a->kind, p, pts[0], step, done, leaving);
                break;
            case RM_SLIDE:
                for (int i = 0, stops = ray_slide(pts, len, &empty); i < stops; i++)
                    move_to(x, a->kind, p, pts[i], step, done, leaving);
                break;
            case RM_LEAP:
                if (ray_leap(pts, len, &over, &enter))
                    move_to(x, a->kind, p, pts[1], step, done, leaving);
                break;
            default:
                break;
            }
        }
    }
    spend(x, looked);
}

/* Ends a chain: its deferred pieces leave, and the turn goes on. */
static void finish_chain(gen *x, const rm_set *dead, int step, int done)
{
    if (!set_any(dead)) {
        gen_steps(x, step, done + 1);
        return;
    }
    if (spend(x, CHANGE_COST * set_count(dead)))
        return;
    int mark = x->log.n;
    remove_dead(x->g, x->st, &x->log, dead);
    gen_steps(x, step, done + 1);
    undo_to(x->g, x->st, &x->log, mark);
}

/* The pieces a capture of A (whose filter_classes are CLS) along ray R
 * jumps (0: none can be taken that way): it leaps over one of TARGETS
 * first, not over BACK (-1: any), nor over DEAD. */
static inline int capture_along(const gen *x, const rm_action_rule *a, const uint8_t *cls,
                                uint32_t r, const rm_set *targets, const rm_set *dead, int back)
{
    const rm_board *b = &x->g->board;
    if (!set_has(targets, b->ray_next[r]) || b->ray_next[r] == back || !ray_allowed(a, cls, r))
        return 0;
    return capture_run(x->st, a, b->ray_pts + b->rays[r].off, b->rays[r].len, dead);
}

/* Whether the piece of A on P could capture again ('with further step'),
 * not over DEAD nor first over BACK (-1: any). */
static bool could_capture(const gen *x, const rm_action_rule *a, int p, const rm_set *dead,
                          int back)
{
    const rm_board *b = &x->g->board;
    rm_set targets = target_points(x->g, x->st, a);
    const uint8_t *cls = filter_classes(x, a);
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++)
        if (capture_along(x, a, cls, r, &targets, dead, back) > 0)
            return true;
    return false;
}

/* Ends a capture or chain of action A, whose piece stands on LAND: its
 * deferred pieces leave, and the turn goes on; with a final step, it
 * also goes on after each step the piece can make from LAND ('with
 * further step': only when it could capture again from LAND, first over
 * any point but BACK). */
static void end_capture(gen *x, const rm_action_rule *a, int land, const rm_set *dead, int back,
                        int step, int done)
{
    if (!a->final_step || (a->further_step && !could_capture(x, a, land, dead, back))) {
        finish_chain(x, dead, step, done);
        return;
    }
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    int mark = x->log.n;
    if (set_any(dead)) {
        if (spend(x, CHANGE_COST * set_count(dead)))
            return;
        remove_dead(g, x->st, &x->log, dead);
    }
    gen_steps(x, step, done + 1);
    /* (a final step: along any ray, into a stack as the kind stacks) */
    points enter = enter_points(x->st, a->kind, g->kinds[a->kind].stacks_in_play);
    for (uint32_t r = b->ray_off[land]; r < b->ray_off[land + 1] && !x->stopped; r++) {
        int q = b->ray_next[r];
        if (!spend(x, 1) && ray_step(&b->ray_next[r], &enter)) {
            rm_move m = { RM_MV_MOVE, 0, a->kind, (uint8_t)land, (uint8_t)q, 0, 0 };
            make_and_continue(x, &m, step, done);
        }
    }
    undo_to(g, x->st, &x->log, mark);
}

/* Captures by the piece on P; returns whether there was one. TARGETS,
 * when not NULL, holds the target_points of the working state, and the
 * caller has checked that P has a neighbour among them; when NULL, they
 * are worked out here. BACK, when not -1, is the point the capture before
 * jumped last, which a chain 'not back' may not jump first. (This is the
 * walk's hottest loop: the rays looked along are counted with the capture
 * that leads here, or by gen_captures.) */
static bool gen_captures_from(gen *x, const rm_action_rule *a, int p, bool continuing,
                              const rm_set *targets, const rm_set *dead, int back, int step,
                              int done)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    bool found = false;
    if (!room(x))
        return false;
    rm_set here;
    if (!targets) {
        here = target_points(g, x->st, a);
        if (!set_meets(&b->adjacent[p], &here))
            return false;
        targets = &here;
    }
    const uint8_t *cls = filter_classes(x, a);
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
        int k = capture_along(x, a, cls, r, targets, dead, back);
        if (k == 0)
            continue;
        const uint16_t *pts = b->ray_pts + b->rays[r].off;
        found = true;
        rm_set d = *dead;
        rm_move m = { RM_MV_CAPTURE, (uint8_t)((continuing ? RM_MVF_CHAIN : 0) |
                                               (a->remove_at_end ? RM_MVF_DEFER : 0)),
                      a->kind, (uint8_t)p, (uint8_t)pts[k], (uint8_t)(r - b->ray_off[p]),
                      (uint8_t)k };
        int mark = x->log.n;
        apply_move(g, x->st, &x->log, &m, &d);
        x->moves[x->nmoves++] = m;
        x->captures++;
        /* the capture, the targets looked at on its way, and the targets
         * and rays the chain looks for and along where it lands */
        long work = k + CHANGE_COST * (x->log.n - mark) + g->nkinds +
                    (long)(b->ray_off[pts[k] + 1] - b->ray_off[pts[k]]);
        if (!begin(x, 1, work)) {
            int next_back = rm_back_after(a, pts[k - 1]);
            if (a->chain == RM_CHAIN_NONE) {
                end_capture(x, a, pts[k], &d, next_back, step, done);
            } else {
                if (a->chain == RM_CHAIN_MAY_STOP)
                    end_capture(x, a, pts[k], &d, next_back, step, done);
                bool more = gen_captures_from(x, a, pts[k], true, NULL, &d, next_back, step, done);
                if (a->chain == RM_CHAIN_MUST_CONTINUE && !more)
                    end_capture(x, a, pts[k], &d, next_back, step, done);
            }
        }
        x->captures--;
        x->nmoves--;
        undo_to(g, x->st, &x->log, mark);
        if (x->stopped)
            break;
    }
    return found;
}

static void gen_captures(gen *x, const rm_action_rule *a, int step, int done)
{
    rm_set dead, targets = target_points(x->g, x->st, a);
    set_clear(&dead);
    long looked = x->g->nkinds;
    SET_FOREACH(p, &x->st->occ[x->side]) {
        looked++;
        if (x->st->kind[p] == a->kind && set_meets(&x->g->board.adjacent[p], &targets)) {
            looked += x->g->board.ray_off[p + 1] - x->g->board.ray_off[p];
            gen_captures_from(x, a, p, false, &targets, &dead, -1, step, done);
        }
    }
    spend(x, looked);
}

/* ---- captures by approach and by withdrawal (moves.h) ---- */

/* The ray of P opposite its ray R, along which a withdrawal along R
 * takes; UINT32_MAX when P has none (R leaves the end of its line). */
static uint32_t opposite_ray(const rm_board *b, int p, uint32_t r)
{
    for (uint32_t o = b->ray_off[p]; o < b->ray_off[p + 1]; o++)
        if (rm_by_opposite(b->rays[o].line, b->rays[o].dir, b->rays[r].line, b->rays[r].dir))
            return o;
    return UINT32_MAX;
}

static bool by_captures_from(gen *x, const rm_action_rule *a, int p, rm_set *visited,
                             int prev_line, int prev_dir, int step, int done);

/* Makes the capture of A that steps from P along its ray R and takes the
 * N pieces on TAKEN (a move, then a removal for each, nearest first),
 * and ends the step, or goes on with the chain from where it stepped to
 * (VISITED: the points the piece has stood on in the turn). */
static void by_capture(gen *x, const rm_action_rule *a, int p, uint32_t r, const uint16_t *taken,
                       int n, rm_set *visited, int step, int done)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    int q = b->ray_next[r];
    if (!room(x) || x->nmoves + 1 + n > RM_MAX_TURN_MOVES)
        return;
    int mark = x->log.n, nmoves = x->nmoves;
    rm_move m = { RM_MV_MOVE, 0, a->kind, (uint8_t)p, (uint8_t)q, 0, 0 };
    apply_move(g, x->st, &x->log, &m, NULL);
    x->moves[x->nmoves++] = m;
    for (int i = 0; i < n; i++) {
        rm_move t = { RM_MV_REMOVE, 0, (uint8_t)x->st->kind[taken[i]], (uint8_t)taken[i], 0, 0, 0 };
        apply_move(g, x->st, &x->log, &t, NULL);
        x->moves[x->nmoves++] = t;
    }
    x->captures++;
    /* the capture, the pieces it took, and the rays the chain looks along
     * where it stepped to */
    long work = n + CHANGE_COST * (x->log.n - mark) + (long)(b->ray_off[q + 1] - b->ray_off[q]);
    if (!begin(x, 1, work)) {
        set_add(visited, q);
        if (a->chain != RM_CHAIN_MUST_CONTINUE)
            gen_steps(x, step, done + 1);
        if (a->chain != RM_CHAIN_NONE &&
            !by_captures_from(x, a, q, visited, b->rays[r].line, b->rays[r].dir, step, done) &&
            a->chain == RM_CHAIN_MUST_CONTINUE)
            gen_steps(x, step, done + 1);
        set_del(visited, q);
    }
    x->captures--;
    x->nmoves = nmoves;
    undo_to(g, x->st, &x->log, mark);
}

/* Captures by approach or withdrawal of A by the piece on P, after a
 * step along line PREV_LINE, way PREV_DIR (PREV_LINE -1: none yet);
 * returns whether there was one. */
static bool by_captures_from(gen *x, const rm_action_rule *a, int p, rm_set *visited,
                             int prev_line, int prev_dir, int step, int done)
{
    const rm_board *b = &x->g->board;
    const uint8_t *cls = filter_classes(x, a);
    points targets = piece_points(x->st, a->targets, NULL);
    bool found = false;
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1] && !x->stopped; r++) {
        const rm_ray *ray = &b->rays[r];
        if (x->st->kind[b->ray_next[r]] >= 0 || !ray_allowed(a, cls, r) ||
            !rm_by_may_step(ray->line, ray->dir, set_has(visited, b->ray_next[r]), prev_line,
                            prev_dir))
            continue;
        for (int way = RM_BY_APPROACH; way <= RM_BY_WITHDRAWAL; way <<= 1) {
            if (!(a->by & way))
                continue;
            const uint16_t *pts = b->ray_pts + ray->off + 1;
            int len = ray->len - 1;
            if (way == RM_BY_WITHDRAWAL) {
                uint32_t o = opposite_ray(b, p, r);
                if (o == UINT32_MAX)
                    continue;
                pts = b->ray_pts + b->rays[o].off;
                len = b->rays[o].len;
            }
            int n = ray_run(pts, len, &targets);
            if (n == 0)
                continue;
            found = true;
            by_capture(x, a, p, r, pts, n, visited, step, done);
        }
    }
    return found;
}

static void gen_by_captures(gen *x, const rm_action_rule *a, int step, int done)
{
    rm_set visited;
    set_clear(&visited);
    long looked = 0;
    SET_FOREACH(p, &x->st->occ[x->side]) {
        looked++;
        if (x->st->kind[p] != a->kind)
            continue;
        looked += x->g->board.ray_off[p + 1] - x->g->board.ray_off[p];
        set_add(&visited, p);
        by_captures_from(x, a, p, &visited, -1, 0, step, done);
        set_del(&visited, p);
        if (x->stopped)
            break;
    }
    spend(x, looked);
}

static void gen_removes(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_state *st = x->st;
    int lowest = -1;
    for (int k = 0; k < x->g->nkinds && lowest < 0; k++)
        if (a->targets >> k & 1)
            lowest = first_point(x, RM_MV_REMOVE, k);
    bool last = last_move(x, step, done);
    uint64_t base = last ? st->hash ^ end_delta(x) : 0;
    long looked = 0;
    SET_FOREACH(p, &st->occ[1 - x->side]) {
        looked++;
        if (p < lowest || !(a->targets >> st->kind[p] & 1))
            continue;
        if (a->has_region && !set_has(&a->region, p))
            continue;
        rm_move m = { RM_MV_REMOVE, 0, (uint8_t)st->kind[p], (uint8_t)p, 0, 0, 0 };
        if (last)
            list_last(x, &m, base ^ take_delta(x->g, st, p));
        else
            make_and_continue(x, &m, step, done);
    }
    spend(x, looked);
}

static void gen_relocates(gen *x, const rm_action_rule *a, int step, int done)
{
    const rm_game *g = x->g;
    const rm_state *st = x->st;
    long looked = 0;
    SET_FOREACH(p, &st->occ[x->side]) {
        looked++;
        if (st->kind[p] != a->kind)
            continue;
        looked += g->board.npoints;
        uint64_t leaving = leaving_hash(x, p, step, done);
        for (int q = 0; q < g->board.npoints; q++) {
            if (q == p || st->kind[q] >= 0 || (a->has_region && !set_has(&a->region, q)))
                continue;
            move_to(x, a->kind, p, q, step, done, leaving);
        }
    }
    spend(x, looked);
}

/* One action of a step, by the general walk. */
static void gen_action(gen *x, const rm_action_rule *a, int step, int done)
{
    switch (a->type) {
    case RM_DROP:
        gen_drop(x, a, step, done);
        break;
    case RM_STEP:
    case RM_SLIDE:
    case RM_LEAP:
        gen_moves(x, a, step, done);
        break;
    case RM_CAPTURE:
        if (a->by)
            gen_by_captures(x, a, step, done);
        else
            gen_captures(x, a, step, done);
        break;
    case RM_REMOVE:
        gen_removes(x, a, step, done);
        break;
    case RM_RELOCATE:
        gen_relocates(x, a, step, done);
        break;
    default:
        /* a kind added to rules.h and not here: fail, never list nothing */
        x->unknown = x->stopped = true;
        break;
    }
}

/* Lists (or emits) the turn of the moves made: the working state is the
 * position it leads to, but for the end of the turn. */
static void list_turn(gen *x)
{
    if (x->list) {
        if (spend(x, x->nmoves) || !allowed(x, x->nmoves ? &x->moves[0] : NULL, x->captures > 0))
            return;
        rm_turnlist_add(x->list, x->st->hash ^ end_delta(x), x->moves, x->nmoves, x->captures > 0,
                        true);
        return;
    }
    rm_clock saved = clock_of(x->st);
    end_turn(x->g, x->st, x->moves, x->nmoves);
    x->emit(x->ctx, x->st, x->moves, x->nmoves, x->captures > 0);
    clock_store(x->st, &saved);
}

/* Ends a turn of own moves that captured nothing though a piece could
 * (language.md, captures huffed): at once, one turn for each piece its
 * side may lose, taken off as its last move (the piece that moved, if it
 * could have captured; else any that could); by opponent, the pieces that
 * could have captured, where they now stand, are the position's pieces to
 * huff. */
static void huff_turn(gen *x)
{
    const rm_game *g = x->g;
    rm_state *st = x->st;
    const rm_move *own = x->moves + x->own;
    int n = x->nmoves - x->own;
    rm_set c = huff_follow(x->could, own, n);
    if (x->huffs == RM_HUFF_BY_OPPONENT) {
        uint64_t hash = st->hash;
        huff_set(g, st, &c);
        list_turn(x);
        set_clear(&st->huff);
        st->hash = hash;
        return;
    }
    int mover = huff_mover(own, n);
    if (mover >= 0 && set_has(&c, mover)) {
        set_clear(&c);
        set_add(&c, mover);
    }
    SET_FOREACH(q, &c) {
        if (!room(x) || x->stopped)
            break;
        rm_move m = { RM_MV_REMOVE, 0, (uint8_t)st->kind[q], (uint8_t)q, 0, 0, 0 };
        int mark = x->log.n;
        apply_move(g, st, &x->log, &m, NULL);
        x->moves[x->nmoves++] = m;
        if (!spend(x, CHANGE_COST))
            list_turn(x);
        x->nmoves--;
        undo_to(g, st, &x->log, mark);
    }
}

static void gen_steps(gen *x, int step, int done)
{
    if (begin(x, 1, 1))
        return;
    if (step == x->tr->nsteps) {
        if (x->huffs && x->captures == 0 && x->nmoves > x->own)
            huff_turn(x);
        else
            list_turn(x);
        return;
    }
    const rm_step_rule *s = &x->tr->steps[step];
    int saved = x->step_begin;
    int begin = done == 0 ? x->nmoves : saved;
    if (done >= s->min)
        gen_steps(x, step + 1, 0);
    x->step_begin = begin;
    if (done < s->max)
        for (int i = 0; i < s->nalts; i++)
            gen_action(x, &x->g->rules.actions[s->alt[i]], step, done);
    x->step_begin = saved;
}

/* ---- single moves ---- */

/* Adds the one-move turn M leading to the position with hash H. */
static void single(gen *x, uint64_t h, rm_move m, bool captured)
{
    if (begin(x, 1, 1))
        return;
    rm_turnlist_add(x->list, h, &m, 1, captured, x->tr->merge);
}

/* Where single_moves writes its turns while the list has room for them
 * and they need no merging: the next free slots, and how many turns fit
 * (within the list's arrays, its limit and the next check of the work) before single
 * has to take over. Kept in locals, so that the loops do not reload the
 * list's counts after every store. */
typedef struct sink {
    rm_turn *turn;
    rm_move *move;
    uint32_t off;              /* the index of *move in the list's moves */
    long room;
} sink;

static inline sink sink_open(const gen *x)
{
    const rm_turnlist *l = x->list;
    sink k = { NULL, NULL, 0, 0 };
    if (x->tr->merge || l->failed || !l->own_turns || !l->own_moves)
        return k;
    long room = (l->cap < RM_MAX_TURNS ? l->cap : RM_MAX_TURNS) - l->n;
    if ((long)(l->capmoves - l->nmoves) < room)
        room = (long)(l->capmoves - l->nmoves);
    if (x->check_at - x->work < room)
        room = x->check_at - x->work;
    if (room > 0)
        k = (sink){ l->own_turns + l->n, l->own_moves + l->nmoves, (uint32_t)l->nmoves, room };
    return k;
}

/* Counts the turns written through K into the list and the work. */
static inline void sink_close(gen *x, sink k)
{
    if (!k.turn)
        return;
    rm_turnlist *l = x->list;
    int n = (int)(k.turn - (l->own_turns + l->n));
    l->n += n;
    l->nmoves += (size_t)n;
    x->partial += n;
    x->work += n;
}

/* When the sink is full (or the turns need merging): settles it, lists M
 * by rm_turnlist_add, which grows the list or merges, and opens a new
 * sink. */
static sink put_slow(gen *x, sink k, uint64_t h, rm_move m, bool captured)
{
    sink_close(x, k);
    single(x, h, m, captured);
    return sink_open(x);
}

/* Lists the one-move turn M leading to the position with hash H. */
static inline void put(gen *x, sink *k, uint64_t h, rm_move m, bool captured)
{
    if (k->room > 0) {
        *k->move++ = m;
        *k->turn++ = (rm_turn){ h, k->off++, 1, captured };
        k->room--;
    } else {
        *k = put_slow(x, *k, h, m, captured);
    }
}

/* The turns of action A (no chain) from ROOT: BASE is the hash of ROOT
 * with the end of the turn already in it. */
static void single_moves(gen *x, const rm_state *root, const rm_action_rule *a, uint64_t base)
{
    const rm_game *g = x->g;
    const rm_board *b = &g->board;
    int kind = a->kind;
    sink out = sink_open(x);
    switch (a->type) {
    case RM_DROP: {
        if (root->hand[kind] == 0 || (a->fewer_than >= 0 && root->on_board[kind] >= a->fewer_than))
            return;
        base ^= drop_delta(g, root, kind) ^ end_turn_delta(g, root, -1);
        bool stack = enters_stacks(g, a);
        for (int p = 0; p < b->npoints; p++) {
            if ((a->has_region && !set_has(&a->region, p)) || !may_enter(root, p, kind, stack))
                continue;
            put(x, &out, base ^ add_delta(g, root, p, kind),
                (rm_move){ RM_MV_DROP, 0, (uint8_t)kind, 0, (uint8_t)p, 0, 0 }, false);
        }
        sink_close(x, out);
        return;
    }
    case RM_REMOVE:
        SET_FOREACH(p, &root->occ[1 - x->side]) {
            if (!(a->targets >> root->kind[p] & 1) || (a->has_region && !set_has(&a->region, p)))
                continue;
            put(x, &out, base ^ take_delta(g, root, p),
                (rm_move){ RM_MV_REMOVE, 0, (uint8_t)root->kind[p], (uint8_t)p, 0, 0, 0 }, false);
        }
        sink_close(x, out);
        return;
    default:
        break;
    }
    /* A step that cannot enter a stack needs an empty neighbour: the
     * pieces without one are passed over without looking along their rays. */
    bool stack = enters_stacks(g, a);
    bool plain_step = a->type == RM_STEP && !stack;
    rm_set empty, targets;
    for (int i = 0; i < RM_SET_WORDS; i++)
        empty.w[i] = ~(root->occ[0].w[i] | root->occ[1].w[i]);
    if (a->type == RM_CAPTURE)
        targets = target_points(g, root, a);
    const uint8_t *cls = filter_classes(x, a);
    points enter = enter_points(root, kind, stack), vacant = empty_points(root);
    points over = piece_points(root, a->targets, NULL);
    SET_FOREACH(p, &root->occ[x->side]) {
        if (root->kind[p] != kind || (plain_step && !set_meets(&b->adjacent[p], &empty)))
            continue;
        uint64_t from = base ^ take_delta(g, root, p);
        rm_move m = { RM_MV_MOVE, 0, (uint8_t)kind, (uint8_t)p, 0, 0, 0 };
        uint32_t first = b->ray_off[p], last = b->ray_off[p + 1];
        switch (a->type) {
        case RM_RELOCATE:
            for (int q = 0; q < b->npoints; q++) {
                if (q == p || root->kind[q] >= 0 || (a->has_region && !set_has(&a->region, q)))
                    continue;
                m.to = (uint8_t)q;
                put(x, &out, from ^ g->zob.cell[q][kind], m, false);
            }
            break;
        case RM_STEP:
            for (uint32_t r = first; r < last; r++) {
                int q = b->ray_next[r];
                if (ray_step(&b->ray_next[r], &enter) && ray_allowed(a, cls, r)) {
                    m.to = (uint8_t)q;
                    put(x, &out, from ^ add_delta(g, root, q, kind), m, false);
                }
            }
            break;
        case RM_SLIDE:
            for (uint32_t r = first; r < last; r++) {
                if (!ray_allowed(a, cls, r))
                    continue;
                const uint16_t *pts = b->ray_pts + b->rays[r].off;
                int len = b->rays[r].len;
                for (int i = 0, stops = ray_slide(pts, len, &vacant); i < stops; i++) {
                    m.to = (uint8_t)pts[i];
                    put(x, &out, from ^ g->zob.cell[pts[i]][kind], m, false);
                }
            }
            break;
        case RM_LEAP:
            for (uint32_t r = first; r < last; r++) {
                const uint16_t *pts = b->ray_pts + b->rays[r].off;
                if (ray_leap(pts, b->rays[r].len, &over, &enter) && ray_allowed(a, cls, r)) {
                    m.to = (uint8_t)pts[1];
                    put(x, &out, from ^ add_delta(g, root, pts[1], kind), m, false);
                }
            }
            break;
        case RM_CAPTURE:
            if (!set_meets(&b->adjacent[p], &targets))
                break;
            for (uint32_t r = first; r < last; r++) {
                const uint16_t *pts = b->ray_pts + b->rays[r].off;
                int k = capture_run(root, a, pts, b->rays[r].len, NULL);
                if (k == 0 || !ray_allowed(a, cls, r))
                    continue;
                uint64_t h = from ^ g->zob.cell[pts[k]][kind];
                for (int i = 0; i < k; i++)
                    h ^= take_delta(g, root, pts[i]);
                put(x, &out, h,
                    (rm_move){ RM_MV_CAPTURE, (uint8_t)(a->remove_at_end ? RM_MVF_DEFER : 0),
                               (uint8_t)kind, (uint8_t)p, (uint8_t)pts[k], (uint8_t)(r - first),
                               (uint8_t)k },
                    true);
            }
            break;
        default:
            break;
        }
    }
    sink_close(x, out);
}

/* How listing ended: the list's own flags say why it failed. */
enum { GEN_DONE, GEN_LIST_FAILED, GEN_TOO_MUCH, GEN_TOO_SLOW, GEN_UNKNOWN };

static int generate(const rm_game *g, const rm_state *st, rm_turnlist *list, rm_emit_fn emit,
                    void *ctx, bool canonical, const rm_set *must_capture)
{
    if (!g->rules.present)
        return GEN_DONE;
    int side = st->to_move;
    const rm_phase *ph = rm_side_phase(g, st, side);
    int t = st->phase_turns[side] < ph->nturns ? st->phase_turns[side] : ph->nturns - 1;
    gen x;
    x.g = g;
    x.tr = &ph->turns[t];
    x.side = side;
    x.nmoves = 0;
    x.captures = 0;
    x.list = list;
    x.emit = emit;
    x.ctx = ctx;
    x.canonical = canonical;
    x.must_capture = must_capture;
    x.step_begin = 0;
    x.partial = x.work = 0;
    x.check_at = GEN_CLOCK_EVERY; /* (next_check of no work) */
    x.deadline = 0;
    x.stopped = x.timed_out = x.unknown = false;
    x.log.n = 0;
    x.end_known = false;
    x.drop_known = false;
    x.huffs = RM_HUFF_NONE;
    x.own = 0;
    x.could = huff_candidates(g, st);
    if (set_any(&x.could))
        x.huffs = ph->huff;
    rm_state work;
    x.st = &work;
    if (set_any(&st->huff)) {
        /* The opponent's pieces to huff: the turn huffs one first, and
         * goes on from there (where its own pieces that could capture
         * are looked for again). */
        rm_set huff = st->huff;
        work = *st;
        huff_clear(g, &work);
        x.own = 1;
        SET_FOREACH(p, &huff) {
            if (x.stopped)
                break;
            rm_move m = { RM_MV_REMOVE, 0, (uint8_t)work.kind[p], (uint8_t)p, 0, 0, 0 };
            int mark = x.log.n;
            apply_move(g, &work, &x.log, &m, NULL);
            x.moves[x.nmoves++] = m;
            x.could = huff_candidates(g, &work);
            x.huffs = set_any(&x.could) ? ph->huff : RM_HUFF_NONE;
            gen_steps(&x, 0, 0);
            x.nmoves--;
            undo_to(g, &work, &x.log, mark);
        }
    }
    bool known = true;
    for (int i = 0; i < x.tr->steps[0].nalts; i++)
        known = known && one_move_walks_know(&g->rules.actions[x.tr->steps[0].alt[i]]);
    if (x.own) {
        /* (walked above) */
    } else if (list && x.tr->single && !must_capture && known && !x.huffs) {
        const rm_step_rule *s = &x.tr->steps[0];
        uint64_t base = st->hash ^ end_turn_delta(g, st, -1);
        bool copied = false;
        for (int i = 0; i < s->nalts; i++) {
            const rm_action_rule *a = &g->rules.actions[s->alt[i]];
            if (a->type != RM_CAPTURE || (a->chain == RM_CHAIN_NONE && !a->final_step)) {
                single_moves(&x, st, a, base);
                continue;
            }
            if (!copied) {
                work = *st;
                copied = true;
            }
            gen_captures(&x, a, 0, 0);
        }
    } else {
        work = *st;
        gen_steps(&x, 0, 0);
    }
    if (list)
        list->work = x.work;
    if (list && list->failed)
        return GEN_LIST_FAILED;
    return !x.stopped ? GEN_DONE : x.unknown ? GEN_UNKNOWN : x.timed_out ? GEN_TOO_SLOW : GEN_TOO_MUCH;
}

bool rm_generate(const rm_game *g, const rm_state *st, rm_emit_fn emit, void *ctx)
{
    return generate(g, st, NULL, emit, ctx, false, NULL) == GEN_DONE;
}

/* ---- the turn cache's lists (turncache.c) ---- */

/* Lends L the cached list of ST in G, if there is one (L is cleared). */
static inline bool cache_lend(const rm_game *g, const rm_state *st, rm_turnlist *l)
{
    const turn_cache *c = (const turn_cache *)atomic_load_explicit(&g->exec_cache,
                                                                   memory_order_acquire);
    /* (an entry matches only a position with as many turns played: the
     * positions of the rest of a game are passed over at once) */
    if (!c || st->turn > c->max_turn)
        return false;
    const cache_entry *e = cache_find(c, st);
    if (!e)
        return false;
    l->turns = e->turns;
    l->moves = e->moves;
    l->n = e->n;
    l->nmoves = e->nmoves;
    l->pass = e->pass;
    l->work = e->work;
    return true;
}

/* ---- legal turns ---- */

const char *rm_turns_failure(const rm_turnlist *l, char *buf, size_t size)
{
    if (l->too_slow)
        snprintf(buf, size, "listing the turns of this position took more than %g s",
                 rm_gen_time_limit());
    else if (l->unknown)
        snprintf(buf, size, "the rules have an action of a kind this program cannot play");
    else if (l->too_many)
        snprintf(buf, size, "this position has too many ways to play to list them");
    else
        snprintf(buf, size, "out of memory");
    return buf;
}

/* Notes the piece of each way to play that captures (the point its first
 * move moves from), for compulsory captures per piece. */
static void note_capturing(void *ctx, const rm_state *after, const rm_move *moves, int n,
                           bool captured)
{
    (void)after;
    if (captured && n > 0 && (moves[0].type == RM_MV_MOVE || moves[0].type == RM_MV_CAPTURE))
        set_add(ctx, moves[0].from);
}

#ifndef NDEBUG
/* Whether the turns of L lead to different positions (their hashes), the
 * list's promise: equal turns are merged (a list of more than 4096
 * turns is taken on trust: the check would cost more than the list).
 * An open-addressed set of the hashes, in time linear in the list: the
 * check runs on every listing of a debug or sanitizer build. */
static bool turns_distinct(const rm_turnlist *l)
{
    enum { SLOTS = 8192 };
    static _Thread_local uint64_t key[SLOTS];
    static _Thread_local uint32_t mark[SLOTS], round;
    if (l->n > 4096)
        return true;
    if (++round == 0) {
        memset(mark, 0, sizeof mark);
        round = 1;
    }
    for (int i = 0; i < l->n; i++) {
        uint64_t h = l->turns[i].hash;
        size_t s = (size_t)(h ^ (h >> 29)) & (SLOTS - 1);
        while (mark[s] == round) {
            if (key[s] == h)
                return false;
            s = (s + 1) & (SLOTS - 1);
        }
        mark[s] = round;
        key[s] = h;
    }
    return true;
}
#endif

int rm_legal_turns(const rm_game *g, const rm_state *st, rm_turnlist *l)
{
    rm_turnlist_clear(l);
    /* after a pass that ended the game, there is no turn to play */
    if (st->pass_end)
        return 0;
    if (cache_lend(g, st, l))
        return l->n;
    const rm_phase *ph = rm_side_phase(g, st, st->to_move);
    /* Compulsory captures per piece: the pieces that can capture, found
     * by a first walk over every way to play (two ways that reach one
     * position may begin with different pieces); the listing then leaves
     * out each way by one of them that does not capture. A position is
     * legal when one of its ways is. */
    rm_set capturing;
    set_clear(&capturing);
    int how = GEN_DONE;
    if (ph->compulsory_per_piece)
        how = generate(g, st, NULL, note_capturing, &capturing, true, NULL);
    if (how == GEN_DONE)
        how = generate(g, st, l, NULL, NULL, true, set_any(&capturing) ? &capturing : NULL);
    if (how == GEN_UNKNOWN)
        l->unknown = l->failed = true;
    if (how == GEN_TOO_MUCH || how == GEN_TOO_SLOW) {
        l->too_many = true;
        l->too_slow = how == GEN_TOO_SLOW;
        l->failed = true;
    }
    if (l->failed)
        return -1;
    /* Compulsory captures: when a turn captures, the others are not legal. */
    if (ph->compulsory) {
        bool any = false;
        for (int i = 0; i < l->n && !any; i++)
            any = l->turns[i].captured;
        if (any) {
            int k = 0;
            for (int i = 0; i < l->n; i++)
                if (l->turns[i].captured)
                    l->own_turns[k++] = l->turns[i];
            l->n = k;
        }
    }
    /* Compulsory drops: when a turn drops a piece, the others are not legal. */
    if (ph->drops_compulsory) {
        bool any = false;
        for (int i = 0; i < l->n && !any; i++)
            any = rm_turn_drops(l, i);
        if (any) {
            int k = 0;
            for (int i = 0; i < l->n; i++)
                if (rm_turn_drops(l, i))
                    l->own_turns[k++] = l->turns[i];
            l->n = k;
        }
    }
    /* A side that passes when blocked has one turn: the pass, no move
     * (after which, by some rules, the game is over: the position says
     * so, and so does its hash). */
    if (l->n == 0 && RM_BLOCKED_IS_PASS(rm_blocked_rule(&g->rules, st->phase, st->to_move))) {
        uint64_t over = g->zob.pass_end[pass_end_rule(g, st)];
        rm_turnlist_add(l, st->hash ^ huff_hash(g, &st->huff) ^ end_turn_delta(g, st, -1) ^ over,
                        NULL, 0, false, false);
        if (l->failed)
            return -1;
        l->pass = true;
    }
    /* The counters each turn leads to, in its hash (a game that counts
     * lends no cached list: its turns are the list's own). Turns merged
     * above reach one placement of the pieces, so the same counters. */
    if (g->rules.counting)
        for (int i = 0; i < l->n; i++)
            l->own_turns[i].hash ^= count_delta(g, st, rm_turn_moves(l, i), l->turns[i].n,
                                                l->turns[i].captured);
    assert(turns_distinct(l));
    return l->n;
}

/* Counts a turn; the walk has found one. */
static void count_turn(void *ctx, const rm_state *st, const rm_move *moves, int n, bool captured)
{
    (void)st, (void)moves, (void)n, (void)captured;
    ++*(long *)ctx;
}

int rm_can_move(const rm_game *g, const rm_state *st)
{
    long n = 0;
    bool done = rm_generate(g, st, count_turn, &n);
    return n > 0 ? 1 : done ? 0 : -1;
}
