/// The sparse path for large coupled islands, plainly written: the rows are ordered by nested dissection
/// (recursive coordinate bisection of their bodies: a region is split at the median of its wider extent, rows
/// joining the two halves form its separator and are eliminated after them), and K = J·M⁻¹·Jᵀ + softness is
/// factored by a multifrontal Cholesky over that order's assembly tree — each separator or leaf a dense front
/// that receives K's entries and its children's update matrices. The C core does the same (sparse_*.c) and keeps
/// its factor across solves as a preconditioner; this one factors every system afresh and solves it directly, the
/// same complexity per solve, O(N^1.5) on a 2-D grid of N cells instead of the band's O(N²).
struct SparseCholesky {
    /// One supernode: pivots `first ..< first + count` (elimination positions), its row structure (pivots first,
    /// then the later rows it reaches, ascending) and how many assembly-tree children it has.
    struct Supernode {
        var first: Int
        var count: Int
        var children: Int
        var structure: [Int] = []
        /// Below the pivots: each structure entry's index in the parent's front.
        var relative: [Int] = []
    }

    /// Regions with at most this many rows are not split further.
    static let leafRows = 12
    /// Islands whose band costs more flops than this are analysed for the sparse path...
    static let bandFlops = 2e5
    /// ...which they take when it costs at most this fraction of the band's (or dense) flops.
    static let advantage = 0.5

    /// Row p of the island is eliminated at position `position[p]`; `order[e]` is the row at position e.
    let order: [Int]
    let position: [Int]
    /// In postorder: children before their parent.
    let supernodes: [Supernode]
    /// Per elimination position: the later positions K couples to it (rows sharing a body), each once.
    let coupled: [[Int]]
    /// Flops of one numeric factorisation.
    let flops: Double

    /// Orders and analyses rows whose dynamic ends are `ends[p]`, with bodies at `location`.
    init(ends: [(a: Int?, b: Int?)], location: (Int) -> (x: Double, y: Double)) {
        let n = ends.count
        var bodies: [Int] = []
        var listed = Set<Int>()
        for end in ends {
            for body in [end.a, end.b].compactMap({ $0 }) where !listed.contains(body) {
                listed.insert(body)
                bodies.append(body)
            }
        }
        // Nested dissection.
        var order: [Int] = []
        var nodes: [Supernode] = []
        func dissect(_ bodies: [Int], _ rows: [Int], depth: Int) -> Int {
            if rows.isEmpty { return 0 }
            if rows.count <= Self.leafRows || bodies.count <= 1 || depth > 60 {
                nodes.append(Supernode(first: order.count, count: rows.count, children: 0))
                order += rows
                return 1
            }
            let points = bodies.map { location($0) }
            let width = points.map(\.x).max()! - points.map(\.x).min()!
            let height = points.map(\.y).max()! - points.map(\.y).min()!
            let axis = width >= height ? 0 : 1
            let sorted = bodies.sorted { lhs, rhs in
                let l = location(lhs), r = location(rhs)
                let cl = axis == 0 ? l.x : l.y, cr = axis == 0 ? r.x : r.y
                return cl != cr ? cl < cr : lhs < rhs
            }
            let half = sorted.count / 2
            let left = Set(sorted[..<half])
            var leftRows: [Int] = [], rightRows: [Int] = [], separator: [Int] = []
            for row in rows {
                let sides = [ends[row].a, ends[row].b].compactMap { $0 }.map { left.contains($0) }
                if sides.allSatisfy({ $0 }) { leftRows.append(row) }
                else if sides.allSatisfy({ !$0 }) { rightRows.append(row) }
                else { separator.append(row) }
            }
            let children = dissect(Array(sorted[..<half]), leftRows, depth: depth + 1)
                + dissect(Array(sorted[half...]), rightRows, depth: depth + 1)
            if separator.isEmpty { return children }
            nodes.append(Supernode(first: order.count, count: separator.count, children: children))
            order += separator
            return 1
        }
        _ = dissect(bodies, Array(0..<n), depth: 0)
        var position = Array(repeating: 0, count: n)
        for (e, row) in order.enumerated() { position[row] = e }

        // Rows sharing a body couple.
        var rowsOfBody: [Int: [Int]] = [:]
        for (p, end) in ends.enumerated() {
            for body in [end.a, end.b].compactMap({ $0 }) { rowsOfBody[body, default: []].append(p) }
        }
        var coupled = Array(repeating: [Int](), count: n)
        for e in 0..<n {
            let end = ends[order[e]]
            var later = Set<Int>()
            for body in [end.a, end.b].compactMap({ $0 }) {
                for other in rowsOfBody[body]! where position[other] > e { later.insert(position[other]) }
            }
            coupled[e] = later.sorted()
        }

        // Symbolic factorisation over the assembly tree.
        var flops = 0.0
        var waiting: [Int] = []  // nodes whose update matrices wait for their parent
        for k in nodes.indices {
            let pivots = nodes[k].first..<(nodes[k].first + nodes[k].count)
            var below = Set<Int>()
            for e in pivots { for other in coupled[e] where other >= pivots.upperBound { below.insert(other) } }
            let children = Array(waiting.suffix(nodes[k].children))
            waiting.removeLast(nodes[k].children)
            for child in children {
                for other in nodes[child].structure.dropFirst(nodes[child].count) where other >= pivots.upperBound {
                    below.insert(other)
                }
            }
            nodes[k].structure = Array(pivots) + below.sorted()
            var index: [Int: Int] = [:]
            for (t, e) in nodes[k].structure.enumerated() { index[e] = t }
            for child in children {
                nodes[child].relative = nodes[child].structure.dropFirst(nodes[child].count).map { index[$0]! }
            }
            let m = Double(nodes[k].structure.count), w = Double(nodes[k].count), b = m - w
            flops += w * w * w / 3 + w * w * b + w * b * b
            waiting.append(k)
        }
        self.order = order
        self.position = position
        self.supernodes = nodes
        self.coupled = coupled
        self.flops = flops
    }

