// CSolver: the constraint solver behind swift-dynamics.
//
// A world of rigid 2D bodies kept as structure-of-arrays, stepped in batches. The public surface is plain
// structs and functions, Box2D v3 style: `*Def` structs with defaults for creation, ids instead of pointers,
// and an `sdResult` from every entry point that can fail. Nothing here aborts: bad input (NULL, stale ids,
// NaN/inf, negative sizes) is refused with an error code and leaves the world as it was.
//
// Units (the same as the Swift façade, so nothing is converted in the hot loop):
//   length  points (pt), y down          angle     radians, positive = clockwise on screen
//   time    seconds                      mass      kilograms: density × area / 10 000 (100×100 pt at 1 → 1 kg)
//   force   kg·pt/s² (UIKit's "Newton" is 100 of these)   impulse  kg·pt/s   torque  kg·pt²/s²
#ifndef CSOLVER_H
#define CSOLVER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result of every fallible entry point.
typedef enum sdResult {
    sdResult_ok = 0,
    sdResult_nullArgument = 1,    ///< a required pointer was NULL
    sdResult_invalidId = 2,       ///< the id names no live body (destroyed, or never created)
    sdResult_nonFinite = 3,       ///< a NaN or infinite number was passed
    sdResult_outOfRange = 4,      ///< a number outside its documented range (negative size, zero substeps, …)
    sdResult_outOfMemory = 5,     ///< growing the arrays failed; the world is unchanged (a step: see sdWorld_Step)
} sdResult;

/// A short English description of a result code (static storage).
const char* sdResult_Description(sdResult result);

/// Stable handle of a body. `index` is the slot (reused after destruction), `generation` tells reuses apart.
typedef struct sdBodyId {
    int32_t index;
    uint32_t generation;
} sdBodyId;

/// Collision shape of a body. Only the mass properties use it so far.
typedef enum sdShapeKind {
    sdShape_rectangle = 0,  ///< width × height box centred on the body
    sdShape_ellipse = 1,    ///< ellipse inscribed in width × height
    sdShape_polygon = 2,    ///< convex polygon; area and inertia are supplied in the def
} sdShapeKind;

/// Body flags (bit set).
enum {
    sdBodyFlag_static = 1u << 0,         ///< anchored: never moves, ignores forces, infinite mass
    sdBodyFlag_fixedRotation = 1u << 1,  ///< the angle never changes (infinite inertia)
};

/// Bounds on a body's size and density: within them its mass, moment of inertia and their inverses stay normal
/// doubles (mass 1e-25 … 1e17 kg), so a density like 1e-310 cannot give an infinite inverse mass. Width and height
/// (pt) lie in [sdMinBodySize, sdMaxBodySize], density in [sdMinDensity, sdMaxDensity]; a polygon's area in
/// [sdMinBodySize², sdMaxBodySize²] pt² and its unit inertia in [sdMinBodySize², 100 · sdMaxBodySize²] pt² (room for
/// a group whose members lie far apart). Outside: outOfRange.
#define sdMinBodySize 1e-6
#define sdMaxBodySize 1e6
#define sdMinDensity 1e-9
#define sdMaxDensity 1e9
/// Largest magnitude of a position, angle, velocity, gravity, damping, material value, application point, joint
/// anchor or length, and of a step's `dt` (in its own units): beyond it, products in the step could overflow.
/// Larger finite values are refused with outOfRange.
#define sdMaxMagnitude 1e15
/// Largest force or impulse component, and friction torque, one call accepts (kg·pt/s², kg·pt/s, kg·pt²/s²).
/// A field's force on a body is held to it too (NaN, from a law's singularity, counts as 0).
#define sdMaxForce 1e30
/// The step caps every body's speed components (pt/s) and angular speed (rad/s) at sdMaxMagnitude before it
/// moves positions: motion that diverges on its own (a repulsive spring field, say) then grows at most linearly
/// and positions stay finite.

