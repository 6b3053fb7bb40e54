internal import CSDL2
import Dynamics
import Foundation
@testable import SandboxKit
import SandboxRender
@testable import SandboxSDL
import SandboxScenes
import Testing

/// Issue 13 item 2: the chrome docks in a side bar beside the scene (nothing covers the scene), the side bar
/// collapses (S / F9, and by itself in a small window), the help stays in the scene viewport.
@MainActor
@Suite("The side bar beside the scene", .serialized)
struct SideBarTests {
    static func app(_ scene: String = "sticker-pile", size: CGSize? = nil) -> SandboxApp {
        var c = SandboxApp.Configuration()
        c.scene = scene
        if let size { c.size = size }
        return SandboxApp(configuration: c)
    }

    /// The frame's pixels inside `rect` (window points) equal `other`'s.
    static func same(_ a: Raster, _ b: Raster, in rect: CGRect, scale: Double) -> Bool {
        guard !rect.isNull, !rect.isEmpty else { return false }
        let x0 = Int(rect.minX * scale), x1 = Int(rect.maxX * scale), y0 = Int(rect.minY * scale)
        let y1 = Int(rect.maxY * scale)
        for y in y0..<y1 { for x in x0..<x1 where a[x, y] != b[x, y] { return false } }
        return true
    }

    @Test(
        "nothing of the chrome covers the scene: the viewport's pixels are the scene's, the boxes sit in the side bar")
    func nothingCoversTheScene() throws {
        let app = Self.app()
        for _ in 0..<60 { app.frame(dt: 1.0 / 60) }
        // Select an item so the graph and readouts show too.
        let item = try #require(app.world.items.first)
        let p = app.sceneTransform.toWindow(item.center)
        app.handle(.pointerDown(x: Double(p.x), y: Double(p.y), button: .primary, time: 1))
        app.handle(.pointerUp(x: Double(p.x), y: Double(p.y), button: .primary, time: 1.01))
        #expect(app.selected === item)
        let bar = try #require(app.sideBarRect)
        let boxes = try #require(app.sideBarBoxes)
        #expect(app.sceneViewport.maxX == bar.minX && bar.maxX == app.size.width)
        let all = [boxes.hud, boxes.panel, boxes.readouts, boxes.graph, boxes.log].compactMap { $0 }
        #expect(all.count == 5, "HUD, panel, readouts, graph and log all shown in a 640-pt-high window")
        for (i, a) in all.enumerated() {
            #expect(bar.contains(a), "\(a) outside the side bar \(bar)")
            for b in all[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
        }
        let frame = app.renderedFrame()
        // The scene alone, through the same transform, with the gravity dial in the side bar.
        var scene = Raster(width: app.pixelSize.width, height: app.pixelSize.height)
        var renderer = app.sceneRenderer(app.sceneTransform)
        renderer.gravityDialInScene = false
        renderer.draw(app.world, into: &scene, extras: app.overlay)
        let untouched = Self.same(frame, scene, in: app.sceneViewport, scale: app.scale)
        #expect(untouched)
        // And the scene is 1:1 in its viewport: the world was built for it.
        #expect(app.sceneTransform == .identity)
    }

    @Test("S collapses the side bar: the scene takes the window, no item moves; S opens it again; F9 too")
    func collapse() throws {
        let app = Self.app()
        for _ in 0..<30 { app.frame(dt: 1.0 / 60) }
        let centers = app.world.items.map(\.center), bounds = app.world.bounds
        app.handle(.text("s"))
        #expect(app.desktop.sideBarCollapsed && app.sideBarRect == nil && app.panelRect == nil)
        #expect(app.sceneViewport == CGRect(origin: .zero, size: app.size))
        #expect(app.world.items.map(\.center) == centers && app.world.bounds == bounds)
        #expect(app.logLines.last?.contains("side bar collapsed") == true)
        // The world (960 x 640) is fitted into the 1276 x 640 window: centred, 1:1.
        let fit = app.sceneTransform
        #expect(fit.scale == 1 && fit.offset.x == (app.size.width - 960) / 2 && fit.offset.y == 0)
        // A click goes to the world point under it: the item under the cursor is selected.
        let item = try #require(app.world.items.last)
        let p = fit.toWindow(item.center)
        app.handle(.pointerDown(x: Double(p.x), y: Double(p.y), button: .primary, time: 1))
        app.handle(.pointerUp(x: Double(p.x), y: Double(p.y), button: .primary, time: 1.01))
        #expect(app.selected === app.world.item(at: item.center))
        app.handle(.key(.toggleSideBar, pressed: true, shift: false))
        #expect(app.sideBarRect != nil && app.sceneTransform == .identity)
        #expect(EventTranslator.command(for: SDL_Keycode(SDLK_F9.rawValue), shift: false) == .toggleSideBar)
        #expect(EventTranslator.command(for: SDL_Keycode(SDLK_s.rawValue), shift: false) == .toggleSideBar)
        #expect(KeyCommand.typed("S")?.0 == .toggleSideBar)
    }

    @Test("a 480 x 360 window collapses the side bar by itself and the scene stays visible; widening brings it back")
    func smallWindow() throws {
        let app = Self.app()
        for _ in 0..<30 { app.frame(dt: 1.0 / 60) }
        app.handle(.resized(width: 480, height: 360, scale: 1))
        #expect(app.sideBarRect == nil && app.sceneViewport == CGRect(x: 0, y: 0, width: 480, height: 360))
        #expect(app.world.bounds == CGRect(x: 0, y: 0, width: 480, height: 360))
        #expect(app.itemsOutsideWindow() == 0)
        let frame = app.renderedFrame()
        // The scene is drawn: many pixels are neither the background nor the HUD's box.
        let drawn = frame.pixels.filter { $0 != SceneRenderer.background.packed }.count
        #expect(drawn > 480 * 360 / 20, "\(drawn) scene pixels")
        // The compact HUD line is in the viewport's top-left corner, not over the bottom where items rest.
        app.handle(.resized(width: 1000, height: 640, scale: 1))
        #expect(app.sideBarRect != nil && app.sceneViewport.width == 1000 - SideBar.width)
        // S in a window too narrow for the side bar says what is needed.
        app.handle(.resized(width: 600, height: 400, scale: 1))
        app.handle(.text("s"))
        app.handle(.text("s"))
        #expect(
            app.logLines.last?.contains("needs a window at least 796 pt wide") == true, "\(app.logLines.last ?? "")")
    }

