/* cli_args.h: a command's arguments: what a command is, usage errors,
 * and the options several commands share (-o, --after, --position,
 * --seed, --color, -q), read in one place for all of them. */
#ifndef RIMAU_CLI_ARGS_H
#define RIMAU_CLI_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "rimau.h"

enum { EXIT_INVALID = 1, EXIT_USAGE = 2 };

/* "s" after a count of N things, unless N is 1 */
#define CLI_S(n) ((n) == 1 ? "" : "s")

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *usage;   /* the --help text after "Usage: rimau NAME " */
} command;

/* "; did you mean '--X'?" (suggest.h) for the unknown option ARG
 * (--NAME or --NAME=VALUE) among LONGOPTS (ended by a zero entry), or ""
 * (and for a short option): into BUF (RM_SUGGEST_TEXT bytes). */
const char *cli_option_hint(const char *arg, const struct option *longopts, char *buf);

/* Whether this process is the program built in this tree (not an
 * installed copy): then, before `make install`, it finds the games and
 * documents of the source tree. An installed program never does, so that
 * a broken install is not hidden. */
bool cli_built_here(void);
/* The folder of the documents (notation.md, language.md) the --help
 * texts name: the installed one (RIMAU_DOC_DIR), or the source tree's
 * doc/ for the program built there before it is installed. */
const char *cli_doc_dir(void);

/* Prints C's --help, with the documents' folder that cli_doc_dir gives. */
void cli_help(const command *c);
/* Prints "rimau CMD: MESSAGE" and the pointer to --help; returns EXIT_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* --color=WHEN: auto (the default), always, never. */
typedef enum cli_colour { CLI_COLOUR_AUTO, CLI_COLOUR_ALWAYS, CLI_COLOUR_NEVER } cli_colour;

/* The options several commands share; a command takes those its
 * cli_args.takes names. */
enum {
    CLI_OPTION = 1 << 0,    /* -o, --option NAME=VALUE: a value of one of the game's
                             * options (repeatable) */
    CLI_AFTER = 1 << 1,     /* -a, --after TURNS */
    CLI_POSITION = 1 << 2,  /* --position STRING */
    CLI_SEED = 1 << 3,      /* --seed N: a whole number */
    CLI_COLOR = 1 << 4,     /* --color[=WHEN] */
    CLI_QUIET = 1 << 5,     /* -q, --quiet */
    CLI_KERNEL = 1 << 6,    /* --kernel WHICH (auto, native, generic), --verbose */
};

/* --kernel=WHICH, else the environment's RIMAU_KERNEL, else auto. */
typedef enum cli_kernel { CLI_KERNEL_UNSET, CLI_KERNEL_AUTO, CLI_KERNEL_NATIVE,
                          CLI_KERNEL_GENERIC } cli_kernel;

#define CLI_MAX_LONGOPTS 24

/* A command's shared options: set the first three fields (and the
 * defaults of SEED and COLOUR), then read the arguments with
 * cli_next_opt, or cli_common_arg for a command that reads them by hand. */
typedef struct cli_args {
    const command *cmd;       /* the command: its name in messages, its --help */
    unsigned takes;           /* the CLI_* options it takes */
    char seed_short;          /* --seed's short letter (selfplay's -s), or 0 */
    rm_choices choices;       /* -o's (NAME and VALUE point into argv) */
    const char *after;        /* --after's turns, or NULL */
    const char *position;     /* --position's string, or NULL */
    uint64_t seed;            /* --seed's, else the command's default */
    cli_colour colour;        /* --color's */
    bool quiet;               /* -q */
    cli_kernel kernel;        /* --kernel's */
    bool verbose;             /* --verbose: say which kernel plays, and why */
    /* (cli_next_opt's getopt tables: the command's options and these) */
    struct option longopts[CLI_MAX_LONGOPTS];
    char shortopts[64];
} cli_args;

/* getopt_long over the command's own options SHORTOPTS and LONGOPTS
 * (NULL: none) and the shared ones A takes, which it reads into A itself.
 * It handles --help, an unknown option and a missing value too. Returns
 * one of the command's own options, -1 at the end, or -2 when the
 * command must return *STATUS at once (after --help, or a usage error
 * it has printed). */
int cli_next_opt(cli_args *a, int argc, char **argv, const char *shortopts,
                 const struct option *longopts, int *status);

/* cli_next_opt for a command with no options of its own: reads them
 * all. -1, or the status the command must return at once. */
int cli_read_opts(cli_args *a, int argc, char **argv);

/* For a command that reads its arguments by hand (play, whose --SIDE=
 * options are named after the game's sides): when ARGV[*I] is one of the
 * shared options A takes (as -o X, -oX, --option X, --option=X; --seed X,
 * --seed=X; -q, --quiet; ...), reads it and its value into A and moves *I to the last
 * argument used; returns 0, or EXIT_USAGE after a message. -1 when
 * ARGV[*I] is none of them. */
int cli_common_arg(cli_args *a, int argc, char **argv, int *i);

/* The lines of --help for --kernel and --verbose; WHEN: when auto plays a
 * native kernel (whether it builds one the cache does not hold). */
#define KERNEL_HELP(when) \
    "      --kernel WHICH        the bit kernel: native (built for the game), generic\n" \
    "                            or auto (the default, or RIMAU_KERNEL): native\n" \
    "                            " when "\n" \
    "      --verbose             say which bit kernel plays, and why\n"
/* (the same in two lines, for a --help near the length ISO C allows) */
#define KERNEL_HELP_SHORT \
    "      --kernel WHICH        the bit kernel: auto (default), native, generic\n" \
    "      --verbose             say which bit kernel plays, and why\n"

/* The bit kernel's code for the games the command loads from now on
 * (native.h), as A's --kernel (or RIMAU_KERNEL) says: auto builds a
 * game's native kernel when LONG_WORK (else it takes one only from the
 * cache), native builds it, generic never loads one. 0, or EXIT_USAGE
 * after a message (a bad RIMAU_KERNEL). */
int cli_kernel_start(cli_args *a, bool long_work);
/* After G is loaded: with --kernel=native, 0 when G's kernel is native,
 * else EXIT_FAILURE after a message; with --verbose, a note on stderr of
 * the kernel G plays and why. */
int cli_kernel_check(const cli_args *a, const rm_game *g);
/* "native" or "generic": the kernel G plays. */
const char *cli_kernel_name(const rm_game *g);

#endif
