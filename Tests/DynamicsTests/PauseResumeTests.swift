// Pausing when everything rests (or nothing is left) and resuming on changes, with the delegate calls.
import Dynamics
import Foundation
import Testing

@Suite("Pause and resume") @MainActor
struct PauseResumeTests {
    /// A scene whose one box starts at 100 pt/s and slows under resistance 3 until it rests.
    private func slowingScene(_ solver: SolverKind) -> (Scene, View, DynamicItemBehavior, DelegateRecorder) {
        let scene = Scene(solver)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        let box = scene.box(x: 500, y: 500)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 3
        scene.animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: box)
        return (scene, box, properties, recorder)
    }

    /// Steps until `step` returns false (at most `limit` frames); returns the number of frames that ran.
    @discardableResult
    private func runUntilPaused(_ animator: DynamicAnimator, limit: Int = 2000) -> Int {
        var ran = 0
        while ran < limit, animator.step(frameDT) { ran += 1 }
        return ran
    }

    @Test("An item that slows to rest pauses the animator; didPause is sent once", arguments: allSolvers)
    func pausesAtRest(solver: SolverKind) {
        let (scene, box, properties, recorder) = slowingScene(solver)
        #expect(scene.animator.isRunning)
        #expect(recorder.events == ["resume"])  // sent inside addBehavior

        let ran = runUntilPaused(scene.animator)

        // Speed 100·e^(−3t) drops to the 1 pt/s rest tolerance after ln(100)/3 s; it must then stay below it
        // for 0.5 s (30 frames).
        let slowFrame = Int((log(100.0) / 3 * 60).rounded(.up))
        #expect(ran >= slowFrame + 28 && ran <= slowFrame + 32, "paused after \(ran) frames")
        #expect(!scene.animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
        #expect(properties.linearVelocity(for: box) == .zero)
        // x₀ + 100/3·(1 − e^(−3t)) at most: it stopped short of the undamped travel.
        #expect(box.center.x > 530 && box.center.x < 500 + 100.0 / 3)

        // Paused: step does nothing, time stands still, no more delegate calls.
        let center = box.center
        let elapsed = scene.animator.elapsedTime
        #expect(isClose(elapsed, Double(ran) * frameDT, 1e-9))
        #expect(scene.run(20) == 0)
        #expect(box.center == center)
        #expect(scene.animator.elapsedTime == elapsed)
        #expect(recorder.pauses == 1)
    }

    @Test("Adding a behavior resumes a paused animator, once and synchronously", arguments: allSolvers)
    func resumeOnAdd(solver: SolverKind) {
        let (scene, box, properties, recorder) = slowingScene(solver)
        runUntilPaused(scene.animator)
        let rest = box.center

        let gravity = GravityBehavior(items: [box])
        scene.animator.addBehavior(gravity)

        #expect(scene.animator.isRunning)
        #expect(recorder.events == ["resume", "pause", "resume"])
        #expect(scene.run(30) == 30)
        #expect(box.center.y > rest.y + 50)
        #expect(properties.linearVelocity(for: box).y > 0)
        #expect(recorder.resumes == 2 && recorder.pauses == 1)
    }

    @Test("Changing a running gravity's magnitude resumes; magnitude 0 had reset its angle to 0", arguments: allSolvers)
    func resumeOnGravityChange(solver: SolverKind) {
        let (scene, box, properties, recorder) = slowingScene(solver)
        let gravity = GravityBehavior(items: [box])
        gravity.magnitude = 0
        scene.animator.addBehavior(gravity)
        runUntilPaused(scene.animator)
        #expect(recorder.events == ["resume", "pause"])
        let rest = box.center

        gravity.magnitude = 0.5  // the angle reads 0 after magnitude 0: now 500 pt/s² to the right

        #expect(recorder.events == ["resume", "pause", "resume"])
        #expect(scene.animator.isRunning)
        scene.run(60)
        let v = properties.linearVelocity(for: box)
        #expect(isRelClose(Double(v.x), dampedMotion(acceleration: 500, damping: 3, substeps: 120, h: substepDT, model: .analytic).velocity, 1e-9))
        #expect(v.y == 0)
        #expect(box.center.y == rest.y)
    }

    @Test("updateItem(usingCurrentState:) resumes and moves the body; it rests again later", arguments: allSolvers)
    func resumeOnUpdateItem(solver: SolverKind) {
        let (scene, box, _, recorder) = slowingScene(solver)
        runUntilPaused(scene.animator)

        box.center = CGPoint(x: 100, y: 900)
        scene.animator.updateItem(usingCurrentState: box)

        #expect(recorder.events == ["resume", "pause", "resume"])
        #expect(scene.animator.items(in: CGRect(x: 90, y: 890, width: 20, height: 20)).count == 1)
        #expect(scene.animator.items(in: CGRect(x: 450, y: 450, width: 200, height: 100)).isEmpty)
        let ran = runUntilPaused(scene.animator)
        #expect(ran >= 29 && ran <= 32)  // at rest from the start: 0.5 s
        #expect(box.center == CGPoint(x: 100, y: 900))
        #expect(recorder.events == ["resume", "pause", "resume", "pause"])
    }

    @Test("updateItem for an item the animator does not know is ignored", arguments: allSolvers)
    func updateUnknownItem(solver: SolverKind) {
        let (scene, _, _, recorder) = slowingScene(solver)
        runUntilPaused(scene.animator)
        let stranger = scene.box(x: 10, y: 10)
        scene.animator.updateItem(usingCurrentState: stranger)
        #expect(!scene.animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
        #expect(scene.animator.items(in: CGRect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    }

    @Test("Adding velocity to a resting item resumes the animator", arguments: allSolvers)
    func resumeOnAddVelocity(solver: SolverKind) {
        let (scene, box, properties, recorder) = slowingScene(solver)
        runUntilPaused(scene.animator)
        let rest = box.center

        properties.addLinearVelocity(CGPoint(x: 0, y: -60), for: box)

        #expect(recorder.events == ["resume", "pause", "resume"])
        #expect(properties.linearVelocity(for: box) == CGPoint(x: 0, y: -60))
        scene.run(1)
        #expect(box.center.y < rest.y)
        #expect(box.center.x == rest.x)

        runUntilPaused(scene.animator)
        properties.addAngularVelocity(3, for: box)
        #expect(recorder.events == ["resume", "pause", "resume", "pause", "resume"])
        scene.run(1)
        #expect(rotation(of: box) > 0)
    }

    @Test("Re-activating an instantaneous push resumes a paused animator", arguments: allSolvers)
    func resumeOnPushActive(solver: SolverKind) {
        let (scene, box, properties, recorder) = slowingScene(solver)
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0.0, dy: 1.0)
        push.active = false
        scene.animator.addBehavior(push)
        runUntilPaused(scene.animator)
        #expect(recorder.events == ["resume", "pause"])

        push.active = true

        #expect(recorder.events == ["resume", "pause", "resume"])
        scene.run(1)
        #expect(isRelClose(Double(properties.linearVelocity(for: box).y), 100 * exp(-3 * frameDT), 1e-9))
    }

    @Test("Gravity never rests: 600 frames all run", arguments: allSolvers)
    func neverPausesWhileFalling(solver: SolverKind) {
        let scene = Scene(solver)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        scene.animator.addBehavior(GravityBehavior(items: [scene.box()]))
        #expect(scene.run(600) == 600)
        #expect(recorder.events == ["resume"])
    }

    @Test("Removing the last behavior pauses after the next step", arguments: allSolvers)
    func pausesWithoutBehaviors(solver: SolverKind) {
        let scene = Scene(solver)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        let gravity = GravityBehavior(items: [scene.box()])
        scene.animator.addBehavior(gravity)
        scene.run(10)
        scene.animator.removeBehavior(gravity)
        #expect(scene.run(5) == 1)
        #expect(!scene.animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
    }

    @Test("An empty custom behavior does not start an animator; with only it left, the animator stops after one step",
          arguments: allSolvers)
    func emptyCustomBehavior(solver: SolverKind) {
        let scene = Scene(solver)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        let empty = DynamicBehavior()
        scene.animator.addBehavior(empty)
        #expect(!scene.animator.isRunning)
        #expect(scene.run(3) == 0)
        #expect(recorder.events.isEmpty)
        #expect(scene.animator.elapsedTime == 0)

        let gravity = GravityBehavior(items: [scene.box()])
        scene.animator.addBehavior(gravity)
        #expect(scene.run(3) == 3)
        scene.animator.removeBehavior(gravity)
        #expect(scene.run(3) == 1)
        #expect(recorder.events == ["resume", "pause"])
        #expect(scene.animator.behaviors.count == 1 && scene.animator.behaviors[0] === empty)
    }

    @Test("An action block does not keep the animator alive", arguments: allSolvers)
    func actionDoesNotKeepAlive(solver: SolverKind) {
        let scene = Scene(solver)
        let watcher = DynamicBehavior()
        var calls = 0
        watcher.action = { calls += 1 }
        scene.animator.addBehavior(watcher)
        scene.animator.addBehavior(DynamicItemBehavior(items: [scene.box()]))  // an item at rest
        let ran = runUntilPaused(scene.animator)
        #expect(ran >= 29 && ran <= 32)
        #expect(calls == ran)
    }

    @Test("Only anchored items: the animator pauses after its first step", arguments: allSolvers)
    func anchoredOnlyPauses(solver: SolverKind) {
        let scene = Scene(solver)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        let box = scene.box()
        let properties = DynamicItemBehavior(items: [box])
        properties.isAnchored = true
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(GravityBehavior(items: [box]))
        #expect(scene.run(10) == 1)
        #expect(recorder.events == ["resume", "pause"])
        #expect(box.center == CGPoint(x: 500, y: 500))
    }

    @Test("elapsedTime is not reset by a pause and keeps counting after a resume", arguments: allSolvers)
    func elapsedTimeAcrossPause(solver: SolverKind) {
        let (scene, box, _, _) = slowingScene(solver)
        let ran = runUntilPaused(scene.animator)
        scene.animator.addBehavior(GravityBehavior(items: [box]))
        scene.run(12)
        #expect(isClose(scene.animator.elapsedTime, Double(ran + 12) * frameDT, 1e-9))
    }
}
