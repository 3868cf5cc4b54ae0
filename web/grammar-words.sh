#!/bin/sh
# grammar-words.sh SRCDIR: the words the editor highlights (web/editor.js),
# as an ES module on standard output, made by make web from the grammar
# of doc/language.md (its block marked ebnf): its quoted words, split in
# the keywords the lexer reserves (grammar/lexer.l's '"word" { TOKEN(..) }'
# lines; tests/check-docs.sh checks that each is in the grammar) and the
# others, names the grammar gives a meaning to in their place ("up",
# "forward", "x"...). Fails when either list comes out empty.
# grammar-words.sh SRCDIR --lists: the same words as lines "keyword WORD"
# (every keyword of the lexer) and "contextual WORD", for the editor
# packages' lists (editors/keywords.sh).
set -eu
src=$1
lists=${2:-}
tmp=${TMPDIR:-/tmp}/grammar-words.$$
trap 'rm -f "$tmp".*' EXIT
awk '/^```ebnf/ { on = 1; next } /^```/ { on = 0 } on' "$src/doc/language.md" |
    grep -o '"[a-z][a-z]*"' | tr -d '"' | sort -u > "$tmp.all"
sed -n 's/^"\([a-z][a-z]*\)"[[:space:]]*{ *TOKEN(.*/\1/p' "$src/grammar/lexer.l" |
    sort -u > "$tmp.lexer"
comm -12 "$tmp.all" "$tmp.lexer" > "$tmp.keywords"
comm -23 "$tmp.all" "$tmp.lexer" > "$tmp.contextual"
if [ ! -s "$tmp.keywords" ] || [ ! -s "$tmp.contextual" ]; then
    echo "grammar-words.sh: no words found in $src/doc/language.md's grammar" >&2
    exit 1
fi
if [ "$lists" = --lists ]; then
    sed 's/^/keyword /' "$tmp.lexer"
    sed 's/^/contextual /' "$tmp.contextual"
    exit 0
fi
list() { sed 's/.*/"&"/' "$1" | paste -sd, -; }
echo "// Made by make web (web/grammar-words.sh) from doc/language.md's grammar."
echo "export const keywords = [$(list "$tmp.keywords")];"
echo "export const contextual = [$(list "$tmp.contextual")];"
