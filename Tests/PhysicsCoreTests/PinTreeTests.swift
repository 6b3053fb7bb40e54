import Testing
@testable import PhysicsCore

/// Largest difference in position (pt) and angle (rad) between the same bodies of two worlds.
private func largestDifference(_ a: World, _ b: World, _ ids: [BodyID]) -> (Double, Double) {
    var dp = 0.0, da = 0.0
    for id in ids {
        dp = Swift.max(dp, (a.position(of: id)! - b.position(of: id)!).length)
        da = Swift.max(da, abs(a.angle(of: id)! - b.angle(of: id)!))
    }
    return (dp, da)
}

private func link(_ w: inout World, at p: Vec2, angle: Double = 0) -> BodyID {
    var d = BodyDefinition()
    d.position = p
    d.angle = angle
    let id = w.createBody(d)!
    var s = ShapeDefinition()
    s.filter = CollisionFilter(categoryBits: 0, collideMask: 0)
    _ = w.createBox(on: id, halfWidth: 10, halfHeight: 3, s)
    return id
}

/// A branched pin tree hanging from the ground (a hub with three 4-link arms) and a floating 6-link chain with
/// no ground (rooted at a body), every link jittered off its joints by up to 0.4 pt.
private func branchedScene(exactVelocities: Bool) -> (World, [BodyID]) {
    var s = Scenes.frameSettings
    s.gravity = Vec2(0, -1000)
    s.exactJointVelocities = exactVelocities
    var w = World(settings: s)
    var rng = SeededRandom(state: 11)
    var ids: [BodyID] = []
    func jitter() -> Vec2 { Vec2(rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4)) }
    var ground = BodyDefinition()
    ground.type = .static
    let anchor = w.createBody(ground)!
    let hub = link(&w, at: Vec2(10, 0) + jitter())
    ids.append(hub)
    _ = w.createJoint(.revolute(anchor, hub, anchor: .zero))
    for arm in 0..<3 {
        let angle = -0.5 * Double.pi + Double(arm - 1) * 0.6
        let dir = Vec2(mCos(angle), mSin(angle))
        var previous = hub, p = Vec2(20, 0)
        for _ in 0..<4 {
            let id = link(&w, at: p + 10 * dir + jitter(), angle: angle + rng.uniform(-0.05, 0.05))
            _ = w.createJoint(.revolute(previous, id, anchor: p))
            ids.append(id)
            previous = id
            p += 20 * dir
        }
    }
    var previous: BodyID? = nil
    for m in 0..<6 {
        let id = link(&w, at: Vec2(300 + 20 * Double(m) + 10, 50) + jitter())
        if let prev = previous { _ = w.createJoint(.revolute(prev, id, anchor: Vec2(300 + 20 * Double(m), 50))) }
        _ = w.setLinearVelocity(id, Vec2(rng.uniform(-200, 200), rng.uniform(-200, 200)))
        ids.append(id)
        previous = id
    }
    return (w, ids)
}

