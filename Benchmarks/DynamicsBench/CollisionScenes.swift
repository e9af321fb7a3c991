import ArgumentParser
import Foundation

// The collision scenes of the peers contract (Benchmarks/Peers/README.md, "Scenes"), number for number: the same
// bodies, in the same order, as the C++ harness builds them for Box2D and Chipmunk.

/// The scenes every engine runs: a pour of N mixed items, a stack of 20, a pyramid of 210, a bounce, a bullet
/// in a box of edges, and two bullets fired at each other.
enum CollisionSceneKind: String, CaseIterable, ExpressibleByArgument {
    case pour, stack, pyramid, bounce, tunnel
    case headOn = "head-on"
}

/// One body of a scene, in screen points (y down), seconds and UIKit's units; the contract's `BodySpec`.
struct SceneBody {
    /// What a body collides as.
    enum Shape {
        /// A `width × height` rectangle centred on (x, y).
        case box
        /// A circle of diameter `width` centred on (x, y).
        case circle
        /// A two-sided edge from (x, y) to (x2, y2); only static bodies are edges.
        case segment
    }

    var shape = Shape.box
    var isStatic = false
    /// Centre (box, circle) or first end (segment), pt.
    var x = 0.0, y = 0.0
    /// Box size; a circle's diameter is `width`.
    var width = 0.0, height = 0.0
    /// A segment's second end, pt.
    var x2 = 0.0, y2 = 0.0
    /// Initial velocity, pt/s.
    var vx = 0.0, vy = 0.0
    /// UIKit's defaults (elasticity 0.2, friction 0.2, resistance and angular resistance 0.1 /s).
    var restitution = 0.2, friction = 0.2, linearDamping = 0.1, angularDamping = 0.1

    /// A dynamic box at rest.
    static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> SceneBody {
        SceneBody(x: x, y: y, width: width, height: height)
    }

    /// An anchored box.
    static func staticBox(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> SceneBody {
        SceneBody(isStatic: true, x: x, y: y, width: width, height: height)
    }

    /// An anchored edge from (x1, y1) to (x2, y2).
    static func segment(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> SceneBody {
        SceneBody(shape: .segment, isStatic: true, x: x1, y: y1, x2: x2, y2: y2)
    }
}

/// Deviations from the specification for diagnosis, as the C++ harness's `--resting-gap` and `--pour-walls`;
/// the defaults are the specification.
struct SceneVariant {
    /// Stack and pyramid: extra space opened at every box-box and box-floor contact, pt.
    var restingGap = 0.0
    /// Pour: walls as zero-thickness edges on the interior faces instead of 100 pt thick boxes.
    var segmentWalls = false
    /// Ours only: the static bodies get their collision shapes before the dynamic ones (the contract's order
    /// creates each body's shape with it, walls and floors last), to show how much the result depends on it.
    var staticShapesFirst = false
}

/// A named range of frames [from, to] whose frame times are summarised.
struct FrameWindow {
    var name: String
    var from: Int
    var to: Int
}

/// The contract's deterministic jitter: a 64-bit LCG (Knuth's MMIX constants) advanced before each draw.
struct JitterGenerator {
    private var state: UInt64

    /// A generator whose first draw advances `seed`.
    init(seed: UInt64) { state = seed }

    /// The high 32 bits of the advanced state over 2³², in [0, 1).
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 32) / 4_294_967_296
    }

    /// The first three jitters (2u − 1) the contract states for pour's items 0, 1 and 2.
    static let contractFirstJitters = [-0.15358165837824345, 0.018814885523170233, 0.2967187878675759]

    /// True when pour's generator draws exactly the contract's first three jitters.
    static var matchesContract: Bool {
        var generator = JitterGenerator(seed: 1)
        return contractFirstJitters.allSatisfy { 2 * generator.next() - 1 == $0 }
    }
}

/// Pour's interior and item grid, from N alone (the contract's formulas, in its operation order).
struct PourGeometry {
    let n: Int
    /// Interior width W, pt.
    let width: Double
    let columns: Int
    let rows: Int
    /// Wall height H (the floor's top face is y = H), pt.
    let height: Double

    init(n: Int) {
        self.n = n
        width = 22 * 1.1 * Double(n).squareRoot()
        columns = Int(((width - 4) / 24).rounded(.down))
        rows = (n + columns - 1) / columns
        height = 30 + Double(rows - 1) * 24 + 10 + 100
    }
}

/// A scene as data: its bodies in contract order, frame count, gravity and timing windows.
struct CollisionScene {
    let kind: CollisionSceneKind
    /// 60 Hz frames the contract runs.
    let frames: Int
    /// Gravity on every dynamic body, pt/s² down the screen.
    var gravityY = 1000.0
    var bodies: [SceneBody] = []
    /// Windows besides "all" (frames 0…frames − 1), which every scene reports.
    var windows: [FrameWindow] = []
    /// Pour's geometry (nil for the other scenes).
    var pour: PourGeometry?
    /// Stack and pyramid: the resting gap they were built with.
    var restingGap = 0.0
    /// Pour: `boxes` or `segments`.
    var walls = "boxes"
    /// The static bodies' shapes are created first (a diagnostic variant; see ``SceneVariant``).
    var staticShapesFirst = false

