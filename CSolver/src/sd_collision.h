// Collision shapes, contacts and manifolds: the internal layout shared by the collision stages (shape.c,
// broadphase.c, manifold.c, contact.c, contact_islands.c, contact_solver.c). Internal.
#ifndef SD_COLLISION_H
#define SD_COLLISION_H

#include "CSolver.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Distance (pt) within which every pair gets contact points, whatever its speed: covers resting contacts and
/// the small motions of a step (Box2D v3's speculative distance, 4 × its 0.5 pt slop).
#define sdSpeculativeBase 2.0
/// A point is touching (for contact events and islands) when its separation is below this (pt), or when its
/// constraint pushed during the step.
#define sdTouchSlop 0.5
/// Relative normal speed (pt/s) below which impacts do not bounce (UIKit/Box2D: 1 m/s).
#define sdRestitutionThreshold 100.0
/// Contact islands with at most this many rows (contact normal and friction rows plus the joint rows they
/// hold) are solved exactly; larger ones (piles) iteratively.
#define sdDirectContactRows 96
/// Joint islands held by a large contact island are factored densely up to this many rows (contact_solver.c).
#define sdHeldDenseRows 256

/// One shape. Geometry is in its body's local frame; polygons keep outward unit normals per edge.
typedef struct sdShape {
    int32_t body;        // slot
    uint8_t type;        // sdShapeType
    int32_t count;       // polygon vertices (2 for a segment, 0 for a circle)
    double* vertices;    // 2·count: x0, y0, x1, y1, …  (circle: NULL)
    double* normals;     // 2·count: outward unit normal of edge i (vertex i → i+1); segments: +n, −n
    double centerX, centerY, radius; // circle
    double extent;       // largest distance from the body centre to the shape (for rotation sweeps)
    double thickness;    // its smallest width (a circle's diameter; 0 for a segment): how far it may move in a
                         // substep before continuous collision must check that it did not pass through something
    uint64_t category, mask, userData;
    int32_t next;        // next shape of the same body, or −1
    // World bounding box at the last collision pass, swept over the step and grown by half the speculative
    // distance; the enlarged box the broadphase keeps (re-made, larger by sdFatMargin, only when the swept box
    // leaves it), whether it covers too many grid cells to be binned, and the broadphase's per-step state.
    double minX, minY, maxX, maxY;
    double fatMinX, fatMinY, fatMaxX, fatMaxY;
    bool fatValid;   // false: new, or its filter changed; the next pass re-makes the box and re-finds its pairs
    bool enlarged;   // this pass re-made the box (or the body started or stopped moving): its pairs were re-found
    bool moved;      // whether the body moved at the last pass
    bool oversized;
} sdShape;

/// What a contact's update reads of each of its shapes, per shape slot in a compact array of cache-line records: a
/// contact's second shape is a scattered read, of three cache lines in the 176 B sdShape and of one more line in
/// each per-body array its body's material was read from, but of one line here. Copies of the record's fields and
/// of its body's (refreshed by every collision pass), and the pass that last posed the shape.
typedef struct sdShapeHot {
    int32_t body;
    uint8_t type;
    bool enlarged;       // sdShape.enlarged
    bool jointed;        // its body has a joint (this pass)
    int32_t count;
    uint32_t posedPass;  // the collision pass that last posed it (sdPosedShape), 0 for never
    uint32_t generation; // the slot's generation while the shape lives
    double radius;
    uint64_t userData;
    double reach;        // how far it can move towards another shape this pass (0 if its body does not move)
    double friction, restitution; // its body's, this pass
} sdShapeHot;
_Static_assert(sizeof(sdShapeHot) == 64, "sdShapeHot is one cache line");

/// Polygons with this many vertices (boxes) are posed in the world once per collision pass, not per contact.
#define sdPosedVertices 4
/// A shape as posed at the collision pass (manifold.c): a box's world vertices and edge normals, or a circle's
/// centre (v[0], v[1]).
typedef struct sdPosedShape {
    double v[2 * sdPosedVertices];
    double n[2 * sdPosedVertices];
} sdPosedShape;