/// World creation parameters. Get defaults from `sdDefaultWorldDef`.
typedef struct sdWorldDef {
    int32_t initialBodyCapacity;    ///< slots allocated up front (default 64); the arrays double when full
    double sleepLinearTolerance;    ///< pt/s below which a body may rest (default 1, UIKit's 0.01 m/s)
    double sleepAngularTolerance;   ///< rad/s below which a body may rest (default 2° = 0.0349)
    double timeToSleep;             ///< seconds a body must stay below both tolerances to rest (default 0.5)
    int32_t workerCount;            ///< threads that solve a large coupled island (the sparse path) and share a
                                    ///< pile's collision work (1,024 shapes or more), the calling
                                    ///< thread included: 1 … 64 (default 1, no threads started). Results are bit
                                    ///< for bit the same for every count; the world starts workerCount − 1
                                    ///< threads, which spin briefly and then sleep when idle, and joins them
                                    ///< in sdDestroyWorld. Out of range: sdResult_outOfRange. If the threads
                                    ///< cannot be started the world runs on its caller alone (same results). More
                                    ///< workers than free cores makes the solve slower, not faster
} sdWorldDef;

/// Body creation parameters. Get defaults from `sdDefaultBodyDef`.
typedef struct sdBodyDef {
    double x, y;                    ///< centre, pt (default 0, 0)
    double angle;                   ///< radians (default 0)
    double vx, vy;                  ///< linear velocity, pt/s (default 0)
    double angularVelocity;         ///< rad/s (default 0)
    double width, height;           ///< bounding size, pt, sdMinBodySize … sdMaxBodySize (default 100 × 100)
    sdShapeKind shape;              ///< default rectangle
    double polygonArea;             ///< pt², polygon shapes only (bounds: see sdMinBodySize)
    double polygonUnitInertia;      ///< polar moment per unit mass about the centre, pt², polygon only (ditto)
    double density;                 ///< sdMinDensity … sdMaxDensity (default 1)
    double linearDamping;           ///< ≥ 0, 1/s: velocity decays as exp(−c·t) (default 0)
    double angularDamping;          ///< ≥ 0, 1/s (default 0)
    double gravityX, gravityY;      ///< this body's gravitational acceleration, pt/s² (default 0)
    uint32_t flags;                 ///< `sdBodyFlag_*` (default 0: dynamic, rotating)
} sdBodyDef;

/// Read-only view of every slot's state, for bulk read-back without a call per body. Slots at index
/// `< slotCount` whose `alive[i]` is 0 are free. The pointers stay valid until the next call that creates a
/// body (which may grow the arrays) or destroys the world.
typedef struct sdWorldState {
    int32_t slotCount;
    const double* x;
    const double* y;
    const double* angle;
    const double* vx;
    const double* vy;
    const double* angularVelocity;
    const uint8_t* alive;
    const uint8_t* awake;
} sdWorldState;

/// cos and sin of every slot's angle (see sdWorld_GetRotations). Entries of free slots mean nothing.
typedef struct sdWorldRotations {
    int32_t slotCount;
    const double* cosine;
    const double* sine;
} sdWorldRotations;

/// One body's full state (for tests and inspection).
typedef struct sdBodyState {
    double x, y, angle, vx, vy, angularVelocity;
    double mass, inertia;           ///< kg and kg·pt²; 0 for static bodies
    double width, height;
    uint32_t flags;
    bool awake;
} sdBodyState;

/// Opaque world. Owned by the caller through `sdCreateWorld`/`sdDestroyWorld`.
typedef struct sdWorld sdWorld;

sdWorldDef sdDefaultWorldDef(void);
sdBodyDef sdDefaultBodyDef(void);

/// Creates a world. `*outWorld` is NULL on failure.
sdResult sdCreateWorld(const sdWorldDef* def, sdWorld** outWorld);
/// Frees a world and everything in it. NULL is ignored.
void sdDestroyWorld(sdWorld* world);

