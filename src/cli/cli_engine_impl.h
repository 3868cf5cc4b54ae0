/* cli_engine_impl.h: what the files of rimau engine share: a request
 * read, the engine's state (struct cli_engine: the game in play, and
 * what the reading thread shares under the lock), and what
 * cli_engine_requests.c (each request answered) gives cli_engine.c
 * (the engine's life, the queue of requests, the reading thread, the
 * command), which calls it; it calls nothing back. */
#ifndef RIMAU_CLI_ENGINE_IMPL_H
#define RIMAU_CLI_ENGINE_IMPL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "cli.h"
#include "players.h"
#include "solve.h"

/* A request read: its JSON, or why it is not one. */
typedef struct request {
    struct request *next;
    unsigned long seq;      /* its place in the order of requests read, from 1 */
    json_t *req;            /* NULL: not a request (WHY says why) */
    char *why;
    size_t bytes;           /* the length of its line, counted against the queue's limit */
    int cmd;                /* CMD_* of a request whose cmd and keys are good, else CMD_OTHER */
    bool ended;             /* (stop, quit) a go read before it was running or waiting */
} request;

enum { CMD_OTHER, CMD_GO, CMD_STOP, CMD_QUIT };

struct cli_engine {
    cli_engine_setup setup;
    const rm_game *g;       /* NULL: none loaded */
    rm_game *owned;         /* G when the engine loaded it (else G is the setup's) */
    rm_match m;
    rm_solver *solver;      /* the solve of G the perfect player plays by (NULL: not made) */
    bool quit;              /* a quit was answered */
    /* shared with the reading thread, under LOCK: */
    pthread_mutex_t lock;
    pthread_cond_t changed;       /* a request was queued or taken off, or input ended */
    request *head, *tail;         /* taken, not answered yet, oldest first */
    size_t queued, queued_bytes;
    unsigned long taken;          /* requests taken so far */
    unsigned long stop_at;        /* the last valid stop or quit taken (0: none): every go
                                   * read before it stops */
    int gos;                      /* gos taken and not answered yet */
    bool input_done;              /* the end of input, or a quit, was read */
    rm_player *searching;         /* the player of the go being answered, or NULL */
};

/* ---- cli_engine_requests.c ---- */

/* A JSON string of TEXT: where TEXT is not valid UTF-8 (a message that
 * quotes part of a character, or a name cut), each byte of it that is no
 * character is written \xHH. */
json_t *engine_jstr(const char *text);
/* Whether every key of REQ is "cmd", "id" or one of KEYS (a NULL-ended
 * list); else the first other one is named in WHY. */
bool engine_known_keys(json_t *req, const char *const *keys, char *why, size_t size);
/* The keys each command takes, besides "cmd" and "id"; NULL for an
 * unknown command. */
const char *const *engine_command_keys(const char *c);
/* The answer to the request R, or NULL with the error in WHY. */
json_t *engine_answer(cli_engine *e, const request *r, char *why, size_t size);
/* Frees the game in play and its solve, if any. */
void engine_unload(cli_engine *e);

#endif
