/// One step of the world: narrow phase, sub-stepped soft solve, restitution, finalize (continuous collision,
/// broad-phase update), events, sleep.
extension World {
    /// Advances the world by `dt` seconds (fixed step recommended, e.g. 1/120). Non-finite or non-positive `dt`
    /// is refused (returns false) and nothing moves.
    @discardableResult
    public mutating func step(dt: Double) -> Bool {
        guard dt.isFinite, dt > 0 else { return false }
        // Parallel/ThreadUseTuner.swift: whether the threads pay on this machine, measured on the steps themselves.
        let timed = settings.workerCount > 1 && settings.adaptiveWorkers
        var start: UInt64 = 0
        var threaded = false
        let solvedOnThreads = scratch.parallel.steps
        if timed {
            // The work: the contacts the last step solved (the solve is what the threads share most).
            threaded = threadUse.plan(work: scratch.solveOrder.count) == true
            workerOverride = threaded ? nil : 1
            start = WorkerPool.monotonicNanoseconds()
        }
        if _slowPath(stepProfile.enabled) { stepProfile.start() }
        clearEvents()
        collide(dt: dt)
        solve(dt: dt)
        emitBeginEvents()
        profileMark(.events)
        updateSleep(dt: dt)
        profileMark(.sleep)
        stepCount += 1
        time += dt
        // Workers that helped this step spin only briefly for the next one (WorkerPool.parkedSpinNanoseconds).
        if stepWorkerCount > 1 { WorkerPool.shared.park() }
        if timed {
            // A step meant for the threads whose solve found the pool held by another world (or had too few
            // contacts left to share) ran alone: its time says nothing about the threads.
            if threaded && scratch.parallel.steps == solvedOnThreads {
                threadUse.discard()
            } else {
                threadUse.record(nanoseconds: WorkerPool.monotonicNanoseconds() &- start)
            }
            workerOverride = nil
        }
        if settings.validateEachStep {
            validationProblems = validate()
            validationFailures += validationProblems.isEmpty ? 0 : 1
        }
        return true
    }

    private mutating func solve(dt: Double) {
        let n = Swift.max(1, Swift.min(16, settings.substepCount))
        let h = dt / Double(n)
        let invH = 1 / h
        // Contact passes per sub-step: more while the contacts settle; joints keep the base count.
        let basePasses = solverPasses
        let iterations = settlingPasses()
        scratch.lastContactPasses = iterations
        if iterations > basePasses { scratch.settlingSteps += 1 }
        let hertz = Swift.min(settings.contactHertz, 0.25 * Double(n) / dt)
        let contactSoftness = Softness(hertz: hertz, dampingRatio: settings.contactDampingRatio, h: h)
        let staticSoftness = Softness(
            hertz: Swift.min(settings.staticContactHertzScale * hertz, 0.25 * Double(n) / dt),
            dampingRatio: settings.contactDampingRatio, h: h)

        // The awake bodies listed first, or on the threads beside the ordering's breadth-first search
        // (Solver/ContactOrdering.swift).
        prepareContacts(contactSoftness: contactSoftness, staticSoftness: staticSoftness, listingAwakeBodies: true)
        let jointContext = jointStepContext(h: h, contactHertz: hertz)
        profileMark(.preparation)
        prepareJoints(jointContext)
        markConstrainedBodies()
        classifyJoints()
        profileMark(.constraintMarks)
        let jointPasses = basePasses + Swift.max(0, Swift.min(8, settings.extraJointIterations))
        // Joints work on the double-precision states, contacts on the single-precision solver bodies: velocities
        // cross over only where a joint pass sits between two contact passes.
        let jointsSolve = jointPassesChangeVelocities
        // World+ParallelSolve.swift: the same passes on several threads, restitution and the impulses' store too.
        let threads = acquireSolverThreads()
        if let threads {
            solveSubstepsInParallel(
                threads: threads, substeps: n, dt: dt, h: h, invH: invH, iterations: iterations,
                jointPasses: jointPasses, jointContext: jointContext, jointsSolve: jointsSolve)
            WorkerPool.shared.release()
        } else if singlePrecisionSubsteps {
            // Solver/SinglePrecisionSubsteps.swift: the same passes on the solver bodies alone.
            beginSinglePrecisionSubsteps(dt: dt, h: h, substeps: n, threads: nil)
            profileMark(.substepSetup)
            let hF = Float(h)
            let fields = !fieldStore.order.isEmpty
            for _ in 0..<n {
                if fields { integrateSolverVelocitiesWithFields(h: h) } else { integrateSolverVelocities() }
                warmStartWideContacts()
                for _ in 0..<iterations { solveWideContacts(invH: invH, useBias: true) }
                integrateSolverPositions(h: hF)
                for _ in 0..<iterations { solveWideContacts(invH: invH, useBias: false) }
            }
            endSinglePrecisionSubsteps()
        } else {
            for sub in 0..<n {
                // A free body (no contact or joint this step) takes gravity, forces, fields and damping once per
                // world step, with the whole step, at its start: it then moves exactly as in Box2D's (and UIKit's)
                // v += dt·a; x += dt·v. A constrained body takes them in every sub-step, where the constraints meet
                // them: stacks and joints keep the quality of the sub-stepped solve.
                integrateVelocities(h: h, firstOf: sub == 0 ? dt : nil)
                applyJointSprings(h: h)
                forest.treeFactoredForVelocity = false
                warmStartJoints()
                loadSolverVelocities()
                warmStartWideContacts()
                if jointsSolve {
                    storeSolverVelocities()
                    for _ in 0..<jointPasses { solveJoints(jointContext, useBias: true) }
                    loadSolverVelocities()
                }
                for _ in 0..<iterations { solveWideContacts(invH: invH, useBias: true) }
                storeVelocitiesAndIntegratePositions(h: h)
                if jointsSolve {
                    for _ in 0..<jointPasses { solveJoints(jointContext, useBias: false) }
                    loadSolverVelocities()
                }
                for _ in 0..<iterations { solveWideContacts(invH: invH, useBias: false) }
                storeSolverVelocities()
            }
        }
        if threads == nil {
            // The rebound restores the discrete energy of the flight that follows it, which is free: one step of dt.
            applyRestitution(h: dt)
            storeImpulses()
        }
        projectJoints()
        // Clearing is one pass over a byte per body, not a pass over the contacts and joints.
        scratch.constrainedThisStep.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
        profileMark(.substeps)
        finalizeBodies(dt: dt)
        profileMark(.treeUpdates)
    }

