/* files.c: writing a file whole or not at all, appending durably, and
 * opening a file to read without blocking (see files.h). */
#define _GNU_SOURCE /* fopencookie: the stream that keeps its first error */
#include "files.h"
#include "clock.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* A path in a message: quoted when empty, so that "cannot write '':" says
 * what was given. */
#define SHOWN_PATH(p) ((p) && (p)[0] ? (p) : "''")

/* What is at a path, from its lstat mode, when it is not a regular file. */
static const char *not_a_file(mode_t mode)
{
    return S_ISLNK(mode)                      ? "a symbolic link"
           : S_ISDIR(mode)                    ? "a folder"
           : S_ISFIFO(mode)                   ? "a FIFO"
           : S_ISCHR(mode) || S_ISBLK(mode)   ? "a device"
           : S_ISSOCK(mode)                   ? "a socket"
           : !S_ISREG(mode)                   ? "not a plain file"
                                              : NULL;
}

/* The folder part of PATH ("." when it has none), in a new string. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    size_t n = (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

int rm_out_check(const char *path, const char *signature, bool force, char *err, size_t errsize)
{
    if (!path || !path[0]) {
        snprintf(err, errsize, "cannot write '': an empty path names no file");
        return -1;
    }
    struct stat sb;
    if (lstat(path, &sb) != 0) {
        if (errno != ENOENT) {
            snprintf(err, errsize, "cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        /* A new file: its folder must be there and writable. */
        char *dir = folder_of(path);
        if (!dir) {
            snprintf(err, errsize, "cannot write %s: out of memory", path);
            return -1;
        }
        struct stat db;
        int rc = 0;
        if (stat(dir, &db) != 0) {
            snprintf(err, errsize, "cannot write %s: its folder %s: %s", path, dir, strerror(errno));
            rc = -1;
        } else if (!S_ISDIR(db.st_mode)) {
            snprintf(err, errsize, "cannot write %s: %s is not a folder", path, dir);
            rc = -1;
        } else if (access(dir, W_OK | X_OK) != 0) {
            snprintf(err, errsize, "cannot write %s: %s", path, strerror(errno));
            rc = -1;
        }
        free(dir);
        return rc;
    }
    const char *what = not_a_file(sb.st_mode);
    if (what) {
        snprintf(err, errsize, "cannot write %s: it is %s: not replaced (give a new file's path)", path,
                 what);
        return -1;
    }
    if (force || sb.st_size == 0)
        return 0;
    size_t want = signature ? strlen(signature) : 0;
    char head[64];
    size_t got = 0;
    if (want > 0 && want <= sizeof head) {
        FILE *f = rm_in_open(path, err, errsize);
        if (f) {
            got = fread(head, 1, want, f);
            fclose(f);
        }
    }
    if (want > 0 && got == want && memcmp(head, signature, want) == 0)
        return 0;
    snprintf(err, errsize,
             "cannot write %s: it exists and is not a file of this kind that Rimau wrote: not "
             "replaced (--force replaces it)",
             path);
    return -1;
}

/* ---- the stream that keeps its first error ---- */

typedef struct out_cookie {
    int fd;
    int *err; /* the rm_out's first error */
} out_cookie;

static ssize_t cookie_write(void *c, const char *buf, size_t size)
{
    out_cookie *k = c;
    if (*k->err != 0)
        return -1; /* nothing after a failed write: no gap, no second cut */
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(k->fd, buf + done, size - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if (*k->err == 0)
                *k->err = errno;
            return done > 0 ? (ssize_t)done : -1;
        }
        if (w == 0) {
            if (*k->err == 0)
                *k->err = EIO;
            return done > 0 ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int cookie_close(void *c)
{
    out_cookie *k = c;
    int rc = close(k->fd);
    if (rc != 0 && *k->err == 0)
        *k->err = errno;
    free(k);
    return rc;
}

/* A stream on FD that records the first error of a write in *ERR. */
static FILE *error_keeping_stream(int fd, int *err)
{
    out_cookie *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    k->fd = fd;
    k->err = err;
    cookie_io_functions_t io = { NULL, cookie_write, NULL, cookie_close };
    FILE *f = fopencookie(k, "w", io);
    if (!f)
        free(k);
    return f;
}

/* ---- temporary files ---- */

/* The temporary files of a file NAME are "NAME.tmp-PID-N" (PID the
 * process that made it, N a count): the PID of such a name, or 0 when
 * N is not one. */
static long temporary_pid(const char *n)
{
    const char *t = NULL;
    for (const char *p = strstr(n, ".tmp-"); p; p = strstr(p + 1, ".tmp-"))
        t = p;
    if (!t || t == n)
        return 0;
    const char *q = t + 5;
    long pid = 0;
    for (; *q >= '0' && *q <= '9' && pid <= INT32_MAX; q++)
        pid = pid * 10 + (*q - '0');
    if (*q != '-' || pid <= 0 || pid > INT32_MAX || !q[1])
        return 0;
    for (q++; *q; q++)
        if (*q < '0' || *q > '9')
            return 0;
    return pid;
}

/* The folders whose stale temporary files this process has removed: each
 * is looked through once, not once a file written (a tournament's
 * thousands of records, a replay's pictures), which cost the square of
 * their number. When the table is full, folders are looked through again. */
enum { SWEPT_MAX = 64 };
static char *swept[SWEPT_MAX]; /* (by the folder's path as given) */
static int nswept;
static pthread_mutex_t swept_lock = PTHREAD_MUTEX_INITIALIZER;

/* Removes the temporary files in the folder of PATH whose process no
 * longer runs (a kill between their creation and their rename left
 * them), the first time this process writes into that folder. */
static void remove_stale_temporaries(const char *path)
{
    char *dir = folder_of(path);
    if (!dir)
        return;
    pthread_mutex_lock(&swept_lock);
    bool seen = false;
    for (int i = 0; i < nswept && !seen; i++)
        seen = strcmp(swept[i], dir) == 0;
    if (!seen && nswept < SWEPT_MAX && (swept[nswept] = strdup(dir)) != NULL)
        nswept++;
    pthread_mutex_unlock(&swept_lock);
    DIR *d = seen ? NULL : opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            const char *n = e->d_name;
            long pid = temporary_pid(n);
            if (pid == 0 || pid == (long)getpid())
                continue;
            if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
                continue; /* its process runs (or may): not ours to remove */
            size_t need = strlen(dir) + 1 + strlen(n) + 1;
            char *full = malloc(need);
            if (!full)
                break;
            snprintf(full, need, "%s/%s", dir, n);
            struct stat sb;
            if (lstat(full, &sb) == 0 && S_ISREG(sb.st_mode))
                unlink(full);
            free(full);
        }
        closedir(d);
    }
    free(dir);
}

