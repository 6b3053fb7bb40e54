/// Where a world's steps spend their time, phase by phase, on the thread that steps it (`dynamics-bench --profile`).
///
/// Off by default: each phase's end then costs one test of `enabled`. On, it costs a clock read (tens of
/// nanoseconds, about fifteen a step). The phases with threads (the narrow phase, the ordering pass, the preparation,
/// the sub-steps, the bodies' finalize) include the time the calling thread waited for the others; what each worker
/// thread did is `WorkerPool.threadTimes`. Profiling changes no result.
package struct StepProfile: Sendable {
    /// The phases of `World.step`, in step order.
    package enum Phase: Int, CaseIterable, Sendable {
        /// Broad phase: the moved proxies' new pairs, new contacts.
        case pairs
        /// Each contact's manifold updated.
        case narrowPhase
        /// Parted pairs retired, end events, struck sleepers woken.
        case retireAndWake
        /// The awake bodies listed.
        case awakeList
        /// The ordering's pass over the contacts (the contacts to solve, their bodies gathered).
        case orderingPass
        /// The ground-up layers and the colours (with threads: the first fit on the calling thread, the rest shared).
        case layersAndColors
        /// The bundles prepared.
        case preparation
        /// Joints prepared, the constrained bodies marked (on the calling thread).
        case constraintMarks
        /// The sub-steps' bodies listed, sorted and placed (with threads: on the calling thread, but the listing).
        case substepSetup
        /// The sub-steps, restitution and the impulses' store.
        case substeps
        /// Each awake body's pose, sleep timer, continuous sweep and boxes.
        case finalizeBodies
        /// The broad-phase trees updated with the moved boxes (on the calling thread, but the rebuilds). On one
        /// thread each body's boxes go into the trees with its finalize: this phase is then the refit or rebuild.
        case treeUpdates
        /// Begin events.
        case events
        /// Islands put to sleep.
        case sleep

        /// A short name for tables.
        package var name: String {
            switch self {
            case .pairs: "pairs"
            case .narrowPhase: "narrow phase"
            case .retireAndWake: "retire, wake"
            case .awakeList: "awake list"
            case .orderingPass: "ordering pass"
            case .layersAndColors: "layers, colours"
            case .preparation: "preparation"
            case .constraintMarks: "constraint marks"
            case .substepSetup: "sub-step set-up"
            case .substeps: "sub-steps"
            case .finalizeBodies: "finalize bodies"
            case .treeUpdates: "tree updates"
            case .events: "events"
            case .sleep: "sleep"
            }
        }
    }

    /// Whether steps are timed (default false).
    package var enabled = false
    /// Nanoseconds spent in each phase (by `Phase.rawValue`) since the last `reset`.
    package private(set) var nanoseconds = [UInt64](repeating: 0, count: Phase.allCases.count)
    /// Of `nanoseconds`, the time the calling thread spent in the worker pool's shared stages, working or waiting
    /// for the others (`WorkerPool.threadTimes`, counted only while the pool times its threads): the rest of a
    /// phase is the calling thread's alone, which the other threads wait through.
    package private(set) var inStages = [UInt64](repeating: 0, count: Phase.allCases.count)
    /// Steps timed since the last `reset`.
    package private(set) var steps = 0
    /// By phase (`Phase.rawValue`), then by thread (0: the caller, up to `WorkerPool.maxThreads`): what each thread
    /// did in the shared stages of that phase while the pool timed them (`WorkerPool.threadTimes`), ns. A phase whose
    /// threads' busy time adds up to more than the phase takes on one thread lost it to the threads' exchanges of
    /// cache lines; their waiting is time lost to imbalance.
    package private(set) var threadBusy = Self.zeroRows()
    /// Like `threadBusy`, the nanoseconds each thread waited for the others in the phase's shared stages.
    package private(set) var threadWaiting = Self.zeroRows()
    /// The clock at the end of the last phase timed.
    private var last: UInt64 = 0
    /// Every thread's `WorkerPool.threadTimes` at the end of the last phase timed.
    private var lastThreadTimes = [ThreadTime](repeating: ThreadTime(), count: WorkerPool.maxThreads)

    package init() {}

    /// Forgets the times so far (the setting `enabled` is kept).
    package mutating func reset() {
        nanoseconds = [UInt64](repeating: 0, count: Phase.allCases.count)
        inStages = [UInt64](repeating: 0, count: Phase.allCases.count)
        threadBusy = Self.zeroRows()
        threadWaiting = Self.zeroRows()
        steps = 0
    }

    /// A row of zeros per phase, a column per thread.
    private static func zeroRows() -> [[UInt64]] {
        [[UInt64]](
            repeating: [UInt64](repeating: 0, count: WorkerPool.maxThreads), count: Phase.allCases.count)
    }

    /// Every thread's stage times so far (`WorkerPool.threadTimes`).
    private static func readThreadTimes(into times: inout [ThreadTime]) {
        for t in times.indices { times[t] = WorkerPool.shared.threadTimes(t) }
    }

    /// Starts a step's clock.
    mutating func start() {
        last = WorkerPool.monotonicNanoseconds()
        Self.readThreadTimes(into: &lastThreadTimes)
        steps += 1
    }

    /// Ends `phase`: the time since the last mark (or the step's start) is its.
    mutating func mark(_ phase: Phase) {
        let t = WorkerPool.monotonicNanoseconds()
        nanoseconds[phase.rawValue] &+= t &- last
        last = t
        for t in lastThreadTimes.indices {
            let now = WorkerPool.shared.threadTimes(t)
            let busy = now.busyNanoseconds &- lastThreadTimes[t].busyNanoseconds
            let waiting = now.waitNanoseconds &- lastThreadTimes[t].waitNanoseconds
            threadBusy[phase.rawValue][t] &+= busy
            threadWaiting[phase.rawValue][t] &+= waiting
            // The calling thread's time in the phase's shared stages, working or waiting.
            if t == 0 { inStages[phase.rawValue] &+= busy &+ waiting }
            lastThreadTimes[t] = now
        }
    }
}

extension World {
    /// Ends profile phase `phase` when steps are profiled (`StepProfile`); a test of one flag otherwise.
    @inline(__always) mutating func profileMark(_ phase: StepProfile.Phase) {
        if _slowPath(stepProfile.enabled) { stepProfile.mark(phase) }
    }
}
