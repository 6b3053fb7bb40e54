import Foundation
import Testing
@testable import Dynamics
import PhysicsCore

/// Spec §1.12: the eleven factories' defaults, the noise-only properties, and bad input refused with a diagnostic.
@MainActor
@Suite("Field behaviour defaults and bad input")
struct FieldsDefaultsTests {
    /// Factory, expected falloff, expected direction.
    static let factories: [(String, @MainActor () -> FieldBehavior, CGFloat, CGVector)] = [
        ("drag", { .dragField() }, 0, .zero),
        ("vortex", { .vortexField() }, 0, .zero),
        ("radialGravity", { .radialGravityField(position: CGPoint(x: 30, y: -7)) }, 2, .zero),
        ("linearGravity", { .linearGravityField(direction: CGVector(dx: 0.5, dy: 2)) }, 0, CGVector(dx: 0.5, dy: 2)),
        ("velocity", { .velocityField(direction: CGVector(dx: -1, dy: 3)) }, 0, CGVector(dx: -1, dy: 3)),
        ("noise", { .noiseField(smoothness: 0.25, animationSpeed: 3) }, 0, .zero),
        ("turbulence", { .turbulenceField(smoothness: 0.75, animationSpeed: 0.5) }, 0, .zero),
        ("spring", { .springField() }, -1, .zero),
        ("electric", { .electricField() }, 1, .zero),
        ("magnetic", { .magneticField() }, 1, .zero),
        ("custom", { .field { _, _, _, _, _, _ in .zero } }, 0, .zero)
    ]

    @Test("Every factory: strength 1, region infinite, minimum radius 2⁻¹⁵ m, its falloff and direction")
    func factoryDefaults() {
        #expect(Self.factories.count == 11)
        for (name, make, falloff, direction) in Self.factories {
            let f = make()
            #expect(f.strength == 1, "\(name)")
            #expect(f.falloff == falloff, "\(name)")
            #expect(f.direction == direction, "\(name)")
            #expect(f.region === Region.infinite, "\(name)")
            // 2⁻¹⁵ m = 100/32768 pt ≈ 0.00305 pt.
            #expect(f.minimumRadius == 100.0 / 32768, "\(name)")
            #expect(isClose(f.minimumRadius, 0.00305, within: 0.00001), "\(name)")
            let expectedPosition = name == "radialGravity" ? CGPoint(x: 30, y: -7) : .zero
            #expect(f.position == expectedPosition, "\(name)")
            #expect(f.items.isEmpty)
        }
    }

    @Test("smoothness and animationSpeed: kept by noise and turbulence, read 0 on the others even after a set")
    func noiseOnlyProperties() {
        let noise = FieldBehavior.noiseField(smoothness: 0.25, animationSpeed: 3)
        #expect(noise.smoothness == 0.25 && noise.animationSpeed == 3)
        let turbulence = FieldBehavior.turbulenceField(smoothness: 0.75, animationSpeed: 0.5)
        #expect(turbulence.smoothness == 0.75 && turbulence.animationSpeed == 0.5)
        noise.smoothness = 1
        noise.animationSpeed = 0
        #expect(noise.smoothness == 1 && noise.animationSpeed == 0)
        for (name, make, _, _) in Self.factories where name != "noise" && name != "turbulence" {
            let f = make()
            f.smoothness = 0.5
            f.animationSpeed = 2
            #expect(f.smoothness == 0 && f.animationSpeed == 0, "\(name)")
        }
    }

    @Test("Setters store what they are given (no single-precision round trip)")
    func settersStore() {
        let f = FieldBehavior.springField()
        f.position = CGPoint(x: 30, y: 12.5)
        f.strength = -2.5
        f.falloff = 0.75
        f.minimumRadius = 4
        f.direction = CGVector(dx: 1, dy: -1)
        let r = Region(radius: 20)
        f.region = r
        #expect(f.position == CGPoint(x: 30, y: 12.5))
        #expect(f.strength == -2.5 && f.falloff == 0.75 && f.minimumRadius == 4)
        #expect(f.direction == CGVector(dx: 1, dy: -1))
        #expect(f.region === r)
    }

