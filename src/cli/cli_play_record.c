/* cli_play_record.c: the record rimau play keeps of its game (--save,
 * --resume): a live record, each turn added to its end as it is played
 * and made durable, written whole again after an undo, and once at the
 * end of the game (at a terminal, another file offered when it cannot
 * be written), with the signals that would cut a whole write held. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_play_impl.h"

/* What a record of O's game says beside its turns. */
rm_record_info play_record_info(const struct play_opts *o, int result, const char *why)
{
    return (rm_record_info){ o->file, &o->choices, { o->player_text[0], o->player_text[1] },
                             result, why };
}

/* While a record is written whole, a kill by SIGTERM, SIGHUP, SIGQUIT or
 * Ctrl-C waits for the write to end (its temporary file renamed into
 * place or removed): only SIGKILL can leave a temporary file, and the next
 * write of the same record removes it (rm_out_open). */
static void hold_signals(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGQUIT);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

static void release_signals(const sigset_t *old)
{
    pthread_sigmask(SIG_SETMASK, old, NULL);
}

int play_save_whole(const char *path, const rm_match *m, const rm_record_info *info, char *err,
                    size_t errsize)
{
    sigset_t old;
    hold_signals(&old);
    int rc = rm_record_save(path, m, info, err, errsize);
    release_signals(&old);
    return rc;
}

/* Closes the live record, as it is (its turns are on disk already). */
static void live_close(struct play_opts *o)
{
    if (!o->live_open)
        return;
    char err[512];
    /* (a failure here loses nothing: the record is written whole next) */
    (void)rm_out_commit(&o->live, err, sizeof err);
    o->live_open = false;
}

/* Is PATH the file the live record is open on (another name of it, say)? */
bool play_is_live_file(const struct play_opts *o, const char *path)
{
    struct stat a, b;
    return o->live_open && stat(path, &a) == 0 && fstat(o->live.fd, &b) == 0 &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int play_save_record(struct play_opts *o, rm_match *m, int result)
{
    if (!o->save)
        return 0;
    live_close(o);
    char err[512], other[MAX_LINE + 1];
    rm_record_info info = play_record_info(o, result, m->why);
    const char *path = o->save;
    bool tty = o->in == stdin && isatty(STDIN_FILENO);
    while ((path != o->save && cli_output_ok(path, CLI_OUT_RECORD, o->force, err, sizeof err) != 0) ||
           play_save_whole(path, m, &info, err, sizeof err) != 0) {
        fprintf(stderr, "rimau play: %s\n", err);
        /* At a terminal, the game is not lost: offer another place. */
        if (tty) {
            printf("save the record to another file (an empty line: do not save)? ");
            fflush(stdout);
            if (play_read_line(o->in, other, sizeof other) == 1 && other[0]) {
                path = other;
                continue;
            }
        }
        fprintf(stderr, "rimau play: the game is not saved; its turns:");
        for (int i = 0; i < m->n; i++)
            fprintf(stderr, " %d. %s", i + 1, m->texts[i]);
        fputc('\n', stderr);
        return EXIT_INVALID;
    }
    if (!o->quiet)
        printf("saved the record to %s\n", path);
    return 0;
}

/* Keeps the record at O->save up to date as the game is played, so that a
 * game whose process is killed leaves a record of every turn played: a
 * turn is added at the end of the live record (one line, made durable,
 * whatever the game's length); the record is written whole (a live
 * record, through a temporary file renamed into place) when it is not
 * open yet or no longer holds the game's turns (REWRITE: after an undo).
 * Says so once when it cannot; the game goes on, a whole write is tried
 * again when the game's turns have doubled, and at the end (play_save_record).
 * Returns -1 when it cannot. */
int play_save_progress(struct play_opts *o, const rm_match *m, bool rewrite)
{
    if (!o->save)
        return 0;
    char err[512];
    if (o->live_open && !rewrite) {
        if (m->n == o->live_n)
            return 0;
        if (m->n == o->live_n + 1) {
            if (rm_record_append(&o->live, m->n, m->texts[m->n - 1], err, sizeof err) == 0) {
                o->live_n = m->n;
                return 0;
            }
            rm_out_abort(&o->live);
            o->live_open = false;
            goto failed;
        }
    }
    if (o->save_failed && m->n < o->retry_at)
        return -1;
    live_close(o);
    rm_record_info info = play_record_info(o, RM_ONGOING, "");
    sigset_t old;
    hold_signals(&old);
    int rc = rm_record_start(&o->live, o->save, m, &info, err, sizeof err);
    release_signals(&old);
    if (rc == 0) {
        o->live_open = true;
        o->live_n = m->n;
        if (o->save_failed)
            fprintf(stderr, "rimau play: the record is saved to %s again (%d turn%s)\n",
                    o->save, m->n, CLI_S(m->n));
        o->save_failed = false;
        return 0;
    }
failed:
    if (!o->save_failed)
        fprintf(stderr, "rimau play: %s%s\n", err,
                m->n > 0 ? " (the game goes on; it is saved when it can be, and at its end)" : "");
    o->save_failed = true;
    o->retry_at = m->n > 0 ? 2 * m->n : 1;
    return -1;
}
