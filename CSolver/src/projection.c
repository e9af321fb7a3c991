// The position stage of a substep: Newton steps on positions that move rigid rows (and violated one-sided rows)
// back to zero error, at most sdProjectionIterations times, with the same solve machinery.

#include "sd_sparse.h"

/// Projection stops once every rigid row's error is below this (pt or rad), or after sdProjectionIterations.
#define sdProjectionTolerance 1e-9

void sd_project_positions(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    if (s->rowCount == 0) return;
    s->warmStart = false;
    for (int iteration = 0; iteration < sdProjectionIterations; ++iteration) {
        bool anyError = false;
        s->projectionPass = iteration + 1; // sparse islands start this step from the previous substep's same step
        for (int32_t k = 0; k < s->islandCount;) {
            // Springs only: nothing to project. Held by a contact island: projected there.
            if (s->islands[k].path == sdSolvePath_singleBody || s->islands[k].owner >= 0) {
                k += 1;
                continue;
            }
            if (sd_island_merges(world, &s->islands[k])) {
                // A run of merged islands takes all its Newton steps in the first pass (projection_runs.c).
                const int32_t first = k;
                while (k < s->islandCount && sd_island_merges(world, &s->islands[k])) k += 1;
                if (iteration == 0) sd_project_merged_run(world, first, k);
                continue;
            }
            sdIsland unit = s->islands[k];
            k += 1;
            if (sd_project_joint_unit(world, &unit)) anyError = true;
        }
        if (!anyError) break;
    }
    s->projectionPass = 0;
}

bool sd_project_joint_unit(sdWorld* world, sdIsland* island) {
    // The error first, reading only: the pass that ends a substep's projection finds none and so fills nothing,
    // and a pass that does find one almost always finds it in the unit's first rows.
    if (!sd_projection_error(world, island)) return false;
    sd_fill_projection_rows(world, island);
    sd_solve_projection_rows(world, island);
    return true;
}

/// Whether the row at layout position p is beyond the tolerance: its error from its geometry, reading only.
static inline bool sd_row_error(sdWorld* world, int32_t p) {
    sdSolverScratch* s = &world->scratch;
    const int32_t r = s->sortIndex[p];
    if (s->rowType[r] == sdRow_distance) { // rigid unless a spring; its C alone
        return !s->geometry[r].springy && fabs(sd_distance_row_error(world, &s->geometry[r])) > sdProjectionTolerance;
    }
    sdRow row; // sd_fill_projection_rows' error test on the same geometry, without writing the row
    sd_fill_row_geometry(world, &row, &s->geometry[r], s->rowJoint[r], (sdRowType)s->rowType[r]);
    if (row.flags & sdRowFlag_rigid) return fabs(row.c) > sdProjectionTolerance;
    return (row.flags & sdRowFlag_unilateral) && row.c < 0.0 && -row.c > sdProjectionTolerance;
}

/// Rows of a sparse-path island checked before its bodies are gathered for the rest (a pass that finds an error
/// nearly always finds it at the first rows).
#define sdScanRowsBeforeGather 64

bool sd_projection_error(sdWorld* world, const sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    const double start = sd_now();
    bool error = false;
    const int32_t end = island->rowStart + island->rowCount;
    const bool cached = island->path == sdSolvePath_sparse && island->rowCount > 4 * sdScanRowsBeforeGather;
    const int32_t direct = cached ? island->rowStart + sdScanRowsBeforeGather : end;
    int32_t p = island->rowStart;
    for (; p < direct && !error; ++p) {
        // A pass that finds no error reads every row, in layout order, not memory order: ask for the geometry 32
        // rows ahead and, once it is at hand, for its bodies 16 rows ahead.
        if (p + 32 < end) SD_PREFETCH(&s->geometry[s->sortIndex[p + 32]]);
        if (p + 16 < end) {
            const sdRowGeometry* ahead = &s->geometry[s->sortIndex[p + 16]];
            if (!ahead->springy) sd_prefetch_row_anchors(world, ahead);
        }
        error = sd_row_error(world, p);
    }
    if (!error && p < end) {
        // The rest of a large sparse island: its bodies gathered in the rows' order (sd_gather_fill_bodies) once
        // a rigid distance row between two of them is met, and such rows measured from there (an island of
        // springs gathers nothing).
        bool gathered = false;
        const sdSparseState* sp = &s->sparse;
        const double* cache = sp->bodyVector;
        for (; p < end && !error; ++p) {
            if (p + 32 < end) SD_PREFETCH(&s->geometry[s->sortIndex[p + 32]]);
            const int32_t r = s->sortIndex[p];
            const sdRowGeometry* g = &s->geometry[r];
            const bool distance = s->rowType[r] == sdRow_distance;
            if (distance && g->springy) continue; // nothing to project
            const sdCompactRow* c = &sp->compact[island->rowStart + sp->elimination[p]];
            if (!distance || c->a < 0 || c->b < 0 || c->a == c->b) {
                error = sd_row_error(world, p);
                continue;
            }
            if (!gathered) {
                sd_gather_fill_bodies(world, island);
                gathered = true;
            }
            sdRowAnchors at;
            sd_cached_anchor(cache + 4 * c->a, g->localAX, g->localAY, &at.ax, &at.ay, &at.rax, &at.ray);
            sd_cached_anchor(cache + 4 * c->b, g->localBX, g->localBY, &at.bx, &at.by, &at.rbx, &at.rby);
            error = fabs(sd_anchor_distance_error(&at, g)) > sdProjectionTolerance;
        }
    }
    world->stats.assemblySeconds += sd_now() - start;
    return error;
}

