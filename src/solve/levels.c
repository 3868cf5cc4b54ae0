/* levels.c: a solve by levels (rm_solve_levels, solve.h), on the ranks
 * of a job or in one process: the plan (the tiers' graph, found first),
 * the levels, and each level's tiers shared among the ranks. The ranks
 * talk only through rm_ranks (solve_mpi.c is the one file that knows
 * MPI), and pass the values through the database's folder: a rank writes
 * the tiers it solves there, and reads there the tiers they lead to.
 * Ranks that do not share the folder (each its own disk) are sent every
 * tier solved at a level's end, and write it into their own folder. */
#define _POSIX_C_SOURCE 200809L
#include "solve_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "files.h"

/* ---- one process alone ---- */

static bool alone_ok(bool ok)
{
    return ok;
}

static void *alone_gather(const void *mine, size_t n, size_t *total)
{
    void *all = malloc(n ? n : 1);
    if (all && n)
        memcpy(all, mine, n);
    *total = n;
    return all;
}

static bool alone_bcast(void *p, size_t n, int root)
{
    (void)p, (void)n, (void)root;
    return true;
}

static const rm_ranks alone = { 0, 1, alone_ok, alone_gather, alone_bcast };

/* ---- a buffer of bytes, for what the ranks tell each other ---- */

typedef struct bytes {
    uint8_t *p;
    size_t n, cap;
    bool failed;
} bytes;

static void put(bytes *b, const void *p, size_t n)
{
    if (n == 0)
        return; /* (P may be NULL: a tier that leads nowhere) */
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 4096;
        while (cap < b->n + n)
            cap *= 2;
        uint8_t *q = realloc(b->p, cap);
        if (!q) {
            b->failed = true;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, p, n);
    b->n += n;
}

/* Takes N bytes at *AT of ALL (LEN long) into P; false past the end. */
static bool take(const uint8_t *all, size_t len, size_t *at, void *p, size_t n)
{
    if (*at + n > len)
        return false;
    memcpy(p, all + *at, n);
    *at += n;
    return true;
}

/* ---- the plan ----
 *
 * The tiers are found from the start's, a layer at a time (the tiers
 * the tiers found last lead to), as a solve in one process finds them;
 * the positions of each tier of a layer are shared among the ranks,
 * each of which plays its share and tells the others the tiers their
 * turns lead to. The plan solver P keeps the tiers, laid out, with their
 * next tiers (in the order rank 0's positions find them, then rank 1's,
 * ...: the same on every rank), and no values. */

/* Adds KEY to the list *NEXT of *N tiers (room for *CAP) unless there. */
static bool add_key(tkey **next, int *n, int *cap, const tkey *key)
{
    for (int e = *n; e > 0; e--)
        if (memcmp(&(*next)[e - 1], key, sizeof *key) == 0)
            return true;
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 16;
        tkey *q = realloc(*next, (size_t)c * sizeof *q);
        if (!q)
            return false;
        *next = q;
        *cap = c;
    }
    (*next)[(*n)++] = *key;
    return true;
}

/* The tiers the turns of tier T's positions FROM .. TO lead to, as a
 * solve's forward pass finds them (a position that is over has no
 * turn), into *NEXT (*N of them, room for *CAP). */
static void find_next(rm_solver *p, const tier *t, uint64_t from, uint64_t to, tkey **next,
                      int *n, int *cap)
{
    rm_btally *tally = malloc(sizeof *tally);
    rm_turnlist l;
    rm_turnlist_init(&l);
    if (!tally) {
        fail(p, "out of memory");
        return;
    }
    size_t size = rm_bits_state_size(p->k);
    for (uint64_t i = from; i < to && !p->failed; i++) {
        if ((i & 0xFFFF) == 0 && halted(p))
            break;
        u128 sets[MAXS];
        rm_bstate bs, child;
        rm_state st;
        int side = position_at(p, t, i, sets);
        if (side < 0)
            continue;
        make_state(p, t, sets, side, &bs);
        int r = rm_bits_result(p->g, p->k, &bs, NULL, tally, &l, &st, NULL);
        if (r == RM_FAILED) {
            char why[160];
            fail(p, "a position of tier %s cannot be listed: %s", t->name,
                 rm_turns_failure(&l, why, sizeof why));
            break;
        }
        if (r != RM_ONGOING)
            continue;
        int turns = turn_count(tally, &l);
        for (int j = 0; j < turns; j++) {
            play_turn(p, size, &bs, tally, &l, &st, j, &child);
            tkey ck;
            key_of(p, &child, &ck);
            if (memcmp(&ck, &t->key, sizeof ck) != 0 && !add_key(next, n, cap, &ck)) {
                fail(p, "out of memory");
                break;
            }
        }
    }
    free(tally);
    rm_turnlist_free(&l);
}

