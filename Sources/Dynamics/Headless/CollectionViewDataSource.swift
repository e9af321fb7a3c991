public import Foundation

/// Supplies a ``CollectionView``'s sections and item counts and hears about reorders: UIKit's
/// `UICollectionViewDataSource` without the cells (a headless collection view draws nothing).
///
/// Only ``collectionView(_:numberOfItemsInSection:)`` is required; the others have UIKit's defaults.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    /// Number of items in `section` (≥ 0).
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// Number of sections (≥ 0). Default 1.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// Whether the item at `indexPath` may be moved interactively. Default true.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// An interactive movement ended with the item at `sourceIndexPath` (where it was when the movement began)
    /// now at `destinationIndexPath`: update the data to match. Called once per movement, and only when the
    /// item changed place. Default: does nothing.
    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// Every item may move.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }

    /// Ignores the move.
    public func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}
