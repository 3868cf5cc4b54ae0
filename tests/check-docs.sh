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
#    what the tutorial says it prints, and every part of a file it shows
#    is part of that file.
# 5. The README's picture is what 'rimau show --svg' draws.
# 6. The README's test command runs make check in parallel (make -jN), and
#    .ci/run's test stage runs exactly that command.
#
# Prints one 'ok' or 'FAIL' line per check, then 'N passed, M failed'.
set -u
: "${RIMAU:?}" "${srcdir:?}"
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# words_in WORDS FILE OK FAIL: for each line of the file WORDS, "ok" and
# the text OK if it stands in FILE, not as part of a longer word (no
# letter, digit, '_' or '-' on either side), else "FAIL" and FAIL (each
# %s in the texts is the word): one awk for a whole list.
words_in() {
    awk -v ok="$3" -v fail="$4" '
        NR == FNR { if ($0 != "") words[++n] = $0; next }
        { lines[++m] = $0 }
        END {
            for (i = 1; i <= n; i++) {
                w = words[i]; found = 0
                for (j = 1; j <= m && !found; j++) {
                    s = lines[j]
                    while ((p = index(s, w)) > 0) {
                        before = p > 1 ? substr(s, p - 1, 1) : ""
                        after = substr(s, p + length(w), 1)
                        if (before !~ /[A-Za-z0-9_-]/ && after !~ /[A-Za-z0-9_-]/) { found = 1; break }
                        s = substr(s, p + 1)
                    }
                }
                t = found ? ok : fail
                if (t != "") { gsub(/%s/, w, t); print (found ? "ok " : "FAIL ") t }
            }
        }' "$1" "$2" > "$tmp/verdicts"
    verdicts "$tmp/verdicts"
}
# first_line FILE: the first line of FILE (the shell's own read: the
# checks below read hundreds of small files, and a process each is slow).
first_line() {
    line=""
    IFS= read -r line < "$1" || :
    printf '%s' "$line"
}
# verdicts FILE: counts the lines "ok ..." and "FAIL ..." of FILE, written
# by one awk for a whole list, as ok and bad would, and prints them.
verdicts() {
    while IFS= read -r v; do
        case "$v" in
            "ok "*) ok "${v#ok }" ;;
            "FAIL "*) bad "${v#FAIL }" ;;
        esac
    done < "$1"
}
# in_list LIST WORDS OK FAIL: for each line of the file WORDS, "ok" and the
# text OK if it is a line of the file LIST, else "FAIL" and FAIL (each %s
# in the texts is the line; an empty OK prints nothing for a line found).
in_list() {
    awk -v ok="$3" -v fail="$4" '
        NR == FNR { have[$0] = 1; next }
        { t = ($0 in have) ? ok : fail; if (t != "") { gsub(/%s/, $0, t); print (($0 in have) ? "ok " : "FAIL ") t } }
    ' "$1" "$2" > "$tmp/verdicts"
    verdicts "$tmp/verdicts"
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
help_options "$tmp/help" > "$tmp/opts"
words_in "$tmp/opts" "$tmp/man1" "rimau.1 has the general option %s" \
    "rimau.1 lacks the general option %s of rimau --help"
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
    help_options "$tmp/cmdhelp" > "$tmp/opts"
    noptions=$((noptions + $(wc -l < "$tmp/opts")))
    words_in "$tmp/opts" "$tmp/sec" "rimau.1 describes rimau $cmd %s" \
        "rimau.1 does not describe the option %s of rimau $cmd --help"
    man_options "$tmp/sec" > "$tmp/opts"
    words_in "$tmp/opts" "$tmp/cmdhelp" "rimau $cmd --help has the option %s of rimau.1" \
        "rimau.1 describes %s for rimau $cmd, but rimau $cmd --help does not"
done
# and no section for a command that does not exist
for cmd in $(sed -n 's/^\.SS "\{0,1\}rimau \([a-z][a-z]*\).*/\1/p' "$tmp/man1"); do
    case " $(echo $commands) " in
        *" $cmd "*) ;;
        *) bad "rimau.1 has a section for rimau $cmd, which rimau --help does not list" ;;
    esac
done


# ---- 2. the language reference, the lexer and the grammar ----

