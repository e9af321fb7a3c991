// Chipmunk 7.0.3 as close to UIKit's Box2D settings as it goes (README "Chipmunk 7 equivalents"):
// 10 solver iterations (its default), collision slop 0.005 m (Box2D's linear slop), space damping e^(−c) per
// second for the scene's damping c (Chipmunk damps every body, linear and angular, by one factor), sleeping
// after 0.5 s below 0.01 m/s, no continuous collision (Chipmunk has none). Materials are stored as square
// roots because Chipmunk multiplies the two shapes' values: √μA·√μB = Box2D's friction mix √(μA·μB) for any
// pair, and √e·√e = e = Box2D's max(eA, eB) for the equal restitutions every scene uses.
#include <chipmunk/chipmunk.h>

#include <cmath>

#include "engine.hpp"

namespace peers {
namespace {

cpVect metres(double x, double y) { return cpv(x / kPointsPerMetre, -y / kPointsPerMetre); }

class ChipmunkEngine final : public Engine {
public:
    ChipmunkEngine(const SceneSpec& scene, const EngineOptions& options) : scene_(scene), space_(cpSpaceNew()) {
        cpSpaceSetGravity(space_, metres(0, scene.gravityY));
        cpSpaceSetIterations(space_, 10);
        cpSpaceSetCollisionSlop(space_, 0.005);
        double damping = 0;  // the scene's (uniform) linear damping
        for (const BodySpec& spec : scene.bodies)
            if (!spec.isStatic) damping = spec.linearDamping;
        cpSpaceSetDamping(space_, std::exp(-damping));
        if (options.sleep) {
            cpSpaceSetSleepTimeThreshold(space_, 0.5);
            cpSpaceSetIdleSpeedThreshold(space_, 0.01);
        }
        if (options.spatialHash) {
            // Cell size: the pour's item size (0.2 m); about ten cells per shape, as Chipmunk's docs advise.
            const int cells = static_cast<int>(10 * scene.bodies.size());
            cpSpaceUseSpatialHash(space_, 0.2, cells < 1000 ? 1000 : cells);
        }
        cpBody* ground = cpSpaceGetStaticBody(space_);
        bodies_.reserve(scene.bodies.size());
        for (const BodySpec& spec : scene.bodies) {
            cpBody* body = ground;
            if (!spec.isStatic) {
                body = cpSpaceAddBody(space_, cpBodyNew(0, 0));  // mass and moment come from the shape's density
                cpBodySetPosition(body, metres(spec.x, spec.y));
                owned_.push_back(body);
            }
            const double w = spec.w / kPointsPerMetre, h = spec.h / kPointsPerMetre;
            cpShape* shape = nullptr;
            switch (spec.shape) {
            case Shape::box:
                shape = spec.isStatic ? cpBoxShapeNew2(ground, cpBBNewForExtents(metres(spec.x, spec.y), w / 2, h / 2), 0)
                                      : cpBoxShapeNew(body, w, h, 0);
                break;
            case Shape::circle:
                shape = cpCircleShapeNew(body, w / 2, cpvzero);
                break;
            case Shape::segment:
                shape = cpSegmentShapeNew(ground, metres(spec.x, spec.y), metres(spec.x2, spec.y2), 0);
                break;
            }
            cpShapeSetDensity(shape, spec.density);
            cpShapeSetFriction(shape, std::sqrt(spec.friction));
            cpShapeSetElasticity(shape, std::sqrt(spec.restitution));
            cpSpaceAddShape(space_, shape);
            shapes_.push_back(shape);
            if (!spec.isStatic) cpBodySetVelocity(body, metres(spec.vx, spec.vy));
            bodies_.push_back(body);
        }
    }

    ~ChipmunkEngine() override {
        cpSpaceFree(space_);
        for (cpShape* shape : shapes_) cpShapeFree(shape);
        for (cpBody* body : owned_) cpBodyFree(body);
    }

    ChipmunkEngine(const ChipmunkEngine&) = delete;
    ChipmunkEngine& operator=(const ChipmunkEngine&) = delete;

    void substep(double h) override { cpSpaceStep(space_, h); }

    BodyState state(std::size_t i) const override {
        if (scene_.bodies[i].isStatic) return staticState(scene_.bodies[i]);
        cpBody* body = bodies_[i];
        const cpVect p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body);
        return BodyState{p.x * kPointsPerMetre, -p.y * kPointsPerMetre, -cpBodyGetAngle(body), v.x * kPointsPerMetre,
                         -v.y * kPointsPerMetre, !cpBodyIsSleeping(body)};
    }

private:
    const SceneSpec& scene_;
    cpSpace* space_;
    std::vector<cpBody*> bodies_;  // per scene body (static ones: the space's static body)
    std::vector<cpBody*> owned_;   // the dynamic bodies, freed with the space
    std::vector<cpShape*> shapes_;
};

}  // namespace

std::unique_ptr<Engine> makeChipmunk(const SceneSpec& scene, const EngineOptions& options) {
    return std::make_unique<ChipmunkEngine>(scene, options);
}

}  // namespace peers
