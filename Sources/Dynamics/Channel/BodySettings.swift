internal import Foundation

/// What the registered behaviors ask of one item's body: the sum of their gravities and their item
/// properties, merged in hierarchy order. Built fresh by ``DynamicBehavior/contributeBodySettings(to:)`` each
/// time a behavior changed, then pushed to the bodies where it differs from what they have.
struct BodySettings: Equatable {
    /// Gravitational acceleration, pt/s².
    var gravityX = 0.0
    var gravityY = 0.0
    /// Properties set by item behaviors (nil: unset).
    var properties = ItemProperties()
    /// What the item's collision shapes are and collide with (collision behaviors' bits; both 0: no shapes).
    var collisionCategory: UInt64 = 0
    var collisionMask: UInt64 = 0
}

/// Body settings by item identity, filled by the behaviors in hierarchy order.
@MainActor
struct BodySettingsTable {
    private(set) var settings: [ObjectIdentifier: BodySettings] = [:]

    /// Changes the settings of `item` in place (starting from the defaults).
    mutating func update(_ item: any DynamicItem, _ change: (inout BodySettings) -> Void) {
        change(&settings[ObjectIdentifier(item), default: BodySettings()])
    }

    /// The settings of `item` (the defaults when no behavior set anything).
    subscript(item: any DynamicItem) -> BodySettings { settings[ObjectIdentifier(item)] ?? BodySettings() }
}
