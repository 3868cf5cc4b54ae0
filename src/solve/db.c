/* db.c: the database of a solve with --db DIR (see solve.h): the format
 * of a tier's file, the lock of the folder, and writing and reading a
 * tier. */
#define _POSIX_C_SOURCE 200809L
#include "solve_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "moves.h"

/* ---- the database ----
 *
 * Tier T of a solve with --db DIR is the file DIR/KEY.tier (KEY: T's key
 * in hex), in the byte order of the machine that wrote it:
 *
 *   the header (db_header)     what it solves: the game, its options, a
 *                              digest of the rules, the tier; its totals
 *   the tiers it leads to      nnext keys
 *   the values                 2 bits a position
 *   the distances              DIST_WIDTH bytes a position: 2, or 1 where
 *                              every distance is below 256, or none where
 *                              all are 0 (a tier over by its pieces);
 *                              formats 1 and 2 had always 2
 *   the checksum               8 bytes: the CRC-64 of every byte before it
 *
 * It is written through files.h: a temporary file of its own beside it,
 * synced and renamed into place, so that it is whole or absent. A file is
 * read in this order: its first bytes (DB_MAGIC), its format, its length
 * against the one its header gives, its checksum, and only then what its
 * header says (the game, the rules, the tier), then its totals against
 * its values. So a change of any byte is "damaged", never read.
 *
 * The checksum is CRC-64 with the polynomial of ECMA-182, bits reflected,
 * as xz's (its check value, of "123456789": 0x995dc9bbdf1939fa), eight
 * bytes at a time. The polynomial is (x+1)^2 times primitive polynomials
 * of degrees 15, 15, 15 and 17: it detects every change of an odd number
 * of bits, every change within 64 bits in a row, and every change of two
 * bits fewer than 8,589,606,914 bits (about 1 GB) apart; another change
 * passes with a chance of 2^-64. FNV-1a, the checksum of format 1 (over
 * the values alone), is certain only of a change within one byte, and
 * runs at half the speed.
 */

