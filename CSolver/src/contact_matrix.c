// The system matrix K = J·M⁻¹·Jᵀ + diag(softness) of a direct contact solve (contact_solver.c), kept across its
// active-set passes, and each pass's factor-and-solve within K's envelope. The generic assembly (sd_assemble)
// evaluates every one of the m² couplings on every pass and LAPACK factors the whole dense matrix; a contact
// island's K is sparse — two rows couple only through a body they share — and its rows come in contact order,
// so its Cholesky factor stays close to the diagonal. Same entries, same arithmetic in the same order: the
// impulses agree bit for bit with the dense path's.
#include "sd_solve.h"

#include <string.h>

/// Whether rows with ends (a, b) and (c, d) share a body (−1, the world, is no body).
static inline bool sd_ends_share(int32_t a, int32_t b, int32_t c, int32_t d) {
    return (a >= 0 && (a == c || a == d)) || (b >= 0 && (b == c || b == d));
}

void sd_contact_matrix_couple(sdWorld* world, int32_t base, int32_t m, sdContactMatrix* kept) {
    sdSolverScratch* s = &world->scratch;
    const sdRow* rows = s->rows + base;
    double* k = s->matrix; // K_ij (i > j) at j + i·m, the upper triangle: the passes factor in the lower one
    // Runs of rows with the same two ends (a contact's normal and friction rows; a joint's rows): whether two rows
    // share a body is asked once per pair of runs.
    int32_t runStart[sdDirectContactRows + 1], runs = 0;
    for (int32_t r = 0; r < m; ++r)
        if (r == 0 || rows[r].a != rows[r - 1].a || rows[r].b != rows[r - 1].b) runStart[runs++] = r;
    runStart[runs] = m;
    int32_t coupled[sdDirectContactRows];
    for (int32_t q = 0; q < runs; ++q) {
        const int32_t a = rows[runStart[q]].a, b = rows[runStart[q]].b;
        int32_t count = 0;
        for (int32_t t = 0; t <= q; ++t)
            if (sd_ends_share(a, b, rows[runStart[t]].a, rows[runStart[t]].b)) coupled[count++] = t;
        // Rows before the first coupled run's are not coupled: K_ij is not written there, nor read (`first`).
        for (int32_t i = runStart[q]; i < runStart[q + 1]; ++i) {
            const sdRow* ri = &rows[i];
            double* ki = k + (size_t)i * (size_t)m;
            kept->diagonal[i] = sd_row_diagonal(world, ri);
            kept->first[i] = i;
            // The runs from the first coupled one on: couplings, or zeros between coupled runs.
            for (int32_t t = count > 0 ? coupled[0] : q, c = 0; t <= q && runStart[t] < i; ++t) {
                const int32_t stop = runStart[t + 1] < i ? runStart[t + 1] : i;
                if (c == count || coupled[c] != t) {
                    for (int32_t j = runStart[t]; j < stop; ++j) ki[j] = 0.0;
                    continue;
                }
                c += 1;
                // The argument order of sd_assemble's (the sum over shared bodies runs in row i's order).
                for (int32_t j = runStart[t]; j < stop; ++j) {
                    ki[j] = sd_row_coupling(world, ri, &rows[j]);
                    if (ki[j] != 0.0 && j < kept->first[i]) kept->first[i] = j;
                }
            }
        }
    }
}

