// A Tinder-style card: drag it with an attachment, release near the middle and it snaps back, throw it and a
// push sends it off the screen. Only the import line differs from the iOS source.
import UIKitDynamics

class CardSwipeViewController: UIViewController {
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior?
    var snapBehavior: UISnapBehavior?
    let cardView = UIView(frame: CGRect(x: 0, y: 0, width: 280, height: 380))
    var swipedAway = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor.systemGroupedBackground
        cardView.center = view.center
        cardView.backgroundColor = .white
        cardView.layer.cornerRadius = 12
        cardView.layer.borderColor = UIColor.lightGray.cgColor
        cardView.layer.borderWidth = 1
        view.addSubview(cardView)
        animator = UIDynamicAnimator(referenceView: view)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let location = touch.location(in: view)
        guard cardView.frame.contains(location) else { return }
        animator.removeAllBehaviors()
        let boxLocation = touch.location(in: cardView)
        let centerOffset = UIOffset(
            horizontal: boxLocation.x - cardView.bounds.midX,
            vertical: boxLocation.y - cardView.bounds.midY)
        let attachment = UIAttachmentBehavior(
            item: cardView, offsetFromCenter: centerOffset, attachedToAnchor: location)
        animator.addBehavior(attachment)
        attachmentBehavior = attachment
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        attachmentBehavior?.anchorPoint = touch.location(in: view)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard attachmentBehavior != nil else { return }
        animator.removeAllBehaviors()
        attachmentBehavior = nil
        let dx = cardView.center.x - view.center.x
        if abs(dx) < 100 {
            let snap = UISnapBehavior(item: cardView, snapTo: view.center)
            snap.damping = 0.6
            animator.addBehavior(snap)
            snapBehavior = snap
            return
        }
        let push = UIPushBehavior(items: [cardView], mode: .instantaneous)
        push.pushDirection = CGVector(dx: dx > 0 ? 1 : -1, dy: 0.2)
        push.magnitude = 60
        let spin = UIDynamicItemBehavior(items: [cardView])
        spin.addAngularVelocity(dx > 0 ? 2 : -2, for: cardView)
        let gravity = UIGravityBehavior(items: [cardView])
        gravity.magnitude = 0.5
        gravity.action = { [weak self] in
            guard let self = self else { return }
            if !self.view.bounds.intersects(self.cardView.frame) {
                self.animator.removeAllBehaviors()
                self.swipedAway += 1
                print("card left at \(NSStringFromCGPoint(self.cardView.center))")
            }
        }
        animator.addBehavior(push)
        animator.addBehavior(spin)
        animator.addBehavior(gravity)
    }
}
