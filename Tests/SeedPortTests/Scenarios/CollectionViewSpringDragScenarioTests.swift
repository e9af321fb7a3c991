// The collection-view spring drag as the demo plays it: three cells on one finger, released, home, paused.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("Scenario: the collection-view spring drag")
struct CollectionViewSpringDragScenarioTests {
    @Test("Three of 1000 cells trail the finger by at most a spring's lag, go home, and the pause clears the drag")
    func playsToThePause() throws {
        let outcome = CollectionViewSpringDragScenario.run()
        #expect(outcome.cellCount == 1000)
        #expect(outcome.dragged.map(\.item) == [7, 12, 14])
        #expect(outcome.start == CGPoint(x: 85, y: 85))
        // The finger ends 60 pt right and 180 pt down of the start, held for 15 frames before it lifts.
        #expect(outcome.release == CGPoint(x: 145, y: 265))
        #expect(outcome.maximumLag > 5 && outcome.maximumLag < 30, "lag \(outcome.maximumLag) pt")
        #expect(outcome.lagAtRelease < 1, "caught up before the lift: \(outcome.lagAtRelease) pt")
        #expect(outcome.homeErrors.allSatisfy { $0 < 0.5 }, "home errors \(outcome.homeErrors)")

        // The pause comes after the lift, within 3 s of it, and ends the drag.
        let paused = try #require(outcome.pausedAtFrame)
        #expect(paused > CollectionViewSpringDragScenario.fingerFrames && paused < CollectionViewSpringDragScenario.fingerFrames + 180)
        #expect(outcome.dragCleared)

        // The recording: every frame until 20 after the pause; physics while the animator lives, none after.
        let recording = outcome.recording
        #expect(recording.frames.count == paused + 21 && recording.pausedAtFrame == paused)
        #expect(recording.frames[10].physics?.bodies.count == 3 && recording.frames[10].physics?.joints.count == 12)
        #expect(recording.frames.last?.physics == nil && recording.frames.last?.finger == nil)
        #expect(recording.frames[10].boxes.filter { $0.role == "dragged" }.count == 3)
        #expect(recording.plots.first?.series.allSatisfy { $0.values.count == recording.frames.count } == true)
    }
}
