import Dynamics
import Foundation
@testable import SandboxKit
import SandboxRender
import SandboxScenes
import Testing

@MainActor
@Suite("The sandbox app: scenes, export, idle, module rules")
struct AppTests {
    @Test("scene names are unique and every scene builds items without a diagnostic")
    func catalogue() {
        let names = SceneCatalog.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(SceneCatalog.named(SceneCatalog.defaultName) != nil)
        var diagnostics: [String] = []
        DynamicsDiagnostics.withHandler({ d in
            MainActor.assumeIsolated { diagnostics.append(d.description) }
        }) {
            for s in SceneCatalog.all {
                let w = s.make(bounds: CGRect(x: 0, y: 0, width: 960, height: 640), seed: 1)
                #expect(!w.items.isEmpty, "\(s.name) has nothing to draw")
                for _ in 0..<10 { w.animator.advance(by: 1.0 / 60) }
            }
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test("copy as Swift: self-contained UIKit code with the tuned values, in a file never overwritten")
    func export() throws {
        var c = SandboxApp.Configuration()
        c.scene = "item-properties"
        c.outputDirectory = TestDirectories.make("export")
        let app = SandboxApp(configuration: c)
        var copied: String?
        app.clipboard = { text in
            copied = text
            return true
        }
        let code = app.swiftCode()
        #expect(
            code.contains(
                "func makeTunedScene(in referenceView: UIView) -> (animator: UIDynamicAnimator, views: [UIView])"))
        #expect(code.contains("let animator = UIDynamicAnimator(referenceView: referenceView)"))
        #expect(code.contains("let itemBehavior2 = UIDynamicItemBehavior(items: [views[0]])"))
        #expect(code.contains("itemBehavior2.density = 3"))
        #expect(code.contains("gravity0.gravityDirection = CGVector(dx: 0, dy: 1)  // 1000 pt/s^2"))
        let path = try #require(app.exportSwift())
        #expect(path.hasSuffix("/tuned-item-properties.swift"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == code)
        #expect(copied == code)
        // A second export never replaces the first.
        let second = try #require(app.exportSwift())
        #expect(second.hasSuffix("/tuned-item-properties-2.swift"))
    }

    @Test("copy as Swift keeps Bezier boundaries and adds instantaneous pushes inactive (nothing fires by itself)")
    func exportBoundariesAndPushes() {
        var c = SandboxApp.Configuration()
        c.scene = "shapes"
        let shapes = SandboxApp(configuration: c).swiftCode()
        #expect(
            shapes.contains(
                ".addCurve(to: CGPoint(x: 920, y: 320), controlPoint1: CGPoint(x: 140, y: 680), "
                    + "controlPoint2: CGPoint(x: 820, y: 680))"), "\(shapes.prefix(3000))")
        #expect(shapes.contains("collision1.addBoundary(withIdentifier: \"bowl\", for: collision1Path0)"))
        #expect(shapes.contains("final class PathView: UIView"))
        c.scene = "billiards"
        let billiards = SandboxApp(configuration: c).swiftCode()
        #expect(billiards.contains("push2.active = false"), "\(billiards)")
    }

    @Test("copy as Swift writes numbers as plain literals with 5 significant digits, angles on π/4 as .pi")
    func swiftLiterals() {
        let n = SandboxApp.swiftNumber, a = SandboxApp.swiftAngle
        #expect(n(1000) == "1000" && n(0.85) == "0.85" && n(3) == "3" && n(-0.0001) == "-0.0001")
        #expect(n(0.0078539816) == "0.007854")
        #expect(n(25464.79) == "25465" && n(1.5707963) == "1.5708" && n(123_456_789) == "1.2346e+08")
        #expect(n(.infinity) == ".infinity" && n(-0.0) == "0")
        #expect(a(.pi / 2) == ".pi / 2" && a(-.pi) == "-.pi" && a(3 * .pi / 4) == "3 * .pi / 4" && a(0) == "0")
        #expect(a(1.57) == "1.57" && a(0.3) == "0.3")
    }

    @Test("copy as Swift exports the scene's own attachments and fields, with the panel's live values")
    func copyAsSwiftSceneBehaviors() throws {
        var c = SandboxApp.Configuration()
        c.scene = "pendulum"
        let pendulum = SandboxApp(configuration: c).swiftCode()
        // Pendulum: a 50-pt rigid rod from the ball to an anchor 35 pt right of the 960 × 640 window's centre.
        #expect(
            pendulum.contains(
                "let attachment1 = UIAttachmentBehavior(item: views[0], offsetFromCenter: "
                    + "UIOffset(horizontal: 0, vertical: 0), attachedToAnchor: CGPoint(x: 515, y: 320))"))
        #expect(pendulum.contains("attachment1.length = 50  // pt"))
        #expect(pendulum.contains("attachment1.frequency = 0  // Hz; 0 = rigid"))
        #expect(pendulum.contains("attachment1.damping = 0"))
        #expect(pendulum.contains("animator.addBehavior(attachment1)"))
        #expect(pendulum.contains("views[0] = ball"))

