#!/bin/sh
# make check-web: the web page (make web) in a real browser. First plays
# every shipped game by clicks under Node.js (tests/web/every-game.mjs).
# Then serves
# web/dist with python3's http.server on a free port, drives headless
# Chromium through it with playwright-core (tests/web/page-test.mjs: a
# compound turn of Rimau-rimau A and a capture chain of Alquerque made by
# clicks, a whole game of Tiger and Buffaloes clicked against the
# computer, the editor's diagnostics, perft and examples against rimau
# check, perft and validate on the same text, a shared link opened in a
# new page, no console error), then replays the record the page
# downloaded with rimau replay: the same result and the same turns; then
# features-test.mjs and shots.mjs (below).
# Skipped, with a message and exit status 0 (as check-browser.sh), when
# emcc, Chromium, Node.js, python3 or the npm packages are missing:
# ./bootstrap --web installs them all.
set -u
: "${RIMAU:?}" "${srcdir:?}" "${WEB_DIST:?}"
. "$srcdir/tests/lib.sh"

skip() { echo "check-web: skipped: $*" >&2; exit 0; }
command -v emcc > /dev/null 2>&1 || skip "no emcc (Debian: apt-get install emscripten, or ./bootstrap --web)"
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || skip "no Chromium (./bootstrap --web)"
command -v node > /dev/null 2>&1 || skip "no Node.js (./bootstrap --web)"
command -v python3 > /dev/null 2>&1 || skip "no python3, to serve the page"
[ -d "$srcdir/node_modules/playwright-core" ] || skip "no playwright-core: run npm ci (./bootstrap --web)"
[ -x "$srcdir/node_modules/.bin/esbuild" ] || skip "no esbuild, to bundle the editor: run npm ci (./bootstrap --web)"
[ -f "$WEB_DIST/rimau.js" ] && [ -f "$WEB_DIST/index.html" ] && [ -f "$WEB_DIST/editor.bundle.js" ] || {
    echo "FAIL make web left no page in $WEB_DIST"; exit 1; }
export CHROMIUM

# Click-to-move on every shipped game and option value, under Node.js
# with the page's own click logic (tests/web/every-game.mjs).
n=$((n + 1))
if timeout 600 node "$srcdir/tests/web/every-game.mjs" "$WEB_DIST" "$srcdir/games" > "$tmp/every.out" 2>&1; then
    echo "ok click-to-move on every shipped game: $(tail -n 1 "$tmp/every.out")"
else
    grep -v '^ok ' "$tmp/every.out" | head -n 20
    echo "FAIL click-to-move on every shipped game"
    fail=$((fail + 1))
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$WEB_DIST" "$port" > "$tmp/server.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null; rm -rf "$tmp"' EXIT
for i in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" \
        2> /dev/null && break
    sleep 0.2
done

timeout 600 node "$srcdir/tests/web/page-test.mjs" "http://127.0.0.1:$port/" "$tmp"
status=$?
n=$((n + 1))
if [ "$status" -ne 0 ]; then
    echo "FAIL the page's checks in the browser (above)"
    fail=$((fail + 1))
else
    echo "ok the page's checks in the browser"
fi

# The record the page downloaded, replayed by the command line: the same
# result, and the same turns (those of replay's own page of the game).
n=$((n + 1))
if [ -s "$tmp/tb.rec" ] && "$RIMAU" replay -q "$tmp/tb.rec" --html "$tmp/tb.html" > "$tmp/replay.out" 2>&1; then
    want="result: $(cat "$tmp/tb-result.txt")"
    got=$(grep '^result: ' "$tmp/replay.out")
    sed -n 's|^<li [^>]*data-turn="\([^"]*\)".*|\1|p' "$tmp/tb.html" > "$tmp/replay-turns.txt"
    if [ "$got" = "$want" ] && cmp -s "$tmp/replay-turns.txt" "$tmp/tb-turns.txt" &&
        [ -s "$tmp/tb-turns.txt" ]; then
        echo "ok rimau replay of the page's record: $got, $(wc -l < "$tmp/tb-turns.txt") turns"
    else
        echo "FAIL rimau replay of the page's record: '$got', not '$want'; turns:"
        diff "$tmp/tb-turns.txt" "$tmp/replay-turns.txt" | head -n 10
        fail=$((fail + 1))
    fi
else
    echo "FAIL rimau replay of the page's record"
    shown "$tmp/replay.out"
    fail=$((fail + 1))
fi
# Issue 29: the record loaded back and replayed in the page, corrupt
# records refused, perfect play and the hint, keyboard play, the position
# copied (tests/web/features-test.mjs); the boards of fixed positions
# against the reference pictures (tests/web/shots.mjs).
if [ -s "$tmp/tb.rec" ]; then
    timeout 900 node "$srcdir/tests/web/features-test.mjs" "http://127.0.0.1:$port/" "$tmp"
    status=$?
else
    echo "(no record from the first checks)"
    status=1
fi
n=$((n + 1))
if [ "$status" -ne 0 ]; then
    echo "FAIL the page's records, replay, hint, perfect play and keys (above)"
    fail=$((fail + 1))
else
    echo "ok the page's records, replay, hint, perfect play and keys"
fi
mkdir -p "$tmp/shots"
timeout 300 node "$srcdir/tests/web/shots.mjs" "http://127.0.0.1:$port/" "$tmp/shots"
status=$?
n=$((n + 1))
if [ "$status" -ne 0 ]; then
    rm -rf shots-failed && cp -R "$tmp/shots" shots-failed
    echo "FAIL the boards' screenshots (above; the pictures taken are in $(pwd)/shots-failed)"
    fail=$((fail + 1))
else
    echo "ok the boards' screenshots match the references"
fi
[ -f "$tmp/first-board-ms.txt" ] && echo "first board $(cat "$tmp/first-board-ms.txt") ms after the page's start"

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
