internal import SolverBackend

/// World anchors moved since the last step, applied to the world in one call when the next step starts
/// (`PhysicsWorld.setJointWorldAnchors`). A dragged anchor is the one change that comes by the thousand every
/// frame (the collection-view drag moves four per cell); queueing each attachment for its own hook cost
/// 250–350 ns an anchor in per-behavior bookkeeping, this queue a few appends.
struct AnchorMoves {
    private(set) var joints: [JointID] = []
    private(set) var x: [Double] = []
    private(set) var y: [Double] = []

    /// True when no anchor waits.
    var isEmpty: Bool { joints.isEmpty }

    /// Queues `joint`'s world anchor to move to (x, y), pt; a later move of the same joint wins.
    mutating func append(_ joint: JointID, x: Double, y: Double) {
        joints.append(joint)
        self.x.append(x)
        self.y.append(y)
    }

    /// Drops the queued moves of `joint` (its behavior left the animator before the step).
    mutating func remove(_ joint: JointID) {
        var kept = 0
        for k in joints.indices where joints[k] != joint {
            joints[kept] = joints[k]
            x[kept] = x[k]
            y[kept] = y[k]
            kept += 1
        }
        joints.removeLast(joints.count - kept)
        x.removeLast(x.count - kept)
        y.removeLast(y.count - kept)
    }

    /// Forgets the queued moves, keeping the storage for the next frame.
    mutating func removeAll() {
        joints.removeAll(keepingCapacity: true)
        x.removeAll(keepingCapacity: true)
        y.removeAll(keepingCapacity: true)
    }
}
