// The dynamics tutorial's screens (without fields, which this package does not have yet): free fall under
// gravity onto the tab bar, the slide-in menu's gravity, push and stop at its boundary, the drag-and-throw
// image's attachment and throw, and tap-to-snap. The motion is held to UIKit's units in closed form: gravity 1 = 1000 pt/s², a push of
// 1 N·s gives a 1 kg (100 × 100) item 100 pt/s, resistance 0.1/s by default.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("The dynamics tutorial")
struct DynamicsTutorialTests {
    /// Distance and velocity after `frames` 60 Hz frames (two substeps each) from `v0` under `a`, resistance 0.1.
    private func motion(from v0: Double, acceleration a: Double, frames: Int) -> (velocity: Double, distance: Double) {
        uniformlyAcceleratedMotion(from: v0, acceleration: a, resistance: 0.1, substeps: 2 * frames, h: frame / 2)
    }

    @Test("The falling ball: 1000 pt/s² under the default resistance, logged by the action every step")
    func fallingBall() {
        let controller = FallingBallViewController()
        controller.viewDidLoad()
        let ball = controller.orangeBall!
        #expect(ball.center == CGPoint(x: 187.5, y: 125))
        controller.animator.run(frames: 30)
        let expected = 125 + motion(from: 0, acceleration: 1000, frames: 30).distance
        #expect(isRelClose(Double(ball.center.y), expected, 1e-9), "fell to \(ball.center.y), expected \(expected)")
        // Close to the continuous damped fall (a/c)·(t − (1 − e^(−ct))/c) = 122.94 pt in 0.5 s (g·t²/2 = 125 pt
        // without resistance).
        let continuous = 1000 / 0.1 * (0.5 - (1 - exp(-0.05)) / 0.1)
        #expect(abs(expected - 125 - continuous) < 0.1, "fell \(expected - 125) pt vs \(continuous)")
        #expect(ball.center.x == 187.5)

        // The action ran once per step, and each step fell further than the last (it keeps accelerating).
        let logged = controller.loggedCenterY.map(Double.init)
        #expect(logged.count == 30 && logged.last == Double(ball.center.y))
        let steps = zip(logged.dropFirst(), logged).map { $0 - $1 }
        #expect(zip(steps.dropFirst(), steps).allSatisfy { $0 > $1 })
    }

    @Test("The falling ball bounces on the tab bar's top with elasticity 0.7 and comes to rest on it")
    func fallingBallBounces() {
        let controller = FallingBallViewController()
        controller.viewDidLoad()
        let ball = controller.orangeBall!
        let barTop = controller.tabBarController.tabBar.frame.minY // 618
        let drop = Double(barTop - (ball.center.y + 25))
        var lowest = ball.center.y, previous = ball.center.y, apex = CGFloat.infinity
        var bounced = false
        for _ in 0..<600 {
            controller.animator.step(frame)
            let y = ball.center.y
            lowest = max(lowest, y)
            if !bounced, y < previous { bounced = true }
            if bounced {
                apex = min(apex, y)
                if y > previous { break } // falling again: the apex has passed
            }
            previous = y
        }
        #expect(lowest + 25 <= barTop + 1e-6, "never below the tab bar (lowest bottom \(lowest + 25))")
        // Elasticity 0.7 under resistance c = 0.1/s, in closed form: the fall x(t) = g/c·t − g/c²·(1 − e^(−ct))
        // reaches the bar at speed v = g/c·(1 − e^(−ct)); it leaves at 0.7·v and rises until v(t) = 0 (0.49 of
        // the drop without resistance, 0.4400 with it).
        let (g, c) = (1000.0, 0.1)
        var (low, high) = (0.0, 5.0)
        for _ in 0..<100 {
            let t = (low + high) / 2
            if g / c * t - g / (c * c) * (1 - exp(-c * t)) < drop { low = t } else { high = t }
        }
        let rebound = 0.7 * g / c * (1 - exp(-c * low))
        let rise = log((rebound + g / c) / (g / c)) / c
        let expected = ((rebound + g / c) / c * (1 - exp(-c * rise)) - g / c * rise) / drop
        let ratio = Double(barTop - 25 - apex) / drop
        #expect(abs(ratio - expected) < 0.005 * expected, "rebound \(ratio) of the \(drop) pt drop, closed form \(expected)")
        controller.animator.runUntilPaused()
        #expect(!controller.animator.isRunning, "it comes to rest and the animator pauses")
        #expect(abs(ball.center.y + 25 - barTop) < 1e-6, "resting on the tab bar: bottom at \(ball.center.y + 25)")
    }

