import Dynamics
import Foundation
import SandboxRender

/// The motion graph: the selected item's speed, x and y over the last 4 s of animator time, in the side bar, each
/// trace scaled to its own range (shown beside its current value), like an oscilloscope.
extension SandboxApp {
    /// Size of the graph box, pt.
    static let graphSize = CGSize(width: PanelLayout.width, height: 150)
    /// The traces' colours.
    static let graphColors = (speed: RGBA(hex: 0x4A_90_E2), x: RGBA(hex: 0xF5_A6_23), y: RGBA(hex: 0x7E_D3_21))

    /// The graph's box in window points, in the side bar (nil when hidden, collapsed or nothing is selected).
    var graphRect: CGRect? { sideBarBoxes?.graph }

    /// Draws the graph box in `rect` with its three traces and their labels.
    func drawGraph(in rect: CGRect, into r: inout Raster) {
        let step = lineStep
        let x0 = Double(rect.minX), y0 = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        box(&r, x: x0, y: y0, w: w, h: h)
        let name = overlay.selected?.name ?? "item"
        text(
            &r, fitted("\(name): last \(Int(MotionTrace.duration)) s  G: hide", w - 16), x: x0 + 8, y: y0 + 5,
            Self.accent)
        // Shown as soon as an item is selected; the traces start when the animator next steps.
        guard let last = trace.samples.last, trace.samples.count >= 2 else {
            for (i, line) in ["no motion yet (the animator is paused):", "drag or fling it"].enumerated() {
                text(&r, line, x: x0 + 8, y: y0 + 5 + Double(i + 1) * step, Self.dim)
            }
            return
        }
        // Plot area under three label lines.
        let plot = (x: x0 + 8, y: y0 + 8 + 4 * step, w: w - 16, h: h - 16 - 4 * step)
        box(&r, x: plot.x, y: plot.y, w: plot.w, h: plot.h, RGBA(255, 255, 255, 14))
        let t1 = last.time, t0 = t1 - MotionTrace.duration
        let series: [(String, String, RGBA, (MotionTrace.Sample) -> Double)] = [
            ("speed", "pt/s", Self.graphColors.speed, { $0.speed }),
            ("x", "pt", Self.graphColors.x, { $0.x }),
            ("y", "pt", Self.graphColors.y, { $0.y })
        ]
        for (i, (label, unit, color, value)) in series.enumerated() {
            // At least 1 pt (or pt/s) of range, so a still item draws a flat line mid-plot rather than noise.
            guard let range = trace.range(of: value, minimumSpan: 1) else { continue }
            let line = String(
                format: "%@ %.1f %@  (%.1f ... %.1f)", label, value(last), unit, range.lowerBound,
                range.upperBound)
            text(&r, fitted(line, w - 16), x: x0 + 8, y: y0 + 5 + Double(i + 1) * step, color)
            let points = trace.samples.map { s -> PixelPoint in
                let fx = (s.time - t0) / MotionTrace.duration
                // y is flipped so its trace moves the way the item does on screen (reference y grows down).
                var fy = (value(s) - range.lowerBound) / (range.upperBound - range.lowerBound)
                if label == "y" { fy = 1 - fy }
                return PixelPoint((plot.x + fx * plot.w) * scale, (plot.y + plot.h * (1 - fy)) * scale)
            }
            r.strokePolyline(points, width: 1.2 * scale, color)
            // The previous run's trace (A/B after R), dimmed, on the same scale and the same animator time.
            let ghost =
                readout.showGhost && ghostFits ? readout.ghostSamples.filter { $0.time >= t0 && $0.time <= t1 } : []
            if ghost.count >= 2 {
                let ghostPoints = ghost.map { s -> PixelPoint in
                    let fx = (s.time - t0) / MotionTrace.duration
                    var fy = (value(s) - range.lowerBound) / (range.upperBound - range.lowerBound)
                    if label == "y" { fy = 1 - fy }
                    return PixelPoint(
                        (plot.x + fx * plot.w) * scale, (plot.y + plot.h * (1 - max(-0.1, min(1.1, fy)))) * scale)
                }
                r.strokePolyline(ghostPoints, width: 1 * scale, color.withAlpha(90))
            }
        }
    }
}
