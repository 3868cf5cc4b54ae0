/* web_api.c: the library for the web page (see web_api.h): one game in
 * play, its turns undone to redo, and strings handed out in one buffer. */
#define _POSIX_C_SOURCE 200809L
#include "web_api.h"
#include "clock.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "describe.h"
#include "players.h"
#include "record.h"
#include "render.h"
#include "rimau_all.h"
#include "solve.h"

#define MAX_MESSAGE 65536

static struct session {
    rm_game *g;
    rm_match m;
    char *name;            /* the name the game was loaded under */
    char *text;            /* its text, and the option values it was loaded */
    char *options;         /* with ("NAME=VALUE" lines), for web_validate */
    char **undone;         /* turns taken back, the last one last */
    int nundone, capundone;
    rm_solver *solver;     /* web_solve's, from where the game started; or NULL */
} s;

static char *handed;                 /* the string the last call returned */
static char message[MAX_MESSAGE];   /* web_message() */

/* Hands TEXT (malloc'd, or NULL: "") to the caller until the next call. */
static const char *hand(char *text)
{
    free(handed);
    handed = text;
    return handed ? handed : "";
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
}

/* A stream to build a string in; finish() hands it out. */
typedef struct buf {
    char *text;
    size_t len;
    FILE *f;
} buf;

static bool start(buf *b)
{
    b->text = NULL;
    b->len = 0;
    b->f = open_memstream(&b->text, &b->len);
    if (!b->f)
        say("out of memory");
    return b->f != NULL;
}

static const char *finish(buf *b)
{
    if (fclose(b->f) != 0) {
        free(b->text);
        say("out of memory");
        return hand(NULL);
    }
    return hand(b->text);
}

static bool loaded(void)
{
    if (!s.g)
        say("no game is loaded");
    return s.g != NULL;
}

static void forget_solve(void)
{
    rm_solver_free(s.solver);
    s.solver = NULL;
}

static void forget_undone(void)
{
    for (int i = 0; i < s.nundone; i++)
        free(s.undone[i]);
    s.nundone = 0;
}

const char *web_message(void)
{
    return message;
}

/* ---- loading ---- */

/* Reads OPTIONS ("NAME=VALUE" lines) into C, pointing into COPY (which
 * it splits); -1 with a message when a line is not NAME=VALUE. */
static int read_options(char *copy, rm_choices *c)
{
    c->n = 0;
    for (char *line = copy, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (!*line)
            continue;
        char *eq = strchr(line, '=');
        if (!eq || eq == line || !eq[1]) {
            say("option values are given as NAME=VALUE, not '%s'", SHOWN(line));
            return -1;
        }
        if (c->n == RM_MAX_OPTIONS) {
            say("too many option values");
            return -1;
        }
        *eq = '\0';
        c->name[c->n] = line;
        c->value[c->n] = eq + 1;
        c->n++;
    }
    return 0;
}

