// Continuous collision: the safety net under speculative contacts. Speculative points cover what a body's
// translation closes in a step, but a body turning fast (a spinning item) can bring a corner the step's manifold
// did not foresee. After each substep, every contact whose bodies moved or turned more than a quarter of their
// thinnest shape is swept by conservative advancement: from the substep's start poses, advance time by the
// separation (a lower bound of the distance) over the largest relative motion of any point, until the shapes
// touch or the substep ends. A body that touched on the way is put back at its earliest time of impact; its
// velocity stays, and the next substep's contacts take it from there.
//
// The collision pass finds pairs from each body's motion at the step's start; a body struck within the step can
// outrun that and reach a shape it has no contact with (the soak's slider, resting 5 pt from a boundary, was sent
// through it at 1,900 pt/s and the next pass pushed it out the far side). So a shape that left the box the pass
// kept for it is also swept against every shape that stays still this substep (static or resting) whose kept box
// is apart from its own (a pair the pass found has overlapping kept boxes, and a contact, swept above). Such a
// pair has nothing else to hold it, so touching at the substep's start stops the body there (until the next pass
// makes the contact). Moving shapes without a contact are not swept against each other (as Box2D, which sweeps
// only bullets so).
#include "sd_world.h"

/// Sweeps stop this close (pt): the speculative contacts and the projection handle the rest.
#define sdContinuousTarget (0.25 * sdTouchSlop)
#define sdContinuousIterations 32

/// Body b's pose at fraction t of the substep (linear in position and angle).
static void sd_pose_at(const sdWorld* world, int32_t b, double t, double* x, double* y, double* angle) {
    const sdSolverScratch* s = &world->scratch;
    *x = s->x0[b] + t * (world->x[b] - s->x0[b]);
    *y = s->y0[b] + t * (world->y[b] - s->y0[b]);
    *angle = s->a0[b] + t * (world->angle[b] - s->a0[b]);
}

/// A lower bound of the distance between two shapes at the given poses (negative when they overlap): the
/// greatest separation along a face normal, or between circle centres.
static double sd_pose_separation(const sdShape* a, const double* pa, const sdShape* b, const double* pb) {
    const bool circleA = a->type == sdShapeType_circle, circleB = b->type == sdShapeType_circle;
    double ax = 0, ay = 0, bx = 0, by = 0;
    if (circleA) {
        const double c = cos(pa[2]), s = sin(pa[2]);
        ax = pa[0] + c * a->centerX - s * a->centerY;
        ay = pa[1] + s * a->centerX + c * a->centerY;
    }
    if (circleB) {
        const double c = cos(pb[2]), s = sin(pb[2]);
        bx = pb[0] + c * b->centerX - s * b->centerY;
        by = pb[1] + s * b->centerX + c * b->centerY;
    }
    if (circleA && circleB) return hypot(bx - ax, by - ay) - a->radius - b->radius;
    if (circleA || circleB) {
        const sdShape* polygon = circleA ? b : a;
        const double* pose = circleA ? pb : pa;
        const double cx = circleA ? ax : bx, cy = circleA ? ay : by, r = circleA ? a->radius : b->radius;
        sdWorldPolygon p;
        sd_pose_polygon(polygon, pose[0], pose[1], cos(pose[2]), sin(pose[2]), &p);
        double best = -INFINITY;
        for (int32_t i = 0; i < p.count; ++i) {
            const double d = p.n[2 * i] * (cx - p.v[2 * i]) + p.n[2 * i + 1] * (cy - p.v[2 * i + 1]);
            if (d > best) best = d;
        }
        return best - r;
    }
    sdWorldPolygon p, q;
    sd_pose_polygon(a, pa[0], pa[1], cos(pa[2]), sin(pa[2]), &p);
    sd_pose_polygon(b, pb[0], pb[1], cos(pb[2]), sin(pb[2]), &q);
    int32_t edge;
    const double sa = sd_max_separation(&p, &q, &edge), sb = sd_max_separation(&q, &p, &edge);
    return sa > sb ? sa : sb;
}

/// How far a body moved this substep: its centre's displacement and its turn (rad).
static void sd_substep_motion(const sdWorld* world, int32_t b, double* dx, double* dy, double* turn) {
    const sdSolverScratch* s = &world->scratch;
    *dx = world->x[b] - s->x0[b];
    *dy = world->y[b] - s->y0[b];
    *turn = fabs(world->angle[b] - s->a0[b]);
}

