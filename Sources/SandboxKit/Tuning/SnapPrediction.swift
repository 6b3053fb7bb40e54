import Dynamics

extension SpringPrediction {
    /// What a snap predicts for an item of half size `halfWidth` × `halfHeight` pt whose rotational inertia over
    /// its mass is `inertiaPerMass` pt² (infinity when it may not rotate), displaced by (`offsetX`, `offsetY`) pt
    /// from the snap point. UIKit's snap is four 50-pt springs of 4 Hz (`SnapBehavior.springFrequency`) and
    /// damping ratio `damping` on the item's corners (spec §1.9): along x two of them pull, each at the half
    /// height's lever arm, along y two at the half width's. A spring's stiffness is its effective mass m_eff (the
    /// item's mass and its turning about the corner: 1 / m_eff = 1 / m + arm² / I) × (2π · 4 Hz)², and its damping
    /// 2 · m_eff · damping · 2π · 4 Hz, so the item moves at 4 Hz · √(2 · m_eff / m) with damping ratio
    /// `damping` · √(2 · m_eff / m): 3.58 Hz for a square that may rotate, 5.66 Hz for one that may not (along a
    /// diagonal, the two axes' mean stiffness; the mean too within 1 pt of the snap point).
    @MainActor public static func snap(
        damping: Double, halfWidth: Double, halfHeight: Double, inertiaPerMass: Double, offsetX: Double,
        offsetY: Double, amplitude: Double
    ) -> SpringPrediction {
        // 2 · m_eff / m for the springs along x (lever arm: the half height) and along y (the half width).
        func share(_ arm: Double) -> Double {
            inertiaPerMass.isFinite && inertiaPerMass > 0 ? 2 / (1 + arm * arm / inertiaPerMass) : 2
        }
        let squared = offsetX * offsetX + offsetY * offsetY
        let ux2 = squared > 1 ? offsetX * offsetX / squared : 0.5
        let stiffness = share(halfHeight) * ux2 + share(halfWidth) * (1 - ux2)
        let factor = stiffness.squareRoot()
        return SpringPrediction(
            frequency: SnapBehavior.springFrequency * factor, dampingRatio: damping * factor, amplitude: amplitude)
    }
}
