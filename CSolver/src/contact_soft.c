// Large contact islands (piles): a soft step, in the manner of Box2D v3. Exact solves cost too much for
// thousands of coupled rows, and plain projected Gauss–Seidel with position sweeps jitters and never settles.
// Once per step (first substep) each contact becomes a constraint that holds everything a sweep reads: arms at
// the step's start (fixed for the step, as Box2D v3), angular terms, masses, one friction row at the points'
// mean arm, and what the separation needs to follow the bodies (see sd_point_separation). The island's bodies
// are packed into local slots (velocity, inverse masses, motion since the step's start) so a sweep touches one
// small record per body instead of a dozen world arrays. Per substep:
//   warm start   the impulses accumulated so far are applied again to the new free velocities
//   solve        biased sweeps: a gap closes exactly by the substep's end (speculative); an overlap pushes out
//                as a stiff damped spring (30 Hz, damping ratio 10, at most 300 pt/s) instead of a hard
//                correction. The two points of a contact are solved together (a 2×2 complementarity problem):
//                in turn they push unequally, and the torque grows into buckling in a tall stack
//   relax        after the positions moved: the same sweep without the push, so what pushed out stops
//   restitution  (last substep) impacts faster than 100 pt/s leave at e times their closing speed
// Joint rows inside such an island are solved exactly between the contact sweeps (contact_solver.c). The
// constraints sit in sweep order, cut into blocks of sdSoftLanes contacts that share no moving body
// (contact_order.c); the sweeps and the preparation go a block at a time in vector registers
// (contact_soft_sweep.c, sd_soft_lanes.h); restitution and the impulses' store go lane by lane.
#include "sd_soft_lanes.h"

/// Soft-contact stiffness (Hz, capped at a quarter of the substep rate; twice that for a contact with a body that
/// cannot move), damping ratio and push-out speed (pt/s).
#define sdSoftContactHertz 30.0
#define sdSoftContactDampingRatio 10.0
#define sdSoftMaxPushOut 300.0
/// Relaxing sweeps per substep, after the positions move (the biased ones: sdSoftIterations, sd_collision.h).
#define sdSoftRelaxIterations 1
/// Turns per substep below this (rad) update a body's rotation by a series; larger ones call cos and sin.
#define sdSoftSeriesTurn 0.2

/// The soft-constraint coefficients of stiffness `hertz` and damping ratio `zeta` over a substep h: the bias
/// rate on the error, and how much of the rigid mass the update uses (the rest of the accumulated impulse leaks).
static void sd_softness(double hertz, double zeta, double h, double* biasRate, double* massScale) {
    const double omega = 2.0 * 3.14159265358979323846 * hertz;
    const double a1 = 2.0 * zeta + h * omega;
    const double a2 = h * omega * a1;
    *biasRate = omega / a1;
    *massScale = a2 / (1.0 + a2);
}

/// Relative speed of B against A along a row: direction (dx, dy), angular terms ca, cb.
static inline double sd_speed(const sdSoftBody* a, const sdSoftBody* b, double dx, double dy, double ca, double cb) {
    return (b->vx - a->vx) * dx + (b->vy - a->vy) * dy + b->w * cb - a->w * ca;
}

/// Applies impulse p along a row: −p to A, +p to B.
static inline void sd_push(sdSoftBody* a, sdSoftBody* b, double dx, double dy, double ca, double cb, double p) {
    a->vx -= a->invMass * p * dx;
    a->vy -= a->invMass * p * dy;
    a->w -= a->invInertia * p * ca;
    b->vx += b->invMass * p * dx;
    b->vy += b->invMass * p * dy;
    b->w += b->invInertia * p * cb;
}

/// Least items a piece of the soft step's per-item passes on the world's workers takes (sd_task_pool_range):
/// bodies and blocks. An island of fewer than two pieces' worth runs on the calling thread. Each item
/// writes only its own outputs, so how the items are cut changes no result.
#define sdSoftGrainBodies 1024
#define sdSoftGrainBlocks 256

/// A pass over items [first, end) in which each item's work is its own (it writes only that item's outputs).
typedef void (*sdSoftPass)(sdWorld* world, int32_t first, int32_t end);

typedef struct sdSoftRange {
    sdWorld* world;
    sdSoftPass pass;
    int32_t first;
} sdSoftRange;

static void sd_soft_range_piece(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    const sdSoftRange* range = context;
    range->pass(range->world, range->first + begin, range->first + end);
}

/// Runs `pass` over items [first, end) in pieces of at least `grain` items on the world's workers.
static void sd_soft_run(sdWorld* world, sdSoftPass pass, int32_t first, int32_t end, int32_t grain) {
    sdSoftRange range = {.world = world, .pass = pass, .first = first};
    sd_task_pool_range(world->tasks, sd_soft_range_piece, &range, end - first, grain, 1);
}

