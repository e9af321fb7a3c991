// The row layout of a step: islands of bodies joined by joints (union-find), rows grouped per island and
// ordered breadth-first so each island's matrix has a narrow band, and the solve path for each island.
// Rest detection is per island too: joined bodies rest and wake together.
#include "sd_rows.h"

#include <stdlib.h>
#include <string.h>

void sd_wake(sdWorld* world, int32_t i);

/// LAPACK's banded Cholesky costs about n·kd² flops; past this budget an island is solved iteratively. Measured on
/// the 10,000-cell rigid grid (n·kd² ≈ 8·10⁸): banded 0.81 s per step, conjugate gradients 1.45 s.
#define sdDirectFlopBudget 2.0e9
/// Islands made only of springs switch to conjugate gradients much earlier: on the 10,000-cell grid of 15 Hz
/// springs (n·kd² ≈ 8·10⁸) CG takes 19 ms per step and the band 132 ms.
#define sdSpringFlopBudget 1.0e7

static bool sd_is_dynamic(const sdWorld* world, int32_t body) {
    return body >= 0 && world->alive[body] && !(world->flags[body] & sdBodyFlag_static);
}

static int32_t sd_find(int32_t* parent, int32_t i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static bool sd_grow_buffer(void** buffer, size_t count, size_t size) {
    void* grown = realloc(*buffer, count * size);
    if (grown == NULL) return false;
    *buffer = grown;
    return true;
}

#define SD_GROW(ptr, count) sd_grow_buffer((void**)&(ptr), (size_t)(count), sizeof(*(ptr)))

static int sd_reserve_bodies(sdSolverScratch* s, int32_t capacity) {
    if (s->bodyCapacity >= capacity) return sdResult_ok;
    if (!SD_GROW(s->v0x, capacity) || !SD_GROW(s->v0y, capacity) || !SD_GROW(s->w0, capacity) ||
        !SD_GROW(s->parent, capacity) || !SD_GROW(s->order, capacity) || !SD_GROW(s->firstRow, capacity) ||
        !SD_GROW(s->lastRow, capacity) || !SD_GROW(s->adjacencyStart, capacity + 1) || !SD_GROW(s->queue, capacity) ||
        !SD_GROW(s->islandSleep, capacity) || !SD_GROW(s->bodyScratch, 3 * (size_t)capacity))
        return sdResult_outOfMemory;
    s->bodyCapacity = capacity;
    return sdResult_ok;
}

static int sd_reserve_rows(sdSolverScratch* s, int32_t capacity) {
    if (s->rowCapacity >= capacity) return sdResult_ok;
    if (!SD_GROW(s->rowJoint, capacity) || !SD_GROW(s->rowType, capacity) || !SD_GROW(s->rowIsland, capacity) ||
        !SD_GROW(s->rowKey, 2 * (size_t)capacity) || !SD_GROW(s->adjacency, 2 * (size_t)capacity) ||
        !SD_GROW(s->sortIndex, capacity) || !SD_GROW(s->rows, capacity) || !SD_GROW(s->lambda, capacity) ||
        !SD_GROW(s->rhs, capacity) || !SD_GROW(s->lo, capacity) || !SD_GROW(s->hi, capacity) ||
        !SD_GROW(s->fixed, capacity) || !SD_GROW(s->warm, capacity) || !SD_GROW(s->cgR, capacity) || !SD_GROW(s->cgZ, capacity) ||
        !SD_GROW(s->cgP, capacity) || !SD_GROW(s->cgQ, capacity) || !SD_GROW(s->rhsCopy, capacity) ||
        !SD_GROW(s->islands, capacity))
        return sdResult_outOfMemory;
    s->rowCapacity = capacity;
    s->islandCapacity = capacity;
    return sdResult_ok;
}

void sd_free_scratch(sdSolverScratch* s) {
    void* buffers[] = {s->springs, s->jointSpring, s->v0x, s->v0y, s->w0, s->parent, s->order, s->firstRow, s->lastRow, s->adjacencyStart,
                       s->queue, s->islandSleep, s->bodyScratch, s->rowJoint, s->rowType, s->rowIsland, s->rowKey,
                       s->adjacency, s->sortIndex, s->rows, s->lambda, s->rhs, s->lo, s->hi, s->fixed, s->warm, s->cgR,
                       s->cgZ, s->cgP, s->cgQ, s->islands, s->matrix, s->rhsCopy};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; ++i) free(buffers[i]);
    memset(s, 0, sizeof *s);
}

