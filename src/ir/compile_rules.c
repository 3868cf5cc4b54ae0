/* compile_rules.c: the rules of a file checked and lowered into the
 * game's rm_rules: the phases (their sides, turn lines, ends, compulsory
 * captures and drops, 'before play') and their order, the action rules
 * of each turn line with their direction filters (dir_allow), who moves
 * first and which side starts, and the end rules (lose with, draw after,
 * repetition, blocked sides, wins by a region); and, once the game is derived, the
 * warnings of turn lines with too many ways to play.
 */
#include "compile_impl.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "derive.h"

/* ---- rules ---- */

static int side_kind(compiler *c, const rm_node *at, const char *name, int side, bool own)
{
    rm_game *g = c->g;
    int k = game_kind(g, name);
    if (k < 0) {
        if (game_side(g, name) >= 0)
            diag_error(c->d, at->span, "'%s' is a side; name a piece kind", name);
        else
            diag_error(c->d, at->span, "unknown piece kind '%s'%s", name, GAME_HINT(g, GAME_KINDS, name));
        return -1;
    }
    if (own && g->kinds[k].side != side) {
        diag_error(c->d, at->span, "'%s' belongs to side '%s', not to '%s' whose phase this is",
                   name, g->sides[g->kinds[k].side].name, g->sides[side].name);
        return -1;
    }
    if (!own && g->kinds[k].side == side) {
        diag_error(c->d, at->span, "'%s' is a piece of side '%s' itself; name an enemy kind",
                   name, g->sides[side].name);
        return -1;
    }
    return k;
}

/* The ray classes (RM_RAY_CLASS) the filter of words DIRS lets through:
 * the words of one group (ways, lines) add up, and the two groups
 * restrict each other; a group without a word restricts nothing. */
static uint8_t dir_allow(unsigned dirs)
{
    unsigned allow = 0;
    for (unsigned cls = 0; cls < 8; cls++) {
        unsigned way = RM_RAY_WAY(cls), diagonal = RM_RAY_DIAGONAL(cls);
        bool way_ok = !(dirs & RM_DIR_WAYS) || (way != RM_WAY_NONE && (dirs >> (way - 1) & 1));
        bool line_ok = !(dirs & RM_DIR_LINES) ||
                       (dirs & (diagonal ? RM_DIR_DIAGONAL : RM_DIR_ORTHOGONAL));
        if (way_ok && line_ok)
            allow |= 1u << cls;
    }
    return (uint8_t)allow;
}

/* The checks of 'captures huffed ...' (HUFF) in phase PH: a capture that
 * can be failed, pieces that do not stack, a side that gives up the move,
 * and captures not compulsory (COMPULSORY: its line, or NULL). */
static void check_huff(compiler *c, const rm_phase *ph, const rm_node *huff,
                       const rm_node *compulsory)
{
    const rm_game *g = c->g;
    if (compulsory) {
        diag_error(c->d, huff->span, "huffing punishes a capture not made, and this phase makes "
                   "captures compulsory: keep 'captures compulsory' or 'captures huffed'");
        diag_note(c->d, compulsory->span, "captures are made compulsory here");
        return;
    }
    if (g->rules.quiet_after > 0) {
        diag_error(c->d, huff->span, "a huffed piece would count as a capture for 'more pieces "
                   "wins after N turns without capture': the two rules are not taken together");
        return;
    }
    if (ph->before_play) {
        diag_error(c->d, huff->span, "a phase played before play keeps the move, so no opponent "
                   "turn follows its turns: it cannot huff");
        return;
    }
    bool captures = false;
    for (int t = 0; t < ph->nturns; t++)
        for (int s = 0; s < ph->turns[t].nsteps; s++)
            for (int i = 0; i < ph->turns[t].steps[s].nalts; i++)
                captures |= g->rules.actions[ph->turns[t].steps[s].alt[i]].type == RM_CAPTURE;
    if (!captures) {
        diag_error(c->d, huff->span, "huffing punishes a capture not made, and no turn of this "
                   "phase captures");
        return;
    }
    const rm_side *sd = &g->sides[ph->side];
    for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
        if (g->kinds[k].stacks) {
            diag_error(c->d, huff->span, "a huffed piece is one piece on one point, and '%s' of "
                       "%s stacks: huffing is for sides whose pieces do not stack",
                       g->kinds[k].name, sd->name);
            return;
        }
}
/* Checks the direction filter DIRS of action A of SIDE and stores it. */
static int compile_dirs(compiler *c, const rm_node *dirs, rm_action_rule *a, int side)
{
    static const char *const what[] = { [RM_DROP] = "a drop", [RM_REMOVE] = "a removal",
                                        [RM_RELOCATE] = "a relocation" };
    if (a->type == RM_DROP || a->type == RM_REMOVE || a->type == RM_RELOCATE) {
        diag_error(c->d, dirs->span, "%s goes along no line, so it takes no direction filter "
                   "(a filter is for step, slide, leap and capture)", what[a->type]);
        return -1;
    }
    const rm_side *sd = &c->g->sides[side];
    unsigned words = 0;
    for (int i = 0; i < dirs->nkids; i++) {
        const rm_node *w = dirs->kids[i];
        int bit = dir_word(w->text);
        if (!bit && strcmp(w->text, "not") == 0 && i + 1 < dirs->nkids &&
            strcmp(dirs->kids[i + 1]->text, "back") == 0) {
            diag_error(c->d, w->span, "'not back' is said of a chain: write it after 'chain' "
                       "(capture KIND chain not back)");
            return -1;
        }
        if (!bit) {
            static const char *const words_of[] = { "forward", "backward", "sideways",
                                                     "orthogonal", "diagonal" };
            diag_error(c->d, w->span, "unknown direction '%s' (a filter's words are forward, "
                       "backward, sideways, orthogonal and diagonal)%s", SHOWN(w->text),
                       rm_suggest_among(w->text, words_of, 5, (char[RM_SUGGEST_TEXT]){ 0 },
                                        RM_SUGGEST_TEXT));
            return -1;
        }
        if (words & (unsigned)bit) {
            diag_error(c->d, w->span, "'%s' is given twice in this filter", w->text);
            return -1;
        }
        if ((bit & RM_DIR_WAYS) && sd->forward == RM_FORWARD_NONE) {
            if (c->forward_written[side])
                return -1; /* its forward is wrong, and said so */
            diag_error(c->d, w->span, "side '%s' has no forward, so no move of it is '%s'; give "
                       "it one in its side block: forward up, down, left or right, or forward "
                       "toward SET", sd->name, w->text);
            return -1;
        }
        words |= (unsigned)bit;
    }
    a->dirs = (uint8_t)words;
    a->dir_allow = dir_allow(words);
    return 0;
}

