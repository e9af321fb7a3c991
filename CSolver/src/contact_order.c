// The order in which the soft step sweeps a large island's contacts. Gauss–Seidel is order dependent: a sweep
// that meets a pile's contacts top down carries the weight of every layer to the next in one pass, while a
// bottom-up sweep needs as many passes as there are layers, and a floor under a deep pile sinks (a thin boundary
// is pushed through) before the load arrives. So contacts are sorted by their depth in the contact graph, the
// number of contacts between them and a body that does not move (static, anchored or kinematic), deepest first;
// contacts with such bodies come last in every sweep, and nothing leaves a sweep moving into them. (Contact-graph
// ordering in the manner of Guendelman, Bridson and Fedkiw, "Nonconvex rigid bodies with stacking", 2003.)
// The wide sweep solves sdSoftLanes contacts at once, so the sweep order is cut into blocks of contacts that share
// no moving body, without changing what the sweep computes: a contact may move ahead of earlier ones only when it
// shares no moving body with any of them (nor with its block), so every pair of contacts that touch the same body
// is solved in the sorted order and the blocked sweep gives the one-at-a-time sweep's result, bit for bit. Blocks
// are filled from a window of the next sdSoftWindow contacts, so a contact moves ahead by at most that many.
#include "sd_solve.h"

/// How many of the next unplaced contacts a block may be filled from.
#define sdSoftWindow 32

/// Whether the local body can move (static, anchored and kinematic bodies cannot be pushed: their velocity stays
/// as it is, so lanes may share them).
static inline bool sd_soft_moves(const sdSoftBody* body) { return body->invMass != 0.0 || body->invInertia != 0.0; }

/// Cuts the sorted contacts (positions `sorted[0..<count]`) into blocks from lane *slot on: each block takes, in
/// order, the contacts of the window (the next sdSoftWindow unplaced ones) that share no moving body with an earlier
/// unplaced contact or with the block. The window is kept as a small array of the unplaced contacts, so a pass
/// never walks over contacts placed ahead of a blocked one (the sorted list with placed marks did, every pass).
/// Records each contact's lane in `softSlotOf`; `softBlockedPass` holds each body's last blocking pass, and
/// `softMoves` whether it can move (a byte per body).
static void sd_lay_out_blocks(sdWorld* world, const int32_t* sorted, int32_t count, int32_t* slot) {
    sdCollisionState* c = &world->collision;
    const int32_t* ends = c->softEnds;
    int32_t window[sdSoftWindow];
    int32_t held = 0, next = 0; // window[0..<held]: the first unplaced contacts in order; sorted[next...] follow
    uint32_t pass = 0;
    while (held > 0 || next < count) {
        while (held < sdSoftWindow && next < count) window[held++] = sorted[next++];
        pass += 1;
        int32_t lanes = 0, scanned = 0, kept = 0;
        for (; scanned < held && lanes < sdSoftLanes; ++scanned) {
            const int32_t q = window[scanned];
            const int32_t a = ends[2 * q], b = ends[2 * q + 1];
            const bool ma = c->softMoves[a], mb = c->softMoves[b];
            const bool blocked = (ma && c->softBlockedPass[a] == pass) || (mb && c->softBlockedPass[b] == pass);
            if (ma) c->softBlockedPass[a] = pass; // later contacts on these bodies must wait for this one
            if (mb) c->softBlockedPass[b] = pass;
            if (blocked) {
                window[kept++] = q;
                continue;
            }
            c->softSlotOf[q] = *slot;
            c->softSlotContact[(*slot)++] = q;
            lanes += 1;
        }
        for (int32_t e = scanned; e < held; ++e) window[kept++] = window[e]; // not scanned this pass: stays in order
        held = kept;
        while (*slot % sdSoftLanes != 0) c->softSlotContact[(*slot)++] = -1;
    }
}

void sd_order_soft_contacts(sdWorld* world, sdContactIsland* island, int32_t* nextSlot) {
    sdCollisionState* c = &world->collision;
    const int32_t first = island->bodyStart, last = island->bodyStart + island->bodyCount;
    const int32_t begin = island->contactStart, end = island->contactStart + island->contactCount;
    const int32_t* ends = c->softEnds;
    int32_t* depth = c->softDepth;
    int32_t* start = c->softAdjacencyStart;
    int32_t* adjacency = c->softAdjacency;
    int32_t* queue = c->softQueue;

    // Each body's contacts, as compressed rows by local slot (the island's entries start after the two ends of
    // every contact before it).
    for (int32_t k = first; k <= last; ++k) start[k] = 0;
    start[first] = 2 * begin;
    for (int32_t q = begin; q < end; ++q) {
        start[ends[2 * q] + 1] += 1;
        start[ends[2 * q + 1] + 1] += 1;
    }
    for (int32_t k = first; k < last; ++k) start[k + 1] += start[k];
    for (int32_t k = first; k < last; ++k) queue[k] = start[k]; // fill cursors
    for (int32_t q = begin; q < end; ++q) {
        adjacency[queue[ends[2 * q]]++] = q;
        adjacency[queue[ends[2 * q + 1]]++] = q;
    }

    // Breadth-first from the bodies that do not move.
    int32_t head = 0, tail = 0;
    for (int32_t k = first; k < last; ++k) {
        depth[k] = sd_is_dynamic(world, c->softBodySlot[k]) ? INT32_MAX : 0;
        if (depth[k] == 0) queue[tail++] = k;
        c->softBlockedPass[k] = 0u; // no blocking pass yet
        c->softMoves[k] = sd_soft_moves(&c->softBodies[k]);
    }
    while (head < tail) {
        const int32_t k = queue[head++];
        for (int32_t e = start[k]; e < start[k + 1]; ++e) {
            const int32_t q = adjacency[e];
            const int32_t other = ends[2 * q] == k ? ends[2 * q + 1] : ends[2 * q];
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
        const int32_t da = depth[ends[2 * q]], db = depth[ends[2 * q + 1]];
        const int32_t d = da < db ? da : db;
        count[unreached - (d == INT32_MAX ? unreached : d) + 1] += 1;
    }
    for (int32_t d = 0; d <= unreached; ++d) count[d + 1] += count[d];
    int32_t* sorted = c->softOrder; // positions in `activeContacts`, deepest first
    for (int32_t q = begin; q < end; ++q) {
        const int32_t da = depth[ends[2 * q]], db = depth[ends[2 * q + 1]];
        const int32_t d = da < db ? da : db;
        sorted[count[unreached - (d == INT32_MAX ? unreached : d)]++] = q;
    }

    // The sweep order cut into blocks.
    island->slotStart = *nextSlot;
    sd_lay_out_blocks(world, sorted, end - begin, nextSlot);
    island->slotCount = *nextSlot - island->slotStart;
}
