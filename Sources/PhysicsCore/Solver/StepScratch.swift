/// Arrays a step fills and empties again: the contact solver's bundles and single-precision bodies, the solve order
/// and its colours, the bodies stepped and swept, the sleep pass's union-find. Nothing in it is read between steps
/// except what only saves work: the last order and its input (kept while the input repeats) and the preparation's
/// stamps (a step with an empty scratch gives the same result). Kept out of
/// the world's persistent state (bodies, shapes, contacts, joints) so that the two are not confused; its capacity
/// is kept from step to step, so stepping allocates nothing once warm.
package struct StepScratch: Sendable {
    /// This step's contact constraints in bundles of four, solved by the wide solver (Solver/).
    package var wideConstraints: [WideContactConstraint] = []
    /// By body index: the body has a contact or a joint to solve this step (World+Step.swift). All false between
    /// steps.
    package var constrainedThisStep: [Bool] = []
    /// Single-precision working copies of the bodies for the contact solver, by body index, and each awake body's
    /// velocity when it was last loaded (Solver/WideBodies.swift).
    package var solverBodies: [SolverBody] = []
    package var solverVelocityStart: [Lanes] = []
    /// The single-precision sub-steps' bodies (the awake bodies the contact solver touches) and their per-sub-step
    /// velocity change, by position in the list (Solver/SinglePrecisionSubsteps.swift).
    package var substepBodies: [Int32] = []
    package var substepRates: [SubstepRate] = []
    /// Where the kinematic bodies begin in `substepBodies` (they follow the dynamic ones).
    package var substepKinematicStart = 0
    /// The kinematic bodies of `substepBodies` while the runs of the awake list are joined.
    package var substepKinematic: [Int32] = []
    /// Steps that took the single-precision sub-steps since the world was made (a count for tests).
    package var singlePrecisionSteps = 0
    /// Awake dynamic and kinematic bodies, rebuilt every step.
    package var awakeBodies: [Int32] = []
    /// Sleep islands (World+Sleep.swift).
    package var unionParent: [Int32] = []
    package var islandMinSleep: [Double] = []
    package var islandCanSleep: [Bool] = []
    /// Bodies swept by continuous collision this step, and the static shapes found near one of them.
    package var fastBodies: [Int32] = []
    package var ccdCandidates: [Int32] = []
    /// Contacts whose begin event is emitted this step.
    package var pendingBegins: [Int32] = []
    /// The contacts that may begin touching in this step's solve or have begun in its narrow phase, in contact order
    /// (the narrow phase lists them; `emitBeginEvents` looks at these alone unless `fullBeginScan`).
    package var beginCandidates: [Int32] = []
    /// What the narrow phase found for the retirement of this step's parted pairs (`World.retireContacts`).
    package var retirement = World.Retirement()
    /// The records the parallel compaction keeps aside while the threads move the others
    /// (Parallel/World+ParallelRetire.swift).
    package var compactionContacts: [Contact] = []
    package var compactionCaches: [ManifoldCache] = []
    /// This step woke an island after its narrow phase: the woken contacts, solved without a narrow-phase update,
    /// are not in `beginCandidates`, so `emitBeginEvents` scans every contact.
    package var fullBeginScan = false
    /// The narrow phase's count of touching and settling contacts (`World.settlingPasses`).
    package var touches = World.TouchCounts()
    /// The solve and relax passes per sub-step of the last step's contact solve (`World.settlingPasses`).
    package var lastContactPasses = 0
    /// Steps that took the settling passes since the world was made (a count for tests and the bench).
    package var settlingSteps = 0
    /// A contact that began touching in the last step without being a candidate (`World.validate` reports it).
    package var missedBegin: Int32?
    /// Working arrays of the ground-up ordering, one buffer cut into segments (ContactOrdering.swift).
    package var orderWork: [Int32] = []
    /// Contacts to solve this step, ground-up.
    package var solveOrder: [Int32] = []
    /// The layers of the last order computed (kept with it): the threads' shares (ContactOrdering.swift).
    package var layers = OrderLayers()
    /// By body, after one slot for the side of a contact that does not move: the colours taken by its constraints so
    /// far (all zero between steps).
    package var colorMask: [UInt64] = []
    package var colorStart: [Int32] = []
    /// The parallel solve's plan of a step (World+ParallelSolve.swift).
    package var parallel = ParallelScratch()
    /// By colour: where its one-point manifolds begin in `solveOrder` (each colour is split, two-point manifolds
    /// first, when the bundles are dealt; ContactPrepare.swift).
    package var twoPointEnd: [Int32] = []
    /// By body: what the contact preparation reads of it this step, and the step (`prepareEpoch`) it was last
    /// gathered in; only the records of bodies with a contact to solve are current (ContactPrepare.swift).
    package var prepareBodies: [PrepareBody] = []
    package var prepareStamp: [UInt32] = []
    package var prepareEpoch: UInt32 = 0
    /// The ordering's input, this step's and the one its last computation used (ContactOrdering.swift): the
    /// contacts to solve and their moving bodies. While the input repeats, `solveOrder` and `colorStart` are kept.
    package var orderInput: [Int32] = []
    package var orderMoving: [SIMD2<Int32>] = []
    package var orderInputBefore: [Int32] = []
    package var orderMovingBefore: [SIMD2<Int32>] = []
    /// By body, written at the start of the ordering's pass: whether it is awake and whether it is dynamic
    /// (`World.BodyMotion`), one byte each, so that the pass reads 4 KB for 4000 bodies instead of a line of each
    /// body's record per contact side (ContactOrdering.swift).
    package var bodyMotion: [UInt8] = []

    package init() {}
}
