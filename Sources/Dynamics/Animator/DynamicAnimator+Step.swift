public import Foundation
internal import SolverBackend

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
        precondition(
            dt.isFinite && dt >= PhysicsWorld.minimumSubstep,
            "DynamicAnimator.step(_:): dt must be finite and ≥ \(PhysicsWorld.minimumSubstep) s (got \(dt))")
        guard isRunning else { return false }
        let frame = dt > 0.5 ? 1.0 / 60.0 : dt
        isStepping = true
        elapsedTime += frame
        let t0 = DispatchTime.now().uptimeNanoseconds
        readItemsChangedOutside()
        configureBodiesIfNeeded()
        applyPendingWorldUpdates()
        let behaviorsThisStep = steppingBehaviors
        let context = self.context
        for behavior in behaviorsThisStep.prepare { behavior.prepareStep(in: context) }
        let t1 = DispatchTime.now().uptimeNanoseconds
        let substeps = min(1024, max(1, Int((frame / maximumSubstepInterval * (1 - 1e-12)).rounded(.up))))
        solve { try world.step(dt: frame, substeps: substeps) }
        let t2 = DispatchTime.now().uptimeNanoseconds
        writeBodiesToItems()
        if !behaviorsThisStep.reporters.isEmpty { reportContacts(to: behaviorsThisStep.reporters) }
        let t3 = DispatchTime.now().uptimeNanoseconds
        for behavior in behaviorsThisStep.actions { behavior.action?() }
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

    /// The slots every step visits whatever moved (see ``ItemSlots``).
    var itemSlots: ItemSlots {
        if let cached = itemSlotsCache { return cached }
        let slots = ItemSlots(mirrors)
        itemSlotsCache = slots
        return slots
    }

    /// Items whose `center` or `transform` differ from what the animator last wrote were moved by someone
    /// else: move their bodies there (as `updateItem(usingCurrentState:)` would). When no view anywhere was
    /// written since the last look (one counter shared by all views; animators write theirs uncounted), only
    /// the items that are not views are asked; otherwise each view tells in one comparison of its own counter,
    /// read from the dense mirrors, and other items are asked for both properties.
    func readItemsChangedOutside() {
        var toRead: [Int] = []
        let viewChanges = View.geometryChangeCountOfAllViews
        if viewChanges == viewChangesSeen {
            toRead = itemSlots.nonViews
        } else {
            viewChangesSeen = viewChanges
            mirrors.withUnsafeMutableBufferPointer { mirrors in
                for slot in mirrors.indices where mirrors[slot].live {
                    if let view = mirrors[slot].view {
                        let count = view.geometryChangeCount
                        if count == mirrors[slot].changeCount { continue }
                        mirrors[slot].changeCount = count
                    }
                    toRead.append(slot)
                }
            }
        }
        for slot in toRead {
            guard let item = records[slot]?.item else { continue }
            let center = item.center
            if center != poses[slot].center {
                let p = mirrors[slot].convertsCoordinates ? referencePoint(of: item) : center
                requireFinite(p, "Center of item \(item)")
                let id = records[slot]!.id
                solve { try world.setPosition(id, x: Double(p.x), y: Double(p.y)) }
                poses[slot].center = center
            }
            let transform = item.transform
            if transform != itemTransforms[slot] {
                let angle = Double(transform.rotationAngle)
                precondition(angle.isFinite, "Rotation of item \(item) must be finite (got \(angle))")
                let id = records[slot]!.id
                if angle != poses[slot].angle { solve { try world.setAngle(id, angle) } }
                itemTransforms[slot] = transform
                poses[slot].angle = angle
            }
        }
    }

    /// Writes bodies' centres and rotations to their items, touching only items whose values changed. Views
    /// directly inside the reference view are visited only where the world says a body can have moved (awake
    /// now, or put to rest by this step; every slot when the engine does not list the rested ones): a resting
    /// body's view shows it already, and a move from outside is caught by the next step's read. They are
    /// written straight to their storage, uncounted (their setters cannot call back into the animator; a view
    /// another animator also moves is counted, so that one sees the write), with the rotation's cos and sin
    /// from the C core, which computed them already. Other items afterwards, through the protocol.
    func writeBodiesToItems() {
        world.withStateBuffers { state in
            world.withRotationBuffers { rotations in
                world.withRestedBodies { rested in
                    itemTransforms.withUnsafeMutableBufferPointer { transforms in
                        poses.withUnsafeMutableBufferPointer { poses in
                            @MainActor func writeView(_ slot: Int) {
                                guard let view = poses[slot].plainView else { return }
                                let center = CGPoint(x: state.x[slot], y: state.y[slot])
                                let angle = state.angle[slot]
                                let moved = center != poses[slot].center
                                let turned = angle != poses[slot].angle
                                guard moved || turned else { return }
                                // The view first, the pose and transform after its last use: a store to them while
                                // the view is in use would make the optimiser retain it.
                                if moved { view.storedCenter = center }
                                var transform = CGAffineTransform.identity
                                if turned {
                                    transform =
                                        if let rotations {
                                            view.storedTransform.replacingRotation(
                                                cosine: rotations.cosine[slot], sine: rotations.sine[slot])
                                        } else {
                                            view.storedTransform.replacingRotation(with: CGFloat(angle))
                                        }
                                    view.storedTransform = transform
                                }
                                if view.animatorsHolding > 1 { countSharedViewWrite(slot, view) }
                                if moved { poses[slot].center = center }
                                if turned {
                                    transforms[slot] = transform
                                    poses[slot].angle = angle
                                }
                            }
                            let count = min(poses.count, state.x.count)
                            if let rested {
                                for slot in rested where Int(slot) < count { writeView(Int(slot)) }
                                let awake = state.awake
                                for slot in 0..<count where awake[slot] != 0 { writeView(slot) }
                            } else {
                                for slot in 0..<count { writeView(slot) }
                            }
                        }
                    }
                }
            }
        }
        let indirect = itemSlots.indirect
        guard !indirect.isEmpty else { return }
        world.withStateBuffers { state in
            for slot in indirect {
                guard let item = records[slot]?.item else { continue }
                let view = mirrors[slot].view
                var wrote = false
                var center = CGPoint(x: state.x[slot], y: state.y[slot])
                if mirrors[slot].convertsCoordinates { center = itemPoint(center, for: item) }
                if center != poses[slot].center {
                    if let view { view.storedCenter = center } else { item.center = center }
                    poses[slot].center = item.center
                    wrote = true
                }
                let angle = state.angle[slot]
                if angle != poses[slot].angle {
                    let transform = item.transform.replacingRotation(with: CGFloat(angle))
                    if let view { view.storedTransform = transform } else { item.transform = transform }
                    itemTransforms[slot] = item.transform
                    poses[slot].angle = angle
                    wrote = true
                }
                if let view {
                    if wrote && view.animatorsHolding > 1 {
                        countSharedViewWrite(slot, view)
                    } else {
                        mirrors[slot].changeCount = view.geometryChangeCount
                    }
                }
            }
        }
    }

    /// A view another animator also moves was written: counted, so that one reads the write as a move from
    /// outside, and this animator's own counter taken along, so it does not.
    private func countSharedViewWrite(_ slot: Int, _ view: View) {
        view.countGeometryChange()
        mirrors[slot].changeCount = view.geometryChangeCount
    }
}

