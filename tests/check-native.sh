#!/bin/sh
# make check-slow: the native kernels (src/kernel/native.c) of every
# shipped game under every option value against the generic kernel, on
# walks, playouts and random positions (test_native, RIMAU_THOROUGH=1),
# then what takes a compile: compile --native, a kernel from the cache,
# stale and cut-short entries rebuilt, the symbols a kernel needs.
# Skipped (77) without a C compiler ($RIMAU_CC, else cc).
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"
cc=${RIMAU_CC:-cc}
if ! "$cc" --version > /dev/null 2>&1 && ! command -v "$cc" > /dev/null 2>&1; then
    echo "SKIP: no C compiler ($cc)"
    exit 77
fi
XDG_CACHE_HOME=$tmp/cache
export XDG_CACHE_HOME
unset RIMAU_KERNEL RIMAU_CFLAGS
tigers=$srcdir/games/rimau-rimau-two-tigers.game
satoel=$srcdir/games/satoel.game

# ---- every game, every option value (the unit test at its full size) ----
unit=$(dirname "$RIMAU")/../tests/unit/test_native
if [ -x "$unit" ]; then
    expect 0 "every shipped game and option value: native as generic" env RIMAU_THOROUGH=1 "$unit"
    holds "... none skipped" sh -c '! grep -q SKIPPED "$1"' sh "$tmp/out"
fi

# ---- compile --native, then the cache ----
expect 0 "compile --native" "$RIMAU" compile --native "$tigers"
has "/rimau/kernel-[0-9a-f]*\.so$" out "... prints the cache file"
has "^built in [0-9.]* s, [0-9]* bytes$" out "... and the build time and size"
entry=$(head -n 1 "$tmp/out")
holds "... which is there" [ -s "$entry" ]
expect 0 "compile --native again" "$RIMAU" compile --native "$tigers"
has "^already in the cache" out "... finds it"
expect 0 "perft 2, auto: the kernel from the cache" "$RIMAU" perft --verbose "$tigers" 2
hasf "native kernel: from the cache: $entry" err "... says --verbose"
hasf "6728" out "... and counts as the generic one"
expect 0 "bench, auto: the native kernel" "$RIMAU" bench -n 2 -d 2 "$tigers"
has " native  *[0-9]*$" out "... its kernel column says"
holds "the kernel calls nothing but the C library" \
    sh -c '! nm -D --undefined-only "$1" | grep -v "@GLIBC_\| w " | grep .' sh "$entry"

# ---- stale and damaged entries: rebuilt ----
expect 0 "compile --native, a second game" "$RIMAU" compile --native "$satoel"
cp "$(head -n 1 "$tmp/out")" "$entry"
expect 0 "another game's kernel under the key: native" "$RIMAU" perft --kernel=native --verbose "$tigers" 2
hasf "native kernel: built in" err "... rebuilt"
hasf "6728" out "... and counts as the generic one"
size=$(wc -c < "$entry")
head -c $((size / 3)) "$entry" > "$tmp/cut" && cp "$tmp/cut" "$entry"
expect 0 "a kernel cut short: native" "$RIMAU" perft --kernel=native --verbose "$tigers" 2
hasf "native kernel: built in" err "... rebuilt"
head -c $((size / 3)) "$entry" > "$tmp/cut" && cp "$tmp/cut" "$entry"
expect 0 "a kernel cut short, auto below depth 5: generic" "$RIMAU" perft --verbose "$tigers" 2
hasf "is not a whole shared object" err "... and says why"
holds "... and removes it" [ ! -e "$entry" ]
holds "no build folder is left in the cache" sh -c '! ls "$1"/rimau | grep -q build-' sh "$XDG_CACHE_HOME"

# ---- no compiler: the same program, the generic kernel ----
expect 0 "selfplay with no cc in PATH" env -u RIMAU_CC PATH=/nonexistent "$RIMAU" selfplay -n 2 -s 1 \
    --verbose "$tigers" --players random,random
hasf "generic kernel: no C compiler: cc is not in PATH" err "... plays on the generic kernel"

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
