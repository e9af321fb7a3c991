// Shapes (circle, polygon, segment) on tracked or forged bodies, their filters, and the contacts and events of
// the last step read back whole and out of range.
#include "fuzz_ops.h"

#include <math.h>

/// Polygon vertices: a regular n-gon of fuzzed size and offset (often valid), perturbed or replaced by raw
/// numbers (often not).
static void fz_decode_polygon(fzInput* in, sdShapeDef* def) {
    const uint8_t mode = fz_u8(in);
    def->vertexCount = (mode & 0x80) ? (int32_t)fz_below(in, 40) - 2 : 3 + (int32_t)fz_below(in, 8);
    const int32_t n = def->vertexCount > 0 && def->vertexCount <= sdMaxPolygonVertices ? def->vertexCount : 0;
    const double radius = (mode & 1) ? fz_double(in) : 2.0 + fz_u8(in);
    const double cx = (mode & 2) ? fz_double(in) : 0.0, cy = (mode & 2) ? fz_double(in) : 0.0;
    for (int32_t i = 0; i < n; ++i) {
        const double t = 2.0 * 3.14159265358979323846 * i / n;
        def->vertices[2 * i] = cx + radius * cos(t);
        def->vertices[2 * i + 1] = cy + radius * sin(t);
    }
    if (mode & 4) { // one vertex anywhere
        const int32_t k = n > 0 ? (int32_t)fz_below(in, (uint32_t)n) : 0;
        def->vertices[2 * k] = fz_double(in);
        def->vertices[2 * k + 1] = fz_double(in);
    }
}

fzCall fz_op_create_shape(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzInput* in = &s->in;
    const sdBodyId body = fz_pick_body(s, w);
    sdShapeDef def = sdDefaultShapeDef();
    def.type = (sdShapeType)fz_below(in, 4);
    const uint8_t fuzzed = fz_u8(in);
    if (def.type == sdShapeType_circle) {
        def.radius = (fuzzed & 1) ? fz_double(in) : 1.0 + fz_u8(in) / 4.0;
        def.centerX = (fuzzed & 2) ? fz_double(in) : 0.0;
        def.centerY = (fuzzed & 2) ? fz_double(in) : 0.0;
    } else if (def.type == sdShapeType_polygon) {
        fz_decode_polygon(in, &def);
    } else {
        def.x1 = (fuzzed & 1) ? fz_double(in) : -fz_mostly_sane(in, 400);
        def.y1 = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 50);
        def.x2 = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 400);
        def.y2 = (fuzzed & 1) ? fz_double(in) : fz_mostly_sane(in, 50);
    }
    if (fuzzed & 4) {
        def.categoryBits = fz_u64(in);
        def.maskBits = fz_u64(in);
    }
    def.userData = fz_u8(in);
    fzCall call = {"sdCreateShape", sdResult_ok, FZ_SETTER | FZ_MEMORY, fzSnapshot_all};
    sdShapeId id;
    const uint8_t nulls = fz_u8(in);
    call.result = sdCreateShape(w->world, body, nulls == 1 ? NULL : &def, nulls == 2 ? NULL : &id);
    if (call.result == sdResult_ok) fz_remember_shape(w, id);
    return call;
}

fzCall fz_op_destroy_shape(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzCall call = {"sdDestroyShape", sdResult_ok, FZ_NULL | FZ_INVALID, fzSnapshot_all};
    call.result = sdDestroyShape(w->world, fz_pick_shape(s, w));
    return call;
}

fzCall fz_op_shape_setter(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    const sdShapeId id = fz_pick_shape(s, w);
    fzCall call = {"sdShape_SetFilter", sdResult_ok, FZ_NULL | FZ_INVALID, fzSnapshot_all};
    if (fz_u8(&s->in) & 1) {
        const uint64_t category = fz_u64(&s->in), mask = fz_u64(&s->in);
        call.result = sdShape_SetFilter(w->world, id, category, mask);
    } else {
        sdBodyId body;
        call.name = "sdShape_GetBody";
        call.result = sdShape_GetBody(w->world, id, fz_u8(&s->in) == 0 ? NULL : &body);
        (void)sdShape_IsValid(w->world, id);
    }
    return call;
}

fzCall fz_op_read_contacts(fzSession* s) {
    fzWorld* w = fz_pick_world(s);
    fzCall call = {"sdWorld_GetContact", sdResult_ok, FZ_NULL | FZ_RANGE, fzSnapshot_all};
    const int32_t count = sdWorld_GetContactCount(w->world);
    int32_t index;
    switch (fz_below(&s->in, 4)) {
    case 0: index = -1; break;
    case 1: index = count; break;
    case 2: index = (int32_t)fz_u32(&s->in); break;
    default: index = count > 0 ? (int32_t)fz_below(&s->in, (uint32_t)count) : 0; break;
    }
    sdContactData contact;
    call.result = sdWorld_GetContact(w->world, index, fz_u8(&s->in) == 0 ? NULL : &contact);
    const sdContactEvents events = sdWorld_GetContactEvents(w->world);
    for (int32_t i = 0; i < events.endCount; ++i) (void)sdShape_IsValid(w->world, events.end[i].shapeA);
    return call;
}
