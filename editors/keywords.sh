#!/bin/sh
# keywords.sh: the words of the .game language in the editor packages,
# made from their one source: the keywords of the lexer (grammar/lexer.l)
# and the constants, the words the grammar of doc/language.md gives a
# meaning to in a name's place ("up", "none", "forward"...), both read by
# web/grammar-words.sh --lists, which the web page's editor uses too.
#
#   editors/keywords.sh [SRCDIR] list|textmate|vim|emacs
#       prints the words by group ("GROUP WORD" lines), or the part of
#       the TextMate grammar, the Vim syntax file or the Emacs mode that
#       lists them, as it stands in that file
#   editors/keywords.sh [SRCDIR] --check
#       fails, naming the file, when such a part differs from what the
#       lexer and the grammar give now, or when the VS Code extension's
#       copy of the TextMate grammar differs from editors/textmate's
#       (tests/check-editors.sh runs it in make check)
#   editors/keywords.sh [SRCDIR] --update
#       writes those parts, and the copy, again
#
# SRCDIR is the top of the source tree (by default, this file's folder's
# parent). Nothing in the build runs this script: the files it writes are
# committed. A keyword of the lexer that the table below does not group
# goes in the group "other" (still a keyword), with a note on standard
# error: give it its group here, then run --update.
set -eu
case "${1:-}" in
    -h|--help)
        sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
        exit 0 ;;