int web_load(const char *name, const char *text, const char *options)
{
    message[0] = '\0';
    if (!name || !*name)
        name = "game";
    if (!text)
        text = "";
    char *copy = strdup(options ? options : "");
    char *name_copy = strdup(name);
    char *text_copy = strdup(text);
    char *options_copy = strdup(options ? options : "");
    rm_choices c;
    buf diag;
    if (!copy || !name_copy || !text_copy || !options_copy) {
        say("out of memory");
        goto failed;
    }
    if (read_options(copy, &c) != 0 || !start(&diag))
        goto failed;
    /* as rimau check: under every option value (check.h), and the
     * examples' position strings are read too */
    rm_game *g = NULL;
    rm_source src;
    rm_diag d;
    diag_init(&d, NULL, diag.f);
    if (strlen(text) > RM_MAX_FILE_SIZE) {
        fprintf(diag.f, "%s: error: the text is larger than the limit of %u bytes\n", name,
                RM_MAX_FILE_SIZE);
    } else if (source_from_string(&src, name, text, strlen(text)) != 0) {
        fprintf(diag.f, "%s: error: out of memory\n", name);
    } else {
        d.src = &src;
        d.warn = true;
        g = rm_check_all(&src, &c, &d);
        if (g && (d.errors > 0 || rm_check_example_positions_to(g, &d) > 0)) {
            rm_game_destroy(g);
            g = NULL;
        }
        source_free(&src);
    }
    free(copy);
    copy = NULL;
    fclose(diag.f);
    snprintf(message, sizeof message, "%s", diag.text ? diag.text : "");
    free(diag.text);
    rm_match m;
    if (g && !g->rules.present) {
        size_t len = strlen(message); /* (after its warnings) */
        snprintf(message + len, sizeof message - len,
                 "%s: error: the game has no rules (no phase): it cannot be played\n", name);
        rm_game_destroy(g);
        g = NULL;
    } else if (g && rm_match_init(&m, g) != 0) {
        say("out of memory");
        rm_game_destroy(g);
        g = NULL;
    }
    if (!g) {
        if (!message[0])
            say("%s: error: not a valid game", name);
        goto failed;
    }
    forget_solve(); /* (it plays the game loaded before) */
    if (s.g) {
        rm_match_free(&s.m);
        rm_game_destroy(s.g);
    }
    forget_undone();
    free(s.name);
    free(s.text);
    free(s.options);
    s.g = g;
    s.m = m;
    s.name = name_copy;
    s.text = text_copy;
    s.options = options_copy;
    return 0;
failed:
    free(copy);
    free(name_copy);
    free(text_copy);
    free(options_copy);
    return -1;
}

/* ---- the game ---- */

const char *web_name(void)
{
    if (!loaded())
        return hand(NULL);
    return hand(strdup(s.g->name ? s.g->name : ""));
}

const char *web_sides(void)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    for (int i = 0; i < s.g->nsides; i++)
        fprintf(b.f, "%s\n", s.g->sides[i].name);
    return finish(&b);
}

const char *web_points(void)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    for (int p = 0; p < s.g->board.npoints; p++)
        fprintf(b.f, "%s\n", s.g->board.points[p].name);
    return finish(&b);
}

/* TEXT with its tabs and newlines as blanks. */
static void put_field(FILE *f, const char *text)
{
    for (; text && *text; text++)
        fputc(*text == '\t' || *text == '\n' ? ' ' : *text, f);
}

const char *web_options(void)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    for (int i = 0; i < s.g->noptions; i++) {
        const rm_option *o = &s.g->options[i];
        put_field(b.f, o->name);
        fputc('\t', b.f);
        for (int v = 0; v < o->nvalues; v++) {
            if (v)
                fputc('|', b.f);
            put_field(b.f, o->values[v]);
        }
        fputc('\t', b.f);
        put_field(b.f, o->values[o->chosen]);
        fputc('\t', b.f);
        put_field(b.f, o->doc);
        fputc('\n', b.f);
    }
    return finish(&b);
}

const char *web_info(void)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    rm_describe(b.f, s.g);
    return finish(&b);
}

/* ---- turns ---- */

const char *web_turns(void)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    const rm_turnlist *l = NULL;
    if (rm_match_result(&s.m) == RM_ONGOING)
        l = rm_match_turns(&s.m);
    for (int i = 0; l && i < l->n; i++) {
        const rm_move *mv = rm_turn_moves(l, i);
        int n = l->turns[i].n;
        char *text = rm_turn_text(s.g, mv, n);
        if (!text)
            continue;
        fputs(text, b.f);
        free(text);
        fputc('\t', b.f);
        for (int k = 0; k < n; k++) {
            const rm_move *m = &mv[k];
            bool chained = m->type == RM_MV_CAPTURE && (m->flags & RM_MVF_CHAIN) && k > 0;
            if (chained) {
                fprintf(b.f, ".%d", m->to);
                continue;
            }
            if (k > 0)
                fputc(' ', b.f);
            switch (m->type) {
            case RM_MV_DROP:
                fprintf(b.f, "d%d", m->to);
                break;
            case RM_MV_MOVE:
                fprintf(b.f, "m%d.%d", m->from, m->to);
                break;
            case RM_MV_CAPTURE:
                fprintf(b.f, "x%d.%d", m->from, m->to);
                break;
            default:
                fprintf(b.f, "r%d", m->from);
                break;
            }
        }
        fputc('\n', b.f);
    }
    return finish(&b);
}

