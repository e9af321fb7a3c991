// The time step. Once per step: contacts (collision pass), the fields' members, the joint row layout, and the
// islands over joints and contacts. Then per substep h = dt / substepCount:
//   0. fields            field forces F_f into per-body sums, velocity fields' velocities (field_eval.c)
//   1. free velocities   v* = (v₀ + h·(g + (F + F_f)/m))·e^(−c·h),  ω* likewise (exact exponential damping);
//                        a body inside a velocity field takes that field's velocity instead
//   2. constraints       v⁺ = v* + M⁻¹Jᵀλ: joint islands (velocity_solve.c), then contact islands with the joints
//                        they hold (contact_solver.c)
//   3. positions         analytic model: x ← x + h·(v₀ + v⁺)/2 (trapezoidal: exact for constant forces);
//                        UIKit-compatible model: x ← x + h·v⁺ (semi-implicit Euler, as Box2D)
//   4. restitution       impacts bounce (and contacts the trapezoidal update left leaving come to rest)
//   5. projection        rigid rows and overlaps are moved back to zero error (Newton steps on positions)
// After the substeps: forces are cleared, islands that stayed slow for `timeToSleep` come to rest, and contacts
// that began or stopped touching become events.
#include "sd_rows.h"

#include <string.h>

#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#define SD_HAS_MXCSR 1
#endif

static void sd_integrate_velocities(sdWorld* world, double h) {
    sdSolverScratch* s = &world->scratch;
    const sdFieldOutput field = sd_field_output(world);
    const int32_t n = world->slotCount;
    // Every slot's start state (zero velocity for static bodies) feeds the trapezoidal spring rows and the
    // position update: whole-array copies stream far faster than a per-body loop that branches.
    const size_t bytes = (size_t)n * sizeof(double);
    memcpy(s->v0x, world->vx, bytes);
    memcpy(s->v0y, world->vy, bytes);
    memcpy(s->w0, world->w, bytes);
    memcpy(s->x0, world->x, bytes);
    memcpy(s->y0, world->y, bytes);
    memcpy(s->a0, world->angle, bytes);
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue; // free, static and resting slots are never awake
        if (world->dampingStep[i] != h) { // exp is costly: cache the factors per substep length
            world->linearFactor[i] = exp(-world->linearDamping[i] * h);
            world->angularFactor[i] = exp(-world->angularDamping[i] * h);
            world->dampingStep[i] = h;
        }
        const double linearFactor = world->linearFactor[i];
        const double angularFactor = world->angularFactor[i];
        double fx = world->forceX[i], fy = world->forceY[i];
        if (field.forceX != NULL) { // a law's singularity can give ±inf or NaN: held to sdMaxForce, NaN to 0
            fx += sd_clamp_magnitude(field.forceX[i], sdMaxForce);
            fy += sd_clamp_magnitude(field.forceY[i], sdMaxForce);
        }
        const double ax = world->gravityX[i] + fx * world->invMass[i];
        const double ay = world->gravityY[i] + fy * world->invMass[i];
        world->vx[i] = (world->vx[i] + h * ax) * linearFactor;
        world->vy[i] = (world->vy[i] + h * ay) * linearFactor;
        if (field.setsVelocity != NULL && field.setsVelocity[i]) {
            world->vx[i] = field.velocityX[i];
            world->vy[i] = field.velocityY[i];
        }
        world->w[i] = (world->w[i] + h * world->torque[i] * world->invInertia[i]) * angularFactor;
    }
}

static void sd_integrate_positions(sdWorld* world, double h) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t n = world->slotCount;
    const bool trapezoidal = world->springModel == sdSpringModel_analytic;
    const double half = 0.5 * h;
    for (int32_t i = 0; i < n; ++i) {
        if (!world->awake[i]) continue;
        // Speeds capped at sdMaxMagnitude (see CSolver.h): diverging motion grows linearly, never to infinity.
        world->vx[i] = sd_clamp_magnitude(world->vx[i], sdMaxMagnitude);
        world->vy[i] = sd_clamp_magnitude(world->vy[i], sdMaxMagnitude);
        world->w[i] = sd_clamp_magnitude(world->w[i], sdMaxMagnitude);
        if (trapezoidal) { // analytic model: the mean of the start and end velocities
            world->x[i] += half * (s->v0x[i] + world->vx[i]);
            world->y[i] += half * (s->v0y[i] + world->vy[i]);
            world->angle[i] += half * (s->w0[i] + world->w[i]);
        } else { // UIKit-compatible model: semi-implicit Euler
            world->x[i] += h * world->vx[i];
            world->y[i] += h * world->vy[i];
            world->angle[i] += h * world->w[i];
        }
    }
}

