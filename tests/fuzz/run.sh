#!/bin/sh
# Runs each fuzz target under libFuzzer (clang) for SECONDS seconds, or for
# RUNS executions when the second argument is given, from a corpus seeded
# with the shipped games and the tests' files, then runs every input of the
# corpus it grew once more under AddressSanitizer and UBSan.
#
# The fuzzing itself is built with -O2 and no sanitizer: it runs three to
# four times as many inputs an hour as a build with ASan and UBSan, whose
# checks are kept for the pass over the corpus (every input the fuzzer kept
# because it reached new code). FUZZ_SANITIZE=1 fuzzes with the sanitizers
# throughout, building only that flavour (CI's short runs); the fuzzer's
# own first pass over the corpus is then the pass under the sanitizers. FUZZ_TIMEOUT (10) is the seconds after which an
# input counts as a hang: clock time, so raise it on a loaded machine.
# A crash, leak or timeout input is copied to
# tests/fuzz/regressions/TARGET/ so that make check replays it from then on.
#
# Usage: tests/fuzz/run.sh [SECONDS] [RUNS] [TARGET...]   (from a configured tree)
set -eu
seconds=${1:-60}
[ $# -gt 0 ] && shift
runs=${1:-0}
[ $# -gt 0 ] && shift
targets=${*:-game turn record command summarize engine}
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD:-$top}
out="$build/tests/fuzz/libfuzzer"
mkdir -p "$out"
command -v clang >/dev/null || { echo "run.sh: clang is needed (apt-get install clang)" >&2; exit 1; }
[ -f "$build/grammar/parser.c" ] || { echo "run.sh: build the project first (make)" >&2; exit 1; }

common="-g -std=c11 $(for d in "$top"/src/*/; do printf -- "-I%s " "${d%/}"; done)-I$build/src/cli -I$top/grammar -I$build/grammar -I$build -I$top/tests/fuzz \
 -DHAVE_CONFIG_H -DRIMAU_GAMES_DIR=\"/nonexistent\""
checked="-O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
fast="-O2 -fsanitize=fuzzer"
# (FUZZ_SANITIZE=1: only the checked build, which fuzzes: half the
# compiling, for short runs such as CI's, where it outweighs the fuzzing)
if [ "${FUZZ_SANITIZE:-0}" = 1 ]; then flavours=checked; else flavours="fast checked"; fi
lib="$build/grammar/parser.c $build/grammar/lexer.c $top/grammar/format.c"
cli=""
# (and the sources the build generates, src/lang/keyword_docs.c, in a
# build folder of its own)
gen=""
[ "$build" = "$top" ] || gen=$(ls "$build"/src/*/*.c 2> /dev/null || :)
# (not bitgen_native.c: the text a native kernel is compiled from at run
# time, with the game's numbers, not a file of the library)
for f in "$top"/src/*/*.c $gen; do
    case "$f" in */cli/cli.c | */kernel/bitgen_native.c) ;; */cli/*.c) cli="$cli $f" ;; *) lib="$lib $f" ;; esac
done

# The command line's JSON is jansson's: the targets built with CLI files link it.
jansson=$(pkg-config --cflags --libs jansson 2>/dev/null || echo -ljansson)
# ... and the play prompt's libedit, when the build has it.
if grep -q "define HAVE_LIBEDIT 1" "$build/config.h" 2>/dev/null; then
    jansson="$jansson $(pkg-config --cflags --libs libedit 2>/dev/null || echo -ledit)"
fi
# (jansson's headers, for compiling the command line's files)
jansson_cflags=$(pkg-config --cflags jansson 2>/dev/null || :)

# Each source file is compiled once per flavour (fast, checked), two at a
# time, into $out/obj-FLAVOUR/, and each target links the objects it needs:
# the library, and the command line's files for command and engine (all of
# them but cli.c, which is main) and summarize (cli_json.c).
objects() { # FLAVOUR FLAGS FILES...: compiles FILES, prints the objects
    flavour=$1 flags=$2
    shift 2
    dir="$out/obj-$flavour"
    mkdir -p "$dir"
    jobs=0 objs=""
    for f in "$@"; do
        o="$dir/$(basename "$(dirname "$f")")-$(basename "$f" .c).o"
        objs="$objs $o"
        rm -f "$o"
        # shellcheck disable=SC2086
        clang $common $flags $jansson_cflags -c "$f" -o "$o" >&2 &
        jobs=$((jobs + 1))
        [ $((jobs % 2)) -ne 0 ] || wait
    done
    wait
    for o in $objs; do [ -f "$o" ] || { echo "run.sh: cannot compile $o" >&2; exit 1; }; done
    echo "$objs"
}
built=""
for flavour in $flavours; do
    [ "$flavour" = fast ] && flags=$fast || flags=$checked
    echo "compiling the library and the command line ($flavour: $flags)"
    # shellcheck disable=SC2086
    libo=$(objects "$flavour" "$flags" $lib) || exit 1
    # shellcheck disable=SC2086
    clio=$(objects "$flavour" "$flags" $cli) || exit 1
    for t in $targets; do
        extra=""
        case $t in
            command | engine) extra="$clio $jansson" ;;
            summarize) extra="$out/obj-$flavour/cli-cli_json.o $jansson" ;;
        esac
        name="fuzz-$t"
        [ "$flavour" = fast ] || name="fuzz-$t-checked"
        # shellcheck disable=SC2086
        clang $common $flags -o "$out/$name" "$top/tests/fuzz/fuzz_$t.c" $libo $extra -lm -lpthread ||
            exit 1
        built="$built $name"
    done
done
echo "built:$built"

for t in $targets; do
    corpus="$out/corpus-$t"
    mkdir -p "$corpus"
    # seeds, named after their folder so that equal file names do not clash
    seed() { for f in "$@"; do cp "$f" "$corpus/$(basename "$(dirname "$f")")-$(basename "$f")"; done; }
    case $t in
        game) seed "$top"/games/*.game "$top"/tests/games/*.game "$top"/tests/errors/*.game "$top"/tests/boards/*.game ;;
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
    # the processor time the fuzzing took, when /usr/bin/time is there
    timer=""
    [ -x /usr/bin/time ] && timer="/usr/bin/time -f %U+%S -o $out/fuzz-$t.cpu"
    set +e
    fuzzer="$out/fuzz-$t"
    [ "$flavours" = checked ] && fuzzer="$out/fuzz-$t-checked"
    $timer "$fuzzer" "$corpus" $limit -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$artifacts" -print_final_stats=1 > "$out/fuzz-$t.log" 2>&1
    rc=$?
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$out/fuzz-$t.log" | sed "s/^/fuzz-$t: /"
    [ -n "$timer" ] && echo "fuzz-$t: processor seconds: $(tail -n 1 "$out/fuzz-$t.cpu" | awk -F+ '{ print $1 + $2 }')"
    if [ "$rc" -eq 0 ] && [ "$flavours" = checked ] && grep -q 'INITED' "$out/fuzz-$t.log"; then
        # (fuzzed under the sanitizers, past its first pass over the
        # corpus (INITED): every input it holds has run under them)
        echo "fuzz-$t: the $(find "$corpus" -type f | wc -l) inputs of the corpus ran under the sanitizers while fuzzing"
    elif [ "$rc" -eq 0 ]; then
        # every input of the corpus once, under ASan and UBSan (also after
        # fuzzing with them when a short run stopped before its first pass
        # over the corpus had run every input)
        echo "fuzz-$t: $(find "$corpus" -type f | wc -l) inputs of the corpus under the sanitizers"
        "$out/fuzz-$t-checked" "$corpus" -runs=0 -timeout=30 -rss_limit_mb=2048 -max_len=65536 \
            -artifact_prefix="$artifacts" > "$out/fuzz-$t-checked.log" 2>&1
        rc=$?
        [ "$rc" -eq 0 ] || tail -30 "$out/fuzz-$t-checked.log"
    fi
    set -e
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
