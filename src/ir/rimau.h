/* rimau.h: the library API that the command line, the tests and the
 * players use: load and compile a .game file into its IR (game.h); the
 * executor (exec.h: states, legal turns, apply, results), games in play
 * (match.h), turn notation (notation.h), records (record.h) and examples
 * (validate.h) are declared in their headers, which rimau_all.h gathers. */
#ifndef RIMAU_RIMAU_H
#define RIMAU_RIMAU_H

#include <stdio.h>

#include "diag.h"
#include "game.h"

/* Loads and compiles the file PATH. Errors go to ERR (NULL: silent) as
 * "FILE:LINE:COL: error: ..." lines; their number is stored in *NERRORS
 * when it is not NULL. Returns NULL when the game is not valid. */
rm_game *rm_load_file(const char *path, FILE *err, int *nerrors);
/* The same from TEXT[0..LEN), reported under the name PATH. A text
 * longer than a file may be (RM_MAX_FILE_SIZE) is refused as a file is. */
rm_game *rm_load_string(const char *path, const char *text, size_t len, FILE *err,
                        int *nerrors);
/* rm_load_string with the option values CHOICES (NULL: the defaults), as
 * rm_load_file_with takes them. */
rm_game *rm_load_string_with(const char *path, const char *text, size_t len,
                             const rm_choices *choices, FILE *err, int *nerrors);
/* Loads PATH with the option values CHOICES (NULL: the defaults). An
 * unknown option or value is an error of the file's. */
rm_game *rm_load_file_with(const char *path, const rm_choices *choices, FILE *err,
                           int *nerrors);
/* Loads PATH as rm_load_file_with does, and reports warnings to ERR too:
 * a turn line with more ways to play one position than the generator can
 * list (derive.h). Their number is stored in *NWARNINGS when it is not
 * NULL. Only rimau check and validate ask for warnings: the commands that
 * play a game load it with rm_load_file_with, which prints none. */
rm_game *rm_check_file(const char *path, const rm_choices *choices, FILE *err, int *nerrors,
                       int *nwarnings);
void rm_game_destroy(rm_game *g);

#endif
