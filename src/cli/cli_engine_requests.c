/* cli_engine_requests.c: each request of rimau engine answered, on the
 * main thread (doc/engine.md): its command and keys checked, then load,
 * position, moves, play, go (the perfect player's solve made once a
 * game), undo, stop, result or quit; the answer's JSON, with the status
 * of the game in play. A go's player is where a stop, read by the
 * reading thread, finds it (under the engine's lock). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "clock.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <jansson.h>

#include "cli.h"
#include "cli_engine_impl.h"
#include "files.h"
#include "notation.h"
#include "players.h"
#include "position.h"
#include "solve.h"

/* Without --db, the perfect player's solve is made in memory, at most
 * this much. */
#define ENGINE_SOLVE_MEMORY ((size_t)256 << 20)

/* The commands, as the error messages list them. */
#define COMMANDS "load, position, moves, play, go, stop, result, undo, quit"

void engine_unload(cli_engine *e)
{
    rm_solver_free(e->solver);
    e->solver = NULL;
    if (e->g) {
        rm_match_free(&e->m);
        rm_game_destroy(e->owned);
        e->g = e->owned = NULL;
    }
}

/* The length of the valid UTF-8 character at S (N bytes left), or 0. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (c == 0xE0)
        lo = 0xA0;
    else if (c == 0xED)
        hi = 0x9F;
    else if (c == 0xF0)
        lo = 0x90;
    else if (c == 0xF4)
        hi = 0x8F;
    for (size_t i = 1; i < len; i++) {
        if (s[i] < (i == 1 ? lo : 0x80) || s[i] > (i == 1 ? hi : 0xBF))
            return 0;
    }
    return len;
}

/* A JSON string of TEXT: where TEXT is not valid UTF-8 (a message that
 * quotes part of a character, or a name cut), each byte of it that is no
 * character is written \xHH. */
json_t *engine_jstr(const char *text)
{
    json_t *j = json_string(text);
    if (j)
        return j;
    size_t n = strlen(text), k = 0;
    char *clean = malloc(4 * n + 1);
    for (size_t i = 0; clean && i < n;) {
        size_t len = utf8_char((const unsigned char *)text + i, n - i);
        if (len == 0) {
            snprintf(clean + k, 5, "\\x%02X", (unsigned char)text[i]);
            k += 4;
            i++;
        } else {
            memcpy(clean + k, text + i, len);
            k += len;
            i += len;
        }
    }
    if (clean) {
        clean[k] = '\0';
        j = json_string(clean);
        free(clean);
    }
    return j ? j : json_string("?");
}

