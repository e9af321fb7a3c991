// The real-time driver: a main-queue timer that steps the animator with real elapsed time while it runs,
// stops when it pauses and starts again when it resumes. Time bounds are loose: these run beside other tests.
import Dynamics
import Foundation
import Testing

@Suite("Real-time driver", .serialized) @MainActor
struct RealTimeDriverTests {
    /// Sleeps in small slices until `condition` holds or `limit` passes; returns whether it held.
    private func wait(upTo limit: Duration, until condition: () -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !condition() {
            if clock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    @Test("startRealTimeDriver steps the animator with real time", arguments: [60, 120])
    func drives(framesPerSecond: Int) async throws {
        let scene = Scene(.accelerated)
        let box = scene.box(x: 500, y: 100)
        let gravity = GravityBehavior(items: [box])
        var steps = 0
        gravity.action = { steps += 1 }
        scene.animator.addBehavior(gravity)
        let clock = ContinuousClock()
        let start = clock.now
        scene.animator.startRealTimeDriver(framesPerSecond: framesPerSecond)
        #expect(scene.animator.isDrivenInRealTime)

        try await Task.sleep(for: .milliseconds(300))
        // Other main-actor tests running beside this one can hold the timer back; give it a few seconds to
        // reach the 0.3 s it would reach on an idle main queue.
        let reached = try await wait(upTo: .seconds(10)) { scene.animator.elapsedTime > 0.25 && steps >= 5 }
        let wall = (clock.now - start) / .seconds(1)

        let elapsed = scene.animator.elapsedTime
        #expect(reached, "elapsedTime \(elapsed) after \(wall) s")
        // Driven by real time: never ahead of the wall clock (≈ 0.3 s on an idle main queue, < 1 s).
        #expect(elapsed > 0.1 && elapsed <= wall + 1.0 / 60.0, "simulated \(elapsed) s in \(wall) s of real time")
        // Each tick is one real frame interval; a tick over 0.5 s counts as 1/60 s.
        #expect(elapsed <= Double(steps) * 0.5 + 1e-9)
        #expect(box.center.y > 100)

        scene.animator.stopRealTimeDriver()
        #expect(!scene.animator.isDrivenInRealTime)
        let stoppedAt = scene.animator.elapsedTime
        let stepsAtStop = steps
        try await Task.sleep(for: .milliseconds(100))
        #expect(scene.animator.elapsedTime == stoppedAt)
        #expect(steps == stepsAtStop)
        #expect(scene.animator.isRunning)  // still running: only the timer stopped
        #expect(scene.animator.step())  // and it can be stepped by hand
    }

    @Test("The driver stops ticking when the animator pauses and starts again on resume")
    func stopsAtRestAndRestarts() async throws {
        let scene = Scene(.reference)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        let box = scene.box(x: 500, y: 500)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 20  // 10 pt/s → below 1 pt/s in 0.12 s, then 0.5 s to rest
        var steps = 0
        properties.action = { steps += 1 }
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 10, y: 0), for: box)
        scene.animator.startRealTimeDriver(framesPerSecond: 60)
        #expect(scene.animator.isDrivenInRealTime)

        let paused = try await wait(upTo: .seconds(10)) { !scene.animator.isRunning }

        #expect(paused)
        #expect(!scene.animator.isDrivenInRealTime)
        #expect(recorder.events == ["resume", "pause"])
        let elapsed = scene.animator.elapsedTime
        #expect(elapsed > 0.5 && elapsed < 2, "rested after \(elapsed) s")
        let stepsAtPause = steps
        try await Task.sleep(for: .milliseconds(150))
        #expect(steps == stepsAtPause)
        #expect(scene.animator.elapsedTime == elapsed)

        scene.animator.addBehavior(GravityBehavior(items: [box]))
        #expect(scene.animator.isDrivenInRealTime)
        let moved = try await wait(upTo: .seconds(10)) { box.center.y > 510 }
        #expect(moved)
        #expect(scene.animator.elapsedTime > elapsed)
        scene.animator.stopRealTimeDriver()
    }

    @Test("A driver started on a paused animator waits for it to resume")
    func startWhilePaused() async throws {
        let scene = Scene(.accelerated)
        scene.animator.startRealTimeDriver()
        #expect(!scene.animator.isDrivenInRealTime)
        try await Task.sleep(for: .milliseconds(50))
        #expect(scene.animator.elapsedTime == 0)

        let box = scene.box(x: 500, y: 100)
        scene.animator.addBehavior(GravityBehavior(items: [box]))
        #expect(scene.animator.isDrivenInRealTime)
        let moved = try await wait(upTo: .seconds(10)) { scene.animator.elapsedTime > 0.05 }
        #expect(moved)
        scene.animator.stopRealTimeDriver()
    }
}
