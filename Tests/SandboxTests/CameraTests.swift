import Dynamics
import Foundation
@testable import SandboxKit
import SandboxRender
import SandboxScenes
import Testing

/// The sandbox's camera: the pure world ↔ screen mapping, zoom at the cursor, frame all, pan, and every gesture
/// through the camera's inverse.
@MainActor
@Suite("Camera: pan, zoom at the cursor, frame all")
struct CameraTests {
    static func app(_ scene: String, size: CGSize = CGSize(width: 960, height: 640)) -> SandboxApp {
        var c = SandboxApp.Configuration()
        c.scene = scene
        c.size = size
        return SandboxApp(configuration: c)
    }

    @Test("zooming at a cursor keeps the world point under it to < 0.5 px, for any factor, cursor and viewport")
    func zoomKeepsCursorPoint() {
        let viewports = [
            CGRect(x: 0, y: 0, width: 960, height: 640), CGRect(x: 300, y: 40, width: 640, height: 500)
        ]
        var camera = SceneCamera(offset: CGPoint(x: -37.5, y: 12.25), zoom: 1.3)
        var worst = 0.0
        for viewport in viewports {
            for (k, factor) in [1.2, 1 / 1.2, 3, 0.25, 7, 1e-3, 1e3, 1.0001].enumerated() {
                let s = CGPoint(
                    x: viewport.minX + CGFloat(k * 97 % 640), y: viewport.minY + CGFloat(k * 61 % 480))
                let world = camera.worldPoint(s, in: viewport)
                camera = camera.zoomed(by: factor, at: s, in: viewport)
                let back = camera.screenPoint(world, in: viewport)
                // At the display scale 2: pixels are half points.
                worst = max(worst, Double(hypot(back.x - s.x, back.y - s.y)) * 2)
                #expect(SceneCamera.zoomRange.contains(camera.zoom))
            }
        }
        // 0.5 px is the figure; the mapping is exact up to rounding, so the measured error is ~1e-12 px.
        #expect(worst < 0.5, "worst \(worst) px")
        #expect(worst < 1e-6, "worst \(worst) px")
    }

    @Test("the zoom stays within 0.1x ... 20x and non-finite input changes nothing")
    func zoomRange() {
        let v = CGRect(x: 0, y: 0, width: 800, height: 600)
        let c = SceneCamera()
        #expect(c.zoomed(by: 1e9, at: CGPoint(x: 10, y: 10), in: v).zoom == 20)
        #expect(c.zoomed(by: 1e-9, at: CGPoint(x: 10, y: 10), in: v).zoom == 0.1)
        #expect(c.zoomed(by: .nan, at: CGPoint(x: 10, y: 10), in: v) == c)
        #expect(c.zoomed(by: 2, at: CGPoint(x: CGFloat.infinity, y: 0), in: v) == c)
        #expect(SceneCamera(zoom: .infinity).zoom == 1)
        #expect(c.wheeled(1, at: .zero, in: v).zoom == SceneCamera.wheelStep)
    }

