#!/bin/sh
# The tests that play every shipped game, at their full size
# (RIMAU_THOROUGH=1): make check runs them on fewer games and positions
# to stay within its time. The unit tests test_players_legal and
# test_players_results (tests/unit/helpers.h) play more games and check
# more positions of each, test_random_positions places more positions;
# check-random plays its other seed.
set -u
: "${RIMAU:?}" "${srcdir:?}"
build=$(cd "$(dirname "$RIMAU")/.." && pwd)
fail=0 n=0
for t in test_players_legal test_players_results test_random_positions; do
    n=$((n + 1))
    if [ ! -x "$build/tests/unit/$t" ]; then
        echo "FAIL $t: not built (cmocka missing? run ./bootstrap)"
        fail=$((fail + 1))
    elif RIMAU_THOROUGH=1 "$build/tests/unit/$t" > "${TMPDIR:-/tmp}/thorough.$$" 2>&1; then
        echo "ok $t at its full size"
    else
        cat "${TMPDIR:-/tmp}/thorough.$$"
        echo "FAIL $t at its full size"
        fail=$((fail + 1))
    fi
    rm -f "${TMPDIR:-/tmp}/thorough.$$"
done
n=$((n + 1))
if RIMAU_THOROUGH=1 sh "$srcdir/tests/check-random.sh" > "${TMPDIR:-/tmp}/thorough.$$" 2>&1; then
    echo "ok check-random with its other seed"
else
    grep -v '^ok ' "${TMPDIR:-/tmp}/thorough.$$"
    echo "FAIL check-random with its other seed"
    fail=$((fail + 1))
fi
rm -f "${TMPDIR:-/tmp}/thorough.$$"
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
