/* render.c: drawing a board as text or as SVG. */
#include "render.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

rm_view render_setup_view(const rm_game *g, int hand[RM_MAX_KINDS])
{
    for (int k = 0; k < RM_MAX_KINDS; k++)
        hand[k] = k < g->nkinds ? g->kinds[k].hand : 0;
    rm_view v = { g->setup_kind, g->setup_count, hand };
    return v;
}

/* The extent of the board and the spacing of its points. */
struct frame {
    double x0, x1, y0, y1;
    double ux, uy;     /* smallest gaps between distinct coordinates */
    bool lattice;      /* every point has a lattice name */
};

static double smallest_gap(const rm_board *b, bool use_x)
{
    double gap = INFINITY;
    for (int i = 0; i < b->npoints; i++)
        for (int j = 0; j < b->npoints; j++) {
            double d = use_x ? b->points[j].x - b->points[i].x : b->points[j].y - b->points[i].y;
            if (d > 1e-6 && d < gap)
                gap = d;
        }
    return isfinite(gap) ? gap : 1.0;
}

static struct frame frame_of(const rm_board *b)
{
    struct frame f = { INFINITY, -INFINITY, INFINITY, -INFINITY, 1, 1, true };
    for (int i = 0; i < b->npoints; i++) {
        const rm_point *p = &b->points[i];
        f.x0 = fmin(f.x0, p->x);
        f.x1 = fmax(f.x1, p->x);
        f.y0 = fmin(f.y0, p->y);
        f.y1 = fmax(f.y1, p->y);
        char name[RM_NAME_MAX];
        if (p->col < 0 || board_lattice_name(p->col, p->row, name) != 0 ||
            strcmp(name, p->name) != 0)
            f.lattice = false;
    }
    f.ux = smallest_gap(b, true);
    f.uy = smallest_gap(b, false);
    /* Keep the drawing readable: lattice boards use whole units. */
    if (f.ux > 1 - 1e-9 || f.lattice)
        f.ux = 1;
    if (f.uy > 1 - 1e-9 || f.lattice)
        f.uy = 1;
    return f;
}

#define CW 4 /* characters per unit across */
#define CH 2 /* rows per unit up */

/* A cell's look in colour: a foreground and a background colour (0: the
 * terminal's, else 1 + the ANSI colour number), bold, underline, reverse. */
enum { A_FG = 0x0f, A_BG = 0xf0, A_BOLD = 0x100, A_UL = 0x200, A_REV = 0x400 };
#define A_FG_OF(c) (1 + (c))
#define A_BG_OF(c) ((1 + (c)) << 4)
enum { C_RED = 1, C_GREEN = 2, C_BLUE = 4, C_MAGENTA = 5, C_CYAN = 6, C_WHITE = 7 };

/* Writes the SGR sequence that turns the look OLD into A. */
static void put_sgr(FILE *out, unsigned old, unsigned a)
{
    if (old == a)
        return;
    fputs("\033[0", out);
    if (a & A_BOLD)
        fputs(";1", out);
    if (a & A_UL)
        fputs(";4", out);
    if (a & A_REV)
        fputs(";7", out);
    if (a & A_FG)
        fprintf(out, ";%u", 30 + (a & A_FG) - 1);
    if (a & A_BG)
        fprintf(out, ";%u", 40 + ((a & A_BG) >> 4) - 1);
    fputc('m', out);
}

/* The character that marks a point a turn can reach: one no piece is
 * drawn as. */
static char reach_char(const rm_game *g)
{
    for (const char *c = "*+#@%"; *c; c++) {
        bool used = false;
        for (int k = 0; k < g->nkinds && !used; k++)
            used = g->kinds[k].symbol == *c;
        if (!used)
            return *c;
    }
    return '*';
}

