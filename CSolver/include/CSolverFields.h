// CSolver fields: forces that act on chosen bodies inside a region (UIKit's UIFieldBehavior).
//
// Included by CSolver.h; the same conventions hold: plain structs, `sdDefaultFieldDef` for defaults, ids, and an
// `sdResult` from every call that can fail, which leaves the world unchanged.
//
// Units. The API is in the core's units: points, seconds, kilograms, forces in kg·pt/s². The force laws are
// UIKit's, which PhysicsKit states in metres (100 pt = 1 m), newtons and m/s; the core converts each field's
// coefficients once per evaluation so the per-body loops work in points (see the table below, and
// sd_field.h for the derivation). `direction` is in UIKit's units: m/s² per unit strength for linear gravity, m/s
// for velocity and drag fields (it is not scaled by 100, exactly as UIKit).
//
// With d = body − field position (pt), r = |d|, r̂ = d/r, S = strength, k = falloff, m = mass (kg), q = charge,
// v = velocity (pt/s) and fall(r) = max(r, minimumRadius)^(−k)·100^k (1 when |k| < 2⁻¹⁵), the force in kg·pt/s²:
//   linear gravity   100·S·m·fall·direction                   (S = 1, k = 0: 100 pt/s², any mass)
//   radial gravity   −100·S·m·fall·r̂                          (0 when r² < 0.1 pt², i.e. 10⁻⁵ m²)
//   spring           −100·S·fall·r̂                            (k = −1: −S·d, Hooke with stiffness S kg/s²; 0 when r < 10⁻³ pt)
//   electric         −100·S·q·fall·r̂                          (toward the field for q·S > 0)
//   magnetic         S·q·fall·(w_y, −w_x)                      (v × ẑ; a circle of radius m·|v|/(q·S) pt when k = 0)
//   vortex           −100·S·fall·(r̂_y, −r̂_x)/m                 (tangential; UIKit divides by the mass once more)
//   drag             −S·fall·(w − 100·direction)               (Stokes: linear in the relative velocity)
//   velocity         sets the velocity to 100·direction pt/s while inside the region
//   noise            100·S·fall·n·∇n                           (3-D simplex noise n, see sdNoise3)
//   turbulence       S·fall·m·|v|²/100·n·∇n                    (the noise force × m × |v in m/s|²)
//   custom           what the evaluator returns
// w: magnetic and drag fields take the velocity at the implicit midpoint of the substep under that field alone
// (v + v⁺)/2, which for magnetic fields is (v + θ·(v_y, −v_x))/(1 + θ²), θ = h·S·q·fall/(2m) — the kick is an exact
// rotation, so charges circle instead of spiralling out — and for drag (v − u)/(1 + h·S·fall/(2m)) + u — the
// relative velocity decays by (1 − g)/(1 + g) per substep and never overshoots, however strong the drag.
// A field with |S| < 2⁻¹⁵ exerts nothing. Fields act on awake dynamic bodies only (anchored bodies feel none),
// every substep before the constraint solve, sampled at the middle of the substep: at the position
// x + v·h/2 with the analytic spring model (so the trapezoidal position update completes a drift–kick–drift
// leapfrog and orbits do not spiral), at x with the UIKit-compatible model (symplectic Euler, as Box2D).
// Noise is sampled at (f·d/100 + w, f·d/100 + w, w) with f = 1.25/(smoothness + 1/12) − 1 lattice cells per
// metre and w = the field's phase (seconds × animationSpeed, accumulated per substep) × f, reduced modulo 256.
#ifndef CSOLVER_FIELDS_H
#define CSOLVER_FIELDS_H

#include "CSolver.h"

