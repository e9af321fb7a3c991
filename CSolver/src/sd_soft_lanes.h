// The soft step's lanes in vector registers (contact_soft.c prepares and warm starts a block at a time,
// contact_soft_sweep.c sweeps): sdSoftLanes contacts side by side, each lane doing exactly the arithmetic of one
// contact at a time (same operations in the same order, no fused multiply-adds, branches as selects), so every
// result is the sequential one, bit for bit. Written with the compilers' portable vector types (GCC and Clang):
// SSE2 pairs on any x86-64, NEON on arm64, and 4-wide registers in the copies compiled for AVX2 (SD_TARGET_AVX2,
// sd_field.h) into which these always-inlined helpers go.
#ifndef SD_SOFT_LANES_H
#define SD_SOFT_LANES_H

#include "sd_solve.h"
#include <stddef.h>
#include <string.h>

_Static_assert(sdSoftLanes == 4, "the sweep's vectors hold four lanes");

// The helpers below take and return 32-byte vectors; they are always inlined, so no call ever passes one across
// an ABI boundary, and the warning that such a call would differ between the baseline and AVX copies is moot.
#pragma GCC diagnostic ignored "-Wpsabi"

typedef double sdV4 __attribute__((vector_size(32), aligned(8)));
typedef int64_t sdM4 __attribute__((vector_size(32), aligned(8)));

SD_INLINE sdV4 sd_v4_splat(double x) { return (sdV4){x, x, x, x}; }
/// A block's field (one entry per lane) as a vector, and back.
SD_INLINE sdV4 sd_v4_load(const double* lanes) {
    sdV4 v;
    memcpy(&v, lanes, sizeof v);
    return v;
}
SD_INLINE void sd_v4_store(double* lanes, sdV4 v) { memcpy(lanes, &v, sizeof v); }
/// √ of each lane, correctly rounded as sqrt (a macro: a vector argument would change the call ABI by target).
#if __has_builtin(__builtin_elementwise_sqrt)
#define SD_V4_SQRT(x) __builtin_elementwise_sqrt(x)
#else
#define SD_V4_SQRT(x) ((sdV4){sqrt((x)[0]), sqrt((x)[1]), sqrt((x)[2]), sqrt((x)[3])})
#endif
/// Lane by lane: `yes` where the mask is set, else `no`.
SD_INLINE sdV4 sd_v4_select(sdM4 mask, sdV4 yes, sdV4 no) {
    return (sdV4)(((sdM4)yes & mask) | ((sdM4)no & ~mask));
}

/// Four consecutive doubles at `at` (any alignment) as a vector.
SD_INLINE sdV4 sd_v4_load_bytes(const void* at) {
    sdV4 v;
    memcpy(&v, at, sizeof v);
    return v;
}

/// The 4×4 transpose: row l's j-th double becomes lane l of column j. Eight shuffles for sixteen doubles, where
/// building each column from scalars took five loads and inserts (a record's consecutive fields, four lanes' records).
SD_INLINE void sd_v4_transpose(sdV4 r0, sdV4 r1, sdV4 r2, sdV4 r3, sdV4* c0, sdV4* c1, sdV4* c2, sdV4* c3) {
#if __has_builtin(__builtin_shufflevector)
    const sdV4 even01 = __builtin_shufflevector(r0, r1, 0, 4, 2, 6), odd01 = __builtin_shufflevector(r0, r1, 1, 5, 3, 7);
    const sdV4 even23 = __builtin_shufflevector(r2, r3, 0, 4, 2, 6), odd23 = __builtin_shufflevector(r2, r3, 1, 5, 3, 7);
    *c0 = __builtin_shufflevector(even01, even23, 0, 1, 4, 5);
    *c1 = __builtin_shufflevector(odd01, odd23, 0, 1, 4, 5);
    *c2 = __builtin_shufflevector(even01, even23, 2, 3, 6, 7);
    *c3 = __builtin_shufflevector(odd01, odd23, 2, 3, 6, 7);
#else
    *c0 = (sdV4){r0[0], r1[0], r2[0], r3[0]};
    *c1 = (sdV4){r0[1], r1[1], r2[1], r3[1]};
    *c2 = (sdV4){r0[2], r1[2], r2[2], r3[2]};
    *c3 = (sdV4){r0[3], r1[3], r2[3], r3[3]};
#endif
}

