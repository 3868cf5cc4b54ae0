#!/bin/sh
# Kill trials: a game played with --save and killed (SIGKILL, SIGTERM or
# SIGHUP; not SIGINT, which sh makes background jobs ignore) at a random
# moment leaves a record of every turn it finished (all the turns it
# printed, and one more when it was killed between saving a turn and
# printing it: play saves first), which rimau replay reads without
# error (a live record: see doc/notation.md), and play --resume goes on
# with to the game's end, leaving no temporary file beside the record. A
# tournament killed keeps the JSON lines of its first games and --resume
# completes it. Part of make check-slow.
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
    # (play writes its lines one at a time: the turns printed are the turns played)
    "$RIMAU" play "$game" -q --seed "$i" --tigers=mcts:300 --men=mcts:300 --save "$rec" \
        > "$tmp/out-$i" 2> "$tmp/err-$i" < /dev/null &
    pid=$!
    # between 0.3 and 2.7 seconds into the game
    sleep "$(awk -v i="$i" 'BEGIN { srand(i); printf "%.1f", 0.3 + 2.4 * rand() }')"
    kill -s "$sig" "$pid" 2> /dev/null
    wait "$pid" 2> /dev/null
    # the turns printed, and the turns of the record
    sed -n 's/^[0-9]*\. [^ ]* played \([^ ]*\).*/\1/p' "$tmp/out-$i" > "$tmp/printed-$i"
    if [ ! -f "$rec" ]; then
        fail=$((fail + 1)); echo "FAIL trial $i (SIG$sig): no record"; continue
    fi
    strays=$(ls "$rec".tmp-* 2> /dev/null | wc -l)
    printed=$(wc -l < "$tmp/printed-$i")
    if ! "$RIMAU" replay -q "$rec" > "$tmp/replay-$i" 2>&1; then
        fail=$((fail + 1)); echo "FAIL trial $i (SIG$sig): replay refuses the record:"
        sed 's/^/  | /' "$tmp/replay-$i"
        continue
    fi
    # (the turns replay reads: a line cut by the kill is left out)
    saved=$(sed -n 's/^result: .* after \([0-9]*\) turns*$/\1/p' "$tmp/replay-$i")
    saved=${saved:-0}
    sed '1,/^$/d' "$rec" | tr ' ' '\n' | grep -v -e '^[0-9]*\.$' -e '^\*$' -e '^$' |
        head -n "$saved" > "$tmp/saved-$i"
    if [ "$saved" -lt "$printed" ] || [ "$saved" -gt $((printed + 1)) ] ||
         ! head -n "$printed" "$tmp/saved-$i" | cmp -s - "$tmp/printed-$i"; then
        fail=$((fail + 1)); echo "FAIL trial $i (SIG$sig): $printed turns played, the record has $saved of them"
    else
        pass=$((pass + 1)); echo "ok trial $i (SIG$sig): $printed turns played, $saved in the record, $strays temporary files"
        # and the game goes on from its record to its end, and no
        # temporary file is left beside it (played on by random players:
        # the record's mcts:300 took most of this suite's minute and a
        # half of processor time, and what is tried is the record)
        if "$RIMAU" play -q --seed "$i" --resume "$rec" --tigers=random --men=random \
               > "$tmp/resumed-$i" 2>&1 &&
           grep -q "going on after turn $saved\$" "$tmp/resumed-$i" &&
           "$RIMAU" replay -q "$rec" > "$tmp/replay-$i" 2>&1 &&
           grep -q "^result: .* win\|^result: draw" "$tmp/replay-$i" &&
           ! ls "$rec".tmp-* > /dev/null 2>&1; then
            pass=$((pass + 1)); echo "ok trial $i: resumed after turn $saved and finished"
        else
            fail=$((fail + 1)); echo "FAIL trial $i: play --resume did not finish the game"
            sed 's/^/  | /' "$tmp/resumed-$i" | tail -5
        fi
    fi
done
# Tournaments: selfplay --json killed at a random moment keeps the lines
# of the games it finished, whole, and --resume then gives the file of an
# uninterrupted run.
tb="$srcdir/games/tiger-and-buffaloes.game"
# (games of mcts:2000, some 5 s in all on two cores, so that the kill,
# at most 1.5 s in, comes before the end; three runs killed, each
# resumed with all its games left to play)
games=40 players=mcts:2000,random
"$RIMAU" selfplay "$tb" -n $games --players $players --seed 5 -j 2 --json "$tmp/whole.json" \
    > /dev/null 2>&1
j=0
while [ "$j" -lt 3 ]; do
    j=$((j + 1))
    json="$tmp/cut-$j.json"
    "$RIMAU" selfplay "$tb" -n $games --players $players --seed 5 -j 2 --json "$json" \
        > /dev/null 2>&1 &
    pid=$!
    sleep "$(awk -v i="$j" 'BEGIN { srand(100 + i); printf "%.1f", 0.3 + 1.2 * rand() }')"
    kill -s KILL "$pid" 2> /dev/null
    wait "$pid" 2> /dev/null
    kept=$(grep -c '}$' "$json" 2> /dev/null)
    kept=${kept:-0}
    if [ "$kept" -ge "$games" ]; then
        fail=$((fail + 1)); echo "FAIL tournament $j: the run ended before the kill (proves nothing)"
        continue
    fi
    sed -n "1,${kept}p" "$json" > "$tmp/kept" 2> /dev/null
    if ! head -n "$kept" "$tmp/whole.json" | cmp -s - "$tmp/kept"; then
        fail=$((fail + 1)); echo "FAIL tournament $j: the lines kept are not the first games"
        continue
    fi
    "$RIMAU" selfplay "$tb" -n $games --players $players --seed 5 -j 2 --json "$json" \
        --resume > /dev/null 2> "$tmp/resume-$j.err"
    if cmp -s "$json" "$tmp/whole.json"; then
        pass=$((pass + 1)); echo "ok tournament $j: killed with $kept games written, resumed to the whole"
    else
        fail=$((fail + 1)); echo "FAIL tournament $j: resumed after $kept games, not the whole run"
        sed 's/^/  | /' "$tmp/resume-$j.err"
    fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