/// The bounds of `shape` as `posed`: a circle's centre ± its radius, or the least and greatest coordinates of a
/// box's vertices (compared in the order sd_shape_bounds compares them, so the same values).
static inline void sd_posed_bounds(const sdShape* shape, const sdPosedShape* posed, double* minX, double* minY,
                                   double* maxX, double* maxY) {
    const double* v = posed->v;
    if (shape->type == sdShapeType_circle) {
        *minX = v[0] - shape->radius;
        *maxX = v[0] + shape->radius;
        *minY = v[1] - shape->radius;
        *maxY = v[1] + shape->radius;
        return;
    }
    double lx = INFINITY, ly = INFINITY, ux = -INFINITY, uy = -INFINITY;
    for (int32_t i = 0; i < sdPosedVertices; ++i) {
        const double x = v[2 * i], y = v[2 * i + 1];
        if (x < lx) lx = x;
        if (x > ux) ux = x;
        if (y < ly) ly = y;
        if (y > uy) uy = y;
    }
    *minX = lx;
    *minY = ly;
    *maxX = ux;
    *maxY = uy;
}

/// One contact point, kept across steps by its feature id (warm starting, touch state). What the soft step's
/// preparation reads and writes comes first: 88 bytes of a point, 96 with the tangent impulse (a first point's).
typedef struct sdContactPoint {
    // Where the point is relative to each body, world frame, at collision time: `anchor` turns with the body
    // (a polygon's vertex or face; a circle's centre) and `offset` does not (from a circle's centre to its
    // surface along the normal: the point on a rolling circle stays at the bottom). Polygons: offset 0.
    double anchorAX, anchorAY, offsetAX, offsetAY;
    double anchorBX, anchorBY, offsetBX, offsetBY;
    double approachVelocity;    // relative normal velocity at the start of the substep (restitution), pt/s
    double separation;          // along the normal at collision time (pt; negative = overlapping)
    double normalImpulse;       // accumulated this step, and the warm start of the next
    double tangentImpulse;      // (the three impulses side by side: the manifold zeroes and carries them in pairs)
    double maxNormalImpulse;    // largest normal impulse of any substep this step (touch detection)
    double touchX, touchY;      // world point midway between the surfaces when it pushed hardest this step
    uint32_t id;                // feature id: which features of the two shapes made this point
} sdContactPoint;

/// A contact between two shapes (A's index below B's), alive while their kept boxes overlap. The shapes'
/// generations and tags (the merge and the end events read them) come first, then what the passes over every
/// contact read, then the points. The soft step's preparation reads the record from its point count to its last
/// point's normal impulse (a one-point contact's tangent impulse): 248 bytes for two points, 136 for one, about
/// 4.75 and 3 cache lines where the generations and tags amid its fields made it 5.5 and 3.5; the points stay
/// where they were, so a one-point contact's update writes no more lines than before.
typedef struct sdContact {
    uint32_t generationA, generationB; // the shapes' generations: a destroyed shape's contacts are dropped
    uint64_t userDataA, userDataB;     // the shapes' tags, for the end event of a destroyed shape
    int32_t shapeA, shapeB;
    int32_t bodyA, bodyB;
    int32_t pointCount;           // 0, 1 or 2
    bool touching;                // as of the end of the last step
    bool jointed;                 // its bodies are joined by a joint: an overlap is held, never pushed apart
    double normalX, normalY;      // unit, from A to B, fixed for the step
    double friction, restitution; // mixed: geometric mean, maximum
    sdContactPoint points[2];
} sdContact;

