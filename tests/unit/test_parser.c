/* test_parser.c: the shapes of the syntax tree and syntax errors. */
#include "helpers.h"

#include "ast.h"

typedef struct parsed {
    rm_source src;
    rm_arena *arena;
    rm_node *root;
    int errors;
    char *messages;
} parsed;

static void parse(parsed *p, const char *text)
{
    size_t len = 0;
    FILE *f = open_memstream(&p->messages, &len);
    assert_non_null(f);
    assert_int_equal(source_from_string(&p->src, "t.game", text, strlen(text)), 0);
    p->arena = arena_new();
    rm_diag d;
    diag_init(&d, &p->src, f);
    p->root = rm_parse(&p->src, p->arena, &d);
    p->errors = d.errors;
    fclose(f);
}

static void done(parsed *p)
{
    arena_free(p->arena);
    source_free(&p->src);
    free(p->messages);
}

static void parser__metadata__one_node_each(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "game \"G\"\nalias \"A\", \"B\"\norigin \"O\"\nsource \"S\"\nnote \"N\"\n");
    assert_non_null(p.root);
    assert_int_equal(p.root->kind, N_FILE);
    assert_int_equal(p.root->nkids, 5);
    assert_int_equal(p.root->kids[0]->kind, N_GAME);
    assert_string_equal(p.root->kids[0]->text, "G");
    assert_int_equal(p.root->kids[1]->kind, N_ALIAS);
    assert_int_equal(p.root->kids[1]->nkids, 2);
    assert_string_equal(p.root->kids[1]->kids[1]->text, "B");
    assert_int_equal(p.root->kids[2]->kind, N_ORIGIN);
    assert_int_equal(p.root->kids[3]->kind, N_SOURCE);
    assert_int_equal(p.root->kids[4]->kind, N_NOTE);
    done(&p);
}

static void parser__board_statements__keep_their_parameters(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "board {\n grid 5 x 4 at a3 diagonals alternate\n"
              " triangle apex c3 pointing down depth 2\n"
              " point z at 1.5 -2\n line a3 b3, c3\n region r = a3 b3\n}\n");
    assert_non_null(p.root);
    const rm_node *b = p.root->kids[0];
    assert_int_equal(b->kind, N_BOARD);
    assert_int_equal(b->nkids, 5);
    const rm_node *g = b->kids[0];
    assert_int_equal(g->kind, N_GRID);
    assert_int_equal(g->n, 5);
    assert_int_equal(g->n2, 4);
    assert_string_equal(g->text, "x");
    assert_int_equal(g->nkids, 2);
    assert_int_equal(g->kids[0]->kind, N_NAME);
    assert_string_equal(g->kids[0]->text, "a3");
    assert_int_equal(g->kids[1]->kind, N_DIAGONALS);
    assert_string_equal(g->kids[1]->text, "alternate");
    const rm_node *t = b->kids[1];
    assert_int_equal(t->kind, N_TRIANGLE);
    assert_string_equal(t->text, "down");
    assert_int_equal(t->n, 2);
    assert_string_equal(t->kids[0]->text, "c3");
    const rm_node *pt = b->kids[2];
    assert_int_equal(pt->kind, N_POINT);
    assert_true(pt->x == 1.5 && pt->y == -2.0);
    assert_int_equal(b->kids[3]->kind, N_LINE);
    assert_int_equal(b->kids[3]->nkids, 3);
    assert_int_equal(b->kids[4]->kind, N_REGION);
    done(&p);
}

static void parser__side_and_pieces__flags_and_symbols(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "side men { piece man 20 stacks symbol \"M\"\n piece boy 3 }");
    assert_non_null(p.root);
    const rm_node *s = p.root->kids[0];
    assert_int_equal(s->kind, N_SIDE);
    assert_string_equal(s->text, "men");
    assert_int_equal(s->nkids, 2);
    assert_int_equal(s->kids[0]->n, 20);
    assert_int_equal(s->kids[0]->flags & RM_PIECE_STACKS, RM_PIECE_STACKS);
    assert_string_equal(s->kids[0]->kids[0]->text, "M");
    assert_int_equal(s->kids[1]->flags, 0);
    done(&p);
}

