/* cli_engine.c: rimau engine, a JSON-lines protocol through which another
 * program (a GUI, a web page) drives any game (doc/engine.md), and rimau
 * analyse, which prints an alpha-beta search as it deepens. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "solve.h"
#include "notation.h"
#include "position.h"
#include "players/players.h"

/* The longest request line read; a longer one is an error answer. */
#define ENGINE_MAX_LINE (1 << 20)

void cli_engine_init(cli_engine *e)
{
    memset(e, 0, sizeof *e);
}

static void unload(cli_engine *e)
{
    if (e->g) {
        rm_match_free(&e->m);
        rm_game_destroy(e->g);
        e->g = NULL;
    }
}

void cli_engine_free(cli_engine *e)
{
    unload(e);
}

/* A JSON string of TEXT, or of "?" when TEXT is not valid UTF-8. */
static json_t *jstr(const char *text)
{
    json_t *j = json_string(text);
    return j ? j : json_string("?");
}

static json_t *turn_json(const rm_game *g, const rm_move *moves, int n)
{
    char *text = rm_turn_text(g, moves, n);
    json_t *j = jstr(text ? text : "?");
    free(text);
    return j;
}

/* Adds what every answer about the game in play says: the side to move,
 * the turns played, and the result. */
static void add_status(cli_engine *e, json_t *a)
{
    const rm_game *g = e->g;
    int r = rm_match_result(&e->m);
    char res[128];
    rm_result_text(g, r, res, sizeof res);
    json_object_set_new(a, "to_move", jstr(g->sides[rm_state_to_move(rm_match_state(&e->m))].name));
    json_object_set_new(a, "turns_played", json_integer(e->m.n));
    json_object_set_new(a, "over", json_boolean(r != RM_ONGOING));
    json_object_set_new(a, "result", jstr(res));
    json_object_set_new(a, "winner", r >= 0 && r < 2 ? jstr(g->sides[r].name) : json_null());
    json_object_set_new(a, "why", jstr(e->m.why));
    char *ps = rm_position_string(g, rm_match_state(&e->m));
    json_object_set_new(a, "position", ps ? jstr(ps) : json_null());
    free(ps);
}

