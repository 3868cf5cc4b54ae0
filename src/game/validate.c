/* validate.c: running a game's examples (see validate.h). */
#include "validate.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"

#include "match.h"
#include "notation.h"
#include "position.h"

/* Replaces the position of M by POS. */
static void set_position(rm_match *m, const rm_position *pos)
{
    rm_state st;
    rm_state_set(m->g, &st, pos);
    rm_match_restart(m, &st);
}

static const char *result_words(const rm_game *g, int r, char *buf, size_t size)
{
    if (r == RM_ONGOING)
        return "none (the game goes on)";
    return rm_result_text(g, r, buf, size);
}

int rm_run_example(const rm_game *g, const rm_example *ex, int *line, char *msg, size_t size)
{
    rm_match m;
    if (rm_match_init(&m, g) != 0) {
        snprintf(msg, size, "out of memory");
        *line = ex->line;
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < ex->nsteps && rc == 0; i++) {
        const rm_example_step *s = &ex->steps[i];
        const rm_state *st = rm_match_state(&m);
        const rm_board *b = &g->board;
        char why[512], buf[128], buf2[128];
        *line = s->line;
        int n = 0, r;
        rm_move moves[RM_MAX_TURN_MOVES];
        int nm;
        switch (s->op) {
        case RM_EX_AFTER:
            if (rm_match_play_many(&m, s->text, why, sizeof why) != 0) {
                snprintf(msg, size, "after \"%s\": %s", SHOWN(s->text), why);
                rc = -1;
            }
            break;
        case RM_EX_POSITION:
            if (s->pos) {
                set_position(&m, s->pos);
            } else {
                rm_state pst;
                int at;
                if (rm_parse_position_string(g, s->text, &pst, &at, why, sizeof why) != 0) {
                    snprintf(msg, size, "position \"%s\": character %d: %s", SHOWN(s->text),
                             at + 1, why);
                    rc = -1;
                } else {
                    rm_match_restart(&m, &pst);
                }
            }
            break;
        case RM_EX_LEGAL:
        case RM_EX_ILLEGAL:
            r = rm_match_parse_turn(&m, s->text, moves, &nm, why, sizeof why);
            if (s->op == RM_EX_LEGAL && r != 0) {
                snprintf(msg, size, "'%s' should be legal, but: %s", SHOWN(s->text), why);
                rc = -1;
            } else if (s->op == RM_EX_ILLEGAL && r == 0) {
                snprintf(msg, size, "'%s' should not be legal, but it is", SHOWN(s->text));
                rc = -1;
            } else if (s->op == RM_EX_ILLEGAL && r == -2) {
                /* a typo would make the assertion hold for nothing */
                snprintf(msg, size, "'%s' cannot be read as a turn: %s", SHOWN(s->text),
                         why);
                rc = -1;
            }
            break;
        case RM_EX_EMPTY_COUNT:
            for (int p = 0; p < b->npoints; p++)
                n += rm_state_kind(st, p) < 0;
            if (n != s->a) {
                snprintf(msg, size, "%d point%s should be empty, but %d %s", s->a,
                         s->a == 1 ? "" : "s", n, n == 1 ? "is" : "are");
                rc = -1;
            }
            break;
        case RM_EX_EMPTY_SET:
            SET_FOREACH(p, &s->set) {
                if (rm_state_kind(st, p) >= 0 && rc == 0) {
                    snprintf(msg, size, "%s should be empty, but holds a %s", b->points[p].name,
                             SHOWN(g->kinds[rm_state_kind(st, p)].name));
                    rc = -1;
                }
            }
            break;
        case RM_EX_HOLDS:
            SET_FOREACH(p, &s->set) {
                int k = rm_state_kind(st, p);
                if (k != s->a && rc == 0) {
                    snprintf(msg, size, "%s should hold a %s, but %s%s", b->points[p].name,
                             SHOWN(g->kinds[s->a].name), k < 0 ? "it is empty" : "holds a ",
                             k < 0 ? "" : SHOWN(g->kinds[k].name));
                    rc = -1;
                }
            }
            break;
        case RM_EX_IN_HAND:
        case RM_EX_ON_BOARD:
            n = s->op == RM_EX_IN_HAND ? rm_state_hand(st, s->a) : rm_state_on_board(st, s->a);
            if (n != s->b) {
                snprintf(msg, size, "%d %s should be %s, but %d are", s->b, SHOWN(g->kinds[s->a].name),
                         s->op == RM_EX_IN_HAND ? "in hand" : "on the board", n);
                rc = -1;
            }
            break;
        case RM_EX_TO_MOVE:
            if (rm_state_to_move(st) != s->a) {
                snprintf(msg, size, "%s should be to move, but %s are", SHOWN(g->sides[s->a].name),
                         SHOWN(g->sides[rm_state_to_move(st)].name));
                rc = -1;
            }
            break;
        case RM_EX_IN_PHASE:
            if (rm_state_phase(st, s->a) != s->b) {
                snprintf(msg, size, "%s should be in phase '%s', but are in '%s'",
                         SHOWN(g->sides[s->a].name), SHOWN(g->rules.phases[s->b].name),
                         SHOWN(rm_side_phase(g, st, s->a)->name));
                rc = -1;
            }
            break;
        case RM_EX_TURN_NO:
            if (rm_state_turn(st) + 1 != s->a) {
                snprintf(msg, size, "the next turn should be turn %d, but it is turn %d", s->a,
                         rm_state_turn(st) + 1);
                rc = -1;
            }
            break;
        case RM_EX_TURN_COUNT:
            n = rm_match_turns(&m)->n;
            if (rm_match_turns(&m)->failed) {
                /* not a count: the turns could not be listed */
                const rm_turnlist *l = rm_match_turns(&m);
                snprintf(msg, size, "there should be %d legal turns, but they cannot be listed: %s",
                         s->a, l->too_slow   ? "listing them takes too long"
                               : l->too_many ? "the position has too many ways to play"
                                             : "out of memory");
                rc = -1;
            } else if (n != s->a) {
                snprintf(msg, size, "there should be %d legal turn%s, but there %s %d", s->a,
                         s->a == 1 ? "" : "s", n == 1 ? "is" : "are", n);
                rc = -1;
            }
            break;
        case RM_EX_RESULT:
            r = rm_match_result(&m);
            if (r != s->a) {
                snprintf(msg, size, "the result should be %s, but it is %s%s%s%s",
                         result_words(g, s->a, buf, sizeof buf), result_words(g, r, buf2, sizeof buf2),
                         m.why[0] ? " (" : "", m.why, m.why[0] ? ")" : "");
                rc = -1;
            }
            break;
        default:
            break;
        }
    }
    rm_match_free(&m);
    return rc;
}