/// The bodies joined by joints and touching contacts in one step, solved together: exactly when small
/// (`direct`), iteratively when large.
typedef struct sdContactIsland {
    int32_t contactStart, contactCount; // its active contacts, in `activeContacts`
    int32_t layoutStart, layoutCount;   // the joint layout islands it holds, in `ownedLayout`
    int32_t rowCount;                   // joint rows plus a normal and a friction row per contact point
    int32_t bodyStart, bodyCount;       // large islands: their bodies' local slots, in `softBodies`
    int32_t slotStart, slotCount;       // large islands: their lanes in sweep order, in `soft` and `softSlotContact`
                                        // (both multiples of sdSoftLanes)
    bool direct;
} sdContactIsland;

/// Contacts the wide sweep solves side by side (contact_soft_sweep.c): the lanes of a block.
#define sdSoftLanes 4

/// The bodies are joined by a joint: the biased sweeps do not push an overlap apart.
#define sdSoftFlag_jointed 1
/// Some point met at an impact faster than the restitution threshold, and the contact is elastic: the restitution
/// pass looks at it (the others it skips without reading the contact).
#define sdSoftFlag_bounces 2
/// One body cannot move (static, anchored or kinematic): the overlap pushes out at the stiffer softness, as Box2D
/// v3's static softness, so the floor under a deep pile is not pressed in by the whole pile's weight.
#define sdSoftFlag_still 4

/// The points of a block's contacts as the soft step (large islands) solves them this step, field by field: one
/// entry per lane.
typedef struct sdSoftPointLanes {
    double ca[sdSoftLanes], cb[sdSoftLanes];     // rA × n and rB × n at the step's start (the normal row's angular
                                                 // terms)
    double pa[sdSoftLanes], qa[sdSoftLanes];     // turning anchors' r·n and r × n: how a turn moves the point along
    double pb[sdSoftLanes], qb[sdSoftLanes];     // the normal
    double baseSeparation[sdSoftLanes];          // separation at the step's start, less pb − pa (sd_point_separation)
    double normalK[sdSoftLanes], normalMass[sdSoftLanes]; // J·M⁻¹·Jᵀ along the normal, and its inverse
    double impulse[sdSoftLanes], maxImpulse[sdSoftLanes]; // accumulated normal impulse this step, and its largest
    double separation[sdSoftLanes];              // at this substep's positions (the warm start): the biased sweeps
} sdSoftPointLanes;

/// sdSoftLanes contacts of a large island — everything a sweep reads, their points and each one's friction row at
/// their mean arm — field by field with one entry per lane, so the sweep loads and stores each field of a block as
/// one vector instead of gathering it from four records. The preparation builds a block's lanes together
/// (contact_soft.c). The contacts of a block share no moving body (contact_order.c); lane `slot % sdSoftLanes` of
/// block `slot / sdSoftLanes`. A padding lane joins the null body with zero points and zero masses, and pushes
/// nothing; a one-point contact's second point is zeros, and a block of one-point contacts (a block holds one kind)
/// leaves its second points unset: nothing reads them.
typedef struct sdSoftBlock {
    int32_t a[sdSoftLanes], b[sdSoftLanes];      // local body slots (softBodies) × sdSoftBodyDoubles
    int32_t pointCount[sdSoftLanes];             // 0 in a padding lane
    int32_t flags[sdSoftLanes];                  // sdSoftFlag_…
    double nx[sdSoftLanes], ny[sdSoftLanes];
    double friction[sdSoftLanes];
    double k01[sdSoftLanes];                     // coupling of the two points' normal rows (J₀·M⁻¹·J₁ᵀ)
    double fca[sdSoftLanes], fcb[sdSoftLanes];   // the friction row's angular terms
    double tangentMass[sdSoftLanes], tangentImpulse[sdSoftLanes];
    sdSoftPointLanes points[2];
} sdSoftBlock;

/// A body of a large island as the sweeps see it: velocity, inverse masses, and motion since the step's start
/// (centre displacement, and cos/sin of the turn).
typedef struct sdSoftBody {
    double vx, vy, w;
    double invMass, invInertia;
    double dx, dy, c, s;
} sdSoftBody;

