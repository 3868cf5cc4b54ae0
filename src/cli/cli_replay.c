/* cli_replay.c: rimau replay: a game record checked turn by turn, its
 * end drawn and its result compared with the record's, and the replayed
 * game as pictures: one SVG per position (replay --svg DIR), or one HTML
 * page that steps through them (replay --html FILE). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "notation.h"
#include "record.h"
#include "render.h"

/* The first bytes of the files replay writes: a file that starts so is
 * one Rimau wrote, replaced without --force. */
#define PAGE_START "<!DOCTYPE html>\n<!-- rimau replay -->\n"
#define PICTURE_START "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- rimau replay -->\n"

/* Draws position I of M (I turns played) with the marks of turn I. */
static void draw_position(FILE *out, const rm_match *m, int i, const rm_turn_marks *t,
                          bool fragment, bool names)
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
    rm_marks mk = { .caption = caption, .fragment = fragment, .names = names };
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

int cli_replay_svg(const rm_match *m, const char *dir, bool force, bool names)
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
        draw_position(rm_out_stream(&o), m, i, i > 0 ? t : NULL, true, names);
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
    "    document.getElementById('where').textContent = at === 0 ? 'start' :\n"
    "      'after turn ' + at + ' of ' + last + ' (' + turns[at - 1].getAttribute('data-side') + ')';\n"
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

/* The look: the board fits the window's height (a 1000x760 window shows
 * Rimau-rimau's tall board whole, the bar above it), the turn numbers stay
 * dark on the page (the current one green, beside its green row), and
 * each turn says its side. */
static const char page_style[] =
    "body { font-family: sans-serif; background: #faf6ec; color: #2b2b2b; margin: 0.6em 1em; }\n"
    "h1 { font-size: 1.4em; margin: 0.2em 0; }\n"
    "#result { margin: 0.2em 0; }\n"
    "#main { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }\n"
    "#bar { margin: 0.4em 0; }\n"
    "#bar button { font-size: 1.1em; min-width: 3em; }\n"
    "#where { display: inline-block; min-width: 14em; text-align: center; }\n"
    "#taken { color: #c0262d; min-height: 1.2em; }\n"
    "#turns { max-height: calc(100vh - 9em); overflow-y: auto; margin: 0; padding-left: 3.5em; }\n"
    "#turns li { cursor: pointer; padding: 0 0.3em; }\n"
    "#turns li::marker { color: #2b2b2b; }\n"
    "#turns li.now { background: #1f7a3a; color: #ffffff; }\n"
    "#turns li.now::marker { color: #1f7a3a; font-weight: bold; }\n"
    "#turns .side { color: #5a4632; font-size: 0.9em; }\n"
    "#turns li.now .side { color: #e8f5ec; }\n"
    "#turns .takes { color: #c0262d; font-size: 0.9em; }\n"
    "#turns li.now .takes { color: #ffe0e0; }\n"
    ".pos svg { display: block; width: auto; height: auto; max-width: 100%; "
    "max-height: calc(100vh - 9.5em); }\n"
    "body.bare { margin: 0; background: #ffffff; }\n"
    "body.bare .pos svg { max-width: none; max-height: none; }\n"
    "body.bare > :not(#main), body.bare #main > :not(#boards), body.bare #boards > :not(.pos) "
    "{ display: none; }\n";

