// Internal layout of a world: one array per field (structure of arrays), indexed by body slot.
#ifndef SD_WORLD_H
#define SD_WORLD_H

#include "CSolver.h"

#include <math.h>
#include <stddef.h>

struct sdWorld {
    sdWorldDef def;
    int32_t capacity;   // slots allocated in every array
    int32_t slotCount;  // slots ever handed out (live or free); loops run over [0, slotCount)
    int32_t bodyCount;  // live bodies
    int32_t awakeCount; // live dynamic bodies not resting, as of the last step or wake

    int32_t* freeSlots; // stack of free slots below slotCount
    int32_t freeCount;

    uint32_t* generation;
    uint8_t* alive;
    uint8_t* awake;
    uint8_t* shape;
    uint32_t* flags;

    // Kinematic state.
    double* x;
    double* y;
    double* angle;
    double* vx;
    double* vy;
    double* w;

    // Mass properties (derived from shape, size and density).
    double* width;
    double* height;
    double* area;
    double* unitInertia;
    double* density;
    double* invMass;
    double* invInertia;

    // Per-body environment and accumulators.
    double* linearDamping;
    double* angularDamping;
    double* gravityX;
    double* gravityY;
    double* forceX;
    double* forceY;
    double* torque;
    double* sleepTime;

    // Material, kept for the contact solver.
    double* restitution;
    double* friction;
    double* charge;
};

/// True when every argument is a finite number.
static inline bool sd_finite2(double a, double b) { return isfinite(a) && isfinite(b); }

/// Looks a live body up; NULL world or stale id gives the matching error.
static inline sdResult sd_check_id(const sdWorld* world, sdBodyId id) {
    if (world == NULL) return sdResult_nullArgument;
    if (id.index < 0 || id.index >= world->slotCount) return sdResult_invalidId;
    if (!world->alive[id.index] || world->generation[id.index] != id.generation) return sdResult_invalidId;
    return sdResult_ok;
}

/// Recomputes inverse mass and inertia of slot i from its shape, size, density and flags.
void sd_update_mass(sdWorld* world, int32_t i);

/// Marks slot i as moving and restarts its rest timer.
void sd_wake(sdWorld* world, int32_t i);

/// Area (pt²) and polar moment per unit mass (pt²) of the built-in shapes.
void sd_shape_mass_properties(sdShapeKind shape, double width, double height, double* area, double* unitInertia);

#endif
