// The tutorial's field screen, played: radial gravity (strength 1.5, falloff 4, minimum radius 50, region
// radius 300) and a vortex (strength 0.005, region radius 200) at the screen's centre pull a view in; it
// circles and is captured on the circle where the forces balance.
package import Dynamics
package import Foundation

/// The orbiting field, over 90 seconds.
@MainActor
package enum OrbitingFieldScenario {
    package static let name = "orbiting-field"
    package static let title = "The orbiting field"

    /// Frames stepped (90 s at 60 Hz), and how many of them go into one recorded frame.
    static let steps = 90 * 60
    static let stepsPerRecordedFrame = 4

    /// What the run measured.
    package struct Outcome {
        package var recording: ScenarioRecording
        /// The field's centre.
        package var centre: CGPoint
        /// The farthest the view got from the centre, pt.
        package var farthest: Double
        /// Its distance from the centre and its speed at the end.
        package var finalRadius: Double
        package var finalSpeed: Double
        /// Radians turned around the centre over the last 10 s (positive: clockwise on screen).
        package var turnedInLastTenSeconds: Double
        /// True when the animator was still running at the end (the vortex never lets it rest).
        package var stillRunning: Bool
    }

    package static func run(solver: SolverKind = .accelerated) -> Outcome {
        let screen = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let animator = DynamicAnimator(referenceView: screen, solver: solver)
        let centre = CGPoint(x: 187.5, y: 333.5)
        let blue = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        blue.center = CGPoint(x: centre.x * 2 / 3, y: centre.y * 2 / 3)
        screen.addSubview(blue)

        let radialGravity = FieldBehavior.radialGravityField(position: centre)
        radialGravity.region = Region(radius: 300)
        radialGravity.strength = 1.5
        radialGravity.falloff = 4
        radialGravity.minimumRadius = 50
        let vortex = FieldBehavior.vortexField()
        vortex.position = centre
        vortex.region = Region(radius: 200)
        vortex.strength = 0.005
        let properties = DynamicItemBehavior(items: [blue])
        properties.density = 0.5
        animator.addBehavior(properties)
        vortex.addItem(blue)
        radialGravity.addItem(blue)
        animator.addBehavior(vortex)
        animator.addBehavior(radialGravity)

        let recorder = ScenarioRecorder(
            name: name, title: title,
            summary: "Radial gravity (strength 1.5, falloff 4, minimum radius 50, region radius 300) and a vortex "
                + "(strength 0.005, region radius 200) at the centre: the view falls in, circles, and is captured where "
                + "the pull balances the speed the vortex keeps up against resistance (v = 320 pt/s, r = 42.7 pt). "
                + "Recorded every fourth frame over 90 s.",
            canvas: screen.frame, frameInterval: Double(stepsPerRecordedFrame) * frame)
        recorder.show(blue, as: "orbiter")
        recorder.track(frames: 15 * 8) { blue.center }
        recorder.chart("distance from the centre", in: "Orbit radius", unit: "pt")
        recorder.chart("speed / 10", in: "Orbit radius", unit: "pt")

        func polar() -> (r: Double, angle: Double) {
            let dx = Double(blue.center.x - centre.x), dy = Double(blue.center.y - centre.y)
            return ((dx * dx + dy * dy).squareRoot(), atan2(dy, dx))
        }
        func speed() -> Double {
            let v = properties.linearVelocity(for: blue)
            return hypot(Double(v.x), Double(v.y))
        }
        func capture() {
            let r = polar().r
            recorder.capture(
                root: screen, animator: animator,
                caption: r > 60 ? "Falling in: gravity pulls, the vortex turns it" : "Captured: circling where the forces balance",
                values: ["distance from the centre": r, "speed / 10": speed() / 10])
        }
        capture()
        var farthest = 0.0, turned = 0.0, last = polar().angle
        for index in 0..<steps {
            animator.step(frame)
            let p = polar()
            farthest = max(farthest, p.r)
            var delta = p.angle - last
            if delta > .pi { delta -= 2 * .pi }
            if delta < -.pi { delta += 2 * .pi }
            if index >= steps - 10 * 60 { turned += delta }
            last = p.angle
            if (index + 1) % stepsPerRecordedFrame == 0 { capture() }
            if index + 1 == 12 * 60 { recorder.markPoster() }  // circling in, 12 s after the start
        }
        let recording = recorder.finish(
            pausedAtFrame: nil, keyNumber: String(format: "captured at r = %.1f pt, %.0f pt/s", polar().r, speed()))
        return Outcome(
            recording: recording, centre: centre, farthest: farthest, finalRadius: polar().r, finalSpeed: speed(),
            turnedInLastTenSeconds: turned, stillRunning: animator.isRunning)
    }
}
