import Testing
@testable import PhysicsCore

@Suite("Stacking and sleeping")
struct StackingTests {
    @Test("Pyramids stand, the top box sags ≤ 5 pt, and everything sleeps before t = 11 s", arguments: [20, 40])
    func pyramid(base: Int) {
        var (w, ids) = Scenes.pyramid(base: base)
        let top = ids.last!
        let start = w.position(of: top)!
        var sleptAt: Double? = nil
        for frame in 1...660 {
            w.step(dt: 1.0 / 60)
            if sleptAt == nil && w.awakeDynamicBodyCount == 0 { sleptAt = Double(frame) / 60 }
        }
        let sag = (w.position(of: top)! - start).length
        #expect(sag <= 5, "top box moved \(sag) pt")
        #expect(sleptAt != nil, "\(w.awakeDynamicBodyCount) bodies still awake")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    @Test("pile 4000: no ball escapes and every ball sleeps by t = 11 s")
    func pile4000() {
        var (w, ids, W) = Scenes.pile(4000)
        var sleptAt: Double? = nil
        for frame in 1...660 {
            w.step(dt: 1.0 / 60)
            if sleptAt == nil && w.awakeDynamicBodyCount == 0 { sleptAt = Double(frame) / 60 }
        }
        let escaped = ids.filter { b in
            let p = w.position(of: b)!
            return p.x < 0 || p.x > W || p.y < 0 || p.y > W
        }.count
        #expect(escaped == 0)
        #expect(sleptAt != nil, "\(w.awakeDynamicBodyCount) balls still awake at t = 11 s")
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
    }

    @Test("The same scene gives bit-identical states (determinism)")
    func determinism() {
        func run() -> [Double] {
            var (w, ids) = Scenes.pyramid(base: 10)
            for _ in 0..<120 { w.step(dt: 1.0 / 60) }
            return ids.flatMap { [w.position(of: $0)!.x, w.position(of: $0)!.y, w.angle(of: $0)!] }
        }
        let a = run(), b = run()
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    }
}
