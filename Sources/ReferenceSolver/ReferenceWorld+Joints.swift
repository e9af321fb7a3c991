internal import Foundation
public import SolverBackend

extension ReferenceWorld {
    /// The slot of a live joint.
    func jointSlot(_ id: JointID) -> Int { Int(id.index) }

    /// The id of the body in slot `i` (nil: the world).
    func bodyID(_ i: Int?) -> BodyID? { i.map { BodyID(index: Int32($0), generation: generations[$0]) } }

    /// True when `id` names a live joint.
    public func isValid(_ id: JointID) -> Bool {
        let i = Int(id.index)
        return i >= 0 && i < joints.count && joints[i] != nil && jointGenerations[i] == id.generation
    }

    /// World → local coordinates of a body (the world keeps world coordinates).
    func toLocal(_ body: Int?, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        guard let i = body, let b = bodies[i] else { return (x, y) }
        let c = cos(b.angle), s = sin(b.angle)
        let dx = x - b.x, dy = y - b.y
        return (c * dx + s * dy, -s * dx + c * dy)
    }

    /// World position of a local anchor and its offset from the body's centre.
    func anchorWorld(_ body: Int?, _ local: (x: Double, y: Double)) -> (x: Double, y: Double, rx: Double, ry: Double) {
        guard let i = body, let b = bodies[i] else { return (local.x, local.y, 0, 0) }
        let c = cos(b.angle), s = sin(b.angle)
        let rx = c * local.x - s * local.y
        let ry = s * local.x + c * local.y
        return (b.x + rx, b.y + ry, rx, ry)
    }

    func bodyAngle(_ body: Int?) -> Double { body.flatMap { bodies[$0]?.angle } ?? 0 }

    /// Wakes the bodies a joint holds.
    func wakeJoint(_ joint: ReferenceJoint) {
        if let a = joint.bodyA { wake(a) }
        if let b = joint.bodyB { wake(b) }
    }

    /// Adds a joint in the next free joint slot and wakes its bodies; the anchors are stored in the bodies'
    /// frames as they are now.
    public func createJoint(_ definition: JointDefinition) -> JointID {
        let a = definition.bodyA.map(slot)
        let b = definition.bodyB.map(slot)
        // Scaled by the larger component first, so a huge axis does not overflow (the C core's sd_unit_axis).
        let m = max(abs(definition.axisX), abs(definition.axisY))
        var ux = 1.0, uy = 0.0
        if m > 0 {
            let sx = definition.axisX / m, sy = definition.axisY / m, length = (sx * sx + sy * sy).squareRoot()
            ux = sx / length
            uy = sy / length
        }
        let angleA = bodyAngle(a)
        let joint = ReferenceJoint(
            kind: definition.kind, bodyA: a, bodyB: b,
            localA: toLocal(a, definition.anchorAX, definition.anchorAY),
            localB: toLocal(b, definition.anchorBX, definition.anchorBY),
            length: definition.length, frequency: definition.frequency, dampingRatio: definition.dampingRatio,
            axisLocal: (cos(angleA) * ux + sin(angleA) * uy, -sin(angleA) * ux + cos(angleA) * uy),
            referenceAngle: bodyAngle(b) - angleA, lowerLimit: definition.lowerLimit,
            upperLimit: definition.upperLimit, frictionTorque: definition.frictionTorque)
        let index: Int
        if let reused = jointFreeSlots.popLast() {
            index = reused
        } else {
            index = joints.count
            joints.append(nil)
            jointGenerations.append(0)
        }
        joints[index] = joint
        wakeJoint(joint)
        topologyChanged()
        return JointID(index: Int32(index), generation: jointGenerations[index])
    }

    /// Frees joint slot i, waking the bodies it held.
    func destroyJointSlot(_ i: Int) {
        wakeJoint(joints[i]!)
        joints[i] = nil
        jointGenerations[i] &+= 1
        jointFreeSlots.append(i)
        topologyChanged()
    }

    /// Removes a joint and wakes the bodies it held.
    public func destroyJoint(_ id: JointID) {
        destroyJointSlot(jointSlot(id))
    }

    /// The joint's two bodies (nil: the world).
    public func jointBodies(_ id: JointID) -> (a: BodyID?, b: BodyID?) {
        let joint = joints[jointSlot(id)]!
        return (bodyID(joint.bodyA), bodyID(joint.bodyB))
    }

    /// Moves the world anchor of a joint attached to the world, pt, and wakes its body.
    public func setJointWorldAnchor(_ id: JointID, x: Double, y: Double) {
        let i = jointSlot(id)
        if joints[i]!.bodyB == nil {
            joints[i]!.localB = (x, y)
        } else if joints[i]!.bodyA == nil {
            joints[i]!.localA = (x, y)
        }
        wakeJoint(joints[i]!)
    }

    /// Sets the rest length (distance) or maximum length (rope), pt, and wakes the bodies.
    public func setJointLength(_ id: JointID, _ length: Double) {
        let i = jointSlot(id)
        joints[i]!.length = length
        wakeJoint(joints[i]!)
        topologyChanged()
    }

    /// Sets the spring frequency (Hz; 0 = rigid) and damping ratio, and wakes the bodies.
    public func setJointSpring(_ id: JointID, frequency: Double, dampingRatio: Double) {
        let i = jointSlot(id)
        joints[i]!.frequency = frequency
        joints[i]!.dampingRatio = dampingRatio
        wakeJoint(joints[i]!)
        topologyChanged()
    }

    /// Sets the limits of a revolute (rad) or prismatic (pt) joint (±∞: none) and wakes the bodies.
    public func setJointLimits(_ id: JointID, lower: Double, upper: Double) {
        let i = jointSlot(id)
        joints[i]!.lowerLimit = lower
        joints[i]!.upperLimit = upper
        wakeJoint(joints[i]!)
        topologyChanged()
    }

    /// Sets the friction torque of a revolute joint, kg·pt²/s², and wakes the bodies.
    public func setJointFrictionTorque(_ id: JointID, _ torque: Double) {
        let i = jointSlot(id)
        joints[i]!.frictionTorque = torque
        wakeJoint(joints[i]!)
        topologyChanged()
    }

    /// Current distance between the anchors (pt) and relative angle θB − θA (rad).
    public func jointGeometry(_ id: JointID) -> (distance: Double, relativeAngle: Double) {
        let joint = joints[jointSlot(id)]!
        let a = anchorWorld(joint.bodyA, joint.localA)
        let b = anchorWorld(joint.bodyB, joint.localB)
        return (hypot(b.x - a.x, b.y - a.y), bodyAngle(joint.bodyB) - bodyAngle(joint.bodyA))
    }
}
