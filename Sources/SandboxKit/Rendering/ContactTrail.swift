import Foundation

/// Contact points remembered for a short while so they fade out on screen instead of flickering.
public struct ContactTrail: Sendable {
    /// How long a contact dot stays visible after its contact ends, s. 0.5.
    public static let lifetime: Double = 0.5
    /// Most dots kept (oldest dropped first). 4096.
    public static let capacity = 4096

    /// Remembered points, reference coordinates, pt, with their age, s.
    public private(set) var dots: [(point: CGPoint, age: Double)] = []
    /// The lookup table's storage, kept between frames.
    private var scratch: [DotTable.Entry] = []

    /// An empty trail.
    public init() {}

    /// Ages every dot by `dt` seconds (≥ 0), drops the expired ones, and adds `fresh` points at age 0 (a fresh
    /// point within 1 pt of a remembered one renews it instead: a resting contact is one dot, not a smear).
    public mutating func update(fresh: [CGPoint], dt: Double) {
        let step = dt.isFinite ? max(0, dt) : 0
        var next: [(point: CGPoint, age: Double)] = []
        next.reserveCapacity(dots.count + fresh.count)
        // Dots by their point rounded to whole points, in a reused open-addressing table (a Dictionary rebuilt
        // every frame was most of this update's cost with thousands of contacts).
        var table = DotTable(capacity: dots.count + fresh.count, reusing: &scratch)
        defer { scratch = table.storage }
        for d in dots where d.age + step < Self.lifetime {
            if table.slot(for: d.point, index: next.count) == nil { next.append((d.point, d.age + step)) }
        }
        for p in fresh where p.x.isFinite && p.y.isFinite {
            if let i = table.slot(for: p, index: next.count) {
                next[i] = (p, 0)
            } else {
                next.append((p, 0))
            }
        }
        if next.count > Self.capacity { next.removeFirst(next.count - Self.capacity) }
        dots = next
    }

    /// Forgets every dot.
    public mutating func reset() { dots.removeAll() }
}

/// Indices of dots by their point rounded to whole points: linear probing over a power-of-two table.
struct DotTable {
    /// A key (rounded x, rounded y) and the dot's index, or an empty slot (index −1).
    struct Entry: Sendable {
        var x: Int64
        var y: Int64
        var index: Int
    }

    private(set) var storage: [Entry]
    private let mask: Int

    /// A cleared table for up to `capacity` keys, reusing `old`'s storage when it is large enough.
    init(capacity: Int, reusing old: inout [Entry]) {
        var n = 16
        while n < 2 * max(1, capacity) { n <<= 1 }
        var s: [Entry] = []
        swap(&s, &old)
        if s.count == n {
            for i in s.indices { s[i].index = -1 }
        } else {
            s = [Entry](repeating: Entry(x: 0, y: 0, index: -1), count: n)
        }
        storage = s
        mask = n - 1
    }

    /// The index stored for `p`'s key, or nil after storing `index` for it.
    mutating func slot(for p: CGPoint, index: Int) -> Int? {
        let x = Int64(p.x.rounded()), y = Int64(p.y.rounded())
        var i = Int(truncatingIfNeeded: ((x &* 1_000_003 &+ y) &* -7_046_029_254_386_353_131) >> 40) & mask
        while true {
            let e = storage[i]
            if e.index < 0 {
                storage[i] = Entry(x: x, y: y, index: index)
                return nil
            }
            if e.x == x && e.y == y { return e.index }
            i = (i + 1) & mask
        }
    }
}
