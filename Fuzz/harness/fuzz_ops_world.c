// Worlds: creation from fuzzed definitions, destruction, steps with odd dt and substep counts, world-wide
// settings, the rectangle query, the dense solver, and allocation failure injected into an allocating call.
#include "fuzz_ops.h"

#include "fuzz_alloc.h"

#include <math.h>
#include <string.h>

/// Forgets every id of a world slot (its world is gone).
static void fz_clear_slot(fzWorld* w) {
    sdDestroyWorld(w->world);
    memset(w, 0, sizeof *w);
}

fzCall fz_op_create_world(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzInput* in = &s->in;
    sdWorldDef def = sdDefaultWorldDef();
    const uint8_t fuzzed = fz_u8(in);
    def.initialBodyCapacity = (fuzzed & 1) ? (int32_t)fz_u32(in) : 1 + (int32_t)fz_below(in, 16);
    if (fuzzed & 2) def.sleepLinearTolerance = fz_double(in);
    if (fuzzed & 4) def.sleepAngularTolerance = fz_double(in);
    if (fuzzed & 8) def.timeToSleep = fz_double(in);
    if ((fuzzed & 1) && def.initialBodyCapacity > 4096) def.initialBodyCapacity = 4096 + def.initialBodyCapacity % 2; // memory, not correctness
    fz_clear_slot(w);
    fzCall call = {"sdCreateWorld", sdResult_ok, FZ_NULL | FZ_NONFINITE | FZ_RANGE | FZ_MEMORY, 0};
    const uint8_t nulls = fz_u8(in);
    if (nulls == 1) {
        call.result = sdCreateWorld(&def, NULL);
        return call;
    }
    call.result = sdCreateWorld(nulls == 2 ? NULL : &def, &w->world);
    if (call.result != sdResult_ok && w->world != NULL) fz_fail("a refused world creation returned a world", call.name, call.result);
    return call;
}

fzCall fz_op_destroy_world(fzSession* s) {
    fz_clear_slot(fz_pick_world(s));
    sdDestroyWorld(NULL);
    fzCall call = {"sdDestroyWorld", sdResult_ok, 0, 0};
    return call;
}

/// An odd or ordinary substep count.
static int32_t fz_substeps(fzInput* in) {
    switch (fz_below(in, 8)) {
    case 0: return 0;
    case 1: return -1;
    case 2: return 1024;
    case 3: return 1025;
    case 4: return (int32_t)fz_u32(in);
    default: return 1 + (int32_t)fz_below(in, 4);
    }
}

/// One step (when the input's step budget allows; a substep count over 64 is cut to keep inputs fast, unless the
/// step is refused anyway).
static fzCall fz_step(fzSession* s, fzWorld* w, double dt, int32_t substeps) {
    fzCall call = {"sdWorld_Step", sdResult_ok, FZ_NULL | FZ_NONFINITE | FZ_RANGE | FZ_MEMORY, fzSnapshot_all};
    if (s->steps >= fzMaxSteps) return call;
    s->steps += 1;
    if (substeps > 64 && substeps <= 1024 && sdWorld_GetBodyCount(w->world) > 8) substeps = 64;
    call.result = sdWorld_Step(w->world, dt, substeps);
    fz_trace("world %p step dt %g substeps %d", (void*)w->world, dt, substeps);
    return call;
}

fzCall fz_op_step(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const double dt = fz_u8(&s->in) < 128 ? 1.0 / 60.0 : fz_double(&s->in);
    return fz_step(s, w, dt, fz_substeps(&s->in));
}

fzCall fz_op_step_many(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const int32_t count = 1 + (int32_t)fz_below(&s->in, 32);
    fzCall call = {"sdWorld_Step", sdResult_ok, 0, fzSnapshot_all};
    for (int32_t k = 0; k < count && call.result == sdResult_ok; ++k) {
        call = fz_step(s, w, 1.0 / 60.0, 2);
        fz_check_world(w, "sdWorld_Step (batch)");
    }
    return call;
}

