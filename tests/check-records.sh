#!/bin/sh
# Game records and play: a saved game replays to the same result, a game
# is played to its end from piped input, bad records are rejected with the
# exact message of tests/records/NAME.err, and an unwritable record path
# is reported before the game is played.
set -u
# CUT_STEP (1): the cut loops below try every CUT_STEP-th of their cuts
# (tests/valgrind.sh sets it); each loop's cuts are replayed by one rimau.
step=${CUT_STEP:-1}
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir/tests" || exit 1
fail=0 n=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
ok() { n=$((n + 1)); echo "ok $1"; }
bad() { n=$((n + 1)); fail=$((fail + 1)); echo "FAIL $1"; }
# cuts REC FROM TO STEP DIR: REC cut at bytes FROM, FROM + STEP, ... below
# TO, as DIR/BYTES.rec; prints their paths, a line each.
cuts() {
    mkdir -p "$5"
    c=$2
    while [ "$c" -lt "$3" ]; do
        head -c "$c" "$1" > "$5/$c.rec"
        echo "$5/$c.rec"
        c=$((c + $4))
    done
}
# accepted OUT: the cuts (their bytes) that 'rimau replay' of several
# records, its output in OUT, found valid: every record it names in a
# heading but not in its last line.
accepted() {
    awk '/^==> .* <==$/ { f = $2; sub(/.*\//, "", f); sub(/\.rec$/, "", f); seen[++n] = f }
         /^[0-9]+ records?: [0-9]+ valid, [0-9]+ invalid/ {
             for (i = 7; i <= NF; i++) { f = $i; sub(/.*\//, "", f); sub(/\.rec$/, "", f); bad[f] = 1 } }
         END { for (i = 1; i <= n; i++) if (!(seen[i] in bad)) printf " %s", seen[i] }' "$1"
}

for game in rimau-rimau-a rimau-rimau-b tiger-and-buffaloes main-tapal-empat meurimueng-rimueng-peuet-ploh; do
    for seed in 1 2; do
        rec="$tmp/$game-$seed.rec"
        sides=$("$RIMAU" info --json "../games/$game.game" | sed -n 's/.*{"name": "\([^"]*\)", "pieces".*/\1/p')
        set -- "$RIMAU" play "../games/$game.game" -q --seed "$seed" --save "$rec"
        for s in $sides; do set -- "$@" "--$s=random"; done
        "$@" < /dev/null > "$tmp/play.out" 2>&1
        played=$(grep '^result:' "$tmp/play.out")
        case "$played" in
            "result: "*" after "*" turns") ok "$game seed $seed: a random game ends: $played" ;;
            *) bad "$game seed $seed: no result"; cat "$tmp/play.out" | tail -3; continue ;;
        esac
        if "$RIMAU" replay -q "$rec" > "$tmp/replay.out" 2>&1 &&
           [ "$(grep '^result:' "$tmp/replay.out")" = "$played" ]; then
            ok "$game seed $seed: the record replays to the same result"
        else
            bad "$game seed $seed: replay differs"; cat "$tmp/replay.out" | tail -3
        fi
        # The same game typed by two humans, one turn a line.
        sed -n '/^$/,$p' "$rec" | tr ' ' '\n' | grep -v '^[0-9]*\.$' | grep -v '^\*$' | grep -v '^$' \
            > "$tmp/turns"
        set -- "$RIMAU" play "../games/$game.game" -q
        for s in $sides; do set -- "$@" "--$s=human"; done
        if "$@" < "$tmp/turns" > "$tmp/human.out" 2>&1 &&
           [ "$(grep '^result:' "$tmp/human.out")" = "$played" ]; then
            ok "$game seed $seed: the game played from piped input ends the same"
        else
            bad "$game seed $seed: piped play differs"; tail -3 "$tmp/human.out"
        fi
    done
done

for rec in records/*.rec; do
    want="${rec%.rec}.err"
    "$RIMAU" replay -q "$rec" > /dev/null 2> "$tmp/err"
    status=$?
    expected=1
    [ -s "$want" ] || expected=0
    if [ "$status" -ne "$expected" ]; then
        bad "$rec: exit status $status, expected $expected"; cat "$tmp/err"
    elif ! diff -u "$want" "$tmp/err"; then
        bad "$rec: messages differ (above)"
    else
        ok "$rec"
    fi
done

# Output paths that are not ours: a file that is not a record, a symbolic
# link and a device are not replaced without --force (a link or a device
# not even with it); a record of ours is; new files get the umask's mode.
printf 'my notes\n' > "$tmp/notes.txt"
ln -s "$tmp/notes.txt" "$tmp/link.rec"
for target in notes.txt link.rec; do
    if "$RIMAU" play ../games/rimau-rimau-b.game -q --seed 5 --tigers=random --men=random \
        --save "$tmp/$target" < /dev/null > "$tmp/out" 2> "$tmp/err" ||
        ! grep -q "not replaced" "$tmp/err" || [ "$(cat "$tmp/notes.txt")" != "my notes" ]; then
        bad "--save $target replaced a file that is not a record"; cat "$tmp/err"
    else
        ok "--save $target is refused, the file kept"
    fi
done
if "$RIMAU" play ../games/rimau-rimau-b.game -q --seed 5 --tigers=random --men=random \
    --save /dev/null < /dev/null > "$tmp/out" 2> "$tmp/err" || ! grep -q "is a device" "$tmp/err"; then
    bad "--save /dev/null is not refused"; cat "$tmp/err"
else
    ok "--save /dev/null is refused"
fi
"$RIMAU" play ../games/rimau-rimau-b.game -q --seed 5 --tigers=random --men=random \
    --save "$tmp/notes.txt" --force < /dev/null > /dev/null 2>&1
if head -1 "$tmp/notes.txt" | grep -q '^\[Game '; then
    ok "--force replaces a file that is not a record"
else
    bad "--force does not replace the file"
fi
rm -f "$tmp/umask.rec"
(umask 022 && "$RIMAU" play ../games/rimau-rimau-b.game -q --seed 5 --tigers=random --men=random \
    --save "$tmp/umask.rec" < /dev/null > /dev/null 2>&1)
(umask 022 && "$RIMAU" play ../games/rimau-rimau-b.game -q --seed 6 --tigers=random --men=random \
    --save "$tmp/umask.rec" < /dev/null > /dev/null 2>&1) # a record of ours is replaced
if [ "$(ls -l "$tmp/umask.rec" | cut -c1-10)" = "-rw-r--r--" ] && grep -q '^\[Game ' "$tmp/umask.rec"; then
    ok "a record is made with the umask's mode and replaced when it is ours"
else
    bad "the record's mode is $(ls -l "$tmp/umask.rec" | cut -c1-10), not -rw-r--r--"
fi

# A game file whose name holds '"', ']' and '\' gives a record that
# replays: the Game tag escapes them.
odd="$tmp/odd \"q\" ]x\\y.game"
cp ../games/tiger-and-buffaloes.game "$odd"
"$RIMAU" play "$odd" -q --seed 4 --tigers=random --buffaloes=random --save "$tmp/odd.rec" \
    < /dev/null > /dev/null 2>&1
if "$RIMAU" replay -q "$tmp/odd.rec" > "$tmp/out" 2>&1; then
    ok "a game file named with a quote, a bracket and a backslash replays from its record"
else
    bad "the record of a game file with an odd name does not replay"; cat "$tmp/out"
fi

# Turns whose texts are longer than 1,023 characters (drops of a kind with
# a 1,100-letter name) are listed whole, and their record replays.
k=$(head -c 1100 /dev/zero | tr '\0' k)
{
    printf 'game "long drops"\nboard { grid 3 x 3 }\n'
    printf 'side a { piece %s 2\n piece p 1 }\nside b { piece q 1 }\n' "$k"
    printf 'setup { %s in hand 2\n p at a1\n q at c3 }\n' "$k"
    printf 'phase drop of a { turn drop %s; ends when hand empty }\nphase move of a { turn step p }\n' "$k"
    printf 'phase move of b { turn step q }\n'
} > "$tmp/longdrop.game"
"$RIMAU" moves "$tmp/longdrop.game" > "$tmp/out" 2>&1
if [ "$(awk '{ print length($0) }' "$tmp/out" | sort -n | tail -1)" -eq 1103 ]; then
    ok "moves lists a turn of 1,103 characters whole"
else
    bad "moves cuts a long turn"; cut -c1-80 "$tmp/out"
fi
"$RIMAU" play "$tmp/longdrop.game" -q --seed 2 --a=random --b=random --save "$tmp/longdrop.rec" \
    < /dev/null > /dev/null 2>&1
if "$RIMAU" replay -q "$tmp/longdrop.rec" > "$tmp/out" 2>&1; then
    ok "the record of turns longer than 1,023 characters replays"
else
    bad "the record of long turns does not replay"; cut -c1-200 "$tmp/out"
fi

# A record over the 1 MiB of a .game file replays: records have their own
# limit.
{ head -c 1500000 /dev/zero | tr '\0' '#' | fold -w 100; echo; cat "$tmp/odd.rec"; } > "$tmp/big.rec"
if "$RIMAU" replay -q "$tmp/big.rec" > "$tmp/out" 2>&1; then
    ok "a record of 1.5 MB replays"
else
    bad "a record of 1.5 MB is refused"; head -3 "$tmp/out"
fi

# A record cut anywhere is refused: every 5th byte of a finished game's
# record, and of an unfinished one's (the whole ones are accepted).
"$RIMAU" play ../games/tiger-and-buffaloes.game -q --seed 4 --tigers=random --buffaloes=random \
    --save "$tmp/whole.rec" < /dev/null > /dev/null 2>&1
printf 'c1,c3,b4,c4\nquit\n' | "$RIMAU" play ../games/tiger-and-buffaloes.game -q \
    --tigers=human --buffaloes=random --seed 4 --save "$tmp/part.rec" > /dev/null 2>&1
for whole in whole part; do
    size=$(wc -c < "$tmp/$whole.rec")
    # (all the cuts replayed by one rimau, each named by its bytes)
    cuts "$tmp/$whole.rec" 1 $((size - 1)) $((9 * step)) "$tmp/cuts-$whole" > "$tmp/list"
    # shellcheck disable=SC2046
    "$RIMAU" replay -q $(cat "$tmp/list") > "$tmp/out" 2> /dev/null
    accepted=$(accepted "$tmp/out")
    if [ -z "$accepted" ] && [ "$(grep -c '^==> ' "$tmp/out")" = "$(wc -l < "$tmp/list")" ] &&
       "$RIMAU" replay -q "$tmp/$whole.rec" > /dev/null 2>&1; then
        ok "the $whole record cut at one byte in $((9 * step)) is refused, whole it is accepted"
    else
        bad "the $whole record cut at bytes$accepted is accepted (or whole refused)"
    fi
done

# play --resume opens its record, and the game file the record names,
# without waiting: a FIFO in either place is refused at once.
rm -f "$tmp/fifo.game" "$tmp/fifo.rec"
mkfifo "$tmp/fifo.game" "$tmp/fifo.rec"
sed 's/^\[Game .*/[Game "fifo.game"]/; s/^\[File .*/[File "fifo.game"]/' "$tmp/whole.rec" > "$tmp/names-fifo.rec"
timeout 20 "$RIMAU" play --resume "$tmp/fifo.rec" -q < /dev/null > /dev/null 2> "$tmp/err1"
st1=$?
timeout 20 "$RIMAU" play --resume "$tmp/names-fifo.rec" -q < /dev/null > /dev/null 2> "$tmp/err2"
st2=$?
if [ "$st1" -eq 1 ] && grep -q "it is a FIFO" "$tmp/err1" &&
   [ "$st2" -eq 1 ] && grep -q "fifo.game: error: .*it is a FIFO" "$tmp/err2"; then
    ok "play --resume refuses a FIFO as its record or as the record's game file, at once"
else
    bad "play --resume with a FIFO: status $st1 and $st2"; cat "$tmp/err1" "$tmp/err2"
fi

# play --resume of a record whose result its turns do not give, or that
# is wrong in the middle: refused (the game would replace the record),
# unless --force.
sed 's/^\[Result .*/[Result "tigers win"]/' "$tmp/whole.rec" > "$tmp/claims.rec"
sed 's/^\[Result .*/[Result "buffaloes win"]/' "$tmp/part.rec" > "$tmp/claims-part.rec"
cp "$tmp/claims.rec" "$tmp/claims.orig"
for r in claims claims-part; do
    if "$RIMAU" play --resume "$tmp/$r.rec" -q --tigers=random --buffaloes=random --seed 1 \
        < /dev/null > "$tmp/out" 2> "$tmp/err"; then
        bad "play --resume of a record whose result its turns do not give goes on ($r)"; cat "$tmp/out"
    elif ! grep -q "error: the record's result is '[a-z]* win', but its turns give '[^']*': it is not resumed (--force goes on from its turns)" "$tmp/err" ||
         grep -q "going on" "$tmp/out"; then
        bad "play --resume of a contradicted record: the message"; cat "$tmp/err"
    elif ! "$RIMAU" play --resume "$tmp/$r.rec" -q --force --tigers=random --buffaloes=random \
        --seed 1 < /dev/null > "$tmp/out" 2> "$tmp/err" || ! grep -q "warning: the record's result" "$tmp/err" ||
         ! "$RIMAU" replay -q "$tmp/$r.rec" > /dev/null 2>&1; then
        bad "play --resume --force of a contradicted record"; cat "$tmp/err"
    else
        ok "play --resume refuses a record whose result its turns do not give, --force goes on ($r)"
    fi
done
sed 's/^1\. /1. a1,c3,b4,c4 9. /' "$tmp/part.rec" > "$tmp/wrong-number.rec"
cp "$tmp/wrong-number.rec" "$tmp/wrong-number.orig"
if ! "$RIMAU" play --resume "$tmp/wrong-number.rec" -q --tigers=random --buffaloes=random \
        < /dev/null > /dev/null 2> "$tmp/err" && grep -q "it is not resumed (--force goes on from there)" "$tmp/err" &&
   cmp -s "$tmp/wrong-number.rec" "$tmp/wrong-number.orig"; then
    ok "play --resume refuses a record wrong in its middle, and leaves it as it was"
else
    bad "play --resume goes on with a record wrong in its middle"; cat "$tmp/err"
fi

# A game played with --save keeps a live record (doc/notation.md): the
# record is written whole before the first turn, then each turn is added
# at its end, one a line, so a turn costs the same whatever the game's
# length. Seen from outside while two humans play from a FIFO: the file
# stays the same file (same inode) and its first lines stay as they were;
# an undo writes it again without the turns taken back; 'save' at the
# prompt leaves it growing. Killed, it replays to its last whole line.
cat > "$tmp/walk.game" <<'EOF'
game "walk"
board { grid 3 x 3 }
side a { piece p 1 }
side b { piece q 1 }
setup { p at a1
  q at c3 }
rules {
    draw after 300 turns
    draw on repetition never
}
phase move of a { turn step p }
phase move of b { turn step q }
EOF
"$RIMAU" play "$tmp/walk.game" -q --seed 3 --a=random --b=random --save "$tmp/walk.rec" \
    < /dev/null > /dev/null 2>&1
sed '1,/^$/d' "$tmp/walk.rec" | tr ' ' '\n' | grep -v -e '^[0-9]*\.$' -e '^\*$' -e '^$' \
    > "$tmp/walk.turns"
# turns_in FILE: the number of turn lines of a live record
turns_in() { grep -c '^[0-9]*\. ' "$1" 2> /dev/null; }
# wait_turns N: until the live record holds N turns (at most 60 s)
wait_turns() {
    k=0
    while [ "$(turns_in "$tmp/live.rec")" != "$1" ] && [ "$k" -lt 600 ]; do
        sleep 0.1; k=$((k + 1))
    done
}
inode() { ls -i "$1" | awk '{ print $1 }'; }
rm -f "$tmp/in"; mkfifo "$tmp/in"
"$RIMAU" play "$tmp/walk.game" -q --a=human --b=human --save "$tmp/live.rec" \
    < "$tmp/in" > "$tmp/live.out" 2>&1 &
pid=$!
exec 3> "$tmp/in"
sed -n 1p "$tmp/walk.turns" >&3
wait_turns 1
ino1=$(inode "$tmp/live.rec"); cp "$tmp/live.rec" "$tmp/live-1.rec"
sed -n 2,20p "$tmp/walk.turns" >&3
wait_turns 20
if [ "$(turns_in "$tmp/live.rec")" = 20 ] && [ "$(inode "$tmp/live.rec")" = "$ino1" ] &&
   head -c "$(wc -c < "$tmp/live-1.rec")" "$tmp/live.rec" | cmp -s - "$tmp/live-1.rec" &&
   grep -q '^\[Live ' "$tmp/live.rec" && grep -q '^20\. [^ ]*$' "$tmp/live.rec"; then
    ok "a game with --save adds each turn to the end of its record, one a line, the file kept"
else
    bad "the record of a game with --save is not added to (inode $ino1, now $(inode "$tmp/live.rec"))"
    tail -3 "$tmp/live.rec"
fi
echo undo >&3
wait_turns 19
sed -n 20,30p "$tmp/walk.turns" >&3
echo save >&3
sed -n 31,40p "$tmp/walk.turns" >&3
wait_turns 40
sed '1,/^$/d' "$tmp/live.rec" | sed 's/^[0-9]*\. //' > "$tmp/live.turns"
if head -n 40 "$tmp/walk.turns" | cmp -s - "$tmp/live.turns"; then
    ok "undo and save at the prompt leave the record holding the game's turns"
else
    bad "after undo and save, the record's turns are not the game's"
    diff "$tmp/live.turns" "$tmp/walk.turns" | head -5
fi
kill -s KILL "$pid" 2> /dev/null
exec 3>&-
wait "$pid" 2> /dev/null
if "$RIMAU" replay -q "$tmp/live.rec" > "$tmp/out" 2>&1 && grep -q '^result: unfinished after 40 turns$' "$tmp/out" &&
   grep -q '^a live record' "$tmp/out"; then
    ok "the live record of a killed game replays"
else
    bad "the live record of a killed game does not replay"; cat "$tmp/out"
fi
# Cut at every byte of its last line (a turn being added when the kill
# came), and of the lines before: the turns of its whole lines are read,
# a cut line is left out with a warning.
size=$(wc -c < "$tmp/live.rec")
head=$(sed '/^$/q' "$tmp/live.rec" | wc -l)
from=$((size - $(tail -n 3 "$tmp/live.rec" | wc -c)))
# (each cut CUT, the turns of its whole lines WANT, and whether it ends in
# the middle of a line, worked out at once from the lines' ends)
awk -v from="$from" -v size="$size" -v head="$head" -v step="$step" '
    { end[NR] = (NR > 1 ? end[NR - 1] : 0) + length($0) + 1 }
    END {
        for (cut = from; cut <= size; cut += step) {
            whole = 0; partial = "yes"
            for (i = 1; i <= NR && end[i] <= cut; i++) { whole = i; if (end[i] == cut) partial = "no" }
            print cut, whole - head, partial
        }
    }' "$tmp/live.rec" > "$tmp/cuts"
# (one rimau replays them all: each cut must be valid, its result the
# turns of its whole lines, and warned of a cut line exactly when it ends
# in one; its output, its messages and the cuts read by one awk)
mkdir -p "$tmp/live-cuts"
while read -r cut want partial; do
    head -c "$cut" "$tmp/live.rec" > "$tmp/live-cuts/$cut.rec"
    echo "$tmp/live-cuts/$cut.rec"
done < "$tmp/cuts" > "$tmp/list"
# shellcheck disable=SC2046
"$RIMAU" replay -q $(cat "$tmp/list") > "$tmp/out" 2> "$tmp/err"
bad_cuts=$(awk '
    function base(f) { sub(/:.*/, "", f); sub(/.*\//, "", f); sub(/\.rec$/, "", f); return f }
    FILENAME == ARGV[1] { want[$1] = $2; partial[$1] = $3; next }
    FILENAME == ARGV[2] {
        if ($0 ~ /^==> .* <==$/) cur = base($2)
        else if (index($0, "result: ") == 1) res[cur] = $0
        else if ($0 ~ /^[0-9]+ records?: /) for (i = 7; i <= NF; i++) invalid[base($i)] = 1
        next
    }
    index($0, ": warning: the last line is cut off (no newline ends it): it is left out, " \
               "and the record ends with turn ") { warned[base($0)] = $NF }
    END {
        for (c in want) {
            t = want[c] == 1 ? "turn" : "turns"
            w = (c in warned) && warned[c] == want[c] ? "yes" : "no"
            if ((c in invalid) || res[c] != "result: unfinished after " want[c] " " t || w != partial[c])
                printf " %s", c
        }
    }' "$tmp/cuts" "$tmp/out" "$tmp/err")
if [ -z "$bad_cuts" ]; then
    ok "the live record cut at one byte in $step of its last three lines replays to its last whole line"
else
    bad "the live record cut at bytes$bad_cuts does not replay to its last whole line"
fi
# Cut in its tags (before the Live tag is whole): refused, as any record
# cut there; a whole line that is wrong: refused.
live_end=$(($(sed -n '1,/^\[Live /p' "$tmp/live.rec" | wc -c) - 1))
cuts "$tmp/live.rec" 1 "$live_end" $((5 * step)) "$tmp/tag-cuts" > "$tmp/list"
# shellcheck disable=SC2046
"$RIMAU" replay -q $(cat "$tmp/list") > "$tmp/out" 2> /dev/null
accepted=$(accepted "$tmp/out")
[ "$(grep -c '^==> ' "$tmp/out")" = "$(wc -l < "$tmp/list")" ] || accepted="$accepted (not every cut was replayed)"
sed '$s/^\(40\.\) .*/\1 a1-c3/' "$tmp/live.rec" > "$tmp/wrong-last.rec"
sed 's/^\(20\.\) .*/\1 zz9/' "$tmp/live.rec" > "$tmp/wrong-mid.rec"
if [ -z "$accepted" ] &&
   ! "$RIMAU" replay -q "$tmp/wrong-last.rec" > /dev/null 2> "$tmp/err1" &&
   grep -q "turn 40 'a1-c3': not a legal turn" "$tmp/err1" &&
   ! "$RIMAU" replay -q "$tmp/wrong-mid.rec" > /dev/null 2> "$tmp/err2" &&
   grep -q "turn 20 'zz9'" "$tmp/err2"; then
    ok "a live record cut in its tags, or with a wrong whole line, is refused"
else
    bad "a live record cut in its tags (accepted at$accepted) or with a wrong line is accepted"
    cat "$tmp/err1" "$tmp/err2"
fi
# play --resume goes on with a cut live record from its last whole line,
# and removes the temporary files a killed process left beside it.
head -c $((size - 3)) "$tmp/live.rec" > "$tmp/cut.rec"
dead=$(sh -c 'echo $$')
printf 'cut' > "$tmp/cut.rec.tmp-$dead-3"
if "$RIMAU" play --resume "$tmp/cut.rec" -q --a=random --b=random --seed 1 > "$tmp/out" 2> "$tmp/err" &&
   grep -q "going on after turn 39\$" "$tmp/out" && grep -q "warning: the last line is cut off" "$tmp/err" &&
   "$RIMAU" replay -q "$tmp/cut.rec" 2>&1 | grep -q "^result: draw (the turn limit of 300 is reached) after 300 turns\$" &&
   ! grep -q '^\[Live ' "$tmp/cut.rec" && [ ! -e "$tmp/cut.rec.tmp-$dead-3" ]; then
    ok "play --resume goes on with a cut live record to the end, and removes a dead process's temporary file"
else
    bad "play --resume of a cut live record"; cat "$tmp/out" "$tmp/err" | tail -5; ls "$tmp" | grep "tmp-"
fi

# Each turn costs one small write, handed to the system at once (a kill
# loses none), and the record is made durable at most once a second
# (fdatasync), whatever the game's length: traced with strace (skipped
# without it), a game of 300 turns renames a file twice (the record
# written whole at the start and at the end), writes to its record files
# at least once a turn but less than four times the record's size (a
# whole record written after every turn: some 70 times), and syncs them
# far fewer times than it has turns (once a turn: 300).
if command -v strace > /dev/null 2>&1 && strace -o /dev/null true > /dev/null 2>&1; then
    strace -f -y -e trace=rename,renameat,renameat2,write,fdatasync -o "$tmp/trace" \
        "$RIMAU" play "$tmp/walk.game" -q --seed 3 --a=random --b=random --save "$tmp/traced.rec" \
        < /dev/null > /dev/null 2>&1
    renames=$(grep -c '^[0-9]* *rename' "$tmp/trace")
    syncs=$(grep -c 'fdatasync([0-9]*<[^>]*traced\.rec>)' "$tmp/trace")
    writes=$(grep -c 'write([0-9]*<[^>]*traced\.rec[^>]*>' "$tmp/trace")
    written=$(grep 'write([0-9]*<[^>]*traced\.rec[^>]*>' "$tmp/trace" | sed -n 's/.*) *= *\([0-9]*\)$/\1/p' |
        awk '{ s += $1 } END { print s + 0 }')
    size=$(wc -c < "$tmp/traced.rec")
    if [ "$renames" -eq 2 ] && [ "$writes" -ge 300 ] && [ "$syncs" -lt 30 ] &&
       [ "$written" -lt $((4 * size)) ]; then
        ok "a game of 300 turns: 2 renames, $writes writes, $syncs syncs, $written bytes written for a record of $size"
    else
        bad "a game of 300 turns: $renames renames, $writes writes, $syncs syncs, $written bytes written for a record of $size"
    fi
else
    echo "skip: no strace that runs here: the writes of a game are not counted"
fi

# An unwritable record path: reported before the first turn, so that no
# game is played for nothing; status 1.
"$RIMAU" play ../games/rimau-rimau-b.game -q --seed 5 --tigers=random --men=random \
    --save "$tmp/no/such/dir/game.rec" < /dev/null > "$tmp/out" 2> "$tmp/err"
status=$?
if [ "$status" -eq 1 ] && grep -q "cannot write" "$tmp/err" && ! grep -q "^1\. " "$tmp/out"; then
    ok "an unwritable record path is reported before the game"
else
    bad "unwritable record path: status $status"; cat "$tmp/err" "$tmp/out"
fi
# A bad turn and commands at the prompt, then end of input: status 0 (an interrupted game is no error), no crash.
printf 'zz9\nc3-c9\nhelp\nmoves\nundo\n\001\002\n' | "$RIMAU" play ../games/rimau-rimau-b.game -q --men=random > "$tmp/out" 2>&1
status=$?
if [ "$status" -eq 0 ] && grep -q "unknown point 'zz9'" "$tmp/out" &&
   grep -q "'c3-c9': not a legal turn here" "$tmp/out" && grep -q "end of input" "$tmp/out"; then
    ok "bad input at the prompt gets messages and the prompt again"
else
    bad "bad input at the prompt: status $status"; cat "$tmp/out"
fi

# A turn in which no move is made is written "-": listed, typed, saved in
# a record and replayed.
cat > "$tmp/pass.game" <<'EOF'
game "pass"
board { grid 3 x 1 at a1 }
side tigers { piece tiger 1 }
side men { piece man 1 }
setup { tiger at a1
  man at c1 }
phase hunt of tigers { turn step tiger optional }
phase move of men { turn step man }
EOF
if [ "$("$RIMAU" moves "$tmp/pass.game" --after "- c1-b1")" = "-" ]; then
    ok "a turn with no move is listed as -, and played from --after"
else
    bad "a turn with no move is listed as -, and played from --after"
fi
printf -- '-\nc1-b1\n-\nquit\n' | "$RIMAU" play "$tmp/pass.game" --tigers=human --men=human \
    --save "$tmp/pass.rec" > /dev/null 2>&1
if grep -q '^1\. - 2\. c1-b1 3\. - \*$' "$tmp/pass.rec" &&
   "$RIMAU" replay -q "$tmp/pass.rec" 2>&1 | grep -q '^result: unfinished after 3 turns$'; then
    ok "a record with turns of no move is written and replayed"
else
    bad "a record with turns of no move is written and replayed"
fi

# replay -o: the option values of the game replayed, where the record's
# Option tags say nothing of them (a record written by hand, or before the
# game had the option); a tag that says another value is an error at it.
"$RIMAU" play ../games/kaooa.game -q -o first=vulture --crows=random --vulture=random --seed 3 \
    --save "$tmp/vulture.rec" > /dev/null 2>&1
grep -v '^\[Option' "$tmp/vulture.rec" > "$tmp/untagged.rec"
if ! "$RIMAU" replay -q "$tmp/untagged.rec" > /dev/null 2>&1; then
    ok "a record of first=vulture without its Option tags does not replay with the defaults"
else
    bad "a record of first=vulture without its Option tags replays with the defaults"
fi
if "$RIMAU" replay -q -o first=vulture "$tmp/untagged.rec" > "$tmp/replay.out" 2>&1 &&
   [ "$(grep '^result:' "$tmp/replay.out")" = "$("$RIMAU" replay -q "$tmp/vulture.rec" | grep '^result:')" ]; then
    ok "replay -o first=vulture replays it, to its result"
else
    bad "replay -o first=vulture does not replay it"; tail -3 "$tmp/replay.out"
fi
if "$RIMAU" replay -q --option first=vulture "$tmp/vulture.rec" > /dev/null 2>&1; then
    ok "replay -o of the value the record's Option tag says"
else
    bad "replay -o of the value the record's Option tag says"
fi
"$RIMAU" replay -q -o first=crows "$tmp/vulture.rec" > "$tmp/replay.out" 2> "$tmp/replay.err"
st=$?
if [ "$st" -eq 1 ] && grep -q "vulture.rec:4:1: error: the record's game was played with first=vulture, not with -o first=crows" "$tmp/replay.err" &&
   ! grep -q '^result:' "$tmp/replay.out"; then
    ok "replay -o of another value than the record's Option tag is an error at the tag"
else
    bad "replay -o of another value than the record's tag: status $st"; cat "$tmp/replay.err"
fi

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