/// Reads the world's velocity of local slot k's body into its record.
static inline void sd_gather_soft_velocity(sdWorld* world, int32_t k) {
    sdCollisionState* c = &world->collision;
    const int32_t i = c->softBodySlot[k];
    sdSoftBody* body = &c->softBodies[k];
    body->vx = world->vx[i];
    body->vy = world->vy[i];
    body->w = world->w[i];
}

static void sd_gather_soft_velocity_range(sdWorld* world, int32_t first, int32_t end) {
    for (int32_t k = first; k < end; ++k) sd_gather_soft_velocity(world, k);
}

/// Reads the world's velocities of the island's bodies into their local slots.
void sd_gather_soft_velocities(sdWorld* world, const sdContactIsland* island) {
    sd_soft_run(world, sd_gather_soft_velocity_range, island->bodyStart, island->bodyStart + island->bodyCount,
                sdSoftGrainBodies);
}

static void sd_finish_soft_velocity_range(sdWorld* world, int32_t first, int32_t end) {
    const sdCollisionState* c = &world->collision;
    for (int32_t k = first; k < end; ++k) {
        const sdSoftBody* body = &c->softBodies[k];
        if (body->invMass == 0.0 && body->invInertia == 0.0) continue; // nothing pushed it
        const int32_t i = c->softBodySlot[k];
        world->vx[i] = body->vx;
        world->vy[i] = body->vy;
        world->w[i] = body->w;
    }
}

void sd_finish_soft_velocities(sdWorld* world, const sdContactIsland* island) {
    sd_soft_run(world, sd_finish_soft_velocity_range, island->bodyStart, island->bodyStart + island->bodyCount,
                sdSoftGrainBodies);
}

/// Reads how far local slot k's body moved since the step's start. A turn is followed by rotating the kept
/// cos/sin by this substep's increment δ: for small δ by cos δ ≈ 1 − δ²/2, sin δ ≈ δ − δ³/6 and renormalising
/// (error O(δ⁵), far below what a soft contact resolves), for larger ones by cos and sin.
static inline void sd_gather_soft_motion_of(sdWorld* world, int32_t k) {
    sdCollisionState* c = &world->collision;
    const int32_t i = c->softBodySlot[k];
    sdSoftBody* body = &c->softBodies[k];
    body->dx = world->x[i] - c->collideX[i];
    body->dy = world->y[i] - c->collideY[i];
    const double delta = world->angle[i] - c->softBodyAngle[k];
    if (delta == 0.0) return;
    c->softBodyAngle[k] = world->angle[i];
    double dc, ds;
    if (fabs(delta) < sdSoftSeriesTurn) {
        const double d2 = delta * delta;
        dc = 1.0 - 0.5 * d2;
        ds = delta - delta * d2 * (1.0 / 6.0);
    } else {
        dc = cos(delta);
        ds = sin(delta);
    }
    const double nc = body->c * dc - body->s * ds, ns = body->s * dc + body->c * ds;
    const double scale = 1.0 / sqrt(nc * nc + ns * ns);
    body->c = nc * scale;
    body->s = ns * scale;
}

static void sd_gather_soft_motion_range(sdWorld* world, int32_t first, int32_t end) {
    for (int32_t k = first; k < end; ++k) sd_gather_soft_motion_of(world, k);
}

/// A substep's start: each body's velocity and motion (separate fields of its record) in one pass.
static void sd_gather_soft_start_range(sdWorld* world, int32_t first, int32_t end) {
    for (int32_t k = first; k < end; ++k) {
        sd_gather_soft_velocity(world, k);
        sd_gather_soft_motion_of(world, k);
    }
}

/// Gives each body of the island's contacts a provisional local slot, in order of first appearance, and records each
/// contact's two (softEnds) and each slot's world body (softBodySlot): what the ordering reads. The slots are
/// numbered again in lane order once the lanes are laid out (sd_fill_soft_bodies). Static bodies get one slot per
/// island too: they never move, and a shared slot would make islands write the same memory.
static void sd_number_soft_bodies(sdWorld* world, sdContactIsland* island, int32_t* next) {
    sdCollisionState* c = &world->collision;
    // The bounds and the count in locals: the slot stores are int32_t, as the island's fields and *next, so the
    // compiler read those again after every store.
    const int32_t bodyStart = *next, begin = island->contactStart, end = begin + island->contactCount;
    int32_t count = bodyStart;
    for (int32_t q = begin; q < end; ++q) {
        const int32_t k = c->activeContacts[q];
        const int32_t ends[2] = {c->contactBodies[2 * k], c->contactBodies[2 * k + 1]}; // not the contact's record
        for (int e = 0; e < 2; ++e) {
            const int32_t i = ends[e];
            if (c->softLocal[i] < bodyStart) { // not seen in this island yet
                const int32_t local = count++;
                c->softLocal[i] = local;
                c->softBodySlot[local] = i;
            }
            c->softEnds[2 * q + e] = c->softLocal[i];
        }
    }
    island->bodyStart = bodyStart;
    island->bodyCount = count - bodyStart;
    *next = count;
}