typedef struct sdProjectionFill {
    sdWorld* world;
    const sdIsland* island;
    bool shared;                  // on the pool (sd_fill_rows_at)
    bool error[sdRangeMaxPieces]; // per piece: a row beyond the tolerance
} sdProjectionFill;

/// sd_fill_projection_rows over the island's rows [rowStart + begin, rowStart + end): each row's own outputs.
static void sd_fill_projection_range(void* context, int32_t piece, int32_t begin, int32_t end) {
    sdProjectionFill* job = context;
    sdWorld* world = job->world;
    const sdIsland* island = job->island;
    sdSolverScratch* s = &world->scratch;
    const bool sparse = island->path == sdSolvePath_sparse;
    bool islandError = false;
    for (int32_t r = island->rowStart + begin; r < island->rowStart + end; ++r) {
        if ((r - island->rowStart) % sdFillBlock == 0) sd_fill_rows_at(world, island, r, 1.0, false, job->shared);
        const sdRow* row = &s->rows[s->sortIndex[r]];
        if (sparse) sd_sparse_keep_row(&s->sparse, island, r, row, s->rowInverseMass[r]);
        s->lambda[r] = 0.0;
        s->lo[r] = -INFINITY;
        s->hi[r] = INFINITY;
        s->fixed[r] = 1;
        if (row->flags & sdRowFlag_rigid) {
            s->fixed[r] = 0;
            s->rhs[r] = -row->c;
            if (fabs(row->c) > sdProjectionTolerance) islandError = true;
        } else if ((row->flags & sdRowFlag_unilateral) && row->c < 0.0) {
            s->fixed[r] = 0;
            s->lo[r] = 0.0;
            s->rhs[r] = -row->c;
            if (-row->c > sdProjectionTolerance) islandError = true;
        }
        sd_fix_immovable_row(s, row, r);
    }
    job->error[piece] = islandError;
}

bool sd_fill_projection_rows(sdWorld* world, const sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    s->warmStart = false;
    // Each row filled and set up in one pass (the rows of a large island do not stay in cache between two).
    const double start = sd_now();
    const bool sparse = island->path == sdSolvePath_sparse;
    if (sparse) sd_gather_fill_bodies(world, island);
    // An island with worker tasks by row ranges on the workers (sd_fill_row_geometry_shared: no shared writes).
    sdTaskPool* pool = sparse && s->sparse.islands[island->sparse].taskCount > 0 ? world->tasks : NULL;
    sdProjectionFill job = {.world = world, .island = island, .shared = pool != NULL};
    const int32_t pieces =
        sd_task_pool_range(pool, sd_fill_projection_range, &job, island->rowCount, sdParallelFillRows, sdFillBlock);
    bool islandError = false;
    for (int32_t t = 0; t < pieces; ++t) islandError |= job.error[t];
    world->stats.assemblySeconds += sd_now() - start;
    return islandError;
}

void sd_solve_projection_rows(sdWorld* world, sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    s->warmStart = false;
    sd_solve_island(world, island);
    if (island->path == sdSolvePath_sparse) {
        sd_sparse_apply(world, island, s->lambda + island->rowStart, world->x, world->y, world->angle);
        return;
    }
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const double delta = s->lambda[island->rowStart + p];
        if (delta != 0.0) sd_apply_row(world, sd_island_row(s, island, p), delta, world->x, world->y, world->angle);
    }
}
