#!/bin/sh
# Runs the command-line tests with rimau under valgrind (memcheck): any
# error or leak makes rimau exit with status 99, which fails the test.
# Threads are scheduled fairly: valgrind runs one thread at a time, and
# by default a busy thread can keep the others waiting, so a tournament's
# progress bar was first drawn when its games were nearly over.
# Usage: tests/valgrind.sh   (from a built tree)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "valgrind.sh: valgrind is needed" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/rimau" <<WRAP
#!/bin/sh
exec valgrind -q --fair-sched=yes --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect "$top/src/rimau" "\$@"
WRAP
chmod +x "$tmp/rimau"
status=0
for t in check-cli check-errors check-records check-validate check-buffers; do
    if RIMAU="$tmp/rimau" srcdir="$top" sh "$top/tests/$t.sh" > "$tmp/$t.log" 2>&1; then
        echo "valgrind: $t: $(tail -1 "$tmp/$t.log")"
    else
        echo "valgrind: $t FAILED:"
        grep '^FAIL' "$tmp/$t.log"
        echo "valgrind: the end of $t's other lines:"
        grep -v '^ok\|^FAIL' "$tmp/$t.log" | tail -20
        status=1
    fi
done
exit $status
