// Fields: creation and destruction (at most sdMaxFields, slot reuse with generations), validated parameters and
// regions, member bodies, and the per-body storage the evaluation writes. Every refusal leaves the world as it
// was: buffers grow before anything is recorded.
#include "sd_world.h"

#include <stdlib.h>
#include <string.h>

static const double sd_default_minimum_radius = 100.0 / 32768.0; // 2⁻¹⁵ m in points

sdFieldDef sdDefaultFieldDef(sdFieldKind kind) {
    sdFieldDef def;
    memset(&def, 0, sizeof def);
    def.kind = kind;
    def.params.strength = 1.0;
    def.params.minimumRadius = sd_default_minimum_radius;
    switch (kind) {
    case sdField_radialGravity: def.params.falloff = 2.0; break;
    case sdField_spring: def.params.falloff = -1.0; break;
    case sdField_electric:
    case sdField_magnetic: def.params.falloff = 1.0; break;
    default: break;
    }
    return def;
}

sdFieldChunk* sd_new_chunk(void) {
    sdFieldChunk* chunk = aligned_alloc(64, sizeof(sdFieldChunk));
    if (chunk == NULL) return NULL;
    memset(chunk, 0, sizeof *chunk);
    for (int32_t i = 0; i < SD_FIELD_CHUNK; ++i) chunk->one[i] = 1.0;
    return chunk;
}

/// The field set, created with the first field.
static sdFieldSet* sd_field_set(sdWorld* world) {
    if (world->fields == NULL) {
        world->fields = calloc(1, sizeof(sdFieldSet));
        if (world->fields != NULL) {
            world->fields->chunk = sd_new_chunk();
            if (world->fields->chunk == NULL) {
                free(world->fields);
                world->fields = NULL;
            }
        }
    }
    return world->fields;
}

static sdResult sd_check_field(const sdWorld* world, sdFieldId id) {
    if (world == NULL) return sdResult_nullArgument;
    const sdFieldSet* set = world->fields;
    if (set == NULL || id.index < 0 || id.index >= set->slotCount) return sdResult_invalidId;
    if (!set->alive[id.index] || set->generation[id.index] != id.generation) return sdResult_invalidId;
    return sdResult_ok;
}

static sdResult sd_validate_params(const sdFieldParams* p) {
    if (p == NULL) return sdResult_nullArgument;
    if (!sd_finite2(p->x, p->y) || !sd_finite2(p->strength, p->falloff) || !isfinite(p->minimumRadius) ||
        !sd_finite2(p->directionX, p->directionY) || !sd_finite2(p->smoothness, p->animationSpeed))
        return sdResult_nonFinite;
    if (p->minimumRadius < 0 || p->smoothness < 0 || p->smoothness > 1 || p->animationSpeed < 0)
        return sdResult_outOfRange;
    // Magnitudes whose powers and products would overflow (the fuzzer found falloff −1e6: (r/100)^1e6 = inf).
    const double bounded[] = {p->x, p->y, p->strength, p->minimumRadius, p->directionX, p->directionY,
                              p->animationSpeed};
    for (size_t k = 0; k < sizeof bounded / sizeof bounded[0]; ++k)
        if (fabs(bounded[k]) > sdMaxMagnitude) return sdResult_outOfRange;
    if (fabs(p->falloff) > sdMaxFalloff) return sdResult_outOfRange;
    return sdResult_ok;
}

/// Grows every per-body array to the world's capacity; new slots start at zero.
static sdResult sd_fields_reserve_bodies(sdFieldSet* set, int32_t capacity) {
    if (set->bodyCapacity >= capacity) return sdResult_ok;
    if (!SD_GROW(set->forceX, capacity) || !SD_GROW(set->forceY, capacity) || !SD_GROW(set->velocityX, capacity) ||
        !SD_GROW(set->velocityY, capacity) || !SD_GROW(set->setsVelocity, capacity) ||
        !SD_GROW(set->membership, capacity) || !SD_GROW(set->membershipGeneration, capacity))
        return sdResult_outOfMemory;
    const size_t old = (size_t)set->bodyCapacity, added = (size_t)(capacity - set->bodyCapacity);
    memset(set->forceX + old, 0, added * sizeof(double));
    memset(set->forceY + old, 0, added * sizeof(double));
    memset(set->velocityX + old, 0, added * sizeof(double));
    memset(set->velocityY + old, 0, added * sizeof(double));
    memset(set->setsVelocity + old, 0, added);
    memset(set->membership + old, 0, added * sizeof(uint32_t));
    memset(set->membershipGeneration + old, 0, added * sizeof(uint32_t));
    set->bodyCapacity = capacity;
    return sdResult_ok;
}

