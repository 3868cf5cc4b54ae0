#!/bin/sh
# rimau engine (a whole game driven through its JSON lines, and bad
# requests), rimau analyse, and hint at the play prompt.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"
RIMAU_GAMES="$srcdir/games"; export RIMAU_GAMES

# ---- a whole game through the protocol: each turn chosen by go, played
# by its text after checking that moves lists it ----
mkfifo "$tmp/req" "$tmp/ans" || exit 1
"$RIMAU" engine < "$tmp/req" > "$tmp/ans" 2> "$tmp/engine.err" &
pid=$!
exec 3> "$tmp/req" 4< "$tmp/ans"
ask() { printf '%s\n' "$1" >&3; read -r reply <&4 || reply=''; echo "$reply" >> "$tmp/log"; }
ask '{"id": 1, "cmd": "load", "game": "catch-the-hare"}'
n=$((n + 1))
case "$reply" in
    '{"id":1,"ok":true,"game":'*'"to_move":'*) echo "ok load answers with the game and the side to move" ;;
    *) echo "FAIL load: $reply"; fail=$((fail + 1)) ;;
esac
turns=0 listed=yes over=no
while [ $turns -lt 500 ]; do
    ask '{"cmd": "go", "player": "random", "seed": '$turns'}'
    turn=$(printf '%s' "$reply" | sed -n 's/.*"turn":"\([^"]*\)".*/\1/p')
    [ -n "$turn" ] || break
    ask '{"cmd": "moves"}'
    case "$reply" in *"\"$turn\""*) ;; *) listed=no ;; esac
    ask '{"id": "t'$turns'", "cmd": "play", "turn": "'"$turn"'"}'
    turns=$((turns + 1))
    case "$reply" in *'"over":true'*) over=yes; break ;; esac
done
n=$((n + 1))
if [ $over = yes ] && [ $listed = yes ]; then
    echo "ok a whole game is played through the protocol ($turns turns)"
else
    echo "FAIL the game did not reach its end (over=$over, every turn listed: $listed)"
    tail -n 3 "$tmp/log"; fail=$((fail + 1))
fi
ask '{"id": 9, "cmd": "result"}'
n=$((n + 1))
case "$reply" in
    *'"over":true'*'"why":"'?*) echo "ok result says the game is over and why" ;;
    *) echo "FAIL result: $reply"; fail=$((fail + 1)) ;;
esac
ask '{"cmd": "go"}'
n=$((n + 1))
case "$reply" in
    *'"error":"the game is over'*) echo "ok go after the end is an error" ;;
    *) echo "FAIL go after the end: $reply"; fail=$((fail + 1)) ;;
esac
ask '{"cmd": "undo", "turns": 2}'
n=$((n + 1))
case "$reply" in
    *'"undone":2'*'"turns_played":'$((turns - 2))','*'"over":false'*) echo "ok undo takes turns back" ;;
    *) echo "FAIL undo: $reply"; fail=$((fail + 1)) ;;
esac
ask '{"cmd": "quit"}'
exec 3>&- 4<&-
wait $pid
n=$((n + 1))
if [ $? -eq 0 ] && ! grep -q "Sanitizer\|runtime error" "$tmp/engine.err"; then
    echo "ok quit exits 0"
else
    echo "FAIL engine exit"; fail=$((fail + 1))
fi

# ---- bad lines: each gets an error answer, and the engine goes on ----
cat > "$tmp/bad" <<'EOS'
not json
[1, 2]
{"id": 5}
{"id": 6, "cmd": "frobnicate"}
{"id": 7, "cmd": "moves"}
{"id": 8, "cmd": "load", "game": "no-such-game"}
{"id": 9, "cmd": "load", "game": "rimau-rimau-a", "options": {"nosuch": "1"}}
{"id": 10, "cmd": "load", "game": "rimau-rimau-a", "colour": "red"}
{"id": 11, "cmd": "load", "game": "rimau-rimau-a"}
{"id": 12, "cmd": "play", "turn": "a1-z9"}
{"id": 13, "cmd": "play"}
{"id": 14, "cmd": "position", "turns": ["xb4,xb5,xd5,c7-a7", "zz"]}
{"id": 15, "cmd": "go", "player": "human"}
{"id": 16, "cmd": "undo", "turns": -1}
{"id": 17, "cmd": "moves", "cmd": "moves"}
{"id": 18, "cmd": "position", "turns": "xb4,xb5,xd5,c7-a7 a3"}
{"id": 19, "cmd": "go", "player": "ab:2"}
{"id": 20, "cmd": "position", "turns": ["xb4,xb5,xd5,c7-a7", "zz"]}
{"id": 21, "cmd": "result"}
EOS
stdin="$tmp/bad" expect 0 "engine answers bad lines and reaches the end of input" "$RIMAU" engine
stdin=
[ "$(wc -l < "$tmp/out")" -eq 19 ] && r=ok || r=FAIL
n=$((n + 1)); echo "$r one answer a line"; [ $r = ok ] || fail=$((fail + 1))
has '^{"id":null,"error":"not JSON' out "a line that is not JSON is an error"
has '^{"id":null,"error":"a request is a JSON object' out "an array is an error"
has '^{"id":5,"error":"a request needs \\"cmd\\"' out "a request without cmd is an error"
has '^{"id":6,"error":"unknown command \\"frobnicate\\"' out "an unknown command is an error"
has '^{"id":7,"error":"no game is loaded' out "moves before load is an error"
has '^{"id":8,"error":".*no-such-game' out "an unknown game is an error"
has '^{"id":9,"error":".*nosuch' out "an unknown option is an error"
has '^{"id":10,"error":"unknown key \\"colour\\"' out "an unknown key is an error"
has '^{"id":11,"ok":true' out "a good load after bad ones works"
has '^{"id":12,"error":"' out "an illegal turn is an error"
has '^{"id":13,"error":"play needs' out "play without a turn is an error"
has '^{"id":14,"error":"turn 2 .zz.' out "a bad position names its turn"
has '^{"id":15,"error":"unknown player .human' out "a bad player is an error"
has '^{"id":16,"error":"' out "a bad undo is an error"
has '^{"id":null,"error":"not JSON: duplicate' out "a duplicate key is an error"
has '^{"id":18,"ok":true,"to_move":"tigers","turns_played":2' out "a position from a string of turns"
has '^{"id":19,"ok":true,"turn":"' out "go answers a turn"
has '^{"id":20,"error":"turn 2 ' out "a position with a bad second turn is an error"
has '^{"id":21,"ok":true,"to_move":"tigers","turns_played":2,' out "a bad position leaves the position as it was"
# ---- a position string ----
pos=$(sed -n 's/.*"id":18,.*"position":"\([^"]*\)".*/\1/p' "$tmp/out")
n=$((n + 1))
if [ -n "$pos" ]; then echo "ok the status has the position string"; else
    echo "FAIL the status has no position string"; fail=$((fail + 1)); fi
