/* cli_rules.c: the commands that look into the rules: compile, moves, perft. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_paths.h"
#include "describe.h"
#include "native.h"
#include "layout.h"
#include "notation.h"

/* ---- compile --dump ---- */

static const char *const action_names[] = { "drop", "step", "slide", "leap", "capture",
                                            "remove", "relocate" };

static void dump_set(FILE *out, const rm_game *g, const rm_set *s)
{
    int n = 0;
    SET_FOREACH(p, s) {
        fprintf(out, "%s%s", n++ ? " " : "", g->board.points[p].name);
    }
}

static void dump_kinds(FILE *out, const rm_game *g, unsigned mask)
{
    int n = 0;
    for (int k = 0; k < g->nkinds; k++)
        if (mask >> k & 1)
            fprintf(out, "%s%s", n++ ? "," : "", g->kinds[k].name);
}

static const char *const dir_names[] = { "forward", "backward", "sideways", "orthogonal",
                                         "diagonal" };

static void dump_action(FILE *out, const rm_game *g, int i)
{
    const rm_action_rule *a = &g->rules.actions[i];
    fprintf(out, "A%d %s %s", i, action_names[a->type], g->kinds[a->kind].name);
    for (int w = 0, n = 0; w < 5; w++)
        if (a->dirs >> w & 1)
            fprintf(out, "%s%s", n++ ? "," : " dirs=", dir_names[w]);
    if (a->type == RM_LEAP || a->type == RM_CAPTURE || a->type == RM_REMOVE) {
        fprintf(out, " targets=");
        dump_kinds(out, g, a->targets);
    }
    if (a->type == RM_CAPTURE) {
        fprintf(out, " lines=");
        int n = 0;
        if (a->lines == 0x2AAAAAAAAAAAAAAAull)
            fprintf(out, "odd");
        for (int k = 1; k < 63 && a->lines != 0x2AAAAAAAAAAAAAAAull; k++)
            if (a->lines >> k & 1)
                fprintf(out, "%s%d", n++ ? "," : "", k);
        static const char *const chains[] = { "none", "may-stop", "must-continue" };
        fprintf(out, " chain=%s removal=%s", chains[a->chain],
                a->remove_at_end ? "at-end" : "at-once");
        if (a->not_back)
            fprintf(out, " not-back");
        if (a->final_step)
            fprintf(out, a->further_step ? " further-step" : " final-step");
        if (a->by)
            fprintf(out, " by=%s%s%s", a->by & RM_BY_APPROACH ? "approach" : "",
                    a->by == (RM_BY_APPROACH | RM_BY_WITHDRAWAL) ? "," : "",
                    a->by & RM_BY_WITHDRAWAL ? "withdrawal" : "");
    }
    if (a->to_empty)
        fprintf(out, " to-empty");
    if (a->fewer_than >= 0)
        fprintf(out, " while-on-board<%d", a->fewer_than);
    if (a->has_region) {
        fprintf(out, " region={");
        dump_set(out, g, &a->region);
        fprintf(out, "}");
    }
    fputc('\n', out);
}

/* Each side's forward, when it has one, and the way every ray goes for
 * it: the ray's first point, then f (forward), b (backward) or s
 * (sideways), and d when it is diagonal. */
static void dump_forwards(FILE *out, const rm_game *g)
{
    static const char *const compass[] = { "up", "down", "left", "right" };
    static const char way_letter[] = { '-', 'f', 'b', 's' };
    const rm_board *b = &g->board;
    for (int s = 0; s < g->nsides; s++) {
        const rm_side *sd = &g->sides[s];
        if (sd->forward == RM_FORWARD_NONE)
            continue;
        fprintf(out, "S%d %s forward=", s, sd->name);
        if (sd->forward == RM_FORWARD_COMPASS) {
            fprintf(out, "%s\n", compass[sd->forward_way]);
        } else {
            fprintf(out, "toward{");
            dump_set(out, g, &sd->forward_set);
            fprintf(out, "}\n");
        }
        for (int p = 0; p < b->npoints; p++) {
            fprintf(out, "  %s:", b->points[p].name);
            for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
                int cls = sd->ray_class[r];
                fprintf(out, " %s=%c%s", b->points[b->ray_next[r]].name,
                        way_letter[RM_RAY_WAY(cls)], RM_RAY_DIAGONAL(cls) ? "d" : "");
            }
            fputc('\n', out);
        }
    }
}

