#!/bin/sh
# Tournaments: the same seed gives the same results whatever the number of
# threads, and the shards of a tournament merged by summarize give the
# table of the whole.
set -u
: "${RIMAU:?}" "${srcdir:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
game="$srcdir/games/tiger-and-buffaloes.game"
fail=0 n=0
check() { n=$((n + 1)); if eval "$2"; then echo "ok $1"; else echo "FAIL $1"; fail=$((fail + 1)); fi; }

"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 -j 1 --json "$tmp/a.json" > "$tmp/a.out" 2>&1
"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 -j 2 --json "$tmp/b.json" > "$tmp/b.out" 2>&1
check "the same seed gives the same games with 1 and 2 threads" 'cmp -s "$tmp/a.json" "$tmp/b.json"'
check "12 games are written" '[ "$(wc -l < "$tmp/a.json")" -eq 12 ]'
"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 8 --json "$tmp/c.json" > /dev/null 2>&1
check "another seed gives other games" '! cmp -s "$tmp/a.json" "$tmp/c.json"'
for k in 1 2 3; do
    "$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 --shard "$k/3" \
        --json "$tmp/shard-$k.json" > /dev/null 2>&1
done
check "the shards hold every game once" '[ "$(cat "$tmp"/shard-*.json | sort | md5sum)" = "$(sort "$tmp/a.json" | md5sum)" ]'
"$RIMAU" summarize "$tmp"/shard-*.json > "$tmp/merged.out"
"$RIMAU" summarize "$tmp/a.json" > "$tmp/whole.out"
check "summarize of the shards equals the whole" 'cmp -s "$tmp/merged.out" "$tmp/whole.out"'
check "the table has a row per player and side" '[ "$(grep -c "^mcts:30\|^random" "$tmp/whole.out")" -eq 4 ]'
check "selfplay and summarize print the same table" '[ "$(tail -n +2 "$tmp/a.out")" = "$(tail -n +2 "$tmp/whole.out")" ]'
printf 'not json\n' > "$tmp/bad.json"
check "summarize rejects a bad line" '! "$RIMAU" summarize "$tmp/bad.json" > /dev/null 2>&1'
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
