/* cli_selfplay.c: rimau selfplay and rimau summarize: tournaments between
 * computer players, in parallel threads, reproducible and shardable. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "clock.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_json.h"
#include "files.h"
#include "players.h"
#include "record.h"

/* A game of the tournament: its outcome, once played, and where it stands.
 * The outcome's names are the tournament's own (its players, its game's
 * sides), whether the game was played or read back by --resume. */
typedef struct slot {
    cli_outcome o;
    bool done;
    bool failed;                /* not played to its end: no line, no row */
    bool written;               /* its line is in the JSON file already (--resume) */
    bool running, timed;        /* being played now; played by this run, in TOOK s */
    double start, took;         /* (monotonic seconds) */
} slot;

struct tournament {
    rm_game *g;
    const char *file;
    const rm_choices *choices;
    rm_choices options;        /* every option of G with its value in force, as the JSON
                                * lines say them (none: the lines have no "options") */
    const char *players[2];
    rm_player *made[2];        /* each made once to check its text: a perfect player's solve
                                * is the one every game's player of its text plays by */
    long games, shard, shards;
    uint64_t seed;
    const char *records;
    bool force;                /* --force: replace files that are not ours */
    slot *out;
    atomic_long next;
    atomic_long finished;
    atomic_int failed;
    atomic_long capped;        /* turns a player's time cap cut short */
    /* An output (the JSON file, a record) that cannot be written stops the
     * tournament: no game is started after it, and it is said once. */
    atomic_bool stop;
    bool said;                 /* (under lock) */
    /* The JSON lines, written in the order of the games as soon as every
     * game before is written, each flushed: a tournament killed keeps
     * every line of its first games, and --resume goes on from them. They
     * are made durable (fdatasync) at most once a second, and at the end. */
    rm_out json;
    bool json_open;
    pthread_mutex_t lock;      /* over out[] while games are played, and the file */
    long json_next;            /* the next game to write */
    bool json_failed;
};

/* An output of T cannot be written (WHY): the first time, says so and
 * stops the tournament. T->lock is held. */
static void output_failed(struct tournament *t, const char *why)
{
    if (!t->said)
        fprintf(stderr, "rimau selfplay: %s\n", why);
    t->said = true;
    atomic_store(&t->stop, true);
}

/* Writes O's line into T's JSON file, flushed (and synced when the last
 * sync is a second old); -1 with the reason in WHY when it cannot. */
static int write_json(struct tournament *t, const cli_outcome *o, char *why, size_t size)
{
    char *line = cli_outcome_line(o, why, size);
    if (!line) /* (only out of memory: json_fits checked the names) */
        return -1;
    fprintf(rm_out_stream(&t->json), "%s\n", line); /* (an error is kept: the flush says it) */
    free(line);
    return rm_out_sync_every(&t->json, 1.0, why, size);
}

/* Writes the lines of the games finished in a row from T->json_next on;
 * T->lock is held. */
static void write_ready(struct tournament *t)
{
    if (!t->json_open || t->json_failed)
        return;
    while (t->json_next < t->games) {
        const slot *o = &t->out[t->json_next];
        if (t->json_next % t->shards == t->shard) {
            if (!o->done && !o->failed)
                break;
            char why[4400];
            if (o->done && !o->written && write_json(t, &o->o, why, sizeof why) != 0) {
                /* (the file ends at its last whole line) */
                t->json_failed = true;
                output_failed(t, why);
                return;
            }
        }
        t->json_next++;
    }
}

static uint64_t game_seed(uint64_t seed, long i)
{
    uint64_t s = seed ^ ((uint64_t)i * 0x9E3779B97F4A7C15ull);
    return rm_rng_next(&s);
}

static int pieces(const rm_game *g, const rm_state *st)
{
    return rm_side_pieces(g, st, 0) + rm_side_pieces(g, st, 1);
}

/* Frees the tournament's game and the players made to check the texts. */
static void drop(struct tournament *t)
{
    rm_player_free(t->made[0]);
    rm_player_free(t->made[1]);
    rm_game_destroy(t->g);
}

/* Plays game I of the tournament into O: the players swap sides from one
 * game to the next, so each pairing plays both sides. Returns 0 when the
 * game was played to its end. */
