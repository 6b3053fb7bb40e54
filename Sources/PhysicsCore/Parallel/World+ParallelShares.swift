/// Which thread works on what in a parallel step: shares that keep each body and each bundle on one core.
///
/// On two cores that share no cache level (a virtual machine's cores may be anywhere on the host's mesh), every
/// cache line one core wrote and the other then reads crosses between them: about a tenth of a microsecond each. A
/// colour split in halves by count, the preparation and the impulses' store split in halves of all bundles, and the
/// per-body passes split in halves of the awake list put about half of the bundles (640 bytes each) and a third of
/// the bodies on the other core at each change of pass: on `pile 4000 --nosleep` the two-thread sub-steps took as
/// long as one thread's.
///
/// So the shares follow the layers of the ground-up order (ContactOrdering.swift): the contacts' keys (their depth
/// from the ground) are cut at key bounds that give each thread about the same number of contacts, and thread t's
/// share of every colour is that colour's contacts with keys in t's range (the colours list their contacts by key,
/// two-point and one-point manifolds apart: two runs per colour, each cut at the same bounds). The preparation and
/// the impulses' store take, for each thread, the union of its shares; the per-body passes take the solver bodies in
/// layer order (`sortSubstepBodiesByLayer`), cut at the bodies' keys at the same bounds. A thread then works on the
/// same layers from pass to pass: only the bodies at a bound change cores. When the keys cannot be cut evenly (one
/// layer holds most contacts), every run is cut in equal parts instead. The shares decide only which thread claims
/// a chunk first (`WorkerPool.claim`); a thread that runs out takes chunks from the others', and the results are
/// the same whichever thread solves a chunk.
extension World {
    /// Cuts this step's segments (`planParallelSegments`) into chunks and shares for `threads` threads: the chunk
    /// ranges and share bounds of each segment, and of all bundles for the preparation and the impulses' store.
    mutating func planShares(threads: Int) {
        scratch.parallel.planThreads = threads
        let count = scratch.solveOrder.count
        let layers = scratch.layers
        World.resize(&scratch.parallel.keyBounds, to: threads + 1, with: 0)
        var keyed = false
        if layers.contactCount == count && layers.bodyCount == bodies.count && layers.keyCount > 0 {
            keyed = scratch.layers.work.withUnsafeBufferPointer { work in
                scratch.parallel.keyBounds.withUnsafeMutableBufferPointer { bounds in
                    World.cutKeys(
                        LayerSegments(bodyCount: layers.bodyCount, contactCount: count).pointers(
                            UnsafeMutablePointer(mutating: work.baseAddress!)),
                        keys: layers.keyCount, count: count, threads: threads,
                        firstShare: scratch.parallel.firstShare, bounds: bounds.baseAddress!)
                }
            }
        }
        scratch.parallel.keyed = keyed
        scratch.parallel.chunkRanges.removeAll(keepingCapacity: true)
        scratch.parallel.shareBounds.removeAll(keepingCapacity: true)
        let segmentCount = scratch.parallel.segments.count
        for g in 0..<segmentCount {
            let segment = scratch.parallel.segments[g]
            let table = scratch.parallel.chunkRanges.count
            scratch.parallel.segments[g].table = Int32(table)
            scratch.parallel.segments[g].shares = Int32(scratch.parallel.shareBounds.count)
            guard segment.shared else {
                // One chunk, the calling thread's.
                scratch.parallel.chunkRanges.append(SIMD2(segment.start, segment.end))
                scratch.parallel.shareBounds.append(0)
                for _ in 0..<threads { scratch.parallel.shareBounds.append(1) }
                scratch.parallel.segments[g].chunks = 1
                continue
            }
            let bundles = Int(segment.end - segment.start)
            let chunk = Swift.max(4, (bundles + 8 * threads - 1) / (8 * threads))
            let twoPointBundles = Int32((segment.contactMid - segment.contactStart + 3) / 4)
            for t in 0..<threads {
                scratch.parallel.shareBounds.append(Int32(scratch.parallel.chunkRanges.count - table))
                // The two-point run's share, then the one-point run's.
                for run in 0..<2 {
                    let first = run == 0 ? segment.start : segment.start + twoPointBundles
                    let last = run == 0 ? segment.start + twoPointBundles : segment.end
                    let lo = cut(segment, run: run, first: first, last: last, at: t, of: threads, keyed: keyed)
                    let hi = cut(segment, run: run, first: first, last: last, at: t + 1, of: threads, keyed: keyed)
                    var b = lo
                    while b < hi {
                        let e = Swift.min(hi, b + Int32(chunk))
                        scratch.parallel.chunkRanges.append(SIMD2(b, e))
                        b = e
                    }
                }
            }
            let chunks = scratch.parallel.chunkRanges.count - table
            scratch.parallel.shareBounds.append(Int32(chunks))
            scratch.parallel.segments[g].chunks = Int32(chunks)
        }
        // All bundles, by thread: the union of its shares of every segment.
        let table = scratch.parallel.chunkRanges.count
        scratch.parallel.bundleTable = Int32(table)
        scratch.parallel.bundleShares = Int32(scratch.parallel.shareBounds.count)
        for t in 0..<threads {
            scratch.parallel.shareBounds.append(Int32(scratch.parallel.chunkRanges.count - table))
            for g in 0..<segmentCount {
                let segment = scratch.parallel.segments[g]
                let bounds = Int(segment.shares)
                let lo = Int(scratch.parallel.shareBounds[bounds + t])
                let hi = Int(scratch.parallel.shareBounds[bounds + t + 1])
                for k in lo..<hi {
                    scratch.parallel.chunkRanges.append(scratch.parallel.chunkRanges[Int(segment.table) + k])
                }
            }
        }
        let chunks = scratch.parallel.chunkRanges.count - table
        scratch.parallel.shareBounds.append(Int32(chunks))
        scratch.parallel.bundleChunks = Int32(chunks)
        classColorChunks(threads: threads)
    }

