// Fields of every kind (custom ones with an evaluator that returns fuzzed forces), region programs, members,
// and the stateless region and noise entry points.
#include "fuzz_ops.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/// The custom evaluator: every body gets the force in its world's slot (NaN and infinity included).
static void fz_custom_evaluator(void* context, const sdFieldBatch* batch) {
    fzCustomForce* force = context;
    force->calls += 1;
    for (int32_t i = 0; i < batch->count; ++i) {
        if (!isfinite(batch->x[i]) || !isfinite(batch->vx[i]) || !(batch->mass[i] > 0.0) || !isfinite(batch->mass[i]))
            fz_fail("custom field batch holds a non-finite or massless body", "sdWorld_Step", i);
        batch->forceX[i] = force->fx;
        batch->forceY[i] = force->fy;
    }
}

static sdFieldParams fz_decode_params(fzInput* in, sdFieldParams params) {
    const uint8_t fuzzed = fz_u8(in);
    params.x = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    params.y = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    if (fuzzed & 2) params.strength = fz_double(in);
    if (fuzzed & 4) params.falloff = fz_double(in);
    if (fuzzed & 8) params.minimumRadius = fz_double(in);
    if (fuzzed & 16) params.directionX = fz_double(in);
    if (fuzzed & 16) params.directionY = fz_double(in);
    if (fuzzed & 32) params.smoothness = fz_double(in);
    if (fuzzed & 64) params.animationSpeed = fz_double(in);
    return params;
}

/// A region program of up to 9 nodes (operators and shapes in any order, valid or not).
static int32_t fz_decode_region(fzInput* in, sdRegionNode* nodes, int32_t capacity) {
    const int32_t count = (int32_t)fz_below(in, (uint32_t)capacity + 1);
    for (int32_t i = 0; i < count; ++i) {
        nodes[i].op = (sdRegionOp)fz_below(in, 9);
        nodes[i].a = fz_u8(in) < 200 ? fz_u8(in) : fz_double(in);
        nodes[i].b = fz_u8(in) < 200 ? fz_u8(in) : fz_double(in);
    }
    return count;
}

fzCall fz_op_create_field(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzInput* in = &s->in;
    const sdFieldKind kind = (sdFieldKind)fz_below(in, 12);
    sdFieldDef def = sdDefaultFieldDef(kind < 11 ? kind : sdField_custom);
    def.kind = kind;
    def.params = fz_decode_params(in, def.params);
    sdRegionNode nodes[9];
    def.regionNodeCount = fz_decode_region(in, nodes, 9);
    def.region = fz_u8(in) == 1 ? NULL : nodes;
    if (fz_u8(in) != 1) {
        def.evaluator = fz_custom_evaluator;
        def.evaluatorContext = &w->custom;
    }
    fzCall call = {"sdCreateField", sdResult_ok, FZ_NULL | FZ_NONFINITE | FZ_RANGE | FZ_MEMORY, fzSnapshot_all};
    sdFieldId id;
    const uint8_t nulls = fz_u8(in);
    call.result = sdCreateField(w->world, nulls == 1 ? NULL : &def, nulls == 2 ? NULL : &id);
    if (getenv("FUZZ_TRACE"))
        fprintf(stderr, "  field kind %d at (%g, %g) strength %g falloff %g min radius %g direction (%g, %g) smoothness %g speed %g, %d region nodes\n",
                (int)def.kind, def.params.x, def.params.y, def.params.strength, def.params.falloff, def.params.minimumRadius,
                def.params.directionX, def.params.directionY, def.params.smoothness, def.params.animationSpeed, def.regionNodeCount);
    if (call.result == sdResult_ok) fz_remember_field(w, id);
    return call;
}

fzCall fz_op_destroy_field(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzCall call = {"sdDestroyField", sdResult_ok, FZ_NULL | FZ_INVALID, fzSnapshot_all};
    call.result = sdDestroyField(w->world, fz_pick_field(s, w));
    return call;
}

