// Large contact islands (piles): a soft step, in the manner of Box2D v3. Exact solves cost too much for
// thousands of coupled rows, and plain projected Gauss–Seidel with position sweeps jitters and never settles.
// Once per step (first substep) each contact becomes a constraint that holds everything a sweep reads: arms at
// the step's start (fixed for the step, as Box2D v3), angular terms, masses, one friction row at the points'
// mean arm, and what the separation needs to follow the bodies (see sd_soft_separation). The island's bodies
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
// (contact_order.c); the sweeps solve a block at a time in vector registers (contact_soft_sweep.c), the
// once-a-step work here goes contact by contact.
#include "sd_solve.h"

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

/// Applies the accumulated impulses of the contact in lane `l` of a block (its points' and its friction row's) to
/// its bodies.
static inline void sd_warm_start_lane(const sdSoftBlock* block, int32_t l, sdSoftBody* a, sdSoftBody* b) {
    for (int32_t p = 0; p < block->pointCount[l]; ++p) {
        const sdSoftPointLanes* sp = &block->points[p];
        sd_push(a, b, block->nx[l], block->ny[l], sp->ca[l], sp->cb[l], sp->impulse[l]);
    }
    sd_push(a, b, -block->ny[l], block->nx[l], block->fca[l], block->fcb[l], block->tangentImpulse[l]);
}

/// Writes a contact's constraint into lane `l` of a block.
static void sd_put_soft_lane(sdSoftBlock* block, int32_t l, const sdSoftContact* soft) {
    block->a[l] = soft->a;
    block->b[l] = soft->b;
    block->pointCount[l] = soft->pointCount;
    block->flags[l] = soft->flags;
    block->nx[l] = soft->nx;
    block->ny[l] = soft->ny;
    block->friction[l] = soft->friction;
    block->k01[l] = soft->k01;
    block->fca[l] = soft->fca;
    block->fcb[l] = soft->fcb;
    block->tangentMass[l] = soft->tangentMass;
    block->tangentImpulse[l] = soft->tangentImpulse;
    for (int p = 0; p < 2; ++p) {
        const sdSoftPoint* from = &soft->points[p];
        sdSoftPointLanes* to = &block->points[p];
        to->ca[l] = from->ca;
        to->cb[l] = from->cb;
        to->pa[l] = from->pa;
        to->qa[l] = from->qa;
        to->pb[l] = from->pb;
        to->qb[l] = from->qb;
        to->baseSeparation[l] = from->baseSeparation;
        to->normalK[l] = from->normalK;
        to->normalMass[l] = from->normalMass;
        to->impulse[l] = from->impulse;
        to->maxImpulse[l] = from->maxImpulse;
    }
}

/// Reads the world's velocities of the island's bodies into their local slots.
void sd_gather_soft_velocities(sdWorld* world, const sdContactIsland* island) {
    sdCollisionState* c = &world->collision;
    for (int32_t k = island->bodyStart; k < island->bodyStart + island->bodyCount; ++k) {
        const int32_t i = c->softBodySlot[k];
        sdSoftBody* body = &c->softBodies[k];
        body->vx = world->vx[i];
        body->vy = world->vy[i];
        body->w = world->w[i];
    }
}

void sd_finish_soft_velocities(sdWorld* world, const sdContactIsland* island) {
    const sdCollisionState* c = &world->collision;
    for (int32_t k = island->bodyStart; k < island->bodyStart + island->bodyCount; ++k) {
        const sdSoftBody* body = &c->softBodies[k];
        if (body->invMass == 0.0 && body->invInertia == 0.0) continue; // nothing pushed it
        const int32_t i = c->softBodySlot[k];
        world->vx[i] = body->vx;
        world->vy[i] = body->vy;
        world->w[i] = body->w;
    }
}

