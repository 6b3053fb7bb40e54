// Not iOS code: the test harness's side. Each driver runs one client program on the manual clock (1/60-s frames,
// as a display link would) and delivers touches and scrolls the way UIKit would, then reports what moved.
import UIKitDynamics

/// Measurements of the client programs' motion.
public enum ClientDrivers {
    /// One display frame.
    static let frame = 1.0 / 60.0

    /// The springy chat list scrolled by 60 pt with the finger at y = 100.
    public struct SpringyResult {
        /// Springs after the first layout pass (items within 100 pt of the visible rectangle).
        public var initialSprings = 0
        /// How far the item 10 rows from the finger lags behind its anchor right after the scroll, pt.
        public var farLag: CGFloat = 0
        /// How far the item under the finger lags, pt.
        public var nearLag: CGFloat = 0
        /// Frames until every spring's item is within 0.5 pt of its anchor again.
        public var framesToSettle = 0
        /// Whether the animator paused by then.
        public var pausedAfterSettling = false
        /// Springs after dragging 1500 pt further (tiling: old items dropped, new ones added).
        public var springsAfterLongScroll = 0
        /// Whether item 0's spring is gone after the long scroll.
        public var firstItemDropped = false
        /// Whether the items at the new visible top have springs.
        public var newItemsManaged = false
        /// `layoutAttributesForElements(in: visible rect)` count after the long scroll.
        public var visibleAttributes = 0
        /// Whether the animator paused after the long scroll.
        public var longScrollSettled = false
        /// The largest distance of a managed item from its anchor after the long scroll settled, pt.
        public var longScrollWorstLag: CGFloat = 0
    }

