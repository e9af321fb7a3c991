internal import CSolver
internal import Dispatch
public import SolverBackend

/// A custom field's Swift evaluator, handed to the C core as the callback's context.
final class FieldEvaluatorBox {
    let evaluate: FieldEvaluator
    init(_ evaluate: @escaping FieldEvaluator) { self.evaluate = evaluate }
}

/// The C core's callback for every custom field: one call per field per substep, with arrays, forwarded to the
/// field's Swift evaluator (never one C → Swift call per body).
private let fieldCallback: sdFieldEvaluator = { context, batch in
    guard let context, let batch else { return }
    let box = Unmanaged<FieldEvaluatorBox>.fromOpaque(context).takeUnretainedValue()
    let b = batch.pointee
    let n = Int(b.count)
    box.evaluate(
        FieldSamples(
            x: UnsafeBufferPointer(start: b.x, count: n), y: UnsafeBufferPointer(start: b.y, count: n),
            vx: UnsafeBufferPointer(start: b.vx, count: n), vy: UnsafeBufferPointer(start: b.vy, count: n),
            mass: UnsafeBufferPointer(start: b.mass, count: n), charge: UnsafeBufferPointer(start: b.charge, count: n),
            interval: b.interval, time: b.time, forceX: UnsafeMutableBufferPointer(start: b.forceX, count: n),
            forceY: UnsafeMutableBufferPointer(start: b.forceY, count: n)))
}

extension AcceleratedBackend {
    @inline(__always)
    func raw(_ id: FieldID) -> sdFieldId { sdFieldId(index: id.index, generation: id.generation) }

    private static func raw(_ p: FieldParameters) -> sdFieldParams {
        sdFieldParams(
            x: p.x, y: p.y, strength: p.strength, falloff: p.falloff, minimumRadius: p.minimumRadius,
            directionX: p.directionX, directionY: p.directionY, smoothness: p.smoothness,
            animationSpeed: p.animationSpeed)
    }

    /// The region as the C core's postfix program (empty for the infinite region).
    private static func program(_ region: FieldRegion) -> [sdRegionNode] {
        if region == .infinite { return [] }
        var nodes: [sdRegionNode] = []
        nodes.reserveCapacity(region.nodeCount)
        region.forEachPostfix { node in
            switch node {
            case .empty: nodes.append(sdRegionNode(op: sdRegion_empty, a: 0, b: 0))
            case .infinite: nodes.append(sdRegionNode(op: sdRegion_infinite, a: 0, b: 0))
            case let .circle(radius): nodes.append(sdRegionNode(op: sdRegion_circle, a: radius, b: 0))
            case let .rectangle(width, height): nodes.append(sdRegionNode(op: sdRegion_rectangle, a: width, b: height))
            case .union: nodes.append(sdRegionNode(op: sdRegion_union, a: 0, b: 0))
            case .intersection: nodes.append(sdRegionNode(op: sdRegion_intersection, a: 0, b: 0))
            case .difference: nodes.append(sdRegionNode(op: sdRegion_difference, a: 0, b: 0))
            case .inverse: nodes.append(sdRegionNode(op: sdRegion_inverse, a: 0, b: 0))
            }
        }
        return nodes
    }

    /// Live fields.
    public var fieldCount: Int { Int(sdWorld_GetFieldCount(world)) }

    /// Adds a field (already validated) to the C world; `SolverError.outOfMemory` when it cannot grow.
    public func createField(_ definition: FieldDefinition) throws(SolverError) -> FieldID {
        var def = sdDefaultFieldDef(sdFieldKind(rawValue: definition.kind.rawValue))
        def.params = Self.raw(definition.parameters)
        let box = definition.evaluator.map(FieldEvaluatorBox.init)
        if let box {
            def.evaluator = fieldCallback
            def.evaluatorContext = Unmanaged.passUnretained(box).toOpaque()
        }
        var id = sdFieldId()
        let result = Self.program(definition.region).withUnsafeBufferPointer { nodes in
            def.region = nodes.baseAddress
            def.regionNodeCount = Int32(nodes.count)
            return sdCreateField(world, &def, &id)
        }
        if result == sdResult_outOfMemory { throw .outOfMemory }
        Self.expectOK(result, "sdCreateField")
        fieldEvaluators[id.index] = box
        return FieldID(index: id.index, generation: id.generation)
    }

