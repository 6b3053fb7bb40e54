/// The solver data of one bundle, all four lanes at once in single precision, the solver's precision: what is
/// rounded to single precision anyway is computed in it, four lanes per SSE operation. Only the anchors (contact
/// point minus centre of mass, both world positions that may be large) are differences of double-precision numbers,
/// taken in double precision two lanes at a time and rounded once: the rest is relative to the step and the bodies'
/// size, and loses nothing visible in single precision (Box2D v3 prepares its contacts in single precision too).
/// Every field is written: the bundle needs no clearing beforehand.
///
/// The arithmetic is that of the lane-by-lane reference in ContactPrepareTests, term for term and in the same
/// order; negation is a multiplication by −1 (SIMD's prefix minus is 0 − x, which turns −0 into +0).
extension World {
    /// Step constants shared by every bundle.
    struct PrepareContext {
        var gravity: Vec2
        var contactSoftness: Softness
        var staticSoftness: Softness
        /// The solver bodies' sink slot (`bodies.count`): lanes that must not be written store there.
        var sink: Int32
        /// `WorldSettings.restitutionThreshold`, pt/s: the speed below which a point is slow (`slowLanes`).
        var slowSpeed: Double
    }

    /// Fills bundle `w` with the contacts `k` (lanes past `laneCount` repeat lane 0's contact and are cleared after),
    /// all with two manifold points. `pb`: the bodies' `PrepareBody` records of this step.
    @inline(never) static func prepareTwoPointBundle(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ k: SIMD4<Int32>, laneCount: Int,
        _ co: UnsafePointer<Contact>, _ pb: UnsafePointer<PrepareBody>, _ ctx: PrepareContext
    ) {
        if elastic(k, co) {
            prepareElasticBundle(w, k, laneCount: laneCount, twoPoints: true, co, pb, ctx)
        } else {
            prepareBundle(w, k, laneCount: laneCount, twoPoints: true, elastic: false, co, pb, ctx)
        }
    }

    /// `prepareTwoPointBundle` for contacts with one manifold point.
    @inline(never) static func prepareOnePointBundle(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ k: SIMD4<Int32>, laneCount: Int,
        _ co: UnsafePointer<Contact>, _ pb: UnsafePointer<PrepareBody>, _ ctx: PrepareContext
    ) {
        if elastic(k, co) {
            prepareElasticBundle(w, k, laneCount: laneCount, twoPoints: false, co, pb, ctx)
        } else {
            prepareBundle(w, k, laneCount: laneCount, twoPoints: false, elastic: false, co, pb, ctx)
        }
    }

    /// Whether some lane bounces (restitution > 0): only then is what the restitution pass reads computed.
    @inline(__always) private static func elastic(_ k: SIMD4<Int32>, _ co: UnsafePointer<Contact>) -> Bool {
        co[Int(k[0])].restitution > 0 || co[Int(k[1])].restitution > 0 || co[Int(k[2])].restitution > 0
            || co[Int(k[3])].restitution > 0
    }

    /// A bundle where some lane bounces, out of line (rarer; one inlined copy of the lanes' arithmetic per function).
    @inline(never) private static func prepareElasticBundle(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ k: SIMD4<Int32>, laneCount: Int, twoPoints: Bool,
        _ co: UnsafePointer<Contact>, _ pb: UnsafePointer<PrepareBody>, _ ctx: PrepareContext
    ) {
        if twoPoints {
            prepareBundle(w, k, laneCount: laneCount, twoPoints: true, elastic: true, co, pb, ctx)
        } else {
            prepareBundle(w, k, laneCount: laneCount, twoPoints: false, elastic: true, co, pb, ctx)
        }
    }

