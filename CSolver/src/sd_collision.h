// Collision shapes, contacts and manifolds: the internal layout shared by the collision stages (shape.c,
// broadphase.c, manifold.c, contact.c, contact_islands.c, contact_solver.c). Internal.
#ifndef SD_COLLISION_H
#define SD_COLLISION_H

#include "CSolver.h"

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
    // distance; and whether it covers too many grid cells to be binned.
    double minX, minY, maxX, maxY;
    bool oversized;
} sdShape;

/// One contact point, kept across steps by its feature id (warm starting, touch state).
typedef struct sdContactPoint {
    // Where the point is relative to each body, world frame, at collision time: `anchor` turns with the body
    // (a polygon's vertex or face; a circle's centre) and `offset` does not (from a circle's centre to its
    // surface along the normal: the point on a rolling circle stays at the bottom). Polygons: offset 0.
    double anchorAX, anchorAY, offsetAX, offsetAY;
    double anchorBX, anchorBY, offsetBX, offsetBY;
    double separation;          // along the normal at collision time (pt; negative = overlapping)
    double normalImpulse;       // accumulated this step, and the warm start of the next
    double tangentImpulse;
    double maxNormalImpulse;    // largest normal impulse of any substep this step (touch detection)
    double approachVelocity;    // relative normal velocity at the start of the substep (restitution), pt/s
    double touchX, touchY;      // world point midway between the surfaces when it pushed hardest this step
    uint32_t id;                // feature id: which features of the two shapes made this point
} sdContactPoint;

/// A contact between two shapes (A's index below B's), alive while their swept boxes overlap.
typedef struct sdContact {
    int32_t shapeA, shapeB;
    uint32_t generationA, generationB; // the shapes' generations: a destroyed shape's contacts are dropped
    uint64_t userDataA, userDataB;     // the shapes' tags, for the end event of a destroyed shape
    int32_t bodyA, bodyB;
    double normalX, normalY;  // unit, from A to B, fixed for the step
    int32_t pointCount;       // 0, 1 or 2
    sdContactPoint points[2];
    double friction, restitution; // mixed: geometric mean, maximum
    bool touching;                // as of the end of the last step
    bool active;                  // in the solver this step (has points, one body moves)
} sdContact;

/// The bodies joined by joints and touching contacts in one step, solved together: exactly when small
/// (`direct`), iteratively when large.
typedef struct sdContactIsland {
    int32_t contactStart, contactCount; // its active contacts, in `activeContacts`
    int32_t layoutStart, layoutCount;   // the joint layout islands it holds, in `ownedLayout`
    int32_t rowCount;                   // joint rows plus a normal and a friction row per contact point
    bool direct;
} sdContactIsland;

/// A pair the broadphase found: shape indices with a < b.
typedef struct sdShapePair {
    int32_t a, b;
} sdShapePair;

/// Everything the collision stages keep in a world.
typedef struct sdCollisionState {
    // Shapes (slot + generation, like bodies and joints).
    sdShape* shapes;
    uint8_t* shapeAlive;
    uint32_t* shapeGeneration;
    int32_t* shapeFreeSlots;
    int32_t shapeCapacity, shapeSlotCount, shapeCount, shapeFreeCount;

    // Contacts of the last step, sorted by (shapeA, shapeB), and the buffer the next step builds into.
    sdContact* contacts;
    int32_t contactCount, contactCapacity;
    sdContact* nextContacts;
    int32_t nextContactCapacity;

    // Broadphase scratch.
    sdShapePair* pairs;
    int32_t pairCount, pairCapacity;
    sdShapePair* pairScratch;
    int32_t* cellStart;     // bucket → first entry (counting sort)
    int32_t* cellEntries;   // entries (shape indices) in bucket order
    int64_t* entryCell;     // the cell key of each entry (buckets may mix cells)
    int32_t cellCapacity, entryCapacity;
    int32_t* shapeEntries;  // scratch: the oversized shapes
    int32_t* pairCounts;    // scratch: counting-sort counts, one per shape slot + 1

    // Contact events of the last step.
    sdContactBeginEvent* beginEvents;
    int32_t beginCount, beginCapacity;
    sdContactEndEvent* endEvents;
    int32_t endCount, endCapacity;

    // Body positions and angles at collision time (substeps measure motion since then).
    double* collideX;
    double* collideY;
    double* collideAngle;
    int32_t collideCapacity;

    // Contact islands of the step: union-find over joints and active contacts (the rest stage uses it too).
    int32_t* islandParent;
    int32_t* islandOfRoot;      // per body slot: the contact island of that root, or −1
    int32_t islandCapacity;
    int32_t* activeContacts;    // active contacts grouped by contact island
    int32_t activeCount, activeCapacity;
    sdContactIsland* contactIslands;
    int32_t contactIslandCount, contactIslandCapacity;
    int32_t* ownedLayout;       // joint layout islands grouped by the contact island that holds them
    int32_t ownedCapacity;
} sdCollisionState;

