/// The end of the step (`finalizeBodies`) on several threads (`WorldSettings.workerCount`), bit for bit the same as
/// on one.
///
/// Finalizing a body (its pose, sleep timer, whether continuous collision sweeps it) and computing its shapes' new
/// boxes read and write only that body and its shapes, so the awake bodies are cut into chunks that any thread
/// claims. What must stay in order is kept as flags and done afterwards on the calling thread, in the order of the
/// serial loop: the impulses of blown-up bodies dropped, the trees updated for the shapes that left their
/// fattened boxes (re-insertions and the move buffer depend on that order), then the fast bodies swept and
/// refreshed one by one, as on one thread.
///
/// In a round where the moving tree takes its updates in place (`DynamicTree.manyUpdatedLastRound`: a tumbling
/// crowd) the order does not matter to the tree: the marks the walks up from the leaves would set are the same in
/// any order. There the threads give the leaves of one-shape bodies their boxes themselves
/// (`DynamicTree.setLeafInPlace`) and the tree spreads the marks on the threads (`finishUpdates`); the calling
/// thread only lists those shapes in the move buffer, from a compact array, in the serial loop's order.
extension World {
    /// Awake bodies per chunk of the parallel finalize: a body costs a few hundred instructions.
    static let finalizeChunk = 64
    /// Chunks of the parallel finalize's first stage for `awakeCount` awake bodies.
    @inline(__always) static func finalizeChunkCount(_ awakeCount: Int) -> Int {
        (awakeCount + finalizeChunk - 1) / finalizeChunk
    }
    /// Candidates (or contacts, in a full scan) per chunk of the begin events' scan in the parallel finalize: a
    /// candidate costs a read of a few flags of its contact.
    static let beginScanChunk = 256

    /// `finalizeBodies` on `threads` threads.
    mutating func finalizeInParallel(threads: Int, _ k: FinalizeConstants) {
        let awakeCount = scratch.awakeBodies.count
        World.resize(&scratch.parallel.bodyFlags, to: awakeCount, with: 0)
        World.resize(&scratch.parallel.shapeMarks, to: shapes.count, with: 0)
        World.resize(&scratch.parallel.movedShapes, to: awakeCount, with: -1)
        World.resize(&scratch.parallel.flaggedBodies, to: awakeCount, with: 0)
        World.resize(&scratch.parallel.flaggedCounts, to: World.finalizeChunkCount(awakeCount), with: 0)
        for list in [\ParallelScratch.pairStacks, \ParallelScratch.sweepCandidates]
        where scratch.parallel[keyPath: list].count < threads {
            scratch.parallel[keyPath: list].append(
                contentsOf: repeatElement([], count: threads - scratch.parallel[keyPath: list].count))
        }
        scratch.parallel.finalizeSteps += 1
        // In a round of in-place updates the threads list the moved shapes too (`listPart`).
        let listParts = movingTree.manyUpdatedLastRound ? threads : 0
        if listParts > 0 {
            World.resize(&scratch.parallel.listedShapes, to: 2 * awakeCount, with: 0)
            World.resize(&scratch.parallel.listCounts, to: listParts, with: ListCounts())
        }
        runFinalizeJob(threads: threads, listParts: listParts, k)
        profileMark(.finalizeBodies)
        let listed = listParts > 0 && !scratch.parallel.listCounts[0..<listParts].contains { $0.treeUpdates }
        let blownUp = !listed || scratch.parallel.listCounts[0..<listParts].contains(where: { $0.blownUp })
        // Only the bodies with flags, in awake order: a body without any needs nothing below. Not joined when the
        // parts listed everything and no body blew up (a tumbling crowd: its ~2000 entries read for nothing).
        let flagged = listed && !blownUp ? 0 : joinFlaggedBodies()
        // In the serial loop's order: blown-up bodies' impulses, the trees for the other bodies' moved shapes, then
        // the fast bodies' (each swept before its boxes were computed).
        if blownUp {
            for n in 0..<flagged {
                let j = Int(scratch.parallel.flaggedBodies[n])
                if scratch.parallel.bodyFlags[j] & FinalizeConstants.blownUp != 0 {
                    dropImpulses(ofBlownUpBody: Int(scratch.awakeBodies[j]))
                }
            }
        }
        var setInPlace = 0
        if listed {
            // Only leaves set in place (a tumbling crowd of one-shape bodies): the parts' lists joined, in the
            // serial loop's order.
            setInPlace = joinListedParts(listParts, awakeCount: awakeCount)
        } else {
            for n in 0..<flagged {
                let j = Int(scratch.parallel.flaggedBodies[n])
                if scratch.parallel.bodyFlags[j] & FinalizeConstants.fast != 0 {
                    scratch.fastBodies.append(scratch.awakeBodies[j])
                } else {
                    setInPlace += listMovedShapes(ofAwake: j)
                }
            }
            for n in 0..<flagged {
                let j = Int(scratch.parallel.flaggedBodies[n])
                if scratch.parallel.bodyFlags[j] & FinalizeConstants.fast != 0 {
                    setInPlace += listMovedShapes(ofAwake: j)
                }
            }
        }
        movingTree.countLeavesSetInPlace(setInPlace)
        if setInPlace > 0 { scratch.parallel.inPlaceSteps += 1 }
        finishProxyRefresh(threads: threads)
    }