/// The doubles of a soft body. A block names its lanes' bodies by local slot times this: an index of a double, so
/// the sweeps address a body with one scaled index instead of working out slot × 72 bytes first.
#define sdSoftBodyDoubles ((int32_t)(sizeof(sdSoftBody) / sizeof(double)))
_Static_assert(sizeof(sdSoftBody) % sizeof(double) == 0, "a soft body is whole doubles");

/// A body of a large island at the step's start, for the preparation's closing speeds: its velocity when the step
/// began (v0) and its free velocity (gravity and forces applied, nothing pushed yet).
typedef struct sdSoftStart {
    double v0x, v0y, w0;
    double vx, vy, w;
} sdSoftStart;

/// A pair the broadphase found: shape indices with a < b.
typedef struct sdShapePair {
    int32_t a, b;
} sdShapePair;

/// sdBroadEntry.flags: the shape was enlarged this pass.
#define sdBroadFlag_enlarged 1
/// sdBroadEntry.flags: its body moves this step (dynamic and awake).
#define sdBroadFlag_moves 2
/// sdBroadEntry.flags: its filter meets every shape that has a category (mask all ones, category not zero), so two
/// such shapes pass the filter test without reading their records.
#define sdBroadFlag_openFilter 4

/// A shape binned in a cell of the broadphase grid: a copy of its kept box, of its lower corner's cell and of what
/// the pair test asks of it, so the tests between the entries of a bucket read the entries in order instead of two
/// scattered shape records (one cache line each).
typedef struct sdBroadEntry {
    double minX, minY, maxX, maxY; // the shape's kept box
    int64_t cell;                  // the cell's id (buckets may mix cells)
    int32_t cornerX, cornerY;      // the coordinates of the cell holding the box's lower corner
    int32_t shape;
    int32_t body;
    uint8_t flags;                 // sdBroadFlag_…
} sdBroadEntry;

/// The grid cells a kept box covers, x0..x1 by y0..y1 (empty, x1 < x0, for a shape too large to bin): worked out once
/// a pass, where the box is sized for the grid, and read by the binning's two passes and the lookups.
typedef struct sdCellRange {
    int32_t x0, y0, x1, y1;
} sdCellRange;