    /// Solves K·x = rhs, K given by its diagonal and its entries between coupled rows (`entry(i, j)`, island rows
    /// i, j); nil when K is not positive definite.
    func solve(_ rhs: [Double], diagonal: (Int) -> Double, entry: (Int, Int) -> Double) -> [Double]? {
        var blocks: [[Double]] = []
        var updates: [[Double]] = []  // the stack of update matrices
        blocks.reserveCapacity(supernodes.count)
        for (k, node) in supernodes.enumerated() {
            let m = node.structure.count, w = node.count
            var front = Array(repeating: 0.0, count: m * m)  // column-major, lower triangle
            var slot: [Int: Int] = [:]
            for (t, e) in node.structure.enumerated() { slot[e] = t }
            for t in 0..<w {
                let e = node.first + t
                front[t + t * m] = diagonal(order[e])
                for other in coupled[e] { front[slot[other]! + t * m] = entry(order[other], order[e]) }
            }
            // Extend-add the children's update matrices: the last child is the node just before this one, each
            // earlier sibling ends just before its younger sibling's subtree; their updates leave the stack in
            // that order.
            var child = k - 1
            for _ in 0..<node.children {
                let update = updates.removeLast()
                let relative = supernodes[child].relative
                let cb = relative.count
                for j in 0..<cb {
                    for i in j..<cb { front[relative[i] + relative[j] * m] += update[i + j * cb] }
                }
                child = subtreeStart(child) - 1
            }
            // Dense partial Cholesky of the front.
            for k in 0..<w {
                let d = front[k + k * m]
                guard d > 0 else { return nil }
                let root = d.squareRoot()
                front[k + k * m] = root
                for i in (k + 1)..<m { front[i + k * m] /= root }
                for j in (k + 1)..<m {
                    let l = front[j + k * m]
                    if l == 0 { continue }
                    for i in j..<m { front[i + j * m] -= front[i + k * m] * l }
                }
            }
            blocks.append(Array(front[0..<(m * w)]))
            let b = m - w
            var update = Array(repeating: 0.0, count: b * b)
            for j in 0..<b { for i in j..<b { update[i + j * b] = front[(w + i) + (w + j) * m] } }
            updates.append(update)
        }
        // Forward and backward substitution in elimination order.
        var x = order.map { rhs[$0] }
        for (k, node) in supernodes.enumerated() {
            let m = node.structure.count, w = node.count, l = blocks[k]
            for t in 0..<w {
                let e = node.first + t
                x[e] /= l[t + t * m]
                for i in (t + 1)..<m { x[node.structure[i]] -= l[i + t * m] * x[e] }
            }
        }
        for (k, node) in supernodes.enumerated().reversed() {
            let m = node.structure.count, w = node.count, l = blocks[k]
            for t in stride(from: w - 1, through: 0, by: -1) {
                let e = node.first + t
                var v = x[e]
                for i in (t + 1)..<m { v -= l[i + t * m] * x[node.structure[i]] }
                x[e] = v / l[t + t * m]
            }
        }
        var result = Array(repeating: 0.0, count: x.count)
        for (e, row) in order.enumerated() { result[row] = x[e] }
        return result
    }

    /// The first supernode (in postorder) of the subtree rooted at k.
    private func subtreeStart(_ k: Int) -> Int {
        var start = k
        var pending = supernodes[k].children
        while pending > 0 {
            start -= 1
            pending += supernodes[start].children - 1
        }
        return start
    }
}
