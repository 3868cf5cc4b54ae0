/* native.c: a game's native kernel (native.h): its constants written
 * out, its key, the cache, the compiler run, the shared object loaded
 * and checked against the generic kernel. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include "native.h"

#include "bitgen_impl.h"
#include "clock.h"
#include "text.h"
#include "movegen.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int native_mode;

static void try_native(rm_bits *k);

void rm_set_bit_kernel_native(rm_native_mode mode)
{
    atomic_store_explicit(&native_mode, (int)mode, memory_order_relaxed);
    bits_set_native_hook(mode == RM_NATIVE_OFF ? NULL : try_native);
}

rm_native_mode rm_bit_kernel_native(void)
{
    return (rm_native_mode)atomic_load_explicit(&native_mode, memory_order_relaxed);
}

bool rm_native_active(const rm_game *g)
{
    const rm_bits *k = rm_bits_get(g);
    return k && k->native_so;
}

/* (the WebAssembly build, made by emcc with the config.h of a native
 * configure, has no process to spawn nor code to load) */
#if defined __EMSCRIPTEN__ || defined __wasm__
#undef HAVE_DLOPEN
#endif

#ifndef HAVE_DLOPEN

/* (no dlopen, as in the WebAssembly build: no native kernel) */
const char *rm_native_note(void)
{
    return "this build of rimau cannot load code (no dlopen)";
}

static void try_native(rm_bits *k)
{
    (void)k;
}

int rm_native_build(const rm_game *g, rm_native_report *rep, char *err, size_t errsize)
{
    (void)g;
    memset(rep, 0, sizeof *rep);
    snprintf(err, errsize, "%s", rm_native_note());
    return -1;
}

#else

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __ELF__
#include <elf.h>
#endif


extern char **environ;

/* One native kernel made at a time: the note, and two threads that would
 * build the same file. */
static pthread_mutex_t native_lock = PTHREAD_MUTEX_INITIALIZER;
static char note[1024];

const char *rm_native_note(void)
{
    return note;
}

static void set_note(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_note(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
}

/* ---- the game's constants ---- */

/* K's numbers: a copy of it with every pointer zeroed, which the native
 * kernel reads as constants (bitgen_impl.h, KC). Its pointers (the
 * tables of actions and rays, the game) stay the running kernel's. */
static void make_image(const rm_bits *k, rm_bits *img)
{
    memcpy(img, k, sizeof *img);
    memset(&img->ops, 0, sizeof img->ops);
    memset(&img->base, 0, sizeof img->base);
    img->g = NULL;
    img->xnbr = NULL;
    img->ray_way = NULL;
    img->rbits = NULL;
    img->play_uncounted = NULL;
    img->native_so = NULL;
    img->native_close = NULL;
    for (int i = 0; i < RM_MAX_ACTION_RULES; i++) {
        img->act[i].rule = NULL;
        img->act[i].piece = NULL;
        img->act[i].xr = NULL;
    }
}


/* native_game.h: the words of K's sets, its turn patterns the kernel
 * counts, and its image, all numbers; the key is added last, when it is
 * known (it hashes this text). */
static void write_constants(const rm_bits *k, rm_text *t)
{
    rm_bits *img = malloc(sizeof *img);
    if (!img) {
        t->failed = true;
        return;
    }
    make_image(k, img);
    rm_text_put(t, "/* native_game.h: a game's numbers, for its native kernel (native.c) */\n");
    rm_text_put(t, "#define RM_NATIVE_WORDS %d\n", k->words);
    rm_text_put(t, "#define RM_NATIVE_PATTERNS(X)");
    for (int f = 0; f < RM_MAX_PHASES; f++)
        for (int i = 0; i < k->nturns[f]; i++)
            if (k->pat[f][i].how != HOW_LIST)
                rm_text_put(t, " X(%d)", f * RM_MAX_PATTERNS + i);
    rm_text_put(t, "\nstatic const union rm_native_image native_image = { .w = {");
    uint64_t w[(sizeof(rm_bits) + 7) / 8] = { 0 };
    memcpy(w, img, sizeof *img);
    free(img);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        rm_text_put(t, "%s0x%llx", i == 0 ? "\n    " : i % 6 ? ", " : ",\n    ", (unsigned long long)w[i]);
    rm_text_put(t, " } };\n");
}

/* A hash of 128 bits in hex (two FNV-1a of 64 with different starts):
 * the cache's key, not a defence against a forger (the cache is the
 * user's own folder). */
typedef struct keyhash {
    uint64_t a, b;
} keyhash;

static void key_add(keyhash *h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ (unsigned char)s[i]) * 0x100000001b3ull;
        h->b = (h->b ^ (unsigned char)s[i]) * 0x100000001b3ull;
    }
    /* (a separator, so that "ab" + "c" is not "a" + "bc") */
    h->a = (h->a ^ 0xFF) * 0x100000001b3ull;
    h->b = (h->b ^ 0xFE) * 0x100000001b3ull;
}

