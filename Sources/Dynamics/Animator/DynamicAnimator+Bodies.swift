internal import Foundation
internal import SolverBackend

extension DynamicAnimator {
    /// Gives `item` a body (or counts one more behavior holding it). The body starts at the item's centre and
    /// rotation with UIKit's default properties.
    func retainBody(for item: any DynamicItem) {
        let key = ObjectIdentifier(item)
        if let slot = slotByItem[key] {
            records[slot]!.retainCount += 1
            return
        }
        checkItemKind(item)
        let center = referencePoint(of: item)
        let angle = Double(item.transform.rotationAngle)
        requireFinite(center, "Center of item \(item)")
        precondition(angle.isFinite, "Rotation of item \(item) must be finite (got \(angle))")
        let (width, height, shape) = ItemShape.shape(of: item)
        var definition = BodyDefinition()
        definition.x = Double(center.x)
        definition.y = Double(center.y)
        definition.angle = angle
        definition.width = width
        definition.height = height
        definition.shape = shape
        let defaults = ItemProperties.defaults
        definition.density = Double(defaults.density)
        definition.linearDamping = Double(defaults.resistance)
        definition.angularDamping = Double(defaults.angularResistance)
        let id = solve { try world.createBody(definition) }
        let slot = Int(id.index)
        if slot >= records.count {
            records.append(contentsOf: repeatElement(nil, count: slot - records.count + 1))
        }
        while mirrors.count <= slot {
            mirrors.append(ItemMirror())
            poses.append(ItemPose())
            itemTransforms.append(.identity)
        }
        records[slot] = BodyRecord(item: item, id: id)
        let view = item as? View
        let convertsCoordinates = needsConversion(item)
        mirrors[slot] = ItemMirror(
            view: view, changeCount: view?.geometryChangeCount ?? 0, live: true, convertsCoordinates: convertsCoordinates)
        poses[slot] = ItemPose(plainView: convertsCoordinates ? nil : view, center: item.center, angle: angle)
        itemTransforms[slot] = item.transform
        view?.animatorsHolding += 1
        slotByItem[key] = slot
        itemSlotsCache = nil
        needsConfiguration = true
        resume()
    }

    /// One behavior fewer holds `item`; the body is destroyed with the last one.
    func releaseBody(for item: any DynamicItem) {
        let key = ObjectIdentifier(item)
        guard let slot = slotByItem[key] else { return }
        records[slot]!.retainCount -= 1
        guard records[slot]!.retainCount == 0 else { return }
        solve { try world.destroyBody(records[slot]!.id) }
        records[slot] = nil
        mirrors[slot].view?.animatorsHolding -= 1
        mirrors[slot] = ItemMirror()
        poses[slot] = ItemPose()
        slotByItem[key] = nil
        itemSlotsCache = nil
    }

    /// View animators take views inside the reference view, layout animators take layout attributes; both
    /// take custom items (as UIKit does), and neither takes the other's kind.
    private func checkItemKind(_ item: any DynamicItem) {
        let members = (item as? DynamicItemGroup)?.items ?? [item]
        for member in members {
            switch referenceSystem {
            case .view:
                precondition(
                    !(member is CollectionViewLayoutAttributes),
                    "Can't use layout attributes as item \(member) in an animator made with a reference view")
                if let view = member as? View, let reference = referenceView {
                    precondition(
                        view !== reference && view.isDescendant(of: reference),
                        "View item (\(view)) should be a descendant of reference view in DynamicAnimator")
                }
            case .layout:
                precondition(!(member is View), "Can't use view \(member) as item in an animator made with a collection view layout")
            case .none:
                break
            }
        }
    }

    /// Whether `item`'s centre lives in another space than the reference coordinates (a view nested deeper
    /// than a direct subview of the reference view). Checked once per body, not per step.
    func needsConversion(_ item: any DynamicItem) -> Bool {
        guard referenceSystem == .view, let view = item as? View, let parent = view.superview,
            let reference = referenceView
        else { return false }
        return parent !== reference
    }

