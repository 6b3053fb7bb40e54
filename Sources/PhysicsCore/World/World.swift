/// A 2-D rigid-body world: bodies with convex shapes, contacts solved by a sub-stepped soft solver, sleeping
/// islands and continuous collision against static geometry. Units: points, seconds, mass = density × area.
///
/// `World` is a value: copying it snapshots the whole simulation. Step it with `step(dt:)` at a fixed dt; the same
/// sequence of calls gives bit-identical results.
public struct World: Sendable {
    /// Solver and sleep tuning; may be changed between steps. A change of `gravity` to another non-zero vector
    /// wakes the sleeping bodies that feel gravity (`gravityScale` ≠ 0), which it would move; turning
    /// `enableSleep` off wakes every sleeping body (`World+Wake.swift`).
    public var settings: WorldSettings {
        didSet { settingsDidChange(from: oldValue) }
    }

    package var bodies: [Body] = []
    package var states: [BodyState] = []
    package var freeBodies: [Int32] = []
    /// The most bodies this world holds at once: `maximumBodyCount`, lowered by tests to reach the limit cheaply
    /// (never above `maximumBodyCount`).
    package var bodyLimit = World.maximumBodyCount {
        didSet { bodyLimit = Swift.min(bodyLimit, World.maximumBodyCount) }
    }
    package var shapes: [Shape] = []
    package var freeShapes: [Int32] = []
    /// Polygon vertices and outward edge normals of every polygon shape (body frame).
    package var vertexPool: [Vec2] = []
    package var normalPool: [Vec2] = []

    package var staticTree = DynamicTree()
    package var movingTree = DynamicTree()
    /// Shapes whose fattened bounds were enlarged and need new pairs.
    package var moveBuffer: [Int32] = []
    /// Per shape: its new pairs were already looked for in the current `updatePairs` (scratch, all false between).
    package var pairsQueried: [Bool] = []
    package var pairSet = PairSet()
    package var contacts: [Contact] = []
    /// Each contact's last computed manifold in its body A's frame (ManifoldCache.swift), parallel to `contacts`:
    /// kept apart so the contact records the solver reads stay small.
    package var manifoldCaches: [ManifoldCache] = []
    package var joints: [Joint] = []
    package var freeJoints: [Int32] = []
    /// Bumped by every joint parameter change that can change a joint's regime (tree-eligible or not).
    package var jointParameterVersion: UInt64 = 0
    /// The joints' solver data: active joints, the exact forest and its cache, the Gauss–Seidel rows.
    package var forest = JointForest()
    /// Arrays a step fills and empties again (Solver/StepScratch.swift).
    package var scratch = StepScratch()
    /// Members of each sleeping island; empty slots are reused.
    package var sleepingIslands: [[Int32]] = []
    package var freeIslands: [Int32] = []

    /// How the world has used its threads (`WorldSettings.adaptiveWorkers`): the steps run on them and alone, and
    /// the last choice. Copies of a world carry it along; it changes no result.
    public package(set) var threadUse = ThreadUseTuner()
    /// The thread count of the step under way when the tuner keeps it on the calling thread (1); nil: the settings'.
    package var workerOverride: Int?

    /// Events of the last step.
    public package(set) var beginEvents: [ContactBeginEvent] = []
    public package(set) var endEvents: [ContactEndEvent] = []
    package var pendingEndEvents: [ContactEndEvent] = []
    /// Force fields and the clock of their noise (Fields/).
    package var fieldStore = FieldStore()

    /// Problems found by the last validation pass (empty when everything holds).
    public package(set) var validationProblems: [String] = []
    /// Steps whose validation pass found a problem since the world was created.
    public package(set) var validationFailures: Int = 0

    /// Mass recomputations since the world was created (one per body change, not per shape; tests count them).
    package var massUpdateCount: Int = 0

    /// Steps taken.
    public package(set) var stepCount: Int = 0
    /// Bodies put back at rest because a step left them non-finite or absurd (beyond 1e9 pt or 1e9 pt/s), since the
    /// world was made (`World+Recovery.swift`). The animator reports each new one as a diagnostic.
    public package(set) var blownUpRecoveries: Int = 0
    /// Simulated time, s.
    public package(set) var time: Double = 0

