// The sparse path for large coupled islands (internal): a nested-dissection order of the island's rows
// (sparse_order.c), the symbolic factorisation done once per layout (sparse_symbolic.c), a multifrontal numeric
// factorisation whose fronts go through in-house kernels when small and LAPACK/BLAS-3 when large
// (sparse_numeric.c, dense_kernels.c), and the solve that reuses a factor across substeps and frames as the
// preconditioner of conjugate gradients, refactoring when the iteration count grows (sparse_solve.c).
#ifndef SD_SPARSE_H
#define SD_SPARSE_H

#include "sd_solve.h"
#include "sd_tasks.h"

/// Nested dissection stops splitting a region with at most this many rows (or one body): its rows form one
/// leaf front. Measured on the 10,000-cell grid (README): smaller leaves add fronts, larger ones add flops.
#ifndef sdSparseLeafRows
#define sdSparseLeafRows 12
#endif
/// A factorisation costs its flops over this many times a substitution's, in substitution-equivalents (measured
/// on this machine: the fronts run at about twice the flop rate of the memory-bound substitutions).
#define sdSparseFactorSpeedup 2.0
/// Factors whose packed copy is larger than this many bytes are streamed from memory by every substitution (the
/// 100,000-cell grid's: 26 MB; the 10,000-cell grid's, 2 MB, stays in the caches): sdSparseIsland.streamed.
#define sdPackedCachedBytes ((size_t)8 << 20)
/// Most preconditioned CG iterations before the solve gives up on the stale factor and factors at once.
#define sdSparseMaxIterations 12
/// Most worker subtrees (sdSparseTask) of one island.
#define sdSparseMaxTasks 32
/// Relative error (energy norm) at which preconditioned CG stops in a velocity solve.
#define sdSparseTolerance 1e-12
/// A projection step stops iterating once every row's linearised error after the step is below this (pt or
/// rad): a tenth of the projection's tolerance (projection.c), so the exact Newton step of the reference and
/// this one leave the rows within 1e-10 of each other.
#define sdSparseProjectionResidual 1e-10
/// Rows whose fixed state (active set) differs from the factor's beyond this count: factor again instead of
/// iterating (each differing row adds a CG iteration).
#define sdSparseFixedChange 8

/// The island-local layout row of the supernode's pivot or structure entry at elimination position `e`.
static inline int32_t sd_sparse_layout_row(const sdSparseState* sp, const sdIsland* island, int32_t e) {
    return sp->layoutOf[island->rowStart + e];
}

/// Σ a[i]·b[i] with four partial sums (a reduction the compiler can vectorise); the substitutions and the
/// preconditioned conjugate gradients share it.
static inline double sd_sparse_dot(const double* restrict a, const double* restrict b, int32_t n) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += a[i] * b[i];
        s1 += a[i + 1] * b[i + 1];
        s2 += a[i + 2] * b[i + 2];
        s3 += a[i + 3] * b[i + 3];
    }
    for (; i < n; ++i) s0 += a[i] * b[i];
    return (s0 + s1) + (s2 + s3);
}

// sparse_order.c
/// Orders the island's rows by nested dissection over its bodies' positions; appends the supernodes (pivot
/// runs and assembly-tree child counts, in postorder) and fills `elimination`/`layoutOf`. Returns the number of
/// supernodes.
int32_t sd_sparse_order(sdWorld* world, const sdIsland* island);

// sparse_symbolic.c
/// Grows the per-row, per-body and per-supernode buffers for a layout of `rows` rows.
int sd_sparse_reserve(sdWorld* world, int32_t rows);
/// Grows the factor, front and update-stack storage for every analysed island.
int sd_sparse_reserve_factors(sdWorld* world);
/// Drops the last analysed island (its path went elsewhere).
void sd_sparse_discard_last(sdWorld* world);

// sparse_numeric.c
/// Factors K (fixed rows as identity rows) of the island into its supernodal factor; false when K is not
/// positive definite. Also does the forward half of the solve with the right-hand side `x` (in elimination order),
/// each supernode's step while its block is in cache: sd_sparse_substitute_backward finishes it.
bool sd_sparse_factor(sdWorld* world, const sdIsland* island, sdSparseIsland* factor, double* x);