static int play_one(struct tournament *t, long i, cli_outcome *o)
{
    const rm_game *g = t->g;
    memset(o, 0, sizeof *o);
    o->index = i;
    o->seed = game_seed(t->seed, i);
    o->options = t->options.n > 0 ? &t->options : NULL;
    const char *who[2] = { t->players[i % 2], t->players[1 - i % 2] };
    rm_player *pl[2] = { NULL, NULL };
    char err[256];
    for (int s = 0; s < 2; s++) {
        o->player[s] = who[s];
        o->side[s] = g->sides[s].name;
        rm_player_options po = { .solver = rm_player_solver(t->made[(i + s) % 2]) };
        pl[s] = rm_player_new_with(g, who[s], o->seed + (uint64_t)s, &po, err, sizeof err);
        if (!pl[s]) {
            rm_player_free(pl[0]);
            return -1;
        }
    }
    rm_match m;
    if (rm_match_init(&m, g) != 0) {
        rm_player_free(pl[0]);
        rm_player_free(pl[1]);
        return -1;
    }
    /* A player that cannot choose, or a position whose turns cannot be
     * listed, is a failure of the program, not a result of the game: the
     * game is reported and left out of the table, never counted a draw. */
    int rc = 0, start = pieces(g, rm_match_state(&m)), result;
    while (rc == 0 && (result = rm_match_result(&m)) == RM_ONGOING) {
        int side = rm_state_to_move(rm_match_state(&m));
        int k = rm_player_choose(pl[side], &m);
        const rm_turnlist *l = rm_match_turns(&m);
        if (k < 0 || k >= l->n || rm_match_play(&m, rm_turn_moves(l, k), l->turns[k].n) != 0) {
            fprintf(stderr, "rimau selfplay: game %ld: player '%s' chose no legal turn at turn %d\n",
                    i + 1, who[side], m.n + 1);
            rc = -1;
        }
        rm_search_info info;
        rm_player_info(pl[side], &info);
        if (info.capped)
            atomic_fetch_add(&t->capped, 1);
    }
    if (rc == 0 && result == RM_FAILED) {
        fprintf(stderr, "rimau selfplay: game %ld: after turn %d: %s: the game cannot go on\n",
                i + 1, m.n, m.why);
        rc = -1;
    }
    if (rc == 0) {
        o->winner = result >= 0 ? result : -1;
        o->turns = m.n;
        o->captures = start - pieces(g, rm_match_state(&m)); /* pieces taken off the board */
    }
    if (rc == 0 && t->records) {
        char path[4096];
        snprintf(path, sizeof path, "%s/game-%06ld.rec", t->records, i + 1);
        rm_record_info info = { t->file, t->choices, { who[0], who[1] }, result, m.why };
        char why[4400];
        if (cli_output_ok(path, CLI_OUT_RECORD, t->force, why, sizeof why) != 0 ||
            rm_record_save(path, &m, &info, why, sizeof why) != 0) {
            pthread_mutex_lock(&t->lock);
            output_failed(t, why);
            pthread_mutex_unlock(&t->lock);
        }
    }
    rm_match_free(&m);
    rm_player_free(pl[0]);
    rm_player_free(pl[1]);
    return rc;
}

static void *worker(void *arg)
{
    struct tournament *t = arg;
    for (;;) {
        if (atomic_load(&t->stop))
            break; /* an output cannot be written: no more games */
        long i = atomic_fetch_add(&t->next, 1);
        if (i >= t->games)
            break;
        if (i % t->shards != t->shard)
            continue;
        if (t->out[i].done)
            continue; /* played before (--resume) */
        /* played into a copy, then put in its place under the lock: the
         * writer reads the others' places */
        slot o = { 0 };
        o.start = rm_seconds();
        pthread_mutex_lock(&t->lock);
        t->out[i].running = true;
        t->out[i].start = o.start;
        pthread_mutex_unlock(&t->lock);
        bool ok = play_one(t, i, &o.o) == 0;
        o.took = rm_seconds() - o.start;
        o.timed = true;
        if (!ok)
            atomic_store(&t->failed, 1);
        o.done = ok;
        o.failed = !ok;
        pthread_mutex_lock(&t->lock);
        t->out[i] = o;
        write_ready(t);
        pthread_mutex_unlock(&t->lock);
        atomic_fetch_add(&t->finished, 1);
    }
    return NULL;
}

/* The seconds the games of T not yet finished should take on THREADS
 * threads, or -1 while there is nothing to base it on. Games alternate
 * the players' sides, and the two kinds of game can differ in length
 * tenfold: the short ones finish first, and a rate of games a second
 * then promises half the real time. So each kind's mean time is its
 * finished games' time plus the time its running games have taken so
 * far, over its finished games (a running game counts as at least as
 * long as it is already); each game to come and each running one is
 * given its kind's mean. Called under T's lock. */
