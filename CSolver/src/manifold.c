// Narrowphase: the contact points of two shapes in world space. A segment is a two-sided polygon of two
// vertices (edge 0 faces one way, edge 1 the other), so every pair is circle–circle, polygon–circle or
// polygon–polygon. Polygon pairs use the separating axis of greatest separation, a reference face and the
// incident edge of the other shape clipped to it (at most two points, each with a feature id so impulses carry
// over from step to step). Points farther apart than `maxDistance` are dropped; closer ones, even when not
// touching yet, become speculative contacts. A polygon of four vertices (a box) or a circle is posed in the world
// once per collision pass (sdPosedShape) and read by each of its contacts, instead of being posed again from its
// vertex arrays (two more scattered reads) for every contact; the arithmetic is the same. A moving body's boxes
// and circles are posed by the broadphase's bounds pass, in shape order, as it reads their vertices anyway
// (sd_pose_shape_bounds); the others by the first contact that needs them. A parallel pass (worker threads:
// sdCollisionState.parallelPass) has the bounds pass pose every box and circle, so its contacts only read poses.
//
// Two boxes' separating axes and incident edge, and a box's edges against a circle, are computed four edges at a
// time in vector registers (sd_soft_lanes.h's sdV4), each lane the scalar arithmetic of one edge in its order, and
// the same scalar loops then pick the edge from those values, so every result is the scalar one bit for bit. A
// contact's whole update (sd_update_contact: the manifold and the impulses it carries over) is compiled twice, for
// the baseline and for AVX2 (SD_TARGET_AVX2, chosen at run time, sd_field.h); FP_CONTRACT is off, so neither copy
// fuses a multiply-add.
#pragma STDC FP_CONTRACT OFF
#include "sd_world.h"
#include "sd_soft_lanes.h"

/// A polygon's world vertices and normals, and its vertex count: a posed sdWorldPolygon or an sdPosedShape. The
/// loops over it are always inlined (SD_INLINE), so with a constant count of 4 the compiler unrolls them.
typedef struct sdPolygonView {
    const double* v;
    const double* n;
    int32_t count;
} sdPolygonView;

/// Feature id of a polygon point: A's vertex and B's vertex, whichever gave the reference face, so a point keeps
/// its id (and its warm-start impulses) when the reference face moves to the other shape — a box that tilts on a
/// long floor does that in its first steps.
static inline uint32_t sd_feature_id(bool flip, int32_t referenceVertex, int32_t incidentVertex) {
    return flip ? ((uint32_t)incidentVertex << 8) | (uint32_t)referenceVertex
                : ((uint32_t)referenceVertex << 8) | (uint32_t)incidentVertex;
}

_Static_assert(sdPosedVertices == sdSoftLanes, "a box's edges fill one vector");

/// A box's four posed vertices (or normals), stored x, y interleaved, as an x and a y vector. Lane L holds vertex
/// SD_BOX_LANE(L) (0, 2, 1, 3: the deinterleave that stays within each 128-bit half); the map is its own inverse.
typedef struct sdBoxLanes {
    sdV4 x, y;
} sdBoxLanes;
#define SD_BOX_LANE(i) ((((i) & 1) << 1) | ((i) >> 1))

SD_INLINE sdBoxLanes sd_box_lanes(const double* xy) {
    const sdV4 lo = sd_v4_load(xy), hi = sd_v4_load(xy + 4);
    return (sdBoxLanes){__builtin_shufflevector(lo, hi, 0, 4, 2, 6), __builtin_shufflevector(lo, hi, 1, 5, 3, 7)};
}

/// A vector of a box's four edges (box lane order) back into edge order.
SD_INLINE void sd_box_unlanes(sdV4 lanes, double out[sdPosedVertices]) {
    double stored[sdPosedVertices];
    sd_v4_store(stored, lanes);
    for (int32_t i = 0; i < sdPosedVertices; ++i) out[i] = stored[SD_BOX_LANE(i)];
}

