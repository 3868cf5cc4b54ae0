/* cli_solve.c: rimau solve: a game's exact values by retrograde analysis
 * (solve.h), printed as a table of its tiers, the value of its start and
 * of each first turn; or, with --estimate, what solving it would take. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "notation.h"
#include "position.h"
#include "solve.h"

/* "1.5G", "512M", "64k" or a number of bytes; 0 when it is none of these. */
static size_t parse_size(const char *text)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || v <= 0)
        return 0;
    double unit = 1;
    if (*end == 'k' || *end == 'K')
        unit = 1024.0, end++;
    else if (*end == 'm' || *end == 'M')
        unit = 1024.0 * 1024, end++;
    else if (*end == 'g' || *end == 'G')
        unit = 1024.0 * 1024 * 1024, end++;
    if (*end == 'b' || *end == 'B')
        end++;
    if (*end || v * unit > 1e15 || v * unit < 1)
        return 0;
    return (size_t)(v * unit);
}

/* A count with thousands separated by commas. */
static const char *grouped(uint64_t n, char *buf)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%" PRIu64, n), at = 0;
    for (int i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0)
            buf[at++] = ',';
        buf[at++] = digits[i];
    }
    buf[at] = 0;
    return buf;
}

/* "tigers win in 7 plies", "draw" for value V of a position whose side to
 * move is SIDE, D plies from the end. */
static const char *value_text(const rm_game *g, int v, int side, int d, char *buf, size_t size)
{
    if (v == RM_VALUE_DRAW)
        snprintf(buf, size, "draw");
    else
        snprintf(buf, size, "%.60s win in %d pl%s", g->sides[v == RM_VALUE_WIN ? side : 1 - side].name,
                 d, d == 1 ? "y" : "ies");
    return buf;
}

static const char *value_word(int v)
{
    return v == RM_VALUE_WIN ? "win" : v == RM_VALUE_LOSS ? "loss" : "draw";
}

static int estimate(const rm_game *g, bool no_symmetry, bool json, size_t memory, bool db)
{
    rm_solve_estimate e;
    char err[512], a[32], b[32];
    if (rm_solve_estimate_of(g, no_symmetry, &e, err, sizeof err) != 0) {
        fprintf(stderr, "rimau solve: %s\n", err);
        return EXIT_INVALID;
    }
    bool fits = (db ? e.memory_db : e.memory) <= memory && e.too_big == 0;
    if (json) {
        json_t *o = json_pack("{s:s, s:i, s:i, s:I, s:I, s:I, s:i, s:b, s:I, s:I}", "game",
                              g->name, "tiers", e.tiers, "too_big", e.too_big, "positions",
                              (json_int_t)e.positions, "largest", (json_int_t)e.largest, "memory",
                              (json_int_t)e.memory, "symmetries", e.symmetries, "fits", fits,
                              "memory_db", (json_int_t)e.memory_db, "disk_db",
                              (json_int_t)e.disk);
        char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
        if (text)
            printf("%s\n", text);
        free(text);
        json_decref(o);
        return 0;
    }
    printf("estimate for %s (an upper bound: every number of pieces on the board and in hand, "
           "every phase):\n",
           g->name);
    printf("  tiers:            %d\n", e.tiers);
    if (e.too_big)
        printf("  too large:        %d tiers have more positions than the solver numbers "
               "(2^32 where a tier's turns are kept, 2^48 else)\n",
               e.too_big);
    printf("  positions:        %s%s (one a class of %d symmetric positions)\n",
           e.too_big ? "over " : "",
           grouped(e.positions, a), e.symmetries);
    printf("  largest tier:     %s positions\n", grouped(e.largest, b));
    printf("  memory:           %.2f GiB (values and distances of every tier, and the work of the "
           "largest)\n",
           (double)e.memory / (1 << 30));
    printf("  with --db:        %.2f GiB (the tier that needs most; the tiers solved are read from "
           "their files and a scratch file, at most %.2f GiB)\n",
           (double)e.memory_db / (1 << 30), (double)e.disk / (1 << 30));
    printf("  with --memory %.1fG%s: %s\n", (double)memory / (1 << 30), db ? " and --db" : "",
           fits ? "it fits" : "it does not fit (the solve stops at the first tier that does not)");
    return 0;
}

