// Broadphase, incremental: every shape keeps an enlarged box (its box swept over the step's motion, grown by half
// the speculative distance and by sdFatMargin), re-made only when the swept box leaves it. A contact lives while
// its shapes' kept boxes overlap, so only the pairs of shapes whose box was re-made (or whose body started or
// stopped moving, or whose filter changed) need looking for: in a pile that has settled to creeping, none do, and
// the pass costs one box test per shape. When some do, kept boxes are binned into a uniform hash grid (counting
// sort, O(n), no per-shape allocation) and each pair with an enlarged shape is reported once, by the cell that
// holds the lower corner of the two boxes' overlap. When most shapes were enlarged (a falling crowd), every box
// is binned and the pairs are read bucket by bucket; when few were (a pile settling), only the enlarged ones are
// binned and every shape looks up the cells it covers (a pair of two enlarged shapes is reported by the lower):
// the grid is small and the lookups mostly find empty buckets. Shapes whose box spans too many cells (long
// boundaries, huge views) skip the grid and are tested against every shape. The pairs are then put in (a, b)
// order, so the result does not depend on the grid: a brute-force test of every pair (the reference solver)
// finds the same list.
#include "sd_world.h"

#include <string.h>

/// Shapes covering more cells than this are tested directly instead of being binned.
#define sdMaxCellsPerShape 256
/// Cell coordinates are clamped to ±this before conversion to integers (far-away bodies share edge cells), so
/// they fit the entries' 32-bit fields and two cells never share an id.
#define sdMaxCellCoordinate 1.0e9

/// Whether the body moves this step (dynamic and awake).
static inline bool sd_moves(const sdWorld* world, int32_t body) {
    return world->awake[body] && !(world->flags[body] & sdBodyFlag_static);
}

/// The box of shape i swept over the step: current bounds, plus the distance the body can travel in dt at its
/// velocity (and the velocity gravity and forces add), plus what turning moves the shape's far points, plus half
/// the speculative distance on every side. A moving body's box or circle is posed for the pass on the way (its
/// contacts will need that pose; with worker threads every box and circle is). Also writes the shape's reach for the
/// pass (sdShapeHot.reach: speed, acceleration and turn over the step, from the same terms).
static void sd_swept_bounds(sdWorld* world, int32_t index, double dt) {
    sdShape* shape = &world->collision.shapes[index];
    const int32_t b = shape->body;
    const bool moves = sd_moves(world, b);
    // With worker threads every box and circle is posed here (the same bits as sd_shape_bounds): the contacts then
    // read poses and never write one that another thread's contact reads.
    if (!(moves || world->collision.parallelPass) || !sd_pose_shape_bounds(world, index))
        sd_shape_bounds(world, shape, &shape->minX, &shape->minY, &shape->maxX, &shape->maxY);
    double grow = 0.5 * sdSpeculativeBase, reach = 0.0;
    if (moves) {
        const double ax = world->gravityX[b] + world->forceX[b] * world->invMass[b];
        const double ay = world->gravityY[b] + world->forceY[b] * world->invMass[b];
        const double dx = world->vx[b] * dt, dy = world->vy[b] * dt;
        const double turn = fabs(world->w[b]) * dt * shape->extent;
        const double pushed = sqrt(ax * ax + ay * ay) * dt * dt;
        const double speed = sqrt(world->vx[b] * world->vx[b] + world->vy[b] * world->vy[b]);
        reach = speed * dt + pushed + turn;
        grow += pushed + (turn < 2.0 * shape->extent ? turn : 2.0 * shape->extent);
        if (dx < 0) shape->minX += dx; else shape->maxX += dx;
        if (dy < 0) shape->minY += dy; else shape->maxY += dy;
    }
    world->collision.shapeHot[index].reach = reach;
    shape->minX -= grow;
    shape->minY -= grow;
    shape->maxX += grow;
    shape->maxY += grow;
}

/// Whether shapes i < j may collide: different bodies, one of them moving, filters agree, kept boxes overlap, and
/// one of them was enlarged this pass (the other pairs are contacts already).
static inline bool sd_pair_candidate(const sdWorld* world, const sdShape* a, const sdShape* b) {
    if (!a->enlarged && !b->enlarged) return false;
    if (a->body == b->body) return false;
    if (!sd_moves(world, a->body) && !sd_moves(world, b->body)) return false;
    if (!((a->category & b->mask) || (b->category & a->mask))) return false;
    return a->fatMinX <= b->fatMaxX && b->fatMinX <= a->fatMaxX && a->fatMinY <= b->fatMaxY && b->fatMinY <= a->fatMaxY;
}

