/* notation.c: turns as text (see notation.h). */
#include "notation.h"

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PUT(FORMAT, ...): appends to the text at BUF (SIZE bytes), USED bytes
 * long so far, in a function that has those three; it counts on past the
 * end of BUF, so that the whole length is returned. */
#define PUT(...)                                                                          \
    do {                                                                                  \
        int w_ = snprintf(used < size ? buf + used : NULL, used < size ? size - used : 0, \
                          __VA_ARGS__);                                                   \
        if (w_ > 0)                                                                       \
            used += (size_t)w_;                                                           \
    } while (0)

/* Writes the turn; LONG_DROPS names the kind of every drop. */
static size_t format(const rm_game *g, const rm_move *moves, int n, bool long_drops, char *buf,
                     size_t size)
{
    size_t used = 0;
    if (size > 0)
        buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        const rm_move *m = &moves[i];
        const char *from = g->board.points[m->from].name, *to = g->board.points[m->to].name;
        bool cont = m->type == RM_MV_CAPTURE && (m->flags & RM_MVF_CHAIN);
        if (i > 0 && !cont)
            PUT(",");
        switch (m->type) {
        case RM_MV_DROP:
            if (long_drops || g->sides[g->kinds[m->kind].side].nkinds > 1)
                PUT("%s@%s", g->kinds[m->kind].name, to);
            else
                PUT("%s", to);
            break;
        case RM_MV_MOVE:
            PUT("%s-%s", from, to);
            break;
        case RM_MV_CAPTURE:
            if (cont)
                PUT("x%s", to);
            else
                PUT("%sx%s", from, to);
            break;
        case RM_MV_REMOVE:
            PUT("x%s", from);
            break;
        default:
            break;
        }
    }
    if (n == 0)
        PUT("-"); /* a turn in which no move is made */
    return used;
}

size_t rm_format_turn(const rm_game *g, const rm_move *moves, int n, char *buf, size_t size)
{
    return format(g, moves, n, false, buf, size);
}

char *rm_turn_text(const rm_game *g, const rm_move *moves, int n)
{
    size_t len = format(g, moves, n, false, NULL, 0);
    char *text = malloc(len + 1);
    if (text)
        format(g, moves, n, false, text, len + 1);
    return text;
}

/* Whether the LEN bytes at P are the name of a point of B. */
static bool is_point_prefix(const rm_board *b, const char *p, size_t len)
{
    char name[64];
    if (len >= sizeof name)
        return false;
    memcpy(name, p, len);
    name[len] = '\0';
    return board_point(b, name) >= 0;
}

/* Reads the moves of TEXT (no blanks) into MOVES; -2 with a message when
 * the text is not turn notation or names no point of the board, -1 for a
 * drop when the side has nothing in hand. The kinds, rays and jumped
 * counts are filled in by rm_apply_checked. */