    @inline(__always) private static func prepareBundle(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ k: SIMD4<Int32>, laneCount: Int, twoPoints: Bool,
        elastic: Bool, _ co: UnsafePointer<Contact>, _ pb: UnsafePointer<PrepareBody>, _ ctx: PrepareContext
    ) {
        let c0 = co + Int(k[0]), c1 = co + Int(k[1]), c2 = co + Int(k[2]), c3 = co + Int(k[3])
        let ia = SIMD4(c0.pointee.bodyA, c1.pointee.bodyA, c2.pointee.bodyA, c3.pointee.bodyA)
        let ib = SIMD4(c0.pointee.bodyB, c1.pointee.bodyB, c2.pointee.bodyB, c3.pointee.bodyB)
        let a0 = pb + Int(ia[0]), a1 = pb + Int(ia[1]), a2 = pb + Int(ia[2]), a3 = pb + Int(ia[3])
        let b0 = pb + Int(ib[0]), b1 = pb + Int(ib[1]), b2 = pb + Int(ib[2]), b3 = pb + Int(ib[3])
        // Lanes whose body takes impulses (awake and moving) write it back; the others store to the sink.
        let storeA = SIMD4(a0.pointee.store, a1.pointee.store, a2.pointee.store, a3.pointee.store)
        let storeB = SIMD4(b0.pointee.store, b1.pointee.store, b2.pointee.store, b3.pointee.store)
        let sink = SIMD4<Int32>(repeating: ctx.sink)
        w.pointee.bodyA = WideContactConstraint.bodyOffsets(ia)
        w.pointee.bodyB = WideContactConstraint.bodyOffsets(ib)
        w.pointee.storeA = WideContactConstraint.bodyOffsets(storeA)
        w.pointee.storeB = WideContactConstraint.bodyOffsets(storeB)
        w.pointee.writeA = bits(storeA, sink)
        w.pointee.writeB = bits(storeB, sink)
        w.pointee.contactIndex = k
        w.pointee.laneCount = Int32(laneCount)
        w.pointee.twoPoints = twoPoints
        w.pointee.pointCount = SIMD4(repeating: twoPoints ? 2 : 1)
        let a = BodyQuad(a0, a1, a2, a3), b = BodyQuad(b0, b1, b2, b3)
        w.pointee.slowLanes = prepareLanes(w, (c0, c1, c2, c3), a, b, ctx, twoPoints: twoPoints, elastic: elastic)
        if !twoPoints {
            w.pointee.useBlock = SIMD4()
            w.pointee.invK11 = Lanes()
            w.pointee.invK12 = Lanes()
            w.pointee.invK22 = Lanes()
            w.pointee.p1 = WidePoint()
            w.pointee.q1 = WideLeverProducts()
        }
        if laneCount < 4 { clearLanes(w, from: laneCount, sink: ctx.sink) }
    }

