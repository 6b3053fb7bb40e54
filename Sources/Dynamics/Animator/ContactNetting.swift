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
/// "began" keep the order of the pairs' first begin, "ended" the order of their last end: deterministic. Only the
/// pairs with events are looked at; the set of touching pairs is updated in place.
struct ContactNetting {
    /// Whether each pair with an event in this step was touching when the step began.
    private var touchingBefore: [ShapePair: Bool] = [:]
    private var lastBegin: [ShapePair: ContactBeginEvent] = [:]
    private var beginOrder: [ShapePair] = []
    private var lastEnd: [ShapePair: Int] = [:]
    private var endOrder: [(pair: ShapePair, event: ContactEndEvent)] = []

    /// Records one world step's events and applies them to `touching`: its ends come before its begins (the world
    /// finds ends in its narrow phase and begins after the solve).
    mutating func record(ended: [ContactEndEvent], began: [ContactBeginEvent], touching: inout Set<ShapePair>) {
        for e in ended {
            let pair = ShapePair(a: e.shapeA, b: e.shapeB)
            if touchingBefore[pair] == nil { touchingBefore[pair] = touching.contains(pair) }
            touching.remove(pair)
            lastEnd[pair] = endOrder.count
            endOrder.append((pair, e))
        }
        for e in began {
            let pair = ShapePair(a: e.shapeA, b: e.shapeB)
            if touchingBefore[pair] == nil { touchingBefore[pair] = touching.contains(pair) }
            touching.insert(pair)
            if lastBegin.updateValue(e, forKey: pair) == nil { beginOrder.append(pair) }
        }
    }

    /// The step's net events, given the pairs touching after it.
    func netEvents(touching: Set<ShapePair>) -> (began: [ContactBeginEvent], ended: [ContactEndEvent]) {
        var began: [ContactBeginEvent] = []
        for pair in beginOrder where touchingBefore[pair] == false {
            if let e = lastBegin[pair] { began.append(e) }
        }
        var ended: [ContactEndEvent] = []
        for (i, end) in endOrder.enumerated() where lastEnd[end.pair] == i && !touching.contains(end.pair) {
            guard touchingBefore[end.pair] == true || lastBegin[end.pair] != nil else { continue }
            ended.append(end.event)
        }
        return (began, ended)
    }
}
