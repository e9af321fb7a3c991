public import Foundation

/// Carries data between a drag's source and its destination: Foundation's `NSItemProvider`, which Linux's
/// Foundation does not have, reduced to typed data representations.
///
/// The source registers representations under type identifiers (strings such as `"public.png"`, matched
/// exactly: no type-conformance tree); the destination loads one as data or as an object of an
/// ``ItemProviderReading`` type. Loading is asynchronous as in UIKit: the representation is produced and the
/// completion handler called on a background queue (hop to the main queue to touch views). There is no
/// `Progress` and no visibility setting. Thread-safe.
public final class ItemProvider: @unchecked Sendable {
    /// One registered representation.
    private struct Representation {
        let typeIdentifier: String
        let load: @Sendable () throws -> Data
    }

    private let lock = NSLock()
    private var representations: [Representation] = []

    /// An empty provider.
    public init() {}

    /// A provider of `object`, under each of its type's writable type identifiers.
    public convenience init(object: any ItemProviderWriting) {
        self.init()
        registerObject(object)
    }

    /// Registers `object` under each of its type's writable type identifiers, after those already registered.
    public func registerObject(_ object: any ItemProviderWriting) {
        for typeIdentifier in type(of: object).writableTypeIdentifiersForItemProvider {
            registerDataRepresentation(forTypeIdentifier: typeIdentifier) {
                try object.loadData(withTypeIdentifier: typeIdentifier)
            }
        }
    }

    /// Registers a representation under `typeIdentifier`: `loadHandler` produces its data, on a background
    /// queue, each time it is loaded. Stops with a message when `typeIdentifier` is empty.
    public func registerDataRepresentation(
        forTypeIdentifier typeIdentifier: String, loadHandler: @escaping @Sendable () throws -> Data
    ) {
        precondition(!typeIdentifier.isEmpty, "ItemProvider.registerDataRepresentation: typeIdentifier must not be empty")
        lock.withLock { representations.append(Representation(typeIdentifier: typeIdentifier, load: loadHandler)) }
    }

    /// The registered type identifiers, in the order they were registered.
    public var registeredTypeIdentifiers: [String] {
        lock.withLock { representations.map(\.typeIdentifier) }
    }

    /// True when something is registered under `typeIdentifier`.
    public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        registeredTypeIdentifiers.contains(typeIdentifier)
    }

    /// True when one of the type identifiers `aClass` reads is registered.
    public func canLoadObject(ofClass aClass: any ItemProviderReading.Type) -> Bool {
        firstRepresentation(readableBy: aClass) != nil
    }

    /// Produces the data registered under `typeIdentifier` and hands it to `completionHandler` on a background
    /// queue (or the error: ``ItemProviderError/noRepresentation(typeIdentifier:)``, or the handler's).
    public func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) {
        let representation = lock.withLock { representations.first { $0.typeIdentifier == typeIdentifier } }
        DispatchQueue.global().async {
            guard let representation else {
                return completionHandler(nil, ItemProviderError.noRepresentation(typeIdentifier: typeIdentifier))
            }
            do { completionHandler(try representation.load(), nil) } catch { completionHandler(nil, error) }
        }
    }

    /// Builds a new `aClass` value from the first registered representation it reads and hands it to
    /// `completionHandler` on a background queue (or the error: ``ItemProviderError/cannotLoadObject(className:registeredTypeIdentifiers:)``,
    /// or the one producing or decoding the data threw).
    public func loadObject(
        ofClass aClass: any ItemProviderReading.Type,
        completionHandler: @escaping @Sendable ((any ItemProviderReading)?, (any Error)?) -> Void
    ) {
        let representation = firstRepresentation(readableBy: aClass)
        let registered = registeredTypeIdentifiers
        DispatchQueue.global().async {
            guard let representation else {
                return completionHandler(
                    nil, ItemProviderError.cannotLoadObject(className: "\(aClass)", registeredTypeIdentifiers: registered))
            }
            do {
                let data = try representation.load()
                completionHandler(try aClass.object(withItemProviderData: data, typeIdentifier: representation.typeIdentifier), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// The first registered representation (in registration order) whose type `aClass` reads.
    private func firstRepresentation(readableBy aClass: any ItemProviderReading.Type) -> Representation? {
        let readable = Set(aClass.readableTypeIdentifiersForItemProvider)
        return lock.withLock { representations.first { readable.contains($0.typeIdentifier) } }
    }
}