static int read_moves(const rm_game *g, const rm_state *st, const char *text, rm_move *moves,
                      int *n, char *err, size_t errsize)
{
    const rm_board *b = &g->board;
    *n = 0;
    const char *p = text;
    while (*p) {
        /* one move: [KIND@]P | P-Q | PxQ{xR} | xP; a kind's name is one
         * token of the file, 4,096 bytes at most (RM_MAX_TOKEN) */
        char name[4096 + 1];
        int pts[RM_MAX_TURN_MOVES + 1], np = 0;
        char seps[RM_MAX_TURN_MOVES + 1];
        int kind = -1;
        bool lead_x = false;
        if (*p == 'x' && !(p[1] == '\0' || p[1] == ',')) {
            /* "xb4" is a removal unless "x..." is itself a point name */
            size_t len = strcspn(p, ",-@");
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), p);
            if (board_point(b, word) < 0 || strchr(word + 1, 'x')) {
                lead_x = true;
                p++;
            }
        }
        for (;;) {
            size_t len = 0;
            /* a point name runs to a separator; 'x' separates after a digit,
             * or after a point's whole name ("topxlow" on points top, low) */
            while (p[len] && p[len] != ',' && p[len] != '-' && p[len] != '@' &&
                   !(p[len] == 'x' && len > 0 &&
                     ((p[len - 1] >= '0' && p[len - 1] <= '9') || is_point_prefix(b, p, len))))
                len++;
            if (len == 0 || len >= sizeof name) {
                snprintf(err, errsize, "cannot read the turn at '%.20s'", p);
                return -2;
            }
            memcpy(name, p, len);
            name[len] = '\0';
            p += len;
            if (*p == '@' && np == 0 && kind < 0 && !lead_x) {
                kind = game_kind(g, name);
                if (kind < 0) {
                    snprintf(err, errsize, "unknown piece kind '%s' before '@'%s",
                             SHOWN(name), GAME_HINT(g, GAME_KINDS, name));
                    return -2;
                }
                p++;
                continue;
            }
            int q = board_point(b, name);
            if (q < 0) {
                snprintf(err, errsize, "unknown point '%s'%s", SHOWN(name),
                         GAME_HINT(g, GAME_POINTS, name));
                return -2;
            }
            if (np == RM_MAX_TURN_MOVES + 1) { /* a chain of the most moves has one more point */
                snprintf(err, errsize, "the turn has more than %d moves", RM_MAX_TURN_MOVES);
                return -2;
            }
            pts[np++] = q;
            if (*p == '-' || *p == 'x') {
                seps[np - 1] = *p++;
                continue;
            }
            break;
        }
        if (*p == ',')
            p++;
        else if (*p) {
            snprintf(err, errsize, "cannot read the turn at '%.20s'", p);
            return -2;
        }
        rm_move m;
        memset(&m, 0, sizeof m);
        if (lead_x) {
            if (np != 1 || kind >= 0) {
                snprintf(err, errsize, "a removal is written xPOINT");
                return -2;
            }
            m.type = RM_MV_REMOVE;
            m.from = (uint8_t)pts[0];
        } else if (np == 1) {
            if (kind < 0) {
                /* the side's kind in hand, when there is one */
                const rm_side *sd = &g->sides[rm_state_to_move(st)];
                for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
                    if (rm_state_hand(st, k) > 0 && kind < 0)
                        kind = k;
                if (kind < 0) {
                    snprintf(err, errsize, "not a legal turn here: a drop, but %s have no piece "
                             "in hand", sd->name);
                    return -1; /* read, but not legal */
                }
            }
            m.type = RM_MV_DROP;
            m.kind = (uint8_t)kind;
            m.to = (uint8_t)pts[0];
        } else if (np == 2 && seps[0] == '-') {
            m.type = RM_MV_MOVE;
            m.from = (uint8_t)pts[0];
            m.to = (uint8_t)pts[1];
        } else {
            for (int i = 0; i + 1 < np; i++) {
                if (seps[i] != 'x') {
                    snprintf(err, errsize, "a chain of captures is written with 'x' only");
                    return -2;
                }
                if (*n == RM_MAX_TURN_MOVES) {
                    snprintf(err, errsize, "the turn has more than %d moves", RM_MAX_TURN_MOVES);
                    return -2;
                }
                memset(&m, 0, sizeof m);
                m.type = RM_MV_CAPTURE;
                m.flags = i > 0 ? RM_MVF_CHAIN : 0;
                m.from = (uint8_t)pts[i];
                m.to = (uint8_t)pts[i + 1];
                moves[(*n)++] = m;
            }
            continue;
        }
        if (*n == RM_MAX_TURN_MOVES) {
            snprintf(err, errsize, "the turn has more than %d moves", RM_MAX_TURN_MOVES);
            return -2;
        }
        moves[(*n)++] = m;
    }
    return 0;
}

/* Why move M cannot be made in the position ST (its board as the moves
 * before M left it) by SIDE: the first rule of rm_apply_checked that it
 * breaks, in words. */
