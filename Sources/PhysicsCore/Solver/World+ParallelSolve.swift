/// The sub-steps on several threads (`WorldSettings.workerCount`), bit for bit the same as on one.
///
/// Two kinds of work are shared out. Per-body passes (integrate velocities, load and store the solver's
/// velocities, integrate positions) touch each awake body alone, so each thread takes a contiguous part of the
/// awake bodies; consecutive per-body passes are fused, each thread running them in turn on each of its bodies
/// (the arithmetic of each body is unchanged). Contact passes (warm start, biased, relaxed) run colour by colour:
/// the bundles of one colour share no moving body, so each thread solves a contiguous part of the colour's bundles
/// and the threads meet at a barrier before the next colour, which keeps the colours' order and therefore the
/// result. Small colours in a row and the overflow colour, whose constraints may share bodies, run on the calling
/// thread alone. Inside a colour no thread reads what another writes: a bundle reads its own bodies and writes
/// only its moving bodies (or the sink slot, which is never read); each thread's bundles store their sink lanes
/// into a sink of their own, so no two threads write the same memory either.
///
/// One job of the worker pool (`WorkerPool`) runs a list of passes with barriers between them; joint and field
/// work, which stays on the calling thread, ends a job and the next passes start another.
extension World {
    /// Colours with fewer bundles than this run on the calling thread (with the small colours around them, without
    /// barriers between them): splitting them saves less than the threads' meeting costs.
    static let sharedColorMinimumBundles = 8

    /// When this step's contact solve can use more than one thread, takes the worker pool and plans the colours
    /// (`scratch.parallel.segments`); returns the threads granted, or nil to solve on this thread. The caller gives
    /// the pool back after the sub-steps.
    mutating func acquireSolverThreads() -> Int? {
        let wanted = Swift.min(Swift.max(settings.workerCount, 1), WorkerPool.maxThreads)
        guard wanted > 1, scratch.solveOrder.count >= WorldSettings.parallelContactMinimum,
            planParallelSegments()
        else { return nil }
        let threads = WorkerPool.shared.acquire(threads: wanted)
        return threads > 1 ? threads : nil
    }

    /// Splits the bundles into segments: each colour with enough bundles is one shared segment; runs of small
    /// colours and the overflow colour are serial segments. Returns whether some segment is shared.
    private mutating func planParallelSegments() -> Bool {
        scratch.parallel.segments.removeAll(keepingCapacity: true)
        let total = scratch.wideConstraints.count
        var serialStart = -1
        var start = 0
        var shared = false
        for color in 0..<scratch.colorBundleEnd.count {
            let end = Int(scratch.colorBundleEnd[color])
            if end - start >= Self.sharedColorMinimumBundles {
                if serialStart >= 0 {
                    scratch.parallel.segments.append(SolveSegment(start, start: serialStart, shared: false))
                    serialStart = -1
                }
                scratch.parallel.segments.append(SolveSegment(end, start: start, shared: true))
                shared = true
            } else if end > start && serialStart < 0 {
                serialStart = start
            }
            start = end
        }
        if start < total && serialStart < 0 { serialStart = start }
        if serialStart >= 0 { scratch.parallel.segments.append(SolveSegment(total, start: serialStart, shared: false)) }
        return shared
    }

    /// The sub-step loop of `solve` (World+Step.swift) on `threads` threads: the same passes in the same order.
    mutating func solveSubstepsInParallel(
        threads: Int, substeps n: Int, dt: Double, h: Double, invH: Double, iterations: Int, jointPasses: Int,
        jointContext: JointStepContext, jointsSolve: Bool
    ) {
        // A sink slot per thread, 4 slots (128 bytes) apart so that no two threads write the same cache line.
        let slots = bodies.count + 1 + 4 * (threads - 1)
        if scratch.solverBodies.count < slots {
            scratch.solverBodies.append(
                contentsOf: repeatElement(SolverBody(), count: slots - scratch.solverBodies.count))
        }
        scratch.parallel.passes.removeAll(keepingCapacity: true)
        scratch.parallel.steps += 1
        var remapSinks = true
        let fields = !fieldStore.order.isEmpty
        let jointWork = !forest.activeJoints.isEmpty || !forest.pinRows.isEmpty
        for sub in 0..<n {
            let first: Double? = sub == 0 ? dt : nil
            if fields {
                runPasses(threads: threads, invH: invH, remapSinks: &remapSinks)
                integrateVelocities(h: h, firstOf: first)
            } else {
                addBodyWork(.integrate, h: h, firstOf: first)
            }
            if jointWork {
                runPasses(threads: threads, invH: invH, remapSinks: &remapSinks)
                applyJointSprings(h: h)
            }
            forest.treeFactoredForVelocity = false
            if jointWork { warmStartJoints() }
            addBodyWork(.load, h: h)
            scratch.parallel.passes.append(.warmStart)
            if jointsSolve {
                addBodyWork(.store, h: h)
                runPasses(threads: threads, invH: invH, remapSinks: &remapSinks)
                for _ in 0..<jointPasses { solveJoints(jointContext, useBias: true) }
                addBodyWork(.load, h: h)
            }
            for _ in 0..<iterations { scratch.parallel.passes.append(.solve(useBias: true)) }
            addBodyWork(.storeIntegrate, h: h)
            if jointsSolve {
                runPasses(threads: threads, invH: invH, remapSinks: &remapSinks)
                for _ in 0..<jointPasses { solveJoints(jointContext, useBias: false) }
                addBodyWork(.load, h: h)
            }
            for _ in 0..<iterations { scratch.parallel.passes.append(.solve(useBias: false)) }
            addBodyWork(.store, h: h)
        }
        runPasses(threads: threads, invH: invH, remapSinks: &remapSinks)
    }

