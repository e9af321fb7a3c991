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

// The integration loops have AVX2 and AVX-512 copies (AVX-512 implies FMA): no multiply-add may be fused, so
// every copy gives the baseline's bits.
#pragma STDC FP_CONTRACT OFF

#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#define SD_HAS_MXCSR 1
#endif

/// v* for slots [0, n): every slot computed, only awake ones written (a select, not a branch, so the loop
/// vectorises; the others keep their bits). `fields` and `velocityFields` are constants wherever this is inlined,
/// so without fields nothing is added to the forces (not even a zero: −0 + 0 would change a sign bit). Every
/// slot's start velocity (zero for static bodies) is kept first, for the trapezoidal spring rows and the position
/// update: here, where the loop reads it anyway, rather than in copies of their own.
SD_INLINE void sd_free_velocities(sdWorld* world, const sdFieldOutput* field, int32_t n, double h, bool fields,
                                  bool velocityFields) {
    sdSolverScratch* s = &world->scratch;
    double* restrict v0x = s->v0x;
    double* restrict v0y = s->v0y;
    double* restrict w0 = s->w0;
    const uint8_t* restrict awake = world->awake;
    const double* restrict gravityX = world->gravityX;
    const double* restrict gravityY = world->gravityY;
    const double* restrict forceX = world->forceX;
    const double* restrict forceY = world->forceY;
    const double* restrict torque = world->torque;
    const double* restrict invMass = world->invMass;
    const double* restrict invInertia = world->invInertia;
    const double* restrict linearFactor = world->linearFactor;
    const double* restrict angularFactor = world->angularFactor;
    const double* restrict fieldX = field->forceX;
    const double* restrict fieldY = field->forceY;
    const double* restrict fieldVX = field->velocityX;
    const double* restrict fieldVY = field->velocityY;
    const uint8_t* restrict setsVelocity = field->setsVelocity;
    double* restrict vx = world->vx;
    double* restrict vy = world->vy;
    double* restrict w = world->w;
    SD_VECTORIZE
    for (int32_t i = 0; i < n; ++i) {
        v0x[i] = vx[i];
        v0y[i] = vy[i];
        w0[i] = w[i];
        double fx = forceX[i], fy = forceY[i];
        if (fields) { // a law's singularity can give ±inf or NaN: held to sdMaxForce, NaN to 0
            fx += sd_clamp_magnitude(fieldX[i], sdMaxForce);
            fy += sd_clamp_magnitude(fieldY[i], sdMaxForce);
        }
        const double ax = gravityX[i] + fx * invMass[i];
        const double ay = gravityY[i] + fy * invMass[i];
        double nvx = (vx[i] + h * ax) * linearFactor[i];
        double nvy = (vy[i] + h * ay) * linearFactor[i];
        if (velocityFields) {
            nvx = setsVelocity[i] ? fieldVX[i] : nvx;
            nvy = setsVelocity[i] ? fieldVY[i] : nvy;
        }
        const double nw = (w[i] + h * torque[i] * invInertia[i]) * angularFactor[i];
        const bool moves = awake[i] != 0;
        vx[i] = moves ? nvx : vx[i];
        vy[i] = moves ? nvy : vy[i];
        w[i] = moves ? nw : w[i];
    }
}

/// The three field cases, each with constant flags (so each loop is specialised).
SD_INLINE void sd_free_velocities_cases(sdWorld* world, const sdFieldOutput* field, int32_t n, double h) {
    if (field->forceX == NULL) sd_free_velocities(world, field, n, h, false, false);
    else if (field->setsVelocity == NULL) sd_free_velocities(world, field, n, h, true, false);
    else sd_free_velocities(world, field, n, h, true, true);
}
static void sd_free_velocities_generic(sdWorld* world, const sdFieldOutput* field, int32_t n, double h) {
    sd_free_velocities_cases(world, field, n, h);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_free_velocities_avx2(sdWorld* world, const sdFieldOutput* field, int32_t n, double h) {
    sd_free_velocities_cases(world, field, n, h);
}
SD_TARGET_AVX512 static void sd_free_velocities_avx512(sdWorld* world, const sdFieldOutput* field, int32_t n,
                                                       double h) {
    sd_free_velocities_cases(world, field, n, h);
}
#endif
/// Through the widest copy the processor runs.
static void sd_free_velocities_dispatch(sdWorld* world, const sdFieldOutput* field, int32_t n, double h) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx512()) {
        sd_free_velocities_avx512(world, field, n, h);
        return;
    }
    if (sd_cpu_has_avx2()) {
        sd_free_velocities_avx2(world, field, n, h);
        return;
    }
#endif
    sd_free_velocities_generic(world, field, n, h);
}

static void sd_integrate_velocities(sdWorld* world, double h) {
    const sdFieldOutput field = sd_field_output(world);
    const int32_t n = world->slotCount;
    // Every slot's factors are usually current: a compare-only pass (it vectorises) finds that out.
    const double* restrict dampingStep = world->dampingStep;
    int32_t stale = 0;
    SD_VECTORIZE
    for (int32_t i = 0; i < n; ++i) stale |= dampingStep[i] != h;
    for (int32_t i = 0; i < n && stale; ++i) {
        // exp is costly: the factors are cached per substep length. Slots that are not awake get factors too
        // (never used: the loop below reads every slot but writes only awake ones).
        if (world->dampingStep[i] != h) {
            world->linearFactor[i] = exp(-world->linearDamping[i] * h);
            world->angularFactor[i] = exp(-world->angularDamping[i] * h);
            world->dampingStep[i] = h;
        }
    }
    sd_free_velocities_dispatch(world, &field, n, h);
}

