#!/bin/sh
# Tournaments: the same seed gives the same results whatever the number of
# threads, and the shards of a tournament merged by summarize give the
# table of the whole; so do the slices of doc/balance.sh; a cut
# tournament resumed gives the games of one run.
set -u
: "${RIMAU:?}" "${srcdir:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
game="$srcdir/games/tiger-and-buffaloes.game"
fail=0 n=0
check() { n=$((n + 1)); if eval "$2"; then echo "ok $1"; else echo "FAIL $1"; fail=$((fail + 1)); fi; }

"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 -j 1 --json "$tmp/a.json" > "$tmp/a.out" 2>&1
"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 -j 2 --json "$tmp/b.json" > "$tmp/b.out" 2>&1
check "the same seed gives the same games with 1 and 2 threads" 'cmp -s "$tmp/a.json" "$tmp/b.json"'
check "12 games are written" '[ "$(wc -l < "$tmp/a.json")" -eq 12 ]'
"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 8 --json "$tmp/c.json" > /dev/null 2>&1
check "another seed gives other games" '! cmp -s "$tmp/a.json" "$tmp/c.json"'
for k in 1 2 3; do
    "$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 --shard "$k/3" \
        --json "$tmp/shard-$k.json" > /dev/null 2>&1
done
check "the shards hold every game once" '[ "$(cat "$tmp"/shard-*.json | sort | md5sum)" = "$(sort "$tmp/a.json" | md5sum)" ]'
"$RIMAU" summarize "$tmp"/shard-*.json > "$tmp/merged.out"
"$RIMAU" summarize "$tmp/a.json" > "$tmp/whole.out"
check "summarize of the shards equals the whole" 'cmp -s "$tmp/merged.out" "$tmp/whole.out"'
check "the table has a row per player and side" '[ "$(grep -c "^mcts:30\|^random" "$tmp/whole.out")" -eq 4 ]'
check "selfplay and summarize print the same table" '[ "$(tail -n +2 "$tmp/a.out")" = "$(tail -n +2 "$tmp/whole.out")" ]'
# The balance script: a row played in slices gives the row of one run,
# and PLAY=no writes the rows not played as such.
balance() {
    env PLAYER=random GAMES=6 SEED=3 JOBS=1 RIMAU="$RIMAU" "$@" \
        sh "$srcdir/doc/balance.sh" tiger-and-buffaloes > /dev/null 2>&1
}
balance SHARDS=1 WORK="$tmp/w1" OUT="$tmp/b1.md"
balance SHARDS=4 WORK="$tmp/w4" OUT="$tmp/b4.md"
check "the balance script writes a row per option" '[ "$(grep -c "^| tiger-and-buffaloes | .* | tigers [0-9]" "$tmp/b1.md")" -eq 3 ]'
check "a row played in slices is the row of one run" '[ "$(grep "^| tiger" "$tmp/b1.md")" = "$(grep "^| tiger" "$tmp/b4.md")" ]'
check "the slices are joined into one file" '[ "$(cat "$tmp"/w4/*.json | wc -l)" -eq 18 ] && ! ls "$tmp"/w4/*-of-4.json > /dev/null 2>&1'
balance PLAY=no SHARDS=4 WORK="$tmp/w4" OUT="$tmp/b5.md"
check "PLAY=no keeps the rows played" '[ "$(grep "^| tiger" "$tmp/b4.md")" = "$(grep "^| tiger" "$tmp/b5.md")" ]'
env PLAY=no GAMES=6 WORK="$tmp/w4" OUT="$tmp/b6.md" RIMAU="$RIMAU" sh "$srcdir/doc/balance.sh" > /dev/null 2>&1
rows=$(sed -n '/^rows="/,/^"/p' "$srcdir/doc/balance.sh" | grep -c ' ') # the script's rows
check "PLAY=no shows the other rows as not played" '[ "$(grep -c "| not played yet |" "$tmp/b6.md")" -eq $((rows - 3)) ]'
env PLAY=no GAMES=6 WORK="$tmp/w4" OUT="$tmp/b7.md" RIMAU="$RIMAU" sh "$srcdir/doc/balance.sh" multi-jump > /dev/null 2>&1
check "a filter on an option keeps that row only" '[ "$(grep -c "^| " "$tmp/b7.md")" -eq 3 ] && grep -q "^| tiger-and-buffaloes | multi-jump=yes | tigers [0-9]" "$tmp/b7.md"'

