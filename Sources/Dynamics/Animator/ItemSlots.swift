/// The body slots a step must visit whatever the world and the views say, in slot order: kept apart so the
/// usual frame walks these few and not every mirror.
struct ItemSlots {
    /// Items that are not views: they keep no change counter, so they are asked for `center` and `transform`
    /// every step.
    var nonViews: [Int] = []
    /// Items written through the slow path of the write-back: those that are not views, and views whose centre
    /// needs converting (not directly inside the reference view).
    var indirect: [Int] = []

    /// The lists for `mirrors` (live slots only).
    init(_ mirrors: [ItemMirror]) {
        for slot in mirrors.indices where mirrors[slot].live {
            if mirrors[slot].view == nil { nonViews.append(slot) }
            if mirrors[slot].view == nil || mirrors[slot].convertsCoordinates { indirect.append(slot) }
        }
    }
}