@Suite("Pin forest solver")
struct PinTreeTests {
    /// The pin-specialised elimination is the generic tree solver's algebra in another order: on the scrambled
    /// 50-link chain (gaps up to ≈ 0.6 pt, three Newton iterations) both move every link to the same place within
    /// 1e-9 pt and 1e-9 rad (rounding only; a wrong sign or a dropped term shows at 1e-3 or more).
    @Test func matchesTheGenericSolverOnAScrambledChain() {
        var (w, joints) = chainScene(substeps: 1)
        w.gravity = .zero
        var rng = SeededRandom(state: 7)
        var p = Vec2(-1650, 0), angle = 0.0
        var ids: [BodyID] = []
        for j in joints.prefix(50) {
            angle += rng.uniform(-0.75, 0.75)
            let dir = Vec2(mCos(angle), mSin(angle))
            let body = w.bodies(of: j)!.1
            w.setTransform(
                body, position: p + 10 * dir + Vec2(rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)), angle: angle)
            ids.append(body)
            p += 20 * dir
        }
        var generic = w
        generic.forest.usePinTree = false
        w.step(dt: 1e-6)
        generic.step(dt: 1e-6)
        #expect(w.forest.treeIsPin && !generic.forest.treeIsPin)
        let (dp, da) = largestDifference(w, generic, ids)
        #expect(dp <= 1e-9 && da <= 1e-9, "differences \(dp) pt, \(da) rad")
        #expect(largestGap(w, joints) <= w.settings.jointProjectionTolerance)
    }

    /// A branched tree (a hub with three arms: parents that are not the next node in the elimination order) and a
    /// floating chain rooted at a body: one 60 Hz step with gravity, the same result as the generic solver within
    /// 1e-9 pt and rad — with Gauss–Seidel joint velocities and with the exact velocity pass.
    @Test(arguments: [false, true])
    func matchesTheGenericSolverOnBranchedAndFloatingTrees(exactVelocities: Bool) {
        var (w, ids) = branchedScene(exactVelocities: exactVelocities)
        var generic = w
        generic.forest.usePinTree = false
        w.step(dt: 1.0 / 60)
        generic.step(dt: 1.0 / 60)
        #expect(w.forest.treeIsPin && !generic.forest.treeIsPin)
        let (dp, da) = largestDifference(w, generic, ids)
        #expect(dp <= 1e-9 && da <= 1e-9, "differences \(dp) pt, \(da) rad")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    /// A limited pin is not a free pin: it leaves the forest (loop list) and keeps its own Gauss–Seidel kernel
    /// in the rows while the free pin above it stays in the pin forest; the limit holds (within 0.01 rad: the
    /// soft limit's give in a swing).
    @Test func aLimitedPinKeepsItsOwnKernel() {
        var s = Scenes.frameSettings
        s.gravity = Vec2(0, -1000)
        var w = World(settings: s)
        var ground = BodyDefinition()
        ground.type = .static
        let anchor = w.createBody(ground)!
        let a = link(&w, at: Vec2(10, 0)), b = link(&w, at: Vec2(30, 0))
        _ = w.createJoint(.revolute(anchor, a, anchor: .zero))
        let limited = w.createJoint(.revolute(a, b, anchor: Vec2(20, 0)))!
        _ = w.setLimits(limited, lower: -0.2, upper: 0.2)
        var worst = 0.0
        for _ in 0..<120 {
            w.step(dt: 1.0 / 60)
            worst = Swift.max(worst, abs(w.jointAngle(of: limited)!))
        }
        #expect(w.forest.treeIsPin && w.forest.loopJoints == [limited.index])
        #expect(w.forest.pinRows.map(\.isPin) == [true, false])
        #expect(worst <= 0.21, "angle reached \(worst) rad")
    }

    /// Gauss–Seidel rows of different islands are interleaved (the four chains' joints alternate) only for speed:
    /// joints of two islands share no moving body, so 120 frames of the whipping chains end bit for bit where the
    /// creation order ends.
    @Test func interleavingIslandsChangesNothing() {
        var (w, joints) = chainScene(substeps: 6)
        var plain = w
        plain.forest.rowScratch.interleave = false
        for _ in 0..<120 {
            w.step(dt: 1.0 / 60)
            plain.step(dt: 1.0 / 60)
        }
        #expect(w.forest.pinRows.prefix(4).map(\.joint) == [0, 50, 100, 150])  // the first joint of each chain
        #expect(plain.forest.pinRows.prefix(4).map(\.joint) == [0, 1, 2, 3])
        var same = true
        for j in joints {
            let body = w.bodies(of: j)!.1
            same =
                same && w.position(of: body)! == plain.position(of: body)!
                && w.angle(of: body)! == plain.angle(of: body)!
        }
        #expect(same)
    }

    /// The pins' accumulated impulses survive the step (warm starting): a link hanging at rest under 1000 pt/s²
    /// carries m·g·h per sub-step at its pin (h = 1/60 s over the frame's sub-steps), within 0.1 % (what the soft
    /// solve leaves).
    @Test func pinImpulsesAreKeptForWarmStarting() {
        var s = Scenes.frameSettings
        s.gravity = Vec2(0, -1000)
        var w = World(settings: s)
        var ground = BodyDefinition()
        ground.type = .static
        let anchor = w.createBody(ground)!
        let bob = link(&w, at: Vec2(0, -10), angle: -0.5 * Double.pi)
        let pin = w.createJoint(.revolute(anchor, bob, anchor: .zero))!
        for _ in 0..<120 { w.step(dt: 1.0 / 60) }
        let m = w.bodies[Int(bob.index)].mass
        let expected = m * 1000 / (60 * Double(s.substepCount))
        let impulse = w.joints[Int(pin.index)].linearImpulse
        #expect(
            abs(impulse.y - expected) <= 1e-3 * expected && abs(impulse.x) <= 1e-3 * expected,
            "impulse \(impulse), expected (0, \(expected))")
    }
}
