/// The kinds of convex shape the engine collides.
public enum ShapeKind: UInt8, Sendable, Hashable {
    /// A disc: `center`, `radius`.
    case circle
    /// A convex polygon, counter-clockwise in a y-up frame (clockwise on a y-down screen); vertices in the world's pool.
    case polygon
    /// An exact ellipse with semi-axes `radii` along the body's x and y axes, centred at `center`.
    case ellipse
    /// A two-sided line segment `p1`–`p2` (static boundaries).
    case segment
}

/// Geometry of one shape in its body's frame (origin = the body origin, which for an item is its center).
///
/// Polygon vertices live in the world's vertex pool (`vertexStart`, `vertexCount`), so a shape is a small value
/// with no heap storage of its own.
package struct ShapeGeometry: Sendable {
    // What the narrow phase reads of every pair's shapes comes first (kind, vertex range, centre, radius).
    package var kind: ShapeKind
    /// First vertex in the pool (polygon only).
    package var vertexStart: Int32
    /// Number of vertices (polygon only, ≥ 3).
    package var vertexCount: Int32
    /// Circle or ellipse centre; polygon centroid; segment midpoint. Body frame, pt.
    package var center: Vec2
    /// Circle radius, pt (0 for other kinds).
    package var radius: Double
    /// Ellipse semi-axes along the body's x and y, pt.
    package var radii: Vec2
    /// Segment endpoints, body frame, pt.
    package var p1: Vec2
    package var p2: Vec2
    /// Segment of a chain (`World.createChain`) only: the vertex before `p1` along the chain, body frame, pt; equal
    /// to `p1` when no segment comes before (an open chain's first, or a lone segment). The narrow phase uses it to
    /// keep contacts off the inner vertex at `p1` (`smoothSegmentManifold`).
    package var ghost1: Vec2
    /// The vertex after `p2` along the chain; equal to `p2` when no segment comes after.
    package var ghost2: Vec2

    /// Whether a chain segment continues before `p1`.
    @inlinable package var hasGhost1: Bool { ghost1 != p1 }
    /// Whether a chain segment continues after `p2`.
    @inlinable package var hasGhost2: Bool { ghost2 != p2 }

    package static func circle(center: Vec2, radius: Double) -> ShapeGeometry {
        ShapeGeometry(
            kind: .circle, vertexStart: 0, vertexCount: 0, center: center, radius: radius,
            radii: Vec2(radius, radius), p1: .zero, p2: .zero, ghost1: .zero, ghost2: .zero)
    }

    package static func ellipse(center: Vec2, radii: Vec2) -> ShapeGeometry {
        ShapeGeometry(
            kind: .ellipse, vertexStart: 0, vertexCount: 0, center: center, radius: 0, radii: radii,
            p1: .zero, p2: .zero, ghost1: .zero, ghost2: .zero)
    }

    /// A segment p1–p2; `ghost1` and `ghost2` are its chain neighbours' far vertices (nil: none on that side).
    package static func segment(_ p1: Vec2, _ p2: Vec2, ghost1: Vec2? = nil, ghost2: Vec2? = nil) -> ShapeGeometry {
        ShapeGeometry(
            kind: .segment, vertexStart: 0, vertexCount: 0, center: 0.5 * (p1 + p2), radius: 0, radii: .zero,
            p1: p1, p2: p2, ghost1: ghost1 ?? p1, ghost2: ghost2 ?? p2)
    }

    package static func polygon(centroid: Vec2, vertexStart: Int32, vertexCount: Int32) -> ShapeGeometry {
        ShapeGeometry(
            kind: .polygon, vertexStart: vertexStart, vertexCount: vertexCount, center: centroid, radius: 0,
            radii: .zero, p1: .zero, p2: .zero, ghost1: .zero, ghost2: .zero)
    }
}

/// A shape as the narrow phase sees it: the geometry plus its polygon vertices and outward edge normals resolved
/// to pointers valid for the duration of one collision pass. Body frame.
package struct ConvexView {
    package var geometry: ShapeGeometry
    /// Polygon vertices (body frame), `geometry.vertexCount` of them; nil for other kinds.
    package var vertices: UnsafePointer<Vec2>?
    /// Outward unit normal of edge i (from vertex i to i+1); nil for other kinds.
    package var normals: UnsafePointer<Vec2>?

    package init(geometry: ShapeGeometry, vertices: UnsafePointer<Vec2>?, normals: UnsafePointer<Vec2>?) {
        self.geometry = geometry
        self.vertices = vertices
        self.normals = normals
    }

    @inlinable package var count: Int { Int(geometry.vertexCount) }
}