    /// On two threads with the shares cut at the layers, each chunk of a shared colour classed for a pipelined job
    /// (World+ParallelSolve.swift): whether it may touch a body the other thread's share touches in the pipelined
    /// stages (`ParallelScratch.boundaryChunks`, 2) or surely not (1). Found from the layers, not from the bodies:
    /// a contact of key k touches bodies of depth k and k or k + 1, whose keys (a body's key is its depth less
    /// one) are k − 1 and k − 1 or k; the first thread's per-body passes take the bodies of keys below the bound
    /// K, the second's the others (`planBodyShares`). So the first thread touches bodies of keys up to
    /// max(K − 1, its highest contact key), the second from min(K, its lowest contact key − 1): the layers between
    /// (`ParallelScratch.boundaryKeys`, one or two) are the only ones both touch. Each colour lists its contacts by
    /// key, so a chunk's keys run from its first contact's to its last's: a first thread's chunk is a boundary
    /// chunk when its last key reaches the second's lowest layer, a second thread's when its first key reaches
    /// down to the first's highest. (Classing each chunk by the slots its lanes name, marked per thread, cost two
    /// threads 0.1 M instructions a frame more on `pile 4000 --nosleep` and a full wait after the renaming.)
    private mutating func classColorChunks(threads: Int) {
        scratch.parallel.classed = false
        World.resize(&scratch.parallel.boundaryChunks, to: scratch.parallel.chunkRanges.count, with: 0)
        guard threads == 2 && scratch.parallel.keyed else { return }
        let layers = scratch.layers
        let keys = LayerSegments(bodyCount: layers.bodyCount, contactCount: layers.contactCount).keysOffset
        // The contacts (positions in the solve order) of chunk `k` of segment `segment`: its run's, four a bundle.
        func contacts(_ segment: SolveSegment, _ k: Int) -> Range<Int> {
            let r = scratch.parallel.chunkRanges[Int(segment.table) + k]
            let twoPointBundles = (segment.contactMid - segment.contactStart + 3) / 4
            let split = segment.start + twoPointBundles
            let (first, runStart, runEnd) =
                r.x < split
                ? (segment.start, segment.contactStart, segment.contactMid)
                : (split, segment.contactMid, segment.contactEnd)
            let lo = Int(runStart + 4 * (r.x - first)), hi = Swift.min(Int(runEnd), Int(runStart + 4 * (r.y - first)))
            return lo..<Swift.max(lo, hi)
        }
        // Every chunk of the shared colours: its thread, its index in `chunkRanges` and its contacts.
        func forEachChunk(_ body: (_ thread: Int, _ index: Int, _ contacts: Range<Int>) -> Void) {
            for segment in scratch.parallel.segments where segment.shared {
                let bounds = Int(segment.shares)
                for t in 0..<2 {
                    let lo = Int(scratch.parallel.shareBounds[bounds + t])
                    let hi = Int(scratch.parallel.shareBounds[bounds + t + 1])
                    for k in lo..<hi { body(t, Int(segment.table) + k, contacts(segment, k)) }
                }
            }
        }
        var highest0 = Int32.min, lowest1 = Int32.max
        forEachChunk { t, _, run in
            guard !run.isEmpty else { return }
            if t == 0 {
                highest0 = Swift.max(highest0, scratch.layers.work[keys + run.upperBound - 1])
            } else {
                lowest1 = Swift.min(lowest1, scratch.layers.work[keys + run.lowerBound])
            }
        }
        let bound = scratch.parallel.keyBounds[1]
        let top0 = Swift.max(bound - 1, highest0)
        let bottom1 = lowest1 == Int32.max ? bound : Swift.min(bound, lowest1 - 1)
        scratch.parallel.boundaryKeys = SIMD2(bottom1, top0)
        // Out of the scratch while the walk reads it.
        var classes: [UInt8] = []
        swap(&classes, &scratch.parallel.boundaryChunks)
        forEachChunk { t, index, run in
            var boundary = false
            if !run.isEmpty {
                boundary =
                    t == 0
                    ? scratch.layers.work[keys + run.upperBound - 1] >= bottom1
                    : scratch.layers.work[keys + run.lowerBound] - 1 <= top0
            }
            classes[index] = boundary ? 2 : 1
        }
        swap(&classes, &scratch.parallel.boundaryChunks)
        scratch.parallel.classed = true
    }

