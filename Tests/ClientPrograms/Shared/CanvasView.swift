// A view that draws itself and drops a ball wherever it is touched. Only the import line differs from the iOS
// source.
import UIKitDynamics

class CanvasView: UIView {
    lazy var animator = UIDynamicAnimator(referenceView: self)
    lazy var fall = FallingBoxesBehavior()
    var drawCount = 0
    var balls: [UIView] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = #colorLiteral(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func draw(_ rect: CGRect) {
        drawCount += 1
        let frame = UIBezierPath(roundedRect: bounds.insetBy(dx: 4, dy: 4), cornerRadius: 8)
        frame.lineWidth = 2
        UIColor.systemBlue.setStroke()
        frame.stroke()
        let mark = UIBezierPath(
            arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: 20,
            startAngle: 0, endAngle: .pi * 2, clockwise: true)
        UIColor.systemRed.withAlphaComponent(0.3).setFill()
        mark.fill()
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        let ball = UIView(frame: CGRect(x: point.x - 15, y: point.y - 15, width: 30, height: 30))
        ball.backgroundColor = .orange
        ball.layer.cornerRadius = 15
        addSubview(ball)
        balls.append(ball)
        if fall.dynamicAnimator == nil {
            animator.addBehavior(fall)
        }
        fall.addItem(ball)
        setNeedsDisplay()
    }
}
