import Dynamics
import Foundation
import SandboxRender
import SandboxScenes

/// The sandbox's model: the current scene, input handling (drag, fling, tap, push, tilt, keys), the clock's use of
/// the animator, the tuning panel, the log and the HUD. Everything but the window: the SDL layer feeds it
/// `InputEvent`s and frame intervals and shows the `Raster` it draws, and tests drive it the same way.
@MainActor
public final class SandboxApp {
    /// Settings from the command line.
    public struct Configuration: Sendable {
        /// Scene to open first (a `SceneCatalog` name).
        public var scene: String = SceneCatalog.defaultName
        /// Seed of every scene's randomness. Default 1.
        public var seed: UInt64 = 1
        /// Scene size, pt (the animator's reference bounds). Default 960 × 640. The window is this plus the side
        /// bar (`SideBar.width`) when the side bar fits beside it.
        public var size = CGSize(width: 960, height: 640)
        /// Pixels per point. Default 1.
        public var scale: Double = 1
        /// Where screenshots and "copy as Swift" files go. Default the current directory.
        public var outputDirectory = "."
        /// The chrome's TrueType font file. Default `ChromeFont.defaultPath` (DejaVu Sans Mono); a missing file
        /// is one log line and the built-in bitmap font.
        public var fontPath = ChromeFont.defaultPath
        /// Pictures for items with an `imageSlot` (the sticker pile's stickers), from `--assets DIR`. Default none.
        public var images: [Raster] = []
        /// Threads that compute each step of every scene (`DynamicAnimator.SolverSettings.threadCount`), 1…16.
        /// Default 1; the `dynamics-sandbox` command uses `recommendedSolverThreads`. The motion is the same with
        /// any count, and the animator uses the threads only while its steps measure faster with them on this
        /// machine (PhysicsCore's `WorldSettings.adaptiveWorkers`).
        public var solverThreads = 1

        /// The processor cores, at most 4: threads beyond that meet at every solver colour more than they help.
        public static var recommendedSolverThreads: Int {
            Swift.max(1, Swift.min(4, ProcessInfo.processInfo.activeProcessorCount))
        }

        /// The defaults.
        public init() {}
    }

    // MARK: State

    /// The configuration the app started with.
    public let configuration: Configuration
    /// Index of the current scene in `SceneCatalog.all`.
    public internal(set) var sceneIndex: Int
    /// The current scene.
    public internal(set) var world: SceneWorld
    /// Window size, pt: the scene viewport plus the side bar (`sceneViewport`, `sideBarRect`).
    public internal(set) var size: CGSize
    /// Pixels per point (HiDPI).
    public internal(set) var scale: Double
    /// Paused by the user (space). The animator's own pause is `world.animator.isRunning`.
    public internal(set) var userPaused = false
    /// Time scale, 1/8…2. Default 1.
    public internal(set) var timeScale: Double = 1
    /// Overlay layers.
    public var overlays = OverlayOptions()
    /// Help overlay shown (H). Default false.
    public internal(set) var showHelp = false
    /// Tuning panel shown in the side bar (T). Default true.
    public internal(set) var showPanel = true
    /// Motion graph of the selected item shown (G). Default true (it appears once an item is selected).
    public internal(set) var showGraph = true
    /// The selected item's recent speed and position, for the graph.
    public internal(set) var trace = MotionTrace()
    /// The item `trace` follows.
    var tracedItem: ObjectIdentifier?
    /// The selected item's longer history and the previous run's, for the readouts and the A/B ghost.
    var readout = ReadoutState()
    /// Selected panel row.
    public var panelIndex = 0
    /// Set when the window should close.
    public internal(set) var wantsQuit = false
    /// Set by P; the SDL layer (or `takeScreenshot`) writes the next frame and clears it.
    public var screenshotRequested = false

    /// The log panel's lines, oldest first (at most 8).
    public internal(set) var logLines: [String] = []
    /// What the animator's delegate said last ("running" / "paused"), for the indicator.
    public internal(set) var animatorState = "paused"
    /// Connected gamepad name, or nil.
    public internal(set) var gamepadName: String?

    /// Timing of the last frame, ms: physics (`advance(by:)`) and drawing.
    public internal(set) var physicsMs: Double = 0
    /// Drawing time of the last frame, ms.
    public internal(set) var drawMs: Double = 0
    /// Frames per second, smoothed.
    public internal(set) var fps: Double = 0

