/* alphabeta.c: iterative-deepening alpha-beta with a transposition table,
 * an extension where the side to move is nearly blocked, and a
 * quiescence search of captures. */
#include "players_impl.h"

#include <string.h>

/* Alpha-beta looks one ply further where the side to move has at most
 * AB_EXTEND turns (it may be about to be blocked), and goes on with the
 * captures for at most AB_QDEPTH plies past its depth (quiescence). */
#define AB_EXTEND 2
#define AB_QDEPTH 4

/* A game won PLY plies after the root of the search scores AB_WIN - PLY
 * to the winner, and lost, -AB_WIN + PLY: the search takes the shortest
 * win and holds out for the longest loss. Evaluations and draws score far
 * less than AB_DECIDED. */
#define AB_WIN 1000.0
#define AB_DECIDED 900.0

/* A SCORE of a position PLY plies after the root, as the transposition
 * table keeps it: a win or a loss counted from the position, not from the
 * root, since the same position may come at another ply. */
static float to_table(double score, int ply)
{
    return (float)(score >= AB_DECIDED ? score + ply : score <= -AB_DECIDED ? score - ply : score);
}

/* The score, PLY plies after the root, that the table's SCORE stands for. */
static double from_table(float score, int ply)
{
    double s = score;
    return s >= AB_DECIDED ? s - ply : s <= -AB_DECIDED ? s + ply : s;
}

/* The score to the side to move in ST of playing its turn I of L, by a
 * search of the position it leads to. */
static double score_turn(rm_player *p, const rm_state *st, const rm_turnlist *l, int i,
                         int depth, int ply, double alpha, double beta)
{
    rm_state next = *st;
    rm_apply(p->g, &next, rm_turn_moves(l, i), l->turns[i].n);
    int mark = rm_history_length(&p->hist);
    if (pl_push(p, &next) != 0) {
        p->stopped = true; /* out of memory: the search cannot go on */
        return 0;
    }
    double v = -pl_search(p, &next, depth - 1, ply + 1, -beta, -alpha);
    rm_history_truncate(&p->hist, mark);
    return v;
}

/* The variation of PLY is now turn I, then the variation found below it. */
static void note_pv(rm_player *p, int ply, int i)
{
    int below = ply + 1 <= AB_MAX_DEPTH ? p->pvlen[ply + 1] : 0;
    if (below > AB_MAX_DEPTH)
        below = AB_MAX_DEPTH;
    p->pv[ply][0] = (int16_t)i;
    if (below > 0)
        memcpy(&p->pv[ply][1], p->pv[ply + 1], (size_t)below * sizeof p->pv[ply][0]);
    p->pvlen[ply] = below + 1;
}

double pl_search(rm_player *p, const rm_state *st, int depth, int ply, double alpha,
                 double beta)
{
    rm_turnlist *l = &p->lists[ply];
    if (ply <= AB_MAX_DEPTH)
        p->pvlen[ply] = 0; /* (a leaf, a cut or a quiescence line: no variation) */
    int r = pl_result(p, st, l);
    if (r == RM_DRAW || r == RM_FAILED) /* (a position it cannot list: no better guess) */
        return pl_draw_score(p, st);
    if (r != RM_ONGOING)
        return r == rm_state_to_move(st) ? AB_WIN - ply : -AB_WIN + ply;
    if (p->stopped) /* (pl_result reads the clock) */
        return 0;
    int n = l->n;
    /* A side with hardly a turn left may be about to be blocked: look one
     * ply further, as a chess program does for a king in check. */
    if (depth == 0 && n <= AB_EXTEND && ply < p->ext_limit)
        depth = 1;
    if (depth <= 0 || ply >= AB_MAX_DEPTH) {
        /* Quiescence: the side to move may stop here or take pieces, so
         * that a line is not judged in the middle of an exchange. */
        double stand = pl_evaluate(p, st, l);
        if (depth <= -AB_QDEPTH || ply >= AB_MAX_DEPTH || stand >= beta)
            return stand;
        double best = stand;
        if (stand > alpha)
            alpha = stand;
        for (int i = 0; i < n && alpha < beta; i++) {
            if (!l->turns[i].captured)
                continue;
            double v = score_turn(p, st, l, i, depth, ply, alpha, beta);
            if (p->stopped)
                return 0;
            if (v > best)
                best = v;
            if (v > alpha)
                alpha = v;
        }
        return best;
    }
    uint64_t hash = rm_state_hash(st);
    tt_entry *e = &p->tt[hash & (TT_SIZE - 1)];
    int first = -1;
    if (e->hash == hash) {
        double known = from_table(e->score, ply);
        if (e->depth >= depth) {
            if (e->flag == 0 || (e->flag == 1 && known >= beta) || (e->flag == 2 && known <= alpha))
                return known;
        }
        if (e->best < n)
            first = e->best;
    }
    double a0 = alpha, best = -1e9;
    int best_i = 0;
    for (int k = -1; k < n; k++) {
        /* the table's move first, then the others in the list's order */
        int i;
        if (k == -1) {
            if (first < 0)
                continue;
            i = first;
        } else {
            i = k;
            if (i == first)
                continue;
        }
        double v = score_turn(p, st, l, i, depth, ply, alpha, beta);
        if (p->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_i = i;
        }
        if (v > alpha) {
            alpha = v;
            if (p->progress)
                note_pv(p, ply, i);
        }
        if (alpha >= beta)
            break;
    }
    e->hash = hash;
    e->score = to_table(best, ply);
    e->depth = (int8_t)depth;
    e->flag = (int8_t)(best <= a0 ? 2 : best >= beta ? 1 : 0);
    e->best = (int16_t)best_i;
    return best;
}

