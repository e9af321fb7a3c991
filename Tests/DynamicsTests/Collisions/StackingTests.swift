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

    /// A pyramid of 40 pt boxes with a base of 20 (210 boxes) centred on x = 500, its base resting on `floorY`:
    /// the boxes, bottom row first, and their starting centres.
    private static func pyramid(in scene: Scene, floorY: CGFloat) -> (boxes: [View], starts: [CGPoint]) {
        var boxes: [View] = []
        var starts: [CGPoint] = []
        for row in 0..<20 {
            for i in 0..<(20 - row) {
                let x = 500 - CGFloat(20 - row - 1) * 20 + CGFloat(i) * 40
                let y = floorY - 20 - 40 * CGFloat(row)
                boxes.append(scene.box(x: x, y: y, width: 40, height: 40))
                starts.append(CGPoint(x: x, y: y))
            }
        }
        return (boxes, starts)
    }

    /// A pyramid is one large contact island, solved by the soft step (see the README's collisions section):
    /// its contacts settle at a small overlap under the weight above them (about 0.2 pt per layer here), so the
    /// top sinks a few points; nothing slides, tips or keeps moving.
    @Test("A pyramid with a base of 20 (210 boxes) stands for 10 s: upright, no sideways drift, at rest", arguments: collisionSolvers)
    func pyramid(solver: SolverKind) {
        let scene = Scene(solver, width: 1000, height: 1000)
        let (boxes, starts) = Self.pyramid(in: scene, floorY: 1001)
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

    /// The floor's place in the creation order decides which shape of a floor contact is A. When a box tilts on a
    /// long floor the reference face moves from the box to the floor; the points must keep their warm starts
    /// through that (feature ids by A's and B's vertices), or the pile keeps jittering and creeps sideways.
    @Test("A pyramid of 210 on an anchored floor item stands the same whether the floor was added first or last",
          arguments: collisionSolvers)
    func pyramidOnFloorInEitherOrder(solver: SolverKind) {
        func run(floorFirst: Bool) -> (positions: [CGPoint], drift: CGFloat, paused: Bool) {
            let scene = Scene(solver, width: 1000, height: 1000)
            let floor = scene.box(x: 500, y: 950, width: 900, height: 100)
            let (boxes, starts) = Self.pyramid(in: scene, floorY: 900)
            if floorFirst {
                scene.material([floor], anchored: true)
                scene.gravity(boxes)
                scene.collide([floor] + boxes)
            } else {
                scene.gravity(boxes)
                scene.collide(boxes + [floor])
                scene.material([floor], anchored: true)
            }
            scene.run(600)
            let drift = zip(boxes, starts).map { abs($0.center.x - $1.x) }.max()!
            return (boxes.map(\.center), drift, !scene.animator.isRunning)
        }
        let first = run(floorFirst: true), last = run(floorFirst: false)
        #expect(first.drift < 1 && last.drift < 1, "sideways drift \(first.drift) pt (floor first), \(last.drift) pt (last)")
        #expect(first.paused && last.paused, "still moving after 10 s (floor first: \(!first.paused), last: \(!last.paused))")
        let apart = zip(first.positions, last.positions).map { hypot($0.x - $1.x, $0.y - $1.y) }.max()!
        #expect(apart < 0.25, "the two orders end \(apart) pt apart")
    }
}