cat > "$tmp/pos" <<EOS
{"id": 1, "cmd": "load", "game": "rimau-rimau-a"}
{"id": 2, "cmd": "position", "position": "$pos"}
{"id": 3, "cmd": "position", "position": "$pos", "turns": ["zz"]}
{"id": 4, "cmd": "result"}
{"id": 5, "cmd": "position", "position": "Q$pos"}
{"id": 6, "cmd": "position", "position": 7}
{"id": 7, "cmd": "position"}
EOS
stdin="$tmp/pos" expect 0 "engine sets a position string" "$RIMAU" engine
stdin=
has "^{\"id\":2,\"ok\":true,\"to_move\":\"tigers\",\"turns_played\":0,.*\"position\":\"$pos\"}" out \
    "a position string sets the position"
has '^{"id":3,"error":"turn 1 .zz.' out "a bad turn after a position string is an error"
has "^{\"id\":4,\"ok\":true,.*\"position\":\"$pos\"}" out "and leaves the position as it was"
has '^{"id":5,"error":"position, character 1: ' out "a bad position string is an error"
has '^{"id":6,"error":"\\"position\\" is a position string' out "a position that is not a string is an error"
has '^{"id":7,"ok":true,"to_move":"tigers","turns_played":0,' out "position without keys goes to the start"
has_no "^{\"id\":7,.*\"position\":\"$pos\"" out "the start is not the position set before"

expect 2 "engine takes no argument" "$RIMAU" engine extra
has "no argument" err "the usage error says why"

# ---- analyse ----
expect 0 "analyse prints the search" "$RIMAU" analyse "$srcdir/games/rimau-rimau-a.game" --player ab:4
has '^info depth 1 score -\{0,1\}[0-9.]* pv [^ ]' out "analyse prints depth 1 with a pv"
has '^info depth 3 score -\{0,1\}[0-9.]* pv [^ ]* [^ ]* [^ ]*$' out "depth 3 has a pv of 3 turns"
has '^bestturn [^ ]' out "analyse prints the best turn"
best=$(sed -n 's/^bestturn //p' "$tmp/out")
has '^info depth 4 score -\{0,1\}[0-9.]* pv [^ ]* [^ ]* [^ ]* [^ ]*$' out "depth 4 has a pv of 4 turns"
has "^info depth 4 .* pv $best " out "the best turn starts the last pv"
expect 0 "analyse after turns" "$RIMAU" analyse "$srcdir/games/rimau-rimau-a.game" -p ab:2 \
    --after "xb4,xb5,xd5,c7-a7"
has '^info depth 2 score .* pv [a-g][1-7] ' out "the men are searched after the tigers' opening"
pos=$("$RIMAU" show "$srcdir/games/rimau-rimau-a.game" -a "xb4,xb5,xd5,c7-a7" | sed -n 's/^position: //p')
expect 0 "analyse from a position string" "$RIMAU" analyse "$srcdir/games/rimau-rimau-a.game" -p ab:2 \
    --position "$pos"
has '^info depth 2 score .* pv [a-g][1-7] ' out "the men are searched from the position string"
expect 1 "analyse from a bad position string" "$RIMAU" analyse "$srcdir/games/rimau-rimau-a.game" \
    --position "Q$pos"
has "position" err "the bad position string is named"
expect 2 "analyse with a bad player" "$RIMAU" analyse "$srcdir/games/rimau-rimau-a.game" -p human
has "unknown player" err "the bad player is named"
expect 1 "analyse after a bad turn" "$RIMAU" analyse "$srcdir/games/rimau-rimau-a.game" -a zz
has "zz" err "the bad turn is named"

# ---- hint at the prompt ----
printf 'hint\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "hint at the prompt" "$RIMAU" play -q "$srcdir/games/rimau-rimau-a.game" \
    --tigers=human --men=ab:2
stdin=
has '^hint (ab:2): xb4,' out "hint asks the opponent's player for a turn"
has '(0 turns played)' out "hint plays nothing"

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