    /// The parallel part of `finalizeInParallel`: flags in `scratch.parallel.bodyFlags`, marks in `shapeMarks`; in a
    /// second stage, once every body is finalized, the lists of an in-place round (`listParts` parts, `listPart`) and,
    /// with sleeping on, the sleep pass's reading of the contacts (`sleepPrepass`).
    private mutating func runFinalizeJob(threads: Int, listParts: Int, _ k: FinalizeConstants) {
        let awakeCount = scratch.awakeBodies.count
        let sweep = k.continuous && staticTree.leafCount > 0
        let slop = settings.linearSlop
        let staticRoot = staticTree.root
        let inPlace = movingTree.manyUpdatedLastRound
        let sleepParts = settings.enableSleep && !scratch.solveOrder.isEmpty ? threads : 0
        scratch.parallel.sleepParts = sleepParts
        if sleepParts > 0 {
            scratch.parallel.sleepPrepassSteps += 1
            World.resize(&scratch.parallel.sleepEntries, to: scratch.solveOrder.count, with: 0)
            World.resize(&scratch.parallel.sleepCounts, to: 2 * sleepParts, with: 0)
        }
        let sleepRules = SleepRules(timeToSleep: settings.timeToSleep, parts: sleepParts)
        let secondStage = sleepParts + listParts > 0
        // The begin events' scan (`emitBeginEvents`) in the first stage too: it reads and writes only the contacts'
        // touch flags, which nothing else in the job writes, and the sleep pass's reading in the second stage then
        // sees the contacts as the serial sleep pass does, after the scan.
        let fullScan = scratch.fullBeginScan
        let scanCount = fullScan ? contacts.count : scratch.beginCandidates.count
        let beginChunks = (scanCount + World.beginScanChunk - 1) / World.beginScanChunk
        World.resize(&scratch.parallel.beginFound, to: scanCount, with: 0)
        World.resize(&scratch.parallel.beginCounts, to: beginChunks, with: 0)
        // The static tree is read by the sweeps; nothing changes it during the job. The moving tree's leaves of
        // one-shape bodies are set in place when `inPlace`, each by the thread of its body.
        movingTree.nodes.withUnsafeMutableBufferPointer { moving in
            staticTree.nodes.withUnsafeBufferPointer { tn in
                bodies.withUnsafeMutableBufferPointer { bo in
                    states.withUnsafeMutableBufferPointer { st in
                        shapes.withUnsafeMutableBufferPointer { sh in
                            vertexPool.withUnsafeBufferPointer { vp in
                                normalPool.withUnsafeBufferPointer { np in
                                    scratch.awakeBodies.withUnsafeBufferPointer { aw in
                                        contacts.withUnsafeMutableBufferPointer { co in
                                            scratch.solveOrder.withUnsafeBufferPointer { order in
                                                scratch.beginCandidates.withUnsafeBufferPointer { candidates in
                                                    scratch.parallel.withFinalizePointers { out in
                                                        var job = FinalizeJob(
                                                            bodies: bo.baseAddress!, states: st.baseAddress!,
                                                            shapes: sh.baseAddress!, shapeCount: sh.count,
                                                            vertices: vp.baseAddress, awake: aw.baseAddress!,
                                                            awakeCount: awakeCount, out: out,
                                                            movingNodes: inPlace ? moving.baseAddress : nil,
                                                            constants: k,
                                                            threads: threads,
                                                            continuous: ContinuousContext(
                                                                bodies: bo.baseAddress!, shapes: sh.baseAddress!,
                                                                vertices: vp.baseAddress, normals: np.baseAddress,
                                                                linearSlop: slop, staticNodes: tn.baseAddress,
                                                                staticRoot: staticRoot),
                                                            sweep: sweep, contacts: co.baseAddress, order: order,
                                                            sleep: sleepRules, listParts: listParts,
                                                            scan: BeginScan(
                                                                contacts: co.baseAddress,
                                                                candidates: fullScan ? nil : candidates.baseAddress,
                                                                count: scanCount, chunks: beginChunks))
                                                        withUnsafePointer(to: &job) { pointer in
                                                            WorkerPool.shared.run(
                                                                threads: threads, stageCount: secondStage ? 2 : 1,
                                                                { raw, thread in
                                                                    World.finalizeChunks(
                                                                        raw.assumingMemoryBound(to: FinalizeJob.self),
                                                                        thread)
                                                                }, UnsafeRawPointer(pointer))
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
            }
        }
        // `emitBeginEvents` joins what the chunks found.
        scratch.parallel.beginChunks = beginChunks
        if beginChunks > 0 { scratch.parallel.beginScanSteps += 1 }
    }

    /// The chunks' lists of flagged bodies (`ParallelScratch.flaggedBodies`) moved together to the front, in
    /// chunk order, which is awake order; returns how many. `flaggedCounts` holds one count per chunk.
    private mutating func joinFlaggedBodies() -> Int {
        scratch.parallel.flaggedBodies.withUnsafeMutableBufferPointer { list in
            scratch.parallel.flaggedCounts.withUnsafeBufferPointer { counts in
                var end = 0
                for chunk in counts.indices {
                    let start = chunk * World.finalizeChunk, n = Int(counts[chunk])
                    // `end` ≤ `start`: each entry moves down or stays.
                    for m in 0..<n { list[end + m] = list[start + m] }
                    end += n
                }
                return end
            }
        }
    }

    /// The calling thread's part of the tree updates of the awake body at `j`: the move buffer's entry of a leaf
    /// set in place (`FinalizeConstants.inPlace`; returns 1, one leaf), else the tree updates of its marked shapes
    /// (`updateTrees`; returns 0).
    @inline(__always) private mutating func listMovedShapes(ofAwake j: Int) -> Int {
        let f = scratch.parallel.bodyFlags[j]
        if f & FinalizeConstants.inPlace != 0 {
            let s = scratch.parallel.movedShapes[j]
            if s >= 0 { moveBuffer.append(s) }
            return 1
        }
        if f & FinalizeConstants.moved != 0 { updateTrees(ofBody: Int(scratch.awakeBodies[j])) }
        return 0
    }

    /// The move buffer's entries and the fast bodies that the finalize's `parts` listed, joined: every part's
    /// shapes of bodies that are not fast, then every part's of fast bodies, and the fast bodies, each in awake
    /// order. Returns the leaves set in place.
    private mutating func joinListedParts(_ parts: Int, awakeCount: Int) -> Int {
        var setInPlace = 0
        for part in 0..<parts {
            let lo = awakeCount * part / parts, c = scratch.parallel.listCounts[part]
            moveBuffer.append(contentsOf: scratch.parallel.listedShapes[lo..<lo + c.shapes])
            setInPlace += c.setInPlace
        }
        for part in 0..<parts {
            let hi = awakeCount * (part + 1) / parts, c = scratch.parallel.listCounts[part]
            // Written from the run's end backwards.
            for n in stride(from: hi - 1, through: hi - c.fastShapes, by: -1) {
                moveBuffer.append(scratch.parallel.listedShapes[n])
            }
        }
        for part in 0..<parts {
            let lo = awakeCount + awakeCount * part / parts, c = scratch.parallel.listCounts[part]
            scratch.fastBodies.append(contentsOf: scratch.parallel.listedShapes[lo..<lo + c.fastBodies])
        }
        return setInPlace
    }

    /// The tree updates `refreshProxies` makes for the shapes of `body` marked in `scratch.parallel.shapeMarks`
    /// (their new boxes are set); clears the marks.
    private mutating func updateTrees(ofBody body: Int) {
        var s = bodies[body].firstShape
        while s != -1 {
            let i = Int(s)
            if scratch.parallel.shapeMarks[i] != 0 {
                scratch.parallel.shapeMarks[i] = 0
                let fat = shapes[i].fatAABB
                if shapes[i].inStaticTree {
                    staticTree.move(shapes[i].proxy, to: fat)
                } else {
                    movingTree.updateBeforeFinish(shapes[i].proxy, to: fat)
                }
                if !shapes[i].filter.isInert { moveBuffer.append(s) }
            }
            s = shapes[i].nextOnBody
        }
    }

    /// One thread's part of the parallel finalize: chunks of awake bodies until none is left. A fast body is swept
    /// (continuous collision) before its boxes are computed, as `finishFastBodies` does. A body with one shape, in
    /// the moving tree, in a round of in-place updates, has its leaf set here.
    private static func finalizeChunks(_ job: UnsafePointer<FinalizeJob>, _ thread: Int) {
        let j = job.pointee
        let chunks = finalizeChunkCount(j.awakeCount)
        let shapes = UnsafeBufferPointer(start: UnsafePointer(j.shapes), count: j.shapeCount)
        // The bodies' chunks, then the begin events' scan's (`scanBeginChunk`).
        WorkerPool.shared.runStage(0, chunks: chunks + j.scan.chunks, thread: thread, threads: j.threads) { chunk in
            if chunk >= chunks {
                scanBeginChunk(j.scan, chunk - chunks, found: j.out.beginFound, counts: j.out.beginCounts)
                return
            }
            let start = chunk * finalizeChunk
            var listed = start
            for a in start..<Swift.min(j.awakeCount, start + finalizeChunk) {
                let i = Int(j.awake[a])
                var f = finalizeBody(j.bodies + i, j.states + i, shapes, j.constants)
                if f & FinalizeConstants.fast != 0 && j.sweep {
                    sweep(i, j.continuous, stack: &j.out.stacks[thread], candidates: &j.out.candidates[thread])
                }
                if let nodes = j.movingNodes, hasOneMovingTreeShape(j.bodies + i, j.shapes) {
                    // Set in place: the leaf's box here, the move buffer's entry on the calling thread.
                    refreshBoxes(j.bodies + i, j.states + i, j.shapes, j.vertices, j.constants.proxy) { s in
                        let shape = j.shapes + Int(s)
                        DynamicTree.setLeafInPlace(shape.pointee.proxy, to: shape.pointee.fatAABB, nodes)
                        j.out.movedShapes[a] = shape.pointee.filter.isInert ? -1 : s
                        f |= FinalizeConstants.inPlace
                    }
                } else if refreshBoxes(j.bodies + i, j.states + i, j.shapes, j.vertices, j.constants.proxy, j.out.marks)
                {
                    f |= FinalizeConstants.moved
                }
                j.out.flags[a] = f
                if f != 0 {
                    j.out.flaggedBodies[listed] = Int32(truncatingIfNeeded: a)
                    listed &+= 1
                }
            }
            j.out.flaggedCounts[chunk] = Int32(truncatingIfNeeded: listed &- start)
        }
        // Once every body is finalized: the lists of an in-place round, then the sleep pass's reading.
        let second = j.listParts + j.sleep.parts
        if second > 0 {
            WorkerPool.shared.runStage(1, chunks: second, thread: thread, threads: j.threads) { chunk in
                if chunk < j.listParts { listPart(j, part: chunk) } else { sleepPrepass(j, part: chunk - j.listParts) }
            }
        }
    }

    /// Chunk `chunk` of the begin events' scan (`emitBeginEvents`): each of its candidates (or contacts) marked
    /// touching when it pushed without touching (`beginsTouching`), those with an event listed in `found` from the
    /// chunk's first position, and counted in `counts[chunk]`.
    private static func scanBeginChunk(
        _ scan: BeginScan, _ chunk: Int, found: UnsafeMutablePointer<Int32>?, counts: UnsafeMutablePointer<Int32>?
    ) {
        // Sized by `runFinalizeJob` whenever there are chunks.
        guard let co = scan.contacts, let found, let counts else { return }
        let start = chunk * beginScanChunk
        var n = start
        for position in start..<Swift.min(scan.count, start + beginScanChunk) {
            let k = scan.candidates.map { Int($0[position]) } ?? position
            if beginsTouching(co + k) {
                found[n] = Int32(truncatingIfNeeded: k)
                n &+= 1
            }
        }
        counts[chunk] = Int32(truncatingIfNeeded: n - start)
    }

    /// The begin events' contacts that the parallel finalize's scan found (`scanBeginChunk`), appended to
    /// `StepScratch.pendingBegins` in order; returns false (and appends nothing) when this step's finalize did not
    /// scan. Forgets the scan.
    mutating func takeBeginScan() -> Bool {
        let chunks = scratch.parallel.beginChunks
        guard chunks > 0 else { return false }
        scratch.parallel.beginChunks = 0
        for chunk in 0..<chunks {
            let start = chunk * World.beginScanChunk, n = Int(scratch.parallel.beginCounts[chunk])
            if n > 0 { scratch.pendingBegins.append(contentsOf: scratch.parallel.beginFound[start..<start + n]) }
        }
        return true
    }

    /// Part `part` of an in-place round's lists (`ParallelScratch.listedShapes`), over its run of the awake bodies:
    /// the shapes whose leaves were set in place, of the fast bodies apart, and the fast bodies; stops at a body
    /// whose shapes need tree updates on the calling thread (then the calling thread lists everything itself).
    private static func listPart(_ j: FinalizeJob, part: Int) {
        let lo = j.awakeCount * part / j.listParts, hi = j.awakeCount * (part + 1) / j.listParts
        // Sized by `finalizeInParallel` whenever there are list parts.
        let out = j.out.listedShapes!, fastBodies = out + j.awakeCount
        var counts = ListCounts()
        var back = hi
        let treeWork = FinalizeConstants.moved | FinalizeConstants.inPlace
        for a in lo..<hi {
            let f = j.out.flags[a]
            if f & FinalizeConstants.blownUp != 0 { counts.blownUp = true }
            if f & treeWork == FinalizeConstants.moved {
                counts.treeUpdates = true
                break
            }
            let fast = f & FinalizeConstants.fast != 0
            if fast {
                fastBodies[lo + counts.fastBodies] = j.awake[a]
                counts.fastBodies &+= 1
            }
            guard f & FinalizeConstants.inPlace != 0 else { continue }
            counts.setInPlace &+= 1
            let s = j.out.movedShapes[a]
            guard s >= 0 else { continue }
            if fast {
                back &-= 1
                out[back] = s
            } else {
                out[lo + counts.shapes] = s
                counts.shapes &+= 1
            }
        }
        counts.fastShapes = hi - back
        j.out.listCounts![part] = counts
    }

    /// Part `part` of the sleep pass's reading (`updateSleep`), once every body is finalized: whether one of its
    /// run of the awake bodies is ready to sleep, and, in its run of the solve order, the dynamic bodies a moving
    /// kinematic body touches (`ParallelScratch.sleepEntries`). Reads only: `updateSleep` applies the entries in
    /// solve order, as its own loop would have (or reads everything again when a body is ready to sleep).
    private static func sleepPrepass(_ j: FinalizeJob, part: Int) {
        // Sized by `runFinalizeJob` whenever there are sleep parts.
        guard let co = j.contacts, let entries = j.out.sleepEntries, let sleepCounts = j.out.sleepCounts else { return }
        let parts = j.sleep.parts
        var ready = false
        for a in j.awakeCount * part / parts..<j.awakeCount * (part + 1) / parts {
            if World.isReadyToSleep(j.bodies[Int(j.awake[a])], j.sleep.timeToSleep) {
                ready = true
                break
            }
        }
        let lo = j.order.count * part / parts, hi = j.order.count * (part + 1) / parts
        var n = lo
        if !ready {
            for position in lo..<hi {
                let c = co + Int(j.order[position])
                guard c.pointee.isSolid && c.pointee.isTouching && c.pointee.touchesKinematic else { continue }
                guard let d = World.keptAwakeByKinematic(Int(c.pointee.bodyA), Int(c.pointee.bodyB), j.bodies, j.states)
                else { continue }
                entries[n] = j.bodies[d].isAwake ? Int32(d) : ~Int32(d)
                n &+= 1
            }
        }
        sleepCounts[2 * part] = n - lo
        sleepCounts[2 * part + 1] = ready ? 1 : 0
    }

    /// The part of `refreshProxies` (without `forceMove`) that touches only the body's shapes: their tight and
    /// fattened boxes. Marks in `marks` the shapes with a proxy whose fattened box changed (their trees must be
    /// updated) and returns whether there is one.
    @inline(__always) private static func refreshBoxes(
        _ b: UnsafePointer<Body>, _ st: UnsafePointer<BodyState>, _ sh: UnsafeMutablePointer<Shape>,
        _ vertices: UnsafePointer<Vec2>?, _ p: ProxyConstants, _ marks: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        var moved = false
        refreshBoxes(b, st, sh, vertices, p) { s in
            marks[Int(s)] = 1
            moved = true
        }
        return moved
    }

    /// Whether the body has exactly one shape and that one has a proxy in the moving tree.
    @inline(__always) private static func hasOneMovingTreeShape(
        _ b: UnsafePointer<Body>, _ sh: UnsafeMutablePointer<Shape>
    ) -> Bool {
        let s = b.pointee.firstShape
        guard s != -1 else { return false }
        let shape = sh + Int(s)
        return shape.pointee.nextOnBody == -1 && shape.pointee.proxy != -1 && !shape.pointee.inStaticTree
    }

    /// `refreshBoxes`, calling `moved` for each shape with a proxy whose fattened box changed, in shape order.
    @inline(__always) static func refreshBoxes(
        _ b: UnsafePointer<Body>, _ st: UnsafePointer<BodyState>, _ sh: UnsafeMutablePointer<Shape>,
        _ vertices: UnsafePointer<Vec2>?, _ p: ProxyConstants, moved: (Int32) -> Void
    ) {
        let xf = b.pointee.transform
        let (displacement, turnReach, motion) = World.predictedMotion(st.pointee, b.pointee.maxExtent, dt: p.dt)
        var s = b.pointee.firstShape
        while s != -1 {
            let shape = sh + Int(s)
            let aabb = shapeAABB(shape.pointee.geometry, xf, vertices)
            shape.pointee.aabb = aabb
            if let fat = refreshedFatBox(
                aabb, old: shape.pointee.fatAABB, inStaticTree: shape.pointee.inStaticTree,
                displacement: displacement, turnReach: turnReach, motion: motion, forceMove: false, p)
            {
                shape.pointee.fatAABB = fat
                if shape.pointee.proxy != -1 { moved(s) }
            }
            s = shape.pointee.nextOnBody
        }
    }
}

/// What the proxy refresh reads of the settings (`World.refreshedFatBox`).
struct ProxyConstants {
    /// The broad-phase margin, pt, and the step the boxes are swept over, s.
    let margin: Double
    let dt: Double
    /// `aabbDisplacementMultiplier`, clamped to 1…16 (1 when not finite).
    let displacementMultiplier: Double
    let marginExtentScale: Double
    /// `World.fastMargin`.
    let fastMargin: Double

    init(_ settings: WorldSettings, margin: Double, dt: Double) {
        self.margin = margin
        self.dt = dt
        let k = settings.aabbDisplacementMultiplier
        displacementMultiplier = k.isFinite ? Swift.max(1, Swift.min(16, k)) : 1
        marginExtentScale = settings.aabbMarginExtentScale
        fastMargin = 4 * settings.linearSlop
    }
}

/// What `finalizeBodies` reads of the settings, and the flags it keeps by body.
struct FinalizeConstants {
    /// Flags of `World.finalizeBody`: continuous collision sweeps the body; it blew up and was reset; (parallel
    /// finalize) a shape of it left its fattened box.
    static let fast: UInt8 = 1
    static let blownUp: UInt8 = 2
    static let moved: UInt8 = 4
    /// (Parallel finalize) the leaf of its only shape was set in place (`DynamicTree.setLeafInPlace`).
    static let inPlace: UInt8 = 8

    let linTol2: Double
    let angTol2: Double
    let sleepOn: Bool
    let continuous: Bool
    let dt: Double
    let proxy: ProxyConstants

    init(_ settings: WorldSettings, dt: Double) {
        linTol2 = settings.sleepLinearThreshold * settings.sleepLinearThreshold
        angTol2 = settings.sleepAngularThreshold * settings.sleepAngularThreshold
        sleepOn = settings.enableSleep
        continuous = settings.enableContinuous
        self.dt = dt
        proxy = ProxyConstants(settings, margin: settings.aabbMargin, dt: dt)
    }
}

/// What the threads of the parallel finalize read and write.
private struct FinalizeJob {
    let bodies: UnsafeMutablePointer<Body>
    let states: UnsafeMutablePointer<BodyState>
    let shapes: UnsafeMutablePointer<Shape>
    let shapeCount: Int
    let vertices: UnsafePointer<Vec2>?
    let awake: UnsafePointer<Int32>
    let awakeCount: Int
    /// What the threads write besides the bodies and shapes (`ParallelScratch.withFinalizePointers`).
    let out: FinalizeScratchPointers
    /// The moving tree's nodes when its leaves are set in place this round (`DynamicTree.manyUpdatedLastRound`),
    /// else nil.
    let movingNodes: UnsafeMutablePointer<DynamicTree.Node>?
    let constants: FinalizeConstants
    let threads: Int
    /// The fast bodies' sweeps (`sweep`: continuous collision is on and there are static shapes), each thread with
    /// its own stack and candidate list (`out`).
    let continuous: ContinuousContext
    let sweep: Bool
    /// The contacts (nil when there are none) and the solve order, for the sleep pass's reading.
    let contacts: UnsafePointer<Contact>?
    let order: UnsafeBufferPointer<Int32>
    let sleep: SleepRules
    /// Parts of an in-place round's lists (`listPart`; 0: none).
    let listParts: Int
    /// The begin events' scan in the first stage.
    let scan: BeginScan
}

/// The begin events' scan of the parallel finalize (`World.scanBeginChunk`): the contacts (nil when there are
/// none), the candidates to scan (nil: every contact), how many, and the chunks (0: no scan).
private struct BeginScan {
    let contacts: UnsafeMutablePointer<Contact>?
    let candidates: UnsafePointer<Int32>?
    let count: Int
    let chunks: Int
}

/// What one part of an in-place round's lists holds (`World.listPart`): its shapes of bodies that are not fast, of
/// fast bodies, its fast bodies, its leaves set in place; whether a body of it blew up, and whether one needs tree
/// updates on the calling thread (then the lists are not used).
struct ListCounts {
    var shapes = 0
    var fastShapes = 0
    var fastBodies = 0
    var setInPlace = 0
    var blownUp = false
    var treeUpdates = false
}

/// What the parallel finalize's second stage needs of the sleep settings: `WorldSettings.timeToSleep`, and the
/// parts its reading is cut into (0: no such stage).
private struct SleepRules {
    let timeToSleep: Double
    let parts: Int
}

/// The parallel finalize's scratch arrays (`ParallelScratch`) as pointers: by awake body its flags
/// (`FinalizeConstants`) and the shape it set in place; by shape its tree mark (all zero between steps); by thread
/// the sweeps' stack and static candidates.
struct FinalizeScratchPointers {
    let flags: UnsafeMutablePointer<UInt8>
    let movedShapes: UnsafeMutablePointer<Int32>
    /// `ParallelScratch.flaggedBodies` and `flaggedCounts`.
    let flaggedBodies: UnsafeMutablePointer<Int32>
    let flaggedCounts: UnsafeMutablePointer<Int32>
    let marks: UnsafeMutablePointer<UInt8>
    let stacks: UnsafeMutablePointer<[Int32]>
    let candidates: UnsafeMutablePointer<[Int32]>
    /// `ParallelScratch.sleepEntries` and `sleepCounts` (sized when the sleep pass reads on the threads; nil while
    /// they were never sized).
    let sleepEntries: UnsafeMutablePointer<Int32>?
    let sleepCounts: UnsafeMutablePointer<Int>?
    /// `ParallelScratch.listedShapes` and `listCounts` (sized in a round of in-place updates; nil while never).
    let listedShapes: UnsafeMutablePointer<Int32>?
    let listCounts: UnsafeMutablePointer<ListCounts>?
    /// `ParallelScratch.beginFound` and `beginCounts` (sized when the finalize scans for begin events; nil while
    /// never).
    let beginFound: UnsafeMutablePointer<Int32>?
    let beginCounts: UnsafeMutablePointer<Int32>?
}

extension ParallelScratch {
    /// The finalize's scratch arrays as pointers for the length of `body` (sized by `finalizeInParallel`).
    mutating func withFinalizePointers<R>(_ body: (FinalizeScratchPointers) -> R) -> R {
        bodyFlags.withUnsafeMutableBufferPointer { flags in
            movedShapes.withUnsafeMutableBufferPointer { moved in
                shapeMarks.withUnsafeMutableBufferPointer { marks in
                    pairStacks.withUnsafeMutableBufferPointer { stacks in
                        sweepCandidates.withUnsafeMutableBufferPointer { found in
                            sleepEntries.withUnsafeMutableBufferPointer { entries in
                                sleepCounts.withUnsafeMutableBufferPointer { counts in
                                    listedShapes.withUnsafeMutableBufferPointer { listed in
                                        listCounts.withUnsafeMutableBufferPointer { listCounts in
                                            beginFound.withUnsafeMutableBufferPointer { beginFound in
                                                beginCounts.withUnsafeMutableBufferPointer { beginCounts in
                                                    flaggedBodies.withUnsafeMutableBufferPointer { flaggedBodies in
                                                        flaggedCounts.withUnsafeMutableBufferPointer { flaggedCounts in
                                                            body(
                                                                FinalizeScratchPointers(
                                                                    flags: flags.baseAddress!,
                                                                    movedShapes: moved.baseAddress!,
                                                                    flaggedBodies: flaggedBodies.baseAddress!,
                                                                    flaggedCounts: flaggedCounts.baseAddress!,
                                                                    marks: marks.baseAddress!,
                                                                    stacks: stacks.baseAddress!,
                                                                    candidates: found.baseAddress!,
                                                                    sleepEntries: entries.baseAddress,
                                                                    sleepCounts: counts.baseAddress,
                                                                    listedShapes: listed.baseAddress,
                                                                    listCounts: listCounts.baseAddress,
                                                                    beginFound: beginFound.baseAddress,
                                                                    beginCounts: beginCounts.baseAddress))
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
            }
        }
    }
}