/// Re-makes shape `index`'s kept box when its swept box left it (or it has none), and records whether its pairs
/// must be looked for again (in the shape and its compact copy, sdShapeHot). Returns whether it was enlarged.
static bool sd_update_fat_box(sdWorld* world, int32_t index) {
    sdShape* shape = &world->collision.shapes[index];
    const bool moves = sd_moves(world, shape->body);
    const bool inside = shape->fatValid && shape->minX >= shape->fatMinX && shape->minY >= shape->fatMinY &&
                        shape->maxX <= shape->fatMaxX && shape->maxY <= shape->fatMaxY;
    if (!inside) {
        shape->fatMinX = shape->minX - sdFatMargin;
        shape->fatMinY = shape->minY - sdFatMargin;
        shape->fatMaxX = shape->maxX + sdFatMargin;
        shape->fatMaxY = shape->maxY + sdFatMargin;
        shape->fatValid = true;
    }
    shape->enlarged = !inside || moves != shape->moved;
    shape->moved = moves;
    world->collision.shapeHot[index].enlarged = shape->enlarged;
    return shape->enlarged;
}

/// A grid coordinate from `cell`, a coordinate's floor in cell units (clamped to ±sdMaxCellCoordinate).
static inline int32_t sd_cell_coordinate(double cell) {
    double c = cell;
    if (c > sdMaxCellCoordinate) c = sdMaxCellCoordinate;
    if (c < -sdMaxCellCoordinate) c = -sdMaxCellCoordinate;
    return (int32_t)c;
}

static inline int64_t sd_cell_id(int32_t ix, int32_t iy) {
    return (int64_t)(((uint64_t)(uint32_t)ix << 32) | (uint64_t)(uint32_t)iy);
}

static inline uint32_t sd_cell_bucket(int64_t ix, int64_t iy, uint32_t mask) {
    const uint64_t h = (uint64_t)ix * 0x9E3779B97F4A7C15ull ^ (uint64_t)iy * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h >> 32) & mask;
}

/// Room for `count` pairs in the pair list and the sort's scratch (doubling). False when out of memory.
static bool sd_reserve_pairs(sdCollisionState* c, int64_t count) {
    if (count <= c->pairCapacity) return true;
    int64_t capacity = c->pairCapacity == 0 ? 256 : 2 * (int64_t)c->pairCapacity;
    while (capacity < count) capacity *= 2;
    if (capacity > INT32_MAX || !SD_GROW(c->pairs, capacity) || !SD_GROW(c->pairScratch, capacity)) return false;
    c->pairCapacity = (int32_t)capacity;
    return true;
}

static bool sd_push_pair(sdCollisionState* c, int32_t a, int32_t b) {
    if (c->pairCount == c->pairCapacity && !sd_reserve_pairs(c, (int64_t)c->pairCount + 1)) return false;
    c->pairs[c->pairCount].a = a < b ? a : b;
    c->pairs[c->pairCount].b = a < b ? b : a;
    c->pairCount += 1;
    return true;
}

/// Where the pair tests write: NULL for the world's pair list (grown as needed), else a task's region of
/// sdCollisionState.taskPairs, which a full region refuses (the run is then repeated with larger regions).
typedef struct sdPairSink {
    sdShapePair* region;
    int32_t count, capacity;
} sdPairSink;

/// Appends pair (a, b) in (lower, higher) order. False when out of memory or the region is full.
static inline bool sd_sink_pair(sdCollisionState* c, sdPairSink* sink, int32_t a, int32_t b) {
    if (sink == NULL) return sd_push_pair(c, a, b);
    if (sink->count == sink->capacity) return false;
    sink->region[sink->count++] = (sdShapePair){.a = a < b ? a : b, .b = a < b ? b : a};
    return true;
}