/// Fills the records of provisional slots [first, end) at their final slots (sd_fill_soft_bodies): each body's
/// own, from the world's arrays.
static void sd_fill_soft_body_range(sdWorld* world, int32_t first, int32_t end) {
    sdCollisionState* c = &world->collision;
    const sdSolverScratch* s = &world->scratch;
    const int32_t* renamed = c->softDepth;
    int32_t* slots = c->softAdjacency;
    for (int32_t k = first; k < end; ++k) {
        const int32_t local = renamed[k], i = c->softBodySlot[k];
        slots[local] = i;
        c->softBodyAngle[local] = world->angle[i];
        sdSoftBody* body = &c->softBodies[local];
        body->vx = world->vx[i];
        body->vy = world->vy[i];
        body->w = world->w[i];
        body->invMass = world->invMass[i];
        body->invInertia = world->invInertia[i];
        body->dx = world->x[i] - c->collideX[i];
        body->dy = world->y[i] - c->collideY[i];
        body->c = 1.0; // the step starts at the collision pass's pose
        body->s = 0.0;
        c->softBodyStart[local] = (sdSoftStart){.v0x = s->v0x[i], .v0y = s->v0y[i], .w0 = s->w0[i],
                                                .vx = world->vx[i], .vy = world->vy[i], .w = world->w[i]};
    }
}

/// Numbers the island's bodies again in the order the lanes first touch them and fills their records, so the
/// sweeps' and the preparation's gathers walk the bodies forward, a block's new bodies side by side, instead of
/// in the contacts' order (at 100,000 items 7 MB gathered at random, eight bodies a block). Only the names change:
/// every lane keeps its two bodies, and each body's arithmetic is the same. The records are filled in the
/// provisional order, which reads the world's arrays nearly in order (a pile's contacts come sorted by shape); their
/// writes take the scatter. The ordering's scratch is free now: `renamed` maps a provisional slot to its final one,
/// `slots` the final slots to their world bodies.
static void sd_fill_soft_bodies(sdWorld* world, const sdContactIsland* island) {
    sdCollisionState* c = &world->collision;
    const int32_t first = island->bodyStart, last = island->bodyStart + island->bodyCount;
    int32_t* renamed = c->softDepth;
    int32_t* slots = c->softAdjacency;
    for (int32_t k = first; k < last; ++k) renamed[k] = -1;
    int32_t next = first;
    // (Bounds and arrays in locals: the renaming stores int32_t, as the island's fields.)
    const int32_t firstLane = island->slotStart, endLane = island->slotStart + island->slotCount;
    const int32_t* laneContact = c->softSlotContact;
    int32_t* laneBodies = c->softLaneBodies;
    for (int32_t lane = firstLane; lane < endLane; ++lane) {
        if (laneContact[lane] < 0) continue; // padding: the null body
        for (int e = 0; e < 2; ++e) {
            int32_t* end = &laneBodies[2 * lane + e];
            if (renamed[*end] < 0) renamed[*end] = next++;
            *end = renamed[*end];
        }
    }
    sd_soft_run(world, sd_fill_soft_body_range, first, last, sdSoftGrainBodies);
    memcpy(&c->softBodySlot[first], &slots[first], (size_t)(last - first) * sizeof *slots);
}

/// The null body padding lanes join: at rest, no mass to push, no motion.
static int32_t sd_null_soft_body(sdCollisionState* c) {
    const int32_t k = c->softBodyCapacity - 1;
    c->softBodies[k] = (sdSoftBody){.c = 1.0};
    return k;
}

/// A padding lane's contact and its bodies' start: no points, nothing moving.
static const sdContact sdNoContact;
static const sdSoftStart sdNoStart;

/// The preparation fetches a record from its point count to its last point's normal impulse, or a one-point
/// contact's tangent impulse (sd_prepare_range): what it reads and writes of a point lies before those.
_Static_assert(offsetof(sdContactPoint, normalImpulse) > offsetof(sdContactPoint, approachVelocity) &&
                   offsetof(sdContactPoint, normalImpulse) > offsetof(sdContactPoint, separation) &&
                   offsetof(sdContactPoint, normalImpulse) > offsetof(sdContactPoint, offsetBY) &&
                   offsetof(sdContactPoint, tangentImpulse) > offsetof(sdContactPoint, normalImpulse) &&
                   offsetof(sdContact, pointCount) < offsetof(sdContact, normalX) &&
                   offsetof(sdContact, restitution) < offsetof(sdContact, points),
               "the preparation's fields of a contact lie between its point count and its last normal impulse");

/// How many blocks ahead of the one it prepares the preparation fetches the lanes' contact records and bodies.
#define sdPrepareAhead 2

