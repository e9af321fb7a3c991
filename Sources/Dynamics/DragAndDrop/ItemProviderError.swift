/// Why an ``ItemProvider`` could not load what was asked.
public enum ItemProviderError: Error, Sendable, Equatable {
    /// Nothing is registered under the type identifier.
    case noRepresentation(typeIdentifier: String)
    /// None of the type identifiers the class reads is registered.
    case cannotLoadObject(className: String, registeredTypeIdentifiers: [String])
}