/* The kids of KIND under N (at most MAX), into OUT; returns their number. */
static int kids_of(const rm_node *n, rm_node_kind kind, const rm_node **out, int max)
{
    int k = 0;
    for (int i = 0; i < n->nkids && k < max; i++)
        if (n->kids[i]->kind == kind)
            out[k++] = n->kids[i];
    return k;
}

static void parser__forward_and_direction_filters__names_kept_for_the_compile_step(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "side geese { piece goose 13\n forward up }\n"
              "side foxes { forward toward row 1, centre; piece fox 1 }\n"
              "phase moving of geese {\n"
              " turn step goose forward, sideways or slide goose diagonal orthogonal\n"
              " turn leap goose forward over goose, fox or capture goose backward over fox chain\n"
              " turn drop goose sideways in row 1 or remove fox orthogonal\n"
              "}");
    assert_non_null(p.root);
    assert_int_equal(p.errors, 0);
    const rm_node *geese = p.root->kids[0], *foxes = p.root->kids[1];
    assert_int_equal(geese->nkids, 2);
    const rm_node *fw = geese->kids[1];
    assert_int_equal(fw->kind, N_FORWARD);
    assert_string_equal(fw->text, "forward");
    assert_string_equal(fw->text2, "up");
    assert_int_equal(fw->nkids, 0);
    fw = foxes->kids[0];
    assert_int_equal(fw->kind, N_FORWARD);
    assert_string_equal(fw->text2, "toward");
    assert_int_equal(fw->kids[0]->kind, N_SET);
    assert_int_equal(fw->kids[0]->nkids, 2);
    assert_int_equal(foxes->kids[1]->kind, N_PIECE);

    const rm_node *ph = p.root->kids[2], *dirs[2];
    const rm_node *step = ph->kids[0]->kids[0]->kids[0], *slide = ph->kids[0]->kids[0]->kids[1];
    assert_int_equal(kids_of(step, N_DIRS, dirs, 2), 1);
    assert_int_equal(dirs[0]->nkids, 2);
    assert_string_equal(dirs[0]->kids[0]->text, "forward");
    assert_string_equal(dirs[0]->kids[1]->text, "sideways");
    assert_int_equal(kids_of(slide, N_DIRS, dirs, 2), 1);
    assert_int_equal(dirs[0]->nkids, 2); /* commas are optional */
    /* the filter is read before 'over', whose list keeps its kinds */
    const rm_node *leap = ph->kids[1]->kids[0]->kids[0], *over[2];
    assert_int_equal(kids_of(leap, N_DIRS, dirs, 2), 1);
    assert_int_equal(dirs[0]->nkids, 1);
    assert_int_equal(kids_of(leap, N_OVER, over, 2), 1);
    assert_int_equal(over[0]->nkids, 2);
    const rm_node *cap = ph->kids[1]->kids[0]->kids[1];
    assert_int_equal(kids_of(cap, N_DIRS, dirs, 2), 1);
    assert_string_equal(dirs[0]->kids[0]->text, "backward");
    assert_int_equal(kids_of(cap, N_CHAIN, over, 2), 1);
    /* and on actions it means nothing for: the compile step says so */
    const rm_node *drop = ph->kids[2]->kids[0]->kids[0], *rem = ph->kids[2]->kids[0]->kids[1];
    assert_int_equal(kids_of(drop, N_DIRS, dirs, 2), 1);
    assert_int_equal(kids_of(drop, N_IN_SET, over, 2), 1);
    assert_int_equal(kids_of(rem, N_DIRS, dirs, 2), 1);
    done(&p);
}

