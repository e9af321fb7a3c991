// The solve of a sparse-path island. K = J·M⁻¹·Jᵀ changes with the bodies' positions, but slowly: between two
// substeps, and between the velocity solve and the projection, links turn by a fraction of a degree. So the
// factor of one K is kept and used as the preconditioner of conjugate gradients on the next systems, which then
// converge in a few iterations; once a solve costs more substitutions than the average since the factorisation
// (the factorisation's cost included), the next solve factors afresh (and a solve that does not converge within sdSparseMaxIterations factors at once and solves
// directly). A fresh factor of the very system being solved answers directly, without iterating.
//
// Fixed rows (the active set over ropes, limits and friction torque) are identity rows holding their impulse,
// their coupling moved to the right-hand side, as on the other paths. The preconditioner pads the residual's
// fixed entries with zero, which on the free rows is the inverse of K's Schur complement: conjugate gradients
// need at most one more iteration per row whose fixed state differs from the factor's, and beyond
// sdSparseFixedChange such rows the island is factored again with the new active set.
//
// Every vector here is in elimination order, and the rows are copied into compact form in that order as they are
// filled (sdCompactRow, sd_sparse_keep_row), so the matrix-free products and the substitutions run without
// indirection.
#include "sd_sparse.h"

#include <string.h>

/// Rows per piece of a row-by-row pass on the workers: below this a fork costs more than it saves.
#define sdParallelRowGrain 1024

/// M⁻¹·Jᵀ·x per island-local body, four doubles apart (the fourth unused): one body's three entries are then a
/// vector's lanes, updated in one operation each (the same product per lane as one at a time).
typedef double sdBodyLanes __attribute__((vector_size(32)));
typedef double sdBodyLanesUnaligned __attribute__((vector_size(32), aligned(8), may_alias));
#define SD_BODY_STRIDE 4

/// y += M⁻¹·Jᵀ·v of one compact row, y four lanes a body: a row's J at one end is loaded as four lanes, the fourth
/// the next field (the mass lanes' zero cancels it), and added in one operation (each lane the scalar (m·j)·v).
SD_INLINE void sd_compact_scatter_row(double* restrict y, const double* restrict mass, const sdCompactRow* c,
                                      double v) {
    if (c->a >= 0) {
        sdBodyLanesUnaligned* ya = (sdBodyLanesUnaligned*)(y + SD_BODY_STRIDE * c->a);
        const double im = mass[2 * c->a], ii = mass[2 * c->a + 1];
        const sdBodyLanes m = {im, im, ii, 0.0};
        *ya += (m * *(const sdBodyLanesUnaligned*)c->ja) * v;
    }
    if (c->b >= 0) {
        sdBodyLanesUnaligned* yb = (sdBodyLanesUnaligned*)(y + SD_BODY_STRIDE * c->b);
        const double im = mass[2 * c->b], ii = mass[2 * c->b + 1];
        const sdBodyLanes m = {im, im, ii, 0.0};
        *yb += (m * *(const sdBodyLanesUnaligned*)c->jb) * v;
    }
}

/// The ends of a row that are bodies but not the island's dynamic ones (static bodies, which the compact row does
/// not name): sd_apply_row's updates of them, straight to the arrays (no dynamic body's entries among them).
static void sd_apply_static_ends(const sdWorld* world, const sdRow* row, const sdCompactRow* c, double v, double* x,
                                 double* y, double* a) {
    const int32_t ends[2] = {c->a < 0 ? row->a : -1, c->b < 0 ? row->b : -1};
    const double* j[2] = {row->ja, row->jb};
    for (int k = 0; k < 2; ++k) {
        if (ends[k] < 0) continue;
        x[ends[k]] += world->invMass[ends[k]] * j[k][0] * v;
        y[ends[k]] += world->invMass[ends[k]] * j[k][1] * v;
        a[ends[k]] += world->invInertia[ends[k]] * j[k][2] * v;
    }
}

/// Whether row p has an end that is a body the compact row does not name: sd_apply_static_ends has work for it.
static inline bool sd_has_static_end(const sdSolverScratch* s, const sdIsland* island, int32_t p,
                                     const sdCompactRow* c) {
    if (c->a >= 0 && c->b >= 0) return false;
    const sdRow* row = sd_island_row(s, island, p);
    return (c->a < 0 && row->a >= 0) || (c->b < 0 && row->b >= 0);
}

/// The island-local bodies [begin, end)'s three entries into their lanes (the fourth zero).
SD_INLINE void sd_gather_lanes(double* restrict lanes, const int32_t* restrict islandBodies, int32_t begin,
                               int32_t end, const double* restrict x, const double* restrict y,
                               const double* restrict a) {
    for (int32_t i = begin; i < end; ++i) {
        if (i + 64 < end) { // the island-local order is the rows', not the slots': ask well ahead
            const int32_t ahead = islandBodies[i + 64];
            SD_PREFETCH(&x[ahead]);
            SD_PREFETCH(&y[ahead]);
            SD_PREFETCH(&a[ahead]);
        }
        const int32_t body = islandBodies[i];
        lanes[SD_BODY_STRIDE * i] = x[body];
        lanes[SD_BODY_STRIDE * i + 1] = y[body];
        lanes[SD_BODY_STRIDE * i + 2] = a[body];
        lanes[SD_BODY_STRIDE * i + 3] = 0.0;
    }
}
/// The lanes of the island-local bodies [begin, end) back to the three arrays.
SD_INLINE void sd_store_lanes(const double* restrict lanes, const int32_t* restrict islandBodies, int32_t begin,
                              int32_t end, double* restrict x, double* restrict y, double* restrict a) {
    for (int32_t i = begin; i < end; ++i) {
        const int32_t body = islandBodies[i];
        x[body] = lanes[SD_BODY_STRIDE * i];
        y[body] = lanes[SD_BODY_STRIDE * i + 1];
        a[body] = lanes[SD_BODY_STRIDE * i + 2];
    }
}