#define DB_LOCK ".lock"           /* the lock file of a database's folder */
#define DB_MAX_NEXT (1 << 20)      /* tiers one tier may lead to, as read */
#define FNV_BASIS 0xcbf29ce484222325ull

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t crc_table[8][256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

/* The tables of CRC-64 eight bytes at a time: crc_table[0][b] is the CRC
 * of byte B (with the register zero), crc_table[k][b] that of byte B
 * followed by K zero bytes. */
static void crc_init(void)
{
    for (int b = 0; b < 256; b++) {
        uint64_t c = (uint64_t)b;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? c >> 1 ^ 0xC96C5795D7870F42ull : c >> 1;
        crc_table[0][b] = c;
    }
    for (int k = 1; k < 8; k++)
        for (int b = 0; b < 256; b++)
            crc_table[k][b] = crc_table[k - 1][b] >> 8 ^ crc_table[0][crc_table[k - 1][b] & 0xFF];
}

/* The 8 bytes at P as a number, the first the lowest. */
static inline uint64_t load_le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

/* The CRC-64 of the N bytes at P following bytes whose CRC-64 is CRC (0
 * for none): crc64(crc64(0, a), b) is the CRC of a then b. */
static uint64_t crc64(uint64_t crc, const void *p, size_t n)
{
    pthread_once(&crc_once, crc_init);
    const uint8_t *b = p;
    uint64_t c = ~crc;
    for (; n > 0 && ((uintptr_t)b & 7) != 0; n--)
        c = crc_table[0][(c ^ *b++) & 0xFF] ^ c >> 8;
    for (; n >= 8; n -= 8, b += 8) {
        c ^= load_le64(b);
        c = crc_table[7][c & 0xFF] ^ crc_table[6][c >> 8 & 0xFF] ^ crc_table[5][c >> 16 & 0xFF] ^
            crc_table[4][c >> 24 & 0xFF] ^ crc_table[3][c >> 32 & 0xFF] ^
            crc_table[2][c >> 40 & 0xFF] ^ crc_table[1][c >> 48 & 0xFF] ^ crc_table[0][c >> 56];
    }
    for (; n > 0; n--)
        c = crc_table[0][(c ^ *b++) & 0xFF] ^ c >> 8;
    return ~c;
}

/* The words of an action (moves.h) that rules_digest signs by their
 * fields, one by one; a word added to the language since is signed by its
 * bit, so that a new word needs nothing here and the digests of the
 * games that do not use it stay as they were. */
#define WORDS_OF_FIELDS ((1u << 10) - 1)

/* A digest of the compiled rules the values depend on (not the turn
 * limit, which the solve ignores). */
uint64_t rules_digest(const rm_game *g)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const rm_board *b = &g->board;
    h = fnv(h, &b->npoints, sizeof b->npoints);
    for (int p = 0; p < b->npoints; p++)
        h = fnv(h, b->points[p].name, strlen(b->points[p].name));
    uint32_t nrays = b->ray_off[b->npoints];
    h = fnv(h, b->ray_off, (size_t)(b->npoints + 1) * sizeof *b->ray_off);
    for (uint32_t r = 0; r < nrays; r++)
        h = fnv(h, b->ray_pts + b->rays[r].off, b->rays[r].len * sizeof *b->ray_pts);
    h = fnv(h, &g->nkinds, sizeof g->nkinds);
    for (int i = 0; i < g->nkinds; i++) {
        const rm_kind *k = &g->kinds[i];
        h = fnv(h, k->name, strlen(k->name));
        int v[5] = { k->side, k->count, k->stacks, k->stacks_in_play, k->hand };
        h = fnv(h, v, sizeof v);
    }
    for (int side = 0; side < 2 && side < g->nsides; side++) {
        uint32_t n = nrays ? nrays : 0;
        if (g->sides[side].ray_class)
            h = fnv(h, g->sides[side].ray_class, n);
    }
    const rm_rules *r = &g->rules;
    int v[8] = { r->first, r->nphases, r->naction_rules, r->start, r->draw_repeat, r->both_blocked,
                 0, 0 };
    h = fnv(h, v, sizeof v);
    h = fnv(h, r->lose_with, sizeof r->lose_with);
    h = fnv(h, r->blocked, sizeof r->blocked);
    for (int f = 0; f < r->nphases; f++) {
        const rm_phase *ph = &r->phases[f];
        int w[8] = { ph->side, ph->nturns, ph->end, ph->end_turns, ph->compulsory, ph->before_play,
                     ph->compulsory_per_piece, ph->drops_compulsory };
        h = fnv(h, w, sizeof w);
        /* (only where written: the digests of the phases without it stay) */
        if (ph->blocked[0] || ph->blocked[1])
            h = fnv(h, ph->blocked, sizeof ph->blocked);
        for (int t = 0; t < ph->nturns; t++) {
            h = fnv(h, &ph->turns[t].nsteps, sizeof ph->turns[t].nsteps);
            h = fnv(h, ph->turns[t].steps, sizeof ph->turns[t].steps);
        }
    }
    for (int i = 0; i < r->naction_rules; i++) {
        const rm_action_rule *a = &r->actions[i];
        int w[12] = { a->type, a->kind, a->targets, a->chain, a->remove_at_end, a->not_back,
                      a->final_step, a->to_empty, a->fewer_than, a->dir_allow, a->has_region,
                      (int)(rm_action_words(a) & ~WORDS_OF_FIELDS) };
        h = fnv(h, w, sizeof w);
        h = fnv(h, &a->lines, sizeof a->lines);
        if (a->has_region)
            h = fnv(h, &a->region, sizeof a->region);
    }
    /* (only when there are any: the digests of games without them are
     * unchanged) */
    for (int i = 0; i < r->ngoals; i++) {
        const rm_goal *gl = &r->goals[i];
        int w[3] = { gl->side, gl->fills, gl->kinds };
        h = fnv(h, w, sizeof w);
        h = fnv(h, &gl->set, sizeof gl->set);
    }
    h = fnv(h, g->setup_kind, (size_t)b->npoints);
    h = fnv(h, g->setup_count, (size_t)b->npoints);
    return h;
}

void key_path(const rm_solver *s, const tkey *key, char *buf, size_t size)
{
    char hex[2 * sizeof(tkey) + 1];
    const uint8_t *b = (const uint8_t *)key;
    for (size_t i = 0; i < sizeof(tkey); i++)
        snprintf(hex + 2 * i, 3, "%02x", b[i]);
    snprintf(buf, size, "%s/%s.tier", s->o.db, hex);
}