/// Whether bodies a and b moved too little this substep for shapes of them (the thinner `thin` thick, `extentA`
/// and `extentB` from their centres) to pass through each other: the largest relative motion of any point stays
/// within a quarter of `thin` (decided on squares, without a square root). Every operation rounds monotonically, so
/// a smaller `thin` or larger extents only make the test fail more often.
static bool sd_moved_slowly(const sdWorld* world, int32_t a, int32_t b, double thin, double extentA, double extentB) {
    double ax, ay, ta, bx, by, tb;
    sd_substep_motion(world, a, &ax, &ay, &ta);
    sd_substep_motion(world, b, &bx, &by, &tb);
    const double dx = bx - ax, dy = by - ay, distance2 = dx * dx + dy * dy;
    const double reach = 0.25 * thin - ta * extentA - tb * extentB; // the centres' motion that stays slow
    return reach >= 0.0 && distance2 <= reach * reach;
}

/// The earliest fraction of the substep at which shapes sa and sb touch, or 1 when they do not. `atStart` is the
/// answer when they already touch at its start: 1 for a contact's shapes (the contact solver handles them), 0 for
/// a pair without a contact (nothing else holds it: the body stays where the substep began). A contact's shapes
/// that moved slowly for their size cannot have passed through each other and are not swept.
static double sd_time_of_impact(const sdWorld* world, int32_t sa, int32_t sb, double atStart) {
    const sdCollisionState* c = &world->collision;
    const sdShape* a = &c->shapes[sa];
    const sdShape* b = &c->shapes[sb];
    // The largest relative motion of any point of the two shapes over the whole substep: slow for their size,
    // nothing can pass through.
    const double thinA = a->thickness > 0.0 ? a->thickness : INFINITY;
    const double thinB = b->thickness > 0.0 ? b->thickness : INFINITY;
    const double thin = thinA < thinB ? thinA : thinB;
    const bool contact = atStart > 0.0;
    if (contact && sd_moved_slowly(world, a->body, b->body, thin, a->extent, b->extent)) return 1.0;
    double ax, ay, ta, bx, by, tb;
    sd_substep_motion(world, a->body, &ax, &ay, &ta);
    sd_substep_motion(world, b->body, &bx, &by, &tb);
    const double dx = bx - ax, dy = by - ay;
    const double motion = sqrt(dx * dx + dy * dy) + ta * a->extent + tb * b->extent;
    if (contact ? !(motion > 0.25 * thin) : !(motion > 0.0)) return 1.0;
    double t = 0.0;
    for (int iteration = 0; iteration < sdContinuousIterations; ++iteration) {
        double pa[3], pb[3];
        sd_pose_at(world, a->body, t, &pa[0], &pa[1], &pa[2]);
        sd_pose_at(world, b->body, t, &pb[0], &pb[1], &pb[2]);
        const double separation = sd_pose_separation(a, pa, b, pb);
        if (separation <= sdContinuousTarget) return t > 0.0 ? t : atStart;
        t += (separation - 0.5 * sdContinuousTarget) / motion;
        if (t >= 1.0) return 1.0;
    }
    return t;
}

/// Whether shape i's bounds are surely inside its kept box, judged without posing it: from its pose at the collision
/// pass (sdPosedShape: boxes and circles of bodies that moved then), every point moved at most its body's
/// displacement (dx, dy) along each axis plus `turn` (the turn times the shape's extent). The margin, far above any
/// rounding of the pose or of this test, keeps it conservative: when true, the bounds sd_shape_bounds computes now
/// are inside as well, so the exact test would pass.
static bool sd_surely_kept(const sdWorld* world, int32_t i, double dx, double dy, double turn) {
    const sdCollisionState* c = &world->collision;
    if (c->shapeHot[i].posedPass != c->collidePass) return false;
    const sdShape* shape = &c->shapes[i];
    double minX, minY, maxX, maxY;
    sd_posed_bounds(shape, &c->posedShapes[i], &minX, &minY, &maxX, &maxY);
    const int32_t b = shape->body;
    const double scale = fabs(world->x[b]) + fabs(world->y[b]) + fabs(c->collideX[b]) + fabs(c->collideY[b]) +
                         2.0 * shape->extent + turn;
    const double grow = turn + 1e-9 * scale;
    return minX + dx - grow >= shape->fatMinX && minY + dy - grow >= shape->fatMinY &&
           maxX + dx + grow <= shape->fatMaxX && maxY + dy + grow <= shape->fatMaxY;
}

