#!/bin/sh
# Every fixed-size text buffer in src/ and grammar/, filled past its size.
#
# Names in a .game file run to 4,096 bytes (RM_MAX_TOKEN), turns and
# command lines to any length: each buffer below that can receive such
# text is driven past its size here, through the command that fills it.
# The test checks the exit status and that the message keeps its reason
# (a long name is shown by its start, never cut with the reason after
# it); under the sanitizer build (CI runs make check in one) an overflow
# is a report and a failure, and under valgrind (tests/valgrind.sh) too.
#
# buffer (file: name[size])            filled by                   case
# cli_rules.c list: sides[256]         side and kind names          list
# cli_rules.c validate: msg, opts      option names and values      validate
# validate.c: why, buf, buf2           names in example messages    validate
# compile*.c: buf (value_list's)       option values                --option
# compile.c apply_choices: buf         option names                 --option
# cli.c cli_game_file: path[4096]      a game's name on the line    long name
# cli.c: err[512] (--after)            a turn                       --after
# match.c: why[256]                    a turn's reason              --after
# notation.c: name[4097], word[64]     a turn's point/kind names    moves --after
# cli_play_prompt.c: line[4097], err[512] a line at the prompt      play
# cli_play.c: err[256] (players)       a player's text              --players
# players.c: budget[64]                a player's budget            --players
# record.c: date, res[128], num[16]    results and turn numbers     play --save
# render.c: name[16], label[16]        point names, row numbers     show
# board.c: name[16]                    point names                  point name
# parser.y: msg[512], buf[32]          expected tokens, numbers     syntax error
# lexer.l: shown[16]                   one character                bad byte
# cli_selfplay.c, cli_json.c           names in JSON lines          selfplay
# cli_output.c: out[3072]              text escaped in chunks       info
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"

# A valid game whose every name is 4,000 bytes long.
L=$(head -c 4000 /dev/zero | tr '\0' a)
mkdir "$tmp/games"
g="$tmp/games/long.game"
{
    printf 'game "G%s"\nalias "A%s"\norigin "O%s"\nsource "S%s"\nnote "N%s"\n' $L $L $L $L $L
    printf 'board {\n grid 3 x 3 diagonals all\n point p12345678901234 at 5 5\n'
    printf ' line c3 p12345678901234\n region r%s = a1 b1\n}\n' $L
    printf 'side s%s { piece k%s 2 }\nside t%s { piece m%s 3 }\n' $L $L $L $L
    printf 'setup { k%s at a1 b1\n m%s at a3 b3 c3 }\n' $L $L
    printf 'option o%s = v%s | w%s "D%s"\n' $L $L $L $L
    printf 'rules { first s%s\n draw after 40 turns }\n' $L
    printf 'phase x%s of s%s { turn step k%s or capture k%s }\n' $L $L $L $L
    printf 'phase y%s of t%s { if o%s = v%s { turn step m%s } else { turn step m%s } }\n' \
        $L $L $L $L $L $L
} > "$g"

expect 0 "check: a game of 4,000-byte names" "$RIMAU" check "$g"
expect 0 "info" "$RIMAU" info "$g"
has "G$L" out "info prints the whole name"
expect 0 "info --json" "$RIMAU" info --json "$g"
has "\"s$L\"" out "info --json prints the whole side name"
expect 0 "show" "$RIMAU" show "$g"
has "p12345678901234" out "show names the 15-letter point"
expect 0 "compile --dump" "$RIMAU" compile --dump "$g"
expect 0 "moves" "$RIMAU" moves "$g"
expect 0 "perft --divide" "$RIMAU" perft --divide "$g" 2
expect 0 "list" "$RIMAU" list "$tmp/games"
has "^long.game" out "list lists the game"
expect 0 "bench" "$RIMAU" bench "$g" --playouts 5

# Options: unknown names and values are reported with the reason.
expect 1 "--option with an unknown value" "$RIMAU" moves "$g" --option "o$L=z$L"
hasf "option '$(short "o$L")' has no value '$(short "z$L")' (its values: $(short "v$L"), $(short "w$L"))" err \
    "an unknown value is named, with the values"
expect 1 "--option with an unknown name" "$RIMAU" moves "$g" --option "q$L=v"
hasf "the game has no option '$(short "q$L")' (its options: $(short "o$L"))" err \
    "an unknown option is named, with the options"

# validate: a failing example under a long option keeps its whole message.
cp "$g" "$tmp/ex.game"
printf 'example "E%s" {\n quote "Q%s"\n with o%s = w%s\n k%s on board 3\n}\n' $L $L $L $L $L \
    >> "$tmp/ex.game"
printf 'example "F%s" {\n after "%s"\n}\n' $L "$L" >> "$tmp/ex.game"
expect 1 "validate: failing examples with long names" "$RIMAU" validate "$tmp/ex.game"
hasf "\"E$L\": 3 $(short "k$L") should be on the board, but 2 are (with $(short "o$L")=$(short "w$L"))" \
    out "validate's message keeps the count and the option's value"
hasf "\"F$L\": after \"$(short "$L")\": turn 1 '$(short "$L")': unknown point '$(short "$L")'" \
    out "validate's message keeps a bad turn's reason"

