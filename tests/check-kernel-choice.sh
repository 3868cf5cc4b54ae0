#!/bin/sh
# The choice of the bit kernel (--kernel, RIMAU_KERNEL) and the native
# kernel's cache when nothing can be built or loaded: no compiler, a
# compiler that fails, a cache folder that cannot be made, corrupt or
# foreign cache entries, the cache key of each option value. None of it
# compiles a kernel (make check's time): the commands here look in the
# cache (perft below depth 5) or fail before a build; test_native builds
# and compares kernels, tests/check-native.sh (make check-slow) the rest.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"
game=$srcdir/games/rimau-rimau-two-tigers.game
XDG_CACHE_HOME=$tmp/cache
export XDG_CACHE_HOME
unset RIMAU_KERNEL RIMAU_CFLAGS
RIMAU_CC=$tmp/fakecc
export RIMAU_CC
# a compiler that gives its version and fails every compile
cat > "$tmp/fakecc" <<'EOF'
#!/bin/sh
case $1 in
--version) echo "fakecc 1.0" ;;
*) echo "fakecc: this compiler compiles nothing" >&2; exit 1 ;;
esac
EOF
chmod +x "$tmp/fakecc"

# ---- choosing ----
expect 2 "--kernel takes auto, native or generic" "$RIMAU" perft --kernel=fast "$game" 1
hasf "--kernel is auto, native or generic, not 'fast'" err "... and says so"
expect 2 "RIMAU_KERNEL too" env RIMAU_KERNEL=fast "$RIMAU" perft "$game" 1
hasf "RIMAU_KERNEL is auto, native or generic, not 'fast'" err "... and says so"
expect 0 "--kernel=generic plays" "$RIMAU" perft --kernel=generic --verbose "$game" 2
hasf "6728" out "... and counts"
hasf "generic kernel" err "... and --verbose says which kernel"

# ---- nothing to load: auto plays the generic kernel, native fails ----
expect 0 "auto, the cache empty: the generic kernel" "$RIMAU" perft --verbose "$game" 2
hasf "6728" out "... the same count"
has "generic kernel: the cache has no native kernel of this game (.*/rimau/kernel-[0-9a-f]*\.so)" err \
    "... and --verbose names the cache entry it looked for"
entry=$(sed -n 's/.*(\(.*\.so\))$/\1/p' "$tmp/err")
expect 0 "auto, no compiler (RIMAU_CC missing): silently generic" \
    env RIMAU_CC=/nonexistent/cc "$RIMAU" perft "$game" 2
holds "... with nothing on stderr" [ ! -s "$tmp/err" ]
expect 1 "--kernel=native, no compiler: an error" \
    env RIMAU_CC=/nonexistent/cc "$RIMAU" perft --kernel=native "$game" 2
hasf "no native kernel for Rimau-Rimau (Two Tigers): no C compiler: /nonexistent/cc cannot be run" err \
    "... that says why"
expect 1 "--kernel=native, no cc in PATH: an error" \
    env -u RIMAU_CC PATH=/nonexistent "$RIMAU" perft --kernel=native "$game" 2
hasf "no C compiler: cc is not in PATH" err "... that says why"
expect 0 "bench, no cc in PATH: the generic kernel" \
    env -u RIMAU_CC PATH=/nonexistent "$RIMAU" bench -n 1 -d 1 "$game"
has " generic  *[0-9]*$" out "... and its kernel column says so"
expect 1 "compile --native, no compiler: an error" \
    env RIMAU_CC=/nonexistent/cc "$RIMAU" compile --native "$game"
hasf "rimau compile: no native kernel for" err "... that says so"

# ---- a compiler that fails: its output kept, nothing else left ----
expect 1 "--kernel=native, the compiler failing: an error" "$RIMAU" perft --kernel=native "$game" 2
has "the C compiler .*fakecc failed; its output: .*/rimau/kernel-[0-9a-f]*\.log" err \
    "... that names the compiler's output"
log=$(sed -n 's/.*its output: \(.*\.log\)$/\1/p' "$tmp/err")
holds "... which is kept in the cache" grep -q "this compiler compiles nothing" "$log"
holds "... and no kernel, nor build folder, is left there" \
    sh -c '! ls "$1"/rimau | grep -v "\.log$"' sh "$XDG_CACHE_HOME"
expect 0 "auto at depth 5 (a build), the compiler failing: the generic kernel" \
    "$RIMAU" perft --verbose "$game" 5