static void parser__setup_statements__place_stack_and_hand(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "setup {\n tiger at c3 c7\n tiger 2 at centre\n man in hand 15\n"
              " man at rows 1 to 2, column c except c1\n}");
    assert_non_null(p.root);
    const rm_node *s = p.root->kids[0];
    assert_int_equal(s->kind, N_SETUP);
    assert_int_equal(s->nkids, 4);
    assert_int_equal(s->kids[0]->kind, N_PLACE);
    assert_int_equal(s->kids[0]->n, 1);
    assert_int_equal(s->kids[0]->kids[0]->nkids, 2);
    assert_int_equal(s->kids[1]->n, 2);
    assert_int_equal(s->kids[2]->kind, N_HAND);
    assert_int_equal(s->kids[2]->n, 15);
    const rm_node *set = s->kids[3]->kids[0];
    assert_int_equal(set->kind, N_SET);
    assert_int_equal(set->nkids, 3);
    assert_int_equal(set->kids[0]->kind, N_ROWS);
    assert_int_equal(set->kids[0]->n, 1);
    assert_int_equal(set->kids[0]->n2, 2);
    assert_int_equal(set->kids[1]->kind, N_COLUMNS);
    assert_int_equal(set->kids[2]->kind, N_EXCEPT);
    done(&p);
}

static void parser__turn__steps_alternatives_and_repeats(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "phase opening of tigers {\n"
              " turn remove man 3 times then relocate tiger optional\n"
              " turn step tiger or capture tiger over man lines odd chain removing at end\n"
              " ends after 1 turn\n captures compulsory\n}");
    assert_non_null(p.root);
    const rm_node *ph = p.root->kids[0];
    assert_int_equal(ph->kind, N_PHASE);
    assert_string_equal(ph->text, "opening");
    assert_string_equal(ph->text2, "tigers");
    assert_int_equal(ph->nkids, 4);
    const rm_node *t1 = ph->kids[0];
    assert_int_equal(t1->kind, N_TURN);
    assert_int_equal(t1->nkids, 2);
    assert_int_equal(t1->kids[0]->n, 3);
    assert_int_equal(t1->kids[0]->n2, 3);
    assert_int_equal(t1->kids[1]->n, 0);
    assert_int_equal(t1->kids[1]->n2, 1);
    const rm_node *t2 = ph->kids[1];
    assert_int_equal(t2->kids[0]->nkids, 2);
    const rm_node *cap = t2->kids[0]->kids[1];
    assert_int_equal(cap->flags, RM_ACT_CAPTURE);
    assert_int_equal(cap->nkids, 4); /* over, lines, chain, removing */
    assert_int_equal(ph->kids[2]->kind, N_ENDS);
    assert_int_equal(ph->kids[2]->n, 1);
    assert_int_equal(ph->kids[3]->kind, N_COMPULSORY);
    done(&p);
}

static void parser__option_and_if__make_nodes(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "option first = white | black \"who starts\"\n"
              "if first = white {\n note \"w\"\n} else {\n note \"b\"\n}\n");
    assert_non_null(p.root);
    const rm_node *o = p.root->kids[0];
    assert_int_equal(o->kind, N_OPTION);
    assert_string_equal(o->text, "first");
    assert_int_equal(o->nkids, 2);
    assert_string_equal(o->text2, "who starts");
    const rm_node *i = p.root->kids[1];
    assert_int_equal(i->kind, N_IF);
    assert_string_equal(i->text, "first");
    assert_string_equal(i->text2, "white");
    assert_int_equal(i->nkids, 2);
    done(&p);
}

static void parser__else_on_the_next_line__belongs_to_the_if(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "option first = white | black\n"
              "if first = white {\n note \"w\"\n}\n# the other\n\n  else {\n note \"b\"\n}\n"
              "note \"after\"\n");
    assert_non_null(p.root);
    assert_int_equal(p.errors, 0);
    assert_int_equal(p.root->nkids, 3);
    const rm_node *i = p.root->kids[1];
    assert_int_equal(i->kind, N_IF);
    assert_int_equal(i->nkids, 2);
    done(&p);
}

