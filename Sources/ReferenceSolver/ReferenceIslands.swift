import SolverBackend

/// Union-find over body slots. The smaller root wins a join, so a set's root is its lowest slot whatever the
/// order of joins — the C core's rule, which the island numbering depends on.
struct UnionFind {
    private(set) var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    /// The root of i's set (halving the path on the way).
    mutating func root(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    /// Joins the sets of i and j.
    mutating func join(_ i: Int, _ j: Int) {
        let ri = root(i), rj = root(j)
        if ri != rj { parent[max(ri, rj)] = min(ri, rj) }
    }
}

/// The row layout of one step: which rows exist, grouped into islands of bodies joined by joints, each
/// island's rows ordered breadth-first from its lowest-degree body — the same layout as the C core's.
struct ReferenceLayout {
    /// Bodies joined by joints between dynamic bodies.
    var joined: UnionFind
    /// Per island, the rows (joint slot, row type) in layout order.
    var islands: [[(joint: Int, type: RowType)]]
    /// Per island, its union-find root (its lowest body slot).
    var roots: [Int]
}

extension ReferenceWorld {
    func isDynamic(_ body: Int?) -> Bool {
        guard let i = body, let b = bodies[i] else { return false }
        return !b.isStatic
    }

    /// This step's layout: the last one while the topology is unchanged, as the C core reuses its layout; else a
    /// new one — the rows of islands with a moving body, gathered first; then every body of those islands wakes,
    /// and the layout is recorded as current as of before those wakes, as the C core commits it. A body woken
    /// there can wake its whole sleep ring, islands whose rows were not gathered: then it is built again.
    func prepareLayout() -> ReferenceLayout {
        while true {
            if let cache = layoutCache, cache.version == topologyVersion { return cache.layout }
            let version = topologyVersion  // as of before the commit's waking
            let layout = buildLayout()
            layoutCache = (version, layout)
        }
    }

    /// Builds the layout from the joints and the bodies' rest state, and wakes the resting bodies of its moving
    /// islands (the commit). The caller records it under the topology version from before that waking.
    private func buildLayout() -> ReferenceLayout {
        var joined = UnionFind(count: bodies.count)
        func find(_ i: Int) -> Int { joined.root(i) }
        for joint in joints.compactMap({ $0 }) where isDynamic(joint.bodyA) && isDynamic(joint.bodyB) {
            joined.join(joint.bodyA!, joint.bodyB!)
        }
        // An island moves when one of its bodies does.
        var islandAwake = Array(repeating: false, count: bodies.count)
        for i in bodies.indices where bodies[i]?.isAwake == true { islandAwake[find(i)] = true }

        // Rows of awake joints in joint order, grouped by island in order of first appearance.
        var islandOfRoot: [Int: Int] = [:]
        var islandRows: [[(joint: Int, type: RowType, raw: Int)]] = []
        var roots: [Int] = []
        var rowBodies: [(a: Int?, b: Int?)] = []
        var raw = 0
        for (j, joint) in joints.enumerated() {
            guard let joint else { continue }
            let body = isDynamic(joint.bodyA) ? joint.bodyA : joint.bodyB
            guard isDynamic(body), islandAwake[find(body!)] else { continue }
            let root = find(body!)
            for type in RowType.rows(of: joint) {
                if islandOfRoot[root] == nil {
                    islandOfRoot[root] = islandRows.count
                    islandRows.append([])
                    roots.append(root)
                }
                islandRows[islandOfRoot[root]!].append((j, type, raw))
                rowBodies.append((isDynamic(joint.bodyA) ? joint.bodyA : nil, isDynamic(joint.bodyB) ? joint.bodyB : nil))
                raw += 1
            }
        }
        // Rows touching each body, in row order.
        var adjacency: [Int: [Int]] = [:]
        for (r, ends) in rowBodies.enumerated() {
            if let a = ends.a { adjacency[a, default: []].append(r) }
            if let b = ends.b { adjacency[b, default: []].append(r) }
        }
        // Breadth-first body order from the lowest-degree body (ties: lowest slot); rows sorted by
        // (smaller body order, larger body order, row order) so the island's matrix is narrowly banded.
        var islands: [[(joint: Int, type: RowType)]] = []
        for rows in islandRows {
            var start = -1
            var startDegree = Int.max
            for row in rows {
                for body in [rowBodies[row.raw].a, rowBodies[row.raw].b].compactMap({ $0 }) {
                    let degree = adjacency[body]!.count
                    if degree < startDegree || (degree == startDegree && body < start) {
                        startDegree = degree
                        start = body
                    }
                }
            }
            var order: [Int: Int] = [start: 0]
            var queue = [start]
            var head = 0
            while head < queue.count {
                let body = queue[head]
                head += 1
                for r in adjacency[body]! {
                    let ends = rowBodies[r]
                    let other = ends.a == body ? ends.b : ends.a
                    guard let other, order[other] == nil else { continue }
                    order[other] = order.count
                    queue.append(other)
                }
            }
            let sorted = rows.sorted { lhs, rhs in
                let l = [rowBodies[lhs.raw].a, rowBodies[lhs.raw].b].compactMap { $0 }.map { order[$0]! }
                let r = [rowBodies[rhs.raw].a, rowBodies[rhs.raw].b].compactMap { $0 }.map { order[$0]! }
                if l.min()! != r.min()! { return l.min()! < r.min()! }
                if l.max()! != r.max()! { return l.max()! < r.max()! }
                return lhs.raw < rhs.raw
            }
            islands.append(sorted.map { ($0.joint, $0.type) })
        }
        // Commit: a moving island's resting bodies wake (with their sleep rings).
        for i in bodies.indices where isDynamic(i) && bodies[i]!.isAwake == false && islandAwake[find(i)] { wake(i) }
        return ReferenceLayout(joined: joined, islands: islands, roots: roots)
    }
}
