// Box2D 2.4.1 with UIKit's settings: 8 velocity / 3 position iterations per 1/120 s step, restitution
// threshold 1 m/s, continuous collision against static bodies always (Box2D's default) and between dynamic
// bodies when they are bullets.
#include <box2d/box2d.h>

#include "engine.hpp"

namespace peers {
namespace {

b2Vec2 metres(double x, double y) {
    return b2Vec2(static_cast<float>(x / kPointsPerMetre), static_cast<float>(-y / kPointsPerMetre));
}

class Box2DEngine final : public Engine {
public:
    Box2DEngine(const SceneSpec& scene, const EngineOptions& options)
        : scene_(scene), world_(metres(0, scene.gravityY)) {
        world_.SetAllowSleeping(options.sleep);
        world_.SetContinuousPhysics(true);
        bodies_.reserve(scene.bodies.size());
        for (const BodySpec& spec : scene.bodies) {
            b2BodyDef def;
            def.type = spec.isStatic ? b2_staticBody : b2_dynamicBody;
            if (spec.shape != Shape::segment) def.position = metres(spec.x, spec.y);
            def.linearVelocity = metres(spec.vx, spec.vy);
            def.linearDamping = static_cast<float>(spec.linearDamping);
            def.angularDamping = static_cast<float>(spec.angularDamping);
            def.bullet = options.bullets && !spec.isStatic;
            def.allowSleep = true;
            b2Body* body = world_.CreateBody(&def);

            b2PolygonShape box;
            b2CircleShape circle;
            b2EdgeShape edge;
            b2FixtureDef fixture;
            switch (spec.shape) {
            case Shape::box:
                box.SetAsBox(static_cast<float>(spec.w / (2 * kPointsPerMetre)),
                             static_cast<float>(spec.h / (2 * kPointsPerMetre)));
                fixture.shape = &box;
                break;
            case Shape::circle:
                circle.m_radius = static_cast<float>(spec.w / (2 * kPointsPerMetre));
                fixture.shape = &circle;
                break;
            case Shape::segment:
                edge.SetTwoSided(metres(spec.x, spec.y), metres(spec.x2, spec.y2));
                fixture.shape = &edge;
                break;
            }
            fixture.density = static_cast<float>(spec.density);
            fixture.friction = static_cast<float>(spec.friction);
            fixture.restitution = static_cast<float>(spec.restitution);
            fixture.restitutionThreshold = 1.0f;  // m/s, UIKit's (100 pt/s)
            body->CreateFixture(&fixture);
            bodies_.push_back(body);
        }
    }

    void substep(double h) override { world_.Step(static_cast<float>(h), 8, 3); }

    BodyState state(std::size_t i) const override {
        if (scene_.bodies[i].isStatic) return staticState(scene_.bodies[i]);
        const b2Body* body = bodies_[i];
        const b2Vec2 p = body->GetPosition(), v = body->GetLinearVelocity();
        return BodyState{p.x * kPointsPerMetre, -p.y * kPointsPerMetre, -body->GetAngle(), v.x * kPointsPerMetre,
                         -v.y * kPointsPerMetre, body->IsAwake()};
    }

private:
    const SceneSpec& scene_;
    b2World world_;
    std::vector<b2Body*> bodies_;
};

}  // namespace

std::unique_ptr<Engine> makeBox2D(const SceneSpec& scene, const EngineOptions& options) {
    return std::make_unique<Box2DEngine>(scene, options);
}

}  // namespace peers