// dense_kernels.c
/// The direct solve of L·Lᵀ·x = b with the double factor, in two halves: the forward one supernode by supernode
/// (called for each in postorder, its block of L just factored: sd_sparse_factor), then the backward one in
/// place, `x` holding L⁻¹·b. `x` is in elimination order (SSE2 and AVX2+FMA copies, picked at run time).
/// The forward step subtracts L21·y from x's rows below the supernode, except those at or beyond rowEnd (a
/// task's ancestors'), whose amounts go to `log` in row order; returns how many it logged. `below`: scratch for
/// the supernode's rows below its pivots. Islands with tasks run them on `pool` (NULL: in order, same bits).
int32_t sd_sparse_forward_node(const sdSparseState* sp, const sdSupernode* node, double* x, double* below,
                               int32_t rowEnd, double* log);
void sd_sparse_substitute_backward(const sdSparseState* sp, const sdSparseIsland* factor, double* x,
                                   sdTaskPool* pool);
/// Work on the rows [begin, end) (elimination order) that a substitution does before its forward pass reads them.
typedef void (*sdSparseRowsFunction)(void* context, int32_t begin, int32_t end);
/// Solves L·Lᵀ·x = b in place with the single-precision packed copy of L (the preconditioner's: half the bytes
/// to stream), in double-precision arithmetic. For an island with tasks, `prepare` (unless NULL) first makes b's
/// rows: each task's on the task's thread just before its forward pass (one fork fewer than a pass of its own),
/// the rest after them; without tasks it must be NULL.
void sd_sparse_substitute_packed(const sdSparseState* sp, const sdSparseIsland* factor, double* x,
                                 sdTaskPool* pool, sdSparseRowsFunction prepare, void* prepareContext);
/// A task's rows: its subtree's pivots, [first of its first supernode, rowEnd).
static inline int32_t sd_task_first_row(const sdSparseState* sp, const sdSparseTask* task) {
    return sp->supernodes[task->nodeStart].first;
}
/// Applies a task's deferred forward updates of its ancestors' rows to x, in the order its run made them.
static inline void sd_sparse_apply_deferred(const sdSparseState* sp, const sdSparseTask* task, double* x) {
    const int32_t* rows = sp->logRow + task->logStart;
    const double* values = sp->taskScratch + task->scratchStart + 2 * (size_t)task->rows;
    for (size_t i = 0; i < task->logCount; ++i) x[rows[i]] -= values[i];
}
/// Partial Cholesky of the m × m front (lower triangle, column-major, leading dimension m): its first w
/// columns become L's, the trailing (m−w) block the update matrix; fronts of at least `blasRows` rows through
/// LAPACK/BLAS-3. False when a pivot is not positive.
bool sd_front_factor(double* front, int32_t m, int32_t w, int32_t blasRows);

// sparse_solve.c
/// Solves the island's system on the sparse path (fixed rows known, as sd_solve_system); false when K is not
/// positive definite. The island's compact rows are the ones its row loop just kept (sd_sparse_keep_row).
bool sd_sparse_solve(sdWorld* world, const sdIsland* island, const double* b, double* x);
/// Adds M⁻¹·Jᵀ·value[p] of every row p of a sparse-path island to the three arrays, in layout order: sd_apply_row's
/// products, in sequence, read from the compact rows the solve just read instead of each row's scattered record
/// (a row with an end that is not a dynamic body, which the compact row does not name, from its record), with the
/// masses the island's fill gathered (sd_gather_fill_bodies): call it right after the island's sd_solve_island.
void sd_sparse_apply(const sdWorld* world, const sdIsland* island, const double* value, double* x, double* y,
                     double* a);

/// Copies the just-filled row at layout position p of a sparse-path island, whose J·M⁻¹·Jᵀ is `inverseMass`, into
/// its compact row (J at its dynamic ends, the diagonal's softness), while the row is in cache.
static inline void sd_sparse_keep_row(sdSparseState* sp, const sdIsland* island, int32_t p, const sdRow* row,
                                      double inverseMass) {
    sdCompactRow* c = &sp->compact[island->rowStart + sp->elimination[p]];
    const int32_t a = c->a, b = c->b;
    for (int t = 0; t < 3; ++t) {
        c->ja[t] = a >= 0 ? row->ja[t] : 0.0;
        c->jb[t] = b >= 0 ? row->jb[t] : 0.0;
    }
    // A rigid row's regularisation from its J·M⁻¹·Jᵀ, which the fill kept (sd_fill_row_at).
    c->extra = sd_row_softness(row, inverseMass);
}

#endif
