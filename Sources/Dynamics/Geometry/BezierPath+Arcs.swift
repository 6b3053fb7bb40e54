import Foundation

/// Circular arcs, as UIKit draws them: angles in radians from the positive x axis, and `clockwise` as seen on a
/// y-down screen (angles grow clockwise there).
extension BezierPath {
    /// A path holding one arc (see `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`), starting with a move
    /// to the arc's first point.
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Adds an arc of the circle of `radius` pt around `center` from `startAngle` to `endAngle` (radians, 0 =
    /// pointing right, growing clockwise on a y-down screen), turning clockwise on screen when `clockwise` is true.
    ///
    /// As in UIKit: a non-empty path first gets a straight line from its current point to the arc's start (an empty
    /// one a move); the sweep is the angle from start to end in the chosen direction, 0…2π (a difference of a whole
    /// turn or more is a full circle, equal angles add no arc). The arc is drawn as cubic curves of at most 90°
    /// each (error below 0.03 % of the radius). A negative radius acts as its magnitude; non-finite input adds
    /// nothing.
    public func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool
    ) {
        let r = Swift.abs(Double(radius))
        let a0 = Double(startAngle), a1 = Double(endAngle)
        guard r.isFinite, a0.isFinite, a1.isFinite, center.isFinite else { return }
        let cx = Double(center.x), cy = Double(center.y)
        func point(_ a: Double) -> CGPoint { CGPoint(x: cx + r * cos(a), y: cy + r * sin(a)) }
        let start = point(a0)
        if isEmpty { move(to: start) } else { addLine(to: start) }
        let sweep = Self.arcSweep(from: a0, to: a1, clockwise: clockwise)
        guard sweep != 0, r > 0 else { return }
        let n = Int((Swift.abs(sweep) / (Double.pi / 2)).rounded(.up))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        for i in 0..<n {
            let t0 = a0 + Double(i) * step
            let t1 = i == n - 1 ? a0 + sweep : t0 + step
            let p0 = point(t0), p1 = point(t1)
            addCurve(
                to: p1,
                controlPoint1: CGPoint(x: Double(p0.x) - k * sin(t0), y: Double(p0.y) + k * cos(t0)),
                controlPoint2: CGPoint(x: Double(p1.x) + k * sin(t1), y: Double(p1.y) - k * cos(t1)))
        }
    }

    /// The signed sweep of an arc, radians: in 0…2π when clockwise, −2π…0 otherwise.
    static func arcSweep(from a0: Double, to a1: Double, clockwise: Bool) -> Double {
        let full = 2 * Double.pi
        let d = a1 - a0
        if clockwise {
            if d >= full { return full }
            let m = d.truncatingRemainder(dividingBy: full)
            return m < 0 ? m + full : m
        }
        if d <= -full { return -full }
        let m = d.truncatingRemainder(dividingBy: full)
        return m > 0 ? m - full : m
    }
}