/// Adds a body. The most recently freed slot is reused first, so ids are deterministic for a given sequence
/// of calls (the reference solver allocates the same way).
sdResult sdCreateBody(sdWorld* world, const sdBodyDef* def, sdBodyId* outId);
sdResult sdDestroyBody(sdWorld* world, sdBodyId id);
/// True when `id` names a live body.
bool sdBody_IsValid(const sdWorld* world, sdBodyId id);
/// Number of live bodies.
int32_t sdWorld_GetBodyCount(const sdWorld* world);

// Setters. Every setter that can change motion wakes the body.
sdResult sdBody_SetPosition(sdWorld* world, sdBodyId id, double x, double y);
sdResult sdBody_SetAngle(sdWorld* world, sdBodyId id, double angle);
sdResult sdBody_SetLinearVelocity(sdWorld* world, sdBodyId id, double vx, double vy);
sdResult sdBody_SetAngularVelocity(sdWorld* world, sdBodyId id, double angularVelocity);
sdResult sdBody_SetDensity(sdWorld* world, sdBodyId id, double density);
sdResult sdBody_SetDamping(sdWorld* world, sdBodyId id, double linearDamping, double angularDamping);
sdResult sdBody_SetGravity(sdWorld* world, sdBodyId id, double gravityX, double gravityY);
sdResult sdBody_SetFlags(sdWorld* world, sdBodyId id, uint32_t flags);
/// Stored for the contact solver: restitution ≥ 0, friction ≥ 0, charge any finite value.
sdResult sdBody_SetMaterial(sdWorld* world, sdBodyId id, double restitution, double friction, double charge);
/// Wakes a resting body (resets its rest timer).
sdResult sdBody_Wake(sdWorld* world, sdBodyId id);

/// Adds a force (kg·pt/s²) acting at the world point (px, py) until the end of the next `sdWorld_Step`;
/// an off-centre point adds the torque r × F. Components beyond sdMaxForce (the point: sdMaxMagnitude) are
/// outOfRange.
sdResult sdBody_ApplyForce(sdWorld* world, sdBodyId id, double fx, double fy, double px, double py);
/// Changes momentum at once by the impulse (kg·pt/s) acting at the world point (px, py).
sdResult sdBody_ApplyLinearImpulse(sdWorld* world, sdBodyId id, double jx, double jy, double px, double py);
/// Adds (dvx, dvy) pt/s and dw rad/s to a dynamic body's velocity.
sdResult sdBody_AddVelocity(sdWorld* world, sdBodyId id, double dvx, double dvy, double dw);

sdResult sdBody_GetState(const sdWorld* world, sdBodyId id, sdBodyState* outState);

/// Shortest substep `sdWorld_Step` accepts (s): shorter ones lose the step's arithmetic to round-off.
#define sdMinimumSubstep 1e-9

/// Advances the world by `dt` seconds (at most sdMaxMagnitude) in `substepCount` (1…1024) equal substeps of at
/// least sdMinimumSubstep (outOfRange otherwise). Forces applied before the call act during every substep and are cleared at the end.
/// Buffers grow at the start of the step, before anything moves; if one cannot, the result is outOfMemory and
/// no body has moved (contacts may have been recomputed and resting bodies woken).
sdResult sdWorld_Step(sdWorld* world, double dt, int32_t substepCount);
/// Number of dynamic bodies still moving (not resting). The façade pauses when it reaches 0.
int32_t sdWorld_GetAwakeBodyCount(const sdWorld* world);
/// Bulk read-back of every slot.
sdWorldState sdWorld_GetState(const sdWorld* world);
/// The bodies the last `sdWorld_Step` put to rest, in slot order: sets `*outSlots` (when not NULL) and returns
/// their count (0 after a step that failed, or before the first). A step moves only awake bodies, so the awake
/// ones (`sdWorldState.awake`) and these are all that it can have moved: a caller mirroring positions visits
/// those alone. A listed body destroyed since that step leaves its slot listed (dead, or reused by a body made
/// since). The pointer stays valid as those of sdWorld_GetState; the list is replaced by the next step.
int32_t sdWorld_GetRestedBodies(const sdWorld* world, const int32_t** outSlots);
/// cos and sin of every live body's angle, brought up to date first. The step keeps them per body as a cache
/// that its next step reuses while the angle stays the same, so a caller that needs every turned body's
/// rotation after a step (the façade writing item transforms) computes none twice; the values are exactly
/// `cos(angle)` and `sin(angle)`, so results do not depend on who computed them. Not const: call it between
/// steps, from the thread that steps the world. The pointers stay valid as those of sdWorld_GetState.
sdWorldRotations sdWorld_GetRotations(sdWorld* world);

