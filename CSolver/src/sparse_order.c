// Nested dissection of an island's rows by recursive coordinate bisection of its bodies. A region of bodies is
// split at the median of its wider coordinate; rows with both bodies on one side belong to that side, rows
// joining the two sides form the region's separator. Rows of the two sides share no body, so they do not
// couple in K = J·M⁻¹·Jᵀ: the sides are ordered first (recursively), the separator last. On a grid of N cells
// the separator is the √N links crossing the cut (an edge separator of the body graph is a vertex separator of
// the row graph), which gives the O(N^1.5) factorisation of 2-D nested dissection instead of the band's O(N²).
//
// The result is the assembly tree in postorder: every region with rows becomes a supernode (a leaf's rows, or
// a separator), whose children are the supernodes of its two sides. The order depends only on the bodies'
// positions when the layout is built and on slot numbers (ties), so it is deterministic.
#include "sd_sparse.h"

typedef struct sdOrderContext {
    sdWorld* world;
    const sdIsland* island;
    sdSparseState* sp;
    int32_t* rows;   // island-local layout rows, partitioned in place
    int32_t* bodies; // the island's bodies, partitioned in place
    int32_t next;    // next elimination position
} sdOrderContext;

/// The dynamic bodies of an island-local row (−1 for an end on the world or a static body).
static inline void sd_row_ends(const sdOrderContext* c, int32_t local, int32_t* a, int32_t* b) {
    const sdSolverScratch* s = &c->world->scratch;
    const sdJoint* joint = &c->world->joints[s->rowJoint[s->sortIndex[c->island->rowStart + local]]];
    *a = sd_is_dynamic(c->world, joint->bodyA) ? joint->bodyA : -1;
    *b = sd_is_dynamic(c->world, joint->bodyB) ? joint->bodyB : -1;
}

static inline double sd_body_coordinate(const sdWorld* world, int32_t body, int axis) {
    return axis == 0 ? world->x[body] : world->y[body];
}

/// Body a before body b along `axis` (slot numbers break ties, so the order is total).
static inline bool sd_body_before(const sdWorld* world, int32_t a, int32_t b, int axis) {
    const double ca = sd_body_coordinate(world, a, axis), cb = sd_body_coordinate(world, b, axis);
    if (ca != cb) return ca < cb;
    return a < b;
}