# A game named on the command line is looked up in RIMAU_GAMES: when
# the folder and the name pass 4,096 bytes, the name is not cut to fit
# (cut, it named another game of the folder).
deep="$tmp/deep"
comp=$(head -c 200 /dev/zero | tr '\0' d)
while [ ${#deep} -lt 3800 ]; do deep="$deep/$comp"; done
mkdir -p "$deep"
rest=$((4095 - ${#deep} - 1))
cut=$(head -c "$rest" /dev/zero | tr '\0' e)
cp "$g" "$deep/$cut"
RIMAU_GAMES=$deep expect 1 "a name that passes a path's size in RIMAU_GAMES" "$RIMAU" info "${cut}zzz"
has "cannot open" err "the long name is not cut to another game's"

# Turns: a kind's name before @, a point name, past the name buffers.
expect 1 "moves --after a 5,000-byte kind name" "$RIMAU" moves "$g" --after "k${L}zzzz@a2"
hasf "unknown piece kind '$(short "k$L")' before '@'" err "the kind is named by its start"
expect 1 "moves --after a 5,000-byte point" "$RIMAU" moves "$g" --after "x$L"
hasf "turn 1 '$(short "x$L")': unknown point '$(short "$L")'" err "a long removal is named by its start"

# The prompt: a line past 4,096 bytes, then a long bad turn, then quit.
{ head -c 5000 /dev/zero | tr '\0' c; printf '\n%s-a2\nquit\n' "$L"; } > "$tmp/in"
stdin="$tmp/in" expect 0 "play: long lines at the prompt" "$RIMAU" play "$g"
has "longer than 4096 characters" out "a long line is refused"
hasf "unknown point '$(short "$L")'" out "a long turn's reason is said"

# Players: a long player text and a long budget.
expect 2 "a 5,000-byte player" "$RIMAU" play "$g" "--s$L=mcts:$L"
hasf "'$(short "mcts:$L")': " err "a long player is named by its start"
# (cut to 63 bytes, this budget of 1 ms was 1 iteration)
expect 2 "a 70-byte budget" "$RIMAU" play "$g" "--t$L=mcts:$(head -c 68 /dev/zero | tr '\0' 0)1ms"
has "the budget is longer than 63 characters" err "a long budget is refused, not cut"

# A record of the long game, with its 4,000-byte tags, replays.
printf 'a1-a2\nquit\n' > "$tmp/in"
stdin="$tmp/in" expect 0 "play --save the long game" "$RIMAU" play "$g" --save "$tmp/p.rec"
expect 0 "replay its record" "$RIMAU" replay "$tmp/p.rec"
has "result: unfinished after 2 turns" out "replay replays the turns"
n=$((n + 1))
if grep -q -F "[Name \"G$L\"]" "$tmp/p.rec"; then echo "ok the record names the game in full"
else echo "FAIL the record does not name the game in full"; fail=$((fail + 1)); fi

# Records of a tournament: results and rules name a long side by its
# start, so that the tag keeps its words.
expect 0 "selfplay --records" "$RIMAU" selfplay "$g" -n 2 --players random,ab:1 --seed 1 \
    --records "$tmp/recs"
grep -h '^\[Result \|^\[Termination ' "$tmp/recs"/*.rec > "$tmp/out"
has "^\[Result \"$(short "s$L") win\"\]\$" out "a win names the long side by its start"
n=$((n + 1))
if grep -v 'win"\]$\|draw"\]$\|reached"\]$\|move"\]$\|left"\]$\|pieces"\]$' "$tmp/out"; then
    echo "FAIL a Result or Termination tag is cut"; fail=$((fail + 1))
else
    echo "ok no Result or Termination tag is cut"
fi

# Tournaments: names in JSON lines.
expect 0 "selfplay --json" "$RIMAU" selfplay "$g" -n 2 --players random,ab:1 --json "$tmp/s.json"
hasf "$(short "s$L") " out "selfplay's table names a long side by its start"
expect 0 "summarize its JSON" "$RIMAU" summarize "$tmp/s.json"
has "^2 games" out "summarize counts both games"
hasf "$(short "s$L") " out "summarize's table names a long side by its start"


# Points: a hand-made point name past 15 bytes is an error, not a cut name.
printf 'game "p"\nboard { point abcdefghijklmnop at 0 0\n point b at 1 0\n line abcdefghijklmnop b }\n' \
    > "$tmp/point.game"
printf 'side s { piece k 1 }\nside t { piece m 1 }\nsetup { k at b }\n' >> "$tmp/point.game"
printf 'phase x of s { turn step k }\nphase y of t { turn step m }\n' >> "$tmp/point.game"
expect 1 "a 16-byte point name" "$RIMAU" check "$tmp/point.game"
has "error: .*abcdefghijklmnop" err "the long point name is reported"

# The parser: a syntax error expecting many tokens; a bad byte.
printf 'game "x"\nboard { grid 3 x 3 }\nside s { piece k 99999999999999999999999 }\n' > "$tmp/syn.game"
expect 1 "a number past long" "$RIMAU" check "$tmp/syn.game"
has "syn.game:3:" err "the big number is located"
printf 'game "x"\nrules { \001 }\n' > "$tmp/byte.game"
expect 1 "a control byte" "$RIMAU" check "$tmp/byte.game"
has "unexpected character byte 0x01" err "the byte is named"

echo "$((n - fail)) of $n passed"
[ "$fail" -eq 0 ]
