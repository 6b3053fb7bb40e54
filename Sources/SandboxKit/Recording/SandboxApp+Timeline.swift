import Dynamics
import Foundation
import SandboxRender

/// The replay's timeline bar (bottom of the scene viewport: play state, a track to click or drag, the frame and time) and
/// the recording indicator (under the HUD).
extension SandboxApp {
    /// The timeline bar's rectangle, pt (nil when not replaying or with the chrome hidden).
    public var timelineRect: CGRect? {
        guard record.replay != nil, !desktop.chromeHidden else { return nil }
        // The bottom of the scene viewport (the side bar keeps its panel, graph and log).
        let h = 2 * lineStep + 6, v = sceneViewport
        return CGRect(
            x: Double(v.minX) + 8, y: Double(v.maxY) - h - 8, width: max(100, Double(v.width) - 16), height: h)
    }

    /// The track's left end and width inside `timelineRect`, pt.
    var timelineTrack: (x: Double, width: Double)? {
        guard let r = timelineRect else { return nil }
        let left = 104.0, right = 150.0
        return (Double(r.minX) + left, max(20, Double(r.width) - left - right))
    }

    /// Where a press starts scrubbing: the bar's whole height over the track, with 8 pt to spare at the ends.
    var timelineTrackHitRect: CGRect? {
        guard let r = timelineRect, let t = timelineTrack else { return nil }
        return CGRect(x: t.x - 8, y: Double(r.minY), width: t.width + 16, height: Double(r.height))
    }

    /// The frame under x (pt) on the track, 0…frames.
    func timelineFrame(atX x: Double) -> Int {
        guard let t = timelineTrack, let r = record.replay else { return 0 }
        let f = (x - t.x) / t.width
        return max(0, min(r.recording.frames, Int((f.isFinite ? f : 0) * Double(r.recording.frames) + 0.5)))
    }

    /// Draws the timeline during a replay and the recording indicator while recording.
    func drawRecordingChrome(into r: inout Raster) {
        guard !desktop.chromeHidden else { return }
        if let rec = record.recorder?.recording {
            let seconds = Double(rec.frames) * Recording.fixedFrameInterval
            let label = String(format: "REC %.1f s  %d inputs  (ctrl+R stops)", seconds, rec.inputs.count)
            // The scene viewport's top-left corner, below where the collapsed side bar's one-line HUD goes.
            let w = textWidth(label), y = 8 + lineStep + 6, h = lineStep + 4
            box(&r, x: 8, y: y, w: w + 28, h: h)
            r.fillCircle(center: PixelPoint(17 * scale, (y + h / 2) * scale), radius: 4 * scale, RGBA(hex: 0xE5_39_35))
            text(&r, label, x: 26, y: y + 2)
        }
        guard let replay = record.replay, let rect = timelineRect, let track = timelineTrack else { return }
        let x0 = Double(rect.minX), y0 = Double(rect.minY), h = Double(rect.height)
        box(&r, x: x0, y: y0, w: Double(rect.width), h: h, RGBA(10, 12, 16, 255))
        let frames = max(1, replay.recording.frames)
        let state =
            replay.cursor >= replay.recording.frames ? "END" : replay.playing ? "PLAY" : "PAUSED"
        text(&r, "REPLAY " + state, x: x0 + 10, y: y0 + 3, Self.accent)
        text(&r, replay.retuned ? "your tuning" : "as recorded", x: x0 + 10, y: y0 + 3 + lineStep, Self.dim)
        let ty = y0 + h / 2
        // The track, the part played, a tick every second, a mark at each press, and the knob.
        box(&r, x: track.x, y: ty - 2, w: track.width, h: 4, RGBA(255, 255, 255, 50))
        let f = Double(replay.cursor) / Double(frames)
        box(&r, x: track.x, y: ty - 2, w: track.width * f, h: 4, Self.accent)
        var second = 0
        while second * Recording.checkpointInterval <= replay.recording.frames {
            let x = track.x + track.width * Double(second * Recording.checkpointInterval) / Double(frames)
            box(&r, x: x, y: ty + 4, w: 1, h: 5, RGBA(255, 255, 255, 90))
            second += 1
        }
        for input in replay.recording.inputs where input.kind == "pointerDown" || input.kind == "key" {
            let x = track.x + track.width * Double(input.frame) / Double(frames)
            box(&r, x: x - 0.5, y: ty - 9, w: 1, h: 5, RGBA(hex: 0xF5_A6_23))
        }
        if let d = replay.firstDifference {
            let x = track.x + track.width * Double(d) / Double(frames)
            box(&r, x: x - 1, y: ty - 10, w: 2, h: 20, RGBA(hex: 0xE5_39_35))
        }
        r.fillCircle(
            center: PixelPoint((track.x + track.width * f) * scale, ty * scale), radius: 6 * scale,
            replay.scrubbing ? Self.accent : Self.text)
        let info = String(
            format: "%d / %d  %.2f s", replay.cursor, replay.recording.frames,
            Double(replay.cursor) * Recording.fixedFrameInterval)
        text(&r, info, x: track.x + track.width + 12, y: y0 + 3)
        text(&r, ", . step  space", x: track.x + track.width + 12, y: y0 + 3 + lineStep, Self.dim)
    }
}