lang="$srcdir/doc/language.md"
mkdir "$tmp/blocks"
# The fenced blocks of doc/language.md: N.txt (the text, without the
# fence's indentation), N.info (what follows the opening fence), N.line.
awk -v dir="$tmp/blocks" -f "$srcdir/tests/doc-blocks.awk" "$lang"

# The keywords of the lexer: the lines '"word"  { TOKEN(WORD); }'.
sed -n 's/^"\([a-z][a-z]*\)"[[:space:]]*{ *TOKEN(.*/\1/p' "$srcdir/grammar/lexer.l" | sort -u > "$tmp/keywords"
nkeywords=$(wc -l < "$tmp/keywords")
if [ "$nkeywords" -lt 50 ]; then
    bad "found only $nkeywords keywords in grammar/lexer.l: has its layout changed?"
fi

# The grammar summary: the block marked ebnf, and its quoted terminals.
ebnf=""
for info in "$tmp"/blocks/*.info; do
    [ "$(first_line "$info")" = ebnf ] && ebnf="${info%.info}.txt"
done
if [ -z "$ebnf" ]; then
    bad "doc/language.md has no grammar block (\`\`\`ebnf)"
    ebnf=/dev/null
fi
grep -o '"[^"]*"' "$ebnf" | tr -d '"' | sort -u > "$tmp/terminals"

# The grammar of parser.y: its rules section without the 'word' rule (which
# lists every keyword) and, for the tokens, without the C actions.
awk '/^%%/ { part++; next } part == 1' "$srcdir/grammar/parser.y" |
    awk '/^word:/ { skip = 1 } skip && /^ *;/ { skip = 0; next } !skip' > "$tmp/rules"
awk '{
    out = ""
    for (i = 1; i <= length($0); i++) {
        ch = substr($0, i, 1)
        if (depth == 0 && ch == "\047") {
            j = index(substr($0, i + 1), "\047")
            out = out substr($0, i, j + 1); i += j; continue
        }
        if (ch == "{") { depth++; continue }
        if (ch == "}") { depth--; continue }
        if (depth == 0) out = out ch
    }
    print out
}' "$tmp/rules" > "$tmp/rules-bare"
# token names and their spellings: ALIAS "'alias'"
grep -o "[A-Z][A-Z_]* \"'[a-z]*'\"" "$srcdir/grammar/parser.y" |
    sed "s/ \"'\([a-z]*\)'\"/ \1/" | sort -u > "$tmp/tokens"
# (the tokens the bare rules use, as grep -w finds a word)
tr -cs 'A-Za-z0-9_' '\n' < "$tmp/rules-bare" | sort -u > "$tmp/rules-words"
awk 'NR == FNR { used[$0] = 1; next } ($1 in used) { print $2 }' \
    "$tmp/rules-words" "$tmp/tokens" > "$tmp/grammar-words"
# words the grammar's actions give a meaning to: "draw" in 'result draw'
grep -o '"[a-z][a-z]*"' "$tmp/rules" | tr -d '"' >> "$tmp/grammar-words"
grep -o "'[^']'" "$tmp/rules-bare" | tr -d "'" >> "$tmp/grammar-words"
sort -u -o "$tmp/grammar-words" "$tmp/grammar-words"
# and the words the compile step (src/ir/compile*.c) reads in a name's
# place: the 'x' of a grid, diagonals, a triangle's way, "result none"
grep -h -o 'strcmp([^,]*, "[a-z][a-z]*")' "$srcdir"/src/ir/compile*.c |
    sed 's/.*"\([a-z]*\)")/\1/' | sort -u > "$tmp/compile-words"

in_list "$tmp/terminals" "$tmp/grammar-words" \
    'the grammar summary has the terminal "%s" of grammar/parser.y' \
    'the grammar summary of doc/language.md lacks the terminal "%s" of grammar/parser.y'
cat "$tmp/keywords" "$tmp/grammar-words" "$tmp/compile-words" | sort -u > "$tmp/known"
in_list "$tmp/known" "$tmp/terminals" '' \
    'the grammar summary of doc/language.md has "%s", which is no terminal of the grammar'

# ---- 3. the examples of doc/language.md ----

: > "$tmp/example-words"
nexamples=0
mkdir "$tmp/ex"
# Each game block as a file of its own, ex/N.game (whole, or in its
# wrapper of tests/docs), and its place, ex/N.at; then one rimau check of
# them all, one validate of those with examples: each alone only where
# that fails, to name the blocks.
for info in "$tmp"/blocks/*.info; do
    b=${info%.info}
    at="doc/language.md:$(first_line "$b.line")"
    set -- $(first_line "$info")
    kind=${1:-} wrapper=${2:-}
    case "$kind" in
        "") bad "$at: a fenced block without an info string (game, text, console, ebnf...)"; continue ;;
        game) ;;
        *) continue ;;
    esac
    nexamples=$((nexamples + 1))
    if [ -n "$wrapper" ] && [ ! -f "$srcdir/tests/docs/$wrapper.game" ]; then
        bad "$at: no file tests/docs/$wrapper.game to check the block in"
        continue
    fi
    n=${b##*/}
    printf '%s\n' "$at" > "$tmp/ex/$n.at"
    printf '%s\n' "$wrapper" > "$tmp/ex/$n.wrapper"
    echo "$b.txt" >> "$tmp/ex/blocks"
