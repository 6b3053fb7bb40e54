/// The sub-steps in single precision, for steps with contacts to solve and no joint work (every benchmark scene, most
/// app scenes): the bodies the contact solver touches live in `StepScratch.solverBodies` for the whole
/// step — velocity and step motion, integrated there sub-step by sub-step, as Box2D v3 keeps its body states — and
/// their double-precision states take the result once, at the step's end. The bodies no contact touches move freely,
/// in double precision, with exactly the arithmetic of the general path (World+Step.swift).
///
/// The general path keeps the double-precision state as the reference through the sub-steps and copies each body's
/// velocity to the solver and back around every contact pass: four passes over the bodies per sub-step, reading
/// each body's record (mass, forces, damping) every time. Here a sub-step makes two short passes over 32-byte solver
/// bodies and 32-byte rates computed once per step. What changes is the rounding: a solver body's gravity, damping and
/// motion are summed in single precision during the step (relative 6·10⁻⁸ per sub-step, far below what the contact
/// solve itself rounds; its velocity change is added back to the double-precision velocity, whose own bits are kept).
extension World {
    /// Whether this step takes the single-precision sub-steps: contacts to solve, and no joint work between the
    /// contact passes (joints work on the double-precision states).
    /// (No active joint means no pin rows either once the joints are classified; `markConstrainedBodies` asks
    /// before that.)
    var singlePrecisionSubsteps: Bool {
        settings.singlePrecisionSubsteps && !scratch.wideConstraints.isEmpty && forest.activeJoints.isEmpty
    }

