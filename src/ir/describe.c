/* describe.c: a game's facts in words (see describe.h). */
#include "describe.h"

#include <stdbool.h>

const char *const rm_forward_words[4] = { "up", "down", "left", "right" };
const char *const rm_blocked_words[RM_BLOCKED_RULES] = { "lose", "pass", "draw", "pass then lose",
                                                          "pass then draw" };

#define PLURAL(n) ((n) == 1 ? "" : "s")

int rm_kind_on_board(const rm_game *g, int k)
{
    int n = 0;
    for (int p = 0; p < g->board.npoints; p++)
        if (g->setup_kind[p] == k)
            n += g->setup_count[p];
    return n;
}

void rm_describe_goal_kinds(FILE *out, const rm_game *g, const rm_goal *gl)
{
    for (int k = 0, n = 0; k < g->nkinds; k++)
        if (gl->kinds >> k & 1)
            fprintf(out, "%s%s", n++ ? ", " : "", g->kinds[k].name);
}

void rm_describe(FILE *out, const rm_game *g)
{
    const rm_board *b = &g->board;
    fprintf(out, "name:     %s\n", g->name);
    for (int i = 0; i < g->naliases; i++)
        fprintf(out, "alias:    %s\n", g->aliases[i]);
    if (g->origin)
        fprintf(out, "origin:   %s\n", g->origin);
    for (int i = 0; i < g->nsources; i++)
        fprintf(out, "source:   %s\n", g->sources[i]);
    for (int i = 0; i < g->nnotes; i++)
        fprintf(out, "note:     %s\n", g->notes[i]);
    fprintf(out, "points:   %d\nlinks:    %d\nlines:    %d\n", b->npoints, b->nlinks, b->nlines);
    fprintf(out, "centre:   %s\n", b->centre >= 0 ? b->points[b->centre].name : "(none)");
    fprintf(out, "regions: ");
    for (int r = 0; r < b->nregions; r++)
        fprintf(out, " %s (%d)", b->regions[r].name, set_count(&b->regions[r].points));
    fprintf(out, "\nsides:\n");
    for (int s = 0; s < g->nsides; s++) {
        const rm_side *sd = &g->sides[s];
        fprintf(out, "  %s", sd->name);
        if (sd->forward == RM_FORWARD_COMPASS) {
            fprintf(out, " (forward %s)", rm_forward_words[sd->forward_way]);
        } else if (sd->forward == RM_FORWARD_TOWARD) {
            fprintf(out, " (forward toward");
            SET_FOREACH(p, &sd->forward_set)
                fprintf(out, " %s", b->points[p].name);
            fprintf(out, ")");
        }
        fprintf(out, ":\n");
        for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++) {
            const rm_kind *kd = &g->kinds[k];
            fprintf(out, "    %-10s %3d  symbol %c%s, %d on the board, %d in hand\n", kd->name,
                    kd->count, kd->symbol,
                    kd->stacks_in_play ? ", stacks" : kd->stacks ? ", stacks in setup" : "",
                    rm_kind_on_board(g, k),
                    kd->hand);
        }
    }
    if (g->noptions == 0)
        fprintf(out, "options:  none\n");
    for (int i = 0; i < g->noptions; i++) {
        const rm_option *o = &g->options[i];
        fprintf(out, "option:   %s =", o->name);
        for (int v = 0; v < o->nvalues; v++)
            fprintf(out, "%s %s%s", v ? " |" : "", o->values[v], v == o->chosen ? " (in force)" : "");
        if (o->doc)
            fprintf(out, "  -- %s", o->doc);
        fputc('\n', out);
    }
    if (g->rules.present) {
        const rm_rules *r = &g->rules;
        fprintf(out, "first:    %s", g->sides[r->first].name);
        if (r->start != r->first)
            fprintf(out, " (after %s place before play)", g->sides[r->start].name);
        fprintf(out, "\nblocked: ");
        for (int s = 0; s < 2; s++)
            fprintf(out, "%s %s %s", s ? "," : "", g->sides[s].name, rm_blocked_words[r->blocked[s]]);
        if (r->blocked[0] == RM_BLOCKED_PASSES && r->blocked[1] == RM_BLOCKED_PASSES)
            fprintf(out, "; both blocked: %s%s", r->both_blocked >= 0 ? g->sides[r->both_blocked].name : "draw",
                    r->both_blocked >= 0 ? " wins" : "");
        for (int f = 0; f < r->nphases; f++)
            for (int s = 0; s < 2; s++)
                if (r->phases[f].blocked[s])
                    fprintf(out, "; while %s %s: %s %s", g->sides[r->phases[f].side].name,
                            r->phases[f].name, g->sides[s].name,
                            rm_blocked_words[r->phases[f].blocked[s] - 1]);
        fprintf(out, "\nlose:    ");
        bool any = false;
        for (int s = 0; s < 2; s++)
            if (r->lose_with[s] >= 0) {
                fprintf(out, "%s %s with %d piece%s or fewer", any ? "," : "", g->sides[s].name,
                        r->lose_with[s], PLURAL(r->lose_with[s]));
                any = true;
            }
        for (int s = 0; s < 2; s++)
            if (r->stall_after[s] > 0) {
                fprintf(out, "%s %s after %d turn%s in a row without advancing", any ? "," : "",
                        g->sides[s].name, r->stall_after[s], PLURAL(r->stall_after[s]));
                any = true;
            }
        if (r->quiet_after > 0) {
            fprintf(out, "%s fewer pieces after %d turn%s in a row without a capture (as many: a "
                    "draw)", any ? "," : "", r->quiet_after, PLURAL(r->quiet_after));
            any = true;
        }
        fprintf(out, "%s", any ? "" : " with no pieces left");
        for (int i = 0; i < r->ngoals; i++) {
            const rm_goal *gl = &r->goals[i];
            fprintf(out, "\nwin:      %s when ", g->sides[gl->side].name);
            rm_describe_goal_kinds(out, g, gl);
            fprintf(out, " %s %s", gl->fills ? "fills" : "reaches", gl->where);
        }
        fprintf(out, "\ndraw:     after %d turn%s", r->draw_after,
                PLURAL(r->draw_after));
        if (r->draw_repeat > 0)
            fprintf(out, ", or when a position is seen %d time%s\n", r->draw_repeat,
                    PLURAL(r->draw_repeat));
        else
            fprintf(out, "; never by repetition\n");
    }
    fprintf(out, "examples: %d\n", g->nexamples);
}
