/* budget.c: what every part of the solver shares (solve_impl.h): the
 * first failure of a solve and its message, the caller's stop, the
 * memory a solve holds against what it may (--memory), and the clock (the
 * time of each phase). It calls no other part of the solver. */
#include "solve_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void fail(rm_solver *s, const char *fmt, ...)
{
    if (s->failed)
        return;
    s->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, s->errsize, fmt, ap);
    va_end(ap);
}

/* Whether the caller's stop function stops the solve now (which then
 * fails). */
bool halted(rm_solver *s)
{
    if (!s->failed && s->o.stop && s->o.stop(s->o.ctx))
        fail(s, "the solve was stopped before its end");
    return s->failed;
}

/* Memory: what the solve holds, against what it may. */

bool room_for(rm_solver *s, size_t held, size_t n, const char *what)
{
    if (held + n <= s->o.memory)
        return true;
    fail(s, "solving needs more than the %.1f GiB of memory given (%s: %.1f GiB more); "
            "give more with --memory, or see rimau solve --estimate",
         (double)s->o.memory / (1 << 30), what, (double)n / (1 << 30));
    return false;
}

void *take_mem(rm_solver *s, size_t n, const char *what)
{
    if (!room_for(s, s->bytes, n, what))
        return NULL;
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        fail(s, "out of memory (%s: %.1f GiB)", what, (double)n / (1 << 30));
        return NULL;
    }
    s->bytes += n;
    if (s->bytes > s->peak)
        s->peak = s->bytes;
    return p;
}

void give_mem(rm_solver *s, void *p, size_t n)
{
    if (p) {
        free(p);
        s->bytes -= n;
    }
}

int clock_phase(rm_solver *s, int phase)
{
    double now = rm_seconds();
    int was = s->phase;
    s->phase_seconds[was] += now - s->phase_at;
    s->phase = phase;
    s->phase_at = now;
    return was;
}