static void parser__else_after_a_semicolon__is_an_error(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "option first = white | black\n"
              "if first = white { note \"w\" }; else { note \"b\" }\n");
    assert_null(p.root);
    assert_non_null(strstr(p.messages, "t.game:2:"));
    done(&p);
}

static void parser__syntax_error__reported_at_line_and_column(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "game \"x\"\nboard {\n    grid 5 x\n}\n");
    assert_null(p.root);
    assert_int_equal(p.errors, 1);
    assert_non_null(strstr(p.messages, "t.game:3:13: error: syntax error"));
    done(&p);
}

static void parser__several_errors__all_reported(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "game\nboard { grid }\nside s { piece p }\nsetup { p at }\n");
    assert_null(p.root);
    assert_int_equal(p.errors, 4);
    assert_non_null(strstr(p.messages, "t.game:1:"));
    assert_non_null(strstr(p.messages, "t.game:2:"));
    assert_non_null(strstr(p.messages, "t.game:3:"));
    assert_non_null(strstr(p.messages, "t.game:4:"));
    done(&p);
}

static void parser__singular_words__read_as_their_plurals(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "rules {\n men lose with 1 piece\n tigers loses with 2 pieces\n"
              " when both blocked men win\n}\n"
              "phase x of men { turn step man 1 time then step man at most 1 time }\n"
              "example \"e\" { result men win; result men wins }\n");
    assert_int_equal(p.errors, 0);
    assert_non_null(p.root);
    const rm_node *r = p.root->kids[0];
    assert_int_equal(r->kids[0]->kind, N_LOSE_WITH);
    assert_int_equal(r->kids[0]->n, 1);
    assert_int_equal(r->kids[1]->n, 2);
    assert_int_equal(r->kids[2]->kind, N_BOTH_BLOCKED);
    assert_string_equal(r->kids[2]->text2, "men");
    const rm_node *t = p.root->kids[1]->kids[0];
    assert_int_equal(t->kids[0]->n, 1);
    assert_int_equal(t->kids[0]->n2, 1);
    assert_int_equal(t->kids[1]->n, 0);
    assert_int_equal(t->kids[1]->n2, 1);
    const rm_node *e = p.root->kids[2];
    for (int i = 0; i < 2; i++) {
        assert_int_equal(e->kids[i]->kind, N_RESULT);
        assert_string_equal(e->kids[i]->text, "men");
        assert_int_equal(e->kids[i]->flags, 0);
    }
    done(&p);
}

/* A statement of another block says where it belongs, once: in an 'if'
 * block, the block the 'if' stands in; after a block closed, the block
 * around it again. */
static void parser__statement_of_another_block__says_where_it_belongs(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "phase x of men {\n"
              " if o = a { turn step man } else {\n  draw after 3 turns\n }\n"
              " first men\n"
              " men lose with 2 pieces\n"
              "}\n"
              "rules { turn step man; man at a1 }\n"
              "first men\n"
              "example \"e\" { position { after \"a1\" }; grid 3 x 3 }\n");
    assert_null(p.root);
    assert_int_equal(p.errors, 8);
    assert_non_null(strstr(p.messages, "t.game:3:3: error: 'draw' belongs in the 'rules' block, "
                                       "not in a 'phase'\n"));
    assert_non_null(strstr(p.messages, "t.game:5:2: error: 'first' belongs in the 'rules' block, "
                                       "not in a 'phase'\n"));
    assert_non_null(strstr(p.messages, "t.game:6:2: error: 'men lose' belongs in the 'rules' "
                                       "block, not in a 'phase'\n"));
    assert_non_null(strstr(p.messages, "t.game:8:9: error: 'turn' belongs in a 'phase', not in "
                                       "the 'rules' block\n"));
    assert_non_null(strstr(p.messages, "t.game:8:24: error: 'man at' belongs in the 'setup' "
                                       "block, not in the 'rules' block\n"));
    assert_non_null(strstr(p.messages, "t.game:9:1: error: 'first' belongs in the 'rules' block, "
                                       "not at the top level of the file\n"));
    assert_non_null(strstr(p.messages, "t.game:10:26: error: 'after' belongs in an 'example', "
                                       "not in an example's 'position'\n"));
    assert_non_null(strstr(p.messages, "t.game:10:40: error: 'grid' belongs in the 'board' block, "
                                       "not in an 'example'\n"));
    done(&p);
}

