import Dynamics
import Foundation
import SandboxScenes

/// "Copy as Swift": the tuned behaviours as UIKit code ready to paste into an app.
extension SandboxApp {
    /// UIKit code for the selected item (or the scene's first item) with the current gravity, its item
    /// behaviour's properties and the gesture behaviours' parameters, then the scene's own attachments and fields
    /// (`views[i]` = the scene's i-th item).
    public func swiftCode() -> String {
        let item = overlay.selected ?? world.items.first
        var out = ["// Tuned in the SwiftDynamics sandbox, scene \(sceneTitle). Paste into a view controller;",
                   "// `item` is your view, `animator` your UIDynamicAnimator(referenceView: view).", ""]
        let f = Self.swiftNumber
        if let g = world.gravity {
            out.append("let gravity = UIGravityBehavior(items: [item])")
            out.append("gravity.setAngle(\(Self.swiftAngle(g.angle)), magnitude: \(f(g.magnitude)))  // \(f(g.magnitude * 1000)) pt/s^2")
            out.append("animator.addBehavior(gravity)")
            out.append("")
        }
        if world.collision != nil {
            out.append("let collision = UICollisionBehavior(items: [item])")
            out.append("collision.translatesReferenceBoundsIntoBoundary = true")
            out.append("animator.addBehavior(collision)")
            out.append("")
        }
        if let item, let b = tuningBehavior(for: item, create: false) {
            out.append("let itemBehavior = UIDynamicItemBehavior(items: [item])")
            out.append("itemBehavior.elasticity = \(f(b.elasticity))")
            out.append("itemBehavior.friction = \(f(b.friction))")
            out.append("itemBehavior.density = \(f(b.density))")
            out.append("itemBehavior.resistance = \(f(b.resistance))")
            out.append("itemBehavior.angularResistance = \(f(b.angularResistance))")
            out.append("itemBehavior.allowsRotation = \(b.allowsRotation)")
            if b.isAnchored { out.append("itemBehavior.isAnchored = true") }
            if b.charge != 0 { out.append("itemBehavior.charge = \(f(b.charge))") }
            out.append("animator.addBehavior(itemBehavior)")
            out.append("")
        }
        out.append("// Drag: attach to the touch, move anchorPoint with it, remove on release.")
        out.append("let drag = UIAttachmentBehavior(item: item, offsetFromCenter: grabOffset, attachedToAnchor: touch)")
        out.append("drag.length = \(f(CGFloat(gestures.dragLength)))  // pt")
        out.append("drag.frequency = \(f(CGFloat(gestures.dragFrequency)))  // Hz; 0 = rigid")
        out.append("drag.damping = \(f(CGFloat(gestures.dragDamping)))")
        out.append("")
        out.append("// Tap: snap the item to the touch.")
        out.append("let snap = UISnapBehavior(item: item, snapTo: touch)")
        out.append("snap.damping = \(f(CGFloat(gestures.snapDamping)))")
        out.append("")
        out.append("// Push toward a point (magnitude for 200 pt or more; scale down nearer).")
        out.append("let push = UIPushBehavior(items: [item], mode: .instantaneous)")
        out.append("push.setAngle(atan2(dy, dx), magnitude: \(f(CGFloat(gestures.pushMagnitude))) * min(distance, 200) / 200)")
        out.append("animator.addBehavior(push)  // last angle: \(Self.swiftAngle(CGFloat(gestures.pushAngle))) rad")
        let scene = sceneBehaviorsSwift()
        if !scene.isEmpty { out += [""] + scene.dropLast() }
        return out.joined(separator: "\n") + "\n"
    }

    /// Prints `swiftCode()` and writes it to `tuned-<scene>.swift` in the output directory; returns the path.
    @discardableResult
    public func exportSwift() -> String? {
        let code = swiftCode()
        print(code)
        let path = "\(configuration.outputDirectory)/tuned-\(sceneTitle).swift"
        do {
            try code.write(toFile: path, atomically: true, encoding: .utf8)
            log("copy as Swift: printed, and written to \(path)")
            return path
        } catch {
            log("copy as Swift: printed; could not write \(path): \(error)")
            return nil
        }
    }
}
