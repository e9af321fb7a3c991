import Foundation
import SolverBackend

extension DynamicAnimator {
    /// Advances the simulation by one frame of `dt` seconds (default 1/60) and returns true, or returns false
    /// and does nothing while the animator is paused.
    ///
    /// In order: items moved from outside are read back into their bodies; changed behaviors are applied;
    /// pushes act; the world steps in `⌈dt / maximumSubstepInterval⌉` substeps; bodies' centres and rotations
    /// are written to the items; every registered behavior's `action` runs; additions and removals made
    /// during the step are applied; a layout animator invalidates its layout; and the animator pauses when
    /// nothing moves any more. Like UIKit, a `dt` over 0.5 s (a stall) is taken as 1/60 s.
    @discardableResult
    public func step(_ dt: TimeInterval = 1.0 / 60.0) -> Bool {
        precondition(dt.isFinite && dt > 0, "DynamicAnimator.step(_:): dt must be finite and > 0 (got \(dt))")
        guard isRunning else { return false }
        let frame = dt > 0.5 ? 1.0 / 60.0 : dt
        isStepping = true
        elapsedTime += frame
        let t0 = DispatchTime.now().uptimeNanoseconds
        readItemsChangedOutside()
        configureBodiesIfNeeded()
        let behaviorsThisStep = registeredBehaviors
        for behavior in behaviorsThisStep { behavior.prepareStep(in: self) }
        let t1 = DispatchTime.now().uptimeNanoseconds
        let substeps = min(1024, max(1, Int((frame / maximumSubstepInterval * (1 - 1e-12)).rounded(.up))))
        solve { try world.step(dt: frame, substeps: substeps) }
        let t2 = DispatchTime.now().uptimeNanoseconds
        writeBodiesToItems()
        let t3 = DispatchTime.now().uptimeNanoseconds
        for behavior in behaviorsThisStep { behavior.action?() }
        let t4 = DispatchTime.now().uptimeNanoseconds
        lastStepProfile = StepProfile(
            preparation: Double(t1 - t0) / 1e9, solver: Double(t2 - t1) / 1e9, writeBack: Double(t3 - t2) / 1e9,
            actions: Double(t4 - t3) / 1e9)
        isStepping = false
        let deferred = deferredChanges
        deferredChanges.removeAll()
        for change in deferred { change() }
        collectionViewLayout?.invalidateLayout()
        if shouldPause { pause() }
        return true
    }

    /// UIKit's pause rule: nothing awake, or no behaviors, or every top-level behavior lets the animator stop.
    var shouldPause: Bool {
        world.awakeBodyCount == 0 || behaviors.isEmpty || behaviors.allSatisfy { $0.allowsAnimatorToStop }
    }

    /// Starts running (and tells the delegate) if paused and there is at least one body; UIKit's "tickle".
    func resume() {
        guard !isRunning, world.bodyCount > 0 else { return }
        if referenceSystem == .view, referenceView == nil { return }
        isRunning = true
        driver?.start()
        delegate?.dynamicAnimatorWillResume(self)
    }

    func pause() {
        guard isRunning else { return }
        isRunning = false
        driver?.stop()
        delegate?.dynamicAnimatorDidPause(self)
    }

    /// Items whose `center` or `transform` differ from what the animator last wrote were moved by someone
    /// else: move their bodies there (as `updateItem(usingCurrentState:)` would).
    func readItemsChangedOutside() {
        for slot in records.indices {
            guard var record = records[slot] else { continue }
            let center = record.item.center
            let transform = record.item.transform
            guard center != record.itemCenter || transform != record.itemTransform else { continue }
            if center != record.itemCenter {
                let p = referencePoint(of: record.item)
                requireFinite(p, "Center of item \(record.item)")
                solve { try world.setPosition(record.id, x: Double(p.x), y: Double(p.y)) }
                record.itemCenter = center
            }
            if transform != record.itemTransform {
                let angle = Double(transform.rotationAngle)
                precondition(angle.isFinite, "Rotation of item \(record.item) must be finite (got \(angle))")
                if angle != record.angle { solve { try world.setAngle(record.id, angle) } }
                record.itemTransform = transform
                record.angle = angle
            }
            records[slot] = record
        }
    }

    /// Writes every body's centre and rotation to its item, reading the world's arrays in one pass and
    /// touching only items whose values changed.
    func writeBodiesToItems() {
        world.withStateBuffers { state in
            for slot in records.indices {
                guard var record = records[slot] else { continue }
                let center = itemPoint(CGPoint(x: state.x[slot], y: state.y[slot]), for: record.item)
                let angle = state.angle[slot]
                var changed = false
                if center != record.itemCenter {
                    record.item.center = center
                    record.itemCenter = record.item.center
                    changed = true
                }
                if angle != record.angle {
                    let transform = record.item.transform.replacingRotation(with: CGFloat(angle))
                    record.item.transform = transform
                    record.itemTransform = record.item.transform
                    record.angle = angle
                    changed = true
                }
                if changed { records[slot] = record }
            }
        }
    }
}

/// Where the time of the last ``DynamicAnimator/step(_:)`` went, seconds.
public struct StepProfile: Sendable, Equatable {
    /// Reading items moved from outside, applying changed behaviors, pushes.
    public var preparation: Double
    /// The physics world's own step.
    public var solver: Double
    /// Writing centres and rotations back to the items.
    public var writeBack: Double
    /// Running the behaviors' `action` closures.
    public var actions: Double

    public init(preparation: Double = 0, solver: Double = 0, writeBack: Double = 0, actions: Double = 0) {
        self.preparation = preparation
        self.solver = solver
        self.writeBack = writeBack
        self.actions = actions
    }
}
