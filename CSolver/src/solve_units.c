// Solve units: an island, or consecutive islands merged into one block-diagonal band so they take one band
// solve; and the rows of a unit filled at the current positions.
#include "sd_solve.h"

bool sd_island_merges(const sdWorld* world, const sdIsland* island) {
    // Islands held by a contact island this step are solved there, so a run stops at them.
    const bool bandedMode = world->islandSolver == sdIslandSolver_bandedLAPACK;
    return island->owner < 0 && ((island->path == sdSolvePath_banded && island->bandwidth <= sdMergeBandwidth) ||
                                 (bandedMode && island->path == sdSolvePath_kernel));
}

sdIsland sd_next_solve_unit(const sdWorld* world, int32_t* k, sdMergedRun* run) {
    const sdSolverScratch* s = &world->scratch;
    sdIsland unit = s->islands[*k];
    if (!sd_island_merges(world, &unit)) {
        *k += 1;
        return unit;
    }
    if (*k >= run->end) {
        // A new run: its end, and its widest band, which every piece of it is solved with (the band loops then
        // take the same terms as for the run as one band).
        int32_t end = *k + 1, bandwidth = unit.bandwidth;
        while (end < s->islandCount && sd_island_merges(world, &s->islands[end])) {
            if (s->islands[end].bandwidth > bandwidth) bandwidth = s->islands[end].bandwidth;
            end += 1;
        }
        run->end = end;
        run->bandwidth = bandwidth;
    }
    *k += 1;
    while (*k < run->end && unit.rowCount + s->islands[*k].rowCount <= sdUnitRowBudget) {
        unit.rowCount += s->islands[*k].rowCount;
        *k += 1;
    }
    unit.bandwidth = run->bandwidth;
    unit.path = sdSolvePath_banded;
    return unit;
}

/// A row's J·M⁻¹·Jᵀ with its ends' inverse masses and inertias at im[ia], ii[ia] and im[ib], ii[ib] (the world's
/// arrays at its slots, or an island's gathered masses); ends that are not bodies are skipped.
static inline double sd_row_self_coupling_at(const sdRow* row, const double* im, const double* ii, int32_t ia,
                                             int32_t ib) {
    double k = 0.0;
    if (row->a >= 0)
        k += im[ia] * (row->ja[0] * row->ja[0] + row->ja[1] * row->ja[1]) + ii[ia] * row->ja[2] * row->ja[2];
    if (row->b >= 0)
        k += im[ib] * (row->jb[0] * row->jb[0] + row->jb[1] * row->jb[1]) + ii[ib] * row->jb[2] * row->jb[2];
    return k;
}

/// K_rr = J·M⁻¹·Jᵀ of one row: sd_row_coupling(row, row) without its search over end pairs (the same sums in
/// the same order when the two ends differ; a row joining a body to itself takes the general form).
static inline double sd_row_self_coupling(const sdWorld* world, const sdRow* row) {
    if (row->a == row->b) return sd_row_coupling(world, row, row);
    return sd_row_self_coupling_at(row, world->invMass, world->invInertia, row->a, row->b);
}

/// The geometry half of sd_fill_row_at: prefetches 16 rows ahead and fills the Jacobian and error of the row at
/// layout position p (`shared`: by sd_fill_row_geometry_shared, for rows filled on worker threads).
static inline sdRow* sd_fill_row_jacobian(sdWorld* world, int32_t p, int32_t end, bool springs, bool shared) {
    sdSolverScratch* s = &world->scratch;
    // The joints' geometry is copied in layout order (sd_refresh_row_geometry), but their bodies are visited in
    // layout order, not memory order: ask for their positions and rotations 16 rows ahead.
    if (p + 16 < end) {
        const int32_t ahead = s->sortIndex[p + 16];
        const char* record = (const char*)&s->rows[ahead]; // every line of it: the fill writes every field
        SD_PREFETCH(record);
        SD_PREFETCH(record + 64);
        SD_PREFETCH(record + sizeof(sdRow) - 1);
        const sdRowGeometry* g = &s->geometry[ahead];
        sd_prefetch_row_anchors(world, g);
        const int32_t ends[2] = {g->bodyA, g->bodyB};
        for (int k = 0; k < 2; ++k) {
            if (ends[k] < 0) continue;
            SD_PREFETCH(&world->invMass[ends[k]]); // J·M⁻¹·Jᵀ right after the geometry
            SD_PREFETCH(&world->invInertia[ends[k]]);
            if (springs) { // the velocity stage: J·v right after the fill
                SD_PREFETCH(&world->vx[ends[k]]);
                SD_PREFETCH(&world->vy[ends[k]]);
                SD_PREFETCH(&world->w[ends[k]]);
                if (g->springy) { // and a spring's J·v₀ (sd_joint_row_target)
                    SD_PREFETCH(&s->v0x[ends[k]]);
                    SD_PREFETCH(&s->v0y[ends[k]]);
                    SD_PREFETCH(&s->w0[ends[k]]);
                }
            }
        }
    }
    const int32_t r = s->sortIndex[p];
    sdRow* row = &s->rows[r];
    if (shared) sd_fill_row_geometry_shared(world, row, &s->geometry[r], s->rowJoint[r], (sdRowType)s->rowType[r]);
    else sd_fill_row_geometry(world, row, &s->geometry[r], s->rowJoint[r], (sdRowType)s->rowType[r]);
    return row;
}

