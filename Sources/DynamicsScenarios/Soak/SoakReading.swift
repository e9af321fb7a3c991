// One look at the soak scene: its mechanical energy, whether any number is NaN or infinite, whether any item
// left the box, and a hash of the state's bits (for determinism checks).
import Dynamics
import Foundation

/// The soak scene's state at one moment.
@MainActor
package struct SoakReading: Equatable {
    /// Kinetic + gravitational (zero at the box's floor) + anchored springs' potential energy, kg·pt²/s².
    package var energy: Double
    /// Kinetic energy alone.
    package var kinetic: Double
    /// Items with a NaN or infinite centre, rotation or velocity.
    package var nonFinite: Int
    /// Colliding items whose centre is outside the box by more than a point.
    package var escaped: Int
    /// The fastest item, pt/s, and its index in ``SoakScene/items``.
    package var fastest: Double
    package var fastestIndex = -1
    /// FNV-1a over every item's centre, rotation and velocity bits, in item order.
    package var hash: UInt64

    init(_ scene: SoakScene, velocities: DynamicItemBehavior) {
        energy = 0
        kinetic = 0
        nonFinite = 0
        escaped = 0
        fastest = 0
        hash = 0xcbf2_9ce4_8422_2325
        let floor = Double(scene.screen.bounds.height)
        let box = scene.screen.bounds.insetBy(dx: -1, dy: -1)
        for (index, item) in scene.items.enumerated() {
            let size = item.bounds.size
            let mass = Double(size.width * size.height) / 10_000
            let inertia = mass * Double(size.width * size.width + size.height * size.height) / 12
            let v = velocities.linearVelocity(for: item), w = Double(velocities.angularVelocity(for: item))
            let values = [Double(item.center.x), Double(item.center.y), Double(item.transform.rotationAngle),
                          Double(v.x), Double(v.y), w]
            for value in values {
                var bits = value.bitPattern
                for _ in 0..<8 {
                    hash = (hash ^ (bits & 0xff)) &* 0x100_0000_01b3
                    bits >>= 8
                }
            }
            if !values.allSatisfy(\.isFinite) {
                nonFinite += 1
                continue
            }
            if scene.colliding.contains(ObjectIdentifier(item)) && !box.contains(item.center) { escaped += 1 }
            let speed2 = Double(v.x * v.x + v.y * v.y)
            if speed2.squareRoot() > fastest {
                fastest = speed2.squareRoot()
                fastestIndex = index
            }
            let k = 0.5 * mass * speed2 + 0.5 * inertia * w * w
            kinetic += k
            energy += k + mass * SoakScene.gravity * (floor - Double(item.center.y))
        }
        let omega = 2 * Double.pi * SoakScene.springFrequency
        for spring in scene.springs {
            let size = spring.item.bounds.size
            let mass = Double(size.width * size.height) / 10_000
            let d = hypot(Double(spring.item.center.x - spring.anchor.x), Double(spring.item.center.y - spring.anchor.y))
            let stretch = d - Double(spring.length)
            energy += 0.5 * mass * omega * omega * stretch * stretch
        }
    }
}
