// Picking worlds and ids for calls, and remembering the ids handed out (see fuzz_session.h).
#include "fuzz_session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

fzWorld* fz_pick_world(fzSession* session) { return &session->worlds[fz_below(&session->in, fzMaxWorlds)]; }

/// A forged slot index: out of range either way, the world marker, or a small slot that may be free.
static int32_t fz_forged_index(fzInput* in) {
    switch (fz_below(in, 4)) {
    case 0: return -1;
    case 1: return (int32_t)fz_u32(in);
    case 2: return INT32_MAX;
    default: return (int32_t)fz_below(in, 200);
    }
}

#define FZ_PICK(kind, type, table, count)                                                                    \
    type fz_pick_##kind(fzSession* session, const fzWorld* w) {                                              \
        fzInput* in = &session->in;                                                                          \
        const uint8_t selector = fz_u8(in);                                                                  \
        if (selector < 224 && w->count > 0) return w->table[selector % w->count];                            \
        type forged;                                                                                         \
        forged.index = fz_forged_index(in);                                                                  \
        forged.generation = fz_u8(in) < 200 ? 0u : fz_u32(in);                                               \
        return forged;                                                                                       \
    }
FZ_PICK(body, sdBodyId, bodies, bodyIds)
FZ_PICK(joint, sdJointId, joints, jointIds)
FZ_PICK(shape, sdShapeId, shapes, shapeIds)
FZ_PICK(field, sdFieldId, fields, fieldIds)
#undef FZ_PICK

#define FZ_REMEMBER(kind, type, table, count)                                                                \
    void fz_remember_##kind(fzWorld* w, type id) {                                                           \
        if (w->count < fzMaxIds) {                                                                           \
            w->table[w->count++] = id;                                                                       \
            return;                                                                                          \
        }                                                                                                    \
        for (int32_t i = 1; i < fzMaxIds; ++i) w->table[i - 1] = w->table[i];                               \
        w->table[fzMaxIds - 1] = id;                                                                         \
    }
FZ_REMEMBER(body, sdBodyId, bodies, bodyIds)
FZ_REMEMBER(joint, sdJointId, joints, jointIds)
FZ_REMEMBER(shape, sdShapeId, shapes, shapeIds)
FZ_REMEMBER(field, sdFieldId, fields, fieldIds)
#undef FZ_REMEMBER

void fz_fail(const char* what, const char* call, int detail) {
    fprintf(stderr, "fuzz invariant broken: %s after %s (%d)\n", what, call, detail);
    abort();
}

void fz_trace(const char* format, ...) {
    static int enabled = -1;
    if (enabled < 0) enabled = getenv("FUZZ_TRACE") != NULL;
    if (!enabled) return;
    va_list args;
    va_start(args, format);
    fputs("  ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}
