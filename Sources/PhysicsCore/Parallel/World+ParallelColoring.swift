/// The ordering's sort by key and colouring (Solver/ContactOrdering.swift) on several threads, bit for bit the
/// order, colours and layers the serial passes make.
///
/// Only the first fit is serial by nature (each contact's colour depends on every contact before it that shares a
/// body); the rest is cut in parts, one per thread:
/// 1. Each part gives its run of the contacts their keys and counts them by key; the counts become, key by key and
///    part by part, where each part's contacts of a key go: the stable counting sort's positions.
/// 2. Each part puts its run into the sorted order from those positions (earlier parts' contacts of a key first:
///    list order within a key, as the serial sort).
///    Each contact's moving bodies go beside it (into the adjacency's words, free after the breadth-first search),
///    so that the first fit reads them in sequence.
/// 3. One thread colours the sorted contacts first fit, and only that (the colour counts are the parts' work);
///    another ranks the moving bodies in layer order (`rankBodies`) meanwhile, and gathers the awake bodies'
///    preparation records (`AwakeGather`) when the breadth-first search's job did not
///    (Parallel/World+ParallelOrdering.swift).
/// 4. Each part counts its run's colours (and two-point manifolds per colour); the counts become, colour by colour
///    and part by part, where each part's contacts of a colour go.
/// 5. Each part deals its run of the sorted contacts into the order from those cursors, and clears its run of the
///    bodies' colour masks.
extension World {
    /// Words of `ParallelScratch.orderCounts` for `threads` threads and `bodyCount` bodies: by part, a count per
    /// key (at most `bodyCount + 3` keys), then by part a colour snapshot (`colorSnapshotWords`).
    static func orderCountWords(threads: Int, bodyCount: Int) -> Int {
        threads * (bodyCount + 3) + threads * colorSnapshotWords
    }

    /// A part's colour counts: contacts per colour (65), two-point manifolds per colour (64, and a word for the
    /// overflow colour, never counted); then the counts before its run, then its cursors.
    private static let colorSnapshotWords = 130

    /// `sortByKey`, `rankBodies` and `color` with the contacts' keys by order position (`l.keys`), on `threads`
    /// threads (the pool held), after `depthsFromGround`. `counts` has `orderCountWords` words. Returns the number of
    /// keys and of ranked bodies.
    static func sortAndColorInParallel(
        _ s: OrderPointers, _ l: LayerPointers, _ o: OrderOutput, tail: Int, unreached: Int32, bodyCount: Int,
        threads: Int, counts: UnsafeMutablePointer<Int32>, awake: AwakeGather?
    ) -> (keys: Int, ranked: Int) {
        let keys = Int(unreached) + 1
        var ranked = 0
        withUnsafeMutablePointer(to: &ranked) { ranked in
            var job = ColoringJob(
                s: s, l: l, o: o, keys: keys, unreached: unreached, tail: tail, bodyCount: bodyCount, parts: threads,
                keyCounts: counts, snapshots: counts + threads * keys, ranked: ranked, awake: awake)
            runColoringJob(&job, threads: threads)
        }
        return (keys, ranked)
    }

    /// The four jobs of `sortAndColorInParallel`, and the serial steps between them.
    private static func runColoringJob(_ job: inout ColoringJob, threads: Int) {
        withUnsafeMutablePointer(to: &job) { pointer in
            let raw = UnsafeRawPointer(pointer)
            let pool = WorkerPool.shared
            pool.runParts(threads: threads, parts: threads, raw) { raw, part in
                World.countKeys(raw.assumingMemoryBound(to: ColoringJob.self).pointee, part: part)
            }
            World.keyPositions(pointer.pointee)
            pool.runParts(threads: threads, parts: threads, raw) { raw, part in
                World.sortPart(raw.assumingMemoryBound(to: ColoringJob.self).pointee, part: part)
            }
            pool.runParts(threads: threads, parts: 2, raw) { raw, part in
                let j = raw.assumingMemoryBound(to: ColoringJob.self).pointee
                if part == 0 {
                    World.firstFitInSequence(j)
                } else {
                    j.ranked.pointee = World.rankBodies(
                        j.s, j.l, j.o.moving, count: j.o.count, tail: j.tail, keys: j.keys, bodyCount: j.bodyCount)
                    if let awake = j.awake { World.gatherAwakeBodies(awake, 0..<awake.awakeCount) }
                }
            }
            pool.runParts(threads: threads, parts: threads, raw) { raw, part in
                World.countColors(raw.assumingMemoryBound(to: ColoringJob.self).pointee, part: part)
            }
            World.colorCountsBeforeParts(pointer.pointee)
            World.dealCursors(pointer.pointee)
            pool.runParts(threads: threads, parts: threads, raw) { raw, part in
                World.dealPart(raw.assumingMemoryBound(to: ColoringJob.self).pointee, part: part)
            }
        }
    }

