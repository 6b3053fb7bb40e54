import Dynamics
import Foundation

/// Live input during a replay: its own keys and the timeline; whatever would change the replayed run is held back.
extension SandboxApp {
    /// A live key during a replay: space plays / pauses, `.` steps forward, R replays from the start; keys that
    /// would change the simulation are held back with a hint. True when handled.
    func replayKey(_ command: KeyCommand, pressed: Bool, shift: Bool) -> Bool {
        switch command {
        case .pauseResume:
            // Space + drag still pans the view.
            spaceKey(pressed: pressed)
            guard pressed, let r = record.replay else { return true }
            if r.cursor >= r.recording.frames {
                seekReplay(to: 0)
                record.replay?.playing = true
            } else {
                record.replay?.playing = !r.playing
            }
            return true
        case .singleStep:
            if pressed { stepReplay(by: 1) }
            return true
        case .restart:
            if pressed {
                seekReplay(to: 0)
                record.replay?.playing = true
            }
            return true
        case .tiltLeft, .tiltRight, .tiltUp, .tiltDown, .slower, .faster, .previousScene, .nextScene, .undo, .redo,
            .panelDecrease, .panelIncrease, .enter, .scenePicker:
            if pressed { refuseDuringReplay("\(command.help.key)") }
            return true
        default:
            return false
        }
    }

    /// Logs why a live input was held back during a replay.
    func refuseDuringReplay(_ what: String) {
        log("\(what): not during a replay (it would change the replayed run); ctrl+R leaves the replay")
    }

    /// Live events during a replay: the timeline takes its presses and drags, the stick is held back, a resize
    /// keeps the recording's size. Returns the event to handle, or nil.
    func routeDuringReplay(_ event: InputEvent) -> InputEvent? {
        switch event {
        case .pointerDown(let x, let y, let button, _):
            guard button == .primary, let rect = timelineTrackHitRect, rect.contains(CGPoint(x: x, y: y)) else {
                return event
            }
            let frame = timelineFrame(atX: x)
            record.replay?.scrubbing = true
            record.replay?.target = frame
            return nil
        case .pointerMoved(let x, _, _):
            guard record.replay?.scrubbing == true else { return event }
            let frame = timelineFrame(atX: x)
            record.replay?.target = frame
            return nil
        case .pointerUp:
            guard record.replay?.scrubbing == true else { return event }
            record.replay?.scrubbing = false
            return nil
        case .stick:
            return nil
        case .gamepad(let name):
            // Plugging or unplugging is shown; the stick's tilt stays the recording's.
            gamepadName = name
            return nil
        case .resized(let w, let h, let s):
            if s.isFinite, s > 0 { scale = max(0.25, min(8, s)) }
            if w != Double(size.width) || h != Double(size.height) {
                record.requestedWindowSize = size
                log(
                    "the window keeps the recording's size, \(Int(size.width)) x \(Int(size.height)) pt, during "
                        + "a replay")
            }
            return nil
        default:
            return event
        }
    }

    /// The size the window should take (a replay keeps the recording's), once; nil when none is asked for.
    public func takeRequestedWindowSize() -> CGSize? {
        defer { record.requestedWindowSize = nil }
        return record.requestedWindowSize
    }
}