/// Everything the collision stages keep in a world.
typedef struct sdCollisionState {
    // Shapes (slot + generation, like bodies and joints).
    sdShape* shapes;
    sdShapeHot* shapeHot;       // per shape slot: what contact updates read (sdShapeHot)
    uint8_t* shapeAlive;
    uint32_t* shapeGeneration;
    int32_t* shapeFreeSlots;
    int32_t shapeCapacity, shapeSlotCount, shapeCount, shapeFreeCount;

    // Contacts of the last step, sorted by (shapeA, shapeB), and the buffer the next step builds into.
    sdContact* contacts;
    int32_t contactCount, contactCapacity;
    sdContact* nextContacts;
    int32_t nextContactCapacity;
    // Worker threads (contact.c): what each contact slot of the pass becomes, when the manifolds are computed on the
    // world's task pool after a serial merge; and whether this pass does so (the bounds pass then poses every box
    // and circle, so no contact poses a shared shape lazily). Before the merge, tasks copy each old contact's key
    // and decide its fate (sdFate…), so the merge reads these compact arrays instead of every 336 B record. When
    // the step finishes, tasks note each contact's change of touch state (contactChange) for the events that follow.
    struct sdContactJob* contactJobs;
    sdShapePair* contactKeys;
    uint8_t* contactFate;
    uint8_t* contactChange;
    int32_t contactJobCapacity;
    bool parallelPass;

    // Body pairs joined by a joint, as sorted keys (lower slot << 32 | higher slot), rebuilt when joints changed.
    uint64_t* jointPairs;
    int32_t jointPairCount, jointPairCapacity;
    uint64_t jointsChanged, jointPairsBuilt; // bumped by joint creation and destruction; the count last built for

    // Broadphase scratch.
    bool pairsFound;            // some shape was enlarged this pass (pairs holds its pairs; else pairs is empty)
    sdShapePair* pairs;
    int32_t pairCount, pairCapacity;
    sdShapePair* pairScratch;
    int32_t* cellStart;     // bucket → first entry (counting sort)
    sdBroadEntry* cellEntries; // entries (binned shapes) in bucket order
    int32_t cellCapacity, entryCapacity;
    int32_t* shapeEntries;  // scratch: the oversized shapes
    sdCellRange* shapeCells; // scratch per shape slot: the grid cells its kept box covers (sized by the pass that bins it)
    int32_t* enlargedShapes; // the shapes enlarged this pass, in slot order (per shape slot of capacity)
    // Worker threads: per shape slot, what the bounds pass's tasks found (sdMark…) and its kept box's larger side
    // if its body moves.
    uint8_t* shapeMarks;
    double* shapeSize;
    int32_t* pairCounts;    // scratch: counting-sort counts, one per shape slot + 1
    // Worker threads (broadphase.c): the pair tests' tasks write into equal regions of taskPairs (a pair {i, −1}
    // notes oversized shape i), concatenated in task order after the join.
    sdShapePair* taskPairs;
    int32_t taskPairCapacity;

    // Contact events of the last step.
    sdContactBeginEvent* beginEvents;
    int32_t beginCount, beginCapacity;
    sdContactEndEvent* endEvents;
    int32_t endCount, endCapacity;

    // Body positions and angles at collision time (substeps measure motion since then).
    double* collideX;
    double* collideY;
    double* collideAngle;
    // cos and sin of how far each body turned since the collision pass, cached for that turn (contact arms of
    // one body share them; trig per point would dominate the contact solve).
    double* turnAngle;
    double* turnCos;
    double* turnSin;
    // Per body slot, for continuous collision's quick test: its shapes' largest extent and smallest thickness
    // (infinite without a shape that has one), and how far any of its points moved this substep (at most).
    double* bodyExtent;
    double* bodyThickness;
    double* bodyMotion;
    // Per body slot, this substep: whether it moved more than an eighth of the thinnest shape's thickness (a contact
    // between two bodies that did not passes continuous collision's quick test; continuous.c).
    uint8_t* bodyFast;
    int32_t collideCapacity;
    // The shapes whose body did not move at the collision pass (static or resting), in slot order: what continuous
    // collision sweeps a shape that outran the pass against (sized with the shape slots, so never grown in a step).
    int32_t* stillShapes;
    int32_t stillShapeCount;
    // Per shape slot: its pose at this pass, made by the first contact that needs it (manifold.c), and the pass
    // count that dates those poses (sdShapeHot.posedPass). Cache-line aligned, as shapeHot: two lines a pose.
    sdPosedShape* posedShapes;
    uint32_t collidePass;

    // Contact islands of the step: union-find over joints and active contacts (the rest stage uses it too).
    int32_t* islandParent;
    int32_t* islandOfRoot;      // per body slot: the contact island of that root, or −1
    int32_t islandCapacity;
    int32_t* activeContacts;    // active contacts grouped by contact island
    // Per contact of the step, written by the collision pass while the record is in cache, so the passes after it
    // (waking, island grouping, continuous collision's quick test each substep) read these instead of every
    // 336 B record: its two body slots, its point count, and whether it is in the solver this step (has points,
    // one body moves; set by the island grouping).
    int32_t* contactBodies;
    uint8_t* contactPoints;
    uint8_t* contactActive;
    // Per contact of the step: it touched at the last step's end and some point pushed in this one, so it still
    // touches and sends no event. The soft step sets it while it writes the record (0 for the rest, set by the
    // island grouping), and sd_finish_contacts skips these records instead of reading every one again.
    uint8_t* contactSettled;
    int32_t contactInfoCapacity;
    int32_t* activeFound;       // scratch while grouping, per active contact in contact order: its index,
    int32_t* activeBody;        // its dynamic body (then its island),
    uint8_t* activeRows;        // and its rows
    int32_t activeCount, activeCapacity;
    sdContactIsland* contactIslands;
    int32_t contactIslandCount, contactIslandCapacity;
    int32_t* ownedLayout;       // joint layout islands grouped by the contact island that holds them
    int32_t ownedCapacity;
    sdSoftBlock* soft;          // the soft step's constraints in sweep order, sdSoftLanes a block (large islands only)
    int32_t* softSlotContact;   // per lane: its contact (index in `contacts`), or −1 for padding
    int32_t* softLaneBodies;    // per lane: its contact's two local body slots (2 entries; unset in padding)
    int32_t softCapacity;       // lanes (sdSoftLanes per block)
    sdSoftBody* softBodies;     // the soft step's bodies, by local slot (each large island a range)
    int32_t* softBodySlot;      // per local slot: the world's body slot
    double* softBodyAngle;      // per local slot: the angle its cos/sin were last turned to
    sdSoftStart* softBodyStart; // per local slot: its velocities at the step's start (the preparation reads them)
    int32_t softBodyCapacity;   // the last slot is the null body padding lanes join (never moves, zero masses)
    int32_t* softLocal;         // per world body slot: its provisional local slot (sd_number_soft_bodies; below a
                                // later island's bodyStart, so "not seen in this island yet" stays a comparison)
    int32_t softLocalCapacity;
    // Sweep ordering of the soft step (contact_order.c), by local body slot and by active contact.
    int32_t* softDepth;         // contacts between the body and a body that does not move
    int32_t* softAdjacencyStart;
    int32_t* softAdjacency;     // per local body: its neighbours across its contacts
    int32_t* softQueue;
    int32_t* softOrder;         // per active contact: sort scratch
    int32_t* softEnds;          // per active contact: the local slots of its two bodies (2 entries)
    int32_t* softDepthBucket;   // per active contact: its depth bucket (the ordering's counting sort)
    uint32_t* softAfterBlock;   // per local body: 1 + the block of its latest contact laid out (0: none yet)
    uint8_t* softMoves;         // per local body: 1 if it can move (the block filling reads this, not its record)
    int32_t softOrderCapacity;
} sdCollisionState;

