// Rest detection per island (bodies joined by joints or touching contacts): an island rests when all its bodies
// stayed slower than the tolerances for `timeToSleep`. Its bodies are linked in a sleep ring, so waking any of
// them (a setter, a moving body reaching it) wakes them all. Forces are cleared here too, once per step.
#include "sd_rows.h"

#include <string.h>

/// The rest timers of awake slots [0, n): restarted by a body faster than the tolerances, else advanced by dt (a
/// select, not a branch, so the loop vectorises; slots not awake keep theirs). Returns whether any awake body's
/// timer reached `threshold`: an island's timer is its bodies' smallest, so none can rest otherwise.
static bool sd_advance_rest_timers(sdWorld* world, int32_t n, double dt, double threshold, int32_t* awakeCount) {
    const double linearTolerance2 = world->def.sleepLinearTolerance * world->def.sleepLinearTolerance;
    const double angularTolerance2 = world->def.sleepAngularTolerance * world->def.sleepAngularTolerance;
    const uint8_t* restrict awake = world->awake;
    const double* restrict vx = world->vx;
    const double* restrict vy = world->vy;
    const double* restrict w = world->w;
    double* restrict sleepTime = world->sleepTime;
    int32_t count = 0, reached = 0;
    SD_VECTORIZE
    for (int32_t i = 0; i < n; ++i) {
        const double speed2 = vx[i] * vx[i] + vy[i] * vy[i];
        const double spin2 = w[i] * w[i];
        const double moved = speed2 > linearTolerance2 || spin2 > angularTolerance2 ? 0.0 : sleepTime[i] + dt;
        const bool moves = awake[i] != 0;
        const double time = moves ? moved : sleepTime[i];
        sleepTime[i] = time;
        count += moves;
        reached |= moves & (time >= threshold);
    }
    *awakeCount = count;
    return reached != 0;
}

void sd_sleep_islands(sdWorld* world, double dt) {
    sdSolverScratch* s = &world->scratch;
    int32_t* parent = world->collision.islandParent; // joints and contacts of this step (contact_islands.c)
    const int32_t n = world->slotCount;
    memset(world->forceX, 0, (size_t)n * sizeof(double));
    memset(world->forceY, 0, (size_t)n * sizeof(double));
    memset(world->torque, 0, (size_t)n * sizeof(double));
    // The relative margin keeps 30 frames of 1/60 s (which sum to just under 0.5) from taking 31.
    const double threshold = world->def.timeToSleep * (1.0 - 1e-9);
    int32_t awakeCount;
    world->restedCount = 0;
    // Most steps no timer is near rest (always, with sleep off): the islands are not looked up at all.
    if (!sd_advance_rest_timers(world, n, dt, threshold, &awakeCount)) {
        world->awakeCount = awakeCount;
        return;
    }
    for (int32_t i = 0; i < n; ++i) s->islandSleep[i] = INFINITY;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;
        const int32_t root = sd_find(parent, i);
        if (world->sleepTime[i] < s->islandSleep[root]) s->islandSleep[root] = world->sleepTime[i];
    }
    int32_t* ring = s->queue; // per root: the first body put to sleep in its island, or −1
    for (int32_t i = 0; i < n; ++i) ring[i] = -1;
    awakeCount = 0;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;
        const int32_t root = sd_find(parent, i);
        if (s->islandSleep[root] >= threshold) {
            world->awake[i] = 0;
            world->restedSlots[world->restedCount++] = i;
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
