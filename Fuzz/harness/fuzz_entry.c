// libFuzzer entry: the input is a sequence of operations on up to three worlds. After every call:
//   - its result is ok or one of the codes the call documents;
//   - a refused call left every world bit-identical (what it documents it keeps: everything, except that a
//     step failing for memory may have recomputed contacts and woken resting bodies);
//   - nothing observable is NaN or infinite, and the counts agree with the live slots.
// Any broken invariant aborts with a message naming it and the call.
#include "fuzz_alloc.h"
#include "fuzz_ops.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const fzOperation fzOperations[] = {
    fz_op_create_world, fz_op_destroy_world, fz_op_step,        fz_op_step_many,       fz_op_world_settings,
    fz_op_query,        fz_op_solve_spd,     fz_op_create_body, fz_op_create_body,     fz_op_destroy_body,
    fz_op_body_setter,  fz_op_body_setter,   fz_op_body_push,   fz_op_create_joint,    fz_op_create_joint,
    fz_op_destroy_joint, fz_op_joint_setter, fz_op_create_shape, fz_op_create_shape,   fz_op_destroy_shape,
    fz_op_shape_setter, fz_op_read_contacts, fz_op_create_field, fz_op_destroy_field,  fz_op_field_setter,
    fz_op_field_members, fz_op_field_members, fz_op_region_and_noise, fz_op_fail_allocation, fz_op_step_many,
};
#define fzOperationCount ((uint32_t)(sizeof fzOperations / sizeof fzOperations[0]))

#define fzSnapshotParts 6

/// The state before a call, one hash per snapshot part, so a call that keeps only some parts is checked on those.
typedef struct fzBefore {
    uint64_t hash[fzMaxWorlds][fzSnapshotParts];
} fzBefore;

static void fz_record(const fzSession* s, fzBefore* before) {
    for (int32_t k = 0; k < fzMaxWorlds; ++k)
        for (int32_t p = 0; p < fzSnapshotParts; ++p) before->hash[k][p] = fz_hash_world(&s->worlds[k], 1u << p);
}

static void fz_check_call(const fzSession* s, const fzCall* call, const fzBefore* before) {
    if (call->result != sdResult_ok) {
        if ((unsigned)call->result > sdResult_outOfMemory || !(call->allowed & FZ_CODE(call->result)))
            fz_fail("undocumented result code", call->name, call->result);
        for (int32_t k = 0; k < fzMaxWorlds; ++k)
            for (int32_t p = 0; p < fzSnapshotParts; ++p)
                if ((call->keptOnError & (1u << p)) && fz_hash_world(&s->worlds[k], 1u << p) != before->hash[k][p])
                    fz_fail("a refused call changed the world (snapshot part in detail)", call->name, p);
    }
    for (int32_t k = 0; k < fzMaxWorlds; ++k) fz_check_world(&s->worlds[k], call->name);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // FUZZ_TRACE=1 prints every call and its result (for reading a crashing input).
    static int trace = -1;
    if (trace < 0) trace = getenv("FUZZ_TRACE") != NULL;
    fzSession session;
    memset(&session, 0, sizeof session);
    session.in = (fzInput){data, size, 0};
    // Every input starts with one ordinary world, so most bytes build scenes rather than refused creations.
    sdWorldDef def = sdDefaultWorldDef();
    def.initialBodyCapacity = 4;
    if (sdCreateWorld(&def, &session.worlds[0].world) != sdResult_ok) fz_fail("default world refused", "start", 0);
    while (fz_more(&session.in)) {
        const fzOperation operation = fzOperations[fz_u8(&session.in) % fzOperationCount];
        fzBefore before;
        fz_record(&session, &before);
        const fzCall call = operation(&session);
        if (trace) fprintf(stderr, "fuzz trace: %s -> %d\n", call.name, call.result);
        fz_check_call(&session, &call, &before);
    }
    for (int32_t k = 0; k < fzMaxWorlds; ++k) sdDestroyWorld(session.worlds[k].world);
    fz_alloc_disarm();
    return 0;
}