static double time_left(const struct tournament *t, long threads, double at)
{
    double spent[2] = { 0, 0 }, mean[2];
    long finished[2] = { 0, 0 }, waiting[2] = { 0, 0 };
    for (long i = 0; i < t->games; i++) {
        const slot *o = &t->out[i];
        int kind = (int)(i % 2);
        if (i % t->shards != t->shard || (o->done && !o->timed) || o->failed)
            continue;
        if (o->timed) {
            spent[kind] += o->took;
            finished[kind]++;
        } else {
            waiting[kind]++;
            if (o->running)
                spent[kind] += at - o->start;
        }
    }
    double work = 0;
    for (int k = 0; k < 2; k++) {
        if (waiting[k] == 0)
            continue;
        if (finished[k] == 0)
            return -1;
        mean[k] = spent[k] / (double)finished[k];
    }
    for (long i = 0; i < t->games; i++) {
        const slot *o = &t->out[i];
        if (i % t->shards != t->shard || o->done || o->failed)
            continue;
        double m = mean[i % 2];
        work += o->running ? fmax(m - (at - o->start), 0) : m;
    }
    long left = waiting[0] + waiting[1];
    return left ? work / (double)(left < threads ? left : threads) : 0;
}

/* ---- the table ---- */

enum { MAX_ROWS = 64 };

typedef struct tally {
    char *player, *side;       /* whole, however long */
    long games, wins, losses, draws;
    double turns, captures;
} tally;

static void free_tallies(tally *ts, int n)
{
    for (int i = 0; i < n; i++) {
        free(ts[i].player);
        free(ts[i].side);
    }
}

/* The row of PLAYER and SIDE in *ROW, made when new. Returns 0, -1 when
 * the table has its MAX_ROWS already, -2 when out of memory. */
static int find_tally(tally *ts, int *n, const char *player, const char *side, tally **row)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(ts[i].player, player) == 0 && strcmp(ts[i].side, side) == 0)
            return *row = &ts[i], 0;
    if (*n == MAX_ROWS)
        return -1;
    tally *t = *row = &ts[*n];
    memset(t, 0, sizeof *t);
    t->player = strdup(player);
    t->side = strdup(side);
    if (!t->player || !t->side) {
        free_tallies(t, 1);
        return -2;
    }
    ++*n;
    return 0;
}

/* Counts O in the rows of its players and sides; -1 when a row it needs
 * is past the table's MAX_ROWS, -2 when out of memory (the outcome is
 * then not counted at all). */
static int add_outcome(tally *ts, int *n, const cli_outcome *o)
{
    int had = *n;
    tally *row[2];
    for (int s = 0; s < 2; s++) {
        int rc = find_tally(ts, n, o->player[s], o->side[s], &row[s]);
        if (rc != 0) {
            free_tallies(ts + had, *n - had); /* (the row made for the first side goes too) */
            *n = had;
            return rc;
        }
    }
    for (int s = 0; s < 2; s++) {
        tally *t = row[s];
        t->games++;
        if (o->winner < 0)
            t->draws++;
        else if (o->winner == s)
            t->wins++;
        else
            t->losses++;
        t->turns += o->turns;
        t->captures += o->captures;
    }
    return 0;
}

/* Makes the folder PATH and the folders above it that are missing, as
 * mkdir -p does. On failure returns -1 with errno set and the folder that
 * could not be made in FAILED. */
