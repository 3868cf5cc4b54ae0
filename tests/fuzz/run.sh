#!/bin/sh
# Runs each fuzz target under libFuzzer (clang, with ASan and UBSan) for
# SECONDS seconds, or for RUNS executions when the second argument is
# given, from a corpus seeded with the shipped games and the tests' files.
# A crash, leak or timeout input is copied to tests/fuzz/regressions/TARGET/
# so that make check replays it from then on.
#
# Usage: tests/fuzz/run.sh [SECONDS] [RUNS] [TARGET...]   (from a configured tree)
set -eu
seconds=${1:-60}
[ $# -gt 0 ] && shift
runs=${1:-0}
[ $# -gt 0 ] && shift
targets=${*:-game turn record command summarize}
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD:-$top}
out="$build/tests/fuzz/libfuzzer"
mkdir -p "$out"
command -v clang >/dev/null || { echo "run.sh: clang is needed (apt-get install clang)" >&2; exit 1; }
[ -f "$build/grammar/parser.c" ] || { echo "run.sh: build the project first (make)" >&2; exit 1; }

cflags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -std=c11 \
 -I$top/src -I$top/grammar -I$build/grammar -I$build -I$top/tests/fuzz -DHAVE_CONFIG_H \
 -DRIMAU_GAMES_DIR=\"/nonexistent\""
lib="$build/grammar/parser.c $build/grammar/lexer.c"
for f in "$top"/src/*.c "$top"/src/players/*.c; do
    case "$f" in */cli*.c) ;; *) lib="$lib $f" ;; esac
done

# The command line's JSON is jansson's: the targets built with CLI files link it.
jansson=$(pkg-config --cflags --libs jansson 2>/dev/null || echo -ljansson)
for t in $targets; do
    extra=""
    [ "$t" = command ] && extra="$top/src/cli.c $top/src/cli_play.c $top/src/cli_rules.c $top/src/cli_bench.c $top/src/cli_selfplay.c $top/src/cli_json.c -DRIMAU_NO_MAIN $jansson"
    [ "$t" = summarize ] && extra="$top/src/cli_json.c $jansson"
    echo "building fuzz-$t"
    # shellcheck disable=SC2086
    clang $cflags -o "$out/fuzz-$t" "$top/tests/fuzz/fuzz_$t.c" $lib $extra -lm -lpthread
    corpus="$out/corpus-$t"
    mkdir -p "$corpus"
    # seeds, named after their folder so that equal file names do not clash
    seed() { for f in "$@"; do cp "$f" "$corpus/$(basename "$(dirname "$f")")-$(basename "$f")"; done; }
    case $t in
        game) seed "$top"/games/*.game "$top"/tests/errors/*.game "$top"/tests/boards/*.game ;;
        record) seed "$top"/tests/records/*.rec ;;
    esac
    # games of the targets' fixed game played to their end (tests/fuzz/seeds/)
    for f in "$top/tests/fuzz/seeds/$t"/*; do
        [ -f "$f" ] && seed "$f"
    done
    for f in "$top/tests/fuzz/regressions/$t"/*; do
        [ -f "$f" ] && cp "$f" "$corpus/regression-$(basename "$f")"
    done
    artifacts="$out/artifacts-$t/"
    mkdir -p "$artifacts"
    if [ "$runs" -gt 0 ]; then limit="-runs=$runs"; else limit="-max_total_time=$seconds"; fi
    echo "fuzzing fuzz-$t ($limit)"
    set +e
    "$out/fuzz-$t" "$corpus" $limit -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$artifacts" -print_final_stats=1 > "$out/fuzz-$t.log" 2>&1
    rc=$?
    set -e
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$out/fuzz-$t.log" | sed "s/^/fuzz-$t: /"
    found=0
    for a in "$artifacts"*; do
        [ -f "$a" ] || continue
        found=1
        cp "$a" "$top/tests/fuzz/regressions/$t/"
        echo "fuzz-$t: FOUND $(basename "$a"), copied to tests/fuzz/regressions/$t/"
    done
    if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ]; then
        tail -30 "$out/fuzz-$t.log"
        exit 1
    fi
done
