// Field evaluation, once per substep: per field, per chunk of members, gather → region masks → law → scatter
// (see sd_field.h). The law loops are straight-line code over contiguous arrays; `-Rpass=loop-vectorize`
// reports each of them vectorised (README, "What vectorises").
#pragma STDC FP_CONTRACT OFF
#include "sd_world.h"

#include <float.h>
#include <string.h>

double sd_pow100(double k) {
    if (k == floor(k) && fabs(k) <= 64.0) {
        double p = 1.0;
        for (int32_t e = (int32_t)fabs(k); e > 0; --e) p *= 100.0;
        return k < 0 ? 1.0 / p : p;
    }
    return pow(100.0, k);
}

/// c->fall = max(r, minimumRadius)^(−k), or 1 when |k| < 2⁻¹⁵. Integer exponents (|k| ≤ 64) multiply one
/// vectorised pass per factor; others call `pow` per body (not vectorised).
SD_INLINE void sd_falloff(int32_t n, double minimumRadius, double k, sdFieldChunk* restrict c) {
    double* restrict fall = c->fall;
    double* restrict rho = c->rho;
    const double* restrict r = c->r;
    if (fabs(k) < SD_FIELD_EPSILON) {
        for (int32_t i = 0; i < n; ++i) fall[i] = 1.0;
        return;
    }
    for (int32_t i = 0; i < n; ++i) rho[i] = r[i] < minimumRadius ? minimumRadius : r[i];
    if (k == floor(k) && fabs(k) <= 64.0) {
        const int32_t e = (int32_t)fabs(k);
        for (int32_t i = 0; i < n; ++i) fall[i] = rho[i];
        for (int32_t m = 1; m < e; ++m) {
            for (int32_t i = 0; i < n; ++i) fall[i] = fall[i] * rho[i];
        }
        if (k > 0) {
            for (int32_t i = 0; i < n; ++i) fall[i] = 1.0 / fall[i];
        }
    } else {
        for (int32_t i = 0; i < n; ++i) fall[i] = pow(rho[i], -k);
    }
}

/// The falloff's unit conversion: 100^k (1 when |k| < 2⁻¹⁵).
static double sd_falloff_unit(double k) { return fabs(k) < SD_FIELD_EPSILON ? 1.0 : sd_pow100(k); }

/// Lattice cells per point of a noise field: f/100 with f = 1.25/(smoothness + 1/12) − 1 per metre.
static double sd_noise_frequency(double smoothness) { return 1.25 / (smoothness + 1.0 / 12.0) - 1.0; }

/// A force along r̂ (radial gravity, spring, electric): F = coef·w·fall/r·d with w the mass, the charge or 1; zero
/// closer than `near` points, where r̂ is undefined or the law's singularity is cut off.
SD_INLINE void sd_central_force(int32_t n, double coef, const double* restrict w, double near, sdFieldChunk* restrict c) {
    const double* restrict x = c->x;
    const double* restrict y = c->y;
    const double* restrict r = c->r;
    const double* restrict fall = c->fall;
    double* restrict fx = c->fx;
    double* restrict fy = c->fy;
    SD_VECTORIZE
    for (int32_t i = 0; i < n; ++i) {
        const double t = coef * w[i] * fall[i] / r[i];
        const bool close = r[i] < near;
        fx[i] = close ? 0.0 : t * x[i];
        fy[i] = close ? 0.0 : t * y[i];
    }
}

/// Whether a field's law reads the distance r (besides the falloff).
SD_INLINE bool sd_law_uses_distance(const sdField* field) {
    switch (field->kind) {
    case sdField_radialGravity:
    case sdField_spring:
    case sdField_electric:
    case sdField_vortex: return true;
    default: return fabs(field->params.falloff) >= SD_FIELD_EPSILON;
    }
}

