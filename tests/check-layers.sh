#!/bin/sh
# The layers of the source, and the state behind its API.
#
# 1. The include graph goes one way. The source is in one folder per
#    layer of doc/design.md, in this order: src/base, src/lang, grammar,
#    src/ir, src/kernel, src/game, src/solve, src/players, then the two
#    clients of the library side by side, src/cli and src/web. A file
#    includes only headers of its own folder or of a folder before it, so
#    the grammar never sees the compile step, the IR never sees the
#    executor, the executor never sees the players, nothing below the
#    command line sees it, and the command line and the web page never
#    see each other. A file in no folder of the list fails.
# 2. No circles: a file's module is its name without .c or .h (and
#    _impl); module A uses B when a file of A includes B's header. The
#    uses make no loop; nor do the calls between the files.
# 3. The fields of rm_state are read and written only in the state module
#    (state.h, state_impl.h, state.c), the generator that walks them
#    (movegen.c, with its counting walk countturns.c) and its turn cache
#    that compares them (turncache.c, movegen_impl.h), and the bit
#    kernel's file that converts them (bitstate.c): no other file
#    defines RM_STATE_MODULE or names a mangled field (rm_private_...).
# 4. JSON is the command line's: only its files include <jansson.h>.
#
# Prints one 'ok' or 'FAIL' line per check, then 'N passed, M failed'.
set -u
: "${srcdir:?}"
cd "$srcdir" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# Folders joined by '+' are of one rank: side by side, neither before the
# other, so neither may include the other's headers.
ranks="src/base src/lang grammar src/ir src/kernel src/game src/solve src/players src/cli+src/web"
folders=$(echo "$ranks" | tr '+' ' ')

# (not the files a build in the source folder makes there: the parser,
# the scanner, the keywords' texts and the kernel's text, kernel_text.c,
# whose lines are the kernel's own headers, checked as themselves)
files=$(ls grammar/*.y grammar/*.l grammar/*.h src/*.[ch] src/*/*.[ch] 2>/dev/null |
        grep -v -e '^grammar/parser\.[ch]$' -e '^grammar/lexer\.c$' -e '^src/cli/cli_paths\.h$' \
            -e '^src/lang/keyword_docs\.c$' -e '^src/kernel/kernel_text\.c$')
