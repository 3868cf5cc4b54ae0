/* solve.c: the solver (see solve.h): making one, rm_solve (the
 * database's folder read, the tier of the start solved), the values it
 * gives, checking a solve and the estimate. Its failures, stops and
 * memory are budget.c's. */
#define _POSIX_C_SOURCE 200809L
#include "solve_impl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- the solver ---- */

/* Why the solver does not take G; NULL when it does. */
static const char *refused(const rm_game *g, const rm_bits *k)
{
    if (!g->rules.present)
        return "has no rules of play";
    if (!k)
        return rm_bits_refusal(g) ? rm_bits_refusal(g)
                                  : "has no bit kernel (it is off, or memory ran out)";
    for (int i = 0; i < g->nkinds; i++)
        if (g->kinds[i].stacks && g->kinds[i].count > MAXUP + 1)
            return "has a kind of more than 32 pieces that stack, which the solver does not take";
    /* (a tier is what never comes back; the counters of 'loses after N
     * turns without advancing' and 'more pieces wins after N turns
     * without capture' go back to 0, and a position is not ranked by them) */
    if (g->rules.counting)
        return "has a rule that counts turns (without advancing, or without capture), which the "
               "solver does not take";
    /* A pass that ends the game leads to a position that is over but
     * whose pieces are those of one that goes on: no tier holds it. */
    const rm_rules *r = &g->rules;
    for (int f = -1; f < r->nphases; f++)
        for (int s = 0; s < 2; s++) {
            int rule = f < 0 ? r->blocked[s] : r->phases[f].blocked[s] - 1;
            if (rule == RM_BLOCKED_PASS_LOSES || rule == RM_BLOCKED_PASS_DRAWS)
                return "has a side whose pass when blocked ends the game ('when blocked pass then "
                       "lose' or 'draw'), which the solver does not take";
        }
    return NULL;
}

static void options_text(const rm_game *g, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < g->noptions && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s=%s", i ? " " : "", g->options[i].name,
                               g->options[i].values[g->options[i].chosen]);
}

void root_key(const rm_solver *s, tkey *key)
{
    rm_state st;
    rm_bstate bs;
    if (s->o.root)
        st = *s->o.root;
    else
        rm_initial(s->g, &st);
    rm_bits_from_state(s->k, &st, &bs);
    key_of(s, &bs, key);
}

rm_solver *new_solver(const rm_game *g, const rm_solve_options *o, char *err, size_t errsize)
{
    const rm_bits *k = rm_bits_get(g);
    const char *why = refused(g, k);
    if (why) {
        snprintf(err, errsize, "%.100s %s", g->name, why);
        return NULL;
    }
    rm_solver *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    s->lock_fd = -1;
    s->lock_type = F_UNLCK;
    s->g = g;
    s->k = k;
    s->x86 = rm_bits_x86();
    s->o = *o;
    if (!s->o.memory)
        s->o.memory = (size_t)4 << 30;
    s->err = err;
    s->errsize = errsize;
    s->started = s->phase_at = rm_seconds();
    uint64_t board[2];
    rm_bits_board(k, board);
    s->board = ld2(board);
    s->npoints = g->board.npoints;
    s->nbits = rm_bits_words(k) * 64;
    for (int i = 0; i < g->nkinds; i++) {
        s->stacks[i] = g->kinds[i].stacks;
        if (s->stacks[i] && g->kinds[i].count - 1 > s->nup)
            s->nup = g->kinds[i].count - 1;
    }
    for (int n = 0; n <= 128; n++)
        for (int r = 0; r <= 128; r++) {
            if (r == 0)
                s->binom[n][r] = 1;
            else if (n == 0)
                s->binom[n][r] = 0;
            else {
                uint64_t a = s->binom[n - 1][r - 1], b = s->binom[n - 1][r];
                s->binom[n][r] = a + b < a ? UINT64_MAX : a + b;
            }
        }
    s->rules_hash = rules_digest(g);
    options_text(g, s->options, sizeof s->options);
    if (find_symmetries(s) != 0) {
        snprintf(err, errsize, "out of memory");
        rm_solver_free(s);
        return NULL;
    }
    return s;
}

