// Benchmark-only: one field law over contiguous arrays, with nothing else (no gather, no region, no scatter): the
// physical limit a field evaluation is measured against (`dynamics-bench fields`). It runs the very law code the
// fields use (sd_field_law), chunk by chunk, so the comparison is the same arithmetic with and without the
// bookkeeping around it.
#include "sd_world.h"

#include <stdlib.h>
#include <string.h>

sdResult sdBenchmark_FieldLaw(sdFieldKind kind, int32_t count, const double* x, const double* y, const double* mass,
                              double* outForceX, double* outForceY) {
    if (kind != sdField_radialGravity && kind != sdField_vortex && kind != sdField_spring && kind != sdField_noise)
        return sdResult_outOfRange;
    if (count < 0) return sdResult_outOfRange;
    if (count > 0 && (x == NULL || y == NULL || mass == NULL || outForceX == NULL || outForceY == NULL))
        return sdResult_nullArgument;
    sdFieldChunk* c = sd_new_chunk();
    if (c == NULL) return sdResult_outOfMemory;
    const sdFieldDef def = sdDefaultFieldDef(kind);
    sdField field;
    memset(&field, 0, sizeof field);
    field.kind = kind;
    field.params = def.params;
    for (int32_t start = 0; start < count; start += SD_FIELD_CHUNK) {
        const int32_t n = count - start < SD_FIELD_CHUNK ? count - start : SD_FIELD_CHUNK;
        memcpy(c->x, x + start, (size_t)n * sizeof(double));
        memcpy(c->y, y + start, (size_t)n * sizeof(double));
        memcpy(c->mass, mass + start, (size_t)n * sizeof(double));
        c->hasDistance = false;
        sd_field_law(&field, 1.0 / 120.0, n, c);
        memcpy(outForceX + start, c->fx, (size_t)n * sizeof(double));
        memcpy(outForceY + start, c->fy, (size_t)n * sizeof(double));
    }
    free(c);
    return sdResult_ok;
}