/// Builds the constraints of a block's lanes from their contacts (arms, masses, separations, closing speeds) and
/// warm starts them: four lanes at a time, each doing what one contact at a time does, in the same order. A padding
/// lane gets zeros and the null body at both ends, a one-point contact's second point zeros.
SD_INLINE void sd_prepare_block(sdCollisionState* c, int32_t index, int32_t nullBody, double h, bool warm) {
    sdSoftBlock* block = &c->soft[index];
    const int32_t slot = index * sdSoftLanes;
    const sdContact* contact[sdSoftLanes];
    sdContact* written[sdSoftLanes]; // the lanes' contacts, which take their points' approach speeds (NULL: padding)
    const sdSoftStart* startA[sdSoftLanes];
    const sdSoftStart* startB[sdSoftLanes];
    for (int l = 0; l < sdSoftLanes; ++l) {
        const int32_t k = c->softSlotContact[slot + l];
        written[l] = k < 0 ? NULL : &c->contacts[k];
        contact[l] = k < 0 ? &sdNoContact : written[l];
        const int32_t bodyA = k < 0 ? nullBody : c->softLaneBodies[2 * (slot + l)];
        const int32_t bodyB = k < 0 ? nullBody : c->softLaneBodies[2 * (slot + l) + 1];
        block->a[l] = bodyA * sdSoftBodyDoubles;
        block->b[l] = bodyB * sdSoftBodyDoubles;
        block->pointCount[l] = contact[l]->pointCount;
        startA[l] = k < 0 ? &sdNoStart : &c->softBodyStart[bodyA];
        startB[l] = k < 0 ? &sdNoStart : &c->softBodyStart[bodyB];
    }
#define SD_CONTACT_LANES(field) ((sdV4){contact[0]->field, contact[1]->field, contact[2]->field, contact[3]->field})
#define SD_START_LANES(start, field) ((sdV4){start[0]->field, start[1]->field, start[2]->field, start[3]->field})
    // The bodies' local records hold the world's inverse masses (their velocities take the warm starts; the closing
    // speeds read the velocities the step found, kept apart).
    const sdBodyLanes a = sd_gather_bodies(c->softBodies, block->a, false),
                      b = sd_gather_bodies(c->softBodies, block->b, false);
    const sdV4 ima = a.invMass, imb = b.invMass, iia = a.invInertia, iib = b.invInertia;
    const sdV4 zero = sd_v4_splat(0.0), one = sd_v4_splat(1.0);
    const int32_t* count = block->pointCount;
    const sdM4 counts = {count[0], count[1], count[2], count[3]};
    const sdV4 nx = SD_CONTACT_LANES(normalX), ny = SD_CONTACT_LANES(normalY), tx = -ny, ty = nx;
    const sdV4 restitution = SD_CONTACT_LANES(restitution);
    // The bodies' start and free velocities, gathered once for both points (the stores of the approach speeds
    // below could, for all the compiler knows, change them).
    const sdV4 dv0x = SD_START_LANES(startB, v0x) - SD_START_LANES(startA, v0x);
    const sdV4 dv0y = SD_START_LANES(startB, v0y) - SD_START_LANES(startA, v0y);
    const sdV4 dvx = SD_START_LANES(startB, vx) - SD_START_LANES(startA, vx);
    const sdV4 dvy = SD_START_LANES(startB, vy) - SD_START_LANES(startA, vy);
    const sdV4 w0a = SD_START_LANES(startA, w0), w0b = SD_START_LANES(startB, w0);
    const sdV4 wa = SD_START_LANES(startA, w), wb = SD_START_LANES(startB, w);
    sdV4 sumAx = zero, sumAy = zero, sumBx = zero, sumBy = zero, ca[2], cb[2];
    sdM4 bounces = {0, 0, 0, 0};
    // A block of one-point contacts (a block holds one kind) has no second points: their lines are neither read
    // nor written (the sweeps, warm starts, restitution and store go by the point counts).
    const bool twoPoints = sd_block_has_two_points(count);
    if (!twoPoints) ca[1] = cb[1] = zero;
    for (int p = 0; p < (twoPoints ? 2 : 1); ++p) {
#define SD_POINT_LANES(field) SD_CONTACT_LANES(points[p].field)
        const sdM4 has = counts > p;
        // At the step's start the bodies are where the collision pass saw them: no turn yet.
        const sdV4 anchorAX = SD_POINT_LANES(anchorAX), anchorAY = SD_POINT_LANES(anchorAY);
        const sdV4 anchorBX = SD_POINT_LANES(anchorBX), anchorBY = SD_POINT_LANES(anchorBY);
        const sdV4 rax = anchorAX + SD_POINT_LANES(offsetAX), ray = anchorAY + SD_POINT_LANES(offsetAY);
        const sdV4 rbx = anchorBX + SD_POINT_LANES(offsetBX), rby = anchorBY + SD_POINT_LANES(offsetBY);
        sumAx = sd_v4_select(has, sumAx + rax, sumAx);
        sumAy = sd_v4_select(has, sumAy + ray, sumAy);
        sumBx = sd_v4_select(has, sumBx + rbx, sumBx);
        sumBy = sd_v4_select(has, sumBy + rby, sumBy);
        ca[p] = rax * ny - ray * nx;
        cb[p] = rbx * ny - rby * nx;
        const sdV4 kk = ima + imb + iia * ca[p] * ca[p] + iib * cb[p] * cb[p];
        // (R·r)·n = cos θ·(r·n) + sin θ·(r × n) for the turning anchors r.
        const sdV4 pa = anchorAX * nx + anchorAY * ny, qa = anchorAX * ny - anchorAY * nx;
        const sdV4 pb = anchorBX * nx + anchorBY * ny, qb = anchorBX * ny - anchorBY * nx;
        const sdV4 separation = SD_POINT_LANES(separation);
        // Start and free-motion normal speeds give the closing speed for restitution, as the exact path.
        const sdV4 u0 = dv0x * nx + dv0y * ny + w0b * cb[p] - w0a * ca[p];
        const sdV4 u = dvx * nx + dvy * ny + wb * cb[p] - wa * ca[p];
        const sdV4 gap = sd_v4_select(separation > zero, separation, zero);
        const sdV4 accel = (u - u0) / sd_v4_splat(h), closing = u0 * u0 - sd_v4_splat(2.0) * accel * gap;
        const sdM4 closes = has & (gap > zero) & (closing > zero) & ((u0 < zero) | (accel < zero));
        // The closing lanes' speed at impact (the others take the square root of zero: no NaN, no branch per lane).
        const sdV4 approach = sd_v4_select(closes, -SD_V4_SQRT(sd_v4_select(closes, closing, zero)), u0);
        for (int l = 0; l < sdSoftLanes; ++l)
            if (has[l]) written[l]->points[p].approachVelocity = approach[l];
        bounces |= has & (restitution != zero) & (approach < sd_v4_splat(-sdRestitutionThreshold));
        sdSoftPointLanes* sp = &block->points[p];
        sd_v4_store(sp->ca, sd_v4_select(has, ca[p], zero));
        sd_v4_store(sp->cb, sd_v4_select(has, cb[p], zero));
        sd_v4_store(sp->pa, sd_v4_select(has, pa, zero));
        sd_v4_store(sp->qa, sd_v4_select(has, qa, zero));
        sd_v4_store(sp->pb, sd_v4_select(has, pb, zero));
        sd_v4_store(sp->qb, sd_v4_select(has, qb, zero));
        sd_v4_store(sp->baseSeparation, sd_v4_select(has, separation - pb + pa, zero));
        sd_v4_store(sp->normalK, sd_v4_select(has, kk, zero));
        sd_v4_store(sp->normalMass, sd_v4_select(has & (kk > zero), one / kk, zero));
        sd_v4_store(sp->impulse, sd_v4_select(has, SD_POINT_LANES(normalImpulse), zero));
        sd_v4_store(sp->maxImpulse, zero);
#undef SD_POINT_LANES
    }
    const sdM4 real = counts > 0, two = counts == 2;
    const sdV4 k01 = ima + imb + iia * ca[0] * ca[1] + iib * cb[0] * cb[1];
    const sdV4 share = one / (sdV4){count[0], count[1], count[2], count[3]};
    const sdV4 frax = sumAx * share, fray = sumAy * share, frbx = sumBx * share, frby = sumBy * share;
    const sdV4 fca = frax * ty - fray * tx, fcb = frbx * ty - frby * tx;
    const sdV4 kt = ima + imb + iia * fca * fca + iib * fcb * fcb;
    sd_v4_store(block->nx, nx);
    sd_v4_store(block->ny, ny);
    sd_v4_store(block->friction, SD_CONTACT_LANES(friction));
    sd_v4_store(block->k01, sd_v4_select(two, k01, zero));
    sd_v4_store(block->fca, sd_v4_select(real, fca, zero));
    sd_v4_store(block->fcb, sd_v4_select(real, fcb, zero));
    sd_v4_store(block->tangentMass, sd_v4_select(real & (kt > zero), one / kt, zero));
    sd_v4_store(block->tangentImpulse, SD_CONTACT_LANES(points[0].tangentImpulse));
    const sdM4 still = ((ima == zero) & (iia == zero)) | ((imb == zero) & (iib == zero));
    const sdM4 jointed =
        (sdM4){contact[0]->jointed, contact[1]->jointed, contact[2]->jointed, contact[3]->jointed} != 0;
    const sdM4 flags =
        real & ((jointed & sdSoftFlag_jointed) | (still & sdSoftFlag_still) | (bounces & sdSoftFlag_bounces));
    for (int l = 0; l < sdSoftLanes; ++l) block->flags[l] = (int32_t)flags[l];
#undef SD_CONTACT_LANES
#undef SD_START_LANES
    if (warm) sd_warm_start_block(block, c->softBodies); // in lane order, as the later substeps' warm starts
}

