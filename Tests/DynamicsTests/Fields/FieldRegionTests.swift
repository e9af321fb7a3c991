// Region algebra (UIKit's UIRegion) and region gating of fields through the animator.
import Dynamics
import Foundation
import Testing

@MainActor
@Suite("Field regions")
struct FieldRegionTests {
    @Test("Circles and rectangles are centred on the field's position and contain their boundary")
    func shapes() {
        let circle = Region(radius: 10)
        #expect(circle.contains(CGPoint(x: 10, y: 0)))
        #expect(circle.contains(CGPoint(x: -6, y: 8)))
        #expect(!circle.contains(CGPoint(x: 6, y: 8.001)))
        let rectangle = Region(size: CGSize(width: 20, height: 10))
        #expect(rectangle.contains(CGPoint(x: -10, y: 5)))
        #expect(!rectangle.contains(CGPoint(x: 10.001, y: 0)))
        #expect(!rectangle.contains(CGPoint(x: 0, y: -5.001)))
        #expect(Region.infinite.contains(CGPoint(x: 1e300, y: -1e300)))
        #expect(!Region.infinite.inverse().contains(.zero), "the inverse of the infinite region is empty")
        #expect(Region(radius: 0).contains(.zero))
        #expect(!Region(size: .zero).contains(CGPoint(x: 0.001, y: 0)))
    }

    @Test("union, intersection, difference (self minus other), inverse and nested combinations contain exactly the right points")
    func algebra() {
        let a = Region(radius: 7)
        let b = Region(size: CGSize(width: 10, height: 6))
        let c = Region(radius: 3).inverse()
        // ((a ∪ b) \ (b ∩ c)) ∩ inverse(c ∩ inverse(a)), and the same in plain logic.
        let nested = a.union(with: b).difference(from: b.intersection(with: c)).intersection(with: c.intersection(with: a.inverse()).inverse())
        var checked = 0
        for i in -24...24 {
            for j in -24...24 {
                let p = CGPoint(x: Double(i) / 2, y: Double(j) / 2)
                let inA = a.contains(p), inB = b.contains(p), inC = c.contains(p)
                #expect(a.union(with: b).contains(p) == (inA || inB))
                #expect(a.intersection(with: b).contains(p) == (inA && inB))
                #expect(a.difference(from: b).contains(p) == (inA && !inB))
                #expect(b.difference(from: a).contains(p) == (inB && !inA))
                #expect(a.inverse().contains(p) == !inA)
                #expect(a.inverse().inverse().contains(p) == inA)
                #expect(nested.contains(p) == (((inA || inB) && !(inB && inC)) && !(inC && !inA)))
                checked += 1
            }
        }
        #expect(checked == 49 * 49)
        // Combining never changes the regions combined (value semantics).
        #expect(a == Region(radius: 7))
        #expect(a.union(with: b) != b.union(with: a), "equality is structural")
    }

    @Test("A field acts only inside its region, tested at the item's centre relative to the field's position", arguments: allSolvers)
    func gating(solver: SolverKind) {
        let scene = Scene(solver)
        let centre = CGPoint(x: 1000, y: 1000)
        // A ring of radii 100…200 with a 40 pt slit along the x axis, plus a 60 × 60 square in the middle.
        let ring = Region(radius: 200).difference(from: Region(radius: 100))
        let slit = Region(size: CGSize(width: 1000, height: 40)).inverse()
        let region = ring.intersection(with: slit).union(with: Region(size: CGSize(width: 60, height: 60)))
        let offsets: [(CGPoint, Bool)] = [
            (CGPoint(x: 150, y: 50), true),  // in the ring, off the slit
            (CGPoint(x: 150, y: 10), false),  // in the slit
            (CGPoint(x: 50, y: 50), false),  // in the hole, outside the square
            (CGPoint(x: 25, y: -25), true),  // in the square
            (CGPoint(x: 0, y: 0), true),  // centre
            (CGPoint(x: 0, y: -199), true),  // ring, bottom
            (CGPoint(x: 250, y: 0), false),  // outside
        ]
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        field.position = centre
        field.region = region
        var items: [(View, DynamicItemBehavior, Bool)] = []
        for (offset, inside) in offsets {
            #expect(region.contains(offset) == inside, "\(offset)")
            let (view, properties) = scene.freeBox(x: centre.x + offset.x, y: centre.y + offset.y, size: 4)
            field.addItem(view)
            items.append((view, properties, inside))
        }
        scene.animator.addBehavior(field)
        scene.run(1, dt: probeDT)
        for (view, properties, inside) in items {
            let vy = Double(properties.linearVelocity(for: view).y)
            #expect(vy == (inside ? 100 * probeDT : 0), "item at \(view.center): vy \(vy)")
        }
        // Moving the field moves the region: now the first item sits in the slit.
        field.position = CGPoint(x: centre.x, y: centre.y + 40)
        scene.run(1, dt: probeDT)
        let first = items[0]
        #expect(Double(first.1.linearVelocity(for: first.0).y) == 100 * probeDT, "no longer accelerated")
    }

    @Test("An item leaving the region stops feeling the field; re-entering, feels it again", arguments: allSolvers)
    func crossing(solver: SolverKind) {
        let scene = Scene(solver)
        let (view, properties) = scene.freeBox(x: 450, y: 500, size: 10)
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: view)
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: -1))
        field.position = CGPoint(x: 500, y: 500)
        field.region = Region(size: CGSize(width: 100, height: 1000))
        scene.add(field, [view])
        scene.run(60)  // crosses x = 550 after ~1 s
        let vy = Double(properties.linearVelocity(for: view).y)
        // Inside while the sampled centre (half a substep ahead) has x ≤ 550: 100 pt/s·h per substep until then.
        #expect(vy < 0 && vy > -100)
        scene.run(60)
        #expect(Double(properties.linearVelocity(for: view).y) == vy, "outside: unchanged")
    }
}
