public import SolverBackend

// Placeholder until the reference collision pipeline lands (branch reference-collisions replaces this file).
extension ReferenceWorld {
    /// Attaches a shape to a live body through `sdCreateShape`; throws only `SolverError.outOfMemory`.
    public func createShape(on body: BodyID, _ definition: ShapeDefinition) throws(SolverError) -> ShapeID {
        preconditionFailure("ReferenceWorld: collisions are not implemented yet")
    }
    /// Removes a live shape (`sdDestroyShape`).
    public func destroyShape(_ id: ShapeID) { preconditionFailure("ReferenceWorld: collisions are not implemented yet") }
    /// True when `id` names a live shape of this world.
    public func isValid(_ id: ShapeID) -> Bool { false }
    /// Sets a live shape's category and mask bits (`sdShape_SetFilter`).
    public func setShapeFilter(_ id: ShapeID, categoryBits: UInt64, maskBits: UInt64) {
        preconditionFailure("ReferenceWorld: collisions are not implemented yet")
    }
    /// The body a live shape belongs to.
    public func shapeBody(_ id: ShapeID) -> BodyID { preconditionFailure("ReferenceWorld: collisions are not implemented yet") }
    /// Live shapes in this world.
    public var shapeCount: Int { 0 }
    /// The began and ended contacts of the last step, read from `sdWorld_GetContactEvents`.
    public var contactEvents: ContactEvents { ContactEvents() }
    /// Every contact of the last step, in (shape A, shape B) order.
    public var contacts: [ContactInfo] { [] }
}
