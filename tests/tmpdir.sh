#!/bin/sh
# Prints the folder for the tests' temporary files (make check sets
# TMPDIR to it): a folder in memory where there is one, since
# `rimau play --save` syncs its record to the disk (once a second) and
# the suites that save games took twelve times as long on a disk.
#
# 1. RIMAU_TEST_TMPDIR, when set: as it is.
# 2. TMPDIR, when it is on a tmpfs already.
# 3. /dev/shm, when it is a tmpfs we can write with at least 256 MiB free
#    (a container's can be 64 MiB).
# 4. Otherwise TMPDIR as it is, or /tmp.
set -u
if [ -n "${RIMAU_TEST_TMPDIR:-}" ]; then
    echo "$RIMAU_TEST_TMPDIR"
    exit 0
fi
# in_memory DIR: DIR is a folder on a tmpfs that we can write
in_memory() {
    [ -d "$1" ] && [ -w "$1" ] && [ "$(stat -f -c %T "$1" 2> /dev/null)" = tmpfs ]
}
if [ -n "${TMPDIR:-}" ] && in_memory "$TMPDIR"; then
    echo "$TMPDIR"
elif in_memory /dev/shm &&
    [ "$(df -Pk /dev/shm 2> /dev/null | awk 'NR == 2 { print $4 }')" -ge 262144 ] 2> /dev/null; then
    echo /dev/shm
else
    echo "${TMPDIR:-/tmp}"
fi