/* The bit layout (layout.h): the point at each bit, drawn in rows with
 * the highest first (on a lattice, the board's top row), ghosts as '.';
 * each class of links with its shift and the links it covers; the
 * exceptions. */
static void dump_layout(FILE *out, const rm_game *g)
{
    const rm_board *b = &g->board;
    const rm_layout *l = g->layout;
    fprintf(out, "\n# bit layout: %d word%s%s, %d bits (%d point%s, %d ghost%s), %d exception%s\n",
            l->words, CLI_S(l->words), l->words > 2 ? " (the general path)" : "", l->bits,
            b->npoints, CLI_S(b->npoints), l->bits - b->npoints, CLI_S(l->bits - b->npoints),
            l->nexceptions, CLI_S(l->nexceptions));
    int wide = 1;
    for (int p = 0; p < b->npoints; p++) {
        int n = (int)strlen(b->points[p].name);
        if (n > wide)
            wide = n;
    }
    int rows = (l->bits + l->width - 1) / l->width;
    for (int r = rows - 1; r >= 0; r--) {
        fprintf(out, "%4d:", r * l->width);
        int end = (r + 1) * l->width < l->bits ? (r + 1) * l->width : l->bits;
        for (int i = r * l->width; i < end; i++)
            fprintf(out, " %-*s", i + 1 < end ? wide : 0,
                    l->point[i] >= 0 ? b->points[l->point[i]].name : ".");
        fputc('\n', out);
    }
    fprintf(out, "# shifts: class (dx, dy), shift, links covered (from>to)\n");
    for (int c = 0; c < l->nclasses; c++) {
        const rm_layout_class *k = &l->classes[c];
        fprintf(out, "(%g, %g) %+d: %d/%d", k->dx, k->dy, k->shift, k->ncovered, k->nlinks);
        for (int i = 0; i < b->nlinks; i++)
            if (l->links[i].cls == c && l->links[i].covered)
                fprintf(out, " %s>%s", b->points[l->links[i].from].name,
                        b->points[l->links[i].to].name);
        fputc('\n', out);
    }
    fprintf(out, "# exceptions: links no shift covers (from>to bits)\n");
    if (!l->nexceptions)
        fprintf(out, "none\n");
    for (int i = 0; i < b->nlinks; i++) {
        const rm_layout_link *k = &l->links[i];
        if (!k->covered)
            fprintf(out, "%s>%s %d>%d (class (%g, %g) %+d)\n", b->points[k->from].name,
                    b->points[k->to].name, l->bit[k->from], l->bit[k->to],
                    l->classes[k->cls].dx, l->classes[k->cls].dy, l->classes[k->cls].shift);
    }
}