# --resume: a tournament cut in the middle of a line (a kill) goes on
# from its first games and gives the file and table of one run; a file
# of another tournament is refused and left alone.
{ head -n 6 "$tmp/a.json"; sed -n 7p "$tmp/a.json" | head -c 40; } > "$tmp/r.json"
"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 -j 2 --json "$tmp/r.json" \
    --resume > "$tmp/r.out" 2> "$tmp/r.err"
check "--resume completes a cut tournament" 'cmp -s "$tmp/a.json" "$tmp/r.json"'
check "--resume gives the table of one run" 'cmp -s "$tmp/a.out" "$tmp/r.out"'
check "--resume says how many games were played before" 'grep -q "6 of the 12 games are in" "$tmp/r.err"'
cp "$tmp/a.json" "$tmp/other.json"
check "--resume refuses the file of another seed" '! "$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 8 --json "$tmp/other.json" --resume > /dev/null 2> "$tmp/o.err"'
check "the refusal names the line" 'grep -q "other.json:1: error: not game 1 of this tournament" "$tmp/o.err"'
check "the refused file is left as it was" 'cmp -s "$tmp/a.json" "$tmp/other.json"'

# --json over a file that is not ours: refused before any game, kept;
# --force replaces it.
printf 'my notes\n' > "$tmp/notes.txt"
check "--json over a file not ours is refused" '! "$RIMAU" selfplay "$game" -n 2 --players random,random --json "$tmp/notes.txt" > "$tmp/n.out" 2> "$tmp/n.err" && grep -q "not replaced" "$tmp/n.err" && [ "$(cat "$tmp/notes.txt")" = "my notes" ] && [ ! -s "$tmp/n.out" ]'
check "--force replaces it" '"$RIMAU" selfplay "$game" -n 2 --players random,random --json "$tmp/notes.txt" --force > /dev/null 2>&1 && [ "$(wc -l < "$tmp/notes.txt")" -eq 2 ]'
check "--records makes its folder" '"$RIMAU" selfplay "$game" -n 2 --players random,random --records "$tmp/recs" > /dev/null 2>&1 && [ -f "$tmp/recs/game-000002.rec" ]'

# Issue 27: a file that holds games is never wiped by a new run: without
# --resume or --force it is refused before the first game and kept.
cp "$tmp/a.json" "$tmp/earlier.json"
check "--json over an earlier run's file is refused" '! "$RIMAU" selfplay "$game" -n 2 --players random,random --json "$tmp/earlier.json" > "$tmp/e.out" 2> "$tmp/e.err"'
check "the refusal says why and what to give" 'grep -q "earlier.json: it holds the games of an earlier run: not replaced (--resume goes on with them, --force replaces them)" "$tmp/e.err"'
check "the earlier run's file is kept, no game played" 'cmp -s "$tmp/a.json" "$tmp/earlier.json" && [ ! -s "$tmp/e.out" ]'
check "--force replaces an earlier run's file" '"$RIMAU" selfplay "$game" -n 2 --players random,random --json "$tmp/earlier.json" --force > /dev/null 2>&1 && [ "$(wc -l < "$tmp/earlier.json")" -eq 2 ]'
: > "$tmp/empty.json"
check "an empty file is written" '"$RIMAU" selfplay "$game" -n 2 --players random,random --json "$tmp/empty.json" > /dev/null 2>&1 && [ "$(wc -l < "$tmp/empty.json")" -eq 2 ]'

# A full disk, stood in for by the file size limit (2 KB, some 12 lines):
# one message with the reason, status 1, no game started after it, the
# file cut back to its last whole line; --resume then completes the run.
"$RIMAU" selfplay "$game" -n 40 --players random,random --seed 4 --json "$tmp/whole40.json" > /dev/null 2>&1
# (GCOV_*: in a coverage build, a process past the file size limit would
# cut the counts file it writes at exit, and every later run would say so:
# its counts go to $tmp/gcov, and are not counted.)
env GCOV_PREFIX="$tmp/gcov" GCOV_ERROR_FILE=/dev/null sh -c 'trap "" XFSZ; ulimit -f 2; exec "$1" selfplay "$2" -n 40 --players random,random --seed 4 -j 2 --json "$3"' \
    sh "$RIMAU" "$game" "$tmp/full.json" > "$tmp/full.out" 2> "$tmp/full.err"
