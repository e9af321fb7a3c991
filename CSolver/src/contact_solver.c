// Solving contact islands, each substep, in three stages that mirror the joint solve:
//   velocities   a normal row per contact point, target J·v⁺ ≥ what closes the gap exactly by the end of the
//                substep under the world's position update (trapezoidal: −2·gap/h − J·v₀; UIKit-compatible:
//                −gap/h), impulse ≥ 0; a friction row, |impulse| ≤ μ·normal impulse (Coulomb); the joint rows the
//                island holds, with their own laws.
//   restitution  after the positions moved: an impact faster than 100 pt/s leaves at e times its approach speed,
//                carried through the rigid joint rows the island holds; a slower one (or e = 0) stops — which also
//                removes the separating speed the trapezoidal update's gap-closing target can leave behind (only in
//                islands without joints: in one that holds joints the velocity stage closes the gap, no more).
//   projection   overlaps (and the held rigid joint rows) moved back to zero error on positions.
// Small islands (≤ sdDirectContactRows rows) are solved exactly: the system matrix K = J·M⁻¹·Jᵀ (contact_matrix.c)
// by Cholesky — the small kernel's arithmetic up to sdKernelMaxRows rows, LAPACK's dense one above — with an
// active set for the one-sided rows and the friction cones (finished by projected Gauss–Seidel in the rare case it
// runs out of passes). Large ones (piles) take the soft step (contact_soft.c) with the joints they hold solved
// exactly between its sweeps and projected exactly afterwards.
#include "sd_solve.h"

/// Largest number of clamp-and-resolve passes of a direct contact solve, and of the projected Gauss–Seidel
/// sweeps that finish one that ran out of passes.
#define sdContactActiveSetPasses 16
#define sdContactPolishSweeps 64
/// Contact rows carry this fraction of their own K_rr as compliance: a box in a corner has more contact rows than
/// degrees of freedom (two normals on the floor, two on the wall, two friction rows, three velocities), and the
/// exact solve of a singular K would return impulses of 10¹⁶. At 10⁻⁶ the regularised system is solvable (its
/// condition stays near 10⁶, so round-off cannot grow into motion) and impulses differ from rigid ones by a part in 10⁶.
#define sdContactRegularization 1e-6
/// Exact position projection of small islands stops when every overlap is below this (pt).
#define sdContactProjectionTolerance 1e-9
#define sdContactProjectionIterations 4
/// Gauss–Seidel sweeps over the normal rows of a contact between jointed bodies, after its island's exact solve.
#define sdJointedContactSweeps 4

/// Values of `fixed` beyond 0 (free) and 1 (held at its bound): friction rows pinned at their cone (the impulse
/// follows the normal row's), and a contact row held for good after it re-entered once (no cycling).
enum { sdFixedFrictionUpper = 2, sdFixedFrictionLower = 3, sdFixedForGood = 4 };

/// A contact row along direction (dx, dy) (the normal, or the tangent) through arms rA, rB (offsets of the point
/// from the bodies' centres). Static bodies take part with zero inverse mass, like the world in joint rows.
static void sd_contact_row(const sdContact* contact, int32_t k, int32_t p, double dx, double dy, double rax,
                           double ray, double rbx, double rby, sdRow* row) {
    row->a = contact->bodyA;
    row->b = contact->bodyB;
    row->ja[0] = -dx;
    row->ja[1] = -dy;
    row->ja[2] = -(rax * dy - ray * dx);
    row->jb[0] = dx;
    row->jb[1] = dy;
    row->jb[2] = rbx * dy - rby * dx;
    row->c = 0.0;
    row->soft = 0.0;
    row->rhsScale = 0.0;
    row->v0Weight = 0.0;
    row->lo = -INFINITY;
    row->hi = INFINITY;
    row->flags = sdRowFlag_contact;
    row->type = 0;
    row->joint = -1;
    row->contact = k;
    row->point = p;
    row->normalRow = -1;
    row->mu = 0.0;
}

/// A contact point's arms (sd_contact_arms): the offsets of its two sides' points from the bodies' centres now.
typedef struct sdArms {
    double ax, ay, bx, by;
} sdArms;

/// Written in place, field by field: a copy of the struct would read the four stores back as two 16-byte loads,
/// which the stores cannot forward.
static inline void sd_point_arms(sdWorld* world, const sdContact* contact, int32_t p, sdArms* arms) {
    sd_contact_arms(world, contact, &contact->points[p], &arms->ax, &arms->ay, &arms->bx, &arms->by);
}

/// The direction and bound of the normal row of point p of contact k through its arms (unilateral); enough for its
/// J·v. sd_finish_normal_row completes it.
static void sd_start_normal_row(const sdContact* contact, int32_t k, int32_t p, const sdArms* arms, sdRow* row) {
    sd_contact_row(contact, k, p, contact->normalX, contact->normalY, arms->ax, arms->ay, arms->bx, arms->by, row);
    row->flags |= sdRowFlag_unilateral;
}

/// A started normal row's error `separation` and compliance.
static void sd_set_normal_error(sdWorld* world, double separation, sdRow* row) {
    row->c = separation;
    row->soft = sdContactRegularization * sd_row_coupling(world, row, row);
}

