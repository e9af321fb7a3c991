import Dynamics
import Foundation

/// A view that collides as its inscribed circle, as a UIKit subclass declares it.
@MainActor
final class CircleView: View {
    override var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }
}

/// A scene built from the public API only: one `View` per box or circle, anchored views for the static boxes,
/// boundaries for the edges, a `GravityBehavior`, one `CollisionBehavior`, and one `DynamicItemBehavior` per
/// material.
@MainActor
struct AnimatorScene {
    let animator: DynamicAnimator
    /// The view of each scene body (nil for edges, which are boundaries).
    let views: [View?]
    /// The item behavior that holds each scene body (nil for edges); it reads velocities back.
    let properties: [DynamicItemBehavior?]

    init(_ scene: CollisionScene, solver: SolverKind = .accelerated) {
        let screen = View(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        animator = DynamicAnimator(referenceView: screen, solver: solver)
        let collision = CollisionBehavior()
        var views: [View?] = []
        var properties: [DynamicItemBehavior?] = []
        var byMaterial: [(key: String, behavior: DynamicItemBehavior)] = []
        var falling: [View] = []
        for (i, body) in scene.bodies.enumerated() {
            guard body.shape != .segment else {
                collision.addBoundary(
                    withIdentifier: "edge \(i)" as NSString, from: CGPoint(x: body.x, y: body.y), to: CGPoint(x: body.x2, y: body.y2))
                views.append(nil)
                properties.append(nil)
                continue
            }
            let frame = CGRect(x: body.x - body.width / 2, y: body.y - body.height / 2, width: body.width, height: body.height)
            let view = body.shape == .circle ? CircleView(frame: frame) : View(frame: frame)
            screen.addSubview(view)
            collision.addItem(view)
            let key = "\(body.isStatic) \(body.restitution) \(body.friction) \(body.linearDamping) \(body.angularDamping)"
            let behavior: DynamicItemBehavior
            if let known = byMaterial.first(where: { $0.key == key }) {
                behavior = known.behavior
            } else {
                behavior = Self.material(of: body)
                byMaterial.append((key, behavior))
            }
            behavior.addItem(view)
            if body.vx != 0 || body.vy != 0 { behavior.addLinearVelocity(CGPoint(x: body.vx, y: body.vy), for: view) }
            if !body.isStatic { falling.append(view) }
            views.append(view)
            properties.append(behavior)
        }
        // Bodies are made in the order behaviors first name their items, and shapes in body order at the first
        // step (a boundary's edges at once): the anchored behaviors go first when the static shapes should.
        let anchored = byMaterial.map(\.behavior).filter(\.isAnchored)
        if scene.staticShapesFirst { anchored.forEach(animator.addBehavior) }
        if scene.gravityY != 0 {
            let gravity = GravityBehavior(items: falling)
            gravity.magnitude = scene.gravityY / 1000
            animator.addBehavior(gravity)
        }
        animator.addBehavior(collision)
        for behavior in byMaterial.map(\.behavior) where !(scene.staticShapesFirst && behavior.isAnchored) {
            animator.addBehavior(behavior)
        }
        self.views = views
        self.properties = properties
    }

    /// An item behavior with `body`'s material, damping and anchoring.
    private static func material(of body: SceneBody) -> DynamicItemBehavior {
        let behavior = DynamicItemBehavior()
        behavior.elasticity = body.restitution
        behavior.friction = body.friction
        behavior.resistance = body.linearDamping
        behavior.angularResistance = body.angularDamping
        behavior.isAnchored = body.isStatic
        return behavior
    }

    /// Body i's centre and velocity as the views and the item behaviors report them.
    func sample(_ i: Int) -> BodySample {
        let view = views[i]!
        let v = properties[i]!.linearVelocity(for: view)
        return BodySample(x: view.center.x, y: view.center.y, vx: v.x, vy: v.y)
    }

    /// Body i's centre only (what the final measurements read).
    func centre(_ i: Int) -> BodySample { BodySample(x: views[i]!.center.x, y: views[i]!.center.y) }
}

/// Runs `scene` through the façade: `DynamicAnimator.step(1/60)` per frame, timed whole (what an app pays per
/// frame), and the C core's own share of it from `solverStatistics`. The façade always lets bodies rest (as
/// UIKit does), and a paused animator's step costs nothing and moves nothing.
@MainActor
func runOnAnimator(_ scene: CollisionScene, limits: RunLimits, workers: Int = 1) -> CollisionRun {
    let setupStart = now()
    let built = AnimatorScene(scene, solver: workers > 1 ? .acceleratedWorkers(workers) : .accelerated)
    let setupSeconds = now() - setupStart
    var measurement = SceneMeasurement(scene)
    let planned = limits.frames(of: scene)
    var frameMs: [Double] = [], solverMs: [Double] = []
    var exhausted = false
    var progress = Progress(label: "\(scene.kind.rawValue) N=\(scene.dynamicCount) animator", total: planned)
    let start = now()
    for frame in 0..<planned {
        let t0 = now()
        let ran = built.animator.step(1.0 / 60)
        frameMs.append((now() - t0) * 1e3)
        let s = ran ? built.animator.solverStatistics : nil
        solverMs.append(s.map { ($0.forcesSeconds + $0.assemblySeconds + $0.solveSeconds + $0.integrationSeconds) * 1e3 } ?? 0)
        if measurement.observesFrames { measurement.observe(frame: frame, sample: built.sample, centre: built.centre) }
        progress.update(frame + 1)
        if limits.isExhausted(after: frame, of: planned, start: start) {
            exhausted = true
            break
        }
    }
    func windows(_ times: [Double]) -> [String: WindowTiming] {
        Dictionary(uniqueKeysWithValues: scene.allWindows.map { ($0.name, WindowTiming($0, frameMs: times)) })
    }
    return CollisionRun(
        engine: "swift-dynamics", configuration: "animator", sleep: true, scene: scene.kind.rawValue, n: scene.dynamicCount,
        framesPlanned: scene.frames, framesRun: frameMs.count, budgetSeconds: limits.budgetSeconds, budgetExhausted: exhausted,
        setupSeconds: setupSeconds, timing: windows(frameMs),
        metrics: measurement.metrics(built.centre, allAsleep: !built.animator.isRunning), sampling: "frame",
        solverTiming: windows(solverMs),
        staticShapesFirst: scene.staticShapesFirst ? true : nil, frameMs: frameMs)
}
