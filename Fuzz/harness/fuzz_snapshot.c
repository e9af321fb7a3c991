// The observable state of a world: hashed to compare before and after a refused call, and checked for
// non-finite numbers after every call (see fuzz_snapshot.h).
#include "fuzz_snapshot.h"

#include <math.h>
#include <string.h>

typedef struct fzHash {
    uint64_t value;
} fzHash;

static void fz_mix(fzHash* h, const void* bytes, size_t count) {
    const uint8_t* p = bytes;
    for (size_t i = 0; i < count; ++i) {
        h->value ^= p[i];
        h->value *= 0x100000001b3ull;
    }
}

static void fz_mix_double(fzHash* h, double v) { fz_mix(h, &v, sizeof v); }
static void fz_mix_int(fzHash* h, int64_t v) { fz_mix(h, &v, sizeof v); }

static void fz_mix_kinematics(fzHash* h, const sdWorld* world) {
    const sdWorldState state = sdWorld_GetState(world);
    fz_mix_int(h, state.slotCount);
    for (int32_t i = 0; i < state.slotCount; ++i) {
        if (!state.alive[i]) continue;
        const double values[6] = {state.x[i], state.y[i], state.angle[i], state.vx[i], state.vy[i],
                                  state.angularVelocity[i]};
        fz_mix(h, values, sizeof values);
    }
}

static void fz_mix_bodies(fzHash* h, const fzWorld* w) {
    fz_mix_int(h, sdWorld_GetBodyCount(w->world));
    fz_mix_int(h, sdWorld_GetAwakeBodyCount(w->world));
    for (int32_t k = 0; k < w->bodyIds; ++k) {
        sdBodyState s;
        const sdResult r = sdBody_GetState(w->world, w->bodies[k], &s);
        fz_mix_int(h, r);
        if (r != sdResult_ok) continue;
        const double values[6] = {s.mass, s.inertia, s.width, s.height, (double)s.flags, s.awake ? 1.0 : 0.0};
        fz_mix(h, values, sizeof values);
    }
}

static void fz_mix_joints(fzHash* h, const fzWorld* w) {
    fz_mix_int(h, sdWorld_GetJointCount(w->world));
    for (int32_t k = 0; k < w->jointIds; ++k) {
        sdBodyId a, b;
        double distance, angle;
        const sdResult r = sdJoint_GetBodies(w->world, w->joints[k], &a, &b);
        fz_mix_int(h, r);
        if (r != sdResult_ok) continue;
        sdJoint_GetGeometry(w->world, w->joints[k], &distance, &angle);
        fz_mix(h, &a, sizeof a);
        fz_mix(h, &b, sizeof b);
        fz_mix_double(h, distance);
        fz_mix_double(h, angle);
    }
}

static void fz_mix_shapes(fzHash* h, const fzWorld* w) {
    fz_mix_int(h, sdWorld_GetShapeCount(w->world));
    for (int32_t k = 0; k < w->shapeIds; ++k) {
        sdBodyId body;
        const sdResult r = sdShape_GetBody(w->world, w->shapes[k], &body);
        fz_mix_int(h, r);
        if (r == sdResult_ok) fz_mix(h, &body, sizeof body);
    }
}

static void fz_mix_fields(fzHash* h, const fzWorld* w) {
    fz_mix_int(h, sdWorld_GetFieldCount(w->world));
    for (int32_t k = 0; k < w->fieldIds; ++k) {
        sdFieldParams p;
        const sdResult r = sdField_GetParams(w->world, w->fields[k], &p);
        fz_mix_int(h, r);
        if (r != sdResult_ok) continue;
        fz_mix(h, &p, sizeof p);
        fz_mix_int(h, sdField_GetBodyCount(w->world, w->fields[k]));
    }
}

static void fz_mix_contacts(fzHash* h, const sdWorld* world) {
    const int32_t count = sdWorld_GetContactCount(world);
    fz_mix_int(h, count);
    for (int32_t i = 0; i < count; ++i) {
        sdContactData c;
        memset(&c, 0, sizeof c);
        if (sdWorld_GetContact(world, i, &c) != sdResult_ok) continue;
        fz_mix(h, &c.shapeA, sizeof c.shapeA);
        fz_mix(h, &c.shapeB, sizeof c.shapeB);
        const double values[11] = {c.normalX, c.normalY, c.pointX[0], c.pointX[1], c.pointY[0], c.pointY[1],
                                   c.separation[0], c.separation[1], c.normalImpulse[0], c.normalImpulse[1],
                                   (double)c.pointCount + (c.touching ? 0.5 : 0.0)};
        fz_mix(h, values, sizeof values);
    }
    const sdContactEvents events = sdWorld_GetContactEvents(world);
    fz_mix_int(h, events.beginCount);
    fz_mix_int(h, events.endCount);
}

