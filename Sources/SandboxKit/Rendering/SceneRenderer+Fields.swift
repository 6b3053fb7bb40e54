import Dynamics
import Foundation
import SandboxRender

/// Field behaviours: the region's true outline (its circles and rectangles cut by the union, difference,
/// intersection and inverse, `Region.outline(within:)`), the vector field as a grid of arrows (what the field
/// would do to a 100 × 100, density-1, charge-1 item at rest), and the field's position.
extension SceneRenderer {
    /// Field arrows and region tint.
    static let fieldColor = RGBA(hex: 0xBD_10_E0)
    /// Region outlines: opaque (a translucent polyline would darken where its segments meet).
    static let fieldOutlineColor = fieldColor.mixed(with: background, 0.3)
    /// Grid spacing, pt.
    static let fieldGrid: Double = 40

    func drawFields(_ behaviors: [DynamicBehavior], bounds: CGRect, origin: CGPoint, into raster: inout Raster) {
        let fields = behaviors.compactMap { $0 as? FieldBehavior }
        guard !fields.isEmpty, !bounds.isNull else { return }
        let step = Self.fieldGrid
        let cols = Int(Double(bounds.width) / step), rows = Int(Double(bounds.height) / step)
        guard cols > 0, rows > 0 else { return }
        for field in fields {
            var samples: [(CGPoint, CGVector)] = []
            var largest = 0.0
            for j in 0...rows {
                for i in 0...cols {
                    let p = CGPoint(
                        x: Double(bounds.minX) + (Double(i) + 0.5) * step,
                        y: Double(bounds.minY) + (Double(j) + 0.5) * step)
                    let a = field.acceleration(at: p, velocity: .zero, mass: 1, charge: 1)
                    let m = Double(hypot(a.dx, a.dy))
                    guard m.isFinite, m > 1e-9 else { continue }
                    samples.append((p, a))
                    largest = max(largest, m)
                }
            }
            for line in Self.regionOutline(field, within: bounds, tolerance: 0.25 / unit) {
                raster.strokePolyline(
                    line.points.map { px($0, origin) }, width: lineWidth(1.5), closed: line.isClosed,
                    Self.fieldOutlineColor)
            }
            for (p, a) in samples {
                let c = px(p, origin)
                // Arrow length grows with the logarithm of the magnitude, up to 0.8 of a cell.
                let m = Double(hypot(a.dx, a.dy))
                let len = step * 0.8 * unit * (0.25 + 0.75 * log1p(m) / log1p(max(largest, 1e-9)))
                let tip = PixelPoint(c.x + Double(a.dx) / m * len / 2, c.y + Double(a.dy) / m * len / 2)
                let tail = PixelPoint(c.x - Double(a.dx) / m * len / 2, c.y - Double(a.dy) / m * len / 2)
                raster.drawArrow(
                    from: tail, to: tip, width: lineWidth(1.2), head: 5 * unit, Self.fieldColor.withAlpha(200))
            }
            let f = px(field.position, origin)
            raster.strokeCircle(center: f, radius: 6 * unit, width: lineWidth(2), Self.fieldColor)
        }
    }

    /// The outline of `field`'s region in reference coordinates (pt), clipped to `bounds` grown by half of
    /// them, curves within `tolerance` pt: what the renderer strokes.
    static func regionOutline(_ field: FieldBehavior, within bounds: CGRect, tolerance: Double) -> [Polyline] {
        let pos = field.position
        guard pos.x.isFinite, pos.y.isFinite, !bounds.isNull else { return [] }
        let extent = bounds.insetBy(dx: -bounds.width / 2, dy: -bounds.height / 2).offsetBy(dx: -pos.x, dy: -pos.y)
        return field.region.outline(within: extent, tolerance: CGFloat(tolerance)).map { line in
            Polyline(points: line.points.map { CGPoint(x: $0.x + pos.x, y: $0.y + pos.y) }, isClosed: line.isClosed)
        }
    }
}