static int compile_action(compiler *c, const rm_node *n, int side)
{
    rm_game *g = c->g;
    rm_rules *r = &g->rules;
    rm_action_rule a;
    memset(&a, 0, sizeof a);
    a.fewer_than = -1;
    a.lines = 1u << 1;
    bool is_remove = n->flags == RM_ACT_REMOVE;
    static const uint8_t types[] = { RM_DROP, RM_STEP, RM_SLIDE, RM_LEAP, RM_CAPTURE, RM_REMOVE,
                                     RM_RELOCATE };
    a.type = types[n->flags];
    rm_node name = { .span = n->span2 };
    int k = side_kind(c, &name, n->text, side, !is_remove);
    if (k < 0)
        return -1;
    a.kind = (uint8_t)k;
    if (is_remove)
        a.targets = (uint16_t)(1u << k);
    if (a.type == RM_CAPTURE)
        for (int j = 0; j < g->nkinds; j++)
            if (g->kinds[j].side != side)
                a.targets |= (uint16_t)(1u << j);
    bool chain_seen = false, removing_seen = false;
    const rm_node *further = NULL; /* 'with further step' */
    const rm_node *by = NULL, *jump_word = NULL; /* 'by ...'; a word of jumps only */
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *p = n->kids[i];
        switch (p->kind) {
        case N_OVER:
            a.targets = 0;
            for (int j = 0; j < p->nkids; j++) {
                int t = game_kind(g, p->kids[j]->text);
                if (t < 0 && dir_word(p->kids[j]->text)) {
                    diag_error(c->d, p->kids[j]->span, "'%s' is a direction, not a piece kind: "
                               "a direction filter comes right after the moving kind, before "
                               "'over' (%s %s %s over ...)", p->kids[j]->text,
                               a.type == RM_LEAP ? "leap" : "capture", n->text, p->kids[j]->text);
                    return -1;
                }
                if (t < 0) {
                    diag_error(c->d, p->kids[j]->span, "unknown piece kind '%s'%s",
                               p->kids[j]->text, GAME_HINT(g, GAME_KINDS, p->kids[j]->text));
                    return -1;
                }
                if (a.type == RM_CAPTURE && g->kinds[t].side == side) {
                    diag_error(c->d, p->kids[j]->span, "a capture takes enemy pieces, and '%s' is "
                               "a piece of side '%s'", p->kids[j]->text, g->sides[side].name);
                    return -1;
                }
                a.targets |= (uint16_t)(1u << t);
            }
            break;
        case N_BY:
            by = p;
            for (int j = 0; j < p->nkids; j++) {
                const char *w = p->kids[j]->text;
                int bit = strcmp(w, "approach") == 0     ? RM_BY_APPROACH
                          : strcmp(w, "withdrawal") == 0 ? RM_BY_WITHDRAWAL
                                                         : 0;
                if (!bit) {
                    diag_error(c->d, p->kids[j]->span, "a capture is made 'by approach', 'by "
                               "withdrawal' or 'by approach, withdrawal', not by '%s'", SHOWN(w));
                    return -1;
                }
                if (a.by & bit) {
                    diag_error(c->d, p->kids[j]->span, "'%s' is written twice", w);
                    return -1;
                }
                a.by |= (uint8_t)bit;
            }
            break;
        case N_LINES: {
            jump_word = p;
            bool bad = false;
            a.lines = p->flags ? UINT64_C(0xAAAAAAAAAAAAAAAA) & RM_LINES_ALL : 0; /* odd: 1, 3, ... */
            for (int j = 0; j < p->nkids; j++) {
                long len = p->kids[j]->n;
                if (len < 1 || len > RM_MAX_LINE) {
                    diag_error(c->d, p->kids[j]->span,
                               "a capture jumps lines of 1 to %d pieces, not %ld", RM_MAX_LINE, len);
                    bad = true;
                } else {
                    a.lines |= UINT64_C(1) << len;
                }
            }
            if (bad)
                return -1;
            break;
        }
        case N_CHAIN:
            chain_seen = true;
            a.chain = p->flags ? RM_CHAIN_MUST_CONTINUE : RM_CHAIN_MAY_STOP;
            if (p->text && (strcmp(p->text, "not") != 0 || strcmp(p->text2, "back") != 0)) {
                diag_error(c->d, p->span2, "after 'chain%s' comes 'not back', not '%s %s'",
                           p->flags ? " must continue" : "", SHOWN(p->text), SHOWN(p->text2));
                return -1;
            }
            a.not_back = p->text != NULL;
            if (a.not_back)
                jump_word = p;
            break;
        case N_FINAL_STEP:
            if (strcmp(p->text, "further") == 0) {
                a.further_step = true;
                further = p;
            } else if (strcmp(p->text, "final") != 0) {
                diag_error(c->d, p->span2, "a capture ends 'with final step' or 'with further "
                           "step', not 'with %s step'", SHOWN(p->text));
                return -1;
            }
            a.final_step = true;
            jump_word = p;
            break;
        case N_TO_EMPTY:
            a.to_empty = true;
            if (!g->kinds[k].stacks_in_play)
                diag_warning(c->d, p->span, "'to empty' changes nothing here: '%s' %s, so it "
                             "enters only empty points anyway", g->kinds[k].name,
                             g->kinds[k].stacks ? "stacks only in the setup" : "does not stack");
            break;
        case N_REMOVING:
            removing_seen = true;
            a.remove_at_end = p->flags != 0;
            jump_word = p;
            break;
        case N_IN_SET:
            if (eval_set(c, p->kids[0], &a.region) != 0)
                return -1;
            a.has_region = true;
            break;
        case N_DIRS:
            if (compile_dirs(c, p, &a, side) != 0)
                return -1;
            break;
        case N_WHILE_FEWER:
            if (p->n < 1 || p->n > RM_MAX_PIECES) {
                diag_error(c->d, p->span, "'while fewer than' takes 1 to %d pieces", RM_MAX_PIECES);
                return -1;
            }
            a.fewer_than = (int16_t)p->n;
            break;
        default:
            break;
        }
    }
    if (further && a.chain == RM_CHAIN_MUST_CONTINUE)
        diag_error(c->d, further->span, "'with further step' allows a step where the piece "
                   "could capture again, and after 'chain must continue' it stops only where it "
                   "cannot: write 'chain' (it may stop) or 'with final step'");
    if (by && jump_word)
        diag_error(c->d, jump_word->span, "a capture by approach or withdrawal takes the whole "
                   "run of pieces in line, at once, and its chain never steps back; 'lines', "
                   "'not back', 'removing at ...' and 'with ... step' are words of a capture "
                   "that jumps");
    for (int j = 0; by && j < g->nkinds; j++)
        if ((j == k || (a.targets >> j & 1)) && g->kinds[j].stacks_in_play) {
            diag_error(c->d, by->span, "a capture by approach or withdrawal is a game of single "
                       "pieces, and '%s' stacks in play", g->kinds[j].name);
            break;
        }
    if (removing_seen && !chain_seen)
        diag_error(c->d, n->span, "'removing at ...' says when a chain's jumped pieces leave; "
                   "this capture has no 'chain'");
    if (a.type == RM_DROP && g->kinds[k].hand == 0)
        diag_error(c->d, n->span2, "no '%s' is in hand at the start, so none can be dropped", n->text);
    if (r->naction_rules == RM_MAX_ACTION_RULES) {
        diag_error(c->d, n->span, "more than %d actions in the rules, the limit", RM_MAX_ACTION_RULES);
        return -1;
    }
    r->actions[r->naction_rules] = a;
    return r->naction_rules++;
}

