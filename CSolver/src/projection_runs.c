// The position stage of a run of merged islands (chains): the Newton steps sd_project_positions would take on the
// run as one band, taken piece by piece (sd_next_solve_unit's pieces), each piece going through its steps while
// its rows and bodies are in cache instead of the whole run streaming through memory once a step.
//
// The run moves at step j (every piece of it) when any of its rows is beyond the tolerance at step j; once it does
// not, it never moves again (nothing else moves its bodies). Pieces share no moving body, so a piece can take
// step j as soon as the run's step j is known to move: when the piece itself is off, or an earlier piece was.
// A piece within the tolerance at a step not yet known to move waits there (its bodies unmoved); when a later
// piece turns out to be off at that step, the waiting pieces take it and go on. The positions are those of the
// steps taken pass by pass over the whole run, bit for bit.
#include "sd_solve.h"

/// Takes the steps of one piece from step j on, `moves[j]` marking the run's steps known to move; returns the step
/// it waits at (sdProjectionIterations: done).
static int32_t sd_advance_piece(sdWorld* world, sdIsland* piece, int32_t j, bool* moves) {
    for (; j < sdProjectionIterations; ++j) {
        if (!moves[j]) {
            if (!sd_projection_error(world, piece)) return j;
            moves[j] = true;
        }
        sd_fill_projection_rows(world, piece);
        sd_solve_projection_rows(world, piece);
    }
    return j;
}

void sd_project_merged_run(sdWorld* world, int32_t first, int32_t end) {
    sdSolverScratch* s = &world->scratch;
    // The step each piece waits at, in piece order: the body queue is free during the substeps (the layout and
    // the rest test use it before and after), and a run has no more pieces than islands, nor islands than bodies.
    int32_t* waitsAt = s->queue;
    bool moves[sdProjectionIterations] = {false}, waiting[sdProjectionIterations + 1] = {false};
    sdMergedRun run = {0, 0};
    int32_t pieces = 0;
    for (int32_t k = first; k < end; ++pieces) {
        sdIsland piece = sd_next_solve_unit(world, &k, &run);
        waitsAt[pieces] = sd_advance_piece(world, &piece, 0, moves);
        waiting[waitsAt[pieces]] = true;
    }
    // Pieces that waited at a step a later piece moved: they take it now, in order of steps (a piece going on may
    // wait again at a later step, or find it moving).
    for (int32_t j = 0; j < sdProjectionIterations; ++j) {
        if (!waiting[j] || !moves[j]) continue;
        run = (sdMergedRun){0, 0};
        for (int32_t k = first, p = 0; k < end; ++p) {
            sdIsland piece = sd_next_solve_unit(world, &k, &run);
            if (waitsAt[p] != j) continue;
            waitsAt[p] = sd_advance_piece(world, &piece, j, moves);
            waiting[waitsAt[p]] = true;
        }
    }
}