    /// The contact solve and relax passes per sub-step of this step: `WorldSettings.settlingIterations` while more
    /// than half of the touching contacts began touching within `settlingTime` (a stack or pile just formed, whose
    /// load paths the warm start does not carry yet), else `solverIterations`. Gauss–Seidel passes spread a load one
    /// contact deeper each, so a stack built at once needs many of them before its warm start holds it: with one
    /// pass per sub-step a 40-box pyramid fell at nearly free-fall speed for its first frames and rocked for seconds
    /// before it could sleep. Both counts clamped to 1…8.
    package func settlingPasses() -> Int {
        let touches = scratch.touches
        guard touches.settling > touches.touching / 2 else { return solverPasses }
        return Swift.max(solverPasses, Swift.min(8, settings.settlingIterations))
    }

    /// `WorldSettings.solverIterations` clamped to 1…8: the passes per sub-step of joints, and of contacts unless
    /// they settle.
    private var solverPasses: Int { Swift.max(1, Swift.min(8, settings.solverIterations)) }

    /// Steps that took the settling passes (`settlingPasses`) since the world was made.
    package var settlingSteps: Int { scratch.settlingSteps }

    /// Lists the awake dynamic and kinematic bodies (`scratch.awakeBodies`, by index) and starts their step: pose at
    /// the start, step motion zero. Through pointers: element writes into `bodies` and `states` in a loop each cost
    /// a uniqueness check otherwise.
    mutating func listAwakeBodies() {
        // Parallel/World+ParallelEvents.swift: each thread lists a run of the bodies, the runs then joined in order.
        let threads = acquireThreads(forWork: bodies.count)
        defer { if threads != nil { WorkerPool.shared.release() } }
        listAwakeBodies(threads: threads)
    }