/* ---- the compiler ---- */

typedef struct compiler {
    char path[1024];           /* the program found */
    char version[256];         /* the first line of its --version */
    char *argv[64];            /* the command, up to its file names */
    int argc;
    char flags[1024];          /* (the words of argv point into it) */
} compiler;

/* Whether PATH is a file this process may run. */
static bool runnable(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && access(path, X_OK) == 0;
}

/* The program NAME (a path, or a name looked for in PATH) into C->path;
 * false when there is none. */
static bool find_program(const char *name, compiler *c)
{
    if (strchr(name, '/')) {
        snprintf(c->path, sizeof c->path, "%s", name);
        return runnable(c->path);
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        return false;
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ":");
        if (n > 0 && n < sizeof c->path - strlen(name) - 2) {
            snprintf(c->path, sizeof c->path, "%.*s/%s", (int)n, p, name);
            if (runnable(c->path))
                return true;
        }
        p += n + (p[n] == ':');
    }
    return false;
}

/* The seconds a run of the compiler may take (a game's kernel compiles in
 * one or two; $RIMAU_CC_SECONDS sets another bound): one that hangs is
 * killed, and the generic kernel plays. */
#define COMPILER_SECONDS 120

static double compiler_seconds(void)
{
    const char *e = getenv("RIMAU_CC_SECONDS");
    double s = e && *e ? strtod(e, NULL) : 0;
    return s > 0 ? s : COMPILER_SECONDS;
}

/* Runs ARGV, its output into the file LOG (or, LOG NULL, its first
 * line into OUT); its exit status, -1 when it could not start, -2 when it
 * did not end within compiler_seconds (it is then killed). */
