// Symbolic factorisation of a sparse-path island, once per layout: the row structure of every supernode of the
// nested-dissection assembly tree, the storage of L, of the frontal matrices and of the update stack, and the
// flops of one numeric factorisation. Rows i and j of K couple when they share a body; the structure of a
// supernode is its pivots, the later rows coupled to a pivot, and its children's structures below their own
// pivots (the rows their update matrices reach). All storage is reserved here, before the world changes.
#include "sd_sparse.h"

#include <stdlib.h>
#include <string.h>

static int sd_compare_int32(const void* a, const void* b) {
    const int32_t x = *(const int32_t*)a, y = *(const int32_t*)b;
    return (x > y) - (x < y);
}

int sd_sparse_reserve(sdWorld* world, int32_t rows) {
    sdSparseState* sp = &world->scratch.sparse;
    if (rows > sp->rowCapacity) {
        if (!SD_GROW(sp->elimination, rows) || !SD_GROW(sp->layoutOf, rows) || !SD_GROW(sp->localOf, rows) ||
            !SD_GROW(sp->mark, rows) || !SD_GROW(sp->map, rows) || !SD_GROW(sp->work, rows) ||
            !SD_GROW(sp->factorFixed, rows) || !SD_GROW(sp->vectorA, rows) || !SD_GROW(sp->vectorB, rows) ||
            !SD_GROW(sp->islands, rows) || !SD_GROW(sp->supernodes, rows) || !SD_GROW(sp->nodeStack, rows) ||
            !SD_GROW(sp->updateStart, rows) || !SD_GROW(sp->compact, rows) || !SD_GROW(sp->compactFixed, rows) ||
            !SD_GROW(sp->bodyVector, 4 * ((size_t)rows + 1)) || !SD_GROW(sp->pairStart, (size_t)rows + 1) ||
            !SD_GROW(sp->projectionWarm, (size_t)sdProjectionIterations * (size_t)rows) ||
            !SD_GROW(sp->bodyMass, 2 * ((size_t)rows + 1)) || !SD_GROW(sp->islandBodies, 2 * (size_t)rows + 1))
            return sdResult_outOfMemory;
        sp->rowCapacity = rows;
        sp->islandCapacity = rows;
        sp->superCapacity = rows;
    }
    if (world->capacity > sp->bodyCapacity) {
        if (!SD_GROW(sp->bodies, world->capacity) || !SD_GROW(sp->side, world->capacity) ||
            !SD_GROW(sp->bodyLocal, world->capacity))
            return sdResult_outOfMemory;
        sp->bodyCapacity = world->capacity;
    }
    memset(sp->side, 0, (size_t)sp->bodyCapacity);
    for (int32_t i = 0; i < sp->bodyCapacity; ++i) sp->bodyLocal[i] = -1;
    return sdResult_ok;
}

void sd_sparse_reset(sdWorld* world) {
    sdSparseState* sp = &world->scratch.sparse;
    sp->islandCount = 0;
    sp->superCount = 0;
    sp->rowIndexCount = 0;
    sp->pairCount = 0;
    sp->taskCount = 0;
    sp->logCount = 0;
}

/// Appends `count` entries to the row-index pool (and its relative indices); NULL when it cannot grow.
static int32_t* sd_row_index_append(sdSparseState* sp, size_t count) {
    const size_t needed = sp->rowIndexCount + count;
    if (needed > sp->rowIndexCapacity) {
        size_t capacity = sp->rowIndexCapacity > 0 ? sp->rowIndexCapacity : 1024;
        while (capacity < needed) capacity *= 2;
        if (!SD_GROW(sp->rowIndex, capacity) || !SD_GROW(sp->relative, capacity)) return NULL;
        sp->rowIndexCapacity = capacity;
    }
    int32_t* out = sp->rowIndex + sp->rowIndexCount;
    sp->rowIndexCount = needed;
    return out;
}

