/// The solver data of one bundle, computed two lanes at a time. The arithmetic is the scalar preparation's, term for
/// term and in the same order, in double precision (the manifold's and the bodies' precision), and each result is
/// rounded to single precision once as it is stored: the lanes hold exactly the numbers a lane-by-lane preparation
/// writes. One SSE register holds two doubles, so a bundle is computed as two halves (lanes 0–1, then 2–3), each
/// value with one vector operation and stored with one 8-byte store; the whole bundle at once would not fit the
/// registers. Every field is written: the bundle needs no clearing beforehand.
///
/// Two rules keep the numbers exact: the operations are those of the scalar code in the same order, and negation is
/// a multiplication by −1 (SIMD's prefix minus is 0 − x, which turns −0 into +0).
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
        prepareBundle(w, k, laneCount: laneCount, twoPoints: true, co, pb, ctx)
    }

    /// `prepareTwoPointBundle` for contacts with one manifold point.
    @inline(never) static func prepareOnePointBundle(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ k: SIMD4<Int32>, laneCount: Int,
        _ co: UnsafePointer<Contact>, _ pb: UnsafePointer<PrepareBody>, _ ctx: PrepareContext
    ) {
        prepareBundle(w, k, laneCount: laneCount, twoPoints: false, co, pb, ctx)
    }

    @inline(__always) private static func prepareBundle(
        _ w: UnsafeMutablePointer<WideContactConstraint>, _ k: SIMD4<Int32>, laneCount: Int, twoPoints: Bool,
        _ co: UnsafePointer<Contact>, _ pb: UnsafePointer<PrepareBody>, _ ctx: PrepareContext
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
        w.pointee.bodyA = ia
        w.pointee.bodyB = ib
        w.pointee.storeA = storeA
        w.pointee.storeB = storeB
        w.pointee.writeA = bits(storeA, sink)
        w.pointee.writeB = bits(storeB, sink)
        w.pointee.contactIndex = k
        w.pointee.laneCount = Int32(laneCount)
        w.pointee.twoPoints = twoPoints
        w.pointee.pointCount = SIMD4(repeating: twoPoints ? 2 : 1)
        // What only the restitution pass reads is computed when some lane bounces.
        let elastic =
            c0.pointee.restitution > 0 || c1.pointee.restitution > 0 || c2.pointee.restitution > 0
            || c3.pointee.restitution > 0
        let slow01: UInt8, slow23: UInt8
        if elastic {
            slow01 = prepareHalf(w, offset: 0, c0, c1, a0, a1, b0, b1, ctx, twoPoints: twoPoints, elastic: true)
            slow23 = prepareHalf(w, offset: 8, c2, c3, a2, a3, b2, b3, ctx, twoPoints: twoPoints, elastic: true)
        } else {
            slow01 = prepareHalf(w, offset: 0, c0, c1, a0, a1, b0, b1, ctx, twoPoints: twoPoints, elastic: false)
            slow23 = prepareHalf(w, offset: 8, c2, c3, a2, a3, b2, b3, ctx, twoPoints: twoPoints, elastic: false)
        }
        w.pointee.slowLanes = slow01 | slow23 << 2
        if !twoPoints {
            w.pointee.useBlock = SIMD4()
            w.pointee.invK11 = Lanes()
            w.pointee.invK12 = Lanes()
            w.pointee.invK22 = Lanes()
            w.pointee.p1 = WidePoint()
        }
        if laneCount < 4 { clearLanes(w, from: laneCount, sink: ctx.sink) }
    }

    /// Lanes `offset / 4` and `offset / 4 + 1` of the bundle: contacts `c0`, `c1` between bodies `a0`–`b0`, `a1`–`b1`.
    /// Returns the two lanes' `slowLanes` bits. Without `elastic` (no lane of the bundle bounces), what only the
    /// restitution pass reads (normal acceleration, relative velocity, initial separation) is left zero.
    @inline(__always) private static func prepareHalf(
        _ w: UnsafeMutablePointer<WideContactConstraint>, offset: Int,
        _ c0: UnsafePointer<Contact>, _ c1: UnsafePointer<Contact>,
        _ a0: UnsafePointer<PrepareBody>, _ a1: UnsafePointer<PrepareBody>,
        _ b0: UnsafePointer<PrepareBody>, _ b1: UnsafePointer<PrepareBody>,
        _ ctx: PrepareContext, twoPoints: Bool, elastic: Bool
    ) -> UInt8 {
        @inline(__always) func put(_ field: UnsafeMutablePointer<Lanes>?, _ value: Pair) {
            UnsafeMutableRawPointer(field!).storeBytes(
                of: SIMD2<Float>(value), toByteOffset: offset, as: SIMD2<Float>.self)
        }
        let a = BodyPair(a0, a1), b = BodyPair(b0, b1)
        let nx = Pair(c0.pointee.manifold.normal.x, c1.pointee.manifold.normal.x)
        let ny = Pair(c0.pointee.manifold.normal.y, c1.pointee.manifold.normal.y)
        put(w.pointer(to: \.normalX), nx)
        put(w.pointer(to: \.normalY), ny)
        put(w.pointer(to: \.friction), Pair(c0.pointee.friction, c1.pointee.friction))
        put(w.pointer(to: \.restitution), Pair(c0.pointee.restitution, c1.pointee.restitution))
        put(w.pointer(to: \.normalAcceleration), elastic ? (b.accX - a.accX) * nx + (b.accY - a.accY) * ny : Pair())
        put(w.pointer(to: \.invMassA), a.invMass)
        put(w.pointer(to: \.invIA), a.invInertia)
        put(w.pointer(to: \.invMassB), b.invMass)
        put(w.pointer(to: \.invIB), b.invInertia)
        // A contact with a body that takes no impulse (static, kinematic, asleep) is a static contact.
        // Selected with bit operations: `replacing` compiles to a branch per lane here.
        let isStatic = unsafeBitCast((a.invMass .== 0) .| (b.invMass .== 0), to: SIMD2<UInt64>.self)
        @inline(__always) func soft(_ contact: Double, _ fixed: Double) -> Pair {
            let bits =
                (isStatic & SIMD2(repeating: fixed.bitPattern)) | (~isStatic & SIMD2(repeating: contact.bitPattern))
            return unsafeBitCast(bits, to: Pair.self)
        }
        put(w.pointer(to: \.biasRate), soft(ctx.contactSoftness.biasRate, ctx.staticSoftness.biasRate))
        put(w.pointer(to: \.massScale), soft(ctx.contactSoftness.massScale, ctx.staticSoftness.massScale))
        put(w.pointer(to: \.impulseScale), soft(ctx.contactSoftness.impulseScale, ctx.staticSoftness.impulseScale))

        let k11 = preparePoint(
            w.pointer(to: \.p0)!, offset: offset, c0.pointee.manifold.point0, c1.pointee.manifold.point0,
            Pair(c0.pointee.normalImpulse0, c1.pointee.normalImpulse0),
            Pair(c0.pointee.tangentImpulse0, c1.pointee.tangentImpulse0), a, b, nx, ny, slowSpeed: ctx.slowSpeed,
            elastic: elastic)
        guard twoPoints else { return bits(k11.slow) }
        let k22 = preparePoint(
            w.pointer(to: \.p1)!, offset: offset, c0.pointee.manifold.point1, c1.pointee.manifold.point1,
            Pair(c0.pointee.normalImpulse1, c1.pointee.normalImpulse1),
            Pair(c0.pointee.tangentImpulse1, c1.pointee.tangentImpulse1), a, b, nx, ny, slowSpeed: ctx.slowSpeed,
            elastic: elastic)
        // The 2×2 normal mass matrix of a two-point manifold (its diagonal is the points' kN) and its inverse, when
        // well conditioned (1000:1).
        let mA = a.invMass, iA = a.invInertia, mB = b.invMass, iB = b.invInertia
        let k12 = mA + mB + iA * k11.rnA * k22.rnA + iB * k11.rnB * k22.rnB
        let det = k11.k * k22.k - k12 * k12
        let block = (det .> 0) .& (k11.k * k11.k .< 1000 * det)
        let invDet = 1 / det
        put(w.pointer(to: \.invK11), (k22.k * invDet).replacing(with: 0, where: .!block))
        put(w.pointer(to: \.invK12), (k12 * -1 * invDet).replacing(with: 0, where: .!block))
        put(w.pointer(to: \.invK22), (k11.k * invDet).replacing(with: 0, where: .!block))
        let useBlock = SIMD2<Int32>(truncatingIfNeeded: unsafeBitCast(block, to: SIMD2<Int64>.self))
        UnsafeMutableRawPointer(w.pointer(to: \.useBlock)!).storeBytes(
            of: useBlock, toByteOffset: offset, as: SIMD2<Int32>.self)
        return bits(k11.slow .| k22.slow)
    }

    /// One manifold point of two lanes; returns its lever arms along the normal, kN (the diagonal of the block
    /// matrix) and whether the bodies' normal speed there is at most `slowSpeed`.
    @inline(__always) private static func preparePoint(
        _ p: UnsafeMutablePointer<WidePoint>, offset: Int, _ mp0: ManifoldPoint, _ mp1: ManifoldPoint,
        _ normalImpulse: Pair, _ tangentImpulse: Pair, _ a: BodyPair, _ b: BodyPair, _ nx: Pair, _ ny: Pair,
        slowSpeed: Double, elastic: Bool
    ) -> (rnA: Pair, rnB: Pair, k: Pair, slow: SIMDMask<SIMD2<Int64>>) {
        @inline(__always) func put(_ field: UnsafeMutablePointer<Lanes>?, _ value: Pair) {
            UnsafeMutableRawPointer(field!).storeBytes(
                of: SIMD2<Float>(value), toByteOffset: offset, as: SIMD2<Float>.self)
        }
        let px = Pair(mp0.point.x, mp1.point.x), py = Pair(mp0.point.y, mp1.point.y)
        let separation = Pair(mp0.separation, mp1.separation)
        let mA = a.invMass, iA = a.invInertia, mB = b.invMass, iB = b.invInertia
        let rAx = px - a.centerX, rAy = py - a.centerY, rBx = px - b.centerX, rBy = py - b.centerY
        // rn = r × n; the tangent is n's right perpendicular t = (ny, −nx), rt = r × t.
        let tx = ny, ty = nx * -1
        let rnA = rAx * ny - rAy * nx, rnB = rBx * ny - rBy * nx
        let rtA = rAx * ty - rAy * tx, rtB = rBx * ty - rBy * tx
        let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        put(p.pointer(to: \.anchorAX), rAx)
        put(p.pointer(to: \.anchorAY), rAy)
        put(p.pointer(to: \.anchorBX), rBx)
        put(p.pointer(to: \.anchorBY), rBy)
        put(p.pointer(to: \.baseSeparation), separation - ((rBx - rAx) * nx + (rBy - rAy) * ny))
        if elastic {
            // dv = vB + ωB × rB − vA − ωA × rA with ω × r = (−ω·r.y, ω·r.x): x + (−ω·r.y) is x − ω·r.y and
            // x − (−ω·r.y) is x + ω·r.y, exactly.
            let dvx = b.vx - b.w * rBy - a.vx + a.w * rAy
            let dvy = b.vy + b.w * rBx - a.vy - a.w * rAx
            put(p.pointer(to: \.initialSeparation), separation)
            put(p.pointer(to: \.relativeVelocity), nx * dvx + ny * dvy)
        } else {
            put(p.pointer(to: \.initialSeparation), Pair())
            put(p.pointer(to: \.relativeVelocity), Pair())
        }
        put(p.pointer(to: \.rnA), rnA)
        put(p.pointer(to: \.rnB), rnB)
        put(p.pointer(to: \.rtA), rtA)
        put(p.pointer(to: \.rtB), rtB)
        put(p.pointer(to: \.normalMass), (1 / kN).replacing(with: 0, where: .!(kN .> 0)))
        put(p.pointer(to: \.tangentMass), (1 / kT).replacing(with: 0, where: .!(kT .> 0)))
        put(p.pointer(to: \.normalImpulse), normalImpulse)
        put(p.pointer(to: \.tangentImpulse), tangentImpulse)
        put(p.pointer(to: \.maxNormalImpulse), Pair())
        // The normal speed of each body's point, vB − vA, as `markConstrainedBodies` had it: v + ω × r per body, then
        // the difference. |s| ≤ slowSpeed is −slowSpeed ≤ s ≤ slowSpeed, exactly.
        let vAx = a.vx - a.w * rAy, vAy = a.vy + a.w * rAx, vBx = b.vx - b.w * rBy, vBy = b.vy + b.w * rBx
        let s = (vBx - vAx) * nx + (vBy - vAy) * ny
        return (rnA, rnB, kN, (s .<= slowSpeed) .& (s .>= -slowSpeed))
    }

    /// Empty lanes (from `laneCount` on) as the solver expects them: lane 0's bodies (read, never written: they
    /// store to the sink), zero masses, impulses and data, and a passing block test, so they compute zero impulses.
    @inline(never) private static func clearLanes(
        _ w: UnsafeMutablePointer<WideContactConstraint>, from laneCount: Int, sink: Int32
    ) {
        let empty = SIMD4<Int32>(0, 1, 2, 3) .>= Int32(laneCount)
        w.pointee.storeA.replace(with: sink, where: empty)
        w.pointee.storeB.replace(with: sink, where: empty)
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
    }

    /// Bit l set where lane l of the mask is.
    @inline(__always) private static func bits(_ m: SIMDMask<SIMD2<Int64>>) -> UInt8 {
        let b = SIMD2<Int64>(1, 2) & unsafeBitCast(m, to: SIMD2<Int64>.self)
        return UInt8(truncatingIfNeeded: b[0] | b[1])
    }

    /// Bit l set where lane l of `store` is not the sink.
    @inline(__always) private static func bits(_ store: SIMD4<Int32>, _ sink: SIMD4<Int32>) -> UInt8 {
        let b0: UInt8 = store[0] != sink[0] ? 1 : 0, b1: UInt8 = store[1] != sink[1] ? 2 : 0
        let b2: UInt8 = store[2] != sink[2] ? 4 : 0, b3: UInt8 = store[3] != sink[3] ? 8 : 0
        return b0 | b1 | b2 | b3
    }
}

