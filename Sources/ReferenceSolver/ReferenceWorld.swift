internal import Foundation
public import SolverBackend

/// The pure-Swift physics world: the same algorithms as the C core, written for clarity, with no C and no
/// BLAS. It is the oracle the C core is tested against; it is also a complete backend in its own right
/// (`DynamicAnimator(…, solver: .reference)`). Drive it through `PhysicsWorld`, which validates every argument
/// before this engine sees it.
public final class ReferenceWorld: PhysicsBackend {
    let settings: WorldSettings
    /// Slots; nil marks a free slot.
    var bodies: [ReferenceBody?] = []
    var generations: [UInt32] = []
    /// Free slots, most recently freed last (reused first).
    var freeSlots: [Int] = []
    /// Dynamic bodies that have not come to rest.
    public internal(set) var awakeBodyCount = 0
    /// Joint slots; nil marks a free slot.
    var joints: [ReferenceJoint?] = []
    var jointGenerations: [UInt32] = []
    var jointFreeSlots: [Int] = []
    /// How springs are integrated. Default analytic.
    public var springModel = SpringModel.analytic {
        didSet { topologyChanged() }
    }
    /// Bumped by every change to which rows exist or which bodies move; the joint layout is rebuilt when it moved
    /// (the C core's `topologyVersion`: the layout it reuses must be the one this reuses).
    var topologyVersion: UInt64 = 0
    /// The last joint layout and the topology version it was recorded for.
    var layoutCache: (version: UInt64, layout: ReferenceLayout)?
    /// Shapes, contacts and contact events (ReferenceShapes.swift, ReferenceContacts.swift).
    var collision = ReferenceCollisionState()
    /// Fields (ReferenceFields.swift).
    var fieldStore = ReferenceFieldStore()
    /// Test hook (the C core's `sdWorld_SetFailingFactorizationsForTesting`): while true, every direct
    /// factorisation reports failure without being tried. Internal: tests reach it with `@testable import`.
    var failsFactorizationsForTesting = false

    /// Creates an empty world with `settings` (already validated by `PhysicsWorld`).
    public init(validatedSettings settings: WorldSettings) {
        self.settings = settings
    }

    /// Live bodies.
    public var bodyCount: Int { bodies.count - freeSlots.count }

    /// Adds a body in the next free slot (the most recently freed first, as the C core does) and wakes it.
    /// Never throws: Swift arrays grow or the process stops.
    public func createBody(_ definition: BodyDefinition) -> BodyID {
        let index: Int
        if let reused = freeSlots.popLast() {
            index = reused
        } else {
            index = bodies.count
            bodies.append(nil)
            generations.append(0)
        }
        bodies[index] = ReferenceBody(definition)
        bodies[index]!.sleepNext = index
        topologyChanged()
        wake(index)
        return BodyID(index: Int32(index), generation: generations[index])
    }

    /// Removes a body, its shapes and every joint that holds it; what rested on it or with it wakes (on a static
    /// body too). Its slot is reused by the next creation.
    public func destroyBody(_ id: BodyID) {
        let i = slot(id)
        wake(i)  // leaves its sleep ring, waking the bodies that rested with it
        wakeRestingOn(i)  // a static body: what rests on it falls
        for shape in (collision.bodyShapes[i] ?? []).reversed() { destroyShapeSlot(shape) }  // newest first, as the C core
        for j in joints.indices where joints[j] != nil && (joints[j]!.bodyA == i || joints[j]!.bodyB == i) {
            destroyJointSlot(j)
        }
        if bodies[i]!.isAwake { awakeBodyCount -= 1 }
        topologyChanged()
        bodies[i] = nil
        generations[i] &+= 1
        freeSlots.append(i)
    }

    /// True when `id` names a live body (its slot is occupied and the generation matches).
    public func isValid(_ id: BodyID) -> Bool {
        let i = Int(id.index)
        return i >= 0 && i < bodies.count && bodies[i] != nil && generations[i] == id.generation
    }

    /// The slot of a live body.
    func slot(_ id: BodyID) -> Int { Int(id.index) }