void tier_path(const rm_solver *s, const tier *t, char *buf, size_t size)
{
    key_path(s, &t->key, buf, size);
}

static void header_of(const rm_solver *s, const tier *t, db_header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, DB_MAGIC, 8);
    h->format = RM_SOLVE_FORMAT;
    h->symmetric = (uint32_t)(s->nsyms > 1);
    h->rules_hash = s->rules_hash;
    h->key = t->key;
    h->size = t->size;
    h->won = t->won, h->lost = t->lost, h->drawn = t->drawn, h->aliases = t->aliases;
    h->longest = t->longest;
    h->nnext = t->nnext;
    snprintf(h->game, sizeof h->game, "%s", s->g->name);
    snprintf(h->options, sizeof h->options, "%s", s->options);
}

size_t val_bytes(const tier *t)
{
    return (size_t)((t->size + 3) / 4);
}

size_t dist_bytes(const tier *t)
{
    return (size_t)t->size * t->dwidth;
}

/* ---- the lock of a database's folder ----
 *
 * A solve with --db DIR (rimau solve, the perfect player) locks the file
 * DIR/.lock with fcntl's record lock, from before it reads the folder to
 * the end of rm_solve: a read lock while it only reads, a write lock from
 * the first tier it must solve (and write) on. So any number of solves
 * may read a folder at once, one alone writes into it, and none reads
 * while one writes. A solve that finds the lock it needs taken stops at
 * once: "DIR is in use by another rimau (pid N, solving into it)", the
 * process that holds it read from the lock (fcntl's, unlike flock's,
 * says who). The lock file is made with O_NOFOLLOW and must be a regular
 * file: a link, a FIFO or a device planted there is refused, never
 * followed. It is never removed (two solves would then lock two files).
 * A folder that cannot be written, and has no lock file, is read without
 * a lock (nothing can be written there).
 *
 * fcntl's locks are a process's, not a thread's, so in one process the
 * solves with a database take turns: each holds db_mutex from the lock's
 * start to its end (the perfect players of a tournament, in its threads,
 * wait for each other, and the first to come solves what the others
 * read).
 */

pthread_mutex_t db_mutex = PTHREAD_MUTEX_INITIALIZER;

/* Opens DIR/.lock, made when missing: to read and write, else (a folder
 * or lock file that cannot be written) to read, else (no lock file in a
 * folder that cannot be written) not at all. false with a message when
 * what is there is not a regular file, or cannot be opened. */
bool lock_open(rm_solver *s)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/" DB_LOCK, s->o.db);
    s->lock_fd = -1;
    struct stat sb;
    /* (a FIFO or a device is not even opened) */
    if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        fail(s, "cannot lock %s: %s is %s, not a lock file: remove it", s->o.db, path,
             S_ISLNK(sb.st_mode)    ? "a symbolic link"
             : S_ISDIR(sb.st_mode)  ? "a folder"
             : S_ISFIFO(sb.st_mode) ? "a FIFO"
             : S_ISSOCK(sb.st_mode) ? "a socket"
                                    : "a device");
        return false;
    }
    int fd = s->o.read_only ? -1 : open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
    if (s->o.read_only)
        errno = EROFS; /* (a solve read only makes no file: it locks the one there, if any) */
    if (fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) {
        s->lock_errno = errno;
        fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0 && errno == ENOENT)
            return true; /* (read without a lock: nothing can be written) */
    }
    if (fd < 0) {
        fail(s, "cannot lock %s: %s: %s", s->o.db, path,
             errno == ELOOP ? "it is a symbolic link, not a lock file: remove it" : strerror(errno));
        return false;
    }
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        fail(s, "cannot lock %s: %s is not a regular file: remove it", s->o.db, path);
        return false;
    }
    s->lock_fd = fd;
    return true;
}

/* Takes the lock of TYPE (F_RDLCK, or F_WRLCK: a read lock held is made
 * a write lock at once, or kept); false, with a message naming the
 * process that holds it, when another process does. */
