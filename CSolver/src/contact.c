// Contacts across steps. Once per step: record where every body is (substeps measure motion from there), find
// the pairs, compute their manifolds and merge them with the last step's contacts in (shapeA, shapeB) order, so
// points keep their impulses by feature id (warm starts) and touch state. Contacts between two bodies that do
// not move (asleep or static) are kept as they were; contacts that vanished or whose shape was destroyed end.
// After the substeps, a contact touches when a point pushed or lies within the touch slop; changes of touch
// state are the began and ended events.
#include "sd_world.h"

#include <stdlib.h>
#include <string.h>

static inline bool sd_moves(const sdWorld* world, int32_t body) {
    return world->awake[body] && !(world->flags[body] & sdBodyFlag_static);
}

// Both events open with the pair's shapes and user data (an end event is nothing more).
static sdContactEndEvent sd_event_pair(const sdContact* contact) {
    return (sdContactEndEvent){
        .shapeA = {.index = contact->shapeA, .generation = contact->generationA},
        .shapeB = {.index = contact->shapeB, .generation = contact->generationB},
        .userDataA = contact->userDataA,
        .userDataB = contact->userDataB,
    };
}

static bool sd_push_end(sdCollisionState* c, const sdContact* contact) {
    if (c->endCount == c->endCapacity) return false; // cannot happen: sd_collide reserved one per old contact
    c->endEvents[c->endCount++] = sd_event_pair(contact);
    return true;
}

/// Whether a contact's shapes are still the ones it was made for.
static bool sd_contact_alive(const sdCollisionState* c, const sdContact* contact) {
    return c->shapeAlive[contact->shapeA] && c->shapeGeneration[contact->shapeA] == contact->generationA &&
           c->shapeAlive[contact->shapeB] && c->shapeGeneration[contact->shapeB] == contact->generationB;
}

/// How many contacts ahead the collision pass fetches.
#define sdContactAhead 4
/// How many contacts (or pairs) ahead the collision pass fetches the second shape's records: the contact record was
/// fetched sdContactAhead − sdShapeAhead steps earlier, so its shape and body slots are in cache by then.
#define sdShapeAhead 2

/// Fetches what updating a contact will read of its second shape `b` (of body `bodyB`): its compact record, its pose
/// (two lines) and its body's position. The first shape's records stream in slot order (contacts are sorted by it);
/// the second's are a scattered read, and the update waited on them.
static inline void sd_prefetch_second_shape(const sdWorld* world, int32_t b, int32_t bodyB) {
    const sdCollisionState* c = &world->collision;
    SD_PREFETCH(&c->shapeHot[b]);
    SD_PREFETCH(&c->posedShapes[b]);
    SD_PREFETCH((const char*)&c->posedShapes[b] + 64);
    SD_PREFETCH(&world->x[bodyB]);
    SD_PREFETCH(&world->y[bodyB]);
}


/// How many contacts ahead finishing the step fetches.
#define sdFinishAhead 8