/// Masks for a region program of `depth`.
static sdResult sd_fields_reserve_masks(sdFieldSet* set, int32_t depth) {
    if (set->maskDepth >= depth) return sdResult_ok;
    if (!SD_GROW(set->masks, (size_t)depth * SD_FIELD_CHUNK)) return sdResult_outOfMemory;
    set->maskDepth = depth;
    return sdResult_ok;
}

/// Custom-field batch arrays for `count` bodies.
static sdResult sd_fields_reserve_batch(sdFieldSet* set, int32_t count) {
    if (set->batchCapacity >= count) return sdResult_ok;
    int32_t capacity = set->batchCapacity < 64 ? 64 : set->batchCapacity;
    while (capacity < count) capacity = capacity > INT32_MAX / 2 ? count : capacity * 2;
    if (!SD_GROW(set->batch, 8 * (size_t)capacity) || !SD_GROW(set->batchBody, capacity)) return sdResult_outOfMemory;
    set->batchCapacity = capacity;
    return sdResult_ok;
}

/// A copy of a validated region program (NULL for the infinite region) and the masks it needs.
static sdResult sd_copy_region(sdFieldSet* set, const sdRegionNode* nodes, int32_t count, sdRegionNode** outCopy,
                               int32_t* outDepth) {
    *outCopy = NULL;
    *outDepth = 0;
    sdResult valid = sd_region_check(nodes, count, outDepth);
    if (valid != sdResult_ok) return valid;
    if (count == 0 || (count == 1 && nodes[0].op == sdRegion_infinite)) return sdResult_ok;
    if (sd_fields_reserve_masks(set, *outDepth) != sdResult_ok) return sdResult_outOfMemory;
    *outCopy = malloc((size_t)count * sizeof(sdRegionNode));
    if (*outCopy == NULL) return sdResult_outOfMemory;
    memcpy(*outCopy, nodes, (size_t)count * sizeof(sdRegionNode));
    return sdResult_ok;
}

/// True when member entry `m` still names the live body it was added for.
static inline bool sd_member_live(const sdWorld* world, sdFieldMember m) {
    return world->alive[m.body] && world->generation[m.body] == m.generation;
}

/// Clears body i's accumulators (it may stop being a member of every field).
static void sd_clear_body(sdFieldSet* set, int32_t i) {
    set->forceX[i] = 0.0;
    set->forceY[i] = 0.0;
    set->velocityX[i] = 0.0;
    set->velocityY[i] = 0.0;
    set->setsVelocity[i] = 0;
}

static void sd_wake_members(sdWorld* world, const sdField* field) {
    for (int32_t k = 0; k < field->memberCount; ++k) {
        if (sd_member_live(world, field->members[k])) sd_wake(world, field->members[k].body);
    }
}

static void sd_update_velocity_flag(sdFieldSet* set) {
    set->hasVelocityField = false;
    for (int32_t f = 0; f < set->slotCount; ++f) {
        if (set->alive[f] && set->fields[f].kind == sdField_velocity) set->hasVelocityField = true;
    }
}

sdResult sdCreateField(sdWorld* world, const sdFieldDef* def, sdFieldId* outId) {
    if (world == NULL || def == NULL || outId == NULL) return sdResult_nullArgument;
    if ((unsigned)def->kind > (unsigned)sdField_custom) return sdResult_outOfRange;
    sdResult valid = sd_validate_params(&def->params);
    if (valid != sdResult_ok) return valid;
    if (def->kind == sdField_custom && def->evaluator == NULL) return sdResult_nullArgument;
    int32_t depth;
    valid = sd_region_check(def->region, def->regionNodeCount, &depth);
    if (valid != sdResult_ok) return valid;
    if (world->fields != NULL && world->fields->count >= sdMaxFields) return sdResult_outOfRange;
    sdFieldSet* set = sd_field_set(world);
    if (set == NULL || sd_fields_reserve_bodies(set, world->capacity) != sdResult_ok) return sdResult_outOfMemory;
    sdRegionNode* region;
    if (sd_copy_region(set, def->region, def->regionNodeCount, &region, &depth) != sdResult_ok)
        return sdResult_outOfMemory;

    const int32_t f = set->freeCount > 0 ? set->freeSlots[--set->freeCount] : set->slotCount++;
    sdField* field = &set->fields[f];
    memset(field, 0, sizeof *field);
    field->kind = def->kind;
    field->params = def->params;
    field->region = region;
    field->regionCount = region == NULL ? 0 : def->regionNodeCount;
    field->regionDepth = depth;
    field->evaluator = def->kind == sdField_custom ? def->evaluator : NULL;
    field->evaluatorContext = def->kind == sdField_custom ? def->evaluatorContext : NULL;
    set->alive[f] = 1;
    set->count += 1;
    set->membershipVersion += 1;
    sd_update_velocity_flag(set);
    outId->index = f;
    outId->generation = set->generation[f];
    return sdResult_ok;
}

