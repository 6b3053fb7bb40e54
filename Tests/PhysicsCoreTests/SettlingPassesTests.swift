import Testing
@testable import PhysicsCore

/// The settling passes (`WorldSettings.settlingIterations`, `World.settlingPasses`): while more than half of the
/// touching contacts began touching within `settlingTime`, each sub-step solves and relaxes the contacts that many
/// times instead of `solverIterations`.
@Suite("Settling passes")
struct SettlingPassesTests {
    /// A 40-row pyramid built at once, stepped at 60 Hz with the default 4 sub-steps a frame, sleep on: the frame
    /// at which everything slept (nil: not within `frames`), the top box's sag then, and the world.
    static func pyramid40(settlingIterations: Int, frames: Int) -> (sleptAt: Int?, sag: Double, world: World) {
        var s = Scenes.frameSettings
        s.settlingIterations = settlingIterations
        var (w, ids) = Scenes.pyramid(base: 40, settings: s)
        let top = ids.last!
        let start = w.position(of: top)!
        var sleptAt: Int?
        for frame in 1...frames {
            w.step(dt: 1.0 / 60)
            if w.awakeDynamicBodyCount == 0 {
                sleptAt = frame
                break
            }
        }
        return (sleptAt, (w.position(of: top)! - start).length, w)
    }

    /// With one pass a sub-step the pyramid drops at nearly free fall while its load paths form, then rocks: it
    /// slept only at frame 358 (6 s; `make bench-substeps` at `--settling-passes 1`). With the default 3 passes
    /// while its contacts are under a second old it sleeps at frame 64 and sags 4.72 pt; the bound of 2 s (frame
    /// 120) leaves room for any change of the arithmetic, and fails without the passes by 4 s.
    @Test("A 40-row pyramid built at once sleeps within 2 s with the settling passes, not without")
    func pyramidSleepsSoon() {
        let with = Self.pyramid40(settlingIterations: 3, frames: 120)
        #expect(with.sleptAt != nil, "still \(with.world.awakeDynamicBodyCount) bodies awake after 2 s")
        #expect(with.sag <= 5, "top box sank \(with.sag) pt")
        #expect(with.world.settlingSteps >= 30, "\(with.world.settlingSteps) steps took the settling passes")
        let without = Self.pyramid40(settlingIterations: 1, frames: 120)
        #expect(without.sleptAt == nil, "asleep at frame \(without.sleptAt ?? -1) without the passes")
        #expect(without.world.settlingSteps == 0)
    }

    /// The passes follow the contacts' age: every step of the first second of a fresh 20-row pyramid takes them
    /// (all its contacts began at once), none after it; a box dropped on the settled pyramid adds one young contact
    /// among hundreds of old ones and takes none.
    @Test("The passes run while most touching contacts are under settlingTime old, and stop after")
    func passesFollowTheContactsAge() {
        var s = Scenes.frameSettings
        s.enableSleep = false
        var (w, ids) = Scenes.pyramid(base: 20, settings: s)
        var passes: [Int] = []
        for _ in 0..<120 {
            w.step(dt: 1.0 / 60)
            passes.append(w.scratch.lastContactPasses)
        }
        // Frame 1 has no touching contact yet (the narrow phase creates the pairs in it); frames 2…60 are the first
        // second of the contacts; from frame 62 on they are older than 1 s.
        #expect(passes[1..<60].allSatisfy { $0 == 3 }, "\(passes[0..<62])")
        #expect(passes[62...].allSatisfy { $0 == 1 }, "\(passes[60...])")
        var bd = BodyDefinition()
        bd.position = w.position(of: ids.last!)! + Vec2(0, 60)
        let dropped = w.createBody(bd)!
        _ = try! w.createBox(on: dropped, halfWidth: 20, halfHeight: 20).get()
        var late: [Int] = []
        for _ in 0..<60 {
            w.step(dt: 1.0 / 60)
            late.append(w.scratch.lastContactPasses)
        }
        #expect(late.allSatisfy { $0 == 1 }, "\(late)")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// Bad settings change nothing else: a settling time of zero, below zero or not finite lets no contact settle;
    /// pass counts are clamped to 1…8, and a count at or below `solverIterations` leaves it as it is.
    @Test("Bad settling settings: no settling, or clamped counts")
    func badSettings() {
        #expect(World.settlingSteps(1, dt: 1.0 / 60) == 60)
        #expect(World.settlingSteps(1, dt: 1.0 / 120) == 120)
        #expect(World.settlingSteps(0.01, dt: 1.0 / 60) == 1)
        for bad in [0, -1, Double.nan, Double.infinity, -Double.infinity] {
            #expect(World.settlingSteps(bad, dt: 1.0 / 60) == 0, "settlingTime \(bad)")
        }
        #expect(World.settlingSteps(1e300, dt: 1.0 / 60) == UInt32.max)
        func passes(settling: Int, base: Int, time: Double = 1) -> Int {
            var s = Scenes.frameSettings
            s.settlingIterations = settling
            s.solverIterations = base
            s.settlingTime = time
            var (w, _) = Scenes.pyramid(base: 3, settings: s)
            for _ in 0..<3 { w.step(dt: 1.0 / 60) }
            return w.scratch.lastContactPasses
        }
        #expect(passes(settling: 3, base: 1) == 3)
        #expect(passes(settling: 100, base: 1) == 8)
        #expect(passes(settling: -5, base: 1) == 1)
        #expect(passes(settling: 2, base: 4) == 4)
        #expect(passes(settling: 3, base: 1, time: 0) == 1)
        #expect(passes(settling: 3, base: 1, time: .nan) == 1)
        #expect(passes(settling: 3, base: 1, time: -1) == 1)
    }
}

/// The settling passes on several threads: these step on two threads, so they run in the serialized "Parallel solve"
/// suite (a world stepping on threads in another suite would take the pool from its tests, whose checks that steps
/// ran on the threads then fail).
extension ParallelSolveTests {
    /// The counts are integers gathered in contact order, so the passes (and the motion) are the same on any
    /// number of threads: a 4000-ball pile on 1 and 2 threads, bit for bit, with steps of both kinds.
    @Test("Settling steps and positions are the same on 1 and 2 threads")
    func settlingSameOnAnyThreadCount() {
        func run(_ threads: Int) -> (Int, [Vec2], Int) {
            var s = Scenes.frameSettings
            s.workerCount = threads
            s.adaptiveWorkers = false
            s.validateEachStep = false
            var (w, ids, _) = Scenes.pile(4000, settings: s)
            for _ in 0..<150 { w.step(dt: 1.0 / 60) }
            return (w.settlingSteps, ids.map { w.position(of: $0)! }, w.scratch.parallel.steps)
        }
        let one = run(1), two = run(2)
        #expect(one.0 > 0 && one.0 < 150, "\(one.0) settling steps")
        #expect(one.0 == two.0)
        #expect(one.1 == two.1)
        // And the second run did solve on the threads.
        #expect(one.2 == 0 && two.2 >= 100, "\(two.2) steps on 2 threads")
    }
}