/* --blockade SIDE: the fewest pieces of the other side's first kind that
 * leave SIDE no turn, over every placement of SIDE's pieces of FROM. */
static int blockade(const rm_game *g, const rm_state *from, const char *side_name, int within)
{
    int side = game_side(g, side_name);
    if (side < 0 || side > 1) {
        fprintf(stderr, "rimau solve: --blockade: the game has no side '%s'%s\n", SHOWN(side_name),
                GAME_HINT(g, GAME_SIDES, side_name));
        return EXIT_USAGE;
    }
    int kind = g->sides[1 - side].first_kind;
    if (within < 0)
        within = g->kinds[kind].count;
    rm_blockade b;
    char err[256];
    if (rm_solve_blockade(g, from, side, kind, within, &b, err, sizeof err) != 0) {
        fprintf(stderr, "rimau solve: --blockade: %s\n", err);
        return EXIT_INVALID;
    }
    printf("%s: every placement of their pieces on the board (%llu), blocked by %s\n",
           g->sides[side].name, (unsigned long long)b.placements, g->kinds[kind].name);
    if (b.fewest < 0) {
        printf("no placement can be blocked\n");
        return 0;
    }
    printf("the fewest %s that block: %d; the most a blockable placement needs: %d\n",
           g->kinds[kind].name, b.fewest, b.most);
    printf("placements that can be blocked (by at most the %d %s of the game): %llu; by %d or "
           "fewer: %llu\n",
           g->kinds[kind].count, g->kinds[kind].name, (unsigned long long)b.blockable, within,
           (unsigned long long)b.within);
    if (b.beyond)
        printf("placements only more %s than the game has would block: %llu\n",
               g->kinds[kind].name, (unsigned long long)b.beyond);
    rm_position pos;
    rm_state_position(g, &b.example, &pos);
    rm_view v = { pos.kind, pos.count, pos.hand };
    render_text(stdout, g, &v);
    cli_put_position(stdout, g, &b.example);
    return 0;
}

/* A solve by levels (rm_solve_levels) on the ranks of RANKS, or in this
 * process alone (NULL), with the MPI job's end; ERR holds rm_mpi_start's
 * refusal, if any. 0, or the status to exit with (on every rank). */
static int solve_by_levels(const rm_game *g, rm_solve_options *o, const rm_ranks *ranks,
                           bool json_plan, rm_plan *plan, cli_solve_line *b, char *err, size_t errsize)
{
    int rank = ranks ? ranks->rank : 0;
    if (err[0]) {
        fprintf(stderr, "rimau solve: %s\n", err);
        return EXIT_INVALID;
    }
    if (!o->db || json_plan) {
        if (rank == 0)
            cli_usage("solve", "%s",
                      !o->db ? "a solve by levels (--plan, or under mpirun) needs --db DIR, a "
                               "folder for the ranks (shared, or each machine's own)"
                             : "--plan prints a table: it does not combine with --json");
        rm_mpi_end();
        return EXIT_USAGE;
    }
    if (rank != 0) {
        o->progress = NULL; /* (rank 0 alone draws, and prints) */
        b->on = false;
    }
    int r = rm_solve_levels(g, o, ranks, plan, err, errsize);
    cli_solve_line_clear(b);
    rm_mpi_end();
    if (r != 0 && err[0] && ranks && ranks->size > 1)
        fprintf(stderr, "rimau solve: rank %d of %d: %s\n", rank, ranks->size, err);
    else if (r != 0 && err[0])
        fprintf(stderr, "rimau solve: %s\n", err);
    return r != 0 ? EXIT_INVALID : 0;
}

/* The levels of a solve by levels, the seconds each took, and what N
 * ranks would take, from the seconds of each tier. */