int web_play(const char *text)
{
    if (!loaded())
        return -1;
    if (!text)
        text = "";
    char err[512];
    if (rm_match_play_text(&s.m, text, err, sizeof err) != 0) {
        if (rm_match_result(&s.m) != RM_ONGOING)
            say("the game is over: no turn can be played");
        else
            say("'%s': %s", SHOWN(text), err);
        return -1;
    }
    /* the next turn undone, played again, stays undone no more; another
     * turn forgets them all */
    if (s.nundone > 0 && strcmp(s.undone[s.nundone - 1], s.m.texts[s.m.n - 1]) == 0)
        free(s.undone[--s.nundone]);
    else
        forget_undone();
    return 0;
}

int web_play_many(const char *text)
{
    if (!loaded())
        return -1;
    char err[600];
    forget_undone();
    if (rm_match_play_many(&s.m, text ? text : "", err, sizeof err) != 0) {
        say("%s", err);
        return -1;
    }
    return 0;
}

int web_undo(void)
{
    if (!loaded() || s.m.n == 0)
        return 0;
    if (s.nundone == s.capundone) {
        int cap = s.capundone ? 2 * s.capundone : 64;
        char **more = realloc(s.undone, (size_t)cap * sizeof *more);
        if (!more) {
            say("out of memory");
            return 0;
        }
        s.undone = more;
        s.capundone = cap;
    }
    char *text = strdup(s.m.texts[s.m.n - 1]);
    if (!text) {
        say("out of memory");
        return 0;
    }
    if (rm_match_undo(&s.m, 1) != 1) {
        free(text);
        return 0;
    }
    s.undone[s.nundone++] = text;
    return 1;
}

int web_redo(void)
{
    if (!loaded() || s.nundone == 0)
        return 0;
    char err[512];
    if (rm_match_play_text(&s.m, s.undone[s.nundone - 1], err, sizeof err) != 0) {
        say("%s", err);
        return 0;
    }
    free(s.undone[--s.nundone]);
    return 1;
}

int web_turns_played(void)
{
    return s.g ? s.m.n : 0;
}

int web_turns_undone(void)
{
    return s.g ? s.nundone : 0;
}

int web_to_move(void)
{
    return s.g ? rm_state_to_move(rm_match_state(&s.m)) : 0;
}

const char *web_history(void)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    rm_turn_marks *t = malloc(sizeof *t);
    for (int i = 0; t && i < s.m.n; i++) {
        int side = rm_state_to_move(&s.m.states[i]);
        fprintf(b.f, "%d\t%s\t%s\t", i + 1, s.g->sides[side].name, s.m.texts[i]);
        rm_match_turn_marks(&s.m, i, t);
        bool first = true;
        for (int p = 0; p < s.g->board.npoints; p++) {
            if (t->lost[p] <= 0)
                continue;
            fprintf(b.f, "%s%s", first ? "" : ", ", s.g->board.points[p].name);
            if (t->lost[p] > 1)
                fprintf(b.f, " (%d)", t->lost[p]);
            first = false;
        }
        fputc('\n', b.f);
    }
    free(t);
    return finish(&b);
}

/* ---- positions ---- */

const char *web_position(void)
{
    if (!loaded())
        return hand(NULL);
    char *text = rm_position_string(s.g, rm_match_state(&s.m));
    if (!text)
        say("out of memory");
    return hand(text);
}

int web_set_position(const char *text)
{
    if (!loaded())
        return -1;
    if (!text)
        text = "";
    char err[512];
    int at = 0;
    rm_state st;
    if (rm_parse_position_string(s.g, text, &st, &at, err, sizeof err) != 0) {
        say("character %d: %s\n    %.400s\n    %*s^", at + 1, err, text, at < 400 ? at : 400,
            "");
        return -1;
    }
    rm_match_restart(&s.m, &st);
    forget_undone();
    forget_solve();
    return 0;
}

void web_restart(void)
{
    if (!s.g)
        return;
    rm_state start = s.m.states[0];
    rm_match_restart(&s.m, &start);
    forget_undone();
}

