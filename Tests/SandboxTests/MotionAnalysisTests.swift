import Dynamics
import Foundation
@testable import SandboxKit
import SandboxScenes
import Testing

@MainActor
@Suite("Readouts: frequency, damping ratio, overshoot and settle time measured from the motion")
struct MotionAnalysisTests {
    /// A 50 × 50 item 100 pt right of an anchor on a zero-length spring of `f` Hz and ratio `zeta`, no gravity,
    /// no resistance (resistance would add its own damping); its x sampled once per 1/60-s frame for `seconds`.
    static func springTrace(f: Double, zeta: Double, seconds: Double) -> (t: [Double], x: [Double]) {
        let w = SceneWorld(bounds: CGRect(x: 0, y: 0, width: 960, height: 640), seed: 1)
        let item = w.add(
            SandboxItem(
                center: CGPoint(x: 580, y: 320), size: CGSize(width: 50, height: 50),
                color: .grey))
        let spring = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 480, y: 320))
        spring.length = 0
        spring.frequency = CGFloat(f)
        spring.damping = CGFloat(zeta)
        w.animator.addBehavior(spring)
        let props = DynamicItemBehavior(items: [item])
        props.resistance = 0
        props.angularResistance = 0
        w.animator.addBehavior(props)
        var t: [Double] = [0], x: [Double] = [580]
        for _ in 0..<Int(seconds * 60) {
            w.animator.advance(by: 1.0 / 60)
            t.append(w.animator.elapsedTime)
            x.append(Double(item.center.x))
        }
        return (t, x)
    }

    @Test(
        "springs of 1, 2, 5 Hz and zeta 0.05, 0.2: frequency within 2 %, zeta within 5 %, settle within a frame",
        arguments: [1.0, 2.0, 5.0], [0.05, 0.2])
    func spring(f: Double, zeta: Double) throws {
        // Long enough to settle within 0.5 pt from 100 pt: ln(200) / (zeta · 2πf) s, plus margin.
        let seconds = log(200) / (zeta * 2 * .pi * f) + 2
        let (t, x) = Self.springTrace(f: f, zeta: zeta, seconds: seconds)
        let m = try #require(MotionAnalysis.analyze(t: t, x: x))
        // Tolerances from the issue: 2 % on frequency, 5 % on the damping ratio (the engine's spring itself is
        // within 1 % / 2 %, README), one 1/60-s frame on the settle time.
        #expect(abs(m.frequency - f) / f < 0.02, "measured \(m.frequency) Hz")
        #expect(abs(m.dampingRatio - zeta) / zeta < 0.05, "measured zeta \(m.dampingRatio)")
        // The trace's own settle time, with the exact rest point (the anchor, x = 480).
        let last = try #require(x.indices.last { abs(x[$0] - 480) > MotionAnalysis.settleTolerance })
        let traceSettle = t[last + 1] - t[0]
        print(
            String(
                format: "readout: spring %.0f Hz zeta %.2f -> measured f %.4f Hz, zeta %.4f, overshoot %.1f %%, "
                    + "settle %.4f s (trace %.4f s)", f, zeta, m.frequency, m.dampingRatio, m.overshootPercent,
                m.settleTime, traceSettle))
        #expect(abs(m.settleTime - traceSettle) <= 1.0 / 60 + 1e-9, "\(m.settleTime) vs \(traceSettle)")
        // Overshoot vs the analytic exp(−πζ/√(1−ζ²)) (same 5 % as ζ, which it follows from).
        let predicted = SpringPrediction(frequency: f, dampingRatio: zeta, amplitude: 100)
        #expect(
            abs(m.overshootPercent - predicted.overshootPercent) / predicted.overshootPercent < 0.05,
            "\(m.overshootPercent) % vs \(predicted.overshootPercent) %")
    }

    @Test("a motion that does not oscillate has no reading (no made-up numbers)")
    func noOscillation() {
        let t = (0..<100).map { Double($0) / 60 }
        #expect(MotionAnalysis.analyze(t: t, x: t.map { 100 * exp(-3 * $0) }) == nil)
        #expect(MotionAnalysis.analyze(t: t, x: t.map { _ in 5 }) == nil)
    }

    /// The app on `scene` with its item named `name` selected (its motion untouched), after 10 s of 1/60-s frames.
    static func watched(_ name: String, in scene: String) throws -> SandboxApp {
        var c = SandboxApp.Configuration()
        c.scene = scene
        let app = SandboxApp(configuration: c)
        let item = try #require(app.world.items.first { $0.name == name })
        app.overlay.selected = item
        for _ in 0..<600 { app.frame(dt: 1.0 / 60) }
        return app
    }

    /// Samples of `f(t)` once per 1/60-s frame for `seconds`.
    static func sampled(_ seconds: Double, _ f: (Double) -> Double) -> (t: [Double], x: [Double]) {
        let t = (0...Int(seconds * 60)).map { Double($0) / 60 }
        return (t, t.map(f))
    }

    @Test("motions with alternating extremes that are not a free oscillation have no reading")
    func notAnOscillation() {
        // A ball dropped from 100 pt onto a floor at 0 that bounces back with 0.6 of its speed: its extremes
        // alternate about a point in mid-air, and it comes to rest on the floor.
        var height = 100.0, speed = 0.0
        var bounce: (t: [Double], x: [Double]) = ([], [])
        for frame in 0...360 {
            bounce.t.append(Double(frame) / 60)
            bounce.x.append(height)
            for _ in 0..<10 {
                speed -= 980.0 / 600
                height += speed / 600
                if height < 0 {
                    height = 0
                    speed = speed < -5 ? -0.6 * speed : 0
                }
            }
        }
        #expect(MotionAnalysis.analyze(t: bounce.t, x: bounce.x) == nil)
        // A hand's drag: a seeded random walk of 2-8 pt steps.
        var seed: UInt64 = 7
        var walk = 300.0
        let drag = Self.sampled(3) { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            walk += Double(seed >> 33) / Double(1 << 31) * 16 - 8
            return walk
        }
        #expect(MotionAnalysis.analyze(t: drag.t, x: drag.x) == nil)
        // A driven swing that grows, and extremes at uneven times (a tumble off walls).
        let growing = Self.sampled(4) { t in 20 * exp(0.4 * t) * cos(2 * .pi * t) }
        #expect(MotionAnalysis.analyze(t: growing.t, x: growing.x) == nil)
        let turns: [(t: Double, x: Double)] = [(0, 0), (0.1, 40), (0.5, 10), (0.6, 30), (1.3, 18), (1.4, 22), (2, 20)]
        let tumble = Self.sampled(3) { t in
            guard let k = turns.indices.dropFirst().first(where: { turns[$0].t >= t }) else { return 20 }
            let a = turns[k - 1], b = turns[k]
            return a.x + (b.x - a.x) * (t - a.t) / (b.t - a.t)
        }
        #expect(MotionAnalysis.analyze(t: tumble.t, x: tumble.x) == nil)
    }

    @Test("a trace that starts mid-swing reads the overshoot a release would show, not a share of its first sample")
    func midSwing() throws {
        // 1.5 Hz, zeta 0.15, passing its rest point at 50 · ωd pt/s when the trace starts.
        let zeta = 0.15, w = 2 * .pi * 1.5
        let wd = w * (1 - zeta * zeta).squareRoot()
        let trace = Self.sampled(5) { t in 50 * exp(-zeta * w * t) * sin(wd * t) }
        let m = try #require(MotionAnalysis.analyze(t: trace.t, x: trace.x))
        let release = SpringPrediction(frequency: 1.5, dampingRatio: zeta, amplitude: 50).overshootPercent
        // 5 %, as for the springs released from rest.
        #expect(abs(m.overshootPercent - release) / release < 0.05, "\(m.overshootPercent) % vs \(release) %")
    }

    @Test("a spring's ring followed by a knock is read from the ring alone")
    func ringThenKnock() throws {
        // 2 Hz, zeta 0.1 about 0 for 1.5 s (6 half-periods), then knocked at 400 pt/s: it rings again about the
        // same rest point, from a larger swing.
        let zeta = 0.1, w = 2 * .pi * 2.0
        let wd = w * (1 - zeta * zeta).squareRoot()
        func ring(_ t: Double) -> Double { 50 * exp(-zeta * w * t) * cos(wd * t) }
        let trace = Self.sampled(6) { t in
            t < 1.5 ? ring(t) : ring(t) + 400 / wd * exp(-zeta * w * (t - 1.5)) * sin(wd * (t - 1.5))
        }
        let m = try #require(MotionAnalysis.analyze(t: trace.t, x: trace.x))
        // The same tolerances as the springs above: 2 % on the frequency, 5 % on zeta.
        #expect(abs(m.frequency - 2) / 2 < 0.02, "\(m.frequency)")
        #expect(abs(m.dampingRatio - zeta) / zeta < 0.05, "\(m.dampingRatio)")
    }

    @Test("a ball shaken by the hand has no reading while dragged, nor once dropped back on the pile")
    func dragInThePile() throws {
        var c = SandboxApp.Configuration()
        c.scene = "ball-pile"
        let app = SandboxApp(configuration: c)
        for _ in 0..<240 { app.frame(dt: 1.0 / 60) }
        // The highest ball, lifted 80 pt and shaken up and down by the hand at 2 Hz (a swing that dies away, as a
        // spring's would: only knowing that the hand moves it tells the two apart), then let go without a fling.
        let ball = try #require(app.world.items.min { $0.center.y < $1.center.y })
        let s = app.screenPoint(ball.center)
        var clock = 10.0
        app.handle(.pointerDown(x: Double(s.x), y: Double(s.y), button: .primary, time: clock))
        #expect(app.selected === ball)
        for k in 1...150 {
            clock += 1.0 / 60
            let tau = Double(k) / 60
            let lift = 80 * min(1, tau / 0.3) + 40 * exp(-0.5 * tau) * sin(2 * .pi * 2 * tau)
            app.handle(.pointerMoved(x: Double(s.x), y: Double(s.y) - lift, time: clock))
            app.frame(dt: 1.0 / 60)
            #expect(app.measuredMotion == nil, "frame \(k) of the drag")
        }
        #expect(app.readoutLines()[0].contains("dragging"), "\(app.readoutLines()[0])")
        clock += 0.5
        app.handle(.pointerUp(x: Double(s.x), y: Double(s.y) - 80, button: .primary, time: clock))
        var readings = 0
        for _ in 0..<300 {
            app.frame(dt: 1.0 / 60)
            if app.measuredMotion != nil { readings += 1 }
        }
        #expect(app.measuredMotion == nil, "\(String(describing: app.measuredMotion))")
        #expect(readings == 0, "\(readings) frames read an oscillation in a ball falling into a pile")
    }

    @Test("a tap that snaps the selected item, and a push, start the readouts' samples again")
    func tapAndPushRestart() throws {
        let app = try Self.watched("ball", in: "pendulum")
        #expect(app.readout.samples.count > 500)
        let ball = try #require(app.selected)
        let p = app.screenPoint(CGPoint(x: ball.center.x + 120, y: ball.center.y + 40))
        app.handle(.pointerDown(x: Double(p.x), y: Double(p.y), button: .primary, time: 20))
        app.handle(.pointerUp(x: Double(p.x), y: Double(p.y), button: .primary, time: 20.05))
        #expect(app.readout.samples.isEmpty, "\(app.readout.samples.count) samples kept after the snap")
        for _ in 0..<30 { app.frame(dt: 1.0 / 60) }
        #expect(app.readout.samples.count == 30)
        app.handle(.pointerDown(x: Double(p.x), y: Double(p.y), button: .secondary, time: 21))
        #expect(app.readout.samples.isEmpty, "\(app.readout.samples.count) samples kept after the push")
    }

    @Test("a snap's four 4-Hz corner springs move a square at 3.58 Hz, a disc at 3.27, a fixed square at 5.66")
    func snapPrediction() {
        // A square of side 50: I / m = (w² + h²) / 12, lever arm 25 pt, so 2 · m_eff / m = 2 / (1 + 25² · 12 / 5000)
        // = 0.8. A disc of radius 25 in its 50-pt bounds: I / m = r² / 2, so 2 / (1 + 2) = 2 / 3. No rotation: 2.
        let cases: [(Double, Double)] = [(5000.0 / 12, 0.8), (625.0 / 2, 2.0 / 3), (.infinity, 2)]
        for (inertiaPerMass, share) in cases {
            let p = SpringPrediction.snap(
                damping: 0.3, halfWidth: 25, halfHeight: 25, inertiaPerMass: inertiaPerMass, offsetX: 30,
                offsetY: -40, amplitude: 50)
            #expect(abs(p.frequency - 4 * share.squareRoot()) < 1e-12, "\(p.frequency) Hz")
            #expect(abs(p.dampingRatio - 0.3 * share.squareRoot()) < 1e-12, "\(p.dampingRatio)")
        }
        // A 100 × 20 bar that may rotate (I / m = (100² + 20²) / 12): along x the springs' arm is the half height
        // (10 pt), along y the half width (50 pt), so it is stiffer along x.
        let bar = 10_400.0 / 12
        let alongX = SpringPrediction.snap(
            damping: 0.3, halfWidth: 50, halfHeight: 10, inertiaPerMass: bar, offsetX: 40, offsetY: 0, amplitude: 40)
        let alongY = SpringPrediction.snap(
            damping: 0.3, halfWidth: 50, halfHeight: 10, inertiaPerMass: bar, offsetX: 0, offsetY: 40, amplitude: 40)
        #expect(abs(alongX.frequency - 4 * (2 / (1 + 100 / bar)).squareRoot()) < 1e-12)
        #expect(abs(alongY.frequency - 4 * (2 / (1 + 2500 / bar)).squareRoot()) < 1e-12)
    }

    @Test("a snapped square swings at the frequency and damping ratio the readout predicts", arguments: [0.2, 0.35])
    func snapMeasured(damping: Double) throws {
        var c = SandboxApp.Configuration()
        c.scene = "gravity"
        let app = SandboxApp(configuration: c)
        app.world.gravity?.magnitude = 0
        app.gestures.snapDamping = damping
        for _ in 0..<60 { app.frame(dt: 1.0 / 60) }
        let view = try #require(app.world.items.first { $0.name == "view" })
        app.overlay.selected = view
        app.snap(view, to: CGPoint(x: view.center.x + 100, y: view.center.y + 60))
        app.restartReadout(of: view)
        for _ in 0..<300 { app.frame(dt: 1.0 / 60) }
        let m = try #require(app.measuredMotion)
        let p = try #require(app.predictedMotion).prediction
        // The snap throws the item farther than its 50-pt springs' length, so the first swings are not small:
        // 3 % on the frequency, 8 % on the damping ratio. (The 4 Hz the readout predicted before is 9 % off.)
        #expect(
            abs(m.frequency - p.frequency) / p.frequency < 0.03, "measured \(m.frequency) Hz, predicted \(p.frequency)")
        #expect(
            abs(m.dampingRatio - p.dampingRatio) / p.dampingRatio < 0.08,
            "measured zeta \(m.dampingRatio), predicted \(p.dampingRatio)")
    }

    @Test("a pendulum's swing is read, between its frequency at the 90-degree release and its small-swing one")
    func pendulum() throws {
        let app = try Self.watched("ball", in: "pendulum")
        let m = try #require(app.measuredMotion)
        // A 50-pt rod under 1000 pt/s²: released at 90°, T = 4·√(L/g)·K(sin 45°) with K = 1.854075 (f 0.603 Hz);
        // for small swings T = 2π·√(L/g) (f 0.712 Hz). The swing loses a little amplitude over the 10 s read, and
        // a smaller swing is faster: the reading lies between the two, within the springs' 2 %.
        let root = (50.0 / 1000).squareRoot()
        let released = 1 / (4 * root * 1.854075), small = 1 / (2 * .pi * root)
        #expect(
            m.frequency > 0.98 * released && m.frequency < 1.02 * small,
            "measured \(m.frequency) Hz (zeta \(m.dampingRatio), \(m.extremes) extremes): \(released)-\(small) Hz")
    }

    @Test("the app shows the measured readout beside the spring's prediction, and why the animator runs")
    func appReadout() throws {
        let app = try Self.watched("square", in: "attachment")
        let lines = app.readoutLines()
        #expect(lines[0].hasPrefix("measured   f "), "\(lines)")
        #expect(
            lines[1].contains("(spring)") && lines[1].contains("f 0.30 Hz") && lines[1].contains("zeta 0.300"),
            "\(lines)")
        #expect(
            lines[2].hasPrefix("running: ") || lines[2].hasPrefix("animator paused (dynamicAnimatorDidPause) at"),
            "\(lines)")
        let m = try #require(app.measuredMotion)
        // The seed's spring is 0.3 Hz, ζ 0.3, with gravity off and the walls far: within the readout tolerances.
        #expect(abs(m.frequency - 0.3) / 0.3 < 0.05, "\(m.frequency)")
    }
}
