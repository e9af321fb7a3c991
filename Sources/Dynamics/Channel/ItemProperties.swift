internal import Foundation

/// The physical properties a ``DynamicItemBehavior`` can set, each nil until explicitly set. Merging in
/// hierarchy order makes the last behavior that set a property win, per property.
struct ItemProperties: Equatable {
    var elasticity: CGFloat?
    var friction: CGFloat?
    var density: CGFloat?
    var resistance: CGFloat?
    var angularResistance: CGFloat?
    var charge: CGFloat?
    var isAnchored: Bool?
    var allowsRotation: Bool?

    /// The values a body has when nothing set them (UIKit's implementation defaults).
    static let defaults = ResolvedItemProperties(
        elasticity: 0.2, friction: 0.2, density: 1, resistance: 0.1, angularResistance: 0.1, charge: 0,
        isAnchored: false, allowsRotation: true)

    /// `self` with every property `later` set taking its place.
    func merging(_ later: ItemProperties) -> ItemProperties {
        ItemProperties(
            elasticity: later.elasticity ?? elasticity, friction: later.friction ?? friction,
            density: later.density ?? density, resistance: later.resistance ?? resistance,
            angularResistance: later.angularResistance ?? angularResistance, charge: later.charge ?? charge,
            isAnchored: later.isAnchored ?? isAnchored, allowsRotation: later.allowsRotation ?? allowsRotation)
    }

    /// Every property, the unset ones at their defaults.
    var resolved: ResolvedItemProperties {
        let d = Self.defaults
        return ResolvedItemProperties(
            elasticity: elasticity ?? d.elasticity, friction: friction ?? d.friction, density: density ?? d.density,
            resistance: resistance ?? d.resistance, angularResistance: angularResistance ?? d.angularResistance,
            charge: charge ?? d.charge, isAnchored: isAnchored ?? d.isAnchored,
            allowsRotation: allowsRotation ?? d.allowsRotation)
    }
}

/// Item properties with every value present: what a body actually has.
struct ResolvedItemProperties: Equatable {
    var elasticity: CGFloat
    var friction: CGFloat
    var density: CGFloat
    var resistance: CGFloat
    var angularResistance: CGFloat
    var charge: CGFloat
    var isAnchored: Bool
    var allowsRotation: Bool
}
