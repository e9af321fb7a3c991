// World lifetime and storage: creation, growth of the structure-of-arrays, bulk state.
#include "sd_world.h"

#include <stdlib.h>
#include <string.h>

const char* sdResult_Description(sdResult result) {
    switch (result) {
    case sdResult_ok: return "ok";
    case sdResult_nullArgument: return "a required pointer was NULL";
    case sdResult_invalidId: return "the id names no live body";
    case sdResult_nonFinite: return "a NaN or infinite number was passed";
    case sdResult_outOfRange: return "a number was outside its valid range";
    case sdResult_outOfMemory: return "out of memory";
    }
    return "unknown result";
}

sdWorldDef sdDefaultWorldDef(void) {
    sdWorldDef def;
    def.initialBodyCapacity = 64;
    def.sleepLinearTolerance = 1.0;
    def.sleepAngularTolerance = 2.0 * 3.14159265358979323846 / 180.0;
    def.timeToSleep = 0.5;
    def.workerCount = 1;
    return def;
}

// Every per-slot array with its element size, so growth and release walk one table.
#define SD_FOR_EACH_ARRAY(X)                                                                                   \
    X(generation) X(alive) X(awake) X(shape) X(flags) X(x) X(y) X(angle) X(vx) X(vy) X(w) X(width) X(height)    \
    X(area) X(unitInertia) X(density) X(invMass) X(invInertia) X(linearDamping) X(angularDamping) X(gravityX)   \
    X(gravityY) X(forceX) X(forceY) X(torque) X(sleepTime) X(dampingStep) X(linearFactor) X(angularFactor) \
    X(rotationAngle) X(rotationCos) X(rotationSin) X(restitution) X(friction) X(charge) X(freeSlots) \
    X(jointEdges) X(shapeHead) X(sleepNext) X(restedSlots)

/// Grows every array to `capacity` slots. On failure the arrays that did grow keep their old contents and
/// the recorded capacity is unchanged, so the world stays consistent.
static sdResult sd_grow(sdWorld* world, int32_t capacity) {
#define SD_GROW_FIELD(field)                                                                                         \
    {                                                                                                           \
        void* grown = realloc(world->field, (size_t)capacity * sizeof(*world->field));                          \
        if (grown == NULL) return sdResult_outOfMemory;                                                         \
        world->field = grown;                                                                                   \
    }
    SD_FOR_EACH_ARRAY(SD_GROW_FIELD)
#undef SD_GROW_FIELD
    world->capacity = capacity;
    return sdResult_ok;
}

sdResult sdCreateWorld(const sdWorldDef* def, sdWorld** outWorld) {
    if (outWorld == NULL) return sdResult_nullArgument;
    *outWorld = NULL;
    if (def == NULL) return sdResult_nullArgument;
    if (!sd_finite2(def->sleepLinearTolerance, def->sleepAngularTolerance) || !isfinite(def->timeToSleep))
        return sdResult_nonFinite;
    if (def->initialBodyCapacity < 1 || def->initialBodyCapacity > (1 << 28) || def->sleepLinearTolerance < 0 ||
        def->sleepAngularTolerance < 0 || def->timeToSleep < 0 || def->workerCount < 1 ||
        def->workerCount > sdMaxWorkers)
        return sdResult_outOfRange;
    sdWorld* world = calloc(1, sizeof(sdWorld));
    if (world == NULL) return sdResult_outOfMemory;
    world->def = *def;
    // Small islands default to the in-house batched kernel. Measured (dynamics-bench --no-body-space, N = 10,000)
    // one LAPACK band over them is faster (drag-cells 7.3 vs 8.7 ms, springy-layout 2.6 vs 4.9 ms), but the
    // kernel follows the reference solver's operation order, which keeps stick-slip scenes (limits, friction)
    // in parity; spring-held cells, the common case, take the body-space path (0.63 ms), faster than both.
    world->islandSolver = sdIslandSolver_batchedKernel;
    world->sparseBlasRows = sd_default_blas_front_rows();
    if (sd_grow(world, def->initialBodyCapacity) != sdResult_ok) {
        sdDestroyWorld(world);
        return sdResult_outOfMemory;
    }
    // Threads that cannot start leave the pool NULL: the sparse path then runs its tasks in order, same bits.
    world->tasks = sd_task_pool_create(def->workerCount);
    *outWorld = world;
    return sdResult_ok;
}

void sdDestroyWorld(sdWorld* world) {
    if (world == NULL) return;
    sd_task_pool_destroy(world->tasks);
#define SD_FREE(field) free(world->field);
    SD_FOR_EACH_ARRAY(SD_FREE)
#undef SD_FREE
    free(world->joints);
    free(world->jointAlive);
    free(world->jointGeneration);
    free(world->jointFreeSlots);
    sd_free_scratch(&world->scratch);
    sd_free_collision(&world->collision);
    sd_fields_free(world);
    free(world);
}

