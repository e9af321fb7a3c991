// Shapes: creation from validated definitions (convex polygons normalised to one winding, with outward edge
// normals), destruction, filters, and their world bounding boxes.
#include "sd_world.h"

#include <stdlib.h>
#include <string.h>

/// Largest distance (pt) of any shape point from its body's centre, so bounds and sweeps stay finite.
#define sdMaxShapeExtent 1.0e6

sdShapeDef sdDefaultShapeDef(void) {
    sdShapeDef def;
    memset(&def, 0, sizeof def);
    def.type = sdShapeType_polygon;
    def.categoryBits = 1;
    def.maskBits = UINT64_MAX;
    return def;
}

static sdResult sd_check_shape(const sdWorld* world, sdShapeId id) {
    if (world == NULL) return sdResult_nullArgument;
    const sdCollisionState* c = &world->collision;
    if (id.index < 0 || id.index >= c->shapeSlotCount) return sdResult_invalidId;
    if (!c->shapeAlive[id.index] || c->shapeGeneration[id.index] != id.generation) return sdResult_invalidId;
    return sdResult_ok;
}

bool sdShape_IsValid(const sdWorld* world, sdShapeId id) { return sd_check_shape(world, id) == sdResult_ok; }

int32_t sdWorld_GetShapeCount(const sdWorld* world) { return world == NULL ? 0 : world->collision.shapeCount; }

/// Twice the signed area of the polygon (positive for the orientation whose outward normals are (e.y, −e.x)).
static double sd_twice_area(const double* v, int32_t n) {
    double sum = 0.0;
    for (int32_t i = 0; i < n; ++i) {
        const int32_t j = i + 1 == n ? 0 : i + 1;
        sum += v[2 * i] * v[2 * j + 1] - v[2 * j] * v[2 * i + 1];
    }
    return sum;
}

/// Checks a polygon's vertices: finite, within range, strictly convex (every turn the same way, no repeated or
/// collinear vertices), with area.
static sdResult sd_validate_polygon(const sdShapeDef* def) {
    const int32_t n = def->vertexCount;
    if (n < 3 || n > sdMaxPolygonVertices) return sdResult_outOfRange;
    for (int32_t i = 0; i < 2 * n; ++i) {
        if (!isfinite(def->vertices[i])) return sdResult_nonFinite;
        if (fabs(def->vertices[i]) > sdMaxShapeExtent) return sdResult_outOfRange;
    }
    const double twiceArea = sd_twice_area(def->vertices, n);
    if (!(fabs(twiceArea) > 1e-9)) return sdResult_outOfRange;
    const double sign = twiceArea > 0 ? 1.0 : -1.0;
    for (int32_t i = 0; i < n; ++i) {
        const double* a = &def->vertices[2 * i];
        const double* b = &def->vertices[2 * ((i + 1) % n)];
        const double* c = &def->vertices[2 * ((i + 2) % n)];
        const double ex = b[0] - a[0], ey = b[1] - a[1], fx = c[0] - b[0], fy = c[1] - b[1];
        const double lengths = sqrt(ex * ex + ey * ey) * sqrt(fx * fx + fy * fy);
        if (!(lengths > 0)) return sdResult_outOfRange;              // repeated vertex
        if (!(sign * (ex * fy - ey * fx) > 1e-12 * lengths)) return sdResult_outOfRange; // reflex or collinear
    }
    // Turning the same way at every corner also admits a star that winds twice: the turns must add to one turn.
    if (fabs(twiceArea) > 0) {
        double turn = 0.0;
        for (int32_t i = 0; i < n; ++i) {
            const double* a = &def->vertices[2 * i];
            const double* b = &def->vertices[2 * ((i + 1) % n)];
            const double* c = &def->vertices[2 * ((i + 2) % n)];
            turn += atan2((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]),
                          (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]));
        }
        if (fabs(fabs(turn) - 2.0 * 3.14159265358979323846) > 1e-6) return sdResult_outOfRange;
    }
    return sdResult_ok;
}