    /// Marks slot i as moving and restarts its rest timer (static bodies never move). A resting body wakes with
    /// every body of its sleep ring (those that came to rest with it), and the ring dissolves.
    func wake(_ i: Int) {
        bodies[i]!.sleepTime = 0
        guard !bodies[i]!.isStatic, !bodies[i]!.isAwake else { return }
        var j = i
        repeat {
            let next = bodies[j]!.sleepNext
            bodies[j]!.sleepNext = j
            if !bodies[j]!.isAwake && !bodies[j]!.isStatic {
                bodies[j]!.isAwake = true
                awakeBodyCount += 1
                bodies[j]!.sleepTime = 0
            }
            j = next
        } while j != i
        topologyChanged()
    }

    /// Records that the joint layout must be rebuilt before the next step.
    func topologyChanged() { topologyVersion &+= 1 }

    /// Moves the centre to (x, y) pt and wakes the body (and, for a static body, what rests on it).
    public func setPosition(_ id: BodyID, x: Double, y: Double) {
        let i = slot(id)
        bodies[i]!.x = x
        bodies[i]!.y = y
        wake(i)
        wakeRestingOn(i)
    }

    /// Sets the rotation, radians, and wakes the body (and, for a static body, what rests on it).
    public func setAngle(_ id: BodyID, _ angle: Double) {
        let i = slot(id)
        bodies[i]!.angle = angle
        wake(i)
        wakeRestingOn(i)
    }

    /// Sets the linear velocity, pt/s, and wakes the body; ignored for static bodies.
    public func setLinearVelocity(_ id: BodyID, vx: Double, vy: Double) {
        let i = slot(id)
        guard !bodies[i]!.isStatic else { return }
        bodies[i]!.vx = vx
        bodies[i]!.vy = vy
        wake(i)
    }

    /// Sets the angular velocity, rad/s, and wakes the body; ignored for bodies that cannot rotate (static or
    /// fixed rotation).
    public func setAngularVelocity(_ id: BodyID, _ angularVelocity: Double) {
        let i = slot(id)
        guard bodies[i]!.invInertia != 0 else { return }
        bodies[i]!.w = angularVelocity
        wake(i)
    }

    /// Adds (dvx, dvy) pt/s and dw rad/s and wakes the body; ignored for static bodies, and `dw` is ignored
    /// for bodies that cannot rotate.
    public func addVelocity(_ id: BodyID, dvx: Double, dvy: Double, dw: Double) {
        let i = slot(id)
        guard !bodies[i]!.isStatic else { return }
        bodies[i]!.vx += dvx
        bodies[i]!.vy += dvy
        if bodies[i]!.invInertia != 0 { bodies[i]!.w += dw }
        wake(i)
    }

    /// Sets the density (> 0), rescaling mass and moment of inertia, and wakes the body.
    public func setDensity(_ id: BodyID, _ density: Double) {
        let i = slot(id)
        bodies[i]!.density = density
        bodies[i]!.updateMass()
        wake(i)
    }

    /// Sets linear and angular damping, 1/s (velocity decays as e^(−c·t)), and wakes the body.
    public func setDamping(_ id: BodyID, linear: Double, angular: Double) {
        let i = slot(id)
        bodies[i]!.linearDamping = linear
        bodies[i]!.angularDamping = angular
        wake(i)
    }

    /// Sets the gravitational acceleration acting on this body, pt/s², and wakes it.
    public func setGravity(_ id: BodyID, x: Double, y: Double) {
        let i = slot(id)
        bodies[i]!.gravityX = x
        bodies[i]!.gravityY = y
        wake(i)
    }

    /// Sets the static / fixed-rotation flags (mass and inertia follow) and wakes the body.
    public func setFlags(_ id: BodyID, _ flags: BodyFlags) {
        let i = slot(id)
        wakeRestingOn(i)  // a static body becoming dynamic (or changing) leaves what rested on it
        if flags.contains(.isStatic) {
            wake(i)  // leave its sleep ring first
            if bodies[i]!.isAwake {
                bodies[i]!.isAwake = false
                awakeBodyCount -= 1
            }
            topologyChanged()
        }
        bodies[i]!.flags = flags
        topologyChanged()
        bodies[i]!.updateMass()
        wake(i)
    }

    /// Stores the contact material (restitution ≥ 0, friction ≥ 0, electric charge) and wakes the body.
    public func setMaterial(_ id: BodyID, restitution: Double, friction: Double, charge: Double) {
        let i = slot(id)
        bodies[i]!.restitution = restitution
        bodies[i]!.friction = friction
        bodies[i]!.charge = charge
        wake(i)
    }