static void compile_turn(compiler *c, const rm_node *n, rm_phase *ph)
{
    if (ph->nturns == RM_MAX_PATTERNS) {
        diag_error(c->d, n->span, "a phase has at most %d turn lines", RM_MAX_PATTERNS);
        return;
    }
    rm_turn_rule *t = &ph->turns[ph->nturns++];
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *st = n->kids[i];
        if (t->nsteps == RM_MAX_STEPS) {
            diag_error(c->d, st->span, "a turn has at most %d steps joined by 'then'", RM_MAX_STEPS);
            return;
        }
        rm_step_rule *s = &t->steps[t->nsteps++];
        if (st->n2 < 1) {
            diag_error(c->d, st->span2, "a step taken %ld times is never taken; for a step that "
                       "may be left out write 'optional' or 'at most N times'", st->n2);
            continue;
        }
        if (st->n < 0 || st->n > st->n2 || st->n2 > RM_MAX_REPEAT) {
            diag_error(c->d, st->span2, "a step is taken from 0 up to %d times, and its least "
                       "number first; not %ld to %ld", RM_MAX_REPEAT, st->n, st->n2);
            continue;
        }
        s->min = (uint8_t)st->n;
        s->max = (uint8_t)st->n2;
        for (int j = 0; j < st->nkids; j++) {
            if (s->nalts == RM_MAX_ALTS) {
                diag_error(c->d, st->kids[j]->span, "a step has at most %d alternatives", RM_MAX_ALTS);
                break;
            }
            int a = compile_action(c, st->kids[j], ph->side);
            if (a >= 0)
                s->alt[s->nalts++] = (uint8_t)a;
        }
    }
}

