import Foundation
import Testing

@testable import PhysicsCore

/// The wide contact kernels (WideContactSolver.swift) against a lane-by-lane scalar reference in single precision,
/// written term for term as the equations read: one biased and one relax pass over the bundles of a pile of balls
/// (one-point kernels) and of a box pyramid (two-point kernels, block and sequential). The reference keeps the relax
/// pass's zero impulse scale (x − 0 · old), which the kernels leave out: the velocities and impulses must be equal
/// (==, so a zero's sign is not told apart). The one-point kernel, friction and the warm start apply impulses with
/// the products the preparation stored (d·(m·n), d·(i·r)); the two-point kernel's normal impulses with m·sum·n.
@Suite("Wide kernels against a scalar reference")
struct WideKernelReferenceTests {
    @Test(
        "one biased and one relax pass equal the scalar reference (pile: one point; pyramid: two points)",
        arguments: [0, 1])
    func kernelsMatchReference(scene: Int) {
        var w = Self.preparedWorld(scene: scene)
        #expect(w.scratch.wideConstraints.count > 20)
        #expect(w.scratch.wideConstraints.contains { $0.twoPoints } == (scene == 1))
        let maxBias = Float(w.settings.contactPushMaxVelocity)
        for useBias in [true, false] {
            var bundles = w.scratch.wideConstraints, bodies = w.scratch.solverBodies
            for i in bundles.indices {
                Self.solve(&bundles[i], &bodies, invH: Float(1 / Self.h), maxBias: maxBias, useBias)
            }
            w.solveWideContacts(invH: 1 / Self.h, useBias: useBias)
            for i in 0..<w.bodies.count {
                #expect(w.scratch.solverBodies[i].velocity == bodies[i].velocity, "body \(i), bias \(useBias)")
            }
            for (got, want) in zip(w.scratch.wideConstraints, bundles) {
                for p in [\WideContactConstraint.p0, \.p1] {
                    #expect(got[keyPath: p].normalImpulse == want[keyPath: p].normalImpulse)
                    #expect(got[keyPath: p].tangentImpulse == want[keyPath: p].tangentImpulse)
                    #expect(got[keyPath: p].maxNormalImpulse == want[keyPath: p].maxNormalImpulse)
                }
            }
        }
    }

    @Test("the warm start equals the scalar reference (pile: one point; pyramid: two points)", arguments: [0, 1])
    func warmStartMatchesReference(scene: Int) {
        var w = Self.preparedWorld(scene: scene)
        #expect(w.scratch.wideConstraints.contains { any($0.p0.normalImpulse .!= 0) })
        var bodies = w.scratch.solverBodies
        for c in w.scratch.wideConstraints {
            var out: [(Int, Lanes, Int, Lanes)] = []
            for l in 0..<4 {
                var av = bodies[Int(WideContactConstraint.bodySlot(c.bodyA[l]))].velocity,
                    bv = bodies[Int(WideContactConstraint.bodySlot(c.bodyB[l]))].velocity
                let nx = c.normalX[l], ny = c.normalY[l]
                for (p, q) in c.twoPoints ? [(c.p0, c.q0), (c.p1, c.q1)] : [(c.p0, c.q0)] {
                    // P = ni·n + ti·t, t = (ny, −nx); the angular change ni·(i·rn) + ti·(i·rt).
                    let ni = p.normalImpulse[l], ti = p.tangentImpulse[l]
                    let px = ni * nx + ti * ny, py = ni * ny - ti * nx
                    av[0] -= c.invMassA[l] * px
                    av[1] -= c.invMassA[l] * py
                    av[2] -= ni * q.irnA[l] + ti * q.irtA[l]
                    bv[0] += c.invMassB[l] * px
                    bv[1] += c.invMassB[l] * py
                    bv[2] += ni * q.irnB[l] + ti * q.irtB[l]
                }
                out.append(
                    (
                        Int(WideContactConstraint.bodySlot(c.storeA[l])), av,
                        Int(WideContactConstraint.bodySlot(c.storeB[l])), bv
                    ))
            }
            for (ia, va, ib, vb) in out {
                bodies[ia].velocity = va
                bodies[ib].velocity = vb
            }
        }
        w.warmStartWideContacts()
        for i in 0..<w.bodies.count {
            #expect(w.scratch.solverBodies[i].velocity == bodies[i].velocity, "body \(i)")
        }
    }