/// Writes into `outIds` (capacity `capacity`) the bodies whose rotated bounding box overlaps the
/// axis-aligned rectangle [minX, maxX] × [minY, maxY], in slot order. `*outCount` receives how many overlap,
/// which may exceed `capacity` (then only the first `capacity` are written).
sdResult sdWorld_QueryRect(const sdWorld* world, double minX, double minY, double maxX, double maxY,
                           sdBodyId* outIds, int32_t capacity, int32_t* outCount);

// ---------------------------------------------------------------------------------------------------------
// Joints: springs and rigid attachments between two bodies, or a body and a fixed point of the world.
// ---------------------------------------------------------------------------------------------------------

/// Stable handle of a joint (slot + generation, like bodies).
typedef struct sdJointId {
    int32_t index;
    uint32_t generation;
} sdJointId;

/// What a joint holds.
typedef enum sdJointKind {
    /// Keeps the anchor points `length` apart: rigid when `frequency` is 0, a damped spring otherwise. With
    /// length 0 it is an isotropic point spring (or a rigid pin).
    sdJoint_distance = 0,
    /// Rope: the anchor points at most `length` apart.
    sdJoint_rope = 1,
    /// Revolute pin: the anchor points coincide; optional relative-angle limits and friction torque.
    sdJoint_revolute = 2,
    /// Weld: the anchor points coincide and the relative angle stays at its creation value.
    sdJoint_weld = 3,
    /// Prismatic slider: B moves relative to A only along `axis` (fixed in A's frame, or the world's when A
    /// is the world), without relative rotation; optional translation limits.
    sdJoint_prismatic = 4,
} sdJointKind;

/// `bodyA.index` or `bodyB.index` = `sdWorldBodyIndex` means "the world": that anchor is a fixed point.
#define sdWorldBodyIndex (-1)

/// Joint creation parameters. Get defaults from `sdDefaultJointDef`.
/// Largest spring frequency a joint accepts (Hz): far beyond any step rate, and ω² stays finite.
#define sdMaxSpringFrequency 1e9

typedef struct sdJointDef {
    sdJointKind kind;                 ///< default distance
    sdBodyId bodyA, bodyB;            ///< at most one of them the world
    double anchorAX, anchorAY;        ///< anchor on A, world coordinates at creation (pt)
    double anchorBX, anchorBY;        ///< anchor on B, world coordinates at creation (pt)
    double length;                    ///< distance/rope length, pt, ≥ 0 (default 0)
    double frequency;                 ///< Hz, 0 … sdMaxSpringFrequency; 0 = rigid (distance joints only; default 0)
    double dampingRatio;              ///< ≥ 0 (default 0)
    double axisX, axisY;              ///< prismatic axis, world coordinates at creation; normalised (default 1, 0)
    double lowerLimit, upperLimit;    ///< revolute: relative angle (rad); prismatic: translation (pt). ±inf = none; finite within ±sdMaxMagnitude
    double frictionTorque;            ///< revolute: kg·pt²/s², ≥ 0 (default 0)
} sdJointDef;

