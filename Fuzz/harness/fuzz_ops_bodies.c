// Bodies: creation from fuzzed definitions, destruction, every setter, forces and impulses, read-back.
#include "fuzz_ops.h"

#include <stddef.h>

sdBodyDef fz_decode_body_def(fzInput* in) {
    sdBodyDef def = sdDefaultBodyDef();
    const uint16_t fuzzed = fz_u16(in); // which fields leave their ordinary values
    def.x = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    def.y = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    if (fuzzed & 2) def.angle = fz_double(in);
    if (fuzzed & 4) def.vx = fz_double(in);
    if (fuzzed & 4) def.vy = fz_double(in);
    if (fuzzed & 8) def.angularVelocity = fz_double(in);
    def.width = (fuzzed & 16) ? fz_double(in) : 5.0 + fz_u8(in);
    def.height = (fuzzed & 16) ? fz_double(in) : 5.0 + fz_u8(in);
    if (fuzzed & 32) def.shape = (sdShapeKind)fz_below(in, 4);
    if (fuzzed & 64) def.polygonArea = fz_double(in);
    if (fuzzed & 64) def.polygonUnitInertia = fz_double(in);
    if (def.shape == sdShape_polygon && !(fuzzed & 64)) {
        def.polygonArea = def.width * def.height / 2.0;
        def.polygonUnitInertia = (def.width * def.width + def.height * def.height) / 18.0;
    }
    if (fuzzed & 128) def.density = fz_double(in);
    if (fuzzed & 256) def.linearDamping = fz_double(in);
    if (fuzzed & 256) def.angularDamping = fz_double(in);
    def.gravityY = (fuzzed & 512) ? fz_double(in) : ((fuzzed & 1024) ? 1000.0 : 0.0);
    if (fuzzed & 512) def.gravityX = fz_double(in);
    def.flags = (fuzzed & 2048) ? fz_u32(in) : (uint32_t)(fz_u8(in) % 8 == 0 ? sdBodyFlag_static : 0);
    return def;
}

fzCall fz_op_create_body(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const sdBodyDef def = fz_decode_body_def(&s->in);
    fzCall call = {"sdCreateBody", sdResult_ok, FZ_NULL | FZ_NONFINITE | FZ_RANGE | FZ_MEMORY, fzSnapshot_all};
    if (sdWorld_GetBodyCount(w->world) >= fzMaxLiveBodies) return call;
    sdBodyId id;
    const uint8_t nulls = fz_u8(&s->in);
    call.result = sdCreateBody(w->world, nulls == 1 ? NULL : &def, nulls == 2 ? NULL : &id);
    if (call.result == sdResult_ok) fz_remember_body(w, id);
    fz_trace("world %p body %d: (%g, %g) angle %g v (%g, %g) w %g size %g x %g shape %d density %g damping %g/%g gravity (%g, %g) flags %u",
             (void*)w->world, call.result == sdResult_ok ? id.index : -1, def.x, def.y, def.angle, def.vx, def.vy,
             def.angularVelocity, def.width, def.height, (int)def.shape, def.density, def.linearDamping,
             def.angularDamping, def.gravityX, def.gravityY, def.flags);
    return call;
}

fzCall fz_op_destroy_body(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzCall call = {"sdDestroyBody", sdResult_ok, FZ_NULL | FZ_INVALID, fzSnapshot_all};
    call.result = sdDestroyBody(w->world, fz_pick_body(s, w));
    return call;
}

fzCall fz_op_body_setter(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const sdBodyId id = fz_pick_body(s, w);
    fzInput* in = &s->in;
    fzCall call = {"", sdResult_ok, FZ_SETTER, fzSnapshot_all};
    switch (fz_below(in, 11)) {
    case 0: {
        const double x = fz_double(in), y = fz_double(in);
        call.name = "sdBody_SetPosition";
        call.result = sdBody_SetPosition(w->world, id, x, y);
        break;
    }
    case 1:
        call.name = "sdBody_SetAngle";
        call.result = sdBody_SetAngle(w->world, id, fz_double(in));
        break;
    case 2: {
        const double vx = fz_double(in), vy = fz_double(in);
        call.name = "sdBody_SetLinearVelocity";
        call.result = sdBody_SetLinearVelocity(w->world, id, vx, vy);
        break;
    }
    case 3:
        call.name = "sdBody_SetAngularVelocity";
        call.result = sdBody_SetAngularVelocity(w->world, id, fz_double(in));
        break;
    case 4:
        call.name = "sdBody_SetDensity";
        call.result = sdBody_SetDensity(w->world, id, fz_double(in));
        break;
    case 5: {
        const double linear = fz_double(in), angular = fz_double(in);
        call.name = "sdBody_SetDamping";
        call.result = sdBody_SetDamping(w->world, id, linear, angular);
        break;
    }
    case 6: {
        const double gx = fz_double(in), gy = fz_double(in);
        call.name = "sdBody_SetGravity";
        call.result = sdBody_SetGravity(w->world, id, gx, gy);
        break;
    }
    case 7:
        call.name = "sdBody_SetFlags";
        call.result = sdBody_SetFlags(w->world, id, fz_u8(in) < 200 ? fz_below(in, 4) : fz_u32(in));
        break;
    case 8: {
        const double restitution = fz_double(in), friction = fz_double(in), charge = fz_double(in);
        call.name = "sdBody_SetMaterial";
        call.result = sdBody_SetMaterial(w->world, id, restitution, friction, charge);
        break;
    }
    case 9:
        call.name = "sdBody_Wake";
        call.result = sdBody_Wake(w->world, id);
        break;
    default: {
        sdBodyState state;
        call.name = "sdBody_GetState";
        call.result = sdBody_GetState(w->world, id, fz_u8(in) == 0 ? NULL : &state);
        (void)sdBody_IsValid(w->world, id);
        break;
    }
    }
    return call;
}

fzCall fz_op_body_push(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const sdBodyId id = fz_pick_body(s, w);
    fzInput* in = &s->in;
    const uint8_t kind = fz_u8(in) % 3;
    const double a = fz_double(in), b = fz_double(in), c = fz_double(in), d = fz_double(in);
    fzCall call = {"", sdResult_ok, FZ_SETTER, fzSnapshot_all};
    if (kind == 0) {
        call.name = "sdBody_ApplyForce";
        call.result = sdBody_ApplyForce(w->world, id, a, b, c, d);
    } else if (kind == 1) {
        call.name = "sdBody_ApplyLinearImpulse";
        call.result = sdBody_ApplyLinearImpulse(w->world, id, a, b, c, d);
    } else {
        call.name = "sdBody_AddVelocity";
        call.result = sdBody_AddVelocity(w->world, id, a, b, c);
    }
    return call;
}
