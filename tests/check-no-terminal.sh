#!/bin/sh
# Where no pseudo-terminal can be opened (root without /dev/pts mounted,
# as in many containers and build sandboxes), the checks at a terminal
# (tests/check-terminal.sh) are skipped with the reason, not failed:
# 1. with a script(1) that fails as util-linux's does there (it says
#    "script: failed to create pseudo-terminal: No such device" and exits
#    with status 1), first in PATH;
# 2. as root, where unshare(1) can make a mount namespace: with /dev/pts
#    hidden under an empty tmpfs, the real script(1).
# Each run must exit with status 77 (skipped), print no FAIL line and
# give the reason for each check it skips.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"

# skipped WHAT FILE STATUS: the run of check-terminal.sh in FILE, which
# exited with STATUS, skipped every check with a reason and failed none
skipped() {
    holds "$1: check-terminal.sh is skipped (status $3)" [ "$3" -eq 77 ]
    has_no "^FAIL" "$2" "$1: no check fails"
    for what in "progress bar" "colour" "tab completion" "thinking line" "status line's width"; do
        has "^skip: script(1) cannot open a terminal (.*pseudo-terminal.*): .*$what" "$2" \
            "$1: the check of the $what says why it is skipped"
    done
}

mkdir "$tmp/bin" || exit 1
cat > "$tmp/bin/script" << 'FAKE'
#!/bin/sh
echo "script: failed to create pseudo-terminal: No such device" >&2
exit 1
FAKE
chmod +x "$tmp/bin/script"
PATH="$tmp/bin:$PATH" sh "$srcdir/tests/check-terminal.sh" > "$tmp/out" 2>&1
skipped "a script(1) that cannot open a terminal" out $?

if [ "$(id -u)" -eq 0 ] && command -v unshare > /dev/null 2>&1 && command -v script > /dev/null 2>&1 &&
    unshare -m sh -c 'mount -t tmpfs none /dev/pts' > /dev/null 2>&1; then
    unshare -m sh -c 'mount -t tmpfs none /dev/pts && exec sh "$srcdir/tests/check-terminal.sh"' \
        > "$tmp/out" 2>&1
    skipped "no /dev/pts (a mount namespace)" out $?
else
    echo "skip: not root, or no unshare(1) that can mount: /dev/pts is not hidden"
fi

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
