// Solving the constraint rows of each island: K·λ = r with K = J M⁻¹ Jᵀ + diag(softness), by the path the
// layout chose (in-house batched Cholesky for small islands, LAPACK banded or dense Cholesky, or matrix-free
// conjugate gradients), with an active set for bounded rows (ropes, limits, friction torque). The same
// machinery projects positions so rigid rows end every substep with no error.
#include "sd_lapack.h"
#include "sd_rows.h"

#include <string.h>

/// Rigid rows get this much relative softness so redundant rigid rows (more rows than degrees of freedom)
/// still give a positive definite matrix; it shifts the solution by ~1e-10 of itself.
#define sdRigidRegularization 1e-10
/// Projection stops once every rigid row's error is below this (pt or rad), or after sdProjectionIterations.
#define sdProjectionTolerance 1e-9
#define sdProjectionIterations 4
#define sdActiveSetPasses 8

/// K_ij: the coupling of rows i and j through the bodies they share.
static double sd_coupling(const sdWorld* world, const sdRow* ri, const sdRow* rj) {
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

/// Diagonal entry of row i: J M⁻¹ Jᵀ plus its softness (rigid rows: a tiny relative regularisation).
static double sd_diagonal(const sdWorld* world, const sdRow* row) {
    const double k = sd_coupling(world, row, row);
    return k + (row->soft > 0.0 ? row->soft : sdRigidRegularization * k);
}

/// In-house Cholesky of the n×n column-major matrix `a` (lower triangle) and solve, in place. Returns false
/// when the matrix is not positive definite.
static bool sd_kernel_solve(double* a, int32_t n, double* b) {
    for (int32_t j = 0; j < n; ++j) {
        double d = a[j + j * n];
        for (int32_t k = 0; k < j; ++k) d -= a[j + k * n] * a[j + k * n];
        if (!(d > 0.0)) return false;
        d = sqrt(d);
        a[j + j * n] = d;
        for (int32_t i = j + 1; i < n; ++i) {
            double v = a[i + j * n];
            for (int32_t k = 0; k < j; ++k) v -= a[i + k * n] * a[j + k * n];
            a[i + j * n] = v / d;
        }
    }
    for (int32_t i = 0; i < n; ++i) {
        double v = b[i];
        for (int32_t k = 0; k < i; ++k) v -= a[i + k * n] * b[k];
        b[i] = v / a[i + i * n];
    }
    for (int32_t i = n - 1; i >= 0; --i) {
        double v = b[i];
        for (int32_t k = i + 1; k < n; ++k) v -= a[k + i * n] * b[k];
        b[i] = v / a[i + i * n];
    }
    return true;
}

/// The rows of an island in layout order.
static inline const sdRow* sd_island_row(const sdSolverScratch* s, const sdIsland* island, int32_t p) {
    return &s->rows[s->sortIndex[island->rowStart + p]];
}

/// K·x over an island without forming K (for conjugate gradients). Fixed rows act as identity rows.
static void sd_apply_matrix(const sdWorld* world, const sdIsland* island, const double* x, double* out,
                            bool identityForFixed) {
    const sdSolverScratch* s = &world->scratch;
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
        const double k = sd_coupling(world, row, row);
        out[p] = v + (row->soft > 0.0 ? row->soft : sdRigidRegularization * k) * x[p];
    }
}

/// Jacobi-preconditioned conjugate gradients on K·x = b. The velocity solve starts from the previous
/// substep's impulses (they change little from one substep to the next), the projection from zero.
static void sd_conjugate_gradients(const sdWorld* world, const sdIsland* island, const double* b, double* x) {
    const sdSolverScratch* s = &world->scratch;
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

/// Builds K for the island (dense or banded lower storage) with fixed rows replaced by identity rows, and
/// moves the fixed rows' impulses to the right-hand side.
static void sd_assemble(const sdWorld* world, const sdIsland* island, double* matrix, double* b, bool banded,
                        int32_t kd, int32_t offset, int32_t ld) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    for (int32_t j = 0; j < n; ++j) {
        const sdRow* rj = sd_island_row(s, island, j);
        const bool fj = s->fixed[island->rowStart + j];
        const int32_t last = banded ? (j + kd < n - 1 ? j + kd : n - 1) : n - 1;
        for (int32_t i = j; i <= last; ++i) {
            const bool fi = s->fixed[island->rowStart + i];
            double k;
            if (i == j) {
                k = fj ? 1.0 : sd_diagonal(world, rj);
            } else {
                k = sd_coupling(world, sd_island_row(s, island, i), rj);
                if (k != 0.0) {
                    // A fixed row's impulse is known: move its effect on free rows to the right-hand side.
                    if (fj && !fi) b[i] -= k * s->lambda[island->rowStart + j];
                    if (fi && !fj) b[j] -= k * s->lambda[island->rowStart + i];
                }
                if (fi || fj) k = 0.0;
            }
            const int32_t gi = offset + i, gj = offset + j;
            if (banded) {
                matrix[(gi - gj) + (size_t)gj * (size_t)ld] = k;
            } else {
                matrix[gi + (size_t)gj * (size_t)ld] = k;
            }
        }
    }
    for (int32_t i = 0; i < n; ++i)
        if (s->fixed[island->rowStart + i]) b[i] = s->lambda[island->rowStart + i];
}

