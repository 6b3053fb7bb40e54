internal import CSDL2
import Dynamics
import Foundation
@testable import SandboxKit
import SandboxRender
@testable import SandboxSDL
import SandboxScenes
import Testing

/// Issue 13 item 7's small items not covered in DesktopTests: the springy list's arrow hint, slider changes by
/// mouse in the log, the collision-modes labels.
@MainActor
@Suite("Issue 13's small items", .serialized)
struct SmallItemsTests {
    @Test("springy-list: an arrow key says it scrolls the list (the scene has no gravity to tilt)")
    func springyListHint() throws {
        var c = SandboxApp.Configuration()
        c.scene = "springy-list"
        let app = SandboxApp(configuration: c)
        #expect(app.world.gravity == nil)
        app.handle(.key(.tiltDown, pressed: true, shift: false))
        let line = try #require(app.logLines.last)
        #expect(line.contains("scroll down") && !line.contains("tilt"), "\(line)")
        app.handle(.key(.tiltDown, pressed: false, shift: false))
    }

    @Test("a slider changed by the mouse is logged with its new value, once, on release")
    func mouseSliderLogged() throws {
        let app = SandboxApp()
        let pump = EventPump(app: app)
        let before = app.logLines.count
        let row = try #require(
            GestureTests.clickPanel(app, pump, row: "damping", section: "snap", fraction: 0.25, ms: 2000))
        let logged = app.logLines.dropFirst(before).filter { $0.contains("(mouse)") }
        #expect(logged.count == 1 && logged[0].contains("snap (tap) damping = \(row.valueText)"), "\(logged)")
        #expect(abs(app.gestures.snapDamping - 0.25) < 0.01)
    }

    @Test("collision-modes labels each column with its collisionMode, drawn on the scene")
    func collisionModeLabels() {
        var c = SandboxApp.Configuration()
        c.scene = "collision-modes"
        let app = SandboxApp(configuration: c)
        #expect(app.world.captions.map(\.text) == [".items", ".boundaries", ".everything"])
        var with = Raster(width: app.scenePixelSize.width, height: app.scenePixelSize.height)
        app.renderScene(into: &with)
        let captions = app.world.captions
        app.world.captions = []
        var without = Raster(width: app.scenePixelSize.width, height: app.scenePixelSize.height)
        app.renderScene(into: &without)
        app.world.captions = captions
        let differing = zip(with.pixels, without.pixels).filter { $0.0 != $0.1 }.count
        #expect(differing > 100, "\(differing) pixels of text")
    }
}