    /// `listAwakeBodies` on `threads` threads (the worker pool held), or on this one (nil).
    mutating func listAwakeBodies(threads: Int?) {
        World.resize(&scratch.awakeBodies, to: bodies.count, with: 0)
        if let threads { World.resize(&scratch.parallel.chunkCounts, to: 2 * threads, with: 0) }
        var count = 0
        bodies.withUnsafeMutableBufferPointer { bo in
            states.withUnsafeMutableBufferPointer { st in
                scratch.awakeBodies.withUnsafeMutableBufferPointer { awake in
                    guard let bodies = bo.baseAddress, let states = st.baseAddress, let awake = awake.baseAddress
                    else { return }
                    if let threads {
                        count = scratch.parallel.chunkCounts.withUnsafeMutableBufferPointer {
                            World.listAwakeBodiesInParallel(
                                bodies, states, count: bo.count, awake, counts: $0.baseAddress!, threads: threads)
                        }
                    } else {
                        count = World.listAwakeBodies(bodies, states, 0..<bo.count, into: awake)
                    }
                }
            }
        }
        scratch.awakeBodies.removeLast(scratch.awakeBodies.count - count)
    }

    /// `listAwakeBodies` for bodies `range`: lists them from `awake[0]` and returns how many.
    static func listAwakeBodies(
        _ bo: UnsafeMutablePointer<Body>, _ st: UnsafeMutablePointer<BodyState>, _ range: Range<Int>,
        into awake: UnsafeMutablePointer<Int32>
    ) -> Int {
        var count = 0
        for i in range where bo[i].isAlive && bo[i].isAwake && bo[i].type != .static {
            awake[count] = Int32(i)
            count &+= 1
            bo[i].center0 = bo[i].center
            bo[i].rotation0 = bo[i].transform.q
            st[i].dp = .zero
            st[i].dq = .identity
        }
        return count
    }

    /// Sets `scratch.constrainedThisStep` for both bodies of every joint solved this step and of every contact that
    /// holds them together: one whose bodies neither approach nor part faster than the restitution threshold
    /// (resting, sliding, pressed). A body that is about to strike, or leaves a bounce, moves freely and keeps the
    /// free integration, so its bounces keep their height.
    private mutating func markConstrainedBodies() {
        if scratch.constrainedThisStep.count < bodies.count {
            scratch.constrainedThisStep.append(
                contentsOf: repeatElement(false, count: bodies.count - scratch.constrainedThisStep.count))
        }
        // The contacts' test ran with their preparation (`WideContactConstraint.slowLanes`). Prepared on the threads,
        // each marked its bundles' slow bodies in a row of its own (`SlowLaneMarks`): the rows are joined, without
        // a pass over the bundles (which the other thread wrote: each would cross between the cores).
        let joined = scratch.parallel.slowMarks.threads > 0
        if joined { joinSlowLaneMarks() }
        scratch.constrainedThisStep.withUnsafeMutableBufferPointer { cs in
            if !joined {
                scratch.wideConstraints.withUnsafeBufferPointer { ws in
                    guard let w = ws.baseAddress else { return }
                    for i in 0..<ws.count {
                        var lanes = w[i].slowLanes
                        while lanes != 0 {
                            let l = lanes.trailingZeroBitCount
                            cs[Int(WideContactConstraint.bodySlot(w[i].bodyA[l]))] = true
                            cs[Int(WideContactConstraint.bodySlot(w[i].bodyB[l]))] = true
                            lanes &= lanes &- 1
                        }
                    }
                }
            }
            for k in forest.activeJoints {
                cs[Int(joints[Int(k)].bodyA)] = true
                cs[Int(joints[Int(k)].bodyB)] = true
            }
        }
    }

    /// `scratch.constrainedThisStep` from the threads' rows of slow-lane marks (any row's mark sets a body's flag),
    /// eight bodies a word; the rows are zeroed again.
    private mutating func joinSlowLaneMarks() {
        let bodyCount = bodies.count
        let threads = scratch.parallel.slowMarks.threads, row = scratch.parallel.slowMarks.row
        scratch.parallel.slowMarks.threads = 0
        scratch.constrainedThisStep.withUnsafeMutableBufferPointer { cs in
            scratch.parallel.slowMarks.bytes.withUnsafeMutableBufferPointer { marks in
                guard let flags = cs.baseAddress, let rows = marks.baseAddress else { return }
                // A `Bool` is the byte 0 or 1, and so is every mark: eight flags are the OR of eight marks' words.
                let out = UnsafeMutableRawPointer(flags)
                let words = bodyCount / 8
                for w in 0..<words {
                    var word: UInt64 = 0
                    for t in 0..<threads {
                        let at = UnsafeMutableRawPointer(rows + t * row + 8 * w)
                        word |= at.loadUnaligned(as: UInt64.self)
                        at.storeBytes(of: 0, as: UInt64.self)
                    }
                    out.storeBytes(of: word, toByteOffset: 8 * w, as: UInt64.self)
                }
                for b in (8 * words)..<bodyCount {
                    var mark: UInt8 = 0
                    for t in 0..<threads {
                        mark |= rows[t * row + b]
                        rows[t * row + b] = 0
                    }
                    flags[b] = mark != 0
                }
            }
        }
    }

