import Foundation
import SolverBackend

/// How long a run may go: at most `frames` frames (nil: the scene's own count) and, when `budgetSeconds` > 0,
/// no frame after the one that crosses that much stepping time (the C++ harness's budget rule).
struct RunLimits {
    var frames: Int?
    var budgetSeconds = 0.0

    /// The frames to run of `scene`.
    func frames(of scene: CollisionScene) -> Int { min(scene.frames, frames ?? scene.frames) }

    /// True when the run must stop after `frame` (0-based) of `planned`, having started stepping at `start`.
    func isExhausted(after frame: Int, of planned: Int, start: Double) -> Bool {
        budgetSeconds > 0 && frame + 1 < planned && now() - start > budgetSeconds
    }
}

/// The collision geometry of a scene body in its own frame, and the body that carries it.
extension SceneBody {
    /// The body: centred on the shape (a segment's midpoint), UIKit's mass from density 1, damping and
    /// gravity for dynamic bodies, static otherwise.
    func definition(gravityY: Double) -> BodyDefinition {
        var d = BodyDefinition()
        switch shape {
        case .box, .circle:
            (d.x, d.y, d.width, d.height) = (x, y, width, height)
            d.shape = shape == .circle ? .ellipse : .rectangle
        case .segment:
            (d.x, d.y) = ((x + x2) / 2, (y + y2) / 2)
            (d.width, d.height) = (max(abs(x2 - x), 1), max(abs(y2 - y), 1))
        }
        if isStatic {
            d.flags = .isStatic
        } else {
            (d.vx, d.vy, d.gravityY) = (vx, vy, gravityY)
            (d.linearDamping, d.angularDamping) = (linearDamping, angularDamping)
        }
        return d
    }

    /// The shape: the box's four corners (in the façade's order), the circle, or the edge, about the body's centre.
    var shapeDefinition: ShapeDefinition {
        switch shape {
        case .box:
            let (w, h) = (width / 2, height / 2)
            return ShapeDefinition(.polygon([
                ShapePoint(x: -w, y: -h), ShapePoint(x: w, y: -h), ShapePoint(x: w, y: h), ShapePoint(x: -w, y: h),
            ]))
        case .circle:
            return ShapeDefinition(.circle(center: ShapePoint(x: 0, y: 0), radius: width / 2))
        case .segment:
            let (dx, dy) = ((x2 - x) / 2, (y2 - y) / 2)
            return ShapeDefinition(.segment(ShapePoint(x: -dx, y: -dy), ShapePoint(x: dx, y: dy)))
        }
    }
}

/// Runs `scene` on a `PhysicsWorld` over `engine` (the C core or the reference) with UIKit's settings: one
/// `step(dt: 1/60, substeps: 2)` per frame, the only thing timed. With `sleep` off, no body ever rests. `workers`:
/// the world's worker threads (`WorldSettings.workerCount`).
func runOnWorld(
    _ scene: CollisionScene, engine: any PhysicsBackend.Type, configuration: String, sleep: Bool, limits: RunLimits,
    workers: Int = 1
) throws -> CollisionRun {
    let setupStart = now()
    var settings = WorldSettings()
    settings.initialBodyCapacity = scene.bodies.count + 1
    if !sleep { settings.timeToSleep = 1e9 }
    settings.workerCount = workers
    let world = try PhysicsWorld(engine, settings: settings)
    var ids: [BodyID] = []
    ids.reserveCapacity(scene.bodies.count)
    for body in scene.bodies {
        let id = try world.createBody(body.definition(gravityY: scene.gravityY))
        try world.setMaterial(id, restitution: body.restitution, friction: body.friction, charge: 0)
        ids.append(id)
    }
    for i in scene.shapeOrder { _ = try world.createShape(on: ids[i], scene.bodies[i].shapeDefinition) }
    let setupSeconds = now() - setupStart

    func sample(_ i: Int) -> BodySample {
        let s = world.backend.state(of: ids[i])
        return BodySample(x: s.x, y: s.y, vx: s.vx, vy: s.vy)
    }
    var measurement = SceneMeasurement(scene)
    let planned = limits.frames(of: scene)
    var frameMs: [Double] = []
    frameMs.reserveCapacity(planned)
    var exhausted = false
    var progress = Progress(label: "\(scene.kind.rawValue) N=\(scene.dynamicCount) \(configuration) sleep \(sleep ? "on" : "off")", total: planned)
    let start = now()
    for frame in 0..<planned {
        let t0 = now()
        try world.step(dt: 1.0 / 60, substeps: 2)
        frameMs.append((now() - t0) * 1e3)
        if measurement.observesFrames { measurement.observe(frame: frame, sample: sample, centre: sample) }
        progress.update(frame + 1)
        if limits.isExhausted(after: frame, of: planned, start: start) {
            exhausted = true
            break
        }
    }
    let allAsleep = sleep ? scene.bodies.indices.allSatisfy { scene.bodies[$0].isStatic || !world.backend.state(of: ids[$0]).isAwake } : nil
    return CollisionRun(
        engine: "swift-dynamics", configuration: configuration, sleep: sleep, scene: scene.kind.rawValue,
        n: scene.dynamicCount, framesPlanned: scene.frames, framesRun: frameMs.count, budgetSeconds: limits.budgetSeconds,
        budgetExhausted: exhausted, setupSeconds: setupSeconds,
        timing: Dictionary(uniqueKeysWithValues: scene.allWindows.map { ($0.name, WindowTiming($0, frameMs: frameMs)) }),
        metrics: measurement.metrics(sample, allAsleep: allAsleep), sampling: "frame",
        staticShapesFirst: scene.staticShapesFirst ? true : nil, frameMs: frameMs)
}