static void print_plan(const rm_plan *p)
{
    char a[32];
    printf("plan: %d tiers, found in %d layers from the start's, solved in %d levels on %d "
           "rank%s\n",
           p->ntiers, p->nlayers, p->nlevels, p->ranks, CLI_S(p->ranks));
    printf("plan: %.2f s to find the tiers, %.2f s to solve the levels (of the clock)\n",
           p->plan_seconds, p->seconds);
    printf("%5s %6s %14s %10s %10s\n", "level", "tiers", "positions", "slowest s", "sum s");
    double critical = 0;
    for (int lv = 0; lv < p->nlevels; lv++) {
        int n = 0;
        uint64_t pos = 0;
        double most = 0, sum = 0;
        for (int i = 0; i < p->ntiers; i++)
            if (p->tiers[i].level == lv) {
                n++;
                pos += p->tiers[i].positions;
                sum += p->tiers[i].seconds;
                if (p->tiers[i].seconds > most)
                    most = p->tiers[i].seconds;
            }
        printf("%5d %6d %14s %10.2f %10.2f\n", lv, n, grouped(pos, a), most, sum);
        critical += most;
    }
    printf("projected from each tier's seconds (finding and solving):");
    for (int n = 1; n <= 64; n *= 2)
        printf(" %d rank%s %.1f s%s", n, CLI_S(n), rm_plan_projected(p, n), n < 64 ? "," : "");
    printf("; at best (each level's slowest tier, the plan shared out): %.1f s\n", critical);
}

/* The summary of what the root reaches, after the whole tiers': ROOT is
 * "the start" or "the position". */
static void put_reach(const rm_game *g, const rm_solve_reach *r, const char *root,
                      const char *classes)
{
    char a[32], b[32], c[32], d[32];
    printf("reachable from %s: %d tier%s, %s positions (%s), won %s, lost %s, drawn %s; "
           "longest forced win: %d pl%s\n",
           root, r->tiers, CLI_S(r->tiers), grouped(r->positions, a), classes,
           grouped(r->won, b), grouped(r->lost, c), grouped(r->drawn, d), r->longest,
           r->longest == 1 ? "y" : "ies");
    if (r->won > 0) {
        char *at = rm_position_string(g, &r->longest_at);
        printf("the longest reachable win (%s to move): %s\n",
               g->sides[rm_state_to_move(&r->longest_at)].name, at ? at : "(out of memory)");
        free(at);
    }
}

static json_t *reach_json(const rm_game *g, const rm_solve_reach *r)
{
    char *at = r->won > 0 ? rm_position_string(g, &r->longest_at) : NULL;
    json_t *o = json_pack("{s:i, s:I, s:I, s:I, s:I, s:i, s:s?, s:I, s:f}", "tiers", r->tiers,
                          "positions", (json_int_t)r->positions, "won", (json_int_t)r->won,
                          "lost", (json_int_t)r->lost, "drawn", (json_int_t)r->drawn, "longest",
                          r->longest, "longest_at", at, "memory", (json_int_t)r->memory,
                          "seconds", r->seconds);
    free(at);
    return o;
}