static void explain_move(const rm_game *g, const rm_state *st, int side, const rm_move *m,
                         char *err, size_t errsize)
{
    const rm_board *b = &g->board;
    const char *from = b->points[m->from].name, *to = b->points[m->to].name;
    const char *mover = SHOWN(g->sides[side].name);
    int kf = m->type == RM_MV_DROP ? -1 : rm_state_kind(st, m->from);
    int kt = rm_state_kind(st, m->to);
    if (m->type == RM_MV_DROP) {
        if (g->kinds[m->kind].side != side)
            snprintf(err, errsize, "a %s is not a piece of %s", SHOWN(g->kinds[m->kind].name), mover);
        else if (rm_state_hand(st, m->kind) == 0)
            snprintf(err, errsize, "%s have no %s in hand", mover, SHOWN(g->kinds[m->kind].name));
        else
            snprintf(err, errsize, "%s is taken", to);
        return;
    }
    if (kf < 0) {
        snprintf(err, errsize, "there is no piece on %s", from);
    } else if (m->type == RM_MV_REMOVE) {
        snprintf(err, errsize, "the %s on %s is %s's own piece", SHOWN(g->kinds[kf].name),
                 from, mover);
    } else if (g->kinds[kf].side != side) {
        snprintf(err, errsize, "the %s on %s is not a piece of %s, who are to move",
                 SHOWN(g->kinds[kf].name), from, mover);
    } else if (m->from == m->to) {
        snprintf(err, errsize, "a move must leave %s", from);
    } else if (kt >= 0 && (kt != kf || !g->kinds[kf].stacks_in_play ||
                           rm_state_count(st, m->to) == 255)) {
        snprintf(err, errsize, "%s is taken", to);
    } else {
        /* a capture: TO on a line from FROM, over pieces of the other side */
        for (uint32_t r = b->ray_off[m->from]; r < b->ray_off[m->from + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            for (int k = 1; k < b->rays[r].len; k++)
                if (pts[k] == m->to)
                    for (int j = 0; j < k; j++) {
                        int kj = rm_state_kind(st, pts[j]);
                        if (kj < 0 || g->kinds[kj].side == side) {
                            snprintf(err, errsize, "a capture from %s to %s jumps over %s, which %s",
                                     from, to, b->points[pts[j]].name,
                                     kj < 0 ? "is empty" : "holds a piece of the capturing side");
                            return;
                        }
                    }
        }
        snprintf(err, errsize, "%s is not on a line from %s", to, from);
    }
}

/* The turn line in force for the side to move in ST. */
static const rm_turn_rule *turn_in_force(const rm_game *g, const rm_state *st)
{
    int side = rm_state_to_move(st);
    const rm_phase *ph = rm_side_phase(g, st, side);
    int t = rm_state_phase_turns(st, side);
    return &ph->turns[t < ph->nturns ? t : ph->nturns - 1];
}

/* Whether the turn line in force for the side to move in ST has an
 * action with a direction filter. */
static bool filtered_turn(const rm_game *g, const rm_state *st)
{
    const rm_turn_rule *tr = turn_in_force(g, st);
    for (int i = 0; i < tr->nsteps; i++)
        for (int k = 0; k < tr->steps[i].nalts; k++)
            if (g->rules.actions[tr->steps[i].alt[k]].dirs)
                return true;
    return false;
}

/* Writes into BUF (SIZE bytes) the directions of the first moves of
 * M[0..N) that go along a line, as the side to move's filters see them:
 * " (for geese: c3 to c2 is backward and orthogonal)"; "" when none. */
static void describe_directions(const rm_game *g, const rm_state *st, const rm_move *m, int n,
                                char *buf, size_t size)
{
    const rm_board *b = &g->board;
    const rm_side *sd = &g->sides[rm_state_to_move(st)];
    static const char *const ways[] = { "", "forward", "backward", "sideways" };
    size_t used = 0;
    int shown = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && shown < 4 && used < size; i++) {
        if (m[i].type != RM_MV_MOVE && m[i].type != RM_MV_CAPTURE)
            continue;
        int from = m[i].from, to = m[i].to;
        for (uint32_t r = b->ray_off[from]; r < b->ray_off[from + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            bool on = false;
            for (int k = 0; k < b->rays[r].len && !on; k++)
                on = pts[k] == to;
            if (!on)
                continue;
            int cls = sd->ray_class[r];
            const char *way = ways[RM_RAY_WAY(cls)];
            if (used < size)
                used += (size_t)snprintf(buf + used, size - used, "%s%s%s", shown ? "; " : " (for ",
                                         shown ? "" : SHOWN(sd->name), shown ? "" : ": ");
            if (used < size)
                used += (size_t)snprintf(buf + used, size - used, "%s to %s is %s%s%s",
                                         b->points[from].name, b->points[to].name, way,
                                         *way ? " and " : "",
                                         RM_RAY_DIAGONAL(cls) ? "diagonal" : "orthogonal");
            shown++;
            break;
        }
    }
    if (shown && used < size)
        snprintf(buf + used, size - used, ")");
}

/* Whether an action of the turn line TR of type TYPE (RM_DROP, RM_STEP,
 * RM_LEAP; RM_CAPTURE: one with a final step) drops or moves kind K; with
 * STACKING, one that may enter a stack of its kind (not 'to empty'). */
static bool line_has(const rm_game *g, const rm_turn_rule *tr, int type, int k, bool stacking)
{
    for (int s = 0; s < tr->nsteps; s++)
        for (int i = 0; i < tr->steps[s].nalts; i++) {
            const rm_action_rule *a = &g->rules.actions[tr->steps[s].alt[i]];
            if (a->type == type && a->kind == k && (type != RM_CAPTURE || a->final_step) &&
                (!stacking || !a->to_empty))
                return true;
        }
    return false;
}

/* Whether every chain of captures by kind K in the turn line TR is 'not
 * back' (and there is one). */
static bool chains_not_back(const rm_game *g, const rm_turn_rule *tr, int k)
{
    int chains = 0, not_back = 0;
    for (int s = 0; s < tr->nsteps; s++)
        for (int i = 0; i < tr->steps[s].nalts; i++) {
            const rm_action_rule *a = &g->rules.actions[tr->steps[s].alt[i]];
            if (a->type == RM_CAPTURE && a->kind == k && a->chain != RM_CHAIN_NONE) {
                chains++;
                not_back += a->not_back;
            }
        }
    return chains > 0 && not_back == chains;
}

/* Why the moves M[0..N), each of which can be made (rm_apply_checked
 * has filled them in), are no legal turn in ST because of a rule that
 * narrows what a move may do, in ERR: a move onto a stack where the
 * phase's actions enter only empty points ('to empty'), or a chain that
 * jumps straight back ('not back'). False when it is neither. */
static bool explain_narrowed(const rm_game *g, const rm_state *st, const rm_move *m, int n,
                             char *err, size_t errsize)
{
    const rm_board *b = &g->board;
    const rm_turn_rule *tr = turn_in_force(g, st);
    char at[32] = "";
    for (int k = 0; k < n; k++) {
        rm_state cur = *st; /* the board before move K */
        rm_move done[RM_MAX_TURN_MOVES];
        memcpy(done, m, (size_t)k * sizeof *done);
        if (rm_apply_checked(g, &cur, done, k) != 0)
            return false;
        if (n > 1)
            snprintf(at, sizeof at, "move %d: ", k + 1);
        int kind = m[k].type == RM_MV_DROP ? m[k].kind : rm_state_kind(&cur, m[k].from);
        if (kind < 0)
            return false;
        if ((m[k].type == RM_MV_DROP || m[k].type == RM_MV_MOVE) &&
            rm_state_kind(&cur, m[k].to) >= 0) {
            /* a move: a step (or a capture's final step) to a neighbour,
             * or a leap to the second point of a line */
            bool drop = m[k].type == RM_MV_DROP, step = false, leap = false;
            for (uint32_t r = b->ray_off[m[k].from]; !drop && r < b->ray_off[m[k].from + 1]; r++) {
                step |= b->ray_pts[b->rays[r].off] == m[k].to;
                leap |= b->rays[r].len >= 2 && b->ray_pts[b->rays[r].off + 1] == m[k].to;
            }
            bool any = drop ? line_has(g, tr, RM_DROP, kind, false)
                            : (step && (line_has(g, tr, RM_STEP, kind, false) ||
                                        line_has(g, tr, RM_CAPTURE, kind, true))) ||
                                  (leap && line_has(g, tr, RM_LEAP, kind, false));
            bool stacking = drop ? line_has(g, tr, RM_DROP, kind, true)
                                 : (step && (line_has(g, tr, RM_STEP, kind, true) ||
                                             line_has(g, tr, RM_CAPTURE, kind, true))) ||
                                       (leap && line_has(g, tr, RM_LEAP, kind, true));
            if (any && !stacking) {
                snprintf(err, errsize, "not a legal turn here: %s%s holds a %s, and here a %s "
                         "%s only an empty point", at, b->points[m[k].to].name,
                         SHOWN(g->kinds[kind].name), SHOWN(g->kinds[kind].name),
                         drop ? "is dropped on" : "moves to");
                return true;
            }
        }
        if (k > 0 && m[k].type == RM_MV_CAPTURE && (m[k].flags & RM_MVF_CHAIN) &&
            m[k - 1].type == RM_MV_CAPTURE && chains_not_back(g, tr, kind)) {
            const rm_ray *before = &b->rays[b->ray_off[m[k - 1].from] + m[k - 1].ray];
            const rm_ray *now = &b->rays[b->ray_off[m[k].from] + m[k].ray];
            int back = b->ray_pts[before->off + m[k - 1].jumped - 1];
            if (b->ray_pts[now->off] == back) {
                snprintf(err, errsize, "not a legal turn here: %sa chain may not jump straight "
                         "back over %s, which the capture before jumped", at,
                         b->points[back].name);
                return true;
            }
        }
    }
    return false;
}

/* When the moves M[0..N) are all drops, or all removals, and no legal
 * turn of L has that many of them but some have others: says in ERR how
 * many the turns have ("this turn places 4 pieces; you gave 3") and
 * returns true. */
static bool explain_count(const rm_turnlist *l, const rm_move *m, int n, char *err,
                          size_t errsize)
{
    if (n == 0 || (m[0].type != RM_MV_DROP && m[0].type != RM_MV_REMOVE))
        return false;
    for (int i = 1; i < n; i++)
        if (m[i].type != m[0].type)
            return false;
    int lo = -1, hi = -1;
    for (int i = 0; i < l->n; i++) {
        const rm_move *t = rm_turn_moves(l, i);
        int k = 0;
        for (int j = 0; j < l->turns[i].n; j++)
            k += t[j].type == m[0].type;
        if (k == 0)
            continue;
        if (k == n)
            return false; /* the count is right: something else is wrong */
        lo = lo < 0 || k < lo ? k : lo;
        hi = k > hi ? k : hi;
    }
    if (lo < 0)
        return false;
    const char *verb = m[0].type == RM_MV_DROP ? "places" : "removes";
    if (lo == hi)
        snprintf(err, errsize, "not a legal turn here: this turn %s %d piece%s; you gave %d", verb,
                 lo, lo == 1 ? "" : "s", n);
    else
        snprintf(err, errsize, "not a legal turn here: this turn %s %d to %d pieces; you gave %d",
                 verb, lo, hi, n);
    return true;
}

/* Why the moves M[0..N) are not a legal turn in ST, in ERR: the first
 * move that cannot be made, and why; or, when they can be made, that no
 * rule of the phase makes them a turn, with the legal turns from the
 * same point. */
static void explain_illegal(const rm_game *g, const rm_state *st, const rm_turnlist *l,
                            rm_move *m, int n, char *err, size_t errsize)
{
    char why[192];
    for (int k = 0; k < n; k++) {
        rm_state before = *st, after = *st;
        if (rm_apply_checked(g, &before, m, k) != 0)
            break; /* (cannot happen: the first failure is found before) */
        if (rm_apply_checked(g, &after, m, k + 1) == 0)
            continue;
        explain_move(g, &before, rm_state_to_move(st), &m[k], why, sizeof why);
        if (n == 1)
            snprintf(err, errsize, "not a legal turn here: %s", why);
        else
            snprintf(err, errsize, "not a legal turn here: move %d: %s", k + 1, why);
        return;
    }
    /* Every move can be made: a rule narrows them, or the phase has no
     * turn that makes them. */
    if (explain_narrowed(g, st, m, n, err, errsize))
        return;
    int at = n > 0 && m[0].type != RM_MV_DROP ? m[0].from : -1;
    char dirs[192] = "";
    if (filtered_turn(g, st))
        describe_directions(g, st, m, n, dirs, sizeof dirs);
    size_t used = (size_t)snprintf(err, errsize, "not a legal turn here: no rule of the phase "
                                   "'%s' of %s makes these moves a turn%s",
                                   SHOWN(rm_side_phase(g, st, rm_state_to_move(st))->name),
                                   SHOWN(g->sides[rm_state_to_move(st)].name), dirs);
    int shown = 0;
    for (int i = 0; at >= 0 && i < l->n && used < errsize; i++) {
        const rm_move *t = rm_turn_moves(l, i);
        if (l->turns[i].n == 0 || t[0].type == RM_MV_DROP || t[0].from != at)
            continue;
        char text[96];
        if (rm_format_turn(g, t, l->turns[i].n, text, sizeof text) >= sizeof text || shown == 4) {
            used += (size_t)snprintf(err + used, errsize - used, ", ...");
            break;
        }
        used += (size_t)snprintf(err + used, errsize - used, "%s%s",
                                 shown++ ? ", " : "; the legal turns from there: ", text);
    }
    if (at >= 0 && shown == 0 && used < errsize)
        snprintf(err + used, errsize - used, "; no legal turn starts at %s", g->board.points[at].name);
}

int rm_parse_turn(const rm_game *g, const rm_state *st, const char *text, rm_move *moves,
                  int *n, char *err, size_t errsize)
{
    rm_turnlist l;
    rm_turnlist_init(&l);
    if (rm_legal_turns(g, st, &l) < 0)
        l.n = 0;
    int rc = rm_parse_turn_in(g, st, &l, text, moves, n, err, errsize);
    rm_turnlist_free(&l);
    return rc;
}

/* Whether typed moves are one of the move sequences of a turn (found by
 * walking them all, every order). */
typedef struct sequence_search {
    const rm_move *typed;
    int n;
    bool found;
} sequence_search;

static bool same_move(const rm_move *a, const rm_move *b)
{
    if (a->type != b->type)
        return false;
    switch (a->type) {
    case RM_MV_DROP:
        return a->kind == b->kind && a->to == b->to;
    case RM_MV_REMOVE:
        return a->from == b->from;
    default:
        return a->from == b->from && a->to == b->to;
    }
}

static void match_sequence(void *ctx, const rm_state *after, const rm_move *moves, int n,
                           bool captured)
{
    (void)after, (void)captured;
    sequence_search *s = ctx;
    if (s->found || n != s->n)
        return;
    for (int i = 0; i < n; i++)
        if (!same_move(&moves[i], &s->typed[i]))
            return;
    s->found = true;
}

/* Whether TYPED[0..N) is a way to play a turn of ST; true as well when
 * the walk stops at a limit before finding it (it cannot tell). */
static bool is_a_way_to_play(const rm_game *g, const rm_state *st, const rm_move *typed, int n)
{
    sequence_search s = { typed, n, false };
    bool done = rm_generate(g, st, match_sequence, &s);
    return s.found || !done;
}

int rm_parse_turn_in(const rm_game *g, const rm_state *st, const rm_turnlist *l,
                     const char *text, rm_move *moves, int *n, char *err, size_t errsize)
{
    /* the text without its blanks, as long as it is (records keep turns
     * of any length) */
    char *want = malloc(strlen(text) + 1);
    if (!want) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    size_t len = 0;
    for (const char *p = text; *p; p++) {
        if (!isspace((unsigned char)*p))
            want[len++] = *p;
        else if (len > 0 && !strchr(",-x@", want[len - 1])) {
            /* blanks between two moves ("a1 b1") part them as a comma
             * does; next to ',', '-', 'x' or '@' they are ignored */
            const char *q = p;
            while (isspace((unsigned char)*q))
                q++;
            if (*q && !strchr(",-x@", *q))
                want[len++] = ',';
            p = q - 1;
        }
    }
    want[len] = '\0';
    if (len == 0) {
        snprintf(err, errsize, "empty turn");
        free(want);
        return -2;
    }
    for (size_t i = 0; i < len; i++)
        if (!isprint((unsigned char)want[i])) {
            snprintf(err, errsize, "the turn holds a control character or a non-ASCII byte");
            free(want);
            return -2;
        }
    rm_move typed[RM_MAX_TURN_MOVES];
    int ntyped = 0;
    if (strcmp(want, "-") != 0) { /* "-": the turn in which no move is made */
        int rc = read_moves(g, st, want, typed, &ntyped, err, errsize);
        if (rc != 0) {
            free(want);
            return rc;
        }
    }
    free(want);
    /* A typed turn is legal when it reaches the position of a legal turn:
     * the moves may come in any order, a chain by any path. */
    rm_state after = *st;
    if (rm_apply_checked(g, &after, typed, ntyped) != 0) {
        explain_illegal(g, st, l, typed, ntyped, err, errsize);
        return -1;
    }
    int count = l->failed ? -1 : l->n;
    int found = -1;
    for (int i = 0; i < count && found < 0; i++)
        if (l->turns[i].hash == rm_state_hash(&after))
            found = i;
    /* ... and when its moves are a way to play it: a drop alone does not
     * make a turn of 'drop then step', though it may reach the same
     * position. */
    if (found >= 0 && !(l->pass && ntyped == 0) && !is_a_way_to_play(g, st, typed, ntyped)) {
        char shown[RM_MAX_TURN_TEXT];
        rm_format_turn(g, rm_turn_moves(l, found), l->turns[found].n, shown, sizeof shown);
        snprintf(err, errsize,
                 "not a legal turn here: these moves reach the position of the turn %s, but no "
                 "rule of the phase '%s' of %s makes them a turn",
                 shown, rm_side_phase(g, st, rm_state_to_move(st))->name,
                 g->sides[rm_state_to_move(st)].name);
        return -1;
    }
    if (found >= 0) {
        *n = l->turns[found].n;
        memcpy(moves, rm_turn_moves(l, found), (size_t)*n * sizeof *moves);
    } else if (count < 0) {
        char why[128];
        snprintf(err, errsize, "%s", rm_turns_failure(l, why, sizeof why));
    } else {
        const rm_phase *ph = rm_side_phase(g, st, rm_state_to_move(st));
        bool captures = false, drops = false, typed_captures = false, typed_drops = false;
        bool piece_captures = false;
        int piece = ntyped > 0 && (typed[0].type == RM_MV_MOVE || typed[0].type == RM_MV_CAPTURE)
                        ? typed[0].from : -1;
        for (int i = 0; i < count; i++) {
            captures |= l->turns[i].captured;
            piece_captures |= l->turns[i].captured && piece >= 0 && rm_turn_piece(l, i) == piece;
            drops |= rm_turn_drops(l, i);
        }
        for (int i = 0; i < ntyped; i++) {
            typed_captures |= typed[i].type == RM_MV_CAPTURE;
            typed_drops |= typed[i].type == RM_MV_DROP;
        }
        if (captures && ph->compulsory)
            snprintf(err, errsize, "not a legal turn here (a capture is compulsory here)");
        else if (piece_captures && !typed_captures && ph->compulsory_per_piece)
            snprintf(err, errsize, "not a legal turn here (the piece on %s can capture, so it "
                     "must)", g->board.points[piece].name);
        else if (drops && !typed_drops && ph->drops_compulsory)
            snprintf(err, errsize, "not a legal turn here (a drop is compulsory here)");
        else if (!explain_count(l, typed, ntyped, err, errsize))
            explain_illegal(g, st, l, typed, ntyped, err, errsize);
    }
    return found >= 0 ? 0 : -1;
}

/* ---- groups of turns ---- */

/* Whether turn I of L may be in a group: two moves or more, all drops of
 * one kind or all removals, on different points (*SET); its type and
 * kind (-1 for removals) in *TYPE and *KIND. */
static bool group_key(const rm_turnlist *l, int i, int *type, int *kind, rm_set *set)
{
    const rm_move *m = rm_turn_moves(l, i);
    int n = l->turns[i].n;
    if (n < 2 || (m[0].type != RM_MV_DROP && m[0].type != RM_MV_REMOVE))
        return false;
    set_clear(set);
    for (int j = 0; j < n; j++) {
        int p = m[j].type == RM_MV_DROP ? m[j].to : m[j].from;
        if (m[j].type != m[0].type || (m[0].type == RM_MV_DROP && m[j].kind != m[0].kind) ||
            set_has(set, p))
            return false;
        set_add(set, p);
    }
    *type = m[0].type;
    *kind = m[0].type == RM_MV_DROP ? m[0].kind : -1;
    return true;
}

/* C(M, J), or -1 when it passes INT_MAX (no list has that many turns). */
static long long choose(int m, int j)
{
    if (j < 0 || j > m)
        return 0;
    long long c = 1;
    for (int t = 1; t <= j; t++) {
        c = c * (m - j + t) / t; /* C(m - j + t, t), exact */
        if (c > INT_MAX)
            return -1;
    }
    return c;
}

static int cmp_set(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(rm_set));
}