    /// Gravity, forces and damping over one sub-step `h` for constrained bodies; over the whole world step
    /// `step` for free bodies, in the first sub-step only (`step` nil in the others).
    mutating func integrateVelocities(h sub: Double, firstOf step: Double?) {
        if !fieldStore.order.isEmpty {  // Fields/World+FieldSolver.swift
            return integrateVelocitiesWithFields(h: sub, firstOf: step)
        }
        let gravity = settings.gravity
        let maxSpeed = settings.maxLinearSpeed
        bodies.withUnsafeBufferPointer { bo in
            states.withUnsafeMutableBufferPointer { st in
                scratch.constrainedThisStep.withUnsafeBufferPointer { cs in
                    guard let b = bo.baseAddress, let s = st.baseAddress, let c = cs.baseAddress else { return }
                    for i in scratch.awakeBodies {
                        World.integrateVelocity(
                            Int(i), b, s, c, sub: sub, step: step, gravity: gravity, maxSpeed: maxSpeed)
                    }
                }
            }
        }
    }

    /// `integrateVelocities` (without fields) for body `i`; the parallel solve runs it too.
    @inline(__always) static func integrateVelocity(
        _ i: Int, _ bo: UnsafePointer<Body>, _ st: UnsafeMutablePointer<BodyState>, _ cs: UnsafePointer<Bool>,
        sub: Double, step: Double?, gravity: Vec2, maxSpeed: Double
    ) {
        // Fields read in place: no copy of the whole body record per sub-step.
        if bo[i].type != .dynamic { return }
        let h: Double
        if cs[i] { h = sub } else if let step { h = step } else { return }
        var v = st[i].v + h * (bo[i].gravityScale * gravity + bo[i].invMass * bo[i].force)
        var w = st[i].w + h * bo[i].invInertia * bo[i].torque
        v *= 1 / (1 + h * bo[i].linearDamping)
        w *= 1 / (1 + h * bo[i].angularDamping)
        let s2 = v.lengthSquared
        // A branch: no square root per body.
        if _slowPath(s2 > maxSpeed * maxSpeed) { v *= maxSpeed / s2.squareRoot() }
        st[i].v = v
        st[i].w = w
    }

    /// Writes the step's motion into each awake body's transform, updates its sleep timer, and refreshes its
    /// broad-phase proxies (after continuous collision for the fast ones, which come last). The bodies are updated in
    /// place through pointers (a `Body` record is several cache lines: no copy in and out per body), each body's
    /// proxies right after it, so the broad phase sees the moves in body order. With several threads the per-body
    /// work is shared out (Parallel/World+ParallelFinalize.swift) and the trees are updated in the same order.
    private mutating func finalizeBodies(dt: Double) {
        let constants = FinalizeConstants(settings, dt: dt)
        scratch.fastBodies.removeAll(keepingCapacity: true)
        if let threads = acquireThreads(forWork: scratch.awakeBodies.count) {
            finalizeInParallel(threads: threads, constants)
            WorkerPool.shared.release()
            return
        }
        var blownUp: [Int32] = []  // Rare: allocates only when a body blew up.
        bodies.withUnsafeMutableBufferPointer { bo in
            states.withUnsafeMutableBufferPointer { states in
                shapes.withUnsafeMutableBufferPointer { sh in
                    vertexPool.withUnsafeBufferPointer { vp in
                        let shapes = UnsafeBufferPointer(sh)
                        for i32 in scratch.awakeBodies {
                            let b = bo.baseAddress! + Int(i32), st = states.baseAddress! + Int(i32)
                            let f = World.finalizeBody(b, st, shapes, constants)
                            if _slowPath(f & FinalizeConstants.blownUp != 0) { blownUp.append(i32) }
                            if f & FinalizeConstants.fast != 0 {
                                scratch.fastBodies.append(i32)
                                continue
                            }
                            // The body's shapes only (`refreshProxies`), then the trees in shape order.
                            World.refreshBoxes(b, st, sh.baseAddress!, vp.baseAddress, constants.proxy) { s in
                                let shape = sh.baseAddress! + Int(s)
                                if shape.pointee.inStaticTree {
                                    staticTree.move(shape.pointee.proxy, to: shape.pointee.fatAABB)
                                } else {
                                    movingTree.updateBeforeFinish(shape.pointee.proxy, to: shape.pointee.fatAABB)
                                }
                                if !shape.pointee.filter.isInert { moveBuffer.append(s) }
                            }
                        }
                    }
                }
            }
        }
        // Impulses only: the refresh above reads none.
        for i32 in blownUp { dropImpulses(ofBlownUpBody: Int(i32)) }
        profileMark(.finalizeBodies)
        finishFastBodies(constants.proxy)
    }