static int run(char *const argv[], const char *log, char *out, size_t outsize)
{
    double deadline = rm_seconds() + compiler_seconds();
    posix_spawn_file_actions_t fa;
    int fds[2] = { -1, -1 };
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    int rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (log) {
        rc |= posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        rc |= posix_spawn_file_actions_adddup2(&fa, 1, 2);
    } else {
        if (pipe(fds) != 0) {
            posix_spawn_file_actions_destroy(&fa);
            return -1;
        }
        rc |= posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
        rc |= posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        rc |= posix_spawn_file_actions_addclose(&fa, fds[0]);
        rc |= posix_spawn_file_actions_addclose(&fa, fds[1]);
    }
    /* (in a process group of its own: a compiler killed past its time
     * takes the programs it started with it) */
    posix_spawnattr_t attr;
    if (posix_spawnattr_init(&attr) != 0) {
        posix_spawn_file_actions_destroy(&fa);
        return -1;
    }
    rc |= posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    rc |= posix_spawnattr_setpgroup(&attr, 0);
    pid_t pid = -1;
    if (rc == 0 && posix_spawn(&pid, argv[0], &fa, &attr, argv, environ) != 0)
        pid = -1;
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    if (!log) {
        close(fds[1]);
        size_t n = 0;
        ssize_t r;
        char buf[512];
        /* (read to the end, so that the program never waits on a full
         * pipe; not past the deadline) */
        for (;;) {
            struct pollfd pf = { fds[0], POLLIN, 0 };
            double left = deadline - rm_seconds();
            if (left <= 0 || poll(&pf, 1, (int)(left * 1000) + 1) == 0)
                break;
            r = read(fds[0], buf, sizeof buf);
            if (r == 0)
                break;
            if (r < 0) {
                if (errno == EINTR)
                    continue;
                break;
            }
            for (ssize_t i = 0; i < r && n + 1 < outsize; i++)
                out[n++] = buf[i];
        }
        out[n] = '\0';
        out[strcspn(out, "\n")] = '\0';
        close(fds[0]);
    }
    if (pid < 0)
        return -1;
    int status;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR)
            return -1;
        if (rm_seconds() > deadline) {
            kill(-pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            return -2;
        }
        struct timespec tick = { 0, 10000000 }; /* (10 ms: a compile takes a second) */
        nanosleep(&tick, NULL);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The compiler ($RIMAU_CC, else cc), its version and its flags (-O2
 * -march=native, then $RIMAU_CFLAGS's words); false, WHY said, when there
 * is none or it does not run. */
static bool find_compiler(compiler *c, char *why, size_t whysize)
{
    const char *name = getenv("RIMAU_CC");
    if (!name || !*name)
        name = "cc";
    if (!find_program(name, c)) {
        set_note(why, whysize, "no C compiler: %s %s", name,
                 strchr(name, '/') ? "cannot be run" : "is not in PATH");
        return false;
    }
    char *ver[] = { c->path, "--version", NULL };
    int st = run(ver, NULL, c->version, sizeof c->version);
    if (st != 0) {
        set_note(why, whysize, "the C compiler %s does not run (%s --version %s)", c->path,
                 c->path, st == -2 ? "did not end: killed" : "failed");
        return false;
    }
    const char *extra = getenv("RIMAU_CFLAGS");
    snprintf(c->flags, sizeof c->flags, "-O2 -march=native %s", extra ? extra : "");
    c->argc = 0;
    c->argv[c->argc++] = c->path;
    for (char *w = strtok(c->flags, " \t\n"); w && c->argc < 50; w = strtok(NULL, " \t\n"))
        c->argv[c->argc++] = w;
    static char *fixed[] = { "-std=c11", "-fPIC", "-shared", "-fvisibility=hidden" };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        c->argv[c->argc++] = fixed[i];
    return true;
}

/* ---- the cache ---- */

/* The cache folder into DIR, made if need be; false, WHY said, when
 * there is none or it cannot be made. */
static bool cache_dir(char *dir, size_t size, char *why, size_t whysize)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(dir, size, "%s/rimau", xdg);
    else if (home && home[0] == '/')
        n = snprintf(dir, size, "%s/.cache/rimau", home);
    else {
        set_note(why, whysize, "no cache folder (neither XDG_CACHE_HOME nor HOME is set)");
        return false;
    }
    if (n < 0 || (size_t)n >= size - 64) {
        set_note(why, whysize, "the cache folder's name is too long");
        return false;
    }
    /* each folder of the path, as mkdir -p */
    for (char *p = dir + 1;; p++) {
        if (*p != '/' && *p)
            continue;
        char c = *p;
        *p = '\0';
        int r = mkdir(dir, 0700);
        int e = errno;
        *p = c;
        if (r != 0 && e != EEXIST) {
            set_note(why, whysize, "cannot make the cache folder %s: %s", dir, strerror(e));
            return false;
        }
        if (!c)
            break;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        set_note(why, whysize, "the cache folder %s is not writable", dir);
        return false;
    }
    return true;
}

/* Whether the file PATH is an ELF object whole (none of its segments
 * past its end: a file cut short would fault when loaded, not fail). */
static bool whole_object(const char *path)
{
#ifdef __ELF__
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    Elf64_Ehdr eh;
    struct stat sb;
    bool ok = fstat(fileno(f), &sb) == 0 && fread(&eh, sizeof eh, 1, f) == 1 &&
              memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 && eh.e_ident[EI_CLASS] == ELFCLASS64 &&
              eh.e_phentsize == sizeof(Elf64_Phdr) && eh.e_phnum > 0 && eh.e_phnum < 64 &&
              eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr) <= (uint64_t)sb.st_size &&
              eh.e_shoff + (uint64_t)eh.e_shnum * eh.e_shentsize <= (uint64_t)sb.st_size &&
              fseek(f, (long)eh.e_phoff, SEEK_SET) == 0;
    for (int i = 0; ok && i < eh.e_phnum; i++) {
        Elf64_Phdr ph;
        ok = fread(&ph, sizeof ph, 1, f) == 1 && ph.p_offset + ph.p_filesz <= (uint64_t)sb.st_size;
    }
    fclose(f);
    return ok;
#else
    (void)path;
    return true;
#endif
}

