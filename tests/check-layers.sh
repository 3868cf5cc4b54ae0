#!/bin/sh
# The layers of the source, and the state behind its API.
#
# 1. The include graph goes one way. Every source file has a rank (the
#    table below, from doc/design.md): a file includes only headers of its
#    own rank or lower, so the grammar never sees the compile step, the IR
#    never sees the executor, the executor never sees the players and
#    nothing below the command line sees it. A new file needs a row.
# 2. The fields of rm_state are read and written only in the state module
#    (state.h, state_impl.h, state.c), the generator that walks them
#    (movegen.c) and the bit kernel that converts them (bitgen.c): no
#    other file defines RM_STATE_MODULE or names a
#    mangled field (rm_private_...).
# 3. JSON is the command line's: only its files include <jansson.h>.
#
# Prints one 'ok' or 'FAIL' line per check, then 'N passed, M failed'.
set -u
: "${srcdir:?}"
cd "$srcdir" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# rank FILE: the layer of FILE (its path from the top), as a number; the
# executor's modules are ranked among themselves too. Empty when unknown.
rank() {
    case "$1" in
        src/diag.[ch] | src/files.[ch] | src/set.h) echo 10 ;; # shared base
        src/ast_kinds.h | src/ast.[ch]) echo 20 ;;            # AST
        grammar/*) echo 30 ;;                                 # grammar
        src/board.[ch] | src/rules.h | src/game.h) echo 40 ;; # IR
        src/derive.[ch] | src/layout.[ch]) echo 41 ;;        # IR: derive
        src/compile.[ch]) echo 42 ;;                          # compile
        src/rimau.[ch] | src/render.[ch]) echo 43 ;;          # loader, drawing
        src/state.h | src/state_impl.h | src/state.c) echo 50 ;; # executor: state
        src/turns.[ch]) echo 51 ;;
        src/movegen.[ch] | src/bitgen*.[ch]) echo 52 ;;
        src/result.[ch]) echo 53 ;;
        src/perft.[ch] | src/exec.h) echo 54 ;;
        src/notation.[ch] | src/position.[ch]) echo 55 ;;
        src/match.[ch]) echo 56 ;;
        src/record.[ch] | src/validate.[ch]) echo 57 ;;
        src/solve.[ch]) echo 58 ;;
        src/players/*) echo 60 ;;                             # players
        src/cli*.[ch] | src/rimau_all.h) echo 70 ;;           # command line
        *) echo "" ;;
    esac
}

# where HEADER: the file an include "HEADER" in FROM's folder names.
where() {
    dir=$(dirname "$2")
    for d in "$dir" src grammar; do
        if [ -f "$d/$1" ]; then
            echo "$d/$1"
            return
        fi
    done
    echo ""
}

files=$(ls grammar/*.y grammar/*.l grammar/*.h src/*.[ch] src/players/*.[ch] 2>/dev/null |
        grep -v -e '^grammar/parser\.[ch]$' -e '^grammar/lexer\.c$')
upward=0 unranked=0
for f in $files; do
    r=$(rank "$f")
    if [ -z "$r" ]; then
        bad "layers: $f has no rank in tests/check-layers.sh"
        unranked=$((unranked + 1))
        continue
    fi
    for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
        case "$h" in config.h | parser.h) continue ;; esac
        target=$(where "$h" "$f")
        [ -n "$target" ] || continue
        t=$(rank "$target")
        if [ -z "$t" ] || [ "$t" -gt "$r" ]; then
            bad "layers: $f (rank $r) includes $target (rank ${t:-none}), a later layer"
            upward=$((upward + 1))
        fi
    done
done
[ "$upward" -eq 0 ] && [ "$unranked" -eq 0 ] && ok "layers: every include goes down ($(echo "$files" | wc -l) files)"

leaks=$(grep -l -E 'rm_private_|RM_STATE_MODULE|state_impl\.h' $files src/players/*.c tests/unit/*.c tests/fuzz/*.c 2>/dev/null |
        grep -v -x -e src/state.h -e src/state_impl.h -e src/state.c -e src/movegen.c -e src/bitgen.c)
if [ -n "$leaks" ]; then
    for f in $leaks; do
        bad "state: $f reaches into rm_state's fields: $(grep -n -m1 -E 'rm_private_|RM_STATE_MODULE|state_impl\.h' "$f")"
    done
else
    ok "state: only the state module reads rm_state's fields"
fi
grep -q '^#define RM_STATE_MODULE' src/state_impl.h ||
    bad "state: state_impl.h no longer defines RM_STATE_MODULE: is the check above still right?"

json=$(grep -l -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*<jansson\.h>' $files | grep -v '^src/cli')
if [ -n "$json" ]; then
    for f in $json; do
        bad "jansson: $f, below the command line, includes <jansson.h>"
    done
else
    ok "jansson: only the command line includes <jansson.h>"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
