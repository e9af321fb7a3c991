// The time step: integrate velocities (gravity, forces, damping), integrate positions, then rest detection.
//
// Semi-implicit (symplectic) Euler per substep h = dt / substepCount:
//   v ← (v + h·(g + F/m)) · exp(−c·h)      ω ← (ω + h·τ/I) · exp(−c_ω·h)
//   x ← x + h·v                            θ ← θ + h·ω
// Velocity is exact for constant acceleration; position lags the closed form by a·t·h/2. Damping uses the
// exact exponential, so resistance c gives v(t) = v₀·e^(−c·t) at any step size. The spring/joint stage
// (next stage of the pipeline) sits between the two integrations.
#include "sd_world.h"

static void sd_integrate_velocities(sdWorld* world, double h) {
    const int32_t n = world->slotCount;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;  // free, static and resting slots are never awake
        const double linearFactor = exp(-world->linearDamping[i] * h);
        const double angularFactor = exp(-world->angularDamping[i] * h);
        const double ax = world->gravityX[i] + world->forceX[i] * world->invMass[i];
        const double ay = world->gravityY[i] + world->forceY[i] * world->invMass[i];
        world->vx[i] = (world->vx[i] + h * ax) * linearFactor;
        world->vy[i] = (world->vy[i] + h * ay) * linearFactor;
        world->w[i] = (world->w[i] + h * world->torque[i] * world->invInertia[i]) * angularFactor;
    }
}

static void sd_integrate_positions(sdWorld* world, double h) {
    const int32_t n = world->slotCount;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;
        world->x[i] += h * world->vx[i];
        world->y[i] += h * world->vy[i];
        world->angle[i] += h * world->w[i];
    }
}

/// Clears the frame's forces and lets bodies that stayed slow for `timeToSleep` come to rest.
static void sd_finish_step(sdWorld* world, double dt) {
    const int32_t n = world->slotCount;
    const double linearTolerance2 = world->def.sleepLinearTolerance * world->def.sleepLinearTolerance;
    const double angularTolerance2 = world->def.sleepAngularTolerance * world->def.sleepAngularTolerance;
    int32_t awakeCount = 0;
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
        if (world->sleepTime[i] >= world->def.timeToSleep) {
            world->awake[i] = 0;
            world->vx[i] = 0.0;
            world->vy[i] = 0.0;
            world->w[i] = 0.0;
        } else {
            awakeCount += 1;
        }
    }
    world->awakeCount = awakeCount;
}

sdResult sdWorld_Step(sdWorld* world, double dt, int32_t substepCount) {
    if (world == NULL) return sdResult_nullArgument;
    if (!isfinite(dt)) return sdResult_nonFinite;
    if (dt <= 0 || substepCount < 1 || substepCount > 1024) return sdResult_outOfRange;
    const double h = dt / (double)substepCount;
    for (int32_t s = 0; s < substepCount; ++s) {
        sd_integrate_velocities(world, h);
        sd_integrate_positions(world, h);
    }
    sd_finish_step(world, dt);
    return sdResult_ok;
}
