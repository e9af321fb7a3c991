// Constraint rows from joints: the Jacobian and position error of every row at the current positions, and the
// spring parameters that make a soft row behave like the analytic damped oscillator.
#include "sd_rows.h"

int32_t sd_joint_row_types(const sdJoint* joint, uint8_t* types) {
    int32_t n = 0;
    switch (joint->kind) {
    case sdJoint_distance:
        if (joint->length > sdZeroLength) {
            types[n++] = sdRow_distance;
        } else {
            types[n++] = sdRow_pointX;
            types[n++] = sdRow_pointY;
        }
        break;
    case sdJoint_rope:
        types[n++] = sdRow_rope;
        break;
    case sdJoint_revolute:
        types[n++] = sdRow_pointX;
        types[n++] = sdRow_pointY;
        if (isfinite(joint->lowerLimit)) types[n++] = sdRow_angleLower;
        if (isfinite(joint->upperLimit)) types[n++] = sdRow_angleUpper;
        if (joint->frictionTorque > 0) types[n++] = sdRow_angleFriction;
        break;
    case sdJoint_weld:
        types[n++] = sdRow_pointX;
        types[n++] = sdRow_pointY;
        types[n++] = sdRow_angle;
        break;
    case sdJoint_prismatic:
        types[n++] = sdRow_perpendicular;
        types[n++] = sdRow_angle;
        if (isfinite(joint->lowerLimit)) types[n++] = sdRow_slideLower;
        if (isfinite(joint->upperLimit)) types[n++] = sdRow_slideUpper;
        break;
    }
    return n;
}

/// The rows [start, end) of sd_refresh_row_geometry.
static void sd_refresh_rows(sdWorld* world, double h, int32_t start, int32_t end) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = end;
    for (int32_t r = start; r < end; ++r) {
        if (r + 8 < n) {
            const char* ahead = (const char*)&world->joints[s->rowJoint[r + 8]];
            SD_PREFETCH(ahead);
            SD_PREFETCH(ahead + 64);
            SD_PREFETCH(ahead + sizeof(sdJoint) - 1);
        }
        const sdJoint* joint = &world->joints[s->rowJoint[r]];
        sdRowGeometry* g = &s->geometry[r];
        g->localAX = joint->localAX;
        g->localAY = joint->localAY;
        g->localBX = joint->localBX;
        g->localBY = joint->localBY;
        g->length = joint->length;
        g->referenceAngle = joint->referenceAngle;
        g->bodyA = joint->bodyA;
        g->bodyB = joint->bodyB;
        g->springy = joint->kind == sdJoint_distance && joint->frequency > 0;
        g->unused = 0;
        double kappa = 0.0, eta = 0.0;
        if (g->springy) sd_joint_spring_coefficients(world, &world->joints[s->rowJoint[r]], h, &kappa, &eta);
        s->rowSpring[2 * r] = kappa;
        s->rowSpring[2 * r + 1] = eta;
    }
}

void sd_refresh_row_geometry(sdWorld* world, double h) {
    sdSolverScratch* s = &world->scratch;
    // The copy of an earlier step still holds (the ~15 MB of joint records of 100,000 chain links need not stream
    // through memory every step) unless the layout, a world anchor or the substep length changed since.
    const bool current = s->geometryCurrent && s->geometryLayout == s->layoutVersion && s->rowSpringStep == h;
    s->rowSpringStep = h;
    // Islands solved in body space fill no rows (body_space.c keeps its own hot springs) unless a contact island
    // holds them this step (it fills its joint islands' rows): the others are refreshed, runs of them together.
    // Such an island is refreshed whenever it is held (a copy made while no island held it would be missing).
    int32_t runStart = -1, runEnd = -1;
    for (int32_t k = 0; k < s->islandCount; ++k) {
        const sdIsland* island = &s->islands[k];
        if ((island->path == sdSolvePath_singleBody && island->owner < 0) || island->rowCount == 0) continue;
        if (current && island->path != sdSolvePath_singleBody) continue;
        if (island->rowStart != runEnd) {
            if (runStart >= 0) sd_refresh_rows(world, h, runStart, runEnd);
            runStart = island->rowStart;
        }
        runEnd = island->rowStart + island->rowCount;
    }
    if (runStart >= 0) sd_refresh_rows(world, h, runStart, runEnd);
    s->geometryCurrent = true;
    s->geometryLayout = s->layoutVersion;
}

