#!/bin/sh
# Data races: in a ThreadSanitizer build (./configure --enable-tsan),
# tournaments on 8 threads, with MCTS and alpha-beta players, --json and
# --records, report nothing. Skipped (status 77) in other builds.
set -u
: "${RIMAU:?}" "${srcdir:?}"
if [ "${RIMAU_TSAN:-no}" != yes ]; then
    echo "skipped: not a ThreadSanitizer build (./configure --enable-tsan)"
    exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for players in mcts:40,random ab:2,mcts:20; do
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$RIMAU" selfplay \
        "$srcdir/games/tiger-and-buffaloes.game" -n 24 --players "$players" -j 8 --seed 3 \
        --json "$tmp/t.json" --records "$tmp/records" --force > "$tmp/out" 2> "$tmp/err"
    status=$?
    if [ "$status" -eq 0 ] && ! grep -q "ThreadSanitizer" "$tmp/err"; then
        pass=$((pass + 1)); echo "ok selfplay -j 8 --players $players: no data race"
    else
        fail=$((fail + 1)); echo "FAIL selfplay -j 8 --players $players: status $status"
        head -40 "$tmp/err" | sed 's/^/  | /'
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
