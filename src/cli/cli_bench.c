/* cli_bench.c: rimau bench: the executor's speed on each game, on one
 * thread: random playouts, turns a second, perft positions a second,
 * MCTS iterations a second. --seconds bounds the whole run: each game
 * has an equal share of the CPU time left when it starts. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cli.h"
#include "players.h"

/* The CPU time the process has used: the rates are per second of CPU,
 * so that they hold on a machine busy with other work. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One search by a player of SPEC, seed 1, from the start M: its
 * iterations a second of CPU; -1 when out of memory. */
static double mcts_search(const rm_game *g, rm_match *m, const char *spec)
{
    char err[256];
    rm_player *p = rm_player_new(g, spec, 1, err, sizeof err);
    if (!p)
        return -1;
    double start = now();
    int k = rm_player_choose(p, m);
    double elapsed = now() - start;
    rm_search_info info;
    rm_player_info(p, &info);
    rm_player_free(p);
    return k < 0 ? -1 : elapsed > 0 ? (double)info.visits / elapsed : 0;
}

/* MCTS iterations a second of CPU from the start of G: one search of
 * COUNT iterations (when COUNT > 0) or of SECONDS, by a player of seed 1.
 * 0 when the game is over at its start; -1 when out of memory. The
 * player's clock is the wall's, and this one the CPU's: on a loaded
 * machine a short search can end before its first iteration does, and
 * then a search of 16 iterations is measured instead. */
static double mcts_rate(const rm_game *g, double seconds, long count)
{
    rm_match m;
    if (rm_match_init(&m, g) != 0)
        return -1;
    double rate = 0;
    if (rm_match_result(&m) == RM_ONGOING && rm_match_turns(&m)->n > 0) {
        char spec[64];
        if (count > 0)
            snprintf(spec, sizeof spec, "mcts:%ld", count);
        else
            snprintf(spec, sizeof spec, "mcts:%.0fms", seconds > 0.001 ? seconds * 1000 : 1);
        rate = mcts_search(g, &m, spec);
        if (rate == 0)
            rate = mcts_search(g, &m, "mcts:16");
    }
    rm_match_free(&m);
    return rate;
}

/* The turns, and their moves, a playout's turn list has room for from the
 * start: 1.3 MB. */
#define BENCH_LIST_TURNS 16384
#define BENCH_LIST_MOVES 65536

/* Benchmarks one game in SHARE CPU seconds (unless COUNT > 0: COUNT
 * playouts and MCTS iterations): its load, warm-up and perft first, then
 * half of what is left of SHARE to the playouts, the rest to MCTS; adds
 * its perft count to *SIGNATURE. */
