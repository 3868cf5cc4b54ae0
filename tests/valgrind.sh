#!/bin/sh
# Runs the suites that read files and input with rimau under valgrind
# (memcheck): any error or leak makes rimau exit with status 99, which
# fails the test. valgrind is here for what ASan and UBSan, which run the
# whole of make check in CI, cannot see: reads of memory never written.
# So it runs where input is read: game files (check-errors), records,
# cut and whole (check-records, trying every 5th cut: one rimau replays
# each loop's cuts, and the sanitizer build tries every cut),
# long names and lines (check-buffers), and one short game played and
# replayed. The suites run two at a time (valgrind runs one thread).
# Threads are scheduled fairly: by default a busy thread can keep the
# others waiting. Most of a run is valgrind starting rimau, some 95
# processes of check-records alone: it reads no inlining (an error's
# stack names the function a line is inlined into) and does not watch for
# code written at run time (rimau writes none; a native kernel is loaded
# from its file), a fifth less time. valgrind cannot run AVX-512
# instructions (a kmovd stops it with SIGILL), which a native kernel
# compiled with -march=native on such a processor may hold: under
# valgrind the native kernels are those compiled without them
# (RIMAU_CFLAGS, a key of their own in the cache), so that a kernel
# another stage compiled and cached is not loaded here.
# Usage: tests/valgrind.sh   (from a built tree)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "valgrind.sh: valgrind is needed" >&2; exit 1; }
TMPDIR=$(sh "$top/tests/tmpdir.sh")
export TMPDIR
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/rimau" <<WRAP
#!/bin/sh
RIMAU_CFLAGS=-mno-avx512f exec valgrind -q --read-inline-info=no --smc-check=none --fair-sched=yes --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect "$top/src/rimau" "\$@"
WRAP
chmod +x "$tmp/rimau"

# A short game: played with its record saved, then replayed.
play() {
    game="$top/games/tiger-and-buffaloes.game"
    "$tmp/rimau" play "$game" -q --seed 3 --tigers=random --buffaloes=random \
        --save "$tmp/short.rec" < /dev/null > "$tmp/play.out" 2>&1 &&
        "$tmp/rimau" replay -q "$tmp/short.rec" > "$tmp/replay.out" 2>&1 &&
        [ "$(grep '^result:' "$tmp/play.out")" = "$(grep '^result:' "$tmp/replay.out")" ] &&
        echo "ok a short game played and replayed: $(grep '^result:' "$tmp/play.out")" ||
        { echo "FAIL a short game played and replayed"; cat "$tmp/play.out" "$tmp/replay.out"; return 1; }
}
suite() { # NAME: runs tests/NAME.sh, or the short game; its log in $tmp/NAME.log
    if [ "$1" = play ]; then
        play > "$tmp/$1.log" 2>&1
    else
        CUT_STEP=5 RIMAU="$tmp/rimau" srcdir="$top" sh "$top/tests/$1.sh" > "$tmp/$1.log" 2>&1
    fi
    echo $? > "$tmp/$1.status"
}
suite check-records &
suite check-errors
suite check-buffers
suite play
wait

status=0
for t in check-errors check-records check-buffers play; do
    if [ "$(cat "$tmp/$t.status")" = 0 ]; then
        echo "valgrind: $t: $(tail -n 1 "$tmp/$t.log")"
    else
        echo "valgrind: $t FAILED:"
        grep '^FAIL' "$tmp/$t.log"
        echo "valgrind: the end of $t's other lines:"
        grep -v '^ok\|^FAIL' "$tmp/$t.log" | tail -20
        status=1
    fi
done
exit $status
