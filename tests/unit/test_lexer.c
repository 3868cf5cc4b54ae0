/* test_lexer.c: the scanner's tokens, separators and errors. */
#include "helpers.h"

#include "ast.h"
#include "parser.h"

/* Scans TEXT; stores the token codes and returns their number. */
static int scan(const char *text, int *tokens, int max, int *errors)
{
    rm_source src;
    assert_int_equal(source_from_string(&src, "t.game", text, strlen(text)), 0);
    rm_arena *a = arena_new();
    rm_diag d;
    diag_init(&d, &src, NULL);
    int n = rm_lex_tokens(&src, a, &d, tokens, max);
    if (errors)
        *errors = d.errors;
    arena_free(a);
    source_free(&src);
    return n;
}

static void expect_tokens(const char *text, const int *want, int nwant)
{
    int got[64], errors = 0;
    int n = scan(text, got, 64, &errors);
    assert_int_equal(errors, 0);
    for (int i = 0; i < n && i < nwant; i++)
        if (got[i] != want[i])
            fprintf(stderr, "token %d: got %s, want %s\n", i, rm_token_name(got[i]),
                    rm_token_name(want[i]));
    assert_int_equal(n, nwant);
    assert_memory_equal(got, want, (size_t)nwant * sizeof *want);
}

static void lexer__keywords_and_names__are_told_apart(void **state)
{
    (void)state;
    int want[] = { SIDE, NAME, '{', PIECE, NAME, NUMBER, SEP, '}', SEP };
    expect_tokens("side tigers { piece tiger 2 }", want, 9);
}

static void lexer__hyphenated_and_utf8_names__are_one_name(void **state)
{
    (void)state;
    int want[] = { NAME, NAME, NAME, SEP };
    expect_tokens("around-centre l\xc4\x9bmbu don't", want, 4);
}

static void lexer__dimensions__are_one_token_or_three(void **state)
{
    (void)state;
    int want1[] = { GRID, DIMS, SEP };
    expect_tokens("grid 5x5", want1, 3);
    int want2[] = { GRID, NUMBER, NAME, NUMBER, SEP };
    expect_tokens("grid 5 x 5", want2, 5);
}

static void lexer__numbers__integers_decimals_and_negatives(void **state)
{
    (void)state;
    int want[] = { POINT, NAME, AT, REAL, NUMBER, SEP };
    expect_tokens("point p at 0.5 -3", want, 6);
}

static void lexer__newline_after_brace__is_dropped(void **state)
{
    (void)state;
    int want[] = { BOARD, '{', GRID, DIMS, SEP, '}', SEP };
    expect_tokens("board {\n\n  grid 3x3\n}\n", want, 7);
}

static void lexer__newline_between_brace_and_else__is_dropped(void **state)
{
    (void)state;
    int want1[] = { '{', '}', ELSE, '{', '}', SEP };
    expect_tokens("{}\n\n # why\n  else { }", want1, 6);
    /* a newline after '}' still ends the statement before anything else */
    int want2[] = { '{', '}', SEP, NAME, SEP, '}', SEP, '}', SEP };
    expect_tokens("{}\n elsewhere\n}\n}\n", want2, 9);
    /* many blank lines in a row: each is scanned once (no look-ahead) */
    static char text[200005];
    memcpy(text, "{}", 2);
    memset(text + 2, '\n', 200000);
    memcpy(text + 200002, "x", 2);
    int want3[] = { '{', '}', SEP, NAME, SEP };
    expect_tokens(text, want3, 5);
}

static void lexer__closing_brace__gets_a_separator_before_it(void **state)
{
    (void)state;
    int want[] = { SETUP, '{', NAME, IN, HAND, NUMBER, SEP, '}', SEP };
    expect_tokens("setup { man in hand 3 }", want, 9);
}

static void lexer__semicolon_and_blank_lines__make_one_separator_each(void **state)
{
    (void)state;
    int want[] = { NOTE, STRING, SEP, NOTE, STRING, SEP };
    expect_tokens("note \"a\"; note \"b\"\n\n\n", want, 6);
}