    // Collision scratch reused every step (broad phase, queries, narrow phase) so that stepping allocates nothing
    // once warm; the solver's is in `scratch`.
    package var queryStack: [Int32] = []
    package var queryResults: [Int32] = []
    package var deepBodies: [Int32] = []
    /// Bodies whose velocity was set from outside the step since the last one (set, impulse, teleport, a shape
    /// created on a moving body): their fattened boxes were swept for the old velocity, so the next step sweeps them
    /// for the new one before it looks for pairs (`sweepBodiesGivenVelocity`). May hold duplicates.
    package var velocityChanged: [Int32] = []
    /// Where the steps spend their time, when profiled (off by default; `StepProfile`).
    package var stepProfile = StepProfile()

    /// An empty world.
    public init(settings: WorldSettings = WorldSettings()) {
        self.settings = settings
    }

    /// World gravity, pt/s². Shortcut for `settings.gravity` (a change wakes the sleeping bodies it would move; a
    /// non-finite vector is refused and the gravity kept).
    public var gravity: Vec2 {
        get { settings.gravity }
        set { if newValue.isFinite { settings.gravity = newValue } }
    }

    /// Number of live bodies.
    public var bodyCount: Int { bodies.count - freeBodies.count }
    /// Number of live joints.
    public var jointCount: Int { joints.count - freeJoints.count }
    /// Number of live shapes.
    public var shapeCount: Int { shapes.count - freeShapes.count }
    /// Tracked contacts (pairs whose fattened bounds overlap).
    public var contactCount: Int { contacts.count }
    /// Contacts that touch now, and their manifold points.
    public var touchingContactStats: (pairs: Int, points: Int) {
        var pairs = 0, points = 0
        for c in contacts where c.isTouching && c.isSolid {
            pairs += 1
            points += c.manifold.pointCount
        }
        return (pairs, points)
    }
    /// Awake dynamic bodies.
    public var awakeDynamicBodyCount: Int {
        var n = 0
        for b in bodies where b.isAlive && b.type == .dynamic && b.isAwake { n += 1 }
        return n
    }
    /// True when some dynamic or moving kinematic body is awake.
    public var hasAwakeBodies: Bool {
        for b in bodies where b.isAlive && b.type != .static && b.isAwake { return true }
        return false
    }

    @inline(__always) package func isValid(_ id: BodyID) -> Bool {
        id.index >= 0 && Int(id.index) < bodies.count && bodies[Int(id.index)].isAlive
            && bodies[Int(id.index)].generation == id.generation
    }

    @inline(__always) package func isValid(_ id: ShapeID) -> Bool {
        id.index >= 0 && Int(id.index) < shapes.count && shapes[Int(id.index)].isAlive
            && shapes[Int(id.index)].generation == id.generation
    }

    @inline(__always) package func isValid(_ id: JointID) -> Bool {
        id.index >= 0 && Int(id.index) < joints.count && joints[Int(id.index)].isAlive
            && joints[Int(id.index)].generation == id.generation
    }

    package func bodyID(_ index: Int32) -> BodyID { BodyID(index: index, generation: bodies[Int(index)].generation) }
    package func shapeID(_ index: Int32) -> ShapeID { ShapeID(index: index, generation: shapes[Int(index)].generation) }

    /// A stand-alone view of one shape for queries outside a step (copies nothing; pointers valid inside `body`).
    package func withView<R>(of shape: Int32, _ body: (ConvexView) -> R) -> R {
        vertexPool.withUnsafeBufferPointer { v in
            normalPool.withUnsafeBufferPointer { n in
                body(World.view(shapes[Int(shape)], v.baseAddress, n.baseAddress))
            }
        }
    }

    package mutating func clearEvents() {
        beginEvents.removeAll(keepingCapacity: true)
        endEvents.removeAll(keepingCapacity: true)
        endEvents.append(contentsOf: pendingEndEvents)
        pendingEndEvents.removeAll(keepingCapacity: true)
    }

}
