/// The order in which the soft step sweeps a large island's contacts (contact_order.c). Gauss–Seidel is order
/// dependent: a sweep that meets a pile's contacts top down carries the weight of every layer to the next in one
/// pass, while a bottom-up sweep needs as many passes as there are layers. So contacts are sorted by their depth in
/// the contact graph — how many contacts separate them from a body that does not move — deepest first; contacts
/// out of reach of any still body come first, contacts with still bodies last. Within one depth the island's order
/// stands (the C core's counting sort is stable).
///
/// - Parameters:
///   - ends: per contact, in island order, the local slots of its two bodies.
///   - isStill: per local slot, whether the body does not move (static): the breadth-first search starts there.
/// - Returns: the contacts' positions in `ends`, in sweep order.
func depthFirstSweepOrder(ends: [(a: Int, b: Int)], isStill: [Bool]) -> [Int] {
    // Each body's contacts.
    var adjacency = Array(repeating: [Int](), count: isStill.count)
    for (q, end) in ends.enumerated() {
        adjacency[end.a].append(q)
        adjacency[end.b].append(q)
    }
    // Breadth-first from the still bodies: a body's depth is the fewest contacts between it and one of them.
    var depth: [Int?] = isStill.map { $0 ? 0 : nil }
    var queue = isStill.indices.filter { isStill[$0] }
    var head = 0
    while head < queue.count {
        let k = queue[head]
        head += 1
        for q in adjacency[k] {
            let other = ends[q].a == k ? ends[q].b : ends[q].a
            guard depth[other] == nil else { continue }
            depth[other] = depth[k]! + 1
            queue.append(other)
        }
    }
    // A contact's depth is its nearer body's; unreached contacts sort as deeper than the deepest.
    let deepest = depth.compactMap { $0 }.max() ?? 0
    let unreached = deepest + 1
    let key = ends.map { end -> Int in
        switch (depth[end.a], depth[end.b]) {
        case (nil, nil): return 0
        case let (d?, nil), let (nil, d?): return unreached - d
        case let (da?, db?): return unreached - min(da, db)
        }
    }
    var order: [Int] = []
    order.reserveCapacity(ends.count)
    for bucket in 0...unreached {
        for q in ends.indices where key[q] == bucket { order.append(q) }
    }
    return order
}
