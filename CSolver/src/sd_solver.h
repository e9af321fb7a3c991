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

/// What filling a joint row reads of its joint, copied per row in layout order before a step that needs it
/// (sd_refresh_row_geometry): the fills of a step's substeps and Newton steps then read one cache line a row,
/// in order, instead of the joint scattered over three. Prismatic axes and limits are read from the joint.
typedef struct sdRowGeometry {
    double localAX, localAY, localBX, localBY;
    double length, referenceAngle;
    int32_t bodyA, bodyB;
    int32_t springy;             // a distance joint with a frequency: its rows are soft
    int32_t unused;
} sdRowGeometry;

/// How an island's linear system is solved.
typedef enum sdSolvePath {
    sdSolvePath_kernel = 0,   // in-house dense Cholesky, small islands, one batched pass
    sdSolvePath_banded = 1,   // LAPACK dpbtrf/dpbtrs
    sdSolvePath_dense = 2,    // LAPACK dpotrf/dpotrs
    sdSolvePath_iterative = 3, // Jacobi-preconditioned conjugate gradients, matrix-free
    sdSolvePath_singleBody = 4, // one body held only by springs: the same equations in its 3 velocity unknowns
    sdSolvePath_sparse = 5     // sparse Cholesky in a nested-dissection order (sparse_*.c), reused across solves
} sdSolvePath;

typedef struct sdIsland {
    int32_t rowStart, rowCount;
    int32_t bandwidth;   // kd: the farthest two rows sharing a body, in layout order
    int32_t firstBody;   // a body of the island (single-body islands: the moving body)
    int32_t springStart; // single-body islands: first row in the hot spring array
    bool centred;        // single-body islands: every spring holds the body's centre (no lever arm, no turning)
    int32_t owner;       // the contact island solving this joint island this step, or −1
    int32_t sparse;      // sparse-path islands: its entry in sdSparseState.islands, else −1
    sdSolvePath path;
} sdIsland;

/// One supernode of a sparse factor: a run of consecutive pivots (an ND separator or leaf) whose columns of L
/// share one row structure, stored as a dense block.
typedef struct sdSupernode {
    int32_t first, count;        // pivots: elimination positions [first, first + count) within the island
    int32_t rowStart, rowCount;  // row structure in sdSparseState.rowIndex: the pivots, then the rows below, ascending
    int32_t childCount;          // children in the assembly tree: their update matrices are on top of the stack
    size_t factorStart;          // its block of L: rowCount × count, column-major, in sdSparseState.factor
    size_t packedStart;          // its columns below the diagonal, packed, in single precision (sdSparseState.packed)
    size_t reverseStart;         // streamed factors: the same columns, last first, in sdSparseState.packedReverse
} sdSupernode;

/// One row of a sparse-path island as its solve reads it, in elimination order: island-local body numbers (set
/// once per layout), J and the diagonal's softness (per solve) — the matrix-free product without indirection,
/// one cache line a row (M⁻¹ comes from the island's gathered masses, sdSparseState.bodyMass).
typedef struct sdCompactRow {
    int32_t a, b;                // island-local bodies (−1: none, the world or a static body)
    double ja[3], jb[3];
    double extra;                // softness (or rigid rows' regularisation) added to the diagonal
} sdCompactRow;

/// A subtree of a sparse factor that one worker factors and substitutes on its own when the world has workers
/// (sparse_symbolic.c picks them; the supernodes outside every task, its ancestors, run after on one thread).
typedef struct sdSparseTask {
    int32_t nodeStart, nodeEnd;  // its supernodes in sdSparseState.supernodes: a subtree, in postorder
    int32_t rowEnd;              // one past its last pivot (island-local): rows from here on are its ancestors'
    int32_t rows;                // its largest supernode's row count
    int32_t firstBody, bodyEnd;  // the island-local bodies its rows first reach: no other task's rows reach them
    size_t stackStart;           // its update stack in sdSparseState.stack (after the ancestors' region)
    size_t scratchStart;         // its substitution scratch (2 × rows) in sdSparseState.taskScratch
    size_t logStart, logCount;   // its forward substitution's updates of ancestor rows, deferred so they apply in
                                 // postorder: rows in sdSparseState.logRow, values in sdSparseState.taskScratch
} sdSparseTask;