SD_INLINE void sd_pose_vertices(const sdShape* shape, int32_t count, double px, double py, double c, double s,
                                double* v, double* n) {
    for (int32_t i = 0; i < count; ++i) {
        const double vx = shape->vertices[2 * i], vy = shape->vertices[2 * i + 1];
        const double nx = shape->normals[2 * i], ny = shape->normals[2 * i + 1];
        v[2 * i] = px + c * vx - s * vy;
        v[2 * i + 1] = py + s * vx + c * vy;
        n[2 * i] = c * nx - s * ny;
        n[2 * i + 1] = s * nx + c * ny;
    }
}

void sd_pose_polygon(const sdShape* shape, double px, double py, double c, double s, sdWorldPolygon* out) {
    out->count = shape->count;
    sd_pose_vertices(shape, shape->count, px, py, c, s, out->v, out->n);
}

/// The shape at its body's pose now (the rotation cache is current during the collision pass: sd_collide).
static sdPolygonView sd_world_polygon(const sdWorld* world, const sdShape* shape, sdWorldPolygon* out) {
    const int32_t b = shape->body;
    sd_pose_polygon(shape, world->x[b], world->y[b], world->rotationCos[b], world->rotationSin[b], out);
    return (sdPolygonView){out->v, out->n, out->count};
}

static void sd_world_circle(const sdWorld* world, const sdShape* shape, double* x, double* y) {
    const int32_t b = shape->body;
    const double c = world->rotationCos[b], s = world->rotationSin[b];
    *x = world->x[b] + c * shape->centerX - s * shape->centerY;
    *y = world->y[b] + s * shape->centerX + c * shape->centerY;
}

/// Poses shape `index` (a circle or a box) for this collision pass.
SD_INLINE sdPosedShape* sd_pose_shape(sdWorld* world, int32_t index) {
    sdCollisionState* c = &world->collision;
    const sdShape* shape = &c->shapes[index];
    sdPosedShape* posed = &c->posedShapes[index];
    c->shapeHot[index].posedPass = c->collidePass;
    if (shape->type == sdShapeType_circle) {
        sd_world_circle(world, shape, &posed->v[0], &posed->v[1]);
    } else {
        const int32_t b = shape->body;
        sd_pose_vertices(shape, sdPosedVertices, world->x[b], world->y[b], world->rotationCos[b],
                         world->rotationSin[b], posed->v, posed->n);
    }
    return posed;
}

bool sd_pose_shape_bounds(sdWorld* world, int32_t index) {
    sdShape* shape = &world->collision.shapes[index];
    if (shape->type != sdShapeType_circle && shape->count != sdPosedVertices) return false;
    const sdPosedShape* posed = sd_pose_shape(world, index);
    double minX, minY, maxX, maxY;
    sd_posed_bounds(shape, posed, &minX, &minY, &maxX, &maxY);
    shape->minX = minX;
    shape->minY = minY;
    shape->maxX = maxX;
    shape->maxY = maxY;
    return true;
}

/// Shape `index` as posed at this collision pass (posed now if neither the bounds pass nor a contact of the pass
/// has posed it yet): a box's vertices and normals, or a circle's centre in v[0], v[1]. Only for circles and
/// polygons of sdPosedVertices.
SD_INLINE const sdPosedShape* sd_posed_shape(sdWorld* world, int32_t index) {
    const sdCollisionState* c = &world->collision;
    if (c->shapeHot[index].posedPass == c->collidePass) return &c->posedShapes[index];
    return sd_pose_shape(world, index);
}