        c.scene = "drag-field"
        let drag = SandboxApp(configuration: c).swiftCode()
        // Seed 000: a drag field of strength 3 in a 100 × 100 region at the ball's top-left + (0, 100).
        #expect(drag.contains("let field2 = UIFieldBehavior.dragField()"))
        #expect(drag.contains("field2.position = CGPoint(x: 460, y: 140)"))
        #expect(drag.contains("field2.region = UIRegion(size: CGSize(width: 100, height: 100))  // pt"))
        #expect(drag.contains("field2.strength = 3"))
        #expect(drag.contains("field2.falloff = 0"))
        #expect(drag.contains("views.forEach(field2.addItem)"))
        #expect(!drag.contains("UIAttachmentBehavior(item: views"), "no attachment in this scene")

        c.scene = "field-radial-gravity"
        let app = SandboxApp(configuration: c)
        let rows = app.panelRows()
        let radius = try #require(rows.first { $0.name == "region radius" })
        #expect(radius.section == "field: radialGravityField" && radius.get() == 260)
        radius.nudge(-6)
        let falloff = try #require(rows.first { $0.name == "falloff" })
        #expect(falloff.get() == 2, "radial gravity's default falloff")
        falloff.nudge(-5)
        let code = app.swiftCode()
        #expect(code.contains("let field0 = UIFieldBehavior.radialGravityField(position: CGPoint(x: 480, y: 320))"))
        #expect(code.contains("field0.region = UIRegion(radius: 200)  // pt"))
        #expect(code.contains("field0.falloff = 1.5"))
        #expect(code.contains("views.forEach(field0.addItem)"))
    }

    @Test("a rectangular field region shows width and height rows in pt, edited live")
    func fieldRegionRows() throws {
        var c = SandboxApp.Configuration()
        c.scene = "drag-field"
        let app = SandboxApp(configuration: c)
        let field = try #require(app.world.allBehaviors.compactMap { $0 as? FieldBehavior }.first)
        let rows = app.panelRows().filter { $0.section.hasPrefix("field") }
        // A drag field also has minimumRadius and the still air's direction (issue 12 §3: every field parameter).
        #expect(
            rows.map(\.name) == [
                "strength", "falloff", "region width", "region height", "minimumRadius", "direction dx", "direction dy"
            ])
        let width = rows[2], height = rows[3]
        #expect(width.unit == "pt" && width.get() == 100 && height.get() == 100)
        width.nudge(5)
        #expect(field.region.contains(CGPoint(x: 70, y: 0)), "150 pt wide now: ±75 pt")
        #expect(!field.region.contains(CGPoint(x: 0, y: 70)), "still 100 pt high")
        #expect(height.get() == 100 && width.get() == 150)
    }

    @Test(
        "once the animator pauses and nothing moves, the app stops asking for frames (it sleeps on events)",
        arguments: ["pyramid", "ball-pile"])
    func idle(scene: String) {
        var c = SandboxApp.Configuration()
        c.scene = scene
        let app = SandboxApp(configuration: c)
        var frames = 0
        while app.needsFrames && frames < 600 {
            app.frame(dt: 1.0 / 60)
            frames += 1
        }
        // The pyramid sleeps within a second or two (README: pyramids sleep within 2.5 s), the 2000-ball pile in
        // about 4 s (its last rolling balls sleep by their surface speed); then the contact dots fade for 0.5 s.
        // 600 frames = 10 s is the bound.
        #expect(!app.world.animator.isRunning)
        #expect(!app.needsFrames, "still wanted frames after \(frames)")
        #expect(app.logLines.contains { $0.contains("dynamicAnimatorDidPause") })
    }

    // Issue 13 docks the chrome beside the scene: the reference bounds are the scene viewport (the window minus
    // the side bar), no longer the whole window.
    @Test("the scene viewport is the reference bounds, and they follow a resize")
    func resize() {
        let app = SandboxApp()
        #expect(app.world.animator.referenceBounds == CGRect(x: 0, y: 0, width: 960, height: 640))
        #expect(app.size == CGSize(width: 960 + SideBar.width, height: 640))
        app.handle(.resized(width: 800, height: 500, scale: 2))
        #expect(app.world.animator.referenceBounds == CGRect(x: 0, y: 0, width: 800 - SideBar.width, height: 500))
        #expect(app.pixelSize == (1600, 1000))
        let frame = app.renderedFrame()
        #expect(frame.width == 1600 && frame.height == 1000)
    }

    // Found in a real window: the window narrowed mid-run (items moved back inside), then R; the restart builds
    // the scene in its file's 960 x 640 bounds, and the ghost showed the frames after the resize below its floor.
    @Test(
        "a resize during a run ends the ghost's recording and graph trace; a ghost from other bounds is not drawn, logged"
    )
    func ghostKeepsItsBounds() {
        let app = SandboxApp()
        let start = app.world.bounds
        app.overlay.selected = app.world.items.first  // the graph traces it
        for _ in 0..<60 { app.frame(dt: 1.0 / 60) }
        let resizeTime = app.world.animator.elapsedTime
        app.handle(.resized(width: 700, height: 500, scale: 1))
        #expect(app.world.bounds != start)
        for _ in 0..<60 { app.frame(dt: 1.0 / 60) }
        // Only the frames in the first bounds were recorded; the selected item's readout samples go on.
        #expect(app.readout.recording.frames.count == 60 && app.readout.recording.bounds == start)
        #expect(app.readout.samples.count > 100)
        app.handle(.key(.restart, pressed: true, shift: false))
        #expect(app.world.bounds == start && app.ghostFits && app.readout.ghost.frames.count == 60)
        // The graph's ghost trace ends at the resize too.
        #expect(app.readout.ghostSamples.count >= 55)
        #expect(app.readout.ghostSamples.allSatisfy { $0.time <= resizeTime })
        #expect(!app.logLines.contains { $0.contains("ghost not drawn") })
        func ghostPixels() -> Int {
            var r = Raster(width: app.pixelSize.width, height: app.pixelSize.height)
            app.drawGhost(into: &r)
            return r.pixels.filter { $0 != r.pixels[0] }.count
        }
        for _ in 0..<30 { app.frame(dt: 1.0 / 60) }
        #expect(ghostPixels() > 1000, "the ghost's items drawn")
        // A ghost recorded in other bounds (as a replay's may be): not drawn, the restart's log line says why.
        app.readout.recording.bounds = CGRect(x: 0, y: 0, width: 500, height: 500)
        app.handle(.key(.restart, pressed: true, shift: false))
        #expect(!app.ghostFits)
        #expect(
            app.logLines.contains { $0.contains("ghost not drawn: the previous run's reference bounds were 500 x 500") }
        )
        for _ in 0..<30 { app.frame(dt: 1.0 / 60) }
        #expect(ghostPixels() == 0, "nothing drawn")
    }

    // Issue 13: the panel docks in the side bar, so it no longer hides itself in narrow windows (it covered half
    // of them); a window too narrow for the side bar collapses it instead (SideBarTests).
    @Test("a narrow scene opens with the tuning panel beside it, not over it; T hides and shows it")
    func narrowScenePanelBeside() throws {
        var c = SandboxApp.Configuration()
        c.size = CGSize(width: 600, height: 380)
        let narrow = SandboxApp(configuration: c)
        let panel = try #require(narrow.panelRect)
        #expect(!panel.intersects(narrow.sceneViewport) && narrow.sceneViewport.width == 600)
        narrow.handle(.key(.togglePanel, pressed: true, shift: false))
        #expect(!narrow.showPanel && narrow.panelRect == nil)
        narrow.handle(.key(.togglePanel, pressed: true, shift: false))
        #expect(narrow.showPanel)
    }

    @Test("only SandboxSDL imports SDL")
    func moduleRules() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20)
        for f in files {
            let text = try String(contentsOf: f, encoding: .utf8)
            let importsSDL = text.split(separator: "\n").contains { $0.contains("import CSDL2") }
            if importsSDL {
                #expect(f.path.contains("/Sources/SandboxSDL/"), "\(f.path) imports SDL")
            }
        }
    }

    @Test(
        "--assets: the PNG files of the folder, in name order, become the stickers' pictures; a bad file is named and skipped"
    )
    func stickerPictures() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-assets-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let magenta = Raster(width: 4, height: 4, fill: RGBA(255, 0, 255))
        try Data(PNG.encode(magenta)).write(to: dir.appendingPathComponent("a.png"))
        try Data("not a picture".utf8).write(to: dir.appendingPathComponent("b.png"))
        try Data("ignored".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let loaded = AssetImages.load(from: dir.path)
        #expect(loaded.images.count == 1)
        #expect(loaded.problems.count == 1 && loaded.problems[0].contains("'b.png'"), "\(loaded.problems)")

        // Frame 0 of the sticker pile: all 40 stickers on one spot, centred at (125, 25) pt.
        func centrePixel(_ images: [Raster]) -> RGBA {
            var c = SandboxApp.Configuration()
            c.scene = "sticker-pile"
            c.images = images
            let app = SandboxApp(configuration: c)
            var raster = Raster(width: app.scenePixelSize.width, height: app.scenePixelSize.height)
            app.renderScene(into: &raster)
            return raster[125, 25]
        }
        #expect(centrePixel(loaded.images) == RGBA(255, 0, 255))
        #expect(centrePixel([]) != RGBA(255, 0, 255))
    }
}