/// Room for `count` more coupled pairs; false when the pool cannot grow.
static bool sd_pairs_reserve(sdSparseState* sp, size_t count) {
    const size_t needed = sp->pairCount + count;
    if (needed <= sp->pairCapacity) return true;
    size_t capacity = sp->pairCapacity > 0 ? sp->pairCapacity : 4096;
    while (capacity < needed) capacity *= 2;
    if (!SD_GROW(sp->pairRow, capacity) || !SD_GROW(sp->pairSlot, capacity)) return false;
    sp->pairCapacity = capacity;
    return true;
}

/// The structure of supernode `node` (its children on the node stack), appended to the row-index pool; the
/// children's relative indices into it; and its pivots' coupled pairs with their slots in its front.
static int sd_node_structure(sdWorld* world, const sdIsland* island, sdSupernode* node, int32_t* stackTop) {
    sdSolverScratch* s = &world->scratch;
    sdSparseState* sp = &s->sparse;
    const int32_t base = island->rowStart, last = node->first + node->count; // later positions: ≥ last
    const int32_t stamp = (int32_t)(node - sp->supernodes);
    int32_t* gathered = sp->work + base; // free once the island is ordered
    int32_t count = 0;
    for (int32_t e = node->first; e < last; ++e) sp->mark[base + e] = stamp;
    for (int32_t e = node->first; e < last; ++e) {
        const int32_t raw = s->sortIndex[base + sp->layoutOf[base + e]];
        const sdJoint* joint = &world->joints[s->rowJoint[raw]];
        const int32_t ends[2] = {joint->bodyA, joint->bodyB};
        for (int k = 0; k < 2; ++k) {
            if (!sd_is_dynamic(world, ends[k])) continue;
            for (int32_t q = s->adjacencyStart[ends[k]]; q < s->adjacencyStart[ends[k] + 1]; ++q) {
                const int32_t other = sp->elimination[base + sp->localOf[s->adjacency[q]]];
                if (other < last || sp->mark[base + other] == stamp) continue;
                sp->mark[base + other] = stamp;
                gathered[count++] = other;
            }
        }
    }
    for (int32_t c = 0; c < node->childCount; ++c) {
        const sdSupernode* child = &sp->supernodes[sp->nodeStack[*stackTop - 1 - c]];
        for (int32_t t = child->count; t < child->rowCount; ++t) {
            const int32_t other = sp->rowIndex[child->rowStart + t];
            if (sp->mark[base + other] == stamp) continue;
            sp->mark[base + other] = stamp;
            gathered[count++] = other;
        }
    }
    qsort(gathered, (size_t)count, sizeof(int32_t), sd_compare_int32);
    int32_t* out = sd_row_index_append(sp, (size_t)node->count + (size_t)count);
    if (out == NULL) return sdResult_outOfMemory;
    node->rowStart = (int32_t)(out - sp->rowIndex);
    node->rowCount = node->count + count;
    for (int32_t t = 0; t < node->count; ++t) out[t] = node->first + t;
    memcpy(out + node->count, gathered, (size_t)count * sizeof(int32_t));
    for (int32_t t = 0; t < node->rowCount; ++t) sp->map[base + out[t]] = t;
    // Where the children's update matrices land in this front.
    for (int32_t c = 0; c < node->childCount; ++c) {
        const sdSupernode* child = &sp->supernodes[sp->nodeStack[*stackTop - 1 - c]];
        for (int32_t t = child->count; t < child->rowCount; ++t)
            sp->relative[child->rowStart + t] = sp->map[base + sp->rowIndex[child->rowStart + t]];
    }
    *stackTop -= node->childCount;
    // The coupled pairs of each pivot: later rows sharing a body, each once.
    for (int32_t e = node->first; e < last; ++e) {
        const int32_t raw = s->sortIndex[base + sp->layoutOf[base + e]];
        const sdJoint* joint = &world->joints[s->rowJoint[raw]];
        const int32_t ends[2] = {joint->bodyA, joint->bodyB};
        sp->pairStart[base + e] = (int32_t)sp->pairCount;
        for (int k = 0; k < 2; ++k) {
            if (!sd_is_dynamic(world, ends[k])) continue;
            const int32_t degree = s->adjacencyStart[ends[k] + 1] - s->adjacencyStart[ends[k]];
            if (!sd_pairs_reserve(sp, (size_t)degree)) return sdResult_outOfMemory;
            for (int32_t q = s->adjacencyStart[ends[k]]; q < s->adjacencyStart[ends[k] + 1]; ++q) {
                const int32_t otherRaw = s->adjacency[q];
                const int32_t other = sp->elimination[base + sp->localOf[otherRaw]];
                if (other <= e) continue;
                if (k == 1 && sd_is_dynamic(world, ends[0])) { // reached through the first body already
                    const sdJoint* j2 = &world->joints[s->rowJoint[otherRaw]];
                    if (j2->bodyA == ends[0] || j2->bodyB == ends[0]) continue;
                }
                sp->pairRow[sp->pairCount] = other;
                sp->pairSlot[sp->pairCount] = sp->map[base + other];
                sp->pairCount += 1;
            }
        }
    }
    sp->pairStart[base + last] = (int32_t)sp->pairCount;
    return sdResult_ok;
}

