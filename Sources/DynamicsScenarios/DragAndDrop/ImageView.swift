// What the drag-to-move/copy article gets from UIKit's images: a picture (here just its name, which is what
// travels through the item provider) and a view showing one.
import Dynamics
import Foundation

/// `UIImage`'s stand-in: a named picture that an item provider can carry as data.
struct Image: ItemProviderWriting, ItemProviderReading, Equatable {
    static let typeIdentifier = "public.png"
    let name: String

    /// The picture called `name` (nil for an empty name, as a missing asset).
    init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
    }

    static var writableTypeIdentifiersForItemProvider: [String] { [typeIdentifier] }
    static var readableTypeIdentifiersForItemProvider: [String] { [typeIdentifier] }

    func loadData(withTypeIdentifier typeIdentifier: String) throws -> Data { Data(name.utf8) }

    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Image {
        guard let image = Image(named: String(decoding: data, as: UTF8.self)) else { throw CocoaError(.coderReadCorrupt) }
        return image
    }
}

/// `UIImageView`'s stand-in: a view with an image that, like UIKit's, ignores touches until told otherwise.
final class ImageView: View {
    var image: Image?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
}