has "generic kernel: the C compiler .*fakecc failed" err "... with the note on --verbose"

# ---- a compiler that hangs: killed past its time (RIMAU_CC_SECONDS) ----
cat > "$tmp/hangcc" <<'EOF'
#!/bin/sh
case $1 in
--version) echo "hangcc 1.0" ;;
*) sleep 600 ;;
esac
EOF
chmod +x "$tmp/hangcc"
expect 1 "--kernel=native, the compiler hanging: an error, not a hang" \
    env RIMAU_CC="$tmp/hangcc" RIMAU_CC_SECONDS=1 timeout 60 "$RIMAU" perft --kernel=native "$game" 2
has "the C compiler .*hangcc did not end in time, and was killed" err "... that says so"
holds "... and the program it started is killed with it" sh -c '! ps -eo args | grep -q "^sleep 600$"'
cat > "$tmp/mutecc" <<'EOF'
#!/bin/sh
exec sleep 600
EOF
chmod +x "$tmp/mutecc"
expect 0 "auto at depth 5, the compiler hanging on --version: the generic kernel" \
    env RIMAU_CC="$tmp/mutecc" RIMAU_CC_SECONDS=1 timeout 60 "$RIMAU" perft --verbose "$game" 5
has "does not run (.*mutecc --version did not end: killed)" err "... with the note on --verbose"

# ---- the cache folder cannot be made ----
: > "$tmp/file"
expect 1 "--kernel=native, the cache folder not to be made: an error" \
    env XDG_CACHE_HOME="$tmp/file" "$RIMAU" perft --kernel=native "$game" 2
hasf "cannot make the cache folder $tmp/file/rimau" err "... that says why"
expect 0 "auto, the same: the generic kernel" \
    env XDG_CACHE_HOME="$tmp/file" "$RIMAU" perft --verbose "$game" 2
hasf "generic kernel: cannot make the cache folder" err "... with the note on --verbose"

# ---- corrupt and foreign entries: never loaded, removed ----
head -c 5000 /dev/urandom > "$entry"
expect 0 "a cache entry of random bytes: the generic kernel" "$RIMAU" perft --verbose "$game" 2
hasf "6728" out "... the same count"
hasf "is not a whole shared object" err "... and the note says why"
holds "... and the entry is removed" [ ! -e "$entry" ]
so=$(ldd "$RIMAU" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*libc\.so[^ ]*\).*/\1/p' | head -n 1)
if [ -n "$so" ] && [ -f "$so" ]; then
    size=$(wc -c < "$so")
    head -c $((size / 2)) "$so" > "$entry"
    expect 0 "a cache entry cut short: the generic kernel" "$RIMAU" perft --verbose "$game" 2
    hasf "is not a whole shared object" err "... and the note says why"
    holds "... and the entry is removed" [ ! -e "$entry" ]
    libm=$(dirname "$so")/libm.so.6
    if [ -f "$libm" ]; then
        cp "$libm" "$entry"
        expect 0 "a foreign shared object in the cache: the generic kernel" \
            "$RIMAU" perft --verbose "$game" 2
        hasf "is not the kernel built for this game (a stale or foreign file)" err \
            "... and the note says why"
        holds "... and the entry is removed" [ ! -e "$entry" ]
    fi
fi

# ---- the key: each option value its own kernel ----
expect 0 "auto, another option value" "$RIMAU" perft --verbose -o start=central-point "$game" 2
other=$(sed -n 's/.*(\(.*\.so\))$/\1/p' "$tmp/err")
holds "... looks for another cache entry" [ -n "$other" ] && [ "$other" != "$entry" ]

# ---- the commands that play few positions never run the compiler ----
cat > "$tmp/spy" <<EOF
#!/bin/sh
: > "$tmp/spied"
exec "$tmp/fakecc" "\$@"
EOF
chmod +x "$tmp/spy"
expect 0 "moves, RIMAU_KERNEL=auto" env RIMAU_CC="$tmp/spy" RIMAU_KERNEL=auto "$RIMAU" moves "$game"
expect 0 "check" env RIMAU_CC="$tmp/spy" RIMAU_KERNEL=auto "$RIMAU" check "$game"
holds "... run no compiler" [ ! -e "$tmp/spied" ]
expect 0 "perft --kernel=generic" env RIMAU_CC="$tmp/spy" "$RIMAU" perft --kernel=generic "$game" 5
holds "... runs no compiler" [ ! -e "$tmp/spied" ]

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