/// Rearranges bodies[lo, hi) so the k-th (in sd_body_before order) is at k, smaller ones before it, larger after
/// (Hoare's selection with a median-of-three pivot; deterministic).
static void sd_select_bodies(const sdWorld* world, int32_t* bodies, int32_t lo, int32_t hi, int32_t k, int axis) {
    hi -= 1;
    while (lo < hi) {
        const int32_t mid = lo + (hi - lo) / 2;
        int32_t a = bodies[lo], b = bodies[mid], c = bodies[hi];
        int32_t pivot = b;
        if (sd_body_before(world, a, b, axis) != sd_body_before(world, a, c, axis)) pivot = a;
        else if (sd_body_before(world, b, a, axis) != sd_body_before(world, b, c, axis)) pivot = b;
        else pivot = c;
        int32_t i = lo, j = hi;
        while (i <= j) {
            while (sd_body_before(world, bodies[i], pivot, axis)) i += 1;
            while (sd_body_before(world, pivot, bodies[j], axis)) j -= 1;
            if (i <= j) {
                const int32_t t = bodies[i];
                bodies[i] = bodies[j];
                bodies[j] = t;
                i += 1;
                j -= 1;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else return;
    }
}

/// Appends a supernode with the rows rows[lo, hi) as its pivots and `children` children.
static void sd_emit(sdOrderContext* c, int32_t lo, int32_t hi, int32_t children) {
    sdSparseState* sp = c->sp;
    sdSupernode* node = &sp->supernodes[sp->superCount++];
    node->first = c->next;
    node->count = hi - lo;
    node->childCount = children;
    node->rowStart = node->rowCount = 0;
    node->factorStart = 0;
    node->packedStart = node->reverseStart = 0;
    for (int32_t p = lo; p < hi; ++p) {
        const int32_t local = c->rows[p];
        sp->elimination[c->island->rowStart + local] = c->next;
        sp->layoutOf[c->island->rowStart + c->next] = local;
        c->next += 1;
    }
}

/// Orders the rows rows[rowLo, rowHi) among the bodies bodies[bodyLo, bodyHi); returns how many assembly-tree
/// roots it appended (0 for no rows, else 1 — or more when a region falls apart into unconnected sides).
static int32_t sd_dissect(sdOrderContext* c, int32_t bodyLo, int32_t bodyHi, int32_t rowLo, int32_t rowHi, int depth) {
    const sdWorld* world = c->world;
    const int32_t rowCount = rowHi - rowLo, bodyCount = bodyHi - bodyLo;
    if (rowCount == 0) return 0;
    if (rowCount <= sdSparseLeafRows || bodyCount <= 1 || depth > 60) {
        sd_emit(c, rowLo, rowHi, 0);
        return 1;
    }
    // Split at the median of the wider extent.
    double minX = INFINITY, maxX = -INFINITY, minY = INFINITY, maxY = -INFINITY;
    for (int32_t i = bodyLo; i < bodyHi; ++i) {
        const int32_t b = c->bodies[i];
        minX = fmin(minX, world->x[b]);
        maxX = fmax(maxX, world->x[b]);
        minY = fmin(minY, world->y[b]);
        maxY = fmax(maxY, world->y[b]);
    }
    const int axis = (maxX - minX) >= (maxY - minY) ? 0 : 1;
    const int32_t bodyMid = bodyLo + bodyCount / 2;
    sd_select_bodies(world, c->bodies, bodyLo, bodyHi, bodyMid, axis);
    uint8_t* side = c->sp->side;
    for (int32_t i = bodyLo; i < bodyHi; ++i) side[c->bodies[i]] = i < bodyMid ? 0 : 1;
    // Three-way partition of the rows: left side, right side, separator.
    int32_t* rows = c->rows;
    int32_t lt = rowLo, i = rowLo, gt = rowHi;
    while (i < gt) {
        int32_t a, b;
        sd_row_ends(c, rows[i], &a, &b);
        const int sa = a >= 0 ? side[a] : (b >= 0 ? side[b] : 0);
        const int sb = b >= 0 ? side[b] : sa;
        const int which = sa == sb ? sa : 2; // 0 left, 1 right, 2 separator
        if (which == 0) {
            const int32_t t = rows[lt];
            rows[lt++] = rows[i];
            rows[i++] = t;
        } else if (which == 2) {
            gt -= 1;
            const int32_t t = rows[gt];
            rows[gt] = rows[i];
            rows[i] = t;
        } else {
            i += 1;
        }
    }
    // rows[rowLo, lt) left, [lt, gt) right, [gt, rowHi) separator.
    const int32_t left = sd_dissect(c, bodyLo, bodyMid, rowLo, lt, depth + 1);
    const int32_t right = sd_dissect(c, bodyMid, bodyHi, lt, gt, depth + 1);
    if (gt == rowHi) return left + right; // nothing joins the sides
    sd_emit(c, gt, rowHi, left + right);
    return 1;
}

int32_t sd_sparse_order(sdWorld* world, const sdIsland* island) {
    sdSolverScratch* s = &world->scratch;
    sdSparseState* sp = &s->sparse;
    sdOrderContext c = {world, island, sp, sp->work, sp->bodies, 0};
    // The island's bodies (each once) and its rows.
    int32_t bodyCount = 0;
    for (int32_t p = 0; p < island->rowCount; ++p) {
        c.rows[p] = p;
        int32_t ends[2];
        sd_row_ends(&c, p, &ends[0], &ends[1]);
        for (int e = 0; e < 2; ++e) {
            if (ends[e] < 0 || sp->side[ends[e]] == 2) continue;
            sp->side[ends[e]] = 2; // listed
            c.bodies[bodyCount++] = ends[e];
        }
    }
    const int32_t first = sp->superCount;
    const int32_t roots = sd_dissect(&c, 0, bodyCount, 0, island->rowCount, 0);
    (void)roots;
    for (int32_t i = 0; i < bodyCount; ++i) sp->side[c.bodies[i]] = 0;
    return sp->superCount - first;
}
