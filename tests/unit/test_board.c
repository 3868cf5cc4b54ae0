/* test_board.c: board geometry: counts, adjacency, lines, rays, regions. */
#include "helpers.h"

#include "board.h"

static rm_game *board_game(const char *board)
{
    char text[2048];
    snprintf(text, sizeof text, "game \"b\"\n%s\nside s { piece p 1 }\n", board);
    return load_ok(text);
}

static void expect_counts(const char *board, int points, int links, int lines)
{
    rm_game *g = board_game(board);
    assert_int_equal(g->board.npoints, points);
    assert_int_equal(g->board.nlinks, links);
    assert_int_equal(g->board.nlines, lines);
    rm_game_destroy(g);
}

/* The points of the ray from FROM that starts at NEXT, as names joined by spaces. */
static void ray_names(const rm_game *g, const char *from, const char *next, char *out, size_t size)
{
    const rm_board *b = &g->board;
    int p = pt(g, from), q = pt(g, next);
    out[0] = '\0';
    for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
        const uint16_t *pts = board_ray_points(b, &b->rays[r]);
        if (pts[0] != q)
            continue;
        size_t used = 0;
        for (int i = 0; i < b->rays[r].len; i++)
            used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " " : "",
                                     b->points[pts[i]].name);
        return;
    }
}

static void board__alquerque__25_points_56_links(void **state)
{
    (void)state;
    expect_counts("board { grid 5 x 5 diagonals alternate }", 25, 56, 16);
}

static void board__rimau_rimau__37_points_76_links(void **state)
{
    (void)state;
    expect_counts(RIMAU_BOARD, 37, 76, 20);
}

static void board__nine_by_nine__81_points_208_links(void **state)
{
    (void)state;
    expect_counts("board { grid 9 x 9 diagonals alternate }", 81, 208, 32);
}

static void board__satoel__93_points_228_links(void **state)
{
    (void)state;
    expect_counts("board {\n grid 9 x 9 at a3 diagonals alternate\n"
                  " triangle apex e3 pointing down depth 2\n"
                  " triangle apex e11 pointing up depth 2\n}", 93, 228, 36);
}

static void board__four_by_four__16_points_24_links(void **state)
{
    (void)state;
    expect_counts("board { grid 4 x 4 }", 16, 24, 8);
}

/* The tables kept for move generation agree with the board they come
 * from: each ray's first point, and each point's neighbours (the points
 * linked to it), in every shipped board. */
static void board__neighbour_sets__are_the_linked_points(void **state)
{
    (void)state;
    static char names[SHIPPED_MAX][256];
    char dir[4096];
    int n = shipped_games(names, dir);
    assert_true(n > 0);
    for (int f = 0; f < n; f++) {
        rm_game *g = load_shipped(names[f]);
        const rm_board *b = &g->board;
        rm_set *linked = calloc((size_t)b->npoints, sizeof *linked);
        assert_non_null(linked);
        for (int i = 0; i < b->nlinks; i++) {
            set_add(&linked[b->links[i][0]], b->links[i][1]);
            set_add(&linked[b->links[i][1]], b->links[i][0]);
        }
        for (int p = 0; p < b->npoints; p++) {
            assert_memory_equal(&b->adjacent[p], &linked[p], sizeof linked[p]);
            for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++)
                assert_int_equal(b->ray_next[r], board_ray_points(b, &b->rays[r])[0]);
        }
        free(linked);
        rm_game_destroy(g);
    }
}

static void board__all_diagonals__every_cell_crossed(void **state)
{
    (void)state;
    /* 3x3: 12 orthogonal links and 2 diagonals in each of the 4 cells */
    expect_counts("board { grid 3 x 3 diagonals all }", 9, 20, 12);
}

static void board__four_grids__merge_into_one(void **state)
{
    (void)state;
    expect_counts("board {\n grid 5 x 5 at a1 diagonals alternate\n grid 5 x 5 at e1 diagonals alternate\n"
                  " grid 5 x 5 at a5 diagonals alternate\n grid 5 x 5 at e5 diagonals alternate\n}",
                  81, 208, 32);
}