/// Box p's four edges against box q's vertices: each edge's least separation, into deepest[edge] — the sixteen
/// products of sd_max_separation_view, each edge in a lane, with its operations in its order.
SD_INLINE void sd_box_deepest(sdPolygonView p, sdPolygonView q, double deepest[sdPosedVertices]) {
    const sdBoxLanes v = sd_box_lanes(p.v), n = sd_box_lanes(p.n);
    sdV4 least = sd_v4_splat(INFINITY);
    for (int32_t j = 0; j < sdPosedVertices; ++j) {
        const sdV4 s = n.x * (sd_v4_splat(q.v[2 * j]) - v.x) + n.y * (sd_v4_splat(q.v[2 * j + 1]) - v.y);
        least = sd_v4_select(s < least, s, least);
    }
    sd_box_unlanes(least, deepest);
}

/// Writes a point at world position (x, y) with the given separation and id. (pax, pay) and (pbx, pby) are the
/// points of A and B the contact turns with: the point itself for a polygon, the centre for a circle.
SD_INLINE void sd_set_point(const sdWorld* world, int32_t bodyA, int32_t bodyB, double x, double y, double pax,
                            double pay, double pbx, double pby, double separation, uint32_t id, sdContactPoint* point) {
    point->anchorAX = pax - world->x[bodyA];
    point->anchorAY = pay - world->y[bodyA];
    point->offsetAX = x - pax;
    point->offsetAY = y - pay;
    point->anchorBX = pbx - world->x[bodyB];
    point->anchorBY = pby - world->y[bodyB];
    point->offsetBX = x - pbx;
    point->offsetBY = y - pby;
    point->separation = separation;
    point->id = id;
    point->normalImpulse = 0.0;
    point->tangentImpulse = 0.0;
    point->maxNormalImpulse = 0.0;
}

/// Circles A and B, their centres posed at (ax, ay) and (bx, by).
static int32_t sd_collide_circles(const sdWorld* world, const sdShapeHot* a, const sdShapeHot* b, double ax, double ay,
                                  double bx, double by, double maxDistance, double* nx, double* ny,
                                  sdContactPoint* points) {
    const double dx = bx - ax, dy = by - ay;
    const double distance = sqrt(dx * dx + dy * dy);
    const double separation = distance - a->radius - b->radius;
    if (separation > maxDistance) return 0;
    // Concentric circles have no direction; push along +y (down on screen), any choice is as good.
    *nx = distance > 1e-12 ? dx / distance : 0.0;
    *ny = distance > 1e-12 ? dy / distance : 1.0;
    const double mid = a->radius + 0.5 * separation; // from A's centre to midway between the surfaces
    sd_set_point(world, a->body, b->body, ax + mid * *nx, ay + mid * *ny, ax, ay, bx, by, separation, 0u, &points[0]);
    return 1;
}

