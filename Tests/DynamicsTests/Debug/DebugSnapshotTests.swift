// DynamicAnimator.debugDrawing() and debugSnapshot(): bodies with their shapes and rotation, attachments and
// snaps with their anchors, boundaries, contacts from the solver, and field regions, in reference coordinates.
import Dynamics
import Foundation
import Testing

/// An item that collides as an ellipse.
@MainActor
private final class Disc: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity
    var collisionBoundsType: DynamicItemCollisionBoundsType { .ellipse }

    init(center: CGPoint, size: CGSize) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
    }
}

@MainActor
@Suite("Debug drawing")
struct DebugSnapshotTests {
    @Test("A box turned by 90° on a spring to an anchor: its body, rotation and the spring's two ends", arguments: allSolvers)
    func bodyAndAttachment(solver: SolverKind) throws {
        let scene = Scene(solver, width: 400, height: 300)
        let box = scene.box(x: 100, y: 150, width: 60, height: 20)
        box.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let spring = AttachmentBehavior(item: box, offsetFromCenter: UIOffset(horizontal: 30, vertical: 0), attachedToAnchor: CGPoint(x: 300, y: 150))
        spring.frequency = 2
        spring.length = 0  // pulls the point onto the anchor
        scene.animator.addBehavior(spring)

        let drawing = scene.animator.debugDrawing()
        #expect(drawing.bounds == CGRect(x: 0, y: 0, width: 400, height: 300))
        let body = try #require(drawing.bodies.first)
        #expect(drawing.bodies.count == 1 && body.center == CGPoint(x: 100, y: 150))
        #expect(abs(body.angle - .pi / 2) < 1e-12 && body.isAwake && !body.collides)
        #expect(body.shapes == [.rectangle(center: .zero, size: CGSize(width: 60, height: 20), angle: 0)])
        // The offset (30, 0) turns with the item: it sits 30 pt below the centre.
        let joint = try #require(drawing.joints.first)
        #expect(abs(joint.pointA.x - 100) < 1e-9 && abs(joint.pointA.y - 180) < 1e-9)
        #expect(joint.pointB == CGPoint(x: 300, y: 150) && joint.isAnchored && joint.style == .spring)

        let svg = scene.animator.debugSnapshot()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 300\""))
        #expect(svg.contains("<g transform=\"translate(100 150) rotate(90)\""))
        #expect(svg.contains("<rect x=\"-30\" y=\"-10\" width=\"60\" height=\"20\""))
        #expect(svg.contains("<line x1=\"100\" y1=\"180\" x2=\"300\" y2=\"150\" stroke=\"#e8710a\" stroke-dasharray=\"4 3\"/>"))
        #expect(svg.hasSuffix("</svg>\n"))

        // One step later the spring has pulled the item's point towards the anchor; the line follows the body.
        scene.run(1)
        let moved = scene.animator.debugDrawing()
        let state = try #require(moved.bodies.first)
        let pointA = try #require(moved.joints.first).pointA
        let c = cos(state.angle), s = sin(state.angle)
        #expect(abs(Double(pointA.x) - (Double(state.center.x) + 30 * c)) < 1e-9)
        #expect(abs(Double(pointA.y) - (Double(state.center.y) + 30 * s)) < 1e-9)
        #expect(state.center.x > 100)
    }

    @Test("A disc resting on a boundary: the boundary's polyline and the contact point with its normal", arguments: allSolvers)
    func boundaryAndContact(solver: SolverKind) throws {
        let scene = Scene(solver, width: 400, height: 300)
        let disc = Disc(center: CGPoint(x: 200, y: 100), size: CGSize(width: 40, height: 40))
        let collision = CollisionBehavior(items: [disc])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 250), to: CGPoint(x: 400, y: 250))
        scene.animator.addBehavior(collision)
        scene.animator.addBehavior(GravityBehavior(items: [disc]))
        scene.run(120)

        let drawing = scene.animator.debugDrawing()
        let body = try #require(drawing.bodies.first)
        #expect(body.collides && body.shapes == [.ellipse(center: .zero, size: CGSize(width: 40, height: 40), angle: 0)])
        #expect(abs(body.center.y - 230) < 0.5, "resting on the floor at \(body.center.y)")
        #expect(drawing.boundaries == [DebugDrawing.Boundary(identifier: "floor", polylines: [[CGPoint(x: 0, y: 250), CGPoint(x: 400, y: 250)]])])
        let contact = try #require(drawing.contacts.first)
        #expect(abs(contact.point.y - 250) < 0.5 && abs(contact.point.x - 200) < 0.5)
        #expect(abs(abs(contact.normal.dy) - 1) < 1e-9 && abs(contact.normal.dx) < 1e-9)
        let svg = drawing.svgDocument()
        #expect(svg.contains("<polyline points=\"0,250 400,250\"/>"))
        #expect(svg.contains("<ellipse rx=\"20\" ry=\"20\""))
        #expect(svg.contains("<g class=\"contacts\" stroke=\"#d93025\" fill=\"#d93025\" stroke-width=\"1.5\"><circle"))
    }

    @Test("The reference bounds as a boundary is drawn as a closed rectangle, 1 pt outside the bounds")
    func referenceBoundsBoundary() throws {
        let scene = Scene(.accelerated, width: 200, height: 100)
        let box = scene.box(x: 100, y: 50, width: 20, height: 20)
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        scene.animator.addBehavior(collision)
        scene.run(1)
        let boundary = try #require(scene.animator.debugDrawing().boundaries.first)
        #expect(boundary.identifier == nil)
        #expect(boundary.polylines == [[
            CGPoint(x: -1, y: -1), CGPoint(x: 201, y: -1), CGPoint(x: 201, y: 101), CGPoint(x: -1, y: 101), CGPoint(x: -1, y: -1),
        ]])
    }

    @Test("Fields: circles and rectangles exactly; intersection, difference and inverse approximated; infinite is everywhere")
    func fieldRegions() throws {
        let scene = Scene(.accelerated, width: 400, height: 400)
        let box = scene.box(x: 200, y: 200, width: 10, height: 10)
        let union = FieldBehavior.radialGravityField(position: CGPoint(x: 200, y: 200))
        union.region = Region(radius: 50).union(with: Region(size: CGSize(width: 300, height: 20)))
        let carved = FieldBehavior.vortexField()
        carved.region = Region(radius: 100).difference(from: Region(radius: 30))
        let everywhere = FieldBehavior.dragField()
        for field in [union, carved, everywhere] {
            field.addItem(box)
            scene.animator.addBehavior(field)
        }
        let fields = scene.animator.debugDrawing().fields
        #expect(fields.map(\.kind) == ["radialGravity", "vortex", "drag"])
        #expect(fields[0].areas == [.circle(radius: 50), .rectangle(size: CGSize(width: 300, height: 20))] && !fields[0].isApproximate)
        #expect(fields[1].areas == [.circle(radius: 100), .circle(radius: 30)] && fields[1].isApproximate)
        #expect(fields[2].isEverywhere && fields[2].areas.isEmpty && fields[0].position == CGPoint(x: 200, y: 200))
        let svg = scene.animator.debugSnapshot()
        #expect(svg.contains("<circle cx=\"200\" cy=\"200\" r=\"50\"/><rect x=\"50\" y=\"190\" width=\"300\" height=\"20\"/>"))
        #expect(svg.contains("stroke-dasharray=\"6 4\"><circle cx=\"0\" cy=\"0\" r=\"100\"/>"), "the vortex sits at (0, 0), dashed")
    }

    @Test("A snap draws its four springs to the anchors around the snap point; no reference system: bounds from content")
    func snapWithoutReferenceSystem() throws {
        let animator = DynamicAnimator()
        let item = TestItem(center: CGPoint(x: 10, y: 20), size: CGSize(width: 20, height: 10))
        animator.addBehavior(SnapBehavior(item: item, snapTo: CGPoint(x: 110, y: 20)))
        let drawing = animator.debugDrawing()
        #expect(drawing.joints.count == 4 && drawing.joints.allSatisfy { $0.isAnchored && $0.style == .spring })
        // Corners (−10, −5), (−10, −5), (10, 5), (10, 5) around the item; anchors 50 pt out from the target's.
        #expect(drawing.joints.map(\.pointA) == [CGPoint(x: 0, y: 15), CGPoint(x: 0, y: 15), CGPoint(x: 20, y: 25), CGPoint(x: 20, y: 25)])
        #expect(drawing.joints.map(\.pointB) == [CGPoint(x: 50, y: 15), CGPoint(x: 100, y: -35), CGPoint(x: 170, y: 25), CGPoint(x: 120, y: 75)])
        // Everything drawn fits: from the item's far corner to the farthest anchor.
        let bounds = drawing.bounds
        #expect(bounds.minX <= 0 && bounds.maxX >= 170 && bounds.minY <= -35 && bounds.maxY >= 75)
        #expect(DynamicAnimator().debugDrawing().bounds == .zero, "an empty animator draws an empty picture")
    }
}
