/* format.h: the canonical layout of a .game file (rimau fmt).
 *
 * rm_format lays SRC out the one way doc/fmt.md describes: four spaces a
 * block level, one space between tokens (none before ',' and ';'), at
 * most one blank line in a row, the heads of one-line blocks that follow
 * each other aligned, comments kept where they are. It changes nothing
 * but the blanks between tokens: every token, comment and line break is
 * kept (blank lines beyond one, and ';' that end nothing, are dropped),
 * so the file means what it meant.
 */
#ifndef RIMAU_FORMAT_H
#define RIMAU_FORMAT_H

#include <stddef.h>

#include "diag.h"

/* Formats SRC. Returns 0 and the new text in *OUT (malloc'd,
 * NUL-terminated, *OUT_LEN bytes without the NUL; free it), or -1 with
 * the errors reported to D: a file that does not parse is refused (its
 * syntax errors, located, as rimau check reports them), never mangled.
 * D's src should be SRC, for the messages' lines and columns. */
int rm_format(const rm_source *src, char **out, size_t *out_len, rm_diag *d);

#endif