done
# (one awk writes every file: a block alone, or its wrapper with the
# block in place of its line '@@')
awk -v ex="$tmp/ex" -v docs="$srcdir/tests/docs" '{
    part = $0; n = part; sub(/.*\//, "", n); sub(/\.txt$/, "", n)
    out = ex "/" n ".game"
    getline wrapper < (ex "/" n ".wrapper"); close(ex "/" n ".wrapper")
    if (wrapper == "") {
        while ((getline l < part) > 0) print l > out
    } else {
        while ((getline w < (docs "/" wrapper ".game")) > 0)
            if (w == "@@") { while ((getline l < part) > 0) print l > out; close(part) }
            else print w > out
        close(docs "/" wrapper ".game")
    }
    close(part); close(out)
}' "$tmp/ex/blocks"
# the words of the blocks, without comments and strings
sed -e 's/"[^"]*"//g' -e 's/#.*//' $(cat "$tmp/ex/blocks") | tr -cs 'A-Za-z' '\n' > "$tmp/example-words"
# what: how a block is checked, for the verdicts
what() {
    w=$(first_line "$tmp/ex/$1.wrapper")
    [ -z "$w" ] && echo "complete file" || echo "part of tests/docs/$w.game"
}
(cd "$tmp/ex" && ls | sed -n 's/\.game$//p' | sort -n) > "$tmp/ex/names"
(cd "$tmp/ex" && grep -l '^ *example ' $(sed 's/$/.game/' names) | sed 's/\.game$//') > "$tmp/ex/validated"
# (silently: a warning in an example would teach a turn that can fail)
alone=no
(cd "$tmp/ex" && "$RIMAU" check $(sed 's/$/.game/' names)) > "$tmp/out" 2>&1 && [ ! -s "$tmp/out" ] ||
    alone=yes
if [ -s "$tmp/ex/validated" ]; then
    (cd "$tmp/ex" && "$RIMAU" validate -q $(sed 's/$/.game/' validated)) > "$tmp/out" 2>&1 || alone=yes
fi
while read -r n; do
    at=$(first_line "$tmp/ex/$n.at")
    if [ "$alone" = no ]; then
        ok "$at: rimau check ($(what "$n"))"
        continue
    fi
    if "$RIMAU" check "$tmp/ex/$n.game" > "$tmp/out" 2>&1 && [ ! -s "$tmp/out" ]; then
        ok "$at: rimau check ($(what "$n"))"
    else
        bad "$at: rimau check ($(what "$n")):"
        sed 's/^/  | /' "$tmp/out"
    fi
done < "$tmp/ex/names"
while read -r n; do
    at=$(first_line "$tmp/ex/$n.at")
    if [ "$alone" = no ]; then
        ok "$at: rimau validate"
    elif "$RIMAU" validate -q "$tmp/ex/$n.game" > "$tmp/out" 2>&1; then
        ok "$at: rimau validate"
    else
        bad "$at: rimau validate:"
        sed 's/^/  | /' "$tmp/out"
    fi
done < "$tmp/ex/validated"
# The sample game must be the one the 'sample' parts are checked in.
for b in $(grep -l '^game "Sample hunt"$' $(cat "$tmp/ex/blocks")); do
    at="doc/language.md:$(first_line "${b%.txt}.line")"
    if grep -v '^@@$' "$srcdir/tests/docs/sample.game" | cmp -s - "$b"; then
        ok "$at: the sample game is tests/docs/sample.game"
    else
        bad "$at: the sample game differs from tests/docs/sample.game"
    fi
