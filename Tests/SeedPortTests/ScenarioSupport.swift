// What the articles' code gets from UIKit beyond dynamics and layouts, played by the tests: gesture states,
// frame stepping, and closed forms to hold the motion to.
import Dynamics
import Foundation

/// The states a gesture recognizer reports (UIKit's `UIGestureRecognizer.State`); the tests play the gestures.
enum GestureState {
    case began, changed, ended, cancelled, failed
}

/// One 60 Hz frame.
let frame = 1.0 / 60.0

extension DynamicAnimator {
    /// Steps `count` frames of 1/60 s.
    func run(frames count: Int) {
        for _ in 0..<count { step(frame) }
    }

    /// Steps until the animator pauses, at most `limit` frames; returns the frames stepped.
    @discardableResult
    func runUntilPaused(limit: Int = 60 * 30) -> Int {
        var frames = 0
        while isRunning && frames < limit {
            step(frame)
            frames += 1
        }
        return frames
    }
}

/// Velocity and distance after `n` substeps of `h` from velocity `v0` under constant acceleration `a` with
/// resistance `c`, by the analytic model's per-substep law v ← (v + h·a)·e^(−c·h), x += h·(v_old + v)/2, summed
/// in closed form (a geometric series towards the terminal velocity).
func uniformlyAcceleratedMotion(from v0: Double, acceleration a: Double, resistance c: Double, substeps n: Int, h: Double)
    -> (velocity: Double, distance: Double)
{
    guard c > 0 else {
        let t = Double(n) * h
        return (v0 + a * t, v0 * t + a * t * t / 2)
    }
    let r = exp(-c * h)
    let terminal = h * a * r / (1 - r)
    let rn = pow(r, Double(n))
    let velocity = terminal + (v0 - terminal) * rn
    // Σ v_k for k = 0…n−1, then the trapezoid's two sums.
    let firstN = Double(n) * terminal + (v0 - terminal) * (1 - rn) / (1 - r)
    let distance = h * (2 * firstN - v0 + velocity) / 2
    return (velocity, distance)
}

/// The times at which `samples` (taken every `interval` from t = 0) cross zero upwards, interpolated linearly.
func upwardZeroCrossings(_ samples: [Double], interval: Double) -> [Double] {
    zip(samples.indices.dropLast(), samples.indices.dropFirst()).compactMap { i, j in
        guard samples[i] < 0, samples[j] >= 0 else { return nil }
        return (Double(i) + samples[i] / (samples[i] - samples[j])) * interval
    }
}

/// |a − b| ≤ tolerance · max(1, |a|, |b|).
func isRelClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// The distance between two points.
func distance(_ p: CGPoint, _ q: CGPoint) -> Double {
    hypot(Double(p.x - q.x), Double(p.y - q.y))
}

/// What the articles' view controllers get from `UIViewController`: a root view filling a 375 × 667 screen, and
/// the lifecycle methods, which the tests call.
@MainActor
class ViewController {
    let view = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    /// The tab bar controller the tutorial's screens live in: its bar is the bottom 49 pt of the screen.
    let tabBarController = TabBarController(screen: CGRect(x: 0, y: 0, width: 375, height: 667))

    func viewDidLoad() {}
    func viewDidLayoutSubviews() {}
    func viewDidAppear(_ animated: Bool) {}
}

/// A tab bar controller stand-in: only its bar's frame, which the tutorial's collisions stop at.
@MainActor
final class TabBarController {
    let tabBar: View

    init(screen: CGRect) {
        tabBar = View(frame: CGRect(x: screen.minX, y: screen.maxY - 49, width: screen.width, height: 49))
    }
}