struct sdWorld;

// shape.c
/// Frees every shape and contact buffer.
void sd_free_collision(sdCollisionState* collision);
/// Destroys every shape of body slot `body` (called when the body is destroyed).
void sd_destroy_body_shapes(struct sdWorld* world, int32_t body);
/// World bounding box of a shape at the body's current position.
void sd_shape_bounds(const struct sdWorld* world, const sdShape* shape, double* minX, double* minY, double* maxX,
                     double* maxY);

// broadphase.c
/// Finds every pair of shapes whose swept boxes overlap, that may collide (filters, different bodies, at least
/// one moving body), sorted by (a, b). Returns outOfMemory if a buffer cannot grow.
int sd_find_pairs(struct sdWorld* world, double dt);

/// A shape's polygon (or segment) in world coordinates.
typedef struct sdWorldPolygon {
    int32_t count;
    double v[2 * sdMaxPolygonVertices];
    double n[2 * sdMaxPolygonVertices];
} sdWorldPolygon;

// manifold.c
/// A polygon or segment shape placed at centre (px, py) turned by `angle`.
void sd_pose_polygon(const sdShape* shape, double px, double py, double angle, sdWorldPolygon* out);
/// The edge of `p` whose normal separates `q` the most (`*edge`), and that separation: a lower bound of the
/// distance between the two polygons when they are apart.
double sd_max_separation(const sdWorldPolygon* p, const sdWorldPolygon* q, int32_t* edge);
/// Contact points of two shapes in world space (`normal` from A to B), keeping points whose separation is below
/// `maxDistance`. Returns the point count (0–2).
int32_t sd_collide_shapes(const struct sdWorld* world, const sdShape* a, const sdShape* b, double maxDistance,
                          double* normalX, double* normalY, sdContactPoint* points);

// contact.c
/// The collision pass of a step: bounds, pairs, manifolds merged with the last step's contacts (warm starts),
/// sleeping islands woken by moving bodies. Returns outOfMemory (nothing changed) if a buffer cannot grow.
int sd_collide(struct sdWorld* world, double dt);
/// After the substeps: which contacts touch, and the began/ended events.
void sd_finish_contacts(struct sdWorld* world);
/// The offsets of a contact point from its two bodies' centres now (anchors turned by how much each body turned
/// since the collision pass, plus the offsets that do not turn).
void sd_contact_arms(const struct sdWorld* world, const sdContact* contact, const sdContactPoint* point, double* rax,
                     double* ray, double* rbx, double* rby);
/// Separation of a contact point now: its collision-time separation plus how far the anchors moved along the
/// normal since then.
double sd_contact_separation(const struct sdWorld* world, const sdContact* contact, const sdContactPoint* point);

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
void sd_solve_contact_velocities(struct sdWorld* world, double h);
/// After the positions moved: impacts bounce by their restitution, and the trapezoidal update's spurious
/// separating speed is removed.
void sd_apply_restitution(struct sdWorld* world);
/// Position stage of every contact island: overlaps (and the rigid joint rows held) moved back to zero error.
void sd_project_contacts(struct sdWorld* world);

#endif
