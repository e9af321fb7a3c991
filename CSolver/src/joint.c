// Joints: creation from world-space anchors, validated setters, geometry read-back.
#include "sd_joint.h"
#include "sd_world.h"

#include <stdlib.h>
#include <string.h>

sdJointDef sdDefaultJointDef(void) {
    sdJointDef def;
    memset(&def, 0, sizeof def);
    def.kind = sdJoint_distance;
    def.bodyA.index = sdWorldBodyIndex;
    def.bodyB.index = sdWorldBodyIndex;
    def.axisX = 1.0;
    def.lowerLimit = -INFINITY;
    def.upperLimit = INFINITY;
    return def;
}

/// |(x, y)| without overflow (the components scaled by the larger first; 0 for a zero vector).
static double sd_axis_length(double x, double y) {
    const double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
    if (!(m > 0.0)) return 0.0;
    const double sx = x / m, sy = y / m;
    return m * sqrt(sx * sx + sy * sy);
}

/// (x, y) scaled to unit length without overflow; unchanged outputs for a zero vector.
static void sd_unit_axis(double x, double y, double* ux, double* uy) {
    const double m = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
    if (!(m > 0.0)) return;
    const double sx = x / m, sy = y / m, length = sqrt(sx * sx + sy * sy);
    *ux = sx / length;
    *uy = sy / length;
}

static sdResult sd_check_joint(const sdWorld* world, sdJointId id) {
    if (world == NULL) return sdResult_nullArgument;
    if (id.index < 0 || id.index >= world->jointSlotCount) return sdResult_invalidId;
    if (!world->jointAlive[id.index] || world->jointGeneration[id.index] != id.generation) return sdResult_invalidId;
    return sdResult_ok;
}

bool sdJoint_IsValid(const sdWorld* world, sdJointId id) { return sd_check_joint(world, id) == sdResult_ok; }

int32_t sdWorld_GetJointCount(const sdWorld* world) { return world == NULL ? 0 : world->jointCount; }

/// World → local coordinates of slot `body` (the world keeps world coordinates).
static void sd_to_local(const sdWorld* world, int32_t body, double x, double y, double* lx, double* ly) {
    if (body < 0) {
        *lx = x;
        *ly = y;
        return;
    }
    const double c = cos(world->angle[body]), s = sin(world->angle[body]);
    const double dx = x - world->x[body], dy = y - world->y[body];
    *lx = c * dx + s * dy;
    *ly = -s * dx + c * dy;
}

/// World position of a local anchor, for const readers (no rotation cache).
static void sd_anchor_point(const sdWorld* world, int32_t body, double lx, double ly, double* x, double* y) {
    if (body < 0) {
        *x = lx;
        *y = ly;
        return;
    }
    const double c = cos(world->angle[body]), s = sin(world->angle[body]);
    *x = world->x[body] + c * lx - s * ly;
    *y = world->y[body] + s * lx + c * ly;
}

static double sd_body_angle(const sdWorld* world, int32_t body) { return body < 0 ? 0.0 : world->angle[body]; }

/// A limit is ±infinity (none) or within ±sdMaxMagnitude: a finite limit of 1e298 made a limit row's error, and
/// its impulse, overflow (found by the fuzzer).
static bool sd_limit_in_range(double limit) { return isinf(limit) || fabs(limit) <= sdMaxMagnitude; }

