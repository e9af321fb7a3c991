// The row layout of a step, built in named stages and reused while the topology (which joints exist, their
// kinds, which bodies move) is unchanged — moving anchors every frame keeps it:
//   1. reserve     every buffer the layout needs, before anything in the world changes (a failure leaves the
//                  world as it was)
//   2. islands     union-find over bodies joined by a joint between two dynamic bodies; an island with a moving
//                  body moves whole
//   3. rows        the rows of moving joints, in joint order, grouped by island (counting sort), and the rows
//                  touching each body (row_order.c orders each island for a narrow band)
//   4. paths       each island's solve path and the matrix storage it needs (solve_path.c)
//   5. store       the rows renumbered in layout order, so every later pass over them walks memory in order
//   6. body space  the hot spring rows of single-body islands (body_space.c)
//   7. commit      bodies of moving islands wake; the layout is marked current
#include "sd_rows.h"

#include <string.h>

/// The dynamic body a row's island is named after.
static int32_t sd_row_body(const sdWorld* world, const sdJoint* joint) {
    return sd_is_dynamic(world, joint->bodyA) ? joint->bodyA : joint->bodyB;
}

/// Stage 1: body and row buffers for this layout, and the per-joint index of hot spring rows.
static int sd_reserve_layout(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    if (sd_reserve_bodies(s, world->capacity) != sdResult_ok) return sdResult_outOfMemory;
    int32_t rowTotal = 0;
    uint8_t types[sdMaxRowsPerJoint];
    for (int32_t j = 0; j < world->jointSlotCount; ++j) {
        if (world->jointAlive[j]) rowTotal += sd_joint_row_types(&world->joints[j], types);
    }
    if (sd_reserve_rows(s, rowTotal > 0 ? rowTotal : 1) != sdResult_ok) return sdResult_outOfMemory;
    if (world->jointSlotCount > s->jointSpringCapacity) {
        if (!SD_GROW(s->jointSpring, world->jointSlotCount)) return sdResult_outOfMemory;
        s->jointSpringCapacity = world->jointSlotCount;
    }
    return sdResult_ok;
}

/// Stage 2: islands by union-find (the smaller slot becomes the root, so roots are deterministic), and which
/// islands move: `islandSleep[root]` is 1 for an island with an awake body, 0 otherwise.
static void sd_find_islands(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = world->slotCount;
    for (int32_t i = 0; i < n; ++i) s->parent[i] = i;
    for (int32_t j = 0; j < world->jointSlotCount; ++j) {
        if (!world->jointAlive[j]) continue;
        const sdJoint* joint = &world->joints[j];
        if (sd_is_dynamic(world, joint->bodyA) && sd_is_dynamic(world, joint->bodyB)) {
            const int32_t ra = sd_find(s->parent, joint->bodyA), rb = sd_find(s->parent, joint->bodyB);
            if (ra != rb) s->parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
        }
    }
    for (int32_t i = 0; i < n; ++i) s->islandSleep[i] = 0.0;
    for (int32_t i = 0; i < n; ++i)
        if (world->awake[i]) s->islandSleep[sd_find(s->parent, i)] = 1.0;
}

/// True when body i's island moves this step (it will be woken at commit).
static bool sd_island_moves(sdSolverScratch* s, int32_t i) { return s->islandSleep[sd_find(s->parent, i)] != 0.0; }

/// Stage 3a: the rows of joints whose island moves, in joint order.
static void sd_gather_rows(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    uint8_t types[sdMaxRowsPerJoint];
    int32_t rowCount = 0;
    for (int32_t j = 0; j < world->jointSlotCount; ++j) {
        if (!world->jointAlive[j]) continue;
        const sdJoint* joint = &world->joints[j];
        const int32_t body = sd_row_body(world, joint);
        if (!sd_is_dynamic(world, body) || !sd_island_moves(s, body)) continue;
        const int32_t count = sd_joint_row_types(joint, types);
        for (int32_t r = 0; r < count; ++r) {
            s->rowJoint[rowCount] = j;
            s->rowType[rowCount] = types[r];
            s->rowIsland[rowCount] = sd_find(s->parent, body);
            rowCount += 1;
        }
    }
    s->rowCount = rowCount;
}

