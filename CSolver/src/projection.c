// The position stage of a substep: Newton steps on positions that move rigid rows (and violated one-sided rows)
// back to zero error, at most sdProjectionIterations times, with the same solve machinery.

#include "sd_solve.h"

/// Projection stops once every rigid row's error is below this (pt or rad), or after sdProjectionIterations.
#define sdProjectionTolerance 1e-9

void sd_project_positions(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    if (s->rowCount == 0) return;
    s->warmStart = false;
    for (int iteration = 0; iteration < sdProjectionIterations; ++iteration) {
        bool anyError = false;
        s->projectionPass = iteration + 1; // sparse islands start this step from the previous substep's same step
        // A merged run moves as one band (all of it once any row is off) but is set up and solved piece by piece:
        // pieces filled before the run's first error wait, their bodies unmoved, and are solved with that piece.
        sdMergedRun run = {0, 0};
        sdIsland pending = {0};
        bool runError = false;
        for (int32_t k = 0; k < s->islandCount;) {
            // Springs only: nothing to project. Held by a contact island: projected there.
            if (s->islands[k].path == sdSolvePath_singleBody || s->islands[k].owner >= 0) {
                k += 1;
                continue;
            }
            sdIsland unit = sd_next_solve_unit(world, &k, &run);
            if (pending.rowCount == 0) pending = unit;
            else pending.rowCount += unit.rowCount;
            if (sd_fill_projection_rows(world, &unit)) runError = true;
            if (runError) {
                sd_solve_projection_rows(world, &pending);
                pending.rowCount = 0;
                anyError = true;
            }
            if (k >= run.end) { // the run (or lone island) ends here
                pending.rowCount = 0;
                runError = false;
            }
        }
        if (!anyError) break;
    }
    s->projectionPass = 0;
}

bool sd_project_joint_unit(sdWorld* world, sdIsland* island) {
    if (!sd_fill_projection_rows(world, island)) return false;
    sd_solve_projection_rows(world, island);
    return true;
}

bool sd_fill_projection_rows(sdWorld* world, const sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    s->warmStart = false;
    // Each row filled and set up in one pass (the rows of a large island do not stay in cache between two).
    const double start = sd_now();
    bool islandError = false;
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const int32_t r = island->rowStart + p;
        const sdRow* row = sd_fill_row_at(world, r, island->rowStart + island->rowCount, 1.0, false);
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
    world->stats.assemblySeconds += sd_now() - start;
    return islandError;
}

void sd_solve_projection_rows(sdWorld* world, sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    s->warmStart = false;
    sd_solve_island(world, island);
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const double delta = s->lambda[island->rowStart + p];
        if (delta != 0.0) sd_apply_row(world, sd_island_row(s, island, p), delta, world->x, world->y, world->angle);
    }
}
