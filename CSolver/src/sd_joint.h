// Joint storage and the constraint rows built from joints every substep.
#ifndef SD_JOINT_H
#define SD_JOINT_H

#include "CSolver.h"

/// One joint. Anchors are kept in the local frame of their body, or in world coordinates for the world.
typedef struct sdJoint {
    sdJointKind kind;
    int32_t bodyA, bodyB;          // slots, or sdWorldBodyIndex
    double localAX, localAY;
    double localBX, localBY;
    double length;
    double frequency, dampingRatio;
    double axisLocalX, axisLocalY; // prismatic axis in A's frame (world frame when A is the world)
    double referenceAngle;         // θB − θA at creation
    double lowerLimit, upperLimit;
    double frictionTorque;
    // Spring coefficients κ = k/m and η = c/m for `cachedStep` under `cachedModel` (0: stale).
    double cachedStep, cachedKappa, cachedEta;
    sdSpringModel cachedModel;
} sdJoint;

/// How a row's impulse is bounded and whether the position projection keeps it exact.
enum {
    sdRowFlag_rigid = 1u << 0,      // projected to zero error after the position update
    sdRowFlag_unilateral = 1u << 1, // only active while violated (rope, limits)
};

/// One scalar constraint row: C(q) with Jacobian J = [ja | jb] over the two bodies' (vx, vy, ω).
typedef struct sdRow {
    int32_t a, b;        // body slots or -1
    double ja[3], jb[3];
    double c;            // position error
    double soft;         // diagonal softness 1/a added to J M⁻¹ Jᵀ (0 for rigid rows)
    double rhsScale;     // the spring's h·k'/a (multiplies −C in the right-hand side)
    double v0Weight;     // weight of J·v₀ in the right-hand side (1: trapezoidal springs, 0 otherwise)
    double lo, hi;       // impulse bounds
    uint32_t flags;
    int32_t joint;
} sdRow;

#endif