fzCall fz_op_world_settings(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzInput* in = &s->in;
    fzCall call = {"", sdResult_ok, FZ_NULL | FZ_RANGE, fzSnapshot_all};
    switch (fz_below(in, 4)) {
    case 0:
        call.name = "sdWorld_SetSpringModel";
        call.result = sdWorld_SetSpringModel(w->world, (sdSpringModel)fz_below(in, 3));
        break;
    case 1:
        call.name = "sdWorld_SetIslandSolver";
        call.result = sdWorld_SetIslandSolver(w->world, (sdIslandSolver)fz_below(in, 4));
        break;
    case 2:
        call.name = "sdWorld_SetBodySpacePath";
        call.result = sdWorld_SetBodySpacePath(w->world, fz_u8(in) & 1);
        break;
    default: {
        call.name = "sdWorld_GetStepStats";
        const sdStepStats stats = sdWorld_GetStepStats(w->world);
        if (stats.rowCount < 0 || stats.islandCount < 0) fz_fail("negative step statistics", call.name, stats.rowCount);
        break;
    }
    }
    return call;
}

fzCall fz_op_query(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzInput* in = &s->in;
    const double minX = fz_double(in), minY = fz_double(in), maxX = fz_double(in), maxY = fz_double(in);
    sdBodyId ids[8];
    const int32_t capacity = (int32_t)fz_below(in, 10) - 1; // −1 … 8
    int32_t count = -7;
    fzCall call = {"sdWorld_QueryRect", sdResult_ok, FZ_NULL | FZ_NONFINITE | FZ_RANGE, fzSnapshot_all};
    const uint8_t nulls = fz_u8(in);
    call.result = sdWorld_QueryRect(w->world, minX, minY, maxX, maxY, nulls == 1 ? NULL : ids,
                                    capacity < 0 ? capacity : capacity, nulls == 2 ? NULL : &count);
    if (call.result == sdResult_ok) {
        if (count < 0 || count > sdWorld_GetBodyCount(w->world)) fz_fail("query count out of range", call.name, count);
        for (int32_t i = 0; i < count && i < capacity; ++i)
            if (!sdBody_IsValid(w->world, ids[i])) fz_fail("query returned a dead body", call.name, i);
    }
    return call;
}

fzCall fz_op_solve_spd(fzSession* s) {
    fzInput* in = &s->in;
    const int32_t n = (int32_t)fz_below(in, 7) - 1; // −1 … 5
    double a[25], b[5];
    for (int32_t i = 0; i < 25; ++i) a[i] = fz_u8(in) < 230 ? (double)(int8_t)fz_u8(in) : fz_double(in);
    for (int32_t i = 0; i < 5; ++i) b[i] = fz_u8(in) < 230 ? (double)(int8_t)fz_u8(in) : fz_double(in);
    fzCall call = {"sdSolveSPD", sdResult_ok, FZ_NULL | FZ_NONFINITE | FZ_RANGE, fzSnapshot_all};
    call.result = sdSolveSPD(n, fz_u8(in) == 1 ? NULL : a, b);
    return call;
}

fzCall fz_op_fail_allocation(fzSession* s) {
    static const fzOperation allocating[] = {fz_op_create_world, fz_op_create_body, fz_op_create_joint,
                                             fz_op_create_shape, fz_op_create_field, fz_op_field_members,
                                             fz_op_field_setter, fz_op_step};
    const uint32_t which = fz_below(&s->in, sizeof allocating / sizeof allocating[0]);
    fz_alloc_fail_after((int32_t)fz_below(&s->in, 6));
    fzCall call = allocating[which](s);
    const int refused = fz_alloc_refused();
    fz_alloc_disarm();
    if (refused && call.result == sdResult_ok && call.allowed & FZ_MEMORY)
        fz_fail("an allocation failed but the call reported ok", call.name, 0);
    // sdWorld_Step documents what a failed step may change: contacts recomputed, resting bodies woken.
    if (call.result == sdResult_outOfMemory && which == 7)
        call.keptOnError = fzSnapshot_kinematics | fzSnapshot_joints | fzSnapshot_shapes | fzSnapshot_fields;
    return call;
}
