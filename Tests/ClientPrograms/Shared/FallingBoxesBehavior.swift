// A custom behaviour composed of child behaviours, the pattern of Apple's DynamicsCatalog and many libraries.
// Only the import line differs from the iOS source.
import UIKitDynamics

class FallingBoxesBehavior: UIDynamicBehavior {
    private let gravity = UIGravityBehavior()
    private let collision = UICollisionBehavior()
    private let itemBehavior = UIDynamicItemBehavior()
    private(set) var landed: [UIView] = []

    override init() {
        super.init()
        collision.translatesReferenceBoundsIntoBoundary = true
        itemBehavior.elasticity = 0.4
        itemBehavior.allowsRotation = false
        addChildBehavior(gravity)
        addChildBehavior(collision)
        addChildBehavior(itemBehavior)
        action = { [unowned self] in
            for case let view as UIView in self.gravity.items where !self.landed.contains(view) {
                if let animator = self.dynamicAnimator, view.frame.maxY >= animator.referenceBounds.maxY - 1 {
                    self.landed.append(view)
                }
            }
        }
    }

    convenience init(items: [UIDynamicItem]) {
        self.init()
        for item in items { addItem(item) }
    }

    func addItem(_ item: UIDynamicItem) {
        gravity.addItem(item)
        collision.addItem(item)
        itemBehavior.addItem(item)
    }

    func removeItem(_ item: UIDynamicItem) {
        gravity.removeItem(item)
        collision.removeItem(item)
        itemBehavior.removeItem(item)
    }
}
