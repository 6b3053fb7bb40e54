// Time of impact by conservative advancement over GJK distances (rigorous bound, any shape kind, any speed).

/// Outcome of a time-of-impact query.
package enum TOIState: Sendable {
    /// The iteration limit was hit; `fraction` is the last safe fraction (at or before the real impact).
    case failed
    /// Already closer than the target at fraction 0.
    case overlapped
    /// The surfaces reach the target separation at `fraction`.
    case hit
    /// They never get that close before `maxFraction`.
    case separated
}

/// Result of a time-of-impact query.
package struct TOIResult: Sendable {
    /// What happened.
    package var state: TOIState
    /// Sweep fraction of the impact (see `TOIState`).
    package var fraction: Double

    /// A result from its parts.
    package init(state: TOIState, fraction: Double) {
        self.state = state
        self.fraction = fraction
    }
}

/// Most conservative-advancement steps before giving up with `.failed`.
private let toiMaxIterations = 256

/// First sweep fraction at which the surfaces of `a` and `b` come within `targetSeparation` of each other.
///
/// Conservative advancement with a rigorous bound. At the current fraction t, GJK gives the core distance d and
/// the unit normal n (A → B). Along the world-fixed axis n the separation of the two shapes is a lower bound of
/// their distance, and it can shrink no faster than `Ω − dot(n, Δv)`: Δv is the relative displacement of the
/// centres of mass over the sweep (exact along a fixed axis) and Ω = |ΔθA|·RA + |ΔθB|·RB bounds the rotation,
/// R being the largest distance from a body's centre of mass to its shape. So no contact can occur before
/// t + (d − target)/(Ω − dot(n, Δv)); the sweep advances there and repeats. Pure translation towards a face
/// lands in one step; distances are on the core shapes (a circle's radius is added to the target), so a fast
/// circle is a moving point and cannot tunnel through a thin segment at any speed.
///
/// - Tolerance: a hit has separation within ±max(0.25·targetSeparation, 1e-4 pt) of the target, and the
///   shapes were never closer than the target before it.
/// - Returns `.overlapped` (fraction 0) when closer than target − tolerance at fraction 0, `.hit` at 0 when
///   already within tolerance of the target, `.separated` (fraction `maxFraction`) when they cannot get that
///   close before `maxFraction`, and `.failed` with the last safe fraction after 256 steps (only reachable by
///   shapes spinning many radians per step while hovering near each other).
package func timeOfImpact(
    _ a: ConvexView, _ sweepA: Sweep, _ b: ConvexView, _ sweepB: Sweep,
    maxFraction: Double = 1, targetSeparation: Double
) -> TOIResult {
    let sa = GJKShape(a)
    let sb = GJKShape(b)
    let target = Swift.max(targetSeparation, 0) + sa.radius + sb.radius
    let tolerance = Swift.max(0.25 * targetSeparation, 1e-4)
    let tMax = maxFraction
    let omega =
        abs(sweepA.a2 - sweepA.a1) * sa.coreReach(from: sweepA.localCenter)
        + abs(sweepB.a2 - sweepB.a1) * sb.coreReach(from: sweepB.localCenter)
    let dv = (sweepB.c2 - sweepB.c1) - (sweepA.c2 - sweepA.c1)
    var t = 0.0
    var safe = 0.0

    for iteration in 0..<toiMaxIterations {
        let g = gjkDistance(sa, sweepA.transform(at: t), sb, sweepB.transform(at: t))
        let d = g.distance
        if d < target - tolerance {
            return iteration == 0
                ? TOIResult(state: .overlapped, fraction: 0) : TOIResult(state: .failed, fraction: safe)
        }
        if d <= target + tolerance { return TOIResult(state: .hit, fraction: t) }
        safe = t
        let n = (g.pointB - g.pointA) / d
        let closing = omega - dot(n, dv)
        if !(closing > 0) { return TOIResult(state: .separated, fraction: tMax) }
        let next = t + (d - target) / closing
        if next >= tMax { return TOIResult(state: .separated, fraction: tMax) }
        t = next
    }
    return TOIResult(state: .failed, fraction: safe)
}
