public import SolverBackend

// The collision requirements of `PhysicsBackend`: shapes and the contacts the last step found. The pipeline
// runs inside `step` (ReferenceContacts, ReferenceContactIslands, ReferenceContactSolver, ReferenceContinuous).
extension ReferenceWorld {
    /// Attaches a collision shape to a live body (in the next free shape slot, the most recently freed first) and
    /// wakes the body. Never throws: Swift arrays grow or the process stops.
    public func createShape(on body: BodyID, _ definition: ShapeDefinition) -> ShapeID {
        addShape(on: slot(body), definition)
    }

    /// Removes a shape and wakes its body; a touching contact of it ends at the next step.
    public func destroyShape(_ id: ShapeID) {
        destroyShapeSlot(Int(id.index))
    }

    /// True when `id` names a live shape (its slot is occupied and the generation matches).
    public func isValid(_ id: ShapeID) -> Bool {
        let i = Int(id.index)
        return i >= 0 && i < collision.shapes.count && collision.shapes[i] != nil && collision.generations[i] == id.generation
    }

    /// Changes what a shape is (`categoryBits`) and collides with (`maskBits`), and wakes its body.
    public func setShapeFilter(_ id: ShapeID, categoryBits: UInt64, maskBits: UInt64) {
        let i = Int(id.index)
        collision.shapes[i]!.categoryBits = categoryBits
        collision.shapes[i]!.maskBits = maskBits
        collision.shapes[i]!.fatValid = false  // its pairs are looked for again
        wake(collision.shapes[i]!.body)
    }

    /// The body a shape belongs to.
    public func shapeBody(_ id: ShapeID) -> BodyID {
        let body = collision.shapes[Int(id.index)]!.body
        return BodyID(index: Int32(body), generation: generations[body])
    }

    /// Live shapes.
    public var shapeCount: Int { collision.shapeCount }

    /// The contacts that began touching during the last step, then those that stopped (or whose shape was
    /// destroyed while touching).
    public var contactEvents: ContactEvents { ContactEvents(began: collision.began, ended: collision.ended) }

    /// Every contact the last step found, touching or not, in (shape A, shape B) order. Points are where the
    /// collision pass saw them; a contact too far apart for a normal reads normal (0, 0).
    public var contacts: [ContactInfo] {
        collision.contacts.map { contact in
            let pose = collision.collidePoses[contact.bodyA]
            return ContactInfo(
                shapeA: ShapeID(index: Int32(contact.shapeA), generation: contact.generationA),
                shapeB: ShapeID(index: Int32(contact.shapeB), generation: contact.generationB),
                normal: ShapePoint(x: contact.normal.x, y: contact.normal.y),
                points: contact.points.map { p in
                    ContactInfo.Point(
                        position: ShapePoint(x: pose.x + p.anchorA.x + p.offsetA.x, y: pose.y + p.anchorA.y + p.offsetA.y),
                        separation: p.separation, normalImpulse: p.normalImpulse)
                }, isTouching: contact.touching)
        }
    }
}