/// Sorts the pairs by (a, b): a counting sort by a (O(pairs + shapes)), then each shape's few pairs by b, by
/// insertion (a second counting pass by b cost more: it scattered every pair once more).
static void sd_sort_pairs(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    int32_t* counts = c->pairCounts;
    const int32_t n = c->shapeSlotCount;
    // The count and lists in locals: the counts are int32_t, as the count, which the compiler read again after each.
    const int32_t pairCount = c->pairCount;
    sdShapePair* pairs = c->pairs;
    sdShapePair* sorted = c->pairScratch;
    for (int32_t i = 0; i <= n; ++i) counts[i] = 0;
    for (int32_t p = 0; p < pairCount; ++p) counts[pairs[p].a + 1] += 1;
    for (int32_t i = 0; i < n; ++i) counts[i + 1] += counts[i];
    for (int32_t p = 0; p < pairCount; ++p) sorted[counts[pairs[p].a]++] = pairs[p];
    c->pairScratch = pairs;
    c->pairs = sorted;
    // counts[a] is now the end of shape a's pairs (and the start of a + 1's).
    for (int32_t a = 0, begin = 0; a < n; begin = counts[a++]) {
        for (int32_t p = begin + 1; p < counts[a]; ++p) {
            const sdShapePair pair = sorted[p];
            int32_t q = p;
            for (; q > begin && sorted[q - 1].b > pair.b; --q) sorted[q] = sorted[q - 1];
            sorted[q] = pair;
        }
    }
}

/// Out of memory after kept boxes were re-made: forget the boxes this pass made, so the next pass makes them again
/// and finds their pairs.
static int sd_pairs_failed(sdCollisionState* c) {
    for (int32_t i = 0; i < c->shapeSlotCount; ++i)
        if (c->shapeAlive[i] && c->shapes[i].enlarged) c->shapes[i].fatValid = false;
    c->pairCount = 0;
    return sdResult_outOfMemory;
}

static int sd_find_enlarged_pairs(sdWorld* world, double inverseCell, int32_t enlarged, bool binAll);

/// The bounds pass's per-shape records for live shape i (of body `body`): what a contact's update reads of it
/// (sdShapeHot) and its swept and kept boxes. Returns whether its kept box was enlarged.
SD_INLINE bool sd_bound_shape(sdWorld* world, int32_t i, int32_t body, double dt) {
    sdShapeHot* hot = &world->collision.shapeHot[i];
    hot->friction = world->friction[body];
    hot->restitution = world->restitution[body];
    hot->jointed = world->jointEdges[body] != 0;
    sd_swept_bounds(world, i, dt);
    return sd_update_fat_box(world, i);
}

/// A shape's larger side of its kept box (the cell size is made from their mean over moving shapes).
static inline double sd_kept_size(const sdShape* shape) {
    const double w = shape->fatMaxX - shape->fatMinX, h = shape->fatMaxY - shape->fatMinY;
    return w > h ? w : h;
}

/// Body `body`'s widest shape and thinnest one, with `shape` among them (continuous collision's quick tests).
static inline void sd_note_body_extent(sdCollisionState* c, int32_t body, const sdShape* shape) {
    if (shape->extent > c->bodyExtent[body]) c->bodyExtent[body] = shape->extent;
    if (shape->thickness > 0.0 && shape->thickness < c->bodyThickness[body]) c->bodyThickness[body] = shape->thickness;
}

/// sdCollisionState.shapeMarks: what the bounds pass on the workers found of a shape, for the serial tail.
#define sdMarkStill 1      // its body did not move at the pass (stillShapes)
#define sdMarkEnlarged 2   // its kept box was re-made (enlargedShapes)
#define sdMarkMoves 4      // its body moves: shapeSize holds its kept box's larger side
#define sdMarkSharedBody 8 // its body has other shapes: the tail notes its extent (no two tasks write one body's)
/// Least shapes a piece of the bounds pass takes on the workers.
#define sdBoundsGrain 512

/// A run of the bounds pass on the workers: the world and the step length.
typedef struct sdBoundsRun {
    sdWorld* world;
    double dt;
} sdBoundsRun;

/// The bounds pass over shape slots [begin, end) on the workers: each writes only its shape's records, its mark,
/// and the extent and thickness of a body whose only shape it is.
static void sd_bounds_piece(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    const sdBoundsRun* run = context;
    sdWorld* world = run->world;
    sdCollisionState* c = &world->collision;
    const double dt = run->dt;
    for (int32_t i = begin; i < end; ++i) {
        if (!c->shapeAlive[i]) {
            c->shapeMarks[i] = 0;
            continue;
        }
        const sdShape* shape = &c->shapes[i];
        const int32_t body = shape->body;
        uint8_t mark = world->awake[body] ? 0 : sdMarkStill;
        if (world->shapeHead[body] == i && shape->next < 0) sd_note_body_extent(c, body, shape);
        else mark |= sdMarkSharedBody;
        if (sd_bound_shape(world, i, body, dt)) mark |= sdMarkEnlarged;
        if (sd_moves(world, body)) {
            c->shapeSize[i] = sd_kept_size(shape);
            mark |= sdMarkMoves;
        }
        c->shapeMarks[i] = mark;
    }
}