    /// The per-body passes' chunks classed like the colours' (`classColorChunks`): a chunk is a boundary chunk
    /// when its slots (the bodies in layer order, `keys` keys) hold a body of the layers both shares touch; the
    /// kinematic bodies' chunk (from `dynamic`) when the second thread has ground contacts, which read them.
    private mutating func classBodyChunks(dynamic: Int, keys keyCount: Int) {
        World.resize(&scratch.parallel.boundaryChunks, to: scratch.parallel.chunkRanges.count, with: 0)
        guard scratch.parallel.classed else { return }
        let layers = scratch.layers
        let bodyKeys = LayerSegments(bodyCount: layers.bodyCount, contactCount: layers.contactCount).bodyKeysOffset
        let band = scratch.parallel.boundaryKeys
        // The band's slots: the bodies of keys below `band.x`, and of keys up to `band.y`.
        var low = 0, high = 0
        for key in 0..<keyCount {
            let n = Int(scratch.layers.work[bodyKeys + key])
            if key < Int(band.x) { low += n }
            if key <= Int(band.y) { high += n }
        }
        let groundInSecond = band.x < 0
        // The dynamic bodies' table, then all sub-step bodies' (a table and its chunk count each).
        func classTable(_ table: Int32, chunks: Int32) {
            for k in 0..<Int(chunks) {
                let r = scratch.parallel.chunkRanges[Int(table) + k]
                let lo = Int(r.x), hi = Int(r.y)
                let kinematic = hi > dynamic
                let boundary = (lo < high && Swift.min(hi, dynamic) > low) || (kinematic && groundInSecond)
                scratch.parallel.boundaryChunks[Int(table) + k] = boundary ? 2 : 1
            }
        }
        classTable(scratch.parallel.bodyTable, chunks: scratch.parallel.bodyChunks)
        classTable(scratch.parallel.allBodyTable, chunks: scratch.parallel.allBodyChunks)
    }

