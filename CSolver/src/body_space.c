// Islands of one body held only by springs (spring-dragged collection-view cells, springy layouts): with λ_i = g_i − a_i·J_i·v⁺ for
// each spring row (the same soft-row law as the general solve), v⁺ = v* + M⁻¹ Σ J_iᵀλ_i becomes a 3 × 3 system in
// the body's own velocity — 2 × 2 when every spring holds the centre — whatever the number of springs.
#include "sd_solve.h"

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

/// A single-body island whose springs all hold the body's centre (spring-dragged cells): no lever arms, so the
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

void sd_solve_body_space_islands(sdWorld* world, double h) {
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
        if (island->path != sdSolvePath_singleBody || island->owner >= 0) continue; // owned: its contact island solves it
        if (island->centred) sd_solve_centred_body(world, island, h, trapezoidal);
        else sd_solve_single_body(world, island, h, trapezoidal);
    }
}

void sd_build_body_space_rows(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    for (int32_t j = 0; j < world->jointSlotCount; ++j) s->jointSpring[j] = -1;
    int32_t springCount = 0;
    for (int32_t k = 0; k < s->islandCount; ++k) {
        sdIsland* island = &s->islands[k];
        if (island->path != sdSolvePath_singleBody) continue;
        island->springStart = springCount;
        island->centred = true;
        for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
            const int32_t r = s->sortIndex[p];
            const int32_t j = s->rowJoint[r];
            const sdJoint* joint = &world->joints[j];
            sdSpringRow* spring = &s->springs[springCount];
            const bool bodyIsA = joint->bodyA == island->firstBody;
            spring->body = island->firstBody;
            spring->joint = j;
            spring->type = s->rowType[r];
            spring->localX = bodyIsA ? joint->localAX : joint->localBX;
            spring->localY = bodyIsA ? joint->localAY : joint->localBY;
            spring->otherBody = bodyIsA ? joint->bodyB : joint->bodyA;
            spring->otherX = bodyIsA ? joint->localBX : joint->localAX;
            spring->otherY = bodyIsA ? joint->localBY : joint->localAY;
            spring->length = joint->length;
            if (spring->localX != 0.0 || spring->localY != 0.0 || spring->otherBody >= 0) island->centred = false;
            if (s->jointSpring[j] < 0) s->jointSpring[j] = springCount;
            springCount += 1;
        }
    }
    s->springCount = springCount;
    s->springStep = 0.0;
}