/* Whether the turns of group GR (those I with GROUP_OF[i] == ID, their
 * point sets in SETS) are every choice its points allow, each once; fills
 * in its points. SCRATCH has room for its turns' sets. */
static bool group_complete(const rm_turnlist *l, const int *group_of, const rm_set *sets, int id,
                           rm_turn_group *gr, rm_set *scratch)
{
    int hits[RM_MAX_POINTS] = { 0 };
    int n = 0;
    for (int i = gr->first; i < l->n; i++) {
        if (group_of[i] != id)
            continue;
        scratch[n++] = sets[i];
        const rm_move *m = rm_turn_moves(l, i);
        for (int j = 0; j < l->turns[i].n; j++)
            hits[m[j].type == RM_MV_DROP ? m[j].to : m[j].from]++;
    }
    gr->nfixed = gr->npoints = 0;
    for (int p = 0; p < RM_MAX_POINTS; p++)
        if (hits[p] == n)
            gr->points[gr->nfixed++] = (uint8_t)p;
    gr->npoints = gr->nfixed;
    for (int p = 0; p < RM_MAX_POINTS; p++)
        if (hits[p] > 0 && hits[p] < n)
            gr->points[gr->npoints++] = (uint8_t)p;
    if (n < 2 || choose(gr->npoints - gr->nfixed, gr->k - gr->nfixed) != n)
        return false;
    /* n different sets of k of the points, as many as there are: all */
    qsort(scratch, (size_t)n, sizeof *scratch, cmp_set);
    for (int i = 1; i < n; i++)
        if (set_equal(&scratch[i - 1], &scratch[i]))
            return false;
    return true;
}