/* A long name in the message is cut at a whole character (of two bytes,
 * after one of one: the cut falls inside one), and "..." says so. */
static void parser__misplaced_statement_with_a_long_name__cut_at_a_character(void **state)
{
    (void)state;
    parsed p;
    char text[256] = "rules {\n x";
    for (int i = 0; i < 40; i++)
        strcat(text, "\xc5\x95");
    strcat(text, " compulsory\n}\n");
    parse(&p, text);
    assert_int_equal(p.errors, 1);
    char want[256] = "t.game:2:2: error: 'x";
    for (int i = 0; i < 29; i++)
        strcat(want, "\xc5\x95");
    strcat(want, "...' belongs in a 'phase', not in the 'rules' block\n");
    assert_non_null(strstr(p.messages, want));
    done(&p);
}

static void parser__word_without_its_value__names_the_values(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "board {\n grid 3 x 3 diagonals\n triangle apex b3 pointing depth 2\n}\n");
    assert_null(p.root);
    assert_int_equal(p.errors, 2);
    assert_non_null(strstr(p.messages, "t.game:2:13: error: 'diagonals' takes a value: none, "
                                       "all or alternate\n"));
    assert_non_null(strstr(p.messages, "t.game:3:19: error: 'pointing' takes a direction: up, "
                                       "down, left or right\n"));
    done(&p);
}

static void parser__keyword_as_name__says_so(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "side s { piece step 1 }");
    assert_null(p.root);
    assert_non_null(strstr(p.messages, "'step' is a keyword"));
    done(&p);
}

/* Words and numbers are kept as written, with their places: the compile
 * step checks them (test_compile.c, tests/errors/). */
static void parser__words_and_numbers__kept_for_the_compile_step(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "board {\n grid 3 by 3 diagonals some\n triangle apex c3 pointing sideways depth 1\n"
              " grid 3x3\n}\nsetup {\n p 0 at a1\n p in hand -1\n}\n"
              "phase a of s {\n turn capture p lines 0, 2\n turn capture p lines odd\n}\n");
    assert_non_null(p.root);
    assert_int_equal(p.errors, 0);
    const rm_node *b = p.root->kids[0];
    const rm_node *g = b->kids[0];
    assert_string_equal(g->text, "by");
    assert_int_equal(g->span3.end - g->span3.start, 2);
    assert_int_equal(g->nkids, 1);
    assert_int_equal(g->kids[0]->kind, N_DIAGONALS);
    assert_string_equal(g->kids[0]->text, "some");
    assert_string_equal(b->kids[1]->text, "sideways");
    assert_null(b->kids[2]->text); /* "3x3" is one word, with nothing between */
    assert_int_equal(b->kids[2]->nkids, 0);
    const rm_node *s = p.root->kids[1];
    assert_int_equal(s->kids[0]->n, 0);
    assert_int_equal(s->kids[0]->span3.end - s->kids[0]->span3.start, 1);
    assert_int_equal(s->kids[1]->n, -1);
    assert_int_equal(s->kids[1]->span3.end - s->kids[1]->span3.start, 2);
    const rm_node *lines = p.root->kids[2]->kids[0]->kids[0]->kids[0]->kids[0];
    assert_int_equal(lines->kind, N_LINES);
    assert_int_equal(lines->flags, 0);
    assert_int_equal(lines->nkids, 2);
    assert_int_equal(lines->kids[0]->kind, N_NUMBER);
    assert_int_equal(lines->kids[0]->n, 0);
    assert_int_equal(lines->kids[1]->n, 2);
    const rm_node *odd = p.root->kids[2]->kids[1]->kids[0]->kids[0]->kids[0];
    assert_int_equal(odd->kind, N_LINES);
    assert_int_equal(odd->flags, 1);
    assert_int_equal(odd->nkids, 0);
    done(&p);
}

