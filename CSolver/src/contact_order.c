// The order in which the soft step sweeps a large island's contacts. Gauss–Seidel is order dependent: a sweep
// that meets a pile's contacts top down carries the weight of every layer to the next in one pass, while a
// bottom-up sweep needs as many passes as there are layers, and a floor under a deep pile sinks (a thin boundary
// is pushed through) before the load arrives. So contacts are sorted by their depth in the contact graph, the
// number of contacts between them and a body that does not move (static, anchored or kinematic), deepest first;
// contacts with such bodies come last in every sweep, and nothing leaves a sweep moving into them. (Contact-graph
// ordering in the manner of Guendelman, Bridson and Fedkiw, "Nonconvex rigid bodies with stacking", 2003.)
#include "sd_solve.h"

void sd_order_soft_contacts(sdWorld* world, const sdContactIsland* island) {
    sdCollisionState* c = &world->collision;
    const int32_t first = island->bodyStart, last = island->bodyStart + island->bodyCount;
    const int32_t begin = island->contactStart, end = island->contactStart + island->contactCount;
    int32_t* depth = c->softDepth;
    int32_t* start = c->softAdjacencyStart;
    int32_t* adjacency = c->softAdjacency;
    int32_t* queue = c->softQueue;

    // Each body's contacts, as compressed rows by local slot (the island's entries start after the two ends of
    // every contact before it).
    for (int32_t k = first; k <= last; ++k) start[k] = 0;
    start[first] = 2 * begin;
    for (int32_t q = begin; q < end; ++q) {
        start[c->soft[q].a + 1] += 1;
        start[c->soft[q].b + 1] += 1;
    }
    for (int32_t k = first; k < last; ++k) start[k + 1] += start[k];
    for (int32_t k = first; k < last; ++k) queue[k] = start[k]; // fill cursors
    for (int32_t q = begin; q < end; ++q) {
        adjacency[queue[c->soft[q].a]++] = q;
        adjacency[queue[c->soft[q].b]++] = q;
    }

    // Breadth-first from the bodies that do not move.
    int32_t head = 0, tail = 0;
    for (int32_t k = first; k < last; ++k) {
        depth[k] = sd_is_dynamic(world, c->softBodySlot[k]) ? INT32_MAX : 0;
        if (depth[k] == 0) queue[tail++] = k;
    }
    while (head < tail) {
        const int32_t k = queue[head++];
        for (int32_t e = start[k]; e < start[k + 1]; ++e) {
            const sdSoftContact* soft = &c->soft[adjacency[e]];
            const int32_t other = soft->a == k ? soft->b : soft->a;
            if (depth[other] != INT32_MAX) continue;
            depth[other] = depth[k] + 1;
            queue[tail++] = other;
        }
    }

    // Counting sort of the contacts by their nearer body's depth, deepest first (a pile out of reach of any
    // still body, falling free, keeps its order ahead of the rest). The counts reuse `queue`.
    int32_t deepest = 0;
    for (int32_t k = first; k < last; ++k)
        if (depth[k] != INT32_MAX && depth[k] > deepest) deepest = depth[k];
    const int32_t unreached = deepest + 1;
    int32_t* count = queue; // unreached + 2 ≤ bodyCount + 2 entries
    for (int32_t d = 0; d <= unreached + 1; ++d) count[d] = 0;
    for (int32_t q = begin; q < end; ++q) {
        const int32_t da = depth[c->soft[q].a], db = depth[c->soft[q].b];
        const int32_t d = da < db ? da : db;
        count[unreached - (d == INT32_MAX ? unreached : d) + 1] += 1;
    }
    for (int32_t d = 0; d <= unreached; ++d) count[d + 1] += count[d];
    for (int32_t q = begin; q < end; ++q) {
        const int32_t da = depth[c->soft[q].a], db = depth[c->soft[q].b];
        const int32_t d = da < db ? da : db;
        c->softOrder[count[unreached - (d == INT32_MAX ? unreached : d)]++] = c->activeContacts[q];
    }
    for (int32_t q = begin; q < end; ++q) {
        const int32_t k = c->softOrder[q - begin];
        const sdContact* contact = &c->contacts[k];
        c->activeContacts[q] = k;
        c->soft[q].a = c->softLocal[contact->bodyA];
        c->soft[q].b = c->softLocal[contact->bodyB];
    }
}
