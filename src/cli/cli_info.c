/* cli_info.c: the commands that describe games: info (a game's facts,
 * in text or JSON), show (its board, with its setup or a position) and
 * list (the games of a folder). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "describe.h"
#include "position.h"
#include "render.h"

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

/* A side's forward as JSON: "up" (a way), {"toward": [points]}, or null. */
static json_t *info_forward(const rm_game *g, const rm_side *sd)
{
    if (sd->forward == RM_FORWARD_COMPASS)
        return json_string(rm_forward_words[sd->forward_way]);
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
                                                        kd->stacks, "on_board", rm_kind_on_board(g, k),
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
/* The rules' first side and ends, as JSON; null for a file without phases. */
static json_t *info_rules(const rm_game *g)
{
    const rm_rules *r = &g->rules;
    if (!r->present)
        return json_null();
    json_t *blocked = json_object(), *lose = json_object();
    for (int s = 0; s < 2; s++) {
        if (blocked && json_object_set_new(blocked, g->sides[s].name,
                                           json_string(rm_blocked_words[r->blocked[s]])) != 0) {
            json_decref(blocked);
            blocked = NULL;
        }
        if (lose && r->lose_with[s] >= 0 &&
            json_object_set_new(lose, g->sides[s].name, json_integer(r->lose_with[s])) != 0) {
            json_decref(lose);
            lose = NULL;
        }
    }
    json_t *wins = json_array();
    for (int i = 0; wins && i < r->ngoals; i++) {
        const rm_goal *gl = &r->goals[i];
        json_t *kinds = json_array(), *points = json_array();
        for (int k = 0; kinds && k < g->nkinds; k++)
            if ((gl->kinds >> k & 1) && json_array_append_new(kinds, json_string(g->kinds[k].name)) != 0) {
                json_decref(kinds);
                kinds = NULL;
            }
        for (int p = 0; points && p < g->board.npoints; p++)
            if (set_has(&gl->set, p) &&
                json_array_append_new(points, json_string(g->board.points[p].name)) != 0) {
                json_decref(points);
                points = NULL;
            }
        json_t *w = json_pack("{s:s, s:o, s:s, s:o}", "side", g->sides[gl->side].name, "kinds",
                              kinds, "when", gl->fills ? "fills" : "reaches", "points", points);
        if (!w || json_array_append_new(wins, w) != 0) {
            json_decref(wins);
            wins = NULL;
        }
    }
    return json_pack("{s:s, s:s?, s:o, s:s, s:o, s:o, s:i, s:o}", "first", g->sides[r->first].name,
                     "before_play", r->start != r->first ? g->sides[r->start].name : NULL,
                     "blocked", blocked, "both_blocked",
                     r->both_blocked >= 0 ? g->sides[r->both_blocked].name : "draw", "lose_with",
                     lose, "wins", wins, "draw_after", r->draw_after, "draw_repeat",
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

static int cmd_info(int argc, char **argv)
{
    static const struct option opts[] = { { "json", no_argument, NULL, 'j' }, { 0 } };
    cli_args a = { .cmd = &cli_cmd_info, .takes = CLI_OPTION };
    int ch, status = 0;
    bool json = false;
    while ((ch = cli_next_opt(&a, argc, argv, "j", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'j')
            json = true;
    }
    rm_game *g = cli_load_arg(&a, argc, argv, &status);
    if (!g)
        return status;
    int rc = 0;
    if (json) {
        json_t *info = info_object(g);
        if (!info || print_info(stdout, info) != 0) {
            fprintf(stderr, "rimau info: cannot write the game as JSON: out of memory\n");
            rc = EXIT_INVALID;
        }
        json_decref(info);
    } else {
        rm_describe(stdout, g);
    }
    rm_game_destroy(g);
    return rc;
}

const command cli_cmd_info = {
    "info", cmd_info, "describe a game: board, sides, pieces, options",
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
    "  rimau info --json games/rimau-rimau-a.game\n"
};

/* ---- show ---- */

static int cmd_show(int argc, char **argv)
{
    static const struct option opts[] = { { "svg", no_argument, NULL, 's' },
                                          { "names", no_argument, NULL, 'N' },
                                          { 0 } };
    cli_args a = { .cmd = &cli_cmd_show, .takes = CLI_OPTION | CLI_AFTER | CLI_POSITION | CLI_COLOR };
    int ch, status = 0;
    bool svg = false, names = false;
    while ((ch = cli_next_opt(&a, argc, argv, NULL, opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 's')
            svg = true;
        else if (ch == 'N')
            names = true;
    }
    if (names && !svg)
        return cli_usage("show", "--names draws the names in the SVG picture: give --svg too");
    const char *after = a.after, *position = a.position;
    rm_game *g = cli_load_arg(&a, argc, argv, &status);
    if (!g)
        return status;
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
        rm_marks mk = { .names = names };
        render_svg_marked(stdout, g, &v, names ? &mk : NULL);
    } else if (status == 0) {
        printf("%s\n\n", g->name);
        /* in colour, the last of the --after turns is marked */
        bool coloured = cli_colour_on(a.colour);
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

const command cli_cmd_show = {
    "show", cmd_show, "draw the board with its setup or a position",
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
    "      --names               with --svg: each point's name written beside it\n"
    "      --color[=WHEN]        draw in colour: auto (the default: when standard\n"
    "                            output is a terminal, NO_COLOR is unset or empty\n"
    "                            and TERM is not dumb), always or never\n"
    "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Examples:\n"
    "  rimau show games/rimau-rimau-a.game\n"
    "  rimau show --svg games/rimau-rimau-a.game > board.svg\n"
    "  rimau show --svg --names games/kaooa.game > kaooa.svg\n"
    "  rimau show --svg --after \"xc4,xb4,xd4 a1\" games/rimau-rimau-a.game > a1.svg\n"
};

/* ---- list ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether G has every option C names, with C's value among its values. */
static bool has_values(const rm_game *g, const rm_choices *c)
{
    for (int k = 0; k < c->n; k++) {
        bool found = false;
        for (int i = 0; i < g->noptions && !found; i++)
            for (int v = 0; strcmp(g->options[i].name, c->name[k]) == 0 && v < g->options[i].nvalues; v++)
                found |= strcmp(g->options[i].values[v], c->value[k]) == 0;
        if (!found)
            return false;
    }
    return true;
}

/* Writes S in a column WIDTH characters wide, then the blanks that fill
 * it: characters, not bytes, so that a name in UTF-8 (with a u umlaut, say)
 * keeps the columns after it in line. With CUT, at most WIDTH characters of
 * S are written, and a character is never cut in the middle of its bytes. */
static void put_column(const char *s, int width, bool cut)
{
    int chars = 0;
    size_t len = 0;
    for (; s[len]; len++)
        if (((unsigned char)s[len] & 0xC0) != 0x80) { /* a character starts here */
            if (cut && chars == width)
                break;
            chars++;
        }
    fwrite(s, 1, len, stdout);
    printf("%*s", chars < width ? width - chars : 0, "");
}

static int cmd_list(int argc, char **argv)
{
    cli_args a = { .cmd = &cli_cmd_list, .takes = CLI_OPTION };
    int status = cli_read_opts(&a, argc, argv);
    if (status >= 0)
        return status;
    status = 0;
    if (argc - optind > 1)
        return cli_usage("list", "give at most one folder");
    const char *dir = optind < argc ? argv[optind] : cli_games_dir();
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "rimau list: cannot open the folder %s: %s\n", dir, strerror(errno));
        if (optind >= argc)
            fprintf(stderr, "rimau list: the games are installed there by 'make install'; name "
                    "another folder (rimau list DIR) or set RIMAU_GAMES\n");
        return EXIT_INVALID;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".game") != 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 32;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn)
                break;
            names = nn;
        }
        names[n] = malloc(len + 1);
        if (!names[n])
            break;
        strcpy(names[n++], e->d_name);
    }
    bool cut = e != NULL; /* out of memory before the end of the folder */
    closedir(d);
    if (cut) {
        fprintf(stderr, "rimau list: out of memory reading the folder %s\n", dir);
        for (size_t i = 0; i < n; i++)
            free(names[i]);
        free(names);
        return EXIT_INVALID;
    }
    if (n == 0) {
        printf("no .game files in %s\n", dir);
        free(names);
        return 0;
    }
    qsort(names, n, sizeof *names, cmp_str);
    /* The sides by the names --SIDE= takes, each with its pieces. */
    printf("%-34s %-30s %-40s %6s %7s %8s\n", "file", "name", "sides: pieces", "points",
           "options", "examples");
    size_t listed = 0;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        rm_game *g = rm_load_file(path, NULL, NULL);
        /* -o: only the games with those values, as they make them */
        if (g && a.choices.n > 0) {
            bool has = has_values(g, &a.choices);
            rm_game_destroy(g);
            g = has ? rm_load_file_with(path, &a.choices, NULL, NULL) : NULL;
            if (!has) {
                free(names[i]);
                continue;
            }
        }
        listed++;
        if (!g) {
            printf("%-34s (invalid: run rimau check %s)\n", names[i], path);
            status = EXIT_INVALID;
        } else {
            /* (the column shows 40 characters: the rest is cut, never
             * written past the buffer, however long the names) */
            char sides[256] = "";
            size_t used = 0;
            for (int s = 0; s < g->nsides && used < sizeof sides; s++) {
                used += (size_t)snprintf(sides + used, sizeof sides - used, "%s%s:",
                                         s ? "; " : "", g->sides[s].name);
                for (int k = g->sides[s].first_kind;
                     k < g->sides[s].first_kind + g->sides[s].nkinds && used < sizeof sides; k++)
                    used += (size_t)snprintf(sides + used, sizeof sides - used, "%s %d %s",
                                             k > g->sides[s].first_kind ? "," : "",
                                             g->kinds[k].count, g->kinds[k].name);
            }
            put_column(names[i], 34, false);
            putchar(' ');
            put_column(g->name, 30, true);
            putchar(' ');
            put_column(sides, 40, true);
            printf(" %6d %7d %8d\n", g->board.npoints, g->noptions, g->nexamples);
        }
        rm_game_destroy(g);
        free(names[i]);
    }
    free(names);
    if (listed == 0)
        printf("no game of %s has these option values\n", dir);
    return status;
}

const command cli_cmd_list = {
    "list", cmd_list, "list the games of a folder",
    "[OPTION]... [DIR]\n"
    "List the .game files of DIR (by default the installed games, or the folder\n"
    "named by the RIMAU_GAMES environment variable) as a table: file, name,\n"
    "sides with their pieces, points, options and number of examples. The sides\n"
    "are named as play's --SIDE= options take them (--tigers=mcts --men=human).\n"
    "A file that does not load is listed with its first error.\n"
    "\n"
    "  -o, --option NAME=VALUE   list only the games that have this value of one\n"
    "                            of their options, as it makes them (repeatable)\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Example:\n"
    "  rimau list games\n"
};
