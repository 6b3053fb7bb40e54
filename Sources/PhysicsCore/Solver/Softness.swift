/// Coefficients of a soft constraint (a damped spring solved implicitly), as in Box2D v3's "soft step".
/// For natural frequency ω = 2π·hertz and damping ratio ζ over a sub-step h:
/// biasRate = ω / (2ζ + hω), massScale = hω(2ζ + hω) / (1 + hω(2ζ + hω)), impulseScale = 1 / (1 + hω(2ζ + hω)).
package struct Softness: Sendable {
    package var biasRate: Double
    package var massScale: Double
    package var impulseScale: Double

    package init(hertz: Double, dampingRatio: Double, h: Double) {
        if hertz == 0 {
            biasRate = 0
            massScale = 1
            impulseScale = 0
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * dampingRatio + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }

    /// A rigid constraint: full mass, no softening.
    package static let rigid = Softness(hertz: 0, dampingRatio: 0, h: 0)
}