/// The earliest impact of shape i (of an awake body) with a shape that stays still this substep and that it has
/// no contact with, or 1. Only a shape outside the box the collision pass kept for it can reach one: every point
/// moved less than its centre's displacement plus its turn times its extent, and the kept box holds its bounds at
/// the pass grown by half the speculative distance, so a smaller motion stays inside. (px, py) is its body's
/// displacement since the pass, `distance` its length and `angle` the body's turn (its absolute value).
static double sd_outran_impact(sdWorld* world, int32_t i, double px, double py, double distance, double angle) {
    const sdCollisionState* c = &world->collision;
    const sdSolverScratch* s = &world->scratch;
    const sdShape* shape = &c->shapes[i];
    const int32_t b = shape->body;
    const double turn = angle * shape->extent;
    const double moved = distance + turn;
    if (!(moved > 0.5 * sdSpeculativeBase)) return 1.0;
    if (sd_surely_kept(world, i, px, py, turn)) return 1.0; // (most falling shapes: no cos, sin or bounds)
    double rc, rs, minX, minY, maxX, maxY;
    sd_rotation(world, b, &rc, &rs); // refreshes the rotation cache the bounds read
    sd_shape_bounds(world, shape, &minX, &minY, &maxX, &maxY);
    if (minX >= shape->fatMinX && minY >= shape->fatMinY && maxX <= shape->fatMaxX && maxY <= shape->fatMaxY)
        return 1.0;
    // The box the shape swept over the substep (its centre's path, grown by its extent).
    const double grow = shape->extent + sdContinuousTarget;
    const double sweepMinX = (s->x0[b] < world->x[b] ? s->x0[b] : world->x[b]) - grow;
    const double sweepMaxX = (s->x0[b] > world->x[b] ? s->x0[b] : world->x[b]) + grow;
    const double sweepMinY = (s->y0[b] < world->y[b] ? s->y0[b] : world->y[b]) - grow;
    const double sweepMaxY = (s->y0[b] > world->y[b] ? s->y0[b] : world->y[b]) + grow;
    double earliest = 1.0;
    for (int32_t q = 0; q < c->stillShapeCount; ++q) { // still at the pass; skipped below if woken since
        const int32_t j = c->stillShapes[q];
        if (!c->shapeAlive[j]) continue;
        const sdShape* other = &c->shapes[j];
        if (other->body == b || world->awake[other->body]) continue;
        if (!((shape->category & other->mask) || (other->category & shape->mask))) continue;
        if (shape->fatMinX <= other->fatMaxX && other->fatMinX <= shape->fatMaxX && shape->fatMinY <= other->fatMaxY &&
            other->fatMinY <= shape->fatMaxY)
            continue; // the pass found this pair: its contact was swept
        if (sweepMaxX < other->minX || other->maxX < sweepMinX || sweepMaxY < other->minY || other->maxY < sweepMinY)
            continue;
        const double t = sd_time_of_impact(world, i, j, 0.0);
        if (t < earliest) earliest = t;
    }
    return earliest;
}

