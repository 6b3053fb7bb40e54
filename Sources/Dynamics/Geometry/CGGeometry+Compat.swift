#if !canImport(CoreGraphics)
    import Foundation

    // CoreGraphics members that swift-corelibs-foundation's CGPoint, CGSize and CGRect lack.

    extension CGPoint {
        /// True when both coordinates are equal (CoreGraphics' `equalTo(_:)`, the same as `==`).
        public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
    }

    extension CGSize {
        /// True when both dimensions are equal (CoreGraphics' `equalTo(_:)`, the same as `==`).
        public func equalTo(_ size2: CGSize) -> Bool { self == size2 }

        /// The size mapped by `t` without its translation (CoreGraphics' `applying(_:)`; the result may be negative).
        public func applying(_ t: CGAffineTransform) -> CGSize {
            CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
        }
    }

    extension CGRect {
        /// True when both rectangles have the same origin and size after standardizing (CoreGraphics' `equalTo(_:)`).
        public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }

        /// The smallest rectangle holding the four corners mapped by `t` (CoreGraphics' `applying(_:)`). A null
        /// rectangle stays null.
        public func applying(_ t: CGAffineTransform) -> CGRect {
            guard !isNull else { return self }
            let corners = [
                CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: maxX, y: maxY),
                CGPoint(x: minX, y: maxY)
            ].map { $0.applying(t) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
            return CGRect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
        }
    }
#endif