    @MainActor
    public static func springy() -> SpringyResult {
        var r = SpringyResult()
        let vc = ChatViewController()
        vc.loadViewIfNeeded()
        let cv = vc.collectionView!
        cv.layoutIfNeeded()
        let layout = cv.collectionViewLayout as! SpringyFlowLayout
        let animator = layout.dynamicAnimator!
        r.initialSprings = animator.behaviors.count
        cv.panGestureRecognizer.update(.began, location: CGPoint(x: 100, y: 100), in: cv)
        let anchorOf: (Int) -> CGPoint = { item in
            let spring = animator.behaviors.compactMap { $0 as? UIAttachmentBehavior }.first {
                ($0.items.first as? UICollectionViewLayoutAttributes)?.indexPath == IndexPath(item: item, section: 0)
            }
            return spring?.anchorPoint ?? .zero
        }
        cv.contentOffset = CGPoint(x: 0, y: 60)
        let near = animator.layoutAttributesForCell(at: IndexPath(item: 1, section: 0))!
        let far = animator.layoutAttributesForCell(at: IndexPath(item: 11, section: 0))!
        r.nearLag = near.center.y - anchorOf(1).y
        r.farLag = far.center.y - anchorOf(11).y
        cv.panGestureRecognizer.update(.ended, location: CGPoint(x: 100, y: 160), in: cv)
        for n in 1...600 {
            animator.advance(by: frame)
            cv.layoutIfNeeded()
            let settled = animator.behaviors.compactMap { $0 as? UIAttachmentBehavior }.allSatisfy { spring in
                guard let item = spring.items.first else { return false }
                return hypot(item.center.x - spring.anchorPoint.x, item.center.y - spring.anchorPoint.y) <= 0.5
            }
            if settled && r.framesToSettle == 0 { r.framesToSettle = n }
            if !animator.isRunning { break }
        }
        r.pausedAfterSettling = !animator.isRunning
        // A long drag: the finger holds still on the screen while the content scrolls 20 pt per frame for 75
        // frames, then the list settles.
        cv.panGestureRecognizer.update(.began, location: CGPoint(x: 100, y: 300), in: nil)
        for _ in 0..<75 {
            cv.contentOffset.y += 20
            animator.advance(by: frame)
            cv.layoutIfNeeded()
        }
        cv.panGestureRecognizer.update(.ended, location: CGPoint(x: 100, y: 300), in: nil)
        var n = 0
        while animator.isRunning && n < 600 {
            animator.advance(by: frame)
            cv.layoutIfNeeded()
            n += 1
        }
        r.longScrollSettled = !animator.isRunning
        r.longScrollWorstLag =
            animator.behaviors.compactMap { $0 as? UIAttachmentBehavior }.map { spring in
                guard let item = spring.items.first else { return CGFloat.infinity }
                return abs(item.center.y - spring.anchorPoint.y)
            }.max() ?? .infinity
        r.springsAfterLongScroll = animator.behaviors.count
        r.firstItemDropped = animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) == nil
        r.newItemsManaged = animator.layoutAttributesForCell(at: IndexPath(item: 30, section: 0)) != nil
        r.visibleAttributes = layout.layoutAttributesForElements(in: cv.bounds)?.count ?? 0
        return r
    }

    /// The card dragged and released twice.
    public struct CardResult {
        /// After a 40-pt drag and release: distance of the card from the middle once the animator paused, pt.
        public var snapBackError: CGFloat = 0
        /// Its rotation then, radians.
        public var snapBackAngle: CGFloat = 0
        /// Frames the snap took to pause.
        public var snapFrames = 0
        /// Whether the animator paused after the snap.
        public var snapPaused = false
        /// After a 200-pt drag and a release: the card's center x 1 s later, pt.
        public var thrownX: CGFloat = 0
        /// How many times the card left the screen (the program's own count).
        public var swipedAway = 0
        /// The card's x while it was being dragged 200 pt (at release), pt.
        public var xAtRelease: CGFloat = 0
    }

    @MainActor
    public static func cardSwipe() -> CardResult {
        var r = CardResult()
        let vc = CardSwipeViewController()
        let root = vc.view!
        func drag(by dx: CGFloat, frames: Int) {
            let start = CGPoint(x: vc.cardView.center.x + 30, y: vc.cardView.center.y + 80)
            let touch = UITouch(location: start, in: root)
            vc.touchesBegan([touch], with: UIEvent(touches: [touch]))
            for k in 1...frames {
                touch.moved(to: CGPoint(x: start.x + dx * CGFloat(k) / CGFloat(frames), y: start.y), in: root)
                vc.touchesMoved([touch], with: UIEvent(touches: [touch]))
                vc.animator.advance(by: frame)
            }
            touch.phase = .ended
            vc.touchesEnded([touch], with: UIEvent(touches: [touch]))
        }
        drag(by: 40, frames: 10)
        var n = 0
        while vc.animator.isRunning && n < 900 {
            vc.animator.advance(by: frame)
            n += 1
        }
        r.snapFrames = n
        r.snapPaused = !vc.animator.isRunning
        r.snapBackError = hypot(vc.cardView.center.x - root.center.x, vc.cardView.center.y - root.center.y)
        r.snapBackAngle = atan2(vc.cardView.transform.b, vc.cardView.transform.a)
        drag(by: 200, frames: 20)
        r.xAtRelease = vc.cardView.center.x
        for _ in 0..<60 { vc.animator.advance(by: frame) }
        r.thrownX = vc.cardView.center.x
        r.swipedAway = vc.swipedAway
        return r
    }

    /// Newton's cradle released from 45°.
    public struct CradleResult {
        /// Largest swing of each ball to the right of its rest position during the first 1.67 s (100 frames), pt (negative: only
        /// to the left).
        public var maxRight: [CGFloat] = []
        /// Largest swing of each ball to the left, pt (positive numbers).
        public var maxLeft: [CGFloat] = []
        /// The horizontal rest-to-release distance of the first ball, pt.
        public var release: CGFloat = 0
        /// Longest string (ball center to anchor) seen, pt.
        public var longestString: CGFloat = 0
        /// Attachments left in the map after `releaseBall` on the last ball.
        public var attachmentsAfterRelease = 0
        /// `index(of:)` of the last ball (uses `==` on views).
        public var indexOfLast: Int?
    }

    @MainActor
    public static func cradle() -> CradleResult {
        var r = CradleResult()
        let vc = NewtonsCradleViewController()
        _ = vc.view
        let rest = vc.balls.map { vc.anchors[$0]!.x }
        r.release = rest[0] - vc.balls[0].center.x
        r.maxRight = Array(repeating: -.infinity, count: 5)
        r.maxLeft = Array(repeating: 0, count: 5)
        for _ in 0..<100 {
            vc.animator.advance(by: frame)
            for (i, ball) in vc.balls.enumerated() {
                r.maxRight[i] = max(r.maxRight[i], ball.center.x - rest[i])
                r.maxLeft[i] = max(r.maxLeft[i], rest[i] - ball.center.x)
                let a = vc.anchors[ball]!
                r.longestString = max(r.longestString, hypot(ball.center.x - a.x, ball.center.y - a.y))
            }
        }
        let last = vc.balls[4]
        r.indexOfLast = vc.index(of: last)
        vc.releaseBall(last)
        r.attachmentsAfterRelease = vc.attachments.count
        return r
    }

    /// Two balls dropped by touching a canvas.
    public struct CanvasResult {
        /// The balls' centers once the animator paused, pt.
        public var restingCenters: [CGPoint] = []
        /// Balls the custom behaviour's action saw land.
        public var landed = 0
        /// `draw(_:)` calls: one per display pass after a touch marked the view.
        public var drawCount = 0
        /// Whether the animator paused.
        public var paused = false
        /// Frames until it paused.
        public var frames = 0
        /// Whether the view's layer still needs display after the last pass.
        public var needsDisplayAfter = true
    }

    @MainActor
    public static func canvas() -> CanvasResult {
        var r = CanvasResult()
        let canvas = CanvasView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        for p in [CGPoint(x: 100, y: 50), CGPoint(x: 220, y: 120)] {
            let touch = UITouch(location: p, in: canvas)
            canvas.touchesBegan([touch], with: UIEvent(touches: [touch]))
            canvas.layer.displayIfNeeded()
        }
        while canvas.animator.isRunning && r.frames < 1200 {
            canvas.animator.advance(by: frame)
            canvas.layer.displayIfNeeded()
            r.frames += 1
        }
        r.paused = !canvas.animator.isRunning
        r.restingCenters = canvas.balls.map(\.center)
        r.landed = canvas.fall.landed.count
        r.drawCount = canvas.drawCount
        r.needsDisplayAfter = canvas.layer.needsDisplay()
        return r
    }
}