/// Prepares blocks [first, end) of the lanes, fetching ahead: lanes are in sweep order, their contacts and bodies
/// scattered in memory. `warm`: each block warm started as it is built (one thread), else the blocks only (a
/// task's share on the workers; the warm start follows in lane order). A block reads no velocity the warm starts
/// change (the closing speeds read the start's, kept apart), so both give the same bits.
SD_INLINE void sd_prepare_range(sdCollisionState* c, int32_t first, int32_t end, int32_t nullBody, double h,
                                bool warm) {
    const bool fetch = c->contactCount > sdFetchContactsAbove; // else the records and bodies stay in the cache
    for (int32_t index = first; index < end; ++index) {
        if (fetch && index + sdPrepareAhead < end) {
            const int32_t ahead = (index + sdPrepareAhead) * sdSoftLanes;
            bool twoPoints = false;
            for (int32_t slot = ahead; slot < ahead + sdSoftLanes; ++slot) {
                const int32_t k = c->softSlotContact[slot];
                if (k < 0) continue;
                twoPoints |= c->contactPoints[k] == 2;
                // The lines of the record the preparation reads only: from the point count to the last point's
                // normal impulse (a one-point contact's tangent impulse), under half the record's for one point.
                const char* record = (const char*)&c->contacts[k];
                const size_t from = offsetof(sdContact, pointCount);
                const size_t used = c->contactPoints[k] == 2 ? offsetof(sdContact, points[1].normalImpulse)
                                                             : offsetof(sdContact, points[0].tangentImpulse);
                for (size_t at = from; at < used; at += 64) SD_PREFETCH(record + at);
                SD_PREFETCH(record + used + sizeof(double) - 1);
                const int32_t* ends = &c->softLaneBodies[2 * slot];
                SD_PREFETCH(&c->softBodies[ends[0]]);
                SD_PREFETCH(&c->softBodies[ends[1]]);
                SD_PREFETCH(&c->softBodyStart[ends[0]]);
                SD_PREFETCH(&c->softBodyStart[ends[1]]);
            }
            // The lines it writes (a block of one-point contacts has no second points): fetched to own.
            const char* block = (const char*)&c->soft[index + sdPrepareAhead];
            const size_t written = twoPoints ? sizeof(sdSoftBlock) : offsetof(sdSoftBlock, points[1]);
            for (size_t at = 0; at < written; at += 64) SD_PREFETCH_WRITE(block + at);
        }
        if (warm) sd_prepare_block(c, index, nullBody, h, true);
        else sd_prepare_block(c, index, nullBody, h, false);
    }
}

