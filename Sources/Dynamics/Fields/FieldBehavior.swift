public import Foundation
internal import SolverBackend

/// Applies a field-based force to its items inside a region: UIKit's `UIFieldBehavior`.
///
/// Make one with a factory (``dragField()``, ``vortexField()``, ``radialGravityField(position:)``,
/// ``linearGravityField(direction:)``, ``velocityField(direction:)``, ``noiseField(smoothness:animationSpeed:)``,
/// ``turbulenceField(smoothness:animationSpeed:)``, ``springField()``, ``electricField()``, ``magneticField()``,
/// ``field(evaluationBlock:)``), add items with ``addItem(_:)``, and add the behavior to an animator. A field acts
/// only on its own items, only inside its ``region`` (tested at the item's centre relative to ``position``), and
/// never on anchored items. Items need bodies like for any behavior; give them mass and charge with a
/// ``DynamicItemBehavior``. An animator holds at most 32 fields.
///
/// Units are UIKit's: positions in points, and the laws in UIKit's engine units (100 points = 1 metre, forces in
/// UIKit newtons, which accelerate a 1 kg item — 100 × 100 points at density 1 — by 100 points/s²). With d the
/// item's centre relative to ``position``, r = |d| in metres, r̂ = d/r, S = ``strength``, m the mass (kg), q the
/// charge, v the velocity (m/s) and fall = max(r, ``minimumRadius``)^(−``falloff``) (1 when the falloff is 0):
///
/// | field | force (UIKit newtons) | so |
/// |---|---|---|
/// | linear gravity | S·m·fall·direction | strength 1, direction (0, 1): 100 pt/s² down, any mass |
/// | radial gravity | −S·m·fall·r̂ | inverse square toward ``position`` (falloff 2) |
/// | spring | −S·fall·r̂ | falloff −1: Hooke, −S·d; period 2π·√(m/S) |
/// | electric | −S·q·fall·r̂ | toward ``position`` when q·S > 0 |
/// | magnetic | S·q·fall·(v_y, −v_x) | bends paths; falloff 0: circles of radius m·|v|/(q·S), at constant speed |
/// | vortex | −S·fall·(r̂_y, −r̂_x)/m | clockwise on screen for S > 0; acceleration ∝ 1/m² (UIKit's) |
/// | drag | −S·fall·(v − direction) | Stokes drag, linear in the velocity relative to ``direction`` (m/s) |
/// | velocity | — | sets the velocity to ``direction`` × 100 pt/s inside the region |
/// | noise | S·fall·n·∇n | n: smooth 3-D simplex noise of the position and time |
/// | turbulence | S·fall·m·|v|²·n·∇n | noise that grows with speed |
/// | custom | what the block returns | |
///
/// Noise is sampled at f·(d + s, s) with d in metres, f = 1.25/(``smoothness`` + 1/12) − 1 lattice cells per metre
/// (14 at smoothness 0, 0.154 at 1) and s = time × ``animationSpeed``; it is deterministic (the same numbers on
/// every run and platform). A ``strength`` below 2⁻¹⁵ in magnitude exerts nothing.
///
/// Fields act every physics substep, before attachments are solved. Drag and magnetic forces use the velocity at
/// the middle of the substep, (v + v⁺)/2, so magnetic circles close exactly and strong drag never overshoots;
/// forces are sampled at the item's centre half a substep ahead (x + v·h/2), which with the animator's default
/// trapezoidal positions makes orbits close (a leapfrog). Changing a property takes effect at the next step and
/// wakes the field's items; an item that has come to rest is not woken by a field that did not change.
@MainActor
public final class FieldBehavior: DynamicBehavior {
    /// The block of a custom field: (field, position relative to ``position`` in points, velocity in m/s, mass in
    /// kg, charge, seconds since the item's force was last computed (the physics substep)) → force in UIKit
    /// newtons. It runs on the main actor, once per item inside the region per substep.
    public typealias EvaluationBlock = (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

    let kind: FieldKind
    private let evaluationBlock: EvaluationBlock?
    private var list = ItemList()
    private var field: FieldID?
    /// Each item's body as the field knows it (applied in `applyChanges(in:)`).
    private var members: [ObjectIdentifier: BodyID] = [:]
    private var changes: FieldChanges = []

    private init(kind: FieldKind, position: CGPoint = .zero, direction: CGVector = .zero, block: EvaluationBlock? = nil) {
        requireFinite(position, "FieldBehavior position")
        requireFinite(direction, "FieldBehavior direction")
        self.kind = kind
        storedPosition = position
        storedDirection = direction
        storedFalloff = CGFloat(kind.defaultFalloff)
        evaluationBlock = block
        super.init()
    }

    // MARK: Factories

    /// Slows items down: a force opposite to their velocity (relative to ``direction``, default (0, 0)), proportional
    /// to it and to ``strength``.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }

    /// Spins items around ``position`` (default (0, 0)): a tangential force, clockwise on screen for positive
    /// ``strength``.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }

    /// Pulls items toward `position` (reference coordinates) with an acceleration ``strength`` / r² m/s² (r in
    /// metres; ``falloff`` 2).
    public static func radialGravityField(position: CGPoint) -> FieldBehavior {
        FieldBehavior(kind: .radialGravity, position: position)
    }

    /// Accelerates items by `direction` × ``strength`` m/s² (100 pt/s² per unit), whatever their mass.
    public static func linearGravityField(direction: CGVector) -> FieldBehavior {
        FieldBehavior(kind: .linearGravity, direction: direction)
    }

    /// Gives items inside the region the velocity `direction` m/s (× 100 pt/s); they keep their own velocity once
    /// they leave it.
    public static func velocityField(direction: CGVector) -> FieldBehavior {
        FieldBehavior(kind: .velocity, direction: direction)
    }

    /// Pushes items around with smooth random forces. `smoothness` 0 (roughest) … 1 (smoothest) sets the spatial
    /// frequency; `speed` (Hz, ≥ 0; 0 freezes the noise) how fast it changes.
    public static func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .noise)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Like ``noiseField(smoothness:animationSpeed:)``, but the force grows with the item's speed (× m·|v|²), so
    /// items at rest feel nothing.
    public static func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .turbulence)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Pulls items toward ``position`` like a spring of stiffness ``strength`` (UIKit newtons per metre, with the
    /// default ``falloff`` −1): they oscillate with period 2π·√(m/strength) seconds, m in kg.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }

    /// Pulls charged items toward ``position`` (pushes them away when charge × ``strength`` < 0), in proportion to
    /// their ``DynamicItemBehavior/charge``; ``falloff`` 1.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }

    /// Bends the paths of moving charged items: a force perpendicular to their velocity, in proportion to speed,
    /// charge and ``strength``; ``falloff`` 1.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    /// A field whose force `block` computes (see ``EvaluationBlock``). ``strength`` does not scale the block's
    /// force; a strength below 2⁻¹⁵ switches the field off.
    public static func field(evaluationBlock block: @escaping EvaluationBlock) -> FieldBehavior {
        FieldBehavior(kind: .custom, block: block)
    }

    // MARK: Items

    /// The items the field acts on, in the order they were added.
    public var items: [any DynamicItem] { list.items }

    /// Adds an item (duplicates are ignored).
    public func addItem(_ item: any DynamicItem) {
        insertItem(item, into: &list)
        record(.items)
    }

    /// Removes an item; the field no longer acts on it.
    public func removeItem(_ item: any DynamicItem) {
        removeItem(item, from: &list)
        record(.items)
    }

    // MARK: Properties

    private var storedPosition: CGPoint
    private var storedRegion = Region.infinite
    private var storedStrength: CGFloat = 1
    private var storedFalloff: CGFloat
    private var storedMinimumRadius = CGFloat(FieldParameters.defaultMinimumRadius)
    private var storedDirection: CGVector
    private var storedSmoothness: CGFloat = 0
    private var storedAnimationSpeed: CGFloat = 0

    /// The field's origin in reference coordinates (points). Default (0, 0); a radial gravity field's is its
    /// factory's argument. Regions and distances are measured from it.
    public var position: CGPoint {
        get { storedPosition }
        set {
            requireFinite(newValue, "FieldBehavior.position")
            storedPosition = newValue
            record(.parameters)
        }
    }

    /// Where the field acts, relative to ``position``. Default ``Region/infinite``.
    public var region: Region {
        get { storedRegion }
        set {
            storedRegion = newValue
            record(.region)
        }
    }

    /// Scales the force (finite; negative reverses it). Default 1.
    public var strength: CGFloat {
        get { storedStrength }
        set {
            requireFinite(newValue, "FieldBehavior.strength")
            storedStrength = newValue
            record(.parameters)
        }
    }

    /// How the force changes with the distance r from ``position``: it scales as r^(−falloff) beyond
    /// ``minimumRadius`` (finite). Defaults: radial gravity 2, spring −1, electric and magnetic 1, others 0.
    public var falloff: CGFloat {
        get { storedFalloff }
        set {
            requireFinite(newValue, "FieldBehavior.falloff")
            storedFalloff = newValue
            record(.parameters)
        }
    }

    /// Distances below this (points, finite, ≥ 0) count as this distance in the falloff. Default 2⁻¹⁵ m ≈ 0.003 pt.
    public var minimumRadius: CGFloat {
        get { storedMinimumRadius }
        set {
            requireNonNegative(newValue, "FieldBehavior.minimumRadius")
            storedMinimumRadius = newValue
            record(.parameters)
        }
    }

    /// Linear gravity: the acceleration per unit strength, m/s² (UIKit's units: (0, 1) is 100 pt/s²); velocity
    /// fields: the velocity, m/s (× 100 pt/s); drag: the velocity drag pulls toward, m/s. Default (0, 0), or the
    /// factory's argument.
    public var direction: CGVector {
        get { storedDirection }
        set {
            requireFinite(newValue, "FieldBehavior.direction")
            storedDirection = newValue
            record(.parameters)
        }
    }

    private var keepsNoiseParameters: Bool { kind == .noise || kind == .turbulence }

    /// Noise and turbulence fields: 0 (roughest) … 1 (smoothest). Other fields read 0 and ignore changes.
    public var smoothness: CGFloat {
        get { keepsNoiseParameters ? storedSmoothness : 0 }
        set {
            guard keepsNoiseParameters else { return }
            precondition(
                newValue.isFinite && (0...1).contains(newValue),
                "FieldBehavior.smoothness must be in 0...1 (got \(newValue))")
            storedSmoothness = newValue
            record(.parameters)
        }
    }

    /// Noise and turbulence fields: how fast the noise changes, Hz (finite, ≥ 0); 0 freezes it. Other fields read
    /// 0 and ignore changes.
    public var animationSpeed: CGFloat {
        get { keepsNoiseParameters ? storedAnimationSpeed : 0 }
        set {
            guard keepsNoiseParameters else { return }
            requireNonNegative(newValue, "FieldBehavior.animationSpeed")
            storedAnimationSpeed = newValue
            record(.parameters)
        }
    }

    /// The field's numbers in the solvers' terms.
    private var parameters: FieldParameters {
        var p = FieldParameters(kind: kind)
        p.x = Double(storedPosition.x)
        p.y = Double(storedPosition.y)
        p.strength = Double(storedStrength)
        p.falloff = Double(storedFalloff)
        p.minimumRadius = Double(storedMinimumRadius)
        p.directionX = Double(storedDirection.dx)
        p.directionY = Double(storedDirection.dy)
        p.smoothness = Double(smoothness)
        p.animationSpeed = Double(animationSpeed)
        return p
    }

    // MARK: The field in the world

    override var keepsNoChildren: Bool { true }
    override var bodyItems: [any DynamicItem] { list.items }

    /// Records a change for the live field (if any); it is applied before the next step.
    private func record(_ change: FieldChanges) {
        guard field != nil else { return }
        changes.insert(change)
        setNeedsWorldUpdate()
    }

    override func register(in context: BehaviorContext) {
        let existing = context.run { $0.fieldCount }
        precondition(
            existing < PhysicsWorld.maximumFieldCount,
            "DynamicAnimator supports a maximum of \(PhysicsWorld.maximumFieldCount) distinct fields (this FieldBehavior would be number \(existing + 1))")
        var definition = FieldDefinition(kind: kind)
        definition.parameters = parameters
        definition.region = storedRegion.shape
        if let block = evaluationBlock { definition.evaluator = evaluator(block) }
        let field = context.run { try $0.createField(definition) }
        self.field = field
        members = [:]
        changes = []
        syncMembers(in: context, field: field)
    }

    override func unregister(from context: BehaviorContext) {
        if let field { context.run { world in if world.isValid(field) { try world.destroyField(field) } } }
        field = nil
        members = [:]
        changes = []
    }

    override func contributeDebugDrawing(to drawing: inout DebugDrawing, in context: BehaviorContext) {
        drawDebug(into: &drawing, in: context)
    }

    override func applyChanges(in context: BehaviorContext) {
        guard let field else { return }
        let changes = self.changes
        self.changes = []
        if changes.contains(.parameters) { context.run { try $0.setFieldParameters(field, parameters) } }
        if changes.contains(.region) { context.run { try $0.setFieldRegion(field, storedRegion.shape) } }
        if changes.contains(.items) { syncMembers(in: context, field: field) }
    }

    /// Makes the field's members the bodies of ``items``: removes bodies of items that left (when the body still
    /// exists), adds those of new items, in item order.
    private func syncMembers(in context: BehaviorContext, field: FieldID) {
        var wanted: [ObjectIdentifier: BodyID] = [:]
        for item in list.items { wanted[ObjectIdentifier(item)] = context.body(of: item) }
        context.run { world in
            for (key, body) in members where wanted[key] != body && world.isValid(body) {
                try world.removeBody(body, fromField: field)
            }
            for item in list.items {
                let key = ObjectIdentifier(item)
                guard let body = wanted[key], members[key] != body else { continue }
                try world.addBody(body, toField: field)
            }
        }
        members = wanted
    }

    /// The solvers' evaluator for a custom field: converts each item's numbers to the block's units (velocity in
    /// m/s) and its force from UIKit newtons to kg·pt/s², one call per item, all on the main actor.
    private func evaluator(_ block: @escaping EvaluationBlock) -> FieldEvaluator {
        { [weak self] samples in
            MainActor.assumeIsolated {
                guard let self else { return }
                for k in 0..<samples.count {
                    let force = block(
                        self, CGPoint(x: samples.x[k], y: samples.y[k]),
                        CGVector(dx: samples.vx[k] / PhysicsUnits.pointsPerMeter, dy: samples.vy[k] / PhysicsUnits.pointsPerMeter),
                        CGFloat(samples.mass[k]), CGFloat(samples.charge[k]), samples.interval)
                    requireFinite(force, "FieldBehavior evaluation block result")
                    samples.forceX[k] = Double(force.dx) * PhysicsUnits.newton
                    samples.forceY[k] = Double(force.dy) * PhysicsUnits.newton
                }
            }
        }
    }
}

/// What changed since the field last saw it.
struct FieldChanges: OptionSet {
    let rawValue: UInt8
    static let parameters = FieldChanges(rawValue: 1 << 0)
    static let region = FieldChanges(rawValue: 1 << 1)
    static let items = FieldChanges(rawValue: 1 << 2)
}
