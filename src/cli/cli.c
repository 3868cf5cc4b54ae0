/* cli.c: the rimau command line. Only argument handling and output live
 * here; everything else is the library (rimau.h). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ctype.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "cli_paths.h"
#include "diag.h"
#include "files.h"
#include "notation.h"
#include "position.h"
#include "render.h"

#define find_command cli_command
#define usage_error cli_usage

/* ---- check ---- */

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

/* The position strings of G's examples (loaded from PATH) are read as
 * `validate` reads them, so that a typo in one is found by `check` too:
 * each one that does not read is an error under the character where it
 * goes wrong, on ERR (unless NULL). Returns the number of errors. */
static int check_example_positions(const rm_game *g, const char *path, FILE *err)
{
    rm_source src = { 0 };
    rm_diag d;
    diag_init(&d, NULL, err);
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
            if (!src.text && source_read(&src, path, &d) != 0)
                return d.errors; /* (the file changed since it was loaded) */
            d.src = &src;
            /* The string's first character: after `position "`. */
            uint32_t o = source_offset(&src, s->line, s->col);
            while (o < src.len && src.text[o] != '"' && src.text[o] != '\n')
                o++;
            uint32_t c = o + 1 + (uint32_t)at;
            rm_span span = { c, c + 1 };
            if (src.text[o] != '"' || c >= src.len)
                span = (rm_span){ o, o };
            diag_error(&d, span, "position string, character %d: %s", at + 1, why);
        }
    }
    source_free(&src);
    return d.errors;
}