    /// The four lanes of the bundle: contacts `c` between bodies `a` and `b`. Returns the lanes' `slowLanes` bits.
    /// Without `elastic` (no lane of the bundle bounces), what only the restitution pass reads (normal acceleration,
    /// relative velocity, initial separation) is left zero.
    @inline(__always) private static func prepareLanes(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ c: ContactQuad, _ a: BodyQuad, _ b: BodyQuad,
        _ ctx: PrepareContext, twoPoints: Bool, elastic: Bool
    ) -> UInt8 {
        let (c0, c1, c2, c3) = c
        let nx = lanes(
            Pair(c0.pointee.manifold.normal.x, c1.pointee.manifold.normal.x),
            Pair(c2.pointee.manifold.normal.x, c3.pointee.manifold.normal.x))
        let ny = lanes(
            Pair(c0.pointee.manifold.normal.y, c1.pointee.manifold.normal.y),
            Pair(c2.pointee.manifold.normal.y, c3.pointee.manifold.normal.y))
        w.pointee.normalX = nx
        w.pointee.normalY = ny
        w.pointee.friction = lanes(
            Pair(c0.pointee.friction, c1.pointee.friction), Pair(c2.pointee.friction, c3.pointee.friction))
        w.pointee.restitution = lanes(
            Pair(c0.pointee.restitution, c1.pointee.restitution), Pair(c2.pointee.restitution, c3.pointee.restitution))
        w.pointee.normalAcceleration = elastic ? (b.accX - a.accX) * nx + (b.accY - a.accY) * ny : Lanes()
        w.pointee.invMassA = a.invMass
        w.pointee.invIA = a.invInertia
        w.pointee.invMassB = b.invMass
        w.pointee.invIB = b.invInertia
        w.pointee.mnAX = a.invMass * nx
        w.pointee.mnAY = a.invMass * ny
        w.pointee.mnBX = b.invMass * nx
        w.pointee.mnBY = b.invMass * ny
        // A contact with a body that takes no impulse (static, kinematic, asleep) is a static contact.
        let isStatic = (a.invMass .== 0) .| (b.invMass .== 0)
        @inline(__always) func soft(_ contact: Double, _ fixed: Double) -> Lanes {
            Lanes(repeating: Float(contact)).replacing(with: Float(fixed), where: isStatic)
        }
        w.pointee.biasRate = soft(ctx.contactSoftness.biasRate, ctx.staticSoftness.biasRate)
        w.pointee.massScale = soft(ctx.contactSoftness.massScale, ctx.staticSoftness.massScale)
        w.pointee.impulseScale = soft(ctx.contactSoftness.impulseScale, ctx.staticSoftness.impulseScale)
        let slowSpeed = Float(ctx.slowSpeed)

        let k11 = preparePoint(
            w.pointer(to: \.p0)!, w.pointer(to: \.q0)!,
            (
                c0.pointee.manifold.point0, c1.pointee.manifold.point0, c2.pointee.manifold.point0,
                c3.pointee.manifold.point0
            ),
            normalImpulse: lanes(
                Pair(c0.pointee.normalImpulse0, c1.pointee.normalImpulse0),
                Pair(c2.pointee.normalImpulse0, c3.pointee.normalImpulse0)),
            tangentImpulse: lanes(
                Pair(c0.pointee.tangentImpulse0, c1.pointee.tangentImpulse0),
                Pair(c2.pointee.tangentImpulse0, c3.pointee.tangentImpulse0)),
            a, b, nx, ny, slowSpeed: slowSpeed, elastic: elastic)
        guard twoPoints else { return bits(k11.slow) }
        let k22 = preparePoint(
            w.pointer(to: \.p1)!, w.pointer(to: \.q1)!,
            (
                c0.pointee.manifold.point1, c1.pointee.manifold.point1, c2.pointee.manifold.point1,
                c3.pointee.manifold.point1
            ),
            normalImpulse: lanes(
                Pair(c0.pointee.normalImpulse1, c1.pointee.normalImpulse1),
                Pair(c2.pointee.normalImpulse1, c3.pointee.normalImpulse1)),
            tangentImpulse: lanes(
                Pair(c0.pointee.tangentImpulse1, c1.pointee.tangentImpulse1),
                Pair(c2.pointee.tangentImpulse1, c3.pointee.tangentImpulse1)),
            a, b, nx, ny, slowSpeed: slowSpeed, elastic: elastic)
        // The 2×2 normal mass matrix of a two-point manifold (its diagonal is the points' kN) and its inverse, when
        // well conditioned (1000:1).
        let mA = a.invMass, iA = a.invInertia, mB = b.invMass, iB = b.invInertia
        let k12 = mA + mB + iA * k11.rnA * k22.rnA + iB * k11.rnB * k22.rnB
        let det = k11.k * k22.k - k12 * k12
        let block = (det .> 0) .& (k11.k * k11.k .< 1000 * det)
        let invDet = 1 / det
        w.pointee.invK11 = (k22.k * invDet).replacing(with: 0, where: .!block)
        w.pointee.invK12 = (k12 * -1 * invDet).replacing(with: 0, where: .!block)
        w.pointee.invK22 = (k11.k * invDet).replacing(with: 0, where: .!block)
        w.pointee.useBlock = unsafeBitCast(block, to: SIMD4<Int32>.self)
        return bits(k11.slow .| k22.slow)
    }

