#!/bin/sh
# The computer players against random, in Rimau-rimau version A: with a
# fixed seed and budgets in iterations and depth, ab:3 and mcts:2000:1
# each win at least 16 of 20 games on each side (80%) and lose none. The
# games are the same on every machine: this measures play, not speed.
# (The men of mcts:2000:1 won 34 to 39 of 40 over seeds 1 to 3, the rest
# drawn; random against random wins far fewer: a margin, not a seed's
# exact count, so that a change of search that does not weaken the player
# does not fail it.)
set -u
: "${RIMAU:?}" "${srcdir:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
game="$srcdir/games/rimau-rimau-a.game"
fail=0 n=0

# wins PLAYER SIDE FILE: the games of FILE that PLAYER won playing SIDE.
wins() {
    grep -c "\"sides\": \[\"tigers\", \"men\"\], \"players\": \[$(
        [ "$2" = tigers ] && printf '"%s", "[^"]*"' "$1" || printf '"[^"]*", "%s"' "$1"
    )\], \"winner\": \"$2\"" "$3"
}

for player in ab:3 mcts:2000:1; do
    # A new file for each player: selfplay refuses to replace an earlier
    # run's file without --force.
    rm -f "$tmp/games.json"
    "$RIMAU" selfplay "$game" -n 40 --players "$player,random" --seed 1 -j 2 \
        --json "$tmp/games.json" > /dev/null 2> "$tmp/err" || cat "$tmp/err"
    total=$(wc -l < "$tmp/games.json" 2> /dev/null || echo 0)
    for side in tigers men; do
        n=$((n + 1))
        w=$(wins "$player" "$side" "$tmp/games.json")
        other=$([ "$side" = tigers ] && echo men || echo tigers)
        l=$(wins random "$other" "$tmp/games.json")
        if [ "$total" -eq 40 ] && [ "$w" -ge 16 ] && [ "$l" -eq 0 ]; then
            echo "ok $player as $side wins $w of 20 against random, and loses none"
        else
            echo "FAIL $player as $side wins $w of 20 against random and loses $l ($total games played)"
            fail=$((fail + 1))
        fi
    done
done
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
