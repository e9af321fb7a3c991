/// The bodies joined by joints and active contacts in one step, solved together: exactly when small (`direct`),
/// iteratively when large.
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
    /// Union-find over bodies joined by a joint or an active contact between dynamic bodies (rest detection
    /// uses it too). The smaller slot becomes the root, as in the joint layout.
    var parent: [Int]
    var islands: [ReferenceContactIsland] = []
    /// Per joint layout island: the contact island that holds it this step, or −1.
    var owner: [Int] = []

    mutating func root(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }
}

extension ReferenceWorld {
    /// Whether slot i holds a live body that moves when pushed (not static).
    private func isDynamicSlot(_ i: Int) -> Bool { bodies[i].map { !$0.isStatic } ?? false }

    /// The step's islands over joints and active contacts. A contact is active when it has points and one of its
    /// bodies moves; an island with contacts takes over the joint layout islands inside it, so joints and
    /// contacts there are solved as one system. Always built: rest detection uses its union-find.
    func prepareContactIslands(_ layout: ReferenceLayout) -> ReferenceContactIslands {
        var result = ReferenceContactIslands(parent: layout.parent)
        for k in collision.contacts.indices {
            let contact = collision.contacts[k]
            let active = !contact.points.isEmpty && (moves(contact.bodyA) || moves(contact.bodyB))
            collision.contacts[k].active = active
            guard active else { continue }
            for p in contact.points.indices { collision.contacts[k].points[p].maxNormalImpulse = 0.0 }
            guard isDynamicSlot(contact.bodyA) && isDynamicSlot(contact.bodyB) else { continue }
            let ra = result.root(contact.bodyA), rb = result.root(contact.bodyB)
            if ra != rb { result.parent[max(ra, rb)] = min(ra, rb) }
        }
        // Islands numbered in order of their first active contact.
        var islandOfRoot: [Int: Int] = [:]
        for (k, contact) in collision.contacts.enumerated() where contact.active {
            let root = result.root(isDynamicSlot(contact.bodyA) ? contact.bodyA : contact.bodyB)
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
            let owner = islandOfRoot[result.root(layout.roots[k])] ?? -1
            result.owner.append(owner)
            guard owner >= 0 else { continue }
            result.islands[owner].layoutIslands.append(k)
            result.islands[owner].rowCount += rows.count
        }
        for k in result.islands.indices {
            result.islands[k].direct = result.islands[k].rowCount <= ReferenceConstants.directContactRows
        }
        return result
    }
}