    // MARK: Bad input

    /// A spring field on one falling 1-kg item (net 900 pt/s² down); after the bad value it still falls and nothing
    /// is NaN.
    private func expectRefused(
        _ change: (FieldBehavior) -> Void,
        unchanged check: (FieldBehavior) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let item = square(500, 500)
        let field = FieldBehavior.springField()
        field.position = CGPoint(x: 500, y: 400)
        field.addItem(item)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(field)
        let log = collectingDiagnostics { change(field) }
        #expect(log.count(.invalidValue) == 1, sourceLocation: sourceLocation)
        #expect(check(field), sourceLocation: sourceLocation)
        run(animator, frames: 5)
        #expect(item.center.y > 500 && item.center.isFinite, sourceLocation: sourceLocation)
        #expect(animator.worldIsSound, sourceLocation: sourceLocation)
        #expect(animator.world.field(field.fieldID!) == field.definition, sourceLocation: sourceLocation)
    }

    @Test("NaN and infinite parameters are refused; the old value stays")
    func badParameters() {
        expectRefused({ $0.strength = .nan }, unchanged: { $0.strength == 1 })
        expectRefused({ $0.strength = .infinity }, unchanged: { $0.strength == 1 })
        expectRefused({ $0.falloff = -.infinity }, unchanged: { $0.falloff == -1 })
        expectRefused(
            { $0.position = CGPoint(x: CGFloat.nan, y: 0) },
            unchanged: { $0.position == CGPoint(x: 500, y: 400) })
        expectRefused({ $0.direction = CGVector(dx: 0, dy: CGFloat.infinity) }, unchanged: { $0.direction == .zero })
        expectRefused({ $0.minimumRadius = -1 }, unchanged: { $0.minimumRadius == 100.0 / 32768 })
        expectRefused({ $0.minimumRadius = .nan }, unchanged: { $0.minimumRadius == 100.0 / 32768 })
        expectRefused({ $0.smoothness = .nan }, unchanged: { $0.smoothness == 0 })
        expectRefused({ $0.animationSpeed = .infinity }, unchanged: { $0.animationSpeed == 0 })
    }

    @Test("Factories refuse non-finite arguments and use the default")
    func badFactoryArguments() {
        var made: [FieldBehavior] = []
        let log = collectingDiagnostics {
            made.append(.radialGravityField(position: CGPoint(x: CGFloat.nan, y: 1)))
            made.append(.linearGravityField(direction: CGVector(dx: CGFloat.infinity, dy: 0)))
            made.append(.velocityField(direction: CGVector(dx: 0, dy: CGFloat.nan)))
            made.append(.noiseField(smoothness: .nan, animationSpeed: 1))
            made.append(.turbulenceField(smoothness: 0.5, animationSpeed: -.infinity))
        }
        #expect(log.count(.invalidValue) == 5)
        #expect(made[0].position == .zero)
        #expect(made[1].direction == .zero && made[2].direction == .zero)
        #expect(made[3].smoothness == 0 && made[3].animationSpeed == 1)
        #expect(made[4].smoothness == 0.5 && made[4].animationSpeed == 0)
    }

    @Test("Region(radius:) and Region(size:) refuse NaN with a diagnostic: the region is empty")
    func badRegions() {
        var regions: [Region] = []
        let log = collectingDiagnostics {
            regions.append(Region(radius: .nan))
            regions.append(Region(size: CGSize(width: CGFloat.nan, height: 4)))
        }
        #expect(log.count(.invalidValue) == 2)
        for r in regions { #expect(!r.contains(.zero) && !r.contains(CGPoint(x: 1, y: 1))) }
        // Infinite sizes are not an error: they reach infinitely far.
        #expect(Region(radius: .infinity).contains(CGPoint(x: 1e300, y: 0)))
    }
}