/* Adds the tier KEY to the plan (when new), laid out. */
static void plan_add(rm_solver *p, const tkey *key)
{
    if (find_tier(p, key))
        return;
    tier *t = calloc(1, sizeof *t);
    if (t)
        t->key = *key;
    if (!t || add_tier(p, t) != 0) {
        free(t);
        fail(p, "out of memory");
        return;
    }
    if (!lay_out(p, t))
        fail(p, "tier %s has %.3Lg positions, more than a tier may (%llu); see rimau solve "
                "--estimate",
             t->name, t->want, (unsigned long long)MAX_TIER);
}

/* This rank's share of the positions of each tier FROM .. TO: for each,
 * its index, the seconds it took, and the tiers it leads to, into B. */
static void plan_share(rm_solver *p, const rm_ranks *r, int from, int to, bytes *b)
{
    tkey *next = NULL;
    int cap = 0;
    for (int i = from; i < to && !p->failed; i++) {
        const tier *t = p->tiers[i];
        int n = 0;
        double t0 = rm_seconds();
        find_next(p, t, t->size * (uint64_t)r->rank / (uint64_t)r->size,
                  t->size * (uint64_t)(r->rank + 1) / (uint64_t)r->size, &next, &n, &cap);
        double secs = rm_seconds() - t0;
        uint32_t head[2] = { (uint32_t)i, (uint32_t)n };
        put(b, head, sizeof head);
        put(b, &secs, sizeof secs);
        put(b, next, (size_t)n * sizeof *next);
    }
    free(next);
    if (b->failed)
        fail(p, "out of memory");
}

/* One layer of the plan, the tiers FROM .. TO: each rank finds the next
 * tiers of its share, and all learn every one's; then the tiers found
 * are added. False when a rank failed. */
static bool plan_layer(rm_solver *p, const rm_ranks *r, int from, int to, rm_plan_tier *info)
{
    bytes mine = { 0 };
    plan_share(p, r, from, to, &mine);
    bool ok = r->all_ok(!p->failed);
    size_t len = 0;
    uint8_t *all = ok ? r->all_gather(mine.p, mine.n, &len) : NULL;
    free(mine.p);
    if (ok && !all)
        fail(p, "out of memory");
    ok = ok && r->all_ok(!p->failed);
    int *cap = ok ? calloc((size_t)(to - from), sizeof *cap) : NULL;
    if (ok && !cap)
        fail(p, "out of memory");
    for (size_t at = 0; cap && at < len && !p->failed;) {
        uint32_t head[2];
        double secs;
        take(all, len, &at, head, sizeof head);
        take(all, len, &at, &secs, sizeof secs);
        tier *t = p->tiers[head[0]];
        info[head[0]].plan_seconds += secs;
        for (uint32_t e = 0; e < head[1] && !p->failed; e++) {
            tkey key;
            take(all, len, &at, &key, sizeof key);
            if (!add_key(&t->next, &t->nnext, &cap[head[0] - (uint32_t)from], &key))
                fail(p, "out of memory");
        }
    }
    free(cap);
    free(all);
    /* the next layer: the tiers found, in the order of the tiers that
     * lead to them, the same on every rank */
    for (int i = from; ok && i < to; i++)
        for (int e = 0; e < p->tiers[i]->nnext && !p->failed; e++)
            plan_add(p, &p->tiers[i]->next[e]);
    return ok;
}

/* ---- the levels ---- */

/* The level of tier I of the plan (0: it leads to no tier), from those
 * of its next tiers: LEVEL[i] -1 not yet known, -2 being found (a
 * circle, which tiers never make). */
