import Testing
@testable import PhysicsCore

/// Begin events come from the narrow phase's candidates (`ContactUpdate.mayBegin`, `StepScratch.beginCandidates`):
/// `emitBeginEvents` looks at those contacts alone, so a contact that began touching without being one would lose
/// its event. With `validateEachStep` the world checks every step that no other contact begins (a
/// `validationProblems` entry otherwise); these scenes begin contacts every way there is.
@Suite("Begin candidates")
struct BeginCandidateTests {
    /// A floor (elastic), balls dropped from several heights so that some land fast (their speculative points begin
    /// touching through the solve's impulse) and some slowly (the narrow phase finds them touching), a report-only
    /// strip they fall through (begins without a solve), and a pile that falls asleep and is struck.
    static func scene() -> (World, [BodyID]) {
        var settings = Scenes.frameSettings
        settings.gravity = Vec2(0, -1000)
        var w = World(settings: settings)
        Scenes.staticBox(&w, center: Vec2(500, -50), halfWidth: 600, halfHeight: 50, friction: 0.4, restitution: 0.3)
        // The report-only strip: no category to collide with, every category reported.
        var strip = BodyDefinition()
        strip.type = .static
        strip.position = Vec2(500, 300)
        let stripBody = w.createBody(strip)!
        var sd = ShapeDefinition()
        sd.filter = CollisionFilter(categoryBits: 2, collideMask: 0, reportMask: .max)
        _ = try! w.createBox(on: stripBody, halfWidth: 500, halfHeight: 5, sd).get()
        var ids: [BodyID] = []
        for k in 0..<60 {
            var bd = BodyDefinition()
            bd.position = Vec2(40 + Double(k % 30) * 30, 40 + Double(k / 30) * 500 + Double(k % 7) * 60)
            let b = w.createBody(bd)!
            var ball = ShapeDefinition()
            ball.restitution = k % 2 == 0 ? 0.6 : 0
            _ = try! w.createCircle(on: b, radius: 12, ball).get()
            ids.append(b)
        }
        return (w, ids)
    }

    @Test("Every contact that begins touching is a candidate: no step misses a begin event")
    func noBeginIsMissed() {
        var (w, ids) = Self.scene()
        var begins = 0
        var reportOnly = 0
        var asleepBeforeStrike = 0
        var asleepAfterStrike = 0
        // Which balls roll on (or off the floor's ends) and how long is chaotic (a change of the arithmetic moves it
        // by seconds), so the strike waits for the pile: the first whole second from 8 s on with 20 balls asleep.
        var strikeFrame: Int?
        for f in 0..<1200 {
            if strikeFrame.map({ f == $0 + 20 }) == true {
                asleepAfterStrike = ids.filter { w.isAwake($0) == false }.count
            }
            if strikeFrame.map({ f >= $0 + 180 }) == true { break }
            if strikeFrame == nil && f >= 480 && f % 60 == 0 {
                asleepBeforeStrike = ids.filter { w.isAwake($0) == false }.count
            }
            if strikeFrame == nil && asleepBeforeStrike >= 20 {
                strikeFrame = f
                // Strike the pile (mostly asleep) with a fast ball: the woken island's contacts are solved
                // without a narrow-phase update in that step, which then scans every contact.
                var bd = BodyDefinition()
                bd.position = Vec2(5, 12)
                bd.linearVelocity = Vec2(3000, 0)
                let b = w.createBody(bd)!
                _ = try! w.createCircle(on: b, radius: 12).get()
                ids.append(b)
            }
            w.step(dt: 1.0 / 60)
            begins += w.beginEvents.count
            reportOnly += w.beginEvents.filter { $0.shapeA.index == 1 || $0.shapeB.index == 1 }.count
        }
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
        // The scene did begin contacts each way: on the floor and between balls, and through the report-only strip.
        #expect(begins > 100 && reportOnly >= 30, "\(begins) begins, \(reportOnly) through the strip")
        #expect(strikeFrame != nil, "never 20 balls asleep in 20 s (\(asleepBeforeStrike) at the last count)")
        #expect(
            asleepBeforeStrike >= 20 && asleepAfterStrike < asleepBeforeStrike,
            "\(asleepBeforeStrike) balls asleep when struck, \(asleepAfterStrike) a third of a second later")
    }
}
