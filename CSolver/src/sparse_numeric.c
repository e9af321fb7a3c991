// Multifrontal numeric factorisation of a sparse-path island, and the substitutions with its factor. The
// supernodes are visited in postorder: each one's frontal matrix (its structure squared) receives K's entries of
// its pivot columns and its children's update matrices (extend-add, popped from a stack), is partially factored
// (dense_kernels.c: in-house, or LAPACK/BLAS-3 for fronts of at least sdWorld_SetSparseBLASFrontRows rows), keeps its first columns as L's
// block and pushes the Schur complement of the rest for its parent. Fixed rows (the active set) are identity rows.
#include "sd_sparse.h"
#include "sd_tasks.h"

#include <string.h>

/// J_i·M⁻¹·J_endᵀ for one end of row j (island-local body `body`, Jacobian `jj`) that row i shares.
static inline double sd_end_coupling(const double* ji, const double* jj, const double* mass, int32_t body) {
    const double im = mass[2 * body], ii = mass[2 * body + 1];
    return ji[0] * (im * jj[0]) + ji[1] * (im * jj[1]) + ji[2] * (ii * jj[2]);
}

/// K_ij of two compact rows: J_i·M⁻¹·J_jᵀ over the bodies they share (masses: the island's, per local body).
static inline double sd_compact_coupling(const sdCompactRow* i, const sdCompactRow* j, const double* mass) {
    double k = 0.0;
    if (i->a >= 0) {
        if (i->a == j->a) k += sd_end_coupling(i->ja, j->ja, mass, j->a);
        else if (i->a == j->b) k += sd_end_coupling(i->ja, j->jb, mass, j->b);
    }
    if (i->b >= 0) {
        if (i->b == j->a) k += sd_end_coupling(i->jb, j->ja, mass, j->a);
        else if (i->b == j->b) k += sd_end_coupling(i->jb, j->jb, mass, j->b);
    }
    return k;
}

/// How many coupled pairs ahead sd_assemble_column asks for the later row's compact copy: a pivot's later rows
/// are often far away in elimination order (a separator's), and the compact rows (64 bytes each) do not stay
/// in cache between factorisations.
#define sdSparsePairPrefetch 16

/// K's entries of a front's pivot column (elimination position e): the diagonal and every later row coupled to
/// it, at the slots the symbolic analysis recorded. Reads the compact rows of the current solve; `pairEnd` is
/// the island's last coupled pair (the pairs of consecutive positions are consecutive).
static void sd_assemble_column(const sdSparseState* sp, int32_t base, double* column, int32_t t, int32_t e,
                               int32_t pairEnd) {
    const uint8_t* fixed = sp->compactFixed + base;
    const sdCompactRow* rows = sp->compact + base;
    const int32_t first = sp->pairStart[base + e], last = sp->pairStart[base + e + 1];
    for (int32_t k = first + sdSparsePairPrefetch; k < last + sdSparsePairPrefetch && k < pairEnd; ++k)
        SD_PREFETCH(&rows[sp->pairRow[k]]);
    if (fixed[e]) {
        column[t] = 1.0;
        return;
    }
    const sdCompactRow* row = &rows[e];
    const double* mass = sp->bodyMass;
    column[t] = sd_compact_coupling(row, row, mass) + row->extra;
    for (int32_t k = first; k < last; ++k) {
        const int32_t other = sp->pairRow[k];
        if (!fixed[other]) column[sp->pairSlot[k]] = sd_compact_coupling(&rows[other], row, mass);
    }
}

/// Fronts of at most this many rows are zeroed whole (one call: the upper triangle, never read, comes along);
/// larger ones column by column below the diagonal (half the bytes).
#define sdFrontZeroWhole 64

/// Zeroes the lower triangle of the m × m front (column-major, leading dimension m) before its assembly.
static inline void sd_front_zero(double* front, int32_t m) {
    const size_t ld = (size_t)m;
    if (m <= sdFrontZeroWhole) {
        memset(front, 0, ld * ld * sizeof(double));
        return;
    }
    for (int32_t j = 0; j < m; ++j) memset(front + (size_t)j * ld + j, 0, (size_t)(m - j) * sizeof(double));
}

/// Where one run of the factorisation keeps its children's update matrices: its region of sdSparseState.stack
/// (from `top` on) and the supernodes whose updates wait there (`nodes`, oldest first).
typedef struct sdUpdateStack {
    size_t top;
    int32_t* nodes;
    int32_t count;
} sdUpdateStack;