# One awk for the whole graph (a shell loop over some 2,000 includes,
# with a process or two for each, took a minute of processor time): it
# reads the files of every layer's folder (what an include can name),
# then each file's includes, resolved as the compiler does: the file's
# own folder first, then the -I folders (every layer's) in order. It
# prints "bad MESSAGE" for a file in no layer and for an include of a
# later or a side-by-side layer, "edge A B" for module A using module B
# (a file's module is its name without .c or .h and _impl), and "files N".
# shellcheck disable=SC2086
graph=$( { ls -d $folders 2>/dev/null | while read -r d; do ls "$d" | sed "s|^|have $d/|"; done
           for f in $files; do echo "file $f"; done
           grep -H -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files |
               sed -n 's/^\([^:]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/inc \1 \2/p'
         } | awk -v ranks="$ranks" '
    function dir(f) { sub(/\/[^\/]*$/, "", f); return f }
    function module(f) { sub(/.*\//, "", f); sub(/\.[^.]*$/, "", f); sub(/_impl$/, "", f); return f }
    BEGIN { n = split(ranks, r, " ")
            for (i = 1; i <= n; i++) { m = split(r[i], e, "+")
                for (j = 1; j <= m; j++) { rank[e[j]] = i; order[++nf] = e[j] } } }
    $1 == "have" { have[$2] = 1; next }
    $1 == "file" { files++
                   if (!(dir($2) in rank)) print "bad layers: " $2 " is in no layer\047s folder (tests/check-layers.sh)"
                   next }
    $1 == "inc" {
        f = $2; h = $3
        if (h == "config.h" || h == "parser.h" || h == "cli_paths.h" || !(dir(f) in rank)) next
        t = ""
        if ((dir(f) "/" h) in have) t = dir(f) "/" h
        else for (i = 1; i <= nf && t == ""; i++) if ((order[i] "/" h) in have) t = order[i] "/" h
        if (t == "") next
        rf = rank[dir(f)]; rt = rank[dir(t)]
        if (rt > rf || (rt == rf && dir(t) != dir(f)))
            print "bad layers: " f " (" dir(f) ") includes " t " (" dir(t) "), a later or a side-by-side layer"
        if (module(f) != module(t)) print "edge", module(f), module(t)
    }
    END { print "files", files }') || exit 1
upward=$(echo "$graph" | grep -c '^bad ')
echo "$graph" | sed -n 's/^bad //p' | while IFS= read -r m; do echo "FAIL $m"; done
fail=$((fail + upward))
edges=$(echo "$graph" | sed -n 's/^edge //p')
[ "$upward" -eq 0 ] &&
    ok "layers: every include goes to its own folder or an earlier one ($(echo "$graph" | sed -n 's/^files //p') files)"

# tsort names the modules of a loop on its standard error.
if loops=$(echo "$edges" | tsort 2>&1 >/dev/null) && [ -z "$loops" ]; then
    ok "circles: no module includes itself through others"
else
    bad "circles: the modules' includes make a loop: $(echo "$loops" | tr '\n' ' ')"
fi

# 2b. The same for calls, read from the built objects (the library's
#     and the program's, src/cli) (a
#     shared header hides a loop from the includes): file A uses B when
#     A's object calls or reads a symbol B's defines. Skipped before a
#     build.
build=${RIMAU%/src/rimau}
objs=$(ls "$build"/src/cli/*.o 2>/dev/null | grep -v -e '-[^/]*\.o$')
if [ -f "$build/src/librimau.a" ]; then
    calls=$(nm -P -A -g "$build/src/librimau.a" $objs 2>/dev/null | awk '
        { obj = $1; sub(/:$/, "", obj); sub(/.*[[\/]/, "", obj); sub(/\]$/, "", obj)
          sub(/^(src_)?librimau_a-/, "", obj); sub(/\.o$/, "", obj)
          if ($3 == "U") use[obj, $2] = 1; else if ($3 ~ /^[TDBRCV]$/) def[$2] = obj }
        END { for (k in use) { split(k, p, SUBSEP)
                if ((p[2] in def) && def[p[2]] != p[1]) print p[1], def[p[2]] } }' | sort -u)
    if [ -z "$calls" ]; then
        bad "circles: no calls read from $build/src/librimau.a (nm missing?)"
    elif loops=$(echo "$calls" | tsort 2>&1 >/dev/null) && [ -z "$loops" ]; then
        ok "circles: no file of the library or the program calls itself through others ($(echo "$calls" | wc -l) uses)"
    else
        bad "circles: the files' calls make a loop: $(echo "$loops" | tr '\n' ' ')"
    fi
fi

leaks=$(grep -l -E 'rm_private_|RM_STATE_MODULE|state_impl\.h' $files tests/unit/*.c tests/fuzz/*.c 2>/dev/null |
        grep -v -x -e src/kernel/state.h -e src/kernel/state_impl.h -e src/kernel/state.c \
            -e src/kernel/movegen.c -e src/kernel/movegen_impl.h -e src/kernel/turncache.c \
            -e src/kernel/countturns.c \
            -e src/kernel/bitstate.c)
if [ -n "$leaks" ]; then
    for f in $leaks; do
        bad "state: $f reaches into rm_state's fields: $(grep -n -m1 -E 'rm_private_|RM_STATE_MODULE|state_impl\.h' "$f")"
    done
else
    ok "state: only the state module reads rm_state's fields"
fi
grep -q '^#define RM_STATE_MODULE' src/kernel/state_impl.h ||
    bad "state: state_impl.h no longer defines RM_STATE_MODULE: is the check above still right?"

json=$(grep -l -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*<jansson\.h>' $files | grep -v '^src/cli/')
if [ -n "$json" ]; then
    for f in $json; do
        bad "jansson: $f, below the command line, includes <jansson.h>"
    done
else
    ok "jansson: only the command line includes <jansson.h>"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
