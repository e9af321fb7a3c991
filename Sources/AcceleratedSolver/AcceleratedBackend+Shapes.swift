internal import CSolver
public import SolverBackend

extension AcceleratedBackend {
    @inline(__always)
    func raw(_ id: ShapeID) -> sdShapeId { sdShapeId(index: id.index, generation: id.generation) }

    @inline(__always)
    static func shapeID(_ raw: sdShapeId) -> ShapeID { ShapeID(index: raw.index, generation: raw.generation) }

    /// Attaches a collision shape to a live body and wakes it. Throws `SolverError.outOfMemory` when the shape
    /// storage cannot grow.
    public func createShape(on body: BodyID, _ definition: ShapeDefinition) throws(SolverError) -> ShapeID {
        var def = sdDefaultShapeDef()
        def.categoryBits = definition.categoryBits
        def.maskBits = definition.maskBits
        def.userData = definition.userData
        switch definition.geometry {
        case let .circle(center, radius):
            def.type = sdShapeType_circle
            def.centerX = center.x
            def.centerY = center.y
            def.radius = radius
        case let .segment(a, b):
            def.type = sdShapeType_segment
            def.x1 = a.x
            def.y1 = a.y
            def.x2 = b.x
            def.y2 = b.y
        case let .polygon(vertices):
            def.type = sdShapeType_polygon
            def.vertexCount = Int32(vertices.count)
            withUnsafeMutableBytes(of: &def.vertices) { bytes in
                let slots = bytes.bindMemory(to: Double.self)
                for (k, p) in vertices.enumerated() {
                    slots[2 * k] = p.x
                    slots[2 * k + 1] = p.y
                }
            }
        }
        var id = sdShapeId()
        let result = sdCreateShape(world, raw(body), &def, &id)
        if result == sdResult_outOfMemory { throw .outOfMemory }
        Self.expectOK(result, "sdCreateShape")
        return Self.shapeID(id)
    }

    /// Removes a shape and wakes its body; a touching contact of it ends at the next step.
    public func destroyShape(_ id: ShapeID) { Self.expectOK(sdDestroyShape(world, raw(id)), "sdDestroyShape") }

    /// True when `id` names a live shape.
    public func isValid(_ id: ShapeID) -> Bool { sdShape_IsValid(world, raw(id)) }

    /// Changes what a shape is (`categoryBits`) and collides with (`maskBits`), and wakes its body.
    public func setShapeFilter(_ id: ShapeID, categoryBits: UInt64, maskBits: UInt64) {
        Self.expectOK(sdShape_SetFilter(world, raw(id), categoryBits, maskBits), "sdShape_SetFilter")
    }

    /// The body a shape belongs to.
    public func shapeBody(_ id: ShapeID) -> BodyID {
        var body = sdBodyId()
        Self.expectOK(sdShape_GetBody(world, raw(id), &body), "sdShape_GetBody")
        return BodyID(index: body.index, generation: body.generation)
    }

    /// Live shapes.
    public var shapeCount: Int { Int(sdWorld_GetShapeCount(world)) }

    /// The contacts that began touching during the last step, then those that stopped (or whose shape was
    /// destroyed while touching).
    public var contactEvents: ContactEvents {
        let events = sdWorld_GetContactEvents(world)
        var out = ContactEvents()
        out.began.reserveCapacity(Int(events.beginCount))
        for k in 0..<Int(events.beginCount) {
            let e = events.begin[k]
            out.began.append(
                ContactBegan(
                    shapeA: Self.shapeID(e.shapeA), shapeB: Self.shapeID(e.shapeB), userDataA: e.userDataA,
                    userDataB: e.userDataB, point: ShapePoint(x: e.pointX, y: e.pointY),
                    normal: ShapePoint(x: e.normalX, y: e.normalY)))
        }
        out.ended.reserveCapacity(Int(events.endCount))
        for k in 0..<Int(events.endCount) {
            let e = events.end[k]
            out.ended.append(
                ContactEnded(
                    shapeA: Self.shapeID(e.shapeA), shapeB: Self.shapeID(e.shapeB), userDataA: e.userDataA,
                    userDataB: e.userDataB))
        }
        return out
    }

    /// Every contact the last step found, touching or not, in (shape A, shape B) order.
    public var contacts: [ContactInfo] {
        (0..<sdWorld_GetContactCount(world)).map { k in
            var c = sdContactData()
            Self.expectOK(sdWorld_GetContact(world, k, &c), "sdWorld_GetContact")
            let positionsX = [c.pointX.0, c.pointX.1], positionsY = [c.pointY.0, c.pointY.1]
            let separations = [c.separation.0, c.separation.1], impulses = [c.normalImpulse.0, c.normalImpulse.1]
            let points = (0..<Int(c.pointCount)).map { p in
                ContactInfo.Point(
                    position: ShapePoint(x: positionsX[p], y: positionsY[p]), separation: separations[p],
                    normalImpulse: impulses[p])
            }
            return ContactInfo(
                shapeA: Self.shapeID(c.shapeA), shapeB: Self.shapeID(c.shapeB),
                normal: ShapePoint(x: c.normalX, y: c.normalY), points: points, isTouching: c.touching)
        }
    }
}
