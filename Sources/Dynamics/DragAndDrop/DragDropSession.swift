public import Foundation

/// What a drag session and a drop session share: UIKit's `UIDragDropSession`.
@MainActor
public protocol DragDropSession: AnyObject {
    /// The items being dragged.
    var items: [DragItem] { get }
    /// Where the touch is, in `view`'s coordinates.
    func location(in view: View) -> CGPoint
    /// True when a drop may move the items (drags inside the app); false makes a `.move` proposal a copy.
    var allowsMoveOperation: Bool { get }
    /// True when some item's provider has a representation under one of `typeIdentifiers`.
    func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool
    /// True when some item's provider can load an object of `aClass`.
    func canLoadObjects(ofClass aClass: any ItemProviderReading.Type) -> Bool
}

extension DragDropSession {
    /// Asks each item's provider.
    public func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
        items.contains { item in typeIdentifiers.contains(where: item.itemProvider.hasItemConformingToTypeIdentifier) }
    }

    /// Asks each item's provider.
    public func canLoadObjects(ofClass aClass: any ItemProviderReading.Type) -> Bool {
        items.contains { $0.itemProvider.canLoadObject(ofClass: aClass) }
    }
}
