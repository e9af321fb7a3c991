// The constraint solver's scratch state: the row layout (islands, ordering, solve paths), built once per
// step from the joints, and the buffers every substep fills. Grown at the start of a step, never inside it.
#ifndef SD_SOLVER_H
#define SD_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// What one constraint row measures.
typedef enum sdRowType {
    sdRow_distance = 0,   // |pB − pA| − length
    sdRow_pointX,         // (pB − pA)·x̂
    sdRow_pointY,         // (pB − pA)·ŷ
    sdRow_angle,          // θB − θA − reference
    sdRow_perpendicular,  // (pB − pA)·n, n ⟂ the prismatic axis
    sdRow_rope,           // length − |pB − pA| ≥ 0
    sdRow_angleLower,     // θB − θA − reference − lower ≥ 0
    sdRow_angleUpper,     // upper − (θB − θA − reference) ≥ 0
    sdRow_slideLower,     // (pB − pA)·u − lower ≥ 0
    sdRow_slideUpper,     // upper − (pB − pA)·u ≥ 0
    sdRow_angleFriction,  // relative spin, impulse bounded by frictionTorque·h
} sdRowType;

/// How an island's linear system is solved.
typedef enum sdSolvePath {
    sdSolvePath_kernel = 0,   // in-house dense Cholesky, small islands, one batched pass
    sdSolvePath_banded = 1,   // LAPACK dpbtrf/dpbtrs
    sdSolvePath_dense = 2,    // LAPACK dpotrf/dpotrs
    sdSolvePath_iterative = 3, // Jacobi-preconditioned conjugate gradients, matrix-free
    sdSolvePath_singleBody = 4 // one body held only by springs: the same equations in its 3 velocity unknowns
} sdSolvePath;

typedef struct sdIsland {
    int32_t rowStart, rowCount;
    int32_t bandwidth;   // kd: the farthest two rows sharing a body, in layout order
    int32_t firstBody;   // a body of the island (single-body islands: the moving body)
    int32_t springStart; // single-body islands: first row in the hot spring array
    bool centred;        // single-body islands: every spring holds the body's centre (no lever arm, no turning)
    int32_t owner;       // the contact island solving this joint island this step, or −1
    sdSolvePath path;
} sdIsland;

typedef struct sdSolverScratch {
    // Per body.
    int32_t bodyCapacity;
    double* v0x;
    double* v0y;
    double* w0;
    double* x0;  // where each body was at the start of the substep (continuous collision sweeps from there)
    double* y0;
    double* a0;
    int32_t* parent;    // union-find over bodies joined by a joint
    int32_t* order;     // breadth-first position of each body within its island
    int32_t* firstRow;  // first/last layout row touching each body (bandwidth)
    int32_t* lastRow;
    int32_t* adjacencyStart;
    int32_t* queue;
    double* islandSleep; // per island root: the smallest rest timer of its bodies
    double* bodyScratch; // 3 per body: M⁻¹Jᵀx for the matrix-free solver

    // Per row.
    int32_t rowCapacity;
    int32_t rowCount;
    int32_t* rowJoint;
    uint8_t* rowType;
    int32_t* rowIsland;
    int32_t* rowKey;
    int32_t* adjacency;  // rows touching each body (CSR with adjacencyStart), 2 per row
    int32_t* sortIndex;
    int32_t* sortBuffer; // merge-sort scratch for row ordering
    struct sdRow* rows;
    double* lambda;
    double* rhs;
    double* lo;
    double* hi;
    uint8_t* fixed;
    double* warm;        // per layout position: last velocity-solve impulse, the next solve's starting guess
    bool warmStart;      // true during the velocity solve (projection starts from zero)
    double* cgR;
    double* cgZ;
    double* cgP;
    double* cgQ;

    // Hot copy of the springs of single-body islands, in island order: what the tight loop reads, contiguous.
    int32_t springCapacity;
    int32_t springCount;
    struct sdSpringRow* springs;
    int32_t* jointSpring;       // per joint slot: its first hot spring row, or −1 (kept current by anchor moves)
    int32_t jointSpringCapacity;
    double springStep;           // the substep the κ, η below were computed for (0: stale)

    // Per island.
    int32_t islandCapacity;
    int32_t islandCount;
    sdIsland* islands;

    // Matrix storage (dense n×n or banded (kd+1)×n, column-major), sized for the largest island.
    size_t matrixCapacity;
    double* matrix;
    double* rhsCopy;
    int32_t batchedBandwidth; // for the all-small-islands band in the banded-LAPACK mode
    int32_t batchedRowCount;
    uint64_t layoutVersion;   // the world's topologyVersion this layout was built for
    bool layoutValid;
} sdSolverScratch;

/// One spring row of a single-body island: everything the tight loop needs, in one place.
typedef struct sdSpringRow {
    double localX, localY;   // anchor on the moving body, its local frame
    double otherX, otherY;   // the other end: a world point (or, with otherBody ≥ 0, that body's local anchor)
    double length;
    double kappa, eta;       // spring coefficients for `springStep`
    int32_t body;            // the moving body
    int32_t otherBody;       // a static body holding the other end, or −1 for the world
    int32_t joint;
    uint8_t type;            // sdRow_distance, sdRow_pointX or sdRow_pointY
} sdSpringRow;

struct sdWorld;

// scratch.c
/// Grows `*buffer` to `count` elements of `size` bytes (refusing a size_t overflow). False when it cannot.
bool sd_grow_buffer(void** buffer, size_t count, size_t size);
/// Asks the cache for memory a loop will read a few iterations ahead (no effect where the compiler lacks it).
#if defined(__GNUC__) || defined(__clang__)
#define SD_PREFETCH(address) __builtin_prefetch(address)
#else
#define SD_PREFETCH(address) ((void)0)
#endif

#define SD_GROW(ptr, count) sd_grow_buffer((void**)&(ptr), (size_t)(count), sizeof(*(ptr)))
/// Per-body and per-row buffers for at least `capacity` entries; outOfMemory leaves the old ones intact.
int sd_reserve_bodies(sdSolverScratch* scratch, int32_t capacity);
int sd_reserve_rows(sdSolverScratch* scratch, int32_t capacity);
/// Frees every scratch buffer.
void sd_free_scratch(sdSolverScratch* scratch);

// island.c
/// Builds the row layout for this step in stages (see island.c): reserves every buffer first, then finds
/// islands, gathers and groups rows, orders them, picks solve paths, and only then wakes moving islands.
/// Returns outOfMemory with the world untouched if a buffer cannot grow.
int sd_prepare_constraints(struct sdWorld* world);

// row_order.c
/// Orders every island's rows for a narrow band and records each island's bandwidth.
void sd_order_islands(struct sdWorld* world);

// solve_path.c
/// Picks every island's solve path and reserves the matrix storage they need.
int sd_choose_solve_paths(struct sdWorld* world);

// body_space.c
/// Copies the springs of single-body islands into the contiguous hot rows the body-space solve reads.
void sd_build_body_space_rows(struct sdWorld* world);

// rest.c

/// One substep of the constraint stage: velocity solve between the free velocity update and the position
/// update (`sd_solve_velocities`), and the position projection of rigid rows after it.
void sd_solve_velocities(struct sdWorld* world, double h);
void sd_project_positions(struct sdWorld* world);

/// Rest detection per island: an island rests when all its bodies stayed slow for `timeToSleep`.
void sd_sleep_islands(struct sdWorld* world, double dt);

#endif
