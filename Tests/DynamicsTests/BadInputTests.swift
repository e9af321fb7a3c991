// Bad input stops the process with a message that names the parameter and the value (exit tests), and the
// misuses UIKit tolerates are ignored silently.
import Dynamics
import Foundation
import Testing

@Suite("Bad input", .serialized)
struct BadInputTests {
    @Test("Negative density names the parameter and the value")
    func negativeDensity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            DynamicItemBehavior().density = -1
        }
        let text = standardError(result)
        #expect(text.contains("DynamicItemBehavior.density") && text.contains("-1.0"), "\(text)")
    }

    @Test("Negative resistance")
    func negativeResistance() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            DynamicItemBehavior().resistance = -0.5
        }
        let text = standardError(result)
        #expect(text.contains("resistance") && text.contains("-0.5"), "\(text)")
    }

    @Test("NaN gravity magnitude")
    func nanGravityMagnitude() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            GravityBehavior().magnitude = .nan
        }
        let text = standardError(result)
        #expect(text.contains("GravityBehavior.magnitude") && text.contains("nan"), "\(text)")
    }

    @Test("Infinite gravity direction")
    func infiniteGravityDirection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            GravityBehavior().gravityDirection = CGVector(dx: 0.0, dy: .infinity)
        }
        let text = standardError(result)
        #expect(text.contains("gravityDirection") && text.contains("inf"), "\(text)")
    }

    @Test("NaN push direction")
    func nanPushDirection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            PushBehavior(items: [], mode: .continuous).pushDirection = CGVector(dx: CGFloat.nan, dy: 0.0)
        }
        let text = standardError(result)
        #expect(text.contains("PushBehavior.pushDirection") && text.contains("nan"), "\(text)")
    }

    @Test("An item with a NaN centre added to an animator")
    func nanCenterItem() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.accelerated)
            let box = scene.box()
            box.center = CGPoint(x: CGFloat.nan, y: 10)
            scene.animator.addBehavior(GravityBehavior(items: [box]))
        }
        let text = standardError(result)
        #expect(text.contains("Center of item") && text.contains("nan"), "\(text)")
    }

    @Test("An animated item moved to a NaN centre by hand")
    func nanCenterLater() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.reference)
            let box = scene.box()
            scene.animator.addBehavior(GravityBehavior(items: [box]))
            scene.animator.step()
            box.center = CGPoint(x: 1, y: CGFloat.nan)
            scene.animator.step()
        }
        let text = standardError(result)
        #expect(text.contains("Center of item") && text.contains("nan"), "\(text)")
    }

    @Test("updateItem with a NaN centre")
    func nanCenterUpdate() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.accelerated)
            let box = scene.box()
            scene.animator.addBehavior(GravityBehavior(items: [box]))
            box.center = CGPoint(x: CGFloat.nan, y: CGFloat.nan)
            scene.animator.updateItem(usingCurrentState: box)
        }
        let text = standardError(result)
        #expect(text.contains("updateItem") && text.contains("nan"), "\(text)")
    }

    @Test("An item whose transform has a NaN rotation")
    func nanRotation() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.reference)
            let box = scene.box()
            box.transform = CGAffineTransform(a: CGFloat.nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            scene.animator.addBehavior(GravityBehavior(items: [box]))
        }
        let text = standardError(result)
        #expect(text.contains("Rotation of item") && text.contains("nan"), "\(text)")
    }

    @Test("An item with zero width")
    func zeroWidth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.accelerated)
            let box = scene.box(width: 0, height: 50)
            scene.animator.addBehavior(GravityBehavior(items: [box]))
        }
        let text = standardError(result)
        #expect(text.contains("Invalid size") && text.contains("0.0") && text.contains("50.0"), "\(text)")
    }

    @Test("A .path item with a concave bounding path")
    func concavePath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            final class Arrow: DynamicItem {
                var center = CGPoint(x: 0, y: 0)
                var bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                var transform = CGAffineTransform.identity
                var collisionBoundsType: DynamicItemCollisionBoundsType { .path }
                var collisionBoundingPath: BezierPath {
                    BezierPath(polygon: [CGPoint(x: -10, y: -10), CGPoint(x: 10, y: 0), CGPoint(x: -10, y: 10), CGPoint(x: -4, y: 0)])
                }
            }
            let animator = DynamicAnimator(solver: .reference)
            animator.addBehavior(GravityBehavior(items: [Arrow()]))
        }
        let text = standardError(result)
        #expect(text.contains("invalid bounding path"), "\(text)")
    }

    /// Frame lengths `step` refuses, by index (exit tests capture only encodable values; ∞ is not JSON).
    private static let badFrames: [Double] = [0, -1, .infinity, 1e-12]

    @Test("step(0), step(-1), step(∞) and a step shorter than a nanosecond", arguments: 0..<4)
    func badStep(index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            await MainActor.run {
                let scene = Scene(.accelerated)
                scene.animator.addBehavior(GravityBehavior(items: [scene.box()]))
                scene.animator.step(BadInputTests.badFrames[index])
            }
        }
        let text = standardError(result)
        let dt = Self.badFrames[index]
        #expect(text.contains("dt must be finite and ≥ 1e-09 s") && text.contains("(got \(dt))"), "\(text)")
    }

    @Test("maximumSubstepInterval 0")
    func zeroSubstep() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            DynamicAnimator(solver: .reference).maximumSubstepInterval = 0
        }
        let text = standardError(result)
        #expect(text.contains("maximumSubstepInterval") && text.contains("0.0"), "\(text)")
    }

    @Test("A behavior added to a second animator")
    func secondAnimator() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.accelerated)
            let gravity = GravityBehavior(items: [scene.box()])
            scene.animator.addBehavior(gravity)
            let other = DynamicAnimator(referenceView: scene.root, solver: .accelerated)
            other.addBehavior(gravity)
        }
        let text = standardError(result)
        #expect(text.contains("already in another DynamicAnimator") && text.contains("GravityBehavior"), "\(text)")
    }

    @Test("A top-level behavior added again as a child in the same animator")
    func sameBehaviorTwice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.accelerated)
            let gravity = GravityBehavior(items: [scene.box()])
            let parent = DynamicBehavior()
            scene.animator.addBehavior(gravity)
            scene.animator.addBehavior(parent)
            parent.addChildBehavior(gravity)
        }
        let text = standardError(result)
        #expect(text.contains("Adding the same behavior twice"), "\(text)")
    }

    @Test("A child behavior added as top-level")
    func childAsTopLevel() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let parent = DynamicBehavior()
            let child = PushBehavior(items: [], mode: .continuous)
            parent.addChildBehavior(child)
            DynamicAnimator(solver: .accelerated).addBehavior(child)
        }
        let text = standardError(result)
        #expect(text.contains("PushBehavior is a child of DynamicBehavior"), "\(text)")
    }

    @Test("Built-in behaviors keep no children")
    func primitiveChildren() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            GravityBehavior().addChildBehavior(DynamicBehavior())
        }
        let text = standardError(result)
        #expect(text.contains("GravityBehavior is a primitive behavior"), "\(text)")
    }

    @Test("A behavior tree cycle")
    func cycle() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let a = DynamicBehavior()
            let b = DynamicBehavior()
            a.addChildBehavior(b)
            b.addChildBehavior(a)
        }
        let text = standardError(result)
        #expect(text.contains("cycle") || text.contains("already a child"), "\(text)")
    }

    @Test("A behavior cannot be its own child")
    func selfChild() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let b = DynamicBehavior()
            b.addChildBehavior(b)
        }
        #expect(standardError(result).contains("cannot be its own child"))
    }

    @Test("A child that already has another parent")
    func twoParents() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let child = DynamicBehavior()
            let first = DynamicBehavior()
            let second = DynamicBehavior()
            first.addChildBehavior(child)
            second.addChildBehavior(child)
            withExtendedLifetime(first) {}
        }
        let text = standardError(result)
        #expect(text.contains("already a child"), "\(text)")
    }

    @Test("A view outside the reference view")
    func notDescendant() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.accelerated)
            let stranger = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            scene.animator.addBehavior(GravityBehavior(items: [stranger]))
        }
        let text = standardError(result)
        #expect(text.contains("should be a descendant of reference view"), "\(text)")
    }

    @Test("Layout attributes in a view animator")
    func attributesInViewAnimator() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let scene = Scene(.accelerated)
            let attributes = CollectionViewLayoutAttributes(forCellWith: [0, 0])
            attributes.size = CGSize(width: 10, height: 10)
            scene.animator.addBehavior(GravityBehavior(items: [attributes]))
        }
        let text = standardError(result)
        #expect(text.contains("Can't use layout attributes as item"), "\(text)")
    }

    @Test("A view in a layout animator")
    func viewInLayoutAnimator() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let animator = DynamicAnimator(collectionViewLayout: CollectionViewLayout(), solver: .reference)
            animator.addBehavior(GravityBehavior(items: [View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))]))
        }
        let text = standardError(result)
        #expect(text.contains("Can't use view"), "\(text)")
    }

    @Test("A group containing a group")
    func nestedGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let inner = DynamicItemGroup(items: [PlainItem()])
            _ = DynamicItemGroup(items: [inner])
        }
        let text = standardError(result)
        #expect(text.contains("cannot be initialized with items containing"), "\(text)")
    }

    @Test("An empty group")
    func emptyGroup() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = DynamicItemGroup(items: [])
        }
        let text = standardError(result)
        #expect(text.contains("at least one item"), "\(text)")
    }

    @Test("A real-time driver at 30 frames per second")
    func driverRate() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            DynamicAnimator(solver: .accelerated).startRealTimeDriver(framesPerSecond: 30)
        }
        let text = standardError(result)
        #expect(text.contains("framesPerSecond must be 60 or 120") && text.contains("30"), "\(text)")
    }

    @Test("items(in:) with a NaN rectangle")
    func nanQuery() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = DynamicAnimator(solver: .accelerated).items(in: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        }
        let text = standardError(result)
        #expect(text.contains("items(in:)") && text.contains("nan"), "\(text)")
    }

    @Test("NaN velocities and offsets")
    func nanVelocity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let item = PlainItem()
            DynamicItemBehavior(items: [item]).addLinearVelocity(CGPoint(x: 0, y: CGFloat.nan), for: item)
        }
        let text = standardError(result)
        #expect(text.contains("addLinearVelocity") && text.contains("nan"), "\(text)")

        let offset = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let item = PlainItem()
            PushBehavior(items: [item], mode: .continuous)
                .setTargetOffsetFromCenter(UIOffset(horizontal: .infinity, vertical: 0), for: item)
        }
        let offsetText = standardError(offset)
        #expect(offsetText.contains("target offset horizontal") && offsetText.contains("inf"), "\(offsetText)")
    }
}