/// Polygon (A, world) against a circle of radius r at (cx, cy) (B). Normal from the polygon to the circle.
SD_INLINE int32_t sd_collide_polygon_circle(const sdWorld* world, int32_t bodyA, int32_t bodyB, sdPolygonView p,
                                           double cx, double cy, double r, double maxDistance, double* nx, double* ny,
                                           sdContactPoint* points) {
    int32_t edge = 0;
    double best = -INFINITY;
    if (p.count == sdPosedVertices) { // a box: the four edges' separations at once, then the same choice
        const sdBoxLanes v = sd_box_lanes(p.v), n = sd_box_lanes(p.n);
        double separation[sdPosedVertices];
        sd_box_unlanes(n.x * (sd_v4_splat(cx) - v.x) + n.y * (sd_v4_splat(cy) - v.y), separation);
        for (int32_t i = 0; i < sdPosedVertices; ++i) {
            if (separation[i] > best) {
                best = separation[i];
                edge = i;
            }
        }
    } else {
        for (int32_t i = 0; i < p.count; ++i) {
            const double s = p.n[2 * i] * (cx - p.v[2 * i]) + p.n[2 * i + 1] * (cy - p.v[2 * i + 1]);
            if (s > best) {
                best = s;
                edge = i;
            }
        }
    }
    if (best - r > maxDistance) return 0;
    const int32_t next = edge + 1 == p.count ? 0 : edge + 1;
    const double v1x = p.v[2 * edge], v1y = p.v[2 * edge + 1], v2x = p.v[2 * next], v2y = p.v[2 * next + 1];
    const double u1 = (cx - v1x) * (v2x - v1x) + (cy - v1y) * (v2y - v1y);
    const double u2 = (cx - v2x) * (v1x - v2x) + (cy - v2y) * (v1y - v2y);
    double separation, normalX, normalY;
    if (best > 0.0 && (u1 < 0.0 || u2 < 0.0)) { // outside, beyond an end of the edge: the nearest vertex
        const double vx = u1 < 0.0 ? v1x : v2x, vy = u1 < 0.0 ? v1y : v2y;
        const double dx = cx - vx, dy = cy - vy;
        const double distance = sqrt(dx * dx + dy * dy);
        separation = distance - r;
        if (separation > maxDistance) return 0;
        normalX = distance > 1e-12 ? dx / distance : p.n[2 * edge];
        normalY = distance > 1e-12 ? dy / distance : p.n[2 * edge + 1];
    } else {
        separation = best - r;
        normalX = p.n[2 * edge];
        normalY = p.n[2 * edge + 1];
    }
    *nx = normalX;
    *ny = normalY;
    const double back = r + 0.5 * separation; // from the circle's centre back to midway between the surfaces
    const double x = cx - back * normalX, y = cy - back * normalY;
    sd_set_point(world, bodyA, bodyB, x, y, x, y, cx, cy, separation, 0u, &points[0]);
    return 1;
}

/// The edge of p whose normal separates q the most (the first of equals), and that separation; or, for polygons
/// other than two boxes, as soon as some edge separates q by more than `limit`, that edge and its separation (the
/// caller only needs to know the polygons are that far apart: the greatest separation is at least as large).
SD_INLINE double sd_max_separation_view(sdPolygonView p, sdPolygonView q, int32_t* edge, double limit) {
    if (p.count == sdPosedVertices && q.count == sdPosedVertices) {
        // Two boxes: every edge's separation first, without branches (the sixteen products are independent), then
        // the first edge of the greatest. The greatest is above `limit` when the first edge above it is.
        double deepest[sdPosedVertices];
        sd_box_deepest(p, q, deepest);
        double best = deepest[0];
        *edge = 0;
        for (int32_t i = 1; i < sdPosedVertices; ++i) {
            if (deepest[i] > best) {
                best = deepest[i];
                *edge = i;
            }
        }
        return best;
    }
    double best = -INFINITY;
    *edge = 0;
    for (int32_t i = 0; i < p.count; ++i) {
        const double nx = p.n[2 * i], ny = p.n[2 * i + 1], vx = p.v[2 * i], vy = p.v[2 * i + 1];
        double deepest = INFINITY;
        for (int32_t j = 0; j < q.count; ++j) {
            const double s = nx * (q.v[2 * j] - vx) + ny * (q.v[2 * j + 1] - vy);
            if (s < deepest) deepest = s;
        }
        if (deepest > best) {
            best = deepest;
            *edge = i;
            if (best > limit) return best;
        }
    }
    return best;
}

double sd_max_separation(const sdWorldPolygon* p, const sdWorldPolygon* q, int32_t* edge) {
    const sdPolygonView pv = {p->v, p->n, p->count}, qv = {q->v, q->n, q->count};
    return sd_max_separation_view(pv, qv, edge, INFINITY);
}