bool sd_contact_matrix_solve(sdWorld* world, int32_t base, int32_t m, const sdContactMatrix* kept, bool reciprocal,
                             const double* b, double* x) {
    // The test hook (CSolverTesting.h): the factorisation fails as the generic path's would.
    if (world->failFactorizations) return false;
    sdSolverScratch* s = &world->scratch;
    const uint8_t* fixed = s->fixed + base;
    double* a = s->matrix;
    const size_t ld = (size_t)m;
    double rhs[sdDirectContactRows];
    int32_t first[sdDirectContactRows], end[sdDirectContactRows];
    memcpy(rhs, b, (size_t)m * sizeof(double));
    // Each free row's first coupling to a free row (a fixed row is an identity row). The fixed rows listed.
    int32_t fixedRows[sdDirectContactRows], fixedCount = 0;
    for (int32_t i = 0; i < m; ++i) {
        first[i] = i;
        if (fixed[i]) {
            fixedRows[fixedCount++] = i;
            continue;
        }
        const double* ki = a + (size_t)i * ld;
        for (int32_t j = kept->first[i]; j < i; ++j)
            if (!fixed[j] && ki[j] != 0.0) {
                first[i] = j;
                break;
            }
    }
    sd_envelope_ends(m, first, end);
    for (int32_t l = 0; l < m; ++l) {
        double* column = a + (size_t)l * ld;
        column[l] = fixed[l] ? 1.0 : kept->diagonal[l];
        for (int32_t i = l + 1; i < end[l]; ++i)
            column[i] = fixed[i] || fixed[l] || l < kept->first[i] ? 0.0 : a[(size_t)l + (size_t)i * ld];
    }
    if (fixedCount > 0) {
        // A fixed row's impulse is known: its effect on each free row moves to that row's right-hand side, the
        // fixed rows in ascending order (sd_assemble's).
        for (int32_t i = 0; i < m; ++i) {
            if (fixed[i]) continue;
            for (int32_t f = 0; f < fixedCount; ++f) {
                const int32_t j = fixedRows[f];
                const int32_t high = j < i ? i : j, low = j < i ? j : i;
                const double k = low < kept->first[high] ? 0.0 : a[(size_t)low + (size_t)high * ld];
                if (k != 0.0) rhs[i] -= k * x[j];
            }
        }
        for (int32_t i = 0; i < m; ++i)
            if (fixed[i]) rhs[i] = x[i];
    }
    if (!sd_envelope_solve(a, m, first, end, reciprocal, rhs)) return false;
    memcpy(x, rhs, (size_t)m * sizeof(double));
    return true;
}

/// K_iq right of the diagonal in row i's order: sd_row_coupling where the rows share a body, else the +0 it returns.
static inline double sd_upper_coupling(const sdWorld* world, const sdRow* ri, const sdRow* rq) {
    return sd_ends_share(ri->a, ri->b, rq->a, rq->b) ? sd_row_coupling(world, ri, rq) : 0.0;
}

double sd_contact_matrix_row_product(sdWorld* world, int32_t base, int32_t m, const sdContactMatrix* kept, int32_t i,
                                     const double* x, double sum) {
    const sdRow* rows = world->scratch.rows + base;
    const sdRow* ri = &rows[i];
    const double* ki = world->scratch.matrix + (size_t)i * (size_t)m;
    // Left of the diagonal the kept couplings (the factor lives in the other triangle), zero before `first`.
    for (int32_t q = 0; q < i; ++q)
        if (x[q] != 0.0) sum += (q < kept->first[i] ? 0.0 : ki[q]) * x[q];
    if (x[i] != 0.0) sum += sd_row_coupling(world, ri, ri) * x[i];
    // Right of it K_iq in row i's order (the kept K_qi sums its terms in row q's): summed again, but only where
    // the rows share a body — elsewhere it is +0, as sd_row_coupling returns.
    for (int32_t q = i + 1; q < m; ++q)
        if (x[q] != 0.0)
            sum += sd_upper_coupling(world, ri, &rows[q]) * x[q];
    return sum;
}

void sd_contact_matrix_complete(sdWorld* world, int32_t base, int32_t m, const sdContactMatrix* kept) {
    const sdRow* rows = world->scratch.rows + base;
    for (int32_t i = 0; i < m; ++i) {
        const sdRow* ri = &rows[i];
        double* ki = world->scratch.matrix + (size_t)i * (size_t)m;
        for (int32_t q = 0; q < kept->first[i]; ++q) ki[q] = 0.0;
        ki[i] = sd_row_coupling(world, ri, ri);
        for (int32_t q = i + 1; q < m; ++q)
            ki[q] = sd_upper_coupling(world, ri, &rows[q]);
    }
}
