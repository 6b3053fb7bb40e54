/// The sub-steps on several threads (`WorldSettings.workerCount`), bit for bit the same as on one.
///
/// Two kinds of work are shared out. Per-body passes (integrate velocities, load and store the solver's
/// velocities, integrate positions) touch each awake body alone, so the awake bodies are cut into chunks;
/// consecutive per-body passes are fused, each chunk running them in turn on each of its bodies (the arithmetic of
/// each body is unchanged). Contact passes (warm start, biased, relaxed) run colour by colour: the bundles of one
/// colour share no moving body, so each colour is cut into chunks of bundles, and the next colour starts when
/// every chunk of this one is finished, which keeps the colours' order and therefore the result. Small colours in a
/// row and the overflow colour, whose constraints may share bodies, are one chunk. Inside a colour no thread reads
/// what another writes: a bundle reads its own bodies and writes only its moving bodies (or a sink slot, which is
/// never read), and each chunk of a colour stores its sink lanes into a sink of its own, so no two threads write
/// the same memory either.
///
/// The passes collected between two pieces of joint or field work (which stay on the calling thread) are one job
/// of the worker pool (`WorkerPool`): a list of stages (a per-body pass, or one colour of a contact pass), each
/// cut into chunks that any thread claims. Which thread solves which chunk changes nothing, so a late thread
/// (waking up, or descheduled on a busy machine) takes whatever is left and nobody waits for it.
///
/// On exactly two threads with the shares cut at the layers, the single-precision sub-steps run pipelined instead
/// (`runPipelinedStages`): each thread its own share of every stage, no barrier between colours, a wait only before
/// the chunks that touch the bodies both shares touch. There a thread does wait for the other, which always joins
/// the job (the job stays open until the calling thread's part returns).
extension World {
    /// Colours with fewer bundles than this run on the calling thread (with the small colours around them, without
    /// barriers between them): splitting them saves less than the threads' meeting costs.
    static let sharedColorMinimumBundles = 8

    /// When this step's contact solve can use more than one thread, takes the worker pool and plans the colours
    /// (`scratch.parallel.segments`); returns the threads granted, or nil to solve on this thread. The caller gives
    /// the pool back after the sub-steps.
    mutating func acquireSolverThreads() -> Int? {
        let work = scratch.solveOrder.count
        // The parallel preparation planned this step's segments and shares already (when it ran on the threads).
        let planned = scratch.parallel.planEpoch == scratch.prepareEpoch
        guard stepWorkerCount > 1, work >= WorldSettings.parallelContactMinimum, planned || planParallelSegments()
        else { return nil }
        guard let threads = acquireThreads(forWork: work) else { return nil }
        if !planned || scratch.parallel.planThreads != threads { planShares(threads: threads) }
        return threads
    }

