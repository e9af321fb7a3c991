// Internal layout of a world: one array per field (structure of arrays), indexed by body slot.
#ifndef SD_WORLD_H
#define SD_WORLD_H

#include "CSolver.h"
#include "sd_collision.h"
#include "sd_field.h"
#include "sd_joint.h"
#include "sd_solver.h"
#include "sd_tasks.h"

#include <math.h>
#include <stddef.h>
#include <time.h>

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
    double* dampingStep;    // the substep the cached damping factors below were computed for (0: stale)
    double* linearFactor;   // e^(−c·h) for that substep
    double* angularFactor;
    double* rotationAngle;  // the angle rotationCos/Sin were computed for (NaN: none yet)
    double* rotationCos;
    double* rotationSin;

    // Material, kept for the contact solver.
    double* restitution;
    double* friction;
    double* charge;

    int32_t* jointEdges; // joints attached to each body
    int32_t* shapeHead;  // first shape of each body (linked through sdShape.next), or −1
    int32_t* sleepNext;  // ring of the bodies that fell asleep together (itself when awake or alone)
    int32_t* restedSlots; // the bodies the last step put to rest, in slot order (restedCount of them)
    int32_t restedCount;

    // Joints (array of structs: each joint is read whole when its rows are built).
    sdJoint* joints;
    uint8_t* jointAlive;
    uint32_t* jointGeneration;
    int32_t* jointFreeSlots;
    int32_t jointCapacity, jointSlotCount, jointCount, jointFreeCount;

    uint64_t topologyVersion; // bumped by every change to which rows exist or which bodies move
    sdSpringModel springModel;
    sdIslandSolver islandSolver;
    bool failFactorizations; // test hook (CSolverTesting.h): every direct factorisation reports failure
    bool streamFactors;      // test hook (CSolverTesting.h): every sparse factor analysed counts as streamed
    bool bodySpaceDisabled;
    int32_t sparseBlasRows;   // sparse fronts with at least this many rows go through LAPACK/BLAS-3
    sdTaskPool* tasks;        // the worker threads (def.workerCount > 1), else NULL: sparse_*.c fork on it
    sdStepStats stats;
    sdSolverScratch scratch; // grown at the start of a step, never inside it
    sdCollisionState collision;

    sdFieldSet* fields;      // NULL until the first field is created (field.c)
};

/// Monotonic clock in seconds, for the per-stage step statistics.
static inline double sd_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/// True when every argument is a finite number.
static inline bool sd_finite2(double a, double b) { return isfinite(a) && isfinite(b); }

/// nonFinite when either is NaN or infinite, outOfRange when either exceeds `limit` in magnitude, ok otherwise.
static inline sdResult sd_check_bounded(double a, double b, double limit) {
    if (!sd_finite2(a, b)) return sdResult_nonFinite;
    return fabs(a) <= limit && fabs(b) <= limit ? sdResult_ok : sdResult_outOfRange;
}

/// `v` held to [−limit, limit], NaN to 0.
static inline double sd_clamp_magnitude(double v, double limit) {
    if (v != v) return 0.0;
    return v > limit ? limit : (v < -limit ? -limit : v);
}

/// Looks a live body up; NULL world or stale id gives the matching error.
static inline sdResult sd_check_id(const sdWorld* world, sdBodyId id) {
    if (world == NULL) return sdResult_nullArgument;
    if (id.index < 0 || id.index >= world->slotCount) return sdResult_invalidId;
    if (!world->alive[id.index] || world->generation[id.index] != id.generation) return sdResult_invalidId;
    return sdResult_ok;
}

/// Recomputes inverse mass and inertia of slot i from its shape, size, density and flags.
void sd_update_mass(sdWorld* world, int32_t i);

/// cos and sin of body i's angle, cached per angle value: rows of one body share them, and bodies that did not
/// turn keep them across substeps. Writes the cache, so only the stepping code (which owns the world) calls it;
/// const readers compute cos and sin themselves.
static inline void sd_rotation(sdWorld* world, int32_t i, double* c, double* s) {
    if (world->rotationAngle[i] != world->angle[i]) {
        world->rotationCos[i] = cos(world->angle[i]);
        world->rotationSin[i] = sin(world->angle[i]);
        world->rotationAngle[i] = world->angle[i];
    }
    *c = world->rotationCos[i];
    *s = world->rotationSin[i];
}

/// Records that the row layout must be rebuilt before the next step.
static inline void sd_topology_changed(sdWorld* world) { world->topologyVersion += 1; }

/// The default of sdWorld_SetSparseBLASFrontRows: 128 when the BLAS linked at run time is an optimised one
/// (OpenBLAS, Accelerate), else INT32_MAX — the reference BLAS runs the large fronts three times slower than the
/// in-house kernel (dense_kernels.c).
int32_t sd_default_blas_front_rows(void);

/// Marks slot i as moving and restarts its rest timer.
void sd_wake(sdWorld* world, int32_t i);

/// Hands out a body slot: the most recently freed one, else a new one at the end (growing by doubling).
sdResult sd_allocate_slot(sdWorld* world, int32_t* outIndex);

/// True for a live body that moves (not static).
static inline bool sd_is_dynamic(const sdWorld* world, int32_t body) {
    return body >= 0 && world->alive[body] && !(world->flags[body] & sdBodyFlag_static);
}

/// Root of slot i in the union-find forest `parent` (with path halving).
static inline int32_t sd_find(int32_t* parent, int32_t i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

/// World position and offset from the centre of a joint anchor given in `body`'s local frame (cached rotation;
/// a negative body: the anchor is already in world coordinates). Inline: the row fill calls it per row.
static inline void sd_anchor_world(sdWorld* world, int32_t body, double lx, double ly, double* x, double* y,
                                   double* rx, double* ry) {
    if (body < 0) {
        *x = lx;
        *y = ly;
        *rx = 0.0;
        *ry = 0.0;
        return;
    }
    double c, s;
    sd_rotation(world, body, &c, &s);
    *rx = c * lx - s * ly;
    *ry = s * lx + c * ly;
    *x = world->x[body] + *rx;
    *y = world->y[body] + *ry;
}

/// Frees joint slot i.
void sd_destroy_joint_slot(sdWorld* world, int32_t i);

/// Area (pt²) and polar moment per unit mass (pt²) of the built-in shapes.
void sd_shape_mass_properties(sdShapeKind shape, double width, double height, double* area, double* unitInertia);

/// Fetches every cache line of a contact record (six) ahead of its use: the passes that read contacts out of
/// order (the collision pass's narrowphase, the soft step's lanes, finishing the step) do too much between two
/// records for the hardware prefetcher to keep up.
static inline void sd_prefetch_contact(const sdContact* contact) {
    const char* at = (const char*)contact;
    for (size_t k = 0; k < sizeof(sdContact); k += 64) SD_PREFETCH(at + k);
    SD_PREFETCH(at + sizeof(sdContact) - 1);
}

/// Contacts above which the passes over contact records fetch them (and what they lead to) ahead: at most this
/// many records (336 bytes each, about 1.4 MB) stay in the L2 from pass to pass, and their fetches were
/// instructions for nothing. A 10,000-item pile has about 20,000.
#define sdFetchContactsAbove 4096

#endif
