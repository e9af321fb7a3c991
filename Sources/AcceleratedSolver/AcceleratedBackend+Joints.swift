internal import CSolver
public import SolverBackend

extension AcceleratedBackend {
    @inline(__always)
    func raw(_ id: JointID) -> sdJointId { sdJointId(index: id.index, generation: id.generation) }

    private func rawBody(_ id: BodyID?) -> sdBodyId {
        guard let id else { return sdBodyId(index: sdWorldBodyIndex, generation: 0) }
        return raw(id)
    }

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

    public func destroyJoint(_ id: JointID) { Self.expectOK(sdDestroyJoint(world, raw(id)), "sdDestroyJoint") }

    public func isValid(_ id: JointID) -> Bool { sdJoint_IsValid(world, raw(id)) }

    public func jointBodies(_ id: JointID) -> (a: BodyID?, b: BodyID?) {
        var a = sdBodyId()
        var b = sdBodyId()
        Self.expectOK(sdJoint_GetBodies(world, raw(id), &a, &b), "sdJoint_GetBodies")
        func body(_ id: sdBodyId) -> BodyID? {
            id.index == sdWorldBodyIndex ? nil : BodyID(index: id.index, generation: id.generation)
        }
        return (body(a), body(b))
    }

    public func setJointWorldAnchor(_ id: JointID, x: Double, y: Double) {
        Self.expectOK(sdJoint_SetWorldAnchor(world, raw(id), x, y), "sdJoint_SetWorldAnchor")
    }

    public func setJointLength(_ id: JointID, _ length: Double) {
        Self.expectOK(sdJoint_SetLength(world, raw(id), length), "sdJoint_SetLength")
    }

    public func setJointSpring(_ id: JointID, frequency: Double, dampingRatio: Double) {
        Self.expectOK(sdJoint_SetSpring(world, raw(id), frequency, dampingRatio), "sdJoint_SetSpring")
    }

    public func setJointLimits(_ id: JointID, lower: Double, upper: Double) {
        Self.expectOK(sdJoint_SetLimits(world, raw(id), lower, upper), "sdJoint_SetLimits")
    }

    public func setJointFrictionTorque(_ id: JointID, _ torque: Double) {
        Self.expectOK(sdJoint_SetFrictionTorque(world, raw(id), torque), "sdJoint_SetFrictionTorque")
    }

    public func jointGeometry(_ id: JointID) -> (distance: Double, relativeAngle: Double) {
        var distance = 0.0
        var angle = 0.0
        Self.expectOK(sdJoint_GetGeometry(world, raw(id), &distance, &angle), "sdJoint_GetGeometry")
        return (distance, angle)
    }
}
