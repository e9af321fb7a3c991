// Islands of one body held only by springs (spring-dragged collection-view cells, springy layouts): with λ_i = g_i − a_i·J_i·v⁺ for
// each spring row (the same soft-row law as the general solve), v⁺ = v* + M⁻¹ Σ J_iᵀλ_i becomes a 3 × 3 system in
// the body's own velocity — 2 × 2 when every spring holds the centre — whatever the number of springs.
#include "sd_solve.h"

#pragma STDC FP_CONTRACT OFF

/// One body held only by springs: with λ_i = g_i − a_i·J_i·v⁺ for each spring row (the same soft-row law as
/// the general solve), v⁺ = v* + M⁻¹ Σ J_iᵀλ_i becomes the 3 × 3 system (M + Σ a_i J_iᵀJ_i)·v⁺ = M·v* + Σ J_iᵀg_i,
/// whatever the number of springs. Reads only the contiguous hot spring rows and the body's arrays.
static inline void sd_solve_single_body(sdWorld* world, const sdIsland* island, double h, bool trapezoidal) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t b = island->firstBody;
    const double im = world->invMass[b], ii = world->invInertia[b];
    const double c = cos(world->angle[b]), sn = sin(world->angle[b]);
    const double m = 1.0 / im;
    const double inertia = ii > 0.0 ? 1.0 / ii : 0.0;
    const double bx = world->x[b], by = world->y[b];
    // Symmetric A (upper triangle) and right-hand side.
    double a11 = m, a12 = 0.0, a13 = 0.0, a22 = m, a23 = 0.0, a33 = ii > 0.0 ? inertia : 1.0;
    double r1 = m * world->vx[b], r2 = m * world->vy[b], r3 = ii > 0.0 ? inertia * world->w[b] : world->w[b];
    const double v0x = s->v0x[b], v0y = s->v0y[b], w0 = s->w0[b];
    const sdSpringRow* rows = s->springs + island->springStart;
    for (int32_t p = 0; p < island->rowCount; ++p) {
        const sdSpringRow* spring = &rows[p];
        const double rx = c * spring->localX - sn * spring->localY, ry = sn * spring->localX + c * spring->localY;
        double ox = spring->otherX, oy = spring->otherY;
        if (spring->otherBody >= 0) { // a static body: its anchor moves with it
            double orx, ory;
            sd_anchor_world(world, spring->otherBody, spring->otherX, spring->otherY, &ox, &oy, &orx, &ory);
        }
        const double dx = bx + rx - ox, dy = by + ry - oy;
        double ex, ey, error;
        if (spring->type == sdRow_distance) {
            const double length = sqrt(dx * dx + dy * dy);
            const double inverse = length > 1e-12 ? 1.0 / length : 0.0;
            ex = length > 1e-12 ? dx * inverse : 1.0;
            ey = length > 1e-12 ? dy * inverse : 0.0;
            error = length - spring->length;
        } else {
            ex = spring->type == sdRow_pointX ? 1.0 : 0.0;
            ey = 1.0 - ex;
            error = dx * ex + dy * ey;
        }
        const double jw = rx * ey - ry * ex;
        const double inverseK = im * (ex * ex + ey * ey) + ii * jw * jw;
        const double effectiveMass = 1.0 / inverseK;
        const double kappa = spring->kappa, eta = spring->eta;
        const double a = effectiveMass * (trapezoidal ? h * h * kappa / 4.0 + h * eta / 2.0 : h * h * kappa + h * eta);
        const double u0 = ex * v0x + ey * v0y + jw * w0;
        const double g = -h * effectiveMass * kappa * error - (trapezoidal ? a * u0 : 0.0);
        a11 += a * ex * ex;
        a12 += a * ex * ey;
        a22 += a * ey * ey;
        r1 += ex * g;
        r2 += ey * g;
        a13 += a * ex * jw;
        a23 += a * ey * jw;
        a33 += a * jw * jw;
        r3 += jw * g;
    }
    if (!(ii > 0.0)) { // no rotation: the angular unknown stays as it is
        a13 = a23 = 0.0;
        a33 = 1.0;
        r3 = world->w[b];
    }
    // Cholesky of the 3 × 3 SPD matrix, then the two triangular solves.
    const double l11 = sqrt(a11);
    const double l21 = a12 / l11, l31 = a13 / l11;
    const double l22 = sqrt(a22 - l21 * l21);
    const double l32 = (a23 - l31 * l21) / l22;
    const double l33 = sqrt(a33 - l31 * l31 - l32 * l32);
    const double y1 = r1 / l11;
    const double y2 = (r2 - l21 * y1) / l22;
    const double y3 = (r3 - l31 * y1 - l32 * y2) / l33;
    const double z3 = y3 / l33;
    const double z2 = (y2 - l32 * z3) / l22;
    const double z1 = (y1 - l21 * z2 - l31 * z3) / l11;
    world->vx[b] = z1;
    world->vy[b] = z2;
    world->w[b] = z3;
}

