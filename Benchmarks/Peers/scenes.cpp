// Scene geometry in screen points (y down), exactly as README "Scenes" specifies it.
#include "scenes.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace peers {

int Scene::dynamicCount() const {
    return static_cast<int>(std::count_if(spec.bodies.begin(), spec.bodies.end(),
                                          [](const BodySpec& b) { return !b.isStatic; }));
}

namespace {

BodySpec box(double x, double y, double w, double h) {
    BodySpec b;
    b.x = x;
    b.y = y;
    b.w = w;
    b.h = h;
    return b;
}

BodySpec staticBox(double x, double y, double w, double h) {
    BodySpec b = box(x, y, w, h);
    b.isStatic = true;
    return b;
}

BodySpec segment(double x1, double y1, double x2, double y2) {
    BodySpec b;
    b.shape = Shape::segment;
    b.isStatic = true;
    b.x = x1;
    b.y = y1;
    b.x2 = x2;
    b.y2 = y2;
    return b;
}

/// A scene's name and frame count; the caller fills in the rest.
Scene named(const char* name, int frames) {
    Scene scene;
    scene.name = name;
    scene.frames = frames;
    return scene;
}

/// Rests on a floor whose top face is y = 0: 40 × 40 boxes at the given centres plus a static floor box of
/// width `floorWidth`, 100 pt thick, centred on x = 0. Bodies 0…n−1 are the boxes, the floor comes last.
SceneSpec restingBoxes(const std::vector<std::pair<double, double>>& centres, double floorWidth) {
    SceneSpec spec;
    for (const auto& [x, y] : centres) spec.bodies.push_back(box(x, y, 40, 40));
    spec.bodies.push_back(staticBox(0, 50, floorWidth, 100));
    return spec;
}

/// The largest distance (or |Δx| when `horizontalOnly`) of any dynamic body from its start.
double largestDisplacement(const Scene& scene, const Engine& engine, bool horizontalOnly) {
    double largest = 0;
    for (std::size_t i = 0; i < scene.spec.bodies.size(); ++i) {
        const BodySpec& b = scene.spec.bodies[i];
        if (b.isStatic) continue;
        const BodyState s = engine.state(i);
        const double d = horizontalOnly ? std::fabs(s.x - b.x) : std::hypot(s.x - b.x, s.y - b.y);
        largest = std::max(largest, d);
    }
    return largest;
}

/// True when every dynamic body is asleep.
bool allAsleep(const Scene& scene, const Engine& engine) {
    for (std::size_t i = 0; i < scene.spec.bodies.size(); ++i)
        if (!scene.spec.bodies[i].isStatic && engine.state(i).awake) return false;
    return true;
}

/// How far body i sits below its start (pt, positive = sunk; y grows down the screen).
double sink(const Scene& scene, const Engine& engine, std::size_t i) {
    return engine.state(i).y - scene.spec.bodies[i].y;
}

}  // namespace

Scene makePour(int n, const Variant& variant) {
    Scene scene = named("pour", 600);
    scene.windows = {{"falling", 0, 119}, {"piled", 480, 599}};
    const double width = 22 * 1.1 * std::sqrt(static_cast<double>(n));
    const int columns = static_cast<int>(std::floor((width - 4) / 24));
    const int rows = (n + columns - 1) / columns;
    const double height = 30 + (rows - 1) * 24.0 + 10 + 100;  // floor top face at y = height, wall tops at y = 0
    const double thickness = 100;
    const double left = (width - (columns - 1) * 24.0) / 2;
    Lcg lcg(1);
    for (int i = 0; i < n; ++i) {
        const int row = i / columns, column = i % columns;
        BodySpec item = box(left + column * 24.0 + (2 * lcg.next() - 1), height - 30 - row * 24.0, 20, 20);
        if (i % 2 == 1) item.shape = Shape::circle;
        scene.spec.bodies.push_back(item);
    }
    if (variant.segmentWalls) {
        scene.spec.bodies.push_back(segment(0, height, width, height));
        scene.spec.bodies.push_back(segment(0, 0, 0, height));
        scene.spec.bodies.push_back(segment(width, 0, width, height));
    } else {
        scene.spec.bodies.push_back(staticBox(width / 2, height + thickness / 2, width + 2 * thickness, thickness));
        scene.spec.bodies.push_back(staticBox(-thickness / 2, height / 2, thickness, height));
        scene.spec.bodies.push_back(staticBox(width + thickness / 2, height / 2, thickness, height));
    }
    const std::string walls = variant.segmentWalls ? "segments" : "boxes";
    scene.metrics = [n, width, height, columns, rows, walls](Json& out, const Scene&, const Engine& engine,
                                                             const EngineOptions&) {
        int escaped = 0;
        for (int i = 0; i < n; ++i) {
            const BodyState s = engine.state(static_cast<std::size_t>(i));
            if (s.x < 0 || s.x > width || s.y > height) escaped += 1;
        }
        out.integer("escaped", escaped)
            .string("walls", walls)
            .number("interiorWidth", width)
            .number("wallHeight", height)
            .integer("columns", columns)
            .integer("rows", rows);
    };
    return scene;
}

Scene makeStack(const Variant& variant) {
    const double gap = variant.restingGap;
    Scene scene = named("stack", 300);
    std::vector<std::pair<double, double>> centres;
    for (int k = 0; k < 20; ++k) centres.push_back({0, -20 - gap - (40 + gap) * k});
    scene.spec = restingBoxes(centres, 800);
    scene.metrics = [gap](Json& out, const Scene& scene, const Engine& engine, const EngineOptions& options) {
        out.number("restingGap", gap)
            .number("maxDrift", largestDisplacement(scene, engine, true))
            .number("topSink", sink(scene, engine, 19))
            .number("bottomSink", sink(scene, engine, 0));
        if (options.sleep) out.boolean("allAsleep", allAsleep(scene, engine));
        else out.null("allAsleep");
    };
    return scene;
}

