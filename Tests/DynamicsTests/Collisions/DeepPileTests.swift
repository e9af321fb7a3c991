// How far a pile presses into what holds it: a soft contact's overlap settles where its leak balances its load.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Deep piles")
struct DeepPileTests {
    /// The overlap at which a soft contact (damping ratio 10, substep 1/120 s) carrying `load` boxes' weight on its
    /// two points rests: each point's residual bias·s + leak·K·λ is zero with K = 1/m (no rotation) and
    /// λ = load·m·g·h/2, so s = leak·load·g·h / (2·bias) (the README's collisions section).
    static func restingOverlap(hertz: Double, load: Double) -> Double {
        let h = 1.0 / 120, g = 1000.0, omega = 2 * Double.pi * hertz
        let a1 = 2 * 10 + h * omega, a2 = h * omega * a1
        let bias = omega / a1, massScale = a2 / (1 + a2), leak = (1 - massScale) / massScale
        return leak * load * g * h / (2 * bias)
    }

    /// Eight columns of 40 boxes (no friction, no rotation, so each column bears only its own weight) on the
    /// reference-bounds floor: one large island, solved by the soft step. The bottom boxes carry 40 boxes each;
    /// against the floor (a body that cannot move) the contact is twice as stiff as between boxes, so they rest
    /// at the overlap 60 Hz gives, a quarter of what 30 Hz would (it settles slowly: damping ratio 10; 8 s).
    @Test("The bottom of a pile 40 boxes deep presses into the floor by the stiffer softness's overlap (±2 %)",
          arguments: collisionSolvers)
    func floorUnderColumns(solver: SolverKind) {
        let scene = Scene(solver, width: 400, height: 1000)
        let floorTop: CGFloat = 1001 // the reference bounds' bottom, grown 1 pt
        var boxes: [View] = []
        for column in 0..<8 {
            for row in 0..<40 {
                boxes.append(scene.box(x: 120 + 20 * CGFloat(column), y: floorTop - 10 - 20 * CGFloat(row), width: 20, height: 20))
            }
        }
        scene.material(boxes, elasticity: 0, friction: 0, rotates: false)
        scene.gravity(boxes)
        scene.collide(boxes, bounds: true)
        scene.run(480) // 8 s
        let bottoms = stride(from: 0, to: boxes.count, by: 40).map { boxes[$0] }
        let overlap = bottoms.map { Double($0.center.y + 10 - floorTop) }.reduce(0, +) / Double(bottoms.count)
        let expected = Self.restingOverlap(hertz: 60, load: 40), softer = Self.restingOverlap(hertz: 30, load: 40)
        #expect(abs(overlap - expected) < 0.02 * expected,
                "bottom boxes overlap the floor by \(overlap) pt; the 60 Hz softness gives \(expected) pt, 30 Hz \(softer) pt")
        let drift = boxes.enumerated().map { abs($1.center.x - (120 + 20 * CGFloat($0 / 40))) }.max()!
        #expect(drift < 1, "a box moved \(drift) pt sideways")
    }
}