bool lock_take(rm_solver *s, short type)
{
    if (s->lock_type == type || s->lock_type == F_WRLCK)
        return true;
    if (s->lock_fd < 0 || (type == F_WRLCK && s->lock_errno != 0)) {
        if (type == F_RDLCK)
            return true;
        fail(s, "cannot write into %s: %s", s->o.db, strerror(s->lock_errno));
        return false;
    }
    for (int tries = 0; tries < 3; tries++) {
        struct flock l = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
        if (fcntl(s->lock_fd, F_SETLK, &l) == 0) {
            s->lock_type = type;
            return true;
        }
        if (errno != EAGAIN && errno != EACCES) {
            fail(s, "cannot lock %s: %s/" DB_LOCK ": %s", s->o.db, s->o.db, strerror(errno));
            return false;
        }
        struct flock who = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
        if (fcntl(s->lock_fd, F_GETLK, &who) != 0)
            break;
        if (who.l_type == F_UNLCK)
            continue; /* (let go of since): again */
        fail(s, "%s is in use by another rimau (pid %ld, %s): wait for it to end, or use another "
                "folder",
             s->o.db, (long)who.l_pid, who.l_type == F_WRLCK ? "solving into it" : "reading it");
        return false;
    }
    fail(s, "%s is in use by another rimau: wait for it to end, or use another folder", s->o.db);
    return false;
}

/* (rank 0 of the job holds the write lock, which keeps every other
 * process out while the ranks write into the folder: the ranks neither
 * take it nor let it go) */
void lock_shared(rm_solver *s)
{
    s->lock_fd = -1;
    s->lock_type = F_WRLCK;
}

/* Lets go of the folder's lock and of the process's turn. */
void lock_release(rm_solver *s)
{
    if (s->lock_fd >= 0)
        close(s->lock_fd); /* (which lets go of the lock) */
    s->lock_fd = -1;
    s->lock_type = F_UNLCK;
    if (s->db_held) {
        s->db_held = false;
        pthread_mutex_unlock(&db_mutex);
    }
}

/* ---- writing and reading a tier ---- */

/* Writes the N bytes at P to F (unless a write failed before: the stream
 * keeps its error for rm_out_commit) and adds them to *CRC. */
static void write_summed(FILE *f, const void *p, size_t n, uint64_t *crc)
{
    *crc = crc64(*crc, p, n);
    if (n > 0 && !ferror(f))
        fwrite(p, 1, n, f);
}

/* ---- the tiers solved, from their files ----
 *
 * With a database, a tier once written (or read whole) keeps its values
 * and distances in its file, mapped, not in the solve's memory: the page
 * cache holds what the solve reads of them and lets go of it under
 * pressure. So --memory bounds the tiers being solved and not every tier
 * solved: a game whose solved tiers pass the memory (Bagh-chal's placing
 * phase: some 80 GB of values and distances) goes on as long as the
 * tiers one tier leads to fit in the page cache (else more slowly, read
 * from the disk again). The mapping is private (a value set by
 * rm_solver_set_value stays in memory) and of the file as it was: a
 * later write of the tier renames a new file over it, which leaves the
 * mapped one whole. The file's values and distances were checked (its
 * checksum when read; written from memory when saved). Where the file
 * cannot be mapped, the tier stays in memory. */

/* Puts tier T's file PATH, whose values and distances are T's (these
 * WIDTH bytes each), in place of T's copy of them. */
static void map_tier(rm_solver *s, tier *t, const char *path, int width)
{
    size_t off = sizeof(db_header) + (size_t)t->nnext * sizeof(tkey);
    size_t len = off + val_bytes(t) + (size_t)t->size * (size_t)width + 8;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    struct stat sb;
    void *p = MAP_FAILED;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (uint64_t)sb.st_size == len)
        p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED)
        return;
    give_mem(s, t->val, val_bytes(t));
    give_mem(s, t->dist, dist_bytes(t));
    t->dwidth = (uint8_t)width;
    t->map = p;
    t->maplen = len;
    t->val = (uint8_t *)p + off;
    t->dist = (uint8_t *)p + off + val_bytes(t);
}

/* Lets go of tier T's values and distances, in memory or mapped. */
void unmap_tier(rm_solver *s, tier *t)
{
    if (t->map) {
        munmap(t->map, t->maplen);
        t->map = NULL;
    } else {
        give_mem(s, t->val, val_bytes(t));
        give_mem(s, t->dist, dist_bytes(t));
    }
    t->val = t->dist = NULL;
}

