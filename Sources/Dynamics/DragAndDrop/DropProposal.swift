/// What a drop target would do with the session where the touch is now: UIKit's `UIDropProposal`.
@MainActor
public final class DropProposal {
    /// The operation a release here would perform.
    public let operation: DropOperation

    /// A proposal to perform `operation`.
    public init(operation: DropOperation) {
        self.operation = operation
    }
}