/// sd_sparse_apply: the island's bodies' three entries are gathered as lanes (four doubles a body, island-local
/// numbers: one cache line a body instead of five arrays' scattered entries), each row adds its two ends' M⁻¹·Jᵀ·v
/// in one operation each — per lane sd_apply_row's (m·j)·v and +=, in the same row order — and the lanes are
/// written back.
SD_INLINE void sd_sparse_apply_body(const sdWorld* world, const sdIsland* island, const double* restrict value,
                                    double* restrict x, double* restrict y, double* restrict a) {
    const sdSolverScratch* s = &world->scratch;
    const sdSparseState* sp = &s->sparse;
    const sdSparseIsland* factor = &sp->islands[island->sparse];
    const int32_t base = island->rowStart, n = island->rowCount, bodies = factor->bodyCount;
    const int32_t* restrict islandBodies = sp->islandBodies + factor->bodyStart;
    const int32_t* restrict elimination = sp->elimination + base;
    const sdCompactRow* restrict rows = sp->compact + base;
    double* restrict lanes = sp->bodyVector;
    // The masses the island's fill gathered (sd_gather_fill_bodies), which its solve used.
    const double* restrict mass = sp->bodyMass;
    sd_gather_lanes(lanes, islandBodies, 0, bodies, x, y, a);
    for (int32_t p = 0; p < n; ++p) {
        const double v = value[p];
        if (v == 0.0) continue;
        const sdCompactRow* c = &rows[elimination[p]];
        sd_compact_scatter_row(lanes, mass, c, v);
        if (c->a < 0 || c->b < 0) sd_apply_static_ends(world, sd_island_row(s, island, p), c, v, x, y, a);
    }
    sd_store_lanes(lanes, islandBodies, 0, bodies, x, y, a);
}
static void sd_sparse_apply_generic(const sdWorld* world, const sdIsland* island, const double* value, double* x,
                                    double* y, double* a) {
    sd_sparse_apply_body(world, island, value, x, y, a);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_sparse_apply_avx2(const sdWorld* world, const sdIsland* island, const double* value,
                                                double* x, double* y, double* a) {
    sd_sparse_apply_body(world, island, value, x, y, a);
}
#endif

// sd_sparse_apply on worker threads, for an island with tasks (whose layout is its elimination order,
// sparse_symbolic.c): each task gathers its own bodies' lanes (sdSparseTask.firstBody: bodies no other task's
// rows reach), adds its rows' terms and writes them back; then the calling thread adds the rows outside every task,
// in order, straight to the arrays — they come after every task's rows, so each body takes its rows' terms in the
// order sd_sparse_apply_body adds them. A row's ends that the compact row does not name (static bodies, which two
// tasks' rows may share) go last, on the calling thread.
typedef struct sdApplyJob {
    const sdWorld* world;
    const sdIsland* island;
    const double* value;
    double *x, *y, *a;
    bool staticEnds[sdSparseMaxTasks]; // per task: one of its rows with a value ends at a static body
} sdApplyJob;

/// Task t's part of sd_sparse_apply_body: its bodies' lanes, its rows' terms.
SD_INLINE void sd_apply_task_body(sdApplyJob* job, int32_t t) {
    const sdSolverScratch* s = &job->world->scratch;
    const sdSparseState* sp = &s->sparse;
    const sdIsland* island = job->island;
    const sdSparseIsland* factor = &sp->islands[island->sparse];
    const sdSparseTask* task = &sp->tasks[factor->taskStart + t];
    const int32_t base = island->rowStart, firstBody = task->firstBody, bodyEnd = task->bodyEnd;
    const int32_t* restrict islandBodies = sp->islandBodies + factor->bodyStart;
    const int32_t* restrict elimination = sp->elimination + base;
    const sdCompactRow* restrict rows = sp->compact + base;
    const double* restrict mass = sp->bodyMass;
    const double* restrict value = job->value;
    double* restrict lanes = sp->bodyVector;
    double* restrict x = job->x;
    double* restrict y = job->y;
    double* restrict a = job->a;
    sd_gather_lanes(lanes, islandBodies, firstBody, bodyEnd, x, y, a);
    bool staticEnds = false;
    for (int32_t p = sd_task_first_row(sp, task); p < task->rowEnd; ++p) {
        const double v = value[p];
        if (v == 0.0) continue;
        const sdCompactRow* c = &rows[elimination[p]];
        sd_compact_scatter_row(lanes, mass, c, v);
        staticEnds |= sd_has_static_end(s, island, p, c);
    }
    job->staticEnds[t] = staticEnds;
    sd_store_lanes(lanes, islandBodies, firstBody, bodyEnd, x, y, a);
}
static void sd_apply_task_generic(void* context, int32_t t) { sd_apply_task_body(context, t); }
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_apply_task_avx2(void* context, int32_t t) { sd_apply_task_body(context, t); }
#endif

/// One end of a row outside every task: sd_compact_scatter_row's terms, per lane, straight to the arrays.
static inline void sd_apply_end(const double* mass, const int32_t* islandBodies, int32_t local, const double* j,
                                double v, double* x, double* y, double* a) {
    const int32_t body = islandBodies[local];
    const double im = mass[2 * local], ii = mass[2 * local + 1];
    x[body] += (im * j[0]) * v;
    y[body] += (im * j[1]) * v;
    a[body] += (ii * j[2]) * v;
}

/// sd_sparse_apply for an island with tasks, on the pool (above).
static void sd_sparse_apply_tasks(const sdWorld* world, const sdIsland* island, const double* value, double* x,
                                  double* y, double* a) {
    const sdSolverScratch* s = &world->scratch;
    const sdSparseState* sp = &s->sparse;
    const sdSparseIsland* factor = &sp->islands[island->sparse];
    sdApplyJob job = {world, island, value, x, y, a, {false}};
    sdTaskFunction run = sd_apply_task_generic;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) run = sd_apply_task_avx2;
#endif
    sd_task_pool_run(world->tasks, run, &job, factor->taskCount);
    bool staticEnds = false;
    for (int32_t t = 0; t < factor->taskCount; ++t) staticEnds |= job.staticEnds[t];
    const int32_t* islandBodies = sp->islandBodies + factor->bodyStart;
    const int32_t* elimination = sp->elimination + island->rowStart;
    const sdCompactRow* rows = sp->compact + island->rowStart;
    const sdSparseTask* tasks = sp->tasks + factor->taskStart;
    for (int32_t t = 0, p = 0; t <= factor->taskCount; ++t) { // the rows between the tasks' runs, in order
        const int32_t gapEnd = t < factor->taskCount ? sd_task_first_row(sp, &tasks[t]) : island->rowCount;
        for (; p < gapEnd; ++p) {
            const double v = value[p];
            if (v == 0.0) continue;
            const sdCompactRow* c = &rows[elimination[p]];
            if (c->a >= 0) sd_apply_end(sp->bodyMass, islandBodies, c->a, c->ja, v, x, y, a);
            if (c->b >= 0) sd_apply_end(sp->bodyMass, islandBodies, c->b, c->jb, v, x, y, a);
            staticEnds |= sd_has_static_end(s, island, p, c);
        }
        if (t < factor->taskCount) p = tasks[t].rowEnd;
    }
    if (!staticEnds) return;
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const sdCompactRow* c = &rows[elimination[p]];
        if (value[p] != 0.0 && (c->a < 0 || c->b < 0))
            sd_apply_static_ends(world, sd_island_row(s, island, p), c, value[p], x, y, a);
    }
}