/// After restitution and the relaxing sweeps changed contact islands' velocities: the speed cap again, so no speed
/// a step leaves exceeds sdMaxMagnitude (the cap before the positions moved is idempotent on the rest).
static void sd_cap_contact_velocities(sdWorld* world) {
    if (world->collision.contactIslandCount == 0) return; // only contact islands' velocities changed
    for (int32_t i = 0; i < world->slotCount; ++i) {
        if (!world->awake[i]) continue;
        world->vx[i] = sd_clamp_magnitude(world->vx[i], sdMaxMagnitude);
        world->vy[i] = sd_clamp_magnitude(world->vy[i], sdMaxMagnitude);
        world->w[i] = sd_clamp_magnitude(world->w[i], sdMaxMagnitude);
    }
}

sdResult sdWorld_Step(sdWorld* world, double dt, int32_t substepCount) {
    if (world == NULL) return sdResult_nullArgument;
    if (!isfinite(dt)) return sdResult_nonFinite;
    if (dt <= 0 || dt > sdMaxMagnitude || substepCount < 1 || substepCount > 1024) return sdResult_outOfRange;
    if (!(dt / (double)substepCount >= sdMinimumSubstep)) return sdResult_outOfRange;
    // Buffers grow here, before anything moves: a failure leaves every body where it was (resting bodies may
    // have been woken, and the contacts recomputed).
    const double prepareStart = sd_now();
    sdSparseState* sparse = &world->scratch.sparse;
    sparse->orderSeconds = sparse->symbolicSeconds = sparse->numericSeconds = sparse->solveSeconds = 0.0;
    sparse->factorFlops = sparse->solveFlops = 0.0;
    sparse->factorizations = sparse->iterations = 0;
    if (sd_collide(world, dt) != sdResult_ok) return sdResult_outOfMemory;
    if (sd_fields_prepare_step(world) != sdResult_ok) return sdResult_outOfMemory;
    if (sd_prepare_constraints(world) != sdResult_ok) return sdResult_outOfMemory;
    if (sd_prepare_contact_islands(world) != sdResult_ok) return sdResult_outOfMemory;
    // After the contact islands, which may hold body-space islands: joints do not change during a step.
    sd_refresh_row_geometry(world, dt / (double)substepCount);
    const double prepareSeconds = sd_now() - prepareStart;
#ifdef SD_HAS_MXCSR
    // Flush denormals to zero while stepping: settling springs would otherwise crawl through subnormal
    // arithmetic, many times slower than normal numbers.
    const unsigned int savedCsr = _mm_getcsr();
    _mm_setcsr(savedCsr | 0x8040u);
#endif
    const double h = dt / (double)substepCount;
    double forces = 0.0, solve = 0.0, integration = 0.0;
    world->stats.assemblySeconds = prepareSeconds;
    for (int32_t step = 0; step < substepCount; ++step) {
        const double t0 = sd_now();
        sd_fields_apply(world, h);
        sd_integrate_velocities(world, h);
        const double t1 = sd_now();
        sd_solve_velocities(world, h);
        sd_solve_contact_velocities(world, h, step);
        const double t2 = sd_now();
        sd_integrate_positions(world, h);
        const double t3 = sd_now();
        sd_apply_restitution(world, h, step == substepCount - 1);
        sd_cap_contact_velocities(world);
        sd_project_positions(world);
        sd_project_contacts(world);
        sd_solve_continuous(world);
        const double t4 = sd_now();
        forces += t1 - t0;
        solve += (t2 - t1) + (t4 - t3);
        integration += t3 - t2;
    }
    const double t5 = sd_now();
    sd_finish_contacts(world);
    sd_sleep_islands(world, dt);
    integration += sd_now() - t5;
#ifdef SD_HAS_MXCSR
    _mm_setcsr(savedCsr);
#endif
    world->stats.forcesSeconds = forces;
    world->stats.solveSeconds = solve - (world->stats.assemblySeconds - prepareSeconds);
    world->stats.integrationSeconds = integration;
    world->stats.orderSeconds = sparse->orderSeconds;
    world->stats.symbolicSeconds = sparse->symbolicSeconds;
    world->stats.numericSeconds = sparse->numericSeconds;
    world->stats.sparseSolveSeconds = sparse->solveSeconds;
    world->stats.stepFactorFlops = sparse->factorFlops;
    world->stats.solveFlops = sparse->solveFlops;
    world->stats.factorizations = sparse->factorizations;
    world->stats.iterations = sparse->iterations;
    return sdResult_ok;
}
