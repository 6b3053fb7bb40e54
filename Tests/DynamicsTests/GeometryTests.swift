import Foundation
import Testing
@testable import Dynamics

@Suite("Geometry")
struct GeometryTests {
    @Test func affineTransform() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(r)
        // y down: +π/2 turns +x onto +y (clockwise on screen). sin/cos rounding only.
        #expect(isClose(p.x, 0, within: 1e-15) && isClose(p.y, 1, within: 1e-15))
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 23))
        #expect(CGPoint(x: 12, y: 23).applying(t.inverted()) == CGPoint(x: 1, y: 1))
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(scaleX: 0.5, y: 0.5)).isIdentity)
        #expect(isClose(CGAffineTransform.identity.rotated(by: 0.3).rotationAngle, 0.3, within: 1e-15))
    }

    @Test func edgeInsets() {
        let r = CGRect(x: 5, y: 7, width: 320, height: 480)
        #expect(
            r.inset(by: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
                == CGRect(x: 25, y: 17, width: 260, height: 440))
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    }

    @Test func standardShapes() {
        let rect = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(rect.elements.count == 5)
        #expect(rect.bounds == CGRect(x: 0, y: 0, width: 10, height: 20))
        let lines = rect.flattened()
        #expect(lines.count == 1 && lines[0].isClosed && lines[0].points.count == 4)
        #expect(lines[0].segments.count == 4)
        let oval = BezierPath(ovalIn: CGRect(x: -50, y: -25, width: 100, height: 50))
        #expect(oval.bounds == CGRect(x: -50, y: -25, width: 100, height: 50))
        let rounded = BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 100)
        #expect(rounded.bounds == CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(
            BezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0)
                == BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(rounded.currentPoint == CGPoint(x: 20, y: 0))
    }

    /// Every chord of the flattened curve stays within 0.25 pt of the curve: checked at 8 parameter values per
    /// chord against the exact cubic, for an oval and a long S-curve.
    @Test func flatteningStaysWithinAQuarterPoint() {
        let s = BezierPath()
        s.move(to: CGPoint(x: 0, y: 0))
        s.addCurve(
            to: CGPoint(x: 600, y: 0), controlPoint1: CGPoint(x: 100, y: 800), controlPoint2: CGPoint(x: 500, y: -800))
        let q = BezierPath()
        q.move(to: CGPoint(x: 0, y: 0))
        q.addQuadCurve(to: CGPoint(x: 400, y: 0), controlPoint: CGPoint(x: 200, y: 500))
        let oval = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 300, height: 120))
        for path in [s, q, oval] {
            let pieces = curves(of: path)
            let points = path.flattened()[0].points
            var worst = 0.0
            // Map every flattened point back to its curve by walking the curves with the same segment counts.
            var index = 0
            for c in pieces {
                let n = c.segments
                for i in 0..<n {
                    let a = points[(index + i) % points.count], b = points[(index + i + 1) % points.count]
                    for k in 1..<8 {
                        let t = (Double(i) + Double(k) / 8) / Double(n)
                        worst = max(worst, distance(c.point(t), a, b))
                    }
                }
                index += n
            }
            #expect(worst <= 0.25, "worst deviation \(worst)")
            #expect(worst > 0.01, "the flattening should not be needlessly fine")
        }
    }

    @Test func subpathsOpenAndClosed() {
        let p = BezierPath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 10))
        p.close()
        p.addLine(to: CGPoint(x: -10, y: 0))  // after close: a new subpath from the start point
        p.move(to: CGPoint(x: 50, y: 50))
        let lines = p.flattened()
        #expect(lines.count == 3)
        #expect(lines[0].isClosed && lines[0].segments.count == 3)
        #expect(!lines[1].isClosed && lines[1].points == [.zero, CGPoint(x: -10, y: 0)])
        #expect(lines[2].points.count == 1 && lines[2].segments.isEmpty)
        let implicit = BezierPath()
        implicit.addLine(to: CGPoint(x: 5, y: 5))
        #expect(implicit.elements.first == .move(to: .zero))
        #expect(BezierPath().currentPoint == .zero)
    }

    // MARK: Helpers

    private struct Curve {
        var p: [CGPoint]
        var segments: Int
        func point(_ t: Double) -> CGPoint {
            let u = 1 - t
            if p.count == 3 {
                return CGPoint(
                    x: u * u * Double(p[0].x) + 2 * u * t * Double(p[1].x) + t * t * Double(p[2].x),
                    y: u * u * Double(p[0].y) + 2 * u * t * Double(p[1].y) + t * t * Double(p[2].y))
            }
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(
                x: a * Double(p[0].x) + b * Double(p[1].x) + c * Double(p[2].x) + d * Double(p[3].x),
                y: a * Double(p[0].y) + b * Double(p[1].y) + c * Double(p[2].y) + d * Double(p[3].y))
        }
    }

    /// The curves of a path with the segment counts the flattener uses.
    private func curves(of path: BezierPath) -> [Curve] {
        var out: [Curve] = []
        var current = CGPoint.zero
        for e in path.elements {
            switch e {
            case .move(let p): current = p
            case .line(let p): current = p
            case .quadCurve(let p, let c):
                let dd = hypot(Double(current.x - 2 * c.x + p.x), Double(current.y - 2 * c.y + p.y))
                out.append(
                    Curve(
                        p: [current, c, p],
                        segments: BezierPath.segmentCount(secondDerivativeBound: 2 * dd, tolerance: 0.25)))
                current = p
            case .curve(let p, let c1, let c2):
                let d1 = hypot(Double(current.x - 2 * c1.x + c2.x), Double(current.y - 2 * c1.y + c2.y))
                let d2 = hypot(Double(c1.x - 2 * c2.x + p.x), Double(c1.y - 2 * c2.y + p.y))
                out.append(
                    Curve(
                        p: [current, c1, c2, p],
                        segments: BezierPath.segmentCount(secondDerivativeBound: 6 * max(d1, d2), tolerance: 0.25)))
                current = p
            case .close: break
            }
        }
        return out
    }

    /// Distance from p to the segment a–b.
    private func distance(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> Double {
        let abx = Double(b.x - a.x), aby = Double(b.y - a.y)
        let apx = Double(p.x - a.x), apy = Double(p.y - a.y)
        let len2 = abx * abx + aby * aby
        let t = len2 > 0 ? max(0, min(1, (apx * abx + apy * aby) / len2)) : 0
        return hypot(apx - t * abx, apy - t * aby)
    }
}
