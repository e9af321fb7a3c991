public import Foundation

/// Hears a ``CollectionView``'s interactions: UIKit's `UICollectionViewDelegate`, reduced to the one method
/// interactive movement consults.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
    /// During an interactive movement, the place the item moves to when the layout proposes
    /// `proposedIndexPath` for the item now at `originalIndexPath`. Return the proposal to accept it, or
    /// another valid index path. Default: the proposal.
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
}

extension CollectionViewDelegate {
    /// Accepts the proposal.
    public func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        proposedIndexPath
    }
}