/// The law of one field over the chunk for substep h. c->r must hold the distances when `sd_law_uses_distance` (it
/// is computed here unless c->hasDistance says the chunk's positions already have theirs).
SD_INLINE void sd_field_law_body(const sdField* field, double h, int32_t n, sdFieldChunk* restrict c) {
    const sdFieldParams p = field->params;
    const double halfStep = 0.5 * h;
    const double* restrict x = c->x;
    const double* restrict y = c->y;
    const double* restrict vx = c->vx;
    const double* restrict vy = c->vy;
    const double* restrict m = c->mass;
    const double* restrict q = c->charge;
    const double* restrict fall = c->fall;
    double* restrict r = c->r;
    double* restrict fx = c->fx;
    double* restrict fy = c->fy;
    if (!c->hasDistance && sd_law_uses_distance(field)) {
        for (int32_t i = 0; i < n; ++i) r[i] = sqrt(x[i] * x[i] + y[i] * y[i]);
        c->hasDistance = true;
    }
    sd_falloff(n, p.minimumRadius, p.falloff, c);
    const double coef = p.strength * sd_falloff_unit(p.falloff); // S·100^k: the law's metres → points
    switch (field->kind) {
    case sdField_linearGravity: {
        const double cL = 100.0 * coef;
        for (int32_t i = 0; i < n; ++i) {
            const double t = cL * m[i] * fall[i];
            fx[i] = t * p.directionX;
            fy[i] = t * p.directionY;
        }
        break;
    }
    case sdField_radialGravity: sd_central_force(n, -100.0 * coef, m, 0.31622776601683794, c); break; // r² < 10⁻⁵ m²
    case sdField_spring: sd_central_force(n, -100.0 * coef, c->one, 1e-3, c); break;                 // r < 10⁻⁵ m
    case sdField_electric: sd_central_force(n, -100.0 * coef, q, DBL_MIN, c); break;                 // r = 0
    case sdField_magnetic:
        // F = t·J·v with J·v = (v_y, −v_x), evaluated at the implicit midpoint velocity under this field alone,
        // v_mid = (v + θ·J·v)/(1 + θ²), θ = h·t/(2m): the kick is then an exact rotation (Cayley), so a charge
        // circles at constant speed instead of spiralling out by π·ω·h per turn.
        for (int32_t i = 0; i < n; ++i) {
            const double t = coef * q[i] * fall[i];
            const double theta = halfStep * t / m[i];
            const double d = 1.0 + theta * theta;
            const double mx = (vx[i] + theta * vy[i]) / d;
            const double my = (vy[i] - theta * vx[i]) / d;
            fx[i] = t * my;
            fy[i] = -(t * mx);
        }
        break;
    case sdField_vortex: {
        const double cV = -100.0 * coef;
        SD_VECTORIZE
        for (int32_t i = 0; i < n; ++i) {
            const double t = cV * fall[i] / r[i] / m[i];
            const bool centre = !(r[i] > 0.0);
            fx[i] = centre ? 0.0 : t * y[i];
            fy[i] = centre ? 0.0 : -(t * x[i]);
        }
        break;
    }
    case sdField_drag: {
        // F = −c·(v − u), c = S·fall, at the implicit midpoint velocity under this field alone: divided by
        // 1 + h·c/(2m), so the relative velocity decays by (1 − g)/(1 + g) per substep (g = h·c/(2m)), never
        // overshooting or diverging however strong the drag. Negative strength (a push) stays explicit.
        const double ux = 100.0 * p.directionX, uy = 100.0 * p.directionY;
        for (int32_t i = 0; i < n; ++i) {
            const double drag = coef * fall[i];
            const double g = halfStep * drag / m[i];
            const double t = -drag / (1.0 + (g > 0.0 ? g : 0.0));
            fx[i] = t * (vx[i] - ux);
            fy[i] = t * (vy[i] - uy);
        }
        break;
    }
    case sdField_noise:
    case sdField_turbulence: {
        const double f = sd_noise_frequency(p.smoothness);
        const double perPoint = f / 100.0;
        const double w = fmod(f * field->phase, 256.0); // the noise repeats along (256, 256, 256)
        double* restrict nx = c->nx;
        double* restrict ny = c->ny;
        double* restrict nz = c->nz;
        for (int32_t i = 0; i < n; ++i) {
            nx[i] = perPoint * x[i] + w;
            ny[i] = perPoint * y[i] + w;
            nz[i] = w;
        }
        sd_noise_force(n, nx, ny, nz, fx, fy);
        if (field->kind == sdField_noise) {
            const double cN = 100.0 * coef;
            for (int32_t i = 0; i < n; ++i) {
                const double t = cN * fall[i];
                fx[i] = t * fx[i];
                fy[i] = t * fy[i];
            }
        } else {
            const double cT = coef / 100.0;
            for (int32_t i = 0; i < n; ++i) {
                const double t = cT * fall[i] * m[i] * (vx[i] * vx[i] + vy[i] * vy[i]);
                fx[i] = t * fx[i];
                fy[i] = t * fy[i];
            }
        }
        break;
    }
    case sdField_velocity:
    case sdField_custom:
        for (int32_t i = 0; i < n; ++i) {
            fx[i] = 0.0;
            fy[i] = 0.0;
        }
        break;
    }
}

