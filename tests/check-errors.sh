#!/bin/sh
# Data-driven error tests: every tests/errors/NAME.game must make
# `rimau check` print exactly tests/errors/NAME.err and exit with status 1,
# or with 0 when NAME.err holds warnings and no error (a valid file).
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir/tests" || exit 1
fail=0 n=0
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
for game in errors/*.game; do
    n=$((n + 1))
    want="${game%.game}.err"
    "$RIMAU" check "$game" > /dev/null 2> "$tmp"
    status=$?
    expect=1
    [ -f "$want" ] && ! grep -q ': error: ' "$want" && expect=0
    if [ ! -f "$want" ]; then
        echo "FAIL $game: no $want"
        fail=$((fail + 1))
    elif [ "$status" -ne "$expect" ]; then
        echo "FAIL $game: exit status $status, expected $expect"
        cat "$tmp"
        fail=$((fail + 1))
    elif ! diff -u "$want" "$tmp"; then
        echo "FAIL $game: messages differ (above)"
        fail=$((fail + 1))
    else
        echo "ok $game"
    fi
done
[ "$n" -gt 0 ] || { echo "FAIL: no error cases"; exit 1; }
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
