import Foundation
internal import PhysicsCore

/// The convex polygon Dynamics builds from an item's `collisionBoundingPath`: the first subpath, flattened to
/// within 0.25 pt, in item-local points ((0, 0) = the item's center), validated by the core's
/// `makeConvexPolygon`.
struct BoundingPolygon {
    /// Why a bounding path cannot be used.
    enum Problem: Error, CustomStringConvertible {
        case missing
        case empty
        case polygon(PolygonProblem)

        var description: String {
            switch self {
            case .missing:
                "collisionBoundsType is .path but collisionBoundingPath is empty; a .path item MUST provide one"
            case .empty: "the path is empty"
            case .polygon(.tooFewPoints): "its first subpath has fewer than 3 distinct points"
            case .polygon(.nonFinite): "a point is NaN or infinite"
            case .polygon(.collinear): "its points are collinear (no area)"
            case .polygon(.notConvex): "it is not convex"
            case .polygon(.selfIntersecting): "it crosses itself"
            }
        }
    }

    /// Vertices with positive signed area in plain numbers (the core's winding).
    var vertices: [Vec2]
    /// True when the path ran clockwise as seen on a y-down screen (positive signed area in plain numbers).
    /// UIKit wants counter-clockwise on screen and reverses clockwise input.
    var isClockwiseOnScreen: Bool

    /// Validates and converts a bounding path.
    static func make(from path: BezierPath?) -> Result<BoundingPolygon, Problem> {
        guard let path, !path.isEmpty else { return .failure(.missing) }
        guard path.isFinite else { return .failure(.polygon(.nonFinite)) }
        guard let first = path.flattened().first else { return .failure(.empty) }
        switch makeConvexPolygon(first.points.map { Vec2($0) }) {
        case .success(let polygon):
            // Counter-clockwise on a y-down screen is negative area in plain numbers, which the core reverses.
            return .success(BoundingPolygon(vertices: polygon.vertices, isClockwiseOnScreen: !polygon.reversed))
        case .failure(let problem):
            return .failure(.polygon(problem))
        }
    }
}
