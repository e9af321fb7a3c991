import Foundation

/// Broadphase, incremental as in the C core (broadphase.c): every shape keeps an enlarged box, its swept box grown
/// by `fatMargin`, re-made only when the swept box leaves it. A contact lives while its shapes' kept boxes overlap,
/// so only the pairs with a shape whose box was re-made (or whose body started or stopped moving, or whose filter
/// changed) are looked for. The C core bins the kept boxes into a hash grid; the grid only accelerates, the
/// decision is the same test on the same boxes and its pairs come out in (a, b) order — so testing every pair
/// finds the same list.
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

    /// Re-makes shape i's kept box when its swept box left it (or it has none), and records whether its pairs must
    /// be looked for again: the box was re-made, or its body started or stopped moving. Returns that.
    private func updateKeptBox(_ i: Int) -> Bool {
        var shape = collision.shapes[i]!
        let moving = moves(shape.body)
        let inside = shape.fatValid && shape.minX >= shape.fatMinX && shape.minY >= shape.fatMinY
            && shape.maxX <= shape.fatMaxX && shape.maxY <= shape.fatMaxY
        if !inside {
            shape.fatMinX = shape.minX - ReferenceConstants.fatMargin
            shape.fatMinY = shape.minY - ReferenceConstants.fatMargin
            shape.fatMaxX = shape.maxX + ReferenceConstants.fatMargin
            shape.fatMaxY = shape.maxY + ReferenceConstants.fatMargin
            shape.fatValid = true
        }
        shape.enlarged = !inside || moving != shape.moved
        shape.moved = moving
        collision.shapes[i] = shape
        return shape.enlarged
    }

    /// Updates every shape's swept and kept boxes, then finds every pair (a < b) of shapes that may collide and of
    /// which one was enlarged — different bodies, one of them moving, filters agreeing either way, kept boxes
    /// overlapping — in (a, b) order. `found` is false when no shape was enlarged: every contact then stays.
    func findPairs(dt: Double) -> (pairs: [(a: Int, b: Int)], found: Bool) {
        var enlarged = 0
        for i in collision.shapes.indices where collision.shapes[i] != nil {
            sweepBounds(i, dt: dt)
            if updateKeptBox(i) { enlarged += 1 }
        }
        if enlarged == 0 { return ([], false) }
        // What the pair test reads, gathered once: the test runs for every pair.
        struct Entry {
            var body: Int
            var moves: Bool
            var enlarged: Bool
            var category: UInt64
            var mask: UInt64
            var minX, minY, maxX, maxY: Double
        }
        var entries: [(slot: Int, entry: Entry)] = []
        for (i, shape) in collision.shapes.enumerated() {
            guard let s = shape else { continue }
            entries.append(
                (i, Entry(body: s.body, moves: moves(s.body), enlarged: s.enlarged, category: s.categoryBits,
                          mask: s.maskBits, minX: s.fatMinX, minY: s.fatMinY, maxX: s.fatMaxX, maxY: s.fatMaxY)))
        }
        var pairs: [(a: Int, b: Int)] = []
        for p in entries.indices {
            let a = entries[p].entry
            for q in (p + 1)..<entries.count {
                let b = entries[q].entry
                // The C core's candidate test, in its order.
                guard a.enlarged || b.enlarged else { continue }
                guard a.body != b.body, a.moves || b.moves else { continue }
                guard (a.category & b.mask) != 0 || (b.category & a.mask) != 0 else { continue }
                guard a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY else { continue }
                pairs.append((entries[p].slot, entries[q].slot))
            }
        }
        return (pairs, true)
    }
}
