#!/bin/sh
# The solutions doc/solutions.md publishes, solved again: each row of the
# tables of Tiger and Buffaloes and of Kaooa (every combination of their
# options), and Sua ghin gnua on four by four, must come out as the page
# says: the start's value, the positions, won, lost, drawn and the
# longest win, with --verify finding nothing wrong; so must the bound of
# solve --estimate it gives for Main Tapal Empat. The rows are read from
# the page itself, so that the page and the solver cannot part. Part of
# make check-slow (four to five minutes on two cores).
#
# Prints one 'ok' or 'FAIL' line per solve, then 'N passed, M failed'.
set -u
: "${RIMAU:?}" "${srcdir:?}"
doc="$srcdir/doc/solutions.md"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# check GAME START POSITIONS WON LOST DRAWN LONGEST [-o NAME=VALUE]...:
# solve GAME with the options and compare its summary with the rest.
check() {
    game=$1 start=$2 positions=$3 won=$4 lost=$5 drawn=$6 longest=$7
    shift 7
    what="$(basename "$game") $*"
    if ! "$RIMAU" solve "$srcdir/games/$game" -q -j 2 --verify "$@" > "$tmp/out" 2> "$tmp/err"; then
        fail=$((fail + 1)); echo "FAIL $what: rimau solve failed"; sed 's/^/  | /' "$tmp/err"
        return
    fi
    tr -d , < "$tmp/out" > "$tmp/plain"
    mv "$tmp/plain" "$tmp/out"
    summary="won $won lost $lost drawn $drawn"
    if ! grep -q "^start ([a-z]* to move): $start plies\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: the start is not '$start'"; grep '^start' "$tmp/out"
    elif ! grep -q " $positions positions (.*) $summary\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: not $positions positions, $summary"
        grep ' positions (' "$tmp/out"
    elif ! grep -q "longest forced win: $longest plies\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: the longest win is not $longest plies"
    elif ! grep -q "^verify: every position agrees with the rules\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: --verify"; grep '^verify' "$tmp/out"
    else
        pass=$((pass + 1)); echo "ok $what: $start, $positions positions, $summary"
    fi
}

# The rows of the table under heading $1: its cells, '|' apart.
rows() {
    awk -v h="$1" '
        /^## / { on = index($0, h) == 4 }
        on && /^\| [a-z]/ && !/^\| (multi-jump|first) / { print }' "$doc" |
        sed 's/^| //; s/ |$//; s/,//g; s/ | /|/g'
}

rows "Tiger and Buffaloes" > "$tmp/tb"
rows "Kaooa" > "$tmp/kaooa"
[ "$(wc -l < "$tmp/tb")" -eq 12 ] || { echo "FAIL solutions.md: not 12 rows of Tiger and Buffaloes"; exit 1; }
[ "$(wc -l < "$tmp/kaooa")" -eq 8 ] || { echo "FAIL solutions.md: not 8 rows of Kaooa"; exit 1; }
while IFS='|' read -r jump compulsory blocked start positions won lost drawn longest _; do
    check tiger-and-buffaloes.game "$start" "$positions" "$won" "$lost" "$drawn" "$longest" \
        -o multi-jump="$jump" -o compulsory-capture="$compulsory" -o buffaloes-blocked="$blocked"
done < "$tmp/tb"
while IFS='|' read -r first capture wins start positions won lost drawn longest; do
    check kaooa.game "$start" "$positions" "$won" "$lost" "$drawn" "$longest" \
        -o first="$first" -o capture="$capture" -o vulture-wins="$wins"
done < "$tmp/kaooa"

# Sua ghin gnua on four by four: the page's sentence.
sua=$(sed -n '/^## Sua ghin gnua/,/^## /p' "$doc" | tr '\n' ' ' | tr -s ' ')
set -- $(printf '%s\n' "$sua" | sed -n \
    's/.*a forced win for the \([a-z]*\), who move first, in \([0-9]*\) plies.* \([0-9,]*\) classes of positions in [0-9]* tiers: \([0-9,]*\) won, \([0-9,]*\) lost, \([0-9,]*\) drawn; the longest forced win is \([0-9]*\) plies.*/\1 \2 \3 \4 \5 \6 \7/p' | tr -d ,)
if [ $# -ne 7 ]; then
    fail=$((fail + 1)); echo "FAIL solutions.md: Sua ghin gnua's sentence is not as this test reads it"
else
    check sua-ghin-gnua.game "$1 win in $2" "$3" "$4" "$5" "$6" "$7" -o size=4
fi

# Main Tapal Empat, past reach: the bound of --estimate the page gives
# (about half a minute: the symmetry classes of 18 goats' placements).
mte=$(sed -n '/^## Main Tapal Empat/,/^## /p' "$doc" | tr '\n' ' ' | tr -s ' ')
set -- $(printf '%s\n' "$mte" | sed -n \
    's/.*--estimate` bounds it by \([0-9,]*\) tiers and \([0-9,]*\) classes of positions (\([0-9]*\) symmetries).*/\1 \2 \3/p')
if [ $# -ne 3 ]; then
    fail=$((fail + 1)); echo "FAIL solutions.md: Main Tapal Empat's estimate is not as this test reads it"
elif ! "$RIMAU" solve "$srcdir/games/main-tapal-empat.game" --estimate > "$tmp/out" 2> "$tmp/err"; then
    fail=$((fail + 1)); echo "FAIL main-tapal-empat.game --estimate failed"; sed 's/^/  | /' "$tmp/err"
elif ! grep -q "^  tiers: *$(printf '%s' "$1" | tr -d ,)\$" "$tmp/out" ||
    ! grep -q "^  positions: *$2 (one a class of $3 symmetric positions)\$" "$tmp/out"; then
    fail=$((fail + 1)); echo "FAIL main-tapal-empat.game --estimate: not $1 tiers, $2 positions, $3 symmetries"
    sed 's/^/  | /' "$tmp/out"
else
    pass=$((pass + 1)); echo "ok main-tapal-empat.game --estimate: $1 tiers, $2 positions"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