int sd_find_pairs(sdWorld* world, double dt) {
    sdCollisionState* c = &world->collision;
    c->pairCount = 0;
    c->pairsFound = false;
    const int32_t n = c->shapeSlotCount;
    if (n == 0) return sdResult_ok;

    // Swept and kept boxes, and the cell size: twice the mean size of moving shapes' kept boxes (power of two, at
    // least 8 pt).
    double sizeSum = 0.0;
    int32_t moving = 0, enlarged = 0;
    // The pass's per-shape records ride along (one walk over the 176 B shape records, not two): what a contact's
    // update reads of its shape (sdShapeHot) and what continuous collision reads of its body (bodyExtent and
    // bodyThickness, reset by sd_collide; the shapes of bodies at rest, stillShapes).
    c->stillShapeCount = 0;
    if (c->parallelPass) {
        // On the workers, each shape marked; then the lists, the size sum (in slot order: the same bits) and the
        // shared bodies' extents here, from the marks.
        sdBoundsRun run = {world, dt};
        sd_task_pool_range(world->tasks, sd_bounds_piece, &run, n, sdBoundsGrain, 1);
        for (int32_t i = 0; i < n; ++i) {
            const uint8_t mark = c->shapeMarks[i];
            if (mark == 0) continue;
            if (mark & sdMarkStill) c->stillShapes[c->stillShapeCount++] = i;
            if (mark & sdMarkSharedBody) sd_note_body_extent(c, c->shapes[i].body, &c->shapes[i]);
            if (mark & sdMarkEnlarged) c->enlargedShapes[enlarged++] = i;
            if (mark & sdMarkMoves) {
                sizeSum += c->shapeSize[i];
                moving += 1;
            }
        }
    } else {
        for (int32_t i = 0; i < n; ++i) {
            if (!c->shapeAlive[i]) continue;
            const sdShape* shape = &c->shapes[i];
            const int32_t body = shape->body;
            if (!world->awake[body]) c->stillShapes[c->stillShapeCount++] = i;
            sd_note_body_extent(c, body, shape);
            if (sd_bound_shape(world, i, body, dt)) c->enlargedShapes[enlarged++] = i;
            if (sd_moves(world, body)) {
                sizeSum += sd_kept_size(shape);
                moving += 1;
            }
        }
    }
    if (enlarged == 0) return sdResult_ok;
    c->pairsFound = true;
    if (moving == 0) return sdResult_ok;
    double cell = 8.0;
    while (cell < 2.0 * sizeSum / moving && cell < 1.0e9) cell *= 2.0;
    // Binning every shape pays when at least a quarter of them look for pairs.
    const bool binAll = (int64_t)enlarged * 4 >= (int64_t)c->shapeCount;
    if (sd_find_enlarged_pairs(world, 1.0 / cell, enlarged, binAll) != sdResult_ok) return sd_pairs_failed(c);
    sd_sort_pairs(world);
    return sdResult_ok;
}

/// Whether two kept boxes overlap (the box test of sd_pair_candidate, on the entries' copies). All four
/// comparisons, without branches: most entries of a bucket fail one of them, unpredictably.
static inline bool sd_boxes_overlap(const sdBroadEntry* e, double minX, double minY, double maxX, double maxY) {
    return (minX <= e->maxX) & (e->minX <= maxX) & (minY <= e->maxY) & (e->minY <= maxY);
}

/// A box corner (x, y) as one vector, and the result of comparing two: the bucket tests compare two corners at once.
typedef double sdCorner __attribute__((vector_size(16), aligned(8)));
typedef int64_t sdCornerMask __attribute__((vector_size(16), aligned(8)));

static inline sdCorner sd_corner(const double* xy) {
    sdCorner v;
    memcpy(&v, xy, sizeof v);
    return v;
}

/// sd_boxes_overlap for the box with lower corner lo and upper corner hi (the same comparisons, NaN failing them).
static inline bool sd_corners_overlap(sdCorner lo, sdCorner hi, const sdBroadEntry* e) {
    const sdCornerMask in = (lo <= sd_corner(&e->maxX)) & (sd_corner(&e->minX) <= hi);
    return (in[0] & in[1]) != 0;
}

