import Foundation

/// The standard shapes, each one closed subpath. Like UIKit's, they run clockwise as seen on a y-down screen
/// (positive signed area in plain coordinates).
extension BezierPath {
    /// Control-point distance of a cubic quarter circle of radius 1: 4/3·(√2 − 1).
    static let kappa: CGFloat = 0.552_284_749_830_793_4

    /// A rectangle: move to the top-left corner, lines to top-right, bottom-right, bottom-left, close.
    public init(rect: CGRect) {
        self.init()
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    /// An ellipse inscribed in `rect`: four cubic quarter arcs starting at the right-middle point.
    public init(ovalIn rect: CGRect) {
        self.init()
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * Self.kappa, ky = ry * Self.kappa
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), controlPoint1: CGPoint(x: cx + rx, y: cy + ky),
                 controlPoint2: CGPoint(x: cx + kx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), controlPoint1: CGPoint(x: cx - kx, y: cy + ry),
                 controlPoint2: CGPoint(x: cx - rx, y: cy + ky))
        addCurve(to: CGPoint(x: cx, y: cy - ry), controlPoint1: CGPoint(x: cx - rx, y: cy - ky),
                 controlPoint2: CGPoint(x: cx - kx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), controlPoint1: CGPoint(x: cx + kx, y: cy - ry),
                 controlPoint2: CGPoint(x: cx + rx, y: cy - ky))
        close()
    }

    /// A rectangle with quarter-circle corners of `cornerRadius` pt, clamped to 0…min(width, height)/2.
    /// (UIKit draws slightly smoother "continuous" corners; the difference is under 1 pt.)
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        let r = rect.standardized
        let radius = Swift.max(0, Swift.min(cornerRadius.isFinite ? cornerRadius : 0, Swift.min(r.width, r.height) / 2))
        guard radius > 0 else {
            self.init(rect: r)
            return
        }
        self.init()
        let k = radius * Self.kappa
        move(to: CGPoint(x: r.minX + radius, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - radius, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + radius), controlPoint1: CGPoint(x: r.maxX - radius + k, y: r.minY),
                 controlPoint2: CGPoint(x: r.maxX, y: r.minY + radius - k))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - radius))
        addCurve(to: CGPoint(x: r.maxX - radius, y: r.maxY), controlPoint1: CGPoint(x: r.maxX, y: r.maxY - radius + k),
                 controlPoint2: CGPoint(x: r.maxX - radius + k, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + radius, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - radius), controlPoint1: CGPoint(x: r.minX + radius - k, y: r.maxY),
                 controlPoint2: CGPoint(x: r.minX, y: r.maxY - radius + k))
        addLine(to: CGPoint(x: r.minX, y: r.minY + radius))
        addCurve(to: CGPoint(x: r.minX + radius, y: r.minY), controlPoint1: CGPoint(x: r.minX, y: r.minY + radius - k),
                 controlPoint2: CGPoint(x: r.minX + radius - k, y: r.minY))
        close()
    }
}