/// A started normal row's error (the point's separation now) and compliance.
static void sd_finish_normal_row(sdWorld* world, const sdContact* contact, int32_t p, const sdArms* arms, sdRow* row) {
    sd_set_normal_error(world,
                        sd_contact_separation_at(world, contact, &contact->points[p], arms->ax, arms->ay, arms->bx, arms->by),
                        row);
}

/// The normal row of point p of contact k through its arms (unilateral, its error the point's separation now).
static void sd_normal_row_through(sdWorld* world, const sdContact* contact, int32_t k, int32_t p, const sdArms* arms,
                                  sdRow* row) {
    sd_start_normal_row(contact, k, p, arms, row);
    sd_finish_normal_row(world, contact, p, arms, row);
}

/// The normal row of point p of contact k.
static void sd_normal_row(sdWorld* world, const sdContact* contact, int32_t k, int32_t p, sdRow* row) {
    sdArms arms;
    sd_point_arms(world, contact, p, &arms);
    sd_normal_row_through(world, contact, k, p, &arms, row);
}

/// The friction row of contact k: along the tangent through the mean of its points' arms (`arms`, one per point).
/// In two dimensions the points of one contact lie on one line along the tangent, so one row there carries all
/// the contact's friction (a row per point would repeat it and make the system singular); its bound is μ times
/// the sum of the normal impulses, which follow it at `normalRow`.
static void sd_friction_row(sdWorld* world, const sdContact* contact, int32_t k, int32_t normalRow, const sdArms* arms,
                            sdRow* row) {
    double ax = 0.0, ay = 0.0, bx = 0.0, by = 0.0;
    for (int32_t p = 0; p < contact->pointCount; ++p) {
        ax += arms[p].ax;
        ay += arms[p].ay;
        bx += arms[p].bx;
        by += arms[p].by;
    }
    const double share = 1.0 / contact->pointCount;
    sd_contact_row(contact, k, 0, -contact->normalY, contact->normalX, ax * share, ay * share, bx * share, by * share,
                   row);
    row->normalRow = normalRow;
    row->mu = contact->friction;
    row->soft = sdContactRegularization * sd_row_coupling(world, row, row);
}

/// μ times the contact's total normal impulse: a friction row's bound.
static inline double sd_friction_bound(const sdWorld* world, const sdRow* row, const double* lambda) {
    const sdContact* contact = &world->collision.contacts[row->contact];
    double normal = 0.0;
    for (int32_t p = 0; p < contact->pointCount; ++p) normal += lambda[row->normalRow + p];
    return row->mu * (normal > 0.0 ? normal : 0.0);
}

/// The contact of a contact row.
static inline sdContact* sd_row_contact(sdWorld* world, const sdRow* row) { return &world->collision.contacts[row->contact]; }

/// Whether the velocity stage asks an impact for the trapezoidal reversal (a point approaching at u₀ leaves at −u₀,
/// closing its gap exactly) and restitution then takes back the separating speed that leaves: the analytic model,
/// in islands that hold no joints. Through a joint, restitution's taking back pushed rows that could not pull (a
/// pile of pinned pairs was launched); there an impact stops in the velocity stage and bounces through the joints.
static inline bool sd_reverses_impacts(const sdWorld* world, const sdContactIsland* island) {
    return world->springModel == sdSpringModel_analytic && island->layoutCount == 0;
}