    /// Part `part`'s run of the contacts: each one's key (the lower depth of its bodies, `unreached` for a body the
    /// ground does not reach) into `colorOf`, counted in the part's row.
    private static func countKeys(_ j: ColoringJob, part: Int) {
        let row = j.keyCounts + part * j.keys
        row.update(repeating: 0, count: j.keys)
        @inline(__always) func depth(_ body: Int32) -> Int32 {
            let d = j.s.depth[Int(body)]
            return d < 0 ? j.unreached : d
        }
        for i in j.contacts(part) {
            let key = Swift.min(depth(j.o.moving[i].x), depth(j.o.moving[i].y))
            j.s.colorOf[i] = key
            row[Int(key)] &+= 1
        }
    }

    /// The counts become positions in the sorted order, key by key and part by part; `heads[key]` the end of the
    /// key's run, as the serial sort leaves it.
    private static func keyPositions(_ j: ColoringJob) {
        var start: Int32 = 0
        for key in 0..<j.keys {
            for part in 0..<j.parts {
                let cell = j.keyCounts + part * j.keys + key
                let n = cell.pointee
                cell.pointee = start
                start &+= n
            }
            j.s.heads[key] = start
        }
    }

    /// Part `part`'s run of the contacts into the sorted order, each one's moving bodies beside it (`sortedMoving`).
    private static func sortPart(_ j: ColoringJob, part: Int) {
        let row = j.keyCounts + part * j.keys
        let sortedMoving = j.sortedMoving
        for i in j.contacts(part) {
            let key = Int(j.s.colorOf[i])
            let position = Int(row[key])
            j.s.sorted[position] = Int32(i)
            let m = j.o.moving[i]
            sortedMoving[2 &* position] = m.x
            sortedMoving[2 &* position &+ 1] = m.y
            row[key] &+= 1
        }
    }

    /// The serial first fit (`firstFit`'s colours, bit for bit) over the sorted contacts' moving bodies read in
    /// sequence, without counting: each contact's colour by sorted position in `colorOf`. The colour is the
    /// lowest bit neither body has taken, found without a branch (`~used & (used + 1)`; none when both have taken
    /// all 64: the overflow colour, 64).
    private static func firstFitInSequence(_ j: ColoringJob) {
        let mask = j.o.colorMask, moving = j.sortedMoving, colorOf = j.s.colorOf
        for n in 0..<j.o.count {
            let a = Int(moving[2 &* n]), b = Int(moving[2 &* n &+ 1])
            let used = mask[a] | mask[b]
            let bit = ~used & (used &+ 1)
            mask[a] |= bit
            mask[b] |= bit
            // `colorMask[-1]` stands for the side that does not move: always 0.
            mask[-1] = 0
            colorOf[n] = Int32(truncatingIfNeeded: bit.trailingZeroBitCount)
        }
    }

    /// Part `part`'s run of the sorted contacts counted by colour in its row: contacts per colour (`row[c]`), and
    /// two-point manifolds per colour 0–63 (`row[65 + c]`).
    private static func countColors(_ j: ColoringJob, part: Int) {
        let row = j.snapshots + part * colorSnapshotWords
        row.update(repeating: 0, count: colorSnapshotWords)
        for n in j.contacts(part) {
            let c = Int(j.s.colorOf[n])
            row[c] &+= 1
            let twoPoint = c < 64 && j.o.input[Int(j.s.sorted[n])] < 0
            row[65 &+ c] &+= twoPoint ? 1 : 0
        }
    }