/* Solves the tiers the solved ones lead to and that are missing (a file
 * of the database deleted); false when that fails. */
static bool complete(rm_solver *s)
{
    for (int i = 0; i < s->ntiers && !s->failed; i++) {
        tier *t = s->tiers[i];
        for (int e = 0; e < t->nnext && !s->failed; e++)
            if (!find_tier(s, &t->next[e]))
                solve_key(s, &t->next[e]);
    }
    return !s->failed;
}

/* Reads every tier of the database's folder (all of them this game's:
 * another game's file fails the solve). */
static int load_all(rm_solver *s)
{
    DIR *d = opendir(s->o.db);
    if (!d && s->o.read_only)
        fail(s, "cannot read the folder %s: %s", s->o.db, strerror(errno));
    if (!d)
        return s->failed ? -1 : 0;
    struct dirent *e;
    while (!halted(s) && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len != 2 * sizeof(tkey) + 5 || strcmp(e->d_name + 2 * sizeof(tkey), ".tier") != 0)
            continue;
        tkey key;
        uint8_t *b = (uint8_t *)&key;
        bool hex = true;
        for (size_t i = 0; i < sizeof key && hex; i++) {
            unsigned v;
            hex = sscanf(e->d_name + 2 * i, "%2x", &v) == 1;
            b[i] = (uint8_t)v;
        }
        if (!hex || find_tier(s, &key))
            continue;
        /* (a dangling link, or a name not the tier's own: not a tier) */
        char path[4096];
        struct stat sb;
        tier_path(s, &(tier){ .key = key }, path, sizeof path);
        if (stat(path, &sb) != 0 && errno == ENOENT)
            continue;
        tier *t = calloc(1, sizeof *t);
        if (t)
            t->key = key;
        if (!t || add_tier(s, t) != 0) {
            free(t);
            fail(s, "out of memory");
            break;
        }
        if (!lay_out(s, t)) {
            fail(s, "%s/%s does not fit this game's board: solve into another folder", s->o.db,
                 e->d_name);
            break;
        }
        if (load_tier(s, t))
            s->done[s->ndone++] = s->ntiers - 1;
    }
    closedir(d);
    return s->failed ? -1 : 0;
}

rm_solver *rm_solve(const rm_game *g, const rm_solve_options *o, char *err, size_t errsize)
{
    if (o->read_only && !o->db) {
        snprintf(err, errsize, "a solve read only needs a database folder");
        return NULL;
    }
    rm_solver *s = new_solver(g, o, err, errsize);
    if (!s)
        return NULL;
    if (s->o.db && strlen(s->o.db) > 4000) {
        fail(s, "the path of the folder %.40s... is too long", s->o.db);
    } else if (s->o.db) {
        /* the folder, locked to read, and what it holds (read only: the
         * folder must be there, and nothing is made in it) */
        pthread_mutex_lock(&db_mutex);
        s->db_held = true;
        struct stat sb;
        if (!s->o.read_only && mkdir(s->o.db, 0777) != 0 && errno != EEXIST)
            fail(s, "cannot make the folder %s: %s", s->o.db, strerror(errno));
        else if (stat(s->o.db, &sb) != 0 || !S_ISDIR(sb.st_mode))
            fail(s, "cannot use %s as the database's folder: it is not a folder", s->o.db);
        else if (lock_open(s) && lock_take(s, F_RDLCK))
            load_all(s);
    }
    if (!s->failed) {
        tkey key;
        root_key(s, &key);
        if (!find_tier(s, &key))
            solve_key(s, &key);
        complete(s);
    }
    sync_folder(s);
    lock_release(s);
    if (s->failed) {
        rm_solver_free(s);
        return NULL;
    }
    return s;
}

void rm_solver_free(rm_solver *s)
{
    if (!s)
        return;
    lock_release(s);
    for (int i = 0; i < s->ntiers; i++) {
        unmap_tier(s, s->tiers[i]);
        free(s->tiers[i]->next);
        free(s->tiers[i]->seen);
        free(s->tiers[i]->todo);
        free(s->tiers[i]);
    }
    free(s->tiers);
    free(s->done);
    free(s->slot);
    for (int c = 0; c <= 128; c++)
        if (s->symtabs[c]) {
            free(s->symtabs[c]->class_of);
            free(s->symtabs[c]->sym_of);
            free(s->symtabs[c]->class_set);
            free(s->symtabs[c]->stab);
            free(s->symtabs[c]);
        }
    free(s->perm);
    free(s);
}

