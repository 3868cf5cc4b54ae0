#!/bin/sh
# Every shipped game passes rimau check and rimau validate (its examples,
# with every option value); so do the test games of tests/games.
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir" || exit 1
out=$("$RIMAU" check games/*.game tests/games/*.game 2>&1) || { printf '%s\n' "$out"; exit 1; }
# No shipped game is warned of a region that surprises (rows or columns
# whose points' names say otherwise, a centre on a lopsided board).
if printf '%s\n' "$out" | grep -E ': warning: .*(not their names|not symmetric about it)'; then
    echo "FAIL a shipped game is warned of a region"
    exit 1
fi
echo "ok rimau check games/*.game: no region warning"
# (rimau check loads every file under each value of each option, and every
# combination of values where there are at most 64: no loop of check -o)
# Every shipped game cites at least one source, and every source line
# names a published work (Author Year) or an address a reader can follow:
# never only the project's own name for a document ("seed 000").
# (each game's source lines, 'GAME<tab>LINE', checked by one awk)
bad_sources=0
tab=$(printf '\t')
for game in games/*.game; do
    "$RIMAU" info "$game" | sed -n "s|^source:   |$game$tab|p"
    echo "$game${tab}"
done | awk -F '\t' '
    $2 == "" { if (!cited[$1]) { print "FAIL " $1 " cites no source"; bad = 1 } next }
    { cited[$1] = 1 }
    $2 ~ /seed [0-9][0-9][0-9]/ {
        print "FAIL " $1 ": source \"" $2 "\" cites a source document by its seed number"; bad = 1; next }
    $2 !~ /[A-Z][a-z]+ [0-9][0-9][0-9][0-9]|https?:\/\// {
        print "FAIL " $1 ": source \"" $2 "\" names no published work (Author Year) or address"; bad = 1 }
    END { exit bad }' || bad_sources=1
[ "$bad_sources" = 0 ] || exit 1
echo "ok every shipped game's source lines cite a published work or an address"
# doc/games.md's table has a row for every shipped game, with its number
# of examples as rimau list counts them.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$RIMAU" list games | awk 'NR > 1 { print $1, $NF }' | sort > "$tmp/listed"
sed -n 's/^| `\([^`]*\.game\)` |.* | \([0-9]*\) |$/\1 \2/p' doc/games.md | sort > "$tmp/table"
if [ -s "$tmp/listed" ] && diff -u "$tmp/listed" "$tmp/table"; then
    echo "ok doc/games.md's table: every shipped game, with its number of examples"
else
    echo "FAIL doc/games.md's table differs from rimau list games (above: - listed, + table)"
    exit 1
fi
"$RIMAU" validate games/*.game tests/games/*.game
