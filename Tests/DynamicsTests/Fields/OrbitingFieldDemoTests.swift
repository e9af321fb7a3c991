// The orbiting field demo (a tutorial's UIFieldBehavior page): a 50 × 50 view of density 0.5 in a radial gravity
// field (strength 1.5, falloff 4, minimum radius 50, region radius 300) and a vortex (strength 0.005, region
// radius 200), both at the screen's centre, with UIKit's default resistance 0.1. The item falls in, circles
// the centre and is captured on the circle where the forces balance:
//   tangential: the vortex's 100·S/m² = 100·0.005/0.125² = 32 pt/s² against resistance 0.1·v → v = 320 pt/s;
//   radial:     inside the minimum radius gravity is 100·1.5·0.5⁻⁴ = 2400 pt/s² = v²/r → r = 320²/2400 ≈ 42.7 pt.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("The orbiting field demo")
struct OrbitingFieldDemoTests {
    @Test("The item circles the centre clockwise and is captured on the circle of radius v²/a = 42.7 pt at v = 320 pt/s", arguments: allSolvers)
    func capture(solver: SolverKind) {
        // A 375 × 667 screen; the view starts at two thirds of the centre's coordinates.
        let screen = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let animator = DynamicAnimator(referenceView: screen, solver: solver)
        let centre = CGPoint(x: 187.5, y: 333.5)
        let blue = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        blue.center = CGPoint(x: centre.x * 2 / 3, y: centre.y * 2 / 3)
        screen.addSubview(blue)

        let radialGravity = FieldBehavior.radialGravityField(position: centre)
        radialGravity.region = Region(radius: 300)
        radialGravity.strength = 1.5
        radialGravity.falloff = 4
        radialGravity.minimumRadius = 50
        let vortex = FieldBehavior.vortexField()
        vortex.position = centre
        vortex.region = Region(radius: 200)
        vortex.strength = 0.005

        let properties = DynamicItemBehavior(items: [blue])
        properties.density = 0.5
        animator.addBehavior(properties)
        vortex.addItem(blue)
        radialGravity.addItem(blue)
        animator.addBehavior(vortex)
        animator.addBehavior(radialGravity)

        func polar() -> (r: Double, angle: Double) {
            let dx = Double(blue.center.x - centre.x), dy = Double(blue.center.y - centre.y)
            return ((dx * dx + dy * dy).squareRoot(), atan2(dy, dx))
        }
        var farthest = 0.0
        var turned = 0.0
        var last = polar().angle
        for frame in 0..<(90 * 60) {
            animator.step()
            let p = polar()
            farthest = max(farthest, p.r)
            var delta = p.angle - last
            if delta > .pi { delta -= 2 * .pi }
            if delta < -.pi { delta += 2 * .pi }
            if frame >= 80 * 60 { turned += delta }
            last = p.angle
        }
        // Captured: it never left the vortex's region and ends on the balance circle, still circling.
        let expectedSpeed = 320.0
        let expectedRadius = expectedSpeed * expectedSpeed / 2400
        #expect(farthest < 200, "farthest \(farthest) pt from the centre")
        #expect(abs(polar().r / expectedRadius - 1) < 0.01, "radius \(polar().r), expected \(expectedRadius)")
        let v = properties.linearVelocity(for: blue)
        let speed = hypot(Double(v.x), Double(v.y))
        #expect(abs(speed / expectedSpeed - 1) < 0.01, "speed \(speed), expected \(expectedSpeed)")
        // Clockwise on screen (y down: the angle grows) at ω = v/r over the last 10 s.
        let expectedTurn = 10 * expectedSpeed / expectedRadius
        #expect(abs(turned / expectedTurn - 1) < 0.01, "turned \(turned) rad in 10 s, expected \(expectedTurn)")
        #expect(animator.isRunning)
    }
}