static sdResult sd_validate_shape_def(const sdShapeDef* def) {
    if (def == NULL) return sdResult_nullArgument;
    switch (def->type) {
    case sdShapeType_circle:
        if (!isfinite(def->centerX) || !isfinite(def->centerY) || !isfinite(def->radius)) return sdResult_nonFinite;
        if (!(def->radius > 0) || fabs(def->centerX) + fabs(def->centerY) + def->radius > sdMaxShapeExtent)
            return sdResult_outOfRange;
        return sdResult_ok;
    case sdShapeType_polygon:
        return sd_validate_polygon(def);
    case sdShapeType_segment:
        if (!isfinite(def->x1) || !isfinite(def->y1) || !isfinite(def->x2) || !isfinite(def->y2))
            return sdResult_nonFinite;
        if (fabs(def->x1) > sdMaxShapeExtent || fabs(def->y1) > sdMaxShapeExtent || fabs(def->x2) > sdMaxShapeExtent ||
            fabs(def->y2) > sdMaxShapeExtent)
            return sdResult_outOfRange;
        if (!(hypot(def->x2 - def->x1, def->y2 - def->y1) > 1e-9)) return sdResult_outOfRange;
        return sdResult_ok;
    }
    return sdResult_outOfRange;
}

/// Grows a buffer of `count` records of `size` bytes (a multiple of 64) to `capacity` records on a cache-line
/// boundary, so a record of one or two lines is read as one or two lines (realloc's blocks start 16 B into one).
static bool sd_grow_aligned(void** buffer, int32_t count, int32_t capacity, size_t size) {
    void* grown = aligned_alloc(64, (size_t)capacity * size);
    if (grown == NULL) return false;
    if (*buffer != NULL) memcpy(grown, *buffer, (size_t)count * size);
    free(*buffer);
    *buffer = grown;
    return true;
}

static sdResult sd_grow_shapes(sdCollisionState* c) {
    const int32_t capacity = c->shapeCapacity == 0 ? 16 : c->shapeCapacity * 2;
    if (c->shapeCapacity > INT32_MAX / 2) return sdResult_outOfMemory;
    if (!SD_GROW(c->shapes, capacity) || !SD_GROW(c->shapeAlive, capacity) || !SD_GROW(c->shapeGeneration, capacity) ||
        !SD_GROW(c->shapeFreeSlots, capacity) || !SD_GROW(c->stillShapes, capacity) ||
        !SD_GROW(c->enlargedShapes, capacity) || !SD_GROW(c->shapeMarks, capacity) ||
        !SD_GROW(c->shapeSize, capacity) ||
        !sd_grow_aligned((void**)&c->posedShapes, c->shapeSlotCount, capacity, sizeof(sdPosedShape)) ||
        !sd_grow_aligned((void**)&c->shapeHot, c->shapeSlotCount, capacity, sizeof(sdShapeHot)))
        return sdResult_outOfMemory;
    c->shapeCapacity = capacity;
    return sdResult_ok;
}

/// Fills the geometry of `shape` from a validated definition (allocating its vertex arrays).
static sdResult sd_build_geometry(sdShape* shape, const sdShapeDef* def) {
    shape->type = (uint8_t)def->type;
    shape->vertices = NULL;
    shape->normals = NULL;
    shape->count = 0;
    shape->centerX = shape->centerY = shape->radius = 0.0;
    if (def->type == sdShapeType_circle) {
        shape->centerX = def->centerX;
        shape->centerY = def->centerY;
        shape->radius = def->radius;
        shape->extent = hypot(def->centerX, def->centerY) + def->radius;
        shape->thickness = 2.0 * def->radius;
        return sdResult_ok;
    }
    const int32_t n = def->type == sdShapeType_segment ? 2 : def->vertexCount;
    shape->vertices = malloc((size_t)(2 * n) * sizeof(double));
    shape->normals = malloc((size_t)(2 * n) * sizeof(double));
    if (shape->vertices == NULL || shape->normals == NULL) {
        free(shape->vertices);
        free(shape->normals);
        return sdResult_outOfMemory;
    }
    shape->count = n;
    if (def->type == sdShapeType_segment) {
        const double v[4] = {def->x1, def->y1, def->x2, def->y2};
        memcpy(shape->vertices, v, sizeof v);
        const double length = hypot(def->x2 - def->x1, def->y2 - def->y1);
        const double nx = (def->y2 - def->y1) / length, ny = -(def->x2 - def->x1) / length;
        const double normals[4] = {nx, ny, -nx, -ny}; // two-sided: edge 0 faces one way, edge 1 (back) the other
        memcpy(shape->normals, normals, sizeof normals);
    } else {
        // Keep the positive orientation, where (e.y, −e.x) points out of edge e.
        const bool reverse = sd_twice_area(def->vertices, n) < 0;
        for (int32_t i = 0; i < n; ++i) {
            const int32_t k = reverse ? n - 1 - i : i;
            shape->vertices[2 * i] = def->vertices[2 * k];
            shape->vertices[2 * i + 1] = def->vertices[2 * k + 1];
        }
        for (int32_t i = 0; i < n; ++i) {
            const int32_t j = i + 1 == n ? 0 : i + 1;
            const double ex = shape->vertices[2 * j] - shape->vertices[2 * i];
            const double ey = shape->vertices[2 * j + 1] - shape->vertices[2 * i + 1];
            const double length = sqrt(ex * ex + ey * ey);
            shape->normals[2 * i] = ey / length;
            shape->normals[2 * i + 1] = -ex / length;
        }
    }
    double extent = 0.0;
    for (int32_t i = 0; i < n; ++i) {
        const double d = hypot(shape->vertices[2 * i], shape->vertices[2 * i + 1]);
        if (d > extent) extent = d;
    }
    shape->extent = extent;
    // The smallest width: over the edges, how deep the polygon reaches behind each one.
    double thickness = def->type == sdShapeType_segment ? 0.0 : INFINITY;
    for (int32_t i = 0; def->type != sdShapeType_segment && i < n; ++i) {
        double depth = 0.0;
        for (int32_t j = 0; j < n; ++j) {
            const double d = -(shape->normals[2 * i] * (shape->vertices[2 * j] - shape->vertices[2 * i]) +
                               shape->normals[2 * i + 1] * (shape->vertices[2 * j + 1] - shape->vertices[2 * i + 1]));
            if (d > depth) depth = d;
        }
        if (depth < thickness) thickness = depth;
    }
    shape->thickness = thickness;
    return sdResult_ok;
}

