#if !canImport(CoreGraphics)
    import Foundation

    /// A 2-D affine transform (CoreGraphics' `CGAffineTransform`, which swift-corelibs-foundation does not provide).
    ///
    /// Maps a point (x, y) to (a·x + c·y + tx, b·x + d·y + ty). Dynamics reads only the rotation `atan2(b, a)` of an
    /// item's transform and writes back a pure rotation.
    public struct CGAffineTransform: Hashable, Sendable, Codable, CustomStringConvertible {
        /// Matrix entry a (x scale and rotation cosine).
        public var a: CGFloat
        /// Matrix entry b (rotation sine for a pure rotation).
        public var b: CGFloat
        /// Matrix entry c (minus the rotation sine for a pure rotation).
        public var c: CGFloat
        /// Matrix entry d (y scale and rotation cosine).
        public var d: CGFloat
        /// Horizontal translation, pt.
        public var tx: CGFloat
        /// Vertical translation, pt.
        public var ty: CGFloat

        /// A transform from its six entries.
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

        /// A rotation by `angle` radians; positive turns clockwise on a y-down screen.
        public init(rotationAngle angle: CGFloat) {
            let s = CGFloat(sin(Double(angle))), k = CGFloat(cos(Double(angle)))
            self.init(a: k, b: s, c: -s, d: k, tx: 0, ty: 0)
        }

        /// A scale by `sx`, `sy`.
        public init(scaleX sx: CGFloat, y sy: CGFloat) {
            self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
        }

        /// A translation by `tx`, `ty` pt.
        public init(translationX tx: CGFloat, y ty: CGFloat) {
            self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
        }

        /// True when the transform is the identity.
        public var isIdentity: Bool { self == .identity }

        /// This transform followed by `t2`.
        public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
            CGAffineTransform(
                a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
        }

        /// A rotation by `angle` radians applied before this transform.
        public func rotated(by angle: CGFloat) -> CGAffineTransform {
            CGAffineTransform(rotationAngle: angle).concatenating(self)
        }

        /// A scale applied before this transform.
        public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
            CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
        }

        /// A translation applied before this transform.
        public func translatedBy(x dx: CGFloat, y dy: CGFloat) -> CGAffineTransform {
            CGAffineTransform(translationX: dx, y: dy).concatenating(self)
        }

        /// The inverse, or the transform unchanged when it is singular (as CoreGraphics does).
        public func inverted() -> CGAffineTransform {
            let det = a * d - b * c
            guard det != 0, det.isFinite else { return self }
            let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
            return CGAffineTransform(
                a: ia, b: ib, c: ic, d: id,
                tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
        }

        /// `[a, b, c, d, tx, ty]`.
        public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
    }

    extension CGPoint {
        /// The point mapped by `t`.
        public func applying(_ t: CGAffineTransform) -> CGPoint {
            CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
        }
    }
#endif
