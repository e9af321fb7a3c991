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

/// Writes the row types of a joint into `types` and returns how many.
int32_t sd_joint_row_types(const sdJoint* joint, uint8_t* types);
/// Copies the joint geometry of every layout row that will be filled this step, and a spring row's κ and η for
/// substep h, into the scratch's per-row arrays (once a step, after the contact islands, before the substeps; rows
/// whose copy still holds are skipped: see sdSolverScratch.geometryCurrent).
void sd_refresh_row_geometry(sdWorld* world, double h);
/// Jacobian, error, flags and bounds of one row at the current positions, from its joint's geometry `g` (the
/// joint itself is read only for prismatic axes and limits).
void sd_fill_row_geometry(sdWorld* world, sdRow* row, const sdRowGeometry* g, int32_t jointIndex, sdRowType type);
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
