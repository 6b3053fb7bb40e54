import Foundation
internal import PhysicsCore

/// The eleven factories, with UIKit's measured defaults (spec §1.12): strength 1, position (0, 0), region
/// infinite, minimum radius 2⁻¹⁵ m, and the falloff and direction listed on each.
extension FieldBehavior {
    /// Quadratic drag: `F = −S · u · |u|` N with `u = v − direction` in m/s — not scaled by mass, so heavier
    /// items slow down less. Falloff 0, direction (0, 0).
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }

    /// Swirl around `position`: `F = S · (−p̂.y, p̂.x) / m` N, turning clockwise on a y-down screen for S > 0; the
    /// extra division by the mass makes the acceleration ∝ 1/m². Falloff 0.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }

    /// Pull toward `position` (the argument, pt): `F = −S · m · p̂ · max(r, minimumRadius)⁻²` N, r in metres, so
    /// the acceleration does not depend on the mass; nothing within √1e-5 m (0.32 pt) of the centre. Falloff 2.
    /// A non-finite position is refused (diagnostic; (0, 0) is used).
    public static func radialGravityField(position: CGPoint) -> FieldBehavior {
        let field = FieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }

    /// A constant acceleration `100 · S · direction` pt/s² (direction in m/s², not scaled like
    /// `GravityBehavior`). Falloff 0. A non-finite direction is refused (diagnostic; (0, 0) is used).
    public static func linearGravityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }

    /// Sets the velocity of items inside it to `direction` m/s (× 100 pt/s) in every sub-step; strength and
    /// falloff are ignored, gravity and forces too. A non-finite direction is refused (diagnostic; (0, 0) is used).
    public static func velocityField(direction: CGVector) -> FieldBehavior {
        let field = FieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }

    /// A random but deterministic force pattern from 3-D simplex noise, `F = S · n · ∇n` N (mass ignored, so
    /// a ∝ 1/m). `smoothness` 0 (noisiest) … 1 (smoothest); `animationSpeed` 0 freezes the pattern. Non-finite
    /// arguments are refused (diagnostic; 0 is used).
    public static func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .noise)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// The noise field's force × m × |v|² (v in m/s): still items feel nothing. Same arguments as `noiseField`.
    public static func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> FieldBehavior {
        let field = FieldBehavior(kind: .turbulence)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Hooke's spring to `position`: `F = −S · p` N with p in metres (falloff −1), not scaled by mass.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }

    /// Pushes charged items **away** from `position` for S · charge > 0: `F = S · q · p̂ / r` N (falloff 1), so the
    /// acceleration is ∝ q / m. Items with charge 0 (`DynamicItemBehavior.charge`, default) feel nothing.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }

    /// Turns moving charged items: `F = S · (v.y, −v.x) / r` N (v in m/s, falloff 1). The charge is not a factor —
    /// any charge other than 0 acts as 1 — but charge 0 switches it off.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    /// A field whose force `block` computes for each item in every sub-step (see `EvaluationBlock`). Strength only
    /// switches it off (S = 0), falloff is ignored, the region applies. The block runs inside the world step, on
    /// the main actor: it may read the animator and its behaviours (e.g. `DynamicItemBehavior.linearVelocity(for:)`),
    /// which show the state at the start of the world step; changes it makes to the animator, its behaviours or
    /// their items are lost — make them in an `action`. A non-finite result counts as zero (one diagnostic per
    /// field).
    public static func field(evaluationBlock block: @escaping EvaluationBlock) -> FieldBehavior {
        FieldBehavior(kind: .custom, evaluationBlock: block)
    }
}