/* ---- the examples' position strings, read without running them ---- */

/* The byte offset in SRC of LINE:COL (1-based, COL in characters). */
static uint32_t source_offset(const rm_source *src, int line, int col)
{
    size_t i = 0;
    for (int l = 1; l < line && i < src->len; i++)
        if (src->text[i] == '\n')
            l++;
    for (int c = 1; c < col && i < src->len && src->text[i] != '\n'; c++)
        do
            i++;
        while (i < src->len && ((unsigned char)src->text[i] & 0xC0) == 0x80);
    return (uint32_t)i;
}

/* Reports each position string of G's examples that does not read to D,
 * reading SRC (or, when SRC holds no text, the file PATH or TEXT) for
 * their places. */
static void check_positions(const rm_game *g, rm_diag *d)
{
    const rm_source *src = d->src;
    for (int e = 0; g->rules.present && e < g->nexamples; e++) {
        const rm_example *ex = &g->examples[e];
        for (int i = 0; i < ex->nsteps; i++) {
            const rm_example_step *s = &ex->steps[i];
            if (s->op != RM_EX_POSITION || s->pos || !s->text)
                continue;
            rm_state st;
            int at;
            char why[512];
            if (rm_parse_position_string(g, s->text, &st, &at, why, sizeof why) == 0)
                continue;
            /* The string's first character: after `position "`. */
            uint32_t o = source_offset(src, s->line, s->col);
            while (o < src->len && src->text[o] != '"' && src->text[o] != '\n')
                o++;
            uint32_t c = o + 1 + (uint32_t)at;
            rm_span span = { c, c + 1 };
            if (src->text[o] != '"' || c >= src->len)
                span = (rm_span){ o, o };
            diag_error(d, span, "position string, character %d: %s", at + 1, why);
        }
    }
}

int rm_check_example_positions_to(const rm_game *g, rm_diag *d)
{
    int errors = d->errors;
    check_positions(g, d);
    return d->errors - errors;
}