/// Shape `index`'s entry, but for its cell (the binning fills that in).
static inline sdBroadEntry sd_shape_entry(const sdWorld* world, int32_t index, int32_t cornerX, int32_t cornerY) {
    const sdShape* s = &world->collision.shapes[index];
    const bool openFilter = s->mask == UINT64_MAX && s->category != 0;
    const uint8_t flags = (uint8_t)((s->enlarged ? sdBroadFlag_enlarged : 0) |
                                    (sd_moves(world, s->body) ? sdBroadFlag_moves : 0) |
                                    (openFilter ? sdBroadFlag_openFilter : 0));
    return (sdBroadEntry){.minX = s->fatMinX, .minY = s->fatMinY, .maxX = s->fatMaxX, .maxY = s->fatMaxY, .cell = 0,
                          .cornerX = cornerX, .cornerY = cornerY, .shape = index, .body = s->body, .flags = flags};
}

/// sd_pair_candidate for two entries whose boxes overlap, from the entries' copies: the shape records are read only
/// when a filter is not open.
static inline bool sd_entries_candidate(const sdWorld* world, const sdBroadEntry* a, const sdBroadEntry* b) {
    const uint8_t either = a->flags | b->flags;
    if (!(either & sdBroadFlag_enlarged) || !(either & sdBroadFlag_moves) || a->body == b->body) return false;
    if (a->flags & b->flags & sdBroadFlag_openFilter) return true;
    const sdShape* sa = &world->collision.shapes[a->shape];
    const sdShape* sb = &world->collision.shapes[b->shape];
    return (sa->category & sb->mask) || (sb->category & sa->mask);
}

/// Reports the shapes of entries a and b (boxes overlapping) as a pair if they may collide and `cell` holds the
/// lower corner of their kept boxes' overlap (so a pair whose boxes share several cells is reported once). The
/// corner's cell is the larger of the two boxes' lower-corner cells (the cell of a coordinate grows with it).
/// False only when out of memory (or the sink's region is full).
SD_INLINE bool sd_report_pair(sdWorld* world, sdPairSink* sink, const sdBroadEntry* a, const sdBroadEntry* b,
                            int64_t cell) {
    const int32_t cornerX = a->cornerX > b->cornerX ? a->cornerX : b->cornerX;
    const int32_t cornerY = a->cornerY > b->cornerY ? a->cornerY : b->cornerY;
    if (sd_cell_id(cornerX, cornerY) != cell || !sd_entries_candidate(world, a, b)) return true;
    return sd_sink_pair(&world->collision, sink, a->shape, b->shape);
}

/// Reports the candidate pairs in buckets [k0, k1) when every shape is binned.
static int sd_pairs_in_buckets(sdWorld* world, sdPairSink* sink, uint32_t k0, uint32_t k1) {
    sdCollisionState* c = &world->collision;
    const int32_t* start = c->cellStart;
    const sdBroadEntry* entries = c->cellEntries;
    // The bucket bounds and entry a's box and cell in locals: a reported pair is a store the compiler cannot tell from
    // them, so it reloaded them on every test; most buckets hold one entry or none, and are passed on one test.
    int32_t next = start[k0];
    for (uint32_t k = k0; k < k1; ++k) {
        const int32_t first = next;
        next = start[k + 1];
        if (next - first < 2) continue;
        const sdBroadEntry* end = entries + next;
        for (const sdBroadEntry* a = entries + first; a < end; ++a) {
            const sdCorner lo = sd_corner(&a->minX), hi = sd_corner(&a->maxX);
            const int64_t cell = a->cell;
            for (const sdBroadEntry* b = a + 1; b < end; ++b) {
                if (!(sd_corners_overlap(lo, hi, b) && b->cell == cell)) continue;
                if (!sd_report_pair(world, sink, a, b, cell)) return sdResult_outOfMemory;
            }
        }
    }
    return sdResult_ok;
}

