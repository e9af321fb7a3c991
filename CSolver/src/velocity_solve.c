// The velocity stage of a substep: body-space islands first, then every other solve unit — rows filled,
// right-hand sides from the spring law, speculative limits and rigid rows, the active-set solve, impulses applied.
#include "sd_sparse.h"

#include <string.h>

/// sd_joint_row_target's body, inlined into the velocity stage's row loop.
static inline __attribute__((always_inline)) void sd_row_target(sdWorld* world, const sdRow* row, double h, double u,
                                                                double* target, uint8_t* fixed) {
    const sdSolverScratch* s = &world->scratch;
    *fixed = 0;
    *target = 0.0;
    if (row->soft > 0.0) {
        const double u0 = sd_row_velocity(world, row, s->v0x, s->v0y, s->w0);
        *target = -row->rhsScale * row->c - row->v0Weight * u0;
    } else if (row->flags & sdRowFlag_unilateral) {
        // Speculative: a slack row may close at most its gap this substep. Rows whose free motion does not
        // close the gap stay out of the system (two opposite limits of one range would otherwise make it
        // singular).
        *target = row->c > 0.0 ? -row->c / h : 0.0;
        if (row->c > 0.0 && u >= *target) *fixed = 1;
    } else if (!(row->flags & sdRowFlag_rigid) && row->type != sdRow_angleFriction) {
        *fixed = 1; // a soft row without a spring (both ends immovable)
    }
}

void sd_joint_row_target(sdWorld* world, const sdRow* row, double h, double u, double* target, uint8_t* fixed) {
    sd_row_target(world, row, h, u, target, fixed);
}

void sd_solve_velocities(sdWorld* world, double h) {
    sdSolverScratch* s = &world->scratch;
    if (s->rowCount == 0) return;
    s->warmStart = true;
    sd_solve_body_space_islands(world, h);
    sdMergedRun run = {0, 0};
    for (int32_t k = 0; k < s->islandCount;) {
        if (s->islands[k].path == sdSolvePath_singleBody) {
            k += 1;
            continue;
        }
        if (s->islands[k].owner >= 0) { // held by a contact island this step: solved there
            k += 1;
            continue;
        }
        sdIsland unit = sd_next_solve_unit(world, &k, &run);
        sd_solve_joint_unit(world, &unit, h);
    }
}

typedef struct sdVelocityFill {
    sdWorld* world;
    const sdIsland* island;
    double h;
    bool shared; // on the pool (sd_fill_rows_at)
} sdVelocityFill;

/// sd_fill_velocity_rows over the unit's rows [rowStart + begin, rowStart + end): each row's own outputs.
static void sd_fill_velocity_range(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    const sdVelocityFill* job = context;
    sdWorld* world = job->world;
    const sdIsland* island = job->island;
    const double h = job->h;
    sdSolverScratch* s = &world->scratch;
    // A sparse-path island's compact rows are copied here too, and its impulses applied from them.
    const bool sparse = island->path == sdSolvePath_sparse;
    for (int32_t r = island->rowStart + begin; r < island->rowStart + end; ++r) {
        if ((r - island->rowStart) % sdFillBlock == 0) sd_fill_rows_at(world, island, r, h, true, job->shared);
        const sdRow* row = &s->rows[s->sortIndex[r]];
        if (sparse) sd_sparse_keep_row(&s->sparse, island, r, row, s->rowInverseMass[r]);
        const double u = sd_row_velocity(world, row, world->vx, world->vy, world->w);
        s->lo[r] = row->lo;
        s->hi[r] = row->hi;
        s->lambda[r] = 0.0;
        double target;
        sd_row_target(world, row, h, u, &target, &s->fixed[r]);
        s->rhs[r] = target - u;
        sd_fix_immovable_row(s, row, r);
    }
}

/// The first half of sd_solve_joint_unit: fills the unit's rows and sets up their velocity equations.
static void sd_fill_velocity_rows(sdWorld* world, const sdIsland* island, double h) {
    sdSolverScratch* s = &world->scratch;
    // Each row filled and its target set in one pass (the rows of a large island do not stay in cache between two).
    const double start = sd_now();
    const bool sparse = island->path == sdSolvePath_sparse;
    if (sparse) sd_gather_fill_bodies(world, island);
    // An island with worker tasks by row ranges on the workers (its rows' fill reads shared bodies only:
    // sd_fill_row_geometry_shared), when the springs' κ, η come from the per-row copy, not the joints' caches.
    sdTaskPool* pool = sparse && s->sparse.islands[island->sparse].taskCount > 0 && h == s->rowSpringStep
                           ? world->tasks
                           : NULL;
    sdVelocityFill job = {world, island, h, pool != NULL};
    sd_task_pool_range(pool, sd_fill_velocity_range, &job, island->rowCount, sdParallelFillRows, sdFillBlock);
    world->stats.assemblySeconds += sd_now() - start;
}

void sd_solve_joint_unit(sdWorld* world, sdIsland* island, double h) {
    sdSolverScratch* s = &world->scratch;
    sd_fill_velocity_rows(world, island, h);
    const bool sparse = island->path == sdSolvePath_sparse;
    sd_solve_island(world, island);
    memcpy(s->warm + island->rowStart, s->lambda + island->rowStart, (size_t)island->rowCount * sizeof(double));
    if (sparse) {
        sd_sparse_apply(world, island, s->lambda + island->rowStart, world->vx, world->vy, world->w);
        return;
    }
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const double lambda = s->lambda[island->rowStart + p];
        if (lambda != 0.0) sd_apply_row(world, sd_island_row(s, island, p), lambda, world->vx, world->vy, world->w);
    }
}