static sdResult sd_validate_joint_def(const sdWorld* world, const sdJointDef* def) {
    if (def == NULL) return sdResult_nullArgument;
    const bool aWorld = def->bodyA.index == sdWorldBodyIndex, bWorld = def->bodyB.index == sdWorldBodyIndex;
    if (aWorld && bWorld) return sdResult_outOfRange;
    if (!aWorld && sd_check_id(world, def->bodyA) != sdResult_ok) return sdResult_invalidId;
    if (!bWorld && sd_check_id(world, def->bodyB) != sdResult_ok) return sdResult_invalidId;
    if (!aWorld && !bWorld && def->bodyA.index == def->bodyB.index) return sdResult_outOfRange;
    if (!sd_finite2(def->anchorAX, def->anchorAY) || !sd_finite2(def->anchorBX, def->anchorBY) ||
        !sd_finite2(def->length, def->frequency) || !isfinite(def->dampingRatio) ||
        !sd_finite2(def->axisX, def->axisY) || isnan(def->lowerLimit) || isnan(def->upperLimit) ||
        !isfinite(def->frictionTorque))
        return sdResult_nonFinite;
    if ((unsigned)def->kind > (unsigned)sdJoint_prismatic || def->length < 0 || def->frequency < 0 ||
        def->frequency > sdMaxSpringFrequency ||
        def->dampingRatio < 0 || def->frictionTorque < 0 || def->lowerLimit > def->upperLimit)
        return sdResult_outOfRange;
    if (sd_check_bounded(def->anchorAX, def->anchorAY, sdMaxMagnitude) != sdResult_ok ||
        sd_check_bounded(def->anchorBX, def->anchorBY, sdMaxMagnitude) != sdResult_ok || def->length > sdMaxMagnitude ||
        def->frictionTorque > sdMaxForce || !sd_limit_in_range(def->lowerLimit) || !sd_limit_in_range(def->upperLimit))
        return sdResult_outOfRange;
    if (def->kind == sdJoint_prismatic && !(sd_axis_length(def->axisX, def->axisY) >= 1e-12)) return sdResult_outOfRange;
    return sdResult_ok;
}

static sdResult sd_grow_joints(sdWorld* world) {
    if (world->jointCapacity > INT32_MAX / 2) return sdResult_outOfMemory; // doubling would overflow int32
    int32_t capacity = world->jointCapacity == 0 ? 16 : world->jointCapacity * 2;
    sdJoint* joints = realloc(world->joints, (size_t)capacity * sizeof(sdJoint));
    if (joints == NULL) return sdResult_outOfMemory;
    world->joints = joints;
    uint8_t* alive = realloc(world->jointAlive, (size_t)capacity);
    if (alive == NULL) return sdResult_outOfMemory;
    world->jointAlive = alive;
    uint32_t* generation = realloc(world->jointGeneration, (size_t)capacity * sizeof(uint32_t));
    if (generation == NULL) return sdResult_outOfMemory;
    world->jointGeneration = generation;
    int32_t* freeSlots = realloc(world->jointFreeSlots, (size_t)capacity * sizeof(int32_t));
    if (freeSlots == NULL) return sdResult_outOfMemory;
    world->jointFreeSlots = freeSlots;
    world->jointCapacity = capacity;
    return sdResult_ok;
}

/// Wakes the dynamic bodies a joint holds.
static void sd_wake_joint(sdWorld* world, const sdJoint* joint) {
    if (joint->bodyA >= 0) sd_wake(world, joint->bodyA);
    if (joint->bodyB >= 0) sd_wake(world, joint->bodyB);
}

sdResult sdCreateJoint(sdWorld* world, const sdJointDef* def, sdJointId* outId) {
    if (world == NULL || outId == NULL) return sdResult_nullArgument;
    sdResult valid = sd_validate_joint_def(world, def);
    if (valid != sdResult_ok) return valid;
    int32_t i;
    if (world->jointFreeCount > 0) {
        i = world->jointFreeSlots[--world->jointFreeCount];
    } else {
        if (world->jointSlotCount == world->jointCapacity) {
            sdResult grown = sd_grow_joints(world);
            if (grown != sdResult_ok) return grown;
        }
        i = world->jointSlotCount++;
        world->jointGeneration[i] = 0;
    }
    sdJoint* joint = &world->joints[i];
    memset(joint, 0, sizeof *joint);
    joint->kind = def->kind;
    joint->bodyA = def->bodyA.index == sdWorldBodyIndex ? -1 : def->bodyA.index;
    joint->bodyB = def->bodyB.index == sdWorldBodyIndex ? -1 : def->bodyB.index;
    sd_to_local(world, joint->bodyA, def->anchorAX, def->anchorAY, &joint->localAX, &joint->localAY);
    sd_to_local(world, joint->bodyB, def->anchorBX, def->anchorBY, &joint->localBX, &joint->localBY);
    joint->length = def->length;
    joint->frequency = def->frequency;
    joint->dampingRatio = def->dampingRatio;
    double ux = 1.0, uy = 0.0;
    sd_unit_axis(def->axisX, def->axisY, &ux, &uy);
    const double angleA = sd_body_angle(world, joint->bodyA);
    joint->axisLocalX = cos(angleA) * ux + sin(angleA) * uy;
    joint->axisLocalY = -sin(angleA) * ux + cos(angleA) * uy;
    joint->referenceAngle = sd_body_angle(world, joint->bodyB) - angleA;
    joint->lowerLimit = def->lowerLimit;
    joint->upperLimit = def->upperLimit;
    joint->frictionTorque = def->frictionTorque;
    world->jointAlive[i] = 1;
    world->jointCount += 1;
    sd_topology_changed(world);
    if (joint->bodyA >= 0) world->jointEdges[joint->bodyA] += 1;
    if (joint->bodyB >= 0) world->jointEdges[joint->bodyB] += 1;
    world->collision.jointsChanged += 1;
    sd_wake_joint(world, joint);
    outId->index = i;
    outId->generation = world->jointGeneration[i];
    return sdResult_ok;
}

