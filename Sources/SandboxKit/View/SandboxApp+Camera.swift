import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// The camera's state in the app: the camera itself and a pan drag in progress.
struct SceneViewState {
    /// The view onto the scene. Default the identity (1:1, the reference bounds' origin at the viewport's corner).
    var camera = SceneCamera()
    /// A pan in progress: the pointer where it started (window pt), the camera then, and whether space started it.
    var pan: (start: CGPoint, camera: SceneCamera, bySpace: Bool)?
    /// Space is held (the pause key's press and release): a primary-button drag pans instead of grabbing.
    var spaceHeld = false
    /// The pause was toggled by the press of the space still held (undone if that press turns into a pan).
    var pauseToggledBySpace = false
}

/// Camera input: pan with the middle button or space + primary drag, zoom at the cursor with the wheel, F frames
/// every item, 0 / Home resets to 1:1. Gestures on the scene go through the camera's inverse (`worldPoint`).
extension SandboxApp {
    /// The camera the scene is drawn with.
    public var camera: SceneCamera { view.camera }

    /// The camera's frame: the reference bounds in world points (the window's size when unbounded). The camera maps
    /// the world into this frame (the identity camera leaves every point where it is) and `sceneTransform` fits the
    /// frame into the scene viewport, so the camera composes with the docked layout.
    var cameraFrame: CGRect { world.bounds.isNull ? CGRect(origin: .zero, size: size) : world.bounds }

    /// The world point (reference pt) under window point `p`: back through the viewport's fit, then the camera. A
    /// replay feeds the world points it recorded (SandboxApp+Replay).
    public func worldPoint(_ p: CGPoint) -> CGPoint {
        record.feeding ? p : view.camera.worldPoint(sceneTransform.toWorld(p), in: cameraFrame)
    }

    /// Window points per world point for the gestures' thresholds (grab, tap): the camera's zoom times the viewport's
    /// fit; while a replay feeds its inputs, the zoom it recorded (set as the camera's).
    var gestureZoom: Double { record.feeding ? view.camera.zoom : view.camera.zoom * sceneTransform.scale }

    /// The window point (pt) where world point `p` is drawn: through the camera, then the viewport's fit.
    public func screenPoint(_ p: CGPoint) -> CGPoint {
        sceneTransform.toWindow(view.camera.screenPoint(p, in: cameraFrame))
    }

    /// The pixel where world point `p` is drawn (window pt × the display scale).
    func scenePixel(_ p: CGPoint) -> PixelPoint {
        let s = screenPoint(p)
        return PixelPoint(Double(s.x) * scale, Double(s.y) * scale)
    }

    /// Sets the camera (for tests and scripted views).
    public func setCamera(_ camera: SceneCamera) { view.camera = camera }

    // MARK: Pan

    /// A press that starts a pan (the middle button, or the primary one with space held); returns whether it did.
    func beginPan(_ p: CGPoint, button: PointerButton) -> Bool {
        guard button == .middle || (button == .primary && view.spaceHeld) else { return false }
        let bySpace = button == .primary
        if bySpace, view.pauseToggledBySpace {
            // The space press that toggled the pause is a pan instead: undo the toggle.
            userPaused.toggle()
            view.pauseToggledBySpace = false
            log("view: space + drag pans; " + (userPaused ? "still paused" : "still running"))
        }
        view.pan = (p, view.camera, bySpace)
        return true
    }

    /// The pointer moved during a pan: the scene follows it. Returns whether a pan is in progress.
    func movePan(_ p: CGPoint) -> Bool {
        guard let pan = view.pan else { return false }
        let k = sceneTransform.scale
        view.camera = pan.camera.panned(byScreen: Double(p.x - pan.start.x) / k, Double(p.y - pan.start.y) / k)
        return true
    }

    /// A release that ends the pan; returns whether it did (other releases pass on).
    func endPan(_ p: CGPoint, button: PointerButton) -> Bool {
        guard let pan = view.pan, button == (pan.bySpace ? .primary : .middle) else { return view.pan != nil }
        _ = movePan(p)
        view.pan = nil
        let o = view.camera.offset
        log(
            String(
                format: "view: pan to (%.0f, %.0f) at x%.2f (F frames all, 0 resets)", o.x, o.y, view.camera.zoom))
        return true
    }

    /// The pause key's press or release: tracks space being held for space + drag.
    func spaceKey(pressed: Bool) {
        view.spaceHeld = pressed
        if !pressed { view.pauseToggledBySpace = false }
    }

    // MARK: Zoom

    /// The wheel turned `steps` notches (positive: away from the user, zoom in) with the pointer at `p` (window
    /// pt): the world point under `p` stays under it.
    func wheel(_ steps: Double, at p: CGPoint) {
        guard steps.isFinite, steps != 0, p.x.isFinite, p.y.isFinite else { return }
        let before = view.camera
        view.camera = before.wheeled(steps, at: sceneTransform.toWorld(p), in: cameraFrame)
        guard view.camera != before else { return }
        let w = worldPoint(p)
        // One line per gesture: successive notches replace the last zoom line in the panel (stdout gets each).
        if logLines.last?.contains("view: zoom") == true { logLines.removeLast() }
        log(
            String(
                format: "view: zoom x%.2f at (%.0f, %.0f) pt, world (%.1f, %.1f) under the cursor", view.camera.zoom,
                p.x, p.y, w.x, w.y))
    }

    /// F: the camera that shows every item (their rotated frames), 24 pt of margin; the reference bounds when the
    /// scene has no item.
    func frameAll() {
        // Framed in the viewport's part of the fitted world, then expressed from the camera's frame corner.
        let fit = sceneTransform, v = sceneViewport, frame = cameraFrame
        let a = fit.toWorld(v.origin), b = fit.toWorld(CGPoint(x: v.maxX, y: v.maxY))
        let visible = CGRect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
        let c = SceneCamera.framing(itemsBounds(), in: visible, margin: 24 / fit.scale)
        view.camera = SceneCamera(
            offset: CGPoint(
                x: Double(c.offset.x) - Double(visible.minX - frame.minX) / c.zoom,
                y: Double(c.offset.y) - Double(visible.minY - frame.minY) / c.zoom),
            zoom: c.zoom)
        let o = view.camera.offset
        log(String(format: "view: frame all at x%.2f from (%.0f, %.0f) (0 resets)", view.camera.zoom, o.x, o.y))
    }

    /// 0 / Home: back to 1:1 with the reference bounds at the corner.
    func resetView() {
        view.camera = SceneCamera(offset: world.bounds.isNull ? .zero : world.bounds.origin)
        log("view: reset to 1:1")
    }

    /// The union of every item's rotated frame (finite ones), or the reference bounds when there is none.
    public func itemsBounds() -> CGRect {
        var r = CGRect.null
        for item in world.items where item.center.isFiniteForApp {
            let (hw, hh) = halfExtents(item)
            guard hw.isFinite, hh.isFinite else { continue }
            r = r.union(CGRect(x: item.center.x - hw, y: item.center.y - hh, width: 2 * hw, height: 2 * hh))
        }
        return r.isNull ? world.bounds : r
    }
}
