/* cli_args.c: a command's arguments: usage errors, the options every
 * command reads alike (--help, an unknown option, a missing value), -o's
 * NAME=VALUE and --color's WHEN. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

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

int cli_add_choice(rm_choices *choices, char *arg, const char *cmd)
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

int cli_colour_arg(const char *arg, const char *cmd, cli_colour *when)
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

void cli_help(const command *c)
{
    printf("Usage: rimau %s %s", c->name, c->usage);
}

int cli_next_opt(const command *c, int argc, char **argv, const char *shortopts,
                    const struct option *longopts, int *status)
{
    opterr = 0;
    int ch = getopt_long(argc, argv, shortopts, longopts, NULL);
    if (ch == 'h') {
        cli_help(c);
        *status = 0;
        return -2;
    }
    if (ch == '?') {
        if (optopt)
            fprintf(stderr, "rimau %s: unknown option '-%c'\n", c->name, optopt);
        else
            fprintf(stderr, "rimau %s: unknown option '%s'\n", c->name, argv[optind - 1]);
        fprintf(stderr, "Try 'rimau %s --help' for more information.\n", c->name);
        *status = EXIT_USAGE;
        return -2;
    }
    if (ch == ':') {
        fprintf(stderr, "rimau %s: option '%s' needs a value\n", c->name, argv[optind - 1]);
        fprintf(stderr, "Try 'rimau %s --help' for more information.\n", c->name);
        *status = EXIT_USAGE;
        return -2;
    }
    return ch;
}
