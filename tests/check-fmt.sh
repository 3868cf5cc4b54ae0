#!/bin/sh
# rimau fmt (doc/fmt.md), on every shipped game, every .game file under
# tests/ and every game block of doc/language.md (each file F), and on a
# copy M of each with its layout spoiled (every line indented by a tab,
# blanks around ',' and '{' and at the ends of lines: still the same
# game, on the same lines):
# 1. fmt is idempotent: fmt --check passes on fmt's output.
# 2. fmt keeps the meaning: the IR dumps (rimau compile --dump) of M and
#    fmt(M) are the same (and of F and fmt(F) where fmt changed F); rimau
#    check says the same things of F and fmt(F), of M and fmt(M) (their
#    places aside). With RIMAU_THOROUGH=1 (make check-slow) perft 3 (1
#    for a file rimau check warns of: its turns are too many) is the
#    same too, and for the shipped games the IR dump under every value
#    of every option.
# 3. Only blanks change: F and fmt(F) (M and fmt(M)) hold the same
#    characters but blanks and ';', in the same order: no comment lost.
# 4. A file that does not parse is refused with the syntax errors rimau
#    check gives, and left as it is (fmt --write); M is refused exactly
#    when F is. The shipped games are in the layout.
# 5. --check, --write (no temporary file left, the mode kept, an
#    unchanged file not written), standard input, usage errors and bad
#    input (a missing file, a folder, binary bytes, an unterminated
#    string) give a message and a non-zero status.
# To keep it fast, each step runs one process for all the files, except
# under RIMAU_THOROUGH: a perft and dump each per file (option value) and
# version.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"
LC_ALL=C
export LC_ALL

tab=$(printf '\t')
mkdir "$tmp/F" "$tmp/M" "$tmp/fF" "$tmp/fM" "$tmp/blocks" || exit 1

# ---- the files: F/NAME.game, NAME the path with '/' as '__' ----
# (one awk for all: a process a file costs too long)
(cd "$srcdir" && find games tests -name '*.game' | sort | xargs awk -v dir="$tmp/F" '
    FNR == 1 { if (out) close(out); name = FILENAME; gsub("/", "__", name); out = dir "/" name; printf "" > out }
    $0 != "@@" { print > out }') || exit 1
# The game blocks of doc/language.md, whole or in their wrapper, as
# tests/check-docs.sh makes them.
awk -v dir="$tmp/blocks" -f "$srcdir/tests/doc-blocks.awk" "$srcdir/doc/language.md"
nblocks=0
for info in "$tmp"/blocks/*.info; do
    set -- $(cat "$info")
    [ "${1:-}" = game ] || continue
    b=${info%.info}
    nblocks=$((nblocks + 1))
    out="$tmp/F/doc__language.md__block${b##*/}.game"
    if [ -z "${2:-}" ]; then
        cp "$b.txt" "$out"
    else
        awk -v part="$b.txt" '/^@@$/ { while ((getline l < part) > 0) print l; next } { print }' \
            "$srcdir/tests/docs/$2.game" > "$out"
    fi
done
holds "doc/language.md has game blocks ($nblocks)" [ "$nblocks" -ge 10 ]
nfiles=$(ls "$tmp/F" | wc -l)
holds "there are files to format ($nfiles)" [ "$nfiles" -ge 100 ]