/// A single-body island whose springs all hold the body's centre (spring-dragged cells): no lever arms, so the
/// angular unknown decouples, every row's effective mass is the body's mass, and the system is 2 × 2. `count`
/// springs from `rows`: islands solved one by one (sd_centred_lanes below runs the same operations across bodies).
SD_INLINE void sd_centred_body(const double* restrict invMass, const double* restrict x, const double* restrict y,
                               const double* restrict v0xs, const double* restrict v0ys, const double* restrict vx,
                               const double* restrict vy, int32_t b, const sdSpringRow* restrict rows, int32_t count,
                               double h, bool trapezoidal, double* restrict outX, double* restrict outY) {
    const double m = 1.0 / invMass[b];
    const double bx = x[b], by = y[b];
    const double v0x = v0xs[b], v0y = v0ys[b];
    double a11 = m, a12 = 0.0, a22 = m;
    double r1 = m * vx[b], r2 = m * vy[b];
    for (int32_t p = 0; p < count; ++p) {
        const sdSpringRow* spring = &rows[p];
        const double dx = bx - spring->otherX, dy = by - spring->otherY;
        const bool distance = spring->type == sdRow_distance;
        const double length = sqrt(dx * dx + dy * dy);
        const bool degenerate = !(length > 1e-12);
        const double inverse = degenerate ? 0.0 : 1.0 / length;
        const double px = spring->type == sdRow_pointX ? 1.0 : 0.0;
        const double ex = distance ? (degenerate ? 1.0 : dx * inverse) : px;
        const double ey = distance ? (degenerate ? 0.0 : dy * inverse) : 1.0 - px;
        const double error = distance ? length - spring->length : dx * ex + dy * ey;
        const double kappa = spring->kappa, eta = spring->eta;
        const double a = m * (trapezoidal ? h * h * kappa / 4.0 + h * eta / 2.0 : h * h * kappa + h * eta);
        const double g = -h * m * kappa * error - (trapezoidal ? a * (ex * v0x + ey * v0y) : 0.0);
        a11 += a * ex * ex;
        a12 += a * ex * ey;
        a22 += a * ey * ey;
        r1 += ex * g;
        r2 += ey * g;
    }
    const double inverseDeterminant = 1.0 / (a11 * a22 - a12 * a12);
    *outX = (a22 * r1 - a12 * r2) * inverseDeterminant;
    *outY = (a11 * r2 - a12 * r1) * inverseDeterminant;
}

static inline void sd_solve_centred_body(sdWorld* world, const sdIsland* island, double h, bool trapezoidal) {
    const sdSolverScratch* s = &world->scratch;
    const int32_t b = island->firstBody;
    double vx, vy;
    sd_centred_body(world->invMass, world->x, world->y, s->v0x, s->v0y, world->vx, world->vy, b,
                    s->springs + island->springStart, island->rowCount, h, trapezoidal, &vx, &vy);
    world->vx[b] = vx;
    world->vy[b] = vy;
}

