#!/bin/sh
# Replays every fuzz regression input and seed (and the shipped games, as
# seeds of the .game target) through the fuzz targets built as plain
# programs: none may crash (in the sanitizer build, none may make a report).
# Each target reads all its inputs in one run; where that fails, each
# input runs alone to name the ones that fail.
# The seeds of the turn, record, command and engine targets are games played to
# their end, so that this also shows that each target gets past its
# fixed game (a target whose game does not load aborts); those of the
# summarize target are selfplay --json files, good lines and bad.
set -u
: "${srcdir:?}"
build=$(cd "$(dirname "$RIMAU")/.." && pwd)
fail=0 n=0
# replay TARGET INPUT...: the inputs through the target, all in one run
# (as libFuzzer runs them); where that fails, each alone, to name the
# inputs that fail
replay() {
    target=$1
    shift
    prog="$build/tests/fuzz/fuzz-$target"
    [ $# -gt 0 ] || return 0
    if "$prog" "$@" > /dev/null 2>&1; then
        for input in "$@"; do
            n=$((n + 1))
            echo "ok $target ${input##*/}"
        done
        return 0
    fi
    for input in "$@"; do
        n=$((n + 1))
        if "$prog" "$input" > /dev/null 2>&1; then
            echo "ok $target ${input##*/}"
        else
            echo "FAIL $target ${input##*/}: exit status $?"
            fail=$((fail + 1))
        fi
    done
}
for target in game turn record command summarize engine; do
    set --
    for input in "$srcdir/tests/fuzz/regressions/$target"/* "$srcdir/tests/fuzz/seeds/$target"/*; do
        [ -f "$input" ] && set -- "$@" "$input"
    done
    [ "$target" = game ] && set -- "$@" "$srcdir"/games/*.game "$srcdir"/tests/errors/*.game
    replay "$target" "$@"
done
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