/// Writes the velocity-stage system of contact island `island` at rows [base, base + m): the held joint layout
/// islands' rows with their targets, then a normal and a friction row per contact point. For each row `rhs`
/// receives the change of J·v its target asks (the target of J·v⁺ minus the current J·v), `lo`/`hi` its bounds
/// and `fixed` whether it starts out of the system. Returns m.
static int32_t sd_build_velocity_system(sdWorld* world, const sdContactIsland* island, int32_t base, double h) {
    sdSolverScratch* s = &world->scratch;
    const sdCollisionState* c = &world->collision;
    const bool reverses = sd_reverses_impacts(world, island);
    int32_t m = 0;
    for (int32_t q = 0; q < island->layoutCount; ++q) {
        const sdIsland* layout = &s->islands[c->ownedLayout[island->layoutStart + q]];
        sd_fill_rows(world, layout, h, true);
        for (int32_t p = 0; p < layout->rowCount; ++p) {
            const int32_t r = base + m++;
            s->rows[r] = s->rows[s->sortIndex[layout->rowStart + p]];
            const sdRow* row = &s->rows[r];
            const double u = sd_row_velocity(world, row, world->vx, world->vy, world->w);
            sd_joint_row_target(world, row, h, u, &s->rhs[r], &s->fixed[r]);
            s->rhs[r] -= u; // the system solves for the change of velocity
            s->lo[r] = row->lo;
            s->hi[r] = row->hi;
        }
    }
    for (int32_t q = 0; q < island->contactCount; ++q) {
        const int32_t k = c->activeContacts[island->contactStart + q];
        sdContact* contact = &world->collision.contacts[k];
        if (contact->jointed) continue; // a block of its own after the exact solve (sd_solve_jointed_contacts)
        const int32_t firstNormal = base + m;
        sdArms arms[2];
        for (int32_t p = 0; p < contact->pointCount; ++p) {
            const int32_t rn = base + m++;
            sdRow* normal = &s->rows[rn];
            sd_point_arms(world, contact, p, &arms[p]);
            sd_normal_row_through(world, contact, k, p, &arms[p], normal);
            const double u = sd_row_velocity(world, normal, world->vx, world->vy, world->w);
            const double u0 = sd_row_velocity(world, normal, s->v0x, s->v0y, s->w0);
            // Close at most the gap by the end of the substep; an overlap is left to the projection.
            const double gap = normal->c > 0.0 ? normal->c : 0.0;
            // The speed at which the gap closes, for restitution: under the substep's free acceleration
            // a = (u − u₀)/h the gap s closes at −√(u₀² − 2·a·s), faster than u₀ when falling onto something.
            const double accel = (u - u0) / h, closing = u0 * u0 - 2.0 * accel * gap;
            contact->points[p].approachVelocity = gap > 0.0 && closing > 0.0 && (u0 < 0.0 || accel < 0.0) ? -sqrt(closing) : u0;
            // No more than that where impacts are not reversed (sd_reverses_impacts).
            s->rhs[rn] = reverses ? -2.0 * gap / h - u0 : -gap / h;
            s->lo[rn] = 0.0;
            s->hi[rn] = INFINITY;
            // Touching points start in the system (a stack's rows all push; in free fall their relative motion
            // says nothing); a point with a real gap that its free motion does not close starts out of it.
            s->fixed[rn] = normal->c > sdTouchSlop && u >= s->rhs[rn];
            s->rhs[rn] -= u;
        }
        const int32_t rt = base + m++;
        sd_friction_row(world, contact, k, firstNormal, arms, &s->rows[rt]);
        s->rhs[rt] = 0.0;
        s->rhs[rt] -= sd_row_velocity(world, &s->rows[rt], world->vx, world->vy, world->w);
        s->lo[rt] = -INFINITY;
        s->hi[rt] = INFINITY;
        s->fixed[rt] = contact->friction > 0.0 ? 0 : 1;
    }
    for (int32_t r = base; r < base + m; ++r) s->sortIndex[r] = r;
    return m;
}

/// (K·λ)_r − rhs_r for row r of the system at [base, base + m): how far the row misses its target with the
/// impulses x (its velocity beyond the target; for a friction row, the sliding velocity). From the couplings in
/// `kept` when not NULL (the same sums: sd_contact_matrix_row_product), from the scratch matrix's whole rows when
/// `complete` (sd_contact_matrix_complete), else summed here.
static double sd_row_residual(sdWorld* world, int32_t base, int32_t m, int32_t r, const double* x,
                              const sdContactMatrix* kept, bool complete) {
    sdSolverScratch* s = &world->scratch;
    const sdRow* row = &s->rows[r];
    double reached = row->soft * x[r - base];
    if (complete) {
        const double* k = s->matrix + (size_t)(r - base) * (size_t)m;
        for (int32_t q = 0; q < m; ++q)
            if (x[q] != 0.0) reached += k[q] * x[q];
    } else if (kept != NULL) {
        reached = sd_contact_matrix_row_product(world, base, m, kept, r - base, x, reached);
    } else {
        for (int32_t q = 0; q < m; ++q)
            if (x[q] != 0.0) reached += sd_row_coupling(world, row, &s->rows[base + q]) * x[q];
    }
    return reached - s->rhs[r];
}

/// Projected Gauss–Seidel on the system at [base, base + m) from the impulses it holds, until no impulse moves by
/// more than a part in 10⁹ (or sdContactPolishSweeps): every row stays within its bounds (friction within μ
/// times its current normals). Used when the active set runs out of passes, whose last impulses may hold rows
/// at stale bounds or frozen after re-entering; from there the sweeps converge to the complementarity solution.
static void sd_polish_direct(sdWorld* world, int32_t base, int32_t m, const sdContactMatrix* kept) {
    sdSolverScratch* s = &world->scratch;
    double* x = s->lambda + base;
    // The factor is no longer needed: K's rows whole make each of the m residuals a sweep one row's dot product.
    if (kept != NULL) sd_contact_matrix_complete(world, base, m, kept);
    for (int sweep = 0; sweep < sdContactPolishSweeps; ++sweep) {
        double change = 0.0, scale = 0.0;
        for (int32_t p = 0; p < m; ++p) {
            const int32_t r = base + p;
            const sdRow* row = &s->rows[r];
            const double self = kept != NULL ? s->matrix[(size_t)p * (size_t)m + (size_t)p] : sd_row_coupling(world, row, row);
            const double k = self + row->soft;
            if (!(k > 0.0)) continue;
            double lo = s->lo[r], hi = s->hi[r];
            if (row->normalRow >= 0) {
                hi = sd_friction_bound(world, row, s->lambda);
                lo = -hi;
            }
            double next = x[p] - sd_row_residual(world, base, m, r, x, kept, kept != NULL) / k;
            if (next < lo) next = lo;
            if (next > hi) next = hi;
            if (fabs(next - x[p]) > change) change = fabs(next - x[p]);
            if (fabs(next) > scale) scale = fabs(next);
            x[p] = next;
        }
        if (change <= 1e-9 * (scale + 1e-300)) return;
    }
}

