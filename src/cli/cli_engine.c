/* cli_engine.c: rimau engine, a JSON-lines protocol through which another
 * program (a GUI, a web page) drives any game (doc/engine.md), and rimau
 * analyse, which prints an alpha-beta search as it deepens.
 *
 * The engine answers the requests in the order they come, one at a time,
 * on the main thread: a go searches there. A thread of its own reads the
 * requests meanwhile and queues them, so that a stop or a quit can end a
 * search at once: those two act as they are read (every go read before
 * them stops), and are answered in their turn like every other request.
 * What the two threads share (the queue, the search running, where the
 * last stop was read) is under the engine's lock; output is written by
 * the main thread alone, one whole line an answer. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "files.h"
#include "solve.h"
#include "notation.h"
#include "position.h"
#include "players.h"

/* The longest request line read (a game's text of 1 MiB fits, escaped);
 * a longer one is an error answer, and is not kept. */
#define ENGINE_MAX_LINE (4 << 20)
/* The requests read ahead of the one answered: at most this many, or
 * this many bytes of lines (but always one). */
#define ENGINE_MAX_QUEUED 256
#define ENGINE_MAX_QUEUED_BYTES ((size_t)16 << 20)
/* Without --db, the perfect player's solve is made in memory, at most
 * this much. */
#define ENGINE_SOLVE_MEMORY ((size_t)256 << 20)

/* The commands, as the error messages list them. */
#define COMMANDS "load, position, moves, play, go, stop, result, undo, quit"

/* A request read: its JSON, or why it is not one. */
typedef struct request {
    struct request *next;
    unsigned long seq;      /* its place in the order of requests read, from 1 */
    json_t *req;            /* NULL: not a request (WHY says why) */
    char *why;
    size_t bytes;           /* the length of its line, counted against the queue's limit */
    int cmd;                /* CMD_* of a request whose cmd and keys are good, else CMD_OTHER */
    bool ended;             /* (stop, quit) a go read before it was running or waiting */
} request;

enum { CMD_OTHER, CMD_GO, CMD_STOP, CMD_QUIT };

struct cli_engine {
    cli_engine_setup setup;
    const rm_game *g;       /* NULL: none loaded */
    rm_game *owned;         /* G when the engine loaded it (else G is the setup's) */
    rm_match m;
    rm_solver *solver;      /* the solve of G the perfect player plays by (NULL: not made) */
    bool quit;              /* a quit was answered */
    /* shared with the reading thread, under LOCK: */
    pthread_mutex_t lock;
    pthread_cond_t changed;       /* a request was queued or taken off, or input ended */
    request *head, *tail;         /* taken, not answered yet, oldest first */
    size_t queued, queued_bytes;
    unsigned long taken;          /* requests taken so far */
    unsigned long stop_at;        /* the last valid stop or quit taken (0: none): every go
                                   * read before it stops */
    int gos;                      /* gos taken and not answered yet */
    bool input_done;              /* the end of input, or a quit, was read */
    rm_player *searching;         /* the player of the go being answered, or NULL */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

cli_engine *cli_engine_new(const cli_engine_setup *setup)
{
    cli_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->setup = *setup;
    if (!(e->setup.max_think > 0))
        e->setup.max_think = CLI_ENGINE_MAX_THINK;
    if (pthread_mutex_init(&e->lock, NULL) != 0) {
        free(e);
        return NULL;
    }
    if (pthread_cond_init(&e->changed, NULL) != 0) {
        pthread_mutex_destroy(&e->lock);
        free(e);
        return NULL;
    }
    if (setup->game) {
        if (rm_match_init(&e->m, setup->game) != 0) {
            cli_engine_free(e);
            return NULL;
        }
        e->g = setup->game;
    }
    return e;
}

static void unload(cli_engine *e)
{
    rm_solver_free(e->solver);
    e->solver = NULL;
    if (e->g) {
        rm_match_free(&e->m);
        rm_game_destroy(e->owned);
        e->g = e->owned = NULL;
    }
}

static void free_request(request *r)
{
    if (r) {
        json_decref(r->req);
        free(r->why);
        free(r);
    }
}

void cli_engine_free(cli_engine *e)
{
    if (!e)
        return;
    unload(e);
    while (e->head) {
        request *r = e->head;
        e->head = r->next;
        free_request(r);
    }
    pthread_cond_destroy(&e->changed);
    pthread_mutex_destroy(&e->lock);
    free(e);
}

bool cli_engine_loaded(const cli_engine *e)
{
    return e->g != NULL;
}

bool cli_engine_done(const cli_engine *e)
{
    return e->quit;
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
static json_t *jstr(const char *text)
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
            fail(why, size, "unknown key \"%.60s\"", k);
            return false;
        }
    }
    return true;
}