/// Four consecutive double fields of `type`, from `first` on, of the four records at `record[l]` as lane vectors.
#define SD_RECORD_LANES(type, record, first, c0, c1, c2, c3)                                                          \
    sd_v4_transpose(sd_v4_load_bytes((const char*)(record)[0] + offsetof(type, first)),                             \
                    sd_v4_load_bytes((const char*)(record)[1] + offsetof(type, first)),                             \
                    sd_v4_load_bytes((const char*)(record)[2] + offsetof(type, first)),                             \
                    sd_v4_load_bytes((const char*)(record)[3] + offsetof(type, first)), c0, c1, c2, c3)

/// A block's lane body (sdSoftBlock.a, .b: its local slot × sdSoftBodyDoubles), to write and to read.
SD_INLINE sdSoftBody* sd_lane_body(sdSoftBody* bodies, int32_t lane) {
    return (sdSoftBody*)((char*)bodies + (ptrdiff_t)lane * (ptrdiff_t)sizeof(double));
}
SD_INLINE const sdSoftBody* sd_lane_body_read(const sdSoftBody* bodies, int32_t lane) {
    return (const sdSoftBody*)((const char*)bodies + (ptrdiff_t)lane * (ptrdiff_t)sizeof(double));
}

/// Whether a lane of the block has a second point: counts are 0, 1 or 2, and only 2 sets bit 1, so one test of
/// the four counts or'ed together (four compares and branches before).
_Static_assert(sizeof(((sdSoftBlock*)0)->points) / sizeof(((sdSoftBlock*)0)->points[0]) == 2,
               "a lane has at most two points");
SD_INLINE bool sd_block_has_two_points(const int32_t* count) {
    return ((count[0] | count[1] | count[2] | count[3]) & 2) != 0;
}

/// The two bodies of each lane, as the sweep reads and pushes them.
typedef struct sdBodyLanes {
    sdV4 vx, vy, w, invMass, invInertia, dx, dy, c, s;
} sdBodyLanes;

_Static_assert(offsetof(sdSoftBody, vy) == offsetof(sdSoftBody, vx) + 8 &&
                   offsetof(sdSoftBody, w) == offsetof(sdSoftBody, vx) + 16 &&
                   offsetof(sdSoftBody, invMass) == offsetof(sdSoftBody, vx) + 24 &&
                   offsetof(sdSoftBody, dx) == offsetof(sdSoftBody, invInertia) + 8 &&
                   offsetof(sdSoftBody, dy) == offsetof(sdSoftBody, invInertia) + 16 &&
                   offsetof(sdSoftBody, c) == offsetof(sdSoftBody, invInertia) + 24,
               "a soft body's velocity and inverse mass, and its inverse inertia and motion, are transposed in fours");

/// The lanes' bodies. `motion`: with their motion since the step's start (dx, dy, c, s; the relax and warm start
/// read it), transposed as the velocities; else the inverse inertia and s lane by lane, and dx, dy and c zero (the
/// callers read none of the motion: the compiler drops what they do not read).
SD_INLINE sdBodyLanes sd_gather_bodies(const sdSoftBody* bodies, const int32_t* index, bool motion) {
    const sdSoftBody* body[sdSoftLanes] = {sd_lane_body_read(bodies, index[0]), sd_lane_body_read(bodies, index[1]),
                                           sd_lane_body_read(bodies, index[2]), sd_lane_body_read(bodies, index[3])};
    sdBodyLanes lanes;
    SD_RECORD_LANES(sdSoftBody, body, vx, &lanes.vx, &lanes.vy, &lanes.w, &lanes.invMass);
    if (motion) {
        SD_RECORD_LANES(sdSoftBody, body, invInertia, &lanes.invInertia, &lanes.dx, &lanes.dy, &lanes.c);
    } else {
        lanes.invInertia = (sdV4){body[0]->invInertia, body[1]->invInertia, body[2]->invInertia, body[3]->invInertia};
        lanes.dx = lanes.dy = lanes.c = sd_v4_splat(0.0);
    }
    lanes.s = (sdV4){body[0]->s, body[1]->s, body[2]->s, body[3]->s};
    return lanes;
}

