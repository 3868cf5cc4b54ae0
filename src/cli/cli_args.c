/* cli_args.c: a command's arguments: usage errors, --help, an unknown
 * option or a missing value, and the options several commands share (-o,
 * --after, --position, --seed, --color, -q), read here for every command
 * that takes them, the same way and with the same messages. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <assert.h>
#include <stdbool.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "cli_paths.h"
#include "bitgen.h"
#include "native.h"

#include <sys/stat.h>

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "rimau%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'rimau %s%s--help' for more information.\n", cmd ? cmd : "",
            cmd ? " " : "");
    return EXIT_USAGE;
}

bool cli_built_here(void)
{
    struct stat self, built;
    return stat("/proc/self/exe", &self) == 0 && stat(RIMAU_BUILT_PROGRAM, &built) == 0 &&
           self.st_dev == built.st_dev && self.st_ino == built.st_ino;
}

const char *cli_doc_dir(void)
{
    struct stat sb;
    if (stat(RIMAU_DOC_DIR "/notation.md", &sb) != 0 &&
        stat(RIMAU_SOURCE_DOC_DIR "/notation.md", &sb) == 0 && cli_built_here())
        return RIMAU_SOURCE_DOC_DIR;
    return RIMAU_DOC_DIR;
}

void cli_help(const command *c)
{
    /* The documents' folder the texts name is the installed one: the
     * source tree's, for the program built there before it is installed. */
    const char *doc = cli_doc_dir(), *u = c->usage, *at;
    printf("Usage: rimau %s ", c->name);
    while (strcmp(doc, RIMAU_DOC_DIR) != 0 && (at = strstr(u, RIMAU_DOC_DIR)) != NULL) {
        printf("%.*s%s", (int)(at - u), u, doc);
        u = at + strlen(RIMAU_DOC_DIR);
    }
    fputs(u, stdout);
}

/* Adds "NAME=VALUE" to CHOICES, splitting ARG in place; EXIT_USAGE after a
 * message, or 0. */
static int add_choice(rm_choices *choices, char *arg, const char *cmd)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1])
        return cli_usage(cmd, "option values are given as -o NAME=VALUE, not '%s'", arg);
    if (choices->n == RM_MAX_OPTIONS)
        return cli_usage(cmd, "too many -o options");
    *eq = '\0'; /* the argument is split in place: no copy to free */
    choices->name[choices->n] = arg;
    choices->value[choices->n] = eq + 1;
    choices->n++;
    return 0;
}

const char *cli_option_hint(const char *arg, const struct option *longopts, char *buf)
{
    buf[0] = '\0';
    if (strncmp(arg, "--", 2) != 0)
        return buf; /* (a short option: one letter, too short to guess) */
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    char shown[RM_SUGGEST_LEN + 1];
    rm_suggest s;
    if (rm_suggest_start_n(&s, arg, len) != 0)
        return buf;
    for (size_t i = 0; longopts && longopts[i].name; i++) {
        /* shown with the value given: --seeds=3 -> '--seed=3' */
        int n = snprintf(shown, sizeof shown, "--%s%s", longopts[i].name,
                         eq && longopts[i].has_arg != no_argument ? eq : "");
        char key[RM_SUGGEST_LEN + 1];
        snprintf(key, sizeof key, "--%s", longopts[i].name);
        if (n > 0 && (size_t)n < sizeof shown)
            rm_suggest_offer_as(&s, key, shown);
    }
    return rm_suggest_text(&s, buf, RM_SUGGEST_TEXT);
}

/* Reads --color's value ARG (NULL, for a bare --color: always) into
 * *WHEN; EXIT_USAGE after a message naming CMD, or 0. */
static int colour_arg(const char *arg, const char *cmd, cli_colour *when)
{
    if (!arg || strcmp(arg, "always") == 0)
        *when = CLI_COLOUR_ALWAYS;
    else if (strcmp(arg, "never") == 0)
        *when = CLI_COLOUR_NEVER;
    else if (strcmp(arg, "auto") == 0)
        *when = CLI_COLOUR_AUTO;
    else
        return cli_usage(cmd, "--color is auto, always or never, not '%s'", arg);
    return 0;
}

/* --kernel's value ARG, or CLI_KERNEL_UNSET when it is none of them. */
static cli_kernel kernel_arg(const char *arg)
{
    if (strcmp(arg, "auto") == 0)
        return CLI_KERNEL_AUTO;
    if (strcmp(arg, "native") == 0)
        return CLI_KERNEL_NATIVE;
    if (strcmp(arg, "generic") == 0)
        return CLI_KERNEL_GENERIC;
    return CLI_KERNEL_UNSET;
}

