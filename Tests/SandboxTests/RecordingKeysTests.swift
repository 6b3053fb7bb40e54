internal import CSDL2
import Foundation
@testable import SandboxKit
@testable import SandboxSDL
import Testing

/// The recording keys as SDL delivers them (text input on, as in the window).
@MainActor
@Suite("Recording keys through SDL events")
struct RecordingKeysTests {
    @Test(
        "Ctrl+R stops and saves; typed ',' and '.' step a replay back and forward; Ctrl+Shift+R replays on the tuning")
    func keys() throws {
        let app = RecordingTests.app("pendulum")
        let pump = EventPump(app: app)
        pump.textInput = true
        let path = RecordingTests.temporaryPath("keys.json")
        app.startRecording(to: path)
        RecordingTests.run(app, 30)
        pump.dispatch(DesktopTests.keyDown(sym: Int32(SDLK_r.rawValue), mod: UInt16(KMOD_LCTRL.rawValue)))
        #expect(!app.isRecording)
        #expect(FileManager.default.fileExists(atPath: path))
        app.startReplay(try Recording.load(contentsOf: path).get(), path: path)
        RecordingTests.run(app, 30)
        #expect(app.replayPosition?.frame == 30)
        // ',' and '.' type text: the keys reach their commands through SDL_TEXTINPUT on every layout.
        #expect(pump.dispatch(DesktopTests.keyDown(sym: Int32(SDLK_COMMA.rawValue))) == false)
        pump.dispatch(DesktopTests.text(","))
        #expect(app.replayPosition?.frame == 29)
        pump.dispatch(DesktopTests.text("."))
        #expect(app.replayPosition?.frame == 30)
        #expect(app.replayMatched == true)
        pump.dispatch(
            DesktopTests.keyDown(
                sym: Int32(SDLK_r.rawValue), mod: UInt16(KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue)))
        #expect(app.isReplaying)
        #expect(app.replayPosition?.frame == 0)
        RecordingTests.run(app, 30)
        #expect(app.replayVerdict?.hasPrefix("replay on your tuning matches the recording") == true)
    }
}