/* ---- checking a kernel against the generic one ---- */

typedef struct checker {
    const rm_bits *gen, *nat;
    rm_btally *tg, *tn;        /* one pair a depth */
    char *why;
    size_t whysize;
} checker;

/* Whether both kernels count S alike, and each turn leads to the same
 * state, DEPTH turns deep. */
static bool same_tree(checker *c, const rm_bstate *s, int depth)
{
    rm_btally *tg = &c->tg[depth], *tn = &c->tn[depth];
    int n = rm_bits_count(c->gen, s, tg), m = rm_bits_count(c->nat, s, tn);
    if (n != m) {
        set_note(c->why, c->whysize, "the native kernel counts %d turns where the generic counts %d", m, n);
        return false;
    }
    if (depth == 0)
        return true;
    size_t size = rm_bits_state_size(c->gen);
    for (int i = 0; i < n; i++) {
        rm_bstate a, b;
        rm_bits_copy(size, &a, s);
        rm_bits_copy(size, &b, s);
        rm_bits_play(c->gen, &a, tg, i);
        rm_bits_play(c->nat, &b, tn, i);
        if (memcmp(&a, &b, size) != 0) {
            set_note(c->why, c->whysize, "the native kernel's turn %d leads elsewhere than the generic's", i);
            return false;
        }
        if (!same_tree(c, &a, depth - 1))
            return false;
    }
    return true;
}

/* Whether both kernels count alike, and play each turn alike, at every
 * position of WALKS seeded walks of up to 100 turns from the start. The
 * walks go on by the reference's turns, so that they pass the positions
 * the kernel leaves to it (the opening turns of many games) rather than
 * stop there. */
static bool same_walks(checker *c, rm_state *st, int walks)
{
    const rm_game *g = c->gen->g;
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_bstate bs;
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    bool same = true;
    for (int w = 0; w < walks && same; w++) {
        rm_initial(g, st);
        for (int turn = 0; turn < 100 && same; turn++) {
            rm_bits_from_state(c->gen, st, &bs);
            same = same_tree(c, &bs, 1);
            int n = rm_legal_turns(g, st, &l);
            if (n <= 0)
                break;
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            int i = (int)(rng % (uint64_t)n);
            rm_apply(g, st, rm_turn_moves(&l, i), l.turns[i].n);
        }
    }
    rm_turnlist_free(&l);
    return same;
}

/* Whether the kernel NAT (K with native entry points) plays as K: perft
 * 2 from the start, turn by turn, and 8 seeded walks. (About 1,000
 * positions: a few milliseconds.) */
static bool self_check(const rm_bits *k, const rm_bits *nat, char *why, size_t whysize)
{
    checker c = { k, nat, calloc(3, sizeof(rm_btally)), calloc(3, sizeof(rm_btally)), why, whysize };
    rm_state *st = malloc(sizeof *st);
    rm_bstate *s = malloc(sizeof *s);
    bool ok = c.tg && c.tn && st && s;
    if (ok) {
        rm_initial(k->g, st);
        rm_bits_from_state(k, st, s);
        ok = same_tree(&c, s, 2) && same_walks(&c, st, 8);
    } else {
        set_note(why, whysize, "out of memory");
    }
    free(c.tg);
    free(c.tn);
    free(st);
    free(s);
    return ok;
}

/* ---- loading ---- */

static const rm_native_calls calls = { bits_end_turn_slow };

/* Loads the shared object PATH built for KEY and checks it against K;
 * its handle, NATIVE made K's copy that plays it, or NULL, WHY said. */
