import Dynamics
import Foundation
@testable import SandboxKit
import SandboxScenes
import Testing

@MainActor
@Suite("The tuning loop: restart with tuned values, reset, save, open, undo, select without grabbing")
struct TuningLoopTests {
    static func app(_ scene: String) -> SandboxApp {
        var c = SandboxApp.Configuration()
        c.scene = scene
        c.outputDirectory = FileManager.default.temporaryDirectory.path
        return SandboxApp(configuration: c)
    }

    static func temporaryDirectory() -> String {
        TestDirectories.make("tuning")
    }

    /// The panel row `name` in a section starting with `section`.
    static func row(_ app: SandboxApp, _ section: String, _ name: String) throws -> PanelRow {
        try #require(app.panelRows().first { $0.section.hasPrefix(section) && $0.name == name })
    }

    /// Tunes the attachment scene's spring to 2 Hz, ζ 0.1 through its panel rows.
    static func tuneSpring(_ app: SandboxApp) throws -> SandboxItem {
        let square = try #require(app.world.items.first { $0.name == "square" })
        app.overlay.selected = square
        try row(app, "attachment 1", "frequency").set(2)
        try row(app, "attachment 1", "damping").set(0.1)
        return square
    }

    static func spring(_ app: SandboxApp) throws -> AttachmentBehavior {
        try #require(app.world.allBehaviors.compactMap { $0 as? AttachmentBehavior }.first)
    }

    @Test("R restarts with the tuned values; shift+R with the scene's; the restart is exact")
    func restartKeepsTuning() throws {
        let app = Self.app("attachment")
        _ = try Self.tuneSpring(app)
        for _ in 0..<30 { app.frame(dt: 1.0 / 60) }
        app.handle(.key(.restart, pressed: true, shift: false))
        #expect(try Self.spring(app).frequency == 2)
        #expect(try Self.spring(app).damping == 0.1)
        #expect(app.world.animator.elapsedTime == 0)
        // Two restarts with the same values run bit-identically.
        for _ in 0..<120 { app.frame(dt: 1.0 / 60) }
        let first = app.world.stateHash
        app.handle(.key(.restart, pressed: true, shift: false))
        for _ in 0..<120 { app.frame(dt: 1.0 / 60) }
        #expect(app.world.stateHash == first)
        app.handle(.key(.restart, pressed: true, shift: true))
        #expect(try Self.spring(app).frequency == 0.3)
        #expect(try Self.spring(app).damping == 0.3)
    }

    @Test("Ctrl+S saves the tuned scene under a new name (never over a file); opening it gives the tuned spring")
    func saveAndOpen() throws {
        let dir = Self.temporaryDirectory()
        let app = Self.app("attachment")
        _ = try Self.tuneSpring(app)
        let path = try #require(app.saveScene(directory: dir))
        #expect(path == "\(dir)/attachment.json")
        let second = try #require(app.saveScene(directory: dir))
        #expect(second == "\(dir)/attachment-2.json")
        #expect(app.logLines.last?.contains("saved \(second)") == true)
        let other = Self.app("pyramid")
        #expect(other.openFile(path))
        #expect(other.sceneTitle == "attachment")
        #expect(try Self.spring(other).frequency == 2)
        #expect(try Self.spring(other).damping == 0.1)
        // R keeps the file's values (nothing tuned since), shift+R too.
        other.handle(.key(.restart, pressed: true, shift: false))
        #expect(try Self.spring(other).frequency == 2)
        other.handle(.key(.restart, pressed: true, shift: true))
        #expect(try Self.spring(other).frequency == 2)
        // The file opened from a drop too.
        let third = Self.app("pyramid")
        third.handle(.fileDropped(path: path))
        #expect(third.sceneTitle == "attachment")
    }

