import Foundation
import Testing
import UIKitDynamics

/// A view recording which override points were called, in order.
@MainActor
final class RecordingView: UIView {
    var log: [String] = []
    var drawnRects: [CGRect] = []

    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func willMove(toSuperview newSuperview: UIView?) {
        log.append(newSuperview == nil ? "willMove(nil)" : "willMove")
    }
    override func didMoveToSuperview() { log.append(superview == nil ? "didMove(nil)" : "didMove") }
    override func didAddSubview(_ subview: UIView) { log.append("didAdd") }
    override func willRemoveSubview(_ subview: UIView) { log.append("willRemove") }
    override func layoutSubviews() { log.append("layout") }
    override func draw(_ rect: CGRect) { drawnRects.append(rect) }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began \(touches.count)") }
}

@MainActor
@Suite("UIView as UIKit's: identity, override points, members")
struct UIViewCompatTests {
    @Test func identityEqualityAndHashing() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(a == a && a != b && a.isEqual(a) && !a.isEqual(b) && !a.isEqual(nil))
        var map: [UIView: Int] = [a: 1]
        map[b] = 2
        #expect(map[a] == 1 && map[b] == 2 && [a, b].firstIndex(of: b) == 1 && [a].contains(a) && ![a].contains(b))
        #expect(Set([a, a, b]).count == 2 && a.hash == a.hash)
    }

    @Test func hierarchyOverridePointsInUIKitsOrder() {
        let parent = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        #expect(child.log == ["willMove", "didMove"] && parent.log == ["didAdd"])
        child.removeFromSuperview()
        #expect(
            child.log == ["willMove", "didMove", "willMove(nil)", "didMove(nil)"]
                && parent.log == ["didAdd", "willRemove"])
    }

    @Test func layoutPassesAndDrawing() {
        let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        v.layoutIfNeeded()
        v.layoutIfNeeded()  // not marked again: no second pass
        #expect(v.log == ["layout"])
        v.setNeedsLayout()
        v.layoutIfNeeded()
        v.bounds.size = CGSize(width: 120, height: 50)  // a size change marks the view
        v.layoutIfNeeded()
        v.bounds.origin = CGPoint(x: 5, y: 0)  // an origin change does not
        v.layoutIfNeeded()
        #expect(v.log == ["layout", "layout", "layout"])
        #expect(v.layer.needsDisplay())
        v.layer.displayIfNeeded()
        v.layer.displayIfNeeded()
        #expect(v.drawnRects == [CGRect(x: 5, y: 0, width: 120, height: 50)] && !v.layer.needsDisplay())
        v.setNeedsDisplay()
        #expect(v.layer.needsDisplay())
        v.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        v.layer.displayIfNeeded()
        #expect(v.drawnRects.count == 2)
    }

    @Test func membersAndDefaults() {
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        #expect(v.safeAreaInsets == .zero && v.alpha == 1 && !v.isHidden && v.tag == 0 && !v.clipsToBounds)
        #expect(v.isUserInteractionEnabled && v.isOpaque && v.gestureRecognizers == nil)
        v.clipsToBounds = true
        v.tag = 7
        #expect(v.clipsToBounds && v.viewWithTag(7) === v)
        let archived = UIView(coder: NSCoder())
        #expect(archived?.frame == .zero)
        let cell = RecordingView(coder: NSCoder())
        #expect(cell?.bounds == .zero)
    }

    @Test func convertRects() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let child = UIView(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
        root.addSubview(child)
        let r = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(child.convert(r, to: root) == CGRect(x: 110, y: 70, width: 30, height: 40))
        #expect(child.convert(r, to: nil) == CGRect(x: 110, y: 70, width: 30, height: 40))
        #expect(child.convert(CGRect(x: 110, y: 70, width: 30, height: 40), from: root) == r)
        // A quarter turn of the child about its center: the rectangle's image is its turned bounding box.
        // Corner (10, 20) is (−90, −80) from the child's center (100, 100) → turned (80, −90) → root (280, 60).
        child.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let turned = child.convert(r, to: root)
        #expect(
            abs(turned.minX - 240) < 1e-9 && abs(turned.minY - 60) < 1e-9 && abs(turned.width - 40) < 1e-9
                && abs(turned.height - 30) < 1e-9, "\(turned)")
        #expect(child.convert(CGRect.null, to: root).isNull)
    }

    @Test func touchesAndHitTesting() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let back = RecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = RecordingView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        #expect(
            root.hitTest(CGPoint(x: 250, y: 250), with: nil) === root
                && root.hitTest(CGPoint(x: 350, y: 0), with: nil) == nil)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === back)
        let touch = UITouch(location: CGPoint(x: 10, y: 20), in: front)
        #expect(
            touch.location(in: root) == CGPoint(x: 110, y: 120) && touch.location(in: nil) == CGPoint(x: 110, y: 120))
        #expect(touch.view === front && touch.phase == .began && touch.tapCount == 1)
        touch.moved(to: CGPoint(x: 130, y: 125), in: root, timestamp: 1)
        #expect(
            touch.location(in: front) == CGPoint(x: 30, y: 25)
                && touch.previousLocation(in: front) == CGPoint(x: 10, y: 20))
        #expect(touch.phase == .moved && touch.timestamp == 1)
        let event = UIEvent(touches: [touch])
        #expect(event.touches(for: front) == [touch] && event.touches(for: back) == nil && UIEvent().allTouches == nil)
        front.touchesBegan([touch], with: event)
        #expect(front.log.last == "began 1")
    }

    @Test func blockAnimationsApplyAtOnce() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        UIView.animate(withDuration: 0.3) { v.center = CGPoint(x: 50, y: 50) }
        #expect(v.center == CGPoint(x: 50, y: 50))
        UIView.animate(withDuration: 0.3, animations: { v.alpha = 0.5 }, completion: { finished = $0 })
        #expect(v.alpha == 0.5 && finished == true)
        UIView.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
            options: [.curveEaseOut, .allowUserInteraction], animations: { v.tag = 3 })
        #expect(v.tag == 3)
    }

    @Test func viewControllerLoadsItsViewOnce() {
        final class Controller: UIViewController {
            var loads = 0
            override func viewDidLoad() {
                super.viewDidLoad()
                loads += 1
            }
        }
        let c = Controller()
        #expect(!c.isViewLoaded)
        c.loadViewIfNeeded()
        #expect(c.isViewLoaded && c.view.bounds == UIScreen.main.bounds && c.loads == 1)
        _ = c.view
        #expect(c.loads == 1)
    }

    @Test func panGestureRecognizer() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        root.addSubview(card)
        var states: [UIGestureRecognizer.State] = []
        let pan = UIPanGestureRecognizer { states.append($0.state) }
        card.addGestureRecognizer(pan)
        #expect(pan.view === card && card.gestureRecognizers?.count == 1)
        pan.update(.began, location: CGPoint(x: 120, y: 120), in: root)
        pan.update(.changed, location: CGPoint(x: 150, y: 110), in: root, velocity: CGPoint(x: 300, y: 0))
        #expect(states == [.began, .changed] && pan.translation(in: root) == CGPoint(x: 30, y: -10))
        #expect(pan.location(in: card) == CGPoint(x: 50, y: 10) && pan.velocity(in: root) == CGPoint(x: 300, y: 0))
        pan.setTranslation(.zero, in: root)
        #expect(pan.translation(in: root) == .zero)
        card.removeGestureRecognizer(pan)
        #expect(pan.view == nil && card.gestureRecognizers == nil)
    }
}