static void lexer__comma_and_equals__continue_the_line(void **state)
{
    (void)state;
    int want[] = { ALIAS, STRING, ',', STRING, SEP, REGION, NAME, '=', NAME, SEP };
    expect_tokens("alias \"a\",\n \"b\"\nregion r =\n a1", want, 10);
}

static void lexer__comments__are_skipped(void **state)
{
    (void)state;
    int want[] = { GAME, STRING, SEP };
    expect_tokens("# a comment\ngame \"x\" # another\n", want, 3);
}

static void lexer__string_escapes__are_decoded(void **state)
{
    (void)state;
    const char *text = "game \"a \\\"b\\\" \\\\ c\\n\"";
    rm_source src;
    assert_int_equal(source_from_string(&src, "t.game", text, strlen(text)), 0);
    rm_arena *a = arena_new();
    rm_diag d;
    diag_init(&d, &src, NULL);
    rm_node *root = rm_parse(&src, a, &d);
    assert_non_null(root);
    assert_int_equal(root->nkids, 1);
    assert_string_equal(root->kids[0]->text, "a \"b\" \\ c\n");
    arena_free(a);
    source_free(&src);
}

static void lexer__unterminated_string__is_an_error(void **state)
{
    (void)state;
    int got[16], errors = 0;
    scan("game \"abc\nboard", got, 16, &errors);
    assert_int_equal(errors, 1);
}

static void lexer__unexpected_character__is_reported_and_scanning_goes_on(void **state)
{
    (void)state;
    int got[16], errors = 0;
    int n = scan("game @ \"x\" $", got, 16, &errors);
    assert_int_equal(errors, 2);
    assert_int_equal(n, 3); /* game, string, separator */
    assert_int_equal(got[1], STRING);
}

static void lexer__token_longer_than_limit__is_an_error(void **state)
{
    (void)state;
    char *text = malloc(RM_MAX_TOKEN + 20);
    assert_non_null(text);
    memset(text, 'a', RM_MAX_TOKEN + 10);
    text[RM_MAX_TOKEN + 10] = '\0';
    int got[4], errors = 0;
    scan(text, got, 4, &errors);
    assert_true(errors >= 1);
    free(text);
}

static void lexer__nesting_deeper_than_limit__stops_with_one_error(void **state)
{
    (void)state;
    char text[RM_MAX_NESTING + 10];
    memset(text, '{', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    int got[RM_MAX_NESTING + 10], errors = 0;
    int n = scan(text, got, RM_MAX_NESTING + 10, &errors);
    assert_int_equal(errors, 1);
    assert_int_equal(n, RM_MAX_NESTING);
}

static void lexer__keyword_names__print_quoted(void **state)
{
    (void)state;
    assert_string_equal(rm_token_name(BOARD), "'board'");
    assert_string_equal(rm_token_name(NAME), "name");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lexer__keywords_and_names__are_told_apart),
        cmocka_unit_test(lexer__hyphenated_and_utf8_names__are_one_name),
        cmocka_unit_test(lexer__dimensions__are_one_token_or_three),
        cmocka_unit_test(lexer__numbers__integers_decimals_and_negatives),
        cmocka_unit_test(lexer__newline_after_brace__is_dropped),
        cmocka_unit_test(lexer__newline_between_brace_and_else__is_dropped),
        cmocka_unit_test(lexer__closing_brace__gets_a_separator_before_it),
        cmocka_unit_test(lexer__semicolon_and_blank_lines__make_one_separator_each),
        cmocka_unit_test(lexer__comma_and_equals__continue_the_line),
        cmocka_unit_test(lexer__comments__are_skipped),
        cmocka_unit_test(lexer__string_escapes__are_decoded),
        cmocka_unit_test(lexer__unterminated_string__is_an_error),
        cmocka_unit_test(lexer__unexpected_character__is_reported_and_scanning_goes_on),
        cmocka_unit_test(lexer__token_longer_than_limit__is_an_error),
        cmocka_unit_test(lexer__nesting_deeper_than_limit__stops_with_one_error),
        cmocka_unit_test(lexer__keyword_names__print_quoted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