/* The side a statement K names (K->text), or -1, said, when the game
 * has none of that name. */
static int statement_side(compiler *c, const rm_node *k)
{
    int s = game_side(c->g, k->text);
    if (s < 0)
        diag_error(c->d, k->span, "unknown side '%s'%s", SHOWN(k->text),
                   GAME_HINT(c->g, GAME_SIDES, k->text));
    return s;
}

static void compile_blocked(compiler *c, const rm_node *k, rm_phase *ph);

static void compile_phase(compiler *c, const rm_node *n, const rm_node **phase_at)
{
    rm_game *g = c->g;
    rm_rules *r = &g->rules;
    int side = game_side(g, n->text2);
    if (side < 0) {
        rm_span at = n->span3;
        if (game_kind(g, n->text2) >= 0)
            diag_error(c->d, at, "'%s' is a piece kind; a phase belongs to a side", n->text2);
        else
            diag_error(c->d, at, "unknown side '%s'%s", n->text2,
                       GAME_HINT(g, GAME_SIDES, n->text2));
        return;
    }
    for (int i = 0; i < r->nphases; i++)
        if (r->phases[i].side == side && strcmp(r->phases[i].name, n->text) == 0) {
            diag_error(c->d, n->span2, "side '%s' already has a phase '%s'", n->text2, n->text);
            return;
        }
    if (r->nphases == RM_MAX_PHASES) {
        diag_error(c->d, n->span2, "more than %d phases, the limit", RM_MAX_PHASES);
        return;
    }
    phase_at[r->nphases] = n;
    rm_phase *ph = &r->phases[r->nphases++];
    ph->name = xstrdup(n->text);
    ph->side = (uint8_t)side;
    const rm_node *ends = NULL, *huff = NULL, *compulsory = NULL;
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *k = n->kids[i];
        switch (k->kind) {
        case N_TURN:
            compile_turn(c, k, ph);
            break;
        case N_HUFF:
            if (strcmp(k->text, "huffed") != 0)
                diag_error(c->d, k->span2, "write 'captures huffed at once' or 'captures huffed "
                           "by opponent', not 'captures %s'", SHOWN(k->text));
            else if (k->flags == 2 && (strcmp(k->text2, "by") != 0 || k->nkids != 1 ||
                                       strcmp(k->kids[0]->text, "opponent") != 0))
                diag_error(c->d, k->span3, "a piece is huffed 'at once' or 'by opponent', not "
                           "'%s %s'", SHOWN(k->text2), k->nkids ? SHOWN(k->kids[0]->text) : "");
            else if (huff)
                diag_error(c->d, k->span, "the phase's huffing is given twice");
            else {
                huff = k;
                ph->huff = k->flags == 1 ? RM_HUFF_AT_ONCE : RM_HUFF_BY_OPPONENT;
            }
            break;
        case N_ENDS:
            if (ends) {
                diag_error(c->d, k->span, "the phase's end is given twice");
                break;
            }
            ends = k;
            if (k->flags == 0) {
                ph->end = RM_END_HAND_EMPTY;
            } else if (k->n < 1 || k->n > 255) {
                diag_error(c->d, k->span2, "a phase ends after 1 to 255 turns, not %ld", k->n);
            } else {
                ph->end = RM_END_AFTER_TURNS;
                ph->end_turns = (uint16_t)k->n;
            }
            break;
        case N_BEFORE_PLAY:
            if (strcmp(k->text, "before") != 0 || strcmp(k->text2, "play") != 0)
                diag_error(c->d, k->span, "expected 'before play' or '{' after the phase's side, "
                           "not '%s %s'", SHOWN(k->text), SHOWN(k->text2));
            else
                ph->before_play = true;
            break;
        case N_BLOCKED:
            compile_blocked(c, k, ph);
            break;
        case N_BOTH_BLOCKED:
            diag_error(c->d, k->span, "'when both blocked' holds for the whole game: write it in "
                       "a rules block, not in a phase");
            break;
        case N_COMPULSORY:
            if (k->flags == 1 && strcmp(k->text, "per") != 0) {
                diag_error(c->d, k->span2, "write 'captures compulsory per piece', not "
                           "'captures compulsory %s piece'", SHOWN(k->text));
            } else if (k->flags == 2 && strcmp(k->text, "drops") != 0) {
                diag_error(c->d, k->span2, "'%s compulsory': only captures and drops are made "
                           "compulsory ('captures compulsory', 'drops compulsory')",
                           SHOWN(k->text));
            } else if (k->flags == 2) {
                ph->drops_compulsory = true;
            } else {
                bool per_piece = k->flags == 1;
                compulsory = k;
                if (per_piece ? ph->compulsory : ph->compulsory_per_piece)
                    diag_error(c->d, k->span, "captures are made compulsory both for the side "
                               "and per piece in this phase; keep one of the two lines");
                else if (per_piece)
                    ph->compulsory_per_piece = true;
                else
                    ph->compulsory = true;
            }
            break;
        default:
            break;
        }
    }
    if (ph->nturns == 0)
        diag_error(c->d, n->span2, "phase '%s' has no turn (add: turn ACTION ...)", n->text);
    if (huff)
        check_huff(c, ph, huff, compulsory);
}

