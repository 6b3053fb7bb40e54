import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// The spring translator's curves: the selected item's spring (its first attachment spring, else its snap) as the
/// step response of each API it translates to — UIKit's attachment, SwiftUI's two spring forms, CASpringAnimation —
/// drawn over one another above the readouts. They coincide: each is drawn thinner than the one under it, so a
/// mistranslated one would stand apart.
extension SandboxApp {
    /// Height of the plot's curves, pt (the box adds its heading and legend lines).
    static let springPlotCurveHeight: Double = 64
    /// The curves' colours and line widths (pt), in drawing order: widest first.
    static let springPlotStyles: [(RGBA, Double)] = [
        (RGBA(hex: 0x4A_90_E2), 4.5), (RGBA(hex: 0xF5_A6_23), 3), (RGBA(hex: 0x7E_D3_21), 1.8),
        (RGBA(hex: 0xFF_FF_FF), 0.8)
    ]

    /// The spring the translator shows for the selected item, with its label, or nil.
    var translatedSpring: (label: String, spring: SpringTranslation)? {
        guard let item = overlay.selected else { return nil }
        if let a = attachments(of: item).first(where: { $0.frequency > 0 }) {
            let s = SpringTranslation(frequency: Double(a.frequency), dampingRatio: Double(a.damping))
            return (String(format: "attachment %.3g Hz, damping %.3g", s.frequency, s.dampingRatio), s)
        }
        if let s = snapHolding(item) {
            // The item's motion on the snap's four 4-Hz springs (`snapMotion`), which a ported spring must match.
            let m = snapMotion(s, of: item, amplitude: nil)
            let t = SpringTranslation(frequency: m.frequency, dampingRatio: m.dampingRatio)
            return (
                String(format: "snap damping %.3g: %.3g Hz, damping %.3g", s.damping, m.frequency, m.dampingRatio), t
            )
        }
        return nil
    }

    /// The plot's box in points: in the side bar, between the readouts and the motion graph; nil when the side
    /// bar has no room for it, there is no graph, or no spring.
    var springPlotRect: CGRect? { sideBarBoxes?.springPlot }

    /// The curves' area inside the plot's box `rect`, pt: below the heading and the legend, 8 pt in from the sides.
    func springPlotArea(in rect: CGRect) -> (x: Double, y: Double, w: Double, h: Double) {
        let top = 8 + 4 * lineStep
        return (Double(rect.minX) + 8, Double(rect.minY) + top, Double(rect.width) - 16, Double(rect.height) - top - 6)
    }

    /// Height of the plot's box, pt: the heading, three legend lines and the curves.
    var springPlotHeight: Double { 8 + 4 * lineStep + Self.springPlotCurveHeight + 6 }

    /// Draws the translator's curves in `rect`.
    func drawSpringPlot(in rect: CGRect, into r: inout Raster) {
        guard let (label, spring) = translatedSpring else { return }
        let x0 = Double(rect.minX), y0 = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        box(&r, x: x0, y: y0, w: w, h: h)
        let duration = spring.plotDuration
        text(&r, fitted("step response: \(label)", w - 16), x: x0 + 8, y: y0 + 4, Self.accent)
        let models = spring.models
        let legend = [
            [(0, "UIKit attachment"), (1, "SwiftUI response")], [(2, "SwiftUI bounce"), (3, "CASpringAnimation")],
            [(-1, String(format: "(they coincide)  t 0 ... %.2g s", duration))]
        ]
        for (row, entries) in legend.enumerated() {
            var x = x0 + 8
            for (k, name) in entries {
                let color = k >= 0 ? Self.springPlotStyles[k].0 : Self.dim
                text(&r, name, x: x, y: y0 + 4 + Double(row + 1) * lineStep, color)
                x += textWidth(name + "  ")
            }
        }
        let plot = springPlotArea(in: rect)
        box(&r, x: plot.x, y: plot.y, w: plot.w, h: plot.h, RGBA(255, 255, 255, 14))
        // Rest (0) and release (1) levels; the plot spans −1 … 1.
        box(&r, x: plot.x, y: plot.y + plot.h / 2, w: plot.w, h: 0.5, RGBA(255, 255, 255, 60))
        let samples = max(2, Int(plot.w * scale))
        for (model, style) in zip(models, Self.springPlotStyles) {
            let points = (0...samples).map { i -> PixelPoint in
                let f = Double(i) / Double(samples)
                let x = max(-1, min(1, model.displacement(at: f * duration)))
                return PixelPoint((plot.x + f * plot.w) * scale, (plot.y + plot.h * (1 - x) / 2) * scale)
            }
            r.strokePolyline(points, width: style.1 * scale, style.0)
        }
    }
}
