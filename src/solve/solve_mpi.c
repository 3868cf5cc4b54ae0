/* solve_mpi.c: the ranks of an MPI job (rm_ranks, solve.h), the one
 * file of rimau that calls MPI. It is in the program alone, not in the
 * library the tests and the web page link: a build without MPI (or a
 * compile without its headers, as the fuzz targets') keeps the same
 * functions, which then only say that this rimau cannot run under
 * mpirun. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solve.h"

/* Whether mpirun (Open MPI's, or another's through PMI) started this
 * process: a rimau started by hand stays one process, without MPI_Init
 * (which, alone, can start helpers and take seconds). */
static bool under_mpirun(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_RANK") || getenv("PMIX_RANK");
}

#if defined(HAVE_MPI) && defined(__has_include)
#if __has_include(<mpi.h>)
#define WITH_MPI 1
#endif
#endif

#ifdef WITH_MPI
#include <mpi.h>

static rm_ranks job;
static bool started;

/* Waits for the collective R, asleep between looks: Open MPI's own wait
 * spins, and a rank that waits at a level's end for another would take
 * a core from the ranks still solving (two ranks on two cores took twice
 * the processor time of one). A look a millisecond at first, then up to
 * every 20 ms: a tier takes far longer. */
static int wait_for(MPI_Request *r)
{
    long ns = 1000000;
    for (;;) {
        int done = 0;
        int rc = MPI_Test(r, &done, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || done)
            return rc;
        struct timespec ts = { 0, ns };
        nanosleep(&ts, NULL);
        if (ns < 20000000)
            ns += ns / 2;
    }
}

static bool mpi_all_ok(bool ok)
{
    int mine = ok, all = 0;
    MPI_Request r;
    if (MPI_Iallreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &r) != MPI_SUCCESS ||
        wait_for(&r) != MPI_SUCCESS)
        return false;
    return all != 0;
}

/* (MPI counts in int: what a rank says of its tiers is far below 2 GiB) */
static void *mpi_all_gather(const void *mine, size_t n, size_t *total)
{
    int size = job.size, count = n > (size_t)INT32_MAX ? -1 : (int)n;
    int *counts = malloc((size_t)size * sizeof *counts);
    int *at = malloc((size_t)size * sizeof *at);
    char *all = NULL;
    *total = 0;
    int bad = !counts || !at || count < 0, any_bad = 1;
    MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!any_bad &&
        MPI_Allgather(&count, 1, MPI_INT, counts, 1, MPI_INT, MPI_COMM_WORLD) == MPI_SUCCESS) {
        size_t sum = 0;
        for (int k = 0; k < size; k++) {
            at[k] = (int)sum;
            sum += (size_t)counts[k];
        }
        all = sum <= (size_t)INT32_MAX ? malloc(sum ? sum : 1) : NULL;
        /* (every rank takes part, with or without room: a rank that
         * failed then returns NULL alone, and the next all_ok says so) */
        char scratch[1];
        if (MPI_Allgatherv(mine, count, MPI_BYTE, all ? all : scratch, all ? counts : NULL,
                           all ? at : NULL, MPI_BYTE, MPI_COMM_WORLD) != MPI_SUCCESS) {
            free(all);
            all = NULL;
        }
        *total = sum;
    }
    free(counts);
    free(at);
    return all;
}

/* (in pieces of at most 1 GiB: MPI counts in int) */
static bool mpi_bcast(void *p, size_t n, int root)
{
    for (size_t at = 0; at < n;) {
        int piece = n - at > ((size_t)1 << 30) ? 1 << 30 : (int)(n - at);
        MPI_Request r;
        if (MPI_Ibcast((char *)p + at, piece, MPI_BYTE, root, MPI_COMM_WORLD, &r) != MPI_SUCCESS ||
            wait_for(&r) != MPI_SUCCESS)
            return false;
        at += (size_t)piece;
    }
    return true;
}

const rm_ranks *rm_mpi_start(char *err, size_t errsize)
{
    err[0] = 0;
    if (!under_mpirun())
        return NULL;
    if (!started) {
        if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
            snprintf(err, errsize, "MPI_Init failed");
            return NULL;
        }
        started = true;
        MPI_Comm_rank(MPI_COMM_WORLD, &job.rank);
        MPI_Comm_size(MPI_COMM_WORLD, &job.size);
        job.all_ok = mpi_all_ok;
        job.all_gather = mpi_all_gather;
        job.bcast = mpi_bcast;
    }
    return &job;
}

void rm_mpi_end(void)
{
    if (started)
        MPI_Finalize();
    started = false;
}

#else

const rm_ranks *rm_mpi_start(char *err, size_t errsize)
{
    err[0] = 0;
    if (under_mpirun())
        snprintf(err, errsize, "this rimau was built without MPI, and cannot share a solve among "
                               "the ranks of mpirun: build it with Open MPI (./bootstrap --mpi)");
    return NULL;
}

void rm_mpi_end(void)
{
}

#endif