status=$?
check "selfplay past the file size limit fails" '[ "$status" -eq 1 ]'
check "the failure names the file and the reason, once" '[ "$(grep -c . "$tmp/full.err")" -eq 1 ] && grep -q "^rimau selfplay: cannot write .*full.json: File too large\$" "$tmp/full.err"'
played=$(sed -n 's/^Tiger and Buffaloes: \([0-9]*\) of 40 games, stopped (seed 4)$/\1/p' "$tmp/full.out")
check "the table says the tournament stopped, and no game was started after" '[ "${played:-40}" -lt 40 ]'
check "the file ends at its last whole line" '[ -s "$tmp/full.json" ] && [ "$(tail -c 1 "$tmp/full.json" | od -An -c | tr -d " ")" = "\\n" ] && "$RIMAU" summarize "$tmp/full.json" > /dev/null 2>&1'
check "the lines kept are the first games" '[ "$(head -n "$(wc -l < "$tmp/full.json")" "$tmp/whole40.json" | md5sum)" = "$(md5sum < "$tmp/full.json")" ]'
check "--resume then completes the run" '"$RIMAU" selfplay "$game" -n 40 --players random,random --seed 4 -j 2 --json "$tmp/full.json" --resume > /dev/null 2>&1 && cmp -s "$tmp/full.json" "$tmp/whole40.json"'
# the same for the records: one message, status 1
env GCOV_PREFIX="$tmp/gcov" GCOV_ERROR_FILE=/dev/null sh -c 'trap "" XFSZ; ulimit -f 1; exec "$1" selfplay "$2" -n 40 --players random,random --seed 4 -j 2 --records "$3"' \
    sh "$RIMAU" "$game" "$tmp/full-recs" > /dev/null 2> "$tmp/fr.err"
status=$?
check "selfplay --records past the file size limit fails, said once" '[ "$status" -eq 1 ] && [ "$(grep -c . "$tmp/fr.err")" -eq 1 ] && grep -q "^rimau selfplay: cannot write .*full-recs/game-[0-9]*.rec: File too large\$" "$tmp/fr.err"'
check "no record is left cut" '! ls "$tmp/full-recs" | grep -q tmp- && for r in "$tmp"/full-recs/*.rec; do "$RIMAU" replay -q "$r" > /dev/null 2>&1 || exit 1; done'
# a link put in the records folder is refused before the first game
mkdir "$tmp/linked-recs"
printf 'precious\n' > "$tmp/target"
ln -s ../target "$tmp/linked-recs/game-000002.rec"
check "a linked record in --records is refused before the first game" '! "$RIMAU" selfplay "$game" -n 4 --players random,random --records "$tmp/linked-recs" --force > "$tmp/l.out" 2> "$tmp/l.err" && grep -q "game-000002.rec: it is a symbolic link: not replaced" "$tmp/l.err" && [ ! -s "$tmp/l.out" ] && [ ! -e "$tmp/linked-recs/game-000001.rec" ] && [ "$(cat "$tmp/target")" = precious ]'

# summarize: a folder is an error, not "0 games"; more than 64 rows of
# player and side are refused, not dropped.
mkdir "$tmp/folder.json"
check "summarize of a folder is an error" '! "$RIMAU" summarize "$tmp/folder.json" > /dev/null 2> "$tmp/f.err" && grep -q "cannot read" "$tmp/f.err"'
i=0
while [ "$i" -lt 40 ]; do
    i=$((i + 1))
    printf '{"game": %d, "seed": 1, "sides": ["a", "b"], "players": ["p%d", "q%d"], "winner": "a", "turns": 3, "captures": 0}\n' "$i" "$i" "$i"
done > "$tmp/many.json"
check "summarize refuses rows past 64, naming the line" '! "$RIMAU" summarize "$tmp/many.json" > "$tmp/m.out" 2> "$tmp/m.err" && grep -q "many.json:33: error: more than 64 rows" "$tmp/m.err" && grep -q "^32 games" "$tmp/m.out"'

# summarize reads regular files only: /dev/zero, which never ends, and a
# FIFO, which would wait for a writer, are refused at once.
mkfifo "$tmp/fifo.json"
check "summarize of /dev/zero is refused at once" 'timeout 20 "$RIMAU" summarize /dev/zero > /dev/null 2> "$tmp/z.err"; [ $? -eq 1 ] && grep -q "cannot read /dev/zero: it is a device" "$tmp/z.err"'
check "summarize of a FIFO is refused at once" 'timeout 20 "$RIMAU" summarize "$tmp/fifo.json" > /dev/null 2> "$tmp/z.err"; [ $? -eq 1 ] && grep -q "cannot read .*fifo.json: it is a FIFO" "$tmp/z.err"'
check "selfplay --resume of a FIFO is refused at once" 'timeout 20 "$RIMAU" selfplay "$game" -n 2 --players random,random --json "$tmp/fifo.json" --resume > /dev/null 2> "$tmp/z.err"; [ $? -eq 1 ] && grep -q "fifo.json: it is a FIFO" "$tmp/z.err"'