int rm_solver_value(const rm_solver *s, const rm_state *st, int *distance)
{
    rm_bstate bs;
    rm_bits_from_state(s->k, st, &bs);
    tkey key;
    key_of(s, &bs, &key);
    const tier *t = find_tier(s, &key);
    if (!t || t->solving || !t->val)
        return -1;
    u128 sets[MAXS];
    sets_of(s, &bs, sets);
    uint64_t i = encode(s, t, sets, bs.to_move);
    *distance = get_val(t, i) == RM_VALUE_DRAW ? 0 : get_dist(t, i);
    return get_val(t, i);
}

int rm_solver_set_value(rm_solver *s, const rm_state *st, int value, int distance)
{
    rm_bstate bs;
    rm_bits_from_state(s->k, st, &bs);
    tkey key;
    key_of(s, &bs, &key);
    tier *t = find_tier(s, &key);
    if (!t || !t->val)
        return -1;
    u128 sets[MAXS];
    sets_of(s, &bs, sets);
    uint64_t i = encode(s, t, sets, bs.to_move);
    if (!set_dist(t, i, distance))
        return -1; /* (a tier read from its file keeps its distances in fewer bytes) */
    set_val(t, i, value);
    return 0;
}

uint64_t rm_solver_class(const rm_solver *s, const rm_state *st)
{
    rm_bstate bs;
    rm_bits_from_state(s->k, st, &bs);
    tkey key;
    key_of(s, &bs, &key);
    const tier *t = find_tier(s, &key);
    for (int i = 0; i < s->ntiers && t; i++)
        if (s->tiers[i] == t) {
            u128 sets[MAXS];
            sets_of(s, &bs, sets);
            return (uint64_t)i << 32 | encode(s, t, sets, bs.to_move);
        }
    return UINT64_MAX;
}

void rm_solver_stats(const rm_solver *s, rm_solve_stats *out)
{
    memset(out, 0, sizeof *out);
    out->tiers = s->ntiers;
    for (int i = 0; i < s->ntiers; i++) {
        const tier *t = s->tiers[i];
        out->loaded += t->loaded;
        out->positions += t->size - t->aliases;
        out->won += t->won;
        out->lost += t->lost;
        out->drawn += t->drawn;
        if (t->longest > out->longest)
            out->longest = t->longest;
    }
    out->symmetries = s->nsyms;
    out->memory = s->peak;
    out->seconds = rm_seconds() - s->started;
    out->forward_seconds = s->phase_seconds[PHASE_FORWARD];
    out->back_seconds = s->phase_seconds[PHASE_BACK];
    if (s->phase != PHASE_OTHER) /* (a solve that failed in a pass) */
        *(s->phase == PHASE_FORWARD ? &out->forward_seconds : &out->back_seconds) +=
            rm_seconds() - s->phase_at;
}

int rm_solver_tiers(const rm_solver *s)
{
    return s->ndone;
}

void rm_solver_tier(const rm_solver *s, int i, rm_solve_progress *out)
{
    const tier *t = s->tiers[s->done[i]];
    *out = (rm_solve_progress){ i + 1, t->name, t->size - t->aliases, t->size, 2,
                                t->won, t->lost, t->drawn, t->longest, t->loaded };
}

/* ---- checking a solve ---- */