@Suite("Tolerated misuse") @MainActor
struct ToleratedMisuseTests {
    @Test("Adding the same top-level behavior twice is ignored silently", arguments: allSolvers)
    func sameTopLevelTwice(solver: SolverKind) {
        let scene = Scene(solver)
        let box = scene.box(x: 500, y: 100)
        let recorder = DelegateRecorder()
        scene.animator.delegate = recorder
        let properties = DynamicItemBehavior(items: [box])
        properties.resistance = 0
        let gravity = GravityBehavior(items: [box])
        scene.animator.addBehavior(properties)
        scene.animator.addBehavior(gravity)
        scene.animator.addBehavior(gravity)
        #expect(scene.animator.behaviors.count == 2)
        #expect(recorder.resumes == 1)
        scene.run(60)
        // Gravity counted once: 1000 pt/s after 1 s, not 2000.
        #expect(isClose(Double(properties.linearVelocity(for: box).y), 1000, 1e-9))
        scene.animator.removeBehavior(gravity)
        #expect(gravity.dynamicAnimator == nil)
        #expect(scene.animator.behaviors.count == 1)
    }

    @Test("Removing behaviors that are not in the animator is ignored")
    func removeUnknown() {
        let scene = Scene(.reference)
        scene.animator.removeBehavior(GravityBehavior())
        scene.animator.removeAllBehaviors()
        #expect(scene.animator.behaviors.isEmpty)
        #expect(!scene.animator.isRunning)
    }
}