    /// One manifold point of the four lanes; returns its lever arms along the normal, kN (the diagonal of the block
    /// matrix) and whether the bodies' normal speed there is at most `slowSpeed`.
    @inline(__always) private static func preparePoint(
        _ p: UnsafeMutablePointer<WidePoint>, _ q: UnsafeMutablePointer<WideLeverProducts>,
        _ mp: (ManifoldPoint, ManifoldPoint, ManifoldPoint, ManifoldPoint),
        normalImpulse: Lanes, tangentImpulse: Lanes, _ a: BodyQuad, _ b: BodyQuad, _ nx: Lanes, _ ny: Lanes,
        slowSpeed: Float, elastic: Bool
    ) -> (rnA: Lanes, rnB: Lanes, k: Lanes, slow: SIMDMask<SIMD4<Int32>>) {
        let (mp0, mp1, mp2, mp3) = mp
        // The anchors: differences of world positions, in double precision, rounded once.
        let px01 = Pair(mp0.point.x, mp1.point.x), py01 = Pair(mp0.point.y, mp1.point.y)
        let px23 = Pair(mp2.point.x, mp3.point.x), py23 = Pair(mp2.point.y, mp3.point.y)
        let rAx = lanes(px01 - a.centerX01, px23 - a.centerX23), rAy = lanes(py01 - a.centerY01, py23 - a.centerY23)
        let rBx = lanes(px01 - b.centerX01, px23 - b.centerX23), rBy = lanes(py01 - b.centerY01, py23 - b.centerY23)
        let separation = lanes(
            Pair(mp0.separation, mp1.separation), Pair(mp2.separation, mp3.separation))
        let mA = a.invMass, iA = a.invInertia, mB = b.invMass, iB = b.invInertia
        // rn = r × n; the tangent is n's right perpendicular t = (ny, −nx), rt = r × t.
        let tx = ny, ty = nx * -1
        let rnA = rAx * ny - rAy * nx, rnB = rBx * ny - rBy * nx
        let rtA = rAx * ty - rAy * tx, rtB = rBx * ty - rBy * tx
        let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        p.pointee.anchorAX = rAx
        p.pointee.anchorAY = rAy
        p.pointee.anchorBX = rBx
        p.pointee.anchorBY = rBy
        p.pointee.baseSeparation = separation - ((rBx - rAx) * nx + (rBy - rAy) * ny)
        if elastic {
            // dv = vB + ωB × rB − vA − ωA × rA with ω × r = (−ω·r.y, ω·r.x): x + (−ω·r.y) is x − ω·r.y and
            // x − (−ω·r.y) is x + ω·r.y, exactly.
            let dvx = b.vx - b.w * rBy - a.vx + a.w * rAy
            let dvy = b.vy + b.w * rBx - a.vy - a.w * rAx
            p.pointee.initialSeparation = separation
            p.pointee.relativeVelocity = nx * dvx + ny * dvy
        } else {
            p.pointee.initialSeparation = Lanes()
            p.pointee.relativeVelocity = Lanes()
        }
        p.pointee.rnA = rnA
        p.pointee.rnB = rnB
        p.pointee.rtA = rtA
        p.pointee.rtB = rtB
        q.pointee.irnA = iA * rnA
        q.pointee.irnB = iB * rnB
        q.pointee.irtA = iA * rtA
        q.pointee.irtB = iB * rtB
        p.pointee.normalMass = (1 / kN).replacing(with: 0, where: .!(kN .> 0))
        p.pointee.tangentMass = (1 / kT).replacing(with: 0, where: .!(kT .> 0))
        p.pointee.normalImpulse = normalImpulse
        p.pointee.tangentImpulse = tangentImpulse
        p.pointee.maxNormalImpulse = Lanes()
        // The normal speed of each body's point, vB − vA, as `markConstrainedBodies` had it: v + ω × r per body, then
        // the difference. |s| ≤ slowSpeed is −slowSpeed ≤ s ≤ slowSpeed, exactly.
        let vAx = a.vx - a.w * rAy, vAy = a.vy + a.w * rAx, vBx = b.vx - b.w * rBy, vBy = b.vy + b.w * rBx
        let s = (vBx - vAx) * nx + (vBy - vAy) * ny
        return (rnA, rnB, kN, (s .<= slowSpeed) .& (s .>= -slowSpeed))
    }

    /// Lanes 0–1 and 2–3, rounded to single precision.
    @inline(__always) private static func lanes(_ low: Pair, _ high: Pair) -> Lanes {
        Lanes(lowHalf: SIMD2<Float>(low), highHalf: SIMD2<Float>(high))
    }