    @Test("a bad file gets one log line (file, JSON path, problem, fix) and the running scene stays")
    func badFileKeepsScene() throws {
        let dir = Self.temporaryDirectory()
        let path = "\(dir)/bad.json"
        try
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 10, "height": 10}, "items": [{"size": {"width": 5, "height": 5}, "center": {"x": 1, "y": 1}}], "behaviors": [{"snap": {"item": 4, "point": {"x": 0, "y": 0}}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let app = Self.app("pyramid")
        let world = app.world
        #expect(!app.openFile(path))
        #expect(app.world === world)
        let line = try #require(app.logLines.last)
        #expect(line.contains("scene file \(path): $.behaviors[0].snap.item: item 4 does not exist"), "\(line)")
        #expect(line.contains("use 0 … 0"), "\(line)")
    }

    @Test("Ctrl+Z undoes a panel edit and Ctrl+Shift+Z redoes it")
    func undoRedo() throws {
        let app = Self.app("sticker-pile")
        app.overlay.selected = app.world.items[3]
        let rows = app.panelRows()
        app.panelIndex = try #require(rows.firstIndex { $0.name == "elasticity" })
        app.handle(.key(.panelIncrease, pressed: true, shift: true))
        let props = try #require(app.tuningBehavior(for: app.world.items[3], create: false))
        #expect(abs(props.elasticity - 1.2) < 1e-9)
        app.handle(.key(.undo, pressed: true, shift: false))
        #expect(abs(props.elasticity - 0.7) < 1e-9)
        app.handle(.key(.redo, pressed: true, shift: false))
        #expect(abs(props.elasticity - 1.2) < 1e-9)
    }

    @Test("'edit this item only' gives the item its own behaviour; the other 39 keep theirs, also after R")
    func perItemEdit() throws {
        let app = Self.app("sticker-pile")
        let item = app.world.items[5]
        app.overlay.selected = item
        try Self.row(app, "item", "edit this item only").set(1)
        try Self.row(app, "item", "elasticity").set(0.1)
        #expect(app.tuningBehavior(for: item, create: false)?.elasticity == 0.1)
        #expect(app.tuningBehavior(for: app.world.items[6], create: false)?.elasticity == 0.7)
        app.handle(.key(.restart, pressed: true, shift: false))
        let again = app.world.items[5]
        #expect(app.tuningBehavior(for: again, create: false)?.elasticity == 0.1)
        #expect(app.tuningBehavior(for: app.world.items[6], create: false)?.elasticity == 0.7)
        app.overlay.selected = again
        #expect(try Self.row(app, "item", "edit this item only").get() == 1)
    }

    @Test("a click on an item selects it and leaves its motion alone (bit-identical to no click)")
    func selectIsNotGrab() throws {
        let plain = Self.app("pendulum"), clicked = Self.app("pendulum")
        for _ in 0..<20 {
            plain.frame(dt: 1.0 / 60)
            clicked.frame(dt: 1.0 / 60)
        }
        let ball = clicked.world.items[0]
        clicked.handle(.pointerDown(x: Double(ball.center.x), y: Double(ball.center.y), button: .primary, time: 1))
        clicked.frame(dt: 1.0 / 60)
        plain.frame(dt: 1.0 / 60)
        clicked.handle(.pointerUp(x: Double(ball.center.x), y: Double(ball.center.y), button: .primary, time: 1.02))
        #expect(clicked.selected === ball)
        for _ in 0..<60 {
            plain.frame(dt: 1.0 / 60)
            clicked.frame(dt: 1.0 / 60)
        }
        #expect(clicked.world.stateHash == plain.world.stateHash)
    }
}

@MainActor
@Suite("Typing a value for the selected panel row")
struct NumericEntryTests {
    @Test("Enter, digits, Enter sets the row (clamped to its range, one undo step); '1' types instead of toggling")
    func typeValue() throws {
        let app = TuningLoopTests.app("attachment")
        let rows = app.panelRows()
        app.panelIndex = try #require(rows.firstIndex { $0.name == "frequency" })
        let overlays = app.overlays
        app.handle(.key(.enter, pressed: true, shift: false))
        app.handle(.key(.toggleBoundaries, pressed: true, shift: false))  // the "1" key's command is held back…
        app.handle(.text("1"))  // …and its text typed
        app.handle(.text(".x5"))
        #expect(app.numericEntry == "1.5")
        app.handle(.key(.enter, pressed: true, shift: false))
        let spring = try TuningLoopTests.spring(app)
        #expect(spring.frequency == 1.5)
        #expect(app.overlays == overlays)
        #expect(app.numericEntry == nil)
        // Out of range: clamped and said so; undo goes back to 1.5.
        app.handle(.key(.enter, pressed: true, shift: false))
        app.handle(.text("99"))
        app.handle(.key(.enter, pressed: true, shift: false))
        #expect(spring.frequency == 20)
        #expect(app.logLines.last?.contains("range is 0 ... 20") == true)
        app.handle(.key(.undo, pressed: true, shift: false))
        #expect(spring.frequency == 1.5)
        // Esc cancels without quitting.
        app.handle(.key(.enter, pressed: true, shift: false))
        app.handle(.text("7"))
        app.handle(.key(.quit, pressed: true, shift: false))
        #expect(!app.wantsQuit && spring.frequency == 1.5 && app.numericEntry == nil)
    }
}
