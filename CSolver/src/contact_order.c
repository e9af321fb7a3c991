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
// are filled first fit: a contact takes the first block with room after those of its moving bodies' earlier contacts.
#include "sd_solve.h"

/// Whether the world's body can move (static, anchored and kinematic bodies cannot be pushed: their velocity stays
/// as it is, so lanes may share them).
static inline bool sd_soft_moves(const sdWorld* world, int32_t body) {
    return world->invMass[body] != 0.0 || world->invInertia[body] != 0.0;
}

/// The first block at or after `block` with a free lane: `open[b]` is b while block b has room, else a block
/// nearer the first open one after it (path halving keeps the walks short).
static inline int32_t sd_open_block(int32_t* open, int32_t block) {
    while (open[block] != block) {
        open[block] = open[open[block]];
        block = open[block];
    }
    return block;
}

/// Cuts the sorted contacts (positions `sorted[0..<count]`) into blocks from lane *slot on, first fit: each contact
/// in turn takes a free lane of the first block after the blocks of the earlier contacts on its moving bodies. So a
/// moving body's contacts sit in increasing blocks in their sorted order, and no two of a block share one. A
/// contact moves ahead of the earlier ones it shares no moving body with as far as a block has room, so blocks
/// fill (a window of the next 32 contacts left a third of a pile's lanes empty). One-point and two-point contacts
/// take separate blocks (a block is of the kind of its first contact): a sweep solves a block of one-point contacts
/// more cheaply (no second points read or solved), and first fit across kinds left only a tenth of a pile's blocks
/// one-point. Records each lane's contact in `softSlotContact` and its bodies' local slots in `softLaneBodies`;
/// `softAfterBlock` holds each body's last block plus one (0: none yet), `softMoves` whether it can move (a byte per
/// body). `open` (one array per kind) and `filled` are scratch for `count` + 1 blocks.
static void sd_lay_out_blocks(sdWorld* world, const int32_t* sorted, int32_t count, int32_t* slot, int32_t* open[2],
                              int32_t* filled) {
    sdCollisionState* c = &world->collision;
    const int32_t* ends = c->softEnds;
    uint32_t* after = c->softAfterBlock;
    for (int32_t k = 0; k <= count; ++k) {
        open[0][k] = open[1][k] = k;
        filled[k] = 0;
    }
    const int32_t base = *slot;
    int32_t blocks = 0;
    for (int32_t j = 0; j < count; ++j) {
        const int32_t q = sorted[j];
        const int32_t a = ends[2 * q], b = ends[2 * q + 1];
        const bool ma = c->softMoves[a], mb = c->softMoves[b];
        uint32_t earliest = ma ? after[a] : 0u;
        if (mb && after[b] > earliest) earliest = after[b];
        const int32_t contact = c->activeContacts[q];
        const int kind = c->contactPoints[contact] == 2;
        const int32_t block = sd_open_block(open[kind], (int32_t)earliest);
        const int32_t lane = base + block * sdSoftLanes + filled[block];
        if (filled[block] == 0) open[!kind][block] = block + 1; // now of this kind
        if (++filled[block] == sdSoftLanes) open[kind][block] = block + 1;
        c->softSlotContact[lane] = contact;
        c->softLaneBodies[2 * lane] = a; // while the ends are at hand: the preparation reads them in lane order
        c->softLaneBodies[2 * lane + 1] = b;
        if (ma) after[a] = (uint32_t)block + 1u;
        if (mb) after[b] = (uint32_t)block + 1u;
        if (block >= blocks) blocks = block + 1;
    }
    for (int32_t block = 0; block < blocks; ++block) // padding
        for (int32_t lane = filled[block]; lane < sdSoftLanes; ++lane)
            c->softSlotContact[base + block * sdSoftLanes + lane] = -1;
    *slot = base + blocks * sdSoftLanes;
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

    // Each body's neighbours across its contacts (the other ends), as compressed rows by local slot (the island's
    // entries start after the two ends of every contact before it): the search reads the next body straight away.
    for (int32_t k = first; k <= last; ++k) start[k] = 0;
    start[first] = 2 * begin;
    for (int32_t q = begin; q < end; ++q) {
        start[ends[2 * q] + 1] += 1;
        start[ends[2 * q + 1] + 1] += 1;
    }
    for (int32_t k = first; k < last; ++k) start[k + 1] += start[k];
    for (int32_t k = first; k < last; ++k) queue[k] = start[k]; // fill cursors
    for (int32_t q = begin; q < end; ++q) {
        adjacency[queue[ends[2 * q]]++] = ends[2 * q + 1];
        adjacency[queue[ends[2 * q + 1]]++] = ends[2 * q];
    }

    // Breadth-first from the bodies that do not move.
    int32_t head = 0, tail = 0;
    for (int32_t k = first; k < last; ++k) {
        depth[k] = sd_is_dynamic(world, c->softBodySlot[k]) ? INT32_MAX : 0;
        if (depth[k] == 0) queue[tail++] = k;
        c->softAfterBlock[k] = 0u; // no block yet
        c->softMoves[k] = sd_soft_moves(world, c->softBodySlot[k]);
    }
    while (head < tail) {
        const int32_t k = queue[head++];
        for (int32_t e = start[k]; e < start[k + 1]; ++e) {
            const int32_t other = adjacency[e];
            if (depth[other] != INT32_MAX) continue;
            depth[other] = depth[k] + 1;
            queue[tail++] = other;
        }
    }

    // Counting sort of the contacts by their nearer body's depth, deepest first (a pile out of reach of any
    // still body, falling free, keeps its order ahead of the rest). The counts reuse `queue`; each contact's bucket
    // waits for the second pass in `softDepthBucket`.
    int32_t deepest = 0;
    for (int32_t k = first; k < last; ++k)
        if (depth[k] != INT32_MAX && depth[k] > deepest) deepest = depth[k];
    const int32_t unreached = deepest + 1;
    int32_t* count = queue; // unreached + 2 ≤ bodyCount + 2 entries
    for (int32_t d = 0; d <= unreached + 1; ++d) count[d] = 0;
    int32_t* bucket = c->softDepthBucket;
    for (int32_t q = begin; q < end; ++q) {
        const int32_t da = depth[ends[2 * q]], db = depth[ends[2 * q + 1]];
        const int32_t d = da < db ? da : db;
        bucket[q] = unreached - (d == INT32_MAX ? unreached : d);
        count[bucket[q] + 1] += 1;
    }
    for (int32_t d = 0; d <= unreached; ++d) count[d + 1] += count[d];
    int32_t* sorted = c->softOrder; // positions in `activeContacts`, deepest first
    for (int32_t q = begin; q < end; ++q) sorted[count[bucket[q]]++] = q;

    // The sweep order cut into blocks.
    island->slotStart = *nextSlot;
    int32_t* open[2] = {adjacency, depth}; // the graph's arrays are free now
    sd_lay_out_blocks(world, sorted, end - begin, nextSlot, open, queue);
    island->slotCount = *nextSlot - island->slotStart;
}