/// Positions for slots [0, n) (awake ones; a select, as above): speeds capped at sdMaxMagnitude (see CSolver.h:
/// diverging motion grows linearly, never to infinity), then the analytic model's mean of the start and end
/// velocities (trapezoidal: exact for constant forces) or the UIKit-compatible model's semi-implicit Euler. Every
/// slot's start position is kept first, for continuous collision to sweep from (nothing moved a body since the
/// substep began): here, where the loop reads it anyway.
SD_INLINE void sd_move_positions(sdWorld* world, int32_t n, double h, bool trapezoidal) {
    sdSolverScratch* s = &world->scratch;
    double* restrict x0 = s->x0;
    double* restrict y0 = s->y0;
    double* restrict a0 = s->a0;
    const uint8_t* restrict awake = world->awake;
    const double* restrict v0x = s->v0x;
    const double* restrict v0y = s->v0y;
    const double* restrict w0 = s->w0;
    double* restrict vx = world->vx;
    double* restrict vy = world->vy;
    double* restrict w = world->w;
    double* restrict x = world->x;
    double* restrict y = world->y;
    double* restrict angle = world->angle;
    const double half = 0.5 * h;
    SD_VECTORIZE
    for (int32_t i = 0; i < n; ++i) {
        x0[i] = x[i];
        y0[i] = y[i];
        a0[i] = angle[i];
        const double cvx = sd_clamp_magnitude(vx[i], sdMaxMagnitude);
        const double cvy = sd_clamp_magnitude(vy[i], sdMaxMagnitude);
        const double cw = sd_clamp_magnitude(w[i], sdMaxMagnitude);
        const double nx = trapezoidal ? x[i] + half * (v0x[i] + cvx) : x[i] + h * cvx;
        const double ny = trapezoidal ? y[i] + half * (v0y[i] + cvy) : y[i] + h * cvy;
        const double na = trapezoidal ? angle[i] + half * (w0[i] + cw) : angle[i] + h * cw;
        const bool moves = awake[i] != 0;
        vx[i] = moves ? cvx : vx[i];
        vy[i] = moves ? cvy : vy[i];
        w[i] = moves ? cw : w[i];
        x[i] = moves ? nx : x[i];
        y[i] = moves ? ny : y[i];
        angle[i] = moves ? na : angle[i];
    }
}

SD_INLINE void sd_move_positions_cases(sdWorld* world, double h) {
    if (world->springModel == sdSpringModel_analytic) sd_move_positions(world, world->slotCount, h, true);
    else sd_move_positions(world, world->slotCount, h, false);
}
static void sd_move_positions_generic(sdWorld* world, double h) { sd_move_positions_cases(world, h); }
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_move_positions_avx2(sdWorld* world, double h) { sd_move_positions_cases(world, h); }
SD_TARGET_AVX512 static void sd_move_positions_avx512(sdWorld* world, double h) { sd_move_positions_cases(world, h); }
#endif

static void sd_integrate_positions(sdWorld* world, double h) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx512()) {
        sd_move_positions_avx512(world, h);
        return;
    }
    if (sd_cpu_has_avx2()) {
        sd_move_positions_avx2(world, h);
        return;
    }
#endif
    sd_move_positions_generic(world, h);
}

/// After restitution and the relaxing sweeps changed contact islands' velocities: the speed cap again, so no speed
/// a step leaves exceeds sdMaxMagnitude (the cap before the positions moved is idempotent on the rest). A select
/// per slot, not a branch, so the loop vectorises (slots not awake keep their bits).
static void sd_cap_contact_velocities(sdWorld* world) {
    if (world->collision.contactIslandCount == 0) return; // only contact islands' velocities changed
    const uint8_t* restrict awake = world->awake;
    double* restrict vx = world->vx;
    double* restrict vy = world->vy;
    double* restrict w = world->w;
    SD_VECTORIZE
    for (int32_t i = 0; i < world->slotCount; ++i) {
        const bool moves = awake[i] != 0;
        const double cvx = sd_clamp_magnitude(vx[i], sdMaxMagnitude);
        const double cvy = sd_clamp_magnitude(vy[i], sdMaxMagnitude);
        const double cw = sd_clamp_magnitude(w[i], sdMaxMagnitude);
        vx[i] = moves ? cvx : vx[i];
        vy[i] = moves ? cvy : vy[i];
        w[i] = moves ? cw : w[i];
    }
}

sdResult sdWorld_Step(sdWorld* world, double dt, int32_t substepCount) {
    if (world == NULL) return sdResult_nullArgument;
    if (!isfinite(dt)) return sdResult_nonFinite;
    if (dt <= 0 || dt > sdMaxMagnitude || substepCount < 1 || substepCount > 1024) return sdResult_outOfRange;
    if (!(dt / (double)substepCount >= sdMinimumSubstep)) return sdResult_outOfRange;
    world->restedCount = 0; // the list is this step's, also when it fails below
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
    // Each stage's clock reading also starts the next (a small island's step is a few microseconds: a reading
    // costs about 1 % of it).
    double t0 = sd_now();
    const double prepareSeconds = t0 - prepareStart;
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
        t0 = t4;
    }
    sd_finish_contacts(world);
    sd_sleep_islands(world, dt);
    integration += sd_now() - t0;
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