/// The dynamic body a row's island is named after.
static int32_t sd_row_body(const sdWorld* world, const sdJoint* joint) {
    return sd_is_dynamic(world, joint->bodyA) ? joint->bodyA : joint->bodyB;
}

static const int32_t* sd_sort_keys;

/// Rows sort by (smaller body order, larger body order, layout position): deterministic, and the band stays
/// narrow because rows touching the same bodies sit together.
static int sd_compare_rows(const void* lhs, const void* rhs) {
    const int32_t i = *(const int32_t*)lhs, j = *(const int32_t*)rhs;
    const int32_t* k = sd_sort_keys;
    if (k[2 * i] != k[2 * j]) return k[2 * i] < k[2 * j] ? -1 : 1;
    if (k[2 * i + 1] != k[2 * j + 1]) return k[2 * i + 1] < k[2 * j + 1] ? -1 : 1;
    return i < j ? -1 : (i > j);
}

/// True when an island is one dynamic body held only by springs (distance joints with a frequency) to the
/// world or to static bodies: its solve reduces to 3 unknowns whatever the number of springs.
/// True when every row of the island is a spring (soft, well conditioned: conjugate gradients converge in a
/// few dozen iterations, where a band factorisation of a large grid costs far more).
static bool sd_is_all_springs(const sdWorld* world, const sdIsland* island) {
    const sdSolverScratch* s = &world->scratch;
    for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
        const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[p]]];
        if (joint->kind != sdJoint_distance || !(joint->frequency > 0)) return false;
    }
    return true;
}

static bool sd_is_single_body_springs(const sdWorld* world, const sdIsland* island) {
    const sdSolverScratch* s = &world->scratch;
    for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
        const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[p]]];
        if (joint->kind != sdJoint_distance || !(joint->frequency > 0)) return false;
        if (sd_is_dynamic(world, joint->bodyA) && sd_is_dynamic(world, joint->bodyB)) return false;
    }
    return true;
}

