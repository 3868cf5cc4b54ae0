/* native.h: a game's bit kernel compiled for the game and the machine.
 *
 * The kernel's code (bitgen_words.h) reads a game's numbers from its
 * tables at run time. A native kernel is the same code compiled with the
 * game's numbers as constants (bitgen_native.c, the text of which the
 * program carries: rm_native_text), by the system's C compiler, at -O2
 * -march=native, into a shared object kept in the user's cache
 * ($XDG_CACHE_HOME/rimau, else ~/.cache/rimau) under a key of the
 * kernel's text, the game's numbers, the compiler and its flags. Loaded,
 * and checked against the generic kernel (perft 2 from the start and a
 * few seeded walks, turn by turn), it replaces the entry points of the
 * game's kernel (rm_bits_ops); on any failure the game keeps the generic
 * kernel and rm_native_note says why. See doc/design.md, "The per-game
 * build". Without dlopen (the WebAssembly build) nothing is native.
 */
#ifndef RIMAU_NATIVE_H
#define RIMAU_NATIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

/* How kernels made from now on get their code (rm_set_bit_kernel_native). */
typedef enum rm_native_mode {
    RM_NATIVE_OFF,             /* the generic code (the default) */
    RM_NATIVE_CACHED,          /* native when the cache has a good entry */
    RM_NATIVE_BUILD            /* native, built when the cache has none */
} rm_native_mode;

/* The text of the native kernel, as lines (NULL after the last): made at
 * build time from bitgen_native.c and its headers (kernel-text.sh). */
extern const char *const rm_native_text[];

/* Kernels made from now on (rm_bits_get, for every thread) try the native
 * code as MODE says. */
void rm_set_bit_kernel_native(rm_native_mode mode);
rm_native_mode rm_bit_kernel_native(void);

/* Whether G's kernel plays natively (made, if it was not, as the mode
 * says). */
bool rm_native_active(const rm_game *g);

/* Why the last kernel made did not play natively, or what was done
 * ("built ... in 0.9 s"), for --verbose; "" when nothing was tried. */
const char *rm_native_note(void);

/* What rm_native_build did. */
typedef struct rm_native_report {
    bool built;                /* compiled now (else found in the cache) */
    double seconds;            /* the compile's wall time */
    char path[1200];           /* the cache file */
    long bytes;                /* its size */
} rm_native_report;

/* Builds G's native kernel into the cache unless it holds a good one,
 * and loads and checks it: 0, or -1 with the reason in ERR. Does not
 * change which code G's kernel plays. */
int rm_native_build(const rm_game *g, rm_native_report *rep, char *err, size_t errsize);

#endif
