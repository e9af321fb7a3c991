// A moved anchorPoint is queued with the animator and reaches the world in one batch when the next step starts.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Moved anchors")
struct MovedAnchorTests {
    /// A rigid (frequency 0) attachment of length 0 holds the item's centre on its anchor.
    private func pinned(_ scene: Scene, at point: CGPoint) -> (View, AttachmentBehavior) {
        let box = scene.box(x: point.x, y: point.y, width: 20, height: 20)
        let attachment = AttachmentBehavior(item: box, attachedToAnchor: point)
        attachment.length = 0
        scene.animator.addBehavior(attachment)
        return (box, attachment)
    }

    @Test("Moves before a step apply in order when it starts: the last one wins, and the item follows it", arguments: allSolvers)
    func lastMoveWins(solver: SolverKind) {
        let scene = Scene(solver)
        let (box, attachment) = pinned(scene, at: CGPoint(x: 500, y: 500))
        scene.run(1)
        attachment.anchorPoint = CGPoint(x: 900, y: 100)
        attachment.anchorPoint = CGPoint(x: 520, y: 530)
        #expect(attachment.anchorPoint == CGPoint(x: 520, y: 530))
        scene.run(120)
        // No gravity, no resistance to speak of: the rigid link brings the centre onto the anchor's last place.
        #expect(hypot(box.center.x - 520, box.center.y - 530) < 1e-6, "centre \(box.center)")
    }

    @Test("A move wakes a paused animator", arguments: allSolvers)
    func moveResumes(solver: SolverKind) {
        let scene = Scene(solver)
        let (box, attachment) = pinned(scene, at: CGPoint(x: 500, y: 500))
        scene.run(300)
        #expect(!scene.animator.isRunning, "at rest on its anchor, the animator pauses")
        attachment.anchorPoint = CGPoint(x: 510, y: 500)
        #expect(scene.animator.isRunning)
        scene.run(120)
        #expect(abs(box.center.x - 510) < 1e-6, "centre \(box.center)")
    }

    @Test("An attachment removed after moving its anchor, before the step, leaves nothing queued behind", arguments: allSolvers)
    func removedBeforeTheStep(solver: SolverKind) {
        let scene = Scene(solver)
        let (_, first) = pinned(scene, at: CGPoint(x: 500, y: 500))
        let (other, second) = pinned(scene, at: CGPoint(x: 700, y: 500))
        scene.run(1)
        first.anchorPoint = CGPoint(x: 400, y: 400)
        second.anchorPoint = CGPoint(x: 720, y: 480)
        scene.animator.removeBehavior(first)
        scene.run(120)
        #expect(hypot(other.center.x - 720, other.center.y - 480) < 1e-6, "centre \(other.center)")
    }
}