/// One chunk of `n` centred islands of `springs` springs each, many bodies per instruction, straight from the
/// layout's lanes (`lanes`: this chunk's fields, sdLane_* order) and the bodies' arrays from lane 0 (in place when
/// the bodies are consecutive slots, else gathered copies). The operations are those of sd_centred_body in the same
/// order (FP_CONTRACT is off in this file), so every copy and the one-island path give the same bits. With
/// `allDistance` (a constant) the row-type choice folds away.
SD_INLINE void sd_centred_lanes(const double* restrict invMass, const double* restrict x, const double* restrict y,
                                const double* restrict v0x, const double* restrict v0y, double* restrict vx,
                                double* restrict vy, const double* restrict lanes, int32_t n, int32_t springs,
                                bool allDistance, double h, bool trapezoidal) {
    // Spring by spring over the lanes (a loop over the lanes inside one over the springs vectorises; the other way
    // round it does not), the sums in arrays that stay in L1.
    double m[SD_BODY_CHUNK], a11[SD_BODY_CHUNK], a12[SD_BODY_CHUNK], a22[SD_BODY_CHUNK], r1[SD_BODY_CHUNK];
    double r2[SD_BODY_CHUNK];
    for (int32_t q = 0; q < n; ++q) {
        m[q] = 1.0 / invMass[q];
        a11[q] = m[q];
        a12[q] = 0.0;
        a22[q] = m[q];
        r1[q] = m[q] * vx[q];
        r2[q] = m[q] * vy[q];
    }
    for (int32_t p = 0; p < springs; ++p) {
        const double* restrict spring = lanes + (size_t)p * sdLaneFields * SD_BODY_CHUNK;
        const double* restrict ox = spring + sdLane_otherX * SD_BODY_CHUNK;
        const double* restrict oy = spring + sdLane_otherY * SD_BODY_CHUNK;
        const double* restrict len = spring + sdLane_length * SD_BODY_CHUNK;
        const double* restrict kappa = spring + sdLane_kappa * SD_BODY_CHUNK;
        const double* restrict eta = spring + sdLane_eta * SD_BODY_CHUNK;
        const double* restrict distance = spring + sdLane_distance * SD_BODY_CHUNK;
        const double* restrict pointX = spring + sdLane_pointX * SD_BODY_CHUNK;
        for (int32_t q = 0; q < n; ++q) {
            const double dx = x[q] - ox[q], dy = y[q] - oy[q];
            const bool isDistance = allDistance || distance[q] != 0.0;
            const double px = allDistance ? 0.0 : pointX[q];
            const double length = sqrt(dx * dx + dy * dy);
            const bool degenerate = !(length > 1e-12);
            const double inverse = degenerate ? 0.0 : 1.0 / length;
            const double ex = isDistance ? (degenerate ? 1.0 : dx * inverse) : px;
            const double ey = isDistance ? (degenerate ? 0.0 : dy * inverse) : 1.0 - px;
            const double error = isDistance ? length - len[q] : dx * ex + dy * ey;
            const double mq = m[q], k = kappa[q], c = eta[q];
            const double a = mq * (trapezoidal ? h * h * k / 4.0 + h * c / 2.0 : h * h * k + h * c);
            const double g = -h * mq * k * error - (trapezoidal ? a * (ex * v0x[q] + ey * v0y[q]) : 0.0);
            a11[q] += a * ex * ex;
            a12[q] += a * ex * ey;
            a22[q] += a * ey * ey;
            r1[q] += ex * g;
            r2[q] += ey * g;
        }
    }
    for (int32_t q = 0; q < n; ++q) {
        const double inverseDeterminant = 1.0 / (a11[q] * a22[q] - a12[q] * a12[q]);
        vx[q] = (a22[q] * r1[q] - a12[q] * r2[q]) * inverseDeterminant;
        vy[q] = (a11[q] * r2[q] - a12[q] * r1[q]) * inverseDeterminant;
    }
}

