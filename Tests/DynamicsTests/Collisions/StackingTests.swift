// Stacks and pyramids on the reference-bounds floor: they stand, hold their heights, and let the animator pause.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Stacking")
struct StackingTests {
    @Test("A stack of 20 boxes: no box drifts 1 pt sideways, the top stays within 1 pt of its height, the animator pauses once", arguments: collisionSolvers)
    func stackOfTwenty(solver: SolverKind) {
        let scene = Scene(solver, width: 400, height: 1000)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        let floorY: CGFloat = 1000 // the reference bounds' bottom (the boundary is grown 1 pt beyond it)
        let boxes = (0..<20).map { k in scene.box(x: 200, y: floorY + 1 - 20 - 40 * CGFloat(k), width: 40, height: 40) }
        scene.gravity(boxes)
        scene.collide(boxes, bounds: true)
        scene.run(300) // 5 s
        let drift = boxes.map { abs($0.center.x - 200) }.max()!
        let topError = abs(boxes.last!.center.y - (floorY + 1 - 20 - 40 * 19))
        #expect(drift < 1, "largest sideways drift \(drift) pt")
        #expect(topError < 1, "top box off its ideal height by \(topError) pt")
        #expect(!scene.animator.isRunning && recorder.pauses == 1, "paused once (pauses: \(recorder.pauses))")
    }

    /// A pyramid is one large contact island, solved by the soft step (see the README's collisions section):
    /// its contacts settle at a small overlap under the weight above them (about 0.2 pt per layer here), so the
    /// top sinks a few points; nothing slides, tips or keeps moving.
    @Test("A pyramid with a base of 20 (210 boxes) stands for 10 s: upright, no sideways drift, at rest", arguments: collisionSolvers)
    func pyramid(solver: SolverKind) {
        let scene = Scene(solver, width: 1000, height: 1000)
        var boxes: [View] = []
        var starts: [CGPoint] = []
        for row in 0..<20 {
            for i in 0..<(20 - row) {
                let x = 500 - CGFloat(20 - row - 1) * 20 + CGFloat(i) * 40
                let y = 1001 - 20 - 40 * CGFloat(row)
                boxes.append(scene.box(x: x, y: y, width: 40, height: 40))
                starts.append(CGPoint(x: x, y: y))
            }
        }
        scene.gravity(boxes)
        scene.collide(boxes, bounds: true)
        scene.run(600)
        let sank = zip(boxes, starts).map { $0.center.y - $1.y }.max()!
        let drift = zip(boxes, starts).map { abs($0.center.x - $1.x) }.max()!
        let turn = boxes.map { abs(atan2($0.transform.b, $0.transform.a)) }.max()!
        #expect(boxes.count == 210)
        #expect(sank < 5, "the top sank \(sank) pt")
        #expect(drift < 1, "a box drifted \(drift) pt sideways")
        #expect(turn < 0.05, "a box tipped by \(turn) rad")
        #expect(!scene.animator.isRunning, "the pyramid is still moving after 10 s")
    }
}