static int level_of(rm_solver *p, int i, int *level)
{
    if (level[i] >= 0 || level[i] == -2)
        return level[i];
    level[i] = -2;
    int most = -1;
    tier *t = p->tiers[i];
    for (int e = 0; e < t->nnext; e++) {
        const tier *n = find_tier(p, &t->next[e]);
        int j = 0;
        while (j < p->ntiers && p->tiers[j] != n)
            j++;
        int l = j < p->ntiers ? level_of(p, j, level) : -2;
        if (l == -2) {
            fail(p, "internal error: tier %s leads back to itself", t->name);
            return -2;
        }
        if (l > most)
            most = l;
    }
    return level[i] = most + 1;
}

/* The rank that solves each tier of a level: the largest first, each to
 * the rank with the fewest positions so far (the lowest of equals). */
static void share_level(rm_plan_tier *info, int ntiers, int lv, int nranks, int *order,
                        uint64_t *load)
{
    int n = 0;
    for (int i = 0; i < ntiers; i++)
        if (info[i].level == lv)
            order[n++] = i;
    /* (insertion: a level holds few tiers; equals keep the plan's order) */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && info[order[b]].positions > info[order[b - 1]].positions; b--) {
            int x = order[b];
            order[b] = order[b - 1];
            order[b - 1] = x;
        }
    memset(load, 0, (size_t)nranks * sizeof *load);
    for (int a = 0; a < n; a++) {
        int least = 0;
        for (int k = 1; k < nranks; k++)
            if (load[k] < load[least])
                least = k;
        info[order[a]].rank = least;
        load[least] += info[order[a]].positions;
    }
}

/* ---- the values sent, where the ranks share no folder ---- */

enum { PIECE = 16 << 20 }; /* (bytes of a tier's file sent at once) */

/* Rank FROM's file of tier KEY, sent to every rank, and written into
 * its folder by the ranks that WANT it (whole or not at all: the file
 * is renamed into place once every rank had every byte). False when a
 * rank failed. */
static bool pass_tier(rm_solver *s, const rm_ranks *r, const tkey *key, int from, bool want)
{
    char path[4200], err[4400];
    key_path(s, key, path, sizeof path);
    uint64_t len = 0;
    int fd = -1;
    struct stat sb;
    if (r->rank == from) {
        fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &sb) != 0)
            fail(s, "cannot read %s: %s", path, strerror(errno));
        else
            len = (uint64_t)sb.st_size;
    }
    rm_out o;
    bool writing = false;
    uint8_t *buf = malloc(PIECE);
    if (!buf)
        fail(s, "out of memory");
    else if (want && rm_out_open_flags(&o, path, DB_MAGIC, false, RM_OUT_NO_FOLDER_SYNC, err,
                                       sizeof err) != 0)
        fail(s, "%s", err);
    else
        writing = want;
    bool ok = r->all_ok(!s->failed) && r->bcast(&len, sizeof len, from);
    for (uint64_t at = 0; ok && at < len;) {
        size_t n = len - at < PIECE ? (size_t)(len - at) : PIECE;
        /* (a rank that cannot read still sends as much, and fails after) */
        if (r->rank == from && !s->failed && pread(fd, buf, n, (off_t)at) != (ssize_t)n)
            fail(s, "cannot read %s: %s", path, errno ? strerror(errno) : "it was cut short");
        ok = r->bcast(buf, n, from);
        if (ok && writing)
            fwrite(buf, 1, n, rm_out_stream(&o));
        at += n;
    }
    ok = r->all_ok(ok && !s->failed);
    if (writing && !ok)
        rm_out_abort(&o);
    else if (writing && rm_out_commit(&o, err, sizeof err) != 0)
        fail(s, "%s", err);
    else if (writing)
        s->unsynced = true;
    if (fd >= 0)
        close(fd);
    free(buf);
    return r->all_ok(ok && !s->failed);
}

/* The tiers of level LV, from the ranks that solved them to the ranks
 * that write a folder of their own (LEADS) and lack them. False when a
 * rank failed. */