/* The error answer's text, in WHY; returns NULL (no answer object). */
static json_t *fail(char *why, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static json_t *fail(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return NULL;
}

/* Whether every key of REQ is "cmd", "id" or one of KEYS (a NULL-ended
 * list); else the first other one is named in WHY. */
static bool known_keys(json_t *req, const char *const *keys, char *why, size_t size)
{
    const char *k;
    json_t *v;
    json_object_foreach(req, k, v) {
        bool ok = strcmp(k, "cmd") == 0 || strcmp(k, "id") == 0;
        for (int i = 0; keys[i] && !ok; i++)
            ok = strcmp(k, keys[i]) == 0;
        if (!ok) {
            fail(why, size, "unknown key \"%s\"", k);
            return false;
        }
    }
    return true;
}

static json_t *do_load(cli_engine *e, json_t *req, char *why, size_t size)
{
    json_t *game = json_object_get(req, "game"), *opts = json_object_get(req, "options");
    if (!json_is_string(game))
        return fail(why, size, "load needs \"game\": a file or an installed game's name");
    if (opts && !json_is_object(opts))
        return fail(why, size, "\"options\" is an object of option names and values");
    rm_choices choices = { 0 };
    const char *k;
    json_t *v;
    json_object_foreach(opts, k, v) {
        if (!json_is_string(v))
            return fail(why, size, "the value of option \"%s\" is not a string", k);
        if (choices.n == RM_MAX_OPTIONS)
            return fail(why, size, "too many options");
        choices.name[choices.n] = k;
        choices.value[choices.n] = json_string_value(v);
        choices.n++;
    }
    char buf[4096];
    const char *path = cli_game_file(json_string_value(game), buf, sizeof buf);
    char *errs = NULL;
    size_t nerrs = 0;
    FILE *err = open_memstream(&errs, &nerrs);
    rm_game *g = rm_load_file_with(path, &choices, err, NULL);
    if (err)
        fclose(err);
    if (!g) {
        /* the first error line */
        if (errs && strchr(errs, '\n'))
            *strchr(errs, '\n') = '\0';
        fail(why, size, "%s", errs && *errs ? errs : "the game does not load");
        free(errs);
        return NULL;
    }
    free(errs);
    if (!g->rules.present) {
        rm_game_destroy(g);
        return fail(why, size, "the game has no rules (no phase), so it cannot be played");
    }
    unload(e);
    e->g = g;
    if (rm_match_init(&e->m, g) != 0) {
        rm_game_destroy(g);
        e->g = NULL;
        return fail(why, size, "out of memory");
    }
    json_t *a = json_object();
    json_object_set_new(a, "game", jstr(g->name));
    json_object_set_new(a, "sides", json_pack("[o, o]", jstr(g->sides[0].name),
                                              jstr(g->sides[1].name)));
    add_status(e, a);
    return a;
}

/* Sets the position: the position string POSITION (or the game's start,
 * without it), then the turns of TURNS (an array of turn texts, or one
 * string of them as --after takes). NULL with WHY when the string or a
 * turn is not legal, and the position is then the one before. */
static json_t *do_position(cli_engine *e, json_t *req, char *why, size_t size)
{
    json_t *turns = json_object_get(req, "turns");
    json_t *pos = json_object_get(req, "position");
    if (turns && !json_is_array(turns) && !json_is_string(turns))
        return fail(why, size, "\"turns\" is an array of turns or a string of them");
    if (pos && !json_is_string(pos))
        return fail(why, size, "\"position\" is a position string (see doc/notation.md)");
    rm_state start;
    rm_initial(e->g, &start);
    if (pos) {
        char err[400];
        int at;
        if (rm_parse_position_string(e->g, json_string_value(pos), &start, &at, err, sizeof err) != 0)
            return fail(why, size, "position, character %d: %s", at + 1, err);
    }
    /* The position before, to go back to when a turn is not legal. */
    rm_state old_start = e->m.states[0];
    size_t n0 = (size_t)e->m.n;
    char **old = calloc(n0 + 1, sizeof *old);
    if (!old)
        return fail(why, size, "out of memory");
    for (size_t i = 0; i < n0; i++)
        old[i] = e->m.texts[i], e->m.texts[i] = NULL;
    /* (rm_match_restart frees texts: they were taken above) */
    rm_match_restart(&e->m, &start);
    char err[512];
    int bad = 0;
    if (json_is_string(turns)) {
        bad = rm_match_play_many(&e->m, json_string_value(turns), err, sizeof err);
    } else if (turns) {
        size_t i;
        json_t *t;
        json_array_foreach(turns, i, t) {
            if (!json_is_string(t)) {
                snprintf(err, sizeof err, "turn %zu is not a string", i + 1);
                bad = -1;
                break;
            }
            char e1[380];
            if (rm_match_play_text(&e->m, json_string_value(t), e1, sizeof e1) != 0) {
                snprintf(err, sizeof err, "turn %zu '%.100s': %s", i + 1, json_string_value(t), e1);
                bad = -1;
                break;
            }
        }
    }
    if (bad) {
        rm_match_restart(&e->m, &old_start);
        for (size_t i = 0; i < n0; i++)
            rm_match_play_text(&e->m, old[i], NULL, 0);
    }
    for (size_t i = 0; i < n0; i++)
        free(old[i]);
    free(old);
    if (bad)
        return fail(why, size, "%s", err);
    json_t *a = json_object();
    add_status(e, a);
    return a;
}

static json_t *do_moves(cli_engine *e, char *why, size_t size)
{
    const rm_turnlist *l = rm_match_turns(&e->m);
    if (l->failed || l->too_many) {
        char buf[128];
        return fail(why, size, "%s", rm_turns_failure(l, buf, sizeof buf));
    }
    json_t *list = json_array();
    for (int i = 0; i < l->n; i++)
        json_array_append_new(list, turn_json(e->g, rm_turn_moves(l, i), l->turns[i].n));
    json_t *a = json_object();
    json_object_set_new(a, "turns", list);
    add_status(e, a);
    return a;
}

static json_t *do_play(cli_engine *e, json_t *req, char *why, size_t size)
{
    json_t *turn = json_object_get(req, "turn");
    if (!json_is_string(turn))
        return fail(why, size, "play needs \"turn\": a turn in notation");
    char err[512];
    if (rm_match_play_text(&e->m, json_string_value(turn), err, sizeof err) != 0)
        return fail(why, size, "'%.100s': %s", json_string_value(turn), err);
    json_t *a = json_object();
    json_object_set_new(a, "turn", jstr(e->m.texts[e->m.n - 1]));
    add_status(e, a);
    return a;
}

static json_t *do_go(cli_engine *e, json_t *req, char *why, size_t size)
{
    json_t *spec = json_object_get(req, "player"), *seed = json_object_get(req, "seed");
    json_t *play = json_object_get(req, "play");
    if (spec && !json_is_string(spec))
        return fail(why, size, "\"player\" is a player as --SIDE= takes it (ab:3, mcts:1s)");
    if (seed && !json_is_integer(seed))
        return fail(why, size, "\"seed\" is an integer");
    if (play && !json_is_boolean(play))
        return fail(why, size, "\"play\" is true or false");
    if (rm_match_result(&e->m) != RM_ONGOING)
        return fail(why, size, "the game is over: no turn to choose");
    char err[512];
    rm_player *p = rm_player_new(e->g, spec ? json_string_value(spec) : "ab", 
                                 seed ? (uint64_t)json_integer_value(seed) : 1, err, sizeof err);
    if (!p)
        return fail(why, size, "%s", err);
    int i = rm_player_choose(p, &e->m);
    rm_player_free(p);
    const rm_turnlist *l = rm_match_turns(&e->m);
    if (i < 0 || i >= l->n)
        return fail(why, size, "out of memory");
    json_t *a = json_object();
    json_object_set_new(a, "turn", turn_json(e->g, rm_turn_moves(l, i), l->turns[i].n));
    bool played = play && json_is_true(play);
    if (played && rm_match_play(&e->m, rm_turn_moves(l, i), l->turns[i].n) != 0) {
        json_decref(a);
        return fail(why, size, "out of memory");
    }
    json_object_set_new(a, "played", json_boolean(played));
    add_status(e, a);
    return a;
}

static json_t *do_undo(cli_engine *e, json_t *req, char *why, size_t size)
{
    json_t *turns = json_object_get(req, "turns");
    if (turns && (!json_is_integer(turns) || json_integer_value(turns) < 1))
        return fail(why, size, "\"turns\" is a number of turns, 1 or more");
    json_int_t n = turns ? json_integer_value(turns) : 1;
    int k = rm_match_undo(&e->m, n > e->m.n ? e->m.n : (int)n);
    json_t *a = json_object();
    json_object_set_new(a, "undone", json_integer(k));
    add_status(e, a);
    return a;
}

/* The answer to the request REQ, or NULL with the error in WHY. */
static json_t *answer(cli_engine *e, json_t *req, char *why, size_t size)
{
    if (!json_is_object(req))
        return fail(why, size, "a request is a JSON object");
    json_t *cmd = json_object_get(req, "cmd");
    if (!json_is_string(cmd))
        return fail(why, size, "a request needs \"cmd\" (load, position, moves, play, go, "
                    "result, undo, quit)");
    const char *c = json_string_value(cmd);
    static const char *const load_keys[] = { "game", "options", NULL };
    static const char *const position_keys[] = { "position", "turns", NULL };
    static const char *const play_keys[] = { "turn", NULL };
    static const char *const go_keys[] = { "player", "seed", "play", NULL };
    static const char *const undo_keys[] = { "turns", NULL };
    static const char *const no_keys[] = { NULL };
    const char *const *keys = strcmp(c, "load") == 0       ? load_keys
                              : strcmp(c, "position") == 0 ? position_keys
                              : strcmp(c, "play") == 0     ? play_keys
                              : strcmp(c, "go") == 0       ? go_keys
                              : strcmp(c, "undo") == 0     ? undo_keys
                              : strcmp(c, "moves") == 0 || strcmp(c, "result") == 0 ||
                                      strcmp(c, "quit") == 0
                                  ? no_keys
                                  : NULL;
    if (!keys)
        return fail(why, size, "unknown command \"%.60s\" (load, position, moves, play, go, "
                    "result, undo, quit)", c);
    if (!known_keys(req, keys, why, size))
        return NULL;
    if (strcmp(c, "quit") == 0) {
        e->quit = true;
        return json_object();
    }
    if (strcmp(c, "load") == 0)
        return do_load(e, req, why, size);
    if (!e->g)
        return fail(why, size, "no game is loaded: send {\"cmd\": \"load\", \"game\": ...} first");
    if (strcmp(c, "position") == 0)
        return do_position(e, req, why, size);
    if (strcmp(c, "moves") == 0)
        return do_moves(e, why, size);
    if (strcmp(c, "play") == 0)
        return do_play(e, req, why, size);
    if (strcmp(c, "go") == 0)
        return do_go(e, req, why, size);
    if (strcmp(c, "undo") == 0)
        return do_undo(e, req, why, size);
    json_t *a = json_object();
    add_status(e, a);
    return a;
}

void cli_engine_line(cli_engine *e, const char *line, size_t len, FILE *out)
{
    char why[640] = "";
    json_t *id = NULL, *a = NULL;
    json_error_t err;
    json_t *req = json_loadb(line, len, JSON_REJECT_DUPLICATES, &err);
    if (!req) {
        snprintf(why, sizeof why, "not JSON: %s (column %d)", err.text, err.column);
    } else {
        id = json_is_object(req) ? json_object_get(req, "id") : NULL;
        a = answer(e, req, why, sizeof why);
    }
    json_t *full = json_object();
    json_object_set(full, "id", id ? id : json_null());
    if (!a) {
        a = json_object();
        json_object_set_new(a, "error", jstr(why));
    } else {
        json_object_set_new(full, "ok", json_true());
    }
    json_object_update(full, a);
    json_decref(a);
    json_decref(req);
    char *text = json_dumps(full, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(full);
    fprintf(out, "%s\n", text ? text : "{\"id\":null,\"error\":\"out of memory\"}");
    free(text);
    fflush(out);
}

int cmd_engine(int argc, char **argv)
{
    const command *c = cli_command("engine");
    static const struct option opts[] = { { "help", no_argument, NULL, 'h' }, { 0 } };
    int ch, status = 0;
    while ((ch = cli_next_opt(c, argc, argv, "h", opts, &status)) != -1)
        if (ch == -2)
            return status;
    if (argc - optind != 0)
        return cli_usage("engine", "no argument is taken: requests come on standard input");
    cli_engine e;
    cli_engine_init(&e);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while (!e.quit && (n = getline(&line, &cap, stdin)) >= 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (n == 0)
            continue;
        if (n > ENGINE_MAX_LINE) {
            printf("{\"id\":null,\"error\":\"the line is longer than %d bytes\"}\n",
                   ENGINE_MAX_LINE);
            fflush(stdout);
            continue;
        }
        cli_engine_line(&e, line, (size_t)n, stdout);
    }
    free(line);
    cli_engine_free(&e);
    return 0;
}

/* ---- analyse ---- */

struct analysis {
    rm_match *m;
};

/* Prints one depth of the search: the principal variation's turns are
 * played on a copy of the game to be written. */
static void print_depth(void *ctx, int depth, double score, const int *pv, int npv)
{
    struct analysis *an = ctx;
    rm_match copy;
    if (rm_match_init(&copy, an->m->g) != 0)
        return;
    rm_match_restart(&copy, &an->m->states[0]); /* (a --position) */
    for (int i = 0; i < an->m->n; i++)
        rm_match_play_text(&copy, an->m->texts[i], NULL, 0);
    printf("info depth %d score ", depth);
    if (score >= 900)
        printf("win %d", (int)(1000.5 - score));
    else if (score <= -900)
        printf("loss %d", (int)(1000.5 + score));
    else
        printf("%.3f", score);
    printf(" pv");
    for (int k = 0; k < npv; k++) {
        const rm_turnlist *l = rm_match_turns(&copy);
        if (pv[k] < 0 || pv[k] >= l->n)
            break;
        putchar(' ');
        cli_put_turn(stdout, copy.g, rm_turn_moves(l, pv[k]), l->turns[pv[k]].n);
        if (rm_match_play(&copy, rm_turn_moves(l, pv[k]), l->turns[pv[k]].n) != 0)
            break;
    }
    printf("\n");
    fflush(stdout);
    rm_match_free(&copy);
}

/* "tigers win in 7 plies" for value V (for SIDE to move) at distance D. */
static const char *solved_text(const rm_game *g, int v, int side, int d, char *buf, size_t size)
{
    if (v < 0)
        snprintf(buf, size, "not solved");
    else if (v == RM_VALUE_DRAW)
        snprintf(buf, size, "draw");
    else
        snprintf(buf, size, "%s win in %d pl%s",
                 g->sides[v == RM_VALUE_WIN ? side : 1 - side].name, d, d == 1 ? "y" : "ies");
    return buf;
}

/* analyse with the perfect player: the solved value of the position and
 * of each of its turns, then the best turn. */
static int print_solved(const rm_game *g, rm_match *m, rm_player *p)
{
    const rm_solver *s = rm_player_solver(p);
    const rm_state *st = rm_match_state(m);
    const rm_turnlist *l = rm_match_turns(m);
    int side = rm_state_to_move(st), d, v = rm_solver_value(s, st, &d);
    char text[200];
    printf("value %s (%s to move)\n", solved_text(g, v, side, d, text, sizeof text),
           g->sides[side].name);
    for (int i = 0; i < l->n; i++) {
        rm_state next = *st;
        rm_apply(g, &next, rm_turn_moves(l, i), l->turns[i].n);
        int cd, cv = rm_solver_value(s, &next, &cd);
        printf("turn ");
        cli_put_turn(stdout, g, rm_turn_moves(l, i), l->turns[i].n);
        printf(" %s\n", solved_text(g, cv, rm_state_to_move(&next),
                                    cv == RM_VALUE_DRAW ? 0 : cd + 1, text, sizeof text));
    }
    int i = rm_player_choose(p, m);
    if (i < 0 || i >= l->n) {
        fprintf(stderr, "rimau analyse: no turn to choose\n");
        return EXIT_INVALID;
    }
    printf("bestturn ");
    cli_put_turn(stdout, g, rm_turn_moves(l, i), l->turns[i].n);
    printf("\n");
    return 0;
}

int cmd_analyse(int argc, char **argv)
{
    const command *c = cli_command("analyse");
    static const struct option opts[] = { { "help", no_argument, NULL, 'h' },
                                          { "after", required_argument, NULL, 'a' },
                                          { "position", required_argument, NULL, 'P' },
                                          { "option", required_argument, NULL, 'o' },
                                          { "player", required_argument, NULL, 'p' },
                                          { "seed", required_argument, NULL, 'S' },
                                          { 0 } };
    int ch, status = 0;
    const char *after = NULL, *position = NULL, *spec = "ab:5s";
    uint64_t seed = 1;
    rm_choices choices = { 0 };
    while ((ch = cli_next_opt(c, argc, argv, "ha:o:p:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'a')
            after = optarg;
        if (ch == 'P')
            position = optarg;
        if (ch == 'p')
            spec = optarg;
        if (ch == 'S') {
            char *end;
            seed = strtoull(optarg, &end, 10);
            if (end == optarg || *end)
                return cli_usage("analyse", "--seed takes a whole number, not '%s'", optarg);
        }
        if (ch == 'o' && (status = cli_add_choice(&choices, optarg, "analyse")) != 0)
            return status;
    }
    if (argc - optind != 1)
        return cli_usage("analyse", "give one .game file");
    rm_match m;
    rm_game *g = cli_load_position("analyse", argv[optind], &choices, position, after, &m, &status);
    if (!g)
        return status;
    char err[512];
    rm_player *p = rm_player_new(g, spec, seed, err, sizeof err);
    if (!p) {
        rm_match_free(&m);
        rm_game_destroy(g);
        return cli_usage("analyse", "--player: %s", err);
    }
    status = EXIT_INVALID;
    int r = rm_match_result(&m);
    if (r != RM_ONGOING) {
        char res[128];
        rm_result_text(g, r, res, sizeof res);
        fprintf(stderr, "rimau analyse: the game is over: %s (%s)\n", res, m.why);
    } else if (rm_player_solver(p)) {
        status = print_solved(g, &m, p);
    } else {
        struct analysis an = { &m };
        rm_player_on_progress(p, print_depth, &an);
        int i = rm_player_choose(p, &m);
        const rm_turnlist *l = rm_match_turns(&m);
        if (i >= 0 && i < l->n) {
            printf("bestturn ");
            cli_put_turn(stdout, g, rm_turn_moves(l, i), l->turns[i].n);
            printf("\n");
            status = 0;
        } else {
            fprintf(stderr, "rimau analyse: out of memory\n");
        }
    }
    rm_match_free(&m);
    rm_player_free(p);
    rm_game_destroy(g);
    return status;
}
