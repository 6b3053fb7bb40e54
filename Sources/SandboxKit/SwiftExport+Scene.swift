import Dynamics
import Foundation
import SandboxScenes

/// "Copy as Swift", the scene's own behaviours: its attachments and fields as UIKit code, with `views[i]` standing
/// for the scene's i-th item.
extension SandboxApp {
    /// Code for a number: 5 significant digits, written out without an exponent for 1e-4 ≤ |v| < 1e7 (1000, not
    /// 1e+03), trailing zeros dropped; `.infinity` spelled out.
    static func swiftNumber(_ v: CGFloat) -> String {
        if v.isInfinite { return v > 0 ? ".infinity" : "-.infinity" }
        let d = Double(v)
        guard d.isFinite, d != 0 else { return "0" }
        let magnitude = Int((log10(abs(d))).rounded(.down))
        guard (-4..<7).contains(magnitude) else { return String(format: "%.5g", d) }
        var s = String(format: "%.*f", max(0, 4 - magnitude), d)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// Code for an angle in radians: a multiple of π/4 as `.pi` arithmetic (`.pi / 2`, `-3 * .pi / 4`), anything
    /// else as `swiftNumber`.
    static func swiftAngle(_ v: CGFloat) -> String {
        let quarters = (Double(v) / (Double.pi / 4)).rounded()
        guard v.isFinite, abs(Double(v) - quarters * Double.pi / 4) < 1e-9 else { return swiftNumber(v) }
        let k = Int(quarters)
        if k == 0 { return "0" }
        let sign = k < 0 ? "-" : ""
        switch abs(k) {
        case 4: return sign + ".pi"
        case 2: return sign + ".pi / 2"
        case 1: return sign + ".pi / 4"
        case 8: return sign + "2 * .pi"
        case 6: return sign + "3 * .pi / 2"
        default: return sign + "\(abs(k)) * .pi / 4"
        }
    }

    /// `CGPoint(x: …, y: …)`.
    static func swiftPoint(_ p: CGPoint) -> String { "CGPoint(x: \(swiftNumber(p.x)), y: \(swiftNumber(p.y)))" }

    /// `UIOffset(horizontal: …, vertical: …)`.
    static func swiftOffset(_ o: Offset) -> String {
        "UIOffset(horizontal: \(swiftNumber(o.horizontal)), vertical: \(swiftNumber(o.vertical)))"
    }

    /// `views[i]` for a scene item (nil for an item not in the scene).
    func swiftItem(_ item: any DynamicItem) -> String? {
        world.items.firstIndex { $0 === item }.map { "views[\($0)]" }
    }

    /// The scene's attachments (not the drag's), fields and continuous pushes as UIKit code; empty when it has none.
    func sceneBehaviorsSwift() -> [String] {
        var out: [String] = []
        let dragging = dragAttachment
        let attachments = world.allBehaviors.compactMap { $0 as? AttachmentBehavior }.filter { $0 !== dragging }
        let fields = world.allBehaviors.compactMap { $0 as? FieldBehavior }
        let pushes = scenePushes
        guard !attachments.isEmpty || !fields.isEmpty || !pushes.isEmpty else { return [] }
        out.append("// The scene's behaviours; `views` are its items in order ("
                   + world.items.prefix(4).enumerated().map { "views[\($0.offset)] = \($0.element.name ?? "item")" }
                       .joined(separator: ", ") + (world.items.count > 4 ? ", …" : "") + ").")
        for (k, a) in attachments.enumerated() {
            out += attachmentSwift(a, name: "attachment\(k)")
            out.append("")
        }
        for (k, f) in fields.enumerated() {
            out += fieldSwift(f, name: "field\(k)")
            out.append("")
        }
        for (k, p) in pushes.enumerated() {
            let name = "push\(k)"
            let items = p.items.map { swiftItem($0) ?? "item" }.joined(separator: ", ")
            out.append("let \(name) = UIPushBehavior(items: [\(items)], mode: .continuous)")
            out.append("\(name).setAngle(\(Self.swiftAngle(p.angle)), magnitude: \(Self.swiftNumber(p.magnitude)))")
            out.append("animator.addBehavior(\(name))")
            out.append("")
        }
        return out
    }

    /// The scene's continuous pushes (the right-click's instantaneous push is the app's, exported apart).
    var scenePushes: [PushBehavior] {
        world.allBehaviors.compactMap { $0 as? PushBehavior }.filter { $0.mode == .continuous && $0 !== pushBehavior }
    }

    /// One attachment: its initializer or factory, then length, frequency, damping (and the pin's and slider's
    /// limits).
    func attachmentSwift(_ a: AttachmentBehavior, name: String) -> [String] {
        let items = a.items.map { swiftItem($0) ?? "item" }
        let (o1, o2) = a.offsets
        let anchor = Self.swiftPoint(a.anchorPoint)
        let n = Self.swiftNumber
        var out: [String] = []
        switch a.construction {
        case .distance where items.count == 2:
            out.append("let \(name) = UIAttachmentBehavior(item: \(items[0]), offsetFromCenter: \(Self.swiftOffset(o1)), "
                       + "attachedTo: \(items[1]), offsetFromCenter: \(Self.swiftOffset(o2)))")
        case .distance:
            out.append("let \(name) = UIAttachmentBehavior(item: \(items[0]), offsetFromCenter: \(Self.swiftOffset(o1)), "
                       + "attachedToAnchor: \(anchor))")
        case .sliding:
            let axis = a.axisOfTranslation
            let with = items.count == 2 ? "with: \(items[0]), attachedTo: \(items[1])," : "with: \(items[0]),"
            out.append("let \(name) = UIAttachmentBehavior.slidingAttachment(\(with) attachmentAnchor: \(anchor), "
                       + "axisOfTranslation: CGVector(dx: \(n(axis.dx)), dy: \(n(axis.dy))))")
        case .limit:
            out.append("let \(name) = UIAttachmentBehavior.limitAttachment(with: \(items[0]), offsetFromCenter: "
                       + "\(Self.swiftOffset(o1)), attachedTo: \(items.last ?? "item"), offsetFromCenter: "
                       + "\(Self.swiftOffset(o2)))")
        case .fixed:
            out.append("let \(name) = UIAttachmentBehavior.fixedAttachment(with: \(items[0]), attachedTo: "
                       + "\(items.last ?? "item"), attachmentAnchor: \(anchor))")
        case .pin:
            out.append("let \(name) = UIAttachmentBehavior.pinAttachment(with: \(items[0]), attachedTo: "
                       + "\(items.last ?? "item"), attachmentAnchor: \(anchor))")
        }
        out.append("\(name).length = \(n(a.length))  // pt")
        out.append("\(name).frequency = \(n(a.frequency))  // Hz; 0 = rigid")
        out.append("\(name).damping = \(n(a.damping))")
        if a.construction == .pin && a.frictionTorque != 0 { out.append("\(name).frictionTorque = \(n(a.frictionTorque))") }
        if (a.construction == .pin || a.construction == .sliding) && !a.attachmentRange.isInfinite {
            out.append("\(name).attachmentRange = UIFloatRange(minimum: \(n(a.attachmentRange.minimum)), "
                       + "maximum: \(n(a.attachmentRange.maximum)))")
        }
        out.append("animator.addBehavior(\(name))")
        return out
    }

    /// One field: its factory, position, region, strength, falloff (and the parameters its kind reads), items.
    func fieldSwift(_ f: FieldBehavior, name: String) -> [String] {
        let n = Self.swiftNumber
        func vector(_ v: CGVector) -> String { "CGVector(dx: \(n(v.dx)), dy: \(n(v.dy)))" }
        var out: [String] = []
        switch f.factoryName {
        case "radialGravityField": out.append("let \(name) = UIFieldBehavior.radialGravityField(position: "
                                              + "\(Self.swiftPoint(f.position)))")
        case "linearGravityField", "velocityField":
            out.append("let \(name) = UIFieldBehavior.\(f.factoryName)(direction: \(vector(f.direction)))")
        case "noiseField", "turbulenceField":
            out.append("let \(name) = UIFieldBehavior.\(f.factoryName)(smoothness: \(n(f.smoothness)), "
                       + "animationSpeed: \(n(f.animationSpeed)))")
        case "field":
            out.append("let \(name) = UIFieldBehavior.field { field, position, velocity, mass, charge, deltaTime in")
            out.append("    CGVector(dx: 0, dy: 0)  // the scene's own evaluation block: write yours here (N)")
            out.append("}")
        default: out.append("let \(name) = UIFieldBehavior.\(f.factoryName)()")
        }
        out.append("\(name).position = \(Self.swiftPoint(f.position))")
        switch f.region.plainShape {
        case .infinite?: break
        case .circle(let r)?: out.append("\(name).region = UIRegion(radius: \(n(r)))  // pt")
        case .rectangle(let s)?:
            out.append("\(name).region = UIRegion(size: CGSize(width: \(n(s.width)), height: \(n(s.height))))  // pt")
        case nil: out.append("// \(name).region: \(f.region) — build it with UIRegion's union/difference/intersection")
        }
        out.append("\(name).strength = \(n(f.strength))")
        out.append("\(name).falloff = \(n(f.falloff))")
        if f.factoryName == "dragField" && f.direction != CGVector(dx: 0, dy: 0) {
            out.append("\(name).direction = \(vector(f.direction))")
        }
        if f.minimumRadius > 0.01 { out.append("\(name).minimumRadius = \(n(f.minimumRadius))") }
        let indices = f.items.compactMap { item in world.items.firstIndex { $0 === item } }
        if indices.count == world.items.count && indices == Array(world.items.indices) {
            out.append("views.forEach(\(name).addItem)")
        } else {
            out.append("[" + indices.map { "views[\($0)]" }.joined(separator: ", ") + "].forEach(\(name).addItem)")
        }
        out.append("animator.addBehavior(\(name))")
        return out
    }
}
