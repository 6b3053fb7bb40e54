@testable import PhysicsCore

/// A test shape with its own polygon storage. The storage is deliberately never freed: Swift may release an
/// object right after its last use (e.g. `shape.view`), and the view's pointers must outlive that. Tests
/// allocate a few kilobytes in total.
final class NarrowShape {
    let geometry: ShapeGeometry
    let vertexStorage: UnsafeMutablePointer<Vec2>?
    let normalStorage: UnsafeMutablePointer<Vec2>?

    private init(_ g: ShapeGeometry, _ vertices: [Vec2]) {
        geometry = g
        if vertices.isEmpty {
            vertexStorage = nil
            normalStorage = nil
        } else {
            let v = UnsafeMutablePointer<Vec2>.allocate(capacity: vertices.count)
            let n = UnsafeMutablePointer<Vec2>.allocate(capacity: vertices.count)
            let normals = polygonNormals(vertices)
            for i in 0..<vertices.count {
                v[i] = vertices[i]
                n[i] = normals[i]
            }
            vertexStorage = v
            normalStorage = n
        }
    }

    /// The narrow-phase view (its pointers stay valid for the whole test run).
    var view: ConvexView {
        ConvexView(
            geometry: geometry, vertices: vertexStorage.map { UnsafePointer($0) },
            normals: normalStorage.map { UnsafePointer($0) })
    }

    static func circle(_ radius: Double, center: Vec2 = .zero) -> NarrowShape {
        NarrowShape(.circle(center: center, radius: radius), [])
    }

    static func ellipse(_ a: Double, _ b: Double, center: Vec2 = .zero) -> NarrowShape {
        NarrowShape(.ellipse(center: center, radii: Vec2(a, b)), [])
    }

    static func segment(_ p1: Vec2, _ p2: Vec2) -> NarrowShape {
        NarrowShape(.segment(p1, p2), [])
    }

    /// A counter-clockwise convex polygon (validated by `makeConvexPolygon`).
    static func polygon(_ points: [Vec2]) -> NarrowShape {
        guard case .success(let p) = makeConvexPolygon(points) else { fatalError("bad test polygon") }
        let g = ShapeGeometry.polygon(
            centroid: polygonCentroid(p.vertices), vertexStart: 0,
            vertexCount: Int32(p.vertices.count))
        return NarrowShape(g, p.vertices)
    }

    static func box(_ halfWidth: Double, _ halfHeight: Double, center: Vec2 = .zero, angle: Double = 0) -> NarrowShape {
        polygon(boxVertices(halfWidth: halfWidth, halfHeight: halfHeight, center: center, angle: angle))
    }
}

/// Small helpers for the collision tests.
enum NarrowCheck {
    /// A transform from position and angle.
    static func xf(_ x: Double, _ y: Double, _ angle: Double = 0) -> Transform {
        Transform(p: Vec2(x, y), q: Rotation(angle: angle))
    }

    /// Collides in both orders and returns (a→b, b→a).
    static func both(
        _ a: NarrowShape, _ xa: Transform, _ b: NarrowShape, _ xb: Transform,
        speculative: Double = 4
    ) -> (Manifold, Manifold) {
        (
            collide(a.view, xa, b.view, xb, speculativeDistance: speculative),
            collide(b.view, xb, a.view, xa, speculativeDistance: speculative)
        )
    }

    /// Distance from world point p to the boundary of an ellipse (radii r, centre c in body frame) placed by xf,
    /// by dense sampling plus local refinement (independent of the code under test).
    static func distanceToEllipse(_ p: Vec2, radii r: Vec2, center c: Vec2 = .zero, _ xf: Transform) -> Double {
        let local = xf.invApply(p) - c
        var bestT = 0.0
        var best = Double.greatestFiniteMagnitude
        let n = 4096
        for i in 0..<n {
            let t = 2 * Double.pi * Double(i) / Double(n)
            let d = distance(local, Vec2(r.x * mCos(t), r.y * mSin(t)))
            if d < best { best = d; bestT = t }
        }
        var step = 2 * Double.pi / Double(n)
        for _ in 0..<60 {
            for t in [bestT - step, bestT + step] {
                let d = distance(local, Vec2(r.x * mCos(t), r.y * mSin(t)))
                if d < best { best = d; bestT = t }
            }
            step *= 0.5
        }
        return best
    }

    /// x²/a² + y²/b² of a world point in the ellipse frame.
    static func ellipseLevel(_ p: Vec2, radii r: Vec2, center c: Vec2 = .zero, _ xf: Transform) -> Double {
        let l = xf.invApply(p) - c
        return (l.x / r.x) * (l.x / r.x) + (l.y / r.y) * (l.y / r.y)
    }
}
