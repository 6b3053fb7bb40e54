import Testing
@testable import PhysicsCore

/// The contact preparation (Solver/ContactPrepare*.swift) computes four lanes at a time in single precision (the
/// anchors in double precision, rounded once); its lanes must hold exactly the numbers of the lane-by-lane reference
/// below, bit for bit, so that the vector form changes no result.
@Suite("Contact preparation")
struct ContactPrepareTests {
    /// Distinct soft coefficients for dynamic and static contacts, so that the choice between them is checked.
    private static let contactSoftness = Softness(hertz: 30, dampingRatio: 10, h: 1.0 / 360)
    private static let staticSoftness = Softness(hertz: 60, dampingRatio: 10, h: 1.0 / 360)

    /// One lane's values in a fixed order, as bit patterns: the floats, then the integers.
    private static func lane(_ w: WideContactConstraint, _ l: Int) -> [UInt32] {
        var f: [Float] = [
            w.normalX[l], w.normalY[l], w.friction[l], w.restitution[l], w.normalAcceleration[l], w.invMassA[l],
            w.invIA[l], w.invMassB[l], w.invIB[l], w.biasRate[l], w.massScale[l], w.impulseScale[l], w.invK11[l],
            w.invK12[l], w.invK22[l], w.mnAX[l], w.mnAY[l], w.mnBX[l], w.mnBY[l]
        ]
        for p in [w.p0, w.p1] {
            f += [
                p.anchorAX[l], p.anchorAY[l], p.anchorBX[l], p.anchorBY[l], p.baseSeparation[l],
                p.initialSeparation[l], p.relativeVelocity[l], p.rnA[l], p.rnB[l], p.rtA[l], p.rtB[l],
                p.normalMass[l], p.tangentMass[l], p.normalImpulse[l], p.tangentImpulse[l], p.maxNormalImpulse[l]
            ]
        }
        for q in [w.q0, w.q1] { f += [q.irnA[l], q.irnB[l], q.irtA[l], q.irtB[l]] }
        let i: [Int32] = [
            WideContactConstraint.bodySlot(w.bodyA[l]), WideContactConstraint.bodySlot(w.bodyB[l]),
            WideContactConstraint.bodySlot(w.storeA[l]),
            WideContactConstraint.bodySlot(w.storeB[l]), w.contactIndex[l], w.pointCount[l], w.useBlock[l],
            Int32((w.writeA >> UInt8(l)) & 1), Int32((w.writeB >> UInt8(l)) & 1), Int32((w.slowLanes >> UInt8(l)) & 1)
        ]
        return f.map(\.bitPattern) + i.map { UInt32(bitPattern: $0) }
    }