/// Stage 3b: rows grouped by island, islands numbered in order of their first row (counting sort).
static void sd_group_rows_by_island(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    int32_t* islandOfRoot = s->order; // borrowed as a root → island map; row_order.c resets it
    for (int32_t i = 0; i < world->slotCount; ++i) islandOfRoot[i] = -1;
    int32_t islandCount = 0;
    for (int32_t r = 0; r < s->rowCount; ++r) {
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
    for (int32_t r = 0; r < s->rowCount; ++r) {
        sdIsland* island = &s->islands[s->rowIsland[r]];
        s->sortIndex[island->rowStart + island->rowCount++] = r;
    }
    s->islandCount = islandCount;
}

/// Stage 3c: the rows touching each dynamic body (CSR over `adjacencyStart`/`adjacency`), in row order.
static void sd_index_rows_by_body(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = world->slotCount;
    for (int32_t i = 0; i <= n; ++i) s->adjacencyStart[i] = 0;
    for (int32_t r = 0; r < s->rowCount; ++r) {
        const sdJoint* joint = &world->joints[s->rowJoint[r]];
        if (sd_is_dynamic(world, joint->bodyA)) s->adjacencyStart[joint->bodyA + 1] += 1;
        if (sd_is_dynamic(world, joint->bodyB)) s->adjacencyStart[joint->bodyB + 1] += 1;
    }
    for (int32_t i = 0; i < n; ++i) s->adjacencyStart[i + 1] += s->adjacencyStart[i];
    for (int32_t i = 0; i < n; ++i) s->firstRow[i] = s->adjacencyStart[i]; // fill cursor
    for (int32_t r = 0; r < s->rowCount; ++r) {
        const sdJoint* joint = &world->joints[s->rowJoint[r]];
        if (sd_is_dynamic(world, joint->bodyA)) s->adjacency[s->firstRow[joint->bodyA]++] = r;
        if (sd_is_dynamic(world, joint->bodyB)) s->adjacency[s->firstRow[joint->bodyB]++] = r;
    }
}

/// Stage 5: rows renumbered so that a row's index is its layout position (sortIndex becomes the identity): the
/// solves fill, multiply and substitute over the rows in layout order, which is then memory order too.
static void sd_store_rows_in_layout_order(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = s->rowCount;
    int32_t* inverse = s->sortBuffer; // raw row → layout position
    int32_t* buffer = s->rowKey;      // free once the islands are ordered
    for (int32_t p = 0; p < n; ++p) inverse[s->sortIndex[p]] = p;
    for (int32_t p = 0; p < n; ++p) buffer[p] = s->rowJoint[s->sortIndex[p]];
    memcpy(s->rowJoint, buffer, (size_t)n * sizeof(int32_t));
    for (int32_t p = 0; p < n; ++p) buffer[p] = s->rowIsland[s->sortIndex[p]];
    memcpy(s->rowIsland, buffer, (size_t)n * sizeof(int32_t));
    for (int32_t p = 0; p < n; ++p) buffer[p] = s->rowType[s->sortIndex[p]];
    for (int32_t p = 0; p < n; ++p) s->rowType[p] = (uint8_t)buffer[p];
    const int32_t entries = s->adjacencyStart[world->slotCount];
    for (int32_t q = 0; q < entries; ++q) s->adjacency[q] = inverse[s->adjacency[q]];
    for (int32_t p = 0; p < n; ++p) s->sortIndex[p] = p;
}

/// Stage 7: wake the bodies of moving islands, forget stale warm starts, and mark the layout current — as of
/// before the waking: a body woken here can wake its whole sleep ring, other islands whose rows were not
/// gathered, and then the layout must be built again (sd_prepare_constraints loops).
static void sd_commit_layout(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    s->layoutVersion = world->topologyVersion;
    for (int32_t i = 0; i < world->slotCount; ++i)
        if (sd_is_dynamic(world, i) && !world->awake[i] && sd_island_moves(s, i)) sd_wake(world, i);
    for (int32_t r = 0; r < s->rowCount; ++r) s->warm[r] = 0.0; // a new layout: no previous impulses
    world->stats.islandCount = s->islandCount;
    world->stats.rowCount = s->rowCount;
    s->layoutValid = true;
}

int sd_prepare_constraints(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    // Built again while committing woke bodies (each pass wakes more, so this ends within the body count).
    while (!(s->layoutValid && s->layoutVersion == world->topologyVersion)) {
        s->layoutValid = false;
        if (sd_reserve_layout(world) != sdResult_ok) return sdResult_outOfMemory;
        sd_find_islands(world);
        sd_gather_rows(world);
        sd_group_rows_by_island(world);
        sd_index_rows_by_body(world);
        sd_order_islands(world);
        if (sd_choose_solve_paths(world) != sdResult_ok) return sdResult_outOfMemory;
        sd_store_rows_in_layout_order(world);
        sd_build_body_space_rows(world);
        sd_commit_layout(world);
    }
    return sdResult_ok;
}
