/// Stable handle of a body in a physics backend.
///
/// `index` is the body's slot, reused after the body is destroyed; `generation` tells those reuses apart, so
/// a handle to a destroyed body is refused instead of silently naming its successor. Both backends hand out
/// the same ids for the same sequence of calls (the most recently freed slot is reused first).
public struct BodyID: Hashable, Sendable, CustomStringConvertible {
    /// Slot of the body, in `0..<slotCount`.
    public var index: Int32
    /// Incremented each time the slot is freed.
    public var generation: UInt32

    /// Creates a handle from its parts.
    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// `body #index (generation n)`, as error messages print it.
    public var description: String { "body #\(index) (generation \(generation))" }
}