int rm_out_open(rm_out *o, const char *path, const char *signature, bool force, char *err,
                size_t errsize)
{
    return rm_out_open_flags(o, path, signature, force, 0, err, errsize);
}

int rm_out_open_flags(rm_out *o, const char *path, const char *signature, bool force, int flags,
                      char *err, size_t errsize)
{
    memset(o, 0, sizeof *o);
    if (rm_out_check(path, signature, force, err, errsize) != 0)
        return -1;
    remove_stale_temporaries(path);
    size_t len = strlen(path) + 48;
    o->path = strdup(path);
    o->tmp = malloc(len);
    if (!o->path || !o->tmp) {
        snprintf(err, errsize, "cannot write %s: out of memory", path);
        rm_out_abort(o);
        return -1;
    }
    /* A name of its own (the process and a count), created with the mode
     * of any new file (0666 less the umask), not mkstemp's 0600. */
    static atomic_uint serial;
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        snprintf(o->tmp, len, "%s.tmp-%ld-%u", path, (long)getpid(),
                 atomic_fetch_add(&serial, 1) % 1000000u);
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        snprintf(err, errsize, "cannot write %s: %s", path, strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        rm_out_abort(o);
        return -1;
    }
    o->f = error_keeping_stream(fd, &o->err);
    if (!o->f) {
        snprintf(err, errsize, "cannot write %s: out of memory", path);
        close(fd);
        rm_out_abort(o);
        return -1;
    }
    o->fd = fd;
    o->flags = flags;
    return 0;
}

int rm_out_append(rm_out *o, const char *path, char *err, size_t errsize)
{
    memset(o, 0, sizeof *o);
    int fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errsize, "cannot write %s: %s", SHOWN_PATH(path),
                 errno == ELOOP ? "it is a symbolic link: not written through" : strerror(errno));
        return -1;
    }
    struct stat sb;
    const char *what = fstat(fd, &sb) != 0 ? strerror(errno) : not_a_file(sb.st_mode);
    if (what) {
        snprintf(err, errsize, "cannot write %s: it is %s: not written", path, what);
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    o->append = true;
    o->whole = (long long)sb.st_size;
    o->synced = rm_seconds(); /* (the time rm_out_sync_every counts from) */
    o->path = strdup(path);
    o->f = o->path ? error_keeping_stream(fd, &o->err) : NULL;
    if (!o->f) {
        snprintf(err, errsize, "cannot write %s: out of memory", path);
        close(fd);
        free(o->path);
        o->path = NULL;
        return -1;
    }
    o->fd = fd;
    return 0;
}

FILE *rm_out_stream(rm_out *o)
{
    return o->f;
}

/* The error of a failed write: the first one the stream met, else errno,
 * else EIO. */
static int first_error(const rm_out *o)
{
    return o->err ? o->err : errno ? errno : EIO;
}

/* An appended file after a failed write: cut back to its end at the last
 * flush that succeeded, so that it never ends in part of a write. */
static void cut_back(rm_out *o)
{
    if (o->append && ftruncate(o->fd, (off_t)o->whole) == 0)
        fdatasync(o->fd);
}