/// The exact solve of rows [base, base + m): `rhs` holds K·λ's right-hand side, `lo`/`hi` the bounds; a
/// friction row's bound is μ times its contact's normal impulses. An active set on both sides: rows leaving
/// their bounds are held there (friction pinned to its cone, following the normal impulses), and held rows are
/// let back in when their complementarity fails — a contact normal at zero impulse that would penetrate, a
/// pinned friction pushing the way the contact slides. Each row re-enters at most once, so it cannot cycle.
static void sd_solve_direct(sdWorld* world, int32_t base, int32_t m) {
    sdSolverScratch* s = &world->scratch;
    sdIsland unit;
    unit.rowStart = base;
    unit.rowCount = m;
    unit.bandwidth = m - 1;
    unit.path = m <= sdKernelMaxRows ? sdSolvePath_kernel : sdSolvePath_dense;
    unit.owner = -1;
    double* x = s->lambda + base;
    // K once for all passes. (A direct island has at most sdDirectContactRows rows; a larger system would go
    // through the generic assembly each pass.)
    const bool kept = m <= sdDirectContactRows;
    sdContactMatrix matrix;
    if (kept) sd_contact_matrix_couple(world, base, m, &matrix);
    for (int32_t p = 0; p < m; ++p) {
        x[p] = 0.0;
        // A held joint row that can move nothing (K_rr = 0) would make K singular: it is satisfied, leave it out.
        if (!((kept ? matrix.diagonal[p] : sd_diagonal(world, &s->rows[base + p])) > 0.0)) s->fixed[base + p] = 1;
    }
    for (int pass = 0; pass < sdContactActiveSetPasses; ++pass) {
        // Pinned friction takes μ times its normal impulses from the last pass.
        for (int32_t p = 0; p < m; ++p) {
            const int32_t r = base + p;
            if (s->fixed[r] == sdFixedFrictionUpper || s->fixed[r] == sdFixedFrictionLower) {
                const double bound = sd_friction_bound(world, &s->rows[r], s->lambda);
                x[p] = s->fixed[r] == sdFixedFrictionUpper ? bound : -bound;
            }
        }
        // Conjugate gradients (from the pass a factorisation failed on to the end of this solve) start from zero,
        // as the reference's: contact rows have no previous impulses in `warm`.
        const bool solved = unit.path != sdSolvePath_iterative &&
                            (kept ? sd_contact_matrix_solve(world, base, m, &matrix, unit.path == sdSolvePath_dense,
                                                            s->rhs + base, x)
                                  : sd_solve_system(world, &unit, s->rhs + base, x));
        if (!solved) {
            const bool warmStart = s->warmStart;
            s->warmStart = false;
            unit.path = sdSolvePath_iterative;
            sd_solve_system(world, &unit, s->rhs + base, x);
            s->warmStart = warmStart;
        }
        // Impulses this close to a bound are at it: round-off must not flip rows in and out.
        double scale = 0.0;
        for (int32_t p = 0; p < m; ++p) scale = fabs(x[p]) > scale ? fabs(x[p]) : scale;
        const double tolerance = 1e-10 * scale;
        bool changed = false;
        for (int32_t p = 0; p < m; ++p) { // free rows outside their bounds are held there
            const int32_t r = base + p;
            sdRow* row = &s->rows[r];
            if (s->fixed[r]) continue;
            double lo = s->lo[r], hi = s->hi[r];
            if (row->normalRow >= 0) {
                hi = sd_friction_bound(world, row, s->lambda);
                lo = -hi;
            }
            if (x[p] < lo - tolerance || x[p] > hi + tolerance) {
                const bool upper = x[p] > hi;
                x[p] = upper ? hi : lo;
                // Held friction keeps following its normals, even after it re-entered once (the reentered flag
                // alone keeps it from cycling): held at a stale bound it would push beyond its cone.
                if (row->normalRow >= 0) s->fixed[r] = upper ? sdFixedFrictionUpper : sdFixedFrictionLower;
                else s->fixed[r] = (row->flags & sdRowFlag_reentered) ? sdFixedForGood : 1;
                changed = true;
            } else if (x[p] < lo) {
                x[p] = lo;
            } else if (x[p] > hi) {
                x[p] = hi;
            }
        }
        if (changed) continue;
        // Pinned friction whose normals moved its bound takes the new bound next pass (a fixed-point iteration
        // that converges geometrically; to a part in 10⁹, round-off would keep it going).
        bool frictionMoved = false;
        for (int32_t p = 0; p < m && !frictionMoved; ++p) {
            const int32_t r = base + p;
            if (s->fixed[r] != sdFixedFrictionUpper && s->fixed[r] != sdFixedFrictionLower) continue;
            const double bound = sd_friction_bound(world, &s->rows[r], s->lambda);
            if (fabs((s->fixed[r] == sdFixedFrictionUpper ? bound : -bound) - x[p]) > 1e-9 * (scale + 1e-300))
                frictionMoved = true;
        }
        for (int32_t p = 0; p < m; ++p) { // held rows whose complementarity fails re-enter, once
            const int32_t r = base + p;
            sdRow* row = &s->rows[r];
            if (!(row->flags & sdRowFlag_contact) || (row->flags & sdRowFlag_reentered)) continue;
            const bool normalAtZero = s->fixed[r] == 1 && row->normalRow < 0 && x[p] == 0.0;
            const bool frictionPinned = s->fixed[r] == sdFixedFrictionUpper || s->fixed[r] == sdFixedFrictionLower;
            if (!normalAtZero && !frictionPinned) continue;
            const double residual = sd_row_residual(world, base, m, r, x, kept ? &matrix : NULL, false);
            const double slack = 1e-9 * (fabs(s->rhs[r]) + scale);
            bool release;
            if (normalAtZero) release = residual < -slack; // it would penetrate: it must push
            else if (s->fixed[r] == sdFixedFrictionUpper) release = residual > slack; // pushes +t while sliding +t
            else release = residual < -slack;
            if (!release) continue;
            s->fixed[r] = 0;
            row->flags |= sdRowFlag_reentered;
            changed = true;
        }
        if (!changed && !frictionMoved) return; // every row within its bounds, complementary, friction on its cone
    }
    // Out of passes: end near the solution, within every bound. The last iterate can be far worse than no impulse
    // at all — where rows nearly repeat each other and a pass held some at stale values, the soak met one 10¹⁶
    // above zero in the system's objective ½·λᵀKλ − λᵀrhs, and sweeps from there threw a pinned pair at 10⁵ pt/s —
    // so the sweeps then start from zero. (The sign of Σ λ·(K·λ − 2·rhs) is the objective's.)
    double objective = 0.0;
    for (int32_t p = 0; p < m; ++p)
        if (x[p] != 0.0) objective += x[p] * (sd_row_residual(world, base, m, base + p, x, kept ? &matrix : NULL, false) - s->rhs[base + p]);
    if (objective > 0.0)
        for (int32_t p = 0; p < m; ++p) x[p] = 0.0;
    sd_polish_direct(world, base, m, kept ? &matrix : NULL);
}