static int cmd_check(int argc, char **argv)
{
    const command *c = find_command("check");
    static const struct option opts[] = { { "help", no_argument, NULL, 'h' },
                                          { "quiet", no_argument, NULL, 'q' },
                                          { "option", required_argument, NULL, 'o' },
                                          { 0 } };
    int ch, status = 0;
    bool quiet = false;
    rm_choices choices = { 0 };
    while ((ch = cli_next_opt(c, argc, argv, "hqo:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'q')
            quiet = true;
        if (ch == 'o' && (status = cli_add_choice(&choices, optarg, "check")) != 0)
            return status;
    }
    if (optind >= argc)
        return usage_error("check", "%s", "no .game file given");
    int rc = 0;
    for (int i = optind; i < argc; i++) {
        char path[4096];
        const char *file = cli_game_file(argv[i], path, sizeof path);
        rm_game *g = rm_check_file(file, &choices, quiet ? NULL : stderr, NULL, NULL);
        if (!g || check_example_positions(g, file, quiet ? NULL : stderr) > 0)
            rc = EXIT_INVALID;
        rm_game_destroy(g);
    }
    return rc;
}

/* ---- info ---- */

static json_t *string_list(char *const *list, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        if (json_array_append_new(a, json_string(list[i])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

static int on_board(const rm_game *g, int k)
{
    int n = 0;
    for (int p = 0; p < g->board.npoints; p++)
        if (g->setup_kind[p] == k)
            n += g->setup_count[p];
    return n;
}

static const char *const forward_way[] = { "up", "down", "left", "right" };

/* A side's forward as JSON: "up" (a way), {"toward": [points]}, or null. */
static json_t *info_forward(const rm_game *g, const rm_side *sd)
{
    if (sd->forward == RM_FORWARD_COMPASS)
        return json_string(forward_way[sd->forward_way]);
    if (sd->forward != RM_FORWARD_TOWARD)
        return json_null();
    json_t *points = json_array();
    SET_FOREACH(p, &sd->forward_set)
        if (points && json_array_append_new(points, json_string(g->board.points[p].name)) != 0) {
            json_decref(points);
            points = NULL;
        }
    return json_pack("{s:o}", "toward", points);
}

static json_t *info_sides(const rm_game *g)
{
    json_t *sides = json_array();
    for (int s = 0; sides && s < g->nsides; s++) {
        const rm_side *sd = &g->sides[s];
        json_t *pieces = json_array();
        for (int k = sd->first_kind; pieces && k < sd->first_kind + sd->nkinds; k++) {
            const rm_kind *kd = &g->kinds[k];
            if (json_array_append_new(pieces, json_pack("{s:s, s:i, s:s#, s:b, s:i, s:i}", "name",
                                                        kd->name, "count", kd->count, "symbol",
                                                        &kd->symbol, (size_t)1, "stacks",
                                                        kd->stacks, "on_board", on_board(g, k),
                                                        "in_hand", kd->hand)) != 0) {
                json_decref(pieces);
                pieces = NULL;
            }
        }
        if (json_array_append_new(sides, json_pack("{s:s, s:o, s:o}", "name", sd->name, "pieces",
                                                   pieces, "forward", info_forward(g, sd))) != 0) {
            json_decref(sides);
            sides = NULL;
        }
    }
    return sides;
}

static json_t *info_options(const rm_game *g)
{
    json_t *options = json_array();
    for (int i = 0; options && i < g->noptions; i++) {
        const rm_option *o = &g->options[i];
        if (json_array_append_new(options, json_pack("{s:s, s:o, s:s, s:s?}", "name", o->name,
                                                     "values", string_list(o->values, o->nvalues),
                                                     "value", o->values[o->chosen], "doc",
                                                     o->doc)) != 0) {
            json_decref(options);
            options = NULL;
        }
    }
    return options;
}

/* The game's facts as one JSON object, its keys in the documented order;
 * NULL when out of memory. */
static const char *const blocked_word[] = { "lose", "pass", "draw" };

/* The rules' first side and ends, as JSON; null for a file without phases. */
static json_t *info_rules(const rm_game *g)
{
    const rm_rules *r = &g->rules;
    if (!r->present)
        return json_null();
    json_t *blocked = json_object(), *lose = json_object();
    for (int s = 0; s < 2; s++) {
        if (blocked && json_object_set_new(blocked, g->sides[s].name,
                                           json_string(blocked_word[r->blocked[s]])) != 0) {
            json_decref(blocked);
            blocked = NULL;
        }
        if (lose && r->lose_with[s] >= 0 &&
            json_object_set_new(lose, g->sides[s].name, json_integer(r->lose_with[s])) != 0) {
            json_decref(lose);
            lose = NULL;
        }
    }
    return json_pack("{s:s, s:s?, s:o, s:s, s:o, s:i, s:o}", "first", g->sides[r->first].name,
                     "before_play", r->start != r->first ? g->sides[r->start].name : NULL,
                     "blocked", blocked, "both_blocked",
                     r->both_blocked >= 0 ? g->sides[r->both_blocked].name : "draw", "lose_with",
                     lose, "draw_after", r->draw_after, "draw_repeat",
                     r->draw_repeat > 0 ? json_integer(r->draw_repeat) : json_null());
}

static json_t *info_object(const rm_game *g)
{
    const rm_board *b = &g->board;
    json_t *regions = json_array();
    for (int r = 0; regions && r < b->nregions; r++)
        if (json_array_append_new(regions, json_string(b->regions[r].name)) != 0) {
            json_decref(regions);
            regions = NULL;
        }
    return json_pack("{s:s, s:o, s:s?, s:o, s:o, s:i, s:i, s:i, s:s?, s:o, s:o, s:o, s:o, s:i}",
                     "name", g->name, "aliases", string_list(g->aliases, g->naliases), "origin",
                     g->origin, "sources", string_list(g->sources, g->nsources), "notes",
                     string_list(g->notes, g->nnotes), "points", b->npoints, "links", b->nlinks,
                     "lines", b->nlines, "centre",
                     b->centre >= 0 ? b->points[b->centre].name : NULL, "regions", regions,
                     "sides", info_sides(g), "options", info_options(g), "rules", info_rules(g),
                     "examples", g->nexamples);
}

/* Prints V as the one line jansson writes (", " and ": " between items),
 * with DEL as \u007f: jansson leaves it raw, and the guard on standard
 * output would write it as \x7f, which is not JSON. */
static int put_json(FILE *out, const json_t *v)
{
    char *text = json_dumps(v, JSON_ENCODE_ANY);
    if (!text)
        return -1;
    for (const char *p = text; *p; p++) {
        if (*p == 0x7f)
            fputs("\\u007f", out);
        else
            fputc(*p, out);
    }
    free(text);
    return 0;
}

/* Prints INFO as info --json always has: a key a line, and each object of
 * a list of objects (the sides, the options) on a line of its own, so
 * that line tools find them. */
static int print_info(FILE *out, json_t *info)
{
    const char *key;
    json_t *v;
    int rc = 0, first = 1;
    fputs("{", out);
    json_object_foreach(info, key, v) {
        fprintf(out, "%s\n  \"%s\": ", first ? "" : ",", key); /* (our own keys: nothing to escape) */
        first = 0;
        if (!json_is_array(v) || !json_is_object(json_array_get(v, 0))) {
            rc |= put_json(out, v);
            continue;
        }
        for (size_t i = 0; i < json_array_size(v); i++) {
            fputs(i ? ",\n    " : "[\n    ", out);
            rc |= put_json(out, json_array_get(v, i));
        }
        fputs("\n  ]", out);
    }
    fputs("\n}\n", out);
    return rc;
}

static void info_text(FILE *out, const rm_game *g)
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
            fprintf(out, " (forward %s)", forward_way[sd->forward_way]);
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
                    on_board(g, k),
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
            fprintf(out, "%s %s %s", s ? "," : "", g->sides[s].name, blocked_word[r->blocked[s]]);
        if (r->blocked[0] == RM_BLOCKED_PASSES && r->blocked[1] == RM_BLOCKED_PASSES)
            fprintf(out, "; both blocked: %s%s", r->both_blocked >= 0 ? g->sides[r->both_blocked].name : "draw",
                    r->both_blocked >= 0 ? " wins" : "");
        fprintf(out, "\nlose:    ");
        bool any = false;
        for (int s = 0; s < 2; s++)
            if (r->lose_with[s] >= 0) {
                fprintf(out, "%s %s with %d piece%s or fewer", any ? "," : "", g->sides[s].name,
                        r->lose_with[s], CLI_S(r->lose_with[s]));
                any = true;
            }
        fprintf(out, "%s\ndraw:     after %d turn%s", any ? "" : " with no pieces left", r->draw_after,
                CLI_S(r->draw_after));
        if (r->draw_repeat > 0)
            fprintf(out, ", or when a position is seen %d time%s\n", r->draw_repeat,
                    CLI_S(r->draw_repeat));
        else
            fprintf(out, "; never by repetition\n");
    }
    fprintf(out, "examples: %d\n", g->nexamples);
}

static int cmd_info(int argc, char **argv)
{
    const command *c = find_command("info");
    static const struct option opts[] = { { "help", no_argument, NULL, 'h' },
                                          { "json", no_argument, NULL, 'j' },
                                          { "option", required_argument, NULL, 'o' },
                                          { 0 } };
    int ch, status = 0;
    rm_choices choices = { 0 };
    bool json = false;
    while ((ch = cli_next_opt(c, argc, argv, "hjo:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'o' && (status = cli_add_choice(&choices, optarg, "info")) != 0)
            return status;
        if (ch == 'j')
            json = true;
    }
    if (optind >= argc)
        return usage_error("info", "%s", "no .game file given");
    if (argc - optind > 1)
        return usage_error("info", "%s", "give one .game file");
    rm_game *g = cli_load(argv[optind], &choices);
    if (!g)
        return EXIT_INVALID;
    int rc = 0;
    if (json) {
        json_t *info = info_object(g);
        if (!info || print_info(stdout, info) != 0) {
            fprintf(stderr, "rimau info: cannot write the game as JSON: out of memory\n");
            rc = EXIT_INVALID;
        }
        json_decref(info);
    } else {
        info_text(stdout, g);
    }
    rm_game_destroy(g);
    return rc;
}

/* ---- show ---- */

static int cmd_show(int argc, char **argv)
{
    const command *c = find_command("show");
    static const struct option opts[] = { { "help", no_argument, NULL, 'h' },
                                          { "svg", no_argument, NULL, 's' },
                                          { "after", required_argument, NULL, 'a' },
                                          { "position", required_argument, NULL, 'P' },
                                          { "option", required_argument, NULL, 'o' },
                                          { "color", optional_argument, NULL, 'C' },
                                          { 0 } };
    int ch, status = 0;
    rm_choices choices = { 0 };
    bool svg = false;
    const char *after = NULL, *position = NULL;
    cli_colour colour = CLI_COLOUR_AUTO;
    while ((ch = cli_next_opt(c, argc, argv, "ha:o:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'o' && (status = cli_add_choice(&choices, optarg, "show")) != 0)
            return status;
        if (ch == 'C' && (status = cli_colour_arg(optarg, "show", &colour)) != 0)
            return status;
        if (ch == 's')
            svg = true;
        if (ch == 'a')
            after = optarg;
        if (ch == 'P')
            position = optarg;
    }
    if (optind >= argc)
        return usage_error("show", "%s", "no .game file given");
    if (argc - optind > 1)
        return usage_error("show", "%s", "give one .game file");
    rm_game *g = cli_load(argv[optind], &choices);
    if (!g)
        return EXIT_INVALID;
    int hand[RM_MAX_KINDS];
    rm_view v = render_setup_view(g, hand);
    /* A game with rules has a position to state, and may be shown after
     * turns or at a position string. */
    rm_match m;
    bool playing = false;
    rm_position pos;
    if (!g->rules.present && (after || position)) {
        fprintf(stderr, "%s: error: the game has no rules (no phase): only its setup can be shown\n",
                argv[optind]);
        status = EXIT_INVALID;
    } else if (g->rules.present) {
        if (rm_match_init(&m, g) != 0) {
            fprintf(stderr, "rimau show: out of memory\n");
            status = EXIT_INVALID;
        } else {
            playing = true;
            if ((position && (status = cli_set_position(&m, position, "--position")) == 0) || !position)
                if (after)
                    status = cli_play_turns(&m, after, "--after");
            if (status == 0 && (after || position)) {
                rm_state_position(g, rm_match_state(&m), &pos);
                v = (rm_view){ pos.kind, pos.count, pos.hand };
            }
        }
    }
    if (status == 0 && svg) {
        render_svg(stdout, g, &v);
    } else if (status == 0) {
        printf("%s\n\n", g->name);
        /* in colour, the last of the --after turns is marked */
        bool coloured = cli_colour_on(colour);
        uint8_t mark[RM_MAX_POINTS];
        if (coloured && playing)
            cli_last_turn_marks(&m, mark);
        cli_draw(g, &v, coloured && playing && m.n > 0 ? mark : NULL, coloured);
        if (playing)
            cli_put_position(stdout, g, rm_match_state(&m));
    }
    if (playing)
        rm_match_free(&m);
    rm_game_destroy(g);
    return status;
}

/* ---- the command table ---- */

static const command commands[] = {
    { "analyse", cmd_analyse, "search a position and print the search as it deepens",
      "[OPTION]... FILE\n"
      "Search the start of FILE's game, or the position --position and --after\n"
      "set, with a computer player, and print each depth an alpha-beta player\n"
      "searches to its end as 'info depth N score S pv TURNS...': S is for the\n"
      "side to move (the evaluation, or 'win N' / 'loss N' for a result N plies\n"
      "away), the principal variation in turn notation. Then 'bestturn TURN'. The\n"
      "perfect player (which solves the game, or reads it from --player perfect:DIR)\n"
      "prints 'value V' of the position and 'turn T V' of each turn: V is 'draw'\n"
      "or 'SIDE win in N plies'. Other players print only the best turn.\n"
      "\n"
      "  -a, --after TURNS         play these turns first (separated by blanks or ';')\n"
      "      --position TEXT       start from this position string (doc/notation.md)\n"
      "  -p, --player PLAYER       the player, as --SIDE= of play takes it (default\n"
      "                            ab:5s)\n"
      "      --seed N              seed of the player (default 1)\n"
      "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Examples:\n"
      "  rimau analyse games/rimau-rimau-a.game --player ab:6\n"
      "  rimau analyse games/kaooa.game --after \"t1 i3\" --player perfect\n" },
    { "bench", cmd_bench, "measure the executor's speed on games",
      "[OPTION]... [FILE]...\n"
      "For each game (by default every game of the games folder), on one thread:\n"
      "random playouts a second, turns (plies) a second, the mean playout length,\n"
      "how playouts end (first side wins / second side wins / draws, in %),\n"
      "perft positions a second and the perft count at a fixed depth, the size of\n"
      "the state the playouts play on in bytes (the bit kernel's, where it plays\n"
      "the game), the executor's allocations during the playouts\n"
      "(0: none), and MCTS iterations a second (one search from the start by an\n"
      "mcts player, as long as the playouts: N seconds, or N iterations with\n"
      "--playouts N). Then the peak memory and a signature: the total perft count,\n"
      "which changes only when move generation changes. Rates are per second of\n"
      "CPU time: time spent waiting for a processor does not count, but a busy\n"
      "machine still lowers them, so measure on a quiet one.\n"
      "\n"
      "  -s, --seconds N           CPU seconds of playouts per game, and of MCTS\n"
      "                            (default 2)\n"
      "  -n, --playouts N          play exactly N playouts and N MCTS iterations per\n"
      "                            game instead (a fixed amount of work, for\n"
      "                            instruction counts: valgrind, perf stat)\n"
      "  -d, --depth N             perft depth (default 3)\n"
      "  -o, --option NAME=VALUE   choose an option value of the games (repeatable)\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Example:\n"
      "  rimau bench --seconds 5 games/rimau-rimau-a.game\n" },
    { "compile", cmd_compile, "compile a game and print its rule IR",
      "[OPTION]... FILE\n"
      "Compile FILE into the rule IR and, with --dump, print the IR readably:\n"
      "points with their rays, lines, regions, the board's bit layout, kinds, setup,\n"
      "options, action rules and phases with their turn patterns. Rule authors use\n"
      "it to see what a file means.\n"
      "\n"
      "      --dump                print the IR\n"
      "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Example:\n"
      "  rimau compile --dump games/rimau-rimau-a.game\n" },
    { "list", cmd_list, "list the games of a folder",
      "[OPTION]... [DIR]\n"
      "List the .game files of DIR (by default the installed games, or the folder\n"
      "named by the RIMAU_GAMES environment variable) as a table: file, name,\n"
      "sides with their pieces, points, options and number of examples. The sides\n"
      "are named as play's --SIDE= options take them (--tigers=mcts --men=human).\n"
      "A file that does not load is listed with its first error.\n"
      "\n"
      "  -h, --help    display this help and exit\n"
      "\n"
      "Example:\n"
      "  rimau list games\n" },
    { "moves", cmd_moves, "list the legal turns of a position",
      "[OPTION]... FILE [POINT]\n"
      "List the legal turns of the start of FILE's game, or of the position after\n"
      "--after, one per line in turn notation\n"
      "(see " RIMAU_DOC_DIR "/notation.md).\n"
      "With POINT, only the turns of the piece on POINT or ending there.\n"
      "\n"
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
      "  rimau moves games/rimau-rimau-b.game --after \"xc4 b4\" --show c3\n" },
    { "perft", cmd_perft, "count the turn sequences of a given depth",
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
      "  -h, --help                display this help and exit\n"
      "\n"
      "Example:\n"
      "  rimau perft games/rimau-rimau-a.game 2\n" },
    { "check", cmd_check, "check .game files for errors",
      "[OPTION]... FILE...\n"
      "Check each .game FILE: parse it, resolve its names and check its board,\n"
      "sides, setup, rules and examples (their position strings are read; run\n"
      "them with validate). Prints nothing for a valid file without\n"
      "warnings; for an invalid one, every error found as FILE:LINE:COL: error:\n"
      "MESSAGE, with the line and a caret. A warning, in the same form, marks a\n"
      "turn line whose estimated ways to play one position pass the 4,000,000\n"
      "partial turns Rimau can list: a game stops where such a position comes.\n"
      "\n"
      "  -o, --option NAME=VALUE   check with this value of one of the games' options\n"
      "  -q, --quiet               print no messages, only set the exit status\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Exit status: 0 if every file is valid, warnings or not, 1 if one is not,\n"
      "2 on a usage error.\n"
      "\n"
      "Example:\n"
      "  rimau check games/*.game\n" },
    { "engine", cmd_engine, "drive games through JSON lines on standard input",
      "[OPTION]...\n"
      "Read requests, one JSON object a line, on standard input and answer each\n"
      "with one JSON line on standard output, in order, so that another program\n"
      "drives any game: \"cmd\" is load (\"game\": an installed game's name, or\n"
      "\"text\": a game's whole text; \"options\"), position (\"position\", \"turns\"),\n"
      "moves, play (\"turn\"), go (\"player\", \"seed\", \"play\", \"max_time\"),\n"
      "stop, result, undo (\"turns\") or quit; an \"id\" is echoed. A bad request\n"
      "gets {\"id\": ..., \"error\": \"...\"} and the engine goes on. Requests are\n"
      "read while a go searches: a stop (or quit) ends every go read before it at\n"
      "once, with its best turn so far. A request never names a file or a folder:\n"
      "what the engine may read and write is given here. See doc/engine.md.\n"
      "\n"
      "      --db DIR             the perfect player reads its solve from DIR (made\n"
      "                           by rimau solve --db DIR), and solves nothing:\n"
      "                           a tier missing from DIR is an error answer.\n"
      "                           Without --db, perfect solves the game in memory\n"
      "                           (at most 256 MiB), once for each game loaded\n"
      "      --solve              with --db: solve the tiers missing from DIR, and\n"
      "                           write them there (DIR is made when missing)\n"
      "      --allow-paths        load takes a file's path too (a regular file only)\n"
      "      --max-think SECONDS  the most a go takes, search or solve, whatever\n"
      "                           its player's budget (default 10)\n"
      "  -h, --help               display this help and exit\n"
      "\n"
      "Exit status: 0 at the end of input or after quit, 2 on a usage error.\n"
      "\n"
      "Examples:\n"
      "  echo '{\"cmd\": \"load\", \"game\": \"rimau-rimau-a\"}' | rimau engine\n"
      "  rimau engine --db kaooa.db --max-think 5\n" },
    { "info", cmd_info, "describe a game: board, sides, pieces, options",
      "[OPTION]... FILE\n"
      "Describe the game in FILE: its name and sources, the number of points,\n"
      "links (adjacent pairs of points) and lines of its board, its regions,\n"
      "its sides with their pieces, and its options.\n"
      "\n"
      "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
      "      --json                print one JSON object with the keys name, aliases,\n"
      "                            origin, sources, notes, points, links, lines,\n"
      "                            centre, regions, sides (each with name and pieces:\n"
      "                            name, count, symbol, stacks, on_board, in_hand),\n"
      "                            options (name, values, value, doc) and examples\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Example:\n"
      "  rimau info --json games/rimau-rimau-a.game\n" },
    { "play", cmd_play, "play a game at the terminal",
      "[OPTION]... FILE\n"
      "   or: rimau play [OPTION]... --resume RECORD\n"
      "Play the game of FILE. Each side is played by a human at the terminal or by\n"
      "the computer; by default the first side of the file is the human and the\n"
      "other is 'mcts' (a second of Monte Carlo tree search a turn). The board is\n"
      "drawn after each turn (in colour, the last turn marked); type turns in\n"
      "notation or 'moves [POINT]', 'show [POINT]' (where those turns go), 'undo',\n"
      "'save [FILE]', 'board' (the board and its position string), 'hint', 'help',\n"
      "'quit' (notation: " RIMAU_DOC_DIR "/notation.md).\n"
      "With input from a pipe there is no prompt, so games can be scripted.\n"
      "\n"
      "      --SIDE=PLAYER         who plays SIDE (a side of the game): human, random,\n"
      "                            mcts (one second), mcts:N (N iterations) or\n"
      "                            mcts:Ns / mcts:Nms (a time a turn), with :L after\n"
      "                            the budget to cut playouts after L turns\n"
      "                            (mcts:200:50), ab (one second of alpha-beta),\n"
      "                            ab:D (depth D) or ab:Ns; iterations and depths\n"
      "                            stop at 30 s a turn, or at /Ns after them\n"
      "                            (mcts:20000/5s, ab:6/10s); perfect plays by the\n"
      "                            game's exact values (rimau solve), perfect:DIR by\n"
      "                            those solved into DIR\n"
      "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
      "      --position STRING     start at this position string (not with --save or\n"
      "                            --resume)\n"
      "      --save RECORD         write the game record to RECORD: each turn is\n"
      "                            added to its end as it is played, and made durable\n"
      "      --resume RECORD       go on with the game of RECORD (a record that play\n"
      "                            --save wrote, even of a game that was killed):\n"
      "                            its game, options and players (a --SIDE=PLAYER\n"
      "                            replaces one), saved again to RECORD after every\n"
      "                            turn unless --save names another file\n"
      "      --force               replace RECORD even when it is not a game record\n"
      "                            (never a link, device or FIFO); resume a record\n"
      "                            that is wrong, or whose result its turns do not\n"
      "                            give\n"
      "      --seed N              seed of the computer players (default: the clock)\n"
      "  -q, --quiet               do not draw the board after each turn\n"
      "      --color[=WHEN]        draw the board in colour: auto (the default: when\n"
      "                            standard output is a terminal, NO_COLOR is unset or\n"
      "                            empty and TERM is not dumb), always or never\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Exit status: 0 when the game is played to its end or stopped by 'quit' or the\n"
      "end of input, 130 when Ctrl-C stops it, 1 when it cannot go on or the record\n"
      "cannot be written, 2 on a usage error.\n"
      "\n"
      "Examples:\n"
      "  rimau play games/rimau-rimau-a.game\n"
      "  rimau play games/rimau-rimau-a.game --tigers=mcts:2s --men=human --save game.rec\n"
      "  rimau play --resume game.rec\n" },
    { "replay", cmd_replay, "check a game record and show its end",
      "[OPTION]... RECORD\n"
      "Replay the game record RECORD: check that every turn is legal, then draw the\n"
      "final position and print the result. A wrong or cut-off record is reported\n"
      "as RECORD:LINE:COL: error: ..., and the valid turns before it are replayed.\n"
      "The live record of a game killed while it was played (play --save) is valid\n"
      "to its last whole line; a last line cut in the middle is left out, with a\n"
      "warning. The game file is the record's Game tag, as written or beside the\n"
      "record.\n"
      "\n"
      "  -q, --quiet           do not draw the final position\n"
      "      --color[=WHEN]    draw it in colour, the last turn marked: auto (the\n"
      "                        default: when standard output is a terminal, NO_COLOR\n"
      "                        is unset or empty and TERM is not dumb), always, never\n"
      "      --svg DIR         draw every position as DIR/000.svg (the start),\n"
      "                        001.svg..., the last turn as arrows, captured points\n"
      "                        crossed (DIR is made when missing)\n"
      "      --html FILE       write one self-contained page that steps through the\n"
      "                        game (buttons, arrow keys, the turn list, captures,\n"
      "                        result)\n"
      "      --force           replace files that replay did not write (never a link,\n"
      "                        device or FIFO)\n"
      "  -h, --help            display this help and exit\n"
      "\n"
      "Each picture and the page are written whole, or not at all: an existing file\n"
      "stays as it was when a new one cannot be written.\n"
      "\n"
      "Exit status: 0 for a valid record, 1 for an invalid one or when a picture or\n"
      "the page cannot be written, 2 on a usage error.\n"
      "\n"
      "Examples:\n"
      "  rimau replay game.rec\n"
      "  rimau replay game.rec --html game.html\n" },
    { "validate", cmd_validate, "check a game against the facts its sources state",
      "[OPTION]... FILE...\n"
      "Run every example of each FILE: an example plays turns and checks what the\n"
      "game's source says of the position reached\n"
      "(see " RIMAU_DOC_DIR "/language.md). Each\n"
      "example runs with the default options and then with every other value of\n"
      "each option it does not fix itself ('with NAME = VALUE').\n"
      "Prints one line per example: 'ok', or 'FAILED FILE:LINE:' with the failing\n"
      "assertion and the options it ran with. The file's warnings, as check\n"
      "prints them for the default options, go to standard error first.\n"
      "\n"
      "  -q, --quiet   print only the failures\n"
      "  -h, --help    display this help and exit\n"
      "\n"
      "Exit status: 0 if every example holds, 1 if one fails or a file is invalid\n"
      "or has no examples (it validates nothing), 2 on a usage error.\n"
      "\n"
      "Example:\n"
      "  rimau validate games/*.game\n" },
    { "selfplay", cmd_selfplay, "play a tournament between computer players",
      "[OPTION]... FILE --players A,B\n"
      "Play GAMES games of FILE between the players A and B (random,\n"
      "mcts[:N|:Ns|:N/Ts][:L], ab[:D|:Ns|:D/Ts]: see 'rimau play --help'); they\n"
      "swap sides from one game to the next, so each pairing plays both sides.\n"
      "Then print, per player and side, the wins, losses and draws with 95%\n"
      "confidence intervals (Wilson), the mean length in turns and the mean\n"
      "number of pieces taken. The same seed and budgets in iterations or depth\n"
      "give the same results, whatever the number of threads, unless a turn\n"
      "reaches its time cap: then a note says how many did.\n"
      "\n"
      "  -n, --games N            games to play (default 100)\n"
      "  -p, --players A,B        the two players\n"
      "  -j, --threads N          games played at once (default 1)\n"
      "  -s, --seed S             the tournament's seed (default 1)\n"
      "  -o, --option NAME=VALUE  choose a value of one of the game's options\n"
      "  -r, --records DIR        write each game's record into DIR\n"
      "  -J, --json FILE          write one JSON object per game into FILE, each\n"
      "                           as soon as the games before it are written\n"
      "      --resume             go on from the games the --json FILE of an\n"
      "                           interrupted run holds (same options)\n"
      "      --force              replace a --json file or records that Rimau did not\n"
      "                           write (never a link, device or FIFO)\n"
      "  -S, --shard K/N          play only the K-th of N disjoint slices of the\n"
      "                           games (merge the slices' --json with summarize)\n"
      "  -h, --help               display this help and exit\n"
      "\n"
      "A progress bar goes to standard error when it is a terminal.\n"
      "\n"
      "Example:\n"
      "  rimau selfplay games/rimau-rimau-a.game -n 200 --players mcts:2000,random -j 2\n" },
    { "solve", cmd_solve, "solve a game exactly by retrograde analysis",
      "[OPTION]... FILE\n"
      "Solve FILE's game strongly: the value (win, loss or draw, and in how many\n"
      "plies) of every position the start can lead to, by retrograde analysis on\n"
      "the bit kernel, one tier of positions at a time (a tier: the pieces of each\n"
      "kind on the board and in hand, the phases). Prints each tier's positions\n"
      "and how many are won, lost and drawn for the side to move, the value of the\n"
      "start and of each first turn, the longest forced win, the memory and the\n"
      "time. The turn limit is not applied, and positions no side can force to an\n"
      "end are draws (the game's repetition rule). Games whose board has more than\n"
      "128 bits, or a kind of more than 32 pieces that stack, are not taken; a tier\n"
      "of more than 2^32 positions, or past --memory, stops the solve, which then\n"
      "prints the estimate of the whole game.\n"
      "\n"
      "  -d, --db DIR              keep each solved tier in a file of DIR (made when\n"
      "                            missing), and read the tiers solved there before\n"
      "                            (the files say which game, options and rules they\n"
      "                            solve: another game's are refused, and so is a\n"
      "                            damaged one); one solve at a time writes into DIR\n"
      "                            (another stops at once, naming the process)\n"
      "  -m, --memory SIZE         the most memory to use, as 512M or 8G (default\n"
      "                            4G); a tier that needs more stops the solve\n"
      "  -j, --threads N           threads of each tier's forward pass (default 1)\n"
      "      --no-symmetry         keep every position, not one a class of positions\n"
      "                            the board's symmetries make alike\n"
      "  -a, --after TURNS         solve from the position after these turns (an\n"
      "                            endgame: the tiers it leads to)\n"
      "      --position STRING     solve from this position string (doc/notation.md)\n"
      "      --blockade SIDE       solve nothing; instead, for every placement of\n"
      "                            SIDE's pieces (those of the start, or of the\n"
      "                            position), find the fewest pieces of the other\n"
      "                            side that leave SIDE no turn, and print the\n"
      "                            fewest over all placements, with a position\n"
      "      --within N            with --blockade: count the placements N or fewer\n"
      "                            block (default: all the other side's pieces)\n"
      "      --verify              check every value against the rules afterwards\n"
      "      --estimate            print what solving would take, and solve nothing\n"
      "      --json                print the results as one JSON object\n"
      "  -q, --quiet               draw no progress bar\n"
      "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Examples:\n"
      "  rimau solve games/kaooa.game\n"
      "  rimau solve games/tiger-and-buffaloes.game --db tb.db --verify\n"
      "  rimau solve games/main-tapal-empat.game --estimate\n" },
    { "summarize", cmd_summarize, "merge the JSON lines of tournaments into one table",
      "[OPTION]... FILE...\n"
      "Read the JSON lines that rimau selfplay --json wrote (from one run or from\n"
      "the shards of one tournament) and print the same table as selfplay.\n"
      "\n"
      "  -h, --help    display this help and exit\n"
      "\n"
      "Example:\n"
      "  rimau summarize shard-*.json\n" },
    { "show", cmd_show, "draw the board with its setup or a position",
      "[OPTION]... FILE\n"
      "Draw the board of FILE with the pieces of its setup: in text, points are\n"
      "'.', pieces their symbols (a digit after a symbol counts a stack), lines\n"
      "are drawn with - | / \\ (X where two diagonals cross), and coordinates are\n"
      "on the margins; the pieces in hand are listed below, then the position\n"
      "string of a game with rules (see doc/notation.md). In colour, each side's\n"
      "pieces have their colour, stacks are underlined, and after --after the\n"
      "points the last turn moved from and to are in reverse video and the points\n"
      "it captured on red.\n"
      "\n"
      "  -a, --after TURNS         draw the position after these turns\n"
      "      --position STRING     draw this position string (--after plays from it)\n"
      "      --svg                 write an SVG picture instead\n"
      "      --color[=WHEN]        draw in colour: auto (the default: when standard\n"
      "                            output is a terminal, NO_COLOR is unset or empty\n"
      "                            and TERM is not dumb), always or never\n"
      "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
      "  -h, --help                display this help and exit\n"
      "\n"
      "Examples:\n"
      "  rimau show games/rimau-rimau-a.game\n"
      "  rimau show --svg games/rimau-rimau-a.game > board.svg\n"
      "  rimau show --svg --after \"xc4,xb4,xd4 a1\" games/rimau-rimau-a.game > a1.svg\n" },
};

const command *cli_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

#ifndef RIMAU_NO_MAIN /* the fuzz target of the command reader has its own */
static void main_help(void)
{
    printf("Usage: rimau COMMAND [OPTION]... [ARG]...\n"
           "Describe, check and play hunt board games written in the .game language.\n"
           "\n"
           "Commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    printf("\n"
           "  -h, --help     display this help and exit\n"
           "  -V, --version  output version information and exit\n"
           "\n"
           "'rimau COMMAND --help' describes a command. Boards are drawn in colour when\n"
           "standard output is a terminal, NO_COLOR is unset or empty and TERM is not\n"
           "dumb; --color=always|never (show, moves, play, replay) decides instead.\n"
           "\n"
           "Example:\n"
           "  rimau show games/rimau-rimau-a.game\n");
}

int main(int argc, char **argv)
{
    cli_guard_output();
    /* The time limit of listing one position's turns, for tests (low) and
     * slow machines (high); 0: none. */
    const char *gen = getenv("RIMAU_GEN_SECONDS");
    if (gen && *gen)
        rm_set_gen_time_limit(strtod(gen, NULL));
    if (argc < 2)
        return usage_error(NULL, "%s", "no command given");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (strcmp(cmd, "help") == 0 && argc > 2) {
            if (!find_command(argv[2])) {
                fprintf(stderr, "rimau help: unknown command '%s' (commands:", argv[2]);
                for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
                    fprintf(stderr, "%s %s", i ? "," : "", commands[i].name);
                fprintf(stderr, ")\nTry 'rimau --help' for more information.\n");
                return EXIT_USAGE;
            }
            cli_help(find_command(argv[2]));
            return 0;
        }
        main_help();
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("rimau %s\n"
               "Copyright (c) 2026 The Rimau authors.\n"
               "License: MIT (see LICENSE): free to use, copy, change and share;\n"
               "there is NO WARRANTY, to the extent permitted by law.\n",
               PACKAGE_VERSION);
        return 0;
    }
    const command *c = find_command(cmd);
    if (!c) {
        if (cmd[0] == '-')
            return usage_error(NULL, "unknown option '%s'", cmd);
        return usage_error(NULL, "unknown command '%s'", cmd);
    }
    optind = 0;
    return c->run(argc - 1, argv + 1);
}
#endif
