public import Foundation
public import SolverBackend

/// Runs behaviors on items: UIKit's `UIDynamicAnimator`.
///
/// An animator owns one physics world (the C core by default, or the pure-Swift reference solver) and one
/// rigid body per item that a registered behavior names. Step it yourself with ``step(_:)`` (headless, one
/// frame per call), or let ``startRealTimeDriver(framesPerSecond:)`` step it from the main queue while it runs.
/// Like UIKit it pauses once every item is at rest, and resumes when a behavior is added, removed or changed,
/// or an item is updated.
///
/// Isolation: the animator, its behaviors and items are bound to the main actor, as in UIKit.
@MainActor
public final class DynamicAnimator {
    /// Where items' coordinates live.
    enum ReferenceSystem {
        case view
        case layout
        case none
    }

    /// The solver behind this animator.
    public let solver: SolverKind
    /// The physics world (validated calls onto the chosen engine). Behaviors reach it only through the
    /// `BehaviorContext` their hooks receive.
    let world: PhysicsWorld
    let referenceSystem: ReferenceSystem

    /// The view whose bounds space is the reference coordinate system (nil unless made with a view). Weak.
    public private(set) weak var referenceView: View?
    /// The layout whose content space is the reference system (nil unless made with a layout). Weak.
    public private(set) weak var collectionViewLayout: CollectionViewLayout?

    /// Hears pauses and resumes. Weak.
    public weak var delegate: (any DynamicAnimatorDelegate)?

    /// Top-level behaviors, in the order they were added.
    public private(set) var behaviors: [DynamicBehavior] = []

    /// True while the animator is stepping (between a resume and a pause).
    public internal(set) var isRunning = false

    /// Total simulated time since creation, seconds. Pauses do not reset it.
    public internal(set) var elapsedTime: TimeInterval = 0

    /// How springs (attachments with a frequency, snaps) are integrated. Default `.analytic`: frequency and
    /// damping mean what they say at any frame rate. `.uikitCompatible` reproduces UIKit's Box2D soft springs
    /// (implicit Euler at 1/120 s substeps), which lose amplitude numerically — the feel ported iOS code was
    /// tuned for. Changing it sets ``maximumSubstepInterval`` to 1/120 s for `.uikitCompatible`.
    public var springModel: SpringModel {
        get { world.springModel }
        set {
            world.springModel = newValue
            if newValue == .uikitCompatible { maximumSubstepInterval = 1.0 / 120.0 }
            resume()
        }
    }

    /// The longest physics substep, seconds: each ``step(_:)`` is split into `⌈dt / maximumSubstepInterval⌉`
    /// equal substeps. Default 1/120 s (UIKit's), so a 60 Hz frame is two substeps.
    public var maximumSubstepInterval: TimeInterval = 1.0 / 120.0 {
        didSet {
            precondition(
                maximumSubstepInterval.isFinite && maximumSubstepInterval > 0,
                "DynamicAnimator.maximumSubstepInterval must be finite and > 0 (got \(maximumSubstepInterval))")
        }
    }

    /// Where the time of the last step went.
    public internal(set) var lastStepProfile = StepProfile()

    /// The C core's counters and stage timings for the last step (nil for the reference solver).
    public var solverStatistics: SolverStepStatistics? { world.lastStepStatistics }

    /// Identities of `behaviors`, for constant-time membership checks.
    var topLevel: Set<ObjectIdentifier> = []

