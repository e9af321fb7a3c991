// Items joined by an attachment still collide with each other (UIKit's semantics). Their contact must not fight
// their joint: the soak found a pinned pair whose items collide thrown at 10⁵ pt/s when it landed folded on the
// floor (`dynamics-bench soak --cycle 200`, step 3,351, then every number at 10¹⁵).
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

    @Test("A pinned pair that starts crossed (its items deeply overlapping) is not thrown when it lands",
          arguments: allSolvers)
    func crossedPairLands(solver: SolverKind) {
        // B at right angles across A's end. Before restitution carried a bounce through the pin, A bounced off
        // the floor at 0.3 × 890 pt/s while B kept falling at 680 pt/s; the next substep took up the broken pin by
        // spinning A on the floor, and the pair was thrown at 5,207 pt/s, or 10¹⁵ pt/s for A turned 3π/4.
        for (turnA, turnB) in [(3.14, 4.71), (2.355, 4.71), (3.14, 1.57), (0.785, 4.71)] {
            let fastest = Self.dropFolded(solver, turnA: turnA, turnB: turnB)
            #expect(fastest < 1500, "turned \(turnA), \(turnB): fastest item \(fastest) pt/s")
        }
    }

    /// A pinned pair side by side (40 × 20 items end to end about the pin) dropped flat onto the floor with
    /// elasticity 0.3 bounces as one body: the lower edges fall 390 pt onto the reference-bounds floor (1 pt
    /// beyond the 800 pt box), and the apex of the rebound is e² = 0.09 of that above the resting height.
    @Test("A pinned pair that lands flat rebounds to e² of the drop (±1 %)", arguments: allSolvers)
    func flatPairRebound(solver: SolverKind) {
        let scene = Scene(solver, width: 800, height: 800)
        let pin = CGPoint(x: 400, y: 400)
        let a = scene.box(x: pin.x - 20, y: pin.y, width: 40, height: 20)
        let b = scene.box(x: pin.x + 20, y: pin.y, width: 40, height: 20)
        let items = [a, b]
        _ = scene.material(items, elasticity: 0.3, friction: 0.4)
        scene.gravity(items)
        scene.collide(items, bounds: true)
        scene.animator.addBehavior(AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: pin))
        let apex = scene.apexAfterFirstBounce(of: a, frames: 240)
        let rest = 801.0 - 10.0, drop = rest - 400.0
        let ratio = (rest - Double(apex)) / drop
        #expect(abs(ratio - 0.09) <= 0.01 * 0.09, "rebound \(ratio) of the drop (ideal 0.09)")
    }

    /// An L-shaped welded pair (A flat, B standing clear of A's left end) lands on A alone, flat, with
    /// elasticity 0.3: as one rigid body whose centre of mass lies between A's two bottom corners, it leaves the
    /// floor without turning, and rises to e² = 0.09 of the drop. Before restitution carried a bounce through the
    /// joints, A bounced while B kept falling, and the next substep took up the broken weld as a spin.
    @Test("A welded pair that lands on one item bounces as one body (e² of the drop, ±1 %)", arguments: allSolvers)
    func weldedPairRebound(solver: SolverKind) {
        let scene = Scene(solver, width: 800, height: 800)
        let a = scene.box(x: 420, y: 400, width: 40, height: 20)
        let b = scene.box(x: 385, y: 380, width: 20, height: 40)
        let items = [a, b]
        let properties = scene.material(items, elasticity: 0.3, friction: 0.4)
        scene.gravity(items)
        scene.collide(items, bounds: true)
        scene.animator.addBehavior(AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 400, y: 400)))
        var spin = 0.0
        let apex = scene.apexAfterFirstBounce(of: a, frames: 240) {
            spin = max(spin, Double(abs(properties.angularVelocity(for: a))))
        }
        let rest = 801.0 - 10.0, drop = rest - 400.0
        let ratio = (rest - Double(apex)) / drop
        #expect(abs(ratio - 0.09) <= 0.01 * 0.09, "rebound \(ratio) of the drop (ideal 0.09)")
        #expect(spin < 0.01, "the pair turned at \(spin) rad/s on its way up")
    }
}