static void board__alternate_diagonals__through_even_points_only(void **state)
{
    (void)state;
    rm_game *g = board_game("board { grid 5 x 5 diagonals alternate }");
    assert_true(board_adjacent(&g->board, pt(g, "a1"), pt(g, "b2")));
    assert_true(board_adjacent(&g->board, pt(g, "c3"), pt(g, "d4")));
    assert_false(board_adjacent(&g->board, pt(g, "b1"), pt(g, "c2")));
    assert_false(board_adjacent(&g->board, pt(g, "a1"), pt(g, "c3")));
    assert_int_equal(board_degree(&g->board, pt(g, "c3")), 8);
    assert_int_equal(board_degree(&g->board, pt(g, "b3")), 4);
    assert_int_equal(board_degree(&g->board, pt(g, "a1")), 3);
    rm_game_destroy(g);
}

static void board__rimau_rimau__degrees(void **state)
{
    (void)state;
    rm_game *g = board_game(RIMAU_BOARD);
    assert_int_equal(board_degree(&g->board, pt(g, "c5")), 8);
    assert_int_equal(board_degree(&g->board, pt(g, "b4")), 8);
    assert_int_equal(board_degree(&g->board, pt(g, "b5")), 4);
    assert_int_equal(board_degree(&g->board, pt(g, "b3")), 3);
    assert_int_equal(board_degree(&g->board, pt(g, "a3")), 3);
    assert_int_equal(board_degree(&g->board, pt(g, "c3")), 8);
    assert_int_equal(board_degree(&g->board, pt(g, "c1")), 3);
    assert_int_equal(board_degree(&g->board, pt(g, "a1")), 2);
    assert_int_equal(board_degree(&g->board, pt(g, "b2")), 3);
    rm_game_destroy(g);
}

static void board__diagonal__runs_on_into_the_triangle(void **state)
{
    (void)state;
    rm_game *g = board_game(RIMAU_BOARD);
    char buf[256];
    ray_names(g, "b2", "c3", buf, sizeof buf);
    assert_string_equal(buf, "c3 d4 e5");
    ray_names(g, "e5", "d4", buf, sizeof buf);
    assert_string_equal(buf, "d4 c3 b2 a1");
    ray_names(g, "c5", "c6", buf, sizeof buf);
    assert_string_equal(buf, "c6 c7 c8 c9");
    ray_names(g, "c1", "c2", buf, sizeof buf);
    assert_string_equal(buf, "c2 c3 c4 c5 c6 c7 c8 c9");
    ray_names(g, "a1", "c1", buf, sizeof buf);
    assert_string_equal(buf, "c1 e1");
    /* the triangle's rows do not run on into the square's rows */
    ray_names(g, "b2", "c2", buf, sizeof buf);
    assert_string_equal(buf, "c2 d2");
    rm_game_destroy(g);
}

static void board__names_and_coordinates__follow_the_lattice(void **state)
{
    (void)state;
    rm_game *g = board_game(RIMAU_BOARD);
    const rm_point *c5 = &g->board.points[pt(g, "c5")];
    assert_true(c5->x == 2.0 && c5->y == 4.0);
    assert_int_equal(c5->col, 2);
    assert_int_equal(c5->row, 5);
    assert_int_equal(board_point(&g->board, "b1"), -1); /* not on the board */
    assert_int_equal(board_point(&g->board, "a9") >= 0, 1);
    rm_game_destroy(g);
}

