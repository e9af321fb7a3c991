import Dynamics
import Foundation

/// Seed 000 through the façade: N `View` cells, each held by a composite of four corner attachments, the
/// touch points moved every frame through `anchorPoint`, stepped with `DynamicAnimator.step`.
@MainActor
func runFacadeDrag(cells: Int, steps: Int, solver: SolverKind) -> BenchmarkResult {
    ResidentMemory.resetPeak()
    let screen = View(frame: CGRect(x: 0, y: 0, width: 10_000, height: 10_000))
    let columns = Int(Double(cells).squareRoot().rounded(.up))
    let animator = DynamicAnimator(referenceView: screen, solver: solver)
    var attachments: [[AttachmentBehavior]] = []
    var homes: [CGPoint] = []
    for k in 0..<cells {
        let c = gridCenter(k, columns: columns)
        let cell = View(frame: CGRect(x: c.x - 25, y: c.y - 25, width: 50, height: 50))
        screen.addSubview(cell)
        let home = CGPoint(x: c.x, y: c.y)
        homes.append(home)
        let group = DynamicBehavior()
        var four: [AttachmentBehavior] = []
        for corner in DragCellsScene.corners {
            let a = AttachmentBehavior(item: cell, attachedToAnchor: CGPoint(x: home.x + corner.x, y: home.y + corner.y))
            a.frequency = 8
            a.damping = 0.6
            group.addChildBehavior(a)
            four.append(a)
        }
        attachments.append(four)
        animator.addBehavior(group)
    }
    var stepTimes: [Double] = [], driveTimes: [Double] = [], solverTimes: [Double] = [], writeBacks: [Double] = []
    var progress = Progress(label: "facade drag-cells \(solver) N=\(cells)", total: steps)
    var touch = (x: 0.0, y: 0.0)
    for frame in 0..<steps {
        let t0 = now()
        let o = DragCellsScene.offset(at: Double(frame) / 60)
        if o.x != touch.x || o.y != touch.y {
            touch = o
            for (k, four) in attachments.enumerated() {
                for (a, corner) in zip(four, DragCellsScene.corners) {
                    a.anchorPoint = CGPoint(x: Double(homes[k].x) + o.x + corner.x, y: Double(homes[k].y) + o.y + corner.y)
                }
            }
        }
        let t1 = now()
        animator.step(1.0 / 60.0)
        let t2 = now()
        driveTimes.append(t1 - t0)
        stepTimes.append(t2 - t1)
        if let s = animator.solverStatistics {
            solverTimes.append(s.forcesSeconds + s.assemblySeconds + s.solveSeconds + s.integrationSeconds)
        } else {
            solverTimes.append(animator.lastStepProfile.solver)
        }
        writeBacks.append(animator.lastStepProfile.writeBack)
        progress.update(frame + 1)
    }
    // The drag moves for the first 2 s (120 frames); after it the animator rests and a step costs nothing.
    let moving = min(120, steps)
    stepTimes = Array(stepTimes.prefix(moving))
    solverTimes = Array(solverTimes.prefix(moving))
    writeBacks = Array(writeBacks.prefix(moving))
    let (median, p95) = percentiles(stepTimes)
    var distance = 0.0
    for (k, view) in screen.subviews.enumerated() {
        distance += hypot(Double(view.center.x - homes[k].x) - touch.x, Double(view.center.y - homes[k].y) - touch.y)
    }
    let solverMedian = percentiles(solverTimes).median
    let writeBackMedian = percentiles(writeBacks).median
    return BenchmarkResult(
        scene: "facade-drag-cells", solver: "\(solver)", cells: cells, steps: steps, medianMilliseconds: median * 1e3,
        p95Milliseconds: p95 * 1e3, nanosecondsPerCellStep: median * 1e9 / Double(cells),
        peakResidentMiB: ResidentMemory.peakMiB(),
        stageShares: ["core step": solverMedian / median, "item write-back": writeBackMedian / median,
                      "rest of the façade": max(0, 1 - (solverMedian + writeBackMedian) / median)],
        accuracyName: "mean distance from touch point (pt)", accuracy: distance / Double(cells), solvePaths: nil,
        movingMedianMilliseconds: nil, settledMedianMilliseconds: nil,
        driveMedianMilliseconds: percentiles(driveTimes).median * 1e3, stepSeconds: stepTimes)
}