static json_t *turn_json(const rm_game *g, const rm_move *moves, int n)
{
    char *text = rm_turn_text(g, moves, n);
    json_t *j = engine_jstr(text ? text : "?");
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
    json_object_set_new(a, "to_move",
                        engine_jstr(g->sides[rm_state_to_move(rm_match_state(&e->m))].name));
    json_object_set_new(a, "turns_played", json_integer(e->m.n));
    json_object_set_new(a, "over", json_boolean(r != RM_ONGOING));
    json_object_set_new(a, "result", engine_jstr(res));
    json_object_set_new(a, "winner", r >= 0 && r < 2 ? engine_jstr(g->sides[r].name) : json_null());
    json_object_set_new(a, "why", engine_jstr(e->m.why));
    char *ps = rm_position_string(g, rm_match_state(&e->m));
    json_object_set_new(a, "position", ps ? engine_jstr(ps) : json_null());
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
bool engine_known_keys(json_t *req, const char *const *keys, char *why, size_t size)
{
    const char *k;
    json_t *v;
    json_object_foreach(req, k, v) {
        bool ok = strcmp(k, "cmd") == 0 || strcmp(k, "id") == 0;
        for (int i = 0; keys[i] && !ok; i++)
            ok = strcmp(k, keys[i]) == 0;
        if (!ok) {
            rm_suggest s;
            rm_suggest_start(&s, k);
            rm_suggest_offer(&s, "cmd");
            rm_suggest_offer(&s, "id");
            for (int i = 0; keys[i]; i++)
                rm_suggest_offer(&s, keys[i]);
            fail(why, size, "unknown key \"%.60s\"%s", k,
                 rm_suggest_text(&s, (char[RM_SUGGEST_TEXT]){ 0 }, RM_SUGGEST_TEXT));
            return false;
        }
    }
    return true;
}

/* The keys each command takes, besides "cmd" and "id". */
const char *const *engine_command_keys(const char *c)
{
    static const char *const load_keys[] = { "game", "text", "options", NULL };
    static const char *const position_keys[] = { "position", "turns", NULL };
    static const char *const play_keys[] = { "turn", NULL };
    static const char *const go_keys[] = { "player", "seed", "play", "max_time", NULL };
    static const char *const undo_keys[] = { "turns", NULL };
    static const char *const no_keys[] = { NULL };
    return strcmp(c, "load") == 0       ? load_keys
           : strcmp(c, "position") == 0 ? position_keys
           : strcmp(c, "play") == 0     ? play_keys
           : strcmp(c, "go") == 0       ? go_keys
           : strcmp(c, "undo") == 0     ? undo_keys
           : strcmp(c, "moves") == 0 || strcmp(c, "result") == 0 || strcmp(c, "quit") == 0 ||
                   strcmp(c, "stop") == 0
               ? no_keys
               : NULL;
}

/* ---- load ---- */

/* Reads the regular file PATH whole into a new buffer (*LEN bytes, a
 * NUL after them) through files.h: a FIFO, a device or a folder is
 * refused at once, never waited on, so nothing a path names can hang the
 * engine. NULL with WHY otherwise. */
static char *read_regular(const char *path, size_t *len, char *why, size_t size)
{
    char err[4400];
    char *text = rm_in_read(path, RM_MAX_FILE_SIZE, len, err, sizeof err);
    if (!text)
        fail(why, size, "%.400s (a game is loaded from a regular file only)", err);
    return text;
}

/* The file of the installed game NAME (NAME or NAME.game in the games
 * folder), into BUF; the file's name as messages show it into SHOWN.
 * False when there is none. */
static bool installed_game(const char *name, char *buf, size_t size, char *shown, size_t ssize)
{
    const char *dir = cli_games_dir();
    struct stat sb;
    static const char *const ends[] = { "", ".game" };
    for (int i = 0; i < 2; i++) {
        if ((size_t)snprintf(buf, size, "%s/%s%s", dir, name, ends[i]) < size &&
            stat(buf, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
            snprintf(shown, ssize, "%s%s", name, ends[i]);
            return true;
        }
    }
    return false;
}

static json_t *do_load(cli_engine *e, json_t *req, char *why, size_t size)
{
    json_t *game = json_object_get(req, "game"), *text = json_object_get(req, "text");
    json_t *opts = json_object_get(req, "options");
    if (!game == !text || (game && !json_is_string(game)) || (text && !json_is_string(text)))
        return fail(why, size, "load needs \"game\", an installed game's name%s, or \"text\", the "
                    "whole text of a .game file (one of the two)",
                    e->setup.allow_paths ? " or a file" : "");
    if (opts && !json_is_object(opts))
        return fail(why, size, "\"options\" is an object of option names and values");
    /* (a load without "options" has the engine's -o values) */
    rm_choices choices = { 0 };
    if (!opts && e->setup.choices)
        choices = *e->setup.choices;
    const char *k;
    json_t *v;
    json_object_foreach(opts, k, v) {
        if (!json_is_string(v))
            return fail(why, size, "the value of option \"%.60s\" is not a string", k);
        if (choices.n == RM_MAX_OPTIONS)
            return fail(why, size, "too many options");
        choices.name[choices.n] = k;
        choices.value[choices.n] = json_string_value(v);
        choices.n++;
    }
    char *source = NULL;
    size_t len = 0;
    char shown[300] = "text";
    if (text) {
        len = json_string_length(text);
        if (len > RM_MAX_FILE_SIZE)
            return fail(why, size, "the game's text is longer than the limit of %u bytes",
                        RM_MAX_FILE_SIZE);
    } else {
        const char *name = json_string_value(game);
        char path[4096];
        if (e->setup.allow_paths) {
            snprintf(shown, sizeof shown, "%.250s", name);
            source = read_regular(cli_game_file(name, path, sizeof path), &len, why, size);
        } else if (!*name || strchr(name, '/') || name[0] == '.') {
            return fail(why, size, "\"game\" is an installed game's name, and '%s' is not one: a "
                        "request cannot name a file (send the game's whole text as \"text\"; a "
                        "path is taken only when the engine is started with --allow-paths)",
                        SHOWN(name));
        } else if (!installed_game(name, path, sizeof path, shown, sizeof shown)) {
            return fail(why, size, "no installed game is named '%s' (rimau list shows them; "
                        "or send the game's whole text as \"text\")%s", SHOWN(name),
                        cli_game_hint(name, true, (char[RM_SUGGEST_TEXT]){ 0 }));
        } else {
            source = read_regular(path, &len, why, size);
        }
        if (!source)
            return NULL;
    }
    char *errs = NULL;
    size_t nerrs = 0;
    FILE *err = open_memstream(&errs, &nerrs);
    rm_game *g = rm_load_string_with(shown, source ? source : json_string_value(text), len,
                                     &choices, err, NULL);
    free(source);
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
    engine_unload(e);
    if (rm_match_init(&e->m, g) != 0) {
        rm_game_destroy(g);
        return fail(why, size, "out of memory");
    }
    e->g = e->owned = g;
    json_t *a = json_object();
    json_object_set_new(a, "game", engine_jstr(g->name));
    json_object_set_new(a, "sides", json_pack("[o, o]", engine_jstr(g->sides[0].name),
                                              engine_jstr(g->sides[1].name)));
    add_status(e, a);
    return a;
}
/* The characters (not bytes) of the UTF-8 TEXT before its byte AT. */
static int characters(const char *text, int at)
{
    int n = 0;
    for (int i = 0; i < at && text[i]; i++)
        n += ((unsigned char)text[i] & 0xC0) != 0x80;
    return n;
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
            return fail(why, size, "position, character %d: %s",
                        characters(json_string_value(pos), at) + 1, err);
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
    json_object_set_new(a, "turn", engine_jstr(e->m.texts[e->m.n - 1]));
    add_status(e, a);
    return a;
}

/* ---- go ---- */

/* What the solve of the perfect player asks its stop function. */
typedef struct solve_watch {
    cli_engine *e;
    unsigned long seq;      /* the go's */
    double deadline;
    bool halted, late;
} solve_watch;

static bool solve_stop(void *ctx)
{
    solve_watch *w = ctx;
    pthread_mutex_lock(&w->e->lock);
    w->halted = w->e->stop_at > w->seq;
    pthread_mutex_unlock(&w->e->lock);
    w->late = !w->halted && rm_seconds() >= w->deadline;
    return w->halted || w->late;
}

/* Makes the solve the perfect player plays by, once for each game
 * loaded: read from the --db folder (solving nothing unless --solve), or
 * without --db solved in memory; either way within SECONDS and until a
 * stop read after the go SEQ. -1 with WHY when it cannot be made. */
static int need_solver(cli_engine *e, unsigned long seq, double seconds, char *why, size_t size)
{
    if (e->solver)
        return 0;
    rm_solve_options o = { 0 };
    solve_watch w = { e, seq, rm_seconds() + seconds, false, false };
    o.stop = solve_stop;
    o.ctx = &w;
    o.db = e->setup.db;
    o.read_only = e->setup.db && !e->setup.solve;
    if (!e->setup.db)
        o.memory = ENGINE_SOLVE_MEMORY;
    char err[512] = "";
    if (!solve_stop(&w)) /* (a go stopped before it began solves nothing) */
        e->solver = rm_solve(e->g, &o, err, sizeof err);
    if (e->solver)
        return 0;
    if (w.halted)
        fail(why, size, "perfect: stopped before the game was solved: no turn");
    else if (w.late)
        fail(why, size, "perfect: the game was not solved within %g s (the engine's "
             "--max-think, or max_time): solve it beforehand with rimau solve --db DIR, and "
             "start the engine with --db DIR", seconds);
    else if (!e->setup.db)
        fail(why, size, "perfect: %s (without --db the engine solves in memory, in at most "
             "%zu MiB: for a larger game, start it with --db DIR)", err,
             ENGINE_SOLVE_MEMORY >> 20);
    else
        fail(why, size, "perfect: %s", err);
    return -1;
}

static json_t *do_go(cli_engine *e, json_t *req, unsigned long seq, char *why, size_t size)
{
    json_t *spec = json_object_get(req, "player"), *seed = json_object_get(req, "seed");
    json_t *play = json_object_get(req, "play"), *max_time = json_object_get(req, "max_time");
    if (spec && !json_is_string(spec))
        return fail(why, size, "\"player\" is a player as --SIDE= takes it (ab:3, mcts:1s)");
    if (seed && !json_is_integer(seed))
        return fail(why, size, "\"seed\" is an integer");
    if (play && !json_is_boolean(play))
        return fail(why, size, "\"play\" is true or false");
    if (max_time && !(json_is_number(max_time) && json_number_value(max_time) > 0))
        return fail(why, size, "\"max_time\" is a number of seconds, more than 0");
    if (rm_match_result(&e->m) != RM_ONGOING)
        return fail(why, size, "the game is over: no turn to choose");
    const char *text = spec ? json_string_value(spec) : "ab";
    /* the most time: the engine's, or less when the request asks */
    rm_player_limits limits = { e->setup.max_think, NULL };
    if (max_time && json_number_value(max_time) < limits.max_seconds)
        limits.max_seconds = json_number_value(max_time);
    bool perfect = strncmp(text, "perfect", 7) == 0 && (text[7] == '\0' || text[7] == ':');
    if (perfect && text[7] == ':')
        return fail(why, size, "'perfect:DIR': a request cannot name a folder; the database "
                    "the perfect player reads is the engine's, given when it starts (rimau "
                    "engine --db DIR): ask for \"perfect\"");
    char err[512];
    if (perfect && need_solver(e, seq, limits.max_seconds, why, size) != 0)
        return NULL;
    limits.solver = e->solver;
    rm_player *p = rm_player_new_limited(e->g, text, seed ? (uint64_t)json_integer_value(seed) : 1,
                                         &limits, err, sizeof err);
    if (!p)
        return fail(why, size, "%s", err);
    /* the search, stopped at once when a stop was read after this go */
    pthread_mutex_lock(&e->lock);
    if (e->stop_at > seq)
        rm_player_stop(p);
    e->searching = p;
    pthread_mutex_unlock(&e->lock);
    int i = rm_player_choose(p, &e->m);
    pthread_mutex_lock(&e->lock);
    e->searching = NULL;
    pthread_mutex_unlock(&e->lock);
    rm_search_info info;
    rm_player_info(p, &info);
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
    json_object_set_new(a, "capped", json_boolean(info.capped));
    json_object_set_new(a, "stopped", json_boolean(info.halted));
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

/* The answer to the request R, or NULL with the error in WHY. */
json_t *engine_answer(cli_engine *e, const request *r, char *why, size_t size)
{
    json_t *req = r->req;
    if (!json_is_object(req))
        return fail(why, size, "a request is a JSON object");
    json_t *cmd = json_object_get(req, "cmd");
    if (!json_is_string(cmd))
        return fail(why, size, "a request needs \"cmd\" (" COMMANDS ")");
    const char *c = json_string_value(cmd);
    const char *const *keys = engine_command_keys(c);
    if (!keys) {
        static const char *const names[] = { "load", "position", "moves", "play", "go",
                                             "stop", "result", "undo",  "quit" };
        return fail(why, size, "unknown command \"%s\" (" COMMANDS ")%s", SHOWN(c),
                    rm_suggest_among(c, names, sizeof names / sizeof names[0],
                                     (char[RM_SUGGEST_TEXT]){ 0 }, RM_SUGGEST_TEXT));
    }
    if (!engine_known_keys(req, keys, why, size))
        return NULL;
    if (strcmp(c, "quit") == 0) {
        e->quit = true;
        return json_object();
    }
    if (strcmp(c, "stop") == 0) {
        json_t *a = json_object();
        json_object_set_new(a, "stopped", json_boolean(r->ended));
        return a;
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
        return do_go(e, req, r->seq, why, size);
    if (strcmp(c, "undo") == 0)
        return do_undo(e, req, why, size);
    json_t *a = json_object();
    add_status(e, a);
    return a;
}
