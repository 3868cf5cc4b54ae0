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
    if [ "$got" -eq "$want" ] && ! { [ -s "$tmp/err" ] && sanitizer_report "$tmp/err"; }; then
        echo "ok $what"
    else
        echo "FAIL $what: exit status $got, expected $want"
        shown "$tmp/err"
        fail=$((fail + 1))
    fi
}

# sanitizer_report FILE: FILE holds a sanitizer's report (read by the
# shell where it is short)
sanitizer_report() {
    contains Sanitizer "$1"
    lib_san=$?
    [ "$lib_san" -eq 0 ] && return 0
    if [ "$lib_san" -eq 1 ]; then
        contains "runtime error" "$1"
        lib_san=$?
        [ "$lib_san" -ne 2 ] && return "$lib_san"
    fi
    grep -q "Sanitizer\|runtime error" "$1"
}

# contains TEXT FILE [AT]: a line of FILE holds TEXT as it is (grep -qF,
# in the shell: a process less a check; TEXT on one line); with AT
# start, end or line, at the line's start, at its end, or as the whole
# line. 0 if it does, 1 if not; 2 when FILE's first 100 lines do not and
# it has more (the shell reads a long file slower than grep: ask grep).
contains() {
    lib_lines=0
    while IFS= read -r lib_line || [ -n "$lib_line" ]; do
        case ${3:-any} in
            any) case $lib_line in *"$1"*) return 0 ;; esac ;;
            start) case $lib_line in "$1"*) return 0 ;; esac ;;
            end) case $lib_line in *"$1") return 0 ;; esac ;;
            line) [ "$lib_line" = "$1" ] && return 0 ;;
        esac
        lib_lines=$((lib_lines + 1))
        [ "$lib_lines" -lt 100 ] || return 2
    done < "$2"
    return 1
}

# shell_match PATTERN FILE: contains, for a grep pattern that is plain
# text but for a '^' first and a '$' last (where grep reads them as the
# line's start and end); 2 for any other pattern (ask grep).
shell_match() {
    lib_at=any lib_text=$1
    case $lib_text in
        ^*) lib_text=${lib_text#^} lib_at=start ;;
    esac
    case $lib_text in
        *\\\$) return 2 ;;
        *\$) lib_text=${lib_text%\$}
              [ "$lib_at" = start ] && lib_at=line || lib_at=end ;;
    esac
    plain "$lib_text" || return 2
    contains "$lib_text" "$2" "$lib_at"
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
    if [ "$1" = -F ]; then
        contains "$2" "$tmp/$3"
    else
        shell_match "$2" "$tmp/$3"
    fi
    lib_found=$?
    # (grep: a pattern the shell does not read, or not found in the
    # shell's first lines)
    if [ "$lib_found" -eq 0 ] || { [ "$lib_found" -eq 2 ] && grep -q "$1" -e "$2" "$tmp/$3"; }; then
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
    shell_match "$1" "$tmp/$2"
    lib_has=$?
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
