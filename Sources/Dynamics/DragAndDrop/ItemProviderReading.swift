public import Foundation

/// A type an ``ItemProvider`` can build from data: Foundation's `NSItemProviderReading`. Sendable, because
/// objects are built off the main thread.
public protocol ItemProviderReading: Sendable {
    /// The type identifiers this type can be read from, best first.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// A new value decoded from `data`, which was registered as `typeIdentifier`.
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}