static void sd_field_law_generic(const sdField* field, double h, int32_t n, sdFieldChunk* c) {
    sd_field_law_body(field, h, n, c);
}

#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_field_law_avx2(const sdField* field, double h, int32_t n, sdFieldChunk* c) {
    sd_field_law_body(field, h, n, c);
}
#endif

void sd_field_law(const sdField* field, double h, int32_t n, sdFieldChunk* c) {
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx2()) {
        sd_field_law_avx2(field, h, n, c);
        return;
    }
#endif
    sd_field_law_generic(field, h, n, c);
}

/// Gathers n members into the chunk: body slots, sample positions x + v·half (world coordinates), velocities,
/// masses (0 for static bodies), charges, awake flags, and the force sums so far.
SD_INLINE void sd_gather(const sdWorld* world, const sdFieldSet* set, const sdFieldMember* restrict members,
                         int32_t n, double half, sdFieldChunk* restrict c) {
    const double* restrict x = world->x;
    const double* restrict y = world->y;
    const double* restrict vx = world->vx;
    const double* restrict vy = world->vy;
    const double* restrict invMass = world->invMass;
    const double* restrict charge = world->charge;
    const uint8_t* restrict awake = world->awake;
    const double* restrict forceX = set->forceX;
    const double* restrict forceY = set->forceY;
    for (int32_t k = 0; k < n; ++k) c->body[k] = members[k].body;
    for (int32_t k = 0; k < n; ++k) {
        const int32_t b = c->body[k];
        c->vx[k] = vx[b];
        c->vy[k] = vy[b];
        c->sx[k] = x[b] + half * c->vx[k];
        c->sy[k] = y[b] + half * c->vy[k];
        c->mass[k] = invMass[b];
        c->charge[k] = charge[b];
        c->awake[k] = awake[b];
        c->sumX[k] = forceX[b];
        c->sumY[k] = forceY[b];
    }
    for (int32_t k = 0; k < n; ++k) c->mass[k] = c->mass[k] > 0.0 ? 1.0 / c->mass[k] : 0.0;
    c->hasLocal = false;
    c->hasDistance = false;
}

/// Positions relative to the field (kept, with their distances, when the previous field of a run sat at the same
/// point), and inside[k] = 1 for the bodies the field acts on (awake, in the region).
SD_INLINE void sd_localize(sdFieldSet* set, const sdField* field, int32_t n, sdFieldChunk* restrict c) {
    const double px = field->params.x, py = field->params.y;
    if (!c->hasLocal || px != c->localX || py != c->localY) {
        for (int32_t k = 0; k < n; ++k) {
            c->x[k] = c->sx[k] - px;
            c->y[k] = c->sy[k] - py;
        }
        c->hasLocal = true;
        c->hasDistance = false;
        c->localX = px;
        c->localY = py;
    }
    if (field->region == NULL) {
        for (int32_t k = 0; k < n; ++k) c->inside[k] = c->awake[k];
        return;
    }
    const uint8_t* restrict region = sd_region_mask(field->region, field->regionCount, n, c->x, c->y, set->masks);
    for (int32_t k = 0; k < n; ++k) c->inside[k] = c->awake[k] & region[k];
}

/// One chunk of a run of force fields that share their members: one gather, then per field the local
/// positions, region and law added to the sums in slot order (exactly as one field after the other would), one
/// scatter.
SD_INLINE void sd_group_chunk_body(const sdWorld* world, sdFieldSet* set, int32_t first, int32_t end,
                                   const sdFieldMember* members, int32_t n, double h, double half) {
    sdFieldChunk* restrict c = set->chunk;
    sd_gather(world, set, members, n, half, c);
    for (int32_t f = first; f < end; ++f) {
        const sdField* field = &set->fields[f];
        if (fabs(field->params.strength) < SD_FIELD_EPSILON) continue;
        sd_localize(set, field, n, c);
        sd_field_law_body(field, h, n, c);
        SD_VECTORIZE
        for (int32_t k = 0; k < n; ++k) {
            const bool acts = c->inside[k] != 0;
            c->sumX[k] = c->sumX[k] + (acts ? c->fx[k] : 0.0);
            c->sumY[k] = c->sumY[k] + (acts ? c->fy[k] : 0.0);
        }
    }
    double* restrict forceX = set->forceX;
    double* restrict forceY = set->forceY;
    for (int32_t k = 0; k < n; ++k) {
        const int32_t b = c->body[k];
        forceX[b] = c->sumX[k];
        forceY[b] = c->sumY[k];
    }
}