sdResult sdDestroyField(sdWorld* world, sdFieldId id) {
    sdResult check = sd_check_field(world, id);
    if (check != sdResult_ok) return check;
    sdFieldSet* set = world->fields;
    sdField* field = &set->fields[id.index];
    const uint32_t bit = 1u << id.index;
    for (int32_t k = 0; k < field->memberCount; ++k) {
        const sdFieldMember m = field->members[k];
        if (!sd_member_live(world, m)) continue;
        set->membership[m.body] &= ~bit;
        sd_clear_body(set, m.body);
        sd_wake(world, m.body);
    }
    free(field->members);
    free(field->region);
    memset(field, 0, sizeof *field);
    set->alive[id.index] = 0;
    set->generation[id.index] += 1;
    set->freeSlots[set->freeCount++] = id.index;
    set->count -= 1;
    set->membershipVersion += 1;
    sd_update_velocity_flag(set);
    return sdResult_ok;
}

bool sdField_IsValid(const sdWorld* world, sdFieldId id) { return sd_check_field(world, id) == sdResult_ok; }

int32_t sdWorld_GetFieldCount(const sdWorld* world) {
    return world == NULL || world->fields == NULL ? 0 : world->fields->count;
}

sdResult sdField_SetParams(sdWorld* world, sdFieldId id, const sdFieldParams* params) {
    sdResult check = sd_check_field(world, id);
    if (check != sdResult_ok) return check;
    sdResult valid = sd_validate_params(params);
    if (valid != sdResult_ok) return valid;
    sdField* field = &world->fields->fields[id.index];
    field->params = *params;
    sd_wake_members(world, field);
    return sdResult_ok;
}

sdResult sdField_GetParams(const sdWorld* world, sdFieldId id, sdFieldParams* outParams) {
    sdResult check = sd_check_field(world, id);
    if (check != sdResult_ok) return check;
    if (outParams == NULL) return sdResult_nullArgument;
    *outParams = world->fields->fields[id.index].params;
    return sdResult_ok;
}

sdResult sdField_SetRegion(sdWorld* world, sdFieldId id, const sdRegionNode* nodes, int32_t count) {
    sdResult check = sd_check_field(world, id);
    if (check != sdResult_ok) return check;
    sdFieldSet* set = world->fields;
    sdRegionNode* region;
    int32_t depth;
    sdResult copied = sd_copy_region(set, nodes, count, &region, &depth);
    if (copied != sdResult_ok) return copied;
    sdField* field = &set->fields[id.index];
    free(field->region);
    field->region = region;
    field->regionCount = region == NULL ? 0 : count;
    field->regionDepth = depth;
    sd_wake_members(world, field);
    return sdResult_ok;
}

/// True when body i (its current generation) is a member of field slot f.
static bool sd_is_member(const sdWorld* world, const sdFieldSet* set, int32_t i, int32_t f) {
    return set->membershipGeneration[i] == world->generation[i] && (set->membership[i] & (1u << f)) != 0;
}

/// Checks the field and the body of a member call.
static sdResult sd_check_member_call(const sdWorld* world, sdFieldId id, sdBodyId body) {
    const sdResult check = sd_check_field(world, id);
    return check != sdResult_ok ? check : sd_check_id(world, body);
}

sdResult sdField_AddBody(sdWorld* world, sdFieldId id, sdBodyId body) {
    const sdResult check = sd_check_member_call(world, id, body);
    if (check != sdResult_ok) return check;
    sdFieldSet* set = world->fields;
    sdField* field = &set->fields[id.index];
    const int32_t i = body.index;
    if (sd_fields_reserve_bodies(set, world->capacity) != sdResult_ok) return sdResult_outOfMemory;
    if (sd_is_member(world, set, i, id.index)) return sdResult_ok;
    if (field->memberCount == field->memberCapacity) {
        const int32_t capacity = field->memberCapacity < 16 ? 16 : field->memberCapacity * 2;
        if (field->memberCapacity > INT32_MAX / 2 || !SD_GROW(field->members, capacity)) return sdResult_outOfMemory;
        field->memberCapacity = capacity;
    }
    if (field->kind == sdField_custom && sd_fields_reserve_batch(set, field->memberCount + 1) != sdResult_ok)
        return sdResult_outOfMemory;
    if (set->membershipGeneration[i] != world->generation[i]) {
        set->membership[i] = 0;
        set->membershipGeneration[i] = world->generation[i];
    }
    set->membership[i] |= 1u << id.index;
    field->members[field->memberCount++] = (sdFieldMember){i, world->generation[i]};
    set->membershipVersion += 1;
    sd_wake(world, i);
    return sdResult_ok;
}

