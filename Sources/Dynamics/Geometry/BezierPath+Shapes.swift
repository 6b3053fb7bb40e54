import Foundation

/// The standard shapes, each one closed subpath. Like UIKit's, they run clockwise as seen on a y-down screen
/// (positive signed area in plain coordinates).
extension BezierPath {
    /// Control-point distance of a cubic quarter circle of radius 1: 4/3·(√2 − 1).
    static let kappa: CGFloat = 0.552_284_749_830_793_4

    /// A rectangle: move to the top-left corner, lines to top-right, bottom-right, bottom-left, close.
    public convenience init(rect: CGRect) {
        self.init()
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    /// An ellipse inscribed in `rect`: four cubic quarter arcs starting at the right-middle point.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * Self.kappa, ky = ry * Self.kappa
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(
            to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + ky),
            controlPoint2: CGPoint(x: cx + kx, y: cy + ry))
        addCurve(
            to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - kx, y: cy + ry),
            controlPoint2: CGPoint(x: cx - rx, y: cy + ky))
        addCurve(
            to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - ky),
            controlPoint2: CGPoint(x: cx - kx, y: cy - ry))
        addCurve(
            to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + kx, y: cy - ry),
            controlPoint2: CGPoint(x: cx + rx, y: cy - ky))
        close()
    }

    /// A rectangle with quarter-circle corners of `cornerRadius` pt, clamped to 0…min(width, height)/2.
    /// (UIKit draws slightly smoother "continuous" corners; the difference is under 1 pt.)
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, radii: RectCorner.allCorners, radius: cornerRadius)
    }

    /// A rectangle whose `corners` are rounded with quarter circles of `cornerRadii.width` pt (UIKit uses the width
    /// only), clamped to 0…min(width, height)/2; the other corners stay square.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: RectCorner, cornerRadii: CGSize) {
        self.init(roundedRect: rect, radii: corners, radius: cornerRadii.width)
    }

    /// The rounded rectangle: clockwise on screen from the end of the top-left corner; a square corner is a plain
    /// vertex. With no rounded corner it is exactly `init(rect:)`.
    private convenience init(roundedRect rect: CGRect, radii corners: RectCorner, radius cornerRadius: CGFloat) {
        let r = rect.standardized
        let radius = Swift.max(0, Swift.min(cornerRadius.isFinite ? cornerRadius : 0, Swift.min(r.width, r.height) / 2))
        guard radius > 0, !corners.isEmpty else {
            self.init(rect: r)
            return
        }
        self.init()
        func rad(_ c: RectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        let tl = rad(.topLeft), tr = rad(.topRight), br = rad(.bottomRight), bl = rad(.bottomLeft)
        let k = Self.kappa
        move(to: CGPoint(x: r.minX + tl, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 {
            addCurve(
                to: CGPoint(x: r.maxX, y: r.minY + tr), controlPoint1: CGPoint(x: r.maxX - tr + k * tr, y: r.minY),
                controlPoint2: CGPoint(x: r.maxX, y: r.minY + tr - k * tr))
        }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 {
            addCurve(
                to: CGPoint(x: r.maxX - br, y: r.maxY), controlPoint1: CGPoint(x: r.maxX, y: r.maxY - br + k * br),
                controlPoint2: CGPoint(x: r.maxX - br + k * br, y: r.maxY))
        }
        addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 {
            addCurve(
                to: CGPoint(x: r.minX, y: r.maxY - bl), controlPoint1: CGPoint(x: r.minX + bl - k * bl, y: r.maxY),
                controlPoint2: CGPoint(x: r.minX, y: r.maxY - bl + k * bl))
        }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 {
            addCurve(
                to: CGPoint(x: r.minX + tl, y: r.minY), controlPoint1: CGPoint(x: r.minX, y: r.minY + tl - k * tl),
                controlPoint2: CGPoint(x: r.minX + tl - k * tl, y: r.minY))
        }
        close()
    }
}

/// Corners of a rectangle (UIKit's `UIRectCorner`), for `BezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
public struct RectCorner: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt

    /// Corners from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top-left corner (minimum x and y on a y-down screen).
    public static let topLeft = RectCorner(rawValue: 1 << 0)
    /// The top-right corner.
    public static let topRight = RectCorner(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let bottomLeft = RectCorner(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let bottomRight = RectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners = RectCorner(rawValue: ~0)
}