fzCall fz_op_field_setter(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzInput* in = &s->in;
    const sdFieldId id = fz_pick_field(s, w);
    fzCall call = {"", sdResult_ok, FZ_SETTER | FZ_MEMORY, fzSnapshot_all};
    switch (fz_below(in, 4)) {
    case 0: {
        sdFieldParams params = sdDefaultFieldDef(sdField_radialGravity).params;
        (void)sdField_GetParams(w->world, id, &params);
        params = fz_decode_params(in, params);
        call.name = "sdField_SetParams";
        call.result = sdField_SetParams(w->world, id, fz_u8(in) == 1 ? NULL : &params);
        if (getenv("FUZZ_TRACE"))
            fprintf(stderr, "  params (%g, %g) strength %g falloff %g min radius %g direction (%g, %g) smoothness %g speed %g\n",
                    params.x, params.y, params.strength, params.falloff, params.minimumRadius, params.directionX,
                    params.directionY, params.smoothness, params.animationSpeed);
        break;
    }
    case 1: {
        sdRegionNode nodes[9];
        const int32_t count = fz_decode_region(in, nodes, 9);
        call.name = "sdField_SetRegion";
        call.result = sdField_SetRegion(w->world, id, fz_u8(in) == 1 ? NULL : nodes, fz_u8(in) == 1 ? -1 : count);
        break;
    }
    case 2: {
        sdFieldParams params;
        call.name = "sdField_GetParams";
        call.result = sdField_GetParams(w->world, id, fz_u8(in) == 0 ? NULL : &params);
        (void)sdField_GetBodyCount(w->world, id);
        (void)sdWorld_GetFieldSeconds(w->world);
        break;
    }
    default:
        call.name = "custom force";
        w->custom.fx = fz_double(in);
        w->custom.fy = fz_double(in);
        break;
    }
    return call;
}

fzCall fz_op_field_members(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const sdFieldId field = fz_pick_field(s, w);
    const sdBodyId body = fz_pick_body(s, w);
    fzCall call = {"sdField_AddBody", sdResult_ok, FZ_NULL | FZ_INVALID | FZ_MEMORY, fzSnapshot_all};
    if (fz_u8(&s->in) % 4 == 0) {
        call.name = "sdField_RemoveBody";
        call.result = sdField_RemoveBody(w->world, field, body);
    } else {
        call.result = sdField_AddBody(w->world, field, body);
    }
    return call;
}

fzCall fz_op_region_and_noise(fzSession* s) {
    fzInput* in = &s->in;
    fzCall call = {"sdRegion_Contains", sdResult_ok, FZ_NULL | FZ_NONFINITE | FZ_RANGE, fzSnapshot_all};
    if (fz_u8(in) & 1) {
        const double x = fz_double(in), y = fz_double(in), z = fz_double(in);
        double dx, dy;
        call.name = "sdNoise3";
        const double n = sdNoise3(x, y, z, &dx, &dy);
        if (isfinite(x) && isfinite(y) && isfinite(z) && !(fabs(n) <= 1.1 && isfinite(dx) && isfinite(dy))) {
            fprintf(stderr, "noise(%a, %a, %a) = %a, gradient (%a, %a)\n", x, y, z, n, dx, dy);
            fz_fail("noise outside [-1.1, 1.1] or with a non-finite gradient", call.name, 0);
        }
        return call;
    }
    sdRegionNode nodes[9];
    const int32_t count = fz_decode_region(in, nodes, 9);
    const double x = fz_double(in), y = fz_double(in);
    bool inside;
    call.result = sdRegion_Contains(fz_u8(in) == 1 ? NULL : nodes, count, x, y, fz_u8(in) == 1 ? NULL : &inside);
    if (call.result == sdResult_ok && sdRegion_Validate(nodes, count) != sdResult_ok)
        fz_fail("a region Contains accepts does not validate", call.name, count);
    return call;
}
