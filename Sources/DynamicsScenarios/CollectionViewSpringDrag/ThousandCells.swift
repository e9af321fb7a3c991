// The corner-spring cell drag's data: the article's collection view shows 1000 cells and keeps which are selected.
import Dynamics
import Foundation

/// The article's view controller's data: 1000 cells, some selected.
@MainActor
final class ThousandCells: CollectionViewDataSource {
    var selectedIndexPaths = [IndexPath]()

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
}
