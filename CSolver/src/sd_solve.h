// Shared by the solve stages: the system matrix K = J·M⁻¹·Jᵀ + diag(softness) of an island, its factor-and-solve
// paths, the active set over bounded rows, solve units, and how impulses reach the bodies. Internal.
#ifndef SD_SOLVE_H
#define SD_SOLVE_H

#include "sd_rows.h"

/// Rigid rows get this much relative softness so redundant rigid rows (more rows than degrees of freedom)
/// still give a positive definite matrix; it shifts the solution by ~1e-10 of itself.
#define sdRigidRegularization 1e-10
/// Most clamp-and-resolve passes of the active set over bounded rows.
#define sdActiveSetPasses 8


/// The rows of an island in layout order.
static inline const sdRow* sd_island_row(const sdSolverScratch* s, const sdIsland* island, int32_t p) {
    return &s->rows[s->sortIndex[island->rowStart + p]];
}


static inline double sd_row_velocity(const sdWorld* world, const sdRow* row, const double* vx, const double* vy,
                                     const double* w) {
    double u = 0.0;
    if (row->a >= 0) u += row->ja[0] * vx[row->a] + row->ja[1] * vy[row->a] + row->ja[2] * w[row->a];
    if (row->b >= 0) u += row->jb[0] * vx[row->b] + row->jb[1] * vy[row->b] + row->jb[2] * w[row->b];
    (void)world;
    return u;
}


/// Adds M⁻¹·Jᵀ·value to the three arrays (velocities after the velocity solve, positions in projection).
static inline void sd_apply_row(const sdWorld* world, const sdRow* row, double value, double* x, double* y, double* a) {
    if (row->a >= 0) {
        x[row->a] += world->invMass[row->a] * row->ja[0] * value;
        y[row->a] += world->invMass[row->a] * row->ja[1] * value;
        a[row->a] += world->invInertia[row->a] * row->ja[2] * value;
    }
    if (row->b >= 0) {
        x[row->b] += world->invMass[row->b] * row->jb[0] * value;
        y[row->b] += world->invMass[row->b] * row->jb[1] * value;
        a[row->b] += world->invInertia[row->b] * row->jb[2] * value;
    }
}

/// K_ij: the coupling of rows i and j through the bodies they share (inline for the assembly loops; sd_coupling
/// is the same arithmetic out of line).
static inline double sd_row_coupling(const sdWorld* world, const sdRow* ri, const sdRow* rj) {
    double k = 0.0;
    const int32_t bi[2] = {ri->a, ri->b}, bj[2] = {rj->a, rj->b};
    const double* ji[2] = {ri->ja, ri->jb};
    const double* jj[2] = {rj->ja, rj->jb};
    for (int p = 0; p < 2; ++p) {
        if (bi[p] < 0) continue;
        for (int q = 0; q < 2; ++q) {
            if (bi[p] != bj[q]) continue;
            const double im = world->invMass[bi[p]], ii = world->invInertia[bi[p]];
            k += im * (ji[p][0] * jj[q][0] + ji[p][1] * jj[q][1]) + ii * ji[p][2] * jj[q][2];
        }
    }
    return k;
}

/// What row's diagonal adds to its J·M⁻¹·Jᵀ `k`: its softness, or for a rigid row the regularisation that keeps
/// redundant rows apart.
static inline double sd_row_softness(const sdRow* row, double k) {
    return row->soft > 0.0 ? row->soft : sdRigidRegularization * k;
}

/// Diagonal entry of row i: J M⁻¹ Jᵀ plus its softness (inline; sd_diagonal out of line).
static inline double sd_row_diagonal(const sdWorld* world, const sdRow* row) {
    const double k = sd_row_coupling(world, row, row);
    return k + sd_row_softness(row, k);
}

