import Testing
@testable import PhysicsCore

/// `ThreadUseTuner` (`WorldSettings.adaptiveWorkers`): the world uses its threads only while they make its steps
/// faster on the machine it runs on. The tuner is fed step times here, so its choices are checked exactly, whatever
/// this machine's cores do; a world with the tuner on steps bit for bit as on one thread.
@Suite("Thread use tuner")
struct ThreadUseTunerTests {
    /// Work that takes part (contacts): at least `WorldSettings.parallelContactMinimum`.
    static let work = 4 * WorldSettings.parallelContactMinimum
    /// Steps of one probe: blocks of each kind, threads first.
    static let probeSteps = 2 * ThreadUseTuner.probeRounds * ThreadUseTuner.probeBlock

    /// Runs `steps` steps; `time(threads, index)` gives each step's time (ns). Returns which steps used threads.
    @discardableResult
    static func run(
        _ tuner: inout ThreadUseTuner, steps: Int, work: Int = work, time: (Bool, Int) -> UInt64
    ) -> [Bool] {
        var used: [Bool] = []
        for k in 0..<steps {
            let threads = tuner.plan(work: work)
            used.append(threads == true)
            tuner.record(nanoseconds: time(threads == true, k))
        }
        return used
    }

    @Test("A probe alternates blocks of threaded and lone steps, then keeps the faster way")
    func probeThenKeepTheFaster() {
        for (threadShare, chosen) in [(0.6, true), (1.4, false), (0.97, false)] {
            var tuner = ThreadUseTuner()
            let used = Self.run(&tuner, steps: Self.probeSteps) { threads, _ in
                threads ? UInt64(threadShare * 1_000_000) : 1_000_000
            }
            // Blocks of `probeBlock` steps: threads, alone, threads, …
            let block = ThreadUseTuner.probeBlock
            #expect(used == (0..<Self.probeSteps).map { ($0 / block) % 2 == 0 }, "share \(threadShare)")
            #expect(tuner.probes == 1 && tuner.usesThreads == chosen, "share \(threadShare)")
            // Then every step goes the chosen way until the hold ends.
            let held = Self.run(&tuner, steps: ThreadUseTuner.firstHold) { threads, _ in
                threads ? UInt64(threadShare * 1_000_000) : 1_000_000
            }
            #expect(held.allSatisfy { $0 == chosen }, "share \(threadShare)")
            #expect(tuner.probes == 1)
        }
    }

    @Test("Slow steps after each switch and a slow step of each kind do not sway the choice (medians)")
    func outliersDoNotSwayTheChoice() {
        var tuner = ThreadUseTuner()
        var lastKind: Bool? = nil
        Self.run(&tuner, steps: Self.probeSteps) { threads, k in
            defer { lastKind = threads }
            // The first threaded step of each block (the pool waking up) costs 50 ms; and one timed step of each
            // kind is 20 times its usual time (the process descheduled).
            if threads && lastKind != true { return 50_000_000 }
            if k == 6 || k == 10 { return 20_000_000 }
            return threads ? 600_000 : 1_000_000
        }
        #expect(tuner.usesThreads)
    }

    @Test("A confirmed choice is held twice as long each time, up to the longest hold; a changed one from the start")
    func holdsGrowWhileConfirmed() {
        var tuner = ThreadUseTuner()
        var slowThreads = false
        let time: (Bool, Int) -> UInt64 = { threads, _ in threads ? (slowThreads ? 1_500_000 : 500_000) : 1_000_000 }
        Self.run(&tuner, steps: Self.probeSteps, time: time)
        var hold = ThreadUseTuner.firstHold
        for probe in 2...6 {
            // The hold, then the next probe.
            let held = Self.run(&tuner, steps: hold, time: time)
            #expect(held.allSatisfy { $0 } && tuner.probes == probe - 1)
            Self.run(&tuner, steps: Self.probeSteps, time: time)
            #expect(tuner.probes == probe && tuner.usesThreads)
            hold = Swift.min(2 * hold, ThreadUseTuner.longestHold)
        }
        #expect(hold == ThreadUseTuner.longestHold)
        // The machine changes (the threads now cost more): eight threaded steps slower than the probe's lone median
        // start a new probe, which turns the threads off and holds that for the first hold only.
        slowThreads = true
        Self.run(&tuner, steps: ThreadUseTuner.slowStepsBeforeProbe + Self.probeSteps, time: time)
        #expect(tuner.probes == 7)
        #expect(!tuner.usesThreads)
        let held = Self.run(&tuner, steps: ThreadUseTuner.firstHold, time: time)
        #expect(held.allSatisfy { !$0 })
        let next = Self.run(&tuner, steps: 1, time: time)
        #expect(next == [true], "a new probe starts, threads first")
    }

    @Test(
        "Work past twice (half) the probe's starts a new probe at once when the world steps alone (on the threads)",
        arguments: [(false, 3.0, true), (false, 0.4, false), (true, 0.4, true), (true, 3.0, false)])
    func workChangeStartsAProbe(threadsPay: Bool, factor: Double, probes: Bool) {
        let time: (Bool, Int) -> UInt64 = { threads, _ in threads == threadsPay ? 1_000_000 : 2_000_000 }
        var tuner = ThreadUseTuner()
        Self.run(&tuner, steps: Self.probeSteps, time: time)
        #expect(tuner.usesThreads == threadsPay)
        // Within twice the probe's work either way: held.
        let held =
            Self.run(&tuner, steps: 10, work: 3 * Self.work / 2, time: time)
            + Self.run(&tuner, steps: 10, work: 2 * Self.work / 3, time: time)
        #expect(held.allSatisfy { $0 == threadsPay } && tuner.probes == 1)
        let next = Self.run(&tuner, steps: 1, work: Int(factor * Double(Self.work)), time: time)
        // A new probe starts with a threaded block; a held choice goes on as it was.
        #expect(next == [probes ? true : threadsPay], "factor \(factor)")
        Self.run(&tuner, steps: Self.probeSteps, work: Int(factor * Double(Self.work)), time: time)
        #expect(tuner.probes == (probes ? 2 : 1), "factor \(factor)")
    }