/// One chunk: in place when its bodies are consecutive slots; otherwise gathered into contiguous copies, solved,
/// and scattered back (every body is in one island, so the lanes never write the same body).
SD_INLINE void sd_centred_chunk(sdWorld* world, const int32_t* restrict bodies, const double* restrict lanes,
                                int32_t n, int32_t springs, uint8_t flags, double h, bool trapezoidal) {
    const sdSolverScratch* s = &world->scratch;
    const bool allDistance = (flags & sdChunk_allDistance) != 0;
    if (flags & sdChunk_consecutive) {
        const int32_t b = bodies[0];
        if (allDistance) {
            sd_centred_lanes(world->invMass + b, world->x + b, world->y + b, s->v0x + b, s->v0y + b, world->vx + b,
                             world->vy + b, lanes, n, springs, true, h, trapezoidal);
        } else {
            sd_centred_lanes(world->invMass + b, world->x + b, world->y + b, s->v0x + b, s->v0y + b, world->vx + b,
                             world->vy + b, lanes, n, springs, false, h, trapezoidal);
        }
        return;
    }
    double invMass[SD_BODY_CHUNK], x[SD_BODY_CHUNK], y[SD_BODY_CHUNK], v0x[SD_BODY_CHUNK], v0y[SD_BODY_CHUNK];
    double vx[SD_BODY_CHUNK], vy[SD_BODY_CHUNK];
    for (int32_t q = 0; q < n; ++q) {
        const int32_t b = bodies[q];
        invMass[q] = world->invMass[b];
        x[q] = world->x[b];
        y[q] = world->y[b];
        v0x[q] = s->v0x[b];
        v0y[q] = s->v0y[b];
        vx[q] = world->vx[b];
        vy[q] = world->vy[b];
    }
    if (allDistance) {
        sd_centred_lanes(invMass, x, y, v0x, v0y, vx, vy, lanes, n, springs, true, h, trapezoidal);
    } else {
        sd_centred_lanes(invMass, x, y, v0x, v0y, vx, vy, lanes, n, springs, false, h, trapezoidal);
    }
    for (int32_t q = 0; q < n; ++q) {
        world->vx[bodies[q]] = vx[q];
        world->vy[bodies[q]] = vy[q];
    }
}

/// Whether a contact island holds any lane of the chunk this step (then it is solved there, not here).
static bool sd_chunk_held(const sdSolverScratch* s, const int32_t* islands, int32_t n) {
    for (int32_t q = 0; q < n; ++q)
        if (s->islands[islands[q]].owner >= 0) return true;
    return false;
}

/// The chunks of one batch (`springs` springs an island, lanes from `first`, chunk flags from `chunk`). With
/// contact islands this step, a chunk holding an island one of them owns goes island by island instead.
SD_INLINE void sd_centred_batch_body(sdWorld* world, int32_t first, int32_t count, int32_t chunk, size_t lanes,
                                     int32_t springs, double h, bool trapezoidal) {
    const sdSolverScratch* s = &world->scratch;
    const bool contacts = world->collision.contactIslandCount > 0;
    const size_t chunkSize = (size_t)springs * sdLaneFields * SD_BODY_CHUNK;
    for (int32_t start = 0; start < count; start += SD_BODY_CHUNK, ++chunk, lanes += chunkSize) {
        const int32_t n = count - start < SD_BODY_CHUNK ? count - start : SD_BODY_CHUNK;
        const int32_t* islands = s->batchIslands + first + start;
        if (contacts && sd_chunk_held(s, islands, n)) {
            for (int32_t q = 0; q < n; ++q) {
                const sdIsland* island = &s->islands[islands[q]];
                if (island->owner < 0) sd_solve_centred_body(world, island, h, trapezoidal);
            }
            continue;
        }
        sd_centred_chunk(world, s->batchBodies + first + start, s->lanes + lanes, n, springs, s->chunkFlags[chunk],
                         h, trapezoidal);
    }
}

