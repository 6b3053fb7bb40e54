import Dynamics
import Foundation
import SandboxScenes

/// The solver switches (issue 12 §3): sub-steps per world step, sleeping and continuous collision, through
/// `DynamicAnimator.solverSettings` (a SwiftDynamics extension, not in UIKit), each row marked with UIKit's setting.
/// They are panel rows like the others: undo and redo, numeric entry, R keeps them, Shift+R resets them, Ctrl+S
/// saves them (the scene file's `solver`), and "Copy as Swift" writes them as comments.
extension SandboxApp {
    /// The section heading of the solver rows.
    static let solverSection = "solver (SwiftDynamics, not UIKit)"

    /// The three solver rows.
    func solverRows() -> [PanelRow] {
        let uikit = DynamicAnimator.SolverSettings.uikit
        func mark(_ now: String, _ theirs: String) -> String {
            now == theirs ? "(UIKit: \(theirs))" : "(UIKit: \(theirs); differs)"
        }
        return [
            PanelRow(
                section: Self.solverSection, name: "substepsPerWorldStep",
                kind: .slider(
                    range: Double(
                        DynamicAnimator.SolverSettings.substepRange.lowerBound)...Double(
                            DynamicAnimator.SolverSettings.substepRange.upperBound), step: 1),
                get: { [weak self] in Double(self?.world.animator.solverSettings.substepsPerWorldStep ?? 3) },
                set: { [weak self] v in
                    self?.world.animator.solverSettings.substepsPerWorldStep = Int(v.rounded())
                },
                derived: { [weak self] in
                    let n = self?.world.animator.solverSettings.substepsPerWorldStep ?? uikit.substepsPerWorldStep
                    return mark("\(n)", "\(uikit.substepsPerWorldStep)")
                }),
            PanelRow(
                section: Self.solverSection, name: "allowsSleeping", kind: .toggle,
                get: { [weak self] in (self?.world.animator.solverSettings.allowsSleeping ?? true) ? 1 : 0 },
                set: { [weak self] v in self?.world.animator.solverSettings.allowsSleeping = v != 0 },
                derived: { [weak self] in
                    mark("\(self?.world.animator.solverSettings.allowsSleeping ?? true)", "\(uikit.allowsSleeping)")
                }),
            PanelRow(
                section: Self.solverSection, name: "continuousCollision", kind: .toggle,
                get: { [weak self] in (self?.world.animator.solverSettings.continuousCollision ?? true) ? 1 : 0 },
                set: { [weak self] v in self?.world.animator.solverSettings.continuousCollision = v != 0 },
                derived: { [weak self] in
                    mark(
                        "\(self?.world.animator.solverSettings.continuousCollision ?? true)",
                        "\(uikit.continuousCollision)")
                })
        ]
    }

    /// "Copy as Swift" lines for a file's solver settings: nothing when they are UIKit's; otherwise comments (an
    /// iOS app cannot set them: UIKit's animator has no such property), naming what was tuned.
    static func solverSwift(_ file: SceneFile) -> [String] {
        let s = file.solverSettings
        guard !s.isUIKitFaithful else { return [] }
        return [
            "// Tuned with solver settings UIKit does not have (a SwiftDynamics extension): \(s).",
            "// On iOS the animator always runs with UIKit's (\(DynamicAnimator.SolverSettings.uikit)), so this",
            "// motion will differ there. In SwiftDynamics itself:",
            "// animator.solverSettings = .init(substepsPerWorldStep: \(s.substepsPerWorldStep), "
                + "allowsSleeping: \(s.allowsSleeping), continuousCollision: \(s.continuousCollision))"
        ]
    }
}
