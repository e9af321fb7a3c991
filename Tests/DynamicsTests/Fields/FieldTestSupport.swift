// Helpers for the field tests: a scene with frictionless items in one field, and one-substep probes of a field's
// acceleration.
import Dynamics
import Foundation
import Testing

/// One physics substep at the default 1/120 s: a probe frame's velocity change is h·a exactly (resistance 0).
let probeDT = 1.0 / 120.0

@MainActor
extension Scene {
    /// A `size × size` box at (x, y) with resistance 0 (and `density`, `charge`), returned with its item behavior.
    func freeBox(x: CGFloat, y: CGFloat, size: CGFloat = 100, density: CGFloat = 1, charge: CGFloat = 0)
        -> (View, DynamicItemBehavior)
    {
        let view = box(x: x, y: y, width: size, height: size)
        let properties = DynamicItemBehavior(items: [view])
        properties.resistance = 0
        properties.angularResistance = 0
        properties.density = density
        properties.charge = charge
        animator.addBehavior(properties)
        return (view, properties)
    }

    /// Adds `field` acting on `items`.
    func add(_ field: FieldBehavior, _ items: [any DynamicItem]) {
        for item in items { field.addItem(item) }
        animator.addBehavior(field)
    }
}

/// The acceleration (pt/s²) `field` gives a box of `size` and `density` at (x, y), from rest or from `velocity`,
/// measured over one substep in a fresh animator on `solver`.
@MainActor
func probe(
    _ field: @autoclosure () -> FieldBehavior, solver: SolverKind, at point: CGPoint, velocity: CGPoint = .zero,
    size: CGFloat = 100, density: CGFloat = 1, charge: CGFloat = 0
) -> CGVector {
    let scene = Scene(solver, width: 4000, height: 4000)
    let (view, properties) = scene.freeBox(x: point.x, y: point.y, size: size, density: density, charge: charge)
    if velocity != .zero { properties.addLinearVelocity(velocity, for: view) }
    scene.add(field(), [view])
    scene.run(1, dt: probeDT)
    let v = properties.linearVelocity(for: view)
    return CGVector(dx: (v.x - velocity.x) / probeDT, dy: (v.y - velocity.y) / probeDT)
}

/// Expects |a − expected| ≤ tolerance·max(1, |expected|) component-wise.
func expectAcceleration(
    _ a: CGVector, _ expected: CGVector, relative tolerance: Double = 1e-9, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (u, v, axis) in [(Double(a.dx), Double(expected.dx), "x"), (Double(a.dy), Double(expected.dy), "y")] {
        #expect(
            isRelClose(u, v, tolerance), "\(what) \(axis): got \(u), expected \(v)", sourceLocation: sourceLocation)
    }
}

/// Times of the upward zero crossings of a sampled signal, linearly interpolated between samples dt apart.
func upwardCrossings(_ samples: [Double], dt: Double) -> [Double] {
    var times: [Double] = []
    for k in 1..<samples.count where samples[k - 1] < 0 && samples[k] >= 0 {
        let fraction = -samples[k - 1] / (samples[k] - samples[k - 1])
        times.append((Double(k - 1) + fraction) * dt)
    }
    return times
}
