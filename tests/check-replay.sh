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

# Several records: each under its heading, then the count and the
# invalid ones named; --svg and --html take one.
head -c 200 "$tmp/g.rec" > "$tmp/cut.rec"
expect 1 "replay of three records, one cut and one missing" \
    "$RIMAU" replay -q "$tmp/g.rec" "$tmp/cut.rec" "$tmp/missing.rec"
has "^==> $tmp/g.rec <==\$" out "each record is under a heading"
same "each record's output is under its heading" \
    "$(awk '/^==> / { h = $2 } /^result: / { print h; exit }' "$tmp/out")" "$tmp/g.rec"
has "^3 records: 1 valid, 2 invalid: $tmp/cut.rec $tmp/missing.rec\$" out "the last line counts them and names the invalid ones"
has "^$tmp/cut.rec:[0-9]*:[0-9]*: error: " err "an invalid record's message names it"
expect 0 "replay of two valid records" "$RIMAU" replay -q "$tmp/g.rec" "$tmp/g.rec"
has "^2 records: 2 valid, 0 invalid\$" out "... counts them"
expect 2 "replay --svg of two records" "$RIMAU" replay -q "$tmp/g.rec" "$tmp/g.rec" --svg "$tmp/two"
has "draw one record" err "... says that it draws one"
holds "... and makes no folder" [ ! -e "$tmp/two" ]

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

