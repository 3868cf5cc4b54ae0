/* cli_games.c: the games the command line works on: the games folder,
 * the file a game argument names, loading it, starting it at a position
 * string or after turns, and writing its turns and positions; the game
 * file a record names, and the options its tags choose (replay, play
 * --resume). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_paths.h"
#include "notation.h"
#include "position.h"
#include "record.h"

static bool is_dir(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

const char *cli_games_dir(void)
{
    const char *env = getenv("RIMAU_GAMES");
    if (env && *env)
        return env;
    if (!is_dir(RIMAU_GAMES_DIR) && is_dir(RIMAU_SOURCE_GAMES_DIR) && cli_built_here())
        return RIMAU_SOURCE_GAMES_DIR;
    return RIMAU_GAMES_DIR;
}

const char *cli_game_file(const char *arg, char *buf, size_t size)
{
    /* (an empty name is no game: never the games folder itself) */
    if (!arg[0] || access(arg, F_OK) == 0 || strchr(arg, '/'))
        return arg;
    /* a name too long for BUF is not looked up: cut, it could name
     * another file */
    const char *dir = cli_games_dir();
    if ((size_t)snprintf(buf, size, "%s/%s", dir, arg) < size && access(buf, F_OK) == 0)
        return buf;
    if ((size_t)snprintf(buf, size, "%s/%s.game", dir, arg) < size && access(buf, F_OK) == 0)
        return buf;
    return arg;
}

static int game_entry(const struct dirent *e)
{
    size_t n = strlen(e->d_name);
    return n > 5 && strcmp(e->d_name + n - 5, ".game") == 0;
}

/* Offers S the .game files of DIR, each shown as PREFIX and its name
 * (BARE: its name without ".game"), compared by its name with and
 * without ".game". */
static void offer_games(rm_suggest *s, const char *dir, const char *prefix, size_t nprefix,
                        bool bare)
{
    struct dirent **list;
    int n = scandir(dir, &list, game_entry, alphasort);
    for (int i = 0; i < n; i++) {
        const char *name = list[i]->d_name;
        char key[RM_SUGGEST_LEN + 1], shown[RM_SUGGEST_LEN + 1];
        size_t stem = strlen(name) - 5;
        if (stem <= RM_SUGGEST_LEN && nprefix + strlen(name) <= RM_SUGGEST_LEN) {
            memcpy(key, name, stem);
            key[stem] = '\0';
            memcpy(shown, prefix, nprefix);
            strcpy(shown + nprefix, bare ? key : name);
            rm_suggest_offer_as(s, key, shown);
            rm_suggest_offer_as(s, name, shown);
        }
        free(list[i]);
    }
    if (n >= 0)
        free(list);
}

