// Building constraint rows from joints.
#ifndef SD_ROWS_H
#define SD_ROWS_H

#include "sd_world.h"

/// Distance joints shorter than this (pt) are point springs / pins: the direction of a zero length is undefined.
#define sdZeroLength 1e-6
/// Largest half phase ω·h/2 a spring may take per substep (just under π/2, the Nyquist limit).
#define sdMaxHalfPhase (0.49 * 3.14159265358979323846)
/// Islands with at most this many rows go through the in-house batched kernel.
#define sdKernelMaxRows 24
/// Banded islands this narrow are merged with their neighbours into one band solve (taken in pieces of at most
/// sdUnitRowBudget rows, sd_solve.h).
#define sdMergeBandwidth 8
/// Most rows one joint produces.
#define sdMaxRowsPerJoint 5
/// Rows per piece when a sparse-path island with worker tasks is filled on the workers (velocity_solve.c,
/// projection.c): below this a piece costs more to hand out than to fill.
#define sdParallelFillRows 512

/// Writes the row types of a joint into `types` and returns how many.
int32_t sd_joint_row_types(const sdJoint* joint, uint8_t* types);
/// Copies the joint geometry of every layout row that will be filled this step, and a spring row's κ and η for
/// substep h, into the scratch's per-row arrays (once a step, after the contact islands, before the substeps; rows
/// whose copy still holds are skipped: see sdSolverScratch.geometryCurrent).
void sd_refresh_row_geometry(sdWorld* world, double h);
/// Jacobian, error, flags and bounds of one row at the current positions, from its joint's geometry `g` (the
/// joint itself is read only for prismatic axes and limits).
void sd_fill_row_geometry(sdWorld* world, sdRow* row, const sdRowGeometry* g, int32_t jointIndex, sdRowType type);
/// sd_fill_row_geometry for rows filled on worker threads: it reads the bodies' rotation caches without updating
/// them (a static body may end rows of two threads), the same values.
void sd_fill_row_geometry_shared(sdWorld* world, sdRow* row, const sdRowGeometry* g, int32_t jointIndex,
                                 sdRowType type);
/// Asks for what sd_anchor_world reads of a row's two bodies: positions, angles and cached rotations.
static inline void sd_prefetch_row_anchors(const sdWorld* world, const sdRowGeometry* g) {
    const int32_t ends[2] = {g->bodyA, g->bodyB};
    for (int k = 0; k < 2; ++k) {
        if (ends[k] < 0) continue;
        SD_PREFETCH(&world->x[ends[k]]);
        SD_PREFETCH(&world->y[ends[k]]);
        SD_PREFETCH(&world->angle[ends[k]]);
        SD_PREFETCH(&world->rotationAngle[ends[k]]);
        SD_PREFETCH(&world->rotationCos[ends[k]]);
        SD_PREFETCH(&world->rotationSin[ends[k]]);
    }
}
/// Where a row's two anchors are: world points a and b, and their offsets rA, rB from their bodies' centres.
typedef struct sdRowAnchors {
    double ax, ay, bx, by, rax, ray, rbx, rby;
} sdRowAnchors;

/// The anchor of a row end at body-local (lx, ly) on the cached body `body` (x, y, cos, sin): sd_anchor_world's
/// arithmetic.
static inline void sd_cached_anchor(const double* body, double lx, double ly, double* x, double* y, double* rx,
                                    double* ry) {
    const double c = body[2], s = body[3];
    *rx = c * lx - s * ly;
    *ry = s * lx + c * ly;
    *x = body[0] + *rx;
    *y = body[1] + *ry;
}

/// A distance row's error C from its anchors: the length between them less the joint's.
static inline double sd_anchor_distance_error(const sdRowAnchors* at, const sdRowGeometry* g) {
    const double dx = at->bx - at->ax, dy = at->by - at->ay;
    return sqrt(dx * dx + dy * dy) - g->length;
}

/// Two doubles in one SSE2 register.
typedef double sdRowPair __attribute__((vector_size(16)));

