// What one fuzz input has built: up to fzMaxWorlds worlds, and for each the ids it was handed (kept after they
// are destroyed, so later calls can pass stale ids on purpose).
#ifndef FUZZ_SESSION_H
#define FUZZ_SESSION_H

#include "CSolver.h"
#include "fuzz_input.h"

#define fzMaxWorlds 3
#define fzMaxIds 48
#define fzMaxSteps 400          // steps per input, so one input stays fast
#define fzMaxLiveBodies 96      // bodies per world: beyond this, creation is skipped (speed, not correctness)

/// A custom field's evaluator reads its forces from here (per world, no global state).
typedef struct fzCustomForce {
    double fx, fy;
    uint32_t calls;
} fzCustomForce;

typedef struct fzWorld {
    sdWorld* world;
    sdBodyId bodies[fzMaxIds];
    int32_t bodyIds;
    sdJointId joints[fzMaxIds];
    int32_t jointIds;
    sdShapeId shapes[fzMaxIds];
    int32_t shapeIds;
    sdFieldId fields[fzMaxIds];
    int32_t fieldIds;
    fzCustomForce custom;
} fzWorld;

typedef struct fzSession {
    fzInput in;
    fzWorld worlds[fzMaxWorlds];
    int32_t steps;
} fzSession;

/// The world an operation acts on: one of the slots (possibly without a world: then the call passes NULL).
fzWorld* fz_pick_world(fzSession* session);

/// An id for a call: usually one handed out before (live or stale), sometimes a forged one.
sdBodyId fz_pick_body(fzSession* session, const fzWorld* w);
sdJointId fz_pick_joint(fzSession* session, const fzWorld* w);
sdShapeId fz_pick_shape(fzSession* session, const fzWorld* w);
sdFieldId fz_pick_field(fzSession* session, const fzWorld* w);

/// Remembers an id handed out (the oldest is forgotten when the table is full).
void fz_remember_body(fzWorld* w, sdBodyId id);
void fz_remember_joint(fzWorld* w, sdJointId id);
void fz_remember_shape(fzWorld* w, sdShapeId id);
void fz_remember_field(fzWorld* w, sdFieldId id);

/// With FUZZ_TRACE set, prints a line describing a call's arguments (for reading a crashing input).
void fz_trace(const char* format, ...) __attribute__((format(printf, 1, 2)));

/// Stops the run with a message: a broken invariant (libFuzzer records the input as a crash).
_Noreturn void fz_fail(const char* what, const char* call, int detail);

#endif