static int make_dirs(const char *path, char *failed, size_t size)
{
    if (snprintf(failed, size, "%s", path) >= (int)size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = failed + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        struct stat sb;
        if (mkdir(failed, 0777) != 0 && errno != EEXIST)
            return -1;
        if (errno == EEXIST && stat(failed, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
            errno = ENOTDIR;
            return -1;
        }
        if (c == '\0')
            return 0;
        *p = c;
    }
}

/* The Wilson score interval (95%) of K successes in N. */
static void wilson(long k, long n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double dn = (double)n, z = 1.96, p = (double)k / dn, d = 1 + z * z / dn;
    double c = p + z * z / (2 * dn), w = z * sqrt(p * (1 - p) / dn + z * z / (4.0 * dn * dn));
    *lo = fmax(0, (c - w) / d);
    *hi = fmin(1, (c + w) / d);
}

static void print_table(FILE *out, tally *ts, int n)
{
    /* At most 100 columns with names of up to 14 and 10 characters: the
     * rates to a tenth of a percent, their intervals to a percent. */
    fprintf(out, "%-14s %-10s %5s %16s %16s %16s %6s %8s\n", "player", "side", "games",
            "wins % [95% CI]", "losses % [CI]", "draws % [CI]", "turns", "captures");
    for (int i = 0; i < n; i++) {
        const tally *t = &ts[i];
        double lo, hi;
        char cell[3][64];
        long counts[3] = { t->wins, t->losses, t->draws };
        for (int k = 0; k < 3; k++) {
            wilson(counts[k], t->games, &lo, &hi);
            snprintf(cell[k], sizeof cell[k], "%5.1f [%3.0f,%4.0f]",
                     t->games ? 100.0 * (double)counts[k] / (double)t->games : 0, 100 * lo, 100 * hi);
        }
        /* (a long name by its start: the JSON lines keep it whole) */
        fprintf(out, "%-14s %-10s %5ld %16s %16s %16s %6.1f %8.1f\n", SHOWN(t->player),
                SHOWN(t->side), t->games, cell[0], cell[1], cell[2],
                t->games ? (double)t->turns / (double)t->games : 0,
                t->games ? (double)t->captures / (double)t->games : 0);
    }
}

/* Whether O, read back by --resume, is game NEXT of T: its number, seed,
 * players and sides. */
static bool ours(const struct tournament *t, const cli_outcome *o, long next)
{
    if (o->index != next || o->index >= t->games || o->seed != game_seed(t->seed, o->index))
        return false;
    /* (a line without options is of an earlier Rimau, which wrote none) */
    if (o->options && (o->options->n != t->options.n || !cli_options_hold(o->options, &t->options)))
        return false;
    for (int s = 0; s < 2; s++)
        if (strcmp(o->player[s], t->players[(o->index + s) % 2]) != 0 ||
            strcmp(o->side[s], t->g->sides[s].name) != 0)
            return false;
    return true;
}

/* Takes LINE, line LINENO of the file JSON, into T when it is game *NEXT
 * of the tournament, and moves *NEXT on; -1 after a message otherwise. */
static int take_played(struct tournament *t, const char *json, long lineno, cli_line got,
                       const char *line, size_t len, long *next)
{
    char why[256];
    int col;
    cli_outcome o;
    if (got == CLI_LINE_LONG) {
        fprintf(stderr, "%s:%ld: error: the line is longer than the %d bytes a game's line may have\n",
                json, lineno, CLI_JSON_MAX_LINE);
        return -1;
    }
    if (cli_outcome_read(line, len, &o, why, sizeof why, &col) != 0) {
        cli_json_report(stderr, json, lineno, col, why);
        return -1;
    }
    bool mine = ours(t, &o, *next), said_options = o.options != NULL;
    cli_outcome_free(&o);
    if (!mine) {
        fprintf(stderr,
                "%s:%ld: error: not game %ld of this tournament (its seed, shard, players, sides and "
                "options); "
                "resume with the options of the first run\n",
                json, lineno, *next + 1);
        return -1;
    }
    slot *s = &t->out[o.index];
    s->o = o;
    for (int k = 0; k < 2; k++) { /* the names read are freed: the same as these */
        s->o.player[k] = t->players[(o.index + k) % 2];
        s->o.side[k] = t->g->sides[k].name;
    }
    s->o.options = said_options ? &t->options : NULL;
    s->done = s->written = true;
    *next += t->shards;
    return 0;
}

/* Cuts the regular file PATH to LEN bytes, never through a link; 0, or -1
 * with errno set. */
static int cut_file(const char *path, off_t len)
{
    int fd = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat sb;
    int rc = fstat(fd, &sb) != 0 ? -1 : !S_ISREG(sb.st_mode) ? (errno = EINVAL, -1) : 0;
    if (rc == 0)
        rc = ftruncate(fd, len) == 0 && fsync(fd) == 0 ? 0 : -1;
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* --resume: reads the games JSON holds already (the first games of the
 * tournament in order, as write_ready writes them) into T->out. A last
 * line cut by a kill (no newline) is dropped from the file. Any other line
 * that is not a game of this tournament is an error, and the file is left
 * as it is. A file that does not exist holds no game. Returns 0, or -1
 * with a message. */
static int read_played(struct tournament *t, const char *json, long *played)
{
    *played = 0;
    struct stat sb;
    if (lstat(json, &sb) != 0 && errno == ENOENT)
        return 0;
    char err[4400];
    FILE *f = rm_in_open(json, err, sizeof err);
    if (!f) {
        fprintf(stderr, "rimau selfplay: %s\n", err);
        return -1;
    }
    char *line = malloc(CLI_JSON_MAX_LINE);
    if (!line) {
        fclose(f);
        fprintf(stderr, "rimau selfplay: out of memory\n");
        return -1;
    }
    long lineno = 0, next = t->shard, good_end = 0;
    size_t len;
    bool newline, cut = false;
    cli_line got;
    int rc = 0;
    while (rc == 0 && (got = cli_json_getline(f, line, &len, &newline)) != CLI_LINE_END) {
        lineno++;
        if (!newline) { /* the last line, cut: the game it was is played again */
            cut = true;
            break;
        }
        if ((rc = take_played(t, json, lineno, got, line, len, &next)) == 0) {
            ++*played;
            good_end = ftell(f);
        }
    }
    if (rc == 0 && ferror(f)) {
        fprintf(stderr, "rimau selfplay: cannot read %s: %s\n", json, strerror(errno));
        rc = -1;
    }
    fclose(f);
    free(line);
    if (rc == 0 && cut) {
        if (cut_file(json, (off_t)good_end) != 0) {
            fprintf(stderr, "rimau selfplay: cannot cut the last line of %s: %s\n", json,
                    strerror(errno));
            return -1;
        }
        fprintf(stderr, "rimau selfplay: %s:%ld: the last line was cut; its game is played again\n",
                json, lineno);
    }
    return rc;
}

/* Whether the records of T's games can be written into T->records,
 * checked before the first game: every file there that one of them would
 * replace (a link, a file that is not a record Rimau wrote: see
 * cli_output_ok). The folder is read once, not a path a game. 0, or -1
 * after a message. */
static int records_ok(const struct tournament *t)
{
    DIR *d = opendir(t->records);
    if (!d) {
        fprintf(stderr, "rimau selfplay: cannot read the folder %s: %s\n", t->records,
                strerror(errno));
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        char *end;
        if (strncmp(n, "game-", 5) != 0 || n[5] < '0' || n[5] > '9')
            continue;
        errno = 0;
        long i = strtol(n + 5, &end, 10) - 1;
        if (errno != 0 || strcmp(end, ".rec") != 0 || i < 0 || i >= t->games ||
            i % t->shards != t->shard || t->out[i].done)
            continue;
        char path[4096], why[4400];
        snprintf(path, sizeof path, "%s/game-%06ld.rec", t->records, i + 1);
        if (strcmp(path + strlen(t->records) + 1, n) != 0)
            continue; /* (not the name of game i's record: game-01.rec) */
        if (cli_output_ok(path, CLI_OUT_RECORD, t->force, why, sizeof why) != 0) {
            fprintf(stderr, "rimau selfplay: %s\n", why);
            rc = -1;
        }
    }
    closedir(d);
    return rc;
}

/* Whether T's lines can be written, checked before its first game: its
 * longest line (the largest numbers, either side the winner) must be
 * valid UTF-8 and fit in the lines summarize and --resume read. */
static int json_fits(const struct tournament *t, char *why, size_t size)
{
    const rm_game *g = t->g;
    for (int w = 0; w < 2; w++) {
        cli_outcome o = { t->games - 1, UINT64_MAX, { g->sides[0].name, g->sides[1].name },
                          { t->players[0], t->players[1] }, w, INT_MAX, INT_MAX, NULL,
                          t->options.n > 0 ? &t->options : NULL };
        char *line = cli_outcome_line(&o, why, size);
        if (!line)
            return -1;
        free(line);
    }
    return 0;
}

static int cmd_selfplay(int argc, char **argv)
{
    static const struct option opts[] = { { "games", required_argument, NULL, 'n' },
                                          { "players", required_argument, NULL, 'p' },
                                          { "threads", required_argument, NULL, 'j' },
                                          { "records", required_argument, NULL, 'r' },
                                          { "json", required_argument, NULL, 'J' },
                                          { "shard", required_argument, NULL, 'S' },
                                          { "resume", no_argument, NULL, 'R' },
                                          { "force", no_argument, NULL, 'F' },
                                          { 0 } };
    int ch, status = 0;
    struct tournament t;
    memset(&t, 0, sizeof t);
    cli_args a = { .cmd = &cli_cmd_selfplay, .takes = CLI_OPTION | CLI_SEED | CLI_KERNEL, .seed_short = 's',
                   .seed = 1 };
    long threads = 1;
    const char *json = NULL;
    char *players = NULL, *end;
    t.games = 100;
    t.shards = 1;
    bool resume = false;
    while ((ch = cli_next_opt(&a, argc, argv, "n:p:j:r:J:S:", opts, &status)) != -1) {
        switch (ch) {
        case -2:
            return status;
        case 'n':
            t.games = strtol(optarg, &end, 10);
            if (*end || t.games < 1 || t.games > 100000000)
                return cli_usage("selfplay", "-n takes a number of games, not '%s'", optarg);
            break;
        case 'p':
            players = optarg;
            break;
        case 'j':
            threads = strtol(optarg, &end, 10);
            if (*end || threads < 1 || threads > 256)
                return cli_usage("selfplay", "-j takes 1 to 256 threads, not '%s'", optarg);
            break;
        case 'r':
            t.records = optarg;
            break;
        case 'J':
            json = optarg;
            break;
        case 'R':
            resume = true;
            break;
        case 'F':
            t.force = true;
            break;
        case 'S':
            if (sscanf(optarg, "%ld/%ld", &t.shard, &t.shards) != 2 || t.shards < 1 ||
                t.shard < 1 || t.shard > t.shards)
                return cli_usage("selfplay", "--shard takes K/N with 1 <= K <= N, not '%s'", optarg);
            t.shard--;
            break;
        }
    }
    t.seed = a.seed;
    if (argc - optind != 1)
        return cli_usage("selfplay", "give one .game file");
    if (resume && !json)
        return cli_usage("selfplay", "--resume goes on from the games of --json FILE: give it");
    /* The output paths are checked before any game is played. A file that
     * holds games already is replaced only with --force: --resume goes on
     * with its games, and without either they are kept. */
    char why[4400];
    if (json && cli_output_ok(json, CLI_OUT_JSON, t.force, why, sizeof why) != 0) {
        fprintf(stderr, "rimau selfplay: %s\n", why);
        return EXIT_INVALID;
    }
    struct stat jsb;
    if (json && !resume && !t.force && lstat(json, &jsb) == 0 && jsb.st_size > 0) {
        fprintf(stderr, "rimau selfplay: cannot write %s: it holds the games of an earlier run: "
                "not replaced (--resume goes on with them, --force replaces them)\n", json);
        return EXIT_INVALID;
    }
    if (t.records) {
        struct stat sb;
        char failed[4096];
        if (make_dirs(t.records, failed, sizeof failed) != 0) {
            fprintf(stderr, "rimau selfplay: cannot make the folder %s for the records: %s\n",
                    failed, strerror(errno));
            return EXIT_INVALID;
        }
        if (stat(t.records, &sb) != 0 || !S_ISDIR(sb.st_mode) || access(t.records, W_OK) != 0) {
            fprintf(stderr, "rimau selfplay: %s is not a folder it can write records into\n",
                    t.records);
            return EXIT_INVALID;
        }
    }
    if (!players || !strchr(players, ','))
        return cli_usage("selfplay", "give the players as --players A,B (e.g. mcts:1000,random)");
    char *comma = strchr(players, ',');
    *comma = '\0';
    t.players[0] = players;
    t.players[1] = comma + 1;
    char path[4096];
    t.file = cli_game_file(argv[optind], path, sizeof path);
    t.choices = &a.choices;
    if (cli_game_missing(argv[optind], t.file, stderr))
        return EXIT_INVALID;
    int kst = cli_kernel_start(&a, true);
    if (kst != 0)
        return kst;
    t.g = rm_load_file_with(t.file, &a.choices, stderr, NULL);
    if (!t.g)
        return EXIT_INVALID;
    if ((kst = cli_kernel_check(&a, t.g)) != 0) {
        rm_game_destroy(t.g);
        return kst;
    }
    for (int i = 0; i < t.g->noptions; i++) {
        const rm_option *o = &t.g->options[i];
        t.options.name[i] = o->name;
        t.options.value[i] = o->values[o->chosen];
    }
    t.options.n = t.g->noptions;
    char err[256];
    /* (each player is made once to check its text; a perfect player
     * solves the game then, which its progress line shows: the games'
     * own, in their threads, have selfplay's bar) */
    cli_solve_line line;
    cli_solve_line_start(&line, false);
    rm_player_options po = { .solve_progress = cli_solve_line_draw, .ctx = &line };
    for (int s = 0; s < 2; s++) {
        if (strcmp(t.players[s], "human") == 0) {
            drop(&t);
            return cli_usage("selfplay", "%s", "'human' cannot play a tournament: selfplay plays "
                             "computer players (random, mcts, ab; see 'rimau play --help')");
        }
        t.made[s] = rm_player_new_with(t.g, t.players[s], 0, &po, err, sizeof err);
        cli_solve_line_clear(&line);
        if (!t.made[s]) {
            drop(&t);
            return cli_usage("selfplay", "%s", err);
        }
    }
    if (!t.g->rules.present) {
        fprintf(stderr, "%s: error: the game has no rules, so it cannot be played\n", t.file);
        drop(&t);
        return EXIT_INVALID;
    }
    if (json && json_fits(&t, why, sizeof why) != 0) {
        fprintf(stderr, "rimau selfplay: cannot write the games into %s: %s\n", json, why);
        drop(&t);
        return EXIT_INVALID;
    }
    t.out = calloc((size_t)t.games, sizeof *t.out);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!t.out || !tid) {
        free(t.out);
        free(tid);
        drop(&t);
        fprintf(stderr, "rimau selfplay: out of memory\n");
        return EXIT_INVALID;
    }
    long mine = 0;
    for (long i = 0; i < t.games; i++)
        mine += i % t.shards == t.shard;
    /* The JSON file is opened before any game is played: a path that
     * cannot be written is found at once. It is written in place, each
     * line at its end, so that a run killed can be resumed: a new file is
     * made empty first (an earlier one, with --force, replaced whole). */
    long before = 0;
    int rc = json && resume ? read_played(&t, json, &before) : 0;
    if (rc == 0 && t.records)
        rc = records_ok(&t);
    if (json && rc == 0) {
        if (before == 0 &&
            rm_out_write_file(json, NULL, true, "", 0, why, sizeof why) != 0) {
            fprintf(stderr, "rimau selfplay: %s\n", why);
            rc = -1;
        }
        if (rc == 0 && rm_out_append(&t.json, json, why, sizeof why) != 0) {
            fprintf(stderr, "rimau selfplay: %s\n", why);
            rc = -1;
        }
        t.json_open = rc == 0;
        if (rc == 0 && resume)
            fprintf(stderr, "rimau selfplay: %ld of the %ld game%s %s in %s already\n", before,
                    mine, CLI_S(mine), before == 1 ? "is" : "are", json);
    }
    if (rc != 0) {
        free(t.out);
        free(tid);
        drop(&t);
        return EXIT_INVALID;
    }
    atomic_store(&t.finished, before);
    pthread_mutex_init(&t.lock, NULL);
    long started = 0;
    for (long i = 0; i < threads; i++)
        if (pthread_create(&tid[i], NULL, worker, &t) == 0)
            started++;
    if (started == 0)
        worker(&t);
    bool tty = isatty(STDERR_FILENO);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (tty && atomic_load(&t.finished) < mine && !atomic_load(&t.stop)) {
        struct timespec ms = { 0, 200000000 };
        nanosleep(&ms, NULL);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double el = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        long done = atomic_load(&t.finished);
        double rate = el > 0 ? (double)(done - before) / el : 0;
        int width = 30, fill = mine ? (int)(width * done / mine) : width;
        pthread_mutex_lock(&t.lock);
        double left = time_left(&t, threads, rm_seconds());
        pthread_mutex_unlock(&t.lock);
        char eta[32];
        if (left < 0)
            snprintf(eta, sizeof eta, "time left not known yet");
        else
            snprintf(eta, sizeof eta, "about %.0f s left", left);
        fprintf(stderr, "\r[%.*s%*s] %ld/%ld games, %.1f/s, %s   ", fill,
                "##############################", width - fill, "", done, mine, rate, eta);
    }
    for (long i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (tty)
        fputc('\n', stderr);
    tally ts[MAX_ROWS];
    int nt = 0;
    for (long i = 0; i < t.games; i++)
        if (t.out[i].done)
            add_outcome(ts, &nt, &t.out[i].o);
    if (t.json_open) {
        write_ready(&t); /* (every game is settled, or the tournament stopped) */
        if (t.json_failed)
            rm_out_abort(&t.json); /* (said, and cut back to its last whole line) */
        else if (rm_out_commit(&t.json, why, sizeof why) != 0)
            output_failed(&t, why);
    }
    if (t.said)
        status = EXIT_INVALID;
    long failed = 0, played = 0;
    for (long i = 0; i < t.games; i++) {
        failed += t.out[i].failed;
        played += t.out[i].done;
    }
    if (atomic_load(&t.stop) && played + failed < mine)
        printf("%s: %ld of %ld game%s, stopped (seed %" PRIu64 ")\n", t.g->name, played, mine,
               CLI_S(mine), t.seed);
    else
        printf("%s: %ld game%s (seed %" PRIu64 ")\n", t.g->name, mine, CLI_S(mine), t.seed);
    print_table(stdout, ts, nt);
    free_tallies(ts, nt);
    if (failed > 0)
        printf("%ld game%s failed (the errors are above): not in the table\n", failed,
               failed == 1 ? "" : "s");
    long capped = atomic_load(&t.capped);
    if (capped > 0) /* once, not at each turn: the seed no longer says how those games go */
        fprintf(stderr, "rimau selfplay: note: %ld turn%s stopped at a player's time cap: those "
                "games may not come out the same again\n", capped, capped == 1 ? "" : "s");
    pthread_mutex_destroy(&t.lock);
    if (atomic_load(&t.failed))
        status = EXIT_INVALID;
    free(t.out);
    free(tid);
    drop(&t);
    return status;
}

const command cli_cmd_selfplay = {
    "selfplay", cmd_selfplay, "play a tournament between computer players",
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
    "      --kernel WHICH       the bit kernel: native (built for the game), generic\n"
    "                           or auto (the default, or RIMAU_KERNEL): native\n"
    "                           when cached or built\n"
    "      --verbose            say which bit kernel plays, and why\n"
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
    "  rimau selfplay games/rimau-rimau-a.game -n 200 --players mcts:2000,random -j 2\n"
};

/* summarize's table. */
struct summary {
    tally ts[MAX_ROWS];
    int n;
    const rm_choices *want;    /* -o: only the games played with these option values */
    long left;                 /* the games of other values, or whose line says none */
};

/* Counts a game of FILE (at LINENO) in the summary CTX. */
static int count_game(const cli_outcome *o, const char *file, long lineno, void *ctx)
{
    struct summary *s = ctx;
    if (!cli_options_hold(o->options, s->want)) {
        s->left++;
        return 0;
    }
    int rc = add_outcome(s->ts, &s->n, o);
    if (rc != 0)
        fprintf(stderr, "%s:%ld: error: %s: the game is not counted\n", file, lineno,
                rc == -1 ? "more than 64 rows of player and side" : "out of memory");
    return rc;
}

static int cmd_summarize(int argc, char **argv)
{
    cli_args a = { .cmd = &cli_cmd_summarize, .takes = CLI_OPTION };
    int status = cli_read_opts(&a, argc, argv);
    if (status >= 0)
        return status;
    status = 0;
    if (optind >= argc)
        return cli_usage("summarize", "give JSON files written by rimau selfplay --json");
    struct summary s = { .n = 0, .want = &a.choices };
    long games = 0;
    for (int i = optind; i < argc; i++) {
        /* (a regular file only: a FIFO or a device is refused at once) */
        char err[4400];
        FILE *f = rm_in_open(argv[i], err, sizeof err);
        if (!f) {
            fprintf(stderr, "rimau summarize: %s\n", err);
            status = EXIT_INVALID;
            continue;
        }
        /* a malformed line is reported and skipped: the others still count */
        cli_json_counts counts;
        if (cli_json_read_file(f, argv[i], stderr, count_game, &s, &counts) != 0)
            status = EXIT_INVALID;
        games += counts.games;
        if (ferror(f)) {
            fprintf(stderr, "rimau summarize: cannot read %s: %s\n", argv[i], strerror(errno));
            status = EXIT_INVALID;
        }
        fclose(f);
    }
    games -= s.left;
    printf("%ld game%s", games, CLI_S(games));
    if (s.left > 0)
        printf(" (and %ld left out, whose lines do not say -o's option values)", s.left);
    putchar('\n');
    print_table(stdout, s.ts, s.n);
    free_tallies(s.ts, s.n);
    return status;
}

const command cli_cmd_summarize = {
    "summarize", cmd_summarize, "merge the JSON lines of tournaments into one table",
    "[OPTION]... FILE...\n"
    "Read the JSON lines that rimau selfplay --json wrote (from one run or from\n"
    "the shards of one tournament) and print the same table as selfplay.\n"
    "\n"
    "  -o, --option NAME=VALUE   count only the games played with this value of\n"
    "                            one of their game's options (their lines'\n"
    "                            \"options\"; a line without it is left out)\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Example:\n"
    "  rimau summarize shard-*.json\n"
};
