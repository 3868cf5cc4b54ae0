/* solve.h: exact game values by retrograde analysis, for any described
 * game small enough: rimau solve, the perfect player and analyse --db.
 *
 * The positions of a game are split into tiers by what never comes back:
 * the pieces of each kind on the board and in hand, each side's phase and
 * the turns counted in it (rm_state_progress). A turn either stays in its
 * tier (a step, a slide) or goes to a tier further on (a capture, a drop,
 * a new phase), so tiers are solved the furthest first: found from the
 * start position's tier, each tier solves the tiers its turns lead to
 * before itself. Within a tier, a position is a number (its rank): the
 * side to move, then each kind's set of points among the points the
 * kinds before it leave free, in colex order. Where the board has
 * symmetries (permutations of its points that keep its lines, the
 * regions the rules name and each side's forward), one position of each
 * class is kept: the kind with fewest placements is put in a canonical
 * place, and the rest ranked from there.
 *
 * A tier is solved by a forward pass over its positions on the bit
 * kernel (bitgen.h; the reference generator where the kernel leaves a
 * position): the end rules decide the positions that are over (rm_result
 * without history, the turn limit ignored), turns into solved tiers give
 * their values at once, and turns within the tier are kept as reverse
 * edges; then values go back from decided positions to the positions
 * before them, nearest the end first (retrograde analysis). A position
 * won for the side to move has a turn to a position lost for the side to
 * move there; a lost one has only turns to won ones; what is left
 * undecided is a draw by perfect play (play goes round forever, which the
 * game's repetition rule makes a draw). Each position keeps its value
 * (2 bits) and its distance to the end in plies (shortest win, longest
 * loss).
 *
 * Games the solver does not take: no bit kernel (more than 128 bits or 8
 * kinds), a kind of more than 32 pieces that stack, a tier past the
 * memory given (the error says what it would need), or one of 2^32
 * positions or more whose turns are kept (compound turns, chains,
 * stacks: no unmoves).
 */
#ifndef RIMAU_SOLVE_H
#define RIMAU_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "result.h"

/* The value of a position for the side to move. */
enum { RM_VALUE_DRAW = 0, RM_VALUE_WIN = 1, RM_VALUE_LOSS = 2 };

#define RM_SOLVE_FORMAT 3          /* the version of the database files */

/* What a solve reports of each tier as it goes. */
typedef struct rm_solve_progress {
    int tier;                      /* tiers begun so far (this one included) */
    const char *name;              /* the tier, in words */
    uint64_t positions;            /* its positions (one a class) */
    uint64_t done;                 /* of those, passed over so far */
    int stage;                     /* 0 forward pass, 1 going back, 2 done */
    uint64_t won, lost, drawn;     /* (stage 2) its positions of each value */
    int longest;                   /* (stage 2) its longest win, in plies */
    bool loaded;                   /* (stage 2) read from the database, not solved */
} rm_solve_progress;

typedef void (*rm_solve_progress_fn)(void *ctx, const rm_solve_progress *p);

typedef struct rm_solve_options {
    const char *db;                /* folder of the database (NULL: memory alone) */
    size_t memory;                 /* bytes the solve may use; 0: 4 GiB */
    int threads;                   /* threads of the forward pass; 0 or 1: one */
    bool no_symmetry;              /* keep every position, not one a class */
    bool no_unmoves;               /* keep every tier's turns within it, never generate the
                                    * positions before a position (the tests compare) */
    rm_solve_progress_fn progress; /* told of each tier (NULL: nothing) */
    void *ctx;
    const rm_state *root;          /* solve the tiers this position leads to (NULL: the start) */
    bool read_only;                /* take the tiers of DB and solve none: a tier missing from
                                    * it fails the solve, and nothing is written (nor is DB
                                    * made) */
    int count_cap;                 /* (for the tests) the turns a position's count holds
                                    * before it saturates, and is counted again by
                                    * generating them: 1 to 255 (0: 255; lean: 1 to 15) */
    bool lean;                     /* (for the tests) each position's count in 4 bits of its
                                    * state, as where the counts' bytes would pass memory */
    int wide_from;                 /* (for the tests) the distance from which a tier being
                                    * solved keeps 2 bytes a distance (0: 256) */
    int spill_block;               /* (for the tests) with DB, the positions waiting put in
                                    * the scratch file in blocks of this many, as where a tier
                                    * is solved lean (0: only then, in blocks of 16,384); and
                                    * a thread's pushes put in the buckets as many at a time */
    bool (*stop)(void *ctx);       /* asked now and then (between tiers, and every 4,096 to
                                    * 65,536 positions of a pass), with CTX: true stops the
                                    * solve, which then fails (NULL: never) */
} rm_solve_options;