/* The rule the words of 'SIDE when blocked WORD [then THEN]' say (k->text2,
 * and k->kids[1] when there is 'then'): RM_BLOCKED_*, or -1 (reported). */
static int blocked_words(compiler *c, const rm_node *k)
{
    const char *w = k->text2;
    bool pass = strcmp(w, "pass") == 0 || strcmp(w, "passes") == 0;
    if (k->nkids > 1) {
        const rm_node *then = k->kids[1];
        const char *t = then->text;
        if (!pass) {
            diag_error(c->d, k->span2, "only a pass may come before 'then': write 'when blocked "
                       "pass then %s', not '%s then'", SHOWN(t), SHOWN(w));
            return -1;
        }
        if (strcmp(t, "lose") == 0 || strcmp(t, "loses") == 0)
            return RM_BLOCKED_PASS_LOSES;
        if (strcmp(t, "draw") == 0 || strcmp(t, "draws") == 0)
            return RM_BLOCKED_PASS_DRAWS;
        diag_error(c->d, then->span, "after its pass a blocked side loses or draws ('pass then "
                   "lose', 'pass then draw'), not '%s'", SHOWN(t));
        return -1;
    }
    if (strcmp(w, "lose") == 0 || strcmp(w, "loses") == 0)
        return RM_BLOCKED_LOSES;
    if (pass)
        return RM_BLOCKED_PASSES;
    if (strcmp(w, "draw") == 0 || strcmp(w, "draws") == 0)
        return RM_BLOCKED_DRAWS;
    diag_error(c->d, k->span2, "a blocked side loses, passes or draws, not '%s'", SHOWN(w));
    return -1;
}

/* SIDE when blocked lose|pass|draw|pass then lose|pass then draw: in the
 * rules block (PH NULL), or in the phase PH, where it holds while PH is
 * in force. */
static void compile_blocked(compiler *c, const rm_node *k, rm_phase *ph)
{
    rm_rules *r = &c->g->rules;
    const rm_node *word = k->kids[0];
    if (strcmp(word->text, "blocked") != 0) {
        diag_error(c->d, word->span, "expected 'blocked' after 'when', not '%s'", SHOWN(word->text));
        return;
    }
    int s = statement_side(c, k);
    if (s < 0)
        return;
    int rule = blocked_words(c, k);
    if (rule < 0)
        return;
    if (!ph) {
        r->blocked[s] = (uint8_t)rule;
    } else if (s > 1) {
        diag_error(c->d, k->span, "the rules are for games of two sides; side '%s' is a third",
                   SHOWN(k->text));
    } else {
        ph->blocked[s] = (uint8_t)(rule + 1);
        r->phase_blocked = true;
    }
}

/* SIDE loses after N turns without advancing */
static void compile_stall(compiler *c, const rm_node *k)
{
    rm_rules *r = &c->g->rules;
    const rm_node *w1 = k->kids[0], *w2 = k->kids[1];
    if (strcmp(w1->text, "without") != 0 || strcmp(w2->text, "advancing") != 0) {
        diag_error(c->d, w1->span, "expected 'without advancing' after the turns, not '%s %s'",
                   SHOWN(w1->text), SHOWN(w2->text));
        return;
    }
    int s = statement_side(c, k);
    if (s < 0)
        return;
    if (k->n < 1 || k->n > 255) {
        diag_error(c->d, k->span2, "a side loses after 1 to 255 turns without advancing, not %ld",
                   k->n);
        return;
    }
    if (c->g->sides[s].forward == RM_FORWARD_NONE) {
        diag_error(c->d, k->span,
                   "side '%s' has no forward, so its turns cannot advance (add to its side block: "
                   "forward up, or forward toward SET)", c->g->sides[s].name);
        return;
    }
    r->stall_after[s] = (int)k->n;
}