sdResult sdCreateShape(sdWorld* world, sdBodyId body, const sdShapeDef* def, sdShapeId* outId) {
    if (world == NULL || outId == NULL) return sdResult_nullArgument;
    sdResult check = sd_check_id(world, body);
    if (check != sdResult_ok) return check;
    sdResult valid = sd_validate_shape_def(def);
    if (valid != sdResult_ok) return valid;
    sdCollisionState* c = &world->collision;
    if (c->shapeFreeCount == 0 && c->shapeSlotCount == c->shapeCapacity) {
        sdResult grown = sd_grow_shapes(c);
        if (grown != sdResult_ok) return grown;
    }
    sdShape shape;
    memset(&shape, 0, sizeof shape);
    sdResult built = sd_build_geometry(&shape, def);
    if (built != sdResult_ok) return built;
    int32_t i;
    if (c->shapeFreeCount > 0) {
        i = c->shapeFreeSlots[--c->shapeFreeCount];
    } else {
        i = c->shapeSlotCount++;
        c->shapeGeneration[i] = 0;
    }
    shape.body = body.index;
    shape.category = def->categoryBits;
    shape.mask = def->maskBits;
    shape.userData = def->userData;
    shape.next = world->shapeHead[body.index];
    world->shapeHead[body.index] = i;
    c->shapes[i] = shape;
    c->shapeHot[i] = (sdShapeHot){.body = shape.body, .type = shape.type, .count = shape.count,
                                  .generation = c->shapeGeneration[i], .radius = shape.radius,
                                  .userData = shape.userData};
    c->shapeAlive[i] = 1;
    c->shapeCount += 1;
    sd_wake(world, body.index);
    outId->index = i;
    outId->generation = c->shapeGeneration[i];
    return sdResult_ok;
}

/// Frees shape slot i and unlinks it from its body. Its contacts are dropped at the next collision pass,
/// which reports an end event for a touching one (the contact remembers the shape's generation).
static void sd_destroy_shape_slot(sdWorld* world, int32_t i) {
    sdCollisionState* c = &world->collision;
    sdShape* shape = &c->shapes[i];
    int32_t* link = &world->shapeHead[shape->body];
    while (*link != i) link = &c->shapes[*link].next;
    *link = shape->next;
    sd_wake(world, shape->body);
    sd_wake_resting_on(world, shape->body);
    free(shape->vertices);
    free(shape->normals);
    shape->vertices = shape->normals = NULL;
    c->shapeAlive[i] = 0;
    c->shapeGeneration[i] += 1;
    c->shapeFreeSlots[c->shapeFreeCount++] = i;
    c->shapeCount -= 1;
}

