// The system matrix K = J·M⁻¹·Jᵀ + diag(softness) of an island: entries, a matrix-free product, and assembly
// into dense or banded storage for the direct paths.
#include "sd_solve.h"

double sd_coupling(const sdWorld* world, const sdRow* ri, const sdRow* rj) { return sd_row_coupling(world, ri, rj); }

double sd_diagonal(const sdWorld* world, const sdRow* row) { return sd_row_diagonal(world, row); }

void sd_apply_matrix(sdWorld* world, const sdIsland* island, const double* x, double* out,
                            bool identityForFixed) {
    sdSolverScratch* s = &world->scratch;
    double* y = s->bodyScratch;
    const int32_t n = island->rowCount;
    for (int32_t p = 0; p < n; ++p) {
        const sdRow* row = sd_island_row(s, island, p);
        if (row->a >= 0) y[3 * row->a] = y[3 * row->a + 1] = y[3 * row->a + 2] = 0.0;
        if (row->b >= 0) y[3 * row->b] = y[3 * row->b + 1] = y[3 * row->b + 2] = 0.0;
    }
    for (int32_t p = 0; p < n; ++p) {
        const sdRow* row = sd_island_row(s, island, p);
        const double v = (identityForFixed && s->fixed[island->rowStart + p]) ? 0.0 : x[p];
        if (row->a >= 0) {
            y[3 * row->a] += world->invMass[row->a] * row->ja[0] * v;
            y[3 * row->a + 1] += world->invMass[row->a] * row->ja[1] * v;
            y[3 * row->a + 2] += world->invInertia[row->a] * row->ja[2] * v;
        }
        if (row->b >= 0) {
            y[3 * row->b] += world->invMass[row->b] * row->jb[0] * v;
            y[3 * row->b + 1] += world->invMass[row->b] * row->jb[1] * v;
            y[3 * row->b + 2] += world->invInertia[row->b] * row->jb[2] * v;
        }
    }
    for (int32_t p = 0; p < n; ++p) {
        if (identityForFixed && s->fixed[island->rowStart + p]) {
            out[p] = x[p];
            continue;
        }
        const sdRow* row = sd_island_row(s, island, p);
        double v = 0.0;
        if (row->a >= 0) v += row->ja[0] * y[3 * row->a] + row->ja[1] * y[3 * row->a + 1] + row->ja[2] * y[3 * row->a + 2];
        if (row->b >= 0) v += row->jb[0] * y[3 * row->b] + row->jb[1] * y[3 * row->b + 1] + row->jb[2] * y[3 * row->b + 2];
        const double k = sd_row_coupling(world, row, row);
        out[p] = v + sd_row_softness(row, k) * x[p];
    }
}

/// sd_assemble into band storage. A banded unit is solved right after its rows were filled (sd_solve_joint_unit,
/// sd_fill_projection_rows: the banded path is never a contact island's direct solve), so each diagonal's
/// J·M⁻¹·Jᵀ is the one sd_fill_row_at kept in rowInverseMass — the same sums in the same order as
/// sd_row_coupling(row, row) — and is not summed again.
void sd_assemble_band(const sdWorld* world, const sdIsland* island, double* matrix, double* b, int32_t kd) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    const uint8_t* fixed = s->fixed + island->rowStart;
    const double* lambda = s->lambda + island->rowStart;
    const double* inverseMass = s->rowInverseMass + island->rowStart;
    for (int32_t j = 0; j < n; ++j) {
        const sdRow* rj = sd_island_row(s, island, j);
        const bool fj = fixed[j];
        double* column = matrix + (size_t)j * (size_t)(kd + 1);
        const double kjj = inverseMass[j];
        column[0] = fj ? 1.0 : kjj + sd_row_softness(rj, kjj);
        const int32_t last = j + kd < n - 1 ? j + kd : n - 1;
        for (int32_t i = j + 1; i <= last; ++i) {
            const bool fi = fixed[i];
            double k = sd_row_coupling(world, sd_island_row(s, island, i), rj);
            if (k != 0.0) {
                // A fixed row's impulse is known: move its effect on free rows to the right-hand side.
                if (fj && !fi) b[i] -= k * lambda[j];
                if (fi && !fj) b[j] -= k * lambda[i];
            }
            column[i - j] = (fi || fj) ? 0.0 : k;
        }
    }
    for (int32_t i = 0; i < n; ++i)
        if (fixed[i]) b[i] = lambda[i];
}

/// Builds K for the island (dense lower storage, n × n) with fixed rows replaced by identity rows, and moves the
/// fixed rows' impulses to the right-hand side.
void sd_assemble(const sdWorld* world, const sdIsland* island, double* matrix, double* b) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    for (int32_t j = 0; j < n; ++j) {
        const sdRow* rj = sd_island_row(s, island, j);
        const bool fj = s->fixed[island->rowStart + j];
        for (int32_t i = j; i < n; ++i) {
            const bool fi = s->fixed[island->rowStart + i];
            double k;
            if (i == j) {
                k = fj ? 1.0 : sd_row_diagonal(world, rj);
            } else {
                k = sd_row_coupling(world, sd_island_row(s, island, i), rj);
                if (k != 0.0) {
                    // A fixed row's impulse is known: move its effect on free rows to the right-hand side.
                    if (fj && !fi) b[i] -= k * s->lambda[island->rowStart + j];
                    if (fi && !fj) b[j] -= k * s->lambda[island->rowStart + i];
                }
                if (fi || fj) k = 0.0;
            }
            matrix[i + (size_t)j * (size_t)n] = k;
        }
    }
    for (int32_t i = 0; i < n; ++i)
        if (s->fixed[island->rowStart + i]) b[i] = s->lambda[island->rowStart + i];
}
