// The tutorial's screens as the demo plays them: falling ball, slide-in menu, drag and throw, tap to snap.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("Scenario: the dynamics tutorial")
struct TutorialScenarioTests {
    @Test("The falling ball bounces to 44.0 % of its drop, rests on the tab bar and the animator pauses")
    func fallingBall() throws {
        let outcome = FallingBallScenario.run()
        #expect(outcome.startCenter == CGPoint(x: 187.5, y: 125) && outcome.barTop == 618)
        #expect(outcome.lowestBottom <= 618 + 1e-6)
        // The closed form with resistance (DynamicsTutorialTests.fallingBallBounces): 0.4400 of the drop.
        #expect(abs(outcome.firstReboundRatio - 0.44) < 0.005 * 0.44, "rebound \(outcome.firstReboundRatio)")
        #expect(abs(outcome.finalBottom - 618) < 1e-6)
        // ½·0 + 10 m/s² · 4.68 m = 46.8 J/kg at the start; nothing but rest at the end.
        #expect(abs(outcome.initialEnergy - 46.8) < 1e-9 && outcome.finalEnergy < 1e-6)
        let paused = try #require(outcome.pausedAtFrame)
        #expect(paused > 120 && paused < 600, "paused at frame \(paused)")
        let recording = outcome.recording
        #expect(recording.frames.count == paused + 21)
        #expect(recording.frames.contains { $0.physics?.contacts.isEmpty == false }, "the contacts are drawn")
        #expect(recording.frames[0].physics?.boundaries.first?.polylines == [[CGPoint(x: 0, y: 618), CGPoint(x: 375, y: 618)]])
    }

    @Test("The slide-in menu opens to its boundary at 187.5 pt, never past it, and closes to −187.5 pt")
    func slideInMenu() throws {
        let outcome = SlideInMenuScenario.run()
        #expect(outcome.furthestOpenEdge <= 187.5 + 1e-6)
        #expect(abs(outcome.openEdge - 187.5) < 1e-6 && abs(outcome.closedEdge - -187.5) < 1e-6)
        let opening = try #require(outcome.openingFrames)
        let closing = try #require(outcome.closingFrames)
        #expect(opening > 20 && opening < 360 && closing > 10 && closing < 360, "paused after \(opening) and \(closing) frames")
        #expect(outcome.recording.pausedAtFrame == opening + 9)
    }

    @Test("Drag and throw: the touched point stays on the finger, a 100 N·s push throws at 1733.2 pt/s, the reset")
    func dragAndThrow() {
        let outcome = DragAndThrowScenario.run()
        #expect(outcome.worstGap < 0.01, "gap \(outcome.worstGap) pt")
        #expect(outcome.dragged > 50)
        #expect(abs(outcome.pushMagnitude - 100) < 1e-9)
        // 100 N·s on 5.76 kg is 1736.1 pt/s, one frame of resistance 0.1/s later e^(−0.1/60) of that.
        let expected = 100 / 5.76 * 100 * exp(-0.1 * frame)
        #expect(isRelClose(outcome.speedAfterRelease, expected, 1e-9), "\(outcome.speedAfterRelease) vs \(expected)")
        #expect(outcome.resetRestored)
        #expect(outcome.recording.frames.count == 15 + 30 + 1 + 17 + 30)
    }

    @Test("Tap to snap: overshoots the first tap, settles on it, and the last of three taps wins")
    func tapToSnap() throws {
        let outcome = TapToSnapScenario.run()
        #expect(outcome.firstOvershoot > 5 && outcome.firstOvershoot < 150, "overshoot \(outcome.firstOvershoot) pt")
        #expect(outcome.firstSettleError < 1, "\(outcome.firstSettleError) pt from the first tap after 2 s")
        #expect(outcome.finalError < 0.5 && outcome.snapCount == 1)
        let paused = try #require(outcome.pausedAtFrame)
        #expect(paused > TapToSnapScenario.taps.last!.frame)
    }
}