/* The root's variation (kept in the last row) is now its turn I, then
 * the variation found below it (ply 1 is the position after a root turn). */
static void note_root_pv(rm_player *p, int i)
{
    int *len = &p->pvlen[AB_MAX_DEPTH + 1];
    int below = p->pvlen[1] < AB_MAX_DEPTH ? p->pvlen[1] : AB_MAX_DEPTH;
    p->pv[AB_MAX_DEPTH + 1][0] = (int16_t)i;
    memcpy(&p->pv[AB_MAX_DEPTH + 1][1], p->pv[1], (size_t)below * sizeof p->pv[1][0]);
    *len = below + 1;
}

/* Tells P's progress function of depth DEPTH, searched to its end, with
 * the SCORE of its best turn and the principal variation from it. */
static void tell_progress(rm_player *p, int depth, double score)
{
    int pv[AB_MAX_DEPTH + 1], npv = p->pvlen[AB_MAX_DEPTH + 1];
    for (int k = 0; k < npv; k++)
        pv[k] = p->pv[AB_MAX_DEPTH + 1][k];
    p->progress(p->progress_ctx, depth, score, pv, npv);
}

int pl_choose_ab(rm_player *p, rm_match *m)
{
    const rm_state *root = rm_match_state(m);
    int max_depth = p->depth > 0 ? p->depth : AB_MAX_DEPTH;
    /* a depth is searched within the time cap */
    pl_start_clock(p, p->depth > 0 ? p->cap : p->seconds);
    if (pl_note_history(p, m) < 0)
        return -1;
    /* Scores of draws depend on the game so far: none is kept. */
    memset(p->tt, 0, TT_SIZE * sizeof *p->tt);
    p->me = rm_state_to_move(root);
    int best = 0, done = 0;
    for (int d = 1; d <= max_depth; d++) {
        p->pvlen[AB_MAX_DEPTH + 1] = 0;
        double bv = -1e9;
        int bi = 0;
        rm_turnlist *rl = &p->lists[AB_MAX_DEPTH + 1];
        int n = pl_result(p, root, rl) == RM_ONGOING ? rl->n : 0;
        for (int i = 0; i < n; i++) {
            p->ext_limit = 2 * d < AB_MAX_DEPTH ? 2 * d : AB_MAX_DEPTH;
            double v = score_turn(p, root, rl, i, d, 0, bv, 1e9);
            if (p->stopped)
                break;
            if (v > bv) {
                bv = v;
                bi = i;
                if (p->progress)
                    note_root_pv(p, i);
            }
        }
        if (p->stopped) {
            /* the best turn of the last depth searched to its end; with
             * none, the best of the turns searched to depth 1 */
            if (done == 0 && bv > -1e9)
                best = bi;
            break;
        }
        best = bi;
        done = d;
        if (p->progress && n > 0)
            tell_progress(p, d, bv);
        if (bv >= AB_DECIDED || bv <= -AB_DECIDED)
            break; /* a forced result is found */
    }
    p->info.depth = done;
    pl_note_stop(p, p->depth > 0);
    return best;
}