/// The lanes' velocities back to their bodies, lane after lane (a still body in several lanes keeps the last
/// lane's, as lane-by-lane stores leave it). Each body's four doubles from vx on are written at once, its inverse
/// mass with the value it was gathered with: no lane changes one.
SD_INLINE void sd_scatter_velocities(sdSoftBody* bodies, const int32_t* index, const sdBodyLanes* lanes) {
    sdV4 row[sdSoftLanes];
    sd_v4_transpose(lanes->vx, lanes->vy, lanes->w, lanes->invMass, &row[0], &row[1], &row[2], &row[3]);
    for (int lane = 0; lane < sdSoftLanes; ++lane)
        memcpy((char*)sd_lane_body(bodies, index[lane]) + offsetof(sdSoftBody, vx), &row[lane], sizeof row[lane]);
}

/// Lane by lane: the velocities of `pushed` where the mask is set, else those `body` has (into `body`).
SD_INLINE void sd_select_velocities(sdM4 mask, const sdBodyLanes* pushed, sdBodyLanes* body) {
    body->vx = sd_v4_select(mask, pushed->vx, body->vx);
    body->vy = sd_v4_select(mask, pushed->vy, body->vy);
    body->w = sd_v4_select(mask, pushed->w, body->w);
}

/// Applies impulse p along a row in every lane: −p to A, +p to B (sd_push, lane by lane).
SD_INLINE void sd_push_lanes(sdBodyLanes* a, sdBodyLanes* b, sdV4 dx, sdV4 dy, sdV4 ca, sdV4 cb, sdV4 p) {
    a->vx = a->vx - a->invMass * p * dx;
    a->vy = a->vy - a->invMass * p * dy;
    a->w = a->w - a->invInertia * p * ca;
    b->vx = b->vx + b->invMass * p * dx;
    b->vy = b->vy + b->invMass * p * dy;
    b->w = b->w + b->invInertia * p * cb;
}

/// A point's separation in every lane at the bodies' motion since the step's start: the step's start separation
/// along the normal, plus the centres' motion, plus the turning anchors.
SD_INLINE sdV4 sd_point_separation(const sdSoftPointLanes* sp, sdV4 nx, sdV4 ny, const sdBodyLanes* a,
                                   const sdBodyLanes* b) {
    return sd_v4_load(sp->baseSeparation) + (b->dx - a->dx) * nx + (b->dy - a->dy) * ny + b->c * sd_v4_load(sp->pb) +
           b->s * sd_v4_load(sp->qb) - a->c * sd_v4_load(sp->pa) - a->s * sd_v4_load(sp->qa);
}

/// The warm start of a block: each lane's points' and friction row's accumulated impulses applied to its bodies,
/// in the order a one-contact-at-a-time warm start applies them (sd_push, lane by lane). A lane without a second
/// point (or without points: padding) keeps the velocities it had, as the one-at-a-time loop skips those pushes.
/// The points' separations are noted too: the positions hold still through the substep's biased sweeps, so those
/// read them instead of gathering the bodies' motion and working them out again, sweep after sweep (a block of
/// one-point contacts has no second points: it reads none, as its lanes would skip their pushes).
SD_INLINE void sd_warm_start_block(sdSoftBlock* block, sdSoftBody* bodies) {
    sdBodyLanes a = sd_gather_bodies(bodies, block->a, true);
    sdBodyLanes b = sd_gather_bodies(bodies, block->b, true);
    const int32_t* count = block->pointCount;
    const sdM4 counts = {count[0], count[1], count[2], count[3]};
    const sdV4 nx = sd_v4_load(block->nx), ny = sd_v4_load(block->ny);
    const bool twoPoints = sd_block_has_two_points(count);
    for (int p = 0; p < (twoPoints ? 2 : 1); ++p) {
        const sdM4 has = counts > p;
        sdSoftPointLanes* sp = &block->points[p];
        sd_v4_store(sp->separation, sd_point_separation(sp, nx, ny, &a, &b));
        sdBodyLanes pushedA = a, pushedB = b;
        sd_push_lanes(&pushedA, &pushedB, nx, ny, sd_v4_load(sp->ca), sd_v4_load(sp->cb), sd_v4_load(sp->impulse));
        sd_select_velocities(has, &pushedA, &a);
        sd_select_velocities(has, &pushedB, &b);
    }
    sdBodyLanes pushedA = a, pushedB = b;
    sd_push_lanes(&pushedA, &pushedB, -ny, nx, sd_v4_load(block->fca), sd_v4_load(block->fcb),
                  sd_v4_load(block->tangentImpulse));
    sd_select_velocities(counts > 0, &pushedA, &a);
    sd_select_velocities(counts > 0, &pushedB, &b);
    sd_scatter_velocities(bodies, block->a, &a);
    sd_scatter_velocities(bodies, block->b, &b);
}

#endif