static void sd_prepare_range_generic(sdCollisionState* c, int32_t first, int32_t end, int32_t nullBody, double h,
                                     bool warm) {
    sd_prepare_range(c, first, end, nullBody, h, warm);
}

#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_prepare_range_avx2(sdCollisionState* c, int32_t first, int32_t end, int32_t nullBody,
                                                 double h, bool warm) {
    sd_prepare_range(c, first, end, nullBody, h, warm);
}
#endif

static void sd_prepare_blocks(sdCollisionState* c, int32_t first, int32_t end, int32_t nullBody, double h, bool warm) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) {
        sd_prepare_range_avx2(c, first, end, nullBody, h, warm);
        return;
    }
#endif
    sd_prepare_range_generic(c, first, end, nullBody, h, warm);
}

/// An island's blocks [first, first + count), prepared in pieces (sd_task_pool_range).
typedef struct sdPrepareJob {
    sdCollisionState* c;
    int32_t first, count, nullBody;
    double h;
} sdPrepareJob;

/// A piece of the blocks. A piece that is the whole island runs alone on the calling thread: it warm starts each
/// block as it builds it; pieces on the workers build the blocks only.
static void sd_prepare_piece(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    const sdPrepareJob* job = context;
    const bool whole = begin == 0 && end == job->count;
    sd_prepare_blocks(job->c, job->first + begin, job->first + end, job->nullBody, job->h, whole);
}