/// The sparse factor of one island: analysed once per layout, refactored when a stale factor stops being a
/// good preconditioner.
typedef struct sdSparseIsland {
    int32_t island;              // index in sdSolverScratch.islands
    int32_t superStart, superCount;
    double flops;                // flops of one numeric factorisation
    size_t nonzeros;             // entries of L
    size_t factorStart, factorSize;
    size_t packedStart;          // its first entry in sdSparseState.packed (nonzeros entries from there)
    size_t bodyStart;            // its dynamic bodies, numbered in elimination order: sdSparseState.islandBodies
    int32_t bodyCount;
    size_t pairBase;             // its first coupled pair
    size_t stackSize, frontSize; // doubles of update stack one factorisation needs, of substitution scratch
    int32_t taskStart, taskCount; // its subtrees run by workers (sdSparseState.tasks; none: all on one thread)
    bool streamed;               // its packed copy outgrows the caches (sdPackedCachedBytes): substitutions stream
                                 // it from memory, and the backward one reads the reverse copy
    bool valid;                  // the factor holds a factorisation (possibly of an older K)
    bool refactor;               // factorise again at the next solve
    int32_t solves;              // solves since the factorisation
    double cost;                 // since the factorisation, in substitutions: the factorisation's and every solve's
} sdSparseIsland;

/// Storage of every sparse factor of the layout (sparse_order.c, sparse_symbolic.c, sparse_numeric.c,
/// sparse_solve.c), and the timings and counters the step statistics report.
typedef struct sdSparseState {
    int32_t islandCount, islandCapacity;
    sdSparseIsland* islands;
    int32_t superCount, superCapacity;
    sdSupernode* supernodes;
    int32_t rowCapacity;         // per layout row: position ↔ elimination order, marks, work vectors
    int32_t* elimination;        // per layout position: its elimination position within its island
    int32_t* layoutOf;           // per island start + elimination position: the layout position (island-local)
    int32_t* localOf;            // per raw row: its island-local layout position
    int32_t* mark;               // per elimination position: stamp while building a row structure / relative map
    int32_t* map;                // per elimination position: its index in the current front
    int32_t* work;               // ordering scratch: rows being partitioned; symbolic: the root stack
    uint8_t* factorFixed;        // per layout position: whether the row was fixed when its island was factored
    double* vectorA;             // per layout position: permuted right-hand sides, preconditioned residuals
    double* vectorB;
    double* projectionWarm;      // per Newton step of the projection × layout position: that step's correction in
                                 // the previous substep, the next one's starting guess (sdProjectionIterations rows)
    sdCompactRow* compact;       // per layout position (island start + elimination position)
    uint8_t* compactFixed;       // the active set in elimination order
    double* bodyVector;          // 4 per island-local body (the fourth unused): M⁻¹·Jᵀ·x
    double* bodyMass;            // 2 per island-local body: inverse mass and inertia, gathered per fill
    int32_t* islandBodies;       // per analysed island from its bodyStart: body slot of each island-local number
    int32_t* bodyLocal;          // per body slot: its island-local number while an island is solved (−1 none)
    int32_t bodyCapacity;
    int32_t* bodies;             // ordering scratch: the island's bodies being partitioned
    uint8_t* side;               // per body slot: which half of the current bisection
    size_t rowIndexCount, rowIndexCapacity;
    int32_t* rowIndex;
    int32_t* relative;           // parallel to rowIndex, below the pivots: the entry's index in the parent's front
    size_t pairCount, pairCapacity;
    int32_t* pairStart;          // per layout position (island start + elimination position, one past the end too):
    int32_t* pairRow;            // the later rows K couples to it (elimination positions) and their index in the
    int32_t* pairSlot;           // front of the supernode that has it as a pivot
    size_t factorCapacity;
    double* factor;
    size_t packedCapacity;
    float* packed;               // the factor's lower trapezoids, column by column, in single precision: what the
                                 // preconditioner streams (half the bytes, no upper triangles)
    size_t packedReverseCapacity;
    float* packedReverse;        // streamed factors' columns again, the supernodes and their columns in reverse
                                 // order (each column's entries as in `packed`): the backward substitution walks the
                                 // factor from its last column, and this copy it reads ascending, which the hardware
                                 // prefetchers follow (the descending walk over `packed` they do not)
    size_t frontCapacity, stackCapacity;
    double* front;               // the substitutions' scratch: the rows below two supernodes (fronts are built in
                                 // the factor itself, sparse_numeric.c)
    double* stack;
    int32_t* nodeStack;          // per supernode: the supernodes whose updates wait on the stack
    int32_t taskCount, taskCapacity;
    sdSparseTask* tasks;         // every analysed island's worker subtrees (sdSparseIsland.taskStart)
    size_t taskScratchCapacity, logCount, logCapacity;
    double* taskScratch;         // per task: its substitution scratch, then its deferred updates' values
    int32_t* logRow;             // per deferred update: its row (island-local elimination position)
    size_t* updateStart;
    // Statistics (per layout or per step).
    double orderSeconds, symbolicSeconds, numericSeconds, solveSeconds;
    double factorFlops, solveFlops;
    int32_t factorizations, iterations;
} sdSparseState;

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
    sdRowGeometry* geometry;     // per layout position: its joint's geometry (sd_refresh_row_geometry)
    double* rowSpring;           // 2 per layout position: a spring row's κ and η for rowSpringStep (refreshed with
    double rowSpringStep;        // the geometry; 0: none)
    // The geometry and κ, η above outlive the step that copied them while nothing they hold changes: every joint
    // setter but a world anchor's move changes the topology (a new layout), and that move clears geometryCurrent.
    bool geometryCurrent;        // the copy holds every joint's values as of now (for geometryLayout, rowSpringStep)
    uint64_t geometryLayout;     // the layoutVersion the copy was made for
    double* lambda;
    double* rhs;
    double* lo;
    double* hi;
    uint8_t* fixed;
    double* rowInverseMass; // per layout position: J·M⁻¹·Jᵀ of the row as last filled (sd_fill_row_at)
    double* warm;        // per layout position: last velocity-solve impulse, the next solve's starting guess
    bool warmStart;      // true during the velocity solve
    int32_t projectionPass; // 1 + the projection's Newton step while sd_project_positions runs, else 0 (no guess)
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
    // Centred single-body islands of 4 springs (the drag) and of 1 (springy layouts), batched across bodies per
    // layout (body_space.c): batch 0 from index 0, batch 1 from islandCount, in island order.
    int32_t batchCount[2];
    int32_t* batchBodies;       // 2 per island: each lane's body
    int32_t* batchIslands;      // 2 per island: each lane's island (a contact island may hold it this step)
    int32_t singleCount;        // the other single-body islands, solved one by one
    int32_t* singleIslands;
    // The batches' spring fields in chunks of SD_BODY_CHUNK lanes, chunk by chunk, spring by spring, field by
    // field (sdLane_*), so a chunk's solve reads one stretch of memory in order and needs no gather.
    double* lanes;
    int64_t* springLane;        // per hot spring row: its lane's otherX in `lanes`, or −1 (not batched)
    uint8_t* chunkFlags;        // per chunk (batch 0's, then batch 1's): sdChunk_* flags

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
    sdSparseState sparse;     // factors of the islands on the sparse path
} sdSolverScratch;