SD_INLINE int32_t sd_collide_polygons(const sdWorld* world, int32_t bodyA, int32_t bodyB, sdPolygonView pa,
                                     sdPolygonView pb, double maxDistance, double* nx, double* ny,
                                     sdContactPoint* points) {
    int32_t edgeA, edgeB;
    const double separationA = sd_max_separation_view(pa, pb, &edgeA, maxDistance);
    if (separationA > maxDistance) return 0;
    const double separationB = sd_max_separation_view(pb, pa, &edgeB, maxDistance);
    if (separationB > maxDistance) return 0;
    // Prefer A's face unless B's separates clearly more (keeps the choice stable from step to step).
    const bool flip = separationB > separationA + 0.1 * sdTouchSlop;
    const sdPolygonView reference = flip ? pb : pa;
    const sdPolygonView incident = flip ? pa : pb;
    const int32_t i11 = flip ? edgeB : edgeA;
    const int32_t i12 = i11 + 1 == reference.count ? 0 : i11 + 1;
    const double normalX = reference.n[2 * i11], normalY = reference.n[2 * i11 + 1];
    // The incident edge: the one whose normal opposes the reference normal the most.
    int32_t i21 = 0;
    double most = INFINITY;
    if (incident.count == sdPosedVertices) { // a box: the four products at once, then the same choice
        const sdBoxLanes n = sd_box_lanes(incident.n);
        double d[sdPosedVertices];
        sd_box_unlanes(sd_v4_splat(normalX) * n.x + sd_v4_splat(normalY) * n.y, d);
        for (int32_t j = 0; j < sdPosedVertices; ++j) {
            if (d[j] < most) {
                most = d[j];
                i21 = j;
            }
        }
    } else {
        for (int32_t j = 0; j < incident.count; ++j) {
            const double d = normalX * incident.n[2 * j] + normalY * incident.n[2 * j + 1];
            if (d < most) {
                most = d;
                i21 = j;
            }
        }
    }
    const int32_t i22 = i21 + 1 == incident.count ? 0 : i21 + 1;
    const double v11x = reference.v[2 * i11], v11y = reference.v[2 * i11 + 1];
    const double v12x = reference.v[2 * i12], v12y = reference.v[2 * i12 + 1];
    const double v21x = incident.v[2 * i21], v21y = incident.v[2 * i21 + 1];
    const double v22x = incident.v[2 * i22], v22y = incident.v[2 * i22 + 1];
    // Clip the incident edge (which runs against the reference edge) to the reference edge's extent.
    const double tx = -normalY, ty = normalX; // along the reference edge, v11 → v12 (positive orientation)
    const double upper1 = (v12x - v11x) * tx + (v12y - v11y) * ty;
    const double upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty;
    const double lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty;
    const double span = upper2 - lower2;
    double lowerX = v22x, lowerY = v22y, upperX = v21x, upperY = v21y;
    if (lower2 < 0.0 && span > 1e-12) {
        const double t = fmin((0.0 - lower2) / span, 1.0); // never past the incident edge's far end
        lowerX = v22x + t * (v21x - v22x);
        lowerY = v22y + t * (v21y - v22y);
    }
    if (upper2 > upper1 && span > 1e-12) {
        const double t = fmax((upper1 - lower2) / span, 0.0);
        upperX = v22x + t * (v21x - v22x);
        upperY = v22y + t * (v21y - v22y);
    }
    const double separationLower = (lowerX - v11x) * normalX + (lowerY - v11y) * normalY;
    const double separationUpper = (upperX - v11x) * normalX + (upperY - v11y) * normalY;
    // The manifold normal points from A to B.
    *nx = flip ? -normalX : normalX;
    *ny = flip ? -normalY : normalY;
    int32_t count = 0;
    if (separationLower <= maxDistance) {
        const double x = lowerX - 0.5 * separationLower * normalX, y = lowerY - 0.5 * separationLower * normalY;
        sd_set_point(world, bodyA, bodyB, x, y, x, y, x, y, separationLower, sd_feature_id(flip, i11, i22), &points[count++]);
    }
    if (separationUpper <= maxDistance) {
        const double x = upperX - 0.5 * separationUpper * normalX, y = upperY - 0.5 * separationUpper * normalY;
        sd_set_point(world, bodyA, bodyB, x, y, x, y, x, y, separationUpper, sd_feature_id(flip, i12, i21), &points[count++]);
    }
    return count;
}