/// Frees joint slot i (the bodies it held are woken).
void sd_destroy_joint_slot(sdWorld* world, int32_t i) {
    sdJoint* joint = &world->joints[i];
    if (joint->bodyA >= 0) world->jointEdges[joint->bodyA] -= 1;
    if (joint->bodyB >= 0) world->jointEdges[joint->bodyB] -= 1;
    world->collision.jointsChanged += 1;
    sd_wake_joint(world, joint);
    world->jointAlive[i] = 0;
    world->jointGeneration[i] += 1;
    world->jointFreeSlots[world->jointFreeCount++] = i;
    world->jointCount -= 1;
    sd_topology_changed(world);
}

sdResult sdDestroyJoint(sdWorld* world, sdJointId id) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    sd_destroy_joint_slot(world, id.index);
    return sdResult_ok;
}

sdResult sdJoint_GetBodies(const sdWorld* world, sdJointId id, sdBodyId* outBodyA, sdBodyId* outBodyB) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    if (outBodyA == NULL || outBodyB == NULL) return sdResult_nullArgument;
    const sdJoint* joint = &world->joints[id.index];
    const int32_t ends[2] = {joint->bodyA, joint->bodyB};
    sdBodyId* out[2] = {outBodyA, outBodyB};
    for (int e = 0; e < 2; ++e) {
        out[e]->index = ends[e] < 0 ? sdWorldBodyIndex : ends[e];
        out[e]->generation = ends[e] < 0 ? 0u : world->generation[ends[e]];
    }
    return sdResult_ok;
}

/// Whether joint `id` may have its world anchor moved to (x, y): live, bounded, and joined to the world.
static sdResult sd_check_world_anchor(const sdWorld* world, sdJointId id, double x, double y) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    const sdResult bounded = sd_check_bounded(x, y, sdMaxMagnitude);
    if (bounded != sdResult_ok) return bounded;
    const sdJoint* joint = &world->joints[id.index];
    if (joint->bodyA >= 0 && joint->bodyB >= 0) return sdResult_outOfRange; // both ends are bodies: no world anchor
    return sdResult_ok;
}

/// Moves a checked joint's world anchor and wakes its body.
static void sd_move_world_anchor(sdWorld* world, int32_t index, double x, double y) {
    sdJoint* joint = &world->joints[index];
    if (joint->bodyB < 0) {
        joint->localBX = x;
        joint->localBY = y;
    } else {
        joint->localAX = x;
        joint->localAY = y;
    }
    // Keep the hot copy of a single-body spring current (the layout is reused while only anchors move); the
    // solver's per-row copy is made again at the next step.
    sdSolverScratch* s = &world->scratch;
    s->geometryCurrent = false;
    if (s->layoutValid && index < s->jointSpringCapacity && s->jointSpring[index] >= 0) {
        for (int32_t k = s->jointSpring[index]; k < s->springCount && s->springs[k].joint == index; ++k) {
            s->springs[k].otherX = x;
            s->springs[k].otherY = y;
            if (s->springLane[k] >= 0) { // and its batch lane
                s->lanes[s->springLane[k] + sdLane_otherX * SD_BODY_CHUNK] = x;
                s->lanes[s->springLane[k] + sdLane_otherY * SD_BODY_CHUNK] = y;
            }
        }
    }
    sd_wake_joint(world, joint);
}

