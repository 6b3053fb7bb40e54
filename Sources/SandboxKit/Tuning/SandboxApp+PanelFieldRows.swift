import Dynamics
import Foundation

/// The field rows beyond strength, falloff and region (issue 12 §3): `minimumRadius` for the fields with a falloff,
/// `direction` for linear gravity, velocity and drag fields, `smoothness` and `animationSpeed` for noise and
/// turbulence. Each writes the live field at once; undo, R and Ctrl+S work as for every row.
extension SandboxApp {
    /// The rows `field`'s kind has, under `section`.
    func fieldParameterRows(_ field: FieldBehavior, section: String) -> [PanelRow] {
        let kind = field.factoryName
        var rows: [PanelRow] = []
        if kind != "velocityField" && kind != "field" {
            rows.append(
                PanelRow(
                    section: section, name: "minimumRadius", unit: "pt", kind: .slider(range: 0...500, step: 1),
                    get: { Double(field.minimumRadius) }, set: { field.minimumRadius = CGFloat($0) },
                    derived: { field.minimumRadius < 0.01 ? "UIKit's 0.003" : nil }))
        }
        if ["linearGravityField", "velocityField", "dragField"].contains(kind) {
            // Linear gravity: m/s² ((0, 1) = 100 pt/s²); velocity: m/s (100 pt/s); drag: the air's velocity, m/s.
            let unit = kind == "linearGravityField" ? "m/s^2" : "m/s"
            let note: @MainActor () -> String? = {
                let d = field.direction
                return String(
                    format: "%.0f pt/s%@ at %.0f deg", hypot(d.dx, d.dy) * 100,
                    kind == "linearGravityField" ? "^2" : "", atan2(d.dy, d.dx) * 180 / .pi)
            }
            rows.append(
                PanelRow(
                    section: section, name: "direction dx", unit: unit, kind: .slider(range: -20...20, step: 0.1),
                    get: { Double(field.direction.dx) },
                    set: { field.direction = CGVector(dx: CGFloat($0), dy: field.direction.dy) }, derived: note))
            rows.append(
                PanelRow(
                    section: section, name: "direction dy", unit: unit, kind: .slider(range: -20...20, step: 0.1),
                    get: { Double(field.direction.dy) },
                    set: { field.direction = CGVector(dx: field.direction.dx, dy: CGFloat($0)) }, derived: note))
        }
        if kind == "noiseField" || kind == "turbulenceField" {
            rows.append(
                PanelRow(
                    section: section, name: "smoothness", kind: .slider(range: 0...1, step: 0.05),
                    get: { Double(field.smoothness) }, set: { field.smoothness = CGFloat($0) },
                    derived: { field.smoothness >= 0.95 ? "smoothest" : field.smoothness <= 0.05 ? "noisiest" : nil }))
            rows.append(
                PanelRow(
                    section: section, name: "animationSpeed", kind: .slider(range: 0...10, step: 0.1),
                    get: { Double(field.animationSpeed) }, set: { field.animationSpeed = CGFloat($0) },
                    derived: { field.animationSpeed == 0 ? "frozen" : nil }))
        }
        return rows
    }
}
