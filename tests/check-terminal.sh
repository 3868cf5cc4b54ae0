#!/bin/sh
# The command line at a terminal, a pseudo-terminal from script(1):
# selfplay's progress bar, colour (auto, NO_COLOR, TERM=dumb), and tab
# completion at the play prompt (with libedit). Where script(1) is missing
# or cannot open a terminal (no /dev/pts, as for root in many containers
# and build sandboxes), each check says so and is skipped, and the test
# counts as skipped (status 77). tests/check-no-terminal.sh checks that.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"

game="$srcdir/games/rimau-rimau-a.game"
alq="$srcdir/games/alquerque.game"
tb="$srcdir/games/tiger-and-buffaloes.game"
escs() { tr -cd '\033' < "$1" | wc -c; }

why=$(no_terminal)
if [ -n "$why" ]; then
    echo "skip: $why: selfplay's progress bar at a terminal is not tested"
    echo "skip: $why: colour at a terminal is not tested"
    echo "skip: $why: tab completion at the prompt is not tested"
    echo "skip: $why: the thinking line at a terminal is not tested"
    echo "skip: $why: the status line's width at a terminal is not tested"
    echo "skip: $why: the progress of a perfect player's solve at a terminal is not tested"
    exit 77
fi

# The progress bar on a terminal promises no time before a game of each
# kind (sides swapped) has finished: it said "0 s left" at first, then
# half the real time. (The bar is drawn every 0.2 s: the budget makes a
# game last longer than that, some 0.3 s.)
script -q -e -c "'$RIMAU' selfplay '$tb' -n 6 --players mcts:4000,random" "$tmp/typescript" > /dev/null 2>&1
tr '\r' '\n' < "$tmp/typescript" > "$tmp/out"
has "^\[[# ]*\] [0-9]/6 games, [0-9.]*/s, time left not known yet" out "selfplay's bar knows no time left before a game of each kind ends"
has_no "^\[ *\] 0/6 games.* 0 s left" out "selfplay's bar does not promise 0 s at the start"
has "games, .*about [0-9]* s left" out "selfplay's bar gives the time left once it knows"
has_no "nan\|inf" out "selfplay's bar gives a number of seconds to the end"

# A perfect player solves the game as it is made, and at a terminal its
# progress is one line on standard error, redrawn with a carriage return
# as rimau solve's, and blanked out before the results (Kaooa: some 40
# tiers, a tenth of a second); not with -q, and never in rimau engine,
# whose standard output is JSON lines alone (the requests from a file:
# a terminal would echo them).
kaooa="$srcdir/games/kaooa.game"
cr=$(printf '\r')
script -q -e -c "'$RIMAU' analyse '$kaooa' --player perfect" "$tmp/typescript" > /dev/null 2>&1
cp "$tmp/typescript" "$tmp/out"
# (the first line drawn is of a tier the start leads to, solved before
# the start's own: its pass, or its end)
has "^${cr}tier [1-9][0-9]* [a-z]* *\[[# ]*\] *[0-9]*% vulture [0-9]+[0-9], crow " out "analyse --player perfect shows its solve's first tier at a terminal"
has "${cr}tier [1-9][0-9]* done    \[#*\] 100% .*${cr}  *${cr}value crows win in " out "the line is redrawn to the last tier, and blanked out before the value"
has_no "1[0-9][1-9]%\|1[1-9][0-9]%\|[2-9][0-9][0-9]%" out "no tier passes 100%"
script -q -e -c "'$RIMAU' analyse '$kaooa' --player perfect -q" "$tmp/typescript" > /dev/null 2>&1
cp "$tmp/typescript" "$tmp/out"
has "^value crows win in " out "analyse -q solves"
has_no "tier [0-9]" out "analyse -q draws no progress line"
script -q -e -c "'$RIMAU' play '$kaooa' --vulture=perfect --crows=random --seed 1" "$tmp/typescript" < /dev/null > /dev/null 2>&1
tr '\r' '\n' < "$tmp/typescript" > "$tmp/out"
has "^tier [1-9][0-9]* done " out "play shows the solve of its perfect player at a terminal"
printf '{"id":1,"cmd":"load","game":"kaooa"}\n{"id":2,"cmd":"go","player":"perfect"}\n' > "$tmp/requests"
script -q -e -c "'$RIMAU' engine < '$tmp/requests'" "$tmp/typescript" > /dev/null 2>&1
tr -d '\r' < "$tmp/typescript" | grep -v -e '^Script ' -e '^$' > "$tmp/out"
has '^{"id":2,"ok":true,"turn":' out "the engine's perfect player solves and answers at a terminal"
has_no "tier [0-9]" out "the engine draws no progress line"
holds "the engine writes JSON lines alone at a terminal" [ "$(grep -c -v '^{.*}$' "$tmp/out")" -eq 0 ]

