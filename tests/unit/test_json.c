/* test_json.c: the JSON line of a tournament's game (src/cli/cli_json.c):
 * what selfplay writes reads back whole, whatever the names' length; a
 * line that is not exactly a game is refused with its reason and place,
 * never half read; old lines with bare seeds still read; a game's option
 * values, when it has options, are written last and read back. */
#include "helpers.h"

#include "cli_json.h"

/* Reads LINE (up to its NUL), failing the test when it is refused. */
static void read_ok(const char *line, cli_outcome *o)
{
    char why[256];
    int col;
    if (cli_outcome_read(line, strlen(line), o, why, sizeof why, &col) != 0)
        fail_msg("refused (column %d: %s): %s", col, why, line);
}

/* Reads LINE, which must be refused with a reason holding WANT and, when
 * WANT_COL is not -1, that column. */
static void read_bad(const char *line, size_t len, const char *want, int want_col)
{
    char why[256];
    int col;
    cli_outcome o;
    if (cli_outcome_read(line, len, &o, why, sizeof why, &col) == 0) {
        cli_outcome_free(&o);
        fail_msg("accepted: %.*s", (int)len, line);
    }
    if (!strstr(why, want))
        fail_msg("the reason '%s' does not say '%s': %.*s", why, want, (int)len, line);
    if (want_col != -1 && col != want_col)
        fail_msg("column %d, not %d (%s): %.*s", col, want_col, why, (int)len, line);
}

static void refused(const char *line, const char *want)
{
    read_bad(line, strlen(line), want, -1);
}

static const char good[] = "{\"game\": 3, \"seed\": \"11400714819323198485\", \"sides\": [\"tigers\", "
                           "\"men\"], \"players\": [\"mcts:1000\", \"random\"], \"winner\": \"men\", "
                           "\"turns\": 75, \"captures\": 21}";

static void line__of_an_outcome__is_the_documented_format(void **state)
{
    (void)state;
    cli_outcome o = { 2, 11400714819323198485ull, { "tigers", "men" }, { "mcts:1000", "random" },
                      1, 75, 21, NULL, NULL };
    char why[256];
    char *line = cli_outcome_line(&o, why, sizeof why);
    assert_non_null(line);
    assert_string_equal(line, good);
    free(line);
    o.winner = -1;
    line = cli_outcome_line(&o, why, sizeof why);
    assert_non_null(strstr(line, "\"winner\": null, "));
    free(line);
}

static void line__of_a_game_with_options__ends_with_them(void **state)
{
    (void)state;
    rm_choices opts = { 2, { "first", "chain" }, { "men", "n\"o" } };
    cli_outcome o = { 2, 11400714819323198485ull, { "tigers", "men" }, { "mcts:1000", "random" },
                      1, 75, 21, NULL, &opts }, r;
    char why[256];
    char *line = cli_outcome_line(&o, why, sizeof why);
    assert_non_null(line);
    char want[sizeof good + 64];
    snprintf(want, sizeof want, "%.*s, \"options\": {\"first\": \"men\", \"chain\": \"n\\\"o\"}}",
             (int)strlen(good) - 1, good);
    assert_string_equal(line, want);
    read_ok(line, &r);
    assert_non_null(r.options);
    assert_int_equal(r.options->n, 2);
    assert_string_equal(r.options->name[0], "first");
    assert_string_equal(r.options->value[0], "men");
    assert_string_equal(r.options->name[1], "chain");
    assert_string_equal(r.options->value[1], "n\"o");
    assert_string_equal(r.side[1], "men");
    assert_true(cli_options_hold(r.options, &(rm_choices){ 1, { "chain" }, { "n\"o" } }));
    assert_false(cli_options_hold(r.options, &(rm_choices){ 1, { "chain" }, { "no" } }));
    assert_false(cli_options_hold(r.options, &(rm_choices){ 1, { "size" }, { "big" } }));
    assert_true(cli_options_hold(NULL, &(rm_choices){ 0 }));
    assert_false(cli_options_hold(NULL, &(rm_choices){ 1, { "chain" }, { "no" } }));
    cli_outcome_free(&r);
    free(line);
    /* a line without options (a game without any, or an earlier Rimau's) */
    read_ok(good, &r);
    assert_null(r.options);
    cli_outcome_free(&r);
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0, \"options\": [\"a=b\"]}",
            "\"options\" is not an object of option names and values");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0, \"options\": {\"a\": 1}}",
            "\"options\" is not an object of option names and values");
}