    /// The reference: contact `k`'s lane computed one value at a time, in the same order: the anchors (contact point
    /// minus centre of mass) in double precision and rounded once, the rest in single precision from the contact's
    /// and the bodies' values rounded to single precision. In a bundle without a lane that bounces (`elastic`
    /// false), what only restitution reads is zero.
    private static func reference(_ world: World, _ k: Int, elastic: Bool) -> [UInt32] {
        let c = world.contacts[k]
        let ia = Int(c.bodyA), ib = Int(c.bodyB)
        let bA = world.bodies[ia], bB = world.bodies[ib]
        let mA = Float(bA.isAwake ? bA.invMass : 0), iA = Float(bA.isAwake ? bA.invInertia : 0)
        let mB = Float(bB.isAwake ? bB.invMass : 0), iB = Float(bB.isAwake ? bB.invInertia : 0)
        let g = world.settings.gravity
        let accA = bA.type == .dynamic ? bA.gravityScale * g + bA.invMass * bA.force : .zero
        let accB = bB.type == .dynamic ? bB.gravityScale * g + bB.invMass * bB.force : .zero
        let nx = Float(c.manifold.normal.x), ny = Float(c.manifold.normal.y)
        let tx = ny, ty = -nx
        let soft = (mA == 0 || mB == 0) ? staticSoftness : contactSoftness
        let vAx = Float(world.states[ia].v.x), vAy = Float(world.states[ia].v.y), wA = Float(world.states[ia].w)
        let vBx = Float(world.states[ib].v.x), vBy = Float(world.states[ib].v.y), wB = Float(world.states[ib].w)
        let slowSpeed = Float(world.settings.restitutionThreshold)
        var points: [[Float]] = []
        // Per point: the lever arms times the inverse inertia, iA·rnA, iB·rnB, iA·rtA, iB·rtB.
        var products: [Float] = []
        var rn: [Float] = []
        var kN: [Float] = []
        // Slow: at some point the bodies neither approach nor part faster than the restitution threshold.
        var slow = false
        for j in 0..<2 {
            guard j < c.manifold.pointCount else {
                points.append([Float](repeating: 0, count: 16))
                products += [0, 0, 0, 0]
                continue
            }
            let mp = c.manifold[j]
            let rAx = Float(mp.point.x - bA.center.x), rAy = Float(mp.point.y - bA.center.y)
            let rBx = Float(mp.point.x - bB.center.x), rBy = Float(mp.point.y - bB.center.y)
            let separation = Float(mp.separation)
            let rnA = rAx * ny - rAy * nx, rnB = rBx * ny - rBy * nx
            let rtA = rAx * ty - rAy * tx, rtB = rBx * ty - rBy * tx
            let kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            // vB + ωB × rB − vA − ωA × rA, and each body's point velocity v + ω × r, ω × r = (−ω·r.y, ω·r.x).
            let dvx = vBx - wB * rBy - vAx + wA * rAy, dvy = vBy + wB * rBx - vAy - wA * rAx
            let s = ((vBx - wB * rBy) - (vAx - wA * rAy)) * nx + ((vBy + wB * rBx) - (vAy + wA * rAx)) * ny
            if s <= slowSpeed && s >= -slowSpeed { slow = true }
            rn += [rnA, rnB]
            products += [iA * rnA, iB * rnB, iA * rtA, iB * rtB]
            kN.append(kn)
            points.append([
                rAx, rAy, rBx, rBy, separation - ((rBx - rAx) * nx + (rBy - rAy) * ny), elastic ? separation : 0,
                elastic ? nx * dvx + ny * dvy : 0, rnA, rnB, rtA, rtB, kn > 0 ? 1 / kn : 0, kt > 0 ? 1 / kt : 0,
                Float(j == 0 ? c.normalImpulse0 : c.normalImpulse1),
                Float(j == 0 ? c.tangentImpulse0 : c.tangentImpulse1),
                0
            ])
        }
        var inverse: [Float] = [0, 0, 0]
        var useBlock: Int32 = 0
        if c.manifold.pointCount == 2 {
            let k12 = mA + mB + iA * rn[0] * rn[2] + iB * rn[1] * rn[3]
            let det = kN[0] * kN[1] - k12 * k12
            if det > 0 && kN[0] * kN[0] < 1000 * det {
                let invDet = 1 / det
                inverse = [kN[1] * invDet, -k12 * invDet, kN[0] * invDet]
                useBlock = -1
            }
        }
        let acceleration =
            (Float(accB.x) - Float(accA.x)) * nx + (Float(accB.y) - Float(accA.y)) * ny
        let f: [Float] =
            [
                nx, ny, Float(c.friction), Float(c.restitution), elastic ? acceleration : 0, mA, iA, mB, iB,
                Float(soft.biasRate), Float(soft.massScale), Float(soft.impulseScale)
            ] + inverse + [mA * nx, mA * ny, mB * nx, mB * ny] + points[0] + points[1] + products
        let sink = Int32(world.bodies.count)
        let moveA = bA.isAwake && (bA.invMass > 0 || bA.invInertia > 0)
        let moveB = bB.isAwake && (bB.invMass > 0 || bB.invInertia > 0)
        let i: [Int32] = [
            c.bodyA, c.bodyB, moveA ? c.bodyA : sink, moveB ? c.bodyB : sink, Int32(k), Int32(c.manifold.pointCount),
            useBlock, moveA ? 1 : 0, moveB ? 1 : 0, slow ? 1 : 0
        ]
        return f.map(\.bitPattern) + i.map { UInt32(bitPattern: $0) }
    }

