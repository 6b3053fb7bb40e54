/// A body's velocity and step motion in single precision, the contact solver's working copy of `BodyState`
/// (32 bytes: two SIMD loads gather it). The double-precision state stays the reference: the solver adds its
/// velocity change back (see `World.storeSolverVelocities`), so only its own corrections are rounded.
package struct SolverBody: Sendable {
    /// (vx, vy, ω, 0): pt/s, pt/s, rad/s.
    package var velocity = Lanes()
    /// (Δx, Δy, cos Δθ, sin Δθ): position and rotation change since the step began.
    package var motion = Lanes(0, 0, 1, 0)

    package init() {}
}

/// The velocities and step motion of four bodies, one per lane, gathered from `StepScratch.solverBodies` for a bundle.
package struct WideBodies {
    package var vx: Lanes, vy: Lanes, w: Lanes
    package var dpx = Lanes(), dpy = Lanes(), dqc = Lanes(repeating: 1), dqs = Lanes()

    /// Loads the velocities and the step motion of the bodies of `index` (every lane holds a valid body index):
    /// eight row loads and two transposes, inlined into the solve kernels. Two out-of-line calls, one per row, cost
    /// more with Swift 6.3 than they save: every column spilled around the calls (`make bench-ir` pile 4000
    /// --nosleep 21.69 → 20.57 M a frame when inlined at 05a7fbd, pyramid 40 --nosleep 7.65 → 7.43; bit-identical).
    @inline(__always) package init(_ bodies: UnsafeMutablePointer<SolverBody>, _ index: UnsafePointer<SIMD4<Int32>>) {
        self.init(velocitiesOf: bodies, index)
        let (b0, b1, b2, b3) = WideBodies.slots(bodies, index)
        (dpx, dpy, dqc, dqs) = transpose(b0.pointee.motion, b1.pointee.motion, b2.pointee.motion, b3.pointee.motion)
    }

    /// Loads the step motion only (the velocities zero): the two-point kernel's first gather.
    @inline(__always) init(motionOf bodies: UnsafeMutablePointer<SolverBody>, _ index: UnsafePointer<SIMD4<Int32>>) {
        vx = Lanes()
        vy = Lanes()
        w = Lanes()
        let (b0, b1, b2, b3) = WideBodies.slots(bodies, index)
        (dpx, dpy, dqc, dqs) = transpose(b0.pointee.motion, b1.pointee.motion, b2.pointee.motion, b3.pointee.motion)
    }

    /// Loads the velocities only (the warm start's gather).
    @inline(__always) package init(
        velocitiesOf bodies: UnsafeMutablePointer<SolverBody>, _ index: UnsafePointer<SIMD4<Int32>>
    ) {
        let (b0, b1, b2, b3) = WideBodies.slots(bodies, index)
        (vx, vy, w, _) = transpose(b0.pointee.velocity, b1.pointee.velocity, b2.pointee.velocity, b3.pointee.velocity)
    }

    /// The separations of points `p0` and `p1` of a bundle now, pt, from its bodies' step motion alone.
    @inline(__always) static func separations(
        _ bodies: UnsafeMutablePointer<SolverBody>, _ indexA: UnsafePointer<SIMD4<Int32>>,
        _ indexB: UnsafePointer<SIMD4<Int32>>, _ p0: UnsafeMutablePointer<WidePoint>,
        _ p1: UnsafeMutablePointer<WidePoint>, _ nx: Lanes, _ ny: Lanes
    ) -> (Lanes, Lanes) {
        let a = WideBodies(motionOf: bodies, indexA), b = WideBodies(motionOf: bodies, indexB)
        let shared = World.normalMotion(a, b, nx, ny)
        return (World.separation(p0, a, b, normalMotion: shared), World.separation(p1, a, b, normalMotion: shared))
    }

    /// The solver bodies the four lanes of `offsets` name (byte offsets, `WideContactConstraint.bodyOffset`: each is
    /// zero-extended by its load and added to the base, no sign extension and no shift).
    @inline(__always) static func slots(
        _ bodies: UnsafeMutablePointer<SolverBody>, _ offsets: UnsafePointer<SIMD4<Int32>>
    ) -> (
        UnsafeMutablePointer<SolverBody>, UnsafeMutablePointer<SolverBody>, UnsafeMutablePointer<SolverBody>,
        UnsafeMutablePointer<SolverBody>
    ) {
        let lanes = UnsafeRawPointer(offsets)
        let base = UnsafeMutableRawPointer(bodies)
        @inline(__always) func slot(_ lane: Int) -> UnsafeMutablePointer<SolverBody> {
            (base + Int(lanes.load(fromByteOffset: 4 * lane, as: UInt32.self))).assumingMemoryBound(to: SolverBody.self)
        }
        return (slot(0), slot(1), slot(2), slot(3))
    }

    /// Writes the velocity columns `a` of four lanes to the slots of `indexA`, then `b` to those of `indexB` (lanes
    /// that must not be written name the sink slot; the lanes of one bundle name distinct bodies, apart from the
    /// sink): the solve kernels' write-back, one call out of line with the six columns passed in registers (a
    /// `WideBodies` value would go through memory).
    @inline(never) static func store(
        _ a: (Lanes, Lanes, Lanes), _ indexA: UnsafePointer<SIMD4<Int32>>, _ b: (Lanes, Lanes, Lanes),
        _ indexB: UnsafePointer<SIMD4<Int32>>, _ bodies: UnsafeMutablePointer<SolverBody>
    ) {
        storeColumns(a.0, a.1, a.2, bodies, indexA)
        storeColumns(b.0, b.1, b.2, bodies, indexB)
    }

    /// The write-back of the warm start, inlined (`store`'s, for this value's columns).
    @inline(__always) package func storeInlined(
        _ bodies: UnsafeMutablePointer<SolverBody>, _ index: UnsafePointer<SIMD4<Int32>>
    ) {
        WideBodies.storeColumns(vx, vy, w, bodies, index)
    }

    /// The transpose and the four writes of one side's velocity columns.
    @inline(__always) static func storeColumns(
        _ vx: Lanes, _ vy: Lanes, _ w: Lanes, _ bodies: UnsafeMutablePointer<SolverBody>,
        _ index: UnsafePointer<SIMD4<Int32>>
    ) {
        let rows = transpose(vx, vy, w, Lanes())
        let (b0, b1, b2, b3) = slots(bodies, index)
        b0.pointee.velocity = rows.0
        b1.pointee.velocity = rows.1
        b2.pointee.velocity = rows.2
        b3.pointee.velocity = rows.3
    }
}

