#!/bin/sh
# Kill trials: a game played with --save and killed (SIGKILL, SIGTERM or
# SIGHUP; not SIGINT, which sh makes background jobs ignore) at a random
# moment leaves a record of every turn it finished (all the turns it
# printed, but the last when it was killed between printing and saving
# it), which rimau replay reads without error. Part of make check-slow.
#
# Prints one 'ok' or 'FAIL' line per trial, then 'N passed, M failed'.
set -u
: "${RIMAU:?}" "${srcdir:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
game="$srcdir/games/rimau-rimau-a.game"
pass=0 fail=0
trials=${KILL_TRIALS:-12}
i=0
while [ "$i" -lt "$trials" ]; do
    i=$((i + 1))
    case $((i % 3)) in 0) sig=KILL ;; 1) sig=TERM ;; *) sig=HUP ;; esac
    rec="$tmp/game-$i.rec"
    # (stdout a line at a time, so that the turns printed are the turns played)
    stdbuf -oL "$RIMAU" play "$game" -q --seed "$i" --tigers=mcts:300 --men=mcts:300 --save "$rec" \
        > "$tmp/out-$i" 2> "$tmp/err-$i" < /dev/null &
    pid=$!
    # between 0.3 and 2.7 seconds into the game
    sleep "$(awk -v i="$i" 'BEGIN { srand(i); printf "%.1f", 0.3 + 2.4 * rand() }')"
    kill -s "$sig" "$pid" 2> /dev/null
    wait "$pid" 2> /dev/null
    # the turns printed, and the turns of the record
    sed -n 's/^[0-9]*\. [^ ]* plays //p' "$tmp/out-$i" > "$tmp/printed-$i"
    if [ ! -f "$rec" ]; then
        fail=$((fail + 1)); echo "FAIL trial $i (SIG$sig): no record"; continue
    fi
    sed '1,/^$/d' "$rec" | tr ' ' '\n' | grep -v -e '^[0-9]*\.$' -e '^\*$' -e '^$' > "$tmp/saved-$i"
    printed=$(wc -l < "$tmp/printed-$i") saved=$(wc -l < "$tmp/saved-$i")
    if ! "$RIMAU" replay -q "$rec" > "$tmp/replay-$i" 2>&1; then
        fail=$((fail + 1)); echo "FAIL trial $i (SIG$sig): replay refuses the record:"
        sed 's/^/  | /' "$tmp/replay-$i"
    elif [ "$saved" -lt $((printed - 1)) ] || [ "$saved" -gt "$printed" ] ||
         ! head -n "$saved" "$tmp/printed-$i" | cmp -s - "$tmp/saved-$i"; then
        fail=$((fail + 1)); echo "FAIL trial $i (SIG$sig): $printed turns played, the record has $saved of them"
    else
        pass=$((pass + 1)); echo "ok trial $i (SIG$sig): $printed turns played, $saved in the record"
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
