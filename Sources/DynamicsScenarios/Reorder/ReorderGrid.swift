// The reorder article's screen: a 300-wide collection view of its grid layout (80 × 80 cells 10 apart, insets
// 10: three columns) showing letters, with the layout's move blocks wired to the data as the article does.
import Dynamics
import Foundation

/// The grid, its layout and its data, ready for a drag.
@MainActor
struct ReorderGrid {
    let collectionView: CollectionView
    let layout: ReorderLayout
    let data: Letters

    init(letters: String = "abcdefghi") {
        layout = ReorderLayout()
        collectionView = CollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 600), collectionViewLayout: layout)
        data = Letters(letters)
        collectionView.dataSource = data
        let (collectionView, data) = (collectionView, data)
        // The blocks hold the collection view weakly: it owns the layout that owns them.
        layout.moveBeganBlock = { [weak collectionView] indexPath in
            guard let collectionView else { return false }
            return data.collectionView(collectionView, canMoveItemAt: indexPath)
        }
        layout.moveEndBlock = { [weak collectionView] from, to in
            guard let collectionView else { return }
            if from == to { data.reports.append((from, to)) } else { data.collectionView(collectionView, moveItemAt: from, to: to) }
        }
    }

    /// The centre of slot `index`.
    static func slot(_ index: Int) -> CGPoint {
        CGPoint(x: 50 + CGFloat(index % 3) * 90, y: 50 + CGFloat(index / 3) * 90)
    }

    /// The finger's path through `slots` (adjacent ones): half-way between each pair (in the gap), then the
    /// next centre.
    static func path(through slots: [Int]) -> [CGPoint] {
        zip(slots, slots.dropFirst()).flatMap { from, to in
            let a = slot(from), b = slot(to)
            return [CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), b]
        }
    }

    /// The same path, `steps` finger positions per stop, for a finger moving smoothly frame by frame.
    static func smoothPath(through slots: [Int], steps: Int) -> [CGPoint] {
        var points: [CGPoint] = []
        var from = slot(slots[0])
        for stop in path(through: slots) {
            for k in 1...steps {
                let t = CGFloat(k) / CGFloat(steps)
                points.append(CGPoint(x: from.x + (stop.x - from.x) * t, y: from.y + (stop.y - from.y) * t))
            }
            from = stop
        }
        return points
    }
}