# Issue 29: each turn says its side; --names writes the points' names
same "the page says the side of each turn" \
    "$(grep '^<li data-taken=' "$tmp/g.html" | sed -n 's/.* data-side="\([^"]*\)".*/\1/p' | sort -u | tr '\n' ' ')" \
    "black white "
same "the first turn is white's" "$(grep -m 1 '^<li data-taken=' "$tmp/g.html" | grep -c '<span class="side">white</span>')" 1
same "no point names without --names" "$(count 'class="name"' "$tmp/g.html")" 0
expect 0 "replay --html --names --svg" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/names.html" --svg "$tmp/names" --names
same "the page names the 25 points of each position" "$(count 'class="name"' "$tmp/names.html")" $((25 * (turns + 1)))
same "each picture names its points" "$(count 'class="name"' "$tmp/names/000.svg")" 25
wellformed "$tmp/names.html"
same "the page with names is well-formed" "$?" 0
expect 1 "replay --html into a missing folder" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/no/g.html"
has "cannot write" err "replay --html names the file it cannot write"

# Issue 27: --html and --svg take the checks every output has (src/base/files.c):
# checked before any work, a page or picture replay wrote replaced, any
# other file only with --force, a link (dangling too), a FIFO or a device
# never, and each file written whole: a full disk leaves the earlier one.
cp "$tmp/g.html" "$tmp/earlier.html"
expect 0 "replay --html over a page replay wrote" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/earlier.html"
printf 'my notes\n' > "$tmp/notes.html"
expect 1 "replay --html over another file" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/notes.html"
has "notes.html: it exists and is not a file of this kind.*--force replaces it" err "the refusal says why and what replaces it"
has_no "^result:" out "the page is checked before the record is replayed"
same "the other file is kept" "$(cat "$tmp/notes.html")" "my notes"
expect 0 "replay --html --force over it" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/notes.html" --force
cmp -s "$tmp/notes.html" "$tmp/g.html"
same "--force replaces it with the page" "$?" 0
printf 'precious\n' > "$tmp/target"
ln -s target "$tmp/link.html"
expect 1 "replay --html through a link" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/link.html"
has "link.html: it is a symbolic link: not replaced" err "the link is named as such"
same "the link's target is kept" "$(cat "$tmp/target")" precious
expect 1 "replay --html through a link, even with --force" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/link.html" --force
same "the link's target is kept with --force" "$(cat "$tmp/target")" precious
ln -s nowhere "$tmp/dangling.html"
expect 1 "replay --html through a dangling link" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/dangling.html"
holds "nothing is made where the dangling link leads" [ ! -e "$tmp/nowhere" ]
mkfifo "$tmp/page.fifo"
expect 1 "replay --html onto a FIFO, at once" timeout 20 "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/page.fifo"
has "page.fifo: it is a FIFO: not replaced" err "the FIFO is named as such"
expect 1 "replay --html onto a device" "$RIMAU" replay -q "$tmp/g.rec" --html /dev/null
has "/dev/null: it is a device: not replaced" err "the device is named as such"
# A full disk, stood in for by the file size limit (64 KB of a page of
# 100 KB): one message with the reason, status 1, the earlier page whole.
cp "$tmp/g.html" "$tmp/full.html"
# (GCOV_*: in a coverage build, a process past the file size limit would
# cut the counts file it writes at exit, and every later run would say so:
# its counts go to $tmp/gcov, and are not counted.)
expect 1 "replay --html past the file size limit" env GCOV_PREFIX="$tmp/gcov" GCOV_ERROR_FILE=/dev/null sh -c \
    'trap "" XFSZ; ulimit -f 64; exec "$1" replay -q "$2" --html "$3"' sh "$RIMAU" "$tmp/g.rec" "$tmp/full.html"
has "^rimau replay: cannot write .*full.html: File too large\$" err "the failure names the file and the reason"
same "the failure is said once" "$(grep -c 'cannot write' "$tmp/err")" 1
cmp -s "$tmp/full.html" "$tmp/g.html"
same "the earlier page stays whole" "$?" 0
same "no temporary file is left" "$(ls "$tmp" | grep -c 'tmp-')" 0

# --svg: a linked picture in the folder is refused, never followed, and
# nothing is written; every path is checked before the first picture.
mkdir "$tmp/linked"
ln -s ../target "$tmp/linked/001.svg"
expect 1 "replay --svg into a folder with a linked picture" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/linked"
has "linked/001.svg: it is a symbolic link: not replaced" err "the linked picture is named"
same "the link's target is kept" "$(cat "$tmp/target")" precious
same "no picture is written before the paths are checked" "$(ls "$tmp/linked")" 001.svg
cp -r "$tmp/pics" "$tmp/pics-before"
printf 'my picture\n' > "$tmp/pics/050.svg"
expect 1 "replay --svg over a picture replay did not draw" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/pics"
has "050.svg: it exists and is not a file of this kind" err "the other picture is named"
same "it is kept" "$(cat "$tmp/pics/050.svg")" "my picture"
cmp -s "$tmp/pics/000.svg" "$tmp/pics-before/000.svg"
same "no picture is written when one path is refused" "$?" 0
expect 0 "replay --svg --force replaces it" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/pics" --force
cmp -s "$tmp/pics/050.svg" "$tmp/pics-before/050.svg"
same "--force draws the picture in its place" "$?" 0
expect 1 "replay --svg into a folder whose folder is missing" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/no/pics"
has "cannot write .*no/pics: its folder .*no: No such file or directory" err "the missing folder is named, with the reason"
has_no "^result:" out "the folder is checked before the record is replayed"
# past the file size limit (4 KB, below one picture): the first picture
# fails, is said once with its reason, and every earlier picture is whole
expect 1 "replay --svg past the file size limit" env GCOV_PREFIX="$tmp/gcov" GCOV_ERROR_FILE=/dev/null sh -c \
    'trap "" XFSZ; ulimit -f 4; exec "$1" replay -q "$2" --svg "$3"' sh "$RIMAU" "$tmp/g.rec" "$tmp/pics"
has "^rimau replay: cannot write .*pics/000.svg: File too large\$" err "the failure names the picture and the reason"
same "the failure is said once" "$(grep -c 'cannot write' "$tmp/err")" 1
diff -r "$tmp/pics" "$tmp/pics-before" > /dev/null
same "the earlier pictures stay whole, no temporary file left" "$?" 0

# A full disk itself, when this runs as root and can mount a tmpfs of 64 KB.
if [ "$(id -u)" = 0 ] && mkdir "$tmp/small" && mount -t tmpfs -o size=64k tmpfs "$tmp/small" 2> /dev/null; then
    trap 'umount "$tmp/small" 2> /dev/null; rm -rf "$tmp"' EXIT
    printf 'the earlier page\n' > "$tmp/small/g.html"
    expect 1 "replay --html onto a full disk" "$RIMAU" replay -q "$tmp/g.rec" --html "$tmp/small/g.html" --force
    has "^rimau replay: cannot write .*small/g.html: No space left on device\$" err "the full disk is said, with the file"
    same "the earlier page stays whole on the full disk" "$(cat "$tmp/small/g.html")" "the earlier page"
    same "no temporary file is left on the full disk" "$(ls "$tmp/small")" g.html
    umount "$tmp/small"
else
    echo "ok # SKIP a full tmpfs (not root, or mount refused)"
fi

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
