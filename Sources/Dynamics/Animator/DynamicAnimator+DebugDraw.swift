import Foundation
internal import PhysicsCore

/// Read-only views of the world for debug overlays (the sandbox's contact points, sleeping tint and derived mass),
/// the role of UIKit's private `debugEnabled` view. `package` access: for this package's tools, not for apps.
extension DynamicAnimator {
    /// Points where two shapes touch now (manifold points within the touching tolerance), reference coordinates,
    /// pt, in contact order. At most `limit` (default 4096) are returned.
    package func debugContactPoints(limit: Int = 4096) -> [CGPoint] {
        var out: [CGPoint] = []
        for c in world.contacts where c.isSolid && c.isTouching {
            for k in 0..<c.manifold.pointCount {
                guard out.count < limit else { return out }
                out.append(c.manifold[k].point.cgPoint)
            }
        }
        return out
    }

    /// Sizes of the world for a profiling readout: tracked contact pairs (fattened boxes overlap), pairs touching
    /// now, and awake dynamic bodies. O(contacts + bodies).
    package var debugWorldCounts: (contacts: Int, touching: Int, awake: Int) {
        (world.contactCount, world.touchingContactStats.pairs, world.awakeDynamicBodyCount)
    }

    /// True when the item's body is asleep, false when awake, nil when the item has no body in this animator.
    package func debugIsSleeping(_ item: any DynamicItem) -> Bool? {
        guard let body = record(for: item)?.body, let awake = world.isAwake(body) else { return nil }
        return !awake
    }

    /// The item's mass in UIKit's units (density · width · height / 10⁴ for a rectangle of density 1: a 100 × 100
    /// item weighs 1), or nil when the item has no body or is anchored (no mass).
    package func debugMass(of item: any DynamicItem) -> Double? {
        guard let body = record(for: item)?.body, let m = world.mass(of: body), m > 0 else { return nil }
        return m
    }

    /// The item's rotational inertia about its centre over its mass, pt² ((w² + h²) / 12 for a rectangle),
    /// infinity when its rotation is fixed (`allowsRotation` false), or nil when it has no body or no mass.
    package func debugInertiaPerMass(of item: any DynamicItem) -> Double? {
        guard let body = record(for: item)?.body, let m = world.mass(of: body), m > 0,
            let inverse = world.inverseInertia(of: body), let inertia = world.inertia(of: body)
        else { return nil }
        return inverse > 0 ? inertia / m : .infinity
    }

    /// The item's velocity, pt/s, or nil when it has no body.
    package func debugVelocity(of item: any DynamicItem) -> CGPoint? {
        guard let body = record(for: item)?.body, let v = world.linearVelocity(of: body) else { return nil }
        return v.cgPoint
    }
}

extension CollisionBehavior {
    /// The segments the world holds now for the boundary `identifier` (reference coordinates, pt), in the order
    /// they were built: what items collide with. Empty when the boundary does not exist or the behaviour is not
    /// in an animator.
    package func debugBoundarySegments(withIdentifier identifier: AnyHashable) -> [(CGPoint, CGPoint)] {
        guard let animator = dynamicAnimator, let body = boundaryBodies[identifier] else { return [] }
        return animator.world.shapes(of: body).compactMap { id in
            let g = animator.world.shapes[Int(id.index)].geometry
            guard g.kind == .segment else { return nil }
            return (g.p1.cgPoint, g.p2.cgPoint)
        }
    }
}

extension AttachmentBehavior {
    /// The two attachment points now (the second is the anchor for anchor attachments), reference coordinates,
    /// pt, for drawing. Offsets turn with their items.
    package var debugEndpoints: (CGPoint, CGPoint) {
        func point(_ item: any DynamicItem, _ o: Offset) -> CGPoint {
            let t = item.transform
            let a = atan2(t.b, t.a)
            return CGPoint(
                x: item.center.x + cos(a) * o.horizontal - sin(a) * o.vertical,
                y: item.center.y + sin(a) * o.horizontal + cos(a) * o.vertical)
        }
        return (point(item1, offset1), item2.map { point($0, offset2) } ?? anchor)
    }
}