    /// Empty lanes (from `laneCount` on) as the solver expects them: lane 0's bodies (read, never written: they
    /// store to the sink), zero masses, impulses and data, and a passing block test, so they compute zero impulses.
    @inline(never) private static func clearLanes(
        _ w: UnsafeMutablePointer<WideContactConstraint>, from laneCount: Int, sink: Int32
    ) {
        let empty = SIMD4<Int32>(0, 1, 2, 3) .>= Int32(laneCount)
        let sinkOffset = WideContactConstraint.bodyOffset(sink)
        w.pointee.storeA.replace(with: sinkOffset, where: empty)
        w.pointee.storeB.replace(with: sinkOffset, where: empty)
        let live = UInt8(truncatingIfNeeded: (1 << laneCount) - 1)
        w.pointee.writeA &= live
        w.pointee.writeB &= live
        w.pointee.slowLanes &= live
        w.pointee.contactIndex.replace(with: 0, where: empty)
        w.pointee.pointCount.replace(with: 0, where: empty)
        w.pointee.useBlock.replace(with: -1, where: empty)
        @inline(__always) func clear(_ x: inout Lanes) { x.replace(with: 0, where: empty) }
        clear(&w.pointee.normalX)
        clear(&w.pointee.normalY)
        clear(&w.pointee.friction)
        clear(&w.pointee.restitution)
        clear(&w.pointee.normalAcceleration)
        clear(&w.pointee.invMassA)
        clear(&w.pointee.invIA)
        clear(&w.pointee.invMassB)
        clear(&w.pointee.invIB)
        clear(&w.pointee.mnAX)
        clear(&w.pointee.mnAY)
        clear(&w.pointee.mnBX)
        clear(&w.pointee.mnBY)
        clear(&w.pointee.biasRate)
        clear(&w.pointee.massScale)
        clear(&w.pointee.impulseScale)
        clear(&w.pointee.invK11)
        clear(&w.pointee.invK12)
        clear(&w.pointee.invK22)
        @inline(__always) func clearPoint(_ p: UnsafeMutablePointer<WidePoint>) {
            clear(&p.pointee.anchorAX)
            clear(&p.pointee.anchorAY)
            clear(&p.pointee.anchorBX)
            clear(&p.pointee.anchorBY)
            clear(&p.pointee.baseSeparation)
            clear(&p.pointee.rnA)
            clear(&p.pointee.rnB)
            clear(&p.pointee.rtA)
            clear(&p.pointee.rtB)
            clear(&p.pointee.normalMass)
            clear(&p.pointee.tangentMass)
            clear(&p.pointee.normalImpulse)
            clear(&p.pointee.tangentImpulse)
            clear(&p.pointee.maxNormalImpulse)
            clear(&p.pointee.relativeVelocity)
            clear(&p.pointee.initialSeparation)
        }
        clearPoint(w.pointer(to: \.p0)!)
        clearPoint(w.pointer(to: \.p1)!)
        for q in [w.pointer(to: \.q0)!, w.pointer(to: \.q1)!] {
            clear(&q.pointee.irnA)
            clear(&q.pointee.irnB)
            clear(&q.pointee.irtA)
            clear(&q.pointee.irtB)
        }
    }

    /// Bit l set where lane l of the mask is.
    @inline(__always) private static func bits(_ m: SIMDMask<SIMD4<Int32>>) -> UInt8 {
        let b = SIMD4<Int32>(1, 2, 4, 8) & unsafeBitCast(m, to: SIMD4<Int32>.self)
        return UInt8(truncatingIfNeeded: (b[0] | b[1]) | (b[2] | b[3]))
    }

    /// Bit l set where lane l of `store` is not the sink.
    @inline(__always) private static func bits(_ store: SIMD4<Int32>, _ sink: SIMD4<Int32>) -> UInt8 {
        let b0: UInt8 = store[0] != sink[0] ? 1 : 0, b1: UInt8 = store[1] != sink[1] ? 2 : 0
        let b2: UInt8 = store[2] != sink[2] ? 4 : 0, b3: UInt8 = store[3] != sink[3] ? 8 : 0
        return b0 | b1 | b2 | b3
    }
}

/// Two lanes of double-precision numbers: the width of the anchors' differences of world positions.
typealias Pair = SIMD2<Double>