int cli_replay_html(const rm_match *m, const char *file, const char *result, bool force,
                    bool names)
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
        draw_position(out, m, i, i > 0 ? t : NULL, true, names);
        fprintf(out, "</div>\n");
    }
    fprintf(out, "</div>\n<ol id=\"turns\">\n");
    for (int i = 1; status == 0 && i <= m->n; i++) {
        const char *side = g->sides[rm_state_to_move(&m->states[i - 1])].name;
        fprintf(out, "<li data-taken=\"");
        if (taken_text[i])
            html_text(out, taken_text[i]);
        fprintf(out, "\" data-side=\"");
        html_text(out, side);
        fprintf(out, "\" data-turn=\"");
        html_text(out, m->texts[i - 1]);
        fprintf(out, "\"><span class=\"side\">");
        html_text(out, side);
        fprintf(out, "</span> ");
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

/* ---- the command ---- */

/* Adds the option values GIVEN (replay's -o) to CHOICES, REC's own: a
 * value the record's Option tags do not say is GIVEN's, and one they say
 * must be GIVEN's. 0, or -1 after an error at the tag (D, in SRC). */
static int agree_choices(rm_choices *choices, const rm_choices *given, const rm_source *src,
                         rm_diag *d)
{
    int n = choices->n;
    for (int k = 0; k < given->n; k++) {
        int i = 0;
        while (i < n && strcmp(choices->name[i], given->name[k]) != 0)
            i++;
        if (i == n && choices->n < RM_MAX_OPTIONS) {
            choices->name[choices->n] = given->name[k];
            choices->value[choices->n++] = given->value[k];
        } else if (i < n && strcmp(choices->value[i], given->value[k]) != 0) {
            /* (the tag's text, "[Option "NAME=": where the record says it) */
            char tag[200];
            snprintf(tag, sizeof tag, "[Option \"%s=", given->name[k]);
            const char *at = strstr(src->text, tag);
            rm_span span = { at ? (uint32_t)(at - src->text) : 0, 0 };
            span.end = span.start + (at ? (uint32_t)strlen(tag) - 1 : 0);
            diag_error(d, span, "the record's game was played with %s=%s, not with -o %s=%s",
                       SHOWN(choices->name[i]), SHOWN(choices->value[i]), SHOWN(given->name[k]),
                       SHOWN(given->value[k]));
            return -1;
        }
    }
    return 0;
}

/* What replay does with each record (cmd_replay's options). */
typedef struct replay_opts {
    const cli_args *a;
    const char *svg_dir, *html_file;
    bool force, names;
} replay_opts;

/* Replays the record PATH as O says: 0 when it is valid, else
 * EXIT_INVALID (its errors on standard error, at PATH). */
static int replay_one(const char *path, const replay_opts *o)
{
    rm_source src;
    rm_diag d;
    diag_init(&d, NULL, stderr);
    if (source_read_limit(&src, path, &d, RM_MAX_RECORD_SIZE) != 0)
        return EXIT_INVALID;
    diag_init(&d, &src, stderr);
    d.warn = true; /* (a live record's cut last line is left out, and said so) */
    rm_record rec;
    int parsed = rm_record_parse(&src, &rec, &d);
    const char *game_tag = rm_record_tag(&rec, "Game");
    if (!game_tag) {
        if (parsed == 0)
            diag_error(&d, (rm_span){ 0, 0 }, "the record has no [Game \"FILE\"] tag");
        rm_record_free(&rec);
        source_free(&src);
        return EXIT_INVALID;
    }
    rm_choices choices = { 0 };
    cli_record_choices(&rec, &choices);
    if (agree_choices(&choices, &o->a->choices, &src, &d) != 0) {
        rm_record_free(&rec);
        source_free(&src);
        return EXIT_INVALID;
    }
    char *game_path = cli_record_game(path, game_tag, rm_record_tag(&rec, "File"));
    rm_game *g = game_path ? rm_load_file_with(game_path, &choices, stderr, NULL) : NULL;
    free(game_path);
    rm_match m;
    if (!g || !g->rules.present || rm_match_init(&m, g) != 0) {
        if (g && !g->rules.present)
            fprintf(stderr, "%s: error: the game has no rules, so no record can be replayed\n",
                    game_tag);
        rm_game_destroy(g);
        rm_record_free(&rec);
        source_free(&src);
        return EXIT_INVALID;
    }
    int status = parsed == 0 ? 0 : EXIT_INVALID;
    for (int i = 0; i < rec.nturns; i++) {
        char err[512];
        if (rm_match_play_text(&m, rec.turns[i], err, sizeof err) != 0) {
            diag_error(&d, rec.at[i], "turn %d '%s': %s", i + 1, rec.turns[i], err);
            status = EXIT_INVALID;
            break;
        }
    }
    /* A record cut short must not pass for a whole one: Rimau writes the
     * [Result] tag first, and ends an unfinished game's turns with '*' (a
     * finished game's turns must reach its result, checked below). A live
     * record has no end mark: it holds the turns of a game stopped while
     * it was played (killed), to its last whole line. */
    const char *result_tag = rm_record_tag(&rec, "Result");
    size_t last = src.len > 0 && src.text[src.len - 1] == '\n' ? src.len - 1 : src.len;
    rm_span end = { (uint32_t)last, (uint32_t)last };
    if (status == 0 && !result_tag) {
        diag_error(&d, end, "the record has no [Result \"...\"] tag: it is cut off");
        status = EXIT_INVALID;
    } else if (status == 0 && strcmp(result_tag, "*") == 0 && !rec.ended && !rec.live) {
        diag_error(&d, end, "the record is cut off: an unfinished game's turns end with '*'");
        status = EXIT_INVALID;
    }
    int result = rm_match_result(&m);
    char res[128], words[128];
    rm_result_text(g, result, res, sizeof res);
    rm_result_words(g, result, words, sizeof words);
    if (result == RM_FAILED && status == 0) {
        fprintf(stderr, "%s: error: after turn %d: %s: the game cannot be judged\n", path, m.n,
                m.why);
        status = EXIT_INVALID;
    }
    if (!o->a->quiet)
        cli_draw_match(&m, cli_colour_on(o->a->colour));
    if (status != 0)
        printf("replayed %d valid turn%s; the record is wrong or cut off after them\n", m.n,
               m.n == 1 ? "" : "s");
    printf("result: %s%s%s%s after %d turn%s\n", words, m.why[0] ? " (" : "", m.why,
           m.why[0] ? ")" : "", m.n, CLI_S(m.n));
    if (o->svg_dir && cli_replay_svg(&m, o->svg_dir, o->force, o->names) != 0)
        status = EXIT_INVALID;
    if (o->html_file) {
        char full[400];
        snprintf(full, sizeof full, "%s%s%.160s%s", words, m.why[0] ? " (" : "", m.why,
                 m.why[0] ? ")" : "");
        if (cli_replay_html(&m, o->html_file, full, o->force, o->names) != 0)
            status = EXIT_INVALID;
    }
    const char *claimed = rm_record_tag(&rec, "Result");
    if (status == 0 && rec.live)
        printf("a live record: written as its game was played, and never whole at its end "
               "(the game was killed, or its record could not be written); play --resume goes "
               "on with it\n");
    /* ('*' in a live record claims no result: its game may have ended
     * before the record was written whole) */
    if (status == 0 && claimed && strcmp(claimed, res) != 0 &&
        !(rec.live && strcmp(claimed, "*") == 0)) {
        const char *tag = strstr(src.text, "[Result");
        rm_span at = { tag ? (uint32_t)(tag - src.text) : 0, 0 };
        at.end = at.start + (tag ? 7 : 0);
        diag_error(&d, at, "the record's result is '%s', but its turns give '%s'", claimed, res);
        status = EXIT_INVALID;
    }
    rm_match_free(&m);
    rm_game_destroy(g);
    rm_record_free(&rec);
    source_free(&src);
    return status;
}

static int cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = { { "svg", required_argument, NULL, 'S' },
                                          { "html", required_argument, NULL, 'H' },
                                          { "force", no_argument, NULL, 'F' },
                                          { "names", no_argument, NULL, 'N' },
                                          { 0 } };
    cli_args a = { .cmd = &cli_cmd_replay, .takes = CLI_OPTION | CLI_COLOR | CLI_QUIET };
    int ch, status = 0;
    replay_opts o = { .a = &a };
    while ((ch = cli_next_opt(&a, argc, argv, NULL, opts, &status)) != -1) {
        if (ch == -2)
            return status;
        if (ch == 'S')
            o.svg_dir = optarg;
        else if (ch == 'H')
            o.html_file = optarg;
        else if (ch == 'F')
            o.force = true;
        else if (ch == 'N')
            o.names = true;
    }
    int nrec = argc - optind;
    if (nrec < 1)
        return cli_usage("replay", "give a record file");
    if (nrec > 1 && (o.svg_dir || o.html_file))
        return cli_usage("replay", "--svg and --html draw one record: give one");
    /* The output paths are checked before any work. */
    if (cli_replay_check(o.svg_dir, o.html_file, o.force) != 0)
        return EXIT_INVALID;
    if (nrec == 1)
        return replay_one(argv[optind], &o);
    /* Several: each under a heading, then which were invalid. */
    int invalid = 0;
    for (int i = optind; i < argc; i++) {
        printf("%s==> %s <==\n", i > optind ? "\n" : "", argv[i]);
        fflush(stdout);
        if (replay_one(argv[i], &o) != 0) {
            argv[optind + invalid++] = argv[i]; /* (kept for the last line) */
            status = EXIT_INVALID;
        }
        fflush(stdout);
    }
    printf("\n%d record%s: %d valid, %d invalid%s", nrec, CLI_S(nrec), nrec - invalid, invalid,
           invalid ? ":" : "\n");
    for (int i = 0; i < invalid; i++)
        printf(" %s%s", argv[optind + i], i + 1 < invalid ? "" : "\n");
    return status;
}