    @Test("Threaded steps that turn slower than the last probe's lone ones, 8 in a row, start a new probe")
    func slowerThreadsStartAProbe() {
        var tuner = ThreadUseTuner()
        var slow = false
        let time: (Bool, Int) -> UInt64 = { threads, _ in threads ? (slow ? 1_500_000 : 600_000) : 1_000_000 }
        Self.run(&tuner, steps: Self.probeSteps, time: time)
        #expect(tuner.usesThreads && tuner.probes == 1)
        // Seven slow steps, one fast, seven slow: never eight in a row, held.
        slow = true
        Self.run(&tuner, steps: 7, time: time)
        slow = false
        Self.run(&tuner, steps: 1, time: time)
        slow = true
        let held = Self.run(&tuner, steps: 7, time: time)
        #expect(held.allSatisfy { $0 } && tuner.probes == 1)
        // The eighth in a row: the next step starts a probe, which turns the threads off.
        Self.run(&tuner, steps: 1, time: time)
        let used = Self.run(&tuner, steps: Self.probeSteps, time: time)
        #expect(used == (0..<Self.probeSteps).map { ($0 / ThreadUseTuner.probeBlock) % 2 == 0 })
        #expect(tuner.probes == 2 && !tuner.usesThreads)
    }

    @Test("Steps with too little work take no part: they run alone and are not counted")
    func smallStepsTakeNoPart() {
        var tuner = ThreadUseTuner()
        for _ in 0..<100 {
            #expect(tuner.plan(work: WorldSettings.parallelContactMinimum - 1) == nil)
            tuner.record(nanoseconds: 1)
        }
        #expect(tuner.stepsWithThreads == 0 && tuner.stepsAlone == 0 && tuner.probes == 0)
        #expect(tuner.plan(work: WorldSettings.parallelContactMinimum) == true)
    }

    @Test("A discarded step counts for nothing: the probe block it was in takes one more step")
    func discardedStepsDoNotCount() {
        var tuner = ThreadUseTuner()
        var steps = 0
        var discarded = 0
        while tuner.probes == 0 && steps < 100 {
            let threads = tuner.plan(work: Self.work) == true
            // Three threaded steps from the sixth step on find the pool taken.
            if threads && steps >= 5 && discarded < 3 {
                tuner.discard()
                discarded += 1
            } else {
                tuner.record(nanoseconds: threads ? 1 : 2)
            }
            steps += 1
        }
        #expect(discarded == 3 && steps == Self.probeSteps + 3)
        #expect(tuner.usesThreads && tuner.stepsWithThreads + tuner.stepsAlone == Self.probeSteps)
    }
}

/// The tuner in a world: these step on two threads, so they run in the serialized "Parallel solve" suite (a world
/// stepping on threads in another suite would take the pool from its tests).
extension ParallelSolveTests {
    @Test("A world that chooses per step steps bit for bit as on one thread, and probes both ways")
    func adaptiveWorldMatchesOneThread() {
        func run(threads: Int, adaptive: Bool) -> ([Double], ThreadUseTuner) {
            var settings = Scenes.frameSettings
            settings.workerCount = threads
            settings.adaptiveWorkers = adaptive
            var (w, ids, _) = Scenes.pile(1000, settings: settings)
            for _ in 0..<90 { w.step(dt: 1.0 / 60) }
            return (ids.flatMap { [w.position(of: $0)!.x, w.position(of: $0)!.y, w.angle(of: $0)!] }, w.threadUse)
        }
        let (one, oneUse) = run(threads: 1, adaptive: true)
        let (adaptive, use) = run(threads: 2, adaptive: true)
        #expect(adaptive.elementsEqual(one) { $0.bitPattern == $1.bitPattern })
        // One thread asked for: nothing to choose, nothing timed.
        #expect(oneUse.stepsWithThreads == 0 && oneUse.stepsAlone == 0)
        // The first probe (24 steps once the pile has 256 contacts) ran both ways, whatever it then chose.
        #expect(use.probes >= 1 && use.stepsWithThreads >= 12 && use.stepsAlone >= 12)
        #expect(use.stepsWithThreads + use.stepsAlone <= 90)
    }

    @Test("A world whose pool another world holds times nothing as threaded: its probe waits for the pool")
    func poolHeldElsewhereIsNotTimed() {
        var settings = Scenes.frameSettings
        settings.workerCount = 2
        var (w, _, _) = Scenes.pile(1000, settings: settings)
        let held = WorkerPool.shared.acquire(threads: 2)
        #expect(held == 2)
        for _ in 0..<90 { w.step(dt: 1.0 / 60) }
        if held > 1 { WorkerPool.shared.release() }
        // Every step meant for the threads ran alone and was dropped, so the first probe's threaded block never
        // filled: no probe ended (timed as threaded, those lone steps made 12 "threaded" samples and a probe).
        #expect(w.threadUse.stepsWithThreads == 0 && w.threadUse.probes == 0)
        for _ in 0..<40 { w.step(dt: 1.0 / 60) }
        #expect(w.threadUse.probes == 1, "the pool is free again: the probe ends")
    }
}
