#!/bin/sh
# Compares the speed of two rimau binaries side by side, as the project
# measures speed: runs of `rimau bench` alternating between the binaries,
# pinned to one core, and the ratio of the medians of each game's rate.
#
#   tests/bench-compare.sh OLD NEW [GAME...]
#
# Environment: RUNS (runs per binary and game, default 5), SECONDS_EACH
# (bench --seconds, default 2: the whole run of one game since bench's
# budget is the whole run's, about half of it playouts), CORE (the core to
# pin to, default 1), COLUMN (2: playouts/s, 3: turns/s, the default; perft: perft/s;
# mcts: MCTS iterations/s), DEPTH
# (bench --depth, default 3). Prints one line per game: the medians and
# NEW/OLD. Not part of make check: timings are no test.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 OLD NEW [GAME...]" >&2; exit 2; }
old=$1 new=$2
shift 2
[ $# -gt 0 ] || set -- games/*.game
runs=${RUNS:-5} secs=${SECONDS_EACH:-2} core=${CORE:-1} depth=${DEPTH:-3}
col=${COLUMN:-3}
pin() { if command -v taskset >/dev/null 2>&1; then taskset -c "$core" "$@"; else "$@"; fi; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# (the columns after win/draw are counted from the end of the line: the
# percentages may or may not be split by spaces; a binary that says which
# kernel it measured has one column more, before the last)
rate() {
    pin "$1" bench --seconds "$secs" --depth "$depth" "$2" |
        awk -v c="$col" 'NR == 3 { o = $(NF - 1) ~ /^(native|generic)$/
            print c == "perft" ? $(NF - 4 - o) : c == "mcts" ? $NF : $c }'
}
printf '%-36s %12s %12s %7s\n' game old new new/old
for game in "$@"; do
    : > /tmp/bench-old.$$
    : > /tmp/bench-new.$$
    i=0
    while [ "$i" -lt "$runs" ]; do
        rate "$old" "$game" >> /tmp/bench-old.$$
        rate "$new" "$game" >> /tmp/bench-new.$$
        i=$((i + 1))
    done
    a=$(median < /tmp/bench-old.$$) b=$(median < /tmp/bench-new.$$)
    printf '%-36s %12.0f %12.0f %7.3f\n' "$(basename "$game")" "$a" "$b" "$(echo "$b $a" | awk '{ print $1 / $2 }')"
done
rm -f /tmp/bench-old.$$ /tmp/bench-new.$$