/// Islands with fewer rows stay on one thread: measured on the grids, a fork costs more than the halves save
/// below this (the 1,000-cell grid, about 2,000 rows, and the chains stay serial).
#define sdSparseTaskRows 4000
/// Subtrees per worker: more than one evens out the halves' unequal work (workers claim them in turn), but each
/// split moves a separator to the serial top of the tree.
#define sdSparseTasksPerWorker 2

/// The flops of one numeric factorisation of a supernode.
static double sd_node_flops(const sdSupernode* node) {
    const double m = node->rowCount, w = node->count, b = m - w;
    return w * w * w / 3.0 + w * w * b + w * b * b;
}

/// Entries of a supernode's packed columns (sdSparseState.packed): its m × w block less the w(w − 1)/2 above the
/// diagonal.
static size_t sd_packed_entries(const sdSupernode* node) {
    const size_t m = (size_t)node->rowCount, w = (size_t)node->count;
    return m * w - w * (w - 1) / 2;
}

/// Doubles of update stack a run over the supernodes [from, to) of `nodes` needs, counting only those that
/// `counted` accepts (the others' updates live elsewhere); as the numeric factorisation pushes and pops them.
static size_t sd_stack_need(const sdSupernode* nodes, int32_t from, int32_t to, const uint8_t* counted,
                            int32_t* stack) {
    size_t used = 0, most = 0;
    int32_t top = 0;
    for (int32_t k = from; k < to; ++k) {
        for (int32_t c = 0; c < nodes[k].childCount; ++c) {
            const int32_t child = stack[top - 1 - c];
            const size_t below = (size_t)(nodes[child].rowCount - nodes[child].count);
            if (counted == NULL || counted[child]) used -= below * below;
        }
        top -= nodes[k].childCount;
        if (counted == NULL || counted[k]) {
            const size_t below = (size_t)(nodes[k].rowCount - nodes[k].count);
            used += below * below;
            if (used > most) most = used;
        }
        stack[top++] = k;
    }
    return most;
}