    @Test(
        "the kernels' separation from the lever arms equals the anchors' geometry within float rounding",
        arguments: [0, 1])
    func separationFromLeverArms(scene: Int) {
        var w = Self.preparedWorld(scene: scene)
        // Step motions far larger than a sub-step's (up to 2 pt and 0.1 rad), different for every body.
        for i in 0..<w.bodies.count {
            let turn = 0.1 * sin(Double(i) * 1.7), x = 2 * cos(Double(i) * 0.9), y = 2 * sin(Double(i) * 2.3)
            w.scratch.solverBodies[i].motion = Lanes(Float(x), Float(y), Float(cos(turn)), Float(sin(turn)))
        }
        var checked = 0
        w.scratch.wideConstraints.withUnsafeMutableBufferPointer { ws in
            w.scratch.solverBodies.withUnsafeMutableBufferPointer { sb in
                for k in ws.indices {
                    let c = ws.baseAddress! + k
                    let a = WideBodies(sb.baseAddress!, c.pointer(to: \.bodyA)!)
                    let b = WideBodies(sb.baseAddress!, c.pointer(to: \.bodyB)!)
                    let nx = c.pointee.normalX, ny = c.pointee.normalY
                    let shared = World.normalMotion(a, b, nx, ny)
                    for p in c.pointee.twoPoints ? [\WideContactConstraint.p0, \.p1] : [\.p0] {
                        let point = c.pointer(to: p)!
                        let got = World.separation(point, a, b, normalMotion: shared)
                        for l in 0..<Int(c.pointee.laneCount) {
                            // dot(Δp_B − Δp_A + R(Δq_B) r_B − R(Δq_A) r_A, n) + base, in double precision.
                            func turned(_ m: WideBodies, _ rx: Float, _ ry: Float) -> (Double, Double) {
                                let cq = Double(m.dqc[l]), sq = Double(m.dqs[l])
                                return (cq * Double(rx) - sq * Double(ry), sq * Double(rx) + cq * Double(ry))
                            }
                            let q = point.pointee
                            let (bx, by) = turned(b, q.anchorBX[l], q.anchorBY[l])
                            let (ax, ay) = turned(a, q.anchorAX[l], q.anchorAY[l])
                            let dx = Double(b.dpx[l]) - Double(a.dpx[l]) + bx - ax
                            let dy = Double(b.dpy[l]) - Double(a.dpy[l]) + by - ay
                            let want = dx * Double(nx[l]) + dy * Double(ny[l]) + Double(q.baseSeparation[l])
                            // Single-precision terms of up to about 40 pt (anchors, lever arms), a few roundings of
                            // 2.4e-6 pt each: 1e-4 pt is far below the 0.005 pt slop and above the rounding.
                            #expect(abs(Double(got[l]) - want) < 1e-4, "bundle \(k) lane \(l)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    /// The sub-step the tests prepare for, s.
    private static let h = 1.0 / 360

    /// A pile of 200 balls (scene 0: one-point bundles) or a pyramid of base 10 (scene 1: two-point bundles) after
    /// 1.5 s with sleeping off (so the pyramid has contacts to solve), its bundles prepared for a sub-step `h`.
    private static func preparedWorld(scene: Int) -> World {
        var settings = Scenes.frameSettings
        settings.enableSleep = false
        var w = scene == 0 ? Scenes.pile(200, settings: settings).0 : Scenes.pyramid(base: 10, settings: settings).0
        for _ in 0..<90 { w.step(dt: 1.0 / 60) }
        w.prepareContacts(
            contactSoftness: Softness(hertz: 30, dampingRatio: 10, h: h),
            staticSoftness: Softness(hertz: 60, dampingRatio: 10, h: h))
        return w
    }

    /// One bundle, lane by lane: every lane reads the bodies before any lane writes (lanes share no moving body).
    private static func solve(
        _ c: inout WideContactConstraint, _ bodies: inout [SolverBody], invH: Float, maxBias: Float, _ useBias: Bool
    ) {
        var out: [(Int, Lanes, Int, Lanes)] = []
        for l in 0..<4 {
            let a = bodies[Int(WideContactConstraint.bodySlot(c.bodyA[l]))],
                b = bodies[Int(WideContactConstraint.bodySlot(c.bodyB[l]))]
            var av = a.velocity, bv = b.velocity
            let nx = c.normalX[l], ny = c.normalY[l]
            let mA = c.invMassA[l], mB = c.invMassB[l], iA = c.invIA[l], iB = c.invIB[l]
            // The normal parts of the translations and of the turned anchors, the latter from the lever arms
            // (r·n = −rt, r × n = rn; `separationFromLeverArms` checks them against the anchors).
            func separation(_ p: WidePoint) -> Float {
                let normalMotion = (b.motion[0] - a.motion[0]) * nx + (b.motion[1] - a.motion[1]) * ny
                let turnB = b.motion[3] * p.rnB[l] - b.motion[2] * p.rtB[l]
                let turnA = a.motion[3] * p.rnA[l] - a.motion[2] * p.rtA[l]
                return normalMotion + (turnB - turnA) + p.baseSeparation[l]
            }
            // Soft terms: bias, mass scale, impulse scale (zero in the relax pass, and subtracted all the same).
            func soft(_ s: Float) -> (Float, Float, Float, Bool) {
                let apart = s > 0
                if !useBias { return (apart ? s * invH : 0, 1, 0, apart) }
                let pushed = c.massScale[l] * c.biasRate[l] * s
                let push = pushed < -maxBias ? -maxBias : pushed
                return apart ? (s * invH, 1, 0, true) : (push, c.massScale[l], c.impulseScale[l], false)
            }
            let mnAX = c.mnAX[l], mnAY = c.mnAY[l], mnBX = c.mnBX[l], mnBY = c.mnBY[l]
            func apply(_ pxA: Float, _ pyA: Float, _ wA: Float, _ pxB: Float, _ pyB: Float, _ wB: Float) {
                av[0] -= pxA
                av[1] -= pyA
                av[2] -= wA
                bv[0] += pxB
                bv[1] += pyB
                bv[2] += wB
            }
            if c.twoPoints {
                let t0 = soft(separation(c.p0)), t1 = soft(separation(c.p1))
                let rnA0 = c.p0.rnA[l], rnB0 = c.p0.rnB[l], rnA1 = c.p1.rnA[l], rnB1 = c.p1.rnB[l]
                let dvn = (bv[0] - av[0]) * nx + (bv[1] - av[1]) * ny
                let vn0 = dvn + bv[2] * rnB0 - av[2] * rnA0, vn1 = dvn + bv[2] * rnB1 - av[2] * rnA1
                let old0 = c.p0.normalImpulse[l], old1 = c.p1.normalImpulse[l]
                let r0 = t0.1 * vn0 + t0.0, r1 = t1.1 * vn1 + t1.0
                let x0 = old0 - (c.invK11[l] * r0 + c.invK12[l] * r1) - t0.2 * old0
                let x1 = old1 - (c.invK12[l] * r0 + c.invK22[l] * r1) - t1.2 * old1
                var d0 = x0 - old0, d1 = x1 - old1
                if !(c.useBlock[l] != 0 && t0.3 == t1.3 && x0 >= 0 && x1 >= 0) {
                    let n0 = max0(old0 - c.p0.normalMass[l] * r0 - t0.2 * old0)
                    d0 = n0 - old0
                    let coupling = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1
                    let r1s = t1.1 * (vn1 + d0 * coupling) + t1.0
                    d1 = max0(old1 - c.p1.normalMass[l] * r1s - t1.2 * old1) - old1
                }
                c.p0.normalImpulse[l] = old0 + d0
                c.p1.normalImpulse[l] = old1 + d1
                c.p0.maxNormalImpulse[l] = larger(c.p0.maxNormalImpulse[l], d0)
                c.p1.maxNormalImpulse[l] = larger(c.p1.maxNormalImpulse[l], d1)
                let sum = d0 + d1
                apply(
                    mA * sum * nx, mA * sum * ny, iA * (d0 * rnA0 + d1 * rnA1), mB * sum * nx, mB * sum * ny,
                    iB * (d0 * rnB0 + d1 * rnB1))
            } else {
                let t = soft(separation(c.p0))
                let rnA = c.p0.rnA[l], rnB = c.p0.rnB[l]
                let vn = (bv[0] - av[0]) * nx + (bv[1] - av[1]) * ny + bv[2] * rnB - av[2] * rnA
                let old = c.p0.normalImpulse[l]
                let new = max0(old - c.p0.normalMass[l] * (t.1 * vn + t.0) - t.2 * old)
                let d = new - old
                c.p0.normalImpulse[l] = new
                c.p0.maxNormalImpulse[l] = larger(c.p0.maxNormalImpulse[l], d)
                apply(d * mnAX, d * mnAY, d * c.q0.irnA[l], d * mnBX, d * mnBY, d * c.q0.irnB[l])
            }
            // Friction of each point; the tangent is (ny, −nx), the negation written 0 − x as SIMD's is.
            for (p, q) in c.twoPoints
                ? [(\WideContactConstraint.p0, \WideContactConstraint.q0), (\.p1, \.q1)] : [(\.p0, \.q0)]
            {
                let tx = ny, ty = 0 - nx
                let rtA = c[keyPath: p].rtA[l], rtB = c[keyPath: p].rtB[l]
                let vt = (bv[0] - av[0]) * tx + (bv[1] - av[1]) * ty + bv[2] * rtB - av[2] * rtA
                let old = c[keyPath: p].tangentImpulse[l]
                let maxFriction = c.friction[l] * c[keyPath: p].normalImpulse[l]
                let low = larger(old - c[keyPath: p].tangentMass[l] * vt, 0 - maxFriction)
                let clamped = maxFriction < low ? maxFriction : low
                let d = clamped - old
                c[keyPath: p].tangentImpulse[l] = clamped
                // d·m·t with t = (ny, −nx): (d·(m·ny), −d·(m·nx)).
                apply(
                    d * mnAY, 0 - d * mnAX, d * c[keyPath: q].irtA[l], d * mnBY, 0 - d * mnBX,
                    d * c[keyPath: q].irtB[l])
            }
            out.append(
                (
                    Int(WideContactConstraint.bodySlot(c.storeA[l])), av,
                    Int(WideContactConstraint.bodySlot(c.storeB[l])), bv
                ))
        }
        for (ia, va, ib, vb) in out {
            bodies[ia].velocity = va
            bodies[ib].velocity = vb
        }
    }
}

/// The kernels' lane maximum (`a < b ? b : a`) and clamp at zero.
private func larger(_ a: Float, _ b: Float) -> Float { a < b ? b : a }
private func max0(_ a: Float) -> Float { larger(a, 0) }
