// Band-narrowing order of an island's rows: bodies numbered breadth-first from the lowest-degree body (ties:
// lowest slot), rows sorted by (smaller body number, larger body number, row position). Rows touching the same
// bodies sit together, so the island's matrix is narrowly banded; the band's half-width is measured here.
#include "sd_rows.h"

/// Row i before row j in the order above. `key` holds two numbers per row; the position breaks ties, so the
/// order is total and the result does not depend on the sort algorithm.
static inline bool sd_row_before(const int32_t* key, int32_t i, int32_t j) {
    if (key[2 * i] != key[2 * j]) return key[2 * i] < key[2 * j];
    if (key[2 * i + 1] != key[2 * j + 1]) return key[2 * i + 1] < key[2 * j + 1];
    return i < j;
}

/// Bottom-up merge sort of `rows` (count entries) by `sd_row_before`, with `buffer` (count entries) as scratch.
/// No global state: two worlds may sort on two threads at once.
static void sd_sort_rows(int32_t* rows, int32_t count, const int32_t* key, int32_t* buffer) {
    int32_t* from = rows;
    int32_t* to = buffer;
    for (int32_t width = 1; width < count; width *= 2) {
        for (int32_t lo = 0; lo < count; lo += 2 * width) {
            const int32_t mid = lo + width < count ? lo + width : count;
            const int32_t hi = lo + 2 * width < count ? lo + 2 * width : count;
            int32_t a = lo, b = mid, out = lo;
            while (a < mid && b < hi) to[out++] = sd_row_before(key, from[b], from[a]) ? from[b++] : from[a++];
            while (a < mid) to[out++] = from[a++];
            while (b < hi) to[out++] = from[b++];
        }
        int32_t* swap = from;
        from = to;
        to = swap;
    }
    if (from != rows)
        for (int32_t i = 0; i < count; ++i) rows[i] = from[i];
}

/// Numbers the island's bodies breadth-first into `order`, from its lowest-degree body.
static void sd_number_bodies(sdWorld* world, const sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
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
}

/// The farthest two rows of the island (in its new order) that share a body.
static int32_t sd_measure_bandwidth(sdWorld* world, const sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
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
    return kd;
}

/// Orders one island's rows and measures its band.
static void sd_order_island_rows(sdWorld* world, sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    sd_number_bodies(world, island);
    for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
        const int32_t r = s->sortIndex[p];
        const sdJoint* joint = &world->joints[s->rowJoint[r]];
        const int32_t oa = sd_is_dynamic(world, joint->bodyA) ? s->order[joint->bodyA] : -1;
        const int32_t ob = sd_is_dynamic(world, joint->bodyB) ? s->order[joint->bodyB] : -1;
        s->rowKey[2 * r] = oa < 0 ? ob : (ob < 0 ? oa : (oa < ob ? oa : ob));
        s->rowKey[2 * r + 1] = oa > ob ? oa : ob;
    }
    sd_sort_rows(s->sortIndex + island->rowStart, island->rowCount, s->rowKey, s->sortBuffer);
    island->bandwidth = sd_measure_bandwidth(world, island);
}

void sd_order_islands(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    for (int32_t i = 0; i < world->slotCount; ++i) s->order[i] = -1; // no body numbered yet
    for (int32_t k = 0; k < s->islandCount; ++k) sd_order_island_rows(world, &s->islands[k]);
}
