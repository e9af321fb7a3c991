// The solver's scratch buffers: reserved at the start of a step, before anything in the world changes, and freed
// with the world.
#include "sd_world.h"

#include <stdlib.h>
#include <string.h>

bool sd_grow_buffer(void** buffer, size_t count, size_t size) {
    if (count != 0 && size > SIZE_MAX / count) return false;
    void* grown = realloc(*buffer, count * size);
    if (grown == NULL) return false;
    *buffer = grown;
    return true;
}

int sd_reserve_bodies(sdSolverScratch* s, int32_t capacity) {
    if (s->bodyCapacity >= capacity) return sdResult_ok;
    if (!SD_GROW(s->v0x, capacity) || !SD_GROW(s->v0y, capacity) || !SD_GROW(s->w0, capacity) ||
        !SD_GROW(s->x0, capacity) || !SD_GROW(s->y0, capacity) || !SD_GROW(s->a0, capacity) ||
        !SD_GROW(s->parent, capacity) || !SD_GROW(s->order, capacity) || !SD_GROW(s->firstRow, capacity) ||
        !SD_GROW(s->lastRow, capacity) || !SD_GROW(s->adjacencyStart, (size_t)capacity + 1) ||
        !SD_GROW(s->queue, capacity) || !SD_GROW(s->islandSleep, capacity) ||
        !SD_GROW(s->bodyScratch, 3 * (size_t)capacity))
        return sdResult_outOfMemory;
    s->bodyCapacity = capacity;
    return sdResult_ok;
}

int sd_reserve_rows(sdSolverScratch* s, int32_t capacity) {
    if (s->rowCapacity >= capacity) return sdResult_ok;
    if (!SD_GROW(s->rowJoint, capacity) || !SD_GROW(s->rowType, capacity) || !SD_GROW(s->rowIsland, capacity) ||
        !SD_GROW(s->rowKey, 2 * (size_t)capacity) || !SD_GROW(s->adjacency, 2 * (size_t)capacity) ||
        !SD_GROW(s->sortIndex, capacity) || !SD_GROW(s->sortBuffer, capacity) || !SD_GROW(s->rows, capacity) ||
        !SD_GROW(s->geometry, capacity) || !SD_GROW(s->rowSpring, 2 * (size_t)capacity) ||
        !SD_GROW(s->lambda, capacity) || !SD_GROW(s->rhs, capacity) || !SD_GROW(s->lo, capacity) ||
        !SD_GROW(s->hi, capacity) || !SD_GROW(s->fixed, capacity) || !SD_GROW(s->rowInverseMass, capacity) || !SD_GROW(s->warm, capacity) ||
        !SD_GROW(s->cgR, capacity) || !SD_GROW(s->cgZ, capacity) || !SD_GROW(s->cgP, capacity) ||
        !SD_GROW(s->cgQ, capacity) || !SD_GROW(s->rhsCopy, capacity) || !SD_GROW(s->islands, capacity) ||
        !SD_GROW(s->springs, capacity) || !SD_GROW(s->batchBodies, 2 * (size_t)capacity) ||
        !SD_GROW(s->batchIslands, 2 * (size_t)capacity) || !SD_GROW(s->singleIslands, capacity) ||
        !SD_GROW(s->springLane, capacity) || !SD_GROW(s->chunkFlags, (size_t)capacity / SD_BODY_CHUNK + 2) ||
        // every batched spring has a lane; each batch pads its last chunk (at most 4 + 1 springs' worth)
        !SD_GROW(s->lanes, sdLaneFields * ((size_t)capacity + 5 * SD_BODY_CHUNK)))
        return sdResult_outOfMemory;
    s->rowCapacity = capacity;
    s->islandCapacity = capacity;
    s->springCapacity = capacity;
    return sdResult_ok;
}

void sd_free_scratch(sdSolverScratch* s) {
    void* buffers[] = {s->springs, s->jointSpring, s->batchBodies, s->batchIslands, s->singleIslands,
                       s->springLane, s->chunkFlags, s->lanes, s->v0x, s->v0y, s->w0, s->x0, s->y0, s->a0, s->parent, s->order, s->firstRow,
                       s->lastRow, s->adjacencyStart, s->queue, s->islandSleep, s->bodyScratch, s->rowJoint,
                       s->rowType, s->rowIsland, s->rowKey, s->adjacency, s->sortIndex, s->sortBuffer, s->rows, s->geometry, s->rowSpring,
                       s->lambda, s->rhs, s->lo, s->hi, s->fixed, s->rowInverseMass, s->warm, s->cgR, s->cgZ, s->cgP, s->cgQ,
                       s->islands, s->matrix, s->rhsCopy};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; ++i) free(buffers[i]);
    sd_sparse_free(&s->sparse);
    memset(s, 0, sizeof *s);
}