/// The four contacts of a bundle.
private typealias ContactQuad = (
    UnsafePointer<Contact>, UnsafePointer<Contact>, UnsafePointer<Contact>, UnsafePointer<Contact>
)

/// What the preparation reads of a body, gathered once per step for every body of a contact to solve (a `Body`
/// record spans several cache lines, and a body has several contacts): its masses as the solver sees them (zero
/// unless awake), its acceleration from gravity and applied force (zero unless dynamic), centre of mass and
/// velocity, and where the solver stores it. In single precision, as the solver uses them, but for the centre of
/// mass, a world position the anchors are taken from in double precision. The single-precision fields are in two
/// rows of four (`BodyQuad` loads each row whole): keep their order.
package struct PrepareBody: Sendable {
    /// Centre of mass, pt.
    package var centerX = 0.0, centerY = 0.0
    package var invMass: Float = 0, invInertia: Float = 0
    /// Acceleration from gravity and applied force, pt/s².
    package var accX: Float = 0, accY: Float = 0
    /// Velocity, pt/s and rad/s.
    package var vx: Float = 0, vy: Float = 0, w: Float = 0
    /// The body's slot in the solver bodies when it takes impulses, else the sink.
    package var store: Int32 = 0

    package init() {}

    /// The record of `body` (state `state`) for this step; `sink` is the solver bodies' sink slot.
    @inline(__always) init(
        _ body: UnsafePointer<Body>, _ state: UnsafePointer<BodyState>, index: Int32, gravity: Vec2, sink: Int32
    ) {
        let awake = body.pointee.isAwake
        let invMass = awake ? body.pointee.invMass : 0
        let invInertia = awake ? body.pointee.invInertia : 0
        self.invMass = Float(invMass)
        self.invInertia = Float(invInertia)
        let acc =
            body.pointee.type == .dynamic
            ? body.pointee.gravityScale * gravity + body.pointee.invMass * body.pointee.force : .zero
        accX = Float(acc.x)
        accY = Float(acc.y)
        centerX = body.pointee.center.x
        centerY = body.pointee.center.y
        vx = Float(state.pointee.v.x)
        vy = Float(state.pointee.v.y)
        w = Float(state.pointee.w)
        store = invMass > 0 || invInertia > 0 ? index : sink
    }
}

/// One side's bodies of the four lanes; the centres of mass in double precision, lanes 0–1 and 2–3.
private struct BodyQuad {
    var invMass: Lanes, invInertia: Lanes
    var accX: Lanes, accY: Lanes
    var centerX01: Pair, centerY01: Pair, centerX23: Pair, centerY23: Pair
    var vx: Lanes, vy: Lanes, w: Lanes

    @inline(__always) init(
        _ b0: UnsafePointer<PrepareBody>, _ b1: UnsafePointer<PrepareBody>, _ b2: UnsafePointer<PrepareBody>,
        _ b3: UnsafePointer<PrepareBody>
    ) {
        // The single-precision fields are two rows of four per record (masses and acceleration, then velocity and
        // the store slot): four row loads and a transpose give four columns.
        @inline(__always) func row(_ b: UnsafePointer<PrepareBody>, _ offset: Int) -> Lanes {
            UnsafeRawPointer(b).loadUnaligned(fromByteOffset: offset, as: Lanes.self)
        }
        let masses = MemoryLayout<PrepareBody>.offset(of: \.invMass)!
        let velocity = MemoryLayout<PrepareBody>.offset(of: \.vx)!
        (invMass, invInertia, accX, accY) = transpose(
            row(b0, masses), row(b1, masses), row(b2, masses), row(b3, masses))
        (vx, vy, w, _) = transpose(row(b0, velocity), row(b1, velocity), row(b2, velocity), row(b3, velocity))
        centerX01 = Pair(b0.pointee.centerX, b1.pointee.centerX)
        centerY01 = Pair(b0.pointee.centerY, b1.pointee.centerY)
        centerX23 = Pair(b2.pointee.centerX, b3.pointee.centerX)
        centerY23 = Pair(b2.pointee.centerY, b3.pointee.centerY)
    }
}