Scene makePyramid(const Variant& variant) {
    const double gap = variant.restingGap;
    Scene scene = named("pyramid", 600);
    const double pitch = 40 + gap;
    std::vector<std::pair<double, double>> centres;
    for (int k = 0; k < 20; ++k)
        for (int j = 0; j < 20 - k; ++j) centres.push_back({pitch * j - pitch / 2 * (19 - k), -20 - gap - pitch * k});
    scene.spec = restingBoxes(centres, 1600);
    scene.metrics = [gap](Json& out, const Scene& scene, const Engine& engine, const EngineOptions&) {
        const double largest = largestDisplacement(scene, engine, false);
        out.number("restingGap", gap)
            .boolean("stands", largest <= 2)
            .number("maxDisplacement", largest)
            .number("maxHorizontalDisplacement", largestDisplacement(scene, engine, true))
            .number("topSink", sink(scene, engine, 209));
    };
    return scene;
}

Scene makeBounce() {
    Scene scene = named("bounce", 180);
    BodySpec dropped = box(0, -20 - 300 - 20, 40, 40);
    dropped.restitution = 0.8;
    dropped.linearDamping = dropped.angularDamping = 0;
    BodySpec anchor = staticBox(0, 0, 40, 40);
    anchor.restitution = 0.8;
    scene.spec.bodies = {dropped, anchor};
    // The rebound: after the first upward motion, the highest the box's bottom face gets before it falls again.
    struct Tracker {
        bool rising = false, done = false;
        double apexBottom = INFINITY;  // smallest y of the bottom face while rising
    };
    auto tracker = std::make_shared<Tracker>();
    scene.afterSubstep = [tracker](const Engine& engine, int) {
        const BodyState s = engine.state(0);
        if (tracker->done) return;
        if (s.vy < 0) {
            tracker->rising = true;
            tracker->apexBottom = std::min(tracker->apexBottom, s.y + 20);
        } else if (tracker->rising) {
            tracker->done = true;
        }
    };
    scene.metrics = [tracker](Json& out, const Scene&, const Engine&, const EngineOptions&) {
        const double apexHeight = tracker->rising ? -20 - tracker->apexBottom : NAN;  // above the anchor's top
        out.number("dropHeight", 300).number("apexHeight", apexHeight).number("apexFraction", apexHeight / 300);
    };
    return scene;
}

Scene makeTunnel() {
    Scene scene = named("tunnel", 120);
    BodySpec bullet = box(200, 400, 10, 10);
    bullet.vx = 10000 * 3.0 / 5;
    bullet.vy = 10000 * 4.0 / 5;
    scene.spec.bodies = {bullet, segment(0, 0, 400, 0), segment(400, 0, 400, 800), segment(400, 800, 0, 800),
                         segment(0, 800, 0, 0)};
    auto firstOutside = std::make_shared<int>(-1);
    scene.afterSubstep = [firstOutside](const Engine& engine, int substep) {
        const BodyState s = engine.state(0);
        const bool inside = s.x > 0 && s.x < 400 && s.y > 0 && s.y < 800;
        if (!inside && *firstOutside < 0) *firstOutside = substep;
    };
    scene.metrics = [firstOutside](Json& out, const Scene&, const Engine& engine, const EngineOptions&) {
        const BodyState s = engine.state(0);
        out.boolean("insideAtEnd", s.x > 0 && s.x < 400 && s.y > 0 && s.y < 800);
        if (*firstOutside >= 0) out.integer("firstOutsideSubstep", *firstOutside);
        else out.null("firstOutsideSubstep");
        out.number("endX", s.x).number("endY", s.y);
    };
    return scene;
}

Scene makeHeadOn() {
    Scene scene = named("head-on", 60);
    scene.spec.gravityY = 0;
    BodySpec left = box(-100, 0, 10, 10), right = box(100, 0, 10, 10);
    left.vx = 5000;
    right.vx = -5000;
    scene.spec.bodies = {left, right};
    auto firstCrossed = std::make_shared<int>(-1);
    scene.afterSubstep = [firstCrossed](const Engine& engine, int substep) {
        if (*firstCrossed < 0 && engine.state(0).x > engine.state(1).x) *firstCrossed = substep;
    };
    scene.metrics = [firstCrossed](Json& out, const Scene&, const Engine& engine, const EngineOptions&) {
        out.boolean("passedThrough", *firstCrossed >= 0);
        if (*firstCrossed >= 0) out.integer("firstCrossedSubstep", *firstCrossed);
        else out.null("firstCrossedSubstep");
        out.number("endGap", engine.state(1).x - engine.state(0).x);
    };
    return scene;
}

const std::vector<std::string>& sceneNames() {
    static const std::vector<std::string> names = {"pour", "stack", "pyramid", "bounce", "tunnel", "head-on"};
    return names;
}

Scene makeScene(const std::string& name, int n, const Variant& variant) {
    if (name == "pour") return makePour(n, variant);
    if (name == "stack") return makeStack(variant);
    if (name == "pyramid") return makePyramid(variant);
    if (name == "bounce") return makeBounce();
    if (name == "tunnel") return makeTunnel();
    if (name == "head-on") return makeHeadOn();
    throw std::invalid_argument("unknown scene " + name);
}

}  // namespace peers
