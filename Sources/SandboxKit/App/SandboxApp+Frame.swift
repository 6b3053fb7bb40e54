import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// One display frame: input-driven forces, the animator step, the overlays' ageing; then drawing.
extension SandboxApp {
    /// Advances the app by one display frame of `dt` seconds (wall time; the animator gets the frame's time by
    /// UIKit's long-frame rule, `DynamicAnimator.frameInterval(forDisplayInterval:)` — over 0.5 s counts as 1/60 s —
    /// times `timeScale`, or 1/60 s for a single step while paused). While recording or replaying every frame is
    /// exactly 1/60 s (`Recording.fixedFrameInterval`) whatever `dt` is, so the run does not depend on the machine's
    /// speed.
    public func frame(dt: Double) {
        if record.replay != nil { return replayFrame() }
        if record.recorder != nil { return recordedFrame() }
        advanceFrame(dt: dt)
    }

    /// One frame of `dt` seconds (see `frame(dt:)`).
    func advanceFrame(dt: Double) {
        let dt = dt.isFinite ? max(0, dt) : 0
        updateTilt(dt: dt)
        let stepping = !userPaused || stepRequested
        let wasRunning = world.animator.isRunning
        let h = userPaused ? 1.0 / 60 : DynamicAnimator.frameInterval(forDisplayInterval: dt) * timeScale
        if stepping {
            driveDrag(dt: h)
            world.onFrame?(h)
            let t0 = ContinuousClock.now
            world.animator.advance(by: h)
            physicsMs = milliseconds(ContinuousClock.now - t0)
        }
        stepRequested = false
        recordTrace()
        recordRestHistory()
        // Contacts of sleeping bodies stay "touching": only a frame that really stepped renews the dots.
        let fresh = overlays.contacts && stepping && wasRunning ? world.animator.debugContactPoints(limit: 2048) : []
        if stepping || !overlay.contacts.dots.isEmpty { overlay.contacts.update(fresh: fresh, dt: dt) }
        if var p = overlay.push {
            p.age += dt
            overlay.push = p.age < 0.6 ? p : nil
        }
        if let d = drag { overlay.drag = (grabPoint(d), d.cursor) } else { overlay.drag = nil }
        for line in world.pendingLog { log(line) }
        world.pendingLog.removeAll()
        if dt > 0 { fps = fps == 0 ? 1 / dt : fps + (1 / dt - fps) * 0.1 }
    }

    /// Adds the selected item's speed and centre to the graph's trace (a new selection starts a new trace).
    func recordTrace() {
        recordGhost()
        let id = overlay.selected.map(ObjectIdentifier.init)
        if tracedItem != id {
            trace.reset()
            readout.samples.removeAll()
            tracedItem = id
        }
        guard let item = overlay.selected else { return }
        let v = velocity(of: item)
        trace.record(
            time: world.animator.elapsedTime, x: Double(item.center.x), y: Double(item.center.y),
            speed: Double(hypot(v.x, v.y)))
        readout.record(
            time: world.animator.elapsedTime, x: Double(item.center.x), y: Double(item.center.y),
            speed: Double(hypot(v.x, v.y)))
    }

    /// Draws the scene, the overlays, the HUD, the panel, the log and the help into `raster` (which should be
    /// `pixelSize`), timing it for the HUD.
    public func render(into raster: inout Raster) {
        let t0 = ContinuousClock.now
        let fit = sceneTransform
        var renderer = sceneRenderer(fit)
        // With the side bar shown the gravity dial is in its HUD box, off the scene.
        renderer.gravityDialInScene = !sideBarShown
        renderer.draw(world, into: &raster, extras: overlay)
        drawGhost(into: &raster)
        drawChrome(into: &raster)
        drawRecordingChrome(into: &raster)
        // Over the chrome (and shown when the chrome is hidden): it takes the keys while open.
        drawPicker(into: &raster)
        drawMs = milliseconds(ContinuousClock.now - t0)
    }

    /// Draws only the scene and its overlays (no HUD, panel, log or help: nothing that shows timings), for golden
    /// images and docs: the world fitted into the whole raster (a raster of `scenePixelSize` holds it 1:1).
    public func renderScene(into raster: inout Raster) {
        let whole = CGRect(x: 0, y: 0, width: Double(raster.width) / scale, height: Double(raster.height) / scale)
        sceneRenderer(SceneTransform.fitting(world.bounds, into: whole)).draw(world, into: &raster, extras: overlay)
    }

    /// A renderer drawing the world through `fit` (world → window points) and the camera at the display scale.
    func sceneRenderer(_ fit: SceneTransform) -> SceneRenderer {
        var renderer = SceneRenderer(scale: scale * fit.scale, overlays: overlays)
        renderer.images = configuration.images
        renderer.camera = view.camera
        // The camera's corner (the reference bounds' origin of the fitted world) is where `fit` puts it.
        let o = fit.toWindow(cameraFrame.origin)
        renderer.offset = PixelPoint(Double(o.x) * scale, Double(o.y) * scale)
        renderer.captionFace = TextFace(
            font: font, pixelSize: max(9, ChromeFont.pointSize * scale * fit.scale * view.camera.zoom))
        return renderer
    }

    /// The drawable size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int((Double(size.width) * scale).rounded()), Int((Double(size.height) * scale).rounded()))
    }

    /// A new raster of `pixelSize` with the current frame drawn in it.
    public func renderedFrame() -> Raster {
        var r = Raster(width: pixelSize.width, height: pixelSize.height)
        render(into: &r)
        return r
    }

    /// Writes `raster` as a PNG into the output directory (`sandbox-<scene>-<n>.png`) and returns its path.
    @discardableResult
    public func writeScreenshot(_ raster: Raster, to path: String? = nil) throws -> String {
        screenshotCount += 1
        let file = path ?? "\(configuration.outputDirectory)/sandbox-\(sceneTitle)-\(screenshotCount).png"
        try Data(PNG.encode(raster)).write(to: URL(fileURLWithPath: file))
        screenshotRequested = false
        log("screenshot: \(file)")
        return file
    }

    func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
