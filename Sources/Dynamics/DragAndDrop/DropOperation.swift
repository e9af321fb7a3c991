/// What a drop would do: UIKit's `UIDropOperation`, with its raw values.
public enum DropOperation: UInt, Sendable {
    /// Nothing: the view ignores the drop.
    case cancel = 0
    /// The view takes drops, but not this one now.
    case forbidden = 1
    /// The data is copied to the destination.
    case copy = 2
    /// The data moves to the destination (inside the app only; otherwise a copy).
    case move = 3
}