/// How springs are integrated (world-wide).
typedef enum sdSpringModel {
    /// Trapezoidal (average-acceleration) update whose spring parameters are matched, per substep, so a
    /// spring's discrete poles equal the analytic damped oscillator's: frequency and damping ratio mean what
    /// they say at any step size. Positions advance by the mean of old and new velocity.
    sdSpringModel_analytic = 0,
    /// UIKit/Box2D 2.2: soft constraint with implicit Euler, k = m·(2πf)², c = 2·m·ζ·2πf, positions by the new
    /// velocity. Damps fast springs numerically, as the ported iOS code was tuned for.
    sdSpringModel_uikitCompatible = 1,
} sdSpringModel;

/// Which linear-algebra path solves small constraint islands (default: batchedKernel).
typedef enum sdIslandSolver {
    /// Small islands: one batched pass of an in-house dense Cholesky; large ones: LAPACK.
    sdIslandSolver_batchedKernel = 0,
    /// Every island through LAPACK's banded Cholesky (small islands concatenated into one band).
    sdIslandSolver_bandedLAPACK = 1,
    /// Every constraint island through matrix-free conjugate gradients (what huge islands use anyway).
    sdIslandSolver_iterative = 2,
} sdIslandSolver;

/// Per-step counters and stage timings (seconds) of the last `sdWorld_Step`.
typedef struct sdStepStats {
    int32_t islandCount;          ///< islands with at least one constraint row
    int32_t rowCount;             ///< constraint rows in the last substep
    int32_t batchedIslands;       ///< islands solved by the batched small kernel
    int32_t bandedIslands;        ///< islands solved by LAPACK dpbtrf/dpbtrs
    int32_t denseIslands;         ///< islands solved by LAPACK dpotrf/dpotrs
    int32_t iterativeIslands;     ///< islands solved by conjugate gradients
    int32_t maxBandwidth;         ///< widest band factored
    double forcesSeconds, assemblySeconds, solveSeconds, integrationSeconds;
    int32_t sparseIslands;        ///< islands on the sparse path (nested dissection, supernodal Cholesky)
    int32_t factorizations;       ///< sparse numeric factorisations in the last step
    int32_t iterations;           ///< conjugate-gradient iterations preconditioned by a kept sparse factor
    int64_t factorNonzeros;       ///< entries of L over the sparse islands' factors
    double factorFlops;           ///< flops of one numeric factorisation of every sparse island
    double stepFactorFlops;       ///< flops of the factorisations done in the last step
    double solveFlops;            ///< flops of the substitutions with sparse factors in the last step
    /// Seconds of the last step in the sparse path's stages: nested-dissection ordering and symbolic analysis
    /// (only when the layout was rebuilt), numeric factorisation, substitutions and preconditioned iterations.
    double orderSeconds, symbolicSeconds, numericSeconds, sparseSolveSeconds;
} sdStepStats;

sdJointDef sdDefaultJointDef(void);
sdResult sdCreateJoint(sdWorld* world, const sdJointDef* def, sdJointId* outId);
sdResult sdDestroyJoint(sdWorld* world, sdJointId id);
bool sdJoint_IsValid(const sdWorld* world, sdJointId id);
/// The joint's two bodies; an end attached to the world reads `sdWorldBodyIndex` (generation 0).
sdResult sdJoint_GetBodies(const sdWorld* world, sdJointId id, sdBodyId* outBodyA, sdBodyId* outBodyB);
/// Moves the world anchor of a joint attached to the world (pt); wakes the body. outOfRange when both ends
/// are bodies.
sdResult sdJoint_SetWorldAnchor(sdWorld* world, sdJointId id, double x, double y);
/// Moves the world anchors of `count` joints joined to the world: ids[k] to (x[k], y[k]), pt, in order (a later
/// move of the same joint wins), waking their bodies. Every entry is checked first (as sdJoint_SetWorldAnchor
/// checks one); on an error nothing has moved.
sdResult sdWorld_SetJointWorldAnchors(sdWorld* world, const sdJointId* ids, const double* x, const double* y,
                                      int32_t count);