int rm_turn_groups(const rm_turnlist *l, const bool *shown, rm_turn_group *groups, int *group_of)
{
    for (int i = 0; i < l->n; i++)
        group_of[i] = -1;
    rm_set *sets = malloc(2 * ((size_t)l->n + 1) * sizeof *sets);
    if (!sets)
        return -1;
    int ng = 0;
    for (int i = 0; i < l->n; i++) {
        int type, kind, b;
        if ((shown && !shown[i]) || !group_key(l, i, &type, &kind, &sets[i]))
            continue;
        for (b = 0; b < ng; b++)
            if (groups[b].type == type && groups[b].kind == kind && groups[b].k == l->turns[i].n)
                break;
        if (b == ng) {
            if (ng == RM_MAX_TURN_GROUPS)
                continue;
            groups[ng++] = (rm_turn_group){ .first = i, .type = type, .kind = kind,
                                            .k = l->turns[i].n };
        }
        group_of[i] = b;
        groups[b].nturns++;
    }
    /* keep the complete groups, numbered again in the order of the list */
    int kept = 0, renumber[RM_MAX_TURN_GROUPS];
    for (int b = 0; b < ng; b++) {
        bool whole = group_complete(l, group_of, sets, b, &groups[b], sets + l->n + 1);
        renumber[b] = whole ? kept : -1;
        if (whole)
            groups[kept++] = groups[b];
    }
    for (int i = 0; i < l->n; i++)
        if (group_of[i] >= 0)
            group_of[i] = renumber[group_of[i]];
    free(sets);
    return kept;
}

