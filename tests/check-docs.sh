#!/bin/sh
# The documentation agrees with the program.
#
# 1. Every command of 'rimau --help' has its section in doc/rimau.1, and
#    every option that 'rimau COMMAND --help' prints is in that section
#    (and every option the section describes is in --help).
# 2. Every keyword of the lexer (grammar/lexer.l) is in the grammar summary
#    of doc/language.md and in one of its checked examples; every terminal
#    of the grammar (grammar/parser.y) is in the summary, and the summary
#    names no terminal the grammar does not have.
# 3. Every example block of doc/language.md passes rimau check (and rimau
#    validate when it has examples); so does the example of rimau-game.5.
# 4. The tutorial's files (tests/tutorial/*.game) pass rimau check and
#    rimau validate, and every command shown in doc/tutorial.md prints
#    what the tutorial says it prints.
#
# Prints one 'ok' or 'FAIL' line per check, then 'N passed, M failed'.
set -u
: "${RIMAU:?}" "${srcdir:?}"
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# has_word WORD FILE: WORD stands in FILE, not as part of a longer word.
has_word() {
    grep -Eq -- "(^|[^A-Za-z0-9_-])$1([^A-Za-z0-9_-]|\$)" "$2"
}

# ---- 1. the manual page and --help ----

man1="$srcdir/doc/rimau.1"
# The roff source as text: '\-' is '-', font changes are dropped.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' "$man1" > "$tmp/man1"

# help_options FILE: the options a help text describes, one a line: the
# long ones (--name, --SIDE) and the short ones (-x) of its option lines.
help_options() {
    sed -n -e 's/^ \{1,\}\(-[A-Za-z]\), \(--[A-Za-z][A-Za-z-]*\).*/\1\
\2/p' -e 's/^ \{1,\}\(--[A-Za-z][A-Za-z-]*\).*/\1/p' "$1" | sort -u
}
# man_section CMD: the text of the section of 'rimau CMD' in the man page.
man_section() {
    awk -v cmd="$1" '
        /^\.S[HS]/ { on = 0 }
        $0 ~ "^\\.SS \"?rimau " cmd "[ \"]" { on = 1 }
        on' "$tmp/man1"
}
# man_options SECTION-FILE: the options a man section describes (.TP items).
man_options() {
    awk '
        prev == ".TP" {
            n = split($0, w, /[ ",=]+/)
            for (i = 1; i <= n; i++)
                if (w[i] ~ /^--?[A-Za-z]/) { sub(/[^A-Za-z-].*$/, "", w[i]); print w[i] }
        }
        { prev = $0 }' "$1" | sort -u
}

if ! "$RIMAU" --help > "$tmp/help"; then
    bad "rimau --help exits with 0"
fi
commands=$(sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\)  *.*/\1/p' "$tmp/help")
if [ -z "$commands" ]; then
    bad "rimau --help lists commands"
fi
for opt in $(help_options "$tmp/help"); do
    if has_word "$opt" "$tmp/man1"; then
        ok "rimau.1 has the general option $opt"
    else
        bad "rimau.1 lacks the general option $opt of rimau --help"
    fi
done
noptions=0
for cmd in $commands; do
    man_section "$cmd" > "$tmp/sec"
    if [ ! -s "$tmp/sec" ]; then
        bad "rimau.1 has no section '.SS \"rimau $cmd ...\"' for the command $cmd"
        continue
    fi
    ok "rimau.1 has a section for rimau $cmd"
    if ! "$RIMAU" "$cmd" --help > "$tmp/cmdhelp" 2>&1; then
        bad "rimau $cmd --help exits with 0"
        continue
    fi
    for opt in $(help_options "$tmp/cmdhelp"); do
        noptions=$((noptions + 1))
        if has_word "$opt" "$tmp/sec"; then
            ok "rimau.1 describes rimau $cmd $opt"
        else
            bad "rimau.1 does not describe the option $opt of rimau $cmd --help"
        fi
    done
    for opt in $(man_options "$tmp/sec"); do
        if has_word "$opt" "$tmp/cmdhelp"; then
            ok "rimau $cmd --help has the option $opt of rimau.1"
        else
            bad "rimau.1 describes $opt for rimau $cmd, but rimau $cmd --help does not"
        fi
    done
done
# and no section for a command that does not exist
for cmd in $(sed -n 's/^\.SS "\{0,1\}rimau \([a-z][a-z]*\).*/\1/p' "$tmp/man1"); do
    case " $(echo $commands) " in
        *" $cmd "*) ;;
        *) bad "rimau.1 has a section for rimau $cmd, which rimau --help does not list" ;;
    esac
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