/// Distance/rope length, pt, ≥ 0.
sdResult sdJoint_SetLength(sdWorld* world, sdJointId id, double length);
/// Spring frequency (Hz, ≥ 0) and damping ratio (≥ 0) of a distance joint.
sdResult sdJoint_SetSpring(sdWorld* world, sdJointId id, double frequency, double dampingRatio);
/// Limits (lower ≤ upper; ±inf for none) of a revolute or prismatic joint.
sdResult sdJoint_SetLimits(sdWorld* world, sdJointId id, double lower, double upper);
sdResult sdJoint_SetFrictionTorque(sdWorld* world, sdJointId id, double frictionTorque);
/// Current distance between the anchor points (pt), and relative angle θB − θA (rad).
sdResult sdJoint_GetGeometry(const sdWorld* world, sdJointId id, double* outDistance, double* outRelativeAngle);
/// Joints in the world.
int32_t sdWorld_GetJointCount(const sdWorld* world);

sdResult sdWorld_SetSpringModel(sdWorld* world, sdSpringModel model);
sdResult sdWorld_SetIslandSolver(sdWorld* world, sdIslandSolver solver);
/// Whether islands of one body held only by springs are solved in the body's own unknowns (default true).
/// Off, they go through the island solver like any other small island (for measuring the two).
sdResult sdWorld_SetBodySpacePath(sdWorld* world, bool enabled);
/// Fronts of the sparse path (large coupled islands) with at least `rows` rows are factored by LAPACK dpotrf and
/// BLAS-3 dtrsm/dsyrk, smaller ones by the in-house vectorised kernel. 0 restores the default: 128 when the BLAS
/// in use is an optimised one (OpenBLAS, detected at run time; Accelerate), else never (Debian's reference BLAS
/// runs them about three times slower than the in-house kernel). outOfRange for a negative count.
sdResult sdWorld_SetSparseBLASFrontRows(sdWorld* world, int32_t rows);
/// The current threshold of sdWorld_SetSparseBLASFrontRows (INT32_MAX: never BLAS).
int32_t sdWorld_GetSparseBLASFrontRows(const sdWorld* world);
/// Statistics of the last step.
sdStepStats sdWorld_GetStepStats(const sdWorld* world);

// ---------------------------------------------------------------------------------------------------------
// Collisions: shapes on bodies, contacts between them, and contact events.
//
// A body collides through the shapes attached to it (none by default). Two shapes interact when each one's
// category meets the other's mask (either way: `(catA & maskB) || (catB & maskA)`), they belong to different
// bodies, and at least one of those bodies moves. Contacts are found once per step from boxes swept over the
// step's motion, with speculative points up to the distance the pair can close in that time, so nothing
// tunnels however fast it moves. Restitution mixes by maximum and friction by geometric mean of the two
// bodies' materials (`sdBody_SetMaterial`); impacts slower than 100 pt/s do not bounce.
// ---------------------------------------------------------------------------------------------------------

/// Stable handle of a shape (slot + generation, like bodies).
typedef struct sdShapeId {
    int32_t index;
    uint32_t generation;
} sdShapeId;

/// The geometry of a shape.
typedef enum sdShapeType {
    sdShapeType_circle = 0,   ///< a disc: `center` and `radius` (body frame)
    sdShapeType_polygon = 1,  ///< a convex polygon of 3…sdMaxPolygonVertices vertices (body frame, either winding)
    sdShapeType_segment = 2,  ///< a two-sided line segment from (x1, y1) to (x2, y2) (body frame): boundaries
} sdShapeType;

/// Most vertices a polygon shape may have.
#define sdMaxPolygonVertices 32