static void line__written_then_read__is_the_same_game(void **state)
{
    (void)state;
    /* names of 200 bytes, and of every sort of character JSON escapes */
    char side0[201], side1[201], player0[201];
    memset(side0, 'x', 200);
    memset(side1, 'y', 200);
    memset(player0, 'p', 200);
    side0[200] = side1[200] = player0[200] = '\0';
    memcpy(side1, "\"\\\t\n\x1b/\xc3\xa9", 9);
    uint64_t seeds[] = { 0, 1, 9223372036854775807ull, 9223372036854775808ull, UINT64_MAX };
    for (int k = 0; k < 5; k++) {
        for (int w = -1; w <= 1; w++) {
            cli_outcome o = { 99999999, seeds[k], { side0, side1 }, { player0, "ab:3" }, w,
                              2147483647, k, NULL, NULL }, r;
            char why[256];
            char *line = cli_outcome_line(&o, why, sizeof why);
            if (!line)
                fail_msg("not written: %s", why);
            read_ok(line, &r);
            assert_int_equal(r.index, o.index);
            assert_true(r.seed == o.seed);
            assert_string_equal(r.side[0], side0);
            assert_string_equal(r.side[1], side1);
            assert_string_equal(r.player[0], player0);
            assert_string_equal(r.player[1], "ab:3");
            assert_int_equal(r.winner, w);
            assert_int_equal(r.turns, 2147483647);
            assert_int_equal(r.captures, k);
            cli_outcome_free(&r);
            free(line);
        }
    }
}

static void line__of_a_name_not_utf8_or_too_long__is_not_written(void **state)
{
    (void)state;
    char why[256];
    cli_outcome o = { 0, 1, { "tigers", "men" }, { "mcts:1.0\xff", "random" }, -1, 1, 0, NULL, NULL };
    assert_null(cli_outcome_line(&o, why, sizeof why));
    assert_non_null(strstr(why, "\"players\" holds a name that is not valid UTF-8"));
    o.player[0] = "random";
    o.side[1] = "m\xc3";
    assert_null(cli_outcome_line(&o, why, sizeof why));
    assert_non_null(strstr(why, "\"sides\" holds a name"));
    char *huge = malloc(CLI_JSON_MAX_LINE);
    memset(huge, 'h', CLI_JSON_MAX_LINE - 1);
    huge[CLI_JSON_MAX_LINE - 1] = '\0';
    o.side[1] = huge;
    assert_null(cli_outcome_line(&o, why, sizeof why));
    assert_non_null(strstr(why, "more than the 65536 a line may have"));
    free(huge);
}

static void read__a_line_with_its_length__reads_no_further(void **state)
{
    (void)state;
    char buf[sizeof good + 8];
    memcpy(buf, good, sizeof good - 1);
    memcpy(buf + sizeof good - 1, " junk\n\n", 8); /* after the line: not read */
    cli_outcome o;
    char why[256];
    int col;
    assert_int_equal(cli_outcome_read(buf, sizeof good - 1, &o, why, sizeof why, &col), 0);
    assert_int_equal(o.index, 2);
    assert_true(o.seed == 11400714819323198485ull);
    assert_string_equal(o.side[0], "tigers");
    assert_string_equal(o.player[1], "random");
    assert_int_equal(o.winner, 1);
    cli_outcome_free(&o);
}

static void read__anything_after_the_object__is_an_error(void **state)
{
    (void)state;
    char line[2 * sizeof good + 8];
    snprintf(line, sizeof line, "%s junk", good);
    read_bad(line, strlen(line), "end of file expected", (int)sizeof good + 4);
    snprintf(line, sizeof line, "%s}", good);
    refused(line, "end of file expected");
    snprintf(line, sizeof line, "%s %s", good, good);
    refused(line, "end of file expected");
}

static void read__a_cut_line__is_an_error(void **state)
{
    (void)state;
    for (size_t len = 0; len < sizeof good - 1; len++)
        read_bad(good, len, "", -1);
    read_bad(good, sizeof good - 2, "'}' expected near end of file", (int)sizeof good - 2);
}

static void read__numbers_out_of_range__are_errors(void **state)
{
    (void)state;
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 99999999999999999999, \"captures\": 0}",
            "too big integer");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 2147483648, \"captures\": 0}",
            "\"turns\" is not a whole number from 0 to 2147483647");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": -1, \"captures\": 0}",
            "\"turns\" is not a whole number from 0");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 1, \"captures\": -3}",
            "\"captures\" is not a whole number from 0");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 1.5, \"captures\": 0}",
            "\"turns\" is not a whole number");
    refused("{\"game\": 0, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 1, \"captures\": 0}",
            "\"game\" is not a whole number from 1");
    refused("{\"game\": 1, \"seed\": -1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 1, \"captures\": 0}",
            "\"seed\" is not a string of digits");
    refused("{\"game\": 1, \"seed\": \"18446744073709551616\", \"sides\": [\"a\", \"b\"], "
            "\"players\": [\"x\", \"y\"], \"winner\": null, \"turns\": 1, \"captures\": 0}",
            "\"seed\" is not a string of digits");
    refused("{\"game\": 1, \"seed\": \"012345678901234567890\", \"sides\": [\"a\", \"b\"], "
            "\"players\": [\"x\", \"y\"], \"winner\": null, \"turns\": 1, \"captures\": 0}",
            "\"seed\" is not a string of digits");
    refused("{\"game\": 1, \"seed\": \"12a\", \"sides\": [\"a\", \"b\"], "
            "\"players\": [\"x\", \"y\"], \"winner\": null, \"turns\": 1, \"captures\": 0}",
            "\"seed\" is not a string of digits");
    refused("{\"game\": 1, \"seed\": \"\", \"sides\": [\"a\", \"b\"], "
            "\"players\": [\"x\", \"y\"], \"winner\": null, \"turns\": 1, \"captures\": 0}",
            "\"seed\" is not a string of digits");
}