static bool pass_level(rm_solver *s, const rm_solver *p, const rm_ranks *r,
                       const rm_plan_tier *info, int lv, bool leads)
{
    int n = 0;
    for (int i = 0; i < p->ntiers; i++)
        n += info[i].level == lv;
    uint8_t *lack = malloc(n ? (size_t)n : 1);
    if (!lack)
        fail(s, "out of memory");
    for (int i = 0, e = 0; lack && i < p->ntiers; i++) {
        if (info[i].level != lv)
            continue;
        char path[4200];
        key_path(s, &p->tiers[i]->key, path, sizeof path);
        lack[e++] = leads && access(path, F_OK) != 0;
    }
    bool ok = r->all_ok(!s->failed);
    size_t len = 0;
    uint8_t *all = ok ? r->all_gather(lack, (size_t)n, &len) : NULL;
    ok = r->all_ok(ok && all && len == (size_t)n * (size_t)r->size);
    for (int i = 0, e = 0; ok && i < p->ntiers; i++) {
        if (info[i].level != lv)
            continue;
        bool any = false;
        for (int k = 0; k < r->size; k++)
            any = any || all[(size_t)k * (size_t)n + (size_t)e];
        if (any)
            ok = pass_tier(s, r, &p->tiers[i]->key, info[i].rank, lack[e]);
        e++;
    }
    free(lack);
    free(all);
    sync_folder(s);
    return r->all_ok(ok && !s->failed);
}

/* Solves this rank's tiers of each level in turn; false when a rank
 * failed. LEADS: NULL where the ranks share one folder; else whether
 * this rank writes into its folder what the ranks of another solved. */
static bool solve_levels(rm_solver *s, const rm_solver *p, const rm_ranks *r, rm_plan_tier *info,
                         int nlevels, const bool *leads)
{
    bool ok = true;
    for (int lv = 0; lv < nlevels && ok; lv++) {
        for (int i = 0; i < p->ntiers && !s->failed; i++) {
            if (info[i].level != lv || info[i].rank != r->rank)
                continue;
            double t0 = rm_seconds();
            if (!find_tier(s, &p->tiers[i]->key)) {
                s->own = &p->tiers[i]->key;
                solve_key(s, &p->tiers[i]->key);
                s->own = NULL;
            }
            info[i].seconds = rm_seconds() - t0;
        }
        /* (the level's tiers are all in the folder before any is read) */
        sync_folder(s);
        ok = r->all_ok(!s->failed) && (!leads || pass_level(s, p, r, info, lv, *leads));
    }
    return ok;
}

/* Every rank's seconds of its tiers, into INFO on every rank. */
static bool gather_seconds(rm_solver *s, const rm_ranks *r, rm_plan_tier *info, int ntiers)
{
    bytes mine = { 0 };
    for (int i = 0; i < ntiers; i++)
        if (info[i].rank == r->rank) {
            uint32_t at = (uint32_t)i;
            put(&mine, &at, sizeof at);
            put(&mine, &info[i].seconds, sizeof info[i].seconds);
        }
    bool ok = r->all_ok(!mine.failed);
    size_t len = 0;
    uint8_t *all = ok ? r->all_gather(mine.p, mine.n, &len) : NULL;
    free(mine.p);
    for (size_t at = 0; all && at < len;) {
        uint32_t i;
        double secs;
        if (!take(all, len, &at, &i, sizeof i) || !take(all, len, &at, &secs, sizeof secs))
            break;
        info[i].seconds = secs;
    }
    if (ok && !all)
        fail(s, "out of memory");
    free(all);
    return r->all_ok(ok && !s->failed);
}

/* Takes the folder's lock for the ranks that share it. */
static void lock_folder(rm_solver *p)
{
    pthread_mutex_lock(&db_mutex);
    p->db_held = true;
    if (lock_open(p))
        lock_take(p, F_WRLCK);
}

/* Makes the folder when missing; false, with P failed, when it cannot
 * be had or is not a folder. */
static bool have_folder(rm_solver *p)
{
    struct stat sb;
    if (mkdir(p->o.db, 0777) != 0 && errno != EEXIST)
        fail(p, "cannot make the folder %s: %s", p->o.db, strerror(errno));
    else if (stat(p->o.db, &sb) != 0 || !S_ISDIR(sb.st_mode))
        fail(p, "cannot use %s as the database's folder: it is not a folder", p->o.db);
    return !p->failed;
}

