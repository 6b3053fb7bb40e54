import Foundation
@testable import Dynamics

/// A seeded property-based driver of the public API (issue 15): random scenes of items, groups and every
/// behaviour kind, changed at random (values, adds, removes, updates, frames), with three properties checked after
/// every operation: no crash (the process survives), every item's center and transform finite, and no operation
/// taking more than `slowLimit` of processor time.
///
/// Values are drawn within ±`bound` (nil: unbounded — anything from ±1e-300 to ±greatestFiniteMagnitude, NaN and
/// infinities included). Same seed → same operations.
@MainActor
struct APIFuzzer {
    /// What a run found.
    struct Report: CustomStringConvertible {
        var operations = 0
        var nonFinite: [String] = []
        var slow: [String] = []
        var slowest: Duration = .zero
        var description: String {
            "\(operations) operations, \(nonFinite.count) non-finite states, \(slow.count) over the limit, "
                + "slowest \(slowest)" + (nonFinite.first.map { "; first non-finite: \($0)" } ?? "")
                + (slow.first.map { "; first slow: \($0)" } ?? "")
        }
    }

    var rng: UInt64
    let bound: Double?
    var slowLimit: Duration = .milliseconds(100)
    /// Bound of joint anchors, snap points and item sizes (lever arms), pt; nil: the run's `bound`. Joints with
    /// lever arms of 10⁵ pt and more still explode (issue 15, item 4: not fixed yet); runs in the test suite keep
    /// them at 10³.
    var leverBound: Double?
    /// Whether snaps and attachments are made. Default true.
    var joints = true

    init(seed: UInt64, bound: Double?) {
        rng = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        self.bound = bound
    }

    // MARK: Random values

