// Geometry stand-ins: CGAffineTransform, CGVector, UIOffset, UIFloatRange, UIEdgeInsets, View geometry and
// conversion, and BezierPath.
import Dynamics
import Foundation
import Testing

private func expectClose(_ p: CGPoint, _ x: Double, _ y: Double, _ tolerance: Double = 1e-12,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(isClose(Double(p.x), x, tolerance) && isClose(Double(p.y), y, tolerance), "\(p) ≠ (\(x), \(y))",
            sourceLocation: sourceLocation)
}

private func isClose(_ t: CGAffineTransform, _ u: CGAffineTransform, _ tolerance: Double = 1e-12) -> Bool {
    let pairs: [(CGFloat, CGFloat)] = [(t.a, u.a), (t.b, u.b), (t.c, u.c), (t.d, u.d), (t.tx, u.tx), (t.ty, u.ty)]
    return pairs.allSatisfy { abs(Double($0.0 - $0.1)) <= tolerance }
}

@Suite("Affine transforms")
struct AffineTransformTests {
    @Test("A rotation by θ maps +x to (cos θ, sin θ): positive angles turn clockwise on a y-down screen")
    func rotation() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(isClose(Double(p.x), 0, 1e-15) && isClose(Double(p.y), 1, 1e-15))
        let q = CGPoint(x: 0, y: 1).applying(t)
        #expect(isClose(Double(q.x), -1, 1e-15) && isClose(Double(q.y), 0, 1e-15))
        #expect(t.a == CGFloat(cos(Double.pi / 2)) && t.b == 1 && t.c == -1)
    }

    @Test("rotationAngle reads back the angle", arguments: [-3.0, -2.0, -0.5, 0.0, 0.25, 1.0, 2.5, 3.1])
    func rotationAngleRoundTrip(angle: Double) {
        let t = CGAffineTransform(rotationAngle: CGFloat(angle))
        #expect(isClose(Double(t.rotationAngle), angle, 1e-15))
        // Scaling does not change the angle read.
        #expect(isClose(Double(t.scaledBy(x: 3, y: 3).rotationAngle), angle, 1e-15))
        #expect(isClose(Double(CGAffineTransform(scaleX: 2, y: 0.5).concatenating(t).rotationAngle), angle, 1e-15))
    }

    @Test("Scale, translation and identity")
    func scaleAndTranslation() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(!CGAffineTransform(scaleX: 1, y: 2).isIdentity)
        #expect(CGPoint(x: 3, y: 4).applying(CGAffineTransform(scaleX: 2, y: -1)) == CGPoint(x: 6, y: -4))
        #expect(CGPoint(x: 3, y: 4).applying(CGAffineTransform(translationX: 10, y: -20)) == CGPoint(x: 13, y: -16))
        // Sizes ignore the translation.
        #expect(CGSize(width: 3, height: 4).applying(CGAffineTransform(translationX: 10, y: 10).scaledBy(x: 2, y: 3))
                == CGSize(width: 6, height: 12))
    }

    @Test("concatenating applies self first; rotated/scaled/translated(by:) apply before self")
    func concatenationOrder() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        let p = CGPoint(x: 1, y: 1)
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 2))  // scale, then move
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 2))  // move, then scale
        #expect(move.scaledBy(x: 2, y: 2) == scale.concatenating(move))
        #expect(scale.translatedBy(x: 10, y: 0) == move.concatenating(scale))
        let turned = move.rotated(by: .pi / 2)  // turn first, then move
        expectClose(CGPoint(x: 1, y: 0).applying(turned), 10, 1)
        // Two rotations add.
        let twice = CGAffineTransform(rotationAngle: 0.3).concatenating(CGAffineTransform(rotationAngle: 0.5))
        #expect(isClose(Double(twice.rotationAngle), 0.8, 1e-15))
    }

    @Test("inverted undoes the transform; a singular transform is returned unchanged")
    func inversion() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -3).translatedBy(x: 5, y: -8)
        let inverse = t.inverted()
        #expect(isClose(t.concatenating(inverse), .identity))
        #expect(isClose(inverse.concatenating(t), .identity))
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 13, y: -4), CGPoint(x: -250, y: 1e4)] {
            let back = p.applying(t).applying(inverse)
            #expect(isClose(Double(back.x), Double(p.x), 1e-9) && isClose(Double(back.y), Double(p.y), 1e-9))
        }
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 4)
        #expect(singular.inverted() == singular)
    }

    @Test("replacingRotation keeps per-axis scale, handedness and translation")
    func replacingRotation() {
        let t = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 4, y: 5))
        let r = t.replacingRotation(with: 0.6)
        #expect(isClose(Double(r.rotationAngle), 0.6, 1e-15))
        #expect(isClose(Double(hypot(r.a, r.b)), 2, 1e-15) && isClose(Double(hypot(r.c, r.d)), 3, 1e-15))
        #expect(r.tx == 4 && r.ty == 5)
        #expect(isClose(r, CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(rotationAngle: 0.6))
            .concatenating(CGAffineTransform(translationX: 4, y: 5))))
        // A mirrored transform stays mirrored.
        let mirrored = CGAffineTransform(scaleX: 1, y: -1).replacingRotation(with: 1.1)
        #expect(mirrored.a * mirrored.d - mirrored.b * mirrored.c < 0)
        #expect(isClose(Double(mirrored.rotationAngle), 1.1, 1e-15))
        // Replacing with the current angle is (nearly) a no-op.
        let u = CGAffineTransform(rotationAngle: -2.2).scaledBy(x: 1.5, y: 1.5)
        #expect(isClose(u.replacingRotation(with: u.rotationAngle), u, 1e-12))
    }
}