int sd_prepare_constraints(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = world->slotCount;
    // The layout depends only on which joints exist, their kinds and which bodies move: reuse it while none
    // of that changed (moving anchors every frame keeps it).
    if (s->layoutValid && s->layoutVersion == world->topologyVersion) return sdResult_ok;
    s->layoutValid = false;
    if (sd_reserve_bodies(s, world->capacity) != sdResult_ok) return sdResult_outOfMemory;

    // Rows this step could have.
    int32_t rowTotal = 0;
    uint8_t types[sdMaxRowsPerJoint];
    for (int32_t j = 0; j < world->jointSlotCount; ++j) {
        if (!world->jointAlive[j]) continue;
        rowTotal += sd_joint_row_types(&world->joints[j], types);
    }
    if (sd_reserve_rows(s, rowTotal > 0 ? rowTotal : 1) != sdResult_ok) return sdResult_outOfMemory;

    // Islands: bodies joined by a joint between two dynamic bodies.
    for (int32_t i = 0; i < n; ++i) s->parent[i] = i;
    for (int32_t j = 0; j < world->jointSlotCount; ++j) {
        if (!world->jointAlive[j]) continue;
        const sdJoint* joint = &world->joints[j];
        if (sd_is_dynamic(world, joint->bodyA) && sd_is_dynamic(world, joint->bodyB)) {
            const int32_t ra = sd_find(s->parent, joint->bodyA), rb = sd_find(s->parent, joint->bodyB);
            if (ra != rb) s->parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
        }
    }
    // A body that moves wakes its whole island.
    for (int32_t i = 0; i < n; ++i) s->islandSleep[i] = 0.0;
    for (int32_t i = 0; i < n; ++i)
        if (world->awake[i]) s->islandSleep[sd_find(s->parent, i)] = 1.0;
    for (int32_t i = 0; i < n; ++i)
        if (sd_is_dynamic(world, i) && !world->awake[i] && s->islandSleep[sd_find(s->parent, i)] != 0.0) sd_wake(world, i);

    // Rows of awake joints, in joint order.
    int32_t rowCount = 0;
    for (int32_t j = 0; j < world->jointSlotCount; ++j) {
        if (!world->jointAlive[j]) continue;
        const sdJoint* joint = &world->joints[j];
        const int32_t body = sd_row_body(world, joint);
        if (!sd_is_dynamic(world, body) || !world->awake[body]) continue;
        const int32_t count = sd_joint_row_types(joint, types);
        for (int32_t r = 0; r < count; ++r) {
            s->rowJoint[rowCount] = j;
            s->rowType[rowCount] = types[r];
            s->rowIsland[rowCount] = sd_find(s->parent, body);
            rowCount += 1;
        }
    }
    s->rowCount = rowCount;

    // Group rows by island (islands numbered in order of their first row) — counting sort.
    int32_t* islandOfRoot = s->order; // reused as a root → island map, reset below
    for (int32_t i = 0; i < n; ++i) islandOfRoot[i] = -1;
    int32_t islandCount = 0;
    for (int32_t r = 0; r < rowCount; ++r) {
        const int32_t root = s->rowIsland[r];
        if (islandOfRoot[root] < 0) {
            islandOfRoot[root] = islandCount;
            s->islands[islandCount].rowCount = 0;
            s->islands[islandCount].firstBody = root;
            islandCount += 1;
        }
        s->rowIsland[r] = islandOfRoot[root];
        s->islands[s->rowIsland[r]].rowCount += 1;
    }
    int32_t start = 0;
    for (int32_t k = 0; k < islandCount; ++k) {
        s->islands[k].rowStart = start;
        start += s->islands[k].rowCount;
        s->islands[k].rowCount = 0;
    }
    for (int32_t r = 0; r < rowCount; ++r) {
        sdIsland* island = &s->islands[s->rowIsland[r]];
        s->sortIndex[island->rowStart + island->rowCount++] = r;
    }
    s->islandCount = islandCount;

    // Rows touching each body (CSR), in layout order.
    for (int32_t i = 0; i <= n; ++i) s->adjacencyStart[i] = 0;
    for (int32_t r = 0; r < rowCount; ++r) {
        const sdJoint* joint = &world->joints[s->rowJoint[r]];
        if (sd_is_dynamic(world, joint->bodyA)) s->adjacencyStart[joint->bodyA + 1] += 1;
        if (sd_is_dynamic(world, joint->bodyB)) s->adjacencyStart[joint->bodyB + 1] += 1;
    }
    for (int32_t i = 0; i < n; ++i) s->adjacencyStart[i + 1] += s->adjacencyStart[i];
    for (int32_t i = 0; i < n; ++i) s->firstRow[i] = s->adjacencyStart[i]; // fill cursor
    for (int32_t r = 0; r < rowCount; ++r) {
        const sdJoint* joint = &world->joints[s->rowJoint[r]];
        if (sd_is_dynamic(world, joint->bodyA)) s->adjacency[s->firstRow[joint->bodyA]++] = r;
        if (sd_is_dynamic(world, joint->bodyB)) s->adjacency[s->firstRow[joint->bodyB]++] = r;
    }

    // Breadth-first body order per island, from its lowest-degree body (ties: lowest slot).
    for (int32_t i = 0; i < n; ++i) s->order[i] = -1;
    int32_t maxStorage = 0;
    s->batchedBandwidth = 0;
    s->batchedRowCount = 0;
    world->stats.maxBandwidth = 0;
    for (int32_t k = 0; k < islandCount; ++k) {
        sdIsland* island = &s->islands[k];
        int32_t startBody = -1, startDegree = INT32_MAX;
        for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
            const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[p]]];
            const int32_t ends[2] = {joint->bodyA, joint->bodyB};
            for (int e = 0; e < 2; ++e) {
                const int32_t b = ends[e];
                if (!sd_is_dynamic(world, b)) continue;
                const int32_t degree = s->adjacencyStart[b + 1] - s->adjacencyStart[b];
                if (degree < startDegree || (degree == startDegree && b < startBody)) {
                    startDegree = degree;
                    startBody = b;
                }
            }
        }
        int32_t head = 0, tail = 0, counter = 0;
        s->queue[tail++] = startBody;
        s->order[startBody] = counter++;
        while (head < tail) {
            const int32_t b = s->queue[head++];
            for (int32_t q = s->adjacencyStart[b]; q < s->adjacencyStart[b + 1]; ++q) {
                const sdJoint* joint = &world->joints[s->rowJoint[s->adjacency[q]]];
                const int32_t other = joint->bodyA == b ? joint->bodyB : joint->bodyA;
                if (!sd_is_dynamic(world, other) || s->order[other] >= 0) continue;
                s->order[other] = counter++;
                s->queue[tail++] = other;
            }
        }
        for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
            const int32_t r = s->sortIndex[p];
            const sdJoint* joint = &world->joints[s->rowJoint[r]];
            const int32_t oa = sd_is_dynamic(world, joint->bodyA) ? s->order[joint->bodyA] : -1;
            const int32_t ob = sd_is_dynamic(world, joint->bodyB) ? s->order[joint->bodyB] : -1;
            const int32_t low = oa < 0 ? ob : (ob < 0 ? oa : (oa < ob ? oa : ob));
            s->rowKey[2 * r] = low;
            s->rowKey[2 * r + 1] = oa > ob ? oa : ob;
        }
        sd_sort_keys = s->rowKey;
        qsort(s->sortIndex + island->rowStart, (size_t)island->rowCount, sizeof(int32_t), sd_compare_rows);

        // Bandwidth: the farthest two rows that share a body.
        int32_t kd = 0;
        for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
            const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[p]]];
            const int32_t ends[2] = {joint->bodyA, joint->bodyB};
            for (int e = 0; e < 2; ++e) {
                const int32_t b = ends[e];
                if (!sd_is_dynamic(world, b)) continue;
                if (s->order[b] >= 0) { // first visit in this pass: mark with the row position
                    s->firstRow[b] = p;
                    s->order[b] = -2 - s->order[b];
                }
                const int32_t width = p - s->firstRow[b];
                if (width > kd) kd = width;
            }
        }
        island->bandwidth = kd;
        const int32_t rows = island->rowCount;
        const double flops = (double)rows * (double)(kd + 1) * (double)(kd + 1);
        if (!world->bodySpaceDisabled && sd_is_single_body_springs(world, island)) {
            island->path = sdSolvePath_singleBody;
            // the dynamic body: whichever end of the first row moves
            const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[island->rowStart]]];
            island->firstBody = sd_is_dynamic(world, joint->bodyA) ? joint->bodyA : joint->bodyB;
        } else if (world->islandSolver == sdIslandSolver_iterative) {
            island->path = sdSolvePath_iterative;
        } else if (rows <= sdKernelMaxRows) {
            island->path = world->islandSolver == sdIslandSolver_bandedLAPACK ? sdSolvePath_banded : sdSolvePath_kernel;
            if (island->path == sdSolvePath_banded) {
                if (kd > s->batchedBandwidth) s->batchedBandwidth = kd;
                s->batchedRowCount += rows;
            }
        } else if (flops > sdSpringFlopBudget && sd_is_all_springs(world, island)) {
            island->path = sdSolvePath_iterative;
        } else if (flops <= sdDirectFlopBudget && 2 * (kd + 1) < rows) {
            island->path = sdSolvePath_banded;
        } else if ((double)rows * rows * rows / 3.0 <= sdDirectFlopBudget) {
            island->path = sdSolvePath_dense;
        } else {
            island->path = sdSolvePath_iterative;
        }
        int32_t storage = 0;
        if (island->path == sdSolvePath_banded && rows > sdKernelMaxRows && kd <= sdMergeBandwidth) { // may merge
            if (kd > s->batchedBandwidth) s->batchedBandwidth = kd;
            s->batchedRowCount += rows;
        }
        if (island->path == sdSolvePath_banded && rows > sdKernelMaxRows) storage = (kd + 1) * rows;
        if (island->path == sdSolvePath_dense || island->path == sdSolvePath_kernel) storage = rows * rows;
        if (storage > maxStorage) maxStorage = storage;
        if (island->path != sdSolvePath_kernel && kd > world->stats.maxBandwidth) world->stats.maxBandwidth = kd;
    }
    {
        const int32_t band = (s->batchedBandwidth + 1) * s->batchedRowCount;
        if (band > maxStorage) maxStorage = band;
    }
    if ((size_t)maxStorage > s->matrixCapacity) {
        if (!SD_GROW(s->matrix, maxStorage)) return sdResult_outOfMemory;
        s->matrixCapacity = (size_t)maxStorage;
    }
    world->stats.batchedIslands = world->stats.bandedIslands = 0;
    world->stats.denseIslands = world->stats.iterativeIslands = 0;
    for (int32_t k = 0; k < islandCount; ++k) {
        switch (s->islands[k].path) {
        case sdSolvePath_kernel: world->stats.batchedIslands += 1; break;
        case sdSolvePath_banded: world->stats.bandedIslands += 1; break;
        case sdSolvePath_dense: world->stats.denseIslands += 1; break;
        case sdSolvePath_iterative: world->stats.iterativeIslands += 1; break;
        case sdSolvePath_singleBody: world->stats.batchedIslands += 1; break;
        }
    }
    // Hot spring rows of the single-body islands.
    if (world->jointSlotCount > s->jointSpringCapacity) {
        if (!SD_GROW(s->jointSpring, world->jointSlotCount)) return sdResult_outOfMemory;
        s->jointSpringCapacity = world->jointSlotCount;
    }
    if (rowCount > s->springCapacity) {
        if (!SD_GROW(s->springs, rowCount)) return sdResult_outOfMemory;
        s->springCapacity = rowCount;
    }
    for (int32_t j = 0; j < world->jointSlotCount; ++j) s->jointSpring[j] = -1;
    int32_t springCount = 0;
    for (int32_t k = 0; k < islandCount; ++k) {
        sdIsland* island = &s->islands[k];
        if (island->path != sdSolvePath_singleBody) continue;
        island->springStart = springCount;
        island->centred = true;
        for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
            const int32_t r = s->sortIndex[p];
            const int32_t j = s->rowJoint[r];
            const sdJoint* joint = &world->joints[j];
            sdSpringRow* spring = &s->springs[springCount];
            const bool bodyIsA = joint->bodyA == island->firstBody;
            spring->body = island->firstBody;
            spring->joint = j;
            spring->type = s->rowType[r];
            spring->localX = bodyIsA ? joint->localAX : joint->localBX;
            spring->localY = bodyIsA ? joint->localAY : joint->localBY;
            spring->otherBody = bodyIsA ? joint->bodyB : joint->bodyA;
            spring->otherX = bodyIsA ? joint->localBX : joint->localAX;
            spring->otherY = bodyIsA ? joint->localBY : joint->localAY;
            spring->length = joint->length;
            if (spring->localX != 0.0 || spring->localY != 0.0 || spring->otherBody >= 0) island->centred = false;
            if (s->jointSpring[j] < 0) s->jointSpring[j] = springCount;
            springCount += 1;
        }
    }
    s->springCount = springCount;
    s->springStep = 0.0;
    for (int32_t r = 0; r < rowCount; ++r) s->warm[r] = 0.0; // a new layout: no previous impulses

    world->stats.islandCount = islandCount;
    world->stats.rowCount = rowCount;
    s->layoutVersion = world->topologyVersion;
    s->layoutValid = true;
    return sdResult_ok;
}