/// Hands out a slot: the most recently freed one, else a new one at the end (growing by doubling).
sdResult sd_allocate_slot(sdWorld* world, int32_t* outIndex) {
    if (world->freeCount > 0) {
        *outIndex = world->freeSlots[--world->freeCount];
        return sdResult_ok;
    }
    if (world->slotCount == world->capacity) {
        if (world->capacity > INT32_MAX / 2) return sdResult_outOfMemory;
        sdResult grown = sd_grow(world, world->capacity * 2);
        if (grown != sdResult_ok) return grown;
    }
    *outIndex = world->slotCount++;
    world->generation[*outIndex] = 0;
    world->jointEdges[*outIndex] = 0;
    world->shapeHead[*outIndex] = -1;
    return sdResult_ok;
}

int32_t sdWorld_GetBodyCount(const sdWorld* world) { return world == NULL ? 0 : world->bodyCount; }

int32_t sdWorld_GetAwakeBodyCount(const sdWorld* world) { return world == NULL ? 0 : world->awakeCount; }

sdWorldState sdWorld_GetState(const sdWorld* world) {
    sdWorldState state;
    memset(&state, 0, sizeof state);
    if (world == NULL) return state;
    state.slotCount = world->slotCount;
    state.x = world->x;
    state.y = world->y;
    state.angle = world->angle;
    state.vx = world->vx;
    state.vy = world->vy;
    state.angularVelocity = world->w;
    state.alive = world->alive;
    state.awake = world->awake;
    return state;
}

int32_t sdWorld_GetRestedBodies(const sdWorld* world, const int32_t** outSlots) {
    if (outSlots != NULL) *outSlots = world == NULL ? NULL : world->restedSlots;
    return world == NULL ? 0 : world->restedCount;
}

sdWorldRotations sdWorld_GetRotations(sdWorld* world) {
    sdWorldRotations rotations;
    memset(&rotations, 0, sizeof rotations);
    if (world == NULL) return rotations;
    for (int32_t i = 0; i < world->slotCount; ++i) {
        double c, s;
        if (world->alive[i]) sd_rotation(world, i, &c, &s);
    }
    rotations.slotCount = world->slotCount;
    rotations.cosine = world->rotationCos;
    rotations.sine = world->rotationSin;
    return rotations;
}

sdResult sdWorld_SetSpringModel(sdWorld* world, sdSpringModel model) {
    if (world == NULL) return sdResult_nullArgument;
    if (model != sdSpringModel_analytic && model != sdSpringModel_uikitCompatible) return sdResult_outOfRange;
    world->springModel = model;
    sd_topology_changed(world);
    return sdResult_ok;
}

sdResult sdWorld_SetIslandSolver(sdWorld* world, sdIslandSolver solver) {
    if (world == NULL) return sdResult_nullArgument;
    if (solver != sdIslandSolver_batchedKernel && solver != sdIslandSolver_bandedLAPACK && solver != sdIslandSolver_iterative)
        return sdResult_outOfRange;
    world->islandSolver = solver;
    sd_topology_changed(world);
    return sdResult_ok;
}

sdResult sdWorld_SetFailingFactorizationsForTesting(sdWorld* world, bool fail) {
    if (world == NULL) return sdResult_nullArgument;
    world->failFactorizations = fail;
    return sdResult_ok;
}

sdResult sdWorld_SetStreamedFactorsForTesting(sdWorld* world, bool stream) {
    if (world == NULL) return sdResult_nullArgument;
    world->streamFactors = stream;
    return sdResult_ok;
}

sdStepStats sdWorld_GetStepStats(const sdWorld* world) {
    sdStepStats stats;
    memset(&stats, 0, sizeof stats);
    return world == NULL ? stats : world->stats;
}

sdResult sdWorld_SetSparseBLASFrontRows(sdWorld* world, int32_t rows) {
    if (world == NULL) return sdResult_nullArgument;
    if (rows < 0) return sdResult_outOfRange;
    world->sparseBlasRows = rows == 0 ? sd_default_blas_front_rows() : rows;
    return sdResult_ok;
}

int32_t sdWorld_GetSparseBLASFrontRows(const sdWorld* world) { return world == NULL ? 0 : world->sparseBlasRows; }

sdResult sdWorld_SetBodySpacePath(sdWorld* world, bool enabled) {
    if (world == NULL) return sdResult_nullArgument;
    world->bodySpaceDisabled = !enabled;
    sd_topology_changed(world);
    return sdResult_ok;
}