@Suite("Value types")
struct ValueTypeTests {
    @Test("CGVector, UIOffset, UIFloatRange, UIEdgeInsets")
    func values() {
        #expect(CGVector.zero == CGVector(dx: 0.0, dy: 0.0))
        #expect(CGVector(dx: 1, dy: 2) == CGVector(dx: 1.0, dy: 2.0))
        #expect(CGVector(dx: 1.5, dy: -2.0).dx == 1.5)
        #expect(UIOffset.zero == UIOffset(horizontal: 0, vertical: 0))
        #expect(UIFloatRange.infinite.isInfinite)
        #expect(!UIFloatRange.zero.isInfinite)
        #expect(!UIFloatRange(minimum: -.infinity, maximum: 0).isInfinite)
        #expect(UIFloatRange.zero == UIFloatRange(minimum: 0, maximum: 0))
        let r = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(r.inset(by: .zero) == r)
        #expect(r.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5)) == CGRect(x: 5, y: 15, width: 110, height: 60))
    }
}

@Suite("View geometry") @MainActor
struct ViewGeometryTests {
    @Test("frame round-trips with an identity transform and bounds the rotated view otherwise")
    func frame() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 40))
        #expect(view.center == CGPoint(x: 60, y: 40))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(view.frame == CGRect(x: 10, y: 20, width: 100, height: 40))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let f = view.frame
        #expect(isClose(Double(f.width), 40, 1e-12) && isClose(Double(f.height), 100, 1e-12))
        #expect(isClose(Double(f.midX), 60, 1e-12) && isClose(Double(f.midY), 40, 1e-12))
        view.transform = .identity
        view.frame = CGRect(x: 0, y: 0, width: 8, height: 6)
        #expect(view.center == CGPoint(x: 4, y: 3) && view.bounds.size == CGSize(width: 8, height: 6))
    }

    @Test("View tree: addSubview, removeFromSuperview, isDescendant")
    func tree() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let a = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(a)
        a.addSubview(b)
        #expect(root.subviews.count == 1 && a.superview === root && b.superview === a)
        #expect(b.isDescendant(of: root) && b.isDescendant(of: b) && !root.isDescendant(of: b))
        root.addSubview(b)  // moves it
        #expect(a.subviews.isEmpty && root.subviews.count == 2 && b.superview === root)
        b.removeFromSuperview()
        #expect(b.superview == nil && root.subviews.count == 1 && !b.isDescendant(of: root))
    }

    @Test("convert(_:to:) and convert(_:from:) account for origins and bounds offsets, and round-trip")
    func convert() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let panel = View(frame: CGRect(x: 100, y: 200, width: 400, height: 400))
        panel.bounds.origin = CGPoint(x: 10, y: 30)  // scrolled
        let inner = View(frame: CGRect(x: 50, y: 60, width: 100, height: 100))
        root.addSubview(panel)
        panel.addSubview(inner)

        #expect(panel.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 90, y: 170))
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: root) == CGPoint(x: 145, y: 235))
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: panel) == CGPoint(x: 55, y: 65))
        #expect(inner.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 145, y: 235))
        #expect(root.convert(CGPoint(x: 145, y: 235), to: inner) == CGPoint(x: 5, y: 5))
        #expect(inner.convert(CGPoint(x: 145, y: 235), from: root) == CGPoint(x: 5, y: 5))
        #expect(panel.convert(CGPoint(x: 90, y: 170), from: nil) == CGPoint(x: 0, y: 0))
        for p in [CGPoint(x: -3, y: 7), CGPoint(x: 123.5, y: -0.25)] {
            #expect(inner.convert(inner.convert(p, to: root), from: root) == p)
        }
    }
}