typedef struct rm_solver rm_solver;

/* Solves G (strongly: every tier the start position's tier leads to, or
 * O->root's),
 * reading the tiers already in the database and writing the others
 * there. NULL with a message in ERR when the game cannot be solved (see
 * above), a tier needs more memory than given, a database file is
 * another game's, another version's, or damaged (any byte changed), a
 * tier is missing from a database read only, O->stop stopped it, or
 * the database's folder is in use by another process (one that writes
 * into it, or, when a tier must be written, one that reads it). While it
 * runs it holds the folder's lock (DIR/.lock, fcntl's: read, then write
 * from the first tier it writes); calls with a database in one process
 * take turns. Once it returns, the values are in memory and no lock is
 * held. */
rm_solver *rm_solve(const rm_game *g, const rm_solve_options *o, char *err, size_t errsize);
void rm_solver_free(rm_solver *s);

/* The value of ST for its side to move (RM_VALUE_*) and its distance to
 * the end in plies (a draw: 0); -1 when ST is in no solved tier (a
 * position the start cannot lead to). */
int rm_solver_value(const rm_solver *s, const rm_state *st, int *distance);

/* For the tests of rm_solver_verify: gives ST the value VALUE at
 * DISTANCE (its class, under symmetry). -1 when ST is in no solved tier. */
int rm_solver_set_value(rm_solver *s, const rm_state *st, int value, int distance);

/* For the tests of the backward pass: the positions before ST by one
 * turn within its tier, as unmoves find them without symmetry, one for
 * each unmove (a position twice when two unmoves lead to it), the first
 * MAX into OUT. Their number; -1 when ST's tier is not solved by unmoves
 * (its turns are kept) or the solver does not take G. */
int rm_solve_unmoves(const rm_game *g, const rm_state *st, rm_state *out, int max);

/* For the tests of the estimate: the classes of the placements of C
 * pieces of one kind on G's board under its symmetries (no symmetry:
 * every placement), as the estimate counts them (Burnside's lemma) into
 * *COUNTED, and as a solve tables them one by one into *TABLED. Both are
 * every placement where a solve tables none (too many placements). -1
 * when the solver does not take G. */
int rm_solve_classes(const rm_game *g, int c, uint64_t *counted, uint64_t *tabled);

/* The totals of a solve. */
typedef struct rm_solve_stats {
    int tiers;
    int loaded;                    /* tiers read from the database */
    uint64_t positions;            /* kept (one a class) */
    uint64_t won, lost, drawn;
    int longest;                   /* the longest forced win, in plies */
    int symmetries;                /* of the board, used (1: none) */
    size_t memory;                 /* the most bytes the solve held at once */
    double seconds;                /* of the clock */
    double forward_seconds;        /* of those, in the tiers' forward passes (the kernel's
                                    * turns and end rules, the ranking of the positions
                                    * they reach) */
    double back_seconds;           /* and going back (the values passed back, the
                                    * positions before a position) */
} rm_solve_stats;
void rm_solver_stats(const rm_solver *s, rm_solve_stats *out);

/* The number of tiers, and tier I's name and totals (in the order they
 * were solved: the furthest first). */
int rm_solver_tiers(const rm_solver *s);
void rm_solver_tier(const rm_solver *s, int i, rm_solve_progress *out);

