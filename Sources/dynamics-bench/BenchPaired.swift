import PhysicsCore

/// `--paired`: one thread against `--threads T` on the same world in the same run. The measured frames alternate
/// in blocks of `block` frames between one thread and T (a step computes bit for bit the same either way, so both
/// sides step the same world), the pair's order swapped from pair to pair. A host that slows the whole machine
/// for seconds then slows both sides of a pair alike, where separate runs (`scripts/bench-threads.sh`) catch it on
/// one side only. The cores' round trip (`WorkerPool.roundTripNanoseconds`) is read before and after each pair;
/// a pair during which it exceeded the limit is not counted, as `bench-threads` does with whole runs.
enum PairedLoop {
    /// What a paired run measured.
    struct Samples {
        /// Per counted pair: the mean step time of its one-thread block and of its T-thread block, ms (the first
        /// step of each block, which pays for the switch, included).
        var oneMs: [Double] = []
        var threadsMs: [Double] = []
        /// Pairs not counted because a round trip around them exceeded the limit.
        var discarded = 0
        /// Every round trip read, ns (none when another world held the pool at that moment).
        var roundTrips: [Double] = []
        /// Sum of x + y + angle over every dynamic body and frame, warm-up included, in the order of a plain run
        /// (`FrameSamples.checksum`): equal to a plain run's with the same frames and warm-up, on any thread count.
        var checksum = 0.0

        /// Σ T-thread block times / Σ one-thread block times over the counted pairs (nil when none was counted).
        var ratio: Double? {
            let one = oneMs.reduce(0, +)
            return one > 0 ? threadsMs.reduce(0, +) / one : nil
        }

        /// The median of the counted pairs' own ratios (nil when none was counted).
        var medianPairRatio: Double? {
            PairedLoop.median(zip(threadsMs, oneMs).map { $0 / $1 })
        }
    }

    /// Runs `warmup` frames on the scene's own thread count, then `pairs` pairs of `block`-frame blocks, one
    /// thread and `threads` threads. `roundTripLimit` ns: pairs with a slower round trip before or after are not
    /// counted (0: every pair counts).
    static func run(
        _ scene: inout BenchScene, threads: Int, pairs: Int, block: Int, warmup: Int, roundTripLimit: Double
    ) -> Samples {
        var out = Samples()
        let bodies = scene.dynamicBodies
        for _ in 0..<warmup {
            scene.world.step(dt: FrameLoop.frameDt)
            out.checksum += FrameLoop.poseSum(scene.world, bodies)
        }
        /// One block on `count` threads: its mean step time, ms.
        func runBlock(_ count: Int) -> Double {
            scene.world.workerOverride = count
            var total = 0.0
            for _ in 0..<block {
                let t0 = monotonicMilliseconds()
                FrameLoop.measuredStep(&scene.world)
                total += monotonicMilliseconds() - t0
                out.checksum += FrameLoop.poseSum(scene.world, bodies)
            }
            scene.world.workerOverride = nil
            return total / Double(block)
        }
        for pair in 0..<pairs {
            let before = WorkerPool.shared.roundTripNanoseconds()
            var one = 0.0
            var many = 0.0
            if pair % 2 == 0 {
                one = runBlock(1)
                many = runBlock(threads)
            } else {
                many = runBlock(threads)
                one = runBlock(1)
            }
            let after = WorkerPool.shared.roundTripNanoseconds()
            let reads = [before, after].compactMap { $0 }
            out.roundTrips += reads
            if roundTripLimit > 0 && reads.contains(where: { $0 > roundTripLimit }) {
                out.discarded += 1
            } else {
                out.oneMs.append(one)
                out.threadsMs.append(many)
            }
        }
        return out
    }

    /// The JSON line of a paired run (not a peers' format: `mode` says so).
    static func jsonLine(
        _ scene: BenchScene, _ s: Samples, threads: Int, block: Int, sleep: Bool, roundTripLimit: Double
    ) -> String {
        var j = JSONLine()
        j.string("engine", BenchReport.engineName)
        j.string("mode", "paired")
        j.string("scene", scene.kind.rawValue)
        j.int("n", scene.n)
        j.bool("sleep", sleep)
        j.int("threads", threads)
        j.int("block", block)
        j.int("pairs", s.oneMs.count)
        j.int("discarded", s.discarded)
        j.fixed("one_ms", s.oneMs.isEmpty ? .nan : BenchReport.mean(s.oneMs), 4)
        j.fixed("threads_ms", s.threadsMs.isEmpty ? .nan : BenchReport.mean(s.threadsMs), 4)
        j.fixed("ratio", s.ratio ?? .nan, 4)
        j.fixed("median_pair_ratio", s.medianPairRatio ?? .nan, 4)
        j.fixed("round_trip_ns_median", median(s.roundTrips) ?? .nan, 0)
        j.fixed("round_trip_limit_ns", roundTripLimit, 0)
        j.number("checksum", s.checksum)
        return j.text + "}"
    }

    /// The readable summary of a paired run.
    static func summaryLine(_ scene: BenchScene, _ s: Samples, threads: Int, block: Int) -> String {
        let name = scene.n > 0 ? "\(scene.kind.rawValue) \(scene.n)" : scene.kind.rawValue
        guard let ratio = s.ratio, let pairRatio = s.medianPairRatio else {
            return "\(name): no pair counted (\(s.discarded) discarded: the cores' round trip stayed above the limit)"
        }
        let trip = median(s.roundTrips).map { "median \(fixedString($0, 0)) ns" } ?? "not read"
        return
            "\(name), blocks of \(block) frames alternating: 1 thread \(fixedString(BenchReport.mean(s.oneMs), 3)) ms, "
            + "\(threads) threads \(fixedString(BenchReport.mean(s.threadsMs), 3)) ms a step; ratio \(fixedString(ratio, 3)) "
            + "(median of the pairs' \(fixedString(pairRatio, 3))) over \(s.oneMs.count) pairs, \(s.discarded) not "
            + "counted; the cores' round trip \(trip)"
    }

    private static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid])
    }
}