static int sd_compare_keys(const void* a, const void* b) {
    const uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

/// Rebuilds the sorted keys of jointed body pairs when joints were created or destroyed since the last build.
static int sd_update_joint_pairs(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    if (c->jointPairsBuilt == c->jointsChanged && c->jointPairs != NULL) return sdResult_ok;
    if (c->jointPairCapacity < world->jointCount) {
        if (!SD_GROW(c->jointPairs, world->jointCount > 0 ? world->jointCount : 1)) return sdResult_outOfMemory;
        c->jointPairCapacity = world->jointCount > 0 ? world->jointCount : 1;
    }
    if (c->jointPairs == NULL && !SD_GROW(c->jointPairs, 1)) return sdResult_outOfMemory;
    int32_t count = 0;
    for (int32_t j = 0; j < world->jointSlotCount; ++j) {
        if (!world->jointAlive[j]) continue;
        const int32_t a = world->joints[j].bodyA, b = world->joints[j].bodyB;
        if (a < 0 || b < 0) continue; // joined to the world: no shape pair
        const uint64_t lo = (uint64_t)(uint32_t)(a < b ? a : b), hi = (uint64_t)(uint32_t)(a < b ? b : a);
        c->jointPairs[count++] = lo << 32 | hi;
    }
    qsort(c->jointPairs, (size_t)count, sizeof(uint64_t), sd_compare_keys);
    c->jointPairCount = count;
    c->jointPairsBuilt = c->jointsChanged;
    return sdResult_ok;
}

bool sd_bodies_joined(const sdWorld* world, int32_t a, int32_t b) {
    const sdCollisionState* c = &world->collision;
    const uint64_t key = (uint64_t)(uint32_t)(a < b ? a : b) << 32 | (uint64_t)(uint32_t)(a < b ? b : a);
    int32_t lo = 0, hi = c->jointPairCount;
    while (lo < hi) {
        const int32_t mid = lo + (hi - lo) / 2;
        if (c->jointPairs[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo < c->jointPairCount && c->jointPairs[lo] == key;
}

/// What output slot k of the collision pass becomes: pair `pair` updated (from old contact `old` when ≥ 0), or old
/// contact `old` kept as it was (sdJobKeep) or updated for its own pair (sdJobCarry). With worker threads the serial
/// merge writes these, and the task pool computes the manifolds (sd_collide).
struct sdContactJob {
    int32_t pair, old;
};
typedef struct sdContactJob sdContactJob;
#define sdJobKeep (-1)
#define sdJobCarry (-2)
#define sdJobEnded (-3)

/// An old contact's fate, as a byte (sdCollisionState.contactFate): what becomes of it when no pair of this pass
/// names it (the low two bits), whether its shapes are still the ones it was made for, and whether it touched.
#define sdFateKeep 0
#define sdFateCarry 1
#define sdFateEnded 2
#define sdFateKind 3
#define sdFateAlive 4
#define sdFateTouching 8

/// What becomes of an old contact that no pair of this pass names. It ends when a shape is gone, or when a shape was
/// enlarged (its pairs were all looked for, so the kept boxes no longer overlap). Otherwise its kept boxes still
/// overlap: between moving bodies its manifold is updated (carried), between resting ones it is kept as it was.
/// Reads only, so the tasks of a parallel pass decide every old contact's fate at once.
static inline uint8_t sd_contact_fate(const sdWorld* world, const sdContact* old) {
    const sdCollisionState* c = &world->collision;
    const bool alive = sd_contact_alive(c, old);
    const bool moves = alive && (sd_moves(world, old->bodyA) || sd_moves(world, old->bodyB));
    const uint8_t flags = (uint8_t)((alive ? sdFateAlive : 0) | (old->touching ? sdFateTouching : 0));
    if (alive && !moves) return flags | sdFateKeep;
    if (alive && !c->shapeHot[old->shapeA].enlarged && !c->shapeHot[old->shapeB].enlarged) return flags | sdFateCarry;
    return flags | sdFateEnded;
}

/// The job of an old contact of fate `fate` that no pair names: sdJobKeep, sdJobCarry or sdJobEnded, with its end
/// event if it ends touching.
static inline int32_t sd_fate_job(sdCollisionState* c, uint8_t fate, const sdContact* old) {
    switch (fate & sdFateKind) {
    case sdFateKeep: return sdJobKeep;
    case sdFateCarry: return sdJobCarry;
    default:
        if (fate & sdFateTouching) sd_push_end(c, old);
        return sdJobEnded;
    }
}

/// sd_fate_job of an old contact, decided now (the serial pass).
static inline int32_t sd_carry_kind(sdWorld* world, const sdContact* old) {
    return sd_fate_job(&world->collision, sd_contact_fate(world, old), old);
}

/// Writes what a job makes of its slot to `out` (`old` may be `out`: contacts carried in place) and notes it.
static inline void sd_run_contact_job(sdWorld* world, int32_t pair, const sdContact* old, sdContact* out, int32_t k) {
    sdCollisionState* c = &world->collision;
    if (pair == sdJobKeep) {
        if (out != old) *out = *old;
    } else if (pair == sdJobCarry) {
        sd_update_contact(world, old->shapeA, old->shapeB, old, out);
    } else {
        sd_update_contact(world, c->pairs[pair].a, c->pairs[pair].b, old, out);
    }
    c->contactBodies[2 * k] = out->bodyA;
    c->contactBodies[2 * k + 1] = out->bodyB;
    c->contactPoints[k] = (uint8_t)out->pointCount;
}

void sd_wake_resting_on(sdWorld* world, int32_t body) {
    if (!(world->flags[body] & sdBodyFlag_static)) return;
    const sdCollisionState* c = &world->collision;
    for (int32_t k = 0; k < c->contactCount; ++k) {
        const sdContact* contact = &c->contacts[k];
        if (contact->bodyA == body) sd_wake(world, contact->bodyB);
        else if (contact->bodyB == body) sd_wake(world, contact->bodyA);
    }
}

/// Wakes the sleeping bodies that a moving body now reaches.
static void sd_wake_touched(sdWorld* world) {
    const sdCollisionState* c = &world->collision;
    for (int32_t k = 0; k < c->contactCount; ++k) {
        if (c->contactPoints[k] == 0) continue;
        const int32_t a = c->contactBodies[2 * k], b = c->contactBodies[2 * k + 1];
        const bool staticA = world->flags[a] & sdBodyFlag_static, staticB = world->flags[b] & sdBodyFlag_static;
        if (world->awake[a] && !staticB && !world->awake[b]) sd_wake(world, b);
        if (world->awake[b] && !staticA && !world->awake[a]) sd_wake(world, a);
    }
}

/// Room for a begin event per contact, so finishing the step (after bodies moved) never allocates. End events
/// are reserved before the pass: each old contact ends at most once.
static int sd_reserve_begin_events(sdCollisionState* c) {
    if (c->beginCapacity >= c->contactCount) return sdResult_ok;
    if (!SD_GROW(c->beginEvents, c->contactCount)) return sdResult_outOfMemory;
    c->beginCapacity = c->contactCount;
    return sdResult_ok;
}

/// Contacts a task of the collision pass computes (sdContactJob).
#define sdContactsPerTask 256
/// Worlds with fewer shapes than this keep the collision pass on the calling thread: a fork and join costs a few
/// microseconds, and the merge's jobs a second walk.
#define sdParallelShapes 1024

/// A run of the collision pass's jobs on the task pool: jobs[k] reads `from` (the old contacts) and writes to[k].
typedef struct sdContactRun {
    sdWorld* world;
    const sdContact* from;
    sdContact* to;
    int32_t count;
} sdContactRun;

/// Task t of a run: jobs [t·sdContactsPerTask, …), each writing only its own slot (and its compact copies), so the
/// contacts are the same whichever thread computes them. Many small tasks claimed as threads free up, not the few
/// even pieces of sd_task_pool_range: a manifold's cost varies with the pair (new, carried, box or circle).
static void sd_contact_task(void* context, int32_t task) {
    const sdContactRun* run = context;
    sdWorld* world = run->world;
    const sdContactJob* jobs = world->collision.contactJobs;
    const int32_t begin = task * sdContactsPerTask;
    const int32_t end = run->count - begin < sdContactsPerTask ? run->count : begin + sdContactsPerTask;
    const bool fetch = run->count > sdFetchContactsAbove;
    for (int32_t k = begin; k < end; ++k) {
        if (fetch && k + sdContactAhead < end && jobs[k + sdContactAhead].old >= 0)
            sd_prefetch_contact(&run->from[jobs[k + sdContactAhead].old]);
        if (fetch && k + sdShapeAhead < end) {
            const sdContactJob ahead = jobs[k + sdShapeAhead];
            const int32_t b = ahead.pair >= 0 ? world->collision.pairs[ahead.pair].b : run->from[ahead.old].shapeB;
            sd_prefetch_second_shape(world, b, world->collision.shapeHot[b].body);
        }
        const sdContactJob job = jobs[k];
        sd_run_contact_job(world, job.pair, job.old >= 0 ? &run->from[job.old] : NULL, &run->to[k], k);
    }
}

/// Runs the `count` jobs the merge wrote on the world's task pool.
static void sd_run_contact_jobs(sdWorld* world, const sdContact* from, sdContact* to, int32_t count) {
    sdContactRun run = {world, from, to, count};
    sd_task_pool_run(world->tasks, sd_contact_task, &run, (count + sdContactsPerTask - 1) / sdContactsPerTask);
}

/// No shape enlarged: every old contact stays, or ends (sd_carry_kind); computes the manifolds of those that stay,
/// compacting in place (the serial pass). Returns how many stay.
static int32_t sd_carry_contacts(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    const bool fetch = c->contactCount > sdFetchContactsAbove;
    int32_t count = 0;
    for (int32_t o = 0; o < c->contactCount; ++o) {
        if (fetch && o + sdContactAhead < c->contactCount) sd_prefetch_contact(&c->contacts[o + sdContactAhead]);
        if (fetch && o + sdShapeAhead < c->contactCount) {
            const sdContact* ahead = &c->contacts[o + sdShapeAhead];
            sd_prefetch_second_shape(world, ahead->shapeB, ahead->bodyB);
        }
        const sdContact* old = &c->contacts[o];
        const int32_t kind = sd_carry_kind(world, old);
        if (kind == sdJobEnded) continue;
        sd_run_contact_job(world, kind, old, &c->contacts[count], count);
        count += 1;
    }
    return count;
}

/// Where a pair (a, b) falls against an old contact's key (shapeA, shapeB): < 0 before it, > 0 after, 0 the same.
static inline int sd_key_order(int32_t a, int32_t b, int32_t shapeA, int32_t shapeB) {
    if (a != shapeA) return a < shapeA ? -1 : 1;
    return b == shapeB ? 0 : (b < shapeB ? -1 : 1);
}

/// Merges the sorted pairs with the sorted old contacts into nextContacts, computing each slot (the serial pass).
/// Returns the slot count.
static int32_t sd_merge_contacts(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    const bool fetch = c->contactCount > sdFetchContactsAbove;
    int32_t p = 0, o = 0, count = 0;
    while (p < c->pairCount || o < c->contactCount) {
        if (fetch) {
            if (o + sdContactAhead < c->contactCount) sd_prefetch_contact(&c->contacts[o + sdContactAhead]);
            if (count + sdContactAhead < c->nextContactCapacity)
                sd_prefetch_contact(&c->nextContacts[count + sdContactAhead]);
            if (o + sdShapeAhead < c->contactCount) {
                const sdContact* ahead = &c->contacts[o + sdShapeAhead];
                sd_prefetch_second_shape(world, ahead->shapeB, ahead->bodyB);
            }
            if (p + sdShapeAhead < c->pairCount) {
                const int32_t b = c->pairs[p + sdShapeAhead].b;
                sd_prefetch_second_shape(world, b, c->shapeHot[b].body);
            }
        }
        const sdShapePair* pair = p < c->pairCount ? &c->pairs[p] : NULL;
        const sdContact* old = o < c->contactCount ? &c->contacts[o] : NULL;
        // < 0: the pair comes first, > 0: the old contact, 0: the same key
        const int order = pair == NULL ? 1 : old == NULL ? -1 : sd_key_order(pair->a, pair->b, old->shapeA, old->shapeB);
        if (order > 0) { // an old contact without a pair this step
            const int32_t kind = sd_carry_kind(world, old);
            if (kind != sdJobEnded) {
                sd_run_contact_job(world, kind, old, &c->nextContacts[count], count);
                count += 1;
            }
            o += 1;
            continue;
        }
        int32_t same = -1;
        if (order == 0) {
            if (sd_contact_alive(c, old)) same = o;
            else if (old->touching) sd_push_end(c, old); // a destroyed shape's slot was reused
            o += 1;
        }
        sd_run_contact_job(world, p, same >= 0 ? &c->contacts[same] : NULL, &c->nextContacts[count], count);
        count += 1;
        p += 1;
    }
    return count;
}

/// Least old contacts a piece of the fate pass takes on the workers.
#define sdFateGrain 1024

/// Copies the keys and decides the fates (sd_contact_fate) of old contacts [begin, end): each writes only its own
/// entries of contactKeys and contactFate.
static void sd_fate_piece(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    sdWorld* world = context;
    sdCollisionState* c = &world->collision;
    for (int32_t o = begin; o < end; ++o) {
        if (o + 2 * sdContactAhead < end) SD_PREFETCH(&c->contacts[o + 2 * sdContactAhead]); // the first line is read
        const sdContact* old = &c->contacts[o];
        c->contactKeys[o] = (sdShapePair){old->shapeA, old->shapeB};
        c->contactFate[o] = sd_contact_fate(world, old);
    }
}

/// sd_carry_contacts with worker threads, from the fates: writes what each old contact that stays becomes in
/// jobs[k] (the tasks compute the manifolds after), and the end events in order. Returns how many stay.
static int32_t sd_carry_fates(sdWorld* world, sdContactJob* jobs) {
    sdCollisionState* c = &world->collision;
    int32_t count = 0;
    for (int32_t o = 0; o < c->contactCount; ++o) {
        const int32_t kind = sd_fate_job(c, c->contactFate[o], &c->contacts[o]);
        if (kind != sdJobEnded) jobs[count++] = (sdContactJob){kind, o};
    }
    return count;
}

/// sd_merge_contacts with worker threads, from the keys and fates: writes what each slot becomes in jobs[k], and the
/// end events in the same order. Reads an old contact's record only for its end event. Returns the slot count.
static int32_t sd_merge_fates(sdWorld* world, sdContactJob* jobs) {
    sdCollisionState* c = &world->collision;
    const sdShapePair* keys = c->contactKeys;
    const uint8_t* fates = c->contactFate;
    int32_t p = 0, o = 0, count = 0;
    while (p < c->pairCount || o < c->contactCount) {
        const int order = p == c->pairCount ? 1
                          : o == c->contactCount
                              ? -1
                              : sd_key_order(c->pairs[p].a, c->pairs[p].b, keys[o].a, keys[o].b);
        if (order > 0) { // an old contact without a pair this step
            const int32_t kind = sd_fate_job(c, fates[o], &c->contacts[o]);
            if (kind != sdJobEnded) jobs[count++] = (sdContactJob){kind, o};
            o += 1;
            continue;
        }
        int32_t same = -1;
        if (order == 0) {
            if (fates[o] & sdFateAlive) same = o;
            else if (fates[o] & sdFateTouching) sd_push_end(c, &c->contacts[o]); // a destroyed shape's slot was reused
            o += 1;
        }
        jobs[count++] = (sdContactJob){p, same};
        p += 1;
    }
    return count;
}

/// Least bodies a piece of the collision pass's rotation loop takes on the workers (cos and sin of every body that
/// turned).
#define sdRotationGrain 512

/// Resets body slots [begin, end)'s extent and thickness for the bounds pass and brings their rotation caches up to
/// date (each slot writes only its own entries).
static void sd_rotate_bodies(sdWorld* world, int32_t begin, int32_t end) {
    sdCollisionState* c = &world->collision;
    for (int32_t i = begin; i < end; ++i) {
        c->bodyExtent[i] = 0.0;
        c->bodyThickness[i] = INFINITY;
        if (!world->alive[i]) continue;
        double rc, rs;
        sd_rotation(world, i, &rc, &rs);
    }
}

static void sd_rotation_piece(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    sd_rotate_bodies(context, begin, end);
}

int sd_collide(sdWorld* world, double dt) {
    sdCollisionState* c = &world->collision;
    c->beginCount = 0;
    c->endCount = 0;
    if (c->shapeCount == 0 && c->contactCount == 0) return sdResult_ok;
    if (c->collideCapacity < world->capacity) {
        if (!SD_GROW(c->collideX, world->capacity) || !SD_GROW(c->collideY, world->capacity) ||
            !SD_GROW(c->collideAngle, world->capacity) || !SD_GROW(c->turnAngle, world->capacity) ||
            !SD_GROW(c->turnCos, world->capacity) || !SD_GROW(c->turnSin, world->capacity) ||
            !SD_GROW(c->bodyExtent, world->capacity) || !SD_GROW(c->bodyThickness, world->capacity) ||
            !SD_GROW(c->bodyMotion, world->capacity) || !SD_GROW(c->bodyFast, world->capacity))
            return sdResult_outOfMemory;
        c->collideCapacity = world->capacity;
    }
    // Every body's rotation, once: bounds and manifolds read the cache during the pass. The bounds pass takes each
    // body's widest and thinnest shape (continuous collision's quick tests) from here.
    c->parallelPass = world->tasks != NULL && c->shapeCount >= sdParallelShapes;
    sd_task_pool_range(c->parallelPass ? world->tasks : NULL, sd_rotation_piece, world, world->slotCount,
                       sdRotationGrain, 1);
    if (sd_update_joint_pairs(world) != sdResult_ok) return sdResult_outOfMemory;
    // A new pass before the bounds: they pose the moving boxes and circles for it (sd_pose_shape_bounds).
    if (++c->collidePass == 0) { // wrapped: no shape may look posed by an old pass
        for (int32_t k = 0; k < c->shapeSlotCount; ++k) c->shapeHot[k].posedPass = 0;
        c->collidePass = 1;
    }
    if (sd_find_pairs(world, dt) != sdResult_ok) return sdResult_outOfMemory;
    // At most every pair plus every kept contact.
    const int64_t most = (int64_t)c->pairCount + c->contactCount;
    if (most > INT32_MAX) return sdResult_outOfMemory;
    // With room to spare (sd_capacity_with_room): while a pile forms, the count creeps up step by step.
    if (c->nextContactCapacity < most) {
        const int32_t capacity = sd_capacity_with_room(most > 0 ? (int32_t)most : 1);
        if (!SD_GROW(c->nextContacts, capacity)) return sdResult_outOfMemory;
        c->nextContactCapacity = capacity;
    }
    if (c->contactInfoCapacity < most) {
        const int32_t capacity = sd_capacity_with_room((int32_t)most);
        if (!SD_GROW(c->contactBodies, 2 * (int64_t)capacity) || !SD_GROW(c->contactPoints, capacity) ||
            !SD_GROW(c->contactActive, capacity) || !SD_GROW(c->contactSettled, capacity))
            return sdResult_outOfMemory;
        c->contactInfoCapacity = capacity;
    }
    if (c->parallelPass && c->contactJobCapacity < most) { // with room too, as the arrays above
        const int32_t count = sd_capacity_with_room(most > 0 ? (int32_t)most : 1);
        if (!SD_GROW(c->contactJobs, count) || !SD_GROW(c->contactKeys, count) || !SD_GROW(c->contactFate, count) ||
            !SD_GROW(c->contactChange, count))
            return sdResult_outOfMemory;
        c->contactJobCapacity = count;
    }
    const int32_t dropped = c->contactCount; // at most every old contact ends
    if (c->endCapacity < dropped) {
        if (!SD_GROW(c->endEvents, dropped)) return sdResult_outOfMemory;
        c->endCapacity = dropped;
    }
    int32_t resting = 0; // dynamic bodies at rest: without one, no contact has anything to wake
    for (int32_t i = 0; i < world->slotCount; ++i) {
        resting += world->alive[i] && !world->awake[i] && !(world->flags[i] & sdBodyFlag_static);
        c->collideX[i] = world->x[i];
        c->collideY[i] = world->y[i];
        c->collideAngle[i] = world->angle[i];
        c->turnAngle[i] = 0.0; // not turned yet
        c->turnCos[i] = 1.0;
        c->turnSin[i] = 0.0;
    }

    // Nothing enlarged: every contact stays, in place (no copying in a pile that has settled to creeping). Else the
    // sorted pairs merge with the sorted old contacts into nextContacts. With worker threads, tasks first decide every
    // old contact's fate; the merge then only decides each slot (and the end events, in order) from the compact keys
    // and fates, and the task pool computes the manifolds: in place when no contact ended (each slot reads and writes
    // only itself), else into nextContacts.
    sdContactJob* jobs = c->parallelPass ? c->contactJobs : NULL;
    int32_t count;
    bool moved = true; // the contacts are in nextContacts
    if (jobs != NULL) {
        sd_task_pool_range(world->tasks, sd_fate_piece, world, c->contactCount, sdFateGrain, 1);
        count = c->pairsFound ? sd_merge_fates(world, jobs) : sd_carry_fates(world, jobs);
        moved = c->pairsFound || count < c->contactCount;
    } else if (!c->pairsFound) {
        count = sd_carry_contacts(world);
        moved = false;
    } else {
        count = sd_merge_contacts(world);
    }
    if (jobs != NULL) sd_run_contact_jobs(world, c->contacts, moved ? c->nextContacts : c->contacts, count);
    if (moved) {
        sdContact* swap = c->contacts;
        c->contacts = c->nextContacts;
        c->nextContacts = swap;
        const int32_t capacity = c->contactCapacity;
        c->contactCapacity = c->nextContactCapacity;
        c->nextContactCapacity = capacity;
    }
    c->contactCount = count;
    if (resting > 0) sd_wake_touched(world);
    return sd_reserve_begin_events(c);
}

/// cos and sin of how far body i turned since the collision pass (cached per turn value).
static inline void sd_turn(sdWorld* world, int32_t i, double* c, double* s) {
    sdCollisionState* state = &world->collision;
    const double turn = world->angle[i] - state->collideAngle[i];
    if (turn != state->turnAngle[i]) {
        state->turnAngle[i] = turn;
        state->turnCos[i] = cos(turn);
        state->turnSin[i] = sin(turn);
    }
    *c = state->turnCos[i];
    *s = state->turnSin[i];
}

/// sd_turn without writing the cache (the same bits: the cache holds cos and sin of that very turn), for tasks that
/// share bodies.
static inline void sd_turn_read(const sdWorld* world, int32_t i, double* c, double* s) {
    const sdCollisionState* state = &world->collision;
    const double turn = world->angle[i] - state->collideAngle[i];
    if (turn == state->turnAngle[i]) {
        *c = state->turnCos[i];
        *s = state->turnSin[i];
    } else {
        *c = cos(turn);
        *s = sin(turn);
    }
}

/// A point's arms from its bodies' turns (cos and sin of each).
static inline void sd_turned_arms(const sdContactPoint* p, double ca, double sa, double cb, double sb, double* rax,
                                  double* ray, double* rbx, double* rby) {
    *rax = ca * p->anchorAX - sa * p->anchorAY + p->offsetAX;
    *ray = sa * p->anchorAX + ca * p->anchorAY + p->offsetAY;
    *rbx = cb * p->anchorBX - sb * p->anchorBY + p->offsetBX;
    *rby = sb * p->anchorBX + cb * p->anchorBY + p->offsetBY;
}

void sd_contact_arms(sdWorld* world, const sdContact* contact, const sdContactPoint* p, double* rax, double* ray,
                     double* rbx, double* rby) {
    double ca, sa, cb, sb;
    sd_turn(world, contact->bodyA, &ca, &sa);
    sd_turn(world, contact->bodyB, &cb, &sb);
    sd_turned_arms(p, ca, sa, cb, sb, rax, ray, rbx, rby);
}

double sd_contact_separation_at(const sdWorld* world, const sdContact* contact, const sdContactPoint* p, double rax,
                                double ray, double rbx, double rby) {
    const sdCollisionState* c = &world->collision;
    const int32_t a = contact->bodyA, b = contact->bodyB;
    // How far each side's point moved since the collision pass, then the difference along the normal.
    const double ax = world->x[a] - c->collideX[a] + rax - (p->anchorAX + p->offsetAX);
    const double ay = world->y[a] - c->collideY[a] + ray - (p->anchorAY + p->offsetAY);
    const double bx = world->x[b] - c->collideX[b] + rbx - (p->anchorBX + p->offsetBX);
    const double by = world->y[b] - c->collideY[b] + rby - (p->anchorBY + p->offsetBY);
    return p->separation + (bx - ax) * contact->normalX + (by - ay) * contact->normalY;
}

/// Whether finishing the step reads contact k: in the solver this step and not settled (sd_finish_contacts).
static inline bool sd_contact_unfinished(const sdCollisionState* c, int32_t k) {
    return c->contactActive[k] && !c->contactSettled[k];
}

/// The first contact from k on that finishing the step reads (sd_contact_unfinished), or `count`. Eight contacts'
/// flags at a time (bytes of 0 or 1): the runs of settled and idle contacts between the few it reads cost one
/// branch per eight instead of a mispredicted one per contact.
static inline int32_t sd_next_unfinished(const sdCollisionState* c, int32_t k, int32_t count) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; k + 8 <= count; k += 8) {
        uint64_t active, settled;
        memcpy(&active, &c->contactActive[k], sizeof active);
        memcpy(&settled, &c->contactSettled[k], sizeof settled);
        const uint64_t open = active & ~settled;
        if (open != 0) return k + __builtin_ctzll(open) / 8;
    }
#endif
    for (; k < count; ++k)
        if (sd_contact_unfinished(c, k)) return k;
    return count;
}

/// Whether a contact touches at the step's end — some point pushed this step or lies within the touch slop — and
/// which such point pushed hardest (`strongest`). The bodies' turns are looked up once, for the first point that
/// did not push (sd_contact_arms' arithmetic); `cacheTurns` false: the turn caches are only read.
SD_INLINE bool sd_contact_touches(sdWorld* world, const sdContact* contact, bool cacheTurns, int32_t* strongest) {
    bool touching = false, turned = false;
    double ca = 1.0, sa = 0.0, cb = 1.0, sb = 0.0;
    *strongest = -1;
    for (int32_t p = 0; p < contact->pointCount; ++p) {
        const sdContactPoint* point = &contact->points[p];
        bool within = false;
        if (!(point->maxNormalImpulse > 0.0)) {
            if (!turned) {
                if (cacheTurns) {
                    sd_turn(world, contact->bodyA, &ca, &sa);
                    sd_turn(world, contact->bodyB, &cb, &sb);
                } else {
                    sd_turn_read(world, contact->bodyA, &ca, &sa);
                    sd_turn_read(world, contact->bodyB, &cb, &sb);
                }
                turned = true;
            }
            double rax, ray, rbx, rby;
            sd_turned_arms(point, ca, sa, cb, sb, &rax, &ray, &rbx, &rby);
            within = sd_contact_separation_at(world, contact, point, rax, ray, rbx, rby) < sdTouchSlop;
        }
        if (point->maxNormalImpulse > 0.0 || within) {
            touching = true;
            if (*strongest < 0 || point->maxNormalImpulse > contact->points[*strongest].maxNormalImpulse) *strongest = p;
        }
    }
    return touching;
}

/// A contact whose touch state changed: its begin event (at point `strongest`) or end event, and the new state.
static void sd_touch_changed(sdWorld* world, sdContact* contact, bool touching, int32_t strongest) {
    sdCollisionState* c = &world->collision;
    contact->touching = touching;
    if (!touching) {
        sd_push_end(c, contact);
        return;
    }
    if (c->beginCount == c->beginCapacity) return; // cannot happen: sd_collide reserved one per contact
    sdContactBeginEvent* e = &c->beginEvents[c->beginCount++];
    const sdContactEndEvent pair = sd_event_pair(contact);
    e->shapeA = pair.shapeA;
    e->shapeB = pair.shapeB;
    e->userDataA = pair.userDataA;
    e->userDataB = pair.userDataB;
    const sdContactPoint* point = &contact->points[strongest];
    if (point->maxNormalImpulse > 0.0) { // where the surfaces touched when it pushed hardest
        e->pointX = point->touchX;
        e->pointY = point->touchY;
    } else { // within the touch slop without pushing: midway between the two sides' points now
        double rax, ray, rbx, rby;
        sd_contact_arms(world, contact, point, &rax, &ray, &rbx, &rby);
        e->pointX = 0.5 * (world->x[contact->bodyA] + rax + world->x[contact->bodyB] + rbx);
        e->pointY = 0.5 * (world->y[contact->bodyA] + ray + world->y[contact->bodyB] + rby);
    }
    e->normalX = contact->normalX;
    e->normalY = contact->normalY;
}

/// What finishing the step on the workers found of a contact (sdCollisionState.contactChange): its touch state
/// stands, it began touching at point 0 or 1 (sdTouchBeganAt0 + the point), or it ended.
#define sdTouchStands 0
#define sdTouchBeganAt0 1
#define sdTouchEnded 3
_Static_assert(sizeof(((sdContact*)0)->points) / sizeof(((sdContact*)0)->points[0]) == 2,
               "contactChange: a begin at point 2 would read as sdTouchEnded");

/// Finishes contacts [begin, end) that the solver read (sd_contact_unfinished). Without `changes`, sends the
/// events and sets the touch states (the serial pass); with it, writes only changes[k] for each, and reads the turn
/// caches without writing them (a task: bodies are shared between pieces).
SD_INLINE void sd_finish_range(sdWorld* world, int32_t begin, int32_t end, uint8_t* changes) {
    sdCollisionState* c = &world->collision;
    // The records it reads are few and far apart (a settled pile reads one contact in eight), so a cursor runs ahead
    // of the loop and fetches the next sdFinishAhead of them: fetching by index, sdFinishAhead contacts ahead, was
    // about one record ahead, and the loop waited on each record's first line. Contacts kept at rest, or touching
    // still, stand: both skip them. Few contacts (sdFetchContactsAbove) stay in the cache, as their bodies do: no
    // cursor then.
    const int32_t first = sd_next_unfinished(c, begin, end);
    int32_t ahead = c->contactCount > sdFetchContactsAbove ? first : end, fetched = 0, finished = 0;
    for (int32_t k = first; k < end; k = sd_next_unfinished(c, k + 1, end)) {
        for (; ahead < end && fetched <= finished + sdFinishAhead; ahead = sd_next_unfinished(c, ahead + 1, end)) {
            sd_prefetch_contact(&c->contacts[ahead]);
            for (int32_t side = 0; side < 2; ++side) {
                const int32_t b = c->contactBodies[2 * ahead + side];
                SD_PREFETCH(&world->angle[b]);
                SD_PREFETCH(&world->x[b]);
                SD_PREFETCH(&world->y[b]);
                SD_PREFETCH(&c->collideAngle[b]);
                SD_PREFETCH(&c->collideX[b]);
                SD_PREFETCH(&c->collideY[b]);
                SD_PREFETCH(&c->turnAngle[b]);
                SD_PREFETCH(&c->turnCos[b]);
                SD_PREFETCH(&c->turnSin[b]);
            }
            fetched += 1;
        }
        finished += 1;
        sdContact* contact = &c->contacts[k];
        int32_t strongest;
        const bool touching = sd_contact_touches(world, contact, changes == NULL, &strongest);
        if (changes == NULL) {
            if (touching != contact->touching) sd_touch_changed(world, contact, touching, strongest);
        } else {
            changes[k] = (uint8_t)(touching == contact->touching ? sdTouchStands
                                   : touching                    ? sdTouchBeganAt0 + strongest
                                                                 : sdTouchEnded);
        }
    }
}

/// Least contacts a piece of finishing the step takes on the workers.
#define sdFinishGrain 1024

static void sd_finish_piece(void* context, int32_t piece, int32_t begin, int32_t end) {
    (void)piece;
    sdWorld* world = context;
    sd_finish_range(world, begin, end, world->collision.contactChange);
}

void sd_finish_contacts(sdWorld* world) {
    sdCollisionState* c = &world->collision;
    const int32_t count = c->contactCount;
    if (!c->parallelPass || count < 2 * sdFinishGrain) { // (fewer would be one piece: the serial pass)
        sd_finish_range(world, 0, count, NULL);
        return;
    }
    // With worker threads, tasks decide each contact's touch state; the events follow here, in contact order.
    sd_task_pool_range(world->tasks, sd_finish_piece, world, count, sdFinishGrain, 1);
    for (int32_t k = sd_next_unfinished(c, 0, count); k < count; k = sd_next_unfinished(c, k + 1, count)) {
        const uint8_t change = c->contactChange[k];
        if (change == sdTouchStands) continue;
        sd_touch_changed(world, &c->contacts[k], change != sdTouchEnded, change - sdTouchBeganAt0);
    }
}

int32_t sdWorld_GetContactCount(const sdWorld* world) { return world == NULL ? 0 : world->collision.contactCount; }

sdResult sdWorld_GetContact(const sdWorld* world, int32_t index, sdContactData* out) {
    if (world == NULL || out == NULL) return sdResult_nullArgument;
    const sdCollisionState* c = &world->collision;
    if (index < 0 || index >= c->contactCount) return sdResult_outOfRange;
    const sdContact* contact = &c->contacts[index];
    memset(out, 0, sizeof *out);
    out->shapeA.index = contact->shapeA;
    out->shapeA.generation = contact->generationA;
    out->shapeB.index = contact->shapeB;
    out->shapeB.generation = contact->generationB;
    out->normalX = contact->normalX;
    out->normalY = contact->normalY;
    out->pointCount = contact->pointCount;
    for (int32_t p = 0; p < contact->pointCount; ++p) {
        const sdContactPoint* point = &contact->points[p];
        out->pointX[p] = c->collideX[contact->bodyA] + point->anchorAX + point->offsetAX;
        out->pointY[p] = c->collideY[contact->bodyA] + point->anchorAY + point->offsetAY;
        out->separation[p] = point->separation;
        out->normalImpulse[p] = point->normalImpulse;
    }
    out->touching = contact->touching;
    return sdResult_ok;
}

sdContactEvents sdWorld_GetContactEvents(const sdWorld* world) {
    sdContactEvents events;
    memset(&events, 0, sizeof events);
    if (world == NULL) return events;
    events.begin = world->collision.beginEvents;
    events.beginCount = world->collision.beginCount;
    events.end = world->collision.endEvents;
    events.endCount = world->collision.endCount;
    return events;
}