static void *load(const rm_bits *k, const char *path, const char *key, rm_bits *native, char *why,
                  size_t whysize)
{
    if (!whole_object(path)) {
        set_note(why, whysize, "%s is not a whole shared object", path);
        return NULL;
    }
    void *so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!so) {
        const char *e = dlerror();
        set_note(why, whysize, "cannot load %s: %s", path, e ? e : "?");
        return NULL;
    }
    const rm_native_entry *(*entry)(const rm_native_calls *);
    *(void **)&entry = dlsym(so, "rimau_native_entry");
    const rm_native_entry *e = entry ? entry(&calls) : NULL;
    if (!e || e->abi != RM_NATIVE_ABI || e->bits_size != sizeof(rm_bits) || !e->key ||
        strcmp(e->key, key) != 0 || !e->ops.count || !e->ops.play || !e->ops.neighbours) {
        set_note(why, whysize, "%s is not the kernel built for this game (a stale or foreign file)",
                 path);
        dlclose(so);
        return NULL;
    }
    memcpy(native, k, sizeof *native);
    native->ops.count = e->ops.count;
    native->ops.neighbours = e->ops.neighbours;
    if (k->counting)
        native->play_uncounted = e->ops.play; /* (k->ops.play counts, around it) */
    else
        native->ops.play = e->ops.play;
    if (!self_check(k, native, why, whysize)) {
        size_t n = strlen(why);
        snprintf(why + n, whysize - n, " (%s)", path);
        dlclose(so);
        return NULL;
    }
    return so;
}

/* ---- building ---- */

/* Writes the kernel's text (CONSTANTS, then rm_native_text) into the
 * folder DIR. */
static bool write_sources(const char *dir, const rm_text *constants)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/native_game.h", dir);
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(constants->s, 1, constants->len, f) == constants->len;
    if (f && fclose(f) != 0)
        ok = false;
    snprintf(path, sizeof path, "%s/kernel.c", dir);
    f = ok ? fopen(path, "w") : NULL;
    ok = ok && f;
    for (int i = 0; ok && rm_native_text[i]; i++)
        ok = fputs(rm_native_text[i], f) >= 0;
    if (f && fclose(f) != 0)
        ok = false;
    return ok;
}