# The spoiled copies: a tab first on every line, blanks around ',' and
# '{', blanks at the end of every line but a string's '\' line.
(cd "$tmp/F" && awk -v dir="$tmp/M" -v tab="$tab" '
    FNR == 1 { if (out) close(out); out = dir "/" FILENAME; printf "" > out }
    { sub("^[ " tab "]*", tab); gsub(",", " , "); gsub("[{]", " {  ")
      if ($0 !~ /\\$/) $0 = $0 " " tab
      print > out }' ./*.game) || exit 1
cp "$tmp"/F/*.game "$tmp/fF/"
cp "$tmp"/M/*.game "$tmp/fM/"

# ---- formatting, once for all ----
(cd "$tmp/fF" && "$RIMAU" fmt --write ./*.game > ../fF.out 2> ../fF.err)
(cd "$tmp/fM" && "$RIMAU" fmt --write ./*.game > ../fM.out 2> ../fM.err)
# rimau check's messages of each set, and the files with an error
for d in F M fF fM; do
    (cd "$tmp/$d" && "$RIMAU" check ./*.game > /dev/null 2> "../$d.check")
done
errors_of() { sed -n -E 's|^\./([^:]*\.game):([0-9]+:[0-9]+:)? error: .*|\1|p' "$1" | sort -u; }
errors_of "$tmp/F.check" > "$tmp/F.bad"
errors_of "$tmp/fF.err" > "$tmp/F.refused"
errors_of "$tmp/fM.err" > "$tmp/M.refused"
nrefused=$(wc -l < "$tmp/F.refused")
holds "fmt refuses some files of tests/errors ($nrefused)" [ "$nrefused" -ge 5 ]
n=$((n + 1))
if [ -z "$(comm -23 "$tmp/F.refused" "$tmp/F.bad")" ]; then
    echo "ok fmt refuses only files rimau check finds errors in"
else
    echo "FAIL fmt refuses files rimau check takes: $(comm -23 "$tmp/F.refused" "$tmp/F.bad" | tr '\n' ' ')"
    fail=$((fail + 1))
fi
holds "the spoiled copies are refused exactly where the files are" cmp -s "$tmp/F.refused" "$tmp/M.refused"
# A refused file: rimau fmt says what rimau check says (its syntax
# errors), and --write left it as it was.
(cd "$tmp/F" && "$RIMAU" check $(sed 's|^|./|' ../F.refused) > /dev/null 2> ../refused.check)
holds "fmt's messages for the files it refuses are rimau check's" cmp -s "$tmp/refused.check" "$tmp/fF.err"
holds "fmt --write left the refused files as they were" \
    [ -z "$(cd "$tmp" && for f in $(cat F.refused); do cmp -s "F/$f" "fF/$f" || echo "$f"; done)" ]

# ---- 1. idempotent ----
ok_files() { (cd "$tmp/$1" && ls ./*.game | sed 's|^\./||' | grep -vxF -f ../F.refused); }
(cd "$tmp/fF" && "$RIMAU" fmt --check $(ok_files fF) > ../idem.out 2>&1)
st=$?
holds "fmt --check passes on fmt's output of every file (idempotent)" [ "$st" -eq 0 -a ! -s "$tmp/idem.out" ]
[ -s "$tmp/idem.out" ] && shown "$tmp/idem.out"
(cd "$tmp/fM" && "$RIMAU" fmt --check $(ok_files fM) > ../idem.out 2>&1)
st=$?
holds "... and of every spoiled copy" [ "$st" -eq 0 -a ! -s "$tmp/idem.out" ]
[ -s "$tmp/idem.out" ] && shown "$tmp/idem.out"
(cd "$tmp/M" && "$RIMAU" fmt --check $(ok_files M) > ../spoiled.out 2>&1)
st=$?
holds "fmt --check lists every spoiled copy, and fails" \
    [ "$st" -eq 1 -a "$(wc -l < "$tmp/spoiled.out")" -eq $((nfiles - nrefused)) ]

# ---- 3. only blanks change ----
# chars DIR: each file's characters but blanks and ';', one line a file
chars() {
    (cd "$tmp/$1" && awk '{ gsub(/[ \t\r\f\v;]/, ""); s[FILENAME] = s[FILENAME] $0 }
        END { for (f in s) print f, s[f] }' ./*.game | sort)
}
holds "fmt changes only blanks (and ';'): every comment and token kept, in order" \
    [ "$(chars F)" = "$(chars fF)" ]
holds "... in the spoiled copies too" [ "$(chars M)" = "$(chars fM)" ]

# ---- 2. the same meaning ----
# messages FILE: rimau check's messages, without their places and the
# lines they show
messages() {
    sed -n -E 's|^(\./[^:]*\.game):([0-9]+:[0-9]+:)? ([a-z]+: .*)|\1: \3|p' "$1"
}
holds "rimau check gives the same messages before and after fmt" \
    [ "$(messages "$tmp/F.check")" = "$(messages "$tmp/fF.check")" ]
holds "... and on the spoiled copies" [ "$(messages "$tmp/M.check")" = "$(messages "$tmp/fM.check")" ]
nmsg=$(messages "$tmp/F.check" | grep -c ': error: ')
holds "(those messages include compile errors: $nmsg)" [ "$nmsg" -ge 50 ]

# The games: shipped, of tests/games, tests/boards and the tutorial
# (those of doc/language.md and tests/errors are checked by their
# messages above: a process for each would cost too long).
(cd "$tmp/F" && ls | grep -E '^(games|tests__games|tests__boards|tests__tutorial)__' |
     grep -vxF -f ../F.bad) > "$tmp/games"
ngames=$(wc -l < "$tmp/games")
# dumps DIR [FILE...]: the IR dumps of those files (all the games where
# none is named), one process, each dump headed by its file's name
dumps() {
    d=$1
    shift
    [ $# -gt 0 ] || set -- $(cat "$tmp/games")
    (cd "$tmp/$d" && "$RIMAU" compile --dump "$@" 2>&1 | sed "s|$tmp/$d/||g")
}
# (the games fmt changed, which are compared with F as well as M)
changed=$(cd "$tmp" && for f in $(cat games); do cmp -s "F/$f" "fF/$f" || echo "$f"; done)
# differ WHAT D1 D2: a failure, with the first lines where the dumps (or
# perfts) D1 and D2 differ, and the files whose dumps they are
differ() {
    n=$((n + 1)) fail=$((fail + 1))
    echo "FAIL $1 differ:"
    diff "$2" "$3" | head -n 10
    awk '/^==> / { f = $2 } { print f }' "$2" > "$tmp/where"
    diff "$2" "$3" | sed -n 's/^\([0-9][0-9]*\)[acd,].*/\1/p' | sort -u | head -n 5 |
        awk 'NR == FNR { at[$1] = 1; next } FNR in at { print "  in " $0 }' - "$tmp/where" | sort -u
}
dumps M > "$tmp/d1"
dumps fM > "$tmp/d2"
holds "the IR dumps are of every game ($ngames)" [ "$(grep -c '^==> ' "$tmp/d1")" -eq "$ngames" -a "$ngames" -ge 50 ]
if cmp -s "$tmp/d1" "$tmp/d2"; then
    holds "the IR dump of every game is the same before and after fmt (spoiled copies)" true
