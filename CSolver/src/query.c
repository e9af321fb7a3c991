// Spatial queries over the bodies' rotated bounding boxes.
#include "sd_world.h"

sdResult sdWorld_QueryRect(const sdWorld* world, double minX, double minY, double maxX, double maxY,
                           sdBodyId* outIds, int32_t capacity, int32_t* outCount) {
    if (world == NULL || outCount == NULL || (outIds == NULL && capacity > 0)) return sdResult_nullArgument;
    if (!sd_finite2(minX, minY) || !sd_finite2(maxX, maxY)) return sdResult_nonFinite;
    if (capacity < 0 || minX > maxX || minY > maxY) return sdResult_outOfRange;
    int32_t found = 0;
    for (int32_t i = 0; i < world->slotCount; ++i) {
        if (!world->alive[i]) continue;
        // Half extents of the box that holds the rotated width × height rectangle.
        const double c = fabs(cos(world->angle[i]));
        const double s = fabs(sin(world->angle[i]));
        const double hx = 0.5 * (c * world->width[i] + s * world->height[i]);
        const double hy = 0.5 * (s * world->width[i] + c * world->height[i]);
        if (world->x[i] + hx < minX || world->x[i] - hx > maxX) continue;
        if (world->y[i] + hy < minY || world->y[i] - hy > maxY) continue;
        if (found < capacity) {
            outIds[found].index = i;
            outIds[found].generation = world->generation[i];
        }
        found += 1;
    }
    *outCount = found;
    return sdResult_ok;
}
