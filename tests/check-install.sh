#!/bin/sh
# Install into a fresh prefix (make check-slow): a copy of the tree, built
# as it is (an earlier build's files included, as a user's tree has them),
# configured again with --prefix and installed. The installed program,
# run from another folder with no RIMAU_GAMES, must find its games under
# the new prefix (rimau list, rimau play NAME), its --help must name the
# installed documents, and its manual page must name the new folders, not
# /usr/local.
set -u
: "${RIMAU:?}" "${srcdir:?}"
. "$srcdir/tests/lib.sh"
unset RIMAU_GAMES

cp -pR "$srcdir" "$tmp/tree" || exit 1
prefix=$tmp/prefix
build=$(cd "$(dirname "$RIMAU")/.." && pwd)
# The copy keeps the configure options of the build it came from (a
# sanitizer's objects cannot link without its flags), and gets a new prefix.
args=""
if [ -f "$build/config.status" ]; then
    args=$("$build/config.status" --config)
fi
n=$((n + 1))
if (cd "$tmp/tree" && eval "./configure $args --prefix='$prefix'" > "$tmp/configure.log" 2>&1 &&
    make -j2 > "$tmp/make.log" 2>&1 && make install > "$tmp/install.log" 2>&1); then
    echo "ok the copy is configured with --prefix=$prefix, built and installed"
else
    echo "FAIL configure, make or make install of the copy"
    tail -n 20 "$tmp/configure.log" "$tmp/make.log" "$tmp/install.log" 2>/dev/null | sed 's/^/  | /'
    exit 1
fi
rimau=$prefix/bin/rimau
mkdir "$tmp/elsewhere" && cd "$tmp/elsewhere" || exit 1

expect 0 "the installed rimau list" "$rimau" list
has "rimau-rimau-a" out "the installed rimau list lists the installed games"
expect 0 "the installed rimau play NAME, random against random" \
    "$rimau" play rimau-rimau-a --tigers=random --men=random --seed 1 -q
has "^result: " out "the installed rimau play NAME plays the game to its end"
expect 0 "the installed rimau play --help" "$rimau" play --help
hasf "$prefix/share/doc/rimau/notation.md" out "play --help names the installed notation.md"
n=$((n + 1))
if [ -f "$prefix/share/doc/rimau/notation.md" ] && [ -f "$prefix/share/doc/rimau/language.md" ]; then
    echo "ok doc/*.md are installed under docdir"
else
    echo "FAIL doc/*.md are not installed under $prefix/share/doc/rimau"; fail=$((fail + 1))
fi
man1=$prefix/share/man/man1/rimau.1
n=$((n + 1))
if [ -f "$man1" ] && grep -q -F "$prefix/share/rimau/games" "$man1" && ! grep -q /usr/local "$man1" \
    && ! grep -q /usr/local "$prefix/share/man/man5/rimau-game.5"; then
    echo "ok the installed manual pages name the new prefix, not /usr/local"
else
    echo "FAIL the installed manual pages: missing, or naming /usr/local"
    grep -n "usr/local\|share/rimau" "$man1" | sed 's/^/  | /'
    fail=$((fail + 1))
fi

echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
