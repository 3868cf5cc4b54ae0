#!/bin/sh
# make check-browser: the page of 'rimau replay --html' in a real browser.
# Headless Chromium opens the page at #board-end (the page steps to the
# last position and shows the board alone), takes a screenshot, and the
# test compares it with the final position's own picture (replay --svg)
# shot by the same browser: they must match, and the start must not.
# Skipped, with exit status 0, when no browser can be run.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"

skip() { echo "check-browser: skipped: $*" >&2; exit 0; }
browser=""
for b in chromium chromium-browser google-chrome; do
    command -v "$b" > /dev/null 2>&1 && { browser=$b; break; }
done
[ -n "$browser" ] || skip "no headless Chromium (Debian: apt-get install chromium, or ./bootstrap --browser)"
command -v python3 > /dev/null 2>&1 || skip "python3 is needed to compare the screenshots"

# shot URL PNG: a screenshot of URL, the size of the largest picture
shot() {
    rm -f "$2"
    HOME="$tmp" timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
        --hide-scrollbars --no-first-run --window-size=400,700 \
        --virtual-time-budget=5000 --screenshot="$2" "$1" > "$tmp/browser.log" 2>&1
    [ -s "$2" ]
}
# differ A B: the share of pixels that differ
differ() { python3 "$srcdir/tests/browser/pngdiff.py" "$1" "$2"; }
# below X Y: X < Y, as decimals
below() { awk -v x="$1" -v y="$2" 'BEGIN { exit !(x < y) }'; }

"$RIMAU" play "$srcdir/games/alquerque.game" -q --white=random --black=random --seed 3 \
    --save "$tmp/g.rec" > /dev/null 2>&1
expect 0 "replay --svg and --html" "$RIMAU" replay -q "$tmp/g.rec" --svg "$tmp/pics" --html "$tmp/g.html"
last=$(ls "$tmp/pics" | sort | tail -n 1)
shot "file://$tmp/pics/$last" "$tmp/want.png" ||
    { shown "$tmp/browser.log" >&2; skip "$browser cannot take a screenshot here"; }

n=$((n + 1))
if shot "file://$tmp/g.html#board-end" "$tmp/end.png" &&
    below "$(differ "$tmp/end.png" "$tmp/want.png")" 0.01; then
    echo "ok the page at #board-end shows the final position"
else
    echo "FAIL the page at #board-end shows the final position (differ: $(differ "$tmp/end.png" "$tmp/want.png" 2>&1))"
    fail=$((fail + 1))
fi
n=$((n + 1))
if shot "file://$tmp/g.html#board-0" "$tmp/start.png" &&
    ! below "$(differ "$tmp/start.png" "$tmp/want.png")" 0.01; then
    echo "ok the page at #board-0 shows another position"
else
    echo "FAIL the page at #board-0 shows another position"
    fail=$((fail + 1))
fi

# Issue 29: Rimau-rimau's tall board fits a 1000x760 window without
# scrolling, and the current turn's number stays readable on the page:
# tests/browser/fit-probe.js, added to a copy of the page, writes what it
# measures into the DOM, which Chromium dumps.
"$RIMAU" play "$srcdir/games/rimau-rimau-a.game" -q --tigers=random --men=random --seed 3 \
    --save "$tmp/ra.rec" > /dev/null 2>&1
expect 0 "replay --html of Rimau-rimau" "$RIMAU" replay -q "$tmp/ra.rec" --html "$tmp/ra.html" --names
{
    sed '/^<\/body>$/,$d' "$tmp/ra.html"
    printf '<script>//<![CDATA[\n'
    cat "$srcdir/tests/browser/fit-probe.js"
    printf '//]]></script>\n</body>\n</html>\n'
} > "$tmp/probe.html"
probe=$(HOME="$tmp" timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --window-size=1000,760 --virtual-time-budget=5000 --dump-dom "file://$tmp/probe.html" 2> /dev/null |
    sed -n 's/^<body[^>]* data-probe="\([^"]*\)".*/\1/p')
n=$((n + 1))
case $probe in
*fits=yes*) echo "ok Rimau-rimau's board fits a 1000x760 window ($probe)" ;;
*) echo "FAIL Rimau-rimau's board fits a 1000x760 window: '$probe'"; fail=$((fail + 1)) ;;
esac
contrast=${probe##*contrast=}
n=$((n + 1))
if [ -n "$probe" ] && ! below "$contrast" 3; then
    echo "ok the current turn's number is readable on the page (contrast $contrast)"
else
    echo "FAIL the current turn's number is readable on the page: contrast '$contrast', under 3"
    fail=$((fail + 1))
fi

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
