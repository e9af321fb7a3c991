internal import Foundation

/// What the animator knows of one item between steps, kept apart from its ``BodyRecord`` in dense arrays: the
/// steps read these where they would otherwise visit every item. The write-back's part (``ItemPose``, and the
/// transform) is apart from the part only the slower paths read, so a moved body's write touches few bytes.
struct ItemMirror {
    /// The item as a `View` when it is one (cast once): views are read and written without protocol calls.
    /// A strong reference: reading it in the step's passes costs no reference counting (the optimiser borrows
    /// it from the array), where an `unowned(unsafe)` one was retained and released for every body twice a step.
    var view: View?
    /// The view's write counter after the animator's last read or write: one comparison tells whether anyone
    /// else moved it.
    var changeCount: UInt64 = 0
    /// Whether the slot holds a body.
    var live = false
    /// True for views not directly inside the reference view: their centres need converting.
    var convertsCoordinates = false
}

/// The centre and angle the animator last wrote to (or read from) one item: the write-back compares every
/// awake body with these.
struct ItemPose {
    /// The item when it is a view directly inside the reference view (written straight to its storage by the
    /// write-back's fast pass); nil for other items, which the slow pass writes.
    var plainView: View?
    /// The item's `center` exactly as last written or read.
    var center: CGPoint = .zero
    /// The body angle last written to the item.
    var angle: Double = 0
}