else
    differ "the IR dumps of the spoiled copies before and after fmt" "$tmp/d1" "$tmp/d2"
fi
if [ -n "$changed" ]; then
    dumps F $changed > "$tmp/d1"
    dumps fF $changed > "$tmp/d2"
    if cmp -s "$tmp/d1" "$tmp/d2"; then
        holds "... and of each file fmt changed ($(echo $changed | wc -w))" true
    else
        differ "the IR dumps of the files before and after fmt" "$tmp/d1" "$tmp/d2"
    fi
fi
# With RIMAU_THOROUGH=1: perft 3 of each game (1 of those rimau check
# warns of: their turns are too many to list), and the dumps under every
# value of every option of the shipped games.
if [ "${RIMAU_THOROUGH:-}" = 1 ]; then
    sed -n -E 's|^\./([^:]*\.game):([0-9]+:[0-9]+:)? warning: .*|\1|p' "$tmp/F.check" | sort -u > "$tmp/F.warned"
    nsame=0 nvariants=0
    for f in $(cat "$tmp/games"); do
        depth=3
        grep -qxF "$f" "$tmp/F.warned" && depth=1
        for d in M fM; do
            (cd "$tmp/$d" && "$RIMAU" perft "$f" $depth > "../p$d" 2>&1 || echo "status $?" >> "../p$d")
        done
        if cmp -s "$tmp/pM" "$tmp/pfM"; then
            nsame=$((nsame + 1))
        else
            differ "the perft $depth of $f before and after fmt" "$tmp/pM" "$tmp/pfM"
        fi
        case "$f" in
            games__*)
                # Every value of every option: variant K gives each option
                # its K-th value (the dump lists them, the default marked '*').
                dumps M "$f" | sed -n '/^# options$/,/^$/p' | awk 'NF > 2 {
                    for (i = 3; i <= NF; i++) { v = $i; sub(/\*$/, "", v); o[i - 2] = o[i - 2] " -o " $1 "=" v }
                    if (NF - 2 > k) k = NF - 2 }
                    END { for (i = 2; i <= k; i++) print o[i] }' > "$tmp/variants"
                while read -r variant; do
                    for d in M fM; do
                        (cd "$tmp/$d" && "$RIMAU" compile --dump $variant "$f" 2>&1 | sed "s|$tmp/$d/||g") \
                            > "$tmp/v$d"
                    done
                    if cmp -s "$tmp/vM" "$tmp/vfM"; then
                        nvariants=$((nvariants + 1))
                    else
                        differ "the IR dumps of $f $variant before and after fmt" "$tmp/vM" "$tmp/vfM"
                    fi
                done < "$tmp/variants"
                ;;
        esac
    done
    holds "perft is the same before and after fmt ($nsame games)" [ "$nsame" -ge 50 ]
    holds "... and the IR dump under the options' other values ($nvariants)" [ "$nvariants" -ge 25 ]
fi

