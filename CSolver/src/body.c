// Bodies: creation and destruction with slot reuse, validated setters, forces and impulses.
#include "sd_world.h"

#include <string.h>

static const uint32_t sd_known_flags = sdBodyFlag_static | sdBodyFlag_fixedRotation;

sdBodyDef sdDefaultBodyDef(void) {
    sdBodyDef def;
    memset(&def, 0, sizeof def);
    def.width = 100.0;
    def.height = 100.0;
    def.shape = sdShape_rectangle;
    def.density = 1.0;
    return def;
}

void sd_shape_mass_properties(sdShapeKind shape, double width, double height, double* area, double* unitInertia) {
    if (shape == sdShape_ellipse) {
        *area = 3.14159265358979323846 * width * height / 4.0;
        *unitInertia = (width * width + height * height) / 16.0;
    } else {
        *area = width * height;
        *unitInertia = (width * width + height * height) / 12.0;
    }
}

void sd_update_mass(sdWorld* world, int32_t i) {
    double mass = world->density[i] * world->area[i] / 10000.0;
    bool isStatic = (world->flags[i] & sdBodyFlag_static) != 0;
    bool fixedRotation = (world->flags[i] & sdBodyFlag_fixedRotation) != 0;
    world->invMass[i] = isStatic ? 0.0 : 1.0 / mass;
    world->invInertia[i] = (isStatic || fixedRotation) ? 0.0 : 1.0 / (mass * world->unitInertia[i]);
    if (fixedRotation || isStatic) world->w[i] = 0.0;
    if (isStatic) {
        world->vx[i] = 0.0;
        world->vy[i] = 0.0;
    }
}

void sd_wake(sdWorld* world, int32_t i) {
    world->sleepTime[i] = 0.0;
    if (world->flags[i] & sdBodyFlag_static) return;
    if (world->awake[i]) return;
    // Wake everything that fell asleep with it (joined or touching), and dissolve that ring.
    int32_t j = i;
    do {
        const int32_t next = world->sleepNext[j];
        world->sleepNext[j] = j;
        if (world->alive[j] && !world->awake[j] && !(world->flags[j] & sdBodyFlag_static)) {
            world->awake[j] = 1;
            world->awakeCount += 1;
            world->sleepTime[j] = 0.0;
        }
        j = next;
    } while (j != i);
    sd_topology_changed(world);
}

/// Puts slot i to rest (or marks a static body as not moving).
static void sd_sleep(sdWorld* world, int32_t i) {
    sd_wake(world, i); // leave any sleep ring first
    if (world->awake[i]) world->awakeCount -= 1;
    world->awake[i] = 0;
    sd_topology_changed(world);
}

static sdResult sd_validate_body_def(const sdBodyDef* def) {
    if (def == NULL) return sdResult_nullArgument;
    if (!sd_finite2(def->x, def->y) || !sd_finite2(def->angle, def->angularVelocity) ||
        !sd_finite2(def->vx, def->vy) || !sd_finite2(def->width, def->height) || !isfinite(def->density) ||
        !sd_finite2(def->linearDamping, def->angularDamping) || !sd_finite2(def->gravityX, def->gravityY))
        return sdResult_nonFinite;
    if (def->width <= 0 || def->height <= 0 || def->density <= 0 || def->linearDamping < 0 ||
        def->angularDamping < 0 || (def->flags & ~sd_known_flags) != 0)
        return sdResult_outOfRange;
    if (def->shape != sdShape_rectangle && def->shape != sdShape_ellipse && def->shape != sdShape_polygon)
        return sdResult_outOfRange;
    if (def->shape == sdShape_polygon) {
        if (!sd_finite2(def->polygonArea, def->polygonUnitInertia)) return sdResult_nonFinite;
        if (def->polygonArea <= 0 || def->polygonUnitInertia <= 0) return sdResult_outOfRange;
    }
    return sdResult_ok;
}