void sd_sparse_apply(const sdWorld* world, const sdIsland* island, const double* value, double* x, double* y,
                     double* a) {
    const sdSparseState* sp = &world->scratch.sparse;
    if (world->tasks != NULL && sp->islands[island->sparse].taskCount > 0)
        return sd_sparse_apply_tasks(world, island, value, x, y, a);
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) return sd_sparse_apply_avx2(world, island, value, x, y, a);
#endif
    sd_sparse_apply_generic(world, island, value, x, y, a);
}

/// The body-space half of sd_compact_apply: y = M⁻¹·Jᵀ·x, fixed rows' x taken as zero when identityForFixed.
SD_INLINE void sd_compact_scatter(sdSparseState* sp, const sdIsland* island, int32_t bodies,
                                      const double* restrict x, bool identityForFixed) {
    const int32_t base = island->rowStart, n = island->rowCount;
    const sdCompactRow* restrict rows = sp->compact + base;
    const uint8_t* restrict fixed = sp->compactFixed + base;
    double* restrict y = sp->bodyVector;
    memset(y, 0, SD_BODY_STRIDE * (size_t)bodies * sizeof(double));
    for (int32_t e = 0; e < n; ++e)
        sd_compact_scatter_row(y, sp->bodyMass, &rows[e], identityForFixed && fixed[e] ? 0.0 : x[e]);
}

/// K·x of one compact row from y = M⁻¹·Jᵀ·x (the row-space half of sd_compact_apply).
SD_INLINE double sd_compact_row_product(const sdCompactRow* c, const double* restrict y, double x) {
    double v = c->extra * x;
    if (c->a >= 0) {
        const double* ya = y + SD_BODY_STRIDE * c->a;
        v += c->ja[0] * ya[0] + c->ja[1] * ya[1] + c->ja[2] * ya[2];
    }
    if (c->b >= 0) {
        const double* yb = y + SD_BODY_STRIDE * c->b;
        v += c->jb[0] * yb[0] + c->jb[1] * yb[1] + c->jb[2] * yb[2];
    }
    return v;
}

/// out = A·x over the compact rows: K on free rows, identity on fixed rows when identityForFixed (else K with
/// the fixed rows' entries of x as they are).
SD_INLINE void sd_compact_apply_body(sdSparseState* sp, const sdIsland* island, int32_t bodies,
                                     const double* restrict x, double* restrict out, bool identityForFixed) {
    const int32_t base = island->rowStart, n = island->rowCount;
    const sdCompactRow* restrict rows = sp->compact + base;
    const uint8_t* restrict fixed = sp->compactFixed + base;
    const double* restrict y = sp->bodyVector;
    sd_compact_scatter(sp, island, bodies, x, identityForFixed);
    for (int32_t e = 0; e < n; ++e) {
        const sdCompactRow* c = &rows[e];
        if (identityForFixed && fixed[e]) {
            out[e] = x[e];
            continue;
        }
        out[e] = sd_compact_row_product(c, y, x[e]);
    }
}

/// q = K·p on the free rows, zero on the fixed ones, returning pᵀ·q — the conjugate-gradient product and its dot
/// in one pass over the rows (the dot's four partial sums as sd_sparse_dot takes them).
SD_INLINE double sd_compact_apply_dot_body(sdSparseState* sp, const sdIsland* island, int32_t bodies,
                                           const double* restrict p, double* restrict q) {
    const int32_t base = island->rowStart, n = island->rowCount;
    const sdCompactRow* restrict rows = sp->compact + base;
    const uint8_t* restrict fixed = sp->compactFixed + base;
    const double* restrict y = sp->bodyVector;
    sd_compact_scatter(sp, island, bodies, p, true);
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int32_t e = 0;
    for (; e + 4 <= n; e += 4) {
        const double v0 = fixed[e] ? 0.0 : sd_compact_row_product(&rows[e], y, p[e]);
        const double v1 = fixed[e + 1] ? 0.0 : sd_compact_row_product(&rows[e + 1], y, p[e + 1]);
        const double v2 = fixed[e + 2] ? 0.0 : sd_compact_row_product(&rows[e + 2], y, p[e + 2]);
        const double v3 = fixed[e + 3] ? 0.0 : sd_compact_row_product(&rows[e + 3], y, p[e + 3]);
        q[e] = v0;
        q[e + 1] = v1;
        q[e + 2] = v2;
        q[e + 3] = v3;
        s0 += p[e] * v0;
        s1 += p[e + 1] * v1;
        s2 += p[e + 2] * v2;
        s3 += p[e + 3] * v3;
    }
    for (; e < n; ++e) {
        q[e] = fixed[e] ? 0.0 : sd_compact_row_product(&rows[e], y, p[e]);
        s0 += p[e] * q[e];
    }
    return (s0 + s1) + (s2 + s3);
}

