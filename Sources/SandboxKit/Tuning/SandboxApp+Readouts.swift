import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// The selected item's motion over a longer window than the graph's, for the readouts.
struct ReadoutState {
    /// Seconds of history the readouts analyse: 30 (a 1-Hz spring with ζ 0.05 needs 17 s to settle).
    static let history = 30.0
    /// Samples since the selection (or the restart), oldest first, at most `history` s.
    var samples: [MotionTrace.Sample] = []
    /// This run, recorded for the next run's ghost.
    var recording = GhostRecording()
    /// The previous run (R or shift+R), drawn as the ghost.
    var ghost = GhostRecording()
    /// The selected item's samples in the previous run (the graph's ghost trace).
    var ghostSamples: [MotionTrace.Sample] = []
    /// The ghost is drawn (B toggles). Default true.
    var showGhost = true
    /// The fastest item's speed, for the "still running" readout's pause prediction.
    var rest = RestHistory()

    mutating func record(time: Double, x: Double, y: Double, speed: Double) {
        guard time.isFinite, x.isFinite, y.isFinite else { return }
        if let last = samples.last, time <= last.time { return }
        samples.append(MotionTrace.Sample(time: time, x: x, y: y, speed: speed))
        if let first = samples.first, time - first.time > Self.history { samples.removeFirst() }
    }

    /// The motion measured from the samples.
    var analysis: MotionAnalysis? {
        MotionAnalysis.analyze(t: samples.map(\.time), x: samples.map(\.x), y: samples.map(\.y))
    }
}

extension SandboxApp {
    /// The selected item's measured motion (frequency, damping ratio, overshoot, settle time), or nil.
    public var measuredMotion: MotionAnalysis? { readout.analysis }

    /// What the selected item's first spring (an attachment with frequency > 0, else a snap) predicts, or nil.
    public var predictedMotion: (source: String, prediction: SpringPrediction)? {
        guard let item = overlay.selected else { return nil }
        let amplitude = measuredAmplitude
        if let a = attachments(of: item).first(where: { $0.frequency > 0 }) {
            let a0 = amplitude ?? distanceFromRest(item, a)
            return (
                "spring",
                SpringPrediction(
                    frequency: Double(a.frequency), dampingRatio: Double(a.damping),
                    amplitude: a0)
            )
        }
        if let s = snapHolding(item) {
            return ("snap: four 4-Hz springs on its corners", snapMotion(s, of: item, amplitude: amplitude))
        }
        return nil
    }

    /// How snap `s` moves `item` (`SpringPrediction.snap`): its size, its rotational inertia (infinite when it may
    /// not rotate; a rectangle's of its bounds when it has no body yet) and its offset from the snap point now;
    /// `amplitude` pt, else that offset.
    func snapMotion(_ s: SnapBehavior, of item: SandboxItem, amplitude: Double?) -> SpringPrediction {
        let dx = Double(item.center.x - s.snapPoint.x), dy = Double(item.center.y - s.snapPoint.y)
        let w = Double(item.bounds.width), h = Double(item.bounds.height)
        return SpringPrediction.snap(
            damping: Double(s.damping), halfWidth: w / 2, halfHeight: h / 2,
            inertiaPerMass: world.animator.debugInertiaPerMass(of: item) ?? (w * w + h * h) / 12, offsetX: dx,
            offsetY: dy, amplitude: amplitude ?? hypot(dx, dy))
    }

    /// The start of the measured swing: the first sample's distance from the measured rest point, pt.
    var measuredAmplitude: Double? {
        guard let m = readout.analysis, !readout.samples.isEmpty else { return nil }
        return abs(projectedFirst(readout.samples) - m.rest)
    }

    private func projectedFirst(_ s: [MotionTrace.Sample]) -> Double {
        let n = Double(s.count)
        let mx = s.map(\.x).reduce(0, +) / n, my = s.map(\.y).reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in s {
            sxx += (p.x - mx) * (p.x - mx)
            syy += (p.y - my) * (p.y - my)
            sxy += (p.x - mx) * (p.y - my)
        }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return (s[0].x - mx) * cos(angle) + (s[0].y - my) * sin(angle)
    }