/* Rank 0: makes the folder and takes its lock; every rank: has the
 * folder (made when missing), and learns which ranks share it: each puts
 * a file of its own there, and the lowest rank whose file a rank sees
 * leads its folder (*LEADS, taking the lock when not rank 0: it writes
 * what the ranks of other folders solve); *ONE: the job's ranks share
 * one folder. False when a rank failed. */
static bool open_folder(rm_solver *p, const rm_ranks *r, bool *leads, bool *one)
{
    *leads = r->rank == 0;
    *one = true;
    if (r->rank == 0 && have_folder(p))
        lock_folder(p);
    if (r->size == 1 || !r->all_ok(!p->failed))
        return r->size == 1 && !p->failed;
    /* (the job's name for its files: rank 0's process and clock) */
    char job[48] = { 0 };
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    snprintf(job, sizeof job, "%ld-%lld%09ld", (long)getpid(), (long long)ts.tv_sec, ts.tv_nsec);
    if (!r->bcast(job, sizeof job, 0))
        return false;
    job[sizeof job - 1] = 0;
    char mine[4200], theirs[4200];
    snprintf(mine, sizeof mine, "%s/.rank-%s-%d", p->o.db, job, r->rank);
    int fd = r->rank == 0 || have_folder(p)
                 ? open(mine, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666)
                 : -1;
    if (fd < 0 && !p->failed)
        fail(p, "cannot write into %s: %s", p->o.db, strerror(errno));
    if (fd >= 0)
        close(fd);
    /* (each rank looks once every rank has made its file, and the files
     * go once every rank has looked) */
    bool ok = r->all_ok(!p->failed);
    int first = 0;
    for (; ok && first < r->rank; first++) {
        snprintf(theirs, sizeof theirs, "%s/.rank-%s-%d", p->o.db, job, first);
        if (access(theirs, F_OK) == 0)
            break;
    }
    ok = r->all_ok(ok);
    if (fd >= 0)
        unlink(mine);
    *leads = first == r->rank;
    if (ok && *leads && r->rank != 0)
        lock_folder(p);
    ok = r->all_ok(ok && !p->failed);
    *one = ok && r->all_ok(!*leads || r->rank == 0);
    return ok;
}

