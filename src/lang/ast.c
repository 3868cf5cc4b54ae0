/* ast.c: syntax tree nodes and their arena. */
#include "ast.h"

#include <stdlib.h>
#include <string.h>

struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[];
};

struct rm_arena {
    struct chunk *head;
};

rm_arena *arena_new(void)
{
    return calloc(1, sizeof(rm_arena));
}

void arena_free(rm_arena *a)
{
    if (!a)
        return;
    for (struct chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(a);
}

void *arena_alloc(rm_arena *a, size_t size)
{
    size = (size + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
    struct chunk *c = a->head;
    if (!c || c->cap - c->used < size) {
        size_t cap = size > 65536 ? size : 65536;
        c = malloc(sizeof *c + cap);
        if (!c) {
            fputs("rimau: out of memory\n", stderr);
            exit(EXIT_FAILURE);
        }
        c->used = 0;
        c->cap = cap;
        c->next = a->head;
        a->head = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(rm_arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

rm_node *ast_new(rm_arena *a, rm_node_kind kind, rm_span span)
{
    rm_node *n = arena_alloc(a, sizeof *n);
    if (n) {
        n->kind = kind;
        n->span = span;
    }
    return n;
}

rm_node *ast_add(rm_arena *a, rm_node *n, rm_node *kid)
{
    if (!n || !kid)
        return n;
    if (n->nkids == n->capkids) {
        int cap = n->capkids ? n->capkids * 2 : 4;
        rm_node **kids = arena_alloc(a, (size_t)cap * sizeof *kids);
        if (!kids)
            return n;
        if (n->nkids)
            memcpy(kids, n->kids, (size_t)n->nkids * sizeof *kids);
        n->kids = kids;
        n->capkids = cap;
    }
    n->kids[n->nkids++] = kid;
    return n;
}

static const char *const kind_names[] = {
#define X(name, str) str,
#include "ast_kinds.h"
#undef X
};

const char *ast_kind_name(rm_node_kind kind)
{
    return (unsigned)kind < N__COUNT ? kind_names[kind] : "?";
}

void ast_dump(FILE *out, const rm_node *n, int depth)
{
    if (!n)
        return;
    fprintf(out, "%*s%s", depth * 2, "", ast_kind_name(n->kind));
    if (n->text)
        fprintf(out, " '%s'", n->text);
    if (n->text2)
        fprintf(out, " '%s'", n->text2);
    if (n->n || n->n2)
        fprintf(out, " %ld %ld", n->n, n->n2);
    if (n->kind == N_POINT)
        fprintf(out, " (%g, %g)", n->x, n->y);
    if (n->flags)
        fprintf(out, " flags=%d", n->flags);
    fputc('\n', out);
    for (int i = 0; i < n->nkids; i++)
        ast_dump(out, n->kids[i], depth + 1);
}
