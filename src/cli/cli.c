/* cli.c: the rimau command line's entry: main, the table of the
 * commands, the general --help and --version. It only dispatches: each
 * command is in the file of its concern (cli_check.c, cli_info.c,
 * cli_rules.c, cli_play.c, ...), with its --help, and calls nothing
 * here; what they share is in cli_args.c, cli_games.c, cli_output.c and
 * cli_draw.c. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The commands in the order the general --help lists them. */
static const command *const commands[] = {
    &cli_cmd_analyse,
    &cli_cmd_bench,
    &cli_cmd_compile,
    &cli_cmd_list,
    &cli_cmd_lsp,
    &cli_cmd_moves,
    &cli_cmd_perft,
    &cli_cmd_check,
    &cli_cmd_fmt,
    &cli_cmd_engine,
    &cli_cmd_info,
    &cli_cmd_play,
    &cli_cmd_replay,
    &cli_cmd_validate,
    &cli_cmd_selfplay,
    &cli_cmd_solve,
    &cli_cmd_summarize,
    &cli_cmd_show,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* "; did you mean 'X'?" for WORD among the commands, or "" (into BUF). */
static const char *command_hint(const char *word, char *buf)
{
    rm_suggest s;
    rm_suggest_start(&s, word);
    for (size_t i = 0; i < NCOMMANDS; i++)
        rm_suggest_offer(&s, commands[i]->name);
    rm_suggest_offer(&s, "help");
    return rm_suggest_text(&s, buf, RM_SUGGEST_TEXT);
}

static void main_help(void)
{
    printf("Usage: rimau COMMAND [OPTION]... [ARG]...\n"
           "Describe, check and play hunt board games written in the .game language.\n"
           "\n"
           "Commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        printf("  %-10s %s\n", commands[i]->name, commands[i]->summary);
    printf("\n"
           "  -h, --help     display this help and exit\n"
           "  -V, --version  output version information and exit\n"
           "\n"
           "'rimau COMMAND --help' describes a command. Boards are drawn in colour when\n"
           "standard output is a terminal, NO_COLOR is unset or empty and TERM is not\n"
           "dumb; --color=always|never (show, moves, play, replay) decides instead.\n"
           "\n"
           "Example:\n"
           "  rimau show games/rimau-rimau-a.game\n");
}

int main(int argc, char **argv)
{
    cli_guard_output();
    /* The time limit of listing one position's turns, for tests (low) and
     * slow machines (high); 0: none. */
    const char *gen = getenv("RIMAU_GEN_SECONDS");
    if (gen && *gen)
        rm_set_gen_time_limit(strtod(gen, NULL));
    if (argc < 2)
        return cli_usage(NULL, "%s", "no command given");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (strcmp(cmd, "help") == 0 && argc > 2) {
            if (!find_command(argv[2])) {
                fprintf(stderr, "rimau help: unknown command '%s' (commands:", argv[2]);
                for (size_t i = 0; i < NCOMMANDS; i++)
                    fprintf(stderr, "%s %s", i ? "," : "", commands[i]->name);
                fprintf(stderr, ")%s\nTry 'rimau --help' for more information.\n",
                        command_hint(argv[2], (char[RM_SUGGEST_TEXT]){ 0 }));
                return EXIT_USAGE;
            }
            cli_help(find_command(argv[2]));
            return 0;
        }
        main_help();
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("rimau %s\n"
               "Copyright (c) 2026 The Rimau authors.\n"
               "License: MIT (see LICENSE): free to use, copy, change and share;\n"
               "there is NO WARRANTY, to the extent permitted by law.\n",
               PACKAGE_VERSION);
        return 0;
    }
    const command *c = find_command(cmd);
    if (!c) {
        static const char *const options[] = { "--help", "--version" };
        char hint[RM_SUGGEST_TEXT];
        if (cmd[0] == '-')
            return cli_usage(NULL, "unknown option '%s'%s", cmd,
                             rm_suggest_among(cmd, options, 2, hint, sizeof hint));
        return cli_usage(NULL, "unknown command '%s'%s", cmd, command_hint(cmd, hint));
    }
    optind = 0;
    return c->run(argc - 1, argv + 1);
}