/// With workers, splits the island's assembly tree into subtrees its workers factor and substitute at once
/// (sdSparseTask): the subtree with the most flops is replaced by its children's until there are
/// sdSparseTasksPerWorker per worker; the supernodes above them (separators) stay on one thread. Then lays out
/// the factor so that no front spills over another task's blocks (each task's blocks, its last front's spill,
/// then the top supernodes'), the update stacks (the top's region first, then each task's), and the deferred
/// forward updates of ancestor rows. Without tasks nothing changes.
static int sd_sparse_partition(sdWorld* world, const sdIsland* island, sdSparseIsland* factor) {
    sdSparseState* sp = &world->scratch.sparse;
    factor->taskStart = sp->taskCount;
    factor->taskCount = 0;
    const int32_t workers = world->def.workerCount;
    if (workers <= 1 || island->rowCount < sdSparseTaskRows || factor->superCount < 3) return sdResult_ok;
    sdSupernode* nodes = sp->supernodes + factor->superStart;
    const int32_t count = factor->superCount;
    double* flops = malloc((size_t)count * sizeof(double));
    int32_t* start = malloc((size_t)count * sizeof(int32_t));
    uint8_t* top = malloc((size_t)count);
    int32_t roots[sdSparseMaxTasks];
    int32_t rootCount = 0;
    int result = sdResult_outOfMemory;
    if (flops == NULL || start == NULL || top == NULL) goto done;
    for (int32_t k = 0; k < count; ++k) { // subtree flops and first supernode, children before parents
        flops[k] = sd_node_flops(&nodes[k]);
        start[k] = k;
        for (int32_t c = 0, child = k - 1; c < nodes[k].childCount; ++c) {
            flops[k] += flops[child];
            start[k] = start[child];
            child = start[child] - 1;
        }
    }
    for (int32_t r = count - 1; r >= 0 && rootCount < sdSparseMaxTasks; r = start[r] - 1) roots[rootCount++] = r;
    int32_t target = workers * sdSparseTasksPerWorker;
    if (target > sdSparseMaxTasks) target = sdSparseMaxTasks;
    while (rootCount < target) {
        int32_t largest = 0;
        for (int32_t i = 1; i < rootCount; ++i)
            if (flops[roots[i]] > flops[roots[largest]]) largest = i;
        const int32_t r = roots[largest];
        if (nodes[r].childCount == 0 || rootCount - 1 + nodes[r].childCount > sdSparseMaxTasks) break;
        roots[largest] = roots[--rootCount];
        for (int32_t c = 0, child = r - 1; c < nodes[r].childCount; ++c, child = start[child] - 1)
            roots[rootCount++] = child;
    }
    if (rootCount < 2) {
        result = sdResult_ok;
        goto done;
    }
    for (int32_t i = 1; i < rootCount; ++i) // in postorder
        for (int32_t j = i; j > 0 && roots[j] < roots[j - 1]; --j) {
            const int32_t t = roots[j];
            roots[j] = roots[j - 1];
            roots[j - 1] = t;
        }
    if (sp->taskCount + rootCount > sp->taskCapacity) {
        const int32_t capacity = 2 * (sp->taskCount + rootCount);
        if (!SD_GROW(sp->tasks, capacity)) goto done;
        sp->taskCapacity = capacity;
    }
    memset(top, 1, (size_t)count);
    size_t logNeed = 0;
    for (int32_t i = 0; i < rootCount; ++i) {
        for (int32_t k = start[roots[i]]; k <= roots[i]; ++k) {
            top[k] = 0;
            logNeed += (size_t)(nodes[k].rowCount - nodes[k].count);
        }
    }
    if (sp->logCount + logNeed > sp->logCapacity) {
        size_t capacity = sp->logCapacity > 0 ? sp->logCapacity : 4096;
        while (capacity < sp->logCount + logNeed) capacity *= 2;
        if (!SD_GROW(sp->logRow, capacity)) goto done;
        sp->logCapacity = capacity;
    }
    // The update stacks: the top supernodes' region first (the tasks' roots' updates stay in their own).
    int32_t* order = sp->nodeStack; // free during the analysis
    const size_t topStack = sd_stack_need(nodes, 0, count, top, order);
    size_t stackStart = topStack, scratchStart = 0, offset = 0, reach = 0;
    const size_t factorBase = factor->factorStart;
    for (int32_t i = 0; i < rootCount; ++i) {
        sdSparseTask* task = &sp->tasks[sp->taskCount + i];
        task->nodeStart = factor->superStart + start[roots[i]];
        task->nodeEnd = factor->superStart + roots[i] + 1;
        task->rowEnd = nodes[roots[i]].first + nodes[roots[i]].count;
        task->rows = 0;
        task->stackStart = stackStart;
        stackStart += sd_stack_need(nodes, start[roots[i]], roots[i] + 1, NULL, order);
        task->logStart = sp->logCount;
        for (int32_t k = start[roots[i]]; k <= roots[i]; ++k) {
            sdSupernode* node = &nodes[k];
            if (node->rowCount > task->rows) task->rows = node->rowCount;
            node->factorStart = factorBase + offset;
            offset += (size_t)node->rowCount * (size_t)node->count;
            const size_t end = node->factorStart - factorBase + (size_t)node->rowCount * (size_t)node->rowCount;
            if (end > reach) reach = end;
            for (int32_t t = node->count; t < node->rowCount; ++t) {
                const int32_t row = sp->rowIndex[node->rowStart + t];
                if (row >= task->rowEnd) sp->logRow[sp->logCount++] = row;
            }
        }
        task->logCount = sp->logCount - task->logStart;
        task->scratchStart = scratchStart;
        scratchStart += 2 * (size_t)task->rows + task->logCount;
        if (reach > offset) offset = reach; // its last fronts' spill, before the next task's blocks
    }
    for (int32_t k = 0; k < count; ++k) { // the top supernodes, in postorder after every task's blocks
        if (!top[k]) continue;
        sdSupernode* node = &nodes[k];
        node->factorStart = factorBase + offset;
        offset += (size_t)node->rowCount * (size_t)node->count;
        const size_t end = node->factorStart - factorBase + (size_t)node->rowCount * (size_t)node->rowCount;
        if (end > reach) reach = end;
    }
    factor->factorSize = reach > offset ? reach : offset;
    factor->stackSize = stackStart;
    factor->taskCount = rootCount;
    sp->taskCount += rootCount;
    result = sdResult_ok;
done:
    free(flops);
    free(start);
    free(top);
    return result;
}

