// Every scenario, in the order the demo shows them: the articles' scenes, each played and recorded.
import Foundation

/// One scenario the demo can play.
package struct ScenarioEntry: Sendable {
    /// Short identifier (`collection-view-spring-drag`).
    package let name: String
    /// What it shows ("The collection-view spring drag").
    package let title: String
    /// Plays it and returns the recording.
    package let record: @MainActor @Sendable () async -> ScenarioRecording
}

/// The scenarios, in the demo's order.
package enum ScenarioCatalog {
    @MainActor
    package static let all: [ScenarioEntry] = [
        ScenarioEntry(name: CollectionViewSpringDragScenario.name, title: CollectionViewSpringDragScenario.title) {
            CollectionViewSpringDragScenario.run().recording
        },
        ScenarioEntry(name: FallingBallScenario.name, title: FallingBallScenario.title) { FallingBallScenario.run().recording },
        ScenarioEntry(name: SlideInMenuScenario.name, title: SlideInMenuScenario.title) { SlideInMenuScenario.run().recording },
        ScenarioEntry(name: DragAndThrowScenario.name, title: DragAndThrowScenario.title) { DragAndThrowScenario.run().recording },
        ScenarioEntry(name: TapToSnapScenario.name, title: TapToSnapScenario.title) { TapToSnapScenario.run().recording },
        ScenarioEntry(name: OrbitingFieldScenario.name, title: OrbitingFieldScenario.title) { OrbitingFieldScenario.run().recording },
        ScenarioEntry(name: BreathingButtonScenario.name, title: BreathingButtonScenario.title) {
            BreathingButtonScenario.run().recording
        },
        ScenarioEntry(name: ReorderScenario.name(.layoutMovesCells), title: ReorderScenario.title(.layoutMovesCells)) {
            ReorderScenario.run(.layoutMovesCells).recording
        },
        ScenarioEntry(name: ReorderScenario.name(.interactiveMovement), title: ReorderScenario.title(.interactiveMovement)) {
            ReorderScenario.run(.interactiveMovement).recording
        },
        ScenarioEntry(name: DragAndDropScenario.name, title: DragAndDropScenario.title) { await DragAndDropScenario.run().recording },
    ]

    /// The scenario called `name`, or nil.
    @MainActor
    package static func entry(named name: String) -> ScenarioEntry? { all.first { $0.name == name } }
}
