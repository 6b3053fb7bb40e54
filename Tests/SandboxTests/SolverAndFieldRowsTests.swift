import Dynamics
import Foundation
@testable import SandboxKit
import SandboxScenes
import Testing

/// The solver switches and the field rows of the tuning panel (issue 12 §3), and the "why is the animator still
/// running?" readout (§8).
@MainActor
@Suite("Panel: solver switches, field rows, still-running readout")
struct SolverAndFieldRowsTests {
    typealias Settings = DynamicAnimator.SolverSettings

    /// Selects the row `name` of the solver section and presses the panel's increase key (a switch flips).
    static func press(_ app: SandboxApp, _ name: String, steps: Int = 1) throws {
        app.panelIndex = try #require(
            app.panelRows().firstIndex { $0.section == SandboxApp.solverSection && $0.name == name })
        for _ in 0..<steps { app.handle(.key(.panelIncrease, pressed: true, shift: false)) }
    }

    @Test("Three solver rows, each marked with UIKit's setting; an edit reaches the animator and says it differs")
    func rowsMarkUIKit() throws {
        let app = TuningLoopTests.app("pyramid")
        let rows = app.panelRows().filter { $0.section == SandboxApp.solverSection }
        #expect(rows.map(\.name) == ["substepsPerWorldStep", "allowsSleeping", "continuousCollision"])
        #expect(rows.map { $0.derived() ?? "" } == ["(UIKit: 3)", "(UIKit: true)", "(UIKit: true)"])
        try Self.press(app, "allowsSleeping")
        try Self.press(app, "substepsPerWorldStep", steps: 3)
        #expect(app.world.animator.solverSettings == Settings(substepsPerWorldStep: 6, allowsSleeping: false))
        let sleeping = try TuningLoopTests.row(app, SandboxApp.solverSection, "allowsSleeping")
        #expect(sleeping.valueText == "false" && sleeping.derived() == "(UIKit: true; differs)")
        // The panel's range is the API's: 16 at most.
        try Self.press(app, "substepsPerWorldStep", steps: 20)
        #expect(app.world.animator.solverSettings.substepsPerWorldStep == 16)
    }

    @Test("Solver edits undo and redo; R keeps them, shift+R resets them to the scene's")
    func undoRestartReset() throws {
        let app = TuningLoopTests.app("pyramid")
        try Self.press(app, "continuousCollision")
        try Self.press(app, "substepsPerWorldStep")
        #expect(app.world.animator.solverSettings == Settings(substepsPerWorldStep: 4, continuousCollision: false))
        app.handle(.key(.undo, pressed: true, shift: false))
        #expect(app.world.animator.solverSettings == Settings(continuousCollision: false))
        app.handle(.key(.redo, pressed: true, shift: false))
        #expect(app.world.animator.solverSettings.substepsPerWorldStep == 4)
        let tuned = app.world.animator.solverSettings
        for _ in 0..<10 { app.frame(dt: 1.0 / 60) }
        app.handle(.key(.restart, pressed: true, shift: false))
        #expect(app.world.animator.elapsedTime == 0)
        #expect(app.world.animator.solverSettings == tuned)
        app.handle(.key(.restart, pressed: true, shift: true))
        #expect(app.world.animator.solverSettings == .uikit)
    }

    @Test("Sleeping switched off in the panel: the pyramid never pauses, and the readout says why")
    func sleepingOffInTheSandbox() throws {
        let app = TuningLoopTests.app("pyramid")
        try Self.press(app, "allowsSleeping")
        app.overlay.selected = app.world.items[0]
        // The pyramid pauses within 2.5 s with sleeping on (DifferencesFromUIKit); give it 10.
        for _ in 0..<600 { app.frame(dt: 1.0 / 60) }
        #expect(app.world.animator.isRunning)
        let line = app.stillRunningReasons()
        #expect(line.contains("sleeping is off") && line.contains("never pauses"), "\(line)")
    }

    @Test("Ctrl+S saves the solver settings; the file opens with them; a version-1 file gets UIKit's")
    func savedInSceneFiles() throws {
        let dir = TuningLoopTests.temporaryDirectory()
        let app = TuningLoopTests.app("attachment")
        try Self.press(app, "allowsSleeping")
        try Self.press(app, "substepsPerWorldStep", steps: 5)
        let path = try #require(app.saveScene(directory: dir))
        let file = try SceneFile.load(contentsOf: path).get()
        #expect(file.version == 2)
        #expect(
            file.solver == SceneFile.Solver(substepsPerWorldStep: 8, allowsSleeping: false, continuousCollision: true))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains(
                #""solver": {"allowsSleeping": false, "continuousCollision": true, "substepsPerWorldStep": 8}"#),
            "\(text)")
        let other = TuningLoopTests.app("pyramid")
        #expect(other.openFile(path))
        #expect(other.world.animator.solverSettings == Settings(substepsPerWorldStep: 8, allowsSleeping: false))
        // Shift+R goes back to the file's values, which hold these settings.
        other.handle(.key(.restart, pressed: true, shift: true))
        #expect(other.world.animator.solverSettings.substepsPerWorldStep == 8)
        // A version-1 file (no "solver") loads with UIKit's settings.
        let old = "\(dir)/old.json"
        try
            #"{"format": "swiftdynamics-scene", "version": 1, "name": "old", "referenceBounds": {"x": 0, "y": 0, "width": 300, "height": 300}, "items": [{"size": {"width": 20, "height": 20}, "center": {"x": 100, "y": 100}}], "behaviors": [{"gravity": {"items": [0]}}]}"#
            .write(toFile: old, atomically: true, encoding: .utf8)
        #expect(other.openFile(old))
        #expect(other.world.animator.solverSettings == .uikit)
    }

    @Test("A file's bad sub-step count is refused with the one-line message; a half-written solver takes defaults")
    func badSolverInFile() throws {
        func decode(_ solver: String) -> Result<SceneFile, SceneFileError> {
            let json =
                #"{"format": "swiftdynamics-scene", "version": 2, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 300, "height": 300}, "items": [], "behaviors": [], "solver": "#
                + solver + "}"
            return SceneFile.decode(Data(json.utf8), file: "s.json")
        }
        guard case .failure(let e) = decode(#"{"substepsPerWorldStep": 40}"#) else {
            Issue.record("40 sub-steps accepted")
            return
        }
        #expect(
            e.message.contains("$.solver.substepsPerWorldStep: 40 is out of range; use a value 1 … 16"), "\(e.message)")
        guard case .failure(let typo) = decode(#"{"allowSleeping": false}"#) else {
            Issue.record("a misspelt solver field accepted")
            return
        }
        #expect(typo.message.contains("$.solver.allowSleeping: unknown field"), "\(typo.message)")
        let half = try decode(#"{"allowsSleeping": false}"#).get()
        #expect(half.solverSettings == Settings(allowsSleeping: false))
    }

    @Test(
        "A file's friction, frictionTorque or minimumRadius beyond what Dynamics takes is refused by the loader",
        arguments: [
            (#"{"itemProperties": {"items": [0], "friction": 1e300}}"#, "$.behaviors[0].itemProperties.friction"),
            (
                #"{"attachment": {"kind": "pin", "item": 0, "attachedTo": 1, "anchor": {"x": 0, "y": 0}, "frictionTorque": 1e300}}"#,
                "$.behaviors[0].attachment.frictionTorque"
            ),
            (
                #"{"field": {"kind": "radialGravity", "items": [0], "minimumRadius": 1e300}}"#,
                "$.behaviors[0].field.minimumRadius"
            )
        ])
    func materialLimitsInFiles(behavior: String, path: String) {
        // Before, these passed validation and Dynamics refused them when the scene was built (a diagnostic, the
        // value ignored): the file must be refused with its path instead (found by the scene-file fuzz test).
        let json =
            #"{"format": "swiftdynamics-scene", "version": 2, "name": "x", "referenceBounds": {"x": 0, "y": 0, "width": 300, "height": 300}, "items": [{"size": {"width": 20, "height": 20}, "center": {"x": 100, "y": 100}}, {"size": {"width": 20, "height": 20}, "center": {"x": 150, "y": 100}}], "behaviors": ["#
            + behavior + "]}"
        guard case .failure(let e) = SceneFile.decode(Data(json.utf8), file: "m.json") else {
            Issue.record("accepted: \(behavior)")
            return
        }
        #expect(e.message.contains("\(path): ") && e.message.contains("out of range"), "\(e.message)")
    }

    @Test("Copy as Swift: nothing about the solver at UIKit's settings; other settings as comments only")
    func exportComments() throws {
        let app = TuningLoopTests.app("pyramid")
        #expect(!app.swiftCode().contains("solverSettings"))
        try Self.press(app, "continuousCollision")
        let lines = app.swiftCode().split(separator: "\n").filter {
            $0.contains("solver") || $0.contains("UIKit does not")
        }
        #expect(!lines.isEmpty)
        // Comments only: an iOS app cannot set them (UIKit's animator has no such property).
        #expect(lines.allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }, "\(lines)")
        #expect(lines.contains { $0.contains("continuousCollision: false") })
    }

    @Test("Field rows: minimumRadius, direction, smoothness, animationSpeed where the kind has them")
    func fieldRowsPerKind() throws {
        func names(_ scene: String) -> [String] {
            let app = TuningLoopTests.app(scene)
            return app.panelRows().filter { $0.section.hasPrefix("field: ") }.map(\.name)
        }
        #expect(names("field-noise").contains("smoothness") && names("field-noise").contains("animationSpeed"))
        #expect(names("field-noise").contains("minimumRadius") && !names("field-noise").contains("direction dx"))
        #expect(
            names("field-linear-gravity").contains("direction dx")
                && names("field-linear-gravity").contains("direction dy"))
        #expect(!names("field-linear-gravity").contains("smoothness"))
        #expect(names("field-velocity").contains("direction dy") && !names("field-velocity").contains("minimumRadius"))
        #expect(names("field-radial-gravity").contains("minimumRadius"))
        #expect(!names("field-radial-gravity").contains("direction dx"))
    }

    @Test("Field edits reach the field, undo, and are saved; R keeps them")
    func fieldEditsSaved() throws {
        let app = TuningLoopTests.app("field-linear-gravity")
        let field = try #require(app.world.allBehaviors.compactMap { $0 as? FieldBehavior }.first)
        let dy = try TuningLoopTests.row(app, "field: ", "direction dy")
        app.panelIndex = try #require(app.panelRows().firstIndex { $0.name == "direction dy" })
        let before = field.direction
        app.handle(.key(.panelIncrease, pressed: true, shift: true))
        #expect(abs(field.direction.dy - (before.dy + 1)) < 1e-9)
        #expect(field.direction.dx == before.dx)
        app.handle(.key(.undo, pressed: true, shift: false))
        #expect(field.direction == before)
        dy.set(-3)
        try TuningLoopTests.row(app, "field: ", "minimumRadius").set(40)
        let file = try #require(app.tunedSceneFile())
        let saved = try #require(
            file.behaviors.compactMap { b -> SceneFile.Field? in if case .field(let f) = b { f } else { nil } }.first)
        #expect(saved.direction?.dy == -3 && saved.minimumRadius == 40)
        app.handle(.key(.restart, pressed: true, shift: false))
        let again = try #require(app.world.allBehaviors.compactMap { $0 as? FieldBehavior }.first)
        #expect(again.direction.dy == -3 && again.minimumRadius == 40)
        let noise = TuningLoopTests.app("field-noise")
        let n = try #require(noise.world.allBehaviors.compactMap { $0 as? FieldBehavior }.first)
        try TuningLoopTests.row(noise, "field: ", "smoothness").set(0.25)
        try TuningLoopTests.row(noise, "field: ", "animationSpeed").set(3)
        noise.handle(.key(.restart, pressed: true, shift: false))
        let n2 = try #require(noise.world.allBehaviors.compactMap { $0 as? FieldBehavior }.first)
        #expect(n !== n2 && n2.smoothness == 0.25 && n2.animationSpeed == 3)
    }

    @Test("Still running: names the moving items, the continuous push and the fields")
    func stillRunningNames() throws {
        let push = TuningLoopTests.app("continuous-push")
        push.overlay.selected = push.world.items.first
        for _ in 0..<30 { push.frame(dt: 1.0 / 60) }
        let line = push.stillRunningReasons()
        #expect(line.hasPrefix("running: ") && line.contains("continuous push on "), "\(line)")
        #expect(line.contains("no pause while a continuous push acts"), "\(line)")
        let field = TuningLoopTests.app("field-vortex")
        field.overlay.selected = field.world.items.first
        for _ in 0..<30 { field.frame(dt: 1.0 / 60) }
        let f = field.stillRunningReasons()
        #expect(f.contains("vortexField on "), "\(f)")
        #expect(f.contains("above 1 pt/s ("), "\(f)")
    }

    @Test("Still running: the predicted time until dynamicAnimatorDidPause comes true (spring, ±15 %)")
    func pausePrediction() throws {
        let app = TuningLoopTests.app("attachment")
        let square = try #require(app.world.items.first { $0.name == "square" })
        app.overlay.selected = square
        try TuningLoopTests.row(app, "attachment 1", "frequency").set(1)
        try TuningLoopTests.row(app, "attachment 1", "damping").set(0.1)
        app.handle(.key(.restart, pressed: true, shift: false))
        // Three seconds in, several speed peaks have been seen: read the prediction, then run until the pause.
        for _ in 0..<180 { app.frame(dt: 1.0 / 60) }
        let line = app.stillRunningReasons()
        let predicted = try #require(
            app.readout.rest.predictedTimeToPause(now: app.world.animator.elapsedTime), "\(line)")
        #expect(line.contains(String(format: "pause in ~%.1f s", predicted)), "\(line)")
        let t0 = app.world.animator.elapsedTime
        var frames = 0
        while app.world.animator.isRunning && frames < 3600 {
            app.frame(dt: 1.0 / 60)
            frames += 1
        }
        let actual = app.world.animator.elapsedTime - t0
        #expect(!app.world.animator.isRunning)
        // The speed envelope of a damped spring decays exponentially (rate ζ·ω); the readout fits it through the
        // last two speed peaks. Sleep needs the angular rule too, so allow 15 %.
        #expect(abs(predicted - actual) <= 0.15 * actual, "predicted \(predicted) s, paused after \(actual) s")
    }
}