int rm_solve_levels(const rm_game *g, const rm_solve_options *o, const rm_ranks *ranks,
                    rm_plan *plan, char *err, size_t errsize)
{
    const rm_ranks *r = ranks ? ranks : &alone;
    double started = rm_seconds();
    err[0] = 0;
    if (plan)
        memset(plan, 0, sizeof *plan);
    if (!o->db || o->read_only) {
        snprintf(err, errsize, "a solve by levels needs a database folder to write into");
        return -1;
    }
    if (strlen(o->db) > 4000) {
        snprintf(err, errsize, "the path of the folder %.40s... is too long", o->db);
        return -1;
    }
    /* (the rank's progress: its own tiers; the plan's solver none) */
    rm_solve_options po = *o;
    po.progress = NULL;
    rm_solver *p = new_solver(g, &po, err, errsize);
    if (!p)
        return -1; /* (every rank alike: the game is refused) */
    rm_plan_tier *info = NULL;
    rm_solver *s = NULL;
    int nlayers = 0, nlevels = 0;
    bool leads = false, one = true;
    bool ok = open_folder(p, r, &leads, &one);
    double planned = started;
    if (ok) {
        tkey key;
        root_key(p, &key);
        plan_add(p, &key);
        /* (INFO grows with the tiers found: at most twice, for each layer) */
        int cap = 0;
        for (int from = 0;; nlayers++) {
            int to = p->ntiers;
            if (!(ok = r->all_ok(!p->failed)) || from == to)
                break;
            if (to > cap) {
                int c = 2 * to;
                rm_plan_tier *q = realloc(info, (size_t)c * sizeof *q);
                if (!q) {
                    fail(p, "out of memory");
                    continue; /* (every rank learns it at the top) */
                }
                memset(q + cap, 0, (size_t)(c - cap) * sizeof *q);
                info = q;
                cap = c;
            }
            for (int i = from; i < to; i++)
                info[i].layer = nlayers;
            if (!(ok = plan_layer(p, r, from, to, info)))
                break;
            from = to;
        }
    }
    planned = rm_seconds();
    int *order = NULL;
    uint64_t *load = NULL;
    if (ok) {
        /* the levels, and the rank of each tier */
        int *level = malloc((size_t)p->ntiers * sizeof *level);
        order = malloc((size_t)p->ntiers * sizeof *order);
        load = malloc((size_t)r->size * sizeof *load);
        if (!level || !order || !load)
            fail(p, "out of memory");
        for (int i = 0; level && i < p->ntiers; i++)
            level[i] = -1;
        for (int i = 0; level && i < p->ntiers && !p->failed; i++)
            level_of(p, i, level);
        for (int i = 0; level && i < p->ntiers && !p->failed; i++) {
            info[i].level = level[i];
            info[i].positions = p->tiers[i]->size;
            if (level[i] + 1 > nlevels)
                nlevels = level[i] + 1;
        }
        free(level);
        for (int lv = 0; lv < nlevels && !p->failed; lv++)
            share_level(info, p->ntiers, lv, r->size, order, load);
        ok = !p->failed;
    }
    free(order);
    free(load);
    ok = r->all_ok(ok);
    if (ok) {
        s = new_solver(g, o, err, errsize);
        if (s) {
            s->by_levels = true;
            lock_shared(s);
        }
        ok = r->all_ok(s != NULL) && solve_levels(s, p, r, info, nlevels, one ? NULL : &leads) &&
             gather_seconds(s, r, info, p->ntiers);
    }
    /* (ERR: the first failure's message on the rank that failed, the
     * plan's or the solve's; empty on the others) */
    if (plan && ok) {
        plan->ranks = r->size;
        plan->ntiers = p->ntiers;
        plan->nlayers = nlayers;
        plan->nlevels = nlevels;
        plan->tiers = info;
        plan->plan_seconds = planned - started;
        plan->seconds = rm_seconds() - planned;
        info = NULL;
    }
    free(info);
    rm_solver_free(s);
    rm_solver_free(p); /* (rank 0: lets go of the folder's lock) */
    return ok ? 0 : -1;
}

/* ---- what N ranks would take ---- */

/* The seconds the tiers of level LV take on N ranks: the longest
 * first, each to the rank with least to do so far; the most one rank
 * gets. */
static double makespan(const rm_plan *pl, int lv, int n, double *load, int *order)
{
    int m = 0;
    for (int i = 0; i < pl->ntiers; i++)
        if (pl->tiers[i].level == lv)
            order[m++] = i;
    for (int a = 1; a < m; a++)
        for (int b = a; b > 0 && pl->tiers[order[b]].seconds > pl->tiers[order[b - 1]].seconds;
             b--) {
            int x = order[b];
            order[b] = order[b - 1];
            order[b - 1] = x;
        }
    for (int k = 0; k < n; k++)
        load[k] = 0;
    double most = 0;
    for (int a = 0; a < m; a++) {
        int least = 0;
        for (int k = 1; k < n; k++)
            if (load[k] < load[least])
                least = k;
        load[least] += pl->tiers[order[a]].seconds;
        if (load[least] > most)
            most = load[least];
    }
    return most;
}

double rm_plan_projected(const rm_plan *pl, int n)
{
    if (n < 1 || pl->ntiers == 0)
        return 0;
    /* (the plan: every tier's positions shared among the N) */
    double total = 0;
    for (int i = 0; i < pl->ntiers; i++)
        total += pl->tiers[i].plan_seconds / n;
    int k = n < pl->ntiers ? n : pl->ntiers; /* (more ranks than tiers: some idle) */
    double *load = malloc((size_t)k * sizeof *load);
    int *order = malloc((size_t)pl->ntiers * sizeof *order);
    for (int lv = 0; load && order && lv < pl->nlevels; lv++)
        total += makespan(pl, lv, k, load, order);
    if (!load || !order)
        total = -1;
    free(load);
    free(order);
    return total;
}

void rm_plan_free(rm_plan *pl)
{
    free(pl->tiers);
    memset(pl, 0, sizeof *pl);
}
