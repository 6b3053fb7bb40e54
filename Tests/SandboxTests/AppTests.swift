import Dynamics
import Foundation
import SandboxKit
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

    @Test("copy as Swift prints UIKit code with the tuned values and writes it to a file")
    func export() throws {
        var c = SandboxApp.Configuration()
        c.scene = "item-properties"
        c.outputDirectory = FileManager.default.temporaryDirectory.path
        let app = SandboxApp(configuration: c)
        let code = app.swiftCode()
        #expect(code.contains("UIDynamicItemBehavior(items: [item])"))
        #expect(code.contains("itemBehavior.density = 3"))
        #expect(code.contains("gravity.setAngle(1.57, magnitude: 1)"))
        let path = try #require(app.exportSwift())
        #expect(try String(contentsOfFile: path, encoding: .utf8) == code)
    }

    @Test("once the animator pauses and nothing moves, the app stops asking for frames (it sleeps on events)")
    func idle() {
        var c = SandboxApp.Configuration()
        c.scene = "pyramid"
        let app = SandboxApp(configuration: c)
        var frames = 0
        while app.needsFrames && frames < 600 {
            app.frame(dt: 1.0 / 60)
            frames += 1
        }
        // The pyramid sleeps within a second or two (README: pyramids sleep within 2.5 s); then the contact dots
        // fade for 0.5 s. 600 frames = 10 s is the bound.
        #expect(!app.world.animator.isRunning)
        #expect(!app.needsFrames, "still wanted frames after \(frames)")
        #expect(app.logLines.contains { $0.contains("dynamicAnimatorDidPause") })
    }

    @Test("the window size is the reference bounds, and they follow a resize")
    func resize() {
        let app = SandboxApp()
        #expect(app.world.animator.referenceBounds == CGRect(x: 0, y: 0, width: 960, height: 640))
        app.handle(.resized(width: 800, height: 500, scale: 2))
        #expect(app.world.animator.referenceBounds == CGRect(x: 0, y: 0, width: 800, height: 500))
        #expect(app.pixelSize == (1600, 1000))
        let frame = app.renderedFrame()
        #expect(frame.width == 1600 && frame.height == 1000)
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
}