    /// The end of `finalizeBodies`: the fast bodies swept, then their proxies refreshed, in order, then the moving
    /// tree's rebuild.
    mutating func finishFastBodies(_ p: ProxyConstants) {
        if scratch.fastBodies.isEmpty { return finishProxyRefresh() }
        solveContinuous()
        for i32 in scratch.fastBodies { refreshProxies(i32, p, forceMove: false) }
        finishProxyRefresh()
    }

    /// `finalizeBodies`'s work on one awake body `b` (state `st`): pose, force reset, blow-up guard, sleep timer and
    /// whether continuous collision sweeps it. Touches only that body, so bodies can be finalized on any thread.
    /// Returns `FinalizeConstants.fast` and `.blownUp` flags.
    @inline(__always) static func finalizeBody(
        _ b: UnsafeMutablePointer<Body>, _ st: UnsafeMutablePointer<BodyState>, _ sh: UnsafeBufferPointer<Shape>,
        _ k: FinalizeConstants
    ) -> UInt8 {
        var flags: UInt8 = 0
        b.pointee.center = b.pointee.center0 + st.pointee.dp
        let q = st.pointee.dq * b.pointee.rotation0
        let mag = (q.c * q.c + q.s * q.s).squareRoot()
        let qn = Rotation(c: q.c / mag, s: q.s / mag)
        b.pointee.angle += st.pointee.dq.smallAngle
        b.pointee.transform = Transform(p: b.pointee.center - qn.rotate(b.pointee.localCenter), q: qn)
        b.pointee.force = .zero
        b.pointee.torque = 0
        if _slowPath(!World.isSane(b.pointee, st.pointee)) {
            World.resetBlownUpBody(&b.pointee, &st.pointee)
            flags |= FinalizeConstants.blownUp
        }
        // Turning counts as rest below the angular threshold, or when the surface moves slower than the linear
        // threshold (a small ball rolling at 0.3 pt/s turns faster than 2°/s but looks still).
        let w2 = st.pointee.w * st.pointee.w
        let extent = b.pointee.maxExtent
        let turning = w2 > k.angTol2 && w2 * extent * extent > k.linTol2
        if !k.sleepOn || !b.pointee.allowSleep || st.pointee.v.lengthSquared > k.linTol2 || turning {
            b.pointee.sleepTime = 0
        } else {
            b.pointee.sleepTime += k.dt
        }
        if k.continuous && b.pointee.type == .dynamic {
            let motion = st.pointee.dp.length + abs(st.pointee.dq.smallAngle) * extent
            if (b.pointee.isBullet || b.pointee.needsContinuous || motion > 0.5 * b.pointee.minExtent)
                && World.hasCollidingShape(b.pointee, sh)
            {
                flags |= FinalizeConstants.fast
            }
        }
        b.pointee.needsContinuous = false
        return flags
    }