const char *web_svg(int names)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    rm_position pos;
    rm_state_position(s.g, rm_match_state(&s.m), &pos);
    rm_view v = { pos.kind, pos.count, pos.hand };
    rm_marks mk = { .fragment = true, .names = names != 0, .hooks = true };
    rm_turn_marks *t = s.m.n > 0 ? malloc(sizeof *t) : NULL;
    bool taken[RM_MAX_POINTS];
    char caption[RM_MAX_TURN_TEXT + 32];
    if (t) {
        rm_match_turn_marks(&s.m, s.m.n - 1, t);
        for (int p = 0; p < s.g->board.npoints; p++)
            taken[p] = t->lost[p] > 0;
        mk.narrows = t->narrows;
        mk.arrows = (const uint8_t(*)[2])t->arrows;
        mk.dropped = t->dropped;
        mk.taken = taken;
        snprintf(caption, sizeof caption, "%d. %.*s", s.m.n, RM_MAX_TURN_TEXT,
                 s.m.texts[s.m.n - 1]);
        mk.caption = caption;
    }
    render_svg_marked(b.f, s.g, &v, &mk);
    free(t);
    return finish(&b);
}

const char *web_result(void)
{
    if (!loaded())
        return hand(NULL);
    int r = rm_match_result(&s.m);
    if (r == RM_ONGOING)
        return hand(NULL);
    buf b;
    if (!start(&b))
        return hand(NULL);
    if (r == RM_FAILED) {
        fprintf(b.f, "the game cannot go on: %s", s.m.why);
    } else {
        char res[128];
        fprintf(b.f, "%s", rm_result_text(s.g, r, res, sizeof res));
        if (s.m.why[0])
            fprintf(b.f, " (%s)", s.m.why);
        fprintf(b.f, " after %d turn%s", s.m.n, s.m.n == 1 ? "" : "s");
    }
    return finish(&b);
}

/* ---- the computer ---- */

const char *web_choose(const char *player, int ms, double seed)
{
    if (!loaded())
        return hand(NULL);
    if (rm_match_result(&s.m) != RM_ONGOING || rm_match_turns(&s.m)->n == 0) {
        say("the game is over: there is no turn to choose");
        return hand(NULL);
    }
    if (!player || !*player)
        player = "mcts";
    if (ms < 1)
        ms = 1;
    char spec[256], err[512];
    if (strchr(player, ':'))
        snprintf(spec, sizeof spec, "%s", player);
    else
        snprintf(spec, sizeof spec, "%s:%dms", player, ms);
    /* (perfect plays by the solve kept here, and never solves itself) */
    rm_player_limits limits = { 0, s.solver };
    bool perfect = strncmp(player, "perfect", 7) == 0 && (!player[7] || player[7] == ':');
    if (perfect && !s.solver) {
        say("the game is not solved: solve it first (web_solve)");
        return hand(NULL);
    }
    rm_player *p = rm_player_new_limited(s.g, perfect ? "perfect" : spec,
                                         (uint64_t)(seed < 0 ? 0 : seed), perfect ? &limits : NULL,
                                         err, sizeof err);
    if (!p) {
        say("%s", err);
        return hand(NULL);
    }
    int i = rm_player_choose(p, &s.m);
    rm_player_free(p);
    const rm_turnlist *l = rm_match_turns(&s.m);
    if (i < 0 || i >= l->n) {
        say("out of memory");
        return hand(NULL);
    }
    char *text = rm_turn_text(s.g, rm_turn_moves(l, i), l->turns[i].n);
    if (!text)
        say("out of memory");
    return hand(text);
}

/* ---- the solve ---- */

struct deadline {
    double end;
};

static bool past_deadline(void *ctx)
{
    return rm_seconds() > ((struct deadline *)ctx)->end;
}

int web_solve(double seconds, int megabytes)
{
    if (!loaded())
        return -1;
    if (s.solver)
        return 0;
    struct deadline dl = { rm_seconds() + (seconds > 0 ? seconds : 1) };
    rm_solve_options o = { 0 };
    o.memory = (size_t)(megabytes > 0 ? megabytes : 256) << 20;
    o.root = &s.m.states[0];
    o.stop = past_deadline;
    o.ctx = &dl;
    char why[768];
    s.solver = rm_solve(s.g, &o, why, sizeof why);
    if (!s.solver) {
        if (rm_seconds() > dl.end)
            say("the game cannot be solved here within %g s", seconds);
        else
            say("the game cannot be solved here: %s", why);
        return -1;
    }
    return 0;
}

