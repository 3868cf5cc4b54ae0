#!/bin/sh
# Time bounds (make check-slow): a budget in iterations or depth never
# makes a turn much longer than the players' time cap (30 s), on shipped
# games whose captures chain, where one position can take a second to list
# and a search meets many.
# 1. The report that started it: two games of Satoel between ab:1 and
#    mcts:30 took more than 500 s (one turn of mcts:30, 10 s). A game of
#    Satoel between them is played for at most 150 s, each turn timed
#    from the line before it: each must take less than 45 s (the cap of
#    30 s, a listing, and room for a loaded machine). (This once asked two
#    games at seed 7 to end within 120 s; since the losing side holds out
#    longer, those games reach endgames where one turn of mcts:30 takes up
#    to 25 s, as it did before at other seeds: the bound is on a turn.)
# 2. Meurimueng-rimueng peuet ploh after 225 turns of a selfplay game
#    (tests/limits/meurimueng-late.rec, seed 7): searches meet positions of
#    more than 4,000,000 partial turns, and turns of ab:1 and mcts:30 took
#    10 to 50 s without a cap. With a cap of 5 s (ab:1/5s, mcts:30/5s),
#    some turns reach it, and each, timed from the line before it, must
#    take less than 25 s (the cap, one listing of a position, and room for
#    a loaded machine).
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
ok() { n=$((n + 1)); echo "ok $*"; }
bad() { n=$((n + 1)); fail=$((fail + 1)); echo "FAIL $*"; }

# the seconds since the epoch, to the millisecond
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# timed FILE COMMAND...: COMMAND's lines into FILE, each after the
# milliseconds since the line before it, then a line "status N"; its
# standard error into FILE.err
timed() {
    out=$1
    shift
    before=$(now_ms)
    {
        "$@"
        echo "status $?"
    } 2> "$out.err" |
        while IFS= read -r line; do
            t=$(now_ms)
            echo "$((t - before)) $line"
            before=$t
        done > "$out"
}

# (the two games side by side, a process each: the bounds leave room for
# a loaded machine)
timed "$tmp/satoel.out" timeout 150 "$RIMAU" play games/satoel.game -q --seed 7 \
    --south=ab:1 --north=mcts:30 &
satoel=$!
cp tests/limits/meurimueng-late.rec "$tmp/late.rec"
timed "$tmp/late.out" timeout 900 "$RIMAU" play --resume "$tmp/late.rec" -q --seed 7 \
    --white=ab:1/5s --black=mcts:30/5s
wait "$satoel"
status=$(sed -n 's/^[0-9]* status //p' "$tmp/satoel.out")
turns=$(grep -c ' played ' "$tmp/satoel.out")
if [ "$turns" -ge 20 ] && { [ "$status" = 0 ] || [ "$status" = 124 ]; }; then
    ok "Satoel, ab:1 against mcts:30: $turns turns played (status $status; 124: cut at 150 s)"
else
    bad "Satoel, ab:1 against mcts:30: status $status after $turns turns"
    sed 's/^/  | /' "$tmp/satoel.out.err"
fi
longest=$(grep ' played ' "$tmp/satoel.out" | sort -n | tail -1)
if [ -n "$longest" ] && [ "${longest%% *}" -lt 45000 ]; then
    ok "Satoel: the longest turn took ${longest%% *} ms: ${longest#* }"
else
    bad "Satoel: a turn took 45 s or more: $longest"
fi

status=$(sed -n 's/^[0-9]* status //p' "$tmp/late.out")
turns=$(grep -c ' played ' "$tmp/late.out")
# (the game may also come to a position of too many ways to play, which
# stops it: such positions are this game's, and a search is no less bound)
if [ "$turns" -gt 0 ] && { [ "$status" = 0 ] ||
    { [ "$status" = 1 ] && grep -q "too many ways to play.*cannot go on" "$tmp/late.out.err"; }; }; then
    ok "Meurimueng-rimueng peuet ploh from turn 226: $turns turns played (status $status)"
else
    bad "Meurimueng-rimueng peuet ploh from turn 226: status $status after $turns turns"
    sed 's/^/  | /' "$tmp/late.out.err"
fi
longest=$(grep ' played ' "$tmp/late.out" | sort -n | tail -1)
if [ -n "$longest" ] && [ "${longest%% *}" -lt 25000 ]; then
    ok "Meurimueng-rimueng peuet ploh: the longest turn took ${longest%% *} ms: ${longest#* }"
else
    bad "Meurimueng-rimueng peuet ploh: a turn took 25 s or more: $longest"
fi
if grep -q "stopped at its time cap" "$tmp/late.out.err"; then
    ok "Meurimueng-rimueng peuet ploh: turns reached the cap, and play noted them"
else
    bad "Meurimueng-rimueng peuet ploh: no turn reached the cap of 5 s: the test no longer tests it"
fi
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