static int bench_game(const cli_args *a, const char *path, double share, long count, int depth,
                      uint64_t *signature)
{
    rm_game *g = rm_load_file_with(path, &a->choices, stderr, NULL);
    if (!g)
        return EXIT_INVALID;
    if (!g->rules.present) {
        rm_game_destroy(g);
        return 0;
    }
    /* the kernel made (a native one compiled) before the game's share
     * of time begins */
    int status = cli_kernel_check(a, g);
    if (status != 0) {
        rm_game_destroy(g);
        return status;
    }
    double begin = now();
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_history h;
    rm_history_init(&h);
    /* room for the longest game, so that a rare long playout allocates
     * nothing during the measured run */
    /* and for the turns of the rare position the bit kernel leaves to
     * the reference generator (a lone hunter with thousands of chains) */
    if (rm_history_reserve(&h, g->rules.draw_after + 2) != 0 ||
        rm_turnlist_reserve(&l, BENCH_LIST_TURNS, BENCH_LIST_MOVES) != 0) {
        fprintf(stderr, "rimau bench: out of memory\n");
        rm_turnlist_free(&l);
        rm_game_destroy(g);
        return EXIT_INVALID;
    }
    uint64_t rng = 1;
    /* warm up: let the turn list grow to its working size, until fifty
     * playouts in a row allocate nothing (at most 2000 playouts, and at
     * most a quarter of the game's share of time) */
    rm_state st;
    for (int i = 0, quiet = 0; i < 2000 && quiet < 50 && (count > 0 || now() - begin < share / 4); i++) {
        int t;
        uint64_t before = rm_exec_allocations();
        rm_initial(g, &st);
        rm_history_start(&h, &st);
        rm_playout(g, &st, &h, &l, &rng, -1, &t);
        quiet = rm_exec_allocations() == before ? quiet + 1 : 0;
    }
    rm_turnlist lists[16];
    for (int i = 0; i < 16; i++)
        rm_turnlist_init(&lists[i]);
    rm_initial(g, &st);
    double p0 = now();
    bool failed = false;
    uint64_t nodes = rm_perft(g, &st, depth, lists, &failed);
    double pt = now() - p0;
    *signature += nodes;
    /* what is left of the share: half to the playouts, half to MCTS (at
     * least one playout, and a millisecond of search) */
    double seconds = (share - (now() - begin)) / 2;
    if (seconds < 0.001)
        seconds = 0.001;
    uint64_t alloc_before = rm_exec_allocations();
    long playouts = 0, plies = 0, results[3] = { 0, 0, 0 };
    double start = now(), elapsed;
    do {
        int t;
        rm_initial(g, &st);
        rm_history_start(&h, &st);
        int r = rm_playout(g, &st, &h, &l, &rng, -1, &t);
        results[r < 0 ? 2 : r]++;
        plies += t;
        playouts++;
        elapsed = now() - start;
    } while (count > 0 ? playouts < count : elapsed < seconds);
    uint64_t alloc_after = rm_exec_allocations();
    double mcts = mcts_rate(g, share - (now() - begin), count);
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    /* the state the playouts play on: the bit kernel's, where it plays
     * the game */
    const rm_bits *k = rm_bits_get(g);
    size_t state_size = k ? rm_bits_state_size(k) : sizeof(rm_state);
    printf("%-36s %9.0f %11.0f %7.1f %6.1f/%4.1f/%4.1f %10.0f %8" PRIu64 " %5zu %6" PRIu64
           " %7s %8.0f\n",
           name, (double)playouts / elapsed, (double)plies / elapsed, (double)plies / (double)playouts,
           100.0 * (double)results[0] / (double)playouts, 100.0 * (double)results[1] / (double)playouts,
           100.0 * (double)results[2] / (double)playouts, pt > 0 ? (double)nodes / pt : 0, nodes, state_size,
           alloc_after - alloc_before, cli_kernel_name(g), mcts);
    for (int i = 0; i < 16; i++)
        rm_turnlist_free(&lists[i]);
    rm_turnlist_free(&l);
    rm_history_free(&h);
    rm_game_destroy(g);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmd_bench(int argc, char **argv)
{
    static const struct option opts[] = { { "seconds", required_argument, NULL, 's' },
                                          { "depth", required_argument, NULL, 'd' },
                                          { "playouts", required_argument, NULL, 'n' },
                                          { 0 } };
    cli_args a = { .cmd = &cli_cmd_bench, .takes = CLI_OPTION | CLI_KERNEL };
    long count = 0;
    int ch, status = 0, depth = 3;
    double seconds = 5;
    while ((ch = cli_next_opt(&a, argc, argv, "s:d:n:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        char *end;
        if (ch == 's' && ((seconds = strtod(optarg, &end)) <= 0 || *end || seconds > 3600))
            return cli_usage("bench", "--seconds takes a number of seconds up to 3600, not '%s'", optarg);
        if (ch == 'n' && ((count = strtol(optarg, &end, 10)) < 1 || *end || count > 100000000))
            return cli_usage("bench", "--playouts takes a number from 1 to 100000000, not '%s'", optarg);
        if (ch == 'd' && ((depth = (int)strtol(optarg, &end, 10)) < 1 || *end || depth > 8))
            return cli_usage("bench", "--depth takes 1 to 8, not '%s'", optarg);
    }
    if ((status = cli_kernel_start(&a, true)) != 0)
        return status;
    char **files = NULL;
    int n = 0;
    if (optind < argc) {
        files = calloc((size_t)(argc - optind), sizeof *files);
        for (int i = optind; files && i < argc; i++) {
            char buf[4096];
            const char *f = cli_game_file(argv[i], buf, sizeof buf);
            files[n] = malloc(strlen(f) + 1);
            if (files[n])
                strcpy(files[n++], f);
        }
    } else {
        const char *dir = cli_games_dir();
        DIR *d = opendir(dir);
        if (!d) {
            dir = "games";
            d = opendir(dir);
        }
        if (!d) {
            fprintf(stderr, "rimau bench: no games folder (give .game files)\n");
            return EXIT_INVALID;
        }
        struct dirent *e;
        files = calloc(256, sizeof *files);
        while (files && n < 256 && (e = readdir(d))) {
            size_t len = strlen(e->d_name);
            if (len < 6 || strcmp(e->d_name + len - 5, ".game") != 0)
                continue;
            files[n] = malloc(strlen(dir) + len + 2);
            if (files[n])
                sprintf(files[n++], "%s/%s", dir, e->d_name);
        }
        closedir(d);
        qsort(files, (size_t)n, sizeof *files, cmp_str);
    }
    if (count > 0)
        printf("one thread, %ld random playout%s and perft %d per game\n", count, CLI_S(count), depth);
    else
        printf("one thread, %g CPU s in all for %d game%s (about %.2g s each: perft %d, then random "
               "playouts and MCTS)\n", seconds, n, CLI_S(n), n > 0 ? seconds / n : 0, depth);
    printf("%-36s %9s %11s %7s %16s %10s %8s %5s %6s %7s %8s\n", "game", "playouts/s", "turns/s",
           "length", "win1/win2/draw %", "perft/s", "perft", "state", "allocs", "kernel", "mcts/s");
    uint64_t signature = 0;
    double start = now();
    for (int i = 0; i < n; i++) {
        /* an equal share of what is left: time a game leaves goes to the
         * next ones */
        double share = (seconds - (now() - start)) / (n - i);
        int rc = bench_game(&a, files[i], share, count, depth, &signature);
        if (rc != 0)
            status = rc;
        free(files[i]);
    }
    free(files);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (count > 0)
        printf("CPU time: %.2f s\n", now() - start);
    else
        printf("CPU time: %.2f s of %g\n", now() - start, seconds);
    printf("peak memory: %ld KiB\n", ru.ru_maxrss);
    printf("signature: %" PRIu64 " (total perft nodes)\n", signature);
    return status;
}

const command cli_cmd_bench = {
    "bench", cmd_bench, "measure the executor's speed on games",
    "[OPTION]... [FILE]...\n"
    "For each game (by default every game of the games folder), on one thread:\n"
    "random playouts a second, turns (plies) a second, the mean playout length,\n"
    "how playouts end (first side wins / second side wins / draws, in %),\n"
    "perft positions a second and the perft count at a fixed depth, the size of\n"
    "the state the playouts play on in bytes (the bit kernel's, where it plays\n"
    "the game), the executor's allocations during the playouts\n"
    "(0: none), the bit kernel measured (native or generic: see --kernel; a\n"
    "native kernel is compiled, when the cache has none, before the game's time\n"
    "starts), and MCTS iterations a second (one search from the start by an mcts\n"
    "player, as long as the playouts, or N iterations with --playouts N).\n"
    "Then the CPU time the run took, the peak memory and a signature: the total\n"
    "perft count, which changes only when move generation changes. Rates are per\n"
    "second of CPU time: time spent waiting for a processor does not count, but a\n"
    "busy machine still lowers them, so measure on a quiet one.\n"
    "\n"
    "  -s, --seconds N           CPU seconds for the whole run (default 5), shared\n"
    "                            equally among the games; a game's share goes to\n"
    "                            loading it and its perft first, then half each to\n"
    "                            the playouts and MCTS (a game's time left over\n"
    "                            goes to the next ones)\n"
    "  -n, --playouts N          play exactly N playouts and N MCTS iterations per\n"
    "                            game instead (a fixed amount of work, for\n"
    "                            instruction counts: valgrind, perf stat)\n"
    "  -d, --depth N             perft depth (default 3)\n"
    "  -o, --option NAME=VALUE   choose an option value of the games (repeatable)\n"
    KERNEL_HELP("when cached or built")
    "  -h, --help                display this help and exit\n"
    "\n"
    "Example:\n"
    "  rimau bench --seconds 5 games/rimau-rimau-a.game\n"
};
