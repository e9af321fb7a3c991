// The soak scene: every behavior kind at once, run for as long as it takes to show that nothing drifts. A
// 1000 × 800 box holds a rigid chain, springs to fixed anchors, a pin, a weld and a slider, and a pile of
// boxes under gravity and collisions. Each cycle of 1000 steps has an active half (fields of every kind, a
// snap, pushes, one box replaced by a new one) and a quiet half in which nothing can add energy, so the
// mechanical energy (SoakReading) may only fall there.
package import Dynamics
package import Foundation

/// The soak scene and its script, frame by frame (1/60 s).
@MainActor
package final class SoakScene {
    /// Steps per cycle (1000 unless the scene was made with fewer); the first half of each is active.
    package let cycleSteps: Int
    package var activeSteps: Int { cycleSteps / 2 }
    /// Gravity, pt/s² (magnitude 1).
    package static let gravity = 1000.0
    /// The anchored springs' frequency (Hz): their potential is ½·m·(2πf)²·(d − L)².
    package static let springFrequency = 1.5

    package let animator: DynamicAnimator
    package let screen: View
    /// Every item now in the scene (boxes come and go; the rest stay).
    package private(set) var items: [View] = []
    /// The items that collide (with each other and the box's edges): they must stay inside the box.
    package private(set) var colliding: Set<ObjectIdentifier> = []
    /// The items held by springs to fixed anchors, with their anchor and rest length.
    package private(set) var springs: [(item: View, anchor: CGPoint, length: CGFloat)] = []
    /// Steps taken.
    package private(set) var step = 0

    private let gravity = GravityBehavior()
    private let collision = CollisionBehavior()
    private let properties = DynamicItemBehavior()
    private var boxes: [View] = []
    private var nextBox = 0
    // Made once the boxes exist (so after every stored property has a value).
    private var snap: SnapBehavior!
    private var push: PushBehavior!
    private var fields: [FieldBehavior] = []

    /// `cycleSteps`: steps per cycle (even, ≥ 2); tests use shorter cycles to see several in fewer steps.
    package init(solver: SolverKind, cycleSteps: Int = 1000) {
        precondition(cycleSteps >= 2 && cycleSteps % 2 == 0, "SoakScene: cycleSteps must be even and ≥ 2 (got \(cycleSteps))")
        self.cycleSteps = cycleSteps
        screen = View(frame: CGRect(x: 0, y: 0, width: 1000, height: 800))
        animator = DynamicAnimator(referenceView: screen, solver: solver)
        collision.translatesReferenceBoundsIntoBoundary = true
        properties.elasticity = 0.3
        properties.friction = 0.4
        for behavior in [gravity, collision, properties] as [DynamicBehavior] { animator.addBehavior(behavior) }

        // A rigid chain of four links from a fixed anchor (not colliding).
        let anchor = CGPoint(x: 150, y: 60)
        var previous: View?
        for k in 1...4 {
            let link = add(CGRect(x: 140 + 25 * CGFloat(k), y: 50, width: 20, height: 20), colliding: false)
            let joint = previous.map { AttachmentBehavior(item: link, attachedTo: $0) }
                ?? AttachmentBehavior(item: link, attachedToAnchor: anchor)
            animator.addBehavior(joint)
            previous = link
        }
        // Two springs to fixed anchors, stretched at the start.
        for (k, x) in [CGFloat(650), 800].enumerated() {
            let item = add(CGRect(x: x - 15, y: 200 + 40 * CGFloat(k), width: 30, height: 30), colliding: true)
            let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: x, y: 100))
            spring.length = 60
            spring.frequency = Self.springFrequency
            spring.damping = 0.1
            animator.addBehavior(spring)
            springs.append((item, CGPoint(x: x, y: 100), 60))
        }
        // A pinned pair, a welded pair and a slider on a horizontal rail. Both items of each jointed pair collide,
        // with each other too (UIKit's semantics). Until 2026-11-26 only one of each did: the soak had found that
        // such a contact can contradict its joint. The velocity stage asked it for the trapezoidal reversal (a
        // pinned pair landing folded was thrown at 10⁵ pt/s); restitution solved contacts without the joints, so one
        // item of a pair bounced while its partner did not (a crossed pinned pair thrown at 10¹⁵ pt/s); and beside
        // a pin the contact's rows nearly repeat the pin's, so in the island's exact solve their disagreement grew
        // impulses of 10⁵ (the snap pulling the pinned pair off the floor threw it). contact_solver.c now solves
        // such a contact as a block of its own after the exact solve and carries bounces through the joints.
        let pinA = add(CGRect(x: 400, y: 100, width: 40, height: 20), colliding: true)
        let pinB = add(CGRect(x: 440, y: 100, width: 40, height: 20), colliding: true)
        animator.addBehavior(AttachmentBehavior.pinAttachment(with: pinA, attachedTo: pinB, attachmentAnchor: CGPoint(x: 440, y: 110)))
        let weldA = add(CGRect(x: 520, y: 300, width: 30, height: 30), colliding: true)
        let weldB = add(CGRect(x: 550, y: 300, width: 30, height: 30), colliding: true)
        animator.addBehavior(AttachmentBehavior.fixedAttachment(with: weldA, attachedTo: weldB, attachmentAnchor: CGPoint(x: 550, y: 315)))
        let slider = add(CGRect(x: 280, y: 500, width: 30, height: 30), colliding: true)
        animator.addBehavior(AttachmentBehavior.slidingAttachment(
            with: slider, attachmentAnchor: CGPoint(x: 295, y: 515), axisOfTranslation: CGVector(dx: 1, dy: 0)))
        // The pile: boxes replaced one per cycle.
        for k in 0..<6 { addBox(k) }
        properties.charge = 0

        snap = SnapBehavior(item: pinB, snapTo: CGPoint(x: 500, y: 400))  // an item that stays
        push = PushBehavior(items: Array(boxes.prefix(3)), mode: .continuous)
        push.setAngle(-0.8, magnitude: 0.3)
        let region = Region(radius: 300)
        let radial = FieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 400))
        radial.region = region
        radial.strength = 0.5
        let vortex = FieldBehavior.vortexField()
        vortex.position = CGPoint(x: 500, y: 400)
        vortex.region = region
        vortex.strength = 0.002
        let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        noise.strength = 0.3
        let turbulence = FieldBehavior.turbulenceField(smoothness: 0.4, animationSpeed: 0.5)
        turbulence.strength = 0.2
        let drag = FieldBehavior.dragField()
        drag.strength = 0.5
        let electric = FieldBehavior.electricField()
        electric.position = CGPoint(x: 300, y: 600)
        electric.strength = 0.3
        let magnetic = FieldBehavior.magneticField()
        magnetic.position = CGPoint(x: 700, y: 600)
        magnetic.strength = 0.3
        let spring = FieldBehavior.springField()
        spring.position = CGPoint(x: 500, y: 500)
        spring.strength = 0.5
        let linear = FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
        linear.strength = 0.2
        let velocity = FieldBehavior.velocityField(direction: CGVector(dx: 0, dy: -1))
        velocity.region = Region(size: CGSize(width: 100, height: 100))
        velocity.position = CGPoint(x: 850, y: 700)
        // A custom field whose force depends only on position and velocity (deterministic).
        let custom = FieldBehavior.field { _, position, velocity, mass, _, _ in
            CGVector(dx: -0.01 * velocity.dx * mass, dy: 0.02 * sin(Double(position.x) / 100) * mass)
        }
        fields = [radial, vortex, noise, turbulence, drag, electric, magnetic, spring, linear, velocity, custom]
        for field in fields { for box in boxes { field.addItem(box) } }
        for spring in springs { noise.addItem(spring.item) }
    }

    /// Adds an item of `frame` under gravity and item properties (and collisions when `colliding`).
    private func add(_ frame: CGRect, colliding: Bool) -> View {
        let item = View(frame: frame)
        screen.addSubview(item)
        gravity.addItem(item)
        properties.addItem(item)
        if colliding {
            collision.addItem(item)
            self.colliding.insert(ObjectIdentifier(item))
        }
        items.append(item)
        return item
    }

    /// A new box in the pile, its place and charge varying with `k`.
    private func addBox(_ k: Int) {
        let x = 100 + CGFloat((k * 137) % 800), y = 350 + CGFloat((k * 59) % 150)
        let box = add(CGRect(x: x, y: y, width: 36 + CGFloat(k % 3) * 6, height: 36), colliding: true)
        boxes.append(box)
        nextBox = k + 1
    }

    /// The script for the coming step, then the step: returns whether the animator ran.
    @discardableResult
    package func advance() -> Bool {
        let phase = step % cycleSteps
        if phase == 0 { beginActiveHalf() }
        if phase == activeSteps { beginQuietHalf() }
        step += 1
        return animator.step(1.0 / 60.0)
    }

    /// Fields, a snap and a push on; the oldest box leaves and a new one comes.
    private func beginActiveHalf() {
        if step > 0 {
            let leaving = boxes.removeFirst()
            for behavior in [gravity, collision, properties] as [DynamicBehavior] { remove(leaving, from: behavior) }
            for field in fields { field.removeItem(leaving) }
            push.removeItem(leaving)
            leaving.removeFromSuperview()
            items.removeAll { $0 === leaving }
            colliding.remove(ObjectIdentifier(leaving))
            addBox(nextBox)
            for field in fields { field.addItem(boxes.last!) }
        }
        for field in fields { animator.addBehavior(field) }
        snap.snapPoint = CGPoint(x: 300 + CGFloat((step / cycleSteps) % 5) * 100, y: 400)
        animator.addBehavior(snap)
        animator.addBehavior(push)
    }

    /// Everything that can add energy off: fields, the snap and the push.
    private func beginQuietHalf() {
        for field in fields { animator.removeBehavior(field) }
        animator.removeBehavior(snap)
        animator.removeBehavior(push)
    }

    private func remove(_ item: View, from behavior: DynamicBehavior) {
        switch behavior {
        case let g as GravityBehavior: g.removeItem(item)
        case let c as CollisionBehavior: c.removeItem(item)
        case let p as DynamicItemBehavior: p.removeItem(item)
        default: break
        }
    }

    /// The scene's energy scale, kg·pt²/s²: every item lifted from the floor to the top of the box. Energy
    /// changes are measured against it.
    package static func energyScale(_ scene: SoakScene) -> Double {
        scene.items.reduce(0) { sum, item in
            sum + Double(item.bounds.width * item.bounds.height) / 10_000 * gravity * Double(scene.screen.bounds.height)
        }
    }

    /// The largest rise of the energy over a quiet half, relative to ``energyScale(_:)``, the checks accept:
    /// round-off and the position projection of the rigid joints, far below what a real energy source would add.
    package static let energyTolerance = 1e-3

    /// True during the quiet half of a cycle (after `advance()` returned for the step just taken).
    package var isQuiet: Bool { (step - 1) % cycleSteps >= activeSteps }

    /// An item's linear velocity, pt/s.
    package func velocity(of item: View) -> CGPoint { properties.linearVelocity(for: item) }

    /// What the scene looks like now: energy, finiteness, containment and a hash of the state.
    package func reading() -> SoakReading { SoakReading(self, velocities: properties) }
}
