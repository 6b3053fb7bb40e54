import Dynamics
import Foundation

/// The file's `solver` object and the animator's `DynamicAnimator.SolverSettings` (a SwiftDynamics extension, not
/// in UIKit).
extension SceneFile.Solver {
    /// Every field spelled out from `settings` (what the sandbox writes).
    public init(_ settings: DynamicAnimator.SolverSettings) {
        self.init(
            substepsPerWorldStep: settings.substepsPerWorldStep, allowsSleeping: settings.allowsSleeping,
            continuousCollision: settings.continuousCollision)
    }

    /// The settings, UIKit's value for each field left out.
    public var settings: DynamicAnimator.SolverSettings {
        let uikit = DynamicAnimator.SolverSettings.uikit
        return DynamicAnimator.SolverSettings(
            substepsPerWorldStep: substepsPerWorldStep ?? uikit.substepsPerWorldStep,
            allowsSleeping: allowsSleeping ?? uikit.allowsSleeping,
            continuousCollision: continuousCollision ?? uikit.continuousCollision)
    }
}

extension SceneFile {
    /// The solver settings the scene runs with: the file's `solver`, UIKit's settings where it says nothing.
    public var solverSettings: DynamicAnimator.SolverSettings { (solver ?? Solver()).settings }
}
