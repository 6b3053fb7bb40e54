import Dynamics
import Foundation

/// The sandbox's own scenes: stress and showcase (Newton's cradle, the flung card and the field scenes join with
/// attachments, snap and fields).
extension SceneCatalog {
    static let sandbox: [SceneDescriptor] = [shapes, newtonsCradle, billiardsBreak, cardFling, chain, pyramid, ballPile]

    /// Every collision shape: rectangles, ellipses and convex paths, with a Bézier boundary bowl.
    static let shapes = SceneDescriptor(
        name: "shapes", source: "sandbox",
        summary: "rectangles, ellipses and path items tumble into a Bezier bowl"
    ) { w in
        let b = w.bounds
        var items: [SandboxItem] = []
        for k in 0..<18 {
            let p = CGPoint(x: b.midX - 160 + CGFloat(k % 6) * 64, y: 60 + CGFloat(k / 6) * 70)
            switch k % 3 {
            case 0:
                items.append(
                    SandboxItem(
                        center: p, size: CGSize(width: 54, height: 34), color: Build.color(k),
                        name: "rectangle"))
            case 1:
                items.append(
                    SandboxItem(
                        center: p, size: CGSize(width: 50, height: 36), shape: .ellipse,
                        color: Build.color(k), name: "ellipse"))
            default:
                let path = BezierPath()
                path.move(to: CGPoint(x: 0, y: -24))
                path.addLine(to: CGPoint(x: -24, y: 18))
                path.addLine(to: CGPoint(x: 24, y: 18))
                path.close()
                items.append(
                    SandboxItem(
                        center: p, size: CGSize(width: 48, height: 48), shape: .path, path: path,
                        color: Build.color(k), name: "triangle"))
            }
        }
        for i in items { w.add(i) }
        Build.gravity(w, items)
        let c = Build.walls(w, items)
        let bowl = BezierPath()
        bowl.move(to: CGPoint(x: b.minX + 40, y: b.midY))
        bowl.addCurve(
            to: CGPoint(x: b.maxX - 40, y: b.midY), controlPoint1: CGPoint(x: b.minX + 140, y: b.maxY + 40),
            controlPoint2: CGPoint(x: b.maxX - 140, y: b.maxY + 40))
        c.addBoundary(withIdentifier: "bowl", for: bowl)
        Build.properties(w, items) { $0.elasticity = 0.3 }
    }

    /// A 14-row pyramid of 30-pt boxes on the floor: stands, sleeps, and the animator pauses.
    static let pyramid = SceneDescriptor(
        name: "pyramid", source: "sandbox",
        summary: "a 14-row pyramid of 105 boxes stands, falls asleep and the animator pauses"
    ) { w in
        // 30-pt boxes, smaller when the window is too small for 14 rows (≥ 80 pt of headroom, 15 boxes of width).
        let rows = 14, side = max(8, min(30, (w.bounds.height - 80) / CGFloat(rows), w.bounds.width / 15))
        let floorY = w.bounds.maxY
        var items: [SandboxItem] = []
        for i in 0..<rows {
            for j in 0..<(rows - i) {
                let x = w.bounds.midX + (CGFloat(j) - CGFloat(rows - i - 1) / 2) * side * 1.02
                let y = floorY - side / 2 - CGFloat(i) * side
                items.append(
                    w.add(
                        SandboxItem(
                            center: CGPoint(x: x, y: y), size: CGSize(width: side, height: side),
                            color: Build.color(i), name: "box \(items.count)")))
            }
        }
        Build.gravity(w, items)
        Build.walls(w, items)
        Build.properties(w, items) {
            $0.friction = 0.6
            $0.elasticity = 0
        }
    }

    /// 2000 balls of 10 pt poured in a grid: the frame-rate scene (physics + drawing ≥ 60 fps).
    static let ballPile = SceneDescriptor(
        name: "ball-pile", source: "sandbox",
        summary: "2000 balls of 10 pt fall into a pile: the 60-fps budget scene (physics + drawing)"
    ) { w in
        let count = 2000, d: CGFloat = 10
        let cols = max(1, Int((w.bounds.width - 20) / (d * 1.3)))
        var items: [SandboxItem] = []
        items.reserveCapacity(count)
        for k in 0..<count {
            let jitter = CGFloat(w.random.below(100)) / 100 * 2
            let p = CGPoint(
                x: w.bounds.minX + 10 + d / 2 + CGFloat(k % cols) * d * 1.3 + jitter,
                y: w.bounds.minY + 10 + d / 2 + CGFloat(k / cols) * d * 1.3)
            items.append(
                w.add(
                    SandboxItem(
                        center: p, size: CGSize(width: d, height: d), shape: .ellipse,
                        color: Build.color(k % 7), name: "ball")))
        }
        Build.gravity(w, items)
        Build.walls(w, items)
        Build.properties(w, items) { $0.elasticity = 0.2 }
    }
}
