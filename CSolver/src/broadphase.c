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
/// Cell coordinates are clamped to ±this before conversion to integers (far-away bodies share edge cells).
#define sdMaxCellCoordinate 1.0e15

/// Whether the body moves this step (dynamic and awake).
static inline bool sd_moves(const sdWorld* world, int32_t body) {
    return world->awake[body] && !(world->flags[body] & sdBodyFlag_static);
}

/// The box of shape i swept over the step: current bounds, plus the distance the body can travel in dt at its
/// velocity (and the velocity gravity and forces add), plus what turning moves the shape's far points, plus half
/// the speculative distance on every side. A moving body's box or circle is posed for the pass on the way (its
/// contacts will need that pose).
static void sd_swept_bounds(sdWorld* world, int32_t index, double dt) {
    sdShape* shape = &world->collision.shapes[index];
    const int32_t b = shape->body;
    const bool moves = sd_moves(world, b);
    if (!moves || !sd_pose_shape_bounds(world, index))
        sd_shape_bounds(world, shape, &shape->minX, &shape->minY, &shape->maxX, &shape->maxY);
    double grow = 0.5 * sdSpeculativeBase;
    if (moves) {
        const double ax = world->gravityX[b] + world->forceX[b] * world->invMass[b];
        const double ay = world->gravityY[b] + world->forceY[b] * world->invMass[b];
        const double dx = world->vx[b] * dt, dy = world->vy[b] * dt;
        const double turn = fabs(world->w[b]) * dt * shape->extent;
        grow += sqrt(ax * ax + ay * ay) * dt * dt + (turn < 2.0 * shape->extent ? turn : 2.0 * shape->extent);
        if (dx < 0) shape->minX += dx; else shape->maxX += dx;
        if (dy < 0) shape->minY += dy; else shape->maxY += dy;
    }
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

static inline int64_t sd_cell_coordinate(double x, double inverseCell) {
    double c = floor(x * inverseCell);
    if (c > sdMaxCellCoordinate) c = sdMaxCellCoordinate;
    if (c < -sdMaxCellCoordinate) c = -sdMaxCellCoordinate;
    return (int64_t)c;
}

static inline int64_t sd_cell_id(int64_t ix, int64_t iy) { return (int64_t)(((uint64_t)ix << 32) ^ (uint64_t)(uint32_t)iy); }

static inline uint32_t sd_cell_bucket(int64_t ix, int64_t iy, uint32_t mask) {
    const uint64_t h = (uint64_t)ix * 0x9E3779B97F4A7C15ull ^ (uint64_t)iy * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h >> 32) & mask;
}

static bool sd_push_pair(sdCollisionState* c, int32_t a, int32_t b) {
    if (c->pairCount == c->pairCapacity) {
        const int32_t capacity = c->pairCapacity == 0 ? 256 : 2 * c->pairCapacity;
        if (c->pairCapacity > INT32_MAX / 2 || !SD_GROW(c->pairs, capacity) || !SD_GROW(c->pairScratch, capacity))
            return false;
        c->pairCapacity = capacity;
    }
    c->pairs[c->pairCount].a = a < b ? a : b;
    c->pairs[c->pairCount].b = a < b ? b : a;
    c->pairCount += 1;
    return true;
}

