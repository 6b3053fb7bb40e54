/// Decides, step by step, whether a world that may use several threads (`WorldSettings.workerCount` above 1,
/// `WorldSettings.adaptiveWorkers`) should use them: by timing its own steps with the threads and alone, on this
/// machine, with this scene. Threads pay only where the cores exchange cache lines quickly: on one two-core
/// machine measured here a round trip between the cores took 400 ns, and a step of the tumbling crowd took 1.38×
/// as long on two threads as on one. A step computes bit for bit the same whichever way it runs, so the choice
/// changes how fast the world steps, never what it computes.
///
/// A probe alternates blocks of `probeBlock` steps with the threads and alone, `probeRounds` blocks of each (the
/// first step of each block, which pays for the switch, is not timed), and compares the medians of the timed steps:
/// the threads are used when their median is under `requiredShare` of the lone one. The choice is then held for
/// `firstHold` steps, twice as long each time a probe confirms it (up to `longestHold`). A new probe starts early
/// when the work (the contacts the last step solved) moved against the choice: more than `workChange` times what it
/// was at the probe while the world steps alone (more work to share may make the threads pay), less than
/// 1 / `workChange` of it while it uses the threads (less may make them a loss); a pile that grows while the threads
/// pay keeps them without probing again. It also starts when, on the threads, `slowStepsBeforeProbe` steps in a row
/// are slower than the last probe's lone median: the machine changed under it (this virtual machine's cores slow
/// down their exchanges for minutes at a time). Only steps with enough work to share
/// (`WorldSettings.parallelContactMinimum` contacts) take part; the others run alone, as they would anyway. The
/// tuner reads no clock: the world gives it each step's time.
public struct ThreadUseTuner: Sendable {
    /// Steps per probe block, the first of which is not timed.
    package static let probeBlock = 4
    /// Blocks of each kind (threads, alone) per probe.
    package static let probeRounds = 3
    /// Steps a choice is held after a probe that changed it (or the first probe): 240 (2 s of 1/120-s steps).
    package static let firstHold = 240
    /// Longest hold, steps: 3840 (32 s of 1/120-s steps).
    package static let longestHold = 3840
    /// The threads are chosen when their median step time is under this share of the lone one: 0.95 (a second
    /// core busy for less than 5 % is not worth its power and its noise).
    package static let requiredShare = 0.95
    /// A change of work by more than this factor since the probe, against the choice, starts a new one: 2.
    package static let workChange = 2
    /// Threaded steps in a row slower than the last probe's lone median that start a new probe: 8.
    package static let slowStepsBeforeProbe = 8

    /// Whether the last probe chose the threads (false before any probe).
    public private(set) var usesThreads = false
    /// Steps that took part and ran on the threads.
    public private(set) var stepsWithThreads = 0
    /// Steps that took part and ran on the calling thread alone.
    public private(set) var stepsAlone = 0
    /// Probes finished.
    public private(set) var probes = 0

    private var probing = true
    /// Probe block under way (even: threads, odd: alone) and its step.
    private var block = 0
    private var stepInBlock = 0
    /// Timed steps of the probe under way, ns.
    private var threadTimes: [UInt64] = []
    private var aloneTimes: [UInt64] = []
    private var holdLeft = 0
    private var hold = ThreadUseTuner.firstHold
    /// Work of the step that started the probe (or of the first one after it).
    private var probeWork = 0
    /// The last probe's median lone step, ns, and the threaded steps since in a row that took longer.
    private var aloneMedian: UInt64 = 0
    private var slowSteps = 0
    /// The step that `plan` announced, until `record` takes its time.
    private var planned: Bool?

    /// A tuner that has not measured anything yet (its first probe starts with the first step that takes part).
    public init() {}

    /// Whether the next step runs on the threads, for a step with `work` contacts to solve (nil when it does not
    /// take part: too little work, it runs alone). Call `record` with its time afterwards, or `discard` when it
    /// did not run as planned.
    package mutating func plan(work: Int) -> Bool? {
        guard work >= WorldSettings.parallelContactMinimum else {
            planned = nil
            return nil
        }
        if !probing {
            let changed =
                usesThreads ? work * Self.workChange < probeWork : work > probeWork * Self.workChange
            holdLeft -= 1
            if changed || holdLeft < 0 || slowSteps >= Self.slowStepsBeforeProbe { startProbe() }
        }
        if probing && block == 0 && stepInBlock == 0 { probeWork = work }
        let threads = probing ? block % 2 == 0 : usesThreads
        planned = threads
        return threads
    }

    /// The time of the step `plan` announced, ns.
    package mutating func record(nanoseconds: UInt64) {
        guard let threads = planned else { return }
        planned = nil
        if threads { stepsWithThreads += 1 } else { stepsAlone += 1 }
        guard probing else {
            if threads { slowSteps = nanoseconds > aloneMedian ? slowSteps + 1 : 0 }
            return
        }
        if stepInBlock > 0 {
            if threads { threadTimes.append(nanoseconds) } else { aloneTimes.append(nanoseconds) }
        }
        stepInBlock += 1
        guard stepInBlock == Self.probeBlock else { return }
        stepInBlock = 0
        block += 1
        if block == 2 * Self.probeRounds { decide() }
    }

    /// Forgets the step `plan` announced: it did not run as planned (it was meant for the threads, and its solve
    /// ran alone). A probe block then takes one more step.
    package mutating func discard() { planned = nil }

    private mutating func startProbe() {
        probing = true
        slowSteps = 0
        block = 0
        stepInBlock = 0
        threadTimes.removeAll(keepingCapacity: true)
        aloneTimes.removeAll(keepingCapacity: true)
    }

    private mutating func decide() {
        aloneMedian = Self.median(&aloneTimes)
        let threads = Double(Self.median(&threadTimes)) < Self.requiredShare * Double(aloneMedian)
        hold = probes > 0 && threads == usesThreads ? Swift.min(2 * hold, Self.longestHold) : Self.firstHold
        usesThreads = threads
        holdLeft = hold
        probes += 1
        probing = false
    }

    /// The median of `times` (the lower middle one of an even count); sorts them.
    private static func median(_ times: inout [UInt64]) -> UInt64 {
        if times.isEmpty { return 0 }
        times.sort()
        return times[(times.count - 1) / 2]
    }
}