/* more pieces wins after N turns without capture */
static void compile_more_pieces(compiler *c, const rm_node *k)
{
    const rm_node *w = k->kids[0];
    if (strcmp(k->text, "more") != 0) {
        diag_error(c->d, k->span, "expected 'more pieces wins', not '%s pieces wins'",
                   SHOWN(k->text));
        return;
    }
    if (strcmp(w->text, "without") != 0) {
        diag_error(c->d, w->span, "expected 'without capture' after the turns, not '%s capture'",
                   SHOWN(w->text));
        return;
    }
    if (k->n < 1 || k->n > 255) {
        diag_error(c->d, k->span2, "more pieces wins after 1 to 255 turns without capture, not %ld",
                   k->n);
        return;
    }
    for (int f = 0; f < c->g->rules.nphases; f++)
        if (c->g->rules.phases[f].huff != RM_HUFF_NONE) {
            diag_error(c->d, k->span, "a huffed piece would count as a capture for 'more pieces "
                       "wins after N turns without capture': the two rules are not taken together");
            return;
        }
    c->g->rules.quiet_after = (int)k->n;
}

/* when both blocked draw | when both blocked SIDE wins */
static void compile_both_blocked(compiler *c, const rm_node *k)
{
    const rm_node *both = k->kids[0], *word = k->kids[1];
    if (strcmp(both->text, "both") != 0 || strcmp(word->text, "blocked") != 0) {
        diag_error(c->d, both->span, "expected 'when both blocked', not 'when %s %s'",
                   SHOWN(both->text), SHOWN(word->text));
        return;
    }
    if (!k->text2) {
        c->g->rules.both_blocked = RM_DRAW;
        return;
    }
    int s = game_side(c->g, k->text2);
    if (s < 0)
        diag_error(c->d, k->span2, "unknown side '%s'%s", SHOWN(k->text2),
                   GAME_HINT(c->g, GAME_SIDES, k->text2));
    else
        c->g->rules.both_blocked = s;
}

/* Appends the items of the SET node N as written ("row 1", "fortress",
 * "except a1") to BUF of SIZE bytes, cut with "..." when it is full. */
static void set_words(const rm_node *n, char *buf, size_t size)
{
    for (int i = 0; i < n->nkids; i++) {
        const rm_node *k = n->kids[i];
        size_t len = strlen(buf);
        char item[64];
        switch (k->kind) {
        case N_EXCEPT:
            snprintf(item, sizeof item, "except");
            break;
        case N_ROWS:
            if (k->n == k->n2)
                snprintf(item, sizeof item, "row %ld", k->n);
            else
                snprintf(item, sizeof item, "rows %ld to %ld", k->n, k->n2);
            break;
        case N_COLUMNS:
            if (strcmp(k->text, k->text2) == 0)
                snprintf(item, sizeof item, "column %.20s", k->text);
            else
                snprintf(item, sizeof item, "columns %.20s to %.20s", k->text, k->text2);
            break;
        default:
            snprintf(item, sizeof item, "%.60s", k->text ? k->text : "");
            break;
        }
        if (len + 1 + strlen(item) + 4 > size) {
            snprintf(buf + len, size - len, "%s...", len ? " " : "");
            return;
        }
        snprintf(buf + len, size - len, "%s%s", len ? " " : "", item);
        if (k->kind == N_EXCEPT)
            set_words(k, buf, size);
    }
}

/* SIDE wins when KIND {, KIND} reaches|fills SET */
static void compile_goal(compiler *c, const rm_node *k)
{
    rm_game *g = c->g;
    rm_rules *r = &g->rules;
    int s = statement_side(c, k);
    if (s < 0)
        return;
    rm_goal goal = { .side = (uint8_t)s };
    if (strcmp(k->text2, "fills") == 0) {
        goal.fills = true;
    } else if (strcmp(k->text2, "reaches") != 0) {
        diag_error(c->d, k->span2, "a side wins when its pieces reach or fill a set of points: "
                   "'reaches' or 'fills', not '%s'", SHOWN(k->text2));
        return;
    }
    bool ok = true;
    for (int i = 1; i < k->nkids; i++) {
        const rm_node *n = k->kids[i];
        int kind = game_kind(g, n->text);
        if (kind < 0) {
            if (game_side(g, n->text) >= 0)
                diag_error(c->d, n->span, "'%s' is a side; name a piece kind", SHOWN(n->text));
            else
                diag_error(c->d, n->span, "unknown piece kind '%s'%s", SHOWN(n->text),
                           GAME_HINT(g, GAME_KINDS, n->text));
            ok = false;
        } else if (g->kinds[kind].side != s) {
            diag_error(c->d, n->span, "'%s' belongs to side '%s': a side wins by its own pieces",
                       SHOWN(n->text), g->sides[g->kinds[kind].side].name);
            ok = false;
        } else {
            goal.kinds |= (uint16_t)(1u << kind);
        }
    }
    if (eval_set(c, k->kids[0], &goal.set) != 0 || !ok)
        return;
    goal.npoints = set_count(&goal.set);
    if (goal.npoints == 0) {
        diag_error(c->d, k->kids[0]->span, "the set has no points");
        return;
    }
    if (r->ngoals == RM_MAX_GOALS) {
        diag_error(c->d, k->span, "more than %d wins by a region", RM_MAX_GOALS);
        return;
    }
    set_words(k->kids[0], goal.where, sizeof goal.where);
    r->goals[r->ngoals++] = goal;
}

