// The soft step's sweep (contact_soft.c), sdSoftLanes contacts at a time. A block's contacts share no moving body
// and none of them jumped ahead of an earlier contact on one of its bodies (contact_order.c), so they can be solved
// side by side: each lane reads its contact (a field of the block per vector) and its two bodies into vector
// registers, does exactly the arithmetic a one-contact-at-a-time sweep does (sd_soft_lanes.h), and the velocities
// go back. The result is the sequential sweep's, bit for bit, which the reference solver runs plainly. Static and
// kinematic bodies may sit in several lanes: nothing pushes them (zero inverse masses), so every lane writes back
// the velocity it read. On x86-64 processors with AVX2 a second copy of the sweep is compiled for 4-wide registers
// and chosen at run time (SD_AVX2_DISPATCH, sd_field.h); no FMA in either copy, so both give the same bits.
#include "sd_soft_lanes.h"

/// The normal points' impulses both pushing together, per lane: the 2×2 complementarity problem A·x + q ≥ 0,
/// x ≥ 0, x·(A·x + q) = 0 with A = [a00 a01; a01 a11] (Box2D 2.x's block solver, the soft terms on the diagonal),
/// tried as both, only the first, only the second, neither. Returns the lanes it solved; a lane it did not (A too
/// poorly conditioned: the points nearly coincide, or a one-point contact) is solved point by point instead.
SD_INLINE sdM4 sd_block_solve_lanes(sdV4 a00, sdV4 a01, sdV4 a11, sdV4 inverse00, sdV4 inverse11, sdV4 q0,
                                    sdV4 q1, sdV4* x0, sdV4* x1) {
    const sdV4 zero = sd_v4_splat(0.0);
    const sdV4 det = a00 * a11 - a01 * a01;
    const sdM4 conditioned = det > sd_v4_splat(1e-9) * a00 * a11;
    const sdV4 inverseDet = sd_v4_splat(1.0) / det;
    const sdV4 both0 = (a01 * q1 - a11 * q0) * inverseDet, both1 = (a01 * q0 - a00 * q1) * inverseDet;
    const sdM4 both = (both0 >= zero) & (both1 >= zero);
    const sdV4 first = -q0 * inverse00;
    const sdM4 onlyFirst = (first >= zero) & (a01 * first + q1 >= zero);
    const sdV4 second = -q1 * inverse11;
    const sdM4 onlySecond = (second >= zero) & (a01 * second + q0 >= zero);
    const sdM4 neither = (q0 >= zero) & (q1 >= zero);
    *x0 = sd_v4_select(both, both0, sd_v4_select(onlyFirst, first, zero));
    *x1 = sd_v4_select(both, both1, sd_v4_select(onlyFirst, zero, sd_v4_select(onlySecond, second, zero)));
    return conditioned & (both | onlyFirst | onlySecond | neither);
}

