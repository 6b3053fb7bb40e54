import Foundation

/// One line of the tuning panel: a UIKit property with its unit and range, live.
@MainActor
public struct PanelRow {
    /// How the row is edited.
    public enum Kind: Sendable {
        /// A slider over `range` moving by `step` per key press (×10 with shift).
        case slider(range: ClosedRange<Double>, step: Double)
        /// An on/off switch (value 0 or 1).
        case toggle
    }

    /// The section it belongs to ("item", "gravity", …), shown as a heading.
    public let section: String
    /// UIKit's property name.
    public let name: String
    /// Unit, shown after the value ("" for ratios).
    public let unit: String
    /// How it is edited.
    public let kind: Kind
    /// Reads the live value.
    public let get: @MainActor () -> Double
    /// Writes a value (already clamped to the range), applied at once without restarting.
    public let set: @MainActor (Double) -> Void
    /// A derived value shown beside it ("mass 0.25", "1000 pt/s^2"), or nil.
    public let derived: @MainActor () -> String?

    /// A row.
    public init(
        section: String, name: String, unit: String = "", kind: Kind, get: @escaping @MainActor () -> Double,
        set: @escaping @MainActor (Double) -> Void, derived: @escaping @MainActor () -> String? = { nil }
    ) {
        self.section = section
        self.name = name
        self.unit = unit
        self.kind = kind
        self.get = get
        self.set = set
        self.derived = derived
    }

    /// The value as text, with its unit.
    public var valueText: String {
        switch kind {
        case .toggle: get() != 0 ? "true" : "false"
        case .slider: String(format: "%.3g", get()) + (unit.isEmpty ? "" : " " + unit)
        }
    }

    /// Where the value sits in its range, 0…1 (toggles: 0 or 1).
    public var fraction: Double {
        switch kind {
        case .toggle: return get() != 0 ? 1 : 0
        case .slider(let r, _):
            guard r.upperBound > r.lowerBound else { return 0 }
            return max(0, min(1, (get() - r.lowerBound) / (r.upperBound - r.lowerBound)))
        }
    }

    /// Moves the value by `steps` steps (toggles flip on any non-zero step).
    public func nudge(_ steps: Double) {
        switch kind {
        case .toggle: set(get() != 0 ? 0 : 1)
        case .slider(let r, let step):
            let v = (get() + steps * step)
            set(max(r.lowerBound, min(r.upperBound, (v / step).rounded() * step)))
        }
    }

    /// Sets the value at `fraction` (0…1) of the range (a click or drag on the slider), rounded to the step.
    public func setFraction(_ fraction: Double) {
        switch kind {
        case .toggle: set(fraction >= 0.5 ? 1 : 0)
        case .slider(let r, let step):
            let f = max(0, min(1, fraction.isFinite ? fraction : 0))
            let v = r.lowerBound + f * (r.upperBound - r.lowerBound)
            set(max(r.lowerBound, min(r.upperBound, (v / step).rounded() * step)))
        }
    }
}

/// The panel's geometry in points, shared by drawing and mouse hit-testing.
public enum PanelLayout {
    /// Panel width, pt.
    public static let width: Double = 300
    /// Row height, pt: two lines of the chrome's 14-pt text (name, value) and a gap.
    public static let rowHeight: Double = 30
    /// Height of a section heading, pt.
    public static let headingHeight: Double = 20
    /// Top of the first row, pt below the panel's top.
    public static let top: Double = 8
    /// The slider track's inset from the panel's left edge, pt, and its width.
    public static let trackX: Double = 150
    /// Width of the slider track, pt.
    public static let trackWidth: Double = 140

    /// Top y of each row (relative to the panel), with headings between sections.
    public static func rowTops(_ rows: [PanelRow]) -> [Double] {
        var y = top
        var section: String?
        var out: [Double] = []
        for r in rows {
            if r.section != section {
                y += headingHeight
                section = r.section
            }
            out.append(y)
            y += rowHeight
        }
        return out
    }

    /// Total height of the panel for `rows`, pt.
    public static func height(_ rows: [PanelRow]) -> Double {
        (rowTops(rows).last ?? top) + rowHeight + 8
    }
}