    /// Prepares the world's current contacts and compares every lane with the reference; returns the number of
    /// lanes checked.
    @discardableResult
    private static func checkLanes(_ world: inout World) -> Int {
        world.prepareContacts(contactSoftness: contactSoftness, staticSoftness: staticSoftness)
        var checked = 0
        for bundle in world.scratch.wideConstraints {
            let elastic = any(bundle.restitution .> 0)
            for l in 0..<Int(bundle.laneCount) {
                let k = Int(bundle.contactIndex[l])
                #expect(lane(bundle, l) == reference(world, k, elastic: elastic), "contact \(k)")
                checked += 1
            }
            // Empty lanes: lane 0's bodies, stored to the sink, zero data, a passing block test.
            let sink = UInt32(world.bodies.count)
            for l in Int(bundle.laneCount)..<4 {
                let zeros = [UInt32](repeating: 0, count: 59)
                let ints = [
                    UInt32(bitPattern: WideContactConstraint.bodySlot(bundle.bodyA[0])),
                    UInt32(bitPattern: WideContactConstraint.bodySlot(bundle.bodyB[0])), sink, sink, 0, 0,
                    UInt32.max, 0, 0, 0
                ]
                #expect(lane(bundle, l) == zeros + ints)
            }
        }
        #expect(checked == world.scratch.solveOrder.count)
        return checked
    }

    @Test("Lanes of one-point manifolds (a pile of balls, some with forces and their own gravity scale)")
    func onePointLanes() {
        var (w, balls, _) = Scenes.pile(300)
        for (i, b) in balls.enumerated() where i % 7 == 0 { _ = w.setGravityScale(b, 0.5) }
        for _ in 0..<40 { w.step(dt: 1.0 / 60) }
        for (i, b) in balls.enumerated() where i % 5 == 0 { _ = w.applyForceToCenter(b, Vec2(300, 2000)) }
        #expect(Self.checkLanes(&w) > 300)
    }

    @Test("Lanes of two-point manifolds (a pyramid), with a kinematic body pushing into it")
    func twoPointLanes() {
        var (w, _) = Scenes.pyramid(base: 12)
        var bd = BodyDefinition()
        bd.type = .kinematic
        bd.position = Vec2(-290, 30)
        bd.linearVelocity = Vec2(40, 0)
        bd.angularVelocity = 0.2
        let pusher = w.createBody(bd)!
        _ = try! w.createBox(on: pusher, halfWidth: 20, halfHeight: 20, ShapeDefinition()).get()
        for _ in 0..<30 { w.step(dt: 1.0 / 60) }
        #expect(w.contacts.contains { $0.bodyA == pusher.index || $0.bodyB == pusher.index })
        #expect(Self.checkLanes(&w) > 100)
    }