/// A joint layout island a large contact island holds, as a unit of the joint solver. Up to sdHeldDenseRows rows
/// it is factored densely (the in-house kernel, or above sdKernelMaxRows LAPACK's dense Cholesky, whose arithmetic
/// sd_dense_kernel_solve does), whatever its own path: a pile is chaotic, and the reference solver follows these
/// two factorisations operation for operation, so the two engines stay together; larger islands keep their own
/// path (and a springs-only one, solved in body space when alone, the dense one).
static sdIsland sd_held_unit(const sdWorld* world, const sdContactIsland* island, int32_t q) {
    const sdCollisionState* c = &world->collision;
    sdIsland unit = world->scratch.islands[c->ownedLayout[island->layoutStart + q]];
    if (unit.rowCount <= sdKernelMaxRows) unit.path = sdSolvePath_kernel;
    else if (unit.rowCount <= sdHeldDenseRows || unit.path == sdSolvePath_singleBody) unit.path = sdSolvePath_dense;
    return unit;
}

/// The joints a large contact island holds, solved exactly (each joint island by its path, with its active set)
/// against the bodies' current velocities: the block step between the soft contact sweeps (block Gauss–Seidel
/// with the joints as exact blocks, so a rigid pin holds where a few projected sweeps would let it stretch).
static void sd_solve_held_joints(sdWorld* world, const sdContactIsland* island, double h) {
    for (int32_t q = 0; q < island->layoutCount; ++q) {
        sdIsland unit = sd_held_unit(world, island, q);
        sd_solve_joint_unit(world, &unit, h);
    }
}

/// Where a point that pushed touched: midway between its two sides' points now, kept from its strongest push of
/// the step (the contact-began event reports it).
static void sd_note_touch_at(sdWorld* world, const sdContact* contact, sdContactPoint* point, const sdArms* arms) {
    if (!isnan(point->touchX) && point->normalImpulse < point->maxNormalImpulse) return;
    point->touchX = 0.5 * (world->x[contact->bodyA] + arms->ax + world->x[contact->bodyB] + arms->bx);
    point->touchY = 0.5 * (world->y[contact->bodyA] + arms->ay + world->y[contact->bodyB] + arms->by);
}

/// sd_note_touch_at with the point's arms computed only when needed.
static void sd_note_touch(sdWorld* world, const sdContact* contact, sdContactPoint* point) {
    if (!isnan(point->touchX) && point->normalImpulse < point->maxNormalImpulse) return;
    sdArms arms;
    sd_point_arms(world, contact, (int32_t)(point - contact->points), &arms);
    sd_note_touch_at(world, contact, point, &arms);
}

