/* test_format.c: rm_format, the layout of rimau fmt (grammar/format.c):
 * comments at every place, blank lines, long lines, strings, CR LF, a
 * missing last line end, UTF-8 names, ';', aligned blocks, refusals. Every
 * result is formatted again and must not change (idempotence). */
#include "helpers.h"

#include "format.h"

/* Formats IN[0, LEN); returns rm_format's status, the text in *OUT (or
 * NULL) and the errors reported in *ERRORS. */
static int format_n(const char *in, size_t len, char **out, int *errors)
{
    rm_source src;
    assert_int_equal(source_from_string(&src, "t.game", in, len), 0);
    rm_diag d;
    diag_init(&d, &src, NULL);
    size_t n = 0;
    int rc = rm_format(&src, out, &n, &d);
    *errors = d.errors;
    if (rc == 0) {
        assert_non_null(*out);
        assert_int_equal(strlen(*out), n);
    } else {
        assert_null(*out);
    }
    source_free(&src);
    return rc;
}

/* IN formatted, which must succeed and be its own layout. */
static char *formatted(const char *in)
{
    char *out, *again;
    int errors;
    assert_int_equal(format_n(in, strlen(in), &out, &errors), 0);
    assert_int_equal(errors, 0);
    assert_int_equal(format_n(out, strlen(out), &again, &errors), 0);
    assert_string_equal(again, out);
    free(again);
    return out;
}

static void expect_format(const char *in, const char *want)
{
    char *out = formatted(in);
    assert_string_equal(out, want);
    free(out);
}

static void format__comments_everywhere__are_kept_in_place(void **state)
{
    (void)state;
    expect_format("  # head comment\n"
                  "game \"x\"   # after a string\n"
                  "board {  # after a brace\n"
                  "# at column 0 in a block\n"
                  "grid 3 x 3 # one space before\n"
                  "    line a1 b1,   # after a comma\n"
                  "  c1\n"
                  "      # before a closing brace\n"
                  "}  # after a closing brace\n"
                  "if o = a {\n"
                  "note \"a\"\n"
                  "}\n"
                  "# between a brace and else\n"
                  "else {\n"
                  "note \"b\"\n"
                  "}\n"
                  "# at the end, no line end",
                  "# head comment\n"
                  "game \"x\"   # after a string\n"
                  "board {  # after a brace\n"
                  "    # at column 0 in a block\n"
                  "    grid 3 x 3  # one space before\n"
                  "    line a1 b1,   # after a comma\n"
                  "        c1\n"
                  "    # before a closing brace\n"
                  "}  # after a closing brace\n"
                  "if o = a {\n"
                  "    note \"a\"\n"
                  "}\n"
                  "# between a brace and else\n"
                  "else {\n"
                  "    note \"b\"\n"
                  "}\n"
                  "# at the end, no line end\n");
}

static void format__trailing_comment__keeps_its_column_or_moves_two_after(void **state)
{
    (void)state;
    /* a column far enough stays, one too near moves two spaces after the
     * code, a tab counts to the next multiple of 8 */
    expect_format("rules {\n"
                  "first a                  # far\n"
                  "draw after 40 turns # near\n"
                  "        first b\t# tabbed\n"
                  "}\n",
                  "rules {\n"
                  "    first a              # far\n"
                  "    draw after 40 turns  # near\n"
                  "    first b     # tabbed\n"
                  "}\n");
}

static void format__blank_line_runs__collapse_to_one(void **state)
{
    (void)state;
    expect_format("\n\n\ngame \"x\"\n\n\n\nboard {\n\n\ngrid 3 x 3\n \n\t\n\nline a1 b1\n\n}\n\n\n\n",
                  "game \"x\"\n\nboard {\n    grid 3 x 3\n\n    line a1 b1\n}\n");
}

static void format__long_line__stays_one_line(void **state)
{
    (void)state;
    enum { NAMES = 2000 };
    char *in = malloc(16 * NAMES + 64), *want = malloc(16 * NAMES + 64);
    assert_non_null(in);
    assert_non_null(want);
    size_t a = (size_t)sprintf(in, "board {\nline"), b = (size_t)sprintf(want, "board {\n    line");
    for (int i = 0; i < NAMES; i++) {
        a += (size_t)sprintf(in + a, "  p%d", i);
        b += (size_t)sprintf(want + b, " p%d", i);
    }
    sprintf(in + a, "\n}\n");
    sprintf(want + b, "\n}\n");
    assert_true(strlen(want) > 8000);
    expect_format(in, want);
    free(in);
    free(want);
}

static void format__strings__are_copied_byte_for_byte(void **state)
{
    (void)state;
    /* quotes, a '#' and ';' and doubled blanks inside, a backslash, a
     * string going on to the next line after '\' */
    expect_format("game   \"say \\\"hi\\\"  # not a comment; nor this\"\n"
                  "note \"a \\\\ b\";   \n"
                  "source \"one \\\n"
                  "      two\"  # after\n",
                  "game \"say \\\"hi\\\"  # not a comment; nor this\"\n"
                  "note \"a \\\\ b\"\n"
                  "source \"one \\\n"
                  "      two\"  # after\n");
}

