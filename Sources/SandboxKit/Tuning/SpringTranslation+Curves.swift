import Foundation

/// A spring as an animation API states it: `mass · x'' + damping · x' + stiffness · x = 0`, the curve the translator
/// draws for each API from that API's own parameters.
public struct SpringModel: Equatable, Sendable {
    /// The API and its parameters, for the legend ("CASpringAnimation").
    public var name: String
    /// Mass (> 0).
    public var mass: Double
    /// Stiffness (> 0).
    public var stiffness: Double
    /// Damping coefficient (≥ 0).
    public var damping: Double

    /// A spring of `mass`, `stiffness` and `damping`.
    public init(name: String, mass: Double, stiffness: Double, damping: Double) {
        self.name = name
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Displacement at `t` s of the spring released at rest 1 away from its rest point (its step response from 1
    /// to 0), solved in closed form from mass, stiffness and damping.
    public func displacement(at t: Double) -> Double {
        let w = (stiffness / mass).squareRoot()
        let a = damping / (2 * mass)  // decay rate ζ·ω
        let disc = a * a - w * w
        if abs(disc) < 1e-12 * w * w {
            return exp(-a * t) * (1 + a * t)
        } else if disc < 0 {
            let wd = (-disc).squareRoot()
            return exp(-a * t) * (cos(wd * t) + a / wd * sin(wd * t))
        }
        let s = disc.squareRoot()
        let r1 = -a + s, r2 = -a - s
        return (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }
}

extension SpringTranslation {
    /// The spring as each API states it, from this translation's numbers for that API: UIKit's attachment
    /// (frequency, damping ratio; mass 1), SwiftUI `Spring(response:dampingRatio:)` and `Spring(duration:bounce:)`
    /// with SwiftUI's documented mapping to stiffness and damping, and `CASpringAnimation` (mass 1). Drawn over one
    /// another they coincide when the translation is right.
    public var models: [SpringModel] {
        let w = 2 * Double.pi * frequency
        let ca = caSpring()
        let d = duration, b = bounce
        return [
            SpringModel(
                name: "UIKit attachment", mass: 1, stiffness: w * w, damping: 2 * dampingRatio * w),
            SpringModel(
                name: "SwiftUI response/dampingRatio", mass: 1, stiffness: pow(2 * .pi / response, 2),
                damping: 4 * .pi * dampingRatio / response),
            SpringModel(
                name: "SwiftUI duration/bounce", mass: 1, stiffness: pow(2 * .pi / d, 2),
                damping: b >= 0 ? 4 * .pi * (1 - b) / d : 4 * .pi / (d * (1 + b))),
            SpringModel(name: "CASpringAnimation", mass: ca.mass, stiffness: ca.stiffness, damping: ca.damping)
        ]
    }

    /// How long the translator plots, s: until the envelope is under 2 % (at least one undamped period, at most
    /// 10 s).
    public var plotDuration: Double {
        let w = 2 * Double.pi * frequency
        let settle = dampingRatio > 0 ? log(50) / (min(dampingRatio, 1) * w) : 10
        return min(10, max(1 / frequency, settle))
    }
}