/* The look of point I's cell (and of a stack's height after it). */
static unsigned point_look(const rm_game *g, const rm_view *v, int i, unsigned mark)
{
    static const int side_colour[RM_MAX_SIDES] = { C_RED, C_BLUE, C_MAGENTA, C_CYAN };
    unsigned a = 0;
    int k = v ? v->kind[i] : -1;
    if (k >= 0) {
        a = A_BOLD | (unsigned)A_FG_OF(side_colour[g->kinds[k].side % RM_MAX_SIDES]);
        if (v->count[i] > 1)
            a |= A_UL;
    }
    if (mark & RENDER_TAKEN) {
        a |= A_BG_OF(C_RED) | A_BOLD;
        if (!(a & A_FG))
            a |= A_FG_OF(C_WHITE);
    }
    if (mark & RENDER_REACH) {
        if (k >= 0)
            a |= A_BG_OF(C_GREEN);
        else
            a |= A_BOLD | A_FG_OF(C_GREEN);
    }
    if (mark & (RENDER_LAST | RENDER_CHOSEN))
        a |= A_REV | A_BOLD;
    return a;
}

void render_text(FILE *out, const rm_game *g, const rm_view *v)
{
    render_text_styled(out, g, v, NULL);
}

void render_text_styled(FILE *out, const rm_game *g, const rm_view *v, const rm_text_style *st)
{
    const rm_board *b = &g->board;
    struct frame f = frame_of(b);
    /* one column more than the points need: the height of a stack on the
     * rightmost column is written after its symbol */
    int w = (int)lround((f.x1 - f.x0) / f.ux * CW) + 2;
    int h = (int)lround((f.y1 - f.y0) / f.uy * CH) + 1;
    if (w > 400 || h > 400) {
        fprintf(out, "(the board is too large to draw as text: use --svg)\n");
        return;
    }
    bool ansi = st && st->ansi;
    const uint8_t *mark = st ? st->mark : NULL;
    char *cv = malloc((size_t)w * (size_t)h);
    /* the look of each cell, in colour */
    unsigned short *look = ansi ? calloc((size_t)w * (size_t)h, sizeof *look) : NULL;
    int *pc = malloc((size_t)b->npoints * sizeof *pc), *pr = malloc((size_t)b->npoints * sizeof *pr);
    if (!cv || !pc || !pr || (ansi && !look)) {
        free(cv);
        free(look);
        free(pc);
        free(pr);
        fprintf(out, "(out of memory)\n");
        return;
    }
    memset(cv, ' ', (size_t)w * (size_t)h);
    for (int i = 0; i < b->npoints; i++) {
        pc[i] = (int)lround((b->points[i].x - f.x0) / f.ux * CW);
        pr[i] = (int)lround((f.y1 - b->points[i].y) / f.uy * CH);
    }
    for (int l = 0; l < b->nlinks; l++) {
        int p = b->links[l][0], q = b->links[l][1];
        int c0 = pc[p], r0 = pr[p], dc = pc[q] - c0, dr = pr[q] - r0;
        if (dr == 0) {
            for (int c = 1; c < abs(dc); c++)
                cv[r0 * w + c0 + (dc > 0 ? c : -c)] = '-';
            continue;
        }
        for (int k = 1; k < abs(dr); k++) {
            int r = r0 + (dr > 0 ? k : -k);
            double cx = c0 + (double)dc * k / abs(dr);
            int c = (int)lround(cx);
            char ch = dc == 0 ? '|' : ((dc > 0) == (dr > 0)) ? '\\' : '/';
            char *cell = &cv[r * w + c];
            if ((*cell == '/' && ch == '\\') || (*cell == '\\' && ch == '/'))
                *cell = 'X';
            else if (*cell == ' ' || *cell == ch)
                *cell = ch;
            else
                *cell = '+';
        }
    }
    char reach = mark ? reach_char(g) : '.';
    for (int i = 0; i < b->npoints; i++) {
        char *cell = &cv[pr[i] * w + pc[i]];
        int k = v ? v->kind[i] : -1;
        if (look) {
            look[pr[i] * w + pc[i]] = (unsigned short)point_look(g, v, i, mark ? mark[i] : 0);
            if (k >= 0 && v->count[i] > 1 && pc[i] + 1 < w)
                look[pr[i] * w + pc[i] + 1] = (unsigned short)point_look(g, v, i, 0);
        }
        if (k < 0) {
            *cell = mark && (mark[i] & RENDER_REACH) ? reach : '.';
            continue;
        }
        *cell = g->kinds[k].symbol;
        if (v->count[i] > 1 && pc[i] + 1 < w)
            cell[1] = v->count[i] <= 9 ? (char)('0' + v->count[i]) : '+';
    }
    /* Row numbers on the left, column letters below. */
    for (int r = 0; r < h; r++) {
        char label[16] = "";
        if (f.lattice) {
            double y = f.y1 - (double)r * f.uy / CH;
            if (fabs(y - floor(y + 0.5)) < 1e-9 && r % CH == 0)
                snprintf(label, sizeof label, "%d", (int)lround(y) + 1);
        }
        int end = w;
        while (end > 0 && cv[r * w + end - 1] == ' ')
            end--;
        if (!look) {
            fprintf(out, "%3s  %.*s\n", label, end, cv + r * w);
            continue;
        }
        fprintf(out, "%3s  ", label);
        unsigned now = 0;
        for (int c = 0; c < end; c++) {
            put_sgr(out, now, look[r * w + c]);
            now = look[r * w + c];
            fputc(cv[r * w + c], out);
        }
        if (now)
            fputs("\033[0m", out);
        fputc('\n', out);
    }
    if (f.lattice) {
        char *cols = malloc((size_t)w + 1);
        if (cols) {
            memset(cols, ' ', (size_t)w);
            cols[w] = '\0';
            for (int i = 0; i < b->npoints; i++)
                cols[pc[i]] = (char)('a' + b->points[i].col);
            int end = w;
            while (end > 0 && cols[end - 1] == ' ')
                end--;
            fprintf(out, "\n     %.*s\n", end, cols);
            free(cols);
        }
    } else {
        fprintf(out, "\npoints:");
        for (int i = 0; i < b->npoints; i++)
            fprintf(out, " %s(%g,%g)", b->points[i].name, b->points[i].x, b->points[i].y);
        fputc('\n', out);
    }
    bool any = false;
    for (int k = 0; v && k < g->nkinds; k++)
        if (v->hand[k] > 0) {
            fprintf(out, "%s %s %d", any ? "," : "\nin hand:", g->kinds[k].name, v->hand[k]);
            any = true;
        }
    if (any)
        fputc('\n', out);
    free(cv);
    free(look);
    free(pc);
    free(pr);
}