static void read__a_key_twice__is_an_error(void **state)
{
    (void)state;
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"turns\": 4, \"captures\": 0}",
            "duplicate object key");
}

static void read__invalid_utf8__is_an_error(void **state)
{
    (void)state;
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\xff\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0}",
            "unable to decode byte 0xff");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\xc3\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0}",
            "unable to decode byte 0xc3");
    /* a NUL inside a name would cut it */
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\\u0000z\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0}",
            "\\u0000 is not allowed");
}

static void read__a_winner_not_a_side__is_an_error(void **state)
{
    (void)state;
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": \"x\", \"turns\": 3, \"captures\": 0}",
            "\"winner\" is not one of the sides, nor null");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": 0, \"turns\": 3, \"captures\": 0}",
            "\"winner\" is not one of the sides");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"a\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": \"a\", \"turns\": 3, \"captures\": 0}",
            "the two \"sides\" have the same name");
    cli_outcome o;
    read_ok("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": \"b\", \"turns\": 3, \"captures\": 0}",
            &o);
    assert_int_equal(o.winner, 1);
    cli_outcome_free(&o);
}

static void read__keys_missing_or_of_another_type__are_errors(void **state)
{
    (void)state;
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"captures\": 0}",
            "the key \"turns\" is missing");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\", \"c\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0}",
            "\"sides\" is not a list of two names");
    refused("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", 2], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0}",
            "\"players\" is not a list of two names");
    refused("{\"game\": \"1\", \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0}",
            "\"game\" is not a whole number");
    refused("[1, 2]", "the line is not a JSON object");
    refused("", "'[' or '{' expected");
    refused("not json", "'[' or '{' expected");
}

static void read__keys_it_does_not_know__are_read_past(void **state)
{
    (void)state;
    cli_outcome o;
    read_ok("{\"game\": 1, \"seed\": 1, \"sides\": [\"a\", \"b\"], \"players\": [\"x\", \"y\"], "
            "\"winner\": null, \"turns\": 3, \"captures\": 0, \"elapsed\": {\"s\": [1.5]}}",
            &o);
    assert_int_equal(o.winner, -1);
    cli_outcome_free(&o);
    /* and in any order, with any blanks */
    read_ok("{ \"captures\":0,\"turns\":3,\"winner\":\"a\",\"players\":[\"x\",\"y\"],"
            "\"sides\":[\"a\",\"b\"],\"seed\":\"7\",\"game\":2 }\r",
            &o);
    assert_int_equal(o.index, 1);
    assert_true(o.seed == 7);
    cli_outcome_free(&o);
}

static void read__old_lines_with_bare_seeds__still_read(void **state)
{
    (void)state;
    cli_outcome o;
    /* as earlier Rimau wrote them: the seed a bare number, above 2^63 too */
    read_ok("{\"game\": 4, \"seed\": 18446744073709551615, \"sides\": [\"tigers\", \"men\"], "
            "\"players\": [\"random\", \"ab:3\"], \"winner\": \"tigers\", \"turns\": 9, "
            "\"captures\": 2}",
            &o);
    assert_true(o.seed == UINT64_MAX);
    assert_int_equal(o.turns, 9);
    assert_string_equal(o.side[1], "men");
    cli_outcome_free(&o);
    read_ok("{\"game\": 4, \"seed\":9223372036854775808, \"sides\": [\"t\", \"m\"], "
            "\"players\": [\"r\", \"a\"], \"winner\": null, \"turns\": 9, \"captures\": 2}",
            &o);
    assert_true(o.seed == 9223372036854775808ull);
    cli_outcome_free(&o);
    read_ok("{\"game\": 4, \"seed\": 123, \"sides\": [\"t\", \"m\"], "
            "\"players\": [\"r\", \"a\"], \"winner\": null, \"turns\": 9, \"captures\": 2}",
            &o);
    assert_true(o.seed == 123);
    cli_outcome_free(&o);
    /* still one number in range: not two digits past uint64 */
    refused("{\"game\": 4, \"seed\": 18446744073709551616, \"sides\": [\"t\", \"m\"], "
            "\"players\": [\"r\", \"a\"], \"winner\": null, \"turns\": 9, \"captures\": 2}",
            "\"seed\" is not a string of digits");
    /* a second error after such a seed is placed in the line as it is */
    const char *late = "{\"game\": 4, \"seed\": 18446744073709551615, \"turns\": 1 x}";
    read_bad(late, strlen(late), "'}' expected near 'x'", (int)(strchr(late, 'x') - late) + 1);
    /* another number too big is not taken for a seed */
    late = "{\"game\": 4, \"seed\": 1, \"turns\": 18446744073709551615}";
    read_bad(late, strlen(late), "too big integer", (int)strlen(late) - 1);
}