static void dump_ir(FILE *out, const rm_game *g)
{
    const rm_board *b = &g->board;
    fprintf(out, "game %s\n", g->name);
    fprintf(out, "points %d links %d lines %d centre %s\n", b->npoints, b->nlinks, b->nlines,
            b->centre >= 0 ? b->points[b->centre].name : "-");
    fprintf(out, "\n# points: index name (x, y) and rays (line:direction points...)\n");
    for (int p = 0; p < b->npoints; p++) {
        fprintf(out, "P%-3d %-4s (%g, %g)", p, b->points[p].name, b->points[p].x, b->points[p].y);
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const rm_ray *ry = &b->rays[r];
            fprintf(out, "  L%d%c", ry->line, ry->dir > 0 ? '+' : '-');
            for (int i = 0; i < ry->len; i++)
                fprintf(out, "%s%s", i ? "," : ":", b->points[b->ray_pts[ry->off + (uint32_t)i]].name);
        }
        fputc('\n', out);
    }
    fprintf(out, "\n# lines\n");
    for (int l = 0; l < b->nlines; l++) {
        fprintf(out, "L%-3d", l);
        for (uint32_t i = b->line_off[l]; i < b->line_off[l + 1]; i++)
            fprintf(out, " %s", b->points[b->line_pts[i]].name);
        fputc('\n', out);
    }
    fprintf(out, "\n# regions\n");
    for (int r = 0; r < b->nregions; r++) {
        fprintf(out, "%s:", b->regions[r].name);
        SET_FOREACH(p, &b->regions[r].points) {
            fprintf(out, " %s", b->points[p].name);
        }
        fputc('\n', out);
    }
    dump_layout(out, g);
    fprintf(out, "\n# sides and kinds\n");
    for (int k = 0; k < g->nkinds; k++)
        fprintf(out, "K%d %s side=%s count=%d hand=%d symbol=%c%s\n", k, g->kinds[k].name,
                g->sides[g->kinds[k].side].name, g->kinds[k].count, g->kinds[k].hand,
                g->kinds[k].symbol, g->kinds[k].stacks_in_play ? " stacks"
                                    : g->kinds[k].stacks ? " stacks-in-setup" : "");
    dump_forwards(out, g);
    fprintf(out, "\n# setup\n");
    for (int p = 0; p < b->npoints; p++)
        if (g->setup_kind[p] >= 0)
            fprintf(out, "%s: %s x%d\n", b->points[p].name, g->kinds[g->setup_kind[p]].name,
                    g->setup_count[p]);
    fprintf(out, "\n# options\n");
    for (int i = 0; i < g->noptions; i++) {
        const rm_option *o = &g->options[i];
        fprintf(out, "%s =", o->name);
        for (int v = 0; v < o->nvalues; v++)
            fprintf(out, " %s%s", o->values[v], v == o->chosen ? "*" : "");
        fputc('\n', out);
    }
    const rm_rules *r = &g->rules;
    fprintf(out, "\n# rules\n");
    if (!r->present) {
        fprintf(out, "(none: the file has no phases)\n");
        return;
    }
    fprintf(out, "first %s\n", g->sides[r->first].name);
    if (r->start != r->first)
        fprintf(out, "%s to move first, before play\n", g->sides[r->start].name);
    fprintf(out, "draw after %d turn%s\n", r->draw_after, CLI_S(r->draw_after));
    if (r->draw_repeat > 0)
        fprintf(out, "draw on repetition %d\n", r->draw_repeat);
    else
        fprintf(out, "draw on repetition never\n");
    static const char *const blocked[RM_BLOCKED_RULES] = { "loses", "passes", "draws",
                                                           "passes then loses", "passes then draws" };
    for (int s = 0; s < 2; s++) {
        if (r->lose_with[s] >= 0)
            fprintf(out, "%s lose with %d piece%s\n", g->sides[s].name, r->lose_with[s],
                    CLI_S(r->lose_with[s]));
        fprintf(out, "%s when blocked %s\n", g->sides[s].name, blocked[r->blocked[s]]);
        if (r->stall_after[s] > 0)
            fprintf(out, "%s loses after %d turn%s without advancing\n", g->sides[s].name,
                    r->stall_after[s], CLI_S(r->stall_after[s]));
    }
    if (r->quiet_after > 0)
        fprintf(out, "more pieces wins after %d turn%s without capture\n", r->quiet_after,
                CLI_S(r->quiet_after));
    for (int i = 0; i < r->ngoals; i++) {
        const rm_goal *gl = &r->goals[i];
        fprintf(out, "%s wins when ", g->sides[gl->side].name);
        rm_describe_goal_kinds(out, g, gl);
        fprintf(out, " %s", gl->fills ? "fills" : "reaches");
        for (int p = 0; p < g->board.npoints; p++)
            if (set_has(&gl->set, p))
                fprintf(out, " %s", g->board.points[p].name);
        fputc('\n', out);
    }
    if (r->blocked[0] == RM_BLOCKED_PASSES && r->blocked[1] == RM_BLOCKED_PASSES) {
        if (r->both_blocked >= 0)
            fprintf(out, "when both blocked %s wins\n", g->sides[r->both_blocked].name);
        else
            fprintf(out, "when both blocked draw\n");
    }
    fprintf(out, "\n# actions\n");
    for (int i = 0; i < r->naction_rules; i++)
        dump_action(out, g, i);
    fprintf(out, "\n# phases: each turn pattern is steps (min..max times: alternatives)\n");
    for (int i = 0; i < r->nphases; i++) {
        const rm_phase *ph = &r->phases[i];
        static const char *const ends[] = { "never", "when hand empty", "after turns" };
        fprintf(out, "F%d %s of %s, ends %s", i, ph->name, g->sides[ph->side].name, ends[ph->end]);
        if (ph->end == RM_END_AFTER_TURNS)
            fprintf(out, " (%d)", ph->end_turns);
        static const char *const huffs[] = { "", ", captures huffed at once",
                                             ", captures huffed by opponent" };
        fprintf(out, "%s%s%s%s%s\n", ph->before_play ? ", before play" : "",
                ph->compulsory ? ", captures compulsory" : "",
                ph->compulsory_per_piece ? ", captures compulsory per piece" : "",
                ph->drops_compulsory ? ", drops compulsory" : "", huffs[ph->huff]);
        for (int s = 0; s < 2; s++)
            if (ph->blocked[s])
                fprintf(out, "  %s when blocked %s\n", g->sides[s].name, blocked[ph->blocked[s] - 1]);
        for (int t = 0; t < ph->nturns; t++) {
            fprintf(out, "  turn %d:", t + 1);
            for (int k = 0; k < ph->turns[t].nsteps; k++) {
                const rm_step_rule *st = &ph->turns[t].steps[k];
                fprintf(out, "%s (%d..%d:", k ? " then" : "", st->min, st->max);
                for (int a = 0; a < st->nalts; a++)
                    fprintf(out, " %sA%d", a ? "| " : "", st->alt[a]);
                fprintf(out, ")");
            }
            fprintf(out, "  ways ~10^%.1f\n", ph->turns[t].log10_ways);
        }
    }
}

