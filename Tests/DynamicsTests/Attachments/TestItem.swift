import Dynamics
import Foundation

/// A plain custom dynamic item for tests that need no view tree.
@MainActor
final class TestItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    init(center: CGPoint, size: CGSize) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
    }
}