// The products in an AVX2 copy when the processor has it: a body's three lanes in one instruction. AVX2 without
// FMA, so no multiply-add is fused and both copies give the same bits.
static void sd_compact_apply_generic(sdSparseState* sp, const sdIsland* island, int32_t bodies, const double* x,
                                     double* out, bool identityForFixed) {
    sd_compact_apply_body(sp, island, bodies, x, out, identityForFixed);
}
static double sd_compact_apply_dot_generic(sdSparseState* sp, const sdIsland* island, int32_t bodies,
                                           const double* p, double* q) {
    return sd_compact_apply_dot_body(sp, island, bodies, p, q);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_compact_apply_avx2(sdSparseState* sp, const sdIsland* island, int32_t bodies,
                                                 const double* x, double* out, bool identityForFixed) {
    sd_compact_apply_body(sp, island, bodies, x, out, identityForFixed);
}
SD_TARGET_AVX2 static double sd_compact_apply_dot_avx2(sdSparseState* sp, const sdIsland* island, int32_t bodies,
                                                       const double* p, double* q) {
    return sd_compact_apply_dot_body(sp, island, bodies, p, q);
}
#endif

static void sd_compact_apply(sdSparseState* sp, const sdIsland* island, int32_t bodies, const double* x,
                             double* out, bool identityForFixed) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) return sd_compact_apply_avx2(sp, island, bodies, x, out, identityForFixed);
#endif
    sd_compact_apply_generic(sp, island, bodies, x, out, identityForFixed);
}

static double sd_compact_apply_dot(sdSparseState* sp, const sdIsland* island, int32_t bodies, const double* p,
                                   double* q) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) return sd_compact_apply_dot_avx2(sp, island, bodies, p, q);
#endif
    return sd_compact_apply_dot_generic(sp, island, bodies, p, q);
}

// The products on worker threads, for an island whose factor has tasks (sdSparseTask: subtrees of the assembly
// tree, each a run of consecutive rows). Rows that share a body are coupled in K, so one of them is an ancestor of
// the other in the assembly tree: no body is reached by two tasks' rows, and a body a task's rows reach is reached
// otherwise only by rows of the task's ancestors, later in elimination order. So the tasks scatter M⁻¹·Jᵀ·x of their
// rows at once, then the calling thread the rows outside every task, in order: every body takes its rows' terms in
// elimination order, as sd_compact_scatter adds them. The row products then are independent, row by row.
typedef struct sdProductJob {
    sdSparseState* sp;
    const sdIsland* island;
    double* x;             // the vector multiplied: p, updated in the scatter when `update` (its rows are the task's)
    const double* z;       // update 1: x = z; update 2: x = z + β·x (the conjugate-gradient direction)
    double beta;
    int update;
    double* out;
    bool identityForFixed; // scatter fixed rows' x as zero
    bool zeroFixed;        // out = 0 on fixed rows (the CG product), else x when identityForFixed, else K·x
} sdProductJob;

/// The scatter of rows [begin, end) (elimination order) into the body lanes, after updating x there when asked.
SD_INLINE void sd_product_scatter_body(const sdProductJob* job, int32_t begin, int32_t end) {
    const sdSparseState* sp = job->sp;
    const int32_t base = job->island->rowStart;
    const sdCompactRow* restrict rows = sp->compact + base;
    const uint8_t* restrict fixed = sp->compactFixed + base;
    double* restrict y = sp->bodyVector;
    double* restrict x = job->x;
    const double* restrict z = job->z;
    const double beta = job->beta;
    for (int32_t e = begin; e < end; ++e) {
        if (job->update == 1) x[e] = z[e];
        else if (job->update == 2) x[e] = z[e] + beta * x[e];
        sd_compact_scatter_row(y, sp->bodyMass, &rows[e], job->identityForFixed && fixed[e] ? 0.0 : x[e]);
    }
}

/// The row products of rows [begin, end) from the scattered body lanes.
SD_INLINE void sd_product_rows_body(const sdProductJob* job, int32_t begin, int32_t end) {
    const sdSparseState* sp = job->sp;
    const int32_t base = job->island->rowStart;
    const sdCompactRow* restrict rows = sp->compact + base;
    const uint8_t* restrict fixed = sp->compactFixed + base;
    const double* restrict y = sp->bodyVector;
    const double* restrict x = job->x;
    double* restrict out = job->out;
    for (int32_t e = begin; e < end; ++e) {
        if (fixed[e] && job->zeroFixed) out[e] = 0.0;
        else if (fixed[e] && job->identityForFixed) out[e] = x[e];
        else out[e] = sd_compact_row_product(&rows[e], y, x[e]);
    }
}

/// The scatter of task t's rows, into its own bodies' lanes cleared first (on this thread: they stay in its cache).
SD_INLINE void sd_product_scatter_task_body(const sdProductJob* job, int32_t t) {
    const sdSparseTask* task = &job->sp->tasks[job->sp->islands[job->island->sparse].taskStart + t];
    memset(job->sp->bodyVector + SD_BODY_STRIDE * (size_t)task->firstBody, 0,
           SD_BODY_STRIDE * (size_t)(task->bodyEnd - task->firstBody) * sizeof(double));
    sd_product_scatter_body(job, sd_task_first_row(job->sp, task), task->rowEnd);
}

