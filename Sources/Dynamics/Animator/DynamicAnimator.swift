import Foundation
internal import PhysicsCore

/// Runs the physics for a set of behaviours and writes the results into their items (UIKit's
/// `UIDynamicAnimator`).
///
/// The animator owns one `PhysicsCore.World`. Every item named by a registered behaviour gets exactly one rigid
/// body (shared by all behaviours naming it; destroyed when the last one lets go, so re-adding starts at rest).
/// Nothing moves by itself: call `advance(by:)` once per display frame (the sandbox's display link and every
/// headless test do). The animator pauses itself when everything is at rest and resumes when something changes;
/// `delegate` hears both.
///
/// Coordinates are the reference coordinates (points, y down), mapped 1:1 onto the world.
@preconcurrency @MainActor
open class DynamicAnimator {
    /// Fixed world step, s: UIKit's single-precision 1/120 (0.008333333768). Being a hair longer than 1/120, two of
    /// them do not fit in a first 1/60-s frame, so — exactly as on a device — the first frame after a resume takes
    /// one world step and later 1/60-s frames take two.
    public static let worldStepInterval: TimeInterval = Double(Float(1) / Float(120))
    /// The longest frame the animator simulates, s: 0.5, UIKit's value (spec §3.2, tick). A longer display interval
    /// counts as 1/60 s (`frameInterval(forDisplayInterval:)`): a hitch slows the motion down instead of making it
    /// jump. The one frame-time cap of the project: the sandbox's clock hands the animator every display period
    /// that passed, as a display link does, and leaves the cap to this rule.
    nonisolated public static let maximumFrameInterval: TimeInterval = 0.5

    /// UIKit's rule for a long frame: the time a display interval of `dt` seconds advances the simulation, s. `dt`
    /// itself up to `maximumFrameInterval`, 1/60 beyond (a hitch). `advance(by:)` applies it; a caller that
    /// scales time (a slow-motion control) applies it to the display interval before scaling, as UIKit applies its
    /// speed after the cap.
    nonisolated public static func frameInterval(forDisplayInterval dt: TimeInterval) -> TimeInterval {
        dt > maximumFrameInterval ? 1.0 / 60.0 : dt
    }
    /// Solver sub-steps per world step by default: 3 (`solverSettings`, a SwiftDynamics extension, changes it per
    /// animator).
    public static let substepsPerWorldStep = SolverSettings.uikitSubstepsPerWorldStep
    /// Collision groups per animator (each registered collision behaviour takes one).
    public static let collisionGroupCount = 32
    /// Margin around each item's box used by `items(in:)`, pt (Box2D's fat-box margin in UIKit: 0.1 m).
    public static let itemQueryMargin: Double = 10

    // MARK: Public state

    /// The reference rectangle (the reference view's bounds), reference coordinates, pt; `CGRect.null` when the
    /// animator was made with `init()`. Collision behaviours with `translatesReferenceBoundsIntoBoundary` build
    /// their loop from it (inset, then outset by 1 pt) and rebuild it when it changes. A change of its **size** is a
    /// resize of the reference view: as in UIKit it wakes every item and resumes a paused animator, so items resting
    /// on the old loop move to the new one; a change of the origin alone (scrolling) only moves the loop, as UIKit's
    /// resize notification fires only when the size changes. A non-finite rectangle is refused (diagnostic).
    public var referenceBounds: CGRect {
        get { storedReferenceBounds }
        set {
            guard newValue.isNull || newValue.isFiniteRect else {
                DynamicsDiagnostics.report(
                    .invalidRect,
                    "reference bounds \(newValue) are not finite; they stay "
                        + "\(storedReferenceBounds)")
                return
            }
            guard newValue != storedReferenceBounds else { return }
            let resized = newValue.isNull != storedReferenceBounds.isNull || newValue.size != storedReferenceBounds.size
            storedReferenceBounds = newValue
            for b in traversal() {
                guard let c = b as? CollisionBehavior, c.translatesReferenceBoundsIntoBoundary else { continue }
                c.rebuildReferenceLoop(in: self)
            }
            guard resized else { return }
            wake(records.map(\.item))
            tickle()
        }
    }

    /// The top-level behaviours, in the order they were added (children are not listed). Default empty.
    public internal(set) var behaviors: [DynamicBehavior] = []

    /// Pixels per point of the screen the items are drawn on (UIKit: the screen's `scale`), > 0 and finite. Views,
    /// groups and other `PixelAlignedDynamicItem`s are written back on this pixel grid. Default 2 (a Retina
    /// screen); set it to your target's scale (3 on most current iPhones). A value that is not finite and > 0 is
    /// refused (diagnostic).
    public var displayScale: CGFloat {
        get { storedDisplayScale }
        set {
            guard newValue.isFinite, newValue > 0 else {
                DynamicsDiagnostics.report(
                    .invalidValue,
                    "displayScale \(newValue) must be finite and > 0; it stays "
                        + "\(storedDisplayScale)")
                return
            }
            storedDisplayScale = newValue
        }
    }

    /// Told when the animator resumes and pauses. Weak. Default nil.
    public weak var delegate: (any DynamicAnimatorDelegate)?

    /// True from the moment something starts the animator until the step in which it pauses. `advance(by:)` does
    /// nothing while false. Default false.
    public internal(set) var isRunning = false