    @Test("The slide-in menu: a 20 N·s push on 11.6 kg adds 172.6 pt/s to its fall sideways; it stops at its boundary")
    func slideInMenu() {
        let controller = SlideInMenuViewController()
        controller.viewDidLoad()
        let menu = controller.menuView
        #expect(menu.frame == CGRect(x: -187.5, y: 20, width: 187.5, height: 618))
        let mass = 187.5 * 618 / 10_000  // kg
        let kick = 20 / mass * 100  // pt/s
        #expect(abs(kick - 172.60) < 0.01)

        controller.handleGesture(swipedRight: true)
        #expect(controller.backgroundView.alpha == 0.5)
        controller.animator.run(frames: 20) // not yet at the boundary (its edge has 187.5 pt to go)
        let opened = motion(from: kick, acceleration: 1000, frames: 20).distance
        #expect(isRelClose(Double(menu.center.x), -93.75 + opened, 1e-9), "menu at \(menu.center.x)")
        let pushShare = opened - motion(from: 0, acceleration: 1000, frames: 20).distance
        // The kick decays under the resistance: v₀·(1 − e^(−ct))/c in 1/3 s.
        #expect(abs(pushShare - kick * (1 - exp(-0.1 / 3)) / 0.1) < 1e-4, "the push carried it \(pushShare) pt further")
        #expect(menu.center.y == 329)

        // Then it reaches the boundary at x = 187.5 (half the screen), bounces (elasticity 0.4) and rests there.
        var furthest = menu.frame.maxX
        for _ in 0..<300 {
            controller.animator.step(frame)
            furthest = max(furthest, menu.frame.maxX)
        }
        #expect(furthest <= 187.5 + 1e-6, "never past the boundary (furthest edge \(furthest))")
        #expect(abs(menu.frame.maxX - 187.5) < 1e-6, "open: its edge rests on the boundary (\(menu.frame.maxX))")

        // Closing starts afresh (all behaviors removed, so the body and its speed went too).
        let xAtClose = Double(menu.center.x)
        controller.handleGesture(swipedRight: false)
        #expect(controller.backgroundView.alpha == 0)
        #expect(controller.animator.behaviors.count == 4)
        controller.animator.run(frames: 12)
        let closed = motion(from: -kick, acceleration: -1000, frames: 12).distance
        #expect(isRelClose(Double(menu.center.x), xAtClose + closed, 1e-9), "menu at \(menu.center.x)")
        controller.animator.run(frames: 300)
        #expect(abs(menu.frame.minX - -187.5) < 1e-6, "closed: its other edge rests on the boundary at −187.5 (\(menu.frame.minX))")
    }

