/* test_files.c: the one output path and the one input path (files.h).
 *
 * Each case makes a folder of its own under TMPDIR, puts there what a
 * user (or an attacker) could have put at an output path, and checks that
 * nothing is written through it, that a failed write (a full disk,
 * stood in for by the file size limit, RLIMIT_FSIZE) leaves the earlier
 * file whole, and that reading never waits on a FIFO or a device. */
#include "helpers.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "files.h"

/* A new empty folder for one case; its path in DIR. */
static void new_folder(char dir[512])
{
    new_folder_named(dir, "files");
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* The text of PATH (at most 4095 bytes), or "" when it cannot be read. */
static const char *text_of(const char *path)
{
    static char buf[4096];
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    return buf;
}

/* The number of entries of DIR (but . and ..). */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void files__what_is_not_a_file__is_never_replaced_nor_written_through(void **state)
{
    (void)state;
    char dir[512], p[600], target[600], err[1024];
    new_folder(dir);
    snprintf(target, sizeof target, "%s/target", dir);
    put(target, "precious");
    /* a link to a file, a dangling link, a folder, a FIFO */
    snprintf(p, sizeof p, "%s/link", dir);
    assert_int_equal(symlink(target, p), 0);
    assert_int_equal(rm_out_check(p, NULL, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "symbolic link"));
    assert_int_equal(rm_out_write_file(p, NULL, true, "evil", 4, err, sizeof err), -1);
    assert_string_equal(text_of(target), "precious");
    snprintf(p, sizeof p, "%s/dangling", dir);
    assert_int_equal(symlink("nowhere-yet", p), 0);
    assert_int_equal(rm_out_write_file(p, NULL, true, "evil", 4, err, sizeof err), -1);
    char nowhere[600];
    snprintf(nowhere, sizeof nowhere, "%s/nowhere-yet", dir);
    assert_int_equal(access(nowhere, F_OK), -1);
    rm_out o;
    assert_int_equal(rm_out_append(&o, p, err, sizeof err), -1);
    assert_int_equal(access(nowhere, F_OK), -1);
    snprintf(p, sizeof p, "%s/folder", dir);
    assert_int_equal(mkdir(p, 0777), 0);
    assert_int_equal(rm_out_check(p, NULL, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "a folder"));
    snprintf(p, sizeof p, "%s/fifo", dir);
    assert_int_equal(mkfifo(p, 0666), 0);
    assert_int_equal(rm_out_check(p, NULL, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "a FIFO"));
    assert_int_equal(rm_out_append(&o, p, err, sizeof err), -1); /* (returns: no reader) */
    /* a device */
    assert_int_equal(rm_out_check("/dev/null", NULL, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "a device"));
    /* an empty path, a folder that is not there */
    assert_int_equal(rm_out_check("", NULL, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "''"));
    snprintf(p, sizeof p, "%s/no-such-folder/x", dir);
    assert_int_equal(rm_out_check(p, NULL, true, err, sizeof err), -1);
    assert_non_null(strstr(err, "No such file or directory"));
    remove_folder(p);
    snprintf(p, sizeof p, "%s/folder", dir);
    rmdir(p);
    remove_folder(dir);
}

static void files__an_existing_file__is_replaced_only_when_of_its_kind_or_forced(void **state)
{
    (void)state;
    char dir[512], p[600], err[1024];
    new_folder(dir);
    snprintf(p, sizeof p, "%s/notes.txt", dir);
    put(p, "my notes");
    assert_int_equal(rm_out_write_file(p, "[Game \"", false, "new", 3, err, sizeof err), -1);
    assert_non_null(strstr(err, "not replaced"));
    assert_string_equal(text_of(p), "my notes");
    put(p, "[Game \"x\"]\n");
    assert_int_equal(rm_out_write_file(p, "[Game \"", false, "[Game \"y\"]\n", 11, err, sizeof err), 0);
    assert_string_equal(text_of(p), "[Game \"y\"]\n");
    put(p, "my notes");
    assert_int_equal(rm_out_write_file(p, "[Game \"", true, "forced", 6, err, sizeof err), 0);
    assert_string_equal(text_of(p), "forced");
    /* an empty file is anyone's */
    put(p, "");
    assert_int_equal(rm_out_write_file(p, NULL, false, "new", 3, err, sizeof err), 0);
    assert_string_equal(text_of(p), "new");
    /* nothing but the file is left in the folder */
    assert_int_equal(entries(dir), 1);
    remove_folder(dir);
}

/* In a child limited to LIMIT bytes a file (a full disk's stand-in),
 * writes N bytes over PATH (with rm_out_write_file, or with FOLDER_SYNC
 * false opened with RM_OUT_NO_FOLDER_SYNC); the child's exit status is
 * 0 when the write failed with a message naming the path and the reason. */
static int write_past_limit_how(const char *path, rlim_t limit, size_t n, bool folder_sync)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl = { limit, limit };
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(3);
        char *data = malloc(n);
        if (!data)
            _exit(3);
        memset(data, 'x', n);
        char err[1024];
        int rc;
        rm_out o;
        if (folder_sync) {
            rc = rm_out_write_file(path, NULL, true, data, n, err, sizeof err);
        } else if ((rc = rm_out_open_flags(&o, path, NULL, true, RM_OUT_NO_FOLDER_SYNC, err,
                                           sizeof err)) == 0) {
            fwrite(data, 1, n, rm_out_stream(&o));
            rc = rm_out_commit(&o, err, sizeof err);
        }
        free(data);
        _exit(rc == -1 && strstr(err, path) && strstr(err, strerror(EFBIG)) ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

static int write_past_limit(const char *path, rlim_t limit, size_t n)
{
    return write_past_limit_how(path, limit, n, true);
}

static void files__a_write_that_fails__leaves_the_earlier_file_whole(void **state)
{
    (void)state;
    char dir[512], p[600];
    new_folder(dir);
    snprintf(p, sizeof p, "%s/page.html", dir);
    put(p, "the earlier page");
    /* a failure in the middle of the writes, and one at the last flush */
    assert_int_equal(write_past_limit(p, 65536, 200000), 0);
    assert_string_equal(text_of(p), "the earlier page");
    assert_int_equal(write_past_limit(p, 4096, 5000), 0);
    assert_string_equal(text_of(p), "the earlier page");
    assert_int_equal(entries(dir), 1); /* no temporary file left */
    remove_folder(dir);
}

/* RM_OUT_NO_FOLDER_SYNC: the same file, whole or not at all, with
 * the same checks; the folder's sync is the caller's (rm_sync_folder_of,
 * once after many files). */
static void files__a_commit_without_the_folder_sync__is_whole_or_nothing_as_ever(void **state)
{
    (void)state;
    char dir[512], p[600], link[600], target[600], err[1024];
    new_folder(dir);
    snprintf(p, sizeof p, "%s/a.tier", dir);
    put(p, "TIER earlier");
    rm_out o;
    /* a file of its kind replaced, nothing else left */
    assert_int_equal(rm_out_open_flags(&o, p, "TIER", false, RM_OUT_NO_FOLDER_SYNC, err, sizeof err), 0);
    fputs("TIER new", rm_out_stream(&o));
    assert_int_equal(rm_out_commit(&o, err, sizeof err), 0);
    assert_string_equal(text_of(p), "TIER new");
    assert_int_equal(entries(dir), 1);
    assert_int_equal(rm_sync_folder_of(p), 0);
    /* a write that fails: the earlier file whole, no temporary file */
    assert_int_equal(write_past_limit_how(p, 4096, 200000, false), 0);
    assert_string_equal(text_of(p), "TIER new");
    assert_int_equal(entries(dir), 1);
    /* a link put at the path since the open: not replaced, nothing
     * written through it */
    snprintf(link, sizeof link, "%s/b.tier", dir);
    snprintf(target, sizeof target, "%s/target", dir);
    assert_int_equal(rm_out_open_flags(&o, link, "TIER", false, RM_OUT_NO_FOLDER_SYNC, err, sizeof err), 0);
    fputs("TIER evil", rm_out_stream(&o));
    assert_int_equal(symlink(target, link), 0);
    assert_int_equal(rm_out_commit(&o, err, sizeof err), -1);
    assert_non_null(strstr(err, "symbolic link"));
    assert_int_equal(access(target, F_OK), -1);
    assert_int_equal(entries(dir), 2); /* the file and the link */
    remove_folder(dir);
}

static void files__temporaries_of_a_dead_process__are_removed_at_the_next_write(void **state)
{
    (void)state;
    char dir[512], p[600], stale[700], live[700], err[1024];
    new_folder(dir);
    snprintf(p, sizeof p, "%s/game.rec", dir);
    /* a process that ran and is gone */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(0);
    waitpid(pid, NULL, 0);
    snprintf(stale, sizeof stale, "%s.tmp-%ld-7", p, (long)pid);
    put(stale, "cut");
    snprintf(live, sizeof live, "%s.tmp-%ld-7", p, (long)getpid());
    put(live, "mine");
    /* another file's stale temporary in the same folder, and a name that
     * only looks like one */
    char other[700], lookalike[700];
    snprintf(other, sizeof other, "%s/001.svg.tmp-%ld-12", dir, (long)pid);
    put(other, "cut");
    snprintf(lookalike, sizeof lookalike, "%s/notes.tmp-%ld-12x", dir, (long)pid);
    put(lookalike, "mine");
    assert_int_equal(rm_out_write_file(p, NULL, false, "[Game", 5, err, sizeof err), 0);
    assert_int_equal(access(stale, F_OK), -1);
    assert_int_equal(access(other, F_OK), -1);
    assert_int_equal(access(live, F_OK), 0); /* a running process's is kept */
    assert_int_equal(access(lookalike, F_OK), 0);
    /* The folder is looked through once a process, not once a file (a
     * tournament's thousands of records): a stale file put there since
     * is left for the next process. */
    put(stale, "cut");
    assert_int_equal(rm_out_write_file(p, "[Game", false, "[Game", 5, err, sizeof err), 0);
    assert_int_equal(access(stale, F_OK), 0);
    unlink(stale);
    unlink(live);
    unlink(lookalike);
    remove_folder(dir);
}

static void files__appending__writes_at_the_end_and_syncs(void **state)
{
    (void)state;
    char dir[512], p[600], err[1024];
    new_folder(dir);
    snprintf(p, sizeof p, "%s/game.rec", dir);
    put(p, "head\n");
    rm_out o;
    assert_int_equal(rm_out_append(&o, p, err, sizeof err), 0);
    fputs("1. a1-a2\n", rm_out_stream(&o));
    assert_int_equal(rm_out_sync(&o, err, sizeof err), 0);
    assert_string_equal(text_of(p), "head\n1. a1-a2\n");
    fputs("2. a2-a3\n", rm_out_stream(&o));
    assert_int_equal(rm_out_commit(&o, err, sizeof err), 0);
    assert_string_equal(text_of(p), "head\n1. a1-a2\n2. a2-a3\n");
    remove_folder(dir);
}

/* In a child limited to LIMIT bytes a file, appends lines of 100 bytes to
 * PATH, each flushed, until a flush fails; then writes more lines and
 * commits (or, with ABORT_IT, aborts). The child's exit status is 0 when
 * the flush failed with a message naming the path and the reason, and the
 * later flush and the commit failed too. */
static int append_past_limit(const char *path, rlim_t limit, bool abort_it)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl = { limit, limit };
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(3);
        char err[1024], line[101];
        memset(line, 'x', 99);
        line[99] = '\n';
        line[100] = '\0';
        rm_out o;
        if (rm_out_append(&o, path, err, sizeof err) != 0)
            _exit(3);
        int rc;
        do {
            fputs(line, rm_out_stream(&o));
        } while ((rc = rm_out_flush(&o, err, sizeof err)) == 0);
        bool said = strstr(err, path) && strstr(err, strerror(EFBIG));
        /* nothing more is written, by a flush or at the close */
        fputs(line, rm_out_stream(&o));
        bool refused = rm_out_flush(&o, err, sizeof err) == -1;
        fputs(line, rm_out_stream(&o));
        if (abort_it) {
            rm_out_abort(&o);
            _exit(said && refused ? 0 : 1);
        }
        _exit(said && refused && rm_out_commit(&o, err, sizeof err) == -1 ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

static void files__an_appended_file_that_fails__ends_at_its_last_whole_flush(void **state)
{
    (void)state;
    char dir[512], p[600];
    new_folder(dir);
    snprintf(p, sizeof p, "%s/games.json", dir);
    /* the limit falls inside a line: its start was written, then cut */
    for (int abort_it = 0; abort_it < 2; abort_it++) {
        put(p, "head\n");
        assert_int_equal(append_past_limit(p, 4096, abort_it), 0);
        struct stat sb;
        assert_int_equal(stat(p, &sb), 0);
        assert_int_equal(sb.st_size, 5 + 40 * 100); /* the 40 whole lines below 4,096 bytes */
    }
    remove_folder(dir);
}

static void files__a_batch_of_files__is_written_whole_without_a_folder_sync_each(void **state)
{
    (void)state;
    char dir[512], p[600], err[1024];
    new_folder(dir);
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%03d.svg", dir, i);
        rm_out o;
        assert_int_equal(rm_out_open_flags(&o, p, "<?xml", false, RM_OUT_NO_FOLDER_SYNC, err,
                                           sizeof err),
                         0);
        fputs("<?xml picture", rm_out_stream(&o));
        assert_int_equal(rm_out_commit(&o, err, sizeof err), 0);
        assert_string_equal(text_of(p), "<?xml picture");
    }
    assert_int_equal(rm_sync_folder_of(p), 0);
    assert_int_equal(entries(dir), 3); /* no temporary file left */
    /* the checks are those of rm_out_open */
    snprintf(p, sizeof p, "%s/003.svg", dir);
    assert_int_equal(symlink("000.svg", p), 0);
    rm_out o;
    assert_int_equal(rm_out_open_flags(&o, p, "<?xml", true, RM_OUT_NO_FOLDER_SYNC, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "symbolic link"));
    unlink(p);
    remove_folder(dir);
}

static void files__reading__refuses_what_is_not_a_file_at_once(void **state)
{
    (void)state;
    char dir[512], p[600], err[1024];
    new_folder(dir);
    snprintf(p, sizeof p, "%s/fifo", dir);
    assert_int_equal(mkfifo(p, 0666), 0);
    /* no writer ever comes: a blocking open would wait for ever */
    alarm(10);
    assert_null(rm_in_open(p, err, sizeof err));
    alarm(0);
    assert_non_null(strstr(err, "a FIFO"));
    size_t n;
    assert_null(rm_in_read("/dev/zero", 1 << 20, &n, err, sizeof err));
    assert_non_null(strstr(err, "a device"));
    assert_null(rm_in_read(dir, 1 << 20, &n, err, sizeof err));
    assert_non_null(strstr(err, "a folder"));
    assert_null(rm_in_read("", 1 << 20, &n, err, sizeof err));
    assert_non_null(strstr(err, "''"));
    snprintf(p, sizeof p, "%s/missing", dir);
    assert_null(rm_in_read(p, 1 << 20, &n, err, sizeof err));
    assert_non_null(strstr(err, strerror(ENOENT)));
    /* a file, and one past the limit */
    snprintf(p, sizeof p, "%s/file", dir);
    put(p, "0123456789");
    char *text = rm_in_read(p, 10, &n, err, sizeof err);
    assert_non_null(text);
    assert_int_equal(n, 10);
    assert_string_equal(text, "0123456789");
    free(text);
    assert_null(rm_in_read(p, 9, &n, err, sizeof err));
    assert_non_null(strstr(err, "larger than the limit"));
    remove_folder(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(files__what_is_not_a_file__is_never_replaced_nor_written_through),
        cmocka_unit_test(files__an_existing_file__is_replaced_only_when_of_its_kind_or_forced),
        cmocka_unit_test(files__a_write_that_fails__leaves_the_earlier_file_whole),
        cmocka_unit_test(files__a_commit_without_the_folder_sync__is_whole_or_nothing_as_ever),
        cmocka_unit_test(files__temporaries_of_a_dead_process__are_removed_at_the_next_write),
        cmocka_unit_test(files__appending__writes_at_the_end_and_syncs),
        cmocka_unit_test(files__an_appended_file_that_fails__ends_at_its_last_whole_flush),
        cmocka_unit_test(files__a_batch_of_files__is_written_whole_without_a_folder_sync_each),
        cmocka_unit_test(files__reading__refuses_what_is_not_a_file_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
