import Foundation
import SandboxKit
import Testing

@Suite("Spring translator: UIKit Dynamics, SwiftUI, CASpringAnimation, UISpringTimingParameters, both ways")
struct SpringTranslationTests {
    @Test(
        "round trips through every API give back the same frequency and damping ratio (1e-12)",
        arguments: [(0.3, 0.3), (2.0, 0.1), (5.0, 0.05), (1.0, 1.0), (1.5, 2.0)])
    func roundTrips(_ spring: (Double, Double)) {
        let s = SpringTranslation(frequency: spring.0, dampingRatio: spring.1)
        let ca = s.caSpring(mass: 2)
        for back in [
            SpringTranslation(response: s.response, dampingRatio: s.dampingRatio),
            SpringTranslation(duration: s.duration, bounce: s.bounce),
            SpringTranslation(mass: ca.mass, stiffness: ca.stiffness, damping: ca.damping)
        ] {
            #expect(abs(back.frequency - s.frequency) < 1e-12 * s.frequency)
            #expect(abs(back.dampingRatio - s.dampingRatio) < 1e-12)
        }
    }

    @Test("known values: SwiftUI's default spring (response 0.55, ζ 0.825), CASpringAnimation's defaults")
    func knownValues() {
        let swiftUI = SpringTranslation(response: 0.55, dampingRatio: 0.825)
        #expect(abs(swiftUI.bounce - 0.175) < 1e-12)
        // ω = 2π / 0.55 = 11.424 rad/s: stiffness ω² = 130.5 for mass 1, damping 2·0.825·ω = 18.85.
        let ca = swiftUI.caSpring()
        #expect(abs(ca.stiffness - 130.50) < 0.01 && abs(ca.damping - 18.850) < 0.001)
        // CASpringAnimation's defaults (mass 1, stiffness 100, damping 10): ω = 10 rad/s, ζ = 0.5.
        let d = SpringTranslation(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(d.frequency - 10 / (2 * .pi)) < 1e-12 && abs(d.dampingRatio - 0.5) < 1e-12)
        // An over-damped spring has a negative bounce.
        #expect(SpringTranslation(frequency: 1, dampingRatio: 2).bounce == -0.5)
    }

    @Test("the drawn curve is the spring's step response: 1 at t = 0, first overshoot as predicted")
    func curve() {
        let s = SpringTranslation(frequency: 2, dampingRatio: 0.2)
        #expect(s.displacement(at: 0) == 1)
        // First undershoot at half the damped period: −exp(−πζ/√(1−ζ²)).
        let half = 0.5 / (2 * (1 - 0.04).squareRoot())
        #expect(abs(s.displacement(at: half) + exp(-.pi * 0.2 / (1 - 0.04).squareRoot())) < 1e-12)
    }
}