/// The rest of sd_fill_row_at once the row's Jacobian is filled and its J·M⁻¹·Jᵀ known.
static inline void sd_fill_row_law(sdWorld* world, int32_t p, sdRow* row, double inverseMass, double h, bool springs) {
    sdSolverScratch* s = &world->scratch;
    const int32_t r = s->sortIndex[p];
    // J·M⁻¹·Jᵀ once a fill: the spring law, the immovable-row check and the sparse path's compact rows read it.
    s->rowInverseMass[p] = inverseMass;
    if (springs && !(row->flags & (sdRowFlag_rigid | sdRowFlag_unilateral)) && s->rowType[r] != sdRow_angleFriction)
        sd_fill_row_spring(world, row, h, h == s->rowSpringStep ? &s->rowSpring[2 * r] : NULL, inverseMass);
    if (s->rowType[r] == sdRow_angleFriction) {
        const double bound = world->joints[row->joint].frictionTorque * h;
        row->lo = -bound;
        row->hi = bound;
    }
}

/// The rest of sd_fill_row_at, once the row's Jacobian is filled.
static inline void sd_fill_row_mass(sdWorld* world, int32_t p, sdRow* row, double h, bool springs) {
    sd_fill_row_law(world, p, row, sd_row_self_coupling(world, row), h, springs);
}

sdRow* sd_fill_row_at(sdWorld* world, int32_t p, int32_t end, double h, bool springs) {
    sdRow* row = sd_fill_row_jacobian(world, p, end, springs, false);
    sd_fill_row_mass(world, p, row, h, springs);
    return row;
}

/// sd_fill_rows_at for an island off the sparse path.
static void sd_fill_general_rows_at(sdWorld* world, int32_t p, int32_t count, int32_t end, double h, bool springs) {
    // All the Jacobians first: their square roots and divisions overlap, where each row's J·M⁻¹·Jᵀ right after
    // its Jacobian would wait for them (every row takes the same operations either way).
    sdRow* rows[sdFillBlock];
    for (int32_t q = 0; q < count; ++q) rows[q] = sd_fill_row_jacobian(world, p + q, end, springs, false);
    for (int32_t q = 0; q < count; ++q) sd_fill_row_mass(world, p + q, rows[q], h, springs);
}

void sd_fill_rows(sdWorld* world, const sdIsland* unit, double h, bool springs) {
    const double start = sd_now();
    const int32_t end = unit->rowStart + unit->rowCount;
    for (int32_t p = unit->rowStart; p < end; ++p) sd_fill_row_at(world, p, end, h, springs);
    world->stats.assemblySeconds += sd_now() - start;
}

/// sd_gather_fill_bodies over the island-local bodies [begin, end): each body's own slots and rotation cache.
static void sd_gather_fill_range(void* context, int32_t piece, int32_t begin, int32_t n) {
    (void)piece;
    sdWorld* world = ((void**)context)[0];
    const sdIsland* island = ((void**)context)[1];
    sdSparseState* sp = &world->scratch.sparse;
    const sdSparseIsland* factor = &sp->islands[island->sparse];
    const int32_t* restrict bodies = sp->islandBodies + factor->bodyStart;
    double* restrict cache = sp->bodyVector;
    double* restrict mass = sp->bodyMass;
    // The world's arrays in locals: the rotation cache's updates (and its cos and sin calls) would otherwise
    // make every pointer be read again from the world each body.
    const double* restrict x = world->x;
    const double* restrict y = world->y;
    const double* restrict invMass = world->invMass;
    const double* restrict invInertia = world->invInertia;
    const double* restrict angle = world->angle;
    double* restrict rotationAngle = world->rotationAngle;
    double* restrict rotationCos = world->rotationCos;
    double* restrict rotationSin = world->rotationSin;
    for (int32_t i = begin; i < n; ++i) {
        if (i + 32 < n) { // island-local numbers follow the rows, not the slots: ask well ahead
            const int32_t ahead = bodies[i + 32];
            SD_PREFETCH(&x[ahead]);
            SD_PREFETCH(&y[ahead]);
            SD_PREFETCH(&angle[ahead]);
            SD_PREFETCH(&rotationAngle[ahead]);
            SD_PREFETCH(&rotationCos[ahead]);
            SD_PREFETCH(&rotationSin[ahead]);
            SD_PREFETCH(&invMass[ahead]);
            SD_PREFETCH(&invInertia[ahead]);
        }
        const int32_t b = bodies[i];
        if (rotationAngle[b] != angle[b]) { // sd_rotation's cache, kept up to date as it would be
            rotationCos[b] = cos(angle[b]);
            rotationSin[b] = sin(angle[b]);
            rotationAngle[b] = angle[b];
        }
        cache[4 * i] = x[b];
        cache[4 * i + 1] = y[b];
        cache[4 * i + 2] = rotationCos[b];
        cache[4 * i + 3] = rotationSin[b];
        mass[2 * i] = invMass[b];
        mass[2 * i + 1] = invInertia[b];
    }
}

