// The operations a fuzz input is decoded into. Each decodes its own arguments, makes one C API call (or a
// few, for the batch step) and says what the invariants must check.
#ifndef FUZZ_OPS_H
#define FUZZ_OPS_H

#include "fuzz_session.h"
#include "fuzz_snapshot.h"

/// Result codes as a bit set, for the codes a call documents.
#define FZ_CODE(code) (1u << (code))
#define FZ_NULL FZ_CODE(sdResult_nullArgument)
#define FZ_INVALID FZ_CODE(sdResult_invalidId)
#define FZ_NONFINITE FZ_CODE(sdResult_nonFinite)
#define FZ_RANGE FZ_CODE(sdResult_outOfRange)
#define FZ_MEMORY FZ_CODE(sdResult_outOfMemory)
/// What a setter of a live object can answer.
#define FZ_SETTER (FZ_NULL | FZ_INVALID | FZ_NONFINITE | FZ_RANGE)

/// One call as the invariants see it.
typedef struct fzCall {
    const char* name;
    sdResult result;       // sdResult_ok for calls without a result code
    uint32_t allowed;      // the error codes the call documents (ok is always allowed)
    uint32_t keptOnError;  // fzSnapshot_* parts a refused call must leave bit-identical
} fzCall;

typedef fzCall (*fzOperation)(fzSession* session);

// fuzz_ops_world.c
fzCall fz_op_create_world(fzSession* s);
fzCall fz_op_destroy_world(fzSession* s);
fzCall fz_op_step(fzSession* s);
fzCall fz_op_step_many(fzSession* s);
fzCall fz_op_world_settings(fzSession* s);
fzCall fz_op_query(fzSession* s);
fzCall fz_op_solve_spd(fzSession* s);
fzCall fz_op_fail_allocation(fzSession* s);

// fuzz_ops_bodies.c
fzCall fz_op_create_body(fzSession* s);
fzCall fz_op_destroy_body(fzSession* s);
fzCall fz_op_body_setter(fzSession* s);
fzCall fz_op_body_push(fzSession* s);
/// The body definition the next bytes describe (defaults for the fields they leave alone).
sdBodyDef fz_decode_body_def(fzInput* in);

// fuzz_ops_joints.c
fzCall fz_op_create_joint(fzSession* s);
fzCall fz_op_destroy_joint(fzSession* s);
fzCall fz_op_joint_setter(fzSession* s);

// fuzz_ops_collisions.c
fzCall fz_op_create_shape(fzSession* s);
fzCall fz_op_destroy_shape(fzSession* s);
fzCall fz_op_shape_setter(fzSession* s);
fzCall fz_op_read_contacts(fzSession* s);

// fuzz_ops_fields.c
fzCall fz_op_create_field(fzSession* s);
fzCall fz_op_destroy_field(fzSession* s);
fzCall fz_op_field_setter(fzSession* s);
fzCall fz_op_field_members(fzSession* s);
fzCall fz_op_region_and_noise(fzSession* s);

#endif
