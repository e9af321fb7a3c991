// The breathing button, both reorder approaches and drag and drop, as the demo plays them.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("Scenario: the breathing button, reordering, drag and drop")
struct LayoutAndDropScenarioTests {
    @Test("The breathing button swings +24.1 pt in width and height alike, never moves, and the animator pauses")
    func breathingButton() throws {
        let outcome = BreathingButtonScenario.run()
        // The first swing's peak from BoundsMappingTests' closed form: 353.6 pt/s into ω = 4π, ζ = 0.1, c = 0.1/s.
        let omega = 4 * Double.pi, sigma = 0.1 * omega + 0.05, omegaD = (omega * omega - sigma * sigma).squareRoot()
        let tPeak = atan(omegaD / sigma) / omegaD
        let peak = 30.0 / 6.0 * 100 / 2.0.squareRoot() / omegaD * exp(-sigma * tPeak) * sin(omegaD * tPeak)
        let widest = try #require(outcome.widthChanges.max())
        #expect(abs(widest - peak) < 1.5, "+\(widest) pt vs \(peak)")
        #expect(zip(outcome.widthChanges, outcome.heightChanges).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(outcome.center == CGPoint(x: 187.5, y: 333.5))
        let paused = try #require(outcome.pausedAtFrame)
        #expect(paused > 60 && paused < 60 * 30 && abs(outcome.widthChanges.last!) < 1)
    }

    @Test("Reordering, both ways: three drags leave bafdeghci, told (0→2), (5→3), (1→7); the grid is whole again",
          arguments: [ReorderApproach.layoutMovesCells, .interactiveMovement])
    func reorder(approach: ReorderApproach) {
        let outcome = ReorderScenario.run(approach)
        #expect(outcome.ordersAfterDrags == ["bcadefghi", "bcafdeghi", "bafdeghci"])
        #expect(outcome.finalOrder == "bafdeghci")
        #expect(outcome.reports.map(\.from) == [0, 5, 1] && outcome.reports.map(\.to) == [2, 3, 7])
        let grid: [CGPoint] = (0..<9).map { (k: Int) -> CGPoint in CGPoint(x: 10 + CGFloat(k % 3) * 90, y: 10 + CGFloat(k / 3) * 90) }
        #expect(outcome.slotOrigins == grid)
        // Mid-drag the recording shows the lifted cell 1.2 times its size, in front.
        let lifted = outcome.recording.frames.flatMap(\.boxes).filter { $0.role == "dragged" }
        #expect(!lifted.isEmpty && lifted.allSatisfy { $0.transform == [1.2, 0, 0, 1.2] })
        #expect(outcome.recording.name == ReorderScenario.name(approach))
    }

    @Test("Drag and drop: moved to (200, 330), copied into the tray at (120, 80), refused by the locked area")
    func dragAndDrop() async {
        let outcome = await DragAndDropScenario.run()
        #expect(outcome.operations == [.move, .copy, .forbidden])
        #expect(outcome.imageCenters == Array(repeating: CGPoint(x: 200, y: 330), count: 3), "moved once, then stayed")
        #expect(outcome.copiesInTray == 1 && outcome.copyCenter == CGPoint(x: 120, y: 80))
        #expect(outcome.windowSubviews == 3, "image, tray, locked area: nothing was added to the window")
        #expect(outcome.log.filter { $0 == "tray.performDrop" }.count == 1 && !outcome.log.contains("locked.performDrop"))
        #expect(outcome.recording.frames.contains { $0.boxes.contains { $0.role == "copy" } })
    }
}
