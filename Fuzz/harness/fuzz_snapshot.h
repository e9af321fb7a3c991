// What the invariants compare: a hash of everything a caller can observe of a world, and a check that none of
// it is NaN or infinite.
#ifndef FUZZ_SNAPSHOT_H
#define FUZZ_SNAPSHOT_H

#include "fuzz_session.h"

/// Which parts of a world a hash covers.
enum {
    fzSnapshot_kinematics = 1u << 0, // every live body's pose and velocity
    fzSnapshot_bodies = 1u << 1,     // mass properties, size, flags, awake state, counts, tracked ids' validity
    fzSnapshot_joints = 1u << 2,     // tracked joints: validity, bodies, geometry
    fzSnapshot_shapes = 1u << 3,     // tracked shapes: validity, body; the shape count
    fzSnapshot_fields = 1u << 4,     // tracked fields: validity, parameters, member counts; the field count
    fzSnapshot_contacts = 1u << 5,   // the last step's contacts and events
    fzSnapshot_all = 0x3Fu,
};

/// FNV-1a over the observable state selected by `parts` (0 for a missing world).
uint64_t fz_hash_world(const fzWorld* w, uint32_t parts);

/// Fails the run when any observable number of the world is NaN or infinite, or counts disagree.
void fz_check_world(const fzWorld* w, const char* call);

#endif