/// 4×4 transpose: rows in, columns out.
@inline(__always) func transpose(_ r0: Lanes, _ r1: Lanes, _ r2: Lanes, _ r3: Lanes) -> (Lanes, Lanes, Lanes, Lanes) {
    let r01 = SIMD8(lowHalf: r0, highHalf: r1), r23 = SIMD8(lowHalf: r2, highHalf: r3)
    let even = SIMD8(lowHalf: r01.evenHalf, highHalf: r23.evenHalf)  // x0 z0 x1 z1 x2 z2 x3 z3
    let odd = SIMD8(lowHalf: r01.oddHalf, highHalf: r23.oddHalf)  // y0 w0 y1 w1 y2 w2 y3 w3
    return (even.evenHalf, odd.evenHalf, even.oddHalf, odd.oddHalf)
}

extension World {
    /// Gives the solver's single-precision bodies one slot per body and the sink (index `bodies.count`), where lanes
    /// that must not be written store. The contact preparation fills the slot of every body a contact touches, once per
    /// step (static and sleeping bodies do not change during it; ContactPrepare.swift). The parallel solve adds a sink
    /// per chunk after it (World+ParallelSolve.swift), so the two arrays are grown separately.
    package mutating func sizeSolverBodies() {
        if scratch.solverBodies.count < bodies.count + 1 {
            scratch.solverBodies.append(
                contentsOf: repeatElement(SolverBody(), count: bodies.count + 1 - scratch.solverBodies.count))
        }
        if scratch.solverVelocityStart.count < bodies.count {
            scratch.solverVelocityStart.append(
                contentsOf: repeatElement(Lanes(), count: bodies.count - scratch.solverVelocityStart.count))
        }
    }

    /// A body state's single-precision solver body.
    @inline(__always) static func solverBody(_ s: BodyState) -> SolverBody {
        var b = SolverBody()
        b.velocity = velocityLanes(s)
        b.motion = motionLanes(s)
        return b
    }

    /// (vx, vy, ω, 0) of a body state in single precision.
    @inline(__always) static func velocityLanes(_ s: BodyState) -> Lanes {
        Lanes(Float(s.v.x), Float(s.v.y), Float(s.w), 0)
    }

