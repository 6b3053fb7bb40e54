import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// The A/B ghost: every item's place in the previous run (the same scene restarted with R or shift+R, same seed),
/// drawn translucent at the same animator time, and the selected item's previous trace dimmed in the graph.
///
/// Places mean something only in the reference bounds they were recorded in: a resize during the run ends the
/// recording (the items were moved back inside, and the restart builds the scene in its file's bounds again), and a
/// ghost recorded in other bounds than the run beside it is not drawn.
struct GhostRecording {
    /// Items recorded per frame (larger scenes record the first ones only).
    static let maximumItems = 400
    /// Frames kept: 60 s at 60 Hz.
    static let maximumFrames = 3600
    /// Animator time of each recorded frame, s.
    var times: [Double] = []
    /// Per frame: x, y, angle of each recorded item.
    var frames: [[Float]] = []
    /// The reference bounds of the recorded frames, pt (nil before the first).
    var bounds: CGRect?
    /// Animator time of the first frame refused because the bounds had changed, s (nil while they have not): the
    /// graph's ghost trace ends there too (`SandboxApp.keepAsGhost`).
    var resizedAt: Double?

    /// Records the items' places at animator time `time` (s) in reference bounds `bounds` (pt); nothing once the
    /// bounds differ from the first frame's.
    @MainActor
    mutating func record(time: Double, items: [SandboxItem], bounds: CGRect) {
        let last = times.last ?? -1
        if let first = self.bounds, first != bounds {
            if resizedAt == nil { resizedAt = time }
            return
        }
        guard frames.count < Self.maximumFrames, time > last else { return }
        self.bounds = bounds
        var f: [Float] = []
        f.reserveCapacity(min(items.count, Self.maximumItems) * 3)
        for item in items.prefix(Self.maximumItems) {
            f.append(Float(item.center.x))
            f.append(Float(item.center.y))
            f.append(Float(item.angle))
        }
        times.append(time)
        frames.append(f)
    }

    /// The recorded frame at animator time `time` (the last one at or before it), or nil.
    func frame(at time: Double) -> [Float]? {
        guard let first = times.first, time >= first else { return nil }
        var lo = 0, hi = times.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= time { lo = mid } else { hi = mid - 1 }
        }
        return frames[lo]
    }
}

extension SandboxApp {
    /// Forgets the readouts' history and the ghost (another scene), keeping the B switch.
    func resetReadout() {
        let show = readout.showGhost
        readout = ReadoutState()
        readout.showGhost = show
    }

    /// Records this frame for the next run's ghost.
    func recordGhost() {
        readout.recording.record(time: world.animator.elapsedTime, items: world.items, bounds: world.bounds)
    }

    /// Whether the previous run's places can be drawn beside this run: recorded in the same reference bounds.
    var ghostFits: Bool { readout.ghost.bounds.map { $0 == world.bounds } ?? true }

    /// A restart: this run becomes the ghost; the selected item (by index) stays selected.
    func keepAsGhost() -> Int? {
        readout.ghost = readout.recording
        readout.recording = GhostRecording()
        // The selected item's trace up to the resize, if the run was resized: its places after it are in other
        // bounds, as the recording's would be.
        let end = readout.ghost.resizedAt ?? .infinity
        readout.ghostSamples = readout.samples.filter { $0.time < end }
        readout.samples.removeAll()
        return overlay.selected.flatMap { s in world.items.firstIndex { $0 === s } }
    }

    /// After the restart: select the same item again (the graph and readouts continue, the ghost beside them).
    func reselect(_ index: Int?) {
        if let index, world.items.indices.contains(index) {
            overlay.selected = world.items[index]
            tracedItem = ObjectIdentifier(world.items[index])
            trace.reset()
        }
    }

    /// Whether a ghost is shown (B toggles it; on by default once there is a previous run).
    public var hasGhost: Bool { !readout.ghost.frames.isEmpty }

    /// The previous run's measured motion of the selected item, or nil.
    public var ghostMotion: MotionAnalysis? {
        let s = readout.ghostSamples
        return MotionAnalysis.analyze(t: s.map(\.time), x: s.map(\.x), y: s.map(\.y))
    }

    /// Draws the previous run's items, translucent outlines at the same animator time.
    func drawGhost(into r: inout Raster) {
        let scale = self.scale * sceneTransform.scale
        guard readout.showGhost, ghostFits, let f = readout.ghost.frame(at: world.animator.elapsedTime) else { return }
        let color = RGBA(255, 255, 255, 70)
        for (k, item) in world.items.prefix(f.count / 3).enumerated() {
            // Through the camera, as the scene is drawn.
            let c = scenePixel(CGPoint(x: Double(f[3 * k]), y: Double(f[3 * k + 1])))
            let angle = Double(f[3 * k + 2])
            let unit = scale * camera.zoom
            let hw = Double(item.bounds.width) / 2 * unit, hh = Double(item.bounds.height) / 2 * unit
            switch item.collisionBoundsType {
            case .ellipse:
                r.strokeEllipse(center: c, radiusX: hw, radiusY: hh, angle: angle, width: 1.5 * scale, color)
            case .rectangle, .path:
                let cs = cos(angle), sn = sin(angle)
                let corners = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { dx, dy in
                    PixelPoint(c.x + dx * cs - dy * sn, c.y + dx * sn + dy * cs)
                }
                r.fillConvexPolygon(corners, RGBA(255, 255, 255, 28))
                r.strokePolyline(corners, width: 1.5 * scale, closed: true, color)
            }
        }
    }
}
