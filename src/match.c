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
    m->list_at = -1;
    rm_initial(g, &m->states[0]);
    return 0;
}

void rm_match_free(rm_match *m)
{
    for (int i = 0; m->texts && i < m->n; i++)
        free(m->texts[i]);
    free(m->texts);
    free(m->states);
    rm_turnlist_free(&m->list);
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
    char buf[RM_MAX_TURN_TEXT];
    rm_format_turn(m->g, moves, n, buf, sizeof buf);
    char *text = malloc(strlen(buf) + 1);
    if (!text)
        return -1;
    strcpy(text, buf);
    m->states[m->n + 1] = m->states[m->n];
    rm_apply(m->g, &m->states[m->n + 1], moves, n);
    m->texts[m->n] = text;
    m->n++;
    m->list_at = -1;
    return 0;
}

int rm_match_play_text(rm_match *m, const char *text, char *err, size_t errsize)
{
    rm_move moves[RM_MAX_TURN_MOVES];
    int n = 0;
    if (rm_match_result(m) != RM_ONGOING) {
        snprintf(err, errsize, "the game is over: %s", m->why);
        return -1;
    }
    if (rm_parse_turn_in(m->g, rm_match_state(m), rm_match_turns(m), text, moves, &n, err,
                         errsize) != 0)
        return -1; /* the message does not repeat the text: callers show it */
    if (rm_match_play(m, moves, n) != 0) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    return 0;
}

int rm_match_play_many(rm_match *m, const char *text, char *err, size_t errsize)
{
    char turn[RM_MAX_TURN_TEXT];
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
            if (len + 1 < sizeof turn)
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
            snprintf(err, errsize, "turn %d '%s': %s", m->n + 1, turn, why);
            return -1;
        }
    }
    return 0;
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
    return k;
}

void rm_match_restart(rm_match *m, const rm_state *start)
{
    rm_match_undo(m, m->n);
    m->states[0] = *start;
    m->list_at = -1;
}

const rm_turnlist *rm_match_turns(rm_match *m)
{
    if (m->list_at == m->n)
        return &m->list;
    if (rm_legal_turns(m->g, rm_match_state(m), &m->list) < 0)
        m->list.n = 0;
    m->list_at = m->n;
    return &m->list;
}

int rm_match_result(rm_match *m)
{
    const rm_game *g = m->g;
    const rm_state *st = rm_match_state(m);
    int r = rm_status(g, st);
    m->why[0] = '\0';
    if (r >= 0) {
        int loser = 1 - r, left = rm_side_pieces(g, st, loser);
        if (left == 0)
            snprintf(m->why, sizeof m->why, "%s have no pieces left", g->sides[loser].name);
        else
            snprintf(m->why, sizeof m->why, "%s are down to %d pieces", g->sides[loser].name, left);
        return r;
    }
    if (r == RM_DRAW) {
        snprintf(m->why, sizeof m->why, "the turn limit of %d is reached", g->rules.draw_after);
        return r;
    }
    if (g->rules.draw_repeat > 0) {
        int seen = 0;
        for (int i = m->n; i >= 0; i--)
            if (m->states[i].hash == st->hash)
                seen++;
        if (seen >= g->rules.draw_repeat) {
            snprintf(m->why, sizeof m->why, "the position is repeated %d times", seen);
            return RM_DRAW;
        }
    }
    const rm_turnlist *l = rm_match_turns(m);
    if (l->failed) {
        /* Not a result of the rules: the game cannot go on here. */
        snprintf(m->why, sizeof m->why, "%s", l->too_many
                 ? "the position has too many ways to play to list them"
                 : "out of memory");
        return RM_DRAW;
    }
    if (l->n == 0) {
        snprintf(m->why, sizeof m->why, "%s cannot move", g->sides[st->to_move].name);
        return 1 - st->to_move;
    }
    return RM_ONGOING;
}

const char *rm_result_text(const rm_game *g, int result, char *buf, size_t size)
{
    if (result >= 0)
        snprintf(buf, size, "%s win", g->sides[result].name);
    else if (result == RM_DRAW)
        snprintf(buf, size, "draw");
    else
        snprintf(buf, size, "*");
    return buf;
}
