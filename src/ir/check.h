/* check.h: a file checked under every value of its options, as rimau
 * check and the language server check it, and the sets of option values
 * that rimau validate runs examples under. */
#ifndef RIMAU_CHECK_H
#define RIMAU_CHECK_H

#include "diag.h"
#include "game.h"

/* The most sets of values rm_option_variants gives: the first, then one
 * per other value of each option. */
#define RM_MAX_VARIANTS (1 + RM_MAX_OPTIONS * (RM_MAX_VALUES - 1))

/* The sets of option values a file is checked under: BASE alone (its
 * values, the defaults of the others), then BASE with each value but the
 * first of each of the NOPTS options OPTS that BASE does not fix, one
 * option at a time. Stores them in OUT (room for RM_MAX_VARIANTS; their
 * names and values point into BASE and OPTS) and returns how many. In
 * OPTION[i] and VALUE[i] (when not NULL), the option and value that set
 * i adds to BASE (-1 and -1 for BASE alone). */
int rm_option_variants(const rm_option *opts, int nopts, const rm_choices *base,
                       rm_choices *out, int *option, int *value);

/* Checks SRC as rimau check does: parses and compiles it with the option
 * values GIVEN (NULL: the defaults), reporting to D; then once more
 * under each other value of each option GIVEN does not fix, one option
 * at a time (rm_option_variants). What such a compile reports that the
 * first did not is reported to D as "with option 'X' = 'Y': MESSAGE", at
 * its place. Warnings are reported when D->warn is set. Returns the game
 * compiled with GIVEN's values, or NULL when it has errors. */
rm_game *rm_check_all(const rm_source *src, const rm_choices *given, rm_diag *d);

#endif
