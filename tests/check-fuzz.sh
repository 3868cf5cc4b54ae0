#!/bin/sh
# Replays every fuzz regression input and seed (and the shipped games, as
# seeds of the .game target) through the fuzz targets built as plain
# programs: none may crash (in the sanitizer build, none may make a report).
# The seeds of the turn, record, command and engine targets are games played to
# their end, so that this also shows that each target gets past its
# fixed game (a target whose game does not load aborts); those of the
# summarize target are selfplay --json files, good lines and bad.
set -u
: "${srcdir:?}"
build=$(cd "$(dirname "$RIMAU")/.." && pwd)
fail=0 n=0
for target in game turn record command summarize engine; do
    prog="$build/tests/fuzz/fuzz-$target"
    for input in "$srcdir/tests/fuzz/regressions/$target"/* "$srcdir/tests/fuzz/seeds/$target"/*; do
        [ -f "$input" ] || continue
        n=$((n + 1))
        if "$prog" "$input" > /dev/null 2>&1; then
            echo "ok $target $(basename "$input")"
        else
            echo "FAIL $target $(basename "$input"): exit status $?"
            fail=$((fail + 1))
        fi
    done
done
for input in "$srcdir"/games/*.game "$srcdir"/tests/errors/*.game; do
    n=$((n + 1))
    if "$build/tests/fuzz/fuzz-game" "$input" > /dev/null 2>&1; then
        echo "ok game $(basename "$input")"
    else
        echo "FAIL game $(basename "$input")"; fail=$((fail + 1))
    fi
done
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
