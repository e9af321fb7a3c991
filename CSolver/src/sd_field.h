// Fields inside the world: storage (field.c), region masks (region.c), noise (noise.c) and the per-substep
// evaluation (field_eval.c).
//
// Evaluation, once per substep before the free-velocity stage, field by field in slot order and, within a
// field, over its member bodies in chunks of SD_FIELD_CHUNK:
//   1. gather   the members' sample positions (relative to the field), velocities, masses, charges and awake
//               flags into contiguous chunk arrays (an indexed loop: the only scattered reads);
//   2. region   leaf tests write byte masks, operators combine them (postfix program, a stack of masks);
//   3. law      branch-free loops over the chunk compute r, the falloff and the force, then select 0 outside;
//   4. scatter  add the chunk's forces into the per-body accumulators (or set velocities).
// Steps 2 and 3 are straight-line loops over contiguous arrays, which the compiler vectorises (see README).
// The free-velocity stage of step.c adds the accumulated force to each awake body's own.
//
// Units: the laws (CSolverFields.h) are UIKit's, in metres and newtons; each field's coefficient is converted once
// per evaluation (a factor 100^(k+1) or so, `sd_pow100`), so the per-body loops work in points and kg·pt/s².
//
// Determinism: the field files are compiled with FP_CONTRACT off (no fused multiply-adds, so arm64 and x86
// give the same bits), use no transcendental functions except `pow` for non-integer falloffs, and keep the
// operation order the Swift reference solver repeats (ReferenceFields.swift).
#ifndef SD_FIELD_H
#define SD_FIELD_H

#include "CSolver.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Forces inlining of the small per-point helpers of the vectorised loops (a call blocks vectorisation).
#if defined(__GNUC__) || defined(__clang__)
#define SD_INLINE static inline __attribute__((always_inline))
#else
#define SD_INLINE static inline
#endif
/// Vectorise the next loop even where the generic x86-64 cost model hesitates (divisions and selects, which
/// are as fast per element in vector registers on every x86-64 and arm64 core we run on).
/// SD_VECTORIZE_INTERLEAVED also runs two vectors per iteration: for long loop bodies whose dependency chains
/// would otherwise leave the core waiting (the noise: about 10 % faster).
#if defined(__clang__)
#define SD_VECTORIZE _Pragma("clang loop vectorize(enable)")
#define SD_VECTORIZE_INTERLEAVED _Pragma("clang loop vectorize(enable) interleave_count(2)")
#else
#define SD_VECTORIZE
#define SD_VECTORIZE_INTERLEAVED
#endif

/// x86-64: the vectorised field loops are compiled more than once — for the baseline (SSE2: 2 doubles per
/// instruction), for AVX2 (4), and the noise also for AVX-512 (8) — and the widest copy the processor runs is
/// chosen at run time. The field files keep FP_CONTRACT off, so even where the target has FMA no multiply-add is
/// fused and every copy gives the same bits. Define SD_NO_DISPATCH to build the baseline copy alone.
#if defined(__x86_64__) && defined(__clang__) && (defined(__ELF__) || defined(__APPLE__)) && !defined(SD_NO_DISPATCH)
#define SD_AVX2_DISPATCH 1
#define SD_TARGET_AVX2 __attribute__((target("avx2")))
#define SD_TARGET_AVX512 __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw")))
SD_INLINE bool sd_cpu_has_avx2(void) { return __builtin_cpu_supports("avx2"); }
SD_INLINE bool sd_cpu_has_avx512(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
}
#else
#define SD_AVX2_DISPATCH 0
#endif

/// Bodies evaluated together: the chunk arrays (16 of them) fit in L1 with room for the masks.
#define SD_FIELD_CHUNK 256
/// Below this |strength| (and |falloff|) UIKit treats the value as zero.
#define SD_FIELD_EPSILON (1.0 / 32768.0)

/// One member of a field: a body slot and the generation it had when added (a destroyed body's entry is
/// pruned at the next step, so a reused slot never inherits membership).
typedef struct sdFieldMember {
    int32_t body;
    uint32_t generation;
} sdFieldMember;

typedef struct sdField {
    sdFieldKind kind;
    sdFieldParams params;
    sdRegionNode* region;   // postfix program; NULL = infinite
    int32_t regionCount;
    int32_t regionDepth;    // masks the program needs at once
    sdFieldEvaluator evaluator;
    void* evaluatorContext;
    sdFieldMember* members;
    int32_t memberCount, memberCapacity;
    double phase;           // Σ h·animationSpeed over the substeps evaluated
    double time;            // Σ h over the substeps evaluated
} sdField;