    /// (Δx, Δy, cos Δθ, sin Δθ) of a body state in single precision.
    @inline(__always) static func motionLanes(_ s: BodyState) -> Lanes {
        Lanes(Float(s.dp.x), Float(s.dp.y), Float(s.dq.c), Float(s.dq.s))
    }

    /// Copies the awake bodies' velocities into the solver bodies.
    package mutating func loadSolverVelocities() {
        if scratch.wideConstraints.isEmpty { return }
        states.withUnsafeBufferPointer { st in
            scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                scratch.solverVelocityStart.withUnsafeMutableBufferPointer { start in
                    guard let s = st.baseAddress, let b = sb.baseAddress, let v = start.baseAddress else { return }
                    for i in scratch.awakeBodies { Self.loadVelocity(Int(i), s, b, v) }
                }
            }
        }
    }

    /// Adds the solver's velocity change of each awake body to its double-precision state.
    package mutating func storeSolverVelocities() {
        if scratch.wideConstraints.isEmpty { return }
        states.withUnsafeMutableBufferPointer { st in
            scratch.solverBodies.withUnsafeBufferPointer { sb in
                scratch.solverVelocityStart.withUnsafeMutableBufferPointer { start in
                    guard let s = st.baseAddress, let b = sb.baseAddress, let v = start.baseAddress else { return }
                    for i in scratch.awakeBodies { Self.storeVelocity(Int(i), s, b, v) }
                }
            }
        }
    }

    /// After the biased pass: `storeSolverVelocities`, then each awake body's position update over the sub-step
    /// `h`, then its step motion into the solver bodies, in one pass over the awake bodies (the same arithmetic, in
    /// the same order, as three passes).
    package mutating func storeVelocitiesAndIntegratePositions(h: Double) {
        let solver = !scratch.wideConstraints.isEmpty
        states.withUnsafeMutableBufferPointer { st in
            scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                scratch.solverVelocityStart.withUnsafeMutableBufferPointer { start in
                    guard let s = st.baseAddress, let b = sb.baseAddress, let v = start.baseAddress else { return }
                    for i in scratch.awakeBodies {
                        Self.storeVelocityAndIntegrate(Int(i), s, b, v, h: h, solver: solver)
                    }
                }
            }
        }
    }

    // The per-body work of the passes above, one body at a time: the serial passes and the parallel solve
    // (World+ParallelSolve.swift) run the same arithmetic.

    /// `loadSolverVelocities` for body `i`.
    @inline(__always) static func loadVelocity(
        _ i: Int, _ st: UnsafePointer<BodyState>, _ sb: UnsafeMutablePointer<SolverBody>,
        _ start: UnsafeMutablePointer<Lanes>
    ) {
        let v = velocityLanes(st[i])
        sb[i].velocity = v
        start[i] = v
    }

    /// `storeSolverVelocities` for body `i`, whose solver body is `sb[slot]` (default `sb[i]`).
    @inline(__always) static func storeVelocity(
        _ i: Int, slot: Int? = nil, _ st: UnsafeMutablePointer<BodyState>, _ sb: UnsafePointer<SolverBody>,
        _ start: UnsafeMutablePointer<Lanes>
    ) {
        let v = sb[slot ?? i].velocity
        let d = v - start[i]
        st[i].v.x += Double(d[0])
        st[i].v.y += Double(d[1])
        st[i].w += Double(d[2])
        start[i] = v
    }

    /// `storeVelocitiesAndIntegratePositions` for body `i` (`solver`: the contact solver ran).
    @inline(__always) static func storeVelocityAndIntegrate(
        _ i: Int, _ st: UnsafeMutablePointer<BodyState>, _ sb: UnsafeMutablePointer<SolverBody>,
        _ start: UnsafeMutablePointer<Lanes>, h: Double, solver: Bool
    ) {
        if solver { storeVelocity(i, st, sb, start) }
        integratePosition(i, st, h: h)
        if solver { sb[i].motion = motionLanes(st[i]) }
    }

    /// Body `i`'s motion over a sub-step `h` at its velocity, in double precision (the general path's, and that of
    /// the bodies the single-precision sub-steps leave in double precision).
    @inline(__always) static func integratePosition(_ i: Int, _ st: UnsafeMutablePointer<BodyState>, h: Double) {
        st[i].dp += h * st[i].v
        st[i].dq = st[i].dq.integrated(by: h * st[i].w)
    }
}