    /// Records by body slot, and slots by item identity.
    var records: [BodyRecord?] = []
    /// Per body slot, the item as a view (when it is one), its write counter at the last look, and how its centre
    /// is converted (dense: the read of outside moves walks it).
    var mirrors: [ItemMirror] = []
    /// Per body slot, the centre and angle last written to or read from its item (dense: the write-back's pass).
    var poses: [ItemPose] = []
    /// Per body slot, the item's `transform` exactly as last written or read (written with every turn).
    var itemTransforms: [CGAffineTransform] = []
    var slotByItem: [ObjectIdentifier: Int] = [:]
    /// The slots every step visits (items that are not views, views written the slow way), built from
    /// `mirrors` when next read after a body is added or removed or an item is updated (which set it to nil).
    var itemSlotsCache: ItemSlots?
    /// ``View/geometryChangeCountOfAllViews`` at the last look for views moved from outside (nil: never looked).
    var viewChangesSeen: UInt64?
    /// Every registered behavior (top-level and children) in hierarchy order; rebuilt when the tree changes.
    var registeredBehaviorsCache: [DynamicBehavior]? {
        didSet { if registeredBehaviorsCache == nil { steppingBehaviorsCache = nil } }
    }
    /// The registered behaviors a step must call: those acting before it (pushes) and those with an `action`,
    /// each in hierarchy order. Cached, so a step with 50,000 attachments does not visit every one.
    var steppingBehaviorsCache: SteppingBehaviors?
    /// Collision groups in use (each collision behavior takes one: two filter bits of the 64).
    var collisionGroupsInUse = Set<Int>()
    /// Set when a behavior's body settings changed; bodies are re-configured (gravity, item properties) before
    /// the next step.
    var needsConfiguration = false
    /// Behaviors whose `applyChanges(in:)` runs before the next step, in the order they asked.
    var pendingWorldUpdates: [DynamicBehavior] = []
    /// The queue being applied, swapped with `pendingWorldUpdates` while its hooks run.
    var worldUpdatesInProgress: [DynamicBehavior] = []
    /// World anchors moved since the last step, sent to the world in one call before the hooks run.
    var anchorMoves = AnchorMoves()
    /// True inside ``step(_:)``: top-level additions and removals wait until the step ends.
    var isStepping = false
    var deferredChanges: [() -> Void] = []
    var driver: RealTimeDriver?

    /// An animator whose coordinates are `view`'s bounds space. Items must be views inside `view`.
    public init(referenceView view: View, solver: SolverKind = .accelerated) {
        self.solver = solver
        world = solver.makeWorld()
        referenceSystem = .view
        referenceView = view
    }

    /// An animator for a collection view layout: items are its layout attributes, coordinates its content
    /// space, and the layout is invalidated after every step.
    public init(collectionViewLayout layout: CollectionViewLayout, solver: SolverKind = .accelerated) {
        self.solver = solver
        world = solver.makeWorld()
        referenceSystem = .layout
        collectionViewLayout = layout
    }

    /// An animator with no reference system: any item, no coordinate conversion.
    public init(solver: SolverKind = .accelerated) {
        self.solver = solver
        world = solver.makeWorld()
        referenceSystem = .none
    }

    #if compiler(>=6.2)
    // The views this animator moved stop counting it among their holders, so another animator that moves them
    // goes back to writing them uncounted (and the views' shared counter to skipping the read of outside moves).
    // Before Swift 6.2 (no isolated deinit) they keep counting it: results are the same, the skip is lost.
    isolated deinit {
        for mirror in mirrors where mirror.live { mirror.view?.animatorsHolding -= 1 }
    }
    #endif

    // MARK: Behaviors

    /// Adds a top-level behavior and its whole tree. Adding one that is already top-level here is ignored;
    /// one registered here as a child, or in another animator, is refused.
    public func addBehavior(_ behavior: DynamicBehavior) {
        if isStepping {
            deferredChanges.append { [weak self] in self?.addBehavior(behavior) }
            return
        }
        guard !topLevel.contains(ObjectIdentifier(behavior)) else { return }
        precondition(
            behavior.parentBehavior == nil,
            "DynamicAnimator.addBehavior: \(type(of: behavior)) is a child of \(type(of: behavior.parentBehavior!)); add its parent instead")
        behaviors.append(behavior)
        topLevel.insert(ObjectIdentifier(behavior))
        register(behavior)
    }

