/* test_layout.c: the bit layout the derive step works out for a board
 * (layout.h): checked from the board itself, on every shipped board. */
#include "helpers.h"

#include <math.h>

#include "layout.h"

/* Checks every promise of layout.h on G's layout, from the board and
 * the bits alone (not from the layout's own flags and counts). */
static void check_layout(const rm_game *g, const char *what)
{
    const rm_board *b = &g->board;
    const rm_layout *l = g->layout;
    if (!l)
        fail_msg("%s: no layout", what);
    /* the words hold the bits */
    if (l->bits < b->npoints || l->bits > RM_LAYOUT_MAX_BITS || l->bits > 64 * l->words ||
        (l->bits > 0 && l->words != (l->bits + 63) / 64) || l->width < 1)
        fail_msg("%s: %d points in %d bits, %d words, rows of %d", what, b->npoints, l->bits,
                 l->words, l->width);
    /* one point per bit at most, each point on its own bit */
    int points = 0;
    for (int i = 0; i < RM_LAYOUT_MAX_BITS; i++) {
        int p = l->point[i];
        if (p < 0)
            continue;
        if (i >= l->bits || p >= b->npoints || l->bit[p] != i)
            fail_msg("%s: bit %d holds point %d of %d, whose bit is %d", what, i, p, b->npoints,
                     p < b->npoints ? l->bit[p] : -1);
        points++;
    }
    if (points != b->npoints)
        fail_msg("%s: %d of %d points have a bit", what, points, b->npoints);
    /* each link once, in its class's way; covered exactly when it is its
     * class's shift */
    int exceptions = 0;
    for (int i = 0; i < b->nlinks; i++) {
        const rm_layout_link *k = &l->links[i];
        int p = b->links[i][0], q = b->links[i][1];
        if (!((k->from == p && k->to == q) || (k->from == q && k->to == p)) ||
            !board_adjacent(b, k->from, k->to) || k->cls >= l->nclasses)
            fail_msg("%s: link %d (%s-%s) is given as %d>%d class %d", what, i,
                     b->points[p].name, b->points[q].name, k->from, k->to, k->cls);
        const rm_layout_class *c = &l->classes[k->cls];
        double vx = b->points[k->to].x - b->points[k->from].x;
        double vy = b->points[k->to].y - b->points[k->from].y;
        double tol = hypot(vx, vy) / RM_LINE_SLACK;
        if (fabs(vx - c->dx) > 2 * tol || fabs(vy - c->dy) > 2 * tol || c->dy < -tol ||
            (fabs(c->dy) <= tol && c->dx < 0))
            fail_msg("%s: link %s>%s (%g, %g) is in class (%g, %g)", what,
                     b->points[k->from].name, b->points[k->to].name, vx, vy, c->dx, c->dy);
        bool fits = l->bit[k->to] - l->bit[k->from] == c->shift;
        if (fits != k->covered)
            fail_msg("%s: link %s>%s, bits %d>%d, class shift %+d, is said %s", what,
                     b->points[k->from].name, b->points[k->to].name, l->bit[k->from],
                     l->bit[k->to], c->shift, k->covered ? "covered" : "an exception");
        exceptions += !fits;
    }
    assert_int_equal(exceptions, l->nexceptions);
    int links = 0, covered = 0;
    for (int c = 0; c < l->nclasses; c++) {
        links += l->classes[c].nlinks;
        covered += l->classes[c].ncovered;
    }
    assert_int_equal(links, b->nlinks);
    assert_int_equal(covered, b->nlinks - exceptions);
}

static void visit_layout(const rm_game *g, const char *what, int i, void *ctx)
{
    (void)i;
    check_layout(g, what);
    (*(int *)ctx)++;
}

static void layout__every_shipped_board_and_option__is_a_true_layout(void **state)
{
    (void)state;
    int boards = 0;
    assert_true(for_each_shipped_game(visit_layout, &boards) >= 20);
    assert_true(boards >= 40);
}

/* The 5 x 5 alquerque board: every point on the lattice, rows of 5 with
 * no padding, so every link is a shift (1, 5, 6 or 4) and no bit is a
 * ghost. */
static void layout__alquerque__no_exception_in_25_bits(void **state)
{
    (void)state;
    rm_game *g = load_shipped("alquerque.game");
    check_layout(g, "alquerque");
    assert_int_equal(g->layout->nexceptions, 0);
    assert_int_equal(g->layout->words, 1);
    assert_int_equal(g->layout->bits, 25);
    assert_int_equal(g->layout->nclasses, 4);
    rm_game_destroy(g);
}

