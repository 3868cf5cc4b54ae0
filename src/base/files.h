/* files.h: the one way Rimau writes a file, and the one way it opens a
 * file to read.
 *
 * Every output of the program (a record, a selfplay JSON file, an HTML
 * replay, the SVG pictures of a replay, a solve's database files) goes
 * through rm_out:
 *
 *   rm_out_check   before any work: may PATH be written? A symbolic link
 *                  (dangling or not), a folder, a FIFO or a device is never
 *                  replaced; an existing file only when it is empty, starts
 *                  with the kind's SIGNATURE (a file of the same kind Rimau
 *                  wrote), or with FORCE.
 *   rm_out_open    a temporary file beside PATH (same folder, a name of its
 *                  own, created with O_EXCL, the umask's mode); the check
 *                  is made again first. Temporary files of PATH left by a
 *                  process that no longer runs are removed.
 *   rm_out_stream  the stream to write to; the first write error is kept.
 *   rm_out_commit  every write checked, fsync, rename over PATH, fsync of
 *                  the folder; on any failure the temporary file is
 *                  removed and PATH is left as it was.
 *   rm_out_abort   removes the temporary file.
 *
 * (rm_out_open_flags with RM_OUT_NO_FOLDER_SYNC leaves the folder's sync
 * to the caller: one rm_sync_folder_of after many files written into one
 * folder.)
 *
 * So a crash, a kill or a full disk leaves either the earlier file, whole,
 * or the new one, whole; never a cut file where a good one was.
 *
 * A file written as it grows (a record saved after every turn, the JSON
 * lines of a tournament) is opened with rm_out_append once it exists:
 * writes go to its end, rm_out_flush hands what is written to the system
 * (a kill loses none of it) and rm_out_sync makes it durable too (fflush
 * and fdatasync: a cost of one write, whatever the file's length);
 * rm_out_sync_every does so at most once in a given time.
 * After the first failed write nothing more is written, and the file is
 * cut back to its end at the last flush or sync that succeeded: it never
 * ends in half a line.
 *
 * Every message is "cannot write PATH: REASON" (REASON strerror's, or
 * what is at PATH), "cannot read PATH: REASON", written once into the
 * caller's buffer.
 *
 * Reading: rm_in_open opens PATH without blocking (a FIFO or a device
 * would otherwise hang the program or never end) and refuses anything but
 * a regular file; rm_in_read reads a whole file up to a limit.
 */
#ifndef RIMAU_FILES_H
#define RIMAU_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct rm_out {
    char *path; /* the destination */
    char *tmp;  /* the temporary file beside it (NULL when appending) */
    FILE *f;    /* the stream written to */
    int fd;     /* its file descriptor (a cookie stream has no fileno) */
    int err;    /* the first write's error (errno), 0 if none */
    bool append;
    int flags;  /* RM_OUT_* */
    long long whole; /* appending: the file's length at the last flush that succeeded */
    double synced;   /* appending: when it was last made durable (monotonic seconds) */
} rm_out;

/* rm_out_open_flags's FLAGS. RM_OUT_NO_FOLDER_SYNC: the commit does not
 * sync the folder (for many files written into one folder in a row: the
 * caller calls rm_sync_folder_of once, after the last commit). */
enum { RM_OUT_NO_FOLDER_SYNC = 1 };

/* May PATH be written? 0, or -1 with "cannot write PATH: ..." (or "PATH
 * is a folder: not replaced ...") in ERR. SIGNATURE: the bytes a file of
 * this kind starts with (NULL: an existing non-empty file needs FORCE). */
int rm_out_check(const char *path, const char *signature, bool force, char *err, size_t errsize);

/* Checks PATH as rm_out_check does, then opens a temporary file beside
 * it. 0, or -1 with a message (nothing is left behind). */
int rm_out_open(rm_out *o, const char *path, const char *signature, bool force, char *err,
                size_t errsize);

/* rm_out_open with FLAGS (RM_OUT_*). */
int rm_out_open_flags(rm_out *o, const char *path, const char *signature, bool force, int flags,
                      char *err, size_t errsize);

/* Opens the existing regular file PATH to write at its end (never through
 * a symbolic link). 0, or -1 with a message. */
int rm_out_append(rm_out *o, const char *path, char *err, size_t errsize);

/* The stream of an open rm_out. */
FILE *rm_out_stream(rm_out *o);

/* Writes what is buffered (fflush): a kill no longer loses it. 0, or -1
 * with a message naming the first write error; an appended file is then
 * cut back to its length at the last flush that succeeded. */
int rm_out_flush(rm_out *o, char *err, size_t errsize);

/* rm_out_flush, then makes it durable (fdatasync). 0, or -1 as
 * rm_out_flush. */
int rm_out_sync(rm_out *o, char *err, size_t errsize);

/* rm_out_flush, and rm_out_sync when O was last made durable (or opened
 * by rm_out_append) SECONDS ago or more: a kill loses nothing written, a power cut at most
 * the last SECONDS, for one fdatasync a SECONDS whatever the rate of
 * writes. 0, or -1 as rm_out_flush. */
int rm_out_sync_every(rm_out *o, double seconds, char *err, size_t errsize);

/* Ends an rm_out: for a temporary file, renames it over PATH once every
 * write succeeded and it is on disk (then makes the rename durable, unless
 * RM_OUT_NO_FOLDER_SYNC); for an appended file, syncs and closes it. 0, or
 * -1 with a message (the temporary file removed, PATH as it was; an
 * appended file cut back as rm_out_flush does). Frees O either way. */
int rm_out_commit(rm_out *o, char *err, size_t errsize);

/* Ends an rm_out without a commit: the temporary file is removed (an
 * appended file is closed as it is). Frees O. Safe on a zeroed rm_out. */
void rm_out_abort(rm_out *o);

/* Writes the N bytes of DATA to PATH through a temporary file (the whole
 * sequence above). 0, or -1 with a message. */
int rm_out_write_file(const char *path, const char *signature, bool force, const void *data,
                      size_t n, char *err, size_t errsize);

/* Opens PATH to read: a regular file only (a FIFO, a device or a folder is
 * refused at once, never waited on). NULL with "cannot read PATH: ..." in
 * ERR on failure. */
FILE *rm_in_open(const char *path, char *err, size_t errsize);

/* Reads all of PATH, NUL-terminated, into a new buffer (its length in
 * *LEN). NULL with a message when it cannot be read or is larger than
 * LIMIT bytes. */
char *rm_in_read(const char *path, size_t limit, size_t *len, char *err, size_t errsize);

/* Makes the entries of the folder holding PATH durable (after a rename or
 * a new file). 0, or -1 with errno set. */
int rm_sync_folder_of(const char *path);

#endif
