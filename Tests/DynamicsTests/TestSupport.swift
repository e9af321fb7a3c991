// Helpers shared by the Dynamics façade tests: scenes, stepping, closed forms, tolerance checks and a
// delegate that counts pauses and resumes.
import Dynamics
import Foundation
import Testing

/// Both solvers: every physics test runs on each.
let allSolvers: [SolverKind] = [.accelerated, .reference]

/// One 60 Hz frame, and the default physics substep (UIKit's 1/120 s).
let frameDT = 1.0 / 60.0
let substepDT = 1.0 / 120.0

/// Gravity magnitude 1.0 in pt/s².
let gravityAcceleration = 1000.0

/// A reference view with an animator on one solver, and helpers to add boxes to it.
@MainActor
struct Scene {
    let root: View
    let animator: DynamicAnimator

    init(_ solver: SolverKind, width: CGFloat = 2000, height: CGFloat = 2000) {
        root = View(frame: CGRect(x: 0, y: 0, width: width, height: height))
        animator = DynamicAnimator(referenceView: root, solver: solver)
    }

    /// A `width × height` view centred on (`x`, `y`), added to the reference view.
    func box(x: CGFloat = 500, y: CGFloat = 500, width: CGFloat = 100, height: CGFloat = 100) -> View {
        let view = View(frame: CGRect(x: x - width / 2, y: y - height / 2, width: width, height: height))
        root.addSubview(view)
        return view
    }

    /// Steps `count` frames of `dt`; returns how many of them ran (`step` returned true).
    @discardableResult
    func run(_ count: Int, dt: TimeInterval = frameDT) -> Int {
        animator.run(count, dt: dt)
    }
}

extension DynamicAnimator {
    /// Steps `count` frames of `dt`; returns how many of them ran (`step` returned true).
    @discardableResult
    func run(_ count: Int, dt: TimeInterval = frameDT) -> Int {
        var ran = 0
        for _ in 0..<count where step(dt) { ran += 1 }
        return ran
    }
}

/// A dynamic item that is not a view (for animators made with `init(solver:)`).
@MainActor
final class PlainItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(x: CGFloat = 0, y: CGFloat = 0, width: CGFloat = 100, height: CGFloat = 100) {
        center = CGPoint(x: x, y: y)
        bounds = CGRect(x: 0, y: 0, width: width, height: height)
    }
}

/// A `width × height` item centred on (`x`, `y`) and turned by `angle`: a view added to `root`, or (for the same
/// body through the protocol) a ``PlainItem``.
@MainActor
func makeItem(view: Bool, in root: View, x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat, angle: CGFloat)
    -> any DynamicItem
{
    let item: any DynamicItem
    if view {
        let view = View(frame: CGRect(x: x - width / 2, y: y - height / 2, width: width, height: height))
        root.addSubview(view)
        item = view
    } else {
        item = PlainItem(x: x, y: y, width: width, height: height)
    }
    item.transform = CGAffineTransform(rotationAngle: angle)
    return item
}

/// Counts the delegate calls, in order.
@MainActor
final class DelegateRecorder: DynamicAnimatorDelegate {
    private(set) var events: [String] = []
    var resumes: Int { events.filter { $0 == "resume" }.count }
    var pauses: Int { events.filter { $0 == "pause" }.count }

    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { events.append("resume") }
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { events.append("pause") }
}

/// |a − b| ≤ tolerance.
func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// |a − b| ≤ tolerance · max(1, |a|, |b|).
func isRelClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Both integration models. `.analytic` (the default) moves positions by the mean of the old and new
/// velocity; `.uikitCompatible` by the new velocity (semi-implicit Euler, as Box2D in UIKit).
let allModels: [SpringModel] = [.analytic, .uikitCompatible]

/// Displacement after `n` substeps of `h` from rest under constant acceleration `a`, no damping:
/// analytic: exactly a·t²/2; UIKit-compatible: h²·a·n(n+1)/2, i.e. a·t²/2 plus the lag a·t·h/2.
func constantAccelerationDistance(acceleration a: Double, substeps n: Int, h: Double, model: SpringModel) -> Double {
    let t = Double(n) * h
    switch model {
    case .analytic: return a * t * t / 2
    case .uikitCompatible: return a * h * h * Double(n) * Double(n + 1) / 2
    }
}

/// Velocity and displacement after `n` substeps of `h` from velocity `v0` under acceleration `a` with damping
/// `c`, by the documented per-substep law: v ← (v + h·a)·e^(−c·h), then x moves by h·(v_old + v)/2 (analytic)
/// or h·v (UIKit-compatible).
func dampedMotion(
    from v0: Double = 0, acceleration a: Double = 0, damping c: Double, substeps n: Int, h: Double,
    model: SpringModel
) -> (velocity: Double, distance: Double) {
    var v = v0
    var x = 0.0
    let factor = exp(-c * h)
    for _ in 0..<n {
        let old = v
        v = (v + h * a) * factor
        switch model {
        case .analytic: x += h * (old + v) / 2
        case .uikitCompatible: x += h * v
        }
    }
    return (v, x)
}

/// The rotation an item's transform shows, radians.
@MainActor
func rotation(of item: any DynamicItem) -> Double {
    Double(atan2(Double(item.transform.b), Double(item.transform.a)))
}

/// The captured standard error of an exit test, as text ("" when the test did not run).
func standardError(_ result: ExitTest.Result?) -> String {
    guard let result else { return "" }
    return String(decoding: result.standardErrorContent, as: UTF8.self)
}
