#!/bin/sh
# replay --svg DIR and --html FILE: one picture per position with the last
# turn drawn, a self-contained page stepping through them; and a record
# replayed from another folder finds its game by its File tag.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"

# wellformed FILE: xmllint when there is one, else the closing tag
wellformed() {
    if command -v xmllint > /dev/null 2>&1; then
        xmllint --noout "$1" 2> /dev/null
    else
        tail -n 3 "$1" | grep -q '</svg>\|</html>'
    fi
}
# count PATTERN FILE...: the lines matching PATTERN
count() { pat=$1; shift; cat "$@" | grep -c -- "$pat"; }
# same WHAT GOT WANT: one check that two values are equal
same() {
    n=$((n + 1))
    if [ "$2" = "$3" ]; then echo "ok $1"; else echo "FAIL $1: $2, expected $3"; fail=$((fail + 1)); fi
}

game="$srcdir/games/alquerque.game"
"$RIMAU" play "$game" -q --white=random --black=random --seed 3 --save "$tmp/g.rec" > /dev/null 2>&1
turns=$("$RIMAU" replay -q "$tmp/g.rec" | sed -n 's/.* after \([0-9]*\) turns$/\1/p')
same "the test game is played" "${turns:-0}" 77

expect 0 "replay --svg" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/pics"
same "replay --svg draws one picture per position" "$(ls "$tmp/pics" | grep -c '^[0-9]*\.svg$')" $((turns + 1))
bad=0
for f in "$tmp/pics"/*.svg; do wellformed "$f" || bad=$((bad + 1)); done
same "every picture is well-formed SVG" "$bad" 0
same "the start has no arrow" "$(count 'class="arrow"' "$tmp/pics/000.svg")" 0
same "the first turn is drawn as an arrow" "$(count 'class="arrow"' "$tmp/pics/001.svg")" 1
grep -q 'class="caption"[^>]*>1\. ' "$tmp/pics/001.svg"
same "the picture names its turn" "$?" 0
same "captured points are marked" "$(grep -l 'class="taken"' "$tmp/pics"/*.svg | wc -l | tr -d ' ')" \
    "$(grep -o '[0-9]\. [^ ]*x' "$tmp/g.rec" | wc -l | tr -d ' ')"
expect 0 "replay --svg into a folder that exists" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/pics"
: > "$tmp/file"
expect 1 "replay --svg onto a file" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/file"
has "is not a folder" err "replay --svg onto a file says so"

expect 0 "replay --html" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/g.html"
wellformed "$tmp/g.html"
same "the page is well-formed" "$?" 0
same "the page holds one picture per position" "$(count '<div class="pos"' "$tmp/g.html")" $((turns + 1))
same "the page lists every turn" "$(count '^<li data-taken=' "$tmp/g.html")" "$turns"
same "the page draws the arrows" "$(count 'class="arrow-head"' "$tmp/g.html")" \
    "$(count 'class="arrow-head"' "$tmp/pics"/*.svg)"
grep -q '^<p id="result">Result: [^<]* after '"$turns"' turns<' "$tmp/g.html"
same "the page states the result" "$?" 0
grep -q 'takes [a-e][1-5]' "$tmp/g.html"
same "the page lists the captures" "$?" 0
same "the page loads nothing from outside" "$(count ' src=\| href=\|url(' "$tmp/g.html")" 0
grep -q "addEventListener('keydown'" "$tmp/g.html"
same "the page answers the keys" "$?" 0
expect 1 "replay --html into a missing folder" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/no/g.html"
has "cannot write" err "replay --html names the file it cannot write"

# Item 8: the record played from one folder replays from another, its
# game found in the games folder by its File tag (or, in an older record,
# the last part of its Game tag).
mkdir "$tmp/elsewhere"
sed 's|^\[Game .*|[Game "moved/alquerque.game"]|' "$tmp/g.rec" > "$tmp/elsewhere/g.rec"
grep -q '^\[File "alquerque.game"\]$' "$tmp/g.rec"
same "a record names its game's file" "$?" 0
expect 1 "a record whose game is nowhere" env RIMAU_GAMES="$tmp/none" "$RIMAU" replay -q "$tmp/elsewhere/g.rec"
has "moved/alquerque.game" err "the missing game is named as the record writes it"
expect 0 "a record replayed from another folder" sh -c 'cd "$1" && RIMAU_GAMES="$2" "$3" replay -q g.rec' \
    sh "$tmp/elsewhere" "$srcdir/games" "$RIMAU"
grep -v '^\[File ' "$tmp/elsewhere/g.rec" > "$tmp/elsewhere/old.rec"
expect 0 "an older record without File" sh -c 'cd "$1" && RIMAU_GAMES="$2" "$3" replay -q old.rec' \
    sh "$tmp/elsewhere" "$srcdir/games" "$RIMAU"

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