/// Reads how far the island's bodies moved since the step's start. A turn is followed by rotating the kept
/// cos/sin by this substep's increment δ: for small δ by cos δ ≈ 1 − δ²/2, sin δ ≈ δ − δ³/6 and renormalising
/// (error O(δ⁵), far below what a soft contact resolves), for larger ones by cos and sin.
static void sd_gather_soft_motion(sdWorld* world, const sdContactIsland* island) {
    sdCollisionState* c = &world->collision;
    for (int32_t k = island->bodyStart; k < island->bodyStart + island->bodyCount; ++k) {
        const int32_t i = c->softBodySlot[k];
        sdSoftBody* body = &c->softBodies[k];
        body->dx = world->x[i] - c->collideX[i];
        body->dy = world->y[i] - c->collideY[i];
        const double delta = world->angle[i] - c->softBodyAngle[k];
        if (delta == 0.0) continue;
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
}

/// Gives each body of the island's contacts a local slot, in order of first appearance (contacts come sorted by
/// shape, so neighbours in the pile sit near each other), and records each contact's two local slots. Static
/// bodies get one slot per island too: they never move, and a shared slot would make islands write the same
/// memory.
static void sd_assign_soft_bodies(sdWorld* world, sdContactIsland* island, int32_t* next) {
    sdCollisionState* c = &world->collision;
    const sdSolverScratch* s = &world->scratch;
    island->bodyStart = *next;
    for (int32_t q = island->contactStart; q < island->contactStart + island->contactCount; ++q) {
        const int32_t k = c->activeContacts[q];
        const int32_t ends[2] = {c->contactBodies[2 * k], c->contactBodies[2 * k + 1]}; // not the contact's record
        for (int e = 0; e < 2; ++e) {
            const int32_t i = ends[e];
            if (c->softLocal[i] < island->bodyStart) { // not seen in this island yet
                const int32_t local = (*next)++;
                c->softLocal[i] = local;
                c->softBodySlot[local] = i;
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
            c->softEnds[2 * q + e] = c->softLocal[i];
        }
    }
    island->bodyCount = *next - island->bodyStart;
}

/// The null body padding lanes join: at rest, no mass to push, no motion.
static int32_t sd_null_soft_body(sdCollisionState* c) {
    const int32_t k = c->softBodyCapacity - 1;
    c->softBodies[k] = (sdSoftBody){.c = 1.0};
    return k;
}

/// How far ahead of the lane it prepares the preparation fetches a lane's contact record and bodies.
#define sdPrepareAhead 8

void sd_prepare_soft_contacts(sdWorld* world, sdContactIsland* island, int32_t* nextBody, int32_t* nextSlot,
                              double h) {
    sdCollisionState* c = &world->collision;
    sd_assign_soft_bodies(world, island, nextBody);
    sd_order_soft_contacts(world, island, nextSlot);
    const int32_t nullBody = sd_null_soft_body(c);
    const int32_t end = island->slotStart + island->slotCount;
    for (int32_t slot = island->slotStart; slot < end; ++slot) {
        if (slot + sdPrepareAhead < end && c->softSlotContact[slot + sdPrepareAhead] >= 0) {
            // Lanes are in sweep order, their contacts and bodies scattered in memory: fetch ahead.
            const int32_t* ahead = &c->softLaneBodies[2 * (slot + sdPrepareAhead)];
            sd_prefetch_contact(&c->contacts[c->softSlotContact[slot + sdPrepareAhead]]);
            SD_PREFETCH(&c->softBodies[ahead[0]]);
            SD_PREFETCH(&c->softBodies[ahead[1]]);
            SD_PREFETCH(&c->softBodyStart[ahead[0]]);
            SD_PREFETCH(&c->softBodyStart[ahead[1]]);
        }
        sdSoftBlock* block = &c->soft[slot / sdSoftLanes];
        const int32_t lane = slot % sdSoftLanes;
        if (lane == 0 && slot + 2 * sdSoftLanes < end) { // each lane writes every line of its block: fetch ahead
            const char* ahead = (const char*)&block[2];
            for (size_t at = 0; at < sizeof(sdSoftBlock); at += 64) __builtin_prefetch(ahead + at, 1);
        }
        const int32_t k = c->softSlotContact[slot];
        if (k < 0) { // padding: zero points, zero masses, the null body at both ends
            sd_put_soft_lane(block, lane, &(sdSoftContact){.a = nullBody, .b = nullBody});
            continue;
        }
        sdContact* contact = &c->contacts[k];
        sdSoftContact constraint = {.a = c->softLaneBodies[2 * slot], .b = c->softLaneBodies[2 * slot + 1]};
        sdSoftContact* soft = &constraint; // built here, then written into its lane
        // The bodies' local records hold the world's inverse masses (their velocities take the warm starts of the
        // lanes before this one; the closing speeds read the velocities the step found, kept apart).
        sdSoftBody* bodyA = &c->softBodies[soft->a];
        sdSoftBody* bodyB = &c->softBodies[soft->b];
        const sdSoftStart* startA = &c->softBodyStart[soft->a];
        const sdSoftStart* startB = &c->softBodyStart[soft->b];
        const double nx = contact->normalX, ny = contact->normalY, tx = -ny, ty = nx;
        const double ima = bodyA->invMass, imb = bodyB->invMass, iia = bodyA->invInertia, iib = bodyB->invInertia;
        soft->pointCount = contact->pointCount;
        soft->flags = contact->jointed ? sdSoftFlag_jointed : 0;
        if ((ima == 0.0 && iia == 0.0) || (imb == 0.0 && iib == 0.0)) soft->flags |= sdSoftFlag_still;
        soft->nx = nx;
        soft->ny = ny;
        soft->friction = contact->friction;
        double sumAx = 0.0, sumAy = 0.0, sumBx = 0.0, sumBy = 0.0;
        for (int32_t p = 0; p < contact->pointCount; ++p) {
            sdContactPoint* point = &contact->points[p];
            sdSoftPoint* sp = &soft->points[p];
            // At the step's start the bodies are where the collision pass saw them: no turn yet.
            const double rax = point->anchorAX + point->offsetAX, ray = point->anchorAY + point->offsetAY;
            const double rbx = point->anchorBX + point->offsetBX, rby = point->anchorBY + point->offsetBY;
            sumAx += rax;
            sumAy += ray;
            sumBx += rbx;
            sumBy += rby;
            sp->ca = rax * ny - ray * nx;
            sp->cb = rbx * ny - rby * nx;
            const double kk = ima + imb + iia * sp->ca * sp->ca + iib * sp->cb * sp->cb;
            sp->normalK = kk;
            sp->normalMass = kk > 0.0 ? 1.0 / kk : 0.0;
            // (R·r)·n = cos θ·(r·n) + sin θ·(r × n) for the turning anchors r.
            sp->pa = point->anchorAX * nx + point->anchorAY * ny;
            sp->qa = point->anchorAX * ny - point->anchorAY * nx;
            sp->pb = point->anchorBX * nx + point->anchorBY * ny;
            sp->qb = point->anchorBX * ny - point->anchorBY * nx;
            sp->baseSeparation = point->separation - sp->pb + sp->pa;
            sp->impulse = point->normalImpulse;
            sp->maxImpulse = 0.0;
            // Start and free-motion normal speeds give the closing speed for restitution, as the exact path.
            const double u0 = (startB->v0x - startA->v0x) * nx + (startB->v0y - startA->v0y) * ny +
                              startB->w0 * sp->cb - startA->w0 * sp->ca;
            const double u = (startB->vx - startA->vx) * nx + (startB->vy - startA->vy) * ny + startB->w * sp->cb -
                             startA->w * sp->ca;
            const double gap = point->separation > 0.0 ? point->separation : 0.0;
            const double accel = (u - u0) / h, closing = u0 * u0 - 2.0 * accel * gap;
            point->approachVelocity = gap > 0.0 && closing > 0.0 && (u0 < 0.0 || accel < 0.0) ? -sqrt(closing) : u0;
            if (contact->restitution != 0.0 && point->approachVelocity < -sdRestitutionThreshold)
                soft->flags |= sdSoftFlag_bounces;
        }
        // A one-point contact's second point stays zeros.
        soft->k01 = 0.0;
        if (contact->pointCount == 2) {
            const sdSoftPoint* p0 = &soft->points[0];
            const sdSoftPoint* p1 = &soft->points[1];
            soft->k01 = ima + imb + iia * p0->ca * p1->ca + iib * p0->cb * p1->cb;
        }
        const double share = 1.0 / contact->pointCount;
        const double frax = sumAx * share, fray = sumAy * share, frbx = sumBx * share, frby = sumBy * share;
        soft->fca = frax * ty - fray * tx;
        soft->fcb = frbx * ty - frby * tx;
        const double kt = ima + imb + iia * soft->fca * soft->fca + iib * soft->fcb * soft->fcb;
        soft->tangentMass = kt > 0.0 ? 1.0 / kt : 0.0;
        soft->tangentImpulse = contact->points[0].tangentImpulse;
        sd_put_soft_lane(block, lane, soft);
        sd_warm_start_lane(block, lane, bodyA, bodyB); // in lane order, as the later substeps' warm starts
    }
}

void sd_warm_start_soft_contacts(sdWorld* world, const sdContactIsland* island) {
    sd_gather_soft_velocities(world, island);
    sd_gather_soft_motion(world, island);
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
    sdSoftBody* a = &c->softBodies[block->a[l]];
    sdSoftBody* b = &c->softBodies[block->b[l]];
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
/// the points that pushed (the began event's point). Returns whether some point pushed.
static bool sd_store_soft_impulses(sdWorld* world, const sdSoftBlock* block, int32_t l, sdContact* contact) {
    const sdSoftBody* ba = &world->collision.softBodies[block->a[l]];
    const sdSoftBody* bb = &world->collision.softBodies[block->b[l]];
    contact->points[0].tangentImpulse = block->tangentImpulse[l];
    bool pushed = false;
    for (int32_t p = 0; p < block->pointCount[l]; ++p) {
        const sdSoftPointLanes* sp = &block->points[p];
        sdContactPoint* point = &contact->points[p];
        point->normalImpulse = sp->impulse[l];
        point->maxNormalImpulse = sp->maxImpulse[l];
        if (!(sp->maxImpulse[l] > 0.0)) continue;
        pushed = true;
        const double ax = world->x[contact->bodyA] + ba->c * point->anchorAX - ba->s * point->anchorAY + point->offsetAX;
        const double ay = world->y[contact->bodyA] + ba->s * point->anchorAX + ba->c * point->anchorAY + point->offsetAY;
        const double bx = world->x[contact->bodyB] + bb->c * point->anchorBX - bb->s * point->anchorBY + point->offsetBX;
        const double by = world->y[contact->bodyB] + bb->s * point->anchorBX + bb->c * point->anchorBY + point->offsetBY;
        point->touchX = 0.5 * (ax + bx);
        point->touchY = 0.5 * (ay + by);
    }
    return pushed;
}

/// The step's end: restitution in sweep order (it pushes bodies), then the impulses go back to the contacts in
/// the contacts' own order. Storing changes no velocity and reads none, and a bounce changes only its own
/// contact's impulses, so the split gives what one pass in sweep order gave; the contact records (read and
/// written in full) then stream, and the lanes (the few fields the store reads) take the scatter.
static void sd_finish_soft_step(sdWorld* world, const sdContactIsland* island) {
    sdCollisionState* c = &world->collision;
    for (int32_t slot = island->slotStart; slot < island->slotStart + island->slotCount; ++slot) {
        sdSoftBlock* block = &c->soft[slot / sdSoftLanes];
        const int32_t l = slot % sdSoftLanes;
        if (block->pointCount[l] == 0 || !(block->flags[l] & sdSoftFlag_bounces)) continue; // padding, or no impact
        sd_soft_bounce(c, block, l, &c->contacts[c->softSlotContact[slot]]);
    }
    const int32_t last = island->contactStart + island->contactCount;
    for (int32_t q = island->contactStart; q < last; ++q) {
        if (q + 8 < last) { // the lane it reads and the record it writes, ahead (the records are not contiguous)
            const int32_t slot = c->softSlotOf[q + 8];
            const sdSoftBlock* block = &c->soft[slot / sdSoftLanes];
            SD_PREFETCH(block); // its bodies and point count
            SD_PREFETCH(&block->tangentImpulse[slot % sdSoftLanes]);
            SD_PREFETCH(&block->points[0].impulse[slot % sdSoftLanes]);
            SD_PREFETCH(&block->points[1].impulse[slot % sdSoftLanes]);
            sd_prefetch_contact(&c->contacts[c->activeContacts[q + 8]]);
        }
        const int32_t k = c->activeContacts[q], slot = c->softSlotOf[q];
        sdContact* contact = &c->contacts[k];
        // A contact that touched and pushed still touches: sd_finish_contacts need not read it again.
        c->contactSettled[k] =
            sd_store_soft_impulses(world, &c->soft[slot / sdSoftLanes], slot % sdSoftLanes, contact) && contact->touching;
    }
}

void sd_relax_soft_contacts(sdWorld* world, const sdContactIsland* island, double h, bool lastSubstep) {
    sd_gather_soft_motion(world, island);
    const sdSoftSweepTerms terms = sd_sweep_terms(false, h);
    for (int it = 0; it < sdSoftRelaxIterations; ++it) sd_soft_sweep_lanes(world, island, &terms);
    if (lastSubstep) sd_finish_soft_step(world, island);
    sd_finish_soft_velocities(world, island);
}