/* What the root of a solve (its start, or O->root) reaches by the rules:
 * the tiers hold every placement of their pieces with either side to
 * move, and many no game meets. Positions are classes where the solve
 * used symmetries (a class is reached when one of its positions is). */
typedef struct rm_solve_reach {
    int tiers;                     /* tiers with a position reached */
    uint64_t positions;            /* reached (one a class) */
    uint64_t won, lost, drawn;     /* of those, for the side to move */
    int longest;                   /* the longest forced win among them, in plies */
    rm_state longest_at;           /* a position of it (when WON > 0) */
    int symmetries;                /* of the board, used (1: none) */
    size_t memory;                 /* the most bytes the pass held (2 bits a position of the
                                    * tiers it has reached and not yet finished) */
    double seconds;                /* of the clock */
} rm_solve_reach;

/* Plays forward from FROM (a position of a solved tier: the root of the
 * solve) over every turn, counting the positions reached and their
 * values. 0, or -1 with ERR (FROM in no solved tier, the memory of the
 * solve's options past, O->stop). */
int rm_solver_reach(rm_solver *s, const rm_state *from, rm_solve_reach *out, char *err,
                    size_t errsize);

/* For the tests: a number that two positions share exactly when the
 * solver keeps them as one (one class under symmetry); UINT64_MAX when
 * ST is in no solved tier. */
uint64_t rm_solver_class(const rm_solver *s, const rm_state *st);

/* Checks the values against the rules: every won position has a turn to
 * a position lost for the side to move there (won for the other side)
 * one ply nearer the end, every lost one only turns to positions won for
 * the side to move there, and no more than its distance, and a drawn one
 * no turn to a lost position and a turn to a drawn one. Returns the
 * positions that break these, and says the first in ERR. */
uint64_t rm_solver_verify(const rm_solver *s, rm_solve_progress_fn progress, void *ctx,
                          char *err, size_t errsize);

/* What the solver would need: an upper bound of the tiers and positions
 * of G (every number of pieces of each kind on the board and in hand,
 * every phase), and the memory to solve its largest tier; 0, or -1 with
 * ERR when the solver does not take G. */
typedef struct rm_solve_estimate {
    int tiers;
    int too_big;                   /* tiers with more positions than a tier may have (2^32
                                    * where its turns are kept, else 2^48) */
    uint64_t positions;            /* one a class */
    uint64_t largest;              /* positions of the largest tier */
    size_t memory;                 /* to solve the largest tier, with the values of all */
    size_t memory_db;              /* with a database: to solve the tier that needs most (the
                                    * tiers solved are read from their files) */
    uint64_t disk;                 /* with a database: its files at most (2.25 bytes a position;
                                    * 1.25 where every distance of a tier is below 256), and
                                    * the scratch file of the tier being solved */
    int symmetries;
    long double work;              /* (the working bytes of the tier that needs most) */
    long double work_db;           /* (likewise, its own values and distances too, and its
                                    * buckets on disk) */
    long double scratch;           /* (the bytes of the buckets of the largest tier) */
} rm_solve_estimate;
int rm_solve_estimate_of(const rm_game *g, bool no_symmetry, rm_solve_estimate *out, char *err,
                         size_t errsize);

/* ---- a solve by levels, on the ranks of a job ----
 *
 * The tiers a solve needs are found first (the plan: each tier's
 * positions played once, shared among the ranks, for the tiers its
 * turns lead to); a tier's
 * level is the longest path from it to a tier that leads nowhere, so the
 * tiers of one level never lead to each other. The levels are solved in
 * turn, nearest the end first, and the tiers of a level are shared among
 * the ranks (the processes of an MPI job, solve_mpi.c), each tier solved
 * by one rank and written into the database's folder, which every rank
 * shares and reads the tiers it needs from. The folder's files are those
 * a solve in one process writes, byte for byte. */