/// Whether shape s spans more grid cells than sdMaxCellsPerShape (or too many to count); sets s->oversized, and the
/// cells its kept box covers (`range`, empty when oversized; `cells` of them).
static inline bool sd_mark_oversized(sdShape* s, double inverseCell, sdCellRange* range, double* cells) {
    const double x0 = floor(s->fatMinX * inverseCell), x1 = floor(s->fatMaxX * inverseCell);
    const double y0 = floor(s->fatMinY * inverseCell), y1 = floor(s->fatMaxY * inverseCell);
    const double spanX = x1 - x0 + 1.0;
    const double spanY = y1 - y0 + 1.0;
    *cells = spanX * spanY;
    s->oversized = !(spanX * spanY <= sdMaxCellsPerShape); // also true for spans too wide to count
    *range = s->oversized ? (sdCellRange){0, 0, -1, -1}
                          : (sdCellRange){sd_cell_coordinate(x0), sd_cell_coordinate(y0), sd_cell_coordinate(x1),
                                          sd_cell_coordinate(y1)};
    return s->oversized;
}

/// Reports the candidate pairs of shapes [i0, i1) with the binned (enlarged) ones, looking up the cells each covers.
/// The shapes that were not enlarged are sized for the grid here (the binning sized the others), and the oversized
/// ones among them noted: added to the list at c->shapeEntries (`oversized` of them so far), or as pairs {i, −1} in
/// a task's region.
static int sd_pairs_by_lookup(sdWorld* world, sdPairSink* sink, uint32_t mask, double inverseCell, int32_t i0,
                              int32_t i1, int32_t* oversized) {
    sdCollisionState* c = &world->collision;
    const int32_t* start = c->cellStart;
    const sdBroadEntry* entries = c->cellEntries;
    for (int32_t i = i0; i < i1; ++i) {
        if (!c->shapeAlive[i]) continue;
        sdShape* shape = &c->shapes[i];
        double cells;
        sdCellRange range;
        if (shape->enlarged) {
            range = c->shapeCells[i]; // sized by the binning
        } else if (sd_mark_oversized(shape, inverseCell, &range, &cells)) {
            if (sink == NULL) {
                c->shapeEntries[(*oversized)++] = i;
            } else {
                if (sink->count == sink->capacity) return sdResult_outOfMemory;
                sink->region[sink->count++] = (sdShapePair){.a = i, .b = -1};
            }
        }
        if (shape->oversized) continue;
        const sdBroadEntry a = sd_shape_entry(world, i, range.x0, range.y0);
        for (int32_t ix = range.x0; ix <= range.x1; ++ix) {
            for (int32_t iy = range.y0; iy <= range.y1; ++iy) {
                const uint32_t k = sd_cell_bucket(ix, iy, mask);
                if (start[k] == start[k + 1]) continue;
                const int64_t cell = sd_cell_id(ix, iy);
                for (int32_t e = start[k]; e < start[k + 1]; ++e) {
                    const sdBroadEntry* b = &entries[e];
                    const int32_t j = b->shape;
                    if (b->cell != cell || j == i || (shape->enlarged && j < i)) continue;
                    if (!sd_boxes_overlap(b, a.minX, a.minY, a.maxX, a.maxY)) continue;
                    if (!sd_report_pair(world, sink, &a, b, cell)) return sdResult_outOfMemory;
                }
            }
        }
    }
    return sdResult_ok;
}

/// Buckets or shapes a task of the pair tests takes at least (2,048 buckets: about 1,000 to 2,000 entries).
#define sdPairTaskBuckets 2048
#define sdPairTaskShapes 512
/// Most tasks the pair tests are cut into on the world's task pool (sdCollisionState.taskPairs).
#define sdMaxPairTasks 64

/// The pair tests of a grid pass on the world's task pool: every bucket (binAll) or every shape (lookup), cut into
/// `tasks` equal ranges of `per`; `counts` is the run's scratch (per task: pairs written, or −1 when its region
/// overflowed).
typedef struct sdPairRun {
    sdWorld* world;
    uint32_t buckets, mask;
    double inverseCell;
    int32_t tasks, per;
    bool binAll;
    int32_t* counts;
} sdPairRun;

/// Task t of a pair run: its range's pairs into region t of taskPairs, in the order the serial pass finds them.
static void sd_pair_task(void* context, int32_t task) {
    const sdPairRun* run = context;
    sdCollisionState* c = &run->world->collision;
    const int32_t capacity = c->taskPairCapacity / run->tasks;
    sdPairSink sink = {c->taskPairs + (size_t)task * (size_t)capacity, 0, capacity};
    const int64_t begin = (int64_t)task * run->per;
    int result;
    if (run->binAll) {
        const int64_t end = begin + run->per < run->buckets ? begin + run->per : run->buckets;
        result = sd_pairs_in_buckets(run->world, &sink, (uint32_t)begin, (uint32_t)end);
    } else {
        const int32_t n = c->shapeSlotCount;
        const int64_t end = begin + run->per < n ? begin + run->per : n;
        result = sd_pairs_by_lookup(run->world, &sink, run->mask, run->inverseCell, (int32_t)begin, (int32_t)end,
                                    NULL);
    }
    run->counts[task] = result == sdResult_ok ? sink.count : -1;
}