struct sdWorld;

// shape.c
/// Wakes every body that has a contact with a static body's shapes: it moved, changed or goes away, and what rests
/// on it must notice (a dynamic body's sleep ring does this for it). No effect for a dynamic body.
void sd_wake_resting_on(struct sdWorld* world, int32_t body);
/// Frees every shape and contact buffer.
void sd_free_collision(sdCollisionState* collision);
/// Destroys every shape of body slot `body` (called when the body is destroyed).
void sd_destroy_body_shapes(struct sdWorld* world, int32_t body);
/// World bounding box of a shape at the body's current position.
void sd_shape_bounds(const struct sdWorld* world, const sdShape* shape, double* minX, double* minY, double* maxX,
                     double* maxY);

// broadphase.c
/// Margin (pt) by which a shape's kept box exceeds its swept box when re-made: a body that creeps less than this
/// keeps its box, and its pairs need not be looked for again.
#define sdFatMargin 1.0
/// Updates every shape's kept box and finds the pairs (sorted by (a, b)) of shapes whose kept boxes overlap, that
/// may collide (filters, different bodies, at least one moving body), and of which at least one was enlarged this
/// pass: every other pair with overlapping kept boxes was found before and is still a contact. Sets
/// `pairsFound` when any shape was enlarged. On the way, fills the pass's per-shape records (sdShapeHot's reach,
/// friction, restitution and jointed; stillShapes; bodyExtent and bodyThickness, which sd_collide resets first).
/// Returns outOfMemory if a buffer cannot grow.
int sd_find_pairs(struct sdWorld* world, double dt);

