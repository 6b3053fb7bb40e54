import Foundation

/// Contact points remembered for a short while so they fade out on screen instead of flickering.
public struct ContactTrail: Sendable {
    /// How long a contact dot stays visible after its contact ends, s. 0.5.
    public static let lifetime: Double = 0.5
    /// Most dots kept (oldest dropped first). 4096.
    public static let capacity = 4096

    /// Remembered points, reference coordinates, pt, with their age, s.
    public private(set) var dots: [(point: CGPoint, age: Double)] = []

    /// An empty trail.
    public init() {}

    /// Ages every dot by `dt` seconds (≥ 0), drops the expired ones, and adds `fresh` points at age 0 (a fresh
    /// point within 1 pt of a remembered one renews it instead: a resting contact is one dot, not a smear).
    public mutating func update(fresh: [CGPoint], dt: Double) {
        let step = dt.isFinite ? max(0, dt) : 0
        var index: [Int64: Int] = [:]
        var next: [(point: CGPoint, age: Double)] = []
        next.reserveCapacity(dots.count + fresh.count)
        func key(_ p: CGPoint) -> Int64 {
            Int64((p.x).rounded()) &* 1_000_003 &+ Int64((p.y).rounded())
        }
        for d in dots where d.age + step < Self.lifetime {
            let k = key(d.point)
            if index[k] == nil {
                index[k] = next.count
                next.append((d.point, d.age + step))
            }
        }
        for p in fresh where p.x.isFinite && p.y.isFinite {
            let k = key(p)
            if let i = index[k] {
                next[i] = (p, 0)
            } else {
                index[k] = next.count
                next.append((p, 0))
            }
        }
        if next.count > Self.capacity { next.removeFirst(next.count - Self.capacity) }
        dots = next
    }

    /// Forgets every dot.
    public mutating func reset() { dots.removeAll() }
}
