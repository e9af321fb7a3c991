// The soft step's lanes in vector registers (contact_soft.c prepares and warm starts a block at a time,
// contact_soft_sweep.c sweeps): sdSoftLanes contacts side by side, each lane doing exactly the arithmetic of one
// contact at a time (same operations in the same order, no fused multiply-adds, branches as selects), so every
// result is the sequential one, bit for bit. Written with the compilers' portable vector types (GCC and Clang):
// SSE2 pairs on any x86-64, NEON on arm64, and 4-wide registers in the copies compiled for AVX2 (SD_TARGET_AVX2,
// sd_field.h) into which these always-inlined helpers go.
#ifndef SD_SOFT_LANES_H
#define SD_SOFT_LANES_H

#include "sd_solve.h"
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

/// The two bodies of each lane, as the sweep reads and pushes them.
typedef struct sdBodyLanes {
    sdV4 vx, vy, w, invMass, invInertia, dx, dy, c, s;
} sdBodyLanes;

SD_INLINE sdBodyLanes sd_gather_bodies(const sdSoftBody* bodies, const int32_t* index) {
    const sdSoftBody* b0 = &bodies[index[0]];
    const sdSoftBody* b1 = &bodies[index[1]];
    const sdSoftBody* b2 = &bodies[index[2]];
    const sdSoftBody* b3 = &bodies[index[3]];
    return (sdBodyLanes){
        .vx = {b0->vx, b1->vx, b2->vx, b3->vx},
        .vy = {b0->vy, b1->vy, b2->vy, b3->vy},
        .w = {b0->w, b1->w, b2->w, b3->w},
        .invMass = {b0->invMass, b1->invMass, b2->invMass, b3->invMass},
        .invInertia = {b0->invInertia, b1->invInertia, b2->invInertia, b3->invInertia},
        .dx = {b0->dx, b1->dx, b2->dx, b3->dx},
        .dy = {b0->dy, b1->dy, b2->dy, b3->dy},
        .c = {b0->c, b1->c, b2->c, b3->c},
        .s = {b0->s, b1->s, b2->s, b3->s},
    };
}

SD_INLINE void sd_scatter_velocities(sdSoftBody* bodies, const int32_t* index, const sdBodyLanes* lanes) {
    for (int lane = 0; lane < sdSoftLanes; ++lane) {
        sdSoftBody* body = &bodies[index[lane]];
        body->vx = lanes->vx[lane];
        body->vy = lanes->vy[lane];
        body->w = lanes->w[lane];
    }
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
    sdBodyLanes a = sd_gather_bodies(bodies, block->a);
    sdBodyLanes b = sd_gather_bodies(bodies, block->b);
    const int32_t* count = block->pointCount;
    const sdM4 counts = {count[0], count[1], count[2], count[3]};
    const sdV4 nx = sd_v4_load(block->nx), ny = sd_v4_load(block->ny);
    const bool twoPoints = count[0] == 2 || count[1] == 2 || count[2] == 2 || count[3] == 2;
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
