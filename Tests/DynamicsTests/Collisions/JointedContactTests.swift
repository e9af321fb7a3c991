// Items joined by an attachment still collide with each other (UIKit's semantics). Their contact must not fight
// their joint: the soak found a pinned pair whose items collide thrown at 10⁵ pt/s when it landed folded on the
// floor (`dynamics-bench soak --cycle 200 --jointed-pairs-collide`, step 3,351, then every number at 10¹⁵).
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Jointed items that collide")
struct JointedContactTests {
    /// A pinned pair of 40 × 20 items, A turned by `turnA` and B by `turnB` about the pin (400, 400), both
    /// colliding with each other and with the 800 × 800 box's edges, falls 400 pt onto the floor (elasticity 0.3,
    /// friction 0.4). Returns the fastest either item moved in 3 s (180 frames).
    static func dropFolded(_ solver: SolverKind, turnA: Double, turnB: Double) -> Double {
        let scene = Scene(solver, width: 800, height: 800)
        let pin = CGPoint(x: 400, y: 400)
        let a = scene.box(x: pin.x - 20 * cos(turnA), y: pin.y - 20 * sin(turnA), width: 40, height: 20)
        let b = scene.box(x: pin.x + 20 * cos(turnB), y: pin.y + 20 * sin(turnB), width: 40, height: 20)
        a.transform = CGAffineTransform(rotationAngle: CGFloat(turnA))
        b.transform = CGAffineTransform(rotationAngle: CGFloat(turnB))
        let items = [a, b]
        let properties = scene.material(items, elasticity: 0.3, friction: 0.4)
        scene.gravity(items)
        scene.collide(items, bounds: true)
        scene.animator.addBehavior(AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: pin))
        var fastest = 0.0
        for _ in 0..<180 {
            scene.animator.step()
            for item in items {
                let v = properties.linearVelocity(for: item)
                fastest = max(fastest, Double(hypot(v.x, v.y)))
            }
        }
        return fastest
    }

    /// Folds that threw the pair before contacts between jointed items stopped asking for the trapezoidal
    /// reversal (a point approaching at u₀ must leave at −u₀, which the pin forbids): C core, fastest item
    /// 3,889 / 4,919 / 7,721 / 9,735 / 13,616 / 53,236 pt/s and twice 10¹⁵ pt/s.
    static let folds: [(Double, Double)] = [
        (3.925, 0.785), (0, 2.355), (5.495, 3.14), (3.925, 0), (3.925, 1.57), (4.71, 2.355), (2.355, 5.495),
        (0.785, 3.925),
    ]

    @Test("A pinned pair that collides with itself, dropped folded onto the floor, is not thrown",
          arguments: allSolvers)
    func foldedPairLands(solver: SolverKind) {
        // Falling 400 pt gives √(2·1000·400) ≈ 894 pt/s; the landing may swing an end faster, not 1,500 pt/s.
        for (turnA, turnB) in Self.folds {
            let fastest = Self.dropFolded(solver, turnA: turnA, turnB: turnB)
            #expect(fastest < 1500, "turned \(turnA), \(turnB): fastest item \(fastest) pt/s")
        }
    }

    @Test("Known issue: a pinned pair that starts crossed (its items deeply overlapping) is thrown when it lands",
          arguments: allSolvers)
    func crossedPairLands(solver: SolverKind) {
        // B at right angles across A's end: the C core reaches 5,207 pt/s, and 10¹⁵ pt/s for A turned 3π/4 (the
        // reference is thrown alike). The position projection holds a jointed overlap with compliance 10⁻³ beside
        // the pin and the floor: where they disagree the pair moves by up to 10³ × the disagreement
        // (SoakScene.jointedContactNote).
        for (turnA, turnB) in [(3.14, 4.71), (2.355, 4.71)] {
            let fastest = Self.dropFolded(solver, turnA: turnA, turnB: turnB)
            // Thrown or not, no velocity a step leaves passes the cap of 10¹⁵ on each component (restitution and
            // the relaxing sweeps come after the cap before the positions move, so the step caps again after them).
            #expect(fastest <= 1e15 * 2.0.squareRoot(), "turned \(turnA), \(turnB): fastest item \(fastest) pt/s, above the cap")
            withKnownIssue(Comment(rawValue: "a crossed pinned pair: see SoakScene.jointedContactNote")) {
                #expect(fastest < 1500, "turned \(turnA), \(turnB): fastest item \(fastest) pt/s")
            }
        }
    }
}
