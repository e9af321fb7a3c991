// The animator's clock: elapsedTime, the 0.5 s stall clamp, and how a frame is split into substeps.
import Dynamics
import Foundation
import Testing

@Suite("Step timing") @MainActor
struct StepTimingTests {
    /// A scene with one box in free fall without resistance; returns the behavior that reads its velocity.
    private func fallingScene(_ solver: SolverKind, model: SpringModel = .analytic) -> (Scene, View, DynamicItemBehavior) {
        let scene = Scene(solver)
        scene.animator.springModel = model
        let box = scene.box(x: 500, y: 100)
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        scene.animator.addBehavior(GravityBehavior(items: [box]))
        scene.animator.addBehavior(properties)
        return (scene, box, properties)
    }

    @Test("elapsedTime adds up every frame's dt", arguments: allSolvers)
    func elapsedAccumulates(solver: SolverKind) {
        let (scene, _, _) = fallingScene(solver)
        #expect(scene.animator.elapsedTime == 0)
        scene.run(10)
        #expect(isClose(scene.animator.elapsedTime, 10.0 / 60.0, 1e-12))
        scene.animator.step(0.25)
        scene.animator.step(0.001)
        #expect(isClose(scene.animator.elapsedTime, 10.0 / 60.0 + 0.251, 1e-12))
    }

    @Test("A frame longer than 0.5 s counts as 1/60 s, in the clock and in the physics", arguments: allSolvers)
    func stallClamp(solver: SolverKind) {
        let (scene, _, properties) = fallingScene(solver)
        let box = properties.items[0]
        #expect(scene.animator.step(0.6))
        #expect(isClose(scene.animator.elapsedTime, 1.0 / 60.0, 1e-15))
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 1000.0 / 60.0, 1e-9))

        scene.animator.step(3600)
        #expect(isClose(scene.animator.elapsedTime, 2.0 / 60.0, 1e-15))
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 2000.0 / 60.0, 1e-9))
    }

    @Test("A frame of exactly 0.5 s is not clamped", arguments: allSolvers, allModels)
    func halfSecondNotClamped(solver: SolverKind, model: SpringModel) {
        let (scene, box, properties) = fallingScene(solver, model: model)
        scene.animator.step(0.5)
        #expect(isClose(scene.animator.elapsedTime, 0.5, 1e-15))
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 500, 1e-9))
        // Sixty substeps of 1/120 s.
        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 60, h: substepDT, model: model)
        #expect(isClose(Double(box.center.y) - 100, drop, 1e-9))
    }

    @Test("Substeps are at most 1/120 s: 30 frames of 1/30 s equal 60 of 1/60 s", arguments: allSolvers, allModels)
    func substepsIndependentOfFrameRate(solver: SolverKind, model: SpringModel) {
        let (slow, slowBox, _) = fallingScene(solver, model: model)
        let (fast, fastBox, _) = fallingScene(solver, model: model)
        slow.run(30, dt: 1.0 / 30.0)
        fast.run(60, dt: 1.0 / 60.0)
        #expect(isClose(Double(slowBox.center.y), Double(fastBox.center.y), 1e-9))
        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 120, h: substepDT, model: model)
        #expect(isClose(Double(slowBox.center.y) - 100, drop, 1e-9))
    }

    @Test("A 1/50 s frame is split into 3 substeps of 1/150 s", arguments: allSolvers)
    func unevenFrame(solver: SolverKind) {
        // Only the UIKit-compatible (Euler) positions show the substep count; analytic ones are exact at any h.
        let (scene, box, properties) = fallingScene(solver, model: .uikitCompatible)
        scene.animator.step(1.0 / 50.0)
        let three = constantAccelerationDistance(acceleration: 1000, substeps: 3, h: 1.0 / 150.0, model: .uikitCompatible)
        #expect(isClose(Double(box.center.y) - 100, three, 1e-12))
        #expect(isClose(three, 0.2 + 1000 * 0.02 * (1.0 / 150.0) / 2, 1e-12))  // not 2 substeps (0.2 + 0.1) or 1
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 20, 1e-12))
    }

    @Test("maximumSubstepInterval 1/60 s: one substep per 60 Hz frame", arguments: allSolvers, allModels)
    func coarserSubsteps(solver: SolverKind, model: SpringModel) {
        let (scene, box, properties) = fallingScene(solver, model: model)
        scene.animator.maximumSubstepInterval = 1.0 / 60.0
        scene.run(60)
        // Euler lag a·t·h/2 with h = 1/60: 500·61/60; analytic: exactly 500.
        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 60, h: 1.0 / 60.0, model: model)
        #expect(isClose(drop, model == .analytic ? 500 : 500.0 * 61.0 / 60.0, 1e-9))
        #expect(isClose(Double(box.center.y) - 100, drop, 1e-9))
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 1000, 1e-9))
    }

    @Test("A 120 Hz frame is one substep", arguments: allSolvers, allModels)
    func oneTwentyHertz(solver: SolverKind, model: SpringModel) {
        let (scene, box, _) = fallingScene(solver, model: model)
        scene.run(120, dt: 1.0 / 120.0)
        #expect(isClose(scene.animator.elapsedTime, 1, 1e-12))
        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 120, h: substepDT, model: model)
        #expect(isClose(Double(box.center.y) - 100, drop, 1e-9))
    }

    @Test("springModel defaults to analytic; choosing UIKit-compatible restores 1/120 s substeps")
    func springModelSetting() {
        let scene = Scene(.reference)
        #expect(scene.animator.springModel == .analytic)
        scene.animator.maximumSubstepInterval = 1.0 / 30.0
        scene.animator.springModel = .uikitCompatible
        #expect(scene.animator.springModel == .uikitCompatible)
        #expect(scene.animator.maximumSubstepInterval == 1.0 / 120.0)
        scene.animator.maximumSubstepInterval = 1.0 / 30.0
        scene.animator.springModel = .analytic
        #expect(scene.animator.maximumSubstepInterval == 1.0 / 30.0)
    }
}