/// Sorts the pairs by (a, b): a counting sort by b, then a stable one by a (O(pairs + shapes)).
static void sd_sort_pairs(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    int32_t* counts = c->pairCounts;
    const int32_t n = c->shapeSlotCount;
    for (int pass = 0; pass < 2; ++pass) {
        for (int32_t i = 0; i <= n; ++i) counts[i] = 0;
        for (int32_t p = 0; p < c->pairCount; ++p) counts[(pass == 0 ? c->pairs[p].b : c->pairs[p].a) + 1] += 1;
        for (int32_t i = 0; i < n; ++i) counts[i + 1] += counts[i];
        for (int32_t p = 0; p < c->pairCount; ++p) {
            const int32_t key = pass == 0 ? c->pairs[p].b : c->pairs[p].a;
            c->pairScratch[counts[key]++] = c->pairs[p];
        }
        sdShapePair* swap = c->pairs;
        c->pairs = c->pairScratch;
        c->pairScratch = swap;
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

static int sd_find_enlarged_pairs(sdWorld* world, double inverseCell, bool binAll);

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
    for (int32_t i = 0; i < n; ++i) {
        if (!c->shapeAlive[i]) continue;
        sdShape* shape = &c->shapes[i];
        sd_swept_bounds(world, i, dt);
        if (sd_update_fat_box(world, i)) enlarged += 1;
        if (sd_moves(world, shape->body)) {
            const double w = shape->fatMaxX - shape->fatMinX, h = shape->fatMaxY - shape->fatMinY;
            sizeSum += w > h ? w : h;
            moving += 1;
        }
    }
    if (enlarged == 0) return sdResult_ok;
    c->pairsFound = true;
    if (moving == 0) return sdResult_ok;
    double cell = 8.0;
    while (cell < 2.0 * sizeSum / moving && cell < 1.0e9) cell *= 2.0;
    // Binning every shape pays when at least a quarter of them look for pairs.
    const bool binAll = (int64_t)enlarged * 4 >= (int64_t)c->shapeCount;
    if (sd_find_enlarged_pairs(world, 1.0 / cell, binAll) != sdResult_ok) return sd_pairs_failed(c);
    sd_sort_pairs(world);
    return sdResult_ok;
}

/// Whether two kept boxes overlap (the box test of sd_pair_candidate, on the entries' copies).
static inline bool sd_boxes_overlap(const sdBroadEntry* e, double minX, double minY, double maxX, double maxY) {
    return minX <= e->maxX && e->minX <= maxX && minY <= e->maxY && e->minY <= maxY;
}

/// Reports shapes i and j as a pair if they may collide and `cell` holds the lower corner of their kept boxes'
/// overlap (so a pair whose boxes share several cells is reported once). The corner's cell is the larger of the
/// two boxes' lower-corner cells (the cell of a coordinate grows with it), and the callers tested the boxes'
/// overlap on the entries first: most pairs in a cell stop there, before the shape records are read. False only
/// when out of memory.
static inline bool sd_report_pair(sdWorld* world, int32_t i, int32_t j, int64_t cell, int64_t cornerX,
                                  int64_t cornerY) {
    if (sd_cell_id(cornerX, cornerY) != cell) return true;
    sdCollisionState* c = &world->collision;
    if (!sd_pair_candidate(world, &c->shapes[i < j ? i : j], &c->shapes[i < j ? j : i])) return true;
    return sd_push_pair(c, i, j);
}

/// Reports the candidate pairs in each bucket when every shape is binned.
static int sd_pairs_in_buckets(sdWorld* world, uint32_t buckets) {
    sdCollisionState* c = &world->collision;
    const int32_t* start = c->cellStart;
    const sdBroadEntry* entries = c->cellEntries;
    for (uint32_t k = 0; k < buckets; ++k) {
        for (int32_t e = start[k]; e < start[k + 1]; ++e) {
            const sdBroadEntry* a = &entries[e];
            for (int32_t f = e + 1; f < start[k + 1]; ++f) {
                const sdBroadEntry* b = &entries[f];
                if (b->cell != a->cell || !sd_boxes_overlap(b, a->minX, a->minY, a->maxX, a->maxY)) continue;
                const int64_t cornerX = a->cornerX > b->cornerX ? a->cornerX : b->cornerX;
                const int64_t cornerY = a->cornerY > b->cornerY ? a->cornerY : b->cornerY;
                if (!sd_report_pair(world, a->shape, b->shape, a->cell, cornerX, cornerY)) return sdResult_outOfMemory;
            }
        }
    }
    return sdResult_ok;
}

/// Reports the candidate pairs of every shape with the binned (enlarged) ones, looking up the cells it covers.
static int sd_pairs_by_lookup(sdWorld* world, uint32_t mask, double inverseCell) {
    sdCollisionState* c = &world->collision;
    const int32_t* start = c->cellStart;
    const sdBroadEntry* entries = c->cellEntries;
    for (int32_t i = 0; i < c->shapeSlotCount; ++i) {
        if (!c->shapeAlive[i]) continue;
        const sdShape* a = &c->shapes[i];
        if (a->oversized) continue;
        const int64_t x0 = sd_cell_coordinate(a->fatMinX, inverseCell), x1 = sd_cell_coordinate(a->fatMaxX, inverseCell);
        const int64_t y0 = sd_cell_coordinate(a->fatMinY, inverseCell), y1 = sd_cell_coordinate(a->fatMaxY, inverseCell);
        for (int64_t ix = x0; ix <= x1; ++ix) {
            for (int64_t iy = y0; iy <= y1; ++iy) {
                const uint32_t k = sd_cell_bucket(ix, iy, mask);
                if (start[k] == start[k + 1]) continue;
                const int64_t cell = sd_cell_id(ix, iy);
                for (int32_t e = start[k]; e < start[k + 1]; ++e) {
                    const sdBroadEntry* b = &entries[e];
                    const int32_t j = b->shape;
                    if (b->cell != cell || j == i || (a->enlarged && j < i)) continue;
                    if (!sd_boxes_overlap(b, a->fatMinX, a->fatMinY, a->fatMaxX, a->fatMaxY)) continue;
                    const int64_t cornerX = x0 > b->cornerX ? x0 : b->cornerX;
                    const int64_t cornerY = y0 > b->cornerY ? y0 : b->cornerY;
                    if (!sd_report_pair(world, i, j, cell, cornerX, cornerY)) return sdResult_outOfMemory;
                }
            }
        }
    }
    return sdResult_ok;
}

/// The grid pass: bins the kept boxes (every one, or the enlarged ones), then reports each candidate pair once.
static int sd_find_enlarged_pairs(sdWorld* world, double inverseCell, bool binAll) {
    sdCollisionState* c = &world->collision;
    const int32_t n = c->shapeSlotCount;
    // Entries: one per (binned shape, cell it covers); oversized shapes are kept apart.
    int64_t entryCount = 0;
    int32_t oversized = 0;
    if (!SD_GROW(c->shapeEntries, n) || !SD_GROW(c->pairCounts, (size_t)n + 1)) return sdResult_outOfMemory;
    for (int32_t i = 0; i < n; ++i) {
        if (!c->shapeAlive[i]) continue;
        sdShape* s = &c->shapes[i];
        const double spanX = floor(s->fatMaxX * inverseCell) - floor(s->fatMinX * inverseCell) + 1.0;
        const double spanY = floor(s->fatMaxY * inverseCell) - floor(s->fatMinY * inverseCell) + 1.0;
        s->oversized = !(spanX * spanY <= sdMaxCellsPerShape); // also true for spans too wide to count
        if (s->oversized) {
            c->shapeEntries[oversized++] = i;
        } else if (binAll || s->enlarged) {
            entryCount += (int64_t)(spanX * spanY);
        }
    }
    if (entryCount > INT32_MAX / 4) return sdResult_outOfMemory;
    uint32_t buckets = 64;
    while (buckets < (uint32_t)(2 * entryCount) && buckets < (1u << 30)) buckets *= 2;
    if ((int64_t)c->cellCapacity < (int64_t)buckets + 1) {
        if (!SD_GROW(c->cellStart, (size_t)buckets + 1)) return sdResult_outOfMemory;
        c->cellCapacity = (int32_t)buckets + 1;
    }
    if (c->entryCapacity < entryCount) {
        if (!SD_GROW(c->cellEntries, entryCount)) return sdResult_outOfMemory;
        c->entryCapacity = (int32_t)entryCount;
    }

    // Counting sort of the entries by bucket.
    const uint32_t mask = buckets - 1;
    int32_t* start = c->cellStart;
    for (uint32_t k = 0; k <= buckets; ++k) start[k] = 0;
    for (int pass = 0; pass < 2; ++pass) {
        for (int32_t i = 0; i < n; ++i) {
            if (!c->shapeAlive[i]) continue;
            const sdShape* s = &c->shapes[i];
            if (s->oversized || !(binAll || s->enlarged)) continue;
            const int64_t x0 = sd_cell_coordinate(s->fatMinX, inverseCell), x1 = sd_cell_coordinate(s->fatMaxX, inverseCell);
            const int64_t y0 = sd_cell_coordinate(s->fatMinY, inverseCell), y1 = sd_cell_coordinate(s->fatMaxY, inverseCell);
            for (int64_t ix = x0; ix <= x1; ++ix) {
                for (int64_t iy = y0; iy <= y1; ++iy) {
                    const uint32_t k = sd_cell_bucket(ix, iy, mask);
                    if (pass == 0) {
                        start[k + 1] += 1;
                    } else {
                        sdBroadEntry* e = &c->cellEntries[start[k]++];
                        e->minX = s->fatMinX;
                        e->minY = s->fatMinY;
                        e->maxX = s->fatMaxX;
                        e->maxY = s->fatMaxY;
                        e->cell = sd_cell_id(ix, iy);
                        e->cornerX = x0;
                        e->cornerY = y0;
                        e->shape = i;
                    }
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

    const int result = binAll ? sd_pairs_in_buckets(world, buckets) : sd_pairs_by_lookup(world, mask, inverseCell);
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
