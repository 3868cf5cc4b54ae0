#!/bin/sh
# Data-driven error tests: every tests/errors/NAME.game must make
# `rimau check` print exactly tests/errors/NAME.err and exit with status 1,
# or with 0 when NAME.err holds warnings and no error (a valid file).
# One rimau check of all the files first: its messages must be the .err
# files one after the other, and its status 1; then each file of
# warnings alone by itself (status 0). Where the messages differ, or with
# RIMAU_THOROUGH=1, each file is checked alone, its messages and status
# compared, to name the cases that fail.
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir/tests" || exit 1
fail=0 n=0
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$tmp.all" "$tmp.want"' EXIT
ncases=0 nerrors=0
for game in errors/*.game; do
    want="${game%.game}.err"
    ncases=$((ncases + 1))
    if [ ! -f "$want" ]; then
        echo "FAIL $game: no $want"
        fail=$((fail + 1)) n=$((n + 1))
        continue
    fi
    grep -q ': error: ' "$want" && nerrors=$((nerrors + 1))
    cat "$want"
done > "$tmp.want"
[ "$ncases" -gt 0 ] || { echo "FAIL: no error cases"; exit 1; }
n=$((n + 1))
"$RIMAU" check errors/*.game > /dev/null 2> "$tmp.all"
status=$?
alone=${RIMAU_THOROUGH:-0}
if [ "$status" -eq 1 ] && [ "$nerrors" -gt 0 ] && cmp -s "$tmp.want" "$tmp.all"; then
    echo "ok rimau check of the $ncases cases at once prints their .err files, and exits with 1"
else
    echo "FAIL rimau check of the $ncases cases at once (status $status): messages differ; each alone:"
    fail=$((fail + 1))
    alone=1
fi
# (the files of warnings alone, whose status 0 the check of all cannot
# show, are checked alone always)
for game in errors/*.game; do
    want="${game%.game}.err"
    [ -f "$want" ] || continue
    expect=1
    grep -q ': error: ' "$want" || expect=0
    [ "$alone" = 1 ] || [ "$expect" = 0 ] || continue
    n=$((n + 1))
    "$RIMAU" check "$game" > /dev/null 2> "$tmp"
    status=$?
    if [ "$status" -ne "$expect" ]; then
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
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