    /// Splits the bundles into segments: each colour with enough bundles is one shared segment; runs of small
    /// colours and the overflow colour are serial segments. Returns whether some segment is shared.
    mutating func planParallelSegments() -> Bool {
        scratch.parallel.segments.removeAll(keepingCapacity: true)
        let total = scratch.wideConstraints.count
        var serialStart = -1
        var start = 0
        var shared = false
        // Colour c's contacts are `colorStart[c − 1] ..< colorStart[c]` in `solveOrder`, two-point manifolds first
        // (up to `twoPointEnd[c]`), dealt four to a bundle (ContactPrepare.swift).
        var contactStart = 0
        for color in 0..<64 where scratch.solveOrder.count > 1 {
            let mid = Int(scratch.twoPointEnd[color]), contactEnd = Int(scratch.colorStart[color])
            let end = start + (mid - contactStart + 3) / 4 + (contactEnd - mid + 3) / 4
            defer { contactStart = contactEnd }
            if end - start >= Self.sharedColorMinimumBundles {
                if serialStart >= 0 {
                    scratch.parallel.segments.append(SolveSegment(start, start: serialStart, shared: false))
                    serialStart = -1
                }
                var segment = SolveSegment(end, start: start, shared: true)
                segment.contactStart = Int32(contactStart)
                segment.contactMid = Int32(mid)
                segment.contactEnd = Int32(contactEnd)
                scratch.parallel.segments.append(segment)
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
        // Chunks (`planShares`): about eight per thread in a colour, so that a thread that finishes early finds more.
        var maxChunks = 1
        for segment in scratch.parallel.segments { maxChunks = Swift.max(maxChunks, Int(segment.chunks)) }
        // A sink slot per chunk of a colour, 4 slots (128 bytes) apart so that no two chunks write the same cache
        // line (chunk 0 keeps the shared one, `bodies.count`).
        let slots = bodies.count + 1 + 4 * (maxChunks - 1)
        if scratch.solverBodies.count < slots {
            scratch.solverBodies.append(
                contentsOf: repeatElement(SolverBody(), count: slots - scratch.solverBodies.count))
        }
        scratch.parallel.stages.removeAll(keepingCapacity: true)
        scratch.parallel.steps += 1
        let awake = scratch.awakeBodies.count
        let bodyChunk = Swift.max(32, (awake + 8 * threads - 1) / (8 * threads))
        let pass = ParallelPassContext(threads: threads, invH: invH, h: h, bodyChunk: bodyChunk, step: dt)
        var remapSinks = true
        if singlePrecisionSubsteps {
            // Solver/SinglePrecisionSubsteps.swift: the same passes on the solver bodies alone.
            beginSinglePrecisionSubsteps(dt: dt, h: h, substeps: n, threads: threads)
            let all = scratch.substepBodies.count, dynamic = scratch.substepKinematicStart
            // Parallel/World+ParallelShares.swift: the bodies in layer order, cut where the colours are.
            // With them, the solver bodies in slots, each thread's contiguous (Parallel/World+ParallelShares.swift):
            // the bundles name slots from their first warm start on. Not with fields, whose velocity pass (on this
            // thread) reads the solver bodies by body.
            let fields = !fieldStore.order.isEmpty
            let layered =
                scratch.parallel.keyed
                && sortSubstepBodiesByLayer(
                    dynamic: dynamic, threads: threads, slots: !fields, sinkSlots: 1 + 4 * (maxChunks - 1))
            planBodyShares(threads: threads, dynamic: dynamic, all: all, keyed: layered)
            let slotted = layered && !fields
            scratch.parallel.slotted = slotted
            // Two threads on shares cut at the layers: a pipelined job (`runPipelinedStages`), its chunks classed
            // by `planShares` and `planBodyShares`.
            let pipelined = slotted && threads == 2 && scratch.parallel.classed
            scratch.parallel.pipelined = pipelined
            if pipelined { scratch.parallel.pipelinedSteps += 1 }
            profileMark(.substepSetup)
            for _ in 0..<n {
                if fields {
                    runStages(pass)
                    integrateSolverVelocitiesWithFields(h: h)
                } else {
                    addSolverBodyPass(.solverVelocities, allBodies: false, pass)
                }
                addContactPass(.warmStart, remapSinks: remapSinks, pass)
                remapSinks = false
                for _ in 0..<iterations { addContactPass(.biased, pass) }
                addSolverBodyPass(.solverPositions, allBodies: true, pass)
                for _ in 0..<iterations { addContactPass(.relaxed, pass) }
            }
            addSolverBodyPass(.solverStore, allBodies: false, pass)
            finishParallelStep(threads: threads, pass)
            scratch.parallel.slotted = false
            scratch.parallel.pipelined = false
            return
        }
        let fields = !fieldStore.order.isEmpty
        let jointWork = !forest.activeJoints.isEmpty || !forest.pinRows.isEmpty
        for sub in 0..<n {
            let first: Double? = sub == 0 ? dt : nil
            if fields {
                runStages(pass)
                integrateVelocities(h: h, firstOf: first)
            } else {
                addBodyWork(.integrate, h: h, firstOf: first, pass)
            }
            if jointWork {
                runStages(pass)
                applyJointSprings(h: h)
            }
            forest.treeFactoredForVelocity = false
            if jointWork { warmStartJoints() }
            addBodyWork(.load, h: h, pass)
            addContactPass(.warmStart, remapSinks: remapSinks, pass)
            remapSinks = false
            if jointsSolve {
                addBodyWork(.store, h: h, pass)
                runStages(pass)
                for _ in 0..<jointPasses { solveJoints(jointContext, useBias: true) }
                addBodyWork(.load, h: h, pass)
            }
            for _ in 0..<iterations { addContactPass(.biased, pass) }
            addBodyWork(.storeIntegrate, h: h, pass)
            if jointsSolve {
                runStages(pass)
                for _ in 0..<jointPasses { solveJoints(jointContext, useBias: false) }
                addBodyWork(.load, h: h, pass)
            }
            for _ in 0..<iterations { addContactPass(.relaxed, pass) }
            addBodyWork(.store, h: h, pass)
        }
        finishParallelStep(threads: threads, pass)
    }

    /// The step's end in the same job as the last sub-step: restitution colour by colour (like a contact pass), then
    /// every bundle's impulses back to its contacts (`applyRestitution`, `storeImpulses`).
    private mutating func finishParallelStep(threads: Int, _ pass: ParallelPassContext) {
        // Without a lane that may bounce the restitution changes nothing (`restituteBundles` skips every bundle):
        // it is left out. A pipelined job restitutes the listed bundles in one stage, another job colour by colour.
        var listed = 0
        if scratch.parallel.anyBounce {
            if scratch.parallel.pipelined && scratch.parallel.bouncingListed {
                listed = addBouncingStage(pass)
            } else {
                addContactPass(.restitution, pass)
            }
        }
        if scratch.parallel.stages.count + 1 > WorkerPool.stageCapacity(threads: pass.threads) { runStages(pass) }
        // Each thread stores the bundles of its shares (Parallel/World+ParallelShares.swift).
        addBundleStage(.storeImpulses, pass)
        runStages(pass)
        if listed > 0 {
            scratch.parallel.chunkRanges.removeLast(listed)
            scratch.parallel.shareBounds.removeLast(threads + 1)
        }
    }

    /// The restitution of a pipelined job as one stage on the calling thread: the runs of bundles that may bounce
    /// (`ParallelScratch.bouncing`, a few dozen of a pile's thousands), in bundle order. That is the colours' order,
    /// so the result is the serial pass's, with one meeting of the threads instead of one per colour. Returns the
    /// chunk ranges appended (the runs), which the caller removes after the job with the stage's share bounds.
    private mutating func addBouncingStage(_ pass: ParallelPassContext) -> Int {
        if scratch.parallel.stages.count + 1 > WorkerPool.stageCapacity(threads: pass.threads) { runStages(pass) }
        let table = scratch.parallel.chunkRanges.count
        let count = Swift.min(scratch.parallel.bouncing.count, scratch.wideConstraints.count)
        scratch.parallel.bouncing.withUnsafeBufferPointer { flags in
            var b = 0
            while b < count {
                if flags[b] == 0 {
                    b += 1
                    continue
                }
                let first = b
                while b < count && flags[b] != 0 { b += 1 }
                scratch.parallel.chunkRanges.append(SIMD2(Int32(first), Int32(b)))
            }
        }
        let runs = scratch.parallel.chunkRanges.count - table
        scratch.parallel.bouncingStageSteps += 1
        // Every run is the calling thread's (thread 0): the others' shares are empty.
        let shares = scratch.parallel.shareBounds.count
        scratch.parallel.shareBounds.append(0)
        for _ in 0..<pass.threads { scratch.parallel.shareBounds.append(Int32(runs)) }
        var stage = SolveStage(
            kind: .restitution, start: 0, end: count, chunk: 1, remapSinks: false, work: BodyWork())
        stage.useTable(Int32(table), shares: Int32(shares), chunks: Int32(runs))
        scratch.parallel.stages.append(stage)
        return runs
    }

    /// Appends a pass over all bundles, each thread's the bundles of its shares (Parallel/World+ParallelShares.swift).
    private mutating func addBundleStage(_ kind: SolveStage.Kind, _ pass: ParallelPassContext) {
        if scratch.parallel.stages.count + 1 > WorkerPool.stageCapacity(threads: pass.threads) { runStages(pass) }
        var stage = SolveStage(
            kind: kind, start: 0, end: scratch.wideConstraints.count, chunk: 1, remapSinks: false, work: BodyWork())
        stage.useTable(
            scratch.parallel.bundleTable, shares: scratch.parallel.bundleShares, chunks: scratch.parallel.bundleChunks)
        scratch.parallel.stages.append(stage)
    }

    /// Appends a per-body pass, fused with the previous stage when that is per-body work that comes before it.
    private mutating func addBodyWork(
        _ part: BodyWork.Part, h: Double, firstOf step: Double? = nil, _ pass: ParallelPassContext
    ) {
        if let last = scratch.parallel.stages.last, last.kind == .bodies, last.work.last < part {
            scratch.parallel.stages[scratch.parallel.stages.count - 1].work.add(part, h: h, firstOf: step)
            return
        }
        if scratch.parallel.stages.count + 1 > WorkerPool.stageCapacity(threads: pass.threads) { runStages(pass) }
        var work = BodyWork()
        work.add(part, h: h, firstOf: step)
        let n = scratch.awakeBodies.count
        scratch.parallel.stages.append(
            SolveStage(
                kind: .bodies, start: 0, end: n, chunk: pass.bodyChunk, remapSinks: false, work: work))
    }

    /// Appends a pass over the single-precision sub-steps' dynamic bodies, or all of them (`scratch.substepBodies`),
    /// in the chunks and shares of `planBodyShares`.
    private mutating func addSolverBodyPass(
        _ kind: SolveStage.Kind, allBodies: Bool, _ pass: ParallelPassContext
    ) {
        if scratch.parallel.stages.count + 1 > WorkerPool.stageCapacity(threads: pass.threads) { runStages(pass) }
        let end = allBodies ? scratch.substepBodies.count : scratch.substepKinematicStart
        var stage = SolveStage(kind: kind, start: 0, end: end, chunk: 1, remapSinks: false, work: BodyWork())
        stage.useTable(
            allBodies ? scratch.parallel.allBodyTable : scratch.parallel.bodyTable,
            shares: allBodies ? scratch.parallel.allBodyShares : scratch.parallel.bodyShares,
            chunks: allBodies ? scratch.parallel.allBodyChunks : scratch.parallel.bodyChunks)
        stage.pipelinable = kind == .solverVelocities || kind == .solverPositions
        scratch.parallel.stages.append(stage)
    }

    /// Appends a contact pass: one stage per segment.
    private mutating func addContactPass(
        _ kind: SolveStage.Kind, remapSinks: Bool = false, _ pass: ParallelPassContext
    ) {
        if scratch.parallel.stages.count + scratch.parallel.segments.count
            > WorkerPool.stageCapacity(threads: pass.threads)
        {
            runStages(pass)
        }
        for segment in scratch.parallel.segments {
            var stage = SolveStage(
                kind: kind, start: Int(segment.start), end: Int(segment.end), chunk: 1, remapSinks: remapSinks,
                work: BodyWork())
            stage.useTable(segment.table, shares: segment.shares, chunks: segment.chunks)
            stage.pipelinable = segment.shared && (kind == .warmStart || kind == .biased || kind == .relaxed)
            scratch.parallel.stages.append(stage)
        }
    }

    /// Runs the stages collected so far as one job of the worker pool, then forgets them.
    private mutating func runStages(_ pass: ParallelPassContext) {
        if scratch.parallel.stages.isEmpty { return }
        let gravity = settings.gravity
        let maxSpeed = settings.maxLinearSpeed
        let maxBias = Float(settings.contactPushMaxVelocity)
        let slotted = scratch.parallel.slotted
        // In slots, the sinks follow the bodies' slots (`sortSubstepBodiesByLayer`).
        let sink = Int32(bodies.count + (slotted ? scratch.substepBodies.count : 0))
        let threshold = settings.restitutionThreshold
        let pipelined = scratch.parallel.pipelined
        let bodyCount = Int32(bodies.count), slotBase = Int32(scratch.substepBodies.count)
        let bodyTables = (
            SIMD2(scratch.parallel.bodyTable, scratch.parallel.bodyShares),
            SIMD2(scratch.parallel.allBodyTable, scratch.parallel.allBodyShares)
        )
        // Only the `storeImpulses` stages write the contacts (each lane its own). Empty arrays (no single-precision
        // sub-steps, no contacts) have no base address: a stage that reads one never runs then.
        let none = UnsafeMutableRawPointer(bitPattern: 64)!
        contacts.withUnsafeMutableBufferPointer { co in
            bodies.withUnsafeBufferPointer { bo in
                states.withUnsafeMutableBufferPointer { st in
                    scratch.constrainedThisStep.withUnsafeBufferPointer { cs in
                        scratch.awakeBodies.withUnsafeBufferPointer { aw in
                            scratch.solverBodies.withUnsafeMutableBufferPointer { worldSolverBodies in
                                scratch.solverVelocityStart.withUnsafeMutableBufferPointer { vs in
                                    scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
                                        scratch.substepBodies.withUnsafeBufferPointer { sl in
                                            scratch.substepRates.withUnsafeBufferPointer { sr in
                                                World.withPlanPointers(&scratch.parallel, none: none) { plan in
                                                    var context = ParallelSolveContext(
                                                        bodies: bo.baseAddress!, states: st.baseAddress!,
                                                        constrained: cs.baseAddress!, awake: aw.baseAddress!,
                                                        solverBodies: slotted
                                                            ? plan.slotBodies : worldSolverBodies.baseAddress!,
                                                        velocityStart: vs.baseAddress!,
                                                        constraints: ws.baseAddress!,
                                                        contacts: co.baseAddress
                                                            ?? none.assumingMemoryBound(to: Contact.self),
                                                        stages: plan.stages.baseAddress!,
                                                        stageCount: plan.stages.count, threads: pass.threads,
                                                        gravity: gravity, maxSpeed: maxSpeed,
                                                        invH: Float(pass.invH), maxBias: maxBias, sink: sink,
                                                        restitutionThreshold: threshold, step: pass.step,
                                                        substepBodies: sl.baseAddress
                                                            ?? UnsafePointer(none.assumingMemoryBound(to: Int32.self)),
                                                        substepRates: sr.baseAddress
                                                            ?? UnsafePointer(
                                                                none.assumingMemoryBound(to: SubstepRate.self)),
                                                        maxSpeedF: Float(maxSpeed), h: Float(pass.h),
                                                        ranges: plan.ranges, shareBounds: plan.shareBounds,
                                                        slotted: slotted, slotOf: plan.slotOf,
                                                        bodyCount: bodyCount, slotBase: slotBase,
                                                        pipelined: pipelined, boundary: plan.boundary,
                                                        bodyTables: bodyTables)
                                                    World.runJob(&context)
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
        }
        if pipelined {
            scratch.parallel.pipelinedJobs += 1
            scratch.parallel.balanceShares()
        }
        scratch.parallel.stages.removeAll(keepingCapacity: true)
    }

    /// The plan's arrays (`ParallelScratch`) by pointer for a job: empty ones at `none`, which no stage then reads.
    private static func withPlanPointers(
        _ p: inout ParallelScratch, none: UnsafeMutableRawPointer, _ body: (ParallelPlanPointers) -> Void
    ) {
        p.stages.withUnsafeBufferPointer { stages in
            p.chunkRanges.withUnsafeBufferPointer { ranges in
                p.shareBounds.withUnsafeBufferPointer { bounds in
                    p.slotBodies.withUnsafeMutableBufferPointer { slots in
                        p.slotOf.withUnsafeBufferPointer { slotOf in
                            p.boundaryChunks.withUnsafeBufferPointer { boundary in
                                body(
                                    ParallelPlanPointers(
                                        stages: stages,
                                        ranges: ranges.baseAddress
                                            ?? UnsafePointer(none.assumingMemoryBound(to: SIMD2<Int32>.self)),
                                        shareBounds: bounds.baseAddress
                                            ?? UnsafePointer(none.assumingMemoryBound(to: Int32.self)),
                                        slotBodies: slots.baseAddress
                                            ?? none.assumingMemoryBound(to: SolverBody.self),
                                        slotOf: slotOf.baseAddress
                                            ?? UnsafePointer(none.assumingMemoryBound(to: Int32.self)),
                                        boundary: boundary.baseAddress
                                            ?? UnsafePointer(none.assumingMemoryBound(to: UInt8.self))))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs the job of `context` on its threads.
    private static func runJob(_ context: inout ParallelSolveContext) {
        let threads = context.threads, stages = context.stageCount
        withUnsafePointer(to: &context) { c in
            WorkerPool.shared.run(
                threads: threads, stageCount: stages,
                { raw, thread in World.runStages(raw.assumingMemoryBound(to: ParallelSolveContext.self), thread) },
                UnsafeRawPointer(c))
        }
    }

    /// One thread's part of a job: in each stage, chunks until none is left, then wait for the stage to be over.
    private static func runStages(_ context: UnsafePointer<ParallelSolveContext>, _ thread: Int) {
        let c = context.pointee
        if c.pipelined {
            let waited = runPipelinedStages(c, thread)
            WorkerPool.shared.recordWaits(thread: thread, spins: waited)
            return
        }
        let pool = WorkerPool.shared
        for s in 0..<c.stageCount {
            let stage = c.stages[s]
            let shares = stage.table >= 0 ? c.shareBounds + Int(stage.shares) : nil
            pool.runStage(s, chunks: stage.chunks, thread: thread, threads: c.threads, shares: shares) { k in
                runChunk(c, stage, k, thread)
            }
        }
    }

    /// One thread's part of a pipelined job (two threads, shares cut at the layers, solver bodies in slots): each
    /// thread runs the chunks of its own share of every stage, nobody else's, and the threads meet only where their
    /// shares touch the same bodies. With shares cut at the layers those are the bodies of one layer (about 3-4 % of
    /// a pile's or the tumbler's): a chunk that touches one of them (a boundary chunk) waits until the other thread
    /// has finished the stage before (`WorkerPool.waitForProgress`); the others (interior chunks, run first) touch
    /// only bodies the other thread never touches in these stages and wait for nothing. So a colour no longer ends
    /// with a barrier, and a thread that finishes a colour early goes on with the interior of the next. Every chunk
    /// still sees exactly what it sees on one thread: a body of the other share is read or written only after the
    /// other thread's last stage touching it and before its next one. Stages that are not `pipelinable` (serial
    /// colours, the store, the restitution), and the stage after each, wait for the other thread to finish
    /// everything before them. Each chunk's class (`ParallelScratch.boundaryChunks`) comes with the plan, from the
    /// layers its contacts or bodies lie in (`World.classChunks`).
    private static func runPipelinedStages(_ c: ParallelSolveContext, _ thread: Int) -> Int {
        let pool = WorkerPool.shared
        var spins = 0
        let other = 1 - thread
        var afterFullWait = true
        let timed = pool.timesThreads
        for s in 0..<c.stageCount {
            let stage = c.stages[s]
            let bounds = c.shareBounds + Int(stage.shares)
            let lo = Int(bounds[thread]), hi = Int(bounds[thread + 1])
            var waited: UInt64 = 0
            let start = timed ? WorkerPool.monotonicNanoseconds() : 0
            @inline(__always) func wait(counted: Bool) {
                let before = timed ? WorkerPool.monotonicNanoseconds() : 0
                let n = pool.waitForProgress(of: other, stages: s)
                if counted { spins &+= n }
                if _slowPath(timed) { waited &+= WorkerPool.monotonicNanoseconds() &- before }
            }
            if !stage.pipelinable || afterFullWait {
                if s > 0 { wait(counted: false) }
                for k in lo..<hi { runChunk(c, stage, k, thread) }
            } else {
                var boundary = false
                for k in lo..<hi {
                    if isBoundary(c, stage, k) {
                        boundary = true
                    } else {
                        runChunk(c, stage, k, thread)
                    }
                }
                if boundary {
                    wait(counted: true)
                    for k in lo..<hi where isBoundary(c, stage, k) { runChunk(c, stage, k, thread) }
                }
            }
            pool.publish(thread: thread, stages: s + 1)
            afterFullWait = !stage.pipelinable
            if _slowPath(timed) {
                let busy = WorkerPool.monotonicNanoseconds() &- start &- waited
                pool.addStageTime(thread: thread, busy: busy, waiting: waited)
            }
        }
        // The job ends when both shares are done: the pool closes it once the calling thread's part returns, and a
        // worker that had not joined yet (a job whose stages never made the calling thread wait) would never run
        // its share.
        if thread == 0 { pool.waitForProgress(of: other, stages: c.stageCount) }
        return spins
    }

    /// Whether chunk `k` of `stage` may touch a body the other thread's share touches in these stages: its class
    /// (`ParallelSolveContext.boundary`; a chunk the plan did not class counts as a boundary chunk).
    @inline(__always) private static func isBoundary(_ c: ParallelSolveContext, _ stage: SolveStage, _ k: Int) -> Bool {
        c.boundary[Int(stage.table) + k] != 1
    }

    /// Chunk `k` of a stage.
    @inline(__always) private static func runChunk(
        _ c: ParallelSolveContext, _ stage: SolveStage, _ k: Int, _ thread: Int
    ) {
        let range: Range<Int>
        if stage.table >= 0 {
            let r = c.ranges[Int(stage.table) + k]
            range = Int(r.x)..<Int(r.y)
        } else {
            let lo = Int(stage.start) + k * Int(stage.chunk)
            range = lo..<Swift.min(Int(stage.end), lo + Int(stage.chunk))
        }
        switch stage.kind {
        case .bodies:
            bodyWork(c, stage.work, range)
        case .warmStart:
            // The step's first warm start: a sink per chunk; in a pipelined job, where a chunk index may be either
            // thread's from one colour to the next, a sink per thread (each runs its chunks one after another). In
            // slots, the bundles are named in slots here, with the chunk's sink (`mapSlots`).
            if stage.remapSinks {
                let own = c.sink + Int32(4 * (c.pipelined ? thread : k))
                if c.slotted {
                    mapSlots(c, range, sink: own)
                } else if own != c.sink {
                    remapSinks(c, range, to: own)
                }
            }
            warmStartBundles(c.constraints, c.solverBodies, range)
        case .biased:
            solveBundles(c.constraints, c.solverBodies, range, invH: c.invH, maxBias: c.maxBias, useBias: true)
        case .relaxed:
            solveBundles(c.constraints, c.solverBodies, range, invH: c.invH, maxBias: c.maxBias, useBias: false)
        case .restitution:
            // In slots, each bouncing lane's bodies are named by body here (the bundles keep their slots: nothing
            // after the sub-steps reads them but this and the store, which reads contact indices).
            let names =
                c.slotted ? BundleBodyNames(substepBodies: c.substepBodies, slotBase: c.slotBase) : BundleBodyNames()
            restituteBundles(
                c.constraints, c.states, range, threshold: c.restitutionThreshold, h: c.step, names: names)
        case .storeImpulses:
            storeImpulses(c.constraints, c.contacts, range)
        case .solverVelocities:
            for j in range {
                integrateSolverVelocity(
                    c.slotted ? j : Int(c.substepBodies[j]), c.substepRates + j, c.solverBodies, maxSpeed: c.maxSpeedF)
            }
        case .solverPositions:
            for j in range { integrateSolverPosition(c.slotted ? j : Int(c.substepBodies[j]), c.solverBodies, h: c.h) }
        case .solverStore:
            for j in range {
                let i = Int(c.substepBodies[j])
                storeSolverBody(i, slot: c.slotted ? j : i, c.states, c.solverBodies, c.velocityStart)
            }
        }
    }

    /// The fused per-body passes of `work` over awake bodies `range` (positions in `awakeBodies`).
    @inline(__always) private static func bodyWork(_ c: ParallelSolveContext, _ work: BodyWork, _ range: Range<Int>) {
        for j in range {
            let i = Int(c.awake[j])
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

    /// Points the sink lanes of bundles `range` at sink slot `own`.
    private static func remapSinks(_ c: ParallelSolveContext, _ range: Range<Int>, to own: Int32) {
        let shared = SIMD4<Int32>(repeating: WideContactConstraint.bodyOffset(c.sink))
        let mine = SIMD4<Int32>(repeating: WideContactConstraint.bodyOffset(own))
        for b in range {
            let w = c.constraints + b
            w.pointee.storeA.replace(with: mine, where: w.pointee.storeA .== shared)
            w.pointee.storeB.replace(with: mine, where: w.pointee.storeB .== shared)
        }
    }
}

/// The parallel solve's plan of a step: its colour segments and the stages of the job being collected.
package struct ParallelScratch: Sendable {
    var segments: [SolveSegment] = []
    var stages: [SolveStage] = []
    /// The threads' shares of the step (Parallel/World+ParallelShares.swift): the key bounds and whether they cut
    /// evenly; the chunks (ranges of bundles or of positions in `substepBodies`) and the share bounds (by chunk) of
    /// the segments, of all bundles (`bundle…`), of the dynamic solver bodies (`body…`) and of all of them
    /// (`allBody…`, the same table).
    var keyBounds: [Int32] = []
    var keyed = false
    /// The preparation epoch (`StepScratch.prepareEpoch`) whose segments with shares were planned by the parallel
    /// preparation (0: none), and for how many threads the shares were last planned.
    var planEpoch: UInt32 = 0
    var planThreads = 0
    var chunkRanges: [SIMD2<Int32>] = []
    var shareBounds: [Int32] = []
    var bundleTable: Int32 = 0, bundleShares: Int32 = 0, bundleChunks: Int32 = 0
    var bodyTable: Int32 = 0, bodyShares: Int32 = 0, bodyChunks: Int32 = 0
    var allBodyTable: Int32 = 0, allBodyShares: Int32 = 0, allBodyChunks: Int32 = 0
    /// Whether this step's sub-steps run as a pipelined job (`World.runPipelinedStages`); by chunk of
    /// `chunkRanges`, whether it may touch a body the other thread's share touches in the pipelined stages (0: not
    /// classed, 1: no, 2: yes), and whether the plan classed the chunks of the shared colours and the per-body
    /// passes (`World.classChunks`: two threads, shares cut at the layers); the layers (keys of the bodies, a body's
    /// key one less than its depth) both threads' shares touch, from the first to the last.
    var pipelined = false
    var boundaryChunks: [UInt8] = []
    var classed = false
    var boundaryKeys = SIMD2<Int32>(0, -1)
    /// On two threads, the first thread's part of the contacts when the shares are cut at the layers
    /// (`World.cutKeys`), 0.35–0.65: moved after each pipelined job toward the thread that waited less, which had
    /// the larger part of the work (a pipelined job's threads take nothing from each other's shares, so the parts
    /// must match the threads' speeds; the two cores of a shared machine are not always equally fast). Which
    /// thread solves what changes no result.
    var firstShare = 0.5
    /// The parallel sort and colouring's counts by part: per key, then per colour (Parallel/World+ParallelColoring.swift).
    var orderCounts: [Int32] = []
    /// The solver bodies and rates in layer order while they are sorted.
    var sortedBodies: [Int32] = []
    var sortedRates: [SubstepRate] = []
    /// The solver bodies in slots while the threads solve (`sortSubstepBodiesByLayer`): whether they are, by body its slot,
    /// and the slots.
    var slotted = false
    var slotOf: [Int32] = []
    var slotBodies: [SolverBody] = []
    /// Slots each thread of a parallel scan fills from its run's start, and by thread what it found: the ordering
    /// pass's bodies named by contacts that are not awake (two slots per contact; the contacts and bodies kept,
    /// Parallel/World+ParallelOrdering.swift), the begin-event scan's contacts (Parallel/World+ParallelEvents.swift).
    var scanSlots: [Int32] = []
    var chunkCounts: [Int] = []
    /// By thread of the ordering pass, a row of the moving-body graph's degrees counted over its run of the contacts
    /// (`bodyCount` entries each, Parallel/World+ParallelOrdering.swift).
    var degreeRows: [Int32] = []
    /// The parallel narrow phase's findings by chunk, and its lists (World+ParallelCollide.swift).
    var collideRecords: [CollideChunkRecord] = []
    var collideLists: [Int32] = []
    /// The parallel narrow phase's list of the retired contacts' keys, each chunk's part from its first contact.
    var collideKeys: [UInt64] = []
    /// By thread, the slow lanes' bodies of the bundles it prepared (Parallel/World+ParallelPrepare.swift).
    var slowMarks = SlowLaneMarks()
    /// Where each colour's bundles begin, and the overflow colour's (the parallel preparation).
    var colorBundleStart: [Int32] = []
    /// By chunk of the parallel preparation: whether a lane of its bundles may bounce (`World.bounces`); and whether
    /// any does (true when the bundles were prepared on one thread: then it is not known).
    var chunkBounces: [Bool] = []
    var anyBounce = true
    /// By bundle, 1 when a lane of it may bounce, when `bouncingListed` (the bundles were prepared on the threads).
    var bouncing: [UInt8] = []
    var bouncingListed = false
    /// Steps whose restitution ran as one stage of the bouncing bundles (`addBouncingStage`; a count for tests).
    package var bouncingStageSteps = 0
    /// Steps solved on more than one thread since the world was made (a count for tests; it changes no result).
    package var steps = 0
    /// Steps whose sub-steps ran as a pipelined job, and the pipelined jobs (a step's stages can fill several),
    /// counts for tests.
    package var pipelinedSteps = 0
    package var pipelinedJobs = 0
    /// Steps whose narrow phase ran on more than one thread (a count for tests).
    package var collideSteps = 0
    /// By awake body: what the parallel finalize found (`FinalizeConstants` flags); by shape: its tree must be
    /// updated (all zero between steps).
    var bodyFlags: [UInt8] = []
    var shapeMarks: [UInt8] = []
    /// By chunk of the parallel finalize, from its first awake position: the awake positions whose flags are not 0,
    /// and by chunk their count (`World.finalizeChunks`); joined on the calling thread (`joinFlaggedBodies`), so that
    /// its loops after the job visit only those bodies, not every awake one.
    var flaggedBodies: [Int32] = []
    var flaggedCounts: [Int32] = []
    /// By awake body whose leaf the parallel finalize set in place (`FinalizeConstants.inPlace`): its shape for the
    /// move buffer, or −1 when the shape pairs with nothing (read only for those bodies, so never cleared).
    var movedShapes: [Int32] = []
    /// Steps whose finalize set the moving tree's leaves in place (a count for tests).
    package var inPlaceSteps = 0
    /// Steps whose finalize ran on more than one thread (a count for tests).
    package var finalizeSteps = 0
    /// The sleep pass's reading of the contacts, made by the parallel finalize's threads (`World.sleepPrepass`):
    /// by part, from its first contact's position in the solve order, the dynamic bodies that a moving kinematic
    /// body keeps awake (a sleeping one as its complement, `~body`); then by part its count and whether one of its
    /// awake bodies is ready to sleep. `sleepParts` is 0 when this step has none.
    var sleepEntries: [Int32] = []
    var sleepCounts: [Int] = []
    var sleepParts = 0
    /// Steps whose sleep pass read the contacts on the threads (a count for tests).
    package var sleepPrepassSteps = 0
    /// The begin events' scan made by the parallel finalize's threads (`World.scanBeginChunk`): by chunk of the
    /// candidates (or of every contact, in a full scan), from its first position, the contacts that begin touching,
    /// and by chunk their count. `beginChunks` is 0 when this step's finalize did not scan.
    var beginFound: [Int32] = []
    var beginCounts: [Int32] = []
    var beginChunks = 0
    /// Steps whose begin events' scan ran in the parallel finalize (a count for tests).
    package var beginScanSteps = 0
    /// The parallel pair descent's node pairs (three entries each), the pairs each chunk kept, each thread's stack.
    var pairSeeds: [Int32] = []
    var pairResults: [[Int32]] = []
    /// By chunk of the parallel pair descent: the contacts its new pairs make (`World.newContact`), in its order.
    var pairContacts: [[Contact]] = []
    /// How many lists of `pairContacts` wait to be tracked (`World.trackPendingPairs`, or the parallel narrow
    /// phase's first chunk, Parallel/World+ParallelCollide.swift): 0 when none.
    var pendingPairChunks = 0
    /// Steps whose parallel narrow phase tracked the pair descent's new contacts (a count for tests).
    package var trackingCollideSteps = 0
    /// The threads' shares of the parallel narrow phase's chunks when it tracks new contacts.
    var collideShares: [Int32] = []
    /// The parallel finalize's list of the moved shapes of leaves set in place, by part (`World.listPart`): from the
    /// start of its run of the awake bodies those of the other bodies, from its end backwards those of the fast
    /// bodies; and from `awakeCount` plus its run's start, the fast bodies.
    var listedShapes: [Int32] = []
    /// By part of that list: its counts (`ListCounts`).
    var listCounts: [ListCounts] = []
    var pairStacks: [[Int32]] = []
    /// By thread: the static shapes near a body swept by the parallel finalize.
    var sweepCandidates: [[Int32]] = []
    /// Steps whose pair descent ran on more than one thread (a count for tests).
    package var pairSteps = 0
    /// Steps whose compaction of retired contacts ran on more than one thread (a count for tests).
    package var compactionSteps = 0
    /// By shape: the first position in the move buffer at which it queried the trees in the parallel per-shape
    /// queries, `Int32.max` when it did not (all `Int32.max` between steps); by thread: a query's results.
    var queryPosition: [Int32] = []
    var queryFound: [[Int32]] = []
    /// Steps whose per-shape pair queries ran on more than one thread (a count for tests).
    package var queryPairSteps = 0

    package init() {}
}

extension ParallelScratch {
    /// After a pipelined job: `firstShare` a step toward the thread that waited less for the other
    /// (`WorkerPool.waits`), when one waited clearly more.
    mutating func balanceShares() {
        let first = Double(WorkerPool.shared.waits(thread: 0)), second = Double(WorkerPool.shared.waits(thread: 1))
        let step = 0.005
        if first > 1.25 * second + 1000 {
            firstShare = Swift.min(0.65, firstShare + step)
        } else if second > 1.25 * first + 1000 {
            firstShare = Swift.max(0.35, firstShare - step)
        }
    }
}

/// A run of bundles that is one colour cut into chunks (`shared`), or small colours in a row or the overflow colour
/// as one chunk.
struct SolveSegment: Sendable {
    var start: Int32, end: Int32
    var shared: Bool
    /// A shared segment's colour in `solveOrder`: its two-point manifolds `contactStart ..< contactMid`, its
    /// one-point ones `contactMid ..< contactEnd`.
    var contactStart: Int32 = 0, contactMid: Int32 = 0, contactEnd: Int32 = 0
    /// Its chunks (`ParallelScratch.chunkRanges` from `table`) and share bounds (`shareBounds` from `shares`).
    var table: Int32 = 0, shares: Int32 = 0, chunks: Int32 = 1

    init(_ end: Int, start: Int, shared: Bool) {
        self.start = Int32(start)
        self.end = Int32(end)
        self.shared = shared
    }
}

/// The step's constants of the jobs.
struct ParallelPassContext {
    var threads: Int
    var invH: Double
    /// The sub-step, s.
    var h: Double
    /// Awake bodies per chunk of a per-body stage.
    var bodyChunk: Int
    /// The world step, s (restitution's flight time).
    var step: Double
}

/// One stage of a parallel job: items `start..<end` (awake-body positions or bundles) in chunks of `chunk`.
struct SolveStage: Sendable {
    enum Kind: UInt8, Sendable {
        case bodies, warmStart, biased, relaxed, restitution, storeImpulses
        /// The single-precision sub-steps' per-body passes (Solver/SinglePrecisionSubsteps.swift).
        case solverVelocities, solverPositions, solverStore
    }

    var kind: Kind
    var start: Int32, end: Int32
    var chunk: Int32
    /// First warm start of the step: chunks after the first point their sink lanes at their own sink.
    var remapSinks: Bool
    /// The fused per-body passes (`bodies` stages).
    var work: BodyWork
    /// When not −1: the stage's chunks are `ParallelScratch.chunkRanges[table ..< table + tableChunks]`, thread t's
    /// share `shareBounds[shares + t] ..< shareBounds[shares + t + 1]` (Parallel/World+ParallelShares.swift).
    var table: Int32 = -1, shares: Int32 = 0, tableChunks: Int32 = 0
    /// A stage a pipelined job runs without a barrier before it (`World.runPipelinedStages`): a colour of a contact
    /// pass or a per-body pass of the single-precision sub-steps, each thread on its own share. The others (serial
    /// colours, the store, the restitution) start when every thread has finished the stage before, and the stage
    /// after them too.
    var pipelinable = false

    /// Takes its chunks and shares from the tables.
    mutating func useTable(_ table: Int32, shares: Int32, chunks: Int32) {
        self.table = table
        self.shares = shares
        tableChunks = chunks
    }

    init(kind: Kind, start: Int, end: Int, chunk: Int, remapSinks: Bool, work: BodyWork) {
        self.kind = kind
        self.start = Int32(start)
        self.end = Int32(end)
        self.chunk = Int32(Swift.max(1, chunk))
        self.remapSinks = remapSinks
        self.work = work
    }

    /// Chunks in the stage (at least 1, so that an empty stage is over once claimed).
    var chunks: Int {
        table >= 0 ? Int(tableChunks) : Swift.max(1, (Int(end - start) + Int(chunk) - 1) / Int(chunk))
    }
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

/// The arrays of a parallel job's plan (`ParallelScratch`), by pointer while the job runs.
struct ParallelPlanPointers {
    let stages: UnsafeBufferPointer<SolveStage>
    let ranges: UnsafePointer<SIMD2<Int32>>
    let shareBounds: UnsafePointer<Int32>
    let slotBodies: UnsafeMutablePointer<SolverBody>
    let slotOf: UnsafePointer<Int32>
    let boundary: UnsafePointer<UInt8>
}

/// What every thread of a parallel job reads: the step's arrays (valid for the job) and constants.
struct ParallelSolveContext {
    let bodies: UnsafePointer<Body>
    let states: UnsafeMutablePointer<BodyState>
    let constrained: UnsafePointer<Bool>
    let awake: UnsafePointer<Int32>
    let solverBodies: UnsafeMutablePointer<SolverBody>
    let velocityStart: UnsafeMutablePointer<Lanes>
    let constraints: UnsafeMutablePointer<WideContactConstraint>
    let contacts: UnsafeMutablePointer<Contact>
    let stages: UnsafePointer<SolveStage>
    let stageCount: Int
    let threads: Int
    let gravity: Vec2
    let maxSpeed: Double
    let invH: Float
    let maxBias: Float
    /// The shared sink slot (`bodies.count`).
    let sink: Int32
    /// `WorldSettings.restitutionThreshold`, pt/s, and the world step, s (restitution stages).
    let restitutionThreshold: Double
    let step: Double
    /// The single-precision sub-steps' bodies and rates, maximum speed, pt/s, and sub-step, s.
    let substepBodies: UnsafePointer<Int32>
    let substepRates: UnsafePointer<SubstepRate>
    let maxSpeedF: Float
    let h: Float
    /// The chunk ranges and share bounds of stages with tables (`SolveStage.table`).
    let ranges: UnsafePointer<SIMD2<Int32>>
    let shareBounds: UnsafePointer<Int32>
    /// Whether `solverBodies` are the slots of `ParallelScratch.slotBodies`; by body, its slot; the world's bodies
    /// and the first slot past the sub-steps' bodies (`sortSubstepBodiesByLayer`).
    let slotted: Bool
    let slotOf: UnsafePointer<Int32>
    let bodyCount: Int32
    let slotBase: Int32
    /// A pipelined job (`World.runPipelinedStages`); by chunk of `ranges`, its class
    /// (`ParallelScratch.boundaryChunks`).
    let pipelined: Bool
    let boundary: UnsafePointer<UInt8>
    /// The per-body passes' tables and shares (`ParallelScratch.bodyTable`…): each pair is (table, shares), the
    /// dynamic bodies' first, all sub-step bodies' second.
    let bodyTables: (SIMD2<Int32>, SIMD2<Int32>)
}