    @Test("the help is drawn inside the scene viewport: the side bar's pixels stay as they were")
    func helpInViewport() {
        let app = Self.app()
        app.frame(dt: 1.0 / 60)
        let without = app.renderedFrame()
        app.handle(.key(.help, pressed: true, shift: false))
        let with = app.renderedFrame()
        let sceneChanged = !Self.same(without, with, in: app.sceneViewport, scale: app.scale)
        // The panel and the log (the HUD below them shows this frame's draw time, which changes).
        let boxes = app.sideBarBoxes
        let panelKept = Self.same(without, with, in: boxes?.panel ?? .null, scale: app.scale)
        let logKept = Self.same(without, with, in: boxes?.log ?? .null, scale: app.scale)
        #expect(sceneChanged && panelKept && logKept && boxes?.panel != nil && boxes?.log != nil)
        // In the smallest window (side bar collapsed) it still fits: the face shrinks.
        app.handle(.resized(width: 480, height: 360, scale: 1))
        let small = app.renderedFrame()
        #expect(small.width == 480 && small.height == 360)
    }

    @Test("the panel scrolls to the selected row; a click reads the row under the cursor at that scroll")
    func panelScrolls() throws {
        let app = Self.app("book-springs", size: CGSize(width: 700, height: 400))
        let rows = app.panelRows()
        let panel = try #require(app.panelRect)
        #expect(PanelLayout.height(rows) > Double(panel.height), "the panel is taller than its box here")
        let last = rows.count - 1
        #expect(app.panelRowTop(last) == nil, "the last row starts out of view")
        app.panelIndex = last
        let top = try #require(app.panelRowTop(last))
        #expect(top >= Double(panel.minY) && top + PanelLayout.rowHeight <= Double(panel.maxY))
        // A click on the track of the row above, as it is shown: that row is selected and set.
        let above = try #require(app.panelRowTop(last - 1))
        let x = Double(panel.minX) + PanelLayout.trackX + PanelLayout.trackWidth * 0.5
        _ = app.renderedFrame()  // what the user sees: the scroll settles there
        app.handle(.pointerDown(x: x, y: above + 6, button: .primary, time: 1))
        app.handle(.pointerUp(x: x, y: above + 6, button: .primary, time: 1.05))
        #expect(app.panelIndex == last - 1)
    }