void sd_prepare_soft_contacts(sdWorld* world, sdContactIsland* island, int32_t* nextBody, int32_t* nextSlot,
                              double h) {
    sdCollisionState* c = &world->collision;
    sd_number_soft_bodies(world, island, nextBody);
    sd_order_soft_contacts(world, island, nextSlot);
    sd_fill_soft_bodies(world, island);
    const int32_t nullBody = sd_null_soft_body(c);
    const int32_t first = island->slotStart / sdSoftLanes, end = (island->slotStart + island->slotCount) / sdSoftLanes;
    // Without workers, or for an island of one piece, the blocks are built and warm started in one pass. On the
    // workers the blocks are independent (each writes its own block and its lanes' contacts); the warm start, which
    // pushes bodies that blocks share, then goes in lane order on this thread.
    sdPrepareJob job = {.c = c, .first = first, .count = end - first, .nullBody = nullBody, .h = h};
    if (sd_task_pool_range(world->tasks, sd_prepare_piece, &job, end - first, sdSoftGrainBlocks, 1) > 1)
        sd_soft_warm_start_lanes(world, island);
}

void sd_warm_start_soft_contacts(sdWorld* world, const sdContactIsland* island) {
    sd_soft_run(world, sd_gather_soft_start_range, island->bodyStart, island->bodyStart + island->bodyCount,
                sdSoftGrainBodies);
    sd_soft_warm_start_lanes(world, island);
}

/// A push-out of stiffness `hertz` over substep h, or none (a relaxing sweep).
static sdSoftness sd_push_out(bool bias, double hertz, double h) {
    double biasRate = 0.0, massScale = 1.0;
    if (bias) sd_softness(hertz, sdSoftContactDampingRatio, h, &biasRate, &massScale);
    return (sdSoftness){.biasRate = biasRate, .leak = (1.0 - massScale) / massScale, .softScale = massScale};
}

/// The terms of a biased (solve) or relaxing sweep over substep h. A soft contact's overlap settles where its
/// leak balances the load it carries, so the bottom of a pile 300 items deep sank 16 pt into the floor at 30 Hz;
/// twice the stiffness for contacts with a body that cannot move leaves a quarter of that.
static sdSoftSweepTerms sd_sweep_terms(bool bias, double h) {
    const double hertz = sdSoftContactHertz < 0.25 / h ? sdSoftContactHertz : 0.25 / h;
    return (sdSoftSweepTerms){.bias = bias, .moving = sd_push_out(bias, hertz, h),
                              .still = sd_push_out(bias, 2.0 * hertz, h), .inverseH = 1.0 / h,
                              .maxPushOut = sdSoftMaxPushOut};
}

void sd_solve_soft_contacts(sdWorld* world, const sdContactIsland* island, double h) {
    const sdSoftSweepTerms terms = sd_sweep_terms(true, h);
    sd_soft_sweep_lanes(world, island, &terms);
}

/// Restitution, once a step: the contact's points that pushed and met at an impact faster than the threshold
/// leave at e times their closing speed.
static void sd_soft_bounce(sdCollisionState* c, sdSoftBlock* block, int32_t l, const sdContact* contact) {
    sdSoftBody* a = sd_lane_body(c->softBodies, block->a[l]);
    sdSoftBody* b = sd_lane_body(c->softBodies, block->b[l]);
    const double nx = block->nx[l], ny = block->ny[l];
    for (int32_t p = 0; p < block->pointCount[l]; ++p) {
        sdSoftPointLanes* sp = &block->points[p];
        const double approach = contact->points[p].approachVelocity;
        if (!(sp->maxImpulse[l] > 0.0) || approach >= -sdRestitutionThreshold) continue;
        const double vn = sd_speed(a, b, nx, ny, sp->ca[l], sp->cb[l]);
        double next = sp->impulse[l] - sp->normalMass[l] * (vn + contact->restitution * approach);
        if (next < 0.0) next = 0.0;
        sd_push(a, b, nx, ny, sp->ca[l], sp->cb[l], next - sp->impulse[l]);
        sp->impulse[l] = next;
    }
}

/// The contact's impulses go back to its points (warm starts, touch state), with where the surfaces touch now for
/// the points that pushed (the began event's point). Only a contact that was not touching can begin this step
/// (sd_finish_contacts), so only its touch points are worked out: in a settled pile most contacts touch, and the
/// turns of their bodies (two scattered reads) are not fetched. Returns whether some point pushed.
static bool sd_store_soft_impulses(sdWorld* world, const sdSoftBlock* block, int32_t l, sdContact* contact) {
    contact->points[0].tangentImpulse = block->tangentImpulse[l];
    bool pushed = false;
    for (int32_t p = 0; p < block->pointCount[l]; ++p) {
        const sdSoftPointLanes* sp = &block->points[p];
        sdContactPoint* point = &contact->points[p];
        point->normalImpulse = sp->impulse[l];
        point->maxNormalImpulse = sp->maxImpulse[l];
        if (!(sp->maxImpulse[l] > 0.0)) continue;
        pushed = true;
        if (contact->touching) continue;
        const sdSoftBody* ba = sd_lane_body_read(world->collision.softBodies, block->a[l]);
        const sdSoftBody* bb = sd_lane_body_read(world->collision.softBodies, block->b[l]);
        const double ax = world->x[contact->bodyA] + ba->c * point->anchorAX - ba->s * point->anchorAY + point->offsetAX;
        const double ay = world->y[contact->bodyA] + ba->s * point->anchorAX + ba->c * point->anchorAY + point->offsetAY;
        const double bx = world->x[contact->bodyB] + bb->c * point->anchorBX - bb->s * point->anchorBY + point->offsetBX;
        const double by = world->y[contact->bodyB] + bb->s * point->anchorBX + bb->c * point->anchorBY + point->offsetBY;
        point->touchX = 0.5 * (ax + bx);
        point->touchY = 0.5 * (ay + by);
    }
    return pushed;
}

