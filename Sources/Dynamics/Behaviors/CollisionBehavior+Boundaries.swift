import Foundation
internal import PhysicsCore

/// Explicit boundaries, each stored under an identifier (any `Hashable`; UIKit takes any `NSCopying`).
extension CollisionBehavior {
    /// Adds (or replaces) a boundary made of every subpath of `path`: curves are flattened to within 0.25 pt and
    /// every subpath becomes a static, two-sided chain of segments, smooth at its joints as UIKit's edge chains are
    /// (an item sliding along it is not caught where two segments meet; its real corners stay corners); closed
    /// subpaths get their closing segment, open ones stay
    /// open. (UIKit uses only the first subpath, closes it even when open, and keeps the old boundary alive when an
    /// identifier is reused.) A path with no segment of non-zero length, or with a non-finite point, is refused:
    /// "invalid path for collision boundary" diagnostic, nothing is added.
    public func addBoundary(withIdentifier identifier: AnyHashable, for path: BezierPath) {
        guard path.isFinite, Self.isWithinWorld(path.bounds), path.flattened().contains(where: { !$0.segments.isEmpty })
        else {
            DynamicsDiagnostics.report(
                .invalidBoundaryPath,
                "invalid path for collision boundary \(identifier) (\(path)) in "
                    + "\(describeBehavior(self)): it has no segment of non-zero length, or a "
                    + "point that is not finite or beyond ±\(InputLimits.maxCoordinate) pt; no boundary was added")
            return
        }
        store(Boundary(path: path.copy(), segment: nil), for: identifier)
    }

    /// Adds (or replaces) a single two-sided segment boundary from `p1` to `p2`. Non-finite or coincident points
    /// are refused with a diagnostic.
    public func addBoundary(withIdentifier identifier: AnyHashable, from p1: CGPoint, to p2: CGPoint) {
        guard p1.isWithinWorld, p2.isWithinWorld, p1 != p2 else {
            DynamicsDiagnostics.report(
                .invalidBoundaryPath,
                "invalid path for collision boundary \(identifier) in "
                    + "\(describeBehavior(self)): segment \(p1)–\(p2) is degenerate or not "
                    + "finite; no boundary was added")
            return
        }
        let path = BezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        store(Boundary(path: path, segment: (p1, p2)), for: identifier)
    }

    /// A copy of the path of a boundary (a move/line path for segments), or nil for an unknown identifier.
    public func boundary(withIdentifier identifier: AnyHashable) -> BezierPath? {
        boundaries[identifier]?.path.copy()
    }

    /// Removes a boundary; unknown identifiers are ignored.
    public func removeBoundary(withIdentifier identifier: AnyHashable) {
        guard boundaries.removeValue(forKey: identifier) != nil else { return }
        boundaryOrder.removeAll { $0 == identifier }
        if let animator = dynamicAnimator {
            destroyBoundary(identifier, in: animator)
            parametersDidChange()
        }
    }

    /// The boundary identifiers in the order they were added, or nil when there is none (the reference-bounds
    /// boundary has no identifier and is not listed). Default nil.
    public var boundaryIdentifiers: [AnyHashable]? {
        boundaryOrder.isEmpty ? nil : boundaryOrder
    }

    /// Removes every boundary added with an identifier (the reference-bounds boundary stays).
    public func removeAllBoundaries() {
        for id in boundaryOrder { removeBoundary(withIdentifier: id) }
    }

    // MARK: World bodies

    /// Every point of `rect` within ±`InputLimits.maxCoordinate`.
    private static func isWithinWorld(_ rect: CGRect) -> Bool {
        rect.isNull
            || (CGPoint(x: rect.minX, y: rect.minY).isWithinWorld
                && CGPoint(x: rect.maxX, y: rect.maxY).isWithinWorld)
    }

    private func store(_ boundary: Boundary, for identifier: AnyHashable) {
        if boundaries.updateValue(boundary, forKey: identifier) == nil { boundaryOrder.append(identifier) }
        guard let animator = dynamicAnimator else { return }
        buildBoundary(identifier, in: animator)
        parametersDidChange()
    }

    /// Builds (or rebuilds) the world body of a stored boundary.
    func buildBoundary(_ identifier: AnyHashable, in animator: DynamicAnimator) {
        destroyBoundary(identifier, in: animator)
        guard let boundary = boundaries[identifier] else { return }
        let polylines: [Polyline]
        if let s = boundary.segment {
            polylines = [Polyline(points: [s.0, s.1], isClosed: false)]
        } else {
            polylines = boundary.path.flattened()
        }
        boundaryBodies[identifier] = animator.createBoundaryBody(polylines, for: self, identifier: identifier)
    }

    /// Destroys the world body of a boundary, if any.
    func destroyBoundary(_ identifier: AnyHashable, in animator: DynamicAnimator) {
        if let body = boundaryBodies.removeValue(forKey: identifier) { animator.destroyBoundaryBody(body) }
    }
}