    /// Where share `t` of `threads` begins in run `run` (0: two-point, 1: one-point) of a colour segment, whose
    /// bundles are `first ..< last`: at the bundle holding the first contact whose key reaches the bound (`keyed`),
    /// else at an equal part.
    private func cut(
        _ segment: SolveSegment, run: Int, first: Int32, last: Int32, at t: Int, of threads: Int, keyed: Bool
    ) -> Int32 {
        if t == 0 { return first }
        if t == threads { return last }
        guard keyed else { return first + (last - first) * Int32(t) / Int32(threads) }
        let bound = scratch.parallel.keyBounds[t]
        let lo = Int(run == 0 ? segment.contactStart : segment.contactMid)
        let hi = Int(run == 0 ? segment.contactMid : segment.contactEnd)
        // The run's contacts are in key order: the first one at or past the bound.
        let keys = LayerSegments(bodyCount: scratch.layers.bodyCount, contactCount: scratch.layers.contactCount)
            .keysOffset
        var a = lo, b = hi
        while a < b {
            let m = (a + b) / 2
            if scratch.layers.work[keys + m] < bound { a = m + 1 } else { b = m }
        }
        return Swift.min(last, first + Int32((a - lo + 3) / 4))
    }

    /// The key bounds of `threads` shares (`bounds[0] = 0`, `bounds[threads] = keys`): each bound the key whose
    /// contacts' start in the sorted order is nearest to an equal part of `count` (on two threads, to `firstShare`
    /// of it: `ParallelScratch.firstShare`). Returns false when the bounds cannot give every thread at least half its
    /// equal part.
    private static func cutKeys(
        _ l: LayerPointers, keys: Int, count: Int, threads: Int, firstShare: Double,
        bounds: UnsafeMutablePointer<Int32>
    ) -> Bool {
        // Contacts with keys below k: 0 for k = 0, else the end of key k − 1.
        @inline(__always) func below(_ k: Int) -> Int { k == 0 ? 0 : Int(l.keyEnds[k - 1]) }
        bounds[0] = 0
        var k = 0
        for t in 1..<threads {
            let target = threads == 2 ? Int(Double(count) * firstShare) : count * t / threads
            while k < keys && below(k + 1) <= target { k += 1 }
            // Now below(k) ≤ target < below(k + 1) (or k = keys): the nearer of k and k + 1.
            let next = Swift.min(keys, k + 1)
            bounds[t] = Int32(target - below(k) <= below(next) - target ? k : next)
            if bounds[t] < bounds[t - 1] { bounds[t] = bounds[t - 1] }
        }
        bounds[threads] = Int32(keys)
        for t in 0..<threads where 2 * threads * (below(Int(bounds[t + 1])) - below(Int(bounds[t]))) < count {
            return false
        }
        return true
    }

