/// What a field does to the bodies it acts on (UIKit's `UIFieldBehavior` factories; formulas in `FieldKind`'s
/// cases and in the spec §2.8).
///
/// The formulas work in **engine units**, metres and kilograms, as UIKit's do: `p` = body centre − field position
/// in metres (100 pt = 1 m, `FieldUnits.pointsPerMeter`), `v` the body velocity in m/s, `m` its mass taken as
/// kilograms (the UIKit layer's density / 10 000 makes a 100 × 100 item at density 1 weigh 1), `q` its charge, `S`
/// the strength, `k` the falloff, `r = |p|`, `p̂ = p / r`, `fall = max(r, minimumRadius)^(−k)` (1 when |k| < 2⁻¹⁵).
/// The result is a force in newtons, applied as `100 × F` mass·pt/s² (acceleration `100 · F / m` pt/s²). Each kind
/// gives nothing when `|S · X| < 2⁻¹⁵`, X being m, q or 1 as noted.
public enum FieldKind: UInt8, Hashable, Sendable, CaseIterable {
    /// `F = −S · u · |u| · fall`, `u = v − direction` (m/s): quadratic drag, not mass-scaled. X = 1.
    case drag
    /// `F = S · (−p̂.y, p̂.x) · fall / m`: tangential, divided by the mass once more (acceleration ∝ 1/m²). X = 1.
    case vortex
    /// `F = −S · m · p̂ · fall`, zero when r² < 1e-5: pull toward the position for S > 0, mass-independent
    /// acceleration. X = m.
    case radialGravity
    /// `F = S · m · direction · fall`: direction (0, 1) is 100 pt/s², a tenth of UIKit's gravity 1.0. X = m.
    case linearGravity
    /// Replaces the velocity by `direction` m/s (×100 pt/s) every sub-step while inside the region; strength and
    /// falloff ignored; gravity and forces ignored for that body; linear damping still applied after; only the first
    /// velocity field (in creation order) that contains the body counts.
    case velocity
    /// `F = S · n · ∇n · fall` from 3-D simplex noise (see `SimplexNoise`); mass ignored. X = 1.
    case noise
    /// The noise force × m × |v|². X = m.
    case turbulence
    /// `F = −S · p̂ · fall` (falloff −1 gives Hooke's `−S · p`), zero when r < 1e-5; not mass-scaled. X = 1.
    case spring
    /// `F = S · q · p̂ · fall`: **away** from the position for S · q > 0; acceleration ∝ q / m. X = q.
    case electric
    /// `F = S · (v.y, −v.x) · fall`: the charge is not a factor, but q = 0 disables it. X = q.
    case magnetic
    /// The force (N) a closure returns for the body's field-local position (pt), velocity (m/s), mass (kg), charge
    /// and the sub-step length (s). Strength not applied, except that S = 0 disables it; no falloff. X = 1.
    case custom
}

/// The length scale of the field formulas.
public enum FieldUnits {
    /// World points per metre in the field formulas. 100, as UIKit's `_ptmRatio`.
    public static let pointsPerMeter: Double = 100
    /// Strengths, charges and falloffs below this magnitude count as zero: 2⁻¹⁵.
    public static let epsilon: Double = 1.0 / 32768
}

/// A handle to a field: slot plus generation, so a stale handle is rejected rather than touching another field.
public struct FieldID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's field table, 0 ..< `World.maxFieldCount`; also the field's category bit number.
    public let index: Int32
    /// Generation of that slot when the handle was made.
    public let generation: UInt32
    public var description: String { "field#\(index).\(generation)" }
}

/// Everything that describes a field. Units: positions and lengths in pt, the rest as the formulas of `FieldKind`.
public struct FieldDefinition: Hashable, Sendable {
    /// What the field does (given at creation).
    public var kind: FieldKind
    /// Origin of the field, world pt. Default (0, 0). Finite.
    public var position: Vec2 = .zero
    /// Where the field acts, relative to `position` (pt). Default `.infinite`.
    public var region: FieldRegion = .infinite
    /// Strength S, unitless (meaning per kind). Default 1. Finite; negative reverses most fields.
    public var strength: Double = 1
    /// Falloff exponent k: `max(r, minimumRadius)^(−k)`. Default 0 (no falloff). Finite.
    public var falloff: Double = 0
    /// Distances below this count as equal to it, pt. Default 2⁻¹⁵ m ≈ 0.00305 pt. Finite, ≥ 0.
    public var minimumRadius: Double = FieldUnits.pointsPerMeter / 32768
    /// Direction of linear-gravity (m/s², **not** scaled by 100) and velocity fields (m/s); the still-air velocity
    /// of drag fields (m/s). Default (0, 0). Finite.
    public var direction: Vec2 = .zero
    /// Noise and turbulence: 0 = noisiest, 1 = smoothest. Default 0. Finite; values below 0 act as 0.
    public var smoothness: Double = 0
    /// Noise and turbulence: how fast the noise changes, Hz-like; 0 freezes it. Default 0. Finite.
    public var animationSpeed: Double = 0

    /// A field of `kind` with the defaults above.
    public init(kind: FieldKind) {
        self.kind = kind
    }

    /// True when every number is finite and `minimumRadius` ≥ 0.
    public var isValid: Bool {
        position.isFinite && strength.isFinite && falloff.isFinite && minimumRadius.isFinite && minimumRadius >= 0
            && direction.isFinite && smoothness.isFinite && animationSpeed.isFinite
    }
}

/// What a custom field's closure is told about one body, once per sub-step.
public struct FieldSample: Sendable, Hashable {
    /// Body centre − field position, pt (field-local).
    public var position: Vec2
    /// Body velocity, m/s (pt/s ÷ 100).
    public var velocity: Vec2
    /// Body mass, kg (world mass).
    public var mass: Double
    /// Body charge, unitless.
    public var charge: Double
    /// Length of the sub-step the force will act over, s.
    public var deltaTime: Double

    /// A sample from its values.
    public init(position: Vec2, velocity: Vec2, mass: Double, charge: Double, deltaTime: Double) {
        self.position = position
        self.velocity = velocity
        self.mass = mass
        self.charge = charge
        self.deltaTime = deltaTime
    }
}

/// The closure of a `.custom` field: returns a force in newtons (applied as 100 × F mass·pt/s²). Called inside
/// `World.step` once per sub-step for every awake body the field acts on, in a fixed order; a non-finite result
/// counts as zero.
public typealias FieldEvaluator = @Sendable (FieldSample) -> Vec2