    @Test("world -> screen -> world is the identity; the identity camera maps points unchanged")
    func mappingRoundTrip() {
        let v = CGRect(x: 120, y: 30, width: 500, height: 400)
        let c = SceneCamera(offset: CGPoint(x: 33, y: -71), zoom: 2.75)
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 480, y: 235), CGPoint(x: -1e4, y: 3e3)] {
            let q = c.worldPoint(c.screenPoint(p, in: v), in: v)
            // Relative rounding error of doubles on coordinates up to 1e4.
            #expect(abs(q.x - p.x) < 1e-9 && abs(q.y - p.y) < 1e-9)
            #expect(SceneCamera().screenPoint(p, in: CGRect(x: 0, y: 0, width: 10, height: 10)) == p)
        }
    }

    @Test("F frames every item's bounds with the margin: all inside the viewport less 24 pt, one side tight")
    func frameAllFits() {
        for scene in ["card-fling", "sticker-pile", "pendulum", "chain"] {
            let app = Self.app(scene)
            for _ in 0..<40 { app.frame(dt: 1.0 / 60) }
            app.handle(.key(.frameAll, pressed: true, shift: false))
            let v = app.sceneViewport.insetBy(dx: 24, dy: 24)
            let bounds = app.itemsBounds()
            let a = app.screenPoint(CGPoint(x: bounds.minX, y: bounds.minY))
            let b = app.screenPoint(CGPoint(x: bounds.maxX, y: bounds.maxY))
            // 1e-6 pt: rounding of the mapping.
            #expect(a.x >= v.minX - 1e-6 && a.y >= v.minY - 1e-6, "\(scene): \(a) outside \(v)")
            #expect(b.x <= v.maxX + 1e-6 && b.y <= v.maxY + 1e-6, "\(scene): \(b) outside \(v)")
            let zoomClamped = app.camera.zoom == SceneCamera.zoomRange.upperBound
            let tight = abs((b.x - a.x) - v.width) < 1e-6 || abs((b.y - a.y) - v.height) < 1e-6
            #expect(tight || zoomClamped, "\(scene): \(a) ... \(b) in \(v) at x\(app.camera.zoom)")
            for item in app.world.items {
                let (hw, hh) = app.halfExtents(item)
                let lo = app.screenPoint(CGPoint(x: item.center.x - hw, y: item.center.y - hh))
                let hi = app.screenPoint(CGPoint(x: item.center.x + hw, y: item.center.y + hh))
                #expect(v.insetBy(dx: -1e-6, dy: -1e-6).contains(lo) && v.insetBy(dx: -1e-6, dy: -1e-6).contains(hi))
            }
            app.handle(.key(.resetView, pressed: true, shift: false))
            #expect(app.camera == SceneCamera())
        }
    }

    @Test("the wheel zooms at the pointer: the item under it stays under it, and is still the item there")
    func wheelZoomKeepsItemUnderCursor() throws {
        let app = Self.app("pyramid")
        let top = try #require(app.world.items.last)
        let cursor = top.center
        for _ in 0..<3 { app.handle(.wheel(x: Double(cursor.x), y: Double(cursor.y), steps: 1)) }
        #expect(abs(app.camera.zoom - pow(1.2, 3)) < 1e-12)
        let s = app.screenPoint(top.center)
        // 1e-9 pt: rounding only.
        #expect(abs(s.x - cursor.x) < 1e-9 && abs(s.y - cursor.y) < 1e-9)
        #expect(app.world.item(at: app.worldPoint(cursor)) === top)
        #expect(app.logLines.filter { $0.contains("view: zoom") }.count == 1, "notches share one log line")
    }

    @Test("middle-drag pans: the world point under the press follows the pointer")
    func middleDragPans() {
        let app = Self.app("pyramid")
        app.handle(.wheel(x: 100, y: 100, steps: 2))
        let start = CGPoint(x: 400, y: 300)
        let grabbed = app.worldPoint(start)
        app.handle(.pointerDown(x: 400, y: 300, button: .middle, time: 0))
        app.handle(.pointerMoved(x: 350, y: 380, time: 0.05))
        app.handle(.pointerUp(x: 320, y: 390, button: .middle, time: 0.1))
        let now = app.screenPoint(grabbed)
        #expect(abs(now.x - 320) < 1e-9 && abs(now.y - 390) < 1e-9)
        #expect(app.selected == nil)
    }

    @Test("space + drag pans without grabbing, and the space press does not pause; a space tap still pauses")
    func spaceDragPans() {
        let app = Self.app("pyramid")
        let before = app.world.items.map(\.center)
        app.handle(.key(.pauseResume, pressed: true, shift: false))
        app.handle(.pointerDown(x: 480, y: 600, button: .primary, time: 0))
        app.handle(.pointerMoved(x: 520, y: 560, time: 0.05))
        app.handle(.pointerUp(x: 560, y: 520, button: .primary, time: 0.1))
        app.handle(.key(.pauseResume, pressed: false, shift: false))
        #expect(!app.userPaused)
        #expect(app.selected == nil)
        #expect(app.camera.offset == CGPoint(x: -80, y: 80))
        #expect(app.world.items.map(\.center) == before)
        app.handle(.key(.pauseResume, pressed: true, shift: false))
        app.handle(.key(.pauseResume, pressed: false, shift: false))
        #expect(app.userPaused)
    }

    @Test(
        "zoomed and panned, a press selects the item drawn under it, a drag carries it, a tap snaps to the world point")
    func gesturesThroughInverse() throws {
        let app = Self.app("pyramid")
        app.handle(.wheel(x: 200, y: 500, steps: 4))
        app.handle(.pointerDown(x: 300, y: 300, button: .middle, time: 0))
        app.handle(.pointerUp(x: 260, y: 340, button: .middle, time: 0.05))
        // An item drawn on screen (not where it sits in the world): the pyramid's top box.
        let item = try #require(app.world.items.last)
        let s = app.screenPoint(item.center)
        #expect(hypot(s.x - item.center.x, s.y - item.center.y) > 50, "the camera moved the item on screen")
        app.handle(.pointerDown(x: Double(s.x), y: Double(s.y), button: .primary, time: 1))
        #expect(app.selected === item)
        // Drag 40 window pt right: the grabbed point follows the world point under the cursor.
        for k in 1...10 {
            app.handle(.pointerMoved(x: Double(s.x) + Double(k) * 4, y: Double(s.y), time: 1 + Double(k) * 0.016))
            app.frame(dt: 1.0 / 60)
        }
        let target = app.worldPoint(CGPoint(x: s.x + 40, y: s.y))
        // A rigid attachment pulls the grab point onto the anchor within a few frames; 1 pt covers the solver's
        // lag under gravity.
        #expect(hypot(item.center.x - target.x, item.center.y - target.y) < 1, "\(item.center) vs \(target)")
        app.handle(.pointerUp(x: Double(s.x) + 40, y: Double(s.y), button: .primary, time: 1.3))
        // A tap on empty space snaps the selected item to the world point under the tap.
        app.handle(.pointerDown(x: 150, y: 120, button: .primary, time: 2))
        app.handle(.pointerUp(x: 150, y: 120, button: .primary, time: 2.05))
        let snap = try #require(app.overlay.snapTarget)
        let expected = app.worldPoint(CGPoint(x: 150, y: 120))
        #expect(abs(snap.x - expected.x) < 1e-9 && abs(snap.y - expected.y) < 1e-9)
    }

    @Test("the scene is drawn through the camera: an item's colour is where the camera puts it, twice as large")
    func renderedThroughCamera() throws {
        let app = Self.app("pyramid")
        app.overlays = .none
        let item = try #require(app.world.items.last)
        app.setCamera(SceneCamera(offset: CGPoint(x: item.center.x - 100, y: item.center.y - 100), zoom: 2))
        var raster = Raster(width: app.pixelSize.width, height: app.pixelSize.height)
        app.renderScene(into: &raster)
        let c = item.color
        let expected = RGBA(c.red, c.green, c.blue)
        // The centre is at (200, 200) px; the 30-pt box spans 60 px: 25 px from the centre is inside, 35 outside.
        #expect(raster[200, 200] == expected)
        #expect(raster[225, 200] == expected && raster[200, 175] == expected)
        #expect(raster[236, 200] != expected && raster[200, 164] != expected)
    }
}