/// A polygon shape's view: its pose of this pass (boxes; sd_collide_shapes's box branches use the constant count
/// so their loops unroll), or posed into `scratch`.
SD_INLINE sdPolygonView sd_polygon_view(sdWorld* world, int32_t index, sdWorldPolygon* scratch) {
    if (world->collision.shapeHot[index].count != sdPosedVertices)
        return sd_world_polygon(world, &world->collision.shapes[index], scratch);
    const sdPosedShape* posed = sd_posed_shape(world, index);
    return (sdPolygonView){posed->v, posed->n, sdPosedVertices};
}

SD_INLINE int32_t sd_collide_shapes_cases(sdWorld* world, int32_t ia, int32_t ib, double maxDistance,
                                          double* normalX, double* normalY, sdContactPoint* points) {
    const sdShapeHot* a = &world->collision.shapeHot[ia];
    const sdShapeHot* b = &world->collision.shapeHot[ib];
    *normalX = 0.0; // no points: no normal (the early exits below leave it)
    *normalY = 0.0;
    const bool circleA = a->type == sdShapeType_circle, circleB = b->type == sdShapeType_circle;
    if (circleA && circleB) {
        const sdPosedShape* pa = sd_posed_shape(world, ia);
        const sdPosedShape* pb = sd_posed_shape(world, ib);
        return sd_collide_circles(world, a, b, pa->v[0], pa->v[1], pb->v[0], pb->v[1], maxDistance, normalX, normalY,
                                  points);
    }
    if (circleA || circleB) {
        // The polygon is the reference; flip back so the normal runs from A to B.
        const sdShapeHot* polygon = circleA ? b : a;
        const sdShapeHot* circle = circleA ? a : b;
        const sdPosedShape* centre = sd_posed_shape(world, circleA ? ia : ib);
        const double cx = centre->v[0], cy = centre->v[1];
        sdWorldPolygon scratch;
        int32_t count;
        if (polygon->count == sdPosedVertices) {
            const sdPosedShape* posed = sd_posed_shape(world, circleA ? ib : ia);
            count = sd_collide_polygon_circle(world, polygon->body, circle->body,
                                              (sdPolygonView){posed->v, posed->n, sdPosedVertices}, cx, cy,
                                              circle->radius, maxDistance, normalX, normalY, points);
        } else {
            const sdShape* record = &world->collision.shapes[circleA ? ib : ia];
            count = sd_collide_polygon_circle(world, polygon->body, circle->body,
                                              sd_world_polygon(world, record, &scratch), cx, cy, circle->radius,
                                              maxDistance, normalX, normalY, points);
        }
        if (circleA) { // computed with the polygon as A: swap the two sides back
            *normalX = -*normalX;
            *normalY = -*normalY;
            for (int32_t k = 0; k < count; ++k) {
                sdContactPoint* q = &points[k];
                const double ax = q->anchorAX, ay = q->anchorAY, ox = q->offsetAX, oy = q->offsetAY;
                q->anchorAX = q->anchorBX;
                q->anchorAY = q->anchorBY;
                q->offsetAX = q->offsetBX;
                q->offsetAY = q->offsetBY;
                q->anchorBX = ax;
                q->anchorBY = ay;
                q->offsetBX = ox;
                q->offsetBY = oy;
            }
        }
        return count;
    }
    sdWorldPolygon scratchA, scratchB;
    if (a->count == sdPosedVertices && b->count == sdPosedVertices) { // two boxes: both posed once per pass
        const sdPosedShape* pa = sd_posed_shape(world, ia);
        const sdPosedShape* pb = sd_posed_shape(world, ib);
        return sd_collide_polygons(world, a->body, b->body, (sdPolygonView){pa->v, pa->n, sdPosedVertices},
                                   (sdPolygonView){pb->v, pb->n, sdPosedVertices}, maxDistance, normalX, normalY,
                                   points);
    }
    return sd_collide_polygons(world, a->body, b->body, sd_polygon_view(world, ia, &scratchA),
                               sd_polygon_view(world, ib, &scratchB), maxDistance, normalX, normalY, points);
}

