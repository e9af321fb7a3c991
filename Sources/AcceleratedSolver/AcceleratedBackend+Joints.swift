internal import CSolver
public import SolverBackend

extension AcceleratedBackend {
    @inline(__always)
    func raw(_ id: JointID) -> sdJointId { sdJointId(index: id.index, generation: id.generation) }

    private func rawBody(_ id: BodyID?) -> sdBodyId {
        guard let id else { return sdBodyId(index: sdWorldBodyIndex, generation: 0) }
        return raw(id)
    }

    /// Adds a joint and wakes its bodies; the anchors are stored in the bodies' frames as they are now.
    /// Throws `SolverError.outOfMemory` when the joint array cannot grow.
    public func createJoint(_ definition: JointDefinition) throws(SolverError) -> JointID {
        var def = sdDefaultJointDef()
        def.kind = sdJointKind(rawValue: definition.kind.rawValue)
        def.bodyA = rawBody(definition.bodyA)
        def.bodyB = rawBody(definition.bodyB)
        def.anchorAX = definition.anchorAX
        def.anchorAY = definition.anchorAY
        def.anchorBX = definition.anchorBX
        def.anchorBY = definition.anchorBY
        def.length = definition.length
        def.frequency = definition.frequency
        def.dampingRatio = definition.dampingRatio
        def.axisX = definition.axisX
        def.axisY = definition.axisY
        def.lowerLimit = definition.lowerLimit
        def.upperLimit = definition.upperLimit
        def.frictionTorque = definition.frictionTorque
        var id = sdJointId()
        let result = sdCreateJoint(world, &def, &id)
        if result == sdResult_outOfMemory { throw .outOfMemory }
        Self.expectOK(result, "sdCreateJoint")
        return JointID(index: id.index, generation: id.generation)
    }

    /// Removes a joint and wakes the bodies it held.
    public func destroyJoint(_ id: JointID) { Self.expectOK(sdDestroyJoint(world, raw(id)), "sdDestroyJoint") }

    /// True when `id` names a live joint.
    public func isValid(_ id: JointID) -> Bool { sdJoint_IsValid(world, raw(id)) }

    /// The joint's two bodies (nil: the world).
    public func jointBodies(_ id: JointID) -> (a: BodyID?, b: BodyID?) {
        var a = sdBodyId()
        var b = sdBodyId()
        Self.expectOK(sdJoint_GetBodies(world, raw(id), &a, &b), "sdJoint_GetBodies")
        func body(_ id: sdBodyId) -> BodyID? {
            id.index == sdWorldBodyIndex ? nil : BodyID(index: id.index, generation: id.generation)
        }
        return (body(a), body(b))
    }

    /// Moves the world anchor of a joint attached to the world, pt, and wakes its body (the row layout is
    /// kept: moving an anchor is not a topology change).
    public func setJointWorldAnchor(_ id: JointID, x: Double, y: Double) {
        Self.expectOK(sdJoint_SetWorldAnchor(world, raw(id), x, y), "sdJoint_SetWorldAnchor")
    }

    /// Moves many world anchors in one C call (`JointID` and `sdJointId` are the same two 32-bit fields).
    public func setJointWorldAnchors(_ ids: UnsafeBufferPointer<JointID>, x: UnsafeBufferPointer<Double>,
                                     y: UnsafeBufferPointer<Double>) {
        guard let base = ids.baseAddress else { return }
        precondition(MemoryLayout<JointID>.stride == MemoryLayout<sdJointId>.stride, "JointID and sdJointId differ")
        let result = UnsafeRawPointer(base).withMemoryRebound(to: sdJointId.self, capacity: ids.count) { raw in
            sdWorld_SetJointWorldAnchors(world, raw, x.baseAddress, y.baseAddress, Int32(ids.count))
        }
        Self.expectOK(result, "sdWorld_SetJointWorldAnchors")
    }

    /// Sets the rest length (distance) or maximum length (rope), pt, and wakes the bodies.
    public func setJointLength(_ id: JointID, _ length: Double) {
        Self.expectOK(sdJoint_SetLength(world, raw(id), length), "sdJoint_SetLength")
    }

    /// Sets the spring frequency (Hz; 0 = rigid) and damping ratio, and wakes the bodies.
    public func setJointSpring(_ id: JointID, frequency: Double, dampingRatio: Double) {
        Self.expectOK(sdJoint_SetSpring(world, raw(id), frequency, dampingRatio), "sdJoint_SetSpring")
    }

    /// Sets the limits of a revolute (rad) or prismatic (pt) joint (±∞: none) and wakes the bodies.
    public func setJointLimits(_ id: JointID, lower: Double, upper: Double) {
        Self.expectOK(sdJoint_SetLimits(world, raw(id), lower, upper), "sdJoint_SetLimits")
    }

    /// Sets the friction torque of a revolute joint, kg·pt²/s², and wakes the bodies.
    public func setJointFrictionTorque(_ id: JointID, _ torque: Double) {
        Self.expectOK(sdJoint_SetFrictionTorque(world, raw(id), torque), "sdJoint_SetFrictionTorque")
    }

    /// Current distance between the anchors (pt) and relative angle θB − θA (rad).
    public func jointGeometry(_ id: JointID) -> (distance: Double, relativeAngle: Double) {
        var distance = 0.0
        var angle = 0.0
        Self.expectOK(sdJoint_GetGeometry(world, raw(id), &distance, &angle), "sdJoint_GetGeometry")
        return (distance, angle)
    }
}