/* The shared options: how each is written, and what its value is. */
static const struct shared {
    unsigned flag;
    const char *name;
    char letter;        /* its short option, or 0 */
    int has_arg;
    const char *needs;  /* its value, for "option '--NAME' needs ..." */
} shared[] = {
    { CLI_OPTION, "option", 'o', required_argument, "a value" },
    { CLI_AFTER, "after", 'a', required_argument, "a value" },
    { CLI_POSITION, "position", 0, required_argument, "a position string" },
    { CLI_SEED, "seed", 0, required_argument, "a number" },
    { CLI_COLOR, "color", 0, optional_argument, "a value" },
    { CLI_QUIET, "quiet", 'q', no_argument, NULL },
    { CLI_KERNEL, "kernel", 0, required_argument, "auto, native or generic" },
    { CLI_KERNEL, "verbose", 0, no_argument, NULL },
};
#define NSHARED (sizeof shared / sizeof shared[0])

/* What getopt_long returns for shared option I: its short letter, or a
 * value above every character. */
static int shared_val(const cli_args *a, size_t i)
{
    if (shared[i].flag == CLI_SEED && a->seed_short)
        return a->seed_short;
    return shared[i].letter ? shared[i].letter : 256 + (int)i;
}

/* The shared option A takes that getopt_long returns as CH, or -1. */
static int shared_index(const cli_args *a, int ch)
{
    for (size_t i = 0; i < NSHARED; i++)
        if ((a->takes & shared[i].flag) && shared_val(a, i) == ch)
            return (int)i;
    return -1;
}

/* Reads VALUE (NULL: none given, for --color) of shared option I into A;
 * 0, or EXIT_USAGE after a message. */
static int take(cli_args *a, size_t i, char *value)
{
    const char *cmd = a->cmd->name;
    char *end;
    switch (shared[i].flag) {
    case CLI_OPTION:
        return add_choice(&a->choices, value, cmd);
    case CLI_AFTER:
        a->after = value;
        return 0;
    case CLI_POSITION:
        a->position = value;
        return 0;
    case CLI_SEED:
        if (!*value)
            return cli_usage(cmd, "option '--seed' needs a number");
        a->seed = strtoull(value, &end, 10);
        if (*end)
            return cli_usage(cmd, "--seed takes a whole number, not '%s'", value);
        return 0;
    case CLI_QUIET:
        a->quiet = true;
        return 0;
    case CLI_KERNEL:
        if (strcmp(shared[i].name, "verbose") == 0) {
            a->verbose = true;
            return 0;
        }
        a->kernel = kernel_arg(value);
        if (a->kernel == CLI_KERNEL_UNSET)
            return cli_usage(cmd, "--kernel is auto, native or generic, not '%s'", value);
        return 0;
    default:
        return colour_arg(value, cmd, &a->colour);
    }
}

/* Fills A's getopt tables: the command's own options, --help, and the
 * shared ones A takes; missing values are reported as ':' . */
static void build(cli_args *a, const char *shortopts, const struct option *longopts)
{
    size_t n = 0;
    for (; longopts && longopts[n].name; n++)
        a->longopts[n] = longopts[n];
    assert(n + NSHARED + 2 <= CLI_MAX_LONGOPTS);
    a->longopts[n++] = (struct option){ "help", no_argument, NULL, 'h' };
    size_t len = (size_t)snprintf(a->shortopts, sizeof a->shortopts, ":h%s", shortopts);
    for (size_t i = 0; i < NSHARED; i++) {
        if (!(a->takes & shared[i].flag))
            continue;
        int val = shared_val(a, i);
        a->longopts[n++] = (struct option){ shared[i].name, shared[i].has_arg, NULL, val };
        if (val < 256 && len + 3 <= sizeof a->shortopts) {
            a->shortopts[len++] = (char)val;
            if (shared[i].has_arg == required_argument)
                a->shortopts[len++] = ':';
        }
    }
    a->shortopts[len] = '\0';
    a->longopts[n] = (struct option){ 0 };
}