const command cli_cmd_replay = {
    "replay", cmd_replay, "check a game record and show its end",
    "[OPTION]... RECORD...\n"
    "Replay the game record RECORD: check that every turn is legal, then draw the\n"
    "final position and print the result. A wrong or cut-off record is reported\n"
    "as RECORD:LINE:COL: error: ..., and the valid turns before it are replayed.\n"
    "Several records are replayed one after another, each under a line\n"
    "'==> RECORD <==', and a last line counts the valid ones and names the others.\n"
    "The live record of a game killed while it was played (play --save) is valid\n"
    "to its last whole line; a last line cut in the middle is left out, with a\n"
    "warning. The game file is the record's Game tag, as written or beside the\n"
    "record, with the option values of its Option tags.\n"
    "\n"
    "  -o, --option NAME=VALUE   replay the game with this value of one of its\n"
    "                            options, where the record has no Option tag for\n"
    "                            it (a record written by hand, or before the\n"
    "                            game had the option); a record whose tag says\n"
    "                            another value is an error\n"
    "  -q, --quiet               do not draw the final position\n"
    "      --color[=WHEN]        draw it in colour, the last turn marked: auto (the\n"
    "                            default: when standard output is a terminal,\n"
    "                            NO_COLOR is unset or empty and TERM is not dumb),\n"
    "                            always, never\n"
    "      --svg DIR             draw every position as DIR/000.svg (the start),\n"
    "                            001.svg..., the last turn as arrows, captured\n"
    "                            points crossed (DIR is made when missing)\n"
    "      --html FILE           write one self-contained page that steps through\n"
    "                            the game (buttons, arrow keys, the turn list,\n"
    "                            captures, result)\n"
    "      --names               write each point's name beside it in the pictures\n"
    "                            of --svg and --html\n"
    "      --force               replace files that replay did not write (never a\n"
    "                            link, device or FIFO)\n"
    "  -h, --help                display this help and exit\n"
    "\n"
    "Each picture and the page are written whole, or not at all: an existing file\n"
    "stays as it was when a new one cannot be written.\n"
    "\n"
    "Exit status: 0 when every record is valid, 1 for an invalid one or when a\n"
    "picture or the page cannot be written, 2 on a usage error.\n"
    "\n"
    "Examples:\n"
    "  rimau replay game.rec\n"
    "  rimau replay game.rec --html game.html --names\n"
    "  rimau replay -q records/*.rec\n"
};
