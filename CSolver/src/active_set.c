// One island's linear system by its path (in-house kernel; LAPACK banded; dense, in LAPACK's arithmetic, in-house
// up to sdDenseKernelMaxRows rows; conjugate gradients), and
// the active set over bounded rows (ropes, limits, friction torque): rows whose impulse leaves [lo, hi] are
// clamped and fixed, and the rest re-solved, until every free row is within bounds.
#include "sd_sparse.h"

#include <string.h>

/// Factors and solves the island's system by its path; `x` receives λ. Returns false (x untouched) if a direct
/// factorisation failed.
bool sd_solve_system(sdWorld* world, const sdIsland* island, const double* b, double* x) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    // The test hook (CSolverTesting.h): a direct path fails as if its factorisation had.
    if (world->failFactorizations && island->path != sdSolvePath_iterative) return false;
    if (island->path == sdSolvePath_sparse) return sd_sparse_solve(world, island, b, x);
    double* rhs = s->rhsCopy;
    memcpy(rhs, b, (size_t)n * sizeof(double));
    switch (island->path) {
    case sdSolvePath_kernel: {
        sd_assemble(world, island, s->matrix, rhs);
        if (!sd_kernel_solve(s->matrix, n, rhs)) return false;
        memcpy(x, rhs, (size_t)n * sizeof(double));
        return true;
    }
    case sdSolvePath_banded: {
        const int32_t kd = island->bandwidth, ld = kd + 1;
        memset(s->matrix, 0, (size_t)ld * (size_t)n * sizeof(double));
        sd_assemble_band(world, island, s->matrix, rhs, kd);
        // Narrow bands (chains, merged) in-house — LAPACK's dpbtrf makes two BLAS calls per column there —
        // unless every island was asked to go through LAPACK.
        const bool inHouse = kd <= sdMergeBandwidth && world->islandSolver != sdIslandSolver_bandedLAPACK;
        const bool solved = inHouse ? sd_band_solve(s->matrix, n, kd, rhs) : sd_lapack_banded_solve(s->matrix, n, kd, rhs);
        if (!solved) return false;
        memcpy(x, rhs, (size_t)n * sizeof(double));
        return true;
    }
    case sdSolvePath_dense: {
        sd_assemble(world, island, s->matrix, rhs);
        if (!sd_dense_kernel_solve(s->matrix, n, rhs)) return false;
        memcpy(x, rhs, (size_t)n * sizeof(double));
        return true;
    }
    case sdSolvePath_iterative:
    case sdSolvePath_sparse:     // solved above
    case sdSolvePath_singleBody: // solved in body space before the general islands, never here
        break;
    }
    for (int32_t i = 0; i < n; ++i)
        if (s->fixed[island->rowStart + i]) rhs[i] = s->lambda[island->rowStart + i];
    // Fixed rows with non-zero impulses: move their coupling to the free rows' right-hand side.
    double* fixedOnly = s->cgZ;
    double* coupling = s->cgQ;
    bool anyFixed = false;
    for (int32_t i = 0; i < n; ++i) {
        const bool fixed = s->fixed[island->rowStart + i];
        fixedOnly[i] = fixed ? s->lambda[island->rowStart + i] : 0.0;
        anyFixed |= fixed && fixedOnly[i] != 0.0;
    }
    if (anyFixed) {
        sd_apply_matrix(world, island, fixedOnly, coupling, false);
        for (int32_t i = 0; i < n; ++i)
            if (!s->fixed[island->rowStart + i]) rhs[i] -= coupling[i];
    }
    sd_conjugate_gradients(world, island, rhs, x);
    return true;
}

void sd_solve_island(sdWorld* world, sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    double* x = s->lambda + island->rowStart;
    const double* b = s->rhs + island->rowStart;
    // Rows that can move nothing (K_rr = 0) were fixed by the callers' row loops (sd_fix_immovable_row).
    for (int pass = 0; pass < sdActiveSetPasses; ++pass) {
        // A failed factorisation (K not positive definite in floating point: with the rigid rows' regularisation
        // only a NaN or a wildly scaled system gets here) leaves the impulses as they are for this substep, as the
        // reference does (ReferenceConstraintSolver.solveRows): conjugate gradients on such a system would not
        // converge either, and the two engines would part ways.
        if (!sd_solve_system(world, island, b, x)) return;
        bool clamped = false;
        for (int32_t p = 0; p < n; ++p) {
            const int32_t r = island->rowStart + p;
            if (s->fixed[r]) continue;
            if (x[p] < s->lo[r]) {
                x[p] = s->lo[r];
                s->fixed[r] = 1;
                clamped = true;
            } else if (x[p] > s->hi[r]) {
                x[p] = s->hi[r];
                s->fixed[r] = 1;
                clamped = true;
            }
        }
        if (!clamped) return;
    }
}