sdResult sdDestroyShape(sdWorld* world, sdShapeId id) {
    sdResult check = sd_check_shape(world, id);
    if (check != sdResult_ok) return check;
    sd_destroy_shape_slot(world, id.index);
    return sdResult_ok;
}

void sd_destroy_body_shapes(sdWorld* world, int32_t body) {
    while (world->shapeHead[body] >= 0) sd_destroy_shape_slot(world, world->shapeHead[body]);
}

sdResult sdShape_SetFilter(sdWorld* world, sdShapeId id, uint64_t categoryBits, uint64_t maskBits) {
    sdResult check = sd_check_shape(world, id);
    if (check != sdResult_ok) return check;
    sdShape* shape = &world->collision.shapes[id.index];
    shape->category = categoryBits;
    shape->mask = maskBits;
    shape->fatValid = false; // its pairs are looked for again
    sd_wake(world, shape->body);
    return sdResult_ok;
}

sdResult sdShape_GetBody(const sdWorld* world, sdShapeId id, sdBodyId* outBody) {
    sdResult check = sd_check_shape(world, id);
    if (check != sdResult_ok) return check;
    if (outBody == NULL) return sdResult_nullArgument;
    const int32_t body = world->collision.shapes[id.index].body;
    outBody->index = body;
    outBody->generation = world->generation[body];
    return sdResult_ok;
}

void sd_shape_bounds(const sdWorld* world, const sdShape* shape, double* minX, double* minY, double* maxX,
                     double* maxY) {
    const int32_t b = shape->body;
    const double c = world->rotationCos[b], s = world->rotationSin[b];
    const double px = world->x[b], py = world->y[b];
    if (shape->type == sdShapeType_circle) {
        const double cx = px + c * shape->centerX - s * shape->centerY;
        const double cy = py + s * shape->centerX + c * shape->centerY;
        *minX = cx - shape->radius;
        *maxX = cx + shape->radius;
        *minY = cy - shape->radius;
        *maxY = cy + shape->radius;
        return;
    }
    double lx = INFINITY, ly = INFINITY, ux = -INFINITY, uy = -INFINITY;
    for (int32_t i = 0; i < shape->count; ++i) {
        const double vx = shape->vertices[2 * i], vy = shape->vertices[2 * i + 1];
        const double x = px + c * vx - s * vy, y = py + s * vx + c * vy;
        if (x < lx) lx = x;
        if (x > ux) ux = x;
        if (y < ly) ly = y;
        if (y > uy) uy = y;
    }
    *minX = lx;
    *minY = ly;
    *maxX = ux;
    *maxY = uy;
}

void sd_free_collision(sdCollisionState* c) {
    for (int32_t i = 0; i < c->shapeSlotCount; ++i) {
        if (!c->shapeAlive[i]) continue;
        free(c->shapes[i].vertices);
        free(c->shapes[i].normals);
    }
    void* buffers[] = {c->shapes, c->shapeHot, c->shapeAlive, c->shapeGeneration, c->shapeFreeSlots, c->contacts,
                       c->nextContacts, c->pairs, c->pairScratch, c->cellStart, c->cellEntries,
                       c->shapeEntries, c->shapeCells, c->pairCounts, c->beginEvents, c->endEvents, c->collideX, c->collideY, c->collideAngle, c->turnAngle, c->turnCos, c->turnSin, c->bodyExtent, c->bodyThickness, c->bodyMotion, c->bodyFast, c->stillShapes, c->enlargedShapes, c->posedShapes,
                       c->islandParent, c->islandOfRoot, c->activeContacts, c->contactBodies, c->contactPoints, c->contactActive, c->contactSettled, c->activeFound, c->activeBody, c->activeRows, c->contactIslands, c->ownedLayout, c->soft, c->softSlotContact, c->softLaneBodies, c->softBodies, c->softBodySlot,
                       c->softBodyAngle, c->softBodyStart, c->softLocal, c->softDepth, c->softAdjacencyStart,
                       c->softAdjacency, c->softQueue, c->softOrder, c->softEnds, c->softDepthBucket,
                       c->softAfterBlock, c->softMoves, c->jointPairs, c->contactJobs, c->contactKeys, c->contactFate, c->contactChange, c->taskPairs, c->shapeMarks, c->shapeSize};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; ++i) free(buffers[i]);
    memset(c, 0, sizeof *c);
}
