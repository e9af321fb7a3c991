// The islands of a step over joints and touching contacts. A contact is active when it has points and one of its
// bodies moves. Bodies joined by a joint between dynamic bodies (the joint layout's union-find) or by an active
// contact between dynamic bodies form one island; an island with contacts takes over the joint layout islands
// inside it, so joints and contacts there are solved as one system: exactly when it has at most
// sdDirectContactRows rows, iteratively otherwise. The union-find also serves rest detection.
#include "sd_rows.h"

static inline bool sd_moves(const sdWorld* world, int32_t body) {
    return world->awake[body] && !(world->flags[body] & sdBodyFlag_static);
}

/// Per-step buffers: one entry per body slot, contact and layout island.
static int sd_reserve_contact_islands(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    if (c->islandCapacity < world->capacity) {
        if (!SD_GROW(c->islandParent, world->capacity) || !SD_GROW(c->islandOfRoot, world->capacity))
            return sdResult_outOfMemory;
        c->islandCapacity = world->capacity;
    }
    if (c->activeCapacity < c->contactCount) {
        const int32_t count = sd_capacity_with_room(c->contactCount);
        if (!SD_GROW(c->activeContacts, count) || !SD_GROW(c->contactIslands, count) ||
            !SD_GROW(c->activeFound, count) || !SD_GROW(c->activeBody, count) || !SD_GROW(c->activeRows, count))
            return sdResult_outOfMemory;
        c->activeCapacity = count;
        c->contactIslandCapacity = count;
    }
    const int32_t layoutIslands = world->scratch.islandCount;
    if (c->ownedCapacity < layoutIslands) {
        if (!SD_GROW(c->ownedLayout, layoutIslands)) return sdResult_outOfMemory;
        c->ownedCapacity = layoutIslands;
    }
    return sdResult_ok;
}