sdResult sdCreateBody(sdWorld* world, const sdBodyDef* def, sdBodyId* outId) {
    if (world == NULL || outId == NULL) return sdResult_nullArgument;
    sdResult valid = sd_validate_body_def(def);
    if (valid != sdResult_ok) return valid;
    int32_t i;
    sdResult allocated = sd_allocate_slot(world, &i);
    if (allocated != sdResult_ok) return allocated;

    world->alive[i] = 1;
    world->awake[i] = 0;
    world->shape[i] = (uint8_t)def->shape;
    world->flags[i] = def->flags;
    world->x[i] = def->x;
    world->y[i] = def->y;
    world->angle[i] = def->angle;
    world->vx[i] = def->vx;
    world->vy[i] = def->vy;
    world->w[i] = def->angularVelocity;
    world->width[i] = def->width;
    world->height[i] = def->height;
    if (def->shape == sdShape_polygon) {
        world->area[i] = def->polygonArea;
        world->unitInertia[i] = def->polygonUnitInertia;
    } else {
        sd_shape_mass_properties(def->shape, def->width, def->height, &world->area[i], &world->unitInertia[i]);
    }
    world->density[i] = def->density;
    world->linearDamping[i] = def->linearDamping;
    world->angularDamping[i] = def->angularDamping;
    world->gravityX[i] = def->gravityX;
    world->gravityY[i] = def->gravityY;
    world->forceX[i] = 0.0;
    world->forceY[i] = 0.0;
    world->torque[i] = 0.0;
    world->restitution[i] = 0.2;
    world->friction[i] = 0.2;
    world->charge[i] = 0.0;
    world->dampingStep[i] = 0.0;
    world->rotationAngle[i] = NAN;
    world->sleepNext[i] = i;
    sd_update_mass(world, i);
    sd_topology_changed(world);
    sd_wake(world, i);
    world->bodyCount += 1;
    outId->index = i;
    outId->generation = world->generation[i];
    return sdResult_ok;
}

sdResult sdDestroyBody(sdWorld* world, sdBodyId id) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    int32_t i = id.index;
    sd_wake(world, i); // what rested on it, or with it, moves again (and it leaves its sleep ring)
    sd_wake_resting_on(world, i);
    sd_destroy_body_shapes(world, i);
    for (int32_t j = 0; world->jointEdges[i] > 0 && j < world->jointSlotCount; ++j) {
        if (world->jointAlive[j] && (world->joints[j].bodyA == i || world->joints[j].bodyB == i))
            sd_destroy_joint_slot(world, j);
    }
    sd_sleep(world, i);
    world->alive[i] = 0;
    world->generation[i] += 1;
    world->freeSlots[world->freeCount++] = i;
    world->bodyCount -= 1;
    sd_topology_changed(world);
    return sdResult_ok;
}

bool sdBody_IsValid(const sdWorld* world, sdBodyId id) { return sd_check_id(world, id) == sdResult_ok; }

sdResult sdBody_SetPosition(sdWorld* world, sdBodyId id, double x, double y) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(x, y)) return sdResult_nonFinite;
    world->x[id.index] = x;
    world->y[id.index] = y;
    sd_wake(world, id.index);
    sd_wake_resting_on(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_SetAngle(sdWorld* world, sdBodyId id, double angle) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!isfinite(angle)) return sdResult_nonFinite;
    world->angle[id.index] = angle;
    sd_wake(world, id.index);
    sd_wake_resting_on(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_SetLinearVelocity(sdWorld* world, sdBodyId id, double vx, double vy) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(vx, vy)) return sdResult_nonFinite;
    if (world->flags[id.index] & sdBodyFlag_static) return sdResult_ok;
    world->vx[id.index] = vx;
    world->vy[id.index] = vy;
    sd_wake(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_SetAngularVelocity(sdWorld* world, sdBodyId id, double angularVelocity) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!isfinite(angularVelocity)) return sdResult_nonFinite;
    if (world->invInertia[id.index] == 0.0) return sdResult_ok;
    world->w[id.index] = angularVelocity;
    sd_wake(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_AddVelocity(sdWorld* world, sdBodyId id, double dvx, double dvy, double dw) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(dvx, dvy) || !isfinite(dw)) return sdResult_nonFinite;
    int32_t i = id.index;
    if (world->flags[i] & sdBodyFlag_static) return sdResult_ok;
    world->vx[i] += dvx;
    world->vy[i] += dvy;
    if (world->invInertia[i] != 0.0) world->w[i] += dw;
    sd_wake(world, i);
    return sdResult_ok;
}