/// A row that can move nothing (K_rr = 0: the angle row of a fixed-rotation body held to the world) is satisfied
/// already; in the system it would make K singular and fail the whole island. Fixes such a free row at zero
/// impulse: called by the loops that set up an island's rows just before sd_solve_island, while the row is in
/// cache.
/// K_rr comes from the row's J·M⁻¹·Jᵀ that sd_fill_row_at kept (the row at layout position r was just filled).
static inline void sd_fix_immovable_row(sdSolverScratch* s, const sdRow* row, int32_t r) {
    const double k = s->rowInverseMass[r];
    if (!s->fixed[r] && !(k + sd_row_softness(row, k) > 0.0)) {
        s->fixed[r] = 1;
        s->lambda[r] = 0.0;
    }
}

// system_matrix.c
/// K_ij: the coupling of rows i and j through the bodies they share.
double sd_coupling(const sdWorld* world, const sdRow* ri, const sdRow* rj);
/// Diagonal entry of row i: J M⁻¹ Jᵀ plus its softness (rigid rows: a tiny relative regularisation).
double sd_diagonal(const sdWorld* world, const sdRow* row);
/// K·x over an island without forming K (for conjugate gradients). Fixed rows act as identity rows.
void sd_apply_matrix(sdWorld* world, const sdIsland* island, const double* x, double* out, bool identityForFixed);
/// Builds K for the island (dense lower storage, n × n) with fixed rows replaced by identity rows, and moves the
/// fixed rows' impulses to the right-hand side.
void sd_assemble(const sdWorld* world, const sdIsland* island, double* matrix, double* b);
/// sd_assemble into LAPACK's lower band storage (kd + 1 rows), for a unit whose rows were just filled.
void sd_assemble_band(const sdWorld* world, const sdIsland* island, double* matrix, double* b, int32_t kd);

// solve_kernel.c
/// In-house Cholesky of the n×n column-major matrix `a` (lower triangle) and solve, in place. False when the
/// matrix is not positive definite.
bool sd_kernel_solve(double* a, int32_t n, double* b);

/// Largest system sd_dense_kernel_solve factors itself (larger ones go to LAPACK): contact islands (at most
/// sdDirectContactRows rows) and the joint islands a large contact island holds (sdHeldDenseRows).
#define sdDenseKernelMaxRows 256
/// Where each column l of an envelope ends (what sd_envelope_solve reads): one past the last row i whose first
/// non-zero first[i] is at or before l, at least l + 1.
void sd_envelope_ends(int32_t n, const int32_t* first, int32_t* end);
/// Cholesky and solve of the n×n column-major `a` (lower triangle), in place, within its envelope: row i is zero
/// before column first[i], and of column l only rows l to end[l] − 1 (sd_envelope_ends) are read — each must hold
/// its entry, a zero where it lies outside its row's envelope. `reciprocal`: LAPACK's arithmetic (dpotrf/dpotrs),
/// else sd_kernel_solve's (divisions by the diagonal), each bit for bit. False when not positive definite.
bool sd_envelope_solve(double* a, int32_t n, const int32_t* first, const int32_t* end, bool reciprocal, double* b);
/// LAPACK's dense Cholesky and solve (dpotrf/dpotrs) of the n×n column-major `a` (lower triangle), in place, bit
/// for bit, without its BLAS calls: sd_envelope_solve once the rows' first non-zeros are found.
bool sd_dense_kernel_solve(double* a, int32_t n, double* b);

/// In-house band Cholesky and solve of the (kd+1)×n lower band `ab` (LAPACK's storage), in place, in the
/// reference's operation order: narrow bands (kd ≤ sdMergeBandwidth: chains) without LAPACK's per-column BLAS
/// calls. False when not positive definite.
bool sd_band_solve(double* ab, int32_t n, int32_t kd, double* b);

// solve_tridiagonal.c
/// sd_band_solve for kd = 1 (chains of one row a link: a tridiagonal band, block diagonal when islands were
/// merged), entry (i, j) at (i − j) + 2j: the same operations in the same order, blocks of equal length eight at a
/// time in vector lanes. False when not positive definite.
bool sd_tridiagonal_solve(double* ab, int32_t n, double* b);