static inline double sd_cross(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

static inline double sd_angle_of(const sdWorld* world, int32_t body) { return body < 0 ? 0.0 : world->angle[body]; }

/// sd_fill_row_geometry's arithmetic once the row's anchors are known, inlined with a constant type: by
/// sd_fill_row_geometry (rows.c), and by the sparse path's fill of distance rows from its island's body cache
/// (solve_units.c), so both take the same operations.
static inline __attribute__((always_inline)) void sd_fill_row_from_anchors(sdWorld* world, sdRow* row,
                                                                           const sdRowGeometry* g,
                                                                           int32_t jointIndex, sdRowType type,
                                                                           const sdRowAnchors* at) {
    const double ax = at->ax, ay = at->ay, bx = at->bx, by = at->by;
    const double rax = at->rax, ray = at->ray, rbx = at->rbx, rby = at->rby;
    const double dx = bx - ax, dy = by - ay;
    const double relativeAngle = sd_angle_of(world, g->bodyB) - sd_angle_of(world, g->bodyA) - g->referenceAngle;
    row->a = g->bodyA;
    row->b = g->bodyB;
    row->joint = jointIndex;
    row->type = (uint8_t)type;
    row->contact = -1;
    row->point = -1;
    row->normalRow = -1;
    row->mu = 0.0;
    row->flags = 0;
    row->soft = 0.0;
    row->rhsScale = 0.0;
    row->v0Weight = 0.0;
    row->lo = -INFINITY;
    row->hi = INFINITY;
    double ex = 0.0, ey = 0.0, sign = 1.0; // a translational row along e (B relative to A), times sign
    double leverA = 0.0;                   // extra lever of A for rows along an axis fixed in A: (d + rA) × e
    bool translational = true;
    switch (type) {
    case sdRow_distance:
    case sdRow_rope: {
        const double length = sqrt(dx * dx + dy * dy);
        // Both quotients in one vector division (each lane the scalar quotient's bits): the division is the
        // fill's longest wait.
        const sdRowPair e = (sdRowPair){dx, dy} / (sdRowPair){length, length};
        ex = length > 1e-12 ? e[0] : 1.0;
        ey = length > 1e-12 ? e[1] : 0.0;
        if (type == sdRow_distance) {
            row->c = length - g->length;
            row->flags = g->springy ? 0u : sdRowFlag_rigid;
        } else {
            row->c = g->length - length;
            sign = -1.0;
            row->flags = sdRowFlag_unilateral;
        }
        leverA = sd_cross(rax, ray, ex, ey);
        break;
    }
    case sdRow_pointX:
    case sdRow_pointY:
        ex = type == sdRow_pointX ? 1.0 : 0.0;
        ey = type == sdRow_pointX ? 0.0 : 1.0;
        row->c = dx * ex + dy * ey;
        row->flags = g->springy ? 0u : sdRowFlag_rigid;
        leverA = sd_cross(rax, ray, ex, ey);
        break;
    case sdRow_perpendicular:
    case sdRow_slideLower:
    case sdRow_slideUpper: {
        const sdJoint* joint = &world->joints[jointIndex];
        const double angleA = sd_angle_of(world, g->bodyA);
        const double c = cos(angleA), s = sin(angleA);
        const double ux = c * joint->axisLocalX - s * joint->axisLocalY;
        const double uy = s * joint->axisLocalX + c * joint->axisLocalY;
        if (type == sdRow_perpendicular) {
            ex = -uy;
            ey = ux;
            row->c = dx * ex + dy * ey;
            row->flags = sdRowFlag_rigid;
        } else {
            ex = ux;
            ey = uy;
            const double slide = dx * ux + dy * uy;
            row->flags = sdRowFlag_unilateral;
            if (type == sdRow_slideLower) {
                row->c = slide - joint->lowerLimit;
            } else {
                row->c = joint->upperLimit - slide;
                sign = -1.0;
            }
        }
        leverA = sd_cross(dx + rax, dy + ray, ex, ey);
        break;
    }
    case sdRow_angle:
    case sdRow_angleLower:
    case sdRow_angleUpper:
    case sdRow_angleFriction:
        translational = false;
        if (type == sdRow_angle) {
            row->c = relativeAngle;
            row->flags = sdRowFlag_rigid;
        } else if (type == sdRow_angleLower) {
            row->c = relativeAngle - world->joints[jointIndex].lowerLimit;
            row->flags = sdRowFlag_unilateral;
        } else if (type == sdRow_angleUpper) {
            row->c = world->joints[jointIndex].upperLimit - relativeAngle;
            row->flags = sdRowFlag_unilateral;
            sign = -1.0;
        } else {
            row->c = 0.0;
        }
        break;
    }
    if (translational) {
        row->ja[0] = -sign * ex;
        row->ja[1] = -sign * ey;
        row->ja[2] = -sign * leverA;
        row->jb[0] = sign * ex;
        row->jb[1] = sign * ey;
        row->jb[2] = sign * sd_cross(rbx, rby, ex, ey);
    } else {
        row->ja[0] = row->ja[1] = row->jb[0] = row->jb[1] = 0.0;
        row->ja[2] = -sign;
        row->jb[2] = sign;
    }
    if (row->flags & sdRowFlag_unilateral) {
        row->lo = 0.0;
    }
}

/// The error C of a distance row (sdRow_distance) at the current positions: sd_fill_row_geometry's row->c, without
/// its Jacobian (for the projection's error check).
double sd_distance_row_error(sdWorld* world, const sdRowGeometry* g);
/// Softness and right-hand-side weights of a spring row for substep h under the world's spring model; its κ and η
/// from `coefficients` when given (the per-row copy), else from the joint's cache; `inverseMass` is the row's
/// J·M⁻¹·Jᵀ (the caller has it: sd_fill_row_at).
void sd_fill_row_spring(sdWorld* world, sdRow* row, double h, const double* coefficients, double inverseMass);
/// The joint's κ and η for substep h, cached on the joint until h, the model or the spring changes.
void sd_joint_spring_coefficients(sdWorld* world, sdJoint* joint, double h, double* kappa, double* eta);
/// κ = k/m and η = c/m of a spring for substep h (pole-matched for the analytic model).
void sd_spring_coefficients(sdSpringModel model, double frequency, double dampingRatio, double h, double* kappa,
                            double* eta);

#endif