# ---- 4. the shipped games are in the layout ----
(cd "$srcdir" && "$RIMAU" fmt --check games/*.game > "$tmp/out" 2> "$tmp/err")
st=$?
holds "the shipped games are in fmt's layout (fmt --check games/*.game)" [ "$st" -eq 0 -a ! -s "$tmp/out" ]
[ -s "$tmp/out" ] && shown "$tmp/out"

# ---- 5. the command ----
g="$tmp/one.game"
printf 'game "One" # a comment\nboard {\ngrid 3 x 3\n\n\n}\n' > "$g"
expect 0 "fmt FILE" "$RIMAU" fmt "$g"
holds "fmt prints the layout" [ "$(cat "$tmp/out")" = "$(printf 'game "One"  # a comment\nboard {\n    grid 3 x 3\n}')" ]
holds "fmt FILE leaves FILE as it was" [ "$(head -c 12 "$g")" = 'game "One" #' ]
expect 1 "fmt --check on a file not in the layout" "$RIMAU" fmt --check "$g"
holds "fmt --check names it, and only it" [ "$(cat "$tmp/out")" = "$g" ]
chmod 640 "$g"
ls -i "$g" > "$tmp/inode1"
expect 0 "fmt --write" "$RIMAU" fmt --write "$g"
holds "fmt --write prints nothing" [ ! -s "$tmp/out" ]
expect 0 "fmt --check after fmt --write" "$RIMAU" fmt --check "$g"
holds "fmt --write keeps the mode" [ "$(stat -c %a "$g")" = 640 ]
holds "fmt --write leaves no temporary file" [ "$(ls "$tmp" | grep -c 'one\.game')" -eq 1 ]
ls -i "$g" > "$tmp/inode2"
holds "fmt --write replaced the file (a new one renamed over it)" [ "$(cat "$tmp/inode1")" != "$(cat "$tmp/inode2")" ]
expect 0 "fmt --write on a file in the layout" "$RIMAU" fmt --write "$g"
ls -i "$g" > "$tmp/inode3"
holds "fmt --write does not write a file in the layout" cmp -s "$tmp/inode2" "$tmp/inode3"
stdin="$tmp/one.game"
expect 0 "fmt - reads standard input" "$RIMAU" fmt -
holds "fmt - prints the layout" cmp -s "$tmp/out" "$g"
printf 'game "x"\nboard{grid 3x3}' > "$tmp/in"
stdin="$tmp/in"
expect 1 "fmt --check -" "$RIMAU" fmt --check -
holds "fmt --check - names standard input" [ "$(cat "$tmp/out")" = "<stdin>" ]
stdin=
expect 2 "fmt --write -" "$RIMAU" fmt --write -
has "cannot rewrite standard input" err "fmt --write - says why"
expect 2 "fmt --check --write" "$RIMAU" fmt --check --write "$g"
expect 2 "fmt without a file" "$RIMAU" fmt
has "no .game file given" err "fmt without a file says so"
expect 0 "fmt --help" "$RIMAU" fmt --help
has "Usage: rimau fmt" out "fmt --help prints its usage"
expect 1 "fmt of a missing file" "$RIMAU" fmt "$tmp/nosuch.game"
has "nosuch.game: error: cannot open: No such file" err "a missing file is named"
expect 1 "fmt of a folder" "$RIMAU" fmt "$tmp"
has "error: cannot open: it is a folder" err "a folder is refused"
printf 'game "x"\n\001\377\000\200 board\n' > "$tmp/junk.game"
cp "$tmp/junk.game" "$tmp/junk.orig"
expect 1 "fmt --write of binary bytes" "$RIMAU" fmt --write "$tmp/junk.game"
has "junk.game:2:1: error: unexpected character byte 0x01" err "binary bytes are located"
holds "... and the file is left as it was" cmp -s "$tmp/junk.game" "$tmp/junk.orig"
printf 'game "x\nboard { grid 3 x 3 }\n' > "$tmp/unterminated.game"
expect 1 "fmt of an unterminated string" "$RIMAU" fmt "$tmp/unterminated.game"
has "unterminated.game:1:6: error: unterminated string" err "the unterminated string is located"
has_no . out "nothing is printed of a file refused"
printf 'game "x"\nboard { grid 3 x 3 } # no end of line' > "$tmp/noeol.game"
expect 0 "fmt of a comment at the end without a line end" "$RIMAU" fmt "$tmp/noeol.game"
holds "... ends it with one" [ "$(tail -c 1 "$tmp/out" | od -An -c | tr -d ' ')" = '\n' ]
ln -s "$g" "$tmp/link.game"
printf 'game  "x"\n' > "$g"
expect 1 "fmt --write of a symbolic link" "$RIMAU" fmt --write "$tmp/link.game"
has "symbolic link" err "fmt --write says it rewrites no symbolic link"

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