void compile_rules(compiler *c, const rm_node *file)
{
    rm_game *g = c->g;
    rm_rules *r = &g->rules;
    r->first = 0;
    r->draw_after = RM_DEFAULT_DRAW_AFTER;
    r->draw_repeat = RM_DEFAULT_DRAW_REPEAT;
    r->both_blocked = RM_DRAW;
    for (int s = 0; s < RM_MAX_SIDES; s++) {
        r->lose_with[s] = -1;
        r->blocked[s] = RM_BLOCKED_LOSES;
    }
    const rm_node *phase_at[RM_MAX_PHASES];
    const rm_node *first_at = NULL;
    bool any_phase = false;
    for (int i = 0; i < file->nkids; i++) {
        const rm_node *n = file->kids[i];
        if (n->kind == N_PHASE) {
            any_phase = true;
            compile_phase(c, n, phase_at);
        } else if (n->kind == N_RULES) {
            for (int j = 0; j < n->nkids; j++) {
                const rm_node *k = n->kids[j];
                int s;
                switch (k->kind) {
                case N_FIRST:
                    if (first_at)
                        diag_error(c->d, k->span, "who moves first is given twice");
                    first_at = k;
                    s = game_side(g, k->text);
                    if (s < 0)
                        diag_error(c->d, k->span, "unknown side '%s'%s", k->text,
                                   GAME_HINT(g, GAME_SIDES, k->text));
                    else
                        r->first = s;
                    break;
                case N_LOSE_WITH:
                    s = game_side(g, k->text);
                    if (s < 0)
                        diag_error(c->d, k->span, "unknown side '%s'%s", k->text,
                                   GAME_HINT(g, GAME_SIDES, k->text));
                    else if (k->n < 0 || k->n > 255 * RM_MAX_KINDS)
                        diag_error(c->d, k->span2, "a number of pieces from 0 up, not %ld", k->n);
                    else
                        r->lose_with[s] = (int)k->n;
                    break;
                case N_DRAW_AFTER:
                    if (k->n < 1 || k->n > 65000)
                        diag_error(c->d, k->span2, "a game is drawn after 1 to 65000 turns, not %ld", k->n);
                    else
                        r->draw_after = (int)k->n;
                    break;
                case N_DRAW_REPEAT:
                    if (k->text) {
                        if (strcmp(k->text, "never") == 0)
                            r->draw_repeat = 0;
                        else
                            diag_error(c->d, k->span2,
                                       "a position repeats 2 to 100 times, or never, not '%s'",
                                       SHOWN(k->text));
                    } else if (k->n < 2 || k->n > 100)
                        diag_error(c->d, k->span2, "a position repeats 2 to 100 times, not %ld", k->n);
                    else
                        r->draw_repeat = (int)k->n;
                    break;
                case N_BLOCKED:
                    compile_blocked(c, k, NULL);
                    break;
                case N_BOTH_BLOCKED:
                    compile_both_blocked(c, k);
                    break;
                case N_STALL:
                    compile_stall(c, k);
                    break;
                case N_MORE_PIECES:
                    compile_more_pieces(c, k);
                    break;
                case N_GOAL:
                    compile_goal(c, k);
                    break;
                default:
                    break;
                }
            }
        }
    }
    r->counting = r->quiet_after > 0 || r->stall_after[0] > 0 || r->stall_after[1] > 0;
    if (!any_phase)
        return;
    r->present = true;
    if (g->nsides != 2) {
        diag_error(c->d, (rm_span){ 0, 0 }, "the rules are for games of two sides; this one has %d",
                   g->nsides);
        return;
    }
    /* Each side's phases, in the order written; all of a side's phases but
     * the last must end, and the last may not. */
    rm_phase sorted[RM_MAX_PHASES];
    const rm_node *sorted_at[RM_MAX_PHASES];
    int n = 0;
    for (int s = 0; s < g->nsides; s++) {
        r->side_first_phase[s] = n;
        for (int i = 0; i < r->nphases; i++)
            if (r->phases[i].side == s) {
                sorted_at[n] = phase_at[i];
                sorted[n++] = r->phases[i];
            }
        r->side_nphases[s] = n - r->side_first_phase[s];
        if (r->side_nphases[s] == 0) {
            diag_error(c->d, (rm_span){ 0, 0 },
                       "side '%s' has no phase, so it can never move (add: phase NAME of %s { turn ... })",
                       g->sides[s].name, g->sides[s].name);
            continue;
        }
        for (int i = r->side_first_phase[s]; i < n; i++) {
            bool last = i == n - 1;
            if (!last && sorted[i].end == RM_END_NEVER)
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' never ends, so phase '%s' of side '%s' can never start "
                           "(add: ends when hand empty, or ends after N turns)",
                           sorted[i].name, sorted[i + 1].name, g->sides[s].name);
            if (last && sorted[i].end != RM_END_NEVER)
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' ends, but side '%s' has no phase after it", sorted[i].name,
                           g->sides[s].name);
            if (sorted[i].before_play && i != r->side_first_phase[s])
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' is played before play, so it must be the first phase of "
                           "side '%s'", sorted[i].name, g->sides[s].name);
            else if (sorted[i].before_play && last)
                diag_error(c->d, sorted_at[i]->span2,
                           "phase '%s' is played before play, so it must end and a phase of side "
                           "'%s' must follow it (add: ends after N turns, or ends when hand empty)",
                           sorted[i].name, g->sides[s].name);
        }
    }
    memcpy(r->phases, sorted, (size_t)n * sizeof *sorted);
    memcpy(c->phase_node, sorted_at, (size_t)n * sizeof *sorted_at);
    /* The phases played before play come first: the first side's, then the other's. */
    r->start = r->first;
    if (r->side_nphases[0] > 0 && r->side_nphases[1] > 0 &&
        !r->phases[r->side_first_phase[r->first]].before_play &&
        r->phases[r->side_first_phase[1 - r->first]].before_play)
        r->start = 1 - r->first;
}

