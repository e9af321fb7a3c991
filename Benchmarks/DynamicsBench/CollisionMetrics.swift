import Foundation

/// A body's state as a path reads it back: centre (pt) and velocity (pt/s), screen axes.
struct BodySample {
    var x: Double
    var y: Double
    var vx = 0.0
    var vy = 0.0
}

/// The contract's measurements of one scene: what is tracked while it runs (bounce's apex, tunnel's first step
/// outside, head-on's first crossing) and what is read from the final state. Bodies are named by their index in
/// ``CollisionScene/bodies``.
///
/// swift-dynamics steps a 60 Hz frame as one call with two 1/120 s substeps (contacts are found once per frame),
/// so the tracked measurements are read after every frame, where the C++ harness reads after every substep: a
/// step number here is the frame's last substep, 2·frame + 1, and the apex is the highest of the frames' ends
/// (off by at most g·(1/60 s)²/8 ≈ 0.035 pt, 0.0001 of the drop).
struct SceneMeasurement {
    let scene: CollisionScene
    private var rising = false
    private var apexTracked = false
    private var apexBottom = Double.infinity
    private var firstOutsideSubstep: Int?
    private var firstCrossedSubstep: Int?
    private var firstEscapeFrame: Int?

    init(_ scene: CollisionScene) { self.scene = scene }

    /// True while ``observe(frame:sample:centre:)`` has something to record: bounce, tunnel and head-on always,
    /// pour until its first item escapes, stack and pyramid never (measured at the end only).
    var observesFrames: Bool {
        switch scene.kind {
        case .bounce, .tunnel, .headOn: return true
        case .pour: return firstEscapeFrame == nil
        case .stack, .pyramid: return false
        }
    }

    /// Records the state after `frame` (0-based): `sample` reads body i's centre and velocity, `centre` only its
    /// centre (cheaper where velocities are looked up).
    mutating func observe(frame: Int, sample state: (Int) -> BodySample, centre: (Int) -> BodySample) {
        let substep = 2 * frame + 1
        switch scene.kind {
        case .pour:
            let g = scene.pour!
            if (0..<g.n).contains(where: { Self.escaped(centre($0), g) }) { firstEscapeFrame = frame }
        case .bounce:
            guard !apexTracked else { return }
            let s = state(0)
            if s.vy < 0 {
                rising = true
                apexBottom = min(apexBottom, s.y + 20)
            } else if rising {
                apexTracked = true
            }
        case .tunnel:
            if firstOutsideSubstep == nil, !Self.insideTunnel(state(0)) { firstOutsideSubstep = substep }
        case .headOn:
            if firstCrossedSubstep == nil, state(0).x > state(1).x { firstCrossedSubstep = substep }
        case .stack, .pyramid:
            break
        }
    }

    /// Pour: the centre is left of the interior, right of it, or below the floor's top face.
    private static func escaped(_ s: BodySample, _ g: PourGeometry) -> Bool { s.x < 0 || s.x > g.width || s.y > g.height }

    /// The scene's measurements of the final state; `allAsleep` is nil with sleeping off.
    func metrics(_ state: (Int) -> BodySample, allAsleep: Bool?) -> [String: MetricValue] {
        switch scene.kind {
        case .pour:
            let g = scene.pour!
            let out = (0..<g.n).map(state).filter { Self.escaped($0, g) }
            let below = out.count { $0.y > g.height }, left = out.count { $0.y <= g.height && $0.x < 0 }
            // How far below the floor's top face the lowest centre is: a few points is an item pressed deep into the
            // floor by the pile; more than the floor's thickness plus a half item is one that went through.
            let deepest = out.lazy.filter { $0.y > g.height }.map { $0.y - g.height }.max()
            // Ours only: where the escaped items are (below the floor first, then left, then right) and the first
            // frame after which any item was out.
            return [
                "escaped": .integer(out.count), "walls": .text(scene.walls), "interiorWidth": .number(g.width),
                "wallHeight": .number(g.height), "columns": .integer(g.columns), "rows": .integer(g.rows),
                "escapedBelow": .integer(below), "escapedLeft": .integer(left), "escapedRight": .integer(out.count - below - left),
                "firstEscapeFrame": firstEscapeFrame.map(MetricValue.integer) ?? .null,
                "deepestBelow": deepest.map(MetricValue.number) ?? .null,
            ]
        case .stack:
            return [
                "restingGap": .number(scene.restingGap), "maxDrift": .number(largestDisplacement(state, horizontalOnly: true)),
                "topSink": .number(sink(state, 19)), "bottomSink": .number(sink(state, 0)),
                "allAsleep": allAsleep.map(MetricValue.boolean) ?? .null,
            ]
        case .pyramid:
            let largest = largestDisplacement(state, horizontalOnly: false)
            return [
                "restingGap": .number(scene.restingGap), "stands": .boolean(largest <= 2), "maxDisplacement": .number(largest),
                "maxHorizontalDisplacement": .number(largestDisplacement(state, horizontalOnly: true)),
                "topSink": .number(sink(state, 209)),
            ]
        case .bounce:
            let apexHeight = rising ? -20 - apexBottom : Double.nan  // above the anchor's top face
            // Ours only: false while the box was still rising at the last frame run (a short run's apex is partial).
            return [
                "dropHeight": .number(300), "apexHeight": .finite(apexHeight), "apexFraction": .finite(apexHeight / 300),
                "apexReached": .boolean(apexTracked),
            ]
        case .tunnel:
            let s = state(0)
            return [
                "insideAtEnd": .boolean(Self.insideTunnel(s)), "firstOutsideSubstep": firstOutsideSubstep.map(MetricValue.integer) ?? .null,
                "endX": .finite(s.x), "endY": .finite(s.y),
            ]
        case .headOn:
            return [
                "passedThrough": .boolean(firstCrossedSubstep != nil),
                "firstCrossedSubstep": firstCrossedSubstep.map(MetricValue.integer) ?? .null,
                "endGap": .finite(state(1).x - state(0).x),
            ]
        }
    }

    /// Tunnel: the centre strictly inside [0, 400] × [0, 800].
    private static func insideTunnel(_ s: BodySample) -> Bool { s.x > 0 && s.x < 400 && s.y > 0 && s.y < 800 }

    /// The largest distance (or |Δx|) of any dynamic body from its start.
    private func largestDisplacement(_ state: (Int) -> BodySample, horizontalOnly: Bool) -> Double {
        var largest = 0.0
        for (i, body) in scene.bodies.enumerated() where !body.isStatic {
            let s = state(i)
            largest = max(largest, horizontalOnly ? abs(s.x - body.x) : hypot(s.x - body.x, s.y - body.y))
        }
        return largest
    }

    /// How far body i sits below its start, pt (positive = sunk).
    private func sink(_ state: (Int) -> BodySample, _ i: Int) -> Double { state(i).y - scene.bodies[i].y }
}