/* compile --native: G's native kernel built into the cache (or found
 * there), and where it is. */
static int compile_native(const rm_game *g)
{
    rm_native_report rep;
    char err[1024];
    if (rm_native_build(g, &rep, err, sizeof err) != 0) {
        fprintf(stderr, "rimau compile: no native kernel for %s: %s\n", g->name, err);
        return EXIT_FAILURE;
    }
    printf("%s\n", rep.path);
    if (rep.built)
        printf("built in %.2f s, %ld bytes\n", rep.seconds, rep.bytes);
    else
        printf("already in the cache, %ld bytes\n", rep.bytes);
    return 0;
}

static int cmd_compile(int argc, char **argv)
{
    static const struct option opts[] = { { "dump", no_argument, NULL, 'd' },
                                          { "native", no_argument, NULL, 'N' },
                                          { 0 } };
    cli_args a = { .cmd = &cli_cmd_compile, .takes = CLI_OPTION };
    int ch, status = 0;
    bool dump = false, native = false;
    while ((ch = cli_next_opt(&a, argc, argv, NULL, opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'd')
            dump = true;
        if (ch == 'N')
            native = true;
    }
    if (argc - optind < 1)
        return cli_usage("compile", "give a .game file");
    /* Several files: each is compiled, its dump headed by its name (as
     * head(1) heads them); one that does not compile is reported and the
     * others still go. */
    bool several = argc - optind > 1;
    for (int i = optind; i < argc; i++) {
        rm_game *g = cli_load(argv[i], &a.choices);
        if (!g) {
            status = EXIT_INVALID;
            continue;
        }
        if (dump) {
            if (several)
                printf("%s==> %s <==\n", i > optind ? "\n" : "", argv[i]);
            dump_ir(stdout, g);
        }
        if (native && compile_native(g) != 0)
            status = EXIT_FAILURE;
        rm_game_destroy(g);
    }
    return status;
}

const command cli_cmd_compile = {
    "compile", cmd_compile, "compile a game and print its rule IR",
    "[OPTION]... FILE...\n"
    "Compile each FILE into the rule IR and, with --dump, print the IR readably:\n"
    "points with their rays, lines, regions, the board's bit layout, kinds, setup,\n"
    "options, action rules and phases with their turn patterns. Rule authors use\n"
    "it to see what a file means. With several files, each dump is headed by\n"
    "'==> FILE <=='; a file that does not compile is reported, the others still\n"
    "are, and the status is then 1. With --native, build each game's native bit\n"
    "kernel (the kernel's code compiled for the game and this machine by the C\n"
    "compiler, $RIMAU_CC or cc, at -O2 -march=native and $RIMAU_CFLAGS) into the\n"
    "cache ($XDG_CACHE_HOME/rimau, else ~/.cache/rimau) unless it is there, and\n"
    "print its file and the build time; the commands that play many positions\n"
    "then load it at once (--kernel).\n"
    "\n"
    "      --dump                print the IR\n"
    "      --native              build the game's native bit kernel\n"
    "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Example:\n"
    "  rimau compile --dump games/rimau-rimau-a.game\n"
};

/* The IR weighs turn patterns against the executor's limits, which it
 * cannot see: they must be the same (rules.h). */
_Static_assert(RM_MAX_PARTIAL_TURNS == RM_MAX_GEN_STEPS, "the IR knows the generator's limit");
_Static_assert(RM_MAX_MOVES_IN_TURN == RM_MAX_TURN_MOVES, "the IR knows a turn's most moves");

/* ---- moves and perft ---- */

static int cmd_moves(int argc, char **argv)
{
    static const struct option opts[] = { { "show", optional_argument, NULL, 'S' },
                                          { "all", no_argument, NULL, 'A' },
                                          { 0 } };
    cli_args a = { .cmd = &cli_cmd_moves, .takes = CLI_OPTION | CLI_AFTER | CLI_POSITION | CLI_COLOR };
    int ch, status = 0;
    const char *point = NULL;
    bool show = false, all = false;
    while ((ch = cli_next_opt(&a, argc, argv, NULL, opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'A')
            all = true;
        if (ch == 'S') {
            show = true;
            if (optarg)
                point = optarg;
        }
    }
    if (argc - optind == 2 && !point)
        point = argv[optind + 1];
    else if (argc - optind != 1)
        return cli_usage("moves", "give one .game file (and a point)");
    rm_match m;
    rm_game *g = cli_load_position(&a, argv[optind], &m, &status);
    if (!g)
        return status;
    int p = point ? board_point(&g->board, point) : -1;
    if (point && p < 0) {
        fprintf(stderr, "rimau moves: '%s' is not a point of the board%s\n", point,
                GAME_HINT(g, GAME_POINTS, point));
        rm_match_free(&m);
        rm_game_destroy(g);
        return EXIT_INVALID;
    }
    const rm_turnlist *l = rm_match_turns(&m);
    if (l->failed) {
        char why[128];
        fprintf(stderr, "rimau moves: %s\n", rm_turns_failure(l, why, sizeof why));
        status = EXIT_INVALID;
    }
    if (show) {
        uint8_t mark[RM_MAX_POINTS];
        rm_position pos;
        rm_state_position(g, rm_match_state(&m), &pos);
        rm_view v = { pos.kind, pos.count, pos.hand };
        cli_reach_marks(g, l, p, mark);
        cli_draw(g, &v, mark, cli_colour_on(a.colour));
        putchar('\n');
    }
    /* the turns to list, and the groups that stand for some (not with
     * --all, or when out of memory) */
    int shown = 0, ngroups = -1;
    bool *listed = malloc((size_t)l->n + 1);
    int *group_of = malloc(((size_t)l->n + 1) * sizeof *group_of);
    rm_turn_group groups[RM_MAX_TURN_GROUPS];
    for (int i = 0; listed && i < l->n; i++)
        listed[i] = p < 0 || cli_turn_touches(l, i, p);
    if (listed && group_of && !all)
        ngroups = rm_turn_groups(l, listed, groups, group_of);
    for (int i = 0; i < l->n; i++) {
        if (listed ? !listed[i] : p >= 0 && !cli_turn_touches(l, i, p))
            continue;
        shown++;
        int gi = ngroups > 0 ? group_of[i] : -1;
        if (gi >= 0 && groups[gi].first != i)
            continue;
        if (gi >= 0)
            cli_put_group(stdout, g, l, &groups[gi], 0);
        else
            cli_put_turn(stdout, g, rm_turn_moves(l, i), l->turns[i].n);
        putchar('\n');
    }
    free(listed);
    free(group_of);
    if (p >= 0 && shown == 0) /* (on stderr: the list on stdout stays a list) */
        fprintf(stderr, "rimau moves: no legal turn %s %s (%d turn%s in all)\n",
                rm_state_kind(rm_match_state(&m), p) >= 0 ? "moves the piece on, or ends on," : "ends on",
                point, l->n, CLI_S(l->n));
    rm_match_free(&m);
    rm_game_destroy(g);
    return status;
}

const command cli_cmd_moves = {
    "moves", cmd_moves, "list the legal turns of a position",
    "[OPTION]... FILE [POINT]\n"
    "List the legal turns of the start of FILE's game, or of the position after\n"
    "--after, one per line in turn notation\n"
    "(see " RIMAU_DOC_DIR "/notation.md).\n"
    "With POINT, only the turns of the piece on POINT or ending there.\n"
    "Turns that are every choice of N drops (or N removals) among a set of\n"
    "points are one line: \"4 drops on any of the 16 points a1 b1 ... (1,820\n"
    "turns, e.g. a1,b1,c1,d1)\"; their drops may be typed in any order.\n"
    "\n"
    "      --all                 list every turn, each on its line, groups too\n"
    "  -a, --after TURNS         play these turns first (separated by blanks or ';')\n"
    "      --position STRING     start from this position string (see doc/notation.md)\n"
    "      --show[=POINT]        draw the board first, the empty points the turns\n"
    "                            move or drop a piece to marked '*' (in colour, the\n"
    "                            occupied ones too, and the points they remove from)\n"
    "      --color[=WHEN]        draw the board in colour: auto (the default: when\n"
    "                            standard output is a terminal, NO_COLOR is unset or\n"
    "                            empty and TERM is not dumb), always or never\n"
    "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Examples:\n"
    "  rimau moves games/rimau-rimau-b.game --after \"xc4 b4\"\n"
    "  rimau moves games/rimau-rimau-b.game --after \"xc4 b4\" --show c3\n"
};

/* Ctrl-C or TERM during perft: stop counting (see cmd_perft). */
static void stop_perft(int sig)
{
    (void)sig;
    rm_perft_stop = 1;
}

/* Prints one root turn of perft --divide and its count. */
static void print_divide(void *ctx, const rm_move *moves, int n, uint64_t count)
{
    cli_put_turn(stdout, ctx, moves, n);
    printf(" %" PRIu64 "\n", count);
}

static int cmd_perft(int argc, char **argv)
{
    static const struct option opts[] = { { "divide", no_argument, NULL, 'd' }, { 0 } };
    cli_args a = { .cmd = &cli_cmd_perft, .takes = CLI_OPTION | CLI_AFTER | CLI_POSITION | CLI_KERNEL };
    int ch, status = 0;
    bool divide = false;
    while ((ch = cli_next_opt(&a, argc, argv, NULL, opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'd')
            divide = true;
    }
    if (argc - optind != 2)
        return cli_usage("perft", "give a .game file and a depth");
    char *end;
    long depth = strtol(argv[optind + 1], &end, 10);
    if (*end || depth < 0 || depth > 64)
        return cli_usage("perft", "the depth is a number from 0 to 64, not '%s'", argv[optind + 1]);
    /* (a native kernel is built for a count of seconds or more, not for
     * the quick counts of the tests and the documents) */
    if ((status = cli_kernel_start(&a, depth >= 5)) != 0)
        return status;
    rm_match m;
    rm_game *g = cli_load_position(&a, argv[optind], &m, &status);
    if (!g)
        return status;
    if ((status = cli_kernel_check(&a, g)) != 0) {
        rm_match_free(&m);
        rm_game_destroy(g);
        return status;
    }
    rm_turnlist *lists = calloc((size_t)depth + 1, sizeof *lists);
    if (!lists) {
        rm_match_free(&m);
        rm_game_destroy(g);
        return EXIT_INVALID;
    }
    uint64_t total = 0;
    bool perft_failed = false;
    const rm_state *root = rm_match_state(&m);
    /* Ctrl-C (or a TERM) stops the count: the lines given so far are
     * whole, and what was counted is said. */
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop_perft;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    if (divide)
        setvbuf(stdout, NULL, _IOLBF, 0);
    if (depth == 0) {
        total = 1;
    } else if (divide) {
        total = rm_perft_divide(g, root, (int)depth, lists, &perft_failed, print_divide, g);
        putchar('\n');
    } else {
        total = rm_perft(g, root, (int)depth, lists, &perft_failed);
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    if (rm_perft_stop) {
        fflush(stdout);
        fprintf(stderr, "rimau perft: interrupted: %" PRIu64 " sequences counted before the stop, "
                "less than the whole count\n", total);
        status = 130;
    } else if (perft_failed) {
        fprintf(stderr, "rimau perft: a position has too many ways to play (more than %d partial "
                "turns, %ld units of work, %d turns or %g s to list them) or memory ran out\n",
                RM_MAX_GEN_STEPS, RM_MAX_GEN_WORK, RM_MAX_TURNS, rm_gen_time_limit());
        status = EXIT_INVALID;
    } else {
        printf("%" PRIu64 "\n", total);
    }
    for (long i = 0; i <= depth; i++)
        rm_turnlist_free(&lists[i]);
    free(lists);
    rm_match_free(&m);
    rm_game_destroy(g);
    return status;
}

const command cli_cmd_perft = {
    "perft", cmd_perft, "count the turn sequences of a given depth",
    "[OPTION]... FILE DEPTH\n"
    "Count the sequences of DEPTH complete turns from the start of FILE's game (or\n"
    "from the position after --after). At each position a side's turns are the\n"
    "distinct positions it can reach with one complete turn; a finished game has\n"
    "no turns.\n"
    "\n"
    "  -a, --after TURNS         play these turns first\n"
    "      --position STRING     start from this position string\n"
    "      --divide              print each first turn with its count\n"
    "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
    KERNEL_HELP("when cached, and built at a depth of 5 or more")
    "  -h, --help                display this help and exit\n"
    "\n"
    "Example:\n"
    "  rimau perft games/rimau-rimau-a.game 2\n"
};