// solve_lapack.c
/// LAPACK's banded Cholesky (dpbtrf/dpbtrs) of the (kd+1)×n lower band `ab`, solving in place. False when not
/// positive definite.
bool sd_lapack_banded_solve(double* ab, int32_t n, int32_t kd, double* b);
/// LAPACK's dense Cholesky (dpotrf/dpotrs) of the n×n column-major `a`, solving in place.
bool sd_lapack_dense_solve(double* a, int32_t n, double* b);

// solve_iterative.c
/// Jacobi-preconditioned conjugate gradients on K·x = b, matrix-free.
void sd_conjugate_gradients(sdWorld* world, const sdIsland* island, const double* b, double* x);

// active_set.c
/// Solves one island with its bounds (ropes, limits, friction): clamp, fix and re-solve until every free row
/// is within bounds.
void sd_solve_island(sdWorld* world, sdIsland* island);

// velocity_solve.c, projection.c: one solve unit (an island, or islands merged into one band)
/// The velocity stage of one joint unit against the bodies' current velocities: targets, the active-set solve,
/// the impulses applied (and kept in `warm`).
void sd_solve_joint_unit(sdWorld* world, sdIsland* island, double h);
/// One Newton step on positions for one joint unit; false (and nothing moved) when every rigid row is within
/// the projection tolerance.
bool sd_project_joint_unit(sdWorld* world, sdIsland* island);
/// Whether a row of the unit is beyond the projection tolerance at the current positions (sd_fill_projection_rows'
/// answer), without filling the rows: stops at the first such row.
bool sd_projection_error(sdWorld* world, const sdIsland* island);
/// The first half of sd_project_joint_unit: fills the unit's rows and sets up their position equations; true
/// when a row is beyond the projection tolerance.
bool sd_fill_projection_rows(sdWorld* world, const sdIsland* island);
/// The second half: solves the unit's position equations (set up by sd_fill_projection_rows, bodies not moved
/// since) and moves the bodies.
void sd_solve_projection_rows(sdWorld* world, sdIsland* island);
/// Every Newton step of the run of merged islands [first, end) (projection_runs.c): the steps and their results
/// of moving the run as one band at every pass of sd_project_positions, taken piece by piece while each piece is
/// in cache.
void sd_project_merged_run(sdWorld* world, int32_t first, int32_t end);
/// Projection steps per substep at most.
#define sdProjectionIterations 4

// solve_units.c
/// Rows of merged islands one solve unit takes at most (an island larger than this is a unit of its own): a
/// unit's rows, band, right-hand sides and bodies then stay in cache from its fill through its factorisation to
/// its impulses, where a run of 2,000 chains as one unit (100,000 rows, ~35 MB) streams through memory at every
/// stage.
#define sdUnitRowBudget 1024
/// A run of consecutive mergeable islands (one block-diagonal band), cut into solve units of at most
/// sdUnitRowBudget rows: the island after its last, and its widest band. {0, 0} before the first unit of a stage.
typedef struct sdMergedRun {
    int32_t end;
    int32_t bandwidth;
} sdMergedRun;
/// Whether an island is merged with its mergeable neighbours into one band: narrow banded islands (and, when every
/// island goes through LAPACK, the small ones) not held by a contact island this step.
bool sd_island_merges(const sdWorld* world, const sdIsland* island);
/// The next unit to solve starting at island *k: the island, or the next piece of a run of islands merged into
/// one band (`run` tracks the run; the piece is solved with the run's bandwidth). The run continues past the
/// unit while *k < run->end. Every island of a band is factored and solved on its own (sd_band_solve), so
/// cutting a run into pieces changes no bit of any impulse (only a failed factorisation, after which a unit's
/// impulses stay as they are for the substep, now holds its piece rather than the whole run).
sdIsland sd_next_solve_unit(const sdWorld* world, int32_t* k, sdMergedRun* run);
/// Fills the rows of one solve unit at the current positions (layout order).
void sd_fill_rows(sdWorld* world, const sdIsland* unit, double h, bool springs);
/// Rows sd_fill_rows_at fills at most.
#define sdFillBlock 8
/// sd_fill_row_at for the up to sdFillBlock rows of `island` from layout position p, their Jacobians first; a
/// sparse-path island's distance rows from the bodies sd_gather_fill_bodies just gathered. `shared`: the island's
/// rows are filled on worker threads (its caller handed the fill to the pool), so the other rows' anchors are
/// found without writing the bodies' rotation caches (sd_fill_row_geometry_shared).
void sd_fill_rows_at(sdWorld* world, const sdIsland* island, int32_t p, double h, bool springs, bool shared);
/// Gathers a sparse-path island's dynamic bodies for its fill, in its island-local numbering (the order its rows
/// first reach them): position, cos and sin into sdSparseState.bodyVector (four doubles a body; free until the
/// island's solve) and inverse mass and inertia into bodyMass (which the island's solve and sd_sparse_apply then
/// read: every sparse solve follows its island's fill, sd_fill_velocity_rows or sd_fill_projection_rows).
void sd_gather_fill_bodies(sdWorld* world, const sdIsland* island);
/// Fills the row at layout position p of a unit ending at `end` (sd_fill_rows' body, for loops that set up each row
/// right after filling it, while it is in cache) and returns it.
sdRow* sd_fill_row_at(sdWorld* world, int32_t p, int32_t end, double h, bool springs);