void sd_gather_fill_bodies(sdWorld* world, const sdIsland* island) {
    const sdSparseIsland* factor = &world->scratch.sparse.islands[island->sparse];
    void* context[2] = {world, (void*)island};
    // Bodies per piece on the workers (an island with tasks: each body is one island-local number, one piece's).
    const int32_t grain = 1024;
    sd_task_pool_range(factor->taskCount > 0 ? world->tasks : NULL, sd_gather_fill_range, context, factor->bodyCount,
                       grain, 1);
}

/// sd_fill_rows_at for a sparse-path island whose bodies were just gathered (sd_gather_fill_bodies): its distance
/// rows between two of its dynamic bodies read them there, walking the cache in the rows' order (`shared`: as
/// sd_fill_rows_at's).
static void sd_fill_sparse_rows_at(sdWorld* world, const sdIsland* island, int32_t p, int32_t count, int32_t end,
                                   double h, bool springs, bool shared) {
    sdSolverScratch* s = &world->scratch;
    const sdSparseState* sp = &s->sparse;
    const double* cache = sp->bodyVector;
    const double* mass = sp->bodyMass;
    sdRow* rows[sdFillBlock];
    const sdCompactRow* ends[sdFillBlock];
    for (int32_t q = 0; q < count; ++q) {
        const int32_t position = p + q, r = s->sortIndex[position];
        const sdCompactRow* c = &sp->compact[island->rowStart + sp->elimination[position]];
        ends[q] = NULL;
        if (s->rowType[r] != sdRow_distance || c->a < 0 || c->b < 0 || c->a == c->b) {
            rows[q] = sd_fill_row_jacobian(world, position, end, springs, shared);
            continue;
        }
        // Both ends are the island's dynamic bodies, in the cache: only the row's record and geometry, scattered
        // by the elimination order, are asked for ahead.
        if (position + 16 < end) {
            const int32_t ahead = s->sortIndex[position + 16];
            const char* record = (const char*)&s->rows[ahead];
            SD_PREFETCH(record);
            SD_PREFETCH(record + 64);
            SD_PREFETCH(record + sizeof(sdRow) - 1);
            const sdRowGeometry* g = &s->geometry[ahead];
            SD_PREFETCH(g);
            if (springs) { // the velocity stage: J·v right after the fill (and a spring's J·v₀)
                const int32_t bodies[2] = {g->bodyA, g->bodyB};
                for (int k = 0; k < 2; ++k) {
                    if (bodies[k] < 0) continue; // the row ahead may end at the world
                    SD_PREFETCH(&world->vx[bodies[k]]);
                    SD_PREFETCH(&world->vy[bodies[k]]);
                    SD_PREFETCH(&world->w[bodies[k]]);
                    if (g->springy) {
                        SD_PREFETCH(&s->v0x[bodies[k]]);
                        SD_PREFETCH(&s->v0y[bodies[k]]);
                        SD_PREFETCH(&s->w0[bodies[k]]);
                    }
                }
            }
        }
        const sdRowGeometry* g = &s->geometry[r];
        sdRowAnchors at;
        sd_cached_anchor(cache + 4 * c->a, g->localAX, g->localAY, &at.ax, &at.ay, &at.rax, &at.ray);
        sd_cached_anchor(cache + 4 * c->b, g->localBX, g->localBY, &at.bx, &at.by, &at.rbx, &at.rby);
        rows[q] = &s->rows[r];
        sd_fill_row_from_anchors(world, rows[q], g, s->rowJoint[r], sdRow_distance, &at);
        ends[q] = c;
    }
    for (int32_t q = 0; q < count; ++q) {
        const sdCompactRow* c = ends[q];
        if (c == NULL) {
            sd_fill_row_mass(world, p + q, rows[q], h, springs);
            continue;
        }
        const double k = sd_row_self_coupling_at(rows[q], mass, mass + 1, 2 * c->a, 2 * c->b);
        sd_fill_row_law(world, p + q, rows[q], k, h, springs);
    }
}

void sd_fill_rows_at(sdWorld* world, const sdIsland* island, int32_t p, double h, bool springs, bool shared) {
    const int32_t end = island->rowStart + island->rowCount;
    const int32_t count = end - p < sdFillBlock ? end - p : sdFillBlock;
    if (island->path == sdSolvePath_sparse) sd_fill_sparse_rows_at(world, island, p, count, end, h, springs, shared);
    else sd_fill_general_rows_at(world, p, count, end, h, springs);
}
