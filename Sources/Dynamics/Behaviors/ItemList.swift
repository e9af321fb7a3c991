/// An ordered set of items by identity, shared by the behaviors that hold items.
@MainActor
struct ItemList {
    private(set) var items: [any DynamicItem] = []
    /// The items' identities, so membership is a hash lookup (behaviors with 100,000 items).
    private var identities: Set<ObjectIdentifier> = []

    init(_ items: [any DynamicItem] = []) {
        for item in items { insert(item) }
    }

    /// Appends `item`; returns false when it was already there.
    @discardableResult
    mutating func insert(_ item: any DynamicItem) -> Bool {
        guard identities.insert(ObjectIdentifier(item)).inserted else { return false }
        items.append(item)
        return true
    }

    /// Removes `item`; returns false when it was not there.
    @discardableResult
    mutating func remove(_ item: any DynamicItem) -> Bool {
        guard identities.remove(ObjectIdentifier(item)) != nil else { return false }
        items.remove(at: items.firstIndex { $0 === item }!)
        return true
    }

    func contains(_ item: any DynamicItem) -> Bool { identities.contains(ObjectIdentifier(item)) }
}

extension DynamicBehavior {
    /// Adds `item` to `list` and, when registered, gives it a body.
    func insertItem(_ item: any DynamicItem, into list: inout ItemList) {
        guard list.insert(item) else { return }
        dynamicAnimator?.retainBody(for: item)
        setNeedsBodySettingsUpdate()
    }

    /// Removes `item` from `list` and, when registered, lets go of its body.
    func removeItem(_ item: any DynamicItem, from list: inout ItemList) {
        guard list.remove(item) else { return }
        dynamicAnimator?.releaseBody(for: item)
        setNeedsBodySettingsUpdate()
    }
}