/// How many blocks ahead of the one it stores the store fetches the lanes' contact records.
#define sdStoreAhead 2

/// The step's end: restitution in sweep order (it pushes bodies), then the impulses go back to the contacts, block
/// after block. Storing changes no velocity and reads none, and a bounce changes only its own contact's impulses, so
/// the split gives what one pass in sweep order gave. Blocks [first, end) are read in order (a block's line of each
/// field serves its four lanes) and the records take the scatter: a lane's fields span four to six lines of its
/// block, a record's stored fields two or three lines, so walking the records in their own order fetched more
/// scattered lines than it streamed.
static void sd_store_soft_range(sdWorld* world, int32_t first, int32_t end) {
    sdCollisionState* c = &world->collision;
    const bool fetch = c->contactCount > sdFetchContactsAbove; // else the lanes and records stay in the cache
    // The arrays in locals: the settled flag is a byte, which may alias anything, so the compiler reloaded the
    // world's pointers after each contact.
    const int32_t* slotContact = c->softSlotContact;
    const sdSoftBlock* soft = c->soft;
    sdContact* contacts = c->contacts;
    uint8_t* settled = c->contactSettled;
    for (int32_t index = first; index < end; ++index) {
        // The records it writes, ahead (the lanes' contacts are scattered); not the bodies' positions: only the few
        // contacts that begin touching read them.
        if (fetch && index + sdStoreAhead < end) {
            const sdSoftBlock* next = &soft[index + sdStoreAhead];
            for (int32_t l = 0; l < sdSoftLanes; ++l) {
                const int32_t k = slotContact[(index + sdStoreAhead) * sdSoftLanes + l];
                if (k < 0) continue;
                const sdContact* ahead = &contacts[k];
                SD_PREFETCH_WRITE(&ahead->touching);
                for (int32_t p = 0; p < next->pointCount[l]; ++p) {
                    SD_PREFETCH_WRITE(&ahead->points[p].normalImpulse);
                    SD_PREFETCH_WRITE(&ahead->points[p].maxNormalImpulse);
                }
            }
        }
        const sdSoftBlock* block = &soft[index];
        for (int32_t l = 0; l < sdSoftLanes; ++l) {
            const int32_t k = slotContact[index * sdSoftLanes + l];
            if (k < 0) continue; // padding
            sdContact* contact = &contacts[k];
            // A contact that touched and pushed still touches: sd_finish_contacts need not read it again.
            settled[k] = sd_store_soft_impulses(world, block, l, contact) && contact->touching;
        }
    }
}

static void sd_finish_soft_step(sdWorld* world, const sdContactIsland* island) {
    sdCollisionState* c = &world->collision;
    const int32_t first = island->slotStart / sdSoftLanes, end = (island->slotStart + island->slotCount) / sdSoftLanes;
    for (int32_t index = first; index < end; ++index) {
        sdSoftBlock* block = &c->soft[index];
        // Most blocks hold no impact: one test for the four lanes (a padding lane's flags are 0).
        if (!((block->flags[0] | block->flags[1] | block->flags[2] | block->flags[3]) & sdSoftFlag_bounces)) continue;
        for (int32_t l = 0; l < sdSoftLanes; ++l) {
            if (block->pointCount[l] == 0 || !(block->flags[l] & sdSoftFlag_bounces)) continue; // padding, or no impact
            sd_soft_bounce(c, block, l, &c->contacts[c->softSlotContact[index * sdSoftLanes + l]]);
        }
    }
    // Each lane's store is its own (its contact's record and settled byte): on the workers, in pieces of blocks.
    sd_soft_run(world, sd_store_soft_range, first, end, sdSoftGrainBlocks);
}

void sd_relax_soft_contacts(sdWorld* world, const sdContactIsland* island, double h, bool lastSubstep) {
    sd_soft_run(world, sd_gather_soft_motion_range, island->bodyStart, island->bodyStart + island->bodyCount,
                sdSoftGrainBodies);
    const sdSoftSweepTerms terms = sd_sweep_terms(false, h);
    for (int it = 0; it < sdSoftRelaxIterations; ++it) sd_soft_sweep_lanes(world, island, &terms);
    if (lastSubstep) sd_finish_soft_step(world, island);
    sd_finish_soft_velocities(world, island);
}