int sd_sparse_analyse(sdWorld* world, sdIsland* island, int32_t* outIndex) {
    sdSolverScratch* s = &world->scratch;
    sdSparseState* sp = &s->sparse;
    const double t0 = sd_now();
    const int32_t base = island->rowStart, n = island->rowCount;
    for (int32_t p = 0; p < n; ++p) {
        sp->localOf[s->sortIndex[base + p]] = p;
        sp->mark[base + p] = -1;
    }
    for (int32_t step = 0; step < sdProjectionIterations; ++step) // a new layout: no previous corrections
        memset(sp->projectionWarm + (size_t)step * (size_t)sp->rowCapacity + base, 0, (size_t)n * sizeof(double));
    const int32_t superStart = sp->superCount;
    const size_t rowIndexStart = sp->rowIndexCount, pairStart = sp->pairCount;
    const int32_t superCount = sd_sparse_order(world, island);
    const double t1 = sd_now();
    sdSparseIsland* factor = &sp->islands[sp->islandCount];
    memset(factor, 0, sizeof *factor);
    factor->island = (int32_t)(island - s->islands);
    factor->superStart = superStart;
    factor->superCount = superCount;
    factor->pairBase = pairStart;
    size_t factorStart = 0, packedStart = 0;
    if (sp->islandCount > 0) {
        const sdSparseIsland* previous = &sp->islands[sp->islandCount - 1];
        factorStart = previous->factorStart + previous->factorSize;
        packedStart = previous->packedStart + previous->nonzeros;
    }
    factor->factorStart = factorStart;
    factor->packedStart = packedStart;
    int32_t stackTop = 0;
    size_t stackUsed = 0, frontReach = 0;
    for (int32_t k = superStart; k < superStart + superCount; ++k) {
        sdSupernode* node = &sp->supernodes[k];
        // The children's update matrices leave the stack as this node's is pushed.
        for (int32_t c = 0; c < node->childCount; ++c) {
            const sdSupernode* child = &sp->supernodes[sp->nodeStack[stackTop - 1 - c]];
            const size_t below = (size_t)(child->rowCount - child->count);
            stackUsed -= below * below;
        }
        if (sd_node_structure(world, island, node, &stackTop) != sdResult_ok) goto failed;
        const double b = (double)node->rowCount - node->count;
        factor->flops += sd_node_flops(node);
        node->packedStart = packedStart + factor->nonzeros;
        factor->nonzeros += sd_packed_entries(node);
        node->factorStart = factorStart + factor->factorSize;
        factor->factorSize += (size_t)node->rowCount * (size_t)node->count;
        // The numeric factorisation builds each m × m front where its m × w block of L goes (sparse_numeric.c).
        const size_t reach = node->factorStart - factorStart + (size_t)node->rowCount * (size_t)node->rowCount;
        if (reach > frontReach) frontReach = reach;
        // The substitutions' scratch (sp->front) holds the rows below two supernodes at once (dense_kernels.c).
        const size_t below = 2 * (size_t)node->rowCount;
        if (below > factor->frontSize) factor->frontSize = below;
        stackUsed += (size_t)(b * b);
        if (stackUsed > factor->stackSize) factor->stackSize = stackUsed;
        sp->nodeStack[stackTop++] = k;
    }
    if (frontReach > factor->factorSize) factor->factorSize = frontReach; // slack for the last fronts' spill
    factor->streamed = world->streamFactors || factor->nonzeros * sizeof(float) > sdPackedCachedBytes;
    // A streamed factor's reverse copy mirrors the island's range of the packed one: the last supernode's
    // columns first.
    for (int32_t k = superStart; k < superStart + superCount && factor->streamed; ++k) {
        sdSupernode* node = &sp->supernodes[k];
        node->reverseStart = 2 * packedStart + factor->nonzeros - node->packedStart - sd_packed_entries(node);
    }
    if (sd_sparse_partition(world, island, factor) != sdResult_ok) goto failed;
    // The island's layout takes the elimination order: every later loop over its rows (filling, products,
    // substitutions) then walks the factor's order, region by region, instead of the band's wavefront.
    int32_t* permuted = sp->work + base;
    for (int32_t e = 0; e < n; ++e) permuted[e] = s->sortIndex[base + sp->layoutOf[base + e]];
    for (int32_t e = 0; e < n; ++e) {
        s->sortIndex[base + e] = permuted[e];
        sp->layoutOf[base + e] = e;
        sp->elimination[base + e] = e;
    }
    // The island's dynamic bodies, numbered in the order its rows first reach them (which bodies are dynamic
    // is part of the topology): the compact rows' body numbers, fixed for the layout.
    size_t bodyStart = 0;
    if (sp->islandCount > 0) {
        const sdSparseIsland* previous = &sp->islands[sp->islandCount - 1];
        bodyStart = previous->bodyStart + (size_t)previous->bodyCount;
    }
    factor->bodyStart = bodyStart;
    int32_t* islandBodies = sp->islandBodies + bodyStart;
    int32_t bodyCount = 0;
    // Each task's bodies are numbered together (a body its rows reach is reached otherwise only by its
    // ancestors' rows, later), so its products can clear their lanes on its own thread.
    sdSparseTask* task = sp->tasks + factor->taskStart;
    const sdSparseTask* lastTask = task + factor->taskCount;
    for (int32_t e = 0; e < n; ++e) {
        if (task < lastTask && e == sd_task_first_row(sp, task)) task->firstBody = bodyCount;
        const sdJoint* joint = &world->joints[s->rowJoint[s->sortIndex[base + e]]];
        const int32_t ends[2] = {joint->bodyA, joint->bodyB};
        int32_t numbers[2];
        for (int k = 0; k < 2; ++k) {
            numbers[k] = -1;
            if (!sd_is_dynamic(world, ends[k])) continue;
            if (sp->bodyLocal[ends[k]] < 0) {
                islandBodies[bodyCount] = ends[k];
                sp->bodyLocal[ends[k]] = bodyCount++;
            }
            numbers[k] = sp->bodyLocal[ends[k]];
        }
        sp->compact[base + e].a = numbers[0];
        sp->compact[base + e].b = numbers[1];
        if (task < lastTask && e + 1 == task->rowEnd) (task++)->bodyEnd = bodyCount;
    }
    for (int32_t i = 0; i < bodyCount; ++i) sp->bodyLocal[islandBodies[i]] = -1;
    factor->bodyCount = bodyCount;
    sp->symbolicSeconds += sd_now() - t1;
    sp->orderSeconds += t1 - t0;
    *outIndex = sp->islandCount;
    sp->islandCount += 1;
    factor->valid = false;
    factor->refactor = true;
    return sdResult_ok;
failed: // nothing of this island is kept
    sp->superCount = superStart;
    sp->rowIndexCount = rowIndexStart;
    sp->pairCount = pairStart;
    return sdResult_outOfMemory;
}