/// The pair tests on the task pool, then the tasks' pairs appended to the pair list in task order (the serial
/// pass's order) and their oversized shapes to the list at c->shapeEntries. A region that overflowed makes the run
/// repeat with regions twice as large.
static int sd_pairs_on_tasks(sdWorld* world, uint32_t buckets, uint32_t mask, double inverseCell, bool binAll,
                             int32_t* oversized) {
    sdCollisionState* c = &world->collision;
    const int64_t items = binAll ? (int64_t)buckets : c->shapeSlotCount;
    const int64_t least = binAll ? sdPairTaskBuckets : sdPairTaskShapes;
    int64_t tasks = (items + least - 1) / least;
    if (tasks > sdMaxPairTasks) tasks = sdMaxPairTasks;
    if (tasks <= 1) { // the serial pass: the same pairs in the same order, without the regions and the copy
        return binAll ? sd_pairs_in_buckets(world, NULL, 0, buckets)
                      : sd_pairs_by_lookup(world, NULL, mask, inverseCell, 0, c->shapeSlotCount, oversized);
    }
    int32_t counts[sdMaxPairTasks];
    const int32_t per = (int32_t)((items + tasks - 1) / tasks);
    sdPairRun run = {world, buckets, mask, inverseCell, (int32_t)tasks, per, binAll, counts};
    int64_t capacity = 2 * (int64_t)c->pairCapacity; // the most pairs a pass found so far, twice, to start with
    if (capacity < 256 * tasks) capacity = 256 * tasks;
    for (;;) {
        if (c->taskPairCapacity < capacity) {
            if (capacity > INT32_MAX / 2 || !SD_GROW(c->taskPairs, capacity)) return sdResult_outOfMemory;
            c->taskPairCapacity = (int32_t)capacity;
        }
        sd_task_pool_run(world->tasks, sd_pair_task, &run, run.tasks);
        bool full = false;
        for (int32_t t = 0; t < run.tasks; ++t) full |= counts[t] < 0;
        if (!full) break;
        capacity = 2 * (int64_t)c->taskPairCapacity;
    }
    int64_t total = 0;
    for (int32_t t = 0; t < run.tasks; ++t) total += counts[t];
    if (!sd_reserve_pairs(c, total)) return sdResult_outOfMemory;
    const int32_t region = c->taskPairCapacity / run.tasks;
    for (int32_t t = 0; t < run.tasks; ++t) {
        const sdShapePair* pairs = c->taskPairs + (size_t)t * (size_t)region;
        for (int32_t q = 0; q < counts[t]; ++q) {
            if (pairs[q].b < 0) c->shapeEntries[(*oversized)++] = pairs[q].a;
            else c->pairs[c->pairCount++] = pairs[q];
        }
    }
    return sdResult_ok;
}

