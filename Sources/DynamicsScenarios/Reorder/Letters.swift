// The reorder grid's data: letters in one section, moved when a drag ends; "i" may not move.
import Dynamics
import Foundation

/// The caller's data: letters in one section, moved when a drag ends.
@MainActor
final class Letters: CollectionViewDataSource {
    var items: [String]
    /// Every (from, to) the caller was told, in order.
    var reports: [(from: IndexPath, to: IndexPath)] = []

    init(_ letters: String) { items = letters.map(String.init) }

    var order: String { items.joined() }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }

    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { items[indexPath.row] != "i" }

    func collectionView(_ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        reports.append((sourceIndexPath, destinationIndexPath))
        items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
    }
}
