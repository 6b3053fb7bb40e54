/// Mouse buttons the sandbox uses.
public enum PointerButton: Hashable, Sendable {
    /// Left button (or a touch): grab, drag, fling, tap.
    case primary
    /// Right button: an instantaneous push toward the click.
    case secondary
    /// Middle button: pans the view (as does space + primary drag).
    case middle
}

/// The sandbox's keyboard commands (the SDL layer maps physical keys to these; `H` lists them on screen).
public enum KeyCommand: String, Hashable, Sendable, CaseIterable {
    case pauseResume, singleStep, restart, previousScene, nextScene, slower, faster, overlays, help, screenshot
    case copySwift, togglePanel, toggleGraph, toggleChrome, toggleSideBar, panelNext, panelPrevious, panelDecrease,
        panelIncrease
    case tiltLeft, tiltRight, tiltUp, tiltDown, quit
    case toggleBoundaries, toggleGravity, toggleContacts, toggleSleeping, toggleJoints, toggleFields, toggleOutlines
    /// Scene files and panel history (Ctrl+S, Ctrl+O, Ctrl+Z, Ctrl+Shift+Z); see SandboxApp+SceneFiles.
    case saveScene, openScene, undo, redo
    /// B: show / hide the previous run's ghost.
    case toggleGhost
    /// Enter (type a value for the selected panel row, then apply it) and Backspace.
    case enter, backspace
    /// Ctrl+R: start / stop recording (shift: replay the last recording on the current tuning); during a replay,
    /// leave it. `,`: one frame back during a replay (SandboxApp+Recording).
    case record, stepBack
    /// The camera: F frames every item, 0 / Home resets to 1:1 (SandboxApp+Camera).
    case frameAll, resetView
    /// Ctrl+K or /: the scene picker (search and categories; SandboxApp+ScenePicker).
    case scenePicker

    /// The overlay layer a `toggle…` command switches (keys 1–7), nil for other commands.
    public var overlayLayer: OverlayLayer? {
        switch self {
        case .toggleBoundaries: .boundaries
        case .toggleGravity: .gravity
        case .toggleContacts: .contacts
        case .toggleSleeping: .sleeping
        case .toggleJoints: .joints
        case .toggleFields: .fields
        case .toggleOutlines: .outlines
        default: nil
        }
    }

    /// The key and what it does, for the help overlay.
    public var help: (key: String, action: String) {
        switch self {
        case .pauseResume: ("space", "pause / resume")
        case .singleStep: (".", "step one frame (1/60 s) while paused")
        case .restart: ("R", "restart with your tuned values (same seed); shift+R: the file's values")
        case .saveScene: ("ctrl+S", "save the scene with your values (~/.local/share/swiftdynamics/scenes)")
        case .openScene: ("ctrl+O", "open the saved scenes, newest first (or drop a file on the window)")
        case .undo: ("ctrl+Z", "undo a panel edit")
        case .redo: ("ctrl+shift+Z", "redo a panel edit")
        case .toggleGhost: ("B", "show / hide the previous run's ghost (A/B after R)")
        case .record: ("ctrl+R", "record / stop and save; ctrl+shift+R: replay it on your tuning")
        case .stepBack: (",", "replay: one frame back (. forward, space plays, click the timeline)")
        case .enter: ("enter", "type a value for the panel row; enter applies, esc cancels")
        case .backspace: ("backspace", "erase while typing a value")
        case .previousScene: ("[", "previous scene")
        case .nextScene: ("]", "next scene")
        case .scenePicker: ("ctrl+K, /", "scene picker: type to search, arrows + enter or click, esc closes")
        case .frameAll: ("F", "frame all items (wheel zooms at the cursor; middle- or space+drag pans)")
        case .resetView: ("0 / home", "reset the view to 1:1")
        case .slower: ("-", "slower time (x1/2, down to x1/8)")
        case .faster: ("=", "faster time (x2, up to x2)")
        case .overlays: ("O", "overlays: default / all / off")
        case .help: ("H", "this help")
        case .screenshot: ("P", "screenshot to a PNG file")
        case .copySwift: ("C", "copy as Swift: print UIKit code, write a file")
        case .togglePanel: ("T", "show / hide the tuning panel (in the side bar)")
        case .toggleGraph: ("G", "show / hide the selected item's motion graph")
        case .toggleChrome: ("V / F10", "view the scene only: hide / show all chrome")
        case .toggleSideBar: ("S / F9", "collapse / open the side bar (panel, graph, log)")
        case .panelNext: ("tab", "next panel row (shift+tab: previous)")
        case .panelPrevious: ("shift+tab", "previous panel row")
        case .panelDecrease: (";", "decrease the panel row (: for x10)")
        case .panelIncrease: ("'", "increase the panel row (\" for x10)")
        case .tiltLeft: ("left", "tilt gravity left (hold; release levels)")
        case .tiltRight: ("right", "tilt gravity right")
        case .tiltUp: ("up", "tilt gravity up")
        case .tiltDown: ("down", "tilt gravity down")
        case .quit: ("Q / esc", "quit")
        case .toggleBoundaries, .toggleGravity, .toggleContacts, .toggleSleeping, .toggleJoints, .toggleFields,
            .toggleOutlines:
            ("1 ... 7", "show / hide one overlay layer:")
        }
    }
}

/// One input to the app. Pointer positions are window points (the SDL layer converts window units); the app maps
/// them to the world through its camera (`SandboxApp.worldPoint`), except on the chrome.
public enum InputEvent: Sendable {
    /// A button went down at (x, y) pt; `time` in seconds on any monotonic clock.
    case pointerDown(x: Double, y: Double, button: PointerButton, time: Double)
    /// The pointer moved to (x, y) pt.
    case pointerMoved(x: Double, y: Double, time: Double)
    /// A button went up at (x, y) pt.
    case pointerUp(x: Double, y: Double, button: PointerButton, time: Double)
    /// A command key went down (`pressed`) or up; `shift` held.
    case key(KeyCommand, pressed: Bool, shift: Bool)
    /// The gamepad's left stick, each axis −1…1 (x right, y down); (0, 0) when released or unplugged.
    case stick(x: Double, y: Double)
    /// A gamepad was plugged in (its name) or removed (nil).
    case gamepad(String?)
    /// The window's drawable area changed: size in points and pixels per point.
    case resized(width: Double, height: Double, scale: Double)
    /// The window was closed.
    case quit
    /// A file was dropped on the window (its path): a scene file opens.
    case fileDropped(path: String)
    /// Text typed (for a panel value being entered).
    case text(String)
    /// The mouse wheel turned `steps` notches (positive: away from the user, zooms in; fractions from precise
    /// wheels and touchpads) with the pointer at (x, y) pt.
    case wheel(x: Double, y: Double, steps: Double)
}
