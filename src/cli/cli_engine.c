/* cli_engine.c: rimau engine, a JSON-lines protocol through which another
 * program (a GUI, a web page) drives any game (doc/engine.md): the
 * engine's life, the queue of requests, the reading thread and the
 * command (what each request does is cli_engine_requests.c's); and rimau
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

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "cli.h"
#include "cli_engine_impl.h"
#include "players.h"
#include "solve.h"

/* The longest request line read (a game's text of 1 MiB fits, escaped);
 * a longer one is an error answer, and is not kept. */
#define ENGINE_MAX_LINE (4 << 20)
/* The requests read ahead of the one answered: at most this many, or
 * this many bytes of lines (but always one). */
#define ENGINE_MAX_QUEUED 256
#define ENGINE_MAX_QUEUED_BYTES ((size_t)16 << 20)

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
    engine_unload(e);
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

/* ---- the queue of requests ---- */

/* The command of REQ when it is a go, stop or quit with good keys (those
 * a stop or quit acts on as it is read), else CMD_OTHER. */
static int command_of(json_t *req)
{
    const char *c = json_string_value(json_object_get(req, "cmd"));
    if (!json_is_object(req) || !c || !engine_command_keys(c))
        return CMD_OTHER;
    char why[128];
    if (!engine_known_keys(req, engine_command_keys(c), why, sizeof why))
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
        a = engine_answer(e, r, why, sizeof why);
    }
    json_t *full = json_object();
    json_object_set(full, "id", id ? id : json_null());
    if (!a) {
        a = json_object();
        json_object_set_new(a, "error", engine_jstr(why));
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
                   .takes = CLI_OPTION | CLI_AFTER | CLI_POSITION | CLI_SEED | CLI_QUIET | CLI_KERNEL,
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
    if ((status = cli_kernel_start(&a, true)) != 0)
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
    char err[512];
    /* (the perfect player solves the game as it is made: its progress) */
    cli_solve_line line;
    cli_solve_line_start(&line, a.quiet);
    rm_player_options po = { .solve_progress = cli_solve_line_draw, .ctx = &line };
    rm_player *p = rm_player_new_with(g, spec, a.seed, &po, err, sizeof err);
    cli_solve_line_clear(&line);
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
    "or 'SIDE win in N plies'. Other players print only the best turn. While\n"
    "perfect solves, a line on standard error shows its progress when that is a\n"
    "terminal.\n"
    "\n"
    "  -a, --after TURNS         play these turns first (separated by blanks or ';')\n"
    "      --position TEXT       start from this position string (doc/notation.md)\n"
    "  -p, --player PLAYER       the player, as --SIDE= of play takes it (default\n"
    "                            ab:5s)\n"
    "      --seed N              seed of the player (default 1)\n"
    "  -q, --quiet               draw no progress line while perfect solves\n"
    "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
    KERNEL_HELP("when cached or built")
    "  -h, --help                display this help and exit\n"
    "\n"
    "Examples:\n"
    "  rimau analyse games/rimau-rimau-a.game --player ab:6\n"
    "  rimau analyse games/kaooa.game --after \"t1 i3\" --player perfect\n"
};
