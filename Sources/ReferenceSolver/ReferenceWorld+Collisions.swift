public import SolverBackend

// Placeholder until the reference collision pipeline lands (branch reference-collisions replaces this file).
extension ReferenceWorld {
    public func createShape(on body: BodyID, _ definition: ShapeDefinition) throws(SolverError) -> ShapeID {
        preconditionFailure("ReferenceWorld: collisions are not implemented yet")
    }
    public func destroyShape(_ id: ShapeID) { preconditionFailure("ReferenceWorld: collisions are not implemented yet") }
    public func isValid(_ id: ShapeID) -> Bool { false }
    public func setShapeFilter(_ id: ShapeID, categoryBits: UInt64, maskBits: UInt64) {
        preconditionFailure("ReferenceWorld: collisions are not implemented yet")
    }
    public func shapeBody(_ id: ShapeID) -> BodyID { preconditionFailure("ReferenceWorld: collisions are not implemented yet") }
    public var shapeCount: Int { 0 }
    public var contactEvents: ContactEvents { ContactEvents() }
    public var contacts: [ContactInfo] { [] }
}
