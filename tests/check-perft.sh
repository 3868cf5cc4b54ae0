#!/bin/sh
# Perft regression: every row of tests/perft/perft.tsv must give its count.
set -u
: "${RIMAU:?}" "${srcdir:?}"
cd "$srcdir" || exit 1
fail=0 n=0
while IFS='	' read -r file options after depth count origin; do
    case "$file" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    set -- "$RIMAU" perft "$file" "$depth"
    if [ "$options" != "-" ]; then
        old_ifs=$IFS; IFS=,
        for o in $options; do set -- "$@" -o "$o"; done
        IFS=$old_ifs
    fi
    [ "$after" = "-" ] || set -- "$@" --after "$after"
    got=$("$@" 2>&1)
    if [ "$got" = "$count" ]; then
        echo "ok $file $options '$after' depth $depth: $count ($origin)"
    else
        echo "FAIL $file $options '$after' depth $depth: got '$got', expected $count ($origin)"
        fail=$((fail + 1))
    fi
done < tests/perft/perft.tsv
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
