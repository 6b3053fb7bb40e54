import Dynamics
import Foundation
import SandboxScenes

/// "Copy as Swift": how numbers, angles, points and offsets are written.
extension SandboxApp {
    /// Code for a number: 5 significant digits, written out without an exponent for 1e-4 ≤ |v| < 1e7 (1000, not
    /// 1e+03), trailing zeros dropped; `.infinity` spelled out.
    static func swiftNumber(_ v: CGFloat) -> String {
        if v.isInfinite { return v > 0 ? ".infinity" : "-.infinity" }
        let d = Double(v)
        guard d.isFinite, d != 0 else { return "0" }
        let magnitude = Int((log10(abs(d))).rounded(.down))
        guard (-4..<7).contains(magnitude) else { return String(format: "%.5g", d) }
        var s = String(format: "%.*f", max(0, 4 - magnitude), d)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// Code for an angle in radians: a multiple of π/4 as `.pi` arithmetic (`.pi / 2`, `-3 * .pi / 4`), anything
    /// else as `swiftNumber`.
    static func swiftAngle(_ v: CGFloat) -> String {
        let quarters = (Double(v) / (Double.pi / 4)).rounded()
        guard v.isFinite, abs(Double(v) - quarters * Double.pi / 4) < 1e-9 else { return swiftNumber(v) }
        let k = Int(quarters)
        if k == 0 { return "0" }
        let sign = k < 0 ? "-" : ""
        switch abs(k) {
        case 4: return sign + ".pi"
        case 2: return sign + ".pi / 2"
        case 1: return sign + ".pi / 4"
        case 8: return sign + "2 * .pi"
        case 6: return sign + "3 * .pi / 2"
        default: return sign + "\(abs(k)) * .pi / 4"
        }
    }

    /// `CGPoint(x: …, y: …)`.
    static func swiftPoint(_ p: CGPoint) -> String { "CGPoint(x: \(swiftNumber(p.x)), y: \(swiftNumber(p.y)))" }

    /// `UIOffset(horizontal: …, vertical: …)`.
    static func swiftOffset(_ o: Offset) -> String {
        "UIOffset(horizontal: \(swiftNumber(o.horizontal)), vertical: \(swiftNumber(o.vertical)))"
    }
}

extension SandboxApp {
    /// The scene's continuous pushes (the right-click's instantaneous push is the app's own).
    var scenePushes: [PushBehavior] {
        world.allBehaviors.compactMap { $0 as? PushBehavior }.filter { $0.mode == .continuous && $0 !== pushBehavior }
    }
}