printf 'not json\n' > "$tmp/bad.json"
check "summarize rejects a bad line" '! "$RIMAU" summarize "$tmp/bad.json" > /dev/null 2>&1'

# summarize reads each line whole with a JSON parser: a malformed line is
# reported at its place and skipped, the others still count; blank lines
# are skipped; a last line without newline is a line; status 1.
{
    sed -n 1,2p "$tmp/a.json"                                        # 1, 2
    echo                                                             # 3: blank
    sed -n 3p "$tmp/a.json" | head -c 60; echo                       # 4: cut
    printf '%s junk\n' "$(sed -n 4p "$tmp/a.json")"                  # 5: garbage after
    sed -n 5p "$tmp/a.json" | sed 's/"turns"/"turns": 1, "turns"/'   # 6: a key twice
    printf '{"game": 1, "seed": "1", %070000d\n' 0                   # 7: too long
    sed -n 6p "$tmp/a.json" | tr -d '\n'                             # 8: no newline
} > "$tmp/mixed.json"
"$RIMAU" summarize "$tmp/mixed.json" > "$tmp/x.out" 2> "$tmp/x.err"
status=$?
check "summarize of a mixed file fails" '[ "$status" -eq 1 ]'
check "summarize counts the 3 good lines of a mixed file" 'grep -q "^3 games" "$tmp/x.out"'
check "summarize reports each bad line, at its place" '[ "$(wc -l < "$tmp/x.err")" -eq 4 ] &&
    grep -q "mixed.json:4:60: error: premature end of input" "$tmp/x.err" &&
    grep -q "mixed.json:5:[0-9]*: error: end of file expected near .junk." "$tmp/x.err" &&
    grep -q "mixed.json:6:[0-9]*: error: duplicate object key" "$tmp/x.err" &&
    grep -q "mixed.json:7: error: the line is longer than the 65536 bytes" "$tmp/x.err"'

# Names are written and read whole, however long: a side of 200 bytes.
long=$(printf '%0200d' 0 | tr 0 t)
sed "s/\<tigers\>/$long/g" "$game" > "$tmp/long.game"
"$RIMAU" selfplay "$tmp/long.game" -n 4 --players random,ab:1 --seed 3 --json "$tmp/long.json" > "$tmp/long.out" 2>&1
check "selfplay writes a side name of 200 bytes whole" 'grep -q "\"sides\": \[\"$long\", \"buffaloes\"\]" "$tmp/long.json"'
check "summarize reads back every line selfplay wrote" '"$RIMAU" summarize "$tmp/long.json" > "$tmp/long.sum" && grep -q "^4 games" "$tmp/long.sum" && [ "$(tail -n +2 "$tmp/long.out")" = "$(tail -n +2 "$tmp/long.sum")" ]'
head -c 700 "$tmp/long.json" > "$tmp/long-r.json"
"$RIMAU" selfplay "$tmp/long.game" -n 4 --players random,ab:1 --seed 3 --json "$tmp/long-r.json" --resume > /dev/null 2>&1
check "--resume reads back lines with long names" 'cmp -s "$tmp/long.json" "$tmp/long-r.json"'

# Seeds are strings of digits, since JSON integers stop at 2^63; the bare
# numbers earlier versions wrote, above 2^63 too, still read.
check "seeds are written as strings" '[ "$(grep -c "\"seed\": \"[0-9]*\"," "$tmp/a.json")" -eq 12 ]'
sed 's/"seed": "\([0-9]*\)"/"seed": \1/' "$tmp/a.json" > "$tmp/old.json"
check "an old file has seeds above 2^63" 'grep -q "\"seed\": 1[0-9]\{19\}," "$tmp/old.json"'
check "summarize reads the bare seeds of old files" '"$RIMAU" summarize "$tmp/old.json" > "$tmp/old.out" && cmp -s "$tmp/old.out" "$tmp/whole.out"'
head -n 6 "$tmp/old.json" > "$tmp/old-r.json"
"$RIMAU" selfplay "$game" -n 12 --players mcts:30,random --seed 7 -j 2 --json "$tmp/old-r.json" \
    --resume > "$tmp/old-r.out" 2> "$tmp/old-r.err"