double sd_distance_row_error(sdWorld* world, const sdRowGeometry* g) {
    sdRowAnchors at;
    sd_anchor_world(world, g->bodyA, g->localAX, g->localAY, &at.ax, &at.ay, &at.rax, &at.ray);
    sd_anchor_world(world, g->bodyB, g->localBX, g->localBY, &at.bx, &at.by, &at.rbx, &at.rby);
    return sd_anchor_distance_error(&at, g);
}

/// sd_anchor_world without updating the body's rotation cache (a stale one is computed as sd_rotation would:
/// the same cos and sin), for rows filled on worker threads that may share the body.
static inline void sd_anchor_world_shared(const sdWorld* world, int32_t body, double lx, double ly, double* x,
                                          double* y, double* rx, double* ry) {
    if (body < 0) {
        *x = lx;
        *y = ly;
        *rx = 0.0;
        *ry = 0.0;
        return;
    }
    const bool current = world->rotationAngle[body] == world->angle[body];
    const double c = current ? world->rotationCos[body] : cos(world->angle[body]);
    const double s = current ? world->rotationSin[body] : sin(world->angle[body]);
    *rx = c * lx - s * ly;
    *ry = s * lx + c * ly;
    *x = world->x[body] + *rx;
    *y = world->y[body] + *ry;
}

/// sd_fill_row_geometry's body, inlined into it twice: once for the distance rows (rigid links and springs, by far
/// the most filled), whose copy drops the other types' branches, and once for every type; `shared`: the anchors
/// by sd_anchor_world_shared.
static inline __attribute__((always_inline)) void sd_fill_row_of_type(sdWorld* world, sdRow* row,
                                                                      const sdRowGeometry* g, int32_t jointIndex,
                                                                      sdRowType type, bool shared) {
    sdRowAnchors at;
    if (shared) {
        sd_anchor_world_shared(world, g->bodyA, g->localAX, g->localAY, &at.ax, &at.ay, &at.rax, &at.ray);
        sd_anchor_world_shared(world, g->bodyB, g->localBX, g->localBY, &at.bx, &at.by, &at.rbx, &at.rby);
    } else {
        sd_anchor_world(world, g->bodyA, g->localAX, g->localAY, &at.ax, &at.ay, &at.rax, &at.ray);
        sd_anchor_world(world, g->bodyB, g->localBX, g->localBY, &at.bx, &at.by, &at.rbx, &at.rby);
    }
    sd_fill_row_from_anchors(world, row, g, jointIndex, type, &at);
}

void sd_fill_row_geometry(sdWorld* world, sdRow* row, const sdRowGeometry* g, int32_t jointIndex, sdRowType type) {
    if (type == sdRow_distance) sd_fill_row_of_type(world, row, g, jointIndex, sdRow_distance, false);
    else sd_fill_row_of_type(world, row, g, jointIndex, type, false);
}

void sd_fill_row_geometry_shared(sdWorld* world, sdRow* row, const sdRowGeometry* g, int32_t jointIndex,
                                 sdRowType type) {
    if (type == sdRow_distance) sd_fill_row_of_type(world, row, g, jointIndex, sdRow_distance, true);
    else sd_fill_row_of_type(world, row, g, jointIndex, type, true);
}

/// tanh of the complex number x + iy. Beyond |x| = 20 it is ±1 to within e^(−2|x|) < 10⁻¹⁷ (and cosh would
/// overflow past |x| ≈ 355: a heavily damped fast spring).
static void sd_complex_tanh(double x, double y, double* re, double* im) {
    if (fabs(x) > 20.0) {
        *re = x > 0.0 ? 1.0 : -1.0;
        *im = 0.0;
        return;
    }
    const double denominator = cosh(2.0 * x) + cos(2.0 * y);
    *re = sinh(2.0 * x) / denominator;
    *im = sin(2.0 * y) / denominator;
}