/* Flushes O, and makes it durable too when SYNC. */
static int flush(rm_out *o, bool sync, char *err, size_t errsize)
{
    errno = 0;
    if (fflush(o->f) != 0 || ferror(o->f) || o->err != 0 || (sync && fdatasync(o->fd) != 0)) {
        int e = first_error(o);
        if (o->err == 0)
            o->err = e; /* (nothing more is written) */
        cut_back(o);
        snprintf(err, errsize, "cannot write %s: %s", o->path, strerror(e));
        return -1;
    }
    if (o->append) {
        off_t end = lseek(o->fd, 0, SEEK_CUR); /* (O_APPEND: the end of the file) */
        if (end >= 0)
            o->whole = (long long)end;
    }
    return 0;
}

int rm_out_flush(rm_out *o, char *err, size_t errsize)
{
    return flush(o, false, err, errsize);
}

int rm_out_sync(rm_out *o, char *err, size_t errsize)
{
    return flush(o, true, err, errsize);
}

int rm_out_sync_every(rm_out *o, double seconds, char *err, size_t errsize)
{
    double now = rm_seconds();
    bool due = now - o->synced >= seconds;
    if (flush(o, due, err, errsize) != 0)
        return -1;
    if (due)
        o->synced = now;
    return 0;
}

int rm_sync_folder_of(const char *path)
{
    char *dir = folder_of(path);
    if (!dir) {
        errno = ENOMEM;
        return -1;
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(dir);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    /* (some file systems cannot sync a folder: nothing more can be done) */
    if (rc != 0 && (errno == EINVAL || errno == EBADF))
        rc = 0;
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

static void out_free(rm_out *o)
{
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}

int rm_out_commit(rm_out *o, char *err, size_t errsize)
{
    errno = 0;
    bool ok = fflush(o->f) == 0 && !ferror(o->f) && o->err == 0 &&
              (o->append ? fdatasync(o->fd) : fsync(o->fd)) == 0;
    int e = ok ? 0 : first_error(o);
    if (!ok && o->err == 0)
        o->err = e; /* (fclose writes nothing more) */
    if (!ok)
        cut_back(o);
    if (fclose(o->f) != 0 && ok) {
        ok = false;
        e = first_error(o);
    }
    o->f = NULL;
    if (!ok) {
        snprintf(err, errsize, "cannot write %s: %s", o->path, strerror(e));
        if (o->tmp)
            unlink(o->tmp);
        out_free(o);
        return -1;
    }
    if (o->tmp) {
        /* What is at the path now must still be replaceable: a link or a
         * folder put there since the check is not replaced. */
        struct stat sb;
        const char *what = lstat(o->path, &sb) == 0 ? not_a_file(sb.st_mode) : NULL;
        if (what) {
            snprintf(err, errsize, "cannot write %s: it is %s: not replaced (give a new file's path)",
                     o->path, what);
            unlink(o->tmp);
            out_free(o);
            return -1;
        }
        if (rename(o->tmp, o->path) != 0) {
            snprintf(err, errsize, "cannot write %s: %s", o->path, strerror(errno));
            unlink(o->tmp);
            out_free(o);
            return -1;
        }
        if (!(o->flags & RM_OUT_NO_FOLDER_SYNC) && rm_sync_folder_of(o->path) != 0) {
            snprintf(err, errsize, "cannot write %s: %s", o->path, strerror(errno));
            out_free(o);
            return -1;
        }
    }
    out_free(o);
    return 0;
}

void rm_out_abort(rm_out *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    out_free(o);
}

int rm_out_write_file(const char *path, const char *signature, bool force, const void *data,
                      size_t n, char *err, size_t errsize)
{
    rm_out o;
    if (rm_out_open(&o, path, signature, force, err, errsize) != 0)
        return -1;
    /* (a short write's error is kept in o: rm_out_commit reports it) */
    if (n > 0)
        fwrite(data, 1, n, o.f);
    return rm_out_commit(&o, err, errsize);
}

/* ---- reading ---- */

FILE *rm_in_open(const char *path, char *err, size_t errsize)
{
    if (!path || !path[0]) {
        snprintf(err, errsize, "cannot read '': an empty path names no file");
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errsize, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat sb;
    const char *what = fstat(fd, &sb) != 0 ? strerror(errno) : not_a_file(sb.st_mode);
    if (what) {
        snprintf(err, errsize, "cannot read %s: it is %s, not a file", path, what);
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(err, errsize, "cannot read %s: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

char *rm_in_read(const char *path, size_t limit, size_t *len, char *err, size_t errsize)
{
    FILE *f = rm_in_open(path, err, errsize);
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    bool too_big = false;
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n > limit) {
            too_big = true;
            break;
        }
        if (got == 0)
            break;
        if (n == cap) {
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int failed = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (!buf || failed || too_big) {
        if (!buf)
            snprintf(err, errsize, "cannot read %s: out of memory", path);
        else if (failed)
            snprintf(err, errsize, "cannot read %s: %s", path, strerror(failed));
        else
            snprintf(err, errsize, "cannot read %s: it is larger than the limit of %zu bytes", path,
                     limit);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