    mutating func next() -> UInt64 {
        rng &+= 0x9E37_79B9_7F4A_7C15
        var z = rng
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A value of the run's kind: usually ordinary (±1000), else within the bound or anything.
    mutating func value() -> CGFloat {
        if chance(0.6) { return CGFloat(unit() * 2000 - 1000) }
        guard let bound else {
            switch int(8) {
            case 0: return .nan
            case 1: return chance(0.5) ? .infinity : -.infinity
            case 2: return chance(0.5) ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
            case 3:
                return CGFloat(
                    Double(
                        sign: chance(0.5) ? .minus : .plus, exponent: int(2046) - 1022,
                        significand: 1 + unit()))
            default: return CGFloat((unit() * 2 - 1) * pow(10, Double(int(310))))
            }
        }
        return CGFloat((unit() * 2 - 1) * bound * (chance(0.5) ? 1 : unit() * unit()))
    }

    mutating func positive() -> CGFloat {
        let v = abs(value())
        return chance(0.8) ? max(1, min(v, 400)) : v
    }

    mutating func point() -> CGPoint { CGPoint(x: value(), y: value()) }

    /// A boundary path: 2 to 8 points, random or along a line (a chain's flat joints), sometimes with a curve,
    /// closed or open.
    mutating func path() -> BezierPath {
        let p = BezierPath()
        var at = point()
        p.move(to: at)
        let step = CGPoint(x: value() / 10, y: value() / 10)
        for _ in 0..<(1 + int(7)) {
            at = chance(0.5) ? CGPoint(x: at.x + step.x, y: at.y + step.y) : point()
            if chance(0.2) { p.addQuadCurve(to: at, controlPoint: point()) } else { p.addLine(to: at) }
        }
        if chance(0.5) { p.close() }
        return p
    }

    /// Adds to `c` a boundary from a segment or a path, under one of three identifiers.
    mutating func addBoundary(to c: CollisionBehavior) {
        if chance(0.5) {
            c.addBoundary(withIdentifier: "b\(int(3))", from: point(), to: point())
        } else {
            c.addBoundary(withIdentifier: "b\(int(3))", for: path())
        }
    }

    /// An anchor or snap point: within `leverBound` of the scene when that is set.
    mutating func anchor() -> CGPoint {
        guard let leverBound else { return point() }
        return CGPoint(x: 200 + (unit() * 2 - 1) * leverBound, y: 300 + (unit() * 2 - 1) * leverBound)
    }

    /// A size: within `leverBound` when that is set.
    mutating func size() -> CGFloat {
        guard let leverBound else { return positive() }
        return min(positive(), CGFloat(leverBound))
    }

    /// A finite value (what an app can store in its own item without making it non-finite itself).
    mutating func finiteValue() -> CGFloat {
        let v = value()
        return v.isNaN ? 0 : max(-.greatestFiniteMagnitude, min(.greatestFiniteMagnitude, v))
    }

    mutating func finitePoint() -> CGPoint { CGPoint(x: finiteValue(), y: finiteValue()) }

    /// The last operations, for the report.
    var trace: [String] = []
    mutating func note(_ s: String) {
        trace.append(s)
        if trace.count > 16 { trace.removeFirst() }
    }
    mutating func vector() -> CGVector { CGVector(dx: value() / 100, dy: value() / 100) }

    // MARK: The scene

    var animators: [DynamicAnimator] = []
    var items: [SimpleDynamicItem] = []
    var groups: [DynamicItemGroup] = []
    var behaviors: [DynamicBehavior] = []

    var allItems: [any DynamicItem] { items as [any DynamicItem] + groups as [any DynamicItem] }

    mutating func anyItem() -> (any DynamicItem)? {
        let all = allItems
        return all.isEmpty ? nil : all[int(all.count)]
    }

    mutating func someItems() -> [any DynamicItem] {
        var out: [any DynamicItem] = []
        for _ in 0..<(1 + int(3)) { if let i = anyItem() { out.append(i) } }
        return out
    }

    mutating func newItem() -> SimpleDynamicItem {
        let ordinary = chance(0.85)
        let center = ordinary ? CGPoint(x: unit() * 400, y: unit() * 600) : finitePoint()
        let size =
            ordinary
            ? CGSize(width: 5 + unit() * 80, height: 5 + unit() * 80)
            : CGSize(width: size(), height: size())
        let kinds: [DynamicItemCollisionBoundsType] = [.rectangle, .ellipse, .path]
        let kind = kinds[int(3)]
        var path: BezierPath?
        if kind == .path {
            path = BezierPath(
                ovalIn: CGRect(
                    x: -size.width / 2, y: -size.height / 2, width: size.width,
                    height: size.height))
        }
        let item = SimpleDynamicItem(center: center, size: size, collisionBoundsType: kind, collisionBoundingPath: path)
        items.append(item)
        return item
    }

    mutating func newBehavior() -> DynamicBehavior? {
        guard let item = anyItem() else { return nil }
        var kind = int(12)
        if !joints && (4...7).contains(kind) { kind = 0 }
        switch kind {
        case 0: return GravityBehavior(items: someItems())
        case 1:
            let c = CollisionBehavior(items: someItems())
            c.translatesReferenceBoundsIntoBoundary = chance(0.7)
            if chance(0.3) { addBoundary(to: c) }
            return c
        case 2: return DynamicItemBehavior(items: someItems())
        case 3: return PushBehavior(items: someItems(), mode: chance(0.5) ? .continuous : .instantaneous)
        case 4: return SnapBehavior(item: item, snapTo: chance(0.7) ? CGPoint(x: 200, y: 300) : anchor())
        case 5:
            return AttachmentBehavior(item: item, attachedToAnchor: chance(0.7) ? CGPoint(x: 200, y: 100) : anchor())
        case 6:
            guard let other = anyItem(), other !== item else { return nil }
            let k = int(4)
            note("two-item attachment \(k)")
            switch k {
            case 0: return AttachmentBehavior.fixedAttachment(with: item, attachedTo: other, attachmentAnchor: anchor())
            case 1: return AttachmentBehavior.pinAttachment(with: item, attachedTo: other, attachmentAnchor: anchor())
            case 2:
                return AttachmentBehavior.limitAttachment(
                    with: item, offsetFromCenter: .zero, attachedTo: other,
                    offsetFromCenter: .zero)
            default: return AttachmentBehavior(item: item, attachedTo: other)
            }
        case 7:
            return AttachmentBehavior.slidingAttachment(
                with: item, attachmentAnchor: anchor(),
                axisOfTranslation: vector())
        case 8:
            let fields: [FieldBehavior] = [
                .radialGravityField(position: point()), .linearGravityField(direction: vector()),
                .velocityField(direction: vector()), .springField(), .electricField(), .magneticField(),
                .dragField(), .vortexField(), .noiseField(smoothness: unit(), animationSpeed: unit())
            ]
            let f = fields[int(fields.count)]
            for i in someItems() { f.addItem(i) }
            return f
        case 9:
            let scale = value()
            let f = FieldBehavior.field { _, p, v, _, _, _ in
                CGVector(dx: scale * (p.y - 300) / 100 + v.dx * 0, dy: scale)
            }
            for i in someItems() { f.addItem(i) }
            return f
        default:
            let composite = DynamicBehavior()
            if let child = newPrimitive(item) { composite.addChildBehavior(child) }
            composite.action = {}
            return composite
        }
    }

    mutating func newPrimitive(_ item: any DynamicItem) -> DynamicBehavior? {
        chance(0.5) ? GravityBehavior(items: [item]) : DynamicItemBehavior(items: [item])
    }

    // MARK: Operations

    /// One random operation.
    mutating func step() {
        if animators.isEmpty || chance(0.005) {
            let a =
                chance(0.8)
                ? DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
                : DynamicAnimator()
            animators.append(a)
            if animators.count > 3 { animators.removeFirst() }
            return
        }
        let animator = animators[int(animators.count)]
        let op = int(20)
        note("op\(op)")
        switch op {
        case 0, 1:
            if items.count < 40 { _ = newItem() }
        case 2:
            var members: [any DynamicItem] = []
            for _ in 0..<(2 + int(3)) { members.append(newItem()) }
            if groups.count < 8 { groups.append(DynamicItemGroup(items: members)) }
        case 3, 4, 5:
            if let b = newBehavior() {
                note("add \(type(of: b))")
                behaviors.append(b)
                animator.addBehavior(b)
            }
        case 6:
            if !behaviors.isEmpty { animator.addBehavior(behaviors[int(behaviors.count)]) }
        case 7:
            if !behaviors.isEmpty {
                let b = behaviors[int(behaviors.count)]
                b.dynamicAnimator?.removeBehavior(b)
                if chance(0.3) { behaviors.removeAll { $0 === b } }
            }
        case 8, 9, 10, 11:
            for _ in 0..<(1 + int(10)) { animator.advance(by: chance(0.9) ? 1.0 / 60 : unit() * 0.7) }
        case 12, 13:
            changeBehavior()
        case 14:
            if let item = anyItem() {
                if chance(0.5) { item.center = chance(0.8) ? CGPoint(x: unit() * 400, y: unit() * 600) : finitePoint() }
                if chance(0.3) {
                    item.transform = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: finiteValue(), ty: finiteValue())
                        .rotated(by: unit() * 6)
                }
                animator.updateItem(usingCurrentState: item)
            }
        case 15:
            _ = animator.items(in: CGRect(origin: point(), size: CGSize(width: positive(), height: positive())))
        case 16:
            if chance(0.1) { animator.removeAllBehaviors() }
        case 17:
            if !items.isEmpty && chance(0.5) {
                let i = items[int(items.count)]
                i.bounds = CGRect(origin: .zero, size: CGSize(width: size(), height: size()))
            }
        default:
            if !groups.isEmpty, chance(0.5) {
                let g = groups[int(groups.count)]
                g.transform = CGAffineTransform(rotationAngle: unit() * 6)
                if chance(0.3) { g.transform.tx = finiteValue() }
            }
        }
    }

