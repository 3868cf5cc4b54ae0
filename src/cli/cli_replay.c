/* cli_replay.c: a replayed game as pictures: one SVG per position
 * (replay --svg DIR), or one HTML page that steps through them
 * (replay --html FILE). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "notation.h"
#include "render.h"

/* The first bytes of the files replay writes: a file that starts so is
 * one Rimau wrote, replaced without --force. */
#define PAGE_START "<!DOCTYPE html>\n<!-- rimau replay -->\n"
#define PICTURE_START "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- rimau replay -->\n"

/* Draws position I of M (I turns played) with the marks of turn I. */
static void draw_position(FILE *out, const rm_match *m, int i, const rm_turn_marks *t,
                          bool fragment)
{
    const rm_game *g = m->g;
    rm_position pos;
    rm_state_position(g, &m->states[i], &pos);
    rm_view v = { pos.kind, pos.count, pos.hand };
    char caption[RM_MAX_TURN_TEXT + 32];
    if (i == 0)
        snprintf(caption, sizeof caption, "start");
    else
        snprintf(caption, sizeof caption, "%d. %.*s", i, RM_MAX_TURN_TEXT, m->texts[i - 1]);
    bool taken[RM_MAX_POINTS];
    rm_marks mk = { .caption = caption, .fragment = fragment };
    if (t) {
        for (int p = 0; p < g->board.npoints; p++)
            taken[p] = t->lost[p] > 0;
        mk.narrows = t->narrows;
        mk.arrows = (const uint8_t(*)[2])t->arrows;
        mk.dropped = t->dropped;
        mk.taken = taken;
    }
    render_svg_marked(out, g, &v, &mk);
}

/* Whether DIR is a folder the pictures can be written into, or can be
 * made; 0, or -1 after a message. *MADE: DIR is not there yet. */
static int svg_folder_ok(const char *dir, bool *made)
{
    struct stat sb;
    char err[4400];
    *made = false;
    if (stat(dir, &sb) != 0) {
        if (errno != ENOENT) {
            fprintf(stderr, "rimau replay: cannot write the pictures into %s: %s\n", dir,
                    strerror(errno));
            return -1;
        }
        /* not there (or a link to nothing, which rm_out_check refuses):
         * its own folder must be there and writable */
        if (rm_out_check(dir, NULL, false, err, sizeof err) != 0) {
            fprintf(stderr, "rimau replay: %s\n", err);
            return -1;
        }
        *made = true;
        return 0;
    }
    if (!S_ISDIR(sb.st_mode)) {
        fprintf(stderr, "rimau replay: cannot write the pictures into %s: %s is not a folder\n",
                dir, dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "rimau replay: cannot write the pictures into %s: %s\n", dir,
                strerror(errno));
        return -1;
    }
    return 0;
}

int cli_replay_check(const char *svg_dir, const char *html_file, bool force)
{
    bool made;
    if (svg_dir && svg_folder_ok(svg_dir, &made) != 0)
        return -1;
    char err[4400];
    if (html_file && rm_out_check(html_file, PAGE_START, force, err, sizeof err) != 0) {
        fprintf(stderr, "rimau replay: %s\n", err);
        return -1;
    }
    return 0;
}

/* The path of picture I of M's replay in DIR, into PATH (LEN bytes). */
static void picture_path(char *path, size_t len, const char *dir, const rm_match *m, int i)
{
    int width = m->n >= 10000 ? 5 : m->n >= 1000 ? 4 : 3;
    snprintf(path, len, "%s/%0*d.svg", dir, width, i);
}

