#!/bin/sh
# The command line: help, version, exit statuses, usage errors.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"

game="$srcdir/games/rimau-rimau-a.game"

expect 0 "--help" "$RIMAU" --help
has "Usage: rimau COMMAND" out "--help prints the usage"
expect 0 "--version" "$RIMAU" --version
has "^rimau [0-9]" out "--version prints the version"
has "^Copyright (c) 20[0-9][0-9] The Rimau authors" out "--version has a copyright line"
has "^License: MIT (see LICENSE)" out "--version names the licence"
n=$((n + 1))
if grep -q "^MIT License" "$srcdir/LICENSE" && grep -q "The Rimau authors" "$srcdir/LICENSE" \
    && grep -q "MIT licence.*LICENSE" "$srcdir/README.md"; then
    echo "ok LICENSE holds the MIT licence of the Rimau authors, and README names it"
else
    echo "FAIL LICENSE is missing, not MIT, or not named in README.md"; fail=$((fail + 1))
fi
expect 2 "help of an unknown command" "$RIMAU" help nosuch
has "rimau help: unknown command 'nosuch' (commands: .*bench, .*play, .*selfplay" err "help names the unknown command and lists the commands"
has_no "Usage:" out "help of an unknown command prints no general help"
expect 0 "help of a command" "$RIMAU" help list
has "Usage: rimau list" out "help COMMAND prints the command's usage"
expect 2 "no command" "$RIMAU"
has "Try 'rimau --help'" err "no command points at --help"
expect 2 "unknown command" "$RIMAU" frobnicate
has "unknown command 'frobnicate'" err "unknown command is named"
has_no "did you mean" err "an unknown command far from every command gets no suggestion"
for cmd in check info show compile moves perft play replay validate list bench selfplay summarize; do
    expect 0 "$cmd --help" "$RIMAU" "$cmd" --help
    has "Usage: rimau $cmd" out "$cmd --help prints its usage"
    if [ "$cmd" != list ] && [ "$cmd" != bench ]; then
        expect 2 "$cmd without a file" "$RIMAU" "$cmd"
    fi
    expect 2 "$cmd with an unknown option" "$RIMAU" "$cmd" --no-such-option "$game"
    has "unknown option '--no-such-option'" err "$cmd names the unknown option"
    # The descriptions of the options start in one column: the column
    # after the option and its value, on every option line.
    "$RIMAU" "$cmd" --help | awk '/^  (-[A-Za-z0-9], |    )--[a-zA-Z]/ {
        match($0, /^ *(-[A-Za-z0-9], )?--[^ ]+( [A-Z][A-Z,=\/]*)? +/); print RLENGTH }' |
        sort -u > "$tmp/cols"
    n=$((n + 1))
    if [ "$(wc -l < "$tmp/cols")" -eq 1 ]; then
        echo "ok $cmd --help aligns its options' descriptions"
    else
        echo "FAIL $cmd --help: its options' descriptions start in columns $(tr '\n' ' ' < "$tmp/cols")"
        fail=$((fail + 1))
    fi
done

# The options several commands share are read in one place
# (src/cli/cli_args.c): a missing value is said as one (not as an unknown
# option), and --seed's value is checked alike everywhere.
expect 2 "moves --after without its turns" "$RIMAU" moves "$game" --after
hasf "rimau moves: option '--after' needs a value" err "a missing value is named as missing"
expect 2 "show --position without its string" "$RIMAU" show "$game" --position
hasf "rimau show: option '--position' needs a position string" err "show says what --position needs"
expect 2 "selfplay -s without its seed" "$RIMAU" selfplay "$game" -s
hasf "rimau selfplay: option '-s' needs a number" err "selfplay says what -s needs"
for cmd in analyse play selfplay; do
    expect 2 "$cmd --seed x" "$RIMAU" "$cmd" "$game" --seed x
    hasf "rimau $cmd: --seed takes a whole number, not 'x'" err "$cmd checks --seed as every command does"
done