void sd_solve_continuous(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    sdSolverScratch* s = &world->scratch;
    if (c->shapeCount == 0) return;
    // The world's arrays and counts in locals: the byte stores below may alias anything, and the compiler
    // reloaded every pointer after each of them.
    const int32_t slotCount = world->slotCount;
    const uint8_t* awake = world->awake;
    const double *x = world->x, *y = world->y, *angle = world->angle;
    const double *x0 = s->x0, *y0 = s->y0, *a0 = s->a0;
    const double *bodyThickness = c->bodyThickness, *bodyExtent = c->bodyExtent;
    uint8_t* bodyFast = c->bodyFast;
    // Per body, the earliest impact of this substep (the layout's spare per-body scratch holds it).
    double* impact = s->islandSleep;
    for (int32_t i = 0; i < slotCount; ++i) impact[i] = 1.0;
    // A bound on how far any point of each body moved: a contact whose bodies together moved less than a quarter
    // of the thinner one's thickness cannot have passed through (most contacts of a pile stop at this test).
    double* motion = c->bodyMotion;
    double thinnest = INFINITY;
    for (int32_t i = 0; i < slotCount; ++i) {
        motion[i] = 0.0;
        if (bodyThickness[i] < thinnest) thinnest = bodyThickness[i];
        if (!awake[i]) continue;
        const double dx = x[i] - x0[i], dy = y[i] - y0[i];
        motion[i] = sqrt(dx * dx + dy * dy) + fabs(angle[i] - a0[i]) * bodyExtent[i];
    }
    // Each side's room: a body that moved at most `room` leaves a contact with another such body to the quick test
    // below, which it passes (motion[a] + motion[b] rounds to at most room + room = a quarter of the thinnest
    // thickness, at most a quarter of `thin`: every rounding is monotonic). Then most contacts of a pile, and those
    // among the resting bottom of a falling crowd, are passed on a byte per body; with no fast body, all of them.
    const double quarter = 0.25 * thinnest, room = 0.5 * quarter;
    const bool exact = room + room == quarter; // not so only if the halving lost a bit (subnormal)
    int32_t fastCount = 0;
    for (int32_t i = 0; i < slotCount; ++i) {
        const bool fast = !(exact && motion[i] <= room);
        bodyFast[i] = fast;
        fastCount += fast;
    }
    bool any = false;
    const int32_t* contactBodies = c->contactBodies;
    const int32_t contactCount = fastCount > 0 ? c->contactCount : 0;
    for (int32_t k = 0; k < contactCount; ++k) {
        // The bodies from the step's compact copy (written by the collision pass): the contact record only when
        // the quick test fails.
        const int32_t a = contactBodies[2 * k], b = contactBodies[2 * k + 1];
        if (!(bodyFast[a] | bodyFast[b])) continue;
        const double thin = bodyThickness[a] < bodyThickness[b] ? bodyThickness[a] : bodyThickness[b];
        if (!(motion[a] + motion[b] > 0.25 * thin)) continue;
        const bool movesA = awake[a], movesB = awake[b];
        if (!movesA && !movesB) continue;
        // sd_time_of_impact's first test on the bodies' thinnest and widest shapes (bodyThickness, bodyExtent):
        // passed there, it passes for the contact's shapes, and neither the contact nor the shape records are read
        // (most contacts of a falling crowd stop here).
        if (sd_moved_slowly(world, a, b, thin, bodyExtent[a], bodyExtent[b])) continue;
        const sdContact* contact = &c->contacts[k];
        const double t = sd_time_of_impact(world, contact->shapeA, contact->shapeB, 1.0);
        if (!(t < 1.0)) continue;
        any = true;
        if (movesA && t < impact[a]) impact[a] = t;
        if (movesB && t < impact[b]) impact[b] = t;
    }
    // Shapes that outran the collision pass, against the shapes that stay still. By body, first testing its
    // largest extent: when that moved at most half the speculative distance since the pass, so did each of its
    // shapes (sd_outran_impact's first test; rounding is monotonic), and none of its shape records is read. A
    // body's impact is the least of its shapes', whatever their order.
    for (int32_t b = 0; b < slotCount; ++b) {
        if (!awake[b] || world->shapeHead[b] < 0) continue;
        const double px = x[b] - c->collideX[b], py = y[b] - c->collideY[b];
        const double distance = sqrt(px * px + py * py), turn = fabs(angle[b] - c->collideAngle[b]);
        const double moved = distance + turn * bodyExtent[b];
        if (!(moved > 0.5 * sdSpeculativeBase)) continue;
        for (int32_t i = world->shapeHead[b]; i >= 0; i = c->shapes[i].next) {
            const double t = sd_outran_impact(world, i, px, py, distance, turn);
            if (!(t < impact[b])) continue;
            impact[b] = t;
            any = true;
        }
    }
    if (!any) return;
    for (int32_t i = 0; i < slotCount; ++i) {
        if (!(impact[i] < 1.0)) continue;
        sd_pose_at(world, i, impact[i], &world->x[i], &world->y[i], &world->angle[i]);
    }
}