/* The keys each command takes, besides "cmd" and "id". */
static const char *const *command_keys(const char *c)
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
                        "or send the game's whole text as \"text\")", SHOWN(name));
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
    unload(e);
    if (rm_match_init(&e->m, g) != 0) {
        rm_game_destroy(g);
        return fail(why, size, "out of memory");
    }
    e->g = e->owned = g;
    json_t *a = json_object();
    json_object_set_new(a, "game", jstr(g->name));
    json_object_set_new(a, "sides", json_pack("[o, o]", jstr(g->sides[0].name),
                                              jstr(g->sides[1].name)));
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
    json_object_set_new(a, "turn", jstr(e->m.texts[e->m.n - 1]));
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
    w->late = !w->halted && now() >= w->deadline;
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
    solve_watch w = { e, seq, now() + seconds, false, false };
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
static json_t *answer(cli_engine *e, const request *r, char *why, size_t size)
{
    json_t *req = r->req;
    if (!json_is_object(req))
        return fail(why, size, "a request is a JSON object");
    json_t *cmd = json_object_get(req, "cmd");
    if (!json_is_string(cmd))
        return fail(why, size, "a request needs \"cmd\" (" COMMANDS ")");
    const char *c = json_string_value(cmd);
    const char *const *keys = command_keys(c);
    if (!keys)
        return fail(why, size, "unknown command \"%s\" (" COMMANDS ")", SHOWN(c));
    if (!known_keys(req, keys, why, size))
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

/* ---- the queue of requests ---- */

/* The command of REQ when it is a go, stop or quit with good keys (those
 * a stop or quit acts on as it is read), else CMD_OTHER. */
static int command_of(json_t *req)
{
    const char *c = json_string_value(json_object_get(req, "cmd"));
    if (!json_is_object(req) || !c || !command_keys(c))
        return CMD_OTHER;
    char why[128];
    if (!known_keys(req, command_keys(c), why, sizeof why))
        return CMD_OTHER;
    return strcmp(c, "go") == 0     ? CMD_GO
           : strcmp(c, "stop") == 0 ? CMD_STOP
           : strcmp(c, "quit") == 0 ? CMD_QUIT
                                    : CMD_OTHER;
}

/* Makes the request of LINE[0..LEN) (its end of line taken off). */
static request *read_request(const char *line, size_t len)
{
    request *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->bytes = len;
    char why[300] = "";
    if (len > ENGINE_MAX_LINE) {
        snprintf(why, sizeof why, "the line is longer than %d bytes", ENGINE_MAX_LINE);
        r->bytes = 0;
    } else if (len == 0) {
        snprintf(why, sizeof why, "an empty line: a request is one JSON object on one line");
    } else {
        json_error_t err;
        r->req = json_loadb(line, len, JSON_REJECT_DUPLICATES, &err);
        if (!r->req)
            snprintf(why, sizeof why, "not JSON: %s (column %d)", err.text, err.column);
        r->cmd = command_of(r->req);
    }
    if (why[0] && !(r->why = strdup(why))) {
        free_request(r);
        return NULL;
    }
    return r;
}

/* Whether the queue has room for a line of BYTES. */
static bool room_for(const cli_engine *e, size_t bytes)
{
    return e->queued == 0 ||
           (e->queued < ENGINE_MAX_QUEUED && e->queued_bytes + bytes <= ENGINE_MAX_QUEUED_BYTES);
}

/* Takes the request of LINE[0..LEN); with WAIT, waits for room in the
 * queue (else returns false without it). */
static bool take(cli_engine *e, const char *line, size_t len, bool wait)
{
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    request *r = read_request(line, len);
    pthread_mutex_lock(&e->lock);
    while (wait && !room_for(e, r ? r->bytes : 0))
        pthread_cond_wait(&e->changed, &e->lock);
    if (!room_for(e, r ? r->bytes : 0)) {
        pthread_mutex_unlock(&e->lock);
        free_request(r);
        return false;
    }
    if (!r) { /* (out of memory: the line is dropped) */
        pthread_mutex_unlock(&e->lock);
        return true;
    }
    r->seq = ++e->taken;
    if (r->cmd == CMD_STOP || r->cmd == CMD_QUIT) {
        e->stop_at = r->seq;
        r->ended = e->gos > 0;
        if (e->searching)
            rm_player_stop(e->searching);
        if (r->cmd == CMD_QUIT)
            e->input_done = true;
    }
    if (r->cmd == CMD_GO)
        e->gos++;
    if (e->tail)
        e->tail->next = r;
    else
        e->head = r;
    e->tail = r;
    e->queued++;
    e->queued_bytes += r->bytes;
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    return true;
}

bool cli_engine_take(cli_engine *e, const char *line, size_t len)
{
    return take(e, line, len, false);
}

/* Writes the answer to R. */
static void write_answer(cli_engine *e, const request *r, FILE *out)
{
    char why[640] = "";
    json_t *id = NULL, *a = NULL;
    if (r->why)
        snprintf(why, sizeof why, "%s", r->why);
    else {
        id = json_is_object(r->req) ? json_object_get(r->req, "id") : NULL;
        a = answer(e, r, why, sizeof why);
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
    char *text = json_dumps(full, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(full);
    fprintf(out, "%s\n", text ? text : "{\"id\":null,\"error\":\"out of memory\"}");
    free(text);
    fflush(out);
}

bool cli_engine_answer(cli_engine *e, FILE *out)
{
    pthread_mutex_lock(&e->lock);
    request *r = e->head;
    if (r) {
        e->head = r->next;
        if (!e->head)
            e->tail = NULL;
    }
    pthread_mutex_unlock(&e->lock);
    if (!r)
        return false;
    write_answer(e, r, out);
    pthread_mutex_lock(&e->lock);
    e->queued--;
    e->queued_bytes -= r->bytes;
    if (r->cmd == CMD_GO)
        e->gos--;
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    free_request(r);
    return true;
}

void cli_engine_line(cli_engine *e, const char *line, size_t len, FILE *out)
{
    while (!cli_engine_take(e, line, len))
        cli_engine_answer(e, out);
    while (cli_engine_answer(e, out))
        ;
}

/* ---- the reading thread ---- */

typedef struct reader {
    cli_engine *e;
    FILE *in;
} reader;

/* Reads one line of IN into *BUF (grown; *CAP its size), keeping at most
 * ENGINE_MAX_LINE + 1 bytes of it (the rest is read and dropped); its
 * length in *LEN. False at the end of input with no line. */
static bool read_line(FILE *in, char **buf, size_t *cap, size_t *len)
{
    size_t n = 0;
    int c = EOF;
    bool any = false;
    while ((c = getc_unlocked(in)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (n > ENGINE_MAX_LINE)
            continue;
        if (n + 1 >= *cap) {
            size_t ncap = *cap ? 2 * *cap : 4096;
            char *nb = realloc(*buf, ncap);
            if (!nb) {
                n = ENGINE_MAX_LINE + 1; /* (refused as too long: no memory for it) */
                continue;
            }
            *buf = nb;
            *cap = ncap;
        }
        (*buf)[n++] = (char)c;
    }
    *len = n;
    return any;
}

static void *read_requests(void *arg)
{
    reader *rd = arg;
    cli_engine *e = rd->e;
    char *line = NULL;
    size_t cap = 0, len;
    bool done = false;
    while (!done && read_line(rd->in, &line, &cap, &len)) {
        take(e, line ? line : "", len, true);
        pthread_mutex_lock(&e->lock);
        done = e->input_done; /* (a quit was read) */
        pthread_mutex_unlock(&e->lock);
    }
    free(line);
    pthread_mutex_lock(&e->lock);
    e->input_done = true;
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

int cli_engine_run(cli_engine *e, FILE *in, FILE *out)
{
    reader rd = { e, in };
    pthread_t th;
    if (pthread_create(&th, NULL, read_requests, &rd) != 0)
        return -1;
    while (!e->quit) {
        pthread_mutex_lock(&e->lock);
        while (!e->head && !e->input_done)
            pthread_cond_wait(&e->changed, &e->lock);
        bool any = e->head != NULL;
        pthread_mutex_unlock(&e->lock);
        if (!any || !cli_engine_answer(e, out))
            break;
    }
    pthread_join(th, NULL);
    return 0;
}

static int cmd_engine(int argc, char **argv)
{
    static const struct option opts[] = { { "db", required_argument, NULL, 'd' },
                                          { "solve", no_argument, NULL, 'S' },
                                          { "allow-paths", no_argument, NULL, 'P' },
                                          { "max-think", required_argument, NULL, 't' },
                                          { 0 } };
    int ch, status = 0;
    cli_engine_setup setup = { NULL, false, false, CLI_ENGINE_MAX_THINK, NULL, NULL };
    cli_args a = { .cmd = &cli_cmd_engine, .takes = CLI_OPTION };
    while ((ch = cli_next_opt(&a, argc, argv, "d:t:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'd')
            setup.db = optarg;
        if (ch == 'S')
            setup.solve = true;
        if (ch == 'P')
            setup.allow_paths = true;
        if (ch == 't') {
            char *end;
            double v = strtod(optarg, &end);
            if (end == optarg || *end || !(v > 0) || v > 1e6)
                return cli_usage("engine", "--max-think takes a number of seconds, more than 0 "
                                 "and at most 1000000, not '%s'", optarg);
            setup.max_think = v;
        }
    }
    if (argc - optind != 0)
        return cli_usage("engine", "no argument is taken: requests come on standard input");
    if (setup.solve && !setup.db)
        return cli_usage("engine", "--solve needs --db DIR: the folder the solve is kept in");
    setup.choices = &a.choices;
    struct stat sb;
    if (setup.db && !setup.solve && (stat(setup.db, &sb) != 0 || !S_ISDIR(sb.st_mode)))
        return cli_usage("engine", "--db %s: no such folder (with --solve, it is made)",
                         setup.db);
    cli_engine *e = cli_engine_new(&setup);
    if (!e || cli_engine_run(e, stdin, stdout) != 0) {
        fprintf(stderr, "rimau engine: out of memory\n");
        cli_engine_free(e);
        return EXIT_INVALID;
    }
    cli_engine_free(e);
    return 0;
}

const command cli_cmd_engine = {
    "engine", cmd_engine, "drive games through JSON lines on standard input",
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
    "  -o, --option NAME=VALUE  a value of one of the options of the games a load\n"
    "                           request without \"options\" loads (repeatable);\n"
    "                           with \"options\", the request's own values only\n"
    "  -h, --help               display this help and exit\n"
    "\n"
    "Exit status: 0 at the end of input or after quit, 2 on a usage error.\n"
    "\n"
    "Examples:\n"
    "  echo '{\"cmd\": \"load\", \"game\": \"rimau-rimau-a\"}' | rimau engine\n"
    "  rimau engine --db kaooa.db --max-think 5\n"
};

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

static int cmd_analyse(int argc, char **argv)
{
    static const struct option opts[] = { { "player", required_argument, NULL, 'p' }, { 0 } };
    cli_args a = { .cmd = &cli_cmd_analyse,
                   .takes = CLI_OPTION | CLI_AFTER | CLI_POSITION | CLI_SEED,
                   .seed = 1 };
    int ch, status = 0;
    const char *spec = "ab:5s";
    while ((ch = cli_next_opt(&a, argc, argv, "p:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'p')
            spec = optarg;
    }
    if (argc - optind != 1)
        return cli_usage("analyse", "give one .game file");
    rm_match m;
    rm_game *g = cli_load_position(&a, argv[optind], &m, &status);
    if (!g)
        return status;
    char err[512];
    rm_player *p = rm_player_new(g, spec, a.seed, err, sizeof err);
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

const command cli_cmd_analyse = {
    "analyse", cmd_analyse, "search a position and print the search as it deepens",
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
    "  rimau analyse games/kaooa.game --after \"t1 i3\" --player perfect\n"
};