done
sort -u -o "$tmp/example-words" "$tmp/example-words"

# Every keyword is in the grammar summary and in a checked example.
in_list "$tmp/terminals" "$tmp/keywords" '' \
    "the lexer's keyword '%s' is not in the grammar summary of doc/language.md"
grep -vxF -f "$tmp/terminals" "$tmp/keywords" > "$tmp/unsummarised"
grep -xF -f "$tmp/terminals" "$tmp/keywords" > "$tmp/summarised"
in_list "$tmp/example-words" "$tmp/summarised" \
    "the keyword '%s' is in the grammar summary and a checked example" \
    "the lexer's keyword '%s' is in no checked example of doc/language.md"

# The example of rimau-game.5.
sed -n '/^\.SH EXAMPLE/,/^\.SH/p' "$srcdir/doc/rimau-game.5" |
    sed -n '/^\.EX/,/^\.EE/p' | sed -e '/^\.E[XE]/d' -e 's/\\-/-/g' > "$tmp/man5.game"
if [ -s "$tmp/man5.game" ] && "$RIMAU" check "$tmp/man5.game" > "$tmp/out" 2>&1; then
    ok "the example of rimau-game.5 passes rimau check"
else
    bad "the example of rimau-game.5 does not pass rimau check:"
    sed 's/^/  | /' "$tmp/out" 2>/dev/null
fi

# ---- 4. the tutorial ----

tut="$srcdir/doc/tutorial.md"
ntutorial=0
# (the steps before the tutorial's examples have none: validate, which
# refuses a file that validates nothing, runs on the others)
for game in "$srcdir"/tests/tutorial/*.game; do
    name=tests/tutorial/${game##*/}
    ntutorial=$((ntutorial + 1))
    if "$RIMAU" check "$game" > "$tmp/out" 2>&1 &&
       { "$RIMAU" info "$game" | grep -q '^examples: 0$' ||
         "$RIMAU" validate -q "$game" >> "$tmp/out" 2>&1; } &&
       [ ! -s "$tmp/out" ]; then
        ok "$name passes rimau check and rimau validate"
    else
        bad "$name does not pass rimau check and rimau validate:"
        sed 's/^/  | /' "$tmp/out"
    fi
done

# lines_in PART FILE: the lines of PART stand, one after the other, in FILE
lines_in() {
    awk -v pf="$1" -v ff="$2" 'BEGIN {
        while ((getline l < pf) > 0) p[++np] = l
        while ((getline l < ff) > 0) f[++nf] = l
        for (i = 0; i + np <= nf; i++) {
            for (k = 1; k <= np && f[i + k] == p[k]; k++) ;
            if (k > np) exit 0
        }
        exit 1
    }'
}
# matches EXPECTED ACTUAL: ACTUAL is EXPECTED, where a line '...' in
# EXPECTED stands for any number of lines; trailing blanks do not count.
matches() {
    awk -v ef="$1" -v af="$2" 'BEGIN {
        m = 0; n = 0
        while ((getline l < ef) > 0) { sub(/[ \t]+$/, "", l); e[++m] = l }
        while ((getline l < af) > 0) { sub(/[ \t]+$/, "", l); a[++n] = l }
        d[0, 0] = 1
        for (j = 1; j <= n; j++) d[0, j] = 0
        for (i = 1; i <= m; i++) {
            d[i, 0] = e[i] == "..." && d[i - 1, 0]
            for (j = 1; j <= n; j++)
                if (e[i] == "...") d[i, j] = d[i - 1, j] || d[i, j - 1]
                else d[i, j] = d[i - 1, j - 1] && e[i] == a[j]
        }
        exit !d[m, n]
    }'
}