/// The registered behaviors a step calls, each list in hierarchy order.
struct SteppingBehaviors {
    /// Those acting before the world steps (pushes, collision behaviors watching the reference bounds).
    let prepare: [DynamicBehavior]
    /// Those hearing the step's contacts (collision behaviors with a delegate).
    let reporters: [DynamicBehavior]
    /// Those with an `action`.
    let actions: [DynamicBehavior]
}

extension DynamicAnimator {
    /// Turns the world's contact events into items and boundaries, then delivers every began contact to every
    /// reporter (hierarchy order), then every ended one. Events whose shape no longer belongs to a current item
    /// (the item left its collision behaviors, or was removed) are dropped.
    func reportContacts(to reporters: [DynamicBehavior]) {
        let events = world.contactEvents
        guard !events.began.isEmpty || !events.ended.isEmpty else { return }
        func party(_ tag: UInt64, _ shape: ShapeID) -> (item: (any DynamicItem)?, boundary: (group: Int, number: Int)?) {
            switch ContactTag(rawValue: tag) {
            case let .item(slot)?:
                guard slot < records.count, let record = records[slot], record.shapes.contains(shape) else { return (nil, nil) }
                return (record.item, nil)
            case let .boundary(group, number)?: return (nil, (group, number))
            case nil: return (nil, nil)
            }
        }
        func parties(_ tagA: UInt64, _ shapeA: ShapeID, _ tagB: UInt64, _ shapeB: ShapeID) -> StepContacts.Parties? {
            let a = party(tagA, shapeA), b = party(tagB, shapeB)
            if let itemA = a.item, let itemB = b.item { return .items(itemA, itemB) }
            if let item = a.item ?? b.item, let boundary = a.boundary ?? b.boundary {
                return .itemAndBoundary(item, group: boundary.group, number: boundary.number)
            }
            return nil
        }
        var contacts = StepContacts()
        for e in events.began {
            guard let who = parties(e.userDataA, e.shapeA, e.userDataB, e.shapeB) else { continue }
            contacts.began.append(StepContacts.Began(parties: who, point: CGPoint(x: e.point.x, y: e.point.y)))
        }
        for e in events.ended {
            guard let who = parties(e.userDataA, e.shapeA, e.userDataB, e.shapeB) else { continue }
            contacts.ended.append(who)
        }
        guard !contacts.isEmpty else { return }
        let context = self.context
        for phase in [StepContacts.Phase.began, .ended] {
            for reporter in reporters { reporter.reportContacts(contacts, phase: phase, in: context) }
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

    /// A profile from its parts, seconds; every part defaults to 0 (the value before the first step).
    public init(preparation: Double = 0, solver: Double = 0, writeBack: Double = 0, actions: Double = 0) {
        self.preparation = preparation
        self.solver = solver
        self.writeBack = writeBack
        self.actions = actions
    }
}