    /// `item`'s centre in reference coordinates (views: converted from their superview).
    func referencePoint(of item: any DynamicItem) -> CGPoint {
        guard referenceSystem == .view, let view = item as? View, let parent = view.superview,
            let reference = referenceView, parent !== reference
        else { return item.center }
        return parent.convert(item.center, to: reference)
    }

    /// A reference-coordinates point as `item` expects its `center`.
    func itemPoint(_ point: CGPoint, for item: any DynamicItem) -> CGPoint {
        guard referenceSystem == .view, let view = item as? View, let parent = view.superview,
            let reference = referenceView, parent !== reference
        else { return point }
        return parent.convert(point, from: reference)
    }

    /// The body id of `item`, or nil when it has no body here.
    func bodyID(of item: any DynamicItem) -> BodyID? {
        slotByItem[ObjectIdentifier(item)].flatMap { records[$0]?.id }
    }

    /// The body state of `item`, or nil when it has no body here.
    func bodyState(of item: any DynamicItem) -> BodyState? {
        guard let slot = slotByItem[ObjectIdentifier(item)], let record = records[slot] else { return nil }
        return solve { try world.state(of: record.id) }
    }

    /// Runs ``configureBodies()`` when a behavior changed since the last time.
    func configureBodiesIfNeeded() {
        if needsConfiguration { configureBodies() }
    }

    /// Asks every registered behavior, in hierarchy order, what it wants of its items' bodies, and pushes to
    /// each body only what differs from what it already has (so unchanged bodies are not woken).
    func configureBodies() {
        needsConfiguration = false
        var table = BodySettingsTable()
        for behavior in registeredBehaviors { behavior.contributeBodySettings(to: &table) }
        for slot in records.indices {
            guard var record = records[slot] else { continue }
            let wanted = table[record.item]
            let g = (x: wanted.gravityX, y: wanted.gravityY)
            let p = wanted.properties.resolved
            let old = record.properties
            solve {
                if g != record.gravity { try world.setGravity(record.id, x: g.x, y: g.y) }
                if p.isAnchored != old.isAnchored || p.allowsRotation != old.allowsRotation {
                    var flags: BodyFlags = []
                    if p.isAnchored { flags.insert(.isStatic) }
                    if !p.allowsRotation { flags.insert(.fixedRotation) }
                    try world.setFlags(record.id, flags)
                }
                if p.density != old.density { try world.setDensity(record.id, Double(p.density)) }
                if p.resistance != old.resistance || p.angularResistance != old.angularResistance {
                    try world.setDamping(record.id, linear: Double(p.resistance), angular: Double(p.angularResistance))
                }
                if p.elasticity != old.elasticity || p.friction != old.friction || p.charge != old.charge {
                    try world.setMaterial(
                        record.id, restitution: Double(p.elasticity), friction: Double(p.friction), charge: Double(p.charge))
                }
            }
            record.gravity = g
            record.properties = p
            updateCollisionShapes(of: &record, slot: slot, category: wanted.collisionCategory, mask: wanted.collisionMask)
            records[slot] = record
        }
    }

    /// Gives an item collision shapes once a collision behavior holds it, updates their filter, and removes them
    /// when none does any more.
    private func updateCollisionShapes(of record: inout BodyRecord, slot: Int, category: UInt64, mask: UInt64) {
        guard (category, mask) != record.collisionFilter else { return }
        record.collisionFilter = (category, mask)
        if category == 0 && mask == 0 {
            for shape in record.shapes { solve { try world.destroyShape(shape) } }
            record.shapes = []
        } else if record.shapes.isEmpty {
            let id = record.id
            record.shapes = ItemShape.collisionGeometry(of: record.item).map { geometry in
                var definition = ShapeDefinition(geometry)
                definition.categoryBits = category
                definition.maskBits = mask
                definition.userData = ContactTag.item(slot: slot).rawValue
                return solve { try world.createShape(on: id, definition) }
            }
        } else {
            for shape in record.shapes {
                solve { try world.setShapeFilter(shape, categoryBits: category, maskBits: mask) }
            }
        }
    }
}