    /// Removes a field; its bodies stay and are woken.
    public func destroyField(_ id: FieldID) {
        Self.expectOK(sdDestroyField(world, raw(id)), "sdDestroyField")
        fieldEvaluators[id.index] = nil
    }

    /// True when `id` names a live field.
    public func isValid(_ id: FieldID) -> Bool { sdField_IsValid(world, raw(id)) }

    /// Replaces a field's parameters (already validated).
    public func setFieldParameters(_ id: FieldID, _ parameters: FieldParameters) {
        var p = Self.raw(parameters)
        Self.expectOK(sdField_SetParams(world, raw(id), &p), "sdField_SetParams")
    }

    /// A field's parameters as last set.
    public func fieldParameters(_ id: FieldID) -> FieldParameters {
        var p = sdFieldParams()
        Self.expectOK(sdField_GetParams(world, raw(id), &p), "sdField_GetParams")
        var parameters = FieldParameters(kind: .drag)
        parameters.x = p.x
        parameters.y = p.y
        parameters.strength = p.strength
        parameters.falloff = p.falloff
        parameters.minimumRadius = p.minimumRadius
        parameters.directionX = p.directionX
        parameters.directionY = p.directionY
        parameters.smoothness = p.smoothness
        parameters.animationSpeed = p.animationSpeed
        return parameters
    }

    /// Replaces the region a field acts in; its members wake.
    public func setFieldRegion(_ id: FieldID, _ region: FieldRegion) throws(SolverError) {
        let result = Self.program(region).withUnsafeBufferPointer { nodes in
            sdField_SetRegion(world, raw(id), nodes.baseAddress, Int32(nodes.count))
        }
        if result == sdResult_outOfMemory { throw .outOfMemory }
        Self.expectOK(result, "sdField_SetRegion")
    }

    /// Makes `body` feel the field (a member already is left as it is); wakes it.
    public func addBody(_ body: BodyID, toField id: FieldID) throws(SolverError) {
        let result = sdField_AddBody(world, raw(id), raw(body))
        if result == sdResult_outOfMemory { throw .outOfMemory }
        Self.expectOK(result, "sdField_AddBody")
    }

    /// Stops `body` feeling the field (a body that is no member is ignored); wakes it.
    public func removeBody(_ body: BodyID, fromField id: FieldID) {
        Self.expectOK(sdField_RemoveBody(world, raw(id), raw(body)), "sdField_RemoveBody")
    }

    /// How many live bodies feel the field.
    public func fieldBodyCount(_ id: FieldID) -> Int { Int(sdField_GetBodyCount(world, raw(id))) }

    /// Seconds the last step spent evaluating fields (part of the statistics' `forcesSeconds`).
    public var lastFieldSeconds: Double { sdWorld_GetFieldSeconds(world) }

    /// Benchmark-only: the seconds one field law (radial gravity, vortex, spring or noise; UIKit's defaults, no
    /// region) takes over `count` bodies already in contiguous arrays (positions relative to the field, masses):
    /// the field evaluation's arithmetic without its gather, region and scatter.
    public static func timeFieldLaw(_ kind: FieldKind, x: [Double], y: [Double], mass: [Double], repetitions: Int) -> Double {
        var fx = [Double](repeating: 0, count: x.count), fy = fx
        var best = Double.infinity
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = sdBenchmark_FieldLaw(sdFieldKind(rawValue: kind.rawValue), Int32(x.count), x, y, mass, &fx, &fy)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            expectOK(result, "sdBenchmark_FieldLaw")
            best = min(best, seconds)
        }
        return best
    }
}