/* Whether the folders A and B are one. */
static bool same_dir(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

const char *cli_game_hint(const char *arg, bool installed, char *buf)
{
    const char *slash = strrchr(arg, '/');
    const char *base = slash ? slash + 1 : arg;
    size_t nprefix = (size_t)(base - arg);
    char dir[4096];
    rm_suggest s;
    rm_suggest_start(&s, base);
    buf[0] = '\0';
    if (!*base || nprefix >= sizeof dir)
        return buf;
    /* (the folder "/" for "/kaooa"; "." for a bare name) */
    snprintf(dir, sizeof dir, "%.*s", (int)(nprefix > 1 ? nprefix - 1 : nprefix), arg);
    if (!slash)
        strcpy(dir, ".");
    if (!installed)
        offer_games(&s, dir, arg, nprefix, false);
    const char *games = cli_games_dir();
    if (!slash && (installed || !same_dir(games, ".")))
        offer_games(&s, games, "", 0, true);
    return rm_suggest_text(&s, buf, RM_SUGGEST_TEXT);
}

bool cli_game_missing(const char *arg, const char *file, FILE *out)
{
    char hint[RM_SUGGEST_TEXT];
    if (access(file, F_OK) == 0 || errno != ENOENT || !*cli_game_hint(arg, false, hint))
        return false;
    if (out)
        fprintf(out, "%s: error: cannot open: %s%s\n", file, strerror(ENOENT), hint);
    return true;
}

rm_game *cli_load(const char *arg, const rm_choices *choices)
{
    char buf[4096];
    const char *file = cli_game_file(arg, buf, sizeof buf);
    if (cli_game_missing(arg, file, stderr))
        return NULL;
    return rm_load_file_with(file, choices, stderr, NULL);
}

rm_game *cli_load_arg(const cli_args *a, int argc, char **argv, int *status)
{
    *status = EXIT_USAGE;
    if (optind >= argc)
        cli_usage(a->cmd->name, "%s", "no .game file given");
    else if (argc - optind > 1)
        cli_usage(a->cmd->name, "%s", "give one .game file");
    else
        *status = EXIT_INVALID;
    rm_game *g = *status == EXIT_INVALID ? cli_load(argv[optind], &a->choices) : NULL;
    if (g)
        *status = 0;
    return g;
}

rm_game *cli_load_position(const cli_args *a, const char *file, rm_match *m, int *status)
{
    rm_game *g = cli_load(file, &a->choices);
    *status = EXIT_INVALID;
    if (!g)
        return NULL;
    if (!g->rules.present) {
        fprintf(stderr, "%s: error: the game has no rules (no phase), so it cannot be played\n",
                file);
        rm_game_destroy(g);
        return NULL;
    }
    if (rm_match_init(m, g) != 0) {
        fprintf(stderr, "rimau %s: out of memory\n", a->cmd->name);
        rm_game_destroy(g);
        return NULL;
    }
    if ((a->position && cli_set_position(m, a->position, "--position") != 0) ||
        (a->after && cli_play_turns(m, a->after, "--after") != 0)) {
        rm_match_free(m);
        rm_game_destroy(g);
        return NULL;
    }
    *status = 0;
    return g;
}

int cli_play_turns(rm_match *m, const char *text, const char *what)
{
    char err[512];
    if (rm_match_play_many(m, text, err, sizeof err) != 0) {
        fprintf(stderr, "rimau: %s: %s\n", what, err);
        return EXIT_INVALID;
    }
    return 0;
}

int cli_set_position(rm_match *m, const char *text, const char *what)
{
    char err[512];
    int at;
    rm_state st;
    if (rm_parse_position_string(m->g, text, &st, &at, err, sizeof err) != 0) {
        fprintf(stderr, "rimau: %s: character %d: %s\n    %s\n    %*s^\n", what, at + 1, err, text,
                at, "");
        return EXIT_INVALID;
    }
    rm_match_restart(m, &st);
    return 0;
}

void cli_put_position(FILE *out, const rm_game *g, const rm_state *st)
{
    char *s = rm_position_string(g, st);
    fprintf(out, "position: %s\n", s ? s : "(out of memory)");
    free(s);
}

void cli_put_turn(FILE *out, const rm_game *g, const rm_move *moves, int n)
{
    char buf[RM_MAX_TURN_TEXT];
    if (rm_format_turn(g, moves, n, buf, sizeof buf) < sizeof buf) {
        fputs(buf, out);
        return;
    }
    char *text = rm_turn_text(g, moves, n);
    fputs(text ? text : "(out of memory)", out);
    free(text);
}

void cli_put_group(FILE *out, const rm_game *g, const rm_turnlist *l, const rm_turn_group *gr,
                   int width)
{
    size_t len = rm_format_group(g, l, gr, NULL, 0);
    char *text = malloc(len + 1);
    if (!text) {
        fputs("(out of memory)", out);
        return;
    }
    rm_format_group(g, l, gr, text, len + 1);
    /* cut at blanks into lines of WIDTH at most, those after the first
     * indented by two (a word longer than a line stays whole) */
    int col = 0;
    for (char *w = text; *w;) {
        size_t n = strcspn(w, " ");
        if (width > 0 && col > 0 && col + 1 + (int)n > width) {
            fputs("\n  ", out);
            col = 2;
        } else if (col > 0) {
            fputc(' ', out);
            col++;
        }
        fwrite(w, 1, n, out);
        col += (int)n;
        w += n;
        while (*w == ' ')
            w++;
    }
    free(text);
}

/* Finds the game file a record names: its Game tag as written, or beside
 * the record; else its File tag (or the Game tag's last part, for older
 * records) in the games folder, as rimau play NAME finds it. */
char *cli_record_game(const char *record_path, const char *game, const char *file)
{
    if (access(game, R_OK) == 0)
        return strdup(game);
    if (game[0] != '/') {
        const char *slash = strrchr(record_path, '/');
        size_t dir = slash ? (size_t)(slash - record_path + 1) : 0;
        char *p = malloc(dir + strlen(game) + 1);
        if (!p)
            return NULL;
        memcpy(p, record_path, dir);
        strcpy(p + dir, game);
        if (access(p, R_OK) == 0)
            return p;
        free(p);
    }
    const char *base = file ? file : strrchr(game, '/') ? strrchr(game, '/') + 1 : game;
    char buf[4096];
    if (*base && !strchr(base, '/') &&
        (size_t)snprintf(buf, sizeof buf, "%s/%s", cli_games_dir(), base) < sizeof buf &&
        access(buf, R_OK) == 0)
        return strdup(buf);
    return strdup(game); /* report it as written */
}

/* Adds the options REC's [Option "NAME=VALUE"] tags choose to CHOICES
 * (their texts are split in place, and live as long as REC). */
void cli_record_choices(rm_record *rec, rm_choices *choices)
{
    for (int i = 0; i < rec->ntags && choices->n < RM_MAX_OPTIONS; i++) {
        char *eq = strchr(rec->value[i], '=');
        if (strcmp(rec->key[i], "Option") == 0 && eq) {
            *eq = '\0';
            choices->name[choices->n] = rec->value[i];
            choices->value[choices->n++] = eq + 1;
        }
    }
}