// velocity_solve.c
/// A joint row's velocity-stage equation: the target of J·v⁺ (springs: their law; rigid rows: 0; speculative
/// one-sided rows: closing at most their gap), and whether it starts fixed at zero impulse. `u` is J·v now.
void sd_joint_row_target(sdWorld* world, const sdRow* row, double h, double u, double* target, uint8_t* fixed);

// active_set.c (exposed for contact islands)
/// Factors and solves a unit's system by its path (fixed rows known); false when a direct factorisation failed.
bool sd_solve_system(sdWorld* world, const sdIsland* unit, const double* b, double* x);

// contact_matrix.c
/// What a direct contact solve keeps of K for its passes besides the couplings (sd_contact_matrix_couple).
typedef struct sdContactMatrix {
    double diagonal[sdDirectContactRows]; ///< K_ii (softness included)
    int32_t first[sdDirectContactRows];   ///< the first column j ≤ i with K_ij ≠ 0 (K_ij is kept from there on)
} sdContactMatrix;
/// K of a direct contact solve's m ≤ sdDirectContactRows rows at [base, base + m), for all its passes: the
/// couplings into the upper triangle of the scratch matrix (K_ij, i > j, at j + i·m), the rest into `kept`.
void sd_contact_matrix_couple(sdWorld* world, int32_t base, int32_t m, sdContactMatrix* kept);
/// One pass of that solve: K with the fixed rows as identity rows, their impulses `x` moved to the right-hand
/// side `b`, factored in the lower triangle within its envelope; `x` receives λ. `reciprocal` as
/// sd_envelope_solve's (the dense path's arithmetic, else the small kernel's). False (x untouched) when the
/// factorisation failed.
bool sd_contact_matrix_solve(sdWorld* world, int32_t base, int32_t m, const sdContactMatrix* kept, bool reciprocal,
                             const double* b, double* x);
/// sum + Σ_q K_iq·x_q over q = 0 … m − 1 with x_q ≠ 0, in that order (without softness): row i's part of K·x for
/// the active set's residuals, from the couplings sd_contact_matrix_couple kept — the same products and sums as
/// sd_coupling(row i, row q) each time.
double sd_contact_matrix_row_product(sdWorld* world, int32_t base, int32_t m, const sdContactMatrix* kept, int32_t i,
                                     const double* x, double sum);
/// Every row i of the scratch matrix whole, once the passes are done (over the factor): K_iq at q + i·m for every
/// q, each the value sd_contact_matrix_row_product uses (without softness), so a residual is one row's dot product.
void sd_contact_matrix_complete(sdWorld* world, int32_t base, int32_t m, const sdContactMatrix* kept);

// body_space.c
/// Every island of one body held only by springs, in its own velocity unknowns (one pass).
void sd_solve_body_space_islands(sdWorld* world, double h);

#endif
