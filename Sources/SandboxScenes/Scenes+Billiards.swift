import Dynamics
import Foundation

/// A billiards break: items at rest are struck and scatter.
extension SceneCatalog {
    /// Fifteen 30-pt balls racked in a triangle (touching, at rest) and a cue ball sent into its apex at
    /// 1500 pt/s after 0.75 s, when the rack has fallen asleep; no gravity, the reference bounds as the cushions.
    /// Elasticity 0.95, friction 0.05, resistance 0.6 (the cloth). Items at rest are not walls: the rack breaks.
    static let billiardsBreak = SceneDescriptor(
        name: "billiards-break", source: "sandbox",
        summary: "a cue ball at 1500 pt/s breaks a resting rack of 15 balls; no gravity, the bounds as cushions"
    ) { w in
        let d: CGFloat = 30
        let apex = CGPoint(x: w.bounds.minX + 0.68 * w.bounds.width, y: w.bounds.midY)
        var balls: [SandboxItem] = []
        // Rows of 1…5 balls, each row one ball-spacing (d·√3/2) further right.
        for row in 0..<5 {
            for k in 0...row {
                let center = CGPoint(
                    x: apex.x + CGFloat(row) * d * 0.8660254037844386,
                    y: apex.y + (CGFloat(k) - CGFloat(row) / 2) * d)
                balls.append(
                    w.add(
                        SandboxItem(
                            center: center, size: CGSize(width: d, height: d), shape: .ellipse,
                            color: Build.color(balls.count + 1), name: "ball \(balls.count + 1)")))
            }
        }
        let cue = w.add(
            SandboxItem(
                center: CGPoint(x: w.bounds.minX + 0.2 * w.bounds.width, y: apex.y),
                size: CGSize(width: d, height: d), shape: .ellipse, color: .grey, name: "cue"))
        let all = balls + [cue]
        Build.walls(w, all)
        let table = Build.properties(w, all) {
            $0.elasticity = 0.95
            $0.friction = 0.05
            $0.resistance = 0.6
            $0.angularResistance = 0.6
        }
        var clock: TimeInterval = 0
        var struck = false
        w.onFrame = { dt in
            clock += dt
            guard !struck, clock >= 0.75 else { return }
            struck = true
            table.addLinearVelocity(CGPoint(x: 1500, y: 0), for: cue)
            w.log("break: the cue ball at 1500 pt/s")
        }
    }
}