/// Storage for every analysed factor (called once all islands are analysed).
int sd_sparse_reserve_factors(sdWorld* world) {
    sdSparseState* sp = &world->scratch.sparse;
    size_t factor = 0, packed = 0, reverse = 0, front = 0, stack = 0, scratch = 0;
    for (int32_t k = 0; k < sp->islandCount; ++k) {
        const sdSparseIsland* f = &sp->islands[k];
        factor = f->factorStart + f->factorSize;
        packed = f->packedStart + f->nonzeros;
        if (f->streamed) reverse = packed;
        if (f->frontSize > front) front = f->frontSize;
        if (f->stackSize > stack) stack = f->stackSize;
        if (f->taskCount > 0) { // the islands' tasks share the scratch (islands are solved one at a time)
            const sdSparseTask* last = &sp->tasks[f->taskStart + f->taskCount - 1];
            const size_t need = last->scratchStart + 2 * (size_t)last->rows + last->logCount;
            if (need > scratch) scratch = need;
        }
    }
    if (scratch > sp->taskScratchCapacity) {
        if (!SD_GROW(sp->taskScratch, scratch)) return sdResult_outOfMemory;
        sp->taskScratchCapacity = scratch;
    }
    if (factor > sp->factorCapacity) {
        if (!SD_GROW(sp->factor, factor)) return sdResult_outOfMemory;
        sp->factorCapacity = factor;
    }
    if (packed > sp->packedCapacity) {
        if (!SD_GROW(sp->packed, packed)) return sdResult_outOfMemory;
        sp->packedCapacity = packed;
    }
    if (reverse > sp->packedReverseCapacity) {
        if (!SD_GROW(sp->packedReverse, reverse)) return sdResult_outOfMemory;
        sp->packedReverseCapacity = reverse;
    }
    if (front > sp->frontCapacity) {
        if (!SD_GROW(sp->front, front)) return sdResult_outOfMemory;
        sp->frontCapacity = front;
    }
    if (stack > sp->stackCapacity) {
        if (!SD_GROW(sp->stack, stack)) return sdResult_outOfMemory;
        sp->stackCapacity = stack;
    }
    return sdResult_ok;
}