static int cmd_solve(int argc, char **argv)
{
    static const struct option opts[] = { { "db", required_argument, NULL, 'd' },
                                          { "memory", required_argument, NULL, 'm' },
                                          { "threads", required_argument, NULL, 'j' },
                                          { "no-symmetry", no_argument, NULL, 'S' },
                                          { "json", no_argument, NULL, 'J' },
                                          { "verify", no_argument, NULL, 'V' },
                                          { "estimate", no_argument, NULL, 'E' },
                                          { "blockade", required_argument, NULL, 'B' },
                                          { "within", required_argument, NULL, 'W' },
                                          { "plan", no_argument, NULL, 'P' },
                                          { "no-reachable", no_argument, NULL, 'R' },
                                          { 0 } };
    cli_args args = { .cmd = &cli_cmd_solve,
                      .takes = CLI_OPTION | CLI_AFTER | CLI_POSITION | CLI_QUIET | CLI_KERNEL };
    rm_solve_options o = { 0 };
    o.memory = (size_t)4 << 30;
    bool json = false, verify = false, est = false, by_levels = false, reach_on = true;
    const char *blocked = NULL;
    int ch, status = 0, within = -1;
    while ((ch = cli_next_opt(&args, argc, argv, "d:m:j:", opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'd')
            o.db = optarg;
        if (ch == 'm' && !(o.memory = parse_size(optarg)))
            return cli_usage("solve", "--memory takes a size such as 512M or 8G, not '%s'", optarg);
        if (ch == 'j') {
            char *end;
            long j = strtol(optarg, &end, 10);
            if (end == optarg || *end || j < 1 || j > 256)
                return cli_usage("solve", "--threads takes 1 to 256, not '%s'", optarg);
            o.threads = (int)j;
        }
        if (ch == 'S')
            o.no_symmetry = true;
        if (ch == 'J')
            json = true;
        if (ch == 'V')
            verify = true;
        if (ch == 'E')
            est = true;
        if (ch == 'R')
            reach_on = false;
        if (ch == 'B')
            blocked = optarg;
        if (ch == 'P')
            by_levels = true;
        if (ch == 'W') {
            char *end;
            long w = strtol(optarg, &end, 10);
            if (end == optarg || *end || w < 0 || w > 255)
                return cli_usage("solve", "--within takes a number of pieces from 0 to 255, not '%s'",
                                 optarg);
            within = (int)w;
        }
    }
    if (argc - optind != 1)
        return cli_usage("solve", "give one .game file");
    if ((status = cli_kernel_start(&args, true)) != 0)
        return status;
    rm_match m;
    rm_game *g = cli_load_position(&args, argv[optind], &m, &status);
    if (!g)
        return status;
    if ((status = cli_kernel_check(&args, g)) != 0) {
        rm_match_free(&m);
        rm_game_destroy(g);
        return status;
    }
    if (blocked) {
        status = blockade(g, rm_match_state(&m), blocked, within);
        rm_match_free(&m);
        rm_game_destroy(g);
        return status;
    }
    if (est) {
        status = estimate(g, o.no_symmetry, json, o.memory, o.db != NULL);
        rm_match_free(&m);
        rm_game_destroy(g);
        return status;
    }
    /* the position solved from: the start, or --position and --after */
    rm_state from = *rm_match_state(&m);
    o.root = &from;
    cli_solve_line b;
    cli_solve_line_start(&b, args.quiet);
    o.progress = cli_solve_line_draw;
    o.ctx = &b;
    char err[1024];
    /* under mpirun, or with --plan: by levels, into the folder, which
     * rank 0 then reads as any solve does */
    rm_plan plan = { 0 };
    const rm_ranks *ranks = rm_mpi_start(err, sizeof err);
    if (err[0] || ranks || by_levels) {
        status = solve_by_levels(g, &o, ranks, json && by_levels, &plan, &b, err, sizeof err);
        if (status || (ranks && ranks->rank != 0)) {
            rm_plan_free(&plan);
            rm_match_free(&m);
            rm_game_destroy(g);
            return status;
        }
        o.read_only = true; /* (every tier is in the folder: a missing one is a fault) */
    }
    rm_solver *s = rm_solve(g, &o, err, sizeof err);
    cli_solve_line_clear(&b);
    if (!s) {
        fprintf(stderr, "rimau solve: %s\n", err);
        if (strstr(err, "rimau solve --estimate") && !json) {
            /* refused for memory or a tier too large: what the whole game
             * would take */
            fflush(stderr);
            estimate(g, o.no_symmetry, false, o.memory, o.db != NULL);
        }
        rm_plan_free(&plan);
        rm_match_free(&m);
        rm_game_destroy(g);
        return EXIT_INVALID;
    }
    uint64_t bad = 0;
    char verr[512] = "";
    if (verify) {
        bad = rm_solver_verify(s, cli_solve_line_draw, &b, verr, sizeof verr);
        cli_solve_line_clear(&b);
    }
    rm_solve_stats st;
    rm_solver_stats(s, &st);
    /* what the root reaches by the rules (the tiers hold more) */
    rm_solve_reach rs;
    if (reach_on && rm_solver_reach(s, &from, &rs, verr, sizeof verr) != 0) {
        fprintf(stderr, "rimau solve: %s\n", verr);
        rm_match_free(&m);
        rm_solver_free(s);
        rm_game_destroy(g);
        return EXIT_INVALID;
    }
    const char *root_word = args.after || args.position ? "the position" : "the start";
    /* the position solved from, and its turns */
    int start_d = 0, start_v = rm_solver_value(s, rm_match_state(&m), &start_d);
    const rm_state *st0 = rm_match_state(&m);
    int side = rm_state_to_move(st0);
    const rm_turnlist *l = rm_match_turns(&m);
    int nturns = rm_match_result(&m) == RM_ONGOING ? l->n : 0;
    char a[32], bb[32], cc[32], dd[32], text[160];
    if (json) {
        json_t *root = json_object(), *tiers = json_array(), *turns = json_array(),
               *opts_o = json_object();
        for (int i = 0; i < g->noptions; i++)
            json_object_set_new(opts_o, g->options[i].name,
                                json_string(g->options[i].values[g->options[i].chosen]));
        for (int i = 0; i < rm_solver_tiers(s); i++) {
            rm_solve_progress t;
            rm_solver_tier(s, i, &t);
            json_array_append_new(
                tiers, json_pack("{s:s, s:I, s:I, s:I, s:I, s:i, s:b}", "name", t.name, "positions",
                                 (json_int_t)t.positions, "won", (json_int_t)t.won, "lost",
                                 (json_int_t)t.lost, "drawn", (json_int_t)t.drawn, "longest",
                                 t.longest, "loaded", t.loaded));
        }
        for (int i = 0; i < nturns && i < 10000; i++) {
            rm_state next = *st0;
            rm_apply(g, &next, rm_turn_moves(l, i), l->turns[i].n);
            int d, v = rm_solver_value(s, &next, &d);
            char *tt = rm_turn_text(g, rm_turn_moves(l, i), l->turns[i].n);
            int mover = rm_state_to_move(&next);
            json_array_append_new(
                turns, json_pack("{s:s?, s:s, s:s?, s:i}", "turn", tt, "value",
                                 v < 0 ? "unknown" : value_word(v), "winner",
                                 v == RM_VALUE_WIN    ? g->sides[mover].name
                                 : v == RM_VALUE_LOSS ? g->sides[1 - mover].name
                                                      : NULL,
                                 "plies", v == RM_VALUE_DRAW || v < 0 ? 0 : d + 1));
            free(tt);
        }
        json_object_set_new(root, "game", json_string(g->name));
        json_object_set_new(root, "options", opts_o);
        json_object_set_new(root, "symmetries", json_integer(st.symmetries));
        json_object_set_new(root, "tiers", tiers);
        json_object_set_new(root, "start",
                            json_pack("{s:s, s:s, s:s?, s:i}", "to_move", g->sides[side].name,
                                      "value", start_v < 0 ? "unknown" : value_word(start_v),
                                      "winner",
                                      start_v == RM_VALUE_WIN    ? g->sides[side].name
                                      : start_v == RM_VALUE_LOSS ? g->sides[1 - side].name
                                                                 : NULL,
                                      "plies", start_v == RM_VALUE_DRAW ? 0 : start_d));
        json_object_set_new(root, "turns", turns);
        json_object_set_new(root, "positions", json_integer((json_int_t)st.positions));
        json_object_set_new(root, "won", json_integer((json_int_t)st.won));
        json_object_set_new(root, "lost", json_integer((json_int_t)st.lost));
        json_object_set_new(root, "drawn", json_integer((json_int_t)st.drawn));
        json_object_set_new(root, "longest", json_integer(st.longest));
        json_object_set_new(root, "memory", json_integer((json_int_t)st.memory));
        if (reach_on)
            json_object_set_new(root, "reachable", reach_json(g, &rs));
        json_object_set_new(root, "seconds", json_real(st.seconds));
        json_object_set_new(root, "forward_seconds", json_real(st.forward_seconds));
        json_object_set_new(root, "back_seconds", json_real(st.back_seconds));
        if (plan.tiers)
            json_object_set_new(root, "by_levels",
                                json_pack("{s:i, s:i, s:f, s:f}", "ranks", plan.ranks, "levels",
                                          plan.nlevels, "plan_seconds", plan.plan_seconds,
                                          "seconds", plan.seconds));
        json_object_set_new(root, "turn_limit_ignored", json_integer(g->rules.draw_after));
        if (verify)
            json_object_set_new(root, "inconsistent", json_integer((json_int_t)bad));
        char *out = json_dumps(root, JSON_COMPACT);
        if (out)
            printf("%s\n", out);
        free(out);
        json_decref(root);
    } else {
        char opt[600] = "";
        size_t at = 0;
        for (int i = 0; i < g->noptions && at < sizeof opt; i++)
            at += (size_t)snprintf(opt + at, sizeof opt - at, " -o %s=%s", g->options[i].name,
                                   g->options[i].values[g->options[i].chosen]);
        printf("%s%s\n", g->name, opt);
        printf("the turn limit (draw after %d turn%s) is not applied; positions that no side can "
               "force to an end are draws\n",
               g->rules.draw_after, CLI_S(g->rules.draw_after));
        printf("%5s %12s %12s %12s %12s %7s  %s\n", "tier", "positions", "won", "lost", "drawn",
               "longest", "what stays the same");
        for (int i = 0; i < rm_solver_tiers(s); i++) {
            rm_solve_progress t;
            rm_solver_tier(s, i, &t);
            printf("%5d %12s %12s %12s %12s %7d  %s%s\n", i + 1, grouped(t.positions, a),
                   grouped(t.won, bb), grouped(t.lost, cc), grouped(t.drawn, dd), t.longest,
                   t.name, t.loaded ? " (read from the database)" : "");
        }
        printf("%s (%s to move): %s\n", args.after || args.position ? "the position" : "start",
               g->sides[side].name,
               start_v < 0 ? "not solved" : value_text(g, start_v, side, start_d, text, sizeof text));
        if (nturns > 0 && nturns <= 200) {
            printf("each first turn:\n");
            for (int i = 0; i < nturns; i++) {
                rm_state next = *st0;
                rm_apply(g, &next, rm_turn_moves(l, i), l->turns[i].n);
                int d, v = rm_solver_value(s, &next, &d);
                printf("  ");
                cli_put_turn(stdout, g, rm_turn_moves(l, i), l->turns[i].n);
                printf(": %s\n", v < 0 ? "not solved"
                                       : value_text(g, v, rm_state_to_move(&next),
                                                    v == RM_VALUE_DRAW ? 0 : d + 1, text,
                                                    sizeof text));
            }
        } else if (nturns > 200) {
            printf("the start has %d turns (rimau solve --json lists each)\n", nturns); /* (> 200) */
        }
        const char *classes = st.symmetries > 1 ? "one a class of symmetric positions"
                                                : "no symmetry used";
        printf("whole tiers (either side to move, every placement): %d tier%s, %s positions (%s), "
               "won %s, lost %s, drawn %s; longest forced win: %d pl%s\n",
               st.tiers, CLI_S(st.tiers), grouped(st.positions, a), classes, grouped(st.won, bb),
               grouped(st.lost, cc), grouped(st.drawn, dd), st.longest, st.longest == 1 ? "y" : "ies");
        if (reach_on)
            put_reach(g, &rs, root_word, classes);
        printf("symmetries of the board: %d\n", st.symmetries);
        if (plan.tiers)
            printf("by levels on %d rank%s: %.2f s to find the tiers, %.2f s to solve them into "
                   "the folder, then read back:\n",
                   plan.ranks, CLI_S(plan.ranks), plan.plan_seconds, plan.seconds);
        printf("memory: %.1f MiB at most; time: %.2f s (forward passes %.2f s, going back "
               "%.2f s)%s%s\n",
               (double)st.memory / (1 << 20), st.seconds, st.forward_seconds, st.back_seconds,
               st.loaded ? "; tiers read from the database: " : "",
               st.loaded ? grouped((uint64_t)st.loaded, a) : "");
        if (reach_on)
            printf("the positions reached: %.1f MiB at most (2 bits a position of the tiers being "
                   "counted); time: %.2f s\n",
                   (double)rs.memory / (1 << 20), rs.seconds);
        if (verify)
            printf(bad ? "verify: %s positions disagree with the rules; the first: %s\n"
                       : "verify: every position agrees with the rules%s%s\n",
                   bad ? grouped(bad, a) : "", verr);
        if (by_levels && plan.tiers)
            print_plan(&plan);
    }
    rm_plan_free(&plan);
    rm_match_free(&m);
    rm_solver_free(s);
    rm_game_destroy(g);
    return bad ? EXIT_INVALID : 0;
}

const command cli_cmd_solve = {
    "solve", cmd_solve, "solve a game exactly by retrograde analysis",
    "[OPTION]... FILE\n"
    "Solve FILE's game strongly: the value (win, loss or draw, and in how many\n"
    "plies) of every position the start can lead to, by retrograde analysis on\n"
    "the bit kernel, one tier of positions at a time (a tier: the pieces of each\n"
    "kind on the board and in hand, the phases). Prints each tier's positions\n"
    "and how many are won, lost and drawn for the side to move, the value of the\n"
    "start and of each first turn, the totals and the longest forced win twice\n"
    "(over the whole tiers, either side to move, and over the positions the\n"
    "start reaches by its turns), the memory and the time (and of it, the\n"
    "forward passes' and those going back). The turn limit is not applied,\n"
    "and positions no side can force to an end are draws (the game's repetition\n"
    "rule). Games whose board has more than 128 bits, or a kind of more than 32\n"
    "pieces that stack, are not taken; a tier past --memory, or of more than\n"
    "2^32 positions whose turns must be kept (compound turns, chains, stacks),\n"
    "stops the solve, which then prints the estimate of the whole game.\n"
    "\n"
    "  -d, --db DIR              keep each solved tier in a file of DIR (made when\n"
    "                            missing), and read the tiers solved there before\n"
    "                            (the files say which game, options and rules they\n"
    "                            solve: other rules' are refused, saying what\n"
    "                            differs, and so is a damaged file); one solve at a time writes into DIR\n"
    "                            (another stops at once, naming the process)\n"
    "  -m, --memory SIZE         the most memory to use, as 512M or 8G (default\n"
    "                            4G); a tier that needs more stops the solve\n"
    "  -j, --threads N           threads of each tier's passes (default 1)\n"
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
    "      --no-reachable        skip the count of the positions the start (or the\n"
    "                            position) reaches by the rules; by default it\n"
    "                            follows every turn from there after the solve\n"
    "      --verify              check every value against the rules afterwards\n"
    "      --estimate            print what solving would take, and solve nothing\n"
    "      --plan                solve by levels, as under mpirun (which shares each\n"
    "                            level's tiers among its ranks; needs --db DIR,\n"
    "                            shared or each machine's own): find tiers first,\n"
    "                            then solve the tiers that lead nowhere, then those\n"
    "                            that lead only to those, ...; and print the\n"
    "                            levels, the seconds of each, and what more ranks\n"
    "                            would take\n"
    "      --json                print the results as one JSON object\n"
    "  -q, --quiet               draw no progress bar\n"
    "  -o, --option NAME=VALUE   choose a value of one of the game's options\n"
    KERNEL_HELP_SHORT
    "  -h, --help                display this help and exit\n"
    "\n"
    "Examples:\n"
    "  rimau solve games/kaooa.game\n"
    "  rimau solve games/tiger-and-buffaloes.game --db tb.db --verify\n"
    "  rimau solve games/main-tapal-empat.game --estimate\n"
    "  mpirun -np 2 rimau solve games/kaooa.game --db kaooa.db --plan\n"
};
