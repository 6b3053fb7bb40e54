import Dynamics
import Foundation
import SandboxRender

/// The motion graph: the selected item's speed, x and y over the last 4 s of animator time, bottom-right, each
/// trace scaled to its own range (shown beside its current value), like an oscilloscope.
extension SandboxApp {
    /// Size of the graph box, pt.
    static let graphSize = CGSize(width: 330, height: 128)
    /// The traces' colours.
    static let graphColors = (speed: RGBA(hex: 0x4A_90_E2), x: RGBA(hex: 0xF5_A6_23), y: RGBA(hex: 0x7E_D3_21))

    /// The graph's box in points (nil when hidden or nothing is selected).
    var graphRect: CGRect? {
        guard showGraph, overlay.selected != nil else { return nil }
        let s = Self.graphSize
        // Left of the tuning panel when it is shown (the panel would cover the graph and its readouts).
        let right = panelRect.map { Double($0.minX) } ?? Double(size.width)
        return CGRect(
            x: max(8, right - s.width - 8), y: chromeBottom - s.height - 8,
            width: s.width, height: s.height)
    }

    /// Draws the graph box with its three traces and their labels.
    func drawGraph(into r: inout Raster) {
        guard let rect = graphRect else { return }
        let x0 = Double(rect.minX), y0 = Double(rect.minY), w = Double(rect.width), h = Double(rect.height)
        box(&r, x: x0, y: y0, w: w, h: h)
        let name = overlay.selected?.name ?? "item"
        text(&r, "\(name): last \(Int(MotionTrace.duration)) s   G: hide", x: x0 + 8, y: y0 + 6, Self.accent)
        // Shown as soon as an item is selected; the traces start when the animator next steps.
        guard let last = trace.samples.last, trace.samples.count >= 2 else {
            text(&r, "no motion yet (the animator is paused): drag or fling it", x: x0 + 8, y: y0 + 24, Self.dim)
            return
        }
        // Plot area under three label lines.
        let plot = (x: x0 + 8, y: y0 + 48, w: w - 16, h: h - 56)
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
                format: "%@ %.1f %@   (%.1f ... %.1f)", label, value(last), unit, range.lowerBound,
                range.upperBound)
            text(&r, line, x: x0 + 8, y: y0 + 18 + Double(i) * 10, color)
            let points = trace.samples.map { s -> PixelPoint in
                let fx = (s.time - t0) / MotionTrace.duration
                // y is flipped so its trace moves the way the item does on screen (reference y grows down).
                var fy = (value(s) - range.lowerBound) / (range.upperBound - range.lowerBound)
                if label == "y" { fy = 1 - fy }
                return PixelPoint((plot.x + fx * plot.w) * scale, (plot.y + plot.h * (1 - fy)) * scale)
            }
            r.strokePolyline(points, width: 1.2 * scale, color)
            // The previous run's trace (A/B after R), dimmed, on the same scale and the same animator time.
            let ghost = readout.showGhost ? readout.ghostSamples.filter { $0.time >= t0 && $0.time <= t1 } : []
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