esac
if [ $# -ge 2 ]; then
    src=$1
    shift
else
    src=$(cd "$(dirname "$0")/.." && pwd)
fi
what=${1:-}
[ $# -eq 1 ] || { echo "usage: editors/keywords.sh [SRCDIR] list|textmate|vim|emacs|--check|--update (--help)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The groups: name, TextMate scope (without ".rimau") and the words. The
# constants are all in "constant"; a lexer keyword in no group goes in
# "other". The order is the order of the lists in the files.
cat > "$tmp/table" <<'EOF'
block keyword.declaration.block board example option phase position region rules setup side
metadata keyword.other.metadata alias game note origin quote source symbol
control keyword.control else except if or then when while
board keyword.other.board apex column columns depth diagonals grid line lines point pointing row rows triangle
move keyword.other.move capture captures chain continue drop first hand leap move over piece pieces relocate remove removing slide stacks step turn turns
end keyword.other.end draw end ends lose loses repetition result win wins
example keyword.other.example after illegal legal
modifier keyword.other.modifier compulsory empty fewer most must odd once optional than time times
preposition keyword.other.preposition at by in of on to with
other keyword.other
constant constant.language
EOF

sh "$src/web/grammar-words.sh" "$src" --lists > "$tmp/words"
# "GROUP WORD" lines, in the table's order, each group's words sorted
awk '
    NR == FNR {
        order[++ngroups] = $1
        for (i = 3; i <= NF; i++) group[$i] = $1
        next
    }
    $1 == "keyword" {
        g = ($2 in group) && group[$2] != "constant" ? group[$2] : "other"
        if (g == "other")
            printf "editors/keywords.sh: the keyword \"%s\" of grammar/lexer.l has no group: add it to the table of editors/keywords.sh\n", $2 > "/dev/stderr"
        words[g] = words[g] " " $2
        next
    }
    $1 == "contextual" { words["constant"] = words["constant"] " " $2 }
    END {
        for (k = 1; k <= ngroups; k++) {
            n = split(words[order[k]], w, " ")
            for (i = 1; i <= n; i++) print order[k], w[i]
        }
    }' "$tmp/table" "$tmp/words" > "$tmp/unsorted"
# (sort each group's words, keeping the groups' order)
awk 'NR == FNR { rank[$1] = NR; next } { printf "%02d %s\n", rank[$1], $0 }' "$tmp/table" "$tmp/unsorted" |
    LC_ALL=C sort | cut -d' ' -f2- > "$tmp/list"
[ "$(grep -c . "$tmp/list")" -ge 50 ] || { echo "editors/keywords.sh: found too few words: has grammar/lexer.l's layout changed?" >&2; exit 1; }

made="made by editors/keywords.sh from grammar/lexer.l and doc/language.md: run editors/keywords.sh --update, do not edit"
# format FORMAT: the part of the file of FORMAT (textmate, vim, emacs)
# that lists the words, from the list and the table (one awk: this runs in
# make check)
format() {
    awk -v fmt="$1" -v made="$made" '
        NR == FNR { scope[$1] = $2; next }
        {
            if (!($1 in words)) { order[++n] = $1; words[$1] = $2 }
            else words[$1] = words[$1] " " $2
        }
        END {
            # A word stands alone: no name character before or after it
            # (names have letters, digits, "_", "-", a quote and any byte
            # over 0x7f; but a byte-order mark at the start of the file
            # is none).
            b = "[A-Za-z0-9_\047\\\\-]|[^\\\\x00-\\\\x7F]"
            bb = "[A-Za-z0-9_\047\\\\-]|[^\\\\x00-\\\\x7F\\\\x{FEFF}]"
            if (fmt == "textmate") {
                print "    \"keywords\": {"
                print "      \"comment\": \"The words of the language, " made "\","
                print "      \"patterns\": ["
                for (i = 1; i <= n; i++) {
                    w = words[order[i]]; gsub(/ /, "|", w)
                    print "        {"
                    print "          \"name\": \"" scope[order[i]] ".rimau\","
                    print "          \"match\": \"(?<!" bb ")(?:" w ")(?!" b ")\""
                    print (i < n ? "        }," : "        }")
                }
                print "      ]"
                print "    },"
            } else if (fmt == "vim") {
                print "\" BEGIN keywords: " made
                for (i = 1; i <= n; i++)
                    print "syntax keyword rimau" toupper(substr(order[i], 1, 1)) substr(order[i], 2) " " words[order[i]]
                print "\" END keywords"
            } else {
                print ";; BEGIN keywords: " made
                print "(defconst rimau-mode-keywords"
                for (i = 1; i <= n; i++) {
                    w = words[order[i]]; gsub(/ /, "\" \"", w)
                    printf "%s(%s \"%s\")%s\n", (i == 1 ? "  \047(" : "    "), order[i], w, (i == n ? ")" : "")
                }
                print "  \"The words of the .game language, by group.\nThe keywords of grammar/lexer.l, and the constants of doc/language.md.\")"
                print ";; END keywords"
            }
        }' "$tmp/table" "$tmp/list"
}

# part FILE BEGIN END: the lines of FILE from the first matching the
# regular expression BEGIN to the next matching END
part() { awk -v b="$2" -v e="$3" '!done && $0 ~ b { on = 1 } on { print } on && $0 ~ e { on = 0; done = 1 }' "$1"; }
# replace FILE BEGIN END NEW: that part of FILE replaced by the file NEW
replace() {
    awk -v b="$2" -v e="$3" -v new="$4" '
        !done && !on && $0 ~ b { on = 1; while ((getline l < new) > 0) print l }
        !on { print }
        on && $0 ~ e { on = 0; done = 1 }' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
}
ed="$src/editors"
parts() {
    echo "textmate $ed/textmate/rimau.tmLanguage.json ^....\"keywords\":.[{]\$ ^....[}],\$"
    echo "vim $ed/vim/syntax/rimau.vim ^\"[[:space:]]BEGIN[[:space:]]keywords ^\"[[:space:]]END[[:space:]]keywords"
    echo "emacs $ed/emacs/rimau-mode.el ^;;[[:space:]]BEGIN[[:space:]]keywords ^;;[[:space:]]END[[:space:]]keywords"
}
copy="$ed/vscode/syntaxes/rimau.tmLanguage.json"

case "$what" in
    list) cat "$tmp/list" ;;
    textmate|vim|emacs) format "$what" ;;
    --check)
        bad=0
        parts > "$tmp/parts"
        while read -r fmt file begin end; do
            format "$fmt" > "$tmp/want"
            part "$file" "$begin" "$end" > "$tmp/have"
            if [ ! -s "$tmp/have" ]; then
                echo "editors/keywords.sh: ${file#"$src"/} has no list of keywords (a part from a line matching $begin to one matching $end)" >&2
                bad=1
            elif ! cmp -s "$tmp/want" "$tmp/have"; then
                echo "editors/keywords.sh: the keywords of ${file#"$src"/} differ from grammar/lexer.l's and doc/language.md's: run editors/keywords.sh --update" >&2
                diff "$tmp/have" "$tmp/want" | sed 's/^/  | /' >&2
                bad=1
            fi
        done < "$tmp/parts"
        if ! cmp -s "$ed/textmate/rimau.tmLanguage.json" "$copy"; then
            echo "editors/keywords.sh: ${copy#"$src"/} is not a copy of editors/textmate/rimau.tmLanguage.json: run editors/keywords.sh --update" >&2
            bad=1
        fi
        exit $bad ;;
    --update)
        parts > "$tmp/parts"
        while read -r fmt file begin end; do
            format "$fmt" > "$tmp/new"
            part "$file" "$begin" "$end" | grep -q . || {
                echo "editors/keywords.sh: ${file#"$src"/} has no list of keywords to replace" >&2; exit 1; }
            replace "$file" "$begin" "$end" "$tmp/new"
        done < "$tmp/parts"
        mkdir -p "$(dirname "$copy")"
        cp "$ed/textmate/rimau.tmLanguage.json" "$copy" ;;
    *) echo "editors/keywords.sh: unknown argument '$what' (list, textmate, vim, emacs, --check, --update)" >&2; exit 2 ;;
esac
