/* cli_play.c: playing and replaying games. */
#include "config.h"
#include "cli.h"
int cmd_play(int argc, char **argv) { (void)argc; (void)argv; return 2; }
int cmd_replay(int argc, char **argv) { (void)argc; (void)argv; return 2; }