int cli_replay_svg(const rm_match *m, const char *dir, bool force)
{
    bool made;
    if (svg_folder_ok(dir, &made) != 0)
        return -1;
    size_t len = strlen(dir) + 32;
    char *path = malloc(len);
    char err[4400];
    if (!path) {
        fprintf(stderr, "rimau replay: out of memory\n");
        return -1;
    }
    /* Every picture's path is checked before the first is written: a link
     * or a file that is not a picture Rimau drew stops the whole. */
    for (int i = 0; !made && i <= m->n; i++) {
        picture_path(path, len, dir, m, i);
        if (rm_out_check(path, PICTURE_START, force, err, sizeof err) != 0) {
            fprintf(stderr, "rimau replay: %s\n", err);
            free(path);
            return -1;
        }
    }
    if (made && mkdir(dir, 0777) != 0) {
        fprintf(stderr, "rimau replay: cannot make the folder %s: %s\n", dir, strerror(errno));
        free(path);
        return -1;
    }
    rm_turn_marks *t = malloc(sizeof *t);
    int status = t ? 0 : -1;
    if (status != 0)
        fprintf(stderr, "rimau replay: out of memory\n");
    for (int i = 0; status == 0 && i <= m->n; i++) {
        if (i > 0)
            rm_match_turn_marks(m, i - 1, t);
        picture_path(path, len, dir, m, i);
        /* each picture whole, the folder synced once at the end */
        rm_out o;
        if (rm_out_open_flags(&o, path, PICTURE_START, force, RM_OUT_NO_FOLDER_SYNC, err,
                              sizeof err) != 0) {
            fprintf(stderr, "rimau replay: %s\n", err);
            status = -1;
            break;
        }
        fputs(PICTURE_START, rm_out_stream(&o));
        draw_position(rm_out_stream(&o), m, i, i > 0 ? t : NULL, true);
        if (rm_out_commit(&o, err, sizeof err) != 0) {
            fprintf(stderr, "rimau replay: %s\n", err);
            status = -1;
        }
    }
    if (status == 0 && (rm_sync_folder_of(path) != 0 || (made && rm_sync_folder_of(dir) != 0))) {
        fprintf(stderr, "rimau replay: cannot write the pictures into %s: %s\n", dir,
                strerror(errno));
        status = -1;
    }
    free(path);
    free(t);
    return status;
}

static void html_text(FILE *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
}

/* The page is well-formed XML too (checked with xmllint), so the script
 * sits in a CDATA section. The page's behaviour: one position shown at a time; the buttons, the
 * arrow keys (Home and End too) and the turn list move through them; the
 * URL fragment names the position (#0 ... #N, #end), and a fragment
 * starting with "board-" (#board-end) shows the board alone. */
static const char page_script[] =
    "(function () {\n"
    "  var pos = document.querySelectorAll('.pos');\n"
    "  var turns = document.querySelectorAll('#turns li');\n"
    "  var last = pos.length - 1, at = -1;\n"
    "  function show(i) {\n"
    "    i = Math.max(0, Math.min(last, i));\n"
    "    if (i === at) return;\n"
    "    at = i;\n"
    "    for (var k = 0; k <= last; k++) {\n"
    "      pos[k].hidden = k !== at;\n"
    "      if (k > 0) turns[k - 1].className = k === at ? 'now' : '';\n"
    "    }\n"
    "    if (at > 0 && turns[at - 1].scrollIntoView) turns[at - 1].scrollIntoView({ block: 'nearest' });\n"
    "    document.getElementById('where').textContent =\n"
    "      at === 0 ? 'start' : 'after turn ' + at + ' of ' + last;\n"
    "    var c = at > 0 ? turns[at - 1].getAttribute('data-taken') : '';\n"
    "    document.getElementById('taken').textContent = c ? 'takes ' + c : '';\n"
    "  }\n"
    "  function fromHash() {\n"
    "    var h = decodeURIComponent(location.hash.replace(/^#/, ''));\n"
    "    document.body.className = h.indexOf('board-') === 0 ? 'bare' : '';\n"
    "    h = h.replace(/^board-/, '');\n"
    "    if (h === 'end') show(last);\n"
    "    else if (/^[0-9]+$/.test(h)) show(parseInt(h, 10));\n"
    "    else if (at < 0) show(0);\n"
    "  }\n"
    "  function go(i) { show(i); }\n"
    "  document.getElementById('first').onclick = function () { go(0); };\n"
    "  document.getElementById('prev').onclick = function () { go(at - 1); };\n"
    "  document.getElementById('next').onclick = function () { go(at + 1); };\n"
    "  document.getElementById('last').onclick = function () { go(last); };\n"
    "  for (var k = 0; k < turns.length; k++)\n"
    "    turns[k].onclick = (function (n) { return function () { go(n); }; })(k + 1);\n"
    "  document.addEventListener('keydown', function (e) {\n"
    "    var to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowDown: at + 1,\n"
    "               Home: 0, End: last }[e.key];\n"
    "    if (to !== undefined) { go(to); e.preventDefault(); }\n"
    "  });\n"
    "  window.addEventListener('hashchange', fromHash);\n"
    "  fromHash();\n"
    "})();\n";

