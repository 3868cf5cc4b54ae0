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
    # (grep only when there is an error output: a process less a check)
    if [ "$got" -eq "$want" ] && ! { [ -s "$tmp/err" ] && grep -q "Sanitizer\|runtime error" "$tmp/err"; }; then
        echo "ok $what"
    else
        echo "FAIL $what: exit status $got, expected $want"
        shown "$tmp/err"
        fail=$((fail + 1))
    fi
}

# contains TEXT FILE: a line of FILE holds TEXT as it is (grep -qF, in
# the shell: a process less a check; TEXT on one line). 0 if it does, 1
# if not; 2 when FILE's first 100 lines do not and it has more (the
# shell reads a long file slower than grep: ask grep).
contains() {
    lib_lines=0
    while IFS= read -r lib_line || [ -n "$lib_line" ]; do
        case $lib_line in *"$1"*) return 0 ;; esac
        lib_lines=$((lib_lines + 1))
        [ "$lib_lines" -lt 100 ] || return 2
    done < "$2"
    return 1
}

# plain TEXT: TEXT has no character a grep pattern reads otherwise than
# as itself, nor a line end
plain() {
    case $1 in *[].[*^\$\\]* | *'
'*) return 1 ;; esac
}

# found GREP-OPTION TEXT out|err DESCRIPTION: the last command's output
# holds TEXT, read as grep reads it with GREP-OPTION (-G: a pattern, -F:
# the text as it is)
found() {
    n=$((n + 1))
    if { { [ "$1" = -F ] || plain "$2"; } && contains "$2" "$tmp/$3"; } ||
       grep -q "$1" -e "$2" "$tmp/$3"; then  # (grep: a pattern, or not found by the shell)
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
    lib_has=2
    if plain "$1"; then contains "$1" "$tmp/$2"; lib_has=$?; fi
    if [ "$lib_has" -eq 2 ]; then grep -q -- "$1" "$tmp/$2"; lib_has=$?; fi
    if [ "$lib_has" -eq 0 ]; then
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