/// sd_update_contact's work, inlined into each compiled copy below.
SD_INLINE void sd_update_contact_cases(sdWorld* world, int32_t a, int32_t b, const sdContact* old,
                                       sdContact* contact) {
    sdCollisionState* c = &world->collision;
    // What the update carries over, read before it writes (`old` may be `contact`): touch state and the points'
    // impulses by feature id. Only the points below the count are copied (the others may never have been written).
    int32_t carriedCount = 0;
    bool touching = false;
    uint32_t carriedId[2] = {0, 0}; // set, though only those below the count are read (for gcc's flow analysis)
    double carriedNormal[2] = {0.0, 0.0}, carriedTangent[2] = {0.0, 0.0};
    if (old != NULL) {
        carriedCount = old->pointCount;
        touching = old->touching;
        if (carriedCount > 0) {
            carriedId[0] = old->points[0].id;
            carriedNormal[0] = old->points[0].normalImpulse;
            carriedTangent[0] = old->points[0].tangentImpulse;
        }
        if (carriedCount > 1) {
            carriedId[1] = old->points[1].id;
            carriedNormal[1] = old->points[1].normalImpulse;
            carriedTangent[1] = old->points[1].tangentImpulse;
        }
    }
    const sdShapeHot* sa = &c->shapeHot[a];
    const sdShapeHot* sb = &c->shapeHot[b];
    contact->shapeA = a;
    contact->shapeB = b;
    contact->generationA = sa->generation;
    contact->generationB = sb->generation;
    contact->userDataA = sa->userData;
    contact->userDataB = sb->userData;
    contact->bodyA = sa->body;
    contact->bodyB = sb->body;
    const double maxDistance = sdSpeculativeBase + sa->reach + sb->reach;
    const int32_t count =
        sd_collide_shapes_cases(world, a, b, maxDistance, &contact->normalX, &contact->normalY, contact->points);
    contact->pointCount = count;
    contact->friction = sqrt(sa->friction * sb->friction);
    contact->restitution = sa->restitution > sb->restitution ? sa->restitution : sb->restitution;
    contact->touching = touching;
    contact->jointed = sa->jointed && sb->jointed && sd_bodies_joined(world, sa->body, sb->body);
    for (int32_t p = 0; p < count; ++p) {
        sdContactPoint* point = &contact->points[p];
        const uint32_t id = point->id;
        if (carriedCount > 0 && carriedId[0] == id) {
            point->normalImpulse = carriedNormal[0];
            point->tangentImpulse = carriedTangent[0];
        }
        if (carriedCount > 1 && carriedId[1] == id) {
            point->normalImpulse = carriedNormal[1];
            point->tangentImpulse = carriedTangent[1];
        }
    }
}

// The whole update is compiled per target, so a contact costs one call and the dispatch one test: with the
// narrowphase alone in the copies, each contact paid two calls, the copy's register saves and its argument spills.
// Not inlined into sd_update_contact: the dispatch stays a test and a jump, without the copy's stack frame.
__attribute__((noinline)) static void sd_update_contact_generic(sdWorld* world, int32_t a, int32_t b,
                                                                const sdContact* old, sdContact* contact) {
    sd_update_contact_cases(world, a, b, old, contact);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_update_contact_avx2(sdWorld* world, int32_t a, int32_t b, const sdContact* old,
                                                  sdContact* contact) {
    sd_update_contact_cases(world, a, b, old, contact);
}
#endif

void sd_update_contact(sdWorld* world, int32_t a, int32_t b, const sdContact* old, sdContact* contact) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) {
        sd_update_contact_avx2(world, a, b, old, contact);
        return;
    }
#endif
    sd_update_contact_generic(world, a, b, old, contact);
}