    @Test("Lanes with a sleeping body (a box asleep under a kinematic bar gliding 1 pt above it)")
    func sleepingBodyLanes() {
        var s = Scenes.frameSettings
        s.gravity = Vec2(0, -1000)
        var w = World(settings: s)
        Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 500, halfHeight: 50, friction: 0.6, restitution: 0)
        var bd = BodyDefinition()
        bd.position = Vec2(0, 20)
        let box = w.createBody(bd)!
        _ = try! w.createBox(on: box, halfWidth: 20, halfHeight: 20, ShapeDefinition()).get()
        // The bar's points with the box are speculative (1 pt apart, within 4 slops) and it moves along them, so once
        // the box has slept again after the bar woke it, it stays asleep while the bar's contact with it is solved.
        bd = BodyDefinition()
        bd.type = .kinematic
        bd.position = Vec2(-100, 40 + 1 + 10)
        bd.linearVelocity = Vec2(10, 0)
        let bar = w.createBody(bd)!
        _ = try! w.createBox(on: bar, halfWidth: 400, halfHeight: 10, ShapeDefinition()).get()
        for _ in 0..<30 { w.step(dt: 1.0 / 60) }
        for _ in 0..<300 where w.isAwake(box) == true { w.step(dt: 1.0 / 60) }
        w.step(dt: 1.0 / 60)
        #expect(w.isAwake(box) == false && w.isAwake(bar) == true)
        #expect(Self.checkLanes(&w) == 1)
    }

    @Test("Bundles name their bodies by byte offset: the slot times the solver body's 32-byte stride")
    func bodyOffsets() {
        // The gather adds a lane's offset to the solver bodies' base: it must be the slot times the stride.
        #expect(MemoryLayout<SolverBody>.stride == 32)
        #expect(WideContactConstraint.bodyOffset(3) == 3 * Int32(MemoryLayout<SolverBody>.stride))
        #expect(WideContactConstraint.bodySlot(WideContactConstraint.bodyOffset(12345)) == 12345)
        // The largest slot a full world's parallel solve names (its bodies, as many sub-step slots, the sinks of up
        // to 16 threads' chunks) still has an offset in 32 bits.
        let largestSlot = Int64(2 * World.maximumBodyCount + 1 + 4 * 8 * 16)
        #expect(largestSlot * Int64(MemoryLayout<SolverBody>.stride) <= Int64(Int32.max))
        // The empty-lane default (−1) stays negative, which the slot renaming skips.
        #expect(WideContactConstraint.bodySlot(WideContactConstraint.bodyOffset(-1)) == -1)
        var w = Scenes.pile(60, settings: Scenes.frameSettings).0
        for _ in 0..<60 { w.step(dt: 1.0 / 60) }
        w.prepareContacts(contactSoftness: Self.contactSoftness, staticSoftness: Self.staticSoftness)
        var lanes = 0
        for bundle in w.scratch.wideConstraints {
            for l in 0..<Int(bundle.laneCount) {
                let c = w.contacts[Int(bundle.contactIndex[l])]
                #expect(bundle.bodyA[l] == 32 * c.bodyA && bundle.bodyB[l] == 32 * c.bodyB)
                lanes += 1
            }
        }
        #expect(lanes > 0)
    }

    @Test("A world refuses bodies past its limit and takes them again once one is destroyed")
    func bodyLimit() {
        var w = World(settings: Scenes.frameSettings)
        #expect(w.bodyLimit == World.maximumBodyCount)
        w.bodyLimit = 3
        let ids = (0..<3).compactMap { _ in w.createBody(BodyDefinition()) }
        #expect(ids.count == 3)
        let fourth = w.createBody(BodyDefinition())
        #expect(fourth == nil)
        let destroyed = w.destroyBody(ids[1])
        #expect(destroyed)
        let again = w.createBody(BodyDefinition())
        #expect(again != nil)
        #expect(w.bodies.count == 3)
    }

    @Test("A lone contact, the world's only one ever, makes one bundle (no colours computed)")
    func loneContact() {
        var s = Scenes.frameSettings
        s.gravity = Vec2(0, -1000)
        var w = World(settings: s)
        Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 500, halfHeight: 50, friction: 0.6, restitution: 0.5)
        var bd = BodyDefinition()
        bd.position = Vec2(0, 30)
        let ball = w.createBody(bd)!
        _ = try! w.createCircle(on: ball, radius: 10, ShapeDefinition()).get()
        for _ in 0..<30 { w.step(dt: 1.0 / 60) }
        #expect(w.scratch.solveOrder.count == 1)
        #expect(Self.checkLanes(&w) == 1)
        // Resting on the ground: centre one radius above it. Tolerance 0.5 pt: the soft contact's overlap at rest.
        #expect(approx(w.position(of: ball)!.y, 10, 0.5))
    }
}