static void sd_centred_batch_generic(sdWorld* world, int32_t first, int32_t count, int32_t chunk, size_t lanes,
                                     int32_t springs, double h, bool trapezoidal) {
    if (springs == 4) sd_centred_batch_body(world, first, count, chunk, lanes, 4, h, trapezoidal);
    else sd_centred_batch_body(world, first, count, chunk, lanes, 1, h, trapezoidal);
}
#if SD_AVX2_DISPATCH
SD_TARGET_AVX2 static void sd_centred_batch_avx2(sdWorld* world, int32_t first, int32_t count, int32_t chunk,
                                                 size_t lanes, int32_t springs, double h, bool trapezoidal) {
    if (springs == 4) sd_centred_batch_body(world, first, count, chunk, lanes, 4, h, trapezoidal);
    else sd_centred_batch_body(world, first, count, chunk, lanes, 1, h, trapezoidal);
}
SD_TARGET_AVX512 static void sd_centred_batch_avx512(sdWorld* world, int32_t first, int32_t count, int32_t chunk,
                                                     size_t lanes, int32_t springs, double h, bool trapezoidal) {
    if (springs == 4) sd_centred_batch_body(world, first, count, chunk, lanes, 4, h, trapezoidal);
    else sd_centred_batch_body(world, first, count, chunk, lanes, 1, h, trapezoidal);
}
#endif

/// One batch through the widest copy the processor runs.
static void sd_centred_batch(sdWorld* world, int32_t first, int32_t count, int32_t chunk, size_t lanes,
                             int32_t springs, double h, bool trapezoidal) {
    if (count == 0) return;
#if SD_AVX2_DISPATCH
    if (sd_cpu_has_avx512()) {
        sd_centred_batch_avx512(world, first, count, chunk, lanes, springs, h, trapezoidal);
        return;
    }
    if (sd_cpu_has_avx2()) {
        sd_centred_batch_avx2(world, first, count, chunk, lanes, springs, h, trapezoidal);
        return;
    }
#endif
    sd_centred_batch_generic(world, first, count, chunk, lanes, springs, h, trapezoidal);
}

/// Chunks of a batch of `count` lanes.
static int32_t sd_chunks(int32_t count) { return (count + SD_BODY_CHUNK - 1) / SD_BODY_CHUNK; }

void sd_solve_body_space_islands(sdWorld* world, double h) {
    sdSolverScratch* s = &world->scratch;
    if (s->springCount == 0) return;
    if (s->springStep != h) {
        for (int32_t k = 0; k < s->springCount; ++k) {
            sdSpringRow* spring = &s->springs[k];
            sd_joint_spring_coefficients(world, &world->joints[spring->joint], h, &spring->kappa, &spring->eta);
            if (s->springLane[k] >= 0) {
                s->lanes[s->springLane[k] + sdLane_kappa * SD_BODY_CHUNK] = spring->kappa;
                s->lanes[s->springLane[k] + sdLane_eta * SD_BODY_CHUNK] = spring->eta;
            }
        }
        s->springStep = h;
    }
    const bool trapezoidal = world->springModel == sdSpringModel_analytic;
    // Centred islands of four springs (the drag) or one (springy layouts) in batches across bodies; the rest one
    // by one. An island held by a contact island is solved there.
    for (int32_t k = 0; k < s->singleCount; ++k) {
        const sdIsland* island = &s->islands[s->singleIslands[k]];
        if (island->owner >= 0) continue;
        if (island->centred) sd_solve_centred_body(world, island, h, trapezoidal);
        else sd_solve_single_body(world, island, h, trapezoidal);
    }
    const int32_t chunks0 = sd_chunks(s->batchCount[0]);
    sd_centred_batch(world, 0, s->batchCount[0], 0, 0, 4, h, trapezoidal);
    sd_centred_batch(world, s->islandCount, s->batchCount[1], chunks0,
                     (size_t)chunks0 * 4 * sdLaneFields * SD_BODY_CHUNK, 1, h, trapezoidal);
}

