/// Tuning of the solver and of sleeping. Units are points, seconds and radians.
public struct WorldSettings: Sendable, Hashable {
    /// Gravity applied to bodies with a non-zero gravity scale, pt/s². Default (0, 0).
    public var gravity: Vec2 = .zero
    /// Solver sub-steps per `step(dt:)`, 1…16. Default 2: at a 1/120-s step (UIKit's) a 240 Hz sub-step rate, at
    /// 1/60 s step with 4 for the same. Fewer sub-steps are faster and softer: contacts and joints are capped at a
    /// quarter of the sub-step rate (`contactHertz`), so a 40-box pyramid sags 4.7 pt at 240 Hz and 3 pt at 360 Hz.
    /// Dynamics' animator takes 3 per 1/120-s step, what reproducing UIKit's measured motion needs.
    public var substepCount: Int = 2
    /// Solve and relax passes per sub-step, 1…8. Default 1.
    public var solverIterations: Int = 1
    /// Solve and relax passes per sub-step while contacts settle: in a step where more than half of the touching
    /// contacts began touching within `settlingTime`, 1…8 (values outside are clamped; at or below
    /// `solverIterations` it changes nothing). Default 3. A stack or pile formed at once needs many passes before the
    /// warm start carries its load: with one, a 40-box pyramid dropped at nearly free fall in its first frames,
    /// then rocked for seconds before it could sleep; with 3 while it settles, it sleeps within 1.1 s.
    public var settlingIterations: Int = 3
    /// How long a contact counts as settling after it begins touching, s (`settlingIterations`). Default 1. Zero,
    /// negative or not finite: no contact settles.
    public var settlingTime: Double = 1
    /// Stiffness of contacts, Hz; capped at a quarter of the sub-step rate for stability (60 Hz at the default 240 Hz
    /// sub-steps). Default 75, reached from 300 Hz sub-steps (Dynamics' animator: 360 Hz): a 40-box-high pyramid
    /// sags about 3 pt there, 4.7 pt at 60 Hz.
    public var contactHertz: Double = 75
    /// Stiffness of contacts against static or kinematic bodies, as a multiple of `contactHertz`. Default 2. Capped,
    /// like `contactHertz`, at a quarter of the sub-step rate (60 Hz at the default 240 Hz sub-steps, 90 Hz at 360 Hz):
    /// stiffer, a box resting off-centre on another box rocked at 15 Hz for ever and crept.
    public var staticContactHertzScale: Double = 2
    /// Damping ratio of contacts (≫ 1: overdamped, no bounce from the soft constraint itself). Default 10.
    public var contactDampingRatio: Double = 10
    /// Fastest speed at which overlap is pushed out, pt/s. Default 300 (3 m/s at 100 pt/m).
    public var contactPushMaxVelocity: Double = 300
    /// Stiffness of rigid joints while drift is corrected, as a multiple of the (capped) contact hertz. Default 2.
    public var jointHertzScale: Double = 2
    /// Damping ratio of rigid joints' drift correction. Default 2.
    public var jointDampingRatio: Double = 2
    /// Extra joint-only solve passes per sub-step (chains stay stiff for little cost). Default 0, 0…8.
    public var extraJointIterations: Int = 0
    /// Position-projection passes over rigid joints after the sub-steps, 0…8. Default 3 (tree-shaped joint
    /// groups are projected exactly by Newton iterations; loops by Gauss–Seidel passes).
    public var jointProjectionIterations: Int = 3
    /// Solve the velocities of tree-shaped rigid joints exactly (a direct O(n) solve per sub-step) instead of by
    /// Gauss–Seidel. Stiffer (a whipping 50-link chain stays within 0.05 pt) but about 40 % dearer on chains.
    /// Default false.
    public var exactJointVelocities: Bool = false
    /// Joint error left alone by the projection, pt. Default 0.01.
    public var jointProjectionTolerance: Double = 0.01
    /// Speed at which joints correct drift at most, pt/s. Default 1000.
    public var jointPushMaxVelocity: Double = 1000
    /// Approach speeds below this bounce with no restitution, pt/s. Default 100 (UIKit's 1 m/s).
    public var restitutionThreshold: Double = 100
    /// Allowed overlap and touching tolerance, pt. Default 0.5.
    public var linearSlop: Double = 0.5
    /// Margin added around shape bounds in the broad phase, pt. Default 10 (Box2D's 0.1 m at 100 pt/m). A body
    /// predicted to move more than half its margin in the next step gets only 4 × `linearSlop` (plus its rotation's
    /// reach): it would leave its box within a step or two anyway, and the margin would only pair it with more
    /// neighbours.
    public var aabbMargin: Double = 10
    /// Cap on a moving shape's broad-phase margin, as a multiple of half the larger side of its bounds, ≥ 0.
    /// Default 0.5: shapes of 40 pt and more keep the whole `aabbMargin`, a 10-pt ball gets 2.5 pt, so a crowd of
    /// small items is not paired with every neighbour within a ball's width (2000 piled 10-pt balls: about 4×
    /// fewer tracked pairs). Non-finite or negative: no cap.
    public var aabbMarginExtentScale: Double = 0.5
    /// How many steps of its current motion a moving shape's fattened box reaches ahead when it is re-inserted in
    /// the broad phase, 1…16. Default 1. Box2D 2.4 uses 4 (`b2_aabbMultiplier`), which re-inserts a falling item
    /// every few steps instead of every step (−25 % of the broad-phase work while 2000 balls fall), but pairs made
    /// that early change how a fast ball meets the floor (the README example's ball then stops > 1 pt short of it):
    /// off until that is understood. Non-finite values mean 1.
    public var aabbDisplacementMultiplier: Double = 1
    /// Whether bodies may fall asleep. Default true.
    public var enableSleep: Bool = true
    /// A body slower than this may sleep, pt/s. Default 1 (UIKit: 0.01 m/s).
    public var sleepLinearThreshold: Double = 1
    /// A body turning slower than this may sleep, rad/s. Default 2°/s. A body whose surface turns slower than
    /// `sleepLinearThreshold` (angular speed × its largest extent) may sleep too, however fast that is in degrees:
    /// a 10-pt ball rolling at 0.3 pt/s turns at 3.4°/s.
    public var sleepAngularThreshold: Double = 2 * Double.pi / 180
    /// Time a whole island must stay under the thresholds before it sleeps, s. Default 0.5.
    public var timeToSleep: Double = 0.5
    /// Whether fast bodies are swept against static geometry so they never tunnel. Default true.
    public var enableContinuous: Bool = true
    /// Speed limit for any body, pt/s, applied where gravity, forces and fields change the velocity (a faster
    /// velocity is scaled down to it). Default 24 000: Box2D's `b2_maxTranslation` (2 m = 200 pt per UIKit's
    /// 1/120-s world step), which UIKit's motion shows (spec §3.2). Continuous collision still keeps bodies below
    /// it from tunnelling.
    public var maxLinearSpeed: Double = 24_000
    /// Run the invariant checks after every step and keep the problems in `World.validationProblems`.
    /// Default true in debug builds, false in release builds (tests switch it on).
    public var validateEachStep: Bool = _isDebugAssertConfiguration()
    /// Threads that step the world, the calling thread included, 1…16 (`WorldSettings.workerCountRange`; values
    /// outside it are clamped). Default 1: the calling thread alone. With more, each colour of the contact solver
    /// and the per-body passes of the sub-steps are shared out between the threads; the results are bit for bit
    /// those of one thread, whatever the count. Scenes with fewer than `parallelContactMinimum` contacts to solve
    /// run on one thread (the threads would spend more time waiting for each other than working), and so does a
    /// world whose step finds the process's worker threads busy with another world's step. More threads than
    /// processor cores make steps slower, not faster.
    public var workerCount: Int = 1
    /// Whether a world with `workerCount` above 1 times its steps with the threads and alone and uses the threads
    /// only while they make its steps faster on this machine (Parallel/ThreadUseTuner.swift; measured again every
    /// 2 to 32 s of steps, when the scene grows or shrinks against the choice, and when its threaded steps turn
    /// slower than its lone ones were; `World.threadUse` tells what it chose). Default true.
    /// The results are bit for bit the same either way. False: every step with enough work uses the threads (what
    /// `make bench-threads` measures).
    public var adaptiveWorkers = true
    /// Whether steps with contacts and no joints take the single-precision sub-steps
    /// (Solver/SinglePrecisionSubsteps.swift). Default true; tests switch it off to compare with the general path.
    package var singlePrecisionSubsteps = true

    /// Accepted `workerCount` values: 1…16.
    public static let workerCountRange: ClosedRange<Int> = 1...16
    /// Fewest contacts to solve in a step for it to use more than one thread: 256.
    public static let parallelContactMinimum = 256

    /// The defaults.
    public init() {}
}