/// The grid pass: bins the kept boxes (every one, or the enlarged ones), then reports each candidate pair once.
/// Binning the enlarged ones walks their list, not every shape record (a settling pile enlarges a few hundred of
/// 10,000 shapes a step: the lookup is then the only walk over all of them).
static int sd_find_enlarged_pairs(sdWorld* world, double inverseCell, int32_t enlarged, bool binAll) {
    sdCollisionState* c = &world->collision;
    const int32_t n = c->shapeSlotCount;
    const int32_t binnedCount = binAll ? n : enlarged;
    const int32_t* binned = binAll ? NULL : c->enlargedShapes; // NULL: every slot
    // Entries: one per (binned shape, cell it covers); oversized shapes are kept apart.
    int64_t entryCount = 0;
    int32_t oversized = 0;
    if (!SD_GROW(c->shapeEntries, n) || !SD_GROW(c->shapeCells, n) || !SD_GROW(c->pairCounts, (size_t)n + 1))
        return sdResult_outOfMemory;
    for (int32_t q = 0; q < binnedCount; ++q) {
        const int32_t i = binned != NULL ? binned[q] : q;
        if (!c->shapeAlive[i]) continue;
        double cells;
        if (sd_mark_oversized(&c->shapes[i], inverseCell, &c->shapeCells[i], &cells)) c->shapeEntries[oversized++] = i;
        else entryCount += (int64_t)cells;
    }
    if (entryCount > INT32_MAX / 4) return sdResult_outOfMemory;
    // Binning every shape: one to two buckets per entry (the bucket walk visits every bucket, most of them empty at
    // two per entry, and a bucket that mixes two cells costs only a box test per extra entry). Looking up: every
    // shape probes the buckets of the cells it covers and most hold none of its cells, so sixteen per entry, to make
    // most probes find an empty bucket (a probe of a bucket holding another cell's entries reads them and mispredicts).
    const int64_t perEntry = binAll ? 1 : 16;
    uint32_t buckets = 64;
    while (buckets < (uint64_t)(perEntry * entryCount) && buckets < (1u << 30)) buckets *= 2;
    if ((int64_t)c->cellCapacity < (int64_t)buckets + 1) {
        if (!SD_GROW(c->cellStart, (size_t)buckets + 1)) return sdResult_outOfMemory;
        c->cellCapacity = (int32_t)buckets + 1;
    }
    if (c->entryCapacity < entryCount) { // with room: a falling crowd's entry count creeps up step by step
        const int32_t capacity = sd_capacity_with_room((int32_t)entryCount);
        if (!SD_GROW(c->cellEntries, capacity)) return sdResult_outOfMemory;
        c->entryCapacity = capacity;
    }

    // Counting sort of the entries by bucket. The arrays in locals: an entry's flags are a byte, which may alias
    // anything, so the compiler reloaded the world's pointers after each entry it wrote.
    const uint32_t mask = buckets - 1;
    int32_t* start = c->cellStart;
    sdBroadEntry* cellEntries = c->cellEntries;
    const sdCellRange* shapeCells = c->shapeCells;
    const uint8_t* shapeAlive = c->shapeAlive;
    for (uint32_t k = 0; k <= buckets; ++k) start[k] = 0;
    for (int pass = 0; pass < 2; ++pass) {
        for (int32_t q = 0; q < binnedCount; ++q) {
            const int32_t i = binned != NULL ? binned[q] : q;
            if (!shapeAlive[i]) continue;
            const sdCellRange range = shapeCells[i];
            if (range.x1 < range.x0) continue; // oversized: no cells
            if (pass == 0) {
                for (int32_t ix = range.x0; ix <= range.x1; ++ix)
                    for (int32_t iy = range.y0; iy <= range.y1; ++iy) start[sd_cell_bucket(ix, iy, mask) + 1] += 1;
                continue;
            }
            sdBroadEntry entry = sd_shape_entry(world, i, range.x0, range.y0);
            for (int32_t ix = range.x0; ix <= range.x1; ++ix) {
                for (int32_t iy = range.y0; iy <= range.y1; ++iy) {
                    entry.cell = sd_cell_id(ix, iy);
                    cellEntries[start[sd_cell_bucket(ix, iy, mask)]++] = entry;
                }
            }
        }
        if (pass == 0) {
            for (uint32_t k = 0; k < buckets; ++k) start[k + 1] += start[k];
        } else {
            for (uint32_t k = buckets; k > 0; --k) start[k] = start[k - 1]; // restore the bucket starts
            start[0] = 0;
        }
    }

    int result;
    if (c->parallelPass) result = sd_pairs_on_tasks(world, buckets, mask, inverseCell, binAll, &oversized);
    else if (binAll) result = sd_pairs_in_buckets(world, NULL, 0, buckets);
    else result = sd_pairs_by_lookup(world, NULL, mask, inverseCell, 0, n, &oversized);
    if (result != sdResult_ok) return result;
    // Oversized shapes against every shape (each oversized pair once).
    for (int32_t o = 0; o < oversized; ++o) {
        const int32_t i = c->shapeEntries[o];
        for (int32_t j = 0; j < n; ++j) {
            if (j == i || !c->shapeAlive[j]) continue;
            if (c->shapes[j].oversized && j < i) continue; // that pair was tested from j
            if (!sd_pair_candidate(world, &c->shapes[i < j ? i : j], &c->shapes[i < j ? j : i])) continue;
            if (!sd_push_pair(c, i, j)) return sdResult_outOfMemory;
        }
    }
    return sdResult_ok;
}
