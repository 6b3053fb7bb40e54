import Foundation

/// One spring in the units of every Apple API that describes springs, both ways: UIKit Dynamics' attachment
/// (`frequency` Hz, `damping` ratio), SwiftUI's `Spring(response:dampingRatio:)` and `Spring(duration:bounce:)`,
/// Core Animation's `CASpringAnimation` (mass, stiffness, damping) and `UISpringTimingParameters`. A tuned spring
/// carries to whichever API the app animates with.
public struct SpringTranslation: Equatable, Sendable {
    /// Natural frequency, Hz (> 0).
    public var frequency: Double
    /// Damping ratio ζ (≥ 0; 1 = critical).
    public var dampingRatio: Double

    /// A spring of `frequency` Hz and damping ratio `dampingRatio`.
    public init(frequency: Double, dampingRatio: Double) {
        self.frequency = frequency
        self.dampingRatio = dampingRatio
    }

    // MARK: SwiftUI

    /// SwiftUI `Spring(response:dampingRatio:)`'s response: the undamped period, s (1 / frequency).
    public var response: Double { 1 / frequency }

    /// From SwiftUI `Spring(response:dampingRatio:)`.
    public init(response: Double, dampingRatio: Double) {
        self.init(frequency: 1 / response, dampingRatio: dampingRatio)
    }

    /// SwiftUI `Spring(duration:bounce:)`'s duration, s (equal to the response).
    public var duration: Double { response }

    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1 (0 = critically damped, toward 1 = springier); 1/ζ − 1 (negative) when
    /// over-damped.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// From SwiftUI `Spring(duration:bounce:)` (bounce −1 < b < 1).
    public init(duration: Double, bounce: Double) {
        self.init(frequency: 1 / duration, dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    // MARK: Core Animation / UIKit timing

    /// `CASpringAnimation` / `UISpringTimingParameters(mass:stiffness:damping:…)` for a given mass:
    /// stiffness k = m·ω², damping c = 2ζ·√(k·m), with ω = 2π·frequency.
    public func caSpring(mass: Double = 1) -> (mass: Double, stiffness: Double, damping: Double) {
        let w = 2 * .pi * frequency
        let k = mass * w * w
        return (mass, k, 2 * dampingRatio * (k * mass).squareRoot())
    }

    /// From `CASpringAnimation`'s mass, stiffness and damping.
    public init(mass: Double, stiffness: Double, damping: Double) {
        let w = (stiffness / mass).squareRoot()
        self.init(frequency: w / (2 * .pi), dampingRatio: damping / (2 * (stiffness * mass).squareRoot()))
    }

    /// The readout line: every API's numbers for this spring.
    public var summary: String {
        let ca = caSpring()
        return String(
            format: "SwiftUI .spring(response: %.3g, dampingRatio: %.3g) = Spring(duration: %.3g, bounce: %.3g)"
                + "   CASpringAnimation mass 1, stiffness %.4g, damping %.3g"
                + "   UISpringTimingParameters(dampingRatio: %.3g)", response, dampingRatio, duration, bounce,
            ca.stiffness, ca.damping, dampingRatio)
    }

    /// The step response of this spring from 1 to 0 at time `t` s (the curve the translator draws).
    public func displacement(at t: Double) -> Double {
        let w = 2 * .pi * frequency, z = dampingRatio
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
        } else if z == 1 {
            return exp(-w * t) * (1 + w * t)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w * (z - s), r2 = -w * (z + s)
        return (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }
}
