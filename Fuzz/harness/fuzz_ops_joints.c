// Joints: creation from fuzzed definitions between tracked (or forged) bodies and the world, destruction, every
// setter, read-back.
#include "fuzz_ops.h"

/// A body id for a joint end: the world one time in four.
static sdBodyId fz_joint_end(fzSession* s, const fzWorld* w) {
    if (fz_u8(&s->in) % 4 == 0) return (sdBodyId){sdWorldBodyIndex, 0};
    return fz_pick_body(s, w);
}

fzCall fz_op_create_joint(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzInput* in = &s->in;
    sdJointDef def = sdDefaultJointDef();
    def.kind = (sdJointKind)fz_below(in, 6);
    def.bodyA = fz_joint_end(s, w);
    def.bodyB = fz_joint_end(s, w);
    const uint8_t fuzzed = fz_u8(in);
    def.anchorAX = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    def.anchorAY = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    def.anchorBX = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    def.anchorBY = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 600);
    def.length = (fuzzed & 2) ? fz_double(in) : fz_u8(in);
    if (fuzzed & 4) {
        def.frequency = fz_double(in);
        def.dampingRatio = fz_double(in);
    } else if (fuzzed & 8) {
        def.frequency = 1.0 + fz_u8(in) % 20;
        def.dampingRatio = fz_u8(in) / 128.0;
    }
    if (fuzzed & 16) {
        def.axisX = fz_double(in);
        def.axisY = fz_double(in);
    }
    if (fuzzed & 32) {
        def.lowerLimit = fz_double(in);
        def.upperLimit = fz_double(in);
    }
    if (fuzzed & 64) def.frictionTorque = fz_double(in);
    fzCall call = {"sdCreateJoint", sdResult_ok, FZ_SETTER | FZ_MEMORY, fzSnapshot_all};
    sdJointId id;
    const uint8_t nulls = fz_u8(in);
    call.result = sdCreateJoint(w->world, nulls == 1 ? NULL : &def, nulls == 2 ? NULL : &id);
    if (call.result == sdResult_ok) fz_remember_joint(w, id);
    fz_trace("world %p joint kind %d bodies %d/%d anchors (%g, %g) (%g, %g) length %g f %g zeta %g axis (%g, %g) limits %g..%g friction %g",
             (void*)w->world, (int)def.kind, def.bodyA.index, def.bodyB.index, def.anchorAX, def.anchorAY, def.anchorBX,
             def.anchorBY, def.length, def.frequency, def.dampingRatio, def.axisX, def.axisY, def.lowerLimit,
             def.upperLimit, def.frictionTorque);
    return call;
}

fzCall fz_op_destroy_joint(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzCall call = {"sdDestroyJoint", sdResult_ok, FZ_NULL | FZ_INVALID, fzSnapshot_all};
    call.result = sdDestroyJoint(w->world, fz_pick_joint(s, w));
    return call;
}

fzCall fz_op_joint_setter(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const sdJointId id = fz_pick_joint(s, w);
    fzInput* in = &s->in;
    fzCall call = {"", sdResult_ok, FZ_SETTER, fzSnapshot_all};
    switch (fz_below(in, 7)) {
    case 0: {
        const double x = fz_double(in), y = fz_double(in);
        call.name = "sdJoint_SetWorldAnchor";
        call.result = sdJoint_SetWorldAnchor(w->world, id, x, y);
        break;
    }
    case 1:
        call.name = "sdJoint_SetLength";
        call.result = sdJoint_SetLength(w->world, id, fz_double(in));
        break;
    case 2: {
        const double frequency = fz_double(in), damping = fz_double(in);
        call.name = "sdJoint_SetSpring";
        call.result = sdJoint_SetSpring(w->world, id, frequency, damping);
        break;
    }
    case 3: {
        const double lower = fz_double(in), upper = fz_double(in);
        call.name = "sdJoint_SetLimits";
        call.result = sdJoint_SetLimits(w->world, id, lower, upper);
        break;
    }
    case 4:
        call.name = "sdJoint_SetFrictionTorque";
        call.result = sdJoint_SetFrictionTorque(w->world, id, fz_double(in));
        break;
    case 5: {
        double distance, angle;
        const uint8_t nulls = fz_u8(in);
        call.name = "sdJoint_GetGeometry";
        call.result = sdJoint_GetGeometry(w->world, id, nulls == 1 ? NULL : &distance, nulls == 2 ? NULL : &angle);
        break;
    }
    default: {
        sdBodyId a, b;
        const uint8_t nulls = fz_u8(in);
        call.name = "sdJoint_GetBodies";
        call.result = sdJoint_GetBodies(w->world, id, nulls == 1 ? NULL : &a, nulls == 2 ? NULL : &b);
        (void)sdJoint_IsValid(w->world, id);
        break;
    }
    }
    return call;
}
