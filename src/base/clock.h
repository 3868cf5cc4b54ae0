/* clock.h: the seconds of a monotonic clock, for every time limit,
 * progress line and measurement (a search's budget, a solve's phases, a
 * compiler's deadline, a tournament's games). */
#ifndef RIMAU_CLOCK_H
#define RIMAU_CLOCK_H

/* Seconds since some fixed moment: only differences mean anything. */
double rm_seconds(void);

#endif