/* Writes tier T to the database (no database: nothing), and maps it. */
void save_tier(rm_solver *s, tier *t)
{
    if (!s->o.db)
        return;
    char path[4096], err[4400];
    tier_path(s, t, path, sizeof path);
    db_header h;
    header_of(s, t, &h);
    /* its distances in as few bytes as the farthest needs */
    int most = 0;
    for (uint64_t i = 0; i < t->size && most < 256; i++)
        if (get_dist(t, i) > most)
            most = get_dist(t, i);
    h.dist_width = most == 0 ? 0 : most < 256 ? 1 : 2;
    rm_out o;
    if (rm_out_open_flags(&o, path, DB_MAGIC, false, RM_OUT_NO_FOLDER_SYNC, err, sizeof err) != 0) {
        fail(s, "%s", err);
        return;
    }
    FILE *f = rm_out_stream(&o);
    uint64_t crc = 0;
    write_summed(f, &h, sizeof h, &crc);
    write_summed(f, t->next, (size_t)t->nnext * sizeof *t->next, &crc);
    write_summed(f, t->val, val_bytes(t), &crc);
    if (h.dist_width == 2) {
        write_summed(f, t->dist, dist_bytes(t), &crc);
    } else if (h.dist_width == 1) {
        uint8_t buf[65536];
        for (uint64_t i = 0; i < t->size; i += sizeof buf) {
            size_t n = t->size - i < sizeof buf ? (size_t)(t->size - i) : sizeof buf;
            for (size_t j = 0; j < n; j++)
                buf[j] = (uint8_t)get_dist(t, i + j);
            write_summed(f, buf, n, &crc);
        }
    }
    if (!ferror(f))
        fwrite(&crc, sizeof crc, 1, f);
    /* (the folder is synced once, at the end of the solve: sync_folder) */
    if (rm_out_commit(&o, err, sizeof err) != 0) {
        fail(s, "%s", err);
        return;
    }
    s->unsynced = true;
    map_tier(s, t, path, h.dist_width);
}

/* Makes the tiers written into the folder durable (their names: each
 * file was synced before its rename). */
void sync_folder(rm_solver *s)
{
    if (!s->unsynced)
        return;
    s->unsynced = false;
    char path[4200];
    snprintf(path, sizeof path, "%s/" DB_LOCK, s->o.db);
    if (rm_sync_folder_of(path) != 0)
        fail(s, "cannot write into %s: %s", s->o.db, strerror(errno));
}

/* Reads N bytes of F into DST (NULL: only to sum them), adding them to
 * *CRC, or with FNV to *FNV_SUM (format 1); false when F ends first or
 * cannot be read. */
static bool read_summed(FILE *f, void *dst, uint64_t n, uint64_t *crc, uint64_t *fnv_sum)
{
    uint8_t scratch[16384];
    uint8_t *to = dst;
    while (n > 0) {
        size_t k = to ? (n < ((size_t)1 << 20) ? (size_t)n : (size_t)1 << 20)
                      : (n < sizeof scratch ? (size_t)n : sizeof scratch);
        uint8_t *at = to ? to : scratch;
        if (fread(at, 1, k, f) != k)
            return false;
        if (fnv_sum)
            *fnv_sum = fnv(*fnv_sum, at, k);
        else
            *crc = crc64(*crc, at, k);
        if (to)
            to += k;
        n -= k;
    }
    return true;
}

/* The length of a tier file whose header is H (of its format: before
 * format 3, distances of 2 bytes); 0 when the header's size, number of
 * next tiers or width of distances cannot be a tier's. */
static uint64_t file_length(const db_header *h)
{
    uint64_t width = h->format >= 3 ? h->dist_width : 2;
    if (h->size > MAX_TIER || h->size % 2 != 0 || h->nnext < 0 || h->nnext > DB_MAX_NEXT ||
        width > 2)
        return 0;
    return sizeof *h + (uint64_t)h->nnext * sizeof(tkey) + (h->size + 3) / 4 + width * h->size + 8;
}

/* Whether F, read up to the end of its header H, is whole as a file of
 * format 1 (the same header and layout, then the FNV-1a of all but the
 * header), LENGTH bytes long. */
static bool whole_format1(FILE *f, const db_header *h, uint64_t length)
{
    uint64_t want = file_length(h);
    if (want == 0 || want != length)
        return false;
    uint64_t sum = FNV_BASIS, stored;
    return read_summed(f, NULL, length - sizeof *h - 8, NULL, &sum) &&
           fread(&stored, sizeof stored, 1, f) == 1 && stored == sum;
}