static void format__crlf__gives_lf(void **state)
{
    (void)state;
    expect_format("# a comment\r\ngame \"x\"\r\nboard {\r\n  grid 3 x 3   \r\n}\r\n",
                  "# a comment\ngame \"x\"\nboard {\n    grid 3 x 3\n}\n");
}

static void format__no_last_line_end__gets_one(void **state)
{
    (void)state;
    expect_format("game \"x\"", "game \"x\"\n");
    expect_format("board { grid 3 x 3 }", "board { grid 3 x 3 }\n");
    expect_format("", "");
    expect_format("\n\n  \n", "");
}

static void format__utf8_names__count_as_one_column_each(void **state)
{
    (void)state;
    /* é is two bytes, one column: the comments are in one column, and
     * stay so */
    expect_format("board {\n"
                  "    point é at 0 0     # e\n"
                  "    point ee at 1 0    # ee\n"
                  "}\n",
                  "board {\n"
                  "    point é at 0 0     # e\n"
                  "    point ee at 1 0    # ee\n"
                  "}\n");
    expect_format("side tigres { piece tigre 1 }\nside éé { piece x 1 }\n",
                  "side tigres { piece tigre 1 }\nside éé     { piece x 1 }\n");
}

static void format__semicolons__only_those_between_statements_stay(void **state)
{
    (void)state;
    expect_format("side s { piece p 1;forward up; }\nrules { first s ; }\nnote \"x\";\n",
                  "side s { piece p 1; forward up }\nrules { first s }\nnote \"x\"\n");
}

static void format__spacing__one_blank_none_before_commas(void **state)
{
    (void)state;
    expect_format("alias   \"a\" ,\"b\",\"c\"\noption o=a|b \"which?\"\nboard{grid 3x3}\n",
                  "alias \"a\", \"b\", \"c\"\noption o = a | b \"which?\"\nboard { grid 3x3 }\n");
}

static void format__one_line_blocks__align_in_runs(void **state)
{
    (void)state;
    /* a comment line keeps the run, a blank line or another statement
     * ends it; a block of several lines is not in a run */
    expect_format("side a { piece x 1 }\n"
                  "# a comment\n"
                  "side bbb { piece y 1 }\n"
                  "\n"
                  "side cc { piece z 1 }\n"
                  "side d {\n"
                  "piece w 1\n"
                  "}\n",
                  "side a   { piece x 1 }\n"
                  "# a comment\n"
                  "side bbb { piece y 1 }\n"
                  "\n"
                  "side cc { piece z 1 }\n"
                  "side d {\n"
                  "    piece w 1\n"
                  "}\n");
}

static void format__continued_statement__is_indented_once_more(void **state)
{
    (void)state;
    expect_format("board {\nregion r =\na1 b1,\nc1\n}\n",
                  "board {\n    region r =\n        a1 b1,\n        c1\n}\n");
}

static void format__byte_order_mark__is_dropped(void **state)
{
    (void)state;
    expect_format("\xEF\xBB\xBFgame \"x\"  # c\n", "game \"x\"  # c\n");
}

static void format__file_that_does_not_parse__is_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "board {\n    grid 3 x\n}\n",           /* a syntax error */
        "game \"x\nboard { grid 3 x 3 }\n",       /* an unterminated string */
        "board { grid 3 x 3 }\n}\n",              /* a brace too many */
        "game \"x\" @\n",                          /* a character of no token */
        "board {",                                /* a block not closed */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *out;
        int errors;
        assert_int_equal(format_n(bad[i], strlen(bad[i]), &out, &errors), -1);
        assert_true(errors > 0);
    }
    /* binary bytes, a NUL among them */
    static const char junk[] = { 'g', 'a', 'm', 'e', ' ', '\0', '\x01', '\xff', '\n' };
    char *out;
    int errors;
    assert_int_equal(format_n(junk, sizeof junk, &out, &errors), -1);
    assert_true(errors > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(format__comments_everywhere__are_kept_in_place),
        cmocka_unit_test(format__trailing_comment__keeps_its_column_or_moves_two_after),
        cmocka_unit_test(format__blank_line_runs__collapse_to_one),
        cmocka_unit_test(format__long_line__stays_one_line),
        cmocka_unit_test(format__strings__are_copied_byte_for_byte),
        cmocka_unit_test(format__crlf__gives_lf),
        cmocka_unit_test(format__no_last_line_end__gets_one),
        cmocka_unit_test(format__utf8_names__count_as_one_column_each),
        cmocka_unit_test(format__semicolons__only_those_between_statements_stay),
        cmocka_unit_test(format__spacing__one_blank_none_before_commas),
        cmocka_unit_test(format__one_line_blocks__align_in_runs),
        cmocka_unit_test(format__continued_statement__is_indented_once_more),
        cmocka_unit_test(format__byte_order_mark__is_dropped),
        cmocka_unit_test(format__file_that_does_not_parse__is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