static const char page_style[] =
    "body { font-family: sans-serif; background: #faf6ec; color: #2b2b2b; margin: 1em; }\n"
    "#main { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }\n"
    "#bar { margin: 0.5em 0; }\n"
    "#bar button { font-size: 1.1em; min-width: 3em; }\n"
    "#where { display: inline-block; min-width: 12em; text-align: center; }\n"
    "#taken { color: #c0262d; min-height: 1.2em; }\n"
    "#turns { max-height: 80vh; overflow-y: auto; margin: 0; padding-left: 3.5em; }\n"
    "#turns li { cursor: pointer; padding: 0 0.3em; }\n"
    "#turns li.now { background: #1f7a3a; color: #ffffff; }\n"
    "#turns .takes { color: #c0262d; font-size: 0.9em; }\n"
    "#turns li.now .takes { color: #ffe0e0; }\n"
    ".pos svg { display: block; }\n"
    "body.bare { margin: 0; background: #ffffff; }\n"
    "body.bare > :not(#main), body.bare #main > :not(#boards), body.bare #boards > :not(.pos) "
    "{ display: none; }\n";

int cli_replay_html(const rm_match *m, const char *file, const char *result, bool force)
{
    const rm_game *g = m->g;
    char err[4400];
    rm_out o;
    if (rm_out_open(&o, file, PAGE_START, force, err, sizeof err) != 0) {
        fprintf(stderr, "rimau replay: %s\n", err);
        return -1;
    }
    FILE *out = rm_out_stream(&o);
    rm_turn_marks *t = malloc(sizeof *t);
    if (!t) {
        fprintf(stderr, "rimau replay: out of memory\n");
        rm_out_abort(&o);
        return -1;
    }
    const char *name = g->name ? g->name : "a game";
    fprintf(out, "%s<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>", PAGE_START);
    html_text(out, name);
    fprintf(out, ": replay</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", page_style);
    html_text(out, name);
    fprintf(out, "</h1>\n<p id=\"result\">Result: ");
    html_text(out, result);
    fprintf(out, " after %d turn%s</p>\n", m->n, m->n == 1 ? "" : "s");
    fprintf(out, "<div id=\"bar\"><button id=\"first\" title=\"start (Home)\">|&lt;</button> "
                 "<button id=\"prev\" title=\"back (left arrow)\">&lt;</button> "
                 "<span id=\"where\">start</span> "
                 "<button id=\"next\" title=\"forward (right arrow)\">&gt;</button> "
                 "<button id=\"last\" title=\"end (End)\">&gt;|</button></div>\n");
    fprintf(out, "<div id=\"main\">\n<div id=\"boards\">\n<div id=\"taken\"></div>\n");
    /* The turn list is written after the pictures, from the same marks:
     * keep each turn's captured points. */
    char **taken_text = calloc((size_t)m->n + 1, sizeof *taken_text);
    int status = taken_text ? 0 : -1;
    for (int i = 0; status == 0 && i <= m->n; i++) {
        if (i > 0) {
            rm_match_turn_marks(m, i - 1, t);
            if (t->ntaken > 0 && (taken_text[i] = malloc((size_t)t->ntaken * (RM_NAME_MAX + 2)))) {
                taken_text[i][0] = '\0';
                for (int p = 0; p < g->board.npoints; p++)
                    if (t->lost[p] > 0) {
                        if (taken_text[i][0])
                            strcat(taken_text[i], ", ");
                        strcat(taken_text[i], g->board.points[p].name);
                    }
            }
        }
        fprintf(out, "<div class=\"pos\" id=\"pos%d\"%s>\n", i, i == 0 ? "" : " hidden=\"hidden\"");
        draw_position(out, m, i, i > 0 ? t : NULL, true);
        fprintf(out, "</div>\n");
    }
    fprintf(out, "</div>\n<ol id=\"turns\">\n");
    for (int i = 1; status == 0 && i <= m->n; i++) {
        fprintf(out, "<li data-taken=\"");
        if (taken_text[i])
            html_text(out, taken_text[i]);
        fprintf(out, "\">");
        html_text(out, m->texts[i - 1]);
        if (taken_text[i]) {
            fprintf(out, " <span class=\"takes\">takes ");
            html_text(out, taken_text[i]);
            fprintf(out, "</span>");
        }
        fprintf(out, "</li>\n");
    }
    fprintf(out, "</ol>\n</div>\n<script>//<![CDATA[\n%s//]]></script>\n</body>\n</html>\n", page_script);
    for (int i = 0; taken_text && i <= m->n; i++)
        free(taken_text[i]);
    free(taken_text);
    free(t);
    if (status != 0) {
        fprintf(stderr, "rimau replay: out of memory\n");
        rm_out_abort(&o); /* (the earlier page, if any, stays) */
    } else if (rm_out_commit(&o, err, sizeof err) != 0) {
        fprintf(stderr, "rimau replay: %s\n", err);
        status = -1;
    }
    return status;
}