    /// The parts' counts become the counts before each part's run (its snapshot, as `dealCursors` reads it), and
    /// their sums the colours' counts as the serial colouring leaves them before its starts: contacts of colour c
    /// in `colorStart[c + 1]`, two-point manifolds of colour c in `twoPointEnd[c]`.
    private static func colorCountsBeforeParts(_ j: ColoringJob) {
        j.o.colorStart.update(repeating: 0, count: 66)
        j.o.twoPointEnd.update(repeating: 0, count: 64)
        for part in 0..<j.parts {
            let row = j.snapshots + part * colorSnapshotWords
            for c in 0..<65 {
                let n = row[c]
                row[c] = j.o.colorStart[c + 1]
                j.o.colorStart[c + 1] &+= n
            }
            for c in 0..<64 {
                let n = row[65 + c]
                row[65 + c] = j.o.twoPointEnd[c]
                j.o.twoPointEnd[c] &+= n
            }
        }
    }

    /// The colours' ends and two-point runs as the serial colouring leaves them, and each part's cursors (in place
    /// of its snapshot): its two-point and overflow contacts from where the runs before it ended in each colour, its
    /// one-point contacts likewise after the colour's two-point run.
    private static func dealCursors(_ j: ColoringJob) {
        let colorStart = j.o.colorStart, twoPointEnd = j.o.twoPointEnd
        // Counts to starts: colour c from `colorStart[c]`, its one-point run from `starts + two-point count`.
        for c in 0..<65 { colorStart[c + 1] &+= colorStart[c] }
        for part in 0..<j.parts {
            let snapshot = j.snapshots + part * colorSnapshotWords
            for c in 0..<65 {
                let before = snapshot[c], twoBefore = c < 64 ? snapshot[65 + c] : before
                // `other` cursor: two-point manifolds (and the overflow colour) from the colour's start.
                snapshot[c] = colorStart[c] &+ twoBefore
                if c < 64 {
                    // `onePoint` cursor: after the colour's two-point run, past the one-point contacts before.
                    snapshot[65 + c] = colorStart[c] &+ twoPointEnd[c] &+ (before &- twoBefore)
                }
            }
        }
        // The serial colouring's result: `colorStart[c]` the end of colour c, `twoPointEnd[c]` where its one-point
        // run begins.
        for c in 0..<64 { twoPointEnd[c] &+= colorStart[c] }
        for c in 0..<65 { colorStart[c] = colorStart[c + 1] }
    }

    /// Part `part`'s run of the sorted contacts dealt into the order (with each one's key beside it, `l.keys`), and
    /// its run of the colour masks cleared.
    private static func dealPart(_ j: ColoringJob, part: Int) {
        let cursors = j.snapshots + part * colorSnapshotWords
        let run = j.contacts(part)
        // The keys' runs are in sorted order: the first key whose run ends past this part's start, and so on.
        var key = 0
        for n in run {
            let position = deal(j.s, j.o, n, onePoint: cursors + 65, other: cursors)
            while n >= Int(j.s.heads[key]) { key &+= 1 }
            j.l.keys[position] = Int32(key)
        }
        let bodies = j.bodyCount * part / j.parts..<j.bodyCount * (part + 1) / j.parts
        (j.o.colorMask + bodies.lowerBound).update(repeating: 0, count: bodies.count)
        if part == 0 { j.o.colorMask[-1] = 0 }
    }
}

/// What the parts of `World.sortAndColorInParallel` read and write.
private struct ColoringJob {
    let s: OrderPointers
    let l: LayerPointers
    let o: OrderOutput
    let keys: Int
    let unreached: Int32
    /// The bodies the ground reaches (`depthsFromGround`).
    let tail: Int
    let bodyCount: Int
    let parts: Int
    /// By part, a count (then a position in the sorted order) per key.
    let keyCounts: UnsafeMutablePointer<Int32>
    /// By part, its colour snapshot, then its cursors (`World.colorSnapshotWords` each).
    let snapshots: UnsafeMutablePointer<Int32>
    /// Where the moving bodies ranked are counted (`rankBodies`).
    let ranked: UnsafeMutablePointer<Int>
    /// The awake bodies to gather beside the first fit (nil: gathered already, beside the breadth-first search).
    let awake: AwakeGather?

    /// By sorted position, the contact's moving bodies (two words each): the adjacency's words (`edges`, two per
    /// contact), which nothing reads after the breadth-first search.
    var sortedMoving: UnsafeMutablePointer<Int32> { s.edges }

    /// Part `part`'s run of the contacts to solve (by list position, or by sorted position).
    func contacts(_ part: Int) -> Range<Int> { o.count * part / parts..<o.count * (part + 1) / parts }
}