/// Drops the last analysed island (its path went elsewhere).
void sd_sparse_discard_last(sdWorld* world) {
    sdSparseState* sp = &world->scratch.sparse;
    if (sp->islandCount == 0) return;
    const sdSparseIsland* f = &sp->islands[sp->islandCount - 1];
    if (f->superCount > 0) {
        const sdSupernode* first = &sp->supernodes[f->superStart];
        sp->rowIndexCount = (size_t)first->rowStart;
        sp->pairCount = f->pairBase;
    }
    sp->superCount = f->superStart;
    if (f->taskCount > 0) sp->logCount = sp->tasks[f->taskStart].logStart;
    sp->taskCount = f->taskStart;
    sp->islandCount -= 1;
}

void sd_sparse_free(sdSparseState* sp) {
    void* buffers[] = {sp->islands, sp->supernodes, sp->elimination, sp->layoutOf, sp->localOf, sp->mark, sp->map,
                       sp->work, sp->factorFixed, sp->vectorA, sp->vectorB, sp->projectionWarm,
                       sp->bodyMass, sp->islandBodies, sp->bodies, sp->side, sp->rowIndex,
                       sp->factor, sp->packed, sp->packedReverse, sp->front, sp->stack, sp->nodeStack,
                       sp->updateStart, sp->compact, sp->compactFixed, sp->bodyVector, sp->bodyLocal,
                       sp->relative, sp->pairStart, sp->pairRow, sp->pairSlot, sp->tasks, sp->taskScratch,
                       sp->logRow};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; ++i) free(buffers[i]);
    memset(sp, 0, sizeof *sp);
}
