public import Foundation
internal import SolverBackend

/// Makes its items collide with each other and with boundaries: UIKit's `UICollisionBehavior`.
///
/// Items collide through the shapes their `collisionBoundsType` gives (a rectangle, an ellipse — a true circle
/// when square —, or a convex `collisionBoundingPath`; an item group collides as one body with its members'
/// shapes). Boundaries are outlines that items collide with from either side: the reference view's bounds
/// (``translatesReferenceBoundsIntoBoundary``), a path's outline, or a line segment. Restitution mixes by maximum
/// and friction by geometric mean of the two sides' ``DynamicItemBehavior/elasticity`` and
/// ``DynamicItemBehavior/friction`` (boundaries: 0.2 and 0.2); impacts slower than 100 pt/s do not bounce.
///
/// As in UIKit, items in different collision behaviors pass through each other, an item in no collision behavior
/// collides with nothing, and attached items still collide. Beyond UIKit, nothing tunnels: every moving item is
/// swept against everything it may reach, however fast it moves or spins.
@MainActor
open class CollisionBehavior: DynamicBehavior {
    /// What the items collide with.
    public struct Mode: OptionSet, Sendable {
        /// The raw bits (UIKit's values).
        public let rawValue: UInt
        /// Creates a mode from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The behavior's items collide with each other.
        public static let items = Mode(rawValue: 1)
        /// The behavior's items collide with its boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Both (the default).
        public static let everything = Mode(rawValue: .max)
    }

    /// One boundary: its identifier (nil for the reference bounds), its outline and its shapes in the world.
    struct Boundary {
        let identifier: (any NSCopying)?
        let key: AnyHashable?
        let path: BezierPath
        let number: Int
        var shapes: [ShapeID] = []
    }

    private var list: ItemList
    private(set) var boundaries: [Boundary] = []
    private var nextBoundaryNumber = 1
    private var referenceInsets: UIEdgeInsets?
    /// The reference-bounds boundary's rectangle as last built (to rebuild it when the bounds change).
    private var builtReferenceRect: CGRect?
    /// The static body holding the boundaries, and the collision group this behavior has while registered.
    private var boundaryBody: BodyID?
    private(set) var collisionGroup: Int?

    /// Creates a collision behavior for `items` (default none).
    public init(items: [any DynamicItem] = []) {
        list = ItemList(items)
        super.init()
    }

    /// The items that collide.
    public var items: [any DynamicItem] { list.items }

    /// Adds an item (duplicates are ignored).
    public func addItem(_ item: any DynamicItem) { insertItem(item, into: &list) }

    /// Removes an item; it no longer collides through this behavior.
    public func removeItem(_ item: any DynamicItem) { removeItem(item, from: &list) }

    /// What the items collide with. Default ``Mode/everything``.
    public var collisionMode: Mode = .everything {
        didSet { if collisionMode != oldValue { setNeedsBodySettingsUpdate() } }
    }

    /// Hears began and ended contacts. Weak.
    public weak var collisionDelegate: (any CollisionBehaviorDelegate)? {
        didSet { dynamicAnimator?.steppingBehaviorsCache = nil }
    }

    // MARK: Boundaries

