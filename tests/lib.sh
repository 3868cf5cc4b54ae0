# lib.sh: what the shell tests share, sourced after they set RIMAU and
# srcdir. It makes $tmp (removed at exit) and counts checks in n, failures
# in fail; each check prints one 'ok' or 'FAIL' line.
fail=0 n=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# shown FILE: a failure's evidence, its long lines and its length cut
shown() { cut -c1-300 "$1" | head -n 40 | sed 's/^/  | /'; }

# expect STATUS DESCRIPTION COMMAND...: runs COMMAND (its input: $stdin,
# else /dev/null) into $tmp/out and $tmp/err, and checks its exit status
# and that no sanitizer reported anything.
expect() {
    want=$1 what=$2
    shift 2
    n=$((n + 1))
    "$@" > "$tmp/out" 2> "$tmp/err" < "${stdin:-/dev/null}"
    got=$?
    if [ "$got" -eq "$want" ] && ! grep -q "Sanitizer\|runtime error" "$tmp/err"; then
        echo "ok $what"
    else
        echo "FAIL $what: exit status $got, expected $want"
        shown "$tmp/err"
        fail=$((fail + 1))
    fi
}

# found GREP-OPTION TEXT out|err DESCRIPTION: the last command's output
# holds TEXT, read as grep reads it with GREP-OPTION (-G: a pattern, -F:
# the text as it is)
found() {
    n=$((n + 1))
    if grep -q "$1" -e "$2" "$tmp/$3"; then
        echo "ok $4"
    else
        echo "FAIL $4: '$(printf '%.300s' "$2")' not in std$3"
        shown "$tmp/$3"
        fail=$((fail + 1))
    fi
}

# has PATTERN out|err DESCRIPTION: the last command's output matches PATTERN
has() { found -G "$@"; }

# hasf TEXT out|err DESCRIPTION: TEXT, as it is (no pattern), is in it
hasf() { found -F "$@"; }

# holds DESCRIPTION COMMAND...: COMMAND, a test such as [ ... ], succeeds
holds() {
    what=$1
    shift
    n=$((n + 1))
    if "$@"; then
        echo "ok $what"
    else
        echo "FAIL $what"
        fail=$((fail + 1))
    fi
}

# has_no PATTERN out|err DESCRIPTION: nothing of it matches PATTERN
has_no() {
    n=$((n + 1))
    if grep -q -- "$1" "$tmp/$2"; then
        echo "FAIL $3: '$1' in std$2"
        shown "$tmp/$2"
        fail=$((fail + 1))
    else
        echo "ok $3"
    fi
}

# short NAME: NAME as messages show a long name, by its first 40 bytes
short() { printf "%.40s..." "$1"; }

# no_terminal: why script(1) cannot run a command at a terminal here, or
# nothing when it can. It can be missing; or it cannot open a
# pseudo-terminal, as for root where /dev/pts is not mounted (many
# containers and build sandboxes): util-linux's then says "script: failed
# to create pseudo-terminal: No such device" and exits with status 1.
no_terminal() {
    if ! command -v script > /dev/null 2>&1; then
        echo "no script(1)"
    elif ! script -q -e -c tty /dev/null < /dev/null > "$tmp/tty" 2>&1 ||
        ! grep -q '^/dev/' "$tmp/tty"; then
        echo "script(1) cannot open a terminal ($(tr -d '\r' < "$tmp/tty" | head -n 1 | cut -c1-200))"
    fi
}
