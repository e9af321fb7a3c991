public import Foundation

#if !canImport(CoreGraphics)
/// A 2D affine transform with CoreGraphics' layout and conventions: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). A rotation by θ is (cos θ, sin θ, −sin θ, cos θ), which turns clockwise on
/// a y-down screen for positive θ.
public struct CGAffineTransform: Sendable, Hashable, Codable {
    /// The x component of the image of the x axis: x' = a·x + c·y + tx. Identity: 1.
    public var a: CGFloat
    /// The y component of the image of the x axis: y' = b·x + d·y + ty. Identity: 0.
    public var b: CGFloat
    /// The x component of the image of the y axis. Identity: 0.
    public var c: CGFloat
    /// The y component of the image of the y axis. Identity: 1.
    public var d: CGFloat
    /// Horizontal translation, points. Identity: 0.
    public var tx: CGFloat
    /// Vertical translation, points (down on screen). Identity: 0.
    public var ty: CGFloat

    /// Creates a transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `angle` radians.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// A scale by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A translation by (`tx`, `ty`).
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// True for the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2` (CoreGraphics' `concatenating`).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A rotation by `angle` applied before `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// A scale applied before `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A translation applied before `self`.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// The inverse transform, or `self` unchanged when it is singular (as CoreGraphics does).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let ia = d / determinant
        let ib = -b / determinant
        let ic = -c / determinant
        let id = a / determinant
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
}

/// Mapping points through a ``CGAffineTransform`` (defined here only where CoreGraphics is missing).
extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

/// Mapping sizes through a ``CGAffineTransform`` (defined here only where CoreGraphics is missing).
extension CGSize {
    /// The size mapped by `t`'s linear part (translation ignored), as CoreGraphics does.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}
#endif

extension CGAffineTransform {
    /// The rotation angle of the transform's first column, `atan2(b, a)`, radians: how UIKit Dynamics reads
    /// an item's rotation.
    public var rotationAngle: CGFloat { CGFloat(atan2(Double(b), Double(a))) }

    /// This transform with its rotation replaced by `angle`, keeping the scale of each axis and the
    /// translation. UIKit overwrites the whole transform with a pure rotation; swift-dynamics keeps the scale.
    public func replacingRotation(with angle: CGFloat) -> CGAffineTransform {
        replacingRotation(cosine: CGFloat(Foundation.cos(Double(angle))), sine: CGFloat(Foundation.sin(Double(angle))))
    }

    /// ``replacingRotation(with:)`` for an angle whose cos and sin are known (the animator reads them from the
    /// C core, which has computed them already).
    func replacingRotation(cosine: CGFloat, sine: CGFloat) -> CGAffineTransform {
        let scaleX = (a * a + b * b).squareRoot()
        // The second axis keeps its length and its handedness relative to the first.
        let determinant = a * d - b * c
        let scaleY = (c * c + d * d).squareRoot() * (determinant < 0 ? -1 : 1)
        return CGAffineTransform(
            a: scaleX * cosine, b: scaleX * sine, c: -scaleY * sine, d: scaleY * cosine, tx: tx, ty: ty)
    }
}
