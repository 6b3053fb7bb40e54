import ArgumentParser
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import PhysicsCore

extension SceneKind: ExpressibleByArgument {}

/// `dynamics-bench`: the peers' benchmark scenes on PhysicsCore, one JSON line on stdout (the format of
/// `../shared/peers/README.md`) and a one-line summary on stderr.
@main
struct DynamicsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics-bench",
        abstract: "Headless benchmark of PhysicsCore on the scenes of Box2D 2.4.1 and Chipmunk 7.0.3.",
        discussion: """
            Prints one JSON line on stdout (the fields of ../shared/peers/README.md) and a readable summary on \
            stderr. Examples: dynamics-bench pile 1000 --nosleep; dynamics-bench pyramid 40; dynamics-bench tumbler
            """
    )

    /// The usage line printed after every argument error.
    static let usageLine =
        "usage: dynamics-bench <pile N | pyramid BASE | tumbler | chain> [--nosleep] [--frames F] [--warmup W] [--substeps S] [--settling-passes P] [--threads T [--adaptive-threads | --paired [--block B] [--round-trip-limit NS]]] [--perturb K] [--profile]"

    @Argument(help: "Scene: pile, pyramid, tumbler or chain.")
    var scene: SceneKind

    @Argument(help: ArgumentHelp("Ball count N for pile (1…4000), base BASE for pyramid (1…100).", valueName: "N|BASE"))
    var count: Int?

    @Flag(name: .customLong("nosleep"), help: "Turn sleeping off.")
    var noSleep = false

    @Option(
        name: .customLong("frames"), parsing: .unconditional,
        help: ArgumentHelp("Measured 60 Hz frames.", valueName: "F"))
    var frames = 600

    @Option(
        name: .customLong("warmup"), parsing: .unconditional,
        help: ArgumentHelp("Warm-up frames before measuring.", valueName: "W"))
    var warmup = 60

    @Option(
        name: .customLong("substeps"), parsing: .unconditional,
        help: ArgumentHelp("Solver sub-steps per frame, 1…16.", valueName: "S"))
    var substeps = 2 * WorldSettings().substepCount

    @Option(
        name: .customLong("settling-passes"), parsing: .unconditional,
        help: ArgumentHelp(
            "Solve and relax passes per sub-step while most touching contacts began within the last second "
                + "(WorldSettings.settlingIterations), 1…8; 1 turns the settling passes off.",
            valueName: "P"))
    var settlingPasses = WorldSettings().settlingIterations

    @Option(
        name: .customLong("threads"), parsing: .unconditional,
        help: ArgumentHelp(
            "Threads that step the world (WorldSettings.workerCount), 1…16; the results are the same.",
            valueName: "T"))
    var threads = 1

    @Flag(
        name: .customLong("adaptive-threads"),
        help: ArgumentHelp(
            "With --threads above 1: use the threads only while they make steps faster on this machine "
                + "(WorldSettings.adaptiveWorkers, what the sandbox does); without it every step with enough work "
                + "uses them."))
    var adaptiveThreads = false

    @Option(
        name: .customLong("perturb"), parsing: .unconditional,
        help: ArgumentHelp(
            "Gravity made K × 2⁻²³ of itself stronger (0…1000; 0 = the scene as the peers build it; 1000: 0.012 %): "
                + "an invisible change that samples the spread of the outcomes that are chaotic, such as the frame at "
                + "which a pile falls asleep (scripts/outcome-spread.sh).",
            valueName: "K"))
    var perturb = 0

    @Flag(
        name: .customLong("paired"),
        help: ArgumentHelp(
            "With --threads T above 1: alternate 1 thread and T threads on the same world in blocks of --block "
                + "frames (the measured frames cut into pairs, the order swapped from pair to pair) and print their "
                + "ratio: a host that slows the machine for seconds slows both sides alike. Pairs during which the "
                + "cores' round trip exceeded --round-trip-limit are not counted."))
    var paired = false

    @Option(
        name: .customLong("block"), parsing: .unconditional,
        help: ArgumentHelp("With --paired: frames per block, 1…600 (default 30).", valueName: "B"))
    var block: Int?

    @Option(
        name: .customLong("round-trip-limit"), parsing: .unconditional,
        help: ArgumentHelp(
            "With --paired: largest round trip between the cores (ns, read before and after each pair) of a counted "
                + "pair, 0…100000 (default 200); 0 counts every pair.",
            valueName: "NS"))
    var roundTripLimit: Int?

    /// `--block`, or its default.
    private var blockFrames: Int { block ?? 30 }
    /// `--round-trip-limit`, or its default, ns.
    private var roundTripLimitNanoseconds: Int { roundTripLimit ?? 200 }

    @Flag(
        name: .customLong("profile"),
        help: ArgumentHelp(
            "Also print on stderr where the measured steps spent their time, phase by phase, and what each thread "
                + "did (a clock read per phase and per stage; the results are the same)."))
    var profile = false

    func validate() throws {
        switch scene {
        case .pile:
            guard let n = count else {
                throw ValidationError("pile needs a ball count N: e.g. 'dynamics-bench pile 1000'")
            }
            guard (1...4000).contains(n) else {
                throw ValidationError("pile N must be 1…4000 (the box is sized for up to 4000 balls), got \(n)")
            }
        case .pyramid:
            guard let n = count else {
                throw ValidationError("pyramid needs a base BASE: e.g. 'dynamics-bench pyramid 40'")
            }
            guard (1...100).contains(n) else {
                throw ValidationError("pyramid BASE must be 1…100 (the ground is 4000 pt wide), got \(n)")
            }
        case .tumbler, .chain:
            if let n = count {
                throw ValidationError(
                    "\(scene.rawValue) takes no count, got \(n): run 'dynamics-bench \(scene.rawValue)'")
            }
        }
        guard frames >= 1 else {
            throw ValidationError("--frames must be at least 1, got \(frames): e.g. '--frames 600'")
        }
        guard warmup >= 0 else {
            throw ValidationError("--warmup must be 0 or more, got \(warmup): e.g. '--warmup 60'")
        }
        guard (1...16).contains(substeps) else {
            throw ValidationError("--substeps must be 1…16, got \(substeps): e.g. '--substeps 4'")
        }
        guard (1...8).contains(settlingPasses) else {
            throw ValidationError("--settling-passes must be 1…8, got \(settlingPasses): e.g. '--settling-passes 1'")
        }
        guard WorldSettings.workerCountRange.contains(threads) else {
            throw ValidationError("--threads must be 1…16, got \(threads): e.g. '--threads 2'")
        }
        guard (0...SceneBuilder.maxPerturbation).contains(perturb) else {
            throw ValidationError(
                "--perturb must be 0…\(SceneBuilder.maxPerturbation), got \(perturb): e.g. '--perturb 3'")
        }
        guard !adaptiveThreads || threads > 1 else {
            throw ValidationError("--adaptive-threads needs --threads above 1: e.g. '--threads 2 --adaptive-threads'")
        }
        try validatePaired()
    }

    /// The checks of `--paired`, `--block` and `--round-trip-limit`.
    private func validatePaired() throws {
        guard (1...600).contains(blockFrames) else {
            throw ValidationError("--block must be 1…600 frames, got \(blockFrames): e.g. '--block 30'")
        }
        guard (0...100_000).contains(roundTripLimitNanoseconds) else {
            throw ValidationError(
                "--round-trip-limit must be 0…100000 ns (0: count every pair), got \(roundTripLimitNanoseconds): "
                    + "e.g. '--round-trip-limit 200'")
        }
        guard paired else {
            if block != nil || roundTripLimit != nil {
                throw ValidationError("--block and --round-trip-limit go with --paired: e.g. '--threads 2 --paired'")
            }
            return
        }
        guard threads > 1 else {
            throw ValidationError("--paired needs --threads above 1: e.g. '--threads 2 --paired'")
        }
        guard !adaptiveThreads && !profile else {
            throw ValidationError(
                "--paired measures every step both ways: leave out --adaptive-threads and --profile")
        }
        guard frames >= 2 * blockFrames else {
            throw ValidationError(
                "--paired needs at least one pair of blocks: --frames \(frames) is under 2 × --block \(blockFrames); "
                    + "e.g. '--frames \(2 * blockFrames)'")
        }
    }

    func run() throws {
        var settings = WorldSettings()
        settings.substepCount = substeps
        settings.settlingIterations = settlingPasses
        settings.enableSleep = !noSleep
        settings.workerCount = threads
        settings.adaptiveWorkers = adaptiveThreads
        var built = try SceneBuilder.build(scene, n: count ?? 0, settings: settings, perturbation: perturb)
        if paired {
            let limit = Double(roundTripLimitNanoseconds)
            let samples = PairedLoop.run(
                &built, threads: threads, pairs: frames / (2 * blockFrames), block: blockFrames, warmup: warmup,
                roundTripLimit: limit)
            print(
                PairedLoop.jsonLine(
                    built, samples, threads: threads, block: blockFrames, sleep: !noSleep, roundTripLimit: limit))
            fflush(nil)
            printError(PairedLoop.summaryLine(built, samples, threads: threads, block: blockFrames))
            return
        }
        built.world.stepProfile.enabled = profile
        WorkerPool.shared.timeThreads(profile)
        let samples = FrameLoop.run(&built, frames: frames, warmup: warmup)
        WorkerPool.shared.timeThreads(false)
        let report = BenchReport(
            scene: built, samples: samples, warmup: warmup, sleep: !noSleep, substeps: substeps,
            threads: threads, adaptive: adaptiveThreads, perturbation: perturb)
        print(report.jsonLine)
        fflush(nil)
        printError(report.summaryLine)
        if profile {
            let stepMs = samples.stepMs.reduce(0, +) / Double(samples.stepMs.count)
            for line in BenchProfile.lines(built.world, frames: frames, threads: threads, stepMs: stepMs) {
                printError(line)
            }
        }
    }

    /// Parses, runs, and turns every failure into one line on stderr and exit code 2 — never a stack trace.
    static func main() {
        if let reason = BuildTarget.unsupportedReason() {
            printError("dynamics-bench: \(reason)")
            terminate(2)
        }
        let command: DynamicsBench
        do {
            command = try parse()
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                terminate(0)
            }
            var message = self.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            while message.last == "." || message.last == " " { message.removeLast() }
            printError("dynamics-bench: \(message). \(usageLine)")
            terminate(2)
        }
        do {
            try command.run()
        } catch {
            printError("dynamics-bench: \(error)")
            terminate(1)
        }
    }
}

/// Writes one line to standard error (by file descriptor: the C `stderr` global is not concurrency-safe).
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Ends the process with `code` (file scope, where `exit` is the C function and not ParsableCommand's).
func terminate(_ code: Int32) -> Never {
    exit(code)
}
