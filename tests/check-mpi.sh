#!/bin/sh
# A solve shared among the ranks of an MPI job (mpirun -np 4 rimau solve
# ... --db DIR; doc/solutions.md, "On several machines") writes the same
# database as a solve in one process: the same files, byte for byte, and
# prints the same value of the start. Run on the small games the unit
# tests solve (tests/games/solve-*.game) and on Kaooa, with four ranks on
# this machine's cores (--oversubscribe), and on two; and with a folder
# for each rank, or for each two, which the ranks do not share. Part of make
# check-slow; skipped (status 77) when rimau is built without MPI or
# mpirun is missing (./bootstrap --mpi installs Open MPI).
#
# Prints one 'ok' or 'FAIL' line per check, then 'N passed, M failed'.
set -u
: "${RIMAU:?}" "${srcdir:?}"
if [ "${RIMAU_MPI:-no}" != yes ] || ! command -v mpirun > /dev/null 2>&1; then
    echo "check-mpi: skipped: rimau is built without MPI, or mpirun is missing (./bootstrap --mpi)"
    exit 77
fi
. "$srcdir/tests/lib.sh"

# (CI runs as root, which Open MPI refuses unless told)
run_as=""
[ "$(id -u)" -ne 0 ] || run_as=--allow-run-as-root
mpi() {
    np=$1
    shift
    mpirun $run_as --oversubscribe -np "$np" "$@"
}

# same ONE MANY: the folders hold the same files, each the same bytes.
same() {
    (cd "$1" && ls -A) > "$tmp/one.list"
    (cd "$2" && ls -A) > "$tmp/many.list"
    if ! cmp -s "$tmp/one.list" "$tmp/many.list"; then
        echo "the files differ:"
        diff "$tmp/one.list" "$tmp/many.list" | head -n 10
        return 1
    fi
    while IFS= read -r f; do
        [ "$f" = .lock ] && continue
        cmp "$1/$f" "$2/$f" || return 1
    done < "$tmp/one.list"
}

# compare NP GAME [OPTION]...: GAME solved in one process, then on NP ranks.
compare() {
    np=$1 game=$2
    shift 2
    name="$(basename "$game" .game) on $np ranks${*:+ }$*"
    k=$((k + 1))
    one="$tmp/one-$k" many="$tmp/many-$k"
    expect 0 "$name: one process" "$RIMAU" solve -q "$game" --db "$one" "$@"
    grep '^start (\|^the position (' "$tmp/out" > "$tmp/one.start"
    expect 0 "$name: mpirun" mpi "$np" "$RIMAU" solve -q "$game" --db "$many" "$@"
    grep '^start (\|^the position (' "$tmp/out" > "$tmp/many.start"
    n=$((n + 1))
    if [ ! -s "$tmp/one.start" ] || ! cmp -s "$tmp/one.start" "$tmp/many.start"; then
        fail=$((fail + 1)); echo "FAIL $name: another value of the start"
        cat "$tmp/one.start" "$tmp/many.start"
    elif ! same "$one" "$many" > "$tmp/why" 2>&1; then
        fail=$((fail + 1)); echo "FAIL $name: another database"; shown "$tmp/why"
    else
        echo "ok $name: the same database, byte for byte"
    fi
}

k=0
for game in "$srcdir"/tests/games/solve-*.game "$srcdir/games/kaooa.game"; do
    compare 4 "$game"
done
compare 2 "$srcdir/games/kaooa.game" -j 2
compare 4 "$srcdir/games/kaooa.game" --no-symmetry

# apart NP GROUP GAME: GAME solved in one process, then on NP ranks whose
# folders are their own (GROUP 1), or shared by GROUP ranks in a row: the
# tiers solved are sent between the ranks, and every folder ends with the
# same files as the one process's.
apart() {
    np=$1 group=$2 game=$3
    name="$(basename "$game" .game) on $np ranks, $group to a folder"
    k=$((k + 1))
    one="$tmp/one-$k" many="$tmp/many-$k"
    mkdir "$many"
    expect 0 "$name: one process" "$RIMAU" solve -q "$game" --db "$one"
    grep '^start (' "$tmp/out" > "$tmp/one.start"
    # (each rank's folder from its rank: Open MPI's variable, or PMI's)
    expect 0 "$name: mpirun" mpi "$np" sh -c \
        'exec "$0" solve -q "$1" --db "$2/f$(( ${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}} / $3 ))"' \
        "$RIMAU" "$game" "$many" "$group"
    grep '^start (' "$tmp/out" > "$tmp/many.start"
    n=$((n + 1))
    folders=$(ls "$many" | wc -l)
    if [ ! -s "$tmp/one.start" ] || ! cmp -s "$tmp/one.start" "$tmp/many.start"; then
        fail=$((fail + 1)); echo "FAIL $name: another value of the start"
        cat "$tmp/one.start" "$tmp/many.start"
    elif [ "$folders" -ne $(( (np + group - 1) / group )) ]; then
        fail=$((fail + 1)); echo "FAIL $name: $folders folders"
    else
        bad=""
        for f in "$many"/*; do
            same "$one" "$f" > "$tmp/why" 2>&1 || bad="$f"
        done
        if [ -n "$bad" ]; then
            fail=$((fail + 1)); echo "FAIL $name: another database in $bad"; shown "$tmp/why"
        else
            echo "ok $name: every folder the same database, byte for byte"
        fi
    fi
}
apart 4 1 "$srcdir/games/kaooa.game"
apart 4 2 "$srcdir/games/kaooa.game"
apart 3 1 "$srcdir/tests/games/solve-hare.game"

# A job without a folder to share is refused on every rank, with one
# message, and writes nothing.
expect 2 "mpirun without --db fails" mpi 2 "$RIMAU" solve -q "$srcdir/games/kaooa.game"
n=$((n + 1))
if [ "$(grep -c 'needs --db DIR' "$tmp/err")" = 1 ]; then
    echo "ok without --db: one message"
else
    fail=$((fail + 1)); echo "FAIL without --db: not one message"; shown "$tmp/err"
fi
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