int web_solved(void)
{
    return s.g && s.solver;
}

/* The value V at distance D for the side SIDE of the game, in words. */
static void put_value(FILE *f, int side, int v, int d)
{
    if (v == RM_VALUE_DRAW) {
        fputs("draw", f);
        return;
    }
    int winner = v == RM_VALUE_WIN ? side : 1 - side;
    fprintf(f, "%s win in %d pl%s", s.g->sides[winner].name, d, d == 1 ? "y" : "ies");
}

const char *web_solve_summary(void)
{
    buf b;
    if (!s.g || !s.solver || !start(&b))
        return hand(NULL);
    int d, v = rm_solver_value(s.solver, &s.m.states[0], &d);
    if (v >= 0)
        put_value(b.f, rm_state_to_move(&s.m.states[0]), v, d);
    rm_solve_stats st;
    rm_solver_stats(s.solver, &st);
    fprintf(b.f, "%s%" PRIu64 " positions solved in %.2f s%s", v >= 0 ? " (" : "", st.positions,
            st.seconds, v >= 0 ? ")" : "");
    return finish(&b);
}

const char *web_value(void)
{
    buf b;
    if (!s.g || !s.solver || !start(&b))
        return hand(NULL);
    const rm_state *st = rm_match_state(&s.m);
    int d, v = rm_solver_value(s.solver, st, &d);
    if (v >= 0)
        put_value(b.f, rm_state_to_move(st), v, d);
    return finish(&b);
}

/* ---- records ---- */

const char *web_read_record(const char *name, const char *text)
{
    message[0] = '\0';
    if (!name || !*name)
        name = "record";
    if (!text)
        text = "";
    rm_source src;
    if (strlen(text) > RM_MAX_RECORD_SIZE) {
        say("%s: error: the record is larger than %zu MiB", name, RM_MAX_RECORD_SIZE >> 20);
        return hand(NULL);
    }
    if (source_from_string(&src, name, text, strlen(text)) != 0) {
        say("out of memory");
        return hand(NULL);
    }
    buf diag, b;
    if (!start(&diag)) {
        source_free(&src);
        return hand(NULL);
    }
    rm_diag d;
    diag_init(&d, &src, diag.f);
    rm_record rec;
    int parsed = rm_record_parse(&src, &rec, &d);
    const char *game = rm_record_tag(&rec, "File");
    const char *path = rm_record_tag(&rec, "Game");
    if (!game && path) {
        game = strrchr(path, '/');
        game = game ? game + 1 : path;
    }
    if (parsed == 0 && (!game || !*game))
        diag_error(&d, (rm_span){ 0, 0 }, "the record has no [Game \"FILE\"] tag");
    fclose(diag.f);
    bool ok = parsed == 0 && game && *game;
    if (!ok)
        say("%s", diag.text && diag.text[0] ? diag.text : "not a game record");
    free(diag.text);
    const char *out = NULL;
    if (ok && start(&b)) {
        fputs("game\t", b.f);
        put_field(b.f, game);
        fputc('\n', b.f);
        for (int i = 0; i < rec.ntags; i++)
            if (strcmp(rec.key[i], "Option") == 0) {
                fputs("option\t", b.f);
                put_field(b.f, rec.value[i]);
                fputc('\n', b.f);
            }
        const char *result = rm_record_tag(&rec, "Result");
        if (result) {
            fputs("result\t", b.f);
            put_field(b.f, result);
            fputc('\n', b.f);
        }
        for (int i = 0; i < rec.nturns; i++) {
            fputs("turn\t", b.f);
            put_field(b.f, rec.turns[i]);
            fputc('\n', b.f);
        }
        out = finish(&b);
    }
    rm_record_free(&rec);
    source_free(&src);
    return out ? out : hand(NULL);
}