sdResult sdBody_SetDensity(sdWorld* world, sdBodyId id, double density) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!isfinite(density)) return sdResult_nonFinite;
    if (density <= 0) return sdResult_outOfRange;
    world->density[id.index] = density;
    sd_update_mass(world, id.index);
    sd_wake(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_SetDamping(sdWorld* world, sdBodyId id, double linearDamping, double angularDamping) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(linearDamping, angularDamping)) return sdResult_nonFinite;
    if (linearDamping < 0 || angularDamping < 0) return sdResult_outOfRange;
    world->linearDamping[id.index] = linearDamping;
    world->angularDamping[id.index] = angularDamping;
    world->dampingStep[id.index] = 0.0;
    sd_wake(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_SetGravity(sdWorld* world, sdBodyId id, double gravityX, double gravityY) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(gravityX, gravityY)) return sdResult_nonFinite;
    world->gravityX[id.index] = gravityX;
    world->gravityY[id.index] = gravityY;
    sd_wake(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_SetFlags(sdWorld* world, sdBodyId id, uint32_t flags) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if ((flags & ~sd_known_flags) != 0) return sdResult_outOfRange;
    int32_t i = id.index;
    sd_wake_resting_on(world, i); // a static body becoming dynamic (or changing) leaves what rested on it
    if (flags & sdBodyFlag_static) sd_sleep(world, i);
    world->flags[i] = flags;
    sd_topology_changed(world);
    sd_update_mass(world, i);
    sd_wake(world, i);
    return sdResult_ok;
}

sdResult sdBody_SetMaterial(sdWorld* world, sdBodyId id, double restitution, double friction, double charge) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(restitution, friction) || !isfinite(charge)) return sdResult_nonFinite;
    if (restitution < 0 || friction < 0) return sdResult_outOfRange;
    world->restitution[id.index] = restitution;
    world->friction[id.index] = friction;
    world->charge[id.index] = charge;
    sd_wake(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_Wake(sdWorld* world, sdBodyId id) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    sd_wake(world, id.index);
    return sdResult_ok;
}

sdResult sdBody_ApplyForce(sdWorld* world, sdBodyId id, double fx, double fy, double px, double py) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(fx, fy) || !sd_finite2(px, py)) return sdResult_nonFinite;
    int32_t i = id.index;
    if (world->flags[i] & sdBodyFlag_static) return sdResult_ok;
    world->forceX[i] += fx;
    world->forceY[i] += fy;
    world->torque[i] += (px - world->x[i]) * fy - (py - world->y[i]) * fx;
    if (!world->awake[i]) sd_wake(world, i);
    return sdResult_ok;
}

sdResult sdBody_ApplyLinearImpulse(sdWorld* world, sdBodyId id, double jx, double jy, double px, double py) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (!sd_finite2(jx, jy) || !sd_finite2(px, py)) return sdResult_nonFinite;
    int32_t i = id.index;
    if (world->flags[i] & sdBodyFlag_static) return sdResult_ok;
    world->vx[i] += jx * world->invMass[i];
    world->vy[i] += jy * world->invMass[i];
    world->w[i] += ((px - world->x[i]) * jy - (py - world->y[i]) * jx) * world->invInertia[i];
    if (!world->awake[i]) sd_wake(world, i);
    return sdResult_ok;
}

sdResult sdBody_GetState(const sdWorld* world, sdBodyId id, sdBodyState* outState) {
    sdResult check = sd_check_id(world, id);
    if (check != sdResult_ok) return check;
    if (outState == NULL) return sdResult_nullArgument;
    int32_t i = id.index;
    outState->x = world->x[i];
    outState->y = world->y[i];
    outState->angle = world->angle[i];
    outState->vx = world->vx[i];
    outState->vy = world->vy[i];
    outState->angularVelocity = world->w[i];
    outState->mass = world->invMass[i] == 0.0 ? 0.0 : 1.0 / world->invMass[i];
    outState->inertia = world->invInertia[i] == 0.0 ? 0.0 : 1.0 / world->invInertia[i];
    outState->width = world->width[i];
    outState->height = world->height[i];
    outState->flags = world->flags[i];
    outState->awake = world->awake[i] != 0;
    return sdResult_ok;
}
