import Dynamics
import Foundation
import SandboxScenes

/// The window keeps the world: a resize never loses an item (those outside the new bounds are brought back inside,
/// as a phone rotation would), and the window has a minimum size.
extension SandboxApp {
    /// The smallest window, pt: 480 × 360 (the HUD, the log and a scene still fit; SDL refuses to go smaller).
    public static var minimumWindowSize: CGSize { SandboxAppLimits.minimumWindowSize }

    /// How far, pt, an item may poke out of the bounds before a resize moves it (resting contacts sink a little
    /// into the walls: 1 pt leaves a settled pile alone).
    static let insideTolerance: CGFloat = 1

    /// The window's size changed: the reference bounds follow it (the animator rebuilds the collision loops), and
    /// every item whose frame now leaves the bounds is moved back inside with `center` +
    /// `updateItem(usingCurrentState:)`, its velocity out of the window cancelled. Before the first step the scene
    /// is built afresh for the new size instead (the window opened at another size than asked).
    func resize(width: Double, height: Double, scale newScale: Double) {
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else { return }
        let old = (size, scale)
        size = CGSize(width: width, height: height)
        if newScale.isFinite, newScale > 0 { scale = max(0.25, min(8, newScale)) }
        guard old != (size, scale) else { return }
        // The reference bounds are the scene viewport: the window minus the side bar (collapsed in a window too
        // narrow for it).
        let scene = sceneViewport.size
        let follows =
            "window \(Int(width)) x \(Int(height)) pt at \(scale) px/pt: reference bounds follow ("
            + "\(Int(scene.width)) x \(Int(scene.height)) pt\(sideBarShown ? " beside the side bar" : ""))"
        if world.animator.elapsedTime == 0, drag == nil {
            log(follows)
            loadScene(sceneIndex)
            return
        }
        world.animator.referenceBounds = CGRect(origin: .zero, size: scene)
        let moved = keepItemsInside()
        log(follows + (moved > 0 ? "; \(moved) item\(moved == 1 ? "" : "s") brought back inside" : ""))
    }

    /// Moves every item whose (rotated) frame leaves the reference bounds by more than `insideTolerance` back
    /// inside, and cancels its velocity away from the window; returns how many moved. An item larger than the
    /// bounds is centred on them along that axis.
    @discardableResult
    public func keepItemsInside() -> Int {
        let b = world.bounds
        var moved = 0
        for item in world.items {
            let (hw, hh) = halfExtents(item)
            let c = item.center
            let x = clamp(c.x, b.minX + hw, b.maxX - hw, mid: b.midX)
            let y = clamp(c.y, b.minY + hh, b.maxY - hh, mid: b.midY)
            guard abs(x - c.x) > Self.insideTolerance || abs(y - c.y) > Self.insideTolerance || !c.isFiniteForApp
            else { continue }
            item.center = CGPoint(x: x, y: y)
            world.animator.updateItem(usingCurrentState: item)
            let v = velocity(of: item)
            // Keep the velocity along the window, drop the part that carried it out.
            let vx = (x < c.x && v.x > 0) || (x > c.x && v.x < 0) ? 0 : v.x
            let vy = (y < c.y && v.y > 0) || (y > c.y && v.y < 0) ? 0 : v.y
            if vx != v.x || vy != v.y {
                controlled(item).addLinearVelocity(CGPoint(x: vx - v.x, y: vy - v.y), for: item)
            }
            moved += 1
        }
        return moved
    }

    /// Items whose (rotated) frame pokes out of the reference bounds by more than `slack` pt (resting contacts
    /// sink a few pt into walls, hence the default 4).
    public func itemsOutsideWindow(slack: CGFloat = 4) -> Int {
        let b = world.bounds
        return world.items.filter { item in
            let (hw, hh) = halfExtents(item)
            let c = item.center
            return
                !(c.x - hw >= b.minX - slack && c.x + hw <= b.maxX + slack && c.y - hh >= b.minY - slack
                && c.y + hh <= b.maxY + slack)
        }.count
    }

    /// Half the width and height of the item's frame rotated by its angle, pt.
    func halfExtents(_ item: SandboxItem) -> (CGFloat, CGFloat) {
        let w = item.bounds.width / 2, h = item.bounds.height / 2
        let a = item.angle
        let c = abs(cos(a)), s = abs(sin(a))
        return (c * w + s * h, s * w + c * h)
    }

    private func clamp(_ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, mid: CGFloat) -> CGFloat {
        guard lo <= hi else { return mid }
        guard v.isFinite else { return mid }
        return min(hi, max(lo, v))
    }
}

extension CGPoint {
    /// Both coordinates finite.
    var isFiniteForApp: Bool { x.isFinite && y.isFinite }
}