    /// Dynamic bodies: the contract's `n`.
    var dynamicCount: Int { bodies.count(where: { !$0.isStatic }) }

    /// Body indices in the order their shapes are created: the contract's, or the static bodies first.
    var shapeOrder: [Int] {
        guard staticShapesFirst else { return Array(bodies.indices) }
        return bodies.indices.filter { bodies[$0].isStatic } + bodies.indices.filter { !bodies[$0].isStatic }
    }

    /// Every window, "all" first.
    var allWindows: [FrameWindow] { [FrameWindow(name: "all", from: 0, to: frames - 1)] + windows }

    /// The scene `kind` (`n` is pour's N).
    init(_ kind: CollisionSceneKind, n: Int, variant: SceneVariant = SceneVariant()) {
        self.kind = kind
        staticShapesFirst = variant.staticShapesFirst
        switch kind {
        case .pour: frames = 600
        case .stack: frames = 300
        case .pyramid: frames = 600
        case .bounce: frames = 180
        case .tunnel: frames = 120
        case .headOn: frames = 60
        }
        switch kind {
        case .pour: buildPour(n: n, segmentWalls: variant.segmentWalls)
        case .stack: buildStack(gap: variant.restingGap)
        case .pyramid: buildPyramid(gap: variant.restingGap)
        case .bounce: buildBounce()
        case .tunnel: buildTunnel()
        case .headOn: buildHeadOn()
        }
    }

    private mutating func buildPour(n: Int, segmentWalls: Bool) {
        windows = [FrameWindow(name: "falling", from: 0, to: 119), FrameWindow(name: "piled", from: 480, to: 599)]
        let g = PourGeometry(n: n)
        pour = g
        let left = (g.width - Double(g.columns - 1) * 24) / 2
        var jitter = JitterGenerator(seed: 1)
        bodies.reserveCapacity(n + 3)
        for i in 0..<n {
            let row = i / g.columns, column = i % g.columns
            var item = SceneBody.box(left + Double(column) * 24 + (2 * jitter.next() - 1), g.height - 30 - Double(row) * 24, 20, 20)
            if i % 2 == 1 { item.shape = .circle }
            bodies.append(item)
        }
        let (w, h, thickness) = (g.width, g.height, 100.0)
        if segmentWalls {
            walls = "segments"
            bodies += [.segment(0, h, w, h), .segment(0, 0, 0, h), .segment(w, 0, w, h)]
        } else {
            bodies += [
                .staticBox(w / 2, h + thickness / 2, w + 2 * thickness, thickness),
                .staticBox(-thickness / 2, h / 2, thickness, h),
                .staticBox(w + thickness / 2, h / 2, thickness, h),
            ]
        }
    }

    /// 40 × 40 boxes at `centres` on a static floor box 100 pt thick whose top face is y = 0 (floor last).
    private mutating func restingBoxes(_ centres: [(x: Double, y: Double)], floorWidth: Double) {
        bodies = centres.map { .box($0.x, $0.y, 40, 40) }
        bodies.append(.staticBox(0, 50, floorWidth, 100))
    }

    private mutating func buildStack(gap: Double) {
        restingGap = gap
        restingBoxes((0..<20).map { k in (0, -20 - gap - (40 + gap) * Double(k)) }, floorWidth: 800)
    }

    private mutating func buildPyramid(gap: Double) {
        restingGap = gap
        let pitch = 40 + gap
        var centres: [(x: Double, y: Double)] = []
        for k in 0..<20 {
            for j in 0..<(20 - k) {
                centres.append((pitch * Double(j) - pitch / 2 * Double(19 - k), -20 - gap - pitch * Double(k)))
            }
        }
        restingBoxes(centres, floorWidth: 1600)
    }

    private mutating func buildBounce() {
        var dropped = SceneBody.box(0, -20 - 300 - 20, 40, 40)
        dropped.restitution = 0.8
        dropped.linearDamping = 0
        dropped.angularDamping = 0
        var anchor = SceneBody.staticBox(0, 0, 40, 40)
        anchor.restitution = 0.8
        bodies = [dropped, anchor]
    }

    private mutating func buildTunnel() {
        var bullet = SceneBody.box(200, 400, 10, 10)
        bullet.vx = 10_000 * 3.0 / 5
        bullet.vy = 10_000 * 4.0 / 5
        bodies = [bullet, .segment(0, 0, 400, 0), .segment(400, 0, 400, 800), .segment(400, 800, 0, 800), .segment(0, 800, 0, 0)]
    }

    private mutating func buildHeadOn() {
        gravityY = 0
        var left = SceneBody.box(-100, 0, 10, 10), right = SceneBody.box(100, 0, 10, 10)
        left.vx = 5000
        right.vx = -5000
        bodies = [left, right]
    }
}