/// A shape's polygon (or segment) in world coordinates.
typedef struct sdWorldPolygon {
    int32_t count;
    double v[2 * sdMaxPolygonVertices];
    double n[2 * sdMaxPolygonVertices];
} sdWorldPolygon;

// manifold.c
/// A polygon or segment shape placed at centre (px, py) turned by `angle`.
void sd_pose_polygon(const sdShape* shape, double px, double py, double c, double s, sdWorldPolygon* out);
/// The edge of `p` whose normal separates `q` the most (`*edge`), and that separation: a lower bound of the
/// distance between the two polygons when they are apart.
double sd_max_separation(const sdWorldPolygon* p, const sdWorldPolygon* q, int32_t* edge);
/// Poses shape `index` for the collision pass (sdPosedShape) and writes its bounds (minX … maxY) from that pose,
/// if it is a circle or a box (returns false for other shapes, untouched). The bounds are sd_shape_bounds' bit for
/// bit; the bounds pass poses the shapes of moving bodies so, while it reads their vertices anyway, and their
/// contacts find them posed (every box and circle, moving or not, in a parallel pass: parallelPass). The pass
/// counter (collidePass) must be current.
bool sd_pose_shape_bounds(struct sdWorld* world, int32_t index);
/// Computes the manifold of shapes a and b into `contact` (the contact points in world space, `normal` from A to B,
/// keeping points whose separation is below the pair's speculative distance), carrying impulses over from `old`
/// (matched by feature id) when it is the same contact (`old` may be `contact` itself, or NULL).
void sd_update_contact(struct sdWorld* world, int32_t a, int32_t b, const sdContact* old, sdContact* contact);

// contact.c
/// Whether bodies a and b, both with joints, are joined by one (binary search of the sorted pair keys).
bool sd_bodies_joined(const struct sdWorld* world, int32_t a, int32_t b);
/// The collision pass of a step: bounds, pairs, manifolds merged with the last step's contacts (warm starts),
/// sleeping islands woken by moving bodies. Returns outOfMemory (nothing changed) if a buffer cannot grow.
int sd_collide(struct sdWorld* world, double dt);
/// After the substeps: which contacts touch, and the began/ended events.
void sd_finish_contacts(struct sdWorld* world);
/// The offsets of a contact point from its two bodies' centres now (anchors turned by how much each body turned
/// since the collision pass, plus the offsets that do not turn).
void sd_contact_arms(struct sdWorld* world, const sdContact* contact, const sdContactPoint* point, double* rax,
                     double* ray, double* rbx, double* rby);
/// Separation of a contact point now, from its arms now (sd_contact_arms): its collision-time separation plus how
/// far the anchors moved along the normal since then.
double sd_contact_separation_at(const struct sdWorld* world, const sdContact* contact, const sdContactPoint* point,
                                double rax, double ray, double rbx, double rby);

// contact_soft.c (large islands)
// contact_order.c
/// Orders a large island's contacts so a sweep meets them farthest from the ground first: by how many contacts
/// separate them from a body that does not move, most first. A sweep then carries the weight of a pile down in one
/// pass, and the contacts with static bodies come last in every sweep, so nothing leaves a sweep moving into a
/// wall or floor (a thin boundary is never pushed through by the load above it). The order is then cut into
/// blocks of sdSoftLanes contacts that share no moving body, without changing what a sweep computes: the
/// island's lanes are [*nextSlot, …) of `softSlotContact` (island->slotStart, slotCount), −1 in padding lanes.
/// Reads `softEnds` and `softBodySlot`; buffers are reserved by sd_prepare_contact_islands.
void sd_order_soft_contacts(struct sdWorld* world, sdContactIsland* island, int32_t* nextSlot);