uint64_t rm_solver_verify(const rm_solver *cs, rm_solve_progress_fn progress, void *ctx, char *err,
                          size_t errsize)
{
    rm_solver *s = (rm_solver *)cs; /* (only its scratch: no value changes) */
    const rm_game *g = s->g;
    uint64_t bad = 0;
    err[0] = 0;
    rm_btally *tally = malloc(sizeof *tally);
    rm_turnlist l;
    rm_turnlist_init(&l);
    if (!tally) {
        snprintf(err, errsize, "out of memory");
        return 1;
    }
    size_t size = rm_bits_state_size(s->k);
    for (int ti = 0; ti < s->ntiers; ti++) {
        const tier *t = s->tiers[ti];
        rm_solve_progress pr = { ti + 1, t->name, t->size - t->aliases, 0, 0, t->won, t->lost,
                                 t->drawn, t->longest, t->loaded };
        for (uint64_t i = 0; i < t->size; i++) {
            if (progress && (i & 0xFFFF) == 0) {
                pr.done = i;
                progress(ctx, &pr);
            }
            u128 sets[MAXS];
            int side = position_at(s, t, i, sets);
            if (side < 0)
                continue;
            rm_bstate bs, child;
            rm_state st;
            make_state(s, t, sets, side, &bs);
            int have = get_val(t, i), hd = get_dist(t, i);
            int r = rm_bits_result(g, s->k, &bs, NULL, tally, &l, &st, NULL);
            const char *why = NULL;
            int best_win = -1, worst_loss = -1, draws = 0, n = 0;
            if (r == RM_FAILED) {
                why = "its turns cannot be listed";
            } else if (r != RM_ONGOING) {
                int want = r == RM_DRAW ? RM_VALUE_DRAW : r == side ? RM_VALUE_WIN : RM_VALUE_LOSS;
                if (have != want || (want != RM_VALUE_DRAW && hd != 0))
                    why = "the game is over there, with another result";
            } else {
                n = turn_count(tally, &l);
                for (int j = 0; j < n && !why; j++) {
                    play_turn(s, size, &bs, tally, &l, &st, j, &child);
                    tkey ck;
                    key_of(s, &child, &ck);
                    const tier *ct = find_tier(s, &ck);
                    if (!ct) {
                        why = "a turn leads out of the solved tiers";
                        break;
                    }
                    int d, v = child_value(s, ct, &child, side, &d);
                    if (v == RM_VALUE_WIN && (best_win < 0 || d < best_win))
                        best_win = d;
                    else if (v == RM_VALUE_LOSS && d > worst_loss)
                        worst_loss = d;
                    else if (v == RM_VALUE_DRAW)
                        draws++;
                }
                if (why)
                    ;
                else if (have == RM_VALUE_WIN && (best_win < 0 || hd != best_win + 1))
                    why = best_win < 0 ? "won, but no turn wins" : "won, but not in as many plies";
                else if (have == RM_VALUE_LOSS && (best_win >= 0 || draws || hd != worst_loss + 1))
                    why = best_win >= 0 || draws ? "lost, but a turn does not lose"
                                                 : "lost, but not in as many plies";
                else if (have == RM_VALUE_DRAW && (best_win >= 0 || draws == 0))
                    why = best_win >= 0 ? "drawn, but a turn wins" : "drawn, but every turn loses";
            }
            if (why) {
                if (!bad) {
                    rm_state pos;
                    rm_bits_to_state(s->k, &bs, &pos);
                    snprintf(err, errsize, "tier %s, position %llu: %s", t->name,
                             (unsigned long long)i, why);
                }
                bad++;
            }
        }
        if (progress) {
            pr.done = t->size;
            pr.stage = 2;
            progress(ctx, &pr);
        }
    }
    free(tally);
    rm_turnlist_free(&l);
    return bad;
}

/* ---- the estimate ---- */

/* Calls EACH on every tier key with at most the pieces of the game: each
 * kind on the board and in hand within its count and its hand at the
 * start, each side in any phase from its first, any turns counted. */
static void each_key(rm_solver *s, tkey *key, int kind, void (*each)(rm_solver *, const tkey *, void *),
                     void *ctx)
{
    const rm_game *g = s->g;
    if (kind < g->nkinds) {
        for (int h = 0; h <= g->kinds[kind].hand; h++)
            for (int b = 0; b + h <= g->kinds[kind].count; b++) {
                key->hand[kind] = (uint8_t)h;
                key->on_board[kind] = (uint8_t)b;
                each_key(s, key, kind + 1, each, ctx);
            }
        return;
    }
    const rm_rules *r = &g->rules;
    for (int f0 = r->side_first_phase[0]; f0 < r->side_first_phase[0] + r->side_nphases[0]; f0++)
        for (int f1 = r->side_first_phase[1]; f1 < r->side_first_phase[1] + r->side_nphases[1];
             f1++)
            for (int t0 = 0; t0 <= rm_phase_turns_counted(&r->phases[f0]); t0++)
                for (int t1 = 0; t1 <= rm_phase_turns_counted(&r->phases[f1]); t1++) {
                    key->phase[0] = (uint8_t)f0, key->phase[1] = (uint8_t)f1;
                    key->phase_turns[0] = (uint8_t)t0, key->phase_turns[1] = (uint8_t)t1;
                    each(s, key, ctx);
                }
}

