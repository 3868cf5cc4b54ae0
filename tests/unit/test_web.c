/* test_web.c: the web page's API (src/web/web_api.c), built natively:
 * the same C the page runs as WebAssembly. */
#include "helpers.h"

#include "web_api.h"

/* The text of $srcdir/SUB/NAME, malloc'd. */
static char *slurp(const char *sub, const char *name)
{
    const char *srcdir = getenv("srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s", srcdir ? srcdir : ".", sub, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

static void load_game(const char *file, const char *options)
{
    char *text = slurp("games", file);
    int rc = web_load(file, text, options);
    if (rc != 0)
        fail_msg("web_load %s: %s", file, web_message());
    free(text);
}

/* The number of lines of TEXT. */
static int lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

/* The first field (to a tab) of line I of TEXT, in BUF. */
static const char *field0(const char *text, int i, char *buf, size_t size)
{
    for (; i > 0 && *text; text++)
        i -= *text == '\n';
    size_t n = strcspn(text, "\t\n");
    snprintf(buf, size, "%.*s", (int)n, text);
    return buf;
}

/* Every error case of tests/errors gives, through web_load, the messages
 * rimau check prints (tests/check-errors.sh checks rimau check's). */
static void test_diagnostics_as_check(void **state)
{
    (void)state;
    char names[SHIPPED_MAX][256], dir[4096];
    int n = games_in("tests/errors", names, dir);
    assert_true(n > 50);
    for (int i = 0; i < n; i++) {
        char *text = slurp("tests/errors", names[i]);
        char err_name[300], game_name[300];
        snprintf(err_name, sizeof err_name, "%.*s.err", (int)(strlen(names[i]) - 5), names[i]);
        snprintf(game_name, sizeof game_name, "errors/%s", names[i]);
        char *want = slurp("tests/errors", err_name);
        int rc = web_load(game_name, text, NULL);
        if (strstr(want, ": error: ")) {
            if (rc != -1 || strcmp(web_message(), want) != 0)
                fail_msg("%s: web_load gave %d and\n%s\nnot\n%s", names[i], rc, web_message(),
                         want);
        } else if (strncmp(web_message(), want, strlen(want)) != 0) {
            fail_msg("%s: warnings\n%s\nnot\n%s", names[i], web_message(), want);
        }
        free(text);
        free(want);
    }
}

static void test_bad_input(void **state)
{
    (void)state;
    load_game("tiger-and-buffaloes.game", NULL);
    /* a failed load keeps the game loaded before */
    assert_int_equal(web_load("x.game", "game \"x\"\nboard {", NULL), -1);
    assert_non_null(strstr(web_message(), "x.game:2:"));
    assert_string_equal(web_name(), "Tiger and Buffaloes");
    assert_int_equal(web_load("x.game", "", "nonsense"), -1);
    assert_non_null(strstr(web_message(), "NAME=VALUE"));
    assert_int_equal(web_play("zz9-a1"), -1);
    assert_non_null(strstr(web_message(), "zz9-a1"));
    assert_int_equal(web_play(""), -1);
    assert_int_equal(web_play(NULL), -1);
    assert_int_equal(web_play_many("1. nonsense"), -1);
    assert_int_equal(web_set_position("not a position"), -1);
    assert_non_null(strstr(web_message(), "character "));
    assert_int_equal(web_set_position(NULL), -1);
    assert_string_equal(web_choose("nobody", 10, 1), "");
    assert_string_equal(web_perft(0), "");
    assert_string_equal(web_perft(99), "");
    assert_int_equal(web_turns_played(), 0);
    /* an unknown option value is an error of the file's */
    char *text = slurp("games", "rimau-rimau-a.game");
    assert_int_equal(web_load("rimau-rimau-a.game", text, "nosuch=1"), -1);
    assert_non_null(strstr(web_message(), "rimau-rimau-a.game"));
    free(text);
}

static void test_play_undo_redo(void **state)
{
    (void)state;
    load_game("tiger-and-buffaloes.game", NULL);
    assert_string_equal(web_sides(), "tigers\nbuffaloes\n");
    assert_non_null(strstr(web_info(), "name:     Tiger and Buffaloes\n"));
    char first[256], second[256];
    const char *turns = web_turns();
    int n = lines(turns);
    assert_true(n > 1);
    /* perft 1 counts the turns listed */
    char count[32];
    snprintf(count, sizeof count, "%d", n);
    assert_string_equal(web_perft(1), count);
    field0(web_turns(), 0, first, sizeof first);
    char *start = strdup(web_position());
    int mover = web_to_move();
    assert_int_equal(web_play(first), 0);
    assert_int_equal(web_to_move(), 1 - mover);
    field0(web_turns(), 0, second, sizeof second);
    assert_int_equal(web_play(second), 0);
    assert_int_equal(web_turns_played(), 2);
    char *history = strdup(web_history());
    char want[600];
    snprintf(want, sizeof want, "1\t%s\t%s\t", mover ? "buffaloes" : "tigers", first);
    assert_memory_equal(history, want, strlen(want));
    assert_int_equal(web_undo(), 1);
    assert_int_equal(web_undo(), 1);
    assert_int_equal(web_undo(), 0);
    assert_string_equal(web_position(), start);
    assert_int_equal(web_turns_undone(), 2);
    assert_int_equal(web_redo(), 1);
    assert_int_equal(web_redo(), 1);
    assert_int_equal(web_redo(), 0);
    assert_string_equal(web_history(), history);
    /* another turn after an undo forgets the turns undone */
    assert_int_equal(web_undo(), 1);
    field0(web_turns(), lines(web_turns()) - 1, second, sizeof second);
    assert_int_equal(web_play(second), 0);
    assert_int_equal(web_turns_undone(), 0);
    /* a position string read back gives the same position */
    char *now = strdup(web_position());
    assert_int_equal(web_set_position(start), 0);
    assert_string_equal(web_position(), start);
    assert_int_equal(web_set_position(now), 0);
    assert_string_equal(web_position(), now);
    assert_int_equal(web_turns_played(), 0);
    free(now);
    free(start);
    free(history);
}

static void test_turns_as_clicks(void **state)
{
    (void)state;
    /* Alquerque: steps, then captures that chain */
    load_game("alquerque.game", NULL);
    const char *t = web_turns();
    assert_non_null(strstr(t, "\tm"));
    /* Rimau-rimau A: the tigers' first turn removes three men */
    load_game("rimau-rimau-a.game", NULL);
    t = web_turns();
    char line[256];
    field0(t, 0, line, sizeof line);
    assert_non_null(strchr(line, ','));
    assert_non_null(strstr(t, "\tr"));
    /* a chain: captures joined into one group, "x" then the landings;
     * the chain cut short is a turn too (a random game's, seed 2) */
    load_game("alquerque.game", NULL);
    assert_int_equal(web_play_many("c2-c3 c4xc2 c1xc3 a3xc1 c3xa3 d4-c3 d3xb3 b4xb2 b1xb3 "
                                   "e5-d4"), 0);
    assert_string_equal(web_turns(), "d1xb1\tx3.1\ne3xe5\tx14.24\ne3xe5xc3\tx14.24.12\n");
}

static void test_svg_and_result(void **state)
{
    (void)state;
    load_game("kaooa.game", NULL);
    const char *svg = web_svg(1);
    assert_memory_equal(svg, "<svg ", 5);
    assert_non_null(strstr(svg, "data-point=\"0\""));
    assert_non_null(strstr(svg, "class=\"name\""));
    assert_null(strstr(web_svg(0), "class=\"name\""));
    assert_string_equal(web_result(), "");
    /* the computer plays to the end: a result in words */
    for (int i = 0; i < 400 && !web_result()[0]; i++) {
        char *turn = strdup(web_choose(i % 2 ? "random" : "mcts", 5, i));
        assert_true(turn[0] != '\0');
        assert_int_equal(web_play(turn), 0);
        free(turn);
    }
    const char *res = web_result();
    assert_non_null(strstr(res, " after "));
    assert_true(strstr(res, "win") || strstr(res, "draw"));
    assert_string_equal(web_choose("random", 5, 1), "");
    assert_int_equal(web_play("t1"), -1);
    const char *rec = web_record("crows=human", "vulture=mcts");
    assert_non_null(strstr(rec, "[Game \"kaooa.game\"]"));
    assert_null(strstr(rec, "[Result \"*\"]"));
}

static void test_options_and_bench(void **state)
{
    (void)state;
    load_game("rimau-rimau-a.game", NULL);
    const char *o = web_options();
    if (o[0]) {
        /* the first option with its second value */
        char name[128], values[512];
        assert_int_equal(sscanf(o, "%127[^\t]\t%511[^\t]", name, values), 2);
        char *bar = strchr(values, '|');
        assert_non_null(bar);
        char opt[700];
        snprintf(opt, sizeof opt, "%s=%.*s", name, (int)strcspn(bar + 1, "|"), bar + 1);
        load_game("rimau-rimau-a.game", opt);
        assert_non_null(strstr(web_options(), "\t"));
    }
    assert_true(web_bench(0.05) > 0);
}

/* The examples' verdicts: every example of Kaooa holds, the one for the
 * other first side (with first = vulture) too; an assertion made false
 * fails at its line with rimau validate's reason. */
static void test_validate(void **state)
{
    (void)state;
    load_game("kaooa.game", NULL);
    const char *v = web_validate();
    assert_true(lines(v) >= 10);
    assert_null(strstr(v, "FAILED"));
    assert_non_null(strstr(v, "on one page the vulture is placed first\tok\n"));
    char *text = slurp("games", "kaooa.game");
    char *at = strstr(text, "    legal \"i5-i4\"");
    assert_non_null(at);
    memcpy(at + 2, "illegal", 7); /* (over "  legal": "  illegal \"i5-i4\"") */
    int line = 1;
    for (const char *c = text; c < at; c++)
        line += *c == '\n';
    assert_int_equal(web_load("kaooa.game", text, NULL), 0);
    char want[256];
    snprintf(want, sizeof want, "\tFAILED\t%d\t'i5-i4' should not be legal, but it is\n", line);
    assert_non_null(strstr(web_validate(), want));
    free(text);
    load_game("kaooa.game", "first=vulture");
    assert_null(strstr(web_validate(), "FAILED"));
}

/* Kaooa solved, the perfect player by it, the value of a position; a game
 * too large for the limits refused with the reason, never a crash. */
static void test_solve_and_perfect(void **state)
{
    (void)state;
    load_game("kaooa.game", NULL);
    assert_int_equal(web_solved(), 0);
    assert_string_equal(web_value(), "");
    assert_string_equal(web_choose("perfect", 10, 1), "");
    assert_non_null(strstr(web_message(), "not solved"));
    assert_int_equal(web_solve(30, 64), 0);
    assert_int_equal(web_solved(), 1);
    assert_non_null(strstr(web_solve_summary(), "crows win in 15 plies ("));
    assert_string_equal(web_value(), "crows win in 15 plies");
    /* the perfect crows win in 15 plies against any vulture */
    for (int i = 0; i < 200 && !web_result()[0]; i++) {
        char *turn = strdup(web_choose(i % 2 ? "random" : "perfect", 10, i));
        assert_true(turn[0] != '\0');
        assert_int_equal(web_play(turn), 0);
        free(turn);
    }
    assert_non_null(strstr(web_result(), "crows win"));
    assert_true(web_turns_played() <= 15);
    /* a restart keeps the solve; a new game forgets it */
    web_restart();
    assert_int_equal(web_turns_played(), 0);
    assert_int_equal(web_solved(), 1);
    load_game("kaooa.game", NULL);
    assert_int_equal(web_solved(), 0);
    /* Rimau-rimau: the memory given is far too small */
    load_game("rimau-rimau-a.game", NULL);
    assert_int_equal(web_solve(5, 1), -1);
    assert_non_null(strstr(web_message(), "cannot be solved here"));
    assert_int_equal(web_solved(), 0);
}

/* A record read back, and records that are not. */
static void test_read_record(void **state)
{
    (void)state;
    load_game("kaooa.game", NULL);
    assert_int_equal(web_play_many("t1 t2 i1"), 0);
    char *rec = strdup(web_record("crows=human", "vulture=human"));
    const char *r = web_read_record("k.rec", rec);
    assert_non_null(strstr(r, "game\tkaooa.game\n"));
    assert_non_null(strstr(r, "result\t*\n"));
    assert_non_null(strstr(r, "turn\tt1\nturn\tt2\nturn\ti1\n"));
    free(rec);
    assert_string_equal(web_read_record("x.rec", "[Game \"kaooa.game\"]\n[Result \"*\"]\n1. t1 3. t2 *\n"), "");
    assert_non_null(strstr(web_message(), "x.rec:3:7: error: turn number 3 where 2 was expected"));
    assert_string_equal(web_read_record("y.rec", "1. t1 *\n"), "");
    assert_non_null(strstr(web_message(), "no [Game"));
    assert_string_equal(web_read_record("z.rec", "\x89PNG\r\n\x1a\n\x01\x02"), "");
    assert_true(web_message()[0] != '\0');
    assert_string_equal(web_read_record(NULL, NULL), "");
    /* the game loaded is kept */
    assert_int_equal(web_turns_played(), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diagnostics_as_check),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_play_undo_redo),
        cmocka_unit_test(test_turns_as_clicks),
        cmocka_unit_test(test_svg_and_result),
        cmocka_unit_test(test_options_and_bench),
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_solve_and_perfect),
        cmocka_unit_test(test_read_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
