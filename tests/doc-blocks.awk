# doc-blocks.awk: the fenced blocks of a Markdown file, for the suites
# that check the documents' examples (check-docs, check-fmt).
# Usage: awk -v dir=DIR -f tests/doc-blocks.awk FILE.md
# Writes DIR/N.txt (the block's text, without the fence's indentation),
# DIR/N.info (what follows the opening fence) and DIR/N.line (the line
# of the opening fence), N counting the blocks from 1.
!inblock && /^ *```/ {
    indent = match($0, /[^ ]/) - 1
    info = substr($0, indent + 4)
    sub(/^ +/, "", info); sub(/ +$/, "", info)
    n++
    out = dir "/" n
    print info > (out ".info"); close(out ".info")
    print NR > (out ".line"); close(out ".line")
    printf "" > (out ".txt")
    inblock = 1
    next
}
inblock && /^ *```+ *$/ { inblock = 0; close(out ".txt"); next }
inblock {
    line = $0
    if (substr(line, 1, indent) ~ /^ *$/) line = substr(line, indent + 1)
    print line >> (out ".txt")
}