    /// Wakes a resting body and restarts its rest timer (static bodies stay at rest).
    public func wake(_ id: BodyID) {
        wake(slot(id))
    }

    /// Adds a force, kg·pt/s², at the world point (px, py) for the next step (an off-centre point adds the
    /// torque r × F); wakes the body; ignored for static bodies.
    public func applyForce(_ id: BodyID, fx: Double, fy: Double, px: Double, py: Double) {
        let i = slot(id)
        guard !bodies[i]!.isStatic else { return }
        let b = bodies[i]!
        bodies[i]!.forceX += fx
        bodies[i]!.forceY += fy
        bodies[i]!.torque += (px - b.x) * fy - (py - b.y) * fx
        if !b.isAwake { wake(i) }
    }

    /// Changes the velocity at once by the impulse, kg·pt/s, at the world point (px, py) (off centre, the
    /// angular velocity too); wakes the body; ignored for static bodies.
    public func applyImpulse(_ id: BodyID, jx: Double, jy: Double, px: Double, py: Double) {
        let i = slot(id)
        guard !bodies[i]!.isStatic else { return }
        let b = bodies[i]!
        bodies[i]!.vx += jx * b.invMass
        bodies[i]!.vy += jy * b.invMass
        bodies[i]!.w += ((px - b.x) * jy - (py - b.y) * jx) * b.invInertia
        if !b.isAwake { wake(i) }
    }

    /// One body's position, velocity, mass, inertia and rest state.
    public func state(of id: BodyID) -> BodyState {
        let b = bodies[slot(id)]!
        return BodyState(
            x: b.x, y: b.y, angle: b.angle, vx: b.vx, vy: b.vy, angularVelocity: b.w,
            mass: b.invMass == 0 ? 0 : 1 / b.invMass, inertia: b.invInertia == 0 ? 0 : 1 / b.invInertia,
            isAwake: b.isAwake)
    }

    /// Calls `body` with views of every slot's state, copied into temporary arrays for the call (clarity
    /// over speed); valid only inside `body`.
    public func withStateBuffers<R>(_ body: (BodyStateBuffers) throws -> R) rethrows -> R {
        // Gathered into arrays for the call: clarity over speed, as everywhere in the reference.
        let x = bodies.map { $0?.x ?? 0 }
        let y = bodies.map { $0?.y ?? 0 }
        let angle = bodies.map { $0?.angle ?? 0 }
        let vx = bodies.map { $0?.vx ?? 0 }
        let vy = bodies.map { $0?.vy ?? 0 }
        let w = bodies.map { $0?.w ?? 0 }
        let alive = bodies.map { $0 == nil ? UInt8(0) : 1 }
        let awake = bodies.map { $0?.isAwake == true ? UInt8(1) : 0 }
        return try x.withUnsafeBufferPointer { x in
            try y.withUnsafeBufferPointer { y in
                try angle.withUnsafeBufferPointer { angle in
                    try vx.withUnsafeBufferPointer { vx in
                        try vy.withUnsafeBufferPointer { vy in
                            try w.withUnsafeBufferPointer { w in
                                try alive.withUnsafeBufferPointer { alive in
                                    try awake.withUnsafeBufferPointer { awake in
                                        try body(
                                            BodyStateBuffers(
                                                x: x, y: y, angle: angle, vx: vx, vy: vy, angularVelocity: w,
                                                alive: alive, awake: awake))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Bodies whose rotated bounding box overlaps [minX, maxX] × [minY, maxY], in slot order.
    public func bodies(inRectMinX minX: Double, minY: Double, maxX: Double, maxY: Double) -> [BodyID] {
        var found: [BodyID] = []
        for (i, slot) in bodies.enumerated() {
            guard let b = slot else { continue }
            let c = abs(cos(b.angle))
            let s = abs(sin(b.angle))
            let hx = 0.5 * (c * b.width + s * b.height)
            let hy = 0.5 * (s * b.width + c * b.height)
            if b.x + hx < minX || b.x - hx > maxX { continue }
            if b.y + hy < minY || b.y - hy > maxY { continue }
            found.append(BodyID(index: Int32(i), generation: generations[i]))
        }
        return found
    }
}
