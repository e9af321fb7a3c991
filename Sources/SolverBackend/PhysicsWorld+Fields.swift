extension PhysicsWorld {
    /// Most fields one world holds (UIKit: "supports a maximum of 32 distinct fields").
    public static let maximumFieldCount = 32

    @inline(__always)
    func live(_ id: FieldID) throws(SolverError) {
        guard backend.isValid(id) else { throw .invalidField(id) }
    }

    /// Live fields.
    public var fieldCount: Int { backend.fieldCount }

    /// True when `id` names a live field.
    public func isValid(_ id: FieldID) -> Bool { backend.isValid(id) }

    /// Adds a field. Throws the first invalid part of `definition` (naming it and its value), or
    /// ``SolverError/outOfRange(parameter:value:expected:)`` for a 33rd field.
    public func createField(_ definition: FieldDefinition) throws(SolverError) -> FieldID {
        try definition.validate()
        guard backend.fieldCount < Self.maximumFieldCount else {
            throw .outOfRange(
                parameter: "fieldCount", value: Double(backend.fieldCount + 1),
                expected: "≤ \(Self.maximumFieldCount) (a world supports at most 32 distinct fields)")
        }
        return try backend.createField(definition)
    }

    /// Removes a field; its bodies stay and are woken.
    public func destroyField(_ id: FieldID) throws(SolverError) {
        try live(id)
        backend.destroyField(id)
    }

    /// Replaces a field's numbers (all validated first); wakes its bodies.
    public func setFieldParameters(_ id: FieldID, _ parameters: FieldParameters) throws(SolverError) {
        try live(id)
        try parameters.validate()
        backend.setFieldParameters(id, parameters)
    }

    /// A field's numbers.
    public func fieldParameters(_ id: FieldID) throws(SolverError) -> FieldParameters {
        try live(id)
        return backend.fieldParameters(id)
    }

    /// Replaces a field's region (relative to its position); wakes its bodies.
    public func setFieldRegion(_ id: FieldID, _ region: FieldRegion) throws(SolverError) {
        try live(id)
        try region.validate()
        try backend.setFieldRegion(id, region)
    }

    /// Makes `body` feel the field; wakes it. Adding a member again changes nothing.
    public func addBody(_ body: BodyID, toField id: FieldID) throws(SolverError) {
        try live(id)
        try live(body)
        try backend.addBody(body, toField: id)
    }

    /// Stops `body` feeling the field; wakes it. A body that is no member is ignored.
    public func removeBody(_ body: BodyID, fromField id: FieldID) throws(SolverError) {
        try live(id)
        try live(body)
        backend.removeBody(body, fromField: id)
    }

    /// Live member bodies of a field.
    public func fieldBodyCount(_ id: FieldID) throws(SolverError) -> Int {
        try live(id)
        return backend.fieldBodyCount(id)
    }
}
