/* cli_draw.c: boards drawn at the terminal: whether in colour, and the
 * points marked on them (the last turn, where the legal turns go), and a
 * game's position drawn with its last turn (play, replay). What is drawn
 * is render.c's; when and with which marks is decided here. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "notation.h"

bool cli_colour_on(cli_colour when)
{
    if (when != CLI_COLOUR_AUTO)
        return when == CLI_COLOUR_ALWAYS;
    /* (https://no-color.org: a NO_COLOR that is set and not empty) */
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(STDOUT_FILENO) && !(no && *no) && !(term && strcmp(term, "dumb") == 0);
}

void cli_draw(const rm_game *g, const rm_view *v, const uint8_t *mark, bool colour)
{
    rm_text_style st = { colour, mark };
    if (!colour) {
        render_text_styled(stdout, g, v, mark ? &st : NULL);
        return;
    }
    /* drawn whole first, so that its colours pass the output's filter
     * (cli_put_sgr) and nothing else does */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        render_text_styled(stdout, g, v, &(rm_text_style){ false, mark });
        return;
    }
    render_text_styled(f, g, v, &st);
    if (fclose(f) == 0)
        cli_put_sgr(stdout, text, len);
    else
        render_text_styled(stdout, g, v, &(rm_text_style){ false, mark });
    free(text);
}

void cli_last_turn_marks(const rm_match *m, uint8_t *mark)
{
    const rm_game *g = m->g;
    memset(mark, 0, (size_t)g->board.npoints);
    if (m->n == 0)
        return;
    rm_turn_marks t;
    rm_match_turn_marks(m, m->n - 1, &t);
    for (int a = 0; a < t.narrows; a++) {
        mark[t.arrows[a][0]] |= RENDER_LAST;
        mark[t.arrows[a][1]] |= RENDER_LAST;
    }
    for (int p = 0; p < g->board.npoints; p++) {
        if (t.dropped[p])
            mark[p] |= RENDER_LAST;
        if (t.lost[p] > 0)
            mark[p] |= RENDER_TAKEN;
    }
}

bool cli_turn_touches(const rm_turnlist *l, int i, int p)
{
    const rm_move *mv = rm_turn_moves(l, i);
    int n = l->turns[i].n;
    for (int j = 0; j < n; j++)
        if (mv[j].type == RM_MV_DROP ? mv[j].to == p : mv[j].from == p)
            return true;
    return n > 0 && mv[n - 1].type != RM_MV_REMOVE && mv[n - 1].to == p;
}

int cli_reach_marks(const rm_game *g, const rm_turnlist *l, int p, uint8_t *mark)
{
    memset(mark, 0, (size_t)g->board.npoints);
    if (p >= 0)
        mark[p] |= RENDER_CHOSEN;
    int marked = 0;
    for (int i = 0; i < l->n; i++) {
        if (p >= 0 && !cli_turn_touches(l, i, p))
            continue;
        const rm_move *mv = rm_turn_moves(l, i);
        for (int j = 0; j < l->turns[i].n; j++) {
            if (mv[j].type == RM_MV_REMOVE)
                mark[mv[j].from] |= RENDER_TAKEN;
            else
                mark[mv[j].to] |= RENDER_REACH;
        }
        marked++;
    }
    return marked;
}

/* Draws the position now; in colour, with the last turn marked. */
void cli_draw_match(const rm_match *m, bool colour)
{
    const rm_game *g = m->g;
    rm_position pos;
    rm_state_position(g, rm_match_state(m), &pos);
    rm_view v = { pos.kind, pos.count, pos.hand };
    uint8_t mark[RM_MAX_POINTS];
    if (colour)
        cli_last_turn_marks(m, mark);
    cli_draw(g, &v, colour && m->n > 0 ? mark : NULL, colour);
}
