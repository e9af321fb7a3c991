// The scenes as data (screen points, y down, as UIKit and swift-dynamics see them) and the interface each peer
// engine implements. The engines convert to metres, y up: x_m = x_pt / 100, y_m = −y_pt / 100, and back.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace peers {

/// Points per metre: UIKit's PTM ratio.
constexpr double kPointsPerMetre = 100.0;
/// One engine step; a 60 Hz frame is two of them.
constexpr double kSubstep = 1.0 / 120.0;
constexpr int kSubstepsPerFrame = 2;

enum class Shape { box, circle, segment };

/// One body of a scene. Every number is in points, seconds and kilograms per 10 000 pt² (UIKit's density).
struct BodySpec {
    Shape shape = Shape::box;
    bool isStatic = false;
    double x = 0, y = 0;     ///< centre (box, circle) or first end (segment)
    double w = 0, h = 0;     ///< box size; a circle's diameter is w (= h)
    double x2 = 0, y2 = 0;   ///< a segment's second end
    double vx = 0, vy = 0;   ///< initial velocity, pt/s
    double restitution = 0.2, friction = 0.2, density = 1.0;  ///< UIKit's body defaults
    double linearDamping = 0.1, angularDamping = 0.1;         ///< 1/s, UIKit's defaults
};

struct SceneSpec {
    double gravityY = 1000;  ///< pt/s², positive = down the screen (UIKit's gravity magnitude 1)
    std::vector<BodySpec> bodies;
};

/// The per-run engine configuration (the "configuration" of the JSON output).
struct EngineOptions {
    bool bullets = true;   ///< Box2D: dynamic bodies are bullets (UIKit sets it for gravity and push items)
    bool sleep = true;     ///< bodies may fall asleep (UIKit: yes)
    bool spatialHash = false;  ///< Chipmunk: spatial hash (true) or bounding-box tree (false, its default) broad phase
};

/// A body's state in screen units: pt, rad (clockwise positive), pt/s.
struct BodyState {
    double x, y, angle, vx, vy;
    bool awake;
};

class Engine {
public:
    virtual ~Engine() = default;
    /// Advances the world by one substep of `h` seconds.
    virtual void substep(double h) = 0;
    /// The state of `scene.bodies[i]` (static bodies read back their spec, awake = false).
    virtual BodyState state(std::size_t i) const = 0;
};

std::unique_ptr<Engine> makeBox2D(const SceneSpec& scene, const EngineOptions& options);
std::unique_ptr<Engine> makeChipmunk(const SceneSpec& scene, const EngineOptions& options);

/// The static body a spec describes, as a state (used by both engines for static bodies).
inline BodyState staticState(const BodySpec& spec) { return BodyState{spec.x, spec.y, 0, 0, 0, false}; }

}  // namespace peers
