public import Foundation

/// A value an ``ItemProvider`` can hand out as data: Foundation's `NSItemProviderWriting`, reduced.
///
/// Unlike Foundation's, ``loadData(withTypeIdentifier:)`` returns the data directly: the provider already calls
/// it on a background queue, so a blocking encoder is fine. Sendable, because the data is produced off the
/// main thread.
public protocol ItemProviderWriting: Sendable {
    /// The type identifiers (for example `"public.png"`) this value can be written as, best first.
    static var writableTypeIdentifiersForItemProvider: [String] { get }
    /// The value encoded as `typeIdentifier` (one of ``writableTypeIdentifiersForItemProvider``).
    func loadData(withTypeIdentifier typeIdentifier: String) throws -> Data
}