@Suite("Bezier paths")
struct BezierPathTests {
    @Test("A rectangle is one closed convex polygon with its bounds")
    func rectangle() {
        let path = BezierPath(rect: CGRect(x: -50, y: -25, width: 100, height: 50))
        #expect(path.subpaths.count == 1 && path.subpaths[0].count == 4)
        #expect(path.bounds == CGRect(x: -50, y: -25, width: 100, height: 50))
        #expect(path.convexPolygon?.count == 4)
        #expect(path.elements.first == .move(CGPoint(x: -50, y: -25)))
        #expect(path.elements.last == .close)
        #expect(!path.isEmpty && BezierPath().isEmpty)
        #expect(BezierPath().bounds.isNull)
    }

    @Test("contains: inside, outside, and both windings")
    func contains() {
        let square = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.contains(CGPoint(x: 5, y: 5)))
        #expect(square.contains(CGPoint(x: 0.5, y: 9.5)))
        #expect(!square.contains(CGPoint(x: 11, y: 5)))
        #expect(!square.contains(CGPoint(x: 5, y: -0.1)))
        let reversed = BezierPath(polygon: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0)])
        #expect(reversed.contains(CGPoint(x: 5, y: 5)) && !reversed.contains(CGPoint(x: 15, y: 5)))
        let triangle = BezierPath(polygon: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        #expect(triangle.contains(CGPoint(x: 2, y: 2)) && !triangle.contains(CGPoint(x: 8, y: 8)))
    }

    @Test("convexPolygon refuses concave, multi-subpath, degenerate and open-short paths")
    func convexPolygon() {
        let arrow = BezierPath(polygon: [
            CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 0, y: 10), CGPoint(x: 3, y: 5),
        ])
        #expect(arrow.convexPolygon == nil)
        let two = BezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        two.move(to: CGPoint(x: 5, y: 5))
        two.addLine(to: CGPoint(x: 6, y: 5))
        two.addLine(to: CGPoint(x: 6, y: 6))
        two.close()
        #expect(two.subpaths.count == 2 && two.convexPolygon == nil)
        let line = BezierPath(polygon: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)])
        #expect(line.convexPolygon == nil)
        #expect(BezierPath(polygon: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0)]).convexPolygon == nil)
        let ccw = BezierPath(polygon: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0)])
        #expect(ccw.convexPolygon == [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 0)])  // kept as drawn
        // A collinear middle point does not make it concave.
        let withMidpoint = BezierPath(polygon: [
            CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 0, y: 10),
        ])
        #expect(withMidpoint.convexPolygon?.count == 5)
    }

    @Test("Ovals are flattened into 32 segments inside their rectangle; apply transforms every point")
    func ovalAndApply() {
        let oval = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(oval.subpaths[0].count == BezierPath.ovalSegmentCount)
        #expect(oval.convexPolygon != nil)
        let b = oval.bounds
        #expect(isClose(Double(b.minX), 0, 1e-12) && isClose(Double(b.maxX), 200, 1e-12))
        #expect(isClose(Double(b.minY), 0, 1e-12) && isClose(Double(b.maxY), 100, 1e-12))
        #expect(oval.contains(CGPoint(x: 100, y: 50)) && !oval.contains(CGPoint(x: 5, y: 5)))

        let path = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20))
        path.apply(CGAffineTransform(translationX: 5, y: -5))
        #expect(path.bounds == CGRect(x: 5, y: -5, width: 10, height: 20))
        path.apply(CGAffineTransform(scaleX: 2, y: 2))
        #expect(path.bounds == CGRect(x: 10, y: -10, width: 20, height: 40))
        #expect(path.elements.last == .close)
    }

    @Test("addLine without a current point starts a subpath; close on an empty path does nothing")
    func building() {
        let path = BezierPath()
        path.close()
        #expect(path.isEmpty)
        path.addLine(to: CGPoint(x: 1, y: 2))
        #expect(path.elements == [.move(CGPoint(x: 1, y: 2))])
        path.addLine(to: CGPoint(x: 3, y: 4))
        #expect(path.elements == [.move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 3, y: 4))])
        #expect(path.subpaths == [[CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)]])
    }
}
