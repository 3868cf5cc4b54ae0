/* cli_check.c: the commands that check a game file: check (its errors
 * and warnings, its examples' position strings) and validate (its
 * examples run under every option value). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "check.h"
#include "cli_paths.h"
#include "diag.h"
#include "position.h"
#include "validate.h"

/* ---- check ---- */

static int cmd_check(int argc, char **argv)
{
    cli_args a = { .cmd = &cli_cmd_check, .takes = CLI_OPTION | CLI_QUIET };
    int status = cli_read_opts(&a, argc, argv);
    if (status >= 0)
        return status;
    bool quiet = a.quiet;
    if (optind >= argc)
        return cli_usage("check", "%s", "no .game file given");
    int rc = 0;
    for (int i = optind; i < argc; i++) {
        char path[4096];
        const char *file = cli_game_file(argv[i], path, sizeof path);
        if (cli_game_missing(argv[i], file, quiet ? NULL : stderr)) {
            rc = EXIT_INVALID;
            continue;
        }
        rm_source src;
        rm_diag d;
        diag_init(&d, NULL, quiet ? NULL : stderr);
        if (source_read(&src, file, &d) != 0) {
            rc = EXIT_INVALID;
            continue;
        }
        d.src = &src;
        d.warn = true;
        rm_game *g = rm_check_all(&src, &a.choices, &d);
        if (!g || d.errors > 0 || rm_check_example_positions_to(g, &d) > 0)
            rc = EXIT_INVALID;
        if (g)
            rm_game_destroy(g);
        source_free(&src);
    }
    return rc;
}

const command cli_cmd_check = {
    "check", cmd_check, "check .game files for errors",
    "[OPTION]... FILE...\n"
    "Check each .game FILE: parse it, resolve its names and check its board,\n"
    "sides, setup, rules and examples (their position strings are read; run\n"
    "them with validate). Prints nothing for a valid file without\n"
    "warnings; for an invalid one, every error found as FILE:LINE:COL: error:\n"
    "MESSAGE, with the line and a caret. A warning, in the same form, marks a\n"
    "turn line whose estimated ways to play one position pass the 4,000,000\n"
    "partial turns Rimau can list: a game stops where such a position comes.\n"
    "The file is checked with its options' defaults (or -o's values), then with\n"
    "each other value of each option -o does not fix; what only such a value\n"
    "breaks is reported as \"error: with option 'NAME' = 'VALUE': MESSAGE\".\n"
    "\n"
    "  -o, --option NAME=VALUE   check with this value of one of the games' options\n"
    "  -q, --quiet               print no messages, only set the exit status\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Exit status: 0 if every file is valid, warnings or not, 1 if one is not,\n"
    "2 on a usage error.\n"
    "\n"
    "Example:\n"
    "  rimau check games/*.game\n"
};

/* ---- validate ---- */


/* The game of one file compiled under each set of option values met so
 * far, so that the examples run under the same values share one load
 * (a file is compiled once per set, not once per example and set). The
 * names and values point into the game validate_file loaded first. */
#define VARIANT_CACHE 32
typedef struct variants {
    const char *file;
    int n, next;               /* entries used; the one to replace when full */
    rm_choices choices[VARIANT_CACHE];
    rm_game *game[VARIANT_CACHE]; /* NULL: the game does not load with them */
} variants;

static bool same_choices(const rm_choices *a, const rm_choices *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->name[i], b->name[i]) != 0 || strcmp(a->value[i], b->value[i]) != 0)
            return false;
    return true;
}

/* The game of V's file under CHOICES (NULL if it does not load so). */
static const rm_game *variant_game(variants *v, const rm_choices *choices)
{
    for (int i = 0; i < v->n; i++)
        if (same_choices(&v->choices[i], choices))
            return v->game[i];
    int i;
    if (v->n < VARIANT_CACHE) {
        i = v->n++;
    } else { /* full: replace the oldest */
        i = v->next;
        v->next = (v->next + 1) % VARIANT_CACHE;
        if (v->game[i])
            rm_game_destroy(v->game[i]);
    }
    v->choices[i] = *choices;
    v->game[i] = rm_load_file_with(v->file, choices, NULL, NULL);
    return v->game[i];
}

static void variants_free(variants *v)
{
    for (int i = 0; i < v->n; i++)
        if (v->game[i])
            rm_game_destroy(v->game[i]);
}

/* Runs the example named NAME of V's file under CHOICES; 1 ok, 0 failed,
 * -1 when the example is not in the game under these options. */
static int run_variant(variants *v, const char *name, const rm_choices *choices, int *line,
                       char *msg, size_t size)
{
    const rm_game *g = variant_game(v, choices);
    if (!g) {
        snprintf(msg, size, "the game does not load with these options");
        *line = 0;
        return 0;
    }
    int rc = -1;
    for (int i = 0; i < g->nexamples; i++)
        if (!g->examples[i].off && strcmp(g->examples[i].name, name) == 0)
            rc = rm_run_example(g, &g->examples[i], line, msg, size) == 0 ? 1 : 0;
    return rc;
}

static void choices_text(const rm_choices *c, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < c->n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s=%s", i ? ", " : "",
                                 SHOWN(c->name[i]), SHOWN(c->value[i]));
}

/* The value C gives option NAME, or NULL. */
static const char *chosen(const rm_choices *c, const char *name)
{
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->name[i], name) == 0)
            return c->value[i];
    return NULL;
}