/// Contacts between jointed bodies, after their island's exact solve: a few Gauss–Seidel sweeps over their normal
/// rows alone, each point kept from approaching further (closing at most its gap), impulse ≥ 0, no friction, no
/// bounce. In the exact solve such a contact could contradict its joint — beside a pin its rows nearly repeat the
/// pin's, and their disagreement grew impulses of 10⁵ (a pushed pinned pair was thrown at 40,000 pt/s); as a
/// block of its own it corrects only its own approach, and the next substep's exact solve restores the joint.
/// The joint wins; the contact keeps the items from folding through each other.
static void sd_solve_jointed_contacts(sdWorld* world, const sdContactIsland* island, double h) {
    const sdCollisionState* c = &world->collision;
    for (int32_t q = 0; q < island->contactCount; ++q) {
        const int32_t k = c->activeContacts[island->contactStart + q];
        sdContact* contact = &world->collision.contacts[k];
        if (!contact->jointed) continue;
        // The rows once: positions do not move during the sweeps.
        sdRow rows[2];
        double stiffness[2];
        for (int32_t p = 0; p < contact->pointCount; ++p) {
            contact->points[p].normalImpulse = 0.0;
            sd_normal_row(world, contact, k, p, &rows[p]);
            stiffness[p] = sd_coupling(world, &rows[p], &rows[p]);
        }
        for (int sweep = 0; sweep < sdJointedContactSweeps; ++sweep) {
            for (int32_t p = 0; p < contact->pointCount; ++p) {
                sdContactPoint* point = &contact->points[p];
                const sdRow* row = &rows[p];
                // A point already deeper than the touch slop is left alone: the items crossed there (links that
                // overlap around their shared pin), and stopping its approach would lock the joint's free motion.
                if (row->c < -sdTouchSlop || !(stiffness[p] > 0.0)) continue;
                const double gap = row->c > 0.0 ? row->c : 0.0;
                const double u = sd_row_velocity(world, row, world->vx, world->vy, world->w);
                double total = point->normalImpulse + (-gap / h - u) / stiffness[p];
                if (total < 0.0) total = 0.0;
                const double impulse = total - point->normalImpulse;
                point->normalImpulse = total;
                if (impulse != 0.0) sd_apply_row(world, row, impulse, world->vx, world->vy, world->w);
            }
        }
        for (int32_t p = 0; p < contact->pointCount; ++p) {
            sdContactPoint* point = &contact->points[p];
            point->tangentImpulse = 0.0;
            if (!(point->normalImpulse > 0.0)) continue;
            sd_note_touch(world, contact, point);
            if (point->normalImpulse > point->maxNormalImpulse) point->maxNormalImpulse = point->normalImpulse;
        }
    }
}

void sd_solve_contact_velocities(sdWorld* world, double h, int32_t substep) {
    sdSolverScratch* s = &world->scratch;
    sdCollisionState* c = &world->collision;
    const int32_t base = s->rowCount;
    int32_t nextSoftBody = 0, nextSoftSlot = 0; // local body slots and lanes of the large islands, in island order
    for (int32_t i = 0; i < c->contactIslandCount; ++i) {
        sdContactIsland* island = &c->contactIslands[i];
        if (island->direct && substep == 0) { // not pushed yet this step
            for (int32_t q = island->contactStart; q < island->contactStart + island->contactCount; ++q) {
                sdContact* contact = &c->contacts[c->activeContacts[q]];
                for (int32_t p = 0; p < contact->pointCount; ++p) {
                    contact->points[p].maxNormalImpulse = 0.0;
                    contact->points[p].touchX = contact->points[p].touchY = NAN;
                }
            }
        }
        if (island->direct) {
            const int32_t m = sd_build_velocity_system(world, island, base, h);
            sd_solve_direct(world, base, m);
            for (int32_t r = base; r < base + m; ++r)
                if (s->lambda[r] != 0.0) sd_apply_row(world, &s->rows[r], s->lambda[r], world->vx, world->vy, world->w);
            // Keep the impulses on the points: restitution and touch detection read them.
            for (int32_t r = base; r < base + m; ++r) {
                const sdRow* row = &s->rows[r];
                if (!(row->flags & sdRowFlag_contact)) continue;
                sdContactPoint* point = &sd_row_contact(world, row)->points[row->point];
                if (row->normalRow >= 0) {
                    point->tangentImpulse = s->lambda[r];
                } else {
                    point->normalImpulse = s->lambda[r];
                    if (s->lambda[r] > point->maxNormalImpulse) point->maxNormalImpulse = s->lambda[r];
                }
            }
            sd_solve_jointed_contacts(world, island, h);
            continue;
        }
        // A large island: the soft step for its contacts, the joints it holds solved exactly between the sweeps.
        if (substep == 0)
            sd_prepare_soft_contacts(world, island, &nextSoftBody, &nextSoftSlot, h);
        else
            sd_warm_start_soft_contacts(world, island);
        for (int it = 0; it < sdSoftIterations; ++it) {
            if (island->layoutCount > 0) { // the joint solver works on the world's arrays
                sd_finish_soft_velocities(world, island);
                sd_solve_held_joints(world, island, h);
                sd_gather_soft_velocities(world, island);
            }
            sd_solve_soft_contacts(world, island, h);
        }
        sd_finish_soft_velocities(world, island);
    }
}