/* The ranks of a job, as the solve needs them. */
typedef struct rm_ranks {
    int rank, size;
    /* Every rank says whether it is well; each learns whether all are (a
     * barrier: every rank calls it as often, in the same order). */
    bool (*all_ok)(bool ok);
    /* Every rank gives N bytes at MINE; each gets every rank's, rank 0's
     * first, in one buffer of malloc, and their length in *TOTAL; NULL
     * when out of memory. */
    void *(*all_gather)(const void *mine, size_t n, size_t *total);
    /* Rank ROOT's N bytes at P into every rank's P (N the same on every
     * rank); false when the job failed. */
    bool (*bcast)(void *p, size_t n, int root);
} rm_ranks;

/* What a solve by levels did, with the seconds of each tier. */
typedef struct rm_plan_tier {
    int layer;                     /* of the plan: the turns from the start to it */
    int level;                     /* 0: leads to no tier; else one more than its next's most */
    int rank;                      /* that solved it */
    uint64_t positions;
    double plan_seconds;           /* to find its next tiers (every rank's share, added) */
    double seconds;                /* to solve it (or read it), on its rank */
} rm_plan_tier;
typedef struct rm_plan {
    int ranks, ntiers, nlayers, nlevels;
    rm_plan_tier *tiers;           /* (malloc) in the order found */
    double plan_seconds, seconds;  /* of the clock, of the job: the plan, the levels */
} rm_plan;

/* Solves G by levels into O->db (which it needs), on RANKS (NULL: this
 * process alone), and says what each tier took in *PLAN (NULL: not
 * kept). Every rank calls it; 0 when every rank succeeded, else -1 with
 * ERR (empty on a rank that did not fail itself). The values are in the
 * folder, not in memory: rm_solve reads them. While it runs, rank 0
 * holds the folder's lock for the whole job. */
int rm_solve_levels(const rm_game *g, const rm_solve_options *o, const rm_ranks *ranks,
                    rm_plan *plan, char *err, size_t errsize);
/* The seconds PLAN would take on N ranks, from the seconds measured of
 * each tier: the plan's work shared evenly, then each level's tiers, the
 * longest first, each given to the rank with least to do so far. */
double rm_plan_projected(const rm_plan *plan, int n);
void rm_plan_free(rm_plan *plan);

/* The ranks of the MPI job this process is one of (solve_mpi.c, in the
 * program alone): NULL when it was not started by mpirun; NULL with ERR
 * when it was but this rimau is built without MPI. rm_mpi_end ends the
 * part in the job rm_mpi_start began (MPI_Finalize). */
const rm_ranks *rm_mpi_start(char *err, size_t errsize);
void rm_mpi_end(void);

/* ---- blockades ----
 *
 * The fewest pieces of one kind of the other side that leave SIDE, to
 * move in its phase of the position FROM, no turn (or only a pass), for
 * each way of placing SIDE's pieces of FROM on the board (every kind of
 * it on as many points as in FROM, none stacked, none in hand): a static
 * search. A turn is stopped only by a piece on a point it moves a piece
 * to (or slides through), so the search adds one such point for the
 * first turn left, every way, until none is left, and keeps the fewest. */
typedef struct rm_blockade {
    int fewest;                    /* the fewest blockers over every placement; -1: none blocks */
    int most;                      /* the most a blockable placement needs */
    uint64_t placements;           /* of SIDE's pieces, tried */
    uint64_t blockable;            /* of those, the ones some blockers block, no more of them than
                                    * the game has (KIND's count) */
    uint64_t beyond;               /* the ones only more blockers than the game has block */
    uint64_t within;               /* the ones at most WITHIN blockers block */
    rm_state example;              /* a position with the fewest (SIDE to move) */
} rm_blockade;

/* Works out the blockades of SIDE with blockers of kind KIND (of the
 * other side), counting the placements that WITHIN blockers or fewer
 * block; 0, or -1 with ERR. */
int rm_solve_blockade(const rm_game *g, const rm_state *from, int side, int kind, int within,
                      rm_blockade *out, char *err, size_t errsize);

#endif