/// Shape creation parameters. Get defaults from `sdDefaultShapeDef`.
typedef struct sdShapeDef {
    sdShapeType type;                            ///< default polygon
    double centerX, centerY;                     ///< circle centre, pt, body frame (default 0, 0)
    double radius;                               ///< circle radius, pt, > 0
    int32_t vertexCount;                         ///< polygon: 3…sdMaxPolygonVertices
    double vertices[2 * sdMaxPolygonVertices];   ///< polygon: x0, y0, x1, y1, … pt, body frame; convex
    double x1, y1, x2, y2;                       ///< segment end points, pt, body frame
    uint64_t categoryBits;                       ///< what the shape is (default 1)
    uint64_t maskBits;                           ///< what it collides with (default all bits)
    uint64_t userData;                           ///< returned in contact events (default 0)
} sdShapeDef;

/// A contact that began touching during the last step. `point` lies midway between the two surfaces (pt,
/// world), `normal` points from A to B.
typedef struct sdContactBeginEvent {
    sdShapeId shapeA, shapeB;
    uint64_t userDataA, userDataB;
    double pointX, pointY;
    double normalX, normalY;
} sdContactBeginEvent;

/// A contact that stopped touching during the last step (or whose shape was destroyed while touching).
typedef struct sdContactEndEvent {
    sdShapeId shapeA, shapeB;
    uint64_t userDataA, userDataB;
} sdContactEndEvent;

/// The events of the last step, began first. The pointers stay valid until the next step or world change.
typedef struct sdContactEvents {
    const sdContactBeginEvent* begin;
    int32_t beginCount;
    const sdContactEndEvent* end;
    int32_t endCount;
} sdContactEvents;

/// One contact as the solver last saw it (for tests and inspection).
typedef struct sdContactData {
    sdShapeId shapeA, shapeB;
    double normalX, normalY;        ///< from A to B
    int32_t pointCount;             ///< 0–2
    double pointX[2], pointY[2];    ///< world points midway between the surfaces at collision time
    double separation[2];           ///< pt, at collision time (negative = overlapping)
    double normalImpulse[2];        ///< kg·pt/s, accumulated over the last step's last substep
    bool touching;
} sdContactData;

sdShapeDef sdDefaultShapeDef(void);
/// Attaches a shape to a body. Polygons must be convex with distinct vertices (outOfRange otherwise); the
/// shape's extent is limited to 1e6 pt.
sdResult sdCreateShape(sdWorld* world, sdBodyId body, const sdShapeDef* def, sdShapeId* outId);
/// Removes a shape; its contacts end (an end event is reported for a touching one at the next step).
sdResult sdDestroyShape(sdWorld* world, sdShapeId id);
bool sdShape_IsValid(const sdWorld* world, sdShapeId id);
/// Changes what a shape is and collides with; wakes its body.
sdResult sdShape_SetFilter(sdWorld* world, sdShapeId id, uint64_t categoryBits, uint64_t maskBits);
/// The body a shape belongs to.
sdResult sdShape_GetBody(const sdWorld* world, sdShapeId id, sdBodyId* outBody);
/// Shapes in the world.
int32_t sdWorld_GetShapeCount(const sdWorld* world);
/// Contacts found by the last step (touching or not).
int32_t sdWorld_GetContactCount(const sdWorld* world);
/// Contact `index` (0 ≤ index < sdWorld_GetContactCount) of the last step, in (shapeA, shapeB) order.
sdResult sdWorld_GetContact(const sdWorld* world, int32_t index, sdContactData* outContact);
/// Began and ended contacts of the last step.
sdContactEvents sdWorld_GetContactEvents(const sdWorld* world);

/// Solves the symmetric positive definite system A·x = b in place with LAPACK's Cholesky (dpotrf/dpotrs):
/// `a` is n×n column-major (overwritten by its factor), `b` (n) receives x. Returns outOfRange when A is not
/// positive definite. Used by the spring solver; exposed so the link to LAPACK is tested on its own.
sdResult sdSolveSPD(int32_t n, double* a, double* b);

#ifdef __cplusplus
}
#endif

#include "CSolverFields.h"
#include "CSolverTesting.h"

#endif
