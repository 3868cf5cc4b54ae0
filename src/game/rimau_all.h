/* rimau_all.h: the whole library API in one include. */
#ifndef RIMAU_ALL_H
#define RIMAU_ALL_H

#include "rimau.h"     /* loading a game */
#include "exec.h"      /* states, legal turns, apply, results */
#include "match.h"     /* a game in play: history, undo, result */
#include "notation.h"  /* turns as text */
#include "position.h"  /* positions as text */
#include "record.h"    /* game records */
#include "validate.h"  /* running examples */

#endif