    /// Removes a top-level behavior and its tree. Others are ignored.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        if isStepping {
            deferredChanges.append { [weak self] in self?.removeBehavior(behavior) }
            return
        }
        guard topLevel.remove(ObjectIdentifier(behavior)) != nil,
            let index = behaviors.firstIndex(where: { $0 === behavior })
        else { return }
        behaviors.remove(at: index)
        unregister(behavior)
    }

    /// Removes every behavior.
    public func removeAllBehaviors() {
        if isStepping {
            deferredChanges.append { [weak self] in self?.removeAllBehaviors() }
            return
        }
        for behavior in behaviors.reversed() { removeBehavior(behavior) }
    }

    /// Registers `behavior` and its children: sets their animator, gives their items bodies.
    func register(_ behavior: DynamicBehavior) {
        precondition(
            behavior.dynamicAnimator == nil || behavior.dynamicAnimator === self,
            "\(type(of: behavior)) is already in another DynamicAnimator; remove it there before adding it here")
        precondition(
            behavior.dynamicAnimator == nil,
            "Adding the same behavior twice to the same animator is not supported (\(type(of: behavior)))")
        behavior.dynamicAnimator = self
        for item in behavior.bodyItems { retainBody(for: item) }
        registeredBehaviorsCache = nil
        needsConfiguration = true
        behavior.willMove(to: self)
        behavior.register(in: context)
        for child in behavior.childBehaviors { register(child) }
        resume()
    }

    /// Unregisters `behavior` and its children, releasing their bodies.
    func unregister(_ behavior: DynamicBehavior) {
        for child in behavior.childBehaviors { unregister(child) }
        behavior.willMove(to: nil)
        behavior.unregister(from: context)
        if behavior.isAwaitingWorldUpdate {
            behavior.isAwaitingWorldUpdate = false
            pendingWorldUpdates.removeAll { $0 === behavior }
        }
        for item in behavior.bodyItems { releaseBody(for: item) }
        behavior.dynamicAnimator = nil
        registeredBehaviorsCache = nil
        needsConfiguration = true
        resume()
    }

    /// Every registered behavior in hierarchy order: top-level in order, depth first, parents first.
    var registeredBehaviors: [DynamicBehavior] {
        if let cached = registeredBehaviorsCache { return cached }
        var all: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            all.append(b)
            b.childBehaviors.forEach(visit)
        }
        behaviors.forEach(visit)
        registeredBehaviorsCache = all
        return all
    }

    var steppingBehaviors: SteppingBehaviors {
        if let cached = steppingBehaviorsCache { return cached }
        let all = registeredBehaviors
        let lists = SteppingBehaviors(
            prepare: all.filter(\.actsBeforeStep), reporters: all.filter(\.reportsContacts),
            actions: all.filter { $0.action != nil })
        steppingBehaviorsCache = lists
        return lists
    }

    /// The largest number of collision behaviors one animator holds (two of 64 filter bits each).
    static let maximumCollisionBehaviors = 32

    /// A free collision group for a collision behavior joining this animator.
    func reserveCollisionGroup() -> Int {
        guard let group = (0..<Self.maximumCollisionBehaviors).first(where: { !collisionGroupsInUse.contains($0) }) else {
            preconditionFailure(
                "DynamicAnimator supports at most \(Self.maximumCollisionBehaviors) collision behaviors (adding one more)")
        }
        collisionGroupsInUse.insert(group)
        return group
    }

    /// Gives a collision behavior's group back when it leaves.
    func releaseCollisionGroup(_ group: Int) {
        collisionGroupsInUse.remove(group)
    }

    /// The reference bounds: the reference view's bounds, or (0, 0, content size) of the layout; nil without a
    /// reference system (or once the reference view is gone).
    var referenceBounds: CGRect? {
        switch referenceSystem {
        case .view: return referenceView?.bounds
        case .layout: return collectionViewLayout.map { CGRect(origin: .zero, size: $0.collectionViewContentSize) }
        case .none: return nil
        }
    }

    /// The context behaviors' hooks receive.
    var context: BehaviorContext { BehaviorContext(animator: self) }

    /// A registered behavior changed what it asks of its bodies (gravity, item properties).
    func bodySettingsDidChange() {
        needsConfiguration = true
        resume()
    }

    /// A registered behavior recorded a change to its joints or bodies: its `applyChanges(in:)` runs before the
    /// next step.
    func scheduleWorldUpdate(for behavior: DynamicBehavior) {
        if !behavior.isAwaitingWorldUpdate {
            behavior.isAwaitingWorldUpdate = true
            pendingWorldUpdates.append(behavior)
        }
        resume()
    }

    /// A registered attachment's world anchor moved to `point` (reference coordinates): queued for the next
    /// step, which sends all moved anchors to the world in one call.
    func queueAnchorMove(of joint: JointID, to point: CGPoint) {
        anchorMoves.append(joint, x: Double(point.x), y: Double(point.y))
        resume()
    }

    /// Runs the queued anchor moves, then the queued `applyChanges(in:)` hooks.
    func applyPendingWorldUpdates() {
        if !anchorMoves.isEmpty {
            solve { try world.setJointWorldAnchors(anchorMoves.joints, x: anchorMoves.x, y: anchorMoves.y) }
            anchorMoves.removeAll()
        }
        guard !pendingWorldUpdates.isEmpty else { return }
        // Swapped with a second queue, not copied: a hook may queue its behavior again for the next step, and
        // neither array is reallocated.
        swap(&pendingWorldUpdates, &worldUpdatesInProgress)
        let context = self.context
        for behavior in worldUpdatesInProgress {
            behavior.isAwaitingWorldUpdate = false
            behavior.applyChanges(in: context)
        }
        worldUpdatesInProgress.removeAll(keepingCapacity: true)
    }

    // MARK: Items

    /// Items whose bodies' rotated bounding boxes overlap `rect` (reference coordinates), in body order.
    public func items(in rect: CGRect) -> [any DynamicItem] {
        guard !rect.isNull else { return [] }
        requireFinite(rect.origin, "DynamicAnimator.items(in:) rect origin")
        requireFinite(rect.size.width, "DynamicAnimator.items(in:) rect width")
        requireFinite(rect.size.height, "DynamicAnimator.items(in:) rect height")
        let ids = solve {
            try world.bodies(
                inRectMinX: Double(rect.minX), minY: Double(rect.minY), maxX: Double(rect.maxX), maxY: Double(rect.maxY))
        }
        return ids.compactMap { records[Int($0.index)]?.item }
    }

    /// Re-reads `item`'s `center` and rotation into its body (call it after moving an animated item
    /// yourself) and wakes the animator. Items the animator does not know are ignored.
    public func updateItem(usingCurrentState item: any DynamicItem) {
        guard let slot = slotByItem[ObjectIdentifier(item)], let record = records[slot] else { return }
        let center = referencePoint(of: item)
        let angle = Double(item.transform.rotationAngle)
        requireFinite(center, "DynamicAnimator.updateItem: center of \(item)")
        precondition(angle.isFinite, "DynamicAnimator.updateItem: rotation of \(item) must be finite (got \(angle))")
        solve {
            try world.setPosition(record.id, x: Double(center.x), y: Double(center.y))
            try world.setAngle(record.id, angle)
        }
        itemTransforms[slot] = item.transform
        poses[slot].center = item.center
        poses[slot].angle = angle
        mirrors[slot].convertsCoordinates = needsConversion(item)
        mirrors[slot].changeCount = mirrors[slot].view?.geometryChangeCount ?? 0
        poses[slot].plainView = mirrors[slot].convertsCoordinates ? nil : mirrors[slot].view
        itemSlotsCache = nil
        resume()
    }

    /// The attributes a behavior registered for the cell at `indexPath` (layout animators only), or nil.
    public func layoutAttributesForCell(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard referenceSystem == .layout else { return nil }
        for record in records {
            if let attributes = record?.item as? CollectionViewLayoutAttributes,
                attributes.representedElementCategory == .cell, attributes.indexPath == indexPath
            {
                return attributes
            }
        }
        return nil
    }

    /// Runs a world call whose arguments the façade has already checked; a refusal here is a bug.
    func solve<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            preconditionFailure("swift-dynamics: the \(solver) solver refused a call: \(error)")
        }
    }
}
