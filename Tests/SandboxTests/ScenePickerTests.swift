import Foundation
@testable import SandboxKit
import SandboxScenes
import Testing

/// The scene picker: categories that partition the catalogue, search, and the picker driven by keys, text and
/// clicks.
@MainActor
@Suite("Scene picker: search and categories")
struct ScenePickerTests {
    static func names(_ indices: [Int]) -> [String] { indices.map { SceneCatalog.all[$0].name } }

    @Test("every scene is listed under exactly one category, and every category has scenes")
    func categoriesPartitionTheCatalogue() {
        let picker = ScenePicker()
        var listed: [Int] = []
        var headers: [SceneCategory] = []
        var current: SceneCategory?
        for line in picker.lines {
            switch line {
            case .header(let c):
                headers.append(c)
                current = c
            case .scene(let i):
                listed.append(i)
                #expect(
                    SceneCatalog.all[i].category == current,
                    "\(SceneCatalog.all[i].name) under \(String(describing: current))")
            }
        }
        #expect(listed.sorted() == Array(SceneCatalog.all.indices), "each scene once")
        #expect(headers == SceneCategory.allCases, "each category once, in order, none empty")
    }

    @Test("categories: seeds, Apple's catalogue, fields, joints, stress")
    func categoryOfScenes() throws {
        let expected: [String: SceneCategory] = [
            "gravity": .seedDemos, "sticker-pile": .seedDemos, "billiards": .seedDemos, "playground": .seedDemos,
            "continuous-push": .appleCatalogue, "field-vortex": .fields, "drag-field": .fields,
            "spring-field": .fields, "pendulum": .joints, "chain": .joints, "snap": .joints,
            "newtons-cradle": .joints, "ball-pile": .stress, "pyramid": .stress, "shapes": .stress
        ]
        for (name, category) in expected {
            let scene = try #require(SceneCatalog.named(name))
            #expect(scene.category == category, "\(name)")
        }
    }

    @Test("search: every word must occur in the name, summary, source or category, ignoring case")
    func filtering() {
        #expect(Self.names(ScenePicker.filter("vortex")) == ["field-vortex"])
        #expect(Self.names(ScenePicker.filter("BALL PILE")) == ["ball-pile"])
        #expect(Self.names(ScenePicker.filter("  pile   ball ")) == ["ball-pile"])
        #expect(ScenePicker.filter("no-such-scene-zz").isEmpty)
        #expect(ScenePicker.filter("").count == SceneCatalog.all.count)
        // "joints" names a category: all of it, plus scenes whose text says "joints".
        let joints = ScenePicker.filter("joints")
        let inCategory = SceneCatalog.all.indices.filter { SceneCatalog.all[$0].category == .joints }
        #expect(Set(inCategory).isSubset(of: Set(joints)))
        // "seed 004" matches by source.
        #expect(Self.names(ScenePicker.filter("seed 004")).contains("collision-modes"))
        // Grouped by category: the springs of the joints come after the seed demos that mention springs.
        let spring = ScenePicker.filter("spring")
        let order = spring.map { SceneCategory.allCases.firstIndex(of: SceneCatalog.all[$0].category) ?? 0 }
        #expect(order == order.sorted() && spring.count >= 3, "\(Self.names(spring))")
    }

    @Test("typing narrows the list and selects the first match; backspace widens it; moves stay in the list")
    func editing() {
        var p = ScenePicker(selecting: 0)
        p.type("fie")
        p.type("ld-v")
        #expect(p.query == "field-v")
        #expect(Self.names(p.matches) == ["field-vortex", "field-velocity"])
        #expect(p.selectedScene == p.matches[0])
        p.move(by: 5)
        #expect(p.selectedScene == p.matches[1])
        p.type("\u{7}\n")
        #expect(p.query == "field-v", "control characters are not typed")
        p.erase()
        p.erase()
        #expect(p.query == "field")
        #expect(p.matches.count > 2)
        p.type("zzz")
        #expect(p.selectedScene == nil)
    }

    @Test("the picker in the app: / opens it, typing searches, enter opens the scene, esc closes without quitting")
    func pickerInTheApp() {
        let app = SandboxApp()
        app.handle(.text("/"))
        #expect(app.isPickerOpen)
        // Keys that are commands elsewhere are the search's while it is open.
        app.handle(.text("vortex"))
        #expect(app.pickerQuery == "vortex")
        #expect(!app.showHelp)
        app.handle(.key(.enter, pressed: true, shift: false))
        #expect(!app.isPickerOpen)
        #expect(app.scene.name == "field-vortex")
        app.handle(.key(.scenePicker, pressed: true, shift: false))
        #expect(app.isPickerOpen)
        app.handle(.key(.quit, pressed: true, shift: false))
        #expect(!app.isPickerOpen && !app.wantsQuit)
    }

    @Test("arrows move the picker's selection instead of tilting; a click on a scene's line opens it")
    func arrowsAndClicks() throws {
        let app = SandboxApp()
        let tilt = app.world.tilt
        app.handle(.key(.scenePicker, pressed: true, shift: false))
        let first = app.picker?.selectedScene
        app.handle(.key(.tiltDown, pressed: true, shift: false))
        app.handle(.key(.tiltDown, pressed: false, shift: false))
        app.frame(dt: 0.2)
        #expect(app.world.tilt == tilt)
        #expect(app.picker?.selectedScene != first)
        // Click on the line of "chain".
        let picker = try #require(app.picker)
        let chain = try #require(SceneCatalog.all.firstIndex { $0.name == "chain" })
        app.picker?.select(scene: chain)
        app.picker?.scrollToSelection(visible: app.pickerLayout.visibleLines)
        let line = try #require(app.picker?.lines.firstIndex(of: .scene(chain)))
        let row = line - (app.picker?.firstLine ?? 0)
        let layout = app.pickerLayout
        let y = layout.listTop + (Double(row) + 0.5) * SandboxApp.PickerLayout.lineHeight
        _ = picker
        app.handle(.pointerDown(x: Double(layout.box.midX), y: y, button: .primary, time: 0))
        #expect(app.scene.name == "chain")
        #expect(!app.isPickerOpen)
        // A click outside the open picker closes it and does nothing else.
        app.handle(.key(.scenePicker, pressed: true, shift: false))
        app.handle(.pointerDown(x: 2, y: 630, button: .primary, time: 1))
        #expect(!app.isPickerOpen && app.selected == nil)
    }
}