/// Factors and solves the island's system by its path; `x` receives λ. Returns false if a direct
/// factorisation failed (then the caller falls back to conjugate gradients).
static bool sd_solve_island_system(sdWorld* world, const sdIsland* island, const double* b, double* x) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    double* rhs = s->rhsCopy;
    memcpy(rhs, b, (size_t)n * sizeof(double));
    switch (island->path) {
    case sdSolvePath_kernel: {
        sd_assemble(world, island, s->matrix, rhs, false, 0, 0, n);
        if (!sd_kernel_solve(s->matrix, n, rhs)) return false;
        memcpy(x, rhs, (size_t)n * sizeof(double));
        return true;
    }
    case sdSolvePath_banded: {
        const int32_t kd = island->bandwidth, ld = kd + 1;
        memset(s->matrix, 0, (size_t)ld * (size_t)n * sizeof(double));
        sd_assemble(world, island, s->matrix, rhs, true, kd, 0, ld);
        const int nn = n, k = kd, ldab = ld, one = 1;
        int info = 0;
        dpbtrf_("L", &nn, &k, s->matrix, &ldab, &info SD_FORTRAN_STRLEN_ARG);
        if (info != 0) return false;
        dpbtrs_("L", &nn, &k, &one, s->matrix, &ldab, rhs, &nn, &info SD_FORTRAN_STRLEN_ARG);
        if (info != 0) return false;
        memcpy(x, rhs, (size_t)n * sizeof(double));
        return true;
    }
    case sdSolvePath_dense: {
        sd_assemble(world, island, s->matrix, rhs, false, 0, 0, n);
        const int nn = n, one = 1;
        int info = 0;
        dpotrf_("L", &nn, s->matrix, &nn, &info SD_FORTRAN_STRLEN_ARG);
        if (info != 0) return false;
        dpotrs_("L", &nn, &one, s->matrix, &nn, rhs, &nn, &info SD_FORTRAN_STRLEN_ARG);
        if (info != 0) return false;
        memcpy(x, rhs, (size_t)n * sizeof(double));
        return true;
    }
    case sdSolvePath_iterative:
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

/// Solves one island with its bounds: rows whose impulse leaves [lo, hi] are clamped and fixed, and the
/// rest re-solved, until every free row is within bounds.
static void sd_solve_island(sdWorld* world, sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = island->rowCount;
    double* x = s->lambda + island->rowStart;
    const double* b = s->rhs + island->rowStart;
    for (int pass = 0; pass < sdActiveSetPasses; ++pass) {
        if (!sd_solve_island_system(world, island, b, x)) {
            const sdSolvePath path = island->path;
            island->path = sdSolvePath_iterative;
            sd_solve_island_system(world, island, b, x);
            island->path = path;
        }
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

static inline double sd_row_velocity(const sdWorld* world, const sdRow* row, const double* vx, const double* vy,
                                     const double* w) {
    double u = 0.0;
    if (row->a >= 0) u += row->ja[0] * vx[row->a] + row->ja[1] * vy[row->a] + row->ja[2] * w[row->a];
    if (row->b >= 0) u += row->jb[0] * vx[row->b] + row->jb[1] * vy[row->b] + row->jb[2] * w[row->b];
    (void)world;
    return u;
}

/// Fills the rows of one solve unit at the current positions (layout order).
static void sd_fill_rows(sdWorld* world, const sdIsland* unit, double h, bool springs) {
    sdSolverScratch* s = &world->scratch;
    const double start = sd_now();
    for (int32_t p = unit->rowStart; p < unit->rowStart + unit->rowCount; ++p) {
        const int32_t r = s->sortIndex[p];
        sdRow* row = &s->rows[r];
        sd_fill_row_geometry(world, row, s->rowJoint[r], (sdRowType)s->rowType[r]);
        if (springs && !(row->flags & (sdRowFlag_rigid | sdRowFlag_unilateral)) && s->rowType[r] != sdRow_angleFriction)
            sd_fill_row_spring(world, row, h);
        if (s->rowType[r] == sdRow_angleFriction) {
            const double bound = world->joints[row->joint].frictionTorque * h;
            row->lo = -bound;
            row->hi = bound;
        }
    }
    world->stats.assemblySeconds += sd_now() - start;
}

/// One body held only by springs: with λ_i = g_i − a_i·J_i·v⁺ for each spring row (the same soft-row law as
/// the general solve), v⁺ = v* + M⁻¹ Σ J_iᵀλ_i becomes the 3 × 3 system (M + Σ a_i J_iᵀJ_i)·v⁺ = M·v* + Σ J_iᵀg_i,
/// whatever the number of springs. Reads only the contiguous hot spring rows and the body's arrays.
static inline void sd_solve_single_body(sdWorld* world, const sdIsland* island, double h, bool trapezoidal) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t b = island->firstBody;
    const double im = world->invMass[b], ii = world->invInertia[b];
    const double c = cos(world->angle[b]), sn = sin(world->angle[b]);
    const double m = 1.0 / im;
    const double inertia = ii > 0.0 ? 1.0 / ii : 0.0;
    const double bx = world->x[b], by = world->y[b];
    // Symmetric A (upper triangle) and right-hand side.
    double a11 = m, a12 = 0.0, a13 = 0.0, a22 = m, a23 = 0.0, a33 = ii > 0.0 ? inertia : 1.0;
    double r1 = m * world->vx[b], r2 = m * world->vy[b], r3 = ii > 0.0 ? inertia * world->w[b] : world->w[b];
    const double v0x = s->v0x[b], v0y = s->v0y[b], w0 = s->w0[b];
    const sdSpringRow* rows = s->springs + island->springStart;
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const sdSpringRow* spring = &rows[p];
        const double rx = c * spring->localX - sn * spring->localY, ry = sn * spring->localX + c * spring->localY;
        double ox = spring->otherX, oy = spring->otherY;
        if (spring->otherBody >= 0) { // a static body: its anchor moves with it
            double orx, ory;
            sd_anchor_world(world, spring->otherBody, spring->otherX, spring->otherY, &ox, &oy, &orx, &ory);
        }
        const double dx = bx + rx - ox, dy = by + ry - oy;
        double ex, ey, error;
        if (spring->type == sdRow_distance) {
            const double length = sqrt(dx * dx + dy * dy);
            const double inverse = length > 1e-12 ? 1.0 / length : 0.0;
            ex = length > 1e-12 ? dx * inverse : 1.0;
            ey = length > 1e-12 ? dy * inverse : 0.0;
            error = length - spring->length;
        } else {
            ex = spring->type == sdRow_pointX ? 1.0 : 0.0;
            ey = 1.0 - ex;
            error = dx * ex + dy * ey;
        }
        const double jw = rx * ey - ry * ex;
        const double inverseK = im * (ex * ex + ey * ey) + ii * jw * jw;
        const double effectiveMass = 1.0 / inverseK;
        const double kappa = spring->kappa, eta = spring->eta;
        const double a = effectiveMass * (trapezoidal ? h * h * kappa / 4.0 + h * eta / 2.0 : h * h * kappa + h * eta);
        const double u0 = ex * v0x + ey * v0y + jw * w0;
        const double g = -h * effectiveMass * kappa * error - (trapezoidal ? a * u0 : 0.0);
        a11 += a * ex * ex;
        a12 += a * ex * ey;
        a22 += a * ey * ey;
        r1 += ex * g;
        r2 += ey * g;
        a13 += a * ex * jw;
        a23 += a * ey * jw;
        a33 += a * jw * jw;
        r3 += jw * g;
    }
    if (!(ii > 0.0)) { // no rotation: the angular unknown stays as it is
        a13 = a23 = 0.0;
        a33 = 1.0;
        r3 = world->w[b];
    }
    // Cholesky of the 3 × 3 SPD matrix, then the two triangular solves.
    const double l11 = sqrt(a11);
    const double l21 = a12 / l11, l31 = a13 / l11;
    const double l22 = sqrt(a22 - l21 * l21);
    const double l32 = (a23 - l31 * l21) / l22;
    const double l33 = sqrt(a33 - l31 * l31 - l32 * l32);
    const double y1 = r1 / l11;
    const double y2 = (r2 - l21 * y1) / l22;
    const double y3 = (r3 - l31 * y1 - l32 * y2) / l33;
    const double z3 = y3 / l33;
    const double z2 = (y2 - l32 * z3) / l22;
    const double z1 = (y1 - l21 * z2 - l31 * z3) / l11;
    world->vx[b] = z1;
    world->vy[b] = z2;
    world->w[b] = z3;
}

/// A single-body island whose springs all hold the body's centre (seed 000's cells): no lever arms, so the
/// angular unknown decouples, every row's effective mass is the body's mass, and the system is 2 × 2.
static inline void sd_solve_centred_body(sdWorld* world, const sdIsland* island, double h, bool trapezoidal) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t b = island->firstBody;
    const double m = 1.0 / world->invMass[b];
    const double bx = world->x[b], by = world->y[b];
    const double v0x = s->v0x[b], v0y = s->v0y[b];
    double a11 = m, a12 = 0.0, a22 = m;
    double r1 = m * world->vx[b], r2 = m * world->vy[b];
    const sdSpringRow* rows = s->springs + island->springStart;
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const sdSpringRow* spring = &rows[p];
        const double dx = bx - spring->otherX, dy = by - spring->otherY;
        double ex, ey, error;
        if (spring->type == sdRow_distance) {
            const double length = sqrt(dx * dx + dy * dy);
            const bool degenerate = !(length > 1e-12);
            const double inverse = degenerate ? 0.0 : 1.0 / length;
            ex = degenerate ? 1.0 : dx * inverse;
            ey = degenerate ? 0.0 : dy * inverse;
            error = length - spring->length;
        } else {
            ex = spring->type == sdRow_pointX ? 1.0 : 0.0;
            ey = 1.0 - ex;
            error = dx * ex + dy * ey;
        }
        const double kappa = spring->kappa, eta = spring->eta;
        const double a = m * (trapezoidal ? h * h * kappa / 4.0 + h * eta / 2.0 : h * h * kappa + h * eta);
        const double g = -h * m * kappa * error - (trapezoidal ? a * (ex * v0x + ey * v0y) : 0.0);
        a11 += a * ex * ex;
        a12 += a * ex * ey;
        a22 += a * ey * ey;
        r1 += ex * g;
        r2 += ey * g;
    }
    const double inverseDeterminant = 1.0 / (a11 * a22 - a12 * a12);
    world->vx[b] = (a22 * r1 - a12 * r2) * inverseDeterminant;
    world->vy[b] = (a11 * r2 - a12 * r1) * inverseDeterminant;
}