static void board__regions__centre_square_and_around(void **state)
{
    (void)state;
    rm_game *g = board_game(RIMAU_BOARD);
    const rm_board *b = &g->board;
    assert_int_equal(b->centre, pt(g, "c5"));
    int sq = board_region(b, "central-square"), ar = board_region(b, "around-centre");
    assert_true(sq >= 0 && ar >= 0);
    assert_int_equal(set_count(&b->regions[sq].points), 9);
    assert_int_equal(set_count(&b->regions[ar].points), 8);
    assert_true(set_has(&b->regions[sq].points, pt(g, "b4")));
    assert_true(set_has(&b->regions[sq].points, pt(g, "d6")));
    assert_false(set_has(&b->regions[ar].points, pt(g, "c5")));
    assert_false(set_has(&b->regions[sq].points, pt(g, "c3")));
    assert_true(board_region(b, "center") >= 0);
    rm_game_destroy(g);
}

static void board__even_grid__has_no_centre(void **state)
{
    (void)state;
    rm_game *g = board_game("board { grid 4 x 4 }");
    assert_int_equal(g->board.centre, -1);
    assert_int_equal(board_region(&g->board, "centre"), -1);
    assert_true(board_region(&g->board, "all") >= 0);
    rm_game_destroy(g);
}

static void board__explicit_lines__join_when_straight(void **state)
{
    (void)state;
    rm_game *g = board_game("board {\n point a at 0 0\n point b at 1 1\n point c at 2 2\n"
                            " point d at 2 0\n line a b\n line b c\n line b d\n}");
    /* a-b and b-c are one line; b-d is not straight with either */
    assert_int_equal(g->board.nlines, 2);
    char buf[64];
    ray_names(g, "a", "b", buf, sizeof buf);
    assert_string_equal(buf, "b c");
    rm_game_destroy(g);
}

static void board__builder__reports_errors(void **state)
{
    (void)state;
    rm_diag d;
    diag_init(&d, NULL, NULL);
    rm_board_builder *bb = bb_new(&d);
    assert_non_null(bb);
    rm_span at = { 0, 0 };
    int a = bb_point(bb, "a", 0, 0, at), b = bb_point(bb, "b", 1, 0, at);
    assert_true(a >= 0 && b >= 0);
    assert_int_equal(bb_point(bb, "a", 5, 5, at), -1);   /* duplicate name */
    assert_int_equal(bb_point(bb, "z", 1, 0, at), -1);   /* same place */
    int line[2] = { a, b };
    bb_line(bb, line, 2, at);
    bb_line(bb, line, 2, at);                             /* reuses the link */
    rm_board out;
    assert_int_equal(bb_finish(bb, &out, at), -1);
    assert_int_equal(d.errors, 3);
    bb_free(bb);
}

static void board__errors__from_files(void **state)
{
    (void)state;
    load_fails("game \"x\"\nboard { }\nside s { piece p 1 }\n", "the board has no points");
    load_fails("game \"x\"\nboard { point a at 0 0\n point b at 1 0\n point c at 2 1\n line a b c }\n"
               "side s { piece p 1 }\n", "line bends at point 'b'");
    load_fails("game \"x\"\nboard { grid 20 x 20 }\nside s { piece p 1 }\n", "more than 256 points");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(board__alquerque__25_points_56_links),
        cmocka_unit_test(board__rimau_rimau__37_points_76_links),
        cmocka_unit_test(board__nine_by_nine__81_points_208_links),
        cmocka_unit_test(board__satoel__93_points_228_links),
        cmocka_unit_test(board__four_by_four__16_points_24_links),
        cmocka_unit_test(board__neighbour_sets__are_the_linked_points),
        cmocka_unit_test(board__all_diagonals__every_cell_crossed),
        cmocka_unit_test(board__four_grids__merge_into_one),
        cmocka_unit_test(board__alternate_diagonals__through_even_points_only),
        cmocka_unit_test(board__rimau_rimau__degrees),
        cmocka_unit_test(board__diagonal__runs_on_into_the_triangle),
        cmocka_unit_test(board__names_and_coordinates__follow_the_lattice),
        cmocka_unit_test(board__regions__centre_square_and_around),
        cmocka_unit_test(board__even_grid__has_no_centre),
        cmocka_unit_test(board__explicit_lines__join_when_straight),
        cmocka_unit_test(board__builder__reports_errors),
        cmocka_unit_test(board__errors__from_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