static void sd_product_scatter_task_generic(void* context, int32_t t) {
    sd_product_scatter_task_body(context, t);
}
static void sd_product_rows_generic(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    sd_product_rows_body(context, begin, end);
}
static void sd_product_scatter_rows_generic(const sdProductJob* job, int32_t begin, int32_t end) {
    sd_product_scatter_body(job, begin, end);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_product_scatter_task_avx2(void* context, int32_t t) {
    sd_product_scatter_task_body(context, t);
}
SD_TARGET_AVX2 static void sd_product_rows_avx2(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    sd_product_rows_body(context, begin, end);
}
SD_TARGET_AVX2 static void sd_product_scatter_rows_avx2(const sdProductJob* job, int32_t begin, int32_t end) {
    sd_product_scatter_body(job, begin, end);
}
#endif


/// out = A·x (sd_compact_apply's, or with zeroFixed sd_compact_apply_dot's product) on the pool, for an island
/// with tasks; x first set from z when job->update.
static void sd_parallel_product(sdTaskPool* pool, const sdSparseIsland* factor, const sdProductJob* job) {
    sdSparseState* sp = job->sp;
    const int32_t n = job->island->rowCount;
    sdTaskFunction scatterTask = sd_product_scatter_task_generic;
    sdRangeFunction rowsTask = sd_product_rows_generic;
    void (*scatterRows)(const sdProductJob*, int32_t, int32_t) = sd_product_scatter_rows_generic;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) {
        scatterTask = sd_product_scatter_task_avx2;
        rowsTask = sd_product_rows_avx2;
        scatterRows = sd_product_scatter_rows_avx2;
    }
#endif
    sd_task_pool_run(pool, scatterTask, (void*)job, factor->taskCount);
    // The rows outside every task, in elimination order: the gaps between the tasks' runs of rows (the tasks are
    // in first-row order: sparse_symbolic.c lists their roots in postorder, and supernodes take their pivots in
    // that order). Their bodies' lanes (those between the tasks' bodies) are cleared first: a gap row may reach
    // a later gap's body.
    const sdSparseTask* tasks = sp->tasks + factor->taskStart;
    for (int32_t t = 0, b = 0; t <= factor->taskCount; ++t) {
        const int32_t gapEnd = t < factor->taskCount ? tasks[t].firstBody : factor->bodyCount;
        memset(sp->bodyVector + SD_BODY_STRIDE * (size_t)b, 0,
               SD_BODY_STRIDE * (size_t)(gapEnd - b) * sizeof(double));
        if (t < factor->taskCount) b = tasks[t].bodyEnd;
    }
    int32_t e = 0;
    for (int32_t t = 0; t <= factor->taskCount; ++t) {
        const int32_t gapEnd = t < factor->taskCount ? sd_task_first_row(sp, &tasks[t]) : n;
        if (e < gapEnd) scatterRows(job, e, gapEnd);
        if (t < factor->taskCount) e = tasks[t].rowEnd;
    }
    sd_task_pool_range(pool, rowsTask, (void*)job, n, sdParallelRowGrain, 1);
}

/// One conjugate-gradient update, x += α·p, r −= α·q, z = r, in one pass; returns the largest |r| when asked
/// (a projection step's stopping test; four running maxima, as sd_largest_magnitude), else 0.
static double sd_cg_update(double* restrict x, double* restrict r, double* restrict z, const double* restrict p,
                           const double* restrict q, double alpha, int32_t n, bool largest) {
    if (!largest) {
        for (int32_t e = 0; e < n; ++e) {
            x[e] += alpha * p[e];
            const double re = r[e] - alpha * q[e];
            r[e] = re;
            z[e] = re;
        }
        return 0.0;
    }
    double m[4] = {0.0, 0.0, 0.0, 0.0};
    int32_t e = 0;
    for (; e + 4 <= n; e += 4) {
        for (int t = 0; t < 4; ++t) {
            x[e + t] += alpha * p[e + t];
            const double re = r[e + t] - alpha * q[e + t];
            r[e + t] = re;
            z[e + t] = re;
            m[t] = fmax(m[t], fabs(re));
        }
    }
    for (; e < n; ++e) {
        x[e] += alpha * p[e];
        const double re = r[e] - alpha * q[e];
        r[e] = re;
        z[e] = re;
        m[0] = fmax(m[0], fabs(re));
    }
    return fmax(fmax(m[0], m[1]), fmax(m[2], m[3]));
}

