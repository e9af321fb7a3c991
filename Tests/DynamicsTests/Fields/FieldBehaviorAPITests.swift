// FieldBehavior's API: UIKit's per-kind defaults, properties only noise keeps, and bad input stopping with a
// message that names the parameter and the value (exit tests), including a 33rd field.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("FieldBehavior API")
struct FieldBehaviorAPITests {
    @Test("UIKit's defaults per factory: strength 1, infinite region, falloff 2 / −1 / 1 / 1 / 0, tiny minimum radius")
    func defaults() {
        let cases: [(FieldBehavior, CGFloat, CGPoint, CGVector)] = [
            (.dragField(), 0, .zero, .zero),
            (.vortexField(), 0, .zero, .zero),
            (.radialGravityField(position: CGPoint(x: 5, y: 6)), 2, CGPoint(x: 5, y: 6), .zero),
            (.linearGravityField(direction: CGVector(dx: 0.5, dy: 1)), 0, .zero, CGVector(dx: 0.5, dy: 1)),
            (.velocityField(direction: CGVector(dx: -2, dy: 0)), 0, .zero, CGVector(dx: -2, dy: 0)),
            (.noiseField(smoothness: 0.25, animationSpeed: 2), 0, .zero, .zero),
            (.turbulenceField(smoothness: 0.75, animationSpeed: 0), 0, .zero, .zero),
            (.springField(), -1, .zero, .zero),
            (.electricField(), 1, .zero, .zero),
            (.magneticField(), 1, .zero, .zero),
            (.field { _, _, _, _, _, _ in .zero }, 0, .zero, .zero),
        ]
        for (field, falloff, position, direction) in cases {
            #expect(field.falloff == falloff)
            #expect(field.strength == 1)
            #expect(field.position == position)
            #expect(field.direction == direction)
            #expect(field.region == .infinite)
            #expect(Double(field.minimumRadius) == 100.0 / 32768.0, "2⁻¹⁵ m")
            #expect(field.items.isEmpty)
            #expect(field.childBehaviors.isEmpty)
        }
        #expect(cases[5].0.smoothness == 0.25 && cases[5].0.animationSpeed == 2)
        #expect(cases[6].0.smoothness == 0.75 && cases[6].0.animationSpeed == 0)
        // Other fields read 0 and ignore changes (as UIKit).
        let drag = FieldBehavior.dragField()
        drag.smoothness = 0.5
        drag.animationSpeed = 3
        #expect(drag.smoothness == 0 && drag.animationSpeed == 0)
    }

    @Test("Items: added once, removed, listed in order; the field is a primitive behavior")
    func items() {
        let field = FieldBehavior.springField()
        let a = PlainItem(), b = PlainItem()
        field.addItem(a)
        field.addItem(b)
        field.addItem(a)
        #expect(field.items.count == 2 && field.items[0] === a && field.items[1] === b)
        field.removeItem(a)
        field.removeItem(a)
        #expect(field.items.count == 1 && field.items[0] === b)
    }

    @Test("32 fields fit in one animator; removing one makes room for another")
    func thirtyTwoFields() {
        let animator = DynamicAnimator(solver: .accelerated)
        let item = PlainItem()
        var fields: [FieldBehavior] = []
        for _ in 0..<32 {
            let field = FieldBehavior.dragField()
            field.addItem(item)
            animator.addBehavior(field)
            fields.append(field)
        }
        animator.removeBehavior(fields[10])
        let another = FieldBehavior.vortexField()
        another.addItem(item)
        animator.addBehavior(another)
        #expect(animator.behaviors.count == 32)
        #expect(animator.step())
    }

    // MARK: Bad input

    @Test("NaN strength names the parameter and the value")
    func nanStrength() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            FieldBehavior.dragField().strength = .nan
        }
        let text = standardError(result)
        #expect(text.contains("FieldBehavior.strength") && text.contains("nan"), "\(text)")
    }

    @Test("Infinite strength")
    func infiniteStrength() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            FieldBehavior.springField().strength = -.infinity
        }
        let text = standardError(result)
        #expect(text.contains("FieldBehavior.strength") && text.contains("-inf"), "\(text)")
    }

    @Test("Negative minimum radius")
    func negativeMinimumRadius() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            FieldBehavior.radialGravityField(position: .zero).minimumRadius = -1
        }
        let text = standardError(result)
        #expect(text.contains("FieldBehavior.minimumRadius") && text.contains("-1.0"), "\(text)")
    }

    @Test("Region(radius: -1)")
    func negativeRegionRadius() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = Region(radius: -1)
        }
        let text = standardError(result)
        #expect(text.contains("Region(radius:) radius") && text.contains("-1.0"), "\(text)")
    }

    @Test("Region(size:) with a NaN height")
    func nanRegionSize() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = Region(size: CGSize(width: 10, height: CGFloat.nan))
        }
        let text = standardError(result)
        #expect(text.contains("Region(size:) height") && text.contains("nan"), "\(text)")
    }

    @Test("Smoothness outside 0…1 and a negative animation speed")
    func noiseParameters() async {
        var result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = FieldBehavior.noiseField(smoothness: 2, animationSpeed: 1)
        }
        var text = standardError(result)
        #expect(text.contains("FieldBehavior.smoothness") && text.contains("2.0"), "\(text)")
        result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: -1)
        }
        text = standardError(result)
        #expect(text.contains("FieldBehavior.animationSpeed") && text.contains("-1.0"), "\(text)")
    }

    @Test("A NaN position or direction")
    func nanPositionAndDirection() async {
        var result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            FieldBehavior.vortexField().position = CGPoint(x: CGFloat.nan, y: 0)
        }
        var text = standardError(result)
        #expect(text.contains("FieldBehavior.position") && text.contains("nan"), "\(text)")
        result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            _ = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: CGFloat.infinity))
        }
        text = standardError(result)
        #expect(text.contains("FieldBehavior direction") && text.contains("inf"), "\(text)")
    }

    @Test("A 33rd field in one animator: UIKit's \"supports a maximum of 32 distinct fields\"")
    func thirtyThirdField() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let animator = DynamicAnimator(solver: .reference)
            let item = PlainItem()
            for _ in 0..<33 {
                let field = FieldBehavior.dragField()
                field.addItem(item)
                animator.addBehavior(field)
            }
        }
        let text = standardError(result)
        #expect(text.contains("supports a maximum of 32 distinct fields") && text.contains("33"), "\(text)")
    }

    @Test("A custom block returning a non-finite force")
    func nanBlockResult() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { @MainActor in
            let animator = DynamicAnimator(solver: .accelerated)
            let item = PlainItem()
            let field = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: CGFloat.nan, dy: 0) }
            field.addItem(item)
            animator.addBehavior(field)
            animator.step()
        }
        let text = standardError(result)
        #expect(text.contains("FieldBehavior evaluation block result") && text.contains("nan"), "\(text)")
    }
}