static void sd_group_chunk_generic(const sdWorld* world, sdFieldSet* set, int32_t first, int32_t end,
                                   const sdFieldMember* members, int32_t n, double h, double half) {
    sd_group_chunk_body(world, set, first, end, members, n, h, half);
}

#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_group_chunk_avx2(const sdWorld* world, sdFieldSet* set, int32_t first, int32_t end,
                                               const sdFieldMember* members, int32_t n, double h, double half) {
    sd_group_chunk_body(world, set, first, end, members, n, h, half);
}
#endif

/// The force fields in slots [first, end), which share the member list of `first`.
static void sd_field_group(const sdWorld* world, sdFieldSet* set, int32_t first, int32_t end, double h, double half) {
    const sdField* lead = &set->fields[first];
#if SD_AVX2_DISPATCH
    const bool avx2 = sd_cpu_has_avx2();
#endif
    for (int32_t start = 0; start < lead->memberCount; start += SD_FIELD_CHUNK) {
        const int32_t left = lead->memberCount - start;
        const int32_t n = left < SD_FIELD_CHUNK ? left : SD_FIELD_CHUNK;
#if SD_AVX2_DISPATCH
        if (avx2) {
            sd_group_chunk_avx2(world, set, first, end, lead->members + start, n, h, half);
            continue;
        }
#endif
        sd_group_chunk_generic(world, set, first, end, lead->members + start, n, h, half);
    }
}

/// Gathers and localizes the chunk of `field`'s members starting at `start` (velocity and custom fields); returns
/// its length.
static int32_t sd_load_chunk(const sdWorld* world, sdFieldSet* set, const sdField* field, int32_t start, double half) {
    const int32_t left = field->memberCount - start;
    const int32_t n = left < SD_FIELD_CHUNK ? left : SD_FIELD_CHUNK;
    sd_gather(world, set, field->members + start, n, half, set->chunk);
    sd_localize(set, field, n, set->chunk);
    return n;
}

/// A velocity field: the bodies inside take its velocity (summed over the velocity fields containing them).
static void sd_velocity_field(const sdWorld* world, sdFieldSet* set, const sdField* field, double half) {
    sdFieldChunk* restrict c = set->chunk;
    double* restrict velocityX = set->velocityX;
    double* restrict velocityY = set->velocityY;
    uint8_t* restrict setsVelocity = set->setsVelocity;
    const double ux = 100.0 * field->params.directionX, uy = 100.0 * field->params.directionY;
    for (int32_t start = 0; start < field->memberCount; start += SD_FIELD_CHUNK) {
        const int32_t n = sd_load_chunk(world, set, field, start, half);
        for (int32_t k = 0; k < n; ++k) {
            if (!c->inside[k]) continue;
            const int32_t b = c->body[k];
            velocityX[b] += ux;
            velocityY[b] += uy;
            setsVelocity[b] = 1;
        }
    }
}

/// A custom field: the bodies inside its region go to the evaluator in one call; its forces are added back.
static void sd_custom_field(const sdWorld* world, sdFieldSet* set, const sdField* field, double h, double half) {
    sdFieldChunk* restrict c = set->chunk;
    const int32_t capacity = set->batchCapacity;
    double* bx = set->batch;
    double* by = bx + capacity;
    double* bvx = by + capacity;
    double* bvy = bvx + capacity;
    double* bm = bvy + capacity;
    double* bq = bm + capacity;
    double* bfx = bq + capacity;
    double* bfy = bfx + capacity;
    int32_t count = 0;
    for (int32_t start = 0; start < field->memberCount; start += SD_FIELD_CHUNK) {
        const int32_t n = sd_load_chunk(world, set, field, start, half);
        for (int32_t k = 0; k < n; ++k) {
            if (!c->inside[k]) continue;
            bx[count] = c->x[k];
            by[count] = c->y[k];
            bvx[count] = c->vx[k];
            bvy[count] = c->vy[k];
            bm[count] = c->mass[k];
            bq[count] = c->charge[k];
            bfx[count] = 0.0;
            bfy[count] = 0.0;
            set->batchBody[count] = c->body[k];
            count += 1;
        }
    }
    if (count == 0) return;
    const sdFieldBatch batch = {count, bx, by, bvx, bvy, bm, bq, h, field->time, bfx, bfy};
    field->evaluator(field->evaluatorContext, &batch);
    for (int32_t k = 0; k < count; ++k) {
        const int32_t b = set->batchBody[k];
        set->forceX[b] += isfinite(bfx[k]) ? bfx[k] : 0.0;
        set->forceY[b] += isfinite(bfy[k]) ? bfy[k] : 0.0;
    }
}