void sd_sleep_islands(sdWorld* world, double dt) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = world->slotCount;
    const double linearTolerance2 = world->def.sleepLinearTolerance * world->def.sleepLinearTolerance;
    const double angularTolerance2 = world->def.sleepAngularTolerance * world->def.sleepAngularTolerance;
    for (int32_t i = 0; i < n; ++i) s->islandSleep[i] = INFINITY;
    for (int32_t i = 0; i < n; ++i) {
        world->forceX[i] = 0.0;
        world->forceY[i] = 0.0;
        world->torque[i] = 0.0;
        if (!world->awake[i]) continue;
        const double speed2 = world->vx[i] * world->vx[i] + world->vy[i] * world->vy[i];
        const double spin2 = world->w[i] * world->w[i];
        if (speed2 > linearTolerance2 || spin2 > angularTolerance2) {
            world->sleepTime[i] = 0.0;
        } else {
            world->sleepTime[i] += dt;
        }
        const int32_t root = sd_find(s->parent, i);
        if (world->sleepTime[i] < s->islandSleep[root]) s->islandSleep[root] = world->sleepTime[i];
    }
    int32_t awakeCount = 0;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;
        // The relative margin keeps 30 frames of 1/60 s (which sum to just under 0.5) from taking 31.
        if (s->islandSleep[sd_find(s->parent, i)] >= world->def.timeToSleep * (1.0 - 1e-9)) {
            world->awake[i] = 0;
            sd_topology_changed(world);
            world->vx[i] = 0.0;
            world->vy[i] = 0.0;
            world->w[i] = 0.0;
        } else {
            awakeCount += 1;
        }
    }
    world->awakeCount = awakeCount;
}