/// Writes the restitution system of a contact island at rows [base, base + m): the normal rows of points that
/// pushed this substep, each with the change its target normal velocity asks and the bound that keeps its total
/// impulse ≥ 0, then (if any) the rigid rows of the joint islands it holds, each keeping its J·v (no change): a
/// bounce carries through a pin or a weld to the items behind it. Without them one item of a pinned pair bounced off the floor while its
/// partner kept moving, and the next substep took up the pin's broken velocity by spinning the pair (a welded
/// pair rose to 0.34 of its drop instead of e² = 0.09; a crossed pinned pair was thrown at 10¹⁵ pt/s). Returns m.
static int32_t sd_build_restitution_system(sdWorld* world, const sdContactIsland* island, int32_t base) {
    sdSolverScratch* s = &world->scratch;
    const sdCollisionState* c = &world->collision;
    const bool rests = sd_reverses_impacts(world, island); // resting rows take back what the reversal left
    int32_t m = 0;
    for (int32_t q = 0; q < island->contactCount; ++q) {
        const int32_t k = c->activeContacts[island->contactStart + q];
        sdContact* contact = &world->collision.contacts[k];
        // Between jointed bodies a contact only keeps from approaching: a bounce would push apart what the joint
        // holds together.
        if (contact->jointed) continue;
        for (int32_t p = 0; p < contact->pointCount; ++p) {
            sdContactPoint* point = &contact->points[p];
            if (!(point->normalImpulse > 0.0)) continue;
            sdArms arms;
            sd_point_arms(world, contact, p, &arms);
            sd_note_touch_at(world, contact, point, &arms);
            const int32_t r = base + m;
            sdRow* row = &s->rows[r];
            sd_start_normal_row(contact, k, p, &arms, row);
            const double u = sd_row_velocity(world, row, world->vx, world->vy, world->w);
            double target;
            if (point->approachVelocity < -sdRestitutionThreshold) {
                target = -contact->restitution * point->approachVelocity; // an impact: bounce
            } else if (rests && u > 0.0) {
                target = 0.0; // closing the gap exactly left it leaving: it should rest
            } else {
                continue;
            }
            sd_finish_normal_row(world, contact, p, &arms, row);
            s->rhs[r] = target;
            s->rhs[r] -= u; // the system solves for the change of velocity
            s->lo[r] = -point->normalImpulse; // the total normal impulse stays ≥ 0
            s->hi[r] = INFINITY;
            s->fixed[r] = 0;
            s->sortIndex[r] = r;
            m += 1;
        }
    }
    if (m == 0) return 0;
    for (int32_t q = 0; q < island->layoutCount; ++q) {
        const sdIsland* layout = &s->islands[c->ownedLayout[island->layoutStart + q]];
        sd_fill_rows(world, layout, 1.0, false);
        for (int32_t p = 0; p < layout->rowCount; ++p) {
            const sdRow* row = &s->rows[s->sortIndex[layout->rowStart + p]];
            if (!(row->flags & sdRowFlag_rigid)) continue;
            const int32_t r = base + m++;
            s->rows[r] = *row;
            s->rhs[r] = 0.0; // J·v kept: no change
            s->lo[r] = -INFINITY;
            s->hi[r] = INFINITY;
            s->fixed[r] = 0;
            s->sortIndex[r] = r;
        }
    }
    return m;
}

void sd_apply_restitution(sdWorld* world, double h, bool lastSubstep) {
    sdSolverScratch* s = &world->scratch;
    sdCollisionState* c = &world->collision;
    const int32_t base = s->rowCount;
    for (int32_t i = 0; i < c->contactIslandCount; ++i) {
        const sdContactIsland* island = &c->contactIslands[i];
        if (!island->direct) { // a large island: relax sweeps and restitution (the soft step's second half)
            sd_relax_soft_contacts(world, island, h, lastSubstep);
            continue;
        }
        const int32_t m = sd_build_restitution_system(world, island, base);
        if (m == 0) continue;
        sd_solve_direct(world, base, m);
        for (int32_t r = base; r < base + m; ++r)
            if (s->lambda[r] != 0.0) sd_apply_row(world, &s->rows[r], s->lambda[r], world->vx, world->vy, world->w);
        for (int32_t r = base; r < base + m; ++r) {
            const sdRow* row = &s->rows[r];
            if (row->flags & sdRowFlag_contact) sd_row_contact(world, row)->points[row->point].normalImpulse += s->lambda[r];
        }
    }
}

/// A direct island's contact points outside joints as the positions stand, in the order its position system takes
/// them: each point's arms and separation, which the overlap test computes and the system's rows then take.
typedef struct sdPointsNow {
    sdArms arms[sdDirectContactRows];
    double separation[sdDirectContactRows];
} sdPointsNow;

