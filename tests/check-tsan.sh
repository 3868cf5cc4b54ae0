#!/bin/sh
# Data races: in a ThreadSanitizer build (./configure --enable-tsan),
# tournaments on 8 threads, with MCTS, alpha-beta and perfect players,
# --json and --records, report nothing. Skipped (status 77) in other builds.
set -u
: "${RIMAU:?}" "${srcdir:?}"
if [ "${RIMAU_TSAN:-no}" != yes ]; then
    echo "skipped: not a ThreadSanitizer build (./configure --enable-tsan)"
    exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# (perfect players share one solve of the game, read by every thread: on
# Kaooa, whose solve takes a moment)
for run in tiger-and-buffaloes:mcts:40,random tiger-and-buffaloes:ab:2,mcts:20 \
           kaooa:perfect,mcts:20; do
    game=${run%%:*} players=${run#*:}
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$RIMAU" selfplay \
        "$srcdir/games/$game.game" -n 24 --players "$players" -j 8 --seed 3 \
        --json "$tmp/t.json" --records "$tmp/records" --force > "$tmp/out" 2> "$tmp/err"
    status=$?
    if [ "$status" -eq 0 ] && ! grep -q "ThreadSanitizer" "$tmp/err"; then
        pass=$((pass + 1)); echo "ok selfplay $game -j 8 --players $players: no data race"
    else
        fail=$((fail + 1)); echo "FAIL selfplay $game -j 8 --players $players: status $status"
        head -40 "$tmp/err" | sed 's/^/  | /'
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
