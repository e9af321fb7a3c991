// The orbiting field (the tutorial's field screen): a 50 × 50 view of density 0.5 in a radial gravity field
// (strength 1.5, falloff 4, minimum radius 50, region radius 300) and a vortex (strength 0.005, region radius
// 200), both at the screen's centre, with UIKit's default resistance 0.1. The item falls in, circles the centre
// and is captured on the circle where the forces balance:
//   tangential: the vortex's 100·S/m² = 100·0.005/0.125² = 32 pt/s² against resistance 0.1·v → v = 320 pt/s;
//   radial:     inside the minimum radius gravity is 100·1.5·0.5⁻⁴ = 2400 pt/s² = v²/r → r = 320²/2400 ≈ 42.7 pt.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("Scenario: the orbiting field")
struct OrbitingFieldScenarioTests {
    @Test("The item circles the centre clockwise and is captured on the circle of radius v²/a = 42.7 pt at v = 320 pt/s",
          arguments: [SolverKind.accelerated, .reference])
    func capture(solver: SolverKind) {
        let outcome = OrbitingFieldScenario.run(solver: solver)
        let expectedSpeed = 320.0
        let expectedRadius = expectedSpeed * expectedSpeed / 2400
        #expect(outcome.farthest < 200, "farthest \(outcome.farthest) pt from the centre")
        #expect(abs(outcome.finalRadius / expectedRadius - 1) < 0.01, "radius \(outcome.finalRadius), expected \(expectedRadius)")
        #expect(abs(outcome.finalSpeed / expectedSpeed - 1) < 0.01, "speed \(outcome.finalSpeed), expected \(expectedSpeed)")
        // Clockwise on screen (y down: the angle grows) at ω = v/r over the last 10 s.
        let expectedTurn = 10 * expectedSpeed / expectedRadius
        #expect(abs(outcome.turnedInLastTenSeconds / expectedTurn - 1) < 0.01, "turned \(outcome.turnedInLastTenSeconds) rad")
        #expect(outcome.stillRunning)

        // Recorded every fourth frame: 90 s at 15 per second, plus the start; both fields drawn with their regions.
        let recording = outcome.recording
        #expect(recording.frames.count == 90 * 15 + 1 && recording.framesPerSecond == 15)
        let fields = recording.frames[0].physics?.fields ?? []
        #expect(fields.map(\.kind) == ["vortex", "radialGravity"])
        #expect(fields.map(\.areas) == [[.circle(radius: 200)], [.circle(radius: 300)]])
        #expect(fields.allSatisfy { $0.position == outcome.centre && !$0.isApproximate && !$0.isEverywhere })
    }
}