/// Chunk buffers, 64-byte aligned so vector loads never split a cache line.
typedef struct sdFieldChunk {
    _Alignas(64) double x[SD_FIELD_CHUNK];
    _Alignas(64) double y[SD_FIELD_CHUNK];
    _Alignas(64) double vx[SD_FIELD_CHUNK];
    _Alignas(64) double vy[SD_FIELD_CHUNK];
    _Alignas(64) double mass[SD_FIELD_CHUNK];
    _Alignas(64) double charge[SD_FIELD_CHUNK];
    _Alignas(64) double r[SD_FIELD_CHUNK];
    _Alignas(64) double fall[SD_FIELD_CHUNK];
    _Alignas(64) double rho[SD_FIELD_CHUNK];  // max(r, minimumRadius)
    _Alignas(64) double fx[SD_FIELD_CHUNK];
    _Alignas(64) double fy[SD_FIELD_CHUNK];
    _Alignas(64) double nx[SD_FIELD_CHUNK];   // noise sample coordinates, then n·∂n/∂x
    _Alignas(64) double ny[SD_FIELD_CHUNK];
    _Alignas(64) double nz[SD_FIELD_CHUNK];
    _Alignas(64) double sx[SD_FIELD_CHUNK];   // sample positions, world coordinates
    _Alignas(64) double sy[SD_FIELD_CHUNK];
    _Alignas(64) double sumX[SD_FIELD_CHUNK]; // the bodies' force sums
    _Alignas(64) double sumY[SD_FIELD_CHUNK];
    _Alignas(64) double one[SD_FIELD_CHUNK];  // all 1.0: the weight of laws that take neither mass nor charge
    _Alignas(64) uint8_t awake[SD_FIELD_CHUNK];
    _Alignas(64) uint8_t inside[SD_FIELD_CHUNK]; // awake and in the region of the field being evaluated
    _Alignas(64) int32_t body[SD_FIELD_CHUNK];
    double localX, localY;  // the field position x, y are relative to (valid when hasLocal)
    bool hasLocal;          // x, y hold positions relative to (localX, localY)
    bool hasDistance;       // r holds their distances
} sdFieldChunk;

/// Every field of a world, and the per-body accumulators the free-velocity stage reads.
typedef struct sdFieldSet {
    sdField fields[sdMaxFields];
    uint8_t alive[sdMaxFields];
    uint32_t generation[sdMaxFields];
    int32_t freeSlots[sdMaxFields];
    int32_t freeCount, slotCount, count;
    bool hasVelocityField;
    uint64_t prunedVersion;  // the world's topologyVersion when dead members were last pruned
    double seconds;          // time spent evaluating fields in the current (or last) step
    uint64_t membershipVersion, groupedVersion; // bumped by every change to member lists / when runs were found
    int32_t groupEnd[sdMaxFields]; // force fields f..groupEnd[f]−1 are consecutive and share f's member list

    // Per body slot, sized to the world's capacity. Zero for every body that is no member of a live field.
    int32_t bodyCapacity;
    double* forceX;         // field forces of this substep, kg·pt/s²
    double* forceY;
    double* velocityX;      // velocity fields: the velocity to set, pt/s (sum over the fields containing the body)
    double* velocityY;
    uint8_t* setsVelocity;  // 1 when a velocity field contains the body this substep
    uint32_t* membership;   // bit f: member of field slot f (valid for the generation below)
    uint32_t* membershipGeneration;

    // Scratch, grown outside the step (field creation, region changes, member additions).
    uint8_t* masks;         // maskDepth × SD_FIELD_CHUNK
    int32_t maskDepth;
    int32_t batchCapacity;  // custom fields: the members inside the region, for the one call per substep
    double* batch;          // 8 × batchCapacity: x, y, vx, vy, mass, charge, fx, fy
    int32_t* batchBody;
    sdFieldChunk* chunk;
} sdFieldSet;

/// What the free-velocity stage adds: NULL arrays when the world has no field (no velocity field).
typedef struct sdFieldOutput {
    const double* forceX;
    const double* forceY;
    const double* velocityX;
    const double* velocityY;
    const uint8_t* setsVelocity;
} sdFieldOutput;

// field.c
/// A chunk buffer (64-byte aligned, `one` filled), or NULL when out of memory. Freed with free().
sdFieldChunk* sd_new_chunk(void);
/// Before the substeps: drops members whose body was destroyed and grows the per-body arrays to the world's
/// capacity. outOfMemory leaves everything as it was.
sdResult sd_fields_prepare_step(sdWorld* world);
/// Frees the field set (world destruction).
void sd_fields_free(sdWorld* world);

// field_eval.c
/// Evaluates every field for substep h into the per-body accumulators.
void sd_fields_apply(sdWorld* world, double h);
/// The accumulators for the free-velocity stage.
sdFieldOutput sd_field_output(const sdWorld* world);
/// 100^k: exact by repeated multiplication for integer k (|k| ≤ 64), `pow` otherwise.
double sd_pow100(double k);
/// The force of a field (not custom, not velocity) on the n bodies of a chunk (positions relative to the field)
/// for substep h into c->fx, c->fy, before region masking.
void sd_field_law(const sdField* field, double h, int32_t n, sdFieldChunk* c);

// region.c
/// Validates a region program and gives the number of masks its evaluation holds at once.
sdResult sd_region_check(const sdRegionNode* nodes, int32_t count, int32_t* outDepth);
/// Evaluates a validated program for n ≤ SD_FIELD_CHUNK points into `masks` (its depth × SD_FIELD_CHUNK bytes)
/// and returns the result: 1 where (x[i], y[i]) is in the region, 0 elsewhere.
const uint8_t* sd_region_mask(const sdRegionNode* nodes, int32_t count, int32_t n, const double* x, const double* y,
                              uint8_t* masks);

// noise.c
/// Simplex noise with gradient over n points: n·∂n/∂x into outX, n·∂n/∂y into outY (the noise force direction).
/// Coordinates are clamped to ±10⁹.
void sd_noise_force(int32_t n, const double* x, const double* y, const double* z, double* outX, double* outY);

#endif