    /// The desktop shell's state: headless run, hidden chrome, key repeat (see `DesktopState`).
    public var desktop = DesktopState()
    /// Overlay state: selection, drag, snap target, push arrow, contacts.
    var overlay = SceneOverlayState()
    /// Items the app drives (grab velocity, fling, push fallback) are added to this flag-less item behaviour.
    var control = DynamicItemBehavior()
    /// The item behaviours the panel created for items no scene behaviour covered.
    var createdBehaviors: [DynamicItemBehavior] = []
    /// The drag in progress.
    var drag: DragState?
    /// Pointer-down that may become a tap (no item under it, not moved far).
    var pendingTap: (point: CGPoint, time: Double)?
    /// Pointer-down on an item: it is selected; it is grabbed only once the pointer moves (selecting is not grabbing).
    var pendingGrab: (item: SandboxItem, point: CGPoint, time: Double)?
    /// Keys held for tilting.
    var tiltKeys = Set<KeyCommand>()
    /// Tilt from keys (ramped), each axis −1…1.
    var keyTilt = CGVector(dx: 0, dy: 0)
    /// Tilt from the gamepad stick.
    var stickTilt = CGVector(dx: 0, dy: 0)
    /// Step requested with `.` while paused.
    var stepRequested = false
    /// Tunables of the gesture behaviours.
    public var gestures = GestureSettings()
    /// The delegate bridge (weakly held by the animator).
    var delegateBridge: AnimatorDelegateBridge?
    /// Also told every log line (the window prints them to stdout). Default nil.
    public var onLog: (@MainActor (String) -> Void)?
    /// Puts text on the system clipboard; returns whether it did (the window sets it: SDL_SetClipboardText).
    public var clipboard: (@MainActor (String) -> Bool)?
    /// Screenshots taken (for file names).
    var screenshotCount = 0
    /// Time of the last pointer sample, s.
    var lastPointerTime: Double = 0
    /// A slider of the panel is being dragged.
    var panelDragging = false
    /// The snap behaviour of the last tap, if any.
    var snapBehavior: DynamicBehavior?
    /// The push of the last right-click, if any.
    var pushBehavior: PushBehavior?
    /// The panel's push angle changed while its slider was dragged: the push re-fires once, on release.
    var repushOnRelease = false
    /// Scene files: what the scene was built from, its live behaviours, undo/redo (SandboxApp+SceneFiles).
    var files = SceneFileState()
    /// Recording and replay (SandboxApp+Recording, SandboxApp+Replay).
    var record = RecordingState()
    /// The camera and a pan in progress (SandboxApp+Camera).
    var view = SceneViewState()
    /// The scene picker while open (SandboxApp+ScenePicker), else nil.
    var picker: ScenePicker?
    /// The chrome's font (nil: the bitmap font).
    let font: TrueTypeFont?

    // MARK: Creating