/// Factors supernode k (its children's updates on `stack`, or a task's root's in the task's own region) and does
/// its step of the forward substitution of x: rows below it at or beyond rowEnd are another run's, so their
/// updates go to `*log` (advanced) instead of x. `streamed`: the factor's (sdSparseIsland.streamed), whose columns
/// also go to the reverse copy. False when a pivot is not positive.
static bool sd_factor_node(sdWorld* world, sdSparseState* sp, int32_t base, int32_t pairEnd, int32_t k,
                           bool streamed, sdUpdateStack* stack, double* x, double* below, int32_t rowEnd,
                           double** log) {
    const sdSupernode* node = &sp->supernodes[k];
    const int32_t m = node->rowCount, w = node->count, b = m - w;
    const size_t ld = (size_t)m;
    // The front is built where L's block goes (same layout: column-major, leading dimension m), so its
    // first w columns need no copy; its trailing columns spill over later supernodes' blocks, not factored
    // yet (postorder), or into the slack the symbolic analysis left after the island's (or the task's).
    double* front = sp->factor + node->factorStart;
    sd_front_zero(front, m);
    for (int32_t t = 0; t < w; ++t)
        sd_assemble_column(sp, base, front + (size_t)t * ld, t, node->first + t, pairEnd);
    // Extend-add the children's update matrices (the top childCount entries of the stack).
    size_t top = stack->top;
    for (int32_t c = 0; c < node->childCount; ++c) {
        const int32_t childIndex = stack->nodes[stack->count - 1 - c];
        const sdSupernode* child = &sp->supernodes[childIndex];
        const int32_t cb = child->rowCount - child->count;
        const int32_t* slots = sp->relative + child->rowStart + child->count;
        const double* update = sp->stack + sp->updateStart[childIndex];
        for (int32_t j = 0; j < cb; ++j) {
            double* column = front + (size_t)slots[j] * ld;
            const double* source = update + (size_t)j * (size_t)cb;
            for (int32_t i = j; i < cb; ++i) column[slots[i]] += source[i];
        }
        // Popped: its region is free again (a task's root's update is in the task's region, above this one).
        if (sp->updateStart[childIndex] < top) top = sp->updateStart[childIndex];
    }
    stack->count -= node->childCount;
    if (!sd_front_factor(front, m, w, world->sparseBlasRows)) return false;
    float* packed = sp->packed + node->packedStart;
    for (int32_t j = 0; j < w; ++j) {
        const double* column = front + (size_t)j * ld + j;
        packed[0] = (float)(1.0 / column[0]); // the diagonal as its reciprocal: substitutions multiply
        for (int32_t i = 1; i < m - j; ++i) packed[i] = (float)column[i];
        packed += m - j;
    }
    if (streamed) { // the reverse copy's block holds the same columns last first: column 0 ends it
        const float* source = sp->packed + node->packedStart;
        float* reverse = sp->packedReverse + node->reverseStart + (size_t)(packed - source);
        for (int32_t j = 0; j < w; ++j) {
            reverse -= m - j;
            memcpy(reverse, source, (size_t)(m - j) * sizeof(float));
            source += m - j;
        }
    }
    sp->updateStart[k] = top;
    double* update = sp->stack + top;
    for (int32_t j = 0; j < b; ++j)
        memcpy(update + (size_t)j * (size_t)b + j, front + (size_t)(w + j) * ld + w + j,
               (size_t)(b - j) * sizeof(double));
    stack->top = top + (size_t)b * (size_t)b;
    stack->nodes[stack->count++] = k;
    const int32_t logged = sd_sparse_forward_node(sp, node, x, below, rowEnd, *log);
    *log += logged;
    return true;
}

/// One factorisation with workers: what its tasks share.
typedef struct sdFactorJob {
    sdWorld* world;
    const sdSparseIsland* factor;
    double* x;
    int32_t base, pairEnd;
    bool ok[sdSparseMaxTasks];
} sdFactorJob;

/// A task's subtree, factored in postorder with its own update stack and substitution scratch.
static void sd_factor_task(void* context, int32_t t) {
    sdFactorJob* job = context;
    sdSparseState* sp = &job->world->scratch.sparse;
    const sdSparseTask* task = &sp->tasks[job->factor->taskStart + t];
    sdUpdateStack stack = {task->stackStart, sp->nodeStack + task->nodeStart, 0};
    double* below = sp->taskScratch + task->scratchStart;
    double* log = below + 2 * (size_t)task->rows;
    bool ok = true;
    for (int32_t k = task->nodeStart; k < task->nodeEnd && ok; ++k)
        ok = sd_factor_node(job->world, sp, job->base, job->pairEnd, k, job->factor->streamed, &stack, job->x, below,
                            task->rowEnd, &log);
    job->ok[t] = ok;
}

bool sd_sparse_factor(sdWorld* world, const sdIsland* island, sdSparseIsland* factor, double* x) {
    sdSparseState* sp = &world->scratch.sparse;
    const double start = sd_now();
    const int32_t base = island->rowStart;
    const int32_t pairEnd = sp->pairStart[base + island->rowCount];
    sdUpdateStack stack = {0, sp->nodeStack, 0};
    double* noLog = NULL;
    bool ok = true;
    if (factor->taskCount == 0) {
        for (int32_t k = factor->superStart; k < factor->superStart + factor->superCount && ok; ++k)
            ok = sd_factor_node(world, sp, base, pairEnd, k, factor->streamed, &stack, x, sp->front, INT32_MAX, &noLog);
    } else {
        // The tasks' subtrees at once, then the supernodes above them in postorder on this thread: where a task
        // comes in postorder its deferred updates of ancestor rows apply, in the order it made them, so every
        // row of x takes its updates in the serial order (same bits), and its root's update joins the stack.
        sdFactorJob job = {.world = world, .factor = factor, .x = x, .base = base, .pairEnd = pairEnd};
        sd_task_pool_run(world->tasks, sd_factor_task, &job, factor->taskCount);
        for (int32_t t = 0; t < factor->taskCount; ++t) ok = ok && job.ok[t];
        const sdSparseTask* task = sp->tasks + factor->taskStart;
        const sdSparseTask* lastTask = task + factor->taskCount;
        for (int32_t k = factor->superStart; k < factor->superStart + factor->superCount && ok; ++k) {
            if (task < lastTask && k == task->nodeStart) {
                sd_sparse_apply_deferred(sp, task, x);
                stack.nodes[stack.count++] = task->nodeEnd - 1;
                k = task->nodeEnd - 1;
                task += 1;
                continue;
            }
            ok = sd_factor_node(world, sp, base, pairEnd, k, factor->streamed, &stack, x, sp->front, INT32_MAX, &noLog);
        }
    }
    sp->numericSeconds += sd_now() - start;
    sp->factorizations += 1;
    sp->factorFlops += factor->flops;
    return ok;
}