/// The batches of a layout: which islands, their lanes' fields, and each chunk's flags.
static void sd_build_batches(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    s->batchCount[0] = s->batchCount[1] = s->singleCount = 0;
    for (int32_t k = 0; k < s->springCount; ++k) s->springLane[k] = -1;
    for (int32_t k = 0; k < s->islandCount; ++k) {
        const sdIsland* island = &s->islands[k];
        if (island->path != sdSolvePath_singleBody) continue;
        if (island->centred && (island->rowCount == 4 || island->rowCount == 1)) {
            const int which = island->rowCount == 4 ? 0 : 1;
            const int32_t lane = (which == 0 ? 0 : s->islandCount) + s->batchCount[which]++;
            s->batchBodies[lane] = island->firstBody;
            s->batchIslands[lane] = k;
        } else {
            s->singleIslands[s->singleCount++] = k;
        }
    }
    int32_t chunk = 0;
    size_t base = 0;
    for (int which = 0; which < 2; ++which) {
        const int32_t springs = which == 0 ? 4 : 1, first = which == 0 ? 0 : s->islandCount;
        const int32_t count = s->batchCount[which];
        for (int32_t start = 0; start < count; start += SD_BODY_CHUNK, ++chunk) {
            const int32_t n = count - start < SD_BODY_CHUNK ? count - start : SD_BODY_CHUNK;
            uint8_t flags = sdChunk_consecutive | sdChunk_allDistance;
            for (int32_t q = 0; q < n; ++q) {
                const int32_t lane = first + start + q;
                if (s->batchBodies[lane] != s->batchBodies[first + start] + q) flags &= (uint8_t)~sdChunk_consecutive;
                const int32_t springStart = s->islands[s->batchIslands[lane]].springStart;
                for (int32_t p = 0; p < springs; ++p) {
                    const sdSpringRow* spring = &s->springs[springStart + p];
                    double* field = s->lanes + base + (size_t)p * sdLaneFields * SD_BODY_CHUNK + q;
                    field[sdLane_otherX * SD_BODY_CHUNK] = spring->otherX;
                    field[sdLane_otherY * SD_BODY_CHUNK] = spring->otherY;
                    field[sdLane_length * SD_BODY_CHUNK] = spring->length;
                    field[sdLane_kappa * SD_BODY_CHUNK] = 0.0; // set with the rows' at the first solve
                    field[sdLane_eta * SD_BODY_CHUNK] = 0.0;
                    field[sdLane_distance * SD_BODY_CHUNK] = spring->type == sdRow_distance ? 1.0 : 0.0;
                    field[sdLane_pointX * SD_BODY_CHUNK] = spring->type == sdRow_pointX ? 1.0 : 0.0;
                    if (spring->type != sdRow_distance) flags &= (uint8_t)~sdChunk_allDistance;
                    s->springLane[springStart + p] = (int64_t)(field - s->lanes);
                }
            }
            s->chunkFlags[chunk] = flags;
            base += (size_t)springs * sdLaneFields * SD_BODY_CHUNK;
        }
    }
}

void sd_build_body_space_rows(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    for (int32_t j = 0; j < world->jointSlotCount; ++j) s->jointSpring[j] = -1;
    int32_t springCount = 0;
    for (int32_t k = 0; k < s->islandCount; ++k) {
        sdIsland* island = &s->islands[k];
        if (island->path != sdSolvePath_singleBody) continue;
        island->springStart = springCount;
        island->centred = true;
        for (int32_t p = island->rowStart; p < island->rowStart + island->rowCount; ++p) {
            const int32_t r = s->sortIndex[p];
            const int32_t j = s->rowJoint[r];
            const sdJoint* joint = &world->joints[j];
            sdSpringRow* spring = &s->springs[springCount];
            const bool bodyIsA = joint->bodyA == island->firstBody;
            spring->body = island->firstBody;
            spring->joint = j;
            spring->type = s->rowType[r];
            spring->localX = bodyIsA ? joint->localAX : joint->localBX;
            spring->localY = bodyIsA ? joint->localAY : joint->localBY;
            spring->otherBody = bodyIsA ? joint->bodyB : joint->bodyA;
            spring->otherX = bodyIsA ? joint->localBX : joint->localAX;
            spring->otherY = bodyIsA ? joint->localBY : joint->localAY;
            spring->length = joint->length;
            if (spring->localX != 0.0 || spring->localY != 0.0 || spring->otherBody >= 0) island->centred = false;
            if (s->jointSpring[j] < 0) s->jointSpring[j] = springCount;
            springCount += 1;
        }
    }
    s->springCount = springCount;
    s->springStep = 0.0;
    sd_build_batches(world);
}