/// Every single-body island in one pass (refreshing the springs' κ, η when the substep length changed).
static void sd_solve_single_body_islands(sdWorld* world, double h) {
    sdSolverScratch* s = &world->scratch;
    if (s->springCount == 0) return;
    if (s->springStep != h) {
        for (int32_t k = 0; k < s->springCount; ++k) {
            sdSpringRow* spring = &s->springs[k];
            sd_joint_spring_coefficients(world, &world->joints[spring->joint], h, &spring->kappa, &spring->eta);
        }
        s->springStep = h;
    }
    const bool trapezoidal = world->springModel == sdSpringModel_analytic;
    for (int32_t k = 0; k < s->islandCount; ++k) {
        const sdIsland* island = &s->islands[k];
        if (island->path != sdSolvePath_singleBody) continue;
        if (island->centred) sd_solve_centred_body(world, island, h, trapezoidal);
        else sd_solve_single_body(world, island, h, trapezoidal);
    }
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

/// The next unit to solve starting at island *k: the island itself, or a run of consecutive islands merged
/// into one block-diagonal band so they take one LAPACK call — small islands in the banded-LAPACK mode, and
/// narrow-banded ones (chains) in either mode.
static sdIsland sd_next_solve_unit(const sdWorld* world, int32_t* k) {
    const sdSolverScratch* s = &world->scratch;
    sdIsland unit = s->islands[*k];
    *k += 1;
    const bool bandedMode = world->islandSolver == sdIslandSolver_bandedLAPACK;
    #define SD_MERGEABLE(island) \
        (((island).path == sdSolvePath_banded && (island).bandwidth <= sdMergeBandwidth) || \
         (bandedMode && (island).path == sdSolvePath_kernel))
    if (!SD_MERGEABLE(unit)) return unit;
    while (*k < s->islandCount && SD_MERGEABLE(s->islands[*k])) {
        const sdIsland* next = &s->islands[*k];
        unit.rowCount += next->rowCount;
        if (next->bandwidth > unit.bandwidth) unit.bandwidth = next->bandwidth;
        *k += 1;
    }
    #undef SD_MERGEABLE
    unit.path = sdSolvePath_banded;
    return unit;
}

void sd_solve_velocities(sdWorld* world, double h) {
    sdSolverScratch* s = &world->scratch;
    if (s->rowCount == 0) return;
    s->warmStart = true;
    sd_solve_single_body_islands(world, h);
    for (int32_t k = 0; k < s->islandCount;) {
        if (s->islands[k].path == sdSolvePath_singleBody) {
            k += 1;
            continue;
        }
        sdIsland unit = sd_next_solve_unit(world, &k);
        sdIsland* island = &unit;
        sd_fill_rows(world, island, h, true);
        for (int32_t p = 0; p < island->rowCount; ++p) {
            const int32_t r = island->rowStart + p;
            const sdRow* row = sd_island_row(s, island, p);
            const double u = sd_row_velocity(world, row, world->vx, world->vy, world->w);
            s->lo[r] = row->lo;
            s->hi[r] = row->hi;
            s->lambda[r] = 0.0;
            s->fixed[r] = 0;
            if (row->soft > 0.0) {
                const double u0 = sd_row_velocity(world, row, s->v0x, s->v0y, s->w0);
                s->rhs[r] = -row->rhsScale * row->c - row->v0Weight * u0 - u;
            } else if (row->flags & sdRowFlag_unilateral) {
                // Speculative: a slack row may close at most its gap this substep. Rows whose free motion
                // does not close the gap stay out of the system (two opposite limits of one range would
                // otherwise make it singular).
                const double target = row->c > 0.0 ? -row->c / h : 0.0;
                s->rhs[r] = target - u;
                if (row->c > 0.0 && u >= target) s->fixed[r] = 1;
            } else if (row->flags & sdRowFlag_rigid || s->rowType[s->sortIndex[r]] == sdRow_angleFriction) {
                s->rhs[r] = -u;
            } else {
                s->fixed[r] = 1; // a soft row without a spring (both ends immovable)
            }
        }
        sd_solve_island(world, island);
        for (int32_t p = 0; p < island->rowCount; ++p) {
            const double lambda = s->lambda[island->rowStart + p];
            s->warm[island->rowStart + p] = lambda;
            if (lambda != 0.0) sd_apply_row(world, sd_island_row(s, island, p), lambda, world->vx, world->vy, world->w);
        }
    }
}

void sd_project_positions(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    if (s->rowCount == 0) return;
    s->warmStart = false;
    for (int iteration = 0; iteration < sdProjectionIterations; ++iteration) {
        bool anyError = false;
        for (int32_t k = 0; k < s->islandCount;) {
            if (s->islands[k].path == sdSolvePath_singleBody) { // springs only: nothing to project
                k += 1;
                continue;
            }
            sdIsland unit = sd_next_solve_unit(world, &k);
            sdIsland* island = &unit;
            sd_fill_rows(world, island, 1.0, false);
            bool islandError = false;
            for (int32_t p = 0; p < island->rowCount; ++p) {
                const int32_t r = island->rowStart + p;
                const sdRow* row = sd_island_row(s, island, p);
                s->lambda[r] = 0.0;
                s->lo[r] = -INFINITY;
                s->hi[r] = INFINITY;
                s->fixed[r] = 1;
                if (row->flags & sdRowFlag_rigid) {
                    s->fixed[r] = 0;
                    s->rhs[r] = -row->c;
                    if (fabs(row->c) > sdProjectionTolerance) islandError = true;
                } else if ((row->flags & sdRowFlag_unilateral) && row->c < 0.0) {
                    s->fixed[r] = 0;
                    s->lo[r] = 0.0;
                    s->rhs[r] = -row->c;
                    if (-row->c > sdProjectionTolerance) islandError = true;
                }
            }
            if (!islandError) continue;
            anyError = true;
            sd_solve_island(world, island);
            for (int32_t p = 0; p < island->rowCount; ++p) {
                const double delta = s->lambda[island->rowStart + p];
                if (delta != 0.0) sd_apply_row(world, sd_island_row(s, island, p), delta, world->x, world->y, world->angle);
            }
        }
        if (!anyError) return;
    }
}