/// Islands a body-space batch chunk holds: its arrays stay in L1/L2.
#define SD_BODY_CHUNK 128
/// The fields of a batched spring in `lanes`, each a run of SD_BODY_CHUNK lanes.
enum { sdLane_otherX, sdLane_otherY, sdLane_length, sdLane_kappa, sdLane_eta, sdLane_distance, sdLane_pointX,
       sdLaneFields };
/// What a batch chunk's solve may assume: its bodies are consecutive slots (read in place, no gather); every
/// spring is a distance row (no per-lane choice of row type).
enum { sdChunk_consecutive = 1, sdChunk_allDistance = 2 };

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
/// Asks the cache for memory a loop will read (SD_PREFETCH) or write (SD_PREFETCH_WRITE: the line comes in owned,
/// ready for the store) a few iterations ahead; no effect where the compiler lacks it.
#if defined(__GNUC__) || defined(__clang__)
#define SD_PREFETCH(address) __builtin_prefetch(address)
#define SD_PREFETCH_WRITE(address) __builtin_prefetch(address, 1)
#else
#define SD_PREFETCH(address) ((void)0)
#define SD_PREFETCH_WRITE(address) ((void)0)
#endif

#define SD_GROW(ptr, count) sd_grow_buffer((void**)&(ptr), (size_t)(count), sizeof(*(ptr)))
/// The capacity to grow a per-step buffer to when it must hold `count` entries: half as much again, so a count that
/// creeps up step by step (a pile forming) reallocates and copies a few times, not every step. Near INT32_MAX just
/// `count`, so callers' sizes derived from it (count + 2, …) cannot overflow where `count`'s did not.
static inline int32_t sd_capacity_with_room(int32_t count) {
    return count > INT32_MAX / 3 ? count : count + count / 2;
}
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

// sparse_order.c, sparse_symbolic.c
/// Orders the island's rows by nested dissection and analyses the factor (row structures, sizes, flops),
/// appending its supernodes to the sparse state; reserves the factor's storage. outOfMemory leaves the world as it
/// was (the layout is not committed).
int sd_sparse_analyse(struct sdWorld* world, sdIsland* island, int32_t* outIndex);
/// Forgets every island's sparse analysis (a new layout starts).
void sd_sparse_reset(struct sdWorld* world);
/// Frees the sparse state.
void sd_sparse_free(sdSparseState* sparse);

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