#ifdef __cplusplus
extern "C" {
#endif

/// At most this many fields live in one world; creating one more is refused with `sdResult_outOfRange`.
#define sdMaxFields 32
/// A region program has at most this many nodes.
#define sdMaxRegionNodes 1024

/// Stable handle of a field (slot + generation, like bodies).
typedef struct sdFieldId {
    int32_t index;
    uint32_t generation;
} sdFieldId;

/// What a field does (laws in the header comment).
typedef enum sdFieldKind {
    sdField_linearGravity = 0,
    sdField_radialGravity = 1,
    sdField_spring = 2,
    sdField_electric = 3,
    sdField_magnetic = 4,
    sdField_vortex = 5,
    sdField_drag = 6,
    sdField_velocity = 7,
    sdField_noise = 8,
    sdField_turbulence = 9,
    sdField_custom = 10,
} sdFieldKind;

/// One node of a region program. A region is a postfix program over these nodes: leaves push a shape, operators
/// pop their operands and push the result, and a valid program leaves exactly one region. Shapes are centred on
/// the field's position (points are tested relative to it). Boundaries belong to the shape.
typedef enum sdRegionOp {
    sdRegion_empty = 0,        ///< no point
    sdRegion_infinite = 1,     ///< every point
    sdRegion_circle = 2,       ///< x² + y² ≤ a²; `a` = radius (pt, ≥ 0)
    sdRegion_rectangle = 3,    ///< |x| ≤ a/2 and |y| ≤ b/2; `a` × `b` = size (pt, ≥ 0)
    sdRegion_union = 4,        ///< A ∪ B (A pushed first)
    sdRegion_intersection = 5, ///< A ∩ B
    sdRegion_difference = 6,   ///< A \ B: the points of A not in B
    sdRegion_inverse = 7,      ///< every point not in A (unary)
} sdRegionOp;

typedef struct sdRegionNode {
    sdRegionOp op;
    double a, b;  ///< shape parameters (unused by operators; must be finite)
} sdRegionNode;

/// The numbers a field has, all settable after creation with `sdField_SetParams`.
typedef struct sdFieldParams {
    double x, y;                    ///< position, pt (default 0, 0)
    double strength;                ///< finite (default 1)
    double falloff;                 ///< exponent k, |k| ≤ sdMaxFalloff (defaults: radial gravity 2, spring −1, electric and magnetic 1, others 0)
    double minimumRadius;           ///< pt, ≥ 0: distances below it count as it (default 2⁻¹⁵ m = 0.0030517578125 pt)
    double directionX, directionY;  ///< linear gravity: m/s² per unit strength; velocity and drag: m/s (default 0, 0)
    double smoothness;              ///< noise and turbulence: 0 (roughest) … 1 (smoothest) (default 0)
    double animationSpeed;          ///< noise and turbulence: Hz, ≥ 0; 0 = frozen (default 0)
} sdFieldParams;

/// The bodies one custom field is evaluated for in one substep, in parallel arrays, and where its forces go.
/// Only awake dynamic member bodies inside the region are passed.
typedef struct sdFieldBatch {
    int32_t count;
    const double* x;        ///< positions relative to the field, pt (sampled as described in the header comment)
    const double* y;
    const double* vx;       ///< velocities, pt/s
    const double* vy;
    const double* mass;     ///< kg
    const double* charge;
    double interval;        ///< seconds since the previous evaluation: the substep
    double time;            ///< seconds the field has been evaluated over (sum of the intervals before this one)
    double* forceX;         ///< out: forces in kg·pt/s², zero on entry; non-finite values are taken as 0
    double* forceY;
} sdFieldBatch;

/// A custom field's evaluator: called once per substep with every body in its region (not called when none is).
/// It must not call back into the world.
typedef void (*sdFieldEvaluator)(void* context, const sdFieldBatch* batch);

/// Field creation parameters. Get defaults from `sdDefaultFieldDef`.
typedef struct sdFieldDef {
    sdFieldKind kind;
    sdFieldParams params;
    const sdRegionNode* region;     ///< region program (copied); NULL with count 0 = infinite (default)
    int32_t regionNodeCount;
    sdFieldEvaluator evaluator;     ///< custom fields only (required there)
    void* evaluatorContext;
} sdFieldDef;

/// Largest |falloff| a field accepts: (r/100)^k must stay finite for any distance up to 2·sdMaxMagnitude. Position,
/// strength, minimum radius, direction and animation speed are bounded by sdMaxMagnitude; outside: outOfRange.
#define sdMaxFalloff 16.0

/// Defaults of a field of `kind` (UIKit's per-kind falloff; strength 1; infinite region).
sdFieldDef sdDefaultFieldDef(sdFieldKind kind);

/// Creates a field. outOfRange when the world already has `sdMaxFields` fields or a parameter is out of range.
sdResult sdCreateField(sdWorld* world, const sdFieldDef* def, sdFieldId* outId);
/// Destroys a field; its bodies stay (and are woken).
sdResult sdDestroyField(sdWorld* world, sdFieldId id);
bool sdField_IsValid(const sdWorld* world, sdFieldId id);
/// Fields in the world.
int32_t sdWorld_GetFieldCount(const sdWorld* world);

/// Replaces every parameter; wakes the member bodies.
sdResult sdField_SetParams(sdWorld* world, sdFieldId id, const sdFieldParams* params);
sdResult sdField_GetParams(const sdWorld* world, sdFieldId id, sdFieldParams* outParams);
/// Replaces the region (NULL with count 0 = infinite); wakes the member bodies.
sdResult sdField_SetRegion(sdWorld* world, sdFieldId id, const sdRegionNode* nodes, int32_t count);

/// Makes `body` feel the field (adding a member twice is a no-op); wakes it.
sdResult sdField_AddBody(sdWorld* world, sdFieldId id, sdBodyId body);
/// Stops `body` feeling the field (a body that is not a member is ignored); wakes it.
sdResult sdField_RemoveBody(sdWorld* world, sdFieldId id, sdBodyId body);
/// Number of live member bodies.
int32_t sdField_GetBodyCount(const sdWorld* world, sdFieldId id);
/// Seconds the last `sdWorld_Step` spent evaluating fields (all substeps; part of sdStepStats.forcesSeconds).
double sdWorld_GetFieldSeconds(const sdWorld* world);

/// Checks a region program: nullArgument (nodes NULL with count > 0), nonFinite, outOfRange (unknown op,
/// negative size, too many nodes, or not exactly one region left).
sdResult sdRegion_Validate(const sdRegionNode* nodes, int32_t count);
/// Whether the point (x, y), relative to the field, is in the region (validates it first).
sdResult sdRegion_Contains(const sdRegionNode* nodes, int32_t count, double x, double y, bool* outInside);

/// The fields' 3-D simplex noise at (x, y, z): its value (about [−1, 1]; the fuzzer holds it within ±1.1) and, when the pointers are not NULL, its
/// x and y derivatives. Deterministic: the same bits on every platform (no tables of random numbers, no library
/// functions, no fused multiply-adds).
double sdNoise3(double x, double y, double z, double* outDx, double* outDy);

/// Benchmark-only: the physical limit of a field evaluation on this machine. Applies one field law (`kind`:
/// radial gravity, vortex, spring or noise, strength 1, falloff as UIKit's default, no region) to `count` bodies
/// whose positions relative to the field (pt) and masses already sit in contiguous arrays, writing the forces
/// into `outForceX`/`outForceY`: the same arithmetic as a field's evaluation, without the gather, the region
/// and the scatter. outOfRange for other kinds or count < 0.
sdResult sdBenchmark_FieldLaw(sdFieldKind kind, int32_t count, const double* x, const double* y, const double* mass,
                              double* outForceX, double* outForceY);

#ifdef __cplusplus
}
#endif

#endif