check "--resume goes on from an old file" 'grep -q "6 of the 12 games are in" "$tmp/old-r.err" && cmp -s "$tmp/old-r.out" "$tmp/a.out"'

# A name that JSON cannot hold (not UTF-8) or a line too long for
# summarize cannot come from the command line: such player texts are
# refused as players before any file is written (the JSON writer's own
# refusal is tested in test_json).
bad=$(printf 'mcts:1.%061d\377' 0)
check "a player text that is not UTF-8 is refused" '"$RIMAU" selfplay "$game" -n 2 --players "$bad,random" --json "$tmp/u.json" > /dev/null 2> "$tmp/u.err"; [ $? -eq 2 ] && grep -q "the budget is longer than 63 characters" "$tmp/u.err" && [ ! -e "$tmp/u.json" ]'
huge=$(printf 'mcts:1.%070000d' 0)
check "a player text of 70,000 bytes is refused" '"$RIMAU" selfplay "$game" -n 2 --players "$huge,random" --json "$tmp/h.json" > /dev/null 2> "$tmp/h.err"; [ $? -eq 2 ] && [ ! -e "$tmp/h.json" ]'
# A game's option values are in its lines: summarize -o counts only the
# games played with them (a line that does not say them is left out), and
# --resume refuses the lines of other values.
check "each line says the option values it was played with" '[ "$(grep -c ", \"options\": {\"multi-jump\": \"no\", \"compulsory-capture\": \"no\", \"buffaloes-blocked\": \"pass\"}}$" "$tmp/a.json")" -eq 12 ]'
"$RIMAU" selfplay "$game" -n 4 --players mcts:30,random --seed 7 -o multi-jump=yes --json "$tmp/yes.json" > "$tmp/yes.out" 2>&1
check "selfplay -o writes the value played" '[ "$(grep -c "\"options\": {\"multi-jump\": \"yes\", \"compulsory-capture\": \"no\", \"buffaloes-blocked\": \"pass\"}}$" "$tmp/yes.json")" -eq 4 ]'
"$RIMAU" summarize -o multi-jump=yes "$tmp/a.json" "$tmp/yes.json" "$tmp/old.json" > "$tmp/yes.sum" 2>&1
check "summarize -o counts only the games of that value" 'grep -q "^4 games (and 24 left out, whose lines do not say -o.s option values)$" "$tmp/yes.sum" && [ "$(tail -n +2 "$tmp/yes.out")" = "$(tail -n +2 "$tmp/yes.sum")" ]'
"$RIMAU" summarize --option multi-jump=no "$tmp/a.json" "$tmp/yes.json" > "$tmp/no.sum" 2>&1
check "summarize --option multi-jump=no gives the table of the others" 'grep -q "^12 games (and 4 left out" "$tmp/no.sum" && [ "$(tail -n +2 "$tmp/no.sum")" = "$(tail -n +2 "$tmp/whole.out")" ]'
sed 's/, "options": {[^}]*}}$/}/' "$tmp/a.json" > "$tmp/unsaid.json"
check "summarize -o leaves out the lines that say no options" '"$RIMAU" summarize -o multi-jump=no "$tmp/unsaid.json" | grep -q "^0 games (and 12 left out" && "$RIMAU" summarize "$tmp/unsaid.json" | grep -q "^12 games$"'
check "summarize without -o counts every game" '"$RIMAU" summarize "$tmp/a.json" "$tmp/yes.json" | grep -q "^16 games$"'
head -n 2 "$tmp/yes.json" > "$tmp/yes-r.json"
check "--resume refuses the lines of other option values" '! "$RIMAU" selfplay "$game" -n 4 --players mcts:30,random --seed 7 --json "$tmp/yes-r.json" --resume > /dev/null 2> "$tmp/yes-r.err" && grep -q "yes-r.json:1: error: not game 1 of this tournament (its seed, shard, players, sides and options)" "$tmp/yes-r.err"'
"$RIMAU" selfplay "$game" -n 4 --players mcts:30,random --seed 7 -o multi-jump=yes --json "$tmp/yes-r.json" --resume > /dev/null 2>&1
check "--resume with the same -o goes on" 'cmp -s "$tmp/yes-r.json" "$tmp/yes.json"'
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