    /// Whether the reference view's bounds (or layout's content) are a boundary, grown by 1 pt on every side as
    /// in UIKit. Its identifier in delegate calls is nil. Default false; setting false also clears the insets.
    public var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceInsets != nil }
        set {
            referenceInsets = newValue ? (referenceInsets ?? .zero) : nil
            boundariesDidChange()
        }
    }

    /// Makes the reference bounds, inset by `insets` (points), a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        for (value, name) in [(insets.top, "top"), (insets.left, "left"), (insets.bottom, "bottom"), (insets.right, "right")] {
            requireFinite(value, "CollisionBehavior.setTranslatesReferenceBoundsIntoBoundary insets.\(name)")
        }
        referenceInsets = insets
        boundariesDidChange()
    }

    /// Adds the outline of `path` (reference coordinates) as a boundary named `identifier`, replacing any
    /// boundary of that name.
    public func addBoundary(withIdentifier identifier: any NSCopying, for path: BezierPath) {
        for segment in path.lineSegments {
            requireFinite(segment.from, "CollisionBehavior.addBoundary path point")
            requireFinite(segment.to, "CollisionBehavior.addBoundary path point")
        }
        precondition(!path.lineSegments.isEmpty, "CollisionBehavior.addBoundary: invalid path for collision boundary \(path) (it has no segment)")
        let key = Self.key(identifier)
        removeBoundaries { $0.key == key }
        boundaries.append(Boundary(identifier: identifier, key: key, path: path, number: nextBoundaryNumber))
        nextBoundaryNumber += 1
        boundariesDidChange()
    }

    /// Adds the segment from `p1` to `p2` (reference coordinates) as a boundary named `identifier`.
    public func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        requireFinite(p1, "CollisionBehavior.addBoundary from")
        requireFinite(p2, "CollisionBehavior.addBoundary to")
        precondition(p1 != p2, "CollisionBehavior.addBoundary: the two points must differ (got \(p1) twice)")
        let path = BezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    /// The path of the boundary named `identifier`, or nil.
    public func boundary(withIdentifier identifier: any NSCopying) -> BezierPath? {
        let key = Self.key(identifier)
        return boundaries.first { $0.identifier != nil && $0.key == key }?.path
    }

    /// Removes the boundary named `identifier` (if any).
    public func removeBoundary(withIdentifier identifier: any NSCopying) {
        let key = Self.key(identifier)
        removeBoundaries { $0.key == key }
        boundariesDidChange()
    }

    /// Removes every named boundary (the reference-bounds boundary stays; turn it off separately).
    public func removeAllBoundaries() {
        removeBoundaries { _ in true }
        boundariesDidChange()
    }

    /// Removes the named boundaries that match, with their shapes in the world.
    private func removeBoundaries(where matches: (Boundary) -> Bool) {
        for boundary in boundaries where boundary.identifier != nil && matches(boundary) { removeShapes(of: boundary) }
        boundaries.removeAll { $0.identifier != nil && matches($0) }
    }

    /// The identifiers of the named boundaries, in the order they were added (not the reference bounds').
    public var boundaryIdentifiers: [any NSCopying]? {
        let named = boundaries.compactMap(\.identifier)
        return named.isEmpty ? nil : named
    }

    /// Equatable form of an identifier: the object's own equality when it has one (strings, numbers), else its
    /// identity.
    private static func key(_ identifier: any NSCopying) -> AnyHashable {
        if let object = identifier as? NSObject { return AnyHashable(object) }
        if let hashable = identifier as? AnyHashable { return hashable }
        return AnyHashable(ObjectIdentifier(identifier as AnyObject))
    }

    // MARK: Hooks

    override var keepsNoChildren: Bool { true }
    override var bodyItems: [any DynamicItem] { list.items }
    override var actsBeforeStep: Bool { referenceInsets != nil }
    override var reportsContacts: Bool { collisionDelegate != nil }

    /// This behavior's two filter bits: its items' category, its boundaries' category.
    private var itemBit: UInt64 { collisionGroup.map { 1 << (2 * UInt64($0)) } ?? 0 }
    private var boundaryBit: UInt64 { collisionGroup.map { 2 << (2 * UInt64($0)) } ?? 0 }

    override func contributeBodySettings(to table: inout BodySettingsTable) {
        guard collisionGroup != nil else { return }
        let mask = (collisionMode.contains(.items) ? itemBit : 0) | (collisionMode.contains(.boundaries) ? boundaryBit : 0)
        for item in list.items {
            table.update(item) {
                $0.collisionCategory |= itemBit
                $0.collisionMask |= mask
            }
        }
    }

    override func register(in context: BehaviorContext) {
        collisionGroup = context.animator.reserveCollisionGroup()
        var definition = BodyDefinition()
        definition.flags = .isStatic
        definition.width = 1
        definition.height = 1
        boundaryBody = context.run { try $0.createBody(definition) }
        builtReferenceRect = nil
        for k in boundaries.indices { boundaries[k].shapes = [] }
        buildBoundaries(in: context)
    }

    override func unregister(from context: BehaviorContext) {
        if let boundaryBody { context.run { try $0.destroyBody(boundaryBody) } } // its shapes go with it
        boundaryBody = nil
        for k in boundaries.indices { boundaries[k].shapes = [] }
        if let collisionGroup { context.animator.releaseCollisionGroup(collisionGroup) }
        collisionGroup = nil
    }

    override func applyChanges(in context: BehaviorContext) { buildBoundaries(in: context) }

    override func contributeDebugDrawing(to drawing: inout DebugDrawing, in context: BehaviorContext) {
        drawDebug(into: &drawing, in: context)
    }

    /// Rebuilds the reference-bounds boundary when the reference bounds changed (UIKit checks every step).
    override func prepareStep(in context: BehaviorContext) {
        guard referenceInsets != nil, referenceRect(in: context.animator) != builtReferenceRect else { return }
        buildBoundaries(in: context)
    }

    /// The reference bounds inset by the insets and grown by 1 pt (nil when the animator has no reference system).
    private func referenceRect(in animator: DynamicAnimator) -> CGRect? {
        guard let insets = referenceInsets, let bounds = animator.referenceBounds else { return nil }
        return CGRect(
            x: bounds.minX + insets.left - 1, y: bounds.minY + insets.top - 1,
            width: bounds.width - insets.left - insets.right + 2, height: bounds.height - insets.top - insets.bottom + 2)
    }

    private func boundariesDidChange() {
        dynamicAnimator?.steppingBehaviorsCache = nil // watching the reference bounds (or not) changes the step
        guard boundaryBody != nil else { return }
        setNeedsWorldUpdate()
    }

    /// Removes a boundary's shapes from the world (when registered: they exist only then).
    private func removeShapes(of boundary: Boundary) {
        guard let animator = dynamicAnimator else { return }
        animator.context.run { world in for shape in boundary.shapes where world.isValid(shape) { try world.destroyShape(shape) } }
    }

    /// Gives every boundary its shapes: the reference bounds' rectangle (rebuilt to the current bounds) and each
    /// named boundary's outline, as two-sided segments on the boundary body.
    private func buildBoundaries(in context: BehaviorContext) {
        guard let body = boundaryBody, let group = collisionGroup else { return }
        // The reference-bounds boundary: dropped and rebuilt to the current rectangle.
        if let k = boundaries.firstIndex(where: { $0.identifier == nil }) {
            removeShapes(of: boundaries[k])
            boundaries.remove(at: k)
        }
        builtReferenceRect = referenceRect(in: context.animator)
        if let rect = builtReferenceRect {
            boundaries.insert(Boundary(identifier: nil, key: nil, path: BezierPath(rect: rect), number: 0), at: 0)
        }
        for k in boundaries.indices where boundaries[k].shapes.isEmpty {
            let tag = ContactTag.boundary(group: group, number: boundaries[k].number).rawValue
            boundaries[k].shapes = boundaries[k].path.lineSegments.map { segment in
                var definition = ShapeDefinition(
                    .segment(
                        ShapePoint(x: Double(segment.from.x), y: Double(segment.from.y)),
                        ShapePoint(x: Double(segment.to.x), y: Double(segment.to.y))))
                definition.categoryBits = boundaryBit
                definition.maskBits = 0 // items ask for boundaries through their own mask
                definition.userData = tag
                return context.run { try $0.createShape(on: body, definition) }
            }
        }
    }

    // MARK: Contacts

    /// The boundary numbered `number`.
    func boundary(numbered number: Int) -> Boundary? { boundaries.first { $0.number == number } }

    /// Whether a contact between two items is this behavior's: both are its items and it collides items.
    private func ownsPair(_ a: any DynamicItem, _ b: any DynamicItem, members: Set<ObjectIdentifier>) -> Bool {
        collisionMode.contains(.items) && members.contains(ObjectIdentifier(a)) && members.contains(ObjectIdentifier(b))
    }

    /// This behavior's boundary of a contact, if the contact is with one of its boundaries.
    private func ownBoundary(group: Int, number: Int) -> Boundary? {
        group == collisionGroup ? boundary(numbered: number) : nil
    }

    /// Delivers the contacts of one phase of the step (began or ended) that this behavior owns to its delegate.
    override func reportContacts(_ contacts: StepContacts, phase: StepContacts.Phase, in context: BehaviorContext) {
        guard let delegate = collisionDelegate else { return }
        let members = Set(list.items.map { ObjectIdentifier($0) })
        switch phase {
        case .began:
            for contact in contacts.began {
                switch contact.parties {
                case let .items(a, b):
                    guard ownsPair(a, b, members: members) else { continue }
                    delegate.collisionBehavior(self, beganContactFor: a, with: b, at: contact.point)
                case let .itemAndBoundary(item, group, number):
                    guard let boundary = ownBoundary(group: group, number: number) else { continue }
                    delegate.collisionBehavior(self, beganContactFor: item, withBoundaryIdentifier: boundary.identifier, at: contact.point)
                }
            }
        case .ended:
            for parties in contacts.ended {
                switch parties {
                case let .items(a, b):
                    guard ownsPair(a, b, members: members) else { continue }
                    delegate.collisionBehavior(self, endedContactFor: a, with: b)
                case let .itemAndBoundary(item, group, number):
                    guard let boundary = ownBoundary(group: group, number: number) else { continue }
                    delegate.collisionBehavior(self, endedContactFor: item, withBoundaryIdentifier: boundary.identifier)
                }
            }
        }
    }
}
