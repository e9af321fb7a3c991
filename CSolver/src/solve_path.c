// Each island's solve path, chosen from its size, band and kind of rows, and the matrix storage the chosen paths
// need (reserved here, before the world changes).
#include "sd_sparse.h"

/// LAPACK's banded Cholesky costs about n·kd² flops; past this budget an island is solved iteratively. Measured on
/// the 10,000-cell rigid grid (n·kd² ≈ 8·10⁸): banded 0.81 s per step, conjugate gradients 1.45 s.
#define sdDirectFlopBudget 2.0e9
/// Islands whose band would cost more than this many flops are analysed for the sparse path, which they take when
/// its factorisation costs at most half the band's (sdSparseAdvantage): 2-D structures (grids, meshes) from a few
/// hundred rows on; chains and other thin islands stay banded.
#define sdSparseBandFlops 2.0e5
#define sdSparseAdvantage 0.5
/// Islands made only of springs leave the band for conjugate gradients much earlier: on the 10,000-cell grid of
/// 15 Hz springs (n·kd² ≈ 8·10⁸) CG takes 19 ms per step and the band 132 ms. Such an island still goes to the
/// sparse path when its analysis says so (sd_consider_sparse), which is faster than CG on 2-D spring grids.
#define sdSpringFlopBudget 1.0e7

/// True when every row of the island is a spring (soft, well conditioned: conjugate gradients converge in a
/// few dozen iterations, where a band factorisation of a large grid costs far more).
static bool sd_is_all_springs(const sdWorld* world, const sdIsland* island) {
    const sdSolverScratch* s = &world->scratch;
    for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
        const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[p]]];
        if (joint->kind != sdJoint_distance || !(joint->frequency > 0)) return false;
    }
    return true;
}

/// True when an island is one dynamic body held only by springs (distance joints with a frequency) to the
/// world or to static bodies: its solve reduces to 3 unknowns whatever the number of springs.
static bool sd_is_single_body_springs(const sdWorld* world, const sdIsland* island) {
    const sdSolverScratch* s = &world->scratch;
    for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
        const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[p]]];
        if (joint->kind != sdJoint_distance || !(joint->frequency > 0)) return false;
        if (sd_is_dynamic(world, joint->bodyA) && sd_is_dynamic(world, joint->bodyB)) return false;
    }
    return true;
}

/// The path of one island (and, for single-body islands, its moving body).
static void sd_choose_path(const sdWorld* world, sdIsland* island) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t rows = island->rowCount, kd = island->bandwidth;
    const double flops = (double)rows * (double)(kd + 1) * (double)(kd + 1);
    if (!world->bodySpaceDisabled && sd_is_single_body_springs(world, island)) {
        island->path = sdSolvePath_singleBody;
        // the dynamic body: whichever end of the first row moves
        const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[island->rowStart]]];
        island->firstBody = sd_is_dynamic(world, joint->bodyA) ? joint->bodyA : joint->bodyB;
    } else if (world->islandSolver == sdIslandSolver_iterative) {
        island->path = sdSolvePath_iterative;
    } else if (rows <= sdKernelMaxRows) {
        island->path = world->islandSolver == sdIslandSolver_bandedLAPACK ? sdSolvePath_banded : sdSolvePath_kernel;
    } else if (flops > sdSpringFlopBudget && sd_is_all_springs(world, island)) {
        island->path = sdSolvePath_iterative;
    } else if (flops <= sdDirectFlopBudget && 2 * (kd + 1) < rows) {
        island->path = sdSolvePath_banded;
    } else if ((double)rows * rows * rows / 3.0 <= sdDirectFlopBudget) {
        island->path = sdSolvePath_dense;
    } else {
        island->path = sdSolvePath_iterative;
    }
}

/// Whether the solve loop may merge this island with its neighbours into one band (see solve_units.c).
static bool sd_may_merge(const sdWorld* world, const sdIsland* island) {
    if (island->path == sdSolvePath_banded && island->rowCount <= sdKernelMaxRows)
        return world->islandSolver == sdIslandSolver_bandedLAPACK;
    return island->path == sdSolvePath_banded && island->bandwidth <= sdMergeBandwidth;
}