sdResult sdField_RemoveBody(sdWorld* world, sdFieldId id, sdBodyId body) {
    const sdResult check = sd_check_member_call(world, id, body);
    if (check != sdResult_ok) return check;
    sdFieldSet* set = world->fields;
    const int32_t i = body.index;
    if (i >= set->bodyCapacity || !sd_is_member(world, set, i, id.index)) return sdResult_ok;
    sdField* field = &set->fields[id.index];
    for (int32_t k = 0; k < field->memberCount; ++k) {
        if (field->members[k].body != i || field->members[k].generation != body.generation) continue;
        // Order is kept: the custom evaluator sees bodies in the order they were added.
        memmove(&field->members[k], &field->members[k + 1], (size_t)(field->memberCount - k - 1) * sizeof(sdFieldMember));
        field->memberCount -= 1;
        break;
    }
    set->membership[i] &= ~(1u << id.index);
    set->membershipVersion += 1;
    sd_clear_body(set, i);
    sd_wake(world, i);
    return sdResult_ok;
}

double sdWorld_GetFieldSeconds(const sdWorld* world) {
    return world == NULL || world->fields == NULL ? 0.0 : world->fields->seconds;
}

int32_t sdField_GetBodyCount(const sdWorld* world, sdFieldId id) {
    if (sd_check_field(world, id) != sdResult_ok) return 0;
    const sdField* field = &world->fields->fields[id.index];
    int32_t count = 0;
    for (int32_t k = 0; k < field->memberCount; ++k) count += sd_member_live(world, field->members[k]) ? 1 : 0;
    return count;
}

/// Drops the members whose body was destroyed (their slot may since hold a body that is no member).
static void sd_prune_members(sdWorld* world, sdFieldSet* set) {
    for (int32_t f = 0; f < set->slotCount; ++f) {
        if (!set->alive[f]) continue;
        sdField* field = &set->fields[f];
        int32_t kept = 0;
        for (int32_t k = 0; k < field->memberCount; ++k) {
            const sdFieldMember m = field->members[k];
            if (sd_member_live(world, m)) {
                field->members[kept++] = m;
            } else {
                // Whoever holds the slot now is no member through this entry: its sums must read zero (members'
                // sums are rewritten every substep anyway).
                sd_clear_body(set, m.body);
            }
        }
        if (kept != field->memberCount) set->membershipVersion += 1;
        field->memberCount = kept;
    }
}

/// True for fields evaluated by the vectorised law (not custom, not velocity).
static bool sd_is_force_field(const sdFieldSet* set, int32_t f) {
    return set->alive[f] && set->fields[f].kind != sdField_custom && set->fields[f].kind != sdField_velocity;
}

/// Finds the runs of consecutive force fields with identical member lists (several fields on the same items,
/// the common case): each run is evaluated with one gather and one scatter per chunk.
static void sd_find_groups(sdFieldSet* set) {
    for (int32_t f = 0; f < set->slotCount; ++f) {
        if (!sd_is_force_field(set, f)) continue;
        const sdField* lead = &set->fields[f];
        int32_t end = f + 1;
        // Fields without members may have no member array at all (NULL): memcmp must not see them.
        while (end < set->slotCount && sd_is_force_field(set, end) && set->fields[end].memberCount == lead->memberCount &&
               (lead->memberCount == 0 ||
                memcmp(set->fields[end].members, lead->members, (size_t)lead->memberCount * sizeof(sdFieldMember)) == 0))
            end += 1;
        set->groupEnd[f] = end;
    }
}

sdResult sd_fields_prepare_step(sdWorld* world) {
    sdFieldSet* set = world->fields;
    if (set == NULL) return sdResult_ok;
    set->seconds = 0.0;
    if (set->count == 0) return sdResult_ok;
    if (sd_fields_reserve_bodies(set, world->capacity) != sdResult_ok) return sdResult_outOfMemory;
    // Destroying a body changes the topology version; while it stands still no member can have died.
    if (set->prunedVersion != world->topologyVersion) {
        sd_prune_members(world, set);
        set->prunedVersion = world->topologyVersion;
    }
    if (set->groupedVersion != set->membershipVersion) {
        sd_find_groups(set);
        set->groupedVersion = set->membershipVersion;
    }
    return sdResult_ok;
}

void sd_fields_free(sdWorld* world) {
    sdFieldSet* set = world->fields;
    if (set == NULL) return;
    for (int32_t f = 0; f < set->slotCount; ++f) {
        free(set->fields[f].members);
        free(set->fields[f].region);
    }
    void* buffers[] = {set->forceX, set->forceY, set->velocityX, set->velocityY, set->setsVelocity,
                       set->membership, set->membershipGeneration, set->masks, set->batch, set->batchBody,
                       set->chunk};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; ++i) free(buffers[i]);
    free(set);
    world->fields = NULL;
}