static void parser__caret_line__follows_the_message(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "game \"x\"\nboard { grid 3 x 3 } @\n");
    assert_non_null(strstr(p.messages, "t.game:2:22: error: unexpected character '@'\n"
                                       "    board { grid 3 x 3 } @\n"
                                       "                         ^\n"));
    done(&p);
}

/* The line and column of OFFSET in TEXT, counted here from the start. */
static void count_position(const char *text, uint32_t offset, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (uint32_t i = 0; i < offset && text[i]; i++) {
        if (text[i] == '\n') {
            ++*line;
            *col = 1;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            ++*col;
        }
    }
}

static void diag__cursor__gives_the_position_counted_from_the_start(void **state)
{
    (void)state;
    const char *text = "game \"Tig\xc3\xa9r\"\r\n\n  board {\n\tgrid 3 x 3 }\n\xe2\x80\x94 x\n";
    rm_source src;
    assert_int_equal(source_from_string(&src, "t.game", text, strlen(text)), 0);
    uint32_t len = (uint32_t)strlen(text);
    /* every offset in increasing order, then going back, then past the end */
    uint32_t order[3 * 64];
    int n = 0;
    for (uint32_t o = 0; o <= len; o++)
        order[n++] = o;
    for (uint32_t o = len; o-- > 0;)
        order[n++] = o;
    order[n++] = 7;
    order[n++] = 3;
    order[n++] = len + 10;
    assert_true(n <= (int)(sizeof order / sizeof *order));
    rm_cursor at = source_cursor();
    for (int i = 0; i < n; i++) {
        int line, col, want_line, want_col;
        source_advance(&src, &at, order[i], &line, &col);
        count_position(text, order[i], &want_line, &want_col);
        assert_int_equal(line, want_line);
        assert_int_equal(col, want_col);
        source_position(&src, order[i], &line, &col);
        assert_int_equal(line, want_line);
        assert_int_equal(col, want_col);
    }
    /* the dash on line 5 is one character: 'x' is in column 3 */
    int line, col;
    source_position(&src, (uint32_t)(strstr(text, " x\n") - text) + 1, &line, &col);
    assert_int_equal(line, 5);
    assert_int_equal(col, 3);
    source_free(&src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parser__metadata__one_node_each),
        cmocka_unit_test(parser__board_statements__keep_their_parameters),
        cmocka_unit_test(parser__side_and_pieces__flags_and_symbols),
        cmocka_unit_test(parser__forward_and_direction_filters__names_kept_for_the_compile_step),
        cmocka_unit_test(parser__setup_statements__place_stack_and_hand),
        cmocka_unit_test(parser__turn__steps_alternatives_and_repeats),
        cmocka_unit_test(parser__option_and_if__make_nodes),
        cmocka_unit_test(parser__else_on_the_next_line__belongs_to_the_if),
        cmocka_unit_test(parser__else_after_a_semicolon__is_an_error),
        cmocka_unit_test(parser__syntax_error__reported_at_line_and_column),
        cmocka_unit_test(parser__several_errors__all_reported),
        cmocka_unit_test(parser__singular_words__read_as_their_plurals),
        cmocka_unit_test(parser__statement_of_another_block__says_where_it_belongs),
        cmocka_unit_test(parser__misplaced_statement_with_a_long_name__cut_at_a_character),
        cmocka_unit_test(parser__word_without_its_value__names_the_values),
        cmocka_unit_test(parser__keyword_as_name__says_so),
        cmocka_unit_test(parser__words_and_numbers__kept_for_the_compile_step),
        cmocka_unit_test(parser__caret_line__follows_the_message),
        cmocka_unit_test(diag__cursor__gives_the_position_counted_from_the_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