# The parts of files shown (```game PATH) are parts of those files, and the
# commands shown ($ ... in ```console blocks) print what is shown, run in
# a folder holding the files of the last '<!-- files: SRC=NAME ... -->'.
mkdir "$tmp/tut"
awk -v dir="$tmp/tut" '
    /^<!-- files: .* -->$/ {
        files = $0; sub(/^<!-- files: /, "", files); sub(/ -->$/, "", files); next
    }
    !inblock && /^```/ {
        inblock = 1; kind = substr($0, 4)
        if (kind ~ /^game /) {
            g++; out = dir "/part" g
            print substr(kind, 6) > (out ".path"); close(out ".path")
            print NR > (out ".line"); close(out ".line")
            printf "" > (out ".txt")
        }
        cmd = 0
        next
    }
    inblock && /^```/ { inblock = 0; next }
    inblock && kind ~ /^game / { print >> (out ".txt"); next }
    inblock && kind == "console" && /^\$ / {
        c++; cmd = dir "/cmd" c
        print substr($0, 3) > (cmd ".sh"); close(cmd ".sh")
        print files > (cmd ".files"); close(cmd ".files")
        print NR > (cmd ".line"); close(cmd ".line")
        printf "" > (cmd ".expected")
        next
    }
    inblock && kind == "console" && cmd { print >> (cmd ".expected") }' "$tut"

nparts=0
for path in "$tmp"/tut/part*.path; do
    [ -e "$path" ] || break
    b=${path%.path}
    nparts=$((nparts + 1))
    at="doc/tutorial.md:$(first_line "$b.line")"
    file=$(first_line "$path")
    if [ ! -f "$srcdir/$file" ]; then
        bad "$at: the file $file the part comes from does not exist"
    elif lines_in "$b.txt" "$srcdir/$file"; then
        ok "$at: the part shown is in $file"
    else
        bad "$at: the part shown is not in $file as it stands"
    fi
done

ncommands=0
for sh in "$tmp"/tut/cmd*.sh; do
    [ -e "$sh" ] || break
    b=${sh%.sh}
    ncommands=$((ncommands + 1))
    at="doc/tutorial.md:$(first_line "$b.line")"
    run="$tmp/run"
    rm -rf "$run"
    mkdir "$run"
    ln -s "$srcdir/games" "$run/games"
    for pair in $(first_line "$b.files"); do
        cp "$srcdir/${pair%%=*}" "$run/${pair#*=}"
    done
    { echo 'rimau() { "$RIMAU" "$@"; }'; cat "$sh"; } > "$run.sh"
    (cd "$run" && sh "$run.sh") > "$b.out" 2>&1
    if matches "$b.expected" "$b.out"; then
        ok "$at: \$ $(first_line "$sh")"
    else
        bad "$at: \$ $(first_line "$sh") prints something else than the tutorial shows:"
        diff "$b.expected" "$b.out" | sed 's/^/  | /'
    fi
done
if [ "$ncommands" -lt 10 ] || [ "$nparts" -lt 5 ]; then
    bad "doc/tutorial.md shows only $ncommands commands and $nparts parts of files: has its layout changed?"
fi

# ---- 5. the README's picture is what rimau show --svg draws ----

if "$RIMAU" show --svg "$srcdir/games/rimau-rimau-a.game" | cmp -s - "$srcdir/doc/rimau-rimau-a.svg"; then
    ok "doc/rimau-rimau-a.svg is what rimau show --svg draws"
else
    bad "doc/rimau-rimau-a.svg is not what rimau show --svg games/rimau-rimau-a.game draws: draw it again"
fi

# ---- 6. the README's test command runs in parallel, and CI runs it ----

# (the line after "Set up and run the tests:" in the README's sh block)
readme_cmd=$(awk '/^Set up and run the tests:/ { f = 1; next }
                  f && /^\.\/bootstrap/ { print; exit }' "$srcdir/README.md")
case "$readme_cmd" in
    *"make -j"[0-9]*" check"*) ok "the README's test command runs make check in parallel: $readme_cmd" ;;
    *) bad "the README's test command '$readme_cmd' does not run make -jN check (serial make check takes minutes)" ;;
esac
if [ -n "$readme_cmd" ] &&
   grep -qF "readme_test() { $readme_cmd; }" "$srcdir/.ci/run"; then
    ok ".ci/run runs the README's test command"
else
    bad ".ci/run's readme_test is not the README's test command '$readme_cmd'"
fi

echo "# checked $noptions options of --help, $nkeywords keywords, $nexamples examples of doc/language.md,"
echo "# $ntutorial files, $nparts parts of files and $ncommands commands of doc/tutorial.md"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