/// One block: each lane's normal points (together where the block solve holds, else in turn), then its friction
/// row bounded by μ times the normal impulses. See contact_soft.c for the model. `onePoint` (a constant wherever
/// this is inlined): no lane's contact has a second point, so its zeros are neither read nor solved (a pile of
/// circles; about a third of the pour's blocks). The results are the same either way.
SD_INLINE void sd_sweep_block(sdSoftBlock* block, sdSoftBody* bodies, const sdSoftSweepTerms* terms,
                              bool onePoint, bool bias) {
#define SD_LANE_FIELD(field) sd_v4_load(block->field)
#define SD_LANE_STORE(field, v) sd_v4_store(block->field, v)
    const int32_t* ia = block->a;
    const int32_t* ib = block->b;
    sdBodyLanes a = sd_gather_bodies(bodies, ia, !bias);
    sdBodyLanes b = sd_gather_bodies(bodies, ib, !bias);
    const sdV4 zero = sd_v4_splat(0.0);
    const sdV4 nx = SD_LANE_FIELD(nx), ny = SD_LANE_FIELD(ny);
    const int32_t* count = block->pointCount;
    const sdM4 twoPoints = (sdM4){count[0], count[1], count[2], count[3]} == 2;
    const sdM4 flags = {block->flags[0], block->flags[1], block->flags[2], block->flags[3]};
    const sdM4 pushes = (flags & sdSoftFlag_jointed) == 0, still = (flags & sdSoftFlag_still) != 0;
    const sdV4 linear = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny; // the points' shared normal speed

    // Each point's residual J·v + offset + softness·λ (zero when satisfied): a gap closes exactly, no more; an
    // overlap pushes out as a stiff damped spring (biased sweep) or just stops approaching (relax). The diagonal
    // of A is K_pp (+ softness), `inverse` its reciprocal.
    sdV4 residual[2], diagonal[2], inverse[2], impulse[2], ca[2], cb[2];
    const int points = onePoint ? 1 : 2;
    for (int p = 0; p < points; ++p) {
        ca[p] = SD_LANE_FIELD(points[p].ca);
        cb[p] = SD_LANE_FIELD(points[p].cb);
        impulse[p] = SD_LANE_FIELD(points[p].impulse);
        const sdV4 normalK = SD_LANE_FIELD(points[p].normalK), normalMass = SD_LANE_FIELD(points[p].normalMass);
        // A biased sweep reads the separation the warm start noted at these positions; the relax, after they
        // moved, works it out.
        const sdV4 separation = bias ? SD_LANE_FIELD(points[p].separation)
                                     : sd_point_separation(&block->points[p], nx, ny, &a, &b);
        const sdM4 gap = separation > zero;
        sdV4 offset = sd_v4_select(gap, separation * sd_v4_splat(terms->inverseH), zero);
        diagonal[p] = normalK;
        inverse[p] = normalMass;
        if (bias) {
            const sdM4 spring = ~gap & pushes;
            const sdSoftness* moving = &terms->moving;
            const sdSoftness* fixed = &terms->still;
            const sdV4 biasRate = sd_v4_select(still, sd_v4_splat(fixed->biasRate), sd_v4_splat(moving->biasRate));
            const sdV4 leak = sd_v4_select(still, sd_v4_splat(fixed->leak), sd_v4_splat(moving->leak));
            const sdV4 softScale = sd_v4_select(still, sd_v4_splat(fixed->softScale), sd_v4_splat(moving->softScale));
            const sdV4 limit = sd_v4_splat(-terms->maxPushOut), push = biasRate * separation;
            const sdV4 springOffset = sd_v4_select(push > limit, push, limit) + leak * normalK * impulse[p];
            offset = sd_v4_select(spring, springOffset, offset);
            diagonal[p] = sd_v4_select(spring, normalK * (sd_v4_splat(1.0) + leak), normalK);
            inverse[p] = sd_v4_select(spring, normalMass * softScale, normalMass);
        }
        residual[p] = linear + b.w * cb[p] - a.w * ca[p] + offset;
    }
    sdV4 next0 = impulse[0] - residual[0] * inverse[0];
    next0 = sd_v4_select(next0 < zero, zero, next0);
    sdV4 next1 = zero; // a one-point contact's second point stays at zero
    if (onePoint) {
        sd_push_lanes(&a, &b, nx, ny, ca[0], cb[0], next0 - impulse[0]);
    } else {
        const sdV4 k01 = SD_LANE_FIELD(k01);
        sdV4 together0, together1;
        const sdM4 solved =
            twoPoints & sd_block_solve_lanes(diagonal[0], k01, diagonal[1], inverse[0], inverse[1],
                                             residual[0] - (diagonal[0] * impulse[0] + k01 * impulse[1]),
                                             residual[1] - (k01 * impulse[0] + diagonal[1] * impulse[1]), &together0,
                                             &together1);
        // The first point; then the second, which in turn sees the speeds the first one's impulse changed.
        next0 = sd_v4_select(solved, together0, next0);
        sd_push_lanes(&a, &b, nx, ny, ca[0], cb[0], next0 - impulse[0]);
        const sdV4 again = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny + b.w * cb[1] - a.w * ca[1];
        const sdV4 residual1 = residual[1] + (again - (linear + b.w * cb[1] - a.w * ca[1]));
        next1 = impulse[1] - residual1 * inverse[1];
        next1 = sd_v4_select(solved, together1, sd_v4_select(next1 < zero, zero, next1));
        next1 = sd_v4_select(twoPoints, next1, impulse[1]);
        sd_push_lanes(&a, &b, nx, ny, ca[1], cb[1], next1 - impulse[1]);
    }
    const sdV4 nexts[2] = {next0, next1};
    for (int p = 0; p < points; ++p) {
        SD_LANE_STORE(points[p].impulse, nexts[p]);
        const sdV4 largest = SD_LANE_FIELD(points[p].maxImpulse);
        SD_LANE_STORE(points[p].maxImpulse, sd_v4_select(nexts[p] > largest, nexts[p], largest));
    }

    // Friction, bounded by μ times the contact's normal impulses.
    const sdV4 bound = SD_LANE_FIELD(friction) * (zero + next0 + next1);
    const sdV4 tx = -ny, fca = SD_LANE_FIELD(fca), fcb = SD_LANE_FIELD(fcb);
    const sdV4 tangentImpulse = SD_LANE_FIELD(tangentImpulse);
    const sdV4 tangentSpeed = (b.vx - a.vx) * tx + (b.vy - a.vy) * nx + b.w * fcb - a.w * fca;
    sdV4 friction = tangentImpulse - SD_LANE_FIELD(tangentMass) * tangentSpeed;
    friction = sd_v4_select(friction > bound, bound, friction);
    friction = sd_v4_select(friction < -bound, -bound, friction);
    sd_push_lanes(&a, &b, tx, nx, fca, fcb, friction - tangentImpulse);
    SD_LANE_STORE(tangentImpulse, friction);
#undef SD_LANE_FIELD
#undef SD_LANE_STORE

    sd_scatter_velocities(bodies, ia, &a);
    sd_scatter_velocities(bodies, ib, &b);
}

/// How many blocks ahead a sweep or warm start fetches the block it will read: a pile of 100,000 items has 80 MB of
/// blocks, streamed from memory every sweep, and the hardware's prefetcher left the sweep waiting on them.
#define sdSweepAhead 4

