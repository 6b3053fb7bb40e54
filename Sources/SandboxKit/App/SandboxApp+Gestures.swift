import Dynamics
import Foundation
import SandboxScenes

/// What the gestures do to the world: grab and drag, fling, snap, push.
extension SandboxApp {
    /// The grabbed point of a drag in reference coordinates (the item's grab offset, rotated with it).
    func grabPoint(_ d: DragState) -> CGPoint {
        let a = d.item.angle
        let o = d.localOffset
        return CGPoint(
            x: d.item.center.x + cos(a) * o.x - sin(a) * o.y,
            y: d.item.center.y + sin(a) * o.x + cos(a) * o.y)
    }

    /// Makes sure the app's flag-less item behaviour covers `item` (it sets no property, so it changes nothing but
    /// lets the app add velocities).
    func controlled(_ item: SandboxItem) -> DynamicItemBehavior {
        if !control.items.contains(where: { $0 === item }) { control.addItem(item) }
        return control
    }

    /// Grabs `item` at `p`.
    func beginDrag(_ item: SandboxItem, at p: CGPoint, time: Double) {
        let a = -item.angle
        let dx = p.x - item.center.x, dy = p.y - item.center.y
        let local = CGPoint(x: cos(a) * dx - sin(a) * dy, y: sin(a) * dx + cos(a) * dy)
        var d = DragState(item: item, localOffset: local, cursor: p, lastTime: time)
        _ = controlled(item)
        if let snap = snapBehavior {
            world.animator.removeBehavior(snap)
            snapBehavior = nil
            overlay.snapTarget = nil
        }
        // The drag is a UIKit attachment from the grabbed point to the cursor (length 0 by default: the grabbed
        // point sits on the cursor, rigidly at frequency 0).
        let attachment = AttachmentBehavior(
            item: item, offsetFromCenter: Offset(horizontal: local.x, vertical: local.y),
            attachedToAnchor: p)
        attachment.length = CGFloat(gestures.dragLength)
        attachment.frequency = CGFloat(gestures.dragFrequency)
        attachment.damping = CGFloat(gestures.dragDamping)
        world.animator.addBehavior(attachment)
        d.behavior = attachment
        drag = d
        log(String(format: "grab %@ at (%.0f, %.0f)", item.name ?? "item", p.x, p.y))
    }

    /// The cursor moved during a drag: the attachment's anchor follows at once (the same frame).
    func moveDragAnchor(to p: CGPoint) {
        (drag?.behavior as? AttachmentBehavior)?.anchorPoint = p
        // The hand moves the item: that is no free motion to read. The readouts start again from here (a springy
        // drag held still rings on its spring, and that is read).
        restartReadout(of: drag?.item)
    }

    /// Starts the readouts' samples again when `item` is the selected one: the motion before was driven by the
    /// hand (a drag), or a tap or a push starts a new one.
    func restartReadout(of item: SandboxItem?) {
        guard let item, item === overlay.selected else { return }
        readout.samples.removeAll()
    }

    /// The drag in progress's attachment, if any (the panel edits its length, frequency and damping live).
    var dragAttachment: AttachmentBehavior? { drag?.behavior as? AttachmentBehavior }

    /// Turns the last right-click's push to `angle` (rad) and fires it again (an instantaneous push fires once
    /// per activation), so a new angle can be tried at once: now for a click or a key, on release for a slider
    /// drag.
    func repush(angle: Double) {
        gestures.pushAngle = angle
        guard let push = pushBehavior else { return }
        push.angle = CGFloat(angle)
        // A click or a key fires at once; a slider drag shows the arrow and fires once when released (firing on
        // every motion event would stack one impulse per frame).
        if panelDragging {
            repushOnRelease = true
        } else {
            push.active = true
        }
        if let item = push.items.first {
            let d = 60.0
            overlay.push = (
                item.center, CGPoint(x: item.center.x + cos(angle) * d, y: item.center.y + sin(angle) * d), 0
            )
        }
    }

    /// Nothing to do per frame: the attachment pulls the item (kept for gestures without a behaviour).
    func driveDrag(dt: Double) {}

    /// Ends the drag and gives the item `velocity` (pt/s): the fling.
    func endDrag(fling velocity: CGPoint) {
        guard let d = drag else { return }
        drag = nil
        if let b = d.behavior { world.animator.removeBehavior(b) }
        let c = controlled(d.item)
        let v = c.linearVelocity(for: d.item)
        c.addLinearVelocity(CGPoint(x: velocity.x - v.x, y: velocity.y - v.y), for: d.item)
        // The free motion starts at the release.
        restartReadout(of: d.item)
        log(String(format: "fling %@ at (%.0f, %.0f) pt/s", d.item.name ?? "item", velocity.x, velocity.y))
    }

    /// The velocity the last fling gave (for tests): the item's current velocity.
    public func velocity(of item: SandboxItem) -> CGPoint {
        world.animator.debugVelocity(of: item) ?? .zero
    }

    /// Snaps `item` to `p` with a new `SnapBehavior` (the previous tap's snap is removed, as seed 003 does).
    func snap(_ item: SandboxItem, to p: CGPoint) {
        if let old = snapBehavior { world.animator.removeBehavior(old) }
        let snap = SnapBehavior(item: item, snapTo: p)
        snap.damping = CGFloat(gestures.snapDamping)
        world.animator.addBehavior(snap)
        snapBehavior = snap
        overlay.snapTarget = p
        log(
            String(
                format: "snap %@ to (%.0f, %.0f), damping %.2f", item.name ?? "item", p.x, p.y,
                gestures.snapDamping))
    }

    /// An instantaneous push on the selected item (or the item nearest the click) toward `p`: magnitude
    /// `gestures.pushMagnitude × min(distance, 200) / 200` UIKit newton-seconds, Δv = 100 · magnitude / mass pt/s.
    func push(toward p: CGPoint) {
        let target =
            overlay.selected
            ?? world.items.min {
                hypot($0.center.x - p.x, $0.center.y - p.y) < hypot($1.center.x - p.x, $1.center.y - p.y)
            }
        guard let item = target else { return }
        let dx = p.x - item.center.x, dy = p.y - item.center.y
        let dist = hypot(dx, dy)
        guard dist > 1e-6 else { return }
        let magnitude = gestures.pushMagnitude * Double(min(dist, 200) / 200)
        let angle = atan2(dy, dx)
        gestures.pushAngle = Double(angle)
        overlay.push = (item.center, p, 0)
        applyInstantaneousPush(item, angle: Double(angle), magnitude: magnitude)
        log(
            String(
                format: "push %@: magnitude %.2f at %.0f deg", item.name ?? "item", magnitude,
                Double(angle) * 180 / .pi))
    }

    /// A new instantaneous `PushBehavior` on `item` along `angle` with `magnitude` (it fires on the next step:
    /// Δv = 100 · magnitude / mass pt/s); the previous right-click's push is removed first.
    func applyInstantaneousPush(_ item: SandboxItem, angle: Double, magnitude: Double) {
        if let old = pushBehavior { world.animator.removeBehavior(old) }
        // The push starts a new free motion: the readouts read it from here.
        restartReadout(of: item)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.setAngle(CGFloat(angle), magnitude: CGFloat(magnitude))
        world.animator.addBehavior(push)
        pushBehavior = push
    }
}
