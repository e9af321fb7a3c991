// The two ways the reorder article moves cells.

/// The article's two ways to reorder.
package enum ReorderApproach: CustomStringConvertible {
    /// Before iOS 9: the layout moves the cells itself.
    case layoutMovesCells
    /// iOS 9: the collection view's interactive movement.
    case interactiveMovement

    package var description: String {
        switch self {
        case .layoutMovesCells: "the layout moves cells"
        case .interactiveMovement: "interactive movement"
        }
    }
}