/// Islands of at most this many blocks (about 1 MB, half the L2 of the machines measured) sweep without fetching
/// ahead: their blocks stay in the cache from pass to pass, and the fetches were 17 of a block's ~400 instructions.
#define sdSweepFetchBlocks 1024

/// Fetches block k + sdSweepAhead of [.., last) (the lines a sweep reads: a one-point block's second points only
/// when it has them is not known yet, so all of them).
SD_INLINE void sd_fetch_block_ahead(const sdSoftBlock* soft, int32_t k, int32_t last) {
    if (k + sdSweepAhead >= last) return;
    const char* block = (const char*)&soft[k + sdSweepAhead];
    for (size_t at = 0; at < sizeof(sdSoftBlock); at += 64) SD_PREFETCH(block + at);
}

/// The `last` for sd_fetch_block_ahead over blocks [first, end): none to fetch in a small island.
SD_INLINE int32_t sd_fetch_last(int32_t first, int32_t end) { return end - first > sdSweepFetchBlocks ? end : 0; }

/// Blocks [first, end) of the lanes, `bias` a constant once inlined (one test a sweep, not one a block).
SD_INLINE void sd_sweep_blocks(sdSoftBlock* soft, int32_t first, int32_t end, sdSoftBody* bodies,
                               const sdSoftSweepTerms* terms, bool bias) {
    const int32_t fetchLast = sd_fetch_last(first, end);
    for (int32_t k = first; k < end; ++k) {
        sd_fetch_block_ahead(soft, k, fetchLast);
        // Each case its own copy (constants once inlined): a biased sweep gathers no motion, a one-point block
        // reads no second points.
        if (!sd_block_has_two_points(soft[k].pointCount)) sd_sweep_block(&soft[k], bodies, terms, true, bias);
        else sd_sweep_block(&soft[k], bodies, terms, false, bias);
    }
}

SD_INLINE void sd_sweep_range(sdSoftBlock* soft, int32_t first, int32_t end, sdSoftBody* bodies,
                              const sdSoftSweepTerms* terms) {
    // The terms in a local: the sweep's stores of doubles might, for all the compiler knows, change *terms, so it
    // loaded and broadcast them again for every block.
    const sdSoftSweepTerms local = *terms;
    if (local.bias) sd_sweep_blocks(soft, first / sdSoftLanes, end / sdSoftLanes, bodies, &local, true);
    else sd_sweep_blocks(soft, first / sdSoftLanes, end / sdSoftLanes, bodies, &local, false);
}

static void sd_sweep_range_generic(sdSoftBlock* soft, int32_t first, int32_t end, sdSoftBody* bodies,
                                   const sdSoftSweepTerms* terms) {
    sd_sweep_range(soft, first, end, bodies, terms);
}

#if SD_AVX2_DISPATCH
/// The same sweep in 4-wide registers (AVX2 without FMA: the same roundings as the baseline copy).
SD_TARGET_AVX2 static void sd_sweep_range_avx2(sdSoftBlock* soft, int32_t first, int32_t end, sdSoftBody* bodies,
                                               const sdSoftSweepTerms* terms) {
    sd_sweep_range(soft, first, end, bodies, terms);
}
#endif

SD_INLINE void sd_warm_start_range(sdSoftBlock* soft, int32_t first, int32_t end, sdSoftBody* bodies) {
    const int32_t fetchLast = sd_fetch_last(first / sdSoftLanes, end / sdSoftLanes);
    for (int32_t k = first / sdSoftLanes; k < end / sdSoftLanes; ++k) {
        sd_fetch_block_ahead(soft, k, fetchLast);
        sd_warm_start_block(&soft[k], bodies);
    }
}

static void sd_warm_start_range_generic(sdSoftBlock* soft, int32_t first, int32_t end, sdSoftBody* bodies) {
    sd_warm_start_range(soft, first, end, bodies);
}

#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_warm_start_range_avx2(sdSoftBlock* soft, int32_t first, int32_t end,
                                                    sdSoftBody* bodies) {
    sd_warm_start_range(soft, first, end, bodies);
}
#endif

void sd_soft_warm_start_lanes(sdWorld* world, const sdContactIsland* island) {
    sdCollisionState* c = &world->collision;
    const int32_t first = island->slotStart, end = island->slotStart + island->slotCount;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) {
        sd_warm_start_range_avx2(c->soft, first, end, c->softBodies);
        return;
    }
#endif
    sd_warm_start_range_generic(c->soft, first, end, c->softBodies);
}

void sd_soft_sweep_lanes(sdWorld* world, const sdContactIsland* island, const sdSoftSweepTerms* terms) {
    sdCollisionState* c = &world->collision;
    const int32_t first = island->slotStart, end = island->slotStart + island->slotCount;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) {
        sd_sweep_range_avx2(c->soft, first, end, c->softBodies, terms);
        return;
    }
#endif
    sd_sweep_range_generic(c->soft, first, end, c->softBodies, terms);
}
