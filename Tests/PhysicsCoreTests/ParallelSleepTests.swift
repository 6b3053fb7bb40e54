import Testing

@testable import PhysicsCore

/// The sleep pass's reading of the contacts on the parallel finalize's threads (Parallel/World+ParallelFinalize.swift,
/// `updateSleep`): the kinematic rule's bodies found there, in solve order, give what the one-thread loop gives.
extension ParallelSolveTests {
    /// A row of boxes asleep on a kinematic platform at rest, and a crowd of balls falling beside them (enough awake
    /// bodies for the threads). Returns the world, the platform, the row and every dynamic body.
    static func platformAndRow(threads: Int) -> (World, BodyID, [BodyID], [BodyID]) {
        var settings = Scenes.frameSettings
        settings.workerCount = threads
        settings.adaptiveWorkers = false
        settings.gravity = Vec2(0, -1000)
        var w = World(settings: settings)
        Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 2100, halfHeight: 50, friction: 0.6, restitution: 0)
        Scenes.staticBox(&w, center: Vec2(-2050, 400), halfWidth: 50, halfHeight: 400, friction: 0.2, restitution: 0)
        var platform = BodyDefinition()
        platform.type = .kinematic
        platform.position = Vec2(800, 10)
        let platformID = w.createBody(platform)!
        var ps = ShapeDefinition()
        ps.friction = 0.6
        _ = try! w.createBox(on: platformID, halfWidth: 900, halfHeight: 10, ps).get()
        var row: [BodyID] = []
        for i in 0..<40 {
            var bd = BodyDefinition()
            bd.position = Vec2(20 + 40 * Double(i), 30.5)
            let b = w.createBody(bd)!
            var sd = ShapeDefinition()
            sd.friction = 0.6
            _ = try! w.createBox(on: b, halfWidth: 10, halfHeight: 10, sd).get()
            row.append(b)
        }
        var all = row
        for i in 0..<900 {
            var bd = BodyDefinition()
            // Dropped from 300 pt: still landing, hence awake, when the bar starts (frame 70).
            bd.position = Vec2(-1990 + 11 * Double(i % 30), 300 + 11 * Double(i / 30))
            let b = w.createBody(bd)!
            _ = try! w.createCircle(on: b, radius: 5, ShapeDefinition()).get()
            all.append(b)
        }
        return (w, platformID, row, all)
    }

    @Test(
        "A kinematic platform set sliding under a row asleep wakes the row and carries it, as on one thread, while the threads read the contacts for the sleep pass"
    )
    func kinematicRuleOnTheThreads() {
        var results: [[UInt64]] = []
        for threads in [1, 2] {
            var (w, platform, row, all) = Self.platformAndRow(threads: threads)
            var states: [UInt64] = []
            for frame in 0..<150 {
                if frame == 70 {
                    // The row fell asleep on the platform at rest (kinematic bodies at rest sleep at once). Sliding
                    // sideways, the platform does not approach the boxes: only the sleep pass's kinematic rule
                    // wakes them.
                    #expect(row.allSatisfy { w.isAwake($0) == false }, "\(threads) threads")
                    _ = w.setLinearVelocity(platform, Vec2(100, 0))
                }
                let before = w.scratch.parallel.sleepPrepassSteps
                w.step(dt: 1.0 / 60)
                if frame == 70 && threads > 1 {
                    // The step that met the row asleep read the contacts on the threads.
                    #expect(w.scratch.parallel.sleepPrepassSteps == before + 1)
                }
                states += Self.state(w, all)
            }
            // Woken and carried along by friction (the platform went 133 pt).
            #expect(row.allSatisfy { w.isAwake($0) == true }, "\(threads) threads")
            #expect(w.position(of: row[0])!.x > 60, "\(threads) threads: \(w.position(of: row[0])!)")
            #expect(w.validationFailures == 0, "\(w.validationProblems)")
            results.append(states)
        }
        #expect(Self.differences(results[1], results[0]) == 0)
    }
}
