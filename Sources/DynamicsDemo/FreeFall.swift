// dynamics-demo free-fall: a ball falls under gravity and its trajectory is printed beside the closed form.
//
//   swift run dynamics-demo free-fall                 # headless, 60 Hz frames
//   swift run dynamics-demo free-fall --real-time     # stepped by the real-time driver on the main queue
//   swift run dynamics-demo free-fall --solver reference
//   swift run dynamics-demo free-fall --uikit          # UIKit's integration (semi-implicit Euler), to see the difference
import Dynamics
import Foundation

/// Prints the free fall's table; `arguments` are the words after `free-fall`.
@MainActor
func runFreeFall(_ arguments: [String]) {
    let solver: SolverKind = arguments.contains("reference") ? .reference : .accelerated
    let realTime = arguments.contains("--real-time")
    let uikit = arguments.contains("--uikit")

    let screen = View(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    let ball = View(frame: CGRect(x: 175, y: 50, width: 50, height: 50))
    screen.addSubview(ball)

    let animator = DynamicAnimator(referenceView: screen, solver: solver)
    if uikit { animator.springModel = .uikitCompatible }
    let gravity = GravityBehavior(items: [ball])
    let properties = DynamicItemBehavior(items: [ball])
    properties.resistance = 0  // free fall: compare with y₀ + g·t²/2
    animator.addBehavior(gravity)
    animator.addBehavior(properties)

    let y0 = Double(ball.center.y)
    let g = 1000.0
    print("Ball of 50 × 50 pt falling under GravityBehavior (magnitude 1 = 1000 pt/s²), solver: \(solver), model: \(animator.springModel)")
    print(" time (s)   y (pt)      closed form   velocity (pt/s)")
    var frame = 0
    gravity.action = {
        frame += 1
        guard frame % 6 == 0 else { return }
        let t = animator.elapsedTime
        let v = Double(properties.linearVelocity(for: ball).y)
        let exact = y0 + g * t * t / 2
        print(String(format: "%7.3f  %9.3f   %9.3f     %8.2f", t, Double(ball.center.y), exact, v))
    }

    if realTime {
        animator.startRealTimeDriver(framesPerSecond: 60)
        RunLoop.main.run(until: Date().addingTimeInterval(1.05))
        animator.stopRealTimeDriver()
    } else {
        for _ in 0..<60 { animator.step(1.0 / 60.0) }
    }
    let t = animator.elapsedTime
    let note = uikit
        ? String(format: "UIKit's semi-implicit Euler leads by g·t·h/2 = %.3f pt at h = 1/120 s", g * t / 240)
        : "the trapezoidal update is exact for constant acceleration; --uikit shows UIKit's integration"
    print(String(format: "after %.3f s: y = %.3f pt, closed form %.3f pt (%@)",
                 t, Double(ball.center.y), y0 + g * t * t / 2, note as NSString))
}
