import PhysicsCore

/// The scene's quality check at the end of a run, computed as the peers compute it.
enum QualityCheck {
    /// Balls whose centre left the closed box (tunneling). Peers: 0 in every run.
    case pile(escaped: Int)
    /// The top box's displacement from its start (pt) and angle (degrees), and the largest displacement of any
    /// box (pt). The pyramid stood when the top box moved less than 40 pt.
    case pyramid(topDisplacement: Vec2, topAngleDegrees: Double, maxDisplacement: Double)
    /// The largest and mean joint gap (distance between a joint's two anchors) now, pt, and the largest seen at
    /// the end of any measured frame.
    case chain(maxGap: Double, meanGap: Double, worstGapAnyFrame: Double)
    /// A scene with no quality field.
    case none

    /// The pass threshold of the pyramid's top-box displacement, pt.
    static let pyramidStandLimit = 40.0

    /// Measures `scene` as it is now.
    static func measure(_ scene: BenchScene) -> QualityCheck {
        let world = scene.world
        switch scene.kind {
        case .pile:
            let w = scene.boxSize
            var out = 0
            for id in scene.dynamicBodies {
                let p = world.position(of: id) ?? Vec2(.nan, .nan)
                // Written so that a NaN position counts as escaped.
                if !(p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= w) { out += 1 }
            }
            return .pile(escaped: out)
        case .pyramid:
            guard let top = scene.dynamicBodies.last, let topStart = scene.startPositions.last else { return .none }
            var maxDisplacement = 0.0
            for (id, start) in zip(scene.dynamicBodies, scene.startPositions) {
                let d = ((world.position(of: id) ?? start) - start).length
                maxDisplacement = Swift.max(maxDisplacement, d)
            }
            let topDisplacement = (world.position(of: top) ?? Vec2(.nan, .nan)) - topStart
            let angle = (world.angle(of: top) ?? .nan) * 180 / Double.pi
            return .pyramid(topDisplacement: topDisplacement, topAngleDegrees: angle, maxDisplacement: maxDisplacement)
        case .chain:
            let (mx, mean) = jointGaps(scene)
            return .chain(maxGap: mx, meanGap: mean, worstGapAnyFrame: scene.worstJointGap)
        case .tumbler:
            return .none
        }
    }

    /// Overlap beyond which a contact point counts as deep, pt: 8 × the default `linearSlop` (0.5 pt), which the
    /// solver lets shapes overlap at rest; a pile or pyramid at rest stays well under it.
    static let deepOverlap = 4.0

    /// The deepest overlap of the world's touching contacts now (pt, 0 when none overlaps) and how many of their
    /// points overlap by more than `deepOverlap`: how far the solver let shapes sink into each other, which a
    /// pair found late by the broad phase or a stiffness too low for the load would show.
    static func overlaps(_ world: World) -> (deepest: Double, deepPoints: Int) {
        var deepest = 0.0
        var deep = 0
        for c in world.contacts where c.isTouching && c.isSolid {
            for p in 0..<c.manifold.pointCount {
                let overlap = -c.manifold[p].separation
                deepest = Swift.max(deepest, overlap)
                if overlap > deepOverlap { deep += 1 }
            }
        }
        return (deepest, deep)
    }

    /// Largest and mean distance between the two anchors of the scene's joints, pt.
    static func jointGaps(_ scene: BenchScene) -> (Double, Double) {
        var mx = 0.0, sum = 0.0
        for j in scene.joints {
            guard let (a, b) = scene.world.anchors(of: j) else { return (.nan, .nan) }
            let g = (a - b).length
            mx = Swift.max(mx, g)
            sum += g
        }
        return (mx, scene.joints.isEmpty ? 0 : sum / Double(scene.joints.count))
    }
}