/// Zeroes the sums of every member body: whole arrays when the members are many, member by member otherwise.
static void sd_clear_sums(const sdWorld* world, sdFieldSet* set) {
    int32_t members = 0;
    for (int32_t f = 0; f < set->slotCount; ++f) members += set->alive[f] ? set->fields[f].memberCount : 0;
    const int32_t n = world->slotCount;
    if (members >= n / 4) {
        memset(set->forceX, 0, (size_t)n * sizeof(double));
        memset(set->forceY, 0, (size_t)n * sizeof(double));
        if (set->hasVelocityField) {
            memset(set->velocityX, 0, (size_t)n * sizeof(double));
            memset(set->velocityY, 0, (size_t)n * sizeof(double));
            memset(set->setsVelocity, 0, (size_t)n);
        }
        return;
    }
    double* restrict forceX = set->forceX;
    double* restrict forceY = set->forceY;
    double* restrict velocityX = set->velocityX;
    double* restrict velocityY = set->velocityY;
    uint8_t* restrict setsVelocity = set->setsVelocity;
    for (int32_t f = 0; f < set->slotCount; ++f) {
        if (!set->alive[f]) continue;
        const sdFieldMember* restrict m = set->fields[f].members;
        for (int32_t k = 0; k < set->fields[f].memberCount; ++k) {
            const int32_t b = m[k].body;
            forceX[b] = 0.0;
            forceY[b] = 0.0;
            velocityX[b] = 0.0;
            velocityY[b] = 0.0;
            setsVelocity[b] = 0;
        }
    }
}

void sd_fields_apply(sdWorld* world, double h) {
    sdFieldSet* set = world->fields;
    if (set == NULL || set->count == 0) return;
    const double start = sd_now();
    sd_clear_sums(world, set);
    // The analytic model's trapezoidal position update completes a drift–kick–drift leapfrog when the force is
    // sampled half a substep ahead; the UIKit-compatible model (symplectic Euler) samples where the body is.
    const double half = world->springModel == sdSpringModel_analytic ? 0.5 * h : 0.0;
    for (int32_t f = 0; f < set->slotCount;) {
        const sdField* field = &set->fields[f];
        if (!set->alive[f] || field->memberCount == 0) {
            f += 1;
        } else if (field->kind == sdField_custom || field->kind == sdField_velocity) {
            if (fabs(field->params.strength) >= SD_FIELD_EPSILON) {
                if (field->kind == sdField_custom) {
                    sd_custom_field(world, set, field, h, half);
                } else {
                    sd_velocity_field(world, set, field, half);
                }
            }
            f += 1;
        } else {
            sd_field_group(world, set, f, set->groupEnd[f], h, half);
            f = set->groupEnd[f];
        }
    }
    for (int32_t f = 0; f < set->slotCount; ++f) {
        if (!set->alive[f]) continue;
        set->fields[f].phase += h * set->fields[f].params.animationSpeed;
        set->fields[f].time += h;
    }
    set->seconds += sd_now() - start;
}

sdFieldOutput sd_field_output(const sdWorld* world) {
    sdFieldOutput out = {NULL, NULL, NULL, NULL, NULL};
    const sdFieldSet* set = world->fields;
    if (set == NULL || set->count == 0) return out;
    out.forceX = set->forceX;
    out.forceY = set->forceY;
    if (set->hasVelocityField) {
        out.velocityX = set->velocityX;
        out.velocityY = set->velocityY;
        out.setsVelocity = set->setsVelocity;
    }
    return out;
}