static void estimate_key(rm_solver *s, const tkey *key, void *ctx)
{
    rm_solve_estimate *e = ctx;
    if (ends_within(s, key, 0) || ends_within(s, key, 1))
        return; /* (a phase past its end: no position is in it, but a start set up so) */
    tier t;
    memset(&t, 0, sizeof t);
    t.key = *key;
    e->tiers++;
    if (!plan_tier(s, &t)) {
        e->too_big++;
        return;
    }
    e->positions += t.size;
    if (t.size > e->largest)
        e->largest = t.size;
    /* the working arrays, lean (the counts in the states, as where their
     * bytes would not fit): 1 byte a position, and at most one place in a
     * bucket (4 bytes, 8 past 2^32 positions); and some 12 bytes for each
     * of about 8 turns within the tier where they are kept. With a
     * database, the buckets are in the scratch file (on disk), and the
     * tier's own values and distances are counted (1.25 bytes a
     * position: distances below 256) */
    long double bucket = (long double)t.size * (t.size > UINT32_MAX ? 8 : 4);
    long double kept = (long double)t.size * (t.unmoves ? 0 : 96);
    long double need = (long double)t.size + bucket + kept;
    if (need > e->work)
        e->work = need;
    long double need_db = (long double)t.size * (1 + 1.25L) + kept;
    if (need_db > e->work_db)
        e->work_db = need_db;
    if (bucket > e->scratch)
        e->scratch = bucket;
}

int rm_solve_estimate_of(const rm_game *g, bool no_symmetry, rm_solve_estimate *out, char *err,
                         size_t errsize)
{
    rm_solve_options o = { 0 };
    o.no_symmetry = no_symmetry;
    memset(out, 0, sizeof *out);
    rm_solver *s = new_solver(g, &o, err, errsize);
    if (!s)
        return -1;
    s->count_only = true; /* (the tiers' sizes alone: no table of classes) */
    tkey key;
    memset(&key, 0, sizeof key);
    each_key(s, &key, 0, estimate_key, out);
    out->symmetries = s->nsyms;
    /* the values and distances of every tier (2 bits and 1 byte a
     * position: distances below 256), and the working arrays of the tier
     * that needs most; with a database, that tier alone, and its files (2
     * bytes a distance at most) */
    long double m = (long double)out->positions * (0.25L + 1) + out->work;
    out->memory = m > (long double)SIZE_MAX ? SIZE_MAX : (size_t)m;
    out->memory_db = out->work_db > (long double)SIZE_MAX ? SIZE_MAX : (size_t)out->work_db;
    long double d = (long double)out->positions * 2.25L + out->scratch;
    out->disk = d > (long double)UINT64_MAX ? UINT64_MAX : (uint64_t)d;
    rm_solver_free(s);
    return 0;
}
/* ---- for the tests ---- */

int rm_solve_unmoves(const rm_game *g, const rm_state *st, rm_state *out, int max)
{
    char err[256];
    rm_solver *s = new_solver(g, &(rm_solve_options){ .no_symmetry = true }, err, sizeof err);
    int n = s ? unmoves_of(s, st, out, max) : -1;
    rm_solver_free(s);
    return n;
}

int rm_solve_classes(const rm_game *g, int c, uint64_t *counted, uint64_t *tabled)
{
    char err[256];
    if (c < 0 || c > g->board.npoints)
        return -1;
    rm_solver *s = new_solver(g, &(rm_solve_options){ 0 }, err, sizeof err);
    if (!s)
        return -1;
    const symtab *table;
    *counted = first_classes(s, c, true, &table);
    *tabled = first_classes(s, c, false, &table);
    rm_solver_free(s);
    return 0;
}
