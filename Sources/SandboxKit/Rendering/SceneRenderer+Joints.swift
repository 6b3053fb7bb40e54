import Dynamics
import Foundation
import SandboxRender

/// Attachments, snaps and pushes (DynamicXray's model): rigid rods as solid lines, springs as zig-zags, anchors as
/// squares, snap targets as a ring with a dashed line from the item, active continuous pushes as arrows.
extension SceneRenderer {
    /// Spring zig-zags.
    static let springColor = RGBA(hex: 0x50_E3_C2)
    /// Snap rings and lines.
    static let snapColor = RGBA(hex: 0xF8_E7_1C)
    /// Push arrows (the scene's continuous pushes and the right-click's instantaneous one).
    static let pushColor = RGBA(hex: 0xFF_7F_A8)
    /// Length of a push arrow per unit of magnitude, pt, and its bounds.
    static let pushArrowPerMagnitude = 40.0
    static let pushArrowLength: ClosedRange<Double> = 14...160

    func drawJoints(_ behaviors: [DynamicBehavior], origin: CGPoint, into raster: inout Raster) {
        for b in behaviors {
            if let a = b as? AttachmentBehavior {
                let (p, q) = a.debugEndpoints
                let pa = px(p, origin), pb = px(q, origin)
                if a.frequency > 0 {
                    raster.strokePolyline(zigzag(pa, pb), width: 1.5 * scale, Self.springColor)
                } else {
                    raster.strokeSegment(pa, pb, width: 2 * scale, Self.jointColor)
                }
                raster.fillCircle(center: pa, radius: 3 * scale, RGBA(hex: 0xF5_A6_23))
                if a.attachedBehaviorType == .anchor {
                    let s = 4 * scale
                    raster.fillConvexPolygon(
                        [
                            PixelPoint(pb.x - s, pb.y - s), PixelPoint(pb.x + s, pb.y - s),
                            PixelPoint(pb.x + s, pb.y + s), PixelPoint(pb.x - s, pb.y + s)
                        ],
                        Self.jointColor)
                } else {
                    raster.fillCircle(center: pb, radius: 3 * scale, RGBA(hex: 0xF5_A6_23))
                }
            } else if let s = b as? SnapBehavior, let item = s.items.first {
                let target = px(s.snapPoint, origin), from = px(item.center, origin)
                dashed(from, target, into: &raster)
                raster.strokeCircle(center: target, radius: 7 * scale, width: 1.5 * scale, Self.snapColor)
                raster.fillCircle(center: target, radius: 2 * scale, Self.snapColor)
            } else if let p = b as? PushBehavior, p.mode == .continuous, p.active, p.magnitude > 0 {
                // From each item's centre along the push, out past its edge by 40 pt per unit of magnitude
                // (within 14…160 pt).
                let wanted = Double(p.magnitude) * Self.pushArrowPerMagnitude
                let beyondEdge = min(Self.pushArrowLength.upperBound, max(Self.pushArrowLength.lowerBound, wanted))
                let angle = Double(p.angle)
                for item in p.items {
                    let c = item.center
                    let len = beyondEdge + Double(max(item.bounds.width, item.bounds.height)) / 2
                    let tip = CGPoint(x: Double(c.x) + cos(angle) * len, y: Double(c.y) + sin(angle) * len)
                    raster.drawArrow(
                        from: px(c, origin), to: px(tip, origin), width: 2.5 * scale, head: 10 * scale,
                        Self.pushColor)
                }
            }
        }
    }

    /// A zig-zag from `a` to `b` with about one tooth per 8 px (at least 4), 5 px wide.
    func zigzag(_ a: PixelPoint, _ b: PixelPoint) -> [PixelPoint] {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1 else { return [a, b] }
        let n = max(4, Int(len / (8 * scale)))
        let nx = -dy / len * 5 * scale, ny = dx / len * 5 * scale
        var pts = [a]
        for i in 1..<n {
            let t = Double(i) / Double(n), side = i % 2 == 0 ? 1.0 : -1.0
            pts.append(PixelPoint(a.x + dx * t + nx * side, a.y + dy * t + ny * side))
        }
        pts.append(b)
        return pts
    }

    /// A dashed line, 6 px on, 4 px off.
    func dashed(_ a: PixelPoint, _ b: PixelPoint, into raster: inout Raster) {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 1 else { return }
        var t = 0.0
        while t < len {
            let e = min(len, t + 6 * scale)
            raster.strokeSegment(
                PixelPoint(a.x + dx * t / len, a.y + dy * t / len),
                PixelPoint(a.x + dx * e / len, a.y + dy * e / len), width: 1.2 * scale,
                Self.snapColor.withAlpha(180))
            t = e + 4 * scale
        }
    }
}