/// sd_cg_update over the pieces of a range on the pool: each piece's largest |r| kept by its piece, the maximum
/// of them the same in any split.
typedef struct sdUpdateJob {
    double *x, *r, *z;
    const double *p, *q;
    double alpha;
    bool largest;
    double pieceLargest[sdRangeMaxPieces];
} sdUpdateJob;
/// One piece [begin, end) of the update, its largest |r| kept by its piece.
SD_INLINE void sd_cg_update_piece_body(sdUpdateJob* job, int32_t piece, int32_t begin, int32_t end) {
    job->pieceLargest[piece] = sd_cg_update(job->x + begin, job->r + begin, job->z + begin, job->p + begin,
                                            job->q + begin, job->alpha, end - begin, job->largest);
}
static void sd_cg_update_piece_generic(void* context, int32_t piece, int32_t begin, int32_t end) {
    sd_cg_update_piece_body(context, piece, begin, end);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_cg_update_piece_avx2(void* context, int32_t piece, int32_t begin, int32_t end) {
    sd_cg_update_piece_body(context, piece, begin, end);
}
#endif
/// sd_cg_update of the rows [begin, end), without the largest |r|: a velocity solve's update, made in the next
/// preconditioning's forward pass (sd_precondition).
SD_INLINE void sd_cg_update_rows_body(void* context, int32_t begin, int32_t end) {
    const sdUpdateJob* job = context;
    sd_cg_update(job->x + begin, job->r + begin, job->z + begin, job->p + begin, job->q + begin, job->alpha,
                 end - begin, false);
}
static void sd_cg_update_rows_generic(void* context, int32_t begin, int32_t end) {
    sd_cg_update_rows_body(context, begin, end);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_cg_update_rows_avx2(void* context, int32_t begin, int32_t end) {
    sd_cg_update_rows_body(context, begin, end);
}
#endif

/// The pass after the preconditioner's substitution: z's fixed entries set to zero, rᵀ·z returned (summed as
/// sd_sparse_dot does), and with x given the velocity solve's energy xᵀ·(b − r) on the free rows, in row order.
static inline double sd_precondition_dot(const uint8_t* restrict fixed, const double* restrict r, double* restrict z,
                                         const double* restrict x, const double* restrict b, int32_t n,
                                         double* energy) {
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, u = 0.0;
    int32_t e = 0;
    for (; e + 4 <= n; e += 4) {
        for (int t = 0; t < 4; ++t)
            if (fixed[e + t]) z[e + t] = 0.0;
        s0 += r[e] * z[e];
        s1 += r[e + 1] * z[e + 1];
        s2 += r[e + 2] * z[e + 2];
        s3 += r[e + 3] * z[e + 3];
        if (x != NULL)
            for (int t = 0; t < 4; ++t) u += fixed[e + t] ? 0.0 : x[e + t] * (b[e + t] - r[e + t]);
    }
    for (; e < n; ++e) {
        if (fixed[e]) z[e] = 0.0;
        s0 += r[e] * z[e];
        if (x != NULL) u += fixed[e] ? 0.0 : x[e] * (b[e] - r[e]);
    }
    *energy = u;
    return (s0 + s1) + (s2 + s3);
}

/// z = (L·Lᵀ)⁻¹·r on the free rows, z already holding r (whose fixed entries are zero) or, with `update` (an
/// island with tasks), made by the last iteration's update (x, r and z) in the substitution's forward pass; then
/// sd_precondition_dot's pass, which returns rᵀ·z.
static double sd_precondition(sdSparseState* sp, sdTaskPool* pool, const sdIsland* island,
                              const sdSparseIsland* factor, const double* r, double* z, const double* x,
                              const double* b, double* energy, sdUpdateJob* update) {
    sdSparseRowsFunction updateRows = sd_cg_update_rows_generic;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) updateRows = sd_cg_update_rows_avx2;
#endif
    sd_sparse_substitute_packed(sp, factor, z, pool, update != NULL ? updateRows : NULL, update);
    sp->solveFlops += 4.0 * (double)factor->nonzeros;
    return sd_precondition_dot(sp->compactFixed + island->rowStart, r, z, x, b, island->rowCount, energy);
}

static double sd_parallel_cg_update(sdTaskPool* pool, double* x, double* r, double* z, const double* p,
                                    const double* q, double alpha, int32_t n, bool largest) {
    sdUpdateJob job = {x, r, z, p, q, alpha, largest, {0.0}};
    sdRangeFunction piece = sd_cg_update_piece_generic;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) piece = sd_cg_update_piece_avx2;
#endif
    const int32_t pieces = sd_task_pool_range(pool, piece, &job, n, sdParallelRowGrain, 4);
    double m = 0.0;
    for (int32_t t = 0; t < pieces; ++t) m = fmax(m, job.pieceLargest[t]);
    return m;
}

/// Factors the island's K with the current active set and does the forward half of the direct solve of
/// `rhs` into `x` (sd_sparse_substitute_backward finishes it); false when K is not positive definite.
static bool sd_sparse_refactor(sdWorld* world, const sdIsland* island, sdSparseIsland* factor, const double* rhs,
                               double* x) {
    sdSolverScratch* s = &world->scratch;
    const int32_t base = island->rowStart;
    memcpy(x, rhs, (size_t)island->rowCount * sizeof(double));
    factor->valid = sd_sparse_factor(world, island, factor, x);
    factor->refactor = !factor->valid;
    factor->solves = 0;
    factor->cost = 1.0 + factor->flops / (sdSparseFactorSpeedup * 4.0 * (double)factor->nonzeros);
    memcpy(s->sparse.factorFixed + base, s->fixed + base, (size_t)island->rowCount);
    return factor->valid;
}

/// The largest |v[e]|, in four running maxima: one chain of fmax through every row would bound the pass by its
/// latency (the maximum is the same in any order).
static double sd_largest_magnitude(const double* restrict v, int32_t n) {
    double m0 = 0.0, m1 = 0.0, m2 = 0.0, m3 = 0.0;
    int32_t e = 0;
    for (; e + 4 <= n; e += 4) {
        m0 = fmax(m0, fabs(v[e]));
        m1 = fmax(m1, fabs(v[e + 1]));
        m2 = fmax(m2, fabs(v[e + 2]));
        m3 = fmax(m3, fabs(v[e + 3]));
    }
    for (; e < n; ++e) m0 = fmax(m0, fabs(v[e]));
    return fmax(fmax(m0, m1), fmax(m2, m3));
}

// The solve's row-by-row passes, on worker threads for an island with tasks: each row's own outputs, by ranges;
// the counts and flags they gather per piece, combined after (an or, a sum of integers, a maximum: the same in any
// split). Without workers a pass is one piece over every row, on the calling thread.
typedef struct sdSolvePassJob {
    sdWorld* world;
    const sdIsland* island;
    int pass;                     // sdSolvePass_*
    const double* b;              // setup: the right-hand side (layout order); output: unused
    const double* guess;          // setup: the starting guess (layout order) or NULL
    double *rhs, *p, *q, *r, *z, *xe, *x, *keep;
    double alpha;                 // scale: the guess's multiple, or 1 (not scaled)
    bool largest;                 // scale: each piece's largest |r|
    bool pieceFixed[sdRangeMaxPieces];
    int32_t pieceChanged[sdRangeMaxPieces];
    double pieceLargest[sdRangeMaxPieces];
} sdSolvePassJob;
enum { sdSolvePass_setup, sdSolvePass_scale, sdSolvePass_output };