/* Validates FILE as the option values GIVEN (-o) make it: each example
 * runs with them and its own `with` values, and one whose `with` asks
 * for another value than GIVEN's is left out (counted in *NLEFT). */
static int validate_file(const char *file, const rm_choices *given, bool quiet, int *nok,
                         int *nfail, int *nleft)
{
    /* Warnings once, from the first load; the variants load silently. */
    rm_game *g = rm_check_file(file, given, stderr, NULL, NULL);
    if (!g)
        return EXIT_INVALID;
    /* A file without examples validates nothing: that is no pass. */
    if (g->nexamples == 0) {
        fprintf(stderr, "%s: error: the file has no example blocks: nothing to validate\n", file);
        rm_game_destroy(g);
        return EXIT_INVALID;
    }
    int status = 0, left = 0;
    variants cache = { .file = file };
    for (int i = 0; i < g->nexamples; i++) {
        const rm_example *ex = &g->examples[i];
        /* The variants: the values the example and -o fix and the
         * defaults of the others, then each value of each option neither
         * fixes, one option at a time. */
        rm_choices base = { 0 };
        bool other = false;
        for (int w = 0; w < ex->nwith; w++) {
            const char *v = chosen(given, ex->with_name[w]);
            other |= v && strcmp(v, ex->with_value[w]) != 0;
            base.name[base.n] = ex->with_name[w];
            base.value[base.n++] = ex->with_value[w];
        }
        if (other) {
            left++;
            continue;
        }
        for (int k = 0; k < given->n && base.n < RM_MAX_OPTIONS; k++)
            if (!chosen(&base, given->name[k])) {
                base.name[base.n] = given->name[k];
                base.value[base.n++] = given->value[k];
            }
        int runs = 0, failed = 0;
        rm_choices vars[RM_MAX_VARIANTS];
        int nvars = rm_option_variants(g->options, g->noptions, &base, vars, NULL, NULL);
        for (int k = 0; k < nvars && !failed; k++) {
            const rm_choices *c = &vars[k];
            int line = 0;
            /* (names in both are shown by their start: they fit) */
            char msg[1024], opts[RM_MAX_OPTIONS * 2 * (RM_SHOWN + 6)];
            int r = run_variant(&cache, ex->name, c, &line, msg, sizeof msg);
            if (r < 0)
                continue;
            runs++;
            if (r == 0) {
                choices_text(c, opts, sizeof opts);
                printf("FAILED %s:%d: \"%s\": %s%s%s%s\n", file, line, ex->name, msg,
                       c->n ? " (with " : "", opts, c->n ? ")" : "");
                failed = 1;
            }
        }
        if (failed) {
            (*nfail)++;
            status = EXIT_INVALID;
        } else {
            (*nok)++;
            if (!quiet)
                printf("ok %s: \"%s\" (%d run%s)\n", file, ex->name, runs, runs == 1 ? "" : "s");
        }
    }
    if (left == g->nexamples) {
        fprintf(stderr, "%s: error: every example is for other option values than -o gives: "
                "nothing to validate\n", file);
        status = EXIT_INVALID;
    }
    *nleft += left;
    variants_free(&cache);
    rm_game_destroy(g);
    return status;
}

static int cmd_validate(int argc, char **argv)
{
    cli_args a = { .cmd = &cli_cmd_validate, .takes = CLI_OPTION | CLI_QUIET };
    int status = cli_read_opts(&a, argc, argv);
    if (status >= 0)
        return status;
    bool quiet = a.quiet;
    status = 0;
    if (optind >= argc)
        return cli_usage("validate", "no .game file given");
    int nok = 0, nfail = 0, nleft = 0;
    for (int i = optind; i < argc; i++) {
        char path[4096];
        const char *file = cli_game_file(argv[i], path, sizeof path);
        if (cli_game_missing(argv[i], file, stderr) ||
            validate_file(file, &a.choices, quiet, &nok, &nfail, &nleft) != 0)
            status = EXIT_INVALID;
    }
    if (!quiet || nfail) {
        printf("%d example%s passed, %d failed", nok, CLI_S(nok), nfail);
        if (nleft)
            printf(", %d left out (for other option values than -o gives)", nleft);
        putchar('\n');
    }
    return status;
}

const command cli_cmd_validate = {
    "validate", cmd_validate, "check a game against the facts its sources state",
    "[OPTION]... FILE...\n"
    "Run every example of each FILE: an example plays turns and checks what the\n"
    "game's source says of the position reached\n"
    "(see " RIMAU_DOC_DIR "/language.md). Each\n"
    "example runs with the default options and then with every other value of\n"
    "each option it does not fix itself ('with NAME = VALUE').\n"
    "Prints one line per example: 'ok', or 'FAILED FILE:LINE:' with the failing\n"
    "assertion and the options it ran with. The file's warnings, as check\n"
    "prints them for the default options (or -o's), go to standard error first.\n"
    "\n"
    "  -o, --option NAME=VALUE   validate the game this value of one of its\n"
    "                            options makes: every example runs with it, as\n"
    "                            with its own 'with'; an example whose 'with'\n"
    "                            asks for another value is left out\n"
    "  -q, --quiet               print only the failures\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Exit status: 0 if every example holds, 1 if one fails or a file is invalid\n"
    "or has no examples (it validates nothing; nor when -o leaves out every\n"
    "one), 2 on a usage error.\n"
    "\n"
    "Example:\n"
    "  rimau validate games/*.game\n"
};