    /// Begin events are emitted after the solve so they can name the point that took the largest impulse. A
    /// speculative contact that pushed during the step (an impact within the step) counts as touching too.
    private mutating func emitBeginEvents() {
        if settings.validateEachStep { checkBeginCandidates() }
        if takeBeginScan() {
            // Scanned by the parallel finalize's threads (Parallel/World+ParallelFinalize.swift), in order.
        } else if !scratch.fullBeginScan {
            // The narrow phase's candidates, in contact order: no other contact can begin (`ContactUpdate.mayBegin`).
            contacts.withUnsafeMutableBufferPointer { co in
                guard let base = co.baseAddress else { return }
                for k in scratch.beginCandidates where World.beginsTouching(base + Int(k)) {
                    scratch.pendingBegins.append(k)
                }
            }
        } else if let threads = acquireThreads(forWork: contacts.count) {
            // Parallel/World+ParallelEvents.swift: the same contacts, in order.
            findBeginsInParallel(threads: threads)
            WorkerPool.shared.release()
        } else {
            contacts.withUnsafeMutableBufferPointer { co in
                guard let base = co.baseAddress else { return }
                for k in 0..<co.count where World.beginsTouching(base + k) {
                    scratch.pendingBegins.append(Int32(k))
                }
            }
        }
        scratch.fullBeginScan = false
        for k32 in scratch.pendingBegins {
            let k = Int(k32)
            contacts[k].beganTouch = false
            let c = contacts[k]
            var point = c.manifold.point0.point
            if c.manifold.pointCount > 1 {
                let m0 = c.maxImpulse0, m1 = c.maxImpulse1
                if m1 > m0 || (m1 == m0 && c.manifold.point1.separation < c.manifold.point0.separation) {
                    point = c.manifold.point1.point
                }
            }
            // The manifold was computed at the start of the step; the point between the surfaces has since moved
            // with the average motion of the two bodies' contact anchors.
            point += 0.5 * (anchorMotion(c.bodyA, point) + anchorMotion(c.bodyB, point))
            beginEvents.append(
                ContactBeginEvent(
                    shapeA: shapeID(c.shapeA), shapeB: shapeID(c.shapeB),
                    point: point, normal: c.manifold.normal))
        }
        scratch.pendingBegins.removeAll(keepingCapacity: true)
    }

    /// With `validateEachStep`: notes in `scratch.missedBegin` (reported by `validate`) a contact that would begin
    /// touching now but is not among the narrow phase's candidates, which the candidates' scan would miss.
    private mutating func checkBeginCandidates() {
        scratch.missedBegin = nil
        if scratch.fullBeginScan { return }
        var next = 0
        scratch.missedBegin = contacts.withUnsafeBufferPointer { co -> Int32? in
            for k in co.indices {
                let candidate = next < scratch.beginCandidates.count && scratch.beginCandidates[next] == Int32(k)
                if candidate { next += 1 }
                let c = co.baseAddress! + k
                if !candidate && (c.pointee.beganTouch || World.pushedWithoutTouching(c)) { return Int32(k) }
            }
            return nil
        }
    }

    /// Whether contact `c`, not touching after the narrow phase, pushed during the step's solve: it begins touching
    /// now (`beginsTouching`).
    @inline(__always) static func pushedWithoutTouching(_ c: UnsafePointer<Contact>) -> Bool {
        !c.pointee.isTouching && c.pointee.isSolid && c.pointee.manifold.pointCount > 0
            && (c.pointee.maxImpulse0 > 0 || c.pointee.maxImpulse1 > 0)
    }

    /// Marks contact `c` touching when it pushed during the step (see `emitBeginEvents`); returns whether it has a
    /// begin event to emit. Touches only that contact.
    @inline(__always) static func beginsTouching(_ c: UnsafeMutablePointer<Contact>) -> Bool {
        if pushedWithoutTouching(c) {
            c.pointee.isTouching = true
            c.pointee.beganTouch = c.pointee.reportsEvents
        }
        return c.pointee.beganTouch
    }

    /// How far a point fixed to `body` at the start of the step moved during it (zero for static and sleeping
    /// bodies, whose step displacement is zero).
    private func anchorMotion(_ body: Int32, _ point: Vec2) -> Vec2 {
        let st = states[Int(body)]
        let anchor = point - bodies[Int(body)].center0
        return st.dp + st.dq.rotate(anchor) - anchor
    }

    /// Whether some shape of the body can collide with anything (bodies made only of inert shapes are never swept).
    @inline(__always) static func hasCollidingShape(_ b: Body, _ shapes: UnsafeBufferPointer<Shape>) -> Bool {
        var s = b.firstShape
        while s != -1 {
            if !shapes[Int(s)].filter.isInert { return true }
            s = shapes[Int(s)].nextOnBody
        }
        return false
    }
}