    mutating func changeBehavior() {
        guard !behaviors.isEmpty else { return }
        let b = behaviors[int(behaviors.count)]
        note("change \(type(of: b))")
        switch b {
        case let g as GravityBehavior:
            note("gravity")
            if chance(0.5) { g.magnitude = value() / 100 } else { g.gravityDirection = vector() }
        case let c as CollisionBehavior:
            if chance(0.5) {
                addBoundary(to: c)
            } else {
                c.removeBoundary(withIdentifier: "b\(int(3))")
            }
            if let i = anyItem(), chance(0.3) { c.addItem(i) }
        case let d as DynamicItemBehavior:
            guard let i = d.items.first else { return }
            switch int(7) {
            case 0: d.addLinearVelocity(point(), for: i)
            case 1: d.addAngularVelocity(value(), for: i)
            case 2: d.density = positive() / 10
            case 3: d.elasticity = abs(value()) / 500
            case 4: d.charge = value()
            case 5: d.isAnchored.toggle()
            default: d.resistance = abs(value()) / 100
            }
        case let p as PushBehavior:
            if chance(0.5) { p.magnitude = value() / 100 } else { p.pushDirection = vector() }
            p.active = true
        case let s as SnapBehavior:
            s.snapPoint = chance(0.7) ? CGPoint(x: unit() * 400, y: unit() * 600) : anchor()
            if chance(0.3) { s.damping = unit() }
        case let a as AttachmentBehavior:
            switch int(4) {
            case 0: a.anchorPoint = anchor()
            case 1: a.length = size()
            case 2: a.frequency = abs(value()) / 100
            default: a.damping = unit()
            }
        case let f as FieldBehavior:
            switch int(6) {
            case 0: f.strength = value() / 10
            case 1: f.position = point()
            case 2: f.direction = vector()
            case 3: f.falloff = value() / 100
            case 4: f.region = Region(radius: positive())
            default: _ = f.acceleration(at: point(), velocity: point(), mass: positive(), charge: value())
            }
        default:
            b.action = chance(0.5) ? {} : nil
        }
    }

    /// A reason when `item` is not finite.
    static func problem(_ item: any DynamicItem) -> String? {
        let c = item.center, t = item.transform
        if c.x.isFinite && c.y.isFinite && t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite
            && t.tx.isFinite && t.ty.isFinite
        {
            return nil
        }
        return "\(describe(item)) center \(c) transform \(t)"
    }

    /// The processor time this thread has used. An operation's cost is timed with it, not with the wall clock:
    /// the suite shares two cores with a hundred others, and the wall clock once counted 0.39 s of an operation
    /// that took 14 ms of processor time, spent waiting for a core (every world here steps on its own thread).
    static func threadTime() -> Duration {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
    }

    /// Runs `count` operations; stops recording (not running) after 20 findings of a kind.
    mutating func run(_ count: Int) -> Report {
        var report = Report()
        for op in 0..<count {
            let start = Self.threadTime()
            step()
            let took = Self.threadTime() - start
            report.operations += 1
            report.slowest = max(report.slowest, took)
            if took > slowLimit && report.slow.count < 20 { report.slow.append("op \(op): \(took)") }
            for item in allItems {
                if let p = Self.problem(item), report.nonFinite.count < 20 {
                    report.nonFinite.append("op \(op): \(p) after \(trace)")
                    // Put it back so the next findings are new ones.
                    item.center = CGPoint(x: 100, y: 100)
                    item.transform = .identity
                }
            }
        }
        return report
    }
}
