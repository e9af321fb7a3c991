internal import Foundation

/// What the animator last wrote to (or read from) one item, kept apart from its ``BodyRecord`` in a dense array:
/// every step reads and writes these for every body (has anyone moved the item? did the body move?), and a few
/// dozen bytes a body stream through the cache where whole records would not.
struct ItemMirror {
    /// The item as a `View` when it is one (cast once): views are read and written without protocol calls.
    /// A strong reference: reading it in the step's passes costs no reference counting (the optimiser borrows
    /// it from the array), where an `unowned(unsafe)` one was retained and released for every body twice a step.
    var view: View?
    /// The item's `center` exactly as last written or read.
    var center: CGPoint = .zero
    /// The body angle last written to the item.
    var angle: Double = 0
    /// The view's write counter after the animator's last read or write: one comparison tells whether anyone
    /// else moved it.
    var changeCount: UInt64 = 0
    /// Whether the slot holds a body.
    var live = false
    /// True for views not directly inside the reference view: their centres need converting.
    var convertsCoordinates = false
}