/// First substep: gives the island's bodies local slots from `*nextBody` on, orders its contacts into lanes from
/// `*nextSlot` on, builds the soft constraints of its contacts for the step (arms, masses, separations, closing
/// speeds), and warm starts them (what sd_warm_start_soft_contacts does in the later substeps). Buffers are
/// reserved by sd_prepare_contact_islands.
void sd_prepare_soft_contacts(struct sdWorld* world, sdContactIsland* island, int32_t* nextBody, int32_t* nextSlot,
                              double h);
/// Each substep after the first: reads the bodies' free velocities and motion, and applies the impulses
/// accumulated so far.
void sd_warm_start_soft_contacts(struct sdWorld* world, const sdContactIsland* island);
/// Biased sweeps per substep of a large island's velocity stage.
#define sdSoftIterations 2
/// One biased sweep of the velocity stage.
void sd_solve_soft_contacts(struct sdWorld* world, const sdContactIsland* island, double h);
/// Writes the local velocities of the island's bodies back to the world (after the biased sweeps).
void sd_finish_soft_velocities(struct sdWorld* world, const sdContactIsland* island);
/// Reads the world's velocities of the island's bodies into their local slots (after joint rows changed them).
void sd_gather_soft_velocities(struct sdWorld* world, const sdContactIsland* island);
/// After the positions moved: relax sweeps; on the step's last substep restitution too, and the impulses go
/// back to the contact points.
void sd_relax_soft_contacts(struct sdWorld* world, const sdContactIsland* island, double h, bool lastSubstep);

// contact_soft_sweep.c
/// A soft push-out's terms: its bias rate on an overlap (1/s), the leak of its softness (softness = leak · K), and
/// its mass scale 1/(1 + leak).
typedef struct sdSoftness {
    double biasRate, leak, softScale;
} sdSoftness;
/// The terms of a sweep: the softness of contacts between moving bodies and of contacts with a body that cannot
/// move (sdSoftFlag_still), 1/h, and the fastest push-out (pt/s). A relaxing sweep has `bias` false.
typedef struct sdSoftSweepTerms {
    bool bias;
    sdSoftness moving, still;
    double inverseH, maxPushOut;
} sdSoftSweepTerms;
/// One sweep over a large island's lanes at the bodies' current motion, a block of sdSoftLanes contacts at once
/// (vector instructions; AVX2 where the processor has it). It computes what a one-contact-at-a-time sweep in the
/// sorted order would, bit for bit (contact_order.c).
void sd_soft_sweep_lanes(struct sdWorld* world, const sdContactIsland* island, const sdSoftSweepTerms* terms);
/// The warm start of a large island's lanes (the accumulated impulses applied to the bodies), a block at a time;
/// what a one-contact-at-a-time warm start in lane order gives, bit for bit.
void sd_soft_warm_start_lanes(struct sdWorld* world, const sdContactIsland* island);

// continuous.c
/// After a substep's positions: bodies that moved or turned far for their size are swept, pose by pose from
/// the substep's start, against the shapes they may reach; one that would pass through stops at its time of
/// impact (conservative advancement).
void sd_solve_continuous(struct sdWorld* world);

// contact_islands.c
/// After the collision pass and the joint layout: the step's islands over joints and active contacts, which joint
/// islands they take over, and scratch for their systems. Always run (rest detection uses its union-find).
int sd_prepare_contact_islands(struct sdWorld* world);

// contact_solver.c
/// Velocity stage of every contact island for substep h (after the joint islands).
void sd_solve_contact_velocities(struct sdWorld* world, double h, int32_t substep);
/// After the positions moved: impacts bounce by their restitution, and the trapezoidal update's spurious
/// separating speed is removed.
void sd_apply_restitution(struct sdWorld* world, double h, bool lastSubstep);
/// Position stage of every contact island: overlaps (and the rigid joint rows held) moved back to zero error.
void sd_project_contacts(struct sdWorld* world);

#endif
