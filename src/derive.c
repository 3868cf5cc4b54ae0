/* derive.c: the derive step (see derive.h). */
#include "derive.h"

#include <string.h>

/* ---- Zobrist keys ---- */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The keys are the same in every run and for every game (a fixed seed),
 * so that hashes, and the order of anything sorted by them, are too. The
 * keys multiplied by a count are odd, so that no count makes one zero. */
static void derive_zobrist(rm_zobrist *z)
{
    uint64_t seed = 0x52494D4155ull;
    for (int p = 0; p < RM_MAX_POINTS; p++)
        for (int k = 0; k < RM_MAX_KINDS; k++)
            z->cell[p][k] = splitmix(&seed) | 1;
    for (int k = 0; k < RM_MAX_KINDS; k++)
        z->hand[k] = splitmix(&seed) | 1;
    for (int s = 0; s < 2; s++) {
        z->side[s] = splitmix(&seed);
        z->pturn[s] = splitmix(&seed) | 1;
        for (int f = 0; f < RM_MAX_PHASES; f++)
            z->phase[s][f] = splitmix(&seed);
    }
}

/* ---- the generator's flags of each turn pattern ---- */

/* Whether two rays of one point can reach the same point: then two moves
 * along different lines may end alike. */
static bool rays_overlap(const rm_board *b)
{
    for (int p = 0; p < b->npoints; p++) {
        rm_set seen;
        set_clear(&seen);
        for (uint32_t r = b->ray_off[p]; r < b->ray_off[p + 1]; r++) {
            const uint16_t *pts = b->ray_pts + b->rays[r].off;
            for (int i = 0; i < b->rays[r].len; i++) {
                if (set_has(&seen, pts[i]))
                    return true;
                set_add(&seen, pts[i]);
            }
        }
    }
    return false;
}

/* What an action does to a position, for telling whether two actions can
 * reach the same one: a piece moves (nothing leaves the board), a piece
 * is dropped (a hand shrinks), a capture (a piece moves and enemies
 * leave), a removal (an enemy leaves, nothing moves). */
static int action_class(const rm_action_rule *a)
{
    switch (a->type) {
    case RM_STEP:
    case RM_SLIDE:
    case RM_LEAP:
    case RM_RELOCATE:
        return 0;
    case RM_DROP:
        return 1;
    case RM_CAPTURE:
        return 2;
    default:
        return 3;
    }
}

/* Whether a phase can end (it has an end, and a phase of its side comes
 * after it); whether a turn pattern is one step taken once, and whether
 * two of its turns may reach one position, which needs the turns to be
 * merged by position. One action's moves reach different positions (different
 * pieces, different points) unless the board's lines cross twice;
 * actions of different classes do too; two actions of one class and one
 * kind (a step and a slide, say) may overlap. Chains are always merged
 * among themselves. */
static void derive_phases(rm_game *g)
{
    bool overlap = rays_overlap(&g->board);
    for (int f = 0; f < g->rules.nphases; f++) {
        rm_phase *ph = &g->rules.phases[f];
        int side = ph->side;
        ph->may_end = ph->end != RM_END_NEVER &&
                      f + 1 < g->rules.side_first_phase[side] + g->rules.side_nphases[side];
        for (int t = 0; t < ph->nturns; t++) {
            rm_turn_rule *tr = &ph->turns[t];
            const rm_step_rule *s = &tr->steps[0];
            tr->single = tr->nsteps == 1 && s->min == 1 && s->max == 1;
            tr->merge = overlap;
            for (int i = 0; tr->single && i < s->nalts; i++)
                for (int j = i + 1; j < s->nalts; j++) {
                    const rm_action_rule *a = &g->rules.actions[s->alt[i]];
                    const rm_action_rule *c = &g->rules.actions[s->alt[j]];
                    int ka = action_class(a);
                    if (ka == action_class(c) && (ka == 3 || a->kind == c->kind))
                        tr->merge = true;
                }
        }
    }
}

/* ---- each side's kinds, as a mask over counts per kind ---- */

static void derive_sides(rm_game *g)
{
    for (int s = 0; s < g->nsides; s++) {
        rm_side *sd = &g->sides[s];
        uint8_t bytes[2 * sizeof(uint64_t)] = { 0 };
        _Static_assert(RM_MAX_KINDS == sizeof bytes, "the kind mask covers every kind");
        for (int k = sd->first_kind; k < sd->first_kind + sd->nkinds; k++)
            bytes[k] = 0xFF;
        memcpy(sd->kind_mask, bytes, sizeof bytes);
    }
}

void derive_game(rm_game *g)
{
    derive_zobrist(&g->zob);
    derive_phases(g);
    derive_sides(g);
}