    /// Puts the single-precision sub-steps' dynamic bodies (`substepBodies[0 ..< dynamic]`, with their rates) in
    /// layer order, so that the per-body passes can be cut at the contacts' key bounds (`planBodyShares`), and with
    /// `slots` (`sinkSlots` sinks after them) fills the solver bodies' slots in the same job (`ParallelScratch.slotOf`
    /// and `slotBodies`, laid out as described below). On `threads` threads (the pool held), each a run of the
    /// list and a run of the bodies: a listed body's rank is its position, and every other body keeps the slot past
    /// the listed ones. Returns false, leaving the list as it is (and the slots unfilled), when the bodies are not
    /// the ordering's moving bodies.
    mutating func sortSubstepBodiesByLayer(dynamic: Int, threads: Int, slots: Bool, sinkSlots: Int) -> Bool {
        let layers = scratch.layers
        guard layers.bodyCount == bodies.count, layers.ranked == dynamic,
            layers.contactCount == scratch.solveOrder.count
        else { return false }
        let all = scratch.substepBodies.count
        let bodyCount = bodies.count
        World.resize(&scratch.parallel.sortedBodies, to: all, with: 0)
        World.resize(&scratch.parallel.sortedRates, to: all, with: SubstepRate())
        if slots {
            World.resize(&scratch.parallel.slotOf, to: bodyCount, with: 0)
            World.resize(&scratch.parallel.slotBodies, to: all + bodyCount + sinkSlots, with: SolverBody())
        }
        World.resize(&scratch.parallel.chunkCounts, to: threads, with: 0)
        scratch.layers.work.withUnsafeBufferPointer { rank in
            scratch.substepBodies.withUnsafeBufferPointer { list in
                scratch.substepRates.withUnsafeBufferPointer { rates in
                    scratch.parallel.sortedBodies.withUnsafeMutableBufferPointer { toList in
                        scratch.parallel.sortedRates.withUnsafeMutableBufferPointer { toRates in
                            scratch.solverBodies.withUnsafeBufferPointer { sb in
                                scratch.parallel.slotOf.withUnsafeMutableBufferPointer { slotOf in
                                    scratch.parallel.slotBodies.withUnsafeMutableBufferPointer { slotBodies in
                                        scratch.parallel.chunkCounts.withUnsafeMutableBufferPointer { failed in
                                            var job = SlotJob(
                                                rank: rank.baseAddress!, list: list.baseAddress!,
                                                rates: rates.baseAddress!, toList: toList.baseAddress!,
                                                toRates: toRates.baseAddress!, solverBodies: sb.baseAddress!,
                                                slotOf: slots ? slotOf.baseAddress : nil,
                                                slotBodies: slots ? slotBodies.baseAddress : nil,
                                                failed: failed.baseAddress!, dynamic: dynamic, all: all,
                                                bodyCount: bodyCount, parts: threads)
                                            withUnsafePointer(to: &job) {
                                                WorkerPool.shared.runParts(
                                                    threads: threads, parts: threads, UnsafeRawPointer($0)
                                                ) { raw, part in
                                                    World.sortIntoSlots(
                                                        raw.assumingMemoryBound(to: SlotJob.self).pointee, part: part)
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
        guard !scratch.parallel.chunkCounts.contains(where: { $0 != 0 }) else { return false }
        // The kinematic bodies keep their places after the dynamic ones: the sorted list takes them, and the list
        // becomes the sorted one.
        for j in dynamic..<all {
            scratch.parallel.sortedBodies[j] = scratch.substepBodies[j]
            scratch.parallel.sortedRates[j] = scratch.substepRates[j]
        }
        swap(&scratch.substepBodies, &scratch.parallel.sortedBodies)
        swap(&scratch.substepRates, &scratch.parallel.sortedRates)
        if slots {
            for j in dynamic..<all {
                let i = Int(scratch.substepBodies[j])
                scratch.parallel.slotOf[i] = Int32(j)
                scratch.parallel.slotBodies[j] = scratch.solverBodies[i]
            }
        }
        return true
    }

    /// Part `part` of the sort into slots: its run of the dynamic bodies to their ranks (with their rates, slots
    /// and solver bodies), and its run of all bodies' slots past the listed ones (`all + index`, with a copy of
    /// their solver bodies) for the bodies without a rank. A rank out of range marks the part failed.
    private static func sortIntoSlots(_ j: SlotJob, part: Int) {
        let lo = j.dynamic * part / j.parts, hi = j.dynamic * (part + 1) / j.parts
        for n in lo..<hi {
            let i = Int(j.list[n])
            let r = Int(j.rank[i])
            guard r >= 0 && r < j.dynamic else {
                j.failed[part] = 1
                return
            }
            j.toList[r] = j.list[n]
            j.toRates[r] = j.rates[n]
            if let slotOf = j.slotOf, let slots = j.slotBodies {
                slotOf[i] = Int32(r)
                slots[r] = j.solverBodies[i]
            }
        }
        j.failed[part] = 0
        guard let slotOf = j.slotOf, let slots = j.slotBodies else { return }
        let first = j.bodyCount * part / j.parts, last = j.bodyCount * (part + 1) / j.parts
        // Ranked bodies are exactly the listed dynamic ones (ranks 0 ..< dynamic, one each): the others', written
        // here, are never the ranked ones' written above by another part.
        // Only the bodies without a rank are read past the listed ones (a ranked body is named by its rank): the
        // others' slots there are left as they are (copying every body's: `pile 4000 --nosleep` on two threads
        // 0.6 % slower, paired frames).
        for b in first..<last where j.rank[b] < 0 {
            slotOf[b] = Int32(j.all + b)
            slots[j.all + b] = j.solverBodies[b]
        }
    }

    /// Chunks and shares of the per-body passes over the single-precision sub-steps' bodies: `dynamic` bodies, then
    /// up to `all` the kinematic ones (in the first share, `allBodyTable`). With `keyed` (the bodies in layer order
    /// and the key bounds even), thread t's share is the bodies with keys in its range; else equal parts.
    mutating func planBodyShares(threads: Int, dynamic: Int, all: Int, keyed: Bool) {
        let chunk = Swift.max(32, (all + 8 * threads - 1) / (8 * threads))
        let table = scratch.parallel.chunkRanges.count
        let shares = scratch.parallel.shareBounds.count
        scratch.parallel.bodyTable = Int32(table)
        scratch.parallel.bodyShares = Int32(shares)
        var start = 0
        var bodyKey = 0
        var bodiesBelow = 0
        let layers = scratch.layers
        let bodyKeys = LayerSegments(bodyCount: layers.bodyCount, contactCount: layers.contactCount).bodyKeysOffset
        for t in 0..<threads {
            var end = dynamic * (t + 1) / threads
            if keyed {
                if t + 1 == threads {
                    end = dynamic
                } else {
                    // Bodies with keys below the bound.
                    let bound = Int(scratch.parallel.keyBounds[t + 1])
                    while bodyKey < bound {
                        bodiesBelow += Int(scratch.layers.work[bodyKeys + bodyKey])
                        bodyKey += 1
                    }
                    end = Swift.min(dynamic, Swift.max(start, bodiesBelow))
                }
            }
            scratch.parallel.shareBounds.append(Int32(scratch.parallel.chunkRanges.count - table))
            var b = start
            while b < end {
                let e = Swift.min(end, b + chunk)
                scratch.parallel.chunkRanges.append(SIMD2(Int32(b), Int32(e)))
                b = e
            }
            start = end
        }
        let dynamicChunks = scratch.parallel.chunkRanges.count - table
        scratch.parallel.shareBounds.append(Int32(dynamicChunks))
        scratch.parallel.bodyChunks = Int32(dynamicChunks)
        // The same chunks in a table of their own, with the kinematic bodies as one more at the end of the first
        // share: the contacts that read them (ground contacts, key 0) are the first thread's, so in a pipelined job
        // (World+ParallelSolve.swift) no other thread reads what the position pass writes of them.
        let allTable = scratch.parallel.chunkRanges.count
        scratch.parallel.allBodyTable = Int32(allTable)
        scratch.parallel.allBodyShares = Int32(scratch.parallel.shareBounds.count)
        for t in 0..<threads {
            scratch.parallel.shareBounds.append(Int32(scratch.parallel.chunkRanges.count - allTable))
            let lo = Int(scratch.parallel.shareBounds[shares + t]),
                hi = Int(scratch.parallel.shareBounds[shares + t + 1])
            for k in lo..<hi { scratch.parallel.chunkRanges.append(scratch.parallel.chunkRanges[table + k]) }
            if t == 0 && all > dynamic { scratch.parallel.chunkRanges.append(SIMD2(Int32(dynamic), Int32(all))) }
        }
        scratch.parallel.allBodyChunks = Int32(scratch.parallel.chunkRanges.count - allTable)
        scratch.parallel.shareBounds.append(scratch.parallel.allBodyChunks)
        if keyed {
            classBodyChunks(dynamic: dynamic, keys: layers.keyCount)
        } else {
            scratch.parallel.classed = false
        }
    }
}

/// The solver bodies in slots (`ParallelScratch.slotBodies`) while the threads solve: the sub-steps' bodies first in
/// the order of `substepBodies` (layer order, so that each thread's bodies are contiguous), then every body of the
/// world at `slotBase + index` (filled for the static and sleeping bodies the bundles read, the only ones read
/// there), then the sinks. Indexed by body,
/// a thread's solver bodies lie among the other thread's: two bodies share a 64-byte line and the processor fetches
/// lines in pairs, so bodies written by different threads sat on the same lines, which crossed between the cores
/// at every pass (on `pile 4000 --nosleep`, two threads took as long per bundle as one thread took for twice the
/// bundles). The bundles name slots from the step's first warm start (`mapSlots`) on, to the end of the step:
/// the restitution, which reads the double-precision states by body, names each bouncing lane's bodies by body
/// through `substepBodies` (`BundleBodyNames`), and the impulses' store reads only the contacts' indices.
extension World {
    /// The bundles `range` name slots instead of bodies, and `sink` (a slot-space sink) where a lane stores
    /// nothing: done by the step's first warm start of each chunk, before anything reads a slot
    /// (World+ParallelSolve.swift). A lane stores to its body exactly where it writes (`writeA`, `writeB`: the
    /// preparation's store is the body or the sink), so only the bodies are looked up. The bundles name bodies of
    /// the world only (the sinks come with this renaming), each of which has a slot (`sortSubstepBodiesByLayer`):
    /// the four lanes' slots are four loads.
    static func mapSlots(_ c: ParallelSolveContext, _ range: Range<Int>, sink: Int32) {
        let sinks = SIMD4<Int32>(repeating: WideContactConstraint.bodyOffset(sink))
        let laneBits = SIMD4<Int32>(1, 2, 4, 8)
        let slotOf = c.slotOf
        @inline(__always) func slots(_ offsets: SIMD4<Int32>) -> SIMD4<Int32> {
            let body = offsets &>> 5
            return SIMD4(
                slotOf[Int(body[0])], slotOf[Int(body[1])], slotOf[Int(body[2])], slotOf[Int(body[3])])
        }
        for b in range {
            let w = c.constraints + b
            let offsetA = WideContactConstraint.bodyOffsets(slots(w.pointee.bodyA))
            let offsetB = WideContactConstraint.bodyOffsets(slots(w.pointee.bodyB))
            w.pointee.bodyA = offsetA
            w.pointee.bodyB = offsetB
            let writesA = (laneBits & SIMD4(repeating: Int32(w.pointee.writeA))) .!= 0
            let writesB = (laneBits & SIMD4(repeating: Int32(w.pointee.writeB))) .!= 0
            w.pointee.storeA = sinks.replacing(with: offsetA, where: writesA)
            w.pointee.storeB = sinks.replacing(with: offsetB, where: writesB)
        }
    }
}

/// What the parts of `World.sortSubstepBodiesByLayer` read and write: the ranks, the list and its rates, the
/// sorted list and rates, the solver bodies by body, and with slots `slotOf` and the slots; by part whether it
/// failed (a rank out of range).
private struct SlotJob {
    let rank: UnsafePointer<Int32>
    let list: UnsafePointer<Int32>
    let rates: UnsafePointer<SubstepRate>
    let toList: UnsafeMutablePointer<Int32>
    let toRates: UnsafeMutablePointer<SubstepRate>
    let solverBodies: UnsafePointer<SolverBody>
    let slotOf: UnsafeMutablePointer<Int32>?
    let slotBodies: UnsafeMutablePointer<SolverBody>?
    let failed: UnsafeMutablePointer<Int>
    let dynamic: Int, all: Int, bodyCount: Int, parts: Int
}
