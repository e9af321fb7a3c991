internal import Foundation

/// The contacts of one animator step in the façade's terms: which items (or which boundary of which collision
/// behavior) began or stopped touching, and where. Built once per step from the world's contact events.
@MainActor
struct StepContacts {
    /// Delivery order: every began contact to every behavior, then every ended one.
    enum Phase { case began, ended }

    /// Who touches.
    enum Parties {
        case items(any DynamicItem, any DynamicItem)
        case itemAndBoundary(any DynamicItem, group: Int, number: Int)
    }

    /// A contact that began, at a point midway between the surfaces (reference coordinates).
    struct Began {
        let parties: Parties
        let point: CGPoint
    }

    var began: [Began] = []
    var ended: [Parties] = []

    var isEmpty: Bool { began.isEmpty && ended.isEmpty }
}