    /// Appends a per-body pass, fused with the previous pass when that is per-body work that comes before it.
    private mutating func addBodyWork(_ part: BodyWork.Part, h: Double, firstOf step: Double? = nil) {
        if case .bodies(var work) = scratch.parallel.passes.last, work.last < part {
            work.add(part, h: h, firstOf: step)
            scratch.parallel.passes[scratch.parallel.passes.count - 1] = .bodies(work)
        } else {
            var work = BodyWork()
            work.add(part, h: h, firstOf: step)
            scratch.parallel.passes.append(.bodies(work))
        }
    }

    /// Runs the passes collected so far as one job of the worker pool, then forgets them.
    private mutating func runPasses(threads: Int, invH: Double, remapSinks: inout Bool) {
        if scratch.parallel.passes.isEmpty { return }
        let gravity = settings.gravity
        let maxSpeed = settings.maxLinearSpeed
        let maxBias = Float(settings.contactPushMaxVelocity)
        let sink = Int32(bodies.count)
        let remap = remapSinks
        remapSinks = false
        bodies.withUnsafeBufferPointer { bo in
            states.withUnsafeMutableBufferPointer { st in
                scratch.constrainedThisStep.withUnsafeBufferPointer { cs in
                    scratch.awakeBodies.withUnsafeBufferPointer { aw in
                        scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                            scratch.solverVelocityStart.withUnsafeMutableBufferPointer { vs in
                                scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
                                    scratch.parallel.segments.withUnsafeBufferPointer { sg in
                                        scratch.parallel.passes.withUnsafeBufferPointer { ps in
                                            var context = ParallelSolveContext(
                                                bodies: bo.baseAddress!, states: st.baseAddress!,
                                                constrained: cs.baseAddress!, awake: aw.baseAddress,
                                                awakeCount: aw.count, solverBodies: sb.baseAddress!,
                                                velocityStart: vs.baseAddress!, constraints: ws.baseAddress!,
                                                segments: sg.baseAddress!, segmentCount: sg.count,
                                                passes: ps.baseAddress!, passCount: ps.count, threads: threads,
                                                gravity: gravity, maxSpeed: maxSpeed, invH: Float(invH),
                                                maxBias: maxBias, sink: sink, remapSinks: remap)
                                            withUnsafePointer(to: &context) { c in
                                                WorkerPool.shared.run(
                                                    threads: threads,
                                                    { raw, thread in
                                                        World.runParallelPasses(
                                                            raw.assumingMemoryBound(to: ParallelSolveContext.self),
                                                            thread)
                                                    }, UnsafeRawPointer(c))
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        scratch.parallel.passes.removeAll(keepingCapacity: true)
    }

    /// One thread's share of a job: its sink lanes (first job of a step), then each pass, with a barrier between
    /// passes and between the segments of a contact pass.
    private static func runParallelPasses(_ context: UnsafePointer<ParallelSolveContext>, _ thread: Int) {
        let c = context.pointee
        let pool = WorkerPool.shared
        if c.remapSinks && thread > 0 { remapSinks(c, thread) }
        let bodies = c.awakeCount * thread / c.threads..<c.awakeCount * (thread + 1) / c.threads
        for p in 0..<c.passCount {
            if p > 0 { pool.barrier(c.threads) }
            switch c.passes[p] {
            case .bodies(let work):
                bodyWork(c, work, bodies)
            case .warmStart:
                for s in 0..<c.segmentCount {
                    if s > 0 { pool.barrier(c.threads) }
                    let range = c.segments[s].part(thread, of: c.threads)
                    if !range.isEmpty { warmStartBundles(c.constraints, c.solverBodies, range) }
                }
            case .solve(let useBias):
                for s in 0..<c.segmentCount {
                    if s > 0 { pool.barrier(c.threads) }
                    let range = c.segments[s].part(thread, of: c.threads)
                    if range.isEmpty { continue }
                    solveBundles(
                        c.constraints, c.solverBodies, range, invH: c.invH, maxBias: c.maxBias, useBias: useBias)
                }
            }
        }
    }

    /// The fused per-body passes of `work` over awake bodies `range` (positions in `awakeBodies`).
    private static func bodyWork(_ c: ParallelSolveContext, _ work: BodyWork, _ range: Range<Int>) {
        guard let awake = c.awake else { return }
        for j in range {
            let i = Int(awake[j])
            if work.store { storeVelocity(i, c.states, c.solverBodies, c.velocityStart) }
            if work.storeIntegrate {
                storeVelocityAndIntegrate(i, c.states, c.solverBodies, c.velocityStart, h: work.h, solver: true)
            }
            if work.integrate {
                integrateVelocity(
                    i, c.bodies, c.states, c.constrained, sub: work.h, step: work.step, gravity: c.gravity,
                    maxSpeed: c.maxSpeed)
            }
            if work.load { loadVelocity(i, c.states, c.solverBodies, c.velocityStart) }
        }
    }

    /// Points the sink lanes of this thread's bundles in shared segments at the thread's own sink slot.
    private static func remapSinks(_ c: ParallelSolveContext, _ thread: Int) {
        let shared = SIMD4<Int32>(repeating: c.sink)
        let own = SIMD4<Int32>(repeating: c.sink + Int32(4 * thread))
        for s in 0..<c.segmentCount where c.segments[s].shared {
            for b in c.segments[s].part(thread, of: c.threads) {
                let w = c.constraints + b
                w.pointee.storeA.replace(with: own, where: w.pointee.storeA .== shared)
                w.pointee.storeB.replace(with: own, where: w.pointee.storeB .== shared)
            }
        }
    }
}

/// The parallel solve's plan of a step: its colour segments and the passes of the job being collected.
package struct ParallelScratch: Sendable {
    var segments: [SolveSegment] = []
    var passes: [ParallelPass] = []
    /// Steps solved on more than one thread since the world was made (a count for tests; it changes no result).
    package var steps = 0

    package init() {}
}

/// A run of bundles solved either by every thread, each a contiguous part (`shared`: one colour), or by the
/// calling thread alone (small colours in a row, the overflow colour).
struct SolveSegment: Sendable {
    var start: Int32, end: Int32
    var shared: Bool

    init(_ end: Int, start: Int, shared: Bool) {
        self.start = Int32(start)
        self.end = Int32(end)
        self.shared = shared
    }

    /// The bundles thread `t` of `threads` solves.
    @inline(__always) func part(_ t: Int, of threads: Int) -> Range<Int> {
        let s = Int(start), n = Int(end) - s
        if shared { return s + n * t / threads..<s + n * (t + 1) / threads }
        return t == 0 ? s..<Int(end) : s..<s
    }
}

/// One pass of a parallel job.
enum ParallelPass: Sendable {
    /// Fused per-body passes.
    case bodies(BodyWork)
    /// `warmStartWideContacts`.
    case warmStart
    /// `solveWideContacts`.
    case solve(useBias: Bool)
}

/// Per-body passes fused into one: for each body, the flagged parts in the order of `Part`.
struct BodyWork: Sendable {
    /// The per-body passes, in the only order in which they are fused.
    enum Part: Int, Comparable {
        case none, store, storeIntegrate, integrate, load
        static func < (a: Part, b: Part) -> Bool { a.rawValue < b.rawValue }
    }

    /// `storeSolverVelocities`.
    var store = false
    /// `storeVelocitiesAndIntegratePositions`.
    var storeIntegrate = false
    /// `integrateVelocities` (without fields).
    var integrate = false
    /// `loadSolverVelocities`.
    var load = false
    /// The sub-step, s, and the whole step for free bodies in the first sub-step (`integrateVelocities`).
    var h = 0.0
    var step: Double? = nil
    /// The last part flagged.
    var last = Part.none

    mutating func add(_ part: Part, h: Double, firstOf step: Double?) {
        switch part {
        case .none: return
        case .store: store = true
        case .storeIntegrate: storeIntegrate = true
        case .integrate:
            integrate = true
            self.step = step
        case .load: load = true
        }
        self.h = h
        last = part
    }
}

/// What every thread of a parallel job reads: the step's arrays (valid for the job) and constants.
struct ParallelSolveContext {
    let bodies: UnsafePointer<Body>
    let states: UnsafeMutablePointer<BodyState>
    let constrained: UnsafePointer<Bool>
    let awake: UnsafePointer<Int32>?
    let awakeCount: Int
    let solverBodies: UnsafeMutablePointer<SolverBody>
    let velocityStart: UnsafeMutablePointer<Lanes>
    let constraints: UnsafeMutablePointer<WideContactConstraint>
    let segments: UnsafePointer<SolveSegment>
    let segmentCount: Int
    let passes: UnsafePointer<ParallelPass>
    let passCount: Int
    let threads: Int
    let gravity: Vec2
    let maxSpeed: Double
    let invH: Float
    let maxBias: Float
    /// The shared sink slot (`bodies.count`).
    let sink: Int32
    /// Whether threads 1… first move their bundles' sink lanes to their own sink (the step's first job).
    let remapSinks: Bool
}