/* Whether the totals of header H are those of T's values, and each value
 * is one (the bits past the last position none); then the tiers T leads
 * to are this game's. */
static bool totals_agree(const rm_solver *s, const tier *t, const db_header *h)
{
    /* 32 values a word: the low bit of each (a win), the high bit (a loss) */
    const uint64_t low = 0x5555555555555555ull;
    uint64_t won = 0, lost = 0;
    int longest = 0;
    size_t nbytes = val_bytes(t);
    for (size_t j = 0; j < nbytes; j += 8) {
        uint64_t w = 0;
        if (j + 8 <= nbytes)
            w = load_le64(t->val + j);
        else
            for (size_t k = 0; j + k < nbytes; k++)
                w |= (uint64_t)t->val[j + k] << (8 * k);
        if (w == 0)
            continue;
        uint64_t wins = w & low, losses = w >> 1 & low;
        if ((wins & losses) != 0)
            return false; /* (3: no value) */
        won += (uint64_t)pop64(wins);
        lost += (uint64_t)pop64(losses);
        for (; wins != 0; wins &= wins - 1) {
            uint64_t i = 4 * (uint64_t)j + (uint64_t)__builtin_ctzll(wins) / 2;
            if (i < t->size && get_dist(t, i) > longest)
                longest = get_dist(t, i);
        }
    }
    for (uint64_t i = t->size; i < 4 * (uint64_t)nbytes; i++)
        if (get_val(t, i) != 0)
            return false; /* (a value past the last position) */
    if (h->won != won || h->lost != lost || h->longest != longest || h->drawn > t->size ||
        h->aliases > t->size || h->drawn + h->aliases != t->size - won - lost)
        return false;
    for (int e = 0; e < t->nnext; e++) {
        const tkey *k = &t->next[e];
        if (memcmp(k, &t->key, sizeof *k) == 0 || k->phase[0] >= s->g->rules.nphases ||
            k->phase[1] >= s->g->rules.nphases)
            return false;
        for (int i = s->g->nkinds; i < MAXK; i++)
            if (k->on_board[i] || k->hand[i])
                return false;
    }
    return true;
}

/* Fails the solve for the tier file PATH whose header H is of other rules
 * than WANT, the solve's, saying what differs: the game, the options, or
 * (the same game and options) the rules of the game file themselves,
 * which changed since the file was written. */
static void refuse_rules(rm_solver *s, const char *path, const db_header *h, const db_header *want)
{
    const char *o1 = h->options[0] ? " -o " : "", *o2 = want->options[0] ? " -o " : "";
    if (strncmp(h->game, want->game, sizeof h->game) != 0)
        fail(s, "%s is a solve of another game, %.60s%s%.200s, not of %.60s%s%.200s: solve into "
                "another folder, or delete it",
             path, h->game, o1, h->options, want->game, o2, want->options);
    else if (strncmp(h->options, want->options, sizeof h->options) != 0)
        fail(s, "%s is a solve of %.60s with other options (%.200s), not these (%.200s): solve "
                "into another folder, or delete it",
             path, h->game, h->options[0] ? h->options : "none", want->options[0] ? want->options
                                                                               : "none");
    else
        fail(s, "%s is a solve of %.60s%s%.200s under other rules: the rules of the game file "
                "changed since the database was written (their digest was %016llx, it is %016llx "
                "now): solve into another folder, or delete it",
             path, h->game, o1, h->options, (unsigned long long)h->rules_hash,
             (unsigned long long)want->rules_hash);
}

/* Reads the rest of tier file F (PATH, LENGTH bytes long) of this format,
 * whose header H was read: T's values when the file is whole and T's. */
