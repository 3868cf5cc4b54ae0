#!/bin/sh
# kernel-text.sh TEMPLATE DIR...: the C file of the text a game's native
# kernel is compiled from (native.c): TEMPLATE (bitgen_native.c) with
# every header of the project it includes, found in the DIRs, put in its
# place once, in the order the compiler would read them, so that the
# program can write the kernel's text without a source tree. System
# headers (<...>) are kept; an include of a file no DIR holds (the
# game's constants, written beside the text at run time) is kept too.
# The text goes out as an array of lines: a literal of one line is short
# where ISO C bounds the length of one.
set -e
template=$1
shift
expand() {
    # $1: the file; prints it with its project includes expanded
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
        '#include "'*'"'*)
            name=${line#'#include "'}
            name=${name%%'"'*}
            found=
            for d in "$@"; do
                if [ -f "$d/$name" ]; then found=$d/$name; break; fi
            done
            if [ -z "$found" ]; then
                printf '%s\n' "$line"
            elif ! printf '%s\n' "$seen" | grep -qx "$name"; then
                seen="$seen
$name"
                printf '/* ---- %s ---- */\n' "$name"
                expand_file "$found" "$@"
            fi
            ;;
        *) printf '%s\n' "$line" ;;
        esac
    done < "$1"
}
expand_file() {
    f=$1
    shift
    # (a subshell keeps this file's reader; SEEN goes back through a file)
    expand "$f" "$@"
}
seen=
echo '/* Made by kernel-text.sh from bitgen_native.c and the headers it'
echo ' * includes: the text of a game'"'"'s native kernel (native.c). */'
echo '#include "native.h"'
echo 'const char *const rm_native_text[] = {'
expand "$template" "$@" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n",/'
echo '    0'
echo '};'