    @Test("Drag and throw: the touched point stays on the finger; a fast release throws at |v|/15 N·s; the reset")
    func dragAndThrow() throws {
        let controller = ThrowViewController()
        controller.viewDidLoad()
        let image = controller.imageView
        let original = image.center
        #expect(abs(original.x - 187.5) < 1e-12 && abs(original.y - 222.333_333) < 1e-5)

        // Touch the image away from its centre and drag the finger 100 right and 60 up over half a second.
        let touch = CGPoint(x: 250, y: 260)
        controller.handleAttachmentGesture(.began, location: touch, boxLocation: image.convert(touch, from: controller.view), velocity: .zero)
        let animator = try #require(controller.animator)
        #expect(controller.redView.center == touch && controller.blueView.center == touch)
        let offset = CGPoint(x: touch.x - original.x, y: touch.y - original.y)
        var worstGap = 0.0
        for index in 1...30 {
            let finger = CGPoint(x: touch.x + CGFloat(index) * 100 / 30, y: touch.y - CGFloat(index) * 60 / 30)
            controller.handleAttachmentGesture(.changed, location: finger, boxLocation: .zero, velocity: .zero)
            animator.step(frame)
            worstGap = max(worstGap, distance(DragAndThrowScenario.pointHeld(on: image, offset: offset), finger))
        }
        #expect(worstGap < 0.01, "the touched point stays on the finger (worst \(worstGap) pt)")
        #expect(distance(image.center, original) > 50, "and the image came along")

        // A 1500 pt/s release: a 100 N·s push on 5.76 kg (240 × 240) is 1736 pt/s along the release. Removing
        // the attachment let go of the image's body, so the throw starts from the push alone, as in UIKit.
        controller.handleAttachmentGesture(.ended, location: .zero, boxLocation: .zero, velocity: CGPoint(x: 1200, y: -900))
        let push = try #require(controller.pushBehavior)
        #expect(abs(push.magnitude - 100) < 1e-9 && abs(push.angle - atan2(-0.6, 0.8)) < 1e-12)
        let centerAtRelease = image.center
        animator.step(frame)
        let kick = 100 / 5.76 * 100
        let expected = motion(from: kick, acceleration: 0, frames: 1)
        let velocity = try #require(controller.itemBehavior).linearVelocity(for: image)
        #expect(isRelClose(Double(velocity.x), 0.8 * expected.velocity, 1e-9) && isRelClose(Double(velocity.y), -0.6 * expected.velocity, 1e-9))
        #expect(isRelClose(distance(image.center, centerAtRelease), expected.distance, 1e-9))
        let spin = try #require(controller.itemBehavior).angularVelocity(for: image)
        #expect(abs(spin) <= 10 * exp(-0.1 * frame) + 1e-9, "the random spin of −10…9 rad/s, damped (\(spin))")

        // 0.3 s later, the reset.
        animator.run(frames: 17)
        controller.resetDemo()
        #expect(image.center == original && image.transform == .identity && animator.behaviors.isEmpty)

        // A slow release resets at once.
        controller.handleAttachmentGesture(.began, location: touch, boxLocation: image.convert(touch, from: controller.view), velocity: .zero)
        controller.handleAttachmentGesture(.changed, location: CGPoint(x: 260, y: 250), boxLocation: .zero, velocity: .zero)
        try #require(controller.animator).run(frames: 10)
        #expect(image.center != original)
        controller.handleAttachmentGesture(.ended, location: .zero, boxLocation: .zero, velocity: CGPoint(x: 300, y: 400))
        let slowAnimator = try #require(controller.animator)
        #expect(image.center == original && slowAnimator.behaviors.isEmpty)
    }

    @Test("Tap to snap: damping 0.3 overshoots, then settles on the tap; a new tap replaces the snap")
    func tapToSnap() {
        let controller = TapToSnapViewController()
        controller.viewDidLoad()
        let square = controller.purpleView
        #expect(square.center == CGPoint(x: 187.5, y: 333.5))

        let tap = CGPoint(x: 100, y: 500)
        controller.handleTapGesture(at: tap)
        let start = CGPoint(x: 187.5, y: 333.5)
        let length = distance(tap, start)
        let direction = CGPoint(x: (tap.x - start.x) / CGFloat(length), y: (tap.y - start.y) / CGFloat(length))
        var overshoot = 0.0
        while controller.animator.isRunning {
            controller.animator.step(frame)
            overshoot = max(overshoot, Double((square.center.x - tap.x) * direction.x + (square.center.y - tap.y) * direction.y))
        }
        #expect(overshoot > 5, "a loose snap flies past the tap (\(overshoot) pt)")
        #expect(distance(square.center, tap) < 0.5, "settled \(distance(square.center, tap)) pt from the tap")
        #expect(abs(Double(square.transform.rotationAngle)) < 0.01)

        // Tap again mid-flight: one snap at a time, and it settles on the new point.
        controller.handleTapGesture(at: CGPoint(x: 300, y: 150))
        controller.animator.run(frames: 12)
        controller.handleTapGesture(at: CGPoint(x: 250, y: 250))
        #expect(controller.animator.behaviors.count == 1)
        controller.animator.runUntilPaused()
        #expect(distance(square.center, CGPoint(x: 250, y: 250)) < 0.5)
    }
}
