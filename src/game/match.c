/* match.c: a game being played (see match.h). */
#include "match.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"

int rm_match_init(rm_match *m, const rm_game *g)
{
    memset(m, 0, sizeof *m);
    m->g = g;
    m->cap = 64;
    m->states = malloc((size_t)m->cap * sizeof *m->states);
    m->texts = calloc((size_t)m->cap, sizeof *m->texts);
    if (!m->states || !m->texts) {
        rm_match_free(m);
        return -1;
    }
    rm_turnlist_init(&m->list);
    rm_history_init(&m->hist);
    m->list_at = -1;
    rm_initial(g, &m->states[0]);
    if (rm_history_start(&m->hist, &m->states[0]) != 0) {
        rm_match_free(m);
        return -1;
    }
    return 0;
}

void rm_match_free(rm_match *m)
{
    for (int i = 0; m->texts && i < m->n; i++)
        free(m->texts[i]);
    free(m->texts);
    free(m->states);
    rm_turnlist_free(&m->list);
    rm_history_free(&m->hist);
    memset(m, 0, sizeof *m);
}

int rm_match_play(rm_match *m, const rm_move *moves, int n)
{
    if (m->n + 1 >= m->cap) {
        int cap = m->cap * 2;
        rm_state *s = realloc(m->states, (size_t)cap * sizeof *s);
        if (!s)
            return -1;
        m->states = s;
        char **t = realloc(m->texts, (size_t)cap * sizeof *t);
        if (!t)
            return -1;
        m->texts = t;
        m->cap = cap;
    }
    char *text = rm_turn_text(m->g, moves, n);
    if (!text)
        return -1;
    m->states[m->n + 1] = m->states[m->n];
    rm_apply(m->g, &m->states[m->n + 1], moves, n);
    if (rm_history_push(&m->hist, &m->states[m->n + 1]) != 0) {
        free(text);
        return -1;
    }
    m->texts[m->n] = text;
    m->n++;
    m->list_at = -1;
    return 0;
}

int rm_match_parse_turn(rm_match *m, const char *text, rm_move *moves, int *n, char *err,
                        size_t errsize)
{
    int r = rm_match_result(m);
    if (r == RM_FAILED) {
        snprintf(err, errsize, "the turns of this position cannot be listed: %s", m->why);
        return -1;
    }
    if (r != RM_ONGOING) {
        snprintf(err, errsize, "the game is over: %s", m->why);
        return -1;
    }
    return rm_parse_turn_in(m->g, rm_match_state(m), &m->list, text, moves, n, err, errsize);
}

int rm_match_play_text(rm_match *m, const char *text, char *err, size_t errsize)
{
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    if (rm_match_parse_turn(m, text, moves, &n, err, errsize) != 0)
        return -1; /* the message does not repeat the text: callers show it */
    if (rm_match_play(m, moves, n) != 0) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return 0;
}

int rm_match_play_many(rm_match *m, const char *text, char *err, size_t errsize)
{
    char *turn = malloc(strlen(text) + 1); /* (a turn is never longer than all) */
    if (!turn) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    int rc = 0;
    const char *p = text;
    while (*p) {
        while (*p && (isspace((unsigned char)*p) || *p == ';'))
            p++;
        if (!*p)
            break;
        /* One turn: up to a blank or ';' that neither follows nor precedes a comma. */
        size_t len = 0;
        while (*p && *p != ';') {
            if (isspace((unsigned char)*p)) {
                const char *q = p;
                while (isspace((unsigned char)*q))
                    q++;
                if (!(len > 0 && turn[len - 1] == ',') && *q != ',')
                    break;
                p = q;
                continue;
            }
            turn[len++] = *p;
            p++;
        }
        turn[len] = '\0';
        size_t digits = 0;
        while (isdigit((unsigned char)turn[digits]))
            digits++;
        if (digits > 0 && turn[digits] == '.' && turn[digits + 1] == '\0')
            continue; /* a turn number, as in records */
        char why[256];
        if (rm_match_play_text(m, turn, why, sizeof why) != 0) {
            /* a long turn is shown by its start, so that the reason fits */
            snprintf(err, errsize, "turn %d '%s': %s", m->n + 1, SHOWN(turn), why);
            rc = -1;
            break;
        }
    }
    free(turn);
    return rc;
}

int rm_match_undo(rm_match *m, int turns)
{
    int k = 0;
    while (k < turns && m->n > 0) {
        m->n--;
        free(m->texts[m->n]);
        m->texts[m->n] = NULL;
        k++;
    }
    if (k > 0)
        m->list_at = -1;
    rm_history_truncate(&m->hist, m->n + 1);
    return k;
}

void rm_match_restart(rm_match *m, const rm_state *start)
{
    rm_match_undo(m, m->n);
    m->states[0] = *start;
    m->list_at = -1;
    rm_history_start(&m->hist, start); /* (no allocation: it held a position) */
}

/* Asks rm_result about the position now, once per position. */
static void settle(rm_match *m)
{
    if (m->list_at == m->n)
        return;
    rm_turnlist_clear(&m->list);
    m->result = rm_result(m->g, rm_match_state(m), &m->hist, &m->list, &m->end);
    if (m->result != RM_ONGOING)
        m->list.n = 0;
    rm_outcome_text(m->g, &m->end, m->why, sizeof m->why);
    m->list_at = m->n;
}

const rm_turnlist *rm_match_turns(rm_match *m)
{
    settle(m);
    return &m->list;
}

int rm_match_result(rm_match *m)
{
    settle(m);
    return m->result;
}

void rm_match_turn_marks(const rm_match *m, int i, rm_turn_marks *t)
{
    const rm_game *g = m->g;
    memset(t, 0, sizeof *t);
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    char err[256];
    /* the moves from the turn's text read again in the position before it */
    if (rm_parse_turn(g, &m->states[i], m->texts[i], moves, &n, err, sizeof err) == 0)
        for (int k = 0; k < n; k++) {
            if (moves[k].type == RM_MV_DROP) {
                t->dropped[moves[k].to] = true;
            } else if (moves[k].type == RM_MV_MOVE || moves[k].type == RM_MV_CAPTURE) {
                t->arrows[t->narrows][0] = (uint8_t)moves[k].from;
                t->arrows[t->narrows][1] = (uint8_t)moves[k].to;
                t->narrows++;
            }
        }
    rm_position before, after;
    rm_state_position(g, &m->states[i], &before);
    rm_state_position(g, &m->states[i + 1], &after);
    int mover = rm_state_to_move(&m->states[i]);
    for (int p = 0; p < g->board.npoints; p++) {
        int k = before.kind[p];
        if (k < 0 || before.count[p] == 0 || g->kinds[k].side == mover)
            continue;
        int lost = after.kind[p] == k ? before.count[p] - after.count[p] : before.count[p];
        if (lost > 0) {
            t->lost[p] = lost;
            t->ntaken++;
        }
    }
}