    /// Sum of the frame intervals of every step taken (after the 0.5-s clamp), s; not reset on pause. Default 0.
    public internal(set) var elapsedTime: TimeInterval = 0

    // MARK: Internal state

    /// The physics world (y down, points).
    var world: World
    private var storedReferenceBounds: CGRect
    private var storedDisplayScale: CGFloat = 2

    /// Item records in creation order, and by item identity.
    var records: [ItemRecord] = []
    var recordIndex: [ObjectIdentifier: ItemRecord] = [:]
    var nextSerial: UInt64 = 1

    /// Owners of live shapes, and of shapes destroyed recently (their end events arrive with the next world step),
    /// with the tick in which they were destroyed.
    var shapeOwners: [ShapeID: ShapeOwner] = [:]
    var retiredShapeOwners: [ShapeID: (owner: ShapeOwner, tick: Int)] = [:]
    /// Shape pairs touching at the end of the last step (for netting the contact events of a step).
    var touchingPairs = Set<ShapePair>()

    /// Every registered behaviour (top level and children).
    var registered = Set<ObjectIdentifier>()
    /// Registered gravity behaviours (for the multiple-gravity diagnostic).
    var registeredGravityCount = 0
    /// Collision groups in use.
    var collisionGroupsInUse = [Bool](repeating: false, count: DynamicAnimator.collisionGroupCount)
    /// Some item-behaviour property changed: re-apply all of them at the start of the next step.
    var itemPropertiesNeedUpdate = false

    /// True from the first world step of an animator step until its queued changes are applied.
    var isInStep = false
    /// Additions and removals requested inside a step.
    var queuedAdditions: [DynamicBehavior] = []
    var queuedRemovals: [DynamicBehavior] = []

    /// Animator steps taken.
    var ticks = 0
    /// Unspent frame time, s (< one world step).
    var accumulator: TimeInterval = 0
    /// Forces queued by behaviours for the current animator step, re-applied before every world step of it.
    var stepForces: [(body: BodyID, force: Vec2, point: Vec2)] = []
    /// Attachments whose anchor body moves to a new `anchorPoint` over the next frame's world steps
    /// (`AttachmentBehavior.moveAnchorBody`, `startAnchorMove`); stopped after them (`finishAnchorMove`).
    var movingAnchors: [AttachmentBehavior] = []
    /// Called at the end of every animator step that ran, after the queued changes (UIKitDynamics' collection-view
    /// mode invalidates its layout here, spec §3.9). Default nil.
    package var stepDidFinish: (@MainActor () -> Void)?

    // MARK: Creating

    /// An animator whose reference system is a rectangle (a view's bounds), pt. A non-finite rectangle is
    /// refused (diagnostic) and the animator has no reference bounds.
    public init(referenceBounds: CGRect) {
        var settings = WorldSettings()
        settings.substepCount = Self.substepsPerWorldStep
        world = World(settings: settings)
        if referenceBounds.isNull || referenceBounds.isFiniteRect {
            storedReferenceBounds = referenceBounds
        } else {
            storedReferenceBounds = .null
            DynamicsDiagnostics.report(
                .invalidRect,
                "reference bounds \(referenceBounds) are not finite; the "
                    + "animator has no reference bounds")
        }
    }

    /// An animator on an abstract plane with no reference bounds (`referenceBounds` is `CGRect.null`):
    /// `translatesReferenceBoundsIntoBoundary` has nothing to use; explicit boundaries work.
    public convenience init() {
        self.init(referenceBounds: .null)
    }

    // MARK: Running and pausing

    /// Starts a paused animator that has at least one body ("tickle"): calls `dynamicAnimatorWillResume`.
    func tickle() {
        guard !isRunning, records.contains(where: { $0.body != nil }) else { return }
        isRunning = true
        accumulator = 0
        delegate?.dynamicAnimatorWillResume(self)
    }

    /// Stops the animator: calls `dynamicAnimatorDidPause`.
    func pause() {
        guard isRunning else { return }
        isRunning = false
        delegate?.dynamicAnimatorDidPause(self)
    }

    /// Every registered behaviour, depth-first: top level in add order, each followed by its children.
    func traversal() -> [DynamicBehavior] {
        var out: [DynamicBehavior] = []
        func visit(_ b: DynamicBehavior) {
            guard registered.contains(ObjectIdentifier(b)) else { return }
            out.append(b)
            for c in b.childBehaviors { visit(c) }
        }
        for b in behaviors { visit(b) }
        return out
    }

    /// Takes a free collision group, or nil when all are in use.
    func allocateCollisionGroup() -> Int? {
        guard let g = collisionGroupsInUse.firstIndex(of: false) else { return nil }
        collisionGroupsInUse[g] = true
        return g
    }

    /// Returns a collision group.
    func freeCollisionGroup(_ g: Int) {
        collisionGroupsInUse[g] = false
    }

    /// Queues a force for the current animator step: it acts in every world step of the step, then is dropped
    /// (UIKit keeps pre-solver forces for all sub-steps). For behaviours' `prepareForStep(in:)`.
    func applyForceForThisStep(_ force: Vec2, at point: Vec2, to body: BodyID) {
        guard force.isFinite, point.isFinite else { return }
        stepForces.append((body, force, point))
    }
}
