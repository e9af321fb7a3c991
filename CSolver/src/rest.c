// Rest detection per island: an island rests when all its bodies stayed slower than the tolerances for
// `timeToSleep`, so joined bodies rest and wake together. Forces are cleared here too, once per step.
#include "sd_rows.h"

void sd_sleep_islands(sdWorld* world, double dt) {
    sdSolverScratch* s = &world->scratch;
    const int32_t n = world->slotCount;
    const double linearTolerance2 = world->def.sleepLinearTolerance * world->def.sleepLinearTolerance;
    const double angularTolerance2 = world->def.sleepAngularTolerance * world->def.sleepAngularTolerance;
    for (int32_t i = 0; i < n; ++i) s->islandSleep[i] = INFINITY;
    for (int32_t i = 0; i < n; ++i) {
        world->forceX[i] = 0.0;
        world->forceY[i] = 0.0;
        world->torque[i] = 0.0;
        if (!world->awake[i]) continue;
        const double speed2 = world->vx[i] * world->vx[i] + world->vy[i] * world->vy[i];
        const double spin2 = world->w[i] * world->w[i];
        if (speed2 > linearTolerance2 || spin2 > angularTolerance2) {
            world->sleepTime[i] = 0.0;
        } else {
            world->sleepTime[i] += dt;
        }
        const int32_t root = sd_find(s->parent, i);
        if (world->sleepTime[i] < s->islandSleep[root]) s->islandSleep[root] = world->sleepTime[i];
    }
    int32_t awakeCount = 0;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;
        // The relative margin keeps 30 frames of 1/60 s (which sum to just under 0.5) from taking 31.
        if (s->islandSleep[sd_find(s->parent, i)] >= world->def.timeToSleep * (1.0 - 1e-9)) {
            world->awake[i] = 0;
            sd_topology_changed(world);
            world->vx[i] = 0.0;
            world->vy[i] = 0.0;
            world->w[i] = 0.0;
        } else {
            awakeCount += 1;
        }
    }
    world->awakeCount = awakeCount;
}