/// κ and η per unit mass are capped here: a stiffer or more damped spring than this is rigid to within round-off
/// at any substep, and the capped values keep every product finite (a ratio of 10³⁰ is still exact to the step).
#define sdMaxSpringCoefficient 1e30

static void sd_spring_coefficients_uncapped(sdSpringModel model, double frequency, double dampingRatio, double h,
                                            double* kappa, double* eta) {
    const double omega = 2.0 * 3.14159265358979323846 * frequency;
    if (model == sdSpringModel_uikitCompatible) {
        *kappa = omega * omega;
        *eta = 2.0 * dampingRatio * omega;
        return;
    }
    // Pole matching: the trapezoidal rule maps a continuous pole s' to z = (1 + s'h/2)/(1 − s'h/2); choosing
    // s' = (2/h)·tanh(s·h/2) makes z = e^(s·h), the analytic oscillator's pole over one substep.
    if (dampingRatio < 1.0) {
        const double x = -dampingRatio * omega * h / 2.0;
        double y = omega * sqrt(1.0 - dampingRatio * dampingRatio) * h / 2.0;
        if (y > sdMaxHalfPhase) y = sdMaxHalfPhase; // above ~Nyquist a spring can only be as stiff as the step allows
        double re, im;
        sd_complex_tanh(x, y, &re, &im);
        re *= 2.0 / h;
        im *= 2.0 / h;
        *kappa = re * re + im * im;
        *eta = -2.0 * re;
    } else {
        // √(ζ² − 1), = ζ once ζ² would overflow.
        const double root = dampingRatio > 1e150 ? dampingRatio : sqrt(dampingRatio * dampingRatio - 1.0);
        const double s1 = 2.0 / h * tanh(omega * (-dampingRatio + root) * h / 2.0);
        const double s2 = 2.0 / h * tanh(omega * (-dampingRatio - root) * h / 2.0);
        *kappa = s1 * s2;
        *eta = -(s1 + s2);
    }
}

void sd_spring_coefficients(sdSpringModel model, double frequency, double dampingRatio, double h, double* kappa,
                            double* eta) {
    sd_spring_coefficients_uncapped(model, frequency, dampingRatio, h, kappa, eta);
    if (*kappa > sdMaxSpringCoefficient) *kappa = sdMaxSpringCoefficient;
    if (*eta > sdMaxSpringCoefficient) *eta = sdMaxSpringCoefficient;
}

void sd_joint_spring_coefficients(sdWorld* world, sdJoint* joint, double h, double* kappa, double* eta) {
    if (joint->cachedStep != h || joint->cachedModel != world->springModel) {
        sd_spring_coefficients(world->springModel, joint->frequency, joint->dampingRatio, h, &joint->cachedKappa,
                               &joint->cachedEta);
        joint->cachedStep = h;
        joint->cachedModel = world->springModel;
    }
    *kappa = joint->cachedKappa;
    *eta = joint->cachedEta;
}

void sd_fill_row_spring(sdWorld* world, sdRow* row, double h, const double* coefficients, double inverseMass) {
    if (inverseMass <= 0.0) return;
    const double mass = 1.0 / inverseMass;
    double kappa, eta;
    if (coefficients != NULL) {
        kappa = coefficients[0];
        eta = coefficients[1];
    } else {
        sd_joint_spring_coefficients(world, &world->joints[row->joint], h, &kappa, &eta);
    }
    // Trapezoidal: a = h²k/4 + hc/2; implicit Euler: a = h²k + hc (k = m·κ, c = m·η).
    const bool trapezoidal = world->springModel == sdSpringModel_analytic;
    const double a = trapezoidal ? mass * (h * h * kappa / 4.0 + h * eta / 2.0) : mass * (h * h * kappa + h * eta);
    if (a <= 0.0) return;
    if (!isfinite(a)) { // stiffer or more damped than a double holds: the rigid limit (a → ∞)
        row->soft = 0.0;
        row->rhsScale = isfinite(eta) ? (trapezoidal ? 4.0 / h : 1.0 / h) : 0.0;
        row->v0Weight = trapezoidal ? 1.0 : 0.0;
        return;
    }
    row->soft = 1.0 / a;
    row->rhsScale = h * mass * kappa / a;
    row->v0Weight = trapezoidal ? 1.0 : 0.0;
}
