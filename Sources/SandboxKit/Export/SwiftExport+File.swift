import Dynamics
import Foundation
import SandboxScenes

/// "Copy as Swift" from a scene file: every item and behaviour as UIKit code that declares what it uses.
extension SandboxApp {
    /// True when `UIBezierPath` is a class (as in UIKit): paths are then built with `let`, else with `var`.
    static var bezierPathIsClass: Bool { (BezierPath.self as Any.Type) is AnyObject.Type }

    /// Code building a path named `name` from scene-file commands (lines, without indentation).
    static func pathSwift(_ elements: [SceneFile.PathElement], name: String) -> [String] {
        let p = { (q: SceneFile.Point?) in swiftPoint(CGPoint(x: q?.x ?? 0, y: q?.y ?? 0)) }
        var out = ["\(bezierPathIsClass ? "let" : "var") \(name) = UIBezierPath()"]
        for e in elements {
            switch e.op {
            case "move": out.append("\(name).move(to: \(p(e.to)))")
            case "line": out.append("\(name).addLine(to: \(p(e.to)))")
            case "quadCurve": out.append("\(name).addQuadCurve(to: \(p(e.to)), controlPoint: \(p(e.control)))")
            case "curve":
                out.append(
                    "\(name).addCurve(to: \(p(e.to)), controlPoint1: \(p(e.control1)), "
                        + "controlPoint2: \(p(e.control2)))")
            default: out.append("\(name).close()")
            }
        }
        return out
    }

    /// `[views[0], views[3]]`, or `views` when the list is every view in order.
    static func viewsSwift(_ items: [Int], count: Int) -> String {
        items == Array(0..<count) && count > 0
            ? "views" : "[" + items.map { "views[\($0)]" }.joined(separator: ", ") + "]"
    }

    /// The body of `makeTunedScene(in:)` for `file`: views, then behaviours in the file's order. Instantaneous
    /// pushes are added inactive (nothing fires on its own); `customFields` are the scene's custom-block fields.
    static func sceneSwift(_ file: SceneFile, customFields: [String]) -> [String] {
        let n = swiftNumber
        let count = file.items.count
        var out: [String] = []
        let shapes = Set(file.items.map { $0.shape ?? "rectangle" })
        if shapes.contains("ellipse") {
            out.append("final class EllipseView: UIView {")
            out.append("    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }")
            out.append("}")
        }
        if shapes.contains("path") {
            out.append("final class PathView: UIView {")
            out.append("    var outline = UIBezierPath()")
            out.append("    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }")
            out.append("    override var collisionBoundingPath: UIBezierPath { outline }")
            out.append("}")
        }
        out.append("let animator = UIDynamicAnimator(referenceView: referenceView)")
        out += solverSwift(file)
        out.append(
            "// The scene's reference bounds were \(n(file.referenceBounds.width)) x "
                + "\(n(file.referenceBounds.height)) pt.")
        out.append("let views: [UIView] = [")
        for (k, item) in file.items.enumerated() {
            let type =
                switch item.shape ?? "rectangle" {
                case "ellipse": "EllipseView";
                case "path": "PathView";
                default: "UIView"
                }
            let frame =
                "CGRect(x: \(n(item.center.x - item.size.width / 2)), y: \(n(item.center.y - item.size.height / 2)), "
                + "width: \(n(item.size.width)), height: \(n(item.size.height)))"
            out.append("    \(type)(frame: \(frame)),  // views[\(k)] = \(item.name ?? "item")")
        }
        out.append("]")
        out.append("views.forEach(referenceView.addSubview)")
        for (k, item) in file.items.enumerated() {
            if let path = item.path, item.shape == "path" {
                out += pathSwift(path, name: "outline\(k)")
                out.append("(views[\(k)] as? PathView)?.outline = outline\(k)")
            }
            if let a = item.angle, a != 0 {
                out.append("views[\(k)].transform = CGAffineTransform(rotationAngle: \(swiftAngle(a)))")
            }
        }
        for (k, behavior) in file.behaviors.enumerated() {
            out.append("")
            out += behaviorSwift(behavior, index: k, count: count)
        }
        for (k, line) in customFields.enumerated() {
            if k == 0 { out.append("") }
            out.append(line)
        }
        return out
    }