/// One piece [begin, end) of a pass (elimination order). The job's vectors in restrict locals: the active set's
/// byte stores would otherwise make every pointer be read again from the job each row.
SD_INLINE void sd_solve_pass_body(sdSolvePassJob* job, int32_t piece, int32_t begin, int32_t end) {
    sdSolverScratch* s = &job->world->scratch;
    sdSparseState* sp = &s->sparse;
    const int32_t base = job->island->rowStart;
    const int32_t* restrict layoutOf = sp->layoutOf + base;
    uint8_t* restrict fixed = sp->compactFixed + base;
    const double* restrict lambda = s->lambda + base;
    double* restrict rhs = job->rhs;
    double* restrict xe = job->xe;
    if (job->pass == sdSolvePass_setup) { // the active set in elimination order, the right-hand side, the start x
        const uint8_t* restrict rowFixed = s->fixed + base;
        const uint8_t* restrict factorFixed = sp->factorFixed + base;
        const double* restrict b = job->b;
        const double* restrict guess = job->guess;
        double* restrict p = job->p;
        bool anyFixed = false;
        int32_t changed = 0;
        for (int32_t e = begin; e < end; ++e) {
            const int32_t local = layoutOf[e];
            const uint8_t f = rowFixed[local];
            fixed[e] = f;
            const double l = lambda[local];
            rhs[e] = f ? l : b[local];
            p[e] = f ? l : 0.0;
            anyFixed |= f && l != 0.0;
            changed += f != factorFixed[local];
            xe[e] = f ? l : (guess != NULL ? guess[local] : 0.0);
        }
        job->pieceFixed[piece] = anyFixed;
        job->pieceChanged[piece] = changed;
    } else if (job->pass == sdSolvePass_scale) { // the guess scaled (unless α = 1), then r = b − K·x and z = r
        double* restrict q = job->q;
        double* restrict r = job->r;
        double* restrict z = job->z;
        const double alpha = job->alpha;
        if (alpha != 1.0) {
            for (int32_t e = begin; e < end; ++e) {
                if (fixed[e]) continue;
                xe[e] *= alpha;
                q[e] *= alpha;
            }
        }
        for (int32_t e = begin; e < end; ++e) {
            const double re = fixed[e] ? 0.0 : rhs[e] - q[e];
            r[e] = re;
            z[e] = re;
        }
        job->pieceLargest[piece] = job->largest ? sd_largest_magnitude(r + begin, end - begin) : 0.0;
    } else { // the impulses back in layout order, and a projection step's correction kept
        double* x = job->x; // the island's λ itself when sd_solve_island solves (fixed rows keep theirs)
        double* restrict keep = job->keep;
        for (int32_t e = begin; e < end; ++e) {
            const int32_t local = layoutOf[e];
            x[local] = fixed[e] ? lambda[local] : xe[e];
            if (keep != NULL) keep[local] = fixed[e] ? 0.0 : xe[e];
        }
    }
}
static void sd_solve_pass_generic(void* context, int32_t piece, int32_t begin, int32_t end) {
    sd_solve_pass_body(context, piece, begin, end);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_solve_pass_avx2(void* context, int32_t piece, int32_t begin, int32_t end) {
    sd_solve_pass_body(context, piece, begin, end);
}
#endif

/// Runs a pass on the pool; returns its pieces.
static int32_t sd_solve_pass(sdTaskPool* pool, sdSolvePassJob* job) {
    sdRangeFunction pass = sd_solve_pass_generic;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) pass = sd_solve_pass_avx2;
#endif
    return sd_task_pool_range(pool, pass, job, job->island->rowCount, sdParallelRowGrain, 4);
}