/* Removes the build folder DIR and what is in it. */
static void remove_folder(const char *dir)
{
    static const char *const files[] = { "native_game.h", "kernel.c", "kernel.so", "build.log" };
    char path[1200];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* Compiles the kernel of CONSTANTS with C in a private folder of CACHE
 * and moves it to SO; false, WHY said (and the compiler's output kept
 * beside SO, .log for .so), when it fails. */
static bool build(compiler *c, const rm_text *constants, const char *cache, const char *so,
                  double *seconds, char *why, size_t whysize)
{
    char dir[1100], src[1200], out[1200], log[1200];
    snprintf(dir, sizeof dir, "%s/build-XXXXXX", cache);
    if (!mkdtemp(dir)) {
        set_note(why, whysize, "cannot make a build folder in %s: %s", cache, strerror(errno));
        return false;
    }
    snprintf(src, sizeof src, "%s/kernel.c", dir);
    snprintf(out, sizeof out, "%s/kernel.so", dir);
    snprintf(log, sizeof log, "%s/build.log", dir);
    bool ok = write_sources(dir, constants);
    if (!ok)
        set_note(why, whysize, "cannot write the kernel's source in %s", dir);
    double start = rm_seconds();
    if (ok) {
        int argc = c->argc;
        c->argv[argc] = "-o";
        c->argv[argc + 1] = out;
        c->argv[argc + 2] = src;
        c->argv[argc + 3] = NULL;
        int status = run(c->argv, log, NULL, 0);
        c->argv[argc] = NULL;
        *seconds = rm_seconds() - start;
        if (status != 0) {
            char kept[1200];
            snprintf(kept, sizeof kept, "%.*s.log", (int)(strlen(so) - 3), so);
            bool logged = rename(log, kept) == 0;
            set_note(why, whysize, "the C compiler %s %s%s%s", c->path,
                     status == -2 ? "did not end in time, and was killed" : "failed",
                     logged ? "; its output: " : "", logged ? kept : "");
            ok = false;
        } else if (rename(out, so) != 0) {
            set_note(why, whysize, "cannot move the kernel into %s: %s", so, strerror(errno));
            ok = false;
        }
    }
    remove_folder(dir);
    return ok;
}

/* Finds K's native kernel in the cache, or (BUILD) builds it: its handle,
 * NATIVE made K's copy that plays it; NULL, WHY said, when there is none.
 * REP (when not NULL) says what was done. */
static void *find_native(const rm_bits *k, bool build_it, rm_bits *native, rm_native_report *rep,
                         char *why, size_t whysize)
{
    compiler *c = calloc(1, sizeof *c);
    rm_text constants = { 0 };
    char cache[1024], so[1200];
    void *handle = NULL;
    if (!c) {
        set_note(why, whysize, "out of memory");
        return NULL;
    }
    if (!find_compiler(c, why, whysize) || !cache_dir(cache, sizeof cache, why, whysize))
        goto done;
    write_constants(k, &constants);
    keyhash h = { 0xcbf29ce484222325ull, 0x84222325cbf29ce4ull };
    for (int i = 0; rm_native_text[i]; i++)
        key_add(&h, rm_native_text[i], strlen(rm_native_text[i]));
    key_add(&h, constants.s ? constants.s : "", constants.len);
    key_add(&h, c->path, strlen(c->path));
    key_add(&h, c->version, strlen(c->version));
    for (int i = 1; i < c->argc; i++)
        key_add(&h, c->argv[i], strlen(c->argv[i]));
    key_add(&h, PACKAGE_VERSION, strlen(PACKAGE_VERSION));
    char key[40];
    snprintf(key, sizeof key, "%016llx%016llx", (unsigned long long)h.a, (unsigned long long)h.b);
    rm_text_put(&constants, "#define RM_NATIVE_KEY \"%s\"\n", key);
    if (constants.failed) {
        set_note(why, whysize, "out of memory");
        goto done;
    }
    snprintf(so, sizeof so, "%s/kernel-%s.so", cache, key);
    if (rep)
        snprintf(rep->path, sizeof rep->path, "%s", so);
    if (access(so, F_OK) == 0) {
        handle = load(k, so, key, native, why, whysize);
        if (!handle)
            unlink(so); /* (a bad entry: rebuilt, when building is asked for) */
    } else {
        set_note(why, whysize, "the cache has no native kernel of this game (%s)", so);
    }
    double seconds = 0;
    bool built = false;
    if (!handle && build_it && build(c, &constants, cache, so, &seconds, why, whysize)) {
        built = true;
        handle = load(k, so, key, native, why, whysize);
        if (!handle)
            unlink(so);
    }
    if (handle && rep) {
        struct stat sb;
        rep->built = built;
        rep->seconds = seconds;
        rep->bytes = stat(so, &sb) == 0 ? (long)sb.st_size : 0;
    }
    if (handle && built)
        set_note(why, whysize, "built in %.1f s: %s", seconds, so);
    else if (handle)
        set_note(why, whysize, "from the cache: %s", so);
done:
    free(constants.s);
    free(c);
    return handle;
}

static void close_native(void *so)
{
    dlclose(so);
}

/* Gives K, just made, its native kernel, as the mode says. */
static void try_native(rm_bits *k)
{
    int mode = atomic_load_explicit(&native_mode, memory_order_relaxed);
    if (mode == RM_NATIVE_OFF)
        return;
    rm_bits *native = malloc(sizeof *native);
    pthread_mutex_lock(&native_lock);
    void *so = native ? find_native(k, mode == RM_NATIVE_BUILD, native, NULL, note, sizeof note)
                      : NULL;
    pthread_mutex_unlock(&native_lock);
    if (so) {
        k->ops = native->ops;
        k->play_uncounted = native->play_uncounted;
        k->native_so = so;
        k->native_close = close_native;
    }
    free(native);
}

int rm_native_build(const rm_game *g, rm_native_report *rep, char *err, size_t errsize)
{
    memset(rep, 0, sizeof *rep);
    const rm_bits *k = rm_bits_get(g);
    if (!k) {
        const char *why = rm_bits_refusal(g);
        snprintf(err, errsize, "the game %s", why ? why : "has no bit kernel");
        return -1;
    }
    rm_bits *native = malloc(sizeof *native);
    if (!native) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    pthread_mutex_lock(&native_lock);
    void *so = find_native(k, true, native, rep, err, errsize);
    pthread_mutex_unlock(&native_lock);
    free(native);
    if (!so)
        return -1;
    dlclose(so);
    return 0;
}

#endif
