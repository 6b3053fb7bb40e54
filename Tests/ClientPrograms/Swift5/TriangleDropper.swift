// Swift 5 language mode only, like most iOS code: a plain `NSObject` subclass (not main-actor isolated) owns an
// animator and a custom dynamic item with a triangular bounding path. UIKit's classes are `@preconcurrency
// @MainActor`, so this compiles without isolation errors in Swift 5 mode; so do this library's. Only the import
// line differs from the iOS source.
import UIKitDynamics

class Triangle: NSObject, UIDynamicItem {
    var center: CGPoint = .zero
    var bounds: CGRect = CGRect(x: 0, y: 0, width: 60, height: 60)
    var transform: CGAffineTransform = .identity

    var collisionBoundsType: UIDynamicItemCollisionBoundsType {
        return .path
    }

    var collisionBoundingPath: UIBezierPath {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: -30))
        path.addLine(to: CGPoint(x: -30, y: 30))
        path.addLine(to: CGPoint(x: 30, y: 30))
        path.close()
        return path
    }
}

class TriangleDropper: NSObject, UIDynamicAnimatorDelegate {
    let animator: UIDynamicAnimator
    let triangle = Triangle()
    let gravity = UIGravityBehavior()
    var pauses = 0

    init(referenceView: UIView) {
        animator = UIDynamicAnimator(referenceView: referenceView)
        super.init()
        animator.delegate = self
        triangle.center = CGPoint(x: referenceView.bounds.midX, y: 100)
        let collision = UICollisionBehavior(items: [triangle])
        collision.translatesReferenceBoundsIntoBoundary = true
        gravity.addItem(triangle)
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
    }

    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        pauses += 1
    }

    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
}