    @Test("a missing font file: one log line, the bitmap font draws the chrome, nothing crashes")
    func missingFont() {
        var c = SandboxApp.Configuration()
        c.fontPath = "/nonexistent/DejaVuSansMono.ttf"
        let app = SandboxApp(configuration: c)
        let lines = app.logLines.filter { $0.contains("/nonexistent/DejaVuSansMono.ttf") }
        #expect(lines.count == 1 && lines[0].contains("no such file") && lines[0].contains("bitmap font"))
        #expect(app.textFace.isBitmap)
        let frame = app.renderedFrame()
        #expect(frame.width == app.pixelSize.width)
        // The default configuration reads DejaVu Sans Mono.
        #expect(!Self.app().textFace.isBitmap)
    }

    @Test(
        "the wheel over the panel moves its row (one a notch, up when turned away) and never zooms; over the scene it zooms"
    )
    func wheelOverTheSideBar() throws {
        let app = Self.app("attachment")
        let square = try #require(app.world.items.first { $0.name == "square" })
        app.overlay.selected = square
        let panel = try #require(app.panelRect)
        let over = (x: Double(panel.midX), y: Double(panel.midY))
        app.panelIndex = 3
        app.handle(.wheel(x: over.x, y: over.y, steps: -2))
        #expect(app.panelIndex == 5 && app.camera.zoom == 1, "two notches toward the user: two rows down")
        app.handle(.wheel(x: over.x, y: over.y, steps: 1))
        #expect(app.panelIndex == 4 && app.camera.zoom == 1)
        app.handle(.wheel(x: over.x, y: over.y, steps: 40))
        #expect(app.panelIndex == 0, "held at the first row, no wrap")
        // The side bar outside the panel (its HUD) takes the wheel too, and does nothing with it.
        let bar = try #require(app.sideBarRect)
        app.handle(.wheel(x: Double(bar.midX), y: 12, steps: 1))
        #expect(app.camera.zoom == 1 && app.panelIndex == 0)
        app.handle(.wheel(x: 200, y: 200, steps: 1))
        #expect(abs(app.camera.zoom - SceneCamera.wheelStep) < 1e-12, "over the scene the camera zooms")
    }

    @Test(
        "the log shows whole entries: a wrapped entry cut by the box's height is left out, never shown from its middle")
    func logShowsWholeEntries() {
        let app = Self.app()
        app.logLines = [
            "first entry that is long enough to wrap onto a second and a third row in a narrow box",
            "second", "third"
        ]
        // 30 characters wide: the first entry wraps onto n rows, the others take one each.
        let n = SandboxApp.wrap(app.logLines[0], width: 30, indent: 11).count
        #expect(n >= 3)
        let cut = app.logRows(width: 30, fit: n + 1).map(\.0)
        #expect(cut == ["second", "third"], "the first entry does not fit whole: left out")
        let all = app.logRows(width: 30, fit: n + 2).map(\.0)
        #expect(all.count == n + 2 && all[0].hasPrefix("first") && all[n] == "second")
        // The newest entry alone, taller than the box: its last rows.
        app.logLines = [app.logLines[0]]
        let last = Array(SandboxApp.wrap(app.logLines[0], width: 30, indent: 11).suffix(2))
        #expect(app.logRows(width: 30, fit: 2).map(\.0) == last)
    }
}