    /// One behaviour of a scene file as UIKit code (`views` and `animator` declared by `sceneSwift`).
    static func behaviorSwift(_ behavior: SceneFile.Behavior, index k: Int, count: Int) -> [String] {
        let n = swiftNumber
        func vector(_ v: SceneFile.Vector?) -> String { "CGVector(dx: \(n(v?.dx ?? 0)), dy: \(n(v?.dy ?? 0)))" }
        func point(_ p: SceneFile.Point?) -> String { swiftPoint(CGPoint(x: p?.x ?? 0, y: p?.y ?? 0)) }
        func offset(_ o: SceneFile.Offset?) -> String {
            swiftOffset(Offset(horizontal: o?.horizontal ?? 0, vertical: o?.vertical ?? 0))
        }
        var out: [String] = []
        switch behavior {
        case .gravity(let g):
            let name = "gravity\(k)"
            let d = g.direction ?? SceneFile.Vector(dx: 0, dy: 1)
            out.append("let \(name) = UIGravityBehavior(items: \(viewsSwift(g.items, count: count)))")
            out.append("\(name).gravityDirection = \(vector(d))  // \(n(hypot(d.dx, d.dy) * 1000)) pt/s^2")
            out.append("animator.addBehavior(\(name))")
        case .collision(let c):
            let name = "collision\(k)"
            out.append("let \(name) = UICollisionBehavior(items: \(viewsSwift(c.items, count: count)))")
            if let m = c.mode, m != "everything" { out.append("\(name).collisionMode = .\(m)") }
            if let i = c.insets {
                out.append(
                    "\(name).setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: \(n(i.top)), "
                        + "left: \(n(i.left)), bottom: \(n(i.bottom)), right: \(n(i.right))))")
            } else if c.referenceBoundsAreBoundary == true {
                out.append("\(name).translatesReferenceBoundsIntoBoundary = true")
            }
            for (j, b) in (c.boundaries ?? []).enumerated() {
                let p = b.path
                if p.count == 2, p[0].op == "move", p[1].op == "line" {
                    out.append(
                        "\(name).addBoundary(withIdentifier: \"\(b.id)\", from: \(point(p[0].to)), "
                            + "to: \(point(p[1].to)))")
                } else {
                    out += pathSwift(p, name: "\(name)Path\(j)")
                    out.append("\(name).addBoundary(withIdentifier: \"\(b.id)\", for: \(name)Path\(j))")
                }
            }
            out.append("animator.addBehavior(\(name))")
        case .itemProperties(let p):
            let name = "itemBehavior\(k)"
            out.append("let \(name) = UIDynamicItemBehavior(items: \(viewsSwift(p.items, count: count)))")
            out.append("\(name).elasticity = \(n(p.elasticity ?? 0.2))")
            out.append("\(name).friction = \(n(p.friction ?? 0.2))")
            out.append("\(name).density = \(n(p.density ?? 1))")
            out.append("\(name).resistance = \(n(p.resistance ?? 0.1))")
            out.append("\(name).angularResistance = \(n(p.angularResistance ?? 0.1))")
            out.append("\(name).allowsRotation = \(p.allowsRotation ?? true)")
            if p.isAnchored == true { out.append("\(name).isAnchored = true") }
            if let c = p.charge, c != 0 { out.append("\(name).charge = \(n(c))") }
            for v in p.velocities ?? [] {
                if let l = v.linear { out.append("\(name).addLinearVelocity(\(point(l)), for: views[\(v.item)])") }
                if let w = v.angular { out.append("\(name).addAngularVelocity(\(n(w)), for: views[\(v.item)])") }
            }
            out.append("animator.addBehavior(\(name))")
        case .attachment(let a):
            let name = "attachment\(k)"
            let first = "views[\(a.item)]", second = a.attachedTo.map { "views[\($0)]" }
            switch (a.kind ?? "distance", second) {
            case ("sliding", let s?):
                out.append(
                    "let \(name) = UIAttachmentBehavior.slidingAttachment(with: \(first), attachedTo: \(s), "
                        + "attachmentAnchor: \(point(a.anchor)), axisOfTranslation: \(vector(a.axis ?? .init(dx: 1, dy: 0))))"
                )
            case ("sliding", nil):
                out.append(
                    "let \(name) = UIAttachmentBehavior.slidingAttachment(with: \(first), attachmentAnchor: "
                        + "\(point(a.anchor)), axisOfTranslation: \(vector(a.axis ?? .init(dx: 1, dy: 0))))")
            case ("limit", let s?):
                out.append(
                    "let \(name) = UIAttachmentBehavior.limitAttachment(with: \(first), offsetFromCenter: "
                        + "\(offset(a.offset)), attachedTo: \(s), offsetFromCenter: \(offset(a.attachedOffset)))")
            case ("fixed", let s?), ("pin", let s?):
                out.append(
                    "let \(name) = UIAttachmentBehavior.\(a.kind ?? "pin")Attachment(with: \(first), attachedTo: "
                        + "\(s), attachmentAnchor: \(point(a.anchor)))")
            case (_, let s?):
                out.append(
                    "let \(name) = UIAttachmentBehavior(item: \(first), offsetFromCenter: \(offset(a.offset)), "
                        + "attachedTo: \(s), offsetFromCenter: \(offset(a.attachedOffset)))")
            case (_, nil):
                out.append(
                    "let \(name) = UIAttachmentBehavior(item: \(first), offsetFromCenter: \(offset(a.offset)), "
                        + "attachedToAnchor: \(point(a.anchor)))")
            }
            if let l = a.length { out.append("\(name).length = \(n(l))  // pt") }
            out.append("\(name).frequency = \(n(a.frequency ?? 0))  // Hz; 0 = rigid")
            out.append("\(name).damping = \(n(a.damping ?? 0))")
            if let t = a.frictionTorque, t != 0 { out.append("\(name).frictionTorque = \(n(t))") }
            if a.rangeMinimum != nil || a.rangeMaximum != nil {
                let lo = a.rangeMinimum.map { n($0) } ?? "-.infinity", hi = a.rangeMaximum.map { n($0) } ?? ".infinity"
                out.append("\(name).attachmentRange = UIFloatRange(minimum: \(lo), maximum: \(hi))")
            }
            out.append("animator.addBehavior(\(name))")
        case .snap(let s):
            let name = "snap\(k)"
            out.append("let \(name) = UISnapBehavior(item: views[\(s.item)], snapTo: \(point(s.point)))")
            out.append("\(name).damping = \(n(s.damping ?? 0.5))")
            out.append("animator.addBehavior(\(name))")
        case .push(let p):
            let name = "push\(k)"
            let d = p.direction ?? .init(dx: 0, dy: 0)
            out.append("let \(name) = UIPushBehavior(items: \(viewsSwift(p.items, count: count)), mode: .\(p.mode))")
            out.append("\(name).setAngle(\(swiftAngle(atan2(d.dy, d.dx))), magnitude: \(n(hypot(d.dx, d.dy))))")
            for o in p.offsets ?? [] {
                out.append("\(name).setTargetOffsetFromCenter(\(offset(o.offset)), for: views[\(o.item)])")
            }
            if p.mode == "instantaneous" {
                out.append("\(name).active = false  // fire it from your gesture: \(name).active = true")
            }
            out.append("animator.addBehavior(\(name))")
        case .field(let f):
            let name = "field\(k)"
            let factory: String
            switch f.kind {
            case "radialGravity": factory = "radialGravityField(position: \(point(f.position)))"
            case "linearGravity", "velocity": factory = "\(f.kind)Field(direction: \(vector(f.direction)))"
            case "noise", "turbulence":
                factory =
                    "\(f.kind)Field(smoothness: \(n(f.smoothness ?? 0)), animationSpeed: \(n(f.animationSpeed ?? 0)))"
            default: factory = "\(f.kind)Field()"
            }
            out.append("let \(name) = UIFieldBehavior.\(factory)")
            out.append("\(name).position = \(point(f.position))")
            if let r = f.region?.radius {
                out.append("\(name).region = UIRegion(radius: \(n(r)))  // pt")
            } else if let s = f.region?.size {
                out.append(
                    "\(name).region = UIRegion(size: CGSize(width: \(n(s.width)), height: \(n(s.height))))  // pt")
            }
            out.append("\(name).strength = \(n(f.strength ?? 1))")
            out.append("\(name).falloff = \(n(f.falloff ?? 0))")
            if f.kind == "drag", let d = f.direction, d.dx != 0 || d.dy != 0 {
                out.append("\(name).direction = \(vector(d))")
            }
            if let r = f.minimumRadius, r > 0.01 { out.append("\(name).minimumRadius = \(n(r))") }
            out.append("\(viewsSwift(f.items, count: count)).forEach(\(name).addItem)")
            out.append("animator.addBehavior(\(name))")
        }
        return out
    }
}