uint64_t fz_hash_world(const fzWorld* w, uint32_t parts) {
    fzHash h = {0xcbf29ce484222325ull};
    if (w->world == NULL) return 0;
    if (parts & fzSnapshot_kinematics) fz_mix_kinematics(&h, w->world);
    if (parts & fzSnapshot_bodies) fz_mix_bodies(&h, w);
    if (parts & fzSnapshot_joints) fz_mix_joints(&h, w);
    if (parts & fzSnapshot_shapes) fz_mix_shapes(&h, w);
    if (parts & fzSnapshot_fields) fz_mix_fields(&h, w);
    if (parts & fzSnapshot_contacts) fz_mix_contacts(&h, w->world);
    return h.value;
}

static void fz_require_finite(double v, const char* what, const char* call, int32_t index) {
    if (!isfinite(v)) fz_fail(what, call, index);
}

void fz_check_world(const fzWorld* w, const char* call) {
    if (w->world == NULL) return;
    const sdWorldState state = sdWorld_GetState(w->world);
    int32_t alive = 0, awake = 0;
    for (int32_t i = 0; i < state.slotCount; ++i) {
        if (!state.alive[i]) continue;
        alive += 1;
        awake += state.awake[i] ? 1 : 0;
        const double values[6] = {state.x[i], state.y[i], state.angle[i], state.vx[i], state.vy[i],
                                  state.angularVelocity[i]};
        for (int v = 0; v < 6; ++v) fz_require_finite(values[v], "non-finite body state", call, i);
    }
    if (alive != sdWorld_GetBodyCount(w->world)) fz_fail("body count disagrees with live slots", call, alive);
    if (awake != sdWorld_GetAwakeBodyCount(w->world)) fz_fail("awake count disagrees with awake slots", call, awake);
    for (int32_t k = 0; k < w->bodyIds; ++k) {
        sdBodyState s;
        if (sdBody_GetState(w->world, w->bodies[k], &s) != sdResult_ok) continue;
        fz_require_finite(s.mass, "non-finite mass", call, k);
        fz_require_finite(s.inertia, "non-finite inertia", call, k);
        if ((s.flags & sdBodyFlag_static) == 0 && !(s.mass > 0.0)) fz_fail("dynamic body without mass", call, k);
    }
    for (int32_t k = 0; k < w->jointIds; ++k) {
        double distance, angle;
        if (sdJoint_GetGeometry(w->world, w->joints[k], &distance, &angle) != sdResult_ok) continue;
        fz_require_finite(distance, "non-finite joint distance", call, k);
        fz_require_finite(angle, "non-finite joint angle", call, k);
    }
    const int32_t contacts = sdWorld_GetContactCount(w->world);
    for (int32_t i = 0; i < contacts; ++i) {
        sdContactData c;
        if (sdWorld_GetContact(w->world, i, &c) != sdResult_ok) fz_fail("contact in range refused", call, i);
        if (c.pointCount < 0 || c.pointCount > 2) fz_fail("contact point count", call, c.pointCount);
        fz_require_finite(c.normalX, "non-finite contact normal", call, i);
        fz_require_finite(c.normalY, "non-finite contact normal", call, i);
        for (int32_t p = 0; p < c.pointCount; ++p) {
            fz_require_finite(c.pointX[p], "non-finite contact point", call, i);
            fz_require_finite(c.pointY[p], "non-finite contact point", call, i);
            fz_require_finite(c.separation[p], "non-finite separation", call, i);
            fz_require_finite(c.normalImpulse[p], "non-finite impulse", call, i);
        }
    }
    const sdContactEvents events = sdWorld_GetContactEvents(w->world);
    if (events.beginCount < 0 || events.endCount < 0) fz_fail("negative event count", call, 0);
    for (int32_t i = 0; i < events.beginCount; ++i) {
        fz_require_finite(events.begin[i].pointX, "non-finite event point", call, i);
        fz_require_finite(events.begin[i].pointY, "non-finite event point", call, i);
        fz_require_finite(events.begin[i].normalX, "non-finite event normal", call, i);
        fz_require_finite(events.begin[i].normalY, "non-finite event normal", call, i);
    }
}
