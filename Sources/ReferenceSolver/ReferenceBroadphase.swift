import Foundation

/// Broadphase: every pair of shapes whose boxes, swept over the step's motion and grown by half the speculative
/// distance, overlap. The C core bins the boxes into a hash grid; the grid only accelerates, the decision is the
/// same test on the same boxes, and its pairs come out in (a, b) order — so testing every pair finds the same
/// list.
extension ReferenceWorld {
    /// Whether the body moves this step (dynamic and awake).
    func moves(_ body: Int) -> Bool { bodies[body]!.isAwake && !bodies[body]!.isStatic }

    /// The box of shape i swept over the step: current bounds, plus the distance the body can travel in dt at its
    /// velocity (and the velocity gravity and forces add), plus what turning moves the shape's far points, plus
    /// half the speculative distance on every side.
    private func sweepBounds(_ i: Int, dt: Double) {
        let shape = collision.shapes[i]!
        var (minX, minY, maxX, maxY) = shapeBounds(shape)
        var grow = 0.5 * ReferenceConstants.speculativeBase
        if moves(shape.body) {
            let b = bodies[shape.body]!
            let ax = b.gravityX + b.forceX * b.invMass
            let ay = b.gravityY + b.forceY * b.invMass
            let dx = b.vx * dt, dy = b.vy * dt
            let turn = abs(b.w) * dt * shape.extent
            grow += (ax * ax + ay * ay).squareRoot() * dt * dt + (turn < 2.0 * shape.extent ? turn : 2.0 * shape.extent)
            if dx < 0 { minX += dx } else { maxX += dx }
            if dy < 0 { minY += dy } else { maxY += dy }
        }
        collision.shapes[i]!.minX = minX - grow
        collision.shapes[i]!.minY = minY - grow
        collision.shapes[i]!.maxX = maxX + grow
        collision.shapes[i]!.maxY = maxY + grow
    }

    /// Every pair (a < b) of shapes that may collide this step — different bodies, one of them moving, filters
    /// agreeing either way, swept boxes overlapping — in (a, b) order.
    func findPairs(dt: Double) -> [(a: Int, b: Int)] {
        let shapes = collision.shapes
        for i in shapes.indices where shapes[i] != nil { sweepBounds(i, dt: dt) }
        // What the pair test reads, gathered once: the test runs for every pair.
        struct Entry {
            var body: Int
            var moves: Bool
            var category: UInt64
            var mask: UInt64
            var minX, minY, maxX, maxY: Double
        }
        var entries: [(slot: Int, entry: Entry)] = []
        for (i, shape) in collision.shapes.enumerated() {
            guard let s = shape else { continue }
            entries.append(
                (i, Entry(body: s.body, moves: moves(s.body), category: s.categoryBits, mask: s.maskBits,
                          minX: s.minX, minY: s.minY, maxX: s.maxX, maxY: s.maxY)))
        }
        var pairs: [(a: Int, b: Int)] = []
        for p in entries.indices {
            let a = entries[p].entry
            for q in (p + 1)..<entries.count {
                let b = entries[q].entry
                guard a.body != b.body, a.moves || b.moves else { continue }
                guard (a.category & b.mask) != 0 || (b.category & a.mask) != 0 else { continue }
                guard a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY else { continue }
                pairs.append((entries[p].slot, entries[q].slot))
            }
        }
        return pairs
    }
}