/// Two lanes of double-precision numbers: the preparation's working precision and width.
typealias Pair = SIMD2<Double>

/// What the preparation reads of a body, gathered once per step for every body of a contact to solve (a `Body`
/// record spans several cache lines, and a body has several contacts): its masses as the solver sees them (zero
/// unless awake), its acceleration from gravity and applied force (zero unless dynamic), centre of mass and
/// velocity, and where the solver stores it. Pairs of fields side by side, as the two lanes load them.
package struct PrepareBody: Sendable {
    package var invMass = 0.0, invInertia = 0.0
    /// Acceleration from gravity and applied force, pt/s².
    package var accX = 0.0, accY = 0.0
    /// Centre of mass, pt.
    package var centerX = 0.0, centerY = 0.0
    /// Velocity, pt/s and rad/s.
    package var vx = 0.0, vy = 0.0, w = 0.0
    /// The body's slot in the solver bodies when it takes impulses, else the sink.
    package var store: Int32 = 0

    package init() {}

    /// The record of `body` (state `state`) for this step; `sink` is the solver bodies' sink slot.
    @inline(__always) init(
        _ body: UnsafePointer<Body>, _ state: UnsafePointer<BodyState>, index: Int32, gravity: Vec2, sink: Int32
    ) {
        let awake = body.pointee.isAwake
        invMass = awake ? body.pointee.invMass : 0
        invInertia = awake ? body.pointee.invInertia : 0
        let acc =
            body.pointee.type == .dynamic
            ? body.pointee.gravityScale * gravity + body.pointee.invMass * body.pointee.force : .zero
        accX = acc.x
        accY = acc.y
        centerX = body.pointee.center.x
        centerY = body.pointee.center.y
        vx = state.pointee.v.x
        vy = state.pointee.v.y
        w = state.pointee.w
        store = invMass > 0 || invInertia > 0 ? index : sink
    }
}

/// One side's bodies of two lanes.
private struct BodyPair {
    var invMass: Pair, invInertia: Pair
    var accX: Pair, accY: Pair
    var centerX: Pair, centerY: Pair
    var vx: Pair, vy: Pair, w: Pair

    @inline(__always) init(_ b0: UnsafePointer<PrepareBody>, _ b1: UnsafePointer<PrepareBody>) {
        invMass = Pair(b0.pointee.invMass, b1.pointee.invMass)
        invInertia = Pair(b0.pointee.invInertia, b1.pointee.invInertia)
        accX = Pair(b0.pointee.accX, b1.pointee.accX)
        accY = Pair(b0.pointee.accY, b1.pointee.accY)
        centerX = Pair(b0.pointee.centerX, b1.pointee.centerX)
        centerY = Pair(b0.pointee.centerY, b1.pointee.centerY)
        vx = Pair(b0.pointee.vx, b1.pointee.vx)
        vy = Pair(b0.pointee.vy, b1.pointee.vy)
        w = Pair(b0.pointee.w, b1.pointee.w)
    }
}
