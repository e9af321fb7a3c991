/// The bodies joined by joints and active contacts in one step, solved together: exactly when small (`direct`),
/// by the soft step when large.
struct ReferenceContactIsland {
    /// Its active contacts, in contact order.
    var contacts: [Int] = []
    /// The joint layout islands it holds, in layout order.
    var layoutIslands: [Int] = []
    /// Joint rows plus a normal row per contact point and a friction row per contact.
    var rowCount = 0
    var direct = false
}

/// The islands of a step over joints and active contacts (contact_islands.c).
struct ReferenceContactIslands {
    /// Bodies joined by a joint or an active contact between dynamic bodies (rest detection uses it too).
    var joined: UnionFind
    var islands: [ReferenceContactIsland] = []
    /// Per joint layout island: the contact island that holds it this step, or −1.
    var owner: [Int] = []
    /// Per island: a large island's soft step state, made at the step's first substep (nil for small ones).
    var soft: [SoftIsland?] = []
}

extension ReferenceWorld {
    /// The step's islands over joints and active contacts. A contact is active when it has points and one of its
    /// bodies moves; an island with contacts takes over the joint layout islands inside it, so joints and
    /// contacts there are solved as one system. Always built: rest detection uses its union-find.
    func prepareContactIslands(_ layout: ReferenceLayout) -> ReferenceContactIslands {
        var result = ReferenceContactIslands(joined: layout.joined)
        for k in collision.contacts.indices {
            let contact = collision.contacts[k]
            let active = !contact.points.isEmpty && (moves(contact.bodyA) || moves(contact.bodyB))
            collision.contacts[k].active = active
            guard active else { continue }
            guard isDynamic(contact.bodyA) && isDynamic(contact.bodyB) else { continue }
            result.joined.join(contact.bodyA, contact.bodyB)
        }
        // Islands numbered in order of their first active contact.
        var islandOfRoot: [Int: Int] = [:]
        for (k, contact) in collision.contacts.enumerated() where contact.active {
            let root = result.joined.root(isDynamic(contact.bodyA) ? contact.bodyA : contact.bodyB)
            if islandOfRoot[root] == nil {
                islandOfRoot[root] = result.islands.count
                result.islands.append(ReferenceContactIsland())
            }
            let island = islandOfRoot[root]!
            result.islands[island].contacts.append(k)
            result.islands[island].rowCount += contact.points.count + 1  // a normal row per point, one friction row
        }
        // The joint layout islands each contact island holds.
        for (k, rows) in layout.islands.enumerated() {
            let owner = islandOfRoot[result.joined.root(layout.roots[k])] ?? -1
            result.owner.append(owner)
            guard owner >= 0 else { continue }
            result.islands[owner].layoutIslands.append(k)
            result.islands[owner].rowCount += rows.count
        }
        for k in result.islands.indices {
            result.islands[k].direct = result.islands[k].rowCount <= ReferenceConstants.directContactRows
        }
        result.soft = Array(repeating: nil, count: result.islands.count)
        return result
    }
}