/// sd_sparse_solve (inlined into a generic and an AVX2 copy: its passes over the island's vectors then take four
/// lanes at a time; AVX2 without FMA, so both copies give the same bits).
SD_INLINE bool sd_sparse_solve_body(sdWorld* world, const sdIsland* island, const double* b, double* x) {
    sdSolverScratch* s = &world->scratch;
    sdSparseState* sp = &s->sparse;
    sdSparseIsland* factor = &sp->islands[island->sparse];
    const int32_t base = island->rowStart, n = island->rowCount;
    const double start = sd_now();
    const double numericBefore = sp->numericSeconds;
    // With worker threads, the passes over the rows, the products and the vector updates are split among them
    // (same bits: above); without, each pass runs as one piece on this thread.
    const bool parallel = world->tasks != NULL && factor->taskCount > 0;
    sdTaskPool* pool = parallel ? world->tasks : NULL;
    const int32_t bodies = factor->bodyCount;
    // In elimination order: rhs_f = b_f − K_fc·λ_c, rhs_c = λ_c; the start x (fixed rows at their impulses).
    const uint8_t* fixed = sp->compactFixed + base;
    double* rhs = s->rhsCopy;
    double* r = s->cgR;
    double* z = s->cgZ;
    double* p = s->cgP;
    double* q = s->cgQ;
    double* xe = sp->vectorA + base;
    // The starting guess: a velocity solve's last impulses, a projection step's correction in the same Newton
    // step of the previous substep (the drift the projection removes changes little from one substep to the
    // next), else zero.
    const double* guess = s->warmStart ? s->warm + base
                          : s->projectionPass > 0
                              ? sp->projectionWarm + (size_t)(s->projectionPass - 1) * (size_t)sp->rowCapacity + base
                              : NULL;
    bool anyFixed = false;
    int32_t changed = 0;
    sdSolvePassJob job = {.world = world, .island = island, .b = b, .guess = guess, .rhs = rhs,
                          .p = p, .q = q, .r = r, .z = z, .xe = xe, .x = x};
    job.pass = sdSolvePass_setup;
    const int32_t setupPieces = sd_solve_pass(pool, &job);
    for (int32_t t = 0; t < setupPieces; ++t) {
        anyFixed |= job.pieceFixed[t];
        changed += job.pieceChanged[t];
    }
    if (anyFixed) {
        if (parallel) sd_parallel_product(pool, factor, &(sdProductJob){sp, island, p, NULL, 0.0, 0, q, false, false});
        else sd_compact_apply(sp, island, bodies, p, q, false);
        for (int32_t e = 0; e < n; ++e)
            if (!fixed[e]) rhs[e] -= q[e];
    }
    bool direct = !factor->valid || factor->refactor || changed > sdSparseFixedChange;
    if (direct && !sd_sparse_refactor(world, island, factor, rhs, xe)) goto failed;
    factor->solves += 1;
    if (!direct) {
        // Conjugate gradients on the free rows, preconditioned by the kept factor, from the last impulses. A
        // velocity solve stops when the error's energy (≈ rᵀ·z) is below tolerance² × the solution's (xᵀ·K·x);
        // a projection step when every row's linearised error after the step (its residual) is below
        // sdSparseProjectionResidual, a tenth of what the projection asks of the rows.
        const bool velocity = s->warmStart;
        if (parallel) sd_parallel_product(pool, factor, &(sdProductJob){sp, island, xe, NULL, 0.0, 0, q, true, false});
        else sd_compact_apply(sp, island, bodies, xe, q, true);
        // The guess scaled to its best multiple in the energy norm (α = gᵀ·b / gᵀ·K·g on the free rows; the
        // product K·g is at hand): its direction is what carries over between substeps, its size less so.
        double gb = 0.0, gkg = 0.0;
        for (int32_t e = 0; e < n; ++e) {
            if (fixed[e]) continue;
            gb += xe[e] * rhs[e];
            gkg += xe[e] * q[e];
        }
        // Then r = b − K·x (zero on fixed rows, as every later r), copied into z for the preconditioner; a
        // projection step's stopping test needs the largest |r| (after every update of r below too).
        double worst = 0.0;
        job.pass = sdSolvePass_scale;
        job.alpha = gkg > 0.0 && gb > 0.0 ? gb / gkg : 1.0;
        job.largest = !velocity;
        const int32_t scalePieces = sd_solve_pass(pool, &job);
        for (int32_t t = 0; t < scalePieces; ++t) worst = fmax(worst, job.pieceLargest[t]);
        double rz = 0.0;
        int32_t iterations = 0;
        bool converged = false;
        // With workers, a velocity solve's update x += α·p, r −= α·q, z = r is made in the next preconditioning's
        // forward pass, row by row before the substitution reads them (one fork fewer an iteration; a projection
        // step needs the largest |r| first, for its stopping test).
        sdUpdateJob update;
        bool updatePending = false;
        for (;;) {
            if (!velocity && worst <= sdSparseProjectionResidual) {
                converged = true;
                break;
            }
            double energy = 0.0;
            const double rzNew = sd_precondition(sp, world->tasks, island, factor, r, z, velocity ? xe : NULL, rhs,
                                                 &energy, updatePending ? &update : NULL);
            updatePending = false;
            if (velocity) {
                if (rzNew <= sdSparseTolerance * sdSparseTolerance * fabs(energy) || rzNew == 0.0) {
                    converged = true;
                    break;
                }
            }
            if (iterations == sdSparseMaxIterations) break;
            double pq;
            if (parallel) { // p = z + β·p in the product's scatter, pᵀ·q summed after it as the fused pass sums it
                sdProductJob job = {sp, island, p, z, iterations == 0 ? 0.0 : rzNew / rz, iterations == 0 ? 1 : 2,
                                    q, true, true};
                sd_parallel_product(pool, factor, &job);
                pq = sd_sparse_dot(p, q, n);
            } else {
                if (iterations == 0) {
                    memcpy(p, z, (size_t)n * sizeof(double));
                } else {
                    const double beta = rzNew / rz;
                    for (int32_t e = 0; e < n; ++e) p[e] = z[e] + beta * p[e];
                }
                pq = sd_compact_apply_dot(sp, island, bodies, p, q);
            }
            rz = rzNew;
            iterations += 1;
            if (!(pq > 0.0)) break;
            const double alpha = rz / pq;
            if (parallel && velocity) { // the loop goes on to sd_precondition, which makes it
                update = (sdUpdateJob){.x = xe, .r = r, .z = z, .p = p, .q = q, .alpha = alpha, .largest = false};
                updatePending = true;
                continue;
            }
            const double largest = sd_parallel_cg_update(pool, xe, r, z, p, q, alpha, n, !velocity);
            if (!velocity) worst = largest;
        }
        // Refactor when this solve cost more substitutions than the average since the factorisation (whose own
        // cost is counted in): a stale factor then costs more per solve than a new one would, amortised.
        factor->cost += (double)(iterations + 1);
        if ((double)(iterations + 1) * (double)factor->solves > factor->cost) factor->refactor = true;
        sp->iterations += iterations;
        if (!converged) { // the kept factor no longer helps: factor this system and solve it directly
            if (!sd_sparse_refactor(world, island, factor, rhs, xe)) goto failed;
            direct = true;
        }
    }
    if (direct) { // the factor of this very system (the factorisation did the forward half)
        sd_sparse_substitute_backward(sp, factor, xe, world->tasks);
        sp->solveFlops += 4.0 * (double)factor->nonzeros;
    }
    double* keep = s->projectionPass > 0 && s->projectionPass <= sdProjectionIterations
                       ? sp->projectionWarm + (size_t)(s->projectionPass - 1) * (size_t)sp->rowCapacity + base
                       : NULL;
    job.pass = sdSolvePass_output;
    job.keep = keep;
    sd_solve_pass(pool, &job);
    sp->solveSeconds += (sd_now() - start) - (sp->numericSeconds - numericBefore);
    return true;
failed:
    sp->solveSeconds += (sd_now() - start) - (sp->numericSeconds - numericBefore);
    return false;
}

static bool sd_sparse_solve_generic(sdWorld* world, const sdIsland* island, const double* b, double* x) {
    return sd_sparse_solve_body(world, island, b, x);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static bool sd_sparse_solve_avx2(sdWorld* world, const sdIsland* island, const double* b, double* x) {
    return sd_sparse_solve_body(world, island, b, x);
}
#endif

bool sd_sparse_solve(sdWorld* world, const sdIsland* island, const double* b, double* x) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) return sd_sparse_solve_avx2(world, island, b, x);
#endif
    return sd_sparse_solve_generic(world, island, b, x);
}
