#!/bin/sh
# The solutions doc/solutions.md publishes, solved again: each row of the
# tables of Tiger and Buffaloes and of Kaooa (every combination of their
# options), and Sua ghin gnua on four by four, must come out as the page
# says: the start's value, the positions, won, lost, drawn and the
# longest win of the whole tiers, and the same of the positions reachable
# from the start, with --verify finding nothing wrong; so must the bound of
# solve --estimate it gives for Main Tapal Empat; and the hounds' wins
# doc/games.md gives for Hare and Hounds. The rows are read from
# the page itself, so that the page and the solver cannot part. Part of
# make check-slow. The solves run two at a time (a solve of these games
# keeps one core busy, -j 2 or not); --verify, which takes as long again,
# runs on the first row of each table and on Sua ghin gnua: the other
# rows' values are compared with the page, and test_solve checks the
# solver against an exhaustive search (two solves at a time; each solve also
# counts what the start reaches, some 10% more).
#
# Prints one 'ok' or 'FAIL' line per solve, then 'N passed, M failed'.
set -u
: "${RIMAU:?}" "${srcdir:?}"
doc="$srcdir/doc/solutions.md"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# check VERIFY GAME START POSITIONS WON LOST DRAWN LONGEST R-POSITIONS R-WON
# R-LOST R-DRAWN R-LONGEST [-o NAME=VALUE]...: starts the solve of GAME
# with the options (with --verify if VERIFY is yes), two at a time; judge,
# once all have ended, compares each summary (whole tiers, then reachable
# from the start: R-) with the rest.
n=0
: > "$tmp/checks"
check() {
    n=$((n + 1))
    verify=$1
    shift
    # (each argument quoted for judge's eval: the page's cells have no ')
    line="'$verify'"
    for arg in "$@"; do line="$line '$arg'"; done
    printf '%s\n' "$line" >> "$tmp/checks"
    game=$1
    shift 12
    set -- "$srcdir/games/$game" -q "$@"
    [ "$verify" = yes ] && set -- "$@" --verify
    ( "$RIMAU" solve "$@" > "$tmp/$n.out" 2> "$tmp/$n.err"; echo $? > "$tmp/$n.status" ) &
    [ $((n % 2)) -ne 0 ] || wait
}
judge() {
    k=$1 verify=$2 game=$3 start=$4 positions=$5 won=$6 lost=$7 drawn=$8 longest=$9
    shift 9
    rpositions=$1 rwon=$2 rlost=$3 rdrawn=$4 rlongest=$5
    shift 5
    what="$(basename "$game") $*"
    if [ "$(cat "$tmp/$k.status")" != 0 ]; then
        fail=$((fail + 1)); echo "FAIL $what: rimau solve failed"; sed 's/^/  | /' "$tmp/$k.err"
        return
    fi
    tr -d , < "$tmp/$k.out" > "$tmp/out"
    summary="won $won lost $lost drawn $drawn"
    if ! grep -q "^start ([a-z]* to move): $start plies\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: the start is not '$start'"; grep '^start' "$tmp/out"
    elif ! grep -q "^whole tiers .* $positions positions (.*) $summary; longest forced win: $longest plies\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: the whole tiers are not $positions positions, $summary, longest win $longest"
        grep '^whole tiers' "$tmp/out"
    elif ! grep -q "^reachable from the start: .* $rpositions positions (.*) won $rwon lost $rlost drawn $rdrawn; longest forced win: $rlongest plies\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: the positions reachable are not $rpositions, won $rwon lost $rlost drawn $rdrawn, longest win $rlongest"
        grep '^reachable' "$tmp/out"
    elif [ "$verify" = yes ] && ! grep -q "^verify: every position agrees with the rules\$" "$tmp/out"; then
        fail=$((fail + 1)); echo "FAIL $what: --verify"; grep '^verify' "$tmp/out"
    else
        pass=$((pass + 1))
        echo "ok $what: $start, $positions positions, $summary; reachable $rpositions$([ "$verify" = yes ] && echo ", verified")"
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
verify=yes
while IFS='|' read -r jump compulsory blocked start positions won lost drawn longest \
    rpositions rwon rlost rdrawn rlongest _; do
    check $verify tiger-and-buffaloes.game "$start" "$positions" "$won" "$lost" "$drawn" "$longest" \
        "$rpositions" "$rwon" "$rlost" "$rdrawn" "$rlongest" \
        -o multi-jump="$jump" -o compulsory-capture="$compulsory" -o buffaloes-blocked="$blocked"
    verify=no
done < "$tmp/tb"
verify=yes
while IFS='|' read -r first capture wins start positions won lost drawn longest \
    rpositions rwon rlost rdrawn rlongest; do
    check $verify kaooa.game "$start" "$positions" "$won" "$lost" "$drawn" "$longest" \
        "$rpositions" "$rwon" "$rlost" "$rdrawn" "$rlongest" \
        -o first="$first" -o capture="$capture" -o vulture-wins="$wins"
    verify=no
done < "$tmp/kaooa"

# Sua ghin gnua on four by four: the page's sentences (the whole tiers,
# then what the start reaches).
sua=$(sed -n '/^## Sua ghin gnua/,/^## /p' "$doc" | tr '\n' ' ' | tr -s ' ')
set -- $(printf '%s\n' "$sua" | sed -n \
    's/.*a forced win for the \([a-z]*\), who move first, in \([0-9]*\) plies.* \([0-9,]*\) classes of positions in [0-9]* tiers: \([0-9,]*\) won, \([0-9,]*\) lost, \([0-9,]*\) drawn; the longest forced win is \([0-9]*\) plies.*/\1 \2 \3 \4 \5 \6 \7/p' | tr -d ,) \
    $(printf '%s\n' "$sua" | sed -n \
    's/.* start reaches \([0-9,]*\) classes in [0-9]* tiers: \([0-9,]*\) won, \([0-9,]*\) lost, \([0-9,]*\) drawn; the longest forced win among them is \([0-9]*\) plies.*/\1 \2 \3 \4 \5/p' | tr -d ,)
if [ $# -ne 12 ]; then
    fail=$((fail + 1)); echo "FAIL solutions.md: Sua ghin gnua's sentences are not as this test reads them"
else
    w=$1 p=$2
    shift 2
    check yes sua-ghin-gnua.game "$w win in $p" "$@" -o size=4
fi

wait
k=0
while IFS= read -r line; do
    k=$((k + 1))
    # shellcheck disable=SC2086
    eval "judge $k $line"
done < "$tmp/checks"
# Main Tapal Empat, past reach: the bound of --estimate the page gives
# (a fraction of a second: the classes are counted, not laid out).
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

# Hare and Hounds: doc/games.md gives the plies of the hounds' win from the
# start under each value of its other options ('in N plies with `-o ...`,
# N with `-o ...`': the page's sentence, its line ends joined).
hh=$(sed -n '/^### Hare and Hounds/,/^### /p' "$srcdir/doc/games.md" | tr '\n' ' ' | tr -s ' ' |
     grep -o '[0-9][0-9]* \(plies \)\{0,1\}with `-o first=[a-z]* -o hare-start=[a-z]*`' |
     sed 's/ plies//; s/ with `-o first=\([a-z]*\) -o hare-start=\([a-z]*\)`/ \1 \2/')
if [ "$(printf '%s\n' "$hh" | grep -c .)" -ne 4 ]; then
    fail=$((fail + 1)); echo "FAIL games.md: Hare and Hounds' four solves are not as this test reads them"
fi
printf '%s\n' "$hh" | while read -r plies first start; do
    [ -n "$plies" ] || continue
    what="hare-and-hounds.game -o first=$first -o hare-start=$start"
    if "$RIMAU" solve "$srcdir/games/hare-and-hounds.game" -q -o "first=$first" -o "hare-start=$start" \
           > "$tmp/out" 2>&1 &&
       grep -q "^start ([a-z]* to move): hounds win in $plies plies\$" "$tmp/out"; then
        echo "ok $what: hounds win in $plies plies"
    else
        echo "FAIL $what: not hounds win in $plies plies"; sed 's/^/  | /' "$tmp/out"
    fi
done > "$tmp/hh"
cat "$tmp/hh"
pass=$((pass + $(grep -c '^ok' "$tmp/hh"))) fail=$((fail + $(grep -c '^FAIL' "$tmp/hh")))

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