/* ---- warnings: turns with too many ways to play ---- */

/* The turn line T of the phase written at PHASE. */
static const rm_node *turn_node(const rm_node *phase, int t)
{
    for (int i = 0; i < phase->nkids; i++)
        if (phase->kids[i]->kind == N_TURN && t-- == 0)
            return phase->kids[i];
    return phase;
}

/* Says in BUF what makes the ways W many. */
static void ways_cause(const rm_game *g, const rm_ways *w, char *buf, size_t size)
{
    const rm_action_rule *a = &g->rules.actions[w->action];
    const char *kind = g->kinds[a->kind].name;
    switch (w->why) {
    case RM_WAYS_DROPS:
        snprintf(buf, size, "%d drops of %s among %d points", w->times, kind, w->among);
        break;
    case RM_WAYS_REMOVALS:
        snprintf(buf, size, "%d removals of %s among %d pieces", w->times, kind, w->among);
        break;
    case RM_WAYS_CHAIN: {
        int k = 0;
        while (k < g->nkinds && !((a->targets >> k & 1) && g->kinds[k].stacks))
            k++;
        snprintf(buf, size, "chained captures over stacks of %s, removed at once: up to %d "
                 "captures, each along any of %d lines, %s",
                 k < g->nkinds ? g->kinds[k].name : "?", w->among, w->lines,
                 a->not_back ? "never straight back" : "back over a stack included");
        break;
    }
    case RM_WAYS_REPEAT:
        if (w->each_log10 < 6)
            snprintf(buf, size, "a step taken up to %d times, with up to %.0f ways each time",
                     w->times, pow(10, w->each_log10));
        else
            snprintf(buf, size, "a step taken up to %d times, with about 10^%.0f ways each time",
                     w->times, w->each_log10);
        break;
    default:
        snprintf(buf, size, "the ways of its steps multiply");
        break;
    }
}

/* Warns of each turn line whose estimated partial turns (derive.h) pass
 * the generator's limit: the file is valid, but a position can come where
 * its turns cannot be listed, an error met only in play. */
void warn_ways(compiler *c)
{
    const rm_rules *r = &c->g->rules;
    for (int f = 0; f < r->nphases; f++)
        for (int t = 0; t < r->phases[f].nturns; t++) {
            const rm_turn_rule *tr = &r->phases[f].turns[t];
            if (tr->log10_ways <= log10(RM_MAX_PARTIAL_TURNS))
                continue;
            rm_ways w;
            char why[256];
            derive_turn_ways(c->g, tr, &w);
            ways_cause(c->g, &w, why, sizeof why);
            diag_warning(c->d, turn_node(c->phase_node[f], t)->span,
                         "this turn can have about 10^%.0f ways to play one position (%s); a "
                         "position past %d,%03d,%03d partial turns cannot be played",
                         w.log10, why, RM_MAX_PARTIAL_TURNS / 1000000,
                         RM_MAX_PARTIAL_TURNS / 1000 % 1000, RM_MAX_PARTIAL_TURNS % 1000);
        }
}