static void read_tier(rm_solver *s, tier *t, FILE *f, const db_header *hp, uint64_t length,
                      const char *path)
{
    db_header h = *hp, want;
    header_of(s, t, &want);
    uint64_t expected = file_length(&h);
    if (expected == 0 || expected != length) {
        fail(s, "%s is damaged (its length, %llu bytes, is not the one its header gives): delete "
                "it and solve again",
             path, (unsigned long long)length);
        return;
    }
    bool same_rules = h.rules_hash == want.rules_hash &&
                      strncmp(h.game, want.game, sizeof h.game) == 0 &&
                      strncmp(h.options, want.options, sizeof h.options) == 0;
    bool ours = same_rules && h.symmetric == want.symmetric && h.size == t->size &&
                memcmp(&h.key, &t->key, sizeof h.key) == 0;
    uint64_t crc = crc64(0, &h, sizeof h), stored = 0;
    bool read_ok;
    if (ours) {
        t->dwidth = h.dist_width;
        t->val = take_mem(s, val_bytes(t), "a tier's values");
        t->dist = take_mem(s, dist_bytes(t), "a tier's distances");
        t->nnext = h.nnext;
        t->next = malloc((size_t)(t->nnext ? t->nnext : 1) * sizeof *t->next);
        if (!t->val || !t->dist || !t->next) {
            fail(s, "out of memory (the tier in %s)", path);
            return;
        }
        read_ok = read_summed(f, t->next, (uint64_t)t->nnext * sizeof *t->next, &crc, NULL) &&
                  read_summed(f, t->val, val_bytes(t), &crc, NULL) &&
                  read_summed(f, t->dist, dist_bytes(t), &crc, NULL);
    } else {
        read_ok = read_summed(f, NULL, length - sizeof h - 8, &crc, NULL);
    }
    read_ok = read_ok && fread(&stored, sizeof stored, 1, f) == 1;
    if (!read_ok) {
        fail(s, "cannot read %s: %s", path, ferror(f) ? strerror(errno) : "it was cut short");
        return;
    }
    if (stored != crc) {
        fail(s, "%s is damaged (its checksum is wrong): delete it and solve again", path);
        return;
    }
    /* whole: what it says can be believed */
    h.game[sizeof h.game - 1] = 0;
    h.options[sizeof h.options - 1] = 0;
    if (!same_rules) {
        refuse_rules(s, path, &h, &want);
    } else if (h.symmetric != want.symmetric) {
        fail(s, "%s was solved %s symmetry: solve into another folder", path,
             h.symmetric ? "with" : "without");
    } else if (!ours) {
        fail(s, "%s holds another tier than its name says: delete it and solve again", path);
    } else if (!totals_agree(s, t, &h)) {
        fail(s, "%s is damaged (its totals or its next tiers disagree with its values): delete "
                "it and solve again",
             path);
    } else {
        t->won = h.won, t->lost = h.lost, t->drawn = h.drawn, t->aliases = h.aliases;
        t->longest = h.longest;
    }
}

/* Reads tier T from the database; false when it is not there. A file
 * that is another game's, another version's or damaged fails the solve. */
bool load_tier(rm_solver *s, tier *t)
{
    if (!s->o.db)
        return false;
    char path[4096], why[4400];
    tier_path(s, t, path, sizeof path);
    struct stat sb;
    if (stat(path, &sb) != 0 && errno == ENOENT)
        return false; /* (a dangling link too: the save refuses it) */
    FILE *f = rm_in_open(path, why, sizeof why);
    if (!f) {
        fail(s, "%s", why);
        return false;
    }
    db_header h;
    bool full = fstat(fileno(f), &sb) == 0 && fread(&h, sizeof h, 1, f) == 1;
    if (!full || memcmp(h.magic, DB_MAGIC, 8) != 0) {
        fail(s, "%s is damaged, or not a rimau solve file (%s): delete it and solve again", path,
             full ? "its first bytes are wrong" : "it is shorter than a header");
    } else if (h.format != RM_SOLVE_FORMAT) {
        if (h.format == 1 && whole_format1(f, &h, (uint64_t)sb.st_size))
            fail(s, "%s was written by another version of rimau (database format %u, this one "
                    "%d): solve into another folder",
                 path, h.format, RM_SOLVE_FORMAT);
        else
            fail(s, "%s is damaged, or was written by another version of rimau (database format "
                    "%u, this one %d): delete it and solve again, or solve into another folder",
                 path, h.format, RM_SOLVE_FORMAT);
    } else {
        read_tier(s, t, f, &h, (uint64_t)sb.st_size, path);
    }
    fclose(f);
    if (s->failed)
        return false;
    map_tier(s, t, path, t->dwidth);
    t->loaded = true;
    return true;
}