    /// Starts the step's single-precision sub-steps (`dt` the world step, `h` the sub-step, `n` sub-steps): splits the
    /// awake bodies into those the contact solver touches (`scratch.substepBodies`, loaded into the solver bodies with
    /// their rates: the dynamic ones first, then from `scratch.substepKinematicStart` the kinematic ones) and the
    /// others, which take their whole step here. With `threads` (the worker pool held), the awake list is shared out.
    mutating func beginSinglePrecisionSubsteps(dt: Double, h: Double, substeps n: Int, threads: Int?) {
        scratch.singlePrecisionSteps += 1
        let awake = scratch.awakeBodies.count
        World.resize(&scratch.substepBodies, to: awake, with: 0)
        World.resize(&scratch.substepRates, to: awake, with: SubstepRate())
        let gravity = settings.gravity
        let maxSpeed = settings.maxLinearSpeed
        // The bodies the bundles name: those the ordering's pass gathered for the preparation this step (their
        // `prepareStamp` is this step's epoch, ContactOrdering.swift), every body of every contact to solve.
        let epoch = scratch.prepareEpoch
        // With fields, the free bodies take their whole step first, through the fields' own update (Fields/); the
        // noise clock starts the step.
        let fields = !fieldStore.order.isEmpty
        if fields {
            if fieldStore.clockStep != stepCount {
                fieldStore.clock = time
                fieldStore.clockStep = stepCount
            }
            for i32 in scratch.awakeBodies {
                let i = Int(i32)
                if bodies[i].type == .dynamic && !scratch.constrainedThisStep[i] {
                    integrateVelocityWithFields(i, h: dt, now: time + dt, gravity: gravity, maxSpeed: maxSpeed)
                }
            }
        }
        // Each run of the awake list (one, or one per thread) lists its dynamic solver bodies from its start and its
        // kinematic ones from its end; the runs are then joined, the dynamic bodies first, each group in run order.
        let runs = threads ?? 1
        World.resize(&scratch.parallel.chunkCounts, to: 2 * runs, with: 0)
        scratch.substepKinematic.removeAll(keepingCapacity: true)
        var count = 0
        bodies.withUnsafeBufferPointer { bo in
            states.withUnsafeMutableBufferPointer { st in
                scratch.constrainedThisStep.withUnsafeBufferPointer { cs in
                    scratch.prepareStamp.withUnsafeBufferPointer { stamp in
                        scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                            scratch.solverVelocityStart.withUnsafeMutableBufferPointer { vs in
                                scratch.substepBodies.withUnsafeMutableBufferPointer { list in
                                    scratch.substepRates.withUnsafeMutableBufferPointer { rates in
                                        scratch.awakeBodies.withUnsafeBufferPointer { aw in
                                            scratch.parallel.chunkCounts.withUnsafeMutableBufferPointer { counts in
                                                var job = SubstepBeginJob(
                                                    bodies: bo.baseAddress!, states: st.baseAddress!,
                                                    constrained: cs.baseAddress!, stamp: stamp.baseAddress!,
                                                    solverBodies: sb.baseAddress!, velocityStart: vs.baseAddress!,
                                                    list: list.baseAddress!, rates: rates.baseAddress!,
                                                    awake: aw.baseAddress!,
                                                    awakeCount: awake, epoch: epoch, dt: dt, h: h, substeps: n,
                                                    gravity: gravity, maxSpeed: maxSpeed, integrated: fields,
                                                    runs: runs,
                                                    counts: counts.baseAddress!)
                                                World.runSubstepBegin(&job, threads: threads)
                                                // The join: each run's kinematic bodies set aside, its dynamic ones (and
                                                // their rates) moved down after the previous runs'.
                                                for r in 0..<runs {
                                                    let lo = awake * r / runs, hi = awake * (r + 1) / runs
                                                    let d = counts[2 * r], k = counts[2 * r + 1]
                                                    for j in (hi - k)..<hi { scratch.substepKinematic.append(list[j]) }
                                                    if lo != count {
                                                        (list.baseAddress! + count).update(
                                                            from: list.baseAddress! + lo, count: d)
                                                        (rates.baseAddress! + count).update(
                                                            from: rates.baseAddress! + lo, count: d)
                                                    }
                                                    count &+= d
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        scratch.substepKinematicStart = count
        let kinematic = scratch.substepKinematic.count
        for j in 0..<kinematic { scratch.substepBodies[count + j] = scratch.substepKinematic[j] }
        scratch.substepBodies.removeLast(awake - count - kinematic)
    }

    /// The runs of `job`: on `threads` threads (the pool held), or the one run here.
    private static func runSubstepBegin(_ job: inout SubstepBeginJob, threads: Int?) {
        guard let threads else { return beginSubstepRun(job, part: 0) }
        withUnsafePointer(to: &job) {
            WorkerPool.shared.runParts(threads: threads, parts: threads, UnsafeRawPointer($0)) { raw, part in
                World.beginSubstepRun(raw.assumingMemoryBound(to: SubstepBeginJob.self).pointee, part: part)
            }
        }
    }

    /// Run `part` of `job` (its share of the awake list), its counts into `job.counts`.
    private static func beginSubstepRun(_ job: SubstepBeginJob, part: Int) {
        let lo = job.awakeCount * part / job.runs, hi = job.awakeCount * (part + 1) / job.runs
        let (d, k) = beginSubstepRange(job, lo..<hi)
        job.counts[2 * part] = d
        job.counts[2 * part + 1] = k
    }

    /// The awake bodies at positions `range` of the awake list: a body no contact touches moves freely; a solver body
    /// is loaded into the solver bodies, a dynamic one listed with its rate from `range.lowerBound`, a kinematic one
    /// (with its exact double-precision motion) from `range.upperBound` down. Returns how many of each it listed.
    private static func beginSubstepRange(_ j: SubstepBeginJob, _ range: Range<Int>) -> (Int, Int) {
        var dynamic = range.lowerBound, kinematic = range.upperBound
        for a in range {
            let i32 = j.awake[a], i = Int(i32)
            if j.stamp[i] != j.epoch {
                moveFreely(
                    i, j.bodies, j.states, j.constrained, dt: j.dt, h: j.h, substeps: j.substeps, gravity: j.gravity,
                    maxSpeed: j.maxSpeed, integrated: j.integrated)
                continue
            }
            if j.bodies[i].type == .kinematic {
                // No velocity change; the motion in double precision, exactly as in the general path (the velocity
                // is the user's).
                kinematic &-= 1
                j.list[kinematic] = i32
                for _ in 0..<j.substeps { integratePosition(i, j.states, h: j.h) }
            } else {
                // The rate first: a free body's whole step changes its velocity.
                j.list[dynamic] = i32
                j.rates[dynamic] = substepRate(
                    i, j.bodies, j.states, j.constrained, dt: j.dt, h: j.h, gravity: j.gravity,
                    maxSpeed: j.maxSpeed, integrated: j.integrated)
                dynamic &+= 1
                // The ordering's pass gathered every body of a contact to solve into its solver body, velocity and
                // zero motion (ContactOrdering.swift, `gatherPrepareBody`); only a free body's velocity has changed
                // since (its whole step, here or with the fields).
                if !j.constrained[i] { j.solverBodies[i].velocity = velocityLanes(j.states[i]) }
            }
            j.velocityStart[i] = j.solverBodies[i].velocity
        }
        return (dynamic - range.lowerBound, range.upperBound - kinematic)
    }

    /// An awake body no contact touches: its velocity over the whole step (the first sub-step of the general path;
    /// `integrated`: done already, with the fields), then its `n` sub-steps of motion, in the general path's
    /// arithmetic.
    @inline(__always) static func moveFreely(
        _ i: Int, _ bo: UnsafePointer<Body>, _ st: UnsafeMutablePointer<BodyState>, _ cs: UnsafePointer<Bool>,
        dt: Double, h: Double, substeps n: Int, gravity: Vec2, maxSpeed: Double, integrated: Bool
    ) {
        if !integrated { integrateVelocity(i, bo, st, cs, sub: h, step: dt, gravity: gravity, maxSpeed: maxSpeed) }
        for _ in 0..<n { integratePosition(i, st, h: h) }
    }

    /// The per-sub-step velocity change of a dynamic body the contact solver touches. A constrained one takes
    /// gravity, forces and damping every sub-step; a free one (about to strike, or leaving a bounce) takes them here,
    /// in double precision, over the whole step (as in the general path), and nothing in the sub-steps.
    /// `integrated`: the free bodies' whole step is done already (with the fields).
    @inline(__always) static func substepRate(
        _ i: Int, _ bo: UnsafePointer<Body>, _ st: UnsafeMutablePointer<BodyState>, _ cs: UnsafePointer<Bool>,
        dt: Double, h: Double, gravity: Vec2, maxSpeed: Double, integrated: Bool
    ) -> SubstepRate {
        guard cs[i] else {
            if !integrated {
                integrateVelocity(i, bo, st, cs, sub: h, step: dt, gravity: gravity, maxSpeed: maxSpeed)
            }
            return SubstepRate()
        }
        let a = h * (bo[i].gravityScale * gravity + bo[i].invMass * bo[i].force)
        let alpha = h * bo[i].invInertia * bo[i].torque
        let linear = Float(1 / (1 + h * bo[i].linearDamping))
        let angular = Float(1 / (1 + h * bo[i].angularDamping))
        return SubstepRate(
            change: Lanes(Float(a.x), Float(a.y), Float(alpha), 0),
            damping: Lanes(linear, linear, angular, 1))
    }

    /// One sub-step's velocity change of the solver's bodies (`scratch.substepBodies`).
    mutating func integrateSolverVelocities() {
        let maxSpeed = Float(settings.maxLinearSpeed)
        scratch.substepBodies.withUnsafeBufferPointer { list in
            scratch.substepRates.withUnsafeBufferPointer { rates in
                scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                    guard let l = list.baseAddress, let r = rates.baseAddress, let b = sb.baseAddress else { return }
                    for j in 0..<scratch.substepKinematicStart {
                        World.integrateSolverVelocity(Int(l[j]), r + j, b, maxSpeed: maxSpeed)
                    }
                }
            }
        }
    }

    /// `integrateSolverVelocities` in a world with fields (on this thread): the noise clock advances by the
    /// sub-step `h`, and a constrained body a field may act on adds the fields' velocity change to its rate's, or
    /// takes the velocity a velocity field imposes (gravity and forces ignored, as in Fields/). A body no field acts
    /// on, or with zero field forces, moves exactly as in a world without fields.
    mutating func integrateSolverVelocitiesWithFields(h: Double) {
        fieldStore.clock += h
        let now = fieldStore.clock
        let maxSpeed = Float(settings.maxLinearSpeed)
        let ppm = FieldUnits.pointsPerMeter
        for j in 0..<scratch.substepKinematicStart {
            let i = Int(scratch.substepBodies[j])
            var rate = scratch.substepRates[j]
            if bodies[i].fieldMask != 0 && scratch.constrainedThisStep[i] {
                let sb = scratch.solverBodies[i]
                let center = bodies[i].center0 + Vec2(Double(sb.motion[0]), Double(sb.motion[1]))
                let velocity = Vec2(Double(sb.velocity[0]), Double(sb.velocity[1]))
                let effect = fieldEffect(on: i, center: center, velocity: velocity, h: h, now: now)
                if let imposed = effect.velocity {
                    // The change that lands on the imposed velocity: v + change = imposed (angular part kept).
                    scratch.solverBodies[i].velocity[0] = Float(imposed.x)
                    scratch.solverBodies[i].velocity[1] = Float(imposed.y)
                    rate.change[0] = 0
                    rate.change[1] = 0
                } else {
                    let dv = h * bodies[i].invMass * ppm * effect.force
                    rate.change += Lanes(Float(dv.x), Float(dv.y), 0, 0)
                }
            }
            scratch.solverBodies[i].velocity = World.substepVelocity(
                scratch.solverBodies[i].velocity, rate, maxSpeed: maxSpeed)
        }
    }

    /// `integrateSolverVelocities` for body `i` with its rate `rate`.
    @inline(__always) static func integrateSolverVelocity(
        _ i: Int, _ rate: UnsafePointer<SubstepRate>, _ sb: UnsafeMutablePointer<SolverBody>, maxSpeed: Float
    ) {
        sb[i].velocity = substepVelocity(sb[i].velocity, rate.pointee, maxSpeed: maxSpeed)
    }

    /// The velocity `v` (vx, vy, ω, 0) after one sub-step at `rate`, its speed capped at `maxSpeed`.
    @inline(__always) static func substepVelocity(_ v: Lanes, _ rate: SubstepRate, maxSpeed: Float) -> Lanes {
        var v = (v + rate.change) * rate.damping
        let s2 = v[0] * v[0] + v[1] * v[1]
        if _slowPath(s2 > maxSpeed * maxSpeed) {
            let k = maxSpeed / s2.squareRoot()
            v[0] *= k
            v[1] *= k
        }
        return v
    }

    /// One sub-step `h` of motion of the solver's bodies.
    mutating func integrateSolverPositions(h: Float) {
        scratch.substepBodies.withUnsafeBufferPointer { list in
            scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                guard let l = list.baseAddress, let b = sb.baseAddress else { return }
                for j in 0..<list.count { World.integrateSolverPosition(Int(l[j]), b, h: h) }
            }
        }
    }

    /// `integrateSolverPositions` for body `i`: Δp += h·v, and the rotation change turned by h·ω (normalized).
    @inline(__always) static func integrateSolverPosition(_ i: Int, _ sb: UnsafeMutablePointer<SolverBody>, h: Float) {
        let m = sb[i].motion
        let hv = h * sb[i].velocity
        let a = hv[2]
        let c = m[2] - a * m[3], s = m[3] + a * m[2]
        let mag = (c * c + s * s).squareRoot()
        let inv: Float = mag > 0 ? 1 / mag : 0
        sb[i].motion = Lanes(m[0] + hv[0], m[1] + hv[1], c * inv, s * inv)
    }

    /// Ends the single-precision sub-steps: each dynamic solver body's velocity change and step motion into its
    /// double-precision state (the kinematic ones have theirs).
    mutating func endSinglePrecisionSubsteps() {
        scratch.substepBodies.withUnsafeBufferPointer { list in
            states.withUnsafeMutableBufferPointer { st in
                scratch.solverBodies.withUnsafeBufferPointer { sb in
                    scratch.solverVelocityStart.withUnsafeMutableBufferPointer { vs in
                        guard let l = list.baseAddress, let s = st.baseAddress, let b = sb.baseAddress,
                            let v = vs.baseAddress
                        else { return }
                        for j in 0..<scratch.substepKinematicStart { World.storeSolverBody(Int(l[j]), s, b, v) }
                    }
                }
            }
        }
    }

    /// `endSinglePrecisionSubsteps` for body `i`.
    @inline(__always) static func storeSolverBody(
        _ i: Int, slot: Int? = nil, _ st: UnsafeMutablePointer<BodyState>, _ sb: UnsafePointer<SolverBody>,
        _ start: UnsafeMutablePointer<Lanes>
    ) {
        storeVelocity(i, slot: slot, st, sb, start)
        let m = sb[slot ?? i].motion
        st[i].dp = Vec2(Double(m[0]), Double(m[1]))
        st[i].dq = Rotation(c: Double(m[2]), s: Double(m[3]))
    }
}

/// A solver body's velocity change over one sub-step: v ← (v + change) ⊙ damping, lanes (x, y, ω, 0).
package struct SubstepRate: Sendable {
    /// h·(gravity + force/m), pt/s, and h·torque/I, rad/s.
    var change = Lanes()
    /// 1/(1 + h·linear damping) twice, 1/(1 + h·angular damping), 1.
    var damping = Lanes(repeating: 1)
}

/// What every run of `World.beginSinglePrecisionSubsteps` reads and where it writes (its own runs of `list`, `rates`
/// and `counts`, and its bodies' states and solver bodies).
private struct SubstepBeginJob {
    let bodies: UnsafePointer<Body>
    let states: UnsafeMutablePointer<BodyState>
    let constrained: UnsafePointer<Bool>
    let stamp: UnsafePointer<UInt32>
    let solverBodies: UnsafeMutablePointer<SolverBody>
    let velocityStart: UnsafeMutablePointer<Lanes>
    let list: UnsafeMutablePointer<Int32>
    let rates: UnsafeMutablePointer<SubstepRate>
    let awake: UnsafePointer<Int32>
    let awakeCount: Int
    let epoch: UInt32
    let dt: Double, h: Double
    let substeps: Int
    let gravity: Vec2
    let maxSpeed: Double
    /// The free bodies' whole step is done already (with the fields).
    let integrated: Bool
    /// Runs of the awake list, and by run the dynamic and kinematic bodies it listed.
    let runs: Int
    let counts: UnsafeMutablePointer<Int>
}