/// Whether the island is worth analysing for the sparse path (its band is costly and it is not solved in body
/// space or by the forced iterative mode).
static bool sd_sparse_candidate(const sdWorld* world, const sdIsland* island) {
    if (island->path == sdSolvePath_singleBody || island->path == sdSolvePath_kernel) return false;
    if (world->islandSolver == sdIslandSolver_iterative || island->rowCount <= sdKernelMaxRows) return false;
    // Large islands of springs are candidates too: Jacobi-preconditioned CG needs dozens of matrix-free products
    // per solve on a grid, the kept factor a few substitutions (15 Hz spring grid, runs interleaved at the same
    // load: 10,000 cells CG 23.0 ms per step, sparse 18.3 ms; 100,000 cells 531 ms and 307 ms).
    const double kd = island->bandwidth;
    return (double)island->rowCount * (kd + 1) * (kd + 1) > sdSparseBandFlops;
}

/// Analyses a candidate island and moves it to the sparse path when its factorisation is cheaper than the
/// band's or the dense one's (or replaces conjugate gradients on an island too large for either).
static int sd_consider_sparse(sdWorld* world, sdIsland* island) {
    island->sparse = -1;
    if (!sd_sparse_candidate(world, island)) return sdResult_ok;
    int32_t index = -1;
    if (sd_sparse_analyse(world, island, &index) != sdResult_ok) return sdResult_outOfMemory;
    const double rows = island->rowCount, kd = island->bandwidth;
    double direct = rows * (kd + 1) * (kd + 1);
    if (rows * rows * rows / 3.0 < direct) direct = rows * rows * rows / 3.0;
    if (world->scratch.sparse.islands[index].flops <= sdSparseAdvantage * direct) {
        island->path = sdSolvePath_sparse;
        island->sparse = index;
    } else {
        sd_sparse_discard_last(world);
    }
    return sdResult_ok;
}

int sd_choose_solve_paths(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    size_t maxStorage = 0;
    sd_sparse_reset(world);
    if (sd_sparse_reserve(world, s->rowCount) != sdResult_ok) return sdResult_outOfMemory;
    s->batchedBandwidth = 0;
    s->batchedRowCount = 0;
    sdStepStats* stats = &world->stats;
    stats->maxBandwidth = 0;
    stats->batchedIslands = stats->bandedIslands = stats->denseIslands = stats->iterativeIslands = 0;
    stats->sparseIslands = 0;
    stats->factorNonzeros = 0;
    stats->factorFlops = 0.0;
    for (int32_t k = 0; k < s->islandCount; ++k) {
        sdIsland* island = &s->islands[k];
        sd_choose_path(world, island);
        if (sd_consider_sparse(world, island) != sdResult_ok) return sdResult_outOfMemory;
        const size_t rows = (size_t)island->rowCount, kd = (size_t)island->bandwidth;
        if (sd_may_merge(world, island)) {
            if (island->bandwidth > s->batchedBandwidth) s->batchedBandwidth = island->bandwidth;
            s->batchedRowCount += island->rowCount;
        }
        size_t storage = 0;
        if (island->path == sdSolvePath_banded && island->rowCount > sdKernelMaxRows) storage = (kd + 1) * rows;
        if (island->path == sdSolvePath_dense || island->path == sdSolvePath_kernel) storage = rows * rows;
        if (storage > maxStorage) maxStorage = storage;
        if (island->path != sdSolvePath_kernel && island->path != sdSolvePath_sparse &&
            island->bandwidth > stats->maxBandwidth)
            stats->maxBandwidth = island->bandwidth;
        switch (island->path) {
        case sdSolvePath_kernel:
        case sdSolvePath_singleBody: stats->batchedIslands += 1; break;
        case sdSolvePath_banded: stats->bandedIslands += 1; break;
        case sdSolvePath_dense: stats->denseIslands += 1; break;
        case sdSolvePath_iterative: stats->iterativeIslands += 1; break;
        case sdSolvePath_sparse:
            stats->sparseIslands += 1;
            stats->factorNonzeros += (int64_t)s->sparse.islands[island->sparse].nonzeros;
            stats->factorFlops += s->sparse.islands[island->sparse].flops;
            break;
        }
    }
    const size_t band = ((size_t)s->batchedBandwidth + 1) * (size_t)s->batchedRowCount;
    if (band > maxStorage) maxStorage = band;
    if (sd_sparse_reserve_factors(world) != sdResult_ok) return sdResult_outOfMemory;
    if (maxStorage > s->matrixCapacity) {
        if (!SD_GROW(s->matrix, maxStorage)) return sdResult_outOfMemory;
        s->matrixCapacity = maxStorage;
    }
    return sdResult_ok;
}
