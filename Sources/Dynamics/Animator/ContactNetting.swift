internal import PhysicsCore

/// Two shapes, in the order the world reports them (A has the lower index).
struct ShapePair: Hashable, Sendable {
    var a: ShapeID
    var b: ShapeID
}

/// Turns the contact events of the world steps of one animator step into the step's net "began" and "ended"
/// lists (spec §1.7, §3.3), so that what the delegates hear always leaves them with the real state:
/// - a pair touching before the step and after it gets nothing, even if it parted and touched again in between
///   (a resting item never hears began+ended in one step and ends up "not touching");
/// - a pair that started touching gets "began" (with the point of its last begin), and also "ended" if it parted
///   again before the step ended (a bounce within one step);
/// - a pair touching before and not after gets "ended".
/// "began" keep the order of the pairs' first begin, "ended" the order of their last end: deterministic.
struct ContactNetting {
    /// Pairs touching now (after the world steps recorded so far).
    private(set) var touching: Set<ShapePair>
    private let before: Set<ShapePair>
    private var lastBegin: [ShapePair: ContactBeginEvent] = [:]
    private var beginOrder: [ShapePair] = []
    private var lastEnd: [ShapePair: Int] = [:]
    private var endOrder: [(pair: ShapePair, event: ContactEndEvent)] = []

    /// Starts a step with the pairs touching at its beginning.
    init(touching: Set<ShapePair>) {
        self.touching = touching
        before = touching
    }

    /// Records one world step's events: its ends come before its begins (the world finds ends in its narrow phase
    /// and begins after the solve).
    mutating func record(ended: [ContactEndEvent], began: [ContactBeginEvent]) {
        for e in ended {
            let pair = ShapePair(a: e.shapeA, b: e.shapeB)
            touching.remove(pair)
            lastEnd[pair] = endOrder.count
            endOrder.append((pair, e))
        }
        for e in began {
            let pair = ShapePair(a: e.shapeA, b: e.shapeB)
            touching.insert(pair)
            if lastBegin.updateValue(e, forKey: pair) == nil { beginOrder.append(pair) }
        }
    }

    /// The step's net events.
    func netEvents() -> (began: [ContactBeginEvent], ended: [ContactEndEvent]) {
        var began: [ContactBeginEvent] = []
        for pair in beginOrder where !before.contains(pair) {
            if let e = lastBegin[pair] { began.append(e) }
        }
        var ended: [ContactEndEvent] = []
        for (i, end) in endOrder.enumerated() where lastEnd[end.pair] == i && !touching.contains(end.pair) {
            guard before.contains(end.pair) || lastBegin[end.pair] != nil else { continue }
            ended.append(end.event)
        }
        return (began, ended)
    }
}
