// Polygon views for the narrow phase, and segments seen as two-vertex (two-sided) polygons.

/// A convex polygon as the narrow phase reads it: vertices and outward edge normals in the body frame.
///
/// A segment p1–p2 is the two-vertex polygon [p1, p2] with normals [n, −n] (edge 0 runs p1→p2 with normal
/// n = rightPerp(p2 − p1), edge 1 runs back), so it is two-sided and goes through the polygon routines unchanged.
struct NarrowPolygon {
    /// Vertices, body frame, counter-clockwise.
    var vertices: UnsafePointer<Vec2>
    /// Outward unit normal of edge i (vertex i → i + 1).
    var normals: UnsafePointer<Vec2>
    /// Number of vertices (2 for a segment, ≥ 3 for a polygon).
    var count: Int

    /// A polygon view over explicit pointers.
    @inline(__always)
    init(vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, count: Int) {
        self.vertices = vertices
        self.normals = normals
        self.count = count
    }

    /// The polygon of a `.polygon` shape view (its vertex and normal pointers must be set).
    @inline(__always)
    init(_ view: ConvexView) {
        vertices = view.vertices.unsafelyUnwrapped
        normals = view.normals.unsafelyUnwrapped
        count = Int(view.geometry.vertexCount)
    }
}

/// Runs `body` with the segment `g` seen as a two-vertex polygon whose storage lives on the stack.
@inline(__always)
func withSegmentPolygon<R>(_ g: ShapeGeometry, _ body: (NarrowPolygon) -> R) -> R {
    let d = g.p2 - g.p1
    let len = d.length
    let n = len > 1e-12 ? Vec2(d.y / len, -d.x / len) : Vec2(0, 1)
    var verts = (g.p1, g.p2)
    var norms = (n, -n)
    return withUnsafeMutablePointer(to: &verts) { vp in
        withUnsafeMutablePointer(to: &norms) { np in
            vp.withMemoryRebound(to: Vec2.self, capacity: 2) { v in
                np.withMemoryRebound(to: Vec2.self, capacity: 2) { nn in
                    body(NarrowPolygon(vertices: UnsafePointer(v), normals: UnsafePointer(nn), count: 2))
                }
            }
        }
    }
}

/// Closest points between segments p1–p2 and q1–q2: fractions along each (exactly 0 or 1 when clamped to an end).
struct SegmentClosest {
    /// Fraction along p1→p2 of the closest point.
    var fraction1: Double
    /// Fraction along q1→q2 of the closest point.
    var fraction2: Double
    /// Closest point on p1–p2.
    var point1: Vec2
    /// Closest point on q1–q2.
    var point2: Vec2

    /// Computes the closest pair between the two segments.
    @inline(__always)
    init(_ p1: Vec2, _ p2: Vec2, _ q1: Vec2, _ q2: Vec2) {
        let d1 = p2 - p1
        let d2 = q2 - q1
        let r = p1 - q1
        let a = dot(d1, d1)
        let e = dot(d2, d2)
        let f = dot(d2, r)
        let tiny = 1e-24
        var s = 0.0
        var t = 0.0
        if a <= tiny && e <= tiny {
            s = 0; t = 0
        } else if a <= tiny {
            t = Swift.min(Swift.max(f / e, 0), 1)
        } else {
            let c = dot(d1, r)
            if e <= tiny {
                s = Swift.min(Swift.max(-c / a, 0), 1)
            } else {
                let b = dot(d1, d2)
                let denom = a * e - b * b
                if denom > 1e-12 * a * e {
                    s = Swift.min(Swift.max((b * f - c * e) / denom, 0), 1)
                }
                t = (b * s + f) / e
                if t < 0 {
                    t = 0
                    s = Swift.min(Swift.max(-c / a, 0), 1)
                } else if t > 1 {
                    t = 1
                    s = Swift.min(Swift.max((b - c) / a, 0), 1)
                }
            }
        }
        fraction1 = s
        fraction2 = t
        point1 = p1 + s * d1
        point2 = q1 + t * d2
    }
}