static void svg_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n' || *s == '\t')
                fputc(*s, out);
        }
    }
}

/* Whether NAME says a colour: 1 dark ("black", "dark"), 0 light
 * ("white", "light"), -1 neither. */
static int shade_of_name(const char *name)
{
    char low[8];
    size_t n = name ? strlen(name) : sizeof low;
    if (n >= sizeof low)
        return -1;
    for (size_t i = 0; i <= n; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    if (strcmp(low, "black") == 0 || strcmp(low, "dark") == 0)
        return 1;
    if (strcmp(low, "white") == 0 || strcmp(low, "light") == 0)
        return 0;
    return -1;
}

/* The shade side S is drawn in (1 dark, 0 light): the colour its name or
 * one of its kinds' names says (Satoel's south plays the white pieces),
 * else the opposite of the colour the other side's names say, else dark
 * for the first side and light for the second. */
static int side_shade(const rm_game *g, int s)
{
    int said[2] = { -1, -1 };
    for (int t = 0; t < 2 && t < g->nsides; t++) {
        const rm_side *sd = &g->sides[t];
        said[t] = shade_of_name(sd->name);
        for (int k = sd->first_kind; said[t] < 0 && k < sd->first_kind + sd->nkinds; k++)
            said[t] = shade_of_name(g->kinds[k].name);
    }
    if (said[s] >= 0)
        return said[s];
    if (said[1 - s] >= 0)
        return 1 - said[1 - s];
    return s == 0;
}

void render_svg(FILE *out, const rm_game *g, const rm_view *v)
{
    render_svg_marked(out, g, v, NULL);
}

/* An arrow from (X0,Y0) to (X1,Y1), stopping short of the pieces' centres;
 * the head is a polygon, so that many pictures can share one page (no
 * marker ids). */
static void svg_arrow(FILE *out, double x0, double y0, double x1, double y1)
{
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (len < 1e-6)
        return;
    double ux = dx / len, uy = dy / len;
    double sx = x0 + ux * 8, sy = y0 + uy * 8, tx = x1 - ux * 6, ty = y1 - uy * 6;
    double bx = tx - ux * 16, by = ty - uy * 16;
    fprintf(out,
            "    <line class=\"arrow\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"#1f7a3a\" stroke-width=\"5\" stroke-linecap=\"round\" opacity=\"0.85\"/>\n",
            sx, sy, bx, by);
    fprintf(out,
            "    <polygon class=\"arrow-head\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
            "fill=\"#1f7a3a\" opacity=\"0.85\"/>\n",
            tx, ty, bx - uy * 9, by + ux * 9, bx + uy * 9, by - ux * 9);
}

void render_svg_marked(FILE *out, const rm_game *g, const rm_view *v, const rm_marks *mk)
{
    const char *fill[RM_MAX_SIDES] = { "#2b2b2b", "#f4f1e8", "#b5413a", "#3a6fb5" };
    const char *ink[RM_MAX_SIDES] = { "#ffffff", "#2b2b2b", "#ffffff", "#ffffff" };
    for (int s = 0; s < 2 && s < g->nsides; s++) {
        bool dark = side_shade(g, s) == 1;
        fill[s] = dark ? "#2b2b2b" : "#f4f1e8";
        ink[s] = dark ? "#ffffff" : "#2b2b2b";
    }
    const rm_board *b = &g->board;
    struct frame f = frame_of(b);
    const double unit = 60, margin = 50, top = 40;
    double w = (f.x1 - f.x0) / f.ux * unit + 2 * margin;
    double h = (f.y1 - f.y0) / f.uy * unit + 2 * margin + top;
    int hand_lines = 0;
    for (int k = 0; v && k < g->nkinds; k++)
        hand_lines += v->hand[k] > 0;
    h += hand_lines ? 24 : 0;
#define SX(x) (margin + ((x) - f.x0) / f.ux * unit)
#define SY(y) (top + margin + (f.y1 - (y)) / f.uy * unit)
    if (!mk || !mk->fragment)
        fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
            w, h, w, h);
    fprintf(out, "  <title>");
    svg_text(out, g->name ? g->name : "board");
    fprintf(out, "</title>\n  <rect width=\"100%%\" height=\"100%%\" fill=\"#efe3c4\"/>\n");
    fprintf(out, "  <text x=\"%.1f\" y=\"28\" font-size=\"18\" text-anchor=\"middle\">", w / 2);
    svg_text(out, g->name ? g->name : "");
    if (mk && mk->caption) {
        fprintf(out, "</text>\n  <text class=\"caption\" x=\"%.1f\" y=\"50\" font-size=\"15\" "
                "text-anchor=\"middle\">", w / 2);
        svg_text(out, mk->caption);
    }
    fprintf(out, "</text>\n  <g stroke=\"#5a4632\" stroke-width=\"2\" stroke-linecap=\"round\">\n");
    for (int l = 0; l < b->nlines; l++) {
        const rm_point *p = &b->points[b->line_pts[b->line_off[l]]];
        const rm_point *q = &b->points[b->line_pts[b->line_off[l + 1] - 1]];
        fprintf(out, "    <line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", SX(p->x),
                SY(p->y), SX(q->x), SY(q->y));
    }
    fprintf(out, "  </g>\n  <g font-size=\"13\" fill=\"#5a4632\" text-anchor=\"middle\">\n");
    if (f.lattice) {
        bool seen_col[RM_MAX_GRID] = { false };
        bool seen_row[100] = { false };
        for (int i = 0; i < b->npoints; i++) {
            const rm_point *p = &b->points[i];
            if (!seen_col[p->col]) {
                seen_col[p->col] = true;
                fprintf(out, "    <text x=\"%.1f\" y=\"%.1f\">%c</text>\n", SX(p->x),
                        h - (hand_lines ? 24 : 0) - 16, 'a' + p->col);
            }
            if (!seen_row[p->row]) {
                seen_row[p->row] = true;
                fprintf(out, "    <text x=\"20\" y=\"%.1f\">%d</text>\n", SY(p->y) + 5, p->row);
            }
        }
    }
    fprintf(out, "  </g>\n  <g>\n");
    for (int i = 0; i < b->npoints; i++) {
        const rm_point *p = &b->points[i];
        int k = v ? v->kind[i] : -1;
        if (mk && mk->hooks)
            fprintf(out, "    <circle class=\"point\" data-point=\"%d\" cx=\"%.1f\" cy=\"%.1f\" "
                    "r=\"4\" fill=\"#5a4632\"><title>", i, SX(p->x), SY(p->y));
        else
            fprintf(out, "    <circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#5a4632\"><title>",
                    SX(p->x), SY(p->y));
        svg_text(out, p->name);
        fprintf(out, "</title></circle>\n");
        if (mk && mk->names) {
            /* below and to the right of the point, clear of a piece's disc */
            fprintf(out, "    <text class=\"name\" x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                    "fill=\"#3d2f22\">", SX(p->x) + 12, SY(p->y) + 26);
            svg_text(out, p->name);
            fprintf(out, "</text>\n");
        }
        if (k < 0)
            continue;
        int s = g->kinds[k].side;
        fprintf(out,
                "    <circle cx=\"%.1f\" cy=\"%.1f\" r=\"17\" fill=\"%s\" stroke=\"#2b2b2b\" "
                "stroke-width=\"1.5\"><title>%s on %s</title></circle>\n",
                SX(p->x), SY(p->y), fill[s], g->kinds[k].name, p->name);
        fprintf(out,
                "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"15\" font-weight=\"bold\" "
                "text-anchor=\"middle\" fill=\"%s\">%c</text>\n",
                SX(p->x), SY(p->y) + 5, ink[s], g->kinds[k].symbol);
        if (v->count[i] > 1)
            fprintf(out,
                    "    <circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"#b5413a\"/>\n"
                    "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" "
                    "fill=\"#ffffff\">%d</text>\n",
                    SX(p->x) + 14, SY(p->y) - 14, SX(p->x) + 14, SY(p->y) - 10, v->count[i]);
    }
    fprintf(out, "  </g>\n");
    if (mk) {
        fprintf(out, "  <g class=\"marks\">\n");
        for (int i = 0; i < b->npoints; i++) {
            const rm_point *p = &b->points[i];
            if (mk->dropped && mk->dropped[i])
                fprintf(out,
                        "    <circle class=\"dropped\" cx=\"%.1f\" cy=\"%.1f\" r=\"22\" "
                        "fill=\"none\" stroke=\"#1f7a3a\" stroke-width=\"4\"/>\n",
                        SX(p->x), SY(p->y));
            if (mk->taken && mk->taken[i])
                fprintf(out,
                        "    <path class=\"taken\" d=\"M%.1f %.1fl16 16m0 -16l-16 16\" "
                        "stroke=\"#c0262d\" stroke-width=\"5\" stroke-linecap=\"round\"/>\n",
                        SX(p->x) - 8, SY(p->y) - 8);
        }
        for (int a = 0; a < mk->narrows; a++) {
            const rm_point *p = &b->points[mk->arrows[a][0]], *q = &b->points[mk->arrows[a][1]];
            svg_arrow(out, SX(p->x), SY(p->y), SX(q->x), SY(q->y));
        }
        fprintf(out, "  </g>\n");
    }
    if (hand_lines) {
        fprintf(out, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" text-anchor=\"middle\">in hand:",
                w / 2, h - 12);
        bool first = true;
        for (int k = 0; k < g->nkinds; k++)
            if (v->hand[k] > 0) {
                fprintf(out, "%s ", first ? "" : ",");
                svg_text(out, g->kinds[k].name);
                fprintf(out, " %d", v->hand[k]);
                first = false;
            }
        fprintf(out, "</text>\n");
    }
    fprintf(out, "</svg>\n");
#undef SX
#undef SY
}
