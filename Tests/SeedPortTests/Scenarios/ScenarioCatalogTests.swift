// The demo's list of scenarios: every one plays, and its recording is whole.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("Scenario catalog")
struct ScenarioCatalogTests {
    @Test("Ten scenarios with distinct names; each recording has frames, a poster inside them, and whole plots")
    func recordingsAreWhole() async {
        let entries = ScenarioCatalog.all
        #expect(entries.count == 10 && Set(entries.map(\.name)).count == 10)
        for entry in entries {
            let recording = await entry.record()
            #expect(recording.name == entry.name && recording.title == entry.title)
            #expect(recording.frames.count > 60, "\(entry.name): \(recording.frames.count) frames")
            #expect(recording.posterFrame > 0 && recording.posterFrame < recording.frames.count, "\(entry.name): poster \(recording.posterFrame)")
            #expect(recording.pausedAtFrame.map { $0 < recording.frames.count } ?? true)
            #expect(recording.plots.allSatisfy { $0.series.allSatisfy { $0.values.count == recording.frames.count } }, "\(entry.name)")
            #expect(zip(recording.frames, recording.frames.dropFirst()).allSatisfy { $1.time > $0.time })
            #expect(!recording.keyNumber.isEmpty && !recording.summary.isEmpty)
        }
        #expect(ScenarioCatalog.entry(named: "falling-ball")?.title == "The falling ball")
        #expect(ScenarioCatalog.entry(named: "no-such-scenario") == nil)
    }
}