/// Writes the position system of a contact island at rows [base, base + m): the held joint islands' rigid (and
/// violated one-sided) rows, and the normal rows of overlapping points, each asking for zero error. `rhs` gets
/// −error, `fixed` marks rows out of the system. The points' arms and separations from `now` when not NULL (the
/// positions have not moved since it was filled). Returns m; `*worst` the largest error.
static int32_t sd_build_position_system(sdWorld* world, const sdContactIsland* island, int32_t base, double* worst,
                                        const sdPointsNow* now) {
    sdSolverScratch* s = &world->scratch;
    const sdCollisionState* c = &world->collision;
    int32_t m = 0, point = 0;
    *worst = 0.0;
    for (int32_t q = 0; q < island->layoutCount; ++q) {
        const sdIsland* layout = &s->islands[c->ownedLayout[island->layoutStart + q]];
        sd_fill_rows(world, layout, 1.0, false);
        for (int32_t p = 0; p < layout->rowCount; ++p) {
            const int32_t r = base + m++;
            s->rows[r] = s->rows[s->sortIndex[layout->rowStart + p]];
            const sdRow* row = &s->rows[r];
            s->lo[r] = -INFINITY;
            s->hi[r] = INFINITY;
            s->fixed[r] = 1;
            s->rhs[r] = 0.0;
            if (row->flags & sdRowFlag_rigid) {
                s->fixed[r] = 0;
                s->rhs[r] = -row->c;
                if (fabs(row->c) > *worst) *worst = fabs(row->c);
            } else if ((row->flags & sdRowFlag_unilateral) && row->c < 0.0) {
                s->fixed[r] = 0;
                s->lo[r] = 0.0;
                s->rhs[r] = -row->c;
                if (-row->c > *worst) *worst = -row->c;
            }
        }
    }
    for (int32_t q = 0; q < island->contactCount; ++q) {
        const int32_t k = c->activeContacts[island->contactStart + q];
        const sdContact* contact = &world->collision.contacts[k];
        // Between jointed bodies an overlap is held where it is, not pushed apart: the joint's rows may not allow
        // it, and the two corrections would fight without end.
        if (contact->jointed) continue;
        for (int32_t p = 0; p < contact->pointCount; ++p) {
            const int32_t r = base + m++;
            sdRow* row = &s->rows[r];
            if (now != NULL) {
                sd_start_normal_row(contact, k, p, &now->arms[point], row);
                sd_set_normal_error(world, now->separation[point], row);
                point += 1;
            } else {
                sd_normal_row(world, contact, k, p, row);
            }
            s->lo[r] = 0.0;
            s->hi[r] = INFINITY;
            s->rhs[r] = -row->c;
            // Every touching point takes part (one-sided: the active set releases those that would pull), so
            // pushing one overlap apart carries what rests on it along instead of making a new overlap.
            s->fixed[r] = row->c < sdTouchSlop ? 0 : 1;
            if (-row->c > *worst) *worst = -row->c;
        }
    }
    for (int32_t r = base; r < base + m; ++r) s->sortIndex[r] = r;
    return m;
}

/// The largest overlap of an island's contact points outside joints (what sd_build_position_system reports as
/// `worst` for an island without joints), without building their rows: most substeps leave none to project.
/// Keeps each point's arms and separation in `now`, for the rows if there is an overlap to project.
static double sd_deepest_overlap(sdWorld* world, const sdContactIsland* island, sdPointsNow* now) {
    const sdCollisionState* c = &world->collision;
    double worst = 0.0;
    int32_t point = 0;
    for (int32_t q = 0; q < island->contactCount; ++q) {
        const sdContact* contact = &c->contacts[c->activeContacts[island->contactStart + q]];
        if (contact->jointed) continue;
        for (int32_t p = 0; p < contact->pointCount; ++p, ++point) {
            sdArms* arms = &now->arms[point];
            sd_point_arms(world, contact, p, arms); // sd_contact_arms' arithmetic, its arms kept
            const double separation = sd_contact_separation_at(world, contact, &contact->points[p], arms->ax, arms->ay,
                                                               arms->bx, arms->by);
            now->separation[point] = separation;
            if (-separation > worst) worst = -separation;
        }
    }
    return worst;
}

void sd_project_contacts(sdWorld* world) {
    sdSolverScratch* s = &world->scratch;
    sdCollisionState* c = &world->collision;
    const int32_t base = s->rowCount;
    sdPointsNow now;
    for (int32_t i = 0; i < c->contactIslandCount; ++i) {
        const sdContactIsland* island = &c->contactIslands[i];
        if (island->direct) {
            for (int iteration = 0; iteration < sdContactProjectionIterations; ++iteration) {
                // Without joints the overlap test runs first, and the rows take the arms and separations it found.
                const bool tested = island->layoutCount == 0;
                if (tested && sd_deepest_overlap(world, island, &now) <= sdContactProjectionTolerance) break;
                double worst;
                const int32_t m = sd_build_position_system(world, island, base, &worst, tested ? &now : NULL);
                if (worst <= sdContactProjectionTolerance) break;
                sd_solve_direct(world, base, m);
                for (int32_t r = base; r < base + m; ++r)
                    if (s->lambda[r] != 0.0) sd_apply_row(world, &s->rows[r], s->lambda[r], world->x, world->y, world->angle);
            }
            continue;
        }
        // A large island's contacts are soft (they push out through the velocity stage); the joints it holds are
        // projected exactly, as the joint solver projects its own islands.
        for (int iteration = 0; iteration < sdProjectionIterations && island->layoutCount > 0; ++iteration) {
            bool moved = false;
            for (int32_t q = 0; q < island->layoutCount; ++q) {
                sdIsland unit = sd_held_unit(world, island, q);
                if (sd_project_joint_unit(world, &unit)) moved = true;
            }
            if (!moved) break;
        }
    }
}