    /// An app showing `configuration.scene` (which must exist: check with `SceneCatalog.named` first; an unknown
    /// name opens the default scene).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let index =
            SceneCatalog.all.firstIndex { $0.name == configuration.scene }
            ?? SceneCatalog.all.firstIndex { $0.name == SceneCatalog.defaultName } ?? 0
        sceneIndex = index
        let sceneSize = CGSize(
            width: max(200, configuration.size.width), height: max(200, configuration.size.height))
        // The window holds the scene and, beside it, the side bar (when the scene is wide enough to keep it).
        let bar = Double(sceneSize.width) >= SideBar.minimumSceneWidth ? SideBar.width : 0
        size = CGSize(width: Double(sceneSize.width) + bar, height: Double(sceneSize.height))
        scale = max(0.25, min(8, configuration.scale))
        let (font, fontProblem) = Self.openFont(configuration.fontPath)
        self.font = font
        world = SceneWorld(bounds: CGRect(origin: .zero, size: sceneSize), seed: configuration.seed)
        loadScene(index)
        if let fontProblem { log(fontProblem) }
    }

    /// The current scene's descriptor.
    public var scene: SceneDescriptor { SceneCatalog.all[sceneIndex] }

    /// The selected item, or nil.
    public var selected: SandboxItem? { overlay.selected }

    /// Builds scene `index` afresh (same seed: a restart is exact).
    public func loadScene(_ index: Int) {
        let n = SceneCatalog.all.count
        let previous = sceneIndex
        sceneIndex = ((index % n) + n) % n
        if record.replay != nil, !record.feeding { leaveReplay() }
        beginRecordedAction(.scene(SceneCatalog.all[sceneIndex].name))
        defer { endRecordedAction() }
        // Another scene starts at 1:1; a rebuild of the same scene (a resize before the first step) keeps the view.
        if sceneIndex != previous { view.camera = SceneCamera() }
        install(
            SceneCatalog.all[sceneIndex].make(
                bounds: CGRect(origin: .zero, size: sceneViewport.size), seed: activeSeed))
        adoptCatalogueScene()
        log("scene \(scene.name) (\(scene.source)): \(scene.summary)")
    }

    /// Makes `newWorld` the current scene: gestures, overlays and the panel's own behaviours start afresh.
    func install(_ newWorld: SceneWorld) {
        drag = nil
        pendingTap = nil
        pendingGrab = nil
        snapBehavior = nil
        pushBehavior = nil
        overlay = SceneOverlayState()
        createdBehaviors = []
        world = newWorld
        world.animator.solverSettings.threadCount = configuration.solverThreads
        control = DynamicItemBehavior()
        world.animator.addBehavior(control)
        let bridge = AnimatorDelegateBridge(app: self)
        delegateBridge = bridge
        world.animator.delegate = bridge
        animatorState = world.animator.isRunning ? "running" : "paused"
        applyTilt()
    }

    /// Appends a line to the log panel (and keeps the last 8), and hands it to `onLog`.
    public func log(_ line: String) {
        let t = String(format: "%7.2f s  ", world.animator.elapsedTime)
        let line = LogText.withoutNegativeZeros(line)
        logLines.append(t + line)
        onLog?(t + line)
        if logLines.count > 8 { logLines.removeFirst(logLines.count - 8) }
    }

    /// Whether frames must keep coming: false means the app may sleep on events (the animator is paused, nothing
    /// is being dragged or tilted, nothing is fading).
    public var needsFrames: Bool {
        if record.replay != nil { return replayNeedsFrames || screenshotRequested }
        if screenshotRequested || stepRequested || drag != nil { return true }
        if !tiltKeys.isEmpty || keyTilt != CGVector(dx: 0, dy: 0) { return true }
        if !overlay.contacts.dots.isEmpty { return true }
        if let p = overlay.push, p.age < 0.6 { return true }
        if userPaused { return false }
        return world.animator.isRunning || world.onFrame != nil
    }

    /// The animator's delegate calls, shown as an indicator and a log line.
    func animatorDidChange(running: Bool) {
        animatorState = running ? "running" : "paused"
        log(running ? "dynamicAnimatorWillResume" : "dynamicAnimatorDidPause")
    }
}

/// Forwards the animator's delegate calls to the app.
@MainActor
final class AnimatorDelegateBridge: DynamicAnimatorDelegate {
    weak var app: SandboxApp?

    init(app: SandboxApp) { self.app = app }

    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { app?.animatorDidChange(running: true) }

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { app?.animatorDidChange(running: false) }
}

/// Tunables of the sandbox's gestures (shown in the tuning panel).
public struct GestureSettings: Sendable {
    /// Drag attachment spring frequency, Hz; 0 = rigid. Default 0 (the item follows the cursor rigidly). Read
    /// when a drag starts.
    public var dragFrequency: Double = 0
    /// Drag attachment damping ratio. Default 1.
    public var dragDamping: Double = 1
    /// Drag attachment rest `length`, pt, 0…300. Default 0 (the grabbed point sits on the cursor). Applied to the
    /// drag in progress at once and to later drags.
    public var dragLength: Double = 0
    /// Snap damping, 0…1 (UIKit's default 0.5).
    public var snapDamping: Double = 0.5
    /// Push magnitude for a right-click 200 pt or farther away, UIKit newtons·s (nearer clicks push less).
    /// Default 2 (a 50 × 50 item gets 800 pt/s).
    public var pushMagnitude: Double = 2
    /// Push `angle`, rad, −π…π (0 = +x, π/2 = down the screen). Default 0. Each right-click sets it to the
    /// direction of the click; setting it in the panel turns the last right-click's push to that angle and fires
    /// it again.
    public var pushAngle: Double = 0
    /// Time constant of the cursor-velocity smoothing used for flings, s. Default 0.05.
    public var flingSmoothing: Double = 0.05

    /// The defaults.
    public init() {}
}

/// A drag in progress: the item, the grabbed point in the item's frame, the cursor and its smoothed velocity.
@MainActor
struct DragState {
    let item: SandboxItem
    /// Grab point relative to the center, in the item's unrotated frame, pt.
    let localOffset: CGPoint
    var cursor: CGPoint
    var velocity = CGPoint.zero
    var lastTime: Double
    /// The behaviour that pulls the item (attachment when available), if any.
    var behavior: DynamicBehavior?
}
