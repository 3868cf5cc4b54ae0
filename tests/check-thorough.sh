#!/bin/sh
# The tests that play every shipped game, at their full size
# (RIMAU_THOROUGH=1): make check runs them on fewer games and positions
# to stay within its time. The unit tests test_players_legal and
# test_players_results (tests/unit/helpers.h) play more games and check
# more positions of each, test_players compares more of alpha-beta's
# evaluations, test_bits plays twice the playouts, test_random_positions
# places more positions, test_solve solves every row with saturated
# counts; check-random plays its other seed, and every option value;
# check-fmt compares perft and every option value's IR; check-terminal
# measures the status lines of every shipped game.
set -u
: "${RIMAU:?}" "${srcdir:?}"
build=$(cd "$(dirname "$RIMAU")/.." && pwd)
fail=0 n=0
for t in test_players_legal test_players_results test_players test_bits test_random_positions \
         test_solve; do
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
# suite NAME WHAT: tests/NAME.sh with RIMAU_THOROUGH=1, which does WHAT
# (a skip, status 77, passes: a check that cannot run here)
suite() {
    n=$((n + 1))
    RIMAU_THOROUGH=1 sh "$srcdir/tests/$1.sh" > "${TMPDIR:-/tmp}/thorough.$$" 2>&1
    st=$?
    if [ "$st" -eq 0 ] || [ "$st" -eq 77 ]; then
        echo "ok $1 $2$([ "$st" -eq 77 ] && echo " (skipped)")"
    else
        grep -v '^ok ' "${TMPDIR:-/tmp}/thorough.$$"
        echo "FAIL $1 $2"
        fail=$((fail + 1))
    fi
    rm -f "${TMPDIR:-/tmp}/thorough.$$"
}
suite check-random "with its other seed and every option value"
suite check-fmt "with perft and every option value"
suite check-terminal "with every shipped game's status lines"
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