    /// How far `item` is from where attachment `a` holds it at rest (its length from the anchor), pt.
    func distanceFromRest(_ item: SandboxItem, _ a: AttachmentBehavior) -> Double {
        guard a.attachedBehaviorType == .anchor else { return 0 }
        let d = hypot(Double(item.center.x - a.anchorPoint.x), Double(item.center.y - a.anchorPoint.y))
        return abs(d - Double(a.length))
    }

    /// The spring row's derived text: ζ and the overshoot it predicts.
    func springPrediction(_ a: AttachmentBehavior) -> String? {
        guard a.frequency > 0 else { return nil }
        let p = SpringPrediction(frequency: Double(a.frequency), dampingRatio: Double(a.damping), amplitude: 1)
        return String(format: "overshoot %.0f%%", p.overshootPercent)
    }

    /// The snap row's derived text: the overshoot of its item's motion (`snapMotion`).
    func snapPrediction(_ s: SnapBehavior) -> String? {
        let p =
            (s.items.first as? SandboxItem).map { snapMotion(s, of: $0, amplitude: 1) }
            ?? SpringPrediction(frequency: SnapBehavior.springFrequency, dampingRatio: Double(s.damping), amplitude: 1)
        return String(format: "overshoot %.0f%%", p.overshootPercent)
    }

    /// The readout lines (measured beside predicted) for the selected item.
    func readoutLines() -> [String] {
        var lines: [String] = []
        func seconds(_ v: Double?) -> String { v.map { String(format: "%.2f s", $0) } ?? "-" }
        if let m = measuredMotion {
            lines.append(
                String(
                    format: "measured   f %.2f Hz  zeta %.3f  overshoot %.0f%%  settle %@", m.frequency,
                    m.dampingRatio, m.overshootPercent, seconds(m.settleTime)))
        } else if let d = drag, d.item === overlay.selected {
            lines.append("measured   (dragging: the reading starts when the cursor rests or you let go)")
        } else {
            lines.append("measured   (no oscillation yet: fling or drag the item)")
        }
        if let g = ghostMotion, readout.showGhost {
            lines.append(
                String(
                    format: "previous   f %.2f Hz  zeta %.3f  overshoot %.0f%%  settle %@  (ghost, B)",
                    g.frequency, g.dampingRatio, g.overshootPercent, seconds(g.settleTime)))
        }
        if let (source, p) = predictedMotion {
            lines.append(
                String(
                    format: "predicted  f %.2f Hz  zeta %.3f  overshoot %.0f%%  settle %@  pause %@",
                    p.frequency, p.dampingRatio, p.overshootPercent, seconds(p.settleTime),
                    seconds(p.timeToPause)) + "  (\(source))")
        }
        lines.append(stillRunningReasons())
        if let item = overlay.selected, let a = attachments(of: item).first(where: { $0.frequency > 0 }) {
            let t = SpringTranslation(frequency: Double(a.frequency), dampingRatio: Double(a.damping))
            lines.append(
                String(
                    format: "SwiftUI .spring(response: %.3g, dampingRatio: %.3g) = Spring(duration: %.3g, "
                        + "bounce: %.3g)", t.response, t.dampingRatio, t.duration, t.bounce))
            let ca = t.caSpring()
            lines.append(
                String(
                    format: "CASpringAnimation mass 1 stiffness %.4g damping %.3g; "
                        + "UISpringTimingParameters(dampingRatio: %.3g)", ca.stiffness, ca.damping, t.dampingRatio))
        }
        return lines
    }

    /// The readout lines wrapped to `width` pt (continuations indented under the text after "measured   "),
    /// each with whether it is the first line's.
    func readoutRows(width: Double) -> [(text: String, first: Bool)] {
        let n = charactersFitting(width)
        return readoutLines().enumerated().flatMap { i, line in
            Self.wrap(line, width: n, indent: 11).map { ($0, i == 0) }
        }
    }

    /// Draws the readouts in `rect`, just above the motion graph.
    func drawReadouts(in rect: CGRect, rows: [(text: String, first: Bool)], into r: inout Raster) {
        let x0 = Double(rect.minX), y0 = Double(rect.minY), w = Double(rect.width)
        box(&r, x: x0, y: y0, w: w, h: Double(rect.height))
        let fit = Int(((Double(rect.height) - 8) / lineStep + 0.01).rounded(.down))
        for (i, row) in rows.prefix(fit).enumerated() {
            text(&r, row.text, x: x0 + 8, y: y0 + 4 + Double(i) * lineStep, row.first ? Self.text : Self.dim)
        }
    }
}
