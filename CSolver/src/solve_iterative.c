// Matrix-free, Jacobi-preconditioned conjugate gradients for islands too large to factor. The velocity solve
// starts from the previous substep's impulses (they change little), the projection from zero.
#include "sd_solve.h"

void sd_conjugate_gradients(sdWorld* world, const sdIsland* island, const double* b, double* x) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    double *r = s->cgR, *z = s->cgZ, *p = s->cgP, *q = s->cgQ;
    double bNorm2 = 0.0, rz = 0.0;
    for (int32_t i = 0; i < n; ++i) {
        const int32_t row = island->rowStart + i;
        x[i] = s->fixed[row] ? s->lambda[row] : (s->warmStart ? s->warm[row] : 0.0);
    }
    sd_apply_matrix(world, island, x, q, true);
    for (int32_t i = 0; i < n; ++i) {
        r[i] = b[i] - q[i];
        const bool fixed = s->fixed[island->rowStart + i];
        const double d = fixed ? 1.0 : sd_diagonal(world, sd_island_row(s, island, i));
        z[i] = r[i] / d;
        p[i] = z[i];
        rz += r[i] * z[i];
        bNorm2 += b[i] * b[i];
    }
    double r2Start = 0.0;
    for (int32_t i = 0; i < n; ++i) r2Start += r[i] * r[i];
    if (r2Start <= 1e-24 * bNorm2 || (bNorm2 == 0.0 && r2Start == 0.0)) return;
    const int32_t maxIterations = 4 * n < 2000 ? 4 * n : 2000;
    for (int32_t it = 0; it < maxIterations; ++it) {
        sd_apply_matrix(world, island, p, q, true);
        double pq = 0.0;
        for (int32_t i = 0; i < n; ++i) pq += p[i] * q[i];
        if (!(pq > 0.0)) break;
        const double alpha = rz / pq;
        double r2 = 0.0;
        for (int32_t i = 0; i < n; ++i) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            r2 += r[i] * r[i];
        }
        if (r2 <= 1e-24 * bNorm2) break;
        double rzNew = 0.0;
        for (int32_t i = 0; i < n; ++i) {
            const bool fixed = s->fixed[island->rowStart + i];
            z[i] = r[i] / (fixed ? 1.0 : sd_diagonal(world, sd_island_row(s, island, i)));
            rzNew += r[i] * z[i];
        }
        const double beta = rzNew / rz;
        rz = rzNew;
        for (int32_t i = 0; i < n; ++i) p[i] = z[i] + beta * p[i];
    }
}
