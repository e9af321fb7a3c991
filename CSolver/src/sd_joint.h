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
    sdRowFlag_unilateral = 1u << 1, // only active while violated (rope, limits, contact normals)
    sdRowFlag_contact = 1u << 2,    // a contact row (normal or friction)
    sdRowFlag_reentered = 1u << 3,  // a contact normal the active set let back in once (held for good next time)
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
    uint8_t type;        // sdRowType (joint rows)
    int32_t joint;       // the joint, or −1 for a contact row
    int32_t contact;     // contact rows: the contact and its point (−1 for joint rows)
    int32_t point;
    int32_t normalRow;   // friction rows: their normal row's position in the system (−1 otherwise)
    double mu;           // friction rows: the friction coefficient
} sdRow;

#endif