int cli_next_opt(cli_args *a, int argc, char **argv, const char *shortopts,
                 const struct option *longopts, int *status)
{
    const char *cmd = a->cmd->name;
    if (!a->shortopts[0])
        build(a, shortopts ? shortopts : "", longopts);
    opterr = 0;
    for (;;) {
        int ch = getopt_long(argc, argv, a->shortopts, a->longopts, NULL);
        int i = shared_index(a, ch), rc = EXIT_USAGE;
        if (ch == 'h') {
            cli_help(a->cmd);
            rc = 0;
        } else if (ch == '?' && optopt) {
            cli_usage(cmd, "unknown option '-%c'", optopt);
        } else if (ch == '?') {
            cli_usage(cmd, "unknown option '%s'%s", argv[optind - 1],
                      cli_option_hint(argv[optind - 1], a->longopts, (char[RM_SUGGEST_TEXT]){ 0 }));
        } else if (ch == ':') {
            /* (a long option as written, a short one alone: not "-qa") */
            const char *as = argv[optind - 1];
            char letter[3] = { '-', (char)optopt, '\0' };
            int k = shared_index(a, optopt);
            cli_usage(cmd, "option '%s' needs %s", strncmp(as, "--", 2) == 0 ? as : letter,
                      k >= 0 ? shared[k].needs : "a value");
        } else if (i < 0) {
            return ch;
        } else if ((rc = take(a, (size_t)i, optarg)) == 0) {
            continue;
        }
        *status = rc;
        return -2;
    }
}

int cli_read_opts(cli_args *a, int argc, char **argv)
{
    int ch, status = 0;
    while ((ch = cli_next_opt(a, argc, argv, NULL, NULL, &status)) != -1)
        if (ch == -2)
            return status;
    return -1;
}

int cli_common_arg(cli_args *a, int argc, char **argv, int *i)
{
    char *arg = argv[*i];
    for (size_t k = 0; k < NSHARED; k++) {
        if (!(a->takes & shared[k].flag))
            continue;
        const struct shared *o = &shared[k];
        size_t len = strlen(o->name);
        bool dashes = strncmp(arg, "--", 2) == 0 && strncmp(arg + 2, o->name, len) == 0;
        char *value = NULL;
        if (dashes && arg[2 + len] == '=' && o->has_arg != no_argument) {
            value = arg + 3 + len; /* --NAME=VALUE */
        } else if ((dashes && !arg[2 + len]) ||
                   (o->letter && arg[0] == '-' && arg[1] == o->letter && !arg[2])) {
            if (o->has_arg == required_argument && ++*i == argc)
                return cli_usage(a->cmd->name, "option '%s' needs %s", arg, o->needs);
            if (o->has_arg == required_argument)
                value = argv[*i]; /* --NAME VALUE, -L VALUE */
        } else if (o->letter && arg[0] == '-' && arg[1] == o->letter &&
                   o->has_arg == required_argument) {
            value = arg + 2; /* -LVALUE */
        } else {
            continue;
        }
        return take(a, k, value);
    }
    return -1;
}

/* ---- --kernel ---- */

int cli_kernel_start(cli_args *a, bool long_work)
{
    if (a->kernel == CLI_KERNEL_UNSET) {
        const char *env = getenv("RIMAU_KERNEL");
        a->kernel = env && *env ? kernel_arg(env) : CLI_KERNEL_AUTO;
        if (a->kernel == CLI_KERNEL_UNSET)
            return cli_usage(a->cmd->name, "RIMAU_KERNEL is auto, native or generic, not '%s'", env);
    }
    rm_native_mode mode = a->kernel == CLI_KERNEL_GENERIC ? RM_NATIVE_OFF
                          : a->kernel == CLI_KERNEL_NATIVE || long_work ? RM_NATIVE_BUILD
                                                                         : RM_NATIVE_CACHED;
    rm_set_bit_kernel_native(mode);
    return 0;
}

const char *cli_kernel_name(const rm_game *g)
{
    return rm_native_active(g) ? "native" : "generic";
}

int cli_kernel_check(const cli_args *a, const rm_game *g)
{
    bool native = rm_native_active(g);
    const char *why = rm_bits_get(g) ? rm_native_note() : rm_bits_refusal(g);
    if (!why || !*why)
        why = "the kernel is generic by choice";
    if (a->kernel == CLI_KERNEL_NATIVE && !native) {
        fprintf(stderr, "rimau %s: no native kernel for %s: %s\n", a->cmd->name, g->name, why);
        return EXIT_FAILURE;
    }
    if (a->verbose)
        fprintf(stderr, "rimau %s: %s: %s kernel%s%s\n", a->cmd->name, g->name,
                native ? "native" : "generic", a->kernel == CLI_KERNEL_GENERIC ? "" : ": ",
                a->kernel == CLI_KERNEL_GENERIC ? "" : why);
    return 0;
}
