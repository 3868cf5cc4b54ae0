#!/bin/sh
# Checks the point, link and line counts of the boards in tests/boards/
# against tests/boards/expected.tsv, through `rimau info --json`.
set -u
: "${RIMAU:?}" "${srcdir:?}"
dir="$srcdir/tests/boards"
fail=0 n=0
while IFS='	' read -r file points links lines; do
    case "$file" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    json=$("$RIMAU" info --json "$dir/$file" | tr -d ' \n') || { echo "FAIL $file: rimau info failed"; fail=$((fail + 1)); continue; }
    got=$(printf '%s' "$json" | sed -n 's/.*"points":\([0-9]*\),"links":\([0-9]*\),"lines":\([0-9]*\).*/\1 \2 \3/p')
    if [ "$got" = "$points $links $lines" ]; then
        echo "ok $file: $got"
    else
        echo "FAIL $file: points links lines = '$got', expected '$points $links $lines'"
        fail=$((fail + 1))
    fi
done < "$dir/expected.tsv"
[ "$n" -gt 0 ] || { echo "FAIL: no boards listed"; exit 1; }
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