const char *web_perft(int depth)
{
    if (!loaded())
        return hand(NULL);
    if (depth < 1 || depth > 6) {
        say("perft takes a depth of 1 to 6, not %d", depth);
        return hand(NULL);
    }
    rm_turnlist lists[6];
    for (int i = 0; i < 6; i++)
        rm_turnlist_init(&lists[i]);
    bool failed = false;
    uint64_t n = rm_perft(s.g, rm_match_state(&s.m), depth, lists, &failed);
    for (int i = 0; i < 6; i++)
        rm_turnlist_free(&lists[i]);
    if (failed) {
        say("a position has too many ways to play to count them");
        return hand(NULL);
    }
    char text[32];
    snprintf(text, sizeof text, "%" PRIu64, n);
    return hand(strdup(text));
}

/* Runs example EX of the game, G when it has the option values the
 * example asks for, else the game loaded again with them; 1 when it
 * holds, 0 with *LINE and MSG when not. */
static int run_example(const rm_example *ex, int *line, char *msg, size_t size)
{
    if (!ex->off)
        return rm_run_example(s.g, ex, line, msg, size) == 0;
    /* the options in force, those the example gives replaced */
    char *copy = strdup(s.options);
    rm_choices c;
    if (!copy || read_options(copy, &c) != 0) {
        free(copy);
        snprintf(msg, size, "out of memory");
        *line = ex->line;
        return 0;
    }
    for (int w = 0; w < ex->nwith; w++) {
        int k = 0;
        while (k < c.n && strcmp(c.name[k], ex->with_name[w]) != 0)
            k++;
        if (k == c.n && c.n == RM_MAX_OPTIONS)
            continue;
        if (k == c.n)
            c.n++;
        c.name[k] = ex->with_name[w];
        c.value[k] = ex->with_value[w];
    }
    rm_game *g = rm_load_string_with(s.name, s.text, strlen(s.text), &c, NULL, NULL);
    free(copy);
    int ok = 0;
    *line = ex->line;
    if (!g) {
        snprintf(msg, size, "the game does not load with the options the example gives");
        return 0;
    }
    for (int i = 0; i < g->nexamples; i++)
        if (!g->examples[i].off && strcmp(g->examples[i].name, ex->name) == 0) {
            ok = rm_run_example(g, &g->examples[i], line, msg, size) == 0;
            break;
        }
    rm_game_destroy(g);
    return ok;
}

const char *web_validate(void)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    for (int i = 0; i < s.g->nexamples; i++) {
        const rm_example *ex = &s.g->examples[i];
        int line = 0;
        char msg[1024] = "";
        int ok = run_example(ex, &line, msg, sizeof msg);
        put_field(b.f, ex->name);
        if (ok)
            fputs("\tok\n", b.f);
        else {
            fprintf(b.f, "\tFAILED\t%d\t", line);
            put_field(b.f, msg);
            fputc('\n', b.f);
        }
    }
    return finish(&b);
}

const char *web_record(const char *player0, const char *player1)
{
    buf b;
    if (!loaded() || !start(&b))
        return hand(NULL);
    int r = rm_match_result(&s.m);
    rm_record_info info = { s.name, NULL, { player0, player1 }, r == RM_FAILED ? RM_ONGOING : r,
                            s.m.why };
    rm_record_write(b.f, &s.m, &info);
    return finish(&b);
}

double web_bench(double seconds)
{
    if (!loaded())
        return -1;
    rm_turnlist l;
    rm_turnlist_init(&l);
    rm_history h;
    rm_history_init(&h);
    rm_state st;
    uint64_t rng = 1;
    double rate = -1;
    /* a second's warm-up, as rimau bench's, then the measured run */
    for (int run = 0; run < 2; run++) {
        double t0 = rm_seconds(), elapsed = 0;
        long plies = 0;
        do {
            int t = 0;
            rm_initial(s.g, &st);
            if (rm_history_start(&h, &st) != 0) {
                say("out of memory");
                run = 2;
                break;
            }
            rm_playout(s.g, &st, &h, &l, &rng, -1, &t);
            plies += t;
            elapsed = rm_seconds() - t0;
        } while (elapsed < (run == 0 && seconds > 1.0 ? 1.0 : seconds));
        if (run == 1 && elapsed > 0)
            rate = (double)plies / elapsed;
    }
    rm_turnlist_free(&l);
    rm_history_free(&h);
    return rate;
}