size_t rm_format_group(const rm_game *g, const rm_turnlist *l, const rm_turn_group *gr, char *buf,
                       size_t size)
{
    size_t used = 0;
    if (size > 0)
        buf[0] = '\0';
    bool drops = gr->type == RM_MV_DROP;
    const char *on = drops ? "on" : "from";
    PUT("%d %s", gr->k, drops ? "drops" : "removals");
    if (drops && g->sides[g->kinds[gr->kind].side].nkinds > 1)
        PUT(" of %s", g->kinds[gr->kind].name);
    if (gr->nfixed > 0) {
        PUT(": %s", on);
        for (int i = 0; i < gr->nfixed; i++)
            PUT("%s%s", i == 0 ? " " : i + 1 < gr->nfixed ? ", " : " and ",
                g->board.points[gr->points[i]].name);
        PUT(", and %d %s", gr->k - gr->nfixed, on);
    } else {
        PUT(" %s", on);
    }
    PUT(" any of the %d points", gr->npoints - gr->nfixed);
    for (int i = gr->nfixed; i < gr->npoints; i++)
        PUT(" %s", g->board.points[gr->points[i]].name);
    char count[32];
    int len = snprintf(count, sizeof count, "%d", gr->nturns);
    PUT(" (");
    for (int i = 0; i < len; i++)
        PUT("%s%c", i > 0 && (len - i) % 3 == 0 ? "," : "", count[i]);
    PUT(" turns, e.g. ");
    size_t shown = rm_format_turn(g, rm_turn_moves(l, gr->first), l->turns[gr->first].n,
                                  used < size ? buf + used : NULL, used < size ? size - used : 0);
    used += shown;
    PUT(")");
    return used;
}
