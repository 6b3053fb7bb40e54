import Dynamics
import Foundation
import SandboxScenes

/// The fastest item's speed over the last seconds, for "why is the animator still running?" and its prediction of
/// `dynamicAnimatorDidPause`, measured from the motion (not from the parameters).
struct RestHistory {
    /// Peaks older than this are forgotten, s.
    static let window = 6.0
    /// Animator time and fastest item's speed of the last samples (the last three), pt/s.
    var recent: [(time: Double, speed: Double)] = []
    /// Local maxima of the fastest speed above the rest rule (time, pt/s), oldest first, within `window`.
    var peaks: [(time: Double, speed: Double)] = []
    /// Animator time since which every item has been below the rest rule, or nil.
    var belowSince: Double?

    /// Adds a frame: `speed` is the fastest item's, pt/s. A time earlier than the last (a restart) starts over.
    mutating func record(time: Double, speed: Double) {
        guard time.isFinite, speed.isFinite else { return }
        if let last = recent.last {
            if time < last.time { self = RestHistory() } else if time == last.time { return }
        }
        recent.append((time, speed))
        if recent.count > 3 { recent.removeFirst() }
        if recent.count == 3, recent[1].speed > recent[0].speed, recent[1].speed >= recent[2].speed,
            recent[1].speed >= MotionAnalysis.restSpeed
        {
            peaks.append(recent[1])
        }
        peaks.removeAll { time - $0.time > Self.window }
        if speed < MotionAnalysis.restSpeed {
            if belowSince == nil { belowSince = time }
        } else {
            belowSince = nil
        }
    }

    /// Seconds until everything has rested `MotionAnalysis.sleepDelay` below the rest rule at `now`, from the
    /// decay of the speed peaks (an exponential through the last two falling peaks), else from the last frames'
    /// deceleration; nil when the motion is not slowing down.
    func predictedTimeToPause(now: Double) -> Double? {
        let delay = MotionAnalysis.sleepDelay
        if let since = belowSince { return max(0, delay - (now - since)) }
        guard let current = recent.last?.speed else { return nil }
        if peaks.count >= 2 {
            let a = peaks[peaks.count - 2], b = peaks[peaks.count - 1]
            if a.speed > b.speed, b.time > a.time {
                let rate = log(a.speed / b.speed) / (b.time - a.time)
                let envelope = b.speed * exp(-rate * (now - b.time))
                return max(0, log(max(1, envelope / MotionAnalysis.restSpeed)) / rate) + delay
            }
        }
        if recent.count >= 2, let first = recent.first, first.speed > current, recent.last!.time > first.time {
            let deceleration = (first.speed - current) / (recent.last!.time - first.time)
            return (current - MotionAnalysis.restSpeed) / deceleration + delay
        }
        return nil
    }
}

extension SandboxApp {
    /// Records the fastest item's speed this frame (while the animator runs and an item is selected: the readout
    /// is shown then; a 2000-ball pile with nothing selected pays nothing).
    func recordRestHistory() {
        guard world.animator.isRunning, overlay.selected != nil else { return }
        var fastest = 0.0
        for item in world.items {
            let v = velocity(of: item)
            fastest = max(fastest, Double(hypot(v.x, v.y)))
        }
        readout.rest.record(time: world.animator.elapsedTime, speed: fastest)
    }

    /// Why the animator is still running: the items above the rest rule (speed ≥ 1 pt/s, fastest first, by name),
    /// the continuous pushes and the fields acting on items (by name), sleeping switched off; and the predicted time
    /// until `dynamicAnimatorDidPause`. Or when it paused.
    public func stillRunningReasons() -> String {
        let animator = world.animator
        guard animator.isRunning else {
            return String(format: "animator paused (dynamicAnimatorDidPause) at %.2f s", animator.elapsedTime)
        }
        var moving: [(String, Double)] = []
        for item in world.items {
            let v = velocity(of: item)
            let speed = Double(hypot(v.x, v.y))
            if speed >= MotionAnalysis.restSpeed { moving.append((item.name ?? "item", speed)) }
        }
        moving.sort { $0.1 > $1.1 }
        var parts: [String] = []
        var never: String?
        if !animator.solverSettings.allowsSleeping {
            parts.append("sleeping is off (solver row)")
            never = "never pauses while sleeping is off"
        }
        if !moving.isEmpty {
            let top = moving.prefix(2).map { String(format: "%@ %.0f pt/s", $0.0, $0.1) }.joined(separator: ", ")
            parts.append("\(moving.count) above 1 pt/s (\(top))")
        }
        let pushes = world.allBehaviors.compactMap { $0 as? PushBehavior }
            .filter { $0.mode == .continuous && $0.active && $0.magnitude > 0 && !$0.items.isEmpty }
        if let p = pushes.first {
            let on = Self.itemNames(p.items)
            parts.append(
                "continuous push on \(on)" + (pushes.count > 1 ? " and \(pushes.count - 1) more" : ""))
            never = never ?? "no pause while a continuous push acts"
        }
        let fields = world.allBehaviors.compactMap { $0 as? FieldBehavior }
            .filter { !$0.items.isEmpty && $0.strength != 0 }
        if let f = fields.first {
            parts.append(
                "\(f.factoryName) on \(Self.itemNames(f.items))"
                    + (fields.count > 1 ? " and \(fields.count - 1) more" : "")
            )
        }
        if parts.isEmpty { parts.append("everything below 1 pt/s") }
        let prediction: String
        if let never {
            prediction = never
        } else if let t = readout.rest.predictedTimeToPause(now: animator.elapsedTime) {
            prediction = String(format: "pause in ~%.1f s", t)
        } else {
            prediction = "not slowing down yet"
        }
        return "running: " + parts.joined(separator: "; ") + " -> " + prediction
    }

    /// "box 3", "box 3 and box 4", "12 items".
    static func itemNames(_ items: [any DynamicItem]) -> String {
        let names = items.map { ($0 as? SandboxItem)?.name ?? "item" }
        switch names.count {
        case 1: return names[0]
        case 2: return "\(names[0]) and \(names[1])"
        default: return "\(names.count) items"
        }
    }
}