# At a terminal, auto means colour, unless NO_COLOR is set and not empty,
# or TERM is dumb.
tty_escs() { env "$@" script -q -c "'$RIMAU' show '$game'" /dev/null > "$tmp/out" 2>&1; escs "$tmp/out"; }
holds "show at a terminal is in colour" [ "$(tty_escs TERM=xterm)" -gt 0 ]
holds "an empty NO_COLOR keeps the colour" [ "$(tty_escs TERM=xterm NO_COLOR=)" -gt 0 ]
holds "NO_COLOR=1 turns the colour off at a terminal" [ "$(tty_escs TERM=xterm NO_COLOR=1)" -eq 0 ]
holds "TERM=dumb turns the colour off" [ "$(tty_escs TERM=dumb)" -eq 0 ]

# libedit completes legal turns.
if grep -q "define HAVE_LIBEDIT 1" "$(dirname "$RIMAU")/../config.h" 2> /dev/null; then
    (sleep 1; printf 'd2\t\n'; sleep 1; printf 'quit\n') |
        TERM=xterm timeout 30 script -q -c "'$RIMAU' play '$alq' -q --white=human --black=random --seed 3" /dev/null > "$tmp/out" 2>&1
    has "^1\. white played d2-c3" out "tab completes a legal turn at the prompt"
else
    echo "skip: no libedit: tab completion is not tested"
fi

# While the computer thinks: "thinking... 0.1s", 0.2s, ... on a line of
# its own, blanks over it when the turn is shown (no control sequence).
(sleep 3; printf 'quit\n') |
    TERM=xterm timeout 30 script -q -c "'$RIMAU' play '$alq' -q --white=mcts:1s --black=human --seed 1" "$tmp/typescript" > /dev/null 2>&1
cp "$tmp/typescript" "$tmp/out"
has "${cr}thinking\.\.\. 0\.[1-9]s${cr}thinking\.\.\. [0-9]\.[0-9]s" out "the time thought is shown and updated at a terminal"
has "${cr}thinking\.\.\. [0-9.]*s${cr}  *${cr}1\. white played " out "it is blanked out before the turn is shown"
holds "the thinking line writes no escape sequence" [ "$(escs "$tmp/out")" -eq 0 ]

# The status line fits a terminal of 80 columns (the width when the
# terminal does not say, as script(1)'s here) from the start to the end
# of a random game: in make check, of the 8 shipped games whose sides
# and pieces take the most room in rimau list's table (the status line
# names them), in make check-slow (RIMAU_THOROUGH=1) of every shipped
# game; and one of 50 columns.
# wide WIDTH: the status lines of the last typescript, how many there are
# and how many are wider than WIDTH, as "LINES WIDE"
wide() { tr -d '\r' < "$tmp/typescript" | awk -v w="$1" '/^(turn [0-9]+|before play): / { n++; if (length > w) { bad++; print > "/dev/stderr" } } END { print n + 0, bad + 0 }'; }
# (the sides' names from one rimau list: play's header costs the
# computer's first turn, a second, in the games it begins; and a process
# a game costs as much as the game)
"$RIMAU" list "$srcdir/games" | awk 'NR > 1 {
    s = $0; sides = ""
    # (the cell of the sides and their pieces, and its length)
    cell = match(s, /[A-Za-z][A-Za-z-]*: [0-9]/) ? substr(s, RSTART) : ""
    sub(/ +[0-9]+ +[0-9]+ +[0-9]+ *$/, "", cell)
    while (match(s, /[A-Za-z][A-Za-z-]*: [0-9]/)) {
        w = substr(s, RSTART, RLENGTH); sub(/: [0-9]$/, "", w)
        sides = sides " " w; s = substr(s, RSTART + RLENGTH)
    }
    print length(cell), $1 sides }' | sort -k1,1nr -k2,2 | cut -d' ' -f2- > "$tmp/all-sides"
if [ "${RIMAU_THOROUGH:-}" = 1 ]; then
    cp "$tmp/all-sides" "$tmp/sides"
else
    head -n 8 "$tmp/all-sides" > "$tmp/sides"
fi
holds "rimau list lists every shipped game" \
    [ "$(wc -l < "$tmp/all-sides")" -eq "$(ls "$srcdir"/games/*.game | wc -l)" ]
ngames=0
while read -r file a b rest; do
    g="$srcdir/games/$file"
    ngames=$((ngames + 1))
    if [ -z "$b" ] || [ -n "$rest" ]; then
        holds "$file: rimau list names the two sides" false
        continue
    fi
    set -- "$a" "$b"
    # (standard input from /dev/null: not the list this loop reads; the
    # command run by sh, lighter than bash)
    env -u COLUMNS SHELL=/bin/sh timeout 60 script -q -c "'$RIMAU' play '$g' -q --$1=random --$2=random --seed 1" \
        "$tmp/typescript" < /dev/null > /dev/null 2>&1
    set -- $(wide 80 2> "$tmp/err")
    holds "$file: $1 status lines, none wider than 80 columns" [ "$1" -ge 3 -a "$2" -eq 0 ]
done < "$tmp/sides"
holds "the status lines of $ngames games are measured" [ "$ngames" -ge 8 ]
env -u COLUMNS script -q -c "stty cols 50; '$RIMAU' play '$tb' -q --tigers=random --buffaloes=random --seed 1" "$tmp/typescript" > /dev/null 2>&1
set -- $(wide 50 2> "$tmp/err")
holds "a terminal of 50 columns: $1 status lines, none wider" [ "$1" -ge 3 -a "$2" -eq 0 ]

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
