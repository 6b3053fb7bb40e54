import Dynamics
import Foundation
import SandboxScenes

/// "Copy as Swift": the tuned scene as UIKit code ready to paste into an app. The snippet is self-contained: one
/// function builds the scene's views and behaviours in a reference view and returns the animator; three more make
/// the sandbox's drag, tap-to-snap and push with the tuned values. Nothing fires on its own (instantaneous pushes
/// are added inactive).
extension SandboxApp {
    /// UIKit code for the current scene with the tuned values (its start, as R restarts it).
    public func swiftCode() -> String {
        let f = Self.swiftNumber
        guard let file = tunedSceneFile() else { return "" }
        var out = [
            "// Tuned in the SwiftDynamics sandbox, scene \(sceneTitle). Self-contained: paste into your view",
            "// controller, call makeTunedScene(in: view) and keep the animator it returns.", ""
        ]
        out.append("@MainActor")
        out.append("func makeTunedScene(in referenceView: UIView) -> (animator: UIDynamicAnimator, views: [UIView]) {")
        let custom = world.allBehaviors.compactMap { $0 as? FieldBehavior }.filter { $0.factoryName == "field" }
            .enumerated().flatMap { k, field in customFieldSwift(field, name: "customField\(k)") }
        out += Self.sceneSwift(file, customFields: custom).map { $0.isEmpty ? "" : "    " + $0 }
        out.append("    return (animator, views)")
        out.append("}")
        out.append("")
        out.append(
            "/// Drag: call when a touch lands on `item`; move the returned behaviour's anchorPoint with the touch and")
        out.append("/// remove it from the animator when the touch ends.")
        out.append("@MainActor")
        out.append(
            "func tunedDrag(_ item: UIView, grabbedAt touch: CGPoint, in animator: UIDynamicAnimator) -> UIAttachmentBehavior {"
        )
        out.append(
            "    let grabOffset = UIOffset(horizontal: touch.x - item.center.x, vertical: touch.y - item.center.y)")
        out.append(
            "    let drag = UIAttachmentBehavior(item: item, offsetFromCenter: grabOffset, attachedToAnchor: touch)")
        out.append("    drag.length = \(f(CGFloat(gestures.dragLength)))  // pt")
        out.append("    drag.frequency = \(f(CGFloat(gestures.dragFrequency)))  // Hz; 0 = rigid")
        out.append("    drag.damping = \(f(CGFloat(gestures.dragDamping)))")
        out.append("    animator.addBehavior(drag)")
        out.append("    return drag")
        out.append("}")
        out.append("")
        out.append("/// Tap: snap `item` to the tap.")
        out.append("@MainActor")
        out.append(
            "func tunedSnap(_ item: UIView, to point: CGPoint, in animator: UIDynamicAnimator) -> UISnapBehavior {")
        out.append("    let snap = UISnapBehavior(item: item, snapTo: point)")
        out.append("    snap.damping = \(f(CGFloat(gestures.snapDamping)))")
        out.append("    animator.addBehavior(snap)")
        out.append("    return snap")
        out.append("}")
        out.append("")
        out.append("/// Push `item` toward `point` once (full magnitude from 200 pt away, less nearer).")
        out.append("@MainActor")
        out.append("func tunedPush(_ item: UIView, toward point: CGPoint, in animator: UIDynamicAnimator) {")
        out.append("    let dx = point.x - item.center.x, dy = point.y - item.center.y")
        out.append("    let distance = (dx * dx + dy * dy).squareRoot()")
        out.append("    let push = UIPushBehavior(items: [item], mode: .instantaneous)")
        out.append(
            "    push.setAngle(atan2(dy, dx), magnitude: \(f(CGFloat(gestures.pushMagnitude))) * min(distance, 200) / 200)"
        )
        out.append("    animator.addBehavior(push)")
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// A custom-block field (its block is the scene's Swift: the snippet has a placeholder to fill in).
    func customFieldSwift(_ f: FieldBehavior, name: String) -> [String] {
        let n = Self.swiftNumber
        let indices = f.items.compactMap { item in world.items.firstIndex { $0 === item } }
        var out = [
            "let \(name) = UIFieldBehavior.field { _, _, _, _, _, _ in",
            "    CGVector(dx: 0, dy: 0)  // the scene's own evaluation block: write yours here (N)",
            "}",
            "\(name).position = \(Self.swiftPoint(f.position))"
        ]
        if let r = f.region.plainShape?.radius { out.append("\(name).region = UIRegion(radius: \(n(r)))  // pt") }
        out.append("\(name).strength = \(n(f.strength))")
        out.append("\(Self.viewsSwift(indices, count: world.items.count)).forEach(\(name).addItem)")
        out.append("animator.addBehavior(\(name))")
        return out
    }

    /// Copies `swiftCode()` to the clipboard (when the window provides one) and writes it to a new file in the
    /// output directory (`tuned-<scene>.swift`, else `-2`, `-3`…: never over an existing file); returns the path.
    @discardableResult
    public func exportSwift() -> String? {
        let code = swiftCode()
        print(code)
        let copied = clipboard?(code) ?? false
        let fm = FileManager.default
        var path = "\(configuration.outputDirectory)/tuned-\(sceneTitle).swift"
        var k = 1
        while fm.fileExists(atPath: path) {
            k += 1
            path = "\(configuration.outputDirectory)/tuned-\(sceneTitle)-\(k).swift"
        }
        let where_ = copied ? "copied to the clipboard and" : "printed, and"
        guard fm.createFile(atPath: path, contents: Data(code.utf8)) else {
            log("copy as Swift: \(copied ? "copied to the clipboard" : "printed"); could not write \(path)")
            return nil
        }
        log("copy as Swift: \(where_) written to \(path)")
        return path
    }
}