int sd_prepare_contact_islands(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    sdSolverScratch* s = &world->scratch;
    if (sd_reserve_contact_islands(world) != sdResult_ok) return sdResult_outOfMemory;
    const int32_t n = world->slotCount;
    // The arrays and the count in locals: the flag and row stores are bytes, which may alias anything, so the
    // compiler reloaded every pointer and the count from the world after each of them.
    int32_t* parent = c->islandParent;
    int32_t* islandOfRoot = c->islandOfRoot;
    int32_t* activeFound = c->activeFound;
    int32_t* activeBody = c->activeBody;
    uint8_t* activeRows = c->activeRows;
    uint8_t* contactActive = c->contactActive;
    uint8_t* contactSettled = c->contactSettled;
    const int32_t* contactBodies = c->contactBodies;
    const uint8_t* contactPoints = c->contactPoints;
    const int32_t contactCount = c->contactCount;
    // Joints first (the layout's union-find is current after sd_prepare_constraints), then active contacts.
    for (int32_t i = 0; i < n; ++i) parent[i] = s->layoutValid ? s->parent[i] : i;
    int32_t activeCount = 0;
    for (int32_t k = 0; k < contactCount; ++k) {
        const int32_t bodyA = contactBodies[2 * k], bodyB = contactBodies[2 * k + 1];
        const int32_t pointCount = contactPoints[k];
        const bool active = pointCount > 0 && (sd_moves(world, bodyA) || sd_moves(world, bodyB));
        contactActive[k] = active;
        contactSettled[k] = 0; // until the soft step says so
        if (!active) continue;
        // What the two grouping passes below need, so they need not walk the contacts again.
        activeFound[activeCount] = k;
        activeBody[activeCount] = sd_is_dynamic(world, bodyA) ? bodyA : bodyB;
        activeRows[activeCount] = (uint8_t)(pointCount + 1); // a normal row per point, one friction row
        activeCount += 1;
        if (!sd_is_dynamic(world, bodyA) || !sd_is_dynamic(world, bodyB)) continue;
        const int32_t ra = sd_find(parent, bodyA), rb = sd_find(parent, bodyB);
        if (ra != rb) parent[ra > rb ? ra : rb] = ra < rb ? ra : rb;
    }
    c->activeCount = activeCount;

    // Contact islands, numbered in order of their first active contact; contacts grouped by counting sort.
    sdContactIsland* islands = c->contactIslands;
    for (int32_t i = 0; i < n; ++i) islandOfRoot[i] = -1;
    int32_t islandCount = 0;
    for (int32_t j = 0; j < activeCount; ++j) {
        const int32_t root = sd_find(parent, activeBody[j]);
        if (islandOfRoot[root] < 0) {
            sdContactIsland* island = &islands[islandCount];
            island->contactCount = island->layoutCount = island->rowCount = 0;
            islandOfRoot[root] = islandCount++;
        }
        activeBody[j] = islandOfRoot[root]; // from here on: its island
        sdContactIsland* island = &islands[activeBody[j]];
        island->contactCount += 1;
        island->rowCount += activeRows[j];
    }
    c->contactIslandCount = islandCount;
    int32_t start = 0;
    for (int32_t k = 0; k < islandCount; ++k) {
        islands[k].contactStart = start;
        start += islands[k].contactCount;
        islands[k].contactCount = 0;
    }
    int32_t* activeContacts = c->activeContacts;
    for (int32_t j = 0; j < activeCount; ++j) {
        sdContactIsland* island = &islands[activeBody[j]];
        activeContacts[island->contactStart + island->contactCount++] = activeFound[j];
    }

    // The joint layout islands each contact island holds.
    for (int32_t k = 0; k < s->islandCount; ++k) {
        sdIsland* layout = &s->islands[k];
        layout->owner = c->islandOfRoot[sd_find(c->islandParent, layout->firstBody)];
        if (layout->owner < 0) continue;
        c->contactIslands[layout->owner].layoutCount += 1;
        c->contactIslands[layout->owner].rowCount += layout->rowCount;
    }
    start = 0;
    for (int32_t k = 0; k < islandCount; ++k) {
        c->contactIslands[k].layoutStart = start;
        start += c->contactIslands[k].layoutCount;
        c->contactIslands[k].layoutCount = 0;
    }
    for (int32_t k = 0; k < s->islandCount; ++k) {
        const int32_t owner = s->islands[k].owner;
        if (owner < 0) continue;
        sdContactIsland* island = &c->contactIslands[owner];
        c->ownedLayout[island->layoutStart + island->layoutCount++] = k;
    }

    // Systems are built one island at a time after the layout's rows: room for the largest.
    int32_t largest = 0;
    size_t matrix = 0;
    for (int32_t k = 0; k < islandCount; ++k) {
        sdContactIsland* island = &c->contactIslands[k];
        island->direct = island->rowCount <= sdDirectContactRows;
        if (island->rowCount > largest) largest = island->rowCount;
        if (island->direct && (size_t)island->rowCount * (size_t)island->rowCount > matrix)
            matrix = (size_t)island->rowCount * (size_t)island->rowCount;
    }
    // A large island's joint islands are factored densely up to sdHeldDenseRows rows (contact_solver.c).
    for (int32_t k = 0; k < s->islandCount; ++k) {
        const sdIsland* layout = &s->islands[k];
        if (layout->owner < 0 || c->contactIslands[layout->owner].direct) continue;
        const size_t n = (size_t)layout->rowCount;
        if ((n <= sdHeldDenseRows || layout->path == sdSolvePath_singleBody) && n * n > matrix) matrix = n * n;
    }
    if ((int64_t)s->rowCount + largest > INT32_MAX) return sdResult_outOfMemory;
    if (s->rowCapacity < s->rowCount + largest &&
        sd_reserve_rows(s, sd_capacity_with_room(s->rowCount + largest)) != sdResult_ok)
        return sdResult_outOfMemory;
    if (matrix > s->matrixCapacity) {
        if (!SD_GROW(s->matrix, matrix)) return sdResult_outOfMemory;
        s->matrixCapacity = matrix;
    }
    // The soft step's lanes: a block holds at least one contact, so at most sdSoftLanes lanes per active contact.
    if ((int64_t)c->activeCount * sdSoftLanes > INT32_MAX) return sdResult_outOfMemory;
    if (c->softCapacity < c->activeCount * sdSoftLanes) {
        const int64_t lanes = (int64_t)sd_capacity_with_room(c->activeCount) * sdSoftLanes;
        const int32_t count = lanes > INT32_MAX ? c->activeCount * sdSoftLanes : (int32_t)lanes;
        if (!SD_GROW(c->soft, count / sdSoftLanes) || !SD_GROW(c->softSlotContact, count) || !SD_GROW(c->softLaneBodies, 2 * count))
            return sdResult_outOfMemory;
        c->softCapacity = count;
    }
    // Local body slots of the soft step: at most two per active contact, and the null body padding lanes join.
    if ((int64_t)c->activeCount * 2 + 1 > INT32_MAX) return sdResult_outOfMemory;
    if (c->softBodyCapacity < 2 * c->activeCount + 1) {
        const int32_t count = sd_capacity_with_room(2 * c->activeCount + 1);
        if ((int64_t)count * sdSoftBodyDoubles > INT32_MAX) return sdResult_outOfMemory; // the blocks' body indices
        if (!SD_GROW(c->softBodies, count) || !SD_GROW(c->softBodySlot, count) || !SD_GROW(c->softBodyAngle, count) ||
            !SD_GROW(c->softBodyStart, count) ||
            !SD_GROW(c->softAfterBlock, count) || !SD_GROW(c->softMoves, count))
            return sdResult_outOfMemory;
        c->softBodyCapacity = count;
    }
    if (c->softOrderCapacity < 2 * c->activeCount) { // sweep ordering: two ends per contact
        const int32_t count = sd_capacity_with_room(2 * c->activeCount);
        if (!SD_GROW(c->softDepth, count) || !SD_GROW(c->softAdjacencyStart, count + 1) ||
            !SD_GROW(c->softAdjacency, count) || !SD_GROW(c->softQueue, count + 2) || !SD_GROW(c->softOrder, count) ||
            !SD_GROW(c->softEnds, count) || !SD_GROW(c->softDepthBucket, count))
            return sdResult_outOfMemory;
        c->softOrderCapacity = count;
    }
    if (c->softLocalCapacity < world->capacity) {
        if (!SD_GROW(c->softLocal, world->capacity)) return sdResult_outOfMemory;
        c->softLocalCapacity = world->capacity;
    }
    for (int32_t i = 0; i < n; ++i) c->softLocal[i] = -1;
    return sdResult_ok;
}