sdResult sdJoint_SetWorldAnchor(sdWorld* world, sdJointId id, double x, double y) {
    const sdResult check = sd_check_world_anchor(world, id, x, y);
    if (check != sdResult_ok) return check;
    sd_move_world_anchor(world, id.index, x, y);
    return sdResult_ok;
}

sdResult sdWorld_SetJointWorldAnchors(sdWorld* world, const sdJointId* ids, const double* x, const double* y,
                                      int32_t count) {
    if (world == NULL) return sdResult_nullArgument;
    if (count < 0) return sdResult_outOfRange;
    if (count > 0 && (ids == NULL || x == NULL || y == NULL)) return sdResult_nullArgument;
    for (int32_t k = 0; k < count; ++k) {
        const sdResult check = sd_check_world_anchor(world, ids[k], x[k], y[k]);
        if (check != sdResult_ok) return check;
    }
    for (int32_t k = 0; k < count; ++k) sd_move_world_anchor(world, ids[k].index, x[k], y[k]);
    return sdResult_ok;
}

sdResult sdJoint_SetLength(sdWorld* world, sdJointId id, double length) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    if (!isfinite(length)) return sdResult_nonFinite;
    if (length < 0 || length > sdMaxMagnitude) return sdResult_outOfRange;
    world->joints[id.index].length = length;
    sd_wake_joint(world, &world->joints[id.index]);
    sd_topology_changed(world);
    return sdResult_ok;
}

sdResult sdJoint_SetSpring(sdWorld* world, sdJointId id, double frequency, double dampingRatio) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(frequency, dampingRatio)) return sdResult_nonFinite;
    if (frequency < 0 || frequency > sdMaxSpringFrequency || dampingRatio < 0) return sdResult_outOfRange;
    world->joints[id.index].frequency = frequency;
    world->joints[id.index].dampingRatio = dampingRatio;
    world->joints[id.index].cachedStep = 0.0;
    sd_wake_joint(world, &world->joints[id.index]);
    sd_topology_changed(world);
    return sdResult_ok;
}

sdResult sdJoint_SetLimits(sdWorld* world, sdJointId id, double lower, double upper) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    if (isnan(lower) || isnan(upper)) return sdResult_nonFinite;
    if (lower > upper || !sd_limit_in_range(lower) || !sd_limit_in_range(upper)) return sdResult_outOfRange;
    world->joints[id.index].lowerLimit = lower;
    world->joints[id.index].upperLimit = upper;
    sd_wake_joint(world, &world->joints[id.index]);
    sd_topology_changed(world);
    return sdResult_ok;
}

sdResult sdJoint_SetFrictionTorque(sdWorld* world, sdJointId id, double frictionTorque) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    if (!isfinite(frictionTorque)) return sdResult_nonFinite;
    if (frictionTorque < 0 || frictionTorque > sdMaxForce) return sdResult_outOfRange;
    world->joints[id.index].frictionTorque = frictionTorque;
    sd_wake_joint(world, &world->joints[id.index]);
    sd_topology_changed(world);
    return sdResult_ok;
}

sdResult sdJoint_GetGeometry(const sdWorld* world, sdJointId id, double* outDistance, double* outRelativeAngle) {
    sdResult check = sd_check_joint(world, id);
    if (check != sdResult_ok) return check;
    if (outDistance == NULL || outRelativeAngle == NULL) return sdResult_nullArgument;
    const sdJoint* joint = &world->joints[id.index];
    double ax, ay, bx, by;
    sd_anchor_point(world, joint->bodyA, joint->localAX, joint->localAY, &ax, &ay);
    sd_anchor_point(world, joint->bodyB, joint->localBX, joint->localBY, &bx, &by);
    *outDistance = hypot(bx - ax, by - ay);
    *outRelativeAngle = sd_body_angle(world, joint->bodyB) - sd_body_angle(world, joint->bodyA);
    return sdResult_ok;
}