/* ---- files ---- */

struct seen {
    long games;
    long lines[16];
};

static int see(const cli_outcome *o, const char *file, long lineno, void *ctx)
{
    (void)o;
    (void)file;
    struct seen *s = ctx;
    if (s->games < 16)
        s->lines[s->games] = lineno;
    s->games++;
    return 0;
}

static void read_file__mixed_lines__counts_and_places_each(void **state)
{
    (void)state;
    size_t cap = 4 * CLI_JSON_MAX_LINE, n = 0;
    char *text = malloc(cap);
    n += (size_t)sprintf(text + n, "%s\n", good);                         /* 1: good */
    n += (size_t)sprintf(text + n, "\n  \r\n");                           /* 2, 3: blank */
    n += (size_t)sprintf(text + n, "%s junk\n", good);                    /* 4: garbage after */
    memset(text + n, ' ', CLI_JSON_MAX_LINE + 10);                         /* 5: too long */
    n += CLI_JSON_MAX_LINE + 10;
    text[n++] = '\n';
    memcpy(text + n, good, 20);                                           /* 6: NUL inside */
    text[n + 20] = '\0';
    n += 21;
    text[n++] = '\n';
    n += (size_t)sprintf(text + n, "%s", good);                           /* 7: good, no newline */
    FILE *f = fmemopen(text, n, "r");
    assert_non_null(f);
    char err[4096] = "";
    FILE *e = fmemopen(err, sizeof err - 1, "w");
    struct seen s = { 0 };
    cli_json_counts c;
    assert_int_equal(cli_json_read_file(f, "m.json", e, see, &s, &c), -1);
    fclose(e);
    fclose(f);
    assert_int_equal(c.lines, 7);
    assert_int_equal(c.blank, 2);
    assert_int_equal(c.bad, 3);
    assert_int_equal(c.games, 2);
    assert_int_equal(s.games, 2);
    assert_int_equal(s.lines[0], 1);
    assert_int_equal(s.lines[1], 7);
    if (!strstr(err, "m.json:4:") || !strstr(err, "end of file expected") ||
        !strstr(err, "m.json:5: error: the line is longer than the 65536 bytes") ||
        !strstr(err, "m.json:6:"))
        fail_msg("the errors are not placed: %s", err);
    free(text);
}

static void read_file__a_cut_last_line__is_an_error(void **state)
{
    (void)state;
    char text[2 * sizeof good + 2];
    int n = snprintf(text, sizeof text, "%s\n%s", good, good);
    FILE *f = fmemopen(text, (size_t)n - 1, "r");
    struct seen s = { 0 };
    cli_json_counts c;
    assert_int_equal(cli_json_read_file(f, "cut.json", NULL, see, &s, &c), -1);
    fclose(f);
    assert_int_equal(c.lines, 2);
    assert_int_equal(c.games, 1);
    assert_int_equal(c.bad, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line__of_an_outcome__is_the_documented_format),
        cmocka_unit_test(line__of_a_game_with_options__ends_with_them),
        cmocka_unit_test(line__written_then_read__is_the_same_game),
        cmocka_unit_test(line__of_a_name_not_utf8_or_too_long__is_not_written),
        cmocka_unit_test(read__a_line_with_its_length__reads_no_further),
        cmocka_unit_test(read__anything_after_the_object__is_an_error),
        cmocka_unit_test(read__a_cut_line__is_an_error),
        cmocka_unit_test(read__numbers_out_of_range__are_errors),
        cmocka_unit_test(read__a_key_twice__is_an_error),
        cmocka_unit_test(read__invalid_utf8__is_an_error),
        cmocka_unit_test(read__a_winner_not_a_side__is_an_error),
        cmocka_unit_test(read__keys_missing_or_of_another_type__are_errors),
        cmocka_unit_test(read__keys_it_does_not_know__are_read_past),
        cmocka_unit_test(read__old_lines_with_bare_seeds__still_read),
        cmocka_unit_test(read_file__mixed_lines__counts_and_places_each),
        cmocka_unit_test(read_file__a_cut_last_line__is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