/* The Rimau-rimau board: the triangles' points have whole coordinates
 * too (0..4 by 0..8), so rows of 5 make every link, the apexes' joins
 * included, the shift 5 dy + dx of its vector: no exception, 9 rows of 5. */
static void layout__rimau_rimau__no_exception_in_45_bits(void **state)
{
    (void)state;
    rm_game *g = load_shipped("rimau-rimau-a.game");
    const rm_layout *l = g->layout;
    check_layout(g, "rimau-rimau-a");
    assert_int_equal(l->nexceptions, 0);
    assert_int_equal(l->words, 1);
    assert_true(l->bits <= 45);
    /* the apex c3 and its triangle's middle point c2: one row apart */
    int c3 = board_point(&g->board, "c3"), c2 = board_point(&g->board, "c2");
    assert_int_equal(l->bit[c3] - l->bit[c2], l->width);
    rm_game_destroy(g);
}

/* Boards of 65 to 128 points take two words; more, the general path. */
static void layout__large_boards__two_words_then_more(void **state)
{
    (void)state;
    rm_game *g = load_shipped("satoel.game");
    check_layout(g, "satoel");
    assert_int_equal(g->layout->words, 2);
    assert_int_equal(g->layout->nexceptions, 0);
    rm_game_destroy(g);
    g = load_shipped("meurimueng-rimueng-peuet-ploh.game");
    assert_int_equal(g->layout->words, 2);
    assert_int_equal(g->layout->bits, 81);
    rm_game_destroy(g);
    static const char big[] = "game \"G\"\nboard { grid 12 x 12 }\nside s { piece p 1 }\n";
    g = rm_load_string("big.game", big, strlen(big), stderr, NULL);
    assert_non_null(g);
    check_layout(g, "12 x 12");
    assert_int_equal(g->layout->bits, 144);
    assert_int_equal(g->layout->words, 3);
    assert_int_equal(g->layout->nexceptions, 0);
    rm_game_destroy(g);
}

/* A board with no lattice point: a line of four points 0.3 across and
 * 0.7 up from each other, and a point beside it. The line's links are one
 * class, so one shift covers them all wherever the line is placed. */
static void layout__no_lattice__a_line_is_one_shift(void **state)
{
    (void)state;
    static const char text[] =
        "game \"G\"\nboard {\n point p at 0.1 0.1\n point q at 0.4 0.8\n point r at 0.7 1.5\n"
        " point s at 1.0 2.2\n point t at 1.3 0.1\n line p q r s\n line p t\n}\n"
        "side x { piece y 1 }\n";
    rm_game *g = rm_load_string("line.game", text, strlen(text), stderr, NULL);
    assert_non_null(g);
    check_layout(g, "line");
    assert_int_equal(g->layout->nexceptions, 0);
    assert_int_equal(g->layout->nclasses, 2);
    assert_int_equal(g->layout->bits, 5);
    rm_game_destroy(g);
}

/* Loading a board twice gives the same layout, bit for bit. */
static void layout__same_board__same_layout(void **state)
{
    (void)state;
    static const char *const files[] = { "kaooa.game", "komikan.game", "aadu-puli-attam.game",
                                         "rimau-rimau-a.game" };
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        rm_game *a = load_shipped(files[f]), *b = load_shipped(files[f]);
        const rm_layout *x = a->layout, *y = b->layout;
        assert_int_equal(x->bits, y->bits);
        assert_int_equal(x->nclasses, y->nclasses);
        assert_int_equal(x->nexceptions, y->nexceptions);
        assert_memory_equal(x->bit, y->bit, sizeof x->bit);
        assert_memory_equal(x->point, y->point, sizeof x->point);
        for (int c = 0; c < x->nclasses; c++)
            assert_int_equal(x->classes[c].shift, y->classes[c].shift);
        for (int i = 0; i < a->board.nlinks; i++) {
            assert_int_equal(x->links[i].from, y->links[i].from);
            assert_int_equal(x->links[i].cls, y->links[i].cls);
            assert_int_equal(x->links[i].covered, y->links[i].covered);
        }
        rm_game_destroy(a);
        rm_game_destroy(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(layout__every_shipped_board_and_option__is_a_true_layout),
        cmocka_unit_test(layout__alquerque__no_exception_in_25_bits),
        cmocka_unit_test(layout__rimau_rimau__no_exception_in_45_bits),
        cmocka_unit_test(layout__large_boards__two_words_then_more),
        cmocka_unit_test(layout__no_lattice__a_line_is_one_shift),
        cmocka_unit_test(layout__same_board__same_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
