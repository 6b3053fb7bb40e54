// Newton's cradle: five balls hanging on rigid attachments, colliding elastically. Only the import line differs
// from the iOS source.
import UIKitDynamics

class BallView: UIView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType {
        return .ellipse
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = frame.width / 2
        backgroundColor = .darkGray
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class NewtonsCradleViewController: UIViewController {
    var animator: UIDynamicAnimator!
    var balls: [UIView] = []
    var anchors: [UIView: CGPoint] = [:]
    var attachments: [UIView: UIAttachmentBehavior] = [:]
    let ballSize: CGFloat = 40
    let stringLength: CGFloat = 200
    let gap: CGFloat = 2

    override func viewDidLoad() {
        super.viewDidLoad()
        animator = UIDynamicAnimator(referenceView: view)
        let startX = view.bounds.midX - 2 * (ballSize + gap)
        for i in 0..<5 {
            let anchor = CGPoint(x: startX + CGFloat(i) * (ballSize + gap), y: 100)
            let ball = BallView(frame: CGRect(x: 0, y: 0, width: ballSize, height: ballSize))
            ball.center = CGPoint(x: anchor.x, y: anchor.y + stringLength)
            view.addSubview(ball)
            balls.append(ball)
            anchors[ball] = anchor
        }
        // Pull the first ball out along its arc, 45° to the left.
        if let first = balls.first, let anchor = anchors[first] {
            first.center = CGPoint(x: anchor.x - stringLength * sin(.pi / 4), y: anchor.y + stringLength * cos(.pi / 4))
        }
        for ball in balls {
            let attachment = UIAttachmentBehavior(item: ball, attachedToAnchor: anchors[ball]!)
            attachments[ball] = attachment
            animator.addBehavior(attachment)
        }
        let gravity = UIGravityBehavior(items: balls)
        let collision = UICollisionBehavior(items: balls)
        let properties = UIDynamicItemBehavior(items: balls)
        properties.elasticity = 1.0
        properties.resistance = 0
        properties.friction = 0
        properties.allowsRotation = false
        animator.addBehavior(gravity)
        animator.addBehavior(collision)
        animator.addBehavior(properties)
    }

    func index(of ball: UIView) -> Int? {
        return balls.firstIndex(of: ball)
    }

    func releaseBall(_ ball: UIView) {
        guard balls.contains(ball), let attachment = attachments[ball] else { return }
        animator.removeBehavior(attachment)
        attachments[ball] = nil
    }
}
