// Rest detection per island (bodies joined by joints or touching contacts): an island rests when all its bodies
// stayed slower than the tolerances for `timeToSleep`. Its bodies are linked in a sleep ring, so waking any of
// them (a setter, a moving body reaching it) wakes them all. Forces are cleared here too, once per step.
#include "sd_rows.h"

void sd_sleep_islands(sdWorld* world, double dt) {
    sdSolverScratch* s = &world->scratch;
    int32_t* parent = world->collision.islandParent; // joints and contacts of this step (contact_islands.c)
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
        const int32_t root = sd_find(parent, i);
        if (world->sleepTime[i] < s->islandSleep[root]) s->islandSleep[root] = world->sleepTime[i];
    }
    int32_t* ring = s->queue; // per root: the first body put to sleep in its island, or −1
    for (int32_t i = 0; i < n; ++i) ring[i] = -1;
    int32_t awakeCount = 0;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;
        const int32_t root = sd_find(parent, i);
        // The relative margin keeps 30 frames of 1/60 s (which sum to just under 0.5) from taking 31.
        if (s->islandSleep[root] >= world->def.timeToSleep * (1.0 - 1e-9)) {
            world->awake[i] = 0;
            sd_topology_changed(world);
            world->vx[i] = 0.0;
            world->vy[i] = 0.0;
            world->w[i] = 0.0;
            if (ring[root] < 0) {
                ring[root] = i;
                world->sleepNext[i] = i;
            } else {
                world->sleepNext[i] = world->sleepNext[ring[root]];
                world->sleepNext[ring[root]] = i;
            }
        } else {
            awakeCount += 1;
        }
    }
    world->awakeCount = awakeCount;
}
