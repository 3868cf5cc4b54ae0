/* notation.c: turns as text (see notation.h). */
#include "notation.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Writes the turn; LONG_DROPS names the kind of every drop. */
static size_t format(const rm_game *g, const rm_move *moves, int n, bool long_drops, char *buf,
                     size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
#define PUT(...)                                                              \
    do {                                                                      \
        if (used < size)                                                      \
            used += (size_t)snprintf(buf + used, size - used, __VA_ARGS__);   \
    } while (0)
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
#undef PUT
    return used < size ? used : size - 1;
}

size_t rm_format_turn(const rm_game *g, const rm_move *moves, int n, char *buf, size_t size)
{
    return format(g, moves, n, false, buf, size);
}

struct finder {
    const rm_game *g;
    const char *want;
    bool found, found_captures, any_capture;
    rm_move *moves;
    int *n;
};

static void match(void *ctx, const rm_state *after, const rm_move *moves, int n, bool captured)
{
    struct finder *f = ctx;
    char buf[RM_MAX_TURN_TEXT];
    (void)after;
    f->any_capture |= captured;
    if (f->found && (f->found_captures || !captured))
        return;
    for (int mode = 0; mode < 2; mode++) {
        format(f->g, moves, n, mode == 1, buf, sizeof buf);
        if (strcmp(buf, f->want) == 0) {
            f->found = true;
            f->found_captures = captured;
            memcpy(f->moves, moves, (size_t)n * sizeof *moves);
            *f->n = n;
            return;
        }
    }
}

/* Checks that every point named in TEXT is on the board; -1 with a message if not. */
static int check_names(const rm_game *g, const char *text, char *err, size_t errsize)
{
    const char *p = text;
    while (*p) {
        while (*p == ',' || *p == '-' || *p == 'x' || *p == '@')
            p++;
        const char *start = p;
        while (*p && *p != ',' && *p != '-' && *p != '@' && !(*p == 'x' && p > start && isdigit((unsigned char)p[-1])))
            p++;
        size_t len = (size_t)(p - start);
        if (len == 0)
            continue;
        char name[64];
        if (len >= sizeof name)
            len = sizeof name - 1;
        memcpy(name, start, len);
        name[len] = '\0';
        if (*p == '@') {
            if (game_kind(g, name) < 0) {
                snprintf(err, errsize, "unknown piece kind '%s' before '@'", name);
                return -1;
            }
            continue;
        }
        if (board_point(&g->board, name) < 0) {
            snprintf(err, errsize, "unknown point '%s'", name);
            return -1;
        }
    }
    return 0;
}

int rm_parse_turn(const rm_game *g, const rm_state *st, const char *text, rm_move *moves,
                  int *n, char *err, size_t errsize)
{
    char want[RM_MAX_TURN_TEXT];
    size_t len = 0;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p))
            continue;
        if (len + 1 >= sizeof want) {
            snprintf(err, errsize, "the turn is longer than %d characters", RM_MAX_TURN_TEXT - 1);
            return -1;
        }
        want[len++] = *p;
    }
    want[len] = '\0';
    if (len == 0) {
        snprintf(err, errsize, "empty turn");
        return -1;
    }
    for (size_t i = 0; i < len; i++)
        if (!isprint((unsigned char)want[i])) {
            snprintf(err, errsize, "the turn holds a control character or a non-ASCII byte");
            return -1;
        }
    int status = rm_status(g, st);
    if (status != RM_ONGOING) {
        snprintf(err, errsize, "the game is over");
        return -1;
    }
    struct finder f = { g, want, false, false, false, moves, n };
    if (!rm_generate(g, st, match, &f) && !f.found) {
        snprintf(err, errsize, "this position has too many ways to play (more than %d partial turns)",
                 RM_MAX_GEN_STEPS);
        return -1;
    }
    if (!f.found) {
        if (check_names(g, want, err, errsize) == 0)
            snprintf(err, errsize, "not a legal turn here");
        return -1;
    }
    if (!f.found_captures && f.any_capture && rm_side_phase(g, st, st->to_move)->compulsory) {
        snprintf(err, errsize, "not legal: a capture is compulsory here");
        return -1;
    }
    return 0;
}