expect 0 "check a valid game" "$RIMAU" check "$game"
n=$((n + 1))
if [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then
    echo "FAIL check of a valid game printed something"; fail=$((fail + 1))
else
    echo "ok check of a valid game prints nothing"
fi
expect 1 "check a missing file" "$RIMAU" check "$tmp/no-such.game"
has "no-such.game: error: cannot open" err "a missing file is named"
expect 1 "check a valid and an invalid file" "$RIMAU" check "$game" "$tmp/no-such.game"

# Issue 27: every file a command reads is a regular file, refused at once
# otherwise (a FIFO with no writer, a device that never ends), and every
# refusal says why; an empty path is no file (not the games folder).
mkfifo "$tmp/in-fifo"
for cmd in check info show validate replay summarize; do
    expect 1 "$cmd of an empty path" timeout 20 "$RIMAU" "$cmd" ""
    if [ "$cmd" = summarize ]; then
        has "^rimau summarize: cannot read '': an empty path names no file\$" err "$cmd of an empty path says so"
    else
        has "^'': error: cannot open: an empty path names no file\$" err "$cmd of an empty path says so"
    fi
    has_no ": : \|games/" err "$cmd of an empty path names no folder, no empty reason"
    expect 1 "$cmd of a folder" timeout 20 "$RIMAU" "$cmd" /
    has "it is a folder" err "$cmd of a folder says so"
    expect 1 "$cmd of /dev/zero" timeout 20 "$RIMAU" "$cmd" /dev/zero
    has "/dev/zero.* it is a device" err "$cmd of /dev/zero says it is a device"
    expect 1 "$cmd of a FIFO" timeout 20 "$RIMAU" "$cmd" "$tmp/in-fifo"
    has "in-fifo.* it is a FIFO" err "$cmd of a FIFO says so, at once"
done

printf 'game "big"\n' > "$tmp/big.game"
head -c 1100000 /dev/zero | tr '\0' '#' >> "$tmp/big.game"
expect 1 "a file over the size limit" "$RIMAU" check "$tmp/big.game"
has "larger than the limit" err "the size limit is named"

# A file of 750 KB whose example holds 40,000 steps: each step's line is
# counted on from the one before (counted from the start of the file each
# time, validating it took two and a half minutes), and a failure names
# the right line.
cp "$srcdir/games/rimau-rimau-b.game" "$tmp/steps.game"
{
    echo 'example "many steps" {'
    yes '    man in hand 14' | head -n 40000
    echo '    man in hand 15'
    echo '}'
} >> "$tmp/steps.game"
line=$(($(wc -l < "$tmp/steps.game") - 1))
expect 1 "validate a file of 40,000 example steps" "$RIMAU" validate -q "$tmp/steps.game"
has "FAILED .*steps.game:$line: \"many steps\": 15 man should be in hand, but 14 are" out "the failing step's line is named"

# Examples under 216 sets of option values, more than validate keeps
# compiled at once: options a and b place the pieces, each example checks
# the places under its own values of a and b and runs under every value
# of c; then a failure.
{
    printf 'game "Variants"\nboard { grid 6 x 2 }\nside one { piece p 1 }\nside two { piece q 1 }\n'
    for o in a b c; do printf 'option %s = v1 | v2 | v3 | v4 | v5 | v6 "%s"\n' $o $o; done
    printf 'setup {\n'
    k=0
    for col in a b c d e f; do
        k=$((k + 1))
        printf '    if a = v%s { p at %s1 }\n    if b = v%s { q at %s2 }\n' $k $col $k $col
    done
    printf '}\nphase moving of one { turn step p }\nphase waiting of two { turn step q }\n'
    x=0
    for cx in a b c d e f; do
        x=$((x + 1)) y=0
        for cy in a b c d e f; do
            y=$((y + 1))
            printf 'example "a%s b%s" {\n    with a = v%s\n    with b = v%s\n    p at %s1\n    q at %s2\n}\n' \
                $x $y $x $y $cx $cy
        done
    done
    printf 'example "wrong" {\n    p at b1\n}\n'
} > "$tmp/variants.game"
expect 1 "validate examples under many sets of option values" "$RIMAU" validate "$tmp/variants.game"
has 'ok .*variants.game: "a6 b5" (6 runs)' out "an example runs under each value of the option it leaves free"
[ "$(grep -c '(6 runs)' "$tmp/out")" -eq 36 ] && echo "ok every example ran 6 times" ||
    { echo "FAIL not every example ran 6 times"; fail=$((fail + 1)); }
n=$((n + 1))
has 'FAILED .*variants.game:241: "wrong": b1 should hold a p' out "the failing example is named"
has '36 examples passed, 1 failed' out "validate counts the examples"

# Examples pinned by `with` to values other than the defaults, naming a
# point or a phase that only those values make: each runs under its
# values, once more for each value of the option it leaves free.
pinned="$srcdir/tests/games/pinned-examples.game"
expect 0 "validate examples pinned to other values" "$RIMAU" validate "$pinned"
has '"z lies beyond c3 on the big board" (2 runs)' out "an example pinned to board=big runs under it"
has '"the hunter is placed first when it may start anywhere" (2 runs)' out \
    "an example pinned to start=anywhere runs under it"
has '"both at once: placed on z" (1 run)' out "an example pinned to both runs once"
has '4 examples passed, 0 failed' out "every pinned example is run"

# validate -o: the game as that value makes it. Each example runs with
# it, as with its own 'with', and one pinned to another value is left out.
expect 0 "validate -o board=big" "$RIMAU" validate -o board=big "$pinned"
has '"z lies beyond c3 on the big board" (2 runs)' out "-o board=big keeps the example pinned to it"
has '"the hunter is placed first when it may start anywhere" (1 run)' out \
    "an example that leaves board free runs with -o's value only"
has_no 'the small board' out "the example pinned to board=small is left out"
has '^3 examples passed, 0 failed, 1 left out (for other option values than -o gives)$' out \
    "validate -o counts the examples it leaves out"
# An example that holds under one value of an option it leaves free fails
# validate (it runs under every value), and passes with -o that value.
cat > "$tmp/only-b.game" <<'EOF'
game "Only under b"
board { grid 3 x 1 }
side one { piece p 1 }
side two { piece q 1 }
option start = a | b "Where p starts"
setup {
    if start = a { p at a1 } else { p at b1 }
    q at c1
}
phase moving of one { turn step p }
phase waiting of two { turn step q }
example "p starts on b1" {
    p at b1
}
EOF
expect 1 "validate an example that holds under start=b only" "$RIMAU" validate "$tmp/only-b.game"
has 'FAILED .*only-b.game:13: "p starts on b1": b1 should hold a p' out "it fails under start=a"
expect 0 "validate -o start=b of that example" "$RIMAU" validate -o start=b "$tmp/only-b.game"
has '^ok .*only-b.game: "p starts on b1" (1 run)$' out "validate -o start=b runs it once, and it holds"
expect 1 "validate --option start=a of that example" "$RIMAU" validate --option start=a "$tmp/only-b.game"
sed 's/^    p at b1$/    with start = b\n    p at b1/' "$tmp/only-b.game" > "$tmp/pinned-b.game"
expect 1 "validate -o of a file whose every example is for another value" \
    "$RIMAU" validate -o start=a "$tmp/pinned-b.game"
has 'pinned-b.game: error: every example is for other option values than -o gives: nothing to validate' \
    err "validate -o that leaves out every example says it validates nothing"
expect 1 "validate -o of an option the game lacks" "$RIMAU" validate -o nosuch=1 "$tmp/only-b.game"
has "error: the game has no option 'nosuch'" err "validate -o names the option the game lacks"

expect 1 "perft on a position with too many ways to play" "$RIMAU" perft "$srcdir/tests/limits/too-many-turns.game" 1
has "too many ways to play" err "too many ways to play is said"
expect 1 "moves on a position with too many ways to play" "$RIMAU" moves "$srcdir/tests/limits/too-many-turns.game"
# Chains of captures among stacks do much work for each partial turn:
# counting partial turns alone, refusing the position took more than 15
# minutes; the limit of work refuses it within seconds (under valgrind, the
# time limit of 10 s may come first: either is the refusal). A time limit
# set low stops it at once, saying so.
slow="$srcdir/tests/limits/slow-chains.game"
start=$(date +%s)
expect 1 "moves on a position whose turns take much work to list" timeout 300 "$RIMAU" moves "$slow"
took=$(($(date +%s) - start))
n=$((n + 1))
if [ "$took" -le 60 ]; then
    echo "ok the position is refused in $took s"
else
    echo "FAIL the position is refused in $took s, more than 60"; fail=$((fail + 1))
fi
has "too many ways to play to list them\|took more than 10 s" err "the position is refused as too many ways to play"
expect 1 "moves with a low time limit" env RIMAU_GEN_SECONDS=0.001 "$RIMAU" moves "$slow"
has "rimau moves: listing the turns of this position took more than 0.001 s" err "the time limit is said"
expect 1 "play with a low time limit" env RIMAU_GEN_SECONDS=0.001 "$RIMAU" play "$slow" -q --tigers=random --cattle=random
has "after turn 0: listing the turns of the position took more than 0.001 s: the game cannot go on" err "play says the time limit stopped the game"
# Such a turn is warned of by check and validate, which still pass the
# file; the commands that load a game to use it print no warning.
limits="$srcdir/tests/limits/too-many-turns.game"
has_no warning err "moves prints no warning"
# An example that counts the turns of such a position fails, saying why
# (not "there are 0").
{ cat "$limits"; printf 'example "count" {\n    turns 5\n}\n'; } > "$tmp/count.game"
expect 1 "validate a turn count that cannot be listed" "$RIMAU" validate "$tmp/count.game"
has "there should be 5 legal turns, but they cannot be listed: the position has too many ways to play" out \
    "validate says the turns cannot be listed"
expect 0 "check passes a file with a warning" "$RIMAU" check "$limits"
has "too-many-turns.game:7:16: warning: this turn can have about 10^41 ways to play one position (32 drops of p among 256 points)" err "check warns of a turn with too many ways to play"
expect 0 "check -q of a file with a warning" "$RIMAU" check -q "$limits"
n=$((n + 1))
if [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then
    echo "FAIL check -q printed a warning"; fail=$((fail + 1))
else
    echo "ok check -q prints no warning"
fi
for cmd in info show compile; do
    expect 0 "$cmd of a file with a warning" "$RIMAU" "$cmd" "$limits"
    has_no warning err "$cmd prints no warning"
done
expect 1 "play of a file with a warning" "$RIMAU" play "$limits" -q --a=random --b=random
has_no warning err "play prints no warning"
{
    sed '/^phase/d' "$limits"
    printf 'option n = many | few\n'
    printf 'phase x of a {\n    if n = few { turn drop p } else { turn drop p 32 times }\n}\n'
    printf 'phase y of b { turn step q }\n'
    printf 'example "one" {\n    empty 255\n}\nexample "two" {\n    turn 1\n}\n'
} > "$tmp/warned.game"
expect 0 "validate passes a file with a warning" "$RIMAU" validate "$tmp/warned.game"
has '2 examples passed, 0 failed' out "validate runs the examples of a file with a warning"
n=$((n + 1))
if [ "$(grep -c ': warning: ' "$tmp/err")" -eq 1 ]; then
    echo "ok validate prints the warning once, though it loads the file under each option value"
else
    echo "FAIL validate prints the warning $(grep -c ': warning: ' "$tmp/err") times"; fail=$((fail + 1))
fi
# perft stopped by Ctrl-C: status 130, what was counted said, and the
# --divide lines written so far whole, even into a file.
# (It is interrupted once it has written a line, and until it stops: under
# valgrind, a signal sent before the program is up may be lost.)
"$RIMAU" perft "$game" 7 --divide > "$tmp/divide" 2> "$tmp/err" &
pid=$!
tries=0
while [ ! -s "$tmp/divide" ] && [ "$tries" -lt 600 ] && kill -0 "$pid" 2>/dev/null; do
    sleep 0.2
    tries=$((tries + 1))
done
while kill -s INT "$pid" 2>/dev/null && [ "$tries" -lt 1200 ]; do
    sleep 0.5
    tries=$((tries + 1))
done
wait "$pid"
got=$?
n=$((n + 1))
if [ "$got" -eq 130 ] && grep -q "interrupted: [0-9]* sequences counted" "$tmp/err" &&
   [ "$(grep -c -v -E '^([^ ]+ [0-9]+)?$' "$tmp/divide")" -eq 0 ] && [ -s "$tmp/divide" ]; then
    echo "ok perft stopped by Ctrl-C says what it counted, its lines whole"
else
    echo "FAIL perft stopped by Ctrl-C: status $got"; sed 's/^/  | /' "$tmp/err"; tail -c 100 "$tmp/divide"
    fail=$((fail + 1))
fi
long=$(head -c 600 /dev/zero | tr '\0' a)
expect 1 "--after with a 600-letter turn" "$RIMAU" moves "$game" --after "$long"
has "turn 1 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...': unknown point 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'\$" err "a long turn's message keeps its reason"

# play --resume goes on with a game from its record, with its players.
printf 'd3-c3\nquit\n' > "$tmp/in"
"$RIMAU" play "$srcdir/games/alquerque.game" -q --white=human --black=random --seed 3 \
    --save "$tmp/r.rec" < "$tmp/in" > /dev/null 2>&1
printf 'quit\n' > "$tmp/in"
expect 0 "play --resume, then quit" sh -c '"$0" play --resume "$1" -q < "$2"' "$RIMAU" "$tmp/r.rec" "$tmp/in"
has "going on after turn 2\$" out "play --resume replays the record's turns"
has "white (human) against black (random)" out "play --resume keeps the record's players"
has "turn 3: white to move" out "play --resume goes on at the next turn"
expect 0 "play --resume to the end" "$RIMAU" play --resume "$tmp/r.rec" -q --white=random --seed 1
has "^result: " out "the resumed game ends"
expect 0 "replay the resumed game's record" "$RIMAU" replay -q "$tmp/r.rec"
expect 2 "play --resume with a game file" "$RIMAU" play --resume "$tmp/r.rec" "$srcdir/games/alquerque.game"
sed '/^$/q' "$tmp/r.rec" | sed 's/^\[Result .*/[Result "*"]/' > "$tmp/cut.rec"
printf '1. d3-c3 2. b3x' >> "$tmp/cut.rec"
printf 'quit\n' > "$tmp/in"
expect 0 "play --resume a record cut mid-turn" sh -c '"$0" play --resume "$1" -q --white=human < "$2"' "$RIMAU" "$tmp/cut.rec" "$tmp/in"
has "the record is cut off in turn 2: the game goes on from turn 2" err "a cut record is resumed from its last whole turn"
has "going on after turn 1\$" out "the resumed game has the whole turns"
expect 1 "play --resume a missing record" "$RIMAU" play --resume "$tmp/none.rec"

# A file that begins with a UTF-8 byte-order mark, as some editors write.
printf '\357\273\277' > "$tmp/bom.game"
cat "$srcdir/games/alquerque.game" >> "$tmp/bom.game"
expect 0 "a game file with a byte-order mark" "$RIMAU" check "$tmp/bom.game"
printf '\357\273\277game "x"\nbad\n' > "$tmp/bom2.game"
expect 1 "a bad game file with a byte-order mark" "$RIMAU" check "$tmp/bom2.game"
has "bom2.game:2:1: error: syntax error" err "its error is located past the mark"

# An illegal turn says why: the first move that cannot be made, or that
# no rule makes the moves a turn, with the legal turns from that point.
alq="$srcdir/games/alquerque.game"
for case in "c3-c4|there is no piece on c3" \
    "a2xa4|a4 is taken" \
    "xa1|the white on a1 is white's own piece" \
    "d2-c3,d4-c3|move 2: the black on d4 is not a piece of white, who are to move" \
    "a1-c3|no rule of the phase 'play' of white makes these moves a turn; no legal turn starts at a1" \
    "d3-c3,c2-c3|move 2: c3 is taken" \
    "d3-c3,c3-d3|no rule of the phase 'play' of white makes these moves a turn; the legal turns from there: d3-c3"; do
    turn=${case%%|*} why=${case#*|}
    expect 1 "illegal turn $turn" "$RIMAU" moves "$alq" --after "$turn"
    has "turn 1 '$turn': not a legal turn here: $why\$" err "'$turn' is illegal: $why"
done
for case in "d5xd3|a capture from d5 to d3 jumps over d4, which holds a piece of the capturing side" \
    "a5xd3|d3 is not on a line from a5"; do
    turn=${case%%|*} why=${case#*|}
    expect 1 "illegal turn $turn" "$RIMAU" moves "$alq" --after "d3-c3 $turn"
    has "turn 2 '$turn': not a legal turn here: $why\$" err "'$turn' is illegal: $why"
done

# compile --dump and info show where stacks form, the words of a capture
# and the phases' compulsory rules.
cat > "$tmp/narrow.game" <<'EOF'
game "narrowed"
board { grid 3 x 3 }
side tigers { piece tiger 1 }
side herd { piece cow 4 stacks; piece goat 2 stacks in setup }
setup { tiger at b2; goat 2 at a1 }
phase hunt of tigers { turn capture tiger chain not back with final step; captures compulsory per piece }
phase graze of herd { turn drop cow to empty or step goat; drops compulsory }
EOF
expect 0 "compile --dump of chains, stacks and compulsory rules" "$RIMAU" compile --dump "$tmp/narrow.game"
has "^K1 cow side=herd count=4 hand=4 symbol=c stacks\$" out "--dump: a kind that stacks"
has "^K2 goat side=herd count=2 hand=0 symbol=g stacks-in-setup\$" out "--dump: a kind that stacks in the setup only"
has "^A0 capture tiger .* chain=may-stop removal=at-once not-back final-step\$" out "--dump: not back and a final step"
has "^A1 drop cow to-empty\$" out "--dump: a drop to empty points"
has "^F0 hunt of tigers, ends never, captures compulsory per piece\$" out "--dump: captures compulsory per piece"
has "^F1 graze of herd, ends never, drops compulsory\$" out "--dump: drops compulsory"
expect 0 "info of a kind that stacks in the setup" "$RIMAU" info "$tmp/narrow.game"
has "goat  *2  symbol g, stacks in setup, 2 on the board" out "info: stacks in setup"
has "cow  *4  symbol c, stacks, 0 on the board" out "info: stacks"
expect 1 "play stops with an error where the turns cannot be listed" "$RIMAU" play "$srcdir/tests/limits/too-many-turns.game" -q --a=random --b=random
has "after turn 0: the position has too many ways to play to list them: the game cannot go on" err "play says where it cannot go on"
n=$((n + 1))
if grep -q "result: draw" "$tmp/out"; then echo "FAIL play calls the failure a draw"; fail=$((fail + 1)); else echo "ok play does not call the failure a draw"; fi
expect 1 "selfplay fails on games whose turns cannot be listed" "$RIMAU" selfplay "$srcdir/tests/limits/too-many-turns.game" -n 2 --players random,random
has "2 games failed" out "selfplay counts the failed games"
has "game 2: after turn 0: the position has too many ways to play" err "selfplay names each failed game"

RIMAU_GAMES="$srcdir/games" expect 0 "a game found by its name in RIMAU_GAMES" "$RIMAU" info rimau-rimau-b
has "Rimau-rimau (version B)" out "the game found by its name is loaded"
RIMAU_GAMES="$srcdir/games" expect 0 "rimau list" "$RIMAU" list
has "tiger-and-buffaloes.game" out "rimau list lists the games"

# The program built here, not installed, finds the games of its source
# tree by name; a copy of it elsewhere does not (an install that lost its
# games is not hidden). Only where the games are not installed, and only
# with the program itself as RIMAU (not valgrind's wrapper script).
installed=$(sed -n 's/^#define RIMAU_GAMES_DIR "\(.*\)"$/\1/p' "$(dirname "$RIMAU")/cli_paths.h" 2> /dev/null)
if [ -n "$installed" ] && [ ! -d "$installed" ] && [ "$(head -c 4 "$RIMAU" | tail -c 3)" = ELF ]; then
    ( unset RIMAU_GAMES; cd "$tmp" && expect 0 "the built program lists the source tree's games" "$RIMAU" list ) &&
        r=ok || r=FAIL
    n=$((n + 1)); echo "$r the built program, not installed, finds its games"; [ $r = ok ] || fail=$((fail + 1))
    grep -q "^rimau-rimau-a.game " "$tmp/out" && r=ok || r=FAIL
    n=$((n + 1)); echo "$r and lists them"; [ $r = ok ] || fail=$((fail + 1))
    cp "$RIMAU" "$tmp/rimau-copy"
    ( unset RIMAU_GAMES; cd "$tmp" && "$tmp/rimau-copy" list > "$tmp/out" 2> "$tmp/err" ) && r=FAIL || r=ok
    n=$((n + 1)); echo "$r a copy of the program elsewhere does not use the source tree"; [ $r = ok ] || fail=$((fail + 1))
    has "installed there by 'make install'" err "and says where the games should be"
else
    echo "skip: the games are installed in $installed, or RIMAU is a wrapper: the source tree's games are not tested"
fi

# A valid game whose piece names are 4,000 letters long: list cuts its
# sides column (it used to write past its buffer and crash).
mkdir "$tmp/long"
long=$(head -c 4000 /dev/zero | tr '\0' a)
{
    printf 'game "long names"\nboard { grid 3 x 3 }\nside tigers {\n'
    for c in b c d e; do printf '    piece %s%s 1\n' "$c" "$long"; done
    printf '}\nside men {\n'
    for c in f g h i; do printf '    piece %s%s 1\n' "$c" "$long"; done
    printf '}\nsetup { b%s at a1\n f%s at c3 }\n' "$long" "$long"
    printf 'phase hunt of tigers { turn step b%s }\nphase move of men { turn step f%s }\n' "$long" "$long"
} > "$tmp/long/long.game"
expect 0 "a game with 4,000-letter piece names is valid" "$RIMAU" check "$tmp/long/long.game"
expect 0 "list a game with 4,000-letter piece names" "$RIMAU" list "$tmp/long"
has "^long.game  *long names  *tigers: 1 baaa" out "list shows the long names cut"
# Names in UTF-8: list counts their characters, not their bytes, so the
# columns after them stay in line, and cuts a long one between characters:
# the 30th character of this name is a u umlaut, two bytes.
mkdir "$tmp/utf8"
{
    printf 'game "Baaaaaaaaaaaaaaaaaaaaaaaaaaaa\303\274 and more"\n'
    printf 'board { grid 3 x 3 }\nside l\304\233mbu { piece \304\233 1 }\nside men { piece m 1 }\n'
    printf 'setup { \304\233 at a1; m at c3 }\n'
    printf 'phase a of l\304\233mbu { turn step \304\233 }\nphase b of men { turn step m }\n'
} > "$tmp/utf8/cut.game"
expect 0 "list a game named in UTF-8" "$RIMAU" list "$tmp/utf8"
has "^cut.game  *Ba\{28\}$(printf '\303\274') l$(printf '\304\233')mbu: 1 $(printf '\304\233'); men: 1 m  *9 " out \
    "list cuts a UTF-8 name after its 30th character, not inside it"
expect 0 "list the shipped games" "$RIMAU" list "$srcdir/games"
has "^terhuchu.game  *Terh$(printf '\303\274')ch$(printf '\303\274') \{23\}south: 10 white" out \
    "list pads a UTF-8 name by its characters (Terhuchu's 8, then 22 blanks)"
# list names the sides as --SIDE= takes them (Satoel's are south and
# north, its pieces white and black).
RIMAU_GAMES="$srcdir/games" expect 0 "rimau list, sides" "$RIMAU" list
has "^satoel.game  *Satoel  *south: 46 white; north: 46 black " out "list shows each game's side names with their pieces"
mkdir "$tmp/empty"
# list -o: only the games with that value, each as it makes it
expect 0 "list -o size=4" "$RIMAU" list -o size=4 "$srcdir/games"
has '^sua-ghin-gnua.game .* 16 *4 *[0-9]*$' out "list -o size=4 lists Sua ghin gnua on its 16 points"
[ "$(wc -l < "$tmp/out")" -eq 2 ] && r=ok || r=FAIL
n=$((n + 1)); echo "$r list -o lists no game without that value"; [ $r = ok ] || fail=$((fail + 1))
expect 0 "list --option size=5" "$RIMAU" list --option size=5 "$srcdir/games"
has '^sua-ghin-gnua.game .* 25 *4 *[0-9]*$' out "list -o size=5 lists it on its 25 points"
expect 0 "list -o of a value no game has" "$RIMAU" list -o size=7 "$srcdir/games"
has "^no game of .*games has these option values\$" out "list -o says when no game has the value"
expect 0 "list a folder with no games" "$RIMAU" list "$tmp/empty"
has "^no .game files in " out "list says the folder has no games"

# Control characters from files (a game's name, source and example name,
# a record's tags, a JSON player name) never reach the terminal: every
# command that prints them writes \x1b for ESC, and nothing raw.
mkdir "$tmp/evil"
{
    printf 'game "evil\033]0;title\007 \302\233name"\nsource "a\033[2Jb"\n'
    printf 'board { grid 3 x 3 }\nside a { piece p 1 }\nside b { piece q 1 }\n'
    printf 'setup { p at a1\n q at c3 }\nphase x of a { turn step p }\nphase y of b { turn step q }\n'
    printf 'example "bad\033]52;c;Zm9v\007" {\n    legal "a1-a2"\n}\n'
} > "$tmp/evil/evil.game"
cp "$tmp/evil/evil.game" "$tmp/evil.game"
printf '[Game "evil.game"]\n[Player "a=\033[31mred"]\n[Result "*"]\n\n1. a1-a2 *\n' > "$tmp/evil.rec"
printf '{"game": 1, "seed": 1, "sides": ["a", "b"], "players": ["x\\u001b[2J", "y"], "winner": "a", "turns": 3, "captures": 0}\n' > "$tmp/evil.json"
# raw WHAT [shows]: nothing raw in the output (and, with 'shows', the texts
# are there, escaped)
raw() { n=$((n + 1))
    if [ "$(cat "$tmp/out" "$tmp/err" | tr -cd '\033\007' | wc -c)" -eq 0 ] &&
       { [ "${2:-}" != shows ] || grep -q 'x1b' "$tmp/out" "$tmp/err"; }; then
        echo "ok $1 escapes the control characters"
    else
        echo "FAIL $1 prints control characters raw"; fail=$((fail + 1))
    fi
}
expect 0 "a game with control characters in its texts is valid" "$RIMAU" check "$tmp/evil.game"
for cmd in info show validate; do
    "$RIMAU" "$cmd" "$tmp/evil.game" > "$tmp/out" 2> "$tmp/err"; raw "$cmd" shows
done
"$RIMAU" compile "$tmp/evil.game" > "$tmp/out" 2> "$tmp/err"; raw compile
"$RIMAU" list "$tmp/evil" > "$tmp/out" 2> "$tmp/err"; raw list shows
printf 'a1-a2\nquit\n' | "$RIMAU" play "$tmp/evil.game" --a=human --b=human > "$tmp/out" 2> "$tmp/err"; raw play shows
"$RIMAU" replay "$tmp/evil.rec" > "$tmp/out" 2> "$tmp/err"; raw replay
"$RIMAU" summarize "$tmp/evil.json" > "$tmp/out" 2> "$tmp/err"; raw summarize shows
n=$((n + 1))
if printf 'ab\033c\302\233d\n' | "$RIMAU" check /dev/stdin > "$tmp/out" 2> "$tmp/err"; [ "$(tr -cd '\033' < "$tmp/err" | wc -c)" -eq 0 ]; then
    echo "ok an error's source line escapes the control characters"
else
    echo "FAIL an error's source line prints control characters raw"; fail=$((fail + 1))
fi

expect 0 "a game between mcts and random ends" "$RIMAU" play "$srcdir/games/tiger-and-buffaloes.game" -q --seed 3 --tigers=mcts:40 --buffaloes=random
has "^result: " out "the mcts game has a result"
expect 0 "a game between ab and random ends" "$RIMAU" play "$srcdir/games/tiger-and-buffaloes.game" -q --seed 3 --tigers=random --buffaloes=ab:2
has "^result: " out "the ab game has a result"
expect 2 "an unknown player" "$RIMAU" play "$game" --men=wizard
has "unknown player 'wizard'" err "the unknown player is named"
expect 2 "a bad mcts budget" "$RIMAU" play "$game" --men=mcts:fast
has "budget" err "the bad budget is explained"
# A budget of iterations capped in time: each turn stops at the cap, and
# play says so; selfplay says once how many turns were cut short.
tb="$srcdir/games/tiger-and-buffaloes.game"
expect 0 "a huge budget of iterations stops at its time cap" "$RIMAU" play "$tb" -q --seed 3 \
    --tigers=mcts:100000000/20ms --buffaloes=ab:2
has "^result: " out "the capped game has a result"
has "^rimau play: note: turn 2: mcts:100000000/20ms stopped at its time cap$" err "play notes a turn the cap cut short"
expect 0 "selfplay with a capped budget" "$RIMAU" selfplay "$tb" -n 2 --players mcts:100000000/20ms,random --seed 3
has "^rimau selfplay: note: [0-9]* turns stopped at a player's time cap" err "selfplay says once that turns were cut short"
# Counts of one thing are singular: "1 turn played", "1 example passed".
expect 0 "play stopped after one turn" "$RIMAU" play "$tb" -q --tigers=human --buffaloes=random --seed 1
has "^the game is not finished (1 turn played)\$" out "play says '1 turn played'"
printf 'game "one"\nboard { grid 3 x 3 }\nside a { piece p 1 }\nside b { piece q 1 }\nsetup { p at a1\n q at c3 }\nphase x of a { turn step p }\nphase y of b { turn step q }\nexample "e" {\n    legal "a1-a2"\n}\n' > "$tmp/one.game"
expect 0 "validate a file of one example" "$RIMAU" validate "$tmp/one.game"
has "^1 example passed, 0 failed\$" out "validate says '1 example passed'"
# A file without examples validates nothing: that is no pass.
sed '/^example/,$d' "$tmp/one.game" > "$tmp/none.game"
expect 1 "validate a file without examples" "$RIMAU" validate "$tmp/none.game"
has "none.game: error: the file has no example blocks: nothing to validate" err \
    "validate says the file has no examples"
expect 1 "validate -q a file without examples" "$RIMAU" validate -q "$tmp/none.game"
has "none.game: error: the file has no example blocks" err "validate -q says it too"
expect 1 "validate of files with and without examples" "$RIMAU" validate "$tmp/one.game" "$tmp/none.game"
has "^1 example passed, 0 failed\$" out "the other file's examples still run"
expect 0 "a selfplay of one game" "$RIMAU" selfplay "$tb" -n 1 --players random,random
has "^Tiger and Buffaloes: 1 game (seed 1)\$" out "selfplay says '1 game'"
n=$((n + 1))
if grep -q -E '(^|[^0-9.])1 (turns|games|examples|pieces|times|playouts)' "$tmp/out"; then
    echo "FAIL selfplay prints a plural after 1"; fail=$((fail + 1))
else
    echo "ok selfplay prints no plural after 1"
fi

# selfplay plays computer players only, and says so for 'human'; play
# lists human among its players.
expect 2 "selfplay with a human player" "$RIMAU" selfplay "$tb" -n 2 --players human,random
has "'human' cannot play a tournament" err "selfplay refuses a human player"
has_no "players: human" err "selfplay does not offer 'human'"
expect 2 "play with an unknown player" "$RIMAU" play "$tb" --tigers=nobody
has "unknown player 'nobody' (players: human, random" err "play lists human among its players"
expect 2 "selfplay with an unknown player" "$RIMAU" selfplay "$tb" -n 2 --players nobody,random
has "unknown player 'nobody' (players: random" err "selfplay lists its players without human"

# (selfplay's progress bar at a terminal: tests/check-terminal.sh)

# The result table is at most 100 columns wide.
expect 0 "a selfplay for the table" "$RIMAU" selfplay "$tb" -n 2 --players mcts:20,random
n=$((n + 1))
wide=$(awk 'length > 100' "$tmp/out" | wc -l)
if [ "$wide" -eq 0 ] && grep -q "^player  *side  *games" "$tmp/out"; then
    echo "ok selfplay's table is at most 100 columns"
else
    echo "FAIL selfplay's table has $wide lines over 100 columns"; shown "$tmp/out"; fail=$((fail + 1))
fi

# selfplay -r makes its folder and the missing folders above it (mkdir
# -p), and says clearly when it cannot.
expect 0 "selfplay -r into a new nested folder" "$RIMAU" selfplay "$tb" -n 2 --players random,random -r "$tmp/recs/a/b"
n=$((n + 1))
if [ -f "$tmp/recs/a/b/game-000001.rec" ] && [ -f "$tmp/recs/a/b/game-000002.rec" ]; then
    echo "ok selfplay -r makes the nested folder and writes the records"
else
    echo "FAIL selfplay -r did not make $tmp/recs/a/b with the records"; fail=$((fail + 1))
fi
: > "$tmp/plain"
expect 1 "selfplay -r under a plain file" "$RIMAU" selfplay "$tb" -n 2 --players random,random -r "$tmp/plain/x"
has "cannot make the folder .*plain for the records: Not a directory" err "selfplay -r names the folder it cannot make"

# Records are made with the mode of any new file (0666 less the umask),
# not 0600; the write stays atomic (no temporary file is left).
(umask 022 && "$RIMAU" play "$tb" -q --tigers=random --buffaloes=random --seed 1 --save "$tmp/mode.rec" > /dev/null 2>&1)
(umask 022 && "$RIMAU" selfplay "$tb" -n 1 --players random,random -r "$tmp/moderecs" > /dev/null 2>&1)
n=$((n + 1))
m1=$(stat -c %a "$tmp/mode.rec" 2>/dev/null) m2=$(stat -c %a "$tmp/moderecs/game-000001.rec" 2>/dev/null)
if [ "$m1" = 644 ] && [ "$m2" = 644 ] && [ -z "$(ls "$tmp" | grep '\.tmp')" ]; then
    echo "ok records are made with mode 0644 under umask 022"
else
    echo "FAIL records' modes under umask 022: play --save $m1, selfplay -r $m2 (expected 644)"
    fail=$((fail + 1))
fi

# The README's validate example shows the line the program prints.
(cd "$srcdir" && "$RIMAU" validate games/rimau-rimau-a.game) > "$tmp/validate.out" 2>&1
line=$(sed -n '/^ok games\/rimau-rimau-a.game: /{p;q;}' "$srcdir/README.md")
n=$((n + 1))
if [ -n "$line" ] && grep -q -x -F "$line" "$tmp/validate.out"; then
    echo "ok the README's validate line is what validate prints"
else
    echo "FAIL the README's line '$line' is not what validate prints:"; shown "$tmp/validate.out"
    fail=$((fail + 1))
fi

expect 0 "random takes a time it does not need" "$RIMAU" play "$tb" -q --seed 3 --tigers=random:1s --buffaloes=random
expect 2 "random takes no count" "$RIMAU" play "$tb" --tigers=random:3
has "random chooses at once" err "random's budget is explained"

expect 0 "bench of one game" "$RIMAU" bench --seconds 0.2 --depth 2 "$game"
has "^signature: 143724 " out "the bench signature is the perft count"
has "rimau-rimau-a.game" out "bench names the game"
has " mcts/s$" out "bench's last column is MCTS iterations a second"
# positive_mcts WHAT: the last bench's game line ends in a positive MCTS rate
positive_mcts() {
    n=$((n + 1))
    mcts=$(awk '$1 == "rimau-rimau-a.game" { print $NF }' "$tmp/out")
    if [ -n "$mcts" ] && awk -v r="$mcts" 'BEGIN { exit !(r ~ /^[0-9]+$/ && r + 0 > 0) }'; then
        echo "ok $1 gives a positive MCTS rate ($mcts iterations/s)"
    else
        echo "FAIL $1 gives no positive MCTS rate: '$mcts'"; shown "$tmp/out"
        fail=$((fail + 1))
    fi
}
positive_mcts "bench"
expect 0 "bench of a fixed number of playouts" "$RIMAU" bench --playouts 3 --depth 1 "$game"
positive_mcts "bench --playouts"
# (MCTS stops by the wall's clock, bench measures the CPU's: a search of
# a millisecond on a loaded machine, or of less than its first iteration,
# used to end with no iteration and a rate of 0)
expect 0 "bench of a millisecond" "$RIMAU" bench --seconds 0.001 --depth 1 "$game"
positive_mcts "bench --seconds 0.001"

# --seconds bounds the whole run, not each measure of each game: every
# shipped game in 1 CPU second (it took 2 s per game before, 50 s in all).
# The CPU time it reports may pass the budget only by the fixed work of
# the last game (its load and perft 1) and the clock's grain.
ngames=$(ls "$srcdir"/games/*.game | wc -l)
expect 0 "bench of every game in one second" timeout 60 "$RIMAU" bench --seconds 1 --depth 1 "$srcdir"/games/*.game
has "^one thread, 1 CPU s in all for $ngames games " out "bench says the budget is for the whole run"
holds "bench measures each of the $ngames games" [ "$(grep -c '\.game  *[0-9]' "$tmp/out")" -eq "$ngames" ]
n=$((n + 1))
cpu=$(sed -n 's/^CPU time: \([0-9.]*\) s of 1$/\1/p' "$tmp/out")
if [ -n "$cpu" ] && awk -v c="$cpu" 'BEGIN { exit !(c > 0 && c <= 1.25) }'; then
    echo "ok bench --seconds 1 keeps to its second ($cpu CPU s)"
else
    echo "FAIL bench --seconds 1 took '$cpu' CPU s"; shown "$tmp/out"; fail=$((fail + 1))
fi
# every game line: positive rates of playouts and turns, an MCTS rate (0
# where one iteration takes longer than the game's share: Madranggam's
# 66,045 first turns), and how the playouts ended adding up to 100%
n=$((n + 1))
if awk '/\.game  *[0-9]/ { n++; line = $0; gsub(/\/ +/, "/", line); split(line, f, " +"); split(f[5], e, "/");
        if (!(f[2] > 0 && f[3] > 0 && f[4] > 0 && $NF >= 0) || (e[1] + e[2] + e[3] - 100) ^ 2 > 0.1) bad++ }
        END { exit !(n > 0 && bad == 0) }' "$tmp/out" && ! grep -q "nan\|inf" "$tmp/out"; then
    echo "ok bench's figures are sane in a short run"
else
    echo "FAIL bench's figures are not all positive rates"; shown "$tmp/out"; fail=$((fail + 1))
fi

expect 0 "info" "$RIMAU" info "$game"
has "points:   37" out "info counts the points"
expect 0 "info --json" "$RIMAU" info --json "$game"
has '"name": "Rimau-rimau (version A)"' out "info --json names the game"
has '"sides": \[' out "info --json lists the sides"
expect 0 "info of a game placed before play" "$RIMAU" info "$srcdir/games/main-tapal-empat.game"
has "^first:    goats (after tigers place before play)$" out "info says who places before play"
has "^blocked:  tigers lose, goats pass$" out "info says what a blocked side does"
has "^draw:     after 1000 turns, or when a position is seen 3 times$" out "info gives the draws"
cat > "$tmp/pass.game" <<'EOF'
game "pass"
board { grid 4 x 1 }
side tigers { piece tiger 1 }
side men { piece man 2 }
setup { tiger at a1; man at c1 d1 }
rules { men when blocked pass; tigers when blocked pass; when both blocked men wins
    draw on repetition never }
phase hunting of tigers { turn step tiger }
phase moving of men { turn step man }
EOF
expect 0 "info --json of a game whose sides pass" "$RIMAU" info --json "$tmp/pass.game"
has '"blocked": {"tigers": "pass", "men": "pass"}, "both_blocked": "men"' out "info --json gives the blocked rules"
has '"draw_repeat": null' out "info --json: no repetition draw is null"
has '"forward": null' out "info --json: a side with no forward has null"
expect 0 "info of a game whose sides have a forward" "$RIMAU" info "$srcdir/tests/games/directions.game"
has "^  geese (forward up):$" out "info gives a side's forward"
expect 0 "info --json of a game whose sides have a forward" "$RIMAU" info --json "$srcdir/tests/games/directions.game"
has '"name": "geese", "pieces": \[.*\], "forward": "up"' out "info --json gives a side's forward"
# control characters in texts are JSON escapes (DEL too, which the guard
# on standard output would write as \x7f, not JSON)
printf 'game "a\177b\033c\302\205d"\nboard { grid 3 x 3 }\nside a { piece p 1 }\nside b { piece q 1 }\nsetup { p at a1\n q at c3 }\nphase x of a { turn step p }\nphase y of b { turn step q }\n' > "$tmp/del.game"
expect 0 "info --json of a name with control characters" "$RIMAU" info --json "$tmp/del.game"
has '"name": "a\\u007fb\\u001[bB]c\\u0085d",$' out "info --json escapes the control characters as JSON does"
# compile --dump shows each side's forward, the way of every ray for it,
# and each action's direction filter
dirs="$srcdir/tests/games/directions.game"
expect 0 "compile --dump of direction filters" "$RIMAU" compile --dump -o goose=straight "$dirs"
has "^S0 geese forward=up$" out "compile --dump shows a compass forward"
has "^S1 foxes forward=down$" out "compile --dump shows the other side's forward"
hasf "  o: e=s ne=fd k=fd n=f w=s sw=bd s=b" out "compile --dump shows the way of each ray for a side"
has "^A[0-9]* step goose dirs=forward,orthogonal$" out "compile --dump shows an action's filter"
expect 0 "compile --dump of a forward toward a set" "$RIMAU" compile --dump -o fox-forward=toward-a1 "$dirs"
has "^S1 foxes forward=toward{a1}$" out "compile --dump shows a forward toward a set"
expect 0 "compile --dump without forwards" "$RIMAU" compile --dump "$game"
has_no "forward=" out "compile --dump shows no forward for a side without one"
# compile --dump draws the board's bit layout: Rimau-rimau in 9 rows of 5
has "^# bit layout: 1 word, 45 bits (37 points, 8 ghosts), 0 exceptions$" out "compile --dump sums up the bit layout"
hasf "   5: .  b2 c2 d2 ." out "compile --dump draws the bits, ghosts as dots"
has "^(2, 0) +2: 4/4 a1>c1 c1>e1 a9>c9 c9>e9$" out "compile --dump lists a class's shift and links"
expect 0 "compile --dump of Kaooa's star" "$RIMAU" compile --dump "$srcdir/games/kaooa.game"
has "^# exceptions: links no shift covers" out "compile --dump lists the exceptions"
has_no "^none$" out "compile --dump of a board with exceptions does not say none"
# compile of several files: each dump headed by its name; one that does
# not compile is reported, the others still are, and the status is 1
printf 'game "broken"\nboard { grid 3 x 3 }\nside a { piece p 1 }\nsetup { p at z9 }\n' > "$tmp/broken.game"
expect 1 "compile --dump of three files, one broken" "$RIMAU" compile --dump "$game" "$tmp/broken.game" "$srcdir/games/kaooa.game"
has "^==> .*/rimau-rimau-a.game <==\$" out "compile names the first file's dump"
has "^==> .*/games/kaooa.game <==\$" out "... and the one after the broken file's"
holds "compile prints two dumps, not the broken file's" [ "$(grep -c '^==> ' "$tmp/out")" -eq 2 ]
has "broken.game:4:14: error" err "compile reports the broken file"
expect 0 "compile of two files without --dump" "$RIMAU" compile "$game" "$srcdir/games/kaooa.game"
has_no . out "compile without --dump prints nothing"
expect 0 "show" "$RIMAU" show "$game"
has "T---" out "show draws the tigers and lines"
has "in hand: man 15" out "show lists the pieces in hand"
has "^position: 8T3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1\$" out "show prints the position string of the setup"
printf 'game "s"\nboard { grid 2 x 1 }\nside a { piece p 3 stacks }\nside b { piece q 1 }\nsetup { p 3 at b1\n q at a1 }\n' > "$tmp/stack.game"
expect 0 "show a stack on the right edge" "$RIMAU" show "$tmp/stack.game"
has "q---P3" out "show writes the height of a stack on the rightmost column"
expect 0 "show --svg" "$RIMAU" show --svg "$game"
has "<svg xmlns" out "show --svg writes SVG"
has "</svg>" out "show --svg closes the SVG"
has_no 'class="name"' out "show --svg writes no point names"
expect 0 "show --svg --names" "$RIMAU" show --svg --names "$srcdir/games/kaooa.game"
has '<text class="name"[^>]*>t1</text>' out "show --svg --names writes Kaooa's point t1"
has '<text class="name"[^>]*>i3</text>' out "show --svg --names writes Kaooa's point i3"
expect 2 "show --names without --svg" "$RIMAU" show --names "$game"
has "give --svg too" err "show --names without --svg says what it needs"

# ---- position strings ----
start="8T3mmm2mmm2mmm3T8 m15 tigers opening,dropping 1"
expect 0 "show --after" "$RIMAU" show "$game" --after "xc4,xb4,xd4 a1"
has "^position: m7T8mmm2mmm3T8 m14 tigers hunting,dropping 3\$" out "show --after prints the position reached"
hasf "1  m-------.-------." out "show --after draws the position reached"
after2="m7T8mmm2mmm3T8 m14 tigers hunting,dropping 3"
expect 0 "show --position" "$RIMAU" show "$game" --position "$after2"
has "^position: $after2\$" out "show --position draws the position given"
expect 0 "show --position --after" "$RIMAU" show "$game" --position "$after2" --after "c3-c4"
has "^position: m12T3mmm2mmm3T8 m14 men hunting,dropping 4\$" out "--after plays from --position"
expect 0 "moves --position" "$RIMAU" moves "$game" --position "$after2"
hasf "c3-c4" out "moves --position lists the turns of that position"
expect 0 "moves --after" "$RIMAU" moves "$game" --after "xc4,xb4,xd4 a1"
cp "$tmp/out" "$tmp/moves-after"
expect 0 "moves --position of the same position" "$RIMAU" moves "$game" --position "$after2"
if cmp -s "$tmp/out" "$tmp/moves-after"; then
    n=$((n + 1)); echo "ok moves --position lists what moves --after lists"
else
    n=$((n + 1)); fail=$((fail + 1)); echo "FAIL moves --position and --after differ"
fi
expect 0 "perft --position" "$RIMAU" perft "$game" 1 --position "$start"
has "^4956\$" out "perft --position counts from that position"
expect 1 "a bad --position" "$RIMAU" moves "$game" --position "8T3mmm2mmm2mmQ3T8 m15 tigers opening,dropping 1"
has "^rimau: --position: character 14: no piece has the symbol 'Q'" err "a bad position string is located"
has "^                 ^\$" err "a bad position string gets a caret"
expect 1 "a short --position" "$RIMAU" show "$game" --position "8T3"
has "covers 12 points; the board has 37" err "a short board part is said"
expect 1 "--position --after with a bad turn" "$RIMAU" perft "$game" 1 --position "$start" --after "a1-a2"
expect 2 "play --position --save" "$RIMAU" play "$game" --position "$start" --save "$tmp/p.rec"
has "neither --save nor --resume" err "play --position with --save is refused"
stdin="$tmp/board.in"
printf 'board\nquit\n' > "$stdin"
expect 0 "play --position" "$RIMAU" play "$game" --position "$after2" --tigers=human --men=human -q
has "^position: $after2\$" out "board at the play prompt prints the position string"
unset stdin
expect 0 "show --svg --after" "$RIMAU" show --svg "$game" --after "xc4,xb4,xd4 a1"
has "man on a1" out "show --svg --after draws the position reached"
has_no "man on c4" out "show --svg --after draws the removed men removed"
# ---- colour, the last turn, where turns go ----
# escs FILE: how many ESC bytes FILE holds
escs() { tr -cd '\033' < "$1" | wc -c; }
# nosgr FILE: FILE without its SGR sequences (ESC [ digits and ';' m)
nosgr() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }
pos4="xc4,xb4,xd4 a1 c3-c4 a9"
expect 0 "show --color=always" "$RIMAU" show "$game" --after "$pos4 c7xa5" --color=always
holds "show --color=always writes colour sequences" [ "$(escs "$tmp/out")" -gt 0 ]
nosgr "$tmp/out" > "$tmp/coloured"
expect 0 "show, not coloured" "$RIMAU" show "$game" --after "$pos4 c7xa5"
n=$((n + 1))
if [ "$(escs "$tmp/out")" -eq 0 ] && cmp -s "$tmp/out" "$tmp/coloured"; then
    echo "ok a board in colour is the plain board with colours added"
else
    echo "FAIL the coloured board differs from the plain one beyond its colours"; fail=$((fail + 1))
fi
# the last turn c7xa5: c7 and a5 in reverse video (7), b6 captured (on red, 41)
expect 0 "show --color=always, the last turn" "$RIMAU" show "$game" --after "$pos4 c7xa5" --color=always
hasf "$(printf '  7  .---.---\033[0;1;7m.')" out "show --after marks where the last turn came from"
hasf "$(printf '  5  \033[0;1;7;31mT')" out "show --after marks where the last turn went"
hasf "$(printf '  6  .---\033[0;1;37;41m.')" out "show --after marks the point the last turn captured"
expect 0 "show --color=always, NO_COLOR set" env NO_COLOR=1 "$RIMAU" show "$game" --color=always
holds "--color=always goes before NO_COLOR" [ "$(escs "$tmp/out")" -gt 0 ]
printf 'xc4,xb4,xd4\na1\nc3-c4\nquit\n' | "$RIMAU" play "$game" --tigers=human --men=human -q \
    --save "$tmp/colour.rec" > /dev/null
expect 0 "replay --color=always" "$RIMAU" replay "$tmp/colour.rec" --color=always
hasf "$(printf '  4  .---.---\033[0;1;7;31mT')" out "replay marks the last turn in colour"
for cmd in "show $game" "moves $game --show" "replay $tmp/colour.rec" "play $game --men=human"; do
    # shellcheck disable=SC2086
    "$RIMAU" $cmd --color=never > "$tmp/out" 2> "$tmp/err"
    n=$((n + 1))
    if [ -s "$tmp/out" ] && [ "$(escs "$tmp/out")" -eq 0 ]; then echo "ok ${cmd%% *} --color=never writes no colour"
    else echo "FAIL ${cmd%% *} --color=never: colour, or nothing"; shown "$tmp/err"; fail=$((fail + 1)); fi
done
"$RIMAU" show "$game" --color=always | cat > "$tmp/out"
"$RIMAU" show "$game" | cat > "$tmp/piped"
holds "show into a pipe writes no colour" [ "$(escs "$tmp/piped")" -eq 0 ]
holds "show --color=always into a pipe writes colour" [ "$(escs "$tmp/out")" -gt 0 ]
expect 2 "a bad --color" "$RIMAU" show "$game" --color=sometimes
has "rimau show: --color is auto, always or never, not 'sometimes'" err "a bad --color is named"
expect 2 "a bad --color for play" "$RIMAU" play "$game" --color=blue
# (colour at a terminal: tests/check-terminal.sh)
# Colour lets SGR sequences through, and only them: a game's name stays escaped.
# (the name of a piece in hand, drawn with the board, holds a C1 control)
printf 'game "evil\033]0;title\007 \302\233name"\nboard { grid 3 x 3 }\nside a { piece p\302\233x 2 }\nside b { piece q 1 }\nsetup { p\302\233x at a1\n q at c3 }\nphase x of a { turn step p\302\233x }\nphase y of b { turn step q }\n' > "$tmp/evil-colour.game"
expect 0 "show --color=always of a game with control characters" "$RIMAU" show "$tmp/evil-colour.game" --color=always
n=$((n + 1))
if [ "$(escs "$tmp/out")" -gt 0 ] && [ "$(nosgr "$tmp/out" | tr -cd '\033\007' | wc -c)" -eq 0 ] &&
    grep -q 'x1b' "$tmp/out" && grep -q 'in hand: p\\u009bx 1' "$tmp/out" &&
    ! grep -q "$(printf '\302\233')" "$tmp/out"; then
    echo "ok colour passes SGR sequences, and the name's controls stay escaped"
else
    echo "FAIL colour lets a control character of the file through"; fail=$((fail + 1))
fi

# moves POINT and moves --show POINT: '*' on exactly the points the turns
# of the piece on POINT (or ending there) go to.
expect 0 "moves POINT" "$RIMAU" moves "$game" --after "$pos4" c7
cp "$tmp/out" "$tmp/c7"
has "^c7xa5\$" out "moves POINT lists the captures of that piece"
has_no "^c4-" out "moves POINT lists no turn of another piece"
# the landing points of turns: the points after a '-' or 'x' that follows
# a point, and drops (a move of one point); not removals ('xPOINT')
landings() { tr ',' '\n' < "$1" | grep -v '^x' | sed 's/^[^@]*@//' |
    awk -F '[-x]' '{ if (NF == 1) print $1; else for (i = 2; i <= NF; i++) print $i }' | sort -u; }
landings "$tmp/c7" > "$tmp/want"
# stars FILE: the points a board drawing marks '*', by row label and column letter
stars() { awk '
    /^$/ && !done { blank = 1; next }
    blank && !done { for (i = 1; i <= length($0); i++) col[i] = substr($0, i, 1); done = 1; next }
    !blank { label = substr($0, 1, 3); gsub(/ /, "", label); if (label != "") row = label
             for (i = 1; i <= length($0); i++) if (substr($0, i, 1) == "*") { at[++k] = i; r[k] = row } }
    END { for (j = 1; j <= k; j++) print col[at[j]] r[j] }' "$1" | sort -u; }
expect 0 "moves --show POINT" "$RIMAU" moves "$game" --after "$pos4" --show c7
stars "$tmp/out" > "$tmp/got"
n=$((n + 1))
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
    echo "ok moves --show c7 marks exactly where the turns of c7 go ($(tr '\n' ' ' < "$tmp/got"))"
else
    echo "FAIL moves --show c7 marks $(tr '\n' ' ' < "$tmp/got"), the turns go to $(tr '\n' ' ' < "$tmp/want")"
    fail=$((fail + 1))
fi
sed '1,/^$/d' "$tmp/out" | sed '1,/^$/d' | sed '1,/^$/d' > "$tmp/list"
n=$((n + 1))
if cmp -s "$tmp/list" "$tmp/c7"; then echo "ok moves --show lists the turns after the board"
else echo "FAIL moves --show lists other turns than moves POINT"; shown "$tmp/list"; fail=$((fail + 1)); fi
# the board is the one show draws, the marks taken off
"$RIMAU" show "$game" --after "$pos4" | sed '1,2d' | sed '/^position:/d' > "$tmp/plain"
sed -n '1,/^in hand/p' "$tmp/out" | tr '*' '.' > "$tmp/drawn"
n=$((n + 1))
if cmp -s "$tmp/drawn" "$tmp/plain"; then echo "ok moves --show draws show's board with the marks added"
else echo "FAIL moves --show draws another board than show"; diff "$tmp/drawn" "$tmp/plain" | head -5; fail=$((fail + 1)); fi
expect 0 "moves --show=POINT" "$RIMAU" moves "$game" --after "$pos4" --show=c7
stars "$tmp/out" > "$tmp/got2"
n=$((n + 1))
if cmp -s "$tmp/got" "$tmp/got2"; then echo "ok --show=c7 is --show c7"
else echo "FAIL --show=c7 marks other points than --show c7"; fail=$((fail + 1)); fi
expect 1 "moves with an unknown point" "$RIMAU" moves "$game" zz9
has "rimau moves: 'zz9' is not a point of the board" err "moves names the unknown point"
expect 0 "moves POINT that no turn touches" "$RIMAU" moves "$game" --after "$pos4" a1
[ -s "$tmp/out" ] && r=FAIL || r=ok
n=$((n + 1)); echo "$r moves POINT that no turn touches lists nothing"; [ $r = ok ] || fail=$((fail + 1))
has "no legal turn .* a1 ([0-9]* turns in all)" err "and says so on stderr"
expect 2 "moves with two points" "$RIMAU" moves "$game" c7 c3

# Turns of several drops: Tiger and Buffaloes' buffaloes place 4 of their
# 11 on the empty 4 x 4 board first, C(16, 4) = 1,820 turns: one line.
all16="a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4"
expect 0 "moves of 4 drops" "$RIMAU" moves "$tb"
holds "moves of 4 drops is one line" [ "$(wc -l < "$tmp/out")" -eq 1 ]
hasf "4 drops on any of the 16 points $all16 (1,820 turns, e.g. a1,b1,c1,d1)" out \
    "moves says how many drops, on which points, how many turns"
expect 0 "moves --all of 4 drops" "$RIMAU" moves --all "$tb"
holds "moves --all lists the 1,820 turns" [ "$(sort -u "$tmp/out" | wc -l)" -eq 1820 ]
holds "each of them 4 drops on different points" [ "$(awk -F, 'NF == 4 && $1 != $2 && $1 != $3 && $1 != $4 && $2 != $3 && $2 != $4 && $3 != $4' "$tmp/out" | wc -l)" -eq 1820 ]
# with a point: the turns that drop on it, C(15, 3) = 455
expect 0 "moves POINT of 4 drops" "$RIMAU" moves "$tb" b2
hasf "4 drops: on b2, and 3 on any of the 15 points a1 b1 c1 d1 a2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4 (455 turns, e.g. a1,b1,c1,b2)" out \
    "moves POINT groups the drops that include the point"
expect 0 "moves --all POINT of 4 drops" "$RIMAU" moves --all "$tb" b2
holds "moves --all POINT lists the 455, each dropping on b2" [ "$(grep -c 'b2' "$tmp/out")" -eq 455 -a "$(wc -l < "$tmp/out")" -eq 455 ]
# Rimau-rimau A's opening removes 3 of the 9 men, C(9, 3) = 84 ways, then
# may relocate one of the 2 tigers to one of the 29 empty points: the 84
# are one line, the 84 x 58 = 4,872 with a relocation listed as before
expect 0 "moves of 3 removals" "$RIMAU" moves "$game"
hasf "3 removals from any of the 9 points b4 c4 d4 b5 c5 d5 b6 c6 d6 (84 turns, e.g. xb4,xc4,xd4)" out \
    "moves groups the removals of the opening"
holds "and lists the 4,872 turns with a relocation" [ "$(grep -c '^x..,x..,x..,..-..$' "$tmp/out")" -eq 4872 -a "$(wc -l < "$tmp/out")" -eq 4873 ]
# a game without such turns lists as it did
expect 0 "moves of Alquerque" "$RIMAU" moves "$alq"
cp "$tmp/out" "$tmp/alq-moves"
expect 0 "moves --all of Alquerque" "$RIMAU" moves --all "$alq"
holds "moves and moves --all agree where no turn drops several pieces" cmp -s "$tmp/out" "$tmp/alq-moves"
# At the prompt: the drops in any order, parted by blanks; too few said
printf 'a1,b1,c1\na1 b1 c1\nmoves\nd1 c1 b1 a1\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "drops at the prompt" env COLUMNS=200 "$RIMAU" play "$tb" -q --buffaloes=human --tigers=random --seed 1
unset stdin
hasf "'a1,b1,c1': not a legal turn here: this turn places 4 pieces; you gave 3;" out "too few drops: the prompt says how many the turn places"
hasf "'a1 b1 c1': not a legal turn here: this turn places 4 pieces; you gave 3;" out "drops parted by blanks are read as moves"
has "^1820 legal turns\$" out "the prompt's moves counts the turns"
hasf "4 drops on any of the 16 points $all16 (1,820 turns" out "the prompt's moves groups them"
has "^1\. buffaloes played a1,b1,c1,d1\$" out "drops typed in another order, parted by blanks, are the turn"
printf 'xb4,xc4\nxd6,xb4,xc5\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "removals at the prompt" "$RIMAU" play "$game" -q --tigers=human --men=random --seed 1
unset stdin
hasf "'xb4,xc4': not a legal turn here: this turn removes 3 pieces; you gave 2;" out "too few removals: the prompt says how many"
has "^1\. tigers played xb4,xc5,xd6 and took" out "removals in any order are the turn"
# records and --after read the drops in any order too
expect 0 "moves --after drops in another order" "$RIMAU" moves "$tb" --after "d1,c1,b1,a1"
printf '[Game "Tiger and Buffaloes"]\n[File "tiger-and-buffaloes.game"]\n[Result "*"]\n\n1. d4,a1,c1,b1 *\n' > "$tmp/drops.rec"
expect 0 "a record with drops in another order" "$RIMAU" replay "$tmp/drops.rec"
has "^  1  b---b---b---\.\$" out "the record's drops are on a1, b1 and c1"
has "^  4  \.---\.---\.---b\$" out "and on d4"
# the prompt's show [POINT] marks as moves --show does
printf 'show c7\nshow zz9\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "show at the prompt" "$RIMAU" play "$game" --position "$after2" --tigers=human --men=human -q
unset stdin
has "^[0-9]* legal turns* of the piece on c7 or ending there\$" out "the prompt's show counts the turns"
has "'zz9': unknown point; 'show' marks" out "the prompt's show names an unknown point"
n=$((n + 1))
if [ "$(grep -c '\*' "$tmp/out")" -gt 0 ]; then echo "ok the prompt's show marks points"
else echo "FAIL the prompt's show marks no point"; fail=$((fail + 1)); fi

cp "$game" "$tmp/pstring.game"
cat >> "$tmp/pstring.game" <<'END'

example "a position string" {
    position "m7T8mmm2mmm3T8 m14 tigers hunting,dropping 3"
    tigers to move
    man at a1
    man in hand 14
    turn 3
    legal "c3-c4"
}
END
expect 0 "an example's position string" "$RIMAU" validate "$tmp/pstring.game"
has '^ok .*"a position string"' out "an example runs from its position string"
sed 's/man at a1$/man at b2/' "$tmp/pstring.game" > "$tmp/pstring-wrong.game"
expect 1 "an example's position string, checked" "$RIMAU" validate "$tmp/pstring-wrong.game"
has 'b2 should hold a man, but it is empty' out "an example's position string is the position its assertions see"
sed 's/dropping 3"$/dropping 0"/' "$tmp/pstring.game" > "$tmp/pstring-bad.game"
expect 1 "an example's bad position string" "$RIMAU" validate "$tmp/pstring-bad.game"
has 'character 44: turns are numbered from 1' out "an example's bad position string is located"
expect 0 "show --svg of Alquerque" "$RIMAU" show --svg "$srcdir/games/alquerque.game"
has 'fill="#f4f1e8"[^>]*><title>white on' out "Alquerque's white pieces are drawn light"
has 'fill="#2b2b2b"[^>]*><title>black on' out "Alquerque's black pieces are drawn dark"
expect 0 "show --svg of Satoel" "$RIMAU" show --svg "$srcdir/games/satoel.game"
has 'fill="#f4f1e8"[^>]*><title>white on' out "Satoel's white pieces are drawn light"
has 'fill="#2b2b2b"[^>]*><title>black on' out "Satoel's black pieces are drawn dark"

# The play prompt (issue 18).
alq="$(cd "$srcdir/games" && pwd)/alquerque.game"
mte="$srcdir/games/main-tapal-empat.game"
# Quitting and the end of input are no error; 'save' writes the game so far.
printf 'd3-c3\nsave %s\nquit\n' "$tmp/saved.rec" > "$tmp/in"
stdin="$tmp/in" expect 0 "quit at the prompt exits 0" "$RIMAU" play "$alq" -q --white=human --black=random --seed 3
has "^saved the game so far (2 turns) to $tmp/saved.rec\$" out "save FILE at the prompt says where"
expect 0 "the record saved at the prompt replays" "$RIMAU" replay -q "$tmp/saved.rec"
has "after 2 turns" out "the record saved at the prompt has its turns"
printf 'd3-c3\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "the end of input exits 0" "$RIMAU" play "$alq" -q --white=human --black=random --seed 3
has "end of input: the game stops here" out "the end of input is said"
# 'save' with no file: the --save file, else a new file it names.
printf 'd3-c3\nsave\ne3xc3\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "save with --save" "$RIMAU" play "$alq" -q --white=human --black=random --seed 3 --save "$tmp/s2.rec"
has "to $tmp/s2.rec\$" out "save with no file saves to the --save file"
expect 0 "replay the --save record after quit" "$RIMAU" replay -q "$tmp/s2.rec"
has "after 4 turns" out "quitting with --save loses no turn"
mkdir "$tmp/savedir"
printf 'd3-c3\nsave\ne3xc3\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "save with no file and no --save" sh -c 'cd "$1" && "$0" play "$2" -q --white=human --black=random --seed 3' \
    "$RIMAU" "$tmp/savedir" "$alq"
has "^saved the game so far (2 turns) to alquerque-[0-9]*-[0-9]*\.rec\$" out "save names the file it chose"
saved=$(ls "$tmp/savedir")
expect 0 "the file save chose replays" "$RIMAU" replay -q "$tmp/savedir/$saved"
has "after 4 turns" out "the file save chose is saved after every turn from then on"
# Ctrl-C: the game stops, saved, with status 130.
rm -f "$tmp/fifo"; mkfifo "$tmp/fifo"
"$RIMAU" play "$alq" -q --white=human --black=random --seed 3 --save "$tmp/int.rec" < "$tmp/fifo" > "$tmp/out" 2> "$tmp/err" &
pid=$!
( sleep 30; kill -TERM "$pid" 2> /dev/null ) & watchdog=$! # (a play that ignores Ctrl-C)
exec 3> "$tmp/fifo"
printf 'd3-c3\n' >&3
i=0; while [ $i -lt 50 ] && ! grep -q "^2\. " "$tmp/out"; do sleep 0.1; i=$((i + 1)); done
kill -INT "$pid"
wait "$pid"; st=$?
exec 3>&-
kill "$watchdog" 2> /dev/null
n=$((n + 1))
if [ "$st" -eq 130 ]; then echo "ok Ctrl-C at the prompt exits 130"; else echo "FAIL Ctrl-C at the prompt: exit status $st, expected 130"; shown "$tmp/out"; fail=$((fail + 1)); fi
has "^interrupted: the game is not finished (2 turns played)" out "Ctrl-C says the game stopped"
expect 0 "replay the record after Ctrl-C" "$RIMAU" replay -q "$tmp/int.rec"
has "after 2 turns" out "Ctrl-C with --save loses no turn"

# undo returns to the human's previous turn, taking back the computer's.
printf 'undo\nc3\nundo\nc3\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "undo when the computer moved first" "$RIMAU" play "$mte" -q --tigers=random --goats=human --seed 1
has "^nothing to undo\$" out "undo before the human's first turn takes nothing back"
has "^took back 2 turns\$" out "undo takes back the computer's turn with the human's"
has "^turn 1: goats to move" out "after undo, the human's side is to move"
has_no "goats played b2" out "the computer's turn is not played again by the human"
has_no "tigers played c3" out "the human's turn is announced with the human's side"
has "^2\. goats played c3\$" out "the next turn is announced with the right side"

# Captures are described, and the status line counts the pieces.
expect 0 "a game with captures" "$RIMAU" play "$alq" -q --white=random --black=random --seed 2
has "^2\. black played c4xc2 and took c3; white: 11 on the board\$" out "a capture says what it took and what is left"
has "^turn 1: white to move (play) - white: 12 on the board; black: 12 on the board\$" out "the status line counts the pieces"
expect 0 "a game with drops and captures" "$RIMAU" play "$srcdir/games/rimau-rimau-a.game" -q --tigers=random --men=random --seed 2
has "^1\. tigers played xc4,xd4,xb5,c3-b8 and took c4, d4, b5; men: 6 on the board, 15 in hand\$" out "a capture counts the pieces in hand"

# moves at the prompt: a count, columns as wide as the terminal, a filter.
printf 'moves\nmoves b2\nmoves zz9\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "moves at the prompt" env COLUMNS=20 "$RIMAU" play "$alq" -q --white=human --black=random
has "^4 legal turns\$" out "moves says how many turns"
has "^b2-c3  d2-c3\$" out "moves fills the columns that fit the terminal"
has "^1 legal turn of the piece on b2 or ending there\$" out "moves POINT counts the turns of that piece"
has "^b2-c3\$" out "moves POINT lists the turns of that piece"
has "'zz9': unknown point" out "moves with a bad point says so"
printf 'moves\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "moves at the Rimau-rimau opening" env COLUMNS=60 "$RIMAU" play "$srcdir/games/rimau-rimau-a.game" -q
has "^4956 legal turns\$" out "moves counts the opening's turns"
# (35 columns, then 3 a point: the 9th would end at 62)
has "^3 removals from any of the 9 points b4 c4 d4 b5 c5 d5 b6 c6\$" out "the 84 turns of 3 removals are a group, cut to the width"
has "^  d6 (84 turns, e\.g\. xb4,xc4,xd4)\$" out "its line goes on, indented"
n=$((n + 1))
if awk '/legal turns$/ { on = 1; next } /not finished/ { on = 0 } on { rows++; if (length > 60) bad = 1 } END { exit !(rows > 100 && !bad) }' "$tmp/out"; then echo "ok moves fits the turns to the terminal's width"; else echo "FAIL moves: lines wider than COLUMNS, or too few"; fail=$((fail + 1)); fi

# Input errors quote the line as typed.
printf 'quit now\nc3 - c4\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "bad lines at the prompt" "$RIMAU" play "$alq" -q --white=human --black=random
hasf "'quit now': not a turn or a command" out "a bad line is quoted with its blanks"
hasf "'c3 - c4': not a legal turn here" out "a turn with blanks is quoted as typed"

# (tab completion at the prompt, at a terminal: tests/check-terminal.sh)

# rimau solve: a small game, on two threads, into a database and back;
# the values by the perfect player; what it refuses, and why; the
# database's files whole or refused, its folder one solve's at a time.
drops="$srcdir/tests/games/solve-drops.game"
expect 0 "solve a small game on two threads into a database" "$RIMAU" solve "$drops" -q -j 2 --db "$tmp/db" --verify
cp "$tmp/out" "$tmp/solved"
has "^start (tigers to move): goats win in [0-9]* plies\$" out "solve prints the start's value"
has "^verify: every position agrees with the rules\$" out "solve --verify finds nothing wrong"
has "^whole tiers ([a-z ,]*): 10 tiers, " out "solve counts the tiers"
has "^reachable from the start: [0-9]* tiers, [0-9,]* positions (.*), won [0-9,]*, lost [0-9,]*, drawn [0-9,]*; longest forced win: [0-9]* plies\$" \
    out "solve counts the positions the start reaches"
has "^memory: [0-9.]* MiB at most; time: [0-9.]* s (forward passes [0-9.]* s, going back [0-9.]* s)\$" \
    out "solve says where its time went"
holds "the forward passes and the passes going back take no more than the whole solve" \
    awk '/^memory: / { t = $7; f = $11; b = $15; exit !(f >= 0 && b >= 0 && f + b <= t + 0.01) }' "$tmp/out"
expect 0 "solve the same game again from the database" "$RIMAU" solve "$drops" -q --db "$tmp/db" --json
has '"start":{"to_move":"tigers","value":"loss","winner":"goats"' out "the solve read back gives the same start"
has '"forward_seconds":0\.0,"back_seconds":0\.0,' out "a solve read from the database makes no forward pass"
expect 1 "solve a game that huffs" "$RIMAU" solve "$srcdir/tests/games/huff.game" -q
has "huffs (captures huffed ...), which the bit kernel does not play" err "the solver refuses huffing, naming it"
expect 1 "solve another game into that database" "$RIMAU" solve "$srcdir/tests/games/solve-hare.game" -q --db "$tmp/db"
has "is a solve of another game, Solver test: drops, not of Solver test: hare" err "another game's database is refused, naming both"
# A database whose game is the same but not its options, or not the rules
# of its file (edited since): the message says which, never the same
# game and options twice.
hare="$srcdir/tests/games/solve-hare.game"
expect 0 "solve a game with options into a database" "$RIMAU" solve "$hare" -q --db "$tmp/stale" --no-reachable
expect 1 "solve it with another option into that database" "$RIMAU" solve "$hare" -q --db "$tmp/stale" -o hare-chains=no
has "is a solve of Solver test: hare and hounds with other options (.*hare-chains=yes.*), not these (.*hare-chains=no.*): solve into another folder, or delete it\$" \
    err "a database of other options is refused, naming both"
sed 's/^    goats lose with 2 pieces$/    goats lose with 3 pieces/' "$drops" > "$tmp/edited.game"
holds "the edited game differs from the one solved" [ "$(grep -c 'with 3 pieces' "$tmp/edited.game")" = 1 ]
expect 1 "solve a game whose rules changed since its database was written" "$RIMAU" solve "$tmp/edited.game" -q --db "$tmp/db"
has "is a solve of Solver test: drops under other rules: the rules of the game file changed since the database was written (their digest was [0-9a-f]\{16\}, it is [0-9a-f]\{16\} now)" \
    err "a database of the game's rules before an edit says the rules changed"
has_no "drops.*drops" err "the stale database's message does not print the game twice"
expect 0 "analyse by the perfect player from the database" "$RIMAU" analyse "$drops" --player "perfect:$tmp/db" --after a1
has "^value goats win in [0-9]* plies (goats to move)\$" out "analyse gives the position's value"
has "^turn b1,c1 " out "analyse gives each turn's value"
has "^bestturn " out "analyse ends with the best turn"
# (its progress line is a terminal's alone: tests/check-terminal.sh)
expect 0 "analyse by the perfect player, solving" "$RIMAU" analyse "$drops" --player perfect --after a1
holds "a perfect player's solve writes nothing on standard error when it is no terminal" [ ! -s "$tmp/err" ]

# The database's files. A change of any byte of a tier file is refused,
# by solve and by solve --verify, as damaged (a sample: the first bytes,
# the format, a count of the header, the number of next tiers, the
# game's name, the body, the distances, the checksum).
set -- "$tmp/db"/*.tier
tierf=$1
cp "$tierf" "$tmp/tier.orig"
size=$(wc -c < "$tierf")
for at in 0 8 62 92 100 736 $((size - 30)) $((size - 1)); do
    b=$(od -An -tu1 -j "$at" -N1 "$tmp/tier.orig" | tr -d ' ')
    cp "$tmp/tier.orig" "$tierf"
    printf "$(printf '\\%03o' $((b ^ 16)))" | dd of="$tierf" bs=1 seek="$at" conv=notrunc 2> /dev/null
    expect 1 "solve --verify of a tier file with byte $at changed" "$RIMAU" solve "$drops" -q --db "$tmp/db" --verify
    hasf "$tierf is damaged" err "byte $at changed: the file is named damaged"
    has "delete it and solve again" err "byte $at changed: the message says what to do"
    has_no "^verify:" out "byte $at changed: nothing is verified"
done
expect 1 "solve of a tier file with a count of its header changed" "$RIMAU" solve "$drops" -q --db "$tmp/db"
hasf "$tierf is damaged (its checksum is wrong)" err "a changed count is refused by the checksum"
cp "$tmp/tier.orig" "$tierf"
expect 0 "solve --verify of the tier file as it was" "$RIMAU" solve "$drops" -q --db "$tmp/db" --verify
has "^verify: every position agrees with the rules\$" out "the file as it was is read and verified"

# Nothing is written through a link at a tier's temporary names: the .part
# of format 1, and KEY.tier.tmp-PID-N, this process's names (sh -c's pid,
# which exec keeps).
mkdir "$tmp/links"
for t in "$tmp/db"/*.tier; do
    ln -s "$tmp/away" "$tmp/links/${t##*/}.part"
done
expect 0 "solve into a folder with links at the temporary names" sh -c '
    for t in "$1"/*.tier; do
        i=0
        while [ $i -lt 12 ]; do ln -s "$2" "$3/${t##*/}.tmp-$$-$i"; i=$((i + 1)); done
    done
    exec "$4" solve "$5" -q --db "$3"' sh "$tmp/db" "$tmp/away" "$tmp/links" "$RIMAU" "$drops"
holds "nothing is written through a link at a temporary name" [ ! -e "$tmp/away" ]
holds "every tier is written beside the links" [ "$(ls "$tmp/links" | grep -c '\.tier$')" -eq 10 ]

# (GCOV_*: in a coverage build, a process past the file size limit would
# cut the counts file it writes at exit, and every later run would say so:
# its counts go to $tmp/gcov, and are not counted.)
# A full disk (stood in for by the file size limit: EFBIG): one message
# with the reason, no cut file, and what was written reads back whole.
expect 1 "solve into a folder on a full disk" env GCOV_PREFIX="$tmp/gcov" GCOV_ERROR_FILE=/dev/null sh -c 'trap "" XFSZ; ulimit -f 2; exec "$0" solve "$1" -q --db "$2"' \
    "$RIMAU" "$srcdir/games/kaooa.game" "$tmp/full"
has "^rimau solve: cannot write $tmp/full/[0-9a-f]*\.tier: File too large\$" err "a full disk gives one message, with the file and the reason"
holds "a full disk gives one message only" [ "$(wc -l < "$tmp/err")" -eq 1 ]
holds "a full disk leaves no temporary file" [ -z "$(ls "$tmp/full" | grep -v '\.tier$')" ]
expect 0 "solve again after the full disk" "$RIMAU" solve "$srcdir/games/kaooa.game" -q --db "$tmp/full" --verify
has "tiers read from the database: " out "the tiers written before the disk was full read back whole"
has "^verify: every position agrees with the rules\$" out "and the rest solved"

# One solve at a time writes into a folder: a second says at once who
# holds it. (The first, a longer solve, holds the lock once the kernel
# lists it in /proc/locks; then it is stopped.)
"$RIMAU" solve "$srcdir/games/tiger-and-buffaloes.game" -q --db "$tmp/busy" > /dev/null 2>&1 &
busy=$!
i=0
while [ $i -lt 300 ]; do
    if [ -f "$tmp/busy/.lock" ]; then
        ino=$(ls -i "$tmp/busy/.lock" | awk '{ print $1 }')
        if [ ! -r /proc/locks ]; then
            sleep 1
            break
        fi
        grep -q ":$ino " /proc/locks && break
    fi
    sleep 0.1
    i=$((i + 1))
done
expect 1 "a second solve into a folder a solve is using" "$RIMAU" solve "$drops" -q --db "$tmp/busy"
has "^rimau solve: $tmp/busy is in use by another rimau (pid $busy, [a-z ]* it): wait for it to end, or use another folder\$" \
    err "the second solve names the folder and the process that holds it"
kill "$busy" 2> /dev/null
wait "$busy" 2> /dev/null
# (The estimate of a large game, Main Tapal Empat's that doc/solutions.md
# gives, takes half a minute: tests/check-solutions.sh, make check-slow.)
# The estimate bounds every tier of the small game: its largest is the
# largest the solve above laid out, and it counts no fewer positions.
expect 0 "solve --estimate" "$RIMAU" solve "$drops" --estimate
largest=$(awk '$1 ~ /^[0-9]+$/ && $2 + 0 > m { m = $2 + 0 } END { print m }' "$tmp/solved")
solved=$(sed -n 's/^whole tiers ([a-z ,]*): [0-9]* tiers, \([0-9]*\) positions .*/\1/p' "$tmp/solved")
has "^  largest tier: *$largest positions\$" out "the estimate's largest tier is the solve's ($largest)"
estimated=$(sed -n 's/^  positions: *\([0-9,]*\) .*/\1/p' "$tmp/out" | tr -d ,)
holds "the estimate counts no fewer positions (${estimated:-none}) than the solve (${solved:-none})" \
    [ "${estimated:-0}" -ge "${solved:-1000000000}" ]
# (no fewer tiers either: those of a phase past its end are left out, as
# no position is in them, and no others)
solved_tiers=$(sed -n 's/^whole tiers ([a-z ,]*): \([0-9]*\) tiers, .*/\1/p' "$tmp/solved")
estimated_tiers=$(sed -n 's/^  tiers: *\([0-9]*\)$/\1/p' "$tmp/out")
holds "the estimate counts no fewer tiers (${estimated_tiers:-none}) than the solve (${solved_tiers:-none})" \
    [ "${estimated_tiers:-0}" -ge "${solved_tiers:-1000000000}" ]
has "^  with --db: *[0-9.]* GiB (the tier that needs most; the tiers solved are read from their files and a scratch file, at most [0-9.]* GiB)\$" \
    out "the estimate says what a solve with --db needs"
expect 0 "solve --estimate --json" "$RIMAU" solve "$drops" --estimate --json
has "\"positions\":${estimated:-none},\"largest\":$largest," out "the JSON estimate is the text's"
# Past the memory given: when a tier's arrays are taken, and when the
# turns within a tier are kept; either way the estimate is printed.
expect 1 "solve a game past the memory given" "$RIMAU" solve "$drops" -q --memory 200
has "solving needs more than the 0.0 GiB of memory given (a tier being solved" err "the solve says it needs more memory"
has "^estimate for Solver test: drops" out "and prints the estimate"
expect 1 "solve a game whose turns within a tier pass the memory given" "$RIMAU" solve "$drops" -q --memory 16K
has "solving needs more than .* (the turns within one tier: [0-9]*)" err "the solve says the turns need more memory"
# Adugo's start tier has 5.5 x 10^9 positions, past 2^32: it is numbered
# (its moves are undone by unmoves), and stops for memory alone; a tier
# whose turns are kept (Meurimueng-rimueng's drops) stops at 2^32. (--json
# prints no estimate, which would take seconds.)
expect 1 "solve a game with a tier past 2^32 positions" "$RIMAU" solve "$srcdir/games/adugo.game" -q --json
has "^rimau solve: solving needs more than the 4.0 GiB of memory given (a tier's distances: 5.1 GiB more)" \
    err "a tier past 2^32 positions is numbered, and stops for the memory it needs"
expect 1 "solve a game with a tier past what the solver numbers" "$RIMAU" solve "$srcdir/games/meurimueng-rimueng.game" -q --json
has "^rimau solve: tier tiger 2+0, sheep 8+15; hunting/playing has 3.36e+10 positions, more than a tier may whose turns are kept" \
    err "the tier too large is named, with its size"
expect 0 "solve a game whose pieces stack" "$RIMAU" solve "$srcdir/tests/games/solve-stacks.game" -o stacks=both --verify
has "^start (cattle to move): " out "a game of stacks is solved"
has "^verify: every position agrees with the rules" out "and its solve verified"
sed -e 's/piece cow 5 stacks/piece cow 40 stacks/' -e 's/cow in hand 3/cow in hand 38/' \
    "$srcdir/tests/games/solve-stacks.game" > "$tmp/tall.game"
expect 1 "solve a game of stacks taller than the solver keeps" "$RIMAU" solve "$tmp/tall.game" -o stacks=both -q
has "more than 32 pieces that stack" err "a game of tall stacks is refused with the reason"
expect 2 "solve with a bad --memory" "$RIMAU" solve "$drops" --memory lots
has "memory takes a size" err "a bad size is named"
# A solve by levels (--plan: as on the ranks of mpirun, tests/check-mpi.sh,
# here in one process) writes the database a solve writes, byte for byte,
# reads it back, and prints its levels.
expect 0 "solve into a new folder" "$RIMAU" solve "$drops" -q --db "$tmp/by-one"
grep '^start' "$tmp/out" > "$tmp/one.start"
expect 0 "solve by levels (--plan)" "$RIMAU" solve "$drops" -q --db "$tmp/by-levels" --plan
has "^plan: 10 tiers, found in [0-9]* layers from the start's, solved in [0-9]* levels on 1 rank\$" out \
    "solve --plan counts the tiers and the levels"
has "^projected from each tier's seconds (finding and solving): 1 rank [0-9.]* s, 2 ranks" out \
    "solve --plan projects the time of more ranks"
holds "the start is solved" [ -s "$tmp/one.start" ]
hasf "$(cat "$tmp/one.start")" out "solve --plan gives the start's value"
same_folder() {
    [ "$(ls -A "$1")" = "$(ls -A "$2")" ] || return 1
    for f in "$1"/*.tier; do cmp -s "$f" "$2/${f##*/}" || return 1; done
}
holds "solve --plan writes the same files as a solve, byte for byte" same_folder "$tmp/by-one" "$tmp/by-levels"
expect 2 "solve --plan without a folder" "$RIMAU" solve "$drops" -q --plan
has "needs --db DIR" err "solve --plan says it needs a folder"
expect 2 "solve --plan --json" "$RIMAU" solve "$drops" -q --plan --json --db "$tmp/by-json"
holds "solve --plan --json makes no folder" [ ! -e "$tmp/by-json" ]
expect 0 "solve --blockade" "$RIMAU" solve "$srcdir/games/meurimueng-rimueng.game" --blockade tigers --within 8
has "^the fewest sheep that block: 4; " out "the blockade gives the fewest blockers"
has "^placements that can be blocked (by at most the 23 sheep of the game): 661; by 8 or fewer: 67\$" out "and how many placements 8 block, of those the game's sheep can block"
has "^placements only more sheep than the game has would block: 5\$" out "and how many need more sheep than the game has"
has "^the fewest sheep that block: 4; the most a blockable placement needs: 23\$" out "the most a blockable placement needs is within the game's sheep"
expect 2 "solve --blockade of no such side" "$RIMAU" solve "$drops" --blockade nobody
has "no side 'nobody'" err "an unknown side is named"


# "Did you mean" (issue 30): every name looked up and not found ends its
# message with the closest names, in one shape ("; did you mean 'X'?",
# "'X' or 'Y'"), and none when no name is close.
expect 2 "a misspelt command" "$RIMAU" paly
hasf "rimau: unknown command 'paly'; did you mean 'play'?" err "a misspelt command gets the command"
expect 2 "help of a misspelt command" "$RIMAU" help slefplay
has "rimau help: unknown command 'slefplay' (commands: .*); did you mean 'selfplay'?\$" err "help of a misspelt command gets the command"
expect 2 "a misspelt option" "$RIMAU" show --colr "$game"
hasf "rimau show: unknown option '--colr'; did you mean '--color'?" err "a misspelt option gets the option"
expect 2 "a misspelt option with its value" "$RIMAU" selfplay --seeds=3 "$game"
hasf "rimau selfplay: unknown option '--seeds=3'; did you mean '--seed=3'?" err "the option is suggested with the value given"
expect 2 "a misspelt option of play" "$RIMAU" play --froce "$game"
hasf "rimau play: unknown option '--froce'; did you mean '--force'?" err "play's own options are suggested"
expect 2 "a misspelt side" "$RIMAU" play "$tb" --tiger=human
hasf "rimau play: unknown option '--tiger=human' (the sides are tigers and buffaloes); did you mean '--tigers=human'?" err "a misspelt side gets the side, with its player"
expect 2 "a misspelt player" "$RIMAU" play "$tb" --tigers=humna
has "rimau play: unknown player 'humna' (players: human, .*); did you mean 'human'?\$" err "a misspelt player gets the player, human included"
expect 2 "a misspelt player of selfplay" "$RIMAU" selfplay "$tb" -n 1 --players mtcs:50,random
has "rimau selfplay: unknown player 'mtcs:50' (players: .*); did you mean 'mcts:50'?\$" err "selfplay's misspelt player gets the player, with its budget"
expect 1 "misspelt option names and values" "$RIMAU" show "$srcdir/games/kaooa.game" -o firts=crows -o capture=optinal
hasf "error: the game has no option 'firts' (its options: first, capture, vulture-blocked, vulture-wins); did you mean 'first'?" err "a misspelt -o name gets the option"
hasf "error: option 'capture' has no value 'optinal' (its values: optional, compulsory, chain); did you mean 'optional'?" err "a misspelt -o value gets the value"
expect 1 "a misspelt point" "$RIMAU" moves "$game" c33
hasf "rimau moves: 'c33' is not a point of the board; did you mean 'c3'?" err "a misspelt point gets the point"
expect 2 "solve --blockade of a misspelt side" "$RIMAU" solve "$drops" --blockade goast
hasf "rimau solve: --blockade: the game has no side 'goast'; did you mean 'goats'?" err "a misspelt side of --blockade gets the side"
# Game files: beside the path given, and the shipped games by name.
expect 1 "a game file without .game" sh -c 'cd "$1" && exec "$2" check games/kaooa' sh "$srcdir" "$RIMAU"
hasf "games/kaooa: error: cannot open: No such file or directory; did you mean 'games/kaooa.game'?" err "a path without .game gets the file"
expect 1 "a shipped game's name cut short" sh -c 'cd "$1" && RIMAU_GAMES="$2" exec "$3" play rimau-rimau' sh "$tmp" "$srcdir/games" "$RIMAU"
hasf "rimau-rimau: error: cannot open: No such file or directory; did you mean 'rimau-rimau-a' or 'rimau-rimau-b'?" err "a shipped game's name gets the games it begins"
expect 1 "a name far from every game" sh -c 'cd "$1" && RIMAU_GAMES="$2" exec "$3" info xyzzy' sh "$tmp" "$srcdir/games" "$RIMAU"
hasf "xyzzy: error: cannot open: No such file or directory" err "a name far from every game is said missing"
has_no "did you mean" err "and gets no suggestion"
# The play prompt: its commands, and points in them and in turns.
printf 'mvoes\nmoves c33\nshow c33\nc33-c4\nmna@c3\nhnit\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "misspelt lines at the prompt" "$RIMAU" play "$game" -q --tigers=human --men=human
hasf "'mvoes': not a turn or a command; did you mean 'moves'?" out "a misspelt prompt command gets the command"
hasf "'hnit': not a turn or a command; did you mean 'hint'?" out "every prompt command is suggested"
has "^'c33': unknown point; 'moves' lists .*; did you mean 'c3'?\$" out "moves POINT gets the point"
has "^'c33': unknown point; 'show' marks .*; did you mean 'c3'?\$" out "show POINT gets the point"
hasf "'c33-c4': unknown point 'c33'; did you mean 'c3'?" out "a turn's misspelt point gets the point"
hasf "'mna@c3': unknown piece kind 'mna' before '@'; did you mean 'man'?" out "a turn's misspelt piece kind gets the kind"


# Wording (issue 30): counts agree with their nouns ("1 piece"), a turn
# played reads right after any side's name ("tigers played", never
# "buffaloes plays"), and an unfinished game's result is said in words
# (its record keeps the record's '*').
cat > "$tmp/last.game" <<'EOS'
game "down to one"
board { grid 4 x 1 diagonals none }
side tigers { piece tiger 1 }
side men { piece man 2 }
setup { tiger at a1
        man at b1 d1 }
rules {
    first tigers
    men lose with 1 pieces
}
phase hunting of tigers { turn capture tiger over man }
phase moving of men { turn step man }
EOS
expect 0 "a game won at one piece left" "$RIMAU" play "$tmp/last.game" -q --tigers=random --men=random
has "^1\. tigers played a1xc1 and took b1; men: 1 on the board\$" out "the turn played reads right after the side's name"
has "^result: tigers win (men are down to 1 piece) after 1 turn\$" out "one piece is 'piece'"
printf 'quit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "a game stopped at once" "$RIMAU" play "$tb" -q --tigers=human --buffaloes=human --save "$tmp/stopped.rec"
hasf '[Result "*"]' stopped.rec "an unfinished game's record keeps '*' as its result"
expect 0 "replay of an unfinished game" "$RIMAU" replay -q "$tmp/stopped.rec"
has "^result: unfinished after 0 turns\$" out "an unfinished game's result is said in words"
has_no "result: \*" out "and not as the record's '*'"
# play --help (and every help naming a document) names a file that exists:
# the source tree's doc/ for the program built here, before it is installed.
expect 0 "play --help" "$RIMAU" play --help
notation=$(sed -n 's/.*(notation: \([^)]*\)).*/\1/p' "$tmp/out")
holds "play --help names a notation.md that exists (${notation:-none})" test -n "$notation" -a -f "$notation"

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
