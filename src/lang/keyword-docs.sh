#!/bin/sh
# keyword-docs.sh DOC PARSER: writes to standard output the C table of
# what each keyword of the .game language means (keywords.h), taken from
# DOC (doc/language.md), so that the language server's hover and the
# reference page say it in one text. The keywords are the quoted words of
# PARSER's tokens (grammar/parser.y). For each keyword, in this order:
#   - a heading with an item in backquotes that starts with it
#     (### `drop KIND ...`, ## Options: `option` and `if`), and the first
#     paragraph of its section;
#   - a table row of DOC whose first cell starts with it (`game "NAME"`);
#   and, but for the commonest little words (to, of, in...):
#   - a heading whose first word is the keyword or its plural (## Sides and
#     pieces), and its first paragraph;
#   - a table row whose first cell has it (`row N`, `rows N to M`);
#   - a heading with the word or its plural (## Sides and pieces);
# then, in each case, the lines of the grammar (the ebnf block) that name it.
set -eu
doc=$1 parser=$2
# (and the words the grammar gives a meaning to in a name's place: up,
# blocked, never...: the quoted words of DOC's ebnf block)
words=$({ grep -o "\"'[a-z]*'\"" "$parser"
          awk '/^```ebnf/ { on = 1; next } /^```/ { on = 0 } on' "$doc" | grep -o '"[a-z][a-z]*"'
        } | tr -d "\"'" | sort -u)
[ -n "$words" ] || { echo "keyword-docs.sh: no keywords in $parser" >&2; exit 1; }
echo "$words" | awk -v doc="$doc" '
function esc(s) {
    gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, " ", s); gsub(/\n/, "\\n", s)
    return s
}
function title(h) { sub(/^#+ */, "", h); return h }
# The item in backquotes of H that starts with W, or "".
function quoted_item(h, w,    rest, item) {
    rest = h
    while (match(rest, /`[^`]*`/)) {
        item = substr(rest, RSTART + 1, RLENGTH - 2)
        if (item == w || index(item, w " ") == 1) return item
        rest = substr(rest, RSTART + RLENGTH)
    }
    return ""
}
# Whether the first word of H (after "the") is W or its plural.
function first_word(h, w,    t, parts) {
    t = tolower(title(h)); gsub(/[^a-z]+/, " ", t); sub(/^ *(the )?/, "", t)
    split(t, parts, " ")
    return parts[1] == w || parts[1] == w "s"
}
function has_word(h, w,    t, n, i, parts) {
    t = tolower(title(h)); gsub(/[^a-z]+/, " ", t)
    n = split(t, parts, " ")
    for (i = 1; i <= n; i++) if (parts[i] == w || parts[i] == w "s") return 1
    return 0
}
BEGIN {
    nsec = 0; in_code = 0; in_ebnf = 0; ngram = 0
    while ((getline line < doc) > 0) {
        if (line ~ /^```/) {
            if (in_code) { in_code = 0; in_ebnf = 0 }
            else { in_code = 1; in_ebnf = (line ~ /^```ebnf/) }
            continue
        }
        if (in_ebnf) { gram[++ngram] = line; continue }
        if (in_code) continue
        if (line ~ /^##+ /) {
            head[++nsec] = line; para[nsec] = ""; done[nsec] = 0; continue
        }
        if (nsec == 0) continue
        if (line ~ /^\|/) {
            if (line !~ /^\| *---/) rows[++nrows] = line; rowsec[nrows] = nsec
            if (para[nsec] != "") done[nsec] = 1
            continue
        }
        if (line == "") { if (para[nsec] != "") done[nsec] = 1; continue }
        if (!done[nsec]) para[nsec] = para[nsec] (para[nsec] == "" ? "" : " ") line
    }
}
{
    w = $0; text = ""; sec = 0
    for (s = 1; s <= nsec && text == ""; s++)
        if (quoted_item(head[s], w) != "") { text = "**" title(head[s]) "**\n\n" para[s]; sec = s }
    for (r = 1; r <= nrows && text == ""; r++) {
        n = split(rows[r], cell, "|")
        c1 = cell[2]; gsub(/^ +| +$/, "", c1)
        c2 = cell[3]; gsub(/^ +| +$/, "", c2)
        first = match(c1, /`[^`]*`/) ? substr(c1, RSTART, RLENGTH) : ""
        if (n >= 4 && quoted_item(first, w) != "") { text = c1 ": " c2; sec = rowsec[r] }
    }
    if (index(" to of on in at or end most ", " " w " ") == 0) {
        for (s = 1; s <= nsec && text == ""; s++)
            if (first_word(head[s], w)) { text = "**" title(head[s]) "**\n\n" para[s]; sec = s }
        for (r = 1; r <= nrows && text == ""; r++) {
            n = split(rows[r], cell, "|")
            c1 = cell[2]; gsub(/^ +| +$/, "", c1)
            c2 = cell[3]; gsub(/^ +| +$/, "", c2)
            if (n >= 4 && quoted_item(c1, w) != "") { text = c1 ": " c2; sec = rowsec[r] }
        }
        for (s = 1; s <= nsec && text == ""; s++)
            if (has_word(head[s], w)) { text = "**" title(head[s]) "**\n\n" para[s]; sec = s }
    }
    if (sec && text !~ /^\*\*/) text = text "\n\n(" title(head[sec]) ")"
    g = ""
    for (i = 1; i <= ngram; i++)
        if (index(gram[i], "\"" w "\"")) g = g gram[i] "\n"
    if (g != "") text = text (text == "" ? "" : "\n\n") "```ebnf\n" g "```"
    printf "    { \"%s\", \"%s\" },\n", w, esc(text)
}' | awk 'BEGIN {
    print "/* keyword_docs.c: made by src/lang/keyword-docs.sh from doc/language.md"
    print " * and grammar/parser.y at build time: edit those, not this. */"
    print "#include \"keywords.h\""
    print ""
    print "const rm_keyword_doc rm_keyword_docs[] = {"
} { print } END {
    print "};"
    print "const int rm_nkeyword_docs = (int)(sizeof rm_keyword_docs / sizeof rm_keyword_docs[0]);"
}'
