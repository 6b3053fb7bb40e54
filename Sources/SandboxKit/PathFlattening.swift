import Dynamics
import Foundation

/// Bézier paths as polylines for drawing (the renderer's own flattening; the engine's is internal to Dynamics).
enum PathFlattening {
    /// Each subpath of `path` as points, curves split into `segments` pieces, and whether it was closed.
    static func polylines(_ path: BezierPath, segments: Int = 24) -> [(points: [CGPoint], closed: Bool)] {
        var out: [(points: [CGPoint], closed: Bool)] = []
        var current: [CGPoint] = []
        func flush(closed: Bool) {
            if current.count >= 2 { out.append((current, closed)) }
            current = []
        }
        for e in path.elements {
            switch e {
            case .move(let p):
                flush(closed: false)
                current = [p]
            case .line(let p):
                current.append(p)
            case .quadCurve(let p, let c):
                guard let s = current.last else { current = [p]; continue }
                for i in 1...segments {
                    let t = CGFloat(i) / CGFloat(segments), u = 1 - t
                    current.append(
                        CGPoint(
                            x: u * u * s.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * s.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                guard let s = current.last else { current = [p]; continue }
                for i in 1...segments {
                    let t = CGFloat(i) / CGFloat(segments), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(
                        CGPoint(
                            x: a * s.x + b * c1.x + c * c2.x + d * p.x,
                            y: a * s.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close:
                let first = current.first
                flush(closed: true)
                if let first { current = [first] }
            }
        }
        flush(closed: false)
        return out
    }
}
