// An animator on `.acceleratedWorkers(n)`: a grid of views big enough for the sparse path's worker threads moves
// to exactly the positions it reaches on `.accelerated`, and a worker count out of range stops with a message
// that names the parameter and the value.
import Dynamics
import Foundation
import Testing

@Suite("Worker threads through the animator")
@MainActor
struct WorkerThreadsAnimatorTests {
    /// A `side` × `side` grid of 20 pt views 30 pt apart, each attached to its left and upper neighbour, the top
    /// row hung from anchors 10 pt to the left of each view (so the grid swings), under gravity; stepped `frames`
    /// 60 Hz frames. Returns every view's centre, and how many sparse islands the last step solved.
    static func swingingGrid(_ solver: SolverKind, side: Int = 60, frames: Int = 6) -> ([CGPoint], Int) {
        let scene = Scene(solver, width: 4000, height: 4000)
        let gravity = GravityBehavior()
        var views: [View] = []
        for k in 0..<(side * side) {
            let x = 100 + CGFloat(k % side) * 30, y = 100 + CGFloat(k / side) * 30
            let view = scene.box(x: x, y: y, width: 20, height: 20)
            views.append(view)
            gravity.addItem(view)
            if k % side > 0 { scene.animator.addBehavior(AttachmentBehavior(item: view, attachedTo: views[k - 1])) }
            if k >= side { scene.animator.addBehavior(AttachmentBehavior(item: view, attachedTo: views[k - side])) }
            if k < side {
                scene.animator.addBehavior(AttachmentBehavior(item: view, attachedToAnchor: CGPoint(x: x - 10, y: y - 30)))
            }
        }
        scene.animator.addBehavior(gravity)
        scene.run(frames)
        return (views.map(\.center), scene.animator.solverStatistics?.sparseIslands ?? -1)
    }

    @Test("Two and three workers move a 3,600-view grid to the same bits as one")
    func sameCentresForEveryWorkerCount() {
        let (one, sparse) = Self.swingingGrid(.accelerated)
        // The grid is one island of 7,140 rows, solved by the sparse path (whose subtrees go to the workers).
        #expect(sparse == 1)
        // It moved: the top row swings toward its anchors, so the comparison below is not of a resting grid.
        #expect(abs(one[0].x - 100) > 0.5, "\(one[0])")
        for workers in [2, 3] {
            let (many, _) = Self.swingingGrid(.acceleratedWorkers(workers))
            let differing = zip(one, many).filter { $0.x.bitPattern != $1.x.bitPattern || $0.y.bitPattern != $1.y.bitPattern }
            #expect(differing.count == 0, "\(workers) workers: \(differing.count) of \(one.count) centres differ")
        }
    }

    @Test("A worker count out of range names the parameter and the value")
    func workerCountOutOfRange() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = DynamicAnimator(referenceView: View(frame: .zero), solver: .acceleratedWorkers(65))
        }
        let text = standardError(result)
        #expect(text.contains("workerCount") && text.contains("65") && text.contains("1...64"), "\(text)")
    }
}
